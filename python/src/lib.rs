//! The native half of the Python module `maze` (`maze._native`): what must be fast or must
//! be the library's own. Every job is a [`maze::MazeRequest`] (sent as JSON, its names
//! those of `maze generate`'s long flags) checked by [`maze::Plan::new`], then run with
//! the GIL released on every core, cancelled by Ctrl-C. The Python half (`python/maze`)
//! builds the request from keyword arguments and wraps the arrays in a `Batch`.
//!
//! Square mazes come back as maze-dataset's connection array (N, 2, H, W): `[0]` the
//! passage down from each cell, `[1]` the passage right.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use maze::{Built, Keep, MazeRequest, Plan, Shape};
use maze_core::stats::{Stats, Value};
use maze_core::{CellId, Maze, ShapeKind, Solver, Square, Wrap};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyReadonlyArray4};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

/// A request from its JSON object; unknown names and values of the wrong kind are refused
/// naming the option as Python spells it (`_` for `-`).
fn request(json: &str) -> PyResult<MazeRequest> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| PyValueError::new_err(format!("the request is not JSON: {e}")))?;
    let serde_json::Value::Object(map) = &value else {
        return Err(PyValueError::new_err("the request is not a JSON object"));
    };
    for key in map.keys() {
        if !maze::FIELDS.contains(&key.as_str()) {
            return Err(PyValueError::new_err(format!(
                "unknown option {:?} (maze.OPTIONS lists them)",
                python_name(key)
            )));
        }
    }
    serde_json::from_value(value.clone()).map_err(|whole| {
        // Serde names the value, not the field: find the field alone.
        for (key, v) in map {
            let one = serde_json::Value::Object([(key.clone(), v.clone())].into_iter().collect());
            if let Err(e) = serde_json::from_value::<MazeRequest>(one) {
                return PyValueError::new_err(format!("{}: {e}", python_name(key)));
            }
        }
        PyValueError::new_err(whole.to_string())
    })
}

/// A request field's name as a Python keyword (`max-cells` → `max_cells`).
fn python_name(field: &str) -> String {
    field.replace('-', "_")
}

/// The library's error as a `ValueError` (a cancelled job as `KeyboardInterrupt`), its
/// fields named as Python keywords.
fn error(e: &maze::Error) -> PyErr {
    if matches!(e.core(), Some(maze_core::Error::Cancelled)) {
        return PyKeyboardInterrupt::new_err("interrupted");
    }
    PyValueError::new_err(e.worded(python_name))
}

/// A checked plan for a request.
fn plan(json: &str) -> PyResult<Plan> {
    Plan::new(&request(json)?).map_err(|e| error(&e))
}

/// A checked plan for making the mazes of a request (a batch's, whose format is not yet
/// chosen): its drawing and animation options, kept in the batch for its drawings, are
/// left at their defaults here and checked when a maze is drawn with a format.
fn making_plan(json: &str) -> PyResult<Plan> {
    let making = request(json)?.with_draw(&maze::Draw::default()).with_animation_options(&Default::default());
    Plan::new(&making).map_err(|e| error(&e))
}

/// This process's worker threads: made on first use, and made again in a child process
/// after `fork()` (Linux's default for `multiprocessing`, and data loaders' workers): the
/// parent's threads do not exist in the child, and a pool that waits for them waits
/// forever. `threads` asks for a pool of that size of its own.
fn pool(threads: Option<u32>) -> maze::Result<Arc<rayon::ThreadPool>> {
    static POOL: Mutex<Option<(u32, Arc<rayon::ThreadPool>)>> = Mutex::new(None);
    let build = |n: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(Arc::new)
            .map_err(|e| maze::Error::request(format!("cannot start worker threads: {e}")))
    };
    if let Some(n) = threads {
        return build(n as usize);
    }
    let pid = std::process::id();
    let mut slot = POOL.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((owner, pool)) = slot.as_ref()
        && *owner == pid
    {
        return Ok(pool.clone());
    }
    // A pool inherited through fork() has no threads here: forgotten, not dropped (dropping
    // it would wait for them).
    if let Some(inherited) = slot.take() {
        std::mem::forget(inherited);
    }
    let pool = build(0)?;
    *slot = Some((pid, pool.clone()));
    Ok(pool)
}

