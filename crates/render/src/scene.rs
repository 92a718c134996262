//! The scene: a maze and its overlays as drawing primitives, built once from the shape's
//! geometry and consumed by every drawing format (SVG, PNG, PDF, TikZ, OpenSCAD, STL).
//! Formats never look at the shape, so a new shape draws everywhere at once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use maze_core::shape::Layer;
use maze_core::{CellId, Door, DoorKind, Error, Maze, Point, Shape, Solution, analyze, math};

/// What to draw over the walls.
#[derive(Clone, Debug, Default)]
pub struct Overlay<'a> {
    /// The solution: its path as a line through cell centres, and, with `visited`, the cells
    /// it explored shaded (document 000's black path and grey traversed cells).
    pub solution: Option<&'a Solution>,
    /// Shade the cells the solver explored.
    pub visited: bool,
    /// Shade every cell by its distance from the entrance (a heat map).
    pub heat: bool,
    /// Leave out the start and end dots.
    pub no_markers: bool,
    /// Leave out the solution line (and the MultiMaze route lines): the route is shown by
    /// its shaded cells alone, as in documents 000 and 001 (black path, grey explored cells),
    /// each a mark inset in its cell ([`mark_outline`]) so that the walls stay in sight.
    pub no_line: bool,
    /// Number a MultiMaze's dots on the puzzle too (each start and its end alike). The
    /// pairing is the player's to find (document 003), so an unsolved MultiMaze has plain
    /// dots unless asked; its answer key is always numbered.
    pub numbered: bool,
}

/// A cell's fill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    /// Explored by the solver.
    Visited,
    /// On the solution path.
    Path,
    /// Distance heat, 0 (entrance) to 1 (farthest cell).
    Heat(f64),
    /// The inside of a thick wall, in the walls' colour: a woven maze's corridors are cut
    /// out of solid ground, so that a passage going under another shows.
    Solid,
}

/// A dot marking a start or an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A start (the entrance, MultiMaze green dots).
    Start,
    /// An end (the exit, MultiMaze red dots).
    End,
}

/// Drawing primitives in maze units (a square cell is 1 x 1), y growing downwards.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// Closed straight walls, collinear touching pieces merged into single segments.
    pub walls: Vec<[Point; 2]>,
    /// Closed curved walls (circular mazes), touching pieces of one circle merged up to half
    /// a circle each.
    pub arcs: Vec<WallArc>,
    /// Shaded cells, as polygons.
    pub fills: Vec<(Vec<Point>, Fill)>,
    /// The solution path through cell centres, in pieces (empty without a solution, and for
    /// a MultiMaze, whose solution is `routes`): one piece, unless the route goes through a
    /// seam of a wrapped maze (the piece ends at the border and the next starts at the
    /// opposite one) or takes a stair to another level (the next piece starts there).
    pub path: Vec<Vec<Point>>,
    /// A MultiMaze's answer key: one route per start, each to its own end, to be drawn in
    /// turn in [`ROUTE_COLOURS`](crate::style::ROUTE_COLOURS). Each route runs in its own
    /// lane, offset from the cell centres by its place in the key (like lines on a transit
    /// map), so routes sharing a corridor run side by side instead of over each other.
    pub routes: Vec<Vec<Point>>,
    /// The width of a route's line, in maze units (narrower when more lanes share a
    /// corridor).
    pub route_width: f64,
    /// Start and end dots at cell centres.
    pub markers: Vec<(Point, Marker)>,
    /// A MultiMaze's numbers, drawn centred on its dots: each start has its place in the
    /// answer key (1, 2, ...) and its end the same number (an end several starts share has
    /// them all, `2,5`). On the answer key, and on the puzzle when [`Overlay::numbered`]
    /// asks (document 003 leaves the pairing to the player); empty otherwise, and for a
    /// one-route maze. A scene with numbers draws its dots [`Style::numbered_dot`] across
    /// (see [`Scene::dot`]).
    ///
    /// [`Style::numbered_dot`]: crate::style::Style::numbered_dot
    pub labels: Vec<(Point, String)>,
    /// The typical cell size (the shortest side of the first cell), in maze units: dots are
    /// `cell × style.dot` across.
    pub cell: f64,
    /// The horizontal spans `[x0, x1]` of parts that stand apart (a multi-level maze's
    /// levels, [`Shape::plates`]): printed models make each its own plate. Empty: one piece.
    pub plates: Vec<[f64; 2]>,
}

/// A curved wall: the arc of the circle around `centre` with `radius` from angle `start`
/// to `end` (radians, `start < end <= start + π`; angles grow clockwise on screen, since y
/// grows downwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallArc {
    /// The circle's centre.
    pub centre: Point,
    /// The circle's radius.
    pub radius: f64,
    /// Start angle, radians.
    pub start: f64,
    /// End angle, radians (after `start`, at most half a turn on).
    pub end: f64,
}

impl WallArc {
    /// The point of the circle at `angle`.
    pub fn at(&self, angle: f64) -> Point {
        Point {
            x: self.centre.x + self.radius * math::cos(angle),
            y: self.centre.y + self.radius * math::sin(angle),
        }
    }

    /// The arc's ends, start first.
    pub fn ends(&self) -> [Point; 2] {
        [self.at(self.start), self.at(self.end)]
    }

    /// The arc as a polyline whose chords stray at most `tolerance` from the circle (for
    /// raster and mesh formats, which draw straight pieces).
    pub fn flatten(&self, tolerance: f64) -> Vec<Point> {
        let span = self.end - self.start;
        let tol = tolerance.max(self.radius * 1e-6).min(self.radius);
        // A chord of angle θ strays r (1 − cos(θ/2)) from the circle.
        let step = 2.0 * math::acos((1.0 - tol / self.radius).clamp(-1.0, 1.0));
        let n = ((span / step.max(1e-6)).ceil() as usize).clamp(1, 4096);
        (0..=n).map(|k| self.at(self.start + span * k as f64 / n as f64)).collect()
    }

    /// Cubic Bézier pieces (each a quarter turn at most) that follow the arc to within 3e-4
    /// of its radius: `[start, control 1, control 2, end]` each (for PDF, which has no arcs).
    pub fn cubics(&self) -> Vec<[Point; 4]> {
        let span = self.end - self.start;
        let n = (span / std::f64::consts::FRAC_PI_2).ceil().max(1.0) as usize;
        let step = span / n as f64;
        let k = 4.0 / 3.0 * math::tan(step / 4.0) * self.radius;
        (0..n)
            .map(|i| {
                let (a0, a1) = (self.start + step * i as f64, self.start + step * (i + 1) as f64);
                let (p0, p3) = (self.at(a0), self.at(a1));
                let p1 = Point { x: p0.x - k * math::sin(a0), y: p0.y + k * math::cos(a0) };
                let p2 = Point { x: p3.x + k * math::sin(a1), y: p3.y - k * math::cos(a1) };
                [p0, p1, p2, p3]
            })
            .collect()
    }
}

impl Scene {
    /// The diameter of the start and end dots, as a share of a cell: `style.dot` (document
    /// 003's third of a cell), or `style.numbered_dot` when the dots carry numbers.
    pub fn dot(&self, style: &crate::style::Style) -> f64 {
        if self.labels.is_empty() { style.dot } else { style.numbered_dot }
    }

