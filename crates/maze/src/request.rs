//! [`MazeRequest`]: everything a maze job can ask, as one plain serde struct whose field
//! names are the command line's long flags (kebab-case), so the command line, the web
//! API's query and JSON bodies, the terminal game and a Python call all say the same thing.

use std::path::PathBuf;

use maze_core::generate::{Corner, Policy};
use maze_core::stats::Hardness;
use maze_core::{Algorithm, ShapeKind, Solver, Wrap};
use maze_render::Format;
use maze_render::pdf::Paper;
use maze_render::style::Length;
use serde::{Deserialize, Serialize};

use crate::filter::{Filter, StatsFormat};
use crate::masks::EndSpec;

/// The default of `max-bytes`: 1 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// The default of `max-memory`: 512 MiB.
pub const DEFAULT_MAX_MEMORY: u64 = 512 << 20;

/// Every field of [`MazeRequest`], by its name (the command line's long flag without `--`).
pub const FIELDS: &[&str] = &[
    "shape",
    "width",
    "height",
    "mask",
    "mask-text",
    "mask-data",
    "mask-connect",
    "difficulty",
    "wrap",
    "levels",
    "weave",
    "algorithm",
    "seed",
    "braid",
    "unicursal",
    "starts",
    "ends",
    "entrance",
    "exit",
    "solve",
    "count",
    "stream",
    "threads",
    "format",
    "bias",
    "policy",
    "stats",
    "where",
    "hardness",
    "parametric",
    "max-tries",
    "cell-size",
    "wall-width",
    "wall-colour",
    "background",
    "path-colour",
    "no-visited",
    "style",
    "heat",
    "dot-size",
    "no-markers",
    "title",
    "instructions",
    "paper",
    "margin",
    "fit",
    "wall-height",
    "base",
    "tex-fragment",
    "animate",
    "frames",
    "delay",
    "duration",
    "zones",
    "max-cells",
    "max-bytes",
    "max-pixels",
    "max-memory",
];

/// What a field of [`MazeRequest`] is about, which says where each front end takes it:
/// the web API accepts [`Maze`](Self::Maze) and [`Solve`](Self::Solve) fields to generate,
/// [`Draw`](Self::Draw) and [`Animation`](Self::Animation) fields to draw; the fields that
/// change which maze is made ([`shapes_the_maze`](Self::shapes_the_maze)) are refused by
/// Python's `Maze.draw`, which draws the maze it has. Every field has one ([`group`]), so a
/// new option is taken by every front end where it belongs from this one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldGroup {
    /// Which maze is made: shape, size, generator and its options, ends (the web API takes them).
    Maze,
    /// Which mazes a job makes or how it runs, but not the web API's: a mask file on disk,
    /// batches and their filters, streaming, threads, the parametric program.
    Batch,
    /// The solver (`solve`).
    Solve,
    /// The output format (`format`; the web API reads its own).
    Format,
    /// How a maze is drawn: sizes, colours, page and model options.
    Draw,
    /// How a recording plays (`animate`, `frames`, `delay`, `duration`).
    Animation,
    /// The command line's own: the zone colouring of a recorded generation (`zones`).
    CommandLine,
    /// A limit (`max-cells`, ...): a server keeps its own.
    Limit,
}

impl FieldGroup {
    /// Whether the group's fields change which maze (or mazes) a request makes.
    pub fn shapes_the_maze(self) -> bool {
        matches!(self, FieldGroup::Maze | FieldGroup::Batch | FieldGroup::Format)
    }
}

/// The group of the field `name` (or of its other name: `rings` is `height`), `None` for
/// a name that is no field of [`MazeRequest`].
pub fn group(name: &str) -> Option<FieldGroup> {
    use FieldGroup::*;
    Some(match name {
        "shape" | "width" | "height" | "rings" | "mask-text" | "mask-data" | "mask-connect"
        | "difficulty" | "wrap" | "levels" | "weave" | "algorithm" | "seed" | "braid" | "unicursal"
        | "starts" | "ends" | "entrance" | "exit" | "bias" | "policy" => Maze,
        "mask" | "count" | "stream" | "threads" | "stats" | "where" | "hardness" | "parametric"
        | "max-tries" => Batch,
        "solve" => Solve,
        "format" => Format,
        "cell-size" | "wall-width" | "wall-colour" | "background" | "path-colour" | "no-visited"
        | "style" | "heat" | "dot-size" | "no-markers" | "title" | "instructions" | "paper" | "margin"
        | "fit" | "wall-height" | "base" | "tex-fragment" => Draw,
        "animate" | "frames" | "delay" | "duration" => Animation,
        "zones" => CommandLine,
        "max-cells" | "max-bytes" | "max-pixels" | "max-memory" => Limit,
        _ => return None,
    })
}

