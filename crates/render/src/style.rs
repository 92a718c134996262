//! Style options shared by the drawing formats: sizes and colours.

use maze_core::Error;

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Colour {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Components as fractions of 1 (for PDF and TikZ).
    pub fn unit(self) -> [f32; 3] {
        [f32::from(self.r) / 255.0, f32::from(self.g) / 255.0, f32::from(self.b) / 255.0]
    }
}

impl std::str::FromStr for Colour {
    type Err = Error;

    /// Parses a CSS colour ([csscolorparser]): one of the 148 named colours of CSS (any
    /// case: `navy`, `RebeccaPurple`, `grey` or `gray`), `#rgb`, `#rrggbb`, or a function
    /// such as `rgb(255 128 0)` or `hsl(120, 50%, 40%)`; opaque only (`transparent`, an
    /// alpha below 1 are refused). Hex digits need their `#` (`bad` is not `#bbaadd`).
    fn from_str(s: &str) -> Result<Self, Error> {
        let bad = |why: &str| {
            Error::Parameter(format!(
                "'{s}' is not a colour ({why}use #rrggbb, #rgb, rgb(r, g, b) or a CSS colour name such as navy or darkorange)"
            ))
        };
        let t = s.trim();
        if let Some(hex) = t.strip_prefix('#') {
            // Read here, exactly and quickly (the writers parse their colours as they draw).
            let digit = |c: u8| (c as char).to_digit(16).map(|v| v as u8).ok_or_else(|| bad(""));
            let b = hex.as_bytes();
            return match b.len() {
                3 => Ok(Colour { r: digit(b[0])? * 17, g: digit(b[1])? * 17, b: digit(b[2])? * 17 }),
                6 => Ok(Colour {
                    r: digit(b[0])? * 16 + digit(b[1])?,
                    g: digit(b[2])? * 16 + digit(b[3])?,
                    b: digit(b[4])? * 16 + digit(b[5])?,
                }),
                _ => Err(bad("")),
            };
        }
        if !t.is_empty() && t.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad("hex digits need a #: "));
        }
        let parsed = csscolorparser::parse(t).map_err(|_| bad(""))?;
        let [r, g, b, alpha] = parsed.to_rgba8();
        if alpha != 255 {
            return Err(bad("it is not opaque: "));
        }
        Ok(Colour { r, g, b })
    }
}

/// The 148 named colours of CSS (CSS Color Module Level 4), lower-case, as `#rrggbb`, in
/// alphabetical order: every name [`Colour`] takes.
pub fn named_colours() -> impl Iterator<Item = (&'static str, String)> {
    csscolorparser::NAMED_COLORS
        .entries()
        .map(|(name, [r, g, b])| (name.as_str(), Colour { r: *r, g: *g, b: *b }.hex()))
}

/// How to draw: sizes in output units (pixels for SVG and PNG, millimetres for PDF, TikZ,
/// OpenSCAD and STL) and colours as `#rrggbb`.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Size of a cell (a square cell's side; a hexagon's width; a triangle's side).
    pub cell_size: f64,
    /// Thickness of walls.
    pub wall_width: f64,
    /// Space around the maze.
    pub margin: f64,
    /// Wall colour.
    pub walls: String,
    /// Background colour.
    pub background: String,
    /// Solution line colour.
    pub path: String,
    /// Fill of cells on the solution path (shown with `visited`).
    pub path_cells: String,
    /// Fill of explored cells.
    pub visited: String,
    /// Start dot colour.
    pub start: String,
    /// End dot colour.
    pub end: String,
    /// A title (SVG `<title>`, PDF page heading).
    pub title: Option<String>,
    /// A line of instructions (PDF pages).
    pub instructions: Option<String>,
    /// A line to write on under the instructions (PDF puzzle pages: a worksheet's
    /// [`NAME_LINE`]).
    pub name_line: Option<String>,
    /// Diameter of the start and end dots, as a share of a cell (document 003: a third).
    pub dot: f64,
    /// Diameter of a dot that carries a number (a MultiMaze's answer key, or its puzzle
    /// numbered on request), as a share of a cell: room for the number.
    pub numbered_dot: f64,
}

/// A worksheet's line to write a name and the date on.
pub const NAME_LINE: &str = "Name: ____________________________    Date: ______________";

