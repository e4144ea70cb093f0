//! The exports: plain JavaScript values in, each checked by [`super::args`] before it is
//! used, plain objects out. No parameter has a Rust type that wasm-bindgen's glue would trust
//! (`&str`, `Option<String>`, `f64`): a value of the wrong type would become a bogus pointer.

use wasm_bindgen::prelude::*;

mod generate;
mod handles;
mod instances;
mod js;
mod model;
mod solve;

pub use generate::{generate, Generator};
pub use handles::{Search, Solver};
pub use model::{bench, format_puzzle, grade, hint, layout, parse, quote, validate, version};
pub use solve::{solve, solve_all};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** `"auto"`, `""`, `null` or `undefined` detect the kind. */
export type KindName = "classic" | "inequality" | "futoshiki" | "auto";
export type EngineName = "propagate" | "dlx" | "naive" | "logic";
export type FormatName = "line" | "grid" | "poj3074" | "poj3076" | "cqoi" | "picture" | "json" | "fpuzzles";
export type AlphabetName = "digits" | "letters" | "alnum" | "hex" | "numbers";
export type LevelName = "decisions" | "placements" | "full";
export type Status = "unique" | "solved" | "multiple" | "unsolvable" | "limit";

/** The JSON model of a puzzle: the one shape the CLI, this module and the page share. */
export interface PuzzleModel {
  size: number;
  kind?: "classic" | "inequality" | "futoshiki" | "";
  /** N² symbols in reading order ('.' empty), or N² numbers (0 empty). */
  givens: string | number[];
  /** `["r1c1", "<", "r1c2"]`; `^` / `v`: the upper cell is smaller / larger. At most 1200. */
  relations?: [string, "<" | ">" | "^" | "v", string][];
  /**
   * `["r4c5", "white", "r4c6"]`: a marker between two adjacent cells — `white` (consecutive),
   * `black` (one double the other), `X` (sum 10), `V` (sum 5), or `difference:k`, `ratio:k`,
   * `sum:k`. At most 1200.
   */
  markers?: [string, MarkerName, string][];
  /** The marker kinds whose negative constraint holds: no unmarked adjacent pair is so related. */
  negative?: MarkerName[];
  alphabet?: AlphabetName;
}

/** A marker's name: `white`, `black`, `X`, `V`, or `difference:k`, `ratio:k`, `sum:k`. */
export type MarkerName = "white" | "black" | "X" | "V" | `difference:${number}` | `ratio:${number}` | `sum:${number}`;

/** One puzzle: text in any supported format (one puzzle only), or the model object. */
export type PuzzleInput = string | PuzzleModel;

/** Every option is optional; `null` and `undefined` mean the default. Unknown keys throw. */
export interface ReadOptions {
  /** Default: detected from the text. */
  format?: FormatName | "auto";
  /** Default: detected from the givens. */
  alphabet?: AlphabetName | "auto";
}

export interface SolveOptions extends ReadOptions {
  /** Default "propagate". DLX solves classic puzzles only. */
  engine?: EngineName;
  /** Whole number from 1; default 2 (1 finds one answer, 2 also proves uniqueness). */
  solutionLimit?: number;
  /** Whole number from 1; default 10000000. Nodes plus probes. */
  nodeLimit?: number;
}

export interface TraceOptions extends SolveOptions {
  /** Default "full". */
  level?: LevelName;
  /** Whole number from 1 to 10000000 (the ceiling); default 1000000. */
  maxEvents?: number;
}

export interface BenchOptions extends ReadOptions {
  solutionLimit?: number;
  /** Whole number from 1 to 1000; default 5. */
  runs?: number;
}

export interface Stats {
  nodes: number;
  guesses: number;
  backtracks: number;
  contradictions: number;
  solutions: number;
  probes: number;
  /** Placements and eliminations by rule; absent when the search counted no rules (the
   * 9×9 and 16×16 fast paths count nodes, guesses and solutions only). */
  placements?: Record<string, number>;
  eliminations?: Record<string, number>;
}

/** What `solveAll` returns: per puzzle, in order, its status, first solution and count. */
export interface SolveAllResult {
  count: number;
  /** `solve`'s status of each puzzle, or `"invalid"` for one that cannot be read or breaks the rules. */
  statuses: (Status | "invalid")[];
  /** The first solution of each puzzle, one line each (empty without one), in the answer alphabet. */
  solutions: string;
  /** The solutions found for each puzzle, up to `solutionLimit`. */
  solutionCounts: Uint32Array;
  /** An `Error` for each bad puzzle, with its `index` (and `cells`, `line`, `column`). */
  problems: (Error & { index: number; cells: string[]; line?: number; column?: number })[];
}

/** What `Search.advance` returns: whether the search has ended, and its statistics so far. */
export interface SearchProgress {
  done: boolean;
  stats: Stats;
}

