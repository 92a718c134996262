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

const NAMES: &[(&str, [u8; 3])] = &[
    ("black", [0, 0, 0]),
    ("white", [255, 255, 255]),
    ("red", [220, 30, 30]),
    ("green", [20, 160, 60]),
    ("blue", [30, 80, 220]),
    ("grey", [190, 190, 190]),
    ("gray", [190, 190, 190]),
    ("lightgrey", [225, 225, 225]),
    ("darkgrey", [90, 90, 90]),
    ("orange", [240, 140, 20]),
    ("yellow", [250, 215, 40]),
    ("purple", [130, 50, 170]),
    ("tan", [210, 180, 140]),
];

impl std::str::FromStr for Colour {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(&(_, [r, g, b])) = NAMES.iter().find(|(n, _)| *n == t) {
            return Ok(Colour { r, g, b });
        }
        let bad = || {
            Error::Parameter(format!(
                "'{s}' is not a colour (use #rrggbb, #rgb or one of: {})",
                NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
            ))
        };
        let hex = t.strip_prefix('#').ok_or_else(bad)?;
        let digit = |c: u8| (c as char).to_digit(16).map(|v| v as u8).ok_or_else(bad);
        let b = hex.as_bytes();
        match b.len() {
            3 => Ok(Colour { r: digit(b[0])? * 17, g: digit(b[1])? * 17, b: digit(b[2])? * 17 }),
            6 => Ok(Colour {
                r: digit(b[0])? * 16 + digit(b[1])?,
                g: digit(b[2])? * 16 + digit(b[3])?,
                b: digit(b[4])? * 16 + digit(b[5])?,
            }),
            _ => Err(bad()),
        }
    }
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
    }
}
