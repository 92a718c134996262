//! Wrap-around mazes: square and hexagonal (hex and sigma) cells on a cylinder or a torus
//! (`--wrap x|y|xy`).
//!
//! The east edge joins the west edge (`x`), the top joins the bottom (`y`), or both (`xy`, a
//! torus). Cells and walls are numbered as for the flat [`Square`](super::Square),
//! [`Hex`](super::Hex) and [`Sigma`](super::Sigma) shapes (ids `y * width + x`; a square
//! cell owns its east and south walls, a hexagon its east, south-east and south-west walls,
//! a sigma cell its south, south-east and north-east walls), so a seam wall simply takes
//! the id the flat shape gives that border wall; the border ids that a wrapped side no
//! longer needs stay unused. Doors through a seam are [`DoorKind::Seam`]: the pictures draw
//! such a wall on both borders and mark an open one with a short passage leaving the border.
//!
//! The drawing leaves a margin of [`SEAM_MARGIN`] on each wrapped side for those marks.
//! Wrapped shapes have no rows in the sense of [`Shape::grid`] (a row algorithm's "last
//! column" has a neighbour), so row-based generators refuse them.

use super::hex::HEX_ROW_STEP;
use super::{
    CellId, Door, DoorKind, DoorSet, FastDiv, HexDoor, Outline, Point, Shape, ShapeKind, ShapeSpec,
    SigmaDoor, SquareDoor, WallId,
};
use crate::Error;

/// The margin, in cell units, left around a wrapped side of the drawing for the marks of
/// open seams.
pub const SEAM_MARGIN: f64 = 0.35;

/// Which borders of a rectangle of cells are joined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wrap {
    /// The east edge joins the west edge (a cylinder around a vertical axis).
    pub x: bool,
    /// The bottom edge joins the top edge.
    pub y: bool,
}

impl Wrap {
    /// No wrapping: a flat maze.
    pub const NONE: Wrap = Wrap { x: false, y: false };

    /// Whether any border wraps.
    pub fn any(self) -> bool {
        self.x || self.y
    }

    /// The name used on the command line and in files: `x`, `y`, `xy`, or `none`.
    pub fn name(self) -> &'static str {
        match (self.x, self.y) {
            (false, false) => "none",
            (true, false) => "x",
            (false, true) => "y",
            (true, true) => "xy",
        }
    }

    /// Checks that a `width × height` shape of `kind` can wrap this way: only square and
    /// hexagonal (hex and sigma) cells wrap; a wrapped side needs at least 3 cells across
    /// (fewer would make a cell its own neighbour, or two cells neighbours twice), hex rows
    /// wrap top to bottom only in an even number of rows, at least 4, and sigma columns
    /// wrap east to west only in an even number of columns, at least 4 (the offsets must
    /// alternate across the seam).
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the problem.
    pub fn check(self, kind: ShapeKind, width: u32, height: u32) -> Result<(), Error> {
        if !self.any() {
            return Ok(());
        }
        if !matches!(kind, ShapeKind::Square | ShapeKind::Hex | ShapeKind::Sigma) {
            return Err(Error::Parameter(format!(
                "--wrap works on square, hex and sigma cells, not on {kind} cells"
            )));
        }
        if self.x && width < 3 {
            return Err(Error::Parameter(format!(
                "--wrap {} needs a width of at least 3 (got {width})",
                self.name()
            )));
        }
        if self.y && height < 3 {
            return Err(Error::Parameter(format!(
                "--wrap {} needs a height of at least 3 (got {height})",
                self.name()
            )));
        }
        if self.y && kind == ShapeKind::Hex && (height % 2 == 1 || height < 4) {
            return Err(Error::Parameter(format!(
                "hexagons wrap top to bottom only in an even number of rows, at least 4 (got --height {height})"
            )));
        }
        if self.x && kind == ShapeKind::Sigma && (width % 2 == 1 || width < 4) {
            return Err(Error::Parameter(format!(
                "sigma cells wrap east to west only in an even number of columns, at least 4 (got --width {width})"
            )));
        }
        Ok(())
    }
}

impl std::str::FromStr for Wrap {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "none" | "no" | "off" => Ok(Wrap::NONE),
            "x" | "h" | "horizontal" | "cylinder" => Ok(Wrap { x: true, y: false }),
            "y" | "v" | "vertical" => Ok(Wrap { x: false, y: true }),
            "xy" | "yx" | "both" | "torus" => Ok(Wrap { x: true, y: true }),
            other => Err(Error::Parameter(format!("unknown wrap '{other}' (expected x, y, xy or none)"))),
        }
    }
}

