//! [`Order`]: which cells must be below which, the transitive closure of the relations, as
//! the relation techniques and the ordered subsets read it.

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
    pub(super) fn longest_chain(&self, cell: usize, memo: &mut Memo) -> (Vec<usize>, Vec<usize>) {
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
pub(super) struct Memo {
    /// `[below, above]` per cell.
    depth: Vec<[Option<usize>; 2]>,
}

impl Memo {
    pub(super) fn new(cells: usize) -> Memo {
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
