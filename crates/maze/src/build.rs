//! Building one maze from a request ([`build`]): the generator, braiding, the MultiMaze dots
//! and the ends, the solution and the recorded steps, after one dispatch on the shape
//! ([`ShapeVisitor`]).

use std::io::Write;

use crate::stage::Stage;
use maze_core::observe::Quiet;
use maze_core::{Cold, Maze, Shape, ShapeVisitor, Solution, Solver, Trace, Xoshiro, imperfect};
use maze_render::animate::{Animation, Recording};
use maze_render::json::Provenance;
use maze_render::{Format, json};

use crate::animation::{TRACE_LIMIT, animate};
use crate::error::{Error, Result};
use crate::present::{Notes, Rendered, Request, present};
use crate::request::{Draw, MazeRequest};
use crate::rules::unicursal_refusal;

/// Everything `generate` needs for one maze, once the shape is known.
pub(crate) struct GenerateJob<'a> {
    pub(crate) args: &'a MazeRequest,
    pub(crate) seed: u64,
    pub(crate) compact: bool,
    /// Record the generator's steps and write them as an animation.
    pub(crate) animation: Option<&'a Animation>,
    /// `--where` and `--hardness`: a maze that fails one is not drawn.
    pub(crate) filters: &'a [crate::filter::Filter],
    /// Compute the maze's statistics (for `--stats`).
    pub(crate) want_stats: bool,
    /// The drawing options.
    pub(crate) draw: &'a Draw,
    /// Where notes for the user go.
    pub(crate) notes: &'a Notes,
}

/// One maze made by `generate`: drawn, or `None` when it failed a filter; and its
/// statistics when they were needed.
pub(crate) struct Made {
    pub(crate) rendered: Option<Rendered>,
    pub(crate) stats: Option<maze_core::stats::Stats>,
}

/// One generated maze, with what was asked for besides: its solution, and the recorded steps.
pub struct Built<S: Shape> {
    /// The finished maze (entrance and exit open).
    pub maze: Maze<S>,
    /// Generator, seed and braid, for the JSON file.
    pub provenance: Provenance,
    /// The solution, when `--solve` asked for one.
    pub solution: Option<(Solver, Solution)>,
    /// When recording: the starting maze and the generator's (and braiding's) steps.
    pub recording: Option<(Maze<S>, Trace)>,
    /// When recording and solving: the solver's steps.
    pub solve_trace: Option<Trace>,
}

/// Generates one maze from the `generate` options (generator, braid, MultiMaze dots,
/// entrance and exit, solution), recording up to `record` steps of the generator and the
/// solver when asked. `maze generate` and `maze serve` both build their mazes here.
///
/// The generator runs on the concrete shape (the hot loops); what follows, from braiding
/// to the solution, on its [`Cold`] form, which the maze comes back in
/// (the same type natively; one type for every shape in WebAssembly, for the module's size).
pub fn build<S: Shape>(
    shape: S,
    a: &MazeRequest,
    seed: u64,
    record: Option<usize>,
) -> Result<Built<Cold<S>>> {
    try_build(shape, a, seed, record)?.ok_or_else(|| {
        Error::Request(format!(
            "no entrance and exit of the maze of seed {seed} meet the endpoint rules (a batch tries other seeds: use --count)"
        ))
    })
}

