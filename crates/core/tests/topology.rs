//! The laws of the `Shape` trait, checked for every shape at many sizes: neighbours and
//! opposite doors agree, both sides of a wall share one id and distinct walls get distinct
//! ids, the grid is connected, turning is a geometric rotation, and `min_steps` never
//! overestimates.

#[macro_use]
mod common;

use std::collections::{HashMap, HashSet};
use std::f64::consts::PI;

use common::grid_distances;
use maze_core::random::Pool;
use maze_core::{CellId, Cursor, Door, Maze, Random, Shape, ShapeKind, WallId, Xoshiro};

/// Sizes every law is checked at: degenerate strips, tiny squares, odd and even rectangles.
const SIZES: &[(u32, u32)] = &[
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 5),
    (5, 1),
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 5),
    (3, 3),
    (4, 4),
    (5, 7),
    (7, 5),
    (8, 3),
];

/// Every door law of one shape.
fn check_door_laws<S: Shape>(shape: &S) {
    let n = shape.cell_count();
    let name = format!("{:?}", shape.spec());
    assert!(n >= 1, "{name}: no cells");
    for c in (0..n).map(CellId) {
        assert!(shape.contains(c), "{name}: cell {c:?} not contained");
        let doors = shape.doors(c);
        assert!(!doors.is_empty(), "{name}: {c:?} has no doors");
        let mut inner = maze_core::DoorSet::EMPTY;
        for d in doors.iter() {
            assert!(d.index() < S::Door::COUNT, "{name}: door index out of range");
            assert_eq!(S::Door::from_index(d.index()), d, "{name}: from_index(index(d)) != d");
            let w = shape.wall(c, d);
            assert!(w.0 < shape.wall_count(), "{name}: wall {w:?} of {c:?} {d:?} >= wall_count");
            // Shapes that answer `draws_wall` faster keep the trait's rule.
            let rule = match shape.door_kind(c, d) {
                maze_core::DoorKind::Wall => shape.neighbour(c, d).is_none_or(|b| c < b),
                maze_core::DoorKind::Seam => true,
                maze_core::DoorKind::Stair { .. } => false,
            };
            assert_eq!(shape.draws_wall(c, d), rule, "{name}: draws_wall({c:?}, {d:?})");
            // A wall's ends are corners of its cell's outline (a stair has no wall).
            let corners = shape.outline(c);
            let stair = matches!(shape.door_kind(c, d), maze_core::DoorKind::Stair { .. });
            for end in shape.wall_segment(c, d).into_iter().filter(|_| !stair) {
                assert!(
                    corners.points().iter().any(|p| (p.x - end.x).abs() < 1e-9 && (p.y - end.y).abs() < 1e-9),
                    "{name}: wall_segment({c:?}, {d:?}) ends at {end:?}, not a corner"
                );
            }
            if let Some(b) = shape.neighbour(c, d) {
                inner.insert(d);
                assert!(b.0 < n, "{name}: {c:?} {d:?} leads out of range to {b:?}");
                assert_ne!(b, c, "{name}: {c:?} {d:?} leads to itself");
                let back = shape.opposite(c, d);
                assert!(shape.doors(b).contains(back), "{name}: {b:?} lacks the opposite door {back:?}");
                assert_eq!(
                    shape.neighbour(b, back),
                    Some(c),
                    "{name}: {c:?} {d:?} -> {b:?} {back:?} does not lead back"
                );
                assert_eq!(
                    shape.wall(b, back),
                    w,
                    "{name}: the two sides of {c:?} {d:?} have different wall ids"
                );
                assert_eq!(shape.door_between(c, b), Some(d), "{name}: door_between({c:?}, {b:?})");
            }
        }
        assert_eq!(shape.inner_doors(c), inner, "{name}: inner_doors({c:?}) disagrees with neighbour");
        // `adjacent` is the one-call form of `neighbour` and `inner_wall`.
        let adj = shape.adjacent(c);
        assert_eq!(adj.doors(), inner, "{name}: adjacent({c:?}) has other doors");
        for i in 0..S::Door::COUNT {
            let slot = adj.cell(S::Door::from_index(i));
            assert!(slot.0 < n, "{name}: adjacent({c:?}) slot {i} holds {slot:?}, not a cell");
        }
        for d in inner.iter() {
            assert_eq!(Some(adj.cell(d)), shape.neighbour(c, d), "{name}: adjacent({c:?}) cell behind {d:?}");
            assert_eq!(adj.wall(d), shape.inner_wall(c, d), "{name}: adjacent({c:?}) wall behind {d:?}");
            assert_eq!(adj.wall(d), shape.wall(c, d), "{name}: inner_wall({c:?}, {d:?}) != wall");
        }
        // An outer door is a door with no neighbour, and exists exactly when one does.
        for from_back in [false, true] {
            match shape.outer_door(c, from_back) {
                Some(d) => {
                    assert!(doors.contains(d) && shape.neighbour(c, d).is_none(), "{name}: outer_door({c:?})")
                }
                None => assert_eq!(inner, doors, "{name}: {c:?} has a boundary door but no outer_door"),
            }
        }
    }
}

