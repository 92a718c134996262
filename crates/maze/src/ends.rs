//! Where a maze's entrance and exit go (`--entrance`, `--exit`, the endpoint rules): the
//! ends a request names, checked against the shape, resolved on a made maze, and moved
//! there with the MultiMaze dots that follow them.

use std::str::FromStr;

use maze_core::{CellId, Maze, Random, Shape, ShapeKind, ShapeSpec, analyze, math};

use crate::error::{Error, Result};

/// A side of the maze, for `--entrance` and `--exit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The top edge.
    Top,
    /// The bottom edge.
    Bottom,
    /// The left edge.
    Left,
    /// The right edge.
    Right,
    /// The outer rim (circular mazes; elsewhere any boundary cell, the first one).
    Outer,
    /// The cell nearest the middle of the drawing (circular mazes: the centre opening).
    Centre,
}

/// Where `--entrance` or `--exit` puts its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndSpec {
    /// A cell by its id (as in the JSON file).
    Id(u32),
    /// A cell by its coordinates (`x,y`, or `ring,index` on polar mazes).
    Cell(u32, u32),
    /// A side, at its middle.
    Side(Side),
    /// A random cell (drawn after the maze is made, so the maze is the same).
    Random,
    /// The cell farthest from the other end (the longest route).
    Farthest,
}

impl FromStr for EndSpec {
    type Err = maze_core::Error;
    fn from_str(s: &str) -> Result<Self, maze_core::Error> {
        let key = s.trim().to_ascii_lowercase();
        Ok(match key.as_str() {
            "top" | "north" => EndSpec::Side(Side::Top),
            "bottom" | "south" => EndSpec::Side(Side::Bottom),
            "left" | "west" => EndSpec::Side(Side::Left),
            "right" | "east" => EndSpec::Side(Side::Right),
            "outer" | "outside" | "rim" => EndSpec::Side(Side::Outer),
            "centre" | "center" | "middle" => EndSpec::Side(Side::Centre),
            "random" => EndSpec::Random,
            "farthest" | "furthest" => EndSpec::Farthest,
            id if id.parse::<u32>().is_ok() => EndSpec::Id(id.parse().unwrap_or(0)),
            _ => {
                let parts: Vec<&str> = key.split(',').map(str::trim).collect();
                let num = |t: &str| t.parse::<u32>().ok();
                match parts.as_slice() {
                    [a, b] if num(a).is_some() && num(b).is_some() => {
                        EndSpec::Cell(num(a).unwrap_or(0), num(b).unwrap_or(0))
                    }
                    _ => {
                        return Err(maze_core::Error::Parameter(format!(
                            "'{s}' is not a cell (x,y or ring,index), a side (top, bottom, left, right, outer, centre), random or farthest"
                        )));
                    }
                }
            }
        })
    }
}

impl std::fmt::Display for EndSpec {
    /// As typed on the command line (`3,4`, `12`, `top`, `random`), which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndSpec::Id(id) => write!(f, "{id}"),
            EndSpec::Cell(a, b) => write!(f, "{a},{b}"),
            EndSpec::Side(side) => f.write_str(match side {
                Side::Top => "top",
                Side::Bottom => "bottom",
                Side::Left => "left",
                Side::Right => "right",
                Side::Outer => "outer",
                Side::Centre => "centre",
            }),
            EndSpec::Random => f.write_str("random"),
            EndSpec::Farthest => f.write_str("farthest"),
        }
    }
}

/// The cell an end specification names on `maze`, with `other` the opposite end (for
/// `farthest`).
///
/// # Errors
/// A usage error for coordinates outside the maze (or outside its mask).
pub fn resolve<S: Shape, R: Random>(
    maze: &Maze<S>,
    spec: EndSpec,
    other: CellId,
    rng: &mut R,
) -> Result<CellId> {
    let shape = maze.shape();
    let n = maze.cell_count();
    Ok(match spec {
        EndSpec::Id(id) if id < n => CellId(id),
        EndSpec::Id(id) => {
            return Err(Error::Request(format!(
                "cell {id} is out of range (the maze has {n} cells, ids 0 to {})",
                n - 1
            )));
        }
        EndSpec::Cell(a, b) => shape.cell_by_coords(a, b).ok_or_else(|| {
            let what = if shape.spec().kind == ShapeKind::Polar { "ring,index" } else { "x,y" };
            let masked = if shape.spec().mask.is_some() { " (or is outside the mask)" } else { "" };
            Error::Request(format!("cell {a},{b} ({what}) is not in the maze{masked}"))
        })?,
        EndSpec::Random => CellId(rng.below(u64::from(n)) as u32),
        EndSpec::Farthest => {
            let dist = analyze::distances(maze, other);
            let (mut best, mut far) = (other, 0);
            for (c, &d) in dist.iter().enumerate() {
                if d != u32::MAX && d > far {
                    (best, far) = (CellId(c as u32), d);
                }
            }
            best
        }
        EndSpec::Side(side) => side_cell(shape, side),
    })
}

