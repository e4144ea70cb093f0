//! Puzzles made from arbitrary bytes, built so that most are valid and many have a known
//! answer: a solved grid by construction, a random subset of its digits as givens and of the
//! relations it satisfies, then sometimes a little noise. Or, when the input starts with `T`,
//! a puzzle read from the text that follows (a corpus seed), thinned the same way.
//!
//! ```text
//! built:  shape | digit, row and column shuffles | given density | keep byte per cell
//!         | relation density | keep byte per adjacent pair | noise
//! text:   'T' | given density | relation density | thinning seed (8 bytes) | puzzle text
//!         | NUL | the target's own bytes (limits, budgets)
//! ```
//! Bytes that run out read as zeros, so every input is some puzzle.

use arbitrary::{Result, Unstructured};
use sudoku_lab::formats::{self, ReadOptions};
use sudoku_lab::{Cell, Kind, Marker, MarkerKind, Options, Puzzle, Relation, Strategy};

use crate::check::{block_shape, Rules};

/// The first byte that makes the rest of an input a puzzle text.
pub const TEXT_MODE: u8 = b'T';

/// Puzzles small enough for every engine with small limits.
pub const SMALL: &[(Kind, usize)] = &[
    (Kind::Classic, 4),
    (Kind::Classic, 6),
    (Kind::Classic, 8),
    (Kind::Classic, 9),
    (Kind::Classic, 12),
    (Kind::Inequality, 4),
    (Kind::Inequality, 6),
    (Kind::Inequality, 9),
    (Kind::Futoshiki, 3),
    (Kind::Futoshiki, 4),
    (Kind::Futoshiki, 5),
    (Kind::Futoshiki, 6),
    (Kind::Futoshiki, 7),
];

/// The shapes the fast paths take (`sudoku_lab::solve_fast`).
pub const FAST: &[(Kind, usize)] = &[
    (Kind::Classic, 9),
    (Kind::Inequality, 9),
    (Kind::Classic, 16),
    (Kind::Classic, 25),
];

/// A puzzle and, when it was built from a solved grid that it still admits, that grid.
#[derive(Clone, Debug)]
pub struct Case {
    pub puzzle: Puzzle,
    pub answer: Option<Vec<u8>>,
}

