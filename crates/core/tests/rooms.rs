//! Rooms (dungeons): over every carving generator, seeds and sizes, on whole and masked
//! square grids: rooms never overlap and keep a ring of corridor, every cell (rooms
//! included) is reachable, one door a room makes a perfect dungeon (rooms taken as places:
//! a tree), extra doors only add loops, `sparsify` removes dead ends and nothing reachable,
//! the tile grid is one floor piece with each room's floor whole, and refusals say why.

#[macro_use]
mod common;

use maze_core::rooms::{self, Room, RoomOptions};
use maze_core::tiles::{WALL, maze_tiles};
use maze_core::{Algorithm, CellId, Maze, Shape, Square, Xoshiro};
use proptest::prelude::*;

/// The carving generators (every one that does not need whole rows).
fn carving() -> Vec<Algorithm> {
    Algorithm::ALL.iter().copied().filter(|a| !a.needs_grid()).collect()
}

fn dungeon<S: Shape>(shape: &S, alg: Algorithm, options: &RoomOptions, seed: u64) -> Maze<S> {
    let mut maze = Maze::new(shape.clone());
    let placed = rooms::place(shape, options, &mut Xoshiro::seed_from_u64(seed)).expect("placed");
    assert_eq!(placed.len(), options.count as usize, "{alg} seed {seed}: every room placed");
    rooms::generate_around(
        &mut maze,
        placed,
        alg,
        &Default::default(),
        options,
        &mut Xoshiro::seed_from_u64(seed ^ 1),
        &mut Xoshiro::seed_from_u64(seed ^ 2),
        &mut (),
    )
    .expect("grown");
    maze
}

/// The lattice place of each cell (square grids and masks over them).
fn places<S: Shape>(shape: &S) -> Vec<(u32, u32)> {
    let w = shape.spec().width;
    (0..shape.cell_count()).map(|c| shape.base_cell(CellId(c)).0).map(|b| (b % w, b / w)).collect()
}

/// Checks the dungeon's laws; `perfect`: one door a room.
fn check_dungeon<S: Shape>(maze: &Maze<S>, options: &RoomOptions, perfect: bool, what: &str) {
    let shape = maze.shape();
    let at = places(shape);
    let spec = shape.spec();
    let rooms = &maze.rooms;
    // No overlap, and a ring of cells of the maze outside every room.
    for (i, a) in rooms.iter().enumerate() {
        let sides = options.min..=options.max;
        assert!(sides.contains(&a.width) && sides.contains(&a.height), "{what}: {a:?}");
        assert!(a.x >= 1 && a.y >= 1 && a.x + a.width < spec.width && a.y + a.height < spec.height, "{what}");
        for b in &rooms[i + 1..] {
            let apart =
                a.x + a.width < b.x || b.x + b.width < a.x || a.y + a.height < b.y || b.y + b.height < a.y;
            assert!(apart, "{what}: rooms {a:?} and {b:?} touch or overlap");
        }
    }
    let inside = rooms::room_cells(shape, rooms);
    let room_of = |c: CellId| rooms.iter().position(|r| r.covers(at[c.index()].0, at[c.index()].1));
    // Every wall inside a room open; every cell reachable.
    for c in (0..maze.cell_count()).map(CellId) {
        for d in shape.doors(c).iter() {
            if let Some(b) = shape.neighbour(c, d)
                && inside[c.index()]
                && room_of(c) == room_of(b)
            {
                assert!(maze.is_open(c, d), "{what}: a wall inside a room is closed");
            }
        }
    }
    let dist = common::maze_distances(maze, maze.entrance());
    assert!(dist.iter().all(|&d| d != u32::MAX), "{what}: a cell is out of reach");
    // Each door an open wall from the room to a corridor cell; the rooms' edges otherwise closed.
    let mut doors = 0u64;
    for (i, r) in rooms.iter().enumerate() {
        assert!(!r.doors.is_empty(), "{what}: a room without a door");
        if perfect {
            assert_eq!(r.doors.len(), 1, "{what}: one door a room");
        }
        for &[a, b] in &r.doors {
            assert_eq!(room_of(a), Some(i), "{what}");
            assert!(!inside[b.index()] && maze.connected(a, b), "{what}");
        }
        doors += r.doors.len() as u64;
    }
    let mut edge_passages = 0u64;
    let mut corridor_passages = 0u64;
    for c in (0..maze.cell_count()).map(CellId) {
        for d in shape.doors(c).iter() {
            if let Some(b) = shape.neighbour(c, d)
                && c < b
                && maze.is_open(c, d)
            {
                match (inside[c.index()], inside[b.index()]) {
                    (false, false) => corridor_passages += 1,
                    (true, true) => {}
                    _ => edge_passages += 1,
                }
            }
        }
    }
    assert_eq!(edge_passages, doors, "{what}: the only walls open out of rooms are their doors");
    let corridor_cells = inside.iter().filter(|&&i| !i).count() as u64;
    // The corridors are a spanning tree of their cells; with one door a room, the rooms
    // and corridors are a tree (places: corridor cells and rooms).
    assert_eq!(corridor_passages + 1, corridor_cells, "{what}: the corridors are a tree");
    if perfect {
        assert_eq!(corridor_passages + doors + 1, corridor_cells + rooms.len() as u64, "{what}");
    }
}

