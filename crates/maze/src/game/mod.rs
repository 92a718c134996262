//! The rules of playing a maze, for every shape, in one place: where the player stands,
//! which moves the doors allow (through a wrapped maze's seams, up and down a level maze's
//! stairs, over and under a woven maze's crossings), what the player has seen under a fog
//! of war, reaching the goal, a MultiMaze's pairing of starts with ends, and the moves made
//! against the shortest route. `maze play` plays on it; [`vector`] steps many of them at
//! once for reinforcement learning.
//!
//! ```
//! use maze::game::{Fog, Moved, Walk};
//! use maze_core::{Algorithm, Maze, Shape, Square, Xoshiro, generate::Options};
//!
//! let mut maze = Maze::new(Square::new(4, 3));
//! Algorithm::Kruskal.generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap();
//! maze.open_entrance_and_exit();
//! let mut walk = Walk::new(maze, Fog::Near(1));
//! let route = maze_core::Solver::Bfs.solve(walk.maze(), walk.player(), walk.maze().exit(), &mut ()).unwrap().path;
//! for pair in route.windows(2) {
//!     let door = walk.maze().shape().door_between(pair[0], pair[1]).unwrap();
//!     let moved = walk.move_through(door);
//!     assert!(matches!(moved, Moved::Steps(1) | Moved::Finished));
//! }
//! assert!(walk.finished() && walk.moves() == walk.shortest());
//! ```

pub mod vector;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use maze_core::generate::OriginShift;
use maze_core::{CellId, Door, DoorKind, Maze, Point, Shape, Xoshiro};

/// A direction the player asks for, as a vector on screen (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heading {
    /// Horizontal component.
    pub dx: f64,
    /// Vertical component (down is positive).
    pub dy: f64,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    /// The player moved this many cells (more than one with auto-move).
    Steps(u32),
    /// A wall is in the way, or no door points that way.
    Blocked,
    /// The move reached the last end: the maze is solved.
    Finished,
}

/// What the player sees of the maze: the fog of war. Cells seen stay seen; the rest is
/// drawn blank until the player comes near.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fog {
    /// The whole maze is in view.
    #[default]
    Off,
    /// Line of sight: from the player's cell, along each open passage for as long as the
    /// corridor runs straight on (through the door facing the one it came in by).
    Sight,
    /// The cells at most this many steps away along the passages.
    Near(u32),
}

impl Fog {
    /// The fog for `maze play --fog [N]`: none without the option, line of sight with no
    /// number (or 0), within N steps otherwise.
    pub fn from_option(fog: Option<u32>) -> Fog {
        match fog {
            None => Fog::Off,
            Some(0) => Fog::Sight,
            Some(n) => Fog::Near(n),
        }
    }

    /// The menu's words for it.
    pub fn words(self) -> String {
        match self {
            Fog::Off => "off (the whole maze in view)".into(),
            Fog::Sight => "line of sight along corridors".into(),
            Fog::Near(n) => format!("within {n} step{}", if n == 1 { "" } else { "s" }),
        }
    }
}

/// One maze being played: the maze, the player's cell, the ends still to reach, the moves
/// made and the cells seen.
#[derive(Clone, Debug)]
pub struct Walk<S: Shape> {
    maze: Maze<S>,
    player: CellId,
    starts: Vec<CellId>,
    ends: Vec<CellId>,
    /// The start the player set out from (a MultiMaze sends the player on from the next).
    start_index: usize,
    /// Which ends were reached.
    matched: Vec<bool>,
    moves: u32,
    shortest: u32,
    fog: Fog,
    /// Under a fog of war, the cells seen so far (empty without fog).
    seen: Vec<bool>,
    /// A maze that shifts as it is played ([`Walk::shift_every`]).
    shifting: Option<Shifting>,
}

/// Origin Shift's tree over a maze being played, the stream its steps draw from, and the
/// steps each move takes.
#[derive(Clone, Debug)]
struct Shifting {
    tree: OriginShift,
    rng: Xoshiro,
    steps: u32,
}

