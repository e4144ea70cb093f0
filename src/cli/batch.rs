//! The puzzles of one input solved in input order across threads, bad ones among them, and
//! what every command says of one puzzle: its name on stderr and the check of its answer.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudoku_lab::formats::{self, Alphabet, Entry, Format, InputError, ReadOptions};
use sudoku_lab::search::fast_path_applies;
use sudoku_lab::{solve_fast, Engine, EngineKind, Options, Search, Silent, Stats, Status};

use super::answers::name;
use super::exit::Failure;
use super::input::{unsupported, Input};
use super::output::Sink;

/// Names a bad puzzle (or bad input between puzzles) on stderr and, for a puzzle, writes
/// `line` in its place, so that line K of the output still answers puzzle K. False when
/// nobody reads the output any more.
fn answer_bad(
    input: &Input,
    error: &InputError,
    sink: &mut Sink,
    line: &str,
) -> Result<bool, Failure> {
    sink.note(input.describe(error));
    // Input between puzzles is no puzzle, and gets no line.
    Ok(error.puzzle.is_none() || sink.write(line)?)
}

/// What a finished search found for one puzzle.
pub struct Solved {
    pub status: Status,
    pub stats: Stats,
    pub solutions: Vec<Vec<u8>>,
}

/// How many puzzles are read ahead and solved side by side: enough to keep every core busy
/// through uneven puzzles, few enough that memory stays small and output starts at once.
const BATCH: usize = 2048;

/// The puzzles of one input, read lazily in batches, each validated, then searched by one
/// engine on `threads` threads (one engine each, reused where it can be) and handed out in
/// input order, bad ones among them.
///
/// A batch stays where it was read and solved, and is handed out by reference: entries and
/// results are not moved or boxed one by one (that was 7% of `count` on the 17-clue file).
pub struct Puzzles<'a> {
    input: &'a Input,
    entries: Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a>,
    engine: EngineKind,
    options: Options,
    threads: usize,
    searches: Vec<Option<Engine<Silent>>>,
    /// The good puzzles of the batch, and what their searches found, index for index.
    good: Vec<Entry>,
    solved: Vec<Solved>,
    /// The batch in input order: the index of a good puzzle in `good`, or a bad one.
    order: Vec<Result<usize, InputError>>,
    /// The next place in `order` to hand out.
    at: usize,
    read: usize,
    /// Wall time spent searching; parsing and writing left out.
    pub solving: Duration,
    /// Whether puzzles may take a fast path (9×9 classic and inequality, 16×16 and 25×25 classic; their
    /// statistics count nodes and guesses but no rules): off when `--stats` asks for the rules.
    pub fast: bool,
    /// The judge format answers are written in, when there is one: a puzzle it cannot hold
    /// (a 16×16 one as `poj3074`) is bad input, found before it is searched.
    pub output: Option<Format>,
    /// Whether some input was bad (set by [`Puzzles::next_good`]).
    pub bad: bool,
}