impl std::fmt::Display for Wrap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `v + step` in `0..n`, wrapping when `wraps`, else `None` past either end.
#[inline]
fn step(v: u32, delta: i64, n: u32, wraps: bool) -> Option<(u32, bool)> {
    let t = i64::from(v) + delta;
    let n64 = i64::from(n);
    if (0..n64).contains(&t) {
        Some((t as u32, false))
    } else if wraps {
        Some((t.rem_euclid(n64) as u32, true))
    } else {
        None
    }
}

/// What both wrapped shapes share: `width × height` cells numbered row by row, the borders
/// `wrap` joins, and the drawing's margins on the wrapped sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lattice {
    width: u32,
    height: u32,
    wrap: Wrap,
    columns: FastDiv,
}

impl Lattice {
    /// The lattice of a wrapped `kind` shape; panics on sizes [`Wrap::check`] refuses or
    /// whose cells overflow `limit`.
    fn new(kind: ShapeKind, width: u32, height: u32, wrap: Wrap, limit: u32) -> Self {
        assert!(wrap.check(kind, width, height).is_ok(), "bad wrapped size");
        assert!(width.checked_mul(height).is_some_and(|n| n < limit), "grid too large");
        Lattice { width, height, wrap, columns: FastDiv::new(width) }
    }

    fn cells(&self) -> u32 {
        self.width * self.height
    }

    #[inline]
    fn xy(&self, cell: CellId) -> (u32, u32) {
        let (y, x) = self.columns.div_rem(cell.0);
        (x, y)
    }

    /// The cell `(dx, dy)` away from the cell at `(x, y)`, and whether the step crosses a
    /// seam (`None` past an unwrapped border).
    #[inline]
    fn beyond(&self, (x, y): (u32, u32), (dx, dy): (i64, i64)) -> Option<(CellId, bool)> {
        let (nx, sx) = step(x, dx, self.width, self.wrap.x)?;
        let (ny, sy) = step(y, dy, self.height, self.wrap.y)?;
        Some((CellId(ny * self.width + nx), sx || sy))
    }

    fn kind(&self, beyond: Option<(CellId, bool)>) -> DoorKind {
        match beyond {
            Some((_, true)) => DoorKind::Seam,
            _ => DoorKind::Wall,
        }
    }

    /// The margins left for seam marks: [`SEAM_MARGIN`] on each wrapped side.
    fn margin(&self) -> Point {
        let m = |on: bool| if on { SEAM_MARGIN } else { 0.0 };
        Point { x: m(self.wrap.x), y: m(self.wrap.y) }
    }

    fn spec(&self, kind: ShapeKind) -> ShapeSpec {
        ShapeSpec { wrap: self.wrap, ..ShapeSpec::plain(kind, self.width, self.height) }
    }
}

/// Square cells on a cylinder or torus: the flat [`Square`](super::Square) numbering, with
/// the wrapped borders joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrapSquare {
    grid: Lattice,
}

impl WrapSquare {
    /// A `width × height` rectangle of square cells with the borders `wrap` joins.
    ///
    /// # Panics
    /// Panics on sizes [`Wrap::check`] refuses or too large for a `u32` (the registry checks
    /// both first).
    pub fn new(width: u32, height: u32, wrap: Wrap) -> Self {
        WrapSquare { grid: Lattice::new(ShapeKind::Square, width, height, wrap, u32::MAX) }
    }

    /// Which borders are joined.
    pub fn wrap(&self) -> Wrap {
        self.grid.wrap
    }

    /// Cells per row.
    pub fn width(&self) -> u32 {
        self.grid.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.grid.height
    }

    /// Column and row of a cell.
    #[inline]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        self.grid.xy(cell)
    }

    /// The neighbour behind `door`, and whether the step crosses a seam.
    #[inline]
    fn beyond(&self, cell: CellId, door: SquareDoor) -> Option<(CellId, bool)> {
        const STEPS: [(i64, i64); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        self.grid.beyond(self.xy(cell), STEPS[door as usize])
    }
}

impl Shape for WrapSquare {
    type Door = SquareDoor;
    type Cursor = super::CellCursor;

    fn cell_count(&self) -> u32 {
        self.grid.cells()
    }

