//! PDF puzzle pages: one page per maze, with a title, an instructions line and a small
//! heading, the maze centred below them at its requested size (or shrunk to fit).
//!
//! Written directly with `pdf-writer`: the walls of a page are one path of move/line pieces
//! stroked once, shaded cells one filled path per colour, the solution one polyline and the
//! dots Bézier circles; each page's drawing is deflate-compressed. Text is set in embedded
//! fonts cut to the glyphs used ([`crate::font`]: DejaVu Sans by default, any TrueType or
//! OpenType font asked for), with a ToUnicode map so it can be searched. The
//! output has no dates or random ids: the same input gives the same bytes.

mod grid;
mod title;

use maze_core::{Error, Point};
use pdf_writer::types::{LineCapStyle, LineJoinStyle};
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Rect, Ref, Settings, Str, TextStr};

use crate::font::{Fonts, InUse};
use crate::print::Print;
use crate::scene::{Fill, Marker, Scene};
use crate::style::{Colour, Length, ROUTE_COLOURS, Style, heat_colour, wrap_measured};
use grid::Placed;

/// Paper size in millimetres.
///
/// A named paper given without `-landscape` or `-portrait` ([`Paper::A4`], [`Paper::Letter`],
/// [`Paper::Either`]) is laid either way up, whichever gives the maze the larger cell (when
/// both give the same, the way the maze is longer: a wide maze on landscape paper); a size
/// given by its sides, or a named one turned by
/// `-landscape` or kept upright by `-portrait` ([`Paper::Custom`]), is laid as given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm, either way up.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in, either way up.
    Letter,
    /// Any size, width and height in millimetres, laid as given.
    Custom(f64, f64),
    /// A size, width and height in millimetres as upright, laid either way up (the named
    /// papers a3, a5, legal and tabloid).
    Either(f64, f64),
}

/// The named papers other than A4 and Letter, upright: name, width and height in mm.
const NAMED: [(&str, f64, f64); 4] =
    [("a3", 297.0, 420.0), ("a5", 148.0, 210.0), ("legal", 215.9, 355.6), ("tabloid", 279.4, 431.8)];

impl Paper {
    /// Width and height in PostScript points (1/72 inch): A4 is 595.276 x 841.89,
    /// Letter 612 x 792.
    pub fn points(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0 * MM, 297.0 * MM),
            Paper::Letter => (612.0, 792.0),
            Paper::Custom(w, h) | Paper::Either(w, h) => (w * MM, h * MM),
        }
    }

    /// Width and height in millimetres.
    pub fn mm(self) -> (f64, f64) {
        let (w, h) = self.points();
        (w / MM, h / MM)
    }

    /// Whether the paper may be laid either way up (no orientation was asked for).
    pub fn turns(self) -> bool {
        !matches!(self, Paper::Custom(..))
    }

    /// The paper turned a quarter turn, laid as it then is.
    #[must_use]
    pub fn turned(self) -> Paper {
        let (w, h) = self.mm();
        Paper::Custom(h, w)
    }
}

impl std::fmt::Display for Paper {
    /// `a4`, `letter`, a named size, or `WIDTHxHEIGHTmm`, which parses back to the same
    /// paper.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Paper::A4 => f.write_str("a4"),
            Paper::Letter => f.write_str("letter"),
            Paper::Either(w, h) => match NAMED.iter().find(|n| (n.1, n.2) == (*w, *h)) {
                Some(n) => f.write_str(n.0),
                None => write!(f, "{w}x{h}mm"),
            },
            Paper::Custom(w, h) => write!(f, "{w}x{h}mm"),
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = Error;

    /// `a4`, `letter`, `a3`, `a5`, `legal`, `tabloid` (laid either way up, whichever gives
    /// the larger cell), each with `-landscape` to turn it or `-portrait` to keep it upright;
    /// or `WIDTHxHEIGHT` with a unit on either number or both (`11inx9in`, `11x9in`,
    /// `254x203mm`, `792x648pt`; a bare number is millimetres), laid as given.
    fn from_str(s: &str) -> Result<Self, Error> {
        let t = s.trim().to_ascii_lowercase();
        let turn = |suffix: &str| {
            t.strip_suffix(&format!("-{suffix}")).or_else(|| t.strip_suffix(&format!(" {suffix}")))
        };
        let (name, fixed) = match (turn("landscape"), turn("portrait")) {
            (Some(n), _) => (n, Some(true)),
            (None, Some(n)) => (n, Some(false)),
            (None, None) => (t.as_str(), None),
        };
        let named = match name {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => NAMED.iter().find(|n| n.0 == name).map(|n| Paper::Either(n.1, n.2)),
        };
        if let Some(p) = named {
            let (w, h) = p.mm();
            return Ok(match fixed {
                Some(true) => Paper::Custom(h, w),
                Some(false) => Paper::Custom(w, h),
                None => p,
            });
        }
        let bad = || {
            Error::Parameter(format!(
                "'{s}' is not a paper size (a4, letter, a3, a5, legal, tabloid, with -landscape or -portrait, or WIDTHxHEIGHT such as 11inx9in or 254x203mm)"
            ))
        };
        if fixed.is_some() {
            return Err(bad());
        }
        let (w, h) = t.split_once('x').ok_or_else(bad)?;
        let (w, h) = (w.parse::<Length>().map_err(|_| bad())?, h.parse::<Length>().map_err(|_| bad())?);
        // A unit on one side only applies to both (11x9in).
        let unit = h.unit.or(w.unit);
        let mm = |l: Length| Length { unit: l.unit.or(unit), ..l }.mm();
        Ok(Paper::Custom(mm(w), mm(h)))
    }
}

/// Page layout for printing.
#[derive(Clone, Debug, PartialEq)]
pub struct PageSetup {
    /// The paper.
    pub paper: Paper,
    /// Margin on every side, millimetres.
    pub margin_mm: f64,
    /// What to do when the maze does not fit at its cell size.
    pub fit: Fit,
    /// The margin was not asked for: it may narrow to [`MIN_MARGIN_MM`] (and the title
    /// tighten) before the maze is shrunk or refused.
    pub flexible_margin: bool,
    /// The fonts text is set in (embedded, cut to the glyphs used).
    pub fonts: Fonts,
    /// A book for print: trim size and bleed, mirrored margins, page numbers, keys several
    /// to a page (the paper, margin and turning are then the book's).
    pub print: Option<Print>,
    /// Black ink only: everything in DeviceGray (colours as their grey, walls, solution
    /// and dots black; the end dots drawn as rings).
    pub black_ink: bool,
}

impl PageSetup {
    /// A setup that shrinks a maze that does not fit, with a fixed margin.
    pub fn new(paper: Paper, margin_mm: f64) -> Self {
        PageSetup {
            paper,
            margin_mm,
            fit: Fit::Shrink,
            flexible_margin: false,
            fonts: Fonts::default(),
            print: None,
            black_ink: false,
        }
    }
}

