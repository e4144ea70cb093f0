// The board element, `import "sudoku-lab/board"`: defines <sudoku-lab-board>.
//
// By default the board is built in the element's shadow root from the page's own modules
// (www/ of this package); every board of the host page shares one wasm module and one solver
// worker. With `isolation="frame"` it is the sudoku-lab page in embed mode inside an iframe
// (www/index.html), and nothing of the host page reaches it. Either way it is scripted over a
// private MessagePort, with the same attributes, methods and events. Every method returns a
// promise and waits for the board to be ready (a lazy board loads when it comes near the
// viewport; `loading="eager"` loads it at once).
//
// Attributes (all optional; a change after the board is ready takes effect at once):
//
// | attribute  | values                                        | default     |
// |------------|-----------------------------------------------|-------------|
// | puzzle     | the puzzle in any text format, or JSON        | (example)   |
// | kind       | classic, inequality, futoshiki, auto          | auto        |
// | format     | line, grid, poj3074, poj3076, cqoi, picture, json, fpuzzles | detected |
// | alphabet   | digits, letters, alnum, hex, numbers          | detected    |
// | example    | an example of the page (cqoi-1, hardest, …)   | cqoi-1      |
// | engine     | propagate, dlx, naive, logic                  | propagate   |
// | level      | decisions, placements, full                   | full        |
// | by         | step (a reason and all it causes), event      | step        |
// | speed      | steps (or events) a second: 1 2 5 10 25 50 100 250 1000 5000 max | 5 by step, 50 by event |
// | autoplay   | boolean: trace and play at once               | off         |
// | start      | the event to open at (see `EventSpec`)         | none        |
// | controls   | none, playback, full                          | playback    |
// | caption    | boolean: the current sentence under the board | off         |
// | loading    | lazy, eager                                   | lazy        |
// | title      | the board's accessible name                   | a default   |
// | page       | the board's page (sudoku-lab's index.html; http(s) only; in a shadow root, of the module's or the host's origin) | ../index.html beside the module |
// | isolation  | shadow (a shadow root, shared worker), frame (an iframe: full isolation) | shadow |
//
// Boolean attributes are off when absent or "false", "off", "no", "0".

/** Where playback should go: an event number (12 or "#12"; 0 is the start, before any
 * event), "step:N" (the end of step N, from 1), "start", "end", or `kind[:rule][#n]` — the
 * n-th event (default the first) of a kind whose rule starts with `rule`:
 * "place:naked_single", "place:hidden_single", "eliminate:relation#3", "guess", "backtrack";
 * or "technique:NAME[#n]" — the end of the n-th step (default the first) using a technique of
 * the logic library by name ("hidden_single", "pointing", "xy_wing", …).
 * Playing by step, an event target goes to the end of the step the event is in. */
export type EventSpec = number | string;

export type EventKind = "round" | "place" | "eliminate" | "guess" | "backtrack" | "contradiction" | "solution";

export type Rule =
  | "given" | "peer" | "naked_single" | "hidden_single_row" | "hidden_single_column"
  | "hidden_single_block" | "relation" | "guess" | "refutation" | "locked_candidates"
  | "disjunction" | "probe" | "technique";

/** What a step is (src/trace/steps.rs): its reason's kind. */
export type StepKind =
  | "start" | "place" | "relation" | "locked" | "technique" | "guess" | "backtrack"
  | "contradiction" | "solution" | "other";

/** The current step (playing by step: `kind`, `events` and `sentence` are set). */
export interface BoardStep {
  /** From 1, as the board shows it ("step 2 of 83"). */
  number: number;
  kind: StepKind | null;
  /** How many events it groups. */
  events: number | null;
  /** The step in plain English: its reason, then every effect. */
  sentence: string | null;
}

/** One event of the trace, decoded. */
export interface BoardEvent {
  /** Its index in the trace (0-based); `number` is seq + 1, as the board shows it. */
  seq: number;
  number: number;
  kind: EventKind;
  rule: Rule | null;
  /** "r3c4", or null for an event without a cell (a round). */
  cell: string | null;
  digit: number | null;
  depth: number;
  /** The seqs of every event this one rests on (empty: a given, a guess, a relation). */
  premises: number[];
  /**
   * The step the event belongs to, from 0: events grouped into the steps a person names (a
   * placement with its peers and the bounds that follow, one technique instance, a guess, …;
   * the crate's `trace::Steps`). Null for a trace without steps.
   */
  step: number | null;
}