impl<S: Shape> Walk<S> {
    /// Starts playing `maze` from its first start (its entrance when it has no MultiMaze
    /// starts) towards its ends (its exit), under `fog`.
    ///
    /// Time: one breadth-first walk per start, for the par.
    pub fn new(maze: Maze<S>, fog: Fog) -> Self {
        let starts = if maze.starts.is_empty() { vec![maze.entrance()] } else { maze.starts.clone() };
        let ends = if maze.ends.is_empty() { vec![maze.exit()] } else { maze.ends.clone() };
        // The par: for each start, the distance to its nearest end.
        let shortest = starts
            .iter()
            .map(|&s| {
                let d = maze_core::analyze::distances(&maze, s);
                ends.iter().map(|e| d[e.index()]).min().unwrap_or(0)
            })
            .sum();
        let mut walk = Walk {
            player: starts[0],
            matched: vec![false; ends.len()],
            starts,
            ends,
            maze,
            start_index: 0,
            moves: 0,
            shortest,
            fog,
            seen: Vec::new(),
            shifting: None,
        };
        walk.look();
        walk
    }

    /// Lets the maze shift as it is played (`maze play --shifting`): after each move the
    /// walls change by `steps` steps of Origin Shift ([`OriginShift`]), drawn from `seed`,
    /// over the maze's tree rooted at the player's cell. Each step opens one wall and closes
    /// another (a braided maze may lose loops, never a way through), so a perfect maze stays
    /// perfect and every end stays in reach; the par stays
    /// that of the maze as it started. Not for woven mazes, whose crossings a step could
    /// break (the maze does not shift there). 0 steps stops the shifting.
    pub fn shift_every(&mut self, steps: u32, seed: u64) {
        if steps == 0 || self.maze.shape().woven() {
            self.shifting = None;
            return;
        }
        let tree = OriginShift::from_maze(&mut self.maze, self.player);
        self.shifting = Some(Shifting { tree, rng: Xoshiro::seed_from_u64(seed), steps });
    }

    /// Whether the maze shifts as it is played.
    pub fn shifting(&self) -> bool {
        self.shifting.is_some()
    }

    /// The shifting's steps after a move.
    fn shift(&mut self) {
        if let Some(s) = self.shifting.as_mut() {
            for _ in 0..s.steps {
                s.tree.step(&mut self.maze, &mut s.rng, &mut ());
            }
        }
    }

    /// The maze.
    pub fn maze(&self) -> &Maze<S> {
        &self.maze
    }

    /// The maze, to change its walls (the par and the cells seen are not recomputed).
    pub fn maze_mut(&mut self) -> &mut Maze<S> {
        &mut self.maze
    }

    /// The player's cell.
    pub fn player(&self) -> CellId {
        self.player
    }

    /// Puts the player on `cell` (not a move: no move is counted), and looks around.
    pub fn place_player(&mut self, cell: CellId) {
        self.player = cell;
        self.look();
    }

    /// The starts, in the order the player sets out from them.
    pub fn starts(&self) -> &[CellId] {
        &self.starts
    }

    /// The ends.
    pub fn ends(&self) -> &[CellId] {
        &self.ends
    }

    /// Which ends were reached (by index into [`ends`](Walk::ends)).
    pub fn matched(&self) -> &[bool] {
        &self.matched
    }

    /// The ends not yet reached.
    pub fn goals(&self) -> Vec<CellId> {
        self.ends.iter().zip(&self.matched).filter(|(_, m)| !**m).map(|(e, _)| *e).collect()
    }

    /// Moves made so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Length in steps of the shortest route(s) the player had to walk: for each start,
    /// the distance to its nearest end.
    pub fn shortest(&self) -> u32 {
        self.shortest
    }

    /// Whether every start is connected to an end.
    pub fn finished(&self) -> bool {
        self.start_index >= self.starts.len() || self.matched.iter().all(|&m| m)
    }

