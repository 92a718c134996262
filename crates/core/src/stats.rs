//! Maze statistics: dead ends, junctions, corridors, the solution and its turns, the longest
//! path, the river factor and a difficulty score with four bands ([`Hardness`]).
//!
//! Everything is computed by [`stats`] in a few linear passes over the cells, with explicit
//! queues and no recursion, on every shape. The definitions are those of `docs/STATS.md`; each
//! field of [`Stats`] repeats its own.
//!
//! ```
//! use maze_core::{Algorithm, Maze, Square, Xoshiro, stats};
//!
//! let mut maze = Maze::new(Square::new(30, 30));
//! let mut rng = Xoshiro::seed_from_u64(7);
//! Algorithm::RecursiveBacktracker.generate(&mut maze, &Default::default(), &mut rng, &mut ()).unwrap();
//! let s = stats::stats(&maze);
//! assert_eq!(s.cells, 900);
//! assert!(s.diameter >= s.solution_length.unwrap());
//! for (key, value) in s.fields() {
//!     println!("{key:<22} {value}");
//! }
//! ```

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use crate::Error;
use crate::analyze::distances;
use crate::maze::Maze;
use crate::shape::{CellId, Point, Shape};

/// A step of the solution *turns* when its direction differs from the previous step's by
/// more than this many degrees.
pub const TURN_DEGREES: f64 = 30.0;

/// Side-branch size (in cells) at which a side branch counts half a full decision in
/// [`Stats::decision_weight`]: weight `s / (s + BRANCH_HALF)` for a branch of `s` cells.
pub const BRANCH_HALF: f64 = 10.0;

/// The decision weight at which the decision term of [`Stats::difficulty`] reaches
/// `1 − 1/e` (about 0.63): the term is `1 − exp(−decision_weight / DECISION_SCALE)`.
pub const DECISION_SCALE: f64 = 30.0;

