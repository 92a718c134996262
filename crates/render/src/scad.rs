//! OpenSCAD: the maze as a program that builds a printable model — a base plate with the
//! walls standing on it. The dimensions are parameters at the top of the file, and wall
//! segments are listed in cell units, so editing `cell_size` (or any other parameter) and
//! rendering again rescales the model. The [`stl`](crate::stl) format writes the same model
//! as a mesh directly. With a wall height of 0 the program is a flat (2D) drawing of the
//! walls instead, for laser cutting (`openscad -o maze.svg maze.scad`, or `.dxf`).
//!
//! Coordinates: the plate's corner is at the origin, the maze starts one wall thickness in
//! from it, y points up (the scene's downward y is flipped so the print is not mirrored)
//! and z up from the bottom of the plate. Everything is millimetres.

use std::fmt::Write as _;

use crate::scene::Scene;
use maze_core::Error;

/// Dimensions of a printable model, millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Size of a cell.
    pub cell: f64,
    /// Wall thickness.
    pub wall: f64,
    /// Wall height above the base plate; 0 makes [`scad`] and [`parametric`] write a flat
    /// (2D) drawing of the walls instead of a model.
    pub height: f64,
    /// Base plate thickness.
    pub base: f64,
}

impl Default for Model {
    fn default() -> Self {
        Model { cell: 10.0, wall: 1.6, height: 8.0, base: 2.0 }
    }
}

impl Model {
    /// The base plate's size in millimetres, `(x, y)`: the maze's extent plus a border of
    /// one wall thickness on every side.
    pub fn plate(&self, scene: &Scene) -> (f64, f64) {
        (scene.width * self.cell + 2.0 * self.wall, scene.height * self.cell + 2.0 * self.wall)
    }

    /// Whether this is a flat (2D) drawing of the walls: a wall height of 0.
    pub fn flat(&self) -> bool {
        self.height == 0.0
    }
}

