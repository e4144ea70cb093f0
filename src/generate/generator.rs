//! The [`Generator`]: attempts, each a solution grid whose clues are taken away while the
//! puzzle stays acceptable, in slices of work.

use std::collections::HashMap;

use crate::geometry::{Cell, Geometry};
use crate::logic::{grade, solve_steps, Board, Ending, Grade, Techniques, MAX_STEPS};
use crate::puzzle::{Kind, Marker, MarkerKind, Problem, Puzzle, Relation};
use crate::search::{solve_fast, Engine, EngineKind, Options, Outcome, Search, Silent, Status};

use super::fill;
use super::request::{Markers, Relations, Request, Symmetry};
use super::rng::Rng;

/// A generated puzzle with its solution and grade.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Vec<u8>,
    pub grade: Grade,
    /// Which puzzle of the request this is (0 for the first).
    pub index: u64,
    /// The attempts it took (1 when the first grid gave it).
    pub attempts: u32,
    /// The checks it took, over all attempts.
    pub checks: u64,
}

/// What [`Generator::advance`] did.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Advance {
    /// The budget ran out; call again to go on.
    Working,
    /// The next puzzle.
    Found(Box<Generated>),
    /// Every attempt for the current puzzle missed: the request cannot (or could not) be met.
    GaveUp(Problem),
}

/// Where the generator stands, for progress reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Position {
    /// Puzzles found so far.
    pub found: u64,
    /// The attempt under way for the next puzzle (1-based).
    pub attempt: u32,
    /// Checks for the next puzzle so far.
    pub checks: u64,
    /// Clues of the attempt under way still to try.
    pub left: usize,
}

/// Generates puzzles one after another, in slices of work.
pub struct Generator {
    request: Request,
    geometry: &'static Geometry,
    /// Every pair of adjacent cells allowed to carry a relation or a marker (`a < b` as
    /// indices), and the index of each pair.
    pairs: Vec<(usize, usize)>,
    pair_index: HashMap<(usize, usize), usize>,
    found: u64,
    attempt: u32,
    checks: u64,
    current: Option<Attempt>,
}

impl Generator {
    pub fn new(request: Request) -> Result<Generator, Problem> {
        let geometry = request.check()?;
        // Markers may join any adjacent pair: each attempt's solution says which do.
        let set = match request.markers {
            Markers::None => request.relation_set(),
            _ => Relations::Adjacent,
        };
        let pairs = relation_pairs(geometry, set);
        let pair_index = pairs.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        Ok(Generator {
            request,
            geometry,
            pairs,
            pair_index,
            found: 0,
            attempt: 0,
            checks: 0,
            current: None,
        })
    }

    /// Makes the next puzzle the `index`-th of the request (0 first), as if those before had
    /// been made: a puzzle depends on the seed and its index only, so puzzles can be made
    /// apart (on several threads) and still be the ones a single run makes.
    pub fn skip_to(&mut self, index: u64) {
        self.found = index;
        self.attempt = 0;
        self.checks = 0;
        self.current = None;
    }

    pub fn request(&self) -> &Request {
        &self.request
    }

    pub fn position(&self) -> Position {
        Position {
            found: self.found,
            attempt: self.attempt.max(1),
            checks: self.checks,
            left: self.current.as_ref().map_or(0, |a| a.queue.len()),
        }
    }

    /// Works for about `budget` checks (at least one) and says whether a puzzle came of it.
    pub fn advance(&mut self, budget: u64) -> Advance {
        let start = self.checks;
        loop {
            if self.current.is_none() {
                if self.attempt >= self.request.attempts {
                    let attempts = self.attempt;
                    self.attempt = 0;
                    self.checks = 0;
                    return Advance::GaveUp(Problem::new(self.gave_up(attempts), vec![]));
                }
                self.attempt += 1;
                let rng = Rng::derive(
                    Rng::derive(self.request.seed, self.found).next_u64(),
                    u64::from(self.attempt),
                );
                self.checks += 1;
                self.current = Attempt::start(self, rng);
                continue;
            }
            if self.checks - start >= budget.max(1) {
                return Advance::Working;
            }
            let mut attempt = self.current.take().expect("checked above");
            match attempt.step(self) {
                Next::Continue => self.current = Some(attempt),
                Next::Missed => {}
                Next::Done(puzzle) => {
                    // The grade the CLI and the page give the same puzzle: it is unique, so the
                    // techniques that rest on uniqueness may be used.
                    let grade = grade(&puzzle, Techniques::GRADED.with_uniqueness());
                    let wanted = self.request.level;
                    if wanted.is_some_and(|l| grade.level != l) {
                        continue;
                    }
                    let generated = Generated {
                        puzzle,
                        solution: attempt.solution,
                        grade,
                        index: self.found,
                        attempts: self.attempt,
                        checks: self.checks,
                    };
                    self.found += 1;
                    self.attempt = 0;
                    self.checks = 0;
                    return Advance::Found(Box::new(generated));
                }
            }
        }
    }

