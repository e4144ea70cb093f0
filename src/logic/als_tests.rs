//! Tests of the almost-locked-set techniques and Sue de Coq: on the shared hardest corpora,
//! that no step removes a digit of the solution. (Each on a board built to show it, with its
//! exact step and sentence, is a case of tests/fixtures/techniques/als.json.)

use super::test_boards::{corpus, count_over, finds_sound, hardest, on_paths};
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
            if step.technique != Technique::AlsChain {
                return;
            }
            let text = als_text(step, b);
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

/// An ALS step's text read back (`als_text`): `(stem, sets, links)`, each link the digits
/// joining a set to the next (a chain) or the stem to its petal (a death blossom).
fn read_als_text(text: &str) -> (Option<String>, Vec<Vec<String>>, Vec<Vec<u8>>) {
    let (stem, rest) = match text.split_once(" -") {
        Some((stem, rest)) if text.contains(" | ") => (Some(stem.to_string()), format!("-{rest}")),
        _ => (None, text.to_string()),
    };
    let (mut sets, mut links) = (Vec::new(), Vec::new());
    for part in rest.split(" | ") {
        for (k, piece) in part.split(' ').enumerate() {
            if piece.starts_with('-') && piece.ends_with('-') && piece.len() > 2 {
                let digits = piece.trim_matches('-').split(',');
                links.push(digits.map(|d| d.parse().expect(text)).collect());
            } else {
                assert!(k % 2 == 0 || stem.is_some(), "{text}");
                sets.push(piece.split(',').map(str::to_string).collect());
            }
        }
    }
    (stem, sets, links)
}

/// Every ALS-XZ, ALS-XY-wing, ALS chain and death blossom met on the paths of the hardest
/// corpora's first puzzles (uniqueness techniques included, as the page's engine) carries its
/// sets as text for the page to draw (and the glossary's examples of them): the step's own cells in their order, each set named by
/// the sentence in that order (an ALS-XY-wing's pivot second: the page letters it B), each
/// link a restricted common digit (every place of it in the one set sees every place in the
/// other), a death blossom's stem first and each petal after the stem digit all its places
/// see. Other steps carry none.
#[test]
fn every_als_step_says_its_sets_as_text_in_the_order_its_sentence_names_them() {
    let techniques = [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsChain,
        Technique::DeathBlossom,
    ];
    let mut seen = [0; 4];
    // The glossary's examples (www/js/glossary.js), then the corpora.
    let examples = [
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
        "....7.8..8.5....97...5......1..9.....2...5.3.7....3...2...6.9.......4..246...87..",
    ];
    on_paths(&examples, 60, |step, b| {
        let text = als_text(step, b);
        let Some(i) = techniques.iter().position(|&t| t == step.technique) else {
            assert_eq!(text, None, "{:?}", step.technique);
            return;
        };
        seen[i] += 1;
        let g = b.geometry();
        let text = text.unwrap_or_else(|| panic!("{}: {}", step.technique, sentence(step, b)));
        let (stem, sets, links) = read_als_text(&text);
        let at = |name: &String| -> usize {
            (0..g.cell_count())
                .find(|&c| &words::cell_name(g, c) == name)
                .unwrap()
        };
        let holds = |c: usize, d: u8| b.candidates(c) >> (d - 1) & 1 != 0;
        // Every place of `d` in `x` sees every place of `d` in `y`, and both hold it.
        let restricted = |x: &[usize], y: &[usize], d: u8| {
            let (px, py): (Vec<usize>, Vec<usize>) = (
                x.iter().copied().filter(|&c| holds(c, d)).collect(),
                y.iter().copied().filter(|&c| holds(c, d)).collect(),
            );
            !px.is_empty() && !py.is_empty() && px.iter().all(|&p| py.iter().all(|&q| b.sees(p, q)))
        };
        let cells: Vec<Vec<usize>> = sets.iter().map(|s| s.iter().map(at).collect()).collect();
        let mut named: Vec<String> = stem.iter().cloned().collect();
        named.extend(sets.iter().flatten().cloned());
        let pattern: Vec<String> = step.cells.iter().map(|&c| words::cell_name(g, c)).collect();
        assert_eq!(named, pattern, "{text}");
        // The sentence names the sets (the stem first) in the text's order.
        let words = sentence(step, b);
        let mut from = 0;
        for name in stem.iter().chain(sets.iter().map(|s| &s[0])) {
            let found = words[from..].find(name.as_str());
            from += found.unwrap_or_else(|| panic!("{name} after {from} in {words}"));
        }
        match stem {
            Some(stem) => {
                let stem = at(&stem);
                assert_eq!(
                    sets.len(),
                    b.candidates(stem).count_ones() as usize,
                    "{text}"
                );
                for (petal, digits) in cells.iter().zip(&links) {
                    assert_eq!(digits.len(), 1, "{text}");
                    assert!(holds(stem, digits[0]), "{text}");
                    assert!(restricted(&[stem], petal, digits[0]), "{text}");
                }
                let order: Vec<u8> = links.iter().map(|l| l[0]).collect();
                assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
            }
            None => {
                let want = [2..=2, 3..=3, 4..=6, 0..=0][i].clone();
                assert!(want.contains(&sets.len()), "{text}");
                assert_eq!(links.len(), sets.len() - 1, "{text}");
                for (k, digits) in links.iter().enumerate() {
                    assert!(digits.len() == 1 || i == 0, "{text}");
                    for &d in digits {
                        assert!(restricted(&cells[k], &cells[k + 1], d), "{d} in {text}");
                    }
                }
            }
        }
    });
    eprintln!("{techniques:?}: {seen:?}");
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
