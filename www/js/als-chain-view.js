//! A step's almost locked sets beside the board and on it — an ALS chain, ALS-XZ,
//! ALS-XY-wing or death blossom: the list of its sets, lettered A, B, C… (each with its
//! cells, and how it joins the next or the stem), which digit the step removes and why, and
//! the drawing over the board — each set's cells outlined in its own colour and line (solid,
//! dashed, dotted…) with its letter in their corner, a death blossom's stem outlined twice,
//! each restricted common digit as a badge on a line joining two sets (or the stem and a
//! petal; its places ringed when the marks show), set where it covers no digit, and each
//! removal ringed and struck. The same view serves Explain and a hint. The drawing is an
//! aria-hidden SVG in the board's frame: the list says everything in words. Text goes in
//! with textContent only.
//!
//! ```text
//! .als-chain (hidden when the step has no sets)
//! ├── h3.als-chain-title   how many sets
//! ├── ol.als-set-list      li.als-stem (a death blossom); li.als-set[data-set=k] > span.als-letter
//! │                        + text; li.als-link after each set it joins; li.als-removal last
//! └── p.als-chain-key      how the board draws the sets
//! .board-frame > svg.als-path (pointer-events: none)
//! ```

import { el, svgEl as svg } from "./dom.js";
import { badgeSpot, chainSummary, linkText, readAlsSets, removalText, setLetter, setText } from "./als-chain.js";
import { cellName } from "./geometry.js";
import { markSpot } from "./marks-layer.js";

/** The looks a set can take (colour and line style); a seventh set would reuse the first. */
const LOOKS = 6;
/** The radius of a set's letter and of a link's digit, in cells: big enough to read on a phone. */
const LETTER = 0.17;
const KEY = "On the board: each set outlined in its own colour and line, its letter on a corner of its cells; " +
  "the digit on a dashed line between two sets is the one they share; each candidate removed is ringed and struck.";
const BLOSSOM_KEY = "On the board: the stem outlined twice; each petal outlined in its own colour and line, its letter on a corner of its cells; " +
  "the digit on a dashed line from the stem to a petal is the stem's candidate every place of which in the petal sees the stem; " +
  "each candidate removed is ringed and struck.";

/** A letter or digit centred at (x, y) in a disc of radius r. */
function badge(cls, text, x, y, r) {
  const g = svg("g", { class: cls });
  g.append(svg("circle", { cx: x, cy: y, r, "vector-effect": "non-scaling-stroke" }));
  const t = svg("text", { x, y, "font-size": r * 1.35, "text-anchor": "middle", "dominant-baseline": "central" });
  t.textContent = text;
  g.append(t);
  return g;
}

export class AlsChainView {
  /** @param {import("./board.js").Board} board the board the chain is drawn on */
  constructor(board) {
    this.board = board;
    this.text = "";
    this.size = 0;
    this.chain = null;
    this.removed = [];
    this.title = el("h3", { className: "als-chain-title" });
    this.list = el("ol", { className: "als-set-list" });
    this.key = el("p", { className: "als-chain-key", textContent: KEY });
    this.element = el("div", { className: "als-chain", hidden: true, role: "group" }, this.title, this.list, this.key);
    this.path = svg("svg", { class: "als-path", "aria-hidden": "true" });
  }

