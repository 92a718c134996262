//! Breadth-first search and A*: the shortest-path solvers.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Solution, no_path, path_from_parents};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Shape};

/// Breadth-first search from `from`: cells in rings of equal distance, each reached first
/// by a shortest route.
///
/// Finds a shortest path, with or without loops. Time O(N); memory 4 bytes per cell (the
/// parent table) plus the queue.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn bfs<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let n = maze.cell_count() as usize;
    let mut parent = vec![u32::MAX; n];
    parent[from.index()] = from.0;
    // The queue is the visit order itself: cells leave it in the order they entered.
    let mut order: Vec<CellId> = Vec::with_capacity(n);
    order.push(from);
    let mut head = 0;
    while head < order.len() {
        let c = order[head];
        head += 1;
        obs.on(Event::Visit(c));
        if c == to {
            order.truncate(head);
            return Ok(Solution { path: path_from_parents(&parent, from, to), visited: order });
        }
        let adj = maze.open_adjacent(c);
        for d in adj.doors().iter() {
            let b = adj.cell(d);
            if parent[b.index()] == u32::MAX {
                parent[b.index()] = c.0;
                order.push(b);
                obs.on(Event::Frontier(b));
            }
        }
    }
    Err(no_path(from, to))
}

/// Breadth-first search for the route alone, for mazes too big for [`bfs`]'s tables: each
/// cell keeps only the door it was first entered by (one byte), the queue holds the cells
/// waiting to be expanded (on a perfect maze, a small share of them), and no list of
/// explored cells is made. Visits cells in the same order as [`bfs`], so it finds the same
/// path.
///
/// Time O(N); memory 1 byte per cell plus the queue (a 16000 × 16000 maze: 256 MB, where
/// [`bfs`] takes 2 GB).
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn bfs_route<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Result<Vec<CellId>, Error> {
    const UNSEEN: u8 = u8::MAX;
    const START: u8 = u8::MAX - 1;
    let shape = maze.shape();
    let mut back = vec![UNSEEN; maze.cell_count() as usize];
    back[from.index()] = START;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            let mut path = vec![to];
            let mut at = to;
            while at != from {
                let door = <S::Door as crate::shape::Door>::from_index(back[at.index()]);
                at = shape.neighbour(at, door).ok_or_else(|| no_path(from, to))?;
                path.push(at);
            }
            path.reverse();
            return Ok(path);
        }
        let adj = maze.open_adjacent(c);
        for d in adj.doors().iter() {
            let b = adj.cell(d);
            if back[b.index()] == UNSEEN {
                back[b.index()] = crate::shape::Door::index(shape.opposite(c, d));
                queue.push_back(b);
            }
        }
    }
    Err(no_path(from, to))
}

/// A*: like breadth-first search, but cells are expanded in order of distance so far plus
/// the shape's lower bound on the distance left ([`Shape::min_steps`]), so it heads for the
/// goal and explores fewer cells.
///
/// Finds a shortest path (the bound never overestimates). Among routes of equal length the
/// first found stands: a cell keeps the parent it was first reached from, and a later cell
/// reaching it in as many steps does not take it over, so the path runs through the cells
/// expanded first (among equal `f`, the larger `g`, then the lower id). Time O(N log N);
/// memory 8 bytes per cell plus the heap.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn a_star<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let n = maze.cell_count() as usize;
    let shape = maze.shape();
    let mut parent = vec![u32::MAX; n];
    let mut dist = vec![u32::MAX; n];
    let mut closed = vec![false; n];
    dist[from.index()] = 0;
    parent[from.index()] = from.0;
    // Heap entries: (f = g + h, u32::MAX - g, cell). Among equal f, the cell farthest from
    // the start (largest g) comes first, so A* runs straight at the goal instead of filling
    // every cell that ties, as breadth-first search would.
    let mut heap = BinaryHeap::from([Reverse((shape.min_steps(from, to), u32::MAX, from.0))]);
    let mut visited = Vec::new();
    while let Some(Reverse((_, g_inv, c))) = heap.pop() {
        let g = u32::MAX - g_inv;
        let c = CellId(c);
        if closed[c.index()] || g > dist[c.index()] {
            continue;
        }
        closed[c.index()] = true;
        visited.push(c);
        obs.on(Event::Visit(c));
        if c == to {
            return Ok(Solution { path: path_from_parents(&parent, from, to), visited });
        }
        for b in maze.open_neighbours(c) {
            let nd = g + 1;
            if nd < dist[b.index()] {
                dist[b.index()] = nd;
                parent[b.index()] = c.0;
                heap.push(Reverse((nd + shape.min_steps(b, to), u32::MAX - nd, b.0)));
                obs.on(Event::Frontier(b));
            }
        }
    }
    Err(no_path(from, to))
}
