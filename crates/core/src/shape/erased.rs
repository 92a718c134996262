//! One shape type for every shape: [`Erased`] hides a concrete shape behind one table of
//! functions, so code written over [`Shape`] is compiled once for it instead of once per
//! shape type.
//!
//! The registry builds nineteen concrete shape types (six shapes, masked, wrapped, stacked
//! in levels, woven), and every generic function a front end reaches is compiled for each.
//! Natively that is what makes the hot loops fast. In the WebAssembly module, whose size the
//! page pays for on every first visit, the work that follows making a maze (drawing it in
//! every format, its statistics, reading a saved one, solving it) runs on [`Erased`]
//! instead ([`ShapeSpec::visit_cold`](super::ShapeSpec::visit_cold),
//! [`Maze::into_erased`](crate::Maze::into_erased)): the same answers through one
//! indirect call each.
//!
//! An erased shape answers every method of [`Shape`] as the shape it holds does, its doors
//! being that shape's doors by index ([`AnyDoor`]); a test checks this for every shape the
//! registry builds, and that no method of the trait is left to its default here. Its door
//! type cannot say how many doors the shape has ([`Door::COUNT`] is a constant of the type),
//! so generic code asks [`Shape::door_count`] instead, and for a door's name
//! [`Shape::door_name`].
//!
//! Not for making mazes: [`draw_layout`](Shape::draw_layout) and
//! [`settle`](Shape::settle) (a woven maze's crossings) answer `None` (a generator asked to
//! make a woven maze on one refuses), and walks use the generic [`CellCursor`]; generators
//! stay on the concrete shapes. Nor for wrapping: [`Masked`](super::Masked),
//! [`Levels`](super::Levels) and [`Weave`](super::Weave) hold concrete shapes and read
//! their door type's constants.
//!
//! With the `erase-cold` feature of this crate, native builds take the WebAssembly path
//! ([`Cold`] is [`Erased`] there too), so the whole test suite can run on it.

use std::fmt::{self, Debug};
use std::sync::Arc;

use super::{
    Adjacent, Block, CellCursor, CellId, Door, DoorKind, DoorSet, Grid, Layer, Outline, Point, Shape,
    ShapeSpec, TextGrid, WallId,
};
use crate::maze::Passages;

/// The shape type the work after making a maze runs on ([`Maze::into_cold`]): one
/// [`Erased`] for every shape in WebAssembly (and with the `erase-cold` feature), the
/// shape's own type natively.
///
/// [`Maze::into_cold`]: crate::Maze::into_cold
pub type Cold<S> = <S as ColdShape>::Cold;

/// Names [`Cold`] for every shape and turns a shape into it: the one place that chooses
/// by target ([`Maze::into_cold`] and [`ShapeSpec::visit_cold`](super::ShapeSpec::visit_cold)
/// go through it).
///
/// [`Maze::into_cold`]: crate::Maze::into_cold
pub trait ColdShape: Shape {
    /// [`Erased`] in WebAssembly (and with the `erase-cold` feature), the shape itself
    /// natively.
    type Cold: Shape;

    /// This shape as its [`Cold`] type.
    fn into_cold(self) -> Self::Cold;
}

#[cfg(any(target_arch = "wasm32", feature = "erase-cold"))]
impl<S: Shape> ColdShape for S {
    type Cold = Erased;

    fn into_cold(self) -> Erased {
        Erased::new(self)
    }
}

#[cfg(not(any(target_arch = "wasm32", feature = "erase-cold")))]
impl<S: Shape> ColdShape for S {
    type Cold = S;

    #[inline]
    fn into_cold(self) -> S {
        self
    }
}

/// A door of an [`Erased`] shape: the held shape's door with the same index. Any index
/// below 16 makes one; one at or above the held shape's [`Shape::door_count`] panics when
/// the shape is asked about it, as that shape's own `from_index` would.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AnyDoor(u8);

impl Debug for AnyDoor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "door {}", self.0)
    }
}