    /// The width of the ring, in maze units, drawn round each dot in the background's
    /// colour when a solution line or a route is drawn: the end dot is as red as the line
    /// that ends on it, and the ring keeps it seen on top of it. 0 without lines.
    pub fn dot_ring(&self) -> f64 {
        let lines = self.path.iter().chain(&self.routes).any(|p| p.len() > 1);
        if lines { DOT_RING * self.cell } else { 0.0 }
    }

    /// Every wall as straight segments, arcs flattened to within `tolerance`: for formats
    /// that only draw lines.
    pub fn straight_walls(&self, tolerance: f64) -> Vec<[Point; 2]> {
        let mut out = self.walls.clone();
        for arc in &self.arcs {
            let pts = arc.flatten(tolerance);
            out.extend(pts.windows(2).map(|w| [w[0], w[1]]));
        }
        out
    }
}

/// The ring round a dot over a line ([`Scene::dot_ring`]), as a share of a cell.
pub const DOT_RING: f64 = 0.06;

/// Builds the scene of a maze with overlays (no memory limit; see [`try_scene`]).
pub fn scene<S: Shape>(maze: &Maze<S>, overlay: &Overlay<'_>) -> Scene {
    match build(maze, overlay, None) {
        Ok(scene) => scene,
        Err(e) => unreachable!("a scene without limits does not fail: {e}"),
    }
}

/// Builds the scene of a maze with overlays in at most about `max_bytes` of memory,
/// checking the cancellation flag ([`maze_core::cancel`]) as it goes.
///
/// The shaded cells' memory is known before anything is built and checked first; the
/// walls' is the runs they make once joined (far fewer than the walls on most mazes, see
/// [`Merger`]), counted as they are read.
///
/// # Errors
/// [`Error::OverMemory`] as soon as the scene would need more than `max_bytes` (nothing
/// more is built), [`Error::Cancelled`] when the job is cancelled.
pub fn try_scene<S: Shape>(maze: &Maze<S>, overlay: &Overlay<'_>, max_bytes: u64) -> Result<Scene, Error> {
    build(maze, overlay, Some(max_bytes))
}

/// About the bytes a held span of wall costs: the span (16 bytes, a vector growing by
/// doubling) and the joined segment it becomes (32).
pub const SPAN_BYTES: u64 = 64;
/// About the bytes a held arc costs (48, a vector growing by doubling).
const ARC_BYTES: u64 = 96;

/// About the bytes a shaded cell costs: its polygon's points (16 bytes each, `points` of
/// them), the vector and the allocation around them, in a list that grows by doubling.
fn fill_bytes(points: usize) -> u64 {
    96 + 16 * points as u64
}

/// An upper bound of the memory of the shading `overlay` asks for on `maze` (the cells
/// shaded, a woven maze's solid ground and the route lines), from counts alone.
pub fn fills_bytes<S: Shape>(maze: &Maze<S>, overlay: &Overlay<'_>) -> u64 {
    let shape = maze.shape();
    let cells = u64::from(maze.cell_count());
    // Every cell's polygon has about as many points as the first one's (polar rings grow
    // by doubling cells, not points); twice that for a margin.
    let points = if cells == 0 { 0 } else { 2 * shape.fill_outline(CellId(0)).len().max(4) };
    let per = fill_bytes(points);
    let mut shaded = 0u64;
    if overlay.heat {
        shaded += cells;
    }
    let mut line = 0u64;
    if let Some(sol) = overlay.solution {
        if overlay.visited {
            shaded += (sol.visited.len() + sol.path.len()) as u64;
        }
        if !overlay.no_line {
            line += 16 * sol.path.len() as u64;
        }
    }
    // A woven maze's ground: a corner for each side of a cell, a strip for each closed door.
    let solid = if shape.woven() { cells * 2 * u64::from(shape.door_count()) } else { 0 };
    (shaded + solid).saturating_mul(per).saturating_add(line)
}

/// How many cells are read between two checks of the budget and the cancellation flag.
const CHECK_EVERY: u32 = 1 << 12;

/// Checks the job's cancellation flag ([`maze_core::cancel`]) at every
/// [`CHECK_EVERY`]th item of a drawing loop (`i` counts the items).
///
/// # Errors
/// [`Error::Cancelled`] when the job has been cancelled.
pub(crate) fn every(i: usize) -> Result<(), Error> {
    if i % CHECK_EVERY as usize == 0 { maze_core::cancel::check() } else { Ok(()) }
}

