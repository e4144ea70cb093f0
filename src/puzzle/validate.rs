//! What makes a structurally sound [`Puzzle`] hopeless — equal givens in a house, relation
//! cycles, chains too long for the digits, relations that contradict givens — with the cells
//! involved, and the check of an answer without the solver.

use crate::digits::MAX_SIZE;
use crate::geometry::{Cell, Geometry};

use super::markers::PairSource;
use super::model::Puzzle;
use super::problem::Problem;

impl Puzzle {
    /// Checks an answer without the solver: every cell 1..=N, givens kept, every
    /// house all-different, every relation satisfied. Returns the first violation.
    pub fn check_answer(&self, grid: &[u8]) -> Result<(), Problem> {
        let size = self.size();
        if grid.len() != size * size {
            return Err(Problem::new(
                format!("the answer has {} cells, not {}", grid.len(), size * size),
                vec![],
            ));
        }
        // The CLI checks every answer it writes: one pass over the rows decides, without a
        // cell name or a house list, and only a grid that fails is walked again for the
        // message.
        if self.answer_holds(grid) {
            Ok(())
        } else {
            Err(self.answer_problem(grid))
        }
    }

    /// Whether `grid` is an answer (what [`Puzzle::check_answer`] accepts), without the
    /// message: cheap enough to try one grid against many puzzles.
    pub fn is_answer(&self, grid: &[u8]) -> bool {
        grid.len() == self.size() * self.size()
            && self
                .givens()
                .iter()
                .zip(grid)
                .all(|(&given, &d)| given == 0 || given == d)
            && self.answer_holds(grid)
    }

    /// Whether `grid` (of the right length) is an answer: digits in range, givens kept, each
    /// house's digits the full set (a house of `size` cells with every digit has none twice),
    /// every relation kept. 9×9 and 16×16 grids, most of what the CLI checks, get code with
    /// their shape built in.
    fn answer_holds(&self, grid: &[u8]) -> bool {
        let n = self.size();
        let blocks = self.kind().has_blocks();
        let houses = match (n, blocks) {
            (9, true) => houses_hold::<9, 3, 3>(grid, self.givens()),
            (16, true) => houses_hold::<16, 4, 4>(grid, self.givens()),
            _ => {
                let (rows, cols) = self.geometry().block_shape().unwrap_or((n, n));
                houses_hold_any(grid, self.givens(), n, (rows, cols), blocks)
            }
        };
        houses
            && self
                .relations()
                .iter()
                .all(|r| grid[r.smaller.index(n)] < grid[r.larger.index(n)])
            && (!self.has_markers() || self.broken_markers(grid, true).is_empty())
    }

    /// The markers and negative constraints that two digits of `digits` (0: no digit) break,
    /// with their cells; only the first when `first`.
    fn broken_markers(&self, digits: &[u8], first: bool) -> Vec<Problem> {
        let n = self.size();
        let mut found = Vec::new();
        for m in self.markers() {
            let (x, y) = (digits[m.a.index(n)], digits[m.b.index(n)]);
            if x != 0 && y != 0 && !m.kind.holds(x, y) {
                found.push(Problem::new(
                    format!(
                        "the {} between {} and {} is broken: {}",
                        m.kind.name(),
                        m.a,
                        m.b,
                        m.kind.says(x, y, false)
                    ),
                    vec![m.a, m.b],
                ));
                if first {
                    return found;
                }
            }
        }
        if self.negative().is_empty() {
            return found;
        }
        for rule in self.pair_rules() {
            if rule.source != PairSource::Negative {
                continue;
            }
            let (x, y) = (digits[rule.a], digits[rule.b]);
            if x == 0 || y == 0 {
                continue;
            }
            if let Some(kind) = self.negative().iter().find(|k| k.holds(x, y)) {
                let (a, b) = (Cell::at(rule.a, n), Cell::at(rule.b, n));
                found.push(Problem::new(
                    format!(
                        "{a} and {b} have no marker between them, but {} (every {} is given)",
                        kind.says(x, y, true),
                        kind.name()
                    ),
                    vec![a, b],
                ));
                if first {
                    return found;
                }
            }
        }
        found
    }

