//! Forcing chains in words: each branch as the facts it derives, each with its reason (the
//! cell it sees, the relation or marker that ties it to a cell, its last candidate, its last
//! place in a house), and how the branches end.

use crate::geometry::Geometry;

use super::board::Board;
use super::forcing::{self, Tie};
use super::step::{ChainNode, Step};
use super::technique::Technique;
use super::words::{cell_name, rule_phrase};

/// A branch as text: `5r1c1 → −5r2c1 → 7r2c1`, `−` for a digit not in its cell.
pub(crate) fn branch_text(branch: &[ChainNode], g: &Geometry) -> String {
    let nodes: Vec<String> = branch
        .iter()
        .map(|n| {
            let sign = if n.on { "" } else { "−" };
            format!("{sign}{}{}", n.digit, cell_name(g, n.cells[0]))
        })
        .collect();
    nodes.join(" → ")
}

/// Each branch of a forcing chain step as [`branch_text`] says it (none for other steps):
/// what a hint's report and a trace's note carry, for the page to list and draw.
pub(crate) fn branch_texts(step: &Step, g: &Geometry) -> Vec<String> {
    step.branches.iter().map(|b| branch_text(b, g)).collect()
}

/// The `k`-th fact of `branch` with the reason it follows from the earlier ones.
fn fact(branch: &[ChainNode], k: usize, board: &Board, ties: &[Vec<(usize, Tie)>]) -> String {
    let g = board.geometry();
    let n = &branch[k];
    let (c, d) = (n.cells[0], n.digit);
    let name = cell_name(g, c);
    let before = &branch[..k];
    let off = |x: usize, e: u8| {
        before
            .iter()
            .any(|m| !m.on && m.cells[0] == x && m.digit == e)
    };
    if !n.on {
        if let Some(m) = before.iter().find(|m| m.on && m.cells[0] == c) {
            return format!("{name} loses {d} (it holds {})", m.digit);
        }
        if let Some(m) = before
            .iter()
            .find(|m| m.on && m.digit == d && board.sees(m.cells[0], c))
        {
            return format!("{d} leaves {name} (it sees {})", cell_name(g, m.cells[0]));
        }
        if let Some((m, tie)) = forcing::tied(board, ties, before, c, d).next() {
            let (x, v) = (m.cells[0], m.digit);
            let xn = cell_name(g, x);
            return match tie {
                Tie::Relation(r) if board.relations()[r].0 == x => {
                    format!("{name} loses {d} (it must be above {xn}, which is {v})")
                }
                Tie::Relation(_) => {
                    format!("{name} loses {d} (it must be below {xn}, which is {v})")
                }
                Tie::Marker(r) => format!(
                    "{name} loses {d} (it is joined by {} to {xn}, which is {v})",
                    rule_phrase(board, r)
                ),
            };
        }
        return format!("{d} leaves {name}");
    }
    let m = board.candidates(c);
    if (1..=board.size() as u8).all(|e| e == d || m >> (e - 1) & 1 == 0 || off(c, e)) {
        return format!("{name} is {d} (its last candidate)");
    }
    for &h in g.houses_of(c) {
        let h = h as usize;
        let rest = g.house(h).iter().map(|&x| x as usize).filter(|&x| x != c);
        if rest
            .filter(|&x| board.is_open(x) && board.candidates(x) >> (d - 1) & 1 != 0)
            .all(|x| off(x, d))
        {
            return format!("{d} goes in {name} (its last place in {})", g.house_name(h));
        }
    }
    format!("{name} is {d}")
}

/// A branch in words: its assumption, then each fact with its reason.
fn branch_words(branch: &[ChainNode], board: &Board, ties: &[Vec<(usize, Tie)>]) -> String {
    let facts: Vec<String> = (1..branch.len())
        .map(|k| fact(branch, k, board, ties))
        .collect();
    if facts.is_empty() {
        String::from("nothing more")
    } else {
        facts.join(", ")
    }
}

/// The sentence of a nishio or forcing chain step, ending in its `effect` ("so 5 leaves
/// r1c1").
pub(crate) fn sentence(step: &Step, board: &Board, effect: &str) -> String {
    let g = board.geometry();
    let title = step.technique.title();
    let name = match step.technique {
        Technique::Nishio => "Nishio",
        Technique::ForcingChain => "Forcing chain",
        _ => "Dynamic forcing chain",
    };
    let assumption = |b: &[ChainNode]| format!("{} in {}", b[0].digit, cell_name(g, b[0].cells[0]));
    let ties = forcing::ties(board);
    match step.branches.as_slice() {
        [one] => format!(
            "{name}: suppose {}; then {}; this cannot be, {effect}.",
            assumption(one),
            branch_words(one, board, &ties)
        ),
        branches => {
            let first = &branches[0][0];
            let same_cell = branches.iter().all(|b| b[0].cells == first.cells);
            let options: Vec<String> = branches.iter().map(|b| assumption(b)).collect();
            let options = options.join(" or ");
            let what = if same_cell {
                format!(
                    "{} holds one of its candidates",
                    cell_name(g, first.cells[0])
                )
            } else {
                format!("{} has one of its places", first.digit)
            };
            let cases: Vec<String> = branches
                .iter()
                .map(|b| format!("if {}: {}", assumption(b), branch_words(b, board, &ties)))
                .collect();
            format!(
                "{} ({what}: {options}); {}. Each way ends the same ({title}), {effect}.",
                name,
                cases.join("; ")
            )
        }
    }
}
