//! Chains of alternating strong and weak links between candidates.
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
//! so what contradicts both ends goes: the digit from cells that see both ends (same
//! digit), the other digits of a cell that is both ends, or each end's digit from the other
//! end's cell when they see each other. *X-chains* use one digit and single cells; *XY-chains*
//! two-candidate cells only; *AICs* any candidate, groups of one digit's places in a block
//! and a line (grouped nodes), and relations. Chains are searched breadth first from each
//! start, so the shortest chain that removes something is found, up to [`MAX_NODES`].

use std::collections::HashMap;

use super::step::{ChainNode, Step};
use super::technique::Technique;
use super::view::View;

/// The longest chain searched, in nodes.
pub(crate) const MAX_NODES: usize = 16;

/// The shortest chain that is not a simpler technique: `s ═ n1 ─ n2 ═ e`.
const MIN_NODES: usize = 4;

/// A node: a digit in one cell, or in 2–5 cells of one block and one line (a group).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    digit: u8,
    len: u8,
    at: [u16; 5],
}

impl Node {
    fn new(digit: u8, cells: &[usize]) -> Node {
        let mut at = [0u16; 5];
        for (slot, &c) in at.iter_mut().zip(cells) {
            *slot = c as u16;
        }
        Node {
            digit,
            len: cells.len().min(5) as u8,
            at,
        }
    }

    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..self.len as usize].iter().map(|&c| c as usize)
    }

    fn has(&self, cell: usize) -> bool {
        self.cells().any(|c| c == cell)
    }
}

/// A weak link's evidence: none beyond the board, or a relation (its index).
const NO_RELATION: u32 = u32::MAX;

/// The nodes and links a chain may use.
struct Graph {
    nodes: Vec<Node>,
    strong: Vec<Vec<u32>>,
    /// `(node, relation or NO_RELATION)`.
    weak: Vec<Vec<(u32, u32)>>,
}

/// Which chains to build.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One digit, single cells, conjugate pairs.
    X(u8),
    /// Two-candidate cells, their own two digits as strong links.
    Xy,
    /// Everything.
    Aic,
}

impl Graph {
    fn build(view: &View, kind: Kind) -> Graph {
        let board = view.board;
        let size = board.size();
        let mut nodes = Vec::new();
        // Single nodes: index by cell * size + digit - 1.
        let mut single = vec![u32::MAX; board.cells() * size];
        for c in board.open_cells() {
            let m = board.candidates(c);
            if kind == Kind::Xy && m.count_ones() != 2 {
                continue;
            }
            for d in 1..=size as u8 {
                if m >> (d - 1) & 1 == 0 || matches!(kind, Kind::X(x) if x != d) {
                    continue;
                }
                single[c * size + d as usize - 1] = nodes.len() as u32;
                nodes.push(Node::new(d, &[c]));
            }
        }
        let singles = nodes.len();
        let mut groups: HashMap<Node, u32> = HashMap::new();
        let mut strong: Vec<Vec<u32>> = vec![Vec::new(); singles];
        let mut weak: Vec<Vec<(u32, u32)>> = vec![Vec::new(); singles];
        let link = |list: &mut Vec<Vec<u32>>, a: u32, b: u32| {
            if !list[a as usize].contains(&b) {
                list[a as usize].push(b);
                list[b as usize].push(a);
            }
        };
        // Strong links in houses: the digit's places split into exactly two nodes.
        if kind != Kind::Xy {
            for h in 0..board.geometry().house_count() {
                for d in view.digits() {
                    if matches!(kind, Kind::X(x) if x != d) {
                        continue;
                    }
                    let p = view.positions(h, d);
                    if p.count_ones() < 2 {
                        continue;
                    }
                    let cells: Vec<usize> = view.cells_at(h, p).collect();
                    let parts = if cells.len() == 2 {
                        vec![vec![cells[0]], vec![cells[1]]]
                    } else if kind == Kind::Aic {
                        split_in_two(view, h, &cells)
                    } else {
                        continue;
                    };
                    if parts.len() != 2 {
                        continue;
                    }
                    let ids: Vec<u32> = parts
                        .into_iter()
                        .map(|cells| node_id(&mut nodes, &mut groups, &single, size, d, cells))
                        .collect();
                    strong.resize(nodes.len(), Vec::new());
                    weak.resize(nodes.len(), Vec::new());
                    link(&mut strong, ids[0], ids[1]);
                }
            }
        }
        // Strong links inside two-candidate cells.
        if !matches!(kind, Kind::X(_)) {
            for c in board.open_cells() {
                let m = board.candidates(c);
                if m.count_ones() != 2 {
                    continue;
                }
                let a = single[c * size + m.trailing_zeros() as usize];
                let b = single[c * size + (31 - m.leading_zeros()) as usize];
                link(&mut strong, a, b);
            }
        }
        // Weak links: same digit, every cell of one sees every cell of the other.
        let n = nodes.len();
        strong.resize(n, Vec::new());
        weak.resize(n, Vec::new());
        let mut by_digit: Vec<Vec<u32>> = vec![Vec::new(); size + 1];
        for (i, node) in nodes.iter().enumerate() {
            by_digit[node.digit as usize].push(i as u32);
        }
        for list in &by_digit {
            for (x, &a) in list.iter().enumerate() {
                for &b in &list[x + 1..] {
                    let (na, nb) = (&nodes[a as usize], &nodes[b as usize]);
                    let apart = na.cells().all(|c| !nb.has(c));
                    if apart && na.cells().all(|p| nb.cells().all(|q| board.sees(p, q))) {
                        weak[a as usize].push((b, NO_RELATION));
                        weak[b as usize].push((a, NO_RELATION));
                    }
                }
            }
        }
        // Weak links between the digits of one cell (XY: only inside two-candidate cells,
        // which are strong links already; AIC: every cell).
        if kind == Kind::Aic {
            for c in board.open_cells() {
                let ids: Vec<u32> = (0..size)
                    .map(|d| single[c * size + d])
                    .filter(|&i| i != u32::MAX)
                    .collect();
                for (x, &a) in ids.iter().enumerate() {
                    for &b in &ids[x + 1..] {
                        weak[a as usize].push((b, NO_RELATION));
                        weak[b as usize].push((a, NO_RELATION));
                    }
                }
            }
            // Relations: smaller = v and larger = w ≤ v cannot both hold.
            for (r, &(s, l)) in board.relations().iter().enumerate() {
                let (cs, cl) = (board.candidates(s), board.candidates(l));
                for v in 1..=size {
                    if cs >> (v - 1) & 1 == 0 || !board.is_open(s) {
                        continue;
                    }
                    for w in 1..=v {
                        if cl >> (w - 1) & 1 == 0 || !board.is_open(l) {
                            continue;
                        }
                        let (a, b) = (single[s * size + v - 1], single[l * size + w - 1]);
                        if a != u32::MAX && b != u32::MAX {
                            weak[a as usize].push((b, r as u32));
                            weak[b as usize].push((a, r as u32));
                        }
                    }
                }
            }
        }
        Graph {
            nodes,
            strong,
            weak,
        }
    }
}

