//! Locked candidates: where a block meets a row or column, a digit confined to the
//! intersection on one side leaves the rest of the other.

use crate::contradiction::Contradiction;
use crate::search::observer::{Observer, Via};
use crate::search::stats::Rule;

use super::crossings::{Side, MAX_BLOCK};
use super::engine::Propagate;

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
