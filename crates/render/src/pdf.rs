//! PDF puzzle pages (being written: see the outputs issue).

use maze_core::Error;

use crate::scene::Scene;
use crate::style::Style;

/// Paper size in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
    /// Any size, width and height in millimetres.
    Custom(f64, f64),
}

/// Page layout for printing.
#[derive(Clone, Debug, PartialEq)]
pub struct PageSetup {
    /// The paper.
    pub paper: Paper,
    /// Margin on every side, millimetres.
    pub margin_mm: f64,
}

/// One page: a maze scene, with a heading line, a title and an instructions line.
#[derive(Clone, Debug)]
pub struct PdfPage {
    /// What to draw (the style's sizes are millimetres).
    pub scene: Scene,
    /// A small heading, such as "Puzzle 3" or "Solution 3".
    pub heading: Option<String>,
}

/// Writes the pages as one PDF document.
///
/// # Errors
/// Not written yet.
pub fn pdf(pages: &[PdfPage], setup: &PageSetup, style: &Style) -> Result<Vec<u8>, Error> {
    let _ = (pages, setup, style);
    Err(Error::Parameter("pdf output is not available yet".into()))
}
