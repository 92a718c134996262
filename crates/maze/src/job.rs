//! Building and writing mazes: one dispatch on the shape ([`ShapeVisitor`]), then the
//! generic code of maze-core and maze-render, for new mazes (a [`crate::Plan`]) and for
//! saved ones (solving or drawing a maze file again).

use std::io::Write;
use std::sync::Mutex;

use crate::stage::Stage;
use maze_core::observe::Quiet;
use maze_core::{
    Algorithm, Cold, Maze, Point, Shape, ShapeKind, ShapeSpec, ShapeVisitor, Solution, Solver, Trace,
    Xoshiro, imperfect,
};
use maze_render::animate::{self, Animation, Recording, Timing};
use maze_render::json::{MazeFile, Provenance};
use maze_render::pdf::{PageSetup, PdfPage};
use maze_render::scad::Model;
use maze_render::scene::{Overlay, try_scene};
use maze_render::style::Style;
use maze_render::{Format, compact, json, pdf, png, scad, stl, svg, tex, text};

use crate::budget;
use crate::error::{Error, Result};
use crate::masks::EndSpec;
use crate::request::{Draw, MazeRequest, PictureStyle};

/// About how many cells `--count` makes at once on all cores before writing them in order.
const BATCH_CELLS: u64 = 4_000_000;

/// The most mazes `--count` makes at once (small mazes: [`BATCH_CELLS`] of them would be
/// a million).
const MAX_BATCH_MAZES: u64 = 4096;

/// About how many cells of PDF pages are drawn at once (a page's scene holds about 100
/// bytes a shaded cell until it is written; this keeps a batch's near 50 MB).
const PDF_BATCH_CELLS: u64 = 500_000;

/// The most events `--animate` records (20 million, 160 MB); an animation of a longer run
/// shows the first ones, then the finished maze, and a note on stderr says so.
const TRACE_LIMIT: usize = 20_000_000;

/// Whether `algorithm` runs on shapes of this kind.
pub fn supports(kind: ShapeKind, algorithm: Algorithm) -> bool {
    struct Supports(Algorithm);
    impl ShapeVisitor for Supports {
        type Output = bool;
        fn visit<S: Shape>(self, shape: S) -> bool {
            self.0.supports(&shape)
        }
    }
    ShapeSpec::plain(kind, 3, 3).visit(Supports(algorithm))
}

/// Everything `generate` needs for one maze, once the shape is known.
struct GenerateJob<'a> {
    args: &'a MazeRequest,
    seed: u64,
    compact: bool,
    /// Record the generator's steps and write them as an animation.
    animation: Option<&'a Animation>,
    /// `--where` and `--hardness`: a maze that fails one is not drawn.
    filters: &'a [crate::filter::Filter],
    /// Compute the maze's statistics (for `--stats`).
    want_stats: bool,
    /// The drawing options.
    draw: &'a Draw,
    /// Where notes for the user go.
    notes: &'a Notes,
}

/// Notes for the user gathered while a job runs (an animation cut short, a PDF maze drawn
/// smaller than asked), for the front end to show as it shows notes.
#[derive(Debug, Default)]
pub struct Notes(Mutex<Vec<String>>);

impl Notes {
    /// Adds a note.
    pub fn push(&self, note: String) {
        if let Ok(mut notes) = self.0.lock() {
            notes.push(note);
        }
    }

    /// The notes, in the order they came.
    pub fn take(self) -> Vec<String> {
        self.0.into_inner().unwrap_or_default()
    }
}

