//! The growing tree: one algorithm, many textures, chosen by how the next cell is picked.

use std::collections::VecDeque;

use super::{CellSet, carve};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::{Pool, Random};
use crate::shape::{CellId, DoorSet, Shape};

/// How the growing tree picks the active cell to extend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// The most recently added cell: behaves as the recursive backtracker.
    Newest,
    /// A random active cell: behaves like modified Prim.
    Random,
    /// The oldest active cell: long straight corridors from the start.
    Oldest,
    /// Newest half the time, random otherwise: long corridors with more branching.
    #[default]
    Mixed,
}

impl Policy {
    /// Every policy, in listing order.
    pub const ALL: &'static [Policy] = &[Policy::Newest, Policy::Random, Policy::Oldest, Policy::Mixed];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Newest => "newest",
            Policy::Random => "random",
            Policy::Oldest => "oldest",
            Policy::Mixed => "mixed",
        }
    }
}

impl std::fmt::Display for Policy {
    /// The name [`Policy::name`] gives (which parses back).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Policy {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let key = s.trim().to_ascii_lowercase();
        Policy::ALL.iter().copied().find(|p| p.name() == key).ok_or_else(|| {
            Error::Parameter(format!(
                "unknown growing-tree policy '{s}' (expected newest, random, oldest or mixed)"
            ))
        })
    }
}

/// Growing tree: keep a list of active cells, starting with a random one; pick one by the
/// policy, open a wall to a random unvisited neighbour and make that neighbour active; drop
/// cells with no unvisited neighbour.
///
/// Bias: set by the policy (see [`Policy`]). Time O(N); memory: one bit per cell plus up to
/// N active cell ids.
pub fn growing_tree<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    policy: Policy,
    rng: &mut R,
    obs: &mut O,
) {
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut pool = Pool::new();
    let mut visited = CellSet::new(n);
    let start = CellId(rng.below(u64::from(n)) as u32);
    visited.insert(start);
    obs.on(Event::Visit(start));
    let mut active: VecDeque<CellId> = VecDeque::from([start]);
    while !active.is_empty() {
        let i = match policy {
            Policy::Newest => active.len() - 1,
            Policy::Oldest => 0,
            Policy::Random => rng.index(active.len()),
            Policy::Mixed => {
                if pool.flip(rng) {
                    active.len() - 1
                } else {
                    rng.index(active.len())
                }
            }
        };
        let cur = active[i];
        let mut fresh = DoorSet::EMPTY;
        for d in shape.inner_doors(cur).iter() {
            if shape.neighbour(cur, d).is_some_and(|b| !visited.contains(b)) {
                fresh.insert(d);
            }
        }
        match fresh.choose_pooled(&mut pool, rng).and_then(|d| Some((d, shape.neighbour(cur, d)?))) {
            Some((d, next)) => {
                carve(maze, cur, d, obs);
                visited.insert(next);
                obs.on(Event::Visit(next));
                active.push_back(next);
            }
            None => {
                obs.on(Event::Backtrack(cur));
                if i == 0 {
                    active.pop_front();
                } else {
                    active.swap_remove_back(i);
                }
            }
        }
    }
}
