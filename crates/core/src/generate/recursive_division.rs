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
/// a coin). The walls are kept in two scratch planes laid out so that every wall is a run of
/// consecutive bits, cleared a word at a time: south sides row by row, east sides column by
/// column (each row or column padded to whole words). Both orientations run the same code: a
/// split is an offset along one axis and a gap along the other. At the end the east plane is
/// turned back to rows 64 × 64 bits at a time and both are interleaved into the maze. The
/// stack is a fixed array pushed without branches; rooms less than two cells wide or high
/// (which the loop above stacks and drops without a draw) take no slot.
fn square_fast<R: Random>(open: &mut Passages, w: u32, h: u32, rng: &mut R) {
    // Words per row of the south plane and per column of the east plane.
    let (row_words, col_words) = ((w as usize).div_ceil(64), (h as usize).div_ceil(64));
    let south_len = row_words * h as usize;
    let mut planes = vec![0u64; south_len + col_words * w as usize];
    // Every inner wall open: south but in the last row, east but in the last column.
    let (south, east) = planes.split_at_mut(south_len);
    for r in 0..h.saturating_sub(1) as usize {
        set_run(&mut south[r * row_words..], 0, u64::from(w));
    }
    for c in 0..w.saturating_sub(1) as usize {
        set_run(&mut east[c * col_words..], 0, u64::from(h));
    }
    // Each split makes children narrower or lower by one at least, so the stack (the rooms
    // beside the path from the field to the current room) holds fewer than w + h rooms.
    let mut rooms = vec![(0u32, 0u32, 0u32, 0u32); w as usize + h as usize + 2];
    let mut len = 0;
    let (row_bits, col_bits) = (64 * row_words as u64, 64 * col_words as u64);
    // The room being split is held apart from the stack: it is most often the second child
    // of the split before, which then never makes the round trip through memory.
    let mut room = (0, 0, w, h);
    while room.2 >= 2 && room.3 >= 2 {
        let (x, y, rw, rh) = room;
        let horizontal = if rh == rw { rng.next_u64() & 1 == 0 } else { rh > rw };
        // `along`: the side the wall's position is drawn on; `across`: the wall's length.
        let (along, across) = if horizontal { (rh, rw) } else { (rw, rh) };
        // A room two cells along has one place for its wall: `below(1)` takes a word and
        // answers 0, whatever the word.
        let k = if along == 2 {
            rng.next_u64();
            1
        } else {
            1 + rng.below(u64::from(along - 1)) as u32
        };
        let gap = rng.below(u64::from(across));
        let (kx, ky) = if horizontal { (0, k) } else { (k, 0) };
        // The wall: south sides of row y + k − 1 from column x, or east sides of column
        // x + k − 1 from row y, as a run in its plane.
        let (line, from) = if horizontal { (y + k - 1, x) } else { (x + k - 1, y) };
        let (base, stride) = if horizontal { (0, row_bits) } else { (64 * south_len as u64, col_bits) };
        let start = base + u64::from(line) * stride + u64::from(from);
        clear_run(&mut planes, start, u64::from(across));
        let c = start + gap;
        planes[(c >> 6) as usize] |= 1 << (c & 63);
        // Top or left child first, so the bottom or right one is split next (as the loop
        // above, which stacks both and takes the last).
        let first = if horizontal { (x, y, rw, k) } else { (x, y, k, rh) };
        let second = (x + kx, y + ky, rw - kx, rh - ky);
        let first_splits = first.2 >= 2 && first.3 >= 2;
        if second.2 >= 2 && second.3 >= 2 {
            rooms[len] = first;
            len += usize::from(first_splits);
            room = second;
        } else if first_splits {
            room = first;
        } else if len > 0 {
            len -= 1;
            room = rooms[len];
        } else {
            break;
        }
    }
    // Rows again, 64 columns by 64 rows at a time: the east plane's block turned back to rows,
    // then each row's east and south bits interleaved into the maze, 32 cells a word.
    let (south, east) = planes.split_at(south_len);
    let mut block = [0u64; 64];
    for cb in 0..row_words {
        for rb in 0..col_words {
            for (i, b) in block.iter_mut().enumerate() {
                let c = 64 * cb + i;
                *b = if c < w as usize { east[c * col_words + rb] } else { 0 };
            }
            transpose64(&mut block);
            for (j, &e) in block.iter().enumerate().take(h as usize - 64 * rb) {
                let r = 64 * rb + j;
                let s = south[r * row_words + cb];
                let first = 2 * (r as u64 * u64::from(w) + 64 * cb as u64);
                open.or_bits(first, spread(e) | spread(s) << 1);
                if 64 * cb + 32 < w as usize {
                    open.or_bits(first + 64, spread(e >> 32) | spread(s >> 32) << 1);
                }
            }
        }
    }
}

/// Sets `len` bits from bit `start` on.
fn set_run(bits: &mut [u64], start: u64, len: u64) {
    for_run(bits, start, len, |word, mask| *word |= mask);
}

/// Clears `len` bits from bit `start` on.
#[inline(always)]
fn clear_run(bits: &mut [u64], start: u64, len: u64) {
    for_run(bits, start, len, |word, mask| *word &= !mask);
}

/// Calls `f` on each word that bits `start..start + len` touch, with the mask of those bits.
#[inline(always)]
fn for_run(bits: &mut [u64], start: u64, len: u64, mut f: impl FnMut(&mut u64, u64)) {
    if len == 0 {
        return;
    }
    let end = start + len;
    let (first, last) = ((start >> 6) as usize, ((end - 1) >> 6) as usize);
    let head = u64::MAX << (start & 63);
    let tail = u64::MAX >> (63 - ((end - 1) & 63));
    if first == last {
        f(&mut bits[first], head & tail);
    } else {
        f(&mut bits[first], head);
        for word in &mut bits[first + 1..last] {
            f(word, u64::MAX);
        }
        f(&mut bits[last], tail);
    }
}

/// Transposes a 64 × 64 bit matrix (bit `j` of word `i` goes to bit `i` of word `j`) by
/// swapping ever smaller blocks across the diagonal: halves, quarters, … single bits.
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            // Rows k with bit j clear: their high block swaps with row k + j's low block.
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose64_moves_each_bit_across_the_diagonal() {
        let mut a = [0u64; 64];
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for w in &mut a {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            *w = s;
        }
        let mut t = a;
        transpose64(&mut t);
        for (i, &row) in a.iter().enumerate() {
            for (j, &column) in t.iter().enumerate() {
                assert_eq!(column >> i & 1, row >> j & 1, "bit {j} of word {i}");
            }
        }
    }

    #[test]
    fn runs_touch_exactly_their_bits() {
        for start in 0..130 {
            for len in 0..140 {
                let mut bits = vec![0u64; 5];
                set_run(&mut bits, start, len);
                for b in 0..320 {
                    let inside = b >= start && b < start + len;
                    assert_eq!(bits[(b >> 6) as usize] >> (b & 63) & 1 == 1, inside, "{start}+{len} bit {b}");
                }
                clear_run(&mut bits, start, len);
                assert!(bits.iter().all(|&w| w == 0));
            }
        }
    }
}
