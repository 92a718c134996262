//! Document 003's MultiMaze answer key: each green dot (start) joined to one red dot (end),
//! no end used twice while there are ends left, each route a shortest one.

use std::collections::VecDeque;

use crate::analyze::distances;
use crate::maze::Maze;
use crate::shape::{CellId, Shape};

/// One start joined to one end: the cells from the start to the end, inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The start (a green dot).
    pub start: CellId,
    /// The end it is paired with (a red dot).
    pub end: CellId,
    /// A shortest route between them, start first.
    pub path: Vec<CellId>,
}

/// Above this many cells × starts the pairing is each start's nearest end (one search from
/// all ends at once) instead of the one-to-one pairing (one search per start).
const EXACT_WORK: u64 = 1 << 28;

/// The answer key of a maze with several starts or ends ([`Maze::starts`], [`Maze::ends`];
/// the entrance and exit when those are empty): one route per start.
///
/// The pairing is greedy and one-to-one: among the unpaired starts and ends, the pair with
/// the shortest route is joined first (ties: the earlier start, then the earlier end), until
/// one side runs out; starts left over (more starts than ends) join their nearest end. For
/// huge keys (cells × starts over 2^28) every start simply joins its nearest end.
/// Unreachable pairs (a maze in pieces) are skipped.
///
/// Time O((S + R) · N) for S starts, R routes and N cells (one breadth-first search per
/// start, and one per route for its path); memory O(N + S · E).
pub fn answer_key<S: Shape>(maze: &Maze<S>) -> Vec<Route> {
    let starts = if maze.starts.is_empty() { vec![maze.entrance()] } else { maze.starts.clone() };
    let ends = if maze.ends.is_empty() { vec![maze.exit()] } else { maze.ends.clone() };
    let n = u64::from(maze.cell_count());
    let mut pairs: Vec<(CellId, CellId)> = Vec::new();
    if n.saturating_mul(starts.len() as u64) <= EXACT_WORK {
        // dist[s][e]: the length of the route from start s to end e.
        let table: Vec<Vec<u32>> = starts
            .iter()
            .map(|&s| {
                let d = distances(maze, s);
                ends.iter().map(|e| d[e.index()]).collect()
            })
            .collect();
        let mut order: Vec<(u32, usize, usize)> = Vec::with_capacity(starts.len() * ends.len());
        for (i, row) in table.iter().enumerate() {
            for (j, &d) in row.iter().enumerate() {
                if d != u32::MAX {
                    order.push((d, i, j));
                }
            }
        }
        order.sort_unstable();
        let (mut start_done, mut end_done) = (vec![false; starts.len()], vec![false; ends.len()]);
        let mut paired = vec![None; starts.len()];
        for &(_, i, j) in &order {
            if !start_done[i] && !end_done[j] {
                start_done[i] = true;
                end_done[j] = true;
                paired[i] = Some(j);
            }
        }
        for (i, row) in table.iter().enumerate() {
            let j = paired[i]
                .or_else(|| (0..ends.len()).filter(|&j| row[j] != u32::MAX).min_by_key(|&j| (row[j], j)));
            if let Some(j) = j {
                pairs.push((starts[i], ends[j]));
            }
        }
    } else {
        let nearest = nearest_end(maze, &ends);
        pairs.extend(starts.iter().filter_map(|&s| nearest[s.index()].map(|e| (s, e))));
    }
    pairs.into_iter().map(|(start, end)| Route { start, end, path: route(maze, start, end) }).collect()
}

/// For every cell, the nearest end (ties: the earlier end in the list), by one search from
/// all ends together.
fn nearest_end<S: Shape>(maze: &Maze<S>, ends: &[CellId]) -> Vec<Option<CellId>> {
    let mut owner: Vec<Option<CellId>> = vec![None; maze.cell_count() as usize];
    let mut queue = VecDeque::new();
    for &e in ends {
        if owner[e.index()].is_none() {
            owner[e.index()] = Some(e);
            queue.push_back(e);
        }
    }
    while let Some(c) = queue.pop_front() {
        for b in maze.open_neighbours(c) {
            if owner[b.index()].is_none() {
                owner[b.index()] = owner[c.index()];
                queue.push_back(b);
            }
        }
    }
    owner
}

/// A shortest route from `start` to `end`: a search from the end, then downhill from the
/// start (the first open door in door order at each step, so the route is reproducible).
fn route<S: Shape>(maze: &Maze<S>, start: CellId, end: CellId) -> Vec<CellId> {
    let dist = distances(maze, end);
    if dist[start.index()] == u32::MAX {
        return Vec::new();
    }
    let mut path = vec![start];
    let mut at = start;
    while at != end {
        let here = dist[at.index()];
        let Some(next) = maze.open_neighbours(at).find(|b| dist[b.index()] + 1 == here) else { break };
        path.push(next);
        at = next;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, Options};
    use crate::random::Xoshiro;
    use crate::shape::Square;

    #[test]
    fn every_start_gets_its_own_end_by_a_real_route() {
        for seed in 0..20 {
            let mut maze = Maze::new(Square::new(12, 9));
            let mut rng = Xoshiro::seed_from_u64(seed);
            Algorithm::Wilson.generate(&mut maze, &Options::default(), &mut rng, &mut ()).expect("generate");
            crate::imperfect::place_starts_and_ends(&mut maze, 4, 3, &mut rng).expect("dots");
            let key = answer_key(&maze);
            assert_eq!(key.len(), 4, "one route per start");
            let mut ends: Vec<CellId> = key.iter().take(4).map(|r| r.end).collect();
            ends.sort();
            ends.dedup();
            assert_eq!(ends.len(), 3, "the three ends are all used (one start shares)");
            for r in &key {
                assert_eq!((r.path.first(), r.path.last()), (Some(&r.start), Some(&r.end)));
                assert!(r.path.windows(2).all(|w| maze.connected(w[0], w[1])), "through open passages");
                let d = distances(&maze, r.start);
                assert_eq!(r.path.len() as u32 - 1, d[r.end.index()], "shortest");
            }
        }
    }

    #[test]
    fn greedy_pairs_the_closest_first() {
        // A corridor: start 0 ... end 2 ... start 4 ... end 9; the pairing is 0-2 and 4-9, not
        // 4-2 (which is closer for start 4 but taken by the pair with the shortest route).
        let mut maze = Maze::new(Square::new(10, 1));
        maze.open_all_inner();
        maze.starts = vec![CellId(0), CellId(4)];
        maze.ends = vec![CellId(2), CellId(9)];
        let key = answer_key(&maze);
        let pairs: Vec<(u32, u32)> = key.iter().map(|r| (r.start.0, r.end.0)).collect();
        assert_eq!(pairs, vec![(0, 2), (4, 9)]);
        assert_eq!(nearest_end(&maze, &maze.ends)[4], Some(CellId(2)));
    }
}
