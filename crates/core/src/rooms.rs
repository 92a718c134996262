//! Rooms (dungeons for game makers): rectangles of open floor placed on a square lattice
//! without overlap, the maze grown by any carving generator in the space between them, and
//! each room joined to that maze by one door (a *perfect dungeon*: with every room taken as
//! one place, the rooms and corridors form a tree) or more ([`RoomOptions::extra_doors`]);
//! [`sparsify`] then removes rounds of dead ends, leaving solid rock.
//!
//! A room keeps a ring of corridor cells around it (no room touches another, the border or
//! a masked-out cell), so the corridor cells stay one piece whatever the rooms: every path
//! through a room can go round it along its ring. That is what lets any generator grow one
//! spanning tree over them, and why [`capacity`] counts rooms with a cell of space each.
//!
//! ```
//! use maze_core::{Algorithm, Maze, Square, Xoshiro, rooms};
//! let mut maze = Maze::new(Square::new(40, 30));
//! let options = rooms::RoomOptions { count: 8, ..Default::default() };
//! let placed = rooms::place(maze.shape(), &options, &mut Xoshiro::seed_from_u64(1)).unwrap();
//! rooms::generate_around(&mut maze, placed, Algorithm::Kruskal, &Default::default(), &options,
//!     &mut Xoshiro::seed_from_u64(2), &mut Xoshiro::seed_from_u64(3), &mut ()).unwrap();
//! assert_eq!(maze.rooms.len(), 8);
//! assert!(maze.rooms.iter().all(|r| r.doors.len() == 1));
//! ```

use std::sync::Arc;

use crate::Error;
use crate::generate::{Algorithm, Options};
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{CellId, Door, Erased, Mask, Masked, Shape, SquareDoor};

/// The smallest and largest side of a room asked for when none is given, in cells.
pub const DEFAULT_SIZE: (u32, u32) = (3, 6);

/// Random places tried for each room when none is given ([`RoomOptions::tries`]).
pub const DEFAULT_TRIES: u32 = 100;

/// The most random places tried for one room.
pub const MAX_TRIES: u32 = 1_000_000;

/// A room: a rectangle of cells with every wall inside it open, and its doors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its left column (the lattice's, as cells are named `x,y`).
    pub x: u32,
    /// Its top row.
    pub y: u32,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Its doors: each an open wall between a cell of the room (first) and a corridor cell
    /// outside it (second).
    pub doors: Vec<[CellId; 2]>,
}

impl Room {
    /// Whether the lattice place `(x, y)` is in the room.
    pub fn covers(&self, x: u32, y: u32) -> bool {
        (self.x..self.x + self.width).contains(&x) && (self.y..self.y + self.height).contains(&y)
    }

    /// Its cells: `width * height`.
    pub fn area(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

/// How rooms are placed and joined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomOptions {
    /// How many rooms.
    pub count: u32,
    /// The smallest side of a room, in cells (at least 1).
    pub min: u32,
    /// The largest side (at least `min`).
    pub max: u32,
    /// Random places tried for each room before it is put in a free place found by a scan.
    pub tries: u32,
    /// Each possible door of a room beyond its first is opened with this chance (0 to 1):
    /// 0 makes a perfect dungeon.
    pub extra_doors: f64,
}

impl Default for RoomOptions {
    fn default() -> Self {
        RoomOptions {
            count: 0,
            min: DEFAULT_SIZE.0,
            max: DEFAULT_SIZE.1,
            tries: DEFAULT_TRIES,
            extra_doors: 0.0,
        }
    }
}

/// A square lattice's places, as [`crate::tiles`] reads them from a shape.
struct Lattice<D> {
    width: u32,
    height: u32,
    places: Vec<Option<CellId>>,
    doors: [D; 4],
}

impl<D: Door> Lattice<D> {
    fn of<S: Shape<Door = D>>(shape: &S) -> Option<Self> {
        let (width, height, places, doors) = crate::tiles::square_places(shape)?;
        Some(Lattice { width, height, places, doors })
    }

    fn at(&self, x: u32, y: u32) -> Option<CellId> {
        if x < self.width && y < self.height { self.places[(y * self.width + x) as usize] } else { None }
    }