/// Distinct sides get distinct wall ids, except the two sides of one wall.
fn check_wall_ids<S: Shape>(shape: &S) {
    let name = format!("{:?}", shape.spec());
    let mut sides: HashMap<WallId, Vec<(CellId, S::Door)>> = HashMap::new();
    for c in (0..shape.cell_count()).map(CellId) {
        for d in shape.doors(c).iter() {
            sides.entry(shape.wall(c, d)).or_default().push((c, d));
        }
    }
    let mut inner_walls = 0u64;
    for (w, list) in &sides {
        match list.as_slice() {
            [(c, d)] => {
                assert!(
                    shape.neighbour(*c, *d).is_none(),
                    "{name}: {w:?} has one side but {c:?} {d:?} has a neighbour"
                )
            }
            [(a, da), (b, db)] => {
                inner_walls += 1;
                assert_eq!(shape.neighbour(*a, *da), Some(*b), "{name}: {w:?} shared by non-neighbours");
                assert_eq!(shape.neighbour(*b, *db), Some(*a), "{name}: {w:?} shared by non-neighbours");
                assert_eq!(shape.opposite(*a, *da), *db, "{name}: {w:?} sides are not opposite doors");
            }
            more => panic!("{name}: wall {w:?} has {} sides: {more:?}", more.len()),
        }
    }
    // The maze agrees: opening every inner wall opens exactly these walls and nothing else.
    let mut maze = Maze::new(shape.clone());
    maze.open_all_inner();
    assert_eq!(maze.passages().count_open(), inner_walls, "{name}: open_all_inner opened other walls");
    assert_eq!(maze.passage_count(), inner_walls, "{name}: passage_count of the open field");
    assert_eq!(maze.adjacent_pairs().count() as u64, inner_walls, "{name}: adjacent_pairs");
}

/// The full grid graph is connected.
fn check_connected<S: Shape>(shape: &S) {
    let dist = grid_distances(shape, CellId(0));
    let lost = dist.iter().filter(|&&d| d == u32::MAX).count();
    assert_eq!(lost, 0, "{:?}: {lost} cells unreachable from cell 0 in the open grid", shape.spec());
}

