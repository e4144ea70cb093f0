// The JavaScript mirror of the trace record layout (www/js/records.js, trace.js, replay.js, sentences.js): decoding the golden
// records and premise table, replaying them, and the sentence for every kind of event.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

import {
  RECORD_WORDS, KINDS, RULES, TECHNIQUES, VIA, NO_CAUSE, NO_CELL, NO_RULE, checkLayout, decodeAll, decodePremises,
  premisesOfAll, wordsOfBytes,
} from "../../www/js/records.js";
import { Trace } from "../../www/js/trace.js";
import { Replay, removalOf } from "../../www/js/replay.js";
import { explain, focus, proofTree, premisesOf, groundOf } from "../../www/js/sentences.js";
import { describePuzzle, houseCells, houseName, cellName, cellIndex } from "../../www/js/geometry.js";
import { solutionDigits } from "../../www/js/model.js";

const golden = (name) => fileURLToPath(new URL(`../golden/${name}`, import.meta.url));
const goldenJson = JSON.parse(fs.readFileSync(golden("trace.json"), "utf8"));
const goldenWords = wordsOfBytes(fs.readFileSync(golden("trace.bin")));
const goldenPremises = wordsOfBytes(fs.readFileSync(golden("premises.bin")));
/** The golden JSON events without their premises: what `decodeRecord` gives. */
const goldenRecords = goldenJson.events.map(({ premises, ...record }) => record);

/** The entries of a premise table for the events `from..to` (the table of that batch). */
function premisesBetween(table, from, to) {
  const words = [];
  for (const { seq, premises } of decodePremises(table)) {
    if (seq >= from && seq < to) words.push(seq, premises.length, ...premises);
  }
  return Uint32Array.from(words);
}

/** The golden puzzle's model: 4×4 inequality, r3c3 = 2, r1c1 < r1c2, r2c3 > r2c4, r2c2 < r3c2. */
const goldenModel = {
  size: 4,
  kind: "inequality",
  givens: "..........2.....",
  relations: [["r1c1", "<", "r1c2"], ["r2c2", "<", "r3c2"], ["r2c3", ">", "r2c4"]],
};

/** Encodes one event (the inverse of decodeRecord), for building traces in tests. */
function encode({ seq, kind, rule = null, depth = 0, cell = null, digit = 0, cause = null, via = null }) {
  const k = KINDS.indexOf(kind);
  const r = rule === null ? NO_RULE : RULES.indexOf(rule);
  assert.ok(k >= 0 && r >= 0, `${kind} ${rule}`);
  let v = 0;
  if (via?.cell !== undefined) v = (VIA.CELL << 24) | via.cell;
  else if (via?.house !== undefined) v = (VIA.HOUSE << 24) | via.house;
  else if (via?.relation !== undefined) v = (VIA.RELATION << 24) | via.relation;
  else if (via?.confined) v = (VIA.CONFINED << 24) | via.confined[0] | (via.confined[1] << 8);
  else if (via?.technique) v = (VIA.TECHNIQUE << 24) | TECHNIQUES.findIndex(([name]) => name === via.technique);
  return [seq, k | (r << 8) | (depth << 16), (cell ?? NO_CELL) | (digit << 16), cause ?? NO_CAUSE, v >>> 0];
}

/** A trace of `events` (seq filled in) over `model`, and a function explaining event i. */
function build(model, events) {
  const trace = new Trace();
  trace.append(Uint32Array.from(events.flatMap((e, seq) => encode({ seq, ...e }))));
  const puzzle = describePuzzle(model);
  const replay = new Replay(model.size, trace);
  const say = (i) => { replay.seek(i); return explain(trace, i, replay, puzzle); };
  return { trace, puzzle, replay, say };
}