/// As [`build`], with `None` for a maze on which no entrance and exit meet the request's
/// endpoint rules ([`crate::ends::place_ends_by_rules`]): a batch tries another seed, as
/// for a maze that fails `--where`.
pub(crate) fn try_build<S: Shape>(
    shape: S,
    a: &MazeRequest,
    seed: u64,
    record: Option<usize>,
) -> Result<Option<Built<Cold<S>>>> {
    // One stream, in a fixed order: generation, braiding, MultiMaze dots.
    crate::stage::enter(Stage::Making);
    let mut rng = Xoshiro::seed_from_u64(seed);
    let options = a.generator_options();
    // Recording is a separate instantiation: plain generation observes nothing, for free.
    // A labyrinth has no steps of its own to record (its generator's are on the half-size
    // maze), so none are: front ends say there is nothing to replay.
    let mut trace = record.filter(|_| !a.unicursal).map(Trace::with_limit);
    let rooms = crate::dungeon::room_options(a);
    let maze = if a.unicursal {
        // The plan refused what a labyrinth cannot have (loops, dots, chosen ends, a
        // recording of the half-size maze's steps).
        let half = shape.halved().ok_or_else(|| Error::Request(unicursal_refusal(&shape.spec())))?;
        let mut perfect = Maze::new(half);
        a.algorithm.generate(&mut perfect, &options, &mut rng, &mut Quiet::default())?;
        maze_core::unicursal::unicursal(&perfect, shape)?
    } else {
        let mut maze = Maze::new(shape);
        match (&rooms, trace.as_mut()) {
            (Some(o), Some(t)) => crate::dungeon::generate(&mut maze, a, o, seed, &mut rng, t)?,
            (Some(o), None) => {
                crate::dungeon::generate(&mut maze, a, o, seed, &mut rng, &mut Quiet::default())?
            }
            (None, Some(t)) => a.algorithm.generate(&mut maze, &options, &mut rng, t)?,
            (None, None) => a.algorithm.generate(&mut maze, &options, &mut rng, &mut Quiet::default())?,
        }
        maze
    };
    // The recording starts from every wall closed on the maze's final shape (a woven maze's
    // crossings are laid out and settled by the generator; its steps name those cells).
    let start = trace.as_ref().map(|_| Maze::new(maze.shape().clone()).into_cold());
    let mut maze = maze.into_cold();
    maze_core::cancel::check()?;
    if let Some(p) = a.braid {
        match trace.as_mut() {
            Some(t) => imperfect::braid(&mut maze, p, &mut rng, t)?,
            None => imperfect::braid(&mut maze, p, &mut rng, &mut Quiet::default())?,
        };
    }
    if let (Some(s), Some(e)) = (a.starts, a.ends) {
        imperfect::place_starts_and_ends(&mut maze, s, e, &mut rng)?;
    }
    maze.open_entrance_and_exit();
    let (entrance, exit) = a.end_specs();
    let (entrance, exit) = crate::ends::ends_for_new(maze.shape(), entrance, exit);
    if a.has_end_rules() {
        if !crate::ends::place_ends_by_rules(&mut maze, entrance, exit, &a.end_rules(), &mut rng)? {
            return Ok(None);
        }
    } else if entrance.is_some() || exit.is_some() {
        crate::ends::place_ends(&mut maze, entrance, exit, &mut rng)?;
    }
    if let Some(k) = a.sparse.filter(|_| rooms.is_some()) {
        // After the ends: they, the rooms and the dots are never removed.
        let keep: Vec<maze_core::CellId> = maze.starts.iter().chain(&maze.ends).copied().collect();
        match trace.as_mut() {
            Some(t) => maze_core::rooms::sparsify(&mut maze, k, &keep, t),
            None => maze_core::rooms::sparsify(&mut maze, k, &keep, &mut Quiet::default()),
        };
    }
    maze_core::cancel::check()?;
    let unreachable = a.unreachable.is_some_and(|share| cut_goal(&mut maze, seed, share));
    let mut solve_trace = None;
    if a.solve.is_some() && !unreachable {
        crate::stage::enter(Stage::Solving);
    }
    let solution = match a.solve.filter(|_| !unreachable) {
        Some(solver) => Some((
            solver,
            match record {
                Some(limit) => {
                    let t = solve_trace.insert(Trace::with_limit(limit));
                    solver.solve(&maze, maze.entrance(), maze.exit(), t)?
                }
                // Without explored cells to show, the route alone: less memory for bfs.
                None if a.no_visited => solver.solve_route(&maze, maze.entrance(), maze.exit())?,
                None => solver.solve(&maze, maze.entrance(), maze.exit(), &mut Quiet::default())?,
            },
        )),
        None => None,
    };
    let provenance = Provenance {
        algorithm: Some(a.algorithm.name().into()),
        seed: Some(seed),
        braid: a.braid,
        unicursal: a.unicursal,
        unreachable,
    };
    Ok(Some(Built { maze, provenance, solution, recording: start.zip(trace), solve_trace }))
}

