//! The SAT peer of the benchmarks: one one-hot CNF encoding of a classic puzzle of any size
//! (9, 16, 25), markers between cells included, counted to 2 by a CDCL solver (varisat 0.2, a dev-dependency) in process, and
//! optionally by CaDiCaL through `../shared/peers/sat_count.py` (the same encoding).

use std::time::Instant;

use sudoku_lab::{solve, Options, Puzzle, Status};
use varisat::{CnfFormula, ExtendFormula, Lit, Solver};

/// What the SAT peer found for one puzzle, and what it took.
pub struct SatCount {
    /// Solutions found, at most 2.
    pub solutions: usize,
    /// Seconds to build the clauses and hand them to the solver.
    pub encode_s: f64,
    /// Seconds of solving: to the first model, then, with that model blocked, to the second
    /// or to the proof that there is none.
    pub solve_s: f64,
}

/// The one-hot CNF of a classic puzzle. Variable `cell · n + d` says "`cell` holds digit
/// `d + 1`". Clauses: every cell holds a digit, and at most one (pairwise); in every house
/// (row, column, block) every digit has a place, and at most one (pairwise); every given is
/// a unit clause: 4 · N² · (1 + N(N−1)/2) clauses plus the givens — 11,988 at 9×9, 123,904
/// at 16×16, 752,500 at 25×25. A puzzle with markers between cells (Kropki dots, X, V, the
/// negative constraint: [`Puzzle::pair_rules`]) adds, for each such pair, one binary clause
/// per pair of different digits the rule forbids (`¬a_x ∨ ¬b_y`) — the direct encoding of
/// a binary constraint, as a CP solver's table would hold it.
pub fn encode(p: &Puzzle) -> CnfFormula {
    let n = p.size();
    let g = p.geometry();
    let var = |cell: usize, d: usize| Lit::from_index(cell * n + d, true);
    let mut formula = CnfFormula::new();
    let mut lits = Vec::with_capacity(n);
    for cell in 0..n * n {
        lits.clear();
        lits.extend((0..n).map(|d| var(cell, d)));
        formula.add_clause(&lits);
        for a in 0..n {
            for b in a + 1..n {
                formula.add_clause(&[!var(cell, a), !var(cell, b)]);
            }
        }
    }
    for h in 0..g.house_count() {
        let cells = g.house(h);
        for d in 0..n {
            lits.clear();
            lits.extend(cells.iter().map(|&c| var(usize::from(c), d)));
            formula.add_clause(&lits);
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    formula.add_clause(&[!var(usize::from(a), d), !var(usize::from(b), d)]);
                }
            }
        }
    }
    for (cell, &d) in p.givens().iter().enumerate() {
        if d != 0 {
            formula.add_clause(&[var(cell, usize::from(d) - 1)]);
        }
    }
    for rule in p.pair_rules() {
        for x in 0..n {
            for y in (0..n).filter(|&y| y != x) {
                if rule.allowed[x + 1] & (1 << y) == 0 {
                    formula.add_clause(&[!var(rule.a, x), !var(rule.b, y)]);
                }
            }
        }
    }
    formula
}

/// Counts the solutions of a classic puzzle to 2 with varisat: the encoding of [`encode`]
/// (timed apart), then solve; each model found is blocked by a clause and the solver asked
/// again.
pub fn sat_count(p: &Puzzle) -> SatCount {
    let start = Instant::now();
    let mut solver = Solver::new();
    solver.add_formula(&encode(p));
    let encode_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut solutions = 0;
    while solutions < 2 && solver.solve().expect("the SAT solver runs") {
        solutions += 1;
        let model = solver.model().expect("a model after SAT");
        let block: Vec<Lit> = model
            .iter()
            .filter(|l| l.is_positive())
            .map(|&l| !l)
            .collect();
        solver.add_clause(&block);
    }
    SatCount {
        solutions,
        encode_s,
        solve_s: start.elapsed().as_secs_f64(),
    }
}

/// [`sat_count`] `runs` times on a puzzle that must have one solution (`what` names it in
/// the panic): the fastest encoding and the fastest solving, in seconds.
pub fn sat_fastest(p: &Puzzle, runs: usize, what: &str) -> (f64, f64) {
    let (mut encode_s, mut solve_s) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..runs.max(1) {
        let count = sat_count(p);
        assert_eq!(count.solutions, 1, "{what}: the SAT peer's count");
        encode_s = encode_s.min(count.encode_s);
        solve_s = solve_s.min(count.solve_s);
    }
    (encode_s, solve_s)
}