/// The node for digit `d` in `cells`: the single node of a one-cell part, else a group
/// node (made on first use).
fn node_id(
    nodes: &mut Vec<Node>,
    groups: &mut HashMap<Node, u32>,
    single: &[u32],
    size: usize,
    d: u8,
    cells: Vec<usize>,
) -> u32 {
    if cells.len() == 1 {
        return single[cells[0] * size + d as usize - 1];
    }
    let node = Node::new(d, &cells);
    *groups.entry(node).or_insert_with(|| {
        nodes.push(node);
        (nodes.len() - 1) as u32
    })
}

/// The places `cells` of a digit in house `h`, split where the house meets blocks (a line)
/// or lines (a block) — when that gives exactly two parts, each single or a group.
fn split_in_two(view: &View, h: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let geometry = view.board.geometry();
    let size = view.board.size();
    let mut best = Vec::new();
    let keys: Vec<Box<dyn Fn(usize) -> usize>> = if h >= 2 * size {
        vec![
            Box::new(|c| geometry.cell(c).row as usize),
            Box::new(|c| geometry.cell(c).col as usize),
        ]
    } else if geometry.block_shape().is_some() {
        vec![Box::new(|c| geometry.block_of(c).unwrap_or(0))]
    } else {
        vec![]
    };
    for key in keys {
        let mut parts: Vec<(usize, Vec<usize>)> = Vec::new();
        for &c in cells {
            let k = key(c);
            match parts.iter_mut().find(|(x, _)| *x == k) {
                Some((_, p)) => p.push(c),
                None => parts.push((k, vec![c])),
            }
        }
        if parts.len() == 2 && parts.iter().all(|(_, p)| p.len() <= 5) {
            best = parts.into_iter().map(|(_, p)| p).collect();
            break;
        }
    }
    best
}