/// Summary figures of a maze, perfect or braided, as [`stats`] computes them.
///
/// Degrees count open passages to other cells only: the entrance and exit openings in the
/// outer wall are not counted, so an entrance at the end of a corridor is a dead end, as in
/// [`crate::analyze::dead_ends`].
///
/// [`fields`](Stats::fields) lists the figures under stable snake_case keys, in a fixed order,
/// for tables and JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Number of cells.
    pub cells: u64,
    /// Open passages between two cells (the entrance and exit openings not counted).
    pub passages: u64,
    /// Whether the maze is perfect: connected, with `cells − 1` passages (a spanning tree).
    pub perfect: bool,
    /// Cells with no open passage (only in hand-made or damaged mazes).
    pub isolated: u64,
    /// Dead ends: cells with exactly one open passage.
    pub dead_ends: u64,
    /// `dead_ends / cells`, in 0..=1.
    pub dead_end_share: f64,
    /// Corridor cells: cells with exactly two open passages.
    pub corridor_cells: u64,
    /// Junctions by degree: `(degree, cells with that many open passages)` for every degree
    /// from 3 up to the shape's number of doors ([`Shape::door_count`]), zero counts included, so
    /// the list (and the keys of [`fields`](Stats::fields)) depends on the shape only.
    pub junctions: Vec<(u32, u64)>,
    /// Corridors: maximal runs of corridor cells joined by open passages (a loop made only of
    /// corridor cells counts as one corridor).
    pub corridors: u64,
    /// Mean corridor length in cells, `corridor_cells / corridors` (0 without corridors).
    pub corridor_mean_length: f64,
    /// Steps of a shortest route from the entrance to the exit (for a perfect maze, the only
    /// route); `None` when the exit cannot be reached from the entrance.
    pub solution_length: Option<u64>,
    /// Cells on that route (both ends included) as a share of all cells, in 0..=1 (0 when
    /// there is no route).
    pub solution_share: f64,
    /// Steps from the entrance to the exit with every inner wall open (a breadth-first search
    /// over the shape): the shortest the solution could be.
    pub direct_distance: u64,
    /// `solution_length / direct_distance` (1 = no detour; 0 when there is no route or the
    /// entrance is the exit).
    pub winding: f64,
    /// Decision points: cells of the route, the entrance included and the exit excluded, with
    /// at least one open passage off the route.
    pub decisions: u64,
    /// Each open passage off the route at a decision point, weighted by the size `s` (in
    /// cells) of the side branch it leads into as `s / (s + BRANCH_HALF)`, summed: a one-cell
    /// stub counts 0.09, a 100-cell branch 0.91. The side branches are the cells off the route
    /// reached by a breadth-first search started from all route cells at once (for a perfect
    /// maze, exactly the subtrees hanging off the route; in a braided maze a region touching
    /// the route at several cells goes to the one the search reaches it from first, and a
    /// passage into a region claimed from another cell is weighted with that region's size).
    pub decision_weight: f64,
    /// The longest path found: for a perfect maze the exact diameter of the tree (the longest
    /// route between any two cells), found by two breadth-first searches; for a maze with
    /// loops an estimate from below of the longest *shortest* route between two cells (the
    /// double sweep: the cell farthest from the exit, then the cell farthest from that one).
    /// Always at least `solution_length`. Measured within the exit's part of the maze.
    pub diameter: u64,
    /// The two end cells of that path, the one found first (farthest from the exit) first.
    pub diameter_ends: (CellId, CellId),
    /// Whether [`diameter`](Stats::diameter) is exact (perfect mazes) or an estimate.
    pub diameter_exact: bool,
    /// River factor: how far passages run before they fork, as the mean length in steps of
    /// the *runs*: the pieces the passages fall into when cut at every cell that is not a
    /// corridor cell (dead ends, junctions, isolated cells), a loop of corridor cells being
    /// one run. That is `passages / (passages − corridor_cells + loops)`; 0 without passages.
    /// Walter Pullen's "river": a maze with more river has fewer but longer dead ends and
    /// passages (the recursive backtracker about 5 on 30 × 30 squares, Kruskal about 1.7).
    pub river: f64,
    /// Turns on the solution: steps whose direction (between cell centres,
    /// [`Shape::centre`]) differs by more than [`TURN_DEGREES`] from the previous step's. The
    /// first step never turns; the openings in the outer wall are not steps.
    pub turns: u64,
    /// The share of the solution's steps that do not turn, `1 − turns / solution_length`, in
    /// 0..=1 (1 for a route of no steps, 0 when there is no route).
    pub straightness: f64,
    /// Difficulty score, in 0..=100, the sum of three terms (see [`difficulty`]):
    ///
    /// - detour, up to 40: `40 × (1 − direct_distance / solution_length)`, the share of the
    ///   solution spent away from the direct way (0 without a route, or for a route of 0 steps);
    /// - decisions, up to 20: `20 × (1 − exp(−decision_weight / DECISION_SCALE))`, more and
    ///   bigger wrong turns on the way;
    /// - scarce dead ends, up to 40: `40 × (1 − dead_end_share)`: few dead ends mean long
    ///   blind alleys (river), and in a braided maze loops instead of alleys that visibly end.
    ///
    /// Each term grows with its ingredient. A maze with nothing to solve (no route, or the
    /// entrance is the exit) scores 0. See [`Hardness`] for the bands.
    pub difficulty: f64,
    /// How many perfect mazes the shape admits: the number of spanning trees of its cell
    /// graph (every cell, an edge for every wall a passage could open; the maze's own
    /// passages play no part; a woven maze counts its plain grid), by the matrix-tree
    /// theorem ([`crate::spanning`]). Exact when below 2·10¹⁸, else `None`; 0 for cells in
    /// separate pieces. The same for every maze of a shape.
    pub spanning_trees: Option<u64>,
    /// The base-10 logarithm of [`spanning_trees`](Stats::spanning_trees), also for counts
    /// too large to hold; `None` when there are none (cells in separate pieces) or the shape
    /// is past the size limits of [`crate::spanning`] (about 140 × 140 squares).
    pub spanning_trees_log10: Option<f64>,
    /// A dungeon's rooms ([`crate::rooms`]; 0 without; the keys below only with rooms).
    pub rooms: u64,
    /// Of a dungeon's open cells (not rock), the share outside its rooms ([`crate::rooms::corridor_share`]).
    pub corridor_share: f64,
}

impl Stats {
    /// Cells with three or more open passages.
    ///
    /// Time O(D) for D door kinds; no allocation.
    pub fn junction_cells(&self) -> u64 {
        self.junctions.iter().map(|&(_, n)| n).sum()
    }