/// What to do with a maze that does not fit the page at its cell size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fit {
    /// Draw it smaller ([`Layout::shrunk`] says so).
    #[default]
    Shrink,
    /// Refuse, naming the largest cell size that fits: the cell size is a promise.
    Exact,
}

/// The narrowest margin a flexible margin narrows to, millimetres (most printers leave
/// 4 to 5 mm unprinted).
pub const MIN_MARGIN_MM: f64 = 5.0;

/// One page: a maze scene, with a heading line, a title and an instructions line.
#[derive(Clone, Debug)]
pub struct PdfPage {
    /// What to draw (the style's sizes are millimetres).
    pub scene: Scene,
    /// A small heading, such as "Puzzle 3" or "Solution 3".
    pub heading: Option<String>,
}

/// Points per millimetre.
pub const MM: f64 = 72.0 / 25.4;

/// Nominal title size, points (the bold font).
const TITLE_SIZE: f64 = 20.0;
/// Nominal instructions size, points.
const INSTRUCTIONS_SIZE: f64 = 11.0;
/// Heading size, points (top-right corner).
const HEADING_SIZE: f64 = 9.0;
/// Baseline below the top of a text line, as a fraction of the font size.
const ASCENT: f64 = 0.75;
/// Space between the text and the maze, points.
const TEXT_GAP: f64 = 12.0;
/// The smallest maze area, points, below which the paper is refused.
const MIN_AREA: f64 = 20.0;
/// The narrowest strip beside the maze that takes the title upright, points (about 8 mm).
const MIN_STRIP: f64 = 24.0;

/// One line of text placed on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    /// The text as printed (tabs and line breaks as spaces).
    pub text: String,
    /// Set in the bold font (the title) rather than the regular one.
    pub bold: bool,
    /// Font size, points (shrunk from the nominal size when the line is too wide).
    pub size: f64,
    /// Left end of the line, points from the page's left edge.
    pub x: f64,
    /// Baseline, points from the page's top edge.
    pub baseline: f64,
}

/// Where everything on one page goes, in points measured from the page's top-left corner
/// with y growing downwards (as in a rendered image: multiply by `dpi / 72` for pixels).
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Paper width, points.
    pub page_width: f64,
    /// Paper height, points.
    pub page_height: f64,
    /// Where the scene's point (0, 0) lands.
    pub origin: (f64, f64),
    /// Points per maze unit (the requested cell size, or less when the maze is shrunk).
    pub scale: f64,
    /// Whether the maze had to be shrunk to fit.
    pub shrunk: bool,
    /// Wall thickness, points (after any shrinking).
    pub wall: f64,
    /// The text lines: heading (top-right), title, instructions; a book's page number.
    pub text: Vec<TextLine>,
    /// A book page's trim box, points in PDF coordinates (left, bottom, right, top, y up);
    /// its bleed box is the whole page.
    pub trim: Option<[f64; 4]>,
}

impl Layout {
    /// Where a scene point lands on the page, points from the top-left corner (y down).
    pub fn to_page(&self, p: Point) -> (f64, f64) {
        (self.origin.0 + p.x * self.scale, self.origin.1 + p.y * self.scale)
    }
}

/// Computes the layout of every page, exactly as [`pdf`] draws them.
///
/// The heading band at the top is reserved on every page as soon as one page has a
/// heading, so the maze sits in the same place on puzzle and solution pages.
///
/// # Errors
/// [`Error::Parameter`] when there are no pages, when a size is not a positive finite
/// number, or when the paper minus margins and text leaves no room for the maze.
pub fn page_layouts(pages: &[PdfPage], setup: &PageSetup, style: &Style) -> Result<Vec<Layout>, Error> {
    if pages.is_empty() {
        return Err(Error::Parameter("a PDF needs at least one page".into()));
    }
    let band = pages.iter().any(|p| p.heading.as_deref().is_some_and(|h| !h.trim().is_empty()));
    pages.iter().map(|p| layout_page(&p.scene, p.heading.as_deref(), band, setup, style)).collect()
}

fn positive(v: f64, what: &str) -> Result<f64, Error> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(Error::Parameter(format!("the {what} must be a positive number, not {v}")))
    }
}

/// A page's layout on `setup`'s paper, turned when the paper may be ([`Paper::turns`]) and
/// turning gives the maze a larger cell, or the same cell on paper shaped like the maze (a
/// wide maze on landscape paper, rather than small under a large gap); an exact cell size
/// that fits neither way is refused.
fn layout_page(
    scene: &Scene,
    heading: Option<&str>,
    band: bool,
    setup: &PageSetup,
    style: &Style,
) -> Result<Layout, Error> {
    let upright = best_layout(scene, heading, band, setup, style)?;
    let (best, margin) = if setup.paper.turns() {
        let turned_setup = PageSetup { paper: setup.paper.turned(), ..setup.clone() };
        let (u, t) = (upright.0.scale, 1.0 + 1e-9);
        // Which way the maze and the paper are longer (0 for square).
        let long = |w: f64, h: f64| (w - h).partial_cmp(&0.0).map_or(0, |o| o as i8);
        let maze = long(scene.width, scene.height);
        match best_layout(scene, heading, band, &turned_setup, style) {
            Ok(turned) if turned.0.scale > u * t => turned,
            Ok(turned)
                if turned.0.scale * t >= u
                    && maze != 0
                    && long(turned.0.page_width, turned.0.page_height) == maze
                    && long(upright.0.page_width, upright.0.page_height) != maze =>
            {
                turned
            }
            _ => upright,
        }
    } else {
        upright
    };
    if best.shrunk && setup.fit == Fit::Exact {
        let asked = style.cell_size;
        let fits = best.scale / MM;
        let (w, h) = setup.paper.mm();
        let either = if setup.paper.turns() { " either way up" } else { "" };
        return Err(Error::Parameter(format!(
            "the maze does not fit {w:.0} x {h:.0} mm paper{either} at {asked:.2} mm ({:.3} in) cells with {margin:.1} mm margins{}: the largest cell size that fits is {:.2} mm ({:.3} in); ask for that, a larger --paper, a smaller maze, or --fit to shrink it",
            asked / 25.4,
            if best.text.is_empty() { "" } else { " and the title" },
            (fits * 100.0).floor() / 100.0,
            (fits / 25.4 * 1000.0).floor() / 1000.0
        )));
    }
    Ok(best)
}