    /// How many starts are connected to an end, and how many starts there are.
    pub fn connected(&self) -> (usize, usize) {
        (self.matched.iter().filter(|&&m| m).count(), self.starts.len())
    }

    /// The fog of war.
    pub fn fog(&self) -> Fog {
        self.fog
    }

    /// Under a fog of war, which cells were seen (by cell index); empty without fog.
    pub fn seen(&self) -> &[bool] {
        &self.seen
    }

    /// Forgets what was seen and looks again from the player's cell.
    pub fn forget(&mut self) {
        self.seen.fill(false);
        self.look();
    }

    /// Marks every cell as seen (a solved maze shows whole).
    pub fn reveal(&mut self) {
        self.seen.fill(true);
    }

    /// Puts the player back at the first start, with no moves made, no end reached and
    /// nothing seen but from there.
    pub fn restart(&mut self) {
        self.start_index = 0;
        self.player = self.starts[0];
        self.matched.fill(false);
        self.moves = 0;
        self.seen.fill(false);
        self.look();
    }

    /// Moves the player through `door` of its cell (a stair too) when it is open: one move.
    /// Reaching an end not yet reached pairs it with the start the player set out from;
    /// in a MultiMaze the player then goes on from the next start (so the player's cell
    /// after a move is not always the door's neighbour).
    pub fn move_through(&mut self, door: S::Door) -> Moved {
        if self.finished() {
            return Moved::Finished;
        }
        let shape = self.maze.shape();
        if !shape.doors(self.player).contains(door) || !self.maze.is_open(self.player, door) {
            return Moved::Blocked;
        }
        let Some(next) = shape.neighbour(self.player, door) else { return Moved::Blocked };
        self.arrive(next).unwrap_or(Moved::Steps(1))
    }

    /// The open stair of the player's cell going up (`up`) or down, if there is one.
    pub fn stair(&self, up: bool) -> Option<S::Door> {
        let shape = self.maze.shape();
        shape.doors(self.player).iter().find(|&d| {
            shape.door_kind(self.player, d) == DoorKind::Stair { up } && self.maze.is_open(self.player, d)
        })
    }

    /// Takes the open stair of the player's cell up (`up`) or down, if there is one
    /// ([`Moved::Blocked`] otherwise).
    pub fn climb(&mut self, up: bool) -> Moved {
        match self.stair(up) {
            _ if self.finished() => Moved::Finished,
            Some(d) => self.move_through(d),
            None => Moved::Blocked,
        }
    }

    /// The open door of `cell` in the plane (not a stair) that best matches the heading
    /// (within 60°). When two doors match it equally well (up between the two upper doors
    /// of a pointy-top hexagon, right between the two right-hand doors of a flat-top one),
    /// the open one wins. A heading picks a door by where its wall lies, so on a wrapped
    /// maze moving off one border arrives on the other.
    pub fn door_towards(&self, cell: CellId, h: Heading) -> Option<(S::Door, CellId)> {
        let shape = self.maze.shape();
        let c = shape.centre(cell);
        let len = h.dx.hypot(h.dy);
        let mut best: Option<(f64, S::Door, CellId)> = None;
        for (d, b) in shape.adjacent(cell).iter() {
            if matches!(shape.door_kind(cell, d), DoorKind::Stair { .. }) {
                continue; // not in the plane: taken with `climb`
            }
            let [p, q] = shape.wall_segment(cell, d);
            let mid = Point { x: (p.x + q.x) / 2.0 - c.x, y: (p.y + q.y) / 2.0 - c.y };
            let cos = (mid.x * h.dx + mid.y * h.dy) / (mid.x.hypot(mid.y) * len);
            let better = |(bc, bd, _): (f64, S::Door, CellId)| {
                cos > bc + 1e-9
                    || (cos > bc - 1e-9 && self.maze.is_open(cell, d) && !self.maze.is_open(cell, bd))
            };
            if cos > 0.5 && best.is_none_or(better) {
                best = Some((cos, d, b));
            }
        }
        let (_, d, b) = best?;
        self.maze.is_open(cell, d).then_some((d, b))
    }

