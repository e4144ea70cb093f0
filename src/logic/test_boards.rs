//! Boards and puzzles for the technique tests (`#[cfg(test)]`): cells by name, candidates
//! set by hand, a step's removals by name, the cases of the fixture files of techniques shown
//! on boards (tests/fixtures/techniques), puzzles of the shared corpora and the check of every
//! step against a puzzle's solution.

use serde::Deserialize;

use super::board::Board;
use super::explain::sentence;
use super::simplest::{solve_steps, Ending};
use super::step::Step;
use super::technique::{Technique, Techniques};
use crate::geometry::Cell;
use crate::puzzle::{givens_of, Marker, MarkerKind, Puzzle};
use crate::search::{solve, Options, Status};

/// The index of a cell named like `r3c7` in a 9×9 grid.
pub(super) fn at(name: &str) -> usize {
    Cell::parse(name).unwrap().index(9)
}

/// The mask of `digits`.
pub(super) fn mask(digits: &[u8]) -> u32 {
    digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
}

/// Digit `d` keeps, in house `house` (`r1`, `c5`, `b3`), only the cells `keep`.
pub(super) fn only(board: &mut Board, d: u8, house: &str, keep: &[&str]) {
    let n: usize = house[1..].parse().unwrap();
    let h = match &house[..1] {
        "r" => n - 1,
        "c" => 9 + n - 1,
        _ => 18 + n - 1,
    };
    let keep: Vec<usize> = keep.iter().map(|k| at(k)).collect();
    for &c in board.geometry().house(h) {
        if !keep.contains(&(c as usize)) {
            board.eliminate(c as usize, 1 << (d - 1));
        }
    }
}

/// Sets the candidates of each named cell.
pub(super) fn set(board: &mut Board, cells: &[(&str, &[u8])]) {
    for &(name, digits) in cells {
        board.restrict(at(name), mask(digits));
    }
}

/// The step's eliminations as `(cell name, digits)`, sorted.
pub(super) fn removed(step: &Step) -> Vec<(String, Vec<u8>)> {
    removed_in(step, 9)
}

/// The step's eliminations on a grid of `size` as `(cell name, digits)`, sorted.
pub(super) fn removed_in(step: &Step, size: usize) -> Vec<(String, Vec<u8>)> {
    let mut list: Vec<(String, Vec<u8>)> = step
        .eliminations
        .iter()
        .map(|(c, s)| (Cell::at(*c, size).to_string(), s.iter().collect()))
        .collect();
    list.sort();
    list
}

/// An empty 9×9 board built to show a technique: each `(d, house, keep)` of `places` leaves
/// digit `d` only the cells `keep` in `house` (see [`only`]), each named cell of `cells` only
/// its digits (see [`set`]).
pub(super) fn board_with(places: &[(u8, &str, &[&str])], cells: &[(&str, &[u8])]) -> Board {
    let mut board = Board::empty(&empty9());
    for &(d, house, keep) in places {
        only(&mut board, d, house, keep);
    }
    set(&mut board, cells);
    board
}

