//! Animations of generators and solvers: the [`Event`]s an algorithm reported (recorded with
//! a [`maze_core::Trace`]) replayed over a maze, grouped into a bounded number of frames,
//! and written as an animated GIF ([`gif()`]) or a self-contained animated SVG
//! ([`animated_svg`], SMIL, plays in a browser).
//!
//! # Frames
//!
//! A [`Recording`] holds the maze before the first event (`start`: [`Maze::new`]'s closed
//! walls for a generator, the maze being solved for a solver), the events, and the finished
//! maze (`end`, with its entrance and exit opened) with its solution, if any. At most
//! [`Animation::frames`] frames are made (the budget, 2 to [`MAX_FRAMES`]):
//!
//! - the first frame is `start` as given, after the events' leading resets (a wall adder
//!   starts with `Reset { open: true }`, so its first frame is the open field it builds
//!   walls in, not the closed grid it was handed);
//! - the events are spread evenly over the frames in between ([`schedule`]): frame `j`
//!   shows the state after the first `schedule(..)[j - 1]` events, so with fewer events
//!   than the budget every event gets a frame, and with more each frame advances by the
//!   same number of events (give or take one);
//! - the last frame is `end` exactly as given — drawn like a PNG of `end` with its solution
//!   (path line, and with [`Animation::visited`] the explored and path cells shaded), so a
//!   truncated trace still ends on the true maze.
//!
//! Between the first and the last frame, cells are shaded by what the events said of them
//! ([`Highlight`]): visited (generators: in the maze; solvers: explored), on the frontier,
//! backtracked from, ruled out (dead-end filling) or on the solution path. A cell's
//! highlight only ever rises in that order (a backtracked cell visited again stays
//! backtracked), so a frame is the latest highlight of each cell. The cell named by the
//! latest visit, carve, wall, backtrack or dead-end event is the *current* cell, filled in
//! its own colour.
//!
//! # Limits
//!
//! A GIF is refused ([`Error::Parameter`], before anything is drawn) when the budget times
//! the pixels of one frame exceeds [`MAX_PIXEL_FRAMES`] (500 million), when one frame exceeds
//! [`png::MAX_PIXELS`](crate::png::MAX_PIXELS), or when a side exceeds GIF's 65,535 pixels.
//! Frames after the first store only the rectangle that changed, with unchanged pixels
//! transparent, so a 100 x 100 maze in 200 frames at 8 pixels a cell is well under 1 MB.
//! An animated SVG grows with the maze, not the events (about 60 to 200 bytes a cell), and
//! is refused above [`MAX_SVG_CELLS`] cells.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use maze_core::{CellId, Door, Error, Event, Maze, Point, Shape, Solution};

use crate::raster::Canvas;
use crate::scene::{Fill, Marker, Overlay, Scene, merge_segments, scene};
use crate::style::{Colour, Style};
use crate::svg::{escape, num, push_num, wall_path};

/// The most frames an animation may have.
pub const MAX_FRAMES: usize = 2000;

/// The most pixel-frames (frames × pixels per frame) a GIF may hold: 500 million, about
/// 200 frames of a 100 x 100 maze at 16 pixels a cell. Raw frames of this size are 500 MB
/// to draw; the file is far smaller, since frames store only what changed.
pub const MAX_PIXEL_FRAMES: u64 = 500_000_000;

/// The most cells an animated SVG may have (a 500 x 500 maze): every cell and wall is an
/// element of the file, about 60 to 200 bytes a cell, so this keeps files under 50 MB.
pub const MAX_SVG_CELLS: u64 = 250_000;

/// The most cells a zones animated SVG ([`Animation::zones`]) may have (a 200 x 200 maze):
/// a cell changes colour each time its zone is absorbed by a larger one, up to about
/// log2(cells) times, and each change is a polygon in the file.
pub const MAX_ZONE_SVG_CELLS: u64 = 40_000;

/// The shortest time a frame is shown, in milliseconds: browsers show GIF frames of under
/// 20 ms for 100 ms instead, so shorter delays are raised to this.
pub const MIN_DELAY_MS: u32 = 20;

/// The longest time a frame is shown, in milliseconds (GIF's limit: 65,535 centiseconds).
pub const MAX_DELAY_MS: u32 = 655_350;

/// What a cell was last said to be, in rising order: a cell's highlight never falls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Highlight {
    /// Nothing reported yet.
    #[default]
    None,
    /// A candidate ([`Event::Frontier`]).
    Frontier,
    /// Reached ([`Event::Visit`]): in the maze (generators) or explored (solvers).
    Visited,
    /// Stepped back from ([`Event::Backtrack`]).
    Backtracked,
    /// Ruled out ([`Event::Dead`], dead-end filling).
    Dead,
    /// On the solution path ([`Event::OnPath`]).
    Path,
}

impl Highlight {
    /// The highlights that colour a cell, in rising order.
    pub const SHOWN: [Highlight; 5] =
        [Highlight::Frontier, Highlight::Visited, Highlight::Backtracked, Highlight::Dead, Highlight::Path];
}

/// The replay state: a maze with events applied, each cell's highlight and the current cell.
#[derive(Clone, Debug)]
pub struct Player<S: Shape> {
    maze: Maze<S>,
    cells: Vec<Highlight>,
    current: Option<CellId>,
    zones: Option<Zones>,
}

/// The zones of a maze being built (document 000): sets of cells joined by open passages,
/// each with a label that picks its colour ([`zone_colour`]). Every cell starts as its own
/// zone, labelled by its id. When a passage joins two zones, the larger keeps its label
/// (the smaller one's cells change colour); after walls are built or reset, the zones are
/// found again and each keeps the label of its lowest cell's old zone where no lower zone
/// took it first, else a new one. Labels are deterministic.
#[derive(Clone, Debug)]
pub struct Zones {
    parent: Vec<u32>,
    size: Vec<u32>,
    /// The label of each root.
    label: Vec<u32>,
    /// The next fresh label (labels below the cell count are cell ids).
    fresh: u32,
    /// Walls were built since the zones were found: find them again before answering.
    stale: bool,
}

impl Zones {
    /// The zones of `maze` as it stands.
    pub fn new<S: Shape>(maze: &Maze<S>) -> Self {
        let n = maze.cell_count();
        let mut z = Zones {
            parent: (0..n).collect(),
            size: vec![1; n as usize],
            label: (0..n).collect(),
            fresh: n,
            stale: false,
        };
        z.join_passages(maze);
        z
    }

    fn join_passages<S: Shape>(&mut self, maze: &Maze<S>) {
        for c in 0..maze.cell_count() {
            let cell = CellId(c);
            for d in maze.open_doors(cell).iter() {
                if let Some(b) = maze.shape().neighbour(cell, d)
                    && b > cell
                {
                    self.join(cell, b);
                }
            }
        }
    }

    fn root(&self, c: u32) -> u32 {
        let mut r = c;
        while self.parent[r as usize] != r {
            r = self.parent[r as usize];
        }
        r
    }

