//! One maze of any shape as a value ([`AnyMaze`]), for a front end or a library user who
//! wants the maze itself rather than its bytes: [`Plan::build`] makes one, and it can be
//! solved, measured, drawn and written in any format, without a [`maze_core::ShapeVisitor`].
//!
//! ```
//! let plan = maze::Plan::new(&maze::MazeRequest { width: Some(8), height: Some(5), ..Default::default() })?;
//! let maze = plan.build(7)?;
//! println!("{} cells, {} passages", maze.maze().cell_count(), maze.passages().count());
//! # Ok::<(), maze::Error>(())
//! ```

use std::io::Write;

use maze_core::stats::Stats;
use maze_core::{CellId, Erased, Maze, Shape, ShapeVisitor, Solution, Solver, Trace};
use maze_render::Format;
use maze_render::animate::Recording;
use maze_render::json::{MazeFile, Provenance};
use maze_render::scene::{Overlay, Scene, try_scene};

use crate::animation::{TRACE_LIMIT, animate};
use crate::build::{Built, build};
use crate::error::{Error, Result};
use crate::plan::Plan;
use crate::present::{Collector, Notes, Request, over_memory, present};
use crate::request::{Limits, MazeRequest, PictureStyle};

/// One maze a [`Plan`] made, of whatever shape the request named, with its solution and
/// recorded steps when the request asked for them.
///
/// The maze is held on the shape's erased form ([`maze_core::Erased`]): one type for every
/// shape, answering as the shape it holds, so every method here is the same code for every
/// shape, and gives the same bytes as the shape's own type would (a test holds every shape
/// and format to it). Batches of many small mazes stay on the concrete types
/// ([`Plan::collect`]), where the dispatch per cell would cost.
pub struct AnyMaze {
    built: Built<Erased>,
    request: MazeRequest,
    seed: u64,
}

impl Plan {
    /// The plan's maze for `seed`, as a value: generated as [`Plan::write`] would write
    /// it (the same walls, ends, solution and recorded steps), but not written.
    ///
    /// Time and memory: those of the generator and solver the request names
    /// ([`maze_core::Algorithm`], [`Solver`]); with an animation, up to 20 million
    /// recorded steps (8 bytes each).
    ///
    /// # Errors
    /// A generator's or solver's error, a cancelled job, or ends that cannot meet the
    /// request's endpoint rules for this seed (a batch would try further seeds).
    pub fn build(&self, seed: u64) -> Result<AnyMaze> {
        self.build_recording(seed, self.animation().map(|_| TRACE_LIMIT))
    }

    /// As [`Plan::build`], recording up to `limit` of the generator's (and braiding's)
    /// steps and as many of the solver's (`None`: none), whether or not the plan animates:
    /// what a front end that shows the steps itself asks for (the page's replay).
    ///
    /// # Errors
    /// As [`Plan::build`].
    pub fn build_recording(&self, seed: u64, limit: Option<usize>) -> Result<AnyMaze> {
        struct Make<'a>(&'a MazeRequest, u64, Option<usize>);
        impl ShapeVisitor for Make<'_> {
            type Output = Result<Built<Erased>>;
            fn visit<S: Shape>(self, shape: S) -> Self::Output {
                let Built { maze, provenance, solution, recording, solve_trace } =
                    build(shape, self.0, self.1, self.2)?;
                Ok(Built {
                    maze: maze.into_erased(),
                    provenance,
                    solution,
                    recording: recording.map(|(start, trace)| (start.into_erased(), trace)),
                    solve_trace,
                })
            }
        }
        let built = self.spec().visit(Make(self.request(), seed, limit))?;
        Ok(AnyMaze { built, request: self.request().clone(), seed })
    }
}

