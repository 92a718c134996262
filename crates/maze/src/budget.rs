//! Size limits checked before any work: the cells (`--max-cells`), a png's pixels
//! (`--max-pixels`) and every output's bytes (`--max-bytes`), for `generate`, `solve`,
//! `render` and `maze serve` alike.
//!
//! Bytes are estimated by drawing the same job — shape, generator, options, format — on
//! two small samples (8 x 8 and 16 x 16 cells), fitting bytes = fixed + per-cell x cells,
//! and extrapolating with a margin for longer numbers (ids and coordinates gain digits as
//! mazes grow) and 25% to spare. The samples take about a millisecond; the estimate errs
//! high (a test checks it stays within 4x of the truth on every shape and format).

use maze_core::{Point, ShapeKind, ShapeSpec};
use maze_render::Format;
use maze_render::scene::Scene;

use crate::batch::write_mazes;
use crate::error::{Error, Result, human};
use crate::picture::draw_style;
use crate::request::{Limits, MazeRequest};

/// The most mazes one PDF book holds: the pages are kept in memory until the end (puzzles
/// first, solutions at the back), about 6 KB each for a small maze.
pub const MAX_PDF_MAZES: u32 = 10_000;

/// Checks `args` (one maze or a batch of `args.count`, of shape `spec`) against `limits`
/// before anything is generated or read: pixels for png, the estimated bytes for every
/// format but gif (whose frames are checked by the animation's own limits), and the size
/// of a PDF book.
///
/// # Errors
/// A [`Error::Request`] naming the estimate, the limit and the flag that raises it.
pub fn check(args: &MazeRequest, spec: &ShapeSpec, limits: &Limits) -> Result<()> {
    let format = args.format;
    if args.stats.is_some() || !args.wheres.is_empty() || args.hardness.is_some() {
        check_stats_memory(spec, limits.max_memory)?;
    }
    if format == Format::Gif || args.animate {
        return Ok(());
    }
    // The mazes this run writes: the batch, or its part.
    let part = args.part_range();
    let n = part.end - part.start;
    if format == Format::Pdf && n > u64::from(MAX_PDF_MAZES) {
        return Err(Error::Request(format!(
            "a PDF book holds at most {MAX_PDF_MAZES} mazes (--count {n}): make several books with --part and --parts"
        )));
    }
    let multi = args.starts.unwrap_or(1) > 1 || args.ends.unwrap_or(1) > 1;
    let picture = crate::picture::Picture::of_spec(spec);
    let extent = picture.extent;
    if format == Format::Png {
        let style = draw_style(&args.draw(), format, multi, &picture);
        let scene = Scene { width: extent.x, height: extent.y, ..Scene::default() };
        let (w, h) = maze_render::png::image_size(&scene, &style);
        maze_render::png::check_size(w, h, limits.max_pixels)?;
    }
    let bytes = estimate_bytes(args, spec, extent)?;
    if bytes > limits.max_bytes {
        return Err(Error::Request(format!(
            "the {} output of {} {}x{} {} maze{} would be about {}, over the limit of {} (raise it with --max-bytes)",
            format.name(),
            if n > 1 { n.to_string() } else { "this".to_string() },
            spec.width,
            spec.height,
            spec.kind,
            if n > 1 { "s" } else { "" },
            human(bytes),
            human(limits.max_bytes),
        )));
    }
    // After the size: a text picture too large to write is said so first.
    if matches!(format, Format::Text | Format::Unicode) {
        check_text_memory(spec, bytes / n.max(1), limits.max_memory)?;
    }
    Ok(())
}

/// How many bytes of memory a text picture holds while it is drawn, for each byte it
/// comes to: a plain square maze's rows go straight into the text (with room for its
/// growth); levels, weave and the other shapes pass through a grid of characters (4 bytes
/// each) and the rows as strings. Measured at 2000 x 2000 (`/usr/bin/time -f %M`): square
/// 2.3 (unicode 1.3), triangle 4.4, weave 6.9 and 16 levels 6.3 times the text's size, the
/// maze's own memory included; the estimate of the size is itself a quarter high.
const TEXT_MEMORY_PER_BYTE: (u64, u64) = (2, 8);

