//! The binary tree algorithm (document 002).

use super::{Algorithm, carve, need_grid, spread};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Pool;
use crate::random::Random;
use crate::shape::{Door, Shape};

/// The two directions the binary tree may carve from each cell; the corner they point to is
/// the root of the tree, and the two sides meeting there become straight open corridors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Corner {
    /// North or east (document 002: "carve the right wall, otherwise the upper wall").
    #[default]
    NorthEast,
    /// North or west.
    NorthWest,
    /// South or east.
    SouthEast,
    /// South or west.
    SouthWest,
}

impl Corner {
    /// Every corner, in listing order.
    pub const ALL: &'static [Corner] =
        &[Corner::NorthEast, Corner::NorthWest, Corner::SouthEast, Corner::SouthWest];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Corner::NorthEast => "north-east",
            Corner::NorthWest => "north-west",
            Corner::SouthEast => "south-east",
            Corner::SouthWest => "south-west",
        }
    }
}

impl std::fmt::Display for Corner {
    /// The name [`Corner::name`] gives (which parses back).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Corner {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let key = s.trim().to_ascii_lowercase();
        let key = match key.as_str() {
            "ne" | "northeast" => "north-east",
            "nw" | "northwest" => "north-west",
            "se" | "southeast" => "south-east",
            "sw" | "southwest" => "south-west",
            other => other,
        };
        Corner::ALL.iter().copied().find(|c| c.name() == key).ok_or_else(|| {
            Error::Parameter(format!(
                "unknown bias '{s}' (expected north-east, north-west, south-east or south-west)"
            ))
        })
    }
}

/// Binary tree: every cell opens one of two walls chosen by a coin flip — towards the
/// `corner`'s vertical side or its horizontal side. Cells on the corner's row can only go
/// sideways and cells on its column only vertically, so those two sides become unbroken
/// corridors.
///
/// Bias: strong — every route to the corner runs monotonically towards it, so the maze is
/// easy from the opposite corner; ≈25% dead ends. Time O(N) with one random word per 64
/// cells; memory: nothing beyond the maze.
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn binary_tree<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    corner: Corner,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::BinaryTree)?;
    let (vertical, horizontal) = match corner {
        Corner::NorthEast => (g.north, g.east),
        Corner::NorthWest => (g.north, g.west),
        Corner::SouthEast => (g.south, g.east),
        Corner::SouthWest => (g.south, g.west),
    };
    let edge_row = if matches!(corner, Corner::NorthEast | Corner::NorthWest) { 0 } else { g.height - 1 };
    let edge_col = if matches!(corner, Corner::NorthEast | Corner::SouthEast) { g.width - 1 } else { 0 };
    let mut pool = Pool::new();
    // Unwatched north-east trees on square cells: 32 cells per step, coins spread straight
    // into the wall bits (the same coins, so the same maze as the cell-by-cell loop below).
    if !O::ACTIVE
        && corner == Corner::NorthEast
        && let Some((w, h)) = maze.shape().square_lattice()
    {
        let w = u64::from(w);
        let open = maze.passages_mut();
        // Row 0: east walls of every cell but the last.
        for x in 0..w - 1 {
            open.or_bits(2 * x, 1);
        }
        for y in 1..u64::from(h) {
            let row = y * w;
            let mut x0 = 0;
            while x0 < w - 1 {
                let k = (w - 1 - x0).min(32) as u32;
                let coins = pool.take(rng, k);
                let east = spread(coins);
                let north = spread(!coins & ((1u64 << k) - 1));
                open.or_bits(2 * (row + x0), east);
                open.or_bits(2 * (row - w + x0) + 1, north);
                x0 += u64::from(k);
            }
            open.or_bits(2 * (row - 1) + 1, 1);
        }
        return Ok(());
    }
    let shape = maze.shape().clone();
    for y in 0..g.height {
        for x in 0..g.width {
            let cell = g.at(x, y);
            obs.on(Event::Visit(cell));
            let door = match (y == edge_row, x == edge_col) {
                (true, true) => continue,
                (true, false) => horizontal,
                (false, true) => vertical,
                (false, false) => {
                    // Both wall ids, then a data-dependent select rather than a branch:
                    // a coin flip is unpredictable by definition.
                    let (wh, wv) = (shape.wall(cell, horizontal), shape.wall(cell, vertical));
                    let flip = pool.flip(rng);
                    maze.open_wall(if flip { wh } else { wv });
                    obs.on(Event::Carve(cell, if flip { horizontal.index() } else { vertical.index() }));
                    continue;
                }
            };
            carve(maze, cell, door, obs);
        }
    }
    Ok(())
}