/// `turn` is a rotation through every door of the cell, its two directions are inverse, and
/// clockwise is clockwise on screen (y down): the direction to the next neighbour turns by a
/// positive angle below a half turn.
fn check_turn<S: Shape>(shape: &S) {
    let name = format!("{:?}", shape.spec());
    for c in (0..shape.cell_count()).map(CellId) {
        let doors = shape.doors(c);
        for d in doors.iter() {
            for clockwise in [true, false] {
                let t = shape.turn(c, d, clockwise);
                assert!(doors.contains(t), "{name}: turn left the cell's doors");
                assert_eq!(
                    shape.turn(c, t, !clockwise),
                    d,
                    "{name}: turn({c:?}, {d:?}, {clockwise}) not undone"
                );
                // Turning len() times visits every door once and returns.
                let mut seen = HashSet::new();
                let mut e = d;
                for _ in 0..doors.len() {
                    e = shape.turn(c, e, clockwise);
                    seen.insert(e.index());
                }
                assert_eq!(e, d, "{name}: {} turns from {d:?} at {c:?} do not come back", doors.len());
                assert_eq!(seen.len() as u32, doors.len(), "{name}: turning skips doors at {c:?}");
            }
            let next = shape.turn(c, d, true);
            // On screen only between neighbours side by side (not through a seam or a stair).
            let plane = |d| shape.door_kind(c, d) == maze_core::DoorKind::Wall;
            if !plane(d) || !plane(next) {
                continue;
            }
            let (Some(a), Some(b)) = (shape.neighbour(c, d), shape.neighbour(c, next)) else { continue };
            let (p, pa, pb) = (shape.centre(c), shape.centre(a), shape.centre(b));
            let angle_a = (pa.y - p.y).atan2(pa.x - p.x);
            let angle_b = (pb.y - p.y).atan2(pb.x - p.x);
            let delta = (angle_b - angle_a).rem_euclid(2.0 * PI);
            // A cell with two opposite doors (a crossing's layer) turns by a half turn.
            let most = if doors.len() == 2 { PI + 1e-9 } else { PI - 1e-9 };
            assert!(
                delta > 1e-9 && delta < most,
                "{name}: clockwise turn at {c:?} from {d:?} to {next:?} rotates by {delta} rad"
            );
        }
    }
}

/// `min_steps` is a lower bound on the distance in the open grid (A* needs it), zero from a
/// cell to itself, and consistent (changes by at most one per step).
fn check_min_steps<S: Shape>(shape: &S) {
    let name = format!("{:?}", shape.spec());
    let n = shape.cell_count();
    for a in (0..n).map(CellId) {
        let dist = grid_distances(shape, a);
        assert_eq!(shape.min_steps(a, a), 0, "{name}: min_steps({a:?}, itself)");
        for b in (0..n).map(CellId) {
            let h = shape.min_steps(a, b);
            assert!(
                h <= dist[b.index()],
                "{name}: min_steps({a:?}, {b:?}) = {h} > distance {}",
                dist[b.index()]
            );
            for d in shape.inner_doors(a).iter() {
                let Some(a2) = shape.neighbour(a, d) else { continue };
                assert!(
                    shape.min_steps(a2, b).abs_diff(h) <= 1,
                    "{name}: min_steps is not consistent along {a:?} -> {a2:?} towards {b:?}"
                );
            }
        }
    }
}

/// `square_lattice` is claimed by plain squares only, and its arithmetic holds: neighbours
/// at ±1 and ±width, the east wall of `id` at `2·id` and the south wall at `2·id + 1`.
fn check_square_lattice<S: Shape>(shape: &S) {
    let spec = shape.spec();
    let plain_square = spec.kind == ShapeKind::Square
        && spec.mask.is_none()
        && !spec.wrap.any()
        && spec.levels == 1
        && spec.weave.is_none();
    assert_eq!(shape.square_lattice().is_some(), plain_square, "{spec:?}");
    let Some((w, h)) = shape.square_lattice() else { return };
    assert_eq!((w, h, u64::from(w) * u64::from(h)), (spec.width, spec.height, u64::from(shape.cell_count())));
    assert_eq!(S::Door::COUNT, 4);
    for id in 0..shape.cell_count() {
        let (x, y) = (id % w, id / w);
        let want = [
            (y > 0).then(|| id - w),
            (x + 1 < w).then(|| id + 1),
            (y + 1 < h).then(|| id + w),
            (x > 0).then(|| id - 1),
        ];
        for (d, want) in want.into_iter().enumerate() {
            let door = S::Door::from_index(d as u8);
            assert_eq!(shape.neighbour(CellId(id), door), want.map(CellId), "cell {id} door {d}");
        }
        assert_eq!(shape.wall(CellId(id), S::Door::from_index(1)), WallId(2 * u64::from(id)));
        assert_eq!(shape.wall(CellId(id), S::Door::from_index(2)), WallId(2 * u64::from(id) + 1));
    }
}