/// The largest layout on `setup`'s paper as it is (shrunk if nothing fits), with the
/// margin it ends with: the asked margin first, then (when the maze is shrunk) a 5 mm one
/// and smaller title lines when the margin is ours to pick, then those lines turned beside
/// the maze (a wide maze on landscape paper: document 003's 10 x 8 inch maze on US letter).
fn best_layout(
    scene: &Scene,
    heading: Option<&str>,
    band: bool,
    setup: &PageSetup,
    style: &Style,
) -> Result<(Layout, f64), Error> {
    let roomy = try_layout(scene, heading, band, setup, style, setup.margin_mm, false, false)?;
    let margin = if setup.flexible_margin { MIN_MARGIN_MM.min(setup.margin_mm) } else { setup.margin_mm };
    if !roomy.shrunk {
        return Ok((roomy, setup.margin_mm));
    }
    let mut best = roomy;
    let tight = [(margin < setup.margin_mm, false), (true, true)];
    for side in tight.iter().filter(|(try_it, _)| *try_it).map(|&(_, side)| side) {
        // Side layouts need text to move; a page without any is as tight as it gets.
        let Ok(t) = try_layout(scene, heading, band, setup, style, margin, true, side) else { continue };
        if !t.shrunk {
            return Ok((t, margin));
        }
        if t.scale > best.scale {
            best = t;
        }
    }
    Ok((best, margin))
}

/// One layout attempt with a given margin; `compact` sets the title lines smaller, `side`
/// (compact too) sets them upright, wrapped, in a strip left of the maze (the room a wide
/// maze leaves on landscape paper).
#[allow(clippy::too_many_arguments)]
fn try_layout(
    scene: &Scene,
    heading: Option<&str>,
    band: bool,
    setup: &PageSetup,
    style: &Style,
    margin_mm: f64,
    compact: bool,
    side: bool,
) -> Result<Layout, Error> {
    let (pw, ph) = setup.paper.points();
    let (pw, ph) = (positive(pw, "paper width")?, positive(ph, "paper height")?);
    if !(margin_mm.is_finite() && margin_mm >= 0.0) {
        return Err(Error::Parameter(format!("the margin must be 0 or more mm, not {margin_mm}")));
    }
    let cell = positive(style.cell_size, "cell size")? * MM;
    if !(style.wall_width.is_finite() && style.wall_width >= 0.0) {
        return Err(Error::Parameter(format!("the wall width must be 0 or more, not {}", style.wall_width)));
    }
    let wall = style.wall_width * MM;
    if !(scene.width.is_finite() && scene.height.is_finite() && scene.width >= 0.0 && scene.height >= 0.0) {
        return Err(Error::Parameter("the maze has no finite size".into()));
    }
    let margin = margin_mm * MM;
    let too_small = || {
        Error::Parameter(format!(
            "the paper ({:.0} x {:.0} mm) minus {} mm margins and the title leaves no room for the maze",
            pw / MM,
            ph / MM,
            margin_mm
        ))
    };
    // Compact: 14 pt title, 9 pt instructions, 8 pt heading, half the gap.
    // Side: 12 pt title, 8 pt instructions, 7 pt heading (the strip beside the maze is narrow).
    let (title_size, instructions_size, heading_size, gap) = if side {
        (12.0, 8.0, 7.0, TEXT_GAP / 2.0)
    } else if compact {
        (14.0, 9.0, 8.0, TEXT_GAP / 2.0)
    } else {
        (TITLE_SIZE, INSTRUCTIONS_SIZE, HEADING_SIZE, TEXT_GAP)
    };
    let mut avail_w = pw - 2.0 * margin;
    if avail_w < MIN_AREA {
        return Err(too_small());
    }
    let mut text = Vec::new();
    let mut top = margin;
    let mut left = margin;
    let fonts = &setup.fonts;
    let text_width = |line: &str, bold: bool| fonts.get(bold).width(line);
    let fit_size = |line: &str, bold: bool, nominal: f64, room: f64| {
        let w = text_width(line, bold);
        if w > 0.0 { nominal.min(room / w) } else { nominal }
    };
    let printed = |l: &str| crate::font::printable(l).into_owned();
    // A line as printed (blank lines dropped), its size fitted to `room` points of length,
    // and its width at that size.
    let fitted = |line: Option<&str>, bold: bool, nominal: f64, room: f64| {
        let line = line.map(printed).filter(|l| !l.trim().is_empty())?;
        let size = fit_size(&line, bold, nominal, room);
        let width = text_width(&line, bold) * size;
        Some((line, size, width))
    };
    let lines = [
        (style.title.as_deref(), true, title_size),
        (style.instructions.as_deref(), false, instructions_size),
        (style.name_line.as_deref(), false, instructions_size),
    ];
    let mut any = band;
    if side {
        // Title, instructions and heading upright in a strip left of the maze (as wide as
        // the maze leaves at its asked size), each wrapped at spaces and centred in it.
        let strip = pw - 2.0 * margin - (scene.width * cell + wall) - gap;
        if strip < MIN_STRIP {
            return Err(too_small());
        }
        for (line, bold, nominal) in
            lines.into_iter().chain([(heading.filter(|_| band), false, heading_size)])
        {
            let Some(line) = line.map(printed).filter(|l| !l.trim().is_empty()) else { continue };
            // The longest word sets the size when it is wider than the strip.
            let longest = line.split_whitespace().map(|w| text_width(w, bold)).fold(0.0, f64::max);
            let size = if longest > 0.0 { nominal.min(strip / longest) } else { nominal };
            // (The longest word fills the strip exactly: a rounding error must not cut it.)
            for row in wrap_measured(&line, strip + 1e-6, |s| text_width(s, bold) * size) {
                let width = text_width(&row, bold) * size;
                text.push(TextLine {
                    x: margin + (strip - width) / 2.0,
                    baseline: top + ASCENT * size,
                    size,
                    bold,
                    text: row,
                });
                top += 1.2 * size;
            }
            top += 0.4 * nominal;
        }
        if top > ph - margin {
            return Err(too_small());
        }
        top = margin;
        left = margin + strip + gap;
        avail_w = pw - margin - left;
    } else {
        if band {
            if let Some((h, size, width)) = fitted(heading, false, heading_size, avail_w) {
                text.push(TextLine {
                    x: pw - margin - width,
                    baseline: top + ASCENT * size,
                    size,
                    bold: false,
                    text: h,
                });
            }
            // Compact pages put the heading beside the title when there is room for any
            // page's heading ("Solution 1234"), so the maze sits in the same place on every
            // page.
            let title_width = style
                .title
                .as_deref()
                .map(printed)
                .map(|t| text_width(&t, true) * fit_size(&t, true, title_size, avail_w))
                .unwrap_or(0.0);
            let reserve = text_width("Solution 0000", false) * heading_size;
            let beside = compact && (pw + title_width) / 2.0 + 6.0 <= pw - margin - reserve;
            if !beside {
                top += 1.3 * heading_size;
            }
        }
        for (line, bold, nominal) in lines {
            let Some((line, size, width)) = fitted(line, bold, nominal, avail_w) else { continue };
            text.push(TextLine {
                x: (pw - width) / 2.0,
                baseline: top + ASCENT * size,
                size,
                bold,
                text: line,
            });
            top += 1.25 * nominal.max(size);
            any = true;
        }
        if any {
            top += gap;
        }
    }
    let avail_h = ph - margin - top;
    if avail_h < MIN_AREA {
        return Err(too_small());
    }
    // The drawing's extent, with walls sticking out by half their width all round.
    let (cw, ch) = (scene.width * cell + wall, scene.height * cell + wall);
    if !(cw.is_finite() && ch.is_finite()) {
        return Err(Error::Parameter("the maze is too large to measure at this cell size".into()));
    }
    let fit = (avail_w / cw).min(avail_h / ch);
    let s = if fit.is_finite() { fit.min(1.0) } else { 1.0 };
    let (x0, y0) = (left + (avail_w - cw * s) / 2.0, top + (avail_h - ch * s) / 2.0);
    Ok(Layout {
        page_width: pw,
        page_height: ph,
        origin: (x0 + wall * s / 2.0, y0 + wall * s / 2.0),
        scale: cell * s,
        shrunk: s < 1.0,
        // Never thinner than a printer keeps (a wall asked thinner is refused before).
        wall: if wall > 0.0 { (wall * s).max(crate::print::MIN_LINE_PT) } else { 0.0 },
        text,
        trim: None,
    })
}