/// One maze made by `generate`: drawn, or `None` when it failed a filter; and its
/// statistics when they were needed.
pub(crate) struct Made {
    rendered: Option<Rendered>,
    stats: Option<maze_core::stats::Stats>,
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
/// endpoint rules ([`crate::masks::place_ends_by_rules`]): a batch tries another seed, as
/// for a maze that fails `--where`.
fn try_build<S: Shape>(
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
    let maze = if a.unicursal {
        // The plan refused what a labyrinth cannot have (loops, dots, chosen ends, a
        // recording of the half-size maze's steps).
        let half = shape.halved().ok_or_else(|| Error::Request(unicursal_refusal(&shape.spec())))?;
        let mut perfect = Maze::new(half);
        a.algorithm.generate(&mut perfect, &options, &mut rng, &mut Quiet::default())?;
        maze_core::unicursal::unicursal(&perfect, shape)?
    } else {
        let mut maze = Maze::new(shape);
        match trace.as_mut() {
            Some(t) => a.algorithm.generate(&mut maze, &options, &mut rng, t)?,
            None => a.algorithm.generate(&mut maze, &options, &mut rng, &mut Quiet::default())?,
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
    let (entrance, exit) = crate::masks::ends_for_new(maze.shape(), entrance, exit);
    if a.has_end_rules() {
        if !crate::masks::place_ends_by_rules(&mut maze, entrance, exit, &a.end_rules(), &mut rng)? {
            return Ok(None);
        }
    } else if entrance.is_some() || exit.is_some() {
        crate::masks::place_ends(&mut maze, entrance, exit, &mut rng)?;
    }
    maze_core::cancel::check()?;
    let mut solve_trace = None;
    if a.solve.is_some() {
        crate::stage::enter(Stage::Solving);
    }
    let solution = match a.solve {
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
    };
    Ok(Some(Built { maze, provenance, solution, recording: start.zip(trace), solve_trace }))
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

/// The animation asked for by `--animate` (or `--format gif`), checked against the format
/// and drawing options; `None` for a still picture.
pub(crate) fn animation_options(format: Format, a: &MazeRequest, draw: &Draw) -> Result<Option<Animation>> {
    if !a.animated() {
        return Ok(None);
    }
    if !matches!(format, Format::Gif | Format::Svg) {
        return Err(Error::Request(format!(
            "an animation (--animate, --zones) is written as gif or svg, not {} (use --format gif or --format svg)",
            format.name()
        )));
    }
    if draw.heat {
        return Err(Error::Request(
            "--heat is not drawn in animations (leave out --heat or --animate)".into(),
        ));
    }
    let heading = [
        (draw.title.is_some(), "--title"),
        (draw.instructions.is_some(), "--instructions"),
        (a.numbered, "--numbered"),
    ];
    for (given, flag) in heading {
        if given {
            return Err(Error::Request(format!(
                "{flag} is not drawn in animations (leave out {flag} or --animate)"
            )));
        }
    }
    let timing = match (a.delay, a.duration) {
        (Some(ms), _) => Timing::PerFrame(ms),
        (None, Some(seconds)) => Timing::Total((seconds * 1000.0).round() as u32),
        (None, None) => Animation::default().timing,
    };
    Ok(Some(Animation {
        frames: a.frames.unwrap_or(crate::request::DEFAULT_FRAMES) as usize,
        timing,
        visited: !draw.no_visited,
        markers: !draw.no_markers,
        zones: a.zones,
        ..Animation::default()
    }))
}

/// Refuses an animation too large to draw, before anything is generated or solved.
fn check_animation_size<S: Shape>(
    shape: &S,
    format: Format,
    draw: &Draw,
    animation: &Animation,
    multi: bool,
) -> Result<()> {
    if format == Format::Gif {
        let picture = Picture::of(shape).frames(animation.frames);
        animate::check_gif_size(shape, &draw_style(draw, format, multi, &picture), animation.frames)?;
    } else {
        animate::check_svg_size(shape, animation)?;
    }
    Ok(())
}

/// Checks an animation's size once the shape is known, before anything is generated.
pub(crate) struct AnimationSize<'a> {
    pub format: Format,
    pub draw: &'a Draw,
    pub animation: &'a Animation,
    pub multi: bool,
}

impl ShapeVisitor for AnimationSize<'_> {
    type Output = Result<()>;

    fn visit<S: Shape>(self, shape: S) -> Result<()> {
        check_animation_size(&shape, self.format, self.draw, self.animation, self.multi)
    }
}

/// Writes a recording as a GIF or an animated SVG.
fn animate<S: Shape>(
    rec: &Recording<'_, S>,
    trace: &Trace,
    format: Format,
    draw: &Draw,
    animation: &Animation,
    multi: bool,
    notes: &Notes,
) -> Result<Rendered> {
    if trace.truncated() {
        notes.push(format!(
            "note: the animation shows the first {} of {} steps, then the finished maze",
            trace.events.len(),
            trace.seen
        ));
    }
    let picture = Picture::of(rec.end.shape()).frames(animation.frames);
    let style = draw_style(draw, format, multi, &picture);
    Ok(Rendered::Bytes(match format {
        Format::Gif => animate::gif(rec, &style, animation)?,
        _ => animate::animated_svg(rec, &style, animation)?.into_bytes(),
    }))
}

/// How to present one maze.
struct Request<'a> {
    format: Format,
    compact: bool,
    draw: &'a Draw,
    /// The most memory a drawing may hold (`--max-memory`).
    max_memory: u64,
}

/// Writes a maze to the output as it goes.
type WriteOut = Box<dyn FnOnce(&mut dyn Write) -> std::io::Result<()> + Send>;

/// One maze, presented: bytes to write, or pages for a PDF made at the end.
enum Rendered {
    Bytes(Vec<u8>),
    /// Written straight to the output (a big JSON file, never held whole in memory).
    Write(WriteOut),
    Pages {
        puzzle: Box<PdfPage>,
        solution: Option<Box<PdfPage>>,
    },
}

/// Formats a maze for output, in any format.
fn present<S: Shape>(
    maze: &Maze<S>,
    provenance: &Provenance,
    solution: Option<(&Solution, &str)>,
    r: &Request<'_>,
) -> Result<Rendered> {
    let draw = r.draw;
    let sol = solution.map(|(s, _)| s);
    let drawn = |with_solution: bool| {
        let overlay = Overlay {
            solution: if with_solution { sol } else { None },
            visited: !draw.no_visited,
            heat: draw.heat,
            no_markers: draw.no_markers,
            no_line: draw.style == PictureStyle::Document,
            numbered: draw.numbered,
        };
        try_scene(maze, &overlay, r.max_memory).map_err(|e| over_memory(e, r.format))
    };
    let style = draw_style(draw, r.format, maze.is_multi(), &Picture::of(maze.shape()));
    let model = model(&style, draw.wall_height, draw.base);
    Ok(Rendered::Bytes(match r.format {
        Format::Json => {
            let options = json::JsonOptions { compact: r.compact, cell_walls: draw.cell_walls };
            json::to_json_with(maze, provenance, solution.map(|(s, v)| (v, s)), options).into_bytes()
        }
        Format::Maze => compact::to_bytes(maze, provenance, solution.map(|(s, v)| (v, s))),
        Format::Unicode | Format::Text if !text::has_picture(maze) => {
            return Err(Error::Request(no_text_picture(&maze.shape().spec())));
        }
        Format::Unicode => text::render(maze, sol, text::Style::Unicode).into_bytes(),
        Format::Text => text::render(maze, sol, text::Style::Ascii).into_bytes(),
        Format::Svg => svg::try_svg(&drawn(true)?, &style)?.into_bytes(),
        Format::Prompt | Format::Tasks => {
            let png = |m: &Maze<S>| {
                let overlay = Overlay {
                    solution: None,
                    visited: false,
                    heat: false,
                    no_markers: false,
                    no_line: false,
                    numbered: false,
                };
                let style = draw_style(draw, Format::Png, false, &Picture::of(m.shape()));
                png::maze_png(m, &overlay, &style, r.max_memory).map_err(|e| over_memory(e, Format::Png))
            };
            crate::prompt::present(maze, provenance.seed.unwrap_or(0), sol, r.format, draw, png)?
        }
        Format::Png => {
            let overlay = Overlay {
                solution: sol,
                visited: !draw.no_visited,
                heat: draw.heat,
                no_markers: draw.no_markers,
                no_line: draw.style == PictureStyle::Document,
                numbered: draw.numbered,
            };
            png::maze_png(maze, &overlay, &style, r.max_memory).map_err(|e| over_memory(e, r.format))?
        }
        Format::Tex => tex::try_tikz(&drawn(true)?, &style, !draw.tex_fragment)?.into_bytes(),
        Format::Scad => scad::try_scad(&drawn(false)?, &model)?.into_bytes(),
        Format::Stl => stl::stl(&drawn(false)?, &model)?,
        Format::Pdf => {
            // The headings are numbered when the pages are collected (Collector::add).
            let puzzle = Box::new(PdfPage { scene: drawn(false)?, heading: None });
            let solution = match sol {
                Some(_) => Some(Box::new(PdfPage { scene: drawn(true)?, heading: None })),
                None => None,
            };
            return Ok(Rendered::Pages { puzzle, solution });
        }
        Format::Gif => {
            return Err(Error::Request(
                "gif is an animation: use `maze generate --animate` or `maze solve --animate`".into(),
            ));
        }
        _ => return Err(Error::Request(format!("the {} format is not supported here", r.format.name()))),
    }))
}

/// A 3D model's sizes: the style's cell and wall, the asked height and base or their
/// defaults (8 and 2 mm).
fn model(style: &Style, height: Option<f64>, base: Option<f64>) -> Model {
    let default = Model::default();
    Model {
        cell: style.cell_size,
        wall: style.wall_width,
        height: height.unwrap_or(default.height),
        base: base.unwrap_or(default.base),
    }
}

/// A drawing refused for its memory, worded for the command line (other errors unchanged).
fn over_memory(e: maze_core::Error, format: Format) -> Error {
    match e {
        maze_core::Error::OverMemory { needed, limit } => Error::Request(format!(
            "drawing this maze as {} would take more than {} of memory, over the limit of {} (raise it with --max-memory)",
            format.name(),
            budget::human(needed),
            budget::human(limit)
        )),
        e => e.into(),
    }
}

/// Whether text formats draw this shape (square, hex, sigma and triangle cells, masked or not).
pub fn text_pictured(spec: &ShapeSpec) -> bool {
    matches!(spec.kind, ShapeKind::Square | ShapeKind::Hex | ShapeKind::Sigma | ShapeKind::Triangle)
}

/// Whether a unicursal labyrinth can be made on the shape `spec` lays out (it halves into
/// blocks: [`Shape::halved`]; a request for one lays polar rings out in pairs first:
/// [`ShapeSpec::with_labyrinth`]).
pub(crate) fn halves(spec: &ShapeSpec) -> bool {
    struct Halves;
    impl ShapeVisitor for Halves {
        type Output = bool;
        fn visit<S: Shape>(self, shape: S) -> bool {
            shape.halved().is_some()
        }
    }
    spec.visit(Halves)
}

/// Whether `kind` makes a unicursal labyrinth `width` cells wide (and 6 high), laid out for
/// one (false at a width the shape does not have at all).
fn labyrinth_at(kind: ShapeKind, width: u32) -> bool {
    ShapeSpec::new(kind, width, 6, u64::MAX)
        .and_then(|spec| spec.with_labyrinth(u64::MAX))
        .is_ok_and(|spec| halves(&spec))
}

/// Whether `kind` makes unicursal labyrinths at some size (the capability table's rule).
pub(crate) fn makes_labyrinths(kind: ShapeKind) -> bool {
    labyrinth_at(kind, 6)
}

/// Why `--unicursal` is refused on the shape `spec` lays out, in one line.
pub(crate) fn unicursal_refusal(spec: &ShapeSpec) -> String {
    let topology = [
        (spec.mask.is_some(), "a mask"),
        (spec.wrap.any(), "--wrap"),
        (spec.levels > 1, "--levels"),
        (spec.weave.is_some(), "--weave"),
    ];
    if let Some((_, what)) = topology.iter().find(|(given, _)| *given) {
        return format!(
            "--unicursal cannot be used with {what} (a labyrinth's blocks of cells need a plain rectangle or circle)"
        );
    }
    if !makes_labyrinths(spec.kind) {
        // The shapes that halve, from the shapes themselves (the capability table's rule).
        let on: Vec<&str> =
            ShapeKind::ALL.iter().copied().filter(|&k| makes_labyrinths(k)).map(ShapeKind::name).collect();
        return format!(
            "--unicursal is made on {} cells, not {} (its path runs through blocks of 2 x 2 cells; see `maze list`)",
            on.join(" or "),
            spec.kind
        );
    }
    // The narrowest even width the shape makes labyrinths at (2 for square cells, 6 for
    // polar ones, whose half-size maze needs 3 cells in its inner ring).
    let least = (1..=8).map(|k| 2 * k).find(|&w| labyrinth_at(spec.kind, w)).unwrap_or(2);
    let sizes = match spec.kind {
        ShapeKind::Polar => {
            format!("an even --width of at least {least} (cells in the inner ring) and an even --rings")
        }
        _ if least > 2 => format!("an even --width of at least {least} and --height"),
        _ => "an even --width and --height".to_string(),
    };
    format!(
        "--unicursal needs {sizes}, not {} x {} (each cell of the perfect maze it is made from becomes a block of 2 x 2 cells)",
        spec.width, spec.height
    )
}

/// The refusal for a text picture of a shape text cannot draw honestly.
pub(crate) fn no_text_picture(spec: &ShapeSpec) -> String {
    let what = format!("{}{} mazes", if spec.mask.is_some() { "masked " } else { "" }, spec.kind);
    format!(
        "text cannot draw {what} (their cells do not fit a character grid); use --format svg or --format png"
    )
}

/// The instructions printed with a one-route maze by default (pdf pages).
pub const INSTRUCTIONS: &str = "Find the way from the green dot to the red dot.";

/// Document 003's instructions for a MultiMaze, printed with it by default (pdf, svg, png),
/// shown by `maze play` and the page.
pub const MULTI_INSTRUCTIONS: &str = "Connect each green dot with one, and only one, red dot.";

/// What the default cell size of a raster picture (PNG or GIF without `cell-size`) is
/// chosen from: see [`raster_cell`].
#[derive(Clone, Copy, Debug)]
pub struct Picture {
    /// The drawing's extent, in cells ([`Shape::extent`]).
    pub extent: Point,
    /// Whether the maze is woven: its bridges need room to read.
    pub woven: bool,
    /// The most pixels one image (one frame of a GIF) may have.
    pub max_pixels: u64,
}

impl Picture {
    /// A still picture of `shape`.
    pub fn of<S: Shape>(shape: &S) -> Self {
        Picture { extent: shape.extent(), woven: shape.woven(), max_pixels: png::MAX_PIXELS }
    }

