//! Sigma cells: flat-top hexagons in offset columns (the "sigma" mazes of Walter Pullen's
//! Daedalus), the hexagonal grid of [`Hex`](super::Hex) turned a quarter.
//!
//! Cell `(x, y)` has id `y * width + x`, row 0 at the top; odd columns are shifted half a
//! cell down. Doors, clockwise: north, north-east, south-east, south, south-west,
//! north-west. Each cell owns its south, south-east and north-east walls (`3 * id + 0..3`);
//! the walls of the north, north-west and south-west sides that face the outside come after
//! those. Neighbouring centres are one unit apart (a hexagon is one unit from flat top to
//! flat bottom), so columns are `√3 / 2` apart.

use super::hex::HEX_ROW_STEP;
use super::{CellId, Door, DoorSet, FastDiv, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId};

/// The doors whose walls a sigma cell owns, and the doors facing them (see
/// [`six_door_wall`](super::six_door_wall)), for [`Sigma`] and its wrapped form.
pub(crate) const SIGMA_WALLS: ([SigmaDoor; 3], [SigmaDoor; 3]) = (
    [SigmaDoor::South, SigmaDoor::SouthEast, SigmaDoor::NorthEast],
    [SigmaDoor::North, SigmaDoor::NorthWest, SigmaDoor::SouthWest],
);

/// A door of a sigma (flat-top hexagonal) cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SigmaDoor {
    /// Up, through the flat top.
    North = 0,
    /// Up and to the right.
    NorthEast = 1,
    /// Down and to the right.
    SouthEast = 2,
    /// Down, through the flat bottom.
    South = 3,
    /// Down and to the left.
    SouthWest = 4,
    /// Up and to the left.
    NorthWest = 5,
}

const SIGMA_DOORS: [SigmaDoor; 6] = [
    SigmaDoor::North,
    SigmaDoor::NorthEast,
    SigmaDoor::SouthEast,
    SigmaDoor::South,
    SigmaDoor::SouthWest,
    SigmaDoor::NorthWest,
];

impl Door for SigmaDoor {
    const COUNT: u8 = 6;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        SIGMA_DOORS[i as usize]
    }
    fn name(self) -> &'static str {
        ["north", "north-east", "south-east", "south", "south-west", "north-west"][self as usize]
    }
}

/// Horizontal distance between column centres, in units of the hexagon's height.
pub const SIGMA_COLUMN_STEP: f64 = HEX_ROW_STEP;

/// The circumradius of a flat-top hexagon one unit tall.
fn radius() -> f64 {
    1.0 / 3f64.sqrt()
}

/// The corners of the flat-top hexagon one unit tall centred on `c`: the top-left corner,
/// then clockwise, so the wall behind door i runs from corner i to corner i + 1.
pub(crate) fn outline_around(c: Point) -> Outline {
    let r = radius();
    Outline::new(&[
        Point { x: c.x - r / 2.0, y: c.y - 0.5 },
        Point { x: c.x + r / 2.0, y: c.y - 0.5 },
        Point { x: c.x + r, y: c.y },
        Point { x: c.x + r / 2.0, y: c.y + 0.5 },
        Point { x: c.x - r / 2.0, y: c.y + 0.5 },
        Point { x: c.x - r, y: c.y },
    ])
}

/// The column and row steps to the neighbour behind `door` of a cell in a column of parity
/// `odd` (1 for odd columns, shifted half a cell down).
#[inline]
pub(crate) fn step(door: SigmaDoor, odd: i64) -> (i64, i64) {
    match door {
        SigmaDoor::North => (0, -1),
        SigmaDoor::South => (0, 1),
        SigmaDoor::NorthEast => (1, odd - 1),
        SigmaDoor::SouthEast => (1, odd),
        SigmaDoor::SouthWest => (-1, odd),
        SigmaDoor::NorthWest => (-1, odd - 1),
    }
}

