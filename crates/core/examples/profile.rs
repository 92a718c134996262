//! Generates one square maze, for profilers:
//! `cargo run --release -p maze-core --example profile -- eller 1000`
//! (`valgrind --tool=callgrind target/release/examples/profile eller 1000`).
use maze_core::{Algorithm, Maze, Solver, Square, Xoshiro};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "kruskal".into());
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut maze = Maze::new(Square::new(n, n));
    let mut rng = Xoshiro::seed_from_u64(1);
    if let Ok(solver) = name.parse::<Solver>() {
        Algorithm::RecursiveBacktracker
            .generate(&mut maze, &Default::default(), &mut rng, &mut ())
            .expect("ok");
        let t = std::time::Instant::now();
        let s = solver.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solvable");
        eprintln!("{name}: {:?}, path {}", t.elapsed(), s.path.len());
    } else {
        let alg: Algorithm = name.parse().expect("a generator or solver name");
        let t = std::time::Instant::now();
        alg.generate(&mut maze, &Default::default(), &mut rng, &mut ()).expect("supported");
        eprintln!("{name}: {:?}", t.elapsed());
    }
}