    fn gave_up(&self, attempts: u32) -> String {
        let r = &self.request;
        let mut wanted = format!("{0}×{0} {1} puzzle", r.size, r.kind);
        if let Some(level) = r.level {
            wanted.push_str(&format!(" at level {level}"));
        }
        if r.givens != (0, r.size * r.size) {
            wanted.push_str(&format!(" with {}–{} givens", r.givens.0, r.givens.1));
        }
        if r.markers != Markers::None {
            wanted.push_str(&format!(" with {} markers", r.markers));
            if r.negative {
                wanted.push_str(" (negative constraint)");
            }
        }
        if r.no_givens {
            wanted.push_str(" without givens");
        }
        if r.minimal {
            wanted.push_str(", minimal,");
        }
        if r.symmetry != Symmetry::None {
            wanted.push_str(&format!(" with {} symmetry", r.symmetry));
        }
        format!(
            "no {wanted} was found in {attempts} attempts (seed {}): ask for another level, \
             size or clue count, or for more attempts",
            r.seed
        )
    }

    /// Counts the solutions of `puzzle` to two: by the fast path when one applies, else by
    /// the `propagate` engine. A count cut short by the node limit says `limit`.
    fn count(&mut self, puzzle: &Puzzle) -> Outcome {
        self.checks += 1;
        count(puzzle, self.request.effort_limit())
    }

    /// Whether `puzzle` is acceptable: unique, and solved by `techniques` when given; or
    /// unsettled when its count ran into the effort limit.
    fn accepts(&mut self, puzzle: &Puzzle, techniques: Option<Techniques>) -> Verdict {
        match self.count(puzzle).status {
            Status::Unique => {}
            Status::LimitReached => return Verdict::Unsettled,
            _ => return Verdict::Refused,
        }
        let Some(allowed) = techniques else {
            return Verdict::Accepted;
        };
        self.checks += 1;
        if solved_by(puzzle, allowed) {
            Verdict::Accepted
        } else {
            Verdict::Refused
        }
    }

    /// The symmetry orbit of clue `id` (givens are cell indices, relations follow).
    fn orbit(&self, id: usize) -> Vec<usize> {
        let size = self.request.size;
        let cells = size * size;
        let symmetry = self.request.symmetry;
        let image = |c: usize| symmetry.image(Cell::at(c, size), size).index(size);
        let mut orbit = vec![id];
        let mut at = id;
        for _ in 0..4 {
            at = if at < cells {
                image(at)
            } else {
                let (a, b) = self.pairs[at - cells];
                let (a, b) = (image(a), image(b));
                match self.pair_index.get(&(a.min(b), a.max(b))) {
                    Some(&p) => cells + p,
                    None => break,
                }
            };
            if !orbit.contains(&at) {
                orbit.push(at);
            }
        }
        orbit
    }

    /// The orbits of the clues `ids` (each orbit once, and only its members among `ids`: a
    /// relation budget may leave out the image of a pair), in a random order.
    fn orbits(&self, ids: impl Iterator<Item = usize>, rng: &mut Rng) -> Vec<Vec<usize>> {
        let all = self.request.size.pow(2) + self.pairs.len();
        let mut member = vec![false; all];
        let ids: Vec<usize> = ids.collect();
        for &id in &ids {
            member[id] = true;
        }
        let mut seen = vec![false; all];
        let mut orbits = Vec::new();
        for id in ids {
            if seen[id] {
                continue;
            }
            let mut orbit = self.orbit(id);
            orbit.retain(|&o| member[o]);
            for &o in &orbit {
                seen[o] = true;
            }
            orbits.push(orbit);
        }
        rng.shuffle(&mut orbits);
        orbits
    }
}

/// Counts the solutions of `puzzle` to two within `node_limit` (fast path, else `propagate`;
/// no validation: the generator's puzzles agree with a solution by construction).
pub fn count(puzzle: &Puzzle, node_limit: u64) -> Outcome {
    let options = Options {
        node_limit,
        ..Options::default()
    };
    solve_fast(puzzle, options).unwrap_or_else(|| {
        match Engine::new(EngineKind::Propagate, puzzle, options, Silent) {
            Ok(mut engine) => {
                engine.run();
                engine.outcome()
            }
            Err(_) => Outcome {
                status: Status::LimitReached,
                solutions: vec![],
                stats: Default::default(),
            },
        }
    })
}

