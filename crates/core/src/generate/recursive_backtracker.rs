//! The recursive backtracker (document 004), with an explicit stack.

use super::CellSet;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Door, DoorSet, Shape};

/// Depth-first search from a random cell: step to a random unvisited neighbour, opening the
/// wall, and push it; when a cell has no unvisited neighbour, pop back (document 004's stack).
///
/// Bias: long, winding corridors and few dead ends (≈10% of cells on a square grid); a high
/// "river" factor. Time O(N); memory: one bit per cell plus a stack of up to N cell ids
/// (the stack is on the heap, so a 4000 × 4000 maze cannot overflow anything).
pub fn recursive_backtracker<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(start);
    obs.on(Event::Visit(start));
    let mut stack = vec![start];
    while let Some(&cur) = stack.last() {
        let adj = shape.adjacent(cur);
        let mut fresh = 0u16;
        for (d, b) in adj.iter() {
            fresh |= u16::from(!visited.contains(b)) << d.index();
        }
        let fresh = DoorSet::<S::Door>::from_bits(fresh);
        match fresh.choose_pooled(&mut pool, rng) {
            Some(d) => {
                let next = adj.cell(d);
                maze.open_wall(shape.inner_wall(cur, d));
                obs.on(Event::Carve(cur, d.index()));
                visited.insert(next);
                obs.on(Event::Visit(next));
                stack.push(next);
            }
            None => {
                stack.pop();
                obs.on(Event::Backtrack(cur));
            }
        }
    }
}
