//! Division into quadrants (document 001), for any width and height.

use super::{Algorithm, carve, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{Door, Grid, Shape};

/// Quad division: treat the whole grid as one room and split it into four quadrants; of the
/// four sides between quadrants, three get one opening and one stays closed (the quadrants
/// then form a tree). Repeat inside every quadrant until rooms are single cells. A room one
/// cell wide or high splits in two, with one opening. Document 001 splits an open side in
/// halves, keeping one half open, down to one cell; that is the same as opening one cell of
/// the side, which we pick uniformly, so any width and height work, not only 2^k.
///
/// Unobserved, it carves only the openings into a closed grid (every inner wall lies on
/// exactly one dividing line, so that is the whole maze). Observed, it shows what document
/// 001 draws: the field starts open ([`Event::Reset`]) and each room's dividing walls appear
/// ([`Event::Wall`]), all but the openings, level by level as the document describes:
/// every room of one size is divided before any smaller one. Both make the same maze for
/// the same seed (the random numbers are drawn in the same order; only the order the walls
/// are shown in differs).
///
/// Bias: long straight walls along the quadrant lines, with a visible recursive block
/// structure. Time O(N) (observed, O(N log N) to sort the lines by level); memory O(log N)
/// for the stack of rooms (observed, O(N) for the lines kept until they are shown).
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn quad_division<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::QuadDivision)?;
    if O::ACTIVE {
        maze.open_all_inner();
        obs.on(Event::Reset { open: true });
    }
    // Rooms to divide, with their depth (0 for the whole field).
    let mut rooms = vec![(0u32, 0u32, g.width, g.height, 0u32)];
    let pick = |rng: &mut R, from: u32, to: u32| from + rng.below(u64::from(to - from)) as u32;
    // Observed, the dividing lines are kept and shown level by level afterwards; the random
    // numbers are drawn in the same order either way, so the maze is the same.
    let mut lines: Vec<Line> = Vec::new();
    let mut line = |maze: &mut Maze<S>, obs: &mut O, l: Line| {
        if O::ACTIVE {
            lines.push(l);
        } else {
            l.divide(maze, &g, obs);
        }
    };
    while let Some((x, y, w, h, depth)) = rooms.pop() {
        let (mx, my) = (x + w / 2, y + h / 2);
        let at = (depth, y, x);
        match (w >= 2, h >= 2) {
            (false, false) => {}
            (true, false) => {
                line(
                    maze,
                    obs,
                    Line { at, vertical: true, fixed: mx - 1, along: y..y + 1, gaps: [Some(y), None] },
                );
                rooms.push((x, y, w / 2, 1, depth + 1));
                rooms.push((mx, y, w - w / 2, 1, depth + 1));
            }
            (false, true) => {
                line(
                    maze,
                    obs,
                    Line { at, vertical: false, fixed: my - 1, along: x..x + 1, gaps: [Some(x), None] },
                );
                rooms.push((x, y, 1, h / 2, depth + 1));
                rooms.push((x, my, 1, h - h / 2, depth + 1));
            }
            (true, true) => {
                // The openings of the four sides (upper and lower halves of the vertical
                // line, left and right halves of the horizontal one); one side stays closed.
                let closed = rng.below(4);
                let mut gaps = [None; 4];
                for (side, gap) in gaps.iter_mut().enumerate() {
                    if side as u64 == closed {
                        continue;
                    }
                    *gap = Some(match side {
                        0 => pick(rng, y, my),
                        1 => pick(rng, my, y + h),
                        2 => pick(rng, x, mx),
                        _ => pick(rng, mx, x + w),
                    });
                }
                line(
                    maze,
                    obs,
                    Line { at, vertical: true, fixed: mx - 1, along: y..y + h, gaps: [gaps[0], gaps[1]] },
                );
                line(
                    maze,
                    obs,
                    Line { at, vertical: false, fixed: my - 1, along: x..x + w, gaps: [gaps[2], gaps[3]] },
                );
                rooms.push((x, y, w / 2, h / 2, depth + 1));
                rooms.push((mx, y, w - w / 2, h / 2, depth + 1));
                rooms.push((x, my, w / 2, h - h / 2, depth + 1));
                rooms.push((mx, my, w - w / 2, h - h / 2, depth + 1));
            }
        }
    }
    // Level by level, as document 001 draws it: every room of one size is divided before
    // any smaller one; within a level, rooms in reading order (a room's two lines keep
    // their order: the sort is stable).
    lines.sort_by_key(|l| l.at);
    for l in lines {
        l.divide(maze, &g, obs);
    }
    Ok(())
}

/// One dividing line of a room: a column's east sides (`vertical`) or a row's south sides,
/// at `fixed`, over the cells `along` it, open at `gaps`.
struct Line {
    /// The room's depth and top-left corner `(depth, y, x)`: the order lines are shown in.
    at: (u32, u32, u32),
    vertical: bool,
    fixed: u32,
    along: std::ops::Range<u32>,
    gaps: [Option<u32>; 2],
}

impl Line {
    /// Divides: observed, the walls appear one by one (the field started open); unobserved,
    /// only the gaps are carved (the field started closed).
    fn divide<S: Shape, O: Observer>(self, maze: &mut Maze<S>, g: &Grid<S::Door>, obs: &mut O) {
        let (door, fixed) = (if self.vertical { g.east } else { g.south }, self.fixed);
        let at = |i: u32| if self.vertical { g.at(fixed, i) } else { g.at(i, fixed) };
        let gaps = self.gaps;
        if O::ACTIVE {
            for i in self.along.filter(|&i| !gaps.contains(&Some(i))) {
                maze.build_wall(at(i), door);
                obs.on(Event::Wall(at(i), door.index()));
            }
        } else {
            for i in gaps.into_iter().flatten() {
                carve(maze, at(i), door, obs);
            }
        }
    }
}
