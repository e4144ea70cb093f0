//! Tests of the technique library: steps on boards built to show one technique (with the
//! fixtures of every family, tests/fixtures/techniques), and the soundness of every step on
//! the shared corpora (no step removes a digit of the solution).

use super::test_boards::{
    assert_keeps, at, board_with, corpus, count_over, empty9, hardest, mask, names, on_paths,
    removed, removed_in, set, shown, shown_case, steps_keep_solution, SHOWN,
};
use super::*;
use crate::puzzle::{givens_of, Puzzle};

#[test]
fn no_step_removes_a_digit_of_the_solution_on_top1465() {
    let mut stuck = 0;
    let mut counts = [0usize; Technique::COUNT];
    for puzzle in corpus("bench9/puzzles3_magictour_top1465", 200) {
        let ending = steps_keep_solution(&puzzle, Techniques::ALL, |step, _, _| {
            counts[step.technique as usize] += 1;
        });
        stuck += usize::from(ending == Ending::Stuck);
    }
    eprintln!("stuck {stuck}");
    for t in Technique::ALL {
        eprintln!("{t}: {}", counts[t as usize]);
    }
}

#[test]
fn every_technique_asked_on_every_state_keeps_the_solution() {
    // Every technique of the one list (a new one included without naming it here), asked on
    // each state of the solves, not only where it is the simplest; the uniqueness techniques
    // too: these puzzles are unique.
    let puzzles = hardest(12, 12);
    let fired = count_over(
        &puzzles,
        Techniques::ALL,
        Technique::ALL,
        |t, _, b, solution| {
            let Some(step) = t.find(b) else {
                return false;
            };
            assert_keeps(&step, solution);
            true
        },
    );
    let quiet: Vec<Technique> = (Technique::ALL.into_iter().zip(fired))
        .filter(|&(t, n)| n == 0 && !t.uses_relations() && !t.uses_markers())
        .map(|(t, _)| t)
        .collect();
    // Each one of the classic grid is met on these states but BUG+1, which needs every open
    // cell but one to hold two candidates (uniqueness_tests.rs builds its boards).
    assert_eq!(quiet, [Technique::BugPlusOne], "{fired:?}");
}

#[test]
fn a_digit_with_one_place_in_a_block_is_a_hidden_single() {
    let b = board_with(&[(7, "b1", &["r2c3"])], &[]);
    let step = Technique::HiddenSingle.find(&b).unwrap();
    assert_eq!(step.placements, [(at("r2c3"), 7)]);
    assert_eq!(step.houses, [18]);
    assert_eq!(step.rating(9), 12);
}

#[test]
fn the_last_open_cell_of_a_house_is_a_full_house() {
    let p = Puzzle::classic(givens_of("12345678. ........ . ........ . ........ . ........ . ........ . ........ . ........ . ........ .")).unwrap();
    let b = Board::new(&p).unwrap();
    let step = Technique::FullHouse.find(&b).unwrap();
    assert_eq!(step.placements, [(at("r1c9"), 9)]);
}

#[test]
fn a_cell_with_one_candidate_is_a_naked_single() {
    let b = board_with(&[], &[("r4c4", &[6])]);
    let step = Technique::NakedSingle.find(&b).unwrap();
    assert_eq!(step.placements, [(at("r4c4"), 6)]);
}

#[test]
fn every_shown_technique_removes_what_its_pattern_proves() {
    // The fixtures of every family: singles to wings, almost locked sets, chains, colours,
    // markers, uniqueness.
    for (family, _) in SHOWN {
        for case in shown(family) {
            case.check();
        }
    }
}

#[test]
fn a_naked_pair_clears_its_digits_from_the_house() {
    let b = board_with(&[], &[("r1c4", &[3, 6]), ("r1c8", &[3, 6])]);
    let step = Technique::NakedPair.find(&b).unwrap();
    assert_eq!(step.cells, [at("r1c4"), at("r1c8")]);
    assert_eq!(step.eliminations.len(), 7);
    assert!(step
        .eliminations
        .iter()
        .all(|(_, s)| s.bits() == mask(&[3, 6])));
}

