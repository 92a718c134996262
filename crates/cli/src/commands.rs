//! `maze list`, `generate`, `solve` and `render`: parse, check, dispatch once on the shape,
//! then run the generic library code.

use std::io::Read;
use std::time::Duration;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use maze_core::{
    Algorithm, CellId, Maze, Options, Shape, ShapeKind, ShapeSpec, ShapeVisitor, Solution, Solver, Xoshiro,
    analyze, imperfect, limits,
};
use maze_render::json::{MazeFile, Provenance};
use maze_render::scene::{Overlay, scene};
use maze_render::style::Style;
use maze_render::{Format, json, svg, text};

use crate::UsageError;
use crate::args::{DrawArgs, GenerateArgs, RenderArgs, ShapeArgs, SolveArgs};
use crate::output::with_sink;

/// Mazes above this many cells get a spinner on stderr (when it is a terminal).
const SPINNER_CELLS: u64 = 2_000_000;

/// Whether `algorithm` runs on shapes of this kind.
pub fn supports(kind: ShapeKind, algorithm: Algorithm) -> bool {
    struct Supports(Algorithm);
    impl ShapeVisitor for Supports {
        type Output = bool;
        fn visit<S: Shape>(self, shape: S) -> bool {
            self.0.supports(&shape)
        }
    }
    ShapeSpec { kind, width: 3, height: 3 }.visit(Supports(algorithm))
}

/// `maze list`.
pub fn list(as_json: bool) -> Result<()> {
    let shapes_of = |a: Algorithm| -> Vec<&'static str> {
        ShapeKind::ALL.iter().copied().filter(|&k| supports(k, a)).map(ShapeKind::name).collect()
    };
    let mut out = String::new();
    if as_json {
        let value = serde_json::json!({
            "shapes": ShapeKind::ALL.iter().map(|k| serde_json::json!({"name": k.name(), "about": k.about()})).collect::<Vec<_>>(),
            "generators": Algorithm::ALL.iter().map(|&a| serde_json::json!({
                "name": a.name(), "about": a.about(), "shapes": shapes_of(a)
            })).collect::<Vec<_>>(),
            "solvers": Solver::ALL.iter().map(|s| serde_json::json!({
                "name": s.name(), "about": s.about(), "shortest": s.shortest()
            })).collect::<Vec<_>>(),
            "formats": Format::ALL.iter().map(|f| serde_json::json!({"name": f.name(), "about": f.about()})).collect::<Vec<_>>(),
        });
        out.push_str(&serde_json::to_string_pretty(&value)?);
        out.push('\n');
    } else {
        out.push_str("SHAPES\n");
        for k in ShapeKind::ALL {
            out.push_str(&format!("  {:<22} {}\n", k.name(), k.about()));
        }
        out.push_str("\nGENERATORS (shapes supported)\n");
        for &a in Algorithm::ALL {
            out.push_str(&format!("  {:<22} [{}] {}\n", a.name(), shapes_of(a).join(", "), a.about()));
        }
        out.push_str("\nSOLVERS\n");
        for s in Solver::ALL {
            let tag = if s.shortest() { " (shortest path)" } else { "" };
            out.push_str(&format!("  {:<22} {}{tag}\n", s.name(), s.about()));
        }
        out.push_str("\nFORMATS\n");
        for f in Format::ALL {
            out.push_str(&format!("  {:<22} {}\n", f.name(), f.about()));
        }
    }
    with_sink(None, |sink| Ok(sink.write_all(out.as_bytes())?))
}

/// Width and height from `--width`, `--height` and `--difficulty`.
pub fn dimensions(a: &ShapeArgs) -> (u32, u32) {
    let side = a.difficulty.map(|d| 1u32 << d);
    let width = a.width.or(side).unwrap_or(20);
    let height = a.height.or(side).or(a.width).unwrap_or(10);
    (width, height)
}

