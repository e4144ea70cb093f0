//! Chains in words: what a chain between two ends, a continuous loop, or a chain that comes
//! back to its start proves, said from the step's [`Step::chain`].

use super::board::Board;
use super::step::{ChainNode, Step};

/// The sentence of a chain step: `chain` is its text (`7r1c1 = 7r1c5 − …`), `rel` the
/// relations it uses (empty when none), `effect` what it does ("so 7 leaves r2c3").
pub(super) fn sentence(step: &Step, board: &Board, chain: &str, rel: &str, effect: &str) -> String {
    let g = board.geometry();
    let name = |c: usize| g.cell(c).to_string();
    let rel = if rel.is_empty() {
        String::new()
    } else {
        format!(" (weak links from {rel})")
    };
    let legend = "(= one of the two is true, − not both)";
    let (Some(first), Some(last)) = (step.chain.first(), step.chain.last()) else {
        return format!("The chain{rel} makes one of its ends true, {effect}.");
    };
    let same = |a: &ChainNode, b: &ChainNode| a.digit == b.digit && a.cells == b.cells;
    if step.chain.len() > 2 && same(first, last) && last.on {
        let d = first.digit;
        let why = if first.cells.len() == 1 {
            let cell = name(first.cells[0]);
            format!("if {cell} were not {d}, the chain would make it {d}; so it is {d}")
        } else {
            let cells: Vec<String> = first.cells.iter().map(|&c| name(c)).collect();
            let cells = cells.join(", ");
            format!("if {d} were in none of {cells}, the chain would put it there; so it is")
        };
        return format!(
            "The chain {chain}{rel} {legend} comes back to where it starts: {why}, {effect}."
        );
    }
    if step.chain.len() > 2 && same(first, last) {
        return format!(
            "The chain {chain}{rel} {legend} closes into a loop of {} nodes: each strong link \
             has at least one true node and each weak link at most one, and as either kind \
             pairs up all the nodes, every link has exactly one: the nodes are true every \
             other one, one way round or the other, so a candidate that contradicts a node \
             of each kind (both nodes of a link, say) is false, {effect}.",
            step.chain.len() - 1,
        );
    }
    let ends = format!(
        "{} or {}",
        node_words(first, &name),
        node_words(last, &name)
    );
    if first.digit == last.digit {
        return format!(
            "The chain {chain}{rel} {legend} makes one of its ends true — {ends} — so a cell \
             that sees both loses {}, {effect}.",
            first.digit
        );
    }
    if first.cells.len() == 1 && first.cells == last.cells {
        return format!(
            "The chain {chain}{rel} {legend} makes one of its ends true: {} is {} or {}, so \
             it holds no other digit, {effect}.",
            name(first.cells[0]),
            first.digit,
            last.digit
        );
    }
    // Ends of two digits that see each other: each end's digit leaves the other's cell.
    let mut why = Vec::new();
    for &(c, set) in &step.eliminations {
        for d in set.iter() {
            let reason = |n: &ChainNode, which: &str| {
                if n.cells == [c] {
                    format!("the {which} end puts {} there", n.digit)
                } else {
                    format!(
                        "the {which} end puts {} in {}, which it sees",
                        n.digit,
                        cells_words(n, &name)
                    )
                }
            };
            why.push(format!(
                "{} is not {d} ({}; {})",
                name(c),
                reason(first, "first"),
                reason(last, "last")
            ));
        }
    }
    format!(
        "The chain {chain}{rel} {legend} makes one of its ends true — {ends} — and either way {}, \
         {effect}.",
        why.join("; ")
    )
}

/// "r1c1 is 7", or for a group "7 is in r1c1 or r1c2".
fn node_words(n: &ChainNode, name: &impl Fn(usize) -> String) -> String {
    if n.cells.len() == 1 {
        format!("{} is {}", name(n.cells[0]), n.digit)
    } else {
        format!("{} is in {}", n.digit, cells_words(n, name))
    }
}

/// "r1c1", or for a group "r1c1 or r1c2".
fn cells_words(n: &ChainNode, name: &impl Fn(usize) -> String) -> String {
    let cells: Vec<String> = n.cells.iter().map(|&c| name(c)).collect();
    cells.join(" or ")
}
