//! Batches: many mazes made on all cores and handed over in the batch's seed order (filters
//! and endpoint rules retried on further seeds), written one after another or kept.

use std::io::Write;

use maze_core::{Shape, ShapeSpec, ShapeVisitor};
use maze_render::Format;
use maze_render::animate::Animation;

use crate::build::{Built, GenerateJob, try_build};
use crate::error::{Error, Result};
use crate::present::{Collector, Notes, Rendered};
use crate::request::MazeRequest;

/// About how many cells `--count` makes at once on all cores before writing them in order.
const BATCH_CELLS: u64 = 4_000_000;

/// The most mazes `--count` makes at once (small mazes: [`BATCH_CELLS`] of them would be
/// a million).
const MAX_BATCH_MAZES: u64 = 4096;

/// About how many cells of PDF pages are drawn at once (a page's scene holds about 100
/// bytes a shaded cell until it is written; this keeps a batch's near 50 MB).
const PDF_BATCH_CELLS: u64 = 500_000;

/// The order a batch's mazes are written in (`--order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// The batch's own order: maze `i` from seed `seed + i` (or the seed `--where` settled on).
    #[default]
    Seed,
    /// Easiest to hardest by the score of `maze stats` ([`maze_core::stats::Stats::difficulty`]):
    /// the same mazes as in seed order, scored in a first pass and then drawn in the new
    /// order; mazes of equal score keep their seed order.
    Difficulty,
}

impl Order {
    /// Every order, in the order of `--help`.
    pub const ALL: [Order; 2] = [Order::Seed, Order::Difficulty];

    /// The order's name, as `--order` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Order::Seed => "seed",
            Order::Difficulty => "difficulty",
        }
    }
}

impl std::fmt::Display for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Order {
    type Err = maze_core::Error;

    /// `seed` or `difficulty`, ignoring case and surrounding spaces.
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        Order::ALL.into_iter().find(|o| o.name() == key).ok_or_else(|| {
            maze_core::Error::Parameter(format!(
                "unknown order '{}' (expected seed or difficulty)",
                crate::error::echo(s)
            ))
        })
    }
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
    let mut collector = Collector::new(args.format, &draw, multi, args.count);
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
    let mut take = |this: u64, (rendered, stats)| {
        // The batch's first maze (not a later part's): parts joined are the batch's bytes.
        collector.add(sink, rendered, first_part && kept.mazes.is_empty())?;
        kept.mazes.push((this, stats));
        progress();
        Ok(())
    };
    if args.order == Some(Order::Difficulty) && args.count > 1 {
        // Scored first (the seeds the filters settle on, and each maze's score), then made
        // again and drawn easiest first: memory for two numbers a maze, not a page.
        let (mut ranked, tried) = scored_seeds(args, spec, seed)?;
        ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
        kept.tried = tried;
        let per_batch = (batch_cells / spec.cells().max(1)).clamp(1, MAX_BATCH_MAZES) as usize;
        let redo = |this: u64| {
            let made = spec.clone().visit(GenerateJob { filters: &[], ..job(this) })?;
            made.rendered.map(|r| (r, made.stats)).ok_or_else(|| {
                Error::Request(format!(
                    "the maze of seed {this} passed its filters once and not again (an internal error)"
                ))
            })
        };
        for window in ranked.chunks(per_batch) {
            let seeds: Vec<u64> = window.iter().map(|&(s, _)| s).collect();
            for (this, item) in seeds.iter().zip(on_every_core(&seeds, redo)) {
                take(*this, item?)?;
            }
        }
    } else {
        let order = SeedOrder { args, spec, seed, batch_cells, filters: &filters, max_tries };
        kept.tried = order.run(make, take)?;
    }
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
                let mut made: Vec<Option<Result<Option<T>>>> =
                    on_every_core(&seeds, &make).into_iter().map(Some).collect();
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

/// What [`crate::plan::Plan::collect`] keeps of each maze it makes, whatever its shape: a front
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

/// One maze for [`crate::plan::Plan::collect`], once the shape is known.
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

/// The mazes of a [`crate::plan::Plan`] as `keep` keeps them, with their seeds, in the batch's order
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

/// The mazes of a [`crate::plan::Plan`] as `keep` keeps them, handed to `take` with their seeds
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
/// order ([`crate::plan::Plan::each`]): what a front end holds in flight besides what it keeps.
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
    let one = |seed: u64| {
        let job = CollectJob { args, seed, filters: &[], want_stats, keep };
        spec.clone().visit(job)?.ok_or_else(|| {
            Error::Request(format!("no entrance and exit of the maze of seed {seed} meet the endpoint rules"))
        })
    };
    on_every_core(seeds, one).into_iter().collect()
}

/// `make(seed)` for every seed, on every core (rayon; one seed on this thread), in the order
/// of `seeds`: each call runs under the job's cancellation flag, which rayon's threads do
/// not have of their own.
fn on_every_core<T: Send>(seeds: &[u64], make: impl Fn(u64) -> T + Sync) -> Vec<T> {
    use rayon::prelude::*;
    if let [one] = seeds {
        return vec![make(*one)];
    }
    let flag = maze_core::cancel::current();
    seeds
        .par_iter()
        .map(|&this| match &flag {
            Some(flag) => maze_core::cancel::with_flag(flag.clone(), || make(this)),
            None => make(this),
        })
        .collect()
}

/// What [`scored_seeds`] keeps of a maze: its difficulty score.
struct Score;

impl Keep for Score {
    type Item = f64;

    fn keep<S: Shape>(&self, _: Built<S>, stats: Option<maze_core::stats::Stats>) -> Result<f64> {
        Ok(stats.map_or(0.0, |s| s.difficulty))
    }
}

/// The seeds of a batch's mazes (as the filters settle them) with each maze's difficulty
/// score, in seed order, and how many mazes were made: `--order difficulty`'s first pass.
fn scored_seeds(args: &MazeRequest, spec: &ShapeSpec, seed: u64) -> Result<(Vec<(u64, f64)>, u64)> {
    let mut scored = Vec::with_capacity(args.count as usize);
    let tried = each_maze(args, spec, seed, true, &Score, |this, score| {
        scored.push((this, score));
        Ok(())
    })?;
    Ok((scored, tried))
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