    /// The band of [`difficulty`](Stats::difficulty), by name: `easy`, `medium`, `hard` or
    /// `extreme`.
    ///
    /// Time and memory O(1).
    pub fn hardness(&self) -> &'static str {
        self.band().name()
    }

    /// The band of [`difficulty`](Stats::difficulty).
    ///
    /// Time and memory O(1).
    pub fn band(&self) -> Hardness {
        Hardness::of(self.difficulty)
    }

    /// Every figure under a stable snake_case key, in a fixed order, with typed values (see
    /// [`Value`] for their text and JSON forms). The keys, in order: `cells`, `passages`,
    /// `perfect`, `dead_ends`, `dead_end_share`, `corridor_cells`, `junctions`, `junctions_3`
    /// … `junctions_K` (K the shape's number of doors), `isolated`, `corridors`,
    /// `corridor_mean_length`, `solution_length`, `solution_share`, `direct_distance`,
    /// `winding`, `decisions`, `decision_weight`, `diameter`, `diameter_ends`,
    /// `diameter_exact`, `river`, `turns`, `straightness`, `difficulty`, `hardness`,
    /// `spanning_trees`, `spanning_trees_log10`; then, for a dungeon, `rooms`, `corridor_share`.
    ///
    /// Time and memory O(D) for D door kinds.
    pub fn values(&self) -> Vec<(&'static str, Value)> {
        use Value::{Bool, Cells, Float, Int, Missing, Text};
        let mut out = vec![
            ("cells", Int(self.cells)),
            ("passages", Int(self.passages)),
            ("perfect", Bool(self.perfect)),
            ("dead_ends", Int(self.dead_ends)),
            ("dead_end_share", Float(self.dead_end_share)),
            ("corridor_cells", Int(self.corridor_cells)),
            ("junctions", Int(self.junction_cells())),
        ];
        for &(degree, n) in &self.junctions {
            out.push((junction_key(degree), Int(n)));
        }
        out.extend([
            ("isolated", Int(self.isolated)),
            ("corridors", Int(self.corridors)),
            ("corridor_mean_length", Float(self.corridor_mean_length)),
            ("solution_length", self.solution_length.map_or(Missing, Int)),
            ("solution_share", Float(self.solution_share)),
            ("direct_distance", Int(self.direct_distance)),
            ("winding", Float(self.winding)),
            ("decisions", Int(self.decisions)),
            ("decision_weight", Float(self.decision_weight)),
            ("diameter", Int(self.diameter)),
            ("diameter_ends", Cells(self.diameter_ends.0, self.diameter_ends.1)),
            ("diameter_exact", Bool(self.diameter_exact)),
            ("river", Float(self.river)),
            ("turns", Int(self.turns)),
            ("straightness", Float(self.straightness)),
            ("difficulty", Float(self.difficulty)),
            ("hardness", Text(self.hardness())),
            ("spanning_trees", self.spanning_trees.map_or(Missing, Int)),
            ("spanning_trees_log10", self.spanning_trees_log10.map_or(Missing, Float)),
        ]);
        if self.rooms > 0 {
            out.extend([("rooms", Int(self.rooms)), ("corridor_share", Float(self.corridor_share))]);
        }
        out
    }

    /// [`values`](Stats::values) as text, for a table: the same keys in the same order, each
    /// value in its [`Display`](fmt::Display) form (floats to 4 decimals, trailing zeros
    /// dropped; a missing value as `-`; the diameter's ends as `[a, b]`).
    ///
    /// Time and memory O(D) for D door kinds.
    pub fn fields(&self) -> Vec<(&'static str, String)> {
        self.values().into_iter().map(|(k, v)| (k, v.to_string())).collect()
    }

    /// The figures as one JSON object, keys in the order of [`values`](Stats::values), values
    /// in their [`Value::json`] form; no serde needed.
    ///
    /// Time and memory O(D) for D door kinds.
    pub fn to_json(&self) -> String {
        let parts: Vec<String> =
            self.values().iter().map(|(k, v)| format!("\"{k}\": {}", v.json())).collect();
        format!("{{{}}}", parts.join(", "))
    }
}

