//! The words every step's sentence is built from: a cell's name, a list joined with "and",
//! the cells and digits of a step, how a marker joins two cells. A base module below explain.rs and the technique families'
//! own sentences (colours, almost locked sets, forcing chains, uniqueness), which all use it.

use crate::digits::DigitSet;
use crate::geometry::{Geometry, House};
use crate::puzzle::{MarkerKind, PairSource};

use super::board::Board;

/// `r1c1`, for a cell index.
pub(crate) fn cell_name(geometry: &Geometry, cell: usize) -> String {
    geometry.cell(cell).to_string()
}

/// "a, b and c".
pub(crate) fn and_list(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// "r1c1, r1c5 and r2c5".
pub(crate) fn cells(geometry: &Geometry, list: &[usize]) -> String {
    and_list(list.iter().map(|&c| cell_name(geometry, c)))
}

/// "1, 2 and 3".
pub(crate) fn digits(set: DigitSet) -> String {
    and_list(set.iter().map(|d| d.to_string()))
}

/// "rows 2 and 7" when the houses are all of one kind, else "row 2 and column 7".
pub(crate) fn houses(geometry: &Geometry, list: &[usize]) -> String {
    let names: Vec<House> = list.iter().map(|&h| geometry.house_name(h)).collect();
    match names.first() {
        Some(first) if names.len() > 1 && names.iter().all(|n| n.kind == first.kind) => {
            let numbers = names.iter().map(|n| (n.index + 1).to_string());
            format!("{}s {}", first.kind.word(), and_list(numbers))
        }
        _ => and_list(names.iter().map(House::to_string)),
    }
}

/// How marker rule `i` joins its cells, as a phrase after "joined … by": "a white dot";
/// for an unmarked pair, "no white dot (the negative constraint)".
pub(crate) fn rule_phrase(board: &Board, i: usize) -> String {
    let puzzle = board.puzzle();
    match board.markers()[i].source {
        PairSource::Marker(k) => puzzle.markers()[k].kind.describe(),
        PairSource::Negative => format!(
            "no {} (the negative constraint)",
            negative_names(puzzle.negative())
        ),
    }
}

/// "white dot or black dot".
pub(crate) fn negative_names(kinds: &[MarkerKind]) -> String {
    let names: Vec<String> = kinds.iter().map(|k| k.name()).collect();
    names.join(" or ")
}
