//! Square cells in a rectangle (documents 000, 001, 002, 003, 004).
//!
//! Cell `(x, y)` has id `y * width + x`, row 0 at the top. Doors, clockwise: north, east,
//! south, west. Each cell owns its east and south walls (ids `2 * id` and `2 * id + 1`, as
//! document 001 does by hand); the north walls of the top row and the west walls of the left
//! column come after them. Two bits per cell store the whole maze.

use super::{
    Adjacent, CellId, Cursor, Door, DoorSet, FastDiv, Grid, Outline, Point, Shape, ShapeKind, ShapeSpec,
    WallId,
};
use crate::random::{Pool, Random};

/// A door of a square cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareDoor {
    /// Towards row y − 1.
    North = 0,
    /// Towards column x + 1.
    East = 1,
    /// Towards row y + 1.
    South = 2,
    /// Towards column x − 1.
    West = 3,
}

impl Door for SquareDoor {
    const COUNT: u8 = 4;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        match i {
            0 => SquareDoor::North,
            1 => SquareDoor::East,
            2 => SquareDoor::South,
            3 => SquareDoor::West,
            _ => panic!("square door index {i} out of range"),
        }
    }
    fn name(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }
}

/// The unit square with its top-left corner at `p`, corners clockwise from there, so the
/// wall behind door i runs from corner i to corner i + 1.
pub(crate) fn unit_square(p: Point) -> Outline {
    let Point { x, y } = p;
    Outline::new(&[
        Point { x, y },
        Point { x: x + 1.0, y },
        Point { x: x + 1.0, y: y + 1.0 },
        Point { x, y: y + 1.0 },
    ])
}

/// The side of [`unit_square`]`(p)` behind `door` (corner i to corner i + 1), without
/// building the outline: the drawing of the largest mazes asks for it once a wall.
#[inline]
pub(crate) fn unit_square_side(p: Point, door: SquareDoor) -> [Point; 2] {
    let Point { x, y } = p;
    let corner = |i: u8| match i & 3 {
        0 => Point { x, y },
        1 => Point { x: x + 1.0, y },
        2 => Point { x: x + 1.0, y: y + 1.0 },
        _ => Point { x, y: y + 1.0 },
    };
    let i = door as u8;
    [corner(i), corner(i + 1)]
}

/// A `width` × `height` rectangle of square cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    width: u32,
    height: u32,
    columns: FastDiv,
}

impl Square {
    /// A rectangle of square cells. Sizes are checked by [`ShapeSpec::new`](super::ShapeSpec::new) before use;
    /// here both must be at least 1 and the product must fit in a `u32`.
    ///
    /// # Panics
    /// Panics on a zero or overflowing size (use the registry for checked construction).
    pub fn new(width: u32, height: u32) -> Self {
        assert!(width > 0 && height > 0, "square grid must not be empty");
        assert!(width.checked_mul(height).is_some_and(|n| n < u32::MAX), "square grid too large");
        Square { width, height, columns: FastDiv::new(width) }
    }

    /// Cells per row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The neighbours of cell `id` in column `x`.
    #[inline(always)]
    fn adjacent_at(&self, id: u32, x: u32) -> Adjacent<SquareDoor> {
        let (w, cell) = (self.width, CellId(id));
        let mut adj = Adjacent::default();
        let mut push = |door: SquareDoor, to: u32| adj.push(door, CellId(to), self.inner_wall(cell, door));
        if id >= w {
            push(SquareDoor::North, id - w);
        }
        if x + 1 < w {
            push(SquareDoor::East, id + 1);
        }
        if id + w < self.cell_count() {
            push(SquareDoor::South, id + w);
        }
        if x > 0 {
            push(SquareDoor::West, id - 1);
        }
        adj
    }

    /// Column and row of a cell.
    #[inline]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        let (y, x) = self.columns.div_rem(cell.0);
        (x, y)
    }
}