    /// Whether a `w` x `h` room at `(x, y)` fits: it and the ring around it are cells of
    /// the maze, and none of them is in a room already (`taken`).
    fn fits(&self, taken: &[bool], x: u32, y: u32, w: u32, h: u32) -> bool {
        if x == 0 || y == 0 || x + w >= self.width || y + h >= self.height {
            return false;
        }
        (y - 1..=y + h).all(|py| {
            (x - 1..=x + w).all(|px| {
                let i = (py * self.width + px) as usize;
                self.places[i].is_some() && !taken[i]
            })
        })
    }

    fn take(&self, taken: &mut [bool], room: &Room) {
        for py in room.y..room.y + room.height {
            for px in room.x..room.x + room.width {
                taken[(py * self.width + px) as usize] = true;
            }
        }
    }

    /// Rooms of `side` x `side` put in the first free place of a scan, row by row.
    fn packing(&self, side: u32) -> Vec<Room> {
        let mut taken = vec![false; self.places.len()];
        let mut rooms = Vec::new();
        for y in 1..self.height.saturating_sub(side) {
            for x in 1..self.width.saturating_sub(side) {
                if self.fits(&taken, x, y, side, side) {
                    let room = Room { x, y, width: side, height: side, doors: Vec::new() };
                    self.take(&mut taken, &room);
                    rooms.push(room);
                }
            }
        }
        rooms
    }
}

/// Why rooms are not made on this shape: one line naming it.
pub fn not_roomed(spec: &crate::ShapeSpec) -> String {
    let name = spec.topology_name();
    let what = if name == spec.kind.name() { format!("{name} cells") } else { format!("a {name} maze") };
    format!("rooms are placed on square cells in one flat grid (masks included), not {what}")
}

/// How many rooms of `side` x `side` cells fit on the shape, each with its ring of corridor
/// (a scan putting each in the first free place, row by row: on a whole rectangle of `W` x
/// `H` cells that is `((W - 1) / (side + 1)) * ((H - 1) / (side + 1))`); 0 on a shape that
/// has no rooms.
pub fn capacity<S: Shape>(shape: &S, side: u32) -> u32 {
    Lattice::of(shape).map_or(0, |l| l.packing(side.max(1)).len() as u32)
}

/// Checks `options` against the shape before any work: rooms on square cells only, sides
/// from 1 with the smallest not above the largest, tries from 1 to [`MAX_TRIES`], an extra
/// door chance from 0 to 1, and no more rooms than fit ([`capacity`] at the smallest side).
///
/// # Errors
/// [`Error::Parameter`], one line naming the problem (with the most rooms that fit, or the
/// largest room when not even one does).
pub fn check<S: Shape>(shape: &S, options: &RoomOptions) -> Result<(), Error> {
    let bad = |m: String| Err(Error::Parameter(m));
    let Some(lattice) = Lattice::of(shape) else { return bad(not_roomed(&shape.spec())) };
    let RoomOptions { count, min, max, tries, extra_doors } = *options;
    if min == 0 {
        return bad("a room is at least 1 cell across".into());
    }
    if min > max {
        return bad(format!("the room size {min}-{max} has its smallest side above its largest"));
    }
    if !(1..=MAX_TRIES).contains(&tries) {
        return bad(format!("room tries must be from 1 to {MAX_TRIES}, not {tries}"));
    }
    if !(0.0..=1.0).contains(&extra_doors) {
        return bad(format!("the extra door chance must be from 0 to 1, not {extra_doors}"));
    }
    let fit = lattice.packing(min).len() as u32;
    if count > fit {
        let (w, h) = (lattice.width, lattice.height);
        if fit == 0 {
            let largest = (1..min).rev().find(|&s| !lattice.packing(s).is_empty());
            return bad(match largest {
                Some(s) => format!(
                    "no room of {min}x{min} cells fits in this {w}x{h} maze with corridor round it: the largest that fits is {s}x{s}"
                ),
                None => format!("no room fits in this {w}x{h} maze with corridor round it"),
            });
        }
        return bad(format!(
            "{count} rooms of at least {min}x{min} cells do not fit in this {w}x{h} maze with corridor round each: at most {fit} fit"
        ));
    }
    Ok(())
}

/// Places `options.count` rooms on the shape from `rng`, without overlap, each with a
/// ring of corridor: each room takes sides drawn from `min..=max` and a random place, up
/// to `tries` times; a room none of whose tries fit goes to a random free place of the
/// smallest size found by a scan, and if there is none the rooms are the scan's packing of
/// smallest rooms ([`capacity`], which [`check`] compared the count with). The rooms have no
/// doors yet.
///
/// # Errors
/// As [`check`].
pub fn place<S: Shape, R: Random>(shape: &S, options: &RoomOptions, rng: &mut R) -> Result<Vec<Room>, Error> {
    check(shape, options)?;
    let Some(l) = Lattice::of(shape) else { return Ok(Vec::new()) };
    let RoomOptions { count, min, max, tries, .. } = *options;
    let mut taken = vec![false; l.places.len()];
    let mut rooms: Vec<Room> = Vec::with_capacity(count as usize);
    let side = |rng: &mut R| min + rng.below(u64::from(max - min) + 1) as u32;
    'rooms: for _ in 0..count {
        for _ in 0..tries {
            let (w, h) = (side(rng), side(rng));
            if w + 2 > l.width || h + 2 > l.height {
                continue;
            }
            let x = 1 + rng.below(u64::from(l.width - w - 1)) as u32;
            let y = 1 + rng.below(u64::from(l.height - h - 1)) as u32;
            if l.fits(&taken, x, y, w, h) {
                let room = Room { x, y, width: w, height: h, doors: Vec::new() };
                l.take(&mut taken, &room);
                rooms.push(room);
                continue 'rooms;
            }
        }
        let free: Vec<(u32, u32)> = (1..l.height.saturating_sub(min))
            .flat_map(|y| (1..l.width.saturating_sub(min)).map(move |x| (x, y)))
            .filter(|&(x, y)| l.fits(&taken, x, y, min, min))
            .collect();
        if free.is_empty() {
            let mut packing = l.packing(min);
            rng.shuffle(&mut packing);
            packing.truncate(count as usize);
            return Ok(packing);
        }
        let (x, y) = free[rng.index(free.len())];
        let room = Room { x, y, width: min, height: min, doors: Vec::new() };
        l.take(&mut taken, &room);
        rooms.push(room);
    }
    Ok(rooms)
}