    /// Joins the zones of `a` and `b` (a passage opened between them).
    pub fn join(&mut self, a: CellId, b: CellId) {
        let (mut ra, mut rb) = (self.root(a.0), self.root(b.0));
        if ra == rb {
            return;
        }
        // The larger zone absorbs the smaller and keeps its label; ties go to the lower label.
        let (sa, sb) = (self.size[ra as usize], self.size[rb as usize]);
        if sa < sb || (sa == sb && self.label[rb as usize] < self.label[ra as usize]) {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        self.size[ra as usize] += self.size[rb as usize];
    }

    /// Marks the zones as out of date (walls were built or reset).
    fn invalidate(&mut self) {
        self.stale = true;
    }

    /// Finds the zones again after walls were built, keeping labels where it can.
    fn refresh<S: Shape>(&mut self, maze: &Maze<S>) {
        if !self.stale {
            return;
        }
        let old: Vec<u32> = (0..maze.cell_count()).map(|c| self.label[self.root(c) as usize]).collect();
        let n = maze.cell_count();
        self.parent = (0..n).collect();
        self.size = vec![1; n as usize];
        self.stale = false;
        self.join_passages(maze);
        let mut claimed = std::collections::HashSet::new();
        let mut named = vec![false; n as usize];
        for c in 0..n {
            let r = self.root(c) as usize;
            if named[r] {
                continue;
            }
            named[r] = true;
            self.label[r] = if claimed.insert(old[c as usize]) {
                old[c as usize]
            } else {
                self.fresh += 1;
                self.fresh - 1
            };
            claimed.insert(self.label[r]);
        }
    }

    /// The label of `cell`'s zone.
    pub fn label(&self, cell: CellId) -> u32 {
        self.label[self.root(cell.0) as usize]
    }
}

/// How many zone colours there are ([`zone_colour`]).
pub const ZONE_COLOURS: u32 = 240;

/// The colour index (below [`ZONE_COLOURS`]) of a zone label: labels are mixed, so
/// neighbouring cells' zones get unrelated colours.
pub fn zone_index(label: u32) -> u32 {
    let mut x = u64::from(label).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    (x % u64::from(ZONE_COLOURS)) as u32
}

/// The colour of zone colour `index`: light, well-separated hues (the golden angle apart)
/// in three lightnesses, so walls stay visible over them.
pub fn zone_colour(index: u32) -> Colour {
    let hue = (f64::from(index) * 137.507_764) % 360.0;
    let (sat, light) = [(0.70, 0.72), (0.55, 0.62), (0.80, 0.80)][(index % 3) as usize];
    // HSL to RGB.
    let c = (1.0 - (2.0 * light - 1.0_f64).abs()) * sat;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = light - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Colour { r: byte(r), g: byte(g), b: byte(b) }
}

impl<S: Shape> Player<S> {
    /// Starts from `start` as it is (walls, entrance, exit and dots), nothing highlighted.
    pub fn new(start: &Maze<S>) -> Self {
        Player {
            maze: start.clone(),
            cells: vec![Highlight::None; start.cell_count() as usize],
            current: None,
            zones: None,
        }
    }

    /// As [`Player::new`], also following the maze's [`Zones`] ([`Player::zone`]).
    pub fn with_zones(start: &Maze<S>) -> Self {
        Player { zones: Some(Zones::new(start)), ..Player::new(start) }
    }

    /// The zone label of `cell`, when following zones ([`Player::with_zones`]).
    pub fn zone(&mut self, cell: CellId) -> Option<u32> {
        let zones = self.zones.as_mut()?;
        zones.refresh(&self.maze);
        (cell.0 < self.maze.cell_count()).then(|| zones.label(cell))
    }

    /// Applies one event. Events naming a cell out of range, or a door the cell does not
    /// have, are ignored: a replay never panics.
    pub fn apply(&mut self, event: Event) {
        let n = self.maze.cell_count();
        match event {
            Event::Reset { open } => {
                if open {
                    self.maze.open_all_inner();
                } else {
                    self.maze.close_all();
                }
                if let Some(z) = self.zones.as_mut() {
                    z.invalidate();
                }
            }
            Event::Carve(c, d) => {
                if let Some(door) = self.door(c, d) {
                    self.maze.carve(c, door);
                    self.current = Some(c);
                    if let (Some(z), Some(b)) = (self.zones.as_mut(), self.maze.shape().neighbour(c, door)) {
                        z.join(c, b);
                    }
                }
            }
            Event::Wall(c, d) => {
                if let Some(door) = self.door(c, d) {
                    self.maze.build_wall(c, door);
                    self.current = Some(c);
                    if let Some(z) = self.zones.as_mut() {
                        z.invalidate();
                    }
                }
            }
            Event::Visit(c) | Event::Backtrack(c) | Event::Dead(c) if c.0 < n => {
                self.raise(
                    c,
                    match event {
                        Event::Visit(_) => Highlight::Visited,
                        Event::Backtrack(_) => Highlight::Backtracked,
                        _ => Highlight::Dead,
                    },
                );
                self.current = Some(c);
            }
            Event::Frontier(c) if c.0 < n => self.raise(c, Highlight::Frontier),
            Event::OnPath(c) if c.0 < n => self.raise(c, Highlight::Path),
            Event::Visit(_)
            | Event::Backtrack(_)
            | Event::Dead(_)
            | Event::Frontier(_)
            | Event::OnPath(_) => {}
        }
    }

    /// The maze with the events so far applied.
    pub fn maze(&self) -> &Maze<S> {
        &self.maze
    }

    /// Each cell's highlight, by cell id.
    pub fn highlights(&self) -> &[Highlight] {
        &self.cells
    }

    /// The cell of the latest visit, carve, wall, backtrack or dead-end event.
    pub fn current(&self) -> Option<CellId> {
        self.current
    }

    fn raise(&mut self, c: CellId, h: Highlight) {
        let slot = &mut self.cells[c.index()];
        *slot = (*slot).max(h);
    }

    fn door(&self, c: CellId, d: u8) -> Option<S::Door> {
        if c.0 >= self.maze.cell_count() || d >= self.maze.shape().door_count() {
            return None;
        }
        let door = S::Door::from_index(d);
        self.maze.shape().doors(c).contains(door).then_some(door)
    }
}

/// What to animate: the maze before the events, the events, and the finished maze.
#[derive(Clone, Debug)]
pub struct Recording<'a, S: Shape> {
    /// The first frame: all walls closed ([`Maze::new`]) for a generator, the maze being
    /// solved for a solver.
    pub start: &'a Maze<S>,
    /// The events, in order (a [`maze_core::Trace`]'s `events`; a truncated trace is fine:
    /// the animation then jumps from its last event to `end`).
    pub events: &'a [Event],
    /// The last frame, exactly as given (entrance and exit opened, MultiMaze dots).
    pub end: &'a Maze<S>,
    /// The solution drawn on the last frame, if any.
    pub solution: Option<&'a Solution>,
}

/// The maze a replay of `events` from `start` is first shown as: `start` with the events'
/// leading [`Event::Reset`]s applied (a wall adder starts with one, so its first picture is
/// the open field it builds walls in, not the closed grid it was handed), and how many
/// events that took. `start` itself, borrowed, when the events do not begin with a reset.
/// Every replay (gif, animated svg, `maze play`'s) starts here.
pub fn opening<'m, S: Shape>(start: &'m Maze<S>, events: &[Event]) -> (Cow<'m, Maze<S>>, usize) {
    let lead = events.iter().take_while(|e| matches!(e, Event::Reset { .. })).count();
    if lead == 0 {
        return (Cow::Borrowed(start), 0);
    }
    let mut player = Player::new(start);
    for &e in &events[..lead] {
        player.apply(e);
    }
    (Cow::Owned(player.maze), lead)
}

