//! Techniques that read relations (inequality sudoku and Futoshiki):
//!
//! - **chain bound**: a strictly increasing chain of `k` cells `c1 < c2 < … < ck` puts the
//!   `i`-th cell in `i ..= N − k + i`, whatever the candidates (the longest chain through a
//!   cell, by its relations alone);
//! - **relation bound**: `a < b` removes from `b` every digit up to the smallest candidate of
//!   `a`, and from `a` every digit from the largest candidate of `b` (arc consistency of one
//!   relation: Tatham's "links");
//! - **house bound**: the cells of one house that must be below a cell (through chains of
//!   relations) hold different digits, so if there are `m` of them the cell is above the
//!   `m`-th smallest digit they can hold — and likewise above it. With the cells of a row
//!   below and above a cell this is "the largest and smallest digit of a row" reasoning; it is
//!   what Tatham's solver notes as missing ("multiple links on the same row").
//!
//! [`Order`] is the transitive closure of the relations, which these and the ordered subsets
//! read.

use super::{Step, Technique, View};

/// Which cells must be below which, through chains of relations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Order {
    /// Per cell, the cells above it as a bit set over cell indices (empty: no relations).
    above: Vec<Vec<u64>>,
    /// Per cell, the relations (by index) where it is the smaller cell, and the larger.
    up: Vec<Vec<(usize, usize)>>,
    down: Vec<Vec<(usize, usize)>>,
    relations: Vec<(usize, usize)>,
}

impl Order {
    /// The order of `relations` (`(smaller, larger)` cell indices) over `cells` cells.
    pub(crate) fn of(cells: usize, relations: &[(usize, usize)]) -> Order {
        let words = cells.div_ceil(64);
        let relations = relations.to_vec();
        let mut up = vec![Vec::new(); cells];
        let mut down = vec![Vec::new(); cells];
        for (i, &(s, l)) in relations.iter().enumerate() {
            up[s].push((l, i));
            down[l].push((s, i));
        }
        let mut above: Vec<Vec<u64>> = vec![Vec::new(); cells];
        // Memoised depth-first search: a cell's set is the union of its successors' sets and
        // the successors themselves (the relations are acyclic: validation refuses cycles).
        // A cycle (which validation refuses) ends at a cell being filled: its set is
        // already allocated, so the search cannot loop.
        fn fill(c: usize, up: &[Vec<(usize, usize)>], above: &mut [Vec<u64>], words: usize) {
            if !above[c].is_empty() || up[c].is_empty() {
                return;
            }
            above[c] = vec![0u64; words];
            let mut set = vec![0u64; words];
            for &(l, _) in &up[c] {
                fill(l, up, above, words);
                set[l / 64] |= 1 << (l % 64);
                for (w, &x) in above[l].iter().enumerate() {
                    set[w] |= x;
                }
            }
            above[c] = set;
        }
        for c in 0..cells {
            fill(c, &up, &mut above, words);
        }
        Order {
            above,
            up,
            down,
            relations,
        }
    }

    /// True when `a < b` follows from the relations.
    #[inline]
    pub(crate) fn below(&self, a: usize, b: usize) -> bool {
        self.above[a]
            .get(b / 64)
            .is_some_and(|w| w >> (b % 64) & 1 != 0)
    }

    pub(crate) fn has_relations(&self, c: usize) -> bool {
        !self.up[c].is_empty() || !self.down[c].is_empty()
    }