/// The shape's cursor agrees with `adjacent` on every cell and after every move, and its
/// random walk only ever steps through an inner door to the cell behind it.
fn check_cursor<S: Shape>(shape: &S) {
    let name = format!("{:?}", shape.spec());
    for c in (0..shape.cell_count()).map(CellId) {
        let cur = S::Cursor::at(shape, c);
        assert_eq!(cur.cell(), c, "{name}: cursor at {c:?}");
        let (mine, theirs) = (cur.adjacent(shape), shape.adjacent(c));
        assert_eq!(mine.doors(), theirs.doors(), "{name}: cursor doors at {c:?}");
        for d in theirs.doors().iter() {
            assert_eq!((mine.cell(d), mine.wall(d)), (theirs.cell(d), theirs.wall(d)), "{name}: {c:?} {d:?}");
            assert_eq!(cur.wall(shape, &mine, d), theirs.wall(d), "{name}: cursor wall at {c:?} {d:?}");
            if let Some(steps) = shape.door_steps() {
                let by_step = c.0.wrapping_add(steps[usize::from(d.index())]);
                assert_eq!(CellId(by_step), theirs.cell(d), "{name}: door_steps at {c:?} {d:?}");
            }
            let moved = cur.through(shape, d, theirs.cell(d));
            assert_eq!(moved.cell(), theirs.cell(d), "{name}: through {c:?} {d:?}");
            let there = shape.adjacent(moved.cell());
            assert_eq!(
                moved.adjacent(shape).doors(),
                there.doors(),
                "{name}: cursor moved through {c:?} {d:?}"
            );
            let moved_adj = moved.adjacent(shape);
            for e in there.doors().iter() {
                assert_eq!(
                    (moved_adj.cell(e), moved_adj.wall(e), moved.wall(shape, &moved_adj, e)),
                    (there.cell(e), there.wall(e), there.wall(e)),
                    "{name}: moved {c:?} {d:?} then {e:?}"
                );
            }
        }
    }
    let mut rng = Xoshiro::seed_from_u64(u64::from(shape.cell_count()));
    let mut pool = Pool::new();
    let mut cur = S::Cursor::at(shape, CellId(rng.below(u64::from(shape.cell_count())) as u32));
    for _ in 0..4 * shape.cell_count() {
        let before = cur.cell();
        match cur.random_step(shape, &mut pool, &mut rng) {
            Some(d) => assert_eq!(
                shape.neighbour(before, d),
                Some(cur.cell()),
                "{name}: walk from {before:?} by {d:?}"
            ),
            None => assert!(shape.inner_doors(before).is_empty(), "{name}: the walk stopped at {before:?}"),
        }
    }
}

fn check_all<S: Shape>(shape: S) {
    check_cursor(&shape);
    check_square_lattice(&shape);
    check_door_laws(&shape);
    check_wall_ids(&shape);
    check_connected(&shape);
    check_turn(&shape);
    check_min_steps(&shape);
}

#[test]
fn every_shape_obeys_the_laws_at_every_size() {
    let mut checked = 0;
    for &(w, h) in SIZES {
        for_each_shape!(w, h, |s| {
            assert_eq!((s.spec().width, s.spec().height), (w, h));
            assert_eq!(u64::from(s.cell_count()), s.spec().cells());
            check_all(s);
            checked += 1;
        });
    }
    // Every size for square, hex, upsilon and sigma; the triangle skips the one-wide strips
    // taller than 2 and polar the sizes under 3 cells wide; masks come on top.
    let polar = SIZES.iter().filter(|&&(w, _)| w >= 3).count();
    assert!(checked > 5 * SIZES.len() - 1 + polar, "{checked}");
}

#[test]
fn every_registered_shape_is_covered() {
    let mut kinds = HashSet::new();
    for_each_shape!(3, 3, |s| {
        kinds.insert(s.spec().kind);
    });
    let all: HashSet<ShapeKind> = ShapeKind::ALL.iter().copied().collect();
    assert_eq!(kinds, all, "for_each_shape! in tests/common/mod.rs lacks a registered shape");
    // And each registered kind builds through the registry's visitor with the same spec.
    struct Spec;
    impl maze_core::ShapeVisitor for Spec {
        type Output = maze_core::ShapeSpec;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            check_all(shape.clone());
            shape.spec()
        }
    }
    for &kind in ShapeKind::ALL {
        let spec = maze_core::ShapeSpec::new(kind, 4, 3, maze_core::limits::MAX_CELLS).unwrap();
        assert_eq!(spec.visit(Spec), spec);
    }
}