/// Builds the scene; with `limit`, refuses it over that many bytes and checks the
/// cancellation flag (see [`try_scene`]).
fn build<S: Shape>(maze: &Maze<S>, overlay: &Overlay<'_>, limit: Option<u64>) -> Result<Scene, Error> {
    let shape = maze.shape();
    let extent = shape.extent();
    let fixed = fills_bytes(maze, overlay);
    let over = |needed: u64| match limit {
        Some(limit) if needed > limit => Err(Error::OverMemory { needed, limit }),
        _ => Ok(()),
    };
    over(fixed)?;
    let mut merger = Merger::default();
    let mut arcs = Vec::new();
    let mut solid = Vec::new();
    let check = |merger: &Merger, arcs: usize| -> Result<(), Error> {
        if limit.is_some() {
            maze_core::cancel::check()?;
            over(fixed + merger.spans() as u64 * SPAN_BYTES + arcs as u64 * ARC_BYTES)?;
        }
        Ok(())
    };
    let woven = shape.woven();
    if woven {
        woven_walls(maze, &mut merger, &mut solid, &mut |m| check(m, 0))?;
    }
    for c in (0..maze.cell_count()).filter(|_| !woven) {
        if c % CHECK_EVERY == 0 {
            check(&merger, arcs.len())?;
        }
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            let open = maze.is_open(cell, d);
            if shape.draws_wall(cell, d) && !open {
                let seg = shape.wall_segment(cell, d);
                match shape.wall_arc(cell, d) {
                    Some(centre) => arcs.push(arc_between(centre, seg)),
                    None => merger.add(seg),
                }
            } else if open {
                match shape.door_kind(cell, d) {
                    DoorKind::Wall => {}
                    DoorKind::Seam => {
                        for s in seam_mark(shape.centre(cell), shape.wall_segment(cell, d)) {
                            merger.add(s);
                        }
                    }
                    DoorKind::Stair { up } => {
                        for s in stair_mark(shape, cell, up) {
                            merger.add(s);
                        }
                    }
                }
            }
        }
    }
    check(&merger, arcs.len())?;
    let mut fills = if overlay.heat { heat_fills(maze, limit.is_some())? } else { Vec::new() };
    // The typical cell size: the shortest wall of the first cell.
    let first = shape.outline(CellId(0));
    let pts = first.points();
    let cell = (0..pts.len())
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            math::hypot(a.x - b.x, a.y - b.y)
        })
        .fold(f64::INFINITY, f64::min);
    let mut path = Vec::new();
    let mut routes = Vec::new();
    let multi = maze.is_multi();
    // The answer key's numbers, or the puzzle's when asked: document 003 leaves the
    // pairing to the player.
    let numbered = !overlay.no_markers && (overlay.solution.is_some() || overlay.numbered);
    let key = if multi && (overlay.solution.is_some() || numbered) {
        maze_core::solve::answer_key(maze)
    } else {
        Vec::new()
    };
    // A route shown by its shaded cells alone (document style) is shaded with document
    // 000's marks, inset in their cells, so the walls between them stay in sight.
    let shade = |c: CellId| if overlay.no_line { mark_outline(shape, c) } else { shape.fill_outline(c) };
    let (spacing, route_width) = lanes(key.len());
    let labels = if numbered {
        numbers(&key).into_iter().map(|(c, text)| (shape.centre(c), text)).collect()
    } else {
        Vec::new()
    };
    if let (Some(_), true) = (overlay.solution, multi) {
        // Document 003's answer: every green dot joined to its own red dot, each route a
        // coloured line on the bare floor. The route cells are shaded only when they are the
        // answer (`no_line`, the documents' style): dark shading under coloured lines hid
        // some of them.
        let mut shaded = std::collections::HashSet::new();
        let middle = (key.len() as f64 - 1.0) / 2.0;
        for (i, route) in key.iter().enumerate() {
            if overlay.visited && overlay.no_line {
                for &c in route.path.iter().filter(|&&c| shaded.insert(c)) {
                    fills.push((shade(c), Fill::Path));
                }
            }
            if !overlay.no_line {
                let centres: Vec<Point> = route.path.iter().map(|&c| shape.centre(c)).collect();
                routes.push(offset_line(&centres, (i as f64 - middle) * spacing * cell));
            }
        }
    } else if let Some(sol) = overlay.solution {
        if overlay.visited {
            let on_path: std::collections::HashSet<CellId> = sol.path.iter().copied().collect();
            for &c in sol.visited.iter().filter(|c| !on_path.contains(c)) {
                fills.push((shade(c), Fill::Visited));
            }
            for &c in &sol.path {
                fills.push((shade(c), Fill::Path));
            }
        }
        if !overlay.no_line {
            path = path_pieces(shape, &sol.path);
        }
    }
    // The solid ground of a woven maze goes over the shading, which then shows in the
    // corridors alone.
    fills.extend(solid.into_iter().map(|p| (p, Fill::Solid)));
    let mut markers = Vec::new();
    let starts_and_ends = if overlay.no_markers { 0 } else { usize::MAX };
    let starts = std::iter::once(maze.entrance()).chain(maze.starts.iter().copied());
    let ends = std::iter::once(maze.exit()).chain(maze.ends.iter().copied());
    let mut seen = std::collections::HashSet::new();
    for (c, m) in
        starts.map(|c| (c, Marker::Start)).chain(ends.map(|c| (c, Marker::End))).take(starts_and_ends)
    {
        if seen.insert(c) {
            markers.push((shape.centre(c), m));
        }
    }
    Ok(Scene {
        width: extent.x,
        height: extent.y,
        walls: merger.finish(),
        arcs: merge_arcs(arcs),
        fills,
        path,
        routes,
        route_width: route_width * cell,
        markers,
        labels,
        cell,
        plates: shape.plates(),
    })
}

/// How much of its cell a document-style mark spans: document 000's `mark` fills a
/// (size − 6)-pixel square in a 14-pixel cell, 3 pixels in from every side.
pub const MARK_SCALE: f64 = 8.0 / 14.0;

/// Document 000's mark in `cell`: the cell's outline shrunk towards its centre to
/// [`MARK_SCALE`], so a band of the cell's own colour separates it from every wall (a route
/// of marks that doubles back shows the wall between its two halves).
pub fn mark_outline<S: Shape>(shape: &S, cell: CellId) -> Vec<Point> {
    let o = shape.centre(cell);
    shape
        .fill_outline(cell)
        .into_iter()
        .map(|p| Point { x: o.x + (p.x - o.x) * MARK_SCALE, y: o.y + (p.y - o.y) * MARK_SCALE })
        .collect()
}

/// A heat map's shaded cells: every cell reached from the entrance, shaded by its
/// distance; with `checked`, the cancellation flag is checked as they are made.
///
/// # Errors
/// [`Error::Cancelled`] when `checked` and the job is cancelled.
fn heat_fills<S: Shape>(maze: &Maze<S>, checked: bool) -> Result<Vec<(Vec<Point>, Fill)>, Error> {
    let shape = maze.shape();
    let mut fills = Vec::new();
    let dist = analyze::distances(maze, maze.entrance());
    let far = dist.iter().copied().filter(|&d| d != u32::MAX).max().unwrap_or(0).max(1);
    for c in 0..maze.cell_count() {
        if checked {
            every(c as usize)?;
        }
        let d = dist[c as usize];
        if d != u32::MAX {
            fills.push((shape.fill_outline(CellId(c)), Fill::Heat(f64::from(d) / f64::from(far))));
        }
    }
    Ok(fills)
}

/// The width of a MultiMaze route's line, in cells: a fifth of a cell, so that every
/// colour reads (thinner lines faded into hairlines on a key of many routes).
pub const ROUTE_WIDTH: f64 = 0.2;

/// The lanes of a MultiMaze's answer key with `routes` routes: the distance between
/// neighbouring lanes and a route's line width, both in cells. Every line is
/// [`ROUTE_WIDTH`] wide; the lanes spread over the corridor (0.25 apart at most) so that
/// the outer lines' edges stay 0.44 of a cell from its middle, clear of the walls. Up to
/// four routes side by side never touch; more overlap, drawn in turn, each keeping a strip
/// `spacing` wide of its own.
pub fn lanes(routes: usize) -> (f64, f64) {
    let gaps = routes.max(2) as f64 - 1.0;
    let spacing = ((0.88 - ROUTE_WIDTH) / gaps).min(0.25);
    (spacing, ROUTE_WIDTH)
}

/// The font size of a dot's number, in the units of the dot's `diameter`: as large as
/// fits inside the dot (a character about 0.6 em wide), at most 0.75 of it.
pub fn label_size(diameter: f64, text: &str) -> f64 {
    let chars = text.chars().count().max(1) as f64;
    (0.75 * diameter).min(1.5 * diameter / chars)
}

/// The numbers of a MultiMaze's dots: each route's start has its place in the key (from
/// 1), and each end the numbers of the routes that reach it, joined by commas, in order.
/// Time O(routes).
pub fn numbers(key: &[maze_core::solve::Route]) -> Vec<(CellId, String)> {
    let mut out: Vec<(CellId, String)> = Vec::with_capacity(key.len() * 2);
    let mut ends: Vec<(CellId, String)> = Vec::new();
    for (i, route) in key.iter().enumerate() {
        let n = (i + 1).to_string();
        out.push((route.start, n.clone()));
        match ends.iter_mut().find(|(c, _)| *c == route.end) {
            Some((_, text)) => {
                text.push(',');
                text.push_str(&n);
            }
            None => ends.push((route.end, n)),
        }
    }
    out.extend(ends);
    out
}

