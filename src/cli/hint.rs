//! `sudoku-lab hint`: the next thing to do from where a player is — a wrong entry, a pencil
//! mark that lost its digit, or the simplest next step, at three levels of help.

use std::ffi::OsString;

use clap::Args;
use sudoku_lab::formats::{self, InputError, Pos, ReadOptions};
use sudoku_lab::logic::{
    check_state, hint as find_hint, read_marks, HintReport, PlayerState, Reveal,
};

use super::args::{Choice, InputArgs, Output, Shaped, Whole};
use super::exit::{Failure, EXIT_OK};
use super::input::Input;
use super::output;

/// The next step from a player's entries and pencil marks
#[derive(Args, Debug)]
#[command(long_about = ABOUT, after_help = EXIT)]
pub struct HintArgs {
    /// The puzzle (stdin when left out or '-')
    #[arg(value_name = "PUZZLE")]
    file: Option<OsString>,
    /// The player's digits: a file, or the text itself
    ///
    /// In the puzzle's symbols, in the line or grid format (givens may be repeated or left
    /// empty).
    #[arg(long, value_name = "GRID", value_parser = Shaped::text())]
    entries: Option<String>,
    /// The player's pencil marks: a file, or the text itself
    ///
    /// One token per cell in reading order: '.' for none, else the digits (137; above 9×9,
    /// numbers separated by commas: 1,10,12); '|' and rule lines are ignored.
    #[arg(long, value_name = "FILE", value_parser = Shaped::text())]
    marks: Option<String>,
    /// How much the hint gives away
    #[arg(long, value_name = "R", default_value_t = Reveal::default(),
          value_parser = Choice::<Reveal>::described("a level of help", reveal_words))]
    reveal: Reveal,
    /// Write the hint as text, or as one JSON object
    ///
    /// json: {"kind": "step", "technique", "placements": [["r1c1", 5], …], "eliminations":
    /// [["r2c3", 7], …], "cells", "houses", "relations", "sentence", "hint", …}; kind is
    /// wrong_entry, missing_mark, step, guess or solved.
    #[arg(long, value_name = "O", default_value_t = Output::Text,
          value_parser = Choice::<Output>::new("an output"))]
    output: Output,
    /// Hint on the K-th puzzle of the input
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = Whole::at_most(u64::MAX))]
    puzzle: u64,
    #[command(flatten)]
    input: InputArgs,
}

/// What each level of help shows (a new level fails to compile until it has its words).
pub(super) fn reveal_words(reveal: Reveal) -> &'static str {
    match reveal {
        Reveal::Technique => "which technique, and where to look",
        Reveal::Cells => "also which cells make the pattern",
        Reveal::Step => "the whole step: what it places or removes, and why",
        _ => "",
    }
}

const ABOUT: &str = "\
Says what to do next on ONE puzzle of the file PUZZLE (stdin when left out or '-'), the \
first or the one --puzzle picks, from the player's entries and pencil marks. In order:

  1. an entry that is wrong: it breaks a rule (the same digit in a house, a
     relation that does not hold) or differs from the unique solution — which, and why;
  2. a cell whose pencil marks have lost its true digit;
  3. the simplest next step from the player's grid (the entries placed, the marks
     taken as the candidates where a cell has any), at the level of help --reveal
     asks for.

  $ sudoku-lab hint --reveal technique puzzle.txt
  Look for a naked pair in row 4.

Hints need a puzzle with exactly one solution.";

const EXIT: &str = "Exit status: 0 a hint was given, 2 bad input or usage, 3 internal error.";

