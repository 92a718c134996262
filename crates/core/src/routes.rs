//! Shortest-route facts of any maze (perfect or braided, wrapped, in levels, woven): the
//! length of a shortest route between two cells, how many distinct shortest routes there
//! are, and the routes themselves.
//!
//! One breadth-first search from the goal gives every cell's distance to it; the number of
//! shortest routes from a cell is the sum of those of its open neighbours one step nearer
//! (counted layer by layer in the search's order, so O(N·D) for N cells of D doors). Routes
//! are told apart by their moves ([`crate::moves`]): two doors to the same neighbour, if a
//! shape had them, would be two routes.
//!
//! ```
//! use maze_core::{Maze, Square, CellId, routes::ShortestRoutes};
//!
//! // A 2 x 2 maze with every inner wall open: two shortest routes corner to corner.
//! let mut maze = Maze::new(Square::new(2, 2));
//! maze.open_all_inner();
//! let r = ShortestRoutes::of(&maze, CellId(0), CellId(3));
//! assert_eq!((r.length(), r.count(), r.saturated()), (Some(2), 2, false));
//! assert_eq!(r.routes(&maze, 10), vec![vec![1, 2], vec![2, 1]]); // RD and DR
//! ```

use crate::maze::Maze;
use crate::shape::{CellId, Door, Shape};

/// Where route counts stop: a count this large means "at least 2^63" ([`ShortestRoutes::saturated`]).
pub const COUNT_CAP: u64 = 1 << 63;

const UNSEEN: u32 = u32::MAX;

/// The shortest routes from one cell to another: each nearer cell's distance to the goal
/// and number of shortest routes to it. Reusable: [`compute`](Self::compute) keeps the
/// tables' memory, so a loop over many mazes allocates once.
#[derive(Clone, Debug)]
pub struct ShortestRoutes {
    from: CellId,
    to: CellId,
    /// Distance to the goal, `UNSEEN` where the search did not reach (or did not need to).
    dist: Vec<u32>,
    /// Shortest routes from the cell to the goal, capped at [`COUNT_CAP`] (cells with a
    /// distance set before the search stopped).
    count: Vec<u64>,
    /// The search's queue.
    queue: Vec<u32>,
}

impl Default for ShortestRoutes {
    fn default() -> Self {
        ShortestRoutes {
            from: CellId(0),
            to: CellId(0),
            dist: Vec::new(),
            count: Vec::new(),
            queue: Vec::new(),
        }
    }
}

impl ShortestRoutes {
    /// The shortest routes of `maze` from `from` to `to`.
    ///
    /// # Panics
    /// If a cell is out of range.
    pub fn of<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Self {
        let mut r = ShortestRoutes::default();
        r.compute(maze, from, to);
        r
    }

    /// Computes the shortest routes of `maze` from `from` to `to` in place (the tables'
    /// memory is kept for the next maze). Searches from `to` and stops once `from` is
    /// reached: every cell nearer the goal than `from` is then counted.
    ///
    /// # Panics
    /// If a cell is out of range.
    pub fn compute<S: Shape>(&mut self, maze: &Maze<S>, from: CellId, to: CellId) {
        let n = maze.cell_count() as usize;
        assert!(from.index() < n && to.index() < n, "cells out of range");
        self.from = from;
        self.to = to;
        self.dist.clear();
        self.dist.resize(n, UNSEEN);
        self.count.clear();
        self.count.resize(n, 0);
        self.queue.clear();
        self.dist[to.index()] = 0;
        self.count[to.index()] = 1;
        self.queue.push(to.0);
        let mut head = 0;
        while head < self.queue.len() {
            let c = CellId(self.queue[head]);
            head += 1;
            let d = self.dist[c.index()];
            let adj = maze.open_adjacent(c);
            let mut routes = 0u64;
            for door in adj.doors().iter() {
                let b = adj.cell(door);
                let db = self.dist[b.index()];
                if db == UNSEEN {
                    self.dist[b.index()] = d + 1;
                    self.queue.push(b.0);
                } else if db + 1 == d {
                    routes = routes.saturating_add(self.count[b.index()]).min(COUNT_CAP);
                }
            }
            if c != to {
                self.count[c.index()] = routes;
            }
            if c == from {
                break;
            }
        }
    }

    /// The number of moves of a shortest route, `None` when the goal cannot be reached.
    pub fn length(&self) -> Option<u32> {
        let d = self.dist[self.from.index()];
        (d != UNSEEN).then_some(d)
    }

    /// The number of distinct shortest routes (0 when the goal cannot be reached), at most
    /// [`COUNT_CAP`]: see [`saturated`](Self::saturated).
    pub fn count(&self) -> u64 {
        if self.length().is_some() { self.count[self.from.index()] } else { 0 }
    }

    /// Whether the count stopped at [`COUNT_CAP`] (2^63): there are at least that many.
    pub fn saturated(&self) -> bool {
        self.count() >= COUNT_CAP
    }

