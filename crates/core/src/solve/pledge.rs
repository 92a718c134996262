//! The Pledge algorithm: a wall follower that counts its turns.

use std::f64::consts::{PI, TAU};

use super::{LoopErasedWalk, Solution, no_path};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, DoorKind, Shape};

/// The direction of `door` seen from inside `cell`, in radians, counter-clockwise on screen
/// (y grows downwards in drawing units, so the y difference is negated): from the cell's
/// centre to the middle of the wall the door pierces. `None` for a door with no direction in
/// the plane (a stair between levels) or a degenerate wall.
fn door_angle<S: Shape>(shape: &S, cell: CellId, door: S::Door) -> Option<f64> {
    if matches!(shape.door_kind(cell, door), DoorKind::Stair { .. }) {
        return None;
    }
    let c = shape.centre(cell);
    let [a, b] = shape.wall_segment(cell, door);
    let (dx, dy) = ((a.x + b.x) / 2.0 - c.x, -((a.y + b.y) / 2.0 - c.y));
    (dx.abs() + dy.abs() > 1e-12).then(|| crate::math::atan2(dy, dx))
}

/// `a` brought into `[-π, π)`.
fn wrap_angle(a: f64) -> f64 {
    let r = (a + PI).rem_euclid(TAU) - PI;
    if r >= PI { r - TAU } else { r }
}

/// Whether the walker walks straight on or keeps its left hand on a wall.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Free,
    Follow,
}

