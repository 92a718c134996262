//! Cursors: a cell together with what its shape needs to find the cell's neighbours without
//! locating the cell again (its column and row, its ring).
//!
//! Turning a bare cell id into coordinates costs a division or a table search, and an
//! algorithm that moves from cell to neighbour (a random walk, a depth-first stack) would pay
//! it on every step. A cursor carries the coordinates along instead: each shape names its
//! cursor type ([`Shape::Cursor`]), so generic algorithms get every shape's fast path the
//! same way, with no knowledge of the shape. Shapes without a faster one use [`CellCursor`].

use std::fmt::Debug;

use super::{Adjacent, CellId, Shape, WallId};
use crate::random::{Pool, Random};

/// A cell and its coordinates, for algorithms that move from neighbour to neighbour.
pub trait Cursor<S: Shape>: Copy + Debug + Send + Sync + 'static {
    /// The cursor on `cell` (this is where the shape locates the cell, once).
    fn at(shape: &S, cell: CellId) -> Self;

    /// The cell under the cursor.
    fn cell(self) -> CellId;

    /// The cell's neighbours, the same as [`Shape::adjacent`] on [`cell`](Cursor::cell) but
    /// without locating the cell.
    #[inline(always)]
    fn adjacent(self, shape: &S) -> Adjacent<S::Door> {
        shape.adjacent(self.cell())
    }

    /// The wall behind `door`, an inner door of the cell, where `adj` is this cursor's
    /// [`adjacent`](Cursor::adjacent). The default reads it from `adj`; a cursor that finds
    /// one wall by itself more cheaply computes it, and then the compiler need not fill
    /// `adj`'s walls at all (the upsilon backtracker gains 6% so).
    #[inline(always)]
    fn wall(self, _shape: &S, adj: &Adjacent<S::Door>, door: S::Door) -> WallId {
        adj.wall(door)
    }

    /// The cursor on `to`, the neighbour behind `door` (as [`adjacent`](Cursor::adjacent)
    /// gave it).
    fn through(self, shape: &S, door: S::Door, to: CellId) -> Self;

    /// One step of a random walk: moves to a uniformly chosen neighbour and returns the door
    /// taken, or `None` when the cell has no neighbour. The default draws as
    /// [`DoorSet::choose_pooled`](super::DoorSet::choose_pooled) over the
    /// [`adjacent`](Cursor::adjacent) doors; a shape may draw its own way, but always the same
    /// way, so that a seed keeps giving the same maze.
    #[inline(always)]
    fn random_step<R: Random + ?Sized>(
        &mut self,
        shape: &S,
        pool: &mut Pool,
        rng: &mut R,
    ) -> Option<S::Door> {
        let adj = self.adjacent(shape);
        let d = adj.doors().choose_pooled(pool, rng)?;
        *self = self.through(shape, d, adj.cell(d));
        Some(d)
    }
}

/// The cursor of shapes that locate a cell cheaply: the cell id alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellCursor(pub CellId);

impl<S: Shape> Cursor<S> for CellCursor {
    #[inline(always)]
    fn at(_shape: &S, cell: CellId) -> Self {
        CellCursor(cell)
    }

    #[inline(always)]
    fn cell(self) -> CellId {
        self.0
    }

    #[inline(always)]
    fn through(self, _shape: &S, _door: S::Door, to: CellId) -> Self {
        CellCursor(to)
    }
}