test("the layout constants match the wasm module's layout()", () => {
  const techniques = TECHNIQUES.map(([name]) => name);
  checkLayout({ recordWords: 5, kinds: KINDS, rules: RULES, techniques });
  assert.throws(() => checkLayout({ recordWords: 6, kinds: KINDS, rules: RULES, techniques }));
  assert.throws(() => checkLayout({ recordWords: 5, kinds: KINDS.slice(1), rules: RULES, techniques }));
  assert.throws(() => checkLayout({ recordWords: 5, kinds: KINDS, rules: RULES, techniques: techniques.slice(1) }));
});

test("the golden records decode to exactly the golden JSON, event by event", () => {
  assert.equal(goldenJson.record_words, RECORD_WORDS);
  const events = decodeAll(goldenWords);
  assert.equal(events.length, goldenJson.events.length);
  events.forEach((e, i) => assert.deepEqual(e, goldenRecords[i], `event ${i}`));
  // The golden trace shows every kind of event.
  for (const kind of KINDS) assert.ok(events.some((e) => e.kind === kind), kind);
});

test("the golden premise table gives every event exactly its golden premises", () => {
  const events = decodeAll(goldenWords);
  const lists = premisesOfAll(events, goldenPremises);
  lists.forEach((list, i) => assert.deepEqual(list, goldenJson.events[i].premises, `event ${i}`));
  // Only events of two premises or more have an entry; the others are their cause.
  const entries = decodePremises(goldenPremises);
  assert.ok(entries.length > 0 && entries.every((e) => e.premises.length >= 2));
  assert.equal(entries.length, goldenJson.events.filter((e) => e.premises.length >= 2).length);
  // A naked single rests on the removal of each other candidate of its cell.
  const single = goldenJson.events.find((e) => e.rule === "naked_single" && e.premises.length === 3);
  assert.ok(single, "a naked single of a 4×4 grid, three removals");
  for (const p of single.premises) assert.equal(goldenJson.events[p].cell, single.cell);
  assert.deepEqual(new Set(single.premises.map((p) => goldenJson.events[p].digit)).size, 3);
});

test("a premise table that does not fit its records is refused", () => {
  const events = decodeAll(goldenWords);
  const [entry] = decodePremises(goldenPremises);
  const words = [entry.seq, entry.premises.length, ...entry.premises];
  assert.throws(() => decodePremises([entry.seq, 1, 0]), /one premise is the cause/);
  assert.throws(() => decodePremises([entry.seq, 2, 1, 0]), /not ascending/);
  assert.throws(() => decodePremises([3, 2, 1, 3]), /later premise/);
  assert.throws(() => decodePremises([entry.seq, 5, 0]), /cut short/);
  assert.throws(() => decodePremises([...words, ...words]), /out of seq order/);
  const bent = events.map((e) => (e.seq === entry.seq ? { ...e, cause: e.cause + 1 } : e));
  assert.throws(() => premisesOfAll(bent, goldenPremises), /cause is not the latest premise/);
  assert.throws(() => premisesOfAll(events.slice(0, entry.seq), words), /not among the events/);
  const trace = new Trace();
  assert.throws(() => trace.append(goldenWords.subarray(0, entry.seq * RECORD_WORDS), 0, Uint32Array.from(words)), /outside the batch/);
  const bentWords = goldenWords.slice();
  bentWords[entry.seq * RECORD_WORDS + 3] += 1;
  assert.throws(() => trace.append(bentWords, 0, goldenPremises), /cause is not the latest premise/);
  // Steps: one per record, each begun by then (a step is new only as the next number).
  const n = goldenWords.length / RECORD_WORDS;
  assert.throws(() => trace.append(goldenWords, 0, goldenPremises, new Uint32Array(n - 1)), /steps for/);
  assert.throws(() => trace.append(goldenWords, 0, goldenPremises, Uint32Array.from({ length: n }, (_, i) => (i ? 2 : 0))), /in step 2, which has not begun: the next step is 1/);
  assert.equal(trace.count, 0, "nothing stored");
  const steps = Uint32Array.from({ length: n }, (_, i) => Math.floor(i / 3));
  trace.append(goldenWords, 0, goldenPremises, steps);
  assert.equal(trace.stepCount, Math.ceil(n / 3));
  assert.deepEqual([trace.step(0), trace.step(4), trace.stepsBefore(4), trace.stepsBefore(n)], [0, 1, 2, trace.stepCount]);
});

