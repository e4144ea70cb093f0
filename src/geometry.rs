//! Grid geometry: sizes, block shapes, houses, peers and neighbours, built once per size.
//!
//! Cells are numbered row-major from 0 (`index = row * size + col`); text names them
//! 1-based as `r{row}c{col}`. Houses are numbered rows first, then columns, then blocks:
//!
//! ```text
//! house:  0 .. n-1     n .. 2n-1      2n .. 3n-1   (blocks only for classic kinds)
//!         row r        column c       block b, numbered left to right, top to bottom
//! ```

use std::fmt;
use std::sync::OnceLock;

use crate::digits::MAX_SIZE;

/// A cell position, 0-based inside, written 1-based as `r3c7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The cell with row-major `index` in a grid of `size` columns.
    pub const fn at(index: usize, size: usize) -> Cell {
        Cell::new(index / size, index % size)
    }

    /// The row-major index of this cell in a grid of `size` columns.
    pub const fn index(self, size: usize) -> usize {
        self.row as usize * size + self.col as usize
    }

    /// True when the two cells share a side.
    pub const fn is_adjacent(self, other: Cell) -> bool {
        let dr = self.row.abs_diff(other.row);
        let dc = self.col.abs_diff(other.col);
        dr + dc == 1
    }

    /// Parses `r3c7` (case-insensitive, 1-based; `R3C7` too).
    pub fn parse(text: &str) -> Option<Cell> {
        let t = text.trim().to_ascii_lowercase();
        let rest = t.strip_prefix('r')?;
        let (row, col) = rest.split_once('c')?;
        let row: usize = row.parse().ok()?;
        let col: usize = col.parse().ok()?;
        if row == 0 || col == 0 || row > MAX_SIZE || col > MAX_SIZE {
            return None;
        }
        Some(Cell::new(row - 1, col - 1))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Which family a house belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum HouseKind {
    Row,
    Column,
    Block,
}

impl HouseKind {
    /// The family's name in text: `row`, `column`, `block`.
    pub const fn word(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Block => "block",
        }
    }
}

/// A house: one row, column or block, 0-based `index` within its family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct House {
    pub kind: HouseKind,
    pub index: u8,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.word(), self.index + 1)
    }
}

