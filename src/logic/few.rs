//! [`Few`]: a list of at most [`MAX_SIZE`] small values kept on the stack — the cells of one
//! house, the digits of one cell, the lines of one digit. The techniques look at thousands
//! of such lists a step and keep almost none: in a `Vec` each was an allocation and a free
//! (a fifth of the grade's time went to the allocator).

use crate::digits::MAX_SIZE;

/// Up to [`MAX_SIZE`] values of `T`, in the order pushed; read as a slice.
#[derive(Clone, Copy)]
pub(crate) struct Few<T: Copy + Default> {
    items: [T; MAX_SIZE],
    len: usize,
}

impl<T: Copy + Default> Few<T> {
    pub(crate) fn new() -> Few<T> {
        Few {
            items: [T::default(); MAX_SIZE],
            len: 0,
        }
    }

    /// Adds `item` at the end. A house has at most [`MAX_SIZE`] cells and a cell as many
    /// digits: a caller never holds more.
    pub(crate) fn push(&mut self, item: T) {
        self.items[self.len] = item;
        self.len += 1;
    }

    /// Removes the last item.
    pub(crate) fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }
}

impl<T: Copy + Default> std::ops::Deref for Few<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T: Copy + Default> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Few<T> {
        let mut few = Few::new();
        for item in iter {
            few.push(item);
        }
        few
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_reads_as_the_slice_of_what_was_pushed() {
        let mut few: Few<usize> = (3..6).collect();
        assert_eq!(&*few, &[3, 4, 5]);
        few.push(9);
        assert_eq!(few.pop(), Some(9));
        assert_eq!(few.pop(), Some(5));
        assert_eq!(&*few, &[3, 4]);
        let full: Few<u8> = (0..MAX_SIZE as u8).collect();
        assert_eq!(full.len(), MAX_SIZE);
        assert_eq!(Few::<u8>::new().pop(), None);
    }
}
