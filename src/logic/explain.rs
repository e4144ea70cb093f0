//! Steps in words: the whole deduction as a sentence, and the lighter pointers a hint gives
//! first (which technique and where to look; which cells).

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::{MarkerKind, PairSource};

use super::board::Board;
use super::step::Step;
use super::technique::Technique;
use super::words::{and_list, cell_name, cells, digits, houses, negative_names, rule_phrase};

named! {
    /// How much of the next step a hint reveals: `technique` — which technique, and where to
    /// look (its houses or digit); `cells` — also which cells make the pattern; `step` — the
    /// whole step: what it places or removes, and why.
    #[derive(Default)]
    pub enum Reveal {
        Technique = "technique", Cells = "cells", #[default] Step = "step",
    }
}

/// What the step does: "so 5 goes in r3c4", "so 7 leaves r2c3 and r2c9", "so r2c3 loses 1
/// and 2, and r2c9 loses 2".
pub fn effect(step: &Step, geometry: &Geometry) -> String {
    let mut parts = Vec::new();
    for &(cell, d) in &step.placements {
        parts.push(format!("{d} goes in {}", cell_name(geometry, cell)));
    }
    let gone = &step.eliminations;
    if !gone.is_empty() {
        let first = gone[0].1;
        if first.is_single() && gone.iter().all(|&(_, s)| s == first) {
            let list: Vec<usize> = gone.iter().map(|&(c, _)| c).collect();
            parts.push(format!(
                "{} leaves {}",
                digits(first),
                cells(geometry, &list)
            ));
        } else {
            parts.extend(
                gone.iter()
                    .map(|&(c, s)| format!("{} loses {}", cell_name(geometry, c), digits(s))),
            );
        }
    }
    format!("so {}", and_list(parts))
}