/// Runs a target's `check` on the first case of `data` (built in one of [`SMALL`], or read
/// from text of a size at most `max_size`) and the bytes after it; data that holds no case
/// checks nothing.
pub fn with_small_case(
    data: &[u8],
    max_size: usize,
    check: impl FnOnce(&Case, &mut Unstructured<'_>) -> Result<()>,
) -> Result<()> {
    let mut u = Unstructured::new(data);
    match case(&mut u, SMALL, |_, size| size <= max_size)? {
        Some(case) => check(&case, &mut u),
        None => Ok(()),
    }
}

/// The next case: built in one of `shapes`, or read from text when the input asks for it
/// (`None` when the text holds no puzzle, or one of a shape `text_shapes` refuses).
pub fn case(
    u: &mut Unstructured<'_>,
    shapes: &[(Kind, usize)],
    text_shapes: impl Fn(Kind, usize) -> bool,
) -> Result<Option<Case>> {
    if u.peek_bytes(1) == Some(&[TEXT_MODE]) {
        u.bytes(1)?;
        return from_text(u, text_shapes);
    }
    let (kind, size) = shapes[u.choose_index(shapes.len())?];
    let grid = solved(u, kind, size)?;
    let density: u8 = u.arbitrary()?;
    let mut givens = vec![0u8; size * size];
    for (given, &digit) in givens.iter_mut().zip(&grid) {
        if u.arbitrary::<u8>()? < density {
            *given = digit;
        }
    }
    let mut relations = Vec::new();
    if kind != Kind::Classic {
        let density: u8 = u.arbitrary()?;
        for (a, b) in adjacent_pairs(size) {
            if u.arbitrary::<u8>()? < density {
                let less = grid[a.index(size)] < grid[b.index(size)];
                relations.push(Relation::new(a, less, b));
            }
        }
    }
    let (markers, negative) = markers(u, size, &grid, &relations)?;
    add_noise(u, kind, size, &mut givens, &mut relations)?;
    let puzzle = Puzzle::new(kind, size, givens, relations)
        .and_then(|p| p.with_markers(markers, negative))
        .unwrap_or_else(|p| {
            panic!("Puzzle::new refused a well-formed {kind} {size}×{size} puzzle: {p}")
        });
    // Noise may have broken the grid: it is the answer only if it still fits.
    let answer = Rules::of(&puzzle).check(&grid).is_ok().then_some(grid);
    Ok(Some(Case { puzzle, answer }))
}

/// Markers the solved grid satisfies, on pairs without a relation: none for three inputs in
/// four; else Kropki dots (white: consecutive, black: one double the other; a 1–2 pair
/// either) or X and V (sums of 10 and 5), each kept at a density — or all of them, with the
/// family's negative constraint.
fn markers(
    u: &mut Unstructured<'_>,
    size: usize,
    grid: &[u8],
    relations: &[Relation],
) -> Result<(Vec<Marker>, Vec<MarkerKind>)> {
    let mode: u8 = u.arbitrary()?;
    if mode % 4 != 1 {
        return Ok((Vec::new(), Vec::new()));
    }
    let kropki = mode & 4 == 0;
    let negative = mode & 8 != 0;
    let density: u8 = if negative { u8::MAX } else { u.arbitrary()? };
    let related = |a: Cell, b: Cell| {
        relations.iter().any(|r| {
            let (x, _, y) = r.oriented();
            (x, y) == (a, b)
        })
    };
    let mut markers = Vec::new();
    for (a, b) in adjacent_pairs(size) {
        if related(a, b) {
            continue;
        }
        let (x, y) = (grid[a.index(size)], grid[b.index(size)]);
        let kind = if kropki {
            match (x.abs_diff(y) == 1, x == 2 * y || y == 2 * x) {
                (true, true) if u.arbitrary::<bool>()? => Some(MarkerKind::BLACK),
                (true, _) => Some(MarkerKind::WHITE),
                (false, true) => Some(MarkerKind::BLACK),
                (false, false) => None,
            }
        } else {
            match x + y {
                10 => Some(MarkerKind::X),
                5 => Some(MarkerKind::V),
                _ => None,
            }
        };
        if let Some(kind) = kind {
            if negative || u.arbitrary::<u8>()? < density {
                markers.push(Marker::new(a, kind, b));
            }
        }
    }
    let negative = match (negative, kropki) {
        (false, _) => Vec::new(),
        (true, true) => vec![MarkerKind::WHITE, MarkerKind::BLACK],
        (true, false) => vec![MarkerKind::X, MarkerKind::V],
    };
    Ok((markers, negative))
}

/// Every pair of orthogonally adjacent cells once, left or upper cell first.
pub fn adjacent_pairs(size: usize) -> impl Iterator<Item = (Cell, Cell)> {
    (0..size).flat_map(move |r| {
        (0..size).flat_map(move |c| {
            let right = (c + 1 < size).then(|| (Cell::new(r, c), Cell::new(r, c + 1)));
            let down = (r + 1 < size).then(|| (Cell::new(r, c), Cell::new(r + 1, c)));
            right.into_iter().chain(down)
        })
    })
}

/// A random permutation of `0..n` (all zeros when the bytes run out: the identity).
fn permutation(u: &mut Unstructured<'_>, n: usize) -> Result<Vec<usize>> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = u.int_in_range(0..=i)?;
        p.swap(i, j);
    }
    Ok(p)
}

