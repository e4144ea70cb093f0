//! `sudoku-lab check`: verify an answer file against its puzzles without trusting the solver.

use std::ffi::OsString;

use serde_json::Value;
use sudoku_lab::formats::{self, Entry, Format, InputError, JsonPuzzle, ReadOptions};

use super::args::{self, Spec};
use super::input::Input;
use super::output::{self, Sink};
use super::{Failure, EXIT_OK, EXIT_UNSOLVED};

pub const HELP: &str = "\
Usage: sudoku-lab check [OPTIONS] PUZZLES ANSWERS

Pairs the puzzles of PUZZLES with the answers of ANSWERS in order and verifies each answer
on its own (every cell a digit, givens kept, houses all different, relations satisfied),
without running the solver. Prints 'puzzle K: ok' or what is wrong, then a total line.
One of the two may be '-' for stdin.

Answers are read in the puzzles' format; CQOI and picture answers (N lines of N numbers)
are read as grids, and JSON answers may be the objects 'sudoku-lab solve' writes.

Options:
  --format F        puzzle format: line, grid, poj3074, poj3076, cqoi, picture, json, auto
  --kind K          classic, inequality, futoshiki or auto
  --alphabet A      digits, letters, alnum, hex, numbers or auto
  -h, --help        show this help

Exit status: 0 every answer correct, 1 some answer wrong or missing, 2 unreadable input,
or not as many answers as puzzles, 3 internal error.
";

const SPEC: Spec = Spec::new("check", &["format", "kind", "alphabet"], &[]);

pub fn check(args: Vec<OsString>) -> Result<u8, Failure> {
    let parsed = args::parse(args, &SPEC)?;
    if parsed.help {
        output::print(HELP)?;
        return Ok(EXIT_OK);
    }
    let chosen = parsed.format("format", SPEC.command)?;
    let read_options = parsed.read_options(SPEC.command)?;
    let [puzzles_file, answers_file] = parsed.positional.as_slice() else {
        return Err(Failure::usage(
            format!(
                "'check' needs two files, PUZZLES and ANSWERS; got {}",
                parsed.positional.len()
            ),
            SPEC.command,
        ));
    };
    if puzzles_file == "-" && answers_file == "-" {
        return Err(Failure::usage(
            "only one of PUZZLES and ANSWERS can be stdin ('-')",
            SPEC.command,
        ));
    }
    let puzzle_input = Input::read(Some(puzzles_file))?;
    let answer_input = Input::read(Some(answers_file))?;
    let format = puzzle_input.format(chosen)?;
    let mut puzzles = formats::read(&puzzle_input.text, format, read_options);
    let mut answers: Option<Answers<'_>> = None;
    let mut sink = Sink::new();
    let mut line = String::new();
    let (mut checked, mut correct) = (0usize, 0usize);
    let mut mismatch = None;
    while let Some(puzzle) = puzzles.next() {
        let puzzle = match puzzle {
            Ok(puzzle) => puzzle,
            Err(e) => {
                sink.flush()?;
                return Err(puzzle_input.error(&e));
            }
        };
        // Built on the first puzzle, whose alphabet the answers are most likely written in.
        let answers = answers
            .get_or_insert_with(|| Answers::new(&answer_input, format, read_options, &puzzle));
        let answer = match answers.next(&puzzle) {
            Some(Ok(answer)) => answer,
            Some(Err(failure)) => {
                sink.flush()?;
                return Err(failure);
            }
            None => {
                let rest = puzzles.try_fold(1usize, |n, p| p.map(|_| n + 1));
                let total = checked + rest.map_err(|e| puzzle_input.error(&e))?;
                mismatch = Some(format!(
                    "{}: {checked} answers for {total} puzzles in {}",
                    answer_input.name, puzzle_input.name
                ));
                break;
            }
        };
        checked += 1;
        line.clear();
        line.push_str(&format!("puzzle {}: ", puzzle.number));
        match answer.verdict(&puzzle, &answer_input.name) {
            None => {
                correct += 1;
                line.push_str("ok\n");
            }
            Some(wrong) => {
                line.push_str(&wrong);
                line.push('\n');
            }
        }
        if !sink.write(&line)? {
            // The reader has gone; the verdict so far is all there is.
            return Ok(if correct == checked {
                EXIT_OK
            } else {
                EXIT_UNSOLVED
            });
        }
    }
    if checked == 0 && mismatch.is_none() {
        return Err(Failure::Input(format!(
            "{}:1:1: the input holds no puzzle",
            puzzle_input.name
        )));
    }
    if mismatch.is_none() {
        if let Some(answers) = answers.as_mut() {
            let extra = answers.remaining()?;
            if extra > 0 {
                mismatch = Some(format!(
                    "{}: {} answers for {checked} puzzles in {}",
                    answer_input.name,
                    checked + extra,
                    puzzle_input.name
                ));
            }
        }
    }
    let total = format!("{correct} of {checked} answers are correct\n");
    if sink.write(&total)? {
        sink.flush()?;
    }
    if let Some(message) = mismatch {
        return Err(Failure::Input(message));
    }
    Ok(if correct == checked {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    })
}