/// Checks that drawing one maze of shape `spec` as text, `bytes` long, stays within
/// `max_memory` (a text picture is held whole while it is drawn).
fn check_text_memory(spec: &ShapeSpec, bytes: u64, max_memory: u64) -> Result<()> {
    let plain = spec.kind == maze_core::ShapeKind::Square && spec.levels <= 1 && spec.weave.is_none();
    let factor = if plain { TEXT_MEMORY_PER_BYTE.0 } else { TEXT_MEMORY_PER_BYTE.1 };
    let what = || format!("drawing this {}x{} {} maze as text", spec.width, spec.height, spec.kind);
    within_memory(what, bytes.saturating_mul(factor), max_memory)
}

/// Refuses work that would need `needed` bytes of memory, over `max_memory`, before it
/// starts: "`what` would take about N of memory, over the limit of M (raise it with
/// --max-memory)".
fn within_memory(what: impl FnOnce() -> String, needed: u64, max_memory: u64) -> Result<()> {
    if needed > max_memory {
        return Err(Error::Request(format!(
            "{} would take about {} of memory, over the limit of {} (raise it with --max-memory)",
            what(),
            human(needed),
            human(max_memory),
        )));
    }
    Ok(())
}

/// Checks that computing the statistics of one maze of shape `spec` (`maze stats`,
/// `--stats`, `--where`, `--hardness`) stays within `max_memory`, by
/// [`maze_core::stats::memory`], before any work.
///
/// # Errors
/// A [`Error::Request`] naming the estimate, the limit and the flag that raises it.
pub fn check_stats_memory(spec: &ShapeSpec, max_memory: u64) -> Result<()> {
    let what = || format!("the statistics of a {}x{} {} maze", spec.width, spec.height, spec.kind);
    within_memory(what, maze_core::stats::memory(spec.cells()), max_memory)
}

/// Checks the limits themselves: each above 0, and `--max-cells` at most its ceiling
/// ([`maze_core::limits::HARD_MAX_CELLS`]: cell ids must fit in 32 bits), rather than
/// clamped to it without a word.
///
/// # Errors
/// A [`Error::Request`] naming the flag (and, for `--max-cells`, the ceiling).
pub fn check_limits(limits: &Limits) -> Result<()> {
    let values =
        [("max-cells", limits.max_cells), ("max-bytes", limits.max_bytes), ("max-memory", limits.max_memory)];
    for (field, v) in values {
        if v == 0 {
            return Err(Error::Request(format!("--{field}: must be above 0")));
        }
    }
    let ceiling = maze_core::limits::HARD_MAX_CELLS;
    if limits.max_cells > ceiling {
        return Err(Error::Request(format!(
            "--max-cells {} is over the ceiling of {ceiling} cells (2^30: cell ids must fit in 32 bits)",
            limits.max_cells
        )));
    }
    Ok(())
}

/// The advice after a refusal by `--max-cells` at `max_cells`: to raise it, unless it is
/// already at its ceiling (then there is nothing to raise).
pub fn raise_cells_hint(max_cells: u64) -> &'static str {
    if max_cells >= maze_core::limits::HARD_MAX_CELLS {
        " (the ceiling of --max-cells)"
    } else {
        " (raise it with --max-cells)"
    }
}

/// Checks that solving one maze of shape `spec` with `solver` (`--solve`, `maze solve`)
/// stays within `max_memory`, by [`maze_core::Solver::memory`] (`route_only`: the path
/// alone, `--no-visited`), before any work; nothing to check without a solver.
///
/// # Errors
/// A [`Error::Request`] naming the estimate, the limit and the flag that raises it.
pub fn check_solve_memory(
    solver: Option<maze_core::Solver>,
    route_only: bool,
    spec: &ShapeSpec,
    max_memory: u64,
) -> Result<()> {
    let Some(solver) = solver else { return Ok(()) };
    let what = || {
        format!(
            "solving a {}x{} {} maze ({} cells) with {solver}",
            spec.width,
            spec.height,
            spec.kind,
            spec.cells()
        )
    };
    within_memory(what, solver.memory(spec.cells(), route_only), max_memory)
}

/// Memory for each cell of the box a mask spans while a masked shape is laid out: the
/// mask's bit, a piece number while its pieces are counted, then a masked id (4 bytes
/// each), with room for the search's stack.
const MASK_BYTES_PER_BOX_CELL: u64 = 9;

