//! Tests of the almost-locked-set techniques and Sue de Coq: on the shared hardest corpora,
//! that no step removes a digit of the solution. (Each on a board built to show it, with its
//! exact step and sentence, is a case of tests/fixtures/techniques/als.json.)

use super::test_boards::{corpus, count_over, finds_sound, hardest};
use super::*;
use crate::puzzle::{givens_of, Puzzle};

const NEW: [Technique; 5] = [
    Technique::SueDeCoq,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsChain,
    Technique::DeathBlossom,
];

/// Applies every technique on each puzzle, checking every step against the solution and
/// on every state met, each new technique's own first step and its sentence; returns how
/// often each new one found a step.
fn sound_on(puzzles: &[Puzzle]) -> [usize; NEW.len()] {
    // Each new technique on every state met, not only where it is the simplest.
    count_over(puzzles, Techniques::ALL, NEW, |t, _, b, solution| {
        finds_sound(t, b, solution)
    })
}

#[test]
fn no_als_or_sue_de_coq_step_removes_a_digit_of_the_solution() {
    let used = sound_on(&hardest(120, 120));
    eprintln!("{NEW:?}: {used:?}");
    // The hardest puzzles call on each of them.
    assert!(used.iter().all(|&n| n > 0), "{used:?}");
}

#[test]
#[ignore]
fn print_sentences() {
    for puzzle in corpus("bench9/puzzles3_magictour_top1465", 40) {
        let mut board = Board::new(&puzzle).unwrap();
        let mut shown = [0; NEW.len()];
        solve_steps(&mut board, Techniques::ALL, 10_000, |_, b| {
            for (i, t) in NEW.into_iter().enumerate() {
                if shown[i] < 1 {
                    if let Some(step) = t.find(b) {
                        shown[i] += 1;
                        eprintln!("{t}: {}\n", sentence(&step, b));
                    }
                }
            }
        });
    }
}

/// The slowest `next_step` met while solving forum_hardest (run in release:
/// `cargo test --release --lib logic::als_tests::slowest -- --ignored --nocapture`).
#[test]
#[ignore]
fn slowest_next_step_on_forum_hardest() {
    let mut worst = std::time::Duration::ZERO;
    let mut stuck = 0;
    for puzzle in corpus("bench9/puzzles6_forum_hardest_1106", 10_000) {
        let mut board = Board::new(&puzzle).unwrap();
        loop {
            let start = std::time::Instant::now();
            let step = next_step(&board, Techniques::ALL);
            worst = worst.max(start.elapsed());
            let Some(step) = step else {
                stuck += usize::from(!board.is_solved());
                break;
            };
            step.apply(&mut board).unwrap();
        }
    }
    eprintln!("worst next_step {worst:?}, stuck {stuck}");
}

/// The slowest call of each new technique on the stuck states of forum_hardest.
#[test]
#[ignore]
fn slowest_new_technique_on_forum_hardest() {
    let mut worst = [std::time::Duration::ZERO; NEW.len()];
    for puzzle in corpus("bench9/puzzles6_forum_hardest_1106", 10_000) {
        let mut board = Board::new(&puzzle).unwrap();
        solve_steps(&mut board, Techniques::ALL, 10_000, |_, _| {});
        for (i, t) in NEW.into_iter().enumerate() {
            let start = std::time::Instant::now();
            let _ = t.find(&board);
            worst[i] = worst[i].max(start.elapsed());
        }
    }
    eprintln!("{NEW:?}: {worst:?}");
}

/// The first top1465 puzzle whose path uses each new technique (for the glossary examples):
/// the path the page's logic engine takes, uniqueness techniques included.
#[test]
#[ignore]
fn examples() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/data/bench9/puzzles3_magictour_top1465"),
    )
    .unwrap();
    let mut found = [false; NEW.len()];
    for line in text.lines().filter(|l| l.len() == 81) {
        let puzzle = Puzzle::classic(givens_of(&line.replace('.', "0"))).unwrap();
        let mut board = Board::new(&puzzle).unwrap();
        let techniques = Techniques::ALL.with_uniqueness();
        solve_steps(&mut board, techniques, 10_000, |step, _| {
            if let Some(i) = NEW.iter().position(|&t| t == step.technique) {
                if !found[i] {
                    found[i] = true;
                    eprintln!("{}: {line}", NEW[i]);
                }
            }
        });
    }
}

/// How many puzzles of each corpus take an ALS chain on the path of the logic engine (all
/// techniques, uniqueness included), how many steps, and the slowest search for one on the
/// states met (`cargo test --release --lib logic::als_tests::als_chains_in -- --ignored
/// --nocapture`).
#[test]
#[ignore]
fn als_chains_in_the_corpora() {
    for (name, take) in [
        ("bench9/puzzles3_magictour_top1465", 10_000),
        ("bench9/puzzles6_forum_hardest_1106", 10_000),
        ("bench9/kaggle3m_subset_puzzles", 500),
    ] {
        let puzzles = corpus(name, take);
        let (mut using, mut steps) = (0, 0);
        let mut worst = std::time::Duration::ZERO;
        for puzzle in &puzzles {
            let mut board = Board::new(puzzle).unwrap();
            let before = steps;
            let techniques = Techniques::ALL.with_uniqueness();
            solve_steps(&mut board, techniques, 10_000, |step, b| {
                steps += usize::from(step.technique == Technique::AlsChain);
                let start = std::time::Instant::now();
                let _ = Technique::AlsChain.find(b);
                worst = worst.max(start.elapsed());
            });
            using += usize::from(steps > before);
        }
        let n = puzzles.len();
        eprintln!("{name}: {using} of {n} puzzles, {steps} steps, slowest {worst:?}");
    }
}

/// An ALS chain step carries its sets for the page to draw (`StepReport::als`): the sets its
/// sentence names, in order, cell for cell the step's pattern, each joined to the next by a
/// digit unlike the one before; other steps carry none.
#[test]
fn an_als_chain_step_says_its_sets_and_links_as_text() {
    // The glossary's example of an ALS chain (www/js/glossary.js).
    let line = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";
    let puzzle = Puzzle::classic(givens_of(&line.replace('.', "0"))).unwrap();
    let mut board = Board::new(&puzzle).unwrap();
    let mut texts = Vec::new();
    solve_steps(
        &mut board,
        Techniques::ALL.with_uniqueness(),
        10_000,
        |step, b| {
            let text = als_text(step, b);
            if step.technique != Technique::AlsChain {
                assert_eq!(text, None, "{:?}", step.technique);
                return;
            }
            let text = text.expect("an ALS chain has sets to draw");
            let words = sentence(step, b);
            let mut cells = Vec::new();
            let mut links: Vec<&str> = Vec::new();
            for (k, part) in text.split(' ').enumerate() {
                if k % 2 == 1 {
                    let digit = part.trim_matches('-');
                    assert!(
                        part.starts_with('-') && part.ends_with('-') && digit.len() == 1,
                        "{text}"
                    );
                    assert_ne!(links.last(), Some(&digit), "{text}");
                    links.push(digit);
                } else {
                    for name in part.split(',') {
                        assert!(words.contains(name), "{name} in {words}");
                        cells.push(name.to_string());
                    }
                }
            }
            assert!((3..=5).contains(&links.len()), "{text}");
            let pattern: Vec<String> = step
                .cells
                .iter()
                .map(|&c| words::cell_name(b.geometry(), c))
                .collect();
            assert_eq!(cells, pattern, "{text}");
            texts.push(text);
        },
    );
    assert!(!texts.is_empty(), "the example's path has an ALS chain");
}
