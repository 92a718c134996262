//! Generates one maze, for profilers:
//! `cargo run --release -p maze-core --example profile -- eller 1000 [square|upsilon|polar]`
//! (`valgrind --tool=callgrind target/release/examples/profile eller 1000`,
//! `perf record target/release/examples/profile recursive-backtracker 2000 upsilon`).
use maze_core::{Algorithm, Maze, Polar, Shape, Solver, Square, Upsilon, Xoshiro};

fn run<S: Shape>(shape: S, name: &str) {
    let mut maze = Maze::new(shape);
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

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "kruskal".into());
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    match args.next().as_deref() {
        Some("upsilon") => run(Upsilon::new(n, n), &name),
        // About n × n cells: rings of a circle of that area.
        Some("polar") => run(Polar::new(6, (f64::from(n) / std::f64::consts::PI.sqrt()) as u32), &name),
        _ => run(Square::new(n, n), &name),
    }
}
