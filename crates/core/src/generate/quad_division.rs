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
    // The dividing line east of column `col` over rows `rows`, open at `gaps` (observed: its
    // walls appear; unobserved: the gaps are carved).
    let east_line = |maze: &mut Maze<S>, col: u32, rows: std::ops::Range<u32>, gaps: &[u32], obs: &mut O| {
        if O::ACTIVE {
            for r in rows.filter(|r| !gaps.contains(r)) {
                maze.build_wall(g.at(col, r), g.east);
                obs.on(Event::Wall(g.at(col, r), g.east.index()));
            }
        } else {
            for &r in gaps {
                carve(maze, g.at(col, r), g.east, obs);
            }
        }
    };
    let south_line = |maze: &mut Maze<S>, row: u32, cols: std::ops::Range<u32>, gaps: &[u32], obs: &mut O| {
        if O::ACTIVE {
            for c in cols.filter(|c| !gaps.contains(c)) {
                maze.build_wall(g.at(c, row), g.south);
                obs.on(Event::Wall(g.at(c, row), g.south.index()));
            }
        } else {
            for &c in gaps {
                carve(maze, g.at(c, row), g.south, obs);
            }
        }
    };
    while let Some((x, y, w, h)) = rooms.pop() {
        let (mx, my) = (x + w / 2, y + h / 2);
        match (w >= 2, h >= 2) {
            (false, false) => {}
            (true, false) => {
                east_line(maze, mx - 1, y..y + 1, &[y], obs);
                rooms.push((x, y, w / 2, 1));
                rooms.push((mx, y, w - w / 2, 1));
            }
            (false, true) => {
                south_line(maze, my - 1, x..x + 1, &[x], obs);
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
                east_line(maze, mx - 1, y..y + h, &rows, obs);
                south_line(maze, my - 1, x..x + w, &cols, obs);
                rooms.push((x, y, w / 2, h / 2));
                rooms.push((mx, y, w - w / 2, h / 2));
                rooms.push((x, my, w / 2, h - h / 2));
                rooms.push((mx, my, w - w / 2, h - h / 2));
            }
        }
    }
    Ok(())
}
