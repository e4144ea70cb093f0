//! New puzzle: the generator of the wasm module, in a worker of its own, for the kind, size,
//! difficulty and symmetry chosen — progress while it works, Stop at any time, and the
//! puzzle loaded in the editor when it is found (Ctrl+Z brings the previous one back). The
//! seed is random and named in the message, so the same puzzle can be made again from the
//! command line (`sudoku-lab generate --seed S …`).

import { BLOCK_SIZES, blockShape, fromWasm } from "./model.js";
import { gradeSentence } from "./grades.js";
import { setGlossaryLink } from "./glossary.js";
import { openPanel } from "./panel.js";

/** Futoshiki sizes offered (Tatham's Unequal offers 4 to 9 too); any 3–25 can be typed in the CLI. */
const FUTOSHIKI_SIZES = [4, 5, 6, 7, 8, 9];
const DEFAULT_SIZE = { classic: 9, inequality: 9, futoshiki: 5 };
/** How long a run goes before the message says how far it is (ms). */
const QUIET_MS = 300;

const LEVEL_WORDS = {
  easy: "an easy",
  medium: "a medium",
  hard: "a hard",
  expert: "an expert",
  extreme: "an extreme",
  guessing: "a guessing",
};

/** How many pairs of adjacent cells lie in one block, over the blocks of an n×n grid. */
function blockPairs(n) {
  const [rows, columns] = blockShape(n) ?? [1, n];
  return n * (rows * (columns - 1) + columns * (rows - 1));
}

