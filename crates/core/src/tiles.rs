//! A square-cell maze as a block grid of tiles (`-f grid`, and the tile maps built on it):
//! walls and floor as whole tiles, each corridor `corridor` tiles wide and each wall `wall`
//! tiles thick. With 1 and 1 it is maze-dataset's `as_pixels` layout: a `2w + 1` by
//! `2h + 1` grid where cell (x, y) is tile (2x + 1, 2y + 1).
//!
//! ```
//! use maze_core::{Algorithm, Maze, Square, Xoshiro, tiles};
//! let mut maze = Maze::new(Square::new(4, 3));
//! Algorithm::Kruskal.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap();
//! let grid = tiles::tile_grid(&maze, 2, 1, &[maze.entrance()], &[maze.exit()]).unwrap();
//! assert_eq!((grid.width, grid.height), (4 * 3 + 1, 3 * 3 + 1));
//! ```

use crate::Error;
use crate::maze::Maze;
use crate::shape::{CellId, Door, Shape, SquareDoor, TextLattice};

/// A wall tile.
pub const WALL: u8 = 0;
/// A floor tile.
pub const FLOOR: u8 = 1;
/// The floor tile where a route starts (the centre of the entrance cell's block).
pub const START: u8 = 2;
/// The floor tile where a route ends (the centre of the exit cell's block).
pub const END: u8 = 3;

/// The widest corridor or wall, in tiles.
pub const MAX_TILES: u32 = 64;

/// A block grid of tiles, row by row: [`WALL`], [`FLOOR`], [`START`] or [`END`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileGrid {
    /// Tiles per row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Tiles per corridor.
    pub corridor: u32,
    /// Tiles per wall.
    pub wall: u32,
    /// `width * height` tiles, row by row.
    pub tiles: Vec<u8>,
}

impl TileGrid {
    /// The tile at column `x`, row `y`.
    pub fn at(&self, x: u32, y: u32) -> u8 {
        self.tiles[y as usize * self.width as usize + x as usize]
    }

    /// The tile where cell `(x, y)`'s marker goes, the centre of its block (its upper left
    /// centre for an even corridor): route steps are `corridor + wall` tiles apart.
    pub fn cell_tile(&self, x: u32, y: u32) -> (u32, u32) {
        let p = self.corridor + self.wall;
        (self.wall + x * p + (self.corridor - 1) / 2, self.wall + y * p + (self.corridor - 1) / 2)
    }

    /// The grid as text: `#` wall, `.` floor, `S` start, `E` end, one line a row.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity((self.width as usize + 1) * self.height as usize);
        for row in self.tiles.chunks(self.width.max(1) as usize) {
            out.extend(row.iter().map(|&t| match t {
                FLOOR => '.',
                START => 'S',
                END => 'E',
                _ => '#',
            }));
            out.push('\n');
        }
        out
    }
}

/// A flat square lattice: its width and height, the maze cell at each place (row by row),
/// if any, and the shape's door for each [`SquareDoor`].
pub(crate) type Places<D> = (u32, u32, Vec<Option<CellId>>, [D; 4]);

/// The columns and rows of square cells of a maze whose cells lie in one flat square
/// lattice (masks allowed; not wrapped, woven or stacked).
pub(crate) fn square_places<S: Shape>(shape: &S) -> Option<Places<S::Door>> {
    let spec = shape.spec();
    if spec.wrap.any() || spec.levels > 1 {
        return None;
    }
    let grid = shape.text_grid()?;
    if grid.levels.is_some() {
        return None;
    }
    let TextLattice::Square { width, height, doors, crossings: None } = grid.lattice else { return None };
    let n = shape.cell_count();
    let places = (0..width * height)
        .map(|b| {
            let c = grid.cells.as_ref().map_or(b, |cells| cells[b as usize]);
            (c < n).then_some(CellId(c))
        })
        .collect();
    Some((width, height, places, doors))
}

/// [`tile_grid`] with the maze's own ends marked: the entrance and a MultiMaze's starts
/// as [`START`], the exit and its ends as [`END`].
///
/// # Errors
/// As [`tile_grid`].
pub fn maze_tiles<S: Shape>(maze: &Maze<S>, corridor: u32, wall: u32) -> Result<TileGrid, Error> {
    let starts: Vec<CellId> = std::iter::once(maze.entrance()).chain(maze.starts.iter().copied()).collect();
    let ends: Vec<CellId> = std::iter::once(maze.exit()).chain(maze.ends.iter().copied()).collect();
    tile_grid(maze, corridor, wall, &starts, &ends)
}