/// The key of the junction count for `degree` in [`Stats::values`] (`junctions_3`, …):
/// static strings for the degrees a shape can have (at most 16 doors; higher degrees share
/// `junctions_16`).
pub fn junction_key(degree: u32) -> &'static str {
    const KEYS: [&str; 17] = [
        "junctions_0",
        "junctions_1",
        "junctions_2",
        "junctions_3",
        "junctions_4",
        "junctions_5",
        "junctions_6",
        "junctions_7",
        "junctions_8",
        "junctions_9",
        "junctions_10",
        "junctions_11",
        "junctions_12",
        "junctions_13",
        "junctions_14",
        "junctions_15",
        "junctions_16",
    ];
    KEYS[(degree as usize).min(16)]
}

/// One value of [`Stats::values`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A count.
    Int(u64),
    /// A share, mean or score.
    Float(f64),
    /// A yes/no figure.
    Bool(bool),
    /// A pair of cells (by id).
    Cells(CellId, CellId),
    /// A name (the hardness band).
    Text(&'static str),
    /// No value (the solution length of a maze whose exit cannot be reached).
    Missing,
}

impl Value {
    /// The value as JSON: numbers as in [`Display`](fmt::Display), `true`/`false`, a pair of
    /// cells as `[a, b]`, a name in double quotes, a missing value as `null`.
    ///
    /// Time and memory O(1).
    pub fn json(&self) -> String {
        match self {
            Value::Text(s) => format!("\"{s}\""),
            Value::Missing => "null".to_string(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) => {
                let s = format!("{x:.4}");
                let s = s.trim_end_matches('0').trim_end_matches('.');
                f.write_str(if s == "-0" { "0" } else { s })
            }
            Value::Bool(b) => write!(f, "{b}"),
            Value::Cells(a, b) => write!(f, "[{}, {}]", a.0, b.0),
            Value::Text(s) => f.write_str(s),
            Value::Missing => f.write_str("-"),
        }
    }
}

/// The four bands of [`Stats::difficulty`], from `easy` to `extreme`.
///
/// Thresholds (see [`Hardness::range`]): easy below 40, medium 40 to 60, hard 60 to 70,
/// extreme 70 and above, calibrated on 30 × 30 square mazes: the recursive backtracker rates
/// hard or extreme, Prim and Kruskal easy or medium (`docs/STATS.md` has the measured
/// distribution per generator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Hardness {
    /// Difficulty below 40.
    Easy,
    /// Difficulty 40 to 60.
    Medium,
    /// Difficulty 60 to 70.
    Hard,
    /// Difficulty 70 and above.
    Extreme,
}

impl Hardness {
    /// Every band, easiest first.
    pub const ALL: [Hardness; 4] = [Hardness::Easy, Hardness::Medium, Hardness::Hard, Hardness::Extreme];

    /// The lowest difficulty of `medium`, `hard` and `extreme`.
    const THRESHOLDS: [f64; 3] = [40.0, 60.0, 70.0];

    /// The band's name, as the command line takes it.
    ///
    /// Time and memory O(1).
    pub fn name(self) -> &'static str {
        match self {
            Hardness::Easy => "easy",
            Hardness::Medium => "medium",
            Hardness::Hard => "hard",
            Hardness::Extreme => "extreme",
        }
    }

    /// The band a difficulty score falls in (a NaN score counts as easy).
    ///
    /// Time and memory O(1).
    pub fn of(difficulty: f64) -> Hardness {
        let above = Self::THRESHOLDS.iter().filter(|&&t| difficulty >= t).count();
        Self::ALL[above]
    }

    /// The band's scores, `low..high`: a difficulty `d` is in the band when `low <= d < high`
    /// (the extreme band's `high` is 100, and includes 100).
    ///
    /// Time and memory O(1).
    pub fn range(self) -> (f64, f64) {
        let i = self as usize;
        let low = if i == 0 { 0.0 } else { Self::THRESHOLDS[i - 1] };
        let high = if i == 3 { 100.0 } else { Self::THRESHOLDS[i] };
        (low, high)
    }
}

impl fmt::Display for Hardness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Hardness {
    type Err = Error;

