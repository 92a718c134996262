//! Generator benchmarks: every [`Algorithm`] on square cells at 100², 1000² and 4000², the
//! generic ones on hexagons and triangles at 1000², and the knossos 1.2 crate's generators at
//! 100² and 1000² in the same run, so the ratios between the two come from one machine state.
//!
//! Each iteration makes a whole maze: `Maze::new` (the allocation), a freshly seeded
//! [`Xoshiro`] and the carving; throughput is in cells, so criterion reports elements/s and
//! ns/cell is `time / cells`. Benchmark ids are `<group>/<crate>/<algorithm>`, e.g.
//! `square-1000/ours/kruskal` or `square-1000/knossos/eller`.
//!
//! Run with `cargo bench -p maze-bench --features peers --bench generate` (without the
//! `peers` feature, ours alone); filter with a trailing regex, e.g.
//! `cargo bench -p maze-bench --features peers --bench generate -- 'square-1000/.*/eller'`. Set
//! `MAZE_BENCH_CLOCK=cpu` to measure thread CPU time instead of wall time.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::Measurement;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput, criterion_main};
#[cfg(feature = "peers")]
use knossos::maze::{
    AldousBroder, Algorithm as KAlgorithm, Bias, BinaryTree, Eller, GrowingTree, HuntAndKill, Kruskal,
    Method, OrthogonalMazeBuilder, Prim, RecursiveBacktracking, RecursiveDivision, Sidewinder,
};
mod common;

use maze_core::{Algorithm, Hex, Maze, Options, Shape, Square, Triangle, Upsilon, Xoshiro};

/// The seed of every benchmarked maze (ours and knossos's).
const SEED: u64 = 0x5EED_2026;

/// Square side lengths for our generators.
const SIZES: [u32; 3] = [100, 1000, 4000];

/// Too slow at 4000² for no new information: Aldous–Broder (cover time, about 5 s per maze)
/// and true Prim (a binary heap of random weights, over 15 s per maze).
fn skipped(alg: Algorithm, side: u32) -> bool {
    matches!(alg, Algorithm::AldousBroder | Algorithm::PrimTrue) && side >= 4000
}

/// Small samples and short windows for the big mazes, so that `cargo bench` stays short.
fn configure<M: Measurement>(group: &mut BenchmarkGroup<'_, M>, side: u32) {
    if side <= 100 {
        group.sample_size(30).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(2));
    } else {
        group
            .sample_size(10)
            .sampling_mode(SamplingMode::Flat)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(if side >= 4000 { 8 } else { 3 }));
    }
}

/// One of our generators on one shape: allocation, seeding and carving, all timed.
fn bench_ours<S: Shape, M: Measurement>(group: &mut BenchmarkGroup<'_, M>, alg: Algorithm, shape: S) {
    let options = Options::default();
    // Once, untimed: the maze is a spanning tree (cells − 1 passages), so we time real work.
    if shape.cell_count() <= 1_000_000 {
        let mut maze = Maze::new(shape.clone());
        alg.generate(&mut maze, &options, &mut Xoshiro::seed_from_u64(SEED), &mut ()).expect("generate");
        assert_eq!(maze.passage_count(), u64::from(shape.cell_count()) - 1, "{alg} is not a perfect maze");
    }
    group.bench_function(BenchmarkId::new("ours", alg.name()), |b| {
        b.iter(|| {
            let mut maze = Maze::new(black_box(shape.clone()));
            let mut rng = Xoshiro::seed_from_u64(black_box(SEED));
            alg.generate(&mut maze, &options, &mut rng, &mut ()).expect("generate");
            maze
        });
    });
}

/// A knossos generator: a fresh algorithm value per maze (some keep state between calls).
#[cfg(feature = "peers")]
type KnossosFactory = fn() -> Box<dyn KAlgorithm>;

/// knossos's generators, named as ours for the comparison, and the largest side each can do
/// here: its recursive backtracker recurses (stack overflow from about 600²) and its Kruskal is
/// super-linear (about 45 minutes at 1000²), so both stay at 100².
#[cfg(feature = "peers")]
fn knossos_algorithms() -> Vec<(&'static str, KnossosFactory, u32)> {
    vec![
        ("binary-tree", || Box::new(BinaryTree::new(Bias::NorthEast)), 1000),
        ("sidewinder", || Box::new(Sidewinder), 1000),
        ("eller", || Box::new(Eller), 1000),
        ("prim", || Box::new(Prim::new()), 1000),
        ("aldous-broder", || Box::new(AldousBroder), 1000),
        // Ours defaults to the mixed policy: newest half the time, random otherwise.
        ("growing-tree", || Box::new(GrowingTree::new(Method::Newest50Random50)), 1000),
        ("hunt-and-kill", || Box::new(HuntAndKill::new()), 1000),
        // knossos carves its divisions as passages (and recurses, but only O(log N) deep).
        ("recursive-division", || Box::new(RecursiveDivision), 1000),
        ("recursive-backtracker", || Box::new(RecursiveBacktracking), 100),
        ("kruskal", || Box::new(Kruskal), 100),
    ]
}

