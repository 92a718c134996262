//! Triangular cells: alternating up- and down-pointing triangles in rows.
//!
//! Cell `(x, y)` has id `y * width + x`, row 0 at the top; it points up when `x + y` is even.
//! Doors: east (the right side), base (the horizontal side: below an up triangle, above a
//! down triangle) and west (the left side). Each cell owns its east wall (`2 * id`); up
//! triangles own their base (`2 * id + 1`), as do down triangles of the top row; the west
//! walls of the left column come last.
//!
//! A strip one triangle wide and more than two rows tall falls apart in pieces, so the
//! registry asks for `width >= 2` there.

use super::{CellId, Door, DoorSet, FastDiv, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId};

/// A door of a triangular cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriangleDoor {
    /// The right-hand side, to column x + 1.
    East = 0,
    /// The horizontal side: to row y + 1 from an up triangle, to row y − 1 from a down one.
    Base = 1,
    /// The left-hand side, to column x − 1.
    West = 2,
}

impl Door for TriangleDoor {
    const COUNT: u8 = 3;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        match i {
            0 => TriangleDoor::East,
            1 => TriangleDoor::Base,
            2 => TriangleDoor::West,
            _ => panic!("triangle door index {i} out of range"),
        }
    }
    fn name(self) -> &'static str {
        ["east", "base", "west"][self as usize]
    }
}

/// Height of a row of triangles with unit sides.
pub const TRIANGLE_ROW_HEIGHT: f64 = 0.866_025_403_784_438_6;

/// A `width` × `height` strip of alternating triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Triangle {
    width: u32,
    height: u32,
    columns: FastDiv,
}

impl Triangle {
    /// A grid of triangles (sizes checked by the registry).
    ///
    /// # Panics
    /// Panics on a zero or overflowing size, or on a disconnected one-wide strip.
    pub fn new(width: u32, height: u32) -> Self {
        assert!(width > 0 && height > 0, "triangle grid must not be empty");
        assert!(width >= 2 || height <= 2, "a one-wide triangle strip is disconnected");
        assert!(width.checked_mul(height).is_some_and(|n| n < u32::MAX / 2), "triangle grid too large");
        Triangle { width, height, columns: FastDiv::new(width) }
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

    /// Whether the cell points up (its base is below it).
    #[inline]
    pub fn points_up(&self, cell: CellId) -> bool {
        let (x, y) = self.xy(cell);
        (x + y) % 2 == 0
    }
}

impl Shape for Triangle {
    type Door = TriangleDoor;
    type Cursor = super::CellCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn doors(&self, _cell: CellId) -> DoorSet<TriangleDoor> {
        DoorSet::from_bits(0b111)
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: TriangleDoor) -> Option<CellId> {
        let (x, y) = self.xy(cell);
        match door {
            TriangleDoor::East => (x + 1 < self.width).then(|| CellId(cell.0 + 1)),
            TriangleDoor::West => (x > 0).then(|| CellId(cell.0 - 1)),
            TriangleDoor::Base if self.points_up(cell) => {
                (y + 1 < self.height).then(|| CellId(cell.0 + self.width))
            }
            TriangleDoor::Base => (y > 0).then(|| CellId(cell.0 - self.width)),
        }
    }

    #[inline]
    fn opposite(&self, _cell: CellId, door: TriangleDoor) -> TriangleDoor {
        match door {
            TriangleDoor::East => TriangleDoor::West,
            TriangleDoor::West => TriangleDoor::East,
            TriangleDoor::Base => TriangleDoor::Base,
        }
    }

    #[inline]
    fn wall(&self, cell: CellId, door: TriangleDoor) -> WallId {
        let id = u64::from(cell.0);
        let (x, y) = self.xy(cell);
        let n = u64::from(self.cell_count());
        WallId(match door {
            TriangleDoor::East => 2 * id,
            TriangleDoor::West if x > 0 => 2 * (id - 1),
            TriangleDoor::West => 2 * n + u64::from(y),
            TriangleDoor::Base if self.points_up(cell) || y == 0 => 2 * id + 1,
            TriangleDoor::Base => 2 * (id - u64::from(self.width)) + 1,
        })
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        2 * u64::from(self.cell_count()) + u64::from(self.height)
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec::plain(ShapeKind::Triangle, self.width, self.height)
    }

    fn text_grid(&self) -> Option<super::TextGrid<TriangleDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::triangle(*self)))
    }

    fn extent(&self) -> Point {
        Point { x: f64::from(self.width + 1) / 2.0, y: f64::from(self.height) * TRIANGLE_ROW_HEIGHT }
    }

    fn outline(&self, cell: CellId) -> Outline {
        let (x, y) = self.xy(cell);
        let left = f64::from(x) / 2.0;
        let (top, bottom) = (f64::from(y) * TRIANGLE_ROW_HEIGHT, f64::from(y + 1) * TRIANGLE_ROW_HEIGHT);
        if self.points_up(cell) {
            // Apex, bottom right, bottom left: east, base, west walls in door order.
            Outline::new(&[
                Point { x: left + 0.5, y: top },
                Point { x: left + 1.0, y: bottom },
                Point { x: left, y: bottom },
            ])
        } else {
            // Top left, top right, bottom point.
            Outline::new(&[
                Point { x: left, y: top },
                Point { x: left + 1.0, y: top },
                Point { x: left + 0.5, y: bottom },
            ])
        }
    }

    fn wall_segment(&self, cell: CellId, door: TriangleDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let p = o.points();
        let (a, b) = match (self.points_up(cell), door) {
            (true, TriangleDoor::East) | (false, TriangleDoor::Base) => (0, 1),
            (true, TriangleDoor::Base) | (false, TriangleDoor::East) => (1, 2),
            (_, TriangleDoor::West) => (2, 0),
        };
        [p[a], p[b]]
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        let third = if self.points_up(cell) { 2.0 / 3.0 } else { 1.0 / 3.0 };
        Point { x: f64::from(x) / 2.0 + 0.5, y: (f64::from(y) + third) * TRIANGLE_ROW_HEIGHT }
    }

    #[inline]
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        // Every step changes exactly one of x and y by one.
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        ax.abs_diff(bx) + ay.abs_diff(by)
    }

    fn turn(&self, cell: CellId, door: TriangleDoor, clockwise: bool) -> TriangleDoor {
        // Index order east, base, west is clockwise round an up triangle and
        // counter-clockwise round a down triangle.
        let forward = clockwise == self.points_up(cell);
        TriangleDoor::from_index(if forward { (door as u8 + 1) % 3 } else { (door as u8 + 2) % 3 })
    }
}