  /**
   * Shows the ALS chain of `text` (the crate's text, or none) on a grid of `size`, with the
   * removals `removed` (`[{cell, digit}]`): the list, and the drawing.
   */
  show(text, size, removed = []) {
    this.removed = removed ?? [];
    if (text === this.text && size === this.size) {
      if (this.chain) {
        sayRemoval(this.list.lastElementChild, removalText(this.chain, this.removed, size));
        this.draw();
      }
      return;
    }
    this.text = text ?? "";
    this.size = size;
    this.chain = readAlsSets(this.text, size);
    this.element.hidden = !this.chain;
    if (!this.chain) {
      this.list.replaceChildren();
      this.path.replaceChildren();
      this.path.remove();
      return;
    }
    const chain = this.chain;
    const blossom = chain.stem >= 0;
    const summary = chainSummary(chain, size);
    this.title.textContent = summary;
    this.key.textContent = blossom ? BLOSSOM_KEY : KEY;
    this.element.setAttribute("aria-label", `The step's sets: ${summary}`);
    const items = [];
    if (blossom) items.push(el("li", { className: "als-stem", textContent: `Stem: ${cellName(chain.stem, size)}` }));
    chain.sets.forEach((_, k) => {
      const look = `als-look-${k % LOOKS}`;
      items.push(el("li", { className: `als-set ${look}`, dataset: { set: String(k) } },
        el("span", { className: "als-letter", textContent: setLetter(k), "aria-hidden": "true" }),
        el("span", { className: "als-cells", textContent: `${blossom ? "Petal" : "Set"} ${setText(chain, k, size)}` })));
      // After a set, the link that ends at it (the stem's to a petal) or starts from it.
      chain.links.forEach((link, j) => {
        if (blossom ? link.to === k : link.from === k) items.push(el("li", { className: "als-link", textContent: linkText(chain, j, size) }));
      });
    });
    items.push(sayRemoval(el("li", { className: "als-removal" }), removalText(chain, this.removed, size)));
    this.list.replaceChildren(...items);
    this.draw();
  }

  /** No chain: the list hidden, nothing drawn. */
  clear() {
    this.show("", this.size);
  }

  /** Draws the chain over the board (in its frame, rebuilt when the board is). */
  draw() {
    const frame = this.board.frame;
    const n = this.board.size;
    const chain = this.chain;
    if (!frame || !chain || n !== this.size) return;
    if (this.path.parentNode !== frame) {
      // Over the marks and lines, under the gaps' click targets (it takes no pointer).
      frame.insertBefore(this.path, frame.querySelector(":scope > .edges"));
    }
    this.path.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.path.dataset.sets = String(chain.sets.length);
    const roomy = Boolean(this.board.marks?.roomy);
    const marks = this.board.candidates;
    /** Where the marks show: whether `cell` holds `d` (when no marks show, any cell may). */
    const grid = {
      n,
      holds: (cell, d) => !marks || ((marks[cell] >>> 0) & (1 << (d - 1))) !== 0,
      spot: (cell, d) => {
        const s = markSpot(n, roomy, d);
        return { x: (cell % n) + s.x, y: Math.floor(cell / n) + s.y, r: s.w * 0.55 };
      },
    };
    const sets = chain.sets.map((cells, k) => setShapes(cells, k, n));
    const stem = chain.stem >= 0 ? stemShapes(chain.stem, n) : [];
    // What a link's digit must not cover: the digits and marks shown, the letters, the other digits.
    const obstacles = this.shownDigits(roomy);
    for (const s of sets) obstacles.push(...s.spots);
    const links = chain.links.flatMap((link, k) => link.digits.map((digit) =>
      linkShapes(link.from < 0 ? [chain.stem] : chain.sets[link.from], chain.sets[link.to], digit, k, grid, Boolean(marks), obstacles)));
    const removals = this.removed.filter((r) => r.cell >= 0 && r.cell < n * n && r.digit >= 1 && r.digit <= n)
      .map((r) => removalShape(grid.spot(r.cell, r.digit)));
    // Outlines under the rings and lines, the letters and digits over everything.
    this.path.replaceChildren(
      ...stem, ...sets.flatMap((s) => s.outlines), ...links.flatMap((l) => l.rings), ...links.flatMap((l) => l.line),
      ...removals, ...sets.flatMap((s) => s.labels), ...links.flatMap((l) => l.labels));
  }

  /**
   * Where the board shows something a badge must not cover, as discs `{x, y, r}` in cells: a
   * cell's digit (a given, a solver's or a player's) at its centre, each pencil mark at its spot
   * (a cell showing a digit shows no marks).
   */
  shownDigits(roomy) {
    const n = this.board.size;
    const marks = this.board.candidates;
    const spots = [];
    for (let cell = 0; cell < n * n; cell++) {
      const [x, y] = [cell % n, Math.floor(cell / n)];
      if (this.board.cells?.[cell]?.textContent) {
        spots.push({ x: x + 0.5, y: y + 0.5, r: 0.3 });
        continue;
      }
      // The marks shown, and those shown struck (a step's removals, in the removal's colour).
      const mask = (marks ? marks[cell] >>> 0 : 0) | (this.board.removedMarks?.get(cell) ?? 0);
      for (let d = 1; d <= n; d++) {
        if (!(mask & (1 << (d - 1)))) continue;
        const s = markSpot(n, roomy, d);
        spots.push({ x: x + s.x, y: y + s.y, r: s.w * 0.4 });
      }
    }
    return spots;
  }
}

