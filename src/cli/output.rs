//! Buffered stdout that treats a reader going away (a closed pipe) as a quiet stop.

use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};

use super::Failure;

/// Stdout through a buffer. Writes report `Ok(false)` once the reader has closed the pipe
/// (`sudoku-lab solve … | head`): the caller stops and exits with the code it has so far.
pub struct Sink {
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Sink {
    pub fn new() -> Sink {
        Sink {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            closed: false,
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
        let result = self.out.write_all(bytes);
        self.settle(result)
    }

    /// Pushes out what is buffered; `Ok(false)` when nobody reads any more.
    pub fn flush(&mut self) -> Result<bool, Failure> {
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

/// Writes a whole short text (help, version, a list) to stdout.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut sink = Sink::new();
    sink.write(text)?;
    sink.flush()?;
    Ok(())
}