#[test]
fn every_carving_generator_grows_a_perfect_dungeon() {
    let options = RoomOptions { count: 5, min: 2, max: 4, ..Default::default() };
    let mut checked = 0;
    for alg in carving() {
        for seed in 0..6 {
            let maze = dungeon(&Square::new(24, 16), alg, &options, seed);
            check_dungeon(&maze, &options, true, &format!("{alg} seed {seed}"));
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

#[test]
fn rooms_grow_on_masked_grids() {
    let base = Square::new(30, 22);
    let shape = common::masked(base).expect("a mask");
    let options = RoomOptions { count: 3, min: 2, max: 3, ..Default::default() };
    // The pseudo-random mask leaves room for few: as many as the scan fits, at most 3.
    let fit = rooms::capacity(&shape, 2).min(3);
    let options = RoomOptions { count: fit, ..options };
    for alg in [Algorithm::Wilson, Algorithm::RecursiveBacktracker, Algorithm::Kruskal] {
        for seed in 0..4 {
            let maze = dungeon(&shape, alg, &options, seed);
            check_dungeon(&maze, &options, true, &format!("masked {alg} {seed}"));
        }
    }
    // A hole in the middle of a whole grid: rooms go round it, with their rings.
    let (w, h) = (20u32, 14u32);
    let mask =
        maze_core::Mask::from_fn(w * h, |c| !((8..12).contains(&(c % w)) && (5..9).contains(&(c / w))));
    let holed = maze_core::Masked::new(Square::new(w, h), std::sync::Arc::new(mask));
    let options = RoomOptions { count: 4, min: 2, max: 3, ..Default::default() };
    for seed in 0..8 {
        let maze = dungeon(&holed, Algorithm::Prim, &options, seed);
        check_dungeon(&maze, &options, true, &format!("holed seed {seed}"));
    }
}

#[test]
fn extra_doors_add_loops_and_nothing_else() {
    let options = RoomOptions { count: 6, min: 3, max: 5, extra_doors: 0.3, ..Default::default() };
    let mut more = 0;
    for seed in 0..10 {
        let maze = dungeon(&Square::new(30, 20), Algorithm::Wilson, &options, seed);
        check_dungeon(&maze, &options, false, &format!("seed {seed}"));
        more += maze.rooms.iter().filter(|r| r.doors.len() > 1).count();
    }
    assert!(more > 20, "only {more} rooms with more than one door");
}

#[test]
fn sparse_removes_dead_ends_and_keeps_everything_joined() {
    let options = RoomOptions { count: 8, min: 3, max: 6, ..Default::default() };
    for seed in 0..6 {
        let mut maze = dungeon(&Square::new(40, 30), Algorithm::RecursiveBacktracker, &options, seed);
        maze.open_entrance_and_exit();
        let removed = rooms::sparsify(&mut maze, 1000, &[], &mut ());
        assert!(removed > 0, "seed {seed}");
        let inside = rooms::room_cells(maze.shape(), &maze.rooms);
        let dist = common::maze_distances(&maze, maze.entrance());
        let mut rock = 0;
        for c in (0..maze.cell_count()).map(CellId) {
            if rooms::is_rock(&maze, c) {
                rock += 1;
                assert!(!inside[c.index()] && c != maze.entrance() && c != maze.exit(), "seed {seed}");
                continue;
            }
            assert!(dist[c.index()] != u32::MAX, "seed {seed}: cell {} cut off", c.0);
            // No dead end is left in the corridors but the ends.
            let open = maze.shape().doors(c).iter().filter(|&d| maze.is_open(c, d)).count();
            assert!(
                inside[c.index()] || open >= 2 || c == maze.entrance() || c == maze.exit(),
                "seed {seed}"
            );
        }
        assert_eq!(rock, removed, "seed {seed}");
        // The tile grid draws rock as wall and stays one floor piece.
        let grid = maze_tiles(&maze, 3, 1).expect("tiles");
        assert_eq!(common_floor_components(&grid), 1, "seed {seed}");
    }
}

/// Floor pieces of a tile grid (4-neighbour steps).
fn common_floor_components(g: &maze_core::tiles::TileGrid) -> usize {
    let (w, h) = (g.width as usize, g.height as usize);
    let mut seen = vec![false; w * h];
    let mut parts = 0;
    for start in 0..w * h {
        if g.tiles[start] == WALL || seen[start] {
            continue;
        }
        parts += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let next = [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then(|| i + 1),
                (y > 0).then(|| i - w),
                (y + 1 < h).then(|| i + w),
            ];
            for j in next.into_iter().flatten() {
                if g.tiles[j] != WALL && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    parts
}

#[test]
fn a_rooms_floor_is_whole_in_the_tile_grid() {
    let options = RoomOptions { count: 8, min: 3, max: 6, ..Default::default() };
    for (corridor, wall) in [(1, 1), (3, 1), (2, 2)] {
        let maze = dungeon(&Square::new(40, 30), Algorithm::Kruskal, &options, 9);
        let grid = maze_tiles(&maze, corridor, wall).expect("tiles");
        assert_eq!(common_floor_components(&grid), 1);
        let p = corridor + wall;
        for Room { x, y, width, height, .. } in &maze.rooms {
            for ty in wall + y * p..wall + (y + height) * p - wall {
                for tx in wall + x * p..wall + (x + width) * p - wall {
                    assert_ne!(grid.at(tx, ty), WALL, "a wall tile in a room's floor");
                }
            }
        }
    }
}

#[test]
fn refusals_say_why_before_any_work() {
    let square = Square::new(20, 10);
    let refused =
        |shape: &dyn Fn() -> Result<(), maze_core::Error>| shape().expect_err("refused").to_string();
    let options = RoomOptions { count: 30, min: 4, max: 6, ..Default::default() };
    let e = refused(&|| rooms::check(&square, &options));
    // (20 - 1) / 5 = 3 across, (10 - 1) / 5 = 1 down.
    assert!(e.contains("at most 3 fit"), "{e}");
    let e =
        refused(&|| rooms::check(&square, &RoomOptions { count: 1, min: 9, max: 9, ..Default::default() }));
    assert!(e.contains("the largest that fits is 8x8"), "{e}");
    let e =
        refused(&|| rooms::check(&square, &RoomOptions { count: 1, min: 5, max: 3, ..Default::default() }));
    assert!(e.contains("smallest side above its largest"), "{e}");
    let e = refused(&|| {
        rooms::check(&maze_core::Hex::new(10, 10), &RoomOptions { count: 1, ..Default::default() })
    });
    assert!(e.contains("not hex cells"), "{e}");
    let mut maze = Maze::new(square);
    let e = rooms::generate_around(
        &mut maze,
        Vec::new(),
        Algorithm::BinaryTree,
        &Default::default(),
        &RoomOptions::default(),
        &mut Xoshiro::seed_from_u64(0),
        &mut Xoshiro::seed_from_u64(0),
        &mut (),
    )
    .expect_err("refused")
    .to_string();
    assert!(e.contains("binary-tree"), "{e}");
    // As many as fit are placed, whatever the seed.
    let fit = RoomOptions { count: 3, min: 4, max: 4, tries: 1, ..Default::default() };
    for seed in 0..20 {
        assert_eq!(rooms::place(&square, &fit, &mut Xoshiro::seed_from_u64(seed)).expect("placed").len(), 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any size, count that fits, sizes, seed and carving generator: a perfect dungeon.
    #[test]
    fn any_dungeon_that_fits_is_perfect(
        w in 3u32..40, h in 3u32..30, count in 1u32..10, min in 1u32..5, spread in 0u32..4,
        seed in any::<u64>(), pick in any::<usize>(),
    ) {
        let square = Square::new(w, h);
        let count = count.min(rooms::capacity(&square, min));
        prop_assume!(count > 0);
        let algs = carving();
        let alg = algs[pick % algs.len()];
        let options = RoomOptions { count, min, max: min + spread, tries: 20, ..Default::default() };
        let maze = dungeon(&square, alg, &options, seed);
        check_dungeon(&maze, &options, true, &format!("{w}x{h} {alg} {options:?} seed {seed}"));
    }
}
