//! Sharing: the puzzle lives in the URL (`?puzzle=<text>&kind=<kind>`), rewritten after every edit.

import { compactText, readPuzzle } from "./formats.js";

/**
 * A boolean setting as a URL parameter, an attribute value or a call gives it: on for `true`
 * and (in any case) `1`, `true`, `yes`, `on` and `""` (`?autoplay`, a present boolean
 * attribute); off for `null`, `undefined`, `false` and any other text.
 */
export function isOn(value) {
  return /^(1|true|yes|on|)$/i.test(String(value ?? "no"));
}

/** Parameters that belong to the puzzle; every other one (embed, autoplay, engine, level) is kept. */
const PUZZLE_PARAMS = ["puzzle", "kind", "alphabet", "format", "example"];

/**
 * The puzzle a URL asks for: `{model}` from `?puzzle=` (read with `kind`, `format`, `alphabet`
 * when given), `{example}` for `?example=<id>`, `{error}` when the text cannot be read, or
 * `null` when the URL names no puzzle.
 */
export function puzzleFromParams(params) {
  const text = params.get("puzzle");
  if (text !== null && text.trim() !== "") {
    try {
      const model = readPuzzle(text, {
        kind: params.get("kind") || undefined,
        format: params.get("format") || undefined,
        alphabet: params.get("alphabet") || undefined,
      });
      return { model };
    } catch (error) {
      return { error };
    }
  }
  const example = params.get("example");
  return example ? { example } : null;
}

/** The URL that opens `model`, keeping the page's other parameters. */
export function shareUrl(model, location = window.location) {
  const params = new URLSearchParams(location.search);
  for (const name of PUZZLE_PARAMS) params.delete(name);
  const { text, alphabet } = compactText(model);
  const ordered = new URLSearchParams();
  ordered.set("puzzle", text);
  ordered.set("kind", model.kind);
  if (alphabet) ordered.set("alphabet", alphabet);
  for (const [name, value] of params) ordered.append(name, value);
  return `${location.origin}${location.pathname}?${ordered}${location.hash}`;
}

/** Rewrites the address bar to open `model` (no new history entry). */
export function writeUrl(model) {
  const url = shareUrl(model);
  if (url !== window.location.href) history.replaceState(history.state, "", url);
  return url;
}

/** Copies text to the clipboard; resolves to false when the browser refuses. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
