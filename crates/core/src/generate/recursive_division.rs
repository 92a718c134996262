//! Recursive division, the classic wall adder.

use super::{Algorithm, need_grid, spread};
use crate::Error;
use crate::maze::{Maze, Passages};
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{Door, Shape};

/// Recursive division: start with every inner wall open; split each room at least two cells
/// wide and high by a wall across it (across the longer side; at random for squares) with
/// one gap, and go on in both halves. Rooms one cell wide or high are corridors, already
/// trees.
///
/// Bias: long straight walls and a boxy, rectangular feel; the first walls are obvious
/// bottlenecks. Time O(N): rooms never overlap, so every inner wall is built at most once,
/// and there are fewer rooms than cells (unwatched square mazes open the field a word at a
/// time and never stack a corridor room). Memory: the rooms on an explicit stack, O(log N)
/// of them for typical splits (at most width + height); unwatched square mazes also keep
/// their walls in a scratch copy of 2 bits per cell while dividing (as much as the maze).
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn recursive_division<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::RecursiveDivision)?;
    if !O::ACTIVE
        && let Some((w, h)) = maze.shape().square_lattice()
    {
        square_fast(maze.passages_mut(), w, h, rng);
        return Ok(());
    }
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

/// Square cells, unwatched: the same rooms in the same order with the same draws as the loop
/// above, so the same maze, with fewer branches on the room (its orientation is as random as
/// a coin). The walls are kept in two scratch planes of one bit per cell, east and south, so
/// both orientations run the same code: a split is an offset along one axis and a gap along
/// the other, a wall a start bit and a stride (1 or the width). The planes are interleaved
/// into the maze a word at a time at the end. The stack is a fixed array pushed without
/// branches; rooms less than two cells wide or high (which the loop above stacks and drops
/// without a draw) take no slot.
fn square_fast<R: Random>(open: &mut Passages, w: u32, h: u32, rng: &mut R) {
    let (w64, n) = (u64::from(w), u64::from(w) * u64::from(h));
    let words = n.div_ceil(64) as usize;
    // Every inner wall open: east but in the last column, south but in the last row.
    let mut planes = vec![u64::MAX; 2 * words];
    let (east, south) = planes.split_at_mut(words);
    for y in 0..u64::from(h) {
        let c = y * w64 + w64 - 1;
        east[(c >> 6) as usize] &= !(1 << (c & 63));
    }
    for c in n - w64..words as u64 * 64 {
        south[(c >> 6) as usize] &= !(1 << (c & 63));
    }
    if n % 64 != 0 {
        east[words - 1] &= (1 << (n % 64)) - 1;
    }
    // Each split makes children narrower or lower by one at least, so the stack (the rooms
    // beside the path from the field to the current room) holds fewer than w + h rooms.
    let mut rooms = vec![(0u32, 0u32, 0u32, 0u32); w as usize + h as usize + 2];
    rooms[0] = (0, 0, w, h);
    let mut len = usize::from(w >= 2 && h >= 2);
    while len > 0 {
        len -= 1;
        let (x, y, rw, rh) = rooms[len];
        let horizontal = if rh == rw { rng.next_u64() & 1 == 0 } else { rh > rw };
        // `along`: the side the wall's position is drawn on; `across`: the wall's length.
        let (along, across) = if horizontal { (rh, rw) } else { (rw, rh) };
        let k = 1 + rng.below(u64::from(along - 1)) as u32;
        let gap = rng.below(u64::from(across));
        let (kx, ky) = if horizontal { (0, k) } else { (k, 0) };
        // The wall: east sides of column x + k − 1 (plane 0, a cell per row) or south sides
        // of row y + k − 1 (plane 1, a cell per column): one code path for both.
        let start = u64::from(y + ky - u32::from(ky > 0)) * w64
            + u64::from(x + kx - u32::from(kx > 0))
            + if horizontal { 64 * words as u64 } else { 0 };
        let stride = if horizontal { 1 } else { w64 };
        for i in 0..u64::from(across) {
            let c = start + i * stride;
            planes[(c >> 6) as usize] &= !(1 << (c & 63));
        }
        let c = start + gap * stride;
        planes[(c >> 6) as usize] |= 1 << (c & 63);
        // Top or left child first, so the bottom or right one is split next.
        let first = if horizontal { (x, y, rw, k) } else { (x, y, k, rh) };
        let second = (x + kx, y + ky, rw - kx, rh - ky);
        rooms[len] = first;
        len += usize::from(first.2 >= 2 && first.3 >= 2);
        rooms[len] = second;
        len += usize::from(second.2 >= 2 && second.3 >= 2);
    }
    for j in 0..n.div_ceil(32) {
        let half = |plane: usize| planes[plane * words + (j >> 1) as usize] >> (32 * (j & 1)) & 0xFFFF_FFFF;
        open.or_bits(64 * j, spread(half(0)) | spread(half(1)) << 1);
    }
}
