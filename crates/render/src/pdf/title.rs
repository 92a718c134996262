//! A book's title page (`--front-page`): the title large and bold a third of the way down
//! the live area, the lines under it, each centred and wrapped to the live area's width.

use super::{ASCENT, Frame, INSTRUCTIONS_SIZE, Layout, TITLE_SIZE, TextLine};
use crate::font::{Fonts, printable};
use crate::style::wrap_measured;

/// The title's size on a title page, points: half again the size of a page's title.
const FRONT_TITLE_SIZE: f64 = 1.5 * TITLE_SIZE;

/// Line pitch, as a share of the font size.
const LEADING: f64 = 1.35;

/// The layout of a title page in frame `f` (no maze, no page number: the caller closes it).
pub(super) fn title_layout(f: &Frame, fonts: &Fonts, title: Option<&str>, lines: &[String]) -> Layout {
    let [x0, y0, x1, y1] = f.live;
    let width = x1 - x0;
    let mut text = Vec::new();
    let mut top = y0 + (y1 - y0) / 3.0;
    let mut set = |line: &str, bold: bool, size: f64, top: &mut f64| {
        let font = if bold { &fonts.bold } else { &fonts.regular };
        for row in wrap_measured(&printable(line), width, |s| font.width(s) * size) {
            text.push(TextLine {
                x: x0 + (width - font.width(&row) * size) / 2.0 + f.offset.0,
                baseline: *top + ASCENT * size + f.offset.1,
                text: row,
                bold,
                size,
            });
            *top += LEADING * size;
        }
    };
    if let Some(t) = title.filter(|t| !t.trim().is_empty()) {
        set(t, true, FRONT_TITLE_SIZE, &mut top);
        top += FRONT_TITLE_SIZE;
    }
    for line in lines {
        set(line, false, INSTRUCTIONS_SIZE, &mut top);
        top += 0.5 * INSTRUCTIONS_SIZE;
    }
    Layout {
        page_width: 0.0,
        page_height: 0.0,
        origin: (f.offset.0, f.offset.1),
        scale: 1.0,
        shrunk: false,
        wall: 0.0,
        text,
        trim: None,
    }
}
