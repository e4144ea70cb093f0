//! The sentences of simple colours, multi colours and the WXYZ-wing: the colours named
//! cell by cell, and the one sight (or the trapped cells) that makes the step.

use crate::digits::DigitSet;

use super::board::Board;
use super::colours::{clusters, seeing_pair, seen, Cluster};
use super::step::Step;
use super::technique::Technique;
use super::view::View;
use super::words::{cell_name, cells, digits};

/// The sentence of a colouring step or WXYZ-wing; `effect` is "so 7 leaves …".
pub(super) fn sentence(step: &Step, board: &Board, effect: &str) -> String {
    match step.technique {
        Technique::WxyzWing => wxyz(step, board, effect),
        Technique::MultiColours => multi(step, board, effect),
        _ => simple(step, board, effect),
    }
}

/// The cluster of the step's digit that `seed` is in, `seed` in its first colour.
fn cluster_of(board: &Board, d: u8, seed: usize) -> Option<Cluster> {
    clusters(&View::new(board), d, Some(seed))
        .into_iter()
        .next()
}

const INTRO: &str = "joined by strong links (the only two places of the digit in a house)";

fn simple(step: &Step, board: &Board, effect: &str) -> String {
    let d = step.digits.iter().next().unwrap_or(1);
    let Some(k) = cluster_of(board, d, step.cells[0]) else {
        return format!("Colour the places of {d} {INTRO}, {effect}.");
    };
    let [a, b] = &k.colours;
    let head = format!(
        "Colour the places of {d} {INTRO} in two colours, alternating along the links: one colour holds {d} in every place, the other in none — A: {}; B: {}",
        cells(board.geometry(), a),
        cells(board.geometry(), b)
    );
    let gone: Vec<usize> = step.eliminations.iter().map(|e| e.0).collect();
    if gone.iter().all(|c| a.contains(c)) {
        let (x, y) = seeing_pair(board, a).unwrap_or((a[0], a[0]));
        return format!(
            "{head}. {} and {} both have colour A and see each other, so A cannot hold {d}: B does, {effect}.",
            cell_name(board.geometry(), x),
            cell_name(board.geometry(), y)
        );
    }
    let sights = sights(board, &gone, [(a, "A"), (b, "B")]);
    format!("{head}. {sights}: whichever colour holds {d}, each of them sees it, {effect}.")
}

/// "r3c4 sees r1c4 (A) and r3c9 (B); r5c5 sees …".
fn sights(board: &Board, gone: &[usize], colours: [(&[usize], &str); 2]) -> String {
    let g = board.geometry();
    let one = |c: usize| {
        let parts = colours.map(|(cells, name)| {
            let s = seen(board, c, cells).unwrap_or(c);
            format!("{} ({name})", cell_name(g, s))
        });
        format!("{} sees {} and {}", cell_name(g, c), parts[0], parts[1])
    };
    gone.iter().map(|&c| one(c)).collect::<Vec<_>>().join("; ")
}

fn multi(step: &Step, board: &Board, effect: &str) -> String {
    let d = step.digits.iter().next().unwrap_or(1);
    let g = board.geometry();
    let p = cluster_of(board, d, step.cells[0]);
    let q = p.as_ref().and_then(|p| {
        let seed = step
            .cells
            .iter()
            .copied()
            .find(|&c| !p.colours.iter().any(|s| s.contains(&c)))?;
        cluster_of(board, d, seed)
    });
    let (Some(p), Some(q)) = (p, q) else {
        return format!("Colour two clusters of the places of {d} {INTRO}, {effect}.");
    };
    let head = format!(
        "Colour the places of {d} {INTRO}: two clusters, each in two colours alternating along its links, one colour of each holding {d} in every place, the other in none — A: {}, A′: {}; B: {}, B′: {}",
        cells(g, &p.colours[0]),
        cells(g, &p.colours[1]),
        cells(g, &q.colours[0]),
        cells(g, &q.colours[1])
    );
    // "r1c1 (A) sees r1c7 (B)": a place of `mine` that sees one of `theirs`.
    let sight = |mine: &[usize], m: &str, theirs: &[usize], t: &str| {
        mine.iter()
            .find_map(|&x| seen(board, x, theirs).map(|y| (x, y)))
            .map(|(x, y)| format!("{} ({m}) sees {} ({t})", cell_name(g, x), cell_name(g, y)))
            .unwrap_or_default()
    };
    let gone: Vec<usize> = step.eliminations.iter().map(|e| e.0).collect();
    let a = &p.colours[0];
    if gone.iter().all(|c| a.contains(c)) {
        return format!(
            "{head}. {} and {}: one of B and B′ holds {d}, so A does not, {effect}.",
            sight(a, "A", &q.colours[0], "B"),
            sight(a, "A", &q.colours[1], "B′")
        );
    }
    let sights = sights(board, &gone, [(&p.colours[1], "A′"), (&q.colours[1], "B′")]);
    format!(
        "{head}. {}, so A and B do not both hold {d}: A′ or B′ does. {sights}: each sees both, {effect}.",
        sight(a, "A", &q.colours[0], "B")
    )
}

fn wxyz(step: &Step, board: &Board, effect: &str) -> String {
    let z = step.eliminations.first().map_or(DigitSet::EMPTY, |e| e.1);
    let others = step.digits.difference(z);
    let holders: Vec<usize> = step
        .cells
        .iter()
        .copied()
        .filter(|&c| z.iter().any(|d| board.candidates(c) & 1 << (d - 1) != 0))
        .collect();
    format!(
        "{} hold only {} between them, and are not all in one house; the places of each of {} among them see each other, so each of those goes in at most one of the four: {} fill at most three, and one of {} is {}, {effect}.",
        cells(board.geometry(), &step.cells),
        digits(step.digits),
        digits(others),
        digits(others),
        cells(board.geometry(), &holders),
        digits(z)
    )
}