/// Checks that laying a mask over `plain` (the shape's whole box, unmasked) stays within
/// `max_memory`: a masked shape takes memory for every cell of its box, however few cells
/// the mask keeps, so it is refused by the box's size.
///
/// # Errors
/// A [`Error::Request`] naming the box, the estimate, the limit and the flag that raises it.
pub fn check_mask_memory(plain: &ShapeSpec, max_memory: u64) -> Result<()> {
    let cells = plain.base_cells();
    let what = || {
        format!(
            "the mask spans a {}x{} {} box of {cells} cells; laying a mask out takes memory for every cell of its box, and this one",
            plain.width, plain.height, plain.kind
        )
    };
    within_memory(what, cells.saturating_mul(MASK_BYTES_PER_BOX_CELL), max_memory)
}

/// The estimated bytes of `args.count` mazes like `args` on `spec`, whose extent is `extent`.
///
/// # Errors
/// When a sample cannot be drawn (the same error the real job would meet).
pub fn estimate_bytes(args: &MazeRequest, spec: &ShapeSpec, extent: Point) -> Result<u64> {
    const SMALL: u32 = 8;
    const LARGE: u32 = 16;
    let small = sample_bytes(args, spec, SMALL)?;
    let large = sample_bytes(args, spec, LARGE)?;
    let (c_small, c_large) = (spec_with(spec, SMALL).cells() as f64, spec_with(spec, LARGE).cells() as f64);
    let per_cell = ((large as f64 - small as f64) / (c_large - c_small)).max(0.0);
    let fixed = (small as f64 - per_cell * c_small).max(0.0);
    // Numbers grow: cell ids up to `cells`, coordinates up to the extent times the cell size.
    let scale = args.cell_size.map_or(16.0, |l| l.px()).max(1.0);
    let sample_extent = crate::picture::Picture::of_spec(&spec_with(spec, LARGE)).extent;
    let biggest = |cells: f64, e: Point| cells.max(e.x.max(e.y) * scale);
    let digits = |x: f64| maze_core::math::log10(x.max(1.0)).floor() + 1.0;
    let growth = (digits(biggest(spec.cells() as f64, extent)) + 2.0)
        / (digits(biggest(c_large, sample_extent)) + 2.0);
    let one = fixed + per_cell * spec.cells() as f64 * growth.max(1.0);
    let part = args.part_range();
    Ok((one * 1.25 * (part.end - part.start).max(1) as f64).ceil() as u64)
}

/// The same shape kind at `side` x `side` (polar: `side` rings), laid out alike (a
/// labyrinth's rings in pairs), without a mask (a mask only removes cells, so the estimate
/// stays an upper bound).
fn spec_with(spec: &ShapeSpec, side: u32) -> ShapeSpec {
    let width = if spec.kind == maze_core::ShapeKind::Polar { spec.width } else { side };
    ShapeSpec { labyrinth: spec.labyrinth, ..ShapeSpec::plain(spec.kind, width, side) }
}

