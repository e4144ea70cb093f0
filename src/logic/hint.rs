//! Hints from where a player is: their entries and, if they keep them, their pencil marks.
//!
//! In order: an entry that is wrong (it breaks a rule, or differs from the unique solution);
//! then a cell whose pencil marks have lost its true digit; then the simplest next step from
//! the player's own grid — their entries placed and their marks narrowing the candidates —
//! told at the level of help asked for ([`Reveal`](super::Reveal)).

use crate::geometry::Cell;
use crate::puzzle::{Problem, Puzzle};
use crate::search::options::{Options, Status};
use crate::search::plain::solve;

use super::board::{full, Board};
use super::simplest::next_step;
use super::step::Step;
use super::technique::Techniques;

/// Why an entry is wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Wrong {
    /// The same digit is in a peer (a given or another entry) of the same house.
    Clash { peer: usize, house: usize },
    /// A relation with a placed neighbour does not hold (its index).
    Relation(usize),
    /// A marker with a placed neighbour, or the negative constraint on an unmarked pair,
    /// does not hold: its index in [`Puzzle::pair_rules`], and the digits of its two cells.
    Marker { rule: usize, digits: (u8, u8) },
    /// It breaks no rule yet, but the solution has another digit there.
    NotTheSolution,
}

/// What a hint says.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Hint {
    /// The entry `digit` in `cell` is wrong.
    WrongEntry { cell: usize, digit: u8, why: Wrong },
    /// The pencil marks of `cell` have lost its digit: the marks are wrong there.
    MissingMark { cell: usize, digit: u8 },
    /// The next step from the player's grid.
    Step(Step),
    /// Every cell is filled, rightly.
    Solved,
    /// No technique of the library applies: the next move is a guess (in a cell with the
    /// fewest candidates).
    Guess { cell: usize, candidates: u32 },
}

/// What the player has: their digits (0 for none; givens may be repeated or left 0) and,
/// per cell, their pencil marks (a digit set; 0 for a cell without marks).
#[derive(Clone, Debug, Default)]
pub struct PlayerState {
    pub entries: Vec<u8>,
    pub marks: Option<Vec<u32>>,
}

/// The hint for `state` on `puzzle` (valid, with a unique solution — else the problem), with
/// the board it speaks of: the player's grid (entries placed, marks applied) that a step or
/// guess was found on; for the other hints the empty grid, which names their cells.
pub fn hint(puzzle: &Puzzle, state: &PlayerState) -> Result<(Hint, Board), Problem> {
    let entries = checked_entries(puzzle, state)?;
    puzzle.validate()?;
    let outcome = solve(puzzle, Options::default())?;
    if outcome.status != Status::Unique {
        return Err(Problem::new(
            format!(
                "hints need a puzzle with one solution; this one is {}",
                outcome.status
            ),
            vec![],
        ));
    }
    let solution = &outcome.solutions[0];
    if let Some(wrong) = wrong_entry(puzzle, &entries, solution) {
        return Ok((wrong, Board::empty(puzzle)));
    }
    let size = puzzle.size();
    let marks = state.marks.as_deref().unwrap_or_default();
    for (cell, &m) in marks.iter().enumerate() {
        let m = m & full(size);
        if entries[cell] == 0 && m != 0 && m >> (solution[cell] - 1) & 1 == 0 {
            let missing = Hint::MissingMark {
                cell,
                digit: solution[cell],
            };
            return Ok((missing, Board::empty(puzzle)));
        }
    }
    // Every entry is the solution's and every mark keeps it: nothing here can clash.
    let mut board = Board::empty(puzzle);
    for (cell, &d) in entries.iter().enumerate() {
        if d != 0 {
            board
                .place(cell, d)
                .map_err(|_| Problem::new("the entries clash", vec![]))?;
        }
    }
    for (cell, &m) in marks.iter().enumerate() {
        if m & full(size) != 0 {
            board.restrict(cell, m);
        }
    }
    let found = if board.is_solved() {
        Hint::Solved
    } else if let Some(step) = next_step(&board, Techniques::ALL.with_uniqueness()) {
        // One solution (checked above), and the entries and marks keep it: the uniqueness
        // techniques are sound here.
        Hint::Step(step)
    } else {
        let cell = board
            .open_cells()
            .min_by_key(|&c| board.candidates(c).count_ones())
            .unwrap_or(0);
        Hint::Guess {
            cell,
            candidates: board.candidates(cell),
        }
    };
    Ok((found, board))
}

