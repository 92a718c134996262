//! [`Plan`]: a [`MazeRequest`] checked, before any work, against everything that can be
//! known beforehand (values in range, options that go together, the shape and its cell
//! limit, what the generator supports, the ends, the page, the animation, the output's
//! bytes and pixels), then run: mazes built and written in any format.

use std::io::Write;

use maze_core::{CellId, Maze, Shape, ShapeSpec, ShapeVisitor};
use maze_render::Format;
use maze_render::animate::Animation;

use crate::animation::{animation_options, check_animation_size};
use crate::batch::{Keep, Kept, collect_mazes, collect_seeds, each_maze, write_mazes};
use crate::budget;
use crate::ends::EndSpec;
use crate::error::{Error, Result};
use crate::filter::{Facts, FixedEnds};
use crate::masks::Picture;
use crate::parametric::{check_parametric, parametric_program};
use crate::picture::check_page;
use crate::request::MazeRequest;
use crate::rules::{
    check_applies, check_end_rules, check_part, halves, no_text_picture, numbered_alone, supports,
    text_pictured, tiled, unicursal_refusal,
};

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
    facts: Facts,
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

    /// What every maze of the request will be, known before any is made: the bounds its
    /// `--where` conditions were checked against (the fixed ends' distance only when there
    /// are conditions).
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Notes for the user found while checking (the memory a maze over the default cell
    /// limit will take).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Writes the request's mazes, seeds `seed`, `seed + 1`, ... (with filters or endpoint
    /// rules, maze `i` tries seeds `seed + i`, `seed + i + count`, ... until one passes; with
    /// `part` and `parts`, only that part's mazes), to `out` in the request's format;
    /// `progress` is called once for each maze written. Batches are made on every core
    /// (rayon) and written in the batch's order: the bytes are the serial run's.
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
    /// included) as `keep` keeps them, each with its seed, in the batch's order: made on every core,
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

    /// The request's mazes as [`Plan::collect`] makes them, handed to `take` with their
    /// seeds in the batch's order as they are made rather than gathered in a list: a front end
    /// writes each into its own arrays at once, and only one batch of mazes being made
    /// ([`crate::maze_batch`] of them) waits besides. Returns how many mazes were made,
    /// those the filters refused included.
    ///
    /// # Errors
    /// As [`Plan::collect`], or `take`'s error (which stops the batch).
    pub fn each<K: Keep>(
        &self,
        seed: u64,
        want_stats: bool,
        keep: &K,
        take: impl FnMut(u64, K::Item) -> Result<()>,
    ) -> Result<u64> {
        each_maze(&self.request, &self.spec, seed, want_stats, keep, take)
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
    if share(r.unreachable) {
        return bad("unreachable", "takes the share of mazes whose goal is cut off, from 0 to 1");
    }
    // Refused here, not by the weave itself, which would echo the value written out.
    if share(r.weave) {
        return bad("weave", "takes the share of inner cells that may become crossings, from 0 to 1");
    }
    if r.starts == Some(0) || r.ends == Some(0) {
        return bad(if r.starts == Some(0) { "starts" } else { "ends" }, "must be at least 1");
    }
    if r.unreachable.is_some() && (r.starts.is_some() || r.ends.is_some()) {
        return Err(Error::Request(
            "--unreachable cuts the one goal off; a MultiMaze (--starts/--ends) has many".into(),
        ));
    }
    if r.starts.is_some() != r.ends.is_some() {
        return Err(Error::Request("--starts and --ends go together (a MultiMaze has both)".into()));
    }
    if r.count == 0 {
        return bad("count", "must be at least 1");
    }
    if r.order == Some(crate::batch::Order::Difficulty) {
        if r.part.is_some() || r.parts.is_some() {
            return bad(
                "order",
                "difficulty ranks the whole batch: it cannot be cut with --part and --parts",
            );
        }
        if r.stream || r.parametric {
            return bad(
                "order",
                &format!(
                    "difficulty ranks mazes by their statistics, which --{} does not make",
                    if r.stream { "stream" } else { "parametric" }
                ),
            );
        }
    }
    if r.threads.is_some_and(|t| !(1..=1024).contains(&t)) {
        return bad("threads", "must be from 1 to 1024");
    }
    if r.max_tries == Some(0) {
        return bad("max-tries", "must be at least 1");
    }
    check_part(r)?;
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
    crate::budget::check_limits(&r.limits())?;
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
        notes.push(budget::memory_note(args, &spec));
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
    crate::dungeon::check(args, &spec)?;
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
    if args.numbered && !args.multi() {
        return Err(Error::Request(numbered_alone()));
    }
    let (entrance, exit) = args.end_specs();
    crate::ends::check_ends(&spec, &[entrance, exit])?;
    check_end_rules(args, &spec)?;
    if args.format == Format::Pdf {
        let multi = args.starts.unwrap_or(1) > 1 || args.ends.unwrap_or(1) > 1;
        check_page(&spec, &draw, multi, args.count, args.solve.is_some())?;
    }
    crate::prompt::check(args, &spec)?;
    if matches!(args.format, Format::Text | Format::Unicode) && !text_pictured(&spec) {
        return Err(Error::Request(no_text_picture(&spec)));
    }
    if matches!(args.format, Format::Grid | Format::Tmj) && !tiled(&spec) {
        return Err(Error::Request(maze_core::tiles::not_tiled(&spec)));
    }
    let animation = animation_options(args.format, args, &draw)?;
    if let Some(animation) = &animation {
        if args.count > 1 {
            return Err(Error::Request("--count makes one file; an animation holds one maze".into()));
        }
        let multi = args.starts.unwrap_or(1) > 1 || args.ends.unwrap_or(1) > 1;
        check_animation_size(&spec.erased(), args.format, &draw, animation, multi)?;
    }
    if args.count > 1
        && matches!(
            args.format,
            Format::Png | Format::Svg | Format::Tex | Format::Scad | Format::Stl | Format::Tmj
        )
    {
        return Err(Error::Request(format!(
            "--count makes one file; {} holds one maze (use pdf for a book, json, maze or text for batches)",
            args.format.name()
        )));
    }
    budget::check(args, &spec, &args.limits())?;
    budget::check_solve_memory(args.solve, args.no_visited, &spec, args.max_memory)?;
    // Once the memory is known to be there: the fixed ends (one cell for both is refused)
    // and what every maze made will be, against conditions that can never hold.
    let facts = spec.visit_cold(ShapeFacts { request: args, direct: !args.wheres.is_empty() })?;
    if let Some(why) = args.wheres.iter().find_map(|f| f.impossible(&facts)) {
        return Err(Error::Request(format!("--where {}", crate::error::echo(&why))));
    }
    Ok(Plan { request: args.clone(), spec, animation, notes, facts })
}

/// What is known of every maze a request makes before any is made ([`Facts`]): its cells,
/// the most doors a cell has, whether it is perfect and connected, and its entrance and
/// exit when both are fixed (the shape's defaults, a side or a cell), refusing them when
/// they are one cell. With `direct`, the steps between the fixed ends with every wall
/// open: one breadth-first search over the shape, 4 bytes a cell (less than making a maze).
struct ShapeFacts<'a> {
    request: &'a MazeRequest,
    direct: bool,
}

