//! Cutting a goal off: closing the fewest walls that leave no route between two cells (a
//! minimum cut), for benchmark tasks whose right answer is "unreachable".
//!
//! The cut is found as a maximum flow of unit capacities over the open passages
//! (Edmonds–Karp: a breadth-first search for each route added to the flow, so O(F·N) for
//! a flow of F routes over N cells; F is at most the start's number of doors). In a
//! perfect maze the flow is one route and every passage of that route that is a bridge
//! (all of them, in a tree) is a minimum cut: one is drawn at random. With loops, the cut
//! nearest the start or the one nearest the goal is drawn. Either way the maze falls into
//! exactly two parts, each left as connected as it was. Memory: O(N) words.

use std::collections::HashMap;

use crate::maze::Maze;
use crate::random::Random;
use crate::shape::{CellId, Door, Shape, WallId};

const NONE: u32 = u32::MAX;

/// Closes a minimum set of walls so that `goal` cannot be reached from `start`, chosen
/// with `rng` among the minimum cuts (see the module's doc). Returns the number of walls
/// closed: 0 when the goal was already out of reach, or when `start == goal` (nothing
/// separates a cell from itself).
///
/// # Panics
/// If a cell is out of range.
pub fn cut_off<S: Shape, R: Random>(maze: &mut Maze<S>, start: CellId, goal: CellId, rng: &mut R) -> usize {
    let n = maze.cell_count() as usize;
    assert!(start.index() < n && goal.index() < n, "cells out of range");
    if start == goal {
        return 0;
    }
    // Flow through a wall: +1 from its lower-numbered cell to the higher, -1 the other way.
    let mut flow: HashMap<WallId, i8> = HashMap::new();
    let sent = |flow: &HashMap<WallId, i8>, from: CellId, to: CellId, wall: WallId| -> i8 {
        let f = flow.get(&wall).copied().unwrap_or(0);
        if from.0 < to.0 { f } else { -f }
    };
    let mut parent: Vec<(u32, WallId)> = vec![(NONE, WallId(0)); n];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    let mut first_route: Vec<(CellId, CellId, WallId)> = Vec::new();
    let mut routes = 0usize;
    loop {
        // A route from the start in the residual passages (each carries at most one unit).
        parent.iter_mut().for_each(|p| p.0 = NONE);
        parent[start.index()].0 = start.0;
        queue.clear();
        queue.push(start.0);
        let mut head = 0;
        while head < queue.len() && parent[goal.index()].0 == NONE {
            let c = CellId(queue[head]);
            head += 1;
            let adj = maze.open_adjacent(c);
            for (door, b) in adj.iter() {
                let wall = adj.wall(door);
                if parent[b.index()].0 == NONE && sent(&flow, c, b, wall) < 1 {
                    parent[b.index()] = (c.0, wall);
                    queue.push(b.0);
                }
            }
        }
        if parent[goal.index()].0 == NONE {
            break;
        }
        routes += 1;
        let mut at = goal;
        while at != start {
            let (p, wall) = parent[at.index()];
            let from = CellId(p);
            let f = flow.entry(wall).or_insert(0);
            *f += if from.0 < at.0 { 1 } else { -1 };
            if routes == 1 {
                first_route.push((from, at, wall));
            }
            at = from;
        }
    }
    if routes == 0 {
        return 0;
    }
    let cut: Vec<(CellId, WallId)> = if routes == 1 {
        // Every bridge on the one route is a minimum cut.
        let bridges = bridges(maze, start);
        let on_route: Vec<_> = first_route.iter().filter(|(_, _, w)| bridges.contains_key(w)).collect();
        let (a, _, wall) = on_route[rng.below(on_route.len() as u64) as usize];
        vec![(*a, *wall)]
    } else {
        // The cells the residual passages still reach from the start (or, reversed, that
        // still reach the goal): the passages leaving that side are a minimum cut.
        let from_goal = rng.next_u64() & 1 == 1;
        let (root, sign) = if from_goal { (goal, -1) } else { (start, 1) };
        let mut side = vec![false; n];
        side[root.index()] = true;
        queue.clear();
        queue.push(root.0);
        let mut head = 0;
        while head < queue.len() {
            let c = CellId(queue[head]);
            head += 1;
            for (door, b) in maze.open_adjacent(c).iter() {
                let wall = maze.shape().wall(c, door);
                // Residual room from c to b searching forward; from b to c backward.
                if !side[b.index()] && sign * sent(&flow, c, b, wall) < 1 {
                    side[b.index()] = true;
                    queue.push(b.0);
                }
            }
        }
        let mut cut = Vec::new();
        for &c in &queue {
            let c = CellId(c);
            for (door, b) in maze.open_adjacent(c).iter() {
                if !side[b.index()] {
                    cut.push((c, maze.shape().wall(c, door)));
                }
            }
        }
        cut
    };
    debug_assert_eq!(cut.len(), routes, "a minimum cut has as many walls as the flow has routes");
    for &(cell, wall) in &cut {
        let door = maze
            .open_adjacent(cell)
            .iter()
            .find(|&(d, _)| maze.shape().wall(cell, d) == wall)
            .map(|(d, _)| d);
        if let Some(d) = door {
            maze.build_wall(cell, d);
        }
    }
    cut.len()
}

