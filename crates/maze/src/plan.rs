//! [`Plan`]: a [`MazeRequest`] checked, before any work, against everything that can be
//! known beforehand (values in range, options that go together, the shape and its cell
//! limit, what the generator supports, the ends, the page, the animation, the output's
//! bytes and pixels), then run: mazes built and written in any format.

use std::io::Write;

use maze_core::ShapeSpec;
use maze_render::Format;
use maze_render::animate::Animation;

use crate::budget;
use crate::error::{Error, Result};
use crate::job::{
    AnimationSize, Keep, Kept, animation_options, check_page, check_parametric, collect_mazes, collect_seeds,
    halves, memory_note, no_text_picture, parametric_program, supports, text_pictured, unicursal_refusal,
    write_mazes,
};
use crate::masks::Picture;
use crate::request::MazeRequest;

/// A checked request, ready to run: its shape laid out, its animation settled.
///
/// ```
/// let request = maze::MazeRequest { width: Some(4), height: Some(3), seed: Some(1), ..Default::default() };
/// let plan = maze::Plan::new(&request).expect("a valid request");
/// let mut text = Vec::new();
/// plan.write(1, &mut text, &|| {}).expect("written");
/// assert!(String::from_utf8(text).expect("text").starts_with('+'));
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    request: MazeRequest,
    spec: ShapeSpec,
    animation: Option<Animation>,
    notes: Vec<String>,
}

impl Plan {
    /// Checks `request` before any work: every value's range, options that go together,
    /// the shape (a mask file is read here) and its cell limit, the generator's support for
    /// it, the MultiMaze dots, the ends, the page, the animation, `count`, and the output's
    /// estimated bytes, pixels and memory against the limits.
    ///
    /// # Errors
    /// An [`Error::Request`] naming the fields at fault (as `--field`), or the library's
    /// error for a shape it refuses.
    pub fn new(request: &MazeRequest) -> Result<Plan> {
        plan(request, None)
    }

    /// As [`Plan::new`], with the mask picture already read (a front end that received it
    /// in the request, such as the web page's upload); `None` for no mask.
    ///
    /// # Errors
    /// As [`Plan::new`].
    pub fn with_picture(request: &MazeRequest, picture: Option<Picture>) -> Result<Plan> {
        plan(request, Some(picture))
    }

    /// The request.
    pub fn request(&self) -> &MazeRequest {
        &self.request
    }

    /// The shape, laid out (mask, wrap, levels and weave included).
    pub fn spec(&self) -> &ShapeSpec {
        &self.spec
    }

    /// The animation asked for, if any.
    pub fn animation(&self) -> Option<&Animation> {
        self.animation.as_ref()
    }

    /// Notes for the user found while checking (the memory a maze over the default cell
    /// limit will take).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Writes the request's mazes, seeds `seed`, `seed + 1`, ... (with filters, the next
    /// seeds are tried until `count` mazes pass), to `out` in the request's format;
    /// `progress` is called once for each maze written. Batches are made on every core
    /// (rayon) and written in seed order: the bytes are the serial run's.
    ///
    /// # Errors
    /// A maze could not be made or drawn within the limits, too few passed the filters,
    /// writing failed, or the job was cancelled ([`maze_core::cancel`]).
    pub fn write(&self, seed: u64, out: &mut dyn Write, progress: &(dyn Fn() + Sync)) -> Result<Kept> {
        if self.request.parametric {
            out.write_all(parametric_program(&self.request, &self.spec, seed)?.as_bytes())?;
            return Ok(Kept { mazes: vec![(seed, None)], tried: 1, notes: Vec::new() });
        }
        write_mazes(&self.request, &self.spec, self.animation.as_ref(), seed, out, progress)
    }

    /// The request's mazes (seeds `seed`, `seed + 1`, ... as [`Plan::write`], filters
    /// included) as `keep` keeps them, each with its seed, in seed order: made on every core,
    /// the same whatever the threads. With `want_stats`, `keep` gets each maze's statistics
    /// (it gets them anyway when filters needed them). For front ends that want the mazes
    /// themselves rather than a file (the Python module's arrays). The request's format
    /// plays no part.
    ///
    /// # Errors
    /// As [`Plan::write`], or `keep`'s error.
    pub fn collect<K: Keep>(&self, seed: u64, want_stats: bool, keep: &K) -> Result<Vec<(u64, K::Item)>> {
        collect_mazes(&self.request, &self.spec, seed, want_stats, keep)
    }

