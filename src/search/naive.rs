//! The `naive` engine: cell-order depth-first search that checks only placed neighbours.
//!
//! The brute-force baseline the page compares the other engines with. No propagation: the
//! empty cells are taken in row-major order, one per depth, and each is tried with every digit
//! that no placed peer holds and no relation with a placed partner forbids.
//!
//! ```text
//! open     = the empty cells, row-major: the cell of the node at depth d is open[d]
//! frames   = the candidate grids by depth (`Frames`, cells + 1 of them)
//! choices[d] = the digit tried in open[d] to go from depth d to d + 1
//! ```
//! A node at depth `d` checks the candidates of `open[d]` against the placed cells (the givens
//! and `open[..d]`; every later open cell still has all its digits), removes the ones that
//! clash, and guesses the smallest one left. Checking the whole cell at its node (rather than
//! one digit at a time, as a textbook brute force does) reports the same eliminations in the
//! same vocabulary as the other engines. Naive does not choose by candidate counts: a cell
//! left with one candidate is still guessed, so the depth is always the number of empty cells
//! filled (it is reported as a naked-single placement first, as by every engine, so that a
//! trace without eliminations still shows each single-candidate cell). A failed guess is
//! removed from its cell in the parent grid (a refutation) and the node at the parent depth
//! visits the same cell again.
//!
//! The givens are checked against each other once, at the first node, so that a puzzle with
//! clashing givens ends unsolvable instead of "solved".

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::puzzle::{PairRule, PairSource, Puzzle};

use super::driver::{book_in_field, Book, Search};
use super::frames::{grid_in_frames, Frames};
use super::observer::{Observer, Via};
use super::options::Options;
use super::stats::Rule;

/// A relation or a marker rule seen from one of its cells.
#[derive(Clone, Copy, Debug)]
struct Link {
    /// The other cell.
    partner: u16,
    /// The relation's index in [`Puzzle::relations`], or the marker rule's in
    /// [`Puzzle::pair_rules`].
    index: u16,
    law: Law,
}

/// What a link asks of the two digits.
#[derive(Clone, Copy, Debug)]
enum Law {
    /// This cell is the smaller of a relation.
    Smaller,
    /// This cell is the larger of a relation.
    Larger,
    /// A marker rule: the pair is one its table allows (`negative`: the rule is the negative
    /// constraint on an unmarked pair).
    Marker { negative: bool },
}

impl Link {
    /// The digits of this cell that the partner's single digit `partner` forbids: for a
    /// relation those at or above it when this cell is the smaller one, at or below it
    /// otherwise; for a marker rule those its table does not pair with it.
    #[inline]
    fn forbidden(self, partner: u32, markers: &[PairRule]) -> u32 {
        match self.law {
            Law::Smaller => !(partner - 1),
            Law::Larger => partner | (partner - 1),
            Law::Marker { .. } => !markers[self.index as usize].supported(partner),
        }
    }

    /// The rule and the via of a removal by this link.
    fn reason(self) -> (Rule, Via) {
        match self.law {
            Law::Smaller | Law::Larger => (Rule::Relation, Via::Relation(self.index)),
            Law::Marker { negative: false } => (Rule::Marker, Via::Marker(self.index)),
            Law::Marker { negative: true } => (Rule::Negative, Via::Marker(self.index)),
        }
    }
}

/// A resumable naive search over one puzzle. Owns its buffers, so it can live in a wasm
/// handle; [`Search::reset`] reuses them for the next puzzle of the same size.
pub struct Naive<O: Observer> {
    geometry: &'static Geometry,
    full: u32,
    givens: Vec<u8>,
    /// The empty cells in row-major order: the node at depth `d` is for `open[d]`.
    open: Vec<u16>,
    /// The relations and marker rules of each cell: `links[link_start[c]..link_start[c + 1]]`.
    links: Vec<Link>,
    /// The puzzle's marker rules ([`Puzzle::pair_rules`]).
    markers: Vec<PairRule>,
    link_start: Vec<u32>,
    frames: Frames,
    choices: Vec<u8>,
    depth: usize,
    /// Whether the first node has checked the givens against each other.
    givens_checked: bool,
    book: Book<O>,
}