test("the store decodes the same events and premises as decodeAll, batch by batch", () => {
  const trace = new Trace();
  const n = goldenJson.events.length;
  for (let i = 0; i < n; i += 7) {
    const to = Math.min(i + 7, n);
    const records = goldenWords.subarray(i * RECORD_WORDS, to * RECORD_WORDS);
    trace.append(records, i, premisesBetween(goldenPremises, i, to));
  }
  assert.equal(trace.count, n);
  goldenRecords.forEach((e, i) => assert.deepEqual(trace.event(i), e));
  goldenJson.events.forEach((e, i) => assert.deepEqual(trace.premises(i), e.premises, `event ${i}`));
  // Without a table, every event's premises are its cause.
  const bare = new Trace();
  bare.append(goldenWords);
  goldenJson.events.forEach((e, i) => assert.deepEqual(bare.premises(i), e.cause === null ? [] : [e.cause]));
  assert.throws(() => trace.append(goldenWords.subarray(0, 5), 3), /does not follow/);
  const at = (kind) => goldenJson.events.filter((e) => e.kind === kind).map((e) => e.seq);
  for (const kind of ["guess", "contradiction", "backtrack", "solution"]) {
    assert.deepEqual(trace.markers[kind], at(kind), kind);
  }
});

test("a decoder refuses words no encoder writes", () => {
  assert.throws(() => decodeAll(new Uint32Array([0, 9, 0, 0, 0])), /unknown kind/);
  assert.throws(() => decodeAll(new Uint32Array([0, 0, 0, 0, 7 << 24])), /unknown via tag/);
  assert.throws(() => decodeAll(new Uint32Array(7)), /whole number/);
});

/** True when `values` (16 digits) is a solution of the golden puzzle. */
function solvesGolden(values) {
  const n = 4;
  const puzzle = describePuzzle(goldenModel);
  const houses = [];
  for (let h = 0; h < 3 * n; h++) houses.push(houseCells({ ...puzzle, block: [2, 2] }, h));
  const housesOk = houses.every((cells) => new Set(cells.map((c) => values[c])).size === n);
  const relationsOk = puzzle.relations.every((r) => values[r.lo] < values[r.hi]);
  return values.every((v) => v >= 1 && v <= n) && housesOk && relationsOk && values[10] === 2;
}

test("replaying the golden trace keeps the depth of every event and reaches both solutions", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const replay = new Replay(4, trace, { interval: 8 });
  const solutions = [];
  for (let i = 0; i < trace.count; i++) {
    const e = goldenJson.events[i];
    const expected = e.kind === "guess" ? replay.depth + 1 : replay.depth;
    assert.equal(e.depth, expected, `event ${i} depth`);
    replay.step();
    if (e.kind === "solution") solutions.push(replay.values());
  }
  assert.equal(solutions.length, 2);
  assert.notDeepEqual(solutions[0], solutions[1]);
  for (const s of solutions) assert.ok(solvesGolden(s), s.join(""));
  // The search stops at the second solution, inside its branches: the replay is where it stopped.
  assert.equal(replay.depth, goldenJson.events.at(-1).depth);
  const open = goldenJson.events[replay.openGuess()];
  assert.equal(open.kind, "guess");
  assert.equal(open.depth, replay.depth);
});

