//! Sigma cells (flat-top hexagons in offset columns) by the numbers: where each door leads,
//! where each centre lies, the exact distance bound, the wrapped layouts the registry
//! accepts and refuses, and the text picture.

#[macro_use]
mod common;

use common::grid_distances;
use maze_core::text::{self, Style};
use maze_core::{
    Algorithm, CellId, Door, Maze, Options, Shape, ShapeKind, ShapeSpec, Sigma, SigmaDoor, Solver, Wrap,
    WrapSigma, Xoshiro,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// A (column, row) step.
type Step = (i64, i64);

/// Doors in index order and the (column, row) step each takes from an even and an odd
/// column: the documented layout (docs/FORMAT.md).
const STEPS: [(SigmaDoor, Step, Step); 6] = [
    (SigmaDoor::North, (0, -1), (0, -1)),
    (SigmaDoor::NorthEast, (1, -1), (1, 0)),
    (SigmaDoor::SouthEast, (1, 0), (1, 1)),
    (SigmaDoor::South, (0, 1), (0, 1)),
    (SigmaDoor::SouthWest, (-1, 0), (-1, 1)),
    (SigmaDoor::NorthWest, (-1, -1), (-1, 0)),
];

#[test]
fn doors_lead_where_the_layout_says_and_back_by_the_opposite_door() {
    let (w, h) = (6u32, 5u32);
    let s = Sigma::new(w, h);
    for (i, &(door, _, _)) in STEPS.iter().enumerate() {
        assert_eq!(door.index() as usize, i);
        assert_eq!(SigmaDoor::from_index(i as u8), door);
    }
    for c in 0..s.cell_count() {
        let cell = CellId(c);
        let (x, y) = (i64::from(c % w), i64::from(c / w));
        for &(door, even, odd) in &STEPS {
            let (dx, dy) = if x % 2 == 1 { odd } else { even };
            let (nx, ny) = (x + dx, y + dy);
            let expected = (nx >= 0 && ny >= 0 && nx < i64::from(w) && ny < i64::from(h))
                .then(|| CellId((ny * i64::from(w) + nx) as u32));
            assert_eq!(s.neighbour(cell, door), expected, "{x},{y} {door:?}");
            let back = s.opposite(cell, door);
            assert_eq!(back.index(), (door.index() + 3) % 6, "opposite of {door:?}");
            if let Some(n) = expected {
                assert_eq!(s.neighbour(n, back), Some(cell), "{x},{y} {door:?} and back");
                assert_eq!(s.wall(cell, door), s.wall(n, back), "one wall, one id");
            }
        }
    }
}

#[test]
fn neighbouring_centres_are_one_unit_apart_across_their_shared_wall() {
    for (w, h) in [(1, 1), (2, 3), (5, 4), (8, 6)] {
        let s = Sigma::new(w, h);
        for c in 0..s.cell_count() {
            let cell = CellId(c);
            let p = s.centre(cell);
            for d in s.doors(cell).iter() {
                let [a, b] = s.wall_segment(cell, d);
                // Every wall is one side of a hexagon of circumradius 1/sqrt(3).
                assert!(close((a.x - b.x).hypot(a.y - b.y), 1.0 / 3f64.sqrt()), "{c} {d:?}");
                let Some(n) = s.neighbour(cell, d) else { continue };
                let q = s.centre(n);
                assert!(close((p.x - q.x).hypot(p.y - q.y), 1.0), "{c} -> {n:?}");
                // The shared wall's middle is halfway between the two centres.
                let mid = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                assert!(close(mid.0, (p.x + q.x) / 2.0) && close(mid.1, (p.y + q.y) / 2.0));
            }
        }
    }
}

#[test]
fn tops_are_flat_and_odd_columns_sit_half_a_cell_lower() {
    let s = Sigma::new(4, 3);
    let centre = |x: u32, y: u32| s.centre(CellId(y * 4 + x));
    for y in 0..3 {
        for x in 0..4 {
            let c = centre(x, y);
            let expected_y = f64::from(y) + 0.5 + if x % 2 == 1 { 0.5 } else { 0.0 };
            assert!(close(c.y, expected_y), "{x},{y}: {c:?}");
            assert!(close(c.x, 1.0 / 3f64.sqrt() + f64::from(x) * 3f64.sqrt() / 2.0), "{x},{y}");
            // The north wall is level, half a unit above the centre.
            let [a, b] = s.wall_segment(CellId(y * 4 + x), SigmaDoor::North);
            assert!(close(a.y, b.y) && close(a.y, c.y - 0.5) && a.x < b.x);
        }
    }
    // The east and west extremes are corners, not walls: no door points straight sideways.
    assert_eq!(s.outline(CellId(0)).points().len(), 6);
}

#[test]
fn min_steps_is_the_exact_distance_in_the_open_grid() {
    let s = Sigma::new(7, 5);
    for a in (0..s.cell_count()).map(CellId) {
        let dist = grid_distances(&s, a);
        for b in (0..s.cell_count()).map(CellId) {
            assert_eq!(s.min_steps(a, b), dist[b.index()], "{a:?} -> {b:?}");
        }
    }
    for wrap in ["x", "y", "xy"] {
        let s = WrapSigma::new(6, 5, wrap.parse().expect("wrap"));
        for a in (0..s.cell_count()).map(CellId) {
            let dist = grid_distances(&s, a);
            for b in (0..s.cell_count()).map(CellId) {
                assert_eq!(s.min_steps(a, b), dist[b.index()], "wrap {wrap}: {a:?} -> {b:?}");
            }
        }
    }
}

#[test]
fn sigma_wraps_east_to_west_only_in_an_even_number_of_columns() {
    let x = Wrap { x: true, y: false };
    let y = Wrap { x: false, y: true };
    assert!(x.check(ShapeKind::Sigma, 6, 3).is_ok());
    assert!(y.check(ShapeKind::Sigma, 5, 3).is_ok(), "any width wraps top to bottom");
    for (w, h) in [(5, 4), (3, 4), (7, 3)] {
        let e = x.check(ShapeKind::Sigma, w, h).expect_err("odd or narrow");
        assert!(e.to_string().contains("even number of columns"), "{e}");
        assert!(!e.to_string().contains('\n'), "one line: {e}");
    }
    // Through the registry, and the row generators and weave still refuse.
    let spec = ShapeSpec::new(ShapeKind::Sigma, 6, 4, 1 << 20).expect("spec");
    assert!(spec.clone().with_wrap(Wrap { x: true, y: true }).is_ok());
    assert!(spec.clone().with_levels(3, 1 << 20).is_ok());
    let weave = spec.with_weave(maze_core::WeaveLayout::share(0.3).expect("share"), 1 << 20);
    let e = weave.expect_err("weave is for square cells");
    assert_eq!(e.to_string().lines().count(), 1, "{e}");
    assert!(e.to_string().contains("sigma"), "{e}");
}

#[test]
fn aliases_name_the_shape() {
    for name in ["sigma", "Sigma", "flat-hex", "flathex", "flat-hexagon"] {
        assert_eq!(name.parse::<ShapeKind>().expect(name), ShapeKind::Sigma);
    }
}

#[test]
fn the_text_picture_of_a_closed_block() {
    // Every wall closed (no entrance or exit opened): the flat tops and bottoms are `__`,
    // the slanted sides `/` and `\`, odd columns a line lower.
    let maze = Maze::new(Sigma::new(4, 2));
    let marks = vec![text::Mark::Empty; 8];
    let picture = text::render_marks(&maze, &marks, Style::Ascii);
    let expected = concat!(
        " __    __\n",
        "/  \\__/  \\__\n",
        "\\__/  \\__/  \\\n",
        "/  \\__/  \\__/\n",
        "\\__/  \\__/  \\\n",
        "   \\__/  \\__/\n",
    );
    assert_eq!(picture, expected, "\n{picture}");
}

#[test]
fn every_generator_and_solver_on_sigma_cells() {
    let s = Sigma::new(9, 7);
    for &alg in Algorithm::ALL {
        let mut maze = Maze::new(s);
        let mut rng = Xoshiro::seed_from_u64(5);
        let made = alg.generate(&mut maze, &Options::default(), &mut rng, &mut ());
        if alg.needs_grid() {
            assert!(made.is_err(), "{alg} needs rows of four-sided cells");
            let msg = made.expect_err("refused").to_string();
            assert!(msg.contains("sigma") && !msg.contains('\n'), "{msg}");
            continue;
        }
        made.expect("generates");
        common::assert_spanning_tree(&maze, alg.name());
        let (from, to) = (maze.entrance(), maze.exit());
        let shortest = common::maze_distances(&maze, from)[to.index()];
        for &solver in Solver::ALL {
            // The wall followers and Pledge may give up on loops, but not in a perfect maze.
            let sol =
                solver.solve(&maze, from, to, &mut ()).unwrap_or_else(|e| panic!("{solver} on {alg}: {e}"));
            assert_eq!(sol.path.first(), Some(&from));
            assert_eq!(sol.path.last(), Some(&to));
            if solver.shortest() {
                assert_eq!(sol.path.len() as u32, shortest + 1, "{solver} on {alg}");
            }
        }
        let picture = text::render(&maze, None, Style::Ascii);
        assert!(picture.contains('S') && picture.contains('E'), "{picture}");
    }
}
