//! The `dlx` engine: Knuth's Algorithm X with dancing links over the exact-cover matrix.
//!
//! A row per candidate `(cell, digit)`, a column per constraint, every link a `u32` index
//! into one flat array of nodes allocated once per size:
//!
//! ```text
//! nodes: [ 0 .. 4N²: column headers h              ][ 4N² + 4q + k: node k of row q        ]
//!          h = cell                  the cell is filled   q = cell·N + d − 1, one per candidate
//!              N² + row·N + d−1      the row has d        k = 0 1 2 3: its node in the cell,
//!             2N² + col·N + d−1      the column has d     row-digit, column-digit and
//!             3N² + block·N + d−1    the block has d      block-digit columns
//!
//! column h:  h ⇅ node ⇅ node ⇅ … ⇅ h        up/down ring through the column's rows
//! row q:     n ─ n+1 ─ n+2 ─ n+3             fixed, never unlinked: n = 4N² + 4q, a multiple
//!                                            of 4, so the nodes of node i's row are i & !3 | k
//! counts[h]: rows left in column h, + COVERED once covered (in place of a header ring)
//! ```
//!
//! Mapped onto the [`Observer`](super::Observer) protocol: a node chooses the column with the fewest rows;
//! none is a contradiction, one a forced placement (a hidden single for a house-digit column),
//! more a guess on its first row. Selecting a row covers its 4 columns; every other row the
//! covering removes is a candidate leaving the grid: a peer elimination, or one of the cell's
//! other digits (implied by the placement). A cell left with one candidate is reported placed
//! (a naked single) at once, as `propagate` does, and its row selected when its column comes
//! up; a cell left with none ends the node in a contradiction. A failed guess is uncovered and
//! its row then removed at the parent (a refutation), so the candidate grid is always exactly
//! the rows left in the matrix.
//!
//! | file | what |
//! | --- | --- |
//! | `engine.rs` | the search: choosing a column, forcing, branching, backtracking, the `Search` contract |
//! | `links.rs` | the matrix: how it is built, and Knuth's cover, uncover, select and hide over it |
//! | `node.rs` | one node of the matrix, and the mark of a covered column |

mod engine;
mod links;
mod node;
#[cfg(test)]
mod tests;

pub use engine::Dlx;
