//! [`Format`]: the text formats by name, and the most input one may hold.

named! {
    /// A supported text format.
    pub enum Format {
        Line = "line", Grid = "grid", Poj3074 = "poj3074", Poj3076 = "poj3076",
        Cqoi = "cqoi", Picture = "picture", Json = "json", FPuzzles = "fpuzzles",
    }
}

/// The most text one input may hold, in bytes of UTF-8: far above any real puzzle file
/// (49,151 puzzles are 4 MB), low enough that memory stays bounded whatever is piped in. The
/// CLI refuses a larger file and the wasm module a larger string.
pub const MAX_INPUT_BYTES: usize = 256 << 20;