    /// A still picture of the shape `spec` lays out (it is built to be measured).
    pub fn of_spec(spec: &ShapeSpec) -> Self {
        struct Of;
        impl ShapeVisitor for Of {
            type Output = Picture;
            fn visit<S: Shape>(self, shape: S) -> Picture {
                Picture::of(&shape)
            }
        }
        spec.visit_cold(Of)
    }

    /// A still picture of a flat drawing `extent` cell units across, for a maze too big
    /// to lay out as a shape (one made row by row).
    pub fn of_extent(extent: Point) -> Self {
        Picture { extent, ..Picture::default() }
    }

    /// This picture as `frames` frames of an animation: each frame's pixels are also bound
    /// by the animation's budget of pixel-frames.
    #[must_use]
    pub fn frames(self, frames: usize) -> Self {
        let per_frame = animate::MAX_PIXEL_FRAMES / (frames.max(1) as u64);
        Picture { max_pixels: self.max_pixels.min(per_frame), ..self }
    }
}

impl Default for Picture {
    /// A picture one cell square (what a request without a maze, such as the API's list
    /// of limits, draws against).
    fn default() -> Self {
        Picture { extent: Point { x: 1.0, y: 1.0 }, woven: false, max_pixels: png::MAX_PIXELS }
    }
}

/// The long side, in pixels, a raster picture of a small maze gets by default.
pub const RASTER_LONG_SIDE: f64 = 800.0;
/// The default cell size of a raster picture: at most this many pixels (a tiny maze)...
pub const RASTER_MOST_CELL: f64 = 128.0;
/// ...and at least this many (a big maze).
pub const RASTER_LEAST_CELL: f64 = 2.0;
/// A woven maze's default cell is at least this many pixels, so that its bridges read.
pub const RASTER_WOVEN_CELL: f64 = 16.0;

/// The default cell size, in whole pixels, of a PNG or GIF of `picture` when no cell size
/// is asked: the picture's long side about [`RASTER_LONG_SIDE`] pixels (half a cell of
/// margin on each side), between [`RASTER_LEAST_CELL`] and [`RASTER_MOST_CELL`] pixels a
/// cell; a woven maze gets at least [`RASTER_WOVEN_CELL`]; above the least size, never so
/// large that the image passes `picture.max_pixels`. A 20 x 10 maze is drawn 38 px a cell
/// (798 x 418 px), a 100 x 100 one 7 px, a 1000 x 1000 one 2 px (2002 x 2002 px).
pub fn raster_cell(picture: &Picture) -> f64 {
    let (w, h) = (picture.extent.x.max(0.0) + 1.0, picture.extent.y.max(0.0) + 1.0);
    let mut cell = (RASTER_LONG_SIDE / w.max(h)).floor().clamp(RASTER_LEAST_CELL, RASTER_MOST_CELL);
    if picture.woven {
        cell = cell.max(RASTER_WOVEN_CELL);
    }
    let fits = (picture.max_pixels as f64 / (w * h)).sqrt().floor();
    cell.min(fits).max(RASTER_LEAST_CELL)
}

/// The drawing style from the command line, with each format's defaults; a raster picture's
/// default cell size is chosen from `picture` ([`raster_cell`]).
pub fn draw_style(d: &Draw, format: Format, multi: bool, picture: &Picture) -> Style {
    let base = Style::default();
    let default_cell = match format {
        Format::Png | Format::Gif => raster_cell(picture),
        Format::Pdf | Format::Tex => 6.35,
        Format::Scad | Format::Stl => 10.0,
        _ => base.cell_size,
    };
    // Paper formats measure in millimetres, screen formats in pixels (96 to the inch).
    let paper = matches!(format, Format::Pdf | Format::Tex | Format::Scad | Format::Stl);
    let length = |l: maze_render::style::Length| if paper { l.mm() } else { l.px() };
    let cell = d.cell_size.map_or(default_cell, length);
    // A PDF page, and a MultiMaze's picture (document 003 displays its maze "with title and
    // instructions"), have a heading by default.
    let headed = format == Format::Pdf || (multi && matches!(format, Format::Png | Format::Svg));
    let (title, instructions) = if headed {
        let title = d.title.clone().unwrap_or_else(|| if multi { "MultiMaze".into() } else { "Maze".into() });
        let how = if multi { MULTI_INSTRUCTIONS } else { INSTRUCTIONS };
        (Some(title), Some(d.instructions.clone().unwrap_or_else(|| how.into())))
    } else {
        (d.title.clone(), d.instructions.clone())
    };
    Style {
        cell_size: cell,
        wall_width: d.wall_width.map(length).unwrap_or(match format {
            Format::Scad | Format::Stl => cell * 0.16,
            // A pixel at least: thinner walls fade into grey on small cells.
            Format::Png | Format::Gif => (cell / 8.0).max(1.0),
            _ => cell / 8.0,
        }),
        margin: if matches!(format, Format::Png | Format::Gif) {
            cell / 2.0
        } else {
            base.margin.min(cell / 2.0)
        },
        walls: d.wall_colour.clone().unwrap_or(base.walls),
        background: d.background.clone().unwrap_or(base.background),
        path: d.path_colour.clone().unwrap_or(base.path),
        // Documents 000 and 001: the path in black (or --path-colour), explored cells grey.
        path_cells: match d.style {
            PictureStyle::Document => d.path_colour.clone().unwrap_or_else(|| "#000000".into()),
            PictureStyle::Line => base.path_cells,
        },
        title,
        instructions,
        // Document 003's dots, a third of a cell; a MultiMaze's numbered dots (its answer
        // key, or its puzzle with --numbered) are larger, to hold the numbers. An asked
        // size is every dot's.
        dot: d.dot_size.unwrap_or(base.dot),
        numbered_dot: d.dot_size.unwrap_or(base.numbered_dot),
        ..base
    }
}

/// The pdf page setup: an asked cell size is kept exactly (or refused) unless `--fit`;
/// the default margin may narrow to keep it.
pub fn page_setup(d: &Draw) -> PageSetup {
    PageSetup {
        paper: d.paper.unwrap_or_default(),
        margin_mm: d.margin.map_or(15.0, |m| m.mm()),
        fit: if d.cell_size.is_some() && !d.fit { pdf::Fit::Exact } else { pdf::Fit::Shrink },
        flexible_margin: d.margin.is_none(),
    }
}

/// Refuses, before any maze is made, a pdf whose maze cannot keep its asked cell size.
pub(crate) fn check_page(spec: &ShapeSpec, draw: &Draw, multi: bool, headed: bool) -> Result<()> {
    struct Extent;
    impl ShapeVisitor for Extent {
        type Output = maze_core::Point;
        fn visit<S: Shape>(self, shape: S) -> maze_core::Point {
            shape.extent()
        }
    }
    let extent = spec.clone().visit_cold(Extent);
    let scene = maze_render::scene::Scene { width: extent.x, height: extent.y, ..Default::default() };
    let style = draw_style(draw, Format::Pdf, multi, &Picture::default());
    // Solution pages and books have a heading line, which every page then makes room for.
    let page = PdfPage { scene, heading: headed.then(|| "Solution".to_string()) };
    pdf::page_layouts(&[page], &page_setup(draw), &style).map_err(|e| Error::Request(e.to_string()))?;
    Ok(())
}

/// Writes rendered mazes as they come: bytes, or PDF pages (puzzles in order, their
/// solutions at the back of the book, each page written as soon as it is made).
struct Collector {
    separator: bool,
    draw: Draw,
    /// Whether the mazes are a MultiMaze (the PDF's default title and instructions).
    multi: bool,
    /// Whether several mazes go in the file: PDF pages are then headed "Puzzle n".
    several: bool,
    /// The PDF being written, from its first page on.
    book: Option<pdf::Book>,
    /// Puzzles written so far.
    puzzles: usize,
}

/// Runs a PDF book's write `f` on `sink`, giving back an error of the sink's as the I/O
/// error it was (the PDF writer words it as its own), so that a closed pipe ends quietly
/// as it does for every other format.
fn pdf_io<T>(
    sink: &mut dyn Write,
    f: impl FnOnce(&mut dyn Write) -> std::result::Result<T, maze_core::Error>,
) -> Result<T> {
    /// A writer that keeps the first error of the one under it.
    struct Kept<'a> {
        inner: &'a mut dyn Write,
        error: Option<std::io::Error>,
    }
    impl Kept<'_> {
        fn keep(&mut self, e: std::io::Error) -> std::io::Error {
            let copy = std::io::Error::new(e.kind(), e.to_string());
            self.error.get_or_insert(e);
            copy
        }
    }
    impl Write for Kept<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.inner.write(buf).map_err(|e| self.keep(e))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            self.inner.flush().map_err(|e| self.keep(e))
        }
    }
    let mut kept = Kept { inner: sink, error: None };
    let result = f(&mut kept);
    result.map_err(|e| kept.error.take().map_or(Error::Core(e), Error::Io))
}