/** The list's last item says `text`, what the step removes and why (hidden when it removes nothing). */
function sayRemoval(item, text) {
  item.textContent = text;
  item.hidden = !text;
  return item;
}

/** A death blossom's stem: its cell outlined twice. */
function stemShapes(cell, n) {
  const [x, y] = [cell % n, Math.floor(cell / n)];
  return [0.04, 0.14].map((inset) => svg("rect", {
    class: "als-stem-cell", x: x + inset, y: y + inset, width: 1 - 2 * inset, height: 1 - 2 * inset, rx: 0.1, "data-stem": "",
  }));
}

/** Set `k`'s cells outlined in its look, each with its letter on its top-left corner. */
function setShapes(cells, k, n) {
  const look = `als-look-${k % LOOKS}`;
  const outlines = [];
  const labels = [];
  const spots = [];
  for (const cell of cells) {
    const [x, y] = [cell % n, Math.floor(cell / n)];
    outlines.push(svg("rect", { class: `als-cell ${look}`, x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, rx: 0.1, "data-set": k }));
    // The corner covers no mark (marks keep clear of the corners); at the board's edge, just inside it.
    const spot = { x: Math.max(x, LETTER * 0.6), y: Math.max(y, LETTER * 0.6), r: LETTER };
    spots.push(spot);
    labels.push(badge(`als-label ${look}`, setLetter(k), spot.x, spot.y, LETTER));
  }
  return { outlines, labels, spots };
}

/**
 * Link `k` between sets `a` and `b` by `digit`: its places in both ringed (when the marks
 * show which cells hold it), the closest pair of them joined, the digit on the line where it
 * covers none of `obstacles` (which then holds it too).
 */
function linkShapes(a, b, digit, k, { n, holds, spot }, ringed, obstacles) {
  const rings = ringed
    ? [...a, ...b].filter((cell) => holds(cell, digit)).map((cell) => {
      const p = spot(cell, digit);
      return svg("circle", { class: "als-rcc", cx: p.x, cy: p.y, r: p.r, "vector-effect": "non-scaling-stroke" });
    })
    : [];
  const places = (set) => {
    const held = set.filter((c) => holds(c, digit));
    return held.length ? held : set;
  };
  let best = null;
  for (const ca of places(a)) {
    for (const cb of places(b)) {
      const [p, q] = [spot(ca, digit), spot(cb, digit)];
      const d = Math.hypot(p.x - q.x, p.y - q.y);
      if (!best || d < best.d) best = { p, q, d };
    }
  }
  const { p, q, d } = best;
  const [ux, uy] = d > 0 ? [(q.x - p.x) / d, (q.y - p.y) / d] : [0, 0];
  const line = svg("line", {
    class: "als-link-line", "data-link": k,
    x1: p.x + ux * p.r, y1: p.y + uy * p.r, x2: q.x - ux * q.r, y2: q.y - uy * q.r, "vector-effect": "non-scaling-stroke",
  });
  // Clear of the line's own ends (its digit's marks) as of every other digit shown.
  const at = badgeSpot(p, q, LETTER, obstacles, n);
  obstacles.push({ ...at, r: LETTER });
  return { rings, line: [line], labels: [badge("als-link-digit", String(digit), at.x, at.y, LETTER)] };
}

/** A removed candidate at `p` (its mark's spot): ringed and struck. */
function removalShape(p) {
  const g = svg("g", { class: "als-removed" });
  g.append(svg("circle", { cx: p.x, cy: p.y, r: p.r, "vector-effect": "non-scaling-stroke" }));
  g.append(svg("line", { x1: p.x - p.r * 0.7, y1: p.y + p.r * 0.7, x2: p.x + p.r * 0.7, y2: p.y - p.r * 0.7, "vector-effect": "non-scaling-stroke" }));
  return g;
}