/// Height kept at the foot of a book page for its number, points.
const FOOTER: f64 = 1.8 * HEADING_SIZE;

/// Whether page `n` (from 1) is on the right of a spread: odd pages are.
fn recto(n: usize) -> bool {
    n % 2 == 1
}

/// A book page's frame: the trim size, the live area inside the mirrored margins (left,
/// top, right, bottom in trim coordinates, y down) and where the trim box sits in the page
/// (its top-left corner, after the bleed).
struct Frame {
    trim: (f64, f64),
    live: [f64; 4],
    offset: (f64, f64),
    bleed: f64,
}

fn frame(print: &Print, page: usize) -> Frame {
    let (tw, th) = (print.trim_mm.0 * MM, print.trim_mm.1 * MM);
    let (inside, outside, bleed) = (print.inside_mm * MM, print.outside_mm * MM, print.bleed_mm * MM);
    let footer = if print.page_numbers { FOOTER } else { 0.0 };
    let (left, right) = if recto(page) { (inside, outside) } else { (outside, inside) };
    Frame {
        trim: (tw, th),
        live: [left, outside, tw - right, th - outside - footer],
        offset: (if recto(page) { 0.0 } else { bleed }, bleed),
        bleed,
    }
}

impl Frame {
    /// Moves a layout made on the live area's own paper (`margin` all round) into the
    /// page, adds the page number and sets the page and trim sizes.
    fn place(&self, mut l: Layout, margin: f64, number: Option<(usize, &Fonts)>) -> Layout {
        let (dx, dy) = (self.live[0] - margin + self.offset.0, self.live[1] - margin + self.offset.1);
        l.origin = (l.origin.0 + dx, l.origin.1 + dy);
        for t in &mut l.text {
            t.x += dx;
            t.baseline += dy;
        }
        self.close(l, number)
    }

    fn close(&self, mut l: Layout, number: Option<(usize, &Fonts)>) -> Layout {
        let (tw, th) = self.trim;
        if let Some((n, fonts)) = number {
            let text = n.to_string();
            let width = fonts.regular.width(&text) * HEADING_SIZE;
            // On the outside corner, inside the live area's width, below it.
            let x = if recto(n) { self.live[2] - width } else { self.live[0] };
            l.text.push(TextLine {
                text,
                bold: false,
                size: HEADING_SIZE,
                x: x + self.offset.0,
                baseline: self.live[3] + FOOTER - 0.2 * HEADING_SIZE + self.offset.1,
            });
        }
        l.page_width = tw + self.bleed;
        l.page_height = th + 2.0 * self.bleed;
        let (x0, y0) = (self.offset.0, self.bleed);
        l.trim = Some([x0, y0, x0 + tw, y0 + th]);
        l
    }
}

/// A page of a book ([`PageSetup::print`]): laid out on its live area as on paper of that
/// size with the outside margin all round, then moved into place, its heading on the
/// outside, its number at the outside corner of the foot.
fn print_layout(
    scene: &Scene,
    heading: Option<&str>,
    band: bool,
    setup: &PageSetup,
    style: &Style,
    print: &Print,
    page: usize,
) -> Result<Layout, Error> {
    let f = frame(print, page);
    let margin = print.outside_mm * MM;
    let [x0, y0, x1, y1] = f.live;
    let paper = Paper::Custom((x1 - x0 + 2.0 * margin) / MM, (y1 - y0 + 2.0 * margin) / MM);
    let inner = PageSetup {
        paper,
        margin_mm: print.outside_mm,
        flexible_margin: false,
        print: None,
        ..setup.clone()
    };
    let mut l = layout_page(scene, heading, band, &inner, style)?;
    if !recto(page)
        && let Some(h) = heading
        && let Some(t) = l.text.first_mut().filter(|t| !t.bold && t.text == crate::font::printable(h))
    {
        t.x = margin;
    }
    Ok(f.place(l, margin, print.page_numbers.then_some((page, &setup.fonts))))
}

/// A number for the content stream: rounded to 1/1000 so files stay small and exact
/// (anything not finite, which PDF cannot write, becomes 0).
fn r(v: f64) -> f32 {
    let v = (v * 1000.0).round() / 1000.0;
    if v.is_finite() && v.abs() < 1e9 { v as f32 } else { 0.0 }
}

fn parse(colour: &str) -> Result<[f32; 3], Error> {
    Ok(colour.parse::<Colour>()?.unit())
}

/// The style's colours, parsed once.
struct Colours {
    walls: [f32; 3],
    background: [f32; 3],
    path: [f32; 3],
    path_cells: [f32; 3],
    visited: [f32; 3],
    start: [f32; 3],
    end: [f32; 3],
    /// Dot diameter, as a share of a cell.
    dot: f64,
    /// Diameter of a dot carrying a number, as a share of a cell.
    numbered_dot: f64,
    /// Black ink only (DeviceGray).
    gray: bool,
}

/// Sets the fill colour: RGB, or its grey in black ink.
fn fill(c: &mut Content, [r, g, b]: [f32; 3], gray: bool) {
    if gray {
        c.set_fill_gray(luma([r, g, b]));
    } else {
        c.set_fill_rgb(r, g, b);
    }
}