/// A solved grid (digits 1..=size, row-major) of `kind` at `size`: the pattern grid
/// `(bc·(r mod br) + r div br + c) mod n` for br×bc blocks (a cyclic Latin square without
/// blocks), with shuffled digits, rows within bands, bands, columns within stacks, stacks.
/// Each of these moves keeps every house all different.
pub fn solved(u: &mut Unstructured<'_>, kind: Kind, size: usize) -> Result<Vec<u8>> {
    let (br, bc) = if kind.has_blocks() {
        block_shape(size).expect("a classic size")
    } else {
        (1, 1)
    };
    let digits = permutation(u, size)?;
    let lines = |u: &mut Unstructured<'_>, group: usize| -> Result<Vec<usize>> {
        let order = permutation(u, size / group)?;
        let mut map = Vec::with_capacity(size);
        for &g in &order {
            let within = permutation(u, group)?;
            map.extend(within.iter().map(|&w| g * group + w));
        }
        Ok(map)
    };
    let rows = lines(u, br)?;
    let cols = lines(u, bc)?;
    let transpose = br == bc && u.arbitrary::<bool>()?;
    let base = |r: usize, c: usize| {
        if kind.has_blocks() {
            (bc * (r % br) + r / br + c) % size
        } else {
            (r + c) % size
        }
    };
    let mut grid = vec![0u8; size * size];
    for r in 0..size {
        for c in 0..size {
            let (r2, c2) = if transpose { (c, r) } else { (r, c) };
            grid[r * size + c] = digits[base(rows[r2], cols[c2])] as u8 + 1;
        }
    }
    Ok(grid)
}

/// Up to three random changes: a given set (to any digit, or cleared) or a relation added
/// in either direction (puzzles with relations only). The result may well be unsolvable or
/// invalid; that is the point.
fn add_noise(
    u: &mut Unstructured<'_>,
    kind: Kind,
    size: usize,
    givens: &mut [u8],
    relations: &mut Vec<Relation>,
) -> Result<()> {
    let changes = u.int_in_range(0..=3u8)?;
    for _ in 0..changes {
        let cell = Cell::at(u.choose_index(size * size)?, size);
        if kind == Kind::Classic || u.arbitrary::<bool>()? {
            givens[cell.index(size)] = u.int_in_range(0..=size as u8)?;
        } else {
            let right = u.arbitrary::<bool>()?;
            let other = if right {
                Cell::new(cell.row as usize, (cell.col as usize + 1) % size)
            } else {
                Cell::new((cell.row as usize + 1) % size, cell.col as usize)
            };
            if cell.is_adjacent(other) {
                relations.push(Relation::new(cell, u.arbitrary()?, other));
            }
        }
    }
    Ok(())
}

/// A puzzle read from the input up to a NUL byte (the first one that reads, in the detected
/// format), thinned: each given kept when a byte of a seeded stream is below the density.
fn from_text(
    u: &mut Unstructured<'_>,
    shapes: impl Fn(Kind, usize) -> bool,
) -> Result<Option<Case>> {
    let given_density: u8 = u.arbitrary()?;
    let relation_density: u8 = u.arbitrary()?;
    let mut stream = Stream(u.arbitrary()?);
    // The text ends at a NUL byte (or the input); what follows is the target's.
    let rest = u.peek_bytes(u.len()).unwrap_or_default();
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    let text = String::from_utf8_lossy(&rest[..end]).into_owned();
    u.bytes((end + 1).min(rest.len()))?;
    let Ok(format) = formats::detect(&text) else {
        return Ok(None);
    };
    let Some(entry) = formats::read(&text, format, ReadOptions::default())
        .take(4)
        .find_map(|e| e.ok())
    else {
        return Ok(None);
    };
    let p = entry.puzzle;
    if !shapes(p.kind(), p.size()) {
        return Ok(None);
    }
    let givens = p
        .givens()
        .iter()
        .map(|&d| if stream.byte() <= given_density { d } else { 0 })
        .collect();
    let relations = p
        .relations()
        .iter()
        .copied()
        .filter(|_| stream.byte() <= relation_density)
        .collect();
    let puzzle = Puzzle::new(p.kind(), p.size(), givens, relations)
        .expect("a subset of a read puzzle is well-formed");
    Ok(Some(Case {
        puzzle,
        answer: None,
    }))
}

