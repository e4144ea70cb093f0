//! The page: wires the board, the editor, validation, sharing and the dialogs, then hands `app` to the explain module.

import { Board } from "./board.js";
import { Editor } from "./editor.js";
import { DEFAULT_EXAMPLE, findExample } from "./examples.js";
import { describeError, loadWasm, problemsOf, readPuzzle } from "./formats.js";
import { ExportDialog, ImportDialog } from "./io.js";
import { emptyModel } from "./model.js";
import { copyText, puzzleFromParams, shareUrl, writeUrl } from "./url.js";

const params = new URLSearchParams(window.location.search);
const embed = ["1", "true", "yes"].includes((params.get("embed") ?? "").toLowerCase());
document.body.classList.toggle("embed", embed);

const statusElement = document.getElementById("status");
const toastElement = document.getElementById("toast");
const listeners = [];
const URL_DELAY_MS = 300;
let statusVersion = 0;
let toastTimer = 0;

/** A short-lived message that does not disturb the status (copied, cleared, …). */
function notify(text) {
  toastElement.textContent = text;
  toastElement.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => toastElement.classList.remove("show"), 4000);
}

const board = new Board(document.getElementById("board"), {
  onCellActivate: (index) => editor.onCellActivate(index),
  onEdgeActivate: (key) => editor.onEdgeActivate(key),
});

const editor = new Editor({
  board,
  root: document.getElementById("editor"),
  onChange: (model, reason) => modelChanged(model, reason),
  onExample: (id) => loadExample(id),
  notify,
});

/** The object the explain module builds on (see the page contract). */
const app = {
  board,
  editor,
  params,
  embed,
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
};
window.sudokuLab = app;

/** Every edit and import goes through here: redraw, listeners, validation, address bar. */
function modelChanged(model, reason) {
  document.querySelector(".layout")?.style.setProperty("--board-min", `${model.size * 1.5}rem`);
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
  if (reason !== "initial") scheduleUrl();
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
window.addEventListener("pagehide", () => urlTimer && flushUrl());

/**
 * An error in place of the board (null: the board again): an embedded board whose puzzle
 * cannot be read shows why and no other puzzle; its controls are hidden meanwhile.
 */
let shownError = null;
function boardError(message) {
  const stage = document.querySelector(".stage");
  let box = document.getElementById("board-error");
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

const importDialog = new ImportDialog({
  onImport: (model) => {
    editor.load(model, "import");
    board.select(0, true);
  },
});
const exportDialog = new ExportDialog({ getModel: () => editor.model, notify });

async function share() {
  const url = shareUrl(editor.model);
  if (await copyText(url)) notify("Link copied: it opens this puzzle.");
  else exportDialog.open("link");
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button || button.disabled) return;
  switch (button.dataset.action) {
    case "import": importDialog.open(); break;
    case "export": exportDialog.open(); break;
    case "share": share(); break;
    default: break;
  }
});

document.addEventListener("paste", (event) => {
  if (!editor.editable || !editor.keysForBoard(event)) return;
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!text.trim()) return;
  event.preventDefault();
  importText(text);
});

/** The first puzzle: from the URL, else the CQOI2013 sample 1 (one click from watching it solve). */
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

/** Keeps the board, the status line and the playback controls on one screen: the space they
 * take below the board is measured, not guessed (the explain module fills #playback). */
function fitBelowBoard() {
  const layout = document.querySelector(".layout");
  const playback = document.getElementById("playback");
  if (!layout || !playback || typeof ResizeObserver === "undefined") return;
  let last = -1;
  const measure = () => {
    const gap = parseFloat(getComputedStyle(document.querySelector(".stage")).rowGap) || 0;
    // Embedded, the caption and the solve controls are under the board too and must fit;
    // on the page the explanation under the board may scroll (it sticks while playing).
    const under = embed ? ".stage > :is(.digit-pad, #log, #solve-controls)" : ".stage > .digit-pad";
    const parts = [statusElement, playback, ...document.querySelectorAll(under)];
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
    const element = document.getElementById(id);
    if (element) observer.observe(element);
  }
  measure();
}
fitBelowBoard();

try {
  await loadWasm();
  start();
} catch (error) {
  console.error(error);
  editor.load(emptyModel(9, "classic"), "initial", { record: false });
  app.setStatus("error", `The solver (WebAssembly) could not be loaded: ${error.message}. Build it with "make wasm".`);
}

import("./explain.js")
  .then(async (module) => {
    const explain = module.install(app);
    if (!embed) app.play = (await import("./play.js")).installPlay(app);
    if (!embed) app.generator = (await import("./generate.js")).installGenerate(app);
    // Inside a <sudoku-lab-board>, the host page scripts the board through embedded.js.
    if (embed) (await import("./embedded.js")).connect(app, explain);
  })
  .catch((error) => console.info(`sudoku-lab: the explain module is not available (${error.message}); editing works without it.`));
