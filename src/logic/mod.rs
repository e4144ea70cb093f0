//! Reasoning a person can follow: named solving techniques that find [`Step`]s on a
//! candidate [`Board`], applied simplest first.
//!
//! Each technique is a function from a board to its first step, if any: the placements and
//! eliminations, and the cells, houses, digits, relations (and for chains the chain) that
//! justify them. [`next_step`] tries the techniques in the order of [`Technique::ALL`] —
//! easiest first, by [`Technique::rating`] — and returns the first step found, so a solver
//! that applies it and asks again reasons as a person who always looks for the simplest
//! thing first.
//!
//! | file | techniques |
//! | --- | --- |
//! | `singles.rs` | full house, hidden single, naked single |
//! | `intersections.rs` | pointing, claiming |
//! | `relations.rs` | chain bound, relation bound, house bound (inequality and Futoshiki) |
//! | `subsets.rs` | naked and hidden pairs, triples, quads; ordered subsets (with relations) |
//! | `fish.rs` | X-wing, swordfish, jellyfish, with fins (finned and sashimi) |
//! | `single_digit.rs` | skyscraper, two-string kite, empty rectangle |
//! | `wings.rs` | XY-wing, XYZ-wing, W-wing |
//! | `chains.rs` | X-chains, XY-chains, alternating inference chains with grouped nodes |
//!
//! Every technique works for any size its houses allow (4…25; those that need blocks skip
//! Futoshiki) and only ever removes what its pattern proves: a property test checks on
//! thousands of unique puzzles that no step removes a digit of the solution.

mod board;
mod chains;
mod explain;
mod fish;
mod grade;
mod hint;
mod intersections;
mod marks;
mod relations;
mod report;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod wings;

pub use board::Board;
pub(crate) use board::Fault;
pub use explain::{chain_text, effect, pointer, sentence, Reveal};
pub use grade::{grade, Grade, Level, MAX_STEPS};
pub use hint::{check_state, hint, Hint, PlayerState, Wrong};
pub use marks::read_marks;
pub use report::{GradeReport, HintReport, StepCounts, StepReport};
pub use step::{ChainNode, Step};

named! {
    /// A named solving technique (its name in JSON, hints and traces), in the order they are
    /// tried: simplest first.
    pub enum Technique {
        /// The last open cell of a house takes the digit the house lacks.
        FullHouse = "full_house",
        /// A digit has one place left in a house.
        HiddenSingle = "hidden_single",
        /// A strictly increasing chain of relations `c1 < c2 < … < ck` pins each cell's range:
        /// the `i`-th is at least `i` and at most `N − k + i`.
        ChainBound = "chain_bound",
        /// `a < b`: `b` is above the smallest candidate of `a`, `a` below the largest of `b`.
        RelationBound = "relation_bound",
        /// A cell has one candidate left.
        NakedSingle = "naked_single",
        /// In a block, a digit's places lie in one row or column: it leaves the rest of it.
        Pointing = "pointing",
        /// In a row or column, a digit's places lie in one block: it leaves the rest of it.
        Claiming = "claiming",
        /// The cells of one house that must all be below a cell hold different digits, so the
        /// cell is above as many digits (and likewise above it).
        HouseBound = "house_bound",
        /// Two cells of a house hold the same two candidates: those leave the house's others.
        NakedPair = "naked_pair",
        /// A naked subset whose cells are ordered by relations: each cell's digit is fixed by
        /// its rank.
        OrderedSubset = "ordered_subset",
        /// A digit's places in two rows lie in two columns (or the reverse).
        XWing = "x_wing",
        /// Two digits have the same two places in a house: the cells hold nothing else.
        HiddenPair = "hidden_pair",
        NakedTriple = "naked_triple",
        /// A digit's places in three rows lie in three columns (or the reverse).
        Swordfish = "swordfish",
        HiddenTriple = "hidden_triple",
        /// Two rows with two places each for a digit, one pair in line: the other ends see
        /// each other's targets.
        Skyscraper = "skyscraper",
        /// A row pair and a column pair of a digit joined in a block.
        TwoStringKite = "two_string_kite",
        /// A pivot `{x, y}` sees `{x, z}` and `{y, z}`: `z` leaves what both pincers see.
        XyWing = "xy_wing",
        /// A digit's places in a block form a cross, joined to a pair in a line outside it.
        EmptyRectangle = "empty_rectangle",
        /// A pivot `{x, y, z}` sees `{x, z}` and `{y, z}`: `z` leaves what all three see.
        XyzWing = "xyz_wing",
        /// Two `{x, w}` cells joined by a strong link on `x`: `w` leaves what both see.
        WWing = "w_wing",
        /// An X-wing with fins in one block (sashimi when a base line needs its fin).
        FinnedXWing = "finned_x_wing",
        NakedQuad = "naked_quad",
        /// A digit's places in four rows lie in four columns (or the reverse).
        Jellyfish = "jellyfish",
        FinnedSwordfish = "finned_swordfish",
        HiddenQuad = "hidden_quad",
        FinnedJellyfish = "finned_jellyfish",
        /// A chain of strong and weak links on one digit: one of its ends is true.
        XChain = "x_chain",
        /// A chain of two-candidate cells: one of its ends holds the digit.
        XyChain = "xy_chain",
        /// An alternating inference chain over digits, cells, groups of cells and relations.
        Aic = "aic",
    }
}