/// Which cells are in a room: a flag per cell of the maze's shape.
pub fn room_cells<S: Shape>(shape: &S, rooms: &[Room]) -> Vec<bool> {
    let mut inside = vec![false; shape.cell_count() as usize];
    if let Some(l) = Lattice::of(shape) {
        for r in rooms {
            for y in r.y..r.y + r.height {
                for x in r.x..r.x + r.width {
                    if let Some(c) = l.at(x, y) {
                        inside[c.index()] = true;
                    }
                }
            }
        }
    }
    inside
}

/// Reports a generator's steps on the corridor shape in the cells of the whole maze.
struct Lift<'a, O: Observer> {
    corridor: &'a Masked<Erased>,
    inner: &'a mut O,
}

impl<O: Observer> Observer for Lift<'_, O> {
    const ACTIVE: bool = O::ACTIVE;

    fn on(&mut self, event: Event) {
        let to = |c: CellId| self.corridor.to_base(c);
        self.inner.on(match event {
            Event::Visit(c) => Event::Visit(to(c)),
            Event::Carve(c, d) => Event::Carve(to(c), d),
            Event::Wall(c, d) => Event::Wall(to(c), d),
            Event::Frontier(c) => Event::Frontier(to(c)),
            Event::Backtrack(c) => Event::Backtrack(to(c)),
            Event::OnPath(c) => Event::OnPath(to(c)),
            Event::Dead(c) => Event::Dead(to(c)),
            e @ Event::Reset { .. } => e,
        });
    }
}

