//! The frame side of `<sudoku-lab-board>` (embed.js is the host side): the page in embed
//! mode answers the host page's calls and tells it what happens on the board.
//!
//! # The protocol
//!
//! The host element opens the page as `index.html?embed=1&host=ORIGIN&…` in an iframe.
//!
//! 1. When the board is ready, the frame posts `{type: "sudoku-lab:hello", protocol: 1}` to
//!    its parent, addressed to ORIGIN only (to `"*"` when ORIGIN is `"null"`, a page opened
//!    from a file: the hello carries nothing).
//! 2. The host answers `{type: "sudoku-lab:connect", protocol: 1}` with a `MessagePort`,
//!    addressed to the page's own origin. The frame takes it only from its parent window
//!    and from ORIGIN; everything after goes over that private port.
//! 3. Over the port, the host sends calls `{id, method, args}` and the frame answers
//!    `{id, ok: true, value}` or `{id, ok: false, error: {message, cells}}`; the frame
//!    sends events `{event, detail}`: `ready`, `step`, `solved`, `error`, and `size` (the
//!    height the frame's content needs at its width, for a host of automatic height).
//!
//! Messages are data only (structured clone): no text from the host is ever parsed as
//! markup, and the frame reads nothing of the host page but what it is sent.

import { version } from "../pkg/sudoku_lab.js";
import { findExample } from "./examples.js";
import { isOn } from "./url.js";

export const PROTOCOL = 1;

/** Settings a call may change, and the layout. */
const SETTINGS = ["engine", "level", "by", "speed", "start", "autoplay"];

/** True for a `host` the hello can be addressed to: `null` (a file page) or an address
 * (postMessage throws on a target origin it cannot parse). */
function isOrigin(text) {
  if (text === "null") return true;
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

/** Wires the board to its host: `app` is the page (app.js), `explain` the explain module's API. */
export function connect(app, explain) {
  const host = app.params.get("host");
  if (!host || window.parent === window || !isOrigin(host)) return;
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
      document.documentElement.classList.toggle("ex-auto-height", Boolean(options.autoHeight));
      reportSize(true);
    }
    explain.configure(settings, { reopen: reopen && !app.boardError });
    if (options.controls !== undefined || options.caption !== undefined) {
      return explain.embedLayout({
        controls: options.controls ?? document.documentElement.dataset.controls,
        caption: options.caption === undefined ? document.documentElement.classList.contains("ex-captioned") : options.caption,
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

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== host) return;
    if (event.data?.type !== "sudoku-lab:connect" || event.data.protocol !== PROTOCOL) return;
    const offered = event.ports?.[0];
    if (!offered) return;
    port?.close();
    port = offered;
    port.onmessage = (e) => handle(e.data);
    // The error first: once `ready` resolves, a host has heard why the puzzle is not shown
    // (messages of one port arrive in order; a host reading its events after `ready` would
    // otherwise race the error's message).
    if (app.boardError) send({ event: "error", detail: app.boardError });
    send({ event: "ready", detail: readyDetail() });
    // A board that opened (at `start`) before the host connected says where it is.
    if (explain.session) send({ event: "step", detail: explain.here() });
    reportSize(true);
  });

  // ── The height the content needs (for a host element without a height of its own) ──
  let sentHeight = 0;
  function reportSize(force = false) {
    const height = naturalHeight();
    if (force || Math.abs(height - sentHeight) > 2) {
      sentHeight = height;
      send({ event: "size", detail: { height } });
    }
  }
  /** The stacked layout's height at this width: the board as wide as the frame allows, and
   * what is under it (measured by app.js into --below-board). */
  function naturalHeight() {
    const layout = document.querySelector(".layout");
    const style = getComputedStyle(layout);
    const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const side = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const cap = parseFloat(style.getPropertyValue("--board-cap-px")) || 768;
    const below = parseFloat(style.getPropertyValue("--below-board")) || 0;
    if (app.boardError) return Math.ceil(pad + (document.getElementById("board-error")?.offsetHeight ?? 0));
    return Math.ceil(pad + Math.min(window.innerWidth - side, cap) + below);
  }
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => requestAnimationFrame(() => reportSize())).observe(document.querySelector(".stage"));
  }
  window.addEventListener("resize", () => reportSize());

  /** The page's one heading names the board for screen readers. */
  function describeBoard() {
    const heading = document.querySelector(".top h1");
    const model = app.getModel();
    if (!heading || !model) return;
    const kind = { classic: "Sudoku", inequality: "Inequality sudoku", futoshiki: "Futoshiki" }[model.kind] ?? model.kind;
    const givens = model.givens.filter((d) => d > 0).length;
    const relations = model.relations?.size ?? 0;
    const extra = relations ? ` and ${relations} relation${relations === 1 ? "" : "s"}` : "";
    heading.textContent = app.boardError
      ? "sudoku-lab board: the puzzle could not be read"
      : `sudoku-lab board: ${kind} ${model.size}×${model.size} with ${givens} given${givens === 1 ? "" : "s"}${extra}`;
  }
  describeBoard();

  window.parent.postMessage({ type: "sudoku-lab:hello", protocol: PROTOCOL }, host === "null" ? "*" : host);
}
