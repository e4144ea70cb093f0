//! What to generate: the [`Request`], with the [`Symmetry`] of its clues, the
//! [`Relations`] its puzzles may carry and the family of [`Markers`] between cells.

use crate::geometry::{Cell, Geometry};
use crate::logic::Level;
use crate::puzzle::{Kind, MarkerKind, Problem, Puzzle};
use crate::search::Options;

named! {
    /// A symmetry of where the clues are: each clue comes and goes with its images.
    pub enum Symmetry {
        /// No symmetry.
        None = "none",
        /// Half-turn rotation: `rXcY` with `r(N+1−X)c(N+1−Y)`.
        Rotational = "rotational",
        /// Quarter-turn rotation: four cells at a time.
        Quarter = "quarter",
        /// Left–right mirror: `rXcY` with `rXc(N+1−Y)`.
        Mirror = "mirror",
        /// Main diagonal: `rXcY` with `rYcX`.
        Diagonal = "diagonal",
    }
}

impl Symmetry {
    /// The image of `cell` in a grid of `size`.
    pub(super) fn image(self, cell: Cell, size: usize) -> Cell {
        let last = size as u8 - 1;
        let (r, c) = (cell.row, cell.col);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotational => (last - r, last - c),
            Symmetry::Quarter => (c, last - r),
            Symmetry::Mirror => (r, last - c),
            Symmetry::Diagonal => (c, r),
        };
        Cell { row: r, col: c }
    }
}

named! {
    /// The family of markers between adjacent cells a puzzle carries, each marker as the
    /// solution says.
    pub enum Markers {
        /// No markers.
        None = "none",
        /// Kropki dots: white between consecutive digits, black where one is double the other.
        Kropki = "kropki",
        /// X between digits summing to ten, V between digits summing to five.
        Xv = "xv",
    }
}

impl Markers {
    /// The family's marker kinds, in the order a pair related both ways is tried (the pair
    /// 1–2 is consecutive and double: the generator picks one at random).
    pub fn kinds(self) -> &'static [MarkerKind] {
        match self {
            Markers::None => &[],
            Markers::Kropki => &[MarkerKind::WHITE, MarkerKind::BLACK],
            Markers::Xv => &[MarkerKind::X, MarkerKind::V],
        }
    }
}

/// Which pairs of adjacent cells may carry a relation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Relations {
    /// None: givens only.
    None,
    /// Every pair of adjacent cells in the same block (108 on a 9×9, as in CQOI2013).
    Blocks,
    /// Every pair of adjacent cells.
    Adjacent,
    /// This many pairs of adjacent cells, chosen at random (whole symmetry orbits, so a
    /// symmetric request may take a few less).
    Random(usize),
}

impl Relations {
    /// `none`, `blocks`, `adjacent`, or a number of relations.
    pub fn parse(text: &str) -> Option<Relations> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Relations::None),
            "blocks" => Some(Relations::Blocks),
            "adjacent" => Some(Relations::Adjacent),
            n => n.parse().ok().map(Relations::Random),
        }
    }

    /// The set a kind uses when none is asked for: blocks for inequality (CQOI2013), every
    /// adjacent pair for Futoshiki (taken away down to what the puzzle needs), none for
    /// classic.
    pub fn default_for(kind: Kind) -> Relations {
        match kind {
            Kind::Classic => Relations::None,
            Kind::Inequality => Relations::Blocks,
            Kind::Futoshiki => Relations::Adjacent,
        }
    }

    /// The set a kind uses when none is asked for, with `markers`: none beside markers (a
    /// Futoshiki with dots is a Kropki Latin square), else [`Relations::default_for`].
    pub fn default_with(kind: Kind, markers: Markers) -> Relations {
        if markers == Markers::None {
            Relations::default_for(kind)
        } else {
            Relations::None
        }
    }
}

impl std::fmt::Display for Relations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Relations::None => f.write_str("none"),
            Relations::Blocks => f.write_str("blocks"),
            Relations::Adjacent => f.write_str("adjacent"),
            Relations::Random(n) => write!(f, "{n}"),
        }
    }
}

/// What to generate.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Request {
    pub kind: Kind,
    pub size: usize,
    /// The seed: the same request and seed give the same puzzles, natively and in wasm.
    pub seed: u64,
    pub symmetry: Symmetry,
    /// No clue can be taken away without a second solution (with a symmetry: no orbit).
    pub minimal: bool,
    /// The level [`grade`](crate::logic::grade) must give (`None`: any).
    pub level: Option<Level>,
    /// How many givens, at least and at most.
    pub givens: (usize, usize),
    /// Which relations may appear; `None` takes [`Relations::default_for`] the kind.
    pub relations: Option<Relations>,
    /// Relations (or markers) only, no givens: grids whose relations alone do not settle the
    /// puzzle are skipped.
    pub no_givens: bool,
    /// The family of markers between cells (classic: Kropki or XV sudoku; Futoshiki: Kropki
    /// or XV Latin squares, without inequality signs). Without `negative` the puzzle starts
    /// from every marker its solution has and they are taken away with the givens.
    pub markers: Markers,
    /// The negative constraint of every kind of the family: every marker the solution has
    /// is drawn and stays (an unmarked pair is not so related); only givens are taken away.
    pub negative: bool,
    /// Attempts per puzzle before the generator gives up (each a new grid).
    pub attempts: u32,
    /// The most search work (nodes and probes, see [`crate::Stats::work`]) one uniqueness
    /// count may take while clues are taken away: a removal whose count needs more is
    /// refused, so the search effort a puzzle needs stays bounded (large sizes get slow
    /// otherwise: a minimal 25×25 can take seconds to count). With `minimal` such a
    /// removal is settled at the end with the solver's own node limit instead (the clue
    /// goes if it can; an attempt that cannot settle one misses), so a minimal puzzle is
    /// minimal whatever the effort. `None`: [`Request::EFFORT`], or with `minimal` the
    /// solver's default node limit.
    pub effort: Option<u64>,
}

