//! Depth-first solvers: document 000's door-by-door search and document 001's two stacks.

use super::{Solution, no_path};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Door, Shape};

/// Document 000's solver: from each cell, try every door in order and go as deep as
/// possible, never entering a cell already explored; back up when all doors are tried. The
/// stack of cells being explored is the path when the goal is reached.
///
/// Not shortest on mazes with loops (the first route found). Time O(N); memory: one byte
/// per cell (next door to try) plus the stack.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn dfs<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let n = maze.cell_count() as usize;
    let shape = maze.shape();
    let mut seen = vec![false; n];
    let mut next_door = vec![0u8; n];
    let mut stack = vec![from];
    let mut visited = vec![from];
    seen[from.index()] = true;
    obs.on(Event::Visit(from));
    let count = shape.door_count();
    while let Some(&c) = stack.last() {
        if c == to {
            return Ok(Solution { path: stack, visited });
        }
        let open = maze.open_doors(c);
        let mut moved = false;
        while next_door[c.index()] < count {
            let d = S::Door::from_index(next_door[c.index()]);
            next_door[c.index()] += 1;
            if !open.contains(d) {
                continue;
            }
            if let Some(b) = shape.neighbour(c, d)
                && !seen[b.index()]
            {
                seen[b.index()] = true;
                visited.push(b);
                obs.on(Event::Visit(b));
                stack.push(b);
                moved = true;
                break;
            }
        }
        if !moved {
            stack.pop();
            obs.on(Event::Backtrack(c));
        }
    }
    Err(no_path(from, to))
}

/// Document 001's backtracker: a `frontier` stack of cells still to try (each with the cell
/// it was seen from) and a `path` stack. Pop the frontier; unwind the path back to the cell
/// the popped one was seen from; extend the path; push the new cell's unexplored neighbours.
///
/// Not shortest on mazes with loops. Time O(N); memory 8 bytes per frontier entry plus one
/// flag per cell.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn backtracker<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let n = maze.cell_count() as usize;
    let mut explored = vec![false; n];
    let mut frontier: Vec<(CellId, CellId)> = vec![(from, from)];
    let mut path: Vec<CellId> = Vec::new();
    let mut visited = Vec::new();
    while let Some((c, seen_from)) = frontier.pop() {
        if explored[c.index()] {
            continue;
        }
        while path.last().is_some_and(|&top| top != seen_from) {
            if let Some(top) = path.pop() {
                obs.on(Event::Backtrack(top));
            }
        }
        explored[c.index()] = true;
        visited.push(c);
        obs.on(Event::Visit(c));
        path.push(c);
        if c == to {
            return Ok(Solution { path, visited });
        }
        for b in maze.open_neighbours(c) {
            if !explored[b.index()] {
                frontier.push((b, c));
                obs.on(Event::Frontier(b));
            }
        }
    }
    Err(no_path(from, to))
}
