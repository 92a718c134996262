//! Origin Shift: a perfect maze kept as a tree whose every cell points towards one cell,
//! the origin; each step moves the origin to a random neighbour and re-points the tree.

use std::collections::VecDeque;

use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Door, Shape};

/// A cell's door towards its parent when it has none (the origin, or not reached yet).
const NONE: u8 = u8::MAX;

/// How many steps [`origin_shift`] takes when none are asked: ten per cell.
pub fn default_steps(cells: u32) -> u64 {
    10 * u64::from(cells)
}

/// A perfect maze held as a tree pointing to its origin: each cell but the origin knows the
/// door through which its passage leads one step closer to the origin. The walls of the
/// maze are exactly the tree's edges, so a [`step`](OriginShift::step) that re-points one
/// cell opens one wall and closes another and the maze stays perfect.
#[derive(Clone, Debug)]
pub struct OriginShift {
    /// Per cell, the door towards its parent, or [`NONE`] for the origin.
    parent: Vec<u8>,
    origin: CellId,
    pool: Pool,
}

impl OriginShift {
    /// Carves the breadth-first tree of the shape's grid rooted at `origin` into `maze`
    /// (whose walls are all closed, as [`Maze::new`] leaves them): every cell's passage leads
    /// to a neighbour one step nearer the origin. Reports each cell reached and each carve.
    pub fn start<S: Shape, O: Observer>(maze: &mut Maze<S>, origin: CellId, obs: &mut O) -> Self {
        Self::grow(maze, origin, false, obs)
    }

    /// The tree of a perfect maze as it is (its passages read, nothing carved), pointing to
    /// `origin`. A maze with loops keeps, of each loop, the passages the breadth-first search
    /// from `origin` crossed first; the others stay open until a step closes them.
    pub fn from_maze<S: Shape>(maze: &mut Maze<S>, origin: CellId) -> Self {
        Self::grow(maze, origin, true, &mut ())
    }

    /// A breadth-first search from `origin` over the grid (`open_only == false`: carving
    /// each edge it takes) or over the maze's open passages.
    fn grow<S: Shape, O: Observer>(maze: &mut Maze<S>, origin: CellId, open_only: bool, obs: &mut O) -> Self {
        let n = maze.cell_count();
        let shape = maze.shape().clone();
        let mut parent = vec![NONE; n as usize];
        let mut reached = super::CellSet::new(n);
        reached.insert(origin);
        obs.on(Event::Visit(origin));
        let mut queue = VecDeque::from([origin]);
        while let Some(cell) = queue.pop_front() {
            let adj = shape.adjacent(cell);
            for d in adj.doors().iter() {
                let next = adj.cell(d);
                if reached.contains(next) || (open_only && !maze.passages().is_open(adj.wall(d))) {
                    continue;
                }
                reached.insert(next);
                let back = shape.opposite(cell, d);
                parent[next.index()] = back.index();
                if !open_only {
                    maze.open_wall(adj.wall(d));
                    obs.on(Event::Visit(next));
                    obs.on(Event::Carve(next, back.index()));
                }
                queue.push_back(next);
            }
        }
        OriginShift { parent, origin, pool: Pool::new() }
    }

    /// The origin: the one cell with no parent.
    pub fn origin(&self) -> CellId {
        self.origin
    }

    /// The door of `cell` towards its parent (one step nearer the origin), `None` for the
    /// origin.
    pub fn parent_door<D: Door>(&self, cell: CellId) -> Option<D> {
        let d = self.parent[cell.index()];
        (d != NONE).then(|| D::from_index(d))
    }

    /// One step: the origin moves to a uniformly drawn neighbour `v`; the old origin points
    /// to `v` (its wall opened) and `v` forgets its parent (the wall to it closed), so the
    /// maze stays a spanning tree. Reports the carve and then the new wall. Returns the new
    /// origin (the same cell on a shape of one cell).
    pub fn step<S: Shape, R: Random + ?Sized, O: Observer>(
        &mut self,
        maze: &mut Maze<S>,
        rng: &mut R,
        obs: &mut O,
    ) -> CellId {
        let shape = maze.shape();
        let old = self.origin;
        let adj = shape.adjacent(old);
        let Some(d) = adj.doors().choose_pooled(&mut self.pool, rng) else { return old };
        let v = adj.cell(d);
        if v == old {
            return old;
        }
        let opened = adj.wall(d);
        let back = self.parent[v.index()];
        let closed = (back != NONE).then(|| shape.wall(v, S::Door::from_index(back)));
        self.parent[old.index()] = d.index();
        self.parent[v.index()] = NONE;
        self.origin = v;
        if closed != Some(opened) {
            maze.open_wall(opened);
            obs.on(Event::Carve(old, d.index()));
            if let Some(wall) = closed {
                maze.passages_mut().close(wall);
                obs.on(Event::Wall(v, back));
            }
        }
        v
    }
}

/// Origin Shift: carve the breadth-first tree of the grid rooted at a random cell (every
/// passage pointing towards that cell, the origin), then take `steps` steps (default
/// [`default_steps`], ten per cell): each moves the origin to a random neighbour, points
/// the old origin at it (opening their wall) and closes the wall from the new origin to its
/// old parent. After every step the maze is a spanning tree.
///
/// Bias: the steps are the Aldous–Broder chain on rooted trees: its stationary distribution
/// gives a tree with root `r` a weight proportional to the degree of `r`, the same sum over
/// roots for every tree, so in the limit every spanning tree is equally likely (uniform).
/// After finitely many steps it is not: the starting breadth-first tree (straight corridors
/// radiating from one cell) fades only where the origin's walk has been, and ten steps a
/// cell is less than the walk's cover time on a large grid, so big mazes keep patches of it.
/// `crates/core/tests/uniform.rs` measures the 3 × 3 grid. Time O(N + steps); memory one
/// byte a cell (the parent door) and one bit, plus the breadth-first queue (its frontier,
/// a diagonal of the grid: a few bytes per row, freed before the steps).
pub fn origin_shift<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    steps: Option<u64>,
    rng: &mut R,
    obs: &mut O,
) {
    let n = maze.cell_count();
    let origin = CellId(rng.below(u64::from(n)) as u32);
    let mut tree = OriginShift::start(maze, origin, obs);
    for _ in 0..steps.unwrap_or_else(|| default_steps(n)) {
        tree.step(maze, rng, obs);
    }
}