/// A technique on an empty 9×9 board built to show it: a case of a fixture file
/// (tests/fixtures/techniques/*.json, listed in [`SHOWN`]). What the step must be is
/// checked field by field, each `Option` only when the case gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Shown {
    /// The behaviour shown, named in every failure.
    pub name: String,
    /// The pattern in words, for the reader of the file.
    #[serde(default, rename = "why")]
    _why: String,
    /// The technique's name (`x_wing`).
    pub technique: String,
    /// The board: its markers `(cell, kind, cell)` and negative constraints (kinds) …
    #[serde(default)]
    markers: Vec<(String, String, String)>,
    #[serde(default)]
    negative: Vec<String>,
    /// … the digits placed on it …
    #[serde(default)]
    placed: Vec<(String, u8)>,
    /// … digit `d` keeps in `house` only the cells `keep` (see [`only`]) …
    #[serde(default)]
    only: Vec<(u8, String, Vec<String>)>,
    /// … and each named cell keeps only its digits (see [`set`]).
    #[serde(default)]
    cells: Vec<(String, Vec<u8>)>,
    /// Techniques that find nothing on the board (the simpler shape it is not).
    #[serde(default)]
    not: Vec<String>,
    /// The step's cells, in its order.
    pattern: Option<Vec<String>>,
    /// The step's houses.
    houses: Option<Vec<usize>>,
    /// The step's markers (indices into the board's marker rules).
    rules: Option<Vec<usize>>,
    /// The number of nodes of the step's chain.
    nodes: Option<usize>,
    /// The step's rating in tenths (where a step rates above its technique).
    rating: Option<u32>,
    /// What the step places, `(cell, digit)`.
    placements: Option<Vec<(String, u8)>>,
    /// What the step removes: each list of cells with its digits.
    removes: Option<Vec<(Vec<String>, Vec<u8>)>>,
    /// What its sentence says, in parts; how it starts; all of it.
    #[serde(default)]
    says: Vec<String>,
    starts: Option<String>,
    sentence: Option<String>,
    /// The step's almost locked sets as the page draws them (`als_text`).
    als: Option<String>,
    /// A fish's fins as the page draws them apart from its other places (`fins`).
    fins: Option<Vec<String>>,
}

/// The fixture files of techniques shown on boards, by family.
pub(super) const SHOWN: [(&str, &str); 7] = [
    (
        "basic",
        include_str!("../../tests/fixtures/techniques/basic.json"),
    ),
    (
        "als",
        include_str!("../../tests/fixtures/techniques/als.json"),
    ),
    (
        "chains",
        include_str!("../../tests/fixtures/techniques/chains.json"),
    ),
    (
        "fish",
        include_str!("../../tests/fixtures/techniques/fish.json"),
    ),
    (
        "colours",
        include_str!("../../tests/fixtures/techniques/colours.json"),
    ),
    (
        "markers",
        include_str!("../../tests/fixtures/techniques/markers.json"),
    ),
    (
        "uniqueness",
        include_str!("../../tests/fixtures/techniques/uniqueness.json"),
    ),
];

/// The cases of the fixture file of `family`.
pub(super) fn shown(family: &str) -> Vec<Shown> {
    let (_, json) = (SHOWN.iter().find(|(f, _)| *f == family))
        .unwrap_or_else(|| panic!("no fixture file of {family:?}"));
    serde_json::from_str(json).unwrap_or_else(|e| panic!("the fixture file of {family}: {e}"))
}

/// The case named `name` of the fixture file of `family`.
pub(super) fn shown_case(family: &str, name: &str) -> Shown {
    let case = shown(family).into_iter().find(|c| c.name == name);
    case.unwrap_or_else(|| panic!("no case {name:?} in {family}"))
}

fn technique(name: &str) -> Technique {
    Technique::parse(name).unwrap_or_else(|| panic!("no technique {name:?}"))
}

impl Shown {
    /// The empty 9×9 puzzle of the case, with its markers.
    fn puzzle(&self) -> Puzzle {
        if self.markers.is_empty() && self.negative.is_empty() {
            return empty9();
        }
        let kind = |k: &str| MarkerKind::parse(k).unwrap_or_else(|| panic!("no marker {k:?}"));
        let cell = |c: &str| Cell::parse(c).unwrap();
        let markers = (self.markers.iter())
            .map(|(a, k, b)| Marker::new(cell(a), kind(k), cell(b)))
            .collect();
        let negative = self.negative.iter().map(|k| kind(k)).collect();
        empty9().with_markers(markers, negative).unwrap()
    }