/** "0.4 s", or "40 ms" below a second. */
const duration = (ms) => (ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`);


/** Wires the New puzzle section into the app (`app`, the page contract of app.js), where its root has #generate. */
export function installGenerate(app) {
  const panel = openPanel(app, "generate", {
    kindSelect: "#gen-kind",
    sizeSelect: "#gen-size",
    difficultySelect: "#gen-difficulty",
    symmetrySelect: "#gen-symmetry",
    cluesField: "#gen-clues-field",
    cluesSelect: "#gen-clues",
    markersField: "#gen-markers-field",
    markersSelect: "#gen-markers",
    start: "[data-action='gen-start']",
    stopButton: "[data-action='gen-stop']",
    message: "#gen-message",
  });
  if (!panel) return null;
  const {
    section: root, kindSelect, sizeSelect, difficultySelect, symmetrySelect, cluesField, cluesSelect,
    markersField, markersSelect, start: startButton, stopButton,
  } = panel;
  // The new puzzle's hardest technique, defined in the glossary.
  const gradeLink = panel.linkAfter(panel.message);
  let running = false;
  let difficultyPicked = false;

  function say(text, tone = "") {
    panel.say(text, tone);
    setGlossaryLink(gradeLink, null);
  }

  /** The size options of the chosen kind, keeping the chosen size where it still fits. */
  function fillSizes(wanted) {
    const kind = kindSelect.value;
    const sizes = kind === "futoshiki" ? FUTOSHIKI_SIZES : BLOCK_SIZES;
    const keep = sizes.includes(wanted) ? wanted : DEFAULT_SIZE[kind];
    sizeSelect.replaceChildren(...sizes.map((n) => {
      const option = document.createElement("option");
      option.value = String(n);
      option.textContent = `${n}×${n}`;
      return option;
    }));
    sizeSelect.value = String(keep);
    // A level a learner can finish, until the player picks one: medium up to 9×9, easy above
    // ("Any" gives extreme and guessing puzzles at 16×16, 25×25 and in Futoshiki).
    if (!difficultyPicked) difficultySelect.value = keep > 9 ? "easy" : "medium";
    // Relations only (as CQOI2013's puzzles are) where the kind has relations.
    cluesField.hidden = kind === "classic";
    // Markers on classic grids and Latin squares (an inequality sudoku keeps its signs).
    markersField.hidden = kind === "inequality";
  }

  function setRunning(flag) {
    running = flag;
    startButton.hidden = flag;
    stopButton.hidden = !flag;
    for (const select of [kindSelect, sizeSelect, difficultySelect, symmetrySelect, cluesSelect, markersSelect]) select.disabled = flag;
    root.setAttribute("aria-busy", String(flag));
  }

  function describe(options) {
    const level = options.difficulty ? LEVEL_WORDS[options.difficulty] : "a";
    const clues = options.noGivens ? " with relations only" : "";
    const family = { kropki: "Kropki", xv: "XV" }[options.markers];
    const kind = family ? `${family} ${options.kind === "futoshiki" ? "Latin square" : "sudoku"}` : `${options.kind} puzzle`;
    const all = options.negative ? (options.markers === "kropki" ? ", all dots given" : ", all X and V given") : "";
    return `${level} ${options.size}×${options.size} ${kind}${clues}${all}`;
  }

  async function start() {
    if (running) return;
    const options = {
      kind: kindSelect.value,
      size: Number(sizeSelect.value),
      // A random seed, said in the message: the CLI makes the same puzzle from it.
      seed: Math.floor(Math.random() * 2 ** 32),
    };
    if (difficultySelect.value) options.difficulty = difficultySelect.value;
    if (symmetrySelect.value !== "none") options.symmetry = symmetrySelect.value;
    if (options.kind !== "classic" && cluesSelect.value === "relations") options.noGivens = true;
    // Givens and relations: half the pairs a block holds, so the puzzle needs givens too (all
    // of them, the inequality default, most often leave none to give).
    else if (options.kind === "inequality") options.relations = Math.max(1, Math.round(blockPairs(options.size) / 2));
    const [markers, negative] = markersSelect.value.split("-");
    if (options.kind !== "inequality" && markers !== "none") {
      options.markers = markers;
      if (negative) options.negative = true;
      // A Kropki Latin square has dots instead of signs.
      if (options.kind === "futoshiki") options.relations = "none";
    }
    const client = panel.client;
    setRunning(true);
    const what = describe(options);
    say(`Looking for ${what}…`);
    const onProgress = ({ attempt, left, time }) => {
      if (time < QUIET_MS) return;
      const grids = attempt === 1 ? "the first grid" : `grid ${attempt}`;
      say(`Looking for ${what}: ${grids}, ${left} clues still to try (${duration(time)}). Stop ends it.`);
    };
    try {
      const { puzzle, time } = await client.generate(options, onProgress);
      const model = fromWasm(puzzle.puzzle);
      app.loadModel(model, "generate");
      // The board may be above, out of sight (on a phone, screens above): bring it into view
      // (the message stays in this section, and a toast says what came).
      const boardBox = app.board.root.getBoundingClientRect();
      if (boardBox.top < 0 || boardBox.bottom > window.innerHeight) {
        app.board.root.scrollIntoView({ block: "start", behavior: "smooth" });
        app.notify?.(`New ${options.size}×${options.size} ${options.kind} puzzle: ${puzzle.grade.level}.`);
      }
      const givens = model.givens.filter((d) => d).length;
      const relations = model.relations.size;
      const markerCount = model.markers.size;
      const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
      const clues = [count(givens, "given"), relations ? count(relations, "relation") : "", markerCount ? count(markerCount, "marker") : ""]
        .filter(Boolean).join(" and ");
      say(
        `New ${describe({ ...options, difficulty: undefined }).replace(/^a /, "")}: ${clues}, one solution. ${gradeSentence(puzzle.grade)} ` +
        `Seed ${options.seed}; found in ${duration(time)}. Ctrl+Z brings the last puzzle back.`,
        "done",
      );
      setGlossaryLink(gradeLink, puzzle.grade.hardest ?? null);
    } catch (error) {
      if (error?.cancelled) say("Stopped: the puzzle on the board is unchanged.");
      else say(`No puzzle: ${error.message}`, "error");
    } finally {
      setRunning(false);
    }
  }

  function stop() {
    panel.cancel();
  }

  kindSelect.addEventListener("change", () => fillSizes(Number(sizeSelect.value)));
  markersSelect.addEventListener("change", () => fillSizes(Number(sizeSelect.value)));
  sizeSelect.addEventListener("change", () => fillSizes(Number(sizeSelect.value)));
  difficultySelect.addEventListener("change", () => { difficultyPicked = true; });
  panel.on({ "gen-start": start, "gen-stop": stop });

  // Start from the kind and size on the board.
  const model = app.getModel?.();
  if (model && DEFAULT_SIZE[model.kind]) kindSelect.value = model.kind;
  fillSizes(model?.size ?? 9);
  panel.ready();
  return { start, stop, get running() { return running; } };
}
