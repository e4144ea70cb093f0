//! A fish's fins: the places of its pattern its sentence names apart, and the page draws
//! apart, from the others (one reading, so the words and the drawing agree).

use super::board::Board;
use super::step::Step;
use super::technique::Technique;

/// The fins of a finned, Franken or mutant fish, in pattern order: its places outside every
/// cover house, and (Franken and mutant) its places in two base houses, the *endo* fins.
/// Empty for a fish without fins and for every other step.
///
/// `step.houses` holds the base houses, then as many cover houses (then, for a finned fish,
/// the fins' block).
pub(crate) fn fins(step: &Step, board: &Board) -> Vec<usize> {
    use Technique as T;
    let n = match step.technique {
        T::FinnedXWing | T::FinnedSwordfish | T::FinnedJellyfish => step.technique.size(),
        T::FrankenFish | T::MutantFish => step.houses.len() / 2,
        _ => return Vec::new(),
    };
    let (base, cover) = (&step.houses[..n], &step.houses[n..2 * n]);
    (step.cells.iter().copied())
        .filter(|&c| in_houses(board, c, cover) == 0 || in_houses(board, c, base) > 1)
        .collect()
}

/// How many of `houses` hold `cell`.
pub(crate) fn in_houses(board: &Board, cell: usize, houses: &[usize]) -> usize {
    let of = board.geometry().houses_of(cell);
    houses.iter().filter(|&&h| of.contains(&(h as u16))).count()
}
