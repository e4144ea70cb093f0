//! [`Barren`]: what a run of steps remembers from one board to the next. A technique that
//! reads one digit's places and nothing else (an X-chain, a fish) finds nothing for that
//! digit again while those places stay as they were when it last found nothing — and most
//! steps change the places of one digit or two. In a grade the X-chains alone were a sixth of
//! the time, almost all of it spent finding nothing on places already searched.

use std::cell::RefCell;
use std::collections::HashMap;

use super::technique::Technique;
use crate::digits::MAX_SIZE;

/// A digit's places: in each row (by index), its positions as the view has them
/// (`View::positions`).
pub(crate) type Places = [u32; MAX_SIZE];

/// For each one-digit technique and digit, the places it last found nothing on.
#[derive(Default)]
pub(crate) struct Barren {
    found_nothing: RefCell<HashMap<(Technique, u8), Places>>,
}

impl Barren {
    /// `find()`, technique `t`'s search of digit `d`, whose places are `places` now, unless
    /// it found nothing on the same places before.
    pub(crate) fn unless_known<R>(
        &self,
        t: Technique,
        d: u8,
        places: Places,
        find: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        if self.found_nothing.borrow().get(&(t, d)) == Some(&places) {
            return None;
        }
        let found = find();
        if found.is_none() {
            self.found_nothing.borrow_mut().insert((t, d), places);
        }
        found
    }
}
