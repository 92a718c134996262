//! Tiled JSON maps (`-f tmj`): a square-cell maze's tile grid ([`maze_core::tiles`]) as an
//! orthogonal map for the Tiled editor (and what imports Tiled maps: Godot 4's Tiled
//! importers, LDtk), over the small tileset this crate ships ([`TILESET_TSJ`], naming its
//! image [`TILESET_PNG`]), which the map names by [`TILESET_FILE`] beside it.
//!
//! The map has one tile layer, `tiles` (wall, floor, start, end and room floor, one tile a
//! cell of the grid), and one object layer, `places`: the start and end tiles (`start`,
//! `end`, each with its maze cell), and each room of a dungeon as a rectangle (`room`, with
//! its number, columns, rows and doors) and its doors (`door`). See docs/FORMAT.md.

use std::fmt::Write as _;

use maze_core::tiles::{END, FLOOR, START, TileGrid, WALL};
use maze_core::{Maze, Shape};

/// The tileset's file name, as the map names it (beside the map).
pub const TILESET_FILE: &str = "maze-tiles.tsj";
/// The tileset's image file name, as the tileset names it (beside it).
pub const TILESET_IMAGE: &str = "maze-tiles.png";
/// The tileset (Tiled's JSON tileset, `.tsj`): five 16-pixel tiles, each with its class
/// and a `solid` property: wall, floor, start, end, room.
pub const TILESET_TSJ: &str = include_str!("../tiles/maze-tiles.tsj");
/// The tileset's image (PNG, 80 x 16 pixels).
pub static TILESET_PNG: &[u8] = include_bytes!("../tiles/maze-tiles.png");

/// Pixels a tile.
pub const TILE_PIXELS: u32 = 16;