/// How pictures show a solution (`style`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PictureStyle {
    /// A line through the cell centres, over shaded cells.
    #[default]
    Line,
    /// The path's cells in black and the explored cells in grey (documents 000 and 001).
    Document,
}

impl std::str::FromStr for PictureStyle {
    type Err = maze_core::Error;

    fn from_str(s: &str) -> Result<Self, maze_core::Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "line" => Ok(PictureStyle::Line),
            "document" | "doc" => Ok(PictureStyle::Document),
            _ => Err(maze_core::Error::Parameter(format!("unknown style '{s}' (expected line or document)"))),
        }
    }
}

impl std::fmt::Display for PictureStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PictureStyle::Line => "line",
            PictureStyle::Document => "document",
        })
    }
}

/// Everything a maze job can ask: the shape and its size, mask, topology, generator and
/// its options, seed and count, braiding, ends and MultiMaze dots, solving, filters,
/// drawing and page options, the output format, animation and the limits checked before
/// any work.
///
/// Field names (in serde, kebab-case) are the command line's long flags; values are
/// written as on the command line (`"shape": "hex"`, `"cell-size": "6mm"`,
/// `"where": ["solution>=200"]`). Unknown fields are refused. [`MazeRequest::default`]
/// is `maze generate` with no options: a 20 x 10 square recursive-backtracker maze as text.
/// Nothing is checked here: [`crate::Plan::new`] checks it all before any work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct MazeRequest {
    /// Cell shape: square, hex, triangle, polar or upsilon.
    #[serde(with = "named")]
    pub shape: ShapeKind,
    /// Cells per row (polar: cells in the innermost ring) [default: by shape, difficulty
    /// or mask].
    pub width: Option<u32>,
    /// Rows (polar: rings; `rings` is another name for it) [default: by shape, difficulty
    /// or mask].
    #[serde(alias = "rings")]
    pub height: Option<u32>,
    /// A mask file: a PNG (dark pixels are cells) or text rows of `X` and `.`.
    pub mask: Option<PathBuf>,
    /// A word cut out of the maze in the built-in font.
    pub mask_text: Option<String>,
    /// A mask given inline: rows of `X` and `.` separated by `/` or newlines.
    pub mask_data: Option<String>,
    /// Join a mask's pieces with short bridges instead of refusing it.
    pub mask_connect: bool,
    /// Document 001's difficulty 1-7: a 2^k x 2^k maze.
    pub difficulty: Option<u8>,
    /// Joined borders: none, x, y or xy.
    #[serde(with = "named")]
    pub wrap: Wrap,
    /// Levels joined by stairs (1-64).
    pub levels: u32,
    /// Weave: the share (0-1) of inner cells offered as crossings.
    pub weave: Option<f64>,
    /// The generator.
    #[serde(with = "named")]
    pub algorithm: Algorithm,
    /// The seed [default: the front end picks one].
    pub seed: Option<u64>,
    /// The share (0-1) of dead ends removed.
    pub braid: Option<f64>,
    /// A unicursal labyrinth: one path through every cell, no choices, made by splitting
    /// the passages of a perfect maze of half the width and height down the middle
    /// ([`maze_core::unicursal`]); square cells of even width and height.
    pub unicursal: bool,
    /// MultiMaze: start dots.
    pub starts: Option<u32>,
    /// MultiMaze: end dots.
    pub ends: Option<u32>,
    /// The entrance: a cell, a side, random or farthest.
    #[serde(with = "named::option")]
    pub entrance: Option<EndSpec>,
    /// The exit: as the entrance.
    #[serde(with = "named::option")]
    pub exit: Option<EndSpec>,
    /// Solve with this solver and show the route.
    #[serde(with = "named::option")]
    pub solve: Option<Solver>,
    /// How many mazes (seeds seed, seed+1, ...).
    pub count: u32,
    /// Make the maze row by row, writing each row as it is made.
    pub stream: bool,
    /// Threads for a batch [default: one per core]; the output is the same whatever it is.
    pub threads: Option<u32>,
    /// The output format.
    #[serde(with = "named")]
    pub format: Format,
    /// Binary tree: the corner its two directions point to [default: north-east]; refused
    /// with other generators.
    #[serde(with = "named::option")]
    pub bias: Option<Corner>,
    /// Growing tree: how the next cell is picked [default: mixed]; refused with other
    /// generators.
    #[serde(with = "named::option")]
    pub policy: Option<Policy>,
    /// Each maze's statistics, as a table (text) or JSON.
    #[serde(with = "named::option")]
    pub stats: Option<StatsFormat>,
    /// Conditions every kept maze meets (`solution>=200`).
    #[serde(rename = "where", with = "named::list")]
    pub wheres: Vec<Filter>,
    /// Keep only mazes of this difficulty band.
    #[serde(with = "named::option")]
    pub hardness: Option<Hardness>,
    /// Document 002's parametric OpenSCAD program instead of a model of this maze.
    pub parametric: bool,
    /// With filters: the most mazes tried in all.
    pub max_tries: Option<u64>,
    /// Cell size, with a unit or without.
    #[serde(with = "named::option")]
    pub cell_size: Option<Length>,
    /// Wall thickness.
    #[serde(with = "named::option")]
    pub wall_width: Option<Length>,
    /// Wall colour.
    pub wall_colour: Option<String>,
    /// Background colour.
    pub background: Option<String>,
    /// Solution line colour.
    pub path_colour: Option<String>,
    /// Do not shade the cells the solver explored.
    pub no_visited: bool,
    /// How a solution is shown: line or document.
    #[serde(with = "named")]
    pub style: PictureStyle,
    /// Shade cells by distance from the entrance.
    pub heat: bool,
    /// Diameter of the start and end dots, as a share of a cell (0.05 to 1).
    pub dot_size: Option<f64>,
    /// Leave out the start and end dots.
    pub no_markers: bool,
    /// The title (pdf, svg, png).
    pub title: Option<String>,
    /// A line of instructions under the title.
    pub instructions: Option<String>,
    /// Paper for pdf [default: a4]; refused with other formats.
    #[serde(with = "named::option")]
    pub paper: Option<Paper>,
    /// Page margin for pdf.
    #[serde(with = "named::option")]
    pub margin: Option<Length>,
    /// Shrink a pdf maze that does not fit the paper instead of refusing.
    pub fit: bool,
    /// Wall height above the base plate (scad, stl), millimetres; 0 (scad only) makes a
    /// flat (2D) drawing of the walls.
    pub wall_height: f64,
    /// Base plate thickness (scad, stl), millimetres.
    pub base: f64,
    /// For tex: a tikzpicture to \input instead of a whole document.
    pub tex_fragment: bool,
    /// An animation of the generator's steps (gif or svg).
    pub animate: bool,
    /// Most frames of an animation (2-2000) [default: 120]; refused without an animation.
    pub frames: Option<u32>,
    /// Time per frame, milliseconds (20-10000).
    pub delay: Option<u32>,
    /// Playing time of an animation, seconds (0.1-600).
    pub duration: Option<f64>,
    /// Colour every zone until it merges (implies animate).
    pub zones: bool,
    /// Refuse mazes of more cells.
    pub max_cells: u64,
    /// Refuse outputs estimated at more bytes.
    pub max_bytes: u64,
    /// Refuse png images of more pixels.
    pub max_pixels: u64,
    /// Refuse drawings that would hold more memory.
    pub max_memory: u64,
}

