//! Cell shapes: the [`Shape`] trait every algorithm is written against, and the shapes we ship.
//!
//! This is document 000's functor idea in Rust. A shape says which doors a cell has, where each
//! door leads ([`Shape::neighbour`]), by which door one comes back ([`Shape::opposite`]) and
//! which wall a door pierces ([`Shape::wall`], one id for both sides, so passages are stored
//! once in a bitset). Generators, solvers and post-processors never look further than this.
//!
//! Adding a shape is one file in this folder plus one line in the registry (`shape/registry.rs`, the `shapes!` list).

pub mod cursor;
pub mod erased;
pub mod font;
mod forward;
pub mod hex;
pub mod levels;
pub mod mask;
pub mod polar;
mod registry;
pub mod sigma;
pub mod square;
pub mod triangle;
pub mod upsilon;
pub mod weave;
pub mod wrap;

use std::fmt::Debug;
use std::sync::Arc;

pub use cursor::{CellCursor, Cursor};
pub use erased::{AnyDoor, Cold, Erased};
pub use font::Bitmap;
pub use hex::{Hex, HexDoor};
pub use levels::{LevelDoor, Levels};
pub use mask::{Mask, Masked};
pub use polar::{Polar, PolarCursor, PolarDoor};
pub use registry::{ShapeKind, ShapeSpec, ShapeVisitor};
pub use sigma::{Sigma, SigmaDoor};
pub use square::{Square, SquareCursor, SquareDoor};
pub use triangle::{Triangle, TriangleDoor};
pub use upsilon::{Upsilon, UpsilonCursor, UpsilonDoor};
pub use weave::{Crossings, Over, Weave, WeaveLayout};
pub use wrap::{Wrap, WrapHex, WrapSigma, WrapSquare};

/// A cell, numbered densely from 0 to `cell_count() - 1`, so side tables are plain vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u32);

impl CellId {
    /// The id as a `usize` index into side tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A wall, numbered by its shape so that both of its sides get the same id.
///
/// Boundary walls have ids too: an entrance or exit is an open boundary wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WallId(pub u64);

/// One side of a cell. Each shape has its own door enum; doors are numbered `0..COUNT` in
/// clockwise order around a cell (see [`Shape::turn`] for shapes whose cells alternate).
pub trait Door: Copy + Eq + Debug + Send + Sync + 'static {
    /// How many kinds of door the shape has (at most 16). For [`AnyDoor`], the door of
    /// every shape, 16: code that may run on an [`Erased`] shape asks
    /// [`Shape::door_count`] instead.
    const COUNT: u8;
    /// This door's number in `0..COUNT`.
    fn index(self) -> u8;
    /// The door with number `i`.
    ///
    /// # Panics
    /// May panic if `i >= COUNT`.
    fn from_index(i: u8) -> Self;
    /// A short lower-case name ("north", "south-east"...), for messages and docs. An
    /// [`AnyDoor`] cannot know its shape's names: ask [`Shape::door_name`].
    fn name(self) -> &'static str;
}

/// A set of doors of one shape, as a bit mask (bit `i` = door with index `i`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DoorSet<D> {
    bits: u16,
    _door: std::marker::PhantomData<D>,
}

impl<D: Door> Debug for DoorSet<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<D: Door> Default for DoorSet<D> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<D: Door> DoorSet<D> {
    /// No doors.
    pub const EMPTY: Self = DoorSet { bits: 0, _door: std::marker::PhantomData };

    /// Every door of the shape: [`Door::COUNT`] of them (so for [`AnyDoor`] all 16; a
    /// cell's own doors are [`Shape::doors`]).
    #[inline]
    pub fn all() -> Self {
        Self::from_bits(u16::MAX)
    }

    /// The set with these bits (bit `i` = door `i`); bits beyond `COUNT` are dropped.
    #[inline]
    pub fn from_bits(bits: u16) -> Self {
        let mask = if D::COUNT >= 16 { u16::MAX } else { (1u16 << D::COUNT) - 1 };
        DoorSet { bits: bits & mask, _door: std::marker::PhantomData }
    }

    /// The raw bit mask.
    #[inline]
    pub fn bits(self) -> u16 {
        self.bits
    }

    /// Adds a door.
    #[inline]
    pub fn insert(&mut self, d: D) {
        self.bits |= 1 << d.index();
    }

    /// Removes a door.
    #[inline]
    pub fn remove(&mut self, d: D) {
        self.bits &= !(1 << d.index());
    }

    /// Whether the set holds `d`.
    #[inline]
    pub fn contains(self, d: D) -> bool {
        self.bits & (1 << d.index()) != 0
    }

