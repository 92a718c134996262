//! The random stream is pinned: golden vectors of xoshiro256++ seeded through SplitMix64, taken
//! from the authors' reference C code (xoshiro256plusplus.c and splitmix64.c, compiled and run
//! separately), a cross-check against the `rand_xoshiro` crate, and the derived draws
//! (bounded integers, shuffles) pinned and checked for bias.

mod common;

use common::{Z_9999, chi_square_quantile, chi_square_uniform};
use maze_core::random::splitmix64;
use maze_core::{Random, Xoshiro};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// First outputs of the reference C code: state seeded by four SplitMix64 steps from the
/// seed, then `next()` eight times.
const GOLDEN_SEED_0: [u64; 8] = [
    0x53175D61490B23DF,
    0x61DA6F3DC380D507,
    0x5C0FDF91EC9A7BFC,
    0x02EEBF8C3BBE5E1A,
    0x7ECA04EBAF4A5EEA,
    0x0543C37757F08D9A,
    0xDB7490C75AB5026E,
    0xD87343E6464BC959,
];
const GOLDEN_SEED_42: [u64; 8] = [
    0xD0764D4F4476689F,
    0x519E4174576F3791,
    0xFBE07CFB0C24ED8C,
    0xB37D9F600CD835B8,
    0xCB231C3874846A73,
    0x968D9F004E50DE7D,
    0x201718FF221A3556,
    0x9AE94E070ED8CB46,
];
const GOLDEN_SEED_MAX: [u64; 8] = [
    0x56CCF8CE948E27B2,
    0xE68588432E5A5B90,
    0xE3E9B5A48119CA8B,
    0x460F19495532AE73,
    0xA7D62040EA9263E1,
    0x66F1FB2AC9402C14,
    0xE243B47DE8A73F68,
    0x7C93FDAB4C7B3DFF,
];

fn first8(seed: u64) -> [u64; 8] {
    let mut r = Xoshiro::seed_from_u64(seed);
    std::array::from_fn(|_| r.next_u64())
}

#[test]
fn golden_vectors_from_the_reference_c_code() {
    assert_eq!(first8(0), GOLDEN_SEED_0);
    assert_eq!(first8(42), GOLDEN_SEED_42);
    assert_eq!(first8(u64::MAX), GOLDEN_SEED_MAX);
}

#[test]
fn splitmix64_matches_the_reference() {
    // splitmix64.c from state 0, and the sequence rand_xoshiro's tests took from it.
    let mut s = 0u64;
    assert_eq!(splitmix64(&mut s), 0xE220A8397B1DCDAF);
    assert_eq!(splitmix64(&mut s), 0x6E789E6AA1B965F4);
    let mut s = 1_477_776_061_723_855_037u64;
    assert_eq!(splitmix64(&mut s), 1_985_237_415_132_408_290);
    assert_eq!(splitmix64(&mut s), 2_979_275_885_539_914_483);
    assert_eq!(splitmix64(&mut s), 13_511_426_838_097_143_398);
}

#[test]
fn the_stream_equals_rand_xoshiro_for_many_seeds() {
    let seeds = [0, 1, 2, 7, 42, 1234, 0xDEAD_BEEF, 1 << 63, u64::MAX - 1, u64::MAX];
    for seed in seeds {
        let mut ours = Xoshiro::seed_from_u64(seed);
        let mut theirs = Xoshiro256PlusPlus::seed_from_u64(seed);
        for i in 0..1000 {
            assert_eq!(ours.next_u64(), theirs.next_u64(), "seed {seed}, word {i}");
        }
    }
}

