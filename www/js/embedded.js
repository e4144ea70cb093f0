//! The frame side of `<sudoku-lab-board isolation="frame">` (embed.js is the host side): the
//! page in embed mode, in an iframe, hands a private port to its host element and serves the
//! board's scripting interface over it (scripting.js).
//!
//! # The handshake
//!
//! The host element opens the page as `index.html?embed=1&host=ORIGIN&…` in an iframe.
//!
//! 1. When the board is ready, the frame posts `{type: "sudoku-lab:hello", protocol: 1}` to
//!    its parent, addressed to ORIGIN only (to `"*"` when ORIGIN is `"null"`, a page opened
//!    from a file: the hello carries nothing).
//! 2. The host answers `{type: "sudoku-lab:connect", protocol: 1}` with a `MessagePort`,
//!    addressed to the page's own origin. The frame takes it only from its parent window
//!    and from ORIGIN; everything after goes over that private port (scripting.js).
//!
//! The frame reads nothing of the host page but what it is sent.

import { PROTOCOL, createScripting } from "./scripting.js";

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

/** Wires the board to its host: `app` is the page (app.js), `explain` its explain part. */
export function connect(app, explain) {
  const host = app.params.get("host");
  if (!host || window.parent === window || !isOrigin(host)) return;
  const scripting = createScripting(app, explain);
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== host) return;
    if (event.data?.type !== "sudoku-lab:connect" || event.data.protocol !== PROTOCOL) return;
    const offered = event.ports?.[0];
    if (offered) scripting.connect(offered);
  });
  window.parent.postMessage({ type: "sudoku-lab:hello", protocol: PROTOCOL }, host === "null" ? "*" : host);
}