    /// How many doors the set holds (by table: the portable x86-64 target has no
    /// population-count instruction, and random walks count on every step).
    #[inline]
    pub fn len(self) -> u32 {
        u32::from(ONES_OF_BYTE[usize::from(self.bits & 0xff)] + ONES_OF_BYTE[usize::from(self.bits >> 8)])
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The doors in index order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = D> {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(D::from_index(i))
            }
        })
    }

    /// The `k`-th door in index order, if there are more than `k`. A table lookup for the
    /// first eight doors, so a random `k` costs no mispredicted loop.
    #[inline]
    pub fn nth(self, k: u32) -> Option<D> {
        let low = self.bits & 0xff;
        let below = u32::from(ONES_OF_BYTE[usize::from(low)]);
        if k < below {
            return Some(D::from_index(NTH_OF_BYTE[usize::from(low)][k as usize]));
        }
        let mut bits = self.bits >> 8;
        for _ in below..k {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        (bits != 0).then(|| D::from_index(8 + bits.trailing_zeros() as u8))
    }

    /// A uniformly chosen door of the set (document 000's `choose_door`), or `None` if empty.
    #[inline]
    pub fn choose<R: crate::Random + ?Sized>(self, rng: &mut R) -> Option<D> {
        match self.len() {
            0 => None,
            1 => Some(D::from_index(self.bits.trailing_zeros() as u8)),
            n => self.nth(rng.below(u64::from(n)) as u32),
        }
    }
}

impl<D: Door> DoorSet<D> {
    /// A uniformly chosen door, drawing from a [`Pool`](crate::random::Pool) (8 bits per
    /// choice instead of a whole word): what the random walks use.
    #[inline(always)]
    pub fn choose_pooled<R: crate::Random + ?Sized>(
        self,
        pool: &mut crate::random::Pool,
        rng: &mut R,
    ) -> Option<D> {
        match self.len() {
            0 => None,
            1 => Some(D::from_index(self.bits.trailing_zeros() as u8)),
            n => self.nth(pool.below16(rng, n)),
        }
    }
}

/// `ONES_OF_BYTE[b]`: the number of set bits of the byte `b`.
const ONES_OF_BYTE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    table
};

/// `NTH_OF_BYTE[b][k]`: the position of the `k`-th set bit of the byte `b` (0 past the end).
pub(crate) const NTH_OF_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut i) = (0, 0);
        while i < 8 {
            if b >> i & 1 == 1 {
                table[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// A cell's neighbours: its inner doors, the cell behind each and the wall each pierces,
/// found in one call to [`Shape::adjacent`] (cheaper than a [`Shape::neighbour`] and a
/// [`Shape::inner_wall`] call per door).
#[derive(Clone, Copy)]
pub struct Adjacent<D> {
    doors: DoorSet<D>,
    cells: [CellId; 16],
    walls: [WallId; 16],
}

impl<D: Door> Debug for Adjacent<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<D: Door> Default for Adjacent<D> {
    fn default() -> Self {
        Adjacent { doors: DoorSet::EMPTY, cells: [CellId(0); 16], walls: [WallId(0); 16] }
    }
}

impl<D: Door> Adjacent<D> {
    /// Records that `door` leads to `cell` through `wall`.
    #[inline(always)]
    pub fn push(&mut self, door: D, cell: CellId, wall: WallId) {
        self.doors.insert(door);
        self.put(door, cell, wall);
    }

    /// Writes what lies behind `door` without adding the door to the set: shapes that fill
    /// every slot without branching, then name the real doors with [`retain`](Self::retain)
    /// or [`with_doors`](Self::with_doors), use it. `cell` must be a cell of the shape even
    /// for a door that does not exist (see [`cell`](Self::cell)).
    #[inline(always)]
    pub fn put(&mut self, door: D, cell: CellId, wall: WallId) {
        let i = usize::from(door.index()) & 15;
        self.cells[i] = cell;
        self.walls[i] = wall;
    }

    /// The same slots with exactly the doors `doors` (every one of them must have been
    /// [`put`](Self::put)).
    #[inline(always)]
    pub fn with_doors(mut self, doors: DoorSet<D>) -> Self {
        self.doors = doors;
        self
    }

    /// Keeps only the doors in `keep`.
    #[inline(always)]
    pub fn retain(&mut self, keep: DoorSet<D>) {
        self.doors = DoorSet::from_bits(self.doors.bits() & keep.bits());
    }

    /// The inner doors.
    #[inline(always)]
    pub fn doors(&self) -> DoorSet<D> {
        self.doors
    }

    /// The cell behind `door`. For a door not in [`doors`](Self::doors) it is some cell of
    /// the shape (the cell itself, or cell 0), never an id out of range, so a caller may look
    /// every slot up in a side table without a branch and mask the answers by the doors.
    #[inline(always)]
    pub fn cell(&self, door: D) -> CellId {
        self.cells[usize::from(door.index()) & 15]
    }

    /// The wall `door` pierces (meaningful only for doors in [`doors`](Self::doors)).
    #[inline(always)]
    pub fn wall(&self, door: D) -> WallId {
        self.walls[usize::from(door.index()) & 15]
    }

    /// The (door, cell) pairs in door order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (D, CellId)> + '_ {
        self.doors.iter().map(|d| (d, self.cell(d)))
    }
}

/// How a door joins its cell to the neighbour behind it, for the pictures: every algorithm
/// treats all doors alike, but a drawing must know where a door's wall is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoorKind {
    /// An ordinary wall between two cells side by side (or the outer wall): both sides draw
    /// the same segment, so it is drawn once.
    Wall,
    /// A wall on a seam of a wrapped maze (cylinder or torus): the neighbour lies on the far
    /// border, so each side draws its own half on its own border, and a route through it
    /// leaves the picture on one side and comes back on the other.
    Seam,
    /// A stair to the level above (`up`) or below, in a multi-level maze: not a wall in the
    /// plane at all; an open one is drawn as an arrow in the cell.
    Stair {
        /// Whether the stair leads up.
        up: bool,
    },
}

/// Which layer of a woven maze a cell lies on (see [`Shape::layer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// An ordinary cell, alone in its place: every cell of the other shapes.
    Ground,
    /// The upper passage of a crossing.
    Over,
    /// The passage going under a crossing (same place and outline as its over cell).
    Under,
}

