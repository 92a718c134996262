//! Hexagonal cells, document 000's "beehive": pointy-top hexagons in offset rows.
//!
//! Cell `(x, y)` has id `y * width + x`, row 0 at the top; odd rows are shifted half a cell to
//! the right. Doors, clockwise: north-east, east, south-east, south-west, west, north-west.
//! Each cell owns its east, south-east and south-west walls (`3 * id + 0..3`); the walls of
//! the west, north-west and north-east sides that face the outside come after those.

use super::{CellId, Door, DoorSet, FastDiv, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId};

/// The doors whose walls a hexagon owns, and the doors facing them (see
/// [`six_door_wall`](super::six_door_wall)), for [`Hex`] and its wrapped form.
pub(crate) const HEX_WALLS: ([HexDoor; 3], [HexDoor; 3]) = (
    [HexDoor::East, HexDoor::SouthEast, HexDoor::SouthWest],
    [HexDoor::West, HexDoor::NorthWest, HexDoor::NorthEast],
);

/// A door of a hexagonal cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexDoor {
    /// Up and to the right.
    NorthEast = 0,
    /// To the right.
    East = 1,
    /// Down and to the right.
    SouthEast = 2,
    /// Down and to the left.
    SouthWest = 3,
    /// To the left.
    West = 4,
    /// Up and to the left.
    NorthWest = 5,
}

const HEX_DOORS: [HexDoor; 6] = [
    HexDoor::NorthEast,
    HexDoor::East,
    HexDoor::SouthEast,
    HexDoor::SouthWest,
    HexDoor::West,
    HexDoor::NorthWest,
];

impl Door for HexDoor {
    const COUNT: u8 = 6;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        HEX_DOORS[i as usize]
    }
    fn name(self) -> &'static str {
        ["north-east", "east", "south-east", "south-west", "west", "north-west"][self as usize]
    }
}

/// Vertical distance between row centres, in units of the hexagon's width.
pub const HEX_ROW_STEP: f64 = 0.866_025_403_784_438_6;

/// The corners of the pointy-top hexagon one unit wide centred on `c`: the top, then
/// clockwise, so the wall behind door i runs from corner i to corner i + 1.
pub(crate) fn outline_around(c: Point) -> Outline {
    let r = 1.0 / 3f64.sqrt();
    Outline::new(&[
        Point { x: c.x, y: c.y - r },
        Point { x: c.x + 0.5, y: c.y - r / 2.0 },
        Point { x: c.x + 0.5, y: c.y + r / 2.0 },
        Point { x: c.x, y: c.y + r },
        Point { x: c.x - 0.5, y: c.y + r / 2.0 },
        Point { x: c.x - 0.5, y: c.y - r / 2.0 },
    ])
}

/// A `width` × `height` block of hexagons in offset rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex {
    width: u32,
    height: u32,
    columns: FastDiv,
}

impl Hex {
    /// A block of hexagons; both sizes at least 1 (checked by the registry).
    ///
    /// # Panics
    /// Panics on a zero or overflowing size.
    pub fn new(width: u32, height: u32) -> Self {
        assert!(width > 0 && height > 0, "hex grid must not be empty");
        assert!(width.checked_mul(height).is_some_and(|n| n < u32::MAX / 2), "hex grid too large");
        Hex { width, height, columns: FastDiv::new(width) }
    }

    /// Cells per row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Column and row of a cell.
    #[inline]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        let (y, x) = self.columns.div_rem(cell.0);
        (x, y)
    }

    #[inline]
    fn at(&self, x: i64, y: i64) -> Option<CellId> {
        (x >= 0 && y >= 0 && x < i64::from(self.width) && y < i64::from(self.height))
            .then(|| CellId((y * i64::from(self.width) + x) as u32))
    }
}

impl Shape for Hex {
    type Door = HexDoor;
    type Cursor = super::CellCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn doors(&self, _cell: CellId) -> DoorSet<HexDoor> {
        DoorSet::from_bits(0b11_1111)
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: HexDoor) -> Option<CellId> {
        let (x, y) = self.xy(cell);
        let (x, y) = (i64::from(x), i64::from(y));
        let odd = y & 1;
        match door {
            HexDoor::East => self.at(x + 1, y),
            HexDoor::West => self.at(x - 1, y),
            HexDoor::NorthEast => self.at(x + odd, y - 1),
            HexDoor::NorthWest => self.at(x + odd - 1, y - 1),
            HexDoor::SouthEast => self.at(x + odd, y + 1),
            HexDoor::SouthWest => self.at(x + odd - 1, y + 1),
        }
    }

    #[inline]
    fn opposite(&self, _cell: CellId, door: HexDoor) -> HexDoor {
        HEX_DOORS[(door as usize + 3) % 6]
    }

    #[inline]
    fn wall(&self, cell: CellId, door: HexDoor) -> WallId {
        // A cell owns its east, south-east and south-west walls.
        super::six_door_wall(cell, door, HEX_WALLS, || self.neighbour(cell, door), self.cell_count())
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        6 * u64::from(self.cell_count())
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec::plain(ShapeKind::Hex, self.width, self.height)
    }

    fn text_grid(&self) -> Option<super::TextGrid<HexDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::hex(self.width, self.height)))
    }

    fn extent(&self) -> Point {
        let radius = 1.0 / 3f64.sqrt();
        let shift = if self.height > 1 { 0.5 } else { 0.0 };
        Point {
            x: f64::from(self.width) + shift,
            y: 2.0 * radius + f64::from(self.height - 1) * HEX_ROW_STEP,
        }
    }

    fn outline(&self, cell: CellId) -> Outline {
        outline_around(self.centre(cell))
    }

    fn wall_segment(&self, cell: CellId, door: HexDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let p = o.points();
        let i = door as usize;
        [p[i], p[(i + 1) % 6]]
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        let shift = if y % 2 == 1 { 0.5 } else { 0.0 };
        let radius = 1.0 / 3f64.sqrt();
        Point { x: f64::from(x) + 0.5 + shift, y: radius + f64::from(y) * HEX_ROW_STEP }
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        // Offset ("odd-r") to axial coordinates, then the hex distance.
        let axial = |c: CellId| {
            let (x, y) = self.xy(c);
            let (x, y) = (i64::from(x), i64::from(y));
            (x - (y - (y & 1)) / 2, y)
        };
        let (aq, ar) = axial(a);
        let (bq, br) = axial(b);
        let (dq, dr) = (aq - bq, ar - br);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}