/// Runs `job` without the GIL on a thread of its own, in this process's pool (or one of
/// `threads` threads), with a cancellation flag, while this thread watches for Ctrl-C. A
/// signal sets the flag and raises `KeyboardInterrupt` at once; the job stops at its next
/// check (between mazes of a batch, between phases of one maze) and its result is dropped.
fn run<T: Send + 'static>(
    py: Python<'_>,
    threads: Option<u32>,
    job: impl FnOnce() -> maze::Result<T> + Send + 'static,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let pool = pool(threads).map_err(|e| error(&e))?;
    let (tx, rx) = mpsc::channel();
    let job_flag = flag.clone();
    let spawned = std::thread::Builder::new().name("maze-job".into()).spawn(move || {
        let result = pool.install(move || maze_core::cancel::with_flag(job_flag, job));
        let _ = tx.send(result);
    });
    if let Err(e) = spawned {
        return Err(PyValueError::new_err(format!("cannot start a thread: {e}")));
    }
    let outcome = py.detach(move || {
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(result) => return Ok(Some(result)),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(None),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        flag.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
            }
        }
    })?;
    match outcome {
        Some(Ok(value)) => Ok(value),
        Some(Err(e)) => Err(error(&e)),
        None => Err(PyValueError::new_err("the job stopped without an answer (an internal error)")),
    }
}

/// The width and height of a plain square maze (no mask, wrap, levels or weave): the
/// shapes that have maze-dataset's connection array.
fn grid(spec: &maze::ShapeSpec) -> Option<(u32, u32)> {
    let plain = spec.kind == ShapeKind::Square
        && spec.mask.is_none()
        && spec.wrap == Wrap::NONE
        && spec.levels == 1
        && spec.weave.is_none();
    plain.then_some((spec.width, spec.height))
}

/// A maze's row of the connection array (down passages, then right ones), on a `grid`,
/// packed 8 to a byte (least significant first), so that a batch waits in an eighth of the
/// memory of its array ([`unpack`]).
fn connections_of<S: Shape>(maze: &Maze<S>, grid: Option<(u32, u32)>) -> maze::Result<Vec<u8>> {
    let Some((w, h)) = grid else { return Ok(Vec::new()) };
    let cells = (w * h) as usize;
    let mut connections = vec![false; 2 * cells];
    let (down, right) = connections.split_at_mut(cells);
    if !maze.shape().grid_connections(maze.passages(), down, right) {
        return Err(maze::Error::request("these mazes have no connection array (not a plain square grid)"));
    }
    Ok(connections
        .chunks(8)
        .map(|bits| bits.iter().enumerate().fold(0u8, |byte, (k, &b)| byte | u8::from(b) << k))
        .collect())
}

/// Appends the first `count` bits of `packed` ([`connections_of`]) to `out` as bools.
fn unpack(packed: &[u8], count: usize, out: &mut Vec<bool>) {
    const BITS: [[bool; 8]; 256] = {
        let mut table = [[false; 8]; 256];
        let mut byte = 0;
        while byte < 256 {
            let mut k = 0;
            while k < 8 {
                table[byte][k] = byte >> k & 1 != 0;
                k += 1;
            }
            byte += 1;
        }
        table
    };
    let whole = count / 8;
    for &byte in &packed[..whole] {
        out.extend_from_slice(&BITS[byte as usize]);
    }
    if count % 8 != 0 {
        out.extend_from_slice(&BITS[packed[whole] as usize][..count % 8]);
    }
}

/// Refuses a batch whose arrays would pass the request's byte limit (`max_bytes`, 1 GiB
/// by default), before any work: a connection array holds a byte a passage (2 a cell), a
/// solution up to 16 bytes a cell and a numpy array's own hundred or so.
fn check_arrays(plan: &Plan, count: u64) -> PyResult<()> {
    let cells = plan.spec().cells();
    let mut per_maze = 24;
    if grid(plan.spec()).is_some() {
        per_maze += 2 * cells;
    }
    if plan.request().solve.is_some() {
        per_maze += 16 * cells + 128;
    }
    let bytes = count.saturating_mul(per_maze);
    let limit = plan.request().max_bytes;
    if bytes > limit {
        return Err(PyValueError::new_err(format!(
            "count: {count} mazes make {} of arrays, above the limit of {} (raise max_bytes, or make them in parts)",
            maze::human(bytes),
            maze::human(limit)
        )));
    }
    Ok(())
}

