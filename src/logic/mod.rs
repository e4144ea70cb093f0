//! Reasoning a person can follow: named solving techniques that find [`Step`]s on a
//! candidate [`Board`], applied simplest first.
//!
//! Each technique is a function from a board to its first step, if any: the placements and
//! eliminations, and the cells, houses, digits, relations (and for chains the chain) that
//! justify them. [`next_step`] tries the techniques in the order of [`Technique::ALL`] —
//! easiest first, by [`Technique::rating`] — and returns the first step found, so a solver
//! that applies it and asks again reasons as a person who always looks for the simplest
//! thing first.
//!
//! | file | what |
//! | --- | --- |
//! | `technique.rs` | the techniques by name and rating, and sets of them |
//! | `board.rs`, `order.rs`, `view.rs` | the candidates, the order of the relations, where digits can go |
//! | `step.rs` | a step: what it places and removes, and why |
//! | `simplest.rs` | each technique sent to its file, simplest first; applying steps |
//! | `path.rs` | the steps through a puzzle as data and text (`grade --steps`) |
//! | `singles.rs` | full house, hidden single, naked single |
//! | `intersections.rs` | pointing, claiming |
//! | `direct.rs` | direct pointing, claiming, hidden pair and triple: a pattern that leaves a single, placed |
//! | `relations.rs` | chain bound, relation bound, house bound (inequality and Futoshiki) |
//! | `markers.rs` | marker bound, negative bound, marker pair (Kropki dots, X and V, …) |
//! | `subsets.rs` | naked and hidden pairs, triples, quads; ordered subsets (with relations) |
//! | `fish.rs` | X-wing, swordfish, jellyfish, with fins (finned and sashimi) |
//! | `franken.rs` | Franken and mutant fish (blocks, or rows and columns, mixed in a fish), their sentences |
//! | `fins.rs` | a fish's fins, as its sentence names them and the page draws them |
//! | `single_digit.rs` | skyscraper, two-string kite, empty rectangle |
//! | `wings.rs` | XY-wing, XYZ-wing, W-wing, WXYZ-wing |
//! | `uniqueness.rs` | unique rectangles, BUG+1: only for a puzzle known to have one solution ([`Techniques::with_uniqueness`]) |
//! | `colours.rs`, `colour_words.rs` | simple colours (wrap and trap), multi colours; their sentences |
//! | `chain_graph.rs`, `chains.rs`, `chain_words.rs` | X-chains, XY-chains, alternating inference chains with grouped nodes, and the loops they close: the graph, the search, the sentences |
//! | `forcing.rs`, `forcing_text.rs` | nishio, forcing chains, dynamic forcing chains (nets); their sentences |
//! | `almost_locked.rs`, `als.rs`, `als_chain.rs`, `als_words.rs` | almost locked sets; ALS-XZ, ALS-XY-wing, ALS chains, death blossom, and their sentences |
//! | `sue_de_coq.rs` | Sue de Coq |
//!
//! Every technique works for any size its houses allow (4…25; those that need blocks skip
//! Futoshiki) and only ever removes what its pattern proves: a property test checks on
//! thousands of unique puzzles that no step removes a digit of the solution.

mod almost_locked;
mod als;
mod als_chain;
mod als_words;
mod barren;
mod board;
mod chain_graph;
mod chain_words;
mod chains;
mod colour_words;
mod colours;
mod direct;
mod explain;
mod few;
mod fins;
mod fish;
mod forcing;
mod forcing_text;
mod franken;
mod grade;
mod hint;
mod intersections;
mod markers;
mod marks;
mod order;
mod path;
mod relations;
mod report;
mod simplest;
mod single_digit;
mod singles;
mod step;
mod subsets;
mod sue_de_coq;
mod technique;
mod uniqueness;
mod view;
mod wings;
mod words;

pub(crate) use als_words::als_text;
pub(crate) use barren::Barren;
pub use board::Board;
pub(crate) use board::Fault;
pub use explain::{chain_text, effect, pointer, sentence, Reveal};
pub(crate) use fins::fins;
pub(crate) use forcing_text::branch_texts;
pub use grade::{grade, Grade, Level, MAX_STEPS};
pub use hint::{check_state, hint, Hint, PlayerState, Wrong};
pub use marks::read_marks;
pub use path::{Path, PathEnd};
pub use report::{GradeReport, HintReport, StepCounts, StepReport};
pub(crate) use simplest::next_step_in;
pub use simplest::{next_step, solve_steps, Ending};
pub use step::{ChainNode, Step};
pub use technique::{Technique, Techniques};

#[cfg(test)]
mod als_tests;
#[cfg(test)]
mod chain_tests;
#[cfg(test)]
mod colour_tests;
#[cfg(test)]
mod forcing_tests;
#[cfg(test)]
mod franken_tests;
#[cfg(test)]
mod marker_tests;
#[cfg(test)]
mod test_boards;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod uniqueness_tests;