impl Shape for Square {
    type Door = SquareDoor;
    type Cursor = SquareCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn doors(&self, _cell: CellId) -> DoorSet<SquareDoor> {
        DoorSet::from_bits(0b1111)
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: SquareDoor) -> Option<CellId> {
        let w = self.width;
        match door {
            SquareDoor::North => (cell.0 >= w).then(|| CellId(cell.0 - w)),
            SquareDoor::South => (cell.0 + w < self.cell_count()).then(|| CellId(cell.0 + w)),
            SquareDoor::West => (self.columns.remainder(cell.0) != 0).then(|| CellId(cell.0 - 1)),
            SquareDoor::East => (self.columns.remainder(cell.0) != w - 1).then(|| CellId(cell.0 + 1)),
        }
    }

    #[inline]
    fn adjacent(&self, cell: CellId) -> Adjacent<SquareDoor> {
        self.adjacent_at(cell.0, self.columns.remainder(cell.0))
    }

    #[inline]
    fn inner_wall(&self, cell: CellId, door: SquareDoor) -> WallId {
        let id = u64::from(cell.0);
        WallId(match door {
            SquareDoor::East => 2 * id,
            SquareDoor::South => 2 * id + 1,
            SquareDoor::North => 2 * (id - u64::from(self.width)) + 1,
            SquareDoor::West => 2 * (id - 1),
        })
    }

    #[inline]
    fn inner_doors(&self, cell: CellId) -> DoorSet<SquareDoor> {
        let x = self.columns.remainder(cell.0);
        let bits = u16::from(cell.0 >= self.width)
            | u16::from(x + 1 < self.width) << 1
            | u16::from(cell.0 + self.width < self.cell_count()) << 2
            | u16::from(x > 0) << 3;
        DoorSet::from_bits(bits)
    }

    #[inline]
    fn opposite(&self, _cell: CellId, door: SquareDoor) -> SquareDoor {
        SquareDoor::from_index((door as u8 + 2) & 3)
    }

    #[inline]
    fn wall(&self, cell: CellId, door: SquareDoor) -> WallId {
        let n = u64::from(self.width) * u64::from(self.height);
        let id = u64::from(cell.0);
        let w = u64::from(self.width);
        // Only the west side needs the column, so it is computed there alone.
        WallId(match door {
            SquareDoor::East => 2 * id,
            SquareDoor::South => 2 * id + 1,
            SquareDoor::North if id >= w => 2 * (id - w) + 1,
            SquareDoor::North => 2 * n + id,
            SquareDoor::West if self.columns.remainder(cell.0) != 0 => 2 * (id - 1),
            SquareDoor::West => 2 * n + w + u64::from(self.columns.div_rem(cell.0).0),
        })
    }

    /// Two bits a cell, east then south (walls `2 id` and `2 id + 1`), read 32 cells a
    /// word; the last column's east and the last row's south walls are outer walls.
    fn grid_connections(&self, open: &crate::maze::Passages, down: &mut [bool], right: &mut [bool]) -> bool {
        let (w, n) = (self.width as usize, self.cell_count() as usize);
        let mut id = 0;
        while id < n {
            let bits = open.bits_at(2 * id as u64);
            for k in 0..(n - id).min(32) {
                right[id + k] = bits >> (2 * k) & 1 != 0;
                down[id + k] = bits >> (2 * k + 1) & 1 != 0;
            }
            id += 32;
        }
        for row in right.chunks_mut(w).take(n / w) {
            row[w - 1] = false;
        }
        down[n - w..n].fill(false);
        true
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        let n = u64::from(self.width) * u64::from(self.height);
        2 * n + u64::from(self.width) + u64::from(self.height)
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        Point { x: f64::from(x) + 0.5, y: f64::from(y) + 0.5 }
    }

    fn extent(&self) -> Point {
        Point { x: f64::from(self.width), y: f64::from(self.height) }
    }

    fn outline(&self, cell: CellId) -> Outline {
        let (x, y) = self.xy(cell);
        unit_square(Point { x: f64::from(x), y: f64::from(y) })
    }

    fn wall_segment(&self, cell: CellId, door: SquareDoor) -> [Point; 2] {
        let (x, y) = self.xy(cell);
        unit_square_side(Point { x: f64::from(x), y: f64::from(y) }, door)
    }

    fn square_lattice(&self) -> Option<(u32, u32)> {
        Some((self.width, self.height))
    }