/// The colours of MultiMaze answer-key routes, one per start in turn: distinct hues that
/// stay apart for common colour-vision deficiencies, each with a contrast of at least 3:1
/// (WCAG's for graphics, [`contrast`]) with the white page they are drawn on (the key
/// shades no cells under them).
pub const ROUTE_COLOURS: [&str; 8] =
    ["#d62828", "#1f6fd1", "#b35c00", "#7b2cbf", "#00796b", "#c2185b", "#6d4c1f", "#5c6b00"];

/// The relative luminance of a colour (WCAG 2: sRGB components made linear, weighted
/// 0.2126, 0.7152 and 0.0722), 0 for black to 1 for white.
pub fn luminance(c: Colour) -> f64 {
    let linear = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
}

/// The contrast ratio of two colours (WCAG 2), from 1 (the same) to 21 (black on white).
pub fn contrast(a: Colour, b: Colour) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

impl Default for Style {
    fn default() -> Self {
        Style {
            cell_size: 16.0,
            wall_width: 2.0,
            margin: 8.0,
            walls: "#000000".into(),
            background: "#ffffff".into(),
            path: "#dc1e1e".into(),
            path_cells: "#505050".into(),
            visited: "#c8c8c8".into(),
            start: "#14a03c".into(),
            end: "#dc1e1e".into(),
            title: None,
            instructions: None,
            name_line: None,
            dot: 1.0 / 3.0,
            numbered_dot: 0.6,
        }
    }
}

/// A heat-map colour for `t` in 0..=1: pale yellow near the entrance to dark red far away.
pub fn heat_colour(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let lerp = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    Colour { r: lerp(255.0, 150.0), g: lerp(245.0, 20.0), b: lerp(200.0, 40.0) }.hex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse() {
        assert_eq!("#ff8000".parse::<Colour>().ok(), Some(Colour { r: 255, g: 128, b: 0 }));
        assert_eq!("#f80".parse::<Colour>().ok(), Some(Colour { r: 255, g: 136, b: 0 }));
        assert_eq!("Black".parse::<Colour>().ok(), Some(Colour { r: 0, g: 0, b: 0 }));
        assert!("#ggg".parse::<Colour>().is_err());
        assert!("puce".parse::<Colour>().is_err());
        assert!("#12345".parse::<Colour>().is_err());
        assert!("#ff000080".parse::<Colour>().is_err(), "opaque only");
        for refused in ["transparent", "bad", "rgb(0 0 0 / 50%)", "chartreuse-ish", ""] {
            let e = refused.parse::<Colour>().expect_err(refused).to_string();
            assert!(e.contains(&format!("'{refused}' is not a colour")) && !e.contains('\n'), "{e}");
        }
        assert_eq!("rgb(255 128 0)".parse::<Colour>().ok(), Some(Colour { r: 255, g: 128, b: 0 }));
        assert_eq!("hsl(120, 100%, 25%)".parse::<Colour>().ok(), Some(Colour { r: 0, g: 128, b: 0 }));
    }

    #[test]
    fn every_css_named_colour_is_taken_in_any_case() {
        let names: Vec<(&str, String)> = named_colours().collect();
        assert_eq!(names.len(), 148, "CSS Color 4 names 148 colours");
        for (name, hex) in &names {
            for spelled in [name.to_string(), name.to_ascii_uppercase(), format!("  {name} ")] {
                let parsed = spelled.parse::<Colour>().unwrap_or_else(|e| panic!("{spelled}: {e}"));
                assert_eq!(&parsed.hex(), hex, "{spelled}");
            }
        }
        // Spot checks against the specification's table (not the crate's).
        for (name, hex) in [
            ("rebeccapurple", "#663399"),
            ("navy", "#000080"),
            ("red", "#ff0000"),
            ("green", "#008000"),
            ("grey", "#808080"),
            ("darkgrey", "#a9a9a9"),
            ("lightgoldenrodyellow", "#fafad2"),
            ("papayawhip", "#ffefd5"),
            ("tan", "#d2b48c"),
        ] {
            assert_eq!(name.parse::<Colour>().map(Colour::hex).ok().as_deref(), Some(hex), "{name}");
            assert!(names.iter().any(|(n, h)| n == &name && h == hex), "{name} is in the list");
        }
    }

    #[test]
    fn contrast_is_wcags() {
        let c = |s: &str| s.parse::<Colour>().expect("colour");
        assert!((contrast(c("#000000"), c("#ffffff")) - 21.0).abs() < 1e-9);
        assert!((contrast(c("#777777"), c("#ffffff")) - 4.48).abs() < 0.01);
        assert_eq!(contrast(c("#d62828"), c("#d62828")), 1.0);
    }
}

