//! Play mode: the player solves the puzzle by hand on the locked givens — digits and pencil
//! marks, Check, Hint in three levels (the technique and where to look; its cells; the whole
//! step), candidates filled on request, undo — with the puzzle's grade shown. Hints and the
//! grade come from the wasm module in a worker of their own, so the page stays responsive on
//! any size; nothing the player types is ever inserted as HTML.
//!
//! ```text
//! editing ──Play──▶ playing (editor locked, Solve and playback inert) ──Back to editing──▶ editing
//!                   Hint, Hint, Hint on one grid: technique → cells → step; any move starts over
//! ```

import { SolverClient } from "./client.js";
import { cellIndex, cellName, describePuzzle, edgeKeyOf, houseCells } from "./geometry.js";
import { solutionDigits, toWasm } from "./model.js";

const LEVELS = ["technique", "cells", "step"];
/** The solver's parts of the page, out of the way (hidden and inert) while playing. */
const SOLVER_REGIONS = ["solve-controls", "playback", "log", "stats"];
const LEVEL_WORDS = ["which technique, and where to look", "its cells", "the whole step"];

/** Wires Play mode into the page (`app`, the page contract of app.js). */
export function installPlay(app) {
  const root = document.getElementById("play");
  if (!root) return null;
  const board = app.board;
  const editor = app.editor;
  const controls = root.querySelector("#play-controls");
  const startButton = root.querySelector("[data-action='play-start']");
  const pencilButton = root.querySelector("[data-action='play-pencil']");
  const hintButton = root.querySelector("[data-action='play-hint']");
  const undoButton = root.querySelector("[data-action='play-undo']");
  const message = root.querySelector("#play-message");
  const gradeLine = root.querySelector("#play-grade");
  const pad = document.getElementById("digit-pad");
  let client = null;

  /** Everything about one game; null while editing. */
  let game = null;

  function wasmPuzzle() {
    return toWasm(game.model);
  }

  function say(text, tone = "") {
    message.textContent = text;
    message.dataset.tone = tone;
  }

  function draw() {
    board.showDigits(game.entries);
    board.showCandidates(game.marks);
    undoButton.disabled = game.history.length === 0;
    pencilButton.setAttribute("aria-pressed", String(game.pencil));
    hintButton.textContent = game.hint && game.hint.level < LEVELS.length - 1 ? "More help" : "Hint";
  }

  /** Keeps the grid as it is for Undo, then forgets a hint given on the old grid. */
  function remember() {
    game.history.push({ entries: game.entries.slice(), marks: game.marks.slice() });
    if (game.history.length > 1000) game.history.shift();
    game.hint = null;
    board.clearHighlight();
    board.clearErrors();
  }

  async function start() {
    const model = editor.model;
    if (app.boardError) return;
    client ??= new SolverClient();
    const n = model.size;
    startButton.disabled = true;
    say("Checking that the puzzle has one solution…");
    let solution;
    try {
      const result = await client.solve(toWasm(model), model.kind, { solutionLimit: 2 });
      if (result.status !== "unique") {
        const why = result.status === "invalid" ? "it breaks a rule" : result.status === "multiple" ? "it has more than one solution" : "it has no solution";
        say(`Play needs a puzzle with exactly one solution, and ${why}. Edit it first.`, "error");
        startButton.disabled = false;
        return;
      }
      solution = solutionDigits(result.solution, result.alphabet);
    } catch (error) {
      say(`The puzzle could not be solved: ${error.message}`, "error");
      startButton.disabled = false;
      return;
    }
    game = {
      model,
      puzzle: describePuzzle(toWasm(model)),
      solution,
      entries: new Array(n * n).fill(0),
      marks: new Array(n * n).fill(0),
      history: [],
      pencil: false,
      hint: null,
    };
    // The explain module goes idle on a redraw; then editing is locked.
    app.redraw("play");
    app.locked(true, "Playing: the givens are locked (Back to editing unlocks them)");
    board.playing = true;
    for (const id of SOLVER_REGIONS) document.getElementById(id)?.setAttribute("inert", "");
    for (const button of pad.querySelectorAll("button")) button.disabled = false;
    document.body.classList.add("playing");
    controls.hidden = false;
    startButton.hidden = true;
    startButton.disabled = false;
    draw();
    say("Your turn: select a cell and type a digit (Pencil marks on: small digits).");
    board.select(Math.max(0, game.model.givens.findIndex((g) => !g)), true);
    grade();
  }

  async function grade() {
    gradeLine.textContent = "Grading…";
    const asked = game;
    try {
      const g = await client.grade(wasmPuzzle(), game.model.kind);
      if (game !== asked) return;
      const hardest = g.hardest ? `, hardest step: ${g.hardest.replaceAll("_", " ")}${g.hardest_steps > 1 ? ` ×${g.hardest_steps}` : ""}` : "";
      const guessing = g.needs_guessing ? `; the techniques get stuck, so it needs guessing (${g.guesses} guess${g.guesses === 1 ? "" : "es"})` : "";
      gradeLine.textContent = `Grade ${g.score.toFixed(1)} (${g.level})${hardest}${guessing}.`;
    } catch (error) {
      if (!error.cancelled && game === asked) gradeLine.textContent = `No grade: ${error.message}`;
    }
  }

  function stop() {
    client?.cancel();
    game = null;
    board.playing = false;
    for (const id of SOLVER_REGIONS) document.getElementById(id)?.removeAttribute("inert");
    document.body.classList.remove("playing");
    controls.hidden = true;
    startButton.hidden = false;
    board.clearErrors();
    app.locked(false);
    app.redraw("play-end");
    say("");
    gradeLine.textContent = "";
  }

  /** Enters `digit` (0 clears) in the selected cell, or toggles it as a pencil mark. */
  function enter(digit, asMark = game.pencil) {
    const i = board.selected;
    if (i < 0 || game.model.givens[i]) {
      say(i < 0 ? "Select a cell first." : `${cellName(i, game.model.size)} is a given.`);
      return;
    }
    if (digit > game.model.size) return;
    remember();
    if (digit === 0) {
      if (game.entries[i]) game.entries[i] = 0;
      else game.marks[i] = 0;
    } else if (asMark) {
      if (game.entries[i]) return;
      game.marks[i] ^= 1 << (digit - 1);
    } else {
      game.entries[i] = game.entries[i] === digit ? 0 : digit;
    }
    draw();
    board.markPeers();
    const left = game.entries.filter((d, c) => !d && !game.model.givens[c]).length;
    if (left === 0) check();
    else say("");
  }

  function undo() {
    const last = game.history.pop();
    if (!last) return;
    game.entries = last.entries;
    game.marks = last.marks;
    game.hint = null;
    board.clearHighlight();
    board.clearErrors();
    draw();
    say("Undone.");
  }

  /** Marks every entry that differs from the solution, and counts marks that lost theirs. */
  function check() {
    game.hint = null;
    board.clearHighlight();
    const n = game.model.size;
    const wrong = [];
    let lost = 0;
    let open = 0;
    for (let c = 0; c < n * n; c++) {
      if (game.model.givens[c]) continue;
      const e = game.entries[c];
      if (e && e !== game.solution[c]) wrong.push(cellName(c, n));
      if (!e) open++;
      if (!e && game.marks[c] && !(game.marks[c] & (1 << (game.solution[c] - 1)))) lost++;
    }
    board.markErrors(wrong);
    const marks = lost ? ` ${lost} cell${lost === 1 ? "'s" : "s'"} pencil marks lost the right digit.` : "";
    if (wrong.length) {
      say(`${wrong.length} wrong entr${wrong.length === 1 ? "y" : "ies"}, marked: ${wrong.join(", ")}.${marks}`, "error");
    } else if (open === 0) {
      say("Solved! Every cell is right.", "done");
    } else {
      say(`No mistakes so far; ${open} cell${open === 1 ? "" : "s"} to go.${marks}`, lost ? "error" : "ok");
    }
  }

  /** The player's grid as `hint` takes it: entries, and pencil marks when there are any. */
  function playerState() {
    const player = { entries: game.entries.slice() };
    if (game.marks.some((m, c) => m && !game.entries[c])) player.marks = game.marks.map((m, c) => (game.entries[c] ? 0 : m));
    return player;
  }

  /** The next hint: a level deeper when asked again on the same grid. */
  async function hint() {
    const level = game.hint ? Math.min(game.hint.level + 1, LEVELS.length - 1) : 0;
    const asked = game;
    const player = playerState();
    hintButton.disabled = true;
    try {
      const h = await client.hint(wasmPuzzle(), game.model.kind, LEVELS[level], player);
      if (game !== asked) return;
      game.hint = { level: h.kind === "step" ? level : LEVELS.length - 1 };
      showHint(h, level);
    } catch (error) {
      if (!error.cancelled && game === asked) say(`No hint: ${error.message}`, "error");
    } finally {
      hintButton.disabled = false;
      if (game) draw();
    }
  }

  function showHint(h, level) {
    const n = game.model.size;
    const index = (name) => cellIndex(name, n);
    const houseNumber = (name) => {
      const [family, number] = name.split(" ");
      return ["row", "column", "block"].indexOf(family) * n + Number(number) - 1;
    };
    const edge = (text) => {
      const [a, , b] = text.split(" ");
      return edgeKeyOf(index(a), index(b), n);
    };
    board.clearErrors();
    switch (h.kind) {
      case "wrong_entry":
        board.markErrors([h.cell]);
        board.highlight({
          cells: [h.cell, ...(h.peer ? [h.peer] : [])],
          houses: h.house ? [houseNumber(h.house)] : [],
          relations: h.relation ? [edge(h.relation)] : [],
          tone: "contradiction",
        });
        say(h.sentence, "error");
        return;
      case "missing_mark":
        board.highlight({ cells: [h.cell], tone: "contradiction" });
        say(h.sentence, "error");
        return;
      case "guess":
        board.highlight({ cells: [h.cell], tone: "guess" });
        say(h.sentence);
        return;
      case "solved":
        board.clearHighlight();
        say(h.sentence, "done");
        return;
      default:
        break;
    }
    // A step: more of it at each level.
    const houses = h.houses.map(houseNumber);
    const pattern = h.cells.length ? h.cells : h.placements.map(([c]) => c);
    const changed = [...h.placements, ...h.eliminations].map(([c]) => c);
    const shown = [
      { houses: houses.slice(0, 1), tone: "info" },
      { cells: pattern, houses: houses.slice(0, 1), tone: "info" },
      {
        cells: [...new Set([...pattern, ...changed])],
        houses,
        relations: h.relations.map(edge),
        tone: h.placements.length ? "place" : "eliminate",
      },
    ][level];
    board.highlight(shown);
    const more = level < LEVELS.length - 1 ? ` (Hint ${level + 1} of 3: ${LEVEL_WORDS[level]}; ask again for more.)` : " (Hint 3 of 3.)";
    say(h.hint + more);
  }

  /** Fills the pencil marks of every empty cell with the digits its placed peers and relations allow. */
  function fillCandidates() {
    remember();
    const { puzzle } = game;
    const n = puzzle.size;
    const values = game.model.givens.map((g, c) => g || game.entries[c]);
    const houses = [];
    for (let h = 0; h < (puzzle.block ? 3 : 2) * n; h++) houses.push(houseCells(puzzle, h));
    const all = (1 << n) - 1;
    for (let c = 0; c < n * n; c++) {
      if (values[c]) continue;
      let mask = all;
      for (const cells of houses) {
        if (!cells.includes(c)) continue;
        for (const o of cells) if (values[o]) mask &= ~(1 << (values[o] - 1));
      }
      for (const { lo, hi } of puzzle.relations) {
        if (lo === c && values[hi]) mask &= (1 << (values[hi] - 1)) - 1;
        if (hi === c && values[lo]) mask &= all & ~((1 << values[lo]) - 1);
      }
      game.marks[c] = mask;
    }
    draw();
    say("Candidates filled from the placed digits and relations.");
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    switch (button.dataset.action) {
      case "play-start": start(); break;
      case "play-stop": stop(); break;
      case "play-check": check(); break;
      case "play-hint": hint(); break;
      case "play-candidates": fillCandidates(); break;
      case "play-undo": undo(); break;
      case "play-pencil":
        game.pencil = !game.pencil;
        draw();
        say(game.pencil ? "Pencil marks: digits toggle small marks." : "Digits: typing enters the cell's digit.");
        break;
      default: break;
    }
  });

  // The digit pad and the keys enter the player's digits while playing (before the editor,
  // which refuses them: the puzzle is locked).
  pad.addEventListener("click", (event) => {
    if (!game) return;
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    event.preventDefault();
    if (button.dataset.action === "digit") enter(Number(button.dataset.digit));
    else if (button.dataset.action === "erase") enter(0);
  }, true);

  let pending = null;
  document.addEventListener("keydown", (event) => {
    if (!game || !editor.keysForBoard(event) || event.altKey || event.metaKey) return;
    const n = game.model.size;
    const key = event.key;
    if (event.ctrlKey) {
      if (key.toLowerCase() === "z") {
        event.preventDefault();
        undo();
      }
      return;
    }
    let digit = -1;
    const code = /^Digit(\d)$/.exec(event.code ?? "");
    if (key === "Backspace" || key === "Delete" || key === "." || key === "0") digit = 0;
    else if (/^[1-9]$/.test(key) || (event.shiftKey && code && code[1] !== "0")) {
      digit = Number(code ? code[1] : key);
      // Two digits within a second make a number above 9 on big grids.
      const now = performance.now();
      if (n > 9 && pending && now - pending.at < 1000 && pending.digit * 10 + digit <= n) {
        digit = pending.digit * 10 + digit;
        pending = null;
        game.history.pop();
        const i = board.selected;
        if (i >= 0) game.entries[i] = 0;
      } else {
        pending = { digit, at: now };
      }
    } else if (n > 9 && /^[a-zA-Z]$/.test(key)) {
      digit = key.toUpperCase().charCodeAt(0) - 64;
    }
    if (digit < 0 || digit > n) return;
    event.preventDefault();
    enter(digit, game.pencil || event.shiftKey);
  }, true);

  app.onModelChange((_model, reason) => {
    if (game && reason !== "play") stop();
  });

  return {
    get playing() { return game !== null; },
    /** The player's grid as hints see it (null while editing). */
    player: () => (game ? playerState() : null),
    start,
    stop,
  };
}