impl<S: Shape> Recording<'_, S> {
    /// Checks that `start` and `end` are the same shape and the solution's cells exist.
    fn check(&self) -> Result<(), Error> {
        if self.start.shape().spec() != self.end.shape().spec() {
            return Err(Error::Parameter(
                "the first and last mazes of an animation must have the same shape and size".into(),
            ));
        }
        let n = self.end.cell_count();
        if let Some(sol) = self.solution
            && sol.path.iter().chain(&sol.visited).any(|c| c.0 >= n)
        {
            return Err(Error::Parameter(format!("the solution names a cell outside the maze ({n} cells)")));
        }
        Ok(())
    }
}

/// How long frames are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Every frame for this many milliseconds.
    PerFrame(u32),
    /// All frames together for this many milliseconds (before the final pause), shared
    /// evenly.
    Total(u32),
}

/// Animation options: the frame budget, timing and the highlight colours (the others come
/// from the [`Style`]: background, walls, visited and path cells, path line, start and end).
#[derive(Clone, Debug, PartialEq)]
pub struct Animation {
    /// The most frames, first and last included: 2 to [`MAX_FRAMES`].
    pub frames: usize,
    /// How long frames are shown; each at least [`MIN_DELAY_MS`], at most [`MAX_DELAY_MS`].
    pub timing: Timing,
    /// How much longer the last frame stays, in milliseconds (the final pause).
    pub hold_ms: u32,
    /// Play forever (a GIF's loop extension; SVG `repeatCount="indefinite"`) rather than
    /// once, stopping on the last frame.
    pub repeat: bool,
    /// Shade the solution's explored and path cells on the last frame.
    pub visited: bool,
    /// Draw the start and end dots.
    pub markers: bool,
    /// Fill of frontier cells.
    pub frontier: String,
    /// Fill of the current cell.
    pub current: String,
    /// Fill of cells stepped back from.
    pub backtracked: String,
    /// Fill of cells ruled out.
    pub dead: String,
    /// Colour every zone (cells joined by passages, [`Zones`]) in its own colour between the
    /// first and the last frame, instead of the highlights: document 000's view of Kruskal's
    /// algorithm, zones merging until one is left.
    pub zones: bool,
}

impl Default for Animation {
    /// 120 frames in 6 seconds, a 2-second pause on the last, looping.
    fn default() -> Self {
        Animation {
            frames: 120,
            timing: Timing::Total(6000),
            hold_ms: 2000,
            repeat: true,
            visited: true,
            markers: true,
            frontier: "#9cc3ee".into(),
            current: "#f08c14".into(),
            backtracked: "#ece3c6".into(),
            dead: "#9a9a9a".into(),
            zones: false,
        }
    }
}

/// The event counts after which the frames between the first and the last are taken: at
/// most `budget - 2` of them, rising, the last equal to `events` (empty without events).
/// Every event gets a frame when there are few; otherwise they are shared evenly.
pub fn schedule(events: usize, budget: usize) -> Vec<usize> {
    let m = budget.saturating_sub(2).min(events);
    let (n, m128) = (events as u128, m as u128);
    (1..=m as u128).map(|j| (j * n).div_ceil(m128) as usize).collect()
}

/// Each frame's time in milliseconds, the final pause added to the last.
fn delays(frames: usize, options: &Animation) -> Vec<u32> {
    let f = frames.max(1) as u64;
    let mut out: Vec<u32> = (0..f)
        .map(|k| match options.timing {
            Timing::PerFrame(ms) => ms,
            Timing::Total(ms) => {
                let t = u64::from(ms);
                ((t * (k + 1)) / f - (t * k) / f) as u32
            }
        })
        .map(|ms| ms.clamp(MIN_DELAY_MS, MAX_DELAY_MS))
        .collect();
    if let Some(last) = out.last_mut() {
        *last = last.saturating_add(options.hold_ms).min(MAX_DELAY_MS);
    }
    out
}

/// Checks the frame budget and the size of a GIF of this shape in this style, before
/// anything is generated or drawn, and returns the frame size in pixels.
///
/// # Errors
/// [`Error::Parameter`] for a budget outside 2 to [`MAX_FRAMES`], a frame above
/// [`png::MAX_PIXELS`](crate::png::MAX_PIXELS) or wider or taller than 65,535 pixels, or
/// `frames` × pixels above [`MAX_PIXEL_FRAMES`]; the message says what to lower.
pub fn check_gif_size<S: Shape>(shape: &S, style: &Style, frames: usize) -> Result<(u32, u32), Error> {
    check_budget(frames)?;
    let extent = shape.extent();
    let (w, h) =
        crate::png::image_size(&Scene { width: extent.x, height: extent.y, ..Scene::default() }, style);
    if w > 65_535 || h > 65_535 || w * h > crate::png::MAX_PIXELS {
        return Err(Error::Parameter(format!(
            "a {w}x{h} animation frame exceeds the limit of {} pixels and 65535 a side (use a smaller --cell-size)",
            crate::png::MAX_PIXELS
        )));
    }
    let total = w * h * frames as u64;
    if total > MAX_PIXEL_FRAMES {
        return Err(Error::Parameter(format!(
            "{frames} frames of {w}x{h} pixels ({} million pixel-frames) exceed the limit of {} million (lower --frames or --cell-size)",
            total.div_ceil(1_000_000),
            MAX_PIXEL_FRAMES / 1_000_000
        )));
    }
    Ok((w as u32, h as u32))
}

/// Checks that an animated SVG of this shape stays within [`MAX_SVG_CELLS`] ([`MAX_ZONE_SVG_CELLS`]
/// with [`Animation::zones`]).
///
/// # Errors
/// [`Error::Parameter`] for a budget outside 2 to [`MAX_FRAMES`] or too many cells.
pub fn check_svg_size<S: Shape>(shape: &S, options: &Animation) -> Result<(), Error> {
    check_budget(options.frames)?;
    let cells = u64::from(shape.cell_count());
    let (limit, what) = if options.zones {
        (MAX_ZONE_SVG_CELLS, "a zones animated SVG")
    } else {
        (MAX_SVG_CELLS, "an animated SVG")
    };
    if cells > limit {
        return Err(Error::Parameter(format!(
            "{what} of {cells} cells exceeds the limit of {limit} (use a smaller maze, or --format gif)"
        )));
    }
    Ok(())
}

fn check_budget(frames: usize) -> Result<(), Error> {
    if (2..=MAX_FRAMES).contains(&frames) {
        Ok(())
    } else {
        Err(Error::Parameter(format!("an animation needs 2 to {MAX_FRAMES} frames, not {frames} (--frames)")))
    }
}

