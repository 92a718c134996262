//! The tile grid (`-f grid`): every grid is connected exactly as the maze (one floor
//! component for a perfect maze), the way from S to E along the corridors' centre lines is
//! the maze's route scaled by `corridor + wall` tiles, 1 and 1 is maze-dataset's `as_pixels`
//! layout, and every shape but flat square cells is refused.

#[macro_use]
mod common;

use std::collections::VecDeque;

use maze_core::tiles::{END, FLOOR, START, WALL, has_tiles, tile_grid};
use maze_core::{Algorithm, Maze, Options, Shape, ShapeKind, Square, Xoshiro};

fn make<S: Shape>(shape: &S, alg: Algorithm, seed: u64) -> Maze<S> {
    let mut maze = Maze::new(shape.clone());
    alg.generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
    maze
}

/// Floor tiles (S and E included) reached from `from` by 4-neighbour steps, with distances.
fn tile_distances(g: &maze_core::tiles::TileGrid, from: (u32, u32)) -> Vec<u32> {
    distances_within(g, from, |_, _| true)
}

/// The same over the floor tiles where `keep(x, y)`.
fn distances_within(
    g: &maze_core::tiles::TileGrid,
    from: (u32, u32),
    keep: impl Fn(u32, u32) -> bool,
) -> Vec<u32> {
    let (w, h) = (g.width, g.height);
    let mut dist = vec![u32::MAX; (w * h) as usize];
    dist[(from.1 * w + from.0) as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[(y * w + x) as usize];
        let steps = [(x.wrapping_sub(1), y), (x + 1, y), (x, y.wrapping_sub(1)), (x, y + 1)];
        for (nx, ny) in steps {
            if nx < w
                && ny < h
                && g.at(nx, ny) != WALL
                && keep(nx, ny)
                && dist[(ny * w + nx) as usize] == u32::MAX
            {
                dist[(ny * w + nx) as usize] = d + 1;
                queue.push_back((nx, ny));
            }
        }
    }
    dist
}

fn floor_components(g: &maze_core::tiles::TileGrid) -> usize {
    let mut seen = vec![false; g.tiles.len()];
    let mut parts = 0;
    for y in 0..g.height {
        for x in 0..g.width {
            if g.at(x, y) == WALL || seen[(y * g.width + x) as usize] {
                continue;
            }
            parts += 1;
            for (i, d) in tile_distances(g, (x, y)).into_iter().enumerate() {
                seen[i] |= d != u32::MAX;
            }
        }
    }
    parts
}

fn position(g: &maze_core::tiles::TileGrid, tile: u8) -> (u32, u32) {
    let i = g.tiles.iter().position(|&t| t == tile).expect("marked") as u32;
    (i % g.width, i / g.width)
}