impl Technique {
    /// How hard the technique is to see, in tenths, on a scale that follows Sudoku Explainer's
    /// where the technique has an SE rating (full house 1.0, hidden single 1.2, naked single
    /// 2.3, pointing 2.6, claiming 2.8, naked pair 3.0, X-wing 3.2, …, XYZ-wing 4.4, naked quad
    /// 5.0, jellyfish 5.2, hidden quad 5.4, X-chain 6.5, XY-chain 6.6, AIC 7.0) and places
    /// the others by what a person must see (README "Techniques and grades").
    pub const fn rating(self) -> u32 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle => 12,
            Technique::ChainBound => 17,
            Technique::RelationBound => 18,
            Technique::NakedSingle => 23,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::HouseBound => 29,
            Technique::NakedPair => 30,
            Technique::OrderedSubset => 31,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::Skyscraper => 40,
            Technique::TwoStringKite => 41,
            Technique::XyWing => 42,
            Technique::EmptyRectangle => 43,
            Technique::XyzWing => 44,
            Technique::WWing => 44,
            Technique::FinnedXWing => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::FinnedSwordfish => 53,
            Technique::HiddenQuad => 54,
            Technique::FinnedJellyfish => 56,
            Technique::XChain => 65,
            Technique::XyChain => 66,
            Technique::Aic => 70,
        }
    }

    /// The technique's name in words, for sentences: "naked pair", "XY-wing".
    pub const fn title(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::ChainBound => "chain bound",
            Technique::RelationBound => "relation bound",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::HouseBound => "house bound",
            Technique::NakedPair => "naked pair",
            Technique::OrderedSubset => "ordered subset",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::XyWing => "XY-wing",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::FinnedXWing => "finned X-wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::XChain => "X-chain",
            Technique::XyChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
        }
    }

    /// True for the techniques that read relations (they find nothing in classic puzzles).
    pub const fn uses_relations(self) -> bool {
        matches!(
            self,
            Technique::ChainBound
                | Technique::RelationBound
                | Technique::HouseBound
                | Technique::OrderedSubset
        )
    }

    /// The number of cells, digits or lines of a subset or fish (2 for pairs and X-wings,
    /// 3 for triples and swordfish, 4 for quads and jellyfish); 0 for other techniques.
    pub const fn size(self) -> usize {
        use Technique as T;
        match self {
            T::NakedPair | T::HiddenPair | T::XWing | T::FinnedXWing => 2,
            T::NakedTriple | T::HiddenTriple | T::Swordfish | T::FinnedSwordfish => 3,
            T::NakedQuad | T::HiddenQuad | T::Jellyfish | T::FinnedJellyfish => 4,
            _ => 0,
        }
    }

    /// The first step of this technique on `board`, if it has one.
    pub fn find(self, board: &Board) -> Option<Step> {
        self.find_in(&View::new(board))
    }

    fn find_in(self, view: &View) -> Option<Step> {
        use Technique as T;
        let k = self.size();
        match self {
            T::FullHouse => singles::full_house(view),
            T::HiddenSingle => singles::hidden_single(view),
            T::NakedSingle => singles::naked_single(view),
            T::ChainBound => relations::chain_bound(view),
            T::RelationBound => relations::relation_bound(view),
            T::HouseBound => relations::house_bound(view),
            T::Pointing => intersections::pointing(view),
            T::Claiming => intersections::claiming(view),
            T::OrderedSubset => subsets::ordered(view),
            T::NakedPair | T::NakedTriple | T::NakedQuad => subsets::naked(view, k),
            T::HiddenPair | T::HiddenTriple | T::HiddenQuad => subsets::hidden(view, k),
            T::XWing | T::Swordfish | T::Jellyfish => fish::basic(view, k),
            T::FinnedXWing | T::FinnedSwordfish | T::FinnedJellyfish => fish::finned(view, k),
            T::Skyscraper => single_digit::skyscraper(view),
            T::TwoStringKite => single_digit::two_string_kite(view),
            T::EmptyRectangle => single_digit::empty_rectangle(view),
            T::XyWing => wings::xy_wing(view),
            T::XyzWing => wings::xyz_wing(view),
            T::WWing => wings::w_wing(view),
            T::XChain => chains::x_chain(view),
            T::XyChain => chains::xy_chain(view),
            T::Aic => chains::aic(view),
        }
    }
}