/// A unit of length on paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Millimetres.
    Mm,
    /// Centimetres.
    Cm,
    /// Inches.
    In,
    /// PostScript points, 1/72 inch.
    Pt,
    /// Pixels: 1/96 inch on paper (as in CSS).
    Px,
}

impl Unit {
    /// Millimetres in one of this unit.
    pub fn mm(self) -> f64 {
        match self {
            Unit::Mm => 1.0,
            Unit::Cm => 10.0,
            Unit::In => 25.4,
            Unit::Pt => 25.4 / 72.0,
            Unit::Px => 25.4 / 96.0,
        }
    }
}

/// A length as typed: a number and perhaps a unit (`0.25in`, `6.35mm`, `12`), the unit
/// left to each format's default when not given (pixels for svg and png, millimetres for
/// pdf, tex, scad and stl).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Length {
    /// The number.
    pub value: f64,
    /// The unit, if one was typed.
    pub unit: Option<Unit>,
}

impl Length {
    /// In millimetres (a bare number is millimetres).
    pub fn mm(self) -> f64 {
        self.value * self.unit.map_or(1.0, Unit::mm)
    }

    /// In pixels (a bare number is pixels; paper units at 96 pixels per inch).
    pub fn px(self) -> f64 {
        match self.unit {
            None | Some(Unit::Px) => self.value,
            Some(u) => self.value * u.mm() / Unit::Px.mm(),
        }
    }
}

impl std::fmt::Display for Length {
    /// The number and its unit as typed (`6.35mm`, `16`), which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = match self.unit {
            None => "",
            Some(Unit::Mm) => "mm",
            Some(Unit::Cm) => "cm",
            Some(Unit::In) => "in",
            Some(Unit::Pt) => "pt",
            Some(Unit::Px) => "px",
        };
        write!(f, "{}{unit}", self.value)
    }
}

impl std::str::FromStr for Length {
    type Err = Error;

    /// Parses `12`, `0.25in`, `6.35 mm`, `2.5cm`, `18pt` or `16px`: a positive finite number
    /// of at most 10,000 (in its unit).
    fn from_str(s: &str) -> Result<Self, Error> {
        parse_length(s, false)
    }
}

/// Parses a [`Length`] as typed: above 0 (or from 0 with `zero`) and at most 10,000.
fn parse_length(s: &str, zero: bool) -> Result<Length, Error> {
    let t = s.trim().to_ascii_lowercase();
    let units = [("mm", Unit::Mm), ("cm", Unit::Cm), ("in", Unit::In), ("pt", Unit::Pt), ("px", Unit::Px)];
    let (number, unit) = units
        .iter()
        .find_map(|&(suffix, u)| t.strip_suffix(suffix).map(|n| (n.trim(), Some(u))))
        .unwrap_or((t.as_str(), None));
    let value: f64 = number.parse().map_err(|_| {
        Error::Parameter(format!("'{s}' is not a length (a number, perhaps with mm, cm, in, pt or px)"))
    })?;
    let least_ok = if zero { value >= 0.0 } else { value > 0.0 };
    if value.is_finite() && least_ok && value <= 10_000.0 {
        // `-0` is 0.
        Ok(Length { value: value + 0.0, unit })
    } else if zero {
        Err(Error::Parameter(format!("'{s}' must be from 0 to 10000")))
    } else {
        Err(Error::Parameter(format!("'{s}' must be above 0 and at most 10000")))
    }
}

/// A page margin as typed: a [`Length`] that may be 0 (the maze drawn to the paper's
/// edges, for a printer that prints borderless or a page to be trimmed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margin(pub Length);

impl Margin {
    /// In millimetres (a bare number is millimetres).
    pub fn mm(self) -> f64 {
        self.0.mm()
    }
}

impl std::fmt::Display for Margin {
    /// As [`Length`] writes it, which parses back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for Margin {
    type Err = Error;

    /// Parses a length as [`Length`] does, 0 included: from 0 to 10,000 (in its unit).
    fn from_str(s: &str) -> Result<Self, Error> {
        parse_length(s, true).map(Margin)
    }
}