/// The hex distance between two cells given by column and row ("odd-q" offsets turned into
/// axial coordinates).
pub(crate) fn distance((ax, ay): (i64, i64), (bx, by): (i64, i64)) -> i64 {
    let axial = |x: i64, y: i64| (x, y - (x - (x & 1)) / 2);
    let (aq, ar) = axial(ax, ay);
    let (bq, br) = axial(bx, by);
    let (dq, dr) = (aq - bq, ar - br);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The centre of the cell in column `x`, row `y`.
pub(crate) fn centre_at(x: u32, y: u32) -> Point {
    let shift = if x % 2 == 1 { 0.5 } else { 0.0 };
    Point { x: radius() + f64::from(x) * SIGMA_COLUMN_STEP, y: f64::from(y) + 0.5 + shift }
}

/// The size of the drawing of `width` columns of `height` cells.
pub(crate) fn extent_of(width: u32, height: u32) -> Point {
    let shift = if width > 1 { 0.5 } else { 0.0 };
    Point { x: 2.0 * radius() + f64::from(width - 1) * SIGMA_COLUMN_STEP, y: f64::from(height) + shift }
}

/// A `width` × `height` block of flat-top hexagons in offset columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sigma {
    width: u32,
    height: u32,
    columns: FastDiv,
}

impl Sigma {
    /// A block of sigma cells; both sizes at least 1 (checked by the registry).
    ///
    /// # Panics
    /// Panics on a zero or overflowing size.
    pub fn new(width: u32, height: u32) -> Self {
        assert!(width > 0 && height > 0, "sigma grid must not be empty");
        assert!(width.checked_mul(height).is_some_and(|n| n < u32::MAX / 2), "sigma grid too large");
        Sigma { width, height, columns: FastDiv::new(width) }
    }

    /// Cells per row (the number of columns).
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

impl Shape for Sigma {
    type Door = SigmaDoor;
    type Cursor = super::CellCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn doors(&self, _cell: CellId) -> DoorSet<SigmaDoor> {
        DoorSet::from_bits(0b11_1111)
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: SigmaDoor) -> Option<CellId> {
        let (x, y) = self.xy(cell);
        let (x, y) = (i64::from(x), i64::from(y));
        let (dx, dy) = step(door, x & 1);
        self.at(x + dx, y + dy)
    }

    #[inline]
    fn opposite(&self, _cell: CellId, door: SigmaDoor) -> SigmaDoor {
        SIGMA_DOORS[(door as usize + 3) % 6]
    }

    #[inline]
    fn wall(&self, cell: CellId, door: SigmaDoor) -> WallId {
        // A cell owns its south, south-east and north-east walls.
        super::six_door_wall(cell, door, SIGMA_WALLS, || self.neighbour(cell, door), self.cell_count())
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        6 * u64::from(self.cell_count())
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec::plain(ShapeKind::Sigma, self.width, self.height)
    }

    fn text_grid(&self) -> Option<super::TextGrid<SigmaDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::sigma(self.width, self.height)))
    }

    fn extent(&self) -> Point {
        extent_of(self.width, self.height)
    }

    fn outline(&self, cell: CellId) -> Outline {
        outline_around(self.centre(cell))
    }

    fn wall_segment(&self, cell: CellId, door: SigmaDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let p = o.points();
        let i = door as usize;
        [p[i], p[(i + 1) % 6]]
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        centre_at(x, y)
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        distance((i64::from(ax), i64::from(ay)), (i64::from(bx), i64::from(by))) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_columns_are_shifted_down() {
        let s = Sigma::new(4, 3);
        // (1, 0) sits half a cell lower than (0, 0) and (2, 0).
        let c = |x: u32, y: u32| s.centre(CellId(y * 4 + x));
        assert!((c(1, 0).y - c(0, 0).y - 0.5).abs() < 1e-12);
        assert!((c(2, 0).y - c(0, 0).y).abs() < 1e-12);
        // Even column: north-east goes up a row, south-east stays; odd column: the reverse.
        assert_eq!(s.neighbour(CellId(4), SigmaDoor::NorthEast), Some(CellId(1)));
        assert_eq!(s.neighbour(CellId(4), SigmaDoor::SouthEast), Some(CellId(5)));
        assert_eq!(s.neighbour(CellId(1), SigmaDoor::NorthEast), Some(CellId(2)));
        assert_eq!(s.neighbour(CellId(1), SigmaDoor::SouthEast), Some(CellId(6)));
        assert_eq!(s.neighbour(CellId(0), SigmaDoor::North), None);
        assert_eq!(s.neighbour(CellId(0), SigmaDoor::NorthWest), None);
    }
}
