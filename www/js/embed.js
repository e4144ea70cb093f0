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
//! Calls made before the board is ready wait for it, across reloads of its page (a changed
//! `page`, a frame that reloads); a call in flight when the page goes away (a reload, the
//! element removed from the document) is rejected. A page that never says hello (a wrong
//! `page`, a blocked frame) rejects `ready` and the waiting calls, and fires `error`, after
//! `HELLO_TIMEOUT_MS` from the frame's load.
//!
//! Attributes, methods and events are listed in one table in the README ("Embedding a
//! board") and typed in board.d.ts.

/** The board's page when the `page` attribute does not name one: beside this module's folder. */
const DEFAULT_PAGE = new URL("../index.html", import.meta.url).href;
const PROTOCOL = 1;
/** How long after its page has loaded a frame may take to say hello. */
const HELLO_TIMEOUT_MS = 10_000;
/** Attributes that choose the puzzle: a change loads it. */
const PUZZLE = ["puzzle", "kind", "format", "alphabet", "example"];
/** Attributes that change how it is solved or opened: a change is sent as settings. */
const SETTINGS = ["engine", "level", "by", "speed", "start", "autoplay"];
/** Attributes of the layout. */
const LAYOUT = ["controls", "caption"];
const EVENTS = ["ready", "solved", "step", "error"];
const DEFAULT_TITLE = "sudoku-lab: a puzzle and its solver, step by step";

/** An attribute's text for a message: in quotes, cut after 60 characters, controls escaped. */
function quoted(text) {
  const cut = [...String(text)].slice(0, 60).join("");
  const shown = cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
  return `"${shown}${cut.length < String(text).length ? "…" : ""}"`;
}

/** A boolean attribute: present, and not "false", "off", "no" or "0". */
function present(element, name) {
  return element.hasAttribute(name) && !/^(false|off|no|0)$/i.test(element.getAttribute(name).trim());
}

/** A promise with its settle functions, and whether it has settled. */
function deferred() {
  const d = { settled: false };
  d.promise = new Promise((resolve, reject) => {
    d.resolve = (value) => { d.settled = true; resolve(value); };
    d.reject = (error) => { d.settled = true; reject(error); };
  });
  // A board nobody awaits must not report an unhandled rejection.
  d.promise.catch(() => {});
  return d;
}

export class SudokuLabBoard extends HTMLElement {
  static get observedAttributes() {
    return [...PUZZLE, ...SETTINGS, ...LAYOUT, "title", "loading", "page"];
  }

