//! Buffered stdout that treats a reader going away (a closed pipe) as a quiet stop, and the
//! messages about its puzzles gathered for stderr.

use std::fmt::{self, Write as _};
use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};

use sudoku_lab::formats::Entry;

use super::answers::push_name;
use super::exit::{Failure, REPORT_PREFIX};

/// Bytes of stderr messages gathered before they are written (sooner when the answers they
/// are about go out).
const NOTES: usize = 1 << 13;

/// Stdout through a buffer. Writes report `Ok(false)` once the reader has closed the pipe
/// (`sudoku-lab solve … | head`): the caller stops and exits with the code it has so far.
///
/// Messages about single puzzles ([`Sink::note`]) are gathered too and written to stderr in
/// one call: a file of 10,000 puzzles with several solutions each has 10,000 warnings, and
/// a write apiece cost `solve` a third of its time. They go out before any answer written
/// after them reaches stdout (so on a terminal a puzzle's warning is never later than its
/// answer), at [`Sink::flush`], and when the sink is dropped (an early return, an unwinding
/// panic).
pub struct Sink {
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
    notes: String,
}

impl Sink {
    pub fn new() -> Sink {
        Sink {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            closed: false,
            notes: String::new(),
        }
    }

    /// Says `sudoku-lab: message` on stderr, as [`super::report`] does, soon: see [`Sink`].
    /// The message is formatted straight into the gathered text (`format_args!`, no string
    /// of its own).
    pub fn note(&mut self, message: impl fmt::Display) {
        // Writing to a string cannot fail.
        let _ = writeln!(self.notes, "{REPORT_PREFIX}{message}");
        self.noted();
    }

    /// [`Sink::note`] of `puzzle K (line L): what`, without the formatting machinery (a
    /// tenth of the instructions): `solve` says it of every puzzle with several solutions.
    pub fn note_about(&mut self, entry: &Entry, what: &str) {
        self.notes.push_str(REPORT_PREFIX);
        push_name(&mut self.notes, entry);
        self.notes.push_str(": ");
        self.notes.push_str(what);
        self.notes.push('\n');
        self.noted();
    }

    fn noted(&mut self) {
        if self.notes.len() >= NOTES {
            self.write_notes();
        }
    }

    /// Writes the gathered messages. A closed stderr is ignored, as by [`super::report`].
    fn write_notes(&mut self) {
        if !self.notes.is_empty() {
            let _ = io::stderr().write_all(self.notes.as_bytes());
            self.notes.clear();
        }
    }

    /// Writes `text`; `Ok(false)` when nobody reads any more.
    pub fn write(&mut self, text: &str) -> Result<bool, Failure> {
        self.write_bytes(text.as_bytes())
    }

    /// Writes `bytes` (UTF-8 text the caller made, such as serialized JSON); `Ok(false)`
    /// when nobody reads any more.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Result<bool, Failure> {
        if self.closed {
            return Ok(false);
        }
        // The answers buffered so far are about to go out: the messages about them first.
        if self.out.buffer().len() + bytes.len() > self.out.capacity() {
            self.write_notes();
        }
        let result = self.out.write_all(bytes);
        self.settle(result)
    }

    /// Pushes out the gathered messages and what is buffered; `Ok(false)` when nobody reads
    /// any more.
    pub fn flush(&mut self) -> Result<bool, Failure> {
        self.write_notes();
        if self.closed {
            return Ok(false);
        }
        let result = self.out.flush();
        self.settle(result)
    }

    fn settle(&mut self, result: io::Result<()>) -> Result<bool, Failure> {
        match result {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(false)
            }
            Err(e) => {
                self.closed = true;
                Err(Failure::Input(format!("cannot write the output: {e}")))
            }
        }
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.write_notes();
    }
}

/// Writes a whole short text (help, version, a list) to stdout.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut sink = Sink::new();
    sink.write(text)?;
    sink.flush()?;
    Ok(())
}
