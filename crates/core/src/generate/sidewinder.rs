//! Sidewinder: runs along each row, each closed by one passage upwards.

use super::{Algorithm, carve, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Pool;
use crate::random::Random;
use crate::shape::Shape;

/// Sidewinder: the top row is one open corridor. In every other row, walk east extending a
/// run; at each cell a coin decides whether to close the run, and a closed run opens one
/// random cell of it northwards.
///
/// Bias: an unbroken top corridor and a vertical texture; no dead end points downwards
/// (≈27.8% dead ends). Time O(N), one random word per 64 cells plus one draw per run;
/// memory: nothing beyond the maze.
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn sidewinder<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::Sidewinder)?;
    let mut pool = Pool::new();
    for x in 0..g.width {
        obs.on(Event::Visit(g.at(x, 0)));
        if x + 1 < g.width {
            carve(maze, g.at(x, 0), g.east, obs);
        }
    }
    for y in 1..g.height {
        let mut run_start = 0;
        for x in 0..g.width {
            let cell = g.at(x, y);
            obs.on(Event::Visit(cell));
            if x + 1 == g.width || pool.flip(rng) {
                let pick = run_start + rng.below(u64::from(x - run_start + 1)) as u32;
                carve(maze, g.at(pick, y), g.north, obs);
                run_start = x + 1;
            } else {
                carve(maze, cell, g.east, obs);
            }
        }
    }
    Ok(())
}