/// Breaks `text` into lines of at most `width` characters at spaces (a word longer than a
/// line is cut), for headings drawn without a text layout engine. Runs of spaces collapse.
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    wrap_measured(text, width.max(1) as f64, |s| s.chars().count() as f64)
}

/// Breaks `text` at spaces into lines no wider than `width` by `measure` (characters, or
/// points in a proportional font); a word wider than a line is cut after the most
/// characters that fit (one at least). Runs of spaces collapse.
pub(crate) fn wrap_measured(text: &str, width: f64, measure: impl Fn(&str) -> f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word;
        while measure(word) > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let ends = word.char_indices().map(|(i, c)| i + c.len_utf8());
            let first = word.chars().next().map_or(0, char::len_utf8);
            let cut = ends.take_while(|&end| measure(&word[..end]) <= width).last().unwrap_or(first);
            lines.push(word[..cut].to_string());
            word = &word[cut..];
        }
        if !line.is_empty() && measure(&format!("{line} {word}")) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod wrap_tests {
    use super::{heading_lines, wrap_measured, wrap_words};

    /// `--instructions` without `--title` is drawn, alone, at the size it has under a title
    /// (it used to be dropped).
    #[test]
    fn instructions_without_a_title_have_their_line() {
        let under = heading_lines(Some("Maze"), Some("Find the way"), 400.0, 0.6, (20.0, 12.0), 0.55);
        let alone = heading_lines(None, Some("Find the way"), 400.0, 0.6, (20.0, 12.0), 0.55);
        assert_eq!(alone, vec![("Find the way".to_string(), under[1].1, false)]);
        assert!(heading_lines(None, Some("  "), 400.0, 0.6, (20.0, 12.0), 0.55).is_empty());
        assert!(heading_lines(None, None, 400.0, 0.6, (20.0, 12.0), 0.55).is_empty());
    }

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(wrap_words("find the  way out", 9), ["find the", "way out"]);
        assert_eq!(wrap_words("abcdefghij x", 4), ["abcd", "efgh", "ij x"]);
        assert_eq!(wrap_words("   ", 5), Vec::<String>::new());
        assert_eq!(wrap_words("one", 0), ["o", "n", "e"]);
    }

    #[test]
    fn words_wrap_by_their_measured_width() {
        // A wide letter counts twice: "WW" fills a line of 4 alone.
        let width = |s: &str| s.chars().map(|c| if c == 'W' { 2.0 } else { 1.0 }).sum::<f64>();
        assert_eq!(wrap_measured("WW ab c", 4.0, width), ["WW", "ab c"]);
        assert_eq!(wrap_measured("WWWaa", 4.0, width), ["WW", "Waa"]);
    }
}

/// The lines of a heading above a picture `room` units wide: the title then the
/// instructions, each with its size. A character takes `advance × size` units. The title's
/// size is `title` (most, least) and the instructions' at most `small` × the title's and at
/// least the title's least; a text shrinks to fit on one line down to its least size, then
/// wraps at spaces. Characters are kept as given; an empty or missing text has no line
/// (instructions without a title are laid out alone, at the size they take under one).
/// Each line: its text, size and whether it belongs to the title.
pub(crate) fn heading_lines(
    title: Option<&str>,
    instructions: Option<&str>,
    room: f64,
    advance: f64,
    (most, least): (f64, f64),
    small: f64,
) -> Vec<(String, f64, bool)> {
    let room = room.max(1.0);
    let lay = |text: &str, most: f64, least: f64, title: bool, out: &mut Vec<(String, f64, bool)>| {
        let chars = text.chars().count().max(1) as f64;
        let size = (room / (advance * chars)).min(most).max(least.min(most));
        let per_line = (room / (advance * size)).floor().max(1.0) as usize;
        out.extend(wrap_words(text, per_line).into_iter().map(|line| (line, size, title)));
    };
    let mut lines = Vec::new();
    // Without a title the instructions stand alone, at the size they would have under one.
    let size = match title.map(str::trim).filter(|t| !t.is_empty()) {
        Some(title) => {
            lay(title, most, least, true, &mut lines);
            lines.first().map_or(most, |l| l.1)
        }
        None => most,
    };
    if let Some(text) = instructions.map(str::trim).filter(|t| !t.is_empty()) {
        lay(text, (size * small).max(least), least, false, &mut lines);
    }
    lines
}