/// Sets the stroke colour: RGB, or its grey in black ink.
fn stroke(c: &mut Content, [r, g, b]: [f32; 3], gray: bool) {
    if gray {
        c.set_stroke_gray(luma([r, g, b]));
    } else {
        c.set_stroke_rgb(r, g, b);
    }
}

/// A colour's grey (Rec. 709 luma).
fn luma([r, g, b]: [f32; 3]) -> f32 {
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

impl Colours {
    /// The style's colours; in black ink the walls, the solution line and the dots are
    /// black.
    fn new(style: &Style, black_ink: bool) -> Result<Self, Error> {
        let mut c = Self::parsed(style)?;
        if black_ink {
            c.gray = true;
            c.walls = [0.0; 3];
            c.path = [0.0; 3];
            c.start = [0.0; 3];
            c.end = [0.0; 3];
        }
        Ok(c)
    }

    fn parsed(style: &Style) -> Result<Self, Error> {
        Ok(Colours {
            gray: false,
            walls: parse(&style.walls)?,
            background: parse(&style.background)?,
            path: parse(&style.path)?,
            path_cells: parse(&style.path_cells)?,
            visited: parse(&style.visited)?,
            start: parse(&style.start)?,
            end: parse(&style.end)?,
            dot: style.dot,
            numbered_dot: style.numbered_dot,
        })
    }
}

/// Writes the pages as one PDF document, every page on the same paper (turned, page by
/// page, when the paper may be laid either way up and turning gives the maze a larger
/// cell: pages of one size all turn alike; see [`Paper`]).
///
/// Layout of a page (see [`page_layouts`]), inside `setup.margin_mm` on every side:
/// - a heading band at the top when any page has a heading ("Puzzle 3"), the heading set
///   small (9 pt) in the top-right corner;
/// - the title (`style.title`) centred in 20 pt bold, then the instructions
///   (`style.instructions`) centred in 11 pt; a line too wide for the paper is
///   set smaller;
/// - the maze centred in the rest, one maze unit being `style.cell_size` mm and walls
///   `style.wall_width` mm thick, shrunk uniformly (never enlarged) when it does not fit.
///
/// The maze is drawn as cell fills (explored, path, heat), walls (one stroked path with
/// square caps so corners join), the solution line (a quarter of a cell wide, round joins)
/// and green start and red end dots. A background other than white fills the maze's box.
///
/// # Errors
/// [`Error::Parameter`] when `pages` is empty, a colour does not parse, a size is not a
/// positive number, or the paper minus margins and text leaves no room for the maze.
pub fn pdf(pages: &[PdfPage], setup: &PageSetup, style: &Style) -> Result<Vec<u8>, Error> {
    if pages.is_empty() {
        return Err(Error::Parameter("a PDF needs at least one page".into()));
    }
    let band = pages.iter().any(|p| p.heading.as_deref().is_some_and(|h| !h.trim().is_empty()));
    let mut out = Vec::new();
    let mut book = Book::new(setup, style, band)?;
    book.start(&mut out)?;
    for page in pages {
        book.add(&mut out, page, Part::Front)?;
    }
    book.finish(&mut out)?;
    Ok(out)
}

/// A PDF written page by page as the pages are made ([`pdf`] for pages already in hand):
/// each page's objects go out at once and only their places are kept, so a book of
/// thousands of mazes takes as little memory as one page. Pages may go to the front part
/// or the back part of the book (puzzles first, their solutions at the back) in any order;
/// the page tree written at the end puts them in place.
///
/// The same pages give the same bytes as [`pdf`] when they are all front pages.
pub struct Book {
    setup: PageSetup,
    style: Style,
    colours: Colours,
    /// Whether every page reserves the heading band (see [`page_layouts`]).
    band: bool,
    /// Bytes written so far.
    written: u64,
    /// Where each object starts, by id (1 upwards).
    offsets: Vec<u64>,
    /// The page objects of the front part and of the back part, in order.
    front: Vec<Ref>,
    back: Vec<Ref>,
    /// Whether a page had to be shrunk to fit.
    shrunk: bool,
    /// The fonts as used so far: the regular one, then the bold one unless it is the same.
    fonts: Vec<InUse>,
}

/// Where a page of a [`Book`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// With the pages before it (puzzles).
    Front,
    /// After every front page (solutions at the back).
    Back,
}

/// The fixed objects' ids: the catalog, the page tree, the two fonts and the document
/// information; pages follow, each page object followed by its content stream, then the
/// fonts' other objects (written at the end, once every glyph used is known; a single
/// font leaves the bold font's object null).
const CATALOG: i32 = 1;
const TREE: i32 = 2;
const REGULAR: i32 = 3;
const BOLD: i32 = 4;
const INFO: i32 = 5;
/// The most pages one PDF holds.
pub const MAX_PAGES: usize = 1_000_000;

fn io_error(e: std::io::Error) -> Error {
    Error::Parameter(format!("cannot write the PDF: {e}"))
}

impl Book {
    /// A book of pages on `setup`'s paper in `style`; with `band`, every page reserves the
    /// heading band (give it when any page will have a heading).
    ///
    /// # Errors
    /// [`Error::Parameter`] when a colour of `style` does not parse, or the title, the
    /// instructions or the headings have a character the font lacks (named).
    pub fn new(setup: &PageSetup, style: &Style, band: bool) -> Result<Self, Error> {
        check_text(&setup.fonts, style)?;
        let mut fonts = vec![InUse::new(setup.fonts.regular.clone())];
        if !setup.fonts.is_single() {
            fonts.push(InUse::new(setup.fonts.bold.clone()));
        }
        Ok(Book {
            fonts,
            setup: setup.clone(),
            style: style.clone(),
            colours: Colours::new(style, setup.black_ink)?,
            band,
            written: 0,
            offsets: Vec::new(),
            front: Vec::new(),
            back: Vec::new(),
            shrunk: false,
        })
    }

    /// Writes `bytes`, counting them.
    fn put(&mut self, out: &mut dyn std::io::Write, bytes: &[u8]) -> Result<(), Error> {
        out.write_all(bytes).map_err(io_error)?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Writes the one object in `chunk` (object `id`), noting where it starts.
    fn object(&mut self, out: &mut dyn std::io::Write, id: i32, chunk: &Chunk) -> Result<(), Error> {
        self.object_bytes(out, id, chunk.as_bytes())
    }

    /// Writes object `id`'s bytes, noting where it starts.
    fn object_bytes(&mut self, out: &mut dyn std::io::Write, id: i32, bytes: &[u8]) -> Result<(), Error> {
        let slot = usize::try_from(id - 1).unwrap_or(0);
        if self.offsets.len() <= slot {
            self.offsets.resize(slot + 1, 0);
        }
        self.offsets[slot] = self.written;
        self.put(out, bytes)
    }

    /// Writes the file's header and the objects every page refers to (fonts, document
    /// information). Call once, before the first page.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn start(&mut self, out: &mut dyn std::io::Write) -> Result<(), Error> {
        let settings = Settings { pretty: false };
        self.put(out, b"%PDF-1.7\n%\x80\x80\x80\x80\n\n")?;
        let mut c = Chunk::with_settings(settings);
        {
            let mut meta = c.indirect(Ref::new(INFO)).start::<pdf_writer::writers::DocumentInfo>();
            meta.producer(TextStr("maze"));
            if let Some(title) = self.style.title.as_deref().filter(|t| !t.trim().is_empty()) {
                meta.title(TextStr(title));
            }
            meta.finish();
        }
        self.object(out, INFO, &c)
    }

