//! Command-line arguments (clap derive). The options of a maze job are declared once, on
//! the library's `maze::MazeRequest` and its parts (its `clap` feature), and flattened
//! here; what clap cannot check (shape limits, algorithm support) is `maze::Plan`'s,
//! before any allocation. Only the command line's own options are declared here.

use clap::{Args, Parser, Subcommand};
use maze::cli::parse_with;

pub use crate::output::OutputArgs;
use maze_core::{Algorithm, ShapeKind, Solver};
use maze_render::Format;

/// The `maze` command: its subcommands, and the help text around them (the one-line
/// description comes from Cargo.toml).
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
    Generate(Box<GenerateArgs>),
    /// Solve a maze saved as JSON (`maze generate --format json`).
    #[command(after_help = "Examples:
  maze generate --format json -o maze.json && maze solve maze.json
  maze generate --format json | maze solve - --algorithm dead-end-filler --format unicode
  maze solve maze.json --from 0 --to 57 --format json")]
    #[command(allow_negative_numbers = true)]
    Solve(SolveArgs),
    /// Check a route given as moves on a saved maze: valid, reaching the goal, shortest.
    #[command(after_help = "Examples:
  maze generate --width 4 --height 4 --format json -o maze.json && maze verify maze.json --moves RRDDDR
  maze generate --braid 1 --format json | maze verify - --moves \"R,R,D,D\" --start 0 --goal 5

Moves: U D L R on square cells (U toward row 0; + and - take the stairs of levels), the
shape's door names on the others (maze list shows them). Prints one JSON object (valid,
reaches_goal, optimal, excess_steps, first_error, reason, moves, reachable,
shortest_length). Exit status: 0 for a valid route that reaches the goal (or no moves when
the goal cannot be reached), 1 otherwise, 2 for bad input.")]
    Verify(VerifyArgs),
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
    /// Open a window with a maze to walk: `maze play --window`.
    #[command(after_help = "Examples:
  maze show                                      a maze of difficulty 3 in a window
  maze show --shape hex --difficulty 4 --seed 7

Keys: arrows/WASD/hjkl move (y u b n diagonals), a click steps into a neighbouring cell,
i a step along the route, m auto-move, r restart, Esc closes the window.")]
    Show(PlayArgs),
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

/// `maze generate`: the library's request, every flag of which is declared on
/// [`maze::MazeRequest`], and where to write.
#[derive(Debug, Args, Clone)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub request: maze::MazeRequest,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// `maze play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub shape: maze::ShapeOptions,
    /// Generator [default: recursive-backtracker; with --lines, document 001's
    /// quad-division].
    #[arg(long, short = 'a', value_parser = parse_with::<Algorithm>)]
    pub algorithm: Option<Algorithm>,
    /// Solver of the route shown (`p`, hints, watching; with --lines, "See the solution?")
    /// [default: bfs; with --lines, document 001's two-stack backtracker].
    #[arg(long, value_parser = parse_with::<Solver>)]
    pub solve: Option<Solver>,
    /// Seed [default: 1, or typed in the menu].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Skip the menu and start playing at once.
    #[arg(long)]
    pub no_menu: bool,
    /// Play line by line, as document 001 does: "New maze? (y/n)", "Difficulty (1-7)?",
    /// the maze as text, "See the solution? (y/n)", and again. Answers are read a line at a
    /// time (`printf 'y\n3\ny\nn\n' | maze play`); the end of the input ends the game. This
    /// is also how `maze play` runs when standard input or output is not a terminal. The
    /// solution is a red line on a colour terminal (not with NO_COLOR), `*` otherwise.
    #[arg(long, conflicts_with = "no_menu")]
    pub lines: bool,
    /// Play in a window (document 000's `show_maze`): the maze as the PNG output draws it,
    /// walked with the keys (arrows, WASD, hjkl; y u b n diagonals; `,` `.` stairs) or a
    /// click on a neighbouring cell; Escape or closing the window ends it. Needs a display
    /// (X11 on Linux) and a build with the `window` feature (the default).
    #[arg(long, conflicts_with_all = ["lines", "fog"])]
    pub window: bool,
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
    /// Let the maze shift as you play: after each move the walls change by K steps of
    /// Origin Shift (each opens one wall and closes another, so the goal stays in reach)
    /// [default when given without a value: 1]. Full-screen game only; not on woven mazes.
    #[arg(long, num_args = 0..=1, default_missing_value = "1", value_name = "K",
          value_parser = clap::value_parser!(u32).range(1..=1000), conflicts_with_all = ["lines", "window"])]
    pub shifting: Option<u32>,
    /// Where the player starts: as `maze generate --entrance`.
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub entrance: Option<maze::ends::EndSpec>,
    /// Where the player must go: as `maze generate --exit`.
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub exit: Option<maze::ends::EndSpec>,
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
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub from: Option<maze::ends::EndSpec>,
    /// Goal, as --from; the exit moves there [default: the exit].
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub to: Option<maze::ends::EndSpec>,
    /// Output format: text, unicode, json, svg, png, pdf, tex, scad, stl or gif (an animation).
    #[arg(long, short = 'f', default_value = "text", value_parser = parse_with::<Format>)]
    pub format: Format,
    #[command(flatten)]
    pub out: OutputArgs,
    #[command(flatten)]
    pub draw: maze::Draw,
    #[command(flatten)]
    pub animate: maze::AnimationOptions,
    #[command(flatten)]
    pub limits: maze::Limits,
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
    #[command(flatten)]
    pub out: OutputArgs,
    #[command(flatten)]
    pub draw: maze::Draw,
    #[command(flatten)]
    pub limits: maze::Limits,
}