/// What is wrong with `state` itself, for `puzzle`: entries or marks of another size, a
/// digit out of range, an entry that changes a given. (Wrong digits are hints, not errors.)
pub fn check_state(puzzle: &Puzzle, state: &PlayerState) -> Result<(), Problem> {
    checked_entries(puzzle, state).map(|_| ())
}

/// The givens with the player's entries over them, once [`check_state`]'s checks pass.
fn checked_entries(puzzle: &Puzzle, state: &PlayerState) -> Result<Vec<u8>, Problem> {
    let cells = puzzle.size() * puzzle.size();
    for (name, len) in [
        ("entries", state.entries.len()),
        ("marks", state.marks.as_ref().map_or(cells, Vec::len)),
    ] {
        if len != cells && !(name == "entries" && len == 0) {
            return Err(Problem::new(
                format!("the {name} have {len} cells; the puzzle has {cells}"),
                vec![],
            ));
        }
    }
    entries_of(puzzle, state, cells)
}

/// The givens with the player's entries over them; an entry that changes a given is an
/// error.
fn entries_of(puzzle: &Puzzle, state: &PlayerState, cells: usize) -> Result<Vec<u8>, Problem> {
    let mut values = puzzle.givens().to_vec();
    let size = puzzle.size();
    for (cell, &e) in state.entries.iter().enumerate().take(cells) {
        let given = values[cell];
        if e as usize > size {
            return Err(Problem::new(
                format!(
                    "{} holds {e}, not a digit of a {size}×{size} puzzle",
                    Cell::at(cell, size)
                ),
                vec![Cell::at(cell, size)],
            ));
        }
        if e != 0 && given != 0 && e != given {
            return Err(Problem::new(
                format!(
                    "{} is a given {given}; the entries say {e}",
                    Cell::at(cell, size)
                ),
                vec![Cell::at(cell, size)],
            ));
        }
        if e != 0 {
            values[cell] = e;
        }
    }
    Ok(values)
}

/// The first wrong entry: one that breaks a rule first (in reading order), else one that
/// differs from the solution.
fn wrong_entry(puzzle: &Puzzle, values: &[u8], solution: &[u8]) -> Option<Hint> {
    let geometry = puzzle.geometry();
    let size = puzzle.size();
    let givens = puzzle.givens();
    let wrong: Vec<usize> = (0..values.len())
        .filter(|&c| givens[c] == 0 && values[c] != 0 && values[c] != solution[c])
        .collect();
    // The marker and negative-constraint tables, built once for every entry checked.
    let pair_rules = puzzle.pair_rules();
    for &cell in &wrong {
        let d = values[cell];
        for &h in geometry.houses_of(cell) {
            let h = h as usize;
            if let Some(&peer) = geometry
                .house(h)
                .iter()
                .find(|&&p| p as usize != cell && values[p as usize] == d)
            {
                return Some(Hint::WrongEntry {
                    cell,
                    digit: d,
                    why: Wrong::Clash {
                        peer: peer as usize,
                        house: h,
                    },
                });
            }
        }
        for (i, r) in puzzle.relations().iter().enumerate() {
            let (s, l) = (r.smaller.index(size), r.larger.index(size));
            if (s == cell || l == cell)
                && values[s] != 0
                && values[l] != 0
                && values[s] >= values[l]
            {
                return Some(Hint::WrongEntry {
                    cell,
                    digit: d,
                    why: Wrong::Relation(i),
                });
            }
        }
        for (i, rule) in pair_rules.iter().enumerate() {
            let (x, y) = (values[rule.a], values[rule.b]);
            if (rule.a == cell || rule.b == cell)
                && x != 0
                && y != 0
                && rule.allowed[x as usize] & (1 << (y - 1)) == 0
            {
                return Some(Hint::WrongEntry {
                    cell,
                    digit: d,
                    why: Wrong::Marker {
                        rule: i,
                        digits: (x, y),
                    },
                });
            }
        }
    }
    wrong.first().map(|&cell| Hint::WrongEntry {
        cell,
        digit: values[cell],
        why: Wrong::NotTheSolution,
    })
}