    /// Lays out, draws and writes one page in `part` of the book; returns its layout.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the page does not fit the paper (see [`page_layouts`]),
    /// there are too many pages, or `out` fails.
    pub fn add(&mut self, out: &mut dyn std::io::Write, page: &PdfPage, part: Part) -> Result<Layout, Error> {
        if self.front.len() + self.back.len() >= MAX_PAGES {
            return Err(Error::Parameter(format!("more than {MAX_PAGES} pages are too many for one PDF")));
        }
        let layout = match &self.setup.print {
            Some(print) => {
                let n = self.page_number(part);
                print_layout(
                    &page.scene,
                    page.heading.as_deref(),
                    self.band,
                    &self.setup,
                    &self.style,
                    print,
                    n,
                )?
            }
            None => layout_page(&page.scene, page.heading.as_deref(), self.band, &self.setup, &self.style)?,
        };
        let placed =
            [(&page.scene, Placed { origin: layout.origin, scale: layout.scale, wall: layout.wall })];
        self.write_page(out, &layout, &placed, part)?;
        Ok(layout)
    }

    /// Lays out and writes a book's title page (`--front-page`, its first page, without a
    /// number): `title` large and bold a third of the way down, `lines` centred under it,
    /// wrapped to the page; returns its layout.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the book has no print setup or already has a page, a line
    /// has a character the font lacks, or `out` fails.
    pub fn add_title_page(
        &mut self,
        out: &mut dyn std::io::Write,
        title: Option<&str>,
        lines: &[String],
    ) -> Result<Layout, Error> {
        let Some(print) = &self.setup.print else {
            return Err(Error::Parameter("a title page needs a book's print setup".into()));
        };
        if self.pages() > 0 {
            return Err(Error::Parameter("a title page is a book's first page".into()));
        }
        for line in lines {
            self.setup.fonts.check(line, false, "the title page")?;
        }
        let f = frame(print, self.page_number(Part::Front));
        let layout = f.close(title::title_layout(&f, &self.setup.fonts, title, lines), None);
        self.write_page(out, &layout, &[], Part::Front)?;
        Ok(layout)
    }

    /// The number (from 1) the next page of `part` gets.
    fn page_number(&self, part: Part) -> usize {
        match (part, &self.setup.print) {
            (Part::Front, _) | (Part::Back, None) => self.front.len() + 1,
            (Part::Back, Some(print)) => print.first_back_page + self.back.len(),
        }
    }

    /// Lays out, draws and writes a page of answer keys (each headed by its label) at the
    /// back of a book, `grid` (columns, rows) to a page; returns its layout.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the book has no print setup, the keys do not fit the
    /// grid or the page, or `out` fails.
    pub fn add_keys(
        &mut self,
        out: &mut dyn std::io::Write,
        keys: &[&PdfPage],
        grid: (usize, usize),
    ) -> Result<Layout, Error> {
        let Some(print) = &self.setup.print else {
            return Err(Error::Parameter("keys several to a page need a book's print setup".into()));
        };
        if keys.is_empty() || keys.len() > grid.0 * grid.1 {
            return Err(Error::Parameter(format!(
                "{} keys do not fill a page of {} x {}",
                keys.len(),
                grid.0,
                grid.1
            )));
        }
        let n = self.page_number(Part::Back);
        let (layout, placed) = grid::key_layout(keys, grid, &[], false, &self.setup, &self.style, print, n)?;
        let placed: Vec<(&Scene, Placed)> = keys.iter().map(|k| &k.scene).zip(placed).collect();
        self.write_page(out, &layout, &placed, Part::Back)?;
        Ok(layout)
    }

    /// Lays out, draws and writes a worksheet's sheet of puzzles (`--per-page`): the title,
    /// the instructions and the name line across the top, then `puzzles` (each headed by
    /// its label) `grid` (columns, rows) to the page; returns its layout.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the book has no print setup, the puzzles do not fit the
    /// grid or the page, or `out` fails.
    pub fn add_sheet(
        &mut self,
        out: &mut dyn std::io::Write,
        puzzles: &[&PdfPage],
        grid: (usize, usize),
    ) -> Result<Layout, Error> {
        let Some(print) = &self.setup.print else {
            return Err(Error::Parameter("puzzles several to a page need a book's print setup".into()));
        };
        if puzzles.is_empty() || puzzles.len() > grid.0 * grid.1 {
            return Err(Error::Parameter(format!(
                "{} puzzles do not fill a page of {} x {}",
                puzzles.len(),
                grid.0,
                grid.1
            )));
        }
        let n = self.page_number(Part::Front);
        let st = &self.style;
        let head: Vec<(&str, bool, f64)> = [
            (st.title.as_deref(), true, TITLE_SIZE),
            (st.instructions.as_deref(), false, INSTRUCTIONS_SIZE),
            (st.name_line.as_deref(), false, INSTRUCTIONS_SIZE),
        ]
        .into_iter()
        .filter_map(|(line, bold, size)| line.map(|l| (l, bold, size)))
        .collect();
        let grow = self.setup.fit != Fit::Exact;
        let (layout, placed) = grid::key_layout(puzzles, grid, &head, grow, &self.setup, st, print, n)?;
        let placed: Vec<(&Scene, Placed)> = puzzles.iter().map(|k| &k.scene).zip(placed).collect();
        self.write_page(out, &layout, &placed, Part::Front)?;
        Ok(layout)
    }

