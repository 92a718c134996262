//! Maze generators, each written once over [`Shape`] (document 000's functor idea).
//!
//! Every generator turns a maze whose walls are all closed into a *perfect* maze: a spanning
//! tree of the cells (passages = cells − 1, every cell reachable). None recurses: stacks are
//! explicit, so a 4000 × 4000 maze cannot overflow the call stack. Each reports its steps to
//! an [`Observer`]; pass `&mut ()` for none, at no cost.
//!
//! The row-based algorithms (binary tree, sidewinder, Eller) and the two division algorithms
//! need the row layout of [`Shape::grid`]; the others run on every shape.

mod aldous_broder;
mod binary_tree;
mod eller;
mod growing_tree;
mod hunt_and_kill;
mod kruskal;
mod kruskal_lean;
mod origin_shift;
mod prim;
mod quad_division;
mod recursive_backtracker;
mod recursive_division;
mod rows;
mod sidewinder;
mod wilson;

pub use aldous_broder::aldous_broder;
pub use binary_tree::{Corner, binary_tree};
pub use eller::eller;
pub use growing_tree::{Policy, growing_tree};
pub use hunt_and_kill::hunt_and_kill;
pub(crate) use kruskal::UnionFind;
pub use kruskal::{LEAN_ABOVE as KRUSKAL_LEAN_ABOVE, kruskal};
pub use origin_shift::{OriginShift, default_steps as origin_shift_default_steps, origin_shift};
pub use prim::{prim, prim_modified, prim_true};
pub use quad_division::quad_division;
pub use recursive_backtracker::recursive_backtracker;
pub use recursive_division::recursive_division;
pub use rows::{MazeRow, RowStream};
pub use sidewinder::sidewinder;
pub use wilson::wilson;

use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{CellId, Door, Grid, Shape};

/// Options some generators take; the defaults are what `maze` uses.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    /// Which two directions the binary tree carves (document 002 carves right or up).
    pub corner: Corner,
    /// How the growing tree picks its next cell.
    pub policy: Policy,
    /// How many steps Origin Shift takes after its starting tree [default: ten per cell,
    /// [`origin_shift_default_steps`]].
    pub steps: Option<u64>,
}

macro_rules! algorithms {
    ($($variant:ident, $name:literal, grid: $grid:literal, $about:literal;)*) => {
        /// The generators, by name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Algorithm {
            $(#[doc = $about] $variant,)*
        }

        impl Algorithm {
            /// Every generator, in listing order.
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant),*];

            /// The name used on the command line and in files.
            pub fn name(self) -> &'static str {
                match self { $(Algorithm::$variant => $name,)* }
            }

            /// A one-line description: what it does and its bias.
            pub fn about(self) -> &'static str {
                match self { $(Algorithm::$variant => $about,)* }
            }

            /// Whether it needs the row layout of [`Shape::grid`] (square cells today).
            pub fn needs_grid(self) -> bool {
                match self { $(Algorithm::$variant => $grid,)* }
            }
        }
    };
}

algorithms! {
    Kruskal, "kruskal", grid: false,
        "doc 000: join random walls between different zones (union-find); many short dead ends";
    QuadDivision, "quad-division", grid: true,
        "doc 001: split into quadrants, 3 of 4 inner sides open; long straight walls";
    BinaryTree, "binary-tree", grid: true,
        "doc 002: each cell carves one of two directions; open corridors along two sides, diagonal bias";
    AldousBroder, "aldous-broder", grid: false,
        "doc 003: random walk, carve into unvisited cells; uniform but slow";
    RecursiveBacktracker, "recursive-backtracker", grid: false,
        "doc 004: depth-first with an explicit stack; long winding corridors, few dead ends";
    Wilson, "wilson", grid: false,
        "loop-erased random walks; uniform, faster than Aldous-Broder";
    Prim, "prim", grid: false,
        "simplified Prim: grow from a random frontier edge; radial texture, many dead ends";
    PrimTrue, "prim-true", grid: false,
        "true Prim on random edge weights; same distribution as Kruskal";
    PrimModified, "prim-modified", grid: false,
        "modified Prim: grow from a random frontier cell; the most dead ends";
    Eller, "eller", grid: true,
        "row by row with sets, memory proportional to the width; Kruskal-like texture";
    Sidewinder, "sidewinder", grid: true,
        "row runs closed upwards; an open top corridor, vertical bias";
    HuntAndKill, "hunt-and-kill", grid: false,
        "random walk, then hunt for a new start beside the maze; long corridors";
    GrowingTree, "growing-tree", grid: false,
        "active list with a policy (newest, random, oldest, mixed): from backtracker to Prim";
    RecursiveDivision, "recursive-division", grid: true,
        "wall adder: split rooms with a wall and one gap; long straight walls, boxy";
    OriginShift, "origin-shift", grid: false,
        "a tree pointing to a wandering origin, re-pointed each step (--steps); uniform once mixed";
}

