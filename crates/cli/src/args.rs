//! Command-line arguments (clap derive). Validation of values that clap cannot check
//! (shape limits, algorithm support) happens in the commands, before any allocation.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use maze_core::generate::{Corner, Policy};
use maze_core::{Algorithm, ShapeKind, Solver};
use maze_render::Format;
use maze_render::style::Length;

/// Generate, solve, render and benchmark mazes on square, hexagonal and triangular cells.
#[derive(Debug, Parser)]
#[command(name = "maze", version, about, long_about = None, propagate_version = true)]
#[command(after_help = "Examples:
  maze generate                                  a 20x10 square maze as text
  maze generate --shape hex --algorithm wilson --solve
  maze generate --width 40 --height 20 --seed 7 --format json -o maze.json
  maze solve maze.json --algorithm a-star --format unicode
  maze list")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List shapes, generators (with the shapes each supports), solvers and formats.
    #[command(after_help = "Example:\n  maze list --json | jq '.generators[].name'")]
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Generate mazes and print or save them.
    #[command(after_help = "Examples:
  maze generate --shape hex --width 12 --height 8 --solve
  maze generate --algorithm binary-tree --bias north-west --format unicode
  maze generate --difficulty 5 --solve backtracker         (a 32x32 maze, document 001's scale)
  maze generate --starts 3 --ends 3                        (document 003's MultiMaze)
  maze generate --braid 0.5 --solve tremaux                (half the dead ends removed: loops)
  maze generate --unicursal --width 24 --height 16 --solve (a labyrinth: one path, no choices)
  maze generate --count 10 --seed 100 --format json -o mazes.jsonl")]
    #[command(allow_negative_numbers = true)]
    Generate(GenerateArgs),
    /// Solve a maze saved as JSON (`maze generate --format json`).
    #[command(after_help = "Examples:
  maze generate --format json -o maze.json && maze solve maze.json
  maze generate --format json | maze solve - --algorithm dead-end-filler --format unicode
  maze solve maze.json --from 0 --to 57 --format json")]
    #[command(allow_negative_numbers = true)]
    Solve(SolveArgs),
    /// Render a saved maze (and its saved solution, if any) in another format.
    #[command(after_help = "Example:\n  maze render maze.json --format unicode")]
    Render(RenderArgs),
    /// Statistics of saved mazes: dead ends, junctions, corridors, the solution, the longest
    /// path, river, turns and a difficulty score (docs/STATS.md defines each).
    #[command(after_help = "Examples:
  maze generate --format json -o maze.json && maze stats maze.json
  maze generate --count 100 --format json | maze stats - --json | jq .difficulty
  maze generate --count 5 --where 'solution>=200' --where 'dead_ends<0.25' --stats

Keys for --where (maze generate): every key of the table, solution for solution_length;
dead_ends and solution compared with a fraction (0.25) or a percentage (25%) compare their
share of the cells; hardness compares bands (hardness>=hard).")]
    Stats(StatsArgs),
    /// Time generators and solvers in-process and report nanoseconds per cell (median).
    #[command(after_help = "Examples:
  maze bench                                        every generator and solver at 100x100 and 1000x1000
  maze bench --size 1000 --algorithm kruskal --algorithm bfs --json
  maze bench --shape hex --size 300 --runs 9
  maze bench --clock cpu --size 1000 --size 8000 --runs 3 -a prim   linearity on a shared machine")]
    #[command(allow_negative_numbers = true)]
    Bench(BenchArgs),
    /// Play in the terminal: choose a maze, walk it with the keyboard, watch it being built.
    #[command(after_help = "Examples:
  maze play                                      the menu: shape, generator, difficulty 1-7, seed
  maze play --shape hex --difficulty 4 --no-menu straight into a 16x16 beehive
  maze play --width 30 --height 15 --seed 42 --no-auto

Keys: arrows/WASD/hjkl move (y u b n diagonals on hex and sigma), m auto-move, p show the route,
o change solver, g watch the generator, v watch the solver, r restart, N next maze,
Esc menu, Ctrl-C quit.")]
    Play(PlayArgs),
    /// Serve a web page to generate, watch, play and download mazes, and a JSON API.
    #[command(after_help = "Examples:
  maze serve --open                              open the page in a browser (http://127.0.0.1:8000/)
  maze serve --port 0                            any free port (the address is printed)
  curl 'http://127.0.0.1:8000/api/generate?shape=hex&width=8&height=6&seed=1&solve=bfs'

The API is described in docs/API.md.")]
    Serve(ServeArgs),
    /// Print shell completions for bash, zsh, fish, elvish or powershell.
    #[command(
        after_help = "Example:\n  maze completions bash > ~/.local/share/bash-completion/completions/maze"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// Options describing the maze to build (shared by `generate` and `bench`).
#[derive(Debug, Args, Clone)]
pub struct ShapeArgs {
    /// Cell shape: square, hex (pointy-top hexagons in offset rows), triangle, polar
    /// (circular), upsilon (octagons and squares) or sigma (flat-top hexagons in offset
    /// columns).
    #[arg(long, short = 's', default_value = "square", value_parser = parse_with::<ShapeKind>)]
    pub shape: ShapeKind,
    /// Cells per row; polar: cells in the innermost ring [default: 20, polar 6, or
    /// 2^difficulty; with a mask, the mask's own size].
    #[arg(long, short = 'W')]
    pub width: Option<u32>,
    /// Number of rows; polar: rings [default: 10, the width if --width is given, or
    /// 2^difficulty; with a mask, the mask's own size].
    #[arg(long, short = 'H', alias = "rings")]
    pub height: Option<u32>,
    /// A mask: only the cells under the dark pixels of a PNG, or the `X`s of a text file of
    /// `X` and `.` rows, exist (the picture is stretched over the maze).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["mask_text", "mask_data"])]
    pub mask: Option<PathBuf>,
    /// A word cut out of the maze in a built-in bitmap font (letters, digits, space and
    /// ! ? . , - + : ' & #); the maze flows around the solid letters.
    #[arg(long, value_name = "TEXT", conflicts_with = "mask_data")]
    pub mask_text: Option<String>,
    /// A mask given inline as rows of `X` (cell) and `.` (no cell) separated by `/` or
    /// newlines, like a mask text file (the page sends uploaded pictures this way).
    #[arg(long, value_name = "ROWS")]
    pub mask_data: Option<String>,
    /// If the mask falls apart in several pieces, join them with few extra cells (each join
    /// a shortest bridge between two pieces) instead of refusing.
    #[arg(long)]
    pub mask_connect: bool,
    /// Document 001's difficulty 1-7: a 2^k x 2^k maze (overridden by --width/--height).
    #[arg(long, short = 'd', value_parser = clap::value_parser!(u8).range(1..=7))]
    pub difficulty: Option<u8>,
    /// Join the borders (square, hex and sigma cells): `x` the east edge to the west (a cylinder),
    /// `y` the bottom to the top, `xy` both (a torus). Pictures mark open passages through a
    /// border with short walls leaving it.
    #[arg(long, value_name = "x|y|xy", default_value = "none", value_parser = parse_with::<maze_core::Wrap>)]
    pub wrap: maze_core::Wrap,
    /// Stack this many levels joined by stairs (square, hex and sigma cells, 1-64): the maze starts
    /// on the bottom level and ends on the top one; pictures draw the levels side by side,
    /// an open stair as an arrow (up ^, down v in text).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(maze_core::shape::levels::MAX_LEVELS)))]
    pub levels: u32,
    /// Weave (square cells): passages may cross under others. P, from 0 to 1, is the share
    /// of inner cells offered as crossings, drawn from the seed (never side by side);
    /// Kruskal keeps them all, other generators those their walk goes straight through.
    /// Pictures draw corridors inset so the lower passage shows gaps under the upper one.
    #[arg(long, value_name = "P")]
    pub weave: Option<f64>,
}

/// `maze generate`.
#[derive(Debug, Args, Clone)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Generator (see `maze list`).
    #[arg(long, short = 'a', default_value = "recursive-backtracker", value_parser = parse_with::<Algorithm>)]
    pub algorithm: Algorithm,
    /// Seed for the random generator; the same seed and options give the same maze, byte
    /// for byte. Without it a seed is picked and printed on stderr.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Remove this fraction (0 to 1) of dead ends, adding loops.
    #[arg(long, value_parser = parse_fraction)]
    pub braid: Option<f64>,
    /// A unicursal labyrinth: one path through every cell with no choice anywhere, entrance
    /// and exit side by side on the outer wall. It keeps the -W/-H asked for: the
    /// generator makes a perfect maze of half the width and height, and each of its
    /// passages is split down the middle (each of its cells becomes 2 x 2 cells), so the
    /// generator's bias shapes the labyrinth. Square cells of even width and height, or
    /// polar cells (the classical round labyrinth) with an even --width of at least 6 and
    /// even --rings, laid out in pairs of rings so each cell splits.
    #[arg(long)]
    pub unicursal: bool,
    /// MultiMaze (document 003): number of start cells (green dots); the first cell is one.
    #[arg(long, requires = "ends", value_parser = clap::value_parser!(u32).range(1..))]
    pub starts: Option<u32>,
    /// MultiMaze: number of end cells (red dots); the last cell is one.
    #[arg(long, requires = "starts", value_parser = clap::value_parser!(u32).range(1..))]
    pub ends: Option<u32>,
    /// The entrance: a cell (`x,y`; polar `ring,index`), a side (top, bottom, left, right,
    /// outer, centre), `random`, or `farthest` (from the exit) [default: the first cell;
    /// polar: the outer rim; wrapped with only --exit given: the farthest cell].
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub entrance: Option<maze::masks::EndSpec>,
    /// The exit: as --entrance; `farthest` is the cell farthest from the entrance (the
    /// longest route) [default: the last cell; polar: the centre; wrapped: the farthest
    /// cell, as the last cell touches the first across the seam].
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub exit: Option<maze::masks::EndSpec>,
    /// Solve from entrance to exit and show the path (default solver: bfs).
    #[arg(long, num_args = 0..=1, default_missing_value = "bfs", value_parser = parse_with::<Solver>)]
    pub solve: Option<Solver>,
    /// Number of mazes to write, with seeds SEED, SEED+1, ... (JSON Lines for json).
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub count: u32,
    /// Make the maze row by row and write each row as it is made (eller, sidewinder or
    /// binary-tree; square cells; text, unicode, or png of the walls alone): memory grows
    /// with the width only, so --height may be in the millions. The maze is the one made
    /// without --stream.
    #[arg(long)]
    pub stream: bool,
    /// With --count: make the mazes on this many threads [default: one per core]; the
    /// output is the same whatever the number.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Output format: text, unicode, json, maze (compact binary), svg, png, pdf, tex, scad, stl
    /// or gif (an animation).
    #[arg(long, short = 'f', default_value = "text", value_parser = parse_with::<Format>)]
    pub format: Format,
    /// Write to this file (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Binary tree: the corner its two directions point to [default: north-east].
    #[arg(long, value_parser = parse_with::<Corner>)]
    pub bias: Option<Corner>,
    /// Growing tree: how the next cell is picked (newest, random, oldest, mixed) [default:
    /// mixed].
    #[arg(long, value_parser = parse_with::<Policy>)]
    pub policy: Option<Policy>,
    /// Print each maze's statistics (see `maze stats`) as a table or as JSON: on stdout when
    /// the maze goes to a file (-o), else on stderr.
    #[arg(long, num_args = 0..=1, default_missing_value = "text", value_name = "text|json")]
    pub stats: Option<maze::filter::StatsFormat>,
    /// Keep only mazes whose statistics meet this condition (repeatable; all must hold),
    /// such as 'solution>=200' or 'dead_ends<0.25': the next seeds are tried until --count
    /// mazes pass, and the seeds used are reported (see `maze stats --help` for the keys).
    #[arg(long = "where", value_name = "CONDITION")]
    pub wheres: Vec<maze::filter::Filter>,
    /// Keep only mazes of this difficulty band (easy, medium, hard, extreme; by the score of
    /// `maze stats`), trying the next seeds as --where does. (--difficulty sets the size.)
    #[arg(long, value_parser = parse_with::<maze_core::stats::Hardness>)]
    pub hardness: Option<maze_core::stats::Hardness>,
    /// With --format scad: write document 002's OpenSCAD program, which builds a binary-tree
    /// maze itself from parameters (rows, columns, seed, bias, entrance and exit, sizes) with
    /// OpenSCAD's own random numbers, instead of a model of this maze; editing `rows` or
    /// `seed` in OpenSCAD makes a new maze. The entrance opens the lower-left cell's west
    /// side and the exit the upper-right cell's east side, as in the document; --entrance
    /// and --exit move them to a side's middle (left, right, top, bottom) or a border cell
    /// (x,y).
    #[arg(long)]
    pub parametric: bool,
    /// With --where or --hardness: give up after this many mazes tried in all
    /// [default: 1000 per maze asked for, at most 1,000,000]. Conditions that can never hold
    /// (a negative length, a share over 1) are refused before any maze is made.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tries: Option<u64>,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub animate: AnimateArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Size limits, checked before anything is generated, read or drawn.
#[derive(Debug, Args, Clone, Copy)]
#[command(next_help_heading = "Limits (checked before any work)")]
pub struct LimitArgs {
    /// Refuse mazes with more cells than this (at most 2^30).
    #[arg(long, default_value_t = maze_core::limits::MAX_CELLS)]
    pub max_cells: u64,
    /// Refuse outputs estimated at more bytes than this (1 GiB by default); accepts
    /// suffixes such as 200M or 4G.
    #[arg(long, default_value = "1G", value_parser = parse_bytes)]
    pub max_bytes: u64,
    /// Refuse png images of more pixels than this.
    #[arg(long, default_value_t = maze_render::png::MAX_PIXELS)]
    pub max_pixels: u64,
    /// Refuse drawings (svg, png, pdf, tex, scad, stl) that would hold more memory than
    /// this (512 MiB by default; the shading is counted before drawing, the walls' runs as
    /// they are joined); accepts suffixes such as 200M or 4G.
    #[arg(long, default_value = "512M", value_parser = parse_bytes)]
    pub max_memory: u64,
}

impl Default for LimitArgs {
    fn default() -> Self {
        LimitArgs {
            max_cells: maze_core::limits::MAX_CELLS,
            max_bytes: DEFAULT_MAX_BYTES,
            max_pixels: maze_render::png::MAX_PIXELS,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

pub use maze::{DEFAULT_MAX_BYTES, DEFAULT_MAX_MEMORY, PictureStyle};

/// Drawing options for svg, png, pdf, tex, scad and stl.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Drawing (svg, png, pdf, tex, scad, stl)")]
pub struct DrawArgs {
    /// Cell size, with a unit (mm, cm, in, pt, px) or without: then pixels for svg and png,
    /// millimetres for pdf, tex, scad and stl [default: 16 px svg; png and gif: chosen from
    /// the maze, a picture about 800 px on its long side, 2 to 128 px a cell (at least 16
    /// when woven), kept under 100 million pixels; 6.35 mm (1/4 in) pdf and tex, 10 mm scad
    /// and stl]. A pdf keeps an asked size exactly, or refuses.
    #[arg(long, value_parser = parse_length)]
    pub cell_size: Option<Length>,
    /// Wall thickness, as --cell-size [default: 1/8 of the cell size; png and gif: at least
    /// 1 px].
    #[arg(long, value_parser = parse_length)]
    pub wall_width: Option<Length>,
    /// Wall colour (#rrggbb, #rgb or a name such as black).
    #[arg(long, value_parser = parse_colour)]
    pub wall_colour: Option<String>,
    /// Background colour.
    #[arg(long, value_parser = parse_colour)]
    pub background: Option<String>,
    /// Solution line colour.
    #[arg(long, value_parser = parse_colour)]
    pub path_colour: Option<String>,
    /// Do not shade the cells the solver explored (shown by default with a solution); json
    /// and maze files then keep the path alone, and bfs takes 1 byte a cell instead of 8.
    #[arg(long)]
    pub no_visited: bool,
    /// How a solution is shown: `line` (a line through the cell centres, over shaded
    /// cells) or `document` (documents 000 and 001: the path's cells in black and the
    /// explored cells in grey, no line).
    #[arg(long, default_value = "line", value_parser = parse_with::<PictureStyle>)]
    pub style: PictureStyle,
    /// Shade cells by distance from the entrance (a heat map).
    #[arg(long)]
    pub heat: bool,
    /// Diameter of the start and end dots, as a share of a cell (0.05 to 1) [default: 1/3,
    /// as in document 003; 0.6 on a MultiMaze, whose dots carry their pair's number].
    #[arg(long, value_parser = parse_share)]
    pub dot_size: Option<f64>,
    /// Leave out the start and end dots (a png of walls alone is then 1 bit per pixel).
    #[arg(long)]
    pub no_markers: bool,
    /// Title: the heading of pdf pages, drawn above the maze in svg and png too
    /// [default for pdf: "Maze"; for a MultiMaze (--starts/--ends) in pdf, svg and png:
    /// "MultiMaze"].
    #[arg(long)]
    pub title: Option<String>,
    /// A line of instructions under the title (pdf, svg, png) [default: document 003's
    /// wording for a MultiMaze, "Find the way ..." on pdf pages].
    #[arg(long)]
    pub instructions: Option<String>,
    /// Paper for pdf: a4, letter, a3, a5, legal, tabloid, each with -landscape
    /// (letter-landscape), or WIDTHxHEIGHT with units (11inx9in, 254x203mm; bare numbers are mm)
    /// [default: a4].
    #[arg(long, value_parser = parse_paper)]
    pub paper: Option<maze_render::pdf::Paper>,
    /// Page margin for pdf, as a length (bare numbers are mm) [default: 15 mm, narrowing
    /// to 5 mm with a smaller title when that keeps the cell size].
    #[arg(long, value_parser = parse_length)]
    pub margin: Option<Length>,
    /// For pdf: shrink a maze that does not fit the paper at the asked --cell-size instead
    /// of refusing.
    #[arg(long)]
    pub fit: bool,
    /// Wall height above the base plate for scad and stl, millimetres; 0 (scad only)
    /// writes a flat (2D) OpenSCAD drawing of the walls instead, for laser cutting
    /// (`openscad -o maze.svg maze.scad`, or .dxf).
    #[arg(long, default_value_t = 8.0, value_parser = parse_height)]
    pub wall_height: f64,
    /// Base plate thickness for scad and stl, millimetres.
    #[arg(long, default_value_t = 2.0, value_parser = parse_positive)]
    pub base: f64,
    /// For tex: write a tikzpicture to \input instead of a whole document.
    #[arg(long)]
    pub tex_fragment: bool,
}

/// `maze play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Generator.
    #[arg(long, short = 'a', default_value = "recursive-backtracker", value_parser = parse_with::<Algorithm>)]
    pub algorithm: Algorithm,
    /// Seed [default: 1, or typed in the menu].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Skip the menu and start playing at once.
    #[arg(long)]
    pub no_menu: bool,
    /// Play line by line, as document 001 does: "New maze? (y/n)", "Difficulty (1-7)?",
    /// the maze as text, "See the solution? (y/n)", and again. Answers are read a line at a
    /// time (`printf 'y\n3\ny\nn\n' | maze play`); the end of the input ends the game. This
    /// is also how `maze play` runs when standard input or output is not a terminal.
    #[arg(long, conflicts_with = "no_menu")]
    pub lines: bool,
    /// Start with auto-move off (one cell per key press).
    #[arg(long)]
    pub no_auto: bool,
    /// Draw with ASCII instead of box-drawing characters (and braille dots for circular,
    /// octagon and masked hexagon or triangle mazes).
    #[arg(long)]
    pub ascii: bool,
    /// Fog of war: only what the player has seen is drawn, and the rest appears as it is
    /// explored (the ends too; a solution asked for shows). `--fog` alone: line of sight
    /// along corridors, as far as they run straight; `--fog N`: every cell within N steps
    /// along the passages. Full-screen game only; not on woven mazes.
    #[arg(long, num_args = 0..=1, default_missing_value = "0", value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub fog: Option<u32>,
    /// Where the player starts: as `maze generate --entrance`.
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub entrance: Option<maze::masks::EndSpec>,
    /// Where the player must go: as `maze generate --exit`.
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub exit: Option<maze::masks::EndSpec>,
}

/// The longest a whole `maze serve` request may take by default, waiting for a job slot
/// included (`--request-timeout`).
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// `maze serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// TCP port (0 picks a free one; the address is printed either way).
    #[arg(long, short = 'p', default_value_t = 8000)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address makes the server reachable
    /// from the network (a warning says so): it has no authentication.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the page in a browser (xdg-open or open).
    #[arg(long)]
    pub open: bool,
    /// Most connections at once; one more gets a 503 and is closed.
    #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_connections: u32,
    /// Seconds a connection may stay idle or take to send a request's head, and a body may
    /// stall (a body must arrive within twice this in all).
    #[arg(long, default_value_t = 15.0, value_parser = parse_timeout)]
    pub idle_timeout: f64,
    /// Seconds a whole request may take, waiting for a job slot included; a job still
    /// running then is cancelled at its next check and the client gets a 408.
    #[arg(long, default_value_t = REQUEST_TIMEOUT.as_secs_f64(), value_parser = parse_timeout)]
    pub request_timeout: f64,
}

/// Animation options for `generate` and `solve`.
#[derive(Debug, Args, Clone)]
#[command(next_help_heading = "Animation (gif, svg)")]
pub struct AnimateArgs {
    /// Write an animation of the steps instead of a still picture, as --format gif or svg:
    /// the generator's (and braiding's) steps for generate, the solver's for solve.
    /// --format gif implies it. Up to 20 million steps are recorded; beyond that the
    /// animation jumps to the finished maze (and says so).
    #[arg(long)]
    pub animate: bool,
    /// Most frames, the first (the starting maze) and last (the finished maze) included;
    /// the steps are spread evenly over them. A gif's frames times its pixels per frame
    /// may not exceed 500 million [default: 120].
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=2000))]
    pub frames: Option<u32>,
    /// Time per frame, milliseconds (20 to 10000) [default: --duration shared by the frames].
    #[arg(long, value_parser = clap::value_parser!(u32).range(20..=10_000), conflicts_with = "duration")]
    pub delay: Option<u32>,
    /// Playing time in seconds (0.1 to 600), before a 2-second pause on the last frame
    /// [default: 6]. Frames are shown for at least 20 ms each.
    #[arg(long, value_parser = parse_duration)]
    pub duration: Option<f64>,
    /// Colour every zone (cells already joined by passages) in its own colour until it
    /// merges with another, as document 000 shows Kruskal's algorithm; with any carving
    /// generator (generate only; implies --animate).
    #[arg(long)]
    pub zones: bool,
}

/// `maze solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The maze file (JSON), or - for standard input.
    pub file: String,
    /// Solver (see `maze list`).
    #[arg(long, short = 'a', default_value = "bfs", value_parser = parse_with::<Solver>)]
    pub algorithm: Solver,
    /// Start: a cell id, a cell `x,y` (polar `ring,index`), a side (top, bottom, left,
    /// right, outer, centre), random or farthest; the entrance moves there [default: the
    /// entrance].
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub from: Option<maze::masks::EndSpec>,
    /// Goal, as --from; the exit moves there [default: the exit].
    #[arg(long, value_parser = parse_with::<maze::masks::EndSpec>)]
    pub to: Option<maze::masks::EndSpec>,
    /// Output format: text, unicode, json, svg, png, pdf, tex, scad, stl or gif (an animation).
    #[arg(long, short = 'f', default_value = "text", value_parser = parse_with::<Format>)]
    pub format: Format,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub animate: AnimateArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `maze render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The maze file (JSON), or - for standard input.
    pub file: String,
    /// Output format: text, unicode, json, svg, png, pdf, tex, scad or stl.
    #[arg(long, short = 'f', default_value = "text", value_parser = parse_with::<Format>)]
    pub format: Format,
    /// Leave out the saved solution.
    #[arg(long)]
    pub no_solution: bool,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub draw: DrawArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `maze stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The maze file (JSON, or JSON Lines for several), or - for standard input.
    pub file: String,
    /// Print JSON (one object per maze) instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write to this file (atomically) instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// `maze bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Square side in cells (repeatable): a size of 1000 means 1000 x 1000.
    #[arg(long = "size", default_values_t = [100u32, 1000])]
    pub sizes: Vec<u32>,
    /// Generators and solvers to time (repeatable) [default: all that support the shape].
    #[arg(long = "algorithm", short = 'a')]
    pub algorithms: Vec<String>,
    /// Cell shape.
    #[arg(long, short = 's', default_value = "square", value_parser = parse_with::<ShapeKind>)]
    pub shape: ShapeKind,
    /// Runs per measurement; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// What to time: `wall` (elapsed time) or `cpu` (this thread's CPU time, which leaves
    /// out the time other processes hold the cores; for comparisons on shared machines).
    #[arg(long, default_value = "wall", value_parser = parse_clock)]
    pub clock: Clock,
}

