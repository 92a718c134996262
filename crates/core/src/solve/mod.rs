//! Maze solvers, each written once over [`Shape`]. All of them work on mazes with loops
//! (braided mazes); the wall followers and the Pledge walker report failure instead of
//! circling forever.
//!
//! A [`Solution`] holds the path (from the start cell to the goal, inclusive, each step
//! through an open passage) and the visit order: every cell the solver explored, once, in
//! the order it first reached it — document 000's black path and grey traversed cells.

mod answer_key;
mod breadth_first;
mod dead_end_filler;
mod depth_first;
mod pledge;
mod tremaux;
mod wall_follower;

pub use answer_key::{Route, answer_key};
pub use breadth_first::{a_star, bfs, bfs_route};
pub use dead_end_filler::dead_end_filler;
pub use depth_first::{backtracker, dfs};
pub use pledge::pledge;
pub use tremaux::tremaux;
pub use wall_follower::{Hand, wall_follower};

use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Shape};

/// A route through a maze and how the solver found it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// Cells from the start to the goal, inclusive; consecutive cells share an open passage.
    pub path: Vec<CellId>,
    /// Every cell the solver explored, once each, in the order it first reached them.
    pub visited: Vec<CellId>,
}

macro_rules! solvers {
    ($($variant:ident, $name:literal, shortest: $short:literal, $about:literal;)*) => {
        /// The solvers, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Solver {
            $(#[doc = $about] $variant,)*
        }

        impl Solver {
            /// Every solver, in listing order.
            pub const ALL: &'static [Solver] = &[$(Solver::$variant),*];

            /// The name used on the command line and in files.
            pub fn name(self) -> &'static str {
                match self { $(Solver::$variant => $name,)* }
            }

            /// A one-line description.
            pub fn about(self) -> &'static str {
                match self { $(Solver::$variant => $about,)* }
            }

            /// Whether the path it returns is always a shortest one (also on mazes with loops).
            pub fn shortest(self) -> bool {
                match self { $(Solver::$variant => $short,)* }
            }
        }
    };
}

solvers! {
    Dfs, "dfs", shortest: false,
        "doc 000: try every door in turn, depth first, never going back through the same cell";
    Backtracker, "backtracker", shortest: false,
        "doc 001: two stacks, a frontier of cells to try and the path, backtracking at dead ends";
    Bfs, "bfs", shortest: true,
        "breadth-first search: explores in rings, finds a shortest path";
    AStar, "a-star", shortest: true,
        "A* with the shape's distance bound: a shortest path, exploring fewer cells";
    DeadEndFiller, "dead-end-filler", shortest: true,
        "fill dead ends until only the routes remain, then take the shortest of them";
    WallFollower, "wall-follower", shortest: false,
        "keep the left hand on the wall; fails (and says so) when the goal sits on an island of a maze with loops";
    WallFollowerRight, "wall-follower-right", shortest: false,
        "keep the right hand on the wall; fails (and says so) on islands, like the left-hand one";
    Tremaux, "tremaux", shortest: false,
        "Tremaux's marks on passages: never takes a passage a third time; works with loops";
    Pledge, "pledge", shortest: false,
        "Pledge: walk straight on, follow walls counting the turns, let go when the count is back to zero; escapes islands";
}

impl Solver {
    /// The most bytes a cell takes while this solver runs, besides the maze itself: its
    /// marks, queue or stacks, the route and the explored cells it returns. Measured
    /// (`/usr/bin/time -f %M`, `maze solve -f maze` of a 2000 x 2000 maze, less the same
    /// file only rewritten): dfs 4.5, backtracker 6.3, bfs 8.1, a-star 12.4,
    /// dead-end-filler 13.4, the wall followers 10.3, tremaux 8.6, pledge 6.7; half as much
    /// again here, for lists that grow by doubling.
    pub fn bytes_per_cell(self) -> u64 {
        match self {
            Solver::Dfs => 7,
            Solver::Backtracker => 10,
            Solver::Bfs => 12,
            Solver::AStar => 19,
            Solver::DeadEndFiller => 20,
            Solver::WallFollower | Solver::WallFollowerRight => 16,
            Solver::Tremaux => 13,
            Solver::Pledge => 10,
        }
    }

    /// The most memory this solver takes on a maze of `cells` cells (besides the maze
    /// itself): [`Solver::bytes_per_cell`] a cell; for the path alone
    /// ([`Solver::solve_route`], `route_only`) breadth-first search takes 2 (its mark, and
    /// the path, rarely a quarter of the cells). A front end checks it against its memory
    /// limit before solving. Time and memory O(1).
    pub fn memory(self, cells: u64, route_only: bool) -> u64 {
        let per_cell = if route_only && self == Solver::Bfs { 2 } else { self.bytes_per_cell() };
        cells.saturating_mul(per_cell)
    }
}