/// The block shape (rows × columns of one block) of a classic size, if it has one.
pub const fn block_shape(size: usize) -> Option<(usize, usize)> {
    match size {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        8 => Some((2, 4)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        25 => Some((5, 5)),
        _ => None,
    }
}

/// The sizes that have a block shape, smallest first.
pub const CLASSIC_SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// The smallest and largest Latin-square (Futoshiki) size.
pub const LATIN_SIZES: std::ops::RangeInclusive<usize> = 3..=MAX_SIZE;

/// Precomputed tables for one grid: houses, the houses of each cell, and peers.
#[derive(Debug)]
pub struct Geometry {
    size: usize,
    block: Option<(usize, usize)>,
    /// House `h` is `houses[h * size .. (h + 1) * size]`.
    houses: Vec<u16>,
    /// The houses of cell `c` are `cell_houses[c * per_cell .. (c + 1) * per_cell]`.
    cell_houses: Vec<u16>,
    houses_per_cell: usize,
    /// The peers of cell `c` are `peers[c * peer_count .. (c + 1) * peer_count]`.
    peers: Vec<u16>,
    peer_count: usize,
    /// The houses of each cell as a bit set over house numbers (at most 75 houses).
    house_masks: Vec<u128>,
    /// The peers of cell `c` as a set of cells: words `c * set_words ..` of `peer_sets`, cell
    /// `p` bit `p % 64` of word `p / 64`.
    peer_sets: Vec<u64>,
    set_words: usize,
}

static CLASSIC: [OnceLock<Geometry>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
static LATIN: [OnceLock<Geometry>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

impl Geometry {
    /// Rows, columns and blocks of a classic size (4, 6, 8, 9, 12, 16, 25).
    pub fn classic(size: usize) -> Option<&'static Geometry> {
        let block = block_shape(size)?;
        Some(CLASSIC[size].get_or_init(|| Geometry::build(size, Some(block))))
    }

    /// Rows and columns only (a Latin square), for sizes 3..=25.
    pub fn latin(size: usize) -> Option<&'static Geometry> {
        if !LATIN_SIZES.contains(&size) {
            return None;
        }
        Some(LATIN[size].get_or_init(|| Geometry::build(size, None)))
    }

    fn build(size: usize, block: Option<(usize, usize)>) -> Geometry {
        let cells = size * size;
        let houses_per_cell = if block.is_some() { 3 } else { 2 };
        let mut houses = Vec::with_capacity(houses_per_cell * cells);
        for r in 0..size {
            houses.extend((0..size).map(|c| (r * size + c) as u16));
        }
        for c in 0..size {
            houses.extend((0..size).map(|r| (r * size + c) as u16));
        }
        if let Some((br, bc)) = block {
            for b in 0..size {
                let (r0, c0) = ((b / (size / bc)) * br, (b % (size / bc)) * bc);
                for r in r0..r0 + br {
                    houses.extend((c0..c0 + bc).map(|c| (r * size + c) as u16));
                }
            }
        }
        let house_count = houses.len() / size;
        let mut cell_houses = vec![0u16; cells * houses_per_cell];
        let mut filled = vec![0usize; cells];
        for h in 0..house_count {
            for &cell in &houses[h * size..(h + 1) * size] {
                let c = cell as usize;
                cell_houses[c * houses_per_cell + filled[c]] = h as u16;
                filled[c] += 1;
            }
        }
        let peer_count = match block {
            Some((br, bc)) => 3 * (size - 1) - (bc - 1) - (br - 1),
            None => 2 * (size - 1),
        };
        let mut peers = Vec::with_capacity(cells * peer_count);
        let mut seen = vec![false; cells];
        for c in 0..cells {
            let start = peers.len();
            for &h in &cell_houses[c * houses_per_cell..(c + 1) * houses_per_cell] {
                for &p in &houses[h as usize * size..(h as usize + 1) * size] {
                    if p as usize != c && !seen[p as usize] {
                        seen[p as usize] = true;
                        peers.push(p);
                    }
                }
            }
            for &p in &peers[start..] {
                seen[p as usize] = false;
            }
            debug_assert_eq!(peers.len() - start, peer_count);
        }
        let house_masks = (0..cells)
            .map(|c| {
                cell_houses[c * houses_per_cell..(c + 1) * houses_per_cell]
                    .iter()
                    .fold(0u128, |m, &h| m | 1u128 << h)
            })
            .collect();
        let set_words = cells.div_ceil(64);
        let mut peer_sets = vec![0u64; cells * set_words];
        for c in 0..cells {
            for &p in &peers[c * peer_count..(c + 1) * peer_count] {
                peer_sets[c * set_words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        Geometry {
            size,
            block,
            houses,
            cell_houses,
            houses_per_cell,
            peers,
            peer_count,
            house_masks,
            peer_sets,
            set_words,
        }
    }

    /// The number of digits, rows and columns.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of cells (`size²`).
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// Rows × columns of a block, or `None` for a Latin square.
    #[inline]
    pub fn block_shape(&self) -> Option<(usize, usize)> {
        self.block
    }

    #[inline]
    pub fn house_count(&self) -> usize {
        self.houses.len() / self.size
    }

    /// The cells of house `h`, in reading order.
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        &self.houses[h * self.size..(h + 1) * self.size]
    }

    /// Which row, column or block house `h` is.
    pub fn house_name(&self, h: usize) -> House {
        let kind = match h / self.size {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Block,
        };
        House {
            kind,
            index: (h % self.size) as u8,
        }
    }

    /// The houses that contain `cell`: its row, its column and (classic) its block.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses[cell * self.houses_per_cell..(cell + 1) * self.houses_per_cell]
    }

    /// The houses of `cell` as a bit set: bit `h` is set when house `h` contains the cell.
    #[inline]
    pub fn house_mask(&self, cell: usize) -> u128 {
        self.house_masks[cell]
    }

    /// Every other cell that shares a house with `cell`, each once.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// The peers of `cell` as a set of cells, [`Geometry::set_words`] words: cell `p` is bit
    /// `p % 64` of word `p / 64`.
    #[inline]
    pub fn peer_set(&self, cell: usize) -> &[u64] {
        &self.peer_sets[cell * self.set_words..(cell + 1) * self.set_words]
    }

    /// The words of a set of cells (cells / 64, rounded up).
    #[inline]
    pub fn set_words(&self) -> usize {
        self.set_words
    }

    /// The number of peers of every cell.
    #[inline]
    pub fn peer_count(&self) -> usize {
        self.peer_count
    }

    /// The position of cell index `cell`.
    #[inline]
    pub fn cell(&self, cell: usize) -> Cell {
        Cell::at(cell, self.size)
    }

    /// The index of the block containing `cell`, if the grid has blocks.
    pub fn block_of(&self, cell: usize) -> Option<usize> {
        let (br, bc) = self.block?;
        let Cell { row, col } = self.cell(cell);
        Some((row as usize / br) * (self.size / bc) + col as usize / bc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_classic_size_has_consistent_tables() {
        for size in CLASSIC_SIZES {
            let g = Geometry::classic(size).unwrap();
            assert_eq!(g.house_count(), 3 * size);
            for h in 0..g.house_count() {
                let mut cells = g.house(h).to_vec();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), size, "house {h} of size {size}");
            }
            for c in 0..g.cell_count() {
                for &p in g.peers(c) {
                    assert!(
                        g.peers(p as usize).contains(&(c as u16)),
                        "peers are symmetric"
                    );
                    assert_ne!(p as usize, c);
                }
                let b = g.block_of(c).unwrap();
                assert!(g.house(2 * size + b).contains(&(c as u16)));
                let in_set = |p: usize| g.peer_set(c)[p / 64] >> (p % 64) & 1 != 0;
                let listed = (0..g.cell_count())
                    .filter(|&p| in_set(p))
                    .collect::<Vec<_>>();
                let mut peers: Vec<usize> = g.peers(c).iter().map(|&p| p as usize).collect();
                peers.sort_unstable();
                assert_eq!(listed, peers, "the peer set of cell {c} is its peer list");
            }
        }
    }

    #[test]
    fn nine_by_nine_has_twenty_peers_and_blocks_in_reading_order() {
        let g = Geometry::classic(9).unwrap();
        assert_eq!(g.peer_count(), 20);
        assert_eq!(g.house(18 + 4), &[30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(g.house_name(18 + 4).to_string(), "block 5");
    }

    #[test]
    fn six_by_six_blocks_are_two_rows_by_three_columns() {
        let g = Geometry::classic(6).unwrap();
        assert_eq!(g.house(12), &[0, 1, 2, 6, 7, 8]);
        assert_eq!(g.house(13), &[3, 4, 5, 9, 10, 11]);
        assert_eq!(g.peer_count(), 5 + 5 + 2);
    }

    #[test]
    fn latin_squares_have_rows_and_columns_only() {
        let g = Geometry::latin(5).unwrap();
        assert_eq!(g.house_count(), 10);
        assert_eq!(g.peer_count(), 8);
        assert!(Geometry::latin(2).is_none());
        assert!(Geometry::classic(10).is_none());
    }

    #[test]
    fn cells_print_and_parse_one_based() {
        let c = Cell::new(2, 6);
        assert_eq!(c.to_string(), "r3c7");
        assert_eq!(Cell::parse("R3C7"), Some(c));
        assert_eq!(Cell::parse("r0c1"), None);
        assert_eq!(Cell::parse("r3"), None);
        assert!(Cell::new(0, 0).is_adjacent(Cell::new(0, 1)));
        assert!(!Cell::new(0, 0).is_adjacent(Cell::new(1, 1)));
    }
}
