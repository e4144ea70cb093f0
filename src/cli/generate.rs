//! `sudoku-lab generate`: fresh unique puzzles of a kind, size and level, deterministic for a
//! seed, written in any format.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use clap::Args;
use sudoku_lab::formats::{Alphabet, Format, Writer};
use sudoku_lab::generate::{Advance, Generated, Generator, Markers, Relations, Request, Symmetry};
use sudoku_lab::logic::Level;
use sudoku_lab::Problem;
use sudoku_lab::{Kind, Options};

use super::args::{alphabet_words, difficulty_words, Choice, Shaped, ThreadArgs, Whole};
use super::exit::{report, Failure, EXIT_OK, EXIT_UNSOLVED};
use super::output::Sink;

/// New unique puzzles of a kind, size and difficulty
#[derive(Args, Debug)]
#[command(long_about = ABOUT, after_help = EXIT)]
pub struct GenerateArgs {
    /// The kind of puzzle
    #[arg(long, value_name = "K", default_value_t = Kind::Classic,
          value_parser = Choice::<Kind>::new("a kind"))]
    kind: Kind,
    /// Classic and inequality 4, 6, 8, 9 (default), 12, 16, 25; futoshiki 3 to 25 (default 5)
    #[arg(long, value_name = "N", value_parser = Whole::at_most(25))]
    size: Option<u64>,
    /// How many puzzles
    #[arg(long, value_name = "C", default_value_t = 1, value_parser = Whole::at_most(MAX_COUNT))]
    count: u64,
    /// The level the grader must give (default: any)
    ///
    /// As 'sudoku-lab grade' says it. Without --minimal the puzzle keeps the givens the
    /// level needs; small sizes reach only the lower levels.
    #[arg(long, value_name = "D",
          value_parser = Choice::<Level>::described("a level", difficulty_words))]
    difficulty: Option<Level>,
    /// A whole number (default: from the clock, printed on stderr)
    #[arg(long, value_name = "S", value_parser = Shaped::new(
        |text| text.trim().parse::<u64>().ok(),
        "is not a whole number from 0 to 2^64-1",
    ))]
    seed: Option<u64>,
    /// Where clues are: each comes and goes with its images
    #[arg(long, value_name = "S", default_value_t = Symmetry::None,
          value_parser = Choice::<Symmetry>::described("a symmetry", symmetry_words))]
    symmetry: Symmetry,
    /// No clue can be taken away without a second solution (with a symmetry: no clue and its
    /// images)
    #[arg(long)]
    minimal: bool,
    /// How many givens (e.g. 22-26)
    #[arg(long, value_name = "MIN-MAX", value_parser = Shaped::new(
        givens_range,
        "is not a range MIN-MAX of whole numbers (e.g. 22-26)",
    ))]
    givens: Option<(usize, usize)>,
    /// Inequality and futoshiki: which relations the puzzle may have
    ///
    /// blocks (every pair of adjacent cells in a block, as CQOI2013; the inequality
    /// default), adjacent (any adjacent pair; the futoshiki default), none, or a number of
    /// random adjacent pairs. Inequality keeps them all and adds the fewest givens it can
    /// (--minimal drops relations too); futoshiki takes givens and relations away together.
    #[arg(long, value_name = "R", value_parser = Shaped::new(
        Relations::parse,
        "is not blocks, adjacent, none or a number",
    ))]
    relations: Option<Relations>,
    /// Relations only (implied by --output cqoi)
    #[arg(long)]
    no_givens: bool,
    /// Markers between adjacent cells, as the solution has them
    ///
    /// kropki: white dots between consecutive digits, black where one is double the other;
    /// xv: X where two digits sum to 10 (size 6 or more), V where they sum to 5. On classic
    /// grids or Latin squares (--kind futoshiki, then without inequality signs). They are
    /// taken away with the givens, down to what the puzzle needs.
    #[arg(long, value_name = "M", default_value_t = Markers::None,
          value_parser = Choice::<Markers>::new("a family of markers"))]
    markers: Markers,
    /// The negative constraint: every marker the solution has is drawn and stays
    ///
    /// A pair without a marker is then not so related; only givens are taken away.
    #[arg(long)]
    negative: bool,
    /// New grids to try per puzzle before giving up
    #[arg(long, value_name = "N", default_value_t = Request::DEFAULT_ATTEMPTS.into(),
          value_parser = Whole::at_most(1 << 30))]
    attempts: u64,
    /// The most search nodes one uniqueness count may take while clues are taken away
    ///
    /// A clue whose removal needs more stays (default 10000, 100 at 25×25; with --minimal
    /// the solver's node limit: a minimal 25×25 takes minutes).
    #[arg(long, value_name = "N", value_parser = Whole::at_most(Options::MAX_LIMIT))]
    effort: Option<u64>,
    /// The format to write (default: line for classic, picture for inequality and futoshiki)
    ///
    /// picture draws the grid with its relations; json writes one puzzle model object per
    /// line, as 'solve' reads it.
    #[arg(long, value_name = "O", value_parser = Choice::<Format>::new("a format"))]
    output: Option<Format>,
    /// Symbols (default: digits, alnum above 9×9)
    #[arg(long, value_name = "A",
          value_parser = Choice::<Alphabet>::described("an alphabet", alphabet_words))]
    alphabet: Option<Alphabet>,
    #[command(flatten)]
    threads: ThreadArgs,
    /// Print on stderr, per puzzle, its grade, givens, relations, attempts and milliseconds,
    /// then the median, 90th percentile and worst time
    #[arg(long)]
    stats: bool,
}