/// A seed from the clock, for runs without `--seed` (printed so the maze can be made again).
fn fresh_seed() -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut state = (nanos as u64) ^ u64::from(std::process::id()).rotate_left(32);
    maze_core::random::splitmix64(&mut state) % 1_000_000_000
}

/// Everything `generate` needs for one maze, once the shape is known.
struct GenerateJob<'a> {
    args: &'a GenerateArgs,
    seed: u64,
    compact: bool,
}

impl ShapeVisitor for GenerateJob<'_> {
    type Output = Result<String>;

    fn visit<S: Shape>(self, shape: S) -> Result<String> {
        let a = self.args;
        let mut maze = Maze::new(shape);
        // One stream, in a fixed order: generation, braiding, MultiMaze dots.
        let mut rng = Xoshiro::seed_from_u64(self.seed);
        let options = Options { corner: a.bias, policy: a.policy };
        a.algorithm.generate(&mut maze, &options, &mut rng, &mut ())?;
        if let Some(p) = a.braid {
            imperfect::braid(&mut maze, p, &mut rng, &mut ())?;
        }
        if let (Some(s), Some(e)) = (a.starts, a.ends) {
            imperfect::place_starts_and_ends(&mut maze, s, e, &mut rng)?;
        }
        maze.open_entrance_and_exit();
        let solution = match a.solve {
            Some(solver) => Some(solver.solve(&maze, maze.entrance(), maze.exit(), &mut ())?),
            None => None,
        };
        let provenance =
            Provenance { algorithm: Some(a.algorithm.name().into()), seed: Some(self.seed), braid: a.braid };
        let solution = solution.as_ref().zip(a.solve.map(Solver::name));
        Ok(present(&maze, a.format, &provenance, solution, self.compact, &a.draw))
    }
}

/// Formats a maze for output, in any format.
fn present<S: Shape>(
    maze: &Maze<S>,
    format: Format,
    provenance: &Provenance,
    solution: Option<(&Solution, &str)>,
    compact: bool,
    draw: &DrawArgs,
) -> String {
    match format {
        Format::Json => json::to_json(maze, provenance, solution.map(|(s, v)| (v, s)), compact),
        Format::Unicode => text::render(maze, solution.map(|(s, _)| s), text::Style::Unicode),
        Format::Svg => {
            let overlay =
                Overlay { solution: solution.map(|(s, _)| s), visited: !draw.no_visited, heat: draw.heat };
            svg::svg(&scene(maze, &overlay), &draw_style(draw))
        }
        _ => text::render(maze, solution.map(|(s, _)| s), text::Style::Ascii),
    }
}

/// The drawing style from the command line, with defaults.
fn draw_style(d: &DrawArgs) -> Style {
    let base = Style::default();
    let cell = d.cell_size.unwrap_or(base.cell_size);
    Style {
        cell_size: cell,
        wall_width: d.wall_width.unwrap_or(cell / 8.0),
        margin: cell / 2.0,
        walls: d.wall_colour.clone().unwrap_or(base.walls),
        background: d.background.clone().unwrap_or(base.background),
        path: d.path_colour.clone().unwrap_or(base.path),
        title: d.title.clone(),
        ..base
    }
}