    /// The board of the case: placed digits first, then the candidates taken away.
    fn board(&self) -> Board {
        let mut board = Board::empty(&self.puzzle());
        for (cell, digit) in &self.placed {
            board.place(at(cell), *digit).unwrap();
        }
        for (d, house, keep) in &self.only {
            let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
            only(&mut board, *d, house, &keep);
        }
        for (cell, digits) in &self.cells {
            board.restrict(at(cell), mask(digits));
        }
        board
    }

    /// Builds the board and checks the step the technique finds on it; returns both for the
    /// checks a case does not hold.
    pub fn check(&self) -> (Board, Step) {
        let name = &self.name;
        let board = self.board();
        for t in &self.not {
            assert_eq!(technique(t).find(&board), None, "{name}: {t}");
        }
        let step =
            (technique(&self.technique).find(&board)).unwrap_or_else(|| panic!("{name}: no step"));
        if let Some(pattern) = &self.pattern {
            let pattern: Vec<usize> = pattern.iter().map(|c| at(c)).collect();
            assert_eq!(step.cells, pattern, "{name}");
        }
        if let Some(houses) = &self.houses {
            assert_eq!(&step.houses, houses, "{name}");
        }
        if let Some(rules) = &self.rules {
            assert_eq!(&step.markers, rules, "{name}");
        }
        if let Some(nodes) = self.nodes {
            assert_eq!(step.chain.len(), nodes, "{name}: {step:?}");
        }
        if let Some(rating) = self.rating {
            assert_eq!(step.rating(9), rating, "{name}: {step:?}");
        }
        if let Some(placements) = &self.placements {
            let placements: Vec<(usize, u8)> =
                placements.iter().map(|(c, d)| (at(c), *d)).collect();
            assert_eq!(step.placements, placements, "{name}: {step:?}");
        }
        if let Some(removes) = &self.removes {
            let mut gone: Vec<(String, Vec<u8>)> = (removes.iter())
                .flat_map(|(cells, digits)| cells.iter().map(|c| (c.clone(), digits.clone())))
                .collect();
            gone.sort();
            assert_eq!(removed(&step), gone, "{name}: {step:?}");
        }
        let text = sentence(&step, &board);
        for part in &self.says {
            assert!(text.contains(part.as_str()), "{name}: {text}");
        }
        if let Some(start) = &self.starts {
            assert!(text.starts_with(start.as_str()), "{name}: {text}");
        }
        if let Some(whole) = &self.sentence {
            assert_eq!(&text, whole, "{name}");
        }
        if let Some(als) = &self.als {
            let drawn = super::als_text(&step, &board);
            assert_eq!(drawn.as_deref(), Some(als.as_str()), "{name}");
        }
        if let Some(fins) = &self.fins {
            let drawn: Vec<String> = (super::fins(&step, &board).iter())
                .map(|&c| super::words::cell_name(board.geometry(), c))
                .collect();
            assert_eq!(&drawn, fins, "{name}");
        }
        (board, step)
    }
}

/// `list` as `(cell name, digits)`, sorted like [`removed`].
pub(super) fn names(list: &[(&str, &[u8])]) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = list
        .iter()
        .map(|(c, d)| (c.to_string(), d.to_vec()))
        .collect();
    v.sort();
    v
}

/// An empty 9×9 classic puzzle.
pub(super) fn empty9() -> Puzzle {
    Puzzle::classic(vec![0; 81]).unwrap()
}

/// The puzzles of a shared corpus file, one per line (at most `take`).
pub(super) fn corpus(path: &str, take: usize) -> Vec<Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path);
    let text = std::fs::read_to_string(&path).expect("the shared corpus (../shared/data)");
    text.lines()
        .filter(|l| l.len() == 81)
        .take(take)
        .map(|l| Puzzle::classic(givens_of(&l.replace('.', "0"))).unwrap())
        .collect()
}

/// The first `top` puzzles of top1465 and the first `forum` of forum_hardest: the hard
/// corpora the techniques are checked on.
pub(super) fn hardest(top: usize, forum: usize) -> Vec<Puzzle> {
    let mut puzzles = corpus("bench9/puzzles3_magictour_top1465", top);
    puzzles.extend(corpus("bench9/puzzles6_forum_hardest_1106", forum));
    puzzles
}

