//! Three variants of Prim's algorithm: the tree grows from its frontier.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{CellSet, carve};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, Door, DoorSet, Shape};

/// Packs a (cell, door) pair into one word.
#[inline]
fn pack<D: Door>(c: CellId, d: D) -> u64 {
    u64::from(c.0) << 4 | u64::from(d.index())
}

#[inline]
fn unpack<D: Door>(e: u64) -> (CellId, D) {
    (CellId((e >> 4) as u32), D::from_index((e & 15) as u8))
}

/// Adds `cell` to the tree and returns the doors leading out of it to cells outside.
#[inline]
fn grow<S: Shape, O: Observer>(
    shape: &S,
    cell: CellId,
    in_tree: &mut CellSet,
    obs: &mut O,
) -> DoorSet<S::Door> {
    in_tree.insert(cell);
    obs.on(Event::Visit(cell));
    let mut out = DoorSet::EMPTY;
    for d in shape.inner_doors(cell).iter() {
        if let Some(b) = shape.neighbour(cell, d)
            && !in_tree.contains(b)
        {
            out.insert(d);
            obs.on(Event::Frontier(b));
        }
    }
    out
}

/// Simplified Prim: keep the list of walls between the tree and the cells outside; open a
/// random one whose far cell is still outside, and add that cell's walls.
///
/// Bias: radial texture around the random start, many short dead ends (≈32% of cells on a
/// square grid). Time O(E); memory 8 bytes per frontier wall plus one bit per cell.
pub fn prim<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut in_tree = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    if let Some((w, _)) = maze.shape().square_lattice()
        && n < 1 << 30
        && !O::ACTIVE
    {
        prim_square(maze, w, start, &mut in_tree, rng);
        return;
    }
    let mut frontier: Vec<u64> =
        grow(&shape, start, &mut in_tree, obs).iter().map(|d| pack(start, d)).collect();
    while !frontier.is_empty() {
        let i = rng.index(frontier.len());
        let e = frontier.swap_remove(i);
        let (a, d) = unpack::<S::Door>(e);
        let Some(b) = shape.neighbour(a, d) else { continue };
        if in_tree.contains(b) {
            continue;
        }
        carve(maze, a, d, obs);
        for d2 in grow(&shape, b, &mut in_tree, obs).iter() {
            frontier.push(pack(b, d2));
        }
    }
}

/// True Prim: every wall gets a random weight, and the cheapest wall leading out of the tree
/// is opened next (a minimum spanning tree of random weights).
///
/// Bias: the same distribution as Kruskal (≈30.5% dead ends on a square grid), not uniform.
/// Time O(E log E) at worst; the frontier walls wait in buckets by weight, so
/// only the lightest bucket is a heap and the rest cost O(1) a wall, which keeps large mazes
/// near linear. Memory 16 bytes per frontier wall plus one bit per cell.
pub fn prim_true<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut in_tree = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    // (weight, wall) pairs; ties between equal 32-bit weights go to the smaller wall key.
    let mut frontier = Frontier::new(n);
    for d in grow(&shape, start, &mut in_tree, obs).iter() {
        frontier.push((rng.next_u64() >> 32) as u32, pack(start, d));
    }
    // A wall whose far cell is in the tree is passed over; the queue may drop it early.
    let outside = |e: u64, in_tree: &CellSet| {
        let (a, d) = unpack::<S::Door>(e);
        shape.neighbour(a, d).is_some_and(|b| !in_tree.contains(b))
    };
    while let Some(e) = frontier.pop(|e| outside(e, &in_tree)) {
        let (a, d) = unpack::<S::Door>(e);
        let Some(b) = shape.neighbour(a, d) else { continue };
        if in_tree.contains(b) {
            continue;
        }
        carve(maze, a, d, obs);
        for d2 in grow(&shape, b, &mut in_tree, obs).iter() {
            frontier.push((rng.next_u64() >> 32) as u32, pack(b, d2));
        }
    }
}

/// True Prim's frontier: (weight, wall) pairs popped lightest first, ties to the smaller
/// wall, exactly as one binary heap would pop them. The weights are uniform, so the walls
/// wait in buckets by the top bits of their weight: a heap holds the buckets up to
/// `bound`, the lightest ones, and a heavier bucket is heaped only when everything lighter
/// is gone. Invasion by the lightest wall hovers around the percolation threshold, so most
/// frontier walls (the heavy ones, often stale by the time they would come out) are pushed
/// onto a vector in O(1) and never sorted against the rest.
struct Frontier {
    /// The bucket of a weight is `weight >> shift`.
    shift: u32,
    /// Every wall of bucket `bound` or lighter.
    low: BinaryHeap<Reverse<(u32, u64)>>,
    bound: usize,
    /// The heavier walls, by bucket.
    high: Vec<Vec<Reverse<(u32, u64)>>>,
}

impl Frontier {
    /// Buckets for a maze of `cells` cells: about one per 16 cells, at most 256 (more
    /// buckets scatter the pushes over more memory: at 8000², 2^16 buckets took twice as
    /// long as 256, and 16 buckets half as long again).
    fn new(cells: u32) -> Frontier {
        let bits = (u32::BITS - cells.leading_zeros()).saturating_sub(4).clamp(1, 8);
        Frontier { shift: 32 - bits, low: BinaryHeap::new(), bound: 0, high: vec![Vec::new(); 1 << bits] }
    }

    #[inline]
    fn push(&mut self, weight: u32, wall: u64) {
        let b = (weight >> self.shift) as usize;
        if b <= self.bound {
            self.low.push(Reverse((weight, wall)));
        } else {
            self.high[b].push(Reverse((weight, wall)));
        }
    }