    /// The first thing wrong with `grid` (of the right length), which [`Self::answer_holds`]
    /// refused: a digit out of range, a given changed, a digit twice in a house, a relation
    /// broken.
    fn answer_problem(&self, grid: &[u8]) -> Problem {
        let size = self.size();
        let g = self.geometry();
        for (i, (&d, &given)) in grid.iter().zip(self.givens()).enumerate() {
            let cell = Cell::at(i, size);
            if d == 0 || d as usize > size {
                return Problem::new(
                    format!("{cell} holds {d}, not a digit from 1 to {size}"),
                    vec![cell],
                );
            }
            if given != 0 && given != d {
                return Problem::new(
                    format!("{cell} is given as {given} but the answer has {d}"),
                    vec![cell],
                );
            }
        }
        for h in 0..g.house_count() {
            let mut seen = [usize::MAX; MAX_SIZE + 1];
            for &c in g.house(h) {
                let d = grid[c as usize] as usize;
                if seen[d] != usize::MAX {
                    let (a, b) = (g.cell(seen[d]), g.cell(c as usize));
                    return Problem::new(
                        format!("{a} and {b} are both {d} in {}", g.house_name(h)),
                        vec![a, b],
                    );
                }
                seen[d] = c as usize;
            }
        }
        for r in self.relations() {
            let (a, b) = (grid[r.smaller.index(size)], grid[r.larger.index(size)]);
            if a >= b {
                return Problem::new(
                    format!(
                        "{} < {} is broken: {} is {a} and {} is {b}",
                        r.smaller, r.larger, r.smaller, r.larger
                    ),
                    vec![r.smaller, r.larger],
                );
            }
        }
        if let Some(problem) = self.broken_markers(grid, true).pop() {
            return problem;
        }
        Problem::new("the answer breaks a rule", vec![])
    }

    /// The first problem found, or `Ok` when the puzzle is worth solving.
    pub fn validate(&self) -> Result<(), Problem> {
        match self.problems().into_iter().next() {
            Some(p) => Err(p),
            None => Ok(()),
        }
    }

    /// Every problem found: equal givens in a house, relation cycles, and — when the
    /// relations are acyclic — chains too long for the digits or contradicting givens;
    /// markers and negative constraints that two givens break.
    pub fn problems(&self) -> Vec<Problem> {
        let mut found = self.duplicate_givens();
        match self.relation_cycle() {
            Some(cycle) => found.push(cycle),
            None => found.extend(self.bound_problems()),
        }
        if self.has_markers() {
            found.extend(self.broken_markers(self.givens(), false));
        }
        found
    }

    /// Equal givens in a house. Every puzzle read is checked, so the common case — no clash
    /// — is one pass over the givens with a bit mask a house; only a puzzle with a clash is
    /// walked house by house for the messages.
    fn duplicate_givens(&self) -> Vec<Problem> {
        let g = self.geometry();
        let n = self.size;
        let blocks = self.kind.has_blocks();
        let clash = match (n, blocks) {
            (9, true) => givens_clash::<9, 3, 3>(&self.givens, true),
            (16, true) => givens_clash::<16, 4, 4>(&self.givens, true),
            _ => givens_clash_any(&self.givens, n, g.block_shape().unwrap_or((n, n)), blocks),
        };
        let mut found: Vec<Problem> = Vec::new();
        if clash {
            for h in 0..g.house_count() {
                self.house_duplicates(g, h, &mut found);
            }
        }
        found
    }

    /// The pairs of equal givens of house `h`, each pair once in `found`.
    fn house_duplicates(&self, g: &Geometry, h: usize, found: &mut Vec<Problem>) {
        let mut first = [usize::MAX; MAX_SIZE + 1];
        for &c in g.house(h) {
            let c = c as usize;
            let d = self.givens[c];
            if d == 0 {
                continue;
            }
            if first[d as usize] == usize::MAX {
                first[d as usize] = c;
                continue;
            }
            let (a, b) = (g.cell(first[d as usize]), g.cell(c));
            if !found.iter().any(|p| p.cells == [a, b]) {
                found.push(Problem::new(
                    format!("{a} and {b} are both {d} in {}", g.house_name(h)),
                    vec![a, b],
                ));
            }
        }
    }

    /// Edges `smaller → larger` as adjacency lists over cell indices.
    fn successors(&self) -> Vec<Vec<usize>> {
        let mut next = vec![Vec::new(); self.size * self.size];
        for r in &self.relations {
            next[r.smaller.index(self.size)].push(r.larger.index(self.size));
        }
        next
    }

