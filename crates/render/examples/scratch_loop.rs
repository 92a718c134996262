//! scratch
use std::time::Instant;
fn main() {
    use maze_core::{Algorithm, Maze, Square, Xoshiro};
    let mut a = std::env::args().skip(1);
    let level: u8 = a.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let k: f64 = a.next().and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let reps: u32 = a.next().and_then(|s| s.parse().ok()).unwrap_or(30);
    let mut maze = Maze::new(Square::new(1000, 1000));
    Algorithm::RecursiveBacktracker.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap();
    maze.open_entrance_and_exit();
    let style = maze_render::style::Style { cell_size: k, wall_width: (k / 2.0).max(1.0), margin: k, ..Default::default() };
    let t = Instant::now();
    let mut n = 0;
    for _ in 0..reps { n = maze_render::png::square_walls(&maze, &style, level).unwrap().len(); }
    eprintln!("level {level} k {k}: {:?} per image ({n} bytes)", t.elapsed() / reps);
}
