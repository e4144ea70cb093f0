//! `sudoku-lab check`: verify an answer file against its puzzles without trusting the solver.

use std::ffi::OsString;

use clap::Args;
use serde::Deserialize;
use sudoku_lab::formats::{
    self, json_values, Entry, Format, Givens, InputError, JsonPuzzle, JsonValue, JsonValues, Pos,
    ReadOptions,
};

use super::args::{output_long_help, InputArgs, OutputArgs};
use super::exit::{exit_code, report, Failure};
use super::input::Input;
use super::output::Sink;

/// Verify answers without trusting the solver
#[derive(Args, Debug)]
#[command(long_about = ABOUT, after_help = EXIT, after_long_help = [BAD_INPUT, EXIT].concat(),
          mut_args(output_long_help(OUTPUT)))]
pub struct CheckArgs {
    /// The puzzles ('-' for stdin)
    #[arg(value_name = "PUZZLES", required = true)]
    puzzles: OsString,
    /// Their answers ('-' for stdin)
    #[arg(value_name = "ANSWERS", required = true)]
    answers: OsString,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    input: InputArgs,
}

const OUTPUT: &str = "\
json: one object per puzzle, {\"puzzle\": K, \"verdict\": \"ok\"} or with \"verdict\" \"wrong\", \
\"no_answer\", \"invalid_puzzle\" or \"unreadable_answer\" and the line's words as \"detail\", \
then {\"correct\", \"checked\", \"unanswered\", \"invalid\"}.";

const ABOUT: &str = "\
Pairs the puzzles of PUZZLES with the answers of ANSWERS in order and verifies each answer \
on its own (every cell a digit, givens kept, houses all different, relations satisfied), \
without running the solver. Prints 'puzzle K: ok' or what is wrong, then a total line. \
One of the two may be '-' for stdin.

Answers are read in the puzzles' format; CQOI and picture answers (N lines of N numbers) \
are read as grids, and JSON answers may be the objects 'sudoku-lab solve' writes.

A text answer is paired with the next puzzle it fits: 'sudoku-lab solve' writes no answer \
for a puzzle without a solution, so when an answer is not the next puzzle's but is a \
correct answer to one of the 1,000 puzzles after it, the puzzles in between are printed as \
'puzzle K: no answer' and the answer is checked against the one it fits. (JSON answers, \
one object per puzzle, are paired in order.) Puzzles left over when the answers run out \
have no answer either. A puzzle without an answer makes the exit status 1, as a wrong \
answer does.";

const BAD_INPUT: &str = "\
Bad input does not stop the check. A bad puzzle (one that does not read or fails \
validation) is named on stderr as 'PUZZLES:LINE:COL: puzzle K: what', printed as \
'puzzle K: invalid puzzle', and takes no answer, since 'sudoku-lab solve' writes none for \
it; a JSON answer with \"status\":\"invalid\" (what 'solve --output json' writes for it) is \
its answer and is passed over with it. An answer that does not read takes its puzzle's \
answer all the same ('puzzle K: unreadable answer'), named on stderr as \
'ANSWERS:LINE:COL: answer J: what'. The answers after either are checked as usual.

";

const EXIT: &str = "\
Exit status: 0 every answer correct; 1 some answer wrong or empty (a JSON answer without a \
solution) or some puzzle without an answer; 2 some input was bad (a bad puzzle, an \
unreadable answer, or more answers than puzzles; decided after every answer is checked; 2 \
wins over 1) or bad usage; 3 internal error.";