// Palette indices of the GIF (16 colours, the last for transparency).
const BACKGROUND: u8 = 0;
const WALL: u8 = 1;
const VISITED: u8 = 2;
const FRONTIER: u8 = 3;
const CURRENT: u8 = 4;
const BACKTRACKED: u8 = 5;
const DEAD: u8 = 6;
const PATH_CELL: u8 = 7;
const PATH: u8 = 8;
const START: u8 = 9;
const END: u8 = 10;
const TRANSPARENT: u8 = 15;
/// The first zone colour of a zones GIF's 256-colour palette.
const FIRST_ZONE: u8 = 16;

/// The fixed palette: style and animation colours at the indices above.
fn palette(style: &Style, options: &Animation) -> Result<Vec<u8>, Error> {
    let colours = [
        &style.background,
        &style.walls,
        &style.visited,
        &options.frontier,
        &options.current,
        &options.backtracked,
        &options.dead,
        &style.path_cells,
        &style.path,
        &style.start,
        &style.end,
    ];
    let mut out = Vec::with_capacity(16 * 3);
    for c in colours {
        let c: Colour = c.parse()?;
        out.extend_from_slice(&[c.r, c.g, c.b]);
    }
    out.resize(16 * 3, 0);
    if options.zones {
        for i in 0..ZONE_COLOURS {
            let c = zone_colour(i);
            out.extend_from_slice(&[c.r, c.g, c.b]);
        }
    }
    Ok(out)
}

fn highlight_index(h: Highlight) -> Option<u8> {
    match h {
        Highlight::None => None,
        Highlight::Frontier => Some(FRONTIER),
        Highlight::Visited => Some(VISITED),
        Highlight::Backtracked => Some(BACKTRACKED),
        Highlight::Dead => Some(DEAD),
        Highlight::Path => Some(PATH_CELL),
    }
}

/// Draws a scene as `png::png` does (fills, walls, path, dots), with `cells` filled first.
fn paint<S: Shape>(canvas: &mut Canvas, shape: &S, sc: &Scene, cells: &[(CellId, u8)], style: &Style) {
    canvas.pixels.fill(BACKGROUND);
    let (k, m) = (style.cell_size, style.margin);
    let at = |p: Point| Point { x: m + p.x * k, y: m + p.y * k };
    let mut pts: Vec<Point> = Vec::with_capacity(8);
    for (poly, fill) in &sc.fills {
        let colour = match fill {
            Fill::Visited => VISITED,
            Fill::Path => PATH_CELL,
            Fill::Heat(_) | Fill::Solid => continue,
        };
        pts.clear();
        pts.extend(poly.iter().map(|&p| at(p)));
        canvas.fill_polygon(&pts, colour);
    }
    for &(c, colour) in cells {
        pts.clear();
        pts.extend(shape.fill_outline(c).iter().map(|&p| at(p)));
        canvas.fill_polygon(&pts, colour);
    }
    for &[a, b] in &sc.straight_walls(0.1 / k.max(1e-9)) {
        canvas.stroke(at(a), at(b), style.wall_width, WALL);
    }
    for piece in sc.path.iter().filter(|p| p.len() > 1) {
        let line: Vec<_> = piece.iter().map(|&p| at(p)).collect();
        canvas.polyline(&line, (k * 0.25).max(1.0), PATH);
    }
    // The dots on top, ringed in the background's colour over the solution line.
    let (radius, ring) = ((sc.cell * k * style.dot / 2.0).max(1.0), ring(sc) * k);
    for &(p, marker) in &sc.markers {
        let colour = if marker == Marker::Start { START } else { END };
        if ring > 0.0 {
            canvas.fill_circle(at(p), radius + ring.max(1.0), BACKGROUND);
        }
        canvas.fill_circle(at(p), radius, colour);
    }
}

/// Draws a frame between the first and the last: the replayed maze and its highlights.
fn paint_state<S: Shape>(
    canvas: &mut Canvas,
    player: &mut Player<S>,
    cells: &mut Vec<(CellId, u8)>,
    style: &Style,
    options: &Animation,
) {
    cells.clear();
    if options.zones {
        for c in 0..player.maze().cell_count() {
            if let Some(label) = player.zone(CellId(c)) {
                cells.push((CellId(c), FIRST_ZONE + zone_index(label) as u8));
            }
        }
        let maze = player.maze();
        let sc = scene(maze, &Overlay { no_markers: !options.markers, ..Overlay::default() });
        paint(canvas, maze.shape(), &sc, cells, style);
        return;
    }
    let maze = player.maze();
    let sc = scene(maze, &Overlay { no_markers: !options.markers, ..Overlay::default() });
    for (i, &h) in player.highlights().iter().enumerate() {
        if let Some(colour) = highlight_index(h) {
            cells.push((CellId(i as u32), colour));
        }
    }
    if let Some(c) = player.current() {
        cells.push((c, CURRENT));
    }
    paint(canvas, maze.shape(), &sc, cells, style);
}

/// The overlay of the last frame.
fn end_overlay<'a>(rec: &Recording<'a, impl Shape>, options: &Animation) -> Overlay<'a> {
    Overlay {
        solution: rec.solution,
        visited: options.visited,
        heat: false,
        no_markers: !options.markers,
        no_line: false,
        numbered: false,
    }
}

/// The ring round the dots of an animation's frame: the scene's ([`Scene::dot_ring`]) when
/// it has a solution line, which animations draw (they draw no MultiMaze routes).
fn ring(sc: &Scene) -> f64 {
    if sc.path.iter().any(|p| p.len() > 1) { sc.dot_ring() } else { 0.0 }
}

/// Millisecond delays as GIF centiseconds, rounded on the running total so the whole keeps
/// its length.
fn centiseconds(ms: &[u32]) -> Vec<u16> {
    let mut total = 0u64;
    ms.iter()
        .map(|&d| {
            let before = total.div_ceil(10);
            total += u64::from(d);
            (total.div_ceil(10) - before).min(u64::from(u16::MAX)) as u16
        })
        .collect()
}

/// Writes frames as the differences from what is on screen: the changed rectangle, with
/// unchanged pixels transparent. A frame equal to the one before adds its time to it.
struct FrameWriter<'w> {
    encoder: gif::Encoder<&'w mut Vec<u8>>,
    shown: Vec<u8>,
    width: usize,
    pending: Option<gif::Frame<'static>>,
    written: usize,
}

