//! Wilson's algorithm: loop-erased random walks.

use super::{CellSet, carve};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Cursor, Door, Shape};

/// Wilson: put one random cell in the tree; from each cell not yet in it, walk at random
/// until the walk hits the tree, remembering only the last exit taken from each cell (which
/// erases loops); then carve along the remembered exits.
///
/// Bias: none — uniform over spanning trees, like Aldous–Broder, but much faster (expected
/// time is the mean hitting time, O(N log N)-ish on grids; the first walks are the longest).
/// Memory: one byte (the exit door) per cell plus one bit.
pub fn wilson<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut in_tree = CellSet::new(n);
    let mut exit = vec![0u8; n as usize];
    let root = CellId(rng.below(u64::from(n)) as u32);
    in_tree.insert(root);
    obs.on(Event::Visit(root));
    for start in 0..n {
        let start = CellId(start);
        if in_tree.contains(start) {
            continue;
        }
        // The shape's cursor steps without locating each cell anew; its draws are fixed per
        // shape, so a seed gives one maze.
        let mut walker = S::Cursor::at(&shape, start);
        let mut cur = start;
        while !in_tree.contains(cur) {
            obs.on(Event::Frontier(cur));
            let Some(d) = walker.random_step(&shape, &mut pool, rng) else { return };
            exit[cur.index()] = d.index();
            cur = walker.cell();
        }
        let mut cur = start;
        while !in_tree.contains(cur) {
            in_tree.insert(cur);
            obs.on(Event::Visit(cur));
            let d = S::Door::from_index(exit[cur.index()]);
            carve(maze, cur, d, obs);
            let Some(next) = shape.neighbour(cur, d) else { return };
            cur = next;
        }
    }
}
