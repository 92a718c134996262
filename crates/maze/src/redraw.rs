//! Saved mazes: solving, re-drawing or converting a maze file, under the same rules and
//! limits as a new maze.

use std::io::Write;

use crate::stage::Stage;
use maze_core::observe::Quiet;
use maze_core::{Algorithm, Shape, ShapeSpec, ShapeVisitor, Solution, Solver, Trace, Xoshiro};
use maze_render::Format;
use maze_render::animate::{Animation, Recording};
use maze_render::json::{MazeFile, Provenance};

use crate::animation::{TRACE_LIMIT, animate, animation_options, check_animation_size};
use crate::budget;
use crate::ends::EndSpec;
use crate::error::{Error, Result};
use crate::present::Collector;
use crate::present::Notes;
use crate::present::{Rendered, Request, present};
use crate::request::{Draw, MazeRequest};
use crate::rules::supports;

/// The `maze generate` job that makes a maze like a saved one (same shape, generator if
/// known, dots, format and drawing options), for estimating what drawing it takes.
fn like_file(file: &MazeFile, spec: &ShapeSpec, format: Format, draw: &Draw, solution: bool) -> MazeRequest {
    let mut a = MazeRequest { shape: spec.kind, ..MazeRequest::default() };
    if let Some(algorithm) = file.algorithm.as_deref().and_then(|n| n.parse::<Algorithm>().ok())
        && supports(spec.kind, algorithm)
    {
        a.algorithm = algorithm;
    }
    a.braid = file.braid.filter(|b| (0.0..=1.0).contains(b));
    if file.starts.len() > 1 || file.ends.len() > 1 {
        a.starts = Some(file.starts.len().max(1) as u32);
        a.ends = Some(file.ends.len().max(1) as u32);
    }
    a.solve = solution.then_some(Solver::Bfs);
    a.format = format;
    a.with_draw(draw)
}

/// Solves or re-renders a loaded maze.
struct FileJob<'a> {
    file: &'a MazeFile,
    solve: Option<(Solver, Option<EndSpec>, Option<EndSpec>)>,
    keep_solution: bool,
    format: Format,
    draw: &'a Draw,
    /// Record the solver's steps and write them as an animation.
    animation: Option<&'a Animation>,
    /// The most memory a drawing may hold (`--max-memory`).
    max_memory: u64,
    /// Where notes for the user go.
    notes: &'a Notes,
}

impl ShapeVisitor for FileJob<'_> {
    type Output = Result<Rendered>;

    fn visit<S: Shape>(self, shape: S) -> Result<Rendered> {
        crate::stage::enter(Stage::Making);
        let (mut maze, saved) = self.file.to_maze(shape)?;
        let provenance = Provenance {
            algorithm: self.file.algorithm.clone(),
            seed: self.file.seed,
            braid: self.file.braid,
            unicursal: self.file.unicursal,
            unreachable: self.file.reachable == Some(false),
        };
        let multi = maze.is_multi();
        let fresh;
        let solution: Option<(&Solution, &str)> = match self.solve {
            Some((solver, from, to)) => {
                // The dots and openings move with --from/--to, so the picture shows the route.
                if from.is_some() || to.is_some() {
                    let mut rng = Xoshiro::seed_from_u64(self.file.seed.unwrap_or(0));
                    crate::ends::place_ends(&mut maze, from, to, &mut rng)?;
                }
                let (from, to) = (maze.entrance(), maze.exit());
                crate::stage::enter(Stage::Solving);
                if let Some(animation) = self.animation {
                    check_animation_size(maze.shape(), self.format, self.draw, animation, multi)?;
                    let mut trace = Trace::with_limit(TRACE_LIMIT);
                    let solution = solver.solve(&maze, from, to, &mut trace)?;
                    let rec = Recording {
                        start: &maze,
                        events: &trace.events,
                        end: &maze,
                        solution: Some(&solution),
                    };
                    return animate(&rec, &trace, self.format, self.draw, animation, multi, self.notes);
                }
                fresh = if self.draw.no_visited {
                    solver.solve_route(&maze, from, to)?
                } else {
                    solver.solve(&maze, from, to, &mut Quiet::default())?
                };
                Some((&fresh, solver.name()))
            }
            None if self.keep_solution => saved.as_ref().map(|(name, s)| (s, name.as_str())),
            None => None,
        };
        let request =
            Request { format: self.format, compact: false, draw: self.draw, max_memory: self.max_memory };
        crate::stage::enter(Stage::Drawing);
        present(&maze, &provenance, solution, &request)
    }
}

/// A maze file's shape, checked against `limits` ([`MazeFile::spec`]: its cells; a mask's
/// memory, by the size of the box it spans), with its faults
/// worded in the file's terms ([`crate::error::file_worded`]: `"levels": 65`, not the
/// command line's `--levels 65`). Every reader of a maze file takes its shape here: `maze
/// solve`, `render` and `stats`, the API's posted file, the Python module's `read`.
///
/// # Errors
/// The file's shape is not one the library makes, is over `limits.max_cells`, or its mask
/// would take more than `limits.max_memory` to lay out.
pub fn file_spec(file: &MazeFile, limits: &crate::request::Limits) -> Result<ShapeSpec> {
    use crate::error::file_worded;
    // A mask is laid over its whole box (a piece number, then a masked id, for every cell
    // of it): refused by the box's size before any of that is made.
    if file.shape.mask.is_some()
        && let Ok(kind) = file.shape.kind.parse::<maze_core::ShapeKind>()
        && let Ok(plain) = ShapeSpec::new(kind, file.shape.width, file.shape.height, limits.max_cells)
    {
        budget::check_mask_memory(&plain, limits.max_memory)?;
    }
    file.spec(limits.max_cells).map_err(|e| {
        Error::Core(match e {
            maze_core::Error::Parse(m) => maze_core::Error::Parse(file_worded(&m)),
            maze_core::Error::Parameter(m) => maze_core::Error::Parameter(file_worded(&m)),
            other => other,
        })
    })
}

