//! Hard 16×16 and 25×25 classic puzzles, ours beside a SAT solver (issue 30). The sets are
//! files in `benches/data/hard/` (see its README: where each puzzle comes from and how it
//! was chosen), every one unique and minimal or near-minimal: a public collection made to be
//! hard, the hardest of many generated minimal puzzles by search effort, puzzles hill-climbed
//! for effort, and minimal 25×25 ones. Every set has a *tuned* part (looked at while changing
//! the solver) and a *held-out* part (not), in files of their own.
//!
//! Per set and part: ours (`sudoku_lab::solve`, default options: the fast path where one
//! applies), counting to 2 — median and worst ms, nodes and probes; the SAT peer (varisat,
//! `common::sat`: one-hot CNF, counting to 2 with a blocking clause) — encoding and solving
//! apart; and per puzzle the ratio ours / SAT solving, its median and its worst with the
//! puzzle that gives it (1-based line of the part's file). With `CADICAL=1` also CaDiCaL
//! (`../shared/peers/sat_count.py`, needs `pip install python-sat`). Then the targets.
//!
//! Run with `make bench` (or `cargo bench --bench hard`); `BENCH_SETS=16` picks sets by a
//! part of their name (`HARD_DUMP=1` prints each part's worst puzzle on stderr). Under
//! `cargo test --all-targets` it makes a smoke run: one 16×16 puzzle of each 16×16 part, no
//! 25×25 (a minimal 25×25 takes seconds either way).

mod common;

use common::sat::{against_sat, cadical_counts, ratio, Row, Summary};
use common::{median_worst, picked_sets, print_machine, read_puzzles};

use sudoku_lab::formats::{Alphabet, Format};
use sudoku_lab::{Options, Puzzle, Status};

/// A set of hard puzzles: `benches/data/hard/{stem}-tuned.txt` and `{stem}-held-out.txt`,
/// one puzzle a line, `.` empty, letters `A`.. for the digits.
struct Set {
    name: &'static str,
    stem: &'static str,
    /// Held to the minimal 25×25 target (ours ≤ 0.1× the SAT median).
    minimal25: bool,
}

const SETS: &[Set] = &[
    Set {
        name: "16x16 public (blue's ultimate)",
        stem: "hard16-public",
        minimal25: false,
    },
    Set {
        name: "16x16 generated minimal, hardest by work",
        stem: "hard16-generated",
        minimal25: false,
    },
    Set {
        name: "16x16 hill-climbed for work",
        stem: "hard16-climbed",
        minimal25: false,
    },
    Set {
        name: "25x25 public minimal (Frisch)",
        stem: "hard25-public",
        minimal25: true,
    },
    Set {
        name: "25x25 generated minimal",
        stem: "hard25-minimal",
        minimal25: true,
    },
    Set {
        name: "25x25 near-minimal (minimal + given back)",
        stem: "hard25-near-minimal",
        minimal25: false,
    },
];

const PARTS: [&str; 2] = ["tuned", "held-out"];

fn read(stem: &str, part: &str) -> Vec<Puzzle> {
    let path = format!("benches/data/hard/{stem}-{part}.txt");
    read_puzzles(&path, Format::Line, Some(Alphabet::Letters))
}

fn line_of(p: &Puzzle) -> String {
    p.givens()
        .iter()
        .map(|&d| {
            if d == 0 {
                '.'
            } else {
                char::from(b'A' + d - 1)
            }
        })
        .collect()
}

/// What the targets are checked on: per part, its rows and whether it is held to the
/// minimal 25×25 target.
struct Part {
    label: String,
    size: usize,
    minimal25: bool,
    rows: Vec<Row>,
}