    /// The mazes of the given seeds, as [`Plan::collect`] makes them but without the
    /// filters and `count` (each seed makes the maze it makes in a batch), in the order of
    /// `seeds`, made on every core: a batch's mazes made again.
    ///
    /// # Errors
    /// As [`Plan::collect`].
    pub fn collect_seeds<K: Keep>(&self, seeds: &[u64], want_stats: bool, keep: &K) -> Result<Vec<K::Item>> {
        collect_seeds(&self.request, &self.spec, seeds, want_stats, keep)
    }

    /// The bytes [`Plan::write`] writes.
    ///
    /// # Errors
    /// As [`Plan::write`].
    pub fn to_vec(&self, seed: u64) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write(seed, &mut out, &|| {})?;
        Ok(out)
    }
}

/// Refuses options given where they do nothing (a generator's option with another
/// generator, page options with a format that has no page, animation options without an
/// animation, `--wall-height 0` with a format other than scad), so a request never silently
/// ignores what was asked; the model's sizes are checked here too. Part of [`Plan::new`];
/// public for front ends that make mazes without a plan (`maze generate --stream`).
///
/// # Errors
/// [`Error::Request`] naming the option and what it applies to.
pub fn check_applies(r: &MazeRequest) -> Result<()> {
    let refuse = |what: String| Err(Error::Request(what));
    check_model(r)?;
    let algorithm = r.algorithm.name();
    // A parametric OpenSCAD program is a binary tree of its own, whatever the generator.
    if r.bias.is_some() && r.algorithm != maze_core::Algorithm::BinaryTree && !r.parametric {
        return refuse(format!(
            "--bias applies to the binary-tree generator (or --parametric), not {algorithm}"
        ));
    }
    if r.policy.is_some() && r.algorithm != maze_core::Algorithm::GrowingTree {
        return refuse(format!("--policy applies to the growing-tree generator, not {algorithm}"));
    }
    check_drawing(r)?;
    if r.unicursal {
        check_unicursal(r)?;
    }
    Ok(())
}

/// Refuses drawing and animation options the request's format does not take: a title on
/// text, pdf's page options elsewhere, tex's fragment elsewhere, an animation's timing on
/// a still picture. Saved mazes drawn again (`maze solve`, `maze render`) are checked the
/// same way.
pub(crate) fn check_drawing(r: &MazeRequest) -> Result<()> {
    let refuse = |what: String| Err(Error::Request(what));
    let format = r.format.name();
    for (text, flag) in [(&r.title, "--title"), (&r.instructions, "--instructions")] {
        if let Some(c) = text.as_deref().and_then(|t| t.chars().find(|c| c.is_control())) {
            return refuse(format!(
                "{flag} has a control character ({}): it is one line of printable text",
                c.escape_unicode()
            ));
        }
    }
    if matches!(r.format, Format::Text | Format::Unicode) {
        for (given, flag) in [(r.title.is_some(), "--title"), (r.instructions.is_some(), "--instructions")] {
            if given {
                return refuse(format!("{flag} is drawn on pdf, svg and png pictures, not {format}"));
            }
        }
    }
    if r.format != Format::Pdf {
        for (given, flag) in
            [(r.paper.is_some(), "--paper"), (r.margin.is_some(), "--margin"), (r.fit, "--fit")]
        {
            if given {
                return refuse(format!("{flag} applies to pdf pages, not {format} (use --format pdf)"));
            }
        }
    }
    if r.tex_fragment && r.format != Format::Tex {
        return refuse(format!("--tex-fragment applies to tex, not {format} (use --format tex)"));
    }
    if !r.animated() {
        let timing = [
            (r.frames.is_some(), "--frames"),
            (r.delay.is_some(), "--delay"),
            (r.duration.is_some(), "--duration"),
        ];
        if let Some((_, flag)) = timing.iter().find(|(given, _)| *given) {
            return refuse(format!("{flag} applies to an animation (add --animate, or use --format gif)"));
        }
    }
    Ok(())
}