impl FrameWriter<'_> {
    fn push(&mut self, canvas: &Canvas, delay: u16, last: bool) -> Result<(), Error> {
        let w = self.width;
        let Some(pending) = self.pending.as_mut() else {
            self.shown.clone_from(&canvas.pixels);
            let mut frame = full_frame(canvas);
            frame.delay = delay;
            self.pending = Some(frame);
            return Ok(());
        };
        // The changed rectangle.
        let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
        for (y, (new, old)) in canvas.pixels.chunks_exact(w).zip(self.shown.chunks_exact(w)).enumerate() {
            if new == old {
                continue;
            }
            let first = new.iter().zip(old).position(|(a, b)| a != b).unwrap_or(0);
            let end = w - new.iter().zip(old).rev().position(|(a, b)| a != b).unwrap_or(0);
            x0 = x0.min(first);
            x1 = x1.max(end);
            y0 = y0.min(y);
            y1 = y + 1;
        }
        let first_pending = self.written == 0;
        if x0 == usize::MAX && !(last && first_pending) {
            pending.delay = pending.delay.saturating_add(delay);
            return Ok(());
        }
        if x0 == usize::MAX {
            // The last frame equals the first: one transparent pixel keeps two frames.
            (x0, x1, y0, y1) = (0, 1, 0, 1);
        }
        let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            let row = y * w;
            let new = &canvas.pixels[row + x0..row + x1];
            let old = &mut self.shown[row + x0..row + x1];
            for (n, o) in new.iter().zip(old.iter_mut()) {
                buffer.push(if n == o { TRANSPARENT } else { *n });
                *o = *n;
            }
        }
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            buffer: buffer.into(),
            ..gif::Frame::default()
        };
        self.flush()?;
        self.pending = Some(frame);
        Ok(())
    }

    /// Writes the last frame and the trailer.
    fn finish(mut self) -> Result<(), Error> {
        self.flush()?;
        self.encoder.into_inner().map_err(gif_error)?;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Error> {
        if let Some(frame) = self.pending.take() {
            self.encoder.write_frame(&frame).map_err(gif_error)?;
            self.written += 1;
        }
        Ok(())
    }
}

fn full_frame(canvas: &Canvas) -> gif::Frame<'static> {
    gif::Frame {
        dispose: gif::DisposalMethod::Keep,
        width: canvas.width as u16,
        height: canvas.height as u16,
        buffer: canvas.pixels.clone().into(),
        ..gif::Frame::default()
    }
}

fn gif_error(e: gif::EncodingError) -> Error {
    Error::Parameter(format!("cannot encode the GIF: {e}"))
}

/// Writes an animated GIF of a recording: at most `options.frames` frames (see the
/// [module documentation](self)), 16 fixed colours, each frame after the first storing
/// only the rectangle that changed; frames equal to the one before are merged into it.
/// Sizes in the style are pixels, as for PNG.
///
/// # Errors
/// [`Error::Parameter`] for a frame budget outside 2 to [`MAX_FRAMES`], a size beyond the
/// limits of [`check_gif_size`] (checked before drawing), a colour that does not parse, or
/// `start` and `end` of different shapes.
pub fn gif<S: Shape>(rec: &Recording<'_, S>, style: &Style, options: &Animation) -> Result<Vec<u8>, Error> {
    rec.check()?;
    let (start, lead) = opening(rec.start, rec.events);
    let rec = &Recording { start: &start, events: &rec.events[lead..], ..*rec };
    let shape = rec.end.shape();
    let (w, h) = check_gif_size(shape, style, options.frames)?;
    let colours = palette(style, options)?;
    let marks = schedule(rec.events.len(), options.frames);
    let delays = centiseconds(&delays(marks.len() + 2, options));
    let mut out = Vec::new();
    let mut encoder = gif::Encoder::new(&mut out, w as u16, h as u16, &colours).map_err(gif_error)?;
    if options.repeat {
        encoder.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
    }
    let mut writer = FrameWriter { encoder, shown: Vec::new(), width: w as usize, pending: None, written: 0 };
    let mut canvas = Canvas::new(w, h, BACKGROUND, crate::png::MAX_PIXELS)?;
    let mut player = if options.zones { Player::with_zones(rec.start) } else { Player::new(rec.start) };
    let mut cells = Vec::new();
    paint_state(&mut canvas, &mut player, &mut cells, style, options);
    writer.push(&canvas, delays[0], false)?;
    let mut applied = 0;
    for (j, &mark) in marks.iter().enumerate() {
        for &e in &rec.events[applied..mark] {
            player.apply(e);
        }
        applied = mark;
        paint_state(&mut canvas, &mut player, &mut cells, style, options);
        writer.push(&canvas, delays[j + 1], false)?;
    }
    let last = scene(rec.end, &end_overlay(rec, options));
    paint(&mut canvas, shape, &last, &[], style);
    writer.push(&canvas, delays[delays.len() - 1], true)?;
    writer.finish()?;
    Ok(out)
}

/// A timeline of values by frame: `(frame, value)` from frame 0, one entry per change.
type Timeline<T> = Vec<(u16, T)>;