/// Lemire's nearly divisionless bounded draw ("Fast Random Integer Generation in an
/// Interval", 2019, algorithm 5), written from the paper over `rand_xoshiro`'s stream.
fn reference_below(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let t = n.wrapping_neg() % n;
        while (m as u64) < t {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

const BOUNDS: [u64; 18] = [
    6,
    6,
    6,
    6,
    6,
    100,
    100,
    100,
    100,
    100,
    (1 << 63) + 1,
    (1 << 63) + 1,
    (1 << 63) + 1,
    u64::MAX,
    1,
    7,
    7,
    7,
];

#[test]
fn bounded_draws_are_pinned() {
    // From the reference C code with Lemire's algorithm on 128-bit products.
    let golden: [u64; 18] = [
        4,
        1,
        5,
        4,
        4,
        58,
        12,
        60,
        20,
        93,
        5_160_840_725_889_760_417,
        6_271_952_665_884_413_388,
        641_305_402_342_672_094,
        7_435_390_023_275_438_268,
        0,
        1,
        0,
        4,
    ];
    let mut r = Xoshiro::seed_from_u64(42);
    let got: Vec<u64> = BOUNDS.iter().map(|&n| r.below(n)).collect();
    assert_eq!(got, golden);
    let mut theirs = Xoshiro256PlusPlus::seed_from_u64(42);
    let reference: Vec<u64> = BOUNDS.iter().map(|&n| reference_below(&mut theirs, n)).collect();
    assert_eq!(reference, golden);
    // `index` is `below` for slices.
    let mut a = Xoshiro::seed_from_u64(9);
    let mut b = Xoshiro::seed_from_u64(9);
    for n in 1..200usize {
        assert_eq!(a.index(n) as u64, b.below(n as u64));
    }
}

#[test]
fn bounded_draws_reject_exactly_as_the_reference_does() {
    // n = 2^63 + 1 rejects about half of all words: the number of words consumed must match
    // the reference exactly, or every later draw shifts.
    for seed in [3, 4, 5] {
        let mut ours = Xoshiro::seed_from_u64(seed);
        let mut theirs = Xoshiro256PlusPlus::seed_from_u64(seed);
        for n in [(1u64 << 63) + 1, 3 << 62, u64::MAX, (1 << 32) + 7, 3, 1] {
            for _ in 0..300 {
                let x = ours.below(n);
                assert!(x < n);
                assert_eq!(x, reference_below(&mut theirs, n), "seed {seed}, n {n}");
            }
        }
        assert_eq!(ours.next_u64(), theirs.next_u64(), "streams drifted apart");
    }
    // Cross-checked with the C reference: 1000 draws below 2^63 + 1 from seed 3, then a word.
    let mut r = Xoshiro::seed_from_u64(3);
    for _ in 0..1000 {
        r.below((1 << 63) + 1);
    }
    assert_eq!(r.next_u64(), 0x6BFA21D7D25BF51D);
}

#[test]
fn shuffle_is_pinned() {
    // Fisher–Yates from the back, j = below(i + 1): the reference C code gives this.
    let mut r = Xoshiro::seed_from_u64(7);
    let mut v: Vec<u32> = (0..10).collect();
    r.shuffle(&mut v);
    assert_eq!(v, vec![3, 8, 9, 4, 6, 7, 2, 5, 1, 0]);
    // Empty and one-element slices draw nothing.
    let mut r = Xoshiro::seed_from_u64(7);
    r.shuffle::<u8>(&mut []);
    r.shuffle(&mut [1]);
    assert_eq!(r.next_u64(), first8(7)[0]);
}

#[test]
fn below_seven_is_unbiased() {
    let mut r = Xoshiro::seed_from_u64(2024);
    let mut counts = [0u64; 7];
    for _ in 0..70_000 {
        counts[r.below(7) as usize] += 1;
    }
    let chi2 = chi_square_uniform(&counts);
    let critical = chi_square_quantile(6.0, Z_9999);
    assert!(chi2 < critical, "chi-square {chi2:.2} >= {critical:.2}: {counts:?}");
}

#[test]
fn below_a_huge_bound_is_unbiased() {
    // With n = 3 * 2^62, a plain multiply-shift without rejection maps two words to every
    // third value and one to the others; count the values by n's thirds, which a biased
    // draw would still fill evenly, and by residue mod 3, which it would not.
    let n = 3u64 << 62;
    let mut r = Xoshiro::seed_from_u64(11);
    let mut residues = [0u64; 3];
    let mut thirds = [0u64; 3];
    for _ in 0..30_000 {
        let x = r.below(n);
        assert!(x < n);
        residues[(x % 3) as usize] += 1;
        thirds[(x / (1 << 62)) as usize] += 1;
    }
    let critical = chi_square_quantile(2.0, Z_9999);
    assert!(chi_square_uniform(&residues) < critical, "residues {residues:?}");
    assert!(chi_square_uniform(&thirds) < critical, "thirds {thirds:?}");
}

#[test]
fn shuffles_are_uniform() {
    // All 24 orders of four items, equally often.
    let mut r = Xoshiro::seed_from_u64(99);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..48_000 {
        let mut v = [0u8, 1, 2, 3];
        r.shuffle(&mut v);
        *counts.entry(v).or_insert(0u64) += 1;
    }
    assert_eq!(counts.len(), 24);
    let observed: Vec<u64> = counts.values().copied().collect();
    let chi2 = chi_square_uniform(&observed);
    assert!(chi2 < chi_square_quantile(23.0, Z_9999), "chi-square {chi2:.1}");
}

#[test]
fn unit_and_chance_use_the_top_53_bits() {
    let mut r = Xoshiro::seed_from_u64(0);
    let expected = (GOLDEN_SEED_0[0] >> 11) as f64 / (1u64 << 53) as f64;
    assert_eq!(r.unit(), expected);
    let mut r = Xoshiro::seed_from_u64(0);
    // chance(p) is unit() < p, one word each.
    assert!(!r.chance(expected));
    assert!(r.chance(((GOLDEN_SEED_0[1] >> 11) as f64 / (1u64 << 53) as f64) + 1e-12));
    let mut r = Xoshiro::seed_from_u64(5);
    let mut hits = 0;
    for _ in 0..100_000 {
        let u = r.unit();
        assert!((0.0..1.0).contains(&u));
        hits += u64::from(r.chance(0.25));
    }
    // 25,000 expected, standard deviation about 137.
    assert!((24_300..25_700).contains(&hits), "{hits}");
    assert!((0..1000).all(|_| !r.chance(0.0) && r.chance(1.0)));
}

#[test]
fn seeds_and_clones() {
    let a = Xoshiro::seed_from_u64(1);
    let mut b = a.clone();
    assert_eq!(a, b);
    let mut c = a.clone();
    assert_eq!(b.next_u64(), c.next_u64());
    assert_ne!(first8(1), first8(2));
    // A `&mut` random source is a random source, drawing from the same stream.
    let mut d = Xoshiro::seed_from_u64(1);
    let mut by_ref = &mut d;
    assert_eq!(Random::next_u64(&mut by_ref), first8(1)[0]);
    assert_eq!(d.next_u64(), first8(1)[1]);
}

#[test]
#[should_panic(expected = "below(0)")]
fn below_zero_panics() {
    Xoshiro::seed_from_u64(0).below(0);
}
