//! [`Entry`]: one puzzle read from text, with where its symbols were, so that answers are
//! written in kind and problems pointed at; and what a reader is told beyond the text
//! ([`ReadOptions`]).

use crate::geometry::Cell;
use crate::puzzle::{Kind, Problem, Puzzle, Relation};

use super::alphabet::Alphabet;
use super::error::{InputError, Pos};

/// What the caller knows beyond the text; `None` fields are detected.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    pub kind: Option<Kind>,
    pub alphabet: Option<Alphabet>,
}

/// Which of a family's two formats: the free one (`line`, `grid`) or the judge's (POJ 3074,
/// POJ 3076), which fixes the size and the symbols.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dialect {
    Free,
    Judge,
}

/// Where each cell's symbol is in the text, for pointing at a given.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub enum CellPlaces {
    /// Not known: the format has no symbol per cell.
    #[default]
    None,
    /// Cell `i` at column `col + i` of `line`, for `cells` cells: a line of one-char symbols
    /// without blanks, the common case, kept without a list.
    Row { line: u32, col: u32, cells: usize },
    /// Each cell's place, row-major.
    Listed(Vec<Pos>),
}

impl CellPlaces {
    /// Where cell `i` (row-major) is, if known.
    pub fn get(&self, i: usize) -> Option<Pos> {
        match self {
            CellPlaces::None => None,
            CellPlaces::Row { line, col, cells } => (i < *cells).then(|| Pos {
                line: *line,
                col: col.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)),
            }),
            CellPlaces::Listed(list) => list.get(i).copied(),
        }
    }

    /// True when no place is known.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many places are known (0, or one per cell).
    pub fn len(&self) -> usize {
        match self {
            CellPlaces::None => 0,
            CellPlaces::Row { cells, .. } => *cells,
            CellPlaces::Listed(list) => list.len(),
        }
    }

    /// Every place, row-major.
    pub fn to_vec(&self) -> Vec<Pos> {
        match self {
            CellPlaces::Listed(list) => list.clone(),
            CellPlaces::None => Vec::new(),
            CellPlaces::Row { cells, .. } => (0..*cells).filter_map(|i| self.get(i)).collect(),
        }
    }
}

impl From<Vec<Pos>> for CellPlaces {
    fn from(list: Vec<Pos>) -> CellPlaces {
        CellPlaces::Listed(list)
    }
}

/// One puzzle read from text, with what is needed to answer in kind and to point at errors.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub puzzle: Puzzle,
    /// The symbols the puzzle was written in; answers are written in the same.
    pub alphabet: Alphabet,
    /// 1-based number of the puzzle in its input.
    pub number: usize,
    /// Where the puzzle starts.
    pub pos: Pos,
    /// Where each cell's symbol is (row-major; none for formats without cell symbols).
    pub cell_pos: CellPlaces,
    /// Where each relation's symbol is.
    pub relation_pos: Vec<(Relation, Pos)>,
}

impl Entry {
    /// The entry of a value read whole (a JSON object): a puzzle with no symbol places, or
    /// its problem as an error at the value's start.
    pub(crate) fn of_value(
        read: Result<(Puzzle, Alphabet), Problem>,
        pos: Pos,
        number: usize,
    ) -> Result<Entry, InputError> {
        let (puzzle, alphabet) = read.map_err(|p| InputError {
            pos,
            message: p.message,
            cells: p.cells,
            puzzle: Some(number),
        })?;
        Ok(Entry {
            puzzle,
            alphabet,
            number,
            pos,
            cell_pos: CellPlaces::None,
            relation_pos: Vec::new(),
        })
    }

    /// The best place to point at for a problem with this puzzle: the last given the problem
    /// names (the second of two equal givens), else the first relation touching its cells,
    /// else the start of the puzzle.
    pub fn locate(&self, problem: &Problem) -> Pos {
        let size = self.puzzle.size();
        if !self.cell_pos.is_empty() {
            if let Some(c) = problem
                .cells
                .iter()
                .rev()
                .find(|c| self.puzzle.given(**c).is_some())
            {
                if let Some(pos) = self.cell_pos.get(c.index(size)) {
                    return pos;
                }
            }
        }
        self.relation_pos
            .iter()
            .find(|(r, _)| problem.cells.contains(&r.smaller) && problem.cells.contains(&r.larger))
            .or_else(|| {
                self.relation_pos.iter().find(|(r, _)| {
                    problem.cells.contains(&r.smaller) || problem.cells.contains(&r.larger)
                })
            })
            .map(|(_, p)| *p)
            .or_else(|| {
                problem
                    .cells
                    .first()
                    .and_then(|c| self.cell_pos.get(c.index(size)))
            })
            .unwrap_or(self.pos)
    }

    /// The entry when its puzzle passes [`Puzzle::validate`], else the problem as an input
    /// error at its place.
    pub fn validated(self) -> Result<Entry, InputError> {
        match self.puzzle.validate() {
            Ok(()) => Ok(self),
            Err(problem) => Err(self.input_error(problem)),
        }
    }

    /// The problem as an input error at its place, in this puzzle.
    pub fn input_error(&self, problem: Problem) -> InputError {
        InputError {
            pos: self.locate(&problem),
            message: problem.message,
            cells: problem.cells,
            puzzle: Some(self.number),
        }
    }
}

/// A puzzle of one of the formats without relations (line, grid) as an [`Entry`]: the model
/// checks it, and a problem it finds is placed at the symbol of the cell it names.
pub(crate) fn entry_of_cells(
    kind: Kind,
    size: usize,
    givens: Vec<u8>,
    cell_pos: Vec<Pos>,
    alphabet: Alphabet,
    number: usize,
    start: Pos,
) -> Result<Entry, InputError> {
    let puzzle = Puzzle::new(kind, size, givens, Vec::new())
        .map_err(|p| problem_error(p, size, &cell_pos, &[], start))?;
    Ok(Entry {
        puzzle,
        alphabet,
        number,
        pos: start,
        cell_pos: cell_pos.into(),
        relation_pos: Vec::new(),
    })
}

/// A model problem as an input error, placed at the relation or the cell it names, else at
/// `start`.
pub(crate) fn problem_error(
    problem: Problem,
    size: usize,
    cell_pos: &[Pos],
    relation_pos: &[(Relation, Pos)],
    start: Pos,
) -> InputError {
    let touches = |r: &Relation, c: &Cell| r.smaller == *c || r.larger == *c;
    let names_both =
        |r: &Relation| problem.cells.contains(&r.smaller) && problem.cells.contains(&r.larger);
    // The relation the problem is about, else the last cell it names (the second of two equal
    // givens), else any relation touching its cells.
    let pos = relation_pos
        .iter()
        .find(|(r, _)| names_both(r))
        .map(|(_, p)| *p)
        .or_else(|| {
            problem
                .cells
                .iter()
                .rev()
                .find_map(|c| cell_pos.get(c.index(size)).copied())
        })
        .or_else(|| {
            relation_pos
                .iter()
                .find(|(r, _)| problem.cells.iter().any(|c| touches(r, c)))
                .map(|(_, p)| *p)
        })
        .unwrap_or(start);
    InputError {
        pos,
        message: problem.message,
        cells: problem.cells,
        puzzle: None,
    }
}
