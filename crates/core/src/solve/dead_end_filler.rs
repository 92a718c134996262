//! Dead-end filling.

use std::collections::VecDeque;

use super::{Solution, no_path, path_from_parents};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Shape};

/// Dead-end filling: wall up every dead end (a cell with one open passage, other than the
/// start and the goal), which may turn its neighbour into a dead end, and so on. What is left
/// is every route between start and goal; the path is then read off the unfilled cells by
/// breadth-first search. It is a shortest path, loops or not: a shortest route never enters
/// a dead-end branch, so filling removes none of it. The visit order lists the filled cells,
/// then the cells the final search explored.
///
/// Time O(N); memory 8 bytes per cell.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn dead_end_filler<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let n = maze.cell_count();
    let mut degree: Vec<u32> = (0..n).map(|c| maze.degree(CellId(c))).collect();
    let mut filled = vec![false; n as usize];
    let mut queue: VecDeque<CellId> =
        (0..n).map(CellId).filter(|&c| degree[c.index()] <= 1 && c != from && c != to).collect();
    let mut visited = Vec::new();
    while let Some(c) = queue.pop_front() {
        if filled[c.index()] {
            continue;
        }
        filled[c.index()] = true;
        visited.push(c);
        obs.on(Event::Dead(c));
        for b in maze.open_neighbours(c) {
            if !filled[b.index()] {
                degree[b.index()] -= 1;
                if degree[b.index()] == 1 && b != from && b != to {
                    queue.push_back(b);
                }
            }
        }
    }
    let mut parent = vec![u32::MAX; n as usize];
    parent[from.index()] = from.0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        visited.push(c);
        obs.on(Event::Visit(c));
        if c == to {
            return Ok(Solution { path: path_from_parents(&parent, from, to), visited });
        }
        for b in maze.open_neighbours(c) {
            if !filled[b.index()] && parent[b.index()] == u32::MAX {
                parent[b.index()] = c.0;
                queue.push_back(b);
            }
        }
    }
    Err(no_path(from, to))
}