/// Refuses what a unicursal labyrinth cannot have: loops (`--braid`), MultiMaze dots, ends
/// chosen elsewhere than the path's two ends, an animation (the generator's steps are on
/// the half-size maze), rows made one at a time, a parametric program.
fn check_unicursal(r: &MazeRequest) -> Result<()> {
    let ends = "a labyrinth's entrance and exit are its path's two ends, side by side on the outer wall";
    let conflicts = [
        (r.braid.is_some(), "--braid", "it adds loops; a labyrinth has one path"),
        (
            r.starts.is_some() || r.ends.is_some(),
            "--starts/--ends",
            "a MultiMaze has many routes; a labyrinth has one",
        ),
        (r.entrance.is_some(), "--entrance", ends),
        (r.exit.is_some(), "--exit", ends),
        (
            r.animated(),
            "--animate/--zones/gif",
            "the steps would be those of the half-size maze it is made from; draw svg or png",
        ),
        (r.stream, "--stream", "rows are made one at a time; a labyrinth is made whole"),
        (r.parametric, "--parametric", "the program makes binary-tree mazes of its own"),
    ];
    match conflicts.iter().find(|(given, _, _)| *given) {
        Some((_, flag, why)) => {
            Err(Error::Request(format!("--unicursal cannot be used with {flag} ({why})")))
        }
        None => Ok(()),
    }
}

/// Checks the 3D model's sizes: `--base` above 0, `--wall-height` above 0, or 0 for
/// scad's flat (2D) drawing of the walls; both at most 10000 millimetres. Part of
/// [`Plan::new`], and of drawing a saved maze ([`crate::check_file_request`]).
///
/// # Errors
/// [`Error::Request`] naming the field, or `--wall-height 0` with a format other than scad.
pub(crate) fn check_model(r: &MazeRequest) -> Result<()> {
    let bad = |field: &str, why: &str| Err(Error::Request(format!("--{field}: {why}")));
    if !(r.wall_height.is_finite() && (0.0..=10_000.0).contains(&r.wall_height)) {
        return bad("wall-height", "must be from 0 (scad's flat drawing) to 10000");
    }
    if r.wall_height == 0.0 && r.format != Format::Scad {
        return Err(Error::Request(format!(
            "--wall-height 0 makes a flat (2D) drawing of the walls and applies to scad only, not {} (use --format scad, or a height above 0)",
            r.format.name()
        )));
    }
    if !(r.base.is_finite() && r.base > 0.0 && r.base <= 10_000.0) {
        return bad("base", "must be above 0 and at most 10000");
    }
    Ok(())
}

/// Checks the ranges of the values a command line's parser checks as it reads them (a
/// request from elsewhere, such as JSON, has not been through it), and returns the
/// request with its colours written the one way (`#rrggbb`) whatever way they came.
fn check_values(r: &MazeRequest) -> Result<MazeRequest> {
    let bad = |field: &str, why: &str| Err(Error::Request(format!("--{field}: {why}")));
    let share = |v: Option<f64>| v.is_some_and(|v| !(0.0..=1.0).contains(&v));
    if r.difficulty.is_some_and(|d| !(1..=7).contains(&d)) {
        return bad("difficulty", "must be from 1 to 7");
    }
    if !(1..=maze_core::shape::levels::MAX_LEVELS).contains(&r.levels) {
        return bad("levels", &format!("must be from 1 to {}", maze_core::shape::levels::MAX_LEVELS));
    }
    if share(r.braid) {
        return bad("braid", "must be between 0 and 1");
    }
    if r.starts == Some(0) || r.ends == Some(0) {
        return bad(if r.starts == Some(0) { "starts" } else { "ends" }, "must be at least 1");
    }
    if r.starts.is_some() != r.ends.is_some() {
        return Err(Error::Request("--starts and --ends go together (a MultiMaze has both)".into()));
    }
    if r.count == 0 {
        return bad("count", "must be at least 1");
    }
    if r.threads.is_some_and(|t| !(1..=1024).contains(&t)) {
        return bad("threads", "must be from 1 to 1024");
    }
    if r.max_tries == Some(0) {
        return bad("max-tries", "must be at least 1");
    }
    if r.dot_size.is_some_and(|v| !(0.05..=1.0).contains(&v)) {
        return bad("dot-size", "must be between 0.05 and 1");
    }
    check_applies(r)?;
    if r.frames.is_some_and(|f| !(2..=2000).contains(&f)) {
        return bad("frames", "must be from 2 to 2000");
    }
    if r.delay.is_some_and(|d| !(20..=10_000).contains(&d)) {
        return bad("delay", "must be from 20 to 10000 milliseconds");
    }
    if r.duration.is_some_and(|d| !(0.1..=600.0).contains(&d)) {
        return bad("duration", "must be from 0.1 to 600 seconds");
    }
    if r.delay.is_some() && r.duration.is_some() {
        return Err(Error::Request("--delay and --duration cannot be used together".into()));
    }
    let masks = [r.mask.is_some(), r.mask_text.is_some(), r.mask_data.is_some()];
    if masks.iter().filter(|&&m| m).count() > 1 {
        return Err(Error::Request("--mask, --mask-text and --mask-data cannot be used together".into()));
    }
    for (field, v) in [("max-cells", r.max_cells), ("max-bytes", r.max_bytes), ("max-memory", r.max_memory)] {
        if v == 0 {
            return bad(field, "must be above 0");
        }
    }
    let mut normal = r.clone();
    for (field, colour) in [
        ("wall-colour", &mut normal.wall_colour),
        ("background", &mut normal.background),
        ("path-colour", &mut normal.path_colour),
    ] {
        if let Some(c) = colour.as_mut() {
            match c.parse::<maze_render::style::Colour>() {
                Ok(parsed) => *c = parsed.hex(),
                Err(e) => return Err(Error::Request(format!("--{field}: {e}"))),
            }
        }
    }
    Ok(normal)
}

