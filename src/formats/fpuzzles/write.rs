//! Writing f-puzzles JSON: a puzzle as f-puzzles and SudokuPad open it, and a solved puzzle
//! (the grid filled in, and `solution`).

use serde_json::{json, Value};

use crate::formats::entry::Entry;
use crate::puzzle::{Kind, MarkerKind, Problem, Puzzle};

fn refuse(message: impl Into<String>) -> Problem {
    Problem::new(message.into(), vec![])
}

/// `R3C7`, as f-puzzles names a cell.
fn name(cell: crate::geometry::Cell) -> String {
    format!("R{}C{}", cell.row + 1, cell.col + 1)
}

/// The f-puzzles object of `puzzle`, its grid filled from `filled` where given (a solution).
fn object(puzzle: &Puzzle, filled: Option<&[u8]>) -> Result<Value, Problem> {
    if puzzle.kind() != Kind::Classic {
        return Err(refuse(format!(
            "f-puzzles JSON holds sudoku, not {} puzzles: write json or picture",
            puzzle.kind()
        )));
    }
    if let Some(r) = puzzle.relations().first() {
        return Err(Problem::new(
            format!("f-puzzles JSON has no inequality signs ({r}): write json or picture"),
            vec![r.smaller, r.larger],
        ));
    }
    let size = puzzle.size();
    let grid: Vec<Vec<Value>> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| {
                    let i = r * size + c;
                    match (puzzle.givens()[i], filled.map(|f| f[i])) {
                        (0, Some(d)) if d > 0 => json!({ "value": d }),
                        (0, _) => json!({}),
                        (g, _) => json!({ "value": g, "given": true }),
                    }
                })
                .collect()
        })
        .collect();
    let (mut difference, mut ratio, mut xv) = (Vec::new(), Vec::new(), Vec::new());
    for m in puzzle.markers() {
        let cells = json!([name(m.a), name(m.b)]);
        match m.kind {
            MarkerKind::Difference(1) => difference.push(json!({ "cells": cells })),
            MarkerKind::Difference(k) => {
                difference.push(json!({ "cells": cells, "value": k.to_string() }))
            }
            MarkerKind::Ratio(2) => ratio.push(json!({ "cells": cells })),
            MarkerKind::Ratio(k) => ratio.push(json!({ "cells": cells, "value": k.to_string() })),
            MarkerKind::Sum(10) => xv.push(json!({ "cells": cells, "value": "X" })),
            MarkerKind::Sum(5) => xv.push(json!({ "cells": cells, "value": "V" })),
            MarkerKind::Sum(_) => {
                return Err(Problem::new(
                    format!(
                        "f-puzzles JSON has X and V only, not {}: write json",
                        m.kind
                    ),
                    vec![m.a, m.b],
                ))
            }
        }
    }
    let negative = negative_families(puzzle)?;
    let mut object =
        json!({ "size": size, "title": "", "author": "", "ruleset": "", "grid": grid });
    let map = object.as_object_mut().expect("an object");
    for (key, list) in [("difference", difference), ("ratio", ratio), ("xv", xv)] {
        if !list.is_empty() {
            map.insert(key.into(), Value::Array(list));
        }
    }
    if !negative.is_empty() {
        map.insert("negative".into(), json!(negative));
    }
    if let Some(f) = filled {
        map.insert("solution".into(), json!(f));
    }
    Ok(object)
}

/// The families of `negative` f-puzzles would read back as the puzzle's negative kinds, or
/// why no list says them.
fn negative_families(puzzle: &Puzzle) -> Result<Vec<&'static str>, Problem> {
    let negative = puzzle.negative();
    if negative.is_empty() {
        return Ok(vec![]);
    }
    let sorted = |f: fn(MarkerKind) -> Option<u8>, list: &mut dyn Iterator<Item = MarkerKind>| {
        let mut v: Vec<u8> = list.filter_map(f).collect();
        v.sort();
        v.dedup();
        v
    };
    let diff: fn(MarkerKind) -> Option<u8> = |k| match k {
        MarkerKind::Difference(v) => Some(v),
        _ => None,
    };
    let rat: fn(MarkerKind) -> Option<u8> = |k| match k {
        MarkerKind::Ratio(v) => Some(v),
        _ => None,
    };
    let kinds: Vec<MarkerKind> = puzzle.markers().iter().map(|m| m.kind).collect();
    let mut families = Vec::new();
    for (family, f, default) in [("difference", diff, 1), ("ratio", rat, 2)] {
        let said = sorted(f, &mut negative.iter().copied());
        if said.is_empty() {
            continue;
        }
        // What f-puzzles reads for this family's negative: every value its markers use, or
        // the default when they use none.
        let mut reads = sorted(f, &mut kinds.iter().copied());
        if reads.is_empty() {
            reads.push(default);
        }
        if said != reads {
            return Err(refuse(format!(
                "f-puzzles' {family} negative covers the {family} values its dots use ({}), \
                 not exactly the puzzle's ({}): write json",
                join(&reads),
                join(&said)
            )));
        }
        families.push(family);
    }
    let sums: Vec<MarkerKind> = negative
        .iter()
        .copied()
        .filter(|k| matches!(k, MarkerKind::Sum(_)))
        .collect();
    match sums.as_slice() {
        [] => {}
        [MarkerKind::V, MarkerKind::X] => families.push("xv"),
        _ => {
            return Err(refuse(
                "f-puzzles' xv negative forbids both sums, 5 and 10, together: write json",
            ))
        }
    }
    let kropki = kinds.iter().any(|k| !matches!(k, MarkerKind::Sum(_)));
    let sum = kinds.iter().any(|k| matches!(k, MarkerKind::Sum(_)));
    if kropki && sum {
        return Err(refuse(
            "Kropki dots and X/V together under a negative constraint read differently in \
             f-puzzles: write json",
        ));
    }
    Ok(families)
}

fn join(values: &[u8]) -> String {
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Writes `puzzle` as one line of f-puzzles JSON.
pub(crate) fn write_puzzle(out: &mut String, puzzle: &Puzzle) -> Result<(), Problem> {
    out.push_str(&object(puzzle, None)?.to_string());
    out.push('\n');
    Ok(())
}

/// Writes the solved puzzle as one line of f-puzzles JSON: the givens, the other digits
/// filled in (not given), the markers, and `solution`.
pub(crate) fn write_solution(out: &mut String, entry: &Entry, solution: &[u8]) {
    match object(&entry.puzzle, Some(solution)) {
        Ok(value) => out.push_str(&value.to_string()),
        // Only puzzles f-puzzles can hold are read from it; another input's answer in this
        // format says what stops it.
        Err(p) => out.push_str(&json!({ "error": p.message }).to_string()),
    }
    out.push('\n');
}
