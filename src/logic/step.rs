//! A [`Step`]: one deduction a person can make — what it places or removes, and the cells,
//! houses, digits, relations and chain that justify it.

use crate::digits::DigitSet;

use super::board::Board;
use super::technique::Technique;

/// One node of a chain: a digit in one cell, or in a group of cells of one house (a grouped
/// node: "7 somewhere in r1c1–r1c3"); `on` when the chain makes it true at this point (the
/// node is entered by a strong link), `off` when false.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChainNode {
    pub cells: Vec<usize>,
    pub digit: u8,
    pub on: bool,
}

/// One deduction: the technique, its effect (placements and eliminations, each one still
/// possible on the board it was found on), and its premises — the pattern's cells, the
/// houses and digits it is about, the relations it uses, and for chains the chain itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub technique: Technique,
    /// `(cell, digit)` to place.
    pub placements: Vec<(usize, u8)>,
    /// `(cell, digits)` to remove, one entry per cell, in the order found.
    pub eliminations: Vec<(usize, DigitSet)>,
    /// The cells of the pattern (not those it changes), in the order the sentence names them.
    pub cells: Vec<usize>,
    /// The houses the pattern lives in (house numbers of [`crate::Geometry`]).
    pub houses: Vec<usize>,
    /// The digits the pattern is about.
    pub digits: DigitSet,
    /// The relations it uses, by index in [`crate::Puzzle::relations`].
    pub relations: Vec<usize>,
    /// The marker rules it uses (a marker, or an unmarked pair under the negative
    /// constraint), by index in [`crate::Puzzle::pair_rules`].
    pub markers: Vec<usize>,
    /// For chains: the nodes in order, first to last.
    pub chain: Vec<ChainNode>,
    /// For forcing chains: each branch's facts from its assumption (first) to the
    /// conclusion, in the order derived — only those the conclusion rests on, each following
    /// from earlier ones by a peer, a last candidate or a last place.
    pub branches: Vec<Vec<ChainNode>>,
}

