//! One way for a wrapper shape to answer [`Shape`] methods by asking the shape it wraps.
//!
//! [`Masked`](super::Masked), [`Levels`](super::Levels) and [`Weave`](super::Weave) each lie
//! over another shape: a mask keeps some of its cells, levels stack copies of it, crossings
//! add cells under a square maze. Many of their answers are the inner shape's answer for the
//! inner cell. Each wrapper says how its cells, doors and points map onto the inner shape's
//! ([`Forward`]) and names the methods it forwards in one [`forward_shape!`] list; every
//! forwarded method is written once, here.
//!
//! So that a provided method added to [`Shape`] cannot be forgotten by a wrapper (which
//! would then answer with the default, silently, where its inner shape says otherwise), the
//! tests below compare every method of every wrapper with its inner shape, on wrappers that
//! change nothing (a mask keeping every cell, one level, no crossings), and fail when the
//! trait has a method they do not compare.

use super::{CellId, Point, Shape};

/// How a wrapper shape lies over the shape it wraps: what [`forward_shape!`] needs to
/// answer a method by asking the inner shape.
pub(crate) trait Forward: Shape {
    /// The wrapped shape.
    type Inner: Shape;

    /// The wrapped shape.
    fn inner(&self) -> &Self::Inner;

    /// The inner shape's cell under `cell`.
    fn inner_cell(&self, cell: CellId) -> CellId;

    /// The wrapper's cell for the inner shape's `cell` (for levels: on the bottom level),
    /// if it has one (a mask may have removed it).
    fn lift_cell(&self, cell: CellId) -> Option<CellId>;

    /// The inner shape's door for `door`, or `None` for a door of the wrapper alone (a
    /// stair between levels).
    fn inner_door(door: Self::Door) -> Option<<Self::Inner as Shape>::Door>;

    /// The wrapper's door for the inner shape's `door`.
    fn lift_door(door: <Self::Inner as Shape>::Door) -> Self::Door;

    /// Where a point `p` of the inner drawing, drawn for `cell`, lies in the wrapper's
    /// drawing: the same point, unless the wrapper moves its cells (levels side by side).
    #[inline]
    fn lift_point(&self, cell: CellId, p: Point) -> Point {
        let _ = cell;
        p
    }
}

