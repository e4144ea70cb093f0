//! The explanation of a traced search as the reader sees it: the board at a playback position
//! (candidates or digits, the highlight of the current step or event), the current sentence
//! and the steps around it in the log, the position counter and the timeline; Why (the proof
//! tree of a step, an event or a removed candidate) and the questions asked by clicking a
//! cell's pencil marks.

import { KIND } from "./records.js";
import { focus, toneOf, proofTree, premisesOf, groundOf } from "./sentences.js";
import { stepPremises } from "./steps.js";
import { cellName, cellIndex, digitsOf } from "./geometry.js";
import { removalOf } from "./replay.js";
import { quoted } from "./formats.js";
import { sentenceOf, stepViewOf } from "./session.js";
import { positionText } from "./positions.js";
import { markRoles } from "./role-legend.js";

/** Playing faster than this (units a second), the list around the current unit is redrawn a few times a second only. */
const FAST = 50;
/** How often the list is redrawn when playing fast (ms). */
const LIST_MS = 200;

export class Explanation {
  /**
   * @param {{board, log, timeline, controls, figures, state: {session, animator}, span: () => [number, number]}} parts
   *   `state` gives the session shown and the animator; `span()` how many units before and
   *   after the current one the recent log shows; `figures` (StepFigures, or null) lists
   *   and draws a forcing chain step's branches and an ALS chain's sets; `legend` (the
   *   role legend, or null) marks the roles the board draws (and says "a fin" only while
   *   the step shown has fins).
   */
  constructor({ board, log, timeline, controls, figures = null, legend = null, state, span }) {
    Object.assign(this, { board, log, timeline, controls, figures, legend, state, span });
    /** Solver digits on the board (null: none), drawn only when they change. */
    this.shownDigits = null;
    this.candidatesShown = false;
    this.listDrawnAt = 0;
  }

  get session() {
    return this.state.session;
  }

  get animator() {
    return this.state.animator;
  }

  showDigits(values) {
    if (values === this.shownDigits) return;
    this.shownDigits = values;
    this.board.showDigits(values);
  }

  /** Candidates on the board (null: none); hiding what is already hidden costs nothing. */
  showCandidates(grid) {
    if (!grid && !this.candidatesShown) return;
    this.candidatesShown = Boolean(grid);
    this.board.showCandidates(grid);
  }

  /** The legend: the roles the board draws now marked (its fin shown only then). */
  showRoles() {
    if (this.legend) markRoles(this.legend, this.board.rolesShown?.() ?? new Set());
  }

  /** Board overlays off: the bare puzzle. */
  clearBoard() {
    this.board.clearHighlight();
    this.figures?.clear();
    this.showRoles();
    this.board.setShowGone?.(false);
    this.showCandidates(null);
    this.showDigits(null);
  }

  /** No trace: `message` in the log, the bare board, no position. */
  idle(message) {
    this.timeline.setTrace(null);
    this.log.message(message);
    this.log.setAskable(false);
    this.clearBoard();
    this.controls.setPosition(null);
  }

  /** Draws position `p` of the session: the board, the log, the timeline and the counter. */
  render(p) {
    const s = this.session;
    if (!s) return;
    const trace = s.trace;
    const count = trace.count;
    s.replay.seek(p);
    this.drawGrid(s, p);
    if (p === 0) {
      this.board.clearHighlight();
      this.figures?.clear();
      this.log.message(count ? "Start: every digit is possible in every cell." : "Solving…");
    } else if (trace.byStep) {
      this.drawStep(s, p);
    } else {
      this.drawEvent(s, p);
    }
    this.showRoles();
    this.timeline.setPosition(p);
    this.controls.setPosition(positionText(s, p));
  }

  /** The digits or candidates of position `p` (the replay is there). */
  drawGrid(s, p) {
    const trace = s.trace;
    const atEnd = s.done && p === trace.count && trace.count > 0;
    if (atEnd && s.solutions.length) {
      this.showCandidates(null);
      this.showDigits(s.solutions[0]);
    } else if (s.level === "full") {
      this.showDigits(null);
      this.board.setShowGone?.(true);
      this.showCandidates(s.replay.grid());
    } else {
      // Below the full level eliminations are not recorded: show placed digits only.
      this.showCandidates(null);
      const solutionEvent = p > 0 && trace.kind(trace.at(p - 1)) === KIND.SOLUTION;
      const found = s.solutions[s.replay.solutions - 1];
      this.showDigits(solutionEvent && found ? found : s.replay.values());
    }
  }