    fn grid(&self) -> Option<Grid<SquareDoor>> {
        Some(Grid {
            width: self.width,
            height: self.height,
            north: SquareDoor::North,
            east: SquareDoor::East,
            south: SquareDoor::South,
            west: SquareDoor::West,
        })
    }

    fn door_steps(&self) -> Option<[u32; 16]> {
        let mut steps = [0u32; 16];
        steps[..4].copy_from_slice(&[self.width.wrapping_neg(), 1, self.width, u32::MAX]);
        Some(steps)
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec::plain(ShapeKind::Square, self.width, self.height)
    }

    /// The rectangle of half the width and height (both even): block `(x, y)` is the 2 x 2
    /// square of cells from `(2x, 2y)`.
    fn halved(&self) -> Option<Self> {
        let even = |n: u32| n >= 2 && n % 2 == 0;
        (even(self.width) && even(self.height)).then(|| Square::new(self.width / 2, self.height / 2))
    }

    /// The 2 x 2 square of block `(x, y)`, clockwise from its top-left cell.
    fn block(&self, block: CellId) -> Option<super::Block> {
        let even = self.width % 2 == 0 && self.height % 2 == 0;
        let half = self.width / 2;
        if !even || half == 0 || block.0 >= half * (self.height / 2) {
            return None;
        }
        let (x, y) = (block.0 % half, block.0 / half);
        let top_left = 2 * y * self.width + 2 * x;
        Some(super::Block::new(&[
            CellId(top_left),
            CellId(top_left + 1),
            CellId(top_left + self.width + 1),
            CellId(top_left + self.width),
        ]))
    }

    fn text_grid(&self) -> Option<super::TextGrid<SquareDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::square(self.width, self.height)))
    }

    #[inline]
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        ax.abs_diff(bx) + ay.abs_diff(by)
    }
}

/// A square cell with its column and row: a random walk steps by additions alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareCursor {
    id: u32,
    x: u32,
    y: u32,
}

/// Column and row steps of the doors north, east, south, west (wrapping adds).
const DX: [u32; 4] = [0, 1, 0, u32::MAX];
const DY: [u32; 4] = [u32::MAX, 0, 1, 0];

impl Cursor<Square> for SquareCursor {
    #[inline(always)]
    fn at(shape: &Square, cell: CellId) -> Self {
        let (x, y) = shape.xy(cell);
        SquareCursor { id: cell.0, x, y }
    }

    #[inline(always)]
    fn cell(self) -> CellId {
        CellId(self.id)
    }

    #[inline(always)]
    fn adjacent(self, shape: &Square) -> Adjacent<SquareDoor> {
        shape.adjacent_at(self.id, self.x)
    }

    #[inline(always)]
    fn through(self, _shape: &Square, door: SquareDoor, to: CellId) -> Self {
        let k = door as usize;
        SquareCursor { id: to.0, x: self.x.wrapping_add(DX[k]), y: self.y.wrapping_add(DY[k]) }
    }

    /// Square cells draw their own way: two bits when all four doors are open to the walk
    /// (most cells), else a pooled choice among the doors there are.
    #[inline(always)]
    fn random_step<R: Random + ?Sized>(
        &mut self,
        shape: &Square,
        pool: &mut Pool,
        rng: &mut R,
    ) -> Option<SquareDoor> {
        let (w, h) = (shape.width, shape.height);
        let mask = u32::from(self.y > 0)
            | u32::from(self.x + 1 < w) << 1
            | u32::from(self.y + 1 < h) << 2
            | u32::from(self.x > 0) << 3;
        let k = if mask == 0b1111 {
            pool.bits(rng, 2) as usize & 3
        } else {
            let n = mask.count_ones();
            if n == 0 {
                return None;
            }
            let mut m = mask;
            for _ in 0..pool.below16(rng, n) {
                m &= m - 1;
            }
            m.trailing_zeros() as usize
        };
        // Table lookups rather than a branch: the move is random, so a branch on it would be
        // mispredicted three times in four.
        let step = [w.wrapping_neg(), 1, w, u32::MAX];
        self.x = self.x.wrapping_add(DX[k]);
        self.y = self.y.wrapping_add(DY[k]);
        self.id = self.id.wrapping_add(step[k]);
        Some(SquareDoor::from_index(k as u8))
    }
}
