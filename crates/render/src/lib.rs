//! # maze-render
//!
//! Output formats for [`maze_core`] mazes. Today: text pictures (re-exported from
//! [`maze_core::text`]) and the JSON maze file ([`json`]), which `maze solve` and
//! `maze render` read back. Vector, raster, print and 3D formats come next, over a shared
//! scene of drawing primitives.
//!
//! ```
//! use maze_core::{Algorithm, Maze, Square, Xoshiro};
//! use maze_render::json::{self, MazeFile, Provenance};
//!
//! let mut maze = Maze::new(Square::new(4, 3));
//! Algorithm::Kruskal.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap();
//! maze.open_entrance_and_exit();
//! let text = json::to_json(&maze, &Provenance::default(), None, false);
//! let file = MazeFile::parse(&text).unwrap();
//! let (back, _) = file.to_maze(Square::new(4, 3)).unwrap();
//! assert_eq!(back.passages(), maze.passages());
//! ```

pub mod json;
pub mod scene;
pub mod style;
pub mod svg;

pub use maze_core::text;

/// The output formats this crate writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// ASCII art (`+--+`, `|`).
    Text,
    /// Box-drawing art.
    Unicode,
    /// The JSON maze file.
    Json,
    /// Scalable vector graphics.
    Svg,
}

impl Format {
    /// Every format, in listing order.
    pub const ALL: &'static [Format] = &[Format::Text, Format::Unicode, Format::Json, Format::Svg];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Unicode => "unicode",
            Format::Json => "json",
            Format::Svg => "svg",
        }
    }

    /// A one-line description.
    pub fn about(self) -> &'static str {
        match self {
            Format::Text => "ASCII picture: +--+ and | walls, S and E, * path, . explored cells",
            Format::Unicode => "box-drawing picture, with the path in black and explored cells in grey",
            Format::Json => "the maze file (docs/FORMAT.md), readable by `maze solve` and `maze render`",
            Format::Svg => {
                "vector picture for the web: merged wall runs, solution line, shaded cells, start/end dots"
            }
        }
    }
}

impl std::str::FromStr for Format {
    type Err = maze_core::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        let key = match key.as_str() {
            "ascii" | "txt" => "text",
            "utf8" | "box" => "unicode",
            other => other,
        };
        Format::ALL.iter().copied().find(|f| f.name() == key).ok_or_else(|| {
            let names: Vec<_> = Format::ALL.iter().map(|f| f.name()).collect();
            maze_core::Error::Parameter(format!(
                "unknown format '{s}' (expected one of: {})",
                names.join(", ")
            ))
        })
    }
}