impl Default for MazeRequest {
    fn default() -> Self {
        MazeRequest {
            shape: ShapeKind::Square,
            width: None,
            height: None,
            mask: None,
            mask_text: None,
            mask_data: None,
            mask_connect: false,
            difficulty: None,
            wrap: Wrap::default(),
            levels: 1,
            weave: None,
            algorithm: Algorithm::RecursiveBacktracker,
            seed: None,
            braid: None,
            unicursal: false,
            starts: None,
            ends: None,
            entrance: None,
            exit: None,
            solve: None,
            count: 1,
            stream: false,
            threads: None,
            format: Format::Text,
            bias: None,
            policy: None,
            stats: None,
            wheres: Vec::new(),
            hardness: None,
            parametric: false,
            max_tries: None,
            cell_size: None,
            wall_width: None,
            wall_colour: None,
            background: None,
            path_colour: None,
            no_visited: false,
            style: PictureStyle::Line,
            heat: false,
            dot_size: None,
            no_markers: false,
            title: None,
            instructions: None,
            paper: None,
            margin: None,
            fit: false,
            wall_height: 8.0,
            base: 2.0,
            tex_fragment: false,
            animate: false,
            frames: None,
            delay: None,
            duration: None,
            zones: false,
            max_cells: maze_core::limits::MAX_CELLS,
            max_bytes: DEFAULT_MAX_BYTES,
            max_pixels: maze_render::png::MAX_PIXELS,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// Most frames of an animation when `frames` is not given.
pub const DEFAULT_FRAMES: u32 = 120;

impl MazeRequest {
    /// The generator's options: `bias` and `policy`, or their defaults.
    pub fn generator_options(&self) -> maze_core::Options {
        maze_core::Options { corner: self.bias.unwrap_or_default(), policy: self.policy.unwrap_or_default() }
    }

    /// Whether the request asks for an animation: `animate`, `zones` or the gif format.
    pub fn animated(&self) -> bool {
        self.animate || self.zones || self.format == Format::Gif
    }

    /// Whether the request asks for a MultiMaze (more than one start or end dot).
    pub fn multi(&self) -> bool {
        self.starts.unwrap_or(1) > 1 || self.ends.unwrap_or(1) > 1
    }

    /// The drawing options alone (what `maze solve` and `maze render` share with
    /// `maze generate`).
    pub fn draw(&self) -> Draw {
        Draw {
            cell_size: self.cell_size,
            wall_width: self.wall_width,
            wall_colour: self.wall_colour.clone(),
            background: self.background.clone(),
            path_colour: self.path_colour.clone(),
            no_visited: self.no_visited,
            style: self.style,
            heat: self.heat,
            dot_size: self.dot_size,
            no_markers: self.no_markers,
            title: self.title.clone(),
            instructions: self.instructions.clone(),
            paper: self.paper,
            margin: self.margin,
            fit: self.fit,
            wall_height: self.wall_height,
            base: self.base,
            tex_fragment: self.tex_fragment,
        }
    }

    /// The limits alone.
    pub fn limits(&self) -> Limits {
        Limits {
            max_cells: self.max_cells,
            max_bytes: self.max_bytes,
            max_pixels: self.max_pixels,
            max_memory: self.max_memory,
        }
    }

    /// This request with the drawing options of `draw`.
    #[must_use]
    pub fn with_draw(mut self, draw: &Draw) -> Self {
        let d = draw.clone();
        self.cell_size = d.cell_size;
        self.wall_width = d.wall_width;
        self.wall_colour = d.wall_colour;
        self.background = d.background;
        self.path_colour = d.path_colour;
        self.no_visited = d.no_visited;
        self.style = d.style;
        self.heat = d.heat;
        self.dot_size = d.dot_size;
        self.no_markers = d.no_markers;
        self.title = d.title;
        self.instructions = d.instructions;
        self.paper = d.paper;
        self.margin = d.margin;
        self.fit = d.fit;
        self.wall_height = d.wall_height;
        self.base = d.base;
        self.tex_fragment = d.tex_fragment;
        self
    }

    /// This request with the limits of `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.max_cells = limits.max_cells;
        self.max_bytes = limits.max_bytes;
        self.max_pixels = limits.max_pixels;
        self.max_memory = limits.max_memory;
        self
    }
}

/// The drawing options of a request (see the fields of [`MazeRequest`] of the same names).
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub struct Draw {
    pub cell_size: Option<Length>,
    pub wall_width: Option<Length>,
    pub wall_colour: Option<String>,
    pub background: Option<String>,
    pub path_colour: Option<String>,
    pub no_visited: bool,
    pub style: PictureStyle,
    pub heat: bool,
    pub dot_size: Option<f64>,
    pub no_markers: bool,
    pub title: Option<String>,
    pub instructions: Option<String>,
    pub paper: Option<Paper>,
    pub margin: Option<Length>,
    pub fit: bool,
    pub wall_height: f64,
    pub base: f64,
    pub tex_fragment: bool,
}

impl Default for Draw {
    fn default() -> Self {
        MazeRequest::default().draw()
    }
}

/// The limits of a request, checked before anything is generated, read or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Refuse mazes of more cells.
    pub max_cells: u64,
    /// Refuse outputs estimated at more bytes.
    pub max_bytes: u64,
    /// Refuse png images of more pixels.
    pub max_pixels: u64,
    /// Refuse drawings that would hold more memory.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        MazeRequest::default().limits()
    }
}

