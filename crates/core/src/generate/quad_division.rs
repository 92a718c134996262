//! Division into quadrants (document 001), for any width and height.

use super::{Algorithm, carve, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{Door, Shape};

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
/// ([`Event::Wall`]), all but the openings. Both make the same maze for the same seed.
///
/// Bias: long straight walls along the quadrant lines, with a visible recursive block
/// structure. Time O(N); memory O(log N) for the stack of rooms.
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
    let mut rooms = vec![(0u32, 0u32, g.width, g.height)];
    let pick = |rng: &mut R, from: u32, to: u32| from + rng.below(u64::from(to - from)) as u32;
    while let Some((x, y, w, h)) = rooms.pop() {
        let (mx, my) = (x + w / 2, y + h / 2);
        match (w >= 2, h >= 2) {
            (false, false) => {}
            (true, false) => {
                divide(maze, g.east, y..y + 1, |r| g.at(mx - 1, r), &[y], obs);
                rooms.push((x, y, w / 2, 1));
                rooms.push((mx, y, w - w / 2, 1));
            }
            (false, true) => {
                divide(maze, g.south, x..x + 1, |c| g.at(c, my - 1), &[x], obs);
                rooms.push((x, y, 1, h / 2));
                rooms.push((x, my, 1, h - h / 2));
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
                let rows: Vec<u32> = gaps[..2].iter().flatten().copied().collect();
                let cols: Vec<u32> = gaps[2..].iter().flatten().copied().collect();
                divide(maze, g.east, y..y + h, |r| g.at(mx - 1, r), &rows, obs);
                divide(maze, g.south, x..x + w, |c| g.at(c, my - 1), &cols, obs);
                rooms.push((x, y, w / 2, h / 2));
                rooms.push((mx, y, w - w / 2, h / 2));
                rooms.push((x, my, w / 2, h - h / 2));
                rooms.push((mx, my, w - w / 2, h - h / 2));
            }
        }
    }
    Ok(())
}

/// One dividing line: the cells `at(i)` for `i` in `along`, walled on their `door` side
/// except at `gaps`. Observed, the walls appear one by one (the field started open);
/// unobserved, only the gaps are carved (the field started closed).
fn divide<S: Shape, O: Observer>(
    maze: &mut Maze<S>,
    door: S::Door,
    along: std::ops::Range<u32>,
    at: impl Fn(u32) -> crate::shape::CellId,
    gaps: &[u32],
    obs: &mut O,
) {
    if O::ACTIVE {
        for i in along.filter(|i| !gaps.contains(i)) {
            maze.build_wall(at(i), door);
            obs.on(Event::Wall(at(i), door.index()));
        }
    } else {
        for &i in gaps {
            carve(maze, at(i), door, obs);
        }
    }
}
