//! `<sudoku-lab-board>`: a puzzle and its solver, step by step, in a tutorial page or a post,
//! scriptable from the host page.
//!
//! ```html
//! <script type="module" src="https://…/sudoku-lab/js/embed.js"></script>
//! <sudoku-lab-board puzzle="85...24..72…" kind="classic" engine="propagate" level="full"
//!                   start="place:hidden_single" caption controls="playback"></sudoku-lab-board>
//! ```
//!
//! Two isolations, one interface (attributes, methods, events):
//! - **shadow** (the default): the board is built in the element's shadow root from the
//!   page's own modules (app.js and the rest, beside the board's page), with the page's
//!   stylesheets adopted there. Every board of the host page shares one wasm module, one
//!   solver worker (client.js's `SolverPool`) and one copy of the stylesheets. The host page's
//!   styles do not reach inside (but its root font size does: rem).
//! - **frame** (`isolation="frame"`): the board is the page in embed mode in an iframe, and
//!   nothing of the host page reaches it; the page hands the element a private
//!   `MessagePort` once it has said hello from its own origin (embedded.js).
//! Either way the element scripts the board over a `MessagePort` (scripting.js): calls and
//! events are data, and no text becomes markup.
//!
//! Each method returns a promise; calls made before the board is ready wait for it, across
//! reloads of its page (a changed `page` or `isolation`, a frame that reloads); a call in
//! flight when the page goes away (a reload, the element removed from the document) is
//! rejected. A lazy board loads when it comes near the viewport (`loading="eager"`: at once).
//! A page that never answers (a wrong `page`, a blocked frame) rejects `ready` and the waiting
//! calls and fires `error`: a frame `HELLO_TIMEOUT_MS` after its page loaded, a shadow board
//! when the page's modules cannot be loaded.
//!
//! Without a height of its own (CSS), the element takes the height its content needs at its
//! width; with one, the board shrinks so that everything fits the box.
//!
//! Attributes, methods and events are listed in one table in docs/src/embedding.md ("Embedding a
//! board") and typed in board.d.ts.

/** The board's page when the `page` attribute does not name one: beside this module's folder. */
const DEFAULT_PAGE = new URL("../index.html", import.meta.url).href;
const PROTOCOL = 1;
/** How long after its page has loaded a frame may take to say hello. */
const HELLO_TIMEOUT_MS = 10_000;
/** How near the viewport a lazy board in a shadow root loads (as Chromium loads a lazy iframe). */
const LAZY_MARGIN = "1250px";
/** Attributes that choose the puzzle: a change loads it. */
const PUZZLE = ["puzzle", "kind", "format", "alphabet", "example"];
/** Attributes that change how it is solved or opened: a change is sent as settings. */
const SETTINGS = ["engine", "level", "by", "speed", "start", "autoplay"];
/** Attributes of the layout. */
const LAYOUT = ["controls", "caption"];
const EVENTS = ["ready", "solved", "step", "error"];
const DEFAULT_TITLE = "sudoku-lab: a puzzle and its solver, step by step";

/** The element's own rules in frame mode: the frame fills the element. */
const FRAME_STYLE = `
  :host { display: block; position: relative; width: 100%; aspect-ratio: 5 / 6; }
  :host([hidden]) { display: none; }
  iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; color-scheme: normal; }`;
/** The element's own rules in shadow mode: the host page's inherited styles stop here; the
 * board fills the element (its box is the board's `board` container). */
const SHADOW_STYLE = `
  :host { all: initial; display: block; position: relative; width: 100%; aspect-ratio: 5 / 6; }
  :host([hidden]) { display: none; }
  .sl-app { position: absolute; inset: 0; overflow: auto; }`;

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

/**
 * What the shadow boards of one host page share, by the folder of their page (usually one):
 * the page's modules, one solver pool (one worker, the wasm compiled once) and the page's
 * stylesheets, constructed once and adopted by every board.
 */
const shared = new Map();

function sharedFor(page) {
  const base = new URL(".", page).href;
  let entry = shared.get(base);
  if (!entry) {
    const css = (name) => fetch(new URL(name, base)).then((r) => {
      if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
      return r.text();
    });
    entry = Promise.all([
      import(new URL("js/app.js", base).href),
      import(new URL("js/client.js", base).href),
      import(new URL("js/scripting.js", base).href),
      import(new URL("js/skeleton.js", base).href),
      css("styles.css"),
      css("explain.css"),
    ]).then(([app, client, scripting, skeleton, ...texts]) => ({
      createApp: app.createApp,
      createScripting: scripting.createScripting,
      boardSkeleton: skeleton.boardSkeleton,
      pool: new client.SolverPool(),
      sheets: texts.map((text) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        return sheet;
      }),
    }));
    // A failure is not kept: the next board tries again.
    entry.catch(() => shared.delete(base));
    shared.set(base, entry);
  }
  return entry;
}

