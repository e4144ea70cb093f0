//! The puzzle model: its [`Kind`], the [`Relation`]s and [`Marker`]s between cells, and the
//! [`Puzzle`] itself, structurally sound by construction.

use std::fmt;

use crate::geometry::{Cell, Geometry, LATIN_SIZES};

use super::markers::{table, Marker, MarkerKind, PairRule, PairSource};
use super::problem::Problem;

named! {
    /// What houses and constraints a puzzle has.
    pub enum Kind {
        /// Rows, columns and blocks.
        Classic = "classic",
        /// Classic plus relations between orthogonally adjacent cells.
        Inequality = "inequality",
        /// Rows and columns (a Latin square) plus relations; no blocks.
        Futoshiki = "futoshiki",
    }
}

impl Kind {
    /// True when the grid has blocks.
    pub const fn has_blocks(self) -> bool {
        !matches!(self, Kind::Futoshiki)
    }

    /// The geometry of this kind at `size`, or `None` when the size is not supported.
    pub fn geometry(self, size: usize) -> Option<&'static Geometry> {
        if self.has_blocks() {
            Geometry::classic(size)
        } else {
            Geometry::latin(size)
        }
    }
}

/// An ordered inequality between two orthogonally adjacent cells: `smaller < larger`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Relation {
    pub smaller: Cell,
    pub larger: Cell,
}

impl Relation {
    /// `a < b` when `less` is true, else `a > b`.
    pub const fn new(a: Cell, less: bool, b: Cell) -> Relation {
        if less {
            Relation {
                smaller: a,
                larger: b,
            }
        } else {
            Relation {
                smaller: b,
                larger: a,
            }
        }
    }

    /// The pair in reading order (left or upper cell first) and whether first < second.
    pub fn oriented(self) -> (Cell, bool, Cell) {
        if self.smaller < self.larger {
            (self.smaller, true, self.larger)
        } else {
            (self.larger, false, self.smaller)
        }
    }

    /// True when the relation joins a cell to the one right of it.
    pub fn is_horizontal(self) -> bool {
        self.smaller.row == self.larger.row
    }
}

impl fmt::Display for Relation {
    /// Reading order, as a person writes it: `r1c1 < r1c2`, `r2c1 > r3c1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, less, b) = self.oriented();
        write!(f, "{a} {} {b}", if less { '<' } else { '>' })
    }
}

/// A puzzle: kind, size, givens (0 = empty, row-major), relations, and markers with the
/// negative constraints.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    pub(super) kind: Kind,
    pub(super) size: usize,
    pub(super) givens: Vec<u8>,
    pub(super) relations: Vec<Relation>,
    pub(super) markers: Vec<Marker>,
    pub(super) negative: Vec<MarkerKind>,
}