impl std::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        let key = match key.as_str() {
            "depth-first" => "recursive-backtracker",
            "division" => "recursive-division",
            "quad" => "quad-division",
            "binary" => "binary-tree",
            "ab" => "aldous-broder",
            other => other,
        };
        Algorithm::ALL.iter().copied().find(|a| a.name() == key).ok_or_else(|| {
            let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            Error::Parameter(format!("unknown algorithm '{s}' (expected one of: {})", names.join(", ")))
        })
    }
}

impl std::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Algorithm {
    /// About how many bytes a cell the generator needs besides the maze's own walls, for a
    /// maze of `cells` cells (peak resident memory measured on 4000 × 4000 and 16000 × 16000
    /// squares, rounded up): Kruskal's edge order and union-find and true Prim's heap take
    /// about 12-14, the depth-first stack about 1, Wilson's walk under 1, Origin Shift's parent doors 1, the others a bit or
    /// two a cell at most. On a whole square lattice (`square_lattice`: no mask, wrapping or
    /// levels) above [`KRUSKAL_LEAN_ABOVE`] cells, Kruskal works tile by tile in under 1.
    /// For warning before very large mazes.
    pub fn bytes_per_cell(self, cells: u64, square_lattice: bool) -> f64 {
        match self {
            Algorithm::Kruskal if square_lattice && cells > KRUSKAL_LEAN_ABOVE => 1.0,
            Algorithm::Kruskal => 12.0,
            Algorithm::PrimTrue => 14.0,
            Algorithm::RecursiveBacktracker | Algorithm::Wilson | Algorithm::OriginShift => 1.0,
            _ => 0.25,
        }
    }

    /// Whether [`RowStream`] makes this algorithm's mazes a row at a time (Eller,
    /// sidewinder, binary tree), in memory proportional to the width.
    pub fn streams(self) -> bool {
        matches!(self, Algorithm::Eller | Algorithm::Sidewinder | Algorithm::BinaryTree)
    }

    /// Whether the algorithm runs on this shape.
    pub fn supports<S: Shape>(self, shape: &S) -> bool {
        !self.needs_grid() || shape.grid().is_some()
    }

    /// Checks that the algorithm runs on this shape, before any work.
    ///
    /// # Errors
    /// [`Error::Unsupported`], as [`Algorithm::generate`] would give it, if the algorithm
    /// needs rows the shape lacks.
    pub fn check_supports<S: Shape>(self, shape: &S) -> Result<(), Error> {
        if self.needs_grid() { need_grid(shape, self).map(|_| ()) } else { Ok(()) }
    }

    /// Carves `maze` (all walls closed on entry, as [`Maze::new`] leaves it) into a perfect
    /// maze. The entrance and exit are not opened; see [`Maze::open_entrance_and_exit`].
    ///
    /// On a woven shape ([`Shape::WOVEN`]) the crossings still to be laid out are drawn from
    /// `rng` first ([`Shape::draw_layout`]) and, once carved, the maze is settled
    /// ([`Shape::settle`]): the maze may end on another layout of the same walls, and the
    /// observer hears the steps in the cell ids of that final shape.
    ///
    /// # Errors
    /// [`Error::Unsupported`] if the algorithm needs rows the shape lacks.
    pub fn generate<S: Shape, R: Random, O: Observer>(
        self,
        maze: &mut Maze<S>,
        options: &Options,
        rng: &mut R,
        obs: &mut O,
    ) -> Result<(), Error> {
        if !S::WOVEN {
            // A shape type that stands for several shapes (an Erased one) cannot lay out and
            // settle crossings: it is for the work after making a maze.
            if maze.shape().woven() {
                return Err(Error::Unsupported {
                    algorithm: self.name(),
                    shape: "woven (erased)",
                    needs: "a woven maze made on its own shape type",
                });
            }
            return self.carve_all(maze, options, rng, obs);
        }
        if let Some(shape) = maze.shape().draw_layout(rng) {
            maze.set_shape(shape);
        }
        if !O::ACTIVE {
            self.carve_all(maze, options, rng, obs)?;
            let shape = maze.shape().clone();
            if let Some(settled) = shape.settle(maze.passages_mut()) {
                maze.set_shape(settled.shape);
            }
            return Ok(());
        }
        // Steps are held back until the cells' final ids are known.
        let mut steps = crate::observe::Trace::with_limit(usize::MAX);
        self.carve_all(maze, options, rng, &mut steps)?;
        let before = maze.shape().clone();
        let settled = before.settle(maze.passages_mut());
        let closed: std::collections::HashSet<crate::WallId> =
            settled.as_ref().map(|s| s.closed.iter().copied().collect()).unwrap_or_default();
        for event in steps.events {
            let cell = |c: CellId| settled.as_ref().map_or(c, |s| s.cells[c.index()]);
            obs.on(match event {
                Event::Carve(c, d) if closed.contains(&before.wall(c, S::Door::from_index(d))) => continue,
                Event::Carve(c, d) => Event::Carve(cell(c), d),
                Event::Wall(c, d) => Event::Wall(cell(c), d),
                Event::Visit(c) => Event::Visit(cell(c)),
                Event::Frontier(c) => Event::Frontier(cell(c)),
                Event::Backtrack(c) => Event::Backtrack(cell(c)),
                Event::OnPath(c) => Event::OnPath(cell(c)),
                Event::Dead(c) => Event::Dead(cell(c)),
                e @ Event::Reset { .. } => e,
            });
        }
        if let Some(settled) = settled {
            maze.set_shape(settled.shape);
        }
        Ok(())
    }

