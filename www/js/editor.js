//! Editing: selection, digits, relations and markers, kind and size, undo — by mouse, keyboard
//! and the on-screen pad.

import { el, options } from "./dom.js";
import {
  BLOCK_SIZES,
  GAP_FAMILIES,
  KINDS,
  allowsRelations,
  cloneModel,
  describe,
  digitOf,
  edgeCells,
  edgeKey,
  emptyModel,
  gapOf,
  markerName,
  negativePhrase,
  neighbour,
  nextGap,
  sameModel,
  sizesFor,
  withGap,
} from "./model.js";
import { EXAMPLES } from "./examples.js";

const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const HISTORY_LIMIT = 500;
/** How long a first digit waits for a second one on boards above 9 (1 then 2 → 12). */
const TWO_DIGIT_MS = 1000;

export class Editor {
  /**
   * @param {{board: import("./board.js").Board, root: HTMLElement | null, scope: Document | ShadowRoot,
   *          viewport, signal: AbortSignal, onChange: (model, reason: string) => void,
   *          onExample: (id: string) => void, notify: (text: string) => void}} options
   *   `root` is the editor's panel (menus, pad, undo; a board has none: it is read-only),
   *   `scope` the app's root, where keys are heard while `signal` has not aborted.
   */
  constructor({ board, root, scope, viewport, signal, onChange, onExample, notify }) {
    this.board = board;
    this.root = root;
    this.scope = scope;
    this.viewport = viewport;
    this.signal = signal;
    this.onChange = onChange;
    this.onExample = onExample;
    this.notify = notify;
    this.model = emptyModel(9, "classic");
    this.undoStack = [];
    this.redoStack = [];
    this.isLocked = false;
    this.readOnly = false;
    this.pending = null; // {index, digit, time} of a first digit that may grow to two
    /** What a click on a gap draws: a GAP_FAMILIES id. */
    this.gapFamily = "signs";
    /** Play mode: `{enter(digit, {merge}), undo()}` takes the typed digits and Undo instead
     * of the (locked) puzzle; null while editing. */
    this.player = null;
    scope.addEventListener("keydown", (event) => this.onKey(event), { signal });
    if (!root) return;
    this.exampleSelect = root.querySelector("#example-select");
    this.kindSelect = root.querySelector("#kind-select");
    this.sizeSelect = root.querySelector("#size-select");
    this.gapSelect = root.querySelector("#gap-select");
    this.negativeBox = root.querySelector("#negative-box");
    this.negativeWords = root.querySelector("#negative-words");
    this.summary = root.querySelector("#summary");
    this.pad = root.querySelector("#digit-pad");
    this.helpBig = root.querySelector("#help-big");
    this.exampleNote = root.querySelector("#example-note");
    this.fillMenus();
    this.bindControls();
    this.placePad();
  }

  /** Touch-sized screens get the digit pad right under the board; wide ones keep it in the panel. */
  placePad() {
    const narrow = this.viewport.media("(max-width: 52rem)");
    const home = this.root.querySelector("#summary");
    const stage = this.scope.querySelector(".stage");
    const place = () => {
      if (narrow.matches && stage) stage.insertBefore(this.pad, this.scope.getElementById("playback"));
      else home.after(this.pad);
    };
    narrow.addEventListener("change", place, { signal: this.signal });
    place();
  }

  /** The kinds (the sizes follow the kind: see `sync`) and the examples, with their notes as titles. */
  fillMenus() {
    this.kindSelect.append(...options(KINDS.map((kind) => [kind, kind[0].toUpperCase() + kind.slice(1)])));
    this.exampleSelect.append(...EXAMPLES.map((e) => el("option", { value: e.id, textContent: e.title, title: e.note })));
    this.gapSelect.append(...options(GAP_FAMILIES.map((f) => [f.id, f.label])));
  }

