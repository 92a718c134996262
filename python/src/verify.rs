//! Answers checked and shortest routes counted for the module's `verify`, `shortest_length`,
//! `shortest_count` and `shortest_routes` (issue 49): the library's [`maze::verify`] and
//! [`maze_core::routes`] over a batch, on every core with the GIL released. Square batches
//! come as their connection arrays ([`Grids`], the mazes typed as [`Square`]); other shapes
//! are made again from the request and their seeds.

use maze::verify::{Verdict, Verifier};
use maze::{Built, Keep};
use maze_core::routes::ShortestRoutes;
use maze_core::stats::Stats;
use maze_core::{CellId, Erased, Maze, Shape};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2, PyReadonlyArray4};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{Grids, grid_size, making_plan, run, threads_of, within};

/// Bytes a verdict holds besides its reason's text.
const VERDICT_BYTES: u64 = 160;

/// The mazes a batch job works on: typed square grids, or mazes of any shape made again.
enum Mazes {
    Grids(Grids),
    Made(Vec<Maze<Erased>>),
}

impl Mazes {
    fn len(&self) -> usize {
        match self {
            Mazes::Grids(g) => g.n,
            Mazes::Made(m) => m.len(),
        }
    }

    /// `work(i, maze)` for every maze on every core, in order.
    fn each<T: Send>(
        &self,
        work: impl Fn(usize, &mut ShortestRoutes, &mut Verifier, &dyn Any) -> maze::Result<T> + Sync,
    ) -> maze::Result<Vec<T>> {
        use rayon::prelude::*;
        (0..self.len())
            .into_par_iter()
            .map_init(
                || (ShortestRoutes::default(), Verifier::new()),
                |(routes, verifier), i| {
                    if i % 1024 == 0 {
                        maze_core::cancel::check()?;
                    }
                    match self {
                        Mazes::Grids(g) => work(i, routes, verifier, &Typed(&g.maze(i)?)),
                        Mazes::Made(m) => work(i, routes, verifier, &Typed(&m[i])),
                    }
                },
            )
            .collect()
    }
}

/// What the jobs ask of one maze, whatever its type (one call through a table a maze; the
/// work inside is typed).
trait Any {
    fn cells(&self) -> u32;
    fn ends(&self) -> (CellId, CellId);
    fn verify(
        &self,
        v: &mut Verifier,
        moves: &str,
        start: Option<CellId>,
        goal: Option<CellId>,
    ) -> maze::Result<Verdict>;
    fn routes(&self, r: &mut ShortestRoutes, start: CellId, goal: CellId);
    fn listed(&self, r: &ShortestRoutes, limit: usize) -> Vec<String>;
}

struct Typed<'a, S: Shape>(&'a Maze<S>);

impl<S: Shape> Any for Typed<'_, S> {
    fn cells(&self) -> u32 {
        self.0.cell_count()
    }
    fn ends(&self) -> (CellId, CellId) {
        (self.0.entrance(), self.0.exit())
    }
    fn verify(
        &self,
        v: &mut Verifier,
        moves: &str,
        start: Option<CellId>,
        goal: Option<CellId>,
    ) -> maze::Result<Verdict> {
        v.verify(self.0, moves, start, goal)
    }
    fn routes(&self, r: &mut ShortestRoutes, start: CellId, goal: CellId) {
        r.compute(self.0, start, goal);
    }
    fn listed(&self, r: &ShortestRoutes, limit: usize) -> Vec<String> {
        let names = maze_core::moves::MoveNames::of(self.0.shape());
        r.routes(self.0, limit).iter().map(|doors| names.format(doors)).collect()
    }
}

/// A maze kept as made, its type hidden.
struct Erase;

impl Keep for Erase {
    type Item = Maze<Erased>;

    fn keep<S: Shape>(&self, built: Built<S>, _: Option<Stats>) -> maze::Result<Self::Item> {
        Ok(built.maze.into_erased())
    }
}