  drawStep(s, p) {
    const trace = s.trace;
    const k = trace.stepAtPosition(p - 1);
    const view = stepViewOf(s, k);
    this.board.highlight(view.focus);
    // A forcing chain's branches (the chosen one on the board), an ALS chain's sets:
    // listed under the sentence, drawn over the board.
    this.figures?.show({ branches: view.branches, als: view.als, removed: view.focus.removed }, s.size);
    const current = { label: `Step ${k + 1}`, index: trace.at(p - 1), step: k, text: view.text, tone: view.tone, technique: view.technique };
    this.showLog(current, view.canAsk, k, trace.closedSteps, (j) => {
      const v = stepViewOf(s, j);
      return { label: `Step ${j + 1}`, index: trace.at(trace.stepEnd(j) - 1), step: j, text: v.text, tone: v.tone, jump: trace.stepEnd(j) };
    });
  }

  drawEvent(s, p) {
    const trace = s.trace;
    const i = p - 1;
    s.probe.seek(i);
    this.board.highlight(focus(trace, i, s.probe, s.puzzle));
    this.figures?.clear();
    const kind = trace.kind(i);
    const canAsk = kind === KIND.ELIMINATE || kind === KIND.PLACE || kind === KIND.CONTRADICTION;
    const current = { label: `#${i + 1}`, index: i, step: trace.step(i), text: sentenceOf(s, i), tone: toneOf(trace, i) };
    this.showLog(current, canAsk, i, trace.count, (j) => ({ label: `#${j + 1}`, index: j, text: sentenceOf(s, j), tone: toneOf(trace, j), jump: j + 1 }));
  }

  /**
   * The current unit's sentence and the units around it (`line(j)` describes unit `j` of
   * `0..total`, the current one `at`). Playing fast, the list is redrawn a few times a second
   * only, and then shows the units before the one drawn, none marked current (the sentence
   * above is the current one). Paused or slow, it is redrawn at every position and marks the
   * current unit.
   */
  showLog(current, canAsk, at, total, line) {
    const now = performance.now();
    const fast = this.animator.playing && this.animator.speed > FAST;
    if (fast && now - this.listDrawnAt <= LIST_MS) {
      this.log.showCurrent(current, canAsk);
      return;
    }
    this.listDrawnAt = now;
    const span = this.span();
    const [before, after] = fast ? [span[0] + span[1], -1] : span;
    const lines = [];
    for (let j = Math.max(0, at - before); j <= Math.min(total - 1, at + after); j++) {
      lines.push({ ...line(j), when: j < at ? "past" : j === at ? "current" : "future" });
    }
    this.log.show(current, lines, canAsk);
  }

  // ── Why: the proof of an event ──

  /**
   * Opens the derivation of event `index` (or, with `step` ≥ 0, of that step: the tree of
   * what its events rest on from outside it) under `title`: the tree of its premises, each
   * highlighted on the board while the pointer or the keyboard is on it; the root and the
   * cells of its own premises are highlighted meanwhile.
   */
  showWhy(s, index, title, step = -1) {
    const t = s.trace;
    const { tree, rootFocus } = step >= 0 ? this.stepTree(s, step) : this.eventTree(s, index);
    const describe = (node) => {
      if (node.step >= 0) {
        const view = stepViewOf(s, node.step);
        return { label: `Step ${node.step + 1}`, text: view.text, tone: view.tone, jump: t.byStep ? t.stepEnd(node.step) : t.positionOf(node.index) + 1 };
      }
      return { label: `#${node.index + 1}`, text: sentenceOf(s, node.index), tone: toneOf(t, node.index), jump: t.positionOf(node.index) + 1 };
    };
    const note = s.level === "full"
      ? "Each premise opens to its own; every branch ends at a given, a guess or a relation of the puzzle."
      : "Below the full detail level eliminations are not recorded: a premise stands for the eliminations behind it. Choose “full” detail for every step.";
    const highlightRoot = () => {
      const f = rootFocus();
      const n = s.size * s.size;
      const premises = step >= 0 ? stepPremises(t, stepViewOf(s, step).events) : premisesOf(t, index);
      for (const p of premises) {
        const c = t.cell(p);
        if (c < n && !f.cells.includes(c)) f.cells.push(c);
      }
      this.board.highlight(f);
    };
    this.log.showProof(title, tree, describe, {
      note,
      onHover: (i) => {
        if (i === null || i === tree.index) return highlightRoot();
        s.probe.seek(t.positionOf(i));
        this.board.highlight(focus(t, i, s.probe, s.puzzle));
      },
    });
    highlightRoot();
  }

