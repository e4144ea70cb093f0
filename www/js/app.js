//! One app — the board, the editor, validation, the status line, sharing and the dialogs —
//! built by `createApp(root)` in the root it is given: the page's Document (page.js), or the
//! ShadowRoot of a `<sudoku-lab-board>` (embed.js). Everything it looks up is inside that
//! root; its listeners outside it (the window's) end with `app.destroy()`. Once the wasm
//! module is in, the explain part joins it, then Play and New puzzle where the root has
//! their sections; `app.started` resolves then.

import { Board } from "./board.js";
import { Editor } from "./editor.js";
import { DEFAULT_EXAMPLE, findExample } from "./examples.js";
import { describeError, loadWasm, problemsOf, readPuzzle } from "./formats.js";
import { ExportDialog, ImportDialog } from "./io.js";
import { emptyModel } from "./model.js";
import { copyText, puzzleFromParams, shareUrl, writeUrl } from "./url.js";
import { SolverClient } from "./client.js";
import { elementViewport, windowViewport } from "./viewport.js";

const URL_DELAY_MS = 300;
const TOAST_MS = 4000;

/**
 * Builds one app in `root` (a Document or a ShadowRoot holding the page's markup: #board,
 * #status, #playback, and whichever panels it has). Options, each with the page's default:
 * `params` (URLSearchParams: the page's address, or a board's attributes), `embed` (a board:
 * read-only, its own layout; from `params`), `history` (the address bar follows the puzzle:
 * a Document's), `solver()` (a new SolverClient for a part that runs the solver: of a pool
 * the boards of a page share), `viewport` (viewport.js), `stylesheet(name)` (loads one of
 * the page's stylesheets into the root: a promise), `expose` (where the test and scripting
 * hooks `sudokuLab` and `sudokuLabExplain` go: the window for the page).
 */