/// `--unreachable`: whether the maze of `seed` is one of the share whose goal is cut off
/// (a draw from a stream of its own, so that the maze, cut or not, is otherwise the one the
/// seed makes without the option), and if so cuts it off ([`maze_core::cut`]). Returns
/// whether the goal is now out of reach.
fn cut_goal<S: Shape>(maze: &mut Maze<S>, seed: u64, share: f64) -> bool {
    use maze_core::Random;
    let mut rng = Xoshiro::seed_from_u64(seed ^ 0x756e_7265_6163_6821);
    let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    if draw >= share {
        return false;
    }
    let (from, to) = (maze.entrance(), maze.exit());
    maze_core::cut::cut_off(maze, from, to, &mut rng);
    maze_core::routes::shortest_length(maze, from, to).is_none()
}

impl ShapeVisitor for GenerateJob<'_> {
    type Output = Result<Made>;

    fn visit<S: Shape>(self, shape: S) -> Result<Made> {
        match try_build(shape, self.args, self.seed, self.animation.map(|_| TRACE_LIMIT))? {
            Some(built) => self.finish(built),
            // No ends meet the endpoint rules: refused, as by a filter.
            None => Ok(Made { rendered: None, stats: None }),
        }
    }
}

impl GenerateJob<'_> {
    /// Filters, draws or writes a maze [`build`] made: compiled once per [`Cold`] shape type.
    fn finish<S: Shape>(self, built: Built<S>) -> Result<Made> {
        let a = self.args;
        let multi = a.starts.unwrap_or(1) > 1 || a.ends.unwrap_or(1) > 1;
        maze_core::cancel::check()?;
        let (pass, stats) = crate::filter::check(&built.maze, self.filters, self.want_stats);
        if !pass {
            return Ok(Made { rendered: None, stats });
        }
        crate::stage::enter(Stage::Drawing);
        if a.format == Format::Json && !self.compact && self.animation.is_none() {
            // One maze's JSON is written as it is made, not built in memory first.
            let Built { maze, provenance, solution, .. } = built;
            let cell_walls = a.cell_walls;
            let write = move |w: &mut dyn Write| {
                let solution = solution.as_ref().map(|(v, s)| (v.name(), s));
                let mut buffered = std::io::BufWriter::with_capacity(1 << 16, w);
                let options = json::JsonOptions { compact: false, cell_walls };
                json::write_json_with(&mut buffered, &maze, &provenance, solution, options)?;
                std::io::Write::flush(&mut buffered)
            };
            return Ok(Made { rendered: Some(Rendered::Write(Box::new(write))), stats });
        }
        let solution = built.solution.as_ref().map(|(_, s)| s);
        let rendered = if let (Some(animation), Some((start, trace))) = (self.animation, &built.recording) {
            let rec = Recording { start, events: &trace.events, end: &built.maze, solution };
            animate(&rec, trace, a.format, self.draw, animation, multi, self.notes)?
        } else {
            let solution = built.solution.as_ref().map(|(v, s)| (s, v.name()));
            let request = Request {
                format: a.format,
                compact: self.compact,
                draw: self.draw,
                max_memory: a.max_memory,
            };
            present(&built.maze, &built.provenance, solution, &request)?
        };
        Ok(Made { rendered: Some(rendered), stats })
    }
}

/// The work after making a maze gives the same bytes on the shape's own type and on its
/// [`maze_core::Erased`] form (which the WebAssembly module uses): every shape type × every
/// format, animations, statistics and the solution included.
#[cfg(test)]
mod cold {
    use super::*;
    use crate::plan::Plan;
    use crate::present::Collector;
    use crate::testing::request;
    use maze_core::Erased;

    /// `built` on its erased shape.
    fn erased<S: Shape>(built: Built<S>) -> Built<Erased> {
        let Built { maze, provenance, solution, recording, solve_trace } = built;
        Built {
            maze: maze.into_erased(),
            provenance,
            solution,
            recording: recording.map(|(start, trace)| (start.into_erased(), trace)),
            solve_trace,
        }
    }