/// The clock `maze bench` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Elapsed (wall-clock) time.
    Wall,
    /// The measuring thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`; Unix only).
    Cpu,
}

impl Clock {
    /// The name the option takes and the report prints.
    pub fn name(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::Cpu => "cpu",
        }
    }
}

fn parse_clock(s: &str) -> Result<Clock, String> {
    match s {
        "wall" => Ok(Clock::Wall),
        "cpu" if cfg!(unix) => Ok(Clock::Cpu),
        "cpu" => Err("the cpu clock needs a Unix system".into()),
        _ => Err(format!("unknown clock '{s}' (expected wall or cpu)")),
    }
}

/// Parses any of our `FromStr` types, turning the library error into clap's message.
fn parse_with<T: std::str::FromStr<Err = maze_core::Error>>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|e| e.to_string())
}

/// A number, or clap's message for what is not one.
fn number(s: &str) -> Result<f64, String> {
    s.trim().parse().map_err(|_| format!("'{s}' is not a number"))
}

fn parse_positive(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if v.is_finite() && v > 0.0 && v <= 10_000.0 {
        Ok(v)
    } else {
        Err(format!("{v} must be above 0 and at most 10000"))
    }
}

/// A wall height: as `parse_positive`, or 0 (scad's flat drawing).
fn parse_height(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if v.is_finite() && (0.0..=10_000.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} must be from 0 (scad's flat drawing) to 10000"))
    }
}