/// The step as one sentence a person can check on the board it was found on.
pub fn sentence(step: &Step, board: &Board) -> String {
    let g = board.geometry();
    let puzzle = board.puzzle();
    let d = digits(step.digits);
    let effect = effect(step, g);
    let relations = || {
        and_list(
            step.relations
                .iter()
                .map(|&i| puzzle.relations()[i].to_string()),
        )
    };
    let n = step.technique.size();
    match step.technique {
        Technique::FullHouse => format!(
            "{} is the last open cell of {}, {effect}.",
            cell_name(g, step.placements[0].0),
            houses(g, &step.houses)
        ),
        Technique::HiddenSingle => format!(
            "In {}, {d} has one place left, {effect}.",
            houses(g, &step.houses)
        ),
        Technique::NakedSingle => format!(
            "{} has one candidate left, {effect}.",
            cells(g, &step.cells)
        ),
        Technique::ChainBound => format!(
            "{} form a chain of {} cells ({}): the i-th is at least i and at most {} − {} + i, {effect}.",
            cells(g, &step.cells),
            step.cells.len(),
            relations(),
            board.size(),
            step.cells.len()
        ),
        Technique::RelationBound => {
            let (other, target) = (step.cells[0], step.cells[1]);
            let rel = relations();
            let side = if puzzle.relations()[step.relations[0]].larger.index(board.size()) == target
            {
                "above the smallest candidate"
            } else {
                "below the largest candidate"
            };
            format!(
                "{rel}: {} must be {side} of {}, {effect}.",
                cell_name(g, target),
                cell_name(g, other)
            )
        }
        Technique::MarkerBound => marker_bound_sentence(step, board, &effect),
        Technique::NegativeBound => negative_bound_sentence(step, board, &effect),
        Technique::MarkerPair => marker_pair_sentence(step, board, &effect),
        Technique::Pointing | Technique::Claiming => format!(
            "In {}, {d} can only go in {} (all in {}), {effect}.",
            houses(g, &step.houses[..1]),
            cells(g, &step.cells),
            houses(g, &step.houses[1..]),
        ),
        Technique::DirectPointing
        | Technique::DirectClaiming
        | Technique::DirectHiddenPair
        | Technique::DirectHiddenTriple => {
            let removals = Step {
                placements: Vec::new(),
                ..step.clone()
            };
            super::direct::sentence(step, board, &self::effect(&removals, g))
        }
        Technique::HouseBound => {
            let (q, x) = step.cells.split_at(step.cells.len() - 1);
            let side = if board.order().below(q[0], x[0]) {
                "below"
            } else {
                "above"
            };
            format!(
                "Through the relations {}, {} must all be {side} {}; being in {}, they hold {} different digits, {effect}.",
                relations(),
                cells(g, q),
                cell_name(g, x[0]),
                houses(g, &step.houses),
                q.len()
            )
        }
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "In {}, {} hold only {d} between them, {effect}.",
            houses(g, &step.houses),
            cells(g, &step.cells)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {}, {d} can only go in {}, so those cells hold nothing else: {}.",
            houses(g, &step.houses),
            cells(g, &step.cells),
            effect.trim_start_matches("so ")
        ),
        Technique::OrderedSubset => format!(
            "In {}, {} hold only {d} between them, and the relations {} order them: each takes a digit of its rank, {effect}.",
            houses(g, &step.houses),
            cells(g, &step.cells),
            relations()
        ),
        Technique::XWing
        | Technique::Swordfish
        | Technique::Jellyfish
        | Technique::FinnedXWing
        | Technique::FinnedSwordfish
        | Technique::FinnedJellyfish => {
            let base = houses(g, &step.houses[..n]);
            let cover = houses(g, &step.houses[n..2 * n]);
            let fins = super::fins::fins(step, board);
            let fins = if fins.is_empty() {
                String::new()
            } else {
                format!(
                    " but for the {} {} in {} (if a fin holds it, the targets see it)",
                    if fins.len() == 1 { "fin" } else { "fins" },
                    cells(g, &fins),
                    houses(g, &step.houses[2 * n..])
                )
            };
            format!(
                "In {base}, {d} can only go in {cover}{fins}: one {d} of each of {cover} is in {base}, {effect}."
            )
        }
        Technique::FrankenFish | Technique::MutantFish => {
            super::franken::sentence(step, board, &effect)
        }
        Technique::Skyscraper | Technique::TwoStringKite => {
            let c = &step.cells;
            let (ends, joined) = if step.technique == Technique::Skyscraper {
                ([c[1], c[3]], [c[0], c[2]])
            } else {
                ([c[0], c[3]], [c[1], c[2]])
            };
            format!(
                "In {}, {d} has two places each; {} cannot both hold {d}, so one of {} does, {effect}.",
                houses(g, &step.houses[..2]),
                cells(g, &joined),
                cells(g, &ends)
            )
        }
        Technique::EmptyRectangle => {
            let k = step.cells.len();
            let (on, other) = (step.cells[k - 2], step.cells[k - 1]);
            let pair = houses(g, &step.houses[1..]);
            // The pair's end on the cross: the cross line it crosses the block along.
            let cross = if pair.starts_with("column") {
                format!("row {}", g.cell(on).row + 1)
            } else {
                format!("column {}", g.cell(on).col + 1)
            };
            format!(
                "In {}, {d} can only go in {}, on one row and one column of it; {} are the only places of {d} in {pair}: if {} holds it, {d} in the block is off {cross}; either way {d} is in the block's other line or at {}, {effect}.",
                houses(g, &step.houses[..1]),
                cells(g, &step.cells[..k - 2]),
                cells(g, &step.cells[k - 2..]),
                cell_name(g, on),
                cell_name(g, other)
            )
        }
        Technique::XyWing | Technique::XyzWing => {
            let c = &step.cells;
            let z = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
            let forced = if step.technique == Technique::XyWing {
                "whatever the pivot holds, one of the pincers is"
            } else {
                "whatever the pivot holds, it or one of the pincers is"
            };
            format!(
                "The pivot {} ({}) sees {} ({}) and {} ({}): {forced} {}, {effect}.",
                cell_name(g, c[0]),
                digits(DigitSet::from_bits(board.candidates(c[0]))),
                cell_name(g, c[1]),
                digits(DigitSet::from_bits(board.candidates(c[1]))),
                cell_name(g, c[2]),
                digits(DigitSet::from_bits(board.candidates(c[2]))),
                digits(z)
            )
        }
        Technique::WWing => {
            let c = &step.cells;
            let w = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
            let x = step.digits.difference(w);
            format!(
                "{} and {} both hold {d}; {} and {} are the only places of {} in {}, one seen by each, so one of {} and {} is {}, {effect}.",
                cell_name(g, c[0]),
                cell_name(g, c[3]),
                cell_name(g, c[1]),
                cell_name(g, c[2]),
                digits(x),
                houses(g, &step.houses),
                cell_name(g, c[0]),
                cell_name(g, c[3]),
                digits(w)
            )
        }
        Technique::UniqueRectangle | Technique::BugPlusOne => {
            super::uniqueness::sentence(step, board, &effect)
        }
        Technique::SueDeCoq
        | Technique::AlsXz
        | Technique::AlsXyWing
        | Technique::AlsChain
        | Technique::DeathBlossom => super::als_words::sentence(step, board, &effect),
        Technique::WxyzWing | Technique::SimpleColours | Technique::MultiColours => {
            super::colour_words::sentence(step, board, &effect)
        }
        Technique::XChain | Technique::XyChain | Technique::Aic => {
            super::chain_words::sentence(step, board, &chain_text(step, g), &relations(), &effect)
        }
        _ => super::forcing_text::sentence(step, board, &effect),
    }
}