/// Formats a number for OpenSCAD: up to six decimals, no trailing zeros, no `-0`.
fn num(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { &s };
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// Writes the model as an OpenSCAD program (millimetres): a base plate covering the maze
/// plus a border of one wall thickness, and every wall of the scene as a block from the
/// bottom of the plate to `model.base + model.height`, square-ended, `model.wall` thick.
/// With `model.height` 0 ([`Model::flat`]) the program is a flat (2D) drawing instead: the
/// union of the walls' footprints, no plate and no extrusion, for laser cutting (export it
/// as SVG or DXF).
///
/// The parameters (`cell_size`, `wall_thickness`, `wall_height`, `base_thickness` and the
/// maze's size in cells; the flat drawing has no `wall_height` or `base_thickness`) come
/// first, each with a comment; wall segments follow in cell
/// units with y downwards, as in the scene, and are mapped to millimetres (y up) in
/// OpenSCAD. Each wall is a square-ended rectangle, translated to one end and rotated along
/// it, so slanted walls of hexagonal and triangular mazes work the same way as square ones
/// (a `hull()` of two squares would be the same shape, but CGAL's 2D hull trips over the
/// collinear corners of straight walls). The
/// walls are unioned in 2D (fast) and extruded, inside one `union()` with the plate. The
/// text depends only on its inputs.
pub fn scad(scene: &Scene, model: &Model) -> String {
    match try_scad(scene, model) {
        Ok(out) => out,
        Err(e) => unreachable!("an OpenSCAD program without cancellation does not fail: {e}"),
    }
}

/// [`scad`], checking the job's cancellation flag ([`maze_core::cancel`]) as it writes the
/// walls.
///
/// # Errors
/// [`Error::Cancelled`] when the job is cancelled.
pub fn try_scad(scene: &Scene, model: &Model) -> Result<String, Error> {
    let mut out = String::new();
    if model.flat() {
        let _ =
            writeln!(out, "// Maze drawing for laser cutting, written by maze-render. Units: millimetres.");
        let _ = writeln!(
            out,
            "// A flat (2D) drawing of the walls: their footprints unioned, no plate, no height."
        );
        let _ = writeln!(out, "// Change the parameters below and render again (F6), then export it, or run");
        let _ = writeln!(out, "// `openscad -o maze.svg maze.scad` (or maze.dxf).");
    } else {
        let _ = writeln!(out, "// Maze model for 3D printing, written by maze-render. Units: millimetres.");
        let _ = writeln!(out, "// Walls stand on a base plate. Change the parameters below and render again");
        let _ = writeln!(out, "// (F6, or `openscad -o maze.stl maze.scad`) to resize the model.");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "cell_size = {};  // width of one maze cell (mm)", num(model.cell));
    sizes(&mut out, model);
    let _ = writeln!(
        out,
        "maze_width = {};  // width of the maze, in cells (fixed by the maze)",
        num(scene.width)
    );
    let _ = writeln!(
        out,
        "maze_height = {};  // height of the maze, in cells (fixed by the maze)",
        num(scene.height)
    );
    let _ = writeln!(out);
    let _ =
        writeln!(out, "// Wall segments [[x0, y0], [x1, y1]] in cells, y measured down from the top edge.");
    let _ = writeln!(out, "walls = [");
    // Curved walls as chords within 1/100 of a cell of the circle.
    let walls = scene.straight_walls(0.01);
    for (i, &[a, b]) in walls.iter().enumerate() {
        crate::scene::every(i)?;
        let sep = if i + 1 == walls.len() { "" } else { "," };
        let _ = writeln!(out, "  [[{}, {}], [{}, {}]]{sep}", num(a.x), num(a.y), num(b.x), num(b.y));
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(out);
    out.push_str(
        "\
// A point in cells (y down) to millimetres on the plate (y up, so the print is not mirrored).
function at(p) = [wall_thickness + p[0] * cell_size, wall_thickness + (maze_height - p[1]) * cell_size];

",
    );
    body(&mut out, model);
    Ok(out)
}

/// The size parameters after `cell_size`: the wall thickness, and for a model (not a flat
/// drawing) the wall height and the base plate's thickness.
fn sizes(out: &mut String, model: &Model) {
    let _ = writeln!(out, "wall_thickness = {};  // thickness of the walls (mm)", num(model.wall));
    if !model.flat() {
        let _ = writeln!(
            out,
            "wall_height = {};  // height of the walls above the base plate (mm)",
            num(model.height)
        );
        let _ = writeln!(out, "base_thickness = {};  // thickness of the base plate (mm)", num(model.base));
    }
}

/// The end of both OpenSCAD programs: the `wall` module, then the plate with its walls or,
/// for a flat drawing, the walls' footprints alone.
fn body(out: &mut String, model: &Model) {
    out.push_str(WALL_MODULE);
    out.push('\n');
    out.push_str(if model.flat() { FLAT_WALLS } else { WALLS_ON_PLATE });
}

/// A side of [`parametric`]'s picture (as it is seen, after the bias has mirrored it),
/// where its entrance or exit opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Border {
    /// The left side.
    West,
    /// The right side.
    East,
    /// The top side.
    North,
    /// The bottom side.
    South,
}

impl Border {
    /// The side's name in the OpenSCAD program: `west`, `east`, `north` or `south`.
    pub fn name(self) -> &'static str {
        match self {
            Border::West => "west",
            Border::East => "east",
            Border::North => "north",
            Border::South => "south",
        }
    }

    /// Whether the side runs up and down (west and east), so its cells are rows.
    fn upright(self) -> bool {
        matches!(self, Border::West | Border::East)
    }
}

/// Which cell along a [`Border`] opens, counted from 0: from the bottom on the west and east
/// sides, from the left on the north and south ones. `First`, `Last` and `Middle` are
/// written as expressions of `rows` or `columns`, so they stay put when OpenSCAD resizes
/// the maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Along {
    /// This cell.
    Cell(u32),
    /// The first cell: the bottom one on west and east, the leftmost on north and south.
    First,
    /// The last cell: the top one on west and east, the rightmost on north and south.
    Last,
    /// The middle cell (of an even count, the upper or the left of the two middle ones).
    Middle,
}

