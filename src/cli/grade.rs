//! `sudoku-lab grade`: how hard every puzzle is for a person — score, level, the hardest
//! technique needed, and whether it needs guessing.

use std::ffi::OsString;

use sudoku_lab::logic::{grade as grade_puzzle, GradeReport, Path, Techniques};
use sudoku_lab::{EngineKind, Options, Status};

use super::answers::{invalid_line, name};
use super::args::{self, Spec};
use super::batch::{threads, Puzzles};
use super::exit::{exit_code, Failure, EXIT_OK};
use super::input::Input;
use super::output::Sink;

pub const HELP: &str = "\
Usage: sudoku-lab grade [OPTIONS] [FILE]

Grades every puzzle of FILE (stdin when left out or '-') by the techniques a person needs,
one line per puzzle: the score, the level, and the hardest technique with how many steps
used it — or, when the library's techniques stop short, the guesses a search needs from
there:

  2.3 easy naked_single×12
  4.2 hard xy_wing×1
  8.4 guessing 4 guesses (after aic×2)

The score follows Sudoku Explainer's scale where a technique has an SE rating (hidden
single 1.2–1.5, naked single 2.3, pointing 2.6, naked pair 3.0, X-wing 3.2, XY-wing 4.2,
jellyfish 5.2, X-chain 6.5, AIC 7.0 and up with length); 8.0 and above means the puzzle
needs guessing, a tenth more per guess. Levels: easy (to 2.3), medium (to 2.9), hard (to
4.5), expert (to 6.0), extreme (chains), guessing. docs/src/techniques.md lists
every technique and its rating.

A puzzle without exactly one solution is not graded: its line says 'not unique' or 'no
solution'.

With --steps each grade line is followed by the path the grade follows, one step a line —
its technique, rating and sentence, as a hint says it — then how the path ends (solved, or
stuck where the next move is a guess): the list to compare with HoDoKu's solution path.

  1.2 easy hidden_single×30
    1. hidden single (1.2): In block 2, 8 has one place left, so 8 goes in r1c6.
    …
    51. full house (1.0): r9c7 is the last open cell of block 9, so 1 goes in r9c7.
    solved

Options:
  --output O        text (default) or json: one object per line, {\"puzzle\": K, \"score\": 4.2,
                    \"level\": \"hard\", \"hardest\": \"xy_wing\", \"hardest_steps\": 1,
                    \"needs_guessing\": false, \"guesses\": 0, \"steps\": {\"hidden_single\": 31, …}}
                    (with --steps also \"path\": [{\"technique\", \"title\", \"rating\",
                    \"placements\", \"eliminations\", \"cells\", \"houses\", \"digits\",
                    \"relations\", \"sentence\"}, …] and \"path_end\": \"solved\", \"stuck\", …)
  --steps           also write each puzzle's path, step by step
  --format F        input format: line, grid, poj3074, poj3076, cqoi, picture, json, fpuzzles, auto
  --kind K          classic, inequality, futoshiki or auto
  --alphabet A      digits, letters, alnum, hex, numbers or auto
  --threads N       check N puzzles' solutions at once, 1 to 256 (default: one per core)
  -h, --help        show this help

A bad puzzle is named on stderr as 'FILE:LINE:COL: puzzle K: what' and its line says
'invalid'.

Exit status: 0 every puzzle graded, 1 some puzzle has no unique solution, 2 some input was
bad (2 wins over 1) or bad usage, 3 internal error.
";

const SPEC: Spec = Spec::new(
    "grade",
    &["output", "format", "kind", "alphabet", "threads"],
    &["steps"],
);

pub fn grade(args: Vec<OsString>) -> Result<u8, Failure> {
    let Some(parsed) = args::parse_or_help(args, &SPEC, HELP)? else {
        return Ok(EXIT_OK);
    };
    let json = parsed.json_output(SPEC.command)?;
    let with_path = parsed.switch("steps");
    let chosen = parsed.format("format", SPEC.command)?;
    let read_options = parsed.read_options(SPEC.command)?;
    let threads = threads(&parsed, SPEC.command)?;
    let file = parsed.single_input(SPEC.command)?;

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
            let grade = GradeReport::of(&grade_puzzle(&entry.puzzle, Techniques::ALL));
            let path = with_path.then(|| Path::of(&entry.puzzle, Techniques::ALL));
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