/// Writes a self-contained animated SVG of a recording: the same frames as [`gif()`] (see the
/// [module documentation](self)), played by SMIL `<animate>` elements that switch the
/// `visibility` of walls and shaded cells at their frame's time. Walls that change at the
/// same frames share one path, and cells share one path per highlight and frame, so the
/// file grows with the maze, not with the events. It loops (or, without
/// [`Animation::repeat`], stops on the last frame); viewers without SMIL show the last
/// frame. Sizes in the style are pixels, as for [`svg`](crate::svg::svg).
///
/// # Errors
/// [`Error::Parameter`] for a frame budget outside 2 to [`MAX_FRAMES`], more than
/// [`MAX_SVG_CELLS`] cells, or `start` and `end` of different shapes.
pub fn animated_svg<S: Shape>(
    rec: &Recording<'_, S>,
    style: &Style,
    options: &Animation,
) -> Result<String, Error> {
    rec.check()?;
    let (start, lead) = opening(rec.start, rec.events);
    let rec = &Recording { start: &start, events: &rec.events[lead..], ..*rec };
    let shape = rec.end.shape();
    check_svg_size(shape, options)?;
    let marks = schedule(rec.events.len(), options.frames);
    let frames = marks.len() + 2;
    let last = (frames - 1) as u16;

    // Every wall as the scene draws it (`Shape::draws_wall`): once from the cell on the
    // lower id, or from both sides of a seam (a wall id then has two slots).
    let mut walls: Vec<(CellId, S::Door)> = Vec::new();
    let mut wall_slot: HashMap<u64, Vec<u32>> = HashMap::new();
    for c in 0..shape.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if shape.draws_wall(cell, d) {
                wall_slot.entry(shape.wall(cell, d).0).or_default().push(walls.len() as u32);
                walls.push((cell, d));
            }
        }
    }
    let mut player = if options.zones { Player::with_zones(rec.start) } else { Player::new(rec.start) };
    let closed = |maze: &Maze<S>, &(c, d): &(CellId, S::Door)| !maze.is_open(c, d);
    // With zones: each cell's zone colour index by frame.
    let zone_of = |player: &mut Player<S>, c: u32| player.zone(CellId(c)).map_or(0, zone_index) as u8;
    let mut zone_lines: Vec<Timeline<u8>> = if options.zones {
        (0..shape.cell_count()).map(|c| vec![(0, zone_of(&mut player, c))]).collect()
    } else {
        Vec::new()
    };
    let mut wall_lines: Vec<Timeline<bool>> =
        walls.iter().map(|w| vec![(0, closed(player.maze(), w))]).collect();
    let n = shape.cell_count() as usize;
    // The frame at which each cell reaches each shown highlight.
    let mut entered: Vec<[u16; 5]> = vec![[u16::MAX; 5]; n];
    let mut current: Vec<Option<CellId>> = vec![None; frames];
    let mut touched_cells: Vec<CellId> = Vec::new();
    let mut touched_walls: Vec<(CellId, u8)> = Vec::new();
    let mut applied = 0;
    for (j, &mark) in marks.iter().enumerate() {
        let frame = (j + 1) as u16;
        let mut reset = false;
        touched_cells.clear();
        touched_walls.clear();
        for &e in &rec.events[applied..mark] {
            player.apply(e);
            match e {
                Event::Reset { .. } => reset = true,
                Event::Carve(c, d) | Event::Wall(c, d) => touched_walls.push((c, d)),
                Event::Visit(c)
                | Event::Frontier(c)
                | Event::Backtrack(c)
                | Event::OnPath(c)
                | Event::Dead(c) => touched_cells.push(c),
            }
        }
        applied = mark;
        for &c in &touched_cells {
            let h = player.highlights().get(c.index()).copied().unwrap_or_default();
            if let Some(i) = Highlight::SHOWN.iter().position(|&s| s == h) {
                let slot = &mut entered[c.index()][i];
                *slot = (*slot).min(frame);
            }
        }
        let mut update = |slot: usize, maze: &Maze<S>| {
            let now = closed(maze, &walls[slot]);
            let line = &mut wall_lines[slot];
            if line.last().is_some_and(|&(_, v)| v != now) {
                line.push((frame, now));
            }
        };
        if reset {
            for slot in 0..walls.len() {
                update(slot, player.maze());
            }
        } else {
            for &(c, d) in &touched_walls {
                if let Some(door) = player.door(c, d)
                    && let Some(slots) = wall_slot.get(&shape.wall(c, door).0)
                {
                    for &slot in slots {
                        update(slot as usize, player.maze());
                    }
                }
            }
        }
        current[usize::from(frame)] = player.current();
        if options.zones && (reset || !touched_walls.is_empty()) {
            for (c, line) in zone_lines.iter_mut().enumerate() {
                let now = zone_of(&mut player, c as u32);
                if line.last().is_some_and(|&(_, v)| v != now) {
                    line.push((frame, now));
                }
            }
        }
    }
    for (slot, w) in walls.iter().enumerate() {
        let now = closed(rec.end, w);
        let line = &mut wall_lines[slot];
        if line.last().is_some_and(|&(_, v)| v != now) {
            line.push((last, now));
        }
    }

    // Times.
    let delays = delays(frames, options);
    let mut starts = Vec::with_capacity(frames);
    let mut total = 0u64;
    for &d in &delays {
        starts.push(total);
        total += u64::from(d);
    }
    let timing = SmilTiming { starts, total, repeat: options.repeat };

    let k = style.cell_size;
    let m = style.margin;
    let (w, h) = (shape.extent().x * k + 2.0 * m, shape.extent().y * k + 2.0 * m);
    let mut out = crate::svg::header(w, h, style);
    let poly = |d: &mut String, c: CellId| push_polygon(d, shape.outline(c).points(), k, m);

    // Zones: each cell in its zone's colour from frame to frame, cells sharing a colour and
    // frames in one path.
    let mut zone_runs: BTreeMap<(u16, u16, u8), String> = BTreeMap::new();
    for (c, line) in zone_lines.iter().enumerate() {
        for (i, &(from, colour)) in line.iter().enumerate() {
            let to = line.get(i + 1).map_or(last, |&(f, _)| f);
            if from < to {
                poly(zone_runs.entry((from, to, colour)).or_default(), CellId(c as u32));
            }
        }
    }
    for ((from, to, colour), d) in zone_runs {
        let fill = zone_colour(u32::from(colour)).hex();
        let _ = write!(out, r#"<path fill="{fill}" visibility="hidden" d="{d}">"#);
        let line: &[(u16, bool)] =
            if from == 0 { &[(0, true), (to, false)] } else { &[(0, false), (from, true), (to, false)] };
        timing.visibility(&mut out, line);
        out.push_str("</path>\n");
    }
    // Highlights, layer by layer in rising order, each cell from the frame it rose to it
    // until the last frame (not with zones, which colour every cell).
    let colours = [&options.frontier, &style.visited, &options.backtracked, &options.dead, &style.path_cells];
    for (layer, colour) in colours.iter().enumerate().filter(|_| !options.zones) {
        let mut by_frame: BTreeMap<u16, String> = BTreeMap::new();
        for (c, e) in entered.iter().enumerate() {
            if e[layer] != u16::MAX {
                poly(by_frame.entry(e[layer]).or_default(), CellId(c as u32));
            }
        }
        for (frame, d) in by_frame {
            let _ = write!(out, r#"<path fill="{}" visibility="hidden" d="{d}">"#, escape(colour));
            timing.visibility(&mut out, &[(0, false), (frame, true), (last, false)]);
            out.push_str("</path>\n");
        }
    }
    // The current cell, one path per run of frames on the same cell (not with zones).
    let mut j = if options.zones { usize::from(last) } else { 1 };
    while j < usize::from(last) {
        let Some(c) = current[j] else {
            j += 1;
            continue;
        };
        let mut end = j + 1;
        while end < usize::from(last) && current[end] == Some(c) {
            end += 1;
        }
        let mut d = String::new();
        poly(&mut d, c);
        let _ = write!(out, r#"<path fill="{}" visibility="hidden" d="{d}">"#, escape(&options.current));
        timing.visibility(&mut out, &[(0, false), (j as u16, true), (end as u16, false)]);
        out.push_str("</path>\n");
        j = end;
    }
    // The last frame's shading: the solution's explored and path cells.
    let end_scene = scene(rec.end, &end_overlay(rec, options));
    let mut fills: Vec<(&str, String)> = Vec::new();
    for (points, fill) in &end_scene.fills {
        let colour = match fill {
            Fill::Visited => style.visited.as_str(),
            Fill::Path => style.path_cells.as_str(),
            Fill::Heat(_) | Fill::Solid => continue,
        };
        let i = match fills.iter().position(|(c, _)| *c == colour) {
            Some(i) => i,
            None => {
                fills.push((colour, String::new()));
                fills.len() - 1
            }
        };
        push_polygon(&mut fills[i].1, points, k, m);
    }
    if !fills.is_empty() {
        out.push_str("<g>");
        timing.visibility(&mut out, &[(0, false), (last, true)]);
        for (colour, d) in fills {
            let _ = writeln!(out, r#"<path fill="{}" d="{d}"/>"#, escape(colour));
        }
        out.push_str("</g>\n");
    }
    // Walls: those closed throughout as one path, the others grouped by timeline.
    let _ = writeln!(
        out,
        r#"<g fill="none" stroke="{}" stroke-width="{}" stroke-linecap="square" stroke-linejoin="miter">"#,
        escape(&style.walls),
        num(style.wall_width)
    );
    type Group<'t> = (&'t Timeline<bool>, Vec<[Point; 2]>, Vec<crate::scene::WallArc>);
    let mut groups: Vec<Group<'_>> = Vec::new();
    let mut group_of: HashMap<&Timeline<bool>, usize> = HashMap::new();
    for (slot, line) in wall_lines.iter().enumerate() {
        if line.len() == 1 && !line[0].1 {
            continue; // open throughout
        }
        let (c, d) = walls[slot];
        let segment = shape.wall_segment(c, d);
        let g = *group_of.entry(line).or_insert_with(|| {
            groups.push((line, Vec::new(), Vec::new()));
            groups.len() - 1
        });
        match shape.wall_arc(c, d) {
            Some(centre) => groups[g].2.push(crate::scene::arc_between(centre, segment)),
            None => groups[g].1.push(segment),
        }
    }
    for (line, segments, arcs) in groups {
        let mut d = wall_path(&merge_segments(segments), k, m);
        crate::svg::arc_path(&mut d, &crate::scene::merge_arcs(arcs), k, m);
        if line.len() == 1 {
            let _ = writeln!(out, r#"<path d="{d}"/>"#);
        } else {
            let shown = line.last().is_some_and(|&(_, v)| v);
            let _ =
                write!(out, r#"<path visibility="{}" d="{d}">"#, if shown { "visible" } else { "hidden" });
            timing.visibility(&mut out, line);
            out.push_str("</path>\n");
        }
    }
    out.push_str("</g>\n");
    // The solution line, on the last frame.
    for piece in end_scene.path.iter().filter(|p| p.len() > 1) {
        let mut pts = String::new();
        for (i, &p) in piece.iter().enumerate() {
            if i > 0 {
                pts.push(' ');
            }
            push_num(&mut pts, m + p.x * k);
            pts.push(',');
            push_num(&mut pts, m + p.y * k);
        }
        let _ = write!(
            out,
            r#"<polyline fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" points="{pts}">"#,
            escape(&style.path),
            num((k * 0.25).max(style.wall_width))
        );
        timing.visibility(&mut out, &[(0, false), (last, true)]);
        out.push_str("</polyline>\n");
    }
    // Start and end dots: the first maze's until the last frame, then the last maze's.
    if options.markers {
        let first_scene = scene(rec.start, &Overlay::default());
        // Ringed in the background's colour when the last frame draws the solution line (a
        // stroke centred on the edge of a circle grown by half of it, outside the dot).
        let ring = ring(&end_scene) * k;
        let radius = num(end_scene.cell * k * style.dot / 2.0 + ring / 2.0);
        let ringed = if ring > 0.0 {
            format!(r#" stroke="{}" stroke-width="{}""#, escape(&style.background), num(ring))
        } else {
            String::new()
        };
        let dot = |out: &mut String, p: Point, marker: Marker, line: Option<&[(u16, bool)]>| {
            let colour = if marker == Marker::Start { &style.start } else { &style.end };
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{radius}" fill="{}"{ringed}"#,
                num(m + p.x * k),
                num(m + p.y * k),
                escape(colour)
            );
            match line {
                None => out.push_str("/>\n"),
                Some(line) => {
                    let shown = line.last().is_some_and(|&(_, v)| v);
                    let _ = write!(out, r#" visibility="{}">"#, if shown { "visible" } else { "hidden" });
                    timing.visibility(out, line);
                    out.push_str("</circle>\n");
                }
            }
        };
        if first_scene.markers == end_scene.markers {
            for &(p, marker) in &end_scene.markers {
                dot(&mut out, p, marker, None);
            }
        } else {
            for &(p, marker) in &first_scene.markers {
                dot(&mut out, p, marker, Some(&[(0, true), (last, false)]));
            }
            for &(p, marker) in &end_scene.markers {
                dot(&mut out, p, marker, Some(&[(0, false), (last, true)]));
            }
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// Appends a closed polygon to a path's `d`, with H and V for horizontal and vertical edges.
fn push_polygon(d: &mut String, points: &[Point], k: f64, m: f64) {
    let mut last: Option<Point> = None;
    for &p in points {
        let (x, y) = (m + p.x * k, m + p.y * k);
        match last {
            None => {
                d.push('M');
                push_num(d, x);
                d.push(' ');
                push_num(d, y);
            }
            Some(l) if (l.y - y).abs() < 1e-9 => {
                d.push('H');
                push_num(d, x);
            }
            Some(l) if (l.x - x).abs() < 1e-9 => {
                d.push('V');
                push_num(d, y);
            }
            Some(_) => {
                d.push('L');
                push_num(d, x);
                d.push(' ');
                push_num(d, y);
            }
        }
        last = Some(Point { x, y });
    }
    d.push('Z');
}

/// Frame start times, for SMIL `keyTimes`.
struct SmilTiming {
    /// When each frame starts, in milliseconds.
    starts: Vec<u64>,
    /// The length of one play, in milliseconds.
    total: u64,
    repeat: bool,
}

impl SmilTiming {
    /// Appends an `<animate>` of `visibility` through `(frame, visible)` changes (the first
    /// at frame 0).
    fn visibility(&self, out: &mut String, line: &[(u16, bool)]) {
        out.push_str(r#"<animate attributeName="visibility" calcMode="discrete" values=""#);
        for (i, &(_, v)) in line.iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            out.push_str(if v { "visible" } else { "hidden" });
        }
        out.push_str(r#"" keyTimes=""#);
        for (i, &(frame, _)) in line.iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            let at = self.starts.get(usize::from(frame)).copied().unwrap_or(0);
            push_fraction(out, at, self.total.max(1));
        }
        let _ = write!(out, r#"" dur="{}ms""#, self.total.max(1));
        out.push_str(if self.repeat { r#" repeatCount="indefinite"/>"# } else { r#" fill="freeze"/>"# });
    }
}

/// Appends `num / den` (at most 1) with up to six decimals, no trailing zeros.
fn push_fraction(out: &mut String, num: u64, den: u64) {
    let micro = (u128::from(num) * 1_000_000 / u128::from(den)).min(1_000_000) as u64;
    if micro == 1_000_000 {
        out.push('1');
        return;
    }
    if micro == 0 {
        out.push('0');
        return;
    }
    let digits = format!("{micro:06}");
    out.push_str("0.");
    out.push_str(digits.trim_end_matches('0'));
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_core::Square;

    #[test]
    fn schedule_spreads_events_evenly_within_the_budget() {
        assert!(schedule(0, 10).is_empty());
        assert_eq!(schedule(3, 10), vec![1, 2, 3]);
        assert!(schedule(5, 2).is_empty());
        let s = schedule(1000, 12);
        assert_eq!(s.len(), 10);
        assert_eq!(*s.last().expect("frames"), 1000);
        assert!(s.windows(2).all(|w| w[1] - w[0] == 100));
        let s = schedule(7, 5);
        assert_eq!(s, vec![3, 5, 7]);
        assert_eq!(schedule(usize::MAX, 4).last().copied(), Some(usize::MAX));
    }

    #[test]
    fn delays_keep_the_total_and_the_minimum() {
        let o = Animation { timing: Timing::Total(1000), hold_ms: 500, ..Animation::default() };
        let d = delays(3, &o);
        assert_eq!(d.iter().sum::<u32>(), 1500);
        assert_eq!(d[2], 334 + 500);
        let fast = Animation { timing: Timing::Total(10), hold_ms: 0, ..Animation::default() };
        assert!(delays(100, &fast).iter().all(|&d| d == MIN_DELAY_MS));
        let cs = centiseconds(&[25, 25, 25, 25]);
        assert_eq!(cs.iter().map(|&c| u32::from(c)).sum::<u32>(), 10);
        assert!(cs.iter().all(|&c| c >= 2));
    }

    #[test]
    fn fractions_are_short() {
        let f = |a, b| {
            let mut s = String::new();
            push_fraction(&mut s, a, b);
            s
        };
        assert_eq!(f(0, 7), "0");
        assert_eq!(f(1, 2), "0.5");
        assert_eq!(f(1, 3), "0.333333");
        assert_eq!(f(5, 5), "1");
    }

    #[test]
    fn bad_events_are_ignored_and_highlights_only_rise() {
        let maze = Maze::new(Square::new(2, 2));
        let mut p = Player::new(&maze);
        p.apply(Event::Carve(CellId(99), 0));
        p.apply(Event::Carve(CellId(0), 200));
        p.apply(Event::Visit(CellId(7)));
        assert_eq!(p.maze().passages(), maze.passages());
        p.apply(Event::Backtrack(CellId(1)));
        p.apply(Event::Visit(CellId(1)));
        assert_eq!(p.highlights()[1], Highlight::Backtracked);
        assert_eq!(p.current(), Some(CellId(1)));
    }

    /// A wall adder's animation (quad or recursive division) starts on the open field it
    /// builds walls in: its leading reset is shown as the first frame, exactly as if the
    /// recording had started open.
    #[test]
    fn the_first_frame_is_the_field_after_the_leading_reset() {
        use maze_core::{Algorithm, Options, Trace, Xoshiro};
        let closed = Maze::new(Square::new(6, 6));
        let mut end = closed.clone();
        let mut trace = Trace::with_limit(usize::MAX);
        Algorithm::QuadDivision
            .generate(&mut end, &Options::default(), &mut Xoshiro::seed_from_u64(4), &mut trace)
            .expect("quad division");
        assert_eq!(trace.events[0], Event::Reset { open: true });
        let mut open = closed.clone();
        open.open_all_inner();
        let style = Style::default();
        let options = Animation { frames: 8, ..Animation::default() };
        let given = Recording { start: &closed, events: &trace.events, end: &end, solution: None };
        let opened = Recording { start: &open, events: &trace.events[1..], end: &end, solution: None };
        let svg = animated_svg(&given, &style, &options).expect("svg");
        assert_eq!(svg, animated_svg(&opened, &style, &options).expect("svg"));
        assert_eq!(gif(&given, &style, &options).expect("gif"), gif(&opened, &style, &options).expect("gif"));
        // A recording without a leading reset is shown as given.
        assert!(matches!(opening(opened.start, opened.events), (Cow::Borrowed(_), 0)));
    }

    #[test]
    fn budgets_and_sizes_are_checked() {
        let s = Square::new(10, 10);
        let style = Style { cell_size: 8.0, margin: 4.0, ..Style::default() };
        assert!(check_gif_size(&s, &style, 1).is_err());
        assert!(check_gif_size(&s, &style, MAX_FRAMES + 1).is_err());
        assert_eq!(check_gif_size(&s, &style, 2).ok(), Some((88, 88)));
        let big = Square::new(1000, 1000);
        let err = check_gif_size(&big, &style, 200).expect_err("too many pixel-frames");
        assert!(err.to_string().contains("--frames"), "{err}");
        let frames = |n| Animation { frames: n, ..Animation::default() };
        assert!(check_svg_size(&big, &frames(10)).is_err());
        let zones = Animation { zones: true, ..frames(10) };
        assert!(check_svg_size(&Square::new(200, 200), &zones).is_ok());
        assert!(check_svg_size(&Square::new(201, 200), &zones).is_err());
        assert!(check_svg_size(&Square::new(201, 200), &frames(10)).is_ok());
    }

    /// Document 000's zones, followed through a Kruskal run: every cell starts alone in its
    /// own zone; each passage joins two zones into one that keeps the larger one's label;
    /// at the end one zone is left.
    #[test]
    fn zones_merge_one_passage_at_a_time_and_the_larger_keeps_its_label() {
        use maze_core::{Algorithm, Options, Trace, Xoshiro};
        let shape = Square::new(9, 7);
        let start = Maze::new(shape);
        let mut maze = start.clone();
        let mut trace = Trace::with_limit(usize::MAX);
        Algorithm::Kruskal
            .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(4), &mut trace)
            .expect("kruskal");
        let mut p = Player::with_zones(&start);
        let labels =
            |p: &mut Player<Square>| (0..63).map(|c| p.zone(CellId(c)).expect("zones")).collect::<Vec<_>>();
        let mut before = labels(&mut p);
        assert_eq!(before, (0..63).collect::<Vec<_>>(), "each cell is its own zone, labelled by its id");
        let mut carves = 0;
        for &e in &trace.events {
            p.apply(e);
            let Event::Carve(c, d) = e else { continue };
            carves += 1;
            let after = labels(&mut p);
            let b = shape.neighbour(c, maze_core::SquareDoor::from_index(d)).expect("inner door");
            let (la, lb) = (before[c.index()], before[b.index()]);
            assert_ne!(la, lb, "Kruskal only opens walls between two zones");
            let size = |l: u32| before.iter().filter(|&&x| x == l).count();
            let keep = if size(la) > size(lb) || (size(la) == size(lb) && la < lb) { la } else { lb };
            for (x, (&old, &new)) in before.iter().zip(&after).enumerate() {
                let want = if old == la || old == lb { keep } else { old };
                assert_eq!(new, want, "cell {x} after carving {c:?}");
            }
            before = after;
        }
        assert_eq!(carves, 62);
        assert!(before.iter().all(|&l| l == before[0]), "one zone at the end");
        // Without zones, nothing is followed.
        assert_eq!(Player::new(&start).zone(CellId(0)), None);
    }

    /// Walls split zones: the part holding the lowest cell keeps the label, the other gets a
    /// new one; closing every wall leaves each cell alone, with distinct labels.
    #[test]
    fn zones_are_found_again_after_walls_are_built() {
        let shape = Square::new(3, 1);
        let mut open = Maze::new(shape);
        open.open_all_inner();
        let mut p = Player::with_zones(&open);
        assert!((0..3).all(|c| p.zone(CellId(c)) == Some(0)));
        p.apply(Event::Wall(CellId(1), maze_core::SquareDoor::East.index()));
        let got: Vec<_> = (0..3).map(|c| p.zone(CellId(c)).expect("zones")).collect();
        assert_eq!(got[0], got[1], "cells 0 and 1 still joined");
        assert_eq!(got[0], 0, "the part holding the lowest cell keeps the label");
        assert_ne!(got[2], got[0], "cell 2 is a new zone");
        p.apply(Event::Reset { open: false });
        let got: Vec<_> = (0..3).map(|c| p.zone(CellId(c)).expect("zones")).collect();
        assert!(got[0] != got[1] && got[1] != got[2] && got[0] != got[2], "{got:?}");
    }

    #[test]
    fn zone_colours_are_distinct_and_light() {
        let all: std::collections::HashSet<_> = (0..ZONE_COLOURS).map(|i| zone_colour(i).hex()).collect();
        assert_eq!(all.len(), ZONE_COLOURS as usize);
        for i in 0..ZONE_COLOURS {
            let c = zone_colour(i);
            let luma = 0.299 * f64::from(c.r) + 0.587 * f64::from(c.g) + 0.114 * f64::from(c.b);
            assert!(luma > 100.0, "zone colour {i} {} is too dark for black walls", c.hex());
        }
        assert!((0..1000).all(|l| zone_index(l) < ZONE_COLOURS));
    }
}
