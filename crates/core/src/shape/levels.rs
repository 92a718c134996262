//! Multi-level mazes: `levels` copies of a flat shape stacked one above the other, each cell
//! with a stair up to the same cell of the level above and down to the level below
//! (`--levels L`).
//!
//! Cell ids run level by level: cell `b` of level `l` is `l * base_cells + b`. Doors are the
//! base shape's, then [`LevelDoor::up`] and [`LevelDoor::down`] (a cell of the top level has
//! no up door, one of the bottom level no down door, so the outer wall stays the base
//! shape's). Walls: each level's base walls in turn (`l * base_walls + w`), then the stairs
//! between level `l` and `l + 1` (`levels * base_walls + l * base_cells + b`).
//!
//! Pictures draw the levels side by side, left to right from the bottom level, a gap of
//! [`LEVEL_GAP`] apart; stairs are [`DoorKind::Stair`], never drawn as walls. The maze
//! starts on the bottom level and ends on the top one.

use std::marker::PhantomData;

use super::{Adjacent, CellId, Door, DoorKind, DoorSet, Point, Shape, ShapeSpec, WallId};

/// The horizontal gap between two levels' drawings, in cell units.
pub const LEVEL_GAP: f64 = 1.0;

/// The most levels a maze may have.
pub const MAX_LEVELS: u32 = 64;

/// A door of a multi-level cell: one of the base shape's doors, or a stair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelDoor<D> {
    index: u8,
    _door: PhantomData<D>,
}

impl<D: Door> LevelDoor<D> {
    /// The base shape's door `d`, on the same level.
    #[inline]
    pub fn plane(d: D) -> Self {
        LevelDoor { index: d.index(), _door: PhantomData }
    }

    /// The stair to the level above.
    #[inline]
    pub fn up() -> Self {
        LevelDoor { index: D::COUNT, _door: PhantomData }
    }

    /// The stair to the level below.
    #[inline]
    pub fn down() -> Self {
        LevelDoor { index: D::COUNT + 1, _door: PhantomData }
    }

    /// The base door, or `None` for a stair.
    #[inline]
    pub fn base(self) -> Option<D> {
        (self.index < D::COUNT).then(|| D::from_index(self.index))
    }
}

impl<D: Door> Door for LevelDoor<D> {
    const COUNT: u8 = D::COUNT + 2;

    #[inline]
    fn index(self) -> u8 {
        self.index
    }

    #[inline]
    fn from_index(i: u8) -> Self {
        assert!(i < Self::COUNT, "level door index {i} out of range");
        LevelDoor { index: i, _door: PhantomData }
    }

    fn name(self) -> &'static str {
        match self.base() {
            Some(d) => d.name(),
            None if self.index == D::COUNT => "up",
            None => "down",
        }
    }
}

/// `levels` stacked copies of the shape `S`, joined by stairs.
#[derive(Clone, Debug)]
pub struct Levels<S> {
    base: S,
    levels: u32,
    base_cells: u32,
    base_walls: u64,
    pitch: f64,
}

impl<S: Shape> Levels<S> {
    /// `levels` copies of `base` (at least 1). The registry checks the sizes first.
    ///
    /// # Panics
    /// Panics if `levels` is 0 or the cells overflow a `u32`.
    pub fn new(base: S, levels: u32) -> Self {
        assert!(levels >= 1, "a maze has at least one level");
        let base_cells = base.cell_count();
        assert!(base_cells.checked_mul(levels).is_some_and(|n| n < u32::MAX), "too many cells");
        let base_walls = base.wall_count();
        let pitch = base.extent().x + LEVEL_GAP;
        Levels { base, levels, base_cells, base_walls, pitch }
    }

    /// The shape of one level.
    pub fn base(&self) -> &S {
        &self.base
    }

    /// Number of levels.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// The level of `cell` (0 at the bottom) and its cell in the base shape.
    #[inline]
    pub fn split(&self, cell: CellId) -> (u32, CellId) {
        (cell.0 / self.base_cells, CellId(cell.0 % self.base_cells))
    }

