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
/// Time O(E log E) for the heap; memory 16 bytes per frontier wall plus one bit per cell.
pub fn prim_true<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut in_tree = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    // (weight, wall) pairs; ties between equal 32-bit weights go to the smaller wall key.
    let mut heap: BinaryHeap<Reverse<(u32, u64)>> = BinaryHeap::new();
    for d in grow(&shape, start, &mut in_tree, obs).iter() {
        heap.push(Reverse(((rng.next_u64() >> 32) as u32, pack(start, d))));
    }
    while let Some(Reverse((_, e))) = heap.pop() {
        let (a, d) = unpack::<S::Door>(e);
        let Some(b) = shape.neighbour(a, d) else { continue };
        if in_tree.contains(b) {
            continue;
        }
        carve(maze, a, d, obs);
        for d2 in grow(&shape, b, &mut in_tree, obs).iter() {
            heap.push(Reverse(((rng.next_u64() >> 32) as u32, pack(b, d2))));
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
