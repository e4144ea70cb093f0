//! [`Node`]: one node of the `dlx` matrix (the layout is drawn in the module docs of `dlx`),
//! and [`COVERED`], the mark of a covered column.

/// One node of the matrix: its column ring links, and for row nodes the candidate.
#[derive(Clone, Copy, Default)]
pub(super) struct Node {
    pub(super) up: u32,
    pub(super) down: u32,
    /// The column header (a header's is itself).
    pub(super) column: u32,
    /// `cell << 5 | digit - 1` of the row (0 for headers).
    pub(super) candidate: u32,
}

/// Added to the count of a covered column (above any count: at most 25 rows per column).
pub(super) const COVERED: i16 = 1 << 14;