    /// The cell of level `level` above base cell `b`.
    #[inline]
    pub fn lift(&self, level: u32, b: CellId) -> CellId {
        CellId(level * self.base_cells + b.0)
    }

    fn shift(&self, level: u32, p: Point) -> Point {
        Point { x: p.x + f64::from(level) * self.pitch, y: p.y }
    }

    /// The stair wall between `level` and `level + 1` at base cell `b`.
    fn stair_wall(&self, level: u32, b: CellId) -> WallId {
        WallId(
            u64::from(self.levels) * self.base_walls
                + u64::from(level) * u64::from(self.base_cells)
                + u64::from(b.0),
        )
    }
}

impl<S: Shape> super::forward::Forward for Levels<S> {
    type Inner = S;

    #[inline(always)]
    fn inner(&self) -> &S {
        &self.base
    }

    #[inline(always)]
    fn inner_cell(&self, cell: CellId) -> CellId {
        self.split(cell).1
    }

    /// The cell on the bottom level.
    #[inline(always)]
    fn lift_cell(&self, cell: CellId) -> Option<CellId> {
        Some(self.lift(0, cell))
    }

    #[inline(always)]
    fn inner_door(door: LevelDoor<S::Door>) -> Option<S::Door> {
        door.base()
    }

    #[inline(always)]
    fn lift_door(door: S::Door) -> LevelDoor<S::Door> {
        LevelDoor::plane(door)
    }

    /// The point moved to the cell's level.
    #[inline(always)]
    fn lift_point(&self, cell: CellId, p: Point) -> Point {
        self.shift(self.split(cell).0, p)
    }
}

/// A cell's geometry is its base cell's, moved to its level; its doors are the base
/// cell's and the stairs, so what involves doors, walls, ends, names and distances
/// across levels is the levels' own.
impl<S: Shape> Shape for Levels<S> {
    type Door = LevelDoor<S::Door>;
    type Cursor = super::CellCursor;

    super::forward::forward_shape!(
        centre,
        outline,
        fill_outline,
        wall_segment,
        wall_arc,
        layer,
        cell_by_coords,
        contains,
        outer_door,
    );

    fn cell_count(&self) -> u32 {
        self.levels * self.base_cells
    }

    fn doors(&self, cell: CellId) -> DoorSet<Self::Door> {
        let (l, b) = self.split(cell);
        let n = S::Door::COUNT;
        let stairs = u16::from(l + 1 < self.levels) << n | u16::from(l > 0) << (n + 1);
        DoorSet::from_bits(self.base.doors(b).bits() | stairs)
    }

    fn neighbour(&self, cell: CellId, door: Self::Door) -> Option<CellId> {
        let (l, b) = self.split(cell);
        match door.base() {
            Some(d) => self.base.neighbour(b, d).map(|n| self.lift(l, n)),
            None if door == LevelDoor::up() => (l + 1 < self.levels).then(|| self.lift(l + 1, b)),
            None => (l > 0).then(|| self.lift(l - 1, b)),
        }
    }

    fn opposite(&self, cell: CellId, door: Self::Door) -> Self::Door {
        let (_, b) = self.split(cell);
        match door.base() {
            Some(d) => LevelDoor::plane(self.base.opposite(b, d)),
            None if door == LevelDoor::up() => LevelDoor::down(),
            None => LevelDoor::up(),
        }
    }

    fn wall(&self, cell: CellId, door: Self::Door) -> WallId {
        let (l, b) = self.split(cell);
        match door.base() {
            Some(d) => WallId(u64::from(l) * self.base_walls + self.base.wall(b, d).0),
            None if door == LevelDoor::up() => self.stair_wall(l, b),
            // A bottom-level cell has no down door; its id is unused but kept in range.
            None => self.stair_wall(l.saturating_sub(1), b),
        }
    }