/// The cell at the middle of a side: among the cells with an outer wall, the one farthest
/// in that direction, ties going to the one nearest the side's middle.
fn side_cell<S: Shape>(shape: &S, side: Side) -> CellId {
    let ext = shape.extent();
    let (cx, cy) = (ext.x / 2.0, ext.y / 2.0);
    let mut best: Option<(f64, f64, CellId)> = None;
    for c in 0..shape.cell_count() {
        let cell = CellId(c);
        let p = shape.centre(cell);
        let boundary = shape.outer_door(cell, false).is_some();
        let (primary, secondary) = match side {
            Side::Top => (p.y, (p.x - cx).abs()),
            Side::Bottom => (-p.y, (p.x - cx).abs()),
            Side::Left => (p.x, (p.y - cy).abs()),
            Side::Right => (-p.x, (p.y - cy).abs()),
            Side::Outer => (-math::hypot(p.x - cx, p.y - cy), (p.x - cx).abs() + (p.y - 0.0)),
            Side::Centre => (math::hypot(p.x - cx, p.y - cy), 0.0),
        };
        if side != Side::Centre && !boundary {
            continue;
        }
        let key = ((primary * 1e6).round() / 1e6, (secondary * 1e6).round() / 1e6);
        if best.is_none_or(|(a, b, _)| (key.0, key.1) < (a, b)) {
            best = Some((key.0, key.1, cell));
        }
    }
    best.map_or(CellId(0), |(_, _, c)| c)
}

/// Moves the maze's entrance and exit where the arguments say. Random choices draw from
/// `rng` after everything else, so a maze keeps its walls whatever its ends.
///
/// A random end is drawn from the cells other than the other end once that one is settled
/// (a fixed exit is placed before a random entrance), redrawing on a hit, so random ends
/// never meet and a seed whose first draw missed keeps its cells. With MultiMaze dots the entrance
/// stays the first start and the exit the first end; a dot the new ends land on moves to
/// the cell an end left. Time O(cells) (`farthest`: one breadth-first search).
///
/// # Errors
/// A usage error when the two ends are the same cell, or random ends are asked of a maze
/// of one cell.
pub fn place_ends<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
    rng: &mut R,
) -> Result<()> {
    let n = maze.cell_count();
    if n == 1 && (entrance == Some(EndSpec::Random) || exit == Some(EndSpec::Random)) {
        return Err(Error::Request(ONE_CELL.into()));
    }
    let (mut from, mut to) = (maze.entrance(), maze.exit());
    match (entrance, exit) {
        (Some(EndSpec::Farthest), Some(EndSpec::Farthest)) => {
            // The two ends of a longest route: farthest from any cell, then farthest from it.
            from = resolve(maze, EndSpec::Farthest, from, rng)?;
            to = resolve(maze, EndSpec::Farthest, from, rng)?;
        }
        (Some(EndSpec::Farthest), exit) => {
            if let Some(e) = exit {
                to = resolve(maze, e, from, rng)?;
            }
            from = resolve(maze, EndSpec::Farthest, to, rng)?;
        }
        (Some(EndSpec::Random), Some(e)) if !matches!(e, EndSpec::Random | EndSpec::Farthest) => {
            // The fixed exit first (no draws), then the entrance from the other cells.
            to = resolve(maze, e, from, rng)?;
            from = draw_other(n, to, rng);
        }
        (entrance, exit) => {
            if let Some(e) = entrance {
                // Away from the default exit only when that one stays.
                from = match (e, exit) {
                    (EndSpec::Random, None) => draw_other(n, to, rng),
                    _ => resolve(maze, e, to, rng)?,
                };
            }
            if let Some(e) = exit {
                to = match e {
                    EndSpec::Random => draw_other(n, from, rng),
                    _ => resolve(maze, e, from, rng)?,
                };
            }
        }
    }
    if from == to && n > 1 {
        return Err(Error::Request(same_cell(maze.shape(), from, [entrance, exit])));
    }
    move_ends(maze, [from, to], [entrance, exit]);
    Ok(())
}

