//! Steps as a learner reads them: what kind of step it is, its sentence (the reason, then
//! every effect, each cell and digit named), what the board shows for it, and its premises
//! (what its events rest on from outside it). The grouping itself is the crate's
//! (src/trace/steps.rs, carried by every batch); `Trace` keeps it and orders positions by it.
//! No DOM.

import { KIND, RULE, VIA, TECHNIQUES } from "./records.js";
import { cellName, houseName } from "./geometry.js";
import { explain, focus, toneOf, premisesOf, relationReason, pairReason, cellList, digitList, fullHouseOf } from "./sentences.js";
import { Replay } from "./replay.js";

/** At most this many relation bounds are spelled out in one step's sentence. */
const BOUNDS_SHOWN = 3;
/** At most this many clauses of a technique's removals are spelled out. */
const CLAUSES_SHOWN = 4;

/** The techniques that read markers between cells. */
const MARKER_TECHNIQUES = ["marker_bound", "negative_bound", "marker_pair"];

const plural = (n, word, many = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;

/**
 * The kind of the step whose events (seqs, ascending) are `events`, as src/trace/steps.rs
 * names it: start, place, relation, locked, technique, guess, backtrack, contradiction,
 * solution or other.
 */
export function stepKind(trace, events) {
  const head = events[0];
  switch (trace.kind(head)) {
    case KIND.ROUND: return "start";
    case KIND.PLACE: return trace.rule(head) === RULE.GIVEN ? "start" : "place";
    case KIND.ELIMINATE:
      switch (trace.rule(head)) {
        case RULE.RELATION:
        case RULE.MARKER:
        case RULE.NEGATIVE: return premisesOf(trace, head).length ? "relation" : "start";
        case RULE.LOCKED_CANDIDATES: return "locked";
        case RULE.TECHNIQUE: return "technique";
        default: return "other";
      }
    case KIND.GUESS: return "guess";
    case KIND.BACKTRACK: return "backtrack";
    case KIND.CONTRADICTION: return "contradiction";
    case KIND.SOLUTION: return "solution";
    default: return "other";
  }
}

/** Adds `value` to the list under `key` of `map`, keeping the keys in first-seen order. */
function push(map, key, value) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The removals of `events` grouped as a sentence names them: by digit for peers, locked
 * candidates, techniques and refutations (`{digit, cells}`), by cell and relation for
 * relation bounds (`{relation, cell, digits}`), and the rest counted.
 */
function removalsOf(trace, events) {
  const byDigit = new Map();
  const bounds = new Map();
  let others = 0;
  for (const i of events) {
    if (trace.kind(i) !== KIND.ELIMINATE) continue;
    const rule = trace.rule(i);
    const [cell, digit] = [trace.cell(i), trace.digit(i)];
    if (rule === RULE.RELATION && trace.viaTag(i) === VIA.RELATION) {
      push(bounds, `${cell}/${trace.viaPayload(i)}`, { cell, relation: trace.viaPayload(i), digit });
    } else if ((rule === RULE.MARKER || rule === RULE.NEGATIVE) && trace.viaTag(i) === VIA.MARKER) {
      push(bounds, `${cell}/m${trace.viaPayload(i)}`, { cell, pair: trace.viaPayload(i), digit, seq: i });
    } else if (rule === RULE.PEER || rule === RULE.LOCKED_CANDIDATES || rule === RULE.TECHNIQUE || rule === RULE.REFUTATION) {
      push(byDigit, digit, cell);
    } else {
      others++;
    }
  }
  return {
    byDigit: [...byDigit].map(([digit, cells]) => ({ digit, cells })),
    bounds: [...bounds.values()].map((list) => ({
      cell: list[0].cell, relation: list[0].relation, pair: list[0].pair, seq: list[0].seq, digits: list.map((x) => x.digit),
    })),
    others,
  };
}

/**
 * The removals of a technique in the fewer clauses: one per digit ("4 leaves r2c2 and
 * r2c3") or, when fewer, one per cell ("r1c2 cannot be 5–9": a bound on a chain of signs).
 */
function techniqueEffects(byDigit, size) {
  const byCell = new Map();
  for (const { digit, cells } of byDigit) for (const c of cells) push(byCell, c, digit);
  const clauses = byCell.size >= byDigit.length
    ? leaves(byDigit, size)
    : [...byCell].sort((a, b) => a[0] - b[0]).map(([c, digits]) => `${cellName(c, size)} cannot be ${digitList(digits)}`);
  if (clauses.length <= CLAUSES_SHOWN + 1) return clauses;
  const rest = clauses.length - CLAUSES_SHOWN;
  const cells = new Set(byDigit.flatMap((x) => x.cells)).size;
  return [...clauses.slice(0, CLAUSES_SHOWN), `${rest} more like these (${plural(cells, "cell")} lose candidates in all)`];
}

/** "4 leaves r5c1, r5c2 and r7c3", one clause per digit. */
function leaves(byDigit, size) {
  return byDigit.map(({ digit, cells }) => `${digit} leaves ${cellList([...cells].sort((a, b) => a - b), size)}`);
}

/**
 * The candidates of `cell` just before event `seq` of a step: its candidates at the step's
 * start (`before`), less what the step's earlier events removed, or the digit one placed.
 */
function maskBefore(trace, events, before, cell, seq) {
  let mask = before.mask(cell);
  for (const i of events) {
    if (i >= seq) break;
    if (trace.cell(i) !== cell) continue;
    const bit = 1 << (trace.digit(i) - 1);
    if (trace.kind(i) === KIND.ELIMINATE) mask &= ~bit;
    else if (trace.kind(i) === KIND.PLACE || trace.kind(i) === KIND.GUESS) mask = bit;
  }
  return mask;
}

/**
 * The relation and marker bounds of a step in words, the first few spelled out; `placed` the
 * cell and digit the step places (a bound from it says its digit); `context` (`{trace,
 * events, before}`: the step and a Replay at its first position) gives a marker's partner
 * its candidates.
 */
function boundsText(bounds, puzzle, placed = null, context = null) {
  const said = [];
  for (const b of bounds.slice(0, BOUNDS_SHOWN)) {
    if (b.pair !== undefined) {
      const r = puzzle.pairRules?.[b.pair];
      if (!r || !context) continue;
      const partner = b.cell === r.a ? r.b : r.a;
      const mask = maskBefore(context.trace, context.events, context.before, partner, b.seq);
      said.push(pairReason(r, b.cell, b.digits, puzzle.size, mask, puzzle.negative));
      continue;
    }
    const r = puzzle.relations[b.relation];
    if (!r) continue;
    const partner = b.cell === r.hi ? r.lo : r.hi;
    said.push(relationReason(r, b.cell, b.digits, puzzle.size, placed?.cell === partner ? placed.digit : 0));
  }
  const more = bounds.length - said.length;
  if (more > 0) {
    const rest = bounds.slice(BOUNDS_SHOWN);
    const [marks, signs] = [rest.some((b) => b.pair !== undefined), rest.some((b) => b.pair === undefined)];
    said.push(`${plural(more, "more bound")} ${marks && signs ? "from the markers and signs" : marks ? "from the markers" : "along the signs"}`);
  }
  return said;
}

/** The first letter up: a sentence's start. */
const capital = (text) => (/^r\d+c\d+/.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1));

