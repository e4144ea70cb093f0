//! Boards and puzzles for the technique tests (`#[cfg(test)]`): cells by name, candidates
//! set by hand, a step's removals by name, and puzzles of the shared corpora.

use super::board::Board;
use super::step::Step;
use crate::puzzle::{givens_of, Puzzle};

/// The index of a cell named like `r3c7` in a 9×9 grid.
pub(super) fn at(name: &str) -> usize {
    crate::geometry::Cell::parse(name).unwrap().index(9)
}

/// The mask of `digits`.
pub(super) fn mask(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
}

/// Digit `d` keeps, in house `house` (`r1`, `c5`, `b3`), only the cells `keep`.
pub(super) fn only(board: &mut Board, d: u8, house: &str, keep: &[&str]) {
    let n: usize = house[1..].parse().unwrap();
    let h = match &house[..1] {
        "r" => n - 1,
        "c" => 9 + n - 1,
        _ => 18 + n - 1,
    };
    let keep: Vec<usize> = keep.iter().map(|k| at(k)).collect();
    for &c in board.geometry().house(h) {
        if !keep.contains(&(c as usize)) {
            board.eliminate(c as usize, 1 << (d - 1));
        }
    }
}

/// Sets the candidates of each named cell.
pub(super) fn set(board: &mut Board, cells: &[(&str, &[u8])]) {
    for &(name, digits) in cells {
        board.restrict(at(name), mask(digits));
    }
}

/// The step's eliminations as `(cell name, digits)`, sorted.
pub(super) fn removed(step: &Step) -> Vec<(String, Vec<u8>)> {
    let mut list: Vec<(String, Vec<u8>)> = step
        .eliminations
        .iter()
        .map(|(c, s)| {
            (
                crate::geometry::Cell::at(*c, 9).to_string(),
                s.iter().collect(),
            )
        })
        .collect();
    list.sort();
    list
}

pub(super) fn names(list: &[(&str, &[u8])]) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = list
        .iter()
        .map(|(c, d)| (c.to_string(), d.to_vec()))
        .collect();
    v.sort();
    v
}

pub(super) fn empty9() -> Puzzle {
    Puzzle::classic(vec![0; 81]).unwrap()
}

/// The puzzles of a shared corpus file, one per line (at most `take`).
pub(super) fn corpus(path: &str, take: usize) -> Vec<Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path);
    let text = std::fs::read_to_string(&path).expect("the shared corpus (../shared/data)");
    text.lines()
        .filter(|l| l.len() == 81)
        .take(take)
        .map(|l| Puzzle::classic(givens_of(&l.replace('.', "0"))).unwrap())
        .collect()
}