impl AnyMaze {
    /// A saved maze (a JSON or compact maze file, [`crate::read_maze_files`]), checked
    /// against `limits` as `maze solve` and `maze render` check it ([`crate::file_spec`]),
    /// with its saved solution when it has one whose solver is known. Drawn as the default
    /// request draws (the writing methods take the format).
    ///
    /// Time and memory O(N · D) for N cells and D doors a cell.
    ///
    /// # Errors
    /// A file over the limits, or one whose passages, walls or solution do not fit its
    /// shape.
    pub fn from_file(file: &MazeFile, limits: &Limits) -> Result<AnyMaze> {
        let spec = crate::redraw::file_spec(file, limits)?;
        let (maze, saved) = file.to_maze(spec.erased())?;
        let solution = saved.and_then(|(name, s)| name.parse::<Solver>().ok().map(|solver| (solver, s)));
        let provenance = Provenance {
            algorithm: file.algorithm.clone(),
            seed: file.seed,
            braid: file.braid,
            unicursal: file.unicursal,
            unreachable: file.reachable == Some(false),
        };
        let request = MazeRequest {
            shape: spec.kind,
            max_cells: limits.max_cells,
            max_bytes: limits.max_bytes,
            max_pixels: limits.max_pixels,
            max_memory: limits.max_memory,
            format: Format::Json,
            ..MazeRequest::default()
        };
        let built = Built { maze, provenance, solution, recording: None, solve_trace: None };
        Ok(AnyMaze { built, request, seed: file.seed.unwrap_or(0) })
    }

    /// The maze: its shape, walls, entrance and exit, and MultiMaze dots.
    pub fn maze(&self) -> &Maze<Erased> {
        &self.built.maze
    }

    /// The seed it was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The request it was made for (checked by its plan).
    pub fn request(&self) -> &MazeRequest {
        &self.request
    }

    /// Generator, seed and braid, as a maze file records them.
    pub fn provenance(&self) -> &Provenance {
        &self.built.provenance
    }

    /// The solution, with its solver, when the request asked for one or [`AnyMaze::solve`]
    /// found it.
    pub fn solution(&self) -> Option<(Solver, &Solution)> {
        self.built.solution.as_ref().map(|(solver, s)| (*solver, s))
    }

    /// The recorded steps, when the plan animates or [`Plan::build_recording`] asked: the
    /// maze they start from (every wall closed) and the generator's and braiding's steps.
    pub fn recording(&self) -> Option<(&Maze<Erased>, &Trace)> {
        self.built.recording.as_ref().map(|(start, trace)| (start, trace))
    }

    /// The solver's recorded steps, when recording and solving.
    pub fn solve_trace(&self) -> Option<&Trace> {
        self.built.solve_trace.as_ref()
    }

    /// Solves the maze from its entrance to its exit with `solver`, keeping the solution
    /// for the drawings; the explored cells are kept unless the request drew none
    /// (`--no-visited`). Time and memory: the solver's ([`Solver::bytes_per_cell`]).
    ///
    /// # Errors
    /// The solver's memory over the request's `--max-memory`, a cancelled job, or the
    /// solver's own error (no route to the exit).
    pub fn solve(&mut self, solver: Solver) -> Result<&Solution> {
        let maze = &self.built.maze;
        crate::budget::check_solve_memory(
            Some(solver),
            self.request.no_visited,
            &maze.shape().spec(),
            self.request.max_memory,
        )?;
        let (from, to) = (maze.entrance(), maze.exit());
        let solution = if self.request.no_visited {
            solver.solve_route(maze, from, to)?
        } else {
            solver.solve(maze, from, to, &mut maze_core::observe::Quiet::default())?
        };
        Ok(&self.built.solution.insert((solver, solution)).1)
    }