/// Writes, inside an `impl Shape for W` block of a wrapper `W: Forward`, the listed methods
/// as the inner shape's answers for the inner cell, mapped back by [`Forward`]:
/// `forward_shape!(centre, outline, wall_arc);`. Methods whose doors pass through unmapped
/// (`opposite`, `wall`, `inner_wall`, `door_kind`, `turn`) compile only for wrappers that
/// keep the inner shape's doors.
macro_rules! forward_shape {
    ($($method:ident),* $(,)?) => {
        $( $crate::shape::forward::forward_shape!(@ $method); )*
    };
    (@ opposite) => {
        #[inline]
        fn opposite(&self, cell: $crate::shape::CellId, door: Self::Door) -> Self::Door {
            use $crate::shape::forward::Forward as _;
            self.inner().opposite(self.inner_cell(cell), door)
        }
    };
    (@ wall) => {
        #[inline]
        fn wall(&self, cell: $crate::shape::CellId, door: Self::Door) -> $crate::shape::WallId {
            use $crate::shape::forward::Forward as _;
            self.inner().wall(self.inner_cell(cell), door)
        }
    };
    (@ inner_wall) => {
        #[inline]
        fn inner_wall(&self, cell: $crate::shape::CellId, door: Self::Door) -> $crate::shape::WallId {
            use $crate::shape::forward::Forward as _;
            self.inner().inner_wall(self.inner_cell(cell), door)
        }
    };
    (@ wall_count) => {
        #[inline]
        fn wall_count(&self) -> u64 {
            use $crate::shape::forward::Forward as _;
            self.inner().wall_count()
        }
    };
    (@ door_kind) => {
        #[inline]
        fn door_kind(&self, cell: $crate::shape::CellId, door: Self::Door) -> $crate::shape::DoorKind {
            use $crate::shape::forward::Forward as _;
            self.inner().door_kind(self.inner_cell(cell), door)
        }
    };
    (@ turn) => {
        #[inline]
        fn turn(&self, cell: $crate::shape::CellId, door: Self::Door, clockwise: bool) -> Self::Door {
            use $crate::shape::forward::Forward as _;
            self.inner().turn(self.inner_cell(cell), door, clockwise)
        }
    };
    (@ outer_door) => {
        #[inline]
        fn outer_door(&self, cell: $crate::shape::CellId, from_back: bool) -> Option<Self::Door> {
            use $crate::shape::forward::Forward as _;
            self.inner().outer_door(self.inner_cell(cell), from_back).map(Self::lift_door)
        }
    };
    (@ centre) => {
        #[inline]
        fn centre(&self, cell: $crate::shape::CellId) -> $crate::shape::Point {
            use $crate::shape::forward::Forward as _;
            self.lift_point(cell, self.inner().centre(self.inner_cell(cell)))
        }
    };
    (@ extent) => {
        #[inline]
        fn extent(&self) -> $crate::shape::Point {
            use $crate::shape::forward::Forward as _;
            self.inner().extent()
        }
    };
    (@ outline) => {
        #[inline]
        fn outline(&self, cell: $crate::shape::CellId) -> $crate::shape::Outline {
            use $crate::shape::forward::Forward as _;
            let inner = self.inner().outline(self.inner_cell(cell));
            let mut points = [$crate::shape::Point { x: 0.0, y: 0.0 }; 8];
            for (to, &p) in points.iter_mut().zip(inner.points()) {
                *to = self.lift_point(cell, p);
            }
            $crate::shape::Outline::new(&points[..inner.points().len()])
        }
    };
    (@ fill_outline) => {
        #[inline]
        fn fill_outline(&self, cell: $crate::shape::CellId) -> Vec<$crate::shape::Point> {
            use $crate::shape::forward::Forward as _;
            let points = self.inner().fill_outline(self.inner_cell(cell));
            points.into_iter().map(|p| self.lift_point(cell, p)).collect()
        }
    };
    (@ wall_segment) => {
        #[inline]
        fn wall_segment(&self, cell: $crate::shape::CellId, door: Self::Door) -> [$crate::shape::Point; 2] {
            use $crate::shape::forward::Forward as _;
            match Self::inner_door(door) {
                Some(d) => self.inner().wall_segment(self.inner_cell(cell), d).map(|p| self.lift_point(cell, p)),
                // A door of the wrapper alone (a stair) has no wall in the plane: a point at
                // the centre.
                None => [self.centre(cell); 2],
            }
        }
    };
    (@ wall_arc) => {
        #[inline]
        fn wall_arc(&self, cell: $crate::shape::CellId, door: Self::Door) -> Option<$crate::shape::Point> {
            use $crate::shape::forward::Forward as _;
            let arc = self.inner().wall_arc(self.inner_cell(cell), Self::inner_door(door)?);
            arc.map(|p| self.lift_point(cell, p))
        }
    };
    (@ plates) => {
        #[inline]
        fn plates(&self) -> Vec<[f64; 2]> {
            use $crate::shape::forward::Forward as _;
            self.inner().plates()
        }
    };
    (@ layer) => {
        #[inline]
        fn layer(&self, cell: $crate::shape::CellId) -> $crate::shape::Layer {
            use $crate::shape::forward::Forward as _;
            self.inner().layer(self.inner_cell(cell))
        }
    };
    (@ default_ends) => {
        #[inline]
        fn default_ends(&self) -> ($crate::shape::CellId, $crate::shape::CellId) {
            use $crate::shape::forward::Forward as _;
            let (a, b) = self.inner().default_ends();
            let last = $crate::shape::CellId(self.cell_count() - 1);
            (
                self.lift_cell(a).unwrap_or($crate::shape::CellId(0)),
                self.lift_cell(b).unwrap_or(last),
            )
        }
    };
    (@ cell_name) => {
        #[inline]
        fn cell_name(&self, cell: $crate::shape::CellId) -> String {
            use $crate::shape::forward::Forward as _;
            self.inner().cell_name(self.inner_cell(cell))
        }
    };
    (@ cell_by_coords) => {
        #[inline]
        fn cell_by_coords(&self, a: u32, b: u32) -> Option<$crate::shape::CellId> {
            use $crate::shape::forward::Forward as _;
            self.lift_cell(self.inner().cell_by_coords(a, b)?)
        }
    };
    (@ base_cell) => {
        #[inline]
        fn base_cell(&self, cell: $crate::shape::CellId) -> $crate::shape::CellId {
            use $crate::shape::forward::Forward as _;
            self.inner().base_cell(self.inner_cell(cell))
        }
    };
    (@ min_steps) => {
        #[inline]
        fn min_steps(&self, a: $crate::shape::CellId, b: $crate::shape::CellId) -> u32 {
            use $crate::shape::forward::Forward as _;
            self.inner().min_steps(self.inner_cell(a), self.inner_cell(b))
        }
    };
    (@ contains) => {
        #[inline]
        fn contains(&self, cell: $crate::shape::CellId) -> bool {
            use $crate::shape::forward::Forward as _;
            self.inner().contains(self.inner_cell(cell))
        }
    };
}