/// What a batch keeps of each maze: its connections (on a plain square grid), its
/// entrance and exit cells, its solution's cells and its statistics.
struct Arrays {
    grid: Option<(u32, u32)>,
    /// Keep a digest of each maze's passages ([`digest`]).
    digest: bool,
}

/// One maze as [`Arrays`] keeps it.
struct Row {
    /// Packed ([`connections_of`]).
    connections: Vec<u8>,
    ends: [u32; 2],
    digest: u64,
    path: Option<Vec<u32>>,
    stats: Option<Stats>,
}

impl Keep for Arrays {
    type Item = Row;

    fn keep<S: Shape>(&self, built: Built<S>, stats: Option<Stats>) -> maze::Result<Row> {
        let maze = &built.maze;
        let connections = connections_of(maze, self.grid)?;
        let path = built.solution.map(|(_, s)| s.path.iter().map(|c| c.0).collect());
        let digest = if self.digest { digest(maze) } else { 0 };
        Ok(Row { connections, ends: [maze.entrance().0, maze.exit().0], digest, path, stats })
    }
}

/// A digest of a maze's passages (FNV-1a over its compact passage bits, any shape): two
/// mazes of one shape with equal digests have, but for a 2^-64 chance, equal passages.
fn digest<S: Shape>(maze: &Maze<S>) -> u64 {
    let bits = maze_render::compact::DoorBits::of(maze);
    bits.bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64 ^ bits.count, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Statistics as columns: one numpy array per figure of `maze stats` (counts as int64, a
/// missing count as -1, so `spanning_trees` is -1 past its exact range; shares and scores
/// as float64, a missing `spanning_trees_log10` as NaN; yes/no as bool; the diameter's ends
/// as (N, 2) cell ids; the hardness band as str).
fn stats_columns<'py>(py: Python<'py>, all: &[&Stats]) -> PyResult<Bound<'py, PyDict>> {
    enum Column {
        Int(Vec<i64>),
        Float(Vec<f64>),
        Bool(Vec<bool>),
        Pair(Vec<i64>),
        Text(Vec<&'static str>),
    }
    let mut columns: Vec<(&'static str, Column)> = Vec::new();
    for (i, stats) in all.iter().enumerate() {
        for (key, value) in stats.values() {
            let at = match columns.iter().position(|(k, _)| *k == key) {
                Some(at) => at,
                None => {
                    let column = match value {
                        Value::Float(_) => Column::Float(vec![f64::NAN; i]),
                        Value::Bool(_) => Column::Bool(vec![false; i]),
                        Value::Cells(..) => Column::Pair(vec![-1; 2 * i]),
                        Value::Text(_) => Column::Text(vec![""; i]),
                        // The one float figure that may be missing: NaN there.
                        Value::Missing if key == "spanning_trees_log10" => Column::Float(vec![f64::NAN; i]),
                        Value::Int(_) | Value::Missing => Column::Int(vec![0; i]),
                    };
                    columns.push((key, column));
                    columns.len() - 1
                }
            };
            match (&mut columns[at].1, value) {
                (Column::Int(v), Value::Int(n)) => v.push(n as i64),
                (Column::Int(v), Value::Missing) => v.push(-1),
                (Column::Float(v), Value::Float(x)) => v.push(x),
                (Column::Float(v), Value::Missing) => v.push(f64::NAN),
                (Column::Bool(v), Value::Bool(b)) => v.push(b),
                (Column::Pair(v), Value::Cells(a, b)) => v.extend([i64::from(a.0), i64::from(b.0)]),
                (Column::Text(v), Value::Text(t)) => v.push(t),
                _ => return Err(PyValueError::new_err(format!("statistic {key} changed its kind"))),
            }
        }
        // A figure this maze lacks (a junction degree it has none of) counts 0.
        for (_, column) in &mut columns {
            match column {
                Column::Int(v) if v.len() == i => v.push(0),
                Column::Float(v) if v.len() == i => v.push(f64::NAN),
                _ => {}
            }
        }
    }
    let out = PyDict::new(py);
    let n = all.len();
    for (key, column) in columns {
        match column {
            Column::Int(v) => out.set_item(key, PyArray1::from_vec(py, v))?,
            Column::Float(v) => out.set_item(key, PyArray1::from_vec(py, v))?,
            Column::Bool(v) => out.set_item(key, PyArray1::from_vec(py, v))?,
            Column::Pair(v) => out.set_item(key, PyArray1::from_vec(py, v).reshape([n, 2])?)?,
            Column::Text(v) => {
                let numpy = py.import("numpy")?;
                out.set_item(key, numpy.call_method1("array", (v,))?)?;
            }
        }
    }
    Ok(out)
}

/// The rows' connections as one (N, 2, H, W) bool array.
fn connection_array<'py>(py: Python<'py>, rows: &[Row], w: u32, h: u32) -> PyResult<Bound<'py, PyAny>> {
    let bits = 2 * (w * h) as usize;
    let mut all = Vec::with_capacity(rows.len() * bits);
    for row in rows {
        unpack(&row.connections, bits, &mut all);
    }
    Ok(PyArray1::from_vec(py, all).reshape([rows.len(), 2, h as usize, w as usize])?.into_any())
}