/// What [`Shape::settle`] makes of a generated maze: the shape it keeps, where each old
/// cell went, and the walls it closed again.
#[derive(Clone, Debug)]
pub struct Settled<S> {
    /// The shape the maze now has.
    pub shape: S,
    /// `cells[old id]`: the cell's id in the new shape.
    pub cells: Vec<CellId>,
    /// The walls that were open and are closed now.
    pub closed: Vec<WallId>,
}

/// A point in the plane, in cell-size units (y grows downwards, as on screen).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate, growing downwards.
    pub y: f64,
}

/// The corners of a cell in drawing order (clockwise on screen), at most 8.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    points: [Point; 8],
    len: u8,
}

impl Outline {
    /// An outline through these corners (at most 8; extra points are dropped).
    pub fn new(corners: &[Point]) -> Self {
        let mut points = [Point { x: 0.0, y: 0.0 }; 8];
        let len = corners.len().min(8);
        points[..len].copy_from_slice(&corners[..len]);
        Outline { points, len: len as u8 }
    }

    /// The corners.
    pub fn points(&self) -> &[Point] {
        &self.points[..usize::from(self.len)]
    }
}

/// The cell topology every algorithm is written against (document 000's `SHAPE` signature).
///
/// Laws, checked for every shape by the crate's tests:
/// - `neighbour(neighbour(c, d)?, opposite(c, d)) == Some(c)`;
/// - `wall(c, d) == wall(neighbour(c, d)?, opposite(c, d))` and distinct walls get distinct ids,
///   all below [`wall_count`](Shape::wall_count);
/// - [`doors`](Shape::doors) lists every door of the cell, including boundary doors
///   (whose `neighbour` is `None`).
pub trait Shape: Clone + Debug + Send + Sync + 'static {
    /// The shape's door type.
    type Door: Door;

    /// Whether some cells lie over others (a woven maze's crossings, see [`Shape::layer`]):
    /// pictures then draw every corridor inset in its cell, so that a passage is seen to
    /// go under another, and [`Algorithm::generate`](crate::Algorithm::generate) draws the
    /// layout first ([`draw_layout`](Shape::draw_layout)) and settles it after
    /// ([`settle`](Shape::settle)). False for every other shape, so their paths pay nothing.
    /// A type that stands for several shapes ([`Erased`]) says false here: code that may
    /// run on one asks [`woven`](Shape::woven) instead.
    const WOVEN: bool = false;

    /// A cell with its coordinates, for algorithms that walk from neighbour to neighbour
    /// (random walks, depth-first stacks): [`CellCursor`] unless the shape has a cheaper way
    /// than locating every cell anew.
    type Cursor: Cursor<Self>;

    /// Number of cells; cell ids are `0..cell_count()`.
    fn cell_count(&self) -> u32;

    /// The doors of `cell`, boundary doors included.
    fn doors(&self, cell: CellId) -> DoorSet<Self::Door>;

    /// The cell behind `door`, or `None` for the outer wall.
    fn neighbour(&self, cell: CellId, door: Self::Door) -> Option<CellId>;

    /// The door by which one enters the neighbour through `door` (it may depend on the cell).
    fn opposite(&self, cell: CellId, door: Self::Door) -> Self::Door;

    /// The wall pierced by `door`; both sides share the id.
    fn wall(&self, cell: CellId, door: Self::Door) -> WallId;

    /// One more than the largest wall id.
    fn wall_count(&self) -> u64;

    /// The shape's centre of `cell` in cell units, for drawing and for A*'s heuristic.
    fn centre(&self, cell: CellId) -> Point;

    /// Width and height of the whole maze drawing, in the units of [`centre`](Shape::centre).
    fn extent(&self) -> Point;

    /// The corners of `cell`, clockwise on screen.
    fn outline(&self, cell: CellId) -> Outline;

    /// The two ends of the wall behind `door`, in drawing units. Both sides of a wall give
    /// the same segment (perhaps reversed).
    fn wall_segment(&self, cell: CellId, door: Self::Door) -> [Point; 2];

    /// For a curved wall, the centre of the circle it follows: the wall is then the shorter
    /// arc of that circle between the ends [`wall_segment`](Shape::wall_segment) gives
    /// (always under a half circle). `None`, the default, is a straight wall.
    fn wall_arc(&self, cell: CellId, door: Self::Door) -> Option<Point> {
        let _ = (cell, door);
        None
    }

    /// The cell's outline as a polygon fine enough to fill: the corners of
    /// [`outline`](Shape::outline), or for curved cells points along the curves.
    fn fill_outline(&self, cell: CellId) -> Vec<Point> {
        self.outline(cell).points().to_vec()
    }

    /// How `door` joins `cell` to its neighbour in the pictures ([`DoorKind::Wall`], the
    /// default; seams of wrapped shapes and stairs between levels say otherwise).
    fn door_kind(&self, cell: CellId, door: Self::Door) -> DoorKind {
        let _ = (cell, door);
        DoorKind::Wall
    }

    /// The horizontal spans `[x0, x1]` of the drawing that stand apart from each other (the
    /// levels of a multi-level maze, drawn side by side): a printed model makes each its own
    /// plate. Empty, the default, for a drawing in one piece.
    fn plates(&self) -> Vec<[f64; 2]> {
        Vec::new()
    }

    /// Which layer `cell` lies on: [`Layer::Ground`] (the default) unless it is one of the
    /// two cells of a crossing. A cell over another lacks the doors of the passage beneath
    /// (pictures draw its sides there as walls running through); a cell under another lacks
    /// those of the passage above (pictures draw nothing there).
    fn layer(&self, cell: CellId) -> Layer {
        let _ = cell;
        Layer::Ground
    }

    /// For a shape whose layout is drawn at random with the maze (a woven maze's crossings,
    /// `--weave P`), the shape with its layout drawn from `rng`; `None`, the default, when
    /// there is nothing to draw (the layout is fixed, or was drawn already).
    fn draw_layout<R: crate::Random + ?Sized>(&self, rng: &mut R) -> Option<Self> {
        let _ = rng;
        None
    }

    /// Passages a maze on this shape is meant to have from the start (the four passages of
    /// each crossing of a woven maze), as a cell and a door: Kruskal opens them first.
    /// Other generators may leave some out; [`settle`](Shape::settle) then mends the
    /// shape. Empty by default.
    fn required_passages(&self) -> Vec<(CellId, Self::Door)> {
        Vec::new()
    }

    /// After a generator made a spanning tree of this shape's cells with the passages
    /// `open`: the shape the maze should keep, if it is not this one. A woven maze
    /// dissolves each crossing left with a dead end on a layer (closing that passage, so the
    /// tree stays a tree, and making the two layers one cell). `None`, the default, keeps
    /// the shape.
    fn settle(&self, open: &mut crate::maze::Passages) -> Option<Settled<Self>> {
        let _ = open;
        None
    }

    /// Whether the wall behind `door` is drawn from `cell`'s side: exactly one side of an
    /// ordinary wall (the outer wall's only side, or the lower cell id), both sides of a
    /// seam, neither side of a stair. Every picture draws walls by this rule.
    fn draws_wall(&self, cell: CellId, door: Self::Door) -> bool {
        match self.door_kind(cell, door) {
            DoorKind::Wall => self.neighbour(cell, door).is_none_or(|n| cell < n),
            DoorKind::Seam => true,
            DoorKind::Stair { .. } => false,
        }
    }

    /// The passages of a plain rectangular grid of four-door cells (ids row by row, `width`
    /// a row), as maze-dataset's connection array: `down[id]` for the passage to the cell
    /// below, `right[id]` for the passage to the cell on the right (both `false` on the
    /// grid's last row and column, whatever the outer walls). Returns `false`, filling
    /// nothing, when the shape is not such a grid (the default: every shape but plain square
    /// cells). Both slices hold [`cell_count`](Shape::cell_count) entries.
    ///
    /// Time O(cells), memory O(1).
    fn grid_connections(&self, open: &crate::maze::Passages, down: &mut [bool], right: &mut [bool]) -> bool {
        let _ = (open, down, right);
        false
    }

    /// The default entrance and exit: the first and the last cell, unless the shape knows
    /// better (circular mazes go from the rim to the centre).
    fn default_ends(&self) -> (CellId, CellId) {
        (CellId(0), CellId(self.cell_count() - 1))
    }

    /// The cell's coordinates as users type them: `x,y` for row shapes, `ring,index` for
    /// circular ones.
    fn cell_name(&self, cell: CellId) -> String {
        let w = self.spec().width.max(1);
        format!("{},{}", cell.0 % w, cell.0 / w)
    }

    /// The cell at the coordinates [`cell_name`](Shape::cell_name) prints, if it exists.
    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId> {
        let spec = self.spec();
        (a < spec.width && b < spec.height).then(|| CellId(b * spec.width + a))
    }

    /// The cell's id in the unmasked shape (itself, except for [`Masked`] shapes).
    fn base_cell(&self, cell: CellId) -> CellId {
        cell
    }

    /// A lower bound on the number of steps from `a` to `b` (A*'s heuristic; 0 is always safe).
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        let _ = (a, b);
        0
    }

    /// The next door of `cell` after `door`, turning clockwise (`clockwise == true`) or
    /// counter-clockwise; used by the wall follower. The default follows door indices,
    /// which are clockwise for shapes whose cells all look alike.
    fn turn(&self, cell: CellId, door: Self::Door, clockwise: bool) -> Self::Door {
        let doors = self.doors(cell);
        let n = self.door_count();
        let mut i = door.index();
        loop {
            i = if clockwise { (i + 1) % n } else { (i + n - 1) % n };
            let d = Self::Door::from_index(i);
            if doors.contains(d) {
                return d;
            }
        }
    }

    /// Whether `cell` is part of the maze (masks will say no for some cells).
    fn contains(&self, cell: CellId) -> bool {
        let _ = cell;
        true
    }

    /// Every neighbour of `cell` with the door leading to it and the wall between. Shapes
    /// override this to share the work of locating the cell between its doors.
    #[inline]
    fn adjacent(&self, cell: CellId) -> Adjacent<Self::Door> {
        let mut adj = Adjacent::default();
        for d in self.doors(cell).iter() {
            if let Some(b) = self.neighbour(cell, d) {
                adj.push(d, b, self.inner_wall(cell, d));
            }
        }
        adj
    }

    /// [`wall`](Shape::wall) for a door known to lead to another cell; shapes may skip their
    /// boundary checks here.
    #[inline]
    fn inner_wall(&self, cell: CellId, door: Self::Door) -> WallId {
        self.wall(cell, door)
    }

    /// The doors of `cell` that lead to another cell.
    #[inline]
    fn inner_doors(&self, cell: CellId) -> DoorSet<Self::Door> {
        let mut set = DoorSet::EMPTY;
        for d in self.doors(cell).iter() {
            if self.neighbour(cell, d).is_some() {
                set.insert(d);
            }
        }
        set
    }

    /// A door of `cell` in the outer wall, for entrances and exits: the first in index order,
    /// or with `from_back` the first counting from index `COUNT / 2` (so an exit in the
    /// bottom-right cell opens downwards when the entrance in the top-left opens upwards).
    fn outer_door(&self, cell: CellId, from_back: bool) -> Option<Self::Door> {
        let n = self.door_count();
        let start = if from_back { n / 2 } else { 0 };
        let doors = self.doors(cell);
        (0..n)
            .map(|k| Self::Door::from_index((start + k) % n))
            .find(|&d| doors.contains(d) && self.neighbour(cell, d).is_none())
    }

    /// The row layout, for shapes whose cells form rows with four compass doors.
    fn grid(&self) -> Option<Grid<Self::Door>> {
        None
    }

    /// The capability the square fast paths of generic generators use: `Some((width,
    /// height))` when the cells are a whole `width × height` lattice of four-door cells
    /// numbered row by row, doors numbered north 0, east 1, south 2, west 3, and the wall
    /// behind cell `id`'s east door is `2·id`, behind its south door `2·id + 1` (so a
    /// generator may find neighbours and walls by arithmetic alone). `None`, the default,
    /// for every other shape, masked squares included.
    fn square_lattice(&self) -> Option<(u32, u32)> {
        None
    }

    /// The capability of lattices numbered row by row: `Some(steps)` when, for every cell and
    /// every inner door `d` of it, the neighbour's id is the cell's id plus `steps[d]`
    /// (a wrapping add, so `u32::MAX` is −1). Generic algorithms that hold a cell and a door
    /// then find the neighbour with one addition. `None`, the default, when the step depends
    /// on the cell (rings, rows of alternating parity, masks).
    fn door_steps(&self) -> Option<[u32; 16]> {
        None
    }

    /// The capability of shapes with a character picture ([`crate::text`]): `Some` with the
    /// lattice their cells are drawn on (square, hexagonal or triangular cells in rows,
    /// masked, wrapped, woven or stacked in levels), `None`, the default, for shapes drawn
    /// with dots (circular, octagons and squares).
    fn text_grid(&self) -> Option<TextGrid<Self::Door>> {
        None
    }

    /// The shape's kind and dimensions, as the registry and the file formats name them.
    fn spec(&self) -> ShapeSpec;

    /// The door of `a` that leads to `b`, if they are adjacent.
    fn door_between(&self, a: CellId, b: CellId) -> Option<Self::Door> {
        self.doors(a).iter().find(|&d| self.neighbour(a, d) == Some(b))
    }

    /// For a unicursal labyrinth ([`crate::unicursal`]): this shape at half the size, each
    /// of whose cells (a *block*) stands for four or six cells of this one, given by
    /// [`block`](Shape::block). `None`, the default, when the shape cannot be halved so (an
    /// odd size, a mask, wrapping, levels, crossings, cells that do not split so, or polar
    /// rings not laid out in pairs: [`Polar::paired`]).
    fn halved(&self) -> Option<Self> {
        None
    }

    /// The cells of this shape that cell `block` of [`halved`](Shape::halved) stands for, in
    /// order around the block: each is adjacent to the next and the last to the first, and a
    /// block adjacent to another meets it along two cells of each, next to each other in
    /// this order (so each block is a small loop, and two loops join into one across any
    /// passage between their blocks). `None` when the shape has no halving (the default).
    fn block(&self, block: CellId) -> Option<Block> {
        let _ = block;
        None
    }

    /// How many kinds of door the shape's cells have: [`Door::COUNT`] of its door type
    /// (the default), unless that type stands for the doors of several shapes
    /// ([`Erased`]). Generic code asks here rather than the type.
    #[inline]
    fn door_count(&self) -> u8 {
        Self::Door::COUNT
    }

    /// The name of `door` ("north", "south-east"...): [`Door::name`] (the default), unless
    /// the door type stands for the doors of several shapes ([`Erased`]). Files and
    /// messages ask here rather than the door.
    #[inline]
    fn door_name(&self, door: Self::Door) -> &'static str {
        door.name()
    }

    /// Whether some cells lie over others: [`WOVEN`](Shape::WOVEN) of the shape's type (the
    /// default), unless that type stands for several shapes ([`Erased`]). Drawing code asks
    /// here rather than the type.
    #[inline]
    fn woven(&self) -> bool {
        Self::WOVEN
    }
}

