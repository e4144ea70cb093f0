//! A forcing chain's branches beside the board, one at a time on it: the list of branches
//! (each a button, its facts in words; the pressed one is drawn), and the drawing of that
//! branch over the board — its cells outlined, the supposition's twice, each fact at its
//! digit's mark (filled: the digit is in the cell; struck: it is not), joined in the order
//! derived, the last ringed. The same view serves Explain and a hint. The drawing is an
//! aria-hidden SVG in the board's frame: the list says everything in words. Text goes in
//! with textContent only.
//!
//! ```text
//! .branches (hidden when the step has no branches)
//! ├── h3.branches-title   what the branches show together
//! ├── ol.branch-list      li > button[data-branch=k][aria-pressed]  ←/→ ↑/↓ Home End move
//! └── p.branches-key      how the board draws a branch
//! .board-frame > svg.branch-path (pointer-events: none)
//! ```

import { el, svgEl as svg } from "./dom.js";
import { branchCells, branchText, branchesSummary, contradicts, isChain, readBranches } from "./branches.js";
import { markSpot } from "./marks-layer.js";

const KEY = "On the board: the supposition's cell outlined twice; a filled digit is in its cell, a struck one is not; the last fact ringed.";
/** How the facts are joined: in order along a chain; a net's are not (see `isChain`). */
const JOINED = " Arrows join each fact to the next, which it forces.";
const NET = " Its facts may each rest on several before them: the list gives their order.";

