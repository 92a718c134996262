//! # maze-render
//!
//! Output formats for [`maze_core`] mazes: text pictures (re-exported from
//! [`maze_core::text`]), the JSON maze file ([`json`]) that `maze solve` and `maze render`
//! read back, and drawings — [`svg`], [`png`], [`pdf`], [`tex`], [`scad`], [`stl`] — all made
//! from one [`scene::Scene`] of primitives, so no format has shape-specific code.
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

pub mod animate;
pub mod compact;
mod deflate;
pub mod font;
pub mod json;
pub mod pdf;
pub mod png;
pub mod print;
pub mod raster;
pub mod scad;
pub mod scene;
pub mod stl;
pub mod style;
pub mod svg;
pub mod tex;
pub mod tmj;

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
    /// The compact binary maze file ([`compact`]).
    Maze,
    /// Scalable vector graphics.
    Svg,
    /// A raster image.
    Png,
    /// A printable puzzle page (or book, with `--count`).
    Pdf,
    /// A TikZ picture for LaTeX.
    Tex,
    /// An OpenSCAD model for 3D printing.
    Scad,
    /// A binary STL mesh for 3D printing.
    Stl,
    /// An animated GIF of the generator's or solver's steps ([`animate::gif`]).
    Gif,
    /// The maze as text for a language model, in a `--prompt-style` (crates/maze's `prompt`).
    Prompt,
    /// Task records for a language model (prompt, answer, moves, facts), as JSON Lines.
    Tasks,
    /// The maze as a block grid of wall and floor tiles, as text ([`maze_core::tiles`]).
    Grid,
    /// A Tiled JSON map of the tile grid, over the shipped tileset ([`tmj`]).
    Tmj,
}

impl std::fmt::Display for Format {
    /// The name [`Format::name`] gives (which parses back).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Format {
    /// Whether the format is binary (not text): it is refused on a terminal without `-o`.
    pub fn is_binary(self) -> bool {
        matches!(self, Format::Png | Format::Pdf | Format::Stl | Format::Gif | Format::Maze)
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Text | Format::Unicode | Format::Prompt | Format::Grid => "txt",
            Format::Tasks => "jsonl",
            other => other.name(),
        }
    }

    /// Every format, in listing order.
    pub const ALL: &'static [Format] = &[
        Format::Text,
        Format::Unicode,
        Format::Json,
        Format::Maze,
        Format::Svg,
        Format::Png,
        Format::Pdf,
        Format::Tex,
        Format::Scad,
        Format::Stl,
        Format::Gif,
        Format::Prompt,
        Format::Tasks,
        Format::Grid,
        Format::Tmj,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Unicode => "unicode",
            Format::Json => "json",
            Format::Maze => "maze",
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Pdf => "pdf",
            Format::Tex => "tex",
            Format::Scad => "scad",
            Format::Stl => "stl",
            Format::Gif => "gif",
            Format::Prompt => "prompt",
            Format::Tasks => "tasks",
            Format::Grid => "grid",
            Format::Tmj => "tmj",
        }
    }

    /// A one-line description.
    pub fn about(self) -> &'static str {
        match self {
            Format::Text => "ASCII picture: +--+ and | walls, S and E, * path, . explored cells",
            Format::Unicode => "box-drawing picture, with the path in black and explored cells in grey",
            Format::Json => "the maze file (docs/FORMAT.md), readable by `maze solve` and `maze render`",
            Format::Maze => "compact binary maze file, about 2 bits a cell (docs/FORMAT.md), read like json",
            Format::Svg => {
                "vector picture for the web: merged wall runs, solution line, shaded cells, start/end dots"
            }
            Format::Png => {
                "raster image at --cell-size pixels per cell (1-bit when there is nothing but walls)"
            }
            Format::Pdf => {
                "printable puzzle page with title and instructions; --solve adds solution pages; --count makes a book"
            }
            Format::Tex => {
                "TikZ picture that compiles with pdflatex (a standalone document, or --tex-fragment to \\input)"
            }
            Format::Scad => {
                "OpenSCAD model: walls extruded on a base plate, parameters at the top of the file"
            }
            Format::Stl => "watertight binary STL of the same model, for slicers (no OpenSCAD needed)",
            Format::Gif => {
                "animation of the generator's (or, with `maze solve`, the solver's) steps; implies --animate"
            }
            Format::Prompt => {
                "the maze as text for a language model in --prompt-style (alphamaze, hrm, grid, aotp, plain, ascii)"
            }
            Format::Grid => {
                "block grid of tiles: # wall, . floor, S start, E end; --corridor-width and --wall-tiles (square cells)"
            }
            Format::Tmj => {
                "Tiled JSON map of the tile grid (walls, floor, rooms; start, ends and rooms as objects) over maze-tiles.tsj"
            }
            Format::Tasks => {
                "JSON Lines of task records: prompt (--prompt-style), answer in U/D/L/R moves, shortest length, difficulty"
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
            "latex" | "tikz" => "tex",
            "openscad" => "scad",
            "tiled" => "tmj",
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