/// The arrays of a batch of rows of `spec`'s shape, as a dict for the Python `Batch`.
fn arrays<'py>(
    py: Python<'py>,
    spec: &maze::ShapeSpec,
    seeds: Vec<u64>,
    rows: Vec<Row>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let n = rows.len();
    out.set_item("kind", spec.kind.name())?;
    out.set_item("width", spec.width)?;
    out.set_item("height", spec.height)?;
    out.set_item("cells", spec.cells())?;
    out.set_item("seeds", PyArray1::from_vec(py, seeds))?;
    if let Some((w, h)) = grid(spec) {
        out.set_item("connections", connection_array(py, &rows, w, h)?)?;
    }
    let ends: Vec<u32> = rows.iter().flat_map(|r| r.ends).collect();
    out.set_item("ends", PyArray1::from_vec(py, ends).reshape([n, 2])?)?;
    out.set_item("digests", PyArray1::from_vec(py, rows.iter().map(|r| r.digest).collect()))?;
    if rows.iter().all(|r| r.path.is_some()) && n > 0 {
        let paths = PyList::empty(py);
        for row in &rows {
            paths.append(PyArray1::from_slice(py, row.path.as_deref().unwrap_or_default()))?;
        }
        out.set_item("solutions", paths)?;
    }
    let stats: Vec<&Stats> = rows.iter().filter_map(|r| r.stats.as_ref()).collect();
    if stats.len() == n && n > 0 {
        out.set_item("stats", stats_columns(py, &stats)?)?;
    }
    Ok(out)
}

/// `request`'s mazes from `seed` on (the seeds and filters of `maze generate`), as arrays:
/// `seeds`, `ends` (N, 2) entrance and exit cell ids, `connections` (N, 2, H, W) on plain
/// square grids, `solutions` (cell ids) when the request solves, `stats` when asked.
#[pyfunction]
#[pyo3(signature = (request, seed, stats=false))]
fn generate<'py>(py: Python<'py>, request: &str, seed: u64, stats: bool) -> PyResult<Bound<'py, PyDict>> {
    let plan = Arc::new(making_plan(request)?);
    check_arrays(&plan, u64::from(plan.request().count))?;
    let job = plan.clone();
    let made = run(py, plan.request().threads, move || {
        job.collect(seed, stats, &Arrays { grid: grid(job.spec()), digest: false })
    })?;
    let (seeds, rows): (Vec<u64>, Vec<Row>) = made.into_iter().unzip();
    arrays(py, plan.spec(), seeds, rows)
}

/// The mazes of the given seeds made again (without the request's filters), as arrays
/// like [`generate`]'s; with `digests`, each maze's [`digest`] too.
#[pyfunction]
#[pyo3(signature = (request, seeds, stats=false, digests=false))]
fn remake<'py>(
    py: Python<'py>,
    request: &str,
    seeds: Vec<u64>,
    stats: bool,
    digests: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let plan = Arc::new(making_plan(request)?);
    check_arrays(&plan, seeds.len() as u64)?;
    let (job, seeds) = (plan.clone(), Arc::new(seeds));
    let job_seeds = seeds.clone();
    let rows = run(py, plan.request().threads, move || {
        job.collect_seeds(&job_seeds, stats, &Arrays { grid: grid(job.spec()), digest: digests })
    })?;
    let seeds = Arc::try_unwrap(seeds).unwrap_or_else(|shared| shared.to_vec());
    arrays(py, plan.spec(), seeds, rows)
}

/// One saved maze, once its shape is known: [`Arrays`]'s row of it.
struct FromFile<'a> {
    file: &'a maze::MazeFile,
    grid: Option<(u32, u32)>,
}

