//! The grid view: cells, pencil marks, block lines, relation chevrons and markers (Kropki dots,
//! X, V), drawn as HTML over an SVG of lines.
//!
//! ```text
//! .board-frame (position: relative, square, --n: N)
//! ├── .cells  role=grid  ── .row role=row ── [data-cell] role=gridcell
//! ├── canvas.marks-layer (pencil marks; no pointer events)
//! ├── svg.lines          (thin cell lines, thick block lines; no pointer events)
//! └── .edges             ── [data-edge][data-rel]  one per pair of orthogonal neighbours
//! ```
//! The `data-cell` element's text is exactly the digit shown, and its aria-label names the
//! candidates. Pencil marks are drawn on one canvas (marks-layer.js), cell by cell as they
//! change; a click on a candidate is found by position. The view keeps no puzzle logic: it
//! draws what it is told.

import {
  blockShape, cellName, allEdges, edgeCells, isVerticalEdge, hasBlocks, gapOf, markerName,
} from "./model.js";
import { chevron, drawGap } from "./gap-view.js";
import { MarksLayer } from "./marks-layer.js";

const SVG = "http://www.w3.org/2000/svg";
const TONES = ["place", "eliminate", "guess", "backtrack", "contradiction", "solution", "info"];

function popcount(mask) {
  let n = 0;
  for (let m = mask >>> 0; m; m &= m - 1) n++;
  return n;
}

function singleDigit(mask) {
  return 32 - Math.clz32(mask >>> 0);
}

export class Board {
  /**
   * @param {HTMLElement} root the container (its content is replaced)
   * @param {{onCellActivate?: (index: number) => void, onEdgeActivate?: (key: string) => void,
   *          onCandidateActivate?: (index: number, digit: number) => void}} handlers
   * @param {{signal?: AbortSignal, sparseEdges?: boolean}} options the board's observers and
   *   listeners end when `signal` aborts; with `sparseEdges` (a board nobody edits) a gap gets
   *   its chevron's drawing only once it has a relation (a 9×9 has 144 gaps: 2.7 MB of SVG)
   */
  constructor(root, handlers = {}, { signal, sparseEdges = false } = {}) {
    this.root = root;
    this.handlers = handlers;
    this.signal = signal;
    this.sparseEdges = sparseEdges;
    this.model = null;
    this.size = 0;
    this.geometry = "";
    this.cells = [];
    this.edges = new Map();
    this.solverDigits = null;
    this.candidates = null;
    /** The pencil marks, on a canvas of their own. */
    this.marks = new MarksLayer(signal);
    this.errorCells = new Set();
    /** Play's live marks: the cells that clash and the gaps whose sign is broken. */
    this.clashCells = new Set();
    this.brokenEdges = new Set();
    this.highlighted = [];
    /** Cell → the digits (a mask) marked as just removed, in the removal's colour. */
    this.removedMarks = new Map();
    /** Play mode: the digits shown are the player's entries, and marks are the player's (one
     * mark stays a mark, none is an empty cell). */
    this.playing = false;
    this._selected = -1;
    this.root.classList.add("board");
    this.root.addEventListener("click", (event) => this.onClick(event));
  }

  /** The selected cell index, -1 when none. */
  get selected() {
    return this._selected;
  }

  /** The `data-cell` element of a cell index. */
  cellElement(index) {
    return this.cells[index] ?? null;
  }

  /** The `data-edge` element of an edge key. */
  edgeElement(key) {
    return this.edges.get(key) ?? null;
  }

  onClick(event) {
    // A pencil mark first: on big boards marks reach under the gaps' click targets, and a
    // click meant for a mark must not change a relation (and so the puzzle).
    if (this.handlers.onCandidateActivate && this.candidates && this.layer && this.root.contains(event.target)) {
      const index = this.cellAtPoint(event.clientX, event.clientY);
      const digit = index >= 0 ? this.markAt(index, event.clientX, event.clientY) : 0;
      if (digit) {
        // Others listening on the board (the explain module) know this click is taken.
        event.candidate = { index, digit };
        this.handlers.onCandidateActivate(index, digit);
        return;
      }
    }
    const edge = event.target.closest("[data-edge]");
    if (edge && this.root.contains(edge)) {
      this.handlers.onEdgeActivate?.(edge.dataset.edge);
      return;
    }
    const cell = event.target.closest("[data-cell]");
    if (cell && this.root.contains(cell)) this.handlers.onCellActivate?.(this.indexOf(cell.dataset.cell));
  }