/**
 * The sentence of a step: its reason, then its effects. `events` are the step's seqs
 * (ascending: the head first), `before` a Replay at the step's first position (the state
 * just before it), `puzzle` from `describePuzzle`.
 *
 * - start: "Start: 30 givens; their digits leave 215 candidates of their peers; the signs
 *   alone rule out 96 candidates"
 * - place: "r5c3 is 4: it is the only candidate left. 4 leaves r5c1, r5c2 and 7 more cells;
 *   r5c3 < r5c4 and r5c3 ≥ 4: r5c4 cannot be 1–4"
 * - relation: "r3c9 < r2c9 and r3c9 ≥ 3: r2c9 cannot be 1, 2 or 3"
 * - locked: "In block 4, 7 can only be in row 5: 7 leaves r5c7, r5c8 and r5c9"
 * - technique: "XY-wing: 4 leaves r2c2 and r2c3"
 * - guess, backtrack: the event's sentence, then what it removes
 * - contradiction, solution: the event's sentence
 */
export function explainStep(trace, events, before, puzzle) {
  const n = puzzle.size;
  const head = events[0];
  const kind = stepKind(trace, events);
  const { byDigit, bounds, others } = removalsOf(trace, events);
  const extra = others ? [`${plural(others, "more removal")}`] : [];
  const context = { trace, events, before };
  switch (kind) {
    case "start": {
      const givens = events.filter((i) => trace.kind(i) === KIND.PLACE).length;
      const peers = events.filter((i) => trace.kind(i) === KIND.ELIMINATE && trace.rule(i) === RULE.PEER).length;
      const signs = events.filter((i) => trace.kind(i) === KIND.ELIMINATE && trace.rule(i) === RULE.RELATION).length;
      const marks = events.filter((i) => trace.kind(i) === KIND.ELIMINATE && (trace.rule(i) === RULE.MARKER || trace.rule(i) === RULE.NEGATIVE)).length;
      const parts = [];
      if (givens) parts.push(plural(givens, "given"));
      if (peers) parts.push(`their digits leave ${plural(peers, "candidate")} of their peers`);
      if (signs) parts.push(`the signs alone rule out ${plural(signs, "candidate")}${signs > 1 ? ", bounds along chains of signs included" : ""}`);
      if (marks) parts.push(`the markers between cells${puzzle.negative?.length ? " and the negative constraint" : ""} rule out ${plural(marks, "candidate")}`);
      parts.push(...extra);
      return parts.length ? `Start: ${parts.join("; ")}` : "Start: every digit is possible in every cell";
    }
    case "place":
    case "guess": {
      // A technique that places a digit (BUG+1, a forcing chain) is said as the engine found it.
      const note = kind === "place" && trace.rule(head) === RULE.TECHNIQUE ? trace.notes?.get(head) : null;
      if (note && trace.viaTag(head) === VIA.TECHNIQUE) {
        const name = capital(TECHNIQUES[trace.viaPayload(head)]?.[1] ?? "a named technique");
        return `${name}: ${note.sentence.replace(/\.$/, "")}`;
      }
      const placed = { cell: trace.cell(head), digit: trace.digit(head) };
      const effects = [...leaves(byDigit, n), ...boundsText(bounds, puzzle, placed, context), ...extra];
      const reason = explain(trace, head, before, puzzle);
      return effects.length ? `${reason}. ${capital(effects.join("; "))}` : reason;
    }
    case "relation":
      return capital([...boundsText(bounds, puzzle, null, context), ...leaves(byDigit, n), ...extra].join("; "));
    case "locked": {
      const tag = trace.viaTag(head);
      const payload = trace.viaPayload(head);
      const d = trace.digit(head);
      const reason = tag === VIA.CONFINED
        ? `In ${houseName(payload & 0xff, n)}, ${d} can only be in ${houseName(payload >>> 8, n)}`
        : "Locked candidates";
      return `${reason}: ${[...leaves(byDigit, n), ...boundsText(bounds, puzzle, null, context), ...extra].join("; ")}`;
    }
    case "technique": {
      const technique = trace.viaTag(head) === VIA.TECHNIQUE ? TECHNIQUES[trace.viaPayload(head)] : undefined;
      const name = technique ? capital(technique[1]) : "A named technique";
      // The instance as the logic engine found it: its pattern named, then what it changes.
      const note = trace.notes?.get(head);
      if (note) return `${name}: ${note.sentence.replace(/\.$/, "")}`;
      // A direct form places what its removals leave.
      const goes = events.filter((i) => trace.kind(i) === KIND.PLACE).map((i) => `${trace.digit(i)} goes in ${cellName(trace.cell(i), n)}`);
      return `${name}: ${[...techniqueEffects(byDigit, n), ...goes, ...boundsText(bounds, puzzle, null, context), ...extra].join("; ")}`;
    }
    case "backtrack": {
      const reason = capital(explain(trace, head, before, puzzle));
      const effects = [...leaves(byDigit, n), ...boundsText(bounds, puzzle, null, context), ...extra];
      return effects.length ? `${reason}. So ${effects.join("; ")}` : reason;
    }
    case "contradiction":
    case "solution":
      return capital(explain(trace, head, before, puzzle));
    default: {
      const reason = capital(explain(trace, head, before, puzzle));
      return events.length > 1 ? `${reason}; and ${plural(events.length - 1, "more event")}` : reason;
    }
  }
}