/// The cells one cell of a halved shape stands for ([`Shape::block`]), in order around it:
/// four (a 2 x 2 square of square cells, or two polar cells over two) or six (two polar
/// cells under the four of a ring that doubles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    cells: [CellId; 6],
    len: u8,
}

impl Block {
    /// The block of `cells`, in order around it.
    ///
    /// # Panics
    /// Panics unless there are four to six cells.
    pub fn new(cells: &[CellId]) -> Self {
        assert!((4..=6).contains(&cells.len()), "a block has four to six cells, not {}", cells.len());
        let mut all = [CellId(0); 6];
        all[..cells.len()].copy_from_slice(cells);
        Block { cells: all, len: cells.len() as u8 }
    }

    /// The cells, in order around the block.
    pub fn cells(&self) -> &[CellId] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The wall behind `door` of `cell` in a lattice of six-door cells (hexagons with pointed or
/// flat tops, wrapped or not) of `cells` cells. Each cell owns the walls behind its doors
/// `own` (ids `3 · cell + k` for `own[k]`); the wall behind `facing[k]` (the door facing
/// `own[k]`) is the neighbour's there (`3 · neighbour + k`), or, on the outer border, numbered
/// after the cells' (`3 · cells + 3 · cell + k`). `neighbour` is asked only for a facing door.
#[inline]
pub(crate) fn six_door_wall<D: Door>(
    cell: CellId,
    door: D,
    (own, facing): ([D; 3], [D; 3]),
    neighbour: impl FnOnce() -> Option<CellId>,
    cells: u32,
) -> WallId {
    let id = u64::from(cell.0);
    if let Some(k) = own.iter().position(|&d| d == door) {
        return WallId(3 * id + k as u64);
    }
    let k = facing.iter().position(|&d| d == door).unwrap_or(0) as u64;
    WallId(match neighbour() {
        Some(c) => 3 * u64::from(c.0) + k,
        None => 3 * u64::from(cells) + 3 * id + k,
    })
}

/// How a shape with a character picture lies on it (see [`Shape::text_grid`]): a lattice
/// of cells in rows, which of the shape's cells is at each place of it, and the levels.
#[derive(Clone, Debug, PartialEq)]
pub struct TextGrid<D> {
    /// The cells' arrangement, and the shape's doors for the lattice's.
    pub lattice: TextLattice<D>,
    /// `cells[b]`: the shape's cell at place `b` of the lattice (`u32::MAX` for none: a
    /// masked out cell, drawn blank); `None` when the shape's cell `b` is at place `b`.
    pub cells: Option<Arc<[u32]>>,
    /// Levels stacked with stairs between them: each level is the lattice again, the cells
    /// of a level numbered after those of the levels below. `None` for one flat lattice.
    pub levels: Option<TextLevels<D>>,
}

impl<D: Door> TextGrid<D> {
    /// One flat lattice, every place holding the cell of the same number.
    pub fn flat(lattice: TextLattice<D>) -> Self {
        TextGrid { lattice, cells: None, levels: None }
    }

    /// The same grid for a shape whose doors are `map` of these.
    pub fn map_doors<E: Door>(self, map: impl Fn(D) -> E) -> TextGrid<E> {
        TextGrid {
            lattice: self.lattice.map_doors(&map),
            cells: self.cells,
            levels: self.levels.map(|l| TextLevels { count: l.count, up: map(l.up), down: map(l.down) }),
        }
    }
}

/// The lattice of a character picture: places numbered row by row, `y * width + x`.
#[derive(Clone, Debug, PartialEq)]
pub enum TextLattice<D> {
    /// Square cells, drawn with `+--+` and `|`.
    Square {
        /// Cells per row.
        width: u32,
        /// Rows.
        height: u32,
        /// The shape's door for each [`SquareDoor`], by its index.
        doors: [D; 4],
        /// A woven maze's crossings: each crossing's under cell is numbered
        /// `width * height + k` for the crossing of rank `k`.
        crossings: Option<Arc<Crossings>>,
    },
    /// Hexagons in offset rows, drawn with `/ \ |`.
    Hex {
        /// Cells per row.
        width: u32,
        /// Rows.
        height: u32,
        /// The shape's door for each [`HexDoor`], by its index.
        doors: [D; 6],
    },
    /// Flat-top hexagons in offset columns (sigma cells), drawn with `/ \ __`.
    Sigma {
        /// Cells per row (columns).
        width: u32,
        /// Rows.
        height: u32,
        /// The shape's door for each [`SigmaDoor`], by its index.
        doors: [D; 6],
    },
    /// Triangles pointing up and down in rows, drawn with `/ \ _`.
    Triangle {
        /// The triangles' layout.
        shape: Triangle,
        /// The shape's door for each [`TriangleDoor`], by its index.
        doors: [D; 3],
    },
}

impl<D: Door> TextLattice<D> {
    /// `D`'s doors in index order: the door array of a lattice whose doors are the shape's
    /// own ([`SquareDoor`]s, [`HexDoor`]s, [`SigmaDoor`]s or [`TriangleDoor`]s).
    fn doors<const N: usize>() -> [D; N] {
        std::array::from_fn(|i| D::from_index(i as u8))
    }

    /// The same lattice for a shape whose doors are `map` of these.
    pub fn map_doors<E: Door>(self, map: &impl Fn(D) -> E) -> TextLattice<E> {
        match self {
            TextLattice::Square { width, height, doors, crossings } => {
                TextLattice::Square { width, height, doors: doors.map(map), crossings }
            }
            TextLattice::Hex { width, height, doors } => {
                TextLattice::Hex { width, height, doors: doors.map(map) }
            }
            TextLattice::Sigma { width, height, doors } => {
                TextLattice::Sigma { width, height, doors: doors.map(map) }
            }
            TextLattice::Triangle { shape, doors } => TextLattice::Triangle { shape, doors: doors.map(map) },
        }
    }

    /// How many places the lattice has.
    pub fn places(&self) -> u32 {
        match self {
            TextLattice::Square { width, height, .. }
            | TextLattice::Hex { width, height, .. }
            | TextLattice::Sigma { width, height, .. } => width * height,
            TextLattice::Triangle { shape, .. } => shape.cell_count(),
        }
    }
}

impl TextLattice<SquareDoor> {
    /// Square cells `width × height`, with the square doors.
    pub fn square(width: u32, height: u32) -> Self {
        TextLattice::Square { width, height, doors: Self::doors(), crossings: None }
    }

    /// Square cells `width × height` with these crossings, with the square doors.
    pub fn woven(width: u32, height: u32, crossings: Arc<Crossings>) -> Self {
        TextLattice::Square { width, height, doors: Self::doors(), crossings: Some(crossings) }
    }
}

impl TextLattice<HexDoor> {
    /// Hexagons `width × height`, with the hexagonal doors.
    pub fn hex(width: u32, height: u32) -> Self {
        TextLattice::Hex { width, height, doors: Self::doors() }
    }
}

impl TextLattice<SigmaDoor> {
    /// Sigma cells `width × height`, with the sigma doors.
    pub fn sigma(width: u32, height: u32) -> Self {
        TextLattice::Sigma { width, height, doors: Self::doors() }
    }
}

impl TextLattice<TriangleDoor> {
    /// The triangles of `shape`, with the triangular doors.
    pub fn triangle(shape: Triangle) -> Self {
        TextLattice::Triangle { shape, doors: Self::doors() }
    }
}

/// The levels of a stacked [`TextGrid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextLevels<D> {
    /// How many levels.
    pub count: u32,
    /// The door of the stair up.
    pub up: D,
    /// The door of the stair down.
    pub down: D,
}

/// Exact division and remainder of 32-bit numbers by a fixed divisor, with multiplications
/// instead of a division instruction (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019). Shapes use it to turn cell ids into columns and rows in hot loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastDiv {
    d: u32,
    m: u64,
}

