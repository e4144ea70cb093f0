//! The `logic` engine: the named techniques of [`crate::logic`], simplest first, to a fixed
//! point; a guess only when none applies.
//!
//! Each node is one step a person would make: the first technique in
//! [`Technique::ALL`] order that finds something on the board at the current depth. Its
//! eliminations and placements are reported as events of the rule that says the same thing
//! in the trace's vocabulary — a full house or hidden single as `hidden_single_*` in its
//! house, a naked single as `naked_single`, a relation bound as `relation`, pointing and
//! claiming as `locked_candidates` — and every other technique as rule `technique` with the
//! technique as `via`, after the candidates its pattern rests on ([`Observer::basis`]), which
//! the trace names as its premises. A placement is followed by the removal of its digit from
//! its peers (`peer`) and, through relations, of the digits a placed partner forbids
//! (`relation`), as a person crosses them out.
//!
//! When no technique applies, the engine guesses as `propagate` does: the open cell with the
//! fewest candidates, smallest digit first, one level down; a dead end (a cell without
//! candidates, a digit without a place in a house) backtracks and removes the failed digit
//! from its cell in the parent (`refutation`). As with every engine, a cell left with one
//! candidate is placed at once (a naked single), so every placed cell is announced.
//!
//! ```text
//! boards[d]   the board at depth d (its candidates; the puzzle and relations are shared)
//! choices[d]  the guess that opened depth d + 1: (cell, digit)
//! ```

use crate::logic::{next_step_in, Barren, Board, Fault, Step, Technique, Techniques};
use crate::puzzle::{PairSource, Puzzle};

use super::driver::{book_in_field, Book, Search};
use super::observer::{Observer, Via};
use super::options::{Options, Status};
use super::plain::solve_propagate;
use super::stats::Rule;

/// A resumable search by named techniques over one puzzle.
pub struct Logic<O: Observer> {
    boards: Vec<Board>,
    choices: Vec<(usize, u8)>,
    depth: usize,
    techniques: Techniques,
    /// Whether the first node has crossed the givens out of their peers.
    givens_crossed: bool,
    /// What the one-digit techniques found nothing on, at any node of this puzzle's search.
    barren: Barren,
    book: Book<O>,
}

/// True when `puzzle` has one solution, as a quick search finds: then the techniques that
/// rely on uniqueness (unique rectangles, BUG+1) are sound at every node of the search —
/// a node's solutions are the puzzle's with its guesses — and the engine uses them. Only up
/// to 9×9, where the search takes microseconds; a bigger puzzle (whose search may take
/// seconds) and one of several solutions or none go without them.
fn known_unique(puzzle: &Puzzle) -> bool {
    if puzzle.size() > 9 {
        return false;
    }
    let options = Options {
        solution_limit: 2,
        ..Options::default()
    };
    solve_propagate(puzzle, options).is_ok_and(|o| o.status == Status::Unique)
}

impl<O: Observer> Logic<O> {
    /// Prepares a search; no work is done until [`Search::advance`] or [`Search::run`].
    pub fn new(puzzle: &Puzzle, options: Options, observer: O) -> Logic<O> {
        Logic {
            boards: vec![Board::empty(puzzle)],
            choices: Vec::new(),
            depth: 0,
            techniques: if known_unique(puzzle) {
                Techniques::ALL.with_uniqueness()
            } else {
                Techniques::ALL
            },
            givens_crossed: false,
            barren: Barren::default(),
            book: Book::new(options, observer),
        }
    }

    fn board(&self) -> &Board {
        &self.boards[self.depth]
    }

    fn board_mut(&mut self) -> &mut Board {
        &mut self.boards[self.depth]
    }

    /// Places `digit` in `cell` by `rule` (reported), then crosses it out of the cell's
    /// peers and, through relations, out of its partners.
    fn place(&mut self, cell: usize, digit: u8, rule: Rule, via: Via) {
        self.book.place(cell, digit, rule, via, self.depth);
        self.board_mut().fix(cell, digit);
        self.cross_out(cell, digit);
    }