/// The mazes of a job: the square arrays when given, else those of `seeds` made again
/// from `request`, refused before any work past `max_bytes` (`extra` bytes a maze besides).
#[allow(clippy::too_many_arguments)]
fn mazes(
    py: Python<'_>,
    what: &str,
    connections: Option<PyReadonlyArray4<'_, bool>>,
    starts: Option<PyReadonlyArray2<'_, i64>>,
    goals: Option<PyReadonlyArray2<'_, i64>>,
    request: Option<&str>,
    seeds: Option<PyReadonlyArray1<'_, u64>>,
    extra: u64,
    max_bytes: u64,
) -> PyResult<Mazes> {
    match (connections, starts, goals, request, seeds) {
        (Some(c), Some(s), Some(g), None, None) => {
            let (n, cells) = grid_size(&c);
            let bytes = Grids::bytes(n, cells).saturating_add(n.saturating_mul(extra));
            within(py, || format!("{what} of {n} mazes of {cells} cells"), bytes, max_bytes, "max_bytes")?;
            Ok(Mazes::Grids(Grids::read(&c, &s, &g)?))
        }
        (None, None, None, Some(request), Some(seeds)) => {
            let plan = making_plan(request)?;
            let n = seeds.len()? as u64;
            let cells = plan.spec().cells();
            // A maze made again: its walls (a bit a door, 8 doors a cell at most) and cells.
            let each = cells.saturating_mul(3).saturating_add(256).saturating_add(extra);
            within(
                py,
                || format!("{what} of {n} mazes of {cells} cells"),
                n.saturating_mul(each),
                max_bytes,
                "max_bytes",
            )?;
            threads_of(plan.request().threads)?;
            let seeds = seeds.as_array().to_vec();
            Ok(Mazes::Made(run(py, plan.request().threads, move || {
                plan.collect_seeds(&seeds, false, &Erase)
            })?))
        }
        _ => Err(PyValueError::new_err("give connections, starts and goals, or a request and seeds")),
    }
}

/// The length of a list given per maze, if given.
fn len<T>(list: &Option<Vec<T>>) -> Option<usize> {
    list.as_ref().map(Vec::len)
}

/// Refuses a list given per maze (`answers`, `starts`, `goals`) that is not one a maze.
fn one_per_maze(n: usize, lists: &[(&str, Option<usize>)]) -> PyResult<()> {
    match lists.iter().find(|(_, l)| l.is_some_and(|l| l != n)) {
        Some((name, l)) => {
            Err(PyValueError::new_err(format!("{name}: {} given for {n} mazes", l.unwrap_or(0))))
        }
        None => Ok(()),
    }
}

/// The cell `i` of `cells` (a cell id, -1 for the maze's own), checked against the maze.
fn cell_of(cells: &Option<Vec<i64>>, i: usize, maze: &dyn Any, what: &str) -> maze::Result<Option<CellId>> {
    let Some(c) = cells.as_ref().map(|c| c[i]) else { return Ok(None) };
    if c < 0 {
        return Ok(None);
    }
    if c >= i64::from(maze.cells()) {
        return Err(maze::Error::request(format!(
            "{what}[{i}] = {c} is not a cell of maze {i} (it has {} cells)",
            maze.cells()
        )));
    }
    Ok(Some(CellId(c as u32)))
}

/// Checks `answers` (one move string a maze: `U R D L` on square cells, door names
/// elsewhere) against the mazes: the square arrays `connections`, `starts`, `goals`, or
/// the mazes of `seeds` made again from `request` (from `start_cells` to `goal_cells`, -1
/// for a maze's entrance or exit). Columns: `valid`, `reaches_goal`, `optimal`,
/// `reachable` (bool), `excess_steps`, `first_error`, `shortest_length` (int64, -1 for
/// none), `moves` (int64), `reason` (a list of str).
#[pyfunction]
#[pyo3(signature = (answers, connections=None, starts=None, goals=None, request=None, seeds=None, start_cells=None, goal_cells=None, max_bytes=maze::DEFAULT_MAX_BYTES))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn verify<'py>(
    py: Python<'py>,
    answers: Vec<String>,
    connections: Option<PyReadonlyArray4<'py, bool>>,
    starts: Option<PyReadonlyArray2<'py, i64>>,
    goals: Option<PyReadonlyArray2<'py, i64>>,
    request: Option<&str>,
    seeds: Option<PyReadonlyArray1<'py, u64>>,
    start_cells: Option<Vec<i64>>,
    goal_cells: Option<Vec<i64>>,
    max_bytes: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let mazes =
        mazes(py, "the verdicts", connections, starts, goals, request, seeds, VERDICT_BYTES + 64, max_bytes)?;
    let n = mazes.len();
    one_per_maze(
        n,
        &[("answers", Some(answers.len())), ("starts", len(&start_cells)), ("goals", len(&goal_cells))],
    )?;
    let verdicts = run(py, None, move || {
        mazes.each(|i, _, verifier, maze| {
            let start = cell_of(&start_cells, i, maze, "starts")?;
            let goal = cell_of(&goal_cells, i, maze, "goals")?;
            maze.verify(verifier, &answers[i], start, goal).map_err(|e| e.context(format!("answer {i}")))
        })
    })?;
    columns(py, &verdicts)
}

