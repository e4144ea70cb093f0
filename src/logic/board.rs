//! The candidate grid a person reasons on: the digits placed so far, the candidates of the
//! open cells, and the questions techniques ask of it — where a digit can still go in a
//! house, which cells see each other, which relations a cell has.

use std::sync::Arc;

use crate::contradiction::Contradiction;
use crate::geometry::Geometry;
use crate::puzzle::{Kind, PairRule, Puzzle};

use super::order::Order;

/// A puzzle in the middle of being solved by hand. Candidates are bit sets (bit `d - 1` for
/// digit `d`); a cell is *open* until a digit is placed in it, even when one candidate is
/// left (that is a naked single still to be seen).
///
/// What never changes (the puzzle, its relations and their order) is shared between a board
/// and its clones, so a search can keep a board per depth and copy only the candidates.
#[derive(Clone, Debug)]
pub struct Board {
    fixed: Arc<Fixed>,
    geometry: &'static Geometry,
    size: usize,
    values: Vec<u8>,
    cands: Vec<u32>,
    /// Per house, the digits placed in it.
    placed: Vec<u32>,
}

/// The part of a [`Board`] that solving does not change.
#[derive(Debug)]
struct Fixed {
    puzzle: Puzzle,
    /// `(smaller, larger)` cell indices of every relation, in the puzzle's order.
    relations: Vec<(usize, usize)>,
    /// The marker rules ([`Puzzle::pair_rules`]), in their order.
    markers: Vec<PairRule>,
    /// Which cells must be below which (worked out once).
    order: Order,
}

impl Board {
    /// The start of a puzzle: every digit a candidate, then each given placed (and removed
    /// from its peers). A contradiction means clashing givens.
    pub fn new(puzzle: &Puzzle) -> Result<Board, Contradiction> {
        let mut board = Board::empty(puzzle);
        for (cell, &d) in puzzle.givens().iter().enumerate() {
            if d != 0 {
                board.place(cell, d)?;
            }
        }
        Ok(board)
    }

    /// Every digit a candidate of every cell, nothing placed.
    pub(crate) fn empty(puzzle: &Puzzle) -> Board {
        let geometry = puzzle.geometry();
        let size = puzzle.size();
        let cells = geometry.cell_count();
        let relations: Vec<(usize, usize)> = puzzle
            .relations()
            .iter()
            .map(|r| (r.smaller.index(size), r.larger.index(size)))
            .collect();
        Board {
            fixed: Arc::new(Fixed {
                puzzle: puzzle.clone(),
                order: Order::of(cells, &relations),
                relations,
                markers: puzzle.pair_rules(),
            }),
            geometry,
            size,
            values: vec![0; cells],
            cands: vec![full(size); cells],
            placed: vec![0; geometry.house_count()],
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.fixed.puzzle
    }

    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn kind(&self) -> Kind {
        self.fixed.puzzle.kind()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.values.len()
    }

    /// The digit placed in `cell`, 0 while it is open.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The placed digits, 0 for open cells.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    #[inline]
    pub fn is_open(&self, cell: usize) -> bool {
        self.values[cell] == 0
    }

    /// The candidates of `cell` (bit `d - 1` for digit `d`); a placed cell has its digit.
    #[inline]
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cands[cell]
    }

    /// Every cell's candidates.
    pub fn grid(&self) -> &[u32] {
        &self.cands
    }

    /// The digits placed in house `h`.
    #[inline]
    pub fn placed_in(&self, h: usize) -> u32 {
        self.placed[h]
    }

    /// Where digit `d` can still go in house `h`: bit `i` for the `i`-th cell of the house
    /// (in [`Geometry::house`] order), over open cells only.
    #[inline]
    pub fn positions(&self, h: usize, d: u8) -> u32 {
        let bit = 1 << (d - 1);
        self.geometry
            .house(h)
            .iter()
            .enumerate()
            .fold(0, |m, (i, &c)| {
                let c = c as usize;
                if self.values[c] == 0 && self.cands[c] & bit != 0 {
                    m | 1 << i
                } else {
                    m
                }
            })
    }