#[test]
fn a_hidden_triple_strips_its_cells() {
    let keep: &[&str] = &["r1c2", "r4c2", "r8c2"];
    let b = board_with(&[(1, "c2", keep), (5, "c2", keep), (9, "c2", keep)], &[]);
    let step = Technique::HiddenTriple.find(&b).unwrap();
    assert_eq!(step.cells, [at("r1c2"), at("r4c2"), at("r8c2")]);
    for (_, s) in &step.eliminations {
        assert_eq!(s.bits(), mask(&[2, 3, 4, 6, 7, 8]));
    }
}

#[test]
fn an_x_wing_clears_its_columns() {
    let b = board_with(
        &[(5, "r2", &["r2c3", "r2c8"]), (5, "r7", &["r7c3", "r7c8"])],
        &[],
    );
    let step = Technique::XWing.find(&b).unwrap();
    assert_eq!(step.houses, [1, 6, 11, 16]);
    assert_eq!(step.eliminations.len(), 14);
    let gone: Vec<usize> = step.eliminations.iter().map(|e| e.0).collect();
    assert!(gone.contains(&at("r5c3")) && gone.contains(&at("r9c8")));
}

#[test]
fn a_swordfish_needs_three_lines() {
    let places: &[(u8, &str, &[&str])] = &[
        (8, "c1", &["r1c1", "r5c1"]),
        (8, "c4", &["r5c4", "r9c4"]),
        (8, "c7", &["r1c7", "r9c7"]),
    ];
    let b = board_with(places, &[]);
    assert!(Technique::XWing.find(&b).is_none());
    let step = Technique::Swordfish.find(&b).unwrap();
    assert_eq!(step.houses, [9, 12, 15, 0, 4, 8]);
    // Row 1, 5 and 9 lose 8 outside columns 1, 4 and 7.
    assert_eq!(step.eliminations.len(), 18);
}

#[test]
fn an_x_chain_finds_the_shortest_chain_and_names_it() {
    let (b, step) = shown_case("basic", "an x-chain finds the shortest chain").check();
    let on: Vec<bool> = step.chain.iter().map(|n| n.on).collect();
    assert_eq!(on, [false, true, false, true, false, true]);
    let text = chain_text(&step, b.geometry());
    assert!(
        text == "2r1c1 = 2r1c4 − 2r6c4 = 2r6c8 − 2r9c8 = 2r9c2"
            || text == "2r9c2 = 2r9c8 − 2r6c8 = 2r6c4 − 2r1c4 = 2r1c1",
        "{text}"
    );
}

/// A puzzle of `kind` and `size` with no givens and the relations `(smaller, larger)`.
fn related(
    kind: crate::puzzle::Kind,
    size: usize,
    givens: Vec<u8>,
    pairs: &[(&str, &str)],
) -> Puzzle {
    let rels = pairs
        .iter()
        .map(|(a, b)| {
            crate::puzzle::Relation::new(
                crate::geometry::Cell::parse(a).unwrap(),
                true,
                crate::geometry::Cell::parse(b).unwrap(),
            )
        })
        .collect();
    Puzzle::new(kind, size, givens, rels).unwrap()
}

#[test]
fn a_chain_of_four_relations_pins_each_cell_to_its_rank() {
    use crate::puzzle::Kind;
    let p = related(
        Kind::Futoshiki,
        5,
        vec![0; 25],
        &[("r1c1", "r1c2"), ("r1c2", "r1c3"), ("r1c3", "r1c4")],
    );
    let b = Board::new(&p).unwrap();
    let step = Technique::ChainBound.find(&b).unwrap();
    assert_eq!(step.relations.len(), 3);
    assert_eq!(
        removed_in(&step, 5),
        names(&[
            ("r1c1", &[3, 4, 5]),
            ("r1c2", &[1, 4, 5]),
            ("r1c3", &[1, 2, 5]),
            ("r1c4", &[1, 2, 3])
        ])
    );
    let text = sentence(&step, &b);
    assert!(
        text.starts_with("r1c1, r1c2, r1c3 and r1c4 form a chain of 4 cells"),
        "{text}"
    );
}