/// The polyline `points` moved sideways by `offset`, each segment along its own fixed
/// normal (pointing right, or down for a level segment: the same side whichever way the
/// line runs, so lines offset by different amounts never fall on each other, even when they
/// run through a corridor in opposite directions). Each corner moves to where its two moved
/// segments meet (a mitre, capped where they would meet too far out). Repeated points are
/// dropped. Time O(points).
pub fn offset_line(points: &[Point], offset: f64) -> Vec<Point> {
    let mut pts: Vec<Point> = Vec::with_capacity(points.len());
    for &p in points {
        if pts.last().is_none_or(|q: &Point| math::hypot(q.x - p.x, q.y - p.y) > 1e-12) {
            pts.push(p);
        }
    }
    if offset == 0.0 || pts.len() < 2 {
        return pts;
    }
    let normal = |a: Point, b: Point| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = math::hypot(dx, dy);
        let (nx, ny) = (dy / len, -dx / len);
        if nx < -1e-9 || (nx.abs() <= 1e-9 && ny < 0.0) { (-nx, -ny) } else { (nx, ny) }
    };
    (0..pts.len())
        .map(|i| {
            let before = (i > 0).then(|| normal(pts[i - 1], pts[i]));
            let after = (i + 1 < pts.len()).then(|| normal(pts[i], pts[i + 1]));
            let (nx, ny) = match (before, after) {
                (Some(a), Some(b)) => {
                    let dot = a.0 * b.0 + a.1 * b.1;
                    // Normals more than about 127 degrees apart would meet too far out
                    // (only on curved grids): the corner keeps the next segment's side.
                    if dot < -0.6 { b } else { ((a.0 + b.0) / (1.0 + dot), (a.1 + b.1) / (1.0 + dot)) }
                }
                (Some(n), None) | (None, Some(n)) => n,
                (None, None) => (0.0, 0.0),
            };
            Point { x: pts[i].x + nx * offset, y: pts[i].y + ny * offset }
        })
        .collect()
}

/// How far, in cell units, a woven maze's corridors stay from their cells' borders: its
/// walls are drawn as the two sides of each corridor, so that a passage can be seen to go
/// under another.
pub const WEAVE_INSET: f64 = 0.25;