impl FastDiv {
    /// A divisor; `d` must not be 0.
    ///
    /// # Panics
    /// Panics if `d == 0`.
    pub fn new(d: u32) -> Self {
        assert!(d > 0, "division by zero");
        // For d == 1 the magic number wraps to 0; `div_rem` handles that case apart.
        FastDiv { d, m: (u64::MAX / u64::from(d)).wrapping_add(1) }
    }

    /// The divisor.
    #[inline]
    pub fn divisor(self) -> u32 {
        self.d
    }

    /// `(a / d, a % d)`.
    #[inline(always)]
    pub fn div_rem(self, a: u32) -> (u32, u32) {
        if self.d == 1 {
            return (a, 0);
        }
        let q = ((u128::from(self.m) * u128::from(a)) >> 64) as u32;
        let low = self.m.wrapping_mul(u64::from(a));
        let r = ((u128::from(low) * u128::from(self.d)) >> 64) as u32;
        (q, r)
    }

    /// `a % d`.
    #[inline(always)]
    pub fn remainder(self, a: u32) -> u32 {
        self.div_rem(a).1
    }
}

/// The row layout of grid-like shapes: cells in `height` rows of `width`, id `y * width + x`,
/// row 0 at the top, with the four compass doors. Row-based generators (binary tree,
/// sidewinder, Eller) and the wall adders (recursive division, quad division) need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid<D> {
    /// Cells per row.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// The door to row y − 1.
    pub north: D,
    /// The door to column x + 1.
    pub east: D,
    /// The door to row y + 1.
    pub south: D,
    /// The door to column x − 1.
    pub west: D,
}