/// `maze generate`.
pub fn generate(args: GenerateArgs) -> Result<()> {
    let (width, height) = dimensions(&args.shape);
    let spec = ShapeSpec::new(args.shape.shape, width, height, args.max_cells)?;
    if !supports(spec.kind, args.algorithm) {
        anyhow::bail!(UsageError(format!(
            "the {} algorithm needs cells in rows with four sides and does not support the {} shape (see `maze list`)",
            args.algorithm, spec.kind
        )));
    }
    if let (Some(s), Some(e)) = (args.starts, args.ends)
        && u64::from(s) + u64::from(e) > spec.cells()
    {
        anyhow::bail!(UsageError(format!(
            "--starts {s} --ends {e} need {} distinct cells, but a {width}x{height} maze has {}",
            u64::from(s) + u64::from(e),
            spec.cells()
        )));
    }
    let seed = args.seed.unwrap_or_else(|| {
        let s = fresh_seed();
        eprintln!("seed: {s}");
        s
    });
    let progress = progress_for(&args, &spec);
    with_sink(args.output.as_deref(), |sink| {
        for i in 0..args.count {
            let job =
                GenerateJob { args: &args, seed: seed.wrapping_add(u64::from(i)), compact: args.count > 1 };
            let text = spec.visit(job)?;
            if i > 0 && args.format != Format::Json {
                sink.write_all(b"\n")?;
            }
            sink.write_all(text.as_bytes())?;
            progress.inc(1);
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    Ok(())
}

/// A progress bar for batches, a spinner for one big maze; hidden when stderr is not a terminal.
fn progress_for(args: &GenerateArgs, spec: &ShapeSpec) -> ProgressBar {
    let work = u64::from(args.count) * spec.cells();
    if work < SPINNER_CELLS {
        return ProgressBar::hidden();
    }
    let bar = if args.count > 1 {
        let bar = ProgressBar::new(u64::from(args.count));
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} {pos}/{len} [{bar:30}] {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    } else {
        ProgressBar::new_spinner()
    };
    bar.set_message(format!("{}x{} {} ({})", spec.width, spec.height, spec.kind, args.algorithm));
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// Reads a maze file from a path or `-` (stdin).
fn read_maze_file(path: &str) -> Result<MazeFile> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin().read_to_string(&mut text).context("cannot read standard input")?;
    } else {
        text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    }
    MazeFile::parse(&text).with_context(|| path.to_string())
}

/// Solves or re-renders a loaded maze.
struct FileJob<'a> {
    file: &'a MazeFile,
    solve: Option<(Solver, Option<u32>, Option<u32>)>,
    keep_solution: bool,
    format: Format,
    draw: &'a DrawArgs,
}

impl ShapeVisitor for FileJob<'_> {
    type Output = Result<String>;

    fn visit<S: Shape>(self, shape: S) -> Result<String> {
        let (maze, saved) = self.file.to_maze(shape)?;
        let provenance = Provenance {
            algorithm: self.file.algorithm.clone(),
            seed: self.file.seed,
            braid: self.file.braid,
        };
        let fresh;
        let solution: Option<(&Solution, &str)> = match self.solve {
            Some((solver, from, to)) => {
                let from = from.map_or(maze.entrance(), CellId);
                let to = to.map_or(maze.exit(), CellId);
                fresh = solver.solve(&maze, from, to, &mut ())?;
                Some((&fresh, solver.name()))
            }
            None if self.keep_solution => saved.as_ref().map(|(name, s)| (s, name.as_str())),
            None => None,
        };
        Ok(present(&maze, self.format, &provenance, solution, false, self.draw))
    }
}

/// `maze solve`.
pub fn solve(args: SolveArgs) -> Result<()> {
    let file = read_maze_file(&args.file)?;
    let spec = file.spec(limits::MAX_CELLS).with_context(|| args.file.clone())?;
    let job = FileJob {
        file: &file,
        solve: Some((args.algorithm, args.from, args.to)),
        keep_solution: false,
        format: args.format,
        draw: &args.draw,
    };
    let out = spec.visit(job)?;
    with_sink(args.output.as_deref(), |sink| Ok(sink.write_all(out.as_bytes())?))
}

/// `maze render`.
pub fn render(args: RenderArgs) -> Result<()> {
    let file = read_maze_file(&args.file)?;
    let spec = file.spec(limits::MAX_CELLS).with_context(|| args.file.clone())?;
    let job = FileJob {
        file: &file,
        solve: None,
        keep_solution: !args.no_solution,
        format: args.format,
        draw: &args.draw,
    };
    let out = spec.visit(job)?;
    with_sink(args.output.as_deref(), |sink| Ok(sink.write_all(out.as_bytes())?))
}

/// Dead-end share, used by `bench` to report texture alongside speed.
pub fn dead_end_percent<S: Shape>(maze: &Maze<S>) -> f64 {
    analyze::stats(maze).dead_end_percent
}