/// The walls of a woven maze ([`Shape::woven`]), every corridor inset in its cell by
/// [`WEAVE_INSET`]: a closed door is a wall across the inset square, an open one two short
/// walls out to the border (the corridor's sides, met by the neighbour's); a cell over
/// another draws its sides along the passage beneath right across (the upper passage runs
/// on), and a cell under another draws nothing there (the lower passage shows only where
/// it comes out, with gaps between).
///
/// The ground around the corridors goes to `solid` (cells' corners, and the strip along each
/// closed door), so the corridors read as cut out of it.
///
/// `check` is called with the walls so far every [`CHECK_EVERY`] cells.
fn woven_walls<S: Shape>(
    maze: &Maze<S>,
    segments: &mut Merger,
    solid: &mut Vec<Vec<Point>>,
    check: &mut dyn FnMut(&Merger) -> Result<(), Error>,
) -> Result<(), Error> {
    let shape = maze.shape();
    // The point of the line through a and b nearest p.
    let foot = |p: Point, [a, b]: [Point; 2]| {
        let (vx, vy) = (b.x - a.x, b.y - a.y);
        let t = ((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy).max(1e-12);
        Point { x: a.x + t * vx, y: a.y + t * vy }
    };
    for c in 0..maze.cell_count() {
        if c % CHECK_EVERY == 0 {
            check(segments)?;
        }
        let cell = CellId(c);
        let o = shape.centre(cell);
        // A corner moved towards the centre so that it lies WEAVE_INSET from both sides.
        let inset = |p: Point| {
            let (dx, dy) = (o.x - p.x, o.y - p.y);
            let reach = dx.abs().max(dy.abs()).max(1e-12);
            Point { x: p.x + dx / reach * WEAVE_INSET, y: p.y + dy / reach * WEAVE_INSET }
        };
        let doors = shape.doors(cell);
        let layer = shape.layer(cell);
        let n = shape.door_count();
        for i in 0..n {
            let d = S::Door::from_index(i);
            let side = shape.wall_segment(cell, d);
            let (qa, qb) = (inset(side[0]), inset(side[1]));
            if layer != Layer::Under {
                // The corner where this side starts (the cell under another has the same
                // place, drawn once from the cell over it).
                let before = shape.wall_segment(cell, S::Door::from_index((i + n - 1) % n));
                solid.push(vec![side[0], foot(qa, side), qa, foot(qa, before)]);
                if doors.contains(d) && !maze.is_open(cell, d) {
                    solid.push(vec![foot(qa, side), foot(qb, side), qb, qa]);
                }
            }
            if doors.contains(d) {
                if maze.is_open(cell, d) {
                    segments.add([qa, foot(qa, side)]);
                    segments.add([qb, foot(qb, side)]);
                } else {
                    segments.add([qa, qb]);
                }
            } else if layer == Layer::Over {
                let along = |q: Point, end: Point| {
                    let f = foot(q, side);
                    Point { x: q.x + end.x - f.x, y: q.y + end.y - f.y }
                };
                segments.add([along(qa, side[0]), along(qb, side[1])]);
            }
        }
    }
    Ok(())
}

/// How far, in cell units, the mark of an open seam reaches out of the maze: the two sides
/// of the passage drawn on past the border, a corridor leaving the picture.
const SEAM_MARK: f64 = 0.3;

/// The mark of an open seam wall `[a, b]` of a cell centred on `centre`: two short walls
/// from its ends, outwards (away from the centre).
fn seam_mark(centre: Point, [a, b]: [Point; 2]) -> [[Point; 2]; 2] {
    let mid = Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
    let (dx, dy) = (mid.x - centre.x, mid.y - centre.y);
    let len = math::hypot(dx, dy).max(1e-12);
    let out = |p: Point| Point { x: p.x + dx / len * SEAM_MARK, y: p.y + dy / len * SEAM_MARK };
    [[a, out(a)], [b, out(b)]]
}

/// An arrow head in the cell for an open stair: a chevron pointing up in the cell's upper
/// part for a stair up, down in its lower part for a stair down, so a cell with both shows
/// both and the route line through the centre crosses neither.
fn stair_mark<S: Shape>(shape: &S, cell: CellId, up: bool) -> [[Point; 2]; 2] {
    let c = shape.centre(cell);
    let pts = shape.outline(cell);
    let r =
        pts.points().iter().map(|p| math::hypot(p.x - c.x, p.y - c.y)).fold(f64::INFINITY, f64::min).min(0.7);
    let (tip, base, half) = if up { (-0.6 * r, -0.3 * r, 0.3 * r) } else { (0.6 * r, 0.3 * r, 0.3 * r) };
    let at = |dx: f64, dy: f64| Point { x: c.x + dx, y: c.y + dy };
    [[at(-half, base), at(0.0, tip)], [at(0.0, tip), at(half, base)]]
}

/// A route through cell centres, cut where it goes through a seam (the piece runs on to
/// the middle of the border and the next starts at the middle of the opposite border) or
/// up or down a stair (the next piece starts in the other level's drawing).
pub fn path_pieces<S: Shape>(shape: &S, path: &[CellId]) -> Vec<Vec<Point>> {
    let mut pieces = Vec::new();
    let mut piece: Vec<Point> = Vec::new();
    let mid = |[a, b]: [Point; 2]| Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
    for (i, &c) in path.iter().enumerate() {
        if i > 0 {
            let prev = path[i - 1];
            let door = shape.door_between(prev, c);
            match door.map(|d| (d, shape.door_kind(prev, d))) {
                Some((d, DoorKind::Seam)) => {
                    piece.push(mid(shape.wall_segment(prev, d)));
                    pieces.push(std::mem::take(&mut piece));
                    piece.push(mid(shape.wall_segment(c, shape.opposite(prev, d))));
                }
                Some((_, DoorKind::Stair { .. })) => pieces.push(std::mem::take(&mut piece)),
                _ => {}
            }
        }
        piece.push(shape.centre(c));
    }
    pieces.push(piece);
    pieces.retain(|p| !p.is_empty());
    pieces
}

/// The shorter arc around `centre` between the segment's ends.
pub(crate) fn arc_between(centre: Point, [a, b]: [Point; 2]) -> WallArc {
    use std::f64::consts::{PI, TAU};
    let radius = math::hypot(a.x - centre.x, a.y - centre.y);
    let angle = |p: Point| math::atan2(p.y - centre.y, p.x - centre.x);
    let (mut start, end) = (angle(a), angle(b));
    let mut span = (end - start).rem_euclid(TAU);
    if span > PI {
        start = end;
        span = TAU - span;
    }
    WallArc { centre, radius, start, end: start + span }
}

/// Joins arcs of one circle that touch into longer arcs, each at most half a circle (so
/// every format can draw it as one minor arc). Output order is deterministic.
pub fn merge_arcs(arcs: Vec<WallArc>) -> Vec<WallArc> {
    use std::f64::consts::{PI, TAU};
    const Q: f64 = 1e6;
    let q = |v: f64| (v * Q).round() as i64;
    let mut circles: Vec<(WallArc, Vec<(f64, f64)>)> = Vec::new();
    let mut index: HashMap<(i64, i64, i64), usize> = HashMap::new();
    for arc in arcs {
        let key = (q(arc.centre.x), q(arc.centre.y), q(arc.radius));
        let i = *index.entry(key).or_insert_with(|| {
            circles.push((arc, Vec::new()));
            circles.len() - 1
        });
        // Angles normalised to [0, 2π) for sorting.
        let start = arc.start.rem_euclid(TAU);
        circles[i].1.push((start, start + (arc.end - arc.start)));
    }
    let mut out = Vec::new();
    for (proto, mut spans) in circles {
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut current: Option<(f64, f64)> = None;
        for (s0, s1) in spans {
            current = match current {
                Some((c0, c1)) if s0 <= c1 + 1e-9 && s1.max(c1) - c0 <= PI + 1e-9 => Some((c0, c1.max(s1))),
                Some((c0, c1)) => {
                    out.push(WallArc { start: c0, end: c1, ..proto });
                    Some((s0, s1))
                }
                None => Some((s0, s1)),
            };
        }
        if let Some((c0, c1)) = current {
            out.push(WallArc { start: c0, end: c1, ..proto });
        }
    }
    out
}

/// Joins collinear segments that touch or overlap into single segments (so a straight wall
/// across ten cells is one line, not ten). Output order is deterministic.
pub fn merge_segments(segments: Vec<[Point; 2]>) -> Vec<[Point; 2]> {
    let mut merger = Merger::default();
    for segment in segments {
        merger.add(segment);
    }
    merger.finish()
}

/// Collects straight walls one at a time and joins collinear ones that touch or overlap
/// ([`merge_segments`] without holding the unjoined segments): its memory is the runs the
/// walls make, not the walls read.
#[derive(Default)]
pub struct Merger {
    /// Spans of wall along each line, the lines in the order they were first met (the
    /// output's order).
    lines: Vec<Vec<(f64, f64)>>,
    /// Each line's place in `lines`, by its quantised direction and offset.
    index: LineMap,
    /// The last two lines added to (walls listed cell by cell alternate between a line
    /// along the row and one across it), to skip most lookups.
    recent: [Option<(LineKey, usize)>; 2],
    /// A direct-mapped cache in front of `index` for horizontal (`[0]`) and vertical (`[1]`)
    /// lines, by the whole part of their offset: a grid's walls across the row change line
    /// at every cell, and this finds them without hashing. Each slot holds a quantised
    /// offset and its line (`u32::MAX`: empty); at most [`AXIS_SLOTS`] slots a direction.
    axis: [Vec<(i64, u32)>; 2],
    /// Spans held (for [`Merger::spans`]).
    held: usize,
}

/// The most slots [`Merger`]'s axis cache keeps a direction (16 bytes each): lines farther
/// out are found through the hash map alone.
const AXIS_SLOTS: usize = 1 << 18;

/// The quantum of the merge's line keys: directions and offsets equal to 1e-6 are one line.
const LINE_Q: f64 = 1e6;

/// `v` in units of 1/[`LINE_Q`], rounded half away from zero: `(v * LINE_Q).round()`,
/// bit for bit, without the call to the C library's `round` that dominated the merge of
/// the largest mazes (the difference of a number and its truncation is exact).
#[inline]
fn quantise(v: f64) -> i64 {
    let x = v * LINE_Q;
    if x.is_nan() || x.abs() >= 4.0e18 {
        return x.round() as i64;
    }
    let whole = x as i64;
    let frac = x - whole as f64;
    if frac >= 0.5 {
        whole + 1
    } else if frac <= -0.5 {
        whole - 1
    } else {
        whole
    }
}

/// A line: its direction (normalised, pointing right or down) and its offset from the
/// origin along the normal, quantised by [`LINE_Q`].
type LineKey = (i64, i64, i64);

impl Merger {
    /// Adds the segment `[a, b]` (a zero-length one is dropped).
    pub fn add(&mut self, [a, b]: [Point; 2]) {
        let q = quantise;
        // Horizontal and vertical walls skip the arithmetic below, with the same results
        // (the direction is exactly (1, 0) or (0, 1), the offset y or -x, the position x or y).
        let (key, span) = if a.y == b.y && a.x != b.x {
            ((LINE_Q as i64, 0, q(a.y + 0.0)), (a.x.min(b.x) + 0.0, a.x.max(b.x) + 0.0))
        } else if a.x == b.x && a.y != b.y {
            ((0, LINE_Q as i64, q(-a.x + 0.0)), (a.y.min(b.y) + 0.0, a.y.max(b.y) + 0.0))
        } else {
            let (mut dx, mut dy) = (b.x - a.x, b.y - a.y);
            let len = math::hypot(dx, dy);
            if len == 0.0 {
                return;
            }
            dx /= len;
            dy /= len;
            if dx < -1e-9 || (dx.abs() <= 1e-9 && dy < 0.0) {
                dx = -dx;
                dy = -dy;
            }
            // Offset of the line from the origin, along the normal (-dy, dx).
            let offset = -dy * a.x + dx * a.y;
            let (ta, tb) = (dx * a.x + dy * a.y, dx * b.x + dy * b.y);
            ((q(dx), q(dy), q(offset)), (ta.min(tb), ta.max(tb)))
        };
        let line = match self.recent {
            [Some((k, i)), _] if k == key => i,
            [_, Some((k, i))] if k == key => {
                self.recent.swap(0, 1);
                i
            }
            _ => {
                let i = self.line_of(key);
                self.recent = [Some((key, i)), self.recent[0]];
                i
            }
        };
        if push_span(&mut self.lines[line], span) {
            self.held += 1;
        }
    }

    /// The place in `lines` of the line `key` (a new line when it has none yet): from the
    /// axis cache when the line is horizontal or vertical, else from the hash map.
    fn line_of(&mut self, key: LineKey) -> usize {
        let axis = match (key.0, key.1) {
            (d, 0) if d == LINE_Q as i64 => Some(0),
            (0, d) if d == LINE_Q as i64 => Some(1),
            _ => None,
        };
        // Slot of the offset's whole part, zigzagged so that negative offsets fit too.
        let whole = key.2.div_euclid(LINE_Q as i64);
        let slot = if whole >= 0 { 2 * whole } else { -2 * whole - 1 };
        let cached = match axis {
            Some(a) if (slot as u64) < AXIS_SLOTS as u64 => Some((a, slot as usize)),
            _ => None,
        };
        if let Some((a, slot)) = cached {
            if let Some(&(offset, line)) = self.axis[a].get(slot) {
                if line != u32::MAX && offset == key.2 {
                    return line as usize;
                }
            }
        }
        let lines = &mut self.lines;
        let i = *self.index.entry(key).or_insert_with(|| {
            lines.push(Vec::new());
            lines.len() - 1
        });
        if let (Some((a, slot)), Ok(line)) = (cached, u32::try_from(i)) {
            let slots = &mut self.axis[a];
            if slots.len() <= slot {
                slots.resize(slot + 1, (0, u32::MAX));
            }
            slots[slot] = (key.2, line);
        }
        i
    }

    /// How many spans it holds (at most one per wall added; about the runs of wall so far).
    pub fn spans(&self) -> usize {
        self.held
    }

    /// The joined walls, line by line in the order the lines were first met.
    pub fn finish(self) -> Vec<[Point; 2]> {
        let mut keys = vec![(0, 0, 0); self.lines.len()];
        for (&key, &i) in &self.index {
            keys[i] = key;
        }
        let mut out = Vec::new();
        for (key, mut spans) in keys.into_iter().zip(self.lines) {
            let (dx, dy, offset) = (key.0 as f64 / LINE_Q, key.1 as f64 / LINE_Q, key.2 as f64 / LINE_Q);
            spans.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut current: Option<(f64, f64)> = None;
            let mut emit = |(t0, t1): (f64, f64)| {
                // Point = t * dir + offset * normal, normal = (-dy, dx).
                let at = |t: f64| Point { x: t * dx - offset * dy, y: t * dy + offset * dx };
                out.push([at(t0), at(t1)]);
            };
            for (t0, t1) in spans {
                current = match current {
                    Some((c0, c1)) if t0 <= c1 + 1e-9 => Some((c0, c1.max(t1))),
                    Some(done) => {
                        emit(done);
                        Some((t0, t1))
                    }
                    None => Some((t0, t1)),
                };
            }
            if let Some(done) = current {
                emit(done);
            }
        }
        out
    }
}

/// Adds a span to a line's spans, joined to the last one when the two touch or overlap.
///
/// Shapes list their walls cell by cell, so a wall usually continues the last span of its
/// line (from either end): joining it at once keeps the merge's memory to the runs it
/// makes, not the walls it reads (a 8192 x 8192 maze with every wall closed holds 16,386
/// spans, not 134 million). The final sort-and-sweep in [`merge_segments`] joins what
/// touches within 1e-9; a span joined here is one it would have joined (their gap is within
/// the same tolerance and every later comparison sees the same largest end), so the result
/// is the same, bit for bit.
/// Returns whether it holds one more span.
fn push_span(spans: &mut Vec<(f64, f64)>, (t0, t1): (f64, f64)) -> bool {
    if let Some(last) = spans.last_mut() {
        if last.0 <= t0 && t0 <= last.1 + 1e-9 {
            last.1 = last.1.max(t1);
            return false;
        }
        if t0 <= last.0 && last.0 <= t1 + 1e-9 {
            *last = (t0, last.1.max(t1));
            return false;
        }
    }
    spans.push((t0, t1));
    true
}

/// Each line's place in the merge's list, keyed by quantised direction and offset.
type LineMap = HashMap<LineKey, usize, BuildHasherDefault<LineHasher>>;

/// A fast hasher for the wall merge's integer keys (multiply and rotate, as rustc's
/// FxHash does); the default SipHash costs more than the rest of the merge.
#[derive(Default)]
struct LineHasher(u64);

impl Hasher for LineHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_core::Square;

    /// The least distance from `p` to the segment `a`–`b`.
    fn to_segment(p: Point, [a, b]: [Point; 2]) -> f64 {
        let (vx, vy) = (b.x - a.x, b.y - a.y);
        let t = (((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy).max(1e-12)).clamp(0.0, 1.0);
        math::hypot(a.x + t * vx - p.x, a.y + t * vy - p.y)
    }

    /// Document-style marks on one shape: each path and explored cell's mark keeps a gap of
    /// a tenth of a cell (more than half a wall's default width, an eighth of a cell) from
    /// every wall drawn, straight or curved, measured all along the mark's outline.
    struct MarksClearOfWalls(u64);

    impl maze_core::ShapeVisitor for MarksClearOfWalls {
        type Output = usize;
        fn visit<S: Shape>(self, shape: S) -> usize {
            let name = shape.spec().topology_name();
            let mut maze = Maze::new(shape);
            let mut rng = maze_core::Xoshiro::seed_from_u64(self.0);
            maze_core::Algorithm::Kruskal
                .generate(&mut maze, &Default::default(), &mut rng, &mut ())
                .expect("generates");
            maze.open_entrance_and_exit();
            let sol =
                maze_core::Solver::Dfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
            let overlay =
                Overlay { solution: Some(&sol), visited: true, no_line: true, ..Overlay::default() };
            let s = scene(&maze, &overlay);
            assert!(s.path.is_empty() && s.routes.is_empty(), "{name}: document style draws no line");
            let gap = 0.1 * s.cell;
            // The walls: every closed side of every cell (not the stairs' arrows, which a
            // level's cells carry inside them), curved ones as points along their arcs.
            let shape = maze.shape();
            let mut walls: Vec<[Point; 2]> = Vec::new();
            for c in (0..maze.cell_count()).map(CellId) {
                for d in shape.doors(c).iter() {
                    if maze.is_open(c, d)
                        || !shape.draws_wall(c, d)
                        || matches!(shape.door_kind(c, d), DoorKind::Stair { .. })
                    {
                        continue;
                    }
                    let [a, b] = shape.wall_segment(c, d);
                    match shape.wall_arc(c, d) {
                        None => walls.push([a, b]),
                        Some(o) => {
                            let r = math::hypot(a.x - o.x, a.y - o.y);
                            let (t0, mut t1) =
                                (math::atan2(a.y - o.y, a.x - o.x), math::atan2(b.y - o.y, b.x - o.x));
                            while t1 - t0 > std::f64::consts::PI {
                                t1 -= std::f64::consts::TAU;
                            }
                            while t0 - t1 > std::f64::consts::PI {
                                t1 += std::f64::consts::TAU;
                            }
                            let at = |k: u32| {
                                let t = t0 + (t1 - t0) * f64::from(k) / 32.0;
                                Point { x: o.x + r * math::cos(t), y: o.y + r * math::sin(t) }
                            };
                            walls.extend((0..32).map(|k| [at(k), at(k + 1)]));
                        }
                    }
                }
            }
            assert!(!walls.is_empty(), "{name}");
            let mut marks = 0;
            for (poly, fill) in &s.fills {
                assert!(matches!(fill, Fill::Path | Fill::Visited | Fill::Solid), "{name}");
                if *fill == Fill::Solid {
                    continue;
                }
                marks += 1;
                // Points all along the mark's outline.
                let along: Vec<Point> = (0..poly.len())
                    .flat_map(|i| {
                        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                        (0..8).map(move |k| {
                            let t = f64::from(k) / 8.0;
                            Point { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
                        })
                    })
                    .collect();
                for &p in &along {
                    for &w in &walls {
                        assert!(to_segment(p, w) > gap, "{name}: a mark at {p:?} covers the wall {w:?}");
                    }
                }
            }
            marks
        }
    }

    #[test]
    fn document_marks_leave_every_wall_in_sight_on_every_shape() {
        for &kind in maze_core::ShapeKind::ALL {
            for (w, h) in [(3, 3), (6, 5)] {
                let Ok(spec) = maze_core::ShapeSpec::new(kind, w, h, 1 << 20) else { continue };
                for seed in 0..3 {
                    let marks = spec.visit(MarksClearOfWalls(seed));
                    assert!(marks > 2, "{kind:?}: the route is shaded");
                    if let Ok(levels) = spec.clone().with_levels(2, 1 << 20) {
                        levels.visit(MarksClearOfWalls(seed));
                    }
                }
            }
        }
        // The maze: a route that doubles back shows the wall between its halves.
        let spec = maze_core::ShapeSpec::new(maze_core::ShapeKind::Square, 3, 3, 1 << 20).expect("3 x 3");
        spec.visit(MarksClearOfWalls(1));
    }

    #[test]
    fn quantising_rounds_as_the_library_round_does() {
        let mut values =
            vec![0.0, -0.0, 0.5e-6, -0.5e-6, 1.5e-6, -2.5e-6, 8192.0, -8191.9999995, 1e13, -1e13];
        values.extend([f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 5e12 + 0.5e-6, 4.5e12]);
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = (x >> 11) as f64 / (1u64 << 53) as f64;
            // Near-halves of the quantum, and plain values, over cell coordinates' range.
            values.push((v * 2e4 - 1e4 + 0.5e-6).mul_add(1.0, 0.0));
            values.push(((v * 2e10).round() + 0.5) / LINE_Q);
        }
        for v in values {
            assert_eq!(quantise(v), (v * LINE_Q).round() as i64, "{v:e}");
        }
    }

    #[test]
    fn merging_joins_collinear_runs_only() {
        let p = |x, y| Point { x, y };
        let merged = merge_segments(vec![
            [p(0.0, 0.0), p(1.0, 0.0)],
            [p(2.0, 0.0), p(1.0, 0.0)],
            [p(3.0, 0.0), p(4.0, 0.0)],
            [p(0.0, 1.0), p(1.0, 1.0)],
        ]);
        assert_eq!(merged.len(), 3, "{merged:?}");
        let first = merged[0];
        assert!((first[0].x - 0.0).abs() < 1e-9 && (first[1].x - 2.0).abs() < 1e-9);
    }

    /// The merge without joining as it goes: every span kept, then sorted and swept.
    fn reference_merge(segments: &[[Point; 2]]) -> Vec<[Point; 2]> {
        let q = |v: f64| (v * LINE_Q).round() as i64;
        let mut lines: Vec<(LineKey, Vec<(f64, f64)>)> = Vec::new();
        for &[a, b] in segments {
            let (mut dx, mut dy) = (b.x - a.x, b.y - a.y);
            let len = math::hypot(dx, dy);
            if len == 0.0 {
                continue;
            }
            dx /= len;
            dy /= len;
            if dx < -1e-9 || (dx.abs() <= 1e-9 && dy < 0.0) {
                dx = -dx;
                dy = -dy;
            }
            let offset = -dy * a.x + dx * a.y;
            let key = (q(dx), q(dy), q(offset));
            let (ta, tb) = (dx * a.x + dy * a.y, dx * b.x + dy * b.y);
            match lines.iter_mut().find(|(k, _)| *k == key) {
                Some((_, spans)) => spans.push((ta.min(tb), ta.max(tb))),
                None => lines.push((key, vec![(ta.min(tb), ta.max(tb))])),
            }
        }
        let mut out = Vec::new();
        for (key, mut spans) in lines {
            let (dx, dy, offset) = (key.0 as f64 / LINE_Q, key.1 as f64 / LINE_Q, key.2 as f64 / LINE_Q);
            spans.sort_by(|a, b| a.0.total_cmp(&b.0));
            let at = |t: f64| Point { x: t * dx - offset * dy, y: t * dy + offset * dx };
            let mut current: Option<(f64, f64)> = None;
            for (t0, t1) in spans {
                current = match current {
                    Some((c0, c1)) if t0 <= c1 + 1e-9 => Some((c0, c1.max(t1))),
                    Some((c0, c1)) => {
                        out.push([at(c0), at(c1)]);
                        Some((t0, t1))
                    }
                    None => Some((t0, t1)),
                };
            }
            if let Some((c0, c1)) = current {
                out.push([at(c0), at(c1)]);
            }
        }
        out
    }

    /// Joining as walls arrive gives the same segments, bit for bit, as joining at the end,
    /// on every shape's walls in cell order, reversed, and shuffled, for random mazes.
    #[test]
    fn joining_as_it_goes_changes_nothing() {
        use maze_core::{Algorithm, Hex, Random, Triangle, Xoshiro};
        fn walls<S: Shape>(shape: S, seed: u64) -> Vec<[Point; 2]> {
            let mut maze = Maze::new(shape);
            let mut rng = Xoshiro::seed_from_u64(seed);
            if seed % 3 != 0 {
                Algorithm::Kruskal
                    .generate(&mut maze, &Default::default(), &mut rng, &mut ())
                    .expect("generates");
            }
            let shape = maze.shape();
            let mut out = Vec::new();
            for c in 0..maze.cell_count() {
                for d in shape.doors(CellId(c)).iter() {
                    if shape.draws_wall(CellId(c), d) && !maze.is_open(CellId(c), d) {
                        out.push(shape.wall_segment(CellId(c), d));
                    }
                }
            }
            out
        }
        for seed in 0..12 {
            // Lines a half cell apart and on both sides of the origin share the axis
            // cache's slots: the hash map must still tell them apart.
            let crowded: Vec<[Point; 2]> = (0..40u32)
                .flat_map(|i| {
                    let (k, t) = (f64::from(i % 10) * 0.5 - 2.25, f64::from(i / 10));
                    [
                        [Point { x: k, y: t }, Point { x: k, y: t + 1.0 }],
                        [Point { x: t, y: k }, Point { x: t + 1.0, y: k }],
                    ]
                })
                .collect();
            let cases = [
                walls(Square::new(13, 9), seed),
                walls(Hex::new(11, 8), seed),
                walls(Triangle::new(12, 7), seed),
                walls(maze_core::WrapSquare::new(10, 8, "xy".parse().expect("wrap")), seed),
                crowded,
            ];
            for mut segments in cases {
                let mut rng = Xoshiro::seed_from_u64(seed + 100);
                for order in 0..3 {
                    match order {
                        1 => segments.reverse(),
                        2 => {
                            for i in (1..segments.len()).rev() {
                                segments.swap(i, rng.below(i as u64 + 1) as usize);
                            }
                        }
                        _ => {}
                    }
                    let want = reference_merge(&segments);
                    let got = merge_segments(segments.clone());
                    let bits = |v: &[[Point; 2]]| {
                        v.iter()
                            .flat_map(|s| s.iter().flat_map(|p| [p.x.to_bits(), p.y.to_bits()]))
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(bits(&got), bits(&want), "seed {seed}, order {order}");
                }
            }
        }
    }

    /// A maze with every wall closed holds a span per line, not per wall, so a tight budget
    /// draws it; shading every cell is refused before anything is built.
    #[test]
    fn the_budget_counts_runs_and_refuses_shading_before_drawing() {
        let maze = Maze::new(Square::new(600, 400));
        let mut merger = Merger::default();
        for c in 0..maze.cell_count() {
            for d in maze.shape().doors(CellId(c)).iter() {
                if maze.shape().draws_wall(CellId(c), d) {
                    merger.add(maze.shape().wall_segment(CellId(c), d));
                }
            }
        }
        assert_eq!(merger.spans(), 601 + 401, "one span per line");
        let s = try_scene(&maze, &Overlay::default(), 200_000).expect("a closed grid draws in 200 kB");
        assert_eq!(s.walls.len(), 601 + 401);
        let heat = Overlay { heat: true, ..Overlay::default() };
        let needed = fills_bytes(&maze, &heat);
        assert!(needed >= 240_000 * 100, "every cell shaded: {needed}");
        match try_scene(&maze, &heat, needed - 1) {
            Err(Error::OverMemory { needed: n, limit }) => assert_eq!((n, limit), (needed, needed - 1)),
            other => panic!("not refused: {:?}", other.map(|s| s.fills.len())),
        }
        assert!(try_scene(&maze, &heat, needed + 2 * SPAN_BYTES * 1002).is_ok());
        // Walls that make many runs are refused as they are read.
        let mut open = Maze::new(Square::new(600, 400));
        for c in (0..open.cell_count()).step_by(2) {
            let cell = CellId(c);
            if let Some(d) = open.shape().doors(cell).iter().next() {
                open.carve(cell, d);
            }
        }
        assert!(matches!(try_scene(&open, &Overlay::default(), 200_000), Err(Error::OverMemory { .. })));
    }

    #[test]
    fn a_cancelled_job_stops_drawing() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let maze = Maze::new(Square::new(100, 100));
        let flag = Arc::new(AtomicBool::new(true));
        let r = maze_core::cancel::with_flag(flag, || try_scene(&maze, &Overlay::default(), u64::MAX));
        assert!(matches!(r, Err(Error::Cancelled)));
        assert!(try_scene(&maze, &Overlay::default(), u64::MAX).is_ok(), "no flag, no cancel");
    }

    /// Every drawing loop checks the job's flag: a heat map's shading, and the SVG, TikZ,
    /// PNG (both paths) and PDF writers each stop with [`Error::Cancelled`] when their job
    /// is cancelled (a job cancelled while it draws: the scene was built before the flag
    /// was set), where they used to run to the end; without a flag they draw as before.
    #[test]
    fn every_drawing_stops_when_its_job_is_cancelled() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let mut maze = Maze::new(Square::new(60, 40));
        for c in 0..maze.cell_count() {
            let cell = CellId(c);
            // Open every east door: a maze of corridors, reachable for the heat map.
            if let Some(d) =
                maze.shape().doors(cell).iter().find(|&d| maze.shape().neighbour(cell, d).is_some())
            {
                maze.carve(cell, d);
            }
        }
        let heat = Overlay { heat: true, ..Overlay::default() };
        let scene = try_scene(&maze, &heat, u64::MAX).expect("a scene");
        assert!(!scene.fills.is_empty() && !scene.walls.is_empty());
        let style = crate::style::Style::default();
        let page = crate::pdf::PdfPage { scene: scene.clone(), heading: None };
        let pdf_page = || {
            let mut book = crate::pdf::Book::new(
                &crate::pdf::PageSetup::new(crate::pdf::Paper::A4, 10.0),
                &style,
                false,
            )?;
            let mut sink = Vec::new();
            book.start(&mut sink)?;
            book.add(&mut sink, &page, crate::pdf::Part::Front).map(|_| ())
        };
        type Drawing<'a> = &'a dyn Fn() -> Result<(), Error>;
        let model = crate::scad::Model::default();
        let drawings: [(&str, Drawing<'_>); 8] = [
            ("heat map", &|| heat_fills(&maze, true).map(|_| ())),
            ("svg", &|| crate::svg::try_svg(&scene, &style).map(|_| ())),
            ("tex", &|| crate::tex::try_tikz(&scene, &style, true).map(|_| ())),
            ("png", &|| crate::png::png(&scene, &style).map(|_| ())),
            ("png walls", &|| crate::png::square_walls(&maze, &style, 1).map(|_| ())),
            ("pdf", &pdf_page),
            ("scad", &|| crate::scad::try_scad(&scene, &model).map(|_| ())),
            ("stl", &|| crate::stl::stl(&scene, &model).map(|_| ())),
        ];
        let mut drew_on = Vec::new();
        for (name, draw) in drawings {
            let flag = Arc::new(AtomicBool::new(true));
            if !matches!(maze_core::cancel::with_flag(flag, draw), Err(Error::Cancelled)) {
                drew_on.push(name);
            }
            assert!(draw().is_ok(), "{name}: no flag, no cancel");
        }
        assert!(drew_on.is_empty(), "drew on after their job was cancelled: {drew_on:?}");
    }

    #[test]
    fn closed_grid_outline_is_four_lines_plus_inner_walls() {
        let maze = Maze::new(Square::new(3, 2));
        let s = scene(&maze, &Overlay::default());
        // All walls closed: 3 horizontal lines and 4 vertical lines, each merged.
        assert_eq!(s.walls.len(), 7);
        assert_eq!((s.width, s.height), (3.0, 2.0));
    }
}
