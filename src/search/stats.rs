//! What a search counts: [`Stats`], by [`Rule`] for placements and eliminations.

named! {
    /// Why a digit was placed or a candidate removed (its name in JSON and traces):
    ///
    /// | rule | meaning |
    /// | --- | --- |
    /// | `given` | fixed by the puzzle |
    /// | `peer` | removed because a peer holds the digit |
    /// | `naked_single` | the cell has one candidate left |
    /// | `hidden_single_row`, `_column`, `_block` | the digit has one place left in the house |
    /// | `relation` | removed by a relation bound: `a < b` ⇒ `b > min(a)` and `a < max(b)` |
    /// | `guess` | a search branch |
    /// | `refutation` | removed because trying it (a branch or a probe) led to a contradiction |
    /// | `locked_candidates` | removed because, where a block meets a row or column, one of them keeps the digit only in the intersection |
    /// | `disjunction` | removed because every candidate of some other cell, tried in turn, removes it |
    /// | `probe` | a trial one level down, always undone; only its verdict is kept |
    /// | `technique` | removed (or placed) by a named technique of the `logic` engine (`via` names it), from the absence of the candidates its pattern rests on |
    /// | `marker` | removed by a marker between two cells (a Kropki dot, X, V, a difference, ratio or sum): no candidate of the other cell goes with it |
    /// | `negative` | removed by the negative constraint: two adjacent cells without a marker are not so related, and every candidate of the other cell that would go with it is so |
    #[repr(u8)]
    pub enum Rule {
        Given = "given", Peer = "peer", NakedSingle = "naked_single",
        HiddenSingleRow = "hidden_single_row", HiddenSingleColumn = "hidden_single_column",
        HiddenSingleBlock = "hidden_single_block", Relation = "relation", Guess = "guess",
        Refutation = "refutation", LockedCandidates = "locked_candidates",
        Disjunction = "disjunction", Probe = "probe", Technique = "technique",
        Marker = "marker", Negative = "negative",
    }
}

/// Counts of what a search did. Machine-independent: the same puzzle and options always give
/// the same numbers. (Wall time is measured by the caller: the core has no clock, so it runs
/// unchanged in WebAssembly.)
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Propagation rounds, one per decision point visited.
    pub nodes: u64,
    /// Branches tried.
    pub guesses: u64,
    /// Branches undone.
    pub backtracks: u64,
    /// Dead ends: an empty cell or a digit with no place in a house.
    pub contradictions: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Trial placements made by probing (each also counted in `placements[Probe]`).
    pub probes: u64,
    /// Placements by [`Rule`] (indexed by `rule as usize`).
    pub placements: [u64; Rule::COUNT],
    /// Candidate eliminations by [`Rule`].
    pub eliminations: [u64; Rule::COUNT],
}

/// A table of counts by [`Rule`] (`Stats::placements` or `eliminations`) as JSON: an object
/// keyed by rule name in [`Rule::ALL`] order.
struct ByRule<'a>(&'a [u64; Rule::COUNT]);

impl serde::Serialize for ByRule<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        let mut map = serializer.serialize_map(Some(Rule::COUNT))?;
        for rule in Rule::ALL {
            map.serialize_entry(rule.name(), &self.0[rule as usize])?;
        }
        map.end()
    }
}

/// As JSON: the counts, then `placements` and `eliminations` as objects keyed by rule name
/// in [`Rule::ALL`] order — the one shape the CLI, the wasm module and the page share.
impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_with(serializer, true)
    }
}

impl Stats {
    /// The JSON shape of [`Stats`], with the tables by rule or (`by_rule` false) without them
    /// — for a search that counted no rules, as wasm's `solve` writes it.
    pub fn serialize_with<S: serde::Serializer>(
        &self,
        serializer: S,
        by_rule: bool,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;

        let mut map = serializer.serialize_map(Some(if by_rule { 8 } else { 6 }))?;
        map.serialize_entry("nodes", &self.nodes)?;
        map.serialize_entry("guesses", &self.guesses)?;
        map.serialize_entry("backtracks", &self.backtracks)?;
        map.serialize_entry("contradictions", &self.contradictions)?;
        map.serialize_entry("solutions", &self.solutions)?;
        map.serialize_entry("probes", &self.probes)?;
        if by_rule {
            map.serialize_entry("placements", &ByRule(&self.placements))?;
            map.serialize_entry("eliminations", &ByRule(&self.eliminations))?;
        }
        map.end()
    }

    /// The unit of [`super::Options::node_limit`] and of [`super::Search::advance`]'s budget: nodes plus
    /// probes, each roughly one propagation.
    pub fn work(&self) -> u64 {
        self.nodes + self.probes
    }

    pub fn total_placements(&self) -> u64 {
        self.placements.iter().sum()
    }

    pub fn total_eliminations(&self) -> u64 {
        self.eliminations.iter().sum()
    }

    /// Adds another search's counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.contradictions += other.contradictions;
        self.solutions += other.solutions;
        self.probes += other.probes;
        for i in 0..Rule::COUNT {
            self.placements[i] += other.placements[i];
            self.eliminations[i] += other.eliminations[i];
        }
    }
}
