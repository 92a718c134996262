//! Wilson's and Aldous-Broder's random walks on different shapes: how many steps each takes
//! per cell, and the time per step, so the cost of a shape's graph (longer walks) is told
//! apart from the cost of one step. BENCHMARKS.md quotes it.
//!
//! `cargo run --release -p maze-core --example walk_steps`

use std::time::Instant;

use maze_core::observe::{Event, Observer};
use maze_core::{Algorithm, Maze, Options, Polar, Shape, Square, Upsilon, Xoshiro};

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

fn main() {
    run("square", Square::new(1000, 1000));
    run("polar", polar_with(1_000_000));
    run("upsilon", Upsilon::new(1000, 1000));
}