impl std::str::FromStr for Solver {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        let key = match key.as_str() {
            "astar" | "a*" => "a-star",
            "wall-follower-left" | "left-hand" | "wall" => "wall-follower",
            "right-hand" => "wall-follower-right",
            "trémaux" => "tremaux",
            "dead-end" | "dead-end-filling" => "dead-end-filler",
            "depth-first" => "dfs",
            "breadth-first" => "bfs",
            other => other,
        };
        Solver::ALL.iter().copied().find(|a| a.name() == key).ok_or_else(|| {
            let names: Vec<_> = Solver::ALL.iter().map(|a| a.name()).collect();
            Error::Parameter(format!("unknown solver '{s}' (expected one of: {})", names.join(", ")))
        })
    }
}

impl std::fmt::Display for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Solver {
    /// Finds a path from `from` to `to` through open passages.
    ///
    /// # Errors
    /// [`Error::Parameter`] for a cell id out of range; [`Error::NoPath`] when the cells are
    /// not connected, the wall follower is trapped circling an island, or the Pledge walker
    /// reaches its step bound.
    pub fn solve<S: Shape, O: Observer>(
        self,
        maze: &Maze<S>,
        from: CellId,
        to: CellId,
        obs: &mut O,
    ) -> Result<Solution, Error> {
        check_ends(maze, from, to)?;
        let solution = match self {
            Solver::Dfs => dfs(maze, from, to, obs),
            Solver::Backtracker => backtracker(maze, from, to, obs),
            Solver::Bfs => bfs(maze, from, to, obs),
            Solver::AStar => a_star(maze, from, to, obs),
            Solver::DeadEndFiller => dead_end_filler(maze, from, to, obs),
            Solver::WallFollower => wall_follower(maze, from, to, Hand::Left, obs),
            Solver::WallFollowerRight => wall_follower(maze, from, to, Hand::Right, obs),
            Solver::Tremaux => tremaux(maze, from, to, obs),
            Solver::Pledge => pledge(maze, from, to, obs),
        }?;
        for &c in &solution.path {
            obs.on(Event::OnPath(c));
        }
        Ok(solution)
    }
}

impl Solver {
    /// The path alone, for pictures and files that leave the explored cells out: the
    /// [`Solution`]'s `visited` is empty. Breadth-first search then runs as
    /// [`bfs_route`], 1 byte a cell instead of 8, finding the
    /// same path; the other solvers run as [`solve`](Self::solve) and drop their list.
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn solve_route<S: Shape>(self, maze: &Maze<S>, from: CellId, to: CellId) -> Result<Solution, Error> {
        check_ends(maze, from, to)?;
        match self {
            Solver::Bfs => {
                Ok(Solution { path: breadth_first::bfs_route(maze, from, to)?, visited: Vec::new() })
            }
            _ => {
                let mut s = self.solve(maze, from, to, &mut crate::observe::Quiet::default())?;
                s.visited = Vec::new();
                Ok(s)
            }
        }
    }
}

/// Refuses a start or goal outside the maze.
fn check_ends<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Result<(), Error> {
    let n = maze.cell_count();
    for (what, c) in [("start", from), ("goal", to)] {
        if c.0 >= n {
            return Err(Error::Parameter(format!(
                "{what} cell {} is out of range (the maze has {n} cells, ids 0 to {})",
                c.0,
                n - 1
            )));
        }
    }
    Ok(())
}

/// The error for two cells with no route between them.
pub(crate) fn no_path(from: CellId, to: CellId) -> Error {
    Error::NoPath(format!("no path from cell {} to cell {}: they are not connected", from.0, to.0))
}

/// Follows a parent table back from `to` to `from`.
pub(crate) fn path_from_parents(parent: &[u32], from: CellId, to: CellId) -> Vec<CellId> {
    let mut path = vec![to];
    let mut c = to;
    while c != from {
        c = CellId(parent[c.index()]);
        path.push(c);
    }
    path.reverse();
    path
}

/// A walk with its loops erased as it goes: the path from the start to the walker.
pub(crate) struct LoopErasedWalk {
    pub(crate) path: Vec<CellId>,
    position: Vec<u32>,
    pub(crate) visited: Vec<CellId>,
    seen: Vec<bool>,
}

impl LoopErasedWalk {
    pub(crate) fn new(cells: u32, start: CellId) -> Self {
        let mut w = LoopErasedWalk {
            path: Vec::new(),
            position: vec![u32::MAX; cells as usize],
            visited: Vec::new(),
            seen: vec![false; cells as usize],
        };
        w.step(start);
        w
    }

    /// Whether the walker has been at `c` before.
    pub(crate) fn seen(&self, c: CellId) -> bool {
        self.seen[c.index()]
    }

    /// Moves the walker to `c`; returns to an earlier point of the path if `c` is on it.
    pub(crate) fn step(&mut self, c: CellId) {
        if !self.seen[c.index()] {
            self.seen[c.index()] = true;
            self.visited.push(c);
        }
        let pos = self.position[c.index()];
        if pos != u32::MAX {
            for dropped in self.path.drain(pos as usize + 1..) {
                self.position[dropped.index()] = u32::MAX;
            }
        } else {
            self.position[c.index()] = self.path.len() as u32;
            self.path.push(c);
        }
    }

    pub(crate) fn finish(self) -> Solution {
        Solution { path: self.path, visited: self.visited }
    }
}
