//! Random solution grids: a depth-first search that fills the most constrained cell first
//! with a random digit of its candidates, crossing the digit out of its peers (forward
//! checking). A search that wanders (rare, at 25×25) is abandoned after a node budget and
//! started afresh from the next numbers of the stream.

use crate::geometry::Geometry;

use super::rng::Rng;

/// Nodes one fill may take before it starts over: an empty grid of any supported size fills
/// in about as many nodes as it has cells when the search does not wander.
const NODE_BUDGET: usize = 20_000;

/// How many fresh starts a fill gets before it gives up (never seen to be needed).
const RESTARTS: usize = 64;

/// A random complete grid of `geometry` (row-major digits), or `None` after every restart
/// ran out of nodes.
pub fn random_grid(geometry: &Geometry, rng: &mut Rng) -> Option<Vec<u8>> {
    (0..RESTARTS).find_map(|_| Fill::new(geometry).run(rng))
}

struct Fill<'g> {
    geometry: &'g Geometry,
    values: Vec<u8>,
    /// Candidates of each cell as bits (bit `d − 1` for digit `d`).
    candidates: Vec<u32>,
    nodes: usize,
}

impl<'g> Fill<'g> {
    fn new(geometry: &'g Geometry) -> Fill<'g> {
        let n = geometry.size();
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Fill {
            geometry,
            values: vec![0; geometry.cell_count()],
            candidates: vec![full; geometry.cell_count()],
            nodes: 0,
        }
    }

    fn run(mut self, rng: &mut Rng) -> Option<Vec<u8>> {
        self.search(rng).then_some(self.values)
    }

    /// The open cell with the fewest candidates; ties go to the first after a random start,
    /// so that the fill order varies. `None` when every cell is filled.
    fn most_constrained(&self, rng: &mut Rng) -> Option<usize> {
        let cells = self.values.len();
        let start = rng.below(cells);
        let mut best: Option<(u32, usize)> = None;
        for k in 0..cells {
            let c = (start + k) % cells;
            if self.values[c] != 0 {
                continue;
            }
            let count = self.candidates[c].count_ones();
            if best.is_none_or(|(b, _)| count < b) {
                best = Some((count, c));
                if count <= 1 {
                    break;
                }
            }
        }
        best.map(|(_, c)| c)
    }

    fn search(&mut self, rng: &mut Rng) -> bool {
        let Some(cell) = self.most_constrained(rng) else {
            return true;
        };
        let mut options = self.candidates[cell];
        while options != 0 {
            self.nodes += 1;
            if self.nodes > NODE_BUDGET {
                return false;
            }
            let bit = rng.pick_bit(options);
            options &= !bit;
            let saved = self.candidates.clone();
            if self.place(cell, bit) && self.search(rng) {
                return true;
            }
            if self.nodes > NODE_BUDGET {
                return false;
            }
            self.candidates = saved;
            self.values[cell] = 0;
        }
        false
    }

    /// Places the digit of `bit` in `cell`; false when a peer is left without candidates.
    fn place(&mut self, cell: usize, bit: u32) -> bool {
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        self.candidates[cell] = bit;
        let mut ok = true;
        for &p in self.geometry.peers(cell) {
            let p = usize::from(p);
            if self.values[p] == 0 {
                self.candidates[p] &= !bit;
                ok &= self.candidates[p] != 0;
            }
        }
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::CLASSIC_SIZES;

    /// Every house of `grid` holds each digit once.
    fn is_complete(geometry: &Geometry, grid: &[u8]) -> bool {
        (0..geometry.house_count()).all(|h| {
            let mut seen = 0u32;
            for &c in geometry.house(h) {
                seen |= 1 << (grid[usize::from(c)] - 1);
            }
            seen.count_ones() as usize == geometry.size()
        })
    }

    #[test]
    fn every_size_fills_to_a_valid_grid_and_seeds_vary_it() {
        for size in CLASSIC_SIZES {
            let g = Geometry::classic(size).unwrap();
            let a = random_grid(g, &mut Rng::new(1)).unwrap();
            let b = random_grid(g, &mut Rng::new(2)).unwrap();
            assert!(is_complete(g, &a) && is_complete(g, &b), "size {size}");
            assert_ne!(a, b, "size {size}");
            assert_eq!(a, random_grid(g, &mut Rng::new(1)).unwrap());
        }
        for size in [3, 5, 7, 9, 13, 25] {
            let g = Geometry::latin(size).unwrap();
            assert!(is_complete(g, &random_grid(g, &mut Rng::new(5)).unwrap()));
        }
    }
}