    /// Removes what the placed `digit` of `cell` rules out: the digit from every peer that
    /// still has it, and from every relation partner the digits on the wrong side of it.
    fn cross_out(&mut self, cell: usize, digit: u8) {
        let bit = 1u32 << (digit - 1);
        let geometry = self.board().geometry();
        for &p in geometry.peers(cell) {
            let p = p as usize;
            if self.board().candidates(p) & bit != 0 {
                self.remove(p, bit, Rule::Peer, Via::Cell(cell as u16));
            }
        }
        for i in 0..self.board().relations().len() {
            let (smaller, larger) = self.board().relations()[i];
            let (partner, forbidden) = if smaller == cell {
                // The larger cell is above the digit: it loses 1 ..= digit.
                (larger, bit | (bit - 1))
            } else if larger == cell {
                // The smaller cell is below it: it loses digit ..= N.
                (smaller, !(bit - 1))
            } else {
                continue;
            };
            let gone = self.board().candidates(partner) & forbidden;
            if gone != 0 {
                self.remove(partner, gone, Rule::Relation, Via::Relation(i as u16));
            }
        }
        // Through markers, every digit of a partner that does not go with this one.
        for i in 0..self.board().markers().len() {
            let m = &self.board().markers()[i];
            let partner = match (m.a == cell, m.b == cell) {
                (true, _) => m.b,
                (_, true) => m.a,
                _ => continue,
            };
            let rule = match m.source {
                PairSource::Marker(_) => Rule::Marker,
                PairSource::Negative => Rule::Negative,
            };
            let gone = self.board().candidates(partner) & !m.allowed[digit as usize];
            if gone != 0 && self.board().is_open(partner) {
                self.remove(partner, gone, rule, Via::Marker(i as u16));
            }
        }
    }

    /// Removes the digits of `mask` (each still a candidate) from `cell`: reported, then done.
    /// An open cell left with one candidate is placed at once, as a naked single (the
    /// protocol of [`Observer`]: every placed cell is announced).
    fn remove(&mut self, cell: usize, mask: u32, rule: Rule, via: Via) {
        self.strike(cell, mask, rule, via);
        self.settle_single(cell);
    }

    /// Removes the digits of `mask` (each still a candidate) from `cell`, reported, and
    /// nothing more: what the removal leaves is for [`Self::settle_single`].
    fn strike(&mut self, cell: usize, mask: u32, rule: Rule, via: Via) {
        self.book.eliminate(cell, mask, rule, via, self.depth);
        self.board_mut().strike(cell, mask);
    }

    /// Places `cell` as a naked single when it is open with one candidate left.
    fn settle_single(&mut self, cell: usize) {
        let left = self.board().candidates(cell);
        if self.board().is_open(cell) && left.is_power_of_two() {
            let digit = left.trailing_zeros() as u8 + 1;
            self.place(cell, digit, Rule::NakedSingle, Via::Nothing);
        }
    }

    /// Makes `step` (found on the current board): tells the observer what its pattern rests
    /// on when it is reported as a technique, then removes and places.
    fn apply(&mut self, step: &Step) {
        let (rule, via) = vocabulary(step, self.board().size());
        if rule == Rule::Technique {
            let basis = step.basis(self.board());
            self.book.observer.basis(&basis);
            if self.book.observer.wants_instances() {
                let sentence = crate::logic::sentence(step, self.board());
                let branches = crate::logic::branch_texts(step, self.board().geometry());
                let als = crate::logic::als_text(step, self.board());
                let fins = crate::logic::fins(step, self.board());
                self.book
                    .observer
                    .instance(&sentence, &step.cells, branches, als, &fins);
            }
        }
        // A step that removes and places (a direct form) is made whole before what its
        // removals leave follows: a cell they leave with one candidate is placed after the
        // step's own placement. Placed at once, its peers would lose digits that the step's
        // placement takes from them too, in an event of a later step that comes first: steps
        // must replay in step order.
        let whole = !step.placements.is_empty();
        let mut singles = Vec::new();
        for &(cell, digits) in &step.eliminations {
            let gone = self.board().candidates(cell) & digits.bits();
            if gone == 0 {
                continue;
            }
            if whole {
                self.strike(cell, gone, rule, via);
                singles.push(cell);
            } else {
                self.remove(cell, gone, rule, via);
            }
        }
        for &(cell, digit) in &step.placements {
            if self.board().is_open(cell) && self.board().candidates(cell) >> (digit - 1) & 1 != 0 {
                self.place(cell, digit, rule, via);
            }
        }
        for cell in singles {
            self.settle_single(cell);
        }
    }

    /// The first dead end of the current board ([`Board::fault`]), reported. True when
    /// there is one.
    fn dead_end(&mut self) -> bool {
        let Some(fault) = self.board().fault() else {
            return false;
        };
        match fault {
            Fault::Empty(cell) => {
                self.book
                    .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
            }
            Fault::Relation(i) => {
                self.book
                    .contradiction(None, 0, Via::Relation(i as u16), self.depth);
            }
            Fault::Marker(i) => {
                self.book
                    .contradiction(None, 0, Via::Marker(i as u16), self.depth);
            }
            Fault::Missing { house, digit } => {
                self.book
                    .contradiction(None, digit, Via::House(house as u8), self.depth);
            }
        }
        true
    }

