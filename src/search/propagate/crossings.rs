//! [`Crossings`]: where the blocks of a classic geometry meet its rows and columns, built
//! once per size, for locked candidates.

use std::sync::OnceLock;

use crate::digits::MAX_SIZE;
use crate::geometry::Geometry;

/// Where the blocks meet the lines, for locked candidates: one [`Side`] for rows against
/// blocks and one for columns against blocks. Built once per size, like [`Geometry`].
pub(super) struct Crossings {
    pub(super) sides: [Side; 2],
}

/// One side of [`Crossings`]. A *segment* is the part of a line inside one block; segment
/// `s = line * segs + k` is where `line` crosses the `k`-th block on its way. A *band* is the
/// `band_lines` lines that cross the same blocks:
///
/// ```text
/// rows side of 9×9:   line 0: seg 0 | seg 1 | seg 2     band 0 = lines 0-2 = blocks 1-3
///                     line 1: seg 3 | seg 4 | seg 5
///                     line 2: seg 6 | seg 7 | seg 8
/// ```
pub(super) struct Side {
    /// The cells of segment `s` are `cells[s * len..(s + 1) * len]`, in line order.
    pub(super) cells: Vec<u16>,
    /// The block house of each segment.
    pub(super) blocks: Vec<u8>,
    /// The line and block houses of each segment as a bit set over house numbers.
    pub(super) houses: Vec<u128>,
    /// The houses of each band (its lines and its blocks) as a bit set over house numbers.
    pub(super) bands: Vec<u128>,
    /// The house number of line 0 (rows come first, then columns).
    pub(super) first_line: usize,
    pub(super) len: usize,
    pub(super) segs: usize,
    pub(super) band_lines: usize,
}

/// The most segments a line crosses, and the most lines in a band (25×25: 5 blocks of 5).
pub(super) const MAX_BLOCK: usize = 5;

static CROSSINGS: [OnceLock<Crossings>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

impl Crossings {
    /// The table of a classic geometry, `None` without blocks.
    pub(super) fn of(geometry: &Geometry) -> Option<&'static Crossings> {
        let (br, bc) = geometry.block_shape()?;
        let n = geometry.size();
        Some(CROSSINGS[n].get_or_init(|| {
            let blocks_across = n / bc;
            let side = |transposed: bool| {
                let (len, segs, band_lines) = if transposed {
                    (br, n / br, bc)
                } else {
                    (bc, n / bc, br)
                };
                let mut side = Side {
                    cells: Vec::with_capacity(n * n),
                    blocks: Vec::with_capacity(n * segs),
                    houses: Vec::with_capacity(n * segs),
                    bands: vec![0; n / band_lines],
                    first_line: if transposed { n } else { 0 },
                    len,
                    segs,
                    band_lines,
                };
                for line in 0..n {
                    for k in 0..segs {
                        for pos in k * len..(k + 1) * len {
                            let (row, col) = if transposed { (pos, line) } else { (line, pos) };
                            side.cells.push((row * n + col) as u16);
                        }
                        let block = if transposed {
                            k * blocks_across + line / bc
                        } else {
                            line / br * blocks_across + k
                        };
                        let houses = 1u128 << (side.first_line + line) | 1u128 << (2 * n + block);
                        side.blocks.push((2 * n + block) as u8);
                        side.houses.push(houses);
                        side.bands[line / band_lines] |= houses;
                    }
                }
                side
            };
            Crossings {
                sides: [side(false), side(true)],
            }
        }))
    }
}