/// The Pledge algorithm (John Pledge, aged 12; Abelson and diSessa, *Turtle Geometry*),
/// with the left hand on the wall.
///
/// The rule: the walker keeps a preferred direction, the one it faces when it enters the
/// start cell (through the start's outer door, or if it has none as if through its first
/// door). It walks straight on in that direction until a wall stops it; it then puts its
/// left hand on that wall (turning right) and follows it, adding up every turn it makes
/// (left positive, right negative, a U-turn at a dead end counting as a half turn to the
/// right). When the sum comes back to zero it faces the preferred direction again and lets
/// go of the wall, walking straight on. It stops when it stands on the goal cell; that is
/// what "escaping" means here, as the goal is a cell and not the outside.
///
/// Turning on any shape: a door's direction is the angle from the cell's centre to the
/// middle of the wall the door pierces. Entering a cell through door `e` the walker faces
/// `angle(e) + π`; leaving by door `d` it turns by `angle(d) − angle(e) − π`, brought into
/// [−π, π) (so going back out by `e` is a right-hand U-turn, −π). The turn is measured
/// inside one cell, so curved rows (polar), seams (wrap) and stairs need no global
/// compass: a stair keeps the heading and counts as straight on (turn 0), a U-turn down
/// the stair it came up counts −π. On square and hexagonal cells "straight on" is the door
/// opposite and turns are multiples of 90° or 60°. Where cells have no door straight
/// ahead (triangles) or doors at arbitrary angles (polar, octagons), "facing the preferred
/// direction" means a turn sum within half the cell's door spacing (π over its number of
/// doors) of zero: a free walker takes the open door that brings the sum nearest zero
/// within that margin (on triangles it zigzags), and a wall follower lets go when its sum
/// falls within it. On squares and hexagons the margin admits only exact zero.
/// Following the wall tries the doors in the shape's clockwise order
/// ([`Shape::turn`]) from the one beside the way in round to the U-turn, as the left-hand
/// [`wall_follower`](super::wall_follower) does (so a stair keeps its place in the round);
/// on hitting a wall it tries first the open doors to its right (a negative turn), then the
/// U-turn, then the ones to its left, each counted a full turn less (it went round to
/// them the right-hand way).
///
/// Bias: it leaves walls that a plain wall follower would keep to, so it escapes from
/// islands (walls detached from the outer wall) that trap the wall follower, heading on
/// the whole in the preferred direction; it is not shortest. On a perfect maze it reaches
/// every goal a wall follower reaches in practice (the property tests check it on every
/// shape), but unlike the wall follower it has no proof of arrival at an inner goal: like
/// the original it is made to get out, not to find a cell. It gives up, with
/// [`Error::NoPath`], after `8 · cells · doors + 64` steps (doors: the shape's door count),
/// so it never circles forever.
///
/// When it gives up: Pledge's proof (the walker cannot circle for ever) is for a walker
/// in the plane that lets go of a wall the moment it faces the preferred direction. This
/// walker turns at cell steps only, door to door. Where the walls run along the doors'
/// directions (square cells) a wall follower's heading between steps is a door's, and the
/// two walkers agree. Hexagons and sigma cells have walls at 30° to every door direction,
/// so the turn count returns to zero at other places than the walker in the plane's would,
/// the proof no longer holds, and on braided hex and sigma mazes (loops) the walker can
/// fall into a cycle. Measured on 12 × 9 and 20 × 10 braided mazes (Kruskal, backtracker,
/// Wilson; braid 0.5 and 1; 60 mazes a shape and size): from the entrance to the exit (both
/// on the outer wall, the default) it always arrived; from a start inside the maze (to the
/// exit or to another inner cell) it cycled in about a quarter of the runs on 12 × 9 hex and
/// sigma mazes and in 40 % (hex) to 65 % (sigma) on 20 × 10 ones; never on squares. It gives up
/// at its step bound with [`Error::NoPath`] (the command line prints the one-line reason
/// and suggests tremaux or bfs), never circling for ever and never panicking.
///
/// Time O(steps), at most that bound (in practice a few passes over the maze, like the
/// wall follower); memory one bit per cell plus the loop-erased path (a `u32` per cell).
///
/// # Errors
/// [`Error::NoPath`] if the goal is unreachable or the walker gives up at its step bound.
pub fn pledge<S: Shape, O: Observer>(
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    obs: &mut O,
) -> Result<Solution, Error> {
    let shape = maze.shape();
    let n = maze.cell_count();
    let mut walk = LoopErasedWalk::new(n, from);
    obs.on(Event::Visit(from));
    let limit = 8 * u64::from(n) * u64::from(shape.door_count()) + 64;
    // The door the walker came in by (the start's outer door, or its first door) and the
    // heading it faced on entering, in the current cell's own frame.
    let mut came = shape
        .outer_door(from, false)
        .or_else(|| shape.doors(from).iter().next())
        .ok_or_else(|| no_path(from, to))?;
    let mut heading = door_angle(shape, from, came).map_or(0.0, |a| a + PI);
    let mut sum = 0.0f64;
    let mut mode = Mode::Free;
    let mut cur = from;
    let mut steps = 0u64;
    while cur != to {
        steps += 1;
        if steps > limit {
            return Err(Error::NoPath(format!(
                "the Pledge walker gave up after {limit} steps without reaching cell {} from cell {}: the maze has loops it keeps circling (try tremaux or bfs)",
                to.0, from.0
            )));
        }
        let open = maze.open_doors(cur);
        if open.is_empty() {
            return Err(no_path(from, to));
        }
        let doors = shape.doors(cur);
        let margin = PI / f64::from(doors.len().max(1)) + 1e-9;
        // The turn to leave by `d`: the U-turn is −π, a stair is straight on.
        let turn = |d: S::Door| -> f64 {
            if d == came {
                return -PI;
            }
            door_angle(shape, cur, d).map_or(0.0, |a| wrap_angle(a - heading))
        };
        // Among open doors, the best by `key` (largest; ties to the lower door index).
        let best = |key: &dyn Fn(S::Door) -> Option<f64>| {
            let mut pick: Option<(S::Door, f64)> = None;
            for d in open.iter() {
                if let Some(k) = key(d)
                    && pick.is_none_or(|(_, best)| k > best + 1e-9)
                {
                    pick = Some((d, k));
                }
            }
            pick.map(|(d, _)| d)
        };
        let straight = || {
            best(&|d| {
                let after = (sum + turn(d)).abs();
                (d != came && after <= margin).then_some(-after)
            })
        };
        // The doors clockwise from the one beside the way in round to the way back: the
        // left hand's order, as the wall follower tries them.
        let mut order = Vec::with_capacity(usize::from(shape.door_count()));
        let mut d = came;
        loop {
            d = shape.turn(cur, d, true);
            order.push(d);
            if d == came || order.len() > usize::from(shape.door_count()) {
                break;
            }
        }
        let first_open =
            |keep: &dyn Fn(S::Door) -> bool| order.iter().copied().find(|&d| open.contains(d) && keep(d));
        let (door, t) = match mode {
            Mode::Free => match straight() {
                Some(d) => (d, turn(d)),
                None => {
                    mode = Mode::Follow;
                    // The hand goes on the wall ahead: the first open door to the right, else
                    // back, else round to the left ones (a full turn less).
                    if let Some(d) = first_open(&|d| d != came && turn(d) < 0.0) {
                        (d, turn(d))
                    } else if open.contains(came) {
                        (came, -PI)
                    } else {
                        let d = first_open(&|_| true).ok_or_else(|| no_path(from, to))?;
                        (d, turn(d) - TAU)
                    }
                }
            },
            Mode::Follow => {
                let d = first_open(&|_| true).ok_or_else(|| no_path(from, to))?;
                (d, turn(d))
            }
        };
        sum += t;
        if mode == Mode::Follow && sum.abs() <= margin {
            mode = Mode::Free;
        }
        let Some(next) = shape.neighbour(cur, door) else { return Err(no_path(from, to)) };
        let entry = shape.opposite(cur, door);
        // The heading on entering the next cell, in its own frame; a stair keeps it.
        let leaving = door_angle(shape, cur, door).unwrap_or(heading);
        heading = door_angle(shape, next, entry).map_or(leaving, |a| wrap_angle(a + PI));
        came = entry;
        if !walk.seen(next) {
            obs.on(Event::Visit(next));
        }
        walk.step(next);
        cur = next;
    }
    Ok(walk.finish())
}