pub(crate) use forward_shape;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Arc;

    use super::Forward;
    use crate::maze::{Maze, Passages};
    use crate::random::Xoshiro;
    use crate::shape::{
        CellId, Crossings, Door, Hex, Levels, Mask, Masked, Polar, Shape, Square, Triangle, Upsilon, Weave,
        WeaveLayout,
    };

    /// Every method of [`Shape`] the comparison below checks. A method added to the trait
    /// must be added here, with its comparison, or `every_shape_method_is_compared` fails.
    const COMPARED: &[&str] = &[
        "grid_connections",
        "cell_count",
        "doors",
        "neighbour",
        "opposite",
        "wall",
        "wall_count",
        "centre",
        "extent",
        "outline",
        "wall_segment",
        "wall_arc",
        "fill_outline",
        "door_kind",
        "plates",
        "layer",
        "draw_layout",
        "required_passages",
        "settle",
        "draws_wall",
        "default_ends",
        "cell_name",
        "cell_by_coords",
        "base_cell",
        "min_steps",
        "turn",
        "contains",
        "adjacent",
        "inner_wall",
        "inner_doors",
        "outer_door",
        "grid",
        "square_lattice",
        "door_steps",
        "text_grid",
        "spec",
        "door_between",
        "halved",
        "block",
        "door_count",
        "door_name",
        "woven",
    ];

    /// The names of the methods the trait [`Shape`] declares, read from its source.
    fn trait_methods() -> BTreeSet<String> {
        let source = include_str!("mod.rs");
        let start = source.find("pub trait Shape:").expect("the trait is in mod.rs");
        let body = &source[start..];
        let end = body.find("\n}\n").expect("the trait ends");
        body[..end]
            .lines()
            .filter_map(|l| l.strip_prefix("    fn "))
            .map(|l| l.split(['(', '<']).next().expect("a name").to_string())
            .collect()
    }

    #[test]
    fn every_shape_method_is_compared() {
        let declared = trait_methods();
        assert!(declared.len() > 30, "the trait's methods are read: {declared:?}");
        let compared: BTreeSet<String> = COMPARED.iter().map(|s| s.to_string()).collect();
        let missing: Vec<_> = declared.difference(&compared).collect();
        assert!(
            missing.is_empty(),
            "Shape methods no wrapper test compares: {missing:?}; compare them in wrappers_answer_as_their_inner_shape \
             and decide, for each wrapper, whether it forwards them (forward_shape!)"
        );
        let stale: Vec<_> = compared.difference(&declared).collect();
        assert!(stale.is_empty(), "compared methods the trait no longer has: {stale:?}");
    }

    /// Asserts that `w`, a wrapper that changes nothing (its cells are its inner shape's,
    /// one for one), answers every method of [`Shape`] as its inner shape does, mapped by
    /// [`Forward`], except the methods in `differ`, whose answers differ by design.
    fn answers_as_inner<W: Forward>(w: &W, differ: &[&str]) {
        let inner = w.inner();
        let name = std::any::type_name::<W>();
        let mut checked = BTreeSet::new();
        let mut same = |method: &'static str, equal: bool| {
            checked.insert(method);
            if !differ.contains(&method) {
                assert!(equal, "{name}: {method} answers otherwise than the shape it wraps");
            }
        };
        let map_door = |d: W::Door| W::inner_door(d);
        let map_cell = |c: CellId| w.inner_cell(c);
        same("cell_count", w.cell_count() == inner.cell_count());
        same("wall_count", w.wall_count() == inner.wall_count());
        same("extent", w.extent() == inner.extent());
        same("plates", w.plates() == inner.plates());
        same("spec", {
            let (a, b) = (w.spec(), inner.spec());
            (a.kind, a.width, a.height) == (b.kind, b.width, b.height)
        });
        same("grid", w.grid().is_some() == inner.grid().is_some());
        same("square_lattice", w.square_lattice() == inner.square_lattice());
        same("door_steps", w.door_steps() == inner.door_steps());
        same("grid_connections", {
            let (n, m) = (w.cell_count() as usize, inner.cell_count() as usize);
            let (mut down, mut right) = (vec![false; n.max(m)], vec![false; n.max(m)]);
            let mine = w.grid_connections(&Passages::closed(w.wall_count()), &mut down[..n], &mut right[..n]);
            let theirs = inner.grid_connections(
                &Passages::closed(inner.wall_count()),
                &mut down[..m],
                &mut right[..m],
            );
            mine == theirs
        });
        same("text_grid", w.text_grid().is_some() == inner.text_grid().is_some());
        same("halved", w.halved().map(|h| h.cell_count()) == inner.halved().map(|h| h.cell_count()));
        same("block", w.block(CellId(0)) == inner.block(CellId(0)));
        same("door_count", w.door_count() == inner.door_count());
        same("woven", w.woven() == inner.woven());
        same("text picture", {
            let style = crate::text::Style::Ascii;
            crate::text::render(&Maze::new(w.clone()), None, style)
                == crate::text::render(&Maze::new(inner.clone()), None, style)
        });
        let mut rng = Xoshiro::seed_from_u64(1);
        same("draw_layout", w.draw_layout(&mut rng).is_some() == inner.draw_layout(&mut rng).is_some());
        same("required_passages", {
            let mapped: Vec<_> =
                w.required_passages().into_iter().map(|(c, d)| (map_cell(c), map_door(d))).collect();
            let theirs: Vec<_> = inner.required_passages().into_iter().map(|(c, d)| (c, Some(d))).collect();
            mapped == theirs
        });
        same("settle", {
            let (mut a, mut b) = (Passages::closed(w.wall_count()), Passages::closed(inner.wall_count()));
            w.settle(&mut a).is_some() == inner.settle(&mut b).is_some()
        });
        same("default_ends", {
            let (a, b) = w.default_ends();
            (map_cell(a), map_cell(b)) == inner.default_ends()
        });
        let n = w.cell_count();
        for c in 0..n {
            let cell = CellId(c);
            let ic = map_cell(cell);
            same("contains", w.contains(cell) == inner.contains(ic));
            same("centre", w.centre(cell) == inner.centre(ic));
            same("outline", w.outline(cell) == inner.outline(ic));
            same("fill_outline", w.fill_outline(cell) == inner.fill_outline(ic));
            same("layer", w.layer(cell) == inner.layer(ic));
            same("cell_name", w.cell_name(cell) == inner.cell_name(ic));
            same("base_cell", w.base_cell(cell) == inner.base_cell(ic));
            same("doors", {
                let mapped: Vec<_> = w.doors(cell).iter().map(map_door).collect();
                let theirs: Vec<_> = inner.doors(ic).iter().map(Some).collect();
                mapped == theirs
            });
            same("inner_doors", {
                let mapped: Vec<_> = w.inner_doors(cell).iter().map(map_door).collect();
                let theirs: Vec<_> = inner.inner_doors(ic).iter().map(Some).collect();
                mapped == theirs
            });
            same("adjacent", {
                let mapped: Vec<_> =
                    w.adjacent(cell).iter().map(|(d, b)| (map_door(d), map_cell(b))).collect();
                let theirs: Vec<_> = inner.adjacent(ic).iter().map(|(d, b)| (Some(d), b)).collect();
                mapped == theirs
            });
            for back in [false, true] {
                same(
                    "outer_door",
                    w.outer_door(cell, back).map(map_door) == inner.outer_door(ic, back).map(Some),
                );
            }
            for other in [0, c / 2, n - 1] {
                let (o, io) = (CellId(other), map_cell(CellId(other)));
                same("min_steps", w.min_steps(cell, o) == inner.min_steps(ic, io));
                same(
                    "door_between",
                    w.door_between(cell, o).map(map_door) == inner.door_between(ic, io).map(Some),
                );
            }
            for d in inner.doors(ic).iter() {
                let od = W::lift_door(d);
                same("neighbour", w.neighbour(cell, od).map(map_cell) == inner.neighbour(ic, d));
                same("opposite", map_door(w.opposite(cell, od)) == Some(inner.opposite(ic, d)));
                same("wall", w.wall(cell, od) == inner.wall(ic, d));
                if inner.neighbour(ic, d).is_some() {
                    same("inner_wall", w.inner_wall(cell, od) == inner.inner_wall(ic, d));
                }
                same("wall_segment", w.wall_segment(cell, od) == inner.wall_segment(ic, d));
                same("wall_arc", w.wall_arc(cell, od) == inner.wall_arc(ic, d));
                same("door_kind", w.door_kind(cell, od) == inner.door_kind(ic, d));
                same("draws_wall", w.draws_wall(cell, od) == inner.draws_wall(ic, d));
                same("door_name", w.door_name(od) == inner.door_name(d));
                for clockwise in [false, true] {
                    same("turn", map_door(w.turn(cell, od, clockwise)) == Some(inner.turn(ic, d, clockwise)));
                }
            }
        }
        let spec = inner.spec();
        for (a, b) in [(0, 0), (1, 0), (0, 1), (spec.width - 1, spec.height - 1), (spec.width, 0)] {
            same("cell_by_coords", w.cell_by_coords(a, b).map(map_cell) == inner.cell_by_coords(a, b));
        }
        let unchecked: Vec<_> = COMPARED.iter().filter(|m| !checked.contains(*m)).collect();
        assert!(unchecked.is_empty(), "{name}: not compared: {unchecked:?}");
    }

    /// What a mask keeping every cell answers otherwise than its base, by design: it
    /// renumbers cells (so it offers none of the lattice fast paths, nor maze-dataset's
    /// connection array, nor a halving for unicursal labyrinths), and a door to a
    /// removed cell is a boundary, so `outer_door` is the trait's own, not the base's.
    const MASK_DIFFERS: &[&str] =
        &["grid", "square_lattice", "door_steps", "grid_connections", "halved", "block"];

    /// What one level answers otherwise than its base, by design: stair walls are
    /// numbered after the base walls even with one level, a cell's name says its level, the
    /// drawing is one plate as wide as the levels side by side (with one level the base's
    /// width, up to rounding), the text picture has a heading per level, the levels
    /// offer no row layout (nor maze-dataset's connection array, nor a halving), and their
    /// cells have two more doors (the stairs).
    const LEVELS_DIFFER: &[&str] = &[
        "door_count",
        "wall_count",
        "cell_name",
        "plates",
        "extent",
        "text picture",
        "grid",
        "square_lattice",
        "door_steps",
        "grid_connections",
        "halved",
        "block",
    ];

    /// What a woven square maze without crossings answers otherwise than its square: it
    /// offers no lattice fast paths, no connection array and no halving (crossings add
    /// cells), and it says it is woven.
    const WEAVE_DIFFERS: &[&str] =
        &["grid", "square_lattice", "door_steps", "grid_connections", "halved", "block", "woven"];

    fn full_mask<S: Shape>(s: S) -> Masked<S> {
        let mask = Mask::from_fn(s.cell_count(), |_| true);
        Masked::new(s, Arc::new(mask))
    }

    fn wrappers_of<S: Shape>(s: S) {
        answers_as_inner(&full_mask(s.clone()), MASK_DIFFERS);
        let levels_differ: Vec<&str> = if s.spec().kind == crate::ShapeKind::Triangle {
            // Triangles leave no blank in a cell for the stairs' marks, so levels of them
            // (which no option makes) have no character picture.
            LEVELS_DIFFER.iter().copied().chain(["text_grid"]).collect()
        } else {
            LEVELS_DIFFER.to_vec()
        };
        answers_as_inner(&Levels::new(s, 1), &levels_differ);
    }

    #[test]
    fn wrappers_answer_as_their_inner_shape() {
        for (w, h) in [(2, 2), (4, 3), (7, 6)] {
            wrappers_of(Square::new(w, h));
            wrappers_of(Hex::new(w, h));
            wrappers_of(Triangle::new(w, h));
            wrappers_of(Upsilon::new(w, h));
            let weave = Weave::new(w, h, &WeaveLayout::Placed(Arc::new(Crossings::none(w, h))));
            answers_as_inner(&weave, WEAVE_DIFFERS);
        }
        for (w, rings) in [(3, 2), (6, 5)] {
            wrappers_of(Polar::new(w, rings));
        }
    }

    #[test]
    fn door_maps_round_trip() {
        type L = Levels<Hex>;
        for d in 0..<Hex as Shape>::Door::COUNT {
            let door = <Hex as Shape>::Door::from_index(d);
            assert_eq!(<L as Forward>::inner_door(<L as Forward>::lift_door(door)), Some(door));
        }
    }
}