impl Puzzle {
    /// Checks the shape: a supported size for the kind, `size²` givens each in `0..=size`,
    /// relations only between adjacent cells inside the grid and only for kinds that have them.
    /// A relation listed twice is kept once; relations are kept in reading order of their
    /// pairs (see [`Puzzle::relations`]).
    pub fn new(
        kind: Kind,
        size: usize,
        givens: Vec<u8>,
        relations: Vec<Relation>,
    ) -> Result<Puzzle, Problem> {
        if kind.geometry(size).is_none() {
            let allowed = if kind.has_blocks() {
                "4, 6, 8, 9, 12, 16 or 25".to_string()
            } else {
                format!("{} to {}", LATIN_SIZES.start(), LATIN_SIZES.end())
            };
            return Err(Problem::new(
                format!(
                    "a {kind} puzzle of size {size} is not supported: the size must be {allowed}"
                ),
                vec![],
            ));
        }
        if givens.len() != size * size {
            return Err(Problem::new(
                format!(
                    "a {size}×{size} grid has {} cells, not {}",
                    size * size,
                    givens.len()
                ),
                vec![],
            ));
        }
        // The largest first (one pass the compiler vectorises); the place only when needed.
        let too_big = givens
            .iter()
            .copied()
            .max()
            .is_some_and(|d| d as usize > size);
        if let Some((i, &d)) = too_big
            .then(|| givens.iter().enumerate().find(|(_, &d)| d as usize > size))
            .flatten()
        {
            let cell = Cell::at(i, size);
            return Err(Problem::new(
                format!("{cell} holds {d}, but digits go from 1 to {size}"),
                vec![cell],
            ));
        }
        if kind == Kind::Classic && !relations.is_empty() {
            return Err(Problem::new(
                "a classic puzzle has no relations: use the kind inequality or futoshiki",
                relations
                    .iter()
                    .flat_map(|r| [r.smaller, r.larger])
                    .collect(),
            ));
        }
        let mut unique: Vec<Relation> = Vec::with_capacity(relations.len());
        for r in relations {
            let inside = |c: Cell| (c.row as usize) < size && (c.col as usize) < size;
            if !inside(r.smaller) || !inside(r.larger) {
                let outside = if inside(r.smaller) {
                    r.larger
                } else {
                    r.smaller
                };
                return Err(Problem::new(
                    format!("relation {r} names {outside}, outside the {size}×{size} grid"),
                    vec![],
                ));
            }
            if !r.smaller.is_adjacent(r.larger) {
                return Err(Problem::new(
                    format!(
                        "relation {r}: {} and {} are not adjacent",
                        r.smaller, r.larger
                    ),
                    vec![r.smaller, r.larger],
                ));
            }
            if !unique.contains(&r) {
                unique.push(r);
            }
        }
        // One canonical order (reading order of the pair, left or upper cell first), so a
        // relation's index is the same however the puzzle was written: traces name relations
        // by index.
        unique.sort_by_key(|r| {
            let (a, _, b) = r.oriented();
            (a, b)
        });
        Ok(Puzzle {
            kind,
            size,
            givens,
            relations: unique,
            markers: Vec::new(),
            negative: Vec::new(),
        })
    }

    /// The puzzle with `markers` between adjacent cells, and the negative constraint for each
    /// kind in `negative` (every adjacent pair without a marker is not so related). Any kind
    /// takes markers: a Kropki sudoku is a classic puzzle with dots, a Kropki Latin square a
    /// Futoshiki without signs. Checks that each marker joins two adjacent cells inside the
    /// grid and that two different digits of the size can satisfy it; a marker listed twice
    /// is kept once, and markers are kept in reading order of their pairs.
    pub fn with_markers(
        mut self,
        markers: Vec<Marker>,
        negative: Vec<MarkerKind>,
    ) -> Result<Puzzle, Problem> {
        let size = self.size;
        let inside = |c: Cell| (c.row as usize) < size && (c.col as usize) < size;
        for m in &markers {
            if let Some(outside) = [m.a, m.b].into_iter().find(|&c| !inside(c)) {
                return Err(Problem::new(
                    format!("marker {m} names {outside}, outside the {size}×{size} grid"),
                    vec![],
                ));
            }
            if !m.a.is_adjacent(m.b) {
                return Err(Problem::new(
                    format!("marker {m}: {} and {} are not adjacent", m.a, m.b),
                    vec![m.a, m.b],
                ));
            }
            if !m.kind.possible(size) {
                return Err(Problem::new(
                    format!(
                        "marker {m}: no two different digits from 1 to {size} are joined by {}",
                        m.kind.describe()
                    ),
                    vec![m.a, m.b],
                ));
            }
        }
        let mut markers = markers;
        markers.sort();
        markers.dedup();
        let mut negative = negative;
        negative.sort();
        negative.dedup();
        self.markers = markers;
        self.negative = negative;
        Ok(self)
    }

    /// A classic puzzle from givens alone; the size is the square root of their number.
    pub fn classic(givens: Vec<u8>) -> Result<Puzzle, Problem> {
        let size = (givens.len() as f64).sqrt().round() as usize;
        Puzzle::new(Kind::Classic, size, givens, Vec::new())
    }