/// Where each symmetry puts the images of a clue (a new one fails to compile until it has
/// its words).
pub(super) fn symmetry_words(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "no symmetry",
        Symmetry::Rotational => "half turn",
        Symmetry::Quarter => "quarter turn: four cells at a time",
        Symmetry::Mirror => "left-right mirror",
        Symmetry::Diagonal => "main diagonal",
        _ => "",
    }
}

const ABOUT: &str = "\
Writes COUNT new puzzles, each with exactly one solution (counted by the solver before it \
is written). The same options and seed give the same puzzles, natively and in wasm.

  $ sudoku-lab generate --size 9 --difficulty hard --symmetry rotational --seed 7
  $ sudoku-lab generate --kind inequality --no-givens --output cqoi   # CQOI2013 style
  $ sudoku-lab generate --kind futoshiki --size 7 --difficulty medium --output picture
  $ sudoku-lab generate --markers kropki --negative --size 6 --seed 3   # Kropki sudoku";

const EXIT: &str = "\
Exit status: 0 every puzzle written; 1 the request could not be met in the attempts given \
(the puzzles found before are written); 2 bad usage; 3 internal error.";

/// The most puzzles one run writes.
pub const MAX_COUNT: u64 = 1_000_000;

pub fn generate(args: GenerateArgs) -> Result<u8, Failure> {
    let command = "generate";
    let kind = args.kind;
    let default_size = if kind == Kind::Futoshiki { 5 } else { 9 };
    let size = args.size.unwrap_or(default_size) as usize;
    let count = args.count;
    let markers = args.markers;
    // Relations and markers need a format that draws them: the picture, where a person
    // reads them.
    let format = args
        .output
        .unwrap_or(if kind == Kind::Classic && markers == Markers::None {
            Format::Line
        } else {
            Format::Picture
        });
    let mut request = Request::new(kind, size);
    request.level = args.difficulty;
    request.symmetry = args.symmetry;
    request.minimal = args.minimal;
    request.markers = markers;
    request.negative = args.negative;
    request.no_givens = args.no_givens || (format == Format::Cqoi && kind == Kind::Inequality);
    request.attempts = args.attempts as u32;
    request.effort = args.effort;
    request.relations = args.relations;
    if let Some(givens) = args.givens {
        request.givens = givens;
    }
    let seed_given = args.seed.is_some();
    request.seed = args.seed.unwrap_or_else(clock_seed);
    let alphabet = args
        .alphabet
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
    let stats = args.stats;
    let threads = args.threads.count().min(count as usize).max(1);
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
                _ => ended = Err(unknown_advance()),
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
                    "generate",
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
                            _ => break Err(unknown_advance()),
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

/// A generator's answer this binary does not know (`Advance` may grow): the run stops there.
fn unknown_advance() -> Problem {
    Problem::new(
        "the generator answered in a way this program does not know",
        Vec::new(),
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