/// Makes `maze` (every wall closed) a dungeon around `rooms` ([`place`]): `algorithm`, a
/// carving generator, grows a perfect maze over the cells outside the rooms (drawing from
/// `rng`); every wall inside each room is opened; each room gets one door to a corridor
/// cell beside it, drawn from `doors`, and each of its other possible doors with the chance
/// `options.extra_doors`. The rooms, with their doors, are kept in [`Maze::rooms`]. The
/// observer hears the generator's steps, then the rooms opened and the doors, in the cells
/// of the maze.
///
/// # Errors
/// [`Error::Unsupported`] for a generator that needs whole rows (it cannot grow around
/// rooms), or a shape without rooms ([`not_roomed`]).
#[allow(clippy::too_many_arguments)]
pub fn generate_around<S: Shape, R: Random, D: Random, O: Observer>(
    maze: &mut Maze<S>,
    rooms: Vec<Room>,
    algorithm: Algorithm,
    generator: &Options,
    options: &RoomOptions,
    doors: &mut D,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    if algorithm.needs_grid() {
        return Err(Error::Unsupported {
            algorithm: algorithm.name(),
            shape: "rooms",
            needs: "a whole grid of rows (use a carving generator: kruskal, wilson, recursive-backtracker, ...)",
        });
    }
    let Some(l) = Lattice::of(maze.shape()) else {
        return Err(Error::Parameter(not_roomed(&maze.shape().spec())));
    };
    let inside = room_cells(maze.shape(), &rooms);
    let n = maze.cell_count();
    if inside.iter().all(|&i| i) {
        return Err(Error::Parameter("the rooms leave no cell for corridors".into()));
    }
    let mask = Mask::from_fn(n, |c| !inside[c as usize]);
    let corridor_shape = Masked::new(Erased::new(maze.shape().clone()), Arc::new(mask));
    let mut corridor = Maze::new(corridor_shape.clone());
    algorithm.generate(
        &mut corridor,
        generator,
        rng,
        &mut Lift { corridor: &corridor_shape, inner: &mut *obs },
    )?;
    *maze.passages_mut() = corridor.passages().clone();
    let [north, east, south, west] =
        [SquareDoor::North, SquareDoor::East, SquareDoor::South, SquareDoor::West]
            .map(|d| l.doors[d.index() as usize]);
    let mut open = |maze: &mut Maze<S>, c: CellId, d: S::Door| {
        maze.carve(c, d);
        obs.on(Event::Carve(c, d.index()));
    };
    let mut rooms = rooms;
    for room in &mut rooms {
        let (x1, y1) = (room.x + room.width, room.y + room.height);
        for y in room.y..y1 {
            for x in room.x..x1 {
                let Some(c) = l.at(x, y) else { continue };
                if x + 1 < x1 {
                    open(maze, c, east);
                }
                if y + 1 < y1 {
                    open(maze, c, south);
                }
            }
        }
        // Every wall of the room's edge to a corridor cell, clockwise from its top left.
        let mut candidates: Vec<(CellId, S::Door, CellId)> = Vec::new();
        let mut side = |x: u32, y: u32, d: S::Door, ox: u32, oy: u32| {
            if let (Some(c), Some(o)) = (l.at(x, y), l.at(ox, oy)) {
                candidates.push((c, d, o));
            }
        };
        for x in room.x..x1 {
            side(x, room.y, north, x, room.y.wrapping_sub(1));
        }
        for y in room.y..y1 {
            side(x1 - 1, y, east, x1, y);
        }
        for x in (room.x..x1).rev() {
            side(x, y1 - 1, south, x, y1);
        }
        for y in (room.y..y1).rev() {
            side(room.x, y, west, room.x.wrapping_sub(1), y);
        }
        if candidates.is_empty() {
            continue;
        }
        let first = doors.index(candidates.len());
        for (i, &(c, d, o)) in candidates.iter().enumerate() {
            if i == first || (options.extra_doors > 0.0 && doors.chance(options.extra_doors)) {
                open(maze, c, d);
                room.doors.push([c, o]);
            }
        }
    }
    maze.rooms = rooms;
    Ok(())
}

