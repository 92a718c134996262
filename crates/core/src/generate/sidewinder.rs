//! Sidewinder: runs along each row, each closed by one passage upwards.

use super::{Algorithm, carve, need_grid, spread};
use crate::Error;
use crate::maze::{Maze, Passages};
use crate::observe::{Event, Observer};
use crate::random::Pool;
use crate::random::Random;
use crate::shape::{Shape, WallId};

/// Sidewinder: the top row is one open corridor. In every other row, walk east extending a
/// run; at each cell a coin decides whether to close the run, and a closed run opens one
/// random cell of it northwards.
///
/// Bias: an unbroken top corridor and a vertical texture; no dead end points downwards
/// (≈27.8% dead ends). Time O(N), one random word per 64 cells plus one draw per run (on
/// square cells, unwatched, a run's coins are read and its walls opened a word at a time);
/// memory: nothing beyond the maze.
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn sidewinder<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::Sidewinder)?;
    if !O::ACTIVE
        && let Some((w, h)) = maze.shape().square_lattice()
    {
        square_fast(maze.passages_mut(), w, h, rng);
        return Ok(());
    }
    let mut pool = Pool::new();
    for x in 0..g.width {
        obs.on(Event::Visit(g.at(x, 0)));
        if x + 1 < g.width {
            carve(maze, g.at(x, 0), g.east, obs);
        }
    }
    for y in 1..g.height {
        let mut run_start = 0;
        for x in 0..g.width {
            let cell = g.at(x, y);
            obs.on(Event::Visit(cell));
            if x + 1 == g.width || pool.flip(rng) {
                let pick = run_start + rng.below(u64::from(x - run_start + 1)) as u32;
                carve(maze, g.at(pick, y), g.north, obs);
                run_start = x + 1;
            } else {
                carve(maze, cell, g.east, obs);
            }
        }
    }
    Ok(())
}

/// Square cells, unwatched: the same coins and draws, so the same maze as the loop above, a
/// run at a time. The coins are [`Pool::flip`]'s (the pool starts empty and is refilled only
/// when a flip finds it empty, after any draw for the run before), read here from a local
/// copy of its word: the run ends at the first head, found with one trailing-zeros count.
/// A cell's east wall is open exactly when its coin is tails, so the coins each run used go
/// into a row of east bits (no branch on the run's length), spread into the maze per row.
fn square_fast<R: Random>(open: &mut Passages, w: u32, h: u32, rng: &mut R) {
    let w64 = u64::from(w);
    // Bit x: cell x of the row opens east (one spare word so a write may spill over).
    let mut east = vec![0u64; (w as usize).div_ceil(64) + 1];
    east.fill(u64::MAX);
    spread_row(open, 0, &mut east, w - 1);
    let (mut word, mut bits) = (0u64, 0u32);
    for y in 1..u64::from(h) {
        let row = y * w64;
        let mut start = 0u32;
        let mut x = 0u32;
        loop {
            // Cells x..w − 1 each take a coin; the last cell ends its run without one.
            let left = w - 1 - x;
            let end = if left == 0 {
                x
            } else {
                if bits == 0 {
                    word = rng.next_u64();
                    bits = 64;
                }
                let take = bits.min(left);
                let coins = if take >= 64 { word } else { word & ((1u64 << take) - 1) };
                // Tails for every coin taken, up to the first head: open east.
                let used = if coins == 0 { take } else { coins.trailing_zeros() + 1 };
                let tails = !coins & (u64::MAX >> (64 - used));
                let (i, o) = ((x >> 6) as usize, x & 63);
                east[i] |= tails << o;
                east[i + 1] |= (tails >> 1) >> (63 - o);
                word = if used >= 64 { 0 } else { word >> used };
                bits -= used;
                x += used;
                if coins == 0 {
                    continue;
                }
                x - 1
            };
            let pick = start + rng.below(u64::from(end - start + 1)) as u32;
            open.open(WallId(2 * (row - w64 + u64::from(pick)) + 1));
            if end + 1 == w {
                break;
            }
            x = end + 1;
            start = x;
        }
        spread_row(open, row, &mut east, w - 1);
    }
}

/// ORs the first `count` bits of `east` into the east walls (`2·id`) of the cells from
/// `first` on, and clears `east`.
fn spread_row(open: &mut Passages, first: u64, east: &mut [u64], count: u32) {
    let mut x = 0u32;
    while x < count {
        let k = (count - x).min(32);
        let (i, o) = ((x >> 6) as usize, x & 63);
        let half = (east[i] >> o) & (u64::MAX >> (64 - k));
        open.or_bits(2 * (first + u64::from(x)), spread(half));
        x += k;
    }
    east.fill(0);
}
