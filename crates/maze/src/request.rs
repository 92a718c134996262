//! [`MazeRequest`]: everything a maze job can ask, as one plain serde struct whose field
//! names are the command line's long flags (kebab-case), so the command line, the web
//! API's query and JSON bodies, the terminal game and a Python call all say the same thing.
//!
//! Each field is declared once, in the `request_model!` list below: its doc (the command
//! line's help), serde and clap attributes, name, [`FieldGroup`] and default. The `clap`
//! feature derives `clap::Args` for the request, which `maze generate` flattens, and for
//! its parts ([`ShapeOptions`], [`Draw`], [`AnimationOptions`], [`Limits`]), which the other
//! commands flatten.

use std::path::PathBuf;

use maze_core::generate::{Corner, Policy};
use maze_core::stats::Hardness;
use maze_core::{Algorithm, ShapeKind, Solver, Wrap};
use maze_render::Format;
use maze_render::pdf::Paper;
use maze_render::print::{Gutter, Ink};
use maze_render::style::{Length, Margin};
use serde::{Deserialize, Serialize};

use crate::batch::Order;
use crate::dungeon::RoomSize;
use crate::ends::EndSpec;
use crate::filter::{Filter, StatsFormat};
use crate::prompt::style::PromptStyle;

/// The default of `max-bytes`: 1 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// The default of `max-memory`: 512 MiB.
pub const DEFAULT_MAX_MEMORY: u64 = 512 << 20;

/// What a field of [`MazeRequest`] is about, which says where each front end takes it:
/// the web API accepts [`Maze`](Self::Maze) and [`Solve`](Self::Solve) fields to generate,
/// [`Draw`](Self::Draw) and [`Animation`](Self::Animation) fields to draw; the fields that
/// change which maze is made ([`shapes_the_maze`](Self::shapes_the_maze)) are refused by
/// Python's `Maze.draw`, which draws the maze it has. Every field has one ([`group`]), so a
/// new option is taken by every front end where it belongs from its declaration.
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
    /// The command line's own: the zone colouring of a recorded generation (`zones`), and a
    /// font file on this machine (`font`; the web API reads no file of the server's).
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
    let name = ALIASES.iter().find(|(alias, _)| *alias == name).map_or(name, |(_, field)| field);
    FIELDS.iter().position(|f| *f == name).map(|i| GROUPS[i])
}

/// Other names of fields (serde and clap take them too, by their `alias` attributes).
pub(crate) const ALIASES: &[(&str, &str)] = &[("rings", "height")];

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

