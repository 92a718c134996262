//! TikZ output (being written: see the outputs issue).

use crate::scene::Scene;
use crate::style::Style;

/// Writes the scene as a TikZ picture: a whole document (`standalone`) or a `tikzpicture`
/// to `\input`. Sizes in the style are millimetres.
pub fn tikz(scene: &Scene, style: &Style, standalone: bool) -> String {
    let _ = (scene, style, standalone);
    String::from("% tikz output is not available yet\n")
}