pub fn check(args: CheckArgs) -> Result<u8, Failure> {
    let json = args.output.json();
    let chosen = args.input.format();
    let read_options = args.input.read_options();
    let (puzzles_file, answers_file) = (&args.puzzles, &args.answers);
    if puzzles_file == "-" && answers_file == "-" {
        return Err(Failure::usage(
            "only one of PUZZLES and ANSWERS can be stdin ('-')",
            "check",
        ));
    }
    let puzzle_input = Input::read(Some(puzzles_file))?;
    let answer_input = Input::read(Some(answers_file))?;
    let format = puzzle_input.format(chosen)?;
    let mut check = Check {
        puzzles: &puzzle_input,
        answer_file: &answer_input,
        sink: Sink::new(),
        answers: None,
        read: 0,
        checked: 0,
        correct: 0,
        invalid: 0,
        unanswered: 0,
        bad: false,
        json,
    };
    let mut puzzles = Lookahead::new(formats::read(&puzzle_input.text, format, read_options));
    // An answer that fits a later puzzle, and that puzzle's number: the puzzles before it
    // have no answer.
    let mut carried: Option<(usize, Answer)> = None;
    while let Some(item) = puzzles.next() {
        check.read += 1;
        let puzzle = match item {
            Ok(puzzle) => puzzle,
            Err(error) => {
                if !check.bad_puzzle(&error)? {
                    return Ok(check.code());
                }
                continue;
            }
        };
        if let Some(&(target, _)) = carried.as_ref().filter(|(t, _)| puzzle.number < *t) {
            let why = format!("the next answer fits puzzle {target}");
            if !check.unanswered(puzzle.number, &why)? {
                return Ok(check.code());
            }
            continue;
        }
        // Built on the first puzzle, whose alphabet the answers are most likely written in.
        let answers = check
            .answers
            .get_or_insert_with(|| Answers::new(&answer_input, format, read_options, &puzzle));
        let next = match carried.take() {
            Some((_, answer)) => Some(answer),
            None => answers.next(&puzzle, &mut check.bad),
        };
        let Some(answer) = next else {
            // The answers have run out: the puzzles left have none (the bad ones named).
            let answered = check.checked;
            let mut left = vec![puzzle.number];
            for item in puzzles.by_ref() {
                match item {
                    Ok(entry) => left.push(entry.number),
                    Err(error) => {
                        if !check.bad_puzzle(&error)? {
                            return Ok(check.code());
                        }
                    }
                }
            }
            let total = answered + check.unanswered + left.len();
            for number in left {
                if !check.unanswered(number, "the answers have run out")? {
                    return Ok(check.code());
                }
            }
            report(&format!(
                "{}: {answered} answers for {total} puzzles in {}",
                answer_input.name, puzzle_input.name
            ));
            break;
        };
        // Not this puzzle's answer, but a correct one of a later puzzle: `solve` wrote none
        // for the puzzles in between. Text answers only: `solve --output json` writes one
        // object for every puzzle. (A wrong answer costs a look at up to 1,000 puzzles,
        // each refused at its first given the grid does not keep, as a rule.)
        if let Answer::Grid {
            grid: Some(grid),
            entry: Some(_),
            ..
        } = &answer
        {
            if !puzzle.puzzle.is_answer(grid) {
                if let Some(target) = puzzles.find(|p| p.puzzle.is_answer(grid)) {
                    let why = format!("the next answer fits puzzle {target}");
                    if !check.unanswered(puzzle.number, &why)? {
                        return Ok(check.code());
                    }
                    carried = Some((target, answer));
                    continue;
                }
            }
        }
        let line = match answer {
            Answer::Grid { grid, entry, pos } => {
                check.checked += 1;
                match verdict(
                    &puzzle,
                    grid.as_deref(),
                    entry.as_deref(),
                    pos,
                    &answer_input,
                ) {
                    None => {
                        check.correct += 1;
                        check.line(puzzle.number, "ok", "ok")
                    }
                    Some(wrong) => check.line(puzzle.number, "wrong", &wrong),
                }
            }
            Answer::Invalid { pos } => {
                check.checked += 1;
                let why = format!(
                    "no answer: the answers call the puzzle invalid ({}:{pos})",
                    answer_input.name
                );
                check.line(puzzle.number, "no_answer", &why)
            }
            Answer::Unreadable { pos } => {
                check.checked += 1;
                check.bad = true;
                let why = format!("unreadable answer ({}:{pos})", answer_input.name);
                check.line(puzzle.number, "unreadable_answer", &why)
            }
        };
        if !check.sink.write(&line)? {
            // The reader has gone; the verdict so far is all there is.
            return Ok(check.code());
        }
    }
    if check.read == 0 {
        return Err(Failure::Input(format!(
            "{}:1:1: the input holds no puzzle",
            puzzle_input.name
        )));
    }
    // Answers past the last puzzle (none when they ran out first) belong to no puzzle.
    let extra = check
        .answers
        .as_mut()
        .map_or(0, |answers| answers.remaining(&mut check.bad));
    let mismatch = (extra > 0).then(|| {
        format!(
            "{}: {} answers for {} puzzles in {}",
            answer_input.name,
            check.checked + extra,
            check.checked + check.unanswered,
            puzzle_input.name
        )
    });
    let mut total = format!("{} of {} answers are correct", check.correct, check.checked);
    match check.unanswered {
        0 => {}
        1 => total.push_str("; 1 puzzle has no answer"),
        n => total.push_str(&format!("; {n} puzzles have no answer")),
    }
    match check.invalid {
        0 => {}
        1 => total.push_str("; 1 invalid puzzle not checked"),
        n => total.push_str(&format!("; {n} invalid puzzles not checked")),
    }
    total.push('\n');
    if json {
        total = format!(
            "{{\"correct\":{},\"checked\":{},\"unanswered\":{},\"invalid\":{}}}\n",
            check.correct, check.checked, check.unanswered, check.invalid
        );
    }
    if check.sink.write(&total)? {
        check.sink.flush()?;
    }
    if let Some(message) = mismatch {
        report(&message);
        check.bad = true;
    }
    Ok(check.code())
}

