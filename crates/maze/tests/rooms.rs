//! Rooms in a request (issue 53): refused before any work in one line where they cannot be
//! (with the most that fit), made on square grids and masks with any carving generator,
//! kept in the JSON file (read back the same, checked), drawn in the tile grid and counted
//! by the statistics; and the rooms' stream is their own.

use maze::{Format, MazeRequest, Plan};
use maze_core::{Algorithm, ShapeKind};

fn request(edit: impl FnOnce(&mut MazeRequest)) -> MazeRequest {
    let mut r = MazeRequest {
        width: Some(40),
        height: Some(30),
        seed: Some(1),
        rooms: Some(8),
        ..Default::default()
    };
    edit(&mut r);
    r
}

fn refused(r: &MazeRequest, words: &[&str]) {
    let message = Plan::new(r).err().unwrap_or_else(|| panic!("accepted: {r:?}")).to_string();
    for w in words {
        assert!(message.contains(w), "{words:?}: {message}");
    }
    assert!(!message.contains('\n'), "one line: {message}");
}

#[test]
fn rooms_that_cannot_be_are_refused_before_any_work() {
    let size = |s: &str| Some(s.parse().expect("a size"));
    refused(&request(|r| r.rooms = Some(200)), &["--rooms", "at most 63 fit"]);
    refused(
        &request(|r| (r.rooms, r.room_size) = (Some(1), size("40-40"))),
        &["--rooms", "largest that fits is 28x28"],
    );
    refused(
        &request(|r| r.room_size = size("6-3")),
        &["--room-size", "6-3", "smallest side is above the largest"],
    );
    refused(&request(|r| r.room_size = size("0-3")), &["--room-size", "at least 1 cell"]);
    refused(&request(|r| r.room_tries = Some(0)), &["--room-tries", "from 1"]);
    refused(&request(|r| r.extra_doors = Some(1.5)), &["--extra-doors", "0 to 1"]);
    for kind in [ShapeKind::Hex, ShapeKind::Triangle, ShapeKind::Polar, ShapeKind::Sigma, ShapeKind::Upsilon]
    {
        refused(
            &request(|r| (r.shape, r.width, r.height) = (kind, Some(12), Some(10))),
            &["--rooms", "square cells"],
        );
    }
    refused(&request(|r| r.wrap = "x".parse().expect("wrap")), &["--rooms", "square cells"]);
    refused(&request(|r| r.levels = 2), &["--rooms", "square cells"]);
    refused(&request(|r| r.weave = Some(0.3)), &["--rooms", "square cells"]);
    for alg in [Algorithm::BinaryTree, Algorithm::Sidewinder, Algorithm::Eller, Algorithm::RecursiveDivision]
    {
        refused(&request(|r| r.algorithm = alg), &["--rooms", alg.name(), "carving generator"]);
    }
    refused(&request(|r| (r.rooms, r.sparse) = (None, Some(2))), &["--sparse", "needs --rooms"]);
    refused(&request(|r| (r.rooms, r.room_size) = (None, size("3-4"))), &["--room-size", "needs --rooms"]);
    refused(&request(|r| r.unicursal = true), &["--rooms", "--unicursal"]);
    // As many as fit are made, whatever the seed.
    for seed in 0..20 {
        let plan = Plan::new(&request(|r| (r.rooms, r.room_size) = (Some(63), size("3")))).expect("fits");
        assert_eq!(plan.build(seed).expect("made").maze().rooms.len(), 63, "seed {seed}");
    }
}