/// Moves the maze's entrance and exit to `to` (entrance first), the MultiMaze dots
/// following them; an end asked for on a side opens the outer wall facing that side.
fn move_ends<S: Shape>(maze: &mut Maze<S>, to: [CellId; 2], asked: [Option<EndSpec>; 2]) {
    follow_dots(maze, [maze.entrance(), maze.exit()], to);
    let door_of = |spec: Option<EndSpec>, cell: CellId| match spec {
        Some(EndSpec::Side(side)) => facing_door(maze.shape(), cell, side),
        _ => None,
    };
    let doors = [door_of(asked[0], to[0]), door_of(asked[1], to[1])];
    maze.set_end(false, to[0], doors[0]);
    maze.set_end(true, to[1], doors[1]);
}

/// The refusal of two ends on one cell, saying why when a side was asked that a wrapped
/// maze does not have: its joined edges are one seam, not sides, and an end asked there
/// falls on the first cell.
pub(crate) fn same_cell<S: Shape>(shape: &S, cell: CellId, ends: [Option<EndSpec>; 2]) -> String {
    let same = format!("the entrance and the exit are the same cell ({})", shape.cell_name(cell));
    let wrap = shape.spec().wrap;
    let asked =
        |sides: [Side; 2]| ends.iter().any(|e| matches!(e, Some(EndSpec::Side(s)) if sides.contains(s)));
    let mut joined = Vec::new();
    if wrap.y && asked([Side::Top, Side::Bottom]) {
        joined.push(("top and bottom", "top or bottom"));
    }
    if wrap.x && asked([Side::Left, Side::Right]) {
        joined.push(("left and right", "left or right"));
    }
    if joined.is_empty() {
        return same;
    }
    let on = if wrap.x && wrap.y {
        "on a torus (--wrap xy)".to_string()
    } else {
        format!("with --wrap {}", wrap.name())
    };
    let edges: Vec<&str> = joined.iter().map(|(e, _)| *e).collect();
    let sides: Vec<&str> = joined.iter().map(|(_, s)| *s).collect();
    format!(
        "{same}: {on} the {} edges are one seam, so the maze has no {} side and such an end falls on the first cell (give cells, such as --entrance 0,0 --exit 3,2, or farthest or random)",
        edges.join(" edges are one seam, and the "),
        sides.join(" or ").replace(" or left or right", ", left or right"),
    )
}

/// The refusal of random ends on a maze of one cell.
const ONE_CELL: &str = "the maze has a single cell: there is no other cell for a random entrance or exit";

/// The ends a new maze gets: those given, except that on a wrapped maze an end not given
/// is the farthest cell from the other (the exit, from the default entrance), since the
/// first and last cells a plain maze uses touch across the seam. A plain maze's ends are
/// returned as given. Time O(1).
pub fn ends_for_new<S: Shape>(
    shape: &S,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
) -> (Option<EndSpec>, Option<EndSpec>) {
    match (entrance, exit) {
        given if !shape.spec().wrap.any() => given,
        (entrance, None) => (entrance, Some(EndSpec::Farthest)),
        (None, Some(e)) => (Some(EndSpec::Farthest), Some(e)),
        given => given,
    }
}

/// A random cell of `0..n` other than `avoid` (`n` at least 2): a draw, redrawn while it
/// hits `avoid`, so a first draw that misses is kept as it was. Expected draws at most 2.
fn draw_other<R: Random>(n: u32, avoid: CellId, rng: &mut R) -> CellId {
    loop {
        let c = CellId(rng.below(u64::from(n)) as u32);
        if c != avoid || n < 2 {
            return c;
        }
    }
}

/// Keeps MultiMaze dots distinct when the ends move from `old` to `new`: the first start
/// and the first end follow the entrance and the exit, and the other dots the new ends land
/// on move, in order, to the cells the ends left. Time O(dots).
fn follow_dots<S: Shape>(maze: &mut Maze<S>, old: [CellId; 2], new: [CellId; 2]) {
    if maze.starts.is_empty() && maze.ends.is_empty() {
        return;
    }
    let mut free = old.into_iter().filter(|c| !new.contains(c));
    let others = maze.starts.iter_mut().skip(1).chain(maze.ends.iter_mut().skip(1));
    for dot in others {
        if new.contains(dot)
            && let Some(c) = free.next()
        {
            *dot = c;
        }
    }
    if let Some(s) = maze.starts.first_mut() {
        *s = new[0];
    }
    if let Some(e) = maze.ends.first_mut() {
        *e = new[1];
    }
}