    /// The lightest wall, or none when the queue is empty. Walls of a bucket being heaped
    /// that `keep` refuses are dropped then (they would be passed over when popped).
    fn pop(&mut self, keep: impl Fn(u64) -> bool) -> Option<u64> {
        loop {
            if let Some(Reverse((_, wall))) = self.low.pop() {
                return Some(wall);
            }
            let next = (self.bound + 1..self.high.len()).find(|&b| !self.high[b].is_empty())?;
            self.bound = next;
            let mut walls = std::mem::take(&mut self.high[next]);
            walls.retain(|&Reverse((_, wall))| keep(wall));
            self.low = BinaryHeap::from(walls);
        }
    }
}

/// Modified Prim: keep the set of cells next to the tree; take a random one, join it to a
/// random neighbour already in the tree, and add its outside neighbours to the set.
///
/// Bias: the strongest radial texture and the most dead ends (≈35.6% of cells on a square
/// grid); short corridors. Time O(N); memory 4 bytes per frontier cell plus two bits per cell.
pub fn prim_modified<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut in_tree = CellSet::new(n);
    let mut queued = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    let mut frontier: Vec<CellId> = Vec::new();
    let mut add = |cell: CellId, in_tree: &mut CellSet, frontier: &mut Vec<CellId>, obs: &mut O| {
        for d in grow(&shape, cell, in_tree, obs).iter() {
            if let Some(b) = shape.neighbour(cell, d)
                && !queued.contains(b)
            {
                queued.insert(b);
                frontier.push(b);
            }
        }
    };
    add(start, &mut in_tree, &mut frontier, obs);
    while !frontier.is_empty() {
        let i = rng.index(frontier.len());
        let cell = frontier.swap_remove(i);
        let mut inside = DoorSet::EMPTY;
        for d in shape.inner_doors(cell).iter() {
            if shape.neighbour(cell, d).is_some_and(|b| in_tree.contains(b)) {
                inside.insert(d);
            }
        }
        let Some(d) = inside.choose_pooled(&mut pool, rng) else { continue };
        carve(maze, cell, d, obs);
        add(cell, &mut in_tree, &mut frontier, obs);
    }
}

/// Square cells, unwatched (the same draws and maze as the generic loop): a frontier entry is
/// `cell << 2 | door`; the cell behind a door and the wall
/// come from tables, so popping a random entry does not branch on its door.
fn prim_square<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    w: u32,
    start: CellId,
    in_tree: &mut CellSet,
    rng: &mut R,
) {
    let n = maze.cell_count();
    let step: [u32; 4] = [w.wrapping_neg(), 1, w, u32::MAX];
    let wall: [u64; 4] = [(1u64).wrapping_sub(2 * u64::from(w)), 0, 1, 2u64.wrapping_neg()];
    // The doors of `c` (x = its column) to cells outside the tree, as entries pushed in door order.
    let grow = |c: u32, x: u32, in_tree: &mut CellSet, frontier: &mut Vec<u32>| {
        in_tree.insert(CellId(c));
        if c >= w && !in_tree.contains(CellId(c - w)) {
            frontier.push(c << 2);
        }
        if x + 1 < w && !in_tree.contains(CellId(c + 1)) {
            frontier.push(c << 2 | 1);
        }
        if c + w < n && !in_tree.contains(CellId(c + w)) {
            frontier.push(c << 2 | 2);
        }
        if x > 0 && !in_tree.contains(CellId(c - 1)) {
            frontier.push(c << 2 | 3);
        }
    };
    let mut frontier: Vec<u32> = Vec::new();
    grow(start.0, start.0 % w, in_tree, &mut frontier);
    while !frontier.is_empty() {
        let i = rng.index(frontier.len());
        let e = frontier.swap_remove(i);
        let (a, k) = (e >> 2, (e & 3) as usize);
        let b = a.wrapping_add(step[k]);
        if in_tree.contains(CellId(b)) {
            continue;
        }
        maze.open_wall(crate::shape::WallId((2 * u64::from(a)).wrapping_add(wall[k])));
        grow(b, b % w, in_tree, &mut frontier);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xoshiro;

    /// The bucketed frontier pops what one binary heap pops, in the same order, whatever the
    /// mix of pushes (lighter and heavier than the walls already out) and pops.
    #[test]
    fn the_frontier_pops_as_a_heap_does() {
        for (cells, narrow) in [(1, false), (300, false), (1 << 20, false), (1 << 20, true)] {
            let mut rng = Xoshiro::seed_from_u64(cells.into());
            let mut frontier = Frontier::new(cells);
            let mut heap = BinaryHeap::new();
            let mut popped = 0;
            for step in 0..20_000u64 {
                if rng.below(3) < 2 {
                    // Narrow weights put many equal ones in one bucket: ties go by wall.
                    let weight =
                        if narrow { (rng.below(8) as u32) << 29 } else { (rng.next_u64() >> 32) as u32 };
                    let wall = rng.below(1 << 40);
                    frontier.push(weight, wall);
                    heap.push(Reverse((weight, wall)));
                } else {
                    let want = heap.pop().map(|Reverse((_, wall))| wall);
                    assert_eq!(frontier.pop(|_| true), want, "cells {cells}, step {step}");
                    popped += u32::from(want.is_some());
                }
            }
            while let Some(Reverse((_, wall))) = heap.pop() {
                assert_eq!(frontier.pop(|_| true), Some(wall));
            }
            assert_eq!(frontier.pop(|_| true), None);
            assert!(popped > 1000);
        }
    }
}
