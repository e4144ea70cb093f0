//! The simplest step first: [`Technique::find`] sends each technique to the file that looks
//! for it, [`next_step`] tries them in the order of [`Technique::ALL`], and [`solve_steps`]
//! applies steps until the board is solved or nothing applies.

use super::barren::Barren;
use super::board::Board;
use super::step::Step;
use super::technique::{Technique, Techniques};
use super::view::View;
use super::{
    als, als_chain, chains, colours, direct, fish, forcing, franken, intersections, markers,
    relations, single_digit, singles, subsets, sue_de_coq, uniqueness, wings,
};

impl Technique {
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
            T::MarkerBound => markers::marker_bound(view),
            T::NegativeBound => markers::negative_bound(view),
            T::MarkerPair => markers::marker_pair(view),
            T::Pointing => intersections::pointing(view),
            T::Claiming => intersections::claiming(view),
            T::DirectPointing => direct::direct_pointing(view),
            T::DirectClaiming => direct::direct_claiming(view),
            T::DirectHiddenPair | T::DirectHiddenTriple => direct::direct_hidden(view, k),
            T::OrderedSubset => subsets::ordered(view),
            T::NakedPair | T::NakedTriple | T::NakedQuad => subsets::naked(view, k),
            T::HiddenPair | T::HiddenTriple | T::HiddenQuad => subsets::hidden(view, k),
            T::XWing | T::Swordfish | T::Jellyfish => fish::basic(view, k),
            T::FinnedXWing | T::FinnedSwordfish | T::FinnedJellyfish => fish::finned(view, k),
            T::FrankenFish => franken::franken_fish(view),
            T::MutantFish => franken::mutant_fish(view),
            T::Skyscraper => single_digit::skyscraper(view),
            T::TwoStringKite => single_digit::two_string_kite(view),
            T::EmptyRectangle => single_digit::empty_rectangle(view),
            T::XyWing => wings::xy_wing(view),
            T::XyzWing => wings::xyz_wing(view),
            T::WWing => wings::w_wing(view),
            T::UniqueRectangle => uniqueness::unique_rectangle(view),
            T::BugPlusOne => uniqueness::bug_plus_one(view),
            T::WxyzWing => wings::wxyz_wing(view),
            T::SimpleColours => colours::simple_colours(view),
            T::MultiColours => colours::multi_colours(view),
            T::SueDeCoq => sue_de_coq::sue_de_coq(view),
            T::AlsXz => als::als_xz(view),
            T::AlsXyWing => als::als_xy_wing(view),
            T::DeathBlossom => als::death_blossom(view),
            T::XChain => chains::x_chain(view),
            T::XyChain => chains::xy_chain(view),
            T::AlsChain => als_chain::als_chain(view),
            T::Aic => chains::aic(view),
            T::Nishio => forcing::nishio(view),
            T::ForcingChain => forcing::forcing_chain(view),
            T::DynamicForcingChain => forcing::dynamic_forcing_chain(view),
        }
    }
}

/// The simplest step on `board` among `allowed`: the first technique in [`Technique::ALL`]
/// order that finds one.
pub fn next_step(board: &Board, allowed: Techniques) -> Option<Step> {
    next_step_in(board, allowed, None)
}

/// [`next_step`], remembering in `barren` what found nothing (one board of a run of steps).
pub(crate) fn next_step_in(
    board: &Board,
    allowed: Techniques,
    barren: Option<&Barren>,
) -> Option<Step> {
    let mut view = View::new(board);
    view.explainer_forms = allowed.explainer_forms();
    view.barren = barren;
    let relations = !board.relations().is_empty();
    let markers = !board.markers().is_empty();
    Technique::ALL
        .into_iter()
        .filter(|&t| {
            allowed.contains(t)
                && (relations || !t.uses_relations())
                && (markers || !t.uses_markers())
        })
        .find_map(|t| t.find_in(&view))
}

/// How a run of techniques ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
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
    let barren = Barren::default();
    for _ in 0..budget {
        if board.is_solved() {
            return Ending::Solved;
        }
        let Some(step) = next_step_in(board, allowed, Some(&barren)) else {
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