    /// Writes one page object and its content: `layout`'s text and page, the mazes where
    /// `placed` says.
    fn write_page(
        &mut self,
        out: &mut dyn std::io::Write,
        layout: &Layout,
        placed: &[(&Scene, Placed)],
        part: Part,
    ) -> Result<(), Error> {
        self.shrunk |= layout.shrunk;
        let settings = Settings { pretty: false };
        let pages = (self.front.len() + self.back.len()) as i32;
        let id = Ref::new(INFO + 1 + 2 * pages);
        let content_id = Ref::new(id.get() + 1);
        let mut c = Chunk::with_settings(settings);
        {
            let mut p = c.page(id);
            p.parent(Ref::new(TREE));
            let media = Rect::new(0.0, 0.0, r(layout.page_width), r(layout.page_height));
            p.media_box(media);
            if let Some([x0, y0, x1, y1]) = layout.trim {
                p.trim_box(Rect::new(r(x0), r(y0), r(x1), r(y1)));
                p.bleed_box(media);
            }
            p.contents(content_id);
            let bold = if self.fonts.len() > 1 { BOLD } else { REGULAR };
            p.resources().fonts().pair(Name(b"F1"), Ref::new(REGULAR)).pair(Name(b"F2"), Ref::new(bold));
            p.finish();
        }
        self.object(out, id.get(), &c)?;
        let content = draw_page(placed, layout, &self.colours, settings, &mut self.fonts)?;
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&content, 1);
        let mut c = Chunk::with_settings(settings);
        c.stream(content_id, &packed).filter(Filter::FlateDecode);
        self.object(out, content_id.get(), &c)?;
        match part {
            Part::Front => self.front.push(id),
            Part::Back => self.back.push(id),
        }
        Ok(())
    }

    /// The book's print setup, if it is a book for print.
    pub fn print(&self) -> Option<&Print> {
        self.setup.print.as_ref()
    }

    /// How many pages it holds.
    pub fn pages(&self) -> usize {
        self.front.len() + self.back.len()
    }

    /// Whether a page was drawn smaller than asked to fit the paper.
    pub fn shrunk(&self) -> bool {
        self.shrunk
    }

    /// Writes the page tree (front pages, then back pages), the catalog, the cross-reference
    /// table and the trailer: the file is complete.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the book has no pages or `out` fails.
    pub fn finish(mut self, out: &mut dyn std::io::Write) -> Result<(), Error> {
        if self.pages() == 0 {
            return Err(Error::Parameter("a PDF needs at least one page".into()));
        }
        let settings = Settings { pretty: false };
        // The fonts, cut to the glyphs the pages used.
        let mut next = INFO + 1 + 2 * self.pages() as i32;
        let fonts = std::mem::take(&mut self.fonts);
        for (i, font) in fonts.iter().enumerate() {
            let id = if i == 0 { REGULAR } else { BOLD };
            for (id, c) in font.write(settings, Ref::new(id), next)? {
                self.object(out, id, &c)?;
            }
            next += 4;
        }
        if fonts.len() == 1 {
            let mut c = Chunk::with_settings(settings);
            c.indirect(Ref::new(BOLD)).primitive(pdf_writer::Null);
            self.object(out, BOLD, &c)?;
        }
        let kids: Vec<Ref> = self.front.iter().chain(&self.back).copied().collect();
        let mut c = Chunk::with_settings(settings);
        c.pages(Ref::new(TREE)).kids(kids.iter().copied()).count(kids.len() as i32);
        self.object(out, TREE, &c)?;
        let mut c = Chunk::with_settings(settings);
        c.indirect(Ref::new(CATALOG))
            .dict()
            .pair(Name(b"Type"), Name(b"Catalog"))
            .pair(Name(b"Pages"), Ref::new(TREE));
        self.object(out, CATALOG, &c)?;
        let xref = self.written;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f\r\n", self.offsets.len() + 1);
        for &offset in &self.offsets {
            table.push_str(&format!("{offset:010} 00000 n\r\n"));
        }
        table.push_str(&format!(
            "trailer\n<<\n  /Size {}\n  /Root {CATALOG} 0 R\n  /Info {INFO} 0 R\n>>\nstartxref\n{xref}\n%%EOF",
            self.offsets.len() + 1
        ));
        self.put(out, table.as_bytes())
    }
}

/// Refuses a style whose title, instructions or book headings have a character the font
/// that prints them lacks ([`Book::new`] does, before the first page).
///
/// # Errors
/// [`Error::Parameter`] naming the character, the text and the font.
pub fn check_text(fonts: &Fonts, style: &Style) -> Result<(), Error> {
    if let Some(title) = &style.title {
        fonts.check(title, true, "the title")?;
    }
    if let Some(instructions) = &style.instructions {
        fonts.check(instructions, false, "the instructions")?;
    }
    fonts.check("Puzzle Solution to puzzle on page · 0123456789", false, "the headings")?;
    fonts.check("0123456789", true, "the dots' numbers")
}

/// The content stream of one page, checking the job's cancellation flag as it goes.
fn draw_page(
    placed: &[(&Scene, Placed)],
    layout: &Layout,
    colours: &Colours,
    settings: Settings,
    fonts: &mut [InUse],
) -> Result<Vec<u8>, Error> {
    let bold_font = usize::from(fonts.len() > 1);
    let mut c = Content::with_settings(settings);
    let h = layout.page_height;
    // A book page's background reaches into the bleed (and nothing else does).
    if layout.trim.is_some() && colours.background != [1.0, 1.0, 1.0] {
        fill(&mut c, colours.background, colours.gray);
        c.rect(0.0, 0.0, r(layout.page_width), r(h));
        c.fill_nonzero();
    }
    // Text, in page coordinates (y up).
    for line in &layout.text {
        let bytes = fonts[if line.bold { bold_font } else { 0 }].encode(&line.text);
        fill(&mut c, [0.0; 3], colours.gray);
        c.begin_text();
        c.set_font(Name(if line.bold { b"F2" } else { b"F1" }), r(line.size));
        c.set_text_matrix([1.0, 0.0, 0.0, 1.0, r(line.x), r(h - line.baseline)]);
        c.show(Str(&bytes));
        c.end_text();
    }
    for (scene, at) in placed {
        draw_maze(&mut c, scene, at, h, colours, &mut fonts[bold_font])?;
    }
    Ok(c.finish().to_vec())
}