/// A board with what most techniques ask first worked out once: where each digit can go in
/// each house.
pub(crate) struct View<'b> {
    pub board: &'b Board,
    /// `positions[h * size + d - 1]`: [`Board::positions`] of digit `d` in house `h`.
    positions: Vec<u32>,
}

impl<'b> View<'b> {
    pub fn new(board: &'b Board) -> View<'b> {
        let size = board.size();
        let geometry = board.geometry();
        let mut positions = vec![0u32; geometry.house_count() * size];
        for h in 0..geometry.house_count() {
            let row = &mut positions[h * size..(h + 1) * size];
            for (i, &c) in geometry.house(h).iter().enumerate() {
                let c = c as usize;
                if !board.is_open(c) {
                    continue;
                }
                let mut m = board.candidates(c);
                while m != 0 {
                    row[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        View { board, positions }
    }

    /// Where digit `d` can go in house `h` (bit `i`: the `i`-th cell of the house).
    #[inline]
    pub fn positions(&self, h: usize, d: u8) -> u32 {
        self.positions[h * self.board.size() + d as usize - 1]
    }

    /// The cells of house `h` at the positions of `mask`.
    pub fn cells_at(&self, h: usize, mask: u32) -> impl Iterator<Item = usize> + 'b {
        let house = self.board.geometry().house(h);
        let mut m = mask;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(house[i] as usize)
        })
    }

    /// The rows, columns and blocks as ranges of house numbers.
    pub fn rows(&self) -> std::ops::Range<usize> {
        0..self.board.size()
    }

    pub fn columns(&self) -> std::ops::Range<usize> {
        let n = self.board.size();
        n..2 * n
    }

    pub fn blocks(&self) -> std::ops::Range<usize> {
        let n = self.board.size();
        if self.board.geometry().block_shape().is_some() {
            2 * n..3 * n
        } else {
            0..0
        }
    }

    /// Every digit of the grid.
    pub fn digits(&self) -> std::ops::RangeInclusive<u8> {
        1..=self.board.size() as u8
    }
}

/// Which techniques a solver may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Techniques([bool; Technique::COUNT]);

impl Techniques {
    /// Every technique.
    pub const ALL: Techniques = Techniques([true; Technique::COUNT]);

    /// The singles only (full house, hidden and naked single).
    pub fn singles() -> Techniques {
        Techniques::only(&[
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
        ])
    }

    /// The techniques of `list`.
    pub fn only(list: &[Technique]) -> Techniques {
        Techniques::matching(|t| list.contains(&t))
    }

    /// The techniques rated at most `rating` tenths.
    pub fn up_to(rating: u32) -> Techniques {
        Techniques::matching(|t| t.rating() <= rating)
    }

    fn matching(keep: impl Fn(Technique) -> bool) -> Techniques {
        Techniques(Technique::ALL.map(keep))
    }

    pub fn contains(self, technique: Technique) -> bool {
        self.0[technique as usize]
    }
}

/// The simplest step on `board` among `allowed`: the first technique in [`Technique::ALL`]
/// order that finds one.
pub fn next_step(board: &Board, allowed: Techniques) -> Option<Step> {
    let view = View::new(board);
    let relations = !board.relations().is_empty();
    Technique::ALL
        .into_iter()
        .filter(|&t| allowed.contains(t) && (relations || !t.uses_relations()))
        .find_map(|t| t.find_in(&view))
}

/// How a run of techniques ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// Every cell is placed.
    Solved,
    /// No allowed technique applies: what is left needs guessing (or harder techniques).
    Stuck,
    /// The board cannot be completed (wrong entries or marks), found when a step failed.
    Broken,
    /// The step budget ran out.
    Budget,
}

/// Applies the simplest step again and again until the board is solved or nothing applies,
/// calling `seen` with each step before it is applied; at most `budget` steps.
pub fn solve_steps(
    board: &mut Board,
    allowed: Techniques,
    budget: usize,
    mut seen: impl FnMut(&Step, &Board),
) -> Ending {
    for _ in 0..budget {
        if board.is_solved() {
            return Ending::Solved;
        }
        let Some(step) = next_step(board, allowed) else {
            return Ending::Stuck;
        };
        seen(&step, board);
        if step.apply(board).is_err() || board.is_broken() {
            return Ending::Broken;
        }
    }
    if board.is_solved() {
        Ending::Solved
    } else {
        Ending::Budget
    }
}

#[cfg(test)]
mod tests;