fn parse_paper(s: &str) -> Result<maze_render::pdf::Paper, String> {
    s.parse().map_err(|e: maze_core::Error| e.to_string())
}

fn parse_share(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if (0.05..=1.0).contains(&v) { Ok(v) } else { Err(format!("{v} is not between 0.05 and 1")) }
}

fn parse_length(s: &str) -> Result<Length, String> {
    s.parse().map_err(|e: maze_core::Error| e.to_string())
}

fn parse_colour(s: &str) -> Result<String, String> {
    s.parse::<maze_render::style::Colour>().map(|c| c.hex()).map_err(|e| e.to_string())
}

/// A byte count with an optional suffix: K, M, G or T (powers of 1024), with or without
/// a trailing B or iB.
fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim().to_ascii_uppercase();
    let t = t.strip_suffix("IB").or_else(|| t.strip_suffix('B')).unwrap_or(&t);
    let (digits, shift) = match t.chars().last() {
        Some('K') => (&t[..t.len() - 1], 10),
        Some('M') => (&t[..t.len() - 1], 20),
        Some('G') => (&t[..t.len() - 1], 30),
        Some('T') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| format!("'{s}' is not a size (such as 500M or 2G)"))?;
    n.checked_mul(1 << shift)
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("'{s}' is not a size above 0 that fits in 64 bits"))
}

