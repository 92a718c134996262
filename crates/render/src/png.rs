//! PNG output (being written: see the outputs issue).

use maze_core::Error;

use crate::scene::Scene;
use crate::style::Style;

/// The largest image `png` writes, in pixels (10,000 x 10,000).
pub const MAX_PIXELS: u64 = 100_000_000;

/// Rasterises the scene as a PNG image.
///
/// # Errors
/// Not written yet.
pub fn png(scene: &Scene, style: &Style) -> Result<Vec<u8>, Error> {
    let _ = (scene, style);
    Err(Error::Parameter("png output is not available yet".into()))
}
