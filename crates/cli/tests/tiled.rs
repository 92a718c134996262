//! Tiled maps (`-f tmj`, issue 53): the one command of a dungeon for a game (40 x 30, 8
//! rooms, 3-tile corridors) writes a map whose tile layer is the `-f grid` tile for tile,
//! with the start, the end and each room as objects and the tileset written beside it; and
//! Tiled's own `tmxrasterizer` renders it to a picture whose wall pixels are the grid's
//! walls (a missing tmxrasterizer skips that check: scripts/install-validators.sh installs
//! it).

use std::path::Path;
use std::process::Command;

use maze_testkit::{have, tempdir};

fn maze(args: &[&str]) -> std::process::Output {
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("maze runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

const DUNGEON: &[&str] =
    &["generate", "-W", "40", "-H", "30", "--rooms", "8", "--corridor-width", "3", "--seed", "11"];

/// The grid of the same request, as rows of tiles.
fn grid(extra: &[&str]) -> Vec<Vec<u8>> {
    let mut args = DUNGEON.to_vec();
    args.extend_from_slice(extra);
    args.extend(["-f", "grid"]);
    let text = String::from_utf8(maze(&args).stdout).expect("utf-8");
    text.lines().map(|l| l.bytes().collect()).collect()
}

fn map(dir: &Path, extra: &[&str]) -> (std::path::PathBuf, serde_json::Value) {
    let file = dir.join("dungeon.tmj");
    let mut args = DUNGEON.to_vec();
    args.extend_from_slice(extra);
    args.extend(["-f", "tmj", "-o", file.to_str().expect("utf-8")]);
    maze(&args);
    let json = serde_json::from_slice(&std::fs::read(&file).expect("written")).expect("JSON");
    (file, json)
}

#[test]
fn the_map_is_the_grid_with_its_places_and_its_tileset_beside_it() {
    let dir = tempdir("tiled-map");
    let (_, json) = map(&dir, &[]);
    let rows = grid(&[]);
    let (w, h) = (rows[0].len(), rows.len());
    assert_eq!((w, h), (40 * 4 + 1, 30 * 4 + 1));
    assert_eq!(json["type"], "map");
    assert_eq!(json["orientation"], "orthogonal");
    assert_eq!((json["width"].as_u64(), json["height"].as_u64()), (Some(w as u64), Some(h as u64)));
    assert_eq!(json["tilesets"][0]["source"], "maze-tiles.tsj");
    let layer = &json["layers"][0];
    assert_eq!(layer["type"], "tilelayer");
    let data: Vec<u64> =
        layer["data"].as_array().expect("data").iter().map(|v| v.as_u64().expect("id")).collect();
    assert_eq!(data.len(), w * h);
    for (i, &id) in data.iter().enumerate() {
        let tile = rows[i / w][i % w];
        let expected: &[u64] = match tile {
            b'#' => &[1],
            b'.' => &[2, 5],
            b'S' => &[3],
            b'E' => &[4],
            other => panic!("tile {other}"),
        };
        assert!(expected.contains(&id), "tile {i}: {} in the grid, {id} in the map", tile as char);
    }
    let objects = json["layers"][1]["objects"].as_array().expect("objects");
    let kind = |k: &str| objects.iter().filter(|o| o["type"] == k).count();
    assert_eq!((kind("start"), kind("end"), kind("room")), (1, 1, 8));
    assert_eq!(kind("door"), 8, "one door a room");
    // Each room object covers room-floor tiles only.
    for room in objects.iter().filter(|o| o["type"] == "room") {
        let px = |k: &str| room[k].as_u64().expect("number") as usize / 16;
        for y in px("y")..px("y") + px("height") {
            for x in px("x")..px("x") + px("width") {
                assert!(matches!(data[y * w + x], 3..=5), "a room's rectangle is its floor");
            }
        }
    }
    // The tileset, written beside the map, and left alone when it is there.
    let tsj = std::fs::read_to_string(dir.join("maze-tiles.tsj")).expect("the tileset beside the map");
    let tileset: serde_json::Value = serde_json::from_str(&tsj).expect("JSON");
    assert_eq!(tileset["image"], "maze-tiles.png");
    assert!(dir.join("maze-tiles.png").exists());
    std::fs::write(dir.join("maze-tiles.tsj"), "mine").expect("written");
    map(&dir, &[]);
    assert_eq!(std::fs::read_to_string(dir.join("maze-tiles.tsj")).expect("kept"), "mine");
}

/// Tiled's own renderer draws the map: every tile's centre pixel is the wall colour exactly
/// where the grid has a wall.
#[test]
fn tmxrasterizer_renders_the_walls_of_the_grid() {
    if !have("tmxrasterizer") {
        return;
    }
    for extra in
        [&[][..], &["--sparse", "4", "--wall-tiles", "2"][..], &["--extra-doors", "0.5", "-a", "wilson"][..]]
    {
        let dir = tempdir("tiled-render");
        let (file, _) = map(&dir, extra);
        let picture = dir.join("map.png");
        let out = Command::new("tmxrasterizer")
            .env("QT_QPA_PLATFORM", "offscreen")
            .args(["--hide-layer", "places"])
            .arg(&file)
            .arg(&picture)
            .output()
            .expect("tmxrasterizer runs");
        assert!(out.status.success(), "tmxrasterizer: {}", String::from_utf8_lossy(&out.stderr));
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&picture).expect("rendered")));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("decoded");
        let channels = info.color_type.samples();
        let rows = grid(extra);
        let (w, h) = (rows[0].len(), rows.len());
        assert_eq!((info.width as usize, info.height as usize), (w * 16, h * 16), "{extra:?}");
        let mut walls = 0;
        for (y, row) in rows.iter().enumerate() {
            for (x, &tile) in row.iter().enumerate() {
                let at = ((y * 16 + 8) * info.width as usize + x * 16 + 8) * channels;
                let pixel = &buf[at..at + 3];
                let wall = pixel == [0x3a, 0x3a, 0x46];
                assert_eq!(
                    wall,
                    tile == b'#',
                    "{extra:?}: tile {x},{y} is {} but drawn {pixel:?}",
                    tile as char
                );
                walls += usize::from(wall);
            }
        }
        assert!(walls > w * h / 8, "{extra:?}: {walls} walls");
    }
}
