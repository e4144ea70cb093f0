//! What every benchmark prints first: the machine and the date; and the SAT peer.

// Each benchmark is a crate of its own: those that time no SAT solver leave it unused.
#[allow(dead_code)]
pub mod sat;

/// The CPU, its cores and the architecture.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores, {}", std::env::consts::ARCH)
}

/// Today, as `date +%Y-%m-%d` says.
pub fn today() -> String {
    std::process::Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_default()
}

/// Runs `f` `runs` times (at least once): the fastest run's seconds and the last result.
#[allow(dead_code)]
pub fn fastest<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..runs.max(1) {
        let start = std::time::Instant::now();
        let out = std::hint::black_box(f());
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(out);
    }
    (best, last.expect("one run at least"))
}

/// The median (the upper one of an even count) and the largest of `values`.
#[allow(dead_code)]
pub fn median_worst(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}