/// Calls `each` with every step on the logic paths of `examples` (81-symbol lines, `.` empty)
/// and of the first `hard` puzzles of each hard corpus ([`hardest`]), every technique allowed,
/// uniqueness included (as the page's engine).
pub(super) fn on_paths(examples: &[&str], hard: usize, mut each: impl FnMut(&Step, &Board)) {
    let mut puzzles: Vec<Puzzle> = (examples.iter())
        .map(|line| Puzzle::classic(givens_of(&line.replace('.', "0"))).unwrap())
        .collect();
    puzzles.extend(hardest(hard, hard));
    for puzzle in puzzles {
        let mut board = Board::new(&puzzle).unwrap();
        solve_steps(
            &mut board,
            Techniques::ALL.with_uniqueness(),
            10_000,
            &mut each,
        );
    }
}

/// The one solution of `puzzle` (asserted unique).
pub(super) fn solution(puzzle: &Puzzle) -> Vec<u8> {
    let outcome = solve(puzzle, Options::default()).unwrap();
    assert_eq!(outcome.status, Status::Unique);
    outcome.solutions[0].clone()
}

/// Asserts that `step` keeps `solution`: it places only the solution's digits and removes none
/// of them.
pub(super) fn assert_keeps(step: &Step, solution: &[u8]) {
    for &(cell, digit) in &step.placements {
        assert_eq!(solution[cell], digit, "{step:?}");
    }
    for &(cell, digits) in &step.eliminations {
        assert!(
            !digits.contains(solution[cell]),
            "{step:?} removes the solution's {} from {}",
            solution[cell],
            Cell::at(cell, (solution.len() as f64).sqrt() as usize)
        );
    }
}

/// Solves `puzzle` step by step with the techniques `allowed`, each step checked against the
/// puzzle's one solution ([`assert_keeps`]) and then shown to `seen` with the board it was
/// found on and the solution; asserts that the run does not break the board, returns how it
/// ended.
pub(super) fn steps_keep_solution(
    puzzle: &Puzzle,
    allowed: Techniques,
    mut seen: impl FnMut(&Step, &Board, &[u8]),
) -> Ending {
    let solution = solution(puzzle);
    let mut board = Board::new(puzzle).unwrap();
    let ending = solve_steps(&mut board, allowed, 10_000, |step, board| {
        assert_keeps(step, &solution);
        seen(step, board, &solution);
    });
    assert_ne!(ending, Ending::Broken);
    ending
}

/// True when `technique` finds a step on `board`; asserts that it keeps `solution` and is
/// said in a whole sentence (for [`count_over`] on every state met, not only where the
/// technique is the simplest step).
pub(super) fn finds_sound(technique: Technique, board: &Board, solution: &[u8]) -> bool {
    let Some(step) = technique.find(board) else {
        return false;
    };
    assert_keeps(&step, solution);
    let words = sentence(&step, board);
    assert!(words.ends_with('.') && words.len() > 40, "{words}");
    true
}

/// Runs [`steps_keep_solution`] with `allowed` on every puzzle and counts, for each technique
/// of `list`, the steps where `counts(technique, step, board, solution)` says so.
pub(super) fn count_over<const N: usize>(
    puzzles: &[Puzzle],
    allowed: Techniques,
    list: [Technique; N],
    mut counts: impl FnMut(Technique, &Step, &Board, &[u8]) -> bool,
) -> [usize; N] {
    let mut used = [0; N];
    for puzzle in puzzles {
        steps_keep_solution(puzzle, allowed, |step, board, solution| {
            for (i, &t) in list.iter().enumerate() {
                used[i] += usize::from(counts(t, step, board, solution));
            }
        });
    }
    used
}
