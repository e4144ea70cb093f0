//! Chains of alternating strong and weak links between candidates, and the loops they close.
//!
//! A *strong link* joins two nodes of which at least one is true: the only two places of a
//! digit in a house (a conjugate pair — or two groups of places), or the two candidates of
//! a two-candidate cell. A *weak link* joins two nodes that are not both true: the same
//! digit in cells that see each other, two digits of one cell, or — with relations —
//! `a = v` and `b = w` for `a < b` and `w ≤ v`. A chain that starts and ends with a strong
//! link, alternating in between, proves that one of its two ends is true:
//!
//! ```text
//!   s ═ n1 ─ n2 ═ n3 ─ … ═ e        (═ strong, ─ weak): if s is false, n1 is true, n2
//!                                    false, n3 true, …, e true
//! ```
//!
//! so a candidate that contradicts both ends goes: the digit from cells that see both ends
//! (same digit), the other digits of a cell that is both ends, or — ends of two digits that
//! see each other, grouped or not — each end's digit from the other end's cell. Two shapes
//! more (HoDoKu's nice loops):
//! - a *continuous loop*: the last node is weakly linked back to the start. Its strong links
//!   hold at least one true node each and its weak links at most one, and each kind splits
//!   the loop's nodes into pairs, so every link holds exactly one: what contradicts both
//!   nodes of any link goes.
//! - a chain that *returns to its start*: `s` false makes `s` true, so `s` is true (placed,
//!   or its digit leaves what sees the whole group). The other discontinuous loops of
//!   HoDoKu — a node between two weak links, or a weak and a strong link of two digits of
//!   one cell — are chains whose ends both contradict that node, found as such.
//!
//! *X-chains* use one digit and single cells; *XY-chains* two-candidate cells only; *AICs*
//! any candidate, groups of one digit's places in a block and a line (grouped nodes), and
//! relations. Chains are searched breadth first from each start over (node, true/false)
//! states, so every node pair joined by a chain of at most [`MAX_NODES`] nodes is reached and
//! the shortest chain that removes something is found; a chain is shown only when it uses
//! no candidate twice (when the first path found does, a bounded depth-first search looks
//! for one that does not).

use super::board::Board;
use super::chain_graph::{Graph, Kind, Node, NO_RELATION};
use super::step::{ChainNode, Step};
use super::technique::Technique;
use super::view::View;

/// The longest chain searched, in nodes.
pub(crate) const MAX_NODES: usize = 16;

/// The shortest chain that is not a simpler technique: `s ═ n1 ─ n2 ═ e`.
const MIN_NODES: usize = 4;

/// How many states the depth-first search for a chain that uses no candidate twice may
/// expand, once per conclusion, and in all during one search (it runs only when the
/// breadth-first path reuses one, which is rare; the budgets keep a hint fast on any board).
const SIMPLE_BUDGET: usize = 20_000;
const SEARCH_BUDGET: usize = 100_000;

pub(crate) fn x_chain(view: &View) -> Option<Step> {
    // A digit with no conjugate pair has no strong link: no chain starts, and its graph
    // need not be built.
    let paired = |d: u8| {
        (0..view.board.geometry().house_count()).any(|h| view.positions(h, d).count_ones() == 2)
    };
    view.digits().filter(|&d| paired(d)).find_map(|d| {
        view.one_digit(Technique::XChain, d, || {
            search(
                view,
                &Graph::build(view, Kind::X(d)),
                Technique::XChain,
                true,
            )
        })
    })
}

pub(crate) fn xy_chain(view: &View) -> Option<Step> {
    search(
        view,
        &Graph::build(view, Kind::Xy),
        Technique::XyChain,
        true,
    )
}

pub(crate) fn aic(view: &View) -> Option<Step> {
    let kind = if view.explainer_forms {
        Kind::AicCells
    } else {
        Kind::Aic
    };
    search(view, &Graph::build(view, kind), Technique::Aic, false)
}

/// What a chain from a start proves, by where it ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// At another node: one of the two ends is true.
    Chain,
    /// At a node weakly linked to the start: a continuous loop.
    Loop,
    /// At the start, true: the start is true.
    Return,
}

