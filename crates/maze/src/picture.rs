//! Picture styles and page setup: the instructions printed with a maze, the cell size of a
//! raster picture, the drawing style from the drawing options, the PDF page.

use maze_core::{Point, Shape, ShapeSpec};
use maze_render::animate::{self};
use maze_render::font::{Font, Fonts};
use maze_render::pdf::{PageSetup, PdfPage};
use maze_render::print::{Ink, MIN_LINE_PT};
use maze_render::style::Style;
use maze_render::{Format, pdf, png};

use crate::error::{Error, Result};
use crate::request::{Draw, PictureStyle};

/// The instructions printed with a one-route maze by default (pdf pages).
pub const INSTRUCTIONS: &str = "Find the way from the green dot to the red dot.";

/// Document 003's instructions for a MultiMaze, printed with it by default (pdf, svg, png),
/// shown by `maze play` and the page.
pub const MULTI_INSTRUCTIONS: &str = "Connect each green dot with one, and only one, red dot.";

/// The instructions of a one-route maze printed in black ink (`--ink black`).
pub const BLACK_INSTRUCTIONS: &str = "Find the way from the black disc to the ring.";

/// A MultiMaze's instructions in black ink.
pub const BLACK_MULTI_INSTRUCTIONS: &str = "Connect each black disc with one, and only one, ring.";

/// What the default cell size of a raster picture (PNG or GIF without `cell-size`) is
/// chosen from: see [`raster_cell`].
#[derive(Clone, Copy, Debug)]
pub struct Picture {
    /// The drawing's extent, in cells ([`Shape::extent`]).
    pub extent: Point,
    /// Whether the maze is woven: its bridges need room to read.
    pub woven: bool,
    /// The most pixels one image (one frame of a GIF) may have.
    pub max_pixels: u64,
}

impl Picture {
    /// A still picture of `shape`.
    pub fn of<S: Shape>(shape: &S) -> Self {
        Picture { extent: shape.extent(), woven: shape.woven(), max_pixels: png::MAX_PIXELS }
    }

    /// A still picture of the shape `spec` lays out (it is built to be measured).
    pub fn of_spec(spec: &ShapeSpec) -> Self {
        Picture::of(&spec.erased())
    }

    /// A still picture of a flat drawing `extent` cell units across, for a maze too big
    /// to lay out as a shape (one made row by row).
    pub fn of_extent(extent: Point) -> Self {
        Picture { extent, ..Picture::default() }
    }

    /// This picture as `frames` frames of an animation: each frame's pixels are also bound
    /// by the animation's budget of pixel-frames.
    #[must_use]
    pub fn frames(self, frames: usize) -> Self {
        let per_frame = animate::MAX_PIXEL_FRAMES / (frames.max(1) as u64);
        Picture { max_pixels: self.max_pixels.min(per_frame), ..self }
    }
}

impl Default for Picture {
    /// A picture one cell square (what a request without a maze, such as the API's list
    /// of limits, draws against).
    fn default() -> Self {
        Picture { extent: Point { x: 1.0, y: 1.0 }, woven: false, max_pixels: png::MAX_PIXELS }
    }
}

/// The long side, in pixels, a raster picture of a small maze gets by default.
pub const RASTER_LONG_SIDE: f64 = 800.0;
/// The default cell size of a raster picture: at most this many pixels (a tiny maze)...
pub const RASTER_MOST_CELL: f64 = 128.0;
/// ...and at least this many (a big maze).
pub const RASTER_LEAST_CELL: f64 = 2.0;
/// A woven maze's default cell is at least this many pixels, so that its bridges read.
pub const RASTER_WOVEN_CELL: f64 = 16.0;

/// The default cell size, in whole pixels, of a PNG or GIF of `picture` when no cell size
/// is asked: the picture's long side about [`RASTER_LONG_SIDE`] pixels (half a cell of
/// margin on each side), between [`RASTER_LEAST_CELL`] and [`RASTER_MOST_CELL`] pixels a
/// cell; a woven maze gets at least [`RASTER_WOVEN_CELL`]; above the least size, never so
/// large that the image passes `picture.max_pixels`. A 20 x 10 maze is drawn 38 px a cell
/// (798 x 418 px), a 100 x 100 one 7 px, a 1000 x 1000 one 2 px (2002 x 2002 px).
pub fn raster_cell(picture: &Picture) -> f64 {
    let (w, h) = (picture.extent.x.max(0.0) + 1.0, picture.extent.y.max(0.0) + 1.0);
    let mut cell = (RASTER_LONG_SIDE / w.max(h)).floor().clamp(RASTER_LEAST_CELL, RASTER_MOST_CELL);
    if picture.woven {
        cell = cell.max(RASTER_WOVEN_CELL);
    }
    let fits = (picture.max_pixels as f64 / (w * h)).sqrt().floor();
    cell.min(fits).max(RASTER_LEAST_CELL)
}