impl<O: Observer> Naive<O> {
    /// Prepares a search; no work is done until [`Search::advance`] or [`Search::run`].
    pub fn new(puzzle: &Puzzle, options: Options, observer: O) -> Naive<O> {
        // Empty buffers: `reset` sizes them for the puzzle, as it does for every next one.
        let mut search = Naive {
            geometry: puzzle.geometry(),
            full: 0,
            givens: Vec::new(),
            open: Vec::new(),
            links: Vec::new(),
            markers: Vec::new(),
            link_start: Vec::new(),
            frames: Frames::new(0, 0),
            choices: Vec::new(),
            depth: 0,
            givens_checked: false,
            book: Book::new(options, observer),
        };
        search.reset(puzzle);
        search
    }

    fn load(&mut self, puzzle: &Puzzle) {
        self.geometry = puzzle.geometry();
        let size = puzzle.size();
        self.full = DigitSet::full(size).bits();
        self.givens.clear();
        self.givens.extend_from_slice(puzzle.givens());
        self.open.clear();
        self.open.extend(
            (0..self.frames.cells)
                .filter(|&c| self.givens[c] == 0)
                .map(|c| c as u16),
        );
        // Group the relations and marker rules by cell, each seen from both ends.
        self.links.clear();
        self.link_start.clear();
        self.markers = puzzle.pair_rules();
        let ends: Vec<(usize, usize, u16, Law, Law)> = puzzle
            .relations()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let ends = (r.smaller.index(size), r.larger.index(size));
                (ends.0, ends.1, i as u16, Law::Smaller, Law::Larger)
            })
            .chain(self.markers.iter().enumerate().map(|(i, m)| {
                let law = Law::Marker {
                    negative: m.source == PairSource::Negative,
                };
                (m.a, m.b, i as u16, law, law)
            }))
            .collect();
        for cell in 0..self.frames.cells {
            self.link_start.push(self.links.len() as u32);
            for &(a, b, index, at_a, at_b) in &ends {
                if a == cell {
                    self.links.push(Link {
                        partner: b as u16,
                        index,
                        law: at_a,
                    });
                } else if b == cell {
                    self.links.push(Link {
                        partner: a as u16,
                        index,
                        law: at_b,
                    });
                }
            }
        }
        self.link_start.push(self.links.len() as u32);
        self.depth = 0;
        self.givens_checked = false;
        self.book.restart();
    }

    /// Removes from `cell` the candidates that a placed peer holds (rule peer) or that a
    /// relation with a placed partner forbids (rule relation), smallest digit first, each
    /// with the first peer or relation that rules it out. Returns false when nothing is left.
    fn check(&mut self, cell: usize) -> bool {
        let base = self.depth * self.frames.cells;
        let grid = &self.frames.grids[base..base + self.frames.cells];
        let have = grid[cell];
        // The first placed peer holding each digit of the cell.
        let mut held_by = [0u16; 32];
        let mut held = 0u32;
        for &peer in self.geometry.peers(cell) {
            let m = grid[peer as usize];
            if m.is_power_of_two() && m & have & !held != 0 {
                held |= m;
                held_by[m.trailing_zeros() as usize] = peer;
            }
        }
        let links = &self.links[self.link_start[cell] as usize..self.link_start[cell + 1] as usize];
        let mut forbidden = 0u32;
        for link in links {
            let m = grid[link.partner as usize];
            if m.is_power_of_two() {
                forbidden |= link.forbidden(m, &self.markers);
            }
        }
        let mut clash = have & (held | forbidden);
        while clash != 0 {
            let bit = clash & clash.wrapping_neg();
            clash &= clash - 1;
            let (rule, via) = if held & bit != 0 {
                let peer = held_by[bit.trailing_zeros() as usize];
                (Rule::Peer, Via::Cell(peer))
            } else {
                // Some link forbids it: name the first.
                links
                    .iter()
                    .find(|l| {
                        let m = grid[l.partner as usize];
                        m.is_power_of_two() && l.forbidden(m, &self.markers) & bit != 0
                    })
                    .map_or((Rule::Relation, Via::Relation(0)), |l| l.reason())
            };
            self.book.eliminate(cell, bit, rule, via, self.depth);
        }
        let left = have & !(held | forbidden);
        self.frames.grids[base + cell] = left;
        if left == have {
            return true;
        }
        self.narrowed(cell, left)
    }

    /// `cell` has just lost candidates and holds `left`: a dead end when nothing is left; a
    /// naked-single placement when one digit is (so a trace of placements alone shows every
    /// single-candidate cell, as with the other engines — the cell is still guessed at its
    /// node). Returns false on a dead end.
    #[inline]
    fn narrowed(&mut self, cell: usize, left: u32) -> bool {
        if left == 0 {
            self.book
                .contradiction(Some(cell), 0, Via::Cell(cell as u16), self.depth);
            return false;
        }
        if left.is_power_of_two() {
            let digit = left.trailing_zeros() as u8 + 1;
            self.book
                .place(cell, digit, Rule::NakedSingle, Via::Nothing, self.depth);
        }
        true
    }

    /// Opens a branch: copies the grid one level down and tries the smallest candidate, even
    /// when it is the only one (naive does not count candidates).
    fn branch(&mut self, cell: usize) {
        let (digit, rest) = self
            .frames
            .branch(self.depth, cell, |m| m & m.wrapping_neg());
        self.choices[self.depth] = digit;
        self.depth += 1;
        self.book.guess(cell, digit, rest, self.depth);
    }

    /// Returns from a dead end: pops branches, removing each failed digit from its cell in
    /// the parent grid, until a parent still has something to try. Ends the search at the root.
    fn backtrack(&mut self) {
        while self.book.step_back(&mut self.depth) {
            let cell = self.open[self.depth] as usize;
            let bit = 1u32 << (self.choices[self.depth] - 1);
            let at = self.depth * self.frames.cells + cell;
            // The parent grid is as the branch left it, so the guessed digit is still there.
            self.frames.grids[at] &= !bit;
            self.book
                .eliminate(cell, bit, Rule::Refutation, Via::Nothing, self.depth);
            if self.narrowed(cell, self.frames.grids[at]) {
                return;
            }
        }
    }
}

