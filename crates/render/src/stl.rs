//! STL output (being written: see the outputs issue).

use maze_core::Error;

use crate::scad::Model;
use crate::scene::Scene;

/// Writes the model as a binary STL mesh.
///
/// # Errors
/// Not written yet.
pub fn stl(scene: &Scene, model: &Model) -> Result<Vec<u8>, Error> {
    let _ = (scene, model);
    Err(Error::Parameter("stl output is not available yet".into()))
}
