//! What tracing costs: the same searches with the silent observer and with the recorder at
//! each level, on 9×9 sets, CQOI inequality puzzles and a 16×16 set. Prints µs per puzzle,
//! events per second, premise-table words per event and bytes per event (records and premise
//! table). Run with `cargo bench --bench trace`.

use std::time::Instant;

use sudoku_lab::formats::{self, Alphabet, Format, ReadOptions};
use sudoku_lab::trace::{Level, Recorder, TraceOptions, RECORD_WORDS};
use sudoku_lab::{Options, Propagate, Puzzle, Search, Silent};

/// The puzzles of a file, or of every `.in` file of a directory in name order.
fn load(path: &str, format: Format, alphabet: Option<Alphabet>) -> Vec<Puzzle> {
    let path = format!("{}/../shared/data/{path}", env!("CARGO_MANIFEST_DIR"));
    let read = |p: &std::path::Path| {
        std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    };
    let text = match std::fs::read_dir(&path) {
        Ok(dir) => {
            let mut files: Vec<_> = dir
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect();
            files.sort();
            files.iter().map(|p| read(p) + "\n").collect()
        }
        Err(_) => read(std::path::Path::new(&path)),
    };
    let options = ReadOptions {
        alphabet,
        ..ReadOptions::default()
    };
    formats::read(&text, format, options)
        .map(|e| e.expect("corpus parses").puzzle)
        .collect()
}

/// The median of `runs` timings of `f`, in seconds.
fn median(runs: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    let mut times = Vec::new();
    let mut out = 0;
    for _ in 0..runs {
        let start = Instant::now();
        out = f();
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times[runs / 2], out)
}

fn main() {
    // Without `--bench` (as `cargo test --all-targets` runs it): one quick pass on top95 only.
    let smoke = !std::env::args().any(|a| a == "--bench");
    let sets = [
        (
            "norvig_top95",
            load("poj3074/norvig_top95.in", Format::Poj3074, None),
            9,
        ),
        (
            "top1465",
            load("bench9/puzzles3_magictour_top1465", Format::Line, None),
            3,
        ),
        (
            "cqoi/derived/unique",
            load("cqoi2013/derived/unique", Format::Cqoi, None),
            9,
        ),
        (
            "sixteen/generated_200",
            load(
                "sixteen/generated_200_AP.txt",
                Format::Line,
                Some(Alphabet::Letters),
            ),
            3,
        ),
    ];
    println!(
        "| set | observer | µs per puzzle | events | events per s | premise words per event \
         | bytes per event |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (name, puzzles, runs) in &sets {
        let runs = &if smoke { 1 } else { *runs };
        if smoke && *name != "norvig_top95" {
            continue;
        }
        let n = puzzles.len() as f64;
        let (silent, _) = median(*runs, || {
            let mut search = Propagate::new(&puzzles[0], Options::default(), Silent);
            for p in puzzles {
                search.reset(p);
                search.run();
            }
            0
        });
        println!("| {name} | silent | {:.1} | | | | |", silent * 1e6 / n);
        for level in Level::ALL {
            let options = TraceOptions {
                level,
                max_events: u64::MAX,
            };
            let mut premise_words = 0;
            let (time, events) = median(*runs, || {
                let (mut events, mut words) = (0, 0);
                for p in puzzles {
                    let mut search =
                        Propagate::new(p, Options::default(), Recorder::new(p, options));
                    search.run();
                    events += search.observer().events();
                    words += search.observer().premises().len() as u64;
                }
                premise_words = words;
                events
            });
            let per_event = premise_words as f64 / events.max(1) as f64;
            println!(
                "| {name} | recorder, {} | {:.1} | {events} | {:.2e} | {per_event:.2} | {:.1} |",
                level.name(),
                time * 1e6 / n,
                events as f64 / time,
                (RECORD_WORDS as f64 + per_event) * 4.0
            );
        }
    }
}
