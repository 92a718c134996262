//! Recursive division, the classic wall adder.

use super::{Algorithm, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{Door, Shape};

/// Recursive division: start with every inner wall open; split each room at least two cells
/// wide and high by a wall across it (across the longer side; at random for squares) with
/// one gap, and go on in both halves. Rooms one cell wide or high are corridors, already
/// trees.
///
/// Bias: long straight walls and a boxy, rectangular feel; the first walls are obvious
/// bottlenecks. Time O(N log N) worst case (each cell is walled O(log N) times at most);
/// memory O(log N) rooms on an explicit stack.
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn recursive_division<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::RecursiveDivision)?;
    maze.open_all_inner();
    obs.on(Event::Reset { open: true });
    let mut rooms = vec![(0u32, 0u32, g.width, g.height)];
    while let Some((x, y, w, h)) = rooms.pop() {
        if w < 2 || h < 2 {
            continue;
        }
        let horizontal = match h.cmp(&w) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => rng.next_u64() & 1 == 0,
        };
        if horizontal {
            let wy = y + 1 + rng.below(u64::from(h - 1)) as u32;
            let gap = x + rng.below(u64::from(w)) as u32;
            for c in (x..x + w).filter(|&c| c != gap) {
                let cell = g.at(c, wy - 1);
                maze.build_wall(cell, g.south);
                obs.on(Event::Wall(cell, g.south.index()));
            }
            rooms.push((x, y, w, wy - y));
            rooms.push((x, wy, w, y + h - wy));
        } else {
            let wx = x + 1 + rng.below(u64::from(w - 1)) as u32;
            let gap = y + rng.below(u64::from(h)) as u32;
            for r in (y..y + h).filter(|&r| r != gap) {
                let cell = g.at(wx - 1, r);
                maze.build_wall(cell, g.east);
                obs.on(Event::Wall(cell, g.east.index()));
            }
            rooms.push((x, y, wx - x, h));
            rooms.push((wx, y, x + w - wx, h));
        }
    }
    Ok(())
}