/// splitmix64: a stream of bytes from a seed, for thinning a text seed.
struct Stream(u64);

impl Stream {
    fn byte(&mut self) -> u8 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as u8
    }
}

/// Small search limits: a node limit up to 2,000, a solution limit from 1 to 5, and now and
/// then a forced strategy (any strategy is sound: it changes speed, never answers).
pub fn small_options(u: &mut Unstructured<'_>) -> Result<Options> {
    let node_limit = u.int_in_range(0..=2000u64)?;
    let solution_limit = u.int_in_range(1..=5u64)?;
    let strategy = if u.arbitrary::<bool>()? {
        Some(Strategy {
            locked_candidates: u.arbitrary()?,
            weighted: u.arbitrary()?,
            probe_after: *u.choose(&[0, 1, 3, 20, u64::MAX])?,
            probe_width: *u.choose(&[2, 3, u32::MAX])?,
        })
    } else {
        None
    };
    Ok(Options {
        solution_limit,
        node_limit,
        strategy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_builds_a_solved_grid_that_its_puzzle_admits() {
        for &(kind, size) in SMALL.iter().chain(FAST) {
            for seed in 0..20u8 {
                let bytes: Vec<u8> = (0..600)
                    .map(|i| (i as u8).wrapping_mul(31) ^ seed)
                    .collect();
                let mut u = Unstructured::new(&bytes);
                let grid = solved(&mut u, kind, size).unwrap();
                let puzzle = Puzzle::new(kind, size, vec![0; size * size], vec![]).unwrap();
                Rules::of(&puzzle).check(&grid).unwrap();
            }
        }
    }

    #[test]
    fn a_known_answer_solves_its_puzzle() {
        for seed in 0..200u8 {
            let bytes: Vec<u8> = (0..400).map(|i| (i as u8).wrapping_mul(seed | 1)).collect();
            let mut u = Unstructured::new(&bytes);
            let case = case(&mut u, SMALL, |_, _| true).unwrap().unwrap();
            if let Some(answer) = &case.answer {
                Rules::of(&case.puzzle).check(answer).unwrap();
            }
        }
    }

    #[test]
    fn some_cases_carry_markers_and_their_negative_constraint_which_the_grid_keeps() {
        let (mut marked, mut negative, mut kept) = (0, 0, 0);
        for seed in 0..2000u32 {
            let bytes: Vec<u8> = (0..800u32)
                .map(|i| (i.wrapping_mul(2654435761) ^ seed.wrapping_mul(40503)) as u8)
                .collect();
            let mut u = Unstructured::new(&bytes);
            // (An input that starts with `T` is text, mostly no puzzle.)
            let Some(case) = case(&mut u, SMALL, |_, _| true).unwrap() else {
                continue;
            };
            if case.puzzle.has_markers() {
                marked += 1;
                negative += usize::from(!case.puzzle.negative().is_empty());
                kept += usize::from(case.answer.is_some());
            }
        }
        // About one case in four; half of them under the negative constraint; and a share
        // with their grid as an answer (with these bytes noise breaks two grids in three,
        // markers or not, and relations under a negative constraint a few more).
        assert!(marked > 200, "{marked} of 2000 with markers");
        assert!(
            negative > 50,
            "{negative} of {marked} under the negative constraint"
        );
        assert!(kept * 10 > marked, "{kept} of {marked} keep their grid");
    }

    #[test]
    fn a_text_seed_reads_its_puzzle_and_leaves_the_rest_to_the_target() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut bytes = vec![TEXT_MODE, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(&[0, 7, 7, 7]);
        let mut u = Unstructured::new(&bytes);
        let case = case(&mut u, FAST, |_, _| true).unwrap().unwrap();
        assert_eq!(case.puzzle.givens()[0], 4);
        assert_eq!(case.puzzle.givens().iter().filter(|&&d| d > 0).count(), 17);
        assert_eq!(u.len(), 3);
    }
}