/// Door names by index: an erased door does not know its shape's names.
const NAMES: [&str; 16] = [
    "door 0", "door 1", "door 2", "door 3", "door 4", "door 5", "door 6", "door 7", "door 8", "door 9",
    "door 10", "door 11", "door 12", "door 13", "door 14", "door 15",
];

impl Door for AnyDoor {
    /// The most any shape has; the held shape's own count is [`Shape::door_count`].
    const COUNT: u8 = 16;

    #[inline]
    fn index(self) -> u8 {
        self.0
    }

    #[inline]
    fn from_index(i: u8) -> Self {
        assert!(i < Self::COUNT, "door index {i} out of range");
        AnyDoor(i)
    }

    fn name(self) -> &'static str {
        NAMES[usize::from(self.0 & 15)]
    }
}

/// The same doors, typed for the other shape (door indices are kept).
#[inline]
fn retype<D: Door, E: Door>(set: DoorSet<D>) -> DoorSet<E> {
    DoorSet::from_bits(set.bits())
}

/// [`Shape`] with doors passed by index, so that it can be called through a `dyn`
/// (`Shape` itself cannot: it has associated types and generic methods). Implemented for
/// every shape; each method is the shape's own.
trait DynShape: Debug + Send + Sync {
    fn cell_count(&self) -> u32;
    fn doors(&self, cell: CellId) -> u16;
    fn neighbour(&self, cell: CellId, door: u8) -> Option<CellId>;
    fn opposite(&self, cell: CellId, door: u8) -> u8;
    fn wall(&self, cell: CellId, door: u8) -> WallId;
    fn wall_count(&self) -> u64;
    fn centre(&self, cell: CellId) -> Point;
    fn extent(&self) -> Point;
    fn outline(&self, cell: CellId) -> Outline;
    fn wall_segment(&self, cell: CellId, door: u8) -> [Point; 2];
    fn wall_arc(&self, cell: CellId, door: u8) -> Option<Point>;
    fn fill_outline(&self, cell: CellId) -> Vec<Point>;
    fn door_kind(&self, cell: CellId, door: u8) -> DoorKind;
    fn plates(&self) -> Vec<[f64; 2]>;
    fn layer(&self, cell: CellId) -> Layer;
    fn required_passages(&self) -> Vec<(CellId, AnyDoor)>;
    fn draws_wall(&self, cell: CellId, door: u8) -> bool;
    fn grid_connections(&self, open: &Passages, down: &mut [bool], right: &mut [bool]) -> bool;
    fn default_ends(&self) -> (CellId, CellId);
    fn cell_name(&self, cell: CellId) -> String;
    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId>;
    fn base_cell(&self, cell: CellId) -> CellId;
    fn min_steps(&self, a: CellId, b: CellId) -> u32;
    fn turn(&self, cell: CellId, door: u8, clockwise: bool) -> u8;
    fn contains(&self, cell: CellId) -> bool;
    fn adjacent(&self, cell: CellId) -> Adjacent<AnyDoor>;
    fn inner_wall(&self, cell: CellId, door: u8) -> WallId;
    fn inner_doors(&self, cell: CellId) -> u16;
    fn outer_door(&self, cell: CellId, from_back: bool) -> Option<u8>;
    fn grid(&self) -> Option<Grid<AnyDoor>>;
    fn square_lattice(&self) -> Option<(u32, u32)>;
    fn door_steps(&self) -> Option<[u32; 16]>;
    fn text_grid(&self) -> Option<TextGrid<AnyDoor>>;
    fn spec(&self) -> ShapeSpec;
    fn door_between(&self, a: CellId, b: CellId) -> Option<u8>;
    fn halved(&self) -> Option<Erased>;
    fn block(&self, block: CellId) -> Option<Block>;
    fn door_count(&self) -> u8;
    fn door_name(&self, door: u8) -> &'static str;
    fn woven(&self) -> bool;
}

