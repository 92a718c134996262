//! `maze bench`: in-process timing of generators and solvers, nanoseconds per cell.
//!
//! Medians of several runs, in wall-clock time or (`--clock cpu`) the measuring thread's CPU
//! time, which leaves out the time other processes hold the cores; cache and memory
//! contention still count, so on shared machines compare ratios measured in one run. For
//! small timings `cargo bench` (criterion) is finer.

use std::hint::black_box;
use std::time::{Duration, Instant};

use anyhow::Result;
use maze_core::{Algorithm, Maze, Shape, ShapeSpec, ShapeVisitor, Solver, Xoshiro, limits};
use serde::Serialize;

use crate::args::{BenchArgs, Clock};
use crate::fault::UsageError;
use crate::output::with_sink;
use maze::supports;

/// What to time.
#[derive(Clone, Copy, Debug)]
enum Subject {
    Generator(Algorithm),
    Solver(Solver),
}

impl Subject {
    fn name(self) -> &'static str {
        match self {
            Subject::Generator(a) => a.name(),
            Subject::Solver(s) => s.name(),
        }
    }
}

/// One line of the report.
#[derive(Debug, Serialize)]
struct Row {
    algorithm: &'static str,
    kind: &'static str,
    shape: &'static str,
    width: u32,
    height: u32,
    cells: u64,
    ns_per_cell: f64,
    median_ms: f64,
    runs: u32,
    clock: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_end_percent: Option<f64>,
}

struct Measure {
    subject: Subject,
    runs: u32,
    clock: Clock,
}

/// A started measurement on one of the [`Clock`]s.
enum Stopwatch {
    Wall(Instant),
    #[cfg(unix)]
    Cpu(Duration),
}

impl Stopwatch {
    fn start(clock: Clock) -> Stopwatch {
        match clock {
            #[cfg(unix)]
            Clock::Cpu => Stopwatch::Cpu(thread_cpu_time()),
            _ => Stopwatch::Wall(Instant::now()),
        }
    }

    fn elapsed(&self) -> Duration {
        match self {
            Stopwatch::Wall(t) => t.elapsed(),
            #[cfg(unix)]
            Stopwatch::Cpu(t) => thread_cpu_time().saturating_sub(*t),
        }
    }
}

/// The calling thread's CPU time so far.
#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec.clamp(0, 999_999_999) as u32)
}

impl ShapeVisitor for Measure {
    type Output = Result<(Duration, Option<f64>)>;

    fn visit<S: Shape>(self, shape: S) -> Self::Output {
        let mut times = Vec::with_capacity(self.runs as usize);
        let mut dead = None;
        match self.subject {
            Subject::Generator(alg) => {
                for run in 0..self.runs {
                    let mut maze = Maze::new(shape.clone());
                    let mut rng = Xoshiro::seed_from_u64(u64::from(run) + 1);
                    let t = Stopwatch::start(self.clock);
                    alg.generate(&mut maze, &Default::default(), &mut rng, &mut ())?;
                    times.push(t.elapsed());
                    dead.get_or_insert_with(|| maze_core::analyze::stats(&maze).dead_end_percent);
                    black_box(&maze);
                }
            }
            Subject::Solver(solver) => {
                let mut maze = Maze::new(shape);
                Algorithm::RecursiveBacktracker.generate(
                    &mut maze,
                    &Default::default(),
                    &mut Xoshiro::seed_from_u64(1),
                    &mut (),
                )?;
                maze.open_entrance_and_exit();
                for _ in 0..self.runs {
                    let t = Stopwatch::start(self.clock);
                    let sol = solver.solve(&maze, maze.entrance(), maze.exit(), &mut ())?;
                    times.push(t.elapsed());
                    black_box(sol);
                }
            }
        }
        times.sort_unstable();
        Ok((times[times.len() / 2], dead))
    }
}

fn subjects(args: &BenchArgs) -> Result<Vec<Subject>> {
    if args.algorithms.is_empty() {
        let mut all: Vec<Subject> = Algorithm::ALL
            .iter()
            .copied()
            .filter(|&a| supports(args.shape, a))
            .map(Subject::Generator)
            .collect();
        all.extend(Solver::ALL.iter().copied().map(Subject::Solver));
        return Ok(all);
    }
    args.algorithms
        .iter()
        .map(|name| {
            if let Ok(a) = name.parse::<Algorithm>() {
                if !supports(args.shape, a) {
                    anyhow::bail!(UsageError(format!(
                        "the {a} algorithm does not support the {} shape",
                        args.shape
                    )));
                }
                Ok(Subject::Generator(a))
            } else if let Ok(s) = name.parse::<Solver>() {
                Ok(Subject::Solver(s))
            } else {
                anyhow::bail!(UsageError(format!(
                    "'{name}' is neither a generator nor a solver (see `maze list`)"
                )))
            }
        })
        .collect()
}

/// `maze bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    let subjects = subjects(&args)?;
    let specs: Vec<ShapeSpec> = args
        .sizes
        .iter()
        .map(|&n| ShapeSpec::new(args.shape, n, n, limits::MAX_CELLS))
        .collect::<Result<_, _>>()?;
    let bar = crate::output::progress_bar(
        (subjects.len() * specs.len()) as u64,
        "{msg:>32} {pos}/{len} [{bar:30}] {elapsed}",
    );
    let mut rows = Vec::new();
    for spec in &specs {
        for &subject in &subjects {
            bar.set_message(format!("{} {}x{}", subject.name(), spec.width, spec.height));
            let (median, dead) = spec.visit(Measure { subject, runs: args.runs, clock: args.clock })?;
            let cells = spec.cells();
            rows.push(Row {
                algorithm: subject.name(),
                kind: match subject {
                    Subject::Generator(_) => "generator",
                    Subject::Solver(_) => "solver",
                },
                shape: spec.kind.name(),
                width: spec.width,
                height: spec.height,
                cells,
                ns_per_cell: median.as_nanos() as f64 / cells as f64,
                median_ms: median.as_secs_f64() * 1e3,
                runs: args.runs,
                clock: args.clock.name(),
                dead_end_percent: dead,
            });
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    let mut out = String::new();
    if args.json {
        out.push_str(&serde_json::to_string_pretty(&rows)?);
        out.push('\n');
    } else {
        out.push_str(&format!(
            "{:<22} {:<9} {:<8} {:>11} {:>10} {:>13} {:>9}\n",
            "algorithm",
            "kind",
            "shape",
            "size",
            "cells",
            format!("ns/cell {}", args.clock.name()),
            "dead-end%"
        ));
        for r in &rows {
            let dead = r.dead_end_percent.map_or(String::from("-"), |d| format!("{d:.1}"));
            out.push_str(&format!(
                "{:<22} {:<9} {:<8} {:>11} {:>10} {:>13.2} {:>9}\n",
                r.algorithm,
                r.kind,
                r.shape,
                format!("{}x{}", r.width, r.height),
                r.cells,
                r.ns_per_cell,
                dead
            ));
        }
    }
    with_sink(None, |sink| Ok(sink.write_all(out.as_bytes())?))
}