    /// Moves the player into `next` (one move). Reaching an unmatched end either finishes
    /// the maze (`Some(Moved::Finished)`) or, in a MultiMaze, sends the player on from the
    /// next start.
    fn arrive(&mut self, next: CellId) -> Option<Moved> {
        self.player = next;
        self.moves += 1;
        self.shift();
        self.look();
        let reached = self.ends.iter().position(|&e| e == next).filter(|&i| !self.matched[i]);
        if let Some(i) = reached {
            self.matched[i] = true;
            self.start_index += 1;
            if self.finished() {
                return Some(Moved::Finished);
            }
            self.player = self.starts[self.start_index];
            self.look();
        }
        None
    }

    /// Under a fog of war, adds what the player sees from where they stand to the cells
    /// seen. Time: the cells seen from here.
    fn look(&mut self) {
        if self.fog == Fog::Off {
            return;
        }
        let n = self.maze.cell_count() as usize;
        if self.seen.len() != n {
            self.seen = vec![false; n];
        }
        match self.fog {
            Fog::Off => {}
            Fog::Sight => self.sight(),
            Fog::Near(steps) => self.near(steps),
        }
    }

    /// For [`Fog::Sight`]: marks as seen the player's cell and, along each open door, the
    /// cells straight on: through the door of each cell that faces the one it was entered
    /// by (within about 37 degrees), while that door is open.
    fn sight(&mut self) {
        let (maze, player) = (&self.maze, self.player);
        let shape = maze.shape();
        self.seen[player.index()] = true;
        for (door, next) in maze.open_adjacent(player).iter() {
            let (mut cell, mut back, mut next) = (player, shape.opposite(player, door), next);
            for _ in 0..self.seen.len() {
                self.seen[next.index()] = true;
                let centre = shape.centre(next);
                let towards = |d: S::Door| {
                    let [p, q] = shape.wall_segment(next, d);
                    Point { x: (p.x + q.x) / 2.0 - centre.x, y: (p.y + q.y) / 2.0 - centre.y }
                };
                let b = towards(back);
                let straight = shape
                    .doors(next)
                    .iter()
                    .filter(|&d| d != back)
                    .map(|d| {
                        let v = towards(d);
                        (d, (v.x * b.x + v.y * b.y) / (v.x.hypot(v.y) * b.x.hypot(b.y)).max(1e-12))
                    })
                    .min_by(|x, y| x.1.total_cmp(&y.1));
                let Some((d, cos)) = straight else { break };
                let Some(after) = shape.neighbour(next, d) else { break };
                if cos > -0.8 || !maze.is_open(next, d) || after == cell {
                    break;
                }
                (cell, back, next) = (next, shape.opposite(next, d), after);
            }
        }
    }

    /// For [`Fog::Near`]: marks every cell within `steps` passages of the player as seen
    /// (a breadth-first walk from the player, depth `steps`).
    fn near(&mut self, steps: u32) {
        let mut depth = std::collections::HashMap::new();
        depth.insert(self.player, 0u32);
        let mut queue = VecDeque::from([self.player]);
        while let Some(c) = queue.pop_front() {
            let d = depth[&c];
            self.seen[c.index()] = true;
            if d == steps {
                continue;
            }
            for b in self.maze.open_neighbours(c) {
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(b) {
                    e.insert(d + 1);
                    queue.push_back(b);
                }
            }
        }
    }
}

/// The door of `shape` with index `index` at `cell`, if the cell has that door: how an
/// action number (a door index in the shape's door order: north, east, south, west on
/// square cells, as [`maze_core::moves`] spells them U R D L; then the stairs up and down
/// on levels) names a door.
pub fn door_of<S: Shape>(shape: &S, cell: CellId, index: u8) -> Option<S::Door> {
    (index < S::Door::COUNT).then(|| S::Door::from_index(index)).filter(|&d| shape.doors(cell).contains(d))
}