/// The shortest chain in `graph` that removes something (in Sudoku Explainer's forms, the one
/// it rates lowest): breadth first from every start node, over (node, parity) states,
/// keeping the best found so far. `same_digit`: only chains whose ends are the same digit
/// (X- and XY-chains).
fn search(view: &View, graph: &Graph, technique: Technique, same_digit: bool) -> Option<Step> {
    let n = graph.nodes.len();
    // State 2i: node i false (entered by a weak link, or the start); 2i + 1: node i true.
    // Each state is reached twice at most, once by a path shorter than MIN_NODES and once by
    // one as long or longer (key state + 2n): a state a short path reaches first (a strong
    // link straight back to a neighbour of the start) may end a chain only by a longer one.
    let states = 2 * n as u32;
    let key = |state: u32, depth: usize| state + if depth >= MIN_NODES { states } else { 0 };
    let mut parent = vec![u32::MAX; 2 * states as usize];
    let mut depth = vec![0u8; 2 * states as usize];
    let mut near = vec![false; n];
    // The states reached from the current start, in order: the breadth-first queue too.
    let mut seen: Vec<u32> = Vec::with_capacity(2 * states as usize);
    let mut best: Option<(usize, (Step, Vec<u32>))> = None;
    let mut budget = SEARCH_BUDGET;
    let mut distances = Distances::new(graph);
    // The chain being looked at; handed over to `best` only when it proves something.
    let mut chain = Vec::with_capacity(MAX_NODES + 1);
    // In Sudoku Explainer's forms the best chain is the one it rates lowest: a loop of `d`
    // nodes is rated as an open chain of `d - 1` (`Step::rating`), so it ranks between the
    // chains of `d - 2` and `d` nodes. Otherwise the best is the shortest.
    let rank =
        |d: usize, shape: Shape| d - usize::from(view.explainer_forms && shape == Shape::Loop);
    // A chain ends at a true node, and nodes at an odd depth are false (the start is false
    // at depth 1): a chain that ranks before the best has at most two nodes fewer (a loop as
    // many, in SE's forms), and its last node is not followed.
    let limit_below = |rank: usize| {
        if view.explainer_forms {
            rank & !1
        } else {
            rank - 2
        }
    };
    for start in 0..n {
        if graph.strong[start].is_empty() {
            continue;
        }
        let mut limit = best.as_ref().map_or(MAX_NODES, |(r, _)| limit_below(*r));
        if limit < MIN_NODES {
            break;
        }
        for &s in &seen {
            parent[s as usize] = u32::MAX;
        }
        seen.clear();
        for &(b, _) in &graph.weak[start] {
            near[b as usize] = true;
        }
        let s0 = 2 * start as u32;
        parent[s0 as usize] = s0;
        depth[s0 as usize] = 1;
        seen.push(s0);
        let mut next = 0;
        while let Some(&at) = seen.get(next) {
            next += 1;
            let state = at % states;
            let node = (state / 2) as usize;
            let on = state % 2 == 1;
            let d = depth[at as usize] as usize;
            if on && d >= MIN_NODES {
                let shape = if node == start {
                    Shape::Return
                } else if near[node] {
                    Shape::Loop
                } else {
                    Shape::Chain
                };
                let path = |keys: &mut Vec<u32>| {
                    keys.clear();
                    keys.push(at);
                    while let Some(&k) = keys.last().filter(|&&k| k != s0) {
                        keys.push(parent[k as usize]);
                    }
                    keys.reverse();
                    keys.iter_mut().for_each(|k| *k %= states);
                };
                let r = rank(d, shape);
                if best.as_ref().is_some_and(|(b, _)| r >= *b) {
                    continue;
                }
                if let Some(step) = conclude(
                    view,
                    graph,
                    technique,
                    same_digit,
                    (start, node, shape),
                    path,
                    d,
                    (&mut budget, &mut distances, &mut chain),
                ) {
                    best = Some((r, step));
                    // In SE's forms a loop as long as a chain (of even rank) ranks before it.
                    if !view.explainer_forms || r % 2 == 1 {
                        break;
                    }
                    limit = limit_below(r);
                }
            }
            if d >= limit {
                continue;
            }
            // In SE's forms, with a best chain of `limit` nodes, a node as deep ranks before
            // it only as the last of a loop: one of `near`.
            let only_loops = view.explainer_forms
                && d + 1 == limit
                && best.as_ref().is_some_and(|(r, _)| r % 2 == 0);
            // From a false node a strong link makes the next true; from a true node a weak
            // link makes the next false.
            let mut visit = |to: u32| {
                if only_loops && !near[(to / 2) as usize] {
                    return;
                }
                let to = key(to, d + 1);
                if parent[to as usize] != u32::MAX {
                    return;
                }
                parent[to as usize] = at;
                depth[to as usize] = (d + 1) as u8;
                seen.push(to);
            };
            if on {
                for &(b, _) in &graph.weak[node] {
                    visit(2 * b);
                }
            } else {
                for &b in &graph.strong[node] {
                    visit(2 * b + 1);
                }
            }
        }
        for &(b, _) in &graph.weak[start] {
            near[b as usize] = false;
        }
    }
    best.map(|(_, (step, states))| drawn(graph, step, &states))
}

