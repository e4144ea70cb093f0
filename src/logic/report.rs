//! Hints and grades as plain data for JSON — the one shape the CLI (`--output json`), the
//! wasm module and the page share. Cells are named `r1c1`, houses `row 3`, relations
//! `r1c1 < r1c2`.

use serde::ser::SerializeMap;
use serde::Serialize;

use crate::digits::DigitSet;
use crate::puzzle::Puzzle;

use super::board::Board;
use super::explain::{chain_text, pointer, rule_text, sentence, Reveal};
use super::grade::Grade;
use super::hint::{Hint, Wrong};
use super::step::Step;
use super::technique::Technique;
use super::words::{and_list, cell_name};

/// A step as data: what it does and why, and the sentence at the level of help asked for.
#[derive(Clone, Debug, Serialize)]
pub struct StepReport {
    pub technique: &'static str,
    /// The technique in words ("naked pair").
    pub title: &'static str,
    /// The step's rating (1.0 … 7.x).
    pub rating: f64,
    /// `[cell, digit]` pairs.
    pub placements: Vec<(String, u8)>,
    /// `[cell, digit]` pairs, one per candidate removed.
    pub eliminations: Vec<(String, u8)>,
    pub cells: Vec<String>,
    pub houses: Vec<String>,
    pub digits: Vec<u8>,
    pub relations: Vec<String>,
    /// The markers it reads: `r1c1 white r1c2`, and `r1c1 not white/black r1c2` for an
    /// unmarked pair under the negative constraint (left out when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<String>,
    /// For chains: the chain as text (`7r1c1 = 7r1c5 − 7r4c5 = 7r4c2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// For forcing chains: each branch as text (`5r1c1 → −5r2c1 → 7r2c1`, `−` for a digit
    /// not in its cell), its assumption first (left out for other steps).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<String>,
    /// For an ALS chain, ALS-XZ or ALS-XY-wing: its almost locked sets in order, each joined
    /// to the next by its restricted common digit (`r4c4 -1- r6c5,r6c6 -5- r9c5`; a wing's
    /// pivot in the middle; a doubly linked ALS-XZ's two digits as `-1,2-`); for a death
    /// blossom its stem, then each petal after the stem's digit it sees, parted by ` | `
    /// (`r5c5 -1- r5c1,r5c2 | -2- r1c5`). Left out for other steps (see `als_text`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub als: Option<String>,
    /// For a finned, Franken or mutant fish: its fins, the places of its pattern outside
    /// every cover house (and a Franken or mutant fish's places in two base houses), as its
    /// sentence names them. Left out for other steps (see `fins`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fins: Vec<String>,
    /// The whole step in words.
    pub sentence: String,
}

impl StepReport {
    pub fn of(step: &Step, board: &Board) -> StepReport {
        let g = board.geometry();
        let puzzle = board.puzzle();
        StepReport {
            technique: step.technique.name(),
            title: step.technique.title(),
            rating: f64::from(step.rating(board.size())) / 10.0,
            placements: step
                .placements
                .iter()
                .map(|&(c, d)| (cell_name(g, c), d))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .flat_map(|&(c, s)| s.iter().map(move |d| (cell_name(g, c), d)))
                .collect(),
            cells: step.cells.iter().map(|&c| cell_name(g, c)).collect(),
            houses: step
                .houses
                .iter()
                .map(|&h| g.house_name(h).to_string())
                .collect(),
            digits: step.digits.iter().collect(),
            relations: step
                .relations
                .iter()
                .map(|&i| puzzle.relations()[i].to_string())
                .collect(),
            markers: step.markers.iter().map(|&i| rule_text(board, i)).collect(),
            chain: (!step.chain.is_empty()).then(|| chain_text(step, g)),
            branches: super::forcing_text::branch_texts(step, g),
            als: super::als_words::als_text(step, board),
            fins: (super::fins::fins(step, board).iter())
                .map(|&c| cell_name(g, c))
                .collect(),
            sentence: sentence(step, board),
        }
    }
}