    fn relation_cycle(&self) -> Option<Problem> {
        if self.relations.is_empty() {
            return None;
        }
        let next = self.successors();
        let n = next.len();
        // Iterative depth-first search: 0 unvisited, 1 on the current path, 2 finished.
        let mut state = vec![0u8; n];
        let mut path: Vec<(usize, usize)> = Vec::new();
        for start in 0..n {
            if state[start] != 0 || next[start].is_empty() {
                continue;
            }
            state[start] = 1;
            path.push((start, 0));
            while let Some(&mut (cell, ref mut i)) = path.last_mut() {
                if let Some(&to) = next[cell].get(*i) {
                    *i += 1;
                    match state[to] {
                        0 => {
                            state[to] = 1;
                            path.push((to, 0));
                        }
                        1 => {
                            let from = path.iter().position(|&(c, _)| c == to).unwrap_or(0);
                            let mut cells: Vec<Cell> = path[from..]
                                .iter()
                                .map(|&(c, _)| Cell::at(c, self.size))
                                .collect();
                            cells.push(Cell::at(to, self.size));
                            let chain = join_chain(&cells, |_| None);
                            cells.pop();
                            return Some(Problem::new(
                                format!("the relations form a cycle: {chain}"),
                                cells,
                            ));
                        }
                        _ => {}
                    }
                } else {
                    state[cell] = 2;
                    path.pop();
                }
            }
        }
        None
    }

    /// Bounds along relation chains (the relations must be acyclic): each cell's digit is at
    /// least one more than any smaller neighbour's lower bound, and at most one less than any
    /// larger neighbour's upper bound; givens pin both.
    fn bound_problems(&self) -> Vec<Problem> {
        if self.relations.is_empty() {
            return Vec::new();
        }
        let n = self.size * self.size;
        let size = self.size as i32;
        let next = self.successors();
        let mut prev = vec![Vec::new(); n];
        for (a, list) in next.iter().enumerate() {
            for &b in list {
                prev[b].push(a);
            }
        }
        let order = topological_order(&next);
        let given = |c: usize| self.givens[c] as i32;
        // low[c], and the neighbour that forced it (usize::MAX: c's own given or 1).
        let mut low = vec![1i32; n];
        let mut low_from = vec![usize::MAX; n];
        let mut high = vec![size; n];
        let mut high_from = vec![usize::MAX; n];
        let mut found = Vec::new();
        for &c in &order {
            if given(c) > 0 {
                if let Some(&p) = prev[c].iter().max_by_key(|&&p| low[p]) {
                    if low[p] + 1 > given(c) {
                        let chain = self.chain_into(c, p, &low_from);
                        found.push(self.bound_problem(c, &chain, low[p] + 1, true));
                    }
                }
                low[c] = given(c);
                continue;
            }
            for &p in &prev[c] {
                if low[p] + 1 > low[c] {
                    low[c] = low[p] + 1;
                    low_from[c] = p;
                }
            }
        }
        for &c in order.iter().rev() {
            if given(c) > 0 {
                if let Some(&s) = next[c].iter().min_by_key(|&&s| high[s]) {
                    if high[s] - 1 < given(c) {
                        let chain = self.chain_out_of(c, s, &high_from);
                        found.push(self.bound_problem(c, &chain, high[s] - 1, false));
                    }
                }
                high[c] = given(c);
                continue;
            }
            for &s in &next[c] {
                if high[s] - 1 < high[c] {
                    high[c] = high[s] - 1;
                    high_from[c] = s;
                }
            }
        }
        // One report for the worst open cell: a chain running past the top digit first,
        // then one running below 1, then a cell squeezed between two chains.
        let open = |c: &usize| given(*c) == 0 && low[*c] > high[*c];
        let worst = (0..n)
            .filter(open)
            .filter(|&c| low[c] > size)
            .max_by_key(|&c| low[c])
            .or_else(|| {
                (0..n)
                    .filter(open)
                    .filter(|&c| high[c] < 1)
                    .min_by_key(|&c| high[c])
            })
            .or_else(|| (0..n).find(open));
        if let Some(c) = worst.filter(|_| found.is_empty()) {
            let cell = Cell::at(c, self.size);
            let below = self.chain_to(c, &low_from);
            let above = self.chain_from(c, &high_from);
            let named = |chain: &[usize]| join_chain(&self.cells(chain), |x| self.given(x));
            let (message, cells) = if low[c] > size && given(below[0]) == 0 {
                let message = format!(
                    "{} is a chain of {} cells, longer than the {size} digits allow",
                    named(&below),
                    below.len()
                );
                (message, self.cells(&below))
            } else if low[c] > size {
                let message = format!("{} needs a digit above {size} in {cell}", named(&below));
                (message, self.cells(&below))
            } else if high[c] < 1 {
                let message = format!("{} needs a digit below 1 in {cell}", named(&above));
                (message, self.cells(&above))
            } else {
                let message = format!(
                    "{cell} must be at least {} ({}) and at most {} ({})",
                    low[c],
                    named(&below),
                    high[c],
                    named(&above)
                );
                let mut cells = self.cells(&below);
                cells.extend(self.cells(&above[1..]));
                (message, cells)
            };
            found.push(Problem::new(message, cells));
        }
        found
    }

