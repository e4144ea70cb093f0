//! What a step draws beside and over the board beyond its roles: a forcing chain's branches
//! (branch-view.js) and the almost locked sets of an ALS chain, ALS-XZ, ALS-XY-wing or death
//! blossom (als-chain-view.js). Explain, a hint's last level
//! and an embedded board each keep one, under the step's sentence.

import { el, tabStopWhileScrolling } from "./dom.js";
import { BranchView } from "./branch-view.js";
import { AlsChainView } from "./als-chain-view.js";

export class StepFigures {
  /**
   * @param {import("./board.js").Board} board the board they are drawn on
   * @param {{sentence?: HTMLElement}} options `sentence`: the step's sentence above the
   *   figures, which scrolls in a few lines while they show (class `with-figures`, and a tab
   *   stop to scroll it by keys), so that the list stays near the board
   */
  constructor(board, { sentence = null } = {}) {
    this.branches = new BranchView(board);
    this.alsChain = new AlsChainView(board);
    this.sentence = sentence;
    this.element = el("div", { className: "step-figures" }, this.branches.element, this.alsChain.element);
    // Whether the sentence scrolls changes with its text and the page's width.
    if (sentence) new ResizeObserver(() => this.fitStop()).observe(sentence);
  }

  /** Whether a list shows. */
  get shown() {
    return !this.branches.element.hidden || !this.alsChain.element.hidden;
  }

  /** The sentence scrolls in a few lines while a list shows, not otherwise. */
  fitSentence() {
    if (!this.sentence) return;
    this.sentence.classList.toggle("with-figures", this.shown);
    this.fitStop();
  }

  /**
   * The sentence is a tab stop (to scroll it by keys) only while it has more than it shows:
   * a sentence that fits was an empty stop on the way through the page.
   */
  fitStop() {
    const s = this.sentence;
    if (s) tabStopWhileScrolling(s, () => s.classList.contains("with-figures"));
  }

  /**
   * Shows a step's figures on a grid of `size`: `branches` (the crate's text of each; none
   * for other steps), `als` (an ALS step's sets as text, or none) and the step's removals
   * (`[{cell, digit}]`, marked on the ALS chain's drawing).
   */
  show({ branches = [], als = "", removed = [] } = {}, size) {
    this.branches.show(branches, size);
    this.alsChain.show(als, size, removed);
    this.fitSentence();
  }

  /** Nothing drawn, nothing listed. */
  clear() {
    this.branches.clear();
    this.alsChain.clear();
    this.fitSentence();
  }
}