    fn doors(&self, _cell: CellId) -> DoorSet<SquareDoor> {
        DoorSet::from_bits(0b1111)
    }

    fn neighbour(&self, cell: CellId, door: SquareDoor) -> Option<CellId> {
        self.beyond(cell, door).map(|(b, _)| b)
    }

    fn opposite(&self, _cell: CellId, door: SquareDoor) -> SquareDoor {
        SquareDoor::from_index((door as u8 + 2) & 3)
    }

    fn wall(&self, cell: CellId, door: SquareDoor) -> WallId {
        let id = u64::from(cell.0);
        // A cell owns its east and south walls; the others are found only when asked.
        let owned = match door {
            SquareDoor::East => return WallId(2 * id),
            SquareDoor::South => return WallId(2 * id + 1),
            SquareDoor::North => 1,
            SquareDoor::West => 0,
        };
        if let Some(b) = self.neighbour(cell, door) {
            return WallId(2 * u64::from(b.0) + owned);
        }
        let n = u64::from(self.cell_count());
        let (x, y) = self.xy(cell);
        WallId(match door {
            SquareDoor::North => 2 * n + u64::from(x),
            _ => 2 * n + u64::from(self.width()) + u64::from(y),
        })
    }

    /// The trait's rule (a cell draws the walls it shares with higher cells, and every
    /// seam and border) in one step: the east and south walls always, the north and west
    /// ones on a seam or the border.
    fn draws_wall(&self, cell: CellId, door: SquareDoor) -> bool {
        match door {
            SquareDoor::East | SquareDoor::South => true,
            _ => !matches!(self.beyond(cell, door), Some((_, false))),
        }
    }

    fn wall_count(&self) -> u64 {
        2 * u64::from(self.cell_count()) + u64::from(self.width()) + u64::from(self.height())
    }

    fn door_kind(&self, cell: CellId, door: SquareDoor) -> DoorKind {
        self.grid.kind(self.beyond(cell, door))
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        let m = self.grid.margin();
        Point { x: f64::from(x) + 0.5 + m.x, y: f64::from(y) + 0.5 + m.y }
    }

    fn extent(&self) -> Point {
        let m = self.grid.margin();
        Point { x: f64::from(self.width()) + 2.0 * m.x, y: f64::from(self.height()) + 2.0 * m.y }
    }

    fn outline(&self, cell: CellId) -> Outline {
        let c = self.centre(cell);
        super::square::unit_square(Point { x: c.x - 0.5, y: c.y - 0.5 })
    }

    fn wall_segment(&self, cell: CellId, door: SquareDoor) -> [Point; 2] {
        let c = self.centre(cell);
        super::square::unit_square_side(Point { x: c.x - 0.5, y: c.y - 0.5 }, door)
    }

    fn spec(&self) -> ShapeSpec {
        self.grid.spec(ShapeKind::Square)
    }

    /// The flat square picture: an open seam leaves a gap in both borders.
    fn text_grid(&self) -> Option<super::TextGrid<SquareDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::square(self.grid.width, self.grid.height)))
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        let g = &self.grid;
        let across = |d: u32, n: u32, wraps: bool| if wraps { d.min(n - d) } else { d };
        across(ax.abs_diff(bx), g.width, g.wrap.x) + across(ay.abs_diff(by), g.height, g.wrap.y)
    }
}

/// Hexagonal cells in offset rows on a cylinder or torus: the flat [`Hex`](super::Hex)
/// numbering, with the wrapped borders joined (top to bottom only in an even number of
/// rows, so odd rows stay shifted right all round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrapHex {
    grid: Lattice,
}

impl WrapHex {
    /// A `width × height` block of hexagons with the borders `wrap` joins.
    ///
    /// # Panics
    /// Panics on sizes [`Wrap::check`] refuses or too large (the registry checks first).
    pub fn new(width: u32, height: u32, wrap: Wrap) -> Self {
        WrapHex { grid: Lattice::new(ShapeKind::Hex, width, height, wrap, u32::MAX / 2) }
    }

    /// Which borders are joined.
    pub fn wrap(&self) -> Wrap {
        self.grid.wrap
    }

    /// Cells per row.
    pub fn width(&self) -> u32 {
        self.grid.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.grid.height
    }