/// The drawing style from the command line, with each format's defaults; a raster picture's
/// default cell size is chosen from `picture` ([`raster_cell`]).
pub fn draw_style(d: &Draw, format: Format, multi: bool, picture: &Picture) -> Style {
    let base = Style::default();
    let default_cell = match format {
        Format::Png | Format::Gif => raster_cell(picture),
        Format::Pdf | Format::Tex => 6.35,
        Format::Scad | Format::Stl => 10.0,
        _ => base.cell_size,
    };
    // Paper formats measure in millimetres, screen formats in pixels (96 to the inch).
    let paper = matches!(format, Format::Pdf | Format::Tex | Format::Scad | Format::Stl);
    let length = |l: maze_render::style::Length| if paper { l.mm() } else { l.px() };
    let cell = d.cell_size.map_or(default_cell, length);
    // A PDF page, and a MultiMaze's picture (document 003 displays its maze "with title and
    // instructions"), have a heading by default.
    let headed = format == Format::Pdf || (multi && matches!(format, Format::Png | Format::Svg));
    let (title, instructions) = if headed {
        let title = d.title.clone().unwrap_or_else(|| if multi { "MultiMaze".into() } else { "Maze".into() });
        let black = format == Format::Pdf && d.ink == Some(Ink::Black);
        let how = match (multi, black) {
            (true, false) => MULTI_INSTRUCTIONS,
            (false, false) => INSTRUCTIONS,
            (true, true) => BLACK_MULTI_INSTRUCTIONS,
            (false, true) => BLACK_INSTRUCTIONS,
        };
        (Some(title), Some(d.instructions.clone().unwrap_or_else(|| how.into())))
    } else {
        (d.title.clone(), d.instructions.clone())
    };
    Style {
        cell_size: cell,
        wall_width: d
            .wall_width
            .map(length)
            .map(|w| if format == Format::Pdf && d.fit { w.max(MIN_LINE_PT / pdf::MM) } else { w })
            .unwrap_or(match format {
                Format::Scad | Format::Stl => cell * 0.16,
                // A pixel at least: thinner walls fade into grey on small cells.
                Format::Png | Format::Gif => (cell / 8.0).max(1.0),
                _ => cell / 8.0,
            }),
        margin: if matches!(format, Format::Png | Format::Gif) {
            cell / 2.0
        } else {
            base.margin.min(cell / 2.0)
        },
        walls: d.wall_colour.clone().unwrap_or(base.walls),
        background: d.background.clone().unwrap_or(base.background),
        path: d.path_colour.clone().unwrap_or(base.path),
        // Documents 000 and 001: the path in black (or --path-colour), explored cells grey.
        path_cells: match d.style {
            PictureStyle::Document => d.path_colour.clone().unwrap_or_else(|| "#000000".into()),
            PictureStyle::Line => base.path_cells,
        },
        title,
        instructions,
        name_line: (format == Format::Pdf && d.name_line).then(|| maze_render::style::NAME_LINE.to_string()),
        // Document 003's dots, a third of a cell; a MultiMaze's numbered dots (its answer
        // key, or its puzzle with --numbered) are larger, to hold the numbers. An asked
        // size is every dot's.
        dot: d.dot_size.unwrap_or(base.dot),
        numbered_dot: d.dot_size.unwrap_or(base.numbered_dot),
        ..base
    }
}

/// The pdf page setup: an asked cell size is kept exactly (or refused) unless `--fit`;
/// the default margin may narrow to keep it; the text is set in `--font` when given; a
/// book option makes it a book of `puzzles` puzzles (with their keys when `keys`).
///
/// # Errors
/// [`Error::Request`] when the `--font` file cannot be read or is not a font, or a book
/// option is refused (`book::print_setup`).
pub fn page_setup(d: &Draw, puzzles: usize, keys: bool) -> Result<PageSetup> {
    Ok(PageSetup {
        print: crate::book::print_setup(d, puzzles, keys)?,
        fonts: match &d.font {
            Some(path) => Fonts::single(read_font(path)?),
            None => Fonts::default(),
        },
        paper: d.paper.unwrap_or_default(),
        margin_mm: d.margin.map_or(15.0, |m| m.mm()),
        fit: if d.cell_size.is_some() && !d.fit { pdf::Fit::Exact } else { pdf::Fit::Shrink },
        flexible_margin: d.margin.is_none(),
        black_ink: d.ink == Some(Ink::Black),
    })
}