test("seeking back and forth gives the same state as replaying from the start", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const replay = new Replay(4, trace, { interval: 8 });
  const states = [];
  const fresh = new Replay(4, trace);
  for (let p = 0; p <= trace.count; p++) {
    states.push({ depth: fresh.depth, grid: Array.from(fresh.grid()) });
    if (p < trace.count) fresh.step();
  }
  const order = [trace.count, 0, 50, 13, 93, 7, 64, 64, 1, 88, 30];
  for (const p of order) {
    replay.seek(p);
    assert.equal(replay.position, p);
    assert.deepEqual({ depth: replay.depth, grid: Array.from(replay.grid()) }, states[p], `position ${p}`);
  }
});

test("checkpoints stay within their memory budget by thinning out", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const replay = new Replay(4, trace, { interval: 2, budgetBytes: 600 });
  replay.seek(trace.count);
  assert.ok(replay.interval > 2, "the interval grew");
  assert.ok(replay.checkpointBytes <= 600);
  replay.seek(3);
  replay.seek(90);
  assert.equal(replay.position, 90);
});

test("warming lays checkpoints ahead and leaves the state where it was", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const replay = new Replay(4, trace, { interval: 8 });
  replay.seek(13);
  const before = { position: replay.position, depth: replay.depth, grid: Array.from(replay.grid()), open: replay.openGuess() };
  assert.equal(replay.checkpoints.filter(Boolean).length, 2, "checkpoints at 0 and 8 only");
  // A whole golden trace is a few hundred events: one warm reaches its end.
  assert.equal(replay.warm(1000), true);
  assert.deepEqual({ position: replay.position, depth: replay.depth, grid: Array.from(replay.grid()), open: replay.openGuess() }, before);
  const laid = replay.checkpoints.filter(Boolean).length;
  assert.equal(laid, Math.floor(trace.count / 8) + 1, "a checkpoint every 8 events to the end");
  // No time: nothing laid, the state untouched, and it says whether it had caught up.
  const cold = new Replay(4, trace, { interval: 8 });
  assert.equal(cold.warm(0), trace.count < 8);
  assert.equal(cold.position, 0);
});

test("a replay sharing another's checkpoints seeks to the same states as a fresh one", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const display = new Replay(4, trace, { interval: 4 });
  const probe = new Replay(4, trace, { interval: 4, shares: display });
  display.seek(trace.count); // lays every checkpoint, for both
  assert.equal(probe.checkpoints, display.checkpoints);
  for (const p of [trace.count - 1, 3, 57, 22, 0, trace.count]) {
    const fresh = new Replay(4, trace);
    fresh.seek(p);
    probe.seek(p);
    assert.deepEqual({ depth: probe.depth, grid: Array.from(probe.grid()) }, { depth: fresh.depth, grid: Array.from(fresh.grid()) }, `position ${p}`);
  }
  // The display was not moved by the probe.
  assert.equal(display.position, trace.count);
});

test("the replay refuses an event that does not fit", () => {
  const { replay } = build(goldenModel, [
    { kind: "eliminate", rule: "peer", cell: 0, digit: 2, via: { cell: 1 } },
    { kind: "eliminate", rule: "peer", cell: 0, digit: 2, via: { cell: 1 } },
  ]);
  replay.step();
  assert.throws(() => replay.step(), /not a candidate/);
  const deep = build(goldenModel, [{ kind: "backtrack", depth: 1 }]);
  assert.throws(() => deep.replay.step(), /depth/);
});

test("every golden event has an explanation without placeholders", () => {
  const trace = new Trace();
  trace.append(goldenWords);
  const puzzle = describePuzzle(goldenModel);
  const replay = new Replay(4, trace);
  for (let i = 0; i < trace.count; i++) {
    replay.seek(i);
    const sentence = explain(trace, i, replay, puzzle);
    assert.match(sentence, /^[a-z0-9]/i);
    assert.doesNotMatch(sentence, /undefined|NaN|null/, sentence);
  }
  // A sample of what the golden trace says.
  replay.seek(0);
  assert.equal(explain(trace, 0, replay, puzzle), "r3c3 is 2 (given)");
  replay.seek(2);
  assert.equal(explain(trace, 2, replay, puzzle), "2 removed from r3c1: r3c3 is 2 (same row)");
});