export class BranchView {
  /** @param {import("./board.js").Board} board the board the chosen branch is drawn on */
  constructor(board) {
    this.board = board;
    this.texts = [];
    this.branches = [];
    this.size = 0;
    this.chosen = 0;
    this.title = el("h3", { className: "branches-title" });
    this.list = el("ol", { className: "branch-list" });
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest?.("button[data-branch]");
      if (button) this.choose(Number(button.dataset.branch));
    });
    this.list.addEventListener("keydown", (event) => this.onKey(event));
    this.key = el("p", { className: "branches-key" });
    this.element = el("div", { className: "branches", hidden: true, role: "group" }, this.title, this.list, this.key);
    this.path = svg("svg", { class: "branch-path", "aria-hidden": "true" });
  }

  /**
   * Shows the branches of `texts` (the crate's text of each, or none) on a grid of `size`:
   * the list, and the first branch drawn. The same branches again keep the one chosen.
   */
  show(texts, size) {
    const list = texts ?? [];
    if (size === this.size && list.length === this.texts.length && list.every((t, k) => t === this.texts[k])) {
      if (this.branches.length) this.draw();
      return;
    }
    this.texts = [...list];
    this.size = size;
    this.branches = readBranches(list, size);
    this.chosen = 0;
    this.element.hidden = this.branches.length === 0;
    if (!this.branches.length) {
      this.list.replaceChildren();
      this.path.replaceChildren();
      this.path.remove();
      return;
    }
    const summary = branchesSummary(this.branches, size);
    this.title.textContent = summary;
    this.element.setAttribute("aria-label", `Branches of the step: ${summary}`);
    this.list.replaceChildren(...this.branches.map((branch, k) => {
      const button = el("button", { type: "button", className: "branch" },
        el("span", { className: "branch-name", textContent: `Branch ${k + 1}` }),
        el("span", { className: "branch-facts", textContent: branchText(branch, size) }));
      button.dataset.branch = String(k);
      return el("li", {}, button);
    }));
    this.choose(0, false);
  }

  /** No branches: the list hidden, nothing drawn. */
  clear() {
    this.show([], this.size);
  }

  /** Draws branch `k` and marks its button pressed (`focus`: and moves the focus to it). */
  choose(k, focus = false) {
    if (!this.branches.length) return;
    this.chosen = Math.max(0, Math.min(this.branches.length - 1, k));
    const buttons = this.list.querySelectorAll("button[data-branch]");
    buttons.forEach((b, j) => b.setAttribute("aria-pressed", String(j === this.chosen)));
    if (focus) buttons[this.chosen]?.focus();
    this.draw();
  }

  /** Arrow keys, Home and End move between the branches, drawing each. */
  onKey(event) {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    const to = step ? this.chosen + step : event.key === "Home" ? 0 : event.key === "End" ? this.branches.length - 1 : null;
    if (to === null || !event.target.closest?.("button[data-branch]")) return;
    event.preventDefault();
    this.choose(to, true);
  }

  /** Draws the chosen branch over the board (in its frame, rebuilt when the board is). */
  draw() {
    const frame = this.board.frame;
    const n = this.board.size;
    const branch = this.branches[this.chosen];
    if (!frame || !branch || n !== this.size) return;
    if (this.path.parentNode !== frame) {
      // Over the marks and lines, under the gaps' click targets (it takes no pointer).
      const edges = frame.querySelector(":scope > .edges");
      frame.insertBefore(this.path, edges);
    }
    this.path.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.path.dataset.branch = String(this.chosen);
    const roomy = Boolean(this.board.marks?.roomy);
    const at = ({ cell, digit }) => {
      const spot = markSpot(n, roomy, digit);
      return { x: (cell % n) + spot.x, y: Math.floor(cell / n) + spot.y, r: spot.w * 0.6 };
    };
    const parts = [];
    for (const [j, cell] of branchCells(branch).entries()) {
      const inset = j === 0 ? 0.05 : 0.08;
      parts.push(svg("rect", {
        class: j === 0 ? "branch-cell branch-start" : "branch-cell",
        x: (cell % n) + inset, y: Math.floor(cell / n) + inset, width: 1 - 2 * inset, height: 1 - 2 * inset, rx: 0.08,
      }));
      if (j === 0) {
        parts.push(svg("rect", { class: "branch-cell branch-start", x: (cell % n) + 0.14, y: Math.floor(cell / n) + 0.14, width: 0.72, height: 0.72, rx: 0.06 }));
      }
    }
    // A chain is joined fact to fact; a net's facts are drawn unjoined (its arrows would lie).
    const chain = isChain(branch, n, this.board.shape ?? null);
    this.key.textContent = KEY + (branch.length < 2 ? "" : chain ? JOINED : NET);
    this.path.dataset.joined = String(chain);
    if (chain) for (let k = 1; k < branch.length; k++) parts.push(...this.link(at(branch[k - 1]), at(branch[k]), branch[k].on));
    branch.forEach((fact, k) => parts.push(this.node(fact, at(fact), {
      first: k === 0, last: k === branch.length - 1, clash: k > 0 && contradicts(branch, k),
    })));
    this.path.replaceChildren(...parts);
  }

  /** The arrow from fact `a` to fact `b` (points in grid units): solid into a fact that is, dashed into one that is not. */
  link(a, b, on) {
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const length = Math.hypot(dx, dy);
    if (length < a.r + b.r + 0.02) return [];
    const [ux, uy] = [dx / length, dy / length];
    const start = { x: a.x + ux * a.r, y: a.y + uy * a.r };
    const end = { x: b.x - ux * b.r, y: b.y - uy * b.r };
    const head = Math.min(0.16, b.r * 1.1);
    const back = { x: end.x - ux * head, y: end.y - uy * head };
    const side = { x: -uy * head * 0.5, y: ux * head * 0.5 };
    return [
      svg("line", { class: on ? "branch-link" : "branch-link off", x1: start.x, y1: start.y, x2: back.x, y2: back.y, "vector-effect": "non-scaling-stroke" }),
      svg("polygon", { class: "branch-head", points: `${end.x},${end.y} ${back.x + side.x},${back.y + side.y} ${back.x - side.x},${back.y - side.y}` }),
    ];
  }

  /** One fact at its digit's place: a filled disc (the digit is there) or a struck one (it is not). */
  node(fact, { x, y, r }, { first, last, clash }) {
    const g = svg("g", { class: `branch-node ${fact.on ? "on" : "off"}${clash ? " clash" : ""}` });
    if (first || last) g.append(svg("circle", { class: first ? "branch-ring first" : "branch-ring", cx: x, cy: y, r: r * 1.45, "vector-effect": "non-scaling-stroke" }));
    g.append(svg("circle", { class: "branch-disc", cx: x, cy: y, r, "vector-effect": "non-scaling-stroke" }));
    const digit = svg("text", { x, y, "font-size": r * 1.5, "text-anchor": "middle", "dominant-baseline": "central" });
    digit.textContent = String(fact.digit);
    g.append(digit);
    if (!fact.on) g.append(svg("line", { class: "branch-strike", x1: x - r * 0.75, y1: y + r * 0.75, x2: x + r * 0.75, y2: y - r * 0.75, "vector-effect": "non-scaling-stroke" }));
    return g;
  }
}