impl maze_core::ShapeVisitor for FromFile<'_> {
    type Output = maze::Result<Row>;

    fn visit<S: Shape>(self, shape: S) -> maze::Result<Row> {
        let (maze, _) = self.file.to_maze(shape)?;
        let connections = connections_of(&maze, self.grid)?;
        let ends = [maze.entrance().0, maze.exit().0];
        Ok(Row { connections, ends, digest: digest(&maze), path: None, stats: None })
    }
}

/// The mazes of a file the `maze` command wrote (compact records, JSON or JSON Lines), all
/// of one shape, as arrays like [`generate`]'s (seeds missing from the file are 0), with
/// `algorithm` and `braid` when the files say, and each maze's [`digest`].
#[pyfunction]
fn read_files<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let data = data.to_vec();
    let (spec, files, rows) = run(py, None, move || {
        let files = maze_render::compact::parse_any(&data)?;
        let limit = maze_core::limits::MAX_CELLS;
        let specs = files.iter().map(|f| maze::file_spec(f, limit)).collect::<maze::Result<Vec<_>>>()?;
        // One shape for the batch; a woven maze's crossings are its own.
        let key = |s: &maze::ShapeSpec| {
            (s.kind, s.width, s.height, s.wrap, s.levels, s.mask.clone(), s.weave.is_some())
        };
        let spec = specs[0].clone();
        if let Some(i) = specs.iter().position(|s| key(s) != key(&spec)) {
            let other = &specs[i];
            return Err(maze::Error::request(format!(
                "maze {i} is a {}x{} {} maze with other options than maze 0 ({}x{} {}): a batch holds one shape",
                other.width, other.height, other.kind, spec.width, spec.height, spec.kind
            )));
        }
        let grid = grid(&spec);
        use rayon::prelude::*;
        let rows = files
            .par_iter()
            .zip(specs)
            .enumerate()
            .map(|(i, (file, spec))| {
                spec.visit(FromFile { file, grid }).map_err(|e| e.context(format!("maze {i}")))
            })
            .collect::<maze::Result<Vec<Row>>>()?;
        Ok((spec, files, rows))
    })?;
    let seeds = files.iter().map(|f| f.seed.unwrap_or(0)).collect();
    let out = arrays(py, &spec, seeds, rows)?;
    out.set_item("algorithm", files[0].algorithm.clone())?;
    out.set_item("braid", files[0].braid)?;
    out.set_item("wrap", spec.wrap.name())?;
    out.set_item("levels", spec.levels)?;
    out.set_item("masked", spec.mask.is_some())?;
    out.set_item("woven", spec.weave.is_some())?;
    Ok(out)
}

/// Keeps a maze's passages as pairs of cell ids.
struct Pairs;

impl Keep for Pairs {
    type Item = (u32, Vec<u32>, [u32; 2]);

    fn keep<S: Shape>(&self, built: Built<S>, _: Option<Stats>) -> maze::Result<Self::Item> {
        let maze = &built.maze;
        let pairs = maze.passage_pairs().flat_map(|(a, b)| [a.0, b.0]).collect();
        Ok((maze.cell_count(), pairs, [maze.entrance().0, maze.exit().0]))
    }
}

/// One maze of any shape: its number of cells, its passages as an (E, 2) array of cell
/// ids, and its entrance and exit cells.
#[pyfunction]
fn passages<'py>(py: Python<'py>, request: &str, seed: u64) -> PyResult<Bound<'py, PyDict>> {
    let plan = making_plan(request)?;
    let mut made = run(py, None, move || plan.collect_seeds(&[seed], false, &Pairs))?;
    let (cells, pairs, ends) = made.pop().ok_or_else(|| PyValueError::new_err("no maze was made"))?;
    let out = PyDict::new(py);
    let e = pairs.len() / 2;
    out.set_item("cells", cells)?;
    out.set_item("passages", PyArray1::from_vec(py, pairs).reshape([e, 2])?)?;
    out.set_item("entrance", ends[0])?;
    out.set_item("exit", ends[1])?;
    Ok(out)
}

/// The bytes `maze generate` writes for `request` with `seed` (any format).
#[pyfunction]
fn render<'py>(py: Python<'py>, request: &str, seed: u64) -> PyResult<Bound<'py, PyBytes>> {
    let plan = plan(request)?;
    let bytes = run(py, None, move || plan.to_vec(seed))?;
    Ok(PyBytes::new(py, &bytes))
}