const classic9 = { size: 9, kind: "classic", givens: ".".repeat(81), relations: [] };

/**
 * A trace of `rows` over `model` (see `build`), each row `[event, sentence]`: every event must
 * say its sentence. A row without a sentence only sets the scene.
 */
function expectSentences(model, rows) {
  const built = build(model, rows.map(([event]) => event));
  rows.forEach(([, sentence], i) => {
    if (sentence !== undefined) assert.equal(built.say(i), sentence, `event ${i}`);
  });
  return built;
}

test("placements: given, naked single, hidden single in row, column and block", () => {
  expectSentences(classic9, [
    [{ kind: "place", rule: "given", cell: 21, digit: 5 }, "r3c4 is 5 (given)"],
    [{ kind: "place", rule: "hidden_single_block", cell: 10, digit: 4, via: { house: 18 } }, "r2c2 must be 4: it is the only place for 4 in block 1"],
    [{ kind: "place", rule: "hidden_single_row", cell: 11, digit: 3, via: { house: 1 } }, "r2c3 must be 3: it is the only place for 3 in row 2"],
    [{ kind: "place", rule: "hidden_single_column", cell: 12, digit: 2, via: { house: 12 } }, "r2c4 must be 2: it is the only place for 2 in column 4"],
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((digit) => [{ kind: "eliminate", rule: "peer", cell: 80, digit }]),
    [{ kind: "place", rule: "naked_single", cell: 80, digit: 9, cause: 11 }, "r9c9 is 9: it is the only candidate left"],
  ]);
});

test("eliminations by peer name the peer and the house they share", () => {
  const { trace, replay, puzzle } = expectSentences(classic9, [
    [{ kind: "place", rule: "given", cell: 26, digit: 7 }],
    [{ kind: "eliminate", rule: "peer", cell: 21, digit: 7, cause: 0, via: { cell: 26 } }, "7 removed from r3c4: r3c9 is 7 (same row)"],
    [{ kind: "eliminate", rule: "peer", cell: 80, digit: 7, cause: 0, via: { cell: 26 } }, "7 removed from r9c9: r3c9 is 7 (same column)"],
    [{ kind: "eliminate", rule: "peer", cell: 19, digit: 1, via: { cell: 9 } }, "1 removed from r3c2: r2c1 is 1 (same block)"],
  ]);
  replay.seek(1);
  const f = focus(trace, 1, replay, puzzle);
  assert.deepEqual(f.cells, [21, 26]);
  assert.deepEqual(f.houses, [2]);
  assert.deepEqual(f.removed, { cell: 21, digit: 7 });
  assert.equal(f.tone, "eliminate");
});

test("eliminations by relation state the inequality and the bound they need, never one that holds for every digit", () => {
  const model = { ...classic9, kind: "inequality", relations: [["r3c4", "<", "r3c5"], ["r4c1", ">", "r5c1"]] };
  const { trace, replay, puzzle } = expectSentences(model, [
    ...[7, 8, 9].map((digit) => [{ kind: "eliminate", rule: "peer", cell: 22, digit }]),
    [{ kind: "eliminate", rule: "relation", cell: 21, digit: 7, via: { relation: 0 } }, "7 removed from r3c4: r3c4 < r3c5 and r3c5 ≤ 7: r3c4 cannot be 7"],
    [{ kind: "eliminate", rule: "relation", cell: 27, digit: 1, via: { relation: 1 } }, "1 removed from r4c1: r5c1 < r4c1: r4c1 cannot be 1"],
    [{ kind: "place", rule: "given", cell: 27, digit: 4 }],
    [{ kind: "eliminate", rule: "relation", cell: 36, digit: 5, via: { relation: 1 } }, "5 removed from r5c1: r5c1 < r4c1 and r4c1 is 4: r5c1 cannot be 5"],
  ]);
  replay.seek(3);
  const f = focus(trace, 3, replay, puzzle);
  assert.deepEqual(f.relations, ["r3c4-r3c5"]);
  assert.deepEqual(f.cells, [21, 22]);
  assert.equal(puzzle.relations[1].edge, "r4c1-r5c1");
});