/// Verdicts as columns (see [`verify`]).
fn columns<'py>(py: Python<'py>, verdicts: &[Verdict]) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let flag = |f: fn(&Verdict) -> bool| PyArray1::from_iter(py, verdicts.iter().map(f));
    out.set_item("valid", flag(|v| v.valid))?;
    out.set_item("reaches_goal", flag(|v| v.reaches_goal))?;
    out.set_item("optimal", flag(|v| v.optimal))?;
    out.set_item("reachable", flag(|v| v.reachable))?;
    let number = |f: fn(&Verdict) -> i64| PyArray1::from_iter(py, verdicts.iter().map(f));
    out.set_item("excess_steps", number(|v| v.excess_steps.map_or(-1, |e| e as i64)))?;
    out.set_item("first_error", number(|v| v.first_error.map_or(-1, |e| e as i64)))?;
    out.set_item("shortest_length", number(|v| v.shortest_length.map_or(-1, i64::from)))?;
    out.set_item("moves", number(|v| v.moves as i64))?;
    out.set_item("reason", PyList::new(py, verdicts.iter().map(|v| v.reason.as_str()))?)?;
    Ok(out)
}

/// The shortest routes of each maze from its start to its goal (as [`verify`] takes the
/// mazes): `length` (int64, -1 where the goal cannot be reached), `count` (uint64, the
/// number of distinct shortest routes, stopping at 2^63) and `saturated` (bool, the count
/// stopped); with `limit`, `routes`: up to `limit` of them a maze, as move strings.
#[pyfunction]
#[pyo3(signature = (connections=None, starts=None, goals=None, request=None, seeds=None, start_cells=None, goal_cells=None, limit=None, max_bytes=maze::DEFAULT_MAX_BYTES))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn shortest<'py>(
    py: Python<'py>,
    connections: Option<PyReadonlyArray4<'py, bool>>,
    starts: Option<PyReadonlyArray2<'py, i64>>,
    goals: Option<PyReadonlyArray2<'py, i64>>,
    request: Option<&str>,
    seeds: Option<PyReadonlyArray1<'py, u64>>,
    start_cells: Option<Vec<i64>>,
    goal_cells: Option<Vec<i64>>,
    limit: Option<usize>,
    max_bytes: u64,
) -> PyResult<Bound<'py, PyDict>> {
    // Listed routes: a move a cell at most, a string each, up to `limit` a maze.
    let listed = limit.map_or(0, |l| l as u64).saturating_mul(64);
    let mazes =
        mazes(py, "the shortest routes", connections, starts, goals, request, seeds, 32 + listed, max_bytes)?;
    let n = mazes.len();
    one_per_maze(n, &[("starts", len(&start_cells)), ("goals", len(&goal_cells))])?;
    let facts = run(py, None, move || {
        mazes.each(|i, routes, _, maze| {
            let (entrance, exit) = maze.ends();
            let start = cell_of(&start_cells, i, maze, "starts")?.unwrap_or(entrance);
            let goal = cell_of(&goal_cells, i, maze, "goals")?.unwrap_or(exit);
            maze.routes(routes, start, goal);
            let listed = limit.map(|l| maze.listed(routes, l));
            Ok((routes.length().map_or(-1, i64::from), routes.count(), routes.saturated(), listed))
        })
    })?;
    let out = PyDict::new(py);
    out.set_item("length", PyArray1::from_iter(py, facts.iter().map(|f| f.0)))?;
    out.set_item("count", PyArray1::from_iter(py, facts.iter().map(|f| f.1)))?;
    out.set_item("saturated", PyArray1::from_iter(py, facts.iter().map(|f| f.2)))?;
    if limit.is_some() {
        let lists = PyList::empty(py);
        for f in &facts {
            lists.append(f.3.as_deref().unwrap_or_default())?;
        }
        out.set_item("routes", lists)?;
    }
    Ok(out)
}