/**
 * What the board shows for a step: the head's focus (its cells, houses and relations), the
 * cells that lose candidates (`targets`), each removed digit marked (`removed`: a list of
 * `{cell, digit}`), the signs its bounds use, and a fish's fins (`fins`: cells of its
 * pattern the board draws apart; [] for other steps).
 */
export function focusStep(trace, events, before, puzzle) {
  const n = puzzle.size;
  const head = events[0];
  const kind = stepKind(trace, events);
  if (kind === "start") {
    return { cells: [], houses: [], relations: [], removed: [], targets: [], placed: [], fins: [], tone: toneOf(trace, head) };
  }
  const f = focus(trace, head, before, puzzle);
  // A technique instance: its pattern's cells (not the cells its removals rest on).
  const note = kind === "technique" ? trace.notes?.get(head) : null;
  if (note) f.cells = [...note.pattern];
  const removed = [];
  const targets = [];
  const relations = new Set(f.relations);
  // A marker technique's pattern is the cells its markers join: the markers between them
  // are what it reads.
  if (note && MARKER_TECHNIQUES.includes(stepTechnique(trace, events, before, puzzle))) {
    const inPattern = new Set(note.pattern);
    for (const r of puzzle.pairRules ?? []) {
      if (r.marker !== null && inPattern.has(r.a) && inPattern.has(r.b)) relations.add(r.edge);
    }
  }
  for (const i of events) {
    if (trace.kind(i) !== KIND.ELIMINATE) continue;
    const cell = trace.cell(i);
    if (cell >= n * n) continue;
    removed.push({ cell, digit: trace.digit(i) });
    if (!targets.includes(cell)) targets.push(cell);
    if (trace.viaTag(i) === VIA.RELATION && puzzle.relations[trace.viaPayload(i)]) {
      relations.add(puzzle.relations[trace.viaPayload(i)].edge);
    }
    const pair = trace.viaTag(i) === VIA.MARKER ? puzzle.pairRules?.[trace.viaPayload(i)] : null;
    if (pair?.marker) relations.add(pair.edge);
  }
  // The pattern is what is not a target: a target is drawn as one (a cell that only loses
  // candidates is no reason), except in a named pattern: the cells of a hidden pair are its
  // pattern and lose candidates too.
  const cells = note ? f.cells : f.cells.filter((c) => !targets.includes(c) || c === trace.cell(head) && trace.kind(head) !== KIND.ELIMINATE);
  // Roles, the same as a hint's last level: a deduction's pattern in the reason's colour,
  // the cell a step places green (the guess keeps its own tone).
  // A direct form's technique step ends in the placement its removals make.
  const placed = kind === "place" && trace.cell(head) < n * n ? [{ cell: trace.cell(head), digit: trace.digit(head) }]
    : kind === "technique" ? events.filter((i) => trace.kind(i) === KIND.PLACE).map((i) => ({ cell: trace.cell(i), digit: trace.digit(i) }))
    : [];
  const tone = ["locked", "technique", "relation"].includes(kind) ? "info" : f.tone;
  const fins = note?.fins ? [...note.fins] : [];
  return { ...f, cells, relations: [...relations], removed, targets, placed, fins, tone };
}

