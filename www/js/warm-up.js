//! The solver worker's warm-up: hints on built-in hard states, run while the worker is idle, so
//! that the player's first hard hint does not pay for V8's cold wasm code. V8 compiles a wasm
//! function on its first call into a baseline tier (Liftoff), runs it there, and recompiles the
//! functions that run much with its optimising tier (TurboFan) in the background; a call already
//! running stays in the baseline code. A fresh worker's first hint on a state that needs the whole
//! library (a forcing chain) took 3–10 times as long as the next one.
//!
//! Each state's hint finds one technique further along the library than the one before (written
//! by benches/warm-up-states.mjs: the player's state before such a step of SE-exchange's
//! diabolical, tuned set; the hint benches time other sets), so each call runs the techniques
//! before its own in code the earlier calls warmed and is cold only in the new ones — calls
//! small enough that a real request waits for at most one of them (the worker runs the warm-up
//! a call at a time, between requests: worker.js).

/** The warm-up's states: the digits placed as givens, the candidates as pencil marks (CLI text form). */
export const WARM_UP = [
  // hidden_single: diabolical tuned #1, before step 0
  {
    puzzle: "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..",
    marks: ". 34789 489 34 . 479 1478 478 . 34578 . 458 2346 2347 467 4578 . 478 . 4579 459 . 247 . 457 2457 . 3458 23458 . 1245 . 45 . 3458 148 458 2458 124568 . 124 . 14589 458 1489 . 345 1456 1456 . 456 13457 3457 . . 24789 2489 34 347 478 34789 34678 . 4578 . 458 . 347 . 3478 . 478 4578 45789 . 145 . 4578 . 478 4789",
  },
  // naked_pair: diabolical tuned #2, before step 7
  {
    puzzle: "85.....31....7.......8.9....237..61.97.3.1.52....2...31..4.7..62.5..63.7....8.1..",
    marks: ". . 24679 26 46 24 2479 . . 346 13469 12469 1256 . 2345 24589 24689 4589 3467 1346 12467 . 13456 . 2457 2467 45 45 . . . 459 458 . . 489 . . 468 . 46 . 48 . . 456 1468 1468 569 . 458 4789 4789 . . 389 89 . 359 . 2589 289 . . 489 . 19 19 . . 489 . 3467 3469 4679 259 . 235 . 49 459",
  },
  // x_wing: diabolical tuned #4, before step 19
  {
    puzzle: "..7..15....1.8....9...7...1625148937..3...6....9..62...9.5.3...7.28.4..6.1.2.7.4.",
    marks: "2348 3468 . 3469 23 . . 2689 2389 2345 3456 . 3469 . 259 47 2679 239 . 356 48 36 . 25 48 26 . . . . . . . . . . 148 478 . 79 25 29 . 158 458 148 478 . 37 35 . . 158 458 48 . 468 . 16 . 178 278 28 . 35 . . 19 . 13 59 . 35 . 68 . 69 . 38 . 59",
  },
  // xy_wing: diabolical tuned #2, before step 31
  {
    puzzle: "85.....31....73......8.9....237..61.97.3.1.52....2...31..437526245..6387....8.1..",
    marks: ". . 79 26 46 24 79 . . 46 19 124 15 . . 2489 469 458 37 136 124 . 15 . 247 467 45 45 . . . 59 458 . . 89 . . 68 . 46 . 48 . . 456 168 14 569 . 48 4789 479 . . 89 89 . . . . . . . . . 19 19 . . . . 37 36 67 25 . 25 . 49 49",
  },
  // unique_rectangle: diabolical tuned #14, before step 15
  {
    puzzle: "3..1....8.92..831.8.173..94.1...3652.2.....43.432...7128...41...396...8.1....5..9",
    marks: ". 57 47 . 4569 269 257 26 . 467 . . 45 456 . . . 567 . 56 . . . 26 25 . . 79 . 78 489 4789 . . . . 5679 . 5678 589 156789 17 89 . . 569 . . . 5689 69 89 . . . . 56 39 79 . . 36 567 457 . . . 127 17 2457 . 57 . 67 467 38 278 . 247 236 .",
  },
  // als_xz: diabolical tuned #1, before step 39
  {
    puzzle: "2..3591.631.627.9.6.9841.23..72946.1.2671395.9.1586..2192478365.6.932.177.31652.9",
    marks: ". 478 48 . . . . 78 . . . 58 . . . 458 . 48 . 57 . . . . 57 . . 58 358 . . . . . 38 . 48 . . . . . . . 48 . 34 . . . . 47 347 . . . . . . . . . . 458 . 458 . . . 48 . . . 48 . . . . . 48 .",
  },
  // als_chain: diabolical tuned #53, before step 22
  {
    puzzle: "5....7.4976.....52..4...37..8..1.76..4.769...67......1.57....8.4..5.2..7.3..7..1.",
    marks: ". 12 138 1368 238 . 168 . . . . 138 13489 3489 1348 18 . . 189 129 . 1268 25 1568 . . 68 239 . 259 24 . 45 . . 345 13 . 125 . . . 58 23 358 . . 25 2348 2345 3458 459 29 . 29 . . 13469 349 1346 2469 . 346 . 19 1689 . 389 . 69 39 . 289 . 2689 4689 . 468 24569 . 456",
  },
  // aic: diabolical tuned #211, before step 9
  {
    puzzle: "5..7.1..817..4...2.89.2.71...71642.....982......375...6.......1..4...6...9.....5.",
    marks: ". 2346 236 . 39 . 349 3469 . . . 36 568 . 3689 359 369 . 34 . . 56 . 36 . . 3456 89 35 . . . . . 389 359 34 13456 1356 . . . 1345 3467 34567 289 1246 1268 . . . 1489 4689 469 . 235 358 248 359 379 3489 234789 . 278 15 . 28 15 3789 . 23789 379 278 . 1238 2468 13 3678 348 . 347",
  },
  // forcing_chain: diabolical tuned #211, before step 13
  {
    puzzle: "5..7.1..817..4...2.89.2.71...71642.....982......375...6....7..1..4...6...9.....5.",
    marks: ". 2346 236 . 39 . 349 3469 . . . 36 568 . 3689 359 369 . 34 . . 56 . 36 . . 3456 89 35 . . . . . 389 359 34 13456 1356 . . . 1345 3467 34567 289 1246 1268 . . . 1489 4689 469 . 235 358 248 359 . 3489 2489 . 278 15 . 28 15 389 . 23789 379 278 . 1238 2468 13 368 348 . 347",
  },
  // dynamic_forcing_chain: diabolical tuned #211, before step 14
  {
    puzzle: "5..7.1..817..4...2.89.2.71...71642.....982......375...6....7..1..4...6...9.....5.",
    marks: ". 2346 236 . 39 . 349 3469 . . . 36 568 . 3689 359 369 . 34 . . 56 . 36 . . 3456 89 35 . . . . . 389 359 34 13456 1356 . . . 1345 467 34567 289 1246 1268 . . . 1489 4689 469 . 235 358 248 359 . 3489 2489 . 278 15 . 28 15 389 . 23789 379 278 . 1238 2468 13 368 348 . 347",
  },
];

/**
 * How many times the warm-up goes through `WARM_UP`: V8 optimises a function once it has run
 * enough in the baseline tier, so the hardest states' hints kept getting faster over passes.
 */
export const PASSES = 1;

/** The warm-up as steps: one hint by `hint` (the wasm export) a step, on each state of `WARM_UP`, `passes` times. */
export function* warmUp(hint, passes = PASSES) {
  for (let pass = 0; pass < passes; pass++) {
    for (const { puzzle, marks } of WARM_UP) {
      hint(puzzle, "classic", { reveal: "step" }, { marks });
      yield;
    }
  }
}
