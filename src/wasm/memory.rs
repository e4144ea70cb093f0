//! What the module's heap holds, so that running out of memory is an `Error`, not a trap.
//!
//! In wasm a failed allocation aborts: the module traps with `unreachable` and is unusable
//! after. So the allocator counts the bytes it has handed out, and every export checks the
//! count against [`HEAP_BUDGET`] before it starts work (and [`Solver`](super::Solver)'s
//! constructor after it has allocated its search): past the budget it throws, naming the
//! budget, and the caller can free what it no longer needs. The budget sits far below the
//! 4 GiB a wasm32 memory can reach, so that one export's own work (a 256 MiB text, a batch
//! of records) always fits above it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most the heap may hold when an export starts: 1 GiB.
pub const HEAP_BUDGET: usize = 1 << 30;

static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting. (wasm32 without threads: the atomics are plain loads
/// and stores.)
struct Counting;

// SAFETY: every call goes to `System` unchanged; only the count is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, new_size);
        if !q.is_null() {
            LIVE.fetch_add(new_size, Ordering::Relaxed);
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes the heap holds now.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// `Err(message)` when the heap holds more than [`HEAP_BUDGET`].
pub fn check() -> Result<(), String> {
    let live = live_bytes();
    if live <= HEAP_BUDGET {
        return Ok(());
    }
    Err(format!(
        "out of memory: the module holds {} MiB, over its budget of {} MiB; free() the \
         Solvers you no longer need",
        live >> 20,
        HEAP_BUDGET >> 20
    ))
}