impl<S: Shape> DynShape for S {
    fn cell_count(&self) -> u32 {
        Shape::cell_count(self)
    }
    fn doors(&self, cell: CellId) -> u16 {
        Shape::doors(self, cell).bits()
    }
    fn neighbour(&self, cell: CellId, door: u8) -> Option<CellId> {
        Shape::neighbour(self, cell, S::Door::from_index(door))
    }
    fn opposite(&self, cell: CellId, door: u8) -> u8 {
        Shape::opposite(self, cell, S::Door::from_index(door)).index()
    }
    fn wall(&self, cell: CellId, door: u8) -> WallId {
        Shape::wall(self, cell, S::Door::from_index(door))
    }
    fn wall_count(&self) -> u64 {
        Shape::wall_count(self)
    }
    fn centre(&self, cell: CellId) -> Point {
        Shape::centre(self, cell)
    }
    fn extent(&self) -> Point {
        Shape::extent(self)
    }
    fn outline(&self, cell: CellId) -> Outline {
        Shape::outline(self, cell)
    }
    fn wall_segment(&self, cell: CellId, door: u8) -> [Point; 2] {
        Shape::wall_segment(self, cell, S::Door::from_index(door))
    }
    fn wall_arc(&self, cell: CellId, door: u8) -> Option<Point> {
        Shape::wall_arc(self, cell, S::Door::from_index(door))
    }
    fn fill_outline(&self, cell: CellId) -> Vec<Point> {
        Shape::fill_outline(self, cell)
    }
    fn door_kind(&self, cell: CellId, door: u8) -> DoorKind {
        Shape::door_kind(self, cell, S::Door::from_index(door))
    }
    fn plates(&self) -> Vec<[f64; 2]> {
        Shape::plates(self)
    }
    fn layer(&self, cell: CellId) -> Layer {
        Shape::layer(self, cell)
    }
    fn required_passages(&self) -> Vec<(CellId, AnyDoor)> {
        Shape::required_passages(self).into_iter().map(|(c, d)| (c, AnyDoor(d.index()))).collect()
    }
    fn draws_wall(&self, cell: CellId, door: u8) -> bool {
        Shape::draws_wall(self, cell, S::Door::from_index(door))
    }
    fn grid_connections(&self, open: &Passages, down: &mut [bool], right: &mut [bool]) -> bool {
        Shape::grid_connections(self, open, down, right)
    }
    fn default_ends(&self) -> (CellId, CellId) {
        Shape::default_ends(self)
    }
    fn cell_name(&self, cell: CellId) -> String {
        Shape::cell_name(self, cell)
    }
    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId> {
        Shape::cell_by_coords(self, a, b)
    }
    fn base_cell(&self, cell: CellId) -> CellId {
        Shape::base_cell(self, cell)
    }
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        Shape::min_steps(self, a, b)
    }
    fn turn(&self, cell: CellId, door: u8, clockwise: bool) -> u8 {
        Shape::turn(self, cell, S::Door::from_index(door), clockwise).index()
    }
    fn contains(&self, cell: CellId) -> bool {
        Shape::contains(self, cell)
    }
    fn adjacent(&self, cell: CellId) -> Adjacent<AnyDoor> {
        Shape::adjacent(self, cell).retype()
    }
    fn inner_wall(&self, cell: CellId, door: u8) -> WallId {
        Shape::inner_wall(self, cell, S::Door::from_index(door))
    }
    fn inner_doors(&self, cell: CellId) -> u16 {
        Shape::inner_doors(self, cell).bits()
    }
    fn outer_door(&self, cell: CellId, from_back: bool) -> Option<u8> {
        Shape::outer_door(self, cell, from_back).map(Door::index)
    }
    fn grid(&self) -> Option<Grid<AnyDoor>> {
        Shape::grid(self).map(|g| Grid {
            width: g.width,
            height: g.height,
            north: AnyDoor(g.north.index()),
            east: AnyDoor(g.east.index()),
            south: AnyDoor(g.south.index()),
            west: AnyDoor(g.west.index()),
        })
    }
    fn square_lattice(&self) -> Option<(u32, u32)> {
        Shape::square_lattice(self)
    }
    fn door_steps(&self) -> Option<[u32; 16]> {
        Shape::door_steps(self)
    }
    fn text_grid(&self) -> Option<TextGrid<AnyDoor>> {
        Shape::text_grid(self).map(|g| g.map_doors(|d| AnyDoor(d.index())))
    }
    fn spec(&self) -> ShapeSpec {
        Shape::spec(self)
    }
    fn door_between(&self, a: CellId, b: CellId) -> Option<u8> {
        Shape::door_between(self, a, b).map(Door::index)
    }
    fn halved(&self) -> Option<Erased> {
        Shape::halved(self).map(Erased::new)
    }
    fn block(&self, block: CellId) -> Option<Block> {
        Shape::block(self, block)
    }
    fn door_count(&self) -> u8 {
        Shape::door_count(self)
    }
    fn door_name(&self, door: u8) -> &'static str {
        Shape::door_name(self, S::Door::from_index(door))
    }
    fn woven(&self) -> bool {
        Shape::woven(self)
    }
}