  /** The cell under a client point (by the board's geometry, whatever element is on top), or -1. */
  cellAtPoint(clientX, clientY) {
    const rect = this.layer.getBoundingClientRect();
    const n = this.size;
    const c = Math.floor(((clientX - rect.left) / Math.max(1, rect.width)) * n);
    const r = Math.floor(((clientY - rect.top) / Math.max(1, rect.height)) * n);
    return r >= 0 && c >= 0 && r < n && c < n ? r * n + c : -1;
  }

  indexOf(name) {
    const m = /^r(\d+)c(\d+)$/.exec(name);
    return m ? (Number(m[1]) - 1) * this.size + Number(m[2]) - 1 : -1;
  }

  /** Draws `model`: rebuilds the grid when the geometry changes, else updates it in place. */
  render(model) {
    const geometry = `${model.size}/${hasBlocks(model) ? "blocks" : "latin"}`;
    if (geometry !== this.geometry) {
      this.build(model);
      this.geometry = geometry;
    }
    this.model = model;
    this.root.dataset.kind = model.kind;
    // Signs and markers sit on the cells' edges: pencil marks keep clear of them. The marks
    // are painted again at their new size when that changes (a first dot on a classic grid).
    const roomy = model.kind !== "classic" || (model.markers?.size ?? 0) > 0;
    this.marks.setRoomy(roomy);
    for (const [key, element] of this.edges) {
      const rel = gapOf(model, key);
      if (element.dataset.rel !== rel) this.drawRelation(element, key, rel);
    }
    this.relationText = this.describeRelations(model);
    for (let i = 0; i < this.cells.length; i++) this.refreshCell(i);
    this.markPeers();
  }

  /**
   * Per cell, its relations and markers in words ("r1c1 < r1c2; white dot between r1c1 and
   * r2c1"), for screen readers.
   */
  describeRelations(model) {
    const text = new Map();
    const add = (key, words) => {
      for (const name of key.split("-")) text.set(name, text.has(name) ? `${text.get(name)}; ${words}` : words);
    };
    for (const [key, rel] of model.relations) add(key, key.split("-").join(` ${rel} `));
    for (const [key, token] of model.markers ?? []) add(key, `${markerName(token)} between ${key.split("-").join(" and ")}`);
    return text;
  }

