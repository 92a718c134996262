//! Pages of several mazes in a grid: a book's answer keys (`--keys-per-page`) and a
//! worksheet's sheets of puzzles (`--per-page`), each maze under its label, all at one
//! scale.

/// How much larger than its cell size a worksheet's puzzle may be drawn to fill its place.
pub(super) const MAX_GROWTH: f64 = 3.0;

use super::{
    ASCENT, Error, HEADING_SIZE, Layout, MIN_AREA, MM, PageSetup, PdfPage, Print, Style, TEXT_GAP, TextLine,
    frame, positive,
};

/// Where one answer key of a key page goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Placed {
    pub(super) origin: (f64, f64),
    pub(super) scale: f64,
    pub(super) wall: f64,
}

/// A page of answer keys, or a worksheet's sheet of puzzles: `keys` in a grid of `cols` x
/// `rows` cells across the live area (under the `head` lines, each text centred at its
/// nominal size in the bold or regular font, shrunk to the width), each under its label
/// (the page's heading), all at the largest scale at which every one fits: never larger
/// than the asked cell size, unless `grow` (a worksheet's puzzles, whose cell size was not
/// asked exactly), which lets them grow to [`MAX_GROWTH`] times it, each label just above
/// its maze.
#[allow(clippy::too_many_arguments)]
pub(super) fn key_layout(
    keys: &[&PdfPage],
    (cols, rows): (usize, usize),
    head: &[(&str, bool, f64)],
    grow: bool,
    setup: &PageSetup,
    style: &Style,
    print: &Print,
    page: usize,
) -> Result<(Layout, Vec<Placed>), Error> {
    let f = frame(print, page);
    let [x0, mut y0, x1, y1] = f.live;
    let gap = TEXT_GAP;
    let mut text = Vec::new();
    for &(line, bold, nominal) in head {
        let line = crate::font::printable(line).into_owned();
        if line.trim().is_empty() {
            continue;
        }
        let w = setup.fonts.get(bold).width(&line);
        let size = if w > 0.0 { nominal.min((x1 - x0) / w) } else { nominal };
        text.push(TextLine {
            x: x0 + (x1 - x0 - w * size) / 2.0,
            baseline: y0 + ASCENT * size,
            size,
            bold,
            text: line,
        });
        y0 += 1.25 * nominal.max(size);
    }
    if !text.is_empty() {
        y0 += gap;
    }
    let (cw, ch) = (
        (x1 - x0 - gap * (cols - 1) as f64) / cols as f64,
        (y1 - y0 - gap * (rows - 1) as f64) / rows as f64,
    );
    let label = 1.4 * HEADING_SIZE;
    let cell = positive(style.cell_size, "cell size")? * MM;
    let wall = style.wall_width.max(0.0) * MM;
    if cw < MIN_AREA || ch - label < MIN_AREA {
        return Err(Error::Parameter(format!(
            "{} mazes to a page leave no room for a maze on a {:.0} x {:.0} mm page",
            cols * rows,
            f.trim.0 / MM,
            f.trim.1 / MM
        )));
    }
    let s = keys
        .iter()
        .map(|k| (cw / (k.scene.width * cell + wall)).min((ch - label) / (k.scene.height * cell + wall)))
        .fold(if grow { MAX_GROWTH } else { 1.0 }, f64::min);
    let s = if s.is_finite() && s > 0.0 { s } else { 1.0 };
    let mut placed = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        let (col, row) = (i % cols, i / cols);
        let (left, top) = (x0 + col as f64 * (cw + gap), y0 + row as f64 * (ch + gap));
        let (w, h) = (k.scene.width * cell * s + wall * s, k.scene.height * cell * s + wall * s);
        let (mx, my) = (left + (cw - w) / 2.0, top + label + (ch - label - h) / 2.0);
        if let Some(h) = k.heading.as_deref() {
            let size = {
                let w = setup.fonts.regular.width(h);
                if w > 0.0 { HEADING_SIZE.min(cw / w) } else { HEADING_SIZE }
            };
            let width = setup.fonts.regular.width(h) * size;
            text.push(TextLine {
                text: crate::font::printable(h).into_owned(),
                bold: false,
                size,
                x: left + (cw - width) / 2.0,
                baseline: if grow { my - label } else { top } + ASCENT * size,
            });
        }
        placed.push(Placed {
            origin: (mx + wall * s / 2.0 + f.offset.0, my + wall * s / 2.0 + f.offset.1),
            scale: cell * s,
            wall: wall * s,
        });
    }
    for t in &mut text {
        t.x += f.offset.0;
        t.baseline += f.offset.1;
    }
    let l = Layout {
        page_width: 0.0,
        page_height: 0.0,
        origin: placed.first().map_or((0.0, 0.0), |p| p.origin),
        scale: cell * s,
        // Keys are drawn as large as fits: smaller than the puzzles is their point.
        shrunk: false,
        wall: wall * s,
        text,
        trim: None,
    };
    Ok((f.close(l, print.page_numbers.then_some((page, &setup.fonts))), placed))
}