    /// The generator itself, on the shape as it is.
    fn carve_all<S: Shape, R: Random, O: Observer>(
        self,
        maze: &mut Maze<S>,
        options: &Options,
        rng: &mut R,
        obs: &mut O,
    ) -> Result<(), Error> {
        match self {
            Algorithm::Kruskal => kruskal(maze, rng, obs),
            Algorithm::AldousBroder => aldous_broder(maze, rng, obs),
            Algorithm::RecursiveBacktracker => recursive_backtracker(maze, rng, obs),
            Algorithm::Wilson => wilson(maze, rng, obs),
            Algorithm::Prim => prim(maze, rng, obs),
            Algorithm::PrimTrue => prim_true(maze, rng, obs),
            Algorithm::PrimModified => prim_modified(maze, rng, obs),
            Algorithm::HuntAndKill => hunt_and_kill(maze, rng, obs),
            Algorithm::GrowingTree => growing_tree(maze, options.policy, rng, obs),
            Algorithm::QuadDivision => quad_division(maze, rng, obs)?,
            Algorithm::BinaryTree => binary_tree(maze, options.corner, rng, obs)?,
            Algorithm::Eller => eller(maze, rng, obs)?,
            Algorithm::Sidewinder => sidewinder(maze, rng, obs)?,
            Algorithm::RecursiveDivision => recursive_division(maze, rng, obs)?,
            Algorithm::OriginShift => origin_shift(maze, options.steps, rng, obs),
        }
        Ok(())
    }
}

/// Opens the wall behind `door` and reports it.
#[inline(always)]
pub(crate) fn carve<S: Shape, O: Observer>(maze: &mut Maze<S>, cell: CellId, door: S::Door, obs: &mut O) {
    maze.carve(cell, door);
    obs.on(Event::Carve(cell, door.index()));
}

/// On a [`Shape::square_lattice`] `w` cells wide, by door (north, east, south, west): what
/// to add to a cell id to step through the door, and to twice the id to get the wall's id
/// (east `2·id`, south `2·id + 1`; additions wrap).
#[inline]
pub(crate) fn square_steps(w: u32) -> ([u32; 4], [u64; 4]) {
    let step = [w.wrapping_neg(), 1, w, u32::MAX];
    let wall = [(1u64).wrapping_sub(2 * u64::from(w)), 0, 1, 2u64.wrapping_neg()];
    (step, wall)
}

/// The row layout, or the error naming the algorithm that needed it.
pub(crate) fn need_grid<S: Shape>(shape: &S, algorithm: Algorithm) -> Result<Grid<S::Door>, Error> {
    shape.grid().ok_or(Error::Unsupported {
        algorithm: algorithm.name(),
        shape: shape.spec().topology_name(),
        needs: "cells in rows with north, east, south and west doors",
    })
}

/// A dense bitset over cells, for "visited" and "in the tree" flags.
#[derive(Clone, Debug)]
pub(crate) struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    pub(crate) fn new(cells: u32) -> Self {
        CellSet { words: vec![0; (cells as usize).div_ceil(64)] }
    }
    #[inline(always)]
    pub(crate) fn contains(&self, c: CellId) -> bool {
        self.words[c.index() >> 6] & (1 << (c.0 & 63)) != 0
    }
    #[inline(always)]
    pub(crate) fn insert(&mut self, c: CellId) {
        self.words[c.index() >> 6] |= 1 << (c.0 & 63);
    }
    /// The first id in `from..to` that is in the set (`present`) or not in it, a word at a
    /// time; `to` if there is none. `to` must not exceed the `cells` the set was made for.
    pub(crate) fn first_from(&self, from: u32, to: u32, present: bool) -> u32 {
        let flip = if present { 0 } else { u64::MAX };
        let mut i = (from >> 6) as usize;
        if from >= to {
            return to;
        }
        let mut word = (self.words[i] ^ flip) & (u64::MAX << (from & 63));
        loop {
            if word != 0 {
                return (i as u32 * 64 + word.trailing_zeros()).min(to);
            }
            i += 1;
            if i as u64 * 64 >= u64::from(to) {
                return to;
            }
            word = self.words[i] ^ flip;
        }
    }
}

/// Moves bit i of the low 32 bits to bit 2i (interleaving with zeros): square cells' east
/// and south walls alternate in the wall bits, so a run of cells' east walls is a spread word.
#[inline(always)]
pub(crate) fn spread(mut x: u64) -> u64 {
    x &= 0xFFFF_FFFF;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}