  build(model) {
    const n = model.size;
    this.size = n;
    this.solverDigits = null;
    this.candidates = null;
    this.errorCells.clear();
    this.clashCells.clear();
    this.brokenEdges.clear();
    this.highlighted = [];
    this.removedMarks = new Map();
    this.cells = [];
    this.edges = new Map();
    const shape = hasBlocks(model) ? blockShape(n) : null;
    this.shape = shape;

    const frame = document.createElement("div");
    frame.className = "board-frame";
    frame.style.setProperty("--n", String(n));
    frame.style.setProperty("--mark-cols", String(Math.ceil(Math.sqrt(n))));
    frame.dataset.size = String(n);
    frame.classList.toggle("big", n > 9);
    frame.classList.toggle("huge", n > 16);

    const grid = document.createElement("div");
    grid.className = "cells";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", `Puzzle grid, ${n} by ${n}`);
    grid.setAttribute("aria-rowcount", String(n));
    grid.setAttribute("aria-colcount", String(n));
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", String(r + 1));
      for (let c = 0; c < n; c++) {
        const index = r * n + c;
        const name = cellName(index, n);
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.dataset.cell = name;
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", String(c + 1));
        cell.tabIndex = -1;
        cell.style.gridColumn = String(c + 1);
        if (shape) {
          const [br, bc] = shape;
          if ((c + 1) % bc === 0 && c < n - 1) cell.classList.add("block-right");
          if ((r + 1) % br === 0 && r < n - 1) cell.classList.add("block-bottom");
          if ((Math.floor(r / br) + Math.floor(c / bc)) % 2 === 1) cell.classList.add("block-alt");
        }
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }

    const lines = document.createElementNS(SVG, "svg");
    lines.classList.add("lines");
    lines.setAttribute("viewBox", `0 0 ${n} ${n}`);
    lines.setAttribute("preserveAspectRatio", "none");
    lines.setAttribute("aria-hidden", "true");
    const line = (x1, y1, x2, y2, cls) => {
      const l = document.createElementNS(SVG, "line");
      l.setAttribute("x1", x1);
      l.setAttribute("y1", y1);
      l.setAttribute("x2", x2);
      l.setAttribute("y2", y2);
      l.setAttribute("class", cls);
      l.setAttribute("vector-effect", "non-scaling-stroke");
      lines.append(l);
    };
    for (let i = 1; i < n; i++) {
      const thickRow = shape && i % shape[0] === 0;
      const thickCol = shape && i % shape[1] === 0;
      line(0, i, n, i, thickRow ? "thick" : "thin");
      line(i, 0, i, n, thickCol ? "thick" : "thin");
    }
    const frameRect = document.createElementNS(SVG, "rect");
    frameRect.setAttribute("x", "0");
    frameRect.setAttribute("y", "0");
    frameRect.setAttribute("width", String(n));
    frameRect.setAttribute("height", String(n));
    frameRect.setAttribute("class", "outline");
    frameRect.setAttribute("vector-effect", "non-scaling-stroke");
    lines.append(frameRect);

    const edges = document.createElement("div");
    edges.className = "edges";
    for (const key of allEdges(n)) {
      const [a] = edgeCells(key, n);
      const vertical = isVerticalEdge(key, n);
      const r = Math.floor(a / n);
      const c = a % n;
      const edge = document.createElement("div");
      edge.className = vertical ? "edge vertical" : "edge horizontal";
      edge.dataset.edge = key;
      edge.dataset.rel = "";
      edge.setAttribute("role", "button");
      const x = vertical ? c + 0.5 : c + 1;
      const y = vertical ? r + 1 : r + 0.5;
      edge.style.left = `${(x / n) * 100}%`;
      edge.style.top = `${(y / n) * 100}%`;
      if (!this.sparseEdges) edge.append(chevron());
      this.edges.set(key, edge);
      this.drawRelation(edge, key, "");
      edges.append(edge);
    }

    const layer = this.marks.attach(frame, n);
    frame.append(grid, layer, lines, edges);
    this.root.replaceChildren(frame);
    this.frame = frame;
    this.grid = grid;
    this.layer = layer;
    if (this._selected >= n * n) this._selected = -1;
    this.select(this._selected < 0 ? 0 : this._selected);
  }

  /** Draws what gap `key` shows: a sign ("<", ">"), a marker's token, or nothing (""). */
  drawRelation(element, key, rel) {
    drawGap(element, key, rel, this.size);
  }

  /** The digit, its source and pencil marks of one cell, drawn from the model and overlays. */
  refreshCell(index) {
    const cell = this.cells[index];
    if (!cell || !this.model) return;
    const given = this.model.givens[index] || 0;
    let digit = given;
    let source = given ? "given" : "";
    let marks = 0;
    let dead = false;
    if (!given) {
      const solved = this.solverDigits?.[index] || 0;
      if (solved) {
        digit = solved;
        source = this.playing ? "entry" : "solver";
      } else if (this.candidates && this.playing) {
        marks = this.candidates[index] >>> 0;
      } else if (this.candidates) {
        const mask = this.candidates[index] >>> 0;
        // One candidate left reads as the cell's digit — except in the cell whose removal is
        // being shown: there the last candidate stays a mark beside the one just removed.
        if (popcount(mask) === 1 && !this.removedMarks.has(index)) {
          digit = singleDigit(mask);
          source = "solver";
        } else if (mask === 0) {
          dead = true;
        } else {
          marks = mask;
        }
      }
    }
    const text = digit ? String(digit) : "";
    if (cell.textContent !== text) cell.textContent = text;
    cell.classList.toggle("given", source === "given");
    cell.classList.toggle("solver", source === "solver");
    cell.classList.toggle("entry", source === "entry");
    cell.classList.toggle("dead", dead);
    this.marks.draw(index, marks, this.removedMarks.get(index) ?? 0);
    cell.setAttribute("aria-label", this.label(index, digit, source, marks, dead));
    const relations = this.relationText?.get(cell.dataset.cell);
    if (relations) cell.setAttribute("aria-description", relations);
    else cell.removeAttribute("aria-description");
  }