/// Any shape, its type chosen at run time (see the [module](self)): cheap to clone (the
/// shape is shared), answering every method as the shape it holds.
#[derive(Clone)]
pub struct Erased(Arc<dyn DynShape>);

impl Erased {
    /// Hides `shape`'s type.
    pub fn new<S: Shape>(shape: S) -> Self {
        Erased(Arc::new(shape))
    }
}

impl Debug for Erased {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Erased").field(&self.0).finish()
    }
}

impl Shape for Erased {
    type Door = AnyDoor;
    type Cursor = CellCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.0.cell_count()
    }
    #[inline]
    fn doors(&self, cell: CellId) -> DoorSet<AnyDoor> {
        DoorSet::from_bits(self.0.doors(cell))
    }
    #[inline]
    fn neighbour(&self, cell: CellId, door: AnyDoor) -> Option<CellId> {
        self.0.neighbour(cell, door.0)
    }
    fn opposite(&self, cell: CellId, door: AnyDoor) -> AnyDoor {
        AnyDoor(self.0.opposite(cell, door.0))
    }
    fn wall(&self, cell: CellId, door: AnyDoor) -> WallId {
        self.0.wall(cell, door.0)
    }
    fn wall_count(&self) -> u64 {
        self.0.wall_count()
    }
    fn centre(&self, cell: CellId) -> Point {
        self.0.centre(cell)
    }
    fn extent(&self) -> Point {
        self.0.extent()
    }
    fn outline(&self, cell: CellId) -> Outline {
        self.0.outline(cell)
    }
    fn wall_segment(&self, cell: CellId, door: AnyDoor) -> [Point; 2] {
        self.0.wall_segment(cell, door.0)
    }
    fn wall_arc(&self, cell: CellId, door: AnyDoor) -> Option<Point> {
        self.0.wall_arc(cell, door.0)
    }
    fn fill_outline(&self, cell: CellId) -> Vec<Point> {
        self.0.fill_outline(cell)
    }
    fn door_kind(&self, cell: CellId, door: AnyDoor) -> DoorKind {
        self.0.door_kind(cell, door.0)
    }
    fn plates(&self) -> Vec<[f64; 2]> {
        self.0.plates()
    }
    fn layer(&self, cell: CellId) -> Layer {
        self.0.layer(cell)
    }
    /// `None`: an erased shape is not for making mazes (see the [module](self)).
    fn draw_layout<R: crate::Random + ?Sized>(&self, rng: &mut R) -> Option<Self> {
        let _ = rng;
        None
    }
    fn required_passages(&self) -> Vec<(CellId, AnyDoor)> {
        self.0.required_passages()
    }
    /// `None`: an erased shape is not for making mazes (see the [module](self)).
    fn settle(&self, open: &mut Passages) -> Option<super::Settled<Self>> {
        let _ = open;
        None
    }
    fn draws_wall(&self, cell: CellId, door: AnyDoor) -> bool {
        self.0.draws_wall(cell, door.0)
    }
    fn grid_connections(&self, open: &Passages, down: &mut [bool], right: &mut [bool]) -> bool {
        self.0.grid_connections(open, down, right)
    }
    fn default_ends(&self) -> (CellId, CellId) {
        self.0.default_ends()
    }
    fn cell_name(&self, cell: CellId) -> String {
        self.0.cell_name(cell)
    }
    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId> {
        self.0.cell_by_coords(a, b)
    }
    fn base_cell(&self, cell: CellId) -> CellId {
        self.0.base_cell(cell)
    }
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        self.0.min_steps(a, b)
    }
    fn turn(&self, cell: CellId, door: AnyDoor, clockwise: bool) -> AnyDoor {
        AnyDoor(self.0.turn(cell, door.0, clockwise))
    }
    fn contains(&self, cell: CellId) -> bool {
        self.0.contains(cell)
    }
    #[inline]
    fn adjacent(&self, cell: CellId) -> Adjacent<AnyDoor> {
        self.0.adjacent(cell)
    }
    fn inner_wall(&self, cell: CellId, door: AnyDoor) -> WallId {
        self.0.inner_wall(cell, door.0)
    }
    fn inner_doors(&self, cell: CellId) -> DoorSet<AnyDoor> {
        DoorSet::from_bits(self.0.inner_doors(cell))
    }
    fn outer_door(&self, cell: CellId, from_back: bool) -> Option<AnyDoor> {
        self.0.outer_door(cell, from_back).map(AnyDoor)
    }
    fn grid(&self) -> Option<Grid<AnyDoor>> {
        self.0.grid()
    }
    fn square_lattice(&self) -> Option<(u32, u32)> {
        self.0.square_lattice()
    }
    fn door_steps(&self) -> Option<[u32; 16]> {
        self.0.door_steps()
    }
    fn text_grid(&self) -> Option<TextGrid<AnyDoor>> {
        self.0.text_grid()
    }
    fn spec(&self) -> ShapeSpec {
        self.0.spec()
    }
    fn door_between(&self, a: CellId, b: CellId) -> Option<AnyDoor> {
        self.0.door_between(a, b).map(AnyDoor)
    }
    fn halved(&self) -> Option<Self> {
        self.0.halved()
    }
    fn block(&self, block: CellId) -> Option<Block> {
        self.0.block(block)
    }
    fn door_count(&self) -> u8 {
        self.0.door_count()
    }
    fn door_name(&self, door: AnyDoor) -> &'static str {
        self.0.door_name(door.0)
    }
    fn woven(&self) -> bool {
        self.0.woven()
    }
}

