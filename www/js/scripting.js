//! A board's scripting interface, served over a `MessagePort` to its `<sudoku-lab-board>`
//! element (embed.js): the same for a board in an iframe (the port is handed over by the
//! handshake of embedded.js) and for a board in the element's shadow root (the element
//! opens a channel to it directly).
//!
//! Over the port the element sends calls `{id, method, args}` and the board answers
//! `{id, ok: true, value}` or `{id, ok: false, error: {message, cells}}`; the board sends
//! events `{event, detail}`: `ready`, `step`, `solved`, `error`, and `size` (the height the
//! board's content needs at its width, for an element of automatic height). Messages are
//! data only (structured clone): no text from the host is ever parsed as markup.

import { version } from "../pkg/sudoku_lab.js";
import { findExample } from "./examples.js";
import { isOn } from "./url.js";

export const PROTOCOL = 1;

/** Settings a call may change (and `controls`, `caption`, `autoHeight`: the layout). */
const SETTINGS = ["engine", "level", "by", "speed", "start", "autoplay"];
const KIND_WORDS = { classic: "Sudoku", inequality: "Inequality sudoku", futoshiki: "Futoshiki" };

/**
 * Scripting for the board `app` with its explain part `explain`: `connect(port)` serves a
 * port (a second one replaces the first: the element reconnected); until then events are
 * dropped. Ends with the app (`app.signal`).
 */
