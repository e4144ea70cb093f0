//! Locked candidates: where a block meets a row or column, a digit confined to the
//! intersection on one side leaves the rest of the other.

use std::sync::OnceLock;

use crate::digits::MAX_SIZE;
use crate::geometry::Geometry;

use super::super::{Contradiction, Observer, Rule, Via};
use super::Propagate;

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
const MAX_BLOCK: usize = 5;

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

impl<O: Observer> Propagate<O> {
    /// Fills `segments` for `band` of `side` and tells whether some intersection there with a
    /// changed line or block has locked candidates, without removing anything.
    ///
    /// Inside an intersection, a digit is pointing or claiming when exactly one of the line and
    /// the block has it elsewhere too. With `twice` = the digits in two or more segments of
    /// the line (or of the block), `here & rest_of_line == here & twice_of_line`, so the
    /// digits to act on are `here & (twice_of_line ^ twice_of_block)`.
    #[inline]
    pub(super) fn band_has_locked_candidates(
        &mut self,
        side: &Side,
        band: usize,
        changed: u128,
    ) -> bool {
        // The square shapes get loops of constant length, unrolled.
        match (side.len, side.segs, side.band_lines) {
            (3, 3, 3) => self.scan_band(side, band, changed, 3, 3, 3),
            (4, 4, 4) => self.scan_band(side, band, changed, 4, 4, 4),
            (5, 5, 5) => self.scan_band(side, band, changed, 5, 5, 5),
            (len, segs, lines) => self.scan_band(side, band, changed, len, segs, lines),
        }
    }

    /// [`Propagate::band_has_locked_candidates`] for a side of the given shape.
    #[inline(always)]
    fn scan_band(
        &mut self,
        side: &Side,
        band: usize,
        changed: u128,
        len: usize,
        segs: usize,
        band_lines: usize,
    ) -> bool {
        let base = self.depth * self.frames.cells;
        let first = band * band_lines * segs;
        let (mut once_block, mut twice_block) = ([0u32; MAX_BLOCK], [0u32; MAX_BLOCK]);
        let mut twice_line = [0u32; MAX_BLOCK];
        for (i, twice_line) in twice_line[..band_lines].iter_mut().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for k in 0..segs {
                let s = first + i * segs + k;
                let m = side.cells[s * len..(s + 1) * len]
                    .iter()
                    .fold(0, |m, &c| m | self.frames.grids[base + c as usize]);
                self.segments[s] = m;
                twice |= once & m;
                once |= m;
                twice_block[k] |= once_block[k] & m;
                once_block[k] |= m;
            }
            *twice_line = twice;
        }
        let mut found = 0;
        for (i, &twice_line) in twice_line[..band_lines].iter().enumerate() {
            for (k, &twice_block) in twice_block[..segs].iter().enumerate() {
                let s = first + i * segs + k;
                if changed & side.houses[s] != 0 {
                    found |= self.segments[s] & (twice_line ^ twice_block);
                }
            }
        }
        found != 0
    }

    /// Locked candidates, for each intersection of a block with a row or column:
    /// a digit that the block keeps only in the intersection leaves the rest of the line
    /// (pointing); a digit that the line keeps only in the intersection leaves the rest of the
    /// block (claiming). Only intersections whose line or block changed since the last look
    /// are examined. Returns whether anything was removed.
    pub(super) fn locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let changed_houses = std::mem::take(&mut self.locked_dirty);
        let Some(crossings) = self.crossings else {
            return Ok(false);
        };
        let mut changed = false;
        // Rows against blocks, then columns against blocks.
        for side in &crossings.sides {
            let (segs, band_lines) = (side.segs, side.band_lines);
            for (band, &houses) in side.bands.iter().enumerate() {
                // Segments are read only by the intersections of their own band, and nothing
                // outside a band changes while it is examined: a band with no changed line
                // or block is skipped whole.
                if changed_houses & houses == 0 {
                    continue;
                }
                let lines = band * band_lines..(band + 1) * band_lines;
                let band_segs = lines.start * segs..lines.end * segs;
                if !self.band_has_locked_candidates(side, band, changed_houses) {
                    continue;
                }
                for line in lines.clone() {
                    let line_h = side.first_line + line;
                    let line_dirty = changed_houses >> line_h & 1 != 0;
                    for k in 0..segs {
                        let s = line * segs + k;
                        let block_h = side.blocks[s] as usize;
                        if !line_dirty && changed_houses >> block_h & 1 == 0 {
                            continue;
                        }
                        let here = self.segments[s];
                        let mut rest_of_line = 0;
                        for j in line * segs..(line + 1) * segs {
                            if j != s {
                                rest_of_line |= self.segments[j];
                            }
                        }
                        let mut rest_of_block = 0;
                        for other in (band_segs.start + k..band_segs.end).step_by(segs) {
                            if other != s {
                                rest_of_block |= self.segments[other];
                            }
                        }
                        let pointing = here & !rest_of_block & rest_of_line;
                        if pointing != 0 {
                            let via = Via::Confined {
                                house: block_h as u8,
                                to: line_h as u8,
                            };
                            let line_segs = (line * segs..(line + 1) * segs).step_by(1);
                            self.clear_segments(side, line_segs, s, pointing, via)?;
                            changed = true;
                        }
                        let claiming = here & !rest_of_line & rest_of_block;
                        if claiming != 0 {
                            let via = Via::Confined {
                                house: line_h as u8,
                                to: block_h as u8,
                            };
                            let block_segs = (band_segs.start + k..band_segs.end).step_by(segs);
                            self.clear_segments(side, block_segs, s, claiming, via)?;
                            changed = true;
                        }
                    }
                }
            }
            if !self.queue.is_empty() {
                return Ok(true);
            }
        }
        Ok(changed)
    }

    /// Removes `digits` from the cells of every segment in `segments` but `keep` (the
    /// intersection `via` confines them to), and from those segments' candidates.
    #[inline]
    fn clear_segments(
        &mut self,
        side: &Side,
        segments: impl Iterator<Item = usize>,
        keep: usize,
        digits: u32,
        via: Via,
    ) -> Result<(), Contradiction> {
        let len = side.len;
        for j in segments.filter(|&j| j != keep) {
            for &cell in &side.cells[j * len..(j + 1) * len] {
                self.remove(cell as usize, digits, Rule::LockedCandidates, via)?;
            }
            self.segments[j] &= !digits;
        }
        Ok(())
    }
}