/// Draws one maze where `at` puts it on a page `h` points tall.
fn draw_maze(
    c: &mut Content,
    scene: &Scene,
    at: &Placed,
    h: f64,
    colours: &Colours,
    bold: &mut InUse,
) -> Result<(), Error> {
    use crate::scene::every;
    if colours.background != [1.0, 1.0, 1.0] {
        let half = at.wall / 2.0;
        let (x0, y0) = (at.origin.0 - half, at.origin.1 - half);
        let (w, hh) = (scene.width * at.scale + at.wall, scene.height * at.scale + at.wall);
        let [cr, cg, cb] = colours.background;
        fill(c, [cr, cg, cb], colours.gray);
        c.rect(r(x0), r(h - y0 - hh), r(w), r(hh));
        c.fill_nonzero();
    }
    // The maze, in maze units: x right, y down from the maze's origin.
    let k = at.scale;
    c.save_state();
    c.transform([k as f32, 0.0, 0.0, -k as f32, r(at.origin.0), r(h - at.origin.1)]);
    // Fills, one path per colour, in order of first appearance.
    let mut groups: Vec<([f32; 3], Vec<&Vec<Point>>)> = Vec::new();
    for (i, (poly, fill)) in scene.fills.iter().enumerate() {
        every(i)?;
        let colour = match fill {
            Fill::Visited => colours.visited,
            Fill::Solid => colours.walls,
            Fill::Path => colours.path_cells,
            Fill::Heat(t) => parse(&heat_colour(*t)).unwrap_or(colours.visited),
        };
        match groups.iter_mut().find(|(c, _)| *c == colour) {
            Some((_, polys)) => polys.push(poly),
            None => groups.push((colour, vec![poly])),
        }
    }
    for (colour, polys) in groups {
        let [cr, cg, cb] = colour;
        fill(c, [cr, cg, cb], colours.gray);
        for (j, poly) in polys.into_iter().enumerate() {
            every(j)?;
            for (i, p) in poly.iter().enumerate() {
                if i == 0 {
                    c.move_to(r(p.x), r(p.y));
                } else {
                    c.line_to(r(p.x), r(p.y));
                }
            }
            if !poly.is_empty() {
                c.close_path();
            }
        }
        c.fill_nonzero();
    }
    let cell = if scene.cell.is_finite() && scene.cell > 0.0 { scene.cell } else { 1.0 };
    let wall = at.wall / k;
    if (!scene.walls.is_empty() || !scene.arcs.is_empty()) && wall > 0.0 {
        let [cr, cg, cb] = colours.walls;
        stroke(c, [cr, cg, cb], colours.gray);
        c.set_line_width(r(wall));
        c.set_line_cap(LineCapStyle::ProjectingSquareCap);
        c.set_line_join(LineJoinStyle::MiterJoin);
        let mut last: Option<(f32, f32)> = None;
        for (i, &[a, b]) in scene.walls.iter().enumerate() {
            every(i)?;
            let (a, b) = ((r(a.x), r(a.y)), (r(b.x), r(b.y)));
            if last != Some(a) {
                c.move_to(a.0, a.1);
            }
            c.line_to(b.0, b.1);
            last = Some(b);
        }
        // Curved walls as Bézier curves (PDF has no arc operator).
        for (j, arc) in scene.arcs.iter().enumerate() {
            every(j)?;
            for (i, [p0, p1, p2, p3]) in arc.cubics().into_iter().enumerate() {
                if i == 0 {
                    c.move_to(r(p0.x), r(p0.y));
                }
                c.cubic_to(r(p1.x), r(p1.y), r(p2.x), r(p2.y), r(p3.x), r(p3.y));
            }
        }
        c.stroke();
    }
    if scene.path.iter().any(|p| p.len() > 1) {
        let [cr, cg, cb] = colours.path;
        stroke(c, [cr, cg, cb], colours.gray);
        c.set_line_width(r((0.25 * cell).max(wall)));
        c.set_line_cap(LineCapStyle::RoundCap);
        c.set_line_join(LineJoinStyle::RoundJoin);
        for piece in scene.path.iter().filter(|p| p.len() > 1) {
            for (i, p) in piece.iter().enumerate() {
                if i == 0 {
                    c.move_to(r(p.x), r(p.y));
                } else {
                    c.line_to(r(p.x), r(p.y));
                }
            }
        }
        c.stroke();
    }
    for (i, route) in scene.routes.iter().enumerate().filter(|(_, r)| r.len() > 1) {
        let [cr, cg, cb] =
            ROUTE_COLOURS[i % ROUTE_COLOURS.len()].parse::<Colour>().map_or([0.0; 3], Colour::unit);
        stroke(c, [cr, cg, cb], colours.gray);
        c.set_line_width(r(scene.route_width));
        c.set_line_cap(LineCapStyle::RoundCap);
        c.set_line_join(LineJoinStyle::RoundJoin);
        for (j, p) in route.iter().enumerate() {
            if j == 0 {
                c.move_to(r(p.x), r(p.y));
            } else {
                c.line_to(r(p.x), r(p.y));
            }
        }
        c.stroke();
    }
    // The dots go on top of every line, each ringed in the background's colour when
    // lines are drawn (the end dot is as red as the solution line ending on it).
    let radius = if scene.labels.is_empty() { colours.dot } else { colours.numbered_dot } / 2.0 * cell;
    let ring = scene.dot_ring();
    if ring > 0.0 && !scene.markers.is_empty() {
        let [cr, cg, cb] = colours.background;
        fill(c, [cr, cg, cb], colours.gray);
        for &(p, _) in &scene.markers {
            circle(c, p, radius + ring);
        }
        c.fill_nonzero();
    }
    for marker in [Marker::Start, Marker::End] {
        let dots: Vec<Point> = scene.markers.iter().filter(|(_, m)| *m == marker).map(|&(p, _)| p).collect();
        if dots.is_empty() {
            continue;
        }
        let [cr, cg, cb] = if marker == Marker::Start { colours.start } else { colours.end };
        fill(c, [cr, cg, cb], colours.gray);
        for &p in &dots {
            circle(c, p, radius);
        }
        c.fill_nonzero();
        // In black ink an end is a ring: its middle in the background's grey.
        if colours.gray && marker == Marker::End && scene.labels.is_empty() {
            fill(c, colours.background, true);
            for &p in &dots {
                circle(c, p, radius * 0.55);
            }
            c.fill_nonzero();
        }
    }
    // A MultiMaze's numbers, white on their dots (the text matrix turns y up again).
    for (p, text) in &scene.labels {
        let size = crate::scene::label_size(2.0 * radius, text);
        let bytes = bold.encode(text);
        let width = bold.font().width(text) * size;
        fill(c, [1.0; 3], colours.gray);
        c.begin_text();
        c.set_font(Name(b"F2"), r(size));
        c.set_text_matrix([1.0, 0.0, 0.0, -1.0, r(p.x - width / 2.0), r(p.y + 0.35 * size)]);
        c.show(Str(&bytes));
        c.end_text();
    }
    c.restore_state();
    Ok(())
}

/// Adds a circle as four Bézier quarters.
fn circle(c: &mut Content, centre: Point, radius: f64) {
    const KAPPA: f64 = 0.552_284_75;
    let (x, y, rr, k) = (centre.x, centre.y, radius, radius * KAPPA);
    c.move_to(r(x + rr), r(y));
    c.cubic_to(r(x + rr), r(y + k), r(x + k), r(y + rr), r(x), r(y + rr));
    c.cubic_to(r(x - k), r(y + rr), r(x - rr), r(y + k), r(x - rr), r(y));
    c.cubic_to(r(x - rr), r(y - k), r(x - k), r(y - rr), r(x), r(y - rr));
    c.cubic_to(r(x + k), r(y - rr), r(x + rr), r(y - k), r(x + rr), r(y));
    c.close_path();
}