/// The outer door of `cell` that faces `side` best (the outer rim: away from the maze's
/// middle), so an entrance on the left opens to the left even where the cell also has an
/// outer wall above it (a corner, or the edge of a mask).
fn facing_door<S: Shape>(shape: &S, cell: CellId, side: Side) -> Option<S::Door> {
    let c = shape.centre(cell);
    let ext = shape.extent();
    let (dx, dy) = match side {
        Side::Top => (0.0, -1.0),
        Side::Bottom => (0.0, 1.0),
        Side::Left => (-1.0, 0.0),
        Side::Right => (1.0, 0.0),
        Side::Outer => (c.x - ext.x / 2.0, c.y - ext.y / 2.0),
        Side::Centre => return None,
    };
    let mut best: Option<(f64, S::Door)> = None;
    for d in shape.doors(cell).iter().filter(|&d| shape.neighbour(cell, d).is_none()) {
        let [a, b] = shape.wall_segment(cell, d);
        let (mx, my) = ((a.x + b.x) / 2.0 - c.x, (a.y + b.y) / 2.0 - c.y);
        let score = (mx * dx + my * dy) / math::hypot(mx, my).max(1e-9);
        if best.is_none_or(|(s, _)| score > s + 1e-9) {
            best = Some((score, d));
        }
    }
    best.map(|(_, d)| d)
}

/// Checks `--entrance`/`--exit` cells against the shape before anything is generated (and
/// refuses random ends on a maze of one cell).
///
/// # Errors
/// The usage error [`resolve`] would give later.
pub fn check_ends(spec: &ShapeSpec, ends: &[Option<EndSpec>]) -> Result<()> {
    if spec.cells() == 1 && ends.contains(&Some(EndSpec::Random)) {
        return Err(Error::Request(ONE_CELL.into()));
    }
    if ends.iter().flatten().any(|e| matches!(e, EndSpec::Cell(..) | EndSpec::Id(_))) {
        let maze = Maze::new(spec.erased());
        let mut rng = maze_core::Xoshiro::seed_from_u64(0);
        for &end in ends.iter().flatten() {
            if matches!(end, EndSpec::Cell(..) | EndSpec::Id(_)) {
                resolve(&maze, end, maze.entrance(), &mut rng)?;
            }
        }
    }
    Ok(())
}

/// maze-dataset's endpoint rules (`deadend_start`, `deadend_end`, `allowed_start`,
/// `allowed_end` of its `endpoint_kwargs`) and a least distance between the ends: each rule
/// on an end draws that end at random among the cells that pass it, per maze, from the
/// maze's seed. [`crate::request::MazeRequest::end_rules`] reads them from a request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// The entrance is a dead end (one open passage).
    pub deadend_start: bool,
    /// The exit is a dead end.
    pub deadend_end: bool,
    /// The entrance is one of these cells (empty: any cell).
    pub allowed_start: Vec<EndSpec>,
    /// The exit is one of these cells (empty: any cell).
    pub allowed_end: Vec<EndSpec>,
    /// The route from the entrance to the exit has at least this many steps.
    pub min_distance: Option<u64>,
}

impl EndRules {
    /// Whether any rule is given.
    pub fn any(&self) -> bool {
        self.deadend_start
            || self.deadend_end
            || !self.allowed_start.is_empty()
            || !self.allowed_end.is_empty()
            || self.min_distance.is_some()
    }

    /// Whether a rule draws the entrance (`exit` false) or the exit at random.
    pub fn draws(&self, exit: bool) -> bool {
        if exit {
            self.deadend_end || !self.allowed_end.is_empty()
        } else {
            self.deadend_start || !self.allowed_start.is_empty()
        }
    }
}

/// How many entrances (or exits, whichever end is drawn first) [`place_ends_by_rules`]
/// tries on one maze before it gives the maze up, when the other end must be far enough
/// from it: each try is one breadth-first search.
pub const END_DRAWS: usize = 64;

/// An end as [`place_ends_by_rules`] chooses it.
enum EndChoice {
    /// Drawn at random from these cells (ascending ids).
    Drawn(Vec<CellId>),
    /// This cell.
    Fixed(CellId),
    /// The cell farthest from the other end.
    Farthest,
}