    /// The relations on some chain from one cell of `cells` up to another.
    pub(crate) fn relations_between(&self, cells: &[usize]) -> Vec<usize> {
        let at_or_below = |a: usize, b: usize| a == b || self.below(a, b);
        self.relations
            .iter()
            .enumerate()
            .filter(|&(_, &(s, l))| {
                cells.iter().any(|&y| {
                    at_or_below(y, s) && cells.iter().any(|&x| x != y && at_or_below(l, x))
                })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// The longest chain of relations through `cell`, from its smallest cell up, with the
    /// relations joining it.
    fn longest_chain(&self, cell: usize, memo: &mut Memo) -> (Vec<usize>, Vec<usize>) {
        let (mut cells, mut joins) = memo.walk(self, cell, Side::Below);
        cells.reverse();
        joins.reverse();
        cells.push(cell);
        let (up, up_joins) = memo.walk(self, cell, Side::Above);
        cells.extend(up);
        joins.extend(up_joins);
        (cells, joins)
    }

    /// The relations of `c` towards `side`: `(other cell, relation)`.
    fn towards(&self, c: usize, side: Side) -> &[(usize, usize)] {
        match side {
            Side::Below => &self.down[c],
            Side::Above => &self.up[c],
        }
    }
}

#[derive(Clone, Copy)]
enum Side {
    Below,
    Above,
}

/// The lengths of the longest chains below and above each cell, worked out once.
struct Memo {
    /// `[below, above]` per cell.
    depth: Vec<[Option<usize>; 2]>,
}

impl Memo {
    fn new(cells: usize) -> Memo {
        Memo {
            depth: vec![[None; 2]; cells],
        }
    }

    /// The number of cells on the longest chain strictly on `side` of `c`.
    fn depth(&mut self, order: &Order, c: usize, side: Side) -> usize {
        if let Some(n) = self.depth[c][side as usize] {
            return n;
        }
        // Marked before the search below it, so that a cycle (which validation refuses)
        // cannot loop.
        self.depth[c][side as usize] = Some(0);
        let n = order
            .towards(c, side)
            .iter()
            .map(|&(o, _)| 1 + self.depth(order, o, side))
            .max()
            .unwrap_or(0);
        self.depth[c][side as usize] = Some(n);
        n
    }

    /// The cells (nearest first) and relations of a longest chain from `c` towards `side`.
    fn walk(&mut self, order: &Order, c: usize, side: Side) -> (Vec<usize>, Vec<usize>) {
        let (mut cells, mut joins) = (Vec::new(), Vec::new());
        let mut at = c;
        while let Some(want) = self.depth(order, at, side).checked_sub(1) {
            let Some(&(next, r)) = order
                .towards(at, side)
                .iter()
                .find(|&&(o, _)| self.depth(order, o, side) == want)
            else {
                break;
            };
            cells.push(next);
            joins.push(r);
            at = next;
        }
        (cells, joins)
    }
}

/// The longest chain of relations through some cell pins every cell of it: the `i`-th of
/// `k` is at least `i` and at most `N − k + i`. The first chain (through the cells in
/// reading order) that removes something.
pub(crate) fn chain_bound(view: &View) -> Option<Step> {
    let board = view.board;
    let order = board.order();
    let n = board.size();
    let mut memo = Memo::new(board.cells());
    for cell in board.open_cells() {
        if !order.has_relations(cell) {
            continue;
        }
        let (cells, joins) = order.longest_chain(cell, &mut memo);
        let k = cells.len();
        // A chain longer than the digits is a contradiction validation reports, not a bound.
        if k < 2 || k > n {
            continue;
        }
        let mut step = Step::new(Technique::ChainBound).with_cells(cells.iter().copied());
        for (i, &c) in cells.iter().enumerate() {
            // Position i + 1 of k: digits i + 1 ..= n − k + i + 1.
            let keep = range_mask(i + 1, n - k + i + 1);
            step.remove(board, c, !keep);
        }
        if step.is_useful() {
            step.relations = joins;
            return Some(step);
        }
    }
    None
}

/// One relation `a < b` and the candidates of one end bound the other end.
pub(crate) fn relation_bound(view: &View) -> Option<Step> {
    let board = view.board;
    for (i, &(s, l)) in board.relations().iter().enumerate() {
        let (cs, cl) = (board.candidates(s), board.candidates(l));
        if cs == 0 || cl == 0 {
            continue;
        }
        // b > min(a): remove 1 ..= min(a) from the larger cell.
        let min_s = cs.trailing_zeros() + 1;
        let max_l = 32 - cl.leading_zeros();
        for (target, other, mask) in [
            (l, s, range_mask(1, min_s as usize)),
            (s, l, !range_mask(1, max_l as usize - 1)),
        ] {
            let mut step = Step::new(Technique::RelationBound).with_cells([other, target]);
            step.remove(board, target, mask);
            if step.is_useful() {
                step.relations = vec![i];
                return Some(step);
            }
        }
    }
    None
}

/// The cells `Q` of one house that must be below cell `x` hold |Q| different digits, all
/// below `x`: `x` is above the |Q|-th smallest digit they can hold. Likewise above. For
/// |Q| ≥ 2 (one cell is a relation or chain bound).
pub(crate) fn house_bound(view: &View) -> Option<Step> {
    let board = view.board;
    let order = board.order();
    let geometry = board.geometry();
    for x in board.open_cells() {
        if !order.has_relations(x) {
            continue;
        }
        for h in 0..geometry.house_count() {
            let house = geometry.house(h);
            for upward in [false, true] {
                let q: Vec<usize> = house
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| {
                        c != x
                            && if upward {
                                order.below(x, c)
                            } else {
                                order.below(c, x)
                            }
                    })
                    .collect();
                if q.len() < 2 {
                    continue;
                }
                let union = q.iter().fold(0u32, |m, &c| m | board.candidates(c));
                let digits: Vec<u32> = (0..32).filter(|b| union >> b & 1 != 0).collect();
                if digits.len() < q.len() {
                    continue;
                }
                let mask = if upward {
                    // Below the |Q|-th largest: remove it and everything above.
                    let bound = digits[digits.len() - q.len()] + 1;
                    !range_mask(1, bound as usize - 1)
                } else {
                    let bound = digits[q.len() - 1] + 1;
                    range_mask(1, bound as usize)
                };
                let mut step = Step::new(Technique::HouseBound)
                    .with_cells(q.iter().copied().chain([x]))
                    .with_houses([h]);
                step.remove(board, x, mask);
                if step.is_useful() {
                    let mut with_x = q.clone();
                    with_x.push(x);
                    step.relations = order.relations_between(&with_x);
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The digits `lo ..= hi` as a mask (empty when `hi < lo`).
pub(crate) fn range_mask(lo: usize, hi: usize) -> u32 {
    if hi < lo || hi == 0 {
        return 0;
    }
    let upto = |d: usize| -> u32 {
        if d >= 32 {
            u32::MAX
        } else {
            (1u32 << d) - 1
        }
    };
    upto(hi) & !upto(lo - 1)
}
