//! The graph a chain walks: its nodes (a digit in one cell, or in a group of cells of one
//! block and one line) and the strong and weak links between them, built from a board for
//! each kind of chain (one digit, two-candidate cells, everything with relations).

use std::collections::HashMap;

use super::few::Few;
use super::view::View;

/// A node: a digit in one cell, or in 2–5 cells of one block and one line (a group).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Node {
    pub digit: u8,
    pub len: u8,
    pub at: [u16; 5],
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

    pub(super) fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.at[..self.len as usize].iter().map(|&c| c as usize)
    }

    pub(super) fn has(&self, cell: usize) -> bool {
        self.cells().any(|c| c == cell)
    }
}

/// A weak link's evidence: none beyond the board, or a relation (its index).
pub(super) const NO_RELATION: u32 = u32::MAX;

/// The nodes and links a chain may use.
pub(super) struct Graph {
    pub nodes: Vec<Node>,
    pub strong: Links<u32>,
    /// `(node, relation or NO_RELATION)`.
    pub weak: Links<(u32, u32)>,
    /// For each node, [`Graph::words`] words of a cell set: the open cells outside the node
    /// that hold its digit and see every cell of it — where the node, true, removes its
    /// digit.
    kills: Vec<u64>,
    words: usize,
}

/// Each node's links, in the order they were made: node `i`'s are
/// `items[start[i]..start[i + 1]]` (one allocation for all, not one a node: a graph is built
/// for every chain search).
pub(super) struct Links<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> Links<T> {
    /// The links of `n` nodes from `(node, item)` pairs, each node's in the order given.
    fn gather(n: usize, pairs: &[(u32, T)]) -> Links<T> {
        let mut start = vec![0u32; n + 1];
        for &(a, _) in pairs {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        // Every slot is written once below, at its node's running fill point.
        let mut items = match pairs.first() {
            Some(&(_, x)) => vec![x; pairs.len()],
            None => Vec::new(),
        };
        for &(a, item) in pairs {
            items[fill[a as usize] as usize] = item;
            fill[a as usize] += 1;
        }
        Links { start, items }
    }
}

impl<T: Copy + PartialEq> Links<T> {
    /// The same links with each node's repeats left out (the first of each kept).
    fn unique(self) -> Links<T> {
        let mut start = Vec::with_capacity(self.start.len());
        let mut items = Vec::with_capacity(self.items.len());
        start.push(0);
        for node in 0..self.start.len() - 1 {
            let from = items.len();
            for &x in &self[node] {
                if !items[from..].contains(&x) {
                    items.push(x);
                }
            }
            start.push(items.len() as u32);
        }
        Links { start, items }
    }
}

impl<T> std::ops::Index<usize> for Links<T> {
    type Output = [T];

    fn index(&self, node: usize) -> &[T] {
        &self.items[self.start[node] as usize..self.start[node + 1] as usize]
    }
}

/// Which chains to build.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// One digit, single cells, conjugate pairs.
    X(u8),
    /// Two-candidate cells, their own two digits as strong links.
    Xy,
    /// Everything.
    Aic,
    /// Everything but groups: single cells only, as Sudoku Explainer's chains are.
    AicCells,
}