/// Checks a request and lays out its shape (the mask read and laid over it).
fn plan(request: &MazeRequest, picture: Option<Option<Picture>>) -> Result<Plan> {
    let normal = check_values(request)?;
    let args = &normal;
    let spec = match picture {
        Some(picture) => crate::masks::spec_with_picture(args, picture, args.max_cells)?,
        None => crate::masks::spec(args, args.max_cells)?,
    };
    let mut notes = Vec::new();
    if spec.cells() > maze_core::limits::MAX_CELLS {
        notes.push(memory_note(args, &spec));
    }
    let draw = args.draw();
    if args.parametric {
        check_parametric(args, &spec)?;
    }
    if !supports(spec.kind, args.algorithm) {
        return Err(Error::Request(format!(
            "the {} algorithm needs cells in rows with four sides and does not support the {} shape (see `maze list`)",
            args.algorithm, spec.kind
        )));
    }
    if spec.mask.is_some() && args.algorithm.needs_grid() {
        return Err(Error::Request(format!(
            "the {} algorithm works row by row over the whole rectangle and cannot follow a mask (use kruskal, wilson, recursive-backtracker, ...; see `maze list`)",
            args.algorithm
        )));
    }
    // A wrapped, multi-level or woven shape has no rows: the row generators refuse it
    // here, before any work, as they would when run.
    if args.algorithm.needs_grid() {
        crate::capabilities::check_runs_on(args.algorithm, &spec)?;
    }
    if args.unicursal && !halves(&spec) {
        return Err(Error::Request(unicursal_refusal(&spec)));
    }
    if let (Some(s), Some(e)) = (args.starts, args.ends)
        && u64::from(s) + u64::from(e) > spec.cells()
    {
        return Err(Error::Request(format!(
            "--starts {s} --ends {e} need {} distinct cells, but a {}x{} maze has {}",
            u64::from(s) + u64::from(e),
            spec.width,
            spec.height,
            spec.cells()
        )));
    }
    crate::masks::check_ends(&spec, &[args.entrance, args.exit])?;
    if let Some(why) = args.wheres.iter().find_map(|f| f.impossible(spec.cells())) {
        return Err(Error::Request(format!("--where {}", crate::echo(&why))));
    }
    if args.format == Format::Pdf {
        let multi = args.starts.unwrap_or(1) > 1 || args.ends.unwrap_or(1) > 1;
        check_page(&spec, &draw, multi, args.solve.is_some() || args.count > 1)?;
    }
    if matches!(args.format, Format::Text | Format::Unicode) && !text_pictured(&spec) {
        return Err(Error::Request(no_text_picture(&spec)));
    }
    let animation = animation_options(args.format, args, &draw)?;
    if let Some(animation) = &animation {
        if args.count > 1 {
            return Err(Error::Request("--count makes one file; an animation holds one maze".into()));
        }
        let multi = args.starts.unwrap_or(1) > 1 || args.ends.unwrap_or(1) > 1;
        spec.visit_cold(AnimationSize { format: args.format, draw: &draw, animation, multi })?;
    }
    if args.count > 1
        && matches!(args.format, Format::Png | Format::Svg | Format::Tex | Format::Scad | Format::Stl)
    {
        return Err(Error::Request(format!(
            "--count makes one file; {} holds one maze (use pdf for a book, json, maze or text for batches)",
            args.format.name()
        )));
    }
    budget::check(args, &spec, &args.limits())?;
    Ok(Plan { request: args.clone(), spec, animation, notes })
}