pub fn hint(args: HintArgs) -> Result<u8, Failure> {
    let json = args.output == Output::Json;
    let reveal = args.reveal;
    let (input, entry) = Input::one_puzzle(args.file.as_ref(), &args.input, args.puzzle as usize)?;
    let puzzle = &entry.puzzle;

    let mut state = PlayerState::default();
    // Where the player's state came from, for its own errors.
    let mut source = String::new();
    if let Some(value) = &args.entries {
        let given = Given::of(value)?;
        let options = ReadOptions {
            kind: Some(puzzle.kind()),
            alphabet: Some(entry.alphabet),
        };
        let described = |e: &InputError| given.fail(Some(e.pos), &e.message);
        let entries_format = formats::detect(&given.text).map_err(|e| described(&e))?;
        let grid = formats::read(&given.text, entries_format, options)
            .next()
            .ok_or_else(|| given.fail(None, "no entries"))?
            .map_err(|e| described(&e))?;
        if grid.puzzle.size() != puzzle.size() {
            let sizes = (grid.puzzle.size(), puzzle.size());
            let message = format!(
                "the entries are {0}×{0}; the puzzle is {1}×{1}",
                sizes.0, sizes.1
            );
            return Err(given.fail(None, &message));
        }
        state.entries = grid.puzzle.givens().to_vec();
        source = given.name;
    }
    if let Some(value) = &args.marks {
        let given = Given::of(value)?;
        let marks = read_marks(&given.text, puzzle.size())
            .map_err(|e| given.fail(Some(e.pos), &e.message))?;
        state.marks = Some(marks);
    }
    check_state(puzzle, &state)
        .map_err(|problem| Failure::Input(format!("{source}: {}", problem.message)))?;
    let (found, board) =
        find_hint(puzzle, &state).map_err(|problem| input.error(&entry.input_error(problem)))?;
    let report = HintReport::of(&found, &board, reveal);
    let text = if json {
        serde_json::to_string(&report)
            .map_err(|e| Failure::Internal(format!("a hint does not serialize: {e}")))?
    } else {
        report.text().to_string()
    };
    output::print(&format!("{text}\n"))?;
    Ok(EXIT_OK)
}

/// The value of `--entries` or `--marks`: the text of the file of that name if there is
/// one, else the value itself (a grid or marks typed on the command line), and the name to
/// use in messages. A value with a path separator is always a file (no grid or marks has
/// `/` or `\`): one that does not exist is "cannot open", not text that does not read.
struct Given {
    name: String,
    text: String,
    /// The value, when it is one word that reads like a file name (`entries.txt`) but names
    /// no file: it is read as text, and if that fails the missing file is said first.
    missing: Option<String>,
}

impl Given {
    fn of(value: &str) -> Result<Given, Failure> {
        let separator = value.contains('/') || value.contains(std::path::MAIN_SEPARATOR);
        if std::path::Path::new(value).is_file() || (separator && !value.contains('\n')) {
            let input = Input::read(Some(&OsString::from(value)))?;
            return Ok(Given {
                name: input.name,
                text: input.text,
                missing: None,
            });
        }
        Ok(Given {
            name: "<argument>".to_string(),
            text: value.to_string(),
            missing: like_a_file_name(value).then(|| formats::escape(value)),
        })
    }

    /// The text does not read as what it should be: `NAME:LINE:COL: message` (`NAME:
    /// message` without a place), after the missing file when the value looked like one.
    fn fail(&self, pos: Option<Pos>, message: &str) -> Failure {
        let place = pos.map_or(String::new(), |p| format!(":{p}"));
        let said = format!("{}{place}: {message}", self.name);
        Failure::Input(match &self.missing {
            Some(path) => format!("{path}: cannot open: no such file (and as text, {said})"),
            None => said,
        })
    }
}

/// True for one word with a file extension of lowercase letters and digits
/// (`entries.txt`): it may still be a grid (letters are symbols too), so it is only a hint.
fn like_a_file_name(value: &str) -> bool {
    let word = !value.is_empty() && !value.chars().any(char::is_whitespace);
    let extension = value.rsplit_once('.').map_or("", |(_, e)| e);
    word && (1..=8).contains(&extension.len())
        && extension
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && extension.chars().any(|c| c.is_ascii_lowercase())
}
