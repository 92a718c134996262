//! Times scene building and each drawing format on one square maze:
//! `cargo run --release -p maze-render --example render_time -- 1000 2` (the direct PNG
//! path at deflate levels 0, 1 and 6, or those `LEVELS=1,1,6` lists; `maze` writes level 1).
use std::time::Instant;

use maze_core::{Algorithm, Maze, Square, Xoshiro};
use maze_render::scene::{Overlay, scene};
use maze_render::style::Style;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let px: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let mut maze = Maze::new(Square::new(n, n));
    Algorithm::RecursiveBacktracker
        .generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(1), &mut ())
        .expect("supported");
    maze.open_entrance_and_exit();
    let t = Instant::now();
    let s = scene(&maze, &Overlay { no_markers: true, ..Overlay::default() });
    eprintln!("scene: {:?} ({} wall runs)", t.elapsed(), s.walls.len());
    let style = Style { cell_size: px, wall_width: (px / 2.0).max(1.0), margin: px, ..Style::default() };
    let t = Instant::now();
    let png = maze_render::png::png(&s, &style).expect("png");
    eprintln!("png: {:?} ({} bytes)", t.elapsed(), png.len());
    // LEVELS=1,1,1 times level 1 three times (the first run also faults the memory in).
    let levels: Vec<u8> = std::env::var("LEVELS")
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|_| vec![0, 1, 6]);
    for level in levels {
        let t = Instant::now();
        let png = maze_render::png::square_walls(&maze, &style, level).expect("png");
        eprintln!("png, direct 1-bit path, deflate level {level}: {:?} ({} bytes)", t.elapsed(), png.len());
    }
    let t = Instant::now();
    let svg = maze_render::svg::svg(&s, &style);
    eprintln!("svg: {:?} ({} bytes)", t.elapsed(), svg.len());
}
