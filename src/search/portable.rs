//! Whether the fast paths may use the CPU's wider instructions (AVX2, BMI2, POPCNT) or run
//! their portable code only: a switch for benchmarks and tests that compare the two.

/// Set: the fast paths run their portable code even where the CPU has more (AVX2, BMI2 and
/// POPCNT: the 9×9 search, the 16×16 propagation), so that a benchmark can time both on one
/// machine. Off by default.
static PORTABLE_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes the fast paths use their portable code only (`true`) or the best the CPU runs
/// (`false`, the default): for benchmarks and tests that compare the two.
pub fn portable_only(flag: bool) {
    PORTABLE_ONLY.store(flag, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the fast paths are held to their portable code ([`portable_only`]); only x86-64
/// has another path to choose.
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn is_portable_only() -> bool {
    PORTABLE_ONLY.load(std::sync::atomic::Ordering::Relaxed)
}
