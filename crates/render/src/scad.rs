//! OpenSCAD: the maze as a program that builds a printable model — a base plate with the
//! walls standing on it. The dimensions are parameters at the top of the file, and wall
//! segments are listed in cell units, so editing `cell_size` (or any other parameter) and
//! rendering again rescales the model. The [`stl`](crate::stl) format writes the same model
//! as a mesh directly.
//!
//! Coordinates: the plate's corner is at the origin, the maze starts one wall thickness in
//! from it, y points up (the scene's downward y is flipped so the print is not mirrored)
//! and z up from the bottom of the plate. Everything is millimetres.

use std::fmt::Write as _;

use crate::scene::Scene;

/// Dimensions of a printable model, millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Size of a cell.
    pub cell: f64,
    /// Wall thickness.
    pub wall: f64,
    /// Wall height above the base plate.
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
///
/// The parameters (`cell_size`, `wall_thickness`, `wall_height`, `base_thickness` and the
/// maze's size in cells) come first, each with a comment; wall segments follow in cell
/// units with y downwards, as in the scene, and are mapped to millimetres (y up) in
/// OpenSCAD. Each wall is a square-ended rectangle, translated to one end and rotated along
/// it, so slanted walls of hexagonal and triangular mazes work the same way as square ones
/// (a `hull()` of two squares would be the same shape, but CGAL's 2D hull trips over the
/// collinear corners of straight walls). The
/// walls are unioned in 2D (fast) and extruded, inside one `union()` with the plate. The
/// text depends only on its inputs.
pub fn scad(scene: &Scene, model: &Model) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "// Maze model for 3D printing, written by maze-render. Units: millimetres.");
    let _ = writeln!(out, "// Walls stand on a base plate. Change the parameters below and render again");
    let _ = writeln!(out, "// (F6, or `openscad -o maze.stl maze.scad`) to resize the model.");
    let _ = writeln!(out);
    let _ = writeln!(out, "cell_size = {};  // width of one maze cell (mm)", num(model.cell));
    let _ = writeln!(out, "wall_thickness = {};  // thickness of the walls (mm)", num(model.wall));
    let _ = writeln!(
        out,
        "wall_height = {};  // height of the walls above the base plate (mm)",
        num(model.height)
    );
    let _ = writeln!(out, "base_thickness = {};  // thickness of the base plate (mm)", num(model.base));
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
        let sep = if i + 1 == walls.len() { "" } else { "," };
        let _ = writeln!(out, "  [[{}, {}], [{}, {}]]{sep}", num(a.x), num(a.y), num(b.x), num(b.y));
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(out);
    out.push_str(
        "\
// A point in cells (y down) to millimetres on the plate (y up, so the print is not mirrored).
function at(p) = [wall_thickness + p[0] * cell_size, wall_thickness + (maze_height - p[1]) * cell_size];

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

union() {
  // Base plate: the maze plus a border of one wall thickness all round.
  cube([maze_width * cell_size + 2 * wall_thickness, maze_height * cell_size + 2 * wall_thickness, base_thickness]);
  // Walls, from the bottom of the plate (overlapping it, so the union is solid) to their top.
  linear_extrude(height = base_thickness + wall_height)
    for (w = walls) wall(w[0], w[1]);
}
",
    );
    out
}

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

    #[test]
    fn parameters_come_first_and_walls_are_listed() {
        let p = |x, y| Point { x, y };
        let scene = Scene {
            width: 2.0,
            height: 1.0,
            walls: vec![[p(0.0, 0.0), p(2.0, 0.0)], [p(0.0, 1.0), p(2.0, 1.0)]],
            ..Scene::default()
        };
        let text = scad(&scene, &Model::default());
        let first_code = text.lines().find(|l| !l.starts_with("//") && !l.is_empty()).unwrap_or("");
        assert!(first_code.starts_with("cell_size = 10;"), "{text}");
        assert!(text.contains("  [[0, 0], [2, 0]],\n  [[0, 1], [2, 1]]\n];"), "{text}");
        assert_eq!(text, scad(&scene, &Model::default()));
    }
}