/// Removes `rounds` rounds of dead ends from a dungeon's corridors: each round closes the
/// one open wall of every corridor cell (outside the rooms) that has exactly one, leaving it
/// solid rock (a cell with no open wall, which tile grids draw as wall). The rooms, the
/// entrance, the exit and the cells in `keep` (a MultiMaze's dots) are never removed, so
/// everything left stays joined as it was. Returns the cells removed.
pub fn sparsify<S: Shape, O: Observer>(maze: &mut Maze<S>, rounds: u32, keep: &[CellId], obs: &mut O) -> u64 {
    let mut fixed = room_cells(maze.shape(), &maze.rooms);
    for c in keep.iter().chain([&maze.entrance(), &maze.exit()]) {
        if let Some(f) = fixed.get_mut(c.index()) {
            *f = true;
        }
    }
    let mut removed = 0;
    for _ in 0..rounds {
        let dead: Vec<(CellId, S::Door)> = (0..maze.cell_count())
            .map(CellId)
            .filter(|c| !fixed[c.index()])
            .filter_map(|c| {
                let mut open = maze.shape().doors(c).iter().filter(|&d| maze.is_open(c, d));
                let d = open.next()?;
                open.next().is_none().then_some((c, d))
            })
            .collect();
        if dead.is_empty() {
            break;
        }
        for (c, d) in dead {
            // Two dead ends facing each other are a piece of two: the first closes it.
            if maze.is_open(c, d) {
                maze.build_wall(c, d);
                obs.on(Event::Wall(c, d.index()));
            }
            removed += 1;
        }
    }
    removed
}

/// Whether `cell` is solid rock in a dungeon: a maze with rooms, and the cell has no open
/// wall (a dead end [`sparsify`] removed).
pub fn is_rock<S: Shape>(maze: &Maze<S>, cell: CellId) -> bool {
    !maze.rooms.is_empty() && maze.shape().doors(cell).iter().all(|d| !maze.is_open(cell, d))
}

/// Checks rooms read from a file against the maze: each a rectangle of its cells, none
/// overlapping another, and each door an open wall from a cell of the room to one outside.
///
/// # Errors
/// [`Error::Parse`] naming the room (from 1) and what is wrong.
pub fn check_read<S: Shape>(maze: &Maze<S>, rooms: &[Room]) -> Result<(), Error> {
    if rooms.is_empty() {
        return Ok(());
    }
    let bad = |i: usize, why: String| Err(Error::Parse(format!("room {}: {why}", i + 1)));
    let Some(l) = Lattice::of(maze.shape()) else {
        return Err(Error::Parse(not_roomed(&maze.shape().spec())));
    };
    let mut taken = vec![false; l.places.len()];
    for (i, r) in rooms.iter().enumerate() {
        let inside = r.width > 0
            && r.height > 0
            && u64::from(r.x) + u64::from(r.width) <= u64::from(l.width)
            && u64::from(r.y) + u64::from(r.height) <= u64::from(l.height);
        if !inside {
            return bad(
                i,
                format!(
                    "{}x{} at {},{} is not inside the {}x{} grid",
                    r.width, r.height, r.x, r.y, l.width, l.height
                ),
            );
        }
        for y in r.y..r.y + r.height {
            for x in r.x..r.x + r.width {
                let at = (y * l.width + x) as usize;
                if l.places[at].is_none() || taken[at] {
                    return bad(i, format!("its place {x},{y} is no cell of the maze or in another room"));
                }
                taken[at] = true;
            }
        }
    }
    let inside = room_cells(maze.shape(), rooms);
    for (i, r) in rooms.iter().enumerate() {
        for &[a, b] in &r.doors {
            let ok = a.0 < maze.cell_count()
                && b.0 < maze.cell_count()
                && inside[a.index()]
                && !inside[b.index()]
                && maze.connected(a, b);
            if !ok {
                return bad(
                    i,
                    format!("its door [{}, {}] is no open wall from the room to a cell outside", a.0, b.0),
                );
            }
        }
    }
    Ok(())
}

/// Of a dungeon's open cells (those not [`is_rock`]), the share outside its rooms: 1 for a
/// maze without rooms. Time O(cells).
pub fn corridor_share<S: Shape>(maze: &Maze<S>) -> f64 {
    if maze.rooms.is_empty() {
        return 1.0;
    }
    let inside = room_cells(maze.shape(), &maze.rooms);
    let (mut open, mut corridor) = (0u64, 0u64);
    for c in (0..maze.cell_count()).map(CellId) {
        if !is_rock(maze, c) {
            open += 1;
            corridor += u64::from(!inside[c.index()]);
        }
    }
    if open == 0 { 0.0 } else { corridor as f64 / open as f64 }
}