test("locked candidates, refutations and disjunctions", () => {
  expectSentences(classic9, [
    [{ kind: "eliminate", rule: "locked_candidates", cell: 30, digit: 3, via: { confined: [22, 3] } }, "3 removed from r4c4: in block 5, 3 can only be in row 4"],
    [{ kind: "guess", rule: "guess", depth: 1, cell: 30, digit: 2 }, "guess r4c4 = 2 (8 candidates)"],
    [{ kind: "contradiction", depth: 1, cell: 45, via: { cell: 45 } }, "r4c4 = 2 led to a contradiction: r6c1 has no candidate left"],
    [{ kind: "backtrack", depth: 1 }, "backtrack: undo r4c4 = 2"],
    [{ kind: "eliminate", rule: "refutation", cell: 30, digit: 2, cause: 3 }, "2 removed from r4c4: r4c4 = 2 led to a contradiction"],
    [{ kind: "guess", rule: "probe", depth: 1, cell: 0, digit: 3 }, "try r1c1 = 3"],
    [{ kind: "contradiction", depth: 1, digit: 4, via: { house: 2 } }, "trying r1c1 = 3 led to a contradiction: 4 has no place left in row 3"],
    [{ kind: "backtrack", depth: 1, cause: 6 }, "backtrack: the trial r1c1 = 3 is over"],
    [{ kind: "eliminate", rule: "refutation", cell: 0, digit: 3, cause: 7 }, "3 removed from r1c1: trying r1c1 = 3 led to a contradiction"],
    [{ kind: "eliminate", rule: "disjunction", cell: 5, digit: 6, cause: 7, via: { cell: 1 } }, "6 removed from r1c6: every candidate of r1c2, tried in turn, rules it out"],
  ]);
});

test("a named technique says its name and its pattern, and marks the cells it rests on", () => {
  const { trace, replay, puzzle } = expectSentences(classic9, [
    [{ kind: "eliminate", rule: "peer", cell: 2, digit: 5 }],
    [
      { kind: "eliminate", rule: "technique", cell: 40, digit: 5, cause: 0, via: { technique: "x_wing" } },
      "5 removed from r5c5 by X-wing: a digit's places in two rows lie in two columns (or the reverse), so it leaves the rest of those lines (the pattern is marked)",
    ],
    [
      { kind: "eliminate", rule: "technique", cell: 41, digit: 3, via: { technique: "chain_bound" } },
      "3 removed from r5c6 by chain bound: a chain of cells each below the next pins the range of every cell on it (the pattern is marked)",
    ],
  ]);
  replay.seek(1);
  assert.deepEqual(focus(trace, 1, replay, puzzle).cells, [40, 2]);
  assert.equal(groundOf(trace, 2), "relation");
  assert.equal(TECHNIQUES.length, new Set(TECHNIQUES.map(([name]) => name)).size);
});

test("below the full level a guess does not count candidates it cannot know", () => {
  const trace = new Trace("decisions");
  trace.append(Uint32Array.from(encode({ seq: 0, kind: "guess", rule: "guess", depth: 1, cell: 0, digit: 3 })));
  const replay = new Replay(9, trace);
  assert.equal(explain(trace, 0, replay, describePuzzle(classic9)), "guess r1c1 = 3");
});