/// One knossos generator: builder (grid allocation), seeded `StdRng` and carving, all timed.
#[cfg(feature = "peers")]
fn bench_knossos<M: Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    name: &str,
    make: KnossosFactory,
    side: u32,
) {
    let build = |seed: u64| {
        OrthogonalMazeBuilder::new()
            .width(side as usize)
            .height(side as usize)
            .algorithm(make())
            .seed(Some(seed))
            .build()
    };
    // knossos's own check is quadratic and recursive: affordable only on small mazes.
    if side <= 100 {
        assert!(build(SEED).is_valid(), "knossos {name} made an invalid maze");
    }
    group.bench_function(BenchmarkId::new("knossos", name), |b| b.iter(|| build(black_box(SEED))));
}

fn square<M: Measurement>(c: &mut Criterion<M>) {
    for side in SIZES {
        let mut group = c.benchmark_group(format!("square-{side}"));
        configure(&mut group, side);
        group.throughput(Throughput::Elements(u64::from(side) * u64::from(side)));
        for &alg in Algorithm::ALL {
            if !skipped(alg, side) {
                bench_ours(&mut group, alg, Square::new(side, side));
            }
        }
        #[cfg(feature = "peers")]
        for (name, make, max_side) in knossos_algorithms() {
            if side <= max_side {
                bench_knossos(&mut group, name, make, side);
            }
        }
        group.finish();
    }
}

/// The generators that run on any shape, on hexagons and triangles: the cost of other shapes.
fn other_shapes<M: Measurement>(c: &mut Criterion<M>) {
    const SIDE: u32 = 1000;
    let generic = [Algorithm::Kruskal, Algorithm::Wilson, Algorithm::RecursiveBacktracker, Algorithm::Prim];
    let mut group = c.benchmark_group(format!("hex-{SIDE}"));
    configure(&mut group, SIDE);
    group.throughput(Throughput::Elements(u64::from(SIDE) * u64::from(SIDE)));
    for alg in generic {
        bench_ours(&mut group, alg, Hex::new(SIDE, SIDE));
    }
    group.finish();
    let mut group = c.benchmark_group(format!("triangle-{SIDE}"));
    configure(&mut group, SIDE);
    group.throughput(Throughput::Elements(u64::from(SIDE) * u64::from(SIDE)));
    for alg in generic {
        bench_ours(&mut group, alg, Triangle::new(SIDE, SIDE));
    }
    group.finish();
}

/// Cells whose neighbours are not all alike (issue "New cell shapes"): polar (outward splits,
/// 4 to 5 doors, about 10^6 cells) and upsilon (octagons and squares, 1000 x 1000) against
/// square 1000², on the generators that need no rows. One group, so the ratios to square
/// come from the same run.
fn uneven_shapes<M: Measurement>(c: &mut Criterion<M>) {
    let mut group = c.benchmark_group("shapes-1e6");
    configure(&mut group, 1000);
    let algorithms = [Algorithm::RecursiveBacktracker, Algorithm::Wilson, Algorithm::Kruskal];
    let square = Square::new(1000, 1000);
    let polar = common::polar_with(1_000_000);
    let upsilon = Upsilon::new(1000, 1000);
    for alg in algorithms {
        // A random walk's length swings with the seed (the first walks to a one-cell tree
        // dominate), so Wilson is timed over four seeds per iteration, the others over one.
        let seeds: &[u64] =
            if alg == Algorithm::Wilson { &[SEED, SEED + 1, SEED + 2, SEED + 3] } else { &[SEED] };
        for (name, cells) in [
            ("square", square.cell_count()),
            ("polar", polar.cell_count()),
            ("upsilon", upsilon.cell_count()),
        ] {
            group.throughput(Throughput::Elements(u64::from(cells) * seeds.len() as u64));
            let id = BenchmarkId::new(name, alg.name());
            let options = Options::default();
            match name {
                "square" => bench_shape(&mut group, id, alg, &options, square, seeds),
                "polar" => bench_shape(&mut group, id, alg, &options, polar.clone(), seeds),
                _ => bench_shape(&mut group, id, alg, &options, upsilon, seeds),
            }
        }
    }
    group.finish();
}

/// One generator on one shape under a given id (as [`bench_ours`], with the spanning-tree
/// check), one maze per seed in each iteration.
fn bench_shape<S: Shape, M: Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
    id: BenchmarkId,
    alg: Algorithm,
    options: &Options,
    shape: S,
    seeds: &[u64],
) {
    let mut maze = Maze::new(shape.clone());
    alg.generate(&mut maze, options, &mut Xoshiro::seed_from_u64(seeds[0]), &mut ()).expect("generate");
    assert_eq!(maze.passage_count(), u64::from(shape.cell_count()) - 1, "{alg} is not a perfect maze");
    group.bench_function(id, |b| {
        b.iter(|| {
            let mut last = None;
            for &seed in seeds {
                let mut maze = Maze::new(black_box(shape.clone()));
                let mut rng = Xoshiro::seed_from_u64(black_box(seed));
                alg.generate(&mut maze, options, &mut rng, &mut ()).expect("generate");
                last = Some(maze);
            }
            last
        });
    });
}

/// Every benchmark of this file (what `criterion_group!` would write, with a doc comment),
/// on wall time or, with `MAZE_BENCH_CLOCK=cpu`, on this thread's CPU time.
pub fn benches() {
    if common::cpu_clock() {
        let mut c = Criterion::default().with_measurement(common::CpuTime).configure_from_args();
        square(&mut c);
        other_shapes(&mut c);
        uneven_shapes(&mut c);
    } else {
        let mut c = Criterion::default().configure_from_args();
        square(&mut c);
        other_shapes(&mut c);
        uneven_shapes(&mut c);
    }
}

criterion_main!(benches);
