//! Measures of a maze: dead ends, connectivity, whether it is perfect.

use std::collections::VecDeque;

use crate::maze::Maze;
use crate::shape::{CellId, Shape};

/// Number of dead ends: cells with exactly one open passage.
pub fn dead_ends<S: Shape>(maze: &Maze<S>) -> u64 {
    (0..maze.cell_count()).filter(|&c| maze.degree(CellId(c)) == 1).count() as u64
}

/// Distances (in steps) from `from` to every cell, `u32::MAX` where unreachable.
pub fn distances<S: Shape>(maze: &Maze<S>, from: CellId) -> Vec<u32> {
    let mut dist = vec![u32::MAX; maze.cell_count() as usize];
    dist[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for b in maze.open_neighbours(c) {
            if dist[b.index()] == u32::MAX {
                dist[b.index()] = dist[c.index()] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

/// Whether every cell can be reached from cell 0.
pub fn is_connected<S: Shape>(maze: &Maze<S>) -> bool {
    distances(maze, CellId(0)).iter().all(|&d| d != u32::MAX)
}

/// Whether the maze is perfect: connected, and exactly `cells − 1` passages (a spanning tree,
/// so one route between any two cells).
pub fn is_perfect<S: Shape>(maze: &Maze<S>) -> bool {
    maze.passage_count() == u64::from(maze.cell_count()) - 1 && is_connected(maze)
}

/// Summary numbers for a maze.
///
/// The fuller set (junctions, corridors, the solution and its turns, the longest path, the
/// river factor, a difficulty score) is [`crate::stats::Stats`], from [`crate::stats::stats`].
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Number of cells.
    pub cells: u64,
    /// Open passages between cells.
    pub passages: u64,
    /// Cells with one open passage.
    pub dead_ends: u64,
    /// Dead ends as a share of cells, in percent.
    pub dead_end_percent: f64,
    /// Whether it is a spanning tree.
    pub perfect: bool,
}

/// Computes [`Stats`].
pub fn stats<S: Shape>(maze: &Maze<S>) -> Stats {
    let cells = u64::from(maze.cell_count());
    let dead = dead_ends(maze);
    Stats {
        cells,
        passages: maze.passage_count(),
        dead_ends: dead,
        dead_end_percent: 100.0 * dead as f64 / cells as f64,
        perfect: is_perfect(maze),
    }
}