    /// The file and the statistics of one maze, made on the concrete shape and on the
    /// erased one.
    struct Both<'a>(&'a Plan);

    impl ShapeVisitor for Both<'_> {
        type Output = [Vec<u8>; 2];

        fn visit<S: Shape>(self, shape: S) -> [Vec<u8>; 2] {
            let (args, animation) = (self.0.request(), self.0.animation());
            let run = |erase: bool| {
                let draw = args.draw();
                let notes = Notes::default();
                let job = GenerateJob {
                    args,
                    seed: 7,
                    compact: false,
                    animation,
                    filters: &[],
                    want_stats: true,
                    draw: &draw,
                    notes: &notes,
                };
                let built = build(shape.clone(), args, 7, animation.map(|_| TRACE_LIMIT)).expect("built");
                let made = if erase { job.finish(erased(built)) } else { job.finish(built) }.expect("made");
                let mut out = Vec::new();
                let mut collector = Collector::new(args.format, &draw, args.multi(), 1);
                collector.add(&mut out, made.rendered.expect("drawn"), true).expect("added");
                collector.finish(&mut out, &notes).expect("finished");
                out.extend(format!("{:?} {:?}", made.stats, notes.take()).bytes());
                out
            };
            [run(false), run(true)]
        }
    }

    #[test]
    fn the_erased_shape_makes_the_same_files() {
        let shapes = [
            "-s square -W 8 -H 6",
            "-s hex -W 8 -H 6",
            "-s triangle -W 8 -H 6",
            "-s polar -W 6 --rings 4",
            "-s upsilon -W 6 -H 5",
            "-s sigma -W 8 -H 6",
            "-s hex -W 12 -H 8 --mask-text H",
            "-s polar -W 6 --rings 6 --mask-text O",
            "-s square -W 8 -H 6 --wrap both",
            "-s hex -W 8 -H 6 --wrap x",
            "-s sigma -W 8 -H 6 --wrap y",
            "-s square -W 6 -H 4 --levels 3",
            "-s hex -W 6 -H 4 --levels 2",
            "-s sigma -W 6 -H 4 --levels 2",
            "-s square -W 8 -H 6 --weave 0.5",
            "-s square -W 8 -H 6 --unicursal",
            "-s polar -W 6 --rings 4 --unicursal",
            "-s square -W 9 -H 7 --starts 3 --ends 2",
            "-s triangle -W 9 -H 6 --braid 0.5 --solve tremaux",
            "-s upsilon -W 6 -H 5 --solve pledge",
        ];
        let formats = [
            "-f json",
            "-f maze",
            "-f text",
            "-f unicode",
            "-f svg",
            "-f png",
            "-f tex",
            "-f scad",
            "-f stl",
            "-f pdf",
            "-f svg --animate",
            "-f gif --frames 12",
            "-f svg --heat",
        ];
        let mut compared = 0;
        for shape in shapes {
            for format in formats {
                let solve =
                    if shape.contains("--solve") || shape.contains("--unicursal") { "" } else { "--solve" };
                let line = format!("{shape} {format} {solve} --seed 7");
                let words: Vec<&str> = line.split_whitespace().collect();
                // Combinations the plan refuses (a text picture of circles, an animated
                // labyrinth) have no file to compare.
                let Ok(plan) = Plan::new(&request(&words)) else { continue };
                let [own, erased] = plan.spec().visit(Both(&plan));
                assert!(!own.is_empty(), "{line}: nothing written");
                if own != erased {
                    let at = own
                        .iter()
                        .zip(&erased)
                        .position(|(a, b)| a != b)
                        .unwrap_or(own.len().min(erased.len()));
                    let near = |v: &[u8]| {
                        String::from_utf8_lossy(&v[at.saturating_sub(40)..(at + 40).min(v.len())])
                            .into_owned()
                    };
                    panic!(
                        "{line}: the erased shape writes other bytes from byte {at}: {:?} against {:?}",
                        near(&own),
                        near(&erased)
                    );
                }
                compared += 1;
            }
        }
        assert!(compared >= 200, "only {compared} files compared");
    }
}