impl<D: Door> Adjacent<D> {
    /// The same neighbours, typed for another shape with the same door indices.
    #[inline]
    pub(crate) fn retype<E: Door>(self) -> Adjacent<E> {
        Adjacent { doors: retype(self.doors), cells: self.cells, walls: self.walls }
    }
}

#[cfg(test)]
mod tests {
    use super::{AnyDoor, Erased};
    use crate::shape::{CellId, Door, Shape, ShapeKind, ShapeSpec, ShapeVisitor, Weave, WeaveLayout, Wrap};
    use crate::{Maze, Passages, Xoshiro};

    /// Every method of [`Shape`] is written out in `impl Shape for Erased`: a method left to
    /// the trait's default would answer the default, not the held shape's answer.
    #[test]
    fn every_shape_method_is_forwarded() {
        let trait_source = include_str!("mod.rs");
        let start = trait_source.find("pub trait Shape:").expect("the trait is in mod.rs");
        let body = &trait_source[start..];
        let body = &body[..body.find("\n}\n").expect("the trait ends")];
        let own = include_str!("erased.rs");
        let imp = &own[own.find("impl Shape for Erased").expect("the impl")..];
        let imp = &imp[..imp.find("\n}\n").expect("the impl ends")];
        let methods: Vec<&str> = body
            .lines()
            .filter_map(|l| l.strip_prefix("    fn "))
            .map(|l| l.split(['(', '<']).next().expect("a name"))
            .collect();
        assert!(methods.len() > 30, "the trait's methods are read: {methods:?}");
        let missing: Vec<_> = methods
            .iter()
            .filter(|m| !imp.contains(&format!("    fn {m}(")) && !imp.contains(&format!("    fn {m}<")))
            .collect();
        assert!(missing.is_empty(), "Erased leaves these to the trait's default: {missing:?}");
    }