/// `maze verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The maze file (JSON of one maze), or - for standard input.
    pub file: String,
    /// The route: U D L R on square cells (RRDD, "R R D D", R,R,D,D), the shape's door
    /// names separated by commas or spaces on the others.
    #[arg(long, allow_hyphen_values = true)]
    pub moves: String,
    /// Start, as `maze solve --from` [default: the entrance].
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub start: Option<maze::ends::EndSpec>,
    /// Goal, as `maze solve --to` [default: the exit].
    #[arg(long, value_parser = parse_with::<maze::ends::EndSpec>)]
    pub goal: Option<maze::ends::EndSpec>,
    #[command(flatten)]
    pub out: OutputArgs,
    #[command(flatten)]
    pub limits: maze::Limits,
}

/// `maze stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The maze file (JSON, or JSON Lines for several), or - for standard input.
    pub file: String,
    /// Print JSON (one object per maze) instead of a table.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub out: OutputArgs,
    #[command(flatten)]
    pub limits: maze::Limits,
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

fn parse_timeout(s: &str) -> Result<f64, String> {
    // The value as typed, cut short: a number's own digits can run to hundreds (1e300).
    let typed = s.trim();
    let shown = maze::echo_number(typed);
    match typed.parse::<f64>() {
        Ok(v) if (0.1..=3600.0).contains(&v) => Ok(v),
        Ok(v) if v > 3600.0 => Err(format!("{shown} seconds is too long (at most 3600)")),
        Ok(v) if v < 0.1 => Err(format!("{shown} seconds is too short (at least 0.1)")),
        _ => Err(format!("'{shown}' is not a number of seconds")),
    }
}

/// The command line's own requests: `maze solve` and `maze render` take a format, drawing
/// options, limits and, for solve, an animation, on the library's request.
pub fn file_request(
    format: Format,
    draw: &maze::Draw,
    animate: Option<&maze::AnimationOptions>,
    limits: &maze::Limits,
) -> maze::MazeRequest {
    let base = maze::MazeRequest { format, ..maze::MazeRequest::default() };
    let base = match animate {
        Some(a) => base.with_animation_options(a),
        None => base,
    };
    base.with_draw(draw).with_limits(limits)
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::*;

    fn parse(argv: &[&str]) -> Command {
        Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{argv:?}: {e}")).command
    }

    #[test]
    fn the_command_lines_defaults_are_the_requests() {
        let Command::Generate(g) = parse(&["maze", "generate"]) else { panic!("generate") };
        assert_eq!(g.request, maze::MazeRequest::default());
        let Command::Solve(s) = parse(&["maze", "solve", "m.json"]) else { panic!("solve") };
        assert_eq!(
            (s.draw, s.animate, s.limits),
            (maze::Draw::default(), maze::AnimationOptions::default(), maze::Limits::default())
        );
        let Command::Play(p) = parse(&["maze", "play"]) else { panic!("play") };
        assert_eq!(p.shape, maze::ShapeOptions::default());
    }

    #[test]
    fn every_field_of_the_request_is_a_flag_of_generate_by_its_name() {
        let cli = Cli::command();
        let generate = cli.find_subcommand("generate").expect("generate");
        let longs: Vec<&str> = generate.get_arguments().filter_map(|a| a.get_long()).collect();
        // The request's flags in its order, each named as its field, then the command
        // line's own.
        assert_eq!(longs[..maze::FIELDS.len()], *maze::FIELDS);
        assert_eq!(longs[maze::FIELDS.len()..], ["output", "follow-symlinks"]);
    }

    #[test]
    fn flags_land_in_the_request_as_serde_reads_them() {
        let argv = [
            "maze",
            "generate",
            "-s",
            "hex",
            "-W",
            "9",
            "--rings",
            "4",
            "--solve",
            "--where",
            "solution>=3",
            "--cell-size",
            "6mm",
            "--wall-colour",
            "red",
            "--max-bytes",
            "2M",
            "--frames",
            "9",
            "--zones",
        ];
        let Command::Generate(g) = parse(&argv) else { panic!("generate") };
        let json = serde_json::json!({
            "shape": "hex", "width": 9, "rings": 4, "solve": "bfs", "where": ["solution>=3"],
            "cell-size": "6mm", "wall-colour": "#ff0000", "max-bytes": 2 << 20, "frames": 9, "zones": true,
        });
        let read: maze::MazeRequest = serde_json::from_value(json).expect("reads");
        assert_eq!(g.request, read);
    }
}