    /// The open cells of house `h` that hold digit `d` as a candidate.
    pub fn cells_with(&self, h: usize, d: u8) -> impl Iterator<Item = usize> + '_ {
        let bit = 1 << (d - 1);
        self.geometry
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(move |&c| self.values[c] == 0 && self.cands[c] & bit != 0)
    }

    /// True when `a` and `b` are different cells that share a house.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.geometry.house_mask(a) & self.geometry.house_mask(b) != 0
    }

    /// The open cells, in reading order.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c] == 0)
    }

    /// `(smaller, larger)` cell indices of every relation, by the puzzle's relation index.
    pub fn relations(&self) -> &[(usize, usize)] {
        &self.fixed.relations
    }

    /// The marker rules ([`Puzzle::pair_rules`]), by their index.
    pub fn markers(&self) -> &[PairRule] {
        &self.fixed.markers
    }

    /// Which cells must be below which, through chains of relations.
    pub(crate) fn order(&self) -> &Order {
        &self.fixed.order
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places `digit` in `cell` and removes it from the cell's peers. A contradiction when the
    /// digit is no longer a candidate there, a peer already holds it, or a relation with a
    /// placed partner does not hold.
    pub fn place(&mut self, cell: usize, digit: u8) -> Result<(), Contradiction> {
        let bit = 1u32 << (digit - 1);
        if self.cands[cell] & bit == 0 || self.values[cell] != 0 {
            return Err(Contradiction);
        }
        for &h in self.geometry.houses_of(cell) {
            if self.placed[h as usize] & bit != 0 {
                return Err(Contradiction);
            }
        }
        let breaks = |&(smaller, larger): &(usize, usize)| {
            let (s, l) = match (smaller == cell, larger == cell) {
                (true, _) => (digit, self.values[larger]),
                (_, true) => (self.values[smaller], digit),
                _ => return false,
            };
            s != 0 && l != 0 && s >= l
        };
        if self.fixed.relations.iter().any(breaks) {
            return Err(Contradiction);
        }
        let bad_pair = |m: &PairRule| {
            let other = match (m.a == cell, m.b == cell) {
                (true, _) => self.values[m.b],
                (_, true) => self.values[m.a],
                _ => return false,
            };
            other != 0 && m.allowed[digit as usize] >> (other - 1) & 1 == 0
        };
        if self.fixed.markers.iter().any(bad_pair) {
            return Err(Contradiction);
        }
        self.values[cell] = digit;
        self.cands[cell] = bit;
        for &h in self.geometry.houses_of(cell) {
            self.placed[h as usize] |= bit;
        }
        for &p in self.geometry.peers(cell) {
            self.cands[p as usize] &= !bit;
        }
        Ok(())
    }

    /// Sets `cell` to `digit` and notes it placed in the cell's houses, without looking at
    /// its peers (a search that reports each removal from a peer does them itself, by
    /// [`Board::strike`]). The board may be broken after: clashing digits are the caller's
    /// to find.
    pub(crate) fn fix(&mut self, cell: usize, digit: u8) {
        let bit = 1u32 << (digit - 1);
        self.values[cell] = digit;
        self.cands[cell] = bit;
        for &h in self.geometry.houses_of(cell) {
            self.placed[h as usize] |= bit;
        }
    }

    /// Removes the digits of `mask` from `cell`, placed or not: a placed cell that loses its
    /// digit is left without candidates (a dead end the caller reports).
    #[inline]
    pub(crate) fn strike(&mut self, cell: usize, mask: u32) {
        self.cands[cell] &= !mask;
    }

    /// Removes the digits of `mask` from the candidates of open `cell`.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, mask: u32) {
        if self.values[cell] == 0 {
            self.cands[cell] &= !mask;
        }
    }

    /// Sets the candidates of open `cell` to `mask` (a player's pencil marks, narrowed).
    pub(crate) fn restrict(&mut self, cell: usize, mask: u32) {
        if self.values[cell] == 0 {
            self.cands[cell] &= mask;
        }
    }

    /// True when the grid cannot be completed as it stands (see `Board::fault`).
    pub fn is_broken(&self) -> bool {
        self.fault().is_some()
    }

    /// Why the grid cannot be completed as it stands, if it cannot: the first cell without
    /// candidates (a placed cell has its digit, unless [`Board::strike`] took it), else the
    /// first relation whose two cells are placed and break it, else the first house with a
    /// digit neither placed in it nor left a place there.
    pub(crate) fn fault(&self) -> Option<Fault> {
        if let Some(cell) = (0..self.cells()).find(|&c| self.cands[c] == 0) {
            return Some(Fault::Empty(cell));
        }
        let values = &self.values;
        if let Some(i) = self
            .fixed
            .relations
            .iter()
            .position(|&(s, l)| values[s] != 0 && values[l] != 0 && values[s] >= values[l])
        {
            return Some(Fault::Relation(i));
        }
        if let Some(i) = self.fixed.markers.iter().position(|m| {
            let (x, y) = (values[m.a], values[m.b]);
            x != 0 && y != 0 && m.allowed[x as usize] >> (y - 1) & 1 == 0
        }) {
            return Some(Fault::Marker(i));
        }
        let all = full(self.size);
        (0..self.geometry.house_count()).find_map(|house| {
            let reachable = self
                .geometry
                .house(house)
                .iter()
                .fold(self.placed[house], |m, &c| m | self.cands[c as usize]);
            (reachable != all).then(|| Fault::Missing {
                house,
                digit: (all & !reachable).trailing_zeros() as u8 + 1,
            })
        })
    }
}

/// A dead end of a [`Board`] (see [`Board::fault`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fault {
    /// The cell has no candidate left.
    Empty(usize),
    /// The two placed cells of the relation (its index) break it.
    Relation(usize),
    /// The two placed cells of the marker rule (its index in [`Puzzle::pair_rules`]) break
    /// it.
    Marker(usize),
    /// The digit has no place left in the house.
    Missing { house: usize, digit: u8 },
}

/// Every digit of a grid of `size`.
#[inline]
pub(crate) const fn full(size: usize) -> u32 {
    if size >= 32 {
        u32::MAX
    } else {
        (1u32 << size) - 1
    }
}