    fn bound_problem(&self, c: usize, chain: &[usize], bound: i32, lower: bool) -> Problem {
        let cell = Cell::at(c, self.size);
        let named = join_chain(&self.cells(chain), |x| {
            if x == cell {
                None
            } else {
                self.given(x)
            }
        });
        let message = if lower {
            format!(
                "{cell} is {}, but {named} needs at least {bound} there",
                self.givens[c]
            )
        } else {
            format!(
                "{cell} is {}, but {named} needs at most {bound} there",
                self.givens[c]
            )
        };
        Problem::new(message, self.cells(chain))
    }

    fn cells(&self, chain: &[usize]) -> Vec<Cell> {
        chain.iter().map(|&c| Cell::at(c, self.size)).collect()
    }

    /// The chain that set `c`'s lower bound, ending at `c`.
    fn chain_to(&self, c: usize, low_from: &[usize]) -> Vec<usize> {
        let mut chain = self.chain_from(c, low_from);
        chain.reverse();
        chain
    }

    /// The chain that set `c`'s upper bound (or, given `low_from`, its lower bound), starting
    /// at `c`: `from[cell]` is the cell that set the bound, `usize::MAX` none.
    fn chain_from(&self, c: usize, from: &[usize]) -> Vec<usize> {
        let mut chain = vec![c];
        let mut at = c;
        while from[at] != usize::MAX {
            at = from[at];
            chain.push(at);
        }
        chain
    }

    fn chain_into(&self, c: usize, p: usize, low_from: &[usize]) -> Vec<usize> {
        let mut chain = self.chain_to(p, low_from);
        chain.push(c);
        chain
    }

    fn chain_out_of(&self, c: usize, s: usize, high_from: &[usize]) -> Vec<usize> {
        let mut chain = vec![c];
        chain.extend(self.chain_from(s, high_from));
        chain
    }
}

/// `r1c1=4 < r1c2 < r2c2`: a chain of cells joined by `<`, givens shown where `given` says.
fn join_chain(cells: &[Cell], given: impl Fn(Cell) -> Option<u8>) -> String {
    let mut text = String::new();
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            text.push_str(" < ");
        }
        text.push_str(&c.to_string());
        if let Some(d) = given(c) {
            text.push_str(&format!("={d}"));
        }
    }
    text
}

/// Kahn's algorithm over an acyclic graph: every edge's source comes before its target.
fn topological_order(next: &[Vec<usize>]) -> Vec<usize> {
    let mut indegree = vec![0usize; next.len()];
    for list in next {
        for &b in list {
            indegree[b] += 1;
        }
    }
    let mut order: Vec<usize> = (0..next.len()).filter(|&c| indegree[c] == 0).collect();
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        i += 1;
        for &b in &next[c] {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                order.push(b);
            }
        }
    }
    order
}

