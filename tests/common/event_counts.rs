//! The events of a trace counted against the statistics of its search. One file serves the
//! tests (`tests/common`) and the fuzz crate (`fuzz/src/check.rs` includes it by path).

use sudoku_lab::trace::{Event, EventKind, Level};
use sudoku_lab::{Rule, Stats};

/// The guess, probe, solution and contradiction events of a whole trace at `level` are as
/// many as the statistics say, and (above the decisions level) its rounds as many as the
/// nodes; the first count that differs, otherwise.
pub fn check_event_counts(events: &[Event], stats: &Stats, level: Level) -> Result<(), String> {
    let count = |kind: EventKind, rule: Option<Rule>| {
        events
            .iter()
            .filter(|e| e.kind == kind && (rule.is_none() || e.rule == rule))
            .count() as u64
    };
    let mut expected = vec![
        (EventKind::Guess, Some(Rule::Guess), stats.guesses),
        (EventKind::Guess, Some(Rule::Probe), stats.probes),
        (EventKind::Solution, None, stats.solutions),
        (EventKind::Contradiction, None, stats.contradictions),
    ];
    if level != Level::Decisions {
        expected.push((EventKind::Round, None, stats.nodes));
    }
    for (kind, rule, stat) in expected {
        let found = count(kind, rule);
        if found != stat {
            return Err(format!(
                "{found} {} events (rule {rule:?}), {stat} in the statistics",
                kind.name()
            ));
        }
    }
    Ok(())
}