    #[inline]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The tables of this puzzle's grid.
    pub fn geometry(&self) -> &'static Geometry {
        self.kind
            .geometry(self.size)
            .expect("Puzzle::new admits only supported sizes")
    }

    /// Givens row-major; 0 marks an empty cell.
    #[inline]
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The given at `cell`, if any.
    pub fn given(&self, cell: Cell) -> Option<u8> {
        match self.givens[cell.index(self.size)] {
            0 => None,
            d => Some(d),
        }
    }

    /// The relations, ordered by their pair in reading order (left or upper cell first, then
    /// the other): the index a trace uses for a relation.
    #[inline]
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The markers between cells, ordered by their pair in reading order.
    #[inline]
    pub fn markers(&self) -> &[Marker] {
        &self.markers
    }

    /// The kinds whose negative constraint holds: no adjacent pair without a marker is so
    /// related.
    #[inline]
    pub fn negative(&self) -> &[MarkerKind] {
        &self.negative
    }

    /// Whether the puzzle has markers or a negative constraint (the fast paths take neither).
    #[inline]
    pub fn has_markers(&self) -> bool {
        !self.markers.is_empty() || !self.negative.is_empty()
    }

    /// Every constraint the markers and the negative constraints put on pairs of adjacent
    /// cells, as tables: first one per marker, in the order of [`Puzzle::markers`], then, when
    /// the puzzle has negative constraints, one per adjacent pair without a marker, in
    /// reading order (the pair's right neighbour before its lower one). The index in this
    /// list is what a trace names a marker rule by.
    pub fn pair_rules(&self) -> Vec<PairRule> {
        let n = self.size;
        let mut rules: Vec<PairRule> = self
            .markers
            .iter()
            .enumerate()
            .map(|(i, m)| PairRule {
                a: m.a.index(n),
                b: m.b.index(n),
                allowed: table(n, |x, y| x != y && m.kind.holds(x, y)),
                source: PairSource::Marker(i),
            })
            .collect();
        if self.negative.is_empty() {
            return rules;
        }
        let allowed = table(n, |x, y| {
            x != y && !self.negative.iter().any(|k| k.holds(x, y))
        });
        for r in 0..n {
            for c in 0..n {
                let a = Cell::new(r, c);
                for b in [Cell::new(r, c + 1), Cell::new(r + 1, c)] {
                    if b.row as usize == n || b.col as usize == n {
                        continue;
                    }
                    if self.markers.iter().any(|m| m.a == a && m.b == b) {
                        continue;
                    }
                    rules.push(PairRule {
                        a: a.index(n),
                        b: b.index(n),
                        allowed,
                        source: PairSource::Negative,
                    });
                }
            }
        }
        rules
    }
}

/// The givens written in `text` row by row: a digit is a given, any other char an empty
/// cell, whitespace is ignored (`"1... .... .... ...."`). For unit tests.
#[cfg(test)]
pub(crate) fn givens_of(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(a: &str, less: bool, b: &str) -> Relation {
        Relation::new(Cell::parse(a).unwrap(), less, Cell::parse(b).unwrap())
    }

    #[test]
    fn shape_errors_say_what_is_wrong() {
        let e = Puzzle::new(Kind::Classic, 10, vec![0; 100], vec![]).unwrap_err();
        assert!(e.message.contains("size 10 is not supported"), "{e}");
        let e = Puzzle::new(Kind::Classic, 9, vec![0; 80], vec![]).unwrap_err();
        assert_eq!(e.message, "a 9×9 grid has 81 cells, not 80");
        let e = Puzzle::new(
            Kind::Inequality,
            9,
            vec![0; 81],
            vec![rel("r1c1", true, "r1c3")],
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "relation r1c1 < r1c3: r1c1 and r1c3 are not adjacent"
        );
        let mut g = vec![0; 16];
        g[5] = 7;
        let e = Puzzle::new(Kind::Classic, 4, g, vec![]).unwrap_err();
        assert_eq!(e.message, "r2c2 holds 7, but digits go from 1 to 4");
    }

    #[test]
    fn relations_print_in_reading_order() {
        assert_eq!(rel("r1c2", true, "r1c1").to_string(), "r1c1 > r1c2");
        assert_eq!(rel("r3c1", false, "r2c1").to_string(), "r2c1 < r3c1");
    }
}