  bindControls() {
    this.exampleSelect.addEventListener("change", () => {
      const id = this.exampleSelect.value;
      if (id) this.onExample(id);
    });
    this.kindSelect.addEventListener("change", () => this.changeKind(this.kindSelect.value));
    this.sizeSelect.addEventListener("change", () => this.changeSize(Number(this.sizeSelect.value)));
    this.gapSelect.addEventListener("change", () => {
      this.gapFamily = this.gapSelect.value;
      this.sync();
    });
    this.negativeBox.addEventListener("change", () => this.setNegative(this.negativeBox.checked));
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || button.disabled) return;
      switch (button.dataset.action) {
        case "undo": this.undo(); break;
        case "redo": this.redo(); break;
        case "clear": this.clear(); break;
        default: return;
      }
    });
    // The pad may live outside the editor panel (narrow screens): it listens for itself.
    this.pad.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || button.disabled) return;
      if (button.dataset.action === "digit") this.enter(Number(button.dataset.digit));
      else if (button.dataset.action === "erase") this.enter(0);
    });
  }

  /** Shows which example is loaded, with its note. */
  showExample(example) {
    if (!this.root) return;
    this.exampleSelect.value = example.id;
    this.exampleNote.textContent = example.note;
  }

  /** Replaces the puzzle (an import, an example, a URL): one undo step; `reason` goes to onChange. */
  load(model, reason = "load", { record = true } = {}) {
    this.gapFamily = familyOf(model) ?? this.gapFamily;
    this.commit(model, reason, { record });
    this.board.select(0);
  }

  /** The single path of every change: history, view, listeners. */
  commit(next, reason, { record = true, merge = false } = {}) {
    if (sameModel(next, this.model) && next.alphabet === this.model.alphabet) return;
    if (record && !merge) {
      this.undoStack.push(this.model);
      if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
      this.redoStack = [];
    }
    this.model = next;
    if (reason !== "example" && this.root) {
      this.exampleSelect.value = "";
      this.exampleNote.textContent = "";
    }
    this.sync();
    this.onChange(next, reason);
  }

  /** Brings the controls in line with the model and the lock. */
  sync() {
    this.board.root.classList.toggle("locked", !this.editable);
    if (!this.root) return;
    const { size, kind } = this.model;
    this.kindSelect.value = kind;
    const sizes = sizesFor(kind);
    if (this.sizeSelect.dataset.kind !== kind) {
      this.sizeSelect.replaceChildren(...options(sizes.map((n) => [String(n), `${n}×${n}`])));
      this.sizeSelect.dataset.kind = kind;
    }
    this.sizeSelect.value = String(size);
    this.gapSelect.value = this.gapFamily;
    this.syncNegative();
    this.summary.textContent = describe(this.model);
    this.buildPad();
    this.updateHelp();
    const editable = !this.isLocked && !this.readOnly;
    const controls = [
      ...this.root.querySelectorAll("select, input, [data-action='clear'], [data-action='import']"),
      ...this.pad.querySelectorAll("button"),
    ];
    for (const control of controls) control.disabled = !editable;
    // While playing, the pad enters the player's digits.
    if (this.player) for (const button of this.pad.querySelectorAll("button")) button.disabled = false;
    this.root.querySelector("[data-action='undo']").disabled = !editable || this.undoStack.length === 0;
    this.root.querySelector("[data-action='redo']").disabled = !editable || this.redoStack.length === 0;
  }

  /**
   * The negative constraint's box speaks for the gap family chosen: checked when the puzzle's
   * negative constraint holds for every marker of the family, mixed when for some; no box for
   * signs (they have no negative form).
   */
  syncNegative() {
    const family = GAP_FAMILIES.find((f) => f.id === this.gapFamily) ?? GAP_FAMILIES[0];
    const label = this.negativeBox.closest("label");
    label.hidden = family.negative.length === 0;
    const negative = this.model.negative ?? [];
    const held = family.negative.filter((t) => negative.includes(t));
    this.negativeBox.checked = held.length > 0 && held.length === family.negative.length;
    this.negativeBox.indeterminate = held.length > 0 && held.length < family.negative.length;
    if (family.negative.length) {
      const names = family.negative.map(markerName).join(" and ");
      this.negativeWords.textContent = `All ${family.id === "kropki" ? "dots" : "X and V"} are given (negative constraint): where there is no ${family.id === "kropki" ? "dot" : "X or V"}, the two digits ${negativePhrase(family.negative)}`;
      this.negativeBox.title = `Every adjacent pair without a ${names} is not so related`;
    }
  }

  /** Sets or lifts the negative constraint of the chosen gap family. */
  setNegative(on) {
    if (!this.editable) {
      this.refuse();
      this.syncNegative();
      return;
    }
    const family = GAP_FAMILIES.find((f) => f.id === this.gapFamily);
    if (!family?.negative.length) return;
    const next = cloneModel(this.model);
    const rest = next.negative.filter((t) => !family.negative.includes(t));
    next.negative = (on ? [...rest, ...family.negative] : rest).sort();
    this.commit(next, "negative");
  }

  buildPad() {
    const n = this.model.size;
    if (this.pad.dataset.size === String(n)) return;
    this.pad.dataset.size = String(n);
    this.pad.style.setProperty("--pad-cols", String(n <= 9 ? Math.min(n + 1, 10) : n <= 16 ? 9 : 9));
    const buttons = [];
    for (let d = 1; d <= n; d++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = "digit";
      button.dataset.digit = String(d);
      button.textContent = String(d);
      button.setAttribute("aria-label", `Enter ${d}`);
      buttons.push(button);
    }
    const erase = document.createElement("button");
    erase.type = "button";
    erase.dataset.action = "erase";
    erase.className = "erase";
    erase.textContent = "⌫";
    erase.title = "Clear the cell (Backspace)";
    erase.setAttribute("aria-label", "Clear the selected cell");
    buttons.push(erase);
    this.pad.replaceChildren(...buttons);
  }

  updateHelp() {
    if (!this.helpBig) return;
    const n = this.model.size;
    const alphabet = this.model.alphabet;
    const last = (first) => String.fromCharCode(64 + first);
    let letters = `A = 1, B = 2, … ${last(Math.min(n, 26))} = ${Math.min(n, 26)}`;
    if (alphabet === "alnum") letters = `A = 10, B = 11, … (this puzzle was written 1–9A–${last(n - 9)})`;
    if (alphabet === "hex") letters = "A = 11 … F = 16 (this puzzle was written in hex, 0 = 1)";
    this.helpBig.textContent = `type two digits within a second (1 then 2 → 12), or a letter: ${letters}`;
  }

  /**
   * Locks editing while the solver runs or the animation plays (selection still moves);
   * `reason` is what an edit attempt is told meanwhile.
   */
  setLocked(locked, reason = "") {
    this.isLocked = Boolean(locked);
    this.lockReason = reason;
    this.pending = null;
    this.sync();
  }

  /** Read-only for embedding: no editing at all. */
  setReadOnly(readOnly) {
    this.readOnly = Boolean(readOnly);
    this.sync();
  }

  get editable() {
    return !this.isLocked && !this.readOnly;
  }

  undo() {
    if (this.player) return this.player.undo();
    if (!this.editable || this.undoStack.length === 0) return;
    this.redoStack.push(this.model);
    this.commit(this.undoStack.pop(), "undo", { record: false });
  }

  redo() {
    if (!this.editable || this.redoStack.length === 0) return;
    this.undoStack.push(this.model);
    this.commit(this.redoStack.pop(), "redo", { record: false });
  }

  clear() {
    if (!this.editable) return;
    this.commit(emptyModel(this.model.size, this.model.kind), "clear");
    this.notify("Cleared. Ctrl+Z brings the puzzle back.");
  }

  changeKind(kind) {
    if (!this.editable || kind === this.model.kind) return;
    let next = cloneModel(this.model);
    next.kind = kind;
    if (!sizesFor(kind).includes(next.size)) {
      const size = BLOCK_SIZES.reduce((best, n) => (Math.abs(n - next.size) < Math.abs(best - next.size) ? n : best));
      next = emptyModel(size, kind);
      this.notify(`${kind} puzzles come in sizes ${BLOCK_SIZES.join(", ")}: a new ${size}×${size} grid. Ctrl+Z undoes.`);
    } else if (!allowsRelations(kind) && next.relations.size > 0) {
      this.notify(`Classic puzzles have no relations: ${next.relations.size} removed. Ctrl+Z undoes.`);
      next.relations = new Map();
    }
    this.commit(next, "kind");
  }

  changeSize(size) {
    if (!this.editable || size === this.model.size) return;
    this.commit(emptyModel(size, this.model.kind), "size");
    this.board.select(0);
  }

  /** Says why an edit was refused while locked (typed digits are never dropped silently). */
  refuse() {
    if (this.isLocked && !this.readOnly) this.notify(this.lockReason || "Editing is locked while the solver works.");
  }

  /** Hands typed digits, the pad and Undo to a player (null: back to editing the puzzle). */
  setPlayer(player) {
    this.player = player;
    this.pending = null;
    this.sync();
  }

  /** Puts `digit` (0 clears) into the selected cell as a given (or the player's entry). */
  enter(digit, { merge = false } = {}) {
    if (this.player) return this.player.enter(digit, { merge });
    if (!this.editable) return this.refuse();
    const index = this.board.selected;
    if (index < 0 || digit < 0 || digit > this.model.size) return;
    if (this.model.givens[index] === digit) return;
    const next = cloneModel(this.model);
    next.givens[index] = digit;
    this.commit(next, "digit", { merge });
  }

  /**
   * Cycles what gap `key` holds, in the chosen family: signs none → "<" → ">" → none (a
   * classic puzzle becomes an inequality puzzle), dots none → white → black → none, none → X
   * → V → none. A gap holding another family's mark starts the cycle again.
   */
  cycleRelation(key) {
    if (!this.editable) return this.refuse();
    if (!edgeCells(key, this.model.size)) return;
    const next = withGap(this.model, key, nextGap(this.gapFamily, gapOf(this.model, key)));
    if (next.relations.size > 0 && !allowsRelations(next.kind)) {
      next.kind = "inequality";
      this.notify("A relation makes this an inequality puzzle.");
    }
    this.commit(next, "relation");
  }

  onCellActivate(index) {
    this.pending = null;
    this.board.select(index, true);
  }

  onEdgeActivate(key) {
    this.cycleRelation(key);
  }

  /** True when keys typed now are meant for the board (not a text field, menu or dialog). */
  keysForBoard(event) {
    if (event.defaultPrevented) return false;
    const target = event.target;
    if (this.board.root.contains(target)) return true;
    if (target === this.scope.body || target === this.scope.documentElement) return true;
    return Boolean(this.pad?.contains(target)) && !["Enter", " "].includes(event.key);
  }

  onKey(event) {
    if (!this.keysForBoard(event) || event.altKey || event.metaKey) return;
    const n = this.model.size;
    const index = this.board.selected;
    const ctrl = event.ctrlKey;
    const key = event.key;

    if (ctrl) {
      const lower = key.toLowerCase();
      if (lower === "z" && !event.shiftKey) this.undo();
      else if ((lower === "z" && event.shiftKey) || lower === "y") this.redo();
      else if (key === "Home") this.board.select(0, true);
      else if (key === "End") this.board.select(n * n - 1, true);
      else return;
      event.preventDefault();
      return;
    }

    if (key in ARROWS) {
      event.preventDefault();
      this.pending = null;
      const other = neighbour(index, ARROWS[key], n);
      if (other < 0) return;
      if (event.shiftKey) this.cycleRelation(edgeKey(index, other, n));
      else this.board.select(other, true);
      return;
    }
    if (key === "Home" || key === "End") {
      event.preventDefault();
      const rowStart = index - (index % n);
      this.board.select(key === "Home" ? rowStart : rowStart + n - 1, true);
      return;
    }
    if (key === "Backspace" || key === "Delete" || key === ".") {
      event.preventDefault();
      this.pending = null;
      this.enter(0);
      return;
    }
    if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      this.typeDigit(Number(key));
      return;
    }
    if (/^[a-zA-Z]$/.test(key) && n > 9) {
      const digit = this.letterDigit(key);
      if (digit > 0 && digit <= n) {
        event.preventDefault();
        this.pending = null;
        this.enter(digit);
      }
    }
  }

  /** Digits: one keystroke up to 9; above 9 a second digit within a second makes a number. */
  typeDigit(d) {
    const n = this.model.size;
    const index = this.board.selected;
    const now = performance.now();
    const pending = this.pending;
    this.pending = null;
    if (pending && pending.index === index && now - pending.time < TWO_DIGIT_MS) {
      const value = pending.digit * 10 + d;
      if (value <= n) {
        this.enter(value, { merge: true });
        return;
      }
    }
    if (d === 0) {
      this.enter(0);
      return;
    }
    if (d > n) return;
    this.enter(d);
    if (d * 10 <= n) this.pending = { index, digit: d, time: now };
  }

  /** A letter's digit in the puzzle's alphabet: A = 1 (letters), A = 10 (alnum), A = 11 (hex). */
  letterDigit(letter) {
    const alphabet = this.model.alphabet;
    if (alphabet === "alnum" || alphabet === "hex") return digitOf(letter, alphabet);
    return letter.toUpperCase().charCodeAt(0) - 64;
  }
}

/** The gap family a model's marks belong to (the most markers), or null for none. */
export function familyOf(model) {
  const counts = new Map();
  if (model.relations.size) counts.set("signs", model.relations.size);
  for (const [, token] of model.markers ?? []) {
    const family = GAP_FAMILIES.find((f) => f.cycle.includes(token));
    if (family) counts.set(family.id, (counts.get(family.id) ?? 0) + 1);
  }
  for (const token of model.negative ?? []) {
    const family = GAP_FAMILIES.find((f) => f.negative.includes(token));
    if (family && !counts.has(family.id)) counts.set(family.id, 0);
  }
  let best = null;
  for (const [id, n] of counts) if (best === null || n > counts.get(best)) best = id;
  return best;
}
