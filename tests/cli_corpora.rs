//! Every corpus of the manifest solved by the `sudoku-lab` binary, each answer accepted by
//! `check.py` (and the 9×9 ones by the tests' own checker too).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;

use common::cli::{check_poj3074_answers, code, join, python3, run, stderr, stdout, temp_path};
use common::{data, load};

/// `(mode, input)` rows of MANIFEST.tsv in `mode`, without the 49,151-puzzle file (a release
/// build checks that one: see the Makefile).
fn manifest_rows(mode: &str) -> Vec<String> {
    load("MANIFEST.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let m = fields.next()?;
            let input = fields.next()?;
            (m == mode && !input.contains("royle_sudoku17_all")).then(|| input.to_string())
        })
        .collect()
}

/// One solved manifest row: the input's path and text, and the answers in a temp file.
struct Solved {
    input: PathBuf,
    text: String,
    answers: PathBuf,
    output: String,
}

impl Drop for Solved {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.answers);
    }
}

/// Runs `job` over `items` on a few threads, keeping the order.
fn parallel<T: Sync, R: Send>(items: &[T], job: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let size = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(size)
            .map(|chunk| scope.spawn(|| chunk.iter().map(&job).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker thread finishes"))
            .collect()
    })
}

/// Solves every manifest input of `mode` with `solve --format MODE < INPUT` and has
/// check.py accept the answers. Each row runs `check.py MODE INPUT ANSWERS` as a command,
/// except the hundreds of small derived CQOI rows, which one Python process checks with the
/// same `run_mode` function (a Python start costs more than the whole check).
fn solve_manifest(mode: &str) -> Vec<Solved> {
    let python = python3();
    let rows = manifest_rows(mode);
    assert!(!rows.is_empty(), "no manifest rows for {mode}");
    let solved: Vec<Result<Solved, String>> = parallel(&rows, |input| solve_row(mode, input));
    let failures: Vec<&String> = solved.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        join(&failures)
    );
    let solved: Vec<Solved> = solved.into_iter().filter_map(Result::ok).collect();
    let (batched, single): (Vec<&Solved>, Vec<&Solved>) = solved
        .iter()
        .partition(|s| s.input.to_string_lossy().contains("/derived/"));
    let mut failures: Vec<String> = parallel(&single, |s| check_py(python, mode, s))
        .into_iter()
        .flatten()
        .collect();
    failures.extend(check_py_batch(python, mode, &batched));
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        join(&failures)
    );
    solved
}

fn solve_row(mode: &str, input: &str) -> Result<Solved, String> {
    let path = data(input);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{input}: {e}"))?;
    let solved = run(&["solve", "--format", mode], text.as_bytes());
    if code(&solved) != 0 {
        return Err(format!(
            "{input}: solve exited {}: {}",
            code(&solved),
            stderr(&solved)
        ));
    }
    let answers = temp_path("answers.out");
    std::fs::write(&answers, &solved.stdout).map_err(|e| format!("{input}: {e}"))?;
    Ok(Solved {
        input: path,
        text,
        answers,
        output: stdout(&solved),
    })
}

/// `python3 check.py MODE INPUT ANSWERS`; the complaint when it does not exit 0.
fn check_py(python: &str, mode: &str, s: &Solved) -> Option<String> {
    let checked = Command::new(python)
        .arg(data("check.py"))
        .arg(mode)
        .arg(&s.input)
        .arg(&s.answers)
        .output();
    match checked {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(format!(
            "{}: check.py rejected the answers:\n{}",
            s.input.display(),
            String::from_utf8_lossy(&o.stdout)
        )),
        Err(e) => Some(format!("check.py did not run: {e}")),
    }
}

/// check.py's `run_mode` over many rows in one Python process, as `check.py` itself calls it.
fn check_py_batch(python: &str, mode: &str, rows: &[&Solved]) -> Vec<String> {
    if rows.is_empty() {
        return Vec::new();
    }
    const DRIVER: &str = "\
import sys
sys.path.insert(0, sys.argv[1])
import check
bad = 0
for line in sys.stdin.read().splitlines():
    mode, pin, pout = line.split('\\t')
    try:
        ok = check.run_mode(mode, pin, pout, quiet=True)
    except check.Malformed as e:
        ok = False
        print('MALFORMED %s: %s' % (pin, e))
    if not ok:
        bad += 1
        print('BAD %s' % pin)
sys.exit(1 if bad else 0)
";
    let list: String = rows
        .iter()
        .map(|s| format!("{mode}\t{}\t{}\n", s.input.display(), s.answers.display()))
        .collect();
    let mut child = match Command::new(python)
        .arg("-c")
        .arg(DRIVER)
        .arg(data(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return vec![format!("python3 did not run: {e}")],
    };
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(list.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) if o.status.success() => Vec::new(),
        Ok(o) => vec![format!(
            "check.py's run_mode rejected answers:\n{}",
            String::from_utf8_lossy(&o.stdout)
        )],
        Err(e) => vec![format!("python3 did not finish: {e}")],
    }
}

#[test]
fn every_cqoi_corpus_is_solved_and_accepted_by_check_py() {
    solve_manifest("cqoi");
}

#[test]
fn every_poj3076_corpus_is_solved_and_accepted_by_check_py() {
    solve_manifest("poj3076");
}

#[test]
fn every_poj3074_corpus_is_solved_and_accepted_by_check_py_and_by_an_independent_checker() {
    for solved in solve_manifest("poj3074") {
        check_poj3074_answers(&solved.text, &solved.output);
    }
}
