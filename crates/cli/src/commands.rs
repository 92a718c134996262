//! `maze list`, `generate`, `solve` and `render`: the command line's options translated
//! into the library's request ([`maze::MazeRequest`]), planned and run by it; what is the
//! command line's own stays here (progress on stderr, seeds and notes printed, reading
//! files, the output file).

use anyhow::Result;
use indicatif::ProgressBar;
use maze::{FileRequest, FileSolve, Kept, Plan};
use maze_core::{Algorithm, ShapeKind, ShapeSpec, Solver};
use maze_render::Format;

use crate::args::{GenerateArgs, RenderArgs, SolveArgs, file_request};
use crate::fault::UsageError;
use crate::input::read_maze_file;
use crate::output::{progress_bar, ticking, with_sink};

/// Mazes above this many cells get a spinner on stderr (when it is a terminal).
const SPINNER_CELLS: u64 = 2_000_000;

/// `maze list`.
pub fn list(as_json: bool) -> Result<()> {
    let mut out = String::new();
    if as_json {
        out.push_str(&serde_json::to_string_pretty(&maze::capabilities())?);
        out.push('\n');
    } else {
        out.push_str("SHAPES\n");
        for k in ShapeKind::ALL {
            out.push_str(&format!("  {:<22} {}\n", k.name(), k.about()));
        }
        out.push_str("\nMOVES (a route's steps: solutions' moves, maze verify --moves)\n");
        for &k in ShapeKind::ALL {
            let spec = maze_core::ShapeSpec::plain(k, 3, 3);
            let mut names = spec.move_names().names().join(" ");
            if maze::capabilities::Topologies::of(k).levels {
                let stacked = maze_core::ShapeSpec { levels: 2, ..spec }.move_names();
                names.push_str(&format!(
                    " (stairs with --levels: {})",
                    stacked.names()[stacked.names().len() - 2..].join(" ")
                ));
            }
            out.push_str(&format!("  {:<22} {names}\n", k.name()));
        }
        out.push_str("\nTOPOLOGIES (square, hex and sigma; the row generators refuse them)\n");
        out.push_str(&format!(
            "  {:<22} {}\n",
            "--wrap x|y|xy",
            "join the east and west edges (x), the top and bottom (y), or both: a cylinder or a torus"
        ));
        out.push_str(&format!(
            "  {:<22} {}\n",
            "--levels L", "L levels (1-64) joined by stairs, from the bottom level to the top one"
        ));
        out.push_str(&format!(
            "  {:<22} {}\n",
            "--weave P",
            "square cells only: passages cross under others on the share P (0-1) of inner cells offered"
        ));
        out.push_str("\nGENERATORS (shapes supported)\n");
        for &a in Algorithm::ALL {
            out.push_str(&format!(
                "  {:<22} [{}] {}\n",
                a.name(),
                maze::capabilities::shapes_of(a).join(", "),
                a.about()
            ));
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

/// Reports what `generate` kept: with filters, how many mazes were tried and the seeds used
/// (on stderr); with `--stats`, each maze's figures (on stdout when the mazes went to a
/// file, else on stderr so that stdout stays the maze).
fn report(args: &GenerateArgs, kept: &Kept, progress: &ProgressBar) {
    let filtered = !args.request.wheres.is_empty() || args.request.hardness.is_some();
    let mut err = String::new();
    let mut out = String::new();
    if let Some(format) = args.request.stats {
        let several = kept.mazes.len() > 1;
        for (i, (seed, stats)) in kept.mazes.iter().enumerate() {
            let Some(stats) = stats else { continue };
            if several && format == maze::filter::StatsFormat::Text && i > 0 {
                out.push('\n');
            }
            let text = maze::filter::format_stats(stats, Some(*seed), format);
            if format == maze::filter::StatsFormat::Json {
                out.push_str(&(text.replace('\n', "") + "\n"));
            } else {
                out.push_str(&text);
            }
        }
    }
    if filtered {
        let seeds: Vec<String> = kept.mazes.iter().take(20).map(|(s, _)| s.to_string()).collect();
        let more = if kept.mazes.len() > 20 {
            format!(", ... ({} in all)", kept.mazes.len())
        } else {
            String::new()
        };
        err.push_str(&format!(
            "kept {} of {} mazes tried; seeds: {}{more}\n",
            kept.mazes.len(),
            kept.tried,
            seeds.join(", ")
        ));
    }
    progress.suspend(|| {
        use std::io::Write;
        if args.out.output.is_some() {
            let _ = std::io::stdout().write_all(out.as_bytes());
        } else {
            let _ = std::io::stderr().write_all(out.as_bytes());
        }
        let _ = std::io::stderr().write_all(err.as_bytes());
    });
}

/// `maze generate`.
pub fn generate(args: GenerateArgs) -> Result<()> {
    if args.request.stream {
        return crate::stream::run(&args);
    }
    let plan = Plan::new(&args.request)?;
    for note in plan.notes() {
        eprintln!("{note}");
    }
    if let Some(n) = args.request.threads {
        // Only fails if the pool was already made, which `maze generate` never does.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(n as usize).build_global();
    }
    check_binary_target(args.request.format, args.out.output.as_deref())?;
    let progress = progress_for(&args, plan.spec());
    let mut kept = None;
    // The output is opened (and checked) before the seed is announced, so an error about
    // it is the only line on stderr.
    args.out.with_sink(|sink| {
        let seed = args.request.seed.unwrap_or_else(|| {
            let s = maze::fresh_seed();
            progress.suspend(|| eprintln!("seed: {s}"));
            s
        });
        let written = plan.write(seed, sink, &|| progress.inc(1))?;
        if !args.request.parametric {
            kept = Some(written);
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    tileset_beside(args.request.format, args.out.output.as_deref())?;
    if let Some(kept) = &kept {
        for note in &kept.notes {
            eprintln!("{note}");
        }
        report(&args, kept, &progress);
    }
    Ok(())
}

/// After a Tiled map written to a file: the tileset it names, beside it, where missing.
fn tileset_beside(format: Format, output: Option<&std::path::Path>) -> Result<()> {
    if let (Format::Tmj, Some(map)) = (format, output) {
        for path in maze::output::write_tileset_beside(map)? {
            eprintln!("wrote {} (the map's tileset)", path.display());
        }
    }
    Ok(())
}

/// A progress bar for batches, a spinner for one big maze; hidden when stderr is not a terminal.
fn progress_for(args: &GenerateArgs, spec: &ShapeSpec) -> ProgressBar {
    let work = u64::from(args.request.count) * spec.cells();
    if work < SPINNER_CELLS {
        return ProgressBar::hidden();
    }
    let bar = if args.request.count > 1 {
        progress_bar(u64::from(args.request.count), "{spinner} {msg} {pos}/{len} [{bar:30}] {eta}")
    } else {
        ProgressBar::new_spinner()
    };
    ticking(bar, format!("{}x{} {} ({})", spec.width, spec.height, spec.kind, args.request.algorithm))
}

/// Refuses to pour binary data onto a terminal.
fn check_binary_target(format: Format, output: Option<&std::path::Path>) -> Result<()> {
    use std::io::IsTerminal;
    if format.is_binary() && output.is_none() && std::io::stdout().is_terminal() {
        anyhow::bail!(UsageError(format!(
            "{} is a binary format: use -o FILE.{} or redirect the output",
            format.name(),
            format.extension()
        )));
    }
    Ok(())
}

/// Writes a saved maze solved or drawn again, with a spinner (on a terminal) while a big
/// one is solved and drawn.
fn write_file_job(job: FileRequest<'_>, name: &str, output: &crate::output::OutputArgs) -> Result<()> {
    let format = job.request.format;
    check_binary_target(format, output.output.as_deref())?;
    let spinner = if job.file.cells >= SPINNER_CELLS {
        let what = if job.solve.is_some() { "solving and drawing" } else { "drawing" };
        ticking(ProgressBar::new_spinner(), format!("{what} {} cells ({})", job.file.cells, format.name()))
    } else {
        ProgressBar::hidden()
    };
    let name = crate::input::shown(name);
    let drawn = maze::redraw(FileRequest { name: Some(&name), ..job })?;
    let mut notes = Vec::new();
    output.with_sink(|sink| {
        notes = drawn.write(sink)?;
        Ok(())
    })?;
    spinner.finish_and_clear();
    tileset_beside(format, output.output.as_deref())?;
    for note in notes {
        eprintln!("{note}");
    }
    Ok(())
}

/// `maze solve`.
pub fn solve(args: SolveArgs) -> Result<()> {
    let request = file_request(args.format, &args.draw, Some(&args.animate), &args.limits);
    maze::check_file_request(&request, true)?;
    let file = read_maze_file(&args.file, &args.limits)?;
    let solve = Some(FileSolve { solver: args.algorithm, from: args.from, to: args.to });
    let job = FileRequest { file: &file, name: None, solve, keep_solution: false, request: &request };
    write_file_job(job, &args.file, &args.out)
}

/// `maze render`.
pub fn render(args: RenderArgs) -> Result<()> {
    let request = file_request(args.format, &args.draw, None, &args.limits);
    let file = read_maze_file(&args.file, &args.limits)?;
    let job = FileRequest {
        file: &file,
        name: None,
        solve: None,
        keep_solution: !args.no_solution,
        request: &request,
    };
    write_file_job(job, &args.file, &args.out)
}
