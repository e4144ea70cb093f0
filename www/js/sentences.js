//! The plain-English sentence of every event, what the board highlights for it, and the
//! chain of causes behind it. No DOM.

import { KIND, KINDS, NO_CAUSE, RULE, RULES, RULE_LABELS, TECHNIQUES, VIA } from "./records.js";
import { cellName, houseCells, houseName, houseOf, popcount } from "./geometry.js";
import { markerHolds, markerKind, markerName, negativePhrase } from "./model.js";

/** `cell` relative to `peer`: "same row", "same column" or "same block". */
function sharedHouse(puzzle, cell, peer) {
  const n = puzzle.size;
  if (Math.floor(cell / n) === Math.floor(peer / n)) return "same row";
  if (cell % n === peer % n) return "same column";
  return "same block";
}

/** "1 event", "2,048 events": a count and its noun (`many` where "s" is not the plural). */
export const plural = (n, word, many = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;

/** "1–4", "1, 3 and 5", "7": a list of digits, runs of three or more joined by a dash. */
export function digitList(digits) {
  const sorted = [...new Set(digits)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return listWords(parts, "or");
}

/** "a", "a and b", "a, b and c" (or "or"). */
export function listWords(items, last = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

/** Up to `shown` cell names, then "and N more": "r5c1, r5c2 and 10 more cells". */
export function cellList(cells, size, shown = 4) {
  const names = cells.map((c) => cellName(c, size));
  if (names.length <= shown + 1) return listWords(names);
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more cells`;
}

/**
 * Why relation `r` (`{lo, hi}`: lo < hi) takes `digits` from `cell`, stating only the bound
 * it needs — the one its premises prove (the partner's candidates below the largest digit
 * are gone, or above the smallest) — and none that holds for every digit: "r3c9 < r2c9 and
 * r3c9 ≥ 3: r2c9 cannot be 1, 2 or 3"; "r3c9 < r2c9: r2c9 cannot be 1". When the partner's
 * digit is known (`partner`, 0 if not), that is the bound: "r5c3 < r5c4 and r5c3 is 4".
 */
export function relationReason(r, cell, digits, size, partner = 0) {
  const [lo, hi] = [cellName(r.lo, size), cellName(r.hi, size)];
  const rel = `${lo} < ${hi}`;
  const which = digitList(digits);
  if (partner) return `${rel} and ${cell === r.hi ? lo : hi} is ${partner}: ${cell === r.hi ? hi : lo} cannot be ${which}`;
  if (cell === r.hi) {
    const m = Math.max(...digits);
    return m <= 1 ? `${rel}: ${hi} cannot be ${which}` : `${rel} and ${lo} ≥ ${m}: ${hi} cannot be ${which}`;
  }
  const m = Math.min(...digits);
  return m >= size ? `${rel}: ${lo} cannot be ${which}` : `${rel} and ${hi} ≤ ${m}: ${lo} cannot be ${which}`;
}

/** The digits of a candidate mask, ascending. */
function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >>> (d - 1); d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** "a white dot", "an X": a marker's name with its article. */
function withArticle(token) {
  const name = markerName(token);
  return /^[aeiouxAEIOUX]/.test(name) && name !== "V" ? `an ${name}` : `a ${name}`;
}

/** The digits of 1..size that marker `token` joins to `d` (d's partners across the marker). */
function partnersOf(token, d, size) {
  const out = [];
  for (let y = 1; y <= size; y++) if (y !== d && markerHolds(token, d, y)) out.push(y);
  return out;
}

/** "consecutive to 5", "double or half of 3", "summing to 10 with 4": the partners of `which` in words. */
function partnerWords(token, which) {
  const kind = markerKind(token);
  if (!kind) return `joined to ${which}`;
  if (kind.type === "difference") return kind.k === 1 ? `consecutive to ${which}` : `${kind.k} away from ${which}`;
  if (kind.type === "ratio") return kind.k === 2 ? `double or half of ${which}` : `${kind.k} times or a ${kind.k}th of ${which}`;
  return `summing to ${kind.k} with ${which}`;
}

/**
 * Why pair rule `r` (`describePuzzle(...).pairRules[i]`: a marker, or an unmarked pair under
 * the negative constraint) takes `digits` from `cell`, given the partner's candidates
 * (`partnerMask`, before the removal) and the puzzle's negative kinds. With `tail` the
 * sentence ends with what leaves the cell (a step's sentence needs it; an event's own
 * sentence has already said it):
 * - "r4c5 and r4c6 are joined by a white dot: r4c6 has no 5 or 7 left, so 6 leaves r4c5",
 * - "r4c5 and r4c6 are joined by a white dot and r4c6 can only be 3 or 4: r4c5 cannot be 1 or 6–9",
 * - "r4c5 and r4c6 are joined by a black dot and r4c6 is 4: r4c5 cannot be 3",
 * - "r1c1 and r1c2 are joined by a black dot: no digit from 1 to 9 is double or half of 5, 7 or 9",
 * - "no marker joins r1c1 and r1c2, so their digits are not consecutive or double (the
 *   negative constraint), and r1c1 is 4: r1c2 cannot be 2, 3, 5 or 8".
 */
export function pairReason(r, cell, digits, size, partnerMask, negative = [], tail = true) {
  const X = cellName(cell, size);
  const partner = r.a === cell ? r.b : r.a;
  const P = cellName(partner, size);
  const [A, B] = [cellName(r.a, size), cellName(r.b, size)];
  const which = digitList(digits);
  const left = digitsOf(partnerMask);
  const state = left.length === 1 ? `${P} is ${left[0]}` : left.length ? `${P} can only be ${digitList(left)}` : `${P} has no candidate left`;
  if (r.marker === null) {
    return `no marker joins ${A} and ${B}, so their digits ${negativePhrase(negative)} (the negative constraint), and ${state}: ${X} cannot be ${which}`;
  }
  const joined = `${A} and ${B} are joined by ${withArticle(r.marker)}`;
  const wanted = [...new Set(digits.flatMap((d) => partnersOf(r.marker, d, size)))];
  const so = tail ? `, so ${which} ${digits.length === 1 ? "leaves" : "leave"} ${X}` : "";
  if (wanted.length === 0) return `${joined}: no digit from 1 to ${size} is ${partnerWords(r.marker, which)}${so}`;
  if (digits.length === 1 && left.length !== 1) return `${joined}: ${P} has no ${digitList(wanted)} left${so}`;
  return `${joined} and ${state}: ${X} cannot be ${which}`;
}

/** "r4c4 = 2" for a guess (or probe) event. */
function guessText(trace, index, size) {
  return `${cellName(trace.cell(index), size)} = ${trace.digit(index)}`;
}

/** Why a branch ended, from the kind of the event before its backtrack. */
function branchEnd(endedBy) {
  if (endedBy === KIND.CONTRADICTION) return "led to a contradiction";
  if (endedBy === KIND.SOLUTION) return "has been explored (it gave a solution)";
  if (endedBy === KIND.BACKTRACK) return "failed in every branch below it";
  return "has been explored";
}

/** The fields of event `index` that its sentence and its highlight are made of, as numbers. */
function fieldsOf(trace, index) {
  return {
    kind: trace.kind(index),
    rule: trace.rule(index),
    depth: trace.depth(index),
    cell: trace.cell(index),
    digit: trace.digit(index),
    tag: trace.viaTag(index),
    payload: trace.viaPayload(index),
  };
}

/**
 * True when `cell` is the one cell of `house` still open in `before` (a Replay just before
 * the event): every other cell holds a single digit, so the cell is a full house.
 */
export function isFullHouse(puzzle, house, cell, before) {
  return houseCells(puzzle, house).every((c) => c === cell || popcount(before.mask(c)) === 1);
}

/** The first house (row, column, block) of which `cell` is the one open cell in `before`, or -1. */
export function fullHouseOf(puzzle, cell, before) {
  const types = puzzle.block ? [0, 1, 2] : [0, 1];
  for (const type of types) {
    const house = houseOf(puzzle, cell, type);
    if (isFullHouse(puzzle, house, cell, before)) return house;
  }
  return -1;
}

/**
 * The plain-English sentence for event `index` of `trace`, given `before` — a Replay at
 * position `index` (the state just before the event) — and `puzzle` (`describePuzzle`).
 */
export function explain(trace, index, before, puzzle) {
  const n = puzzle.size;
  const { kind, rule, depth, cell, digit, tag, payload } = fieldsOf(trace, index);
  const X = cell < n * n ? cellName(cell, n) : "";
  const d = String(digit);
  switch (kind) {
    case KIND.ROUND:
      return depth === 0 ? "propagation round at the root" : `propagation round at depth ${depth}`;
    case KIND.PLACE:
      switch (rule) {
        case RULE.GIVEN: return `${X} is ${d} (given)`;
        case RULE.NAKED_SINGLE: {
          const house = fullHouseOf(puzzle, cell, before);
          if (house >= 0) return `${X} is ${d}: it is the last open cell of ${houseName(house, n)}`;
          return `${X} is ${d}: it is the only candidate left`;
        }
        case RULE.HIDDEN_SINGLE_ROW:
        case RULE.HIDDEN_SINGLE_COLUMN:
        case RULE.HIDDEN_SINGLE_BLOCK: {
          const house = tag === VIA.HOUSE ? payload : houseOf(puzzle, cell, rule - RULE.HIDDEN_SINGLE_ROW);
          if (isFullHouse(puzzle, house, cell, before)) return `${X} must be ${d}: it is the last open cell of ${houseName(house, n)}`;
          return `${X} must be ${d}: it is the only place for ${d} in ${houseName(house, n)}`;
        }
        default: return `${X} is ${d} (${RULE_LABELS[RULES[rule]] ?? "placed"})`;
      }
    case KIND.ELIMINATE: {
      const head = `${d} removed from ${X}`;
      switch (rule) {
        case RULE.PEER:
          if (tag === VIA.CELL) {
            return `${head}: ${cellName(payload, n)} is ${d} (${sharedHouse(puzzle, cell, payload)})`;
          }
          return `${head}: a peer is ${d}`;
        case RULE.RELATION: {
          const r = tag === VIA.RELATION ? puzzle.relations[payload] : undefined;
          if (!r) return `${head}: an inequality rules it out`;
          const m = before.mask(cell === r.hi ? r.lo : r.hi);
          return `${head}: ${relationReason(r, cell, [digit], n, popcount(m) === 1 ? 31 - Math.clz32(m) + 1 : 0)}`;
        }
        case RULE.MARKER:
        case RULE.NEGATIVE: {
          const r = tag === VIA.MARKER ? puzzle.pairRules?.[payload] : undefined;
          if (!r) return `${head}: ${rule === RULE.MARKER ? "a marker between two cells" : "the negative constraint"} rules it out`;
          const partner = r.a === cell ? r.b : r.a;
          return `${head}: ${pairReason(r, cell, [digit], n, before.mask(partner), puzzle.negative, false)}`;
        }
        case RULE.LOCKED_CANDIDATES: {
          if (tag !== VIA.CONFINED) return `${head}: locked candidates`;
          const [house, to] = [payload & 0xff, payload >>> 8];
          return `${head}: in ${houseName(house, n)}, ${d} can only be in ${houseName(to, n)}`;
        }
        case RULE.REFUTATION: {
          const u = before.undone;
          if (u && u.guess >= 0 && trace.cell(u.guess) === cell && trace.digit(u.guess) === digit) {
            const trying = trace.rule(u.guess) === RULE.PROBE ? "trying " : "";
            return `${head}: ${trying}${X} = ${d} ${branchEnd(u.endedBy)}`;
          }
          return `${head}: trying it led to a contradiction`;
        }
        case RULE.TECHNIQUE: {
          const technique = tag === VIA.TECHNIQUE ? TECHNIQUES[payload] : undefined;
          if (!technique) return `${head} by a named technique`;
          const note = instanceOf(trace, index);
          if (note) return `${head} by ${technique[1]}: ${note.sentence.replace(/\.$/, "")}`;
          return `${head} by ${technique[1]}: ${technique[2]} (the pattern is marked)`;
        }
        case RULE.DISJUNCTION: {
          const other = tag === VIA.CELL ? cellName(payload, n) : "another cell";
          return `${head}: every candidate of ${other}, tried in turn, rules it out`;
        }
        default:
          return `${head} (${RULE_LABELS[RULES[rule]] ?? "eliminated"})`;
      }
    }
    case KIND.GUESS: {
      if (rule === RULE.PROBE) return `try ${X} = ${d}`;
      // Candidates are known only when every elimination is recorded.
      if (trace.level !== "full") return `guess ${X} = ${d}`;
      const count = popcount(before.mask(cell));
      return `guess ${X} = ${d} (${count} candidate${count === 1 ? "" : "s"})`;
    }
    case KIND.BACKTRACK: {
      const g = before.openGuess();
      if (g < 0) return "backtrack";
      if (trace.rule(g) === RULE.PROBE) return `backtrack: the trial ${guessText(trace, g, n)} is over`;
      return `backtrack: undo ${guessText(trace, g, n)}`;
    }
    case KIND.CONTRADICTION: {
      let what;
      if (tag === VIA.HOUSE) what = `${d} has no place left in ${houseName(payload, n)}`;
      else if (tag === VIA.CELL) what = `${cellName(payload, n)} has no candidate left`;
      else if (tag === VIA.RELATION && puzzle.relations[payload]) {
        const r = puzzle.relations[payload];
        what = `${cellName(r.lo, n)} < ${cellName(r.hi, n)} does not hold`;
      }
      else if (tag === VIA.MARKER && puzzle.pairRules?.[payload]) {
        const r = puzzle.pairRules[payload];
        const [a, b] = [cellName(r.a, n), cellName(r.b, n)];
        what = r.marker === null
          ? `${a} and ${b} have no marker between them, yet every pair of their digits breaks the rule that their digits ${negativePhrase(puzzle.negative)}`
          : `no digits of ${a} and ${b} fit the ${markerName(r.marker)} between them`;
      }
      else if (X) what = `${X} has no candidate left`;
      else what = "no way forward";
      const g = before.openGuess();
      if (g < 0) return `contradiction: ${what}`;
      const trying = trace.rule(g) === RULE.PROBE ? "trying " : "";
      return `${trying}${guessText(trace, g, n)} led to a contradiction: ${what}`;
    }
    case KIND.SOLUTION:
      return before.solutions === 0 ? "solution found" : `solution ${before.solutions + 1} found: the puzzle has several solutions`;
    default:
      return KINDS[kind] ?? "event";
  }
}

/**
 * The technique instance event `index` belongs to (`{sentence, pattern}`, kept by the trace
 * store from `Batch.notes`, under the seq of the instance's first event: its step's head),
 * or null.
 */
export function instanceOf(trace, index) {
  if (!trace.notes?.size || typeof trace.step !== "function") return null;
  const k = trace.step(index);
  const head = k >= 0 ? trace.stepHeads[k] : index;
  return trace.notes.get(head) ?? null;
}

/** Tone of an event, for highlighting. */
export function toneOf(trace, index) {
  const kind = trace.kind(index);
  return ["info", "place", "eliminate", "guess", "backtrack", "contradiction", "solution"][kind] ?? "info";
}

/**
 * What the board highlights for event `index`, given `before` (a Replay at `index`):
 * `{cells, houses, relations, removed, tone}` with cell indices, house numbers and edge keys.
 */
export function focus(trace, index, before, puzzle) {
  const n = puzzle.size;
  const { kind, rule, cell, digit, tag, payload } = fieldsOf(trace, index);
  const out = { cells: [], houses: [], relations: [], removed: null, tone: toneOf(trace, index) };
  if (cell < n * n) out.cells.push(cell);
  if (kind === KIND.ELIMINATE) out.removed = { cell, digit };
  if (tag === VIA.CELL && payload < n * n && payload !== cell) out.cells.push(payload);
  if (tag === VIA.HOUSE) out.houses.push(payload);
  if (tag === VIA.CONFINED) out.houses.push(payload & 0xff, payload >>> 8);
  if (tag === VIA.RELATION && puzzle.relations[payload]) {
    const r = puzzle.relations[payload];
    out.relations.push(r.edge);
    out.cells.push(r.lo === cell ? r.hi : r.lo);
  }
  if (tag === VIA.MARKER && puzzle.pairRules?.[payload]) {
    const r = puzzle.pairRules[payload];
    // An unmarked pair has nothing drawn on its gap: its two cells say where it is.
    if (r.marker !== null) out.relations.push(r.edge);
    for (const c of [r.a, r.b]) if (!out.cells.includes(c)) out.cells.push(c);
  }
  if (kind === KIND.ELIMINATE && rule === RULE.PEER && tag === VIA.CELL) {
    // The house the cell shares with the peer that holds the digit.
    const type = ["same row", "same column", "same block"].indexOf(sharedHouse(puzzle, cell, payload));
    if (type < 2 || puzzle.block) out.houses.push(houseOf(puzzle, cell, type));
  }
  const note = rule === RULE.TECHNIQUE ? instanceOf(trace, index) : null;
  if (note) {
    // The pattern as the engine found it.
    for (const c of note.pattern) if (!out.cells.includes(c)) out.cells.push(c);
  } else if (rule === RULE.TECHNIQUE) {
    // The pattern: the cells whose missing candidates the step rests on.
    for (const p of premisesOf(trace, index)) {
      const c = trace.cell(p);
      if (c < n * n && !out.cells.includes(c)) out.cells.push(c);
    }
  }
  if ((kind === KIND.CONTRADICTION || kind === KIND.BACKTRACK) && before.openGuess() >= 0) {
    out.cells.push(trace.cell(before.openGuess()));
  }
  return out;
}



// ───────────────────────────────────── proof trees ─────────────────────────────────────

/** The premises of event `i`: the store's lists when it keeps them, else its one cause. */
export function premisesOf(trace, i) {
  if (typeof trace.premises === "function") return trace.premises(i);
  const cause = trace.cause(i);
  return cause === NO_CAUSE ? [] : [cause];
}

/**
 * What ends a branch of a proof: "given", "guess" (holds only inside its branch),
 * "relation" (a relation of the puzzle, with nothing before it), or "" for an event that
 * rests on others.
 */
export function groundOf(trace, i) {
  const kind = trace.kind(i);
  const rule = trace.rule(i);
  if (kind === KIND.PLACE && rule === RULE.GIVEN) return "given";
  if (kind === KIND.GUESS) return "guess";
  if (premisesOf(trace, i).length) return "";
  // A relation or marker bound, or a chain bound of the logic engine: the puzzle's relations alone.
  if (kind === KIND.ELIMINATE && [RULE.RELATION, RULE.MARKER, RULE.NEGATIVE, RULE.TECHNIQUE].includes(rule)) return "relation";
  return "unrecorded";
}

/**
 * The derivation of event `root` as a tree a reader unfolds: `{index, ground, premises}`
 * where `premises()` lists the children (computed when asked, once, so a proof of thousands
 * of events costs only what is opened). An event met twice is the renderer's to show once
 * (it knows what is on screen).
 */
export function proofTree(trace, root) {
  const ground = groundOf(trace, root);
  let children = null;
  return {
    index: root,
    ground,
    premises: () => {
      children ??= ground ? [] : premisesOf(trace, root).map((p) => proofTree(trace, p));
      return children;
    },
  };
}
