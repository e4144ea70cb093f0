//! A counting allocator, for the tests that bound what reading costs in memory without
//! timing anything. Opt-in: a test crate that wants it declares
//! `#[path = "common/allocations.rs"] mod allocations;` (in `common` it would count for every
//! test).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell as Counter;

/// The system allocator, counting per thread the bytes live now, the most live since
/// [`measure`] began, and the bytes allocated in all: work and memory a test can bound
/// without timing anything (tests run on several threads; each counts its own).
struct Counting;

thread_local! {
    static LIVE: Counter<isize> = const { Counter::new(0) };
    static PEAK: Counter<isize> = const { Counter::new(0) };
    static TOTAL: Counter<usize> = const { Counter::new(0) };
}

fn note(grown: isize) {
    // `try_with`: a thread being torn down has no counters left.
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + grown);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
        if grown > 0 {
            let _ = TOTAL.try_with(|total| total.set(total.get() + grown as usize));
        }
    });
}

// SAFETY: every call is passed to `System` unchanged; the counting touches only
// const-initialised thread locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        note(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, size);
        if !q.is_null() {
            note(size as isize - layout.size() as isize);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` cost this thread: the most bytes it held at once beyond what was live before,
/// and the bytes it allocated in all.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    let live = LIVE.with(Counter::get);
    PEAK.with(|p| p.set(live));
    let total = TOTAL.with(Counter::get);
    let result = f();
    let peak = (PEAK.with(Counter::get) - live).max(0) as usize;
    (result, peak, TOTAL.with(Counter::get) - total)
}