    /// Parses a band name, ignoring case and surrounding spaces.
    fn from_str(s: &str) -> Result<Self, Error> {
        let key = s.trim().to_ascii_lowercase();
        Hardness::ALL.into_iter().find(|h| h.name() == key).ok_or_else(|| {
            Error::Parameter(format!("unknown hardness '{s}' (expected one of: easy, medium, hard, extreme)"))
        })
    }
}

/// Computes the [`Stats`] of a maze, perfect or braided, on any shape.
///
/// Passes: the degrees of all cells; a breadth-first search from the exit (the solution, by
/// walking down the distances from the entrance, and the first end of the longest path); one
/// from that end (the longest path); one over the shape with every wall open (the direct
/// distance, stopping at the exit); one from all solution cells at once (the side branches);
/// a flood of every corridor. All are iterative. Then the shape's spanning-tree count
/// ([`crate::spanning::spanning_trees_cached`]: computed once per shape, remembered for the
/// next mazes of a batch).
///
/// Time O(N · D) for N cells and D doors per cell, plus the spanning-tree count's
/// O(n · b²) for a band of half-width b (about the maze's width; skipped past
/// [`crate::spanning::WORK_LIMIT`]); memory O(N): at most [`memory`] (a distance per cell,
/// a degree byte, the queue, the solution and the branch sizes: [`BYTES_PER_CELL`]; and,
/// up to [`crate::spanning::MAX_CELLS`] cells, the count's graph and band while it runs).
pub fn stats<S: Shape>(maze: &Maze<S>) -> Stats {
    let shape = maze.shape();
    let n = maze.cell_count() as usize;
    let cells = n as u64;
    let max_degree = u32::from(shape.door_count());

    // Degrees.
    let mut degree = Vec::with_capacity(n);
    let mut by_degree = vec![0u64; max_degree as usize + 1];
    let mut degree_sum = 0u64;
    for c in 0..n as u32 {
        let d = maze.degree(CellId(c));
        degree.push(d as u8);
        by_degree[d as usize] += 1;
        degree_sum += u64::from(d);
    }
    let passages = degree_sum / 2;
    let dead_ends = by_degree.get(1).copied().unwrap_or(0);
    let corridor_cells = by_degree.get(2).copied().unwrap_or(0);
    let junctions: Vec<(u32, u64)> = (3..=max_degree).map(|d| (d, by_degree[d as usize])).collect();

    // Distances from the exit: the solution, connectivity and the first sweep.
    let (entrance, exit) = (maze.entrance(), maze.exit());
    let dist = distances(maze, exit);
    let connected = dist.iter().all(|&d| d != u32::MAX);
    let perfect = connected && passages + 1 == cells;
    let path = route(maze, &dist, entrance);
    let solution_length = (!path.is_empty()).then(|| path.len() as u64 - 1);
    let first = farthest(&dist);
    drop(dist);

    // Second sweep: the longest path.
    let mut dist = distances(maze, first);
    let second = farthest(&dist);
    let diameter = u64::from(dist[second.index()]);

    // The direct distance, then the side branches (reusing the buffer).
    let direct_distance = u64::from(direct(shape, entrance, exit, &mut dist));
    let (decisions, decision_weight) = side_branches(maze, &path, &mut dist);
    drop(dist);

    let (corridors, loops) = corridors(maze, &degree);
    // Passages between forks: each ends at two doors of cells that are not corridor cells,
    // except the loops, which have no such end.
    let runs = passages - corridor_cells + loops;
    let river = if runs == 0 { 0.0 } else { passages as f64 / runs as f64 };
    let turns = count_turns(shape, &path);

    let share = |k: u64| if cells == 0 { 0.0 } else { k as f64 / cells as f64 };
    let dead_end_share = share(dead_ends);
    let (solution_share, winding, straightness) = match solution_length {
        None => (0.0, 0.0, 0.0),
        Some(len) => (
            share(len + 1),
            if direct_distance == 0 { 0.0 } else { len as f64 / direct_distance as f64 },
            if len == 0 { 1.0 } else { 1.0 - turns as f64 / len as f64 },
        ),
    };
    let difficulty = match solution_length {
        None | Some(0) => 0.0,
        Some(_) => difficulty(winding, decision_weight, dead_end_share),
    };
    let trees = crate::spanning::spanning_trees_cached(shape);
    Stats {
        cells,
        passages,
        perfect,
        isolated: by_degree[0],
        dead_ends,
        dead_end_share,
        corridor_cells,
        junctions,
        corridors,
        corridor_mean_length: if corridors == 0 { 0.0 } else { corridor_cells as f64 / corridors as f64 },
        solution_length,
        solution_share,
        direct_distance,
        winding,
        decisions,
        decision_weight,
        diameter,
        diameter_ends: (first, second),
        diameter_exact: perfect,
        river,
        turns,
        straightness,
        difficulty,
        spanning_trees: trees.exact,
        spanning_trees_log10: trees.log10,
        rooms: maze.rooms.len() as u64,
        corridor_share: crate::rooms::corridor_share(maze),
    }
}