impl ShapeVisitor for ShapeFacts<'_> {
    type Output = Result<Facts>;

    fn visit<S: Shape>(self, shape: S) -> Result<Facts> {
        let r = self.request;
        let spec = shape.spec();
        // Crossings drawn with the maze (a share of the cells) add cells, and doors under
        // them: the most cells are known, the doors and the ends' cells are not.
        let woven = matches!(spec.weave, Some(maze_core::WeaveLayout::Share(_)));
        let cells = if woven { spec.cells() } else { u64::from(shape.cell_count()) };
        let mut facts = Facts {
            cells,
            exact_cells: !woven,
            doors: if woven { u32::MAX } else { u32::from(shape.door_count()) },
            ends: None,
            // Every generator makes a spanning tree (crates/core/tests/perfect.rs), a
            // labyrinth is one path through every cell, MultiMaze dots open no wall: only
            // braiding adds loops.
            // (A room's floor has loops.)
            perfect: r.braid.is_none() && crate::dungeon::room_options(r).is_none(),
            // A spanning tree joins every cell, braiding only opens more walls, and the ends
            // are refused on one cell (random and farthest ones are drawn apart); a
            // dungeon's --sparse leaves cells of rock.
            connected: crate::dungeon::room_options(r).is_none() || r.sparse.unwrap_or(0) == 0,
        };
        let (entrance, exit) = r.end_specs();
        let (entrance, exit) = crate::ends::ends_for_new(&shape, entrance, exit);
        let fixed = |e: Option<EndSpec>| !matches!(e, Some(EndSpec::Random | EndSpec::Farthest));
        // A labyrinth's ends and MultiMaze dots are placed with the maze, and a woven
        // maze's cells are laid out with it.
        if woven || r.unicursal || r.starts.is_some() || r.ends.is_some() || !fixed(entrance) || !fixed(exit)
        {
            return Ok(facts);
        }
        let (from, to) = {
            let maze = Maze::new(shape.clone());
            let mut rng = maze_core::Xoshiro::seed_from_u64(0);
            let mut at = |e: Option<EndSpec>, default: CellId| match e {
                Some(e) => crate::ends::resolve(&maze, e, default, &mut rng),
                None => Ok(default),
            };
            (at(entrance, maze.entrance())?, at(exit, maze.exit())?)
        };
        if from == to && cells > 1 {
            // Asked ends on one cell are refused, as placing them would be. The shape's own
            // ends may be one cell (a circular mask without its centre): such a maze has a
            // route of no steps, so only the joined cells are known.
            if entrance.is_some() || exit.is_some() {
                return Err(Error::Request(crate::ends::same_cell(&shape, from, [entrance, exit])));
            }
            facts.connected = false;
        }
        if self.direct {
            facts.ends = Some(FixedEnds {
                entrance: format!("({})", shape.cell_name(from)),
                exit: format!("({})", shape.cell_name(to)),
                direct: direct_distance(&shape, from, to),
            });
        }
        Ok(facts)
    }
}