/// How to solve a saved maze ([`FileRequest::solve`]).
#[derive(Clone, Copy, Debug)]
pub struct FileSolve {
    /// The solver.
    pub solver: Solver,
    /// Where the route starts, if not at the file's entrance (which then moves there).
    pub from: Option<EndSpec>,
    /// Where it ends, if not at the file's exit (which then moves there).
    pub to: Option<EndSpec>,
}

/// A saved maze solved or drawn again (what `maze solve` and `maze render` do).
#[derive(Clone, Copy, Debug)]
pub struct FileRequest<'a> {
    /// The maze file, read.
    pub file: &'a MazeFile,
    /// The file's name, which prefixes errors about its contents.
    pub name: Option<&'a str>,
    /// Solve it (else draw it as saved).
    pub solve: Option<FileSolve>,
    /// Without solving: draw the file's saved solution too.
    pub keep_solution: bool,
    /// The format, drawing options, animation (when solving) and limits; the fields about
    /// making a maze are not read.
    pub request: &'a MazeRequest,
}

/// A saved maze drawn, not yet written ([`redraw`]).
pub struct Redrawn {
    rendered: Rendered,
    format: Format,
    draw: Draw,
    multi: bool,
    notes: Notes,
}

impl Redrawn {
    /// Writes it (a PDF is assembled here) and returns the notes for the user.
    ///
    /// # Errors
    /// Writing failed, or the job was cancelled.
    pub fn write(self, sink: &mut dyn Write) -> Result<Vec<String>> {
        let mut collector = Collector::new(self.format, &self.draw, self.multi, 1);
        collector.add(sink, self.rendered, true)?;
        collector.finish(sink, &self.notes)?;
        Ok(self.notes.take())
    }
}

/// Checks the options of a request to solve (`solving`) or draw a saved maze that can be
/// checked before the file is read, and returns the animation asked for, if any (only a
/// solve is animated).
///
/// # Errors
/// Options that do not apply (`--zones` on a solve, an animation in a still format,
/// `--wall-height 0` with a format other than scad, the drawing options of another format
/// such as `--fit` outside pdf, an animation's timing on a still picture) or a model size
/// out of range.
pub fn check_file_request(r: &MazeRequest, solving: bool) -> Result<Option<Animation>> {
    budget::check_limits(&r.limits())?;
    crate::rules::check_model(r)?;
    crate::rules::check_drawing(r)?;
    if !solving {
        return Ok(None);
    }
    if r.zones {
        return Err(Error::Request(
            "--zones colours the zones of a maze being generated (maze generate); a solve animation shows the explored cells".into(),
        ));
    }
    animation_options(r.format, r, &r.draw())
}

/// Solves or draws a saved maze: checks the file's declared size and the output's
/// (animations have their own checks) against the request's limits before the maze is
/// built, then builds and draws it. Errors about the file's contents name the file.
///
/// # Errors
/// A limit passed, options that do not apply, a fault in the file, or a cancelled job.
pub fn redraw(job: FileRequest<'_>) -> Result<Redrawn> {
    let (file, name, r) = (job.file, job.name, job.request);
    let limits = r.limits();
    let draw = r.draw();
    let animation = check_file_request(r, job.solve.is_some())?;
    let spec = file_spec(file, &limits).map_err(|e| match name {
        Some(name) => e.context(name),
        None => e,
    })?;
    let solution = job.solve.is_some() || (job.keep_solution && file.solution.is_some());
    let how = if job.keep_solution {
        "the file has no saved solution: use maze solve"
    } else {
        "leave out --no-solution"
    };
    crate::rules::check_solution_shown(r, solution, how)?;
    if animation.is_none() {
        budget::check(&like_file(file, &spec, r.format, &draw, solution), &spec, &limits)?;
    }
    // After the output's size, as a generated maze's plan does.
    budget::check_solve_memory(job.solve.map(|s| s.solver), draw.no_visited, &spec, limits.max_memory)?;
    let multi = file.starts.len() > 1 || file.ends.len() > 1;
    if r.numbered && !multi {
        return Err(Error::Request(crate::rules::numbered_alone()));
    }
    let notes = Notes::default();
    let visit = FileJob {
        file,
        solve: job.solve.map(|s| (s.solver, s.from, s.to)),
        keep_solution: job.keep_solution,
        format: r.format,
        draw: &draw,
        animation: animation.as_ref(),
        max_memory: limits.max_memory,
        notes: &notes,
    };
    // A file's own faults (a passage or an end out of range) name the file.
    let rendered = spec.visit_cold(visit).map_err(|e| match (name, &e) {
        (Some(name), Error::Core(maze_core::Error::Parse(_))) => e.context(name),
        _ => e,
    })?;
    Ok(Redrawn { rendered, format: r.format, draw, multi, notes })
}