/// A hint as data: `kind` says which (`wrong_entry`, `missing_mark`, `step`, `guess`,
/// `solved`); `sentence` is what to show the player.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum HintReport {
    WrongEntry {
        cell: String,
        digit: u8,
        /// `clash`, `relation`, `marker` (a marker or the negative constraint; `relation` then
        /// names it: `r1c4 V r1c5`, `r1c1 not white/black r1c2`) or `solution`.
        why: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        peer: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        house: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        relation: Option<String>,
        sentence: String,
    },
    MissingMark {
        cell: String,
        /// The digit the marks lost (only when the whole step is revealed).
        #[serde(skip_serializing_if = "Option::is_none")]
        digit: Option<u8>,
        sentence: String,
    },
    Step {
        reveal: &'static str,
        /// What a hint at `reveal` says (the whole `step.sentence` at `step`).
        hint: String,
        /// Boxed: a step's report is many times the size of the other hints.
        #[serde(flatten)]
        step: Box<StepReport>,
    },
    Guess {
        cell: String,
        candidates: Vec<u8>,
        sentence: String,
    },
    Solved {
        sentence: String,
    },
}

impl HintReport {
    /// The report of `hint`, on the board [`super::hint`] returned with it.
    pub fn of(hint: &Hint, board: &Board, reveal: Reveal) -> HintReport {
        let g = board.geometry();
        let puzzle: &Puzzle = board.puzzle();
        match *hint {
            Hint::WrongEntry { cell, digit, why } => {
                let name = cell_name(g, cell);
                let (why_name, peer, house, relation, reason) = match why {
                    Wrong::Clash { peer, house } => {
                        let (p, h) = (cell_name(g, peer), g.house_name(house).to_string());
                        let reason = format!("{h} already has {digit} in {p}");
                        ("clash", Some(p), Some(h), None, reason)
                    }
                    Wrong::Relation(i) => {
                        let r = puzzle.relations()[i].to_string();
                        let reason = format!("{r} does not hold");
                        ("relation", None, None, Some(r), reason)
                    }
                    Wrong::Marker { rule, digits } => {
                        let text = rule_text(board, rule);
                        let reason = marker_broken(board, rule, digits);
                        ("marker", None, None, Some(text), reason)
                    }
                    Wrong::NotTheSolution => (
                        "solution",
                        None,
                        None,
                        None,
                        "it breaks no rule yet, but it leads to a dead end: the solution has another digit there".to_string(),
                    ),
                };
                HintReport::WrongEntry {
                    sentence: format!("{name}: {digit} is wrong there: {reason}."),
                    cell: name,
                    digit,
                    why: why_name,
                    peer,
                    house,
                    relation,
                }
            }
            Hint::MissingMark { cell, digit } => {
                let name = cell_name(g, cell);
                let show = reveal == Reveal::Step;
                let sentence = if show {
                    format!("{name}: your pencil marks have lost its digit, {digit}.")
                } else {
                    format!(
                        "{name}: your pencil marks there have lost the digit that belongs there."
                    )
                };
                HintReport::MissingMark {
                    cell: name,
                    digit: show.then_some(digit),
                    sentence,
                }
            }
            Hint::Step(ref step) => {
                let report = StepReport::of(step, board);
                // At `step` the hint is the whole sentence: the report's, not built again.
                let hint = match reveal {
                    Reveal::Step => report.sentence.clone(),
                    _ => pointer(step, board, reveal),
                };
                HintReport::Step {
                    reveal: reveal.name(),
                    hint,
                    step: Box::new(report),
                }
            }
            Hint::Guess { cell, candidates } => {
                let name = cell_name(g, cell);
                let digits: Vec<u8> = DigitSet::from_bits(candidates).iter().collect();
                let list = and_list(digits.iter().map(|d| d.to_string()));
                HintReport::Guess {
                    sentence: format!(
                        "No technique of the library applies here: the next move is a guess, in {name} ({list})."
                    ),
                    cell: name,
                    candidates: digits,
                }
            }
            Hint::Solved => HintReport::Solved {
                sentence: "Solved: every cell is filled, and rightly.".to_string(),
            },
        }
    }

