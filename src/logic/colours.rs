//! Colouring: the places of one digit joined by strong links (a *conjugate pair*: the digit's
//! only two places in a house — one of them holds it) fall into clusters; colour each
//! cluster's places in two colours, alternating along the links, and one colour holds the
//! digit in every one of its places, the other in none.
//!
//! - **simple colours**, one cluster: *colour wrap* — two places of one colour see each
//!   other, so that colour is false and the digit leaves all its places; *colour trap* — a
//!   place outside the cluster sees both colours, so it sees the digit either way and loses it;
//! - **multi colours**, two clusters of one digit: a place of colour `a` sees one of colour
//!   `b` of the other cluster, so `a` and `b` are not both true, so `a'` or `b'` (their
//!   opposites) is: the digit leaves what sees both `a'` and `b'`; and when `a` sees both
//!   colours of the other cluster, `a` is false.
//!
//! A trap is an X-chain read all at once (the colours are its strong links), a wrap a chain
//! that contradicts its start; `docs/src/techniques.md` says where that puts their ratings.
//! The strong links come from houses only, so relations and markers do not touch them.

use super::board::Board;
use super::single_digit::pairs;
use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// A cluster of digit `d`'s places: the cells of each colour, and the houses whose conjugate
/// pairs join them.
#[derive(Clone, Debug)]
pub(crate) struct Cluster {
    pub colours: [Vec<usize>; 2],
    pub houses: Vec<usize>,
}

impl Cluster {
    fn contains(&self, c: usize) -> bool {
        self.colours.iter().any(|s| s.contains(&c))
    }

    /// The cells, first colour first.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.colours[0].iter().chain(&self.colours[1]).copied()
    }
}

/// The clusters of digit `d` with at least two links, each coloured from its first cell in
/// reading order (or from `seed` first, when given and linked).
pub(crate) fn clusters(view: &View, d: u8, seed: Option<usize>) -> Vec<Cluster> {
    let links = pairs(view, d, 0..view.board.geometry().house_count());
    let n = view.board.cells();
    let mut colour = vec![u8::MAX; n];
    let mut starts: Vec<usize> = links.iter().flat_map(|&(_, a, b)| [a, b]).collect();
    starts.sort_unstable();
    if let Some(s) = seed {
        starts.insert(0, s);
    }
    let mut out = Vec::new();
    for start in starts {
        if colour[start] != u8::MAX || !links.iter().any(|&(_, a, b)| a == start || b == start) {
            continue;
        }
        colour[start] = 0;
        let mut cluster = Cluster {
            colours: [vec![start], Vec::new()],
            houses: Vec::new(),
        };
        let mut queue = vec![start];
        while let Some(c) = queue.pop() {
            for &(h, a, b) in &links {
                let other = match c {
                    _ if c == a => b,
                    _ if c == b => a,
                    _ => continue,
                };
                if !cluster.houses.contains(&h) {
                    cluster.houses.push(h);
                }
                if colour[other] == u8::MAX {
                    colour[other] = 1 - colour[c];
                    cluster.colours[colour[other] as usize].push(other);
                    queue.push(other);
                }
            }
        }
        if cluster.houses.len() >= 2 {
            out.push(cluster);
        }
    }
    out
}

/// Two cells of `cells` that see each other.
pub(crate) fn seeing_pair(board: &Board, cells: &[usize]) -> Option<(usize, usize)> {
    cells.iter().enumerate().find_map(|(i, &a)| {
        cells[i + 1..]
            .iter()
            .find(|&&b| board.sees(a, b))
            .map(|&b| (a, b))
    })
}

/// A cell of `cells` that sees `c`.
pub(crate) fn seen(board: &Board, c: usize, cells: &[usize]) -> Option<usize> {
    cells.iter().copied().find(|&x| board.sees(x, c))
}

/// The open cells with `d`, outside `skip`, that see a cell of `a` and a cell of `b`.
fn trapped(board: &Board, d: u8, skip: &[&Cluster], a: &[usize], b: &[usize]) -> Vec<usize> {
    board
        .open_cells()
        .filter(|&c| board.candidates(c) & 1 << (d - 1) != 0)
        .filter(|&c| !skip.iter().any(|k| k.contains(c)))
        .filter(|&c| seen(board, c, a).is_some() && seen(board, c, b).is_some())
        .collect()
}

pub(crate) fn simple_colours(view: &View) -> Option<Step> {
    let board = view.board;
    for d in view.digits() {
        let bit = 1u32 << (d - 1);
        for cluster in clusters(view, d, None) {
            let cells: Vec<usize> = cluster.cells().collect();
            // Wrap: the colour with two places that see each other is false. Its cells come
            // first in the step, so the sentence's colouring starts from it.
            for k in 0..2 {
                if seeing_pair(board, &cluster.colours[k]).is_some() {
                    let [first, second] = [&cluster.colours[k], &cluster.colours[1 - k]];
                    let order = first.iter().chain(second).copied();
                    let mut step =
                        Step::pattern(Technique::SimpleColours, order, cluster.houses.clone(), bit);
                    for &c in first {
                        step.remove(board, c, bit);
                    }
                    return step.useful();
                }
            }
            // Trap: what sees both colours.
            let [a, b] = &cluster.colours;
            let targets = trapped(board, d, &[&cluster], a, b);
            if !targets.is_empty() {
                let mut step =
                    Step::pattern(Technique::SimpleColours, cells, cluster.houses.clone(), bit);
                for c in targets {
                    step.remove(board, c, bit);
                }
                return step.useful();
            }
        }
    }
    None
}

pub(crate) fn multi_colours(view: &View) -> Option<Step> {
    let board = view.board;
    for d in view.digits() {
        let bit = 1u32 << (d - 1);
        let all = clusters(view, d, None);
        for (i, p) in all.iter().enumerate() {
            for (j, q) in all.iter().enumerate() {
                if i == j {
                    continue;
                }
                // The colours of p, each with the colours of q it sees: both → it is false.
                for a in 0..2 {
                    let sees = |b: usize| {
                        p.colours[a]
                            .iter()
                            .any(|&x| seen(board, x, &q.colours[b]).is_some())
                    };
                    let step = |p_first: usize, q_first: usize| {
                        let cells = p.colours[p_first]
                            .iter()
                            .chain(&p.colours[1 - p_first])
                            .chain(&q.colours[q_first])
                            .chain(&q.colours[1 - q_first])
                            .copied();
                        let houses = p.houses.iter().chain(&q.houses).copied();
                        Step::pattern(Technique::MultiColours, cells, houses, bit)
                    };
                    if sees(0) && sees(1) {
                        let mut s = step(a, 0);
                        for &c in &p.colours[a] {
                            s.remove(board, c, bit);
                        }
                        return s.useful();
                    }
                    // a sees b (only when i < j: the pair read the other way is the same).
                    for b in 0..2 {
                        if i > j || !sees(b) {
                            continue;
                        }
                        let targets =
                            trapped(board, d, &[p, q], &p.colours[1 - a], &q.colours[1 - b]);
                        if !targets.is_empty() {
                            let mut s = step(a, b);
                            for c in targets {
                                s.remove(board, c, bit);
                            }
                            return s.useful();
                        }
                    }
                }
            }
        }
    }
    None
}