/// Whether the `allowed` techniques alone finish `puzzle`.
fn solved_by(puzzle: &Puzzle, allowed: Techniques) -> bool {
    Board::new(puzzle).is_ok_and(|mut board| {
        solve_steps(&mut board, allowed, MAX_STEPS, |_, _| {}) == Ending::Solved
    })
}

/// Every pair of adjacent cells (`a < b`, row-major) the relation set allows.
fn relation_pairs(geometry: &Geometry, relations: Relations) -> Vec<(usize, usize)> {
    if relations == Relations::None {
        return vec![];
    }
    let size = geometry.size();
    let mut pairs = Vec::new();
    for a in 0..size * size {
        let (r, c) = (a / size, a % size);
        for b in [
            (c + 1 < size).then_some(a + 1),
            (r + 1 < size).then_some(a + size),
        ]
        .into_iter()
        .flatten()
        {
            if relations != Relations::Blocks || geometry.block_of(a) == geometry.block_of(b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// Whether a puzzle with a clue taken away is acceptable ([`Generator::accepts`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Accepted,
    Refused,
    /// Its count ran into the effort limit: it may be unique or not.
    Unsettled,
}

/// What one step of an attempt came to.
enum Next {
    Continue,
    Missed,
    Done(Puzzle),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// Inequality: adding givens where two solutions differ until one solution is left.
    BuildUp,
    /// Taking the orbits of `queue` away one by one.
    Dig,
}

/// The marker of `family` that digits `x` and `y` call for, if any; a pair that two kinds
/// fit (1 and 2: consecutive and double) gets one of them at random.
fn marker_for(family: Markers, x: u8, y: u8, rng: &mut Rng) -> Option<MarkerKind> {
    let fits: Vec<MarkerKind> = family
        .kinds()
        .iter()
        .copied()
        .filter(|k| k.holds(x, y))
        .collect();
    match fits.len() {
        0 => None,
        1 => Some(fits[0]),
        n => Some(fits[rng.below(n)]),
    }
}

/// One attempt: a solution grid and the clues it gives so far.
struct Attempt {
    rng: Rng,
    solution: Vec<u8>,
    /// The marker of each relation pair, as the solution says (with a family of markers;
    /// `None` where the pair is not so related, and for relations).
    marks: Vec<Option<MarkerKind>>,
    /// Which clues are given: cells first, then relation pairs.
    present: Vec<bool>,
    /// The relation pairs that may appear in this attempt (a random budget picks some).
    allowed: Vec<bool>,
    /// Orbits still to try taking away, the next at the end.
    queue: Vec<Vec<usize>>,
    /// Orbits the givens floor kept (tried again at the end for `minimal`).
    floored: Vec<Vec<usize>>,
    /// Orbits kept because the count without them ran into the effort limit (settled at the
    /// end for `minimal`, with the solver's own limit).
    unsettled: Vec<Vec<usize>>,
    phase: Phase,
    /// The techniques removals must leave enough (`None`: uniqueness alone).
    techniques: Option<Techniques>,
}

impl Attempt {
    /// A new grid and its clues; `None` (a missed attempt) when no grid could be filled.
    fn start(generator: &Generator, mut rng: Rng) -> Option<Attempt> {
        let request = &generator.request;
        let cells = request.size * request.size;
        let solution = fill::random_grid(generator.geometry, &mut rng)?;
        let pairs = generator.pairs.len();
        let mut allowed = vec![true; pairs];
        let mut marks = vec![None; pairs];
        if request.markers != Markers::None {
            for (p, &(a, b)) in generator.pairs.iter().enumerate() {
                marks[p] = marker_for(request.markers, solution[a], solution[b], &mut rng);
                allowed[p] = marks[p].is_some();
            }
        }
        if let Relations::Random(budget) = request.relation_set() {
            allowed.fill(false);
            let mut taken = 0;
            for orbit in generator.orbits(cells..cells + pairs, &mut rng) {
                if taken + orbit.len() <= budget {
                    taken += orbit.len();
                    for id in orbit {
                        allowed[id - cells] = true;
                    }
                }
            }
        }
        let techniques = match request.level {
            Some(level) if !request.minimal => level.techniques(),
            _ => None,
        };
        let mut attempt = Attempt {
            rng,
            solution,
            marks,
            present: vec![false; cells + pairs],
            allowed,
            queue: vec![],
            floored: vec![],
            unsettled: vec![],
            phase: Phase::Dig,
            techniques,
        };
        for (p, &ok) in attempt.allowed.iter().enumerate() {
            attempt.present[cells + p] = ok;
        }
        let givens = !request.no_givens;
        match request.kind {
            Kind::Classic | Kind::Futoshiki => {
                if givens {
                    attempt.present[..cells].fill(true);
                }
                // The negative constraint keeps every marker: only givens go.
                let ids = (0..cells + pairs)
                    .filter(|&id| attempt.present[id] && (id < cells || !request.negative));
                attempt.queue = generator.orbits(ids, &mut attempt.rng);
                if request.markers != Markers::None {
                    // Givens go first (the queue pops from its end), markers after: the
                    // markers carry the puzzle, and mixed in they could all go.
                    attempt.queue.sort_by_key(|orbit| orbit[0] < cells);
                }
            }
            Kind::Inequality => attempt.phase = Phase::BuildUp,
        }
        Some(attempt)
    }

    fn givens(&self, cells: usize) -> usize {
        self.present[..cells].iter().filter(|&&p| p).count()
    }

    /// The puzzle of the clues present.
    fn puzzle(&self, generator: &Generator) -> Puzzle {
        let request = &generator.request;
        let cells = request.size * request.size;
        let givens = (0..cells)
            .map(|c| if self.present[c] { self.solution[c] } else { 0 })
            .collect();
        let present = generator
            .pairs
            .iter()
            .enumerate()
            .filter(|&(p, _)| self.present[cells + p]);
        let at = |c: usize| Cell::at(c, request.size);
        if request.markers == Markers::None {
            let relations = present
                .map(|(_, &(a, b))| {
                    let less = self.solution[a] < self.solution[b];
                    Relation::new(at(a), less, at(b))
                })
                .collect();
            return Puzzle::new(request.kind, request.size, givens, relations)
                .expect("the generator's puzzles have the request's shape");
        }
        let markers = present
            .filter_map(|(p, &(a, b))| Some(Marker::new(at(a), self.marks[p]?, at(b))))
            .collect();
        let negative = if request.negative {
            request.markers.kinds().to_vec()
        } else {
            vec![]
        };
        Puzzle::new(request.kind, request.size, givens, vec![])
            .and_then(|p| p.with_markers(markers, negative))
            .expect("the generator's puzzles have the request's shape")
    }

    fn step(&mut self, generator: &mut Generator) -> Next {
        match self.phase {
            Phase::BuildUp => self.build_up(generator),
            Phase::Dig => self.dig(generator),
        }
    }

    /// Inequality: one count; unique (and solved by the techniques) moves on to taking
    /// givens away, else the orbit of a cell where two solutions differ (or, when the
    /// techniques stop short, of a random open cell) is given.
    fn build_up(&mut self, generator: &mut Generator) -> Next {
        let request = generator.request.clone();
        let cells = request.size * request.size;
        let puzzle = self.puzzle(generator);
        let outcome = generator.count(&puzzle);
        let mut open: Vec<usize> = (0..cells).filter(|&c| !self.present[c]).collect();
        if outcome.status == Status::Unique {
            let solved = match self.techniques {
                None => true,
                Some(allowed) => {
                    generator.checks += 1;
                    solved_by(&puzzle, allowed)
                }
            };
            if solved {
                // Unique with fewer givens than asked for: more, at random, up to the floor
                // (a unique puzzle stays unique, and taking away then keeps to the floor).
                while self.givens(cells) < request.givens.0 && !open.is_empty() {
                    let cell = open[self.rng.below(open.len())];
                    for id in generator.orbit(cell) {
                        self.present[id] = true;
                    }
                    open.retain(|&c| !self.present[c]);
                }
                if self.givens(cells) > request.givens.1 {
                    return Next::Missed;
                }
                self.phase = Phase::Dig;
                let mut ids: Vec<usize> = (0..cells).filter(|&c| self.present[c]).collect();
                let dig_relations = request.minimal;
                if dig_relations {
                    ids.extend((cells..self.present.len()).filter(|&id| self.present[id]));
                }
                self.queue = generator.orbits(ids.into_iter(), &mut self.rng);
                return Next::Continue;
            }
        } else if outcome.solutions.len() == 2 {
            let (a, b) = (&outcome.solutions[0], &outcome.solutions[1]);
            let differ: Vec<usize> = open.iter().copied().filter(|&c| a[c] != b[c]).collect();
            if !differ.is_empty() {
                open = differ;
            }
        }
        if request.no_givens || open.is_empty() {
            return Next::Missed;
        }
        let cell = open[self.rng.below(open.len())];
        for id in generator.orbit(cell) {
            self.present[id] = true;
        }
        if self.givens(cells) > request.givens.1 {
            return Next::Missed;
        }
        Next::Continue
    }

    /// The status of the puzzle without the clues of `orbit`, counted with the solver's own
    /// node limit (the clues stay).
    fn without(&mut self, orbit: &[usize], generator: &mut Generator) -> Status {
        for &id in orbit {
            self.present[id] = false;
        }
        let puzzle = self.puzzle(generator);
        generator.checks += 1;
        let status = count(&puzzle, Options::DEFAULT_NODE_LIMIT).status;
        for &id in orbit {
            self.present[id] = true;
        }
        status
    }

    /// Tries taking the next orbit away; at the end, checks the puzzle against the request.
    fn dig(&mut self, generator: &mut Generator) -> Next {
        let request = generator.request.clone();
        let cells = request.size * request.size;
        let Some(orbit) = self.queue.pop() else {
            return self.finish(generator);
        };
        let givens = orbit.iter().filter(|&&id| id < cells).count();
        if self.givens(cells).saturating_sub(givens) < request.givens.0 {
            self.floored.push(orbit);
            return Next::Continue;
        }
        for &id in &orbit {
            self.present[id] = false;
        }
        let puzzle = self.puzzle(generator);
        let verdict = generator.accepts(&puzzle, self.techniques);
        if verdict != Verdict::Accepted {
            for &id in &orbit {
                self.present[id] = true;
            }
        }
        if verdict == Verdict::Unsettled && request.minimal {
            self.unsettled.push(orbit);
        }
        Next::Continue
    }

    fn finish(&mut self, generator: &mut Generator) -> Next {
        let request = generator.request.clone();
        let cells = request.size * request.size;
        if request.minimal {
            // A clue whose removal the effort limit left open is settled now, with the
            // solver's own limit: it goes if the puzzle stays unique without it (taking a
            // clue away never makes another removable, so the refusals before still hold);
            // a count that cannot settle it either leaves minimality unproved: a miss.
            for orbit in std::mem::take(&mut self.unsettled) {
                match self.without(&orbit, generator) {
                    Status::Unique => {
                        for &id in &orbit {
                            self.present[id] = false;
                        }
                    }
                    Status::LimitReached => return Next::Missed,
                    _ => {}
                }
            }
            // A clue the givens floor kept must be needed, or the puzzle is not minimal.
            for orbit in std::mem::take(&mut self.floored) {
                if self.without(&orbit, generator) != Status::Multiple {
                    return Next::Missed;
                }
            }
        }
        let givens = self.givens(cells);
        if givens < request.givens.0 || givens > request.givens.1 {
            return Next::Missed;
        }
        let puzzle = self.puzzle(generator);
        // The count every returned puzzle gets, whatever the removals were judged by, with
        // the solver's own limit.
        generator.checks += 1;
        if count(&puzzle, Options::DEFAULT_NODE_LIMIT).status != Status::Unique {
            return Next::Missed;
        }
        if request.markers != Markers::None && self.settled_by_givens(generator) {
            return Next::Missed;
        }
        Next::Done(puzzle)
    }

    /// Whether the givens alone settle the puzzle: then its markers are decoration (a level
    /// the techniques reach without them would take every marker away), not a Kropki or
    /// XV puzzle.
    fn settled_by_givens(&self, generator: &mut Generator) -> bool {
        let request = &generator.request;
        let cells = request.size * request.size;
        let givens = (0..cells)
            .map(|c| if self.present[c] { self.solution[c] } else { 0 })
            .collect();
        let plain = Puzzle::new(request.kind, request.size, givens, vec![])
            .expect("the generator's puzzles have the request's shape");
        generator.checks += 1;
        count(&plain, Options::DEFAULT_NODE_LIMIT).status == Status::Unique
    }
}

/// Generates `count` puzzles for `request` (see [`Generator`]).
pub fn generate(request: &Request, count: usize) -> Result<Vec<Generated>, Problem> {
    let mut generator = Generator::new(request.clone())?;
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        match generator.advance(u64::MAX) {
            Advance::Found(generated) => out.push(*generated),
            Advance::GaveUp(problem) => return Err(problem),
            Advance::Working => {}
        }
    }
    Ok(out)
}