/// One answer: its grid (`None`: the answer file says there is none) and where it is.
struct Answer {
    grid: Option<Vec<u8>>,
    /// The answer as read, to point at a cell; `None` for JSON answers.
    entry: Option<Entry>,
    pos: formats::Pos,
}

impl Answer {
    /// `None` when the answer is right, else what is wrong and where.
    fn verdict(&self, puzzle: &Entry, file: &str) -> Option<String> {
        let Some(grid) = &self.grid else {
            return Some(format!("no answer ({file}:{})", self.pos));
        };
        let problem = puzzle.puzzle.check_answer(grid).err()?;
        let pos = self
            .entry
            .as_ref()
            .map_or(self.pos, |entry| entry.locate(&problem));
        Some(format!("{problem} ({file}:{pos})"))
    }
}

/// The answers of an answer file, read as the puzzles' format family allows.
enum Answers<'a> {
    Text {
        input: &'a Input,
        entries: Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a>,
    },
    Json {
        input: &'a Input,
        values: Box<dyn Iterator<Item = Result<(Value, usize), Failure>> + 'a>,
        cursor: Cursor,
    },
}

impl<'a> Answers<'a> {
    fn new(input: &'a Input, format: Format, options: ReadOptions, first: &Entry) -> Answers<'a> {
        let json = input
            .text
            .trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
        let format = if json.starts_with(['{', '[']) {
            // What `solve --output json` writes answers any format's puzzles.
            Format::Json
        } else {
            format
        };
        let (format, options) = match format {
            // Their answers are grids of numbers, not relation pictures.
            Format::Cqoi | Format::Picture => (Format::Grid, options),
            Format::Json => {
                return Answers::Json {
                    input,
                    values: json_values(input),
                    cursor: Cursor::default(),
                }
            }
            same => (
                same,
                ReadOptions {
                    alphabet: options.alphabet.or(Some(first.alphabet)),
                    ..options
                },
            ),
        };
        Answers::Text {
            input,
            entries: formats::read(&input.text, format, options),
        }
    }

    fn next(&mut self, puzzle: &Entry) -> Option<Result<Answer, Failure>> {
        match self {
            Answers::Text { input, entries } => Some(match entries.next()? {
                Ok(entry) => Ok(Answer {
                    grid: Some(entry.puzzle.givens().to_vec()),
                    pos: entry.pos,
                    entry: Some(entry),
                }),
                Err(e) => Err(input.error(&e)),
            }),
            Answers::Json {
                input,
                values,
                cursor,
            } => Some(values.next()?.and_then(|(value, start)| {
                let pos = cursor.advance(&input.text, start);
                json_answer(value, puzzle)
                    .map(|grid| Answer {
                        grid,
                        entry: None,
                        pos,
                    })
                    .map_err(|message| Failure::Input(format!("{}:{pos}: {message}", input.name)))
            })),
        }
    }

    /// How many answers are left; unreadable ones are errors.
    fn remaining(&mut self) -> Result<usize, Failure> {
        let mut n = 0;
        match self {
            Answers::Text { input, entries } => {
                for entry in entries {
                    entry.map_err(|e| input.error(&e))?;
                    n += 1;
                }
            }
            Answers::Json { values, .. } => {
                for value in values {
                    value?;
                    n += 1;
                }
            }
        }
        Ok(n)
    }
}

/// The top-level JSON values of `input` and the byte each starts at: the elements of one
/// array, or a stream of values.
fn json_values(input: &Input) -> Box<dyn Iterator<Item = Result<(Value, usize), Failure>> + '_> {
    let text = input.text.trim_start_matches('\u{feff}');
    let skipped = input.text.len() - text.len();
    let start = text.len() - text.trim_start().len();
    let bad = move |e: serde_json::Error| {
        Failure::Input(format!("{}:{}:{}: {e}", input.name, e.line(), e.column()))
    };
    if text[start..].starts_with('[') {
        return match serde_json::from_str::<Vec<Value>>(text) {
            Ok(values) => Box::new(values.into_iter().map(move |v| Ok((v, skipped + start)))),
            Err(e) => Box::new(std::iter::once(Err(bad(e)))),
        };
    }
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut failed = false;
    Box::new(std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let before = stream.byte_offset();
        let rest = &text[before..];
        let begin = before + (rest.len() - rest.trim_start().len());
        match stream.next()? {
            Ok(value) => Some(Ok((value, skipped + begin))),
            Err(e) => {
                failed = true;
                Some(Err(bad(e)))
            }
        }
    }))
}

