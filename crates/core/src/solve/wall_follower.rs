//! The wall follower (left- or right-hand rule).

use super::{LoopErasedWalk, Solution, no_path};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, Door, Shape};

/// Which hand stays on the wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hand {
    /// Left hand: prefer turning left.
    Left,
    /// Right hand: prefer turning right.
    Right,
}

/// The wall follower: walk keeping one hand on the wall, trying at each cell the doors in
/// turn from the one beside the door we came in by, and the way back last. The path is the
/// walk with its loops erased.
///
/// In a perfect maze it always arrives (it traces the wall of the whole tree). In a maze with
/// loops it may circle an island forever; it detects that (the same cell entered by the same
/// door twice) and fails instead. Time O(N) (each door walked at most twice); memory one bit
/// per cell and door plus the path.
///
/// # Errors
/// [`Error::NoPath`] if the goal is unreachable or the walker is trapped on a loop.
pub fn wall_follower<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    hand: Hand,
    obs: &mut O,
) -> Result<Solution, Error> {
    let shape = maze.shape();
    let n = maze.cell_count();
    let count = usize::from(shape.door_count());
    let mut states = vec![false; n as usize * count];
    let mut walk = LoopErasedWalk::new(n, from);
    obs.on(Event::Visit(from));
    // Enter the start cell as if through its outer wall, or else through its first door.
    let mut came = shape.outer_door(from, false).unwrap_or_else(|| S::Door::from_index(0));
    let mut cur = from;
    // The left hand stays on the wall when doors are tried turning clockwise from the
    // door behind us (with clockwise door order and y growing downwards).
    let clockwise = hand == Hand::Left;
    while cur != to {
        let state = cur.index() * count + usize::from(came.index());
        if states[state] {
            return Err(Error::NoPath(format!(
                "the wall follower is circling an island and cannot reach cell {} from cell {}: the maze has loops (try tremaux or bfs)",
                to.0, from.0
            )));
        }
        states[state] = true;
        let open = maze.open_doors(cur);
        if open.is_empty() {
            return Err(no_path(from, to));
        }
        let mut d = came;
        let door = loop {
            d = shape.turn(cur, d, clockwise);
            if open.contains(d) {
                break d;
            }
            if d == came {
                break d;
            }
        };
        let Some(next) = shape.neighbour(cur, door) else { return Err(no_path(from, to)) };
        came = shape.opposite(cur, door);
        if !walk.seen(next) {
            obs.on(Event::Visit(next));
        }
        walk.step(next);
        cur = next;
    }
    Ok(walk.finish())
}