/// The font in the file `path` (`--font`).
fn read_font(path: &std::path::Path) -> Result<Font> {
    let shown = path.display();
    let data = std::fs::read(path).map_err(|e| Error::Request(format!("cannot read --font {shown}: {e}")))?;
    Font::from_bytes(data).map_err(|e| Error::Request(format!("--font {shown}: {e}")))
}

/// Refuses, before any maze is made, a pdf whose maze cannot keep its asked cell size.
pub(crate) fn check_page(spec: &ShapeSpec, draw: &Draw, multi: bool, count: u32, keys: bool) -> Result<()> {
    let headed = keys || count > 1;
    let extent = spec.erased().extent();
    let scene = maze_render::scene::Scene { width: extent.x, height: extent.y, ..Default::default() };
    let style = draw_style(draw, Format::Pdf, multi, &Picture::default());
    // Solution pages and books have a heading line, which every page then makes room for.
    let page = PdfPage { scene, heading: headed.then(|| "Solution".to_string()) };
    let setup = page_setup(draw, count as usize, keys)?;
    let least = MIN_LINE_PT / pdf::MM;
    if let Some(w) = draw.wall_width.map(|w| w.mm()).filter(|&w| w < least && !draw.fit) {
        return Err(Error::Request(format!(
            "--wall-width {w} mm is thinner than {MIN_LINE_PT} pt, the thinnest line a printer keeps: ask for at least {:.3} mm (or --fit raises it)",
            (least * 1000.0).ceil() / 1000.0
        )));
    }
    pdf::check_text(&setup.fonts, &style).map_err(|e| Error::Request(e.to_string()))?;
    pdf::page_layouts(&[page], &setup, &style).map_err(|e| Error::Request(e.to_string()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(w: f64, h: f64, woven: bool) -> Picture {
        Picture { extent: Point { x: w, y: h }, woven, ..Picture::default() }
    }

    #[test]
    fn small_mazes_make_pictures_about_800_px_long() {
        // The default 20 x 10 maze: 38 px a cell, 798 px wide with its margins.
        assert_eq!(raster_cell(&picture(20.0, 10.0, false)), 38.0);
        for side in [5.0, 12.0, 30.0, 60.0, 150.0] {
            let cell = raster_cell(&picture(side, side / 2.0, false));
            let long = (side + 1.0) * cell;
            assert!((600.0..=RASTER_LONG_SIDE).contains(&long), "{side}: {cell} px a cell, {long} px");
        }
    }

    #[test]
    fn the_cell_size_stays_between_its_bounds() {
        assert_eq!(raster_cell(&picture(1.0, 1.0, false)), RASTER_MOST_CELL);
        assert_eq!(raster_cell(&picture(1000.0, 1000.0, false)), RASTER_LEAST_CELL);
        // A woven maze keeps room for its bridges, however large (under the pixel limit).
        assert_eq!(raster_cell(&picture(24.0, 16.0, false)), 32.0);
        assert_eq!(raster_cell(&picture(200.0, 200.0, true)), RASTER_WOVEN_CELL);
        assert_eq!(raster_cell(&picture(200.0, 200.0, false)), 3.0);
    }

    #[test]
    fn pictures_stay_under_the_pixel_limit_above_the_least_cell() {
        let woven = picture(1000.0, 1000.0, true);
        let cell = raster_cell(&woven);
        assert!(
            cell >= RASTER_LEAST_CELL && 1001.0 * 1001.0 * cell * cell <= png::MAX_PIXELS as f64,
            "{cell}"
        );
        // An animation's frames share a budget of pixel-frames.
        let frames = picture(60.0, 60.0, true).frames(2000);
        let cell = raster_cell(&frames);
        assert!(61.0 * 61.0 * cell * cell * 2000.0 <= animate::MAX_PIXEL_FRAMES as f64, "{cell}");
    }

    #[test]
    fn an_asked_cell_size_is_kept_and_walls_are_a_pixel_at_least() {
        let small = picture(1000.0, 1000.0, false);
        let style = draw_style(&Draw::default(), Format::Png, false, &small);
        assert_eq!((style.cell_size, style.wall_width), (2.0, 1.0));
        let asked = Draw { cell_size: Some("12".parse().unwrap()), ..Draw::default() };
        let style = draw_style(&asked, Format::Png, false, &small);
        assert_eq!((style.cell_size, style.wall_width), (12.0, 1.5));
        // Vector formats keep their fixed defaults.
        assert_eq!(
            draw_style(&Draw::default(), Format::Svg, false, &small).cell_size,
            Style::default().cell_size
        );
    }
}
