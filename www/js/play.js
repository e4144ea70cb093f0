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

import { roleLegend, showRole } from "./role-legend.js";
import { StepFigures } from "./step-figures.js";
import { cellIndex, cellName, describePuzzle, edgeKeyOf, houseCells, pairAllows, popcount } from "./geometry.js";
import { gradeSentence } from "./grades.js";
import { setGlossaryLink } from "./glossary.js";
import { markerHolds, markerMeaning, markerName, negativePhrase, solutionDigits, toWasm } from "./model.js";
import { openPanel } from "./panel.js";

const LEVELS = ["technique", "cells", "step"];
/** The solver's parts of the page, out of the way (hidden and inert) while playing. */
const SOLVER_REGIONS = ["solve-controls", "playback", "log", "stats", "generate"];
const LEVEL_WORDS = ["which technique, and where to look", "its cells", "the whole step"];
const HOUSE_FAMILIES = ["row", "column", "block"];
/** Where the clash setting is remembered (local to this browser). */
const LIVE_KEY = "sudoku-lab.play.clashes";

/**
 * The techniques whose first hint names no house, and where it points instead: at the cells
 * with two candidates (wings and chains of such cells), at the signs (sign techniques) or at
 * the cells the markers join (marker techniques).
 */
const LOOK_AT = {
  xy_wing: "pairs", xyz_wing: "pairs", w_wing: "pairs", xy_chain: "pairs", aic: "pairs",
  unique_rectangle: "pairs", bug_plus_one: "pairs",
  chain_bound: "signs", relation_bound: "signs", house_bound: "signs", ordered_subset: "signs",
  marker_bound: "markers", negative_bound: "markers", marker_pair: "markers",
};

/** The lowest and highest set bit of a non-zero mask. */
const lowestBit = (m) => m & -m;
const highestBit = (m) => 1 << (31 - Math.clz32(m));

/** A remembered setting, or null where storage is refused (a sandboxed frame, private mode). */
function readSetting(key) {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeSetting(key, value) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not remembered: the setting still holds for this page.
  }
}