#[test]
fn the_one_wide_triangle_rule_matches_connectivity() {
    // The registry rejects exactly the one-wide triangle strips that fall apart.
    assert!(common::valid(ShapeKind::Triangle, 1, 2));
    assert!(!common::valid(ShapeKind::Triangle, 1, 3));
    assert!(common::valid(ShapeKind::Triangle, 2, 9));
    assert!(common::valid(ShapeKind::Square, 1, 9) && common::valid(ShapeKind::Hex, 1, 9));
    assert!(!common::valid(ShapeKind::Square, 0, 3) && !common::valid(ShapeKind::Hex, 3, 0));
}

#[test]
fn square_min_steps_is_exact_in_the_open_grid() {
    // Manhattan distance is the true distance on an open rectangle: a heuristic that
    // returned 0 would pass the admissibility law but not this.
    let s = maze_core::Square::new(6, 4);
    for a in (0..s.cell_count()).map(CellId) {
        let dist = grid_distances(&s, a);
        for b in (0..s.cell_count()).map(CellId) {
            assert_eq!(s.min_steps(a, b), dist[b.index()], "{a:?} -> {b:?}");
        }
    }
}

#[test]
fn hex_and_triangle_min_steps_are_not_trivial() {
    // The heuristics must actually guide A*: far corners get a positive, large bound.
    let h = maze_core::Hex::new(7, 5);
    let far = CellId(h.cell_count() - 1);
    assert!(h.min_steps(CellId(0), far) >= 6, "hex bound {}", h.min_steps(CellId(0), far));
    let t = maze_core::Triangle::new(7, 5);
    let far = CellId(t.cell_count() - 1);
    assert_eq!(t.min_steps(CellId(0), far), 10);
    assert_eq!(grid_distances(&t, CellId(0))[far.index()], 10);
}

#[test]
fn wall_counts_match_the_documented_layouts() {
    // Square: two walls per cell, plus the top row and left column.
    assert_eq!(maze_core::Square::new(5, 7).wall_count(), 2 * 35 + 5 + 7);
    // Hex: six per cell. Triangle: two per cell plus one per row.
    assert_eq!(maze_core::Hex::new(5, 7).wall_count(), 6 * 35);
    assert_eq!(maze_core::Sigma::new(5, 7).wall_count(), 6 * 35);
    assert_eq!(maze_core::Triangle::new(5, 7).wall_count(), 2 * 35 + 7);
}

/// The corners of every cell's outline: their lowest and highest coordinates.
fn outline_bounds<S: Shape>(s: &S) -> (maze_core::Point, maze_core::Point) {
    let mut lo = maze_core::Point { x: f64::INFINITY, y: f64::INFINITY };
    let mut hi = maze_core::Point { x: f64::NEG_INFINITY, y: f64::NEG_INFINITY };
    for c in 0..s.cell_count() {
        for p in s.outline(CellId(c)).points() {
            (lo.x, lo.y, hi.x, hi.y) = (lo.x.min(p.x), lo.y.min(p.y), hi.x.max(p.x), hi.y.max(p.y));
        }
    }
    (lo, hi)
}