/// Whether [`quick_figure`] computes the figure `key` of [`Stats::values`] alone: the counts
/// by degree (`cells`, `passages`, `isolated`, `dead_ends`, `dead_end_share`,
/// `corridor_cells`, `junctions`, `junctions_3` ...), `solution_length`, `solution_share`
/// and `direct_distance`. Time O(1).
pub fn quick(key: &str) -> bool {
    matches!(
        key,
        "cells"
            | "passages"
            | "isolated"
            | "dead_ends"
            | "dead_end_share"
            | "corridor_cells"
            | "junctions"
            | "solution_length"
            | "solution_share"
            | "direct_distance"
    ) || key.starts_with("junctions_")
}

/// The figure `key` of [`Stats::values`] for `maze`, computed alone, with exactly the value
/// [`stats`] gives it, for the keys of [`quick`]; `None` for the others, and for a
/// junction degree the shape does not have (as [`Stats::values`] has no such key). A
/// condition on one figure (`--where solution>=40`) need not pay for all of them.
///
/// Time O(N · D) for N cells and D doors: one pass over the cells for the counts by degree,
/// one breadth-first search from the exit that stops at the entrance for the solution's
/// length, one over the shape for the direct distance; memory O(N) for the searches.
pub fn quick_figure<S: Shape>(maze: &Maze<S>, key: &str) -> Option<Value> {
    let cells = u64::from(maze.cell_count());
    let share = |k: u64| if cells == 0 { 0.0 } else { k as f64 / cells as f64 };
    let by_degree = || {
        let mut by_degree = vec![0u64; usize::from(maze.shape().door_count()) + 1];
        for c in 0..maze.cell_count() {
            by_degree[maze.degree(CellId(c)) as usize] += 1;
        }
        by_degree
    };
    let count = |d: usize, by: &[u64]| by.get(d).copied().unwrap_or(0);
    Some(match key {
        "cells" => Value::Int(cells),
        "passages" => {
            let by = by_degree();
            Value::Int(by.iter().enumerate().map(|(d, n)| d as u64 * n).sum::<u64>() / 2)
        }
        "isolated" => Value::Int(by_degree()[0]),
        "dead_ends" => Value::Int(count(1, &by_degree())),
        "dead_end_share" => Value::Float(share(count(1, &by_degree()))),
        "corridor_cells" => Value::Int(count(2, &by_degree())),
        "junctions" => Value::Int(by_degree().iter().skip(3).sum()),
        "solution_length" | "solution_share" => {
            let steps = steps_between(maze, maze.exit(), maze.entrance());
            match (key, steps) {
                ("solution_length", Some(n)) => Value::Int(u64::from(n)),
                ("solution_length", None) => Value::Missing,
                (_, Some(n)) => Value::Float(share(u64::from(n) + 1)),
                (_, None) => Value::Float(0.0),
            }
        }
        "direct_distance" => {
            let mut seen = vec![0u32; cells as usize];
            Value::Int(u64::from(direct(maze.shape(), maze.entrance(), maze.exit(), &mut seen)))
        }
        _ if key.starts_with("junctions_") => {
            let by = by_degree();
            let degree = (3..by.len() as u32).find(|&d| junction_key(d) == key)?;
            Value::Int(by[degree as usize])
        }
        _ => return None,
    })
}