export function createApp(root, options = {}) {
  const isDocument = root.nodeType === Node.DOCUMENT_NODE;
  const win = root.defaultView ?? window;
  const params = options.params ?? new URLSearchParams(isDocument ? win.location.search : "");
  const embed = options.embed ?? ["1", "true", "yes"].includes((params.get("embed") ?? "").toLowerCase());
  const history = options.history ?? isDocument;
  const lifetime = new AbortController();
  const signal = lifetime.signal;
  const element = isDocument ? root.documentElement : root.querySelector(".sl-app");
  element.classList.toggle("embed", embed);

  const statusElement = root.getElementById("status");
  const toastElement = root.getElementById("toast");
  const listeners = [];
  let statusVersion = 0;
  let toastTimer = 0;

  /** A short-lived message that does not disturb the status (copied, cleared, …). */
  function notify(text) {
    if (!toastElement) return;
    toastElement.textContent = text;
    toastElement.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toastElement.classList.remove("show"), TOAST_MS);
  }

  const board = new Board(root.getElementById("board"), {
    onCellActivate: (index) => editor.onCellActivate(index),
    onEdgeActivate: (key) => editor.onEdgeActivate(key),
  }, { signal, sparseEdges: embed });
  const viewport = options.viewport ?? (isDocument ? windowViewport(win) : elementViewport(element, signal));
  const editor = new Editor({
    board,
    root: root.getElementById("editor"),
    scope: root,
    viewport,
    signal,
    onChange: (model, reason) => modelChanged(model, reason),
    onExample: (id) => loadExample(id),
    notify,
  });

  /** The object the explain, play and generate parts build on (the page contract). */
  const app = {
    root,
    /** The element the app's state classes go on (`embed`, `ex-session`, …): <html> of the page. */
    element,
    board,
    editor,
    params,
    embed,
    viewport,
    /** Aborts when the app is taken down: listeners outside the root go with it. */
    signal,
    /** A client of the solver's worker, for one part (its calls cancel only each other). */
    solverClient: () => options.solver?.() ?? new SolverClient(),
    /** Loads `name` (explain.css) into the root; resolves once its rules apply. */
    stylesheet: (name) => (options.stylesheet ?? linkStylesheet)(name),
    /** The current puzzle model (replaced, never mutated, by edits). */
    getModel: () => editor.model,
    /** Calls `callback(model, reason)` after every edit or import; returns an unsubscribe function. */
    onModelChange(callback) {
      listeners.push(callback);
      return () => listeners.splice(listeners.indexOf(callback) >>> 0, 1);
    },
    /** state: "" | "unique" | "several" | "none" | "invalid" | "error" | "working" | "limit". */
    setStatus(state, text = "") {
      statusVersion++;
      statusElement.dataset.status = state ?? "";
      statusElement.textContent = text ?? "";
    },
    /** Locks (true) or unlocks (false) editing while the solver runs or an animation plays. */
    locked(flag, reason = "") {
      editor.setLocked(flag, reason);
    },
    /** Draws the puzzle afresh and tells the listeners, as after an edit, without changing
     * it (Play mode taking the board over, and giving it back). */
    redraw(reason) {
      modelChanged(editor.model, reason);
    },
    /** Replaces the puzzle, as an import does. */
    loadModel(model, reason = "load") {
      boardError(null);
      editor.load(model, reason);
    },
    /**
     * Reads `text` (with `kind`, `format`, `alphabet` when given) and shows it; when it cannot
     * be read, shows the error in place of the board (no other puzzle) and throws it, with
     * the message in the words of `hints` ("menus" of the page, "attributes" of an embed).
     */
    loadText(text, { kind, format, alphabet } = {}, hints = "menus", beforeShow = () => {}) {
      let model;
      try {
        model = readPuzzle(String(text), { kind, format, alphabet });
      } catch (error) {
        const message = `The puzzle could not be read. ${describeError(error, { hints })}`;
        boardError(message);
        throw Object.assign(new Error(message), { cells: [] });
      }
      // What must hold when the new puzzle is shown (settings its listeners read) goes first.
      beforeShow(model);
      app.loadModel(model, "load");
      return model;
    },
    /** The error shown in place of the board (null: none), as `{message, cells}`. */
    get boardError() {
      return shownError;
    },
    notify,
    /** Takes the app down: its runs stop, its listeners outside the root go. */
    destroy() {
      lifetime.abort();
      clearTimeout(urlTimer);
      clearTimeout(toastTimer);
    },
  };
  if (options.expose) options.expose.sudokuLab = app;

  /** Every edit and import goes through here: redraw, listeners, validation, address bar. */
  function modelChanged(model, reason) {
    root.querySelector(".layout")?.style.setProperty("--board-min", `${model.size * 1.5}rem`);
    board.resetOverlays();
    board.render(model);
    const before = statusVersion;
    for (const callback of listeners) {
      try {
        callback(model, reason);
      } catch (error) {
        console.error("model change listener failed:", error);
      }
    }
    validate(model, before);
    if (reason !== "initial" && history) scheduleUrl();
  }

  /** The address bar follows the puzzle shortly after the last edit (history updates are slow
   * in Chromium and throttled when frequent, so a burst of clicks writes it once). */
  let urlTimer = 0;
  function scheduleUrl() {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(flushUrl, URL_DELAY_MS);
  }
  function flushUrl() {
    clearTimeout(urlTimer);
    urlTimer = 0;
    writeUrl(editor.model);
  }
  if (history) win.addEventListener("pagehide", () => urlTimer && flushUrl(), { signal });

  /**
   * An error in place of the board (null: the board again): an embedded board whose puzzle
   * cannot be read shows why and no other puzzle; its controls are hidden meanwhile.
   */
  let shownError = null;
  function boardError(message) {
    const stage = root.querySelector(".stage");
    let box = root.getElementById("board-error");
    if (message === null) {
      shownError = null;
      stage?.classList.remove("board-failed");
      box?.remove();
      return;
    }
    shownError = { message, cells: [] };
    if (!box) {
      box = document.createElement("div");
      box.id = "board-error";
      box.className = "board-error";
      box.setAttribute("role", "alert");
      stage?.prepend(box);
    }
    box.textContent = message;
    stage?.classList.add("board-failed");
    app.setStatus("error", message);
  }

  /** Marks the cells of every problem and shows the first; clears a stale status when sound. */
  function validate(model, statusBefore = statusVersion) {
    const problems = problemsOf(model);
    if (problems.length > 0) {
      board.markErrors([...new Set(problems.flatMap((p) => p.cells))]);
      const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
      app.setStatus("invalid", problems[0].message + more);
    } else {
      board.clearErrors();
      const stale = statusVersion === statusBefore || statusElement.dataset.status === "invalid";
      if (stale) app.setStatus("", "");
    }
  }

  function loadExample(id, reason = "example") {
    const example = findExample(id);
    if (!example) return false;
    const model = readPuzzle(example.text, { kind: example.kind });
    editor.load(model, reason);
    editor.showExample(example);
    return true;
  }

  wireDialogs({ root, editor, board, notify, signal });

  /** The first puzzle: from the parameters, else the CQOI2013 sample 1 (one click from watching it solve). */
  function start() {
    const wanted = puzzleFromParams(params);
    if (wanted?.model) {
      editor.load(wanted.model, "initial", { record: false });
    } else if (wanted?.example && loadExample(wanted.example, "initial")) {
      // Loaded by id.
    } else if (embed && wanted?.error) {
      // An embedded board shows its own puzzle or why it cannot: never another one.
      editor.load(emptyModel(9, "classic"), "initial", { record: false });
      boardError(`The puzzle could not be read. ${describeError(wanted.error, { hints: "attributes" })}`);
    } else {
      loadExample(DEFAULT_EXAMPLE, "initial");
      if (wanted?.error) {
        app.setStatus("error", `The puzzle in the link could not be read. ${describeError(wanted.error)}`);
      }
    }
    editor.undoStack = [];
    editor.sync();
    if (embed) editor.setReadOnly(true);
  }

  fitBelowBoard({ root, embed, statusElement, signal });

  app.started = (async () => {
    try {
      await loadWasm();
      if (signal.aborted) return app;
      start();
    } catch (error) {
      console.error(error);
      editor.load(emptyModel(9, "classic"), "initial", { record: false });
      app.setStatus("error", `The solver (WebAssembly) could not be loaded: ${error.message}. Build it with "make wasm".`);
    }
    try {
      const explain = (await import("./explain.js")).installExplain(app);
      app.explain = explain;
      if (options.expose) options.expose.sudokuLabExplain = explain;
      if (!embed && root.getElementById("play")) app.play = (await import("./play.js")).installPlay(app);
      if (!embed && root.getElementById("generate")) app.generator = (await import("./generate.js")).installGenerate(app);
    } catch (error) {
      console.info(`sudoku-lab: the explain module is not available (${error.message}); editing works without it.`);
    }
    return app;
  })();
  return app;
}