/// What a cell offers its partner: "r4c6 holds 3" when placed, else `open` of its
/// candidates.
fn partner_state(board: &Board, cell: usize, open: impl Fn(DigitSet) -> String) -> String {
    let name = cell_name(board.geometry(), cell);
    let set = DigitSet::from_bits(board.candidates(cell));
    match board.value(cell) {
        0 => format!("{name} {}", open(set)),
        v => format!("{name} holds {v}"),
    }
}

/// "1, 2 or 3".
fn or_list(set: DigitSet) -> String {
    let items: Vec<String> = set.iter().map(|d| d.to_string()).collect();
    match items.len() {
        0 | 1 => items.concat(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// Marker rule `i` as data: `r1c1 white r1c2` for a marker, `r1c1 not white/black r1c2`
/// for an unmarked pair under the negative constraint.
pub(crate) fn rule_text(board: &Board, i: usize) -> String {
    let puzzle = board.puzzle();
    let rule = &board.markers()[i];
    match rule.source {
        PairSource::Marker(k) => puzzle.markers()[k].to_string(),
        PairSource::Negative => {
            let kinds: Vec<String> = puzzle.negative().iter().map(|k| k.token()).collect();
            let g = board.geometry();
            format!(
                "{} not {} {}",
                cell_name(g, rule.a),
                kinds.join("/"),
                cell_name(g, rule.b)
            )
        }
    }
}

/// "r4c5 and r4c6 are joined by a white dot: r4c6 has no 5 or 7 left, so 6 leaves r4c5."
fn marker_bound_sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let other = step.cells[0];
    let rule = &board.markers()[step.markers[0]];
    let joined = rule_phrase(board, step.markers[0]);
    let removed = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
    let all = super::board::full(board.size());
    let (mut wanted, mut lonely) = (0u32, DigitSet::EMPTY);
    for d in removed.iter() {
        match rule.allowed[d as usize] & all {
            0 => lonely = lonely.union(DigitSet::from_bits(1 << (d - 1))),
            m => wanted |= m,
        }
    }
    let mut reasons = Vec::new();
    if wanted != 0 {
        reasons.push(partner_state(board, other, |_| {
            format!("has no {} left", or_list(DigitSet::from_bits(wanted)))
        }));
    }
    if !lonely.is_empty() {
        reasons.push(format!(
            "no digit from 1 to {} goes with {} across {joined}",
            board.size(),
            or_list(lonely),
        ));
    }
    format!(
        "{} and {} are joined by {joined}: {}, {effect}.",
        cell_name(g, rule.a),
        cell_name(g, rule.b),
        and_list(reasons),
    )
}

/// "No white dot joins r4c5 and r4c6, so (the negative constraint) they are not consecutive:
/// r4c6 has only 4 and 6 left, so 5 leaves r4c5."
fn negative_bound_sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let other = step.cells[0];
    let rule = &board.markers()[step.markers[0]];
    let kinds = board.puzzle().negative();
    let related: Vec<String> = kinds
        .iter()
        .map(|&k| match k {
            MarkerKind::WHITE => "consecutive".to_string(),
            MarkerKind::Difference(k) => format!("{k} apart"),
            MarkerKind::Ratio(k) => format!("in ratio {k}"),
            MarkerKind::Sum(k) => format!("summing to {k}"),
        })
        .collect();
    // The table also keeps two neighbours of one house apart: say so when that is used.
    let removed = step.eliminations.first().map_or(0, |e| e.1.bits());
    let apart = if removed & board.candidates(other) != 0 {
        " (nor equal, side by side)"
    } else {
        ""
    };
    format!(
        "No {} joins {} and {}, so by the negative constraint they are not {}{apart}: {}, {effect}.",
        negative_names(kinds),
        cell_name(g, rule.a),
        cell_name(g, rule.b),
        related.join(" or "),
        partner_state(board, other, |set| format!("has only {} left", digits(set))),
    )
}

/// "r4c5 is joined to r4c4 by a white dot and to r4c6 by a white dot; r4c4 and r4c6 see each
/// other in row 4, so they hold different digits: 1 in r4c5 would need 2 in both, so 1
/// leaves r4c5."
fn marker_pair_sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let (c, p, q) = (step.cells[0], step.cells[1], step.cells[2]);
    let (i, j) = (step.markers[0], step.markers[1]);
    let rule = &board.markers()[i];
    let removed = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
    let needs: Vec<String> = removed
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let s = board.candidates(p) & rule.allowed[d as usize];
            let s = DigitSet::from_bits(s);
            if k == 0 {
                format!(
                    "{d} in {} would need {} in both",
                    cell_name(g, c),
                    digits(s)
                )
            } else {
                format!("{d} would need {} in both", digits(s))
            }
        })
        .collect();
    format!(
        "{} is joined to {} by {} and to {} by {}; {} and {} see each other in {}, so they hold different digits: {}, {effect}.",
        cell_name(g, c),
        cell_name(g, p),
        rule_phrase(board, i),
        cell_name(g, q),
        rule_phrase(board, j),
        cell_name(g, p),
        cell_name(g, q),
        houses(g, &step.houses),
        needs.join(", "),
    )
}