    /// Opens a branch on the open cell with the fewest candidates (the first of them): its
    /// smallest candidate, one level down.
    fn guess(&mut self) {
        let board = self.board();
        let Some(cell) = board
            .open_cells()
            .min_by_key(|&c| board.candidates(c).count_ones())
        else {
            return;
        };
        let m = board.candidates(cell);
        let bit = m & m.wrapping_neg();
        let digit = bit.trailing_zeros() as u8 + 1;
        // `backtrack` keeps `boards` at depth + 1 boards and `choices` at depth choices.
        let next = board.clone();
        self.boards.push(next);
        self.choices.push((cell, digit));
        self.depth += 1;
        self.book.guess(cell, digit, m & !bit, self.depth);
        self.board_mut().fix(cell, digit);
        self.cross_out(cell, digit);
    }

    /// Returns from a dead end (or a solution, to look for another): pops branches, removing
    /// each failed digit from its cell in the parent board, until a parent keeps a candidate
    /// there. Ends the search at the root.
    fn backtrack(&mut self) {
        while self.book.step_back(&mut self.depth) {
            let (cell, digit) = self.choices[self.depth];
            self.boards.truncate(self.depth + 1);
            self.choices.truncate(self.depth);
            self.remove(cell, 1 << (digit - 1), Rule::Refutation, Via::Nothing);
            if self.board().candidates(cell) != 0 {
                return;
            }
            self.book
                .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
        }
    }
}

/// The rule and evidence a step is reported by: the engines' own rule where it says the same
/// thing, else [`Rule::Technique`] with the technique.
fn vocabulary(step: &Step, size: usize) -> (Rule, Via) {
    let house = step.houses.first().copied().unwrap_or(0);
    match step.technique {
        Technique::FullHouse | Technique::HiddenSingle => {
            let rule = match house / size {
                0 => Rule::HiddenSingleRow,
                1 => Rule::HiddenSingleColumn,
                _ => Rule::HiddenSingleBlock,
            };
            (rule, Via::House(house as u8))
        }
        Technique::NakedSingle => (Rule::NakedSingle, Via::Nothing),
        Technique::RelationBound => {
            let relation = step.relations.first().copied().unwrap_or(0);
            (Rule::Relation, Via::Relation(relation as u16))
        }
        Technique::Pointing | Technique::Claiming => {
            let to = step.houses.get(1).copied().unwrap_or(0);
            let via = Via::Confined {
                house: house as u8,
                to: to as u8,
            };
            (Rule::LockedCandidates, via)
        }
        t => (Rule::Technique, Via::Technique(t as u8)),
    }
}

impl<O: Observer> Search for Logic<O> {
    type Observer = O;

    book_in_field!();

    /// Puts each given in (the first node crosses them out of their peers).
    fn begin(&mut self) {
        for cell in 0..self.board().cells() {
            let digit = self.board().puzzle().givens()[cell];
            if digit != 0 {
                self.book.place(cell, digit, Rule::Given, Via::Nothing, 0);
                self.board_mut().fix(cell, digit);
            }
        }
        self.givens_crossed = false;
    }

    /// One step: at the first node, the givens crossed out of their peers and partners;
    /// then a full board is a solution, else the simplest technique's step is made, else a
    /// guess. A dead end that leaves backtracks at once (so every round starts on a board
    /// without one).
    fn node(&mut self) {
        self.book.stats.nodes += 1;
        self.book
            .observer
            .round(self.depth, self.boards[self.depth].grid());
        if !self.givens_crossed {
            self.givens_crossed = true;
            for cell in 0..self.board().cells() {
                let digit = self.board().puzzle().givens()[cell];
                // A clashing given may have lost its digit already: a dead end, found below.
                if digit != 0 && self.board().candidates(cell) != 0 {
                    self.cross_out(cell, digit);
                }
            }
        } else if self.board().is_solved() {
            let board = &self.boards[self.depth];
            if self.book.found(board.grid(), self.depth) {
                return;
            }
            self.backtrack();
        } else {
            // The forcing techniques only before the first guess: after one, the search's own
            // look-ahead is cheaper than assuming every candidate at every node.
            let techniques = if self.choices.is_empty() {
                self.techniques
            } else {
                self.techniques.without_forcing()
            };
            match next_step_in(self.board(), techniques, Some(&self.barren)) {
                Some(step) => self.apply(&step),
                None => self.guess(),
            }
        }
        while self.book.status().is_none() && self.dead_end() {
            self.backtrack();
        }
    }

    fn grid(&self) -> &[u32] {
        self.board().grid()
    }

    fn depth(&self) -> usize {
        self.depth
    }

    fn reset(&mut self, puzzle: &Puzzle) {
        self.boards.clear();
        self.boards.push(Board::empty(puzzle));
        self.barren = Barren::default();
        self.choices.clear();
        self.depth = 0;
        self.givens_crossed = false;
        self.book.restart();
    }
}
