//! `sudoku-lab generate`: fresh unique puzzles of a kind, size and level, deterministic for a
//! seed, written in any format.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use sudoku_lab::formats::{quote, quote_name, Alphabet, Format, Writer};
use sudoku_lab::generate::{Advance, Generated, Generator, Markers, Relations, Request, Symmetry};
use sudoku_lab::logic::Level;
use sudoku_lab::Problem;
use sudoku_lab::{Kind, Options};

use super::args::{self, Spec};
use super::batch::threads;
use super::exit::{report, Failure, EXIT_OK, EXIT_UNSOLVED};
use super::output::Sink;

pub const HELP: &str = "\
Usage: sudoku-lab generate [OPTIONS]

Writes COUNT new puzzles, each with exactly one solution (counted by the solver before it
is written). The same options and seed give the same puzzles, natively and in wasm.

  $ sudoku-lab generate --size 9 --difficulty hard --symmetry rotational --seed 7
  $ sudoku-lab generate --kind inequality --no-givens --output cqoi   # CQOI2013 style
  $ sudoku-lab generate --kind futoshiki --size 7 --difficulty medium --output picture
  $ sudoku-lab generate --markers kropki --negative --size 6 --seed 3   # Kropki sudoku

Options:
  --kind K          classic (default), inequality or futoshiki
  --size N          classic and inequality 4, 6, 8, 9 (default), 12, 16, 25; futoshiki 3
                    to 25 (default 5)
  --count C         how many puzzles (default 1)
  --difficulty D    the level the grader must give: easy, medium, hard, expert, extreme or
                    guessing (as 'sudoku-lab grade' says; default: any). Without --minimal
                    the puzzle keeps the givens the level needs; small sizes reach only the
                    lower levels
  --seed S          a whole number (default: from the clock, printed on stderr)
  --symmetry S      none (default), rotational (half turn), quarter (quarter turn),
                    mirror (left-right) or diagonal: where clues are
  --minimal         no clue can be taken away without a second solution (with a symmetry:
                    no clue and its images)
  --givens MIN-MAX  how many givens (e.g. 22-26)
  --relations R     inequality and futoshiki: which relations the puzzle may have — blocks
                    (every pair of adjacent cells in a block, as CQOI2013; the inequality
                    default), adjacent (any adjacent pair; the futoshiki default), none, or
                    a number of random adjacent pairs. Inequality keeps them all and adds
                    the fewest givens it can (--minimal drops relations too); futoshiki
                    takes givens and relations away together
  --no-givens       relations (or markers) only (implied by --output cqoi)
  --markers M       markers between adjacent cells, as the solution has them: kropki
                    (white dots between consecutive digits, black where one is double
                    the other) or xv (X: sum 10, size 6 or more; V: sum 5), on classic
                    grids or Latin squares (--kind futoshiki, then without inequality
                    signs). They are taken away with the givens, down to what the puzzle
                    needs
  --negative        the negative constraint: every marker the solution has is drawn and
                    stays (a pair without one is not so related); only givens go
  --attempts N      new grids to try per puzzle before giving up (default 2000)
  --effort N        the most search nodes one uniqueness count may take while clues are
                    taken away; a clue whose removal needs more stays (default 10000, 100
                    at 25×25; with --minimal the solver's node limit: a minimal 25×25
                    takes minutes)
  --output O        line (one puzzle per line; the classic default), picture (the grid
                    with its relations; the inequality and futoshiki default), grid, json
                    (one puzzle model object per line, as 'solve' reads it), cqoi, poj3074,
                    poj3076
  --alphabet A      symbols: digits, letters, alnum, hex or numbers (default: digits, alnum
                    above 9×9)
  --threads N       make N puzzles at once, 1 to 256 (default: one per core); the
                    puzzles and their order are the same whatever N
  --stats           print on stderr, per puzzle, its grade, givens, relations, attempts
                    and milliseconds, then the median, 90th percentile and worst time
  -h, --help        show this help

Exit status: 0 every puzzle written; 1 the request could not be met in the attempts given
(the puzzles found before are written); 2 bad usage; 3 internal error.
";

const SPEC: Spec = Spec::new(
    "generate",
    &[
        "kind",
        "size",
        "count",
        "difficulty",
        "seed",
        "symmetry",
        "givens",
        "relations",
        "markers",
        "attempts",
        "effort",
        "output",
        "alphabet",
        "threads",
    ],
    &["minimal", "no-givens", "negative", "stats"],
);

/// The most puzzles one run writes.
pub const MAX_COUNT: u64 = 1_000_000;

