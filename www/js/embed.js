//! `<sudoku-lab-board>`: a puzzle and its solver, step by step, in a tutorial page or a post,
//! scriptable from the host page.
//!
//! ```html
//! <script type="module" src="https://…/sudoku-lab/js/embed.js"></script>
//! <sudoku-lab-board puzzle="85...24..72…" kind="classic" engine="propagate" level="full"
//!                   start="place:hidden_single" caption controls="playback"></sudoku-lab-board>
//! ```
//!
//! The board is the page in embed mode inside an iframe: nothing of the host page's styles or
//! scripts reaches it, and it reads nothing of the host page. The element talks to it over a
//! private `MessagePort` handed over once the frame has said hello from the page's own
//! origin (the protocol is in embedded.js). Each method returns a promise; calls made before
//! the board is ready wait for it (a lazy board loads when it comes near the viewport; set
//! `loading="eager"` to load at once).
//!
//! Without a height of its own (CSS), the element takes the height its content needs at its
//! width; with one, the board shrinks so that everything fits the box.
//!
//! Attributes, methods and events are listed in one table in the README ("Embedding a
//! board") and typed in board.d.ts.

const PAGE_URL = new URL("../index.html", import.meta.url);
const PAGE_ORIGIN = PAGE_URL.origin;
const PROTOCOL = 1;
/** Attributes that choose the puzzle: a change loads it. */
const PUZZLE = ["puzzle", "kind", "format", "alphabet", "example"];
/** Attributes that change how it is solved or opened: a change is sent as settings. */
const SETTINGS = ["engine", "level", "speed", "start", "autoplay"];
/** Attributes of the layout. */
const LAYOUT = ["controls", "caption"];
const EVENTS = ["ready", "solved", "step", "error"];

/** A boolean attribute: present and not "false". */
function present(element, name) {
  return element.hasAttribute(name) && element.getAttribute(name) !== "false";
}

export class SudokuLabBoard extends HTMLElement {
  static get observedAttributes() {
    return [...PUZZLE, ...SETTINGS, ...LAYOUT, "title", "loading"];
  }

  #port = null;
  #ready = null;
  #calls = new Map();
  #nextId = 1;
  #changed = new Set();
  #flush = false;
  #size;
  #onMessage = (event) => this.#hello(event);

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = `
      :host { display: block; position: relative; width: 100%; aspect-ratio: 5 / 6; }
      :host([hidden]) { display: none; }
      iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; color-scheme: normal; }`;
    // The height the content asks for, set by the frame's size reports: a rule of the shadow
    // root, so any height the host page gives the element wins over it.
    this.#size = document.createElement("style");
    this.frame = document.createElement("iframe");
    this.frame.setAttribute("allow", "clipboard-write");
    root.append(style, this.#size, this.frame);
    this.#reset();
  }

  /** The page address the board shows: `index.html?embed=1&host=…` and its attributes. */
  get src() {
    const url = new URL(PAGE_URL);
    url.searchParams.set("embed", "1");
    url.searchParams.set("host", window.location.origin);
    for (const name of [...PUZZLE, "engine", "level", "speed", "start", ...LAYOUT]) {
      const value = this.getAttribute(name);
      if (value !== null && (value !== "" || name === "caption")) url.searchParams.set(name, value);
    }
    if (present(this, "autoplay")) url.searchParams.set("autoplay", "1");
    if (!present(this, "caption")) url.searchParams.delete("caption");
    return url.href;
  }

  /** Resolves with the `ready` event's detail once the board can be scripted. */
  get ready() {
    return this.#ready.promise;
  }