/// The step a chain from node `start` to node `end` of `shape` proves, if it removes or
/// places anything, and the chain (states, start first, a loop's start again at the end)
/// that uses no candidate twice, for [`drawn`]; `path` writes the breadth-first chain of `len`
/// nodes, asked only when needed, in `states` (a buffer the chain is taken from).
#[allow(clippy::too_many_arguments)]
fn conclude(
    view: &View,
    graph: &Graph,
    technique: Technique,
    same_digit: bool,
    (start, end, shape): (usize, usize, Shape),
    path: impl Fn(&mut Vec<u32>),
    len: usize,
    (budget, distances, states): (&mut usize, &mut Distances, &mut Vec<u32>),
) -> Option<(Step, Vec<u32>)> {
    let board = view.board;
    // Sudoku Explainer's XY-chains are loops (its Y-cycles); it proves what an open one
    // does by a forcing chain, an AIC here.
    if view.explainer_forms && technique == Technique::XyChain && shape != Shape::Loop {
        return None;
    }
    let (s, e) = (&graph.nodes[start], &graph.nodes[end]);
    // Most pairs of ends remove nothing: said from the kill sets before a step is built.
    if shape == Shape::Chain && !ends_remove(view, graph, start, end, same_digit) {
        return None;
    }
    let mut step = Step::new(technique);
    // What the ends prove (a loop's closing link proves a part of the whole: below).
    if shape == Shape::Return {
        if s.len == 1 {
            step.put(s.at[0] as usize, s.digit);
        } else {
            let bit = 1u32 << (s.digit - 1);
            for c in board.open_cells() {
                if board.candidates(c) & bit != 0 && kills(board, s, c, s.digit) {
                    step.remove(board, c, bit);
                }
            }
        }
    } else if shape == Shape::Chain {
        remove_both(board, &mut step, s, e);
    }
    if shape != Shape::Loop && !step.is_useful() {
        return None;
    }
    path(states);
    if !simple(graph, states, shape) {
        // With the search's budget spent, no path is looked for (nor the distances it would
        // be cut by worked out): the start is not the end, so none would be found.
        if *budget == 0 {
            return None;
        }
        let (from, to) = (states[0], states[states.len() - 1]);
        if !simple_path(graph, distances, (from, to), shape, len, budget, states) {
            return None;
        }
    }
    if shape == Shape::Loop && view.explainer_forms {
        explainer_loop_removals(board, graph, states, &mut step);
        if !step.is_useful() {
            return None;
        }
        states.push(states[0]);
    } else if shape == Shape::Loop {
        states.push(states[0]);
        // Most loops remove nothing: said from the kill sets before the links are walked.
        let link_removes =
            |l: &[u32]| ends_remove(view, graph, (l[0] / 2) as usize, (l[1] / 2) as usize, false);
        if !states.windows(2).any(link_removes) {
            return None;
        }
        remove_both(board, &mut step, s, e);
        for link in states.windows(2) {
            let (a, b) = (link[0] / 2, link[1] / 2);
            remove_both(
                board,
                &mut step,
                &graph.nodes[a as usize],
                &graph.nodes[b as usize],
            );
        }
        if !step.is_useful() {
            return None;
        }
    }
    Some((step, std::mem::take(states)))
}