impl Collector {
    fn new(format: Format, draw: &Draw, multi: bool, several: bool) -> Self {
        Collector {
            separator: matches!(format, Format::Text | Format::Unicode | Format::Prompt),
            draw: draw.clone(),
            multi,
            several,
            book: None,
            puzzles: 0,
        }
    }

    fn add(&mut self, sink: &mut dyn Write, rendered: Rendered, first: bool) -> Result<()> {
        match rendered {
            Rendered::Bytes(bytes) => {
                if !first && self.separator {
                    sink.write_all(b"\n")?;
                }
                sink.write_all(&bytes)?;
            }
            Rendered::Write(write) => {
                if !first && self.separator {
                    sink.write_all(b"\n")?;
                }
                write(sink)?;
            }
            Rendered::Pages { mut puzzle, solution } => {
                maze_core::cancel::check()?;
                let book = match &mut self.book {
                    Some(book) => book,
                    None => {
                        // Every page keeps room for a heading when any page has one: a
                        // book's pages all do, one maze's solution page does.
                        let band = self.several || solution.is_some();
                        let style = draw_style(&self.draw, Format::Pdf, self.multi, &Picture::default());
                        let mut book = pdf::Book::new(&page_setup(&self.draw), &style, band)?;
                        pdf_io(sink, |out| book.start(out))?;
                        self.book.insert(book)
                    }
                };
                self.puzzles += 1;
                let n = self.puzzles;
                puzzle.heading = self.several.then(|| format!("Puzzle {n}"));
                pdf_io(sink, |out| book.add(out, &puzzle, pdf::Part::Front))?;
                if let Some(mut s) = solution {
                    s.heading = Some(if self.several {
                        format!("Solution to puzzle {n}")
                    } else {
                        "Solution".into()
                    });
                    pdf_io(sink, |out| book.add(out, &s, pdf::Part::Back))?;
                }
            }
        }
        Ok(())
    }

