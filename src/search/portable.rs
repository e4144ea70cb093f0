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

/// Whether this CPU has what the fast paths' x86-64-v3 copies are compiled for (AVX2, BMI2
/// and POPCNT), held to portable code or not: for the tests that compare the two.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_v3() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`has_v3`] for a test that compares the x86-64-v3 code with the portable code, saying on
/// stderr when this CPU cannot run it (then the test has nothing to compare).
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) fn v3_to_compare() -> bool {
    let has = has_v3();
    if !has {
        eprintln!("this CPU has no x86-64-v3 (AVX2, BMI2, POPCNT): nothing to compare");
    }
    has
}

/// Only x86-64 has code compiled for x86-64-v3.
#[cfg(not(target_arch = "x86_64"))]
#[allow(dead_code)]
pub(crate) fn has_v3() -> bool {
    false
}

/// Whether the fast paths run their x86-64-v3 copies: the CPU has what they are compiled for
/// ([`has_v3`]) and they are not held to their portable code ([`portable_only`]).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn runs_v3() -> bool {
    has_v3() && !is_portable_only()
}