    /// What to show the player.
    pub fn text(&self) -> &str {
        match self {
            HintReport::WrongEntry { sentence, .. }
            | HintReport::MissingMark { sentence, .. }
            | HintReport::Guess { sentence, .. }
            | HintReport::Solved { sentence } => sentence,
            HintReport::Step { hint, .. } => hint,
        }
    }
}

/// A grade as data.
#[derive(Clone, Debug, Serialize)]
pub struct GradeReport {
    /// The score (1.0 … 9.x; a puzzle that needs guessing: 9.0 or above its hardest step, a
    /// tenth more per guess).
    pub score: f64,
    pub level: &'static str,
    pub hardest: Option<&'static str>,
    /// The hardest step's rating.
    pub hardest_rating: f64,
    pub hardest_steps: usize,
    pub needs_guessing: bool,
    pub guesses: u64,
    /// Steps by technique, in the order techniques are tried (only those used).
    pub steps: StepCounts,
}

/// Step counts by technique name, as a JSON object in [`Technique::ALL`] order.
#[derive(Clone, Debug)]
pub struct StepCounts(pub [u32; Technique::COUNT]);

impl Serialize for StepCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let used = self.0.iter().filter(|&&n| n > 0).count();
        let mut map = serializer.serialize_map(Some(used))?;
        for t in Technique::ALL {
            let n = self.0[t as usize];
            if n > 0 {
                map.serialize_entry(t.name(), &n)?;
            }
        }
        map.end()
    }
}

impl GradeReport {
    pub fn of(grade: &Grade) -> GradeReport {
        GradeReport {
            score: f64::from(grade.score) / 10.0,
            level: grade.level.name(),
            hardest: grade.hardest.map(Technique::name),
            hardest_rating: f64::from(grade.hardest_rating) / 10.0,
            hardest_steps: grade.hardest_steps,
            needs_guessing: grade.needs_guessing,
            guesses: grade.guesses,
            steps: StepCounts(grade.steps),
        }
    }

    /// One line: `4.2 hard xy_wing×2`, or `9.3 guessing 3 guesses (after aic×1)`.
    pub fn line(&self) -> String {
        let hardest = self
            .hardest
            .map(|h| format!("{h}×{}", self.hardest_steps))
            .unwrap_or_else(|| "nothing to deduce".to_string());
        if self.needs_guessing {
            let guesses = if self.guesses == 1 {
                "1 guess".to_string()
            } else {
                format!("{} guesses", self.guesses)
            };
            format!(
                "{:.1} {} {guesses} (after {hardest})",
                self.score, self.level
            )
        } else {
            format!("{:.1} {} {hardest}", self.score, self.level)
        }
    }
}

/// Why the digits on the two cells of pair rule `i` break it: "the V between r1c4 and r1c5
/// does not hold: 1 and 2 do not sum to 5"; "r1c1 and r1c2 have no marker between them, yet
/// 4 and 5 are consecutive (the negative constraint)".
fn marker_broken(board: &Board, i: usize, (x, y): (u8, u8)) -> String {
    let g = board.geometry();
    let puzzle = board.puzzle();
    let rule = &board.markers()[i];
    let (a, b) = (cell_name(g, rule.a), cell_name(g, rule.b));
    match rule.source {
        crate::puzzle::PairSource::Marker(k) => {
            let kind = puzzle.markers()[k].kind;
            format!(
                "the {} between {a} and {b} does not hold: {}",
                kind.name(),
                kind.says(x, y, false)
            )
        }
        crate::puzzle::PairSource::Negative => {
            let said = puzzle
                .negative()
                .iter()
                .find(|k| k.holds(x, y))
                .map_or_else(
                    || format!("{x} and {y} are related"),
                    |k| k.says(x, y, true),
                );
            format!("{a} and {b} have no marker between them, yet {said} (the negative constraint)")
        }
    }
}