    /// Every passage once, as the two cells it joins (the lower id first), cells in id
    /// order: the maze as a graph. Time O(N · D) for N cells and D doors a cell.
    pub fn passages(&self) -> impl Iterator<Item = (CellId, CellId)> + '_ {
        let maze = &self.built.maze;
        (0..maze.cell_count()).map(CellId).flat_map(move |a| {
            let mut next: Vec<CellId> = maze.open_neighbours(a).filter(|&b| b.0 > a.0).collect();
            next.sort_unstable_by_key(|b| b.0);
            next.dedup();
            next.into_iter().map(move |b| (a, b))
        })
    }

    /// Every statistic of `maze stats` ([`maze_core::stats::stats`]). Time O(N · D);
    /// memory [`maze_core::stats::BYTES_PER_CELL`] a cell besides the maze.
    ///
    /// # Errors
    /// The statistics' memory over the request's `--max-memory`.
    pub fn stats(&self) -> Result<Stats> {
        crate::budget::check_stats_memory(&self.built.maze.shape().spec(), self.request.max_memory)?;
        Ok(maze_core::stats::stats(&self.built.maze))
    }

    /// The picture every drawing format draws, with the request's drawing options (the
    /// solution drawn when there is one and the request shows it).
    ///
    /// # Errors
    /// The scene's memory over the request's `--max-memory`.
    pub fn scene(&self) -> Result<Scene> {
        let draw = self.request.draw();
        let overlay = Overlay {
            solution: self.solution().map(|(_, s)| s),
            visited: !draw.no_visited,
            heat: draw.heat,
            no_markers: draw.no_markers,
            no_line: draw.style == PictureStyle::Document,
            numbered: draw.numbered,
        };
        try_scene(&self.built.maze, &overlay, self.request.max_memory)
            .map_err(|e| over_memory(e, self.request.format))
    }

    /// The maze's drawing in cell units as the page reads it (`/api/generate`'s
    /// `geometry`: cell centres and outlines, walls, stairs). Time and memory O(N · D).
    pub fn geometry(&self) -> String {
        crate::api::geometry::geometry(&self.built.maze)
    }

    /// Writes the maze in the request's format with its drawing options, the same bytes
    /// [`Plan::write`] writes for this seed (an animation when the request animates).
    ///
    /// # Errors
    /// The drawing's memory over the limit, or the output's error.
    pub fn write(&self, out: &mut dyn Write) -> Result<()> {
        self.write_as(self.request.format, out)
    }

    /// Writes the maze in `format` with the request's drawing options: the request with
    /// that format must still hold ([`crate::check_applies`]), as a saved maze drawn again
    /// must.
    ///
    /// # Errors
    /// An option of the request that does not apply to `format`, the drawing's memory over
    /// the limit, or the output's error.
    pub fn write_as(&self, format: Format, out: &mut dyn Write) -> Result<()> {
        let request = MazeRequest { format, ..self.request.clone() };
        if format != self.request.format {
            crate::rules::check_applies(&request)?;
        }
        let draw = request.draw();
        let notes = Notes::default();
        let multi = self.built.maze.is_multi();
        let animation = crate::animation::animation_options(format, &request, &draw)?;
        let rendered = match (animation, &self.built.recording) {
            (Some(animation), Some((start, trace))) => {
                let solution = self.solution().map(|(_, s)| s);
                let rec = Recording { start, events: &trace.events, end: &self.built.maze, solution };
                animate(&rec, trace, format, &draw, &animation, multi, &notes)?
            }
            (Some(_), None) => {
                return Err(Error::request(format!(
                    "--format {} animates the generator's steps, which this maze's plan did not record (ask for the animation when planning)",
                    format.name()
                )));
            }
            (None, _) => {
                let solution = self.built.solution.as_ref().map(|(v, s)| (s, v.name()));
                let how = Request { format, compact: false, draw: &draw, max_memory: request.max_memory };
                present(&self.built.maze, &self.built.provenance, solution, &how)?
            }
        };
        let mut collector = Collector::new(format, &draw, multi, 1);
        collector.add(out, rendered, true)?;
        collector.finish(out, &notes)
    }

    /// [`AnyMaze::write`] into a new vector.
    ///
    /// # Errors
    /// As [`AnyMaze::write`].
    pub fn to_vec(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(&mut out)?;
        Ok(out)
    }
}

impl std::fmt::Debug for AnyMaze {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyMaze")
            .field("shape", &self.built.maze.shape().spec().kind.name())
            .field("cells", &self.built.maze.cell_count())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}