/// Where [`parametric`]'s entrance or exit opens: a side of the picture and a cell along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The side.
    pub side: Border,
    /// The cell along it.
    pub cell: Along,
}

impl Opening {
    /// Document 002's entrance: the west side of the lower-left cell.
    pub const ENTRANCE: Opening = Opening { side: Border::West, cell: Along::First };
    /// Document 002's exit: the east side of the upper-right cell.
    pub const EXIT: Opening = Opening { side: Border::East, cell: Along::Last };

    /// The cell's number along its side in a maze of `rows` by `columns` cells, as the
    /// program works it out.
    pub fn index(&self, rows: u32, columns: u32) -> u32 {
        let count = if self.side.upright() { rows } else { columns };
        match self.cell {
            Along::Cell(n) => n,
            Along::First => 0,
            Along::Last => count.saturating_sub(1),
            Along::Middle if self.side.upright() => count.saturating_sub(1).div_ceil(2),
            Along::Middle => count.saturating_sub(1) / 2,
        }
    }

    /// The cell as an OpenSCAD expression.
    fn cell(&self) -> String {
        let count = if self.side.upright() { "rows" } else { "columns" };
        match self.cell {
            Along::Cell(n) => n.to_string(),
            Along::First => "0".into(),
            Along::Last => format!("{count} - 1"),
            // Counted from the bottom, the upper middle is the larger.
            Along::Middle if self.side.upright() => "ceil((rows - 1) / 2)".into(),
            Along::Middle => "floor((columns - 1) / 2)".into(),
        }
    }
}

/// The parameters of [`parametric`]: the maze OpenSCAD builds for itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Parametric {
    /// Rows of cells (at least 2).
    pub rows: u32,
    /// Columns of cells (at least 2).
    pub columns: u32,
    /// The seed of OpenSCAD's `rands` (its own random numbers: not the maze `maze generate
    /// --seed` makes).
    pub seed: u64,
    /// The binary tree's corner: `north-east`, `north-west`, `south-east` or `south-west`.
    pub bias: String,
    /// Where the entrance opens ([`Opening::ENTRANCE`] is document 002's).
    pub entrance: Opening,
    /// Where the exit opens ([`Opening::EXIT`] is document 002's).
    pub exit: Opening,
    /// Dimensions, millimetres; a wall height of 0 makes a flat (2D) drawing.
    pub model: Model,
}