fn check<S: Shape>(shape: &S, what: &str) {
    for seed in 0..4 {
        let mut maze = make(shape, Algorithm::Wilson, seed);
        if seed % 2 == 1 {
            // Braided: loops, still one piece.
            maze_core::imperfect::braid(&mut maze, 0.5, &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
        }
        let (a, b) = (maze.entrance(), maze.exit());
        let route = common::maze_distances(&maze, a)[b.index()];
        for (corridor, wall) in [(1, 1), (3, 1), (2, 3), (1, 4)] {
            let g = tile_grid(&maze, corridor, wall, &[a], &[b]).unwrap();
            let what = format!("{what} seed {seed} corridor {corridor} wall {wall}");
            assert_eq!(floor_components(&g), 1, "{what}: floor in pieces");
            let floor = g.tiles.iter().filter(|&&t| t != WALL).count() as u64;
            let cells = u64::from(maze.cell_count());
            let c = u64::from(corridor);
            assert_eq!(
                floor,
                cells * c * c + maze.passage_count() * c * u64::from(wall),
                "{what}: floor tiles"
            );
            if a == b {
                // One cell: its end mark covers its start.
                assert_eq!(g.tiles.iter().filter(|&&t| t == END).count(), 1, "{what}");
                continue;
            }
            let (s, e) = (position(&g, START), position(&g, END));
            let p = corridor + wall;
            // Along the corridors' centre lines (the rows and columns of the S and E tiles,
            // every p tiles) the way from S to E is the route scaled by p, exactly.
            let (cx, cy) = g.cell_tile(0, 0);
            let centre = |x: u32, y: u32| x % p == cx % p || y % p == cy % p;
            let along = distances_within(&g, s, centre)[(e.1 * g.width + e.0) as usize];
            assert_eq!(along, route * p, "{what}: S to E along the centre lines");
            // Cutting corners inside wide corridors is shorter, never longer, and never
            // shorter than the straight distance.
            let any = tile_distances(&g, s)[(e.1 * g.width + e.0) as usize];
            assert!(any <= along && any >= s.0.abs_diff(e.0) + s.1.abs_diff(e.1), "{what}: {any}");
            if corridor == 1 {
                assert_eq!(any, along, "{what}: one-tile corridors have no corners to cut");
            }
        }
    }
}

#[test]
fn grids_are_connected_as_the_maze_and_scale_the_route() {
    for (w, h) in [(1, 1), (5, 1), (6, 4), (13, 9)] {
        check(&Square::new(w, h), &format!("square {w}x{h}"));
        if let Some(masked) = common::masked(Square::new(w, h)) {
            check(&masked, &format!("masked square {w}x{h}"));
        }
    }
}

#[test]
fn one_and_one_is_the_as_pixels_layout() {
    let maze = make(&Square::new(7, 5), Algorithm::Kruskal, 3);
    let g = tile_grid(&maze, 1, 1, &[], &[]).unwrap();
    assert_eq!((g.width, g.height), (15, 11));
    let grid = maze.shape().grid().unwrap();
    for y in 0..11 {
        for x in 0..15 {
            let want = match (x % 2, y % 2) {
                (1, 1) => true,
                (0, 0) => false,
                // A wall tile between two cells: floor where the passage is open.
                (0, _) => x > 0 && x < 14 && maze.is_open(grid.at(x / 2 - 1, y / 2), grid.east),
                _ => y > 0 && y < 10 && maze.is_open(grid.at(x / 2, y / 2 - 1), grid.south),
            };
            assert_eq!(g.at(x, y) == FLOOR, want, "tile ({x}, {y})");
        }
    }
    assert_eq!(g.to_text().lines().count(), 11);
    assert!(g.to_text().lines().all(|l| l.len() == 15 && l.chars().all(|c| c == '#' || c == '.')));
}

#[test]
fn multimaze_ends_are_all_marked() {
    let maze = make(&Square::new(8, 6), Algorithm::Kruskal, 1);
    let starts = [maze_core::CellId(0), maze_core::CellId(5)];
    let ends = [maze_core::CellId(47), maze_core::CellId(20), maze_core::CellId(30)];
    let g = tile_grid(&maze, 2, 1, &starts, &ends).unwrap();
    assert_eq!(g.tiles.iter().filter(|&&t| t == START).count(), 2);
    assert_eq!(g.tiles.iter().filter(|&&t| t == END).count(), 3);
    let text = g.to_text();
    assert_eq!(text.matches('S').count(), 2);
    assert_eq!(text.matches('E').count(), 3);
}

#[test]
fn every_shape_but_flat_square_cells_is_refused() {
    let mut drawn = 0;
    for_each_shape!(4, 4, |s| {
        let spec = s.spec();
        let flat_square =
            spec.kind == ShapeKind::Square && !spec.wrap.any() && spec.levels == 1 && spec.weave.is_none();
        let maze = common::fresh(&s);
        assert_eq!(has_tiles(&maze), flat_square, "{spec:?}");
        match tile_grid(&maze, 1, 1, &[], &[]) {
            Ok(_) => {
                assert!(flat_square, "{spec:?} drawn");
                drawn += 1;
            }
            Err(e) => {
                assert!(!flat_square, "{spec:?}: {e}");
                let msg = e.to_string();
                assert!(msg.contains("square cells") && !msg.contains('\n'), "{msg}");
            }
        }
    });
    assert_eq!(drawn, 2, "the square and the masked square");
    let maze = common::fresh(&Square::new(3, 3));
    for (c, w) in [(0, 1), (1, 0), (65, 1), (1, 65)] {
        assert!(tile_grid(&maze, c, w, &[], &[]).is_err(), "{c} {w}");
    }
    assert!(tile_grid(&maze, 64, 64, &[], &[]).is_ok());
}