/// A shape's size (`extent`, from which every picture is sized and placed) is exactly the
/// box around its cells, at every size, one-row and one-column strips included: the cells
/// touch its left and top sides and reach its right and bottom ones. (The CLI's golden
/// pictures notice a wrong size too, but only in the CLI's tests.)
#[test]
fn extents_are_the_boxes_around_the_cells() {
    fn tight<S: Shape>(s: &S) {
        let ext = s.extent();
        let (lo, hi) = outline_bounds(s);
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(
            near(lo.x, 0.0) && near(lo.y, 0.0) && near(hi.x, ext.x) && near(hi.y, ext.y),
            "{:?}: extent {ext:?}, cells from {lo:?} to {hi:?}",
            s.spec()
        );
    }
    for &(w, h) in SIZES {
        tight(&maze_core::Square::new(w, h));
        tight(&maze_core::Hex::new(w, h));
        tight(&maze_core::Sigma::new(w, h));
        // Upsilon: an octagon in every row and column reaches every side; a strip of one
        // row or column may end in a smaller square, but the extent still leaves an
        // octagon's room (its apothem, 1/sqrt(2)) around every cell centre.
        let upsilon = maze_core::Upsilon::new(w, h);
        if w >= 2 && h >= 2 {
            tight(&upsilon);
        }
        let far = (0..upsilon.cell_count())
            .map(|c| upsilon.centre(CellId(c)))
            .fold((0.0f64, 0.0f64), |m, c| (m.0.max(c.x), m.1.max(c.y)));
        let room = std::f64::consts::FRAC_1_SQRT_2;
        let ext = upsilon.extent();
        assert!(
            (ext.x - far.0 - room).abs() < 1e-9 && (ext.y - far.1 - room).abs() < 1e-9,
            "upsilon {w}x{h}"
        );
        if common::valid(ShapeKind::Triangle, w, h) {
            tight(&maze_core::Triangle::new(w, h));
        }
        // A circle: its outer corners lie on the rim, whose diameter is the extent.
        if common::valid(ShapeKind::Polar, w, h) {
            let s = maze_core::Polar::new(w, h);
            let ext = s.extent();
            let centre = maze_core::Point { x: ext.x / 2.0, y: ext.y / 2.0 };
            let far = (0..s.cell_count())
                .flat_map(|c| s.outline(CellId(c)).points().to_vec())
                .map(|p| (p.x - centre.x).hypot(p.y - centre.y))
                .fold(0.0, f64::max);
            assert!(ext.x == ext.y && (far - ext.x / 2.0).abs() < 1e-9, "polar {w}x{h}: {ext:?}, rim {far}");
        }
    }
    // And by the numbers: a hexagon is 1 wide and 2/sqrt(3) tall, rows are sqrt(3)/2 apart,
    // and a block with a second row is half a cell wider (odd rows are shifted).
    let (r, step) = (2.0 / 3f64.sqrt(), 3f64.sqrt() / 2.0);
    let rounded = |x: f64, y: f64| ((x * 1e9).round() / 1e9, (y * 1e9).round() / 1e9);
    let size = |p: maze_core::Point| rounded(p.x, p.y);
    assert_eq!(size(maze_core::Hex::new(1, 1).extent()), rounded(1.0, r));
    assert_eq!(size(maze_core::Hex::new(3, 1).extent()), rounded(3.0, r));
    assert_eq!(size(maze_core::Hex::new(3, 2).extent()), rounded(3.5, r + step));
    assert_eq!(size(maze_core::Hex::new(1, 3).extent()), rounded(1.5, r + 2.0 * step));
    // Sigma: the same hexagon turned a quarter, columns sqrt(3)/2 apart, and a block with a
    // second column half a cell taller (odd columns are shifted down).
    assert_eq!(size(maze_core::Sigma::new(1, 1).extent()), rounded(r, 1.0));
    assert_eq!(size(maze_core::Sigma::new(1, 3).extent()), rounded(r, 3.0));
    assert_eq!(size(maze_core::Sigma::new(2, 3).extent()), rounded(r + step, 3.5));
    assert_eq!(size(maze_core::Sigma::new(3, 1).extent()), rounded(r + 2.0 * step, 1.5));
    assert_eq!(size(maze_core::Triangle::new(5, 2).extent()), rounded(3.0, 2.0 * step));
    assert_eq!(size(maze_core::Square::new(5, 7).extent()), (5.0, 7.0));
    // Upsilon: octagons one unit apart, each sqrt(2) across.
    assert_eq!(size(maze_core::Upsilon::new(4, 3).extent()), rounded(3.0 + 2f64.sqrt(), 2.0 + 2f64.sqrt()));
    // Polar: 6 inner cells leave a hole of half a ring; 3 rings make a circle 7 across.
    assert_eq!(size(maze_core::Polar::new(6, 3).extent()), (7.0, 7.0));
}