/// The state of one `check` run.
struct Check<'a> {
    puzzles: &'a Input,
    answer_file: &'a Input,
    sink: Sink,
    answers: Option<Answers<'a>>,
    /// Puzzles read, bad ones counted.
    read: usize,
    /// Answers paired with a puzzle.
    checked: usize,
    correct: usize,
    invalid: usize,
    /// Good puzzles that no answer fits.
    unanswered: usize,
    /// Some input was bad.
    bad: bool,
    /// `--output json`: one object per puzzle, then one for the totals.
    json: bool,
}

/// The most puzzles `check` looks past for the one an answer fits.
const MAX_UNANSWERED_RUN: usize = 1_000;

/// The puzzles of the input, validated, with a window read ahead to find the puzzle an
/// answer fits ([`Lookahead::find`]); at most [`MAX_UNANSWERED_RUN`] are held.
struct Lookahead<I> {
    items: I,
    ahead: std::collections::VecDeque<Result<Entry, InputError>>,
}

impl<I: Iterator<Item = Result<Entry, InputError>>> Lookahead<I> {
    fn new(items: I) -> Lookahead<I> {
        Lookahead {
            items,
            ahead: Default::default(),
        }
    }

    /// The number of the first of the next [`MAX_UNANSWERED_RUN`] puzzles that `fits`
    /// accepts (bad puzzles are passed over), reading ahead as far as needed.
    fn find(&mut self, fits: impl Fn(&Entry) -> bool) -> Option<usize> {
        for i in 0..MAX_UNANSWERED_RUN {
            if i == self.ahead.len() {
                let item = self.items.next()?.and_then(Entry::validated);
                self.ahead.push_back(item);
            }
            if let Ok(entry) = &self.ahead[i] {
                if fits(entry) {
                    return Some(entry.number);
                }
            }
        }
        None
    }
}

impl<I: Iterator<Item = Result<Entry, InputError>>> Iterator for Lookahead<I> {
    type Item = Result<Entry, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.ahead
            .pop_front()
            .or_else(|| Some(self.items.next()?.and_then(Entry::validated)))
    }
}