    /// Compares every answer of the erased shape with the concrete one's.
    struct Same;

    impl ShapeVisitor for Same {
        type Output = ();
        fn visit<S: Shape>(self, s: S) {
            let e = Erased::new(s.clone());
            let any = |d: S::Door| AnyDoor(d.index());
            let name = format!("{:?}", s.spec());
            assert_eq!(e.cell_count(), s.cell_count(), "{name}");
            assert_eq!(e.wall_count(), s.wall_count(), "{name}");
            assert_eq!(e.extent(), s.extent(), "{name}");
            assert_eq!(e.plates(), s.plates(), "{name}");
            assert_eq!(e.spec(), s.spec(), "{name}");
            assert_eq!(e.door_count(), s.door_count(), "{name}");
            assert_eq!(e.woven(), s.woven(), "{name}");
            const { assert!(!<Erased as Shape>::WOVEN) };
            assert_eq!(e.default_ends(), s.default_ends(), "{name}");
            assert_eq!(e.square_lattice(), s.square_lattice(), "{name}");
            assert_eq!(e.door_steps(), s.door_steps(), "{name}");
            assert_eq!(
                e.grid().map(|g| (g.width, g.height, g.north.0, g.east.0, g.south.0, g.west.0)),
                s.grid().map(|g| (
                    g.width,
                    g.height,
                    g.north.index(),
                    g.east.index(),
                    g.south.index(),
                    g.west.index()
                )),
                "{name}"
            );
            assert_eq!(e.text_grid(), s.text_grid().map(|g| g.map_doors(any)), "{name}");
            assert_eq!(e.halved().map(|h| h.spec()), s.halved().map(|h| h.spec()), "{name}");
            let required: Vec<_> = s.required_passages().into_iter().map(|(c, d)| (c, any(d))).collect();
            assert_eq!(e.required_passages(), required, "{name}");
            let mut rng = Xoshiro::seed_from_u64(3);
            assert!(
                e.draw_layout(&mut rng).is_none()
                    && e.settle(&mut Passages::closed(e.wall_count())).is_none()
            );
            let n = s.cell_count() as usize;
            let open = Passages::closed(s.wall_count());
            let (mut a, mut b) = ((vec![false; n], vec![false; n]), (vec![false; n], vec![false; n]));
            assert_eq!(
                e.grid_connections(&open, &mut a.0, &mut a.1),
                s.grid_connections(&open, &mut b.0, &mut b.1),
                "{name}"
            );
            assert_eq!(a, b, "{name}");
            let spec = s.spec();
            for (x, y) in [(0, 0), (1, 0), (0, 1), (spec.width - 1, spec.height - 1), (spec.width, 0)] {
                assert_eq!(e.cell_by_coords(x, y), s.cell_by_coords(x, y), "{name}");
            }
            let n = s.cell_count();
            for c in 0..n {
                let cell = CellId(c);
                assert_eq!(e.contains(cell), s.contains(cell), "{name}");
                assert_eq!(e.centre(cell), s.centre(cell), "{name}");
                assert_eq!(e.outline(cell), s.outline(cell), "{name}");
                assert_eq!(e.fill_outline(cell), s.fill_outline(cell), "{name}");
                assert_eq!(e.layer(cell), s.layer(cell), "{name}");
                assert_eq!(e.cell_name(cell), s.cell_name(cell), "{name}");
                assert_eq!(e.base_cell(cell), s.base_cell(cell), "{name}");
                assert_eq!(e.block(cell), s.block(cell), "{name}");
                assert_eq!(e.doors(cell).bits(), s.doors(cell).bits(), "{name}");
                assert_eq!(e.inner_doors(cell).bits(), s.inner_doors(cell).bits(), "{name}");
                let adj: Vec<_> = e.adjacent(cell).iter().map(|(d, b)| (d.0, b)).collect();
                let theirs: Vec<_> = s.adjacent(cell).iter().map(|(d, b)| (d.index(), b)).collect();
                assert_eq!(adj, theirs, "{name}");
                for back in [false, true] {
                    assert_eq!(e.outer_door(cell, back), s.outer_door(cell, back).map(any), "{name}");
                }
                for other in [0, c / 2, n - 1] {
                    let o = CellId(other);
                    assert_eq!(e.min_steps(cell, o), s.min_steps(cell, o), "{name}");
                    assert_eq!(e.door_between(cell, o), s.door_between(cell, o).map(any), "{name}");
                }
                // The wall follower turns from door 0 whether or not the cell has it.
                for i in 0..s.door_count() {
                    let (a, d) = (AnyDoor(i), S::Door::from_index(i));
                    for clockwise in [false, true] {
                        assert_eq!(e.turn(cell, a, clockwise), any(s.turn(cell, d, clockwise)), "{name}");
                    }
                }
                for d in s.doors(cell).iter() {
                    let a = any(d);
                    assert_eq!(e.neighbour(cell, a), s.neighbour(cell, d), "{name}");
                    assert_eq!(e.opposite(cell, a), any(s.opposite(cell, d)), "{name}");
                    assert_eq!(e.wall(cell, a), s.wall(cell, d), "{name}");
                    if s.neighbour(cell, d).is_some() {
                        assert_eq!(e.inner_wall(cell, a), s.inner_wall(cell, d), "{name}");
                    }
                    assert_eq!(e.wall_segment(cell, a), s.wall_segment(cell, d), "{name}");
                    assert_eq!(e.wall_arc(cell, a), s.wall_arc(cell, d), "{name}");
                    assert_eq!(e.door_kind(cell, a), s.door_kind(cell, d), "{name}");
                    assert_eq!(e.draws_wall(cell, a), s.draws_wall(cell, d), "{name}");
                    assert_eq!(e.door_name(a), s.door_name(d), "{name}");
                    for clockwise in [false, true] {
                        assert_eq!(e.turn(cell, a, clockwise), any(s.turn(cell, d, clockwise)), "{name}");
                    }
                }
            }
            // And a picture drawn through it is the same picture.
            let style = crate::text::Style::Ascii;
            assert_eq!(
                crate::text::render(&Maze::new(e), None, style),
                crate::text::render(&Maze::new(s), None, style),
                "{name}"
            );
        }
    }