/// A JSON answer's grid: the `solution` of a `sudoku-lab solve` object (`null` when there
/// is none), or the `givens` of a puzzle object with every cell filled.
fn json_answer(mut value: Value, puzzle: &Entry) -> Result<Option<Vec<u8>>, String> {
    let Some(object) = value.as_object_mut() else {
        return Err("an answer is a JSON object with a \"solution\" or \"givens\"".to_string());
    };
    if !object.contains_key("givens") {
        match object.remove("solution") {
            None | Some(Value::Null) => return Ok(None),
            Some(solution) => {
                object.insert("givens".to_string(), solution);
            }
        }
    }
    object
        .entry("size")
        .or_insert_with(|| Value::from(puzzle.puzzle.size()));
    let answer: JsonPuzzle = serde_json::from_value(value).map_err(|e| e.to_string())?;
    let options = ReadOptions {
        kind: Some(puzzle.puzzle.kind()),
        alphabet: Some(puzzle.alphabet),
    };
    let (grid, _) = JsonPuzzle {
        relations: Vec::new(),
        ..answer
    }
    .to_puzzle(options)
    .map_err(|p| p.message)?;
    Ok(Some(grid.givens().to_vec()))
}

/// Line and column of byte offsets met in increasing order, without rescanning the text.
#[derive(Default)]
struct Cursor {
    byte: usize,
    line: u32,
    col: u32,
}

impl Cursor {
    fn advance(&mut self, text: &str, to: usize) -> formats::Pos {
        if self.line == 0 {
            (self.line, self.col) = (1, 1);
        }
        let to = to.min(text.len());
        if to >= self.byte {
            for ch in text.get(self.byte..to).unwrap_or("").chars() {
                if ch == '\n' {
                    self.line = self.line.saturating_add(1);
                    self.col = 1;
                } else {
                    self.col = self.col.saturating_add(1);
                }
            }
            self.byte = to;
        }
        formats::Pos::new(self.line, self.col)
    }
}