/** The element's own rules, by isolation: constructed once, adopted by every board. */
const ownSheets = {};
function ownSheet(mode) {
  if (!ownSheets[mode]) {
    ownSheets[mode] = new CSSStyleSheet();
    ownSheets[mode].replaceSync(mode === "frame" ? FRAME_STYLE : SHADOW_STYLE);
  }
  return ownSheets[mode];
}

export class SudokuLabBoard extends HTMLElement {
  static get observedAttributes() {
    return [...PUZZLE, ...SETTINGS, ...LAYOUT, "title", "loading", "page", "isolation"];
  }

  /** The iframe of a frame board (null in shadow mode). */
  frame = null;
  #mode = "";
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
  /** Shadow mode: the app built in the shadow root, the address it was built for, the lazy load's observer. */
  #app = null;
  #shown = null;
  #watch = null;
  #onMessage = (event) => this.#hello(event);

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
    // The height the content asks for, set by the board's size reports: a rule of the shadow
    // root, so any height the host page gives the element wins over it (and adopted after
    // the element's own rules, which it overrides).
    this.#size = new CSSStyleSheet();
  }

  /** "frame" or "shadow" (the default): see the module docs. */
  get isolation() {
    return this.getAttribute("isolation") === "frame" ? "frame" : "shadow";
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
    this.#render();
    // Put back into a document, a board loads its page again: a new handshake.
    this.#navigate(true);
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.#onMessage);
    clearTimeout(this.#helloTimer);
    this.#disconnect(new Error("the board was removed from the document"));
    this.#unmount();
    // Calls made while it is out of a document wait until it is back in one.
    if (this.#ready.settled) this.#ready = deferred();
  }

  attributeChangedCallback(name, before, after) {
    if (!this.isConnected || before === after) return;
    if (name === "title") {
      this.#title();
      return;
    }
    if (name === "loading") {
      if (this.frame) this.frame.loading = after === "eager" ? "eager" : "lazy";
      else if (after === "eager" && this.#watch) this.#mountNow();
      return;
    }
    if (name === "isolation") {
      if (this.isolation === this.#mode) return;
      this.#render();
      this.#navigate(true);
      return;
    }
    if (!this.#port || name === "page") {
      // Not connected yet (the board reads its attributes from its address), or another page.
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

  /** The shadow root's content for the isolation asked for (a change of it empties the other). */
  #render() {
    const mode = this.isolation;
    if (mode === this.#mode) return;
    this.#disconnect(new Error("the board's page was reloaded"));
    this.#unmount();
    this.#mode = mode;
    const root = this.shadowRoot;
    root.adoptedStyleSheets = [ownSheet(mode), this.#size];
    if (mode === "frame") {
      this.frame = document.createElement("iframe");
      this.frame.setAttribute("allow", "clipboard-write");
      this.frame.addEventListener("load", () => this.#loaded());
      root.replaceChildren(this.frame);
    } else {
      this.frame = null;
      root.replaceChildren();
    }
    this.#title();
  }

  /** The board's accessible name: the frame's title, or the shadow board's group label. */
  #title() {
    const title = this.getAttribute("title") || DEFAULT_TITLE;
    if (this.frame) this.frame.title = title;
    this.shadowRoot.querySelector(".sl-app")?.setAttribute("aria-label", title);
  }

  /** Loads the board's page (again when `always`: it reloads) with the attributes as they are. */
  #navigate(always = false) {
    const src = this.src;
    const current = this.frame ? this.frame.getAttribute("src") : this.#shown;
    if (!always && current === src) return;
    this.#disconnect(new Error("the board's page was reloaded"));
    // Who waits for the ready of the page going away waits for the next one.
    if (this.#ready.settled) this.#ready = deferred();
    clearTimeout(this.#helloTimer);
    this.#navigations += 1;
    if (this.frame) {
      this.frame.loading = this.getAttribute("loading") === "eager" ? "eager" : "lazy";
      this.frame.src = src;
    } else {
      this.#unmount();
      this.#shown = src;
    }
    const page = this.page;
    if (!page) {
      this.#fail(`the page attribute must be an http: or https: address, not ${quoted(this.getAttribute("page"))}`);
    } else if (!this.frame) {
      // A shadow board runs the page's modules in the host page: only from the origin of this
      // module or of the host page, never from one an attribute names.
      const own = [new URL(import.meta.url).origin, window.location.origin];
      if (!own.includes(page.origin)) {
        this.#fail(`the page attribute names another origin (${page.origin}): a board from there needs isolation="frame"`);
      } else if (this.getAttribute("loading") === "eager") {
        this.#mountNow();
      } else {
        this.#mountWhenNear();
      }
    }
  }

  /** A lazy shadow board: built once it comes near the viewport. */
  #mountWhenNear() {
    this.#watch = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.#mountNow();
    }, { rootMargin: LAZY_MARGIN });
    this.#watch.observe(this);
  }

  #mountNow() {
    this.#watch?.disconnect();
    this.#watch = null;
    this.#mount(this.#navigations);
  }

  /**
   * Builds the board in the shadow root for navigation `navigation` (a later one makes it
   * stale: what it built goes), then serves its scripting over a channel of its own.
   */
  async #mount(navigation) {
    const page = this.page;
    const stale = () => navigation !== this.#navigations || !this.isConnected;
    let deps;
    try {
      deps = await sharedFor(page);
    } catch (error) {
      if (!stale()) this.#fail(`the board's page (${page.href}) did not answer: check that it is sudoku-lab's index.html and that the page attribute (or the module's place) points at it (${error.message})`);
      return;
    }
    if (stale()) return;
    const root = this.shadowRoot;
    root.adoptedStyleSheets = [ownSheet("shadow"), ...deps.sheets, this.#size];
    root.replaceChildren(deps.boardSkeleton(this.getAttribute("title") || DEFAULT_TITLE));
    const app = deps.createApp(root, {
      params: new URL(this.#shown).searchParams,
      embed: true,
      history: false,
      solver: () => deps.pool.client(),
      stylesheet: async () => {},
      expose: root,
    });
    this.#app = app;
    await app.started;
    if (stale() || this.#app !== app) return;
    if (!app.explain) {
      this.#fail(`the board's page (${page.href}) did not answer: its explain module could not be loaded`);
      return;
    }
    const channel = new MessageChannel();
    deps.createScripting(app, app.explain).connect(channel.port2);
    this.#adopt(channel.port1);
  }

  /** Takes a shadow board down: its runs stop, its listeners go, its markup goes. */
  #unmount() {
    this.#watch?.disconnect();
    this.#watch = null;
    this.#shown = null;
    if (!this.#app) return;
    this.#app.destroy();
    this.#app = null;
    if (this.#mode === "shadow") this.shadowRoot.replaceChildren();
  }

  /**
   * The board cannot start: rejects `ready` (and the calls waiting on it) and fires `error`
   * — after the script that set the attribute has run, so that a listener it adds next
   * hears it, and not at all if the board has been pointed elsewhere since.
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
    if (this.#port || !page || !this.frame) return;
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
    // An attribute has no caller to reject: the board reports its failure as an "error" event.
    call.catch(() => {});
  }

  /** The frame's hello, from the page's origin: hand it a private port. */
  #hello(event) {
    const page = this.page;
    if (!this.frame || !page || event.source !== this.frame.contentWindow || event.origin !== page.origin) return;
    if (event.data?.type !== "sudoku-lab:hello" || event.data.protocol !== PROTOCOL) return;
    clearTimeout(this.#helloTimer);
    // A second hello: the page reloaded by itself, and what was in flight is lost.
    this.#disconnect(new Error("the board's page was reloaded"));
    if (this.#ready.settled) this.#ready = deferred();
    const channel = new MessageChannel();
    this.#adopt(channel.port1);
    this.frame.contentWindow.postMessage({ type: "sudoku-lab:connect", protocol: PROTOCOL }, page.origin, [channel.port2]);
  }

  /** Scripts the board over `port` (its other end served by scripting.js). */
  #adopt(port) {
    this.#port = port;
    this.#port.onmessage = (e) => this.#receive(e.data);
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
   * height; the board is told which (a board of automatic height keeps the stacked layout,
   * or its height would feed back into its layout).
   */
  #resize(detail) {
    const px = Math.max(0, Math.ceil(Number(detail?.height) || 0));
    this.#sized = px;
    this.#size.replaceSync(px ? `:host { height: ${px}px; aspect-ratio: auto; }` : "");
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
