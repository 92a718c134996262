//! Hunt-and-kill: a random walk, and a hunt for a new start when it gets stuck.

use super::{CellSet, carve};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, DoorSet, Shape};

/// Hunt-and-kill: walk at random into unvisited cells, opening walls; when stuck, scan the
/// cells in id order for an unvisited cell beside the maze, join it to a random visited
/// neighbour and walk on from there.
///
/// Bias: long corridors like the recursive backtracker (≈11% dead ends on square grids), with
/// the hunt leaving a faint row-wise texture. Time: O(N) walking plus the scans; the scan
/// resumes from the lowest id that may still be unvisited, which keeps it near-linear on
/// row-ordered shapes. Memory: one bit per cell, no stack.
pub fn hunt_and_kill<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let mut cur = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(cur);
    obs.on(Event::Visit(cur));
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
