//! **Sue de Coq**: where a line crosses a block, two or three open cells `I` hold digits `V`,
//! at least `|I| + 2` of them. Cells `L` in the rest of the line (digits `Lv`) and `B` in the
//! rest of the block (digits `Bv`), with `Lv` and `Bv` disjoint and as many digits in
//! `V ∪ Lv ∪ Bv` as cells in `I ∪ L ∪ B`: a digit of `Lv` can only sit in `I ∪ L` (one line),
//! one of `Bv` only in `I ∪ B` (one block), one of `V` alone only in `I` — each at most once,
//! and there are as many cells as digits, so each is there exactly once. So `Lv` and the
//! digits of `V` outside `Bv` leave the rest of the line; `Bv` and those of `V` outside `Lv`
//! leave the rest of the block.
//!
//! Run on grids of at most 9 digits (a 16×16 line has 12 cells beside a block: the pairs of
//! their subsets would not fit a hint's time budget); sound under relations and markers.

use super::step::Step;
use super::technique::Technique;
use super::view::View;

/// Most cells in each of `L` and `B`.
const SIDE_MOST: usize = 4;

/// The subsets (1 to [`SIDE_MOST`] cells) of `cells` with the union of their candidates,
/// keeping those that share a digit with `v`.
fn sides(view: &View, cells: &[usize], v: u32) -> Vec<(u32, u32)> {
    let board = view.board;
    let mut out = Vec::new();
    for set in 1u32..1 << cells.len() {
        if set.count_ones() as usize > SIDE_MOST {
            continue;
        }
        let digits = (0..cells.len())
            .filter(|&i| set >> i & 1 != 0)
            .fold(0, |m, i| m | board.candidates(cells[i]));
        if digits & v != 0 && digits.count_ones() <= set.count_ones() + 1 {
            out.push((set, digits));
        }
    }
    out
}

pub(crate) fn sue_de_coq(view: &View) -> Option<Step> {
    let board = view.board;
    if board.size() > 9 {
        return None;
    }
    let geometry = board.geometry();
    let open = |h: usize| -> Vec<usize> {
        geometry
            .house(h)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.is_open(c))
            .collect()
    };
    for line in view.rows().chain(view.columns()) {
        let line_cells = open(line);
        for block in view.blocks() {
            let block_cells = open(block);
            let both: Vec<usize> = line_cells
                .iter()
                .copied()
                .filter(|c| block_cells.contains(c))
                .collect();
            if both.len() < 2 {
                continue;
            }
            let rest_line: Vec<usize> = line_cells
                .iter()
                .copied()
                .filter(|c| !both.contains(c))
                .collect();
            let rest_block: Vec<usize> = block_cells
                .iter()
                .copied()
                .filter(|c| !both.contains(c))
                .collect();
            for pick in 1u32..1 << both.len() {
                let n = pick.count_ones();
                if n < 2 {
                    continue;
                }
                let inter: Vec<usize> = (0..both.len())
                    .filter(|&i| pick >> i & 1 != 0)
                    .map(|i| both[i])
                    .collect();
                let v = inter.iter().fold(0, |m, &c| m | board.candidates(c));
                if v.count_ones() < n + 2 {
                    continue;
                }
                let ls = sides(view, &rest_line, v);
                let bs = sides(view, &rest_block, v);
                for &(lset, lv) in &ls {
                    for &(bset, bv) in &bs {
                        if lv & bv != 0 {
                            continue;
                        }
                        let cells = n + lset.count_ones() + bset.count_ones();
                        if (v | lv | bv).count_ones() != cells {
                            continue;
                        }
                        let l: Vec<usize> = (0..rest_line.len())
                            .filter(|&i| lset >> i & 1 != 0)
                            .map(|i| rest_line[i])
                            .collect();
                        let b: Vec<usize> = (0..rest_block.len())
                            .filter(|&i| bset >> i & 1 != 0)
                            .map(|i| rest_block[i])
                            .collect();
                        let mut step = Step::pattern(
                            Technique::SueDeCoq,
                            inter.iter().chain(&l).chain(&b).copied(),
                            [line, block],
                            v | lv | bv,
                        );
                        for &c in rest_line.iter().filter(|c| !l.contains(c)) {
                            step.remove(board, c, lv | (v & !bv));
                        }
                        for &c in rest_block.iter().filter(|c| !b.contains(c)) {
                            step.remove(board, c, bv | (v & !lv));
                        }
                        if let Some(step) = step.useful() {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}