export interface SolveResult {
  status: Status;
  /** The first solution, in the puzzle's alphabet (an array of numbers past it); null without one. */
  solution: string | number[] | null;
  /** Up to two distinct solutions. */
  solutions: (string | number[])[];
  size: number;
  kind: "classic" | "inequality" | "futoshiki";
  alphabet: AlphabetName;
  engine: EngineName;
  stats: Stats;
}

export interface Problem {
  message: string;
  cells: string[];
}

export type RevealName = "technique" | "cells" | "step";

export interface HintOptions extends ReadOptions {
  /** How much of the next step to tell: which technique and where; also its cells; the
   * whole step (default). */
  reveal?: RevealName;
}

/** Where the player is. Both optional. */
export interface PlayerState {
  /** The player's digits: text in the puzzle's symbols ('.' empty), or N² numbers (0 empty). */
  entries?: string | number[];
  /** Pencil marks: N² digit sets (bit d-1 for digit d, 0 for none), or the CLI's text form. */
  marks?: string | number[];
}

/** One step of a technique: what it does, and the cells, houses, digits and relations it rests on. */
export interface StepReport {
  technique: string;
  title: string;
  rating: number;
  /** [cell, digit] pairs: `[["r1c1", 5]]`. */
  placements: [string, number][];
  /** [cell, digit] pairs, one per candidate removed. */
  eliminations: [string, number][];
  cells: string[];
  /** "row 3", "column 5", "block 7". */
  houses: string[];
  digits: number[];
  /** "r1c1 < r1c2". */
  relations: string[];
  /** The markers read: "r1c1 white r1c2"; "r1c1 not white/black r1c2" for an unmarked pair
   *  under the negative constraint. Absent when none. */
  markers?: string[];
  /** For chains: "7r1c1 = 7r1c5 − 7r4c5 = 7r4c2". */
  chain?: string;
  /** For forcing chains (nishio, forcing_chain, dynamic_forcing_chain): each branch from its
   *  supposition to its conclusion, "5r1c1 → −5r2c1 → 7r2c1" ("−": the digit is not in the
   *  cell). Absent for other techniques. */
  branches?: string[];
  /** For the almost-locked-set techniques, their sets as the sentence names them, a set's
   *  cells joined by ",". An ALS chain, ALS-XZ or ALS-XY-wing (als_chain, als_xz,
   *  als_xy_wing): the sets in order, each joined to the next by its restricted common
   *  digit, "r4c4 -1- r6c5,r6c6 -5- r9c5 -7- r9c1,r9c2" (an ALS-XY-wing in chain order,
   *  its pivot in the middle: "r1c1 -1- r1c5 -3- r5c5"; a doubly linked ALS-XZ by both
   *  digits: "r1c1 -1,2- r1c5,r1c6"). A death blossom (death_blossom): its stem cell, then
   *  each petal after the stem's digit it sees, petals parted by " | ":
   *  "r5c5 -1- r5c1,r5c2 | -2- r1c5" (a reader of chains alone finds no chain in it).
   *  Absent for other techniques. */
  als?: string;
  /** For a finned fish, Franken or mutant fish (finned_x_wing, finned_swordfish,
   *  finned_jellyfish, franken_fish, mutant_fish): its fins, the places of its pattern
   *  outside every cover house (and a Franken or mutant fish's places in two base houses),
   *  as its sentence names them: ["r2c8"]. Absent for other steps. */
  fins?: string[];
  sentence: string;
}

export type HintResult =
  | { kind: "wrong_entry"; cell: string; digit: number; why: "clash" | "relation" | "marker" | "solution";
      peer?: string; house?: string; relation?: string; sentence: string }
  | { kind: "missing_mark"; cell: string; digit?: number; sentence: string }
  | ({ kind: "step"; reveal: RevealName; hint: string } & StepReport)
  | { kind: "guess"; cell: string; candidates: number[]; sentence: string }
  | { kind: "solved"; sentence: string };