#[test]
fn a_relation_with_a_placed_cell_bounds_its_partner() {
    use crate::puzzle::Kind;
    let mut givens = vec![0; 25];
    givens[1] = 3;
    let p = related(Kind::Futoshiki, 5, givens, &[("r1c1", "r1c2")]);
    let b = Board::new(&p).unwrap();
    let step = Technique::RelationBound.find(&b).unwrap();
    assert_eq!(removed_in(&step, 5), names(&[("r1c1", &[4, 5])]));
    assert_eq!(
        sentence(&step, &b),
        "r1c1 < r1c2: r1c1 must be below the largest candidate of r1c2, so r1c1 loses 4 and 5."
    );
}

#[test]
fn a_cell_above_two_cells_of_a_row_is_at_least_three() {
    use crate::puzzle::Kind;
    let p = related(
        Kind::Futoshiki,
        5,
        vec![0; 25],
        &[("r1c1", "r1c2"), ("r1c3", "r1c2")],
    );
    let b = Board::new(&p).unwrap();
    let step = Technique::HouseBound.find(&b).unwrap();
    assert_eq!(removed_in(&step, 5), names(&[("r1c2", &[1, 2])]));
    assert_eq!(step.houses, [0]);
    assert_eq!(step.relations.len(), 2);
}

#[test]
fn an_ordered_pair_takes_its_digits_by_rank() {
    use crate::puzzle::Kind;
    let p = related(Kind::Inequality, 9, vec![0; 81], &[("r1c1", "r1c2")]);
    let mut b = Board::new(&p).unwrap();
    set(&mut b, &[("r1c1", &[4, 7]), ("r1c2", &[4, 7])]);
    let step = Technique::OrderedSubset.find(&b).unwrap();
    assert_eq!(removed(&step), names(&[("r1c1", &[7]), ("r1c2", &[4])]));
}

#[test]
fn relation_techniques_find_nothing_without_relations() {
    let p = empty9();
    let b = Board::empty(&p);
    for t in Technique::ALL.into_iter().filter(|t| t.uses_relations()) {
        assert!(t.find(&b).is_none(), "{t}");
    }
}

#[test]
fn every_technique_has_a_rating_in_order_and_a_title() {
    let ratings: Vec<u32> = Technique::ALL.iter().map(|t| t.rating()).collect();
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
    for t in Technique::ALL {
        assert!(!t.title().is_empty());
        assert_eq!(Technique::parse(t.name()), Some(t));
    }
}

#[test]
fn chains_get_longer_harder() {
    use super::step::chain_length_bonus;
    assert_eq!(chain_length_bonus(4), 0);
    assert_eq!(chain_length_bonus(5), 0);
    assert_eq!(chain_length_bonus(6), 1);
    assert_eq!(chain_length_bonus(8), 2);
    assert_eq!(chain_length_bonus(10), 3);
}

#[test]
fn invalid_relations_end_in_no_step_rather_than_a_loop_or_a_panic() {
    use crate::puzzle::Kind;
    // A cycle, and a chain of five cells in a 4×4 grid: validation refuses both puzzles, but
    // the library's own entry points must not loop or panic on them either.
    let [cycle, long] = [
        [
            ("r1c1", "r1c2"),
            ("r1c2", "r2c2"),
            ("r2c2", "r2c1"),
            ("r2c1", "r1c1"),
        ],
        [
            ("r1c1", "r1c2"),
            ("r1c2", "r1c3"),
            ("r1c3", "r1c4"),
            ("r1c4", "r2c4"),
        ],
    ]
    .map(|pairs| related(Kind::Futoshiki, 4, vec![0; 16], &pairs));
    assert!(long.validate().is_err() && cycle.validate().is_err());
    let b = Board::new(&long).unwrap();
    assert_eq!(
        Technique::ChainBound.find(&b),
        None,
        "no bound from a chain longer than N"
    );
    for p in [&cycle, &long] {
        // It ends, and what it says is a grade.
        let g = grade(p, Techniques::ALL);
        assert!(g.score > 0, "{g:?}");
    }
}