/// Declares [`MazeRequest`] from its fields, once: each field's doc (which is also its
/// help on the command line), its serde and clap attributes, its name (the long flag), its
/// [`FieldGroup`] and its default. From that one list it makes the struct, its `Default`,
/// [`FIELDS`], [`group`], and the parts (such as [`Draw`]) that other commands share, each
/// with a getter and a setter on the request.
///
/// A section is `section HEADING [PART] { FIELDS }`: HEADING is the command line's help
/// heading (`None` for the plain options), and the optional PART is
/// `#[attributes] part Name (getter, setter)`.
macro_rules! request_model {
    (
        $(#[$meta:meta])*
        pub struct MazeRequest;
        $(
            section ($heading:expr)
            $( $(#[$pmeta:meta])* part $part:ident ($get:ident, $set:ident) )?
            {
                $(
                    $(#[$fmeta:meta])*
                    $field:ident ($name:literal, $group:ident): $ty:ty = $default:expr,
                )*
            }
        )*
    ) => {
        $(#[$meta])*
        pub struct MazeRequest {
            $($(
                $(#[$fmeta])*
                #[cfg_attr(feature = "clap", arg(help_heading = $heading))]
                pub $field: $ty,
            )*)*
        }

        impl Default for MazeRequest {
            fn default() -> Self {
                MazeRequest { $($( $field: $default, )*)* }
            }
        }

        /// Every field of [`MazeRequest`], by its name (the command line's long flag
        /// without `--`), in the order of the struct and of `maze generate --help`.
        pub const FIELDS: &[&str] = &[$($( $name, )*)*];

        /// The group of each of [`FIELDS`], in the same order.
        const GROUPS: &[FieldGroup] = &[$($( FieldGroup::$group, )*)*];

        /// Each of [`FIELDS`]' Rust type and attributes as declared (`stringify!`), in the
        /// same order: what [`field_info`] reads the help from.
        const DECLARED: &[(&str, &[&str])] = &[$($( (stringify!($ty), &[$( stringify!($fmeta) ),*]), )*)*];

        $(
            request_model!(@part [$( $(#[$pmeta])* $part $get $set )?] ($heading) {
                $( $(#[$fmeta])* $field: $ty, )*
            });
        )*
    };
    (@part [] ($heading:expr) { $($rest:tt)* }) => {};
    (
        @part [$(#[$pmeta:meta])* $part:ident $get:ident $set:ident] ($heading:expr) {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty, )*
        }
    ) => {
        $(#[$pmeta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
        #[cfg_attr(feature = "clap", derive(clap::Args))]
        pub struct $part {
            $(
                $(#[$fmeta])*
                #[cfg_attr(feature = "clap", arg(help_heading = $heading))]
                pub $field: $ty,
            )*
        }

        impl Default for $part {
            fn default() -> Self {
                MazeRequest::default().$get()
            }
        }

        impl MazeRequest {
            #[doc = concat!("The fields of this request that make a [`", stringify!($part), "`].")]
            #[allow(clippy::clone_on_copy)]
            pub fn $get(&self) -> $part {
                $part { $( $field: self.$field.clone(), )* }
            }

            #[doc = concat!("This request with the fields of `part` (a [`", stringify!($part), "`]).")]
            #[must_use]
            #[allow(clippy::clone_on_copy)]
            pub fn $set(mut self, part: &$part) -> Self {
                $( self.$field = part.$field.clone(); )*
                self
            }
        }
    };
}

request_model! {
    /// Everything a maze job can ask: the shape and its size, mask, topology, generator and
    /// its options, seed and count, braiding, ends and MultiMaze dots, solving, filters,
    /// drawing and page options, the output format, animation and the limits checked before
    /// any work.
    ///
    /// Field names (in serde, kebab-case) are the command line's long flags, and each
    /// field's doc is its help there (the `clap` feature derives `clap::Args`, which `maze
    /// generate` flattens); values are written as on the command line (`"shape": "hex"`,
    /// `"cell-size": "6mm"`, `"where": ["solution>=200"]`). Unknown fields are refused.
    /// [`MazeRequest::default`] is `maze generate` with no options: a 20 x 10 square
    /// recursive-backtracker maze as text. Nothing is checked here: [`crate::plan::Plan::new`]
    /// checks it all before any work.
    ///
    /// A new option is one field here (with its name, group, default and help) and its
    /// check in the plan: every front end takes it from this declaration.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
    #[cfg_attr(feature = "clap", derive(clap::Args))]
    pub struct MazeRequest;

    section (None::<&str>)
    /// The options that say which grid a maze is made on: shape, size, mask and topology
    /// (what `maze play` takes beside `maze generate`).
    part ShapeOptions (shape_options, with_shape_options) {
        /// Cell shape: square, hex (pointy-top hexagons in offset rows), triangle, polar
        /// (circular), upsilon (octagons and squares) or sigma (flat-top hexagons in offset
        /// columns).
        #[serde(with = "named")]
        #[cfg_attr(feature = "clap", arg(long, short = 's', default_value = "square", value_parser = cli::parse_with::<ShapeKind>))]
        shape ("shape", Maze): ShapeKind = ShapeKind::Square,
        /// Cells per row; polar: cells in the innermost ring [default: 20, polar 6, or
        /// 2^difficulty; with a mask, the mask's own size].
        #[cfg_attr(feature = "clap", arg(long, short = 'W'))]
        width ("width", Maze): Option<u32> = None,
        /// Number of rows; polar: rings [default: 10, the width if --width is given, or
        /// 2^difficulty; with a mask, the mask's own size].
        #[serde(alias = "rings")]
        #[cfg_attr(feature = "clap", arg(long, short = 'H', alias = "rings"))]
        height ("height", Maze): Option<u32> = None,
        /// A mask: only the cells under the dark pixels of a PNG, or the `X`s of a text file of
        /// `X` and `.` rows, exist (the picture is stretched over the maze).
        #[cfg_attr(feature = "clap", arg(long, value_name = "FILE", conflicts_with_all = ["mask_text", "mask_data"]))]
        mask ("mask", Batch): Option<PathBuf> = None,
        /// A word cut out of the maze in a built-in bitmap font (letters, digits, space and
        /// ! ? . , - + : ' & #); the maze flows around the solid letters.
        #[cfg_attr(feature = "clap", arg(long, value_name = "TEXT", conflicts_with = "mask_data"))]
        mask_text ("mask-text", Maze): Option<String> = None,
        /// A mask given inline as rows of `X` (cell) and `.` (no cell) separated by `/` or
        /// newlines, like a mask text file (the page sends uploaded pictures this way).
        #[cfg_attr(feature = "clap", arg(long, value_name = "ROWS"))]
        mask_data ("mask-data", Maze): Option<String> = None,
        /// If the mask falls apart in several pieces, join them with few extra cells (each join
        /// a shortest bridge between two pieces) instead of refusing.
        #[cfg_attr(feature = "clap", arg(long))]
        mask_connect ("mask-connect", Maze): bool = false,
        /// Document 001's difficulty 1-7: a 2^k x 2^k maze (overridden by --width/--height).
        #[cfg_attr(feature = "clap", arg(long, short = 'd', value_parser = clap::value_parser!(u8).range(1..=7)))]
        difficulty ("difficulty", Maze): Option<u8> = None,
        /// Join the borders (square, hex and sigma cells): `x` the east edge to the west (a cylinder),
        /// `y` the bottom to the top, `xy` both (a torus). Pictures mark open passages through a
        /// border with short walls leaving it.
        #[serde(with = "named")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "x|y|xy", default_value = "none", value_parser = cli::parse_with::<Wrap>))]
        wrap ("wrap", Maze): Wrap = Wrap::default(),
        /// Stack this many levels joined by stairs (square, hex and sigma cells, 1-64): the maze starts
        /// on the bottom level and ends on the top one; pictures draw the levels side by side,
        /// an open stair as an arrow (up ^, down v in text).
        #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(maze_core::shape::levels::MAX_LEVELS))))]
        levels ("levels", Maze): u32 = 1,
        /// Weave (square cells): passages may cross under others. P, from 0 to 1, is the share
        /// of inner cells offered as crossings, drawn from the seed (never side by side);
        /// Kruskal keeps them all, other generators those their walk goes straight through.
        /// Pictures draw corridors inset so the lower passage shows gaps under the upper one.
        #[cfg_attr(feature = "clap", arg(long, value_name = "P", value_parser = cli::parse_weave))]
        weave ("weave", Maze): Option<f64> = None,
    }

    section (None::<&str>) {
        /// Generator (see `maze list`).
        #[serde(with = "named")]
        #[cfg_attr(feature = "clap", arg(long, short = 'a', default_value = "recursive-backtracker", value_parser = cli::parse_with::<Algorithm>))]
        algorithm ("algorithm", Maze): Algorithm = Algorithm::RecursiveBacktracker,
        /// Seed for the random generator; the same seed and options give the same maze, byte
        /// for byte. Without it a seed is picked and printed on stderr.
        #[cfg_attr(feature = "clap", arg(long))]
        seed ("seed", Maze): Option<u64> = None,
        /// Remove this fraction (0 to 1) of dead ends, adding loops.
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_fraction))]
        braid ("braid", Maze): Option<f64> = None,
        /// Cut the goal off in this share (0 to 1) of the mazes, chosen from each maze's seed:
        /// the fewest walls that leave no route from entrance to exit are closed (one wall of
        /// the route in a perfect maze, every route in a braided one), and the maze is marked
        /// `"reachable": false`. Its right answer is no moves; the rest is untouched.
        #[cfg_attr(feature = "clap", arg(long, value_name = "P", value_parser = cli::parse_fraction))]
        unreachable ("unreachable", Maze): Option<f64> = None,
        /// A unicursal labyrinth: one path through every cell with no choice anywhere, entrance
        /// and exit side by side on the outer wall. It keeps the -W/-H asked for: the
        /// generator makes a perfect maze of half the width and height, and each of its
        /// passages is split down the middle (each of its cells becomes 2 x 2 cells), so the
        /// generator's bias shapes the labyrinth. Square cells of even width and height, or
        /// polar cells (the classical round labyrinth) with an even --width of at least 6 and
        /// even --rings, laid out in pairs of rings so each cell splits.
        #[cfg_attr(feature = "clap", arg(long))]
        unicursal ("unicursal", Maze): bool = false,
        /// MultiMaze (document 003): number of start cells (green dots); the first cell is one.
        #[cfg_attr(feature = "clap", arg(long, requires = "ends", value_parser = clap::value_parser!(u32).range(1..)))]
        starts ("starts", Maze): Option<u32> = None,
        /// MultiMaze: number of end cells (red dots); the last cell is one.
        #[cfg_attr(feature = "clap", arg(long, requires = "starts", value_parser = clap::value_parser!(u32).range(1..)))]
        ends ("ends", Maze): Option<u32> = None,
        /// The entrance: a cell (`x,y`; polar `ring,index`), a side (top, bottom, left, right,
        /// outer, centre), `random`, or `farthest` (from the exit) [default: the first cell;
        /// polar: the outer rim; wrapped with only --exit given: the farthest cell].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<EndSpec>))]
        entrance ("entrance", Maze): Option<EndSpec> = None,
        /// The exit: as --entrance; `farthest` is the cell farthest from the entrance (the
        /// longest route) [default: the last cell; polar: the centre; wrapped: the farthest
        /// cell, as the last cell touches the first across the seam].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<EndSpec>))]
        exit ("exit", Maze): Option<EndSpec> = None,
        /// Draw the entrance at random among the dead ends (cells with one open passage), as
        /// maze-dataset's `deadend_start`; a maze without one is refused and the next seed
        /// tried, as --where does. Implies --entrance random (another --entrance is refused).
        #[cfg_attr(feature = "clap", arg(long))]
        deadend_start ("deadend-start", Maze): bool = false,
        /// Draw the exit at random among the dead ends, as maze-dataset's `deadend_end`.
        /// Implies --exit random.
        #[cfg_attr(feature = "clap", arg(long))]
        deadend_end ("deadend-end", Maze): bool = false,
        /// Draw the entrance at random among these cells (`x,y`, polar `ring,index`, or an id;
        /// repeatable), as maze-dataset's `allowed_start`. Implies --entrance random.
        #[serde(with = "named::list")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "CELL", value_parser = cli::parse_with::<EndSpec>))]
        allowed_start ("allowed-start", Maze): Vec<EndSpec> = Vec::new(),
        /// Draw the exit at random among these cells, as --allowed-start. Implies --exit random.
        #[serde(with = "named::list")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "CELL", value_parser = cli::parse_with::<EndSpec>))]
        allowed_end ("allowed-end", Maze): Vec<EndSpec> = Vec::new(),
        /// Draw random ends at least this many steps apart along the maze's passages (the
        /// route's length); needs a random end (--entrance or --exit random, or a rule above).
        /// A maze where no such ends exist is refused and the next seed tried.
        #[cfg_attr(feature = "clap", arg(long, value_name = "STEPS"))]
        min_distance ("min-distance", Maze): Option<u64> = None,
        /// Solve from entrance to exit and show the path (default solver: bfs).
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, num_args = 0..=1, default_missing_value = "bfs", value_parser = cli::parse_with::<Solver>))]
        solve ("solve", Solve): Option<Solver> = None,
        /// Number of mazes to write, with seeds SEED, SEED+1, ... (JSON Lines for json; with
        /// --where, maze i tries SEED+i, SEED+i+COUNT, ... until one passes).
        #[cfg_attr(feature = "clap", arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..)))]
        count ("count", Batch): u32 = 1,
        /// Write only part K (0 to N-1) of --parts N of the batch: its mazes K*COUNT/N to
        /// (K+1)*COUNT/N - 1. The parts of one batch never share a seed and, joined in order,
        /// are the batch byte for byte, --where included (maze i of a filtered batch tries
        /// seeds SEED+i, SEED+i+COUNT, ...), so each can run on its own machine.
        #[cfg_attr(feature = "clap", arg(long, value_name = "K", requires = "parts"))]
        part ("part", Batch): Option<u32> = None,
        /// The number of parts the batch is cut in (see --part).
        #[cfg_attr(feature = "clap", arg(long, value_name = "N", requires = "part"))]
        parts ("parts", Batch): Option<u32> = None,
        /// Make the maze row by row and write each row as it is made (eller, sidewinder or
        /// binary-tree; square cells; text, unicode, or png of the walls alone): memory grows
        /// with the width only, so --height may be in the millions. The maze is the one made
        /// without --stream.
        #[cfg_attr(feature = "clap", arg(long))]
        stream ("stream", Batch): bool = false,
        /// With --count: make the mazes on this many threads [default: one per core]; the
        /// output is the same whatever the number.
        #[cfg_attr(feature = "clap", arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024)))]
        threads ("threads", Batch): Option<u32> = None,
        /// Output format: text, unicode, json, maze (compact binary), svg, png, pdf, tex, scad, stl,
        /// gif (an animation), prompt (text for a language model, --prompt-style), tasks
        /// (JSON Lines of task records) or grid (wall and floor tiles, square cells).
        #[serde(with = "named")]
        #[cfg_attr(feature = "clap", arg(long, short = 'f', default_value = "text", value_parser = cli::parse_with::<Format>))]
        format ("format", Format): Format = Format::Text,
        /// Binary tree: the corner its two directions point to [default: north-east].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Corner>))]
        bias ("bias", Maze): Option<Corner> = None,
        /// Growing tree: how the next cell is picked (newest, random, oldest, mixed) [default:
        /// mixed].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Policy>))]
        policy ("policy", Maze): Option<Policy> = None,
        /// Print each maze's statistics (see `maze stats`) as a table or as JSON: on stdout when
        /// the maze goes to a file (-o), else on stderr.
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, num_args = 0..=1, default_missing_value = "text", value_name = "text|json"))]
        stats ("stats", Batch): Option<StatsFormat> = None,
        /// Keep only mazes whose statistics meet this condition (repeatable; all must hold),
        /// such as 'solution>=200' or 'dead_ends<0.25': maze i of --count N tries seeds SEED+i,
        /// SEED+i+N, SEED+i+2N, ... until one passes (so no seed is used twice, and --part cuts
        /// the batch), and the seeds used are reported (see `maze stats --help` for the keys).
        #[serde(rename = "where", with = "named::list")]
        #[cfg_attr(feature = "clap", arg(long = "where", value_name = "CONDITION"))]
        wheres ("where", Batch): Vec<Filter> = Vec::new(),
        /// Keep only mazes of this difficulty band (easy, medium, hard, extreme; by the score of
        /// `maze stats`), trying the next seeds as --where does. (--difficulty sets the size.)
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Hardness>))]
        hardness ("hardness", Batch): Option<Hardness> = None,
        /// The order a batch's mazes are written in: `seed` (the batch's order) or `difficulty`,
        /// easiest to hardest by the score of `maze stats` (a ramp for a book; the same mazes,
        /// scored first, then drawn) [default: seed]. Not with --part or --stream.
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "seed|difficulty", value_parser = cli::parse_with::<Order>))]
        order ("order", Batch): Option<Order> = None,
        /// With --format scad: write document 002's OpenSCAD program, which builds a binary-tree
        /// maze itself from parameters (rows, columns, seed, bias, entrance and exit, sizes) with
        /// OpenSCAD's own random numbers, instead of a model of this maze; editing `rows` or
        /// `seed` in OpenSCAD makes a new maze. The entrance opens the lower-left cell's west
        /// side and the exit the upper-right cell's east side, as in the document; --entrance
        /// and --exit move them to a side's middle (left, right, top, bottom) or a border cell
        /// (x,y).
        #[cfg_attr(feature = "clap", arg(long))]
        parametric ("parametric", Batch): bool = false,
        /// With --where, --hardness or endpoint rules (--deadend-start, ...): give up after this
        /// many mazes tried in all (by this run: a --part counts its own) [default: 1000 per
        /// maze asked for, fewer above 1,000 cells (a million cells made per
        /// maze asked for), at most 1,000,000]. Conditions that can never hold on the shape (a
        /// negative length, a share over 1, a route shorter than the direct way between fixed
        /// ends) are refused before any maze is made.
        #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u64).range(1..)))]
        max_tries ("max-tries", Batch): Option<u64> = None,
    }

    section (Some("Origin Shift")) {
        /// Origin Shift: how many times the origin moves after its starting tree (0 to
        /// 1,000,000,000) [default: ten per cell, enough to mix: see `maze list`].
        #[cfg_attr(feature = "clap", arg(long, value_name = "K"))]
        steps ("steps", Maze): Option<u64> = None,
    }

    section (Some("Rooms (square cells)")) {
        /// Place N rectangular rooms without overlap (from the seed), each with a cell of
        /// corridor round it, grow the maze between them with the generator (a carving one)
        /// and join each room to it by one door: a perfect dungeon (square cells, masks too).
        #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
        rooms ("rooms", Maze): Option<u32> = None,
        /// The sides of a room in cells, MIN-MAX (or one number) [default: 3-6].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "MIN-MAX", value_parser = cli::parse_with::<RoomSize>))]
        room_size ("room-size", Maze): Option<RoomSize> = None,
        /// Random places tried for each room before it goes to a free place found by a scan
        /// [default: 100].
        #[cfg_attr(feature = "clap", arg(long, value_name = "T"))]
        room_tries ("room-tries", Maze): Option<u32> = None,
        /// Open each further possible door of a room with this chance (0 to 1), adding loops
        /// [default: 0, one door a room].
        #[cfg_attr(feature = "clap", arg(long, value_name = "P", value_parser = cli::parse_fraction))]
        extra_doors ("extra-doors", Maze): Option<f64> = None,
        /// Remove K rounds of dead ends from the corridors, leaving solid rock.
        #[cfg_attr(feature = "clap", arg(long, value_name = "K"))]
        sparse ("sparse", Maze): Option<u32> = None,
    }

    section (Some("Drawing (svg, png, pdf, tex, scad, stl)"))
    /// The drawing options (svg, png, pdf, tex, scad, stl): what `maze solve` and `maze
    /// render` share with `maze generate`.
    part Draw (draw, with_draw) {
        /// Cell size, with a unit (mm, cm, in, pt, px) or without: then pixels for svg and png,
        /// millimetres for pdf, tex, scad and stl [default: 16 px svg; png and gif: chosen from
        /// the maze, a picture about 800 px on its long side, 2 to 128 px a cell (at least 16
        /// when woven), kept under 100 million pixels; 6.35 mm (1/4 in) pdf and tex, 10 mm scad
        /// and stl]. A pdf keeps an asked size exactly, or refuses.
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Length>))]
        cell_size ("cell-size", Draw): Option<Length> = None,
        /// Wall thickness, as --cell-size [default: 1/8 of the cell size; png and gif: at least
        /// 1 px; pdf: never under 0.75 pt, the thinnest line a printer keeps, so a thinner wall
        /// is refused (--fit raises it) and a maze shrunk to fit keeps 0.75 pt walls].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Length>))]
        wall_width ("wall-width", Draw): Option<Length> = None,
        /// Wall colour (#rrggbb, #rgb or a name such as black).
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_colour))]
        wall_colour ("wall-colour", Draw): Option<String> = None,
        /// Background colour.
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_colour))]
        background ("background", Draw): Option<String> = None,
        /// Solution line colour.
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_colour))]
        path_colour ("path-colour", Draw): Option<String> = None,
        /// Do not shade the cells the solver explored (shown by default with a solution); json
        /// and maze files then keep the path alone, and bfs takes 1 byte a cell instead of 8.
        #[cfg_attr(feature = "clap", arg(long))]
        no_visited ("no-visited", Draw): bool = false,
        /// How a solution is shown: `line` (a line through the cell centres, over shaded
        /// cells) or `document` (documents 000 and 001: the path's cells in black and the
        /// explored cells in grey, no line).
        #[serde(with = "named")]
        #[cfg_attr(feature = "clap", arg(long, default_value = "line", value_parser = cli::parse_with::<PictureStyle>))]
        style ("style", Draw): PictureStyle = PictureStyle::Line,
        /// Shade cells by distance from the entrance (a heat map).
        #[cfg_attr(feature = "clap", arg(long))]
        heat ("heat", Draw): bool = false,
        /// Diameter of the start and end dots, as a share of a cell (0.05 to 1) [default: 1/3,
        /// as in document 003; 0.6 where a MultiMaze's dots carry numbers].
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_share))]
        dot_size ("dot-size", Draw): Option<f64> = None,
        /// MultiMaze (--starts/--ends): number the puzzle's dots, each start and the end its
        /// route reaches alike (svg, png, pdf, tex). Document 003 leaves the pairing to the
        /// player, so the puzzle's dots are plain by default; the answer key is always
        /// numbered.
        #[cfg_attr(feature = "clap", arg(long))]
        numbered ("numbered", Draw): bool = false,
        /// Leave out the start and end dots (a png of walls alone is then 1 bit per pixel).
        #[cfg_attr(feature = "clap", arg(long))]
        no_markers ("no-markers", Draw): bool = false,
        /// Title: the heading of pdf pages, drawn above the maze in svg and png too
        /// [default for pdf: "Maze"; for a MultiMaze (--starts/--ends) in pdf, svg and png:
        /// "MultiMaze"].
        #[cfg_attr(feature = "clap", arg(long))]
        title ("title", Draw): Option<String> = None,
        /// A line of instructions under the title (pdf, svg, png) [default: document 003's
        /// wording for a MultiMaze, "Find the way ..." on pdf pages].
        #[cfg_attr(feature = "clap", arg(long))]
        instructions ("instructions", Draw): Option<String> = None,
        /// Paper for pdf: a4, letter, a3, a5, legal, tabloid (laid whichever way up gives the
        /// maze the larger cell, a wide maze sideways), each with -landscape or -portrait to
        /// choose (letter-landscape), or WIDTHxHEIGHT with units (11inx9in, 254x203mm; bare
        /// numbers are mm) [default: a4].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Paper>))]
        paper ("paper", Draw): Option<Paper> = None,
        /// Page margin for pdf, as a length from 0 (the maze to the paper's edges; bare numbers
        /// are mm) [default: 15 mm, narrowing to 5 mm with a smaller title when that keeps the
        /// cell size].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_with::<Margin>))]
        margin ("margin", Draw): Option<Margin> = None,
        /// For pdf: shrink a maze that does not fit the paper at the asked --cell-size instead
        /// of refusing.
        #[cfg_attr(feature = "clap", arg(long))]
        fit ("fit", Draw): bool = false,
        /// Wall height above the base plate for scad and stl, millimetres [default: 8]; 0
        /// (scad only) writes a flat (2D) OpenSCAD drawing of the walls instead, for laser
        /// cutting (`openscad -o maze.svg maze.scad`, or .dxf).
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_height))]
        wall_height ("wall-height", Draw): Option<f64> = None,
        /// Base plate thickness for scad and stl, millimetres [default: 2].
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_positive))]
        base ("base", Draw): Option<f64> = None,
        /// For tex: write a tikzpicture to \input instead of a whole document.
        #[cfg_attr(feature = "clap", arg(long))]
        tex_fragment ("tex-fragment", Draw): bool = false,
        /// For json: list each cell's closed sides by the shape's door names (`"cell_walls"`,
        /// document 004's cells with their intact walls; see docs/FORMAT.md).
        #[cfg_attr(feature = "clap", arg(long))]
        cell_walls ("cell-walls", Draw): bool = false,
        /// For prompt and tasks: the text style, alphamaze, hrm, grid, aotp, plain or ascii
        /// (docs/FORMAT.md) [default: ascii].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "STYLE", value_parser = cli::parse_with::<PromptStyle>))]
        prompt_style ("prompt-style", Draw): Option<PromptStyle> = None,
        /// For prompt and tasks in the ascii style: draw the walls and the floor in characters
        /// chosen from each maze's seed (named on a line before the picture).
        #[cfg_attr(feature = "clap", arg(long))]
        prompt_glyphs ("prompt-glyphs", Draw): bool = false,
        /// For tasks: add each maze's picture as a PNG (`image`, base64), the route undrawn.
        #[cfg_attr(feature = "clap", arg(long))]
        task_image ("task-image", Draw): bool = false,
        /// For grid (and tile maps): tiles across each corridor, 1 to 64 [default: 1].
        #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
        corridor_width ("corridor-width", Draw): Option<u32> = None,
        /// For grid (and tile maps): tiles across each wall, 1 to 64 [default: 1; 1 and 1 is
        /// maze-dataset's as_pixels layout].
        #[cfg_attr(feature = "clap", arg(long, value_name = "M"))]
        wall_tiles ("wall-tiles", Draw): Option<u32> = None,
        // Books for print (pdf; issue 51): fonts, trim and bleed, book layout, ink.
        /// For pdf: a TrueType or OpenType font file (.ttf, .otf, .ttc: its first face) to set
        /// every text in, embedded and cut to the glyphs used, for a title in a script DejaVu
        /// Sans lacks (`--title "迷路の本" --font NotoSansCJK.ttc`) [default: DejaVu Sans and
        /// DejaVu Sans Bold, shipped with maze]. A character the font lacks is refused.
        #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
        font ("font", CommandLine): Option<PathBuf> = None,
        /// For pdf: make a book of this trim size (KDP's 5x8in, 6x9in, 8.25x11in, 8.5x11in,
        /// 8.5x8.5in ..., or any WIDTHxHEIGHT with in, mm, cm or pt; a4, letter ... upright):
        /// pages of that size with mirrored margins (the inside one, --gutter, on the left of
        /// odd pages), page numbers and a TrimBox on every page. Instead of --paper.
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "SIZE", value_parser = cli::parse_with::<Paper>))]
        trim ("trim", Draw): Option<Paper> = None,
        /// For a pdf book: bleed on the top, bottom and outside edges, up to 0.5in [default when
        /// given without a value: 0.125in, KDP's]: each page is the trim size plus the bleed,
        /// with its BleedBox; only the background reaches into it.
        #[serde(with = "named::bleed")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "LEN", num_args = 0..=1, default_missing_value = maze_render::print::DEFAULT_BLEED, value_parser = cli::parse_with::<Length>))]
        bleed ("bleed", Draw): Option<Length> = None,
        /// For a pdf book: the inside margin, `auto` (KDP's by page count: 0.375in to 150 pages,
        /// 0.5in to 300, 0.625in to 500, 0.75in to 700, 0.875in to 828) or a length [default:
        /// auto]. Outside margins are --margin, at least 0.25in (0.375in with --bleed) [default:
        /// that least].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "auto|LEN", value_parser = cli::parse_with::<Gutter>))]
        gutter ("gutter", Draw): Option<Gutter> = None,
        /// For a pdf book: number the pages at the outside corner of the foot, odd pages on the
        /// right (`--page-numbers false` leaves them out) [default: on for more than 2 pages].
        #[cfg_attr(feature = "clap", arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true"))]
        page_numbers ("page-numbers", Draw): Option<bool> = None,
        /// For a pdf book with --solve: set the answer keys after the puzzles 1, 2, 4, 6 or 9 to
        /// a page, each labelled with its puzzle's page, at the largest size that fits.
        #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
        keys_per_page ("keys-per-page", Draw): Option<u32> = None,
        /// For pdf: `black` sets everything in DeviceGray for a black-only printer: walls,
        /// solution and dots black, shading grey, a start a filled disc and an end a ring (the
        /// instructions say so) [default: colour].
        #[serde(with = "named::option")]
        #[cfg_attr(feature = "clap", arg(long, value_name = "black|colour", value_parser = cli::parse_with::<Ink>))]
        ink ("ink", Draw): Option<Ink> = None,
        /// For a pdf book: begin with a title page (the title, the instructions, the number of
        /// mazes and the page their solutions begin on); the puzzles follow from page 2.
        #[cfg_attr(feature = "clap", arg(long))]
        front_page ("front-page", Draw): bool = false,
        /// For pdf: set the puzzles 1, 2, 4 or 6 to a sheet (a worksheet), each labelled, under
        /// the sheet's title, instructions and --name-line [default: 1].
        #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
        per_page ("per-page", Draw): Option<u32> = None,
        /// For pdf: a line to write a name and the date on ("Name: ____ Date: ____") under the
        /// title and instructions of every puzzle page (a school worksheet).
        #[cfg_attr(feature = "clap", arg(long))]
        name_line ("name-line", Draw): bool = false,
    }

    section (Some("Animation (gif, svg)"))
    /// The animation options (gif, svg): what `maze solve` shares with `maze generate`.
    part AnimationOptions (animation_options, with_animation_options) {
        /// Write an animation of the steps instead of a still picture, as --format gif or svg:
        /// the generator's (and braiding's) steps for generate, the solver's for solve.
        /// --format gif implies it. Up to 20 million steps are recorded; beyond that the
        /// animation jumps to the finished maze (and says so).
        #[cfg_attr(feature = "clap", arg(long))]
        animate ("animate", Animation): bool = false,
        /// Most frames, the first (the starting maze) and last (the finished maze) included;
        /// the steps are spread evenly over them. A gif's frames times its pixels per frame
        /// may not exceed 500 million [default: 120].
        #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(2..=2000)))]
        frames ("frames", Animation): Option<u32> = None,
        /// Time per frame, milliseconds (20 to 10000) [default: --duration shared by the frames].
        #[cfg_attr(feature = "clap", arg(long, value_parser = clap::value_parser!(u32).range(20..=10_000), conflicts_with = "duration"))]
        delay ("delay", Animation): Option<u32> = None,
        /// Playing time in seconds (0.1 to 600), before a 2-second pause on the last frame
        /// [default: 6]. Frames are shown for at least 20 ms each.
        #[cfg_attr(feature = "clap", arg(long, value_parser = cli::parse_duration))]
        duration ("duration", Animation): Option<f64> = None,
        /// Colour every zone (cells already joined by passages) in its own colour until it
        /// merges with another, as document 000 shows Kruskal's algorithm; with any carving
        /// generator (generate only; implies --animate).
        #[cfg_attr(feature = "clap", arg(long))]
        zones ("zones", CommandLine): bool = false,
    }

    section (Some("Limits (checked before any work)"))
    /// The limits of a request, checked before anything is generated, read or drawn (what
    /// every command that reads or writes a maze takes).
    #[derive(Copy, Eq)]
    part Limits (limits, with_limits) {
        /// Refuse mazes with more cells than this (at most 2^30).
        #[cfg_attr(feature = "clap", arg(long, default_value_t = maze_core::limits::MAX_CELLS))]
        max_cells ("max-cells", Limit): u64 = maze_core::limits::MAX_CELLS,
        /// Refuse outputs estimated at more bytes than this (1 GiB by default); accepts
        /// suffixes such as 200M or 4G.
        #[cfg_attr(feature = "clap", arg(long, default_value = "1G", value_parser = cli::parse_bytes))]
        max_bytes ("max-bytes", Limit): u64 = DEFAULT_MAX_BYTES,
        /// Refuse png images of more pixels than this.
        #[cfg_attr(feature = "clap", arg(long, default_value_t = maze_render::png::MAX_PIXELS))]
        max_pixels ("max-pixels", Limit): u64 = maze_render::png::MAX_PIXELS,
        /// Refuse drawings (svg, png, pdf, tex, scad, stl) that would hold more memory than
        /// this (512 MiB by default; the shading is counted before drawing, the walls' runs as
        /// they are joined); accepts suffixes such as 200M or 4G.
        #[cfg_attr(feature = "clap", arg(long, default_value = "512M", value_parser = cli::parse_bytes))]
        max_memory ("max-memory", Limit): u64 = DEFAULT_MAX_MEMORY,
    }
}