fn parse_timeout(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if (0.1..=3600.0).contains(&v) { Ok(v) } else { Err(format!("{v} is not between 0.1 and 3600 seconds")) }
}

fn parse_duration(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if (0.1..=600.0).contains(&v) { Ok(v) } else { Err(format!("{v} is not between 0.1 and 600 seconds")) }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    let v = number(s)?;
    if (0.0..=1.0).contains(&v) { Ok(v) } else { Err(format!("{v} is not between 0 and 1")) }
}

// The command line's options translated into the library's request model: the CLI only
// parses; what the options mean is `maze::Plan`'s.

impl ShapeArgs {
    /// These options on a request that is otherwise `base`.
    pub fn onto(&self, base: maze::MazeRequest) -> maze::MazeRequest {
        maze::MazeRequest {
            shape: self.shape,
            width: self.width,
            height: self.height,
            mask: self.mask.clone(),
            mask_text: self.mask_text.clone(),
            mask_data: self.mask_data.clone(),
            mask_connect: self.mask_connect,
            difficulty: self.difficulty,
            wrap: self.wrap,
            levels: self.levels,
            weave: self.weave,
            ..base
        }
    }

    /// The request these options make, everything else at its default.
    pub fn request(&self) -> maze::MazeRequest {
        self.onto(maze::MazeRequest::default())
    }
}

