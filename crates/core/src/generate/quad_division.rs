//! Division into quadrants (document 001), for any width and height.

use super::{Algorithm, carve, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::Observer;
use crate::random::Random;
use crate::shape::Shape;

/// Quad division: treat the whole grid as one room and split it into four quadrants; of the
/// four sides between quadrants, three get one opening and one stays closed (the quadrants
/// then form a tree). Repeat inside every quadrant until rooms are single cells. A room one
/// cell wide or high splits in two, with one opening. Document 001 splits an open side in
/// halves, keeping one half open, down to one cell; that is the same as opening one cell of
/// the side, which we pick uniformly, so any width and height work, not only 2^k.
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
    let mut rooms = vec![(0u32, 0u32, g.width, g.height)];
    let pick = |rng: &mut R, from: u32, to: u32| from + rng.below(u64::from(to - from)) as u32;
    while let Some((x, y, w, h)) = rooms.pop() {
        let (mx, my) = (x + w / 2, y + h / 2);
        match (w >= 2, h >= 2) {
            (false, false) => {}
            (true, false) => {
                carve(maze, g.at(mx - 1, y), g.east, obs);
                rooms.push((x, y, w / 2, 1));
                rooms.push((mx, y, w - w / 2, 1));
            }
            (false, true) => {
                carve(maze, g.at(x, my - 1), g.south, obs);
                rooms.push((x, y, 1, h / 2));
                rooms.push((x, my, 1, h - h / 2));
            }
            (true, true) => {
                let closed = rng.below(4);
                for side in 0..4 {
                    if side == closed {
                        continue;
                    }
                    match side {
                        0 => carve(maze, g.at(mx - 1, pick(rng, y, my)), g.east, obs),
                        1 => carve(maze, g.at(mx - 1, pick(rng, my, y + h)), g.east, obs),
                        2 => carve(maze, g.at(pick(rng, x, mx), my - 1), g.south, obs),
                        _ => carve(maze, g.at(pick(rng, mx, x + w), my - 1), g.south, obs),
                    }
                }
                rooms.push((x, y, w / 2, h / 2));
                rooms.push((mx, y, w - w / 2, h / 2));
                rooms.push((x, my, w / 2, h - h / 2));
                rooms.push((mx, my, w - w / 2, h - h / 2));
            }
        }
    }
    Ok(())
}