/// `step` with its chain drawn: the nodes of `states` (start first), the relations its weak
/// links use, its cells and digits — built once, for the best chain of a search.
fn drawn(graph: &Graph, mut step: Step, states: &[u32]) -> Step {
    let mut relations = Vec::new();
    for link in states.windows(2) {
        if link[1] % 2 == 0 {
            let r = link_relation(graph, (link[0] / 2) as usize, link[1] / 2);
            if r != NO_RELATION && !relations.contains(&(r as usize)) {
                relations.push(r as usize);
            }
        }
    }
    step.chain = states
        .iter()
        .map(|&st| {
            let node = &graph.nodes[(st / 2) as usize];
            ChainNode {
                cells: node.cells().collect(),
                digit: node.digit,
                on: st % 2 == 1,
            }
        })
        .collect();
    step.relations = relations;
    let digits = step.chain.iter().fold(0u32, |m, n| m | 1 << (n.digit - 1));
    let cells: Vec<usize> = step.chain.iter().flat_map(|n| n.cells.clone()).collect();
    step.with_cells(cells).with_digits(digits)
}

/// True when a chain with ends `a` and `b` removes something, as [`remove_both`] would find
/// (and, with `same_digit`, its ends are one digit).
fn ends_remove(view: &View, graph: &Graph, a: usize, b: usize, same_digit: bool) -> bool {
    let (na, nb) = (&graph.nodes[a], &graph.nodes[b]);
    if na.digit == nb.digit {
        return graph.kill_in_common(a, b);
    }
    if same_digit {
        return false;
    }
    // Another digit goes only from a one-cell end: the other end's digit where that end
    // kills it, or every third digit of a cell that is both ends.
    let single = |n: &Node| (n.len == 1).then(|| n.at[0] as usize);
    match (single(na), single(nb)) {
        (Some(x), Some(y)) if x == y => view.board.candidates(x).count_ones() > 2,
        (x, y) => {
            x.is_some_and(|x| graph.kills_at(b, x)) || y.is_some_and(|y| graph.kills_at(a, y))
        }
    }
}

/// True when `(c, d)` is false whenever node `n` is true: `d` in a cell that sees every
/// cell of `n` (same digit), or another digit of `n`'s one cell.
pub(super) fn kills(board: &Board, n: &Node, c: usize, d: u8) -> bool {
    if n.digit == d {
        !n.has(c) && n.cells().all(|x| board.sees(c, x))
    } else {
        n.len == 1 && n.at[0] as usize == c
    }
}

/// Adds to `step` what Sudoku Explainer's cycle removes (its `createCycleHint`): a digit of
/// the loop from a cell outside it that sees a true and a false node of that digit (the
/// loop's nodes are alternately true and false, one way round or the other). What a loop
/// proves in its own cells (a cell whose two nodes are weakly linked keeps only those two
/// digits) SE leaves, and so does the grade, which follows SE's path.
fn explainer_loop_removals(board: &Board, graph: &Graph, states: &[u32], step: &mut Step) {
    // Cell sets of the largest grid (25×25: 625 cells) on the stack: a search tries many
    // loops, most of which remove nothing.
    const WORDS: usize = 10;
    let words = graph.kill_set(0).len();
    let mut in_loop = [0u64; WORDS];
    let mut digits = 0u32;
    for &st in states {
        let n = &graph.nodes[(st / 2) as usize];
        digits |= 1 << (n.digit - 1);
        for c in n.cells() {
            in_loop[c / 64] |= 1 << (c % 64);
        }
    }
    let mut found: Vec<(usize, u32)> = Vec::new();
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        // The cells a true node of the digit kills, and those a false one does.
        let (mut on, mut off) = ([0u64; WORDS], [0u64; WORDS]);
        for &st in states {
            let i = (st / 2) as usize;
            if 1 << (graph.nodes[i].digit - 1) == bit {
                let side = if st % 2 == 1 { &mut on } else { &mut off };
                for (x, k) in side.iter_mut().zip(graph.kill_set(i)) {
                    *x |= k;
                }
            }
        }
        for w in 0..words {
            let mut cells = on[w] & off[w] & !in_loop[w];
            while cells != 0 {
                found.push((w * 64 + cells.trailing_zeros() as usize, bit));
                cells &= cells - 1;
            }
        }
    }
    // In reading order, as a person lists them.
    found.sort_unstable();
    for (c, bit) in found {
        step.remove(board, c, bit);
    }
}