/// Writes document 002's OpenSCAD program: a binary-tree maze that OpenSCAD builds itself
/// from top-level parameters (`rows`, `columns`, `seed`, `bias`, `entrance_side`,
/// `entrance_cell`, `exit_side`, `exit_cell`, `cell_size`, `wall_thickness`, `wall_height`,
/// `base_thickness`), drawing one random number per cell with `rands(0, 1, rows * columns,
/// seed)`: each cell opens its north or its east wall (the top row always east, the last
/// column always north), then the bias mirrors the picture. Changing `rows` or `seed` in
/// OpenSCAD (or `-D rows=12` on its command line) makes another maze; the program echoes
/// every cell's choice as `carves` (0 none, 1 north, 2 east), row by row from the top,
/// before mirroring.
///
/// The entrance and exit are in the picture as it is seen (after mirroring): by default,
/// as in document 002, the entrance opens the west side of the lower-left cell and the exit
/// the east side of the upper-right one. The border is built one wall per cell side, so
/// `-D entrance_side="north" -D entrance_cell=3` opens any border cell; the program asserts
/// that the sides are one of the four and the cells on their side.
///
/// The model is the same as [`scad`]'s: walls unioned in 2D and extruded on a base plate,
/// or with a wall height of 0 the flat (2D) drawing of the walls, without `wall_height` and
/// `base_thickness`. Time and memory O(1) here; OpenSCAD's work grows with `rows × columns`.
pub fn parametric(p: &Parametric) -> String {
    let mut out = String::new();
    let flat = p.model.flat();
    let _ = writeln!(
        out,
        "// A binary-tree maze (document 002) that OpenSCAD builds itself, written by maze-render."
    );
    if flat {
        let _ = writeln!(
            out,
            "// A flat (2D) drawing of the walls, for laser cutting: their footprints unioned, no"
        );
        let _ = writeln!(out, "// plate, no height. Change any parameter and render again (F6, or");
        let _ = writeln!(
            out,
            "// `openscad -D rows=12 -D seed=7 -o maze.svg maze.scad`, or maze.dxf): a new seed or size is a new maze."
        );
    } else {
        let _ = writeln!(out, "// Change any parameter and render again (F6, or");
        let _ = writeln!(
            out,
            "// `openscad -D rows=12 -D seed=7 -o maze.stl maze.scad`): a new seed or size is a new maze."
        );
    }
    let _ =
        writeln!(out, "// The random numbers are OpenSCAD's own (rands), so a seed here does not make the");
    let _ = writeln!(out, "// same maze as `maze generate --seed`. Units: millimetres.");
    let _ = writeln!(out);
    let _ = writeln!(out, "rows = {};  // rows of cells (at least 2)", p.rows);
    let _ = writeln!(out, "columns = {};  // columns of cells (at least 2)", p.columns);
    let _ = writeln!(out, "seed = {};  // seed of the random numbers", p.seed);
    let _ = writeln!(
        out,
        "bias = \"{}\";  // the corner every passage leads to: \"north-east\", \"north-west\", \"south-east\", \"south-west\"",
        p.bias
    );
    let _ = writeln!(
        out,
        "entrance_side = \"{}\";  // the side the entrance opens, as the picture is seen: \"west\", \"east\", \"north\", \"south\"",
        p.entrance.side.name()
    );
    let _ = writeln!(
        out,
        "entrance_cell = {};  // which cell of that side, from 0: from the bottom on west and east, from the left on north and south",
        p.entrance.cell()
    );
    let _ = writeln!(
        out,
        "exit_side = \"{}\";  // the side the exit opens, as entrance_side",
        p.exit.side.name()
    );
    let _ = writeln!(out, "exit_cell = {};  // which cell of that side, as entrance_cell", p.exit.cell());
    let _ = writeln!(out, "cell_size = {};  // width of one maze cell (mm)", num(p.model.cell));
    sizes(&mut out, &p.model);
    out.push_str(
        "\
\n\
assert(rows >= 2 && columns >= 2, \"the maze needs at least 2 rows and 2 columns\");
assert(bias == \"north-east\" || bias == \"north-west\" || bias == \"south-east\" || bias == \"south-west\",
       \"bias is north-east, north-west, south-east or south-west\");

// The sides of the picture, and the cells along each: rows on west and east, columns on
// north and south.
function is_side(s) = s == \"west\" || s == \"east\" || s == \"north\" || s == \"south\";
function side_cells(s) = (s == \"west\" || s == \"east\") ? rows : columns;
function on_side(k, s) = is_num(k) && k == floor(k) && k >= 0 && k < side_cells(s);
assert(is_side(entrance_side), \"entrance_side is west, east, north or south\");
assert(is_side(exit_side), \"exit_side is west, east, north or south\");
assert(on_side(entrance_cell, entrance_side), \"entrance_cell is a whole number from 0 to its side's cells less one\");
assert(on_side(exit_cell, exit_side), \"exit_cell is a whole number from 0 to its side's cells less one\");
assert(entrance_side != exit_side || entrance_cell != exit_cell, \"the entrance and the exit are the same opening\");

// One random number per cell, row by row from the top.
random = rands(0, 1, rows * columns, seed);

// The wall a cell opens: 1 north, 2 east, 0 none (the top-right cell). The top row can only
// go east and the last column only north; elsewhere a coin toss (the binary tree).
function carve(c, r) =
  (r == 0 && c == columns - 1) ? 0
  : r == 0 ? 2
  : c == columns - 1 ? 1
  : (random[r * columns + c] < 0.5 ? 1 : 2);

carves = [for (r = [0:rows - 1]) [for (c = [0:columns - 1]) carve(c, r)]];
echo(carves = carves);

// The bias mirrors the north-east maze.
flip_x = bias == \"north-west\" || bias == \"south-west\";
flip_y = bias == \"south-east\" || bias == \"south-west\";

// A point of the picture as it is seen to the north-east maze's (both in cells, y down
// from the top): the mirroring, which is its own inverse.
function unmirrored(p) = [flip_x ? columns - p[0] : p[0], flip_y ? rows - p[1] : p[1]];

// Whether the entrance or the exit opens the k-th cell of a side.
function opening(side, k) = (entrance_side == side && entrance_cell == k) || (exit_side == side && exit_cell == k);

// The border as the picture is seen, one wall per cell side so that the openings can be
// anywhere: west and east cells counted from the bottom, north and south ones from the left.
border = concat(
  [for (k = [0:rows - 1]) if (!opening(\"west\", k)) [[0, rows - k - 1], [0, rows - k]]],
  [for (k = [0:rows - 1]) if (!opening(\"east\", k)) [[columns, rows - k - 1], [columns, rows - k]]],
  [for (k = [0:columns - 1]) if (!opening(\"north\", k)) [[k, 0], [k + 1, 0]]],
  [for (k = [0:columns - 1]) if (!opening(\"south\", k)) [[k, rows], [k + 1, rows]]]
);

// Wall segments [[x0, y0], [x1, y1]] in cells of the north-east maze, y measured down from
// the top edge: the border, each closed south side and each closed east side.
walls = concat(
  [for (b = border) [unmirrored(b[0]), unmirrored(b[1])]],
  [for (r = [0:rows - 2], c = [0:columns - 1]) if (carves[r + 1][c] != 1) [[c, r + 1], [c + 1, r + 1]]],
  [for (r = [0:rows - 1], c = [0:columns - 2]) if (carves[r][c] != 2) [[c + 1, r], [c + 1, r + 1]]]
);

// A point in cells (y down) to millimetres on the plate (y up, so the print is not mirrored).
function at(p) = [
  wall_thickness + (flip_x ? columns - p[0] : p[0]) * cell_size,
  wall_thickness + (flip_y ? p[1] : rows - p[1]) * cell_size
];
maze_width = columns;
maze_height = rows;

",
    );
    body(&mut out, &p.model);
    out
}

/// The `wall` module of both OpenSCAD programs, 3D and flat alike, over `at(p)` (cells to
/// millimetres) and `wall_thickness`.
const WALL_MODULE: &str = "\
// One wall's footprint: a rectangle from a to b, wall_thickness wide, with square ends
// reaching half a thickness past each end so that corners close.
module wall(a, b) {
  p = at(a);
  q = at(b);
  translate(p)
    rotate(atan2(q[1] - p[1], q[0] - p[0]))
      translate([-wall_thickness / 2, -wall_thickness / 2])
        square([norm(q - p) + wall_thickness, wall_thickness]);
}
";

/// The model's body: the plate with its walls, over `walls`, `maze_width` and `maze_height`
/// in cells and the size parameters.
const WALLS_ON_PLATE: &str = "\
union() {
  // Base plate: the maze plus a border of one wall thickness all round.
  cube([maze_width * cell_size + 2 * wall_thickness, maze_height * cell_size + 2 * wall_thickness, base_thickness]);
  // Walls, from the bottom of the plate (overlapping it, so the union is solid) to their top.
  linear_extrude(height = base_thickness + wall_height)
    for (w = walls) wall(w[0], w[1]);
}
";

/// The flat drawing's body: the walls' footprints unioned, in 2D.
const FLAT_WALLS: &str = "\
// The walls' footprints, unioned: a flat drawing (export it as SVG or DXF).
union()
  for (w = walls) wall(w[0], w[1]);
";

#[cfg(test)]
mod tests {
    use super::*;
    use maze_core::Point;

    #[test]
    fn numbers_are_short_and_exact_enough() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(1.6), "1.6");
        assert_eq!(num(-0.0000001), "0");
        assert_eq!(num(1.0 / 3f64.sqrt()), "0.57735");
        assert_eq!(num(f64::NAN), "NaN");
    }

    /// A 2 x 1 scene with its top and bottom walls.
    fn two_walls() -> Scene {
        let p = |x, y| Point { x, y };
        Scene {
            width: 2.0,
            height: 1.0,
            walls: vec![[p(0.0, 0.0), p(2.0, 0.0)], [p(0.0, 1.0), p(2.0, 1.0)]],
            ..Scene::default()
        }
    }

    #[test]
    fn parameters_come_first_and_walls_are_listed() {
        let scene = two_walls();
        let text = scad(&scene, &Model::default());
        let first_code = text.lines().find(|l| !l.starts_with("//") && !l.is_empty()).unwrap_or("");
        assert!(first_code.starts_with("cell_size = 10;"), "{text}");
        assert!(text.contains("  [[0, 0], [2, 0]],\n  [[0, 1], [2, 1]]\n];"), "{text}");
        assert_eq!(text, scad(&scene, &Model::default()));
    }

    #[test]
    fn a_wall_height_of_zero_is_a_flat_drawing_with_the_same_walls_and_wall_module() {
        let scene = two_walls();
        let solid = scad(&scene, &Model::default());
        let flat = scad(&scene, &Model { height: 0.0, ..Model::default() });
        for text in [&solid, &flat] {
            assert_eq!(text.matches(WALL_MODULE).count(), 1, "{text}");
            assert!(text.contains("  [[0, 0], [2, 0]],\n  [[0, 1], [2, 1]]\n];"), "{text}");
            assert!(text.contains("function at(p)"), "{text}");
        }
        assert!(flat.contains("laser cutting") && flat.contains("-o maze.svg"), "{flat}");
        for absent in ["wall_height", "base_thickness", "cube(", "linear_extrude"] {
            assert!(!flat.contains(absent), "{absent} in the flat drawing:\n{flat}");
            assert!(solid.contains(absent), "{absent} missing from the model");
        }
        assert!(flat.ends_with(FLAT_WALLS), "{flat}");
        let names: Vec<&str> = flat
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .take(4)
            .map(|l| l.split(" = ").next().unwrap_or(""))
            .collect();
        assert_eq!(names, ["cell_size", "wall_thickness", "maze_width", "maze_height"]);
    }

    #[test]
    fn parametric_openings_default_to_document_002s_corners() {
        let mut p = Parametric {
            rows: 4,
            columns: 5,
            seed: 1,
            bias: "north-east".into(),
            entrance: Opening::ENTRANCE,
            exit: Opening::EXIT,
            model: Model::default(),
        };
        let text = parametric(&p);
        for line in [
            "entrance_side = \"west\";",
            "entrance_cell = 0;",
            "exit_side = \"east\";",
            "exit_cell = rows - 1;",
            "wall_height = 8;",
            "linear_extrude",
        ] {
            assert!(text.contains(line), "{line} missing:\n{text}");
        }
        assert_eq!((Opening::ENTRANCE.index(4, 5), Opening::EXIT.index(4, 5)), (0, 3));
        let middle = |side| Opening { side, cell: Along::Middle };
        assert_eq!(middle(Border::West).index(4, 5), 2, "the upper of rows 1 and 2 from the bottom");
        assert_eq!(middle(Border::North).index(4, 4), 1, "the left of columns 1 and 2");
        p.entrance = Opening { side: Border::North, cell: Along::Cell(3) };
        p.exit = middle(Border::South);
        p.model.height = 0.0;
        let flat = parametric(&p);
        for line in [
            "entrance_side = \"north\";",
            "entrance_cell = 3;",
            "exit_side = \"south\";",
            "exit_cell = floor((columns - 1) / 2);",
        ] {
            assert!(flat.contains(line), "{line} missing:\n{flat}");
        }
        for absent in ["wall_height", "base_thickness", "cube(", "linear_extrude"] {
            assert!(!flat.contains(absent), "{absent} in the flat drawing");
        }
        assert_eq!(flat.matches(WALL_MODULE).count(), 1);
        assert!(flat.ends_with(FLAT_WALLS));
    }
}