/// Steps of a shortest route from `from` to `to` along the passages (a breadth-first search
/// that stops at `to`), `None` when `to` cannot be reached. Time O(N · D); memory O(N).
fn steps_between<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Option<u32> {
    let n = maze.cell_count() as usize;
    let mut dist = vec![u32::MAX; n];
    dist[from.index()] = 0;
    // Each cell is queued at most once: a plain vector read from `head` is the queue.
    let mut queue = Vec::with_capacity(n);
    queue.push(from);
    let mut head = 0;
    while let Some(&c) = queue.get(head) {
        head += 1;
        let d = dist[c.index()];
        if c == to {
            return Some(d);
        }
        for b in maze.open_neighbours(c) {
            if dist[b.index()] == u32::MAX {
                dist[b.index()] = d + 1;
                queue.push(b);
            }
        }
    }
    None
}

/// The most bytes a cell takes while [`stats`] runs, besides the maze itself: a degree
/// byte, a distance, the breadth-first queue and the solution's cells (4 bytes each, with
/// room for a growing buffer's doubling).
pub const BYTES_PER_CELL: u64 = 16;

/// The most memory [`stats`] takes for a maze of `cells` cells (besides the maze itself):
/// [`BYTES_PER_CELL`] a cell and the spanning-tree count's
/// ([`crate::spanning::memory`]). A front end checks it against its memory limit before
/// computing statistics. Time and memory O(1).
pub fn memory(cells: u64) -> u64 {
    cells.saturating_mul(BYTES_PER_CELL).saturating_add(crate::spanning::memory(cells))
}

/// The difficulty score of [`Stats::difficulty`] from its three ingredients, in 0..=100:
/// `40 × (1 − 1/winding) + 20 × (1 − exp(−decision_weight / DECISION_SCALE)) +
/// 40 × (1 − dead_end_share)`, the first term 0 when `winding <= 1` (no detour, or no route).
/// It does not decrease when `winding` or `decision_weight` grows or `dead_end_share` falls.
///
/// Time and memory O(1).
pub fn difficulty(winding: f64, decision_weight: f64, dead_end_share: f64) -> f64 {
    let detour = if winding > 1.0 { 1.0 - 1.0 / winding } else { 0.0 };
    let decisions = 1.0 - crate::math::exp(-decision_weight.max(0.0) / DECISION_SCALE);
    let scarce_dead_ends = 1.0 - dead_end_share.clamp(0.0, 1.0);
    (40.0 * detour + 20.0 * decisions + 40.0 * scarce_dead_ends).clamp(0.0, 100.0)
}

/// A shortest route from `from` to the cell where `dist` is 0, walking down the distances
/// (the first door in index order at each step); empty if `from` is unreachable.
///
/// Time O(L · D) for a route of L steps; memory O(L).
fn route<S: Shape>(maze: &Maze<S>, dist: &[u32], from: CellId) -> Vec<CellId> {
    let d0 = dist[from.index()];
    if d0 == u32::MAX {
        return Vec::new();
    }
    let mut path = Vec::with_capacity(d0 as usize + 1);
    let mut cur = from;
    path.push(cur);
    while dist[cur.index()] > 0 {
        let want = dist[cur.index()] - 1;
        cur = maze.open_neighbours(cur).find(|b| dist[b.index()] == want).expect("distances are consistent");
        path.push(cur);
    }
    path
}

/// The reachable cell with the largest distance (the lowest id among ties).
///
/// Time O(N); no allocation.
fn farthest(dist: &[u32]) -> CellId {
    let mut best: Option<(u32, u32)> = None;
    for (i, &d) in dist.iter().enumerate() {
        if d != u32::MAX && best.is_none_or(|(_, b)| d > b) {
            best = Some((i as u32, d));
        }
    }
    CellId(best.map_or(0, |(i, _)| i))
}

/// Steps from `from` to `to` over the shape with every inner wall open, by a breadth-first
/// search that stops at `to`, using `seen` (one entry per cell) as scratch.
///
/// Time O(N · D); memory O(N) for the queue.
fn direct<S: Shape>(shape: &S, from: CellId, to: CellId, seen: &mut [u32]) -> u32 {
    seen.fill(u32::MAX);
    seen[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let d = seen[c.index()];
        if c == to {
            return d;
        }
        for (_, b) in shape.adjacent(c).iter() {
            if seen[b.index()] == u32::MAX {
                seen[b.index()] = d + 1;
                queue.push_back(b);
            }
        }
    }
    0
}