    fn finish(self, sink: &mut dyn Write, notes: &Notes) -> Result<()> {
        if let Some(book) = self.book {
            if book.shrunk() {
                notes.push(format!(
                    "note: the maze is drawn smaller than {} mm cells to fit the paper (--cell-size asks for an exact size, --paper for more room)",
                    draw_style(&self.draw, Format::Pdf, self.multi, &Picture::default()).cell_size
                ));
            }
            pdf_io(sink, |out| book.finish(out))?;
        }
        Ok(())
    }
}

/// A note on about how much memory a maze above the default cell limit will take (the
/// limit was raised with --max-cells): the walls (at most 4 bits a cell) and the larger of
/// the generator's tables and the solver's (the generator's are freed before solving).
pub(crate) fn memory_note(args: &MazeRequest, spec: &ShapeSpec) -> String {
    let cells = spec.cells() as f64;
    let walls = cells / 2.0;
    let square_lattice =
        spec.kind == ShapeKind::Square && spec.mask.is_none() && !spec.wrap.any() && spec.levels <= 1;
    let generator = cells * args.algorithm.bytes_per_cell(spec.cells(), square_lattice);
    let solver = args.solve.map_or(0.0, |s| s.memory(spec.cells(), args.no_visited) as f64);
    let solving = match args.solve {
        None => String::new(),
        Some(s) => format!(", freed before {} to solve with {s}", budget::human(solver as u64)),
    };
    let hint = if args.solve.is_some() && !args.no_visited {
        " (--no-visited keeps the path alone: bfs then takes 1 byte a cell)"
    } else {
        ""
    };
    format!(
        "note: {} cells, above the default limit: about {} of memory (walls {}, {} for {}{solving}){hint}",
        spec.cells(),
        budget::human((walls + generator.max(solver)) as u64),
        budget::human(walls as u64),
        budget::human(generator as u64),
        args.algorithm,
    )
}

/// The mazes `generate` kept: the seed of each and its statistics when they were computed,
/// and how many mazes were made in all (more than kept when filters refused some).
#[derive(Debug)]
pub struct Kept {
    /// Each kept maze's seed, and its statistics when they were computed.
    pub mazes: Vec<(u64, Option<maze_core::stats::Stats>)>,
    /// How many mazes were made in all.
    pub tried: u64,
    /// Notes for the user (an animation cut short, a PDF maze drawn smaller than asked).
    pub notes: Vec<String>,
}

/// Refuses `--parametric` with what the OpenSCAD program cannot do: it is one square
/// binary-tree maze, unsolved, with OpenSCAD's own randomness, and its entrance and exit
/// open on its border ([`parametric_opening`]).
pub(crate) fn check_parametric(args: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let refuse = |what: &str| -> Result<()> {
        Err(Error::Request(format!(
            "--parametric writes an OpenSCAD program that builds a square binary-tree maze itself; it cannot {what}"
        )))
    };
    if args.format != Format::Scad {
        return refuse(&format!("be written as {} (use --format scad)", args.format.name()));
    }
    if spec.kind != ShapeKind::Square || spec.mask.is_some() {
        return refuse("follow another shape or a mask");
    }
    // The default generator stands for "not chosen"; any other choice is refused.
    if !matches!(args.algorithm, Algorithm::BinaryTree | Algorithm::RecursiveBacktracker) {
        return refuse(&format!("use the {} algorithm", args.algorithm));
    }
    if args.solve.is_some() || args.braid.is_some() || args.starts.is_some() || args.animate {
        return refuse("show a solution, braid, MultiMaze dots or an animation");
    }
    if args.has_end_rules() {
        return refuse("follow endpoint rules (--deadend-start, --allowed-start, --min-distance, ...)");
    }
    if args.count > 1 {
        return refuse("make several mazes (change its seed parameter instead)");
    }
    if spec.width < 2 || spec.height < 2 {
        return refuse("be smaller than 2 x 2");
    }
    let (entrance, exit) = parametric_ends(args, spec)?;
    let (rows, columns) = (spec.height, spec.width);
    if entrance.side == exit.side && entrance.index(rows, columns) == exit.index(rows, columns) {
        return Err(Error::Request(format!(
            "--entrance and --exit open the same wall (the {} side of the same cell); the --parametric program needs two openings",
            entrance.side.name()
        )));
    }
    Ok(())
}