pub fn generate(args: Vec<OsString>) -> Result<u8, Failure> {
    let Some(parsed) = args::parse_or_help(args, &SPEC, HELP)? else {
        return Ok(EXIT_OK);
    };
    let command = SPEC.command;
    if let Some(extra) = parsed.positional.first() {
        return Err(Failure::usage(
            format!(
                "unexpected argument {}: 'generate' reads no file",
                quote_name(&extra.to_string_lossy())
            ),
            command,
        ));
    }
    let kind: Kind = parsed
        .named("kind", "a kind", command)?
        .unwrap_or(Kind::Classic);
    let default_size = if kind == Kind::Futoshiki { 5 } else { 9 };
    let size = parsed.at_most("size", default_size, 25, command)? as usize;
    let count = parsed.at_most("count", 1, MAX_COUNT, command)?;
    let markers = parsed
        .named::<Markers>("markers", "a family of markers", command)?
        .unwrap_or(Markers::None);
    // Relations and markers need a format that draws them: the picture, where a person
    // reads them.
    let format = parsed.format("output", command)?.unwrap_or(
        if kind == Kind::Classic && markers == Markers::None {
            Format::Line
        } else {
            Format::Picture
        },
    );
    let mut request = Request::new(kind, size);
    request.level = parsed.named::<Level>("difficulty", "a level", command)?;
    request.symmetry = parsed
        .named::<Symmetry>("symmetry", "a symmetry", command)?
        .unwrap_or(Symmetry::None);
    request.minimal = parsed.switch("minimal");
    request.markers = markers;
    request.negative = parsed.switch("negative");
    request.no_givens =
        parsed.switch("no-givens") || (format == Format::Cqoi && kind == Kind::Inequality);
    request.attempts = parsed.at_most(
        "attempts",
        u64::from(Request::DEFAULT_ATTEMPTS),
        1 << 30,
        command,
    )? as u32;
    if parsed.value("effort").is_some() {
        request.effort = Some(parsed.at_most("effort", 1, Options::MAX_LIMIT, command)?);
    }
    if let Some(text) = parsed.value("relations") {
        request.relations = Some(Relations::parse(text).ok_or_else(|| {
            Failure::usage(
                format!(
                    "--relations {} is not blocks, adjacent, none or a number",
                    quote(text)
                ),
                command,
            )
        })?);
    }
    if let Some(text) = parsed.value("givens") {
        request.givens = givens_range(text).ok_or_else(|| {
            Failure::usage(
                format!(
                    "--givens {} is not a range MIN-MAX of whole numbers (e.g. 22-26)",
                    quote(text)
                ),
                command,
            )
        })?;
    }
    let seed_given = parsed.value("seed").is_some();
    request.seed = match parsed.value("seed") {
        Some(text) => text.trim().parse().map_err(|_| {
            Failure::usage(
                format!(
                    "--seed {} is not a whole number from 0 to 2^64-1",
                    quote(text)
                ),
                command,
            )
        })?,
        None => clock_seed(),
    };
    let alphabet = parsed
        .named::<Alphabet>("alphabet", "an alphabet", command)?
        .unwrap_or(Alphabet::Digits.or_fitting_chars(size));
    if !alphabet.fits(size) {
        return Err(Failure::usage(
            format!(
                "--alphabet {alphabet} has no symbol for every digit of a {size}×{size} puzzle"
            ),
            command,
        ));
    }
    let mut generator = Generator::new(request.clone())
        .map_err(|problem| Failure::usage(problem.message, command))?;
    if !seed_given {
        report(&format!("seed {}", request.seed));
    }
    let stats = parsed.switch("stats");
    let threads = threads(&parsed, command)?.min(count as usize).max(1);
    let mut out = Output {
        writer: Writer::new(format),
        sink: Sink::new(),
        alphabet,
        format,
        stats,
        times: Vec::new(),
        written: 0,
    };
    // Each puzzle depends on the seed and its index only: made on several threads, they are
    // written in order and are the very puzzles one thread makes.
    let outcome = if threads == 1 {
        let mut started = Instant::now();
        let mut ended = Ok(true);
        while out.written < count && matches!(ended, Ok(true)) {
            match generator.advance(u64::MAX) {
                Advance::Working => {}
                Advance::GaveUp(problem) => ended = Err(problem),
                Advance::Found(generated) => {
                    let ms = started.elapsed().as_secs_f64() * 1e3;
                    started = Instant::now();
                    ended = Ok(out.puzzle(&generated, ms)?);
                }
            }
        }
        ended
    } else {
        in_parallel(&request, count, threads, &mut out)?
    };
    let mut end = String::new();
    out.writer.finish(&mut end, out.written > 0);
    out.sink.write(&end)?;
    out.sink.flush()?;
    match outcome {
        Err(problem) => {
            report(&format!("generate: {}", problem.message));
            Ok(EXIT_UNSOLVED)
        }
        Ok(_) => {
            if stats {
                report(&distribution(&mut out.times));
            }
            Ok(EXIT_OK)
        }
    }
}