    /// A shape's number of cells.
    struct Cells;

    impl ShapeVisitor for Cells {
        type Output = u32;
        fn visit<S: Shape>(self, s: S) -> u32 {
            s.cell_count()
        }
    }

    /// Every shape type the registry builds, small.
    fn every_spec() -> Vec<ShapeSpec> {
        let mut specs = Vec::new();
        for &kind in ShapeKind::ALL {
            let plain = ShapeSpec::new(kind, 6, 4, 1 << 20).expect("a small shape");
            specs.push(plain.clone());
            let cells = plain.visit_base(Cells);
            let mask = crate::shape::Mask::from_fn(cells, |c| c % 7 != 3);
            specs.push(ShapeSpec { mask: Some(std::sync::Arc::new(mask)), ..plain.clone() });
            if matches!(kind, ShapeKind::Square | ShapeKind::Hex | ShapeKind::Sigma) {
                specs.push(ShapeSpec { wrap: Wrap { x: true, y: true }, ..plain.clone() });
                specs.push(ShapeSpec { levels: 3, ..plain.clone() });
            }
            if kind == ShapeKind::Square {
                let mut rng = Xoshiro::seed_from_u64(5);
                let woven =
                    Weave::new(6, 4, &WeaveLayout::Share(500_000)).draw_layout(&mut rng).expect("laid out");
                specs.push(woven.spec());
            }
            if kind == ShapeKind::Polar {
                specs.push(ShapeSpec { labyrinth: true, ..plain.clone() });
            }
        }
        specs
    }

    #[test]
    fn an_erased_shape_answers_as_the_shape_it_holds() {
        let specs = every_spec();
        assert!(specs.len() >= 19, "every shape type: {}", specs.len());
        for spec in specs {
            spec.visit(Same);
        }
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn a_door_index_out_of_range_is_refused() {
        let _ = AnyDoor::from_index(16);
    }
}
