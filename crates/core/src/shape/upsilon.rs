//! "Upsilon" mazes: the octagon-and-square tiling (truncated square tiling, 4.8.8).
//!
//! Cell `(x, y)` has id `y * width + x`, row 0 at the top. Cells where `x + y` is even are
//! octagons with eight doors (the four compass sides to squares, the four diagonals to other
//! octagons); the others are small squares with the four compass doors. Doors are numbered
//! clockwise from north. Cell centres sit on a unit grid, so an octagon's apothem is √2 / 2
//! and a square's side is 2 − √2.
//!
//! Walls are numbered on the grid padded by one cell on each side: each padded position owns
//! its east, south-east, south and south-west walls (`4 * padded_id + 0..4`), so boundary
//! walls need no special case. That is four bits per cell, twice the square grid's two.

use crate::random::{Pool, Random};

use super::{
    Adjacent, CellId, Cursor, Door, DoorSet, FastDiv, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId,
};

/// A door of an upsilon cell, clockwise from north (squares use only the four compass doors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UpsilonDoor {
    /// Towards row y − 1.
    North = 0,
    /// Diagonally up and right (octagons only).
    NorthEast = 1,
    /// Towards column x + 1.
    East = 2,
    /// Diagonally down and right (octagons only).
    SouthEast = 3,
    /// Towards row y + 1.
    South = 4,
    /// Diagonally down and left (octagons only).
    SouthWest = 5,
    /// Towards column x − 1.
    West = 6,
    /// Diagonally up and left (octagons only).
    NorthWest = 7,
}

const DOORS: [UpsilonDoor; 8] = [
    UpsilonDoor::North,
    UpsilonDoor::NorthEast,
    UpsilonDoor::East,
    UpsilonDoor::SouthEast,
    UpsilonDoor::South,
    UpsilonDoor::SouthWest,
    UpsilonDoor::West,
    UpsilonDoor::NorthWest,
];

/// Column and row steps of each door.
const STEP: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

impl Door for UpsilonDoor {
    const COUNT: u8 = 8;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        DOORS[usize::from(i)]
    }
    fn name(self) -> &'static str {
        ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
            [self as usize]
    }
}

/// The slot (`4 * owner + slot`) of the wall behind each door: east 0, south-east 1, south 2,
/// south-west 3, and the same slots of the neighbour for the opposite doors.
const WALL_SLOT: [u64; 8] = [2, 3, 0, 1, 2, 3, 0, 1];

/// Half the side of an octagon (and of a square): (2 − √2) / 2.
const HALF_SIDE: f64 = 0.292_893_218_813_452_5;
/// An octagon's apothem: √2 / 2.
const APOTHEM: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// A `width` × `height` checkerboard of octagons (even `x + y`) and squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Upsilon {
    width: u32,
    height: u32,
    columns: FastDiv,
    /// Per door: the change of cell id to the neighbour (a wrapping add).
    cell_steps: [u32; 8],
    /// Per door: the wall's id minus four times the cell's padded id (a wrapping add).
    wall_steps: [u64; 8],
    /// Per door: the change of padded id (see [`UpsilonCursor`]).
    padded_steps: [u32; 8],
}

impl Upsilon {
    /// A block of octagons and squares (sizes checked by the registry).
    ///
    /// # Panics
    /// Panics on a zero or overflowing size.
    pub fn new(width: u32, height: u32) -> Self {
        assert!(width > 0 && height > 0, "upsilon grid must not be empty");
        let padded = u64::from(width + 2) * u64::from(height + 2);
        assert!(padded * 4 < 1 << 40 && padded < u64::from(u32::MAX), "upsilon grid too large");
        let pw = i64::from(width) + 2;
        let (mut cell_steps, mut wall_steps, mut padded_steps) = ([0u32; 8], [0u64; 8], [0u32; 8]);
        for (i, &(dx, dy)) in STEP.iter().enumerate() {
            cell_steps[i] = (i64::from(dy) * i64::from(width) + i64::from(dx)) as u32;
            padded_steps[i] = (i64::from(dy) * pw + i64::from(dx)) as u32;
            // The wall's owner on the padded grid: the cell for the east, south-east, south
            // and south-west doors; for the other four, the neighbour (whose wall on the
            // opposite side it is).
            let owner = if (2..=5).contains(&i) { 0 } else { i64::from(dy) * pw + i64::from(dx) };
            wall_steps[i] = (4 * owner) as u64 + WALL_SLOT[i];
        }
        Upsilon { width, height, columns: FastDiv::new(width), cell_steps, wall_steps, padded_steps }
    }