impl DrawArgs {
    /// The library's drawing options.
    pub fn draw(&self) -> maze::Draw {
        maze::Draw {
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
}

impl LimitArgs {
    /// The library's limits.
    pub fn limits(&self) -> maze::Limits {
        maze::Limits {
            max_cells: self.max_cells,
            max_bytes: self.max_bytes,
            max_pixels: self.max_pixels,
            max_memory: self.max_memory,
        }
    }
}

impl AnimateArgs {
    /// These options on `base`.
    pub fn onto(&self, base: maze::MazeRequest) -> maze::MazeRequest {
        maze::MazeRequest {
            animate: self.animate,
            frames: self.frames,
            delay: self.delay,
            duration: self.duration,
            zones: self.zones,
            ..base
        }
    }
}

impl GenerateArgs {
    /// The request `maze generate` with these options makes (`--output` is the CLI's own).
    pub fn request(&self) -> maze::MazeRequest {
        let base = maze::MazeRequest {
            algorithm: self.algorithm,
            seed: self.seed,
            braid: self.braid,
            unicursal: self.unicursal,
            starts: self.starts,
            ends: self.ends,
            entrance: self.entrance,
            exit: self.exit,
            solve: self.solve,
            count: self.count,
            stream: self.stream,
            threads: self.threads,
            format: self.format,
            bias: self.bias,
            policy: self.policy,
            stats: self.stats,
            wheres: self.wheres.clone(),
            hardness: self.hardness,
            parametric: self.parametric,
            max_tries: self.max_tries,
            ..maze::MazeRequest::default()
        };
        let base = self.animate.onto(self.shape.onto(base));
        base.with_draw(&self.draw.draw()).with_limits(self.limits.limits())
    }
}

/// The request of `maze solve` and `maze render`: a format, drawing options, limits and,
/// for solve, an animation.
pub fn file_request(
    format: Format,
    draw: &DrawArgs,
    animate: Option<&AnimateArgs>,
    limits: &LimitArgs,
) -> maze::MazeRequest {
    let base = maze::MazeRequest { format, ..maze::MazeRequest::default() };
    let base = match animate {
        Some(a) => a.onto(base),
        None => base,
    };
    base.with_draw(&draw.draw()).with_limits(limits.limits())
}