/// Most frames of an animation when `frames` is not given.
pub const DEFAULT_FRAMES: u32 = 120;

impl MazeRequest {
    /// The generator's options: `bias`, `policy` and `steps`, or their defaults.
    pub fn generator_options(&self) -> maze_core::Options {
        maze_core::Options {
            corner: self.bias.unwrap_or_default(),
            policy: self.policy.unwrap_or_default(),
            steps: self.steps,
        }
    }

    /// Whether the request asks for an animation: `animate`, `zones` or the gif format.
    pub fn animated(&self) -> bool {
        self.animate || self.zones || self.format == Format::Gif
    }

    /// Whether the request asks for a MultiMaze (more than one start or end dot).
    pub fn multi(&self) -> bool {
        self.starts.unwrap_or(1) > 1 || self.ends.unwrap_or(1) > 1
    }

    /// The endpoint rules (`deadend-start`, `deadend-end`, `allowed-start`, `allowed-end`,
    /// `min-distance`).
    pub fn end_rules(&self) -> crate::ends::EndRules {
        crate::ends::EndRules {
            deadend_start: self.deadend_start,
            deadend_end: self.deadend_end,
            allowed_start: self.allowed_start.clone(),
            allowed_end: self.allowed_end.clone(),
            min_distance: self.min_distance,
        }
    }