  label(index, digit, source, marks, dead) {
    const name = cellName(index, this.size);
    if (source === "given") return `${name}, given ${digit}`;
    if (digit) return `${name}, ${digit}`;
    if (dead) return `${name}, no candidate left`;
    if (marks) {
      const list = [];
      for (let d = 1; d <= this.size; d++) if (marks & (1 << (d - 1))) list.push(d);
      return `${name}, ${this.playing ? "pencil marks" : "candidates"} ${list.join(" ")}`;
    }
    return `${name}, empty`;
  }

  /**
   * With `true`, removed candidates stay drawn, greyed, beside the live ones (the explain
   * module sets it when every elimination is recorded, so each can be asked about).
   */
  setShowGone(show) {
    if (this.marks.setShowGone(show)) this.frame?.classList.toggle("with-gone", this.marks.showGone);
  }

  /** The candidate digit drawn at a client point of cell `index`, or 0. */
  markAt(index, clientX, clientY) {
    return this.marks.at(index, clientX, clientY);
  }

  /** How digit `d` is drawn in cell `index`: "live", "gone", "removed" or "" (a test hook). */
  markState(index, d) {
    return this.marks.state(index, d);
  }

  /** The colours and font the marks are drawn in (a test hook: are greyed marks readable?). */
  get markStyle() {
    return this.marks.markStyle;
  }

  /** The size of a mark's digits in CSS pixels (for tests: is a big board's pencil readable?). */
  markFontPx() {
    return this.marks.fontPx();
  }

  /** The client point of digit `d`'s mark in cell `index` (for tests and tooltips). */
  markPoint(index, d) {
    return this.marks.point(index, d);
  }

  /** Drops solver digits, pencil marks and highlights (the puzzle changed); the next render redraws. */
  resetOverlays() {
    this.clearHighlight();
    this.solverDigits = null;
    this.candidates = null;
    this.frame?.classList.remove("with-marks");
  }

  /** Draws N² digits (0 = none) as solver digits; givens are never overwritten. `null` clears. */
  showDigits(values) {
    const previous = this.solverDigits;
    this.solverDigits = values ? Array.from(values, Number) : null;
    // Only the cells whose digit changed are redrawn: a 25×25 board played at full speed
    // would otherwise rewrite 625 cells (and their labels) at every frame.
    for (let i = 0; i < this.cells.length; i++) {
      if (previous && this.solverDigits && previous[i] === this.solverDigits[i]) continue;
      this.refreshCell(i);
    }
  }

  /** Draws N² candidate bitmasks (bit d-1 = digit d) as pencil marks; `null` hides them. */
  showCandidates(grid) {
    const previous = this.candidates;
    this.candidates = grid ? Uint32Array.from(grid) : null;
    for (let i = 0; i < this.cells.length; i++) {
      if (previous && this.candidates && previous[i] === this.candidates[i]) continue;
      this.refreshCell(i);
    }
    this.frame?.classList.toggle("with-marks", this.candidates !== null);
    this.frame?.classList.toggle("with-gone", this.marks.showGone);
    this.frame?.classList.toggle("marks-clickable", Boolean(this.handlers.onCandidateActivate));
  }

  /**
   * Highlights the cells, houses (rows 0..n-1, columns n..2n-1, blocks 2n..3n-1) and
   * relations behind an event; `fins`, cells of a fish's pattern (indices or names), are
   * drawn apart from its other places (hatched, a corner tag).
   */
  highlight({ cells = [], houses = [], relations = [], removed = null, targets = [], placed = [], fins = [], tone = "info" } = {}) {
    this.clearHighlight();
    const n = this.size;
    const tint = TONES.includes(tone) ? tone : "info";
    const mark = (element, cls) => {
      if (!element) return;
      element.classList.add(cls);
      element.dataset.tone = tint;
      this.highlighted.push([element, cls]);
    };
    for (const house of houses) {
      for (const index of this.houseCells(house)) mark(this.cells[index], "in-house");
    }
    for (const cell of cells) {
      const index = typeof cell === "number" ? cell : this.indexOf(cell);
      mark(this.cells[index], "focus-cell");
    }
    for (const key of relations) mark(this.edges.get(key), "focus-edge");
    const indexOf = (cell) => (typeof cell === "number" ? cell : this.indexOf(cell));
    for (const cell of fins) mark(this.cells[indexOf(cell)], "fin-cell");
    // The cells that lose candidates: outlined apart from the cells of the reason.
    for (const cell of targets) {
      const index = indexOf(cell);
      if (index >= 0 && index < n * n) mark(this.cells[index], "target-cell");
    }
    // One removal `{cell, digit}` (an event) or many (a step).
    const list = Array.isArray(removed) ? removed : removed ? [removed] : [];
    for (const r of list) {
      const index = indexOf(r.cell);
      if (!(index >= 0 && index < n * n) || !(r.digit >= 1 && r.digit <= n)) continue;
      this.removedMarks.set(index, (this.removedMarks.get(index) ?? 0) | (1 << (r.digit - 1)));
      if (!targets.length) mark(this.cells[index], "focus-cell");
    }
    // The cells a step places (`{cell, digit}`): their own role, green and a solid ring.
    for (const p of placed) {
      const index = indexOf(p.cell);
      const cell = this.cells[index];
      if (!cell) continue;
      cell.classList.add("placed-cell");
      cell.dataset.tone = "place";
      this.highlighted.push([cell, "placed-cell"]);
    }
    for (const index of this.removedMarks.keys()) this.refreshCell(index);
    if (this.pannable) this.follow();
  }