/// The parametric program's entrance and exit: `--entrance` and `--exit` where given
/// ([`parametric_opening`]), else document 002's corners.
fn parametric_ends(args: &MazeRequest, spec: &ShapeSpec) -> Result<(scad::Opening, scad::Opening)> {
    let entrance = match args.entrance {
        Some(end) => parametric_opening("--entrance", end, spec)?,
        None => scad::Opening::ENTRANCE,
    };
    let exit = match args.exit {
        Some(end) => parametric_opening("--exit", end, spec)?,
        None => scad::Opening::EXIT,
    };
    Ok((entrance, exit))
}

/// Where `--entrance` or `--exit` (`flag`) opens the parametric program's border, in the
/// picture as it is seen: a side names its middle cell; a border cell `x,y` (x from the
/// left, y from the top) opens the west side in the left column, the east side in the
/// right column, else the north side in the top row and the south side in the bottom row.
/// West and east cells are counted from the bottom, north and south ones from the left.
///
/// # Errors
/// [`Error::Request`] for an end the program has no parameter for: an inner cell, a cell
/// outside the maze, an id, `random`, `farthest`, `outer` or `centre`.
pub(crate) fn parametric_opening(flag: &str, end: EndSpec, spec: &ShapeSpec) -> Result<scad::Opening> {
    use crate::masks::Side;
    use scad::{Along, Border, Opening};
    let (w, h) = (spec.width, spec.height);
    let middle = |side| Ok(Opening { side, cell: Along::Middle });
    match end {
        EndSpec::Side(Side::Left) => middle(Border::West),
        EndSpec::Side(Side::Right) => middle(Border::East),
        EndSpec::Side(Side::Top) => middle(Border::North),
        EndSpec::Side(Side::Bottom) => middle(Border::South),
        EndSpec::Cell(x, y) if x < w && y < h => {
            let (side, cell) = if x == 0 {
                (Border::West, h - 1 - y)
            } else if x == w - 1 {
                (Border::East, h - 1 - y)
            } else if y == 0 {
                (Border::North, x)
            } else if y == h - 1 {
                (Border::South, x)
            } else {
                return Err(Error::Request(format!(
                    "{flag} {end}: the --parametric program opens a cell on its border (x 0 or {}, or y 0 or {}), or a side",
                    w - 1,
                    h - 1
                )));
            };
            Ok(Opening { side, cell: Along::Cell(cell) })
        }
        EndSpec::Cell(..) => Err(Error::Request(format!(
            "{flag} {end}: no such cell in a {w}x{h} maze (x from 0 to {}, y from 0 to {})",
            w - 1,
            h - 1
        ))),
        _ => Err(Error::Request(format!(
            "{flag} {end}: the --parametric program opens a side (west, east, north, south) or a border cell x,y, not {end}"
        ))),
    }
}

/// Document 002's OpenSCAD program for the `generate` options (`--parametric`).
///
/// # Errors
/// As [`parametric_opening`], for an entrance or exit the program cannot open.
pub(crate) fn parametric_program(args: &MazeRequest, spec: &ShapeSpec, seed: u64) -> Result<String> {
    let style = draw_style(&args.draw(), Format::Scad, false, &Picture::default());
    let (entrance, exit) = parametric_ends(args, spec)?;
    Ok(scad::parametric(&scad::Parametric {
        rows: spec.height,
        columns: spec.width,
        seed,
        bias: args.bias.unwrap_or_default().name().to_string(),
        entrance,
        exit,
        model: model(&style, args.wall_height, args.base),
    }))
}

/// Generates `args.count` mazes from `seed` on (or the part `args.part` of `args.parts`)
/// and writes them to `sink` in `args.format`. With `--where`, `--hardness` or endpoint
/// rules, maze `i` tries seeds `seed + i`, `seed + i + count`, ... ([`SeedOrder`]; at most
/// `--max-tries` in all, else an error and nothing written).
pub(crate) fn write_mazes(
    args: &MazeRequest,
    spec: &ShapeSpec,
    animation: Option<&Animation>,
    seed: u64,
    sink: &mut dyn Write,
    progress: &(dyn Fn() + Sync),
) -> Result<Kept> {
    let multi = args.multi();
    let draw = args.draw();
    let notes = Notes::default();
    let filters = crate::filter::filters(&args.wheres, args.hardness);
    let max_tries = max_tries(args, spec);
    let mut collector = Collector::new(args.format, &draw, multi, args.count > 1);
    let first_part = args.part_range().start == 0;
    let mut kept = Kept { mazes: Vec::new(), tried: 0, notes: Vec::new() };
    let job = |this: u64| GenerateJob {
        args,
        seed: this,
        compact: args.count > 1,
        animation,
        filters: &filters,
        want_stats: args.stats.is_some(),
        draw: &draw,
        notes: &notes,
    };
    // PDF pages wait as scenes (shaded cells and all) until written: smaller batches.
    let batch_cells = if args.format == Format::Pdf { PDF_BATCH_CELLS } else { BATCH_CELLS };
    let make = |this: u64| -> Result<Option<(Rendered, Option<maze_core::stats::Stats>)>> {
        let made = spec.clone().visit(job(this))?;
        Ok(made.rendered.map(|r| (r, made.stats)))
    };
    let order = SeedOrder { args, spec, seed, batch_cells, filters: &filters, max_tries };
    kept.tried = order.run(make, |this, (rendered, stats)| {
        // The batch's first maze (not a later part's): parts joined are the batch's bytes.
        collector.add(sink, rendered, first_part && kept.mazes.is_empty())?;
        kept.mazes.push((this, stats));
        progress();
        Ok(())
    })?;
    collector.finish(sink, &notes)?;
    kept.notes = notes.take();
    Ok(kept)
}

/// The seeds a batch tries, and how: maze `i` of a batch of `count` (`0 <= i < count`)
/// tries seeds `seed + i`, `seed + i + count`, `seed + i + 2 count`, ... and keeps the
/// first that passes the filters and endpoint rules (without them, `seed + i` itself). So
/// maze `i` depends on `i` alone, no seed is tried twice, and a part of the batch
/// (`--part K --parts N`) is the whole batch's mazes `K*count/N .. (K+1)*count/N`, made
/// anywhere. With filters, at most `max_tries` mazes are made in all, in rounds (each round
/// tries every maze still missing once, in index order), else
/// [`crate::filter::not_enough`].
struct SeedOrder<'a> {
    args: &'a MazeRequest,
    spec: &'a ShapeSpec,
    seed: u64,
    /// About how many cells are made at once on all cores before they are taken in order.
    batch_cells: u64,
    filters: &'a [crate::filter::Filter],
    max_tries: u64,
}

