//! Aldous–Broder: a random walk that carves into unvisited cells (document 003).

use super::{CellSet, carve};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Cursor, Shape};

/// Aldous–Broder: walk at random from a random cell; whenever the walk enters a cell for the
/// first time, open the wall it came through. Stops when every cell has been visited.
///
/// Bias: none — every spanning tree is equally likely (uniform). Slow: the walk's cover time
/// is O(N log² N) on a grid, so the last cells take longest (≈ 1 µs per cell at a million
/// cells). Memory: one bit per cell.
pub fn aldous_broder<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let mut cur = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(cur);
    obs.on(Event::Visit(cur));
    let mut remaining = n - 1;
    let mut walker = S::Cursor::at(&shape, cur);
    while remaining > 0 {
        // The shape's cursor steps without locating each cell anew (same draws per shape).
        let Some(d) = walker.random_step(&shape, &mut pool, rng) else { return };
        let next = walker.cell();
        if !visited.contains(next) {
            visited.insert(next);
            obs.on(Event::Visit(next));
            carve(maze, cur, d, obs);
            remaining -= 1;
        }
        cur = next;
    }
}