/// A square maze from its row of a connection array: `conn` holds `2 * h * w` values,
/// down then right, row by row.
fn square_maze(conn: &[bool], w: u32, h: u32, start: u32, end: u32) -> maze::Result<Maze<Square>> {
    let mut maze = Maze::new(Square::new(w, h));
    let cells = (w * h) as usize;
    for a in 0..cells as u32 {
        let (x, y) = (a % w, a / w);
        for (open, b, inside, what) in [
            (conn[a as usize], a + w, y + 1 < h, "down from the bottom row"),
            (conn[cells + a as usize], a + 1, x + 1 < w, "right from the last column"),
        ] {
            if open {
                if !inside {
                    return Err(maze::Error::request(format!(
                        "a passage {what} (row {y}, column {x}) leads out of the grid"
                    )));
                }
                maze.connect(CellId(a), CellId(b))?;
            }
        }
    }
    maze.set_entrance(CellId(start));
    maze.set_exit(CellId(end));
    Ok(maze)
}

/// Arrays made elsewhere, checked: connections (N, 2, H, W), starts and ends (N, 2) as
/// (row, column) inside the grid.
struct Grids {
    n: usize,
    w: u32,
    h: u32,
    conn: Vec<bool>,
    ends: Vec<[u32; 2]>,
}

impl Grids {
    fn read(
        connections: &PyReadonlyArray4<'_, bool>,
        starts: &PyReadonlyArray2<'_, i64>,
        ends: &PyReadonlyArray2<'_, i64>,
    ) -> PyResult<Grids> {
        let view = connections.as_array();
        let shape = view.shape();
        let [n, two, h, w] = [shape[0], shape[1], shape[2], shape[3]];
        if two != 2 {
            return Err(PyValueError::new_err(format!(
                "connections must have shape (N, 2, H, W), not {shape:?}"
            )));
        }
        if h == 0 || w == 0 || h.saturating_mul(w) > maze_core::limits::MAX_CELLS as usize {
            return Err(PyValueError::new_err(format!("a {h} x {w} grid is not a maze this module makes")));
        }
        let cells = h * w;
        let conn: Vec<bool> = view.iter().copied().collect();
        let mut pairs = Vec::with_capacity(n);
        for (name, array) in [("starts", starts), ("ends", ends)] {
            if array.as_array().shape() != [n, 2] {
                return Err(PyValueError::new_err(format!(
                    "{name} must have shape ({n}, 2) (row, column), not {:?}",
                    array.as_array().shape()
                )));
            }
        }
        let (starts, ends) = (starts.as_array(), ends.as_array());
        for i in 0..n {
            let mut pair = [0u32; 2];
            for (k, (name, array)) in [("starts", &starts), ("ends", &ends)].into_iter().enumerate() {
                let (row, col) = (array[[i, 0]], array[[i, 1]]);
                if !(0..h as i64).contains(&row) || !(0..w as i64).contains(&col) {
                    return Err(PyValueError::new_err(format!(
                        "{name}[{i}] = ({row}, {col}) is outside the {h} x {w} grid"
                    )));
                }
                pair[k] = (row as usize * w + col as usize) as u32;
            }
            pairs.push(pair);
        }
        debug_assert_eq!(conn.len(), n * 2 * cells);
        Ok(Grids { n, w: w as u32, h: h as u32, conn, ends: pairs })
    }

    /// Maze `i`, with its start and end.
    fn maze(&self, i: usize) -> maze::Result<Maze<Square>> {
        let size = 2 * (self.w * self.h) as usize;
        let [start, end] = self.ends[i];
        square_maze(&self.conn[i * size..(i + 1) * size], self.w, self.h, start, end)
            .map_err(|e| e.context(format!("maze {i}")))
    }
}