    /// Column and row of a cell.
    #[inline]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        self.grid.xy(cell)
    }

    /// The neighbour behind `door`, and whether the step crosses a seam.
    fn beyond(&self, cell: CellId, door: HexDoor) -> Option<(CellId, bool)> {
        let (x, y) = self.xy(cell);
        let odd = i64::from(y & 1);
        let delta = match door {
            HexDoor::East => (1, 0),
            HexDoor::West => (-1, 0),
            HexDoor::NorthEast => (odd, -1),
            HexDoor::NorthWest => (odd - 1, -1),
            HexDoor::SouthEast => (odd, 1),
            HexDoor::SouthWest => (odd - 1, 1),
        };
        self.grid.beyond((x, y), delta)
    }
}

impl Shape for WrapHex {
    type Door = HexDoor;
    type Cursor = super::CellCursor;

    fn cell_count(&self) -> u32 {
        self.grid.cells()
    }

    fn doors(&self, _cell: CellId) -> DoorSet<HexDoor> {
        DoorSet::from_bits(0b11_1111)
    }

    fn neighbour(&self, cell: CellId, door: HexDoor) -> Option<CellId> {
        self.beyond(cell, door).map(|(b, _)| b)
    }

    fn opposite(&self, _cell: CellId, door: HexDoor) -> HexDoor {
        HexDoor::from_index((door as u8 + 3) % 6)
    }

    fn wall(&self, cell: CellId, door: HexDoor) -> WallId {
        // As on a flat hex maze; a seam's wall is the neighbour's across it.
        super::six_door_wall(
            cell,
            door,
            super::hex::HEX_WALLS,
            || self.neighbour(cell, door),
            self.cell_count(),
        )
    }

    fn wall_count(&self) -> u64 {
        6 * u64::from(self.cell_count())
    }

    fn door_kind(&self, cell: CellId, door: HexDoor) -> DoorKind {
        self.grid.kind(self.beyond(cell, door))
    }

    fn centre(&self, cell: CellId) -> Point {
        let (x, y) = self.xy(cell);
        let shift = if y % 2 == 1 { 0.5 } else { 0.0 };
        let radius = 1.0 / 3f64.sqrt();
        let m = self.grid.margin();
        Point { x: f64::from(x) + 0.5 + shift + m.x, y: radius + f64::from(y) * HEX_ROW_STEP + m.y }
    }

    fn extent(&self) -> Point {
        let radius = 1.0 / 3f64.sqrt();
        let shift = if self.height() > 1 { 0.5 } else { 0.0 };
        let m = self.grid.margin();
        Point {
            x: f64::from(self.width()) + shift + 2.0 * m.x,
            y: 2.0 * radius + f64::from(self.height() - 1) * HEX_ROW_STEP + 2.0 * m.y,
        }
    }

    fn outline(&self, cell: CellId) -> Outline {
        super::hex::outline_around(self.centre(cell))
    }

    fn wall_segment(&self, cell: CellId, door: HexDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let p = o.points();
        let i = door as usize;
        [p[i], p[(i + 1) % 6]]
    }

    fn spec(&self) -> ShapeSpec {
        self.grid.spec(ShapeKind::Hex)
    }

    /// The flat hexagon picture: an open seam leaves a gap in both borders.
    fn text_grid(&self) -> Option<super::TextGrid<HexDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::hex(self.grid.width, self.grid.height)))
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        // The flat hex distance to the nearest copy of `b` in the tiling the seams make
        // (shifting by a whole width, or an even number of rows, keeps the offset rule).
        let axial = |x: i64, y: i64| (x - (y - (y & 1)) / 2, y);
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        let (aq, ar) = axial(i64::from(ax), i64::from(ay));
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        let xs: &[i64] = if self.grid.wrap.x { &[-1, 0, 1] } else { &[0] };
        let ys: &[i64] = if self.grid.wrap.y { &[-1, 0, 1] } else { &[0] };
        let mut best = i64::MAX;
        for &kx in xs {
            for &ky in ys {
                let (bq, br) = axial(i64::from(bx) + kx * w, i64::from(by) + ky * h);
                let (dq, dr) = (aq - bq, ar - br);
                best = best.min((dq.abs() + dr.abs() + (dq + dr).abs()) / 2);
            }
        }
        best as u32
    }
}

/// Flat-top hexagons in offset columns on a cylinder or torus: the flat
/// [`Sigma`](super::Sigma) numbering, with the wrapped borders joined (east to west only in
/// an even number of columns, so odd columns stay shifted down all round).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrapSigma {
    grid: Lattice,
}