/** Every option is optional; `null` and `undefined` mean the default. Unknown keys throw. */
export interface GenerateOptions {
  /** Default "classic". */
  kind?: "classic" | "inequality" | "futoshiki";
  /** Classic and inequality 4, 6, 8, 9, 12, 16, 25; Futoshiki 3 to 25. Default 9 (Futoshiki 5). */
  size?: number;
  /** How many puzzles, 1 to 1000 (default 1). */
  count?: number;
  /** The level `grade` must give; default any. */
  difficulty?: "easy" | "medium" | "hard" | "expert" | "extreme" | "guessing";
  /** Whole number from 0 to 2^53-1; without one, a fresh seed each call (each puzzle reports it as `seed`). The same options and seed give the same puzzles. */
  seed?: number;
  /** Where clues are; default "none". */
  symmetry?: "none" | "rotational" | "quarter" | "mirror" | "diagonal";
  /** No clue can be taken away without a second solution. */
  minimal?: boolean;
  minGivens?: number;
  maxGivens?: number;
  /** Which relations may appear: "blocks" (the inequality default), "adjacent" (the Futoshiki default), "none", or a number of random adjacent pairs. */
  relations?: "none" | "blocks" | "adjacent" | number;
  /** Relations (or markers) only, no givens. */
  noGivens?: boolean;
  /** Markers between adjacent cells, as the solution has them: "kropki" (white and black dots) or "xv" (X and V, size 6 or more); on classic grids and Latin squares (kind "futoshiki", then without inequality signs). Default "none". */
  markers?: "none" | "kropki" | "xv";
  /** The negative constraint: every marker the solution has is drawn and stays; only givens are taken away. */
  negative?: boolean;
  /** New grids to try per puzzle before giving up; default 2000. */
  attempts?: number;
  /** The most search work one uniqueness count may take while clues are taken away. */
  effort?: number;
}

export interface GeneratedPuzzle {
  puzzle: PuzzleModel;
  /** The solution, one symbol a cell (digits, alnum above 9×9). */
  solution: string;
  grade: GradeResult;
  /** Which puzzle of the request (0 first). */
  index: number;
  /** The seed it was made with (the one asked for, or the one chosen): with the options and `index`, it makes the puzzle again. */
  seed: number;
  /** Grids tried for it, and checks (uniqueness counts and technique solves) made. */
  attempts: number;
  checks: number;
}

/** What `Generator.advance` returns. */
export interface GeneratorStep {
  done: boolean;
  /** The puzzle this slice found, or null. */
  puzzle: GeneratedPuzzle | null;
  found: number;
  count: number;
  /** The grid under way (1 first), its checks so far, and its clues still to try. */
  attempt: number;
  checks: number;
  left: number;
}

export interface GradeResult {
  /** 1.0 … 7.x by the hardest step (Sudoku Explainer's scale); 8.0 and up: needs guessing. */
  score: number;
  level: "easy" | "medium" | "hard" | "expert" | "extreme" | "guessing";
  hardest: string | null;
  hardest_rating: number;
  hardest_steps: number;
  needs_guessing: boolean;
  guesses: number;
  /** Steps by technique, in the order techniques are tried (only those used). */
  steps: Record<string, number>;
}

export interface Batch {
  /** `count` events of 5 words each (layout: the crate's `trace` module). At most 65536. */
  records: Uint32Array;
  /**
   * The premise table of `records`: for each event with two premises or more, in seq order,
   * `seq, count, p1, …, p_count` (ascending, each < seq). Any other event's premises are its
   * `cause` (word 3), if it has one. At most N + 2 words per event for size N; complete
   * lists at level "full" only.
   */
  premises: Uint32Array;
  /**
   * The step of each event of `records`: the events grouped into the steps a person names
   * (a placement with what it causes, one technique instance, a guess, …; the crate's
   * `trace::Steps`). Steps are numbered in the order they begin, across batches; an event
   * may join a step begun in an earlier batch, never one before the last guess, backtrack,
   * contradiction or solution.
   */
  steps: Uint32Array;
  /** Steps so far, this batch included. */
  stepCount: number;
  /**
   * The technique instances (engine "logic", level "full") whose first event is among
   * `records`, in seq order: `sentence` as a hint says it (the pattern named, then what it
   * changes), `pattern` its cells (indices), `branches` a forcing chain's branches as
   * `StepReport.branches` has them (empty for other techniques), `als` the sets of an ALS
   * chain, ALS-XZ, ALS-XY-wing or death blossom as `StepReport.als` has them (absent for
   * other techniques), `fins` a fish's fins (indices, a part of `pattern`) as
   * `StepReport.fins` has them (absent for other techniques).
   */
  notes: {
    seq: number;
    sentence: string;
    pattern: Uint32Array;
    branches: string[];
    als?: string;
    fins?: Uint32Array;
  }[];
  firstSeq: number;
  count: number;
  /** True once the search has ended and every record was handed over. */
  done: boolean;
  /** `null` until `done`. */
  status: Status | null;
  depth: number;
  /** The engine's candidates (bit d-1 ⇔ digit d); ahead of `records` while a large node is handed over. */
  grid: Uint32Array;
  stats: Stats;
  eventLimit: boolean;
  solutions: (string | number[])[];
}

export interface BenchResult {
  puzzles: number;
  solutions: number;
  micros_per_puzzle: number;
  fastest_micros_per_puzzle: number;
  /** How many puzzles could not be read or are invalid (as the CLI's `bench` counts them); they are left out of the timing. */
  invalid: number;
  /** The first 1000 of them, and bad input between puzzles. */
  errors: { puzzle: number | null; line: number; column: number; message: string }[];
}
"#;