pub(crate) fn x_chain(view: &View) -> Option<Step> {
    view.digits().find_map(|d| {
        search(
            view,
            &Graph::build(view, Kind::X(d)),
            Technique::XChain,
            true,
        )
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
    search(view, &Graph::build(view, Kind::Aic), Technique::Aic, false)
}

/// The shortest chain in `graph` that removes something: breadth first from every start
/// node, over (node, parity) states, keeping the best found so far. `same_digit`: only
/// chains whose ends are the same digit (X- and XY-chains).
fn search(view: &View, graph: &Graph, technique: Technique, same_digit: bool) -> Option<Step> {
    let n = graph.nodes.len();
    // State 2i: node i false (entered by a weak link, or the start); 2i + 1: node i true.
    let mut parent = vec![u32::MAX; 2 * n];
    let mut via = vec![NO_RELATION; 2 * n];
    let mut depth = vec![0u8; 2 * n];
    let mut seen: Vec<u32> = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    let mut best: Option<(usize, Step)> = None;
    for start in 0..n {
        if graph.strong[start].is_empty() {
            continue;
        }
        let limit = best.as_ref().map_or(MAX_NODES, |(len, _)| len - 1);
        if limit < 4 {
            break;
        }
        for &s in &seen {
            parent[s as usize] = u32::MAX;
        }
        seen.clear();
        queue.clear();
        let s0 = 2 * start as u32;
        parent[s0 as usize] = s0;
        depth[s0 as usize] = 1;
        seen.push(s0);
        queue.push_back(s0);
        while let Some(state) = queue.pop_front() {
            let node = (state / 2) as usize;
            let on = state % 2 == 1;
            let d = depth[state as usize] as usize;
            if on && d >= MIN_NODES {
                if let Some(step) = conclude(
                    view,
                    graph,
                    technique,
                    same_digit,
                    start,
                    node,
                    |s| (parent[s as usize], via[s as usize]),
                    state,
                ) {
                    if best.as_ref().is_none_or(|(len, _)| d < *len) {
                        best = Some((d, step));
                    }
                    break;
                }
            }
            if d >= limit {
                continue;
            }
            // From a false node a strong link makes the next true; from a true node a weak
            // link makes the next false.
            let mut visit = |to: u32, r: u32| {
                if parent[to as usize] != u32::MAX || (to / 2) as usize == start {
                    return;
                }
                parent[to as usize] = state;
                via[to as usize] = r;
                depth[to as usize] = (d + 1) as u8;
                seen.push(to);
                queue.push_back(to);
            };
            if on {
                for &(b, r) in &graph.weak[node] {
                    visit(2 * b, r);
                }
            } else {
                for &b in &graph.strong[node] {
                    visit(2 * b + 1, NO_RELATION);
                }
            }
        }
    }
    best.map(|(_, step)| step)
}

/// The step a chain from `start` (false) to `end` (true, state `last`) proves, if it removes
/// anything and the chain is simple (no node twice, no cell of a group reused).
#[allow(clippy::too_many_arguments)]
fn conclude(
    view: &View,
    graph: &Graph,
    technique: Technique,
    same_digit: bool,
    start: usize,
    end: usize,
    back: impl Fn(u32) -> (u32, u32),
    last: u32,
) -> Option<Step> {
    let board = view.board;
    let (s, e) = (&graph.nodes[start], &graph.nodes[end]);
    if same_digit && s.digit != e.digit {
        return None;
    }
    let mut step = Step::new(technique);
    if s.digit == e.digit {
        let bit = 1u32 << (s.digit - 1);
        for c in board.open_cells() {
            if board.candidates(c) & bit != 0
                && !s.has(c)
                && !e.has(c)
                && s.cells().all(|x| board.sees(c, x))
                && e.cells().all(|x| board.sees(c, x))
            {
                step.remove(board, c, bit);
            }
        }
    } else if s.len == 1 && e.len == 1 {
        let (p, q) = (s.at[0] as usize, e.at[0] as usize);
        let (x, y) = (1u32 << (s.digit - 1), 1u32 << (e.digit - 1));
        if p == q {
            step.remove(board, p, !(x | y));
        } else if board.sees(p, q) {
            step.remove(board, p, y);
            step.remove(board, q, x);
        }
    }
    if !step.is_useful() {
        return None;
    }
    // The chain, end to start, then reversed.
    let mut states = vec![last];
    let mut relations = Vec::new();
    let mut state = last;
    loop {
        let (prev, r) = back(state);
        if r != NO_RELATION && !relations.contains(&(r as usize)) {
            relations.push(r as usize);
        }
        if prev == state {
            break;
        }
        states.push(prev);
        state = prev;
    }
    states.reverse();
    let mut used: Vec<(usize, u8)> = Vec::new();
    for &st in &states {
        let node = &graph.nodes[(st / 2) as usize];
        for c in node.cells() {
            if used.contains(&(c, node.digit)) {
                return None;
            }
            used.push((c, node.digit));
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
    Some(step.with_cells(cells).with_digits(digits))
}
