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
