//! Text pictures give nothing away: without a solution, no piece of the route is drawn on
//! any shape, whatever the ends (one pair, several starts and ends); with one, the route's
//! cells are all drawn.

#[macro_use]
mod common;

use maze_core::text::{self, Style};
use maze_core::{Algorithm, CellId, Maze, Options, Shape, Xoshiro};

/// The characters that draw a route: a path cell or the joint between two.
const ROUTE: [char; 2] = ['*', '█'];

fn check<S: Shape>(shape: &S, seed: u64) {
    for &alg in Algorithm::ALL.iter().filter(|a| a.supports(shape)) {
        let mut maze = Maze::new(shape.clone());
        let mut rng = Xoshiro::seed_from_u64(seed);
        alg.generate(&mut maze, &Options::default(), &mut rng, &mut ()).expect("generates");
        let n = maze.cell_count();
        // Several starts and ends on every cell pair the id order makes adjacent.
        if n >= 4 {
            maze.starts = vec![CellId(1), CellId(n / 2)];
            maze.ends = vec![CellId(2), CellId(n / 2 + 1)];
        }
        for style in [Style::Ascii, Style::Unicode] {
            let picture = text::render(&maze, None, style);
            assert!(
                !picture.contains(ROUTE),
                "{alg} on {:?}, seed {seed}: an unsolved picture draws route marks:\n{picture}",
                shape.spec()
            );
        }
    }
}

#[test]
fn unsolved_pictures_draw_no_route_on_any_shape() {
    for (w, h) in [(2, 1), (1, 2), (2, 2), (3, 3), (8, 5)] {
        for seed in 0..4 {
            for_each_shape!(w, h, |s| check(&s, seed));
        }
    }
}

/// The two-cell maze of the issue: start and end side by side, no solution asked.
#[test]
fn a_start_beside_its_end_is_not_joined() {
    let mut maze = Maze::new(maze_core::Square::new(2, 1));
    maze.carve(CellId(0), maze_core::SquareDoor::East);
    assert_eq!(text::render(&maze, None, Style::Ascii), "+--+--+\n|S  E |\n+--+--+\n");
}

/// With a solution, every cell between the ends is drawn and joined to its neighbours.
#[test]
fn a_solved_picture_draws_the_whole_route() {
    let mut maze = Maze::new(maze_core::Square::new(4, 1));
    for c in 0..3 {
        maze.carve(CellId(c), maze_core::SquareDoor::East);
    }
    let solution = maze_core::Solver::Bfs.solve(&maze, CellId(0), CellId(3), &mut ()).expect("solves");
    assert_eq!(
        text::render(&maze, Some(&solution), Style::Ascii),
        "+--+--+--+--+\n|S *******E |\n+--+--+--+--+\n"
    );
}