/// Serde for values written as on the command line: parsed with `FromStr`, written with
/// `Display`.
mod named {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{Deserialize, Deserializer, Serializer, de};

    /// Writes a value as its name.
    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    /// Reads a value from its name (numbers are read as their text, for ids and seeds).
    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let text = Text::deserialize(d)?.0;
        text.parse().map_err(de::Error::custom)
    }

    /// A string, or a number or boolean taken as its text.
    struct Text(String);

    impl<'de> Deserialize<'de> for Text {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl de::Visitor<'_> for V {
                type Value = Text;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a name or a number")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
                fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                    Ok(Text(v.to_string()))
                }
            }
            d.deserialize_any(V)
        }
    }

    /// An optional value (`null` or absent for none).
    pub mod option {
        use super::*;

        /// Writes the value's name, or `null`.
        pub fn serialize<T: Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
            match value {
                Some(v) => s.collect_str(v),
                None => s.serialize_none(),
            }
        }

        /// Reads a name, or `null`.
        pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
        where
            T: FromStr,
            T::Err: Display,
            D: Deserializer<'de>,
        {
            match Option::<Text>::deserialize(d)? {
                Some(t) => t.0.parse().map(Some).map_err(de::Error::custom),
                None => Ok(None),
            }
        }
    }

    /// A list of values (one name alone is a list of one).
    pub mod list {
        use super::*;

        /// Writes the names as a list.
        pub fn serialize<T: Display, S: Serializer>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(values.iter().map(ToString::to_string))
        }

        /// Reads a list of names, or one name.
        pub fn deserialize<'de, T, D>(d: D) -> Result<Vec<T>, D::Error>
        where
            T: FromStr,
            T::Err: Display,
            D: Deserializer<'de>,
        {
            #[derive(Deserialize)]
            #[serde(untagged)]
            enum OneOrMany {
                One(String),
                Many(Vec<String>),
            }
            let names = match OneOrMany::deserialize(d)? {
                OneOrMany::One(s) => vec![s],
                OneOrMany::Many(v) => v,
            };
            names.iter().map(|n| n.parse().map_err(de::Error::custom)).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_round_trips_and_names_every_field() {
        let json = serde_json::to_value(MazeRequest::default()).expect("serialises");
        let keys: Vec<&str> = json.as_object().expect("object").keys().map(String::as_str).collect();
        let mut fields = FIELDS.to_vec();
        fields.sort_unstable();
        let mut keys = keys.clone();
        keys.sort_unstable();
        assert_eq!(keys, fields, "FIELDS lists every field of MazeRequest");
        for field in FIELDS {
            assert!(group(field).is_some(), "{field} has a group: add it to request::group");
        }
        assert_eq!(group("rings"), group("height"));
        assert_eq!(group("cell_size"), None, "names are the flags' own");
        let back: MazeRequest = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, MazeRequest::default());
    }

    #[test]
    fn values_are_read_as_on_the_command_line() {
        let r: MazeRequest = serde_json::from_str(
            r#"{"shape": "hex", "width": 8, "solve": "a-star", "entrance": "3,4", "exit": 12,
                "where": "solution>=20", "cell-size": "6mm", "paper": "letter-landscape"}"#,
        )
        .expect("reads");
        assert_eq!(r.shape, ShapeKind::Hex);
        assert_eq!(r.solve, Some(Solver::AStar));
        assert_eq!(r.entrance, Some(EndSpec::Cell(3, 4)));
        assert_eq!(r.exit, Some(EndSpec::Id(12)));
        assert_eq!(r.wheres.len(), 1);
        assert_eq!(r.cell_size.map(|l| l.mm()), Some(6.0));
        let again: MazeRequest =
            serde_json::from_value(serde_json::to_value(&r).expect("writes")).expect("reads back");
        assert_eq!(again, r);
        let bad = serde_json::from_str::<MazeRequest>(r#"{"shape": "hex", "colour": "red"}"#);
        assert!(bad.expect_err("unknown field").to_string().contains("colour"));
        let bad = serde_json::from_str::<MazeRequest>(r#"{"shape": "blob"}"#);
        assert!(bad.expect_err("unknown shape").to_string().contains("blob"));
    }
}