/** The page's way to load a stylesheet: a <link> beside index.html, once. */
function linkStylesheet(name) {
  let link = document.querySelector(`link[href="${name}"]`);
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = name;
    document.head.append(link);
  }
  if (link.sheet) return Promise.resolve(link.sheet);
  return new Promise((resolve) => link.addEventListener("load", () => resolve(link.sheet), { once: true }));
}

/** Import, export and sharing, where the root has their dialogs (the page), and paste on the board. */
function wireDialogs({ root, editor, board, notify, signal }) {
  if (!root.getElementById("import-dialog")) return;
  const importDialog = new ImportDialog({
    root,
    onImport: (model) => {
      editor.load(model, "import");
      board.select(0, true);
    },
  });
  const exportDialog = new ExportDialog({ root, getModel: () => editor.model, notify });

  async function share() {
    const url = shareUrl(editor.model);
    if (await copyText(url)) notify("Link copied: it opens this puzzle.");
    else exportDialog.open("link");
  }

  /** Loads a pasted text; on failure opens the import dialog with the text and the error. */
  function importText(text) {
    try {
      editor.load(readPuzzle(text), "import");
      notify("Imported the puzzle from the clipboard. Ctrl+Z undoes.");
    } catch {
      importDialog.open(text);
      importDialog.apply();
    }
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    switch (button.dataset.action) {
      case "import": importDialog.open(); break;
      case "export": exportDialog.open(); break;
      case "share": share(); break;
      default: break;
    }
  }, { signal });

  root.addEventListener("paste", (event) => {
    if (!editor.editable || !editor.keysForBoard(event)) return;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (!text.trim()) return;
    event.preventDefault();
    importText(text);
  }, { signal });
}

/** Keeps the board, the status line and the playback controls on one screen: the space they
 * take below the board is measured, not guessed (the explain part fills #playback). */
function fitBelowBoard({ root, embed, statusElement, signal }) {
  const layout = root.querySelector(".layout");
  const playback = root.getElementById("playback");
  const stage = root.querySelector(".stage");
  if (!layout || !playback || typeof ResizeObserver === "undefined") return;
  let last = -1;
  const measure = () => {
    if (signal.aborted) return;
    const gap = parseFloat(getComputedStyle(stage).rowGap) || 0;
    // Embedded, the caption and the solve controls are under the board too and must fit;
    // on the page the explanation under the board may scroll (it sticks while playing).
    const under = embed ? ".stage > :is(.digit-pad, #log, #solve-controls)" : ".stage > .digit-pad";
    const parts = [statusElement, playback, ...root.querySelectorAll(under)];
    const below = parts.reduce((sum, el) => (el.offsetHeight > 0 ? sum + el.offsetHeight + gap : sum), 0);
    const px = Math.ceil(below + 8);
    if (Math.abs(px - last) > 2) {
      last = px;
      layout.style.setProperty("--below-board", `${px}px`);
    }
  };
  const observer = new ResizeObserver(() => requestAnimationFrame(measure));
  observer.observe(playback);
  observer.observe(statusElement);
  for (const id of ["log", "solve-controls"]) {
    const element = root.getElementById(id);
    if (element) observer.observe(element);
  }
  signal.addEventListener("abort", () => observer.disconnect());
  // The page measures at once; a board in a shadow root when the observer first reports
  // (a measure now would force a layout of the host page while the board is being built).
  if (root.nodeType === Node.DOCUMENT_NODE) measure();
}
