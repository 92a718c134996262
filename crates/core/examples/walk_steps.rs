//! Wilson's and Aldous-Broder's random walks on different shapes: how many steps each takes
//! per cell, and the time per step, so the cost of a shape's graph (longer walks) is told
//! apart from the cost of one step. BENCHMARKS.md quotes it.
//!
//! `cargo run --release -p maze-core --example walk_steps`
//!
//! `cargo run --release -p maze-core --example walk_steps -- aldous-broder 1000 8000` walks
//! Aldous–Broder on square mazes of those sides instead: its cover time grows as N log² N,
//! so steps per cell grow with the size while the time per step should not.

use std::time::Instant;

use maze_core::observe::{Event, Observer};
use maze_core::random::{Pool, Random};
use maze_core::shape::Cursor;
use maze_core::{Algorithm, CellId, Maze, Options, Polar, Shape, Square, Upsilon, Xoshiro};

/// Counts the walk's steps (Frontier events) and nothing else.
struct Steps(u64);

impl Observer for Steps {
    fn on(&mut self, event: Event) {
        if let Event::Frontier(_) = event {
            self.0 += 1;
        }
    }
}

fn polar_with(cells: u32) -> Polar {
    let mut rings = 1;
    while Polar::new(6, rings).cell_count() < cells {
        rings += 1;
    }
    Polar::new(6, rings)
}

fn run<S: Shape>(name: &str, shape: S) {
    for seed in 1..=3u64 {
        let mut steps = Steps(0);
        let mut maze = Maze::new(shape.clone());
        Algorithm::Wilson
            .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut steps)
            .expect("wilson");
        // Unwatched, timed (the same walk: the observer changes nothing but the fast paths).
        let mut maze = Maze::new(shape.clone());
        let t = Instant::now();
        Algorithm::Wilson
            .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
            .expect("wilson");
        let ns = t.elapsed().as_nanos() as f64;
        let cells = f64::from(shape.cell_count());
        println!(
            "{name:8} seed {seed}: {cells:.0} cells, {:.1} steps/cell, {:.1} ns/cell, {:.2} ns/step",
            steps.0 as f64 / cells,
            ns / cells,
            ns / steps.0 as f64
        );
    }
}

/// The steps Aldous–Broder's walk takes from `seed`, and the maze it carves: the
/// generator's own walk (the same draws: a start cell, then one cursor step at a time),
/// replayed until every cell is seen.
fn aldous_broder_replay<S: Shape>(shape: &S, seed: u64) -> (u64, Maze<S>) {
    let n = shape.cell_count();
    let mut maze = Maze::new(shape.clone());
    let mut rng = Xoshiro::seed_from_u64(seed);
    let mut pool = Pool::new();
    let mut seen = vec![false; n as usize];
    let mut cur = CellId(rng.below(u64::from(n)) as u32);
    seen[cur.0 as usize] = true;
    let (mut remaining, mut steps) = (n - 1, 0u64);
    let mut walker = S::Cursor::at(shape, cur);
    while remaining > 0 {
        let Some(door) = walker.random_step(shape, &mut pool, &mut rng) else { break };
        steps += 1;
        let next = walker.cell();
        if !seen[next.0 as usize] {
            seen[next.0 as usize] = true;
            maze.carve(cur, door);
            remaining -= 1;
        }
        cur = next;
    }
    (steps, maze)
}

fn aldous_broder(sides: &[u32]) {
    for &side in sides {
        let shape = Square::new(side, side);
        for seed in 1..=3u64 {
            let (steps, replayed) = aldous_broder_replay(&shape, seed);
            let mut maze = Maze::new(shape);
            let t = Instant::now();
            Algorithm::AldousBroder
                .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
                .expect("aldous-broder");
            let ns = t.elapsed().as_nanos() as f64;
            assert!(replayed.passages() == maze.passages(), "the replay is the generator's walk");
            let cells = f64::from(shape.cell_count());
            println!(
                "square {side}²  seed {seed}: {:.1} steps/cell, {:.1} ns/cell, {:.2} ns/step",
                steps as f64 / cells,
                ns / cells,
                ns / steps as f64
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("aldous-broder") {
        let sides: Vec<u32> = args[1..].iter().filter_map(|s| s.parse().ok()).collect();
        aldous_broder(if sides.is_empty() { &[1000] } else { &sides });
        return;
    }
    run("square", Square::new(1000, 1000));
    run("polar", polar_with(1_000_000));
    run("upsilon", Upsilon::new(1000, 1000));
}