/// The map's tile ids (Tiled's global ids: the tileset's first is 1).
pub mod gid {
    /// A wall tile.
    pub const WALL: u32 = 1;
    /// A corridor's floor.
    pub const FLOOR: u32 = 2;
    /// The start.
    pub const START: u32 = 3;
    /// An end.
    pub const END: u32 = 4;
    /// A room's floor.
    pub const ROOM: u32 = 5;
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A Tiled property list: `(name, type, JSON value)`.
fn properties(list: &[(&str, &str, String)]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|(name, kind, value)| format!(r#"{{"name":{},"type":"{kind}","value":{value}}}"#, quoted(name)))
        .collect();
    format!("[{}]", items.join(","))
}

/// The maze's tile grid `grid` (from [`maze_core::tiles::maze_tiles`] on `maze`) as a Tiled
/// JSON map, with `map_properties` (name, JSON value; strings quoted) on the map (the seed,
/// the generator, the corridor and wall widths).
pub fn tmj<S: Shape>(maze: &Maze<S>, grid: &TileGrid, map_properties: &[(&str, String)]) -> String {
    let (w, h) = (grid.width, grid.height);
    let p = grid.corridor + grid.wall;
    // A room's floor in tiles: from its first cell's block to its last one's.
    let room_tiles = |r: &maze_core::rooms::Room| {
        (grid.wall + r.x * p, grid.wall + r.y * p, r.width * p - grid.wall, r.height * p - grid.wall)
    };
    let mut ids: Vec<u32> = grid
        .tiles
        .iter()
        .map(|&t| match t {
            WALL => gid::WALL,
            START => gid::START,
            END => gid::END,
            FLOOR => gid::FLOOR,
            _ => gid::FLOOR,
        })
        .collect();
    for r in &maze.rooms {
        let (x0, y0, rw, rh) = room_tiles(r);
        for y in y0..y0 + rh {
            for x in x0..x0 + rw {
                let at = (y * w + x) as usize;
                if ids[at] == gid::FLOOR {
                    ids[at] = gid::ROOM;
                }
            }
        }
    }
    let mut data = String::with_capacity(ids.len() * 2);
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            data.push(',');
        }
        let _ = write!(data, "{id}");
    }
    let px = TILE_PIXELS;
    let mut objects: Vec<String> = Vec::new();
    let mut object = |name: &str, kind: &str, (x, y, ow, oh): (u32, u32, u32, u32), props: String| {
        let id = objects.len() + 1;
        objects.push(format!(
            r#"{{"id":{id},"name":{},"type":"{kind}","x":{},"y":{},"width":{},"height":{},"rotation":0,"visible":true,"properties":{props}}}"#,
            quoted(name),
            x * px,
            y * px,
            ow * px,
            oh * px
        ));
    };
    let shape = maze.shape();
    let cw = shape.spec().width;
    // Each cell's lattice place, for its block of tiles.
    let place = |c: maze_core::CellId| {
        let b = shape.base_cell(c).0;
        (b % cw.max(1), b / cw.max(1))
    };
    let starts = std::iter::once(maze.entrance()).chain(maze.starts.iter().copied());
    let ends = std::iter::once(maze.exit()).chain(maze.ends.iter().copied());
    for (kind, cells) in [("start", starts.collect::<Vec<_>>()), ("end", ends.collect::<Vec<_>>())] {
        for (i, c) in cells.into_iter().enumerate() {
            let (x, y) = grid.cell_tile(place(c).0, place(c).1);
            let name = if i == 0 { kind.to_string() } else { format!("{kind} {}", i + 1) };
            let props = properties(&[("cell", "string", quoted(&shape.cell_name(c)))]);
            object(&name, kind, (x, y, 1, 1), props);
        }
    }
    for (i, r) in maze.rooms.iter().enumerate() {
        let props = properties(&[
            ("room", "int", (i + 1).to_string()),
            ("columns", "int", r.width.to_string()),
            ("rows", "int", r.height.to_string()),
            ("doors", "int", r.doors.len().to_string()),
        ]);
        object(&format!("room {}", i + 1), "room", room_tiles(r), props);
    }
    for (i, r) in maze.rooms.iter().enumerate() {
        for [inside, outside] in &r.doors {
            // The wall tiles between the two cells' blocks.
            let ((ax, ay), (bx, by)) = (place(*inside), place(*outside));
            let (x0, y0) = (grid.wall + ax.min(bx) * p, grid.wall + ay.min(by) * p);
            let rect = if ay == by {
                (x0 + grid.corridor, y0, grid.wall, grid.corridor)
            } else {
                (x0, y0 + grid.corridor, grid.corridor, grid.wall)
            };
            let props = properties(&[("room", "int", (i + 1).to_string())]);
            object(&format!("door of room {}", i + 1), "door", rect, props);
        }
    }
    let next_object = objects.len() + 1;
    let map_props: Vec<(&str, &str, String)> = map_properties
        .iter()
        .map(|(name, value)| {
            let kind = if value.starts_with('"') {
                "string"
            } else if value.contains('.') {
                "float"
            } else {
                "int"
            };
            (*name, kind, value.clone())
        })
        .collect();
    format!(
        concat!(
            "{{\"type\":\"map\",\"version\":\"1.10\",\"tiledversion\":\"1.10.2\",",
            "\"orientation\":\"orthogonal\",\"renderorder\":\"right-down\",\"infinite\":false,",
            "\"width\":{w},\"height\":{h},\"tilewidth\":{px},\"tileheight\":{px},",
            "\"compressionlevel\":-1,\"nextlayerid\":3,\"nextobjectid\":{next},",
            "\"properties\":{props},",
            "\"tilesets\":[{{\"firstgid\":1,\"source\":{source}}}],\n",
            "\"layers\":[\n{{\"id\":1,\"name\":\"tiles\",\"type\":\"tilelayer\",\"x\":0,\"y\":0,",
            "\"width\":{w},\"height\":{h},\"opacity\":1,\"visible\":true,\"data\":[{data}]}},\n",
            "{{\"id\":2,\"name\":\"places\",\"type\":\"objectgroup\",\"draworder\":\"topdown\",\"x\":0,\"y\":0,",
            "\"opacity\":1,\"visible\":true,\"objects\":[\n{objects}]}}]}}\n"
        ),
        w = w,
        h = h,
        px = px,
        next = next_object,
        props = properties(&map_props),
        source = quoted(TILESET_FILE),
        data = data,
        objects = objects.join(",\n"),
    )
}
