//! Prints one maze of each shape with its solution: `cargo run -p maze-core --example show`.
use maze_core::{Algorithm, Hex, Maze, Shape, Solver, Square, Triangle, Xoshiro, text};

fn show<S: Shape>(shape: S, algorithm: Algorithm) {
    let mut maze = Maze::new(shape);
    let mut rng = Xoshiro::seed_from_u64(1);
    algorithm.generate(&mut maze, &Default::default(), &mut rng, &mut ()).expect("supported");
    maze.open_entrance_and_exit();
    let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("connected");
    print!("{}", text::render(&maze, Some(&sol), text::Style::Ascii));
    print!("{}", text::render(&maze, Some(&sol), text::Style::Unicode));
}

fn main() {
    show(Square::new(8, 5), Algorithm::RecursiveBacktracker);
    show(Hex::new(6, 4), Algorithm::Wilson);
    show(Triangle::new(8, 4), Algorithm::Kruskal);
}