/** Wires Play mode into the app (`app`, the page contract of app.js), where its root has #play. */
export function installPlay(app) {
  const panel = openPanel(app, "play", {
    controls: "#play-controls",
    start: "[data-action='play-start']",
    pencilButton: "[data-action='play-pencil']",
    hintButton: "[data-action='play-hint']",
    undoButton: "[data-action='play-undo']",
    message: "#play-message",
    gradeLine: "#play-grade",
    liveBox: "#play-live",
  });
  if (!panel) return null;
  const { board, editor } = app;
  const { controls, start: startButton, pencilButton, hintButton, undoButton, gradeLine, liveBox, say } = panel;
  // A step hint's technique, defined in the glossary; then the roles of a hint's last level,
  // under the message (hidden until then).
  const hintLink = panel.linkAfter(panel.message);
  const legend = roleLegend(["pattern", "fin", "target", "removed", "placed"], ["fin"]);
  legend.hidden = true;
  hintLink.after(legend);
  // A forcing chain's branches and an ALS chain's sets at the last level: listed under the
  // legend, drawn on the board.
  const figures = new StepFigures(board, { sentence: panel.message });
  legend.after(figures.element);
  // The grade's hardest technique, defined in the glossary.
  const gradeLink = panel.linkAfter(gradeLine);
  if (liveBox) liveBox.checked = readSetting(LIVE_KEY) !== "off";
  /** The solver's parts of the app, out of the way (hidden and inert) while playing. */
  const solverRegions = () => SOLVER_REGIONS.map((id) => app.root.getElementById(id)).filter(Boolean);

  /** Everything about one game; null while editing. */
  let game = null;

  function draw() {
    markClashes();
    board.showDigits(game.entries);
    board.showCandidates(game.marks);
    undoButton.disabled = game.history.length === 0;
    pencilButton.setAttribute("aria-pressed", String(game.pencil));
    hintButton.textContent = game.hint && game.hint.level < LEVELS.length - 1 ? "More help" : "Hint";
  }

  /**
   * What the grid breaks on its own, without the solution: each digit twice in a house, and
   * each sign its two digits break — `{cells, edges, first}`, `first` a sentence on one of them
   * (the latest entry's first when it is among them).
   */
  function clashes(focus = -1) {
    const { puzzle } = game;
    const n = puzzle.size;
    const values = game.model.givens.map((g, c) => g || game.entries[c]);
    const cells = new Set();
    const edges = [];
    const said = new Map();
    for (let h = 0; h < (puzzle.block ? 3 : 2) * n; h++) {
      const house = houseCells(puzzle, h);
      const seen = new Map();
      for (const c of house) {
        const v = values[c];
        if (!v) continue;
        const other = seen.get(v);
        if (other === undefined) {
          seen.set(v, c);
          continue;
        }
        cells.add(c).add(other);
        const text = `${v} is twice in ${HOUSE_FAMILIES[Math.floor(h / n)]} ${(h % n) + 1}: ${cellName(other, n)} and ${cellName(c, n)}.`;
        if (!said.has(c)) said.set(c, text);
        if (!said.has(other)) said.set(other, text);
      }
    }
    for (const { lo, hi, edge } of puzzle.relations) {
      if (!values[lo] || !values[hi] || values[lo] < values[hi]) continue;
      cells.add(lo).add(hi);
      edges.push(edge);
      const text = `${cellName(lo, n)} < ${cellName(hi, n)} is broken: ${values[lo]} is not less than ${values[hi]}.`;
      if (!said.has(lo)) said.set(lo, text);
      if (!said.has(hi)) said.set(hi, text);
    }
    for (const r of puzzle.pairRules) {
      const [x, y] = [values[r.a], values[r.b]];
      if (!x || !y) continue;
      if (pairAllows(puzzle, r, x, y, markerHolds)) continue;
      cells.add(r.a).add(r.b);
      if (r.marker !== null) edges.push(r.edge);
      const [a, b] = [cellName(r.a, n), cellName(r.b, n)];
      const text = r.marker === null
        ? `${a} and ${b} have no marker between them, so ${x} and ${y} break the negative constraint (the digits of unmarked neighbours ${negativePhrase(puzzle.negative)}).`
        : `The ${markerName(r.marker)} between ${a} and ${b} is broken: ${x} and ${y} are not ${markerMeaning(r.marker)}.`;
      if (!said.has(r.a)) said.set(r.a, text);
      if (!said.has(r.b)) said.set(r.b, text);
    }
    const first = said.get(focus) ?? said.values().next().value ?? "";
    return { cells: [...cells], edges, first };
  }

  /** Marks the clashes on the board while the setting is on (see `clashes`). */
  function markClashes() {
    if (!game.live) {
      board.markClashes([], []);
      return null;
    }
    const found = clashes(board.selected);
    board.markClashes(found.cells, found.edges);
    return found;
  }

  /** Keeps the grid as it is for Undo, then forgets a hint given on the old grid. */
  function remember() {
    game.history.push({ entries: game.entries.slice(), marks: game.marks.slice() });
    if (game.history.length > 1000) game.history.shift();
    game.hint = null;
    board.clearHighlight();
    board.clearErrors();
    legend.hidden = true;
    figures.clear();
  }

  async function start() {
    const model = editor.model;
    if (app.boardError) return;
    const client = panel.client;
    const n = model.size;
    const wasm = toWasm(model);
    startButton.disabled = true;
    say("Checking that the puzzle has one solution…");
    let solution;
    try {
      const result = await client.solve(wasm, model.kind, { solutionLimit: 2 });
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
      /** The puzzle as the wasm module reads it. */
      wasm,
      puzzle: describePuzzle(wasm),
      solution,
      entries: new Array(n * n).fill(0),
      marks: new Array(n * n).fill(0),
      history: [],
      pencil: false,
      hint: null,
      /** Clashes marked as they are typed (the checkbox; remembered across games). */
      live: liveBox ? liveBox.checked : true,
    };
    // The explain module goes idle on a redraw; then editing is locked.
    app.redraw("play");
    app.locked(true, "Playing: the givens are locked (Back to editing unlocks them)");
    // Typed digits, the pad and Undo (Ctrl+Z) now play.
    editor.setPlayer({ enter, undo });
    board.playing = true;
    for (const region of solverRegions()) region.setAttribute("inert", "");
    app.element.classList.add("playing");
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
    setGlossaryLink(gradeLink, null);
    const asked = game;
    try {
      const g = await panel.client.grade(game.wasm, game.model.kind);
      if (game !== asked) return;
      gradeLine.textContent = gradeSentence(g);
      setGlossaryLink(gradeLink, g.hardest ?? null);
    } catch (error) {
      if (!error.cancelled && game === asked) gradeLine.textContent = `No grade: ${error.message}`;
    }
  }

  function stop() {
    panel.cancel();
    game = null;
    editor.setPlayer(null);
    board.playing = false;
    for (const region of solverRegions()) region.removeAttribute("inert");
    app.element.classList.remove("playing");
    controls.hidden = true;
    startButton.hidden = false;
    board.clearErrors();
    board.markClashes([], []);
    legend.hidden = true;
    figures.clear();
    app.locked(false);
    app.redraw("play-end");
    say("");
    gradeLine.textContent = "";
    setGlossaryLink(gradeLink, null);
    setGlossaryLink(hintLink, null);
  }

  /**
   * Enters `digit` (0 clears) in the selected cell, or toggles it as a pencil mark; `merge`:
   * the digit grows the one typed just before (1 then 2 → 12), which it replaces.
   */
  function enter(digit, { merge = false, mark = game.pencil } = {}) {
    if (merge && game.history.length) {
      const last = game.history.pop();
      game.entries = last.entries;
      game.marks = last.marks;
    }
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
    } else if (mark) {
      if (game.entries[i]) return;
      game.marks[i] ^= 1 << (digit - 1);
    } else {
      game.entries[i] = game.entries[i] === digit ? 0 : digit;
    }
    draw();
    board.markPeers();
    const left = game.entries.filter((d, c) => !d && !game.model.givens[c]).length;
    const found = game.live && game.entries[i] ? clashes(i) : null;
    if (found?.cells.includes(i)) say(found.first, "error");
    else if (left === 0) check();
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
    legend.hidden = true;
    figures.clear();
    draw();
    say("Undone.");
  }

  /** Marks every entry that differs from the solution, and counts marks that lost theirs. */
  function check() {
    game.hint = null;
    board.clearHighlight();
    figures.clear();
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
      const h = await panel.client.hint(game.wasm, game.model.kind, LEVELS[level], player);
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
    // "r1c1 < r1c2", "r1c4 black r1c5", "r1c1 not white/black r1c2": the first and last cells.
    const edge = (text) => {
      const words = text.split(" ");
      return edgeKeyOf(index(words[0]), index(words.at(-1)), n);
    };
    board.clearErrors();
    legend.hidden = true;
    figures.clear();
    setGlossaryLink(hintLink, h.kind === "step" ? h.technique : null);
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
    // The whole step by role: the pattern, the cells that lose candidates (dashed) with each
    // digit removed struck through, the cells placed (green) — as Explain draws a step.
    // The first level of a technique that names no house points where to look instead.
    const look = level === 0 && houses.length === 0 ? lookAt(h) : null;
    const shown = [
      look?.shown ?? { houses: houses.slice(0, 1), tone: "info" },
      { cells: pattern, houses: houses.slice(0, 1), tone: "info" },
      {
        cells: pattern,
        houses,
        relations: [...h.relations, ...(h.markers ?? [])].map(edge),
        targets: [...new Set(h.eliminations.map(([c]) => index(c)))],
        removed: h.eliminations.map(([c, digit]) => ({ cell: index(c), digit })),
        placed: h.placements.map(([c, digit]) => ({ cell: index(c), digit })),
        // A fish's fins, apart from its other places (the sentence's "but for the fin").
        fins: (h.fins ?? []).map(index),
        tone: "info",
      },
    ][level];
    board.highlight(shown);
    legend.hidden = level < LEVELS.length - 1;
    showRole(legend, "fin", Boolean(shown.fins?.length));
    // The whole step of a forcing chain (each branch listed, the chosen one drawn) or of an
    // ALS chain (its sets lettered, listed and drawn).
    if (level === LEVELS.length - 1) figures.show({ branches: h.branches, als: h.als, removed: shown.removed }, n);
    const more = level < LEVELS.length - 1 ? ` (Hint ${level + 1} of 3: ${LEVEL_WORDS[level]}; ask again for more.)` : " (Hint 3 of 3.)";
    say((look ? `${h.hint.replace(/\.$/, "")}: ${look.words}.` : h.hint) + more);
  }

  /**
   * Where to look for a technique without a house (`LOOK_AT`): the cells with two candidates
   * on the player's grid (their pencil marks, or what the placed digits and signs leave where
   * a cell has none), or the signs of the hint. `{shown, words}`, or null.
   */
  function lookAt(h) {
    const n = game.model.size;
    const what = LOOK_AT[h.technique];
    if (what === "signs" && h.relations.length) {
      const edges = h.relations.map((text) => {
        const [a, , b] = text.split(" ");
        return edgeKeyOf(cellIndex(a, n), cellIndex(b, n), n);
      });
      return { shown: { relations: edges, tone: "info" }, words: `the ${edges.length === 1 ? "sign" : "signs"} to read are marked` };
    }
    if (what === "markers" && h.markers?.length) {
      // "r1c1 white r1c2", "r1c1 not white/black r1c2": the cells are the first and last words.
      const cells = new Set(h.markers.flatMap((text) => {
        const words = text.split(" ");
        return [cellIndex(words[0], n), cellIndex(words[words.length - 1], n)];
      }));
      return { shown: { cells: [...cells], tone: "info" }, words: `the cells of the ${h.markers.length === 1 ? "marker" : "markers"} to read are marked` };
    }
    if (what !== "pairs") return null;
    const computed = candidateMarks();
    const values = game.model.givens.map((g, c) => g || game.entries[c]);
    const pairs = [];
    for (let c = 0; c < n * n; c++) {
      if (values[c]) continue;
      if (popcount(game.marks[c] || computed[c]) === 2) pairs.push(c);
    }
    if (!pairs.length) return null;
    return { shown: { cells: pairs, tone: "info" }, words: `look among the ${pairs.length} cells with two candidates (marked)` };
  }

  /** Fills the pencil marks of every empty cell with the digits its placed peers and relations allow. */
  function fillCandidates() {
    remember();
    game.marks = candidateMarks();
    draw();
    const { relations, pairRules } = game.puzzle;
    const from = [
      relations.length ? "the signs along each chain (a < b: a is not the largest digit, b not 1)" : "",
      pairRules.length ? "what each marker leaves next to its partner's digits" : "",
    ].filter(Boolean);
    say(from.length ? `Candidates filled from the placed digits, and from ${from.join(" and ")}.` : "Candidates filled from the placed digits.");
  }

  /** The pencil marks a person writes first: what the placed digits and the signs allow. */
  function candidateMarks() {
    const { puzzle } = game;
    const n = puzzle.size;
    const all = (1 << n) - 1;
    const bit = (d) => (d ? 1 << (d - 1) : 0);
    const values = game.model.givens.map((g, c) => g || game.entries[c]);
    const marks = values.map((v) => (v ? 0 : all));
    for (let h = 0; h < (puzzle.block ? 3 : 2) * n; h++) {
      const cells = houseCells(puzzle, h);
      const placed = cells.reduce((m, c) => m | bit(values[c]), 0);
      for (const c of cells) marks[c] &= ~placed;
    }
    // What the signs say on their own, as a person writes it: a < b, so a is below b's
    // largest digit and b above a's smallest (a is not N, b is not 1), along every chain of
    // signs until nothing changes; a placed digit is its own bound.
    const range = (c) => (values[c] ? bit(values[c]) : marks[c]);
    for (let changed = true, rounds = 0; changed && rounds <= n * n; rounds++) {
      changed = false;
      for (const { lo, hi } of puzzle.relations) {
        const top = range(hi);
        const bottom = range(lo);
        if (!values[lo] && top) {
          const below = marks[lo] & (highestBit(top) - 1);
          if (below !== marks[lo]) [marks[lo], changed] = [below, true];
        }
        if (!values[hi] && bottom) {
          const above = marks[hi] & all & ~(2 * lowestBit(bottom) - 1);
          if (above !== marks[hi]) [marks[hi], changed] = [above, true];
        }
      }
      // A marker keeps a digit only while the partner can still join it (a white dot next to
      // a 5 leaves 4 and 6); the negative constraint takes what a placed neighbour forbids.
      for (const r of puzzle.pairRules) {
        for (const [cell, other] of [[r.a, r.b], [r.b, r.a]]) {
          if (values[cell] || !range(other)) continue;
          let keep = 0;
          for (let d = 1; d <= n; d++) {
            if (!(marks[cell] & bit(d))) continue;
            for (let e = 1; e <= n; e++) {
              if (e === d || !(range(other) & bit(e))) continue;
              if (pairAllows(puzzle, r, d, e, markerHolds)) {
                keep |= bit(d);
                break;
              }
            }
          }
          if (keep !== marks[cell]) [marks[cell], changed] = [keep, true];
        }
      }
    }
    return marks;
  }

  liveBox?.addEventListener("change", () => {
    writeSetting(LIVE_KEY, liveBox.checked ? "on" : "off");
    if (!game) return;
    game.live = liveBox.checked;
    markClashes();
    say(game.live ? "Clashes are marked as you type." : "Clashes are no longer marked; Check still marks wrong entries.");
  });

  panel.on({
    "play-start": start,
    "play-stop": stop,
    "play-check": check,
    "play-hint": hint,
    "play-candidates": fillCandidates,
    "play-undo": undo,
    "play-pencil": () => {
      game.pencil = !game.pencil;
      draw();
      say(game.pencil ? "Pencil marks: digits toggle small marks." : "Digits: typing enters the cell's digit.");
    },
  });

  // Digits, the pad and Undo come through the editor (`setPlayer`); Shift+digit, which the
  // editor does not read, toggles a pencil mark whatever the mode.
  app.root.addEventListener("keydown", (event) => {
    if (!game || !event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    const code = /^Digit([1-9])$/.exec(event.code ?? "");
    if (!code || !editor.keysForBoard(event)) return;
    event.preventDefault();
    enter(Number(code[1]), { mark: true });
  }, { signal: app.signal });

  app.onModelChange((_model, reason) => {
    if (game && reason !== "play") stop();
  });
  panel.ready();

  return {
    get playing() { return game !== null; },
    /** The player's grid as hints see it (null while editing). */
    player: () => (game ? playerState() : null),
    start,
    stop,
  };
}