impl WrapSigma {
    /// A `width × height` block of sigma cells with the borders `wrap` joins.
    ///
    /// # Panics
    /// Panics on sizes [`Wrap::check`] refuses or too large (the registry checks first).
    pub fn new(width: u32, height: u32, wrap: Wrap) -> Self {
        WrapSigma { grid: Lattice::new(ShapeKind::Sigma, width, height, wrap, u32::MAX / 2) }
    }

    /// Which borders are joined.
    pub fn wrap(&self) -> Wrap {
        self.grid.wrap
    }

    /// Cells per row (the number of columns).
    pub fn width(&self) -> u32 {
        self.grid.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.grid.height
    }

    /// Column and row of a cell.
    #[inline]
    pub fn xy(&self, cell: CellId) -> (u32, u32) {
        self.grid.xy(cell)
    }

    /// The neighbour behind `door`, and whether the step crosses a seam.
    fn beyond(&self, cell: CellId, door: SigmaDoor) -> Option<(CellId, bool)> {
        let (x, y) = self.xy(cell);
        self.grid.beyond((x, y), super::sigma::step(door, i64::from(x & 1)))
    }
}

impl Shape for WrapSigma {
    type Door = SigmaDoor;
    type Cursor = super::CellCursor;

    fn cell_count(&self) -> u32 {
        self.grid.cells()
    }

    fn doors(&self, _cell: CellId) -> DoorSet<SigmaDoor> {
        DoorSet::from_bits(0b11_1111)
    }

    fn neighbour(&self, cell: CellId, door: SigmaDoor) -> Option<CellId> {
        self.beyond(cell, door).map(|(b, _)| b)
    }

    fn opposite(&self, _cell: CellId, door: SigmaDoor) -> SigmaDoor {
        SigmaDoor::from_index((door as u8 + 3) % 6)
    }

    fn wall(&self, cell: CellId, door: SigmaDoor) -> WallId {
        // As on a flat sigma maze; a seam's wall is the neighbour's across it.
        super::six_door_wall(
            cell,
            door,
            super::sigma::SIGMA_WALLS,
            || self.neighbour(cell, door),
            self.cell_count(),
        )
    }

    fn wall_count(&self) -> u64 {
        6 * u64::from(self.cell_count())
    }

    fn door_kind(&self, cell: CellId, door: SigmaDoor) -> DoorKind {
        self.grid.kind(self.beyond(cell, door))
    }

    fn centre(&self, cell: CellId) -> Point {
        let m = self.grid.margin();
        let (x, y) = self.xy(cell);
        let c = super::sigma::centre_at(x, y);
        Point { x: c.x + m.x, y: c.y + m.y }
    }

    fn extent(&self) -> Point {
        let m = self.grid.margin();
        let e = super::sigma::extent_of(self.width(), self.height());
        Point { x: e.x + 2.0 * m.x, y: e.y + 2.0 * m.y }
    }

    fn outline(&self, cell: CellId) -> Outline {
        super::sigma::outline_around(self.centre(cell))
    }

    fn wall_segment(&self, cell: CellId, door: SigmaDoor) -> [Point; 2] {
        let o = self.outline(cell);
        let p = o.points();
        let i = door as usize;
        [p[i], p[(i + 1) % 6]]
    }

    fn spec(&self) -> ShapeSpec {
        self.grid.spec(ShapeKind::Sigma)
    }

    /// The flat sigma picture: an open seam leaves a gap in both borders.
    fn text_grid(&self) -> Option<super::TextGrid<SigmaDoor>> {
        Some(super::TextGrid::flat(super::TextLattice::sigma(self.grid.width, self.grid.height)))
    }

    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        // The flat distance to the nearest copy of `b` in the tiling the seams make
        // (shifting by an even number of columns, or a whole height, keeps the offset rule).
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        let xs: &[i64] = if self.grid.wrap.x { &[-1, 0, 1] } else { &[0] };
        let ys: &[i64] = if self.grid.wrap.y { &[-1, 0, 1] } else { &[0] };
        let mut best = i64::MAX;
        for &kx in xs {
            for &ky in ys {
                let d = super::sigma::distance(
                    (i64::from(ax), i64::from(ay)),
                    (i64::from(bx) + kx * w, i64::from(by) + ky * h),
                );
                best = best.min(d);
            }
        }
        best as u32
    }
}