  connectedCallback() {
    window.addEventListener("message", this.#onMessage);
    this.frame.loading = this.getAttribute("loading") === "eager" ? "eager" : "lazy";
    this.frame.title = this.getAttribute("title") || "sudoku-lab: a puzzle and its solver, step by step";
    // Put back into a document, an iframe loads its page again: a new handshake.
    this.#reset();
    this.#navigate(true);
  }

  /** Points the frame at `src` (again when `always`: it reloads). */
  #navigate(always = false) {
    const src = this.src;
    if (!always && this.frame.getAttribute("src") === src) return;
    this.#reset();
    this.frame.src = src;
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.#onMessage);
    this.#port?.close();
    this.#port = null;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.isConnected || before === after) return;
    if (name === "title") {
      this.frame.title = after || "sudoku-lab: a puzzle and its solver, step by step";
      return;
    }
    if (name === "loading") return;
    if (!this.#port) {
      // Not connected yet: the page reads its attributes from the address.
      if (this.frame.hasAttribute("src")) this.#navigate();
      return;
    }
    this.#changed.add(name);
    // Several attributes set in one script go over as one change.
    if (!this.#flush) {
      this.#flush = true;
      queueMicrotask(() => this.#send());
    }
  }

  #send() {
    this.#flush = false;
    const changed = this.#changed;
    this.#changed = new Set();
    const attr = (name) => this.getAttribute(name);
    const settings = {};
    for (const name of SETTINGS) if (changed.has(name)) settings[name] = name === "autoplay" ? present(this, name) : attr(name) ?? "";
    for (const name of LAYOUT) if (changed.has(name)) settings[name] = name === "caption" ? (present(this, name) ? "on" : null) : attr(name) ?? "";
    const call = PUZZLE.some((name) => changed.has(name))
      ? this.load(attr("puzzle") ?? "", { kind: attr("kind") ?? undefined, format: attr("format") ?? undefined, alphabet: attr("alphabet") ?? undefined, ...settings })
      : this.#call("configure", [settings]);
    // An attribute has no caller to reject: its failure is the "error" event.
    call.catch(() => {});
  }

  #reset() {
    this.#port?.close();
    this.#port = null;
    for (const { reject } of this.#calls.values()) reject(new Error("the board was reloaded"));
    this.#calls.clear();
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    this.#ready = { promise, resolve };
  }

  /** The frame's hello, from the page's origin: hand it a private port. */
  #hello(event) {
    if (event.source !== this.frame.contentWindow || event.origin !== PAGE_ORIGIN) return;
    if (event.data?.type !== "sudoku-lab:hello" || event.data.protocol !== PROTOCOL) return;
    this.#port?.close();
    const channel = new MessageChannel();
    this.#port = channel.port1;
    this.#port.onmessage = (e) => this.#receive(e.data);
    this.frame.contentWindow.postMessage({ type: "sudoku-lab:connect", protocol: PROTOCOL }, PAGE_ORIGIN, [channel.port2]);
  }

  #receive(message) {
    if (!message || typeof message !== "object") return;
    if (Number.isInteger(message.id)) {
      const call = this.#calls.get(message.id);
      if (!call) return;
      this.#calls.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(Object.assign(new Error(message.error?.message ?? "the board failed"), { cells: message.error?.cells ?? [] }));
      return;
    }
    const { event, detail } = message;
    if (event === "size") {
      const px = Math.max(0, Math.ceil(Number(detail?.height) || 0));
      this.#size.textContent = px ? `:host { height: ${px}px; aspect-ratio: auto; }` : "";
      return;
    }
    if (!EVENTS.includes(event)) return;
    if (event === "ready") this.#ready.resolve(detail);
    this.dispatchEvent(new CustomEvent(event, { detail }));
  }

  async #call(method, args = []) {
    await this.#ready.promise;
    const port = this.#port;
    if (!port) throw new Error("the board is not connected");
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      port.postMessage({ id, method, args });
    });
  }

  /** Solves at once: `{status, solution, engine, nodes}`. */
  solve() {
    return this.#call("solve");
  }

  /** Traces the search and plays it: `{status, solution, engine, events}` once traced. */
  explain() {
    return this.#call("explain");
  }

  /** Plays (tracing first when there is no trace): where playback is. */
  play() {
    return this.#call("play");
  }

  pause() {
    return this.#call("pause");
  }

  /** `n` events forward, or back when negative: `{position, event, sentence, …}`. */
  step(n = 1) {
    return this.#call("step", [n]);
  }

  /** To an event: a number (`#12` is 12), "start", "end", or `kind[:rule][#n]`. */
  seek(target) {
    return this.#call("seek", [target]);
  }

  /** Highlights cells (`["r1c1", "r5c5"]`); `[]` clears. */
  highlight(cells = []) {
    return this.#call("highlight", [cells]);
  }

  /** Shows another puzzle: `options` kind, format, alphabet, engine, level, speed, start, autoplay. */
  load(puzzle, options = {}) {
    return this.#call("load", [puzzle, options]);
  }
}

if (!customElements.get("sudoku-lab-board")) customElements.define("sudoku-lab-board", SudokuLabBoard);