    fn wall_count(&self) -> u64 {
        u64::from(self.levels) * self.base_walls
            + u64::from(self.levels.max(2) - 1) * u64::from(self.base_cells)
    }

    fn adjacent(&self, cell: CellId) -> Adjacent<Self::Door> {
        let (l, b) = self.split(cell);
        let mut adj = Adjacent::default();
        for (d, n) in self.base.adjacent(b).iter() {
            let door = LevelDoor::plane(d);
            adj.push(door, self.lift(l, n), self.wall(cell, door));
        }
        if l + 1 < self.levels {
            adj.push(LevelDoor::up(), self.lift(l + 1, b), self.stair_wall(l, b));
        }
        if l > 0 {
            adj.push(LevelDoor::down(), self.lift(l - 1, b), self.stair_wall(l - 1, b));
        }
        adj
    }

    fn door_kind(&self, cell: CellId, door: Self::Door) -> DoorKind {
        let (_, b) = self.split(cell);
        match door.base() {
            Some(d) => self.base.door_kind(b, d),
            None => DoorKind::Stair { up: door == LevelDoor::up() },
        }
    }

    fn extent(&self) -> Point {
        let e = self.base.extent();
        Point { x: f64::from(self.levels) * self.pitch - LEVEL_GAP, y: e.y }
    }

    fn plates(&self) -> Vec<[f64; 2]> {
        let width = self.base.extent().x;
        (0..self.levels).map(|l| [f64::from(l) * self.pitch, f64::from(l) * self.pitch + width]).collect()
    }

    fn default_ends(&self) -> (CellId, CellId) {
        let (a, b) = self.base.default_ends();
        (self.lift(0, a), self.lift(self.levels - 1, b))
    }

    fn cell_name(&self, cell: CellId) -> String {
        let (l, b) = self.split(cell);
        format!("{} on level {}", self.base.cell_name(b), l + 1)
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let ((la, ba), (lb, bb)) = (self.split(a), self.split(b));
        self.base.min_steps(ba, bb) + la.abs_diff(lb)
    }

    fn turn(&self, cell: CellId, door: Self::Door, clockwise: bool) -> Self::Door {
        // Round the base doors in the base shape's own order, with the stairs after the
        // last base door (clockwise) or before the first (counter-clockwise).
        let (l, b) = self.split(cell);
        let base_doors = self.base.doors(b);
        let mut ring: Vec<Self::Door> = Vec::with_capacity(usize::from(Self::Door::COUNT));
        if let Some(first) = base_doors.iter().next() {
            let mut d = first;
            loop {
                ring.push(LevelDoor::plane(d));
                d = self.base.turn(b, d, true);
                if d == first || ring.len() > usize::from(S::Door::COUNT) {
                    break;
                }
            }
        }
        if l + 1 < self.levels {
            ring.push(LevelDoor::up());
        }
        if l > 0 {
            ring.push(LevelDoor::down());
        }
        let n = ring.len();
        let i = ring.iter().position(|&d| d == door).unwrap_or(0);
        ring[if clockwise { (i + 1) % n } else { (i + n - 1) % n }]
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec { levels: self.levels, ..self.base.spec() }
    }

    /// The base's picture once per level, side by side, for square and hexagonal (hex and
    /// sigma) cells (whose pictures leave a blank in each cell for the stairs' marks).
    fn text_grid(&self) -> Option<super::TextGrid<Self::Door>> {
        let grid = self.base.text_grid()?;
        let stairs = match &grid.lattice {
            super::TextLattice::Square { crossings, .. } => crossings.is_none(),
            super::TextLattice::Hex { .. } => true,
            super::TextLattice::Sigma { .. } => true,
            super::TextLattice::Triangle { .. } => false,
        };
        if !stairs || grid.levels.is_some() {
            return None;
        }
        let mut grid = grid.map_doors(LevelDoor::plane);
        grid.levels =
            Some(super::TextLevels { count: self.levels, up: LevelDoor::up(), down: LevelDoor::down() });
        Some(grid)
    }
}