  #port = null;
  #ready = deferred();
  #calls = new Map();
  #nextId = 1;
  #changed = new Set();
  #flush = false;
  #size;
  #sized = 0;
  #autoHeight = null;
  #helloTimer = 0;
  #navigations = 0;
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
    this.frame.addEventListener("load", () => this.#loaded());
    root.append(style, this.#size, this.frame);
  }

  /**
   * The board's page: the `page` attribute (for a bundled site) resolved against the host
   * document, else beside this module; `null` when the attribute is not an http(s) address.
   * Only http(s) is let through: a `javascript:` address would run in the host page's
   * origin, and `data:` or `blob:` would load markup that is not the board.
   */
  get page() {
    const attribute = this.getAttribute("page");
    if (!attribute) return new URL(DEFAULT_PAGE);
    try {
      const url = new URL(attribute, document.baseURI);
      return url.protocol === "http:" || url.protocol === "https:" ? url : null;
    } catch {
      return null;
    }
  }

  /** The page address the board shows: `index.html?embed=1&host=…` and its attributes. */
  get src() {
    const url = this.page;
    if (!url) return "about:blank";
    url.searchParams.set("embed", "1");
    url.searchParams.set("host", window.location.origin);
    for (const name of [...PUZZLE, "engine", "level", "by", "speed", "start", "controls"]) {
      const value = this.getAttribute(name);
      if (value !== null && value !== "") url.searchParams.set(name, value);
    }
    if (present(this, "autoplay")) url.searchParams.set("autoplay", "1");
    if (present(this, "caption")) url.searchParams.set("caption", "1");
    return url.href;
  }

  /** Resolves with the `ready` event's detail once the board can be scripted. */
  get ready() {
    return this.#ready.promise;
  }

  connectedCallback() {
    window.addEventListener("message", this.#onMessage);
    this.frame.loading = this.getAttribute("loading") === "eager" ? "eager" : "lazy";
    this.frame.title = this.getAttribute("title") || DEFAULT_TITLE;
    // Put back into a document, an iframe loads its page again: a new handshake.
    this.#navigate(true);
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.#onMessage);
    clearTimeout(this.#helloTimer);
    this.#disconnect(new Error("the board was removed from the document"));
    // Calls made while it is out of a document wait until it is back in one.
    if (this.#ready.settled) this.#ready = deferred();
  }

  attributeChangedCallback(name, before, after) {
    if (!this.isConnected || before === after) return;
    if (name === "title") {
      this.frame.title = after || DEFAULT_TITLE;
      return;
    }
    if (name === "loading") return;
    if (!this.#port || name === "page") {
      // Not connected yet (the page reads its attributes from the address), or another page.
      this.#navigate(name === "page");
      return;
    }
    this.#changed.add(name);
    // Several attributes set in one script go over as one change.
    if (!this.#flush) {
      this.#flush = true;
      queueMicrotask(() => this.#send());
    }
  }

  /** Points the frame at `src` (again when `always`: it reloads). */
  #navigate(always = false) {
    const src = this.src;
    if (!always && this.frame.getAttribute("src") === src) return;
    this.#disconnect(new Error("the board's page was reloaded"));
    // Who waits for the ready of the page going away waits for the next one.
    if (this.#ready.settled) this.#ready = deferred();
    clearTimeout(this.#helloTimer);
    this.#navigations += 1;
    this.frame.src = src;
    if (!this.page) this.#fail(`the page attribute must be an http: or https: address, not ${quoted(this.getAttribute("page"))}`);
  }

  /**
   * The board cannot start: rejects `ready` (and the calls waiting on it) and fires `error`
   * — after the script that set the attribute has run, so that a listener it adds next
   * hears it, and not at all if the frame has been pointed elsewhere since.
   */
  #fail(message) {
    const navigation = this.#navigations;
    queueMicrotask(() => {
      if (navigation !== this.#navigations || this.#port) return;
      this.#ready.reject(Object.assign(new Error(message), { cells: [] }));
      this.dispatchEvent(new CustomEvent("error", { detail: { message, cells: [] } }));
    });
  }

  /** Forgets the port; rejects the calls in flight on it. */
  #disconnect(error) {
    this.#port?.close();
    this.#port = null;
    for (const { reject } of this.#calls.values()) reject(error);
    this.#calls.clear();
  }

  /** The frame's page has loaded: it must say hello soon, or it is not a board's page. */
  #loaded() {
    clearTimeout(this.#helloTimer);
    const page = this.page;
    if (this.#port || !page) return;
    this.#helloTimer = setTimeout(() => {
      if (this.#port) return;
      this.#fail(`the board's page (${page.href}) did not answer: check that it is sudoku-lab's index.html and that the page attribute (or the module's place) points at it`);
    }, HELLO_TIMEOUT_MS);
  }

  #send() {
    this.#flush = false;
    const changed = this.#changed;
    this.#changed = new Set();
    const attr = (name) => this.getAttribute(name);
    const settings = {};
    for (const name of SETTINGS) if (changed.has(name)) settings[name] = name === "autoplay" ? present(this, name) : attr(name) ?? "";
    if (changed.has("controls")) settings.controls = attr("controls") ?? "";
    if (changed.has("caption")) settings.caption = present(this, "caption");
    const call = PUZZLE.some((name) => changed.has(name))
      ? this.load(attr("puzzle"), {
        kind: attr("kind") ?? undefined,
        format: attr("format") ?? undefined,
        alphabet: attr("alphabet") ?? undefined,
        example: attr("example") ?? undefined,
        ...settings,
      })
      : this.#call("configure", [settings]);
    // An attribute has no caller to reject: the frame reports its failure as an "error" event.
    call.catch(() => {});
  }

  /** The frame's hello, from the page's origin: hand it a private port. */
  #hello(event) {
    const page = this.page;
    if (!page || event.source !== this.frame.contentWindow || event.origin !== page.origin) return;
    if (event.data?.type !== "sudoku-lab:hello" || event.data.protocol !== PROTOCOL) return;
    clearTimeout(this.#helloTimer);
    // A second hello: the page reloaded by itself, and what was in flight is lost.
    this.#disconnect(new Error("the board's page was reloaded"));
    if (this.#ready.settled) this.#ready = deferred();
    const channel = new MessageChannel();
    this.#port = channel.port1;
    this.#port.onmessage = (e) => this.#receive(e.data);
    this.frame.contentWindow.postMessage({ type: "sudoku-lab:connect", protocol: PROTOCOL }, page.origin, [channel.port2]);
    this.#autoHeight = null;
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
    if (event === "size") return this.#resize(detail);
    if (!EVENTS.includes(event)) return;
    if (event === "ready") this.#ready.resolve(detail);
    this.dispatchEvent(new CustomEvent(event, { detail }));
  }

  /**
   * The height the content needs: the element takes it unless the host page gives it a
   * height; the frame is told which (a frame of automatic height keeps the stacked layout,
   * or its height would feed back into its layout).
   */
  #resize(detail) {
    const px = Math.max(0, Math.ceil(Number(detail?.height) || 0));
    this.#sized = px;
    this.#size.textContent = px ? `:host { height: ${px}px; aspect-ratio: auto; }` : "";
    requestAnimationFrame(() => {
      if (!this.#port || this.#sized !== px) return;
      const auto = Math.abs(this.getBoundingClientRect().height - px) < 1;
      if (auto !== this.#autoHeight) {
        this.#autoHeight = auto;
        this.#call("configure", [{ autoHeight: auto }]).catch(() => {});
      }
    });
  }

  async #call(method, args = []) {
    // Waits for the board across reloads: a reload replaces the promise it waited on.
    let ready = this.#ready;
    await ready.promise;
    while (!this.#port && ready !== this.#ready) {
      ready = this.#ready;
      await ready.promise;
    }
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

  /** Shows another puzzle: `options` kind, format, alphabet, engine, level, by, speed, start, autoplay. */
  load(puzzle, options = {}) {
    return this.#call("load", [puzzle, options]);
  }
}

if (!customElements.get("sudoku-lab-board")) customElements.define("sudoku-lab-board", SudokuLabBoard);