/** Where playback is: what a "step" event carries and the playback methods resolve with. */
export interface Position {
  /** Events applied (in play order): 0 is the start. */
  position: number;
  /** Events in the trace so far, the steps they make, and whether it is complete. */
  events: number;
  steps: number;
  /** The unit playback moves by. */
  by: "step" | "event";
  done: boolean;
  /** The current step (null at the start, or without steps). */
  step: BoardStep | null;
  /** By step, the current step's first event (its reason); by event, the last one applied. */
  event: BoardEvent | null;
  /** The step (by event: the event) in plain English, as the caption shows it. */
  sentence: string;
}

export type Status = "unique" | "multiple" | "solved" | "unsolvable" | "limit" | "invalid" | "stopped" | "error";

/** The "solved" event's detail and what solve() and explain() resolve with. */
export interface Outcome {
  status: Status;
  /** The first solution, one digit per cell in row order, or null. */
  solution: number[] | null;
  engine: "propagate" | "dlx" | "naive" | "logic";
  /** Search nodes (solve) or trace events (explain). */
  nodes?: number;
  events?: number;
  via: "solve" | "explain";
}

/** The "error" event's detail; a rejected promise is an Error with the same `cells`. */
export interface BoardError {
  message: string;
  /** The cells the error is about ("r1c1"), or empty. */
  cells: string[];
}

export interface Ready {
  version: string;
  protocol: number;
  size: number | null;
  kind: string | null;
  /** Set when the puzzle could not be read: the board shows this message instead. */
  error: BoardError | null;
}

export interface LoadOptions {
  /** An example of the page, when `puzzle` is null or empty. */
  example?: string;
  kind?: "classic" | "inequality" | "futoshiki" | "auto";
  format?: string;
  alphabet?: string;
  engine?: "propagate" | "dlx" | "naive" | "logic";
  level?: "decisions" | "placements" | "full";
  by?: "step" | "event";
  speed?: string | number;
  start?: EventSpec | null;
  autoplay?: boolean;
  controls?: "none" | "playback" | "full";
  caption?: boolean;
}

/** The board's own events. Its `error` is a CustomEvent (not the ErrorEvent of a script's
 * error), so the map does not extend HTMLElementEventMap: the element's other events keep
 * their types through HTMLElement's own addEventListener. */
export interface SudokuLabBoardEventMap {
  ready: CustomEvent<Ready>;
  solved: CustomEvent<Outcome>;
  step: CustomEvent<Position>;
  error: CustomEvent<BoardError>;
}

/** How a board is isolated from its host page (the `isolation` attribute). */
export type Isolation = "shadow" | "frame";

export declare class SudokuLabBoard extends HTMLElement {
  /** Resolves with the "ready" detail once the board can be scripted. */
  readonly ready: Promise<Ready>;
  /** The `isolation` attribute as the board takes it: "frame", else "shadow". */
  readonly isolation: Isolation;
  /** The board's iframe with `isolation="frame"`, else null. */
  readonly frame: HTMLIFrameElement | null;
  /** The address of the board's page with the attributes (what the iframe shows). */
  readonly src: string;
  /** The board's page (the `page` attribute resolved), or null when it is not an http(s) address. */
  readonly page: URL | null;
  /** Solves at once; rejects with the error when the puzzle is invalid. */
  solve(): Promise<Outcome>;
  /** Traces the search and plays it; resolves once the whole trace is in. */
  explain(): Promise<Outcome>;
  /** Plays (tracing first when there is no trace). */
  play(): Promise<Position>;
  pause(): Promise<Position>;
  /** `n` steps (by event: events) forward, back when negative, paused (tracing first when needed). */
  step(n?: number): Promise<Position>;
  /** To an event, paused (tracing first when needed); rejects when no event matches. */
  seek(target: EventSpec): Promise<Position>;
  /** Highlights cells ("r1c1" or indices); `[]` clears. Resolves with their names. */
  highlight(cells: Array<string | number>): Promise<string[]>;
  /** Shows another puzzle; rejects (and shows the error in the board) when it cannot be read. */
  load(puzzle: string | object | null, options?: LoadOptions): Promise<Position & { size: number; kind: string }>;

  addEventListener<K extends keyof SudokuLabBoardEventMap>(type: K, listener: (this: SudokuLabBoard, ev: SudokuLabBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: SudokuLabBoard, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SudokuLabBoardEventMap>(type: K, listener: (this: SudokuLabBoard, ev: SudokuLabBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: SudokuLabBoard, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "sudoku-lab-board": SudokuLabBoard;
  }
}