/// A chain as text: `7r1c1 = 7r1c5 − 7r4c5 = 7r4c2`, a group as `7r1c1|r1c2`.
pub fn chain_text(step: &Step, geometry: &Geometry) -> String {
    let mut out = String::new();
    for (i, node) in step.chain.iter().enumerate() {
        if i > 0 {
            out.push_str(if node.on { " = " } else { " − " });
        }
        out.push_str(&node.digit.to_string());
        let names: Vec<String> = node.cells.iter().map(|&c| cell_name(geometry, c)).collect();
        out.push_str(&names.join("|"));
    }
    out
}

/// What a hint says at `reveal`: the technique and where to look, then its cells, then the
/// whole sentence.
pub fn pointer(step: &Step, board: &Board, reveal: Reveal) -> String {
    let g = board.geometry();
    let title = step.technique.title();
    let article = match step.technique {
        Technique::Pointing
        | Technique::Claiming
        | Technique::DirectPointing
        | Technique::DirectClaiming => "",
        Technique::UniqueRectangle => "a ",
        Technique::SimpleColours | Technique::MultiColours => "",
        _ if title.starts_with(['a', 'e', 'i', 'o', 'u', 'X']) => "an ",
        _ => "a ",
    };
    // Where to look, without giving the pattern away: the house of a technique that lives in
    // one or two houses (a direct intersection's first: the third is where it places); the
    // digit of a single-digit pattern; nothing more for the others.
    let single_digit = step.digits.len() == 1;
    let direct = matches!(
        step.technique,
        Technique::DirectPointing | Technique::DirectClaiming
    );
    let few = step.houses.len() <= 2 || direct;
    let place = if few && !step.houses.is_empty() && step.chain.is_empty() {
        format!(" in {}", houses(g, &step.houses[..1]))
    } else if single_digit {
        format!(" on {}", digits(step.digits))
    } else {
        String::new()
    };
    let look = format!("Look for {article}{title}{place}.");
    match reveal {
        Reveal::Technique => look,
        Reveal::Cells => {
            let pattern = if step.cells.is_empty() {
                step.placements.iter().map(|&(c, _)| c).collect()
            } else {
                step.cells.clone()
            };
            format!("{look} The cells: {}.", cells(g, &pattern))
        }
        Reveal::Step => sentence(step, board),
    }
}