test("solutions, rounds and a branch that ended in a solution", () => {
  const four = { size: 4, kind: "classic", givens: ".".repeat(16), relations: [] };
  expectSentences(four, [
    [{ kind: "round" }, "propagation round at the root"],
    [{ kind: "guess", rule: "guess", depth: 1, cell: 0, digit: 1 }],
    [{ kind: "round", depth: 1 }, "propagation round at depth 1"],
    [{ kind: "solution", depth: 1 }, "solution found"],
    [{ kind: "backtrack", depth: 1, cause: 3 }],
    [{ kind: "eliminate", rule: "refutation", cell: 0, digit: 1, cause: 4 }, "1 removed from r1c1: r1c1 = 1 has been explored (it gave a solution)"],
    [{ kind: "solution" }, "solution 2 found: the puzzle has several solutions"],
    [{ kind: "contradiction", cell: 5, via: { cell: 5 } }, "contradiction: r2c2 has no candidate left"],
  ]);
});

test("a removed candidate's proof tree unfolds its premises down to givens, guesses and relations", () => {
  const trace = new Trace();
  trace.append(goldenWords, 0, wordsOfBytes(fs.readFileSync(golden("premises.bin"))));
  const events = goldenJson.events;
  const removal = removalOf(trace, trace.count, 8, 2);
  assert.ok(removal >= 0);
  assert.equal(events[removal].cell, 8);
  // Every node's children are exactly its golden premises; every leaf is a ground.
  const walk = (node, seen = new Set()) => {
    if (seen.has(node.index)) return;
    seen.add(node.index);
    const children = node.premises();
    assert.deepEqual(children.map((c) => c.index), events[node.index].premises, `event ${node.index}`);
    assert.deepEqual(premisesOf(trace, node.index), events[node.index].premises);
    if (!children.length) assert.match(node.ground, /^(given|guess|relation|unrecorded)$/, `leaf ${node.index}`);
    else assert.equal(node.ground, "", `event ${node.index} rests on others`);
    for (const c of children) {
      assert.ok(c.index < node.index, "premises come first");
      walk(c, seen);
    }
  };
  const tree = proofTree(trace, removal);
  walk(tree);
  assert.equal(tree.premises(), tree.premises(), "children are built once");
  assert.equal(groundOf(trace, events.findIndex((e) => e.rule === "given")), "given");
  // Still a candidate: no removal.
  assert.equal(removalOf(trace, 0, 8, 2), -1);
  // A removal inside a closed branch is not the reason at the end.
  const { trace: t2 } = build(classic9, [
    { kind: "guess", rule: "guess", depth: 1, cell: 0, digit: 1 },
    { kind: "eliminate", rule: "peer", depth: 1, cell: 1, digit: 1, cause: 0, via: { cell: 0 } },
    { kind: "backtrack", depth: 1 },
    { kind: "eliminate", rule: "refutation", cell: 0, digit: 1, cause: 2 },
  ]);
  assert.equal(removalOf(t2, 2, 1, 1), 1, "removed inside the open branch");
  assert.equal(removalOf(t2, 3, 1, 1), -1, "undone by the backtrack");
  assert.equal(removalOf(t2, 3, 0, 2), -1, "the guess is undone too");
  assert.equal(removalOf(t2, 1, 0, 2), 0, "the guess took 2 from r1c1");
  assert.equal(removalOf(t2, 4, 0, 1), 3);
});

test("names of cells, houses and solution digits", () => {
  assert.equal(cellName(0, 9), "r1c1");
  assert.equal(cellName(80, 9), "r9c9");
  assert.equal(cellIndex("r3c4", 9), 21);
  assert.equal(cellIndex("r10c1", 9), -1);
  assert.equal(houseName(0, 9), "row 1");
  assert.equal(houseName(9, 9), "column 1");
  assert.equal(houseName(26, 9), "block 9");
  const p16 = describePuzzle({ size: 16, kind: "classic" });
  assert.deepEqual(houseCells(p16, 32 + 5).slice(0, 2), [4 * 16 + 4, 4 * 16 + 5]);
  assert.deepEqual(solutionDigits("1A", "letters"), [0, 1]);
  assert.deepEqual(solutionDigits("9AG", "alnum"), [9, 10, 16]);
  assert.deepEqual(solutionDigits([12, 3], "numbers"), [12, 3]);
});