fn main() {
    let smoke = !std::env::args().any(|a| a == "--bench");
    let wanted = picked_sets(&[]);
    print_machine();
    let runs = if smoke {
        "smoke run: the first puzzle of each 16×16 part, one run"
    } else {
        "the fastest of 3 runs at 16×16, one run at 25×25"
    };
    println!("Counting to 2, ms per puzzle ({runs}). Ours: `sudoku_lab::solve`, default options. SAT: varisat 0.2, one-hot CNF, encoding apart. Ratio: ours / SAT solving, per puzzle. Worst puzzle: its line in the part's file.");
    println!();
    println!("| set | part | puzzles | givens | ours median | ours worst | nodes median / worst | probes median / worst | SAT encode median | SAT median | SAT worst | ratio median | ratio worst (puzzle) |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut parts: Vec<Part> = Vec::new();
    let mut cadical_note = None;
    for set in SETS {
        if !wanted(set.name) {
            continue;
        }
        for part in PARTS {
            let mut puzzles = read(set.stem, part);
            let size = puzzles.first().map_or(0, Puzzle::size);
            if smoke {
                if size > 16 {
                    continue;
                }
                puzzles.truncate(1);
            }
            let runs = if smoke || size > 16 { 1 } else { 3 };
            // A node limit is a result to report; anything but one solution is a bug.
            let mut rows = against_sat(
                &puzzles,
                runs,
                Options::default(),
                &[Status::Unique, Status::LimitReached],
            );
            if !smoke {
                match cadical_counts(&puzzles) {
                    Ok(counts) => {
                        for (row, (solutions, seconds)) in rows.iter_mut().zip(counts) {
                            assert_eq!(solutions, 1, "line {}: CaDiCaL's count", row.line);
                            row.cadical_s = Some(seconds);
                        }
                    }
                    Err(why) => cadical_note = Some(why),
                }
            }
            let givens: Vec<f64> = puzzles
                .iter()
                .map(|p| p.givens().iter().filter(|&&d| d != 0).count() as f64)
                .collect();
            let (g_lo, g_hi) = (
                givens.iter().copied().fold(f64::INFINITY, f64::min),
                givens.iter().copied().fold(0.0, f64::max),
            );
            let givens = if g_lo == g_hi {
                format!("{g_lo:.0}")
            } else {
                format!("{g_lo:.0}–{g_hi:.0}")
            };
            let summary = Summary::of(&rows);
            let worst = summary.worst;
            let limits = rows
                .iter()
                .filter(|r| r.status == Status::LimitReached)
                .count();
            // A search stopped by the node limit took at least its time.
            let at_least = if limits > 0 {
                format!(" ({limits} stopped at the node limit: ≥)")
            } else {
                String::new()
            };
            println!(
                "| {} | {part} | {} | {givens} | {} |",
                set.name,
                rows.len(),
                summary.cells(&at_least, true),
            );
            if std::env::var_os("HARD_DUMP").is_some() {
                eprintln!(
                    "{} {part} worst #{}: {}",
                    set.name,
                    worst.line,
                    line_of(&puzzles[worst.line - 1])
                );
            }
            parts.push(Part {
                label: format!("{} {part}", set.name),
                size,
                minimal25: set.minimal25,
                rows,
            });
        }
    }
    cadical_table(&parts, cadical_note);
    targets(&parts);
}

/// The CaDiCaL column, when it ran: solve times and ours / CaDiCaL per puzzle.
fn cadical_table(parts: &[Part], note: Option<String>) {
    if let Some(why) = note {
        println!();
        println!("CaDiCaL: skipped ({why}); `CADICAL=1` with python-sat installed adds it.");
        return;
    }
    if parts.is_empty()
        || parts
            .iter()
            .any(|p| p.rows.iter().any(|r| r.cadical_s.is_none()))
    {
        return;
    }
    println!();
    println!("CaDiCaL 1.9.5 (python-sat, `../shared/peers/sat_count.py`: the same encoding, solving timed, one run), ms per puzzle:");
    println!();
    println!(
        "| set | part | CaDiCaL median | CaDiCaL worst | ours / CaDiCaL median | worst (puzzle) |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    for part in parts {
        let of = |r: &Row| r.ours_s / r.cadical_s.unwrap_or(f64::NAN).max(1e-9);
        let (cm, cw) = median_worst(part.rows.iter().map(|r| r.cadical_s.unwrap_or(0.0) * 1e3));
        let (rm, _) = median_worst(part.rows.iter().map(of));
        let worst = part
            .rows
            .iter()
            .max_by(|a, b| of(a).total_cmp(&of(b)))
            .expect("a set has puzzles");
        let (set, which) = part.label.rsplit_once(' ').unwrap_or((&part.label, ""));
        println!(
            "| {set} | {which} | {cm:.2} | {cw:.2} | {} | {} (#{}) |",
            ratio(rm),
            ratio(of(worst)),
            worst.line
        );
    }
}

/// The targets, each with the number that decides it.
fn targets(parts: &[Part]) {
    if parts.is_empty() {
        return;
    }
    let verdict = |met: bool| if met { "met" } else { "NOT met" };
    println!();
    println!("Targets (issue 30):");
    let worst = parts
        .iter()
        .flat_map(|p| p.rows.iter().map(move |r| (r.ratio(), p, r)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((r, part, row)) = worst {
        println!(
            "- ours ≤ 0.1× the SAT peer on every puzzle: worst {} ({} #{}) — {}",
            ratio(r),
            part.label,
            row.line,
            verdict(r <= 0.1)
        );
    }
    let worst16 = parts
        .iter()
        .filter(|p| p.size == 16)
        .flat_map(|p| p.rows.iter().map(move |r| (r.ours_s * 1e3, p, r)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((ms, part, row)) = worst16 {
        println!(
            "- 16×16 worst < 20 ms: {ms:.2} ms ({} #{}) — {}",
            part.label,
            row.line,
            verdict(ms < 20.0)
        );
    }
    for part in parts.iter().filter(|p| p.minimal25) {
        let (om, _) = median_worst(part.rows.iter().map(|r| r.ours_s));
        let (sm, _) = median_worst(part.rows.iter().map(|r| r.sat_s));
        println!(
            "- minimal 25×25 ≤ 0.1× the SAT median, {}: ours median / SAT median {} — {}",
            part.label,
            ratio(om / sm),
            verdict(om <= 0.1 * sm)
        );
    }
}