/// Adds to `step` the removal of every candidate that contradicts both `a` and `b` (one of
/// which is true).
pub(super) fn remove_both(board: &Board, step: &mut Step, a: &Node, b: &Node) {
    if a.digit == b.digit {
        let bit = 1u32 << (a.digit - 1);
        let mut found: Vec<usize> = Vec::new();
        for &c in board.geometry().peers(a.at[0] as usize) {
            let c = c as usize;
            if board.is_open(c)
                && board.candidates(c) & bit != 0
                && kills(board, a, c, a.digit)
                && kills(board, b, c, a.digit)
            {
                found.push(c);
            }
        }
        // In reading order, as a person lists them.
        found.sort_unstable();
        for c in found {
            step.remove(board, c, bit);
        }
    } else {
        // A candidate of another digit than `a`'s contradicts `a` only in `a`'s one cell.
        for n in [a, b].into_iter().filter(|n| n.len == 1) {
            let c = n.at[0] as usize;
            if !board.is_open(c) {
                continue;
            }
            let mut m = board.candidates(c);
            while m != 0 {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                if kills(board, a, c, d) && kills(board, b, c, d) {
                    step.remove(board, c, 1 << (d - 1));
                }
            }
        }
    }
}

/// True when two nodes share a candidate: the same digit in a common cell.
pub(super) fn overlap(a: &Node, b: &Node) -> bool {
    a.digit == b.digit && a.cells().any(|c| b.has(c))
}

/// True when the chain of `states` uses no candidate twice (a chain that returns to its
/// start repeats only that).
fn simple(graph: &Graph, states: &[u32], shape: Shape) -> bool {
    let k = states.len() - usize::from(shape == Shape::Return);
    (0..k).all(|i| {
        let a = &graph.nodes[(states[i] / 2) as usize];
        (0..i).all(|j| !overlap(a, &graph.nodes[(states[j] / 2) as usize]))
    })
}

/// Writes in `path` a chain from state `from` to state `to` that uses no candidate twice,
/// shortest first, of at least `len` and at most [`MAX_NODES`] nodes: depth first, cut where
/// the nodes left to `to` (`distances`, ignoring reuse) would pass the bound; false when
/// there is none or the search passes [`SIMPLE_BUDGET`] or what is left of the search's
/// `budget`.
fn simple_path(
    graph: &Graph,
    distances: &mut Distances,
    (from, to): (u32, u32),
    shape: Shape,
    len: usize,
    budget: &mut usize,
    path: &mut Vec<u32>,
) -> bool {
    let allowed = SIMPLE_BUDGET.min(*budget);
    let mut left = allowed;
    let mut found = false;
    // A failed extension leaves the path as it found it: one path for every bound.
    path.clear();
    path.push(from);
    for limit in len..=MAX_NODES {
        // A state is followed only when it is at most `limit - 2` links from `to` (the path
        // holds one state at least): the distances need be no deeper.
        let dist = distances.to(graph, to, limit - 2);
        if extend(graph, dist, to, shape, limit, path, &mut left) {
            found = true;
            break;
        }
        if left == 0 {
            break;
        }
    }
    *budget -= allowed - left;
    found
}