export function createScripting(app, explain) {
  let port = null;
  const send = (message) => port?.postMessage(message);
  for (const type of ["step", "solved", "error"]) {
    explain.events.addEventListener(type, (event) => send({ event: type, detail: event.detail }));
  }

  const readyDetail = () => {
    const model = app.boardError ? null : app.getModel();
    return {
      version: version(),
      protocol: PROTOCOL,
      size: model?.size ?? null,
      kind: model?.kind ?? null,
      error: app.boardError,
    };
  };

  /**
   * Sets the puzzle (text in any format, a model object, or `options.example`): resolves once
   * it is shown and opened as `start`/`autoplay` say. A puzzle that cannot be read leaves the
   * error in place of the board, no trace behind it, and an "error" event.
   */
  async function load(puzzle, options = {}) {
    let text = puzzle === null || puzzle === undefined ? "" : typeof puzzle === "string" ? puzzle : JSON.stringify(puzzle);
    let kind = options.kind;
    if (!text && options.example) {
      const example = findExample(String(options.example));
      if (example) [text, kind] = [example.text, kind ?? example.kind];
    }
    explain.clear();
    try {
      app.loadText(text, { kind, format: options.format, alphabet: options.alphabet }, "attributes", () => configure(options, { reopen: false }));
    } catch (error) {
      describeBoard();
      const problem = { message: error.message, cells: error.cells ?? [] };
      send({ event: "error", detail: problem });
      reportSize(true);
      throw error;
    }
    describeBoard();
    await explain.open();
    const model = app.getModel();
    return { size: model.size, kind: model.kind, ...explain.here() };
  }

  function configure(options = {}, { reopen = true } = {}) {
    const settings = {};
    for (const name of SETTINGS) if (options[name] !== undefined) settings[name] = options[name];
    if (settings.autoplay !== undefined) settings.autoplay = isOn(settings.autoplay);
    if (options.autoHeight !== undefined) {
      app.element.classList.toggle("ex-auto-height", Boolean(options.autoHeight));
      reportSize(true);
    }
    explain.configure(settings, { reopen: reopen && !app.boardError });
    if (options.controls !== undefined || options.caption !== undefined) {
      const layout = explain.layout;
      return explain.embedLayout({
        controls: options.controls ?? layout.controls,
        caption: options.caption === undefined ? layout.caption : options.caption,
      });
    }
    return null;
  }

  /** A board showing why its puzzle could not be read has nothing to solve or play. */
  const onBoard = (run) => (...args) => {
    if (app.boardError) throw Object.assign(new Error(app.boardError.message), { cells: app.boardError.cells });
    return run(...args);
  };
  const methods = {
    solve: onBoard(() => explain.solve()),
    explain: onBoard(() => explain.explain()),
    play: onBoard(() => explain.play()),
    pause: onBoard(() => explain.pause()),
    step: onBoard((n) => explain.step(n)),
    seek: onBoard((target) => explain.seek(target)),
    highlight: onBoard((cells) => explain.highlight(cells)),
    load,
    configure: (options) => {
      configure(options);
      return explain.here();
    },
    state: () => ({ phase: explain.phase, ...explain.here(), error: app.boardError }),
  };

  async function handle(message) {
    const { id, method, args } = message ?? {};
    if (!Number.isInteger(id)) return;
    const run = Object.hasOwn(methods, method) ? methods[method] : null;
    try {
      if (!run) throw new Error(`the board has no method ${JSON.stringify(String(method)).slice(0, 40)}`);
      const value = await run(...(Array.isArray(args) ? args : []));
      send({ id, ok: true, value });
    } catch (error) {
      send({ id, ok: false, error: { message: error?.message ?? String(error), cells: error?.cells ?? [] } });
    }
  }

  // ── The height the content needs (for a host element without a height of its own) ──
  let sentHeight = 0;
  function reportSize(force = false) {
    if (app.signal.aborted) return;
    const height = naturalHeight();
    if (force || Math.abs(height - sentHeight) > 2) {
      sentHeight = height;
      send({ event: "size", detail: { height } });
    }
  }
  /** The stacked layout's height at this width: the board as wide as the box allows, and
   * what is under it (measured by app.js into --below-board). */
  function naturalHeight() {
    const layout = app.root.querySelector(".layout");
    const style = getComputedStyle(layout);
    const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const side = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const cap = parseFloat(style.getPropertyValue("--board-cap-px")) || 768;
    const below = parseFloat(style.getPropertyValue("--below-board")) || 0;
    if (app.boardError) return Math.ceil(pad + (app.root.getElementById("board-error")?.offsetHeight ?? 0));
    return Math.ceil(pad + Math.min(app.viewport.width() - side, cap) + below);
  }
  const resized = () => requestAnimationFrame(() => reportSize());
  if (typeof ResizeObserver !== "undefined") {
    const observer = new ResizeObserver(resized);
    observer.observe(app.root.querySelector(".stage"));
    app.signal.addEventListener("abort", () => observer.disconnect());
  }
  app.viewport.onResize(() => reportSize(), app.signal);

  /** The board's name for screen readers ("sudoku-lab board: Sudoku 9×9 with 32 givens"). */
  function describeBoard() {
    const name = app.root.querySelector(".board-name");
    const model = app.getModel();
    if (!name || !model) return;
    const kind = KIND_WORDS[model.kind] ?? model.kind;
    const givens = model.givens.filter((d) => d > 0).length;
    const relations = model.relations?.size ?? 0;
    const markers = model.markers?.size ?? 0;
    const extra = (relations ? ` and ${relations} relation${relations === 1 ? "" : "s"}` : "")
      + (markers ? ` and ${markers} marker${markers === 1 ? "" : "s"} between cells` : "");
    name.textContent = app.boardError
      ? "sudoku-lab board: the puzzle could not be read"
      : `sudoku-lab board: ${kind} ${model.size}×${model.size} with ${givens} given${givens === 1 ? "" : "s"}${extra}`;
  }
  describeBoard();
  app.signal.addEventListener("abort", () => port?.close());

  return {
    /**
     * Serves `offered`: the board's events go to it, its calls are answered. The error first:
     * once `ready` resolves, the element has heard why the puzzle is not shown (messages of
     * one port arrive in order).
     */
    connect(offered) {
      port?.close();
      port = offered;
      port.onmessage = (e) => handle(e.data);
      if (app.boardError) send({ event: "error", detail: app.boardError });
      send({ event: "ready", detail: readyDetail() });
      // A board that opened (at `start`) before the element connected says where it is.
      if (explain.session) send({ event: "step", detail: explain.here() });
      // Its size once laid out: a measure now would force a layout before `ready` goes out.
      requestAnimationFrame(() => reportSize(true));
    },
  };
}