/// The bridges (passages whose closing splits the part) of the part of the maze holding
/// `root`, by an iterative depth-first search with low links: O(N) time and memory.
fn bridges<S: Shape>(maze: &Maze<S>, root: CellId) -> HashMap<WallId, ()> {
    let n = maze.cell_count() as usize;
    let mut order = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut out = HashMap::new();
    let mut time = 0u32;
    // (cell, the wall it was entered through, the next door index to try)
    let mut stack: Vec<(CellId, Option<WallId>, u8)> = vec![(root, None, 0)];
    order[root.index()] = time;
    low[root.index()] = time;
    while let Some(&mut (c, via, ref mut next)) = stack.last_mut() {
        let adj = maze.open_adjacent(c);
        let mut went = false;
        while *next < S::Door::COUNT {
            let door = S::Door::from_index(*next);
            *next += 1;
            if !adj.doors().contains(door) {
                continue;
            }
            let b = adj.cell(door);
            let wall = maze.shape().wall(c, door);
            if Some(wall) == via {
                continue;
            }
            if order[b.index()] == NONE {
                time += 1;
                order[b.index()] = time;
                low[b.index()] = time;
                stack.push((b, Some(wall), 0));
                went = true;
                break;
            }
            low[c.index()] = low[c.index()].min(order[b.index()]);
        }
        if went {
            continue;
        }
        stack.pop();
        if let (Some(&(p, _, _)), Some(wall)) = (stack.last(), via) {
            low[p.index()] = low[p.index()].min(low[c.index()]);
            if low[c.index()] > order[p.index()] {
                out.insert(wall, ());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xoshiro;
    use crate::routes::shortest_length;
    use crate::{Algorithm, Options, Square, imperfect, observe::Quiet};

    fn connected_parts<S: Shape>(maze: &Maze<S>) -> usize {
        let n = maze.cell_count() as usize;
        let mut seen = vec![false; n];
        let mut parts = 0;
        for s in 0..n {
            if seen[s] {
                continue;
            }
            parts += 1;
            let mut stack = vec![CellId(s as u32)];
            seen[s] = true;
            while let Some(c) = stack.pop() {
                for b in maze.open_neighbours(c) {
                    if !seen[b.index()] {
                        seen[b.index()] = true;
                        stack.push(b);
                    }
                }
            }
        }
        parts
    }

    #[test]
    fn a_perfect_maze_loses_one_wall_of_its_route_and_falls_in_two() {
        for seed in 0..200 {
            let mut rng = Xoshiro::seed_from_u64(seed);
            let mut maze = Maze::new(Square::new(7, 5));
            Algorithm::RecursiveBacktracker
                .generate(&mut maze, &Options::default(), &mut rng, &mut Quiet::default())
                .unwrap();
            let before = maze.passage_count();
            let (s, g) = (CellId(0), CellId(34));
            let closed = cut_off(&mut maze, s, g, &mut rng);
            assert_eq!(closed, 1);
            assert_eq!(maze.passage_count(), before - 1);
            assert_eq!(shortest_length(&maze, s, g), None);
            assert_eq!(connected_parts(&maze), 2);
            assert_eq!(cut_off(&mut maze, s, g, &mut rng), 0, "already cut off");
        }
    }

    #[test]
    fn a_braided_maze_loses_a_minimum_cut() {
        let mut sizes = [0usize; 5];
        for seed in 0..200 {
            let mut rng = Xoshiro::seed_from_u64(seed);
            let mut maze = Maze::new(Square::new(8, 8));
            Algorithm::Kruskal
                .generate(&mut maze, &Options::default(), &mut rng, &mut Quiet::default())
                .unwrap();
            imperfect::braid(&mut maze, 1.0, &mut rng, &mut Quiet::default()).unwrap();
            let (s, g) = (CellId(rng.below(64) as u32), CellId(rng.below(64) as u32));
            if s == g {
                continue;
            }
            // No wall closed in vain: reopening any one of them joins the goal again.
            let before: Vec<_> = maze.passage_pairs().collect();
            let closed = cut_off(&mut maze, s, g, &mut rng);
            assert!(closed >= 1 && closed <= maze.shape().doors(s).len() as usize);
            assert_eq!(shortest_length(&maze, s, g), None);
            assert_eq!(connected_parts(&maze), 2, "seed {seed}");
            let after: std::collections::HashSet<_> = maze.passage_pairs().collect();
            let gone: Vec<_> = before.iter().filter(|p| !after.contains(p)).collect();
            assert_eq!(gone.len(), closed);
            for &&(a, b) in &gone {
                let mut again = maze.clone();
                again.connect(a, b).unwrap();
                assert!(shortest_length(&again, s, g).is_some(), "every closed wall was needed");
            }
            sizes[closed.min(4)] += 1;
        }
        assert!(sizes[2] + sizes[3] + sizes[4] > 0, "loops make some cuts wider: {sizes:?}");
    }
}