/// The bytes of one maze like `args`, at `side` x `side` cells.
fn sample_bytes(args: &MazeRequest, spec: &ShapeSpec, side: u32) -> Result<u64> {
    let mut sample = args.clone();
    let sample_spec = spec_with(spec, side);
    sample.width = Some(sample_spec.width);
    sample.height = Some(side);
    sample.mask = None;
    sample.mask_text = None;
    sample.mask_data = None;
    sample.mask_connect = false;
    sample.entrance = None;
    sample.exit = None;
    // Origin Shift's steps change which tree is made, not its size: the sample takes the
    // default ones (a few hundred), whatever was asked.
    sample.steps = None;
    // Rooms open walls and mark rectangles: a few bytes beside the cells' own (and a
    // small sample may have no room for them).
    (sample.rooms, sample.room_size, sample.room_tries, sample.extra_doors, sample.sparse) =
        (None, None, None, None, None);
    // Ends drawn by rules take no more bytes than others: the sample has the default ones.
    sample.deadend_start = false;
    sample.deadend_end = false;
    sample.allowed_start.clear();
    sample.allowed_end.clear();
    sample.min_distance = None;
    sample.difficulty = None;
    sample.count = 1;
    sample.part = None;
    sample.parts = None;
    sample.wheres.clear();
    sample.hardness = None;
    sample.stats = None;
    let dots = side * side / 4;
    sample.starts = sample.starts.map(|n| n.min(dots));
    sample.ends = sample.ends.map(|n| n.min(dots));
    let sample = sample.with_limits(&Limits::default());
    let mut out = Vec::new();
    // A sample is part of planning, not a stage of the job: its stages are not told.
    crate::stage::watching(|_| {}, || write_mazes(&sample, &sample_spec, None, 1, &mut out, &|| {}))?;
    Ok(out.len() as u64)
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
        Some(s) => format!(", freed before {} to solve with {s}", human(solver as u64)),
    };
    let hint = if args.solve.is_some() && !args.no_visited {
        " (--no-visited keeps the path alone: bfs then takes 1 byte a cell)"
    } else {
        ""
    };
    format!(
        "note: {} cells, above the default limit: about {} of memory (walls {}, {} for {}{solving}){hint}",
        spec.cells(),
        human((walls + generator.max(solver)) as u64),
        human(walls as u64),
        human(generator as u64),
        args.algorithm,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::request as args;

    fn actual(a: &MazeRequest) -> u64 {
        let plan = crate::plan::Plan::new(a).expect("plans");
        let mut out = Vec::new();
        write_mazes(a, plan.spec(), None, 3, &mut out, &|| {}).expect("draws");
        out.len() as u64
    }

    /// The estimate is never below the real size, and never more than 4x above it, for
    /// every shape and format, with and without a solution, at two sizes and aspects.
    #[test]
    fn estimates_are_upper_bounds_within_4x() {
        for shape in ["square", "hex", "triangle"] {
            for format in ["text", "unicode", "json", "svg", "tex", "scad", "stl", "pdf"] {
                for size in [["30", "20"], ["90", "60"]] {
                    for solve in [false, true] {
                        let mut words = vec!["-s", shape, "-f", format, "-W", size[0], "-H", size[1]];
                        if solve {
                            words.push("--solve");
                        }
                        if format == "stl" && size[0] == "90" {
                            continue; // slow to mesh in a debug build; 30x20 covers it
                        }
                        let a = args(&words);
                        let spec = crate::plan::Plan::new(&a).expect("plans").spec().clone();
                        let estimate =
                            estimate_bytes(&a, &spec, crate::picture::Picture::of_spec(&spec).extent)
                                .expect("estimates");
                        let real = actual(&a);
                        assert!(estimate >= real, "{words:?}: estimate {estimate} below the real {real}");
                        assert!(
                            estimate <= 4 * real,
                            "{words:?}: estimate {estimate} over 4x the real {real}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_book_is_estimated_per_maze() {
        let one = args(&["-f", "pdf", "--solve"]);
        let mut many = one.clone();
        many.count = 10;
        let spec = crate::plan::Plan::new(&one).expect("plans").spec().clone();
        let e1 =
            estimate_bytes(&one, &spec, crate::picture::Picture::of_spec(&spec).extent).expect("estimates");
        let e10 =
            estimate_bytes(&many, &spec, crate::picture::Picture::of_spec(&spec).extent).expect("estimates");
        assert!(e10.abs_diff(10 * e1) <= 10, "{e10} is not 10 x {e1}");
        assert!(actual(&many) <= e10);
    }

    /// A cell limit over its ceiling is refused, not clamped; at the ceiling no message
    /// advises raising it.
    #[test]
    fn max_cells_stops_at_its_ceiling() {
        let ceiling = maze_core::limits::HARD_MAX_CELLS;
        let over = Limits { max_cells: 2_000_000_000, ..Limits::default() };
        let e = check_limits(&over).expect_err("over the ceiling").to_string();
        assert!(e.contains("--max-cells 2000000000") && e.contains(&ceiling.to_string()), "{e}");
        let mut a = args(&["-W", "10", "-H", "10"]);
        a.max_cells = 2_000_000_000;
        assert!(crate::plan::Plan::new(&a).is_err());
        assert!(check_limits(&Limits { max_cells: ceiling, ..Limits::default() }).is_ok());
        assert!(!raise_cells_hint(ceiling).contains("raise"));
        assert!(raise_cells_hint(ceiling - 1).contains("raise it with --max-cells"));
    }

    /// Every solver's memory is checked against --max-memory before it solves: a maze
    /// every solver can solve within the limit passes, one too large for the hungriest is
    /// refused for it (naming it and the flag), and bfs's path alone is cheaper.
    #[test]
    fn solving_is_held_to_the_memory_limit() {
        let spec = maze_core::ShapeSpec::plain(maze_core::ShapeKind::Square, 8192, 8192);
        let limit = crate::DEFAULT_MAX_MEMORY;
        for &solver in maze_core::Solver::ALL {
            let needed = solver.memory(spec.cells(), false);
            match check_solve_memory(Some(solver), false, &spec, limit) {
                Err(e) => {
                    let e = e.to_string();
                    assert!(needed > limit, "{solver}: {e}");
                    assert!(e.contains(solver.name()) && e.contains("--max-memory"), "{e}");
                }
                Ok(()) => assert!(needed <= limit, "{solver}: {needed} passed"),
            }
            let small = maze_core::ShapeSpec::plain(maze_core::ShapeKind::Square, 1000, 1000);
            check_solve_memory(Some(solver), false, &small, limit).expect("a million cells solve");
        }
        let hungriest = maze_core::Solver::DeadEndFiller;
        assert!(check_solve_memory(Some(hungriest), false, &spec, limit).is_err());
        check_solve_memory(Some(maze_core::Solver::Bfs), true, &spec, limit).expect("the route alone fits");
        check_solve_memory(None, false, &spec, 1).expect("no solver, nothing to check");
        let mut a = args(&["-W", "8192", "-H", "8192", "--solve", "-f", "maze"]);
        let Err(e) = crate::plan::Plan::new(&a) else { panic!("8192x8192 solved within 512 MiB") };
        let e = e.to_string();
        assert!(e.contains("solving") && e.contains("--max-memory"), "{e}");
        a.max_memory = 1 << 30;
        crate::plan::Plan::new(&a).expect("with more memory");
    }

    /// A masked file's shape is refused by its box's size before the mask is laid out
    /// (which takes memory for every cell of the box), however few cells it keeps.
    #[test]
    fn a_masks_box_is_held_to_the_memory_limit() {
        for runs in ["[0, 67108864]", "[1, 5, 67108858]"] {
            let json = format!(
                r#"{{"format":"maze","version":1,"shape":{{"kind":"square","width":8192,"height":8192,"mask":{runs}}},"cells":5,"passages":[]}}"#
            );
            let file = maze_render::json::MazeFile::parse(&json).expect("parses");
            let start = std::time::Instant::now();
            let e = crate::redraw::file_spec(&file, &Limits::default()).expect_err("too large").to_string();
            assert!(e.contains("8192x8192") && e.contains("box") && e.contains("--max-memory"), "{e}");
            assert!(start.elapsed().as_secs_f64() < 0.5, "refused only after {:?}", start.elapsed());
        }
        let small = r#"{"format":"maze","version":1,"shape":{"kind":"square","width":3,"height":1,"mask":[0,3]},"cells":3,"passages":[[0,1],[1,2]]}"#;
        let file = maze_render::json::MazeFile::parse(small).expect("parses");
        assert_eq!(crate::redraw::file_spec(&file, &Limits::default()).expect("a small box").cells(), 3);
    }

    #[test]
    fn limits_name_their_flag() {
        let mut a = args(&["-W", "300", "-H", "300", "-f", "svg"]);
        a.max_bytes = 100_000;
        let spec = crate::plan::Plan::new(&args(&["-W", "300", "-H", "300"])).expect("plans").spec().clone();
        let e = check(&a, &spec, &a.limits()).expect_err("over the limit").to_string();
        assert!(e.contains("--max-bytes") && e.contains("svg"), "{e}");
        let mut a = args(&["-W", "300", "-H", "300", "-f", "png", "--cell-size", "100"]);
        a.max_pixels = 1_000_000;
        let e = check(&a, &spec, &a.limits()).expect_err("over the limit").to_string();
        assert!(e.contains("--max-pixels"), "{e}");
        assert_eq!(human(1 << 30), "1 GiB");
        assert_eq!(human(256 << 20), "256 MiB");
        assert_eq!(human(2_900_000_000), "2.9 GB");
    }
}