/// Solves square mazes given as arrays (maze-dataset's layout): for each, the cells of
/// the route from its start to its end as (L, 2) (row, column), by `solver`.
#[pyfunction]
#[pyo3(signature = (connections, starts, ends, solver="bfs"))]
fn solve<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
    solver: &str,
) -> PyResult<Bound<'py, PyList>> {
    let solver: Solver =
        solver.parse().map_err(|e: maze_core::Error| PyValueError::new_err(e.to_string()))?;
    let grids = Grids::read(&connections, &starts, &ends)?;
    let width = grids.w;
    let routes = run(py, None, move || {
        use rayon::prelude::*;
        (0..grids.n)
            .into_par_iter()
            .map(|i| {
                maze_core::cancel::check()?;
                let maze = grids.maze(i)?;
                let route = solver
                    .solve_route(&maze, maze.entrance(), maze.exit())
                    .map_err(|e| maze::Error::from(e).context(format!("maze {i}")))?;
                Ok(route.path.iter().flat_map(|c| [(c.0 / width) as i64, (c.0 % width) as i64]).collect())
            })
            .collect::<maze::Result<Vec<Vec<i64>>>>()
    })?;
    let out = PyList::empty(py);
    for route in routes {
        let l = route.len() / 2;
        out.append(PyArray1::from_vec(py, route).reshape([l, 2])?)?;
    }
    Ok(out)
}

/// The statistics of square mazes given as arrays (as `maze stats` computes them), as
/// columns.
#[pyfunction]
fn stats<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
) -> PyResult<Bound<'py, PyDict>> {
    let grids = Grids::read(&connections, &starts, &ends)?;
    let all = run(py, None, move || {
        use rayon::prelude::*;
        (0..grids.n)
            .into_par_iter()
            .map(|i| {
                maze_core::cancel::check()?;
                Ok(maze_core::stats::stats(&grids.maze(i)?))
            })
            .collect::<maze::Result<Vec<Stats>>>()
    })?;
    stats_columns(py, &all.iter().collect::<Vec<_>>())
}

/// The options of `request` that decide which mazes a batch holds (shape, size as laid
/// out, mask, topology, generator and its options, braid, dots and ends, filters), every
/// other option at its default and defaults written the one way, as JSON: what
/// `Batch.config_hash` hashes, so that equal recipes hash equal however they were spelled
/// (`shape="square"` or left out, a difficulty or its size, `braid=0` or none).
#[pyfunction]
fn recipe(request: &str) -> PyResult<String> {
    let plan = making_plan(request)?;
    let (r, spec) = (plan.request().clone(), plan.spec());
    let defaults = MazeRequest::default();
    let recipe = MazeRequest {
        shape: spec.kind,
        // The size the plan laid out, however it was asked (a difficulty, a default).
        width: Some(spec.width),
        height: Some(spec.height),
        mask: r.mask,
        mask_text: r.mask_text,
        mask_data: r.mask_data,
        mask_connect: r.mask_connect,
        wrap: r.wrap,
        levels: r.levels,
        weave: r.weave,
        algorithm: r.algorithm,
        braid: r.braid.filter(|&b| b > 0.0),
        starts: r.starts,
        ends: r.ends,
        entrance: r.entrance,
        exit: r.exit,
        bias: r.bias.filter(|&b| Some(b) != defaults.bias.or(Some(Default::default()))),
        policy: r.policy.filter(|&p| Some(p) != defaults.policy.or(Some(Default::default()))),
        wheres: r.wheres,
        hardness: r.hardness,
        ..defaults
    };
    serde_json::to_string(&recipe).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// What each shape and generator supports (`maze list`'s table, as JSON).
#[pyfunction]
fn capabilities() -> String {
    maze::capabilities().to_string()
}

/// A seed from the clock, as `maze generate` takes without `--seed`.
#[pyfunction]
fn fresh_seed() -> u64 {
    maze::fresh_seed()
}

/// The request's option names, as `maze generate`'s long flags.
#[pyfunction]
fn fields() -> Vec<&'static str> {
    maze::FIELDS.to_vec()
}

/// The request's options that change which maze is made (`maze::FieldGroup::shapes_the_maze`),
/// which `Maze.draw` refuses: it draws the maze it has.
#[pyfunction]
fn shaping_fields() -> Vec<&'static str> {
    maze::FIELDS.iter().copied().filter(|f| maze::group(f).is_some_and(|g| g.shapes_the_maze())).collect()
}

/// The module `maze._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(remake, m)?)?;
    m.add_function(wrap_pyfunction!(read_files, m)?)?;
    m.add_function(wrap_pyfunction!(passages, m)?)?;
    m.add_function(wrap_pyfunction!(render, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(capabilities, m)?)?;
    m.add_function(wrap_pyfunction!(recipe, m)?)?;
    m.add_function(wrap_pyfunction!(fields, m)?)?;
    m.add_function(wrap_pyfunction!(shaping_fields, m)?)?;
    m.add_function(wrap_pyfunction!(fresh_seed, m)?)?;
    Ok(())
}
