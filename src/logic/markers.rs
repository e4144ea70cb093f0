//! Techniques that read markers between adjacent cells (Kropki dots, X and V, differences,
//! ratios, sums) and the negative constraint, as [`PairRule`] tables:
//!
//! - **marker bound**: arc consistency of one marker — a digit leaves a cell when no
//!   candidate of its partner goes with it (a black dot on 9×9 allows only 1, 2, 3, 4, 6, 8;
//!   a white dot beside `{3, 4}` leaves `{2, 3, 4, 5}`);
//! - **negative bound**: the same for an unmarked pair under the negative constraint — a digit
//!   leaves a cell when every candidate of its neighbour would be related to it (a placed 5
//!   under negative white takes 4 and 6 from its unmarked neighbours);
//! - **marker pair**: a cell joined to two partners that see each other needs two *different*
//!   digits in them, so a digit leaves it when both partners could go with it only by one
//!   and the same digit ("a chain of white dots is a run of consecutive digits": the middle
//!   of three is neither 1 nor N; a cell between two black dots in a house is not 1).

use crate::puzzle::{PairRule, PairSource};

use super::board::Board;
use super::relations::bound;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// One marker and the candidates of one end bound the other end.
pub(crate) fn marker_bound(view: &View) -> Option<Step> {
    one_rule(view.board, Technique::MarkerBound, |s| {
        matches!(s, PairSource::Marker(_))
    })
}

/// One unmarked pair under the negative constraint and the candidates of one end bound the
/// other end.
pub(crate) fn negative_bound(view: &View) -> Option<Step> {
    one_rule(view.board, Technique::NegativeBound, |s| {
        s == PairSource::Negative
    })
}

/// The first rule whose `source` is taken that removes something from one end: the digits
/// no candidate of the other end supports. Cells `[other, target]`, the rule its marker.
fn one_rule(
    board: &Board,
    technique: Technique,
    take: impl Fn(PairSource) -> bool,
) -> Option<Step> {
    for (i, rule) in board.markers().iter().enumerate() {
        if !take(rule.source) {
            continue;
        }
        for (target, other) in [(rule.a, rule.b), (rule.b, rule.a)] {
            let from = board.candidates(other);
            if from == 0 || !board.is_open(target) {
                continue;
            }
            if let Some(mut step) = bound(board, technique, other, target, !rule.supported(from)) {
                step.markers = vec![i];
                return Some(step);
            }
        }
    }
    None
}

/// A cell `c` with two rules to partners `p` and `q` that see each other: digit `d` leaves
/// `c` when the only digit of `p` that goes with it and the only digit of `q` that does are
/// the same digit (the two cannot both hold it). Digits without any support in one partner
/// are left to the bounds. Cells `[c, p, q]`, the shared house of `p` and `q` first, the two
/// rules as markers.
pub(crate) fn marker_pair(view: &View) -> Option<Step> {
    let board = view.board;
    let rules = board.markers();
    let geometry = board.geometry();
    // Per cell, the rules that join it to a partner: (rule index, partner).
    let mut joined: Vec<Vec<(usize, usize)>> = vec![Vec::new(); board.cells()];
    for (i, rule) in rules.iter().enumerate() {
        joined[rule.a].push((i, rule.b));
        joined[rule.b].push((i, rule.a));
    }
    for c in board.open_cells() {
        let list = &joined[c];
        for (x, &(i, p)) in list.iter().enumerate() {
            for &(j, q) in &list[x + 1..] {
                if p == q || !board.sees(p, q) {
                    continue;
                }
                // Only pairs with a marker: two unmarked neighbours alone are rarely the point.
                let marker = |k: usize| matches!(rules[k].source, PairSource::Marker(_));
                if !marker(i) && !marker(j) {
                    continue;
                }
                let gone = clashing(board, c, (&rules[i], p), (&rules[j], q));
                if gone == 0 {
                    continue;
                }
                let shared = geometry.house_mask(p) & geometry.house_mask(q);
                let house = shared.trailing_zeros() as usize;
                let mut step = Step::new(Technique::MarkerPair)
                    .with_cells([c, p, q])
                    .with_houses([house]);
                step.remove(board, c, gone);
                step.markers = vec![i, j];
                return Some(step);
            }
        }
    }
    None
}

/// The digits of `c` whose one supporting digit in `p` (under rule `rp`) is also the one
/// supporting digit in `q` (under `rq`).
fn clashing(
    board: &Board,
    c: usize,
    (rp, p): (&PairRule, usize),
    (rq, q): (&PairRule, usize),
) -> u32 {
    let (cp, cq) = (board.candidates(p), board.candidates(q));
    let mut gone = 0;
    let mut m = board.candidates(c);
    while m != 0 {
        let d = m.trailing_zeros() as usize + 1;
        m &= m - 1;
        let (sp, sq) = (cp & rp.allowed[d], cq & rq.allowed[d]);
        if sp != 0 && sp == sq && sp.is_power_of_two() {
            gone |= 1 << (d - 1);
        }
    }
    gone
}
