//! The markup a board is built in inside a `<sudoku-lab-board>`'s shadow root: the page's
//! stage (index.html's #board, #status, #playback, #solve-controls, #log) without its panels,
//! under the app's element (`.sl-app`), which the stylesheets treat as the page's <html>.
//! Groups, not landmarks: a host page with eight boards has eight of each.

import { el } from "./dom.js";

/** The app's element of a board named `title` (its accessible name), ready for `createApp`. */
export function boardSkeleton(title) {
  return el("div", { className: "sl-app embed", role: "group", "aria-label": title },
    // The board's name for screen readers (the frame's h1 in an iframe), out of sight.
    el("p", { className: "board-name", textContent: "sudoku-lab board" }),
    el("div", { className: "layout" },
      el("div", { className: "stage" },
        el("div", { id: "board" }),
        el("p", { id: "status", role: "status", "aria-live": "polite", dataset: { status: "" } }),
        el("div", { id: "playback" }),
        el("div", { id: "solve-controls", role: "group", "aria-label": "Solve" }),
        el("div", { id: "log", role: "group" }))));
}
