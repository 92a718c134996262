//! OpenSCAD output (being written: see the outputs issue).

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

/// Writes the model as an OpenSCAD program.
pub fn scad(scene: &Scene, model: &Model) -> String {
    let _ = (scene, model);
    String::from("// scad output is not available yet\n")
}