/// CaDiCaL 1.9.5 (through the `python-sat` package) counting `puzzles` to 2, by the script
/// `../shared/peers/sat_count.py` (the same encoding; it times solving only), or the script
/// the `CADICAL` environment variable names when that is a file. Per puzzle, the solutions
/// and the solve seconds; `Err` says why the column is left out (`CADICAL` unset, no
/// Python or no `pysat`, the script failing).
pub fn cadical_counts(puzzles: &[Puzzle]) -> Result<Vec<(usize, f64)>, String> {
    let setting = std::env::var("CADICAL").map_err(|_| "CADICAL unset".to_string())?;
    let script = if std::path::Path::new(&setting).is_file() {
        setting
    } else {
        format!(
            "{}/../shared/peers/sat_count.py",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let Some(n) = puzzles.first().map(Puzzle::size) else {
        return Ok(Vec::new());
    };
    let check = std::process::Command::new("python3")
        .args(["-c", "import pysat"])
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    if !check.status.success() {
        return Err("python3 has no pysat (pip install python-sat)".to_string());
    }
    // One puzzle a line, '.' empty, letters A.. above 9: what the script reads.
    let text: String = puzzles
        .iter()
        .map(|p| {
            let mut line: String = p
                .givens()
                .iter()
                .map(|&d| match d {
                    0 => '.',
                    d if n > 9 => char::from(b'A' + d - 1),
                    d => char::from(b'0' + d),
                })
                .collect();
            line.push('\n');
            line
        })
        .collect();
    let file = std::env::temp_dir().join(format!("sudoku-lab-cadical-{}.txt", std::process::id()));
    std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    let output = std::process::Command::new("python3")
        .arg(&script)
        .arg(n.to_string())
        .arg(&file)
        .output();
    let _ = std::fs::remove_file(&file);
    let output = output.map_err(|e| format!("{script}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{script} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    // Lines "K COUNT SECONDS", then a summary line.
    let counts: Vec<(usize, f64)> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields[..] {
                [k, count, seconds] if k.parse::<usize>().is_ok() => {
                    Some((count.parse().ok()?, seconds.parse().ok()?))
                }
                _ => None,
            }
        })
        .collect();
    if counts.len() != puzzles.len() {
        return Err(format!(
            "{script} answered {} of {} puzzles",
            counts.len(),
            puzzles.len()
        ));
    }
    Ok(counts)
}

/// One puzzle's measurements, ours against SAT: seconds are the fastest of the runs.
pub struct Row {
    /// 1-based line in the puzzles' file.
    pub line: usize,
    pub ours_s: f64,
    pub status: Status,
    pub nodes: u64,
    pub probes: u64,
    pub encode_s: f64,
    pub sat_s: f64,
    /// CaDiCaL's seconds, where the benchmark asks it too.
    pub cadical_s: Option<f64>,
}

impl Row {
    /// Ours / SAT solving.
    pub fn ratio(&self) -> f64 {
        self.ours_s / self.sat_s.max(1e-9)
    }
}

/// Times `sudoku_lab::solve` with `options` and SAT solving on each of `puzzles`, the fastest
/// of `runs` each; ours must end in one of `statuses` (anything else is a bug).
pub fn against_sat(
    puzzles: &[Puzzle],
    runs: usize,
    options: Options,
    statuses: &[Status],
) -> Vec<Row> {
    puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (ours_s, outcome) = super::fastest(runs, || solve(p, options).expect("valid"));
            assert!(
                statuses.contains(&outcome.status),
                "puzzle {}: ours says {:?}",
                k + 1,
                outcome.status
            );
            let (encode_s, sat_s) = sat_fastest(p, runs, &format!("puzzle {}", k + 1));
            Row {
                line: k + 1,
                ours_s,
                status: outcome.status,
                nodes: outcome.stats.nodes,
                probes: outcome.stats.probes,
                encode_s,
                sat_s,
                cadical_s: None,
            }
        })
        .collect()
}

/// What a part's table row says of its rows: medians and worsts, times in ms.
pub struct Summary<'a> {
    /// Ours: median and worst.
    pub ours_ms: (f64, f64),
    pub nodes: (f64, f64),
    pub probes: (f64, f64),
    /// SAT encoding, median.
    pub encode_ms: f64,
    /// SAT solving: median and worst.
    pub sat_ms: (f64, f64),
    /// Ours / SAT solving, median.
    pub ratio: f64,
    /// The row of the largest ratio.
    pub worst: &'a Row,
}

impl Summary<'_> {
    /// The cells every ours-against-SAT table shares, `|` between them: ours median and worst
    /// ms (`note` after the worst), nodes median / worst, probes median / worst when
    /// `probes`, the SAT encoding's median ms, SAT solving's median and worst ms, the median
    /// ratio and the worst puzzle's ratio with its line.
    pub fn cells(&self, note: &str, probes: bool) -> String {
        let probes = if probes {
            format!(" {:.0} / {:.0} |", self.probes.0, self.probes.1)
        } else {
            String::new()
        };
        format!(
            "{:.3} | {:.3}{note} | {:.0} / {:.0} |{probes} {:.2} | {:.3} | {:.3} | {} | {} (#{})",
            self.ours_ms.0,
            self.ours_ms.1,
            self.nodes.0,
            self.nodes.1,
            self.encode_ms,
            self.sat_ms.0,
            self.sat_ms.1,
            ratio(self.ratio),
            ratio(self.worst.ratio()),
            self.worst.line,
        )
    }

    pub fn of(rows: &[Row]) -> Summary<'_> {
        let (encode_ms, _) = super::median_worst(rows.iter().map(|r| r.encode_s * 1e3));
        let (ratio, _) = super::median_worst(rows.iter().map(Row::ratio));
        Summary {
            ours_ms: super::median_worst(rows.iter().map(|r| r.ours_s * 1e3)),
            nodes: super::median_worst(rows.iter().map(|r| r.nodes as f64)),
            probes: super::median_worst(rows.iter().map(|r| r.probes as f64)),
            encode_ms,
            sat_ms: super::median_worst(rows.iter().map(|r| r.sat_s * 1e3)),
            ratio,
            worst: rows
                .iter()
                .max_by(|a, b| a.ratio().total_cmp(&b.ratio()))
                .expect("a set has puzzles"),
        }
    }
}

/// A ratio: two decimals below 10, none above.
pub fn ratio(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.2}")
    } else {
        format!("{r:.0}")
    }
}
