//! Grades: how hard a puzzle is for a person — the hardest technique it needs (and how
//! often), a score on a Sudoku-Explainer-like scale, a level name, and whether the library's
//! techniques are not enough and it needs guessing.

use crate::puzzle::Puzzle;
use crate::search::options::Options;
use crate::search::plain::solve_propagate;

use super::board::Board;
use super::simplest::{solve_steps, Ending};
use super::technique::{Technique, Techniques};

named! {
    /// A puzzle's level, by its score (docs/src/techniques.md): easy — singles, relation,
    /// chain, marker and negative bounds, direct pointing, claiming and hidden pairs, at most
    /// 2.3; medium — direct hidden triples, marker pairs, intersections and house bounds, at
    /// most 2.9;
    /// hard — pairs, triples, X-wing, swordfish, XY- and XYZ-wings, unique rectangles, at most
    /// 4.5; expert — quads, jellyfish, BUG+1, short X- and XY-chains (Sudoku Explainer's turbot
    /// fish: skyscrapers, kites), at most 6.6; extreme — longer chains and forcing chains
    /// (the grade's way, as Sudoku Explainer's, to what the hints call finned fish, colours or
    /// almost locked sets: [`Technique::graded`]); guessing — no technique of the library
    /// finishes it.
    pub enum Level {
        Easy = "easy", Medium = "medium", Hard = "hard", Expert = "expert",
        Extreme = "extreme", Guessing = "guessing",
    }
}

impl Level {
    /// The level of a score in tenths, for a puzzle that needs no guessing.
    pub fn of(score: u32) -> Level {
        match score {
            0..=23 => Level::Easy,
            24..=29 => Level::Medium,
            30..=45 => Level::Hard,
            46..=66 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The techniques that solve a puzzle of this level or an easier one (the graded ones,
    /// [`Techniques::GRADED`], rated up to the level's highest score); `None` for guessing, which no set of techniques finishes.
    pub fn techniques(self) -> Option<Techniques> {
        let ceiling = match self {
            Level::Easy => 23,
            Level::Medium => 29,
            Level::Hard => 45,
            Level::Expert => 66,
            Level::Extreme => return Some(Techniques::GRADED),
            Level::Guessing => return None,
        };
        Some(Techniques::up_to(ceiling).within(Techniques::GRADED))
    }
}

/// The most steps a grade takes before it calls the rest guessing: every step removes a
/// candidate or places a digit, so a 25×25 puzzle needs at most 25³ = 15,625.
pub const MAX_STEPS: usize = 20_000;

/// The least score of a puzzle that needs guessing, in tenths.
pub const GUESSING_SCORE: u32 = 90;

/// How hard a puzzle is, by the techniques a person needs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The score in tenths: the hardest step's rating, and for a puzzle that needs guessing
    /// 9.0 (or a tenth above its hardest step, if that is more) plus a tenth for each guess a
    /// search needs from where the techniques stop.
    pub score: u32,
    pub level: Level,
    /// The hardest technique used (none for a puzzle with nothing to deduce).
    pub hardest: Option<Technique>,
    /// Its rating in tenths (the score of a puzzle that needs no guessing).
    pub hardest_rating: u32,
    /// How many steps used the hardest technique.
    pub hardest_steps: usize,
    /// Steps taken by technique.
    pub steps: [u32; Technique::COUNT],
    /// Whether the techniques stopped short of the solution.
    pub needs_guessing: bool,
    /// Guesses a search needed from where the techniques stopped (0 when they finish).
    pub guesses: u64,
}

/// Grades `puzzle` with `allowed` techniques — [`Techniques::GRADED`] for a score on Sudoku
/// Explainer's scale, as the CLI, the page and the generator grade. The puzzle must be
/// valid; a grade says nothing of uniqueness (the caller checks it, and only then may allow
/// the techniques that rely on it: [`Techniques::with_uniqueness`] — the CLI's and the
/// page's grades do).
pub fn grade(puzzle: &Puzzle, allowed: Techniques) -> Grade {
    let mut steps = [0u32; Technique::COUNT];
    let mut hardest: Option<(u32, Technique)> = None;
    let size = puzzle.size();
    // How the techniques ended, and the guesses a search needs from there.
    let (needs_guessing, guesses) = match Board::new(puzzle) {
        Ok(mut board) => {
            let ending = solve_steps(&mut board, allowed, MAX_STEPS, |step, _| {
                steps[step.technique as usize] += 1;
                let r = step.rating(size);
                if hardest.is_none_or(|(h, _)| r > h) {
                    hardest = Some((r, step.technique));
                }
            });
            match ending {
                Ending::Solved => (false, 0),
                _ => (true, guesses_from(puzzle, board.values().to_vec())),
            }
        }
        Err(_) => (true, 0),
    };
    let base = hardest.map_or(0, |(r, _)| r);
    // A puzzle the techniques cannot finish is harder than any step they took: 9.0 at least
    // (where Sudoku Explainer puts what dynamic forcing chains do not finish) and above its
    // hardest step, then a tenth per guess.
    let score = if needs_guessing {
        GUESSING_SCORE.max(base + 1) + guesses.min(100) as u32
    } else {
        base
    };
    let hardest_technique = hardest.map(|(_, t)| t);
    Grade {
        score,
        level: if needs_guessing {
            Level::Guessing
        } else {
            Level::of(score)
        },
        hardest: hardest_technique,
        hardest_rating: base,
        hardest_steps: hardest_technique.map_or(0, |t| steps[t as usize] as usize),
        steps,
        needs_guessing,
        guesses,
    }
}

/// The guesses the default engine needs to solve `puzzle` with `values` placed.
fn guesses_from(puzzle: &Puzzle, values: Vec<u8>) -> u64 {
    let Ok(partial) = Puzzle::new(
        puzzle.kind(),
        puzzle.size(),
        values,
        puzzle.relations().to_vec(),
    )
    .and_then(|p| p.with_markers(puzzle.markers().to_vec(), puzzle.negative().to_vec())) else {
        return 0;
    };
    let options = Options {
        solution_limit: 1,
        ..Options::default()
    };
    solve_propagate(&partial, options).map_or(0, |o| o.stats.guesses)
}
