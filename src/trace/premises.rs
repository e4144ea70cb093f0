//! [`PremiseReader`]: the premise table beside a batch of events (the layout is in the module
//! docs of `trace`), read and checked.

use super::event::Event;

/// Reads a premise table (see the module docs) beside the events of its batch, asked for in
/// `seq` order: the premises of each by the reader rule — its entry, else its cause, else
/// none. Checks the table as it goes: entries in `seq` order, of events of the batch, with
/// two premises or more, ascending, distinct, earlier than their event and ending at its
/// cause.
#[derive(Clone, Debug)]
pub struct PremiseReader<'a> {
    table: &'a [u32],
    at: usize,
}

impl<'a> PremiseReader<'a> {
    pub fn new(table: &'a [u32]) -> PremiseReader<'a> {
        PremiseReader { table, at: 0 }
    }

    /// The premises of `event`, the next event of the batch, into `out` (emptied first).
    pub fn read(&mut self, event: &Event, out: &mut Vec<u32>) -> Result<(), String> {
        out.clear();
        let seq = event.seq;
        match self.table.get(self.at) {
            Some(&entry) if entry < seq => {
                return Err(format!(
                    "the premise entry of event {entry} comes after event {}, or it has no record",
                    seq - 1
                ))
            }
            Some(&entry) if entry == seq => {
                let count = *self
                    .table
                    .get(self.at + 1)
                    .ok_or_else(|| format!("the premise entry of event {seq} has no count"))?
                    as usize;
                let list = self
                    .table
                    .get(self.at + 2..self.at + 2 + count)
                    .ok_or_else(|| format!("the premise entry of event {seq} is cut short"))?;
                if count < 2 {
                    return Err(format!(
                        "event {seq} has a premise entry of {count}: one premise is the cause"
                    ));
                }
                if !list.windows(2).all(|w| w[0] < w[1]) {
                    return Err(format!("the premises of event {seq} are not ascending"));
                }
                if list[count - 1] >= seq {
                    return Err(format!("event {seq} names a later premise"));
                }
                if event.cause != Some(list[count - 1]) {
                    return Err(format!("event {seq}: the cause is not the latest premise"));
                }
                out.extend_from_slice(list);
                self.at += 2 + count;
            }
            _ => out.extend(event.cause),
        }
        Ok(())
    }

    /// Fails when entries are left that no event asked for.
    pub fn finish(&self) -> Result<(), String> {
        match self.table.get(self.at) {
            None => Ok(()),
            Some(seq) => Err(format!(
                "a premise entry of event {seq}, which is not in the batch"
            )),
        }
    }

    /// The premises of every event of a batch, by the reader rule.
    pub fn read_all(events: &[Event], table: &[u32]) -> Result<Vec<Vec<u32>>, String> {
        let mut reader = PremiseReader::new(table);
        let lists = events
            .iter()
            .map(|e| {
                let mut list = Vec::new();
                reader.read(e, &mut list).map(|()| list)
            })
            .collect::<Result<Vec<_>, String>>()?;
        reader.finish()?;
        Ok(lists)
    }
}