    /// Up to `limit` shortest routes, as moves (door indices, [`crate::moves`]), in the
    /// order of their doors (the route taking the lowest door first comes first).
    pub fn routes<S: Shape>(&self, maze: &Maze<S>, limit: usize) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let Some(len) = self.length() else { return out };
        if limit == 0 {
            return out;
        }
        let len = len as usize;
        // Depth-first over the steps that bring the goal one nearer: every such walk is a
        // shortest route, so none is abandoned.
        let mut doors: Vec<u8> = Vec::with_capacity(len);
        let mut cells: Vec<CellId> = Vec::with_capacity(len + 1);
        // The next door index to try at each depth.
        let mut next: Vec<u8> = Vec::with_capacity(len + 1);
        cells.push(self.from);
        next.push(0);
        while let Some(&at) = cells.last() {
            if doors.len() == len {
                out.push(doors.clone());
                if out.len() == limit {
                    break;
                }
                cells.pop();
                next.pop();
                doors.pop();
                continue;
            }
            let depth = cells.len() - 1;
            let want = self.dist[at.index()] - 1;
            let adj = maze.open_adjacent(at);
            let step = adj
                .doors()
                .iter()
                .filter(|d| d.index() >= next[depth])
                .find(|&d| self.dist[adj.cell(d).index()] == want);
            match step {
                Some(d) => {
                    next[depth] = d.index() + 1;
                    doors.push(d.index());
                    cells.push(adj.cell(d));
                    next.push(0);
                }
                None => {
                    cells.pop();
                    next.pop();
                    doors.pop();
                }
            }
        }
        out
    }

    /// The distance from `cell` to the goal, where the search measured it (every cell
    /// nearer the goal than the start, and some as near).
    pub fn distance_to_goal(&self, cell: CellId) -> Option<u32> {
        self.dist.get(cell.index()).copied().filter(|&d| d != UNSEEN)
    }
}

/// The number of moves of a shortest route from `from` to `to`, `None` if there is none.
pub fn shortest_length<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Option<u32> {
    ShortestRoutes::of(maze, from, to).length()
}

/// The number of distinct shortest routes from `from` to `to` and whether it saturated at
/// [`COUNT_CAP`].
pub fn shortest_count<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> (u64, bool) {
    let r = ShortestRoutes::of(maze, from, to);
    (r.count(), r.saturated())
}

/// Up to `limit` shortest routes from `from` to `to`, as moves (door indices).
pub fn shortest_routes<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId, limit: usize) -> Vec<Vec<u8>> {
    ShortestRoutes::of(maze, from, to).routes(maze, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Square, Wrap, WrapSquare};

    #[test]
    fn an_open_grid_has_binomially_many_routes() {
        // Every wall open: routes across a w x h grid corner to corner are C(w+h-2, w-1).
        let mut maze = Maze::new(Square::new(5, 4));
        maze.open_all_inner();
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(19));
        assert_eq!((r.length(), r.count()), (Some(7), 35));
        let routes = r.routes(&maze, 100);
        assert_eq!(routes.len(), 35);
        let mut sorted = routes.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 35, "distinct");
        assert_eq!(r.routes(&maze, 3).len(), 3);
        assert_eq!(r.routes(&maze, 0).len(), 0);
    }

    #[test]
    fn counts_saturate_at_two_to_the_63() {
        // 70 x 70 open: C(138, 69) routes, far past 2^63.
        let mut maze = Maze::new(Square::new(70, 70));
        maze.open_all_inner();
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(70 * 70 - 1));
        assert_eq!((r.length(), r.count(), r.saturated()), (Some(138), COUNT_CAP, true));
        // 30 x 30: C(58, 29) = 30067266499541040 < 2^63, exact.
        let mut maze = Maze::new(Square::new(30, 30));
        maze.open_all_inner();
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(899));
        assert_eq!((r.count(), r.saturated()), (30_067_266_499_541_040, false));
    }

    #[test]
    fn unreachable_and_trivial_goals() {
        let maze = Maze::new(Square::new(3, 3));
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(8));
        assert_eq!((r.length(), r.count(), r.saturated()), (None, 0, false));
        assert!(r.routes(&maze, 5).is_empty());
        let r = ShortestRoutes::of(&maze, CellId(4), CellId(4));
        assert_eq!((r.length(), r.count()), (Some(0), 1));
        assert_eq!(r.routes(&maze, 5), vec![Vec::<u8>::new()]);
    }

    #[test]
    fn a_torus_goes_round_the_edge() {
        // Cell 0 to cell 4 across a 5 x 3 cylinder: one step west, over the joined edges.
        let mut maze = Maze::new(WrapSquare::new(5, 3, Wrap { x: true, y: false }));
        maze.open_all_inner();
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(4));
        assert_eq!((r.length(), r.count()), (Some(1), 1));
        assert_eq!(r.routes(&maze, 5), vec![vec![3]]);
        // Cell 0 to cell 12 (row 2, column 2): 2 down and 2 across, either way round no
        // shorter, so C(4, 2) = 6 routes.
        let r = ShortestRoutes::of(&maze, CellId(0), CellId(12));
        assert_eq!((r.length(), r.count()), (Some(4), 6));
    }
}