    /// Whether the request has an endpoint rule ([`MazeRequest::end_rules`]).
    pub fn has_end_rules(&self) -> bool {
        self.end_rules().any()
    }

    /// The entrance and exit asked, with `random` for an end a rule draws (`deadend-start`
    /// or `allowed-start` for the entrance; the plan refuses them with another entrance).
    pub fn end_specs(&self) -> (Option<EndSpec>, Option<EndSpec>) {
        let rules = self.end_rules();
        let end = |given: Option<EndSpec>, exit: bool| {
            if rules.draws(exit) { Some(EndSpec::Random) } else { given }
        };
        (end(self.entrance, false), end(self.exit, true))
    }

    /// Whether a maze the request makes may be refused and the next seed tried: by
    /// `where`, `hardness` or an endpoint rule.
    pub fn refuses_some(&self) -> bool {
        !self.wheres.is_empty() || self.hardness.is_some() || self.has_end_rules()
    }

    /// The indices of the batch's mazes this request makes: `0..count`, or with `part` K of
    /// `parts` N, `K*count/N .. (K+1)*count/N` (the plan checks K and N).
    pub fn part_range(&self) -> std::ops::Range<u64> {
        let count = u64::from(self.count);
        match (self.part, self.parts) {
            (Some(k), Some(n)) if n > 0 && k < n => {
                let (k, n) = (u64::from(k), u64::from(n));
                k * count / n..(k + 1) * count / n
            }
            _ => 0..count,
        }
    }
}

#[cfg(feature = "clap")]
pub mod cli;
mod info;
#[cfg(test)]
use info::doc_text;
pub use info::{FieldInfo, field_info};
mod named;
mod naming;

#[cfg(test)]
mod tests;
