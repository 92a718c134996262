//! Woven mazes: crossings drawn from the seed, kept whole by Kruskal, settled by the other
//! generators into a spanning tree whose every remaining crossing is two straight passages.

#[macro_use]
mod common;

use common::assert_spanning_tree;
use maze_core::observe::Trace;
use maze_core::shape::{Crossings, Layer};
use maze_core::{Algorithm, CellId, Maze, Options, Shape, ShapeKind, ShapeSpec, Weave, WeaveLayout, Xoshiro};

fn woven(w: u32, h: u32, share: f64) -> Weave {
    let spec = ShapeSpec::new(ShapeKind::Square, w, h, 1 << 20)
        .unwrap()
        .with_weave(WeaveLayout::share(share).unwrap(), 1 << 20)
        .unwrap();
    Weave::new(w, h, spec.weave.as_ref().unwrap())
}

/// Every crossing left has both layers straight through: two open passages each.
fn assert_crossings_whole(maze: &Maze<Weave>, what: &str) {
    let s = maze.shape();
    for c in 0..s.cell_count() {
        let cell = CellId(c);
        if s.layer(cell) != Layer::Ground {
            let open = s.doors(cell).iter().filter(|&d| maze.is_open(cell, d)).count();
            assert_eq!(open, 2, "{what}: crossing layer {} has {open} passages", s.cell_name(cell));
        }
    }
}

#[test]
fn every_generator_settles_a_woven_maze_into_a_tree_of_whole_crossings() {
    for &alg in Algorithm::ALL.iter().filter(|a| !a.needs_grid()) {
        for seed in 0..12 {
            let shape = woven(15, 11, 0.3);
            let mut maze = Maze::new(shape.clone());
            alg.generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
            let what = format!("{alg} seed {seed}");
            // The layout was drawn from the seed, then settled.
            assert_eq!(shape.crossings().len(), 0);
            assert!(maze.shape().cell_count() >= 15 * 11);
            assert_spanning_tree(&maze, &what);
            assert_crossings_whole(&maze, &what);
            // Same seed, same maze (layout included).
            let mut again = Maze::new(shape.clone());
            alg.generate(&mut again, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
                .unwrap();
            assert_eq!(again.shape().spec(), maze.shape().spec(), "{what}");
            assert_eq!(again.passages(), maze.passages(), "{what}");
        }
    }
}

#[test]
fn kruskal_keeps_every_crossing_it_is_offered() {
    for seed in 0..10 {
        let mut rng = Xoshiro::seed_from_u64(seed);
        let crossings = Crossings::place(20, 14, 0.3, &mut rng);
        let wanted = (0.3f64 * 18.0 * 12.0).round() as usize;
        assert!(crossings.len() > wanted / 2, "{} of {wanted} placed", crossings.len());
        let shape = Weave::new(20, 14, &WeaveLayout::Placed(std::sync::Arc::new(crossings.clone())));
        let mut maze = Maze::new(shape);
        Algorithm::Kruskal.generate(&mut maze, &Options::default(), &mut rng, &mut ()).unwrap();
        assert_eq!(maze.shape().crossings(), &crossings, "seed {seed}");
        assert_spanning_tree(&maze, "kruskal");
        assert_crossings_whole(&maze, "kruskal");
    }
}

#[test]
fn the_backtracker_tunnels_under_crossings() {
    // A depth-first walk keeps a good share of the crossings it is offered.
    let (mut offered, mut kept) = (0, 0);
    for seed in 0..10 {
        let mut rng = Xoshiro::seed_from_u64(seed);
        let crossings = Crossings::place(30, 30, 0.3, &mut rng);
        offered += crossings.len();
        let mut maze = Maze::new(Weave::new(30, 30, &WeaveLayout::Placed(std::sync::Arc::new(crossings))));
        Algorithm::RecursiveBacktracker.generate(&mut maze, &Options::default(), &mut rng, &mut ()).unwrap();
        kept += maze.shape().crossings().len();
        assert_crossings_whole(&maze, "backtracker");
    }
    assert!(kept * 4 > offered, "kept {kept} of {offered}");
}

#[test]
fn recorded_steps_name_the_settled_cells() {
    // Replaying the steps on the final shape rebuilds the maze, for every generator.
    for &alg in Algorithm::ALL.iter().filter(|a| !a.needs_grid()) {
        let shape = woven(9, 8, 0.4);
        let mut maze = Maze::new(shape);
        let mut trace = Trace::with_limit(usize::MAX);
        alg.generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(5), &mut trace).unwrap();
        let mut replay = Maze::new(maze.shape().clone());
        let n = replay.cell_count();
        for e in &trace.events {
            match *e {
                maze_core::Event::Carve(c, d) => {
                    assert!(c.0 < n, "{alg}: {e:?} out of range");
                    replay.carve(c, maze_core::Door::from_index(d));
                }
                maze_core::Event::Wall(c, d) => replay.build_wall(c, maze_core::Door::from_index(d)),
                maze_core::Event::Visit(c)
                | maze_core::Event::Frontier(c)
                | maze_core::Event::Backtrack(c) => {
                    assert!(c.0 < n, "{alg}: {e:?} out of range");
                }
                _ => {}
            }
        }
        assert_eq!(replay.passages(), maze.passages(), "{alg}");
    }
}

#[test]
fn weaving_is_checked_before_anything_is_made() {
    let spec = |kind, w, h| ShapeSpec::new(kind, w, h, 1 << 20).unwrap();
    let share = |p| WeaveLayout::share(p).unwrap();
    assert!(spec(ShapeKind::Hex, 5, 5).with_weave(share(0.3), 1 << 20).is_err());
    assert!(spec(ShapeKind::Square, 2, 9).with_weave(share(0.3), 1 << 20).is_err());
    assert!(spec(ShapeKind::Square, 100, 100).with_weave(share(0.5), 10_000).is_err());
    let wrapped = spec(ShapeKind::Square, 5, 5).with_wrap("x".parse().unwrap()).unwrap();
    assert!(wrapped.with_weave(share(0.3), 1 << 20).is_err());
    let woven = spec(ShapeKind::Square, 5, 5).with_weave(share(0.3), 1 << 20).unwrap();
    assert!(woven.clone().with_levels(2, 1 << 20).is_err());
    assert!(woven.with_wrap("y".parse().unwrap()).is_err());
    for bad in [-0.5, 1.01, f64::INFINITY, f64::NAN] {
        assert!(WeaveLayout::share(bad).is_err(), "{bad}");
    }
}
