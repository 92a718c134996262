//! A random walker for shapes with a row layout ([`Grid`]): it keeps its column and row, so
//! a step costs a few comparisons and additions instead of turning an id back into
//! coordinates. Aldous–Broder and Wilson spend nearly all their time walking.

use crate::random::{Pool, Random};
use crate::shape::{CellId, Grid};

/// Position of a walker on a grid, and the four compass moves in door order N, E, S, W.
pub(crate) struct GridWalker<D> {
    width: u32,
    height: u32,
    x: u32,
    y: u32,
    /// The grid's doors for the moves north, east, south, west.
    pub(crate) doors: [D; 4],
}

impl<D: Copy> GridWalker<D> {
    pub(crate) fn new(g: &Grid<D>, at: CellId) -> Self {
        GridWalker {
            width: g.width,
            height: g.height,
            x: at.0 % g.width,
            y: at.0 / g.width,
            doors: [g.north, g.east, g.south, g.west],
        }
    }

    /// The current cell.
    #[inline(always)]
    pub(crate) fn cell(&self) -> CellId {
        CellId(self.y * self.width + self.x)
    }

    /// Moves to `at` (a jump, not a step).
    pub(crate) fn jump(&mut self, at: CellId) {
        self.x = at.0 % self.width;
        self.y = at.0 / self.width;
    }

    /// Takes one uniformly random step to a neighbouring cell and returns the move taken
    /// (0 north, 1 east, 2 south, 3 west), or `None` on a 1 x 1 grid.
    #[inline(always)]
    pub(crate) fn step<R: Random + ?Sized>(&mut self, pool: &mut Pool, rng: &mut R) -> Option<usize> {
        let mask = u32::from(self.y > 0)
            | u32::from(self.x + 1 < self.width) << 1
            | u32::from(self.y + 1 < self.height) << 2
            | u32::from(self.x > 0) << 3;
        let k = if mask == 0b1111 {
            pool.bits(rng, 2) as usize & 3
        } else {
            let n = mask.count_ones();
            if n == 0 {
                return None;
            }
            let mut m = mask;
            for _ in 0..pool.below16(rng, n) {
                m &= m - 1;
            }
            m.trailing_zeros() as usize
        };
        // Table lookups rather than a branch: the move is random, so a branch on it would
        // be mispredicted three times in four.
        const DX: [u32; 4] = [0, 1, 0, u32::MAX];
        const DY: [u32; 4] = [u32::MAX, 0, 1, 0];
        self.x = self.x.wrapping_add(DX[k]);
        self.y = self.y.wrapping_add(DY[k]);
        Some(k)
    }
}