/**
 * What step `events` rests on from outside itself: every premise of its events that is not
 * one of them, ascending. A step's Why is the tree of these.
 */
export function stepPremises(trace, events) {
  const inside = new Set(events);
  const out = new Set();
  for (const i of events) for (const p of premisesOf(trace, i)) if (!inside.has(p)) out.add(p);
  return [...out].sort((a, b) => a - b);
}


/**
 * The head event (its seq) of the `nth` step (from 1) that is an instance of the technique
 * `name` (a name of TECHNIQUES) as `stepTechnique` names it — what Explain's glossary link
 * says of the step — or -1 when the trace has none. Without steps, each event is one.
 */
export function techniqueEvent(trace, name, puzzle, nth = 1) {
  if (!TECHNIQUES.some(([t]) => t === name)) return -1;
  // Steps come in the order of their first events: one replay, forward only.
  const before = new Replay(puzzle.size, trace, { interval: 256 });
  const count = trace.hasSteps ? trace.stepCount : trace.count;
  let wanted = nth;
  for (let k = 0; k < count; k++) {
    const events = trace.hasSteps ? trace.stepEvents(k) : [k];
    before.seek(trace.positionOf(events[0]));
    if (stepTechnique(trace, events, before, puzzle) === name && --wanted === 0) return events[0];
  }
  return -1;
}

/**
 * The technique a step is an instance of, by its name in TECHNIQUES (what the glossary
 * defines), or null: a technique step's own, pointing or claiming for locked candidates, a
 * relation bound, or the single that places a cell (a full house when the cell is the last
 * open one of a house). `before` is a Replay at the step's first position.
 */
export function stepTechnique(trace, events, before, puzzle) {
  const head = events[0];
  const rule = trace.rule(head);
  switch (stepKind(trace, events)) {
    case "technique":
      return trace.viaTag(head) === VIA.TECHNIQUE ? TECHNIQUES[trace.viaPayload(head)]?.[0] ?? null : null;
    case "locked":
      if (trace.viaTag(head) !== VIA.CONFINED) return null;
      return (trace.viaPayload(head) & 0xff) >= 2 * puzzle.size ? "pointing" : "claiming";
    case "relation":
      // A sign's bound, a marker's, or the negative constraint's: what the logic engine
      // names the same deduction (the glossary defines it).
      return { [RULE.RELATION]: "relation_bound", [RULE.MARKER]: "marker_bound", [RULE.NEGATIVE]: "negative_bound" }[rule] ?? null;
    case "place":
      // A technique that places a digit (BUG+1, a forcing chain's placement) names itself.
      if (rule === RULE.TECHNIQUE) {
        return trace.viaTag(head) === VIA.TECHNIQUE ? TECHNIQUES[trace.viaPayload(head)]?.[0] ?? null : null;
      }
      if (rule !== RULE.NAKED_SINGLE && (rule < RULE.HIDDEN_SINGLE_ROW || rule > RULE.HIDDEN_SINGLE_BLOCK)) return null;
      if (fullHouseOf(puzzle, trace.cell(head), before) >= 0) return "full_house";
      return rule === RULE.NAKED_SINGLE ? "naked_single" : "hidden_single";
    default:
      return null;
  }
}