  /**
   * A board larger than its box (Zoom board on a narrow screen: the root scrolls) can be
   * panned by hand; `setPannable(true)` also makes each highlight bring its cells into view.
   */
  setPannable(on) {
    this.pannable = Boolean(on);
    if (this.pannable) requestAnimationFrame(() => this.follow());
  }

  /**
   * Scrolls the root so the highlighted cells (the pattern and placements; else the targets;
   * else the houses) are in view, centred on them, when they are not already: geometry
   * from the frame's size, read only while the board is pannable.
   */
  follow() {
    const root = this.root;
    const n = this.size;
    if (!root || !n || !this.frame) return;
    const view = { w: root.clientWidth, h: root.clientHeight };
    if (root.scrollWidth <= view.w + 1 && root.scrollHeight <= view.h + 1) return;
    // The reason first (the pattern, the cells placed), else the cells that lose candidates,
    // else the houses: what the sentence names first.
    const of = (...classes) => this.highlighted.filter(([, cls]) => classes.includes(cls)).map(([e]) => e);
    let cells = of("focus-cell", "placed-cell");
    if (!cells.length) cells = of("target-cell");
    if (!cells.length) cells = of("in-house");
    let [r0, c0, r1, c1] = [n, n, -1, -1];
    for (const element of cells) {
      const i = this.indexOf(element.dataset.cell);
      if (i < 0) continue;
      const r = Math.floor(i / n);
      const c = i % n;
      [r0, c0, r1, c1] = [Math.min(r0, r), Math.min(c0, c), Math.max(r1, r), Math.max(c1, c)];
    }
    if (r1 < 0) return;
    // The frame's own width (the layer's observed size lags a zoom by a frame).
    const cell = this.frame.clientWidth / n;
    const box = { x0: c0 * cell, y0: r0 * cell, x1: (c1 + 1) * cell, y1: (r1 + 1) * cell };
    const axis = (lo, hi, scroll, span) => {
      if (lo >= scroll && hi <= scroll + span) return scroll;
      // Too big to fit: its start in view; else centred.
      return hi - lo > span ? lo : (lo + hi - span) / 2;
    };
    const left = axis(box.x0, box.x1, root.scrollLeft, view.w);
    const top = axis(box.y0, box.y1, root.scrollTop, view.h);
    if (left !== root.scrollLeft || top !== root.scrollTop) root.scrollTo({ left, top, behavior: "instant" });
  }

  /**
   * The roles the board draws now, by the role legend's names ("pattern", "fin", "target",
   * "removed", "placed", "guess"): what a legend of the roles in use lists.
   */
  rolesShown() {
    const roles = new Set();
    const placed = new Set(this.highlighted.filter(([, cls]) => cls === "placed-cell").map(([e]) => e));
    for (const [element, cls] of this.highlighted) {
      if (cls === "fin-cell") roles.add("fin");
      else if (cls === "target-cell") roles.add("target");
      else if (cls === "placed-cell") roles.add("placed");
      // A placed cell's own ring is the placement's, not a pattern's.
      else if (cls === "focus-cell" && !placed.has(element)) roles.add(element.dataset.tone === "guess" ? "guess" : "pattern");
    }
    if (this.removedMarks.size) roles.add("removed");
    return roles;
  }

  clearHighlight() {
    for (const [element, cls] of this.highlighted) {
      element.classList.remove(cls);
      delete element.dataset.tone;
    }
    this.highlighted = [];
    const marked = [...this.removedMarks.keys()];
    this.removedMarks.clear();
    for (const cell of marked) {
      this.marks.forget(cell);
      this.refreshCell(cell);
    }
  }