impl SeedOrder<'_> {
    /// The seed maze `index` tries in round `round`.
    fn seed_of(&self, index: u64, round: u64) -> u64 {
        self.seed.wrapping_add(index.wrapping_add(round.wrapping_mul(u64::from(self.args.count))))
    }

    /// Makes the mazes of the request's part a window of indices at a time on every core
    /// (rayon) with `make(seed)` (`None`: the maze failed a filter or the endpoint rules),
    /// and hands them to `take` in index order, each with its seed, so whatever the threads
    /// the result is the serial run's. Returns how many mazes were made (speculative ones
    /// a serial run would not have made are not counted).
    fn run<T: Send>(
        &self,
        make: impl Fn(u64) -> Result<Option<T>> + Sync,
        mut take: impl FnMut(u64, T) -> Result<()>,
    ) -> Result<u64> {
        let part = self.args.part_range();
        let refuses = self.args.refuses_some();
        let per_batch = (self.batch_cells / self.spec.cells().max(1)).clamp(1, MAX_BATCH_MAZES);
        let (mut kept, mut tried) = (0u64, 0u64);
        let mut start = part.start;
        while start < part.end {
            let end = (start + per_batch).min(part.end);
            let mut found: Vec<Option<(u64, T)>> = (start..end).map(|_| None).collect();
            let mut pending: Vec<u64> = (start..end).collect();
            let mut round = 0u64;
            while !pending.is_empty() {
                maze_core::cancel::check()?;
                let n = pending.len() as u64;
                let left = if refuses { self.max_tries.saturating_sub(tried) } else { u64::MAX };
                if n > left {
                    let so_far = kept + found.iter().flatten().count() as u64;
                    return Err(crate::filter::not_enough(
                        so_far,
                        part.end - part.start,
                        tried,
                        (self.seed, u64::from(self.args.count)),
                        self.filters,
                        self.args.has_end_rules(),
                    ));
                }
                // Rounds made at once: one, or with few mazes missing (a small batch, the
                // last of a rare condition), more to keep every core busy, at most as many
                // as made so far (speculation at most doubles the work) and within the tries left.
                let rounds = if refuses { (per_batch / n).clamp(1, round.max(1)).min(left / n) } else { 1 };
                let seeds: Vec<u64> = (0..rounds)
                    .flat_map(|r| pending.iter().map(move |&i| (i, round + r)))
                    .map(|(i, r)| self.seed_of(i, r))
                    .collect();
                let mut made: Vec<Option<Result<Option<T>>>> = if seeds.len() == 1 {
                    vec![Some(make(seeds[0]))]
                } else {
                    use rayon::prelude::*;
                    // Rayon's threads have no cancellation flag of their own: each maze gets the job's.
                    let flag = maze_core::cancel::current();
                    seeds
                        .par_iter()
                        .map(|&this| {
                            let one = || make(this);
                            Some(match &flag {
                                Some(flag) => maze_core::cancel::with_flag(flag.clone(), one),
                                None => one(),
                            })
                        })
                        .collect()
                };
                // The rounds in order, each over the mazes still missing, as a serial run.
                let mut done = vec![false; pending.len()];
                for r in 0..rounds {
                    for (pos, &i) in pending.iter().enumerate() {
                        if done[pos] {
                            continue;
                        }
                        tried += 1;
                        let at = (r * n) as usize + pos;
                        if let Some(item) = made[at].take().unwrap_or(Ok(None))? {
                            found[(i - start) as usize] = Some((self.seed_of(i, round + r), item));
                            done[pos] = true;
                        }
                    }
                }
                let before = pending.len();
                pending = pending.into_iter().zip(done).filter(|(_, d)| !d).map(|(i, _)| i).collect();
                if !refuses && pending.len() == before {
                    return Err(Error::Request(
                        "a maze was refused without a filter (an internal error)".into(),
                    ));
                }
                round += rounds;
            }
            for (this, item) in found.into_iter().flatten() {
                take(this, item)?;
                kept += 1;
            }
            start = end;
        }
        Ok(tried)
    }
}

/// What [`crate::Plan::collect`] keeps of each maze it makes, whatever its shape: a front
/// end's own form of the maze (arrays for the Python module, say). Called once for every
/// maze that passed the filters, on any thread.
pub trait Keep: Sync {
    /// What is kept of one maze.
    type Item: Send;
    /// Takes what it needs of `built` (and its statistics, when they were computed).
    ///
    /// # Errors
    /// Whatever keeping fails with; the batch stops with it.
    fn keep<S: Shape>(&self, built: Built<S>, stats: Option<maze_core::stats::Stats>) -> Result<Self::Item>;
}

/// One maze for [`crate::Plan::collect`], once the shape is known.
struct CollectJob<'a, K> {
    args: &'a MazeRequest,
    seed: u64,
    filters: &'a [crate::filter::Filter],
    want_stats: bool,
    keep: &'a K,
}

impl<K: Keep> ShapeVisitor for CollectJob<'_, K> {
    type Output = Result<Option<K::Item>>;

    fn visit<S: Shape>(self, shape: S) -> Self::Output {
        let Some(built) = try_build(shape, self.args, self.seed, None)? else {
            return Ok(None);
        };
        let (pass, stats) = crate::filter::check(&built.maze, self.filters, self.want_stats);
        if !pass {
            return Ok(None);
        }
        self.keep.keep(built, stats).map(Some)
    }
}

/// The mazes of a [`crate::Plan`] as `keep` keeps them, with their seeds, in the batch's order
/// (the seeds and filters of [`write_mazes`]).
pub(crate) fn collect_mazes<K: Keep>(
    args: &MazeRequest,
    spec: &ShapeSpec,
    seed: u64,
    want_stats: bool,
    keep: &K,
) -> Result<Vec<(u64, K::Item)>> {
    let part = args.part_range();
    let mut out = Vec::with_capacity((part.end - part.start) as usize);
    each_maze(args, spec, seed, want_stats, keep, |this, item| {
        out.push((this, item));
        Ok(())
    })?;
    Ok(out)
}

/// The mazes of a [`crate::Plan`] as `keep` keeps them, handed to `take` with their seeds
/// in the batch's order as they are made (the seeds and filters of [`write_mazes`]): at most one
/// batch of them (about [`BATCH_CELLS`] cells, at most 4096 mazes) waits at a time.
/// Returns how many mazes were made (filters included).
pub(crate) fn each_maze<K: Keep>(
    args: &MazeRequest,
    spec: &ShapeSpec,
    seed: u64,
    want_stats: bool,
    keep: &K,
    take: impl FnMut(u64, K::Item) -> Result<()>,
) -> Result<u64> {
    let filters = crate::filter::filters(&args.wheres, args.hardness);
    let max_tries = max_tries(args, spec);
    let order = SeedOrder { args, spec, seed, batch_cells: BATCH_CELLS, filters: &filters, max_tries };
    let make =
        |this: u64| spec.clone().visit(CollectJob { args, seed: this, filters: &filters, want_stats, keep });
    order.run(make, take)
}

/// How many mazes of `cells` cells a batch makes at once before handing them over in
/// order ([`crate::Plan::each`]): what a front end holds in flight besides what it keeps.
pub fn maze_batch(cells: u64) -> u64 {
    (BATCH_CELLS / cells.max(1)).clamp(1, MAX_BATCH_MAZES)
}

