//! Text formats through the wasm module: read a puzzle, write it, validate it, and find its shortest spelling.

import { parse, format, validate, quote } from "../pkg/sudoku_lab.js";
import { fromWasm, toWasm, sameModel } from "./model.js";

export { loadWasm } from "./wasm.js";

/** The formats `format()` writes, with their labels (the menus of the import and export dialogs). */
export const FORMATS = [
  ["line", "line"],
  ["grid", "grid"],
  ["poj3074", "POJ 3074"],
  ["poj3076", "POJ 3076"],
  ["cqoi", "CQOI"],
  ["picture", "picture"],
  ["json", "JSON"],
  ["fpuzzles", "f-puzzles / SudokuPad"],
];

/** The symbol alphabets a text may be written in, with their labels. */
export const ALPHABETS = [
  ["digits", "digits 1–9"],
  ["letters", "letters A = 1"],
  ["alnum", "1–9, then A = 10"],
  ["hex", "hex 0 = 1 … F = 16"],
  ["numbers", "numbers"],
];

/**
 * Reads the first puzzle of `text` (any format) into a page model. Options: `kind`, `format`,
 * `alphabet` (empty or undefined = detect). Throws the wasm `Error` (with `line`, `column`,
 * `cells` when known).
 */
export function readPuzzle(text, { kind, format: name, alphabet } = {}) {
  const options = {};
  if (name) options.format = name;
  if (alphabet) options.alphabet = alphabet;
  return fromWasm(parse(text, kind || undefined, options));
}

/**
 * User text as a sentence may show it: at most 20 characters, control and invisible characters
 * escaped, in quotes — the same quoting the module's own messages use.
 */
export function quoted(text) {
  return quote(String(text));
}

/** Writes a page model in a format; throws when the format cannot express the puzzle. */
export function writePuzzle(model, name) {
  return format(toWasm(model), name, undefined);
}

/** Every problem that makes the puzzle hopeless, as `[{message, cells}]`. */
export function problemsOf(model) {
  try {
    return validate(toWasm(model), model.kind, undefined);
  } catch (e) {
    return [{ message: e.message, cells: Array.isArray(e.cells) ? e.cells : [] }];
  }
}

/** The format a puzzle is most naturally written in (the default of the export dialog). */
export function naturalFormat(model) {
  if (model.markers?.size || model.negative?.length) return "picture";
  if (model.kind === "classic") {
    if (model.size === 9) return "line";
    if (model.size === 16 && (!model.alphabet || model.alphabet === "letters")) return "poj3076";
    return "grid";
  }
  if (model.size === 9 && model.kind === "inequality" && model.givens.every((d) => d === 0)) {
    try {
      writePuzzle(model, "cqoi");
      return "cqoi";
    } catch {
      // Not the CQOI shape: fall through.
    }
  }
  return "picture";
}

/** The length of a text once written as a query parameter. */
function encodedLength(text) {
  return new URLSearchParams({ p: text }).toString().length - 2;
}

/**
 * The shortest text that reads back as exactly `model` with `parse(text, kind, {alphabet})`:
 * `{text, alphabet}` (alphabet is set only when detection needs it). Candidates: the line
 * format, the CQOI stream without whitespace, the picture without header and spaces, JSON.
 */
export function compactText(model) {
  const candidates = [];
  const attempt = (build) => {
    try {
      const text = build();
      if (text) candidates.push(text);
    } catch {
      // This format cannot express the puzzle.
    }
  };
  attempt(() => writePuzzle(model, "line").trim());
  if (model.kind === "inequality" && model.size === 9) {
    attempt(() => writePuzzle(model, "cqoi").replace(/\s+/g, ""));
  }
  if (model.kind !== "classic" || model.markers?.size || model.negative?.length) {
    attempt(() => {
      const lines = writePuzzle(model, "picture").trimEnd().split("\n");
      // The header goes unless it carries a setting (the negative constraint): then it stays
      // as written, and only the grid's lines lose their spaces.
      const header = /^\d+(\s|$)/.test(lines[0]) ? lines.shift() : null;
      const grid = lines.map((line) => line.replace(/ +/g, ""));
      return (header?.includes("=") ? [header, ...grid] : grid).join("\n");
    });
  }
  attempt(() => JSON.stringify(toWasm(model)));
  candidates.sort((a, b) => encodedLength(a) - encodedLength(b));
  const alphabet = model.size > 9 ? toWasm(model).alphabet : undefined;
  for (const text of candidates) {
    for (const hint of [undefined, alphabet]) {
      try {
        if (sameModel(readPuzzle(text, { kind: model.kind, alphabet: hint }), model)) {
          return { text, alphabet: hint };
        }
      } catch {
        // Does not read back: try the next spelling.
      }
    }
  }
  return { text: JSON.stringify(toWasm(model)), alphabet: undefined };
}

/** "line 3, column 7: message" for a wasm text error (its message may start with "3:7: "). */
export function describeError(error, { hints = "menus" } = {}) {
  const message = String(error?.message ?? error);
  const words = hints === "attributes" ? attributes : menus;
  if (error && Number.isInteger(error.line) && Number.isInteger(error.column)) {
    // The module's own place ("puzzle:3:7: "), said in words instead.
    return `Line ${error.line}, column ${error.column}: ${words(message.replace(/^(?:[a-z]+:)?\d+:\d+:\s*/i, ""))}`;
  }
  return words(message);
}

/** The module's "options.format"/"options.alphabet" hints, in the words of the import dialog. */
function menus(message) {
  return message.replace(" with options.format", " in the Format menu").replace(" with options.alphabet", " in the Symbols menu");
}

/** The same hints in the words of an embedded board (its attributes). */
function attributes(message) {
  return message.replace(" with options.format", " with the format attribute").replace(" with options.alphabet", " with the alphabet attribute");
}