#[test]
fn a_board_with_two_placed_cells_that_break_their_relation_is_broken() {
    use crate::geometry::Cell;
    use crate::puzzle::{Kind, Relation};
    let relation = Relation::new(Cell::new(0, 0), true, Cell::new(0, 1));
    let puzzle = Puzzle::new(Kind::Futoshiki, 4, vec![0; 16], vec![relation]).unwrap();
    let mut board = Board::empty(&puzzle);
    board.fix(0, 3);
    board.fix(1, 2);
    assert_eq!(board.fault(), Some(Fault::Relation(0)));
    assert!(board.is_broken());
}

/// The direct forms, in the order they are tried.
const DIRECT: [Technique; 4] = [
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::DirectHiddenTriple,
];

/// How many steps of each direct form the grade's techniques take on `puzzles`, every step
/// checked against the puzzle's solution.
fn direct_steps(puzzles: &[Puzzle]) -> [usize; 4] {
    count_over(puzzles, Techniques::GRADED, DIRECT, |t, step, _, _| {
        step.technique == t
    })
}

#[test]
fn direct_forms_place_only_digits_of_the_solution_on_kaggle() {
    // Easy puzzles, where the direct forms come before the naked singles (top1465 above
    // checks them on hard ones).
    let used = direct_steps(&corpus("bench9/kaggle3m_subset_puzzles", 300));
    eprintln!("{DIRECT:?}: {used:?}");
    assert!(used[0] > 0 && used[2] > 0 && used[3] > 0, "{used:?}");
    // On 9×9 a direct claiming never comes first: the band's third block holds the digit on
    // one line only, so it points (or holds a hidden single) and leaves the same single.
    assert_eq!(used[1], 0, "{used:?}");
}

#[test]
fn direct_claiming_places_only_digits_of_the_solution_on_8x8() {
    use crate::generate::{generate, Request};
    use crate::puzzle::Kind;
    // An 8×8 column meets four blocks of two rows: a claiming there has no pointing block to
    // stand in for it.
    let request = Request {
        seed: 32,
        ..Request::new(Kind::Classic, 8)
    };
    let generated = generate(&request, 200).unwrap();
    let puzzles: Vec<Puzzle> = generated.into_iter().map(|g| g.puzzle).collect();
    let used = direct_steps(&puzzles);
    eprintln!("{DIRECT:?}: {used:?}");
    assert!(used[1] > 0, "{used:?}");
}

#[test]
fn a_direct_form_comes_before_a_naked_single() {
    // The direct pointing of the fixture, beside a cell with one candidate.
    let b = board_with(
        &[(4, "b1", &["r1c1", "r1c2"]), (4, "b2", &["r1c5", "r2c4"])],
        &[("r9c9", &[8])],
    );
    let step = next_step(&b, Techniques::GRADED).unwrap();
    assert_eq!(step.technique, Technique::DirectPointing);
    assert_eq!(step.placements, [(at("r2c4"), 4)]);
}

