//! An ALS chain beside the board and on it: the list of its almost locked sets, lettered A, B,
//! C… (each with its cells, and how it joins the next), and the drawing over the board —
//! each set's cells outlined in its own colour and line (solid, dashed, dotted…) with its
//! letter in their corner, each restricted common digit as a badge on a line joining two
//! sets (its places ringed in both when the marks show), and each removal ringed and struck.
//! The same view serves Explain and a hint. The drawing is an aria-hidden SVG in the board's
//! frame: the list says everything in words. Text goes in with textContent only.
//!
//! ```text
//! .als-chain (hidden when the step is no ALS chain)
//! ├── h3.als-chain-title   how many sets
//! ├── ol.als-set-list      li.als-set[data-set=k] > span.als-letter + text; li.als-link between
//! └── p.als-chain-key      how the board draws the chain
//! .board-frame > svg.als-path (pointer-events: none)
//! ```

import { el, svgEl as svg } from "./dom.js";
import { chainSummary, linkText, readAlsChain, setLetter, setText } from "./als-chain.js";
import { markSpot } from "./marks-layer.js";

/** The looks a set can take (colour and line style); a seventh set would reuse the first. */
const LOOKS = 6;
/** The radius of a set's letter and of a link's digit, in cells: big enough to read on a phone. */
const LETTER = 0.17;
const KEY = "On the board: each set outlined in its own colour and line, its letter on a corner of its cells; " +
  "the digit on a dashed line between two sets is the one they share; each candidate removed is ringed and struck.";

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
      if (this.chain) this.draw();
      return;
    }
    this.text = text ?? "";
    this.size = size;
    this.chain = readAlsChain(this.text, size);
    this.element.hidden = !this.chain;
    if (!this.chain) {
      this.list.replaceChildren();
      this.path.replaceChildren();
      this.path.remove();
      return;
    }
    const chain = this.chain;
    const summary = chainSummary(chain);
    this.title.textContent = summary;
    this.element.setAttribute("aria-label", `The step's ${summary}`);
    const items = [];
    chain.sets.forEach((_, k) => {
      const look = `als-look-${k % LOOKS}`;
      items.push(el("li", { className: `als-set ${look}`, dataset: { set: String(k) } },
        el("span", { className: "als-letter", textContent: setLetter(k), "aria-hidden": "true" }),
        el("span", { className: "als-cells", textContent: `Set ${setText(chain, k, size)}` })));
      if (k < chain.links.length) items.push(el("li", { className: "als-link", textContent: linkText(chain, k) }));
    });
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
      holds: (cell, d) => !marks || ((marks[cell] >>> 0) & (1 << (d - 1))) !== 0,
      spot: (cell, d) => {
        const s = markSpot(n, roomy, d);
        return { x: (cell % n) + s.x, y: Math.floor(cell / n) + s.y, r: s.w * 0.55 };
      },
    };
    const sets = chain.sets.map((cells, k) => setShapes(cells, k, n));
    const links = chain.links.map((digit, k) => linkShapes(chain.sets[k], chain.sets[k + 1], digit, k, grid, Boolean(marks)));
    const removals = this.removed.filter((r) => r.cell >= 0 && r.cell < n * n && r.digit >= 1 && r.digit <= n)
      .map((r) => removalShape(grid.spot(r.cell, r.digit)));
    // Outlines under the rings and lines, the letters and digits over everything.
    this.path.replaceChildren(
      ...sets.flatMap((s) => s.outlines), ...links.flatMap((l) => l.rings), ...links.flatMap((l) => l.line),
      ...removals, ...sets.flatMap((s) => s.labels), ...links.flatMap((l) => l.labels));
  }
}

/** Set `k`'s cells outlined in its look, each with its letter on its top-left corner. */
function setShapes(cells, k, n) {
  const look = `als-look-${k % LOOKS}`;
  const outlines = [];
  const labels = [];
  for (const cell of cells) {
    const [x, y] = [cell % n, Math.floor(cell / n)];
    outlines.push(svg("rect", { class: `als-cell ${look}`, x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, rx: 0.1, "data-set": k }));
    // The corner covers no mark (marks keep clear of the corners); at the board's edge, just inside it.
    labels.push(badge(`als-label ${look}`, setLetter(k), Math.max(x, LETTER * 0.6), Math.max(y, LETTER * 0.6), LETTER));
  }
  return { outlines, labels };
}

/**
 * Link `k` between sets `a` and `b` by `digit`: its places in both ringed (when the marks
 * show which cells hold it), the closest pair of them joined, the digit at the middle.
 */
function linkShapes(a, b, digit, k, { holds, spot }, ringed) {
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
  return { rings, line: [line], labels: [badge("als-link-digit", String(digit), (p.x + q.x) / 2, (p.y + q.y) / 2, LETTER)] };
}

/** A removed candidate at `p` (its mark's spot): ringed and struck. */
function removalShape(p) {
  const g = svg("g", { class: "als-removed" });
  g.append(svg("circle", { cx: p.x, cy: p.y, r: p.r, "vector-effect": "non-scaling-stroke" }));
  g.append(svg("line", { x1: p.x - p.r * 0.7, y1: p.y + p.r * 0.7, x2: p.x + p.r * 0.7, y2: p.y - p.r * 0.7, "vector-effect": "non-scaling-stroke" }));
  return g;
}
