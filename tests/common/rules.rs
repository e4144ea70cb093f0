//! An answer checker that trusts nothing in the library: the houses are worked out here from
//! the size alone and every rule is checked in plain numbers; a puzzle is read only through
//! its data (kind, size, givens, relations). One file serves the tests (`tests/common`) and
//! the fuzz crate (`fuzz/src/check.rs` includes it by path), which have no crate in common
//! but the library it checks.

use sudoku_lab::{Kind, MarkerKind, Puzzle};

/// Block rows × block columns of every classic size, worked out here rather than taken from
/// the library, so that verifying an answer also checks the library's geometry: the sizes
/// are the design's list, the rows the largest divisor not above the square root.
pub fn block_shape(size: usize) -> Option<(usize, usize)> {
    if ![4, 6, 8, 9, 12, 16, 25].contains(&size) {
        return None;
    }
    let rows = (1..=size)
        .filter(|&r| r * r <= size && size / r * r == size)
        .max()?;
    Some((rows, size / rows))
}

/// What a marker says of two digits, in plain numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Say {
    /// They differ by k.
    Differ(u8),
    /// One is k times the other.
    Times(u8),
    /// They sum to k.
    Sum(u8),
}

impl Say {
    pub fn holds(self, x: u8, y: u8) -> bool {
        let (x, y) = (x as u32, y as u32);
        match self {
            Say::Differ(k) => x.abs_diff(y) == k as u32,
            Say::Times(k) => x == k as u32 * y || y == k as u32 * x,
            Say::Sum(k) => x + y == k as u32,
        }
    }

    fn of(kind: MarkerKind) -> Say {
        match kind {
            MarkerKind::Difference(k) => Say::Differ(k),
            MarkerKind::Ratio(k) => Say::Times(k),
            MarkerKind::Sum(k) => Say::Sum(k),
            other => panic!("not known to this test: {other:?}"),
        }
    }
}

/// Everything an answer must satisfy, in plain numbers: digits `1..=size`, givens kept,
/// rows, columns and (when there are blocks) blocks all-different, `answer[a] < answer[b]`
/// for every `(a, b)` in `less`, every marker `(a, b, say)` holding, and no adjacent pair
/// without a marker for which a `negative` say holds. Cells are row-major indices.
#[derive(Clone, Debug)]
pub struct Rules {
    pub size: usize,
    pub block: Option<(usize, usize)>,
    pub givens: Vec<u8>,
    pub less: Vec<(usize, usize)>,
    pub markers: Vec<(usize, usize, Say)>,
    pub negative: Vec<Say>,
}

impl Rules {
    /// The rules of a library puzzle, read through its public fields only.
    pub fn of(puzzle: &Puzzle) -> Rules {
        let size = puzzle.size();
        let block = match puzzle.kind() {
            Kind::Futoshiki => None,
            Kind::Classic | Kind::Inequality => {
                Some(block_shape(size).expect("a classic size has a block shape"))
            }
            other => panic!("not known to this test: {other:?}"),
        };
        let index = |c: sudoku_lab::Cell| c.row as usize * size + c.col as usize;
        Rules {
            size,
            block,
            givens: puzzle.givens().to_vec(),
            less: puzzle
                .relations()
                .iter()
                .map(|r| (index(r.smaller), index(r.larger)))
                .collect(),
            markers: puzzle
                .markers()
                .iter()
                .map(|m| (index(m.a), index(m.b), Say::of(m.kind)))
                .collect(),
            negative: puzzle.negative().iter().map(|&k| Say::of(k)).collect(),
        }
    }

    /// Every house, named, with its cells: rows, columns, then blocks.
    pub fn houses(&self) -> Vec<(String, Vec<usize>)> {
        let n = self.size;
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        let mut houses: Vec<(String, Vec<usize>)> = Vec::with_capacity(3 * n);
        for r in 0..n {
            houses.push((
                format!("row {}", r + 1),
                (0..n).map(|c| r * n + c).collect(),
            ));
        }
        for c in 0..n {
            houses.push((
                format!("column {}", c + 1),
                (0..n).map(|r| r * n + c).collect(),
            ));
        }
        if let Some((br, bc)) = self.block {
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    let cells = (top..top + br)
                        .flat_map(|r| (left..left + bc).map(move |c| r * n + c))
                        .collect();
                    houses.push((format!("the block at {}", name(top * n + left)), cells));
                }
            }
        }
        houses
    }

    /// The first broken rule, in words; `Ok` for a valid answer.
    pub fn check(&self, answer: &[u8]) -> Result<(), String> {
        let n = self.size;
        if answer.len() != n * n {
            return Err(format!("{} cells instead of {}", answer.len(), n * n));
        }
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        for (i, &d) in answer.iter().enumerate() {
            if d == 0 || d as usize > n {
                return Err(format!("{} holds {d}, outside 1..={n}", name(i)));
            }
            let given = self.givens.get(i).copied().unwrap_or(0);
            if given != 0 && given != d {
                return Err(format!("{} is given {given} but holds {d}", name(i)));
            }
        }
        let houses = self.houses();
        for (house, cells) in &houses {
            let mut seen = vec![None; n + 1];
            for &i in cells {
                let d = answer[i] as usize;
                if let Some(first) = seen[d] {
                    return Err(format!(
                        "{} and {} are both {d} in {house}",
                        name(first),
                        name(i)
                    ));
                }
                seen[d] = Some(i);
            }
        }
        for &(a, b) in &self.less {
            if answer[a] >= answer[b] {
                return Err(format!(
                    "{} < {} is broken: {} against {}",
                    name(a),
                    name(b),
                    answer[a],
                    answer[b]
                ));
            }
        }
        for &(a, b, say) in &self.markers {
            if !say.holds(answer[a], answer[b]) {
                return Err(format!(
                    "the marker {say:?} between {} and {} is broken: {} and {}",
                    name(a),
                    name(b),
                    answer[a],
                    answer[b]
                ));
            }
        }
        if !self.negative.is_empty() {
            for a in 0..n * n {
                let right = (a % n + 1 < n).then_some(a + 1);
                let down = (a + n < n * n).then_some(a + n);
                for b in right.into_iter().chain(down) {
                    let marked = self
                        .markers
                        .iter()
                        .any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a));
                    if let Some(say) = self.negative.iter().find(|s| s.holds(answer[a], answer[b]))
                    {
                        if !marked {
                            return Err(format!(
                                "{} and {} ({} and {}) have no marker, but {say:?} holds",
                                name(a),
                                name(b),
                                answer[a],
                                answer[b]
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
