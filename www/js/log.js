//! The explanation: the current step (or event) in words, the steps around it (each a button
//! to jump there), and the proof of a step, an event or a removed candidate ("why is 7 gone
//! from r3c4?") as a tree of its premises.
//! Text only: sentences are set with textContent, never parsed as HTML.

import { el as element } from "./dom.js";
import { glossaryLink, setGlossaryLink } from "./glossary.js";

export class EventLog {
  /**
   * @param {HTMLElement} container
   * @param {{onJump: (position: number) => void, onAsk: (cell: string, digit: number) => void,
   *          onWhyCurrent: () => void}} hooks
   */
  constructor(container, hooks) {
    this.hooks = hooks;
    const title = element("h2", { id: "ex-log-title", textContent: "Explanation" });
    this.current = element("p", { className: "ex-current", "aria-live": "polite" });
    this.current.textContent = "Press Explain to watch the solver, step by step.";
    this.why = element("button", { type: "button", className: "ex-why-button", textContent: "Why?", hidden: true });
    this.why.dataset.action = "why";
    this.why.title = "Show every premise behind this step, down to givens, guesses and relations";
    this.why.addEventListener("click", () => this.hooks.onWhyCurrent());
    this.recent = element("ol", { className: "ex-recent", "aria-label": "Steps around the current one" });
    // The current step's technique, defined in the glossary (a new tab: playback stays).
    this.define = glossaryLink();
    this.defined = null;

    this.chainTitle = element("h3", { className: "ex-chain-title" });
    this.chainNote = element("p", { className: "ex-chain-note" });
    this.chain = element("ol", { className: "ex-chain" });
    this.chainBox = element("div", { className: "ex-chain-box", hidden: true },
      this.chainTitle, this.chain, this.chainNote);

    // Asking about any candidate, for keyboard users and when the board cannot be clicked.
    this.askDigit = element("select", { "aria-label": "Digit" });
    this.askDigit.dataset.action = "why-digit";
    this.askCell = element("input", {
      type: "text", size: 6, placeholder: "r3c4", spellcheck: false, autocomplete: "off",
      "aria-label": "Cell, like r3c4",
    });
    this.askCell.dataset.action = "why-cell";
    const ask = element("button", { type: "submit", textContent: "Why?" });
    ask.dataset.action = "ask-why";
    this.ask = element("form", { className: "ex-ask" },
      element("span", { textContent: "Why is " }), this.askDigit,
      element("span", { textContent: " gone from " }), this.askCell,
      element("span", { textContent: "? " }), ask);
    this.ask.addEventListener("submit", (event) => {
      event.preventDefault();
      this.hooks.onAsk(this.askCell.value.trim().toLowerCase(), Number(this.askDigit.value));
    });

    // The answer to a Why comes right under the current sentence, where the eyes are.
    this.container = container;
    // A forcing chain's branches (branch-view.js) go right under the sentence.
    this.stepDetail = element("div", { className: "ex-step-detail" });
    container.replaceChildren(title, element("div", { className: "ex-current-row" }, this.current, this.why, this.define),
      this.stepDetail, this.chainBox, this.recent, this.ask);
    container.setAttribute("aria-labelledby", "ex-log-title");
    this.setSize(9);
    this.setAskable(false);
  }

  /** The question form is offered while a trace is shown. */
  setAskable(askable) {
    this.ask.hidden = !askable;
    if (!askable) this.clearChain();
  }

  /** The digits offered in the question form. */
  setSize(size) {
    if (this.size === size) return;
    this.size = size;
    const keep = this.askDigit.value;
    this.askDigit.replaceChildren(...Array.from({ length: size }, (_, i) =>
      element("option", { value: String(i + 1), textContent: String(i + 1) })));
    if (keep && Number(keep) <= size) this.askDigit.value = keep;
  }

  /** Fills the question form (after a click on the board). */
  setQuestion(cell, digit) {
    this.askCell.value = cell;
    if (digit) this.askDigit.value = String(digit);
  }

  /**
   * Only the current unit (the list stays as it was): `{label, text, tone, index, step}`,
   * `label` "Step 2" or "#313", `index` the seq of its last event (by event, the event), `step`
   * its step (-1 without steps).
   */
  showCurrent(current, canAsk) {
    this.current.textContent = `${current.label} · ${current.text}`;
    this.current.dataset.currentEvent = String(current.index);
    if (current.step >= 0) this.current.dataset.currentStep = String(current.step);
    else delete this.current.dataset.currentStep;
    this.current.dataset.tone = current.tone;
    this.why.hidden = !canAsk;
    this.setTechnique(current.technique ?? null);
  }

  /** The glossary link of the current step's technique (null: none). */
  setTechnique(name) {
    if (name === this.defined) return;
    this.defined = name;
    setGlossaryLink(this.define, name);
  }

  /** While playing, the current sentence is not read aloud at every frame. */
  setPlaying(playing) {
    this.current.setAttribute("aria-live", playing ? "off" : "polite");
  }

  /** A message in place of the current event (no trace, or the start). */
  message(text) {
    this.current.textContent = text;
    delete this.current.dataset.currentEvent;
    delete this.current.dataset.currentStep;
    this.current.removeAttribute("data-tone");
    this.why.hidden = true;
    this.setTechnique(null);
    this.recent.replaceChildren();
  }

