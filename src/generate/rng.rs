//! The generator's random numbers: SplitMix64, small, fast, and the same on every platform
//! (native and wasm), so that a seed names the same puzzles everywhere.

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A stream for the `index`-th part of the work of `seed` (the `k`-th puzzle, its
    /// `a`-th attempt): independent of how many numbers other parts drew.
    pub fn derive(seed: u64, index: u64) -> Rng {
        let mut mix = Rng(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        mix.next_u64();
        Rng(mix.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by multiply-and-shift: the bias is below 2⁻³² for the
    /// small `n` used here.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniformly shuffled `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// One set bit of `bits` (not 0), chosen uniformly.
    pub fn pick_bit(&mut self, bits: u32) -> u32 {
        let mut k = self.below(bits.count_ones() as usize);
        let mut rest = bits;
        loop {
            let low = rest & rest.wrapping_neg();
            if k == 0 {
                return low;
            }
            k -= 1;
            rest ^= low;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_names_one_stream_and_derived_streams_differ() {
        let a: Vec<u64> = (0..4).map(|_| Rng::new(7).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        // SplitMix64's published first output for seed 0.
        assert_eq!(Rng::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
        let d: Vec<u64> = (0..100).map(|i| Rng::derive(1, i).next_u64()).collect();
        let mut sorted = d.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), d.len());
    }

    #[test]
    fn below_and_pick_bit_cover_their_range_evenly() {
        let mut rng = Rng::new(3);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        let mut bits = [0u32; 32];
        for _ in 0..3000 {
            bits[rng.pick_bit(0b1010_0100).trailing_zeros() as usize] += 1;
        }
        assert_eq!(bits.iter().sum::<u32>(), 3000);
        assert!(
            [2, 5, 7].iter().all(|&b| (800..1200).contains(&bits[b])),
            "{bits:?}"
        );
        let mut v: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut v);
        let mut s = v.clone();
        s.sort_unstable();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
        assert_ne!(v, s);
    }
}
