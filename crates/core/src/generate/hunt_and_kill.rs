//! Hunt-and-kill: a random walk, and a hunt for a new start when it gets stuck.

use super::{CellSet, carve};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, DoorSet, NTH_OF_BYTE, Shape, WallId};

/// Hunt-and-kill: walk at random into unvisited cells, opening walls; when stuck, scan the
/// cells in id order for an unvisited cell beside the maze, join it to a random visited
/// neighbour and walk on from there.
///
/// Bias: long corridors like the recursive backtracker (≈11% dead ends on square grids), with
/// the hunt leaving a faint row-wise texture. Time: O(N) walking plus the scans. The scan
/// resumes from the lowest id that may still be unvisited, and on row-ordered shapes that
/// cell is the one hunted as soon as cell 0 is in the maze; before then, square cells find
/// the hunted cell from the lowest visited id (see `square_fast`), so unwatched square mazes
/// are O(N) in all. Other shapes, and watched runs (which report every cell the scan looks
/// at), may scan far while cell 0 is unvisited. Memory: one bit per cell, no stack.
pub fn hunt_and_kill<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let mut cur = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(cur);
    obs.on(Event::Visit(cur));
    if !O::ACTIVE
        && let Some((w, h)) = maze.shape().square_lattice()
    {
        square_fast(maze, w, h, cur, &mut visited, &mut pool, rng);
        return;
    }
    let mut remaining = n - 1;
    let mut scan = 0u32;
    while remaining > 0 {
        let mut fresh = DoorSet::EMPTY;
        for d in shape.inner_doors(cur).iter() {
            if shape.neighbour(cur, d).is_some_and(|b| !visited.contains(b)) {
                fresh.insert(d);
            }
        }
        if let Some(d) = fresh.choose_pooled(&mut pool, rng) {
            let Some(next) = shape.neighbour(cur, d) else { return };
            carve(maze, cur, d, obs);
            visited.insert(next);
            obs.on(Event::Visit(next));
            remaining -= 1;
            cur = next;
            continue;
        }
        // Hunt: the first unvisited cell (from `scan` on) with a visited neighbour.
        while scan < n && visited.contains(CellId(scan)) {
            scan += 1;
        }
        let mut found = None;
        let mut c = scan;
        while c < n && found.is_none() {
            let cell = CellId(c);
            if !visited.contains(cell) {
                obs.on(Event::Frontier(cell));
                let mut old = DoorSet::EMPTY;
                for d in shape.inner_doors(cell).iter() {
                    if shape.neighbour(cell, d).is_some_and(|b| visited.contains(b)) {
                        old.insert(d);
                    }
                }
                if let Some(d) = old.choose_pooled(&mut pool, rng) {
                    found = Some((cell, d));
                }
            }
            c += 1;
        }
        let Some((cell, d)) = found else { return };
        carve(maze, cell, d, obs);
        visited.insert(cell);
        obs.on(Event::Visit(cell));
        remaining -= 1;
        cur = cell;
    }
}

/// Square cells, unwatched: the same draws, the same hunted cells and so the same maze as the
/// loop above, with neighbours and walls found by arithmetic (tables indexed by the door, as
/// in the recursive backtracker's fast path) and a hunt that never scans far.
///
/// The loop above hunts the first unvisited cell, in id order, with a visited neighbour.
/// Once cell 0 is visited, that is the lowest unvisited cell itself (its west or north
/// neighbour has a lower id, so is visited), found by a word-wise scan that only moves
/// forwards. Before then, with `m` the lowest visited id: every unvisited cell with a
/// visited neighbour is at least `m − w` (its largest neighbour is the one below), and cell
/// `m − w`, above `m`, is one if `m ≥ w`; if `m < w`, the cell is the first of row 0 before
/// `m` whose southern neighbour is visited, else `m − 1` (west of `m`).
fn square_fast<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    w: u32,
    h: u32,
    start: CellId,
    visited: &mut CellSet,
    pool: &mut Pool,
    rng: &mut R,
) {
    let n = maze.cell_count();
    let (step, wall) = super::square_steps(w);
    // The unvisited (`want == false`) or visited neighbours of `id` in column `x`, as door bits.
    let doors = |visited: &CellSet, id: u32, x: u32, want: bool| -> u16 {
        let up = if id >= w { id - w } else { id };
        let down = if id + w < n { id + w } else { id };
        let left = if x > 0 { id - 1 } else { id };
        let right = if x + 1 < w { id + 1 } else { id };
        u16::from(id >= w && visited.contains(CellId(up)) == want)
            | u16::from(x + 1 < w && visited.contains(CellId(right)) == want) << 1
            | u16::from(id + w < n && visited.contains(CellId(down)) == want) << 2
            | u16::from(x > 0 && visited.contains(CellId(left)) == want) << 3
    };
    // `DoorSet::choose_pooled` on door bits: no draw for a single door.
    let choose = |set: u16, pool: &mut Pool, rng: &mut R| -> usize {
        match set.count_ones() {
            1 => set.trailing_zeros() as usize,
            k => usize::from(NTH_OF_BYTE[usize::from(set)][pool.below16(rng, k) as usize]),
        }
    };
    let (mut id, mut x) = (start.0, start.0 % w);
    let mut lowest = start.0;
    let mut scan = 0u32;
    for _ in 1..n {
        let fresh = doors(visited, id, x, false);
        if fresh != 0 {
            let k = choose(fresh, pool, rng);
            maze.open_wall(WallId((2 * u64::from(id)).wrapping_add(wall[k])));
            id = id.wrapping_add(step[k]);
            x = x.wrapping_add([0, 1, 0, u32::MAX][k]);
        } else {
            // Hunt.
            id = if lowest > 0 {
                if lowest >= w {
                    lowest - w
                } else {
                    let below =
                        if h > 1 { visited.first_from(w, w + lowest - 1, true) } else { w + lowest - 1 };
                    below - w
                }
            } else {
                scan = visited.first_from(scan, n, false);
                scan
            };
            x = id % w;
            let old = doors(visited, id, x, true);
            if old == 0 {
                return;
            }
            let k = choose(old, pool, rng);
            maze.open_wall(WallId((2 * u64::from(id)).wrapping_add(wall[k])));
        }
        visited.insert(CellId(id));
        lowest = lowest.min(id);
    }
}
