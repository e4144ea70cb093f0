//! [`AlsIndex`]: the almost locked sets of a board, worked out once per [`super::view::View`]
//! and shared by the ALS techniques (src/logic/als.rs).
//!
//! An almost locked set (ALS) is `N` open cells of one house holding `N + 1` candidates
//! between them: remove any one of its digits and the rest are locked in its cells.
//!
//! Cell sets are `u128` bit masks, so the index is built only for grids of at most 128 cells
//! (9×9 and smaller); on 16×16 and 25×25 the ALS techniques find nothing — enumerating the
//! subsets of 16- and 25-cell houses and pairing them would not fit a hint's time budget.

use super::board::Board;

/// The largest ALS enumerated (cells), as HoDoKu's default keeps ALS small: bigger ones are
/// rare in the steps a person takes and multiply the pairs to check.
const MAX_CELLS: usize = 5;

/// The most digits a grid of at most 128 cells has (11×11).
const DIGITS: usize = 11;

/// One almost locked set.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    /// Its cells, by index in reading order.
    pub cells: Vec<usize>,
    /// Its cells as a bit mask.
    pub mask: u128,
    /// The house it was found in.
    pub house: usize,
    /// Its `N + 1` candidates.
    pub digits: u32,
    /// `places[d - 1]`: its cells holding candidate `d`.
    pub places: [u128; DIGITS],
    /// `sees_all[d - 1]`: the cells outside it that see every one of its places of `d`.
    pub sees_all: [u128; DIGITS],
}

/// The ALS of a board and the cell masks the techniques ask for.
pub(crate) struct AlsIndex {
    /// Every ALS, smallest first; empty on grids over 128 cells.
    pub list: Vec<Als>,
    /// `peers[c]`: the cells that see `c`.
    pub peers: Vec<u128>,
    /// `has[d - 1]`: the open cells holding candidate `d`.
    pub has: [u128; DIGITS],
}

impl AlsIndex {
    pub fn new(board: &Board) -> AlsIndex {
        let geometry = board.geometry();
        let mut index = AlsIndex {
            list: Vec::new(),
            peers: Vec::new(),
            has: [0; DIGITS],
        };
        if board.cells() > 128 {
            return index;
        }
        index.peers = (0..board.cells())
            .map(|c| geometry.peers(c).iter().fold(0u128, |m, &p| m | 1u128 << p))
            .collect();
        for c in board.open_cells() {
            let mut m = board.candidates(c);
            while m != 0 {
                index.has[m.trailing_zeros() as usize] |= 1u128 << c;
                m &= m - 1;
            }
        }
        let mut seen = std::collections::HashSet::new();
        for h in 0..geometry.house_count() {
            let open: Vec<usize> = geometry
                .house(h)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| board.is_open(c))
                .collect();
            let most = MAX_CELLS.min(open.len().saturating_sub(1)).max(1);
            let cands: Vec<u32> = open.iter().map(|&c| board.candidates(c)).collect();
            let mut chosen = Vec::new();
            subsets(
                &open,
                &cands,
                0,
                most,
                0,
                &mut chosen,
                &mut |cells, digits| {
                    if digits.count_ones() as usize != cells.len() + 1 {
                        return;
                    }
                    let mask = cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
                    if seen.insert(mask) {
                        index.list.push(index.make(board, cells, mask, h, digits));
                    }
                },
            );
        }
        // (By reference: a key that clones the cells allocates at every comparison.)
        index
            .list
            .sort_by(|a, b| (a.cells.len(), &a.cells).cmp(&(b.cells.len(), &b.cells)));
        index
    }

    fn make(&self, board: &Board, cells: &[usize], mask: u128, house: usize, digits: u32) -> Als {
        let mut places = [0u128; DIGITS];
        let mut sees_all = [0u128; DIGITS];
        for d in 0..board.size().min(DIGITS) {
            if digits >> d & 1 == 0 {
                continue;
            }
            let mut all = !0u128;
            for &c in cells {
                if board.candidates(c) >> d & 1 != 0 {
                    places[d] |= 1u128 << c;
                    all &= self.peers[c];
                }
            }
            sees_all[d] = all & !mask;
        }
        Als {
            cells: cells.to_vec(),
            mask,
            house,
            digits,
            places,
            sees_all,
        }
    }

    /// The digits `x` of `a` and `b` whose every place in `a` sees every place in `b` (the
    /// restricted common candidates); none when the two overlap.
    pub fn rccs(&self, a: &Als, b: &Als) -> u32 {
        if a.mask & b.mask != 0 {
            return 0;
        }
        let mut common = a.digits & b.digits;
        let mut rcc = 0;
        while common != 0 {
            let d = common.trailing_zeros() as usize;
            common &= common - 1;
            if a.places[d] & !b.sees_all[d] == 0 {
                rcc |= 1 << d;
            }
        }
        rcc
    }
}

/// Calls `found` with every subset of `open[from..]` added to `chosen` (at most `most`
/// cells, at least one) and the union of its candidates (`cands[i]`: those of `open[i]`).
fn subsets(
    open: &[usize],
    cands: &[u32],
    from: usize,
    most: usize,
    digits: u32,
    chosen: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], u32),
) {
    for i in from..open.len() {
        let union = digits | cands[i];
        // N cells can hold at most N + 1 digits: a bigger union never shrinks back.
        if union.count_ones() as usize > most + 1 {
            continue;
        }
        chosen.push(open[i]);
        found(chosen, union);
        if chosen.len() < most {
            subsets(open, cands, i + 1, most, union, chosen, found);
        }
        chosen.pop();
    }
}