#[test]
fn every_carving_generator_makes_rooms_on_grids_and_masks() {
    let mask = "XXXXXXXXXXXXXXXXXXXX/".repeat(7) + "XXXXXXXXXX..........";
    for alg in Algorithm::ALL.iter().copied().filter(|a| !a.needs_grid()) {
        for masked in [false, true] {
            let r = request(|r| {
                r.algorithm = alg;
                r.rooms = Some(3);
                if masked {
                    r.mask_data = Some(mask.clone());
                }
            });
            let plan = Plan::new(&r).unwrap_or_else(|e| panic!("{alg} masked {masked}: {e}"));
            for seed in 0..3 {
                let built = plan.build(seed).expect("made");
                let maze = built.maze();
                assert_eq!(maze.rooms.len(), 3, "{alg}");
                assert!(maze.rooms.iter().all(|room| room.doors.len() == 1), "{alg}");
                let reach = maze_core::analyze::distances(maze, maze.entrance());
                assert!(
                    reach.iter().all(|&d| d != u32::MAX),
                    "{alg} masked {masked} seed {seed}: a cell cut off"
                );
            }
        }
    }
}

#[test]
fn the_json_file_keeps_the_rooms_and_reads_them_back() {
    let r = request(|r| (r.format, r.extra_doors) = (Format::Json, Some(0.2)));
    let plan = Plan::new(&r).expect("a plan");
    let bytes = plan.to_vec(5).expect("written");
    let file: maze::MazeFile = serde_json::from_slice(&bytes).expect("JSON");
    assert_eq!(file.rooms.len(), 8);
    let spec = file.spec(1 << 20).expect("spec");
    let (read, _) = file.to_maze(spec.erased()).expect("read back");
    assert_eq!(read.rooms, plan.build(5).expect("made").maze().rooms);
    // A door that is no open wall out of its room is refused on reading.
    let mut broken = file.clone();
    broken.rooms[0].doors = vec![[0, 1]];
    let Err(e) = broken.to_maze(spec.erased()) else { panic!("broken: not refused") };
    let e = e.to_string();
    assert!(e.contains("room 1") && e.contains("door"), "{e}");
    let mut overlapping = file.clone();
    overlapping.rooms[1] = overlapping.rooms[0].clone();
    let Err(e) = overlapping.to_maze(spec.erased()) else { panic!("overlapping: not refused") };
    let e = e.to_string();
    assert!(e.contains("room 2") && e.contains("another room"), "{e}");
}

#[test]
fn statistics_count_rooms_and_corridors() {
    let figures = |r: &MazeRequest| {
        let mut r = r.clone();
        r.format = Format::Json;
        let plan = Plan::new(&r).expect("a plan");
        let built = plan.build(2).expect("made");
        maze_core::stats::stats(built.maze())
    };
    let plain = figures(&request(|r| r.rooms = None));
    assert!(plain.values().iter().all(|(k, _)| *k != "rooms"), "no room keys without rooms");
    let dungeon = figures(&request(|_| {}));
    let values = dungeon.values();
    assert!(values.iter().any(|(k, v)| *k == "rooms" && *v == maze_core::stats::Value::Int(8)));
    assert!((0.3..1.0).contains(&dungeon.corridor_share), "{}", dungeon.corridor_share);
    let sparse = figures(&request(|r| r.sparse = Some(50)));
    assert!(
        sparse.corridor_share < dungeon.corridor_share,
        "{} {}",
        sparse.corridor_share,
        dungeon.corridor_share
    );
    assert!(sparse.isolated > 0 && sparse.dead_ends < dungeon.dead_ends);
}

/// The rooms draw from a stream of their own: with another generator they sit in the same
/// places; the grid of a dungeon has the rows of its cells.
#[test]
fn rooms_sit_where_the_seed_puts_them_whatever_the_generator() {
    let places = |alg: Algorithm| {
        let plan = Plan::new(&request(|r| r.algorithm = alg)).expect("a plan");
        let rooms = plan.build(9).expect("made").maze().rooms.clone();
        rooms.iter().map(|r| (r.x, r.y, r.width, r.height)).collect::<Vec<_>>()
    };
    assert_eq!(places(Algorithm::Kruskal), places(Algorithm::Wilson));
    let grid = |r: &MazeRequest| Plan::new(r).expect("a plan").to_vec(9).expect("written");
    let text = String::from_utf8(grid(&request(|r| (r.format, r.corridor_width) = (Format::Grid, Some(3)))))
        .expect("utf-8");
    assert_eq!(text.lines().count(), 30 * 4 + 1);
}
