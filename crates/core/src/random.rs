//! Reproducible randomness: the [`Random`] trait and our one named generator, [`Xoshiro`].
//!
//! Every random decision in this crate goes through [`Random::next_u64`]; bounded draws,
//! coin flips and shuffles are written here, on top of raw 64-bit words, so that the same
//! seed gives the same maze on every platform and every release. (Library helpers such as
//! `rand`'s `gen_range` or `shuffle` have changed their output between versions.)
//!
//! The generator is xoshiro256++ (Blackman and Vigna, 2019), seeded through SplitMix64,
//! exactly as its authors specify; golden test vectors below pin the stream.

/// A source of uniformly distributed 64-bit words, with the derived draws the algorithms use.
///
/// Only [`next_u64`](Random::next_u64) must be implemented; the provided methods are part of
/// the reproducibility contract and must not be overridden with different semantics.
pub trait Random {
    /// The next uniformly distributed 64-bit word.
    fn next_u64(&mut self) -> u64;

    /// A uniform integer in `0..n` (Lemire's nearly divisionless method, unbiased).
    ///
    /// # Panics
    /// Panics if `n == 0` (a caller bug: there is nothing to choose from).
    #[inline]
    fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Random::below(0)");
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        let mut low = m as u64;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
                low = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index in `0..n` for slices (see [`below`](Random::below)).
    #[inline]
    fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// `true` with probability `p` (clamped to 0..=1), using 53 bits of one word.
    #[inline]
    fn chance(&mut self, p: f64) -> bool {
        let unit = (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        unit < p
    }

    /// A uniform float in `[0, 1)` with 53 bits of precision.
    #[inline]
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Shuffles `items` uniformly in place (Fisher–Yates, from the back).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

impl<R: Random + ?Sized> Random for &mut R {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}

/// `256 % n` for n = 1..=16: the rejection thresholds of [`Pool::below16`].
const SMALL_THRESHOLD: [u32; 17] = [0, 0, 0, 1, 0, 1, 4, 4, 0, 4, 6, 3, 4, 9, 4, 1, 0];

/// Cheap small draws from a cached random word: a coin flip takes 1 bit, a choice among at
/// most 16 takes 8 bits (Lemire's multiply-shift with rejection, so still exactly uniform).
/// Random walks make one such choice per step; drawing a whole word each time would cost
/// more than the step itself. Bits left over when a draw needs more than remain are dropped.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    word: u64,
    bits: u32,
}

impl Pool {
    /// The next `k` flips (1..=64) at once: bit i is the i-th flip [`flip`](Pool::flip) would give.
    #[inline(always)]
    pub fn take<R: Random + ?Sized>(&mut self, rng: &mut R, k: u32) -> u64 {
        let mask = |k: u32| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        if k <= self.bits {
            let v = self.word & mask(k);
            self.word = if k >= 64 { 0 } else { self.word >> k };
            self.bits -= k;
            v
        } else {
            let have = self.bits;
            let low = self.word;
            self.word = rng.next_u64();
            let rest = k - have;
            let high = self.word & mask(rest);
            self.word = if rest >= 64 { 0 } else { self.word >> rest };
            self.bits = 64 - rest;
            low | if have >= 64 { 0 } else { high << have }
        }
    }
    /// An empty pool; the first draw fills it.
    pub fn new() -> Self {
        Pool::default()
    }

    /// A fair coin.
    #[inline(always)]
    pub fn flip<R: Random + ?Sized>(&mut self, rng: &mut R) -> bool {
        if self.bits == 0 {
            self.word = rng.next_u64();
            self.bits = 64;
        }
        let bit = self.word & 1 != 0;
        self.word >>= 1;
        self.bits -= 1;
        bit
    }

    /// A uniform number in `0..2^bits`, for `bits <= 8`.
    #[inline(always)]
    pub fn bits<R: Random + ?Sized>(&mut self, rng: &mut R, bits: u32) -> u32 {
        debug_assert!(bits <= 8);
        if self.bits < bits {
            self.word = rng.next_u64();
            self.bits = 64;
        }
        let v = (self.word & ((1 << bits) - 1)) as u32;
        self.word >>= bits;
        self.bits -= bits;
        v
    }

    /// A uniform number in `0..n`, for `1 <= n <= 16`.
    ///
    /// # Panics
    /// Panics (in debug builds) if `n` is 0 or above 16.
    #[inline(always)]
    pub fn below16<R: Random + ?Sized>(&mut self, rng: &mut R, n: u32) -> u32 {
        debug_assert!((1..=16).contains(&n), "Pool::below16({n})");
        loop {
            if self.bits < 8 {
                self.word = rng.next_u64();
                self.bits = 64;
            }
            let m = (self.word & 0xFF) as u32 * n;
            self.word >>= 8;
            self.bits -= 8;
            if m & 0xFF >= SMALL_THRESHOLD[(n as usize).min(16)] {
                return m >> 8;
            }
        }
    }
}

/// One step of SplitMix64: advances `state` and returns the mixed output.
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The xoshiro256++ generator: 256 bits of state, period 2^256 − 1, fast and well tested.
///
/// This is the only generator used for seeded output. Its stream is fixed forever: changing
/// it would change every maze for a given seed.
///
/// ```
/// use maze_core::random::{Random, Xoshiro};
/// let mut a = Xoshiro::seed_from_u64(7);
/// let mut b = Xoshiro::seed_from_u64(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xoshiro {
    s: [u64; 4],
}

impl Xoshiro {
    /// Seeds the generator from one 64-bit number by four SplitMix64 steps (the authors' recipe).
    pub fn seed_from_u64(seed: u64) -> Self {
        let mut sm = seed;
        let s = [splitmix64(&mut sm), splitmix64(&mut sm), splitmix64(&mut sm), splitmix64(&mut sm)];
        Xoshiro { s }
    }
}

impl Random for Xoshiro {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_vector() {
        // Published first outputs of SplitMix64 from state 0.
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix64(&mut s), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_is_in_range_and_hits_every_value() {
        let mut r = Xoshiro::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }

    #[test]
    fn small_thresholds_are_256_mod_n() {
        for n in 1..=16u32 {
            assert_eq!(SMALL_THRESHOLD[n as usize], 256 % n, "n = {n}");
        }
    }

    #[test]
    fn pool_draws_are_uniform() {
        let mut r = Xoshiro::seed_from_u64(5);
        let mut pool = Pool::new();
        for n in [1u32, 2, 3, 5, 6, 7, 16] {
            let mut seen = vec![0u32; n as usize];
            let draws = 6000 * n;
            for _ in 0..draws {
                seen[pool.below16(&mut r, n) as usize] += 1;
            }
            assert!(seen.iter().all(|&c| (5400..6600).contains(&c)), "n = {n}: {seen:?}");
        }
        let heads = (0..10_000).filter(|_| pool.flip(&mut r)).count();
        assert!((4800..5200).contains(&heads), "{heads}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Xoshiro::seed_from_u64(3);
        let mut v: Vec<u32> = (0..100).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..100).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..100).collect::<Vec<_>>());
    }
}
