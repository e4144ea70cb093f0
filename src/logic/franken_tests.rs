//! Tests of the Franken and mutant fish: on the shared hardest corpora, that no step removes
//! a digit of the solution; how often each is found and how long the slowest search takes.
//! (Each on a board where it is the next step, with its exact step and sentence, is a case
//! of tests/fixtures/techniques/fish.json, checked with every family's.)

use super::test_boards::{corpus, count_over, finds_sound, hardest};
use super::*;
use crate::geometry::Cell;
use crate::puzzle::Puzzle;

const NEW: [Technique; 2] = [Technique::FrankenFish, Technique::MutantFish];

#[test]
fn no_franken_or_mutant_fish_removes_a_digit_of_the_solution() {
    // Each on every state met, not only where it is the simplest step.
    let used = count_over(
        &hardest(60, 60),
        Techniques::ALL,
        NEW,
        |t, _, b, solution| finds_sound(t, b, solution),
    );
    eprintln!("{NEW:?}: {used:?}");
    assert!(used.iter().all(|&n| n > 0), "{used:?}");
}

/// How many puzzles of each corpus take each fish on the path of the logic engine (all
/// techniques, uniqueness included), how many steps, on how many states met each finds
/// one, and the slowest search on those states (`cargo test --release --lib
/// logic::franken_tests::census -- --ignored --nocapture`; a running total every 100
/// puzzles, and the first states where each is found).
#[test]
#[ignore]
fn census() {
    for (name, take) in [
        ("bench9/puzzles6_forum_hardest_1106", 10_000),
        ("bench9/puzzles3_magictour_top1465", 10_000),
    ] {
        let puzzles = corpus(name, take);
        let (mut using, mut steps, mut found) = ([0; 2], [0; 2], [0; 2]);
        let mut worst = [std::time::Duration::ZERO; 2];
        let mut states = 0;
        for (k, puzzle) in puzzles.iter().enumerate() {
            let mut board = Board::new(puzzle).unwrap();
            let before = steps;
            let techniques = Techniques::ALL.with_uniqueness();
            let ending = solve_steps(&mut board, techniques, 10_000, |step, b| {
                states += 1;
                for (i, t) in NEW.into_iter().enumerate() {
                    steps[i] += usize::from(step.technique == t);
                    let start = std::time::Instant::now();
                    let seen = t.find(b);
                    worst[i] = worst[i].max(start.elapsed());
                    if let Some(fish) = seen {
                        found[i] += 1;
                        if step.technique == t && steps[i] <= 2 {
                            let next = step.technique;
                            eprintln!("{t} ({next:?} next): {}", puzzle_line(puzzle));
                            eprintln!("  {}\n  {}", sentence(&fish, b), state(b));
                        }
                    }
                }
            });
            if ending == Ending::Stuck {
                for (i, t) in NEW.into_iter().enumerate() {
                    let start = std::time::Instant::now();
                    let _ = t.find(&board);
                    worst[i] = worst[i].max(start.elapsed());
                }
            }
            for i in 0..2 {
                using[i] += usize::from(steps[i] > before[i]);
            }
            if (k + 1) % 100 == 0 || k + 1 == puzzles.len() {
                eprintln!(
                    "{name}: {} puzzles, {states} states; {NEW:?}: puzzles {using:?}, steps \
                     {steps:?}, states where found {found:?}, slowest {worst:?}",
                    k + 1
                );
            }
        }
    }
}

/// A board as a fixture case's `placed` and `cells`.
fn state(b: &Board) -> String {
    let name = |c: usize| Cell::at(c, 9).to_string();
    let placed: Vec<String> = (0..81)
        .filter(|&c| !b.is_open(c))
        .map(|c| format!("[\"{}\", {}]", name(c), b.value(c)))
        .collect();
    let cells: Vec<String> = (0..81)
        .filter(|&c| b.is_open(c))
        .map(|c| {
            let ds: Vec<String> = (1..=9u8)
                .filter(|d| b.candidates(c) >> (d - 1) & 1 != 0)
                .map(|d| d.to_string())
                .collect();
            format!("[\"{}\", [{}]]", name(c), ds.join(", "))
        })
        .collect();
    format!(
        "\"placed\": [{}], \"cells\": [{}]",
        placed.join(", "),
        cells.join(", ")
    )
}

/// The puzzle's givens as a line.
fn puzzle_line(puzzle: &Puzzle) -> String {
    (puzzle.givens().iter())
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}
