//! Trémaux's algorithm.

use super::{LoopErasedWalk, Solution, no_path};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Shape};

/// Trémaux: mark each passage every time it is walked. Arriving at a cell already visited by
/// a fresh passage (now marked once), turn straight back; otherwise take an unmarked passage
/// if there is one, else a passage marked once; never a passage marked twice. It explores
/// like a depth-first search that needs only marks on the floor, and works with loops. The
/// path is the walk with its loops erased.
///
/// Not shortest. Time O(E) (each passage walked at most twice); memory one byte per wall.
///
/// # Errors
/// [`Error::NoPath`] if `to` cannot be reached.
pub fn tremaux<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let shape = maze.shape();
    let mut marks = vec![0u8; shape.wall_count() as usize];
    let mut walk = LoopErasedWalk::new(maze.cell_count(), from);
    obs.on(Event::Visit(from));
    let mut cur = from;
    let mut came: Option<S::Door> = None;
    let mut revisit = false;
    while cur != to {
        let open = maze.open_doors(cur);
        let back = came.filter(|&d| revisit && marks[shape.wall(cur, d).0 as usize] == 1);
        let door = back.or_else(|| {
            let fewest = |limit: u8| {
                open.iter().find(|&d| Some(d) != came && marks[shape.wall(cur, d).0 as usize] < limit)
            };
            fewest(1)
                .or_else(|| fewest(2))
                .or_else(|| came.filter(|&d| marks[shape.wall(cur, d).0 as usize] < 2))
        });
        let Some(door) = door else { return Err(no_path(from, to)) };
        let Some(next) = shape.neighbour(cur, door) else { return Err(no_path(from, to)) };
        marks[shape.wall(cur, door).0 as usize] += 1;
        revisit = walk.seen(next);
        if revisit {
            obs.on(Event::Backtrack(cur));
        } else {
            obs.on(Event::Visit(next));
        }
        walk.step(next);
        came = Some(shape.opposite(cur, door));
        cur = next;
    }
    Ok(walk.finish())
}