/// The mazes of the given seeds (no filters, whatever the request says) as `keep` keeps
/// them, in the order of `seeds`, made on every core.
pub(crate) fn collect_seeds<K: Keep>(
    args: &MazeRequest,
    spec: &ShapeSpec,
    seeds: &[u64],
    want_stats: bool,
    keep: &K,
) -> Result<Vec<K::Item>> {
    use rayon::prelude::*;
    let flag = maze_core::cancel::current();
    seeds
        .par_iter()
        .map(|&seed| {
            let one = || {
                let job = CollectJob { args, seed, filters: &[], want_stats, keep };
                spec.clone().visit(job)?.ok_or_else(|| {
                    Error::Request(format!(
                        "no entrance and exit of the maze of seed {seed} meet the endpoint rules"
                    ))
                })
            };
            match &flag {
                Some(flag) => maze_core::cancel::with_flag(flag.clone(), one),
                None => one(),
            }
        })
        .collect()
}

/// How many mazes a request's filters try at most: `max-tries`, else
/// [`default_max_tries`] for the mazes its part asks for.
fn max_tries(args: &MazeRequest, spec: &ShapeSpec) -> u64 {
    let range = args.part_range();
    let asked = u32::try_from(range.end - range.start).unwrap_or(u32::MAX);
    args.max_tries.unwrap_or_else(|| default_max_tries(asked, spec.cells()))
}

/// How many mazes of `cells` cells `--where` and `--hardness` try at most unless
/// `--max-tries` says: a budget of cells made, a million for each maze asked for (1000
/// mazes of 1,000 cells), so a maze of up to 1,000 cells gets 1000 tries, a bigger one
/// fewer (a 300 x 300 one 11) and at least one; at most a million in all. The time a
/// rare condition takes to give up then grows with the mazes asked for, not with their size.
pub fn default_max_tries(count: u32, cells: u64) -> u64 {
    let per_maze = (TRY_CELLS / cells.max(1)).clamp(1, 1000);
    u64::from(count).saturating_mul(per_maze).min(MAX_TRIES)
}

/// The cells the default tries make for each maze asked for ([`default_max_tries`]).
const TRY_CELLS: u64 = 1_000_000;

/// The most tries by default (see [`default_max_tries`]).
const MAX_TRIES: u64 = 1_000_000;

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
        };
        let multi = maze.is_multi();
        let fresh;
        let solution: Option<(&Solution, &str)> = match self.solve {
            Some((solver, from, to)) => {
                // The dots and openings move with --from/--to, so the picture shows the route.
                if from.is_some() || to.is_some() {
                    let mut rng = Xoshiro::seed_from_u64(self.file.seed.unwrap_or(0));
                    crate::masks::place_ends(&mut maze, from, to, &mut rng)?;
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
pub fn file_spec(file: &MazeFile, limits: &crate::Limits) -> Result<ShapeSpec> {
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
        let mut collector = Collector::new(self.format, &self.draw, self.multi, false);
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
    crate::plan::check_model(r)?;
    crate::plan::check_drawing(r)?;
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
    crate::plan::check_solution_shown(r, solution, how)?;
    if animation.is_none() {
        budget::check(&like_file(file, &spec, r.format, &draw, solution), &spec, &limits)?;
    }
    // After the output's size, as a generated maze's plan does.
    budget::check_solve_memory(job.solve.map(|s| s.solver), draw.no_visited, &spec, limits.max_memory)?;
    let multi = file.starts.len() > 1 || file.ends.len() > 1;
    if r.numbered && !multi {
        return Err(Error::Request(crate::plan::numbered_alone()));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(w: f64, h: f64, woven: bool) -> Picture {
        Picture { extent: Point { x: w, y: h }, woven, ..Picture::default() }
    }

    #[test]
    fn small_mazes_make_pictures_about_800_px_long() {
        // The default 20 x 10 maze: 38 px a cell, 798 px wide with its margins.
        assert_eq!(raster_cell(&picture(20.0, 10.0, false)), 38.0);
        for side in [5.0, 12.0, 30.0, 60.0, 150.0] {
            let cell = raster_cell(&picture(side, side / 2.0, false));
            let long = (side + 1.0) * cell;
            assert!((600.0..=RASTER_LONG_SIDE).contains(&long), "{side}: {cell} px a cell, {long} px");
        }
    }

    #[test]
    fn the_cell_size_stays_between_its_bounds() {
        assert_eq!(raster_cell(&picture(1.0, 1.0, false)), RASTER_MOST_CELL);
        assert_eq!(raster_cell(&picture(1000.0, 1000.0, false)), RASTER_LEAST_CELL);
        // A woven maze keeps room for its bridges, however large (under the pixel limit).
        assert_eq!(raster_cell(&picture(24.0, 16.0, false)), 32.0);
        assert_eq!(raster_cell(&picture(200.0, 200.0, true)), RASTER_WOVEN_CELL);
        assert_eq!(raster_cell(&picture(200.0, 200.0, false)), 3.0);
    }

    #[test]
    fn pictures_stay_under_the_pixel_limit_above_the_least_cell() {
        let woven = picture(1000.0, 1000.0, true);
        let cell = raster_cell(&woven);
        assert!(
            cell >= RASTER_LEAST_CELL && 1001.0 * 1001.0 * cell * cell <= png::MAX_PIXELS as f64,
            "{cell}"
        );
        // An animation's frames share a budget of pixel-frames.
        let frames = picture(60.0, 60.0, true).frames(2000);
        let cell = raster_cell(&frames);
        assert!(61.0 * 61.0 * cell * cell * 2000.0 <= animate::MAX_PIXEL_FRAMES as f64, "{cell}");
    }

    #[test]
    fn an_asked_cell_size_is_kept_and_walls_are_a_pixel_at_least() {
        let small = picture(1000.0, 1000.0, false);
        let style = draw_style(&Draw::default(), Format::Png, false, &small);
        assert_eq!((style.cell_size, style.wall_width), (2.0, 1.0));
        let asked = Draw { cell_size: Some("12".parse().unwrap()), ..Draw::default() };
        let style = draw_style(&asked, Format::Png, false, &small);
        assert_eq!((style.cell_size, style.wall_width), (12.0, 1.5));
        // Vector formats keep their fixed defaults.
        assert_eq!(
            draw_style(&Draw::default(), Format::Svg, false, &small).cell_size,
            Style::default().cell_size
        );
    }
}

/// The work after making a maze gives the same bytes on the shape's own type and on its
/// [`maze_core::Erased`] form (which the WebAssembly module uses): every shape type × every
/// format, animations, statistics and the solution included.
#[cfg(test)]
mod cold {
    use super::*;
    use crate::Plan;
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
                let mut collector = Collector::new(args.format, &draw, args.multi(), false);
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