/// The cells of `spec` (cells or ids) on `maze`, ascending and without repeats; all the
/// cells when `spec` is empty; only the dead ends with `deadend`.
fn allowed_cells<S: Shape, R: Random>(
    maze: &Maze<S>,
    spec: &[EndSpec],
    deadend: bool,
    rng: &mut R,
) -> Result<Vec<CellId>> {
    let mut cells: Vec<CellId> = if spec.is_empty() {
        (0..maze.cell_count()).map(CellId).collect()
    } else {
        let mut cells = Vec::with_capacity(spec.len());
        for &s in spec {
            cells.push(resolve(maze, s, maze.entrance(), rng)?);
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    };
    if deadend {
        cells.retain(|&c| maze.degree(c) == 1);
    }
    Ok(cells)
}

/// Places the entrance and exit by the endpoint `rules` (after [`ends_for_new`], with a
/// random end for each end a rule draws): the end drawn first (the entrance when it is
/// random, else the exit) is drawn from its cells, then the other is drawn from its cells
/// (or is its fixed cell, or the cell farthest from the first) apart from the first and,
/// with a least distance, at least that many steps from it along the passages. When no
/// other end fits, the first end is drawn again from its other cells, [`END_DRAWS`] times
/// at most. Returns `false`, the ends left as they were, when no ends fit: the maze fails
/// the rules as a maze fails `--where`. Time O(cells) a draw (a breadth-first search with a
/// least distance or a farthest end).
///
/// # Errors
/// A cell of the rules or ends outside the maze (the plan refuses them first).
pub fn place_ends_by_rules<S: Shape, R: Random>(
    maze: &mut Maze<S>,
    entrance: Option<EndSpec>,
    exit: Option<EndSpec>,
    rules: &EndRules,
    rng: &mut R,
) -> Result<bool> {
    let choice = |maze: &Maze<S>, spec: Option<EndSpec>, is_exit: bool, rng: &mut R| -> Result<EndChoice> {
        let (deadend, allowed) = if is_exit {
            (rules.deadend_end, &rules.allowed_end)
        } else {
            (rules.deadend_start, &rules.allowed_start)
        };
        let default = if is_exit { maze.exit() } else { maze.entrance() };
        Ok(match spec {
            Some(EndSpec::Random) => EndChoice::Drawn(allowed_cells(maze, allowed, deadend, rng)?),
            Some(EndSpec::Farthest) => EndChoice::Farthest,
            Some(e) => EndChoice::Fixed(resolve(maze, e, default, rng)?),
            None => EndChoice::Fixed(default),
        })
    };
    let from = choice(maze, entrance, false, rng)?;
    let to = choice(maze, exit, true, rng)?;
    // The end drawn first: a fixed end, else the random entrance, else the random exit.
    let (first, second, first_is_exit) = match (from, to) {
        (f @ EndChoice::Fixed(_), t) => (f, t, false),
        (f, t @ EndChoice::Fixed(_)) => (t, f, true),
        (f @ EndChoice::Drawn(_), t) => (f, t, false),
        (f, t) => (t, f, true),
    };
    let mut firsts = match first {
        EndChoice::Fixed(c) => vec![c],
        EndChoice::Drawn(cells) => cells,
        // Two farthest ends are no rule's (the plan asks a random end of them).
        EndChoice::Farthest => return Ok(false),
    };
    let least = rules.min_distance.unwrap_or(0);
    let far_enough = |dist: &Option<Vec<u32>>, c: CellId| match dist {
        Some(d) => d[c.index()] != u32::MAX && u64::from(d[c.index()]) >= least,
        None => true,
    };
    for _ in 0..END_DRAWS {
        if firsts.is_empty() {
            break;
        }
        let a = firsts.swap_remove(rng.below(firsts.len() as u64) as usize);
        let needs_distances = rules.min_distance.is_some() || matches!(second, EndChoice::Farthest);
        let dist = needs_distances.then(|| analyze::distances(maze, a));
        let b = match &second {
            EndChoice::Drawn(cells) => {
                let fits: Vec<CellId> =
                    cells.iter().copied().filter(|&c| c != a && far_enough(&dist, c)).collect();
                if fits.is_empty() {
                    continue;
                }
                fits[rng.below(fits.len() as u64) as usize]
            }
            EndChoice::Fixed(c) => *c,
            EndChoice::Farthest => {
                let d = dist.as_deref().unwrap_or_default();
                let mut best = a;
                let mut far = 0;
                for (c, &x) in d.iter().enumerate() {
                    if x != u32::MAX && x > far {
                        (best, far) = (CellId(c as u32), x);
                    }
                }
                best
            }
        };
        if b == a || !far_enough(&dist, b) {
            continue;
        }
        let (from, to) = if first_is_exit { (b, a) } else { (a, b) };
        move_ends(maze, [from, to], [entrance, exit]);
        return Ok(true);
    }
    Ok(false)
}