  /** The proof tree of step `step` (what its events rest on from outside it) and its focus. */
  stepTree(s, step) {
    const t = s.trace;
    const view = stepViewOf(s, step);
    const premises = stepPremises(t, view.events);
    return {
      tree: {
        index: view.events[0],
        step,
        ground: premises.length ? "" : groundOf(t, view.events[0]),
        premises: () => premises.map((p) => proofTree(t, p)),
      },
      rootFocus: () => ({ ...view.focus, cells: [...view.focus.cells] }),
    };
  }

  /** The proof tree of event `index` and its focus. */
  eventTree(s, index) {
    const t = s.trace;
    return {
      tree: proofTree(t, index),
      rootFocus: () => {
        s.probe.seek(t.positionOf(index));
        return focus(t, index, s.probe, s.puzzle);
      },
    };
  }

  /** Why the current step (by event: the current event) holds. */
  whyCurrent() {
    const s = this.session;
    const animator = this.animator;
    if (!s || animator.position === 0) return;
    animator.pause();
    const t = s.trace;
    if (t.byStep) {
      const k = t.stepAtPosition(animator.position - 1);
      // The tree's root is the step, in words: the title only names it.
      this.showWhy(s, t.stepEvents(k)[0], `Why step ${k + 1}?`, k);
      return;
    }
    const i = animator.position - 1;
    // The tree's root is the event, in words: the title only names it.
    this.showWhy(s, i, `Why #${i + 1}?`);
  }

  /** Explains why `digit` is gone from `cell` ("r3c4", or an index) at the current position. */
  askWhy(cell, digit) {
    const s = this.session;
    const log = this.log;
    if (!s) {
      log.showChoices("Press Explain first: the question is about the trace.", []);
      return;
    }
    const index = typeof cell === "number" ? cell : cellIndex(cell, s.size);
    if (index < 0) {
      log.showChoices(`${quoted(cell)} is not a cell of this ${s.size}×${s.size} grid: write it like r3c4.`, []);
      return;
    }
    this.animator.pause();
    const name = cellName(index, s.size);
    log.setQuestion(name, digit);
    const p = this.animator.position;
    s.replay.seek(p);
    const mask = s.replay.mask(index);
    if (mask & (1 << (digit - 1))) {
      const others = digitsOf(((1 << s.size) - 1) & ~mask);
      const choices = others.map((d) => ({ label: `why not ${d}?`, onClick: () => this.askWhy(index, d) }));
      const title = mask === 1 << (digit - 1)
        ? `${name} is ${digit} at this point.`
        : `${digit} is still a candidate of ${name} at this point.`;
      log.showChoices(title, choices, others.length ? "Ask about a digit that is gone:" : "");
      return;
    }
    const removal = removalOf(s.trace, p, index, digit);
    if (removal < 0) {
      log.showChoices(`${digit} is gone from ${name}, but the removal was not recorded at this detail level.`, [],
        "Choose “full” detail and Explain again to see every step.");
      return;
    }
    this.showWhy(s, removal, `Why is ${digit} gone from ${name}?`);
  }

  /** A click on a cell's pencil marks while a trace is shown: what is gone and why. */
  askCell(index) {
    const s = this.session;
    if (!s) return;
    this.animator.pause();
    s.replay.seek(this.animator.position);
    const mask = s.replay.mask(index);
    const gone = digitsOf(((1 << s.size) - 1) & ~mask);
    const name = cellName(index, s.size);
    this.log.setQuestion(name, gone[0]);
    const left = digitsOf(mask);
    this.log.showChoices(
      `${name}: ${left.length ? `${left.join(" ")} left` : "no candidate left"}`,
      gone.map((d) => ({ label: `why not ${d}?`, onClick: () => this.askWhy(index, d) })),
      gone.length ? "Choose a removed digit to see why it is gone." : "Nothing has been removed yet.");
  }

  /**
   * Clicks on a candidate (the Board calls onCandidateActivate when one is set) or on a
   * cell's marks while a trace is shown ask about them.
   */
  listenToBoard() {
    const board = this.board;
    if (board.handlers && !board.handlers.onCandidateActivate) {
      board.handlers.onCandidateActivate = (index, digit) => {
        const s = this.session;
        if (!s) return board.handlers.onCellActivate?.(index);
        s.replay.seek(this.animator.position);
        if (s.replay.mask(index) & (1 << (digit - 1))) this.askCell(index);
        else this.askWhy(index, digit);
      };
    }
    board.root?.addEventListener("click", (event) => {
      const s = this.session;
      if (!s || event.candidate) return; // a click on a candidate: the board handled it
      const target = event.target.closest?.("[data-cell]");
      if (!target) return;
      const index = cellIndex(target.dataset.cell, s.size);
      if (index >= 0 && !this.animator.playing) this.askCell(index);
    });
  }
}
