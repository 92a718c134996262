//! Solver benchmarks: bfs, a-star, dfs, dead-end-filler, tremaux and wall-follower on one
//! 1000² recursive-backtracker square maze (generated once, outside the timing), from the
//! entrance (top-left cell) to the exit (bottom-right cell).
//!
//! Throughput is in cells of the maze, so ns/cell compares with the generators. Each
//! iteration includes the solver's own allocations (visit marks, the returned path and
//! visit order). Run with `cargo bench -p maze-bench --bench solve`; set `MAZE_BENCH_CLOCK=cpu`
//! to measure thread CPU time instead of wall time.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::Measurement;
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_main};
mod common;

use maze_core::{Algorithm, Maze, Options, Shape, Solver, Square, Upsilon, Xoshiro};

/// The seed of the benchmarked maze.
const SEED: u64 = 0x5EED_2026;

/// Side of the square maze.
const SIDE: u32 = 1000;

/// The solvers benchmarked, by command-line name.
const SOLVERS: [&str; 6] = ["bfs", "a-star", "dfs", "dead-end-filler", "tremaux", "wall-follower"];

fn solve<M: Measurement>(c: &mut Criterion<M>) {
    let mut maze = Maze::new(Square::new(SIDE, SIDE));
    Algorithm::RecursiveBacktracker
        .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(SEED), &mut ())
        .expect("generate");
    maze.open_entrance_and_exit();
    let (from, to) = (maze.entrance(), maze.exit());

    let mut group = c.benchmark_group(format!("solve-square-{SIDE}"));
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(u64::from(maze.cell_count())));
    for name in SOLVERS {
        let solver: Solver = name.parse().expect("solver name");
        // Once, untimed: the path really joins the two cells.
        let solution = solver.solve(&maze, from, to, &mut ()).expect("solve");
        assert_eq!((solution.path.first(), solution.path.last()), (Some(&from), Some(&to)), "{name}");
        group.bench_function(BenchmarkId::new("ours", name), |b| {
            b.iter(|| solver.solve(black_box(&maze), from, to, &mut ()).expect("solve"));
        });
    }
    group.finish();
}

/// BFS on a recursive-backtracker maze of about 10^6 cells of each shape whose cells are
/// not all alike (polar, upsilon) and of square cells, in one group: entrance to exit.
fn uneven_shapes<M: Measurement>(c: &mut Criterion<M>) {
    let mut group = c.benchmark_group("solve-shapes-1e6");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    bench_bfs(&mut group, "square", Square::new(1000, 1000));
    bench_bfs(&mut group, "polar", common::polar_with(1_000_000));
    bench_bfs(&mut group, "upsilon", Upsilon::new(1000, 1000));
    group.finish();
}

fn bench_bfs<S: Shape, M: Measurement>(group: &mut criterion::BenchmarkGroup<'_, M>, name: &str, shape: S) {
    let mut maze = Maze::new(shape);
    Algorithm::RecursiveBacktracker
        .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(SEED), &mut ())
        .expect("generate");
    maze.open_entrance_and_exit();
    let (from, to) = (maze.entrance(), maze.exit());
    group.throughput(Throughput::Elements(u64::from(maze.cell_count())));
    let solution = Solver::Bfs.solve(&maze, from, to, &mut ()).expect("solve");
    assert_eq!((solution.path.first(), solution.path.last()), (Some(&from), Some(&to)), "{name}");
    group.bench_function(BenchmarkId::new(name, "bfs"), |b| {
        b.iter(|| Solver::Bfs.solve(black_box(&maze), from, to, &mut ()).expect("solve"));
    });
}

/// Every benchmark of this file (what `criterion_group!` would write, with a doc comment),
/// on wall time or, with `MAZE_BENCH_CLOCK=cpu`, on this thread's CPU time.
pub fn benches() {
    if common::cpu_clock() {
        let mut c = Criterion::default().with_measurement(common::CpuTime).configure_from_args();
        solve(&mut c);
        uneven_shapes(&mut c);
    } else {
        let mut c = Criterion::default().configure_from_args();
        solve(&mut c);
        uneven_shapes(&mut c);
    }
}

criterion_main!(benches);
