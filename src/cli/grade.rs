//! `sudoku-lab grade`: how hard every puzzle is for a person — score, level, the hardest
//! technique needed, and whether it needs guessing.

use std::ffi::OsString;

use clap::Args;
use sudoku_lab::logic::{grade as grade_puzzle, GradeReport, Path, Techniques};
use sudoku_lab::{EngineKind, Options, Status};

use super::answers::{invalid_line, name};
use super::args::{difficulty_words, listed, Choice, InputArgs, Output, ThreadArgs};
use super::batch::Puzzles;
use super::exit::{exit_code, Failure};
use super::input::Input;
use super::output::Sink;

/// How hard every puzzle is for a person: score, level, hardest technique
#[derive(Args, Debug)]
#[command(long_about = about(), after_help = EXIT)]
pub struct GradeArgs {
    /// The puzzles (stdin when left out or '-')
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    /// Write one line of text per puzzle, or one JSON object
    ///
    /// json: {"puzzle": K, "score": 4.2, "level": "hard", "hardest": "xy_wing",
    /// "hardest_steps": 1, "needs_guessing": false, "guesses": 0, "steps": {"hidden_single":
    /// 31, …}}; a puzzle not graded is {"puzzle": K, "status": "..."}. With --steps also
    /// "path": [{"technique", "title", "rating", "placements", "eliminations", "cells",
    /// "houses", "digits", "relations", "sentence"}, …] and "path_end": "solved", "stuck", …
    #[arg(long, value_name = "O", default_value_t = Output::Text,
          value_parser = Choice::<Output>::new("an output"))]
    output: Output,
    /// Also write each puzzle's path, step by step
    ///
    /// Under each grade line, one step a line — its technique, rating and sentence, as a hint
    /// says it — then how the path ends (solved, or stuck where the next move is a guess):
    /// the list to compare with HoDoKu's solution path.
    #[arg(long)]
    steps: bool,
    #[command(flatten)]
    threads: ThreadArgs,
    #[command(flatten)]
    input: InputArgs,
}

/// The long help, naming the levels from their list.
fn about() -> String {
    format!(
        "{ABOUT}\n\nLevels: {}. docs/src/techniques.md lists every technique and its \
         rating.\n\n{STEPS}\n\n{NOT_GRADED}",
        listed(difficulty_words)
    )
}

const ABOUT: &str = "\
Grades every puzzle of FILE (stdin when left out or '-') by the techniques a person needs, \
one line per puzzle: the score, the level, and the hardest technique with how many steps \
used it — or, when the library's techniques stop short, the guesses a search needs from \
there:

  2.3 easy naked_single×12
  4.2 hard xy_wing×1
  9.4 guessing 4 guesses (after dynamic_forcing_chain×2)

The score follows Sudoku Explainer's scale where a technique has an SE rating (hidden \
single 1.2–1.5, direct pointing 1.7, direct hidden pair 2.0, naked single 2.3, pointing 2.6, naked pair 3.0, X-wing 3.2, XY-wing 4.2, \
jellyfish 5.2, X-chain 6.5, AIC 7.0, forcing chains 8.0–8.5 and up with length); a puzzle the \
techniques cannot finish needs guessing and scores 9.0 (or above its hardest step), a tenth \
more per guess.";

const STEPS: &str = "\
With --steps each grade line is followed by the path the grade follows:

  1.2 easy hidden_single×30
    1. hidden single (1.2): In block 2, 8 has one place left, so 8 goes in r1c6.
    …
    51. full house (1.0): r9c7 is the last open cell of block 9, so 1 goes in r9c7.
    solved";

const NOT_GRADED: &str = "\
A puzzle without exactly one solution is not graded: its line says 'not unique' or 'no \
solution'. A bad puzzle is named on stderr as 'FILE:LINE:COL: puzzle K: what' and its line \
says 'invalid'.";

const EXIT: &str = "\
Exit status: 0 every puzzle graded, 1 some puzzle has no unique solution, 2 some input was \
bad (2 wins over 1) or bad usage, 3 internal error.";

pub fn grade(args: GradeArgs) -> Result<u8, Failure> {
    let json = args.output == Output::Json;
    let with_path = args.steps;
    let chosen = args.input.format();
    let read_options = args.input.read_options();
    let threads = args.threads.count();
    let file = args.file.as_ref();

    let input = Input::read(file)?;
    let format = input.format(chosen)?;
    let mut puzzles = Puzzles::new(
        &input,
        format,
        read_options,
        EngineKind::Propagate,
        Options::default(),
        threads,
    );
    let mut sink = Sink::new();
    let mut ungraded = false;
    let invalid = |error: &sudoku_lab::formats::InputError| invalid_line(json, error);
    while let Some((entry, solved)) = puzzles.next_good(&mut sink, invalid)? {
        let line = if solved.status == Status::Unique {
            let grade = GradeReport::of(&grade_puzzle(
                &entry.puzzle,
                Techniques::GRADED.with_uniqueness(),
            ));
            let path =
                with_path.then(|| Path::of(&entry.puzzle, Techniques::GRADED.with_uniqueness()));
            if json {
                let line = Numbered {
                    puzzle: entry.number,
                    grade: &grade,
                    path: path.as_ref().map(|p| &p.steps),
                    path_end: path.as_ref().map(|p| p.end),
                };
                let object = serde_json::to_string(&line)
                    .map_err(|e| Failure::Internal(format!("a grade does not serialize: {e}")))?;
                format!("{object}\n")
            } else {
                let steps = path.as_ref().map(Path::lines).unwrap_or_default();
                format!("{}\n{steps}", grade.line())
            }
        } else {
            ungraded = true;
            let status = match solved.status {
                Status::Unsolvable => "no solution",
                Status::LimitReached => "node limit reached",
                _ => "not unique",
            };
            sink.note(format_args!("{}: {status}: not graded", name(entry)));
            if json {
                format!(
                    "{}\n",
                    serde_json::json!({"puzzle": entry.number, "status": solved.status.name()})
                )
            } else {
                format!("{status}\n")
            }
        };
        if !sink.write(&line)? {
            break;
        }
    }
    sink.flush()?;
    Ok(exit_code(puzzles.bad, ungraded))
}

/// One line of `--output json`: the puzzle's number, then its grade (and with `--steps`
/// its path).
#[derive(serde::Serialize)]
struct Numbered<'a> {
    puzzle: usize,
    #[serde(flatten)]
    grade: &'a GradeReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a Vec<sudoku_lab::logic::StepReport>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_end: Option<sudoku_lab::logic::PathEnd>,
}