/// [`houses_hold_any`] for an `N`×`N` grid (`N` ≤ 16) with `BR`×`BC` blocks, known when
/// compiled, in passes the compiler can straighten out and keep in registers: digits and
/// givens byte by byte (no branch, vectorized); then, the digits' range known, a bit a cell
/// into its row and its block (a band's blocks at a time); then into its column. 9×9: ~700
/// instructions an answer, against ~1,900 for the general loop, whose many masks spilled to
/// memory; the CLI checks every answer it finds, two a puzzle when it counts to 2.
fn houses_hold<const N: usize, const BR: usize, const BC: usize>(
    grid: &[u8],
    givens: &[u8],
) -> bool {
    const { assert!(N <= 16 && N % BR == 0 && N % BC == 0) };
    let (grid, givens) = (&grid[..N * N], &givens[..N * N]);
    let kept = grid.iter().zip(givens).fold(true, |ok, (&d, &given)| {
        ok & (d.wrapping_sub(1) < N as u8) & ((given == 0) | (given == d))
    });
    if !kept {
        return false;
    }
    // Digit d is bit d: a full house is bits 1..=N.
    let full = ((1u32 << N) - 1) << 1;
    let mut ok = true;
    for band in grid.chunks_exact(N * BR) {
        let mut blocks = [0u32; N];
        for row in band.chunks_exact(N) {
            let mut seen = 0u32;
            for (c, &d) in row.iter().enumerate() {
                let bit = 1u32 << d;
                seen |= bit;
                blocks[c / BC] |= bit;
            }
            ok &= seen == full;
        }
        ok &= blocks[..N / BC].iter().all(|&m| m == full);
    }
    let mut cols = [0u32; N];
    for row in grid.chunks_exact(N) {
        for (col, &d) in cols.iter_mut().zip(row) {
            *col |= 1u32 << d;
        }
    }
    ok && cols.iter().all(|&m| m == full)
}

/// Whether every digit of the `n`×`n` `grid` is in range and keeps its given, and every row,
/// column and (with `blocks`) block of `block` shape holds every digit.
#[inline(always)]
fn houses_hold_any(
    grid: &[u8],
    givens: &[u8],
    n: usize,
    (block_rows, block_cols): (usize, usize),
    blocks: bool,
) -> bool {
    let full = (1u32 << n) - 1;
    let (mut cols, mut boxes) = ([0u32; MAX_SIZE], [0u32; MAX_SIZE]);
    let mut ok = true;
    for (r, (row, givens)) in grid.chunks_exact(n).zip(givens.chunks_exact(n)).enumerate() {
        let band = r / block_rows * (n / block_cols);
        let mut seen = 0u32;
        for (c, (&d, &given)) in row.iter().zip(givens).enumerate() {
            ok &= d != 0 && usize::from(d) <= n && (given == 0 || given == d);
            let bit = 1u32 << (d.wrapping_sub(1) & 31);
            seen |= bit;
            cols[c] |= bit;
            boxes[band + c / block_cols] |= bit;
        }
        ok &= seen == full;
    }
    ok && cols[..n].iter().all(|&m| m == full) && (!blocks || boxes[..n].iter().all(|&m| m == full))
}

/// [`givens_clash_any`] for an `N`×`N` grid with `BR`×`BC` blocks, known when compiled.
fn givens_clash<const N: usize, const BR: usize, const BC: usize>(
    givens: &[u8],
    blocks: bool,
) -> bool {
    givens_clash_any(givens, N, (BR, BC), blocks)
}

/// Whether two givens (digits ≤ 25, 0 empty) of the `n`×`n` grid are equal in a row, a
/// column or (with `blocks`) a block: one pass, a bit mask a house, no branch a cell.
#[inline(always)]
fn givens_clash_any(
    givens: &[u8],
    n: usize,
    (block_rows, block_cols): (usize, usize),
    blocks: bool,
) -> bool {
    let (mut cols, mut boxes) = ([0u32; MAX_SIZE], [0u32; MAX_SIZE]);
    let box_mask = if blocks { u32::MAX } else { 0 };
    let mut clash = 0u32;
    for (r, row) in givens.chunks_exact(n).enumerate() {
        let band = r / block_rows * (n / block_cols);
        let mut seen = 0u32;
        for (c, &d) in row.iter().enumerate() {
            // Bit d for digit d; an empty cell (0) sets bit 0, which is cleared.
            let bit = (1u32 << (d & 31)) & !1;
            let b = band + c / block_cols;
            clash |= (seen | cols[c] | (boxes[b] & box_mask)) & bit;
            seen |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    clash != 0
}

#[cfg(test)]
mod tests;