  /**
   * Shows the current unit and its neighbours: `lines` = [{label, index, text, tone, jump,
   * when}] with `jump` the position a click goes to and `when` "past", "current" or
   * "future"; `canAsk` shows the Why? button.
   */
  show(current, lines, canAsk) {
    this.showCurrent(current, canAsk);
    const items = lines.map(({ label, index, step, text, tone, jump, when }) => {
      const button = element("button", { type: "button", textContent: `${label} · ${text}` });
      button.dataset.tone = tone;
      button.dataset.index = String(index);
      if (step >= 0) button.dataset.step = String(step);
      button.title = label.startsWith("#") ? "Jump to this event" : "Jump to this step";
      button.addEventListener("click", () => this.hooks.onJump(jump));
      const li = element("li", { className: `ex-${when}` }, button);
      if (when === "current") li.setAttribute("aria-current", "step");
      return li;
    });
    this.recent.replaceChildren(...items);
  }

  /**
   * Shows the derivation of an event as a tree of premises (`proofTree` of sentences.js):
   * each premise a collapsible node, down to givens, guesses and relations of the puzzle; an
   * event already on screen is shown once, and a later mention is a link that opens and
   * focuses the first. `describe(node)` gives `{label, text, tone, jump}` (a node is an
   * event, or the step at the root: `node.step`); `onHover(index | null)` hears which event the
   * pointer or the keyboard is on; each node has a button to go to its position `jump`
   * (`hooks.onJump`); the first `openDepth` levels start open. Children are built when a node
   * opens. Focus moves to the tree.
   */
  showProof(title, tree, describe, { note = "", onHover = () => {}, openDepth = 2 } = {}) {
    this.chainTitle.textContent = title;
    this.chainNote.textContent = note;
    const GROUND = { given: "given", guess: "a guess: true only in its branch", relation: "a relation of the puzzle", unrecorded: "not recorded at this detail" };
    /** Event index → the element that shows it first (what a later mention points to). */
    const shown = new Map();
    const line = (node) => {
      const { label, text, tone } = describe(node);
      const span = element("span", { className: "ex-proof-text", textContent: `${label} · ${text}` });
      span.dataset.tone = tone;
      return span;
    };
    const go = (node) => {
      const { label, jump } = describe(node);
      const what = label.startsWith("#") ? `event ${label}` : label.toLowerCase();
      const b = element("button", { type: "button", className: "ex-proof-go", textContent: "Go", title: `Go to ${what}` });
      b.setAttribute("aria-label", `Go to ${what}`);
      b.addEventListener("click", () => this.hooks.onJump(jump));
      return b;
    };
    /** Opens the details around `target` and focuses it. */
    const reveal = (target) => {
      for (let d = target.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
      target.focus();
    };
    const render = (node, depth) => {
      const li = element("li", { className: "ex-proof-node" });
      li.dataset.event = String(node.index);
      const first = shown.get(node.index);
      if (first) {
        const ref = element("button", { type: "button", className: "ex-proof-ref", textContent: `#${node.index + 1} · shown above` });
        ref.title = "Show where this event is explained";
        ref.dataset.index = String(node.index);
        ref.addEventListener("click", () => reveal(first));
        li.append(ref);
        return li;
      }
      const children = node.ground ? [] : node.premises();
      if (!children.length) {
        const leaf = element("span", { className: "ex-proof-leaf", tabIndex: 0 }, line(node));
        leaf.dataset.index = String(node.index);
        if (node.ground) leaf.append(element("span", { className: "ex-ground", textContent: GROUND[node.ground] }));
        shown.set(node.index, leaf);
        li.append(go(node), leaf);
        return li;
      }
      const summary = element("summary", {}, line(node),
        element("span", { className: "ex-because", textContent: `${children.length} premise${children.length === 1 ? "" : "s"}` }));
      summary.dataset.index = String(node.index);
      shown.set(node.index, summary);
      const list = element("ul", { className: "ex-proof" });
      const details = element("details", {}, summary, list);
      const fill = () => {
        if (list.childElementCount) return;
        list.append(...children.map((child) => render(child, depth + 1)));
      };
      details.addEventListener("toggle", () => { if (details.open) fill(); });
      // A root of many premises opens one level only: every premise shows at once.
      if (depth < (depth === 1 && tree.premises().length > 4 ? Math.min(openDepth, 1) : openDepth)) {
        details.open = true;
        fill();
      }
      li.append(go(node), details);
      return li;
    };
    const root = element("ul", { className: "ex-proof ex-proof-root", "aria-label": title }, render(tree, 0));
    const hover = (event) => {
      const target = event.target.closest?.("[data-index]");
      onHover(target ? Number(target.dataset.index) : null);
    };
    root.addEventListener("pointerover", hover);
    root.addEventListener("focusin", hover);
    root.addEventListener("pointerleave", () => onHover(null));
    root.addEventListener("focusout", (event) => { if (!root.contains(event.relatedTarget)) onHover(null); });
    this.chain.replaceChildren(element("li", { className: "ex-proof-box" }, root));
    this.chainBox.hidden = false;
    // The button that asked (a "why not 7?" choice) is gone: the answer takes the focus.
    const scope = this.container.getRootNode();
    if (this.container.contains(scope.activeElement) || (scope.body && scope.activeElement === scope.body)) {
      root.querySelector("summary, .ex-proof-leaf")?.focus({ preventScroll: true });
    }
  }

  /** Offers a choice of questions: `choices` = [{label, onClick}] under `title`. */
  showChoices(title, choices, note = "") {
    this.chainTitle.textContent = title;
    this.chainNote.textContent = note;
    const li = element("li", { className: "ex-choices" }, ...choices.map(({ label, onClick }) => {
      const button = element("button", { type: "button", textContent: label });
      button.addEventListener("click", onClick);
      return button;
    }));
    this.chain.replaceChildren(...(choices.length ? [li] : []));
    this.chainBox.hidden = false;
  }

  clearChain() {
    this.chainBox.hidden = true;
    this.chain.replaceChildren();
  }
}