/// Why a maze of `spec` has no tile grid: one line naming the shape and what is drawn.
pub fn not_tiled(spec: &crate::ShapeSpec) -> String {
    let name = spec.topology_name();
    let what = if name == spec.kind.name() { format!("{name} cells") } else { format!("a {name} maze") };
    format!("tile grids are drawn for square cells in one flat grid (masks and braids included), not {what}")
}

/// Whether [`tile_grid`] draws this maze: square cells in one flat lattice (masked or not;
/// not wrapped, woven or in levels).
pub fn has_tiles<S: Shape>(maze: &Maze<S>) -> bool {
    square_places(maze.shape()).is_some()
}

/// The maze as a block grid of tiles: every cell a `corridor` x `corridor` block of floor,
/// every wall between cells `wall` tiles thick (wall where it is closed, floor across the
/// corridor where it is open), the corners between blocks and the outer border always wall
/// (the entrance and exit are marked, not opened), cells a mask removed all wall; a
/// dungeon's rooms ([`Maze::rooms`]) are floor corner to corner and its solid rock
/// ([`crate::rooms::is_rock`]) wall. The centre
/// tile of each cell in `starts` is [`START`], of each in `ends` [`END`].
///
/// # Errors
/// [`Error::Parameter`] for a width of 0 or over [`MAX_TILES`], a grid of more than 2^31
/// tiles, or a maze that is not square cells in one flat lattice ([`not_tiled`]).
pub fn tile_grid<S: Shape>(
    maze: &Maze<S>,
    corridor: u32,
    wall: u32,
    starts: &[CellId],
    ends: &[CellId],
) -> Result<TileGrid, Error> {
    for (name, v) in [("corridor width", corridor), ("wall tiles", wall)] {
        if !(1..=MAX_TILES).contains(&v) {
            return Err(Error::Parameter(format!("the {name} must be from 1 to {MAX_TILES}, not {v}")));
        }
    }
    let Some((w, h, places, doors)) = square_places(maze.shape()) else {
        return Err(Error::Parameter(not_tiled(&maze.shape().spec())));
    };
    let p = u64::from(corridor + wall);
    let (tw, th) = (u64::from(w) * p + u64::from(wall), u64::from(h) * p + u64::from(wall));
    if tw * th > 1 << 31 {
        return Err(Error::Parameter(format!("a tile grid of {tw} x {th} tiles is too large")));
    }
    let (tw, th, p) = (tw as u32, th as u32, p as u32);
    let mut grid =
        TileGrid { width: tw, height: th, corridor, wall, tiles: vec![WALL; tw as usize * th as usize] };
    let east = doors[SquareDoor::East.index() as usize];
    let south = doors[SquareDoor::South.index() as usize];
    let mut fill = |x0: u32, y0: u32, cw: u32, ch: u32| {
        for y in y0..y0 + ch {
            let row = y as usize * tw as usize;
            grid.tiles[row + x0 as usize..row + (x0 + cw) as usize].fill(FLOOR);
        }
    };
    let place = |x: u32, y: u32| if x < w && y < h { places[(y * w + x) as usize] } else { None };
    for y in 0..h {
        for x in 0..w {
            let Some(c) = place(x, y) else { continue };
            if crate::rooms::is_rock(maze, c) {
                continue;
            }
            let (x0, y0) = (wall + x * p, wall + y * p);
            fill(x0, y0, corridor, corridor);
            if place(x + 1, y).is_some() && maze.is_open(c, east) {
                fill(x0 + corridor, y0, wall, corridor);
            }
            if place(x, y + 1).is_some() && maze.is_open(c, south) {
                fill(x0, y0 + corridor, corridor, wall);
            }
        }
    }
    // A room's floor is open corner to corner.
    for r in &maze.rooms {
        fill(wall + r.x * p, wall + r.y * p, r.width * p - wall, r.height * p - wall);
    }
    let mut at_cell: Vec<Option<(u32, u32)>> = vec![None; maze.cell_count() as usize];
    for (b, c) in places.iter().enumerate() {
        if let Some(c) = c {
            at_cell[c.index()] = Some((b as u32 % w, b as u32 / w));
        }
    }
    for (cells, tile) in [(starts, START), (ends, END)] {
        for c in cells {
            if let Some(&Some((x, y))) = at_cell.get(c.index()) {
                let (tx, ty) = grid.cell_tile(x, y);
                grid.tiles[(ty * tw + tx) as usize] = tile;
            }
        }
    }
    Ok(grid)
}