impl Step {
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            digits: DigitSet::EMPTY,
            relations: Vec::new(),
            markers: Vec::new(),
            chain: Vec::new(),
            branches: Vec::new(),
        }
    }

    /// A step of `technique` whose pattern is `cells` in `houses`, about the digits of `mask`
    /// (its effect is added after).
    pub(crate) fn pattern(
        technique: Technique,
        cells: impl IntoIterator<Item = usize>,
        houses: impl IntoIterator<Item = usize>,
        mask: u32,
    ) -> Step {
        Step::new(technique)
            .with_cells(cells)
            .with_houses(houses)
            .with_digits(mask)
    }

    /// A step of `technique` that places `digit` in `cell`.
    pub(crate) fn placing(technique: Technique, cell: usize, digit: u8) -> Step {
        let mut step = Step::new(technique).with_digits(1 << (digit - 1));
        step.put(cell, digit);
        step
    }

    /// True when [`Step::remove`] of `mask` from `cell` would remove something: the cell is
    /// open and still has one of those digits (a technique asks before it builds a step).
    pub(crate) fn would_remove(board: &Board, cell: usize, mask: u32) -> bool {
        board.is_open(cell) && board.candidates(cell) & mask != 0
    }

    /// Adds the removal of the digits of `mask` that `cell` still has on `board` (nothing
    /// when it has none of them, or is placed).
    pub(crate) fn remove(&mut self, board: &Board, cell: usize, mask: u32) {
        if !Step::would_remove(board, cell, mask) {
            return;
        }
        let gone = board.candidates(cell) & mask;
        match self.eliminations.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, set)) => *set = set.union(DigitSet::from_bits(gone)),
            None => self.eliminations.push((cell, DigitSet::from_bits(gone))),
        }
    }

    /// Adds the placement of `digit` in `cell`.
    pub(crate) fn put(&mut self, cell: usize, digit: u8) {
        if !self.placements.contains(&(cell, digit)) {
            self.placements.push((cell, digit));
        }
    }

    pub(crate) fn with_cells(mut self, cells: impl IntoIterator<Item = usize>) -> Step {
        for c in cells {
            if !self.cells.contains(&c) {
                self.cells.push(c);
            }
        }
        self
    }

    pub(crate) fn with_houses(mut self, houses: impl IntoIterator<Item = usize>) -> Step {
        for h in houses {
            if !self.houses.contains(&h) {
                self.houses.push(h);
            }
        }
        self
    }

    pub(crate) fn with_digits(mut self, mask: u32) -> Step {
        self.digits = self.digits.union(DigitSet::from_bits(mask));
        self
    }

    /// True when the step is a chain that closes into a loop (its last node is its first).
    pub fn is_loop(&self) -> bool {
        self.chain.len() > 2 && self.chain.first() == self.chain.last()
    }

    /// True when the step changes the board.
    pub fn is_useful(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// The step if it changes the board.
    pub(crate) fn useful(self) -> Option<Step> {
        self.is_useful().then_some(self)
    }

    /// How hard the step is, on the scale of [`Technique::rating`] (in tenths), for a grid
    /// of `size`: the technique's rating, a hidden single in a row or column 0.3 above one in
    /// a block, a chain more the longer it is, a unique rectangle of type 3 more the larger
    /// its subset.
    pub fn rating(&self, size: usize) -> u32 {
        let base = self.technique.rating();
        match self.technique {
            Technique::HiddenSingle if self.houses.first().is_some_and(|&h| h < 2 * size) => {
                base + 3
            }
            // A loop is counted as Sudoku Explainer counts a cycle: its nodes once (its chain
            // names the first again at the end), less one. An XY-loop is SE's Y-cycle, rated
            // as an X-cycle (6.5 and up); an open XY-chain SE has not (it proves one by a
            // forcing chain).
            Technique::XChain | Technique::XyChain | Technique::Aic if self.is_loop() => {
                let base = match self.technique {
                    Technique::XyChain => Technique::XChain.rating(),
                    _ => base,
                };
                base + chain_length_bonus(self.chain.len() - 2)
            }
            // SE's X-chain that is no loop is its forcing X-chain, 6.6 and up.
            Technique::XChain => base + 1 + chain_length_bonus(self.chain.len()),
            Technique::XyChain | Technique::Aic => base + chain_length_bonus(self.chain.len()),
            Technique::Nishio | Technique::ForcingChain | Technique::DynamicForcingChain => {
                base + chain_length_bonus(self.branches.iter().map(Vec::len).sum())
            }
            // A type 3 unique rectangle names its naked subset's other cells after the four
            // corners: SE 1.2.1 adds 0.1 per digit of the subset beyond one (pair 4.6, quad
            // 4.8; UniqueLoopType3NakedHint).
            Technique::UniqueRectangle => base + self.cells.len().saturating_sub(4) as u32,
            _ => base,
        }
    }

    /// The candidates whose absence the step rests on, `(cell, digits)` by ascending cell,
    /// each digit already gone from its cell on `board` (the board it was found on): the
    /// missing digits of the pattern's cells and of the ends of its relations, the missing
    /// places of its digits in its houses, and for a chain the missing places of each strong
    /// link's digit in the houses its two ends share. A superset of what the step needs —
    /// the pattern as a person checks it — and what the trace names as its premises.
    pub fn basis(&self, board: &Board) -> Vec<(usize, u32)> {
        let geometry = board.geometry();
        let all = super::board::full(board.size());
        let mut absent = vec![0u32; board.cells()];
        let gone = |c: usize| all & !board.candidates(c);
        for &c in &self.cells {
            absent[c] |= gone(c);
        }
        for &r in &self.relations {
            let (s, l) = board.relations()[r];
            absent[s] |= gone(s);
            absent[l] |= gone(l);
        }
        for &m in &self.markers {
            let rule = &board.markers()[m];
            absent[rule.a] |= gone(rule.a);
            absent[rule.b] |= gone(rule.b);
        }
        let digits = self.digits.bits();
        for &h in &self.houses {
            for &c in geometry.house(h) {
                let c = c as usize;
                absent[c] |= gone(c) & digits;
            }
        }
        for link in self.chain.windows(2) {
            let (from, to) = (&link[0], &link[1]);
            if !to.on || from.digit != to.digit {
                continue;
            }
            let ends: Vec<usize> = from.cells.iter().chain(&to.cells).copied().collect();
            let shared = ends
                .iter()
                .fold(u128::MAX, |m, &c| m & geometry.house_mask(c));
            let bit = 1u32 << (to.digit - 1);
            for h in (0..geometry.house_count()).filter(|&h| shared >> h & 1 != 0) {
                for &c in geometry.house(h) {
                    let c = c as usize;
                    if !ends.contains(&c) {
                        absent[c] |= gone(c) & bit;
                    }
                }
            }
        }
        // A forcing chain rests on the cells its branches pass through.
        for node in self.branches.iter().flatten() {
            for &c in &node.cells {
                absent[c] |= gone(c);
            }
        }
        // BUG+1 rests on every open cell's candidates (all two but one); and a step whose
        // pattern names nothing else rests, at worst, on the whole board.
        if self.technique == super::technique::Technique::BugPlusOne
            || absent.iter().all(|&m| m == 0)
        {
            for c in board.open_cells() {
                absent[c] |= gone(c);
            }
        }
        absent
            .into_iter()
            .enumerate()
            .filter(|&(_, m)| m != 0)
            .collect()
    }

    /// Applies the step to `board`: the eliminations, then the placements.
    pub fn apply(&self, board: &mut Board) -> Result<(), crate::contradiction::Contradiction> {
        for &(cell, set) in &self.eliminations {
            board.eliminate(cell, set.bits());
        }
        for &(cell, digit) in &self.placements {
            board.place(cell, digit)?;
        }
        Ok(())
    }
}

/// Sudoku Explainer's length bonus for chains, in tenths: one more for each ceiling the
/// number of links passes in 4, 6, 8, 12, 16, 24, 32, 48, … (×3/2 and ×4/3 in turn).
pub(crate) fn chain_length_bonus(nodes: usize) -> u32 {
    let length = nodes.saturating_sub(1);
    let mut ceiling = 4usize;
    let mut bonus = 0;
    let mut three_halves = true;
    while length > ceiling {
        bonus += 1;
        ceiling = if three_halves {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        three_halves = !three_halves;
    }
    bonus
}
