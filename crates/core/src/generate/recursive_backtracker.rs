//! The recursive backtracker (document 004), with an explicit stack.

use super::CellSet;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Cursor, Door, DoorSet, NTH_OF_BYTE, Shape};

/// Depth-first search from a random cell: step to a random unvisited neighbour, opening the
/// wall, and push it; when a cell has no unvisited neighbour, pop back (document 004's stack).
///
/// Bias: long, winding corridors and few dead ends (≈10% of cells on a square grid); a high
/// "river" factor. Time O(N); memory: one bit per cell plus a stack of up to N cursors (a
/// cell id with its coordinates, 4 to 12 bytes; the stack is on the heap, so a 4000 × 4000
/// maze cannot overflow anything).
pub fn recursive_backtracker<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(start);
    obs.on(Event::Visit(start));
    if !O::ACTIVE
        && let Some((w, _)) = maze.shape().square_lattice()
    {
        square_fast(maze, w, start, &mut visited, &mut pool, rng);
        return;
    }
    // The stack holds the shape's cursors, so a cell popped back to is not located again.
    let mut stack = vec![S::Cursor::at(&shape, start)];
    while let Some(&top) = stack.last() {
        let cur = top.cell();
        let adj = top.adjacent(&shape);
        // Every slot of `adj` is a cell, so all are looked up in a loop of fixed length (no
        // branch on how many doors the cell has) and masked by the doors afterwards.
        let mut fresh = 0u16;
        for i in 0..S::Door::COUNT {
            fresh |= u16::from(!visited.contains(adj.cell(S::Door::from_index(i)))) << i;
        }
        let fresh = DoorSet::<S::Door>::from_bits(fresh & adj.doors().bits());
        match fresh.choose_pooled(&mut pool, rng) {
            Some(d) => {
                let next = adj.cell(d);
                maze.open_wall(top.wall(&shape, &adj, d));
                obs.on(Event::Carve(cur, d.index()));
                visited.insert(next);
                obs.on(Event::Visit(next));
                stack.push(top.through(&shape, d, next));
            }
            None => {
                stack.pop();
                obs.on(Event::Backtrack(cur));
            }
        }
    }
}

/// Square cells, unwatched (the same draws and maze as the generic loop): the stack holds
/// `id | x << 32`, so no step divides; moves and walls come
/// from tables indexed by the door, so no step branches on the random choice.
fn square_fast<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    w: u32,
    start: CellId,
    visited: &mut CellSet,
    pool: &mut Pool,
    rng: &mut R,
) {
    let n = maze.cell_count();
    let (step, wall) = super::square_steps(w);
    let dx: [u32; 4] = [0, 1, 0, u32::MAX];
    let mut stack: Vec<u64> = vec![u64::from(start.0) | u64::from(start.0 % w) << 32];
    while let Some(&top) = stack.last() {
        let (id, x) = (top as u32, (top >> 32) as u32);
        let up = if id >= w { id - w } else { id };
        let down = if id + w < n { id + w } else { id };
        let fresh = u16::from(id >= w && !visited.contains(CellId(up)))
            | u16::from(x + 1 < w && !visited.contains(CellId(id + 1))) << 1
            | u16::from(id + w < n && !visited.contains(CellId(down))) << 2
            | u16::from(x > 0 && !visited.contains(CellId(id.wrapping_sub(1)))) << 3;
        let count = fresh.count_ones();
        if count == 0 {
            stack.pop();
            continue;
        }
        let k = if count == 1 {
            fresh.trailing_zeros() as usize
        } else {
            usize::from(NTH_OF_BYTE[usize::from(fresh)][pool.below16(rng, count) as usize])
        };
        let next = id.wrapping_add(step[k]);
        maze.open_wall(crate::shape::WallId((2 * u64::from(id)).wrapping_add(wall[k])));
        visited.insert(CellId(next));
        stack.push(u64::from(next) | u64::from(x.wrapping_add(dx[k])) << 32);
    }
}