impl<'a> Puzzles<'a> {
    pub fn new(
        input: &'a Input,
        format: Format,
        read_options: ReadOptions,
        engine: EngineKind,
        options: Options,
        threads: usize,
    ) -> Puzzles<'a> {
        let threads = threads.max(1);
        Puzzles {
            input,
            entries: formats::read(&input.text, format, read_options),
            engine,
            options,
            threads,
            searches: (0..threads).map(|_| None).collect(),
            good: Vec::new(),
            solved: Vec::new(),
            order: Vec::new(),
            at: 0,
            read: 0,
            solving: Duration::ZERO,
            fast: true,
            output: None,
            bad: false,
        }
    }

    /// The next good puzzle with its answers verified; `None` at the end, or when nobody
    /// reads the output any more. Each bad puzzle before it is named on stderr and answered
    /// in its place by the line `bad` makes of it (see [`answer_bad`]). An input with no
    /// puzzle at all, good or bad, is an error.
    pub fn next_good(
        &mut self,
        sink: &mut Sink,
        mut bad: impl FnMut(&InputError) -> String,
    ) -> Result<Option<(&Entry, &Solved)>, Failure> {
        loop {
            if self.at == self.order.len() {
                self.fill();
                if self.order.is_empty() {
                    return match self.read {
                        0 => Err(Failure::Input(format!(
                            "{}:1:1: the input holds no puzzle",
                            self.input.name
                        ))),
                        _ => Ok(None),
                    };
                }
            }
            let slot = self.at;
            self.at += 1;
            match &self.order[slot] {
                Ok(i) => {
                    let (entry, solved) = (&self.good[*i], &self.solved[*i]);
                    if let Err(failure) = verify_all(entry, solved.status, &solved.solutions) {
                        sink.flush()?;
                        return Err(failure);
                    }
                    return Ok(Some((entry, solved)));
                }
                Err(error) => {
                    self.bad = true;
                    if !answer_bad(self.input, error, sink, &bad(error))? {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// Whether `entry` is validated only if it finds no solution: a fast path takes any
    /// puzzle of its shape, valid or not, and never solves an invalid one (the
    /// `differential` fuzz target holds it to that), so validation can fail only when there
    /// is no solution. A solution found is verified, which a puzzle with clashing givens or
    /// broken relations cannot pass. (Validation was 7% of `count` on the 17-clue file.)
    fn defers_validation(&self, entry: &Entry) -> bool {
        self.fast && self.engine == EngineKind::Propagate && fast_path_applies(&entry.puzzle)
    }

    /// Reads up to [`BATCH`] more items, good and bad, in place of the last batch, and
    /// solves the good ones; an empty batch at the end of the input.
    fn fill(&mut self) {
        self.good.clear();
        self.solved.clear();
        self.order.clear();
        self.at = 0;
        while self.order.len() < BATCH {
            let Some(item) = self.entries.next() else {
                break;
            };
            self.read += 1;
            let output = self.output;
            let engine = self.engine;
            let checked = item
                .and_then(|entry| {
                    if self.defers_validation(&entry) {
                        Ok(entry)
                    } else {
                        entry.validated()
                    }
                })
                .and_then(|mut entry| {
                    if let Some(problem) = unsupported(engine, &entry) {
                        return Err(entry.input_error(problem));
                    }
                    if let Some(format) = output {
                        fit_output(&mut entry, format)?;
                    }
                    Ok(entry)
                });
            match checked {
                Ok(entry) => {
                    self.order.push(Ok(self.good.len()));
                    self.good.push(entry);
                }
                Err(e) => self.order.push(Err(e)),
            }
        }
        if self.good.is_empty() {
            return;
        }
        let started = Instant::now();
        self.solve_all();
        self.solving += started.elapsed();
        // Without a solution, a puzzle whose validation was deferred may be invalid rather
        // than unsolvable: validated now, it says which.
        for k in 0..self.order.len() {
            let Ok(i) = self.order[k] else {
                continue;
            };
            let entry = &self.good[i];
            if !self.solved[i].status.has_solution() && self.defers_validation(entry) {
                if let Err(problem) = entry.puzzle.validate() {
                    self.order[k] = Err(entry.input_error(problem));
                }
            }
        }
    }

    /// Solves the batch's good puzzles into `solved` on the worker threads; each takes the
    /// next unsolved puzzle in turn.
    fn solve_all(&mut self) {
        let (engine, options, fast) = (self.engine, self.options, self.fast);
        let batch = &self.good;
        let workers = self.threads.min(batch.len());
        if workers <= 1 {
            let slot = &mut self.searches[0];
            self.solved.extend(
                batch
                    .iter()
                    .map(|e| solve_one(slot, e, engine, options, fast)),
            );
            return;
        }
        let next = AtomicUsize::new(0);
        let mut results: Vec<Vec<(usize, Solved)>> = Vec::new();
        std::thread::scope(|scope| {
            let handles: Vec<_> = self.searches[..workers]
                .iter_mut()
                .map(|slot| {
                    let next = &next;
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(entry) = batch.get(i) else {
                                return done;
                            };
                            done.push((i, solve_one(slot, entry, engine, options, fast)));
                        }
                    })
                })
                .collect();
            // A worker's panic is a bug: carry it to the main thread, which reports it.
            results = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
        });
        let mut ordered: Vec<(usize, Solved)> = results.into_iter().flatten().collect();
        ordered.sort_unstable_by_key(|&(i, _)| i);
        self.solved
            .extend(ordered.into_iter().map(|(_, solved)| solved));
    }
}

/// Searches one puzzle by `kind` in the worker's `slot`: the engine there is reset and
/// reused, keeping its buffers from puzzle to puzzle. The caller has checked that the engine
/// can express the puzzle.
fn solve_one(
    slot: &mut Option<Engine<Silent>>,
    entry: &Entry,
    kind: EngineKind,
    options: Options,
    fast: bool,
) -> Solved {
    if fast && kind == EngineKind::Propagate {
        if let Some(outcome) = solve_fast(&entry.puzzle, options) {
            return Solved {
                status: outcome.status,
                stats: outcome.stats,
                solutions: outcome.solutions,
            };
        }
    }
    let search = match slot {
        Some(engine) if engine.kind() == kind => {
            engine.reset(&entry.puzzle);
            engine
        }
        _ => slot.insert(
            Engine::new(kind, &entry.puzzle, options, Silent)
                .unwrap_or_else(|problem| panic!("{}: {problem}", name(entry))),
        ),
    };
    let status = search.run();
    Solved {
        status,
        stats: search.stats().clone(),
        solutions: search.solutions().to_vec(),
    }
}

/// Verifies every solution a search kept, independently of the search, that they differ (two
/// kept solutions are what a count of 2 rests on), and that a status with a solution kept
/// one; a failure is a bug in the solver.
pub fn verify_all(entry: &Entry, status: Status, solutions: &[Vec<u8>]) -> Result<(), Failure> {
    if status.has_solution() && solutions.is_empty() {
        return Err(Failure::Internal(format!(
            "{}: the search says {status} but kept no solution",
            name(entry)
        )));
    }
    // Searches keep at most two solutions: every pair is cheap.
    for (i, a) in solutions.iter().enumerate() {
        if solutions[i + 1..].contains(a) {
            return Err(Failure::Internal(format!(
                "{}: the search found the same solution twice",
                name(entry)
            )));
        }
    }
    solutions.iter().try_for_each(|s| verify(entry, s))
}

/// Verifies `solution` independently of the search; a failure is a bug in the solver.
pub fn verify(entry: &Entry, solution: &[u8]) -> Result<(), Failure> {
    entry.puzzle.check_answer(solution).map_err(|problem| {
        Failure::Internal(format!(
            "{}: the solver's answer fails the check: {problem}",
            name(entry)
        ))
    })
}

/// Makes `entry` writable in a judge's output format: the judge's size and alphabet.
fn fit_output(entry: &mut Entry, format: Format) -> Result<(), InputError> {
    let size = entry.puzzle.size();
    let (judge_size, alphabet) = match format {
        Format::Poj3074 | Format::Cqoi => (9, Alphabet::Digits),
        Format::Poj3076 => (16, Alphabet::Letters),
        _ => return Ok(()),
    };
    if size != judge_size {
        let e = InputError::new(
            entry.pos,
            format!(
                "the puzzle is {size}×{size}; {format} answers are {judge_size}×{judge_size} \
                 (choose another --output)"
            ),
        );
        return Err(e.in_puzzle(entry.number));
    }
    entry.alphabet = alphabet;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    /// An entry with no givens, so that any solved grid answers it.
    fn empty_entry() -> Entry {
        let text = ".".repeat(81);
        let entry = formats::read(&text, Format::Line, ReadOptions::default())
            .next()
            .expect("one puzzle")
            .expect("an empty grid reads");
        entry
    }

    fn grid(text: &str) -> Vec<u8> {
        text.bytes().map(|b| b - b'0').collect()
    }

    #[test]
    fn two_kept_solutions_must_be_two_valid_and_different_grids() {
        let entry = empty_entry();
        let answer = grid(ANSWER);
        // The same grid with its digits renamed (1→2, …, 9→1) is another solution.
        let other: Vec<u8> = answer.iter().map(|&d| d % 9 + 1).collect();
        let verified = |solutions: &[Vec<u8>]| verify_all(&entry, Status::Multiple, solutions);
        assert!(verified(std::slice::from_ref(&answer)).is_ok());
        assert!(verified(&[answer.clone(), other.clone()]).is_ok());
        let Err(Failure::Internal(message)) = verified(&[answer.clone(), answer.clone()]) else {
            panic!("the same solution twice passed");
        };
        assert_eq!(
            message,
            "puzzle 1 (line 1): the search found the same solution twice"
        );
        let mut broken = other.clone();
        broken.swap(0, 1);
        assert!(matches!(
            verified(&[answer, broken]),
            Err(Failure::Internal(_))
        ));
        assert!(matches!(verified(&[]), Err(Failure::Internal(_))));
    }
}