impl Graph {
    pub(super) fn build(view: &View, kind: Kind) -> Graph {
        let board = view.board;
        let size = board.size();
        let mut nodes = Vec::new();
        // The digits the graph is over: an X-chain's one, else all (an X-chain's graph is
        // built for each digit, so its loops skip the others rather than test them).
        let digits = match kind {
            Kind::X(x) => x..=x,
            _ => 1..=size as u8,
        };
        let only = digits.clone().fold(0u32, |m, d| m | 1 << (d - 1));
        // Single nodes: index by cell * size + digit - 1.
        let mut single = vec![u32::MAX; board.cells() * size];
        for c in board.open_cells() {
            let m = board.candidates(c);
            if kind == Kind::Xy && m.count_ones() != 2 {
                continue;
            }
            let mut m = m & only;
            while m != 0 {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                single[c * size + d as usize - 1] = nodes.len() as u32;
                nodes.push(Node::new(d, &[c]));
            }
        }
        let mut groups: HashMap<Node, u32> = HashMap::new();
        // Links as (node, other node) — weak ones with their relation — both ways; a strong
        // link may be found twice (a pair in a line and a block), and counts once.
        let mut strong: Vec<(u32, u32)> = Vec::new();
        let mut weak: Vec<(u32, (u32, u32))> = Vec::new();
        let link = |list: &mut Vec<(u32, u32)>, a: u32, b: u32| {
            list.push((a, b));
            list.push((b, a));
        };
        // Strong links in houses: the digit's places split into exactly two nodes.
        if kind != Kind::Xy {
            for h in 0..board.geometry().house_count() {
                for d in digits.clone() {
                    let p = view.positions(h, d);
                    if p.count_ones() < 2 {
                        continue;
                    }
                    if p.count_ones() == 2 {
                        let mut two = view.cells_at(h, p);
                        if let (Some(a), Some(b)) = (two.next(), two.next()) {
                            let id = |c: usize| single[c * size + d as usize - 1];
                            link(&mut strong, id(a), id(b));
                        }
                        continue;
                    }
                    if kind != Kind::Aic {
                        continue;
                    }
                    let cells: Few<usize> = view.cells_at(h, p).collect();
                    splits_in_two(view, h, &cells, |a, b| {
                        let a = node_id(&mut nodes, &mut groups, &single, size, d, a);
                        let b = node_id(&mut nodes, &mut groups, &single, size, d, b);
                        link(&mut strong, a, b);
                    });
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
        let mut by_digit: Vec<Vec<u32>> = vec![Vec::new(); size + 1];
        for (i, node) in nodes.iter().enumerate() {
            by_digit[node.digit as usize].push(i as u32);
        }
        // Every cell of b is where a, true, removes the digit: b is apart from a and sees it.
        let kills = kill_sets(view, &nodes);
        let words = board.geometry().set_words();
        let within = |a: usize, c: usize| kills[a * words + c / 64] >> (c % 64) & 1 != 0;
        for list in &by_digit {
            for (x, &a) in list.iter().enumerate() {
                for &b in &list[x + 1..] {
                    if nodes[b as usize].cells().all(|c| within(a as usize, c)) {
                        weak.push((a, (b, NO_RELATION)));
                        weak.push((b, (a, NO_RELATION)));
                    }
                }
            }
        }
        // Weak links between the digits of one cell (XY: only inside two-candidate cells,
        // which are strong links already; AIC: every cell).
        if matches!(kind, Kind::Aic | Kind::AicCells) {
            for c in board.open_cells() {
                let ids: Vec<u32> = (0..size)
                    .map(|d| single[c * size + d])
                    .filter(|&i| i != u32::MAX)
                    .collect();
                for (x, &a) in ids.iter().enumerate() {
                    for &b in &ids[x + 1..] {
                        weak.push((a, (b, NO_RELATION)));
                        weak.push((b, (a, NO_RELATION)));
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
                            weak.push((a, (b, r as u32)));
                            weak.push((b, (a, r as u32)));
                        }
                    }
                }
            }
        }
        Graph {
            strong: Links::gather(n, &strong).unique(),
            weak: Links::gather(n, &weak),
            nodes,
            kills,
            words,
        }
    }

    /// True when node `a`, true, removes its digit from `cell` (see [`Graph::kills`]).
    pub(super) fn kills_at(&self, a: usize, cell: usize) -> bool {
        self.kills[a * self.words + cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Node `a`'s kill set: [`Graph::words`] words of a cell set (see [`Graph::kills`]).
    pub(super) fn kill_set(&self, a: usize) -> &[u64] {
        &self.kills[a * self.words..(a + 1) * self.words]
    }

    /// True when some cell loses its digit to both nodes, whichever is true.
    pub(super) fn kill_in_common(&self, a: usize, b: usize) -> bool {
        let (a, b) = (a * self.words, b * self.words);
        (0..self.words).any(|w| self.kills[a + w] & self.kills[b + w] != 0)
    }
}

/// Each node's kill set (see [`Graph::kills`]), `words` words a node.
fn kill_sets(view: &View, nodes: &[Node]) -> Vec<u64> {
    let board = view.board;
    let g = board.geometry();
    let words = g.set_words();
    // Per digit of a node: the open cells holding it.
    let used = nodes.iter().fold(0u32, |m, n| m | 1 << (n.digit - 1));
    let mut holding = vec![0u64; (board.size() + 1) * words];
    for c in board.open_cells() {
        let mut m = board.candidates(c) & used;
        while m != 0 {
            let d = m.trailing_zeros() as usize + 1;
            m &= m - 1;
            holding[d * words + c / 64] |= 1 << (c % 64);
        }
    }
    let mut kills = vec![0u64; nodes.len() * words];
    for (i, node) in nodes.iter().enumerate() {
        let set = &mut kills[i * words..(i + 1) * words];
        set.copy_from_slice(&holding[node.digit as usize * words..][..words]);
        for c in node.cells() {
            for (x, &p) in set.iter_mut().zip(g.peer_set(c)) {
                *x &= p;
            }
        }
    }
    kills
}

/// The node for digit `d` in `cells`: the single node of a one-cell part, else a group
/// node (made on first use).
fn node_id(
    nodes: &mut Vec<Node>,
    groups: &mut HashMap<Node, u32>,
    single: &[u32],
    size: usize,
    d: u8,
    cells: &[usize],
) -> u32 {
    if cells.len() == 1 {
        return single[cells[0] * size + d as usize - 1];
    }
    let node = Node::new(d, cells);
    *groups.entry(node).or_insert_with(|| {
        nodes.push(node);
        (nodes.len() - 1) as u32
    })
}

/// The places `cells` of a digit in house `h`, split where the house meets blocks (a line)
/// or lines (a block): `split` gets the two parts of each split that gives exactly two, each
/// single or a group of at most five (a block's places can split both by rows and by
/// columns: `r1c1 r1c2 | r2c1` and `r1c1 r2c1 | r1c2`).
fn splits_in_two(
    view: &View,
    h: usize,
    cells: &[usize],
    mut split: impl FnMut(&[usize], &[usize]),
) {
    let geometry = view.board.geometry();
    let size = view.board.size();
    // What a part shares: 0 its row, 1 its column, 2 its block.
    let keys: &[u8] = if h >= 2 * size {
        &[0, 1]
    } else if geometry.block_shape().is_some() {
        &[2]
    } else {
        &[]
    };
    let key = |c: usize, by: u8| match by {
        0 => geometry.cell(c).row as usize,
        1 => geometry.cell(c).col as usize,
        _ => geometry.block_of(c).unwrap_or(0),
    };
    for &by in keys {
        let first = key(cells[0], by);
        let Some(second) = cells.iter().map(|&c| key(c, by)).find(|&k| k != first) else {
            continue;
        };
        let (mut a, mut b) = ([0usize; 5], [0usize; 5]);
        let (mut na, mut nb) = (0, 0);
        let mut two = true;
        for &c in cells {
            let k = key(c, by);
            let (part, n) = if k == first {
                (&mut a, &mut na)
            } else if k == second {
                (&mut b, &mut nb)
            } else {
                two = false;
                break;
            };
            if *n == 5 {
                two = false;
                break;
            }
            part[*n] = c;
            *n += 1;
        }
        if two {
            split(&a[..na], &b[..nb]);
        }
    }
}