fn extend(
    graph: &Graph,
    dist: &[u8],
    to: u32,
    shape: Shape,
    limit: usize,
    path: &mut Vec<u32>,
    budget: &mut usize,
) -> bool {
    let state = path[path.len() - 1];
    if state == to {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    for t in links(graph, state, true) {
        let left = dist[t as usize];
        if left == u8::MAX || path.len() + 1 + left as usize > limit {
            continue;
        }
        let y = &graph.nodes[(t / 2) as usize];
        let back = t == to && shape == Shape::Return;
        let clash = path
            .iter()
            .enumerate()
            .any(|(i, &p)| !(back && i == 0) && overlap(y, &graph.nodes[(p / 2) as usize]));
        if clash {
            continue;
        }
        path.push(t);
        if extend(graph, dist, to, shape, limit, path, budget) {
            return true;
        }
        path.pop();
    }
    false
}

/// The states a chain goes to from `state` (`forward`: a true node's weak links to false
/// nodes, a false node's strong links to true ones) or comes from (not `forward`: the
/// other way).
fn links(graph: &Graph, state: u32, forward: bool) -> impl Iterator<Item = u32> + '_ {
    let node = (state / 2) as usize;
    let weak = (state % 2 == 1) == forward;
    let (w, s) = if weak {
        (&graph.weak[node][..], &[][..])
    } else {
        (&[][..], &graph.strong[node][..])
    };
    // Across a weak link a chain goes from true to false, across a strong one the reverse.
    let by_weak = move |&(b, _): &(u32, u32)| 2 * b + u32::from(!forward);
    let by_strong = move |&b: &u32| 2 * b + u32::from(forward);
    w.iter().map(by_weak).chain(s.iter().map(by_strong))
}

/// The distances to each end state a search has asked for ([`Distances::to`]), worked out
/// once and only as deep as asked: a search asks again and again for the same ends, and a
/// backward search over the whole graph each time was half the chain searches' time.
struct Distances {
    /// By end state: the fewest links from each state to it, `u8::MAX` past `reach`.
    to: Vec<Vec<u8>>,
    /// By end state: the depth its distances are exact to (its `to` empty: not worked out).
    reach: Vec<u8>,
    queue: Vec<u32>,
}

impl Distances {
    fn new(graph: &Graph) -> Distances {
        let states = 2 * graph.nodes.len();
        Distances {
            to: vec![Vec::new(); states],
            reach: vec![0; states],
            queue: Vec::new(),
        }
    }

    /// For each state, the fewest links from it to state `to` when they are at most `need`
    /// (at most [`MAX_NODES`] − 1), else `u8::MAX`: breadth first backwards. Asked deeper
    /// than before, it searches again to the full depth.
    fn to(&mut self, graph: &Graph, to: u32, need: usize) -> &[u8] {
        let t = to as usize;
        let fresh = self.to[t].is_empty();
        if fresh || (self.reach[t] as usize) < need {
            let bound = if fresh { need } else { MAX_NODES - 1 };
            let dist = &mut self.to[t];
            dist.clear();
            dist.resize(2 * graph.nodes.len(), u8::MAX);
            dist[t] = 0;
            let queue = &mut self.queue;
            queue.clear();
            queue.push(to);
            let mut next = 0;
            while let Some(&x) = queue.get(next) {
                next += 1;
                let d = dist[x as usize];
                if d as usize + 1 > bound {
                    continue;
                }
                // A true node is entered from a false one by a strong link; a false node
                // from a true one by a weak link.
                for p in links(graph, x, false) {
                    if dist[p as usize] == u8::MAX {
                        dist[p as usize] = d + 1;
                        queue.push(p);
                    }
                }
            }
            self.reach[t] = bound as u8;
        }
        &self.to[t]
    }
}

/// The relation a weak link between nodes `a` and `b` rests on: [`NO_RELATION`] when the
/// board alone links them.
fn link_relation(graph: &Graph, a: usize, b: u32) -> u32 {
    let mut found = NO_RELATION;
    for &(x, r) in &graph.weak[a] {
        if x == b {
            if r == NO_RELATION {
                return NO_RELATION;
            }
            found = r;
        }
    }
    found
}