    /// Column and row of a cell.
    #[inline(always)]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        let (y, x) = self.columns.div_rem(cell.0);
        (x, y)
    }

    /// Whether the cell is an octagon.
    #[inline(always)]
    pub fn is_octagon(&self, cell: CellId) -> bool {
        let (x, y) = self.xy(cell);
        (x + y) % 2 == 0
    }

    #[inline(always)]
    fn step(&self, x: u32, y: u32, door: UpsilonDoor) -> Option<(u32, u32)> {
        let (dx, dy) = STEP[door as usize];
        let nx = x.checked_add_signed(dx)?;
        let ny = y.checked_add_signed(dy)?;
        (nx < self.width && ny < self.height).then_some((nx, ny))
    }

    /// The neighbours of cell `id` at column `x` (an octagon if `octagon`), whose id on the
    /// padded grid is `padded`, found without branching: every slot is written (by table
    /// offsets), then the doors that exist are named at once.
    #[inline(always)]
    fn adjacent_at(&self, id: u32, x: u32, octagon: bool, padded: u32) -> Adjacent<UpsilonDoor> {
        let bits = self.inner_bits(id, x, octagon);
        let walls = 4 * u64::from(padded);
        let mut adj = Adjacent::default();
        for (i, &door) in DOORS.iter().enumerate() {
            // Missing doors lead back to the cell itself, so every slot is a cell id.
            let cell = if bits >> i & 1 == 1 { id.wrapping_add(self.cell_steps[i]) } else { id };
            adj.put(door, CellId(cell), WallId(walls.wrapping_add(self.wall_steps[i])));
        }
        adj.with_doors(DoorSet::from_bits(bits))
    }

    /// The id of column `x`, row `y` on the grid padded by one cell on each side (the
    /// numbering of the walls, see the module docs).
    #[inline(always)]
    fn padded(&self, x: u32, y: u32) -> u32 {
        (y + 1) * (self.width + 2) + x + 1
    }

    /// The inner doors of cell `id` at column `x`, as a bit mask (the row's bounds are read
    /// from the id, so no row is needed).
    #[inline(always)]
    fn inner_bits(&self, id: u32, x: u32, octagon: bool) -> u16 {
        let (n, e, s, w) = (
            u16::from(id >= self.width),
            u16::from(x + 1 < self.width),
            u16::from(id < self.cell_count() - self.width),
            u16::from(x > 0),
        );
        let oct = u16::from(octagon);
        n | (oct & n & e) << 1
            | e << 2
            | (oct & s & e) << 3
            | s << 4
            | (oct & s & w) << 5
            | w << 6
            | (oct & n & w) << 7
    }

    #[inline(always)]
    fn door_bits(x: u32, y: u32) -> u16 {
        if (x + y) % 2 == 0 { 0xff } else { 0b0101_0101 }
    }
}

impl Shape for Upsilon {
    type Door = UpsilonDoor;
    type Cursor = UpsilonCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn doors(&self, cell: CellId) -> DoorSet<UpsilonDoor> {
        let (x, y) = self.xy(cell);
        DoorSet::from_bits(Self::door_bits(x, y))
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: UpsilonDoor) -> Option<CellId> {
        let (x, y) = self.xy(cell);
        if Self::door_bits(x, y) & (1 << door as u8) == 0 {
            return None;
        }
        self.step(x, y, door).map(|(nx, ny)| CellId(ny * self.width + nx))
    }

    #[inline]
    fn adjacent(&self, cell: CellId) -> Adjacent<UpsilonDoor> {
        let (x, y) = self.xy(cell);
        self.adjacent_at(cell.0, x, (x + y) % 2 == 0, self.padded(x, y))
    }

    #[inline]
    fn opposite(&self, _cell: CellId, door: UpsilonDoor) -> UpsilonDoor {
        DOORS[(door as usize + 4) & 7]
    }

    #[inline]
    fn wall(&self, cell: CellId, door: UpsilonDoor) -> WallId {
        let (x, y) = self.xy(cell);
        WallId((4 * u64::from(self.padded(x, y))).wrapping_add(self.wall_steps[door as usize]))
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        4 * u64::from(self.width + 2) * u64::from(self.height + 2)
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        Point { x: f64::from(x) + APOTHEM, y: f64::from(y) + APOTHEM }
    }