impl<D> Grid<D> {
    /// The id of the cell at column `x`, row `y`.
    #[inline]
    pub fn at(&self, x: u32, y: u32) -> CellId {
        CellId(y * self.width + x)
    }
}

#[cfg(test)]
mod tests {
    use super::{CellId, FastDiv, Hex, Point, Shape, Sigma, Square, Triangle};

    fn close(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    /// Geometry laws: both sides of a wall draw the same segment; segments join corners of
    /// the outline; every corner and centre lies within the extent; neighbours do not
    /// overlap (their centres are a fixed distance apart).
    fn geometry_laws<S: Shape>(shape: S) {
        let ext = shape.extent();
        for c in 0..shape.cell_count() {
            let cell = CellId(c);
            let outline = shape.outline(cell);
            let centre = shape.centre(cell);
            assert!(centre.x > 0.0 && centre.y > 0.0 && centre.x < ext.x && centre.y < ext.y);
            for p in outline.points() {
                assert!(
                    p.x > -1e-9 && p.y > -1e-9 && p.x < ext.x + 1e-9 && p.y < ext.y + 1e-9,
                    "{p:?} {ext:?}"
                );
            }
            for d in shape.doors(cell).iter() {
                let [a, b] = shape.wall_segment(cell, d);
                assert!(outline.points().iter().any(|&p| close(p, a)));
                assert!(outline.points().iter().any(|&p| close(p, b)));
                if let Some(n) = shape.neighbour(cell, d) {
                    let [c2, d2] = shape.wall_segment(n, shape.opposite(cell, d));
                    assert!(
                        (close(a, c2) && close(b, d2)) || (close(a, d2) && close(b, c2)),
                        "{cell:?} {d:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn geometry_is_consistent() {
        for (w, h) in [(1, 1), (1, 2), (3, 1), (4, 3), (5, 6)] {
            geometry_laws(Square::new(w, h));
            geometry_laws(Hex::new(w, h));
            geometry_laws(Sigma::new(w, h));
            if w >= 2 || h <= 2 {
                geometry_laws(Triangle::new(w, h));
            }
        }
    }
    use crate::random::{Random, Xoshiro};

    /// A door type with the most doors a shape may have, to check the sets' bit tricks.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Sixteen(u8);

    impl super::Door for Sixteen {
        const COUNT: u8 = 16;
        fn index(self) -> u8 {
            self.0
        }
        fn from_index(i: u8) -> Self {
            Sixteen(i)
        }
        fn name(self) -> &'static str {
            "sixteen"
        }
    }

    #[test]
    fn nth_door_is_the_nth_in_index_order() {
        for bits in 0..=u16::MAX {
            let set = super::DoorSet::<Sixteen>::from_bits(bits);
            let listed: Vec<Sixteen> = set.iter().collect();
            assert_eq!(set.len() as usize, listed.len(), "{bits:#b}");
            for k in 0..=17 {
                assert_eq!(set.nth(k), listed.get(k as usize).copied(), "{bits:#b} {k}");
            }
        }
    }

    #[test]
    fn fast_division_is_exact() {
        let mut rng = Xoshiro::seed_from_u64(9);
        let mut divisors = vec![1, 2, 3, 7, 10, 1000, 4000, 65_535, 65_536, u32::MAX - 1, u32::MAX];
        divisors.extend((0..200).map(|_| 1 + rng.below(u64::from(u32::MAX)) as u32));
        for d in divisors {
            let f = FastDiv::new(d);
            let mut values = vec![0, 1, d - 1, d, d.saturating_add(1), u32::MAX - 1, u32::MAX];
            values.extend((0..2000).map(|_| rng.next_u64() as u32));
            for a in values {
                assert_eq!(f.div_rem(a), (a / d, a % d), "{a} / {d}");
            }
        }
    }
}