impl<O: Observer> Search for Naive<O> {
    type Observer = O;

    book_in_field!();

    /// Fills depth 0 with every digit, then fixes the givens.
    fn begin(&mut self) {
        self.frames
            .begin(self.full, &self.givens, &mut self.book, |_| {});
    }

    /// One node: check the next empty cell against the placed ones, then guess, or
    /// backtrack from an emptied cell, or record a solution when no empty cell is left.
    fn node(&mut self) {
        self.book.stats.nodes += 1;
        self.book
            .observer
            .round(self.depth, self.frames.frame(self.depth));
        if !self.givens_checked {
            self.givens_checked = true;
            for cell in 0..self.frames.cells {
                if self.givens[cell] != 0 && !self.check(cell) {
                    self.backtrack();
                    return;
                }
            }
        }
        let Some(&cell) = self.open.get(self.depth) else {
            // Every empty cell is filled: a solution.
            if !self.book.found(self.frames.frame(self.depth), self.depth) {
                self.backtrack();
            }
            return;
        };
        let cell = cell as usize;
        if self.check(cell) {
            self.branch(cell);
        } else {
            self.backtrack();
        }
    }

    grid_in_frames!();

    /// Starts over on `puzzle`, keeping the buffers when the size allows.
    fn reset(&mut self, puzzle: &Puzzle) {
        let cells = puzzle.geometry().cell_count();
        if self.frames.fit(cells) {
            self.choices = vec![0; cells + 1];
        }
        self.load(puzzle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::puzzle::{givens_of, Kind, Relation};
    use crate::search::Silent;
    use crate::search::Status;

    fn bits(digits: &[u8]) -> u32 {
        digits.iter().copied().collect::<DigitSet>().bits()
    }

    fn started(kind: Kind, text: &str, relations: Vec<Relation>) -> Naive<Silent> {
        let puzzle = Puzzle::new(kind, 4, givens_of(text), relations).unwrap();
        let mut search = Naive::new(&puzzle, Options::default(), Silent);
        search.book.started = true;
        search.givens_checked = true;
        search.begin();
        search
    }

    #[test]
    fn check_removes_digits_of_placed_peers_and_relation_partners_only() {
        // r1c2 > r1c3 = 2 rules out 1 and 2; r1c1 = 3 rules out 3. r2c2 is unplaced and
        // rules out nothing.
        let larger = Relation::new(Cell::new(0, 2), true, Cell::new(0, 1));
        let mut s = started(Kind::Inequality, "3.2. .... .... ....", vec![larger]);
        s.frames.grids[5] = bits(&[1, 4]);
        assert!(s.check(1));
        assert_eq!(s.frames.grids[1], bits(&[4]));
        assert_eq!(s.book.stats.eliminations[Rule::Peer as usize], 2, "2 and 3");
        assert_eq!(s.book.stats.eliminations[Rule::Relation as usize], 1, "1");
    }

    #[test]
    fn a_cell_with_one_candidate_left_is_still_guessed() {
        let mut s = started(Kind::Classic, "123. .... .... ....", vec![]);
        s.node();
        assert_eq!(s.depth, 1);
        assert_eq!(s.book.stats.guesses, 1);
        assert_eq!(s.frames.frame(1)[3], bits(&[4]));
        assert_eq!(s.book.stats.eliminations[Rule::Guess as usize], 0);
        assert_eq!(
            s.book.stats.placements[Rule::NakedSingle as usize],
            1,
            "and reported"
        );
    }

    #[test]
    fn a_failed_branch_is_refuted_in_the_parent_and_its_cell_visited_again() {
        // r1c1 ∈ {1, 4} is tried as 1 first; r1c4 then has nothing left (1, 2 and 3 are in
        // its row, 4 in its column).
        let mut s = started(Kind::Classic, ".23. ...4 .... ....", vec![]);
        s.node();
        assert_eq!((s.depth, s.frames.frame(1)[0]), (1, bits(&[1])));
        s.node();
        assert_eq!(s.book.stats.contradictions, 1);
        assert_eq!(s.depth, 0);
        assert_eq!(
            s.frames.grids[0],
            bits(&[4]),
            "1 refuted, 2 and 3 ruled out by peers"
        );
        assert_eq!(s.book.stats.eliminations[Rule::Refutation as usize], 1);
        assert_eq!(s.book.stats.placements[Rule::NakedSingle as usize], 1);
        s.node();
        assert_eq!(
            (s.depth, s.frames.frame(1)[0]),
            (1, bits(&[4])),
            "r1c1 again"
        );
        assert_eq!(s.book.stats.guesses, 2);
    }

    #[test]
    fn clashing_givens_end_the_search_at_the_first_node() {
        let puzzle =
            Puzzle::new(Kind::Classic, 4, givens_of("1... .... 1... ...."), vec![]).unwrap();
        let mut s = Naive::new(&puzzle, Options::default(), Silent);
        assert_eq!(s.run(), Status::Unsolvable);
        assert_eq!((s.book.stats.nodes, s.book.stats.guesses), (1, 0));
        assert_eq!(s.book.stats.eliminations[Rule::Peer as usize], 1);
    }
}