    fn extent(&self) -> Point {
        Point { x: f64::from(self.width - 1) + 2.0 * APOTHEM, y: f64::from(self.height - 1) + 2.0 * APOTHEM }
    }

    fn outline(&self, cell: CellId) -> Outline {
        let c = self.centre(cell);
        let p = |dx: f64, dy: f64| Point { x: c.x + dx, y: c.y + dy };
        let (a, h) = (APOTHEM, HALF_SIDE);
        if self.is_octagon(cell) {
            // Clockwise from the north side's left end.
            Outline::new(&[p(-h, -a), p(h, -a), p(a, -h), p(a, h), p(h, a), p(-h, a), p(-a, h), p(-a, -h)])
        } else {
            Outline::new(&[p(-h, -h), p(h, -h), p(h, h), p(-h, h)])
        }
    }

    fn wall_segment(&self, cell: CellId, door: UpsilonDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let pts = o.points();
        let i = if self.is_octagon(cell) { door as usize } else { door as usize / 2 };
        [pts[i], pts[(i + 1) % pts.len()]]
    }

    fn door_steps(&self) -> Option<[u32; 16]> {
        let mut steps = [0u32; 16];
        steps[..8].copy_from_slice(&self.cell_steps);
        Some(steps)
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec::plain(ShapeKind::Upsilon, self.width, self.height)
    }

    /// A step moves at most one column and one row (octagons move diagonally).
    #[inline]
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        ax.abs_diff(bx).max(ay.abs_diff(by))
    }
}

/// An upsilon cell with its column, whether it is an octagon, and its id on the padded grid
/// of the walls: neighbours and walls by table offsets, with no division or product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpsilonCursor {
    id: u32,
    /// The column, with bit 31 set on octagons.
    x_octagon: u32,
    padded: u32,
}

/// Bit 31 of [`UpsilonCursor::x_octagon`].
const OCTAGON: u32 = 1 << 31;

impl UpsilonCursor {
    #[inline(always)]
    fn x(self) -> u32 {
        self.x_octagon & !OCTAGON
    }

    #[inline(always)]
    fn octagon(self) -> bool {
        self.x_octagon & OCTAGON != 0
    }
}

impl Cursor<Upsilon> for UpsilonCursor {
    #[inline(always)]
    fn at(shape: &Upsilon, cell: CellId) -> Self {
        let (x, y) = shape.xy(cell);
        let octagon = if (x + y) % 2 == 0 { OCTAGON } else { 0 };
        UpsilonCursor { id: cell.0, x_octagon: x | octagon, padded: shape.padded(x, y) }
    }

    #[inline(always)]
    fn cell(self) -> CellId {
        CellId(self.id)
    }

    #[inline(always)]
    fn adjacent(self, shape: &Upsilon) -> Adjacent<UpsilonDoor> {
        shape.adjacent_at(self.id, self.x(), self.octagon(), self.padded)
    }

    #[inline(always)]
    fn wall(self, shape: &Upsilon, _adj: &Adjacent<UpsilonDoor>, door: UpsilonDoor) -> WallId {
        WallId((4 * u64::from(self.padded)).wrapping_add(shape.wall_steps[door as usize]))
    }

    #[inline(always)]
    fn through(self, shape: &Upsilon, door: UpsilonDoor, to: CellId) -> Self {
        let d = door as usize;
        // The column moves by the door's step (a wrapping add that stays below bit 31, as
        // the column stays in the grid); a compass door (even index) crosses between an
        // octagon and a square, a diagonal one joins two octagons.
        let flip = if d % 2 == 0 { OCTAGON } else { 0 };
        UpsilonCursor {
            id: to.0,
            x_octagon: self.x_octagon.wrapping_add_signed(STEP[d].0) ^ flip,
            padded: self.padded.wrapping_add(shape.padded_steps[d]),
        }
    }

    /// The default's draws, without filling a whole [`Adjacent`]: the doors' mask, the
    /// choice, then the move by table.
    #[inline(always)]
    fn random_step<R: Random + ?Sized>(
        &mut self,
        shape: &Upsilon,
        pool: &mut Pool,
        rng: &mut R,
    ) -> Option<UpsilonDoor> {
        let bits = shape.inner_bits(self.id, self.x(), self.octagon());
        let d = DoorSet::<UpsilonDoor>::from_bits(bits).choose_pooled(pool, rng)?;
        *self = self.through(shape, d, CellId(self.id.wrapping_add(shape.cell_steps[d as usize])));
        Some(d)
    }
}