impl Check<'_> {
    /// Reports a bad puzzle, prints its line, and passes over its answer if the answers say
    /// it is invalid; `Ok(false)` when nobody reads any more.
    fn bad_puzzle(&mut self, error: &InputError) -> Result<bool, Failure> {
        self.bad = true;
        report(&self.puzzles.describe(error));
        let Some(number) = error.puzzle else {
            return Ok(true);
        };
        self.invalid += 1;
        if let Some(answers) = self.answers.as_mut() {
            answers.skip_invalid(&mut self.bad);
        } else if let Some(answers) = Answers::json(self.answer_file) {
            // No good puzzle yet to build the answers on; JSON answers need none.
            let answers = self.answers.insert(answers);
            answers.skip_invalid(&mut self.bad);
        }
        let line = self.line(number, "invalid_puzzle", "invalid puzzle");
        self.sink.write(&line)
    }

    /// Prints that puzzle `number` has no answer, and why; `Ok(false)` when nobody reads
    /// any more.
    fn unanswered(&mut self, number: usize, why: &str) -> Result<bool, Failure> {
        self.unanswered += 1;
        let line = self.line(number, "no_answer", &format!("no answer ({why})"));
        self.sink.write(&line)
    }

    /// Puzzle `number`'s line: `puzzle K: {text}`, or as JSON `{"puzzle": K, "verdict":
    /// verdict, "detail": text}` (no detail for `ok`).
    fn line(&self, number: usize, verdict: &str, text: &str) -> String {
        if !self.json {
            return format!("puzzle {number}: {text}\n");
        }
        if verdict == "ok" {
            return format!("{{\"puzzle\":{number},\"verdict\":\"ok\"}}\n");
        }
        let detail = serde_json::Value::from(text);
        format!("{{\"puzzle\":{number},\"verdict\":\"{verdict}\",\"detail\":{detail}}}\n")
    }

    fn code(&self) -> u8 {
        exit_code(self.bad, self.correct < self.checked || self.unanswered > 0)
    }
}

/// What is wrong with `grid` as an answer to `puzzle` (`None` for no answer), if anything,
/// and where.
fn verdict(
    puzzle: &Entry,
    grid: Option<&[u8]>,
    entry: Option<&Entry>,
    pos: Pos,
    file: &Input,
) -> Option<String> {
    let Some(grid) = grid else {
        return Some(format!("no answer ({}:{pos})", file.name));
    };
    let problem = puzzle.puzzle.check_answer(grid).err()?;
    let pos = entry.map_or(pos, |entry| entry.locate(&problem));
    Some(format!("{problem} ({}:{pos})", file.name))
}

/// One answer of the answer file.
enum Answer {
    /// A grid (`None`: the answer file says there is none) and where it is; `entry` is the
    /// answer as read, to point at a cell (`None` for JSON answers).
    Grid {
        grid: Option<Vec<u8>>,
        entry: Option<Box<Entry>>,
        pos: Pos,
    },
    /// A JSON answer saying its puzzle was invalid.
    Invalid { pos: Pos },
    /// An answer that does not read (reported on stderr when it was read).
    Unreadable { pos: Pos },
}

/// A JSON answer: a `sudoku-lab solve` object (`solution`, maybe `null`, or `status`
/// `invalid`) or a puzzle object with every cell filled (`givens`). Other fields are passed
/// over without being kept.
#[derive(Deserialize)]
struct JsonAnswer {
    status: Option<String>,
    size: Option<usize>,
    givens: Option<Givens>,
    solution: Option<Givens>,
    alphabet: Option<String>,
}

/// The answers of an answer file, read as the puzzles' format family allows, with one
/// answer of lookahead.
struct Answers<'a> {
    input: &'a Input,
    source: Source<'a>,
    /// An answer read ahead, to see whether it marks an invalid puzzle.
    ahead: Option<Raw>,
}

