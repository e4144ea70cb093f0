//! [`Barren`]: what a run of steps remembers from one board to the next. A technique that
//! reads one digit's places and nothing else (an X-chain, a fish) finds nothing for that
//! digit again while those places stay as they were when it last found nothing — and most
//! steps change the places of one digit or two. In a grade the X-chains alone were a sixth of
//! the time, almost all of it spent finding nothing on places already searched.

use std::cell::RefCell;
use std::collections::HashMap;

use super::technique::Technique;
use super::view::View;
use crate::digits::MAX_SIZE;

/// A digit's places: in each row (by index), its positions as [`View::positions`] has them.
type Places = [u32; MAX_SIZE];

/// For each one-digit technique and digit, the places it last found nothing on.
#[derive(Default)]
pub(crate) struct Barren {
    found_nothing: RefCell<HashMap<(Technique, u8), Places>>,
}

impl Barren {
    /// `find()`, technique `t`'s search of digit `d` on `view`, unless it found nothing on
    /// the same places of `d` before.
    pub(crate) fn unless_known<R>(
        &self,
        view: &View,
        t: Technique,
        d: u8,
        find: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        let mut places = [0; MAX_SIZE];
        for (p, row) in places.iter_mut().zip(view.rows()) {
            *p = view.positions(row, d);
        }
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
