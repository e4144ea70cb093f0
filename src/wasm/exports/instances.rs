//! The state of every live `Search`, `Solver` and `Generator`, in one table: the JavaScript
//! object holds only its [`Key`].
//!
//! wasm-bindgen's glue passes `this`'s pointer to the method unchecked, so
//! `Solver.prototype.advance.call(search, 10)` hands the `Solver` method a `Search`. Were the
//! classes their own state, that would read one object's memory as another's (a trap, or
//! worse). Every class is instead `repr(transparent)` over a `Key` — one layout for all, so
//! the glue's cell of any class reads as a key — and the key's entry says which class made
//! it: a method of another class throws an `Error` naming both, and `free` of any class frees
//! the entry whatever its class.
//!
//! That the glue's cells (wasm-bindgen's `WasmRefCell<T>` behind an `Rc`) of the three
//! classes then lay out alike is what rustc does for one generic type over types of one
//! layout, not a promise of the language; `tests/js/api.test.mjs` calls every method on
//! every other class's objects, so a change would show.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsValue;

/// An exported object's one field: the key of its state in the table. Dropping it (the
/// glue's `free`, or the finaliser) removes the state.
#[repr(transparent)]
pub(super) struct Key(u32);

/// One live object's state and the class that made it.
struct Entry {
    class: &'static str,
    state: Box<dyn Any>,
}

#[derive(Default)]
struct Table {
    next: u32,
    live: HashMap<u32, Entry>,
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
}

impl Key {
    /// Puts the state of a new object of `class` into the table.
    pub(super) fn new<T: Any>(class: &'static str, state: T) -> Key {
        TABLE.with_borrow_mut(|table| {
            // Keys are not reused while their object lives: 2³² objects before a wrap.
            while table.live.contains_key(&table.next) {
                table.next = table.next.wrapping_add(1);
            }
            let key = table.next;
            table.next = table.next.wrapping_add(1);
            let state = Box::new(state);
            table.live.insert(key, Entry { class, state });
            Key(key)
        })
    }

    /// Runs `method` of `class` on the state, which must be a `T` made by that class. The
    /// state is taken out of the table while it runs, so a call that reaches JavaScript and
    /// comes back into another object's method never finds the table borrowed.
    pub(super) fn with<T: Any, R>(
        &self,
        class: &'static str,
        method: &str,
        run: impl FnOnce(&mut T) -> Result<R, JsValue>,
    ) -> Result<R, JsValue> {
        let taken = TABLE.with_borrow_mut(|table| table.live.remove(&self.0));
        let Some(mut entry) = taken else {
            return Err(js_sys::Error::new(&format!(
                "{class}.{method} was called on an object that is freed or in use"
            ))
            .into());
        };
        let result = match entry.state.downcast_mut::<T>() {
            Some(state) => run(state),
            None => Err(js_sys::Error::new(&format!(
                "{class}.{method} was called on a {}: call it on a {class}",
                entry.class
            ))
            .into()),
        };
        TABLE.with_borrow_mut(|table| table.live.insert(self.0, entry));
        result
    }
}

impl Drop for Key {
    fn drop(&mut self) {
        // A state dropped outside the borrow: its own drop never finds the table borrowed.
        let entry = TABLE.with_borrow_mut(|table| table.live.remove(&self.0));
        drop(entry);
    }
}