enum Source<'a> {
    Text(Box<dyn Iterator<Item = Result<Entry, InputError>> + 'a>),
    Json(JsonValues<'a, JsonAnswer>),
}

/// An answer as read, before it meets its puzzle (a JSON grid needs the puzzle's size, kind
/// and alphabet to be decoded).
enum Raw {
    Text(Entry),
    Json(JsonValue<JsonAnswer>),
    /// Reported when it was read.
    Unreadable(Pos),
}

impl<'a> Answers<'a> {
    fn new(input: &'a Input, format: Format, options: ReadOptions, first: &Entry) -> Answers<'a> {
        if let Some(answers) = Answers::json(input) {
            return answers;
        }
        let (format, options) = match format {
            // Their answers are grids of numbers, not relation pictures.
            Format::Cqoi | Format::Picture => (Format::Grid, options),
            same => (
                same,
                ReadOptions {
                    alphabet: options.alphabet.or(Some(first.alphabet)),
                    ..options
                },
            ),
        };
        Answers {
            input,
            source: Source::Text(formats::read(&input.text, format, options)),
            ahead: None,
        }
    }

    /// The answers of `input` if they are JSON — what `solve --output json` writes answers
    /// any format's puzzles with.
    fn json(input: &'a Input) -> Option<Answers<'a>> {
        // Detection's first rule: a text that starts (past space and a BOM) with `{` or `[`.
        (formats::detect(&input.text) == Ok(Format::Json)).then(|| Answers {
            input,
            source: Source::Json(json_values(&input.text)),
            ahead: None,
        })
    }

    /// The next answer as read, `None` when none is left. An answer that does not read is
    /// reported and sets `bad`, as does bad input between answers, which is passed over.
    fn read(&mut self, bad: &mut bool) -> Option<Raw> {
        if let Some(raw) = self.ahead.take() {
            return Some(raw);
        }
        loop {
            let error = match &mut self.source {
                Source::Text(entries) => match entries.next()? {
                    Ok(entry) => return Some(Raw::Text(entry)),
                    Err(e) => e,
                },
                Source::Json(values) => match values.next()? {
                    Ok(value) => return Some(Raw::Json(value)),
                    Err(e) => e,
                },
            };
            *bad = true;
            report(&self.input.describe_as(&error, "answer"));
            if error.puzzle.is_some() {
                return Some(Raw::Unreadable(error.pos));
            }
        }
    }

    /// The answer to `puzzle`, `None` when none is left.
    fn next(&mut self, puzzle: &Entry, bad: &mut bool) -> Option<Answer> {
        Some(match self.read(bad)? {
            Raw::Text(entry) => Answer::Grid {
                grid: Some(entry.puzzle.givens().to_vec()),
                pos: entry.pos,
                entry: Some(Box::new(entry)),
            },
            Raw::Unreadable(pos) => Answer::Unreadable { pos },
            Raw::Json(value) => match json_answer(&value.value, puzzle) {
                Ok(Some(grid)) => Answer::Grid {
                    grid,
                    entry: None,
                    pos: value.pos,
                },
                Ok(None) => Answer::Invalid { pos: value.pos },
                Err(message) => {
                    *bad = true;
                    let error = InputError::new(value.pos, message).in_puzzle(value.number);
                    report(&self.input.describe_as(&error, "answer"));
                    Answer::Unreadable { pos: value.pos }
                }
            },
        })
    }

    /// Passes over the next answer if it marks an invalid puzzle (a bad puzzle's answer in
    /// `solve --output json`).
    fn skip_invalid(&mut self, bad: &mut bool) {
        self.ahead = self.read(bad);
        if let Some(Raw::Json(value)) = &self.ahead {
            if value.value.status.as_deref() == Some(INVALID) {
                self.ahead = None;
            }
        }
    }

    /// How many answers are left; unreadable ones are reported and counted.
    fn remaining(&mut self, bad: &mut bool) -> usize {
        let mut n = 0;
        while self.read(bad).is_some() {
            n += 1;
        }
        n
    }
}

/// The status `solve --output json` gives a bad puzzle.
const INVALID: &str = "invalid";

/// A JSON answer's grid (`None` inside: the answer says there is none), or `Ok(None)` when
/// it marks an invalid puzzle.
fn json_answer(answer: &JsonAnswer, puzzle: &Entry) -> Result<Option<Option<Vec<u8>>>, String> {
    if answer.status.as_deref() == Some(INVALID) {
        return Ok(None);
    }
    let Some(givens) = answer.givens.clone().or_else(|| answer.solution.clone()) else {
        return Ok(Some(None));
    };
    let model = JsonPuzzle {
        size: answer.size.unwrap_or(puzzle.puzzle.size()),
        kind: String::new(),
        givens,
        relations: Vec::new(),
        markers: Vec::new(),
        negative: Vec::new(),
        alphabet: answer.alphabet.clone(),
    };
    let options = ReadOptions {
        kind: Some(puzzle.puzzle.kind()),
        alphabet: Some(puzzle.alphabet),
    };
    let (grid, _) = model.to_puzzle(options).map_err(|p| p.message)?;
    Ok(Some(Some(grid.givens().to_vec())))
}