/// Where the puzzles go, in order.
struct Output {
    writer: Writer,
    sink: Sink,
    alphabet: Alphabet,
    format: Format,
    stats: bool,
    times: Vec<f64>,
    written: u64,
}

impl Output {
    /// Writes one puzzle (and with `--stats` its line on stderr); false when nobody reads
    /// the output any more.
    fn puzzle(&mut self, generated: &Generated, ms: f64) -> Result<bool, Failure> {
        let mut text = String::new();
        self.writer
            .puzzle(&mut text, &generated.puzzle, self.alphabet)
            .map_err(|problem| {
                Failure::usage(
                    format!("--output {}: {}", self.format, problem.message),
                    SPEC.command,
                )
            })?;
        if self.stats {
            let p = &generated.puzzle;
            report(&format!(
                "puzzle {}: {} {:.1} · {} givens · {} relations · {} markers · {} attempts · {:.2} ms",
                generated.index + 1,
                generated.grade.level,
                f64::from(generated.grade.score) / 10.0,
                p.givens().iter().filter(|&&d| d != 0).count(),
                p.relations().len(),
                p.markers().len(),
                generated.attempts,
                ms
            ));
            self.times.push(ms);
        }
        self.written += 1;
        self.sink.write(&text)
    }
}

/// Makes puzzles 0..`count` on `threads` threads, each taking the next index, and writes
/// them in order as they come. `Err` names the request no attempt met (the puzzles before
/// it are written); `Ok(false)`: nobody reads the output any more.
fn in_parallel(
    request: &Request,
    count: u64,
    threads: usize,
    out: &mut Output,
) -> Result<Result<bool, Problem>, Failure> {
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Result<Generated, Problem>, f64)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            let mut generator = Generator::new(request.clone()).ok();
            scope.spawn(move || {
                let Some(generator) = generator.as_mut() else {
                    return;
                };
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count {
                        return;
                    }
                    generator.skip_to(index);
                    let started = Instant::now();
                    let result = loop {
                        match generator.advance(u64::MAX) {
                            Advance::Found(g) => break Ok(*g),
                            Advance::GaveUp(problem) => break Err(problem),
                            Advance::Working => {}
                        }
                    };
                    let ms = started.elapsed().as_secs_f64() * 1e3;
                    if tx.send((index, result, ms)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut ended = Ok(true);
        for (index, result, ms) in &rx {
            pending.insert(index, (result, ms));
            while let Some((result, ms)) = pending.remove(&out.written) {
                match result {
                    Ok(generated) => match out.puzzle(&generated, ms) {
                        Ok(true) => continue,
                        Ok(false) => ended = Ok(false),
                        Err(failure) => {
                            stop.store(true, Ordering::Relaxed);
                            return Err(failure);
                        }
                    },
                    Err(problem) => ended = Err(problem),
                }
                break;
            }
            if !matches!(ended, Ok(true)) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        Ok(ended)
    })
}

/// `MIN-MAX` (or one number for both).
fn givens_range(text: &str) -> Option<(usize, usize)> {
    let text = text.trim();
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    Some((low.trim().parse().ok()?, high.trim().parse().ok()?))
}

/// A seed from the clock, for runs that do not name one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// `N puzzles: median … ms, p90 … ms, worst … ms`.
fn distribution(times: &mut [f64]) -> String {
    if times.is_empty() {
        return "no puzzles".into();
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "{} puzzles: median {:.2} ms, p90 {:.2} ms, worst {:.2} ms",
        times.len(),
        at(0.5),
        at(0.9),
        times[times.len() - 1]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_ranges_read_as_written() {
        assert_eq!(givens_range("22-26"), Some((22, 26)));
        assert_eq!(givens_range(" 30 "), Some((30, 30)));
        assert_eq!(givens_range("a-3"), None);
        assert_eq!(givens_range("3-"), None);
    }

    #[test]
    fn the_distribution_names_median_p90_and_worst() {
        let mut t: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(
            distribution(&mut t),
            "10 puzzles: median 6.00 ms, p90 9.00 ms, worst 10.00 ms"
        );
    }
}