/// Every step met on the paths of the glossary's fish examples (www/js/glossary.js) and the
/// hardest corpora's first puzzles (all techniques, uniqueness included, as the page's
/// engine): a finned fish's fins are the places of its pattern outside every cover line, at
/// least one; a Franken or mutant fish's are those outside every cover house or in two base
/// houses; either way a part of its pattern, in its order, and exactly the cells its
/// sentence names after "but for the fin(s)" (none named when it has none). Every other
/// step has none, and its sentence names no fin.
#[test]
fn a_fishs_fins_are_the_pattern_places_its_sentence_names_as_fins() {
    use Technique as T;
    // Each fish, and how many of its steps had fins.
    let mut seen = [
        (T::FinnedXWing, 0),
        (T::FinnedSwordfish, 0),
        (T::FinnedJellyfish, 0),
        (T::FrankenFish, 0),
        (T::MutantFish, 0),
    ];
    let examples = [
        "43.8.......7.....35..1..9...92....6415.........3.9.8........65.37164.......7.2...",
        ".....1....3.8..9649.2..781......42..1..9.8..7..7....9.8.4.36.....92.....27....3..",
        ".6.24.3..4....6....9.7..5....2...4..97..1482..1..2...95..............97...15.....",
        "1..6......7.3.9.4...4.7...2.1.7....9.37...2..5.......6.....59....2.3....78..1....",
        "2....8.5...3....6..7...2..4..6..73.....24...7.8.6...........4.....19....91......3",
    ];
    on_paths(&examples, 40, |step, b| {
        let g = b.geometry();
        let found = fins(step, b);
        let text = sentence(step, b);
        let Some(i) = seen.iter().position(|&(t, _)| t == step.technique) else {
            assert!(found.is_empty(), "{:?}: {found:?}", step.technique);
            assert!(!text.contains("but for the fin"), "{text}");
            return;
        };
        let at: Vec<usize> = (found.iter())
            .map(|c| step.cells.iter().position(|p| p == c).expect(&text))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
        let n = step.technique.size();
        if n > 0 {
            assert!(!found.is_empty(), "{text}");
            let cover = &step.houses[n..2 * n];
            for &c in &step.cells {
                let covered = cover.iter().any(|&h| g.houses_of(c).contains(&(h as u16)));
                assert_eq!(found.contains(&c), !covered, "{text}");
            }
        }
        seen[i].1 += usize::from(!found.is_empty());
        let named = match found.len() {
            0 => None,
            1 => Some(format!("but for the fin {} ", words::cells(g, &found))),
            _ => Some(format!("but for the fins {} ", words::cells(g, &found))),
        };
        match named {
            Some(named) => assert!(text.contains(&named), "{named} in {text}"),
            None => assert!(!text.contains("but for the fin"), "{text}"),
        }
    });
    eprintln!("{seen:?}");
    assert!(seen.iter().all(|&(_, n)| n > 0), "{seen:?}");
}

/// A run of steps remembers what its one-digit techniques found nothing on ([`barren`]);
/// it takes exactly the steps of boards looked at one at a time, in SE's forms (the grade)
/// and in all forms (hints, Explain), on the hard corpora.
#[test]
fn a_run_of_steps_takes_the_steps_of_boards_looked_at_one_by_one() {
    let mut one_digit = 0;
    for allowed in [Techniques::GRADED, Techniques::ALL.with_uniqueness()] {
        for puzzle in hardest(25, 25) {
            let mut run = Vec::new();
            let mut board = Board::new(&puzzle).unwrap();
            solve_steps(&mut board, allowed, 10_000, |step, _| {
                run.push(step.clone())
            });
            let mut board = Board::new(&puzzle).unwrap();
            let mut alone = Vec::new();
            while let Some(step) = next_step(&board, allowed) {
                step.apply(&mut board).unwrap();
                alone.push(step);
            }
            assert_eq!(run, alone);
            one_digit += (run.iter())
                .filter(|s| {
                    use Technique as T;
                    let fish = [T::XWing, T::Swordfish, T::FinnedXWing, T::FinnedSwordfish];
                    s.technique == T::XChain || fish.contains(&s.technique)
                })
                .count();
        }
    }
    // The memo is tried where it matters: steps of the techniques it skips are on the paths.
    assert!(one_digit >= 10, "{one_digit}");
}