/// Steps from `from` to `to` with every inner wall open (a breadth-first search over the
/// shape, as [`maze_core::stats`] measures its `direct_distance`): no route is shorter.
/// Time O(cells x doors); memory 4 bytes a cell and the queue.
fn direct_distance<S: Shape>(shape: &S, from: CellId, to: CellId) -> u64 {
    let mut seen = vec![u32::MAX; shape.cell_count() as usize];
    seen[from.index()] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let d = seen[c.index()];
        if c == to {
            return u64::from(d);
        }
        for (_, b) in shape.adjacent(c).iter() {
            if seen[b.index()] == u32::MAX {
                seen[b.index()] = d + 1;
                queue.push_back(b);
            }
        }
    }
    0
}

/// A seed from the clock, for runs without one (a front end shows it, so that the maze
/// can be made again). In WebAssembly (no clock, no process: both would trap) a count of
/// calls instead: a front end there passes its own seed (crates/web draws one in JavaScript).
pub fn fresh_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let (nanos, id) = (
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
        std::process::id(),
    );
    #[cfg(target_arch = "wasm32")]
    let (nanos, id) = {
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        (u128::from(CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)), 0u32)
    };
    let mut state = (nanos as u64) ^ u64::from(id).rotate_left(32);
    maze_core::random::splitmix64(&mut state) % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Keep;
    use crate::build::Built;
    use crate::testing::request;
    use maze_core::stats::{Stats, Value};

    /// Keeps each maze's statistics.
    struct Figures;

    impl Keep for Figures {
        type Item = Stats;
        fn keep<S: Shape>(&self, _: Built<S>, stats: Option<Stats>) -> Result<Stats> {
            Ok(stats.expect("statistics asked for"))
        }
    }

    /// `each` hands over, in the batch's order as they are made, exactly the mazes `collect`
    /// gathers (filters included), and says how many it made.
    #[test]
    fn each_hands_over_the_mazes_of_collect() {
        let words = ["-W", "6", "-H", "5", "--count", "300", "--where", "solution>=12"];
        let plan = Plan::new(&request(&words)).expect("a plan");
        let gathered = plan.collect(7, true, &Figures).expect("made");
        let mut handed = Vec::new();
        let tried = plan
            .each(7, true, &Figures, |seed, stats| {
                handed.push((seed, stats));
                Ok(())
            })
            .expect("made");
        assert_eq!(handed.len(), 300);
        assert_eq!(handed, gathered);
        assert!(tried > 300, "the filter refused some: {tried}");
        // Maze i's seed is the first of SEED+i, SEED+i+COUNT, ... to pass: never used twice.
        let seeds: std::collections::HashSet<u64> = handed.iter().map(|h| h.0).collect();
        assert_eq!(seeds.len(), 300);
        let stopped = plan.each(7, true, &Figures, |_, _| Err(crate::error::Error::request("enough")));
        assert!(stopped.is_err());
    }

    /// The bounds are facts: every figure of every maze made, as an `=` condition, is one
    /// the plan's facts let through, on every shape and option that changes them.
    #[test]
    fn every_figure_of_every_maze_is_within_the_facts() {
        let rows: Vec<String> = (0..20)
            .map(|y| {
                (0..40)
                    .map(|x| if (2..18).contains(&y) && (2..38).contains(&x) { 'X' } else { '.' })
                    .collect()
            })
            .collect();
        let blob = format!("-s polar --rings 8 --mask-data {}", rows.join("/"));
        let lines = [
            "-W 20 -H 10",
            "-W 20 -H 10 --braid 0.5",
            "-W 20 -H 10 --braid 1",
            "-W 20 -H 10 -a binary-tree --entrance top --exit bottom",
            "-W 20 -H 10 -a recursive-division --entrance centre --exit 19,0",
            "-W 10 -H 10 --entrance 3,3 --exit random",
            "-W 10 -H 10 --entrance farthest",
            "-s hex -W 8 -H 6 --entrance left --exit right",
            "-s triangle -W 9 -H 6",
            "-s polar -W 6 --rings 4",
            "-s polar -W 6 --rings 4 --entrance outer --exit centre",
            "-s upsilon -W 6 -H 5",
            "-s sigma -W 8 -H 6 --wrap x",
            "-s square -W 8 -H 6 --wrap both",
            "-s hex -W 8 -H 6 --wrap x --entrance top --exit bottom",
            "-W 6 -H 4 --levels 3",
            "-s hex -W 6 -H 4 --levels 2 --braid 0.3",
            "-W 8 -H 6 --weave 0.5",
            "-W 8 -H 6 --weave 1 --braid 0.5",
            "-W 8 -H 6 --unicursal",
            "-W 9 -H 7 --starts 3 --ends 2",
            "-s hex -W 12 -H 8 --mask-text H",
            // A circle without its centre: the shape's two ends are one cell.
            blob.as_str(),
            "-W 1 -H 1",
            "-W 2 -H 1",
            "-W 1 -H 7 --braid 1",
        ];
        let mut checked = 0;
        for line in lines {
            let words: Vec<&str> =
                format!("{line} -f json --count 12 --where cells>=0 --seed 3").leak().split(' ').collect();
            let plan = Plan::new(&request(&words)).unwrap_or_else(|e| panic!("{line}: {e}"));
            for (seed, stats) in plan.collect(3, true, &Figures).expect("made") {
                for (key, value) in stats.values() {
                    let value = match value {
                        Value::Int(n) => n.to_string(),
                        Value::Float(x) => format!("{x:?}"),
                        Value::Bool(b) => b.to_string(),
                        Value::Text(t) => t.to_string(),
                        _ => continue,
                    };
                    let condition = format!("{key}={value}");
                    let Ok(filter) = condition.parse::<crate::filter::Filter>() else { continue };
                    if let Some(why) = filter.impossible(plan.facts()) {
                        panic!("{line}, seed {seed}: {why}, yet a maze has it");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "only {checked} figures checked");
    }

    /// The ends are fixed (and their distance known) only when no maze can move them.
    #[test]
    fn fixed_ends_are_known_and_others_are_not() {
        let facts = |line: &str| {
            let words: Vec<&str> = format!("{line} --where cells>=0").leak().split(' ').collect();
            Plan::new(&request(&words)).expect("planned").facts().clone()
        };
        let ends = facts("-W 20 -H 10").ends.expect("the default ends are fixed");
        assert_eq!((ends.entrance.as_str(), ends.exit.as_str(), ends.direct), ("(0,0)", "(19,9)", 28));
        assert_eq!(facts("-W 20 -H 10 --entrance left --exit right").ends.map(|e| e.direct), Some(19));
        for line in [
            "-W 20 -H 10 --exit random",
            "-W 20 -H 10 --entrance farthest",
            "-W 20 -H 10 --starts 2 --ends 2",
            "-W 20 -H 10 --unicursal",
            "-W 20 -H 10 --wrap both",
            "-W 20 -H 10 --weave 0.5",
        ] {
            assert_eq!(facts(line).ends, None, "{line}");
        }
        assert!(facts("-W 20 -H 10").perfect && !facts("-W 20 -H 10 --braid 0.1").perfect);
        // Without conditions, no search is made.
        assert_eq!(Plan::new(&request(&["-W", "20"])).expect("planned").facts().ends, None);
    }

    /// Both ends on one cell are refused when planned, saying why on a wrapped maze.
    #[test]
    fn ends_on_one_cell_are_refused_with_the_reason() {
        let refused = |line: &str| {
            let words: Vec<&str> = line.split(' ').collect();
            Plan::new(&request(&words)).expect_err("refused").to_string()
        };
        let err = refused("-W 8 -H 6 --wrap xy --entrance top --exit bottom");
        assert!(err.starts_with("the entrance and the exit are the same cell (0,0): on a torus"), "{err}");
        assert!(err.contains("top and bottom edges are one seam"), "{err}");
        let err = refused("-W 8 -H 6 --wrap x --entrance left --exit left");
        assert!(err.contains("with --wrap x the left and right edges are one seam"), "{err}");
        let err = refused("-W 8 -H 6 --entrance 2,2 --exit 2,2");
        assert_eq!(err, "the entrance and the exit are the same cell (2,2)");
    }
}