impl Request {
    /// The default attempts per puzzle: generous for any level a size can reach.
    pub const DEFAULT_ATTEMPTS: u32 = 2_000;

    /// The default search effort of one count while taking clues away: far above what a
    /// minimal 9×9 needs (at most a few hundred nodes), a bound on the hardest 16×16.
    pub const EFFORT: u64 = 10_000;

    /// The default at 25×25, where a node costs a hundred times a 9×9 one and counts that
    /// run into the limit dominate: 100 gives puzzles with about 44% givens in a quarter
    /// of a second, 300 the same in five seconds (measured 2026-12-02).
    pub const EFFORT_25: u64 = 100;

    /// A request for one kind and size with every other choice at its default.
    pub fn new(kind: Kind, size: usize) -> Request {
        Request {
            kind,
            size,
            seed: 1,
            symmetry: Symmetry::None,
            minimal: false,
            level: None,
            givens: (0, size * size),
            relations: None,
            no_givens: false,
            markers: Markers::None,
            negative: false,
            attempts: Request::DEFAULT_ATTEMPTS,
            effort: None,
        }
    }

    /// The effort limit in effect (see [`Request::effort`]).
    pub fn effort_limit(&self) -> u64 {
        self.effort.unwrap_or(if self.minimal {
            Options::DEFAULT_NODE_LIMIT
        } else if self.size >= 25 {
            Request::EFFORT_25
        } else {
            Request::EFFORT
        })
    }

    /// The relation set in effect.
    pub fn relation_set(&self) -> Relations {
        self.relations
            .unwrap_or_else(|| Relations::default_with(self.kind, self.markers))
    }

    /// Checks the markers: a family only on classic grids and Latin squares, without
    /// relations, at a size where each of its kinds joins two digits; the negative
    /// constraint only with a family.
    fn check_markers(&self, relations: Relations) -> Result<(), Problem> {
        let fail = |message: String| Err(Problem::new(message, vec![]));
        let markers = self.markers;
        if markers == Markers::None {
            if self.negative {
                return fail("the negative constraint needs markers: kropki or xv".into());
            }
            return Ok(());
        }
        if self.kind == Kind::Inequality {
            return fail(format!(
                "markers {markers} go on classic grids (the kind classic) and Latin squares (the kind futoshiki), not inequality"
            ));
        }
        if relations != Relations::None {
            return fail(format!(
                "markers {markers} come without inequality relations (relations {relations})"
            ));
        }
        if let Some(kind) = markers.kinds().iter().find(|k| !k.possible(self.size)) {
            return fail(format!(
                "markers {markers} need {}, and no two digits from 1 to {} are joined by it",
                kind.describe(),
                self.size
            ));
        }
        Ok(())
    }

    /// Checks that the request can be met at all; the error says which option and why.
    pub fn check(&self) -> Result<&'static Geometry, Problem> {
        let geometry =
            Puzzle::new(self.kind, self.size, vec![0; self.size * self.size], vec![])?.geometry();
        let fail = |message: String| Err(Problem::new(message, vec![]));
        let relations = self.relation_set();
        self.check_markers(relations)?;
        let markers = self.markers != Markers::None;
        match (self.kind, relations) {
            (_, Relations::None) if markers => {}
            (Kind::Classic, Relations::None) => {}
            (Kind::Classic, _) => {
                return fail(format!(
                    "a classic puzzle has no relations (relations {relations}): use the kind inequality or futoshiki"
                ))
            }
            (_, Relations::None) if self.no_givens => {
                return fail("a puzzle with no givens needs relations".into())
            }
            (Kind::Futoshiki, Relations::Blocks) => {
                return fail("a Futoshiki has no blocks: use relations adjacent or a number".into())
            }
            _ => {}
        }
        if self.no_givens && self.kind == Kind::Classic && !markers {
            return fail("a classic puzzle without givens has many solutions".into());
        }
        let cells = self.size * self.size;
        let (low, high) = self.givens;
        if low > high || high > cells {
            return fail(format!(
                "the givens range {low}–{high} must be ascending and at most {cells}"
            ));
        }
        if self.no_givens && low > 0 {
            return fail(format!(
                "no givens and at least {low} givens cannot both hold"
            ));
        }
        if let Relations::Random(n) = relations {
            let pairs = 2 * self.size * (self.size - 1);
            if n > pairs {
                return fail(format!(
                    "a {0}×{0} grid has {pairs} pairs of adjacent cells, not {n}",
                    self.size
                ));
            }
        }
        if self.attempts == 0 {
            return fail("at least one attempt is needed".into());
        }
        Ok(geometry)
    }
}
