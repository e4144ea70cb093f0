//! Reading the input: a file or stdin, whole, under a size limit, checked to be UTF-8 text.

use super::args::InputArgs;
use super::exit::Failure;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};

use sudoku_lab::formats::{self, escape, Entry, Format, InputError, ReadOptions};
use sudoku_lab::{EngineKind, Problem};

/// A whole input text and the name messages call it by.
pub struct Input {
    /// The path as given (its unsafe chars escaped), or `<stdin>`.
    pub name: String,
    pub text: String,
}

impl Input {
    /// Reads `file`, or stdin when it is `None` or `-`.
    pub fn read(file: Option<&OsString>) -> Result<Input, Failure> {
        match file {
            Some(path) if path != "-" => {
                let name = escape(&path.to_string_lossy());
                let file = File::open(path)
                    .map_err(|e| Failure::Input(format!("{name}: cannot open: {e}")))?;
                // The whole file in one buffer of its size, as `fs::read` does, not one grown
                // step by step (`take` hides the size from `read_to_end`).
                let size = file.metadata().map_or(0, |m| m.len());
                Input::from_reader(name, file, size)
            }
            _ => Input::from_reader("<stdin>".to_string(), io::stdin().lock(), 0),
        }
    }

    /// Reads `reader` whole; `size` (what the file says it holds) is a hint, not a limit.
    fn from_reader(name: String, reader: impl Read, size: u64) -> Result<Input, Failure> {
        let limit = formats::MAX_INPUT_BYTES as u64 + 1;
        let mut bytes = Vec::with_capacity(size.min(limit) as usize);
        // One byte past the limit tells "exactly the limit" from "more".
        reader
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Input(format!("{name}: cannot read: {e}")))?;
        if bytes.len() > formats::MAX_INPUT_BYTES {
            return Err(Failure::Input(format!(
                "{name}: the input is larger than {} MiB, the most sudoku-lab reads",
                formats::MAX_INPUT_BYTES >> 20
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            // The prefix before the first bad byte is valid UTF-8, so this cannot fail.
            let before = std::str::from_utf8(valid).unwrap_or_default();
            let pos = formats::pos_at(before, before.len());
            Failure::Input(format!("{name}:{pos}: the input is not UTF-8 text"))
        })?;
        Ok(Input { name, text })
    }

    /// `NAME:LINE:COL: puzzle K: message`, or without `puzzle K: ` for an error about the
    /// input as a whole.
    pub fn describe(&self, error: &InputError) -> String {
        self.describe_as(error, "puzzle")
    }

    /// [`Input::describe`] calling the numbered things `noun` (`answer 3`).
    pub fn describe_as(&self, error: &InputError, noun: &str) -> String {
        match error.puzzle {
            Some(k) => format!("{}:{}: {noun} {k}: {}", self.name, error.pos, error.message),
            None => format!("{}:{error}", self.name),
        }
    }

    /// [`Input::describe`] as a failure.
    pub fn error(&self, error: &InputError) -> Failure {
        Failure::Input(self.describe(error))
    }

    /// Reads `file` (stdin when it is `None` or `-`) and its `number`-th puzzle, read as `args`
    /// say: the one puzzle `trace`, `compare` and `hint` work on (see [`Input::puzzle`]).
    pub fn one_puzzle(
        file: Option<&OsString>,
        args: &InputArgs,
        number: usize,
    ) -> Result<(Input, Entry), Failure> {
        let input = Input::read(file)?;
        let format = input.format(args.format())?;
        let entry = input.puzzle(format, args.read_options(), number)?;
        Ok((input, entry))
    }

    /// The format named on the command line, else the one detected.
    pub fn format(&self, chosen: Option<Format>) -> Result<Format, Failure> {
        match chosen {
            Some(format) => Ok(format),
            None => formats::detect(&self.text).map_err(|e| self.error(&e)),
        }
    }

    /// The `number`-th puzzle (1-based, bad puzzles counted) of the text, validated: the one
    /// puzzle `trace` and `compare` work on. Only the puzzles up to it are read, and only its
    /// own problems are errors: a bad puzzle before it is not its business.
    pub fn puzzle(
        &self,
        format: Format,
        options: ReadOptions,
        number: usize,
    ) -> Result<Entry, Failure> {
        let mut read = 0;
        for item in formats::read(&self.text, format, options) {
            let k = match &item {
                Ok(entry) => entry.number,
                Err(e) => match e.puzzle {
                    Some(k) => k,
                    None => continue,
                },
            };
            read = read.max(k);
            if k < number {
                continue;
            }
            let entry = item.map_err(|e| self.error(&e))?;
            entry
                .puzzle
                .validate()
                .map_err(|problem| self.error(&entry.input_error(problem)))?;
            return Ok(entry);
        }
        Err(Failure::Input(match read {
            0 => format!("{}:1:1: the input holds no puzzle", self.name),
            1 => format!("{}: the input holds 1 puzzle, not {number}", self.name),
            n => format!("{}: the input holds {n} puzzles, not {number}", self.name),
        }))
    }

    /// Refuses, at the puzzle's position, a puzzle that `engine` cannot express (DLX has no
    /// relations).
    pub fn check_engine(&self, engine: EngineKind, entry: &Entry) -> Result<(), Failure> {
        match unsupported(engine, entry) {
            Some(problem) => Err(self.error(&entry.input_error(problem))),
            None => Ok(()),
        }
    }
}

/// Why `engine` cannot search `entry`'s puzzle, if it cannot.
pub fn unsupported(engine: EngineKind, entry: &Entry) -> Option<Problem> {
    engine.refusal(&entry.puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Input, Failure> {
        Input::from_reader("t.in".to_string(), bytes, 0)
    }

    #[test]
    fn a_bad_byte_is_located_by_line_and_character_column() {
        let Err(Failure::Input(message)) = read(b"12\n\xc3\xa9x\xff") else {
            panic!("invalid UTF-8 was accepted");
        };
        assert_eq!(message, "t.in:2:3: the input is not UTF-8 text");
    }

    #[test]
    fn text_is_read_whole() {
        assert_eq!(read(b"1.\n").ok().map(|i| i.text), Some("1.\n".to_string()));
    }
}
