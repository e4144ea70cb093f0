//! [`Path`]: the steps a person takes through a puzzle, simplest first, as the grader takes
//! them — the list a player compares with another program's solution path (HoDoKu's, Sudoku
//! Explainer's), each step with its technique, cells and sentence, and how the path ends.

use serde::Serialize;

use crate::puzzle::Puzzle;

use super::board::Board;
use super::grade::MAX_STEPS;
use super::report::StepReport;
use super::simplest::{solve_steps, Ending};
use super::technique::Techniques;

/// How a path ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PathEnd {
    /// Every cell is placed.
    Solved,
    /// No allowed technique applies: the next move is a guess.
    Stuck,
    /// The puzzle breaks a rule (it has no solution), found by a step or at the start.
    Broken,
    /// [`MAX_STEPS`] steps were taken.
    Budget,
}

impl PathEnd {
    /// The end in words, for a line of text.
    pub fn words(self) -> &'static str {
        match self {
            PathEnd::Solved => "solved",
            PathEnd::Stuck => "stuck: no technique applies, the next move is a guess",
            PathEnd::Broken => "broken: the puzzle has no solution",
            PathEnd::Budget => "stopped after the most steps a path takes",
        }
    }
}

/// The steps, in order, and how they end.
#[derive(Clone, Debug, Serialize)]
pub struct Path {
    pub steps: Vec<StepReport>,
    pub end: PathEnd,
}

impl Path {
    /// The path through `puzzle` with `allowed` techniques (the grader's: at most
    /// [`MAX_STEPS`] steps, each said on the board it applies to).
    pub fn of(puzzle: &Puzzle, allowed: Techniques) -> Path {
        let Ok(mut board) = Board::new(puzzle) else {
            return Path {
                steps: Vec::new(),
                end: PathEnd::Broken,
            };
        };
        let mut steps = Vec::new();
        let ending = solve_steps(&mut board, allowed, MAX_STEPS, |step, board| {
            steps.push(StepReport::of(step, board));
        });
        let end = match ending {
            Ending::Solved => PathEnd::Solved,
            Ending::Stuck => PathEnd::Stuck,
            Ending::Broken => PathEnd::Broken,
            Ending::Budget => PathEnd::Budget,
        };
        Path { steps, end }
    }

    /// The path as text: one line per step, `  12. naked pair (3.0): <sentence>`, then its end.
    pub fn lines(&self) -> String {
        let mut text = String::new();
        for (i, step) in self.steps.iter().enumerate() {
            text.push_str(&format!(
                "  {}. {} ({:.1}): {}\n",
                i + 1,
                step.title,
                step.rating,
                step.sentence
            ));
        }
        text.push_str(&format!("  {}\n", self.end.words()));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_lists_every_step_until_the_grid_is_solved() {
        // Wikipedia's example: singles alone finish it.
        let puzzle = Puzzle::classic(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
                .bytes()
                .map(|b| b - b'0')
                .collect(),
        )
        .unwrap();
        let path = Path::of(&puzzle, Techniques::ALL);
        assert_eq!(path.end, PathEnd::Solved);
        let placed: usize = path.steps.iter().map(|s| s.placements.len()).sum();
        assert_eq!(placed, 81 - 30, "every empty cell is placed once");
        let text = path.lines();
        assert!(text.starts_with("  1. "), "{text}");
        assert!(text.ends_with("  solved\n"), "{text}");
        assert_eq!(text.lines().count(), path.steps.len() + 1);
    }

    #[test]
    fn a_path_that_runs_out_of_techniques_says_the_next_move_is_a_guess() {
        // No givens at all: nothing to deduce.
        let puzzle = Puzzle::classic(vec![0; 16]).unwrap();
        let path = Path::of(&puzzle, Techniques::ALL);
        assert!(path.steps.is_empty());
        assert_eq!(path.end, PathEnd::Stuck);
        assert!(path.lines().contains("the next move is a guess"));
    }
}