  /** The cell indices of a house number. */
  houseCells(house) {
    const n = this.size;
    const out = [];
    if (house < n) {
      for (let c = 0; c < n; c++) out.push(house * n + c);
    } else if (house < 2 * n) {
      for (let r = 0; r < n; r++) out.push(r * n + (house - n));
    } else if (house < 3 * n && this.shape) {
      const [br, bc] = this.shape;
      const b = house - 2 * n;
      const perRow = n / bc;
      const r0 = Math.floor(b / perRow) * br;
      const c0 = (b % perRow) * bc;
      for (let r = r0; r < r0 + br; r++) for (let c = c0; c < c0 + bc; c++) out.push(r * n + c);
    }
    return out;
  }

  /** Marks validation errors on the named cells. */
  markErrors(cellNames) {
    this.clearErrors();
    for (const name of cellNames) {
      const index = this.indexOf(name);
      const cell = this.cells[index];
      if (!cell) continue;
      cell.classList.add("error");
      cell.setAttribute("aria-invalid", "true");
      this.errorCells.add(index);
    }
  }

  /**
   * Marks what breaks a rule as the player types (Play): `cells`, indices of cells whose
   * digit another in a house or across a sign contradicts, and `edges`, keys of the gaps whose
   * sign the two digits break. A wavy underline and a dashed sign, not only a colour.
   */
  markClashes(cells = [], edges = []) {
    const wantCells = new Set(cells);
    const wantEdges = new Set(edges);
    for (const index of this.clashCells) {
      if (wantCells.has(index)) continue;
      this.cells[index]?.classList.remove("clash");
      if (!this.errorCells.has(index)) this.cells[index]?.removeAttribute("aria-invalid");
    }
    for (const index of wantCells) {
      const cell = this.cells[index];
      if (!cell) continue;
      cell.classList.add("clash");
      cell.setAttribute("aria-invalid", "true");
    }
    for (const key of this.brokenEdges) if (!wantEdges.has(key)) this.edges.get(key)?.classList.remove("broken");
    for (const key of wantEdges) this.edges.get(key)?.classList.add("broken");
    this.clashCells = new Set([...wantCells].filter((i) => this.cells[i]));
    this.brokenEdges = new Set([...wantEdges].filter((k) => this.edges.has(k)));
  }

  clearErrors() {
    for (const index of this.errorCells) {
      this.cells[index]?.classList.remove("error");
      if (!this.clashCells.has(index)) this.cells[index]?.removeAttribute("aria-invalid");
    }
    this.errorCells.clear();
  }

  /** Selects a cell (roving tabindex); `focus` moves keyboard focus to it too. */
  select(index, focus = false) {
    const n = this.size;
    if (index < 0 || index >= n * n) return;
    const previous = this.cells[this._selected];
    if (previous) {
      previous.classList.remove("selected");
      previous.tabIndex = -1;
      previous.removeAttribute("aria-selected");
    }
    this._selected = index;
    const cell = this.cells[index];
    cell.classList.add("selected");
    cell.tabIndex = 0;
    cell.setAttribute("aria-selected", "true");
    if (focus) cell.focus({ preventScroll: true });
    this.markPeers();
  }

  /** Tints the row, column and block of the selection, and the cells with its digit. */
  markPeers() {
    const n = this.size;
    const index = this._selected;
    const r = Math.floor(index / n);
    const c = index % n;
    const digit = Number(this.cells[index]?.textContent || 0);
    const block = (i) => {
      if (!this.shape) return -1;
      const [br, bc] = this.shape;
      return Math.floor(Math.floor(i / n) / br) * (n / bc) + Math.floor((i % n) / bc);
    };
    const b = block(index);
    for (let i = 0; i < this.cells.length; i++) {
      const peer = i !== index && (Math.floor(i / n) === r || i % n === c || (b >= 0 && block(i) === b));
      this.cells[i].classList.toggle("peer", peer);
      this.cells[i].classList.toggle("same-digit", digit > 0 && i !== index && Number(this.cells[i].textContent) === digit);
    }
  }

  /** True when keyboard focus is inside the grid. */
  hasFocus() {
    return this.grid?.contains(this.root.getRootNode().activeElement) ?? false;
  }
}