/// Decision points on `path` and their weight ([`Stats::decisions`],
/// [`Stats::decision_weight`]), using `label` (one entry per cell) as scratch for the branch
/// each cell belongs to.
///
/// Time O(N · D); memory O(N) for the queue and the branch sizes.
fn side_branches<S: Shape>(maze: &Maze<S>, path: &[CellId], label: &mut [u32]) -> (u64, f64) {
    const FREE: u32 = u32::MAX;
    const ROUTE: u32 = u32::MAX - 1;
    let Some((_, before_exit)) = path.split_last() else { return (0, 0.0) };
    label.fill(FREE);
    for &c in path {
        label[c.index()] = ROUTE;
    }
    // One branch per free cell next to the route, before the exit; then grow them all at once.
    let mut sizes: Vec<u32> = Vec::new();
    let mut queue = VecDeque::new();
    for &c in before_exit {
        for b in maze.open_neighbours(c) {
            if label[b.index()] == FREE {
                label[b.index()] = sizes.len() as u32;
                sizes.push(0);
                queue.push_back(b);
            }
        }
    }
    while let Some(c) = queue.pop_front() {
        let k = label[c.index()];
        sizes[k as usize] += 1;
        for b in maze.open_neighbours(c) {
            if label[b.index()] == FREE {
                label[b.index()] = k;
                queue.push_back(b);
            }
        }
    }
    let mut decisions = 0u64;
    let mut weight = 0.0;
    for &c in before_exit {
        let mut any = false;
        for b in maze.open_neighbours(c) {
            let k = label[b.index()];
            if k != ROUTE {
                let s = f64::from(sizes[k as usize]);
                weight += s / (s + BRANCH_HALF);
                any = true;
            }
        }
        decisions += u64::from(any);
    }
    (decisions, weight)
}

/// The number of corridors ([`Stats::corridors`]) and how many of them are closed loops (a
/// piece of the maze made only of corridor cells).
///
/// Time O(N · D); memory one bit per cell (and a stack of at most a few cells).
fn corridors<S: Shape>(maze: &Maze<S>, degree: &[u8]) -> (u64, u64) {
    let n = degree.len();
    let mut seen = vec![0u64; n.div_ceil(64)];
    let (mut corridors, mut loops) = (0u64, 0u64);
    let mut stack = Vec::new();
    for start in 0..n {
        if degree[start] != 2 || seen[start >> 6] & (1 << (start & 63)) != 0 {
            continue;
        }
        // A new corridor: mark every corridor cell joined to this one, counting the passages
        // that leave it (two for a run between forks or ends, none for a loop).
        corridors += 1;
        let mut exits = 0u32;
        seen[start >> 6] |= 1 << (start & 63);
        stack.push(CellId(start as u32));
        while let Some(c) = stack.pop() {
            for b in maze.open_neighbours(c) {
                let i = b.index();
                if degree[i] != 2 {
                    exits += 1;
                } else if seen[i >> 6] & (1 << (i & 63)) == 0 {
                    seen[i >> 6] |= 1 << (i & 63);
                    stack.push(b);
                }
            }
        }
        loops += u64::from(exits == 0);
    }
    (corridors, loops)
}

/// Turns along `path` ([`Stats::turns`]).
///
/// Time O(L) for a route of L steps; no allocation.
fn count_turns<S: Shape>(shape: &S, path: &[CellId]) -> u64 {
    let cos_limit = crate::math::cos(TURN_DEGREES.to_radians()) - 1e-9;
    let step = |a: CellId, b: CellId| {
        let (p, q): (Point, Point) = (shape.centre(a), shape.centre(b));
        (q.x - p.x, q.y - p.y)
    };
    let mut turns = 0;
    let mut previous: Option<(f64, f64)> = None;
    for pair in path.windows(2) {
        let v = step(pair[0], pair[1]);
        if let Some(u) = previous {
            let dot = u.0 * v.0 + u.1 * v.1;
            let norms = (u.0 * u.0 + u.1 * u.1).sqrt() * (v.0 * v.0 + v.1 * v.1).sqrt();
            if dot < cos_limit * norms {
                turns += 1;
            }
        }
        previous = Some(v);
    }
    turns
}