#[test]
fn door_sets_choose_every_member_uniformly_enough() {
    use maze_core::{DoorSet, HexDoor, Xoshiro};
    let mut set: DoorSet<HexDoor> = DoorSet::EMPTY;
    for d in [HexDoor::East, HexDoor::SouthWest, HexDoor::NorthWest] {
        set.insert(d);
    }
    assert_eq!(set.len(), 3);
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![HexDoor::East, HexDoor::SouthWest, HexDoor::NorthWest]);
    assert_eq!(set.nth(2), Some(HexDoor::NorthWest));
    assert_eq!(set.nth(3), None);
    let mut rng = Xoshiro::seed_from_u64(5);
    let mut counts = [0u64; 6];
    for _ in 0..3000 {
        counts[set.choose(&mut rng).unwrap().index() as usize] += 1;
    }
    assert_eq!(counts[0] + counts[2] + counts[4], 0, "{counts:?}");
    for i in [1, 3, 5] {
        assert!((850..1150).contains(&counts[i]), "{counts:?}");
    }
    assert_eq!(DoorSet::<HexDoor>::EMPTY.choose(&mut rng), None);
    assert_eq!(DoorSet::<HexDoor>::all().len(), 6);
    set.remove(HexDoor::East);
    assert!(!set.contains(HexDoor::East) && set.len() == 2);
}

/// `grid_connections` against the passages read one pair at a time: only plain square
/// grids answer, with `down`/`right` exactly the open inner walls, whatever the outer ones.
fn check_grid_connections<S: Shape>(shape: &S, rng: &mut Xoshiro) {
    let n = shape.cell_count() as usize;
    let mut maze = Maze::new(shape.clone());
    for wall in 0..shape.wall_count() {
        if rng.below(2) == 1 {
            maze.open_wall(WallId(wall));
        }
    }
    let (mut down, mut right) = (vec![false; n], vec![false; n]);
    let answered = shape.grid_connections(maze.passages(), &mut down, &mut right);
    let spec = shape.spec();
    let plain = spec.kind == ShapeKind::Square
        && spec.mask.is_none()
        && spec.wrap == maze_core::Wrap::NONE
        && spec.levels == 1
        && spec.weave.is_none();
    assert_eq!(answered, plain, "{spec:?}");
    if !answered {
        assert!(!down.iter().chain(&right).any(|&b| b), "filled without answering");
        return;
    }
    let width = shape.spec().width as usize;
    let (mut want_down, mut want_right) = (vec![false; n], vec![false; n]);
    for (a, b) in maze.passage_pairs() {
        let (a, b) = (a.0.min(b.0) as usize, a.0.max(b.0) as usize);
        if b == a + width {
            want_down[a] = true;
        } else {
            assert_eq!(b, a + 1);
            want_right[a] = true;
        }
    }
    assert_eq!((down, right), (want_down, want_right), "{:?}", shape.spec());
}

#[test]
fn grid_connections_are_the_inner_passages_of_plain_squares() {
    let mut rng = Xoshiro::seed_from_u64(5);
    for &(w, h) in SIZES.iter().chain(&[(40, 3), (33, 2), (64, 1), (1, 64)]) {
        for_each_shape!(w, h, |s| check_grid_connections(&s, &mut rng));
    }
    // A wrapped square is not maze-dataset's grid.
    struct Check;
    impl maze_core::ShapeVisitor for Check {
        type Output = bool;
        fn visit<S: Shape>(self, shape: S) -> bool {
            let n = shape.cell_count() as usize;
            let (mut d, mut r) = (vec![false; n], vec![false; n]);
            shape.grid_connections(Maze::new(shape.clone()).passages(), &mut d, &mut r)
        }
    }
    let plain = maze_core::ShapeSpec::plain(ShapeKind::Square, 5, 4);
    assert!(plain.clone().visit(Check));
    let wrapped = maze_core::ShapeSpec { wrap: maze_core::Wrap { x: true, y: false }, ..plain };
    assert!(!wrapped.visit(Check));
}
