//! The native half of the Python module `mazekit` (`mazekit._native`): what must be fast or must
//! be the library's own. Every job is a [`maze::MazeRequest`] (sent as JSON, its names
//! those of `maze generate`'s long flags) checked by [`maze::Plan::new`], then run with
//! the GIL released on every core, cancelled by Ctrl-C. The Python half (`python/maze`)
//! builds the request from keyword arguments and wraps the arrays in a `Batch`.
//!
//! Square mazes come back as maze-dataset's connection array (N, 2, H, W): `[0]` the
//! passage down from each cell, `[1]` the passage right.

mod game;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod tiles;
mod verify;

use maze::{Built, Keep, MazeRequest, Plan, Shape};
use maze_core::stats::{Stats, Value};
use maze_core::{CellId, Maze, Solver, Square};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyReadonlyArray4};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple, PyType};

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
                "unknown option {:?} (mazekit.OPTIONS lists them)",
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
    maze::prompt::plain_square(spec)
}

/// A maze's row of the connection array (down passages, then right ones), on a `grid`,
/// packed 8 to a byte (least significant first), so that a batch waits in an eighth of the
/// memory of its array ([`unpack`]).
fn connections_of<S: Shape>(maze: &Maze<S>, grid: Option<(u32, u32)>) -> maze::Result<Box<[u8]>> {
    let Some((w, h)) = grid else { return Ok(Box::default()) };
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

/// `mazekit.LimitError`: a call refused before any work because what it would hold passes a
/// limit; a `MemoryError` and a `ValueError` both, so either `except` catches it.
static LIMIT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Makes `mazekit.LimitError` (once).
fn limit_error_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    let made = LIMIT_ERROR.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let bases = PyTuple::new(py, [py.get_type::<PyMemoryError>(), py.get_type::<PyValueError>()])?;
        let namespace = PyDict::new(py);
        namespace.set_item("__module__", "mazekit")?;
        namespace.set_item(
            "__doc__",
            "A call refused before any work: what it would hold passes a limit (max_bytes, \
             max_memory). Both a MemoryError and a ValueError.",
        )?;
        let made = py.import("builtins")?.getattr("type")?.call1(("LimitError", bases, namespace))?;
        Ok(made.cast_into::<PyType>()?.unbind())
    })?;
    Ok(made.bind(py))
}

/// Refuses `bytes` above `limit` with a `mazekit.LimitError` naming what needs them (`what`)
/// and the keyword that raises the limit.
fn within(
    py: Python<'_>,
    what: impl FnOnce() -> String,
    bytes: u64,
    limit: u64,
    keyword: &str,
) -> PyResult<()> {
    within_or(py, what, bytes, limit, keyword, || "work in parts".into())
}

/// [`within`], saying what to do `instead` of raising the limit.
fn within_or(
    py: Python<'_>,
    what: impl FnOnce() -> String,
    bytes: u64,
    limit: u64,
    keyword: &str,
    instead: impl FnOnce() -> String,
) -> PyResult<()> {
    if bytes <= limit {
        return Ok(());
    }
    let message = format!(
        "{}: about {} of memory, above the limit of {} (raise it with {keyword}=..., or {})",
        what(),
        maze::human(bytes),
        maze::human(limit),
        instead()
    );
    Err(PyErr::from_type(limit_error_type(py)?.clone(), message))
}

/// The largest of 1, 2 and 5 times a power of ten up to `n` (at least 1): a round size.
fn round_down(n: u64) -> u64 {
    let mut power = 1u64;
    while power.saturating_mul(10) <= n {
        power *= 10;
    }
    [5, 2, 1].into_iter().map(|k| k * power).find(|&r| r <= n).unwrap_or(1)
}

/// Bytes the allocator takes for a block of `n` bytes (glibc: an 8-byte header, 16-byte
/// steps, 32 at least); none for nothing.
fn heap(n: u64) -> u64 {
    if n == 0 { 0 } else { (n.saturating_add(8 + 15) & !15).max(32) }
}

/// Bytes of one maze's passages packed 8 to a byte ([`connections_of`]).
fn packed_bytes(cells: u64) -> u64 {
    (2 * cells).div_ceil(8)
}

/// Bytes a batch call holds besides its mazes: the library's lists of mazes being made
/// (up to 4096 at a time) and the allocator's own, counted generously.
const SPARE: u64 = 8 << 20;

/// A numpy array's own bytes besides its data (the object, its shape and strides).
const NUMPY_ARRAY: u64 = 160;

/// Bytes a maze's statistics hold in their columns (some 40 figures of 8 bytes, and the
/// hardness band as a Python string and a numpy string), counted generously.
const STATS_COLUMNS: u64 = 512;

/// Bytes one maze being read or made holds besides its row, while it is made: its
/// passages (a bit a wall, under a byte a cell), their digest's copy (as many), the
/// unpacked connections (2 bytes a cell) and their packed copy, with room to spare.
const IN_FLIGHT_PER_CELL: u64 = 5;

/// What a batch call (`generate`, `remake`, `read_files`) holds, and what it returns.
struct Holding {
    /// Mazes in the batch.
    n: u64,
    /// Cells a maze.
    cells: u64,
    /// Plain square mazes whose connection array is returned.
    connections: bool,
    /// Solutions kept (up to a cell id a cell).
    solve: bool,
    /// Statistics kept.
    stats: bool,
    /// Mazes made at once (worker threads, at most `n`).
    threads: u64,
    /// Each maze written into the arrays as it is made (`generate`, [`Filling`]), rather
    /// than all rows held until the arrays are made of them.
    streamed: bool,
}

impl Holding {
    /// The bytes of the rows, the arrays made of them (both held at the end) and the
    /// mazes in flight: every array the call allocates, intermediates included.
    fn bytes(&self) -> u64 {
        if self.streamed {
            return self.streamed_bytes();
        }
        let (n, cells) = (self.n, self.cells);
        // The row and its seed; the seeds, ends and digests as arrays; the ends again as
        // int64 in the Python batch.
        let mut per_maze = std::mem::size_of::<(u64, Row)>() as u64 + 24 + 16;
        if self.connections {
            per_maze += heap(packed_bytes(cells)) + 2 * cells; // packed in the row, then the array
        }
        if self.solve {
            per_maze += heap(4 * cells) + 4 * cells + NUMPY_ARRAY + 8; // in the row, then numpy's copy
        }
        if self.stats {
            per_maze += heap(std::mem::size_of::<Stats>() as u64 + 256) + STATS_COLUMNS;
        }
        let in_flight = self.threads.min(n).saturating_mul(cells.saturating_mul(IN_FLIGHT_PER_CELL));
        n.saturating_mul(per_maze).saturating_add(in_flight).saturating_add(SPARE)
    }

    /// The bytes of a batch filled as its mazes are made ([`Filling`]): its arrays, the
    /// rows of the one batch of mazes being made ([`maze::maze_batch`]) and the mazes in
    /// flight on the threads.
    fn streamed_bytes(&self) -> u64 {
        let (n, cells) = (self.n, self.cells);
        let stats = heap(std::mem::size_of::<Stats>() as u64 + 256);
        // The seed and the ends in the arrays.
        let mut per_maze = 8 + 8;
        let mut row = std::mem::size_of::<(u64, Row)>() as u64;
        if self.connections {
            per_maze += 2 * cells;
            row += heap(packed_bytes(cells));
        }
        if self.solve {
            // A route has at most every cell.
            per_maze += 4 * cells + 8;
            row += heap(4 * cells);
        }
        if self.stats {
            per_maze += std::mem::size_of::<Stats>() as u64 + STATS_COLUMNS;
            row += stats;
        }
        let waiting = maze::maze_batch(cells).min(n).saturating_mul(row);
        let in_flight = self.threads.min(n).saturating_mul(cells.saturating_mul(IN_FLIGHT_PER_CELL));
        n.saturating_mul(per_maze).saturating_add(waiting).saturating_add(in_flight).saturating_add(SPARE)
    }

    /// The working memory of the statistics of the mazes in flight (none without them).
    fn stats_memory(&self) -> u64 {
        if self.stats {
            self.threads.min(self.n).saturating_mul(maze_core::stats::memory(self.cells))
        } else {
            0
        }
    }

    /// Refuses the call when it would hold more than `max_bytes`, or its statistics need
    /// more working memory than `max_memory`, before any work.
    fn check(&self, py: Python<'_>, spec: &maze::ShapeSpec, max_bytes: u64, max_memory: u64) -> PyResult<()> {
        let mazes = || self.mazes(spec);
        within(py, || format!("the arrays of {}", mazes()), self.bytes(), max_bytes, "max_bytes")?;
        within(py, || format!("the statistics of {}", mazes()), self.stats_memory(), max_memory, "max_memory")
    }

    /// "N WxH kind mazes".
    fn mazes(&self, spec: &maze::ShapeSpec) -> String {
        let s = if self.n == 1 { "" } else { "s" };
        format!("{} {}x{} {} maze{s}", self.n, spec.width, spec.height, spec.kind)
    }
}

/// The worker threads a job of a request runs on.
fn threads_of(threads: Option<u32>) -> PyResult<u64> {
    match threads {
        Some(n) => Ok(u64::from(n.max(1))),
        None => Ok(pool(None).map_err(|e| error(&e))?.current_num_threads().max(1) as u64),
    }
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
    connections: Box<[u8]>,
    ends: [u32; 2],
    digest: u64,
    path: Option<Box<[u32]>>,
    stats: Option<Box<Stats>>,
}

impl Keep for Arrays {
    type Item = Row;

    fn keep<S: Shape>(&self, built: Built<S>, stats: Option<Stats>) -> maze::Result<Row> {
        let maze = &built.maze;
        let connections = connections_of(maze, self.grid)?;
        let path = built.solution.map(|(_, s)| s.path.iter().map(|c| c.0).collect());
        let digest = if self.digest { digest(maze) } else { 0 };
        let ends = [maze.entrance().0, maze.exit().0];
        Ok(Row { connections, ends, digest, path, stats: stats.map(Box::new) })
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

/// A batch's arrays, filled as its mazes are made ([`Filling::push`]): each maze's row is
/// unpacked into them at once and let go, so a batch holds its arrays and the one batch
/// of mazes being made, never every maze twice. Each becomes a numpy array without a copy
/// ([`Filling::into_dict`]).
struct Filling {
    /// Bits of a maze's connections (`2 * cells` on a plain square grid, else none).
    bits: usize,
    /// (N, 2, H, W) bools, maze after maze.
    connections: Vec<bool>,
    seeds: Vec<u64>,
    /// Entrance and exit cell ids (the Python batch keeps them as they are, and gives
    /// them as int64 when asked).
    ends: Vec<u32>,
    /// Each maze's [`digest`] (when kept).
    digests: Option<Vec<u64>>,
    /// Every solution's cells one after another, maze after maze (when solved).
    solution_cells: Option<Vec<u32>>,
    /// Where maze `i`'s solution starts in `solution_cells` (N + 1 offsets).
    solution_offsets: Vec<u64>,
    stats: Vec<Stats>,
}

impl Filling {
    /// Room for `n` mazes of `spec`, with their connections when `connections` and the
    /// shape is a plain square grid; solutions and digests are kept when asked.
    fn new(spec: &maze::ShapeSpec, n: usize, connections: bool, solve: bool, digests: bool) -> Filling {
        let bits = grid(spec).filter(|_| connections).map_or(0, |(w, h)| 2 * (w * h) as usize);
        Filling {
            bits,
            connections: Vec::with_capacity(n * bits),
            seeds: Vec::with_capacity(n),
            ends: Vec::with_capacity(2 * n),
            digests: digests.then(|| Vec::with_capacity(n)),
            solution_cells: solve.then(Vec::new),
            solution_offsets: if solve { Vec::with_capacity(n + 1) } else { Vec::new() },
            stats: Vec::new(),
        }
    }

    /// Adds maze `seed`'s row.
    fn push(&mut self, seed: u64, row: Row) {
        if self.bits > 0 {
            unpack(&row.connections, self.bits, &mut self.connections);
        }
        self.seeds.push(seed);
        self.ends.extend(row.ends);
        if let Some(digests) = &mut self.digests {
            digests.push(row.digest);
        }
        if let Some(cells) = &mut self.solution_cells {
            if self.solution_offsets.is_empty() {
                self.solution_offsets.push(0);
            }
            cells.extend_from_slice(row.path.as_deref().unwrap_or_default());
            self.solution_offsets.push(cells.len() as u64);
        }
        if let Some(stats) = row.stats {
            self.stats.push(*stats);
        }
    }

    /// The arrays as a dict for the Python `Batch`: `seeds`, `ends` (N, 2),
    /// `connections` (N, 2, H, W), `digests`, `solution_cells` and `solution_offsets`
    /// (N + 1), `stats` (columns), each when kept.
    fn into_dict<'py>(self, py: Python<'py>, spec: &maze::ShapeSpec) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let n = self.seeds.len();
        out.set_item("kind", spec.kind.name())?;
        out.set_item("width", spec.width)?;
        out.set_item("height", spec.height)?;
        out.set_item("cells", spec.cells())?;
        out.set_item("seeds", PyArray1::from_vec(py, self.seeds))?;
        if self.bits > 0 {
            let (w, h) = (spec.width as usize, spec.height as usize);
            out.set_item("connections", PyArray1::from_vec(py, self.connections).reshape([n, 2, h, w])?)?;
        }
        out.set_item("ends", PyArray1::from_vec(py, self.ends).reshape([n, 2])?)?;
        if let Some(digests) = self.digests {
            out.set_item("digests", PyArray1::from_vec(py, digests))?;
        }
        if let Some(cells) = self.solution_cells.filter(|_| n > 0) {
            out.set_item("solution_cells", PyArray1::from_vec(py, cells))?;
            out.set_item("solution_offsets", PyArray1::from_vec(py, self.solution_offsets))?;
        }
        if self.stats.len() == n && n > 0 {
            out.set_item("stats", stats_columns(py, &self.stats.iter().collect::<Vec<_>>())?)?;
        }
        Ok(out)
    }
}

/// The arrays of a batch of rows of `spec`'s shape, as a dict for the Python `Batch`
/// ([`Filling::into_dict`]); the connection array when `connections` (the rows then hold
/// them), each row's digest when `digests`.
fn arrays<'py>(
    py: Python<'py>,
    spec: &maze::ShapeSpec,
    seeds: Vec<u64>,
    rows: Vec<Row>,
    connections: bool,
    digests: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let solve = !rows.is_empty() && rows.iter().all(|r| r.path.is_some());
    let mut filling = Filling::new(spec, rows.len(), connections, solve, digests);
    for (seed, row) in seeds.into_iter().zip(rows) {
        filling.push(seed, row);
    }
    filling.into_dict(py, spec)
}

/// The limits of a request that bound what a batch call holds.
fn limits(plan: &Plan) -> (u64, u64) {
    (plan.request().max_bytes, plan.request().max_memory)
}

/// `request`'s mazes from `seed` on (the seeds and filters of `maze generate`), as arrays:
/// `seeds`, `ends` (N, 2) entrance and exit cell ids, `connections` (N, 2, H, W) on plain
/// square grids, `solution_cells` and `solution_offsets` (cell ids) when the request
/// solves, `stats` when asked. Each maze is written into the arrays as it is made
/// ([`Filling`]). Refused (`mazekit.LimitError`) before any work when the arrays and
/// everything held to make them would pass `max_bytes` (saying how to stream instead), or
/// the statistics' working memory `max_memory`.
#[pyfunction]
#[pyo3(signature = (request, seed, stats=false))]
fn generate<'py>(py: Python<'py>, request: &str, seed: u64, stats: bool) -> PyResult<Bound<'py, PyDict>> {
    let (plan, max_bytes) = batch_plan(request)?;
    let plan = Arc::new(plan);
    let r = plan.request();
    let filters = !r.wheres.is_empty() || r.hardness.is_some();
    let max_memory = r.max_memory;
    let part = r.part_range();
    let holding = Holding {
        n: part.end - part.start,
        cells: plan.spec().cells(),
        connections: grid(plan.spec()).is_some(),
        solve: r.solve.is_some(),
        stats: stats || filters,
        threads: threads_of(r.threads)?,
        streamed: true,
    };
    let bytes = holding.bytes();
    let n = u64::from(r.count);
    // Parts of at most half the limit each.
    let chunk = || round_down((max_bytes / 2 / (bytes / n.max(1)).max(1)).clamp(1, n));
    within_or(
        py,
        || format!("the arrays of {}", holding.mazes(plan.spec())),
        bytes,
        max_bytes,
        "max_bytes",
        || format!("stream them in parts: for batch in mazekit.iter_batches({n}, {}, ...)", chunk()),
    )?;
    holding.check(py, plan.spec(), u64::MAX, max_memory)?;
    let job = plan.clone();
    let solve = r.solve.is_some();
    let filled = run(py, plan.request().threads, move || {
        let spec = job.spec();
        let mut filling = Filling::new(spec, job.request().count as usize, true, solve, false);
        let keep = Arrays { grid: grid(spec), digest: false };
        job.each(seed, stats, &keep, |seed, row| {
            filling.push(seed, row);
            Ok(())
        })?;
        Ok(filling)
    })?;
    filled.into_dict(py, plan.spec())
}

/// The plan of a batch request (`generate`'s), and the request's `max_bytes`, which the
/// batch's own estimate of its arrays ([`Holding`]) checks: the plan's check of the size
/// of a file is for the command, which writes one (a batch writes none).
fn batch_plan(json: &str) -> PyResult<(Plan, u64)> {
    let asked = request(json)?;
    let max_bytes = asked.max_bytes;
    let making = MazeRequest { max_bytes: u64::MAX, ..asked }
        .with_draw(&maze::Draw::default())
        .with_animation_options(&Default::default());
    let plan = Plan::new(&making).map_err(|e| error(&e))?;
    Ok((plan, max_bytes))
}

/// The mazes of the given seeds made again (without the request's filters), as arrays
/// like [`generate`]'s but for the connections (the batch has them); with `digests`,
/// each maze's [`digest`] too. Refused as [`generate`] is.
#[pyfunction]
#[pyo3(signature = (request, seeds, stats=false, digests=false))]
fn remake<'py>(
    py: Python<'py>,
    request: &str,
    seeds: PyReadonlyArray1<'py, u64>,
    stats: bool,
    digests: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let plan = Arc::new(making_plan(request)?);
    let (max_bytes, max_memory) = limits(&plan);
    let n = seeds.len()? as u64;
    let holding = Holding {
        n,
        cells: plan.spec().cells(),
        connections: false,
        solve: plan.request().solve.is_some(),
        stats,
        threads: threads_of(plan.request().threads)?,
        streamed: false,
    };
    // The seeds' own copy, 8 bytes a maze, on top.
    let bytes = holding.bytes().saturating_add(8 * n);
    within(py, || format!("the arrays of {n} mazes made again"), bytes, max_bytes, "max_bytes")?;
    holding.check(py, plan.spec(), u64::MAX, max_memory)?;
    let seeds = Arc::new(seeds.as_array().to_vec());
    let (job, job_seeds) = (plan.clone(), seeds.clone());
    let rows = run(py, plan.request().threads, move || {
        job.collect_seeds(&job_seeds, stats, &Arrays { grid: None, digest: digests })
    })?;
    let seeds = Arc::try_unwrap(seeds).unwrap_or_else(|shared| shared.to_vec());
    arrays(py, plan.spec(), seeds, rows, false, digests)
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

/// Bytes a parsed maze file holds (its lists by their capacity), as read.
fn file_bytes(file: &maze::MazeFile) -> u64 {
    let list = |len: usize, size: u64| heap(len as u64 * size);
    let mut bytes = std::mem::size_of::<maze::MazeFile>() as u64
        + list(file.passages.capacity(), 8)
        + file.walls.as_ref().map_or(0, |w| list(w.capacity(), 8))
        + list(file.starts.capacity(), 4)
        + list(file.ends.capacity(), 4)
        + heap(file.format.capacity() as u64)
        + heap(file.shape.kind.capacity() as u64)
        + file.shape.mask.as_ref().map_or(0, |m| list(m.capacity(), 4))
        + file.shape.crossings.as_ref().map_or(0, |c| list(c.capacity(), 8))
        + file.shape.wrap.as_ref().map_or(0, |w| heap(w.capacity() as u64))
        + file.algorithm.as_ref().map_or(0, |a| heap(a.capacity() as u64))
        + file.passage_bits.as_ref().map_or(0, |b| heap(b.bytes.capacity() as u64));
    if let Some(s) = &file.solution {
        bytes += list(s.path.capacity(), 4) + list(s.visited.capacity(), 4) + list(s.moves.capacity(), 24);
        bytes += s.moves.iter().map(|m| heap(m.capacity() as u64)).sum::<u64>()
            + heap(s.algorithm.capacity() as u64);
    }
    bytes
}

/// The JSON documents of a maze file, as [`documents`] finds them.
struct Documents {
    /// How many (the mazes).
    count: u64,
    /// The longest one's bytes.
    longest: u64,
    /// Their bytes together (a compact file's headers; the rest of it is passage bits and
    /// cell ids, read as they are).
    text: u64,
}

/// The JSON documents of a maze file: a compact record's header each, or the JSON
/// documents one after another (the reader parses each into a tree of values before it
/// keeps what it needs). The whole file as one document when its structure is not plain
/// (the reader will say what is wrong).
fn documents(bytes: &[u8]) -> Documents {
    let whole = Documents { count: 1, longest: bytes.len() as u64, text: bytes.len() as u64 };
    let mut found = Documents { count: 0, longest: 0, text: 0 };
    let mut add = |length: u64| {
        found.count += 1;
        found.longest = found.longest.max(length);
        found.text += length;
    };
    if maze_render::compact::is_compact(bytes) {
        let mut at = 0usize;
        let read = |at: usize, n: usize| bytes.get(at..at.checked_add(n)?);
        while at < bytes.len() {
            let Some(head) = read(at, 12) else { return whole };
            let flags = u16::from_le_bytes([head[6], head[7]]);
            let header = u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as usize;
            add(header as u64);
            at = at.saturating_add(12 + header);
            let Some(count) = read(at, 8) else { return whole };
            let count = u64::from_le_bytes(count.try_into().unwrap_or_default());
            at = at.saturating_add(8).saturating_add(count.div_ceil(8).min(bytes.len() as u64) as usize);
            if flags & 1 != 0 {
                for _ in 0..2 {
                    let Some(n) = read(at, 4) else { return whole };
                    let n = u32::from_le_bytes(n.try_into().unwrap_or_default()) as usize;
                    at = at.saturating_add(4).saturating_add(n.saturating_mul(4));
                }
            }
        }
        return found;
    }
    // JSON: the documents' extents by their brackets, strings skipped.
    let (mut depth, mut in_string, mut escaped, mut start) = (0u64, false, false, 0usize);
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            b'}' | b']' => {
                if depth == 0 {
                    return whole;
                }
                depth -= 1;
                if depth == 0 {
                    add((i + 1 - start) as u64);
                }
            }
            _ => {}
        }
    }
    if depth == 0 && found.count > 0 { found } else { whole }
}

/// How many bytes parsing a maze file of `size` bytes holds at most: the file's bytes; the
/// mazes kept, each a `MazeFile` (in a list that may have doubled) with its lists, at most
/// 16 bytes for each byte of JSON (a 2-byte number kept in 4 bytes, a 5-byte direction's
/// name as a 24-byte string and a heap block, in lists that may have doubled), a compact
/// file's passage bits as they are; and the longest document's tree of values while it is
/// read (up to 48 bytes a byte: a 32-byte value for each 2-byte number, lists doubled).
fn parse_bytes(size: u64, docs: &Documents) -> u64 {
    let kept = docs.count.saturating_mul(2 * std::mem::size_of::<maze::MazeFile>() as u64 + 160);
    size.saturating_mul(2)
        .saturating_add(docs.text.saturating_mul(16))
        .saturating_add(kept)
        .saturating_add(docs.longest.saturating_mul(48))
}

/// The mazes of the file at `path`, one the `maze` command wrote (compact records, JSON or
/// JSON Lines), all of one shape, as arrays like [`generate`]'s (seeds missing from the
/// file are 0), with `algorithm` and `braid` when the files say, and each maze's
/// [`digest`]. Refused (`mazekit.LimitError`) before each step when reading the file, or
/// the mazes it declares, would hold more than `max_bytes` (the file's size included).
#[pyfunction]
fn read_files<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    max_bytes: u64,
) -> PyResult<Bound<'py, PyDict>> {
    use std::io::Read;
    let shown = path.display().to_string();
    let mut file = std::fs::File::open(&path).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut data = Vec::new();
    // Never more than the limit, whatever the file has become since it was looked at.
    file.by_ref()
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut data)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let size = data.len() as u64;
    within(py, || format!("{shown}: {size} bytes"), size, max_bytes, "max_bytes")?;
    let parsing = parse_bytes(size, &documents(&data));
    within(py, || format!("{shown}: reading its {size} bytes"), parsing, max_bytes, "max_bytes")?;
    let (spec, files, held) = run(py, None, move || {
        let files = maze_render::compact::parse_any(&data)?;
        drop(data);
        let limit = maze_core::limits::MAX_CELLS;
        // One shape for the batch; a woven maze's crossings are its own. Each maze's shape
        // is made and let go in turn (a mask or crossings may be large).
        let key = |s: &maze::ShapeSpec| {
            (s.kind, s.width, s.height, s.wrap, s.levels, s.mask.clone(), s.weave.is_some())
        };
        let limits = maze::Limits { max_cells: limit, max_memory: max_bytes, ..maze::Limits::default() };
        let spec = maze::file_spec(&files[0], &limits)?;
        for (i, file) in files.iter().enumerate().skip(1) {
            let other = maze::file_spec(file, &limits)?;
            if key(&other) != key(&spec) {
                return Err(maze::Error::request(format!(
                    "maze {i} is a {}x{} {} maze with other options than maze 0 ({}x{} {}): a batch holds one shape",
                    other.width, other.height, other.kind, spec.width, spec.height, spec.kind
                )));
            }
        }
        let held = files.iter().map(file_bytes).sum::<u64>()
            + (files.capacity() - files.len()) as u64 * std::mem::size_of::<maze::MazeFile>() as u64;
        Ok((spec, files, held))
    })?;
    // The mazes the file declares, checked before any is made.
    let holding = Holding {
        n: files.len() as u64,
        cells: spec.cells(),
        connections: grid(&spec).is_some(),
        solve: false,
        stats: false,
        threads: threads_of(None)?,
        streamed: false,
    };
    let what = || format!("{shown}: the arrays of its {}", holding.mazes(&spec));
    within(py, what, held.saturating_add(holding.bytes()), max_bytes, "max_bytes")?;
    let files = Arc::new(files);
    let (job_files, job_spec) = (files.clone(), spec.clone());
    let rows = run(py, None, move || {
        let grid = grid(&job_spec);
        use rayon::prelude::*;
        job_files
            .par_iter()
            .enumerate()
            .map(|(i, file)| {
                let limits = maze::Limits { max_memory: max_bytes, ..maze::Limits::default() };
                let spec = maze::file_spec(file, &limits)?;
                spec.visit(FromFile { file, grid }).map_err(|e| e.context(format!("maze {i}")))
            })
            .collect::<maze::Result<Vec<Row>>>()
    })?;
    let seeds = files.iter().map(|f| f.seed.unwrap_or(0)).collect();
    let (algorithm, braid) = (files[0].algorithm.clone(), files[0].braid);
    // The files are not needed for the arrays: let them go first.
    drop(files);
    let out = arrays(py, &spec, seeds, rows, true, true)?;
    out.set_item("algorithm", algorithm)?;
    out.set_item("braid", braid)?;
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

/// A square maze from its row of a connection array, packed 8 to a byte (least
/// significant first): `2 * h * w` bits, down then right, row by row.
fn square_maze(conn: &[u8], w: u32, h: u32, start: u32, end: u32) -> maze::Result<Maze<Square>> {
    let mut maze = Maze::new(Square::new(w, h));
    let cells = (w * h) as usize;
    // Set bits only: every byte of a small maze is looked at once, a zero byte skipped.
    for (i, &byte) in conn.iter().enumerate() {
        let mut bits = byte;
        while bits != 0 {
            let k = i * 8 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if k >= 2 * cells {
                break;
            }
            let (down, a) = if k < cells { (true, k as u32) } else { (false, (k - cells) as u32) };
            let (x, y) = (a % w, a / w);
            let (inside, door, what) = if down {
                (y + 1 < h, maze_core::SquareDoor::South, "down from the bottom row")
            } else {
                (x + 1 < w, maze_core::SquareDoor::East, "right from the last column")
            };
            if !inside {
                return Err(maze::Error::request(format!(
                    "a passage {what} (row {y}, column {x}) leads out of the grid"
                )));
            }
            maze.carve(CellId(a), door);
        }
    }
    maze.set_entrance(CellId(start));
    maze.set_exit(CellId(end));
    Ok(maze)
}

/// Arrays made elsewhere, checked: connections (N, 2, H, W), starts and ends (N, 2) as
/// (row, column) inside the grid. The connections are copied packed, 8 to a byte, for the
/// job (an eighth of the caller's array).
struct Grids {
    n: usize,
    w: u32,
    h: u32,
    /// Maze `i`'s connections are bytes `i * stride ..` ([`square_maze`]).
    conn: Vec<u8>,
    stride: usize,
    ends: Vec<[u32; 2]>,
}

impl Grids {
    /// The bytes [`Grids::read`] holds for `n` mazes of `cells` cells.
    fn bytes(n: u64, cells: u64) -> u64 {
        n.saturating_mul(packed_bytes(cells) + 8)
    }

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
        for (name, array) in [("starts", starts), ("ends", ends)] {
            if array.as_array().shape() != [n, 2] {
                return Err(PyValueError::new_err(format!(
                    "{name} must have shape ({n}, 2) (row, column), not {:?}",
                    array.as_array().shape()
                )));
            }
        }
        let stride = packed_bytes(cells as u64) as usize;
        let mut conn = vec![0u8; n * stride];
        match view.as_slice() {
            // A C-ordered array (numpy's usual): read 8 at a time.
            Some(all) => {
                for (i, maze) in all.chunks_exact(2 * cells).enumerate() {
                    let packed = &mut conn[i * stride..(i + 1) * stride];
                    for (byte, eight) in packed.iter_mut().zip(maze.chunks(8)) {
                        *byte = eight.iter().enumerate().fold(0u8, |b, (k, &open)| b | u8::from(open) << k);
                    }
                }
            }
            None => {
                for (i, maze) in view.outer_iter().enumerate() {
                    let packed = &mut conn[i * stride..(i + 1) * stride];
                    for (k, &open) in maze.iter().enumerate() {
                        packed[k / 8] |= u8::from(open) << (k % 8);
                    }
                }
            }
        }
        let mut pairs = Vec::with_capacity(n);
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
        Ok(Grids { n, w: w as u32, h: h as u32, conn, stride, ends: pairs })
    }

    /// Maze `i`, with its start and end.
    fn maze(&self, i: usize) -> maze::Result<Maze<Square>> {
        let [start, end] = self.ends[i];
        square_maze(&self.conn[i * self.stride..(i + 1) * self.stride], self.w, self.h, start, end)
            .map_err(|e| e.context(format!("maze {i}")))
    }
}

/// The number of mazes and cells a maze of a connection array (N, 2, H, W).
fn grid_size(connections: &PyReadonlyArray4<'_, bool>) -> (u64, u64) {
    let shape = connections.as_array().shape().to_vec();
    (shape[0] as u64, (shape[2] as u64).saturating_mul(shape[3] as u64))
}

/// Solves square mazes given as arrays (maze-dataset's layout): for each, the cells of
/// the route from its start to its end as (L, 2) (row, column), by `solver`. Refused
/// (`mazekit.LimitError`) before any work when the packed copy of the mazes and the routes (up
/// to every cell, 16 bytes each) could pass `max_bytes`.
#[pyfunction]
#[pyo3(signature = (connections, starts, ends, solver="bfs", max_bytes=maze::DEFAULT_MAX_BYTES))]
fn solve<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
    solver: &str,
    max_bytes: u64,
) -> PyResult<Bound<'py, PyList>> {
    let solver: Solver =
        solver.parse().map_err(|e: maze_core::Error| PyValueError::new_err(e.to_string()))?;
    let (n, cells) = grid_size(&connections);
    let threads = threads_of(None)?;
    let routes = n.saturating_mul(heap(16 * cells) + NUMPY_ARRAY + 32);
    let in_flight = threads.min(n).saturating_mul(cells.saturating_mul(IN_FLIGHT_PER_CELL));
    let bytes = Grids::bytes(n, cells).saturating_add(routes).saturating_add(in_flight);
    within(py, || format!("the routes of {n} mazes of {cells} cells"), bytes, max_bytes, "max_bytes")?;
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
/// columns. Refused (`mazekit.LimitError`) before any work when the packed copy of the mazes
/// and the columns would pass `max_bytes`, or the statistics' working memory (the mazes
/// in flight) `max_memory`.
#[pyfunction]
#[pyo3(signature = (connections, starts, ends, max_bytes=maze::DEFAULT_MAX_BYTES, max_memory=maze::DEFAULT_MAX_MEMORY))]
fn stats<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
    max_bytes: u64,
    max_memory: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let (n, cells) = grid_size(&connections);
    let threads = threads_of(None)?.min(n);
    let what = || format!("the statistics of {n} mazes of {cells} cells");
    let per_maze = heap(std::mem::size_of::<Stats>() as u64 + 256) + STATS_COLUMNS;
    let in_flight = threads.saturating_mul(cells.saturating_mul(IN_FLIGHT_PER_CELL));
    let bytes = Grids::bytes(n, cells).saturating_add(n.saturating_mul(per_maze)).saturating_add(in_flight);
    within(py, what, bytes, max_bytes, "max_bytes")?;
    within(py, what, threads.saturating_mul(maze_core::stats::memory(cells)), max_memory, "max_memory")?;
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
        deadend_start: r.deadend_start,
        deadend_end: r.deadend_end,
        allowed_start: r.allowed_start,
        allowed_end: r.allowed_end,
        min_distance: r.min_distance,
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

/// Every option of the request as its one declaration in the library says
/// ([`maze::field_info`]): a dict each with `name` (the long flag), `group`, `rust_type`,
/// `default` (the default's JSON, `null` for none) and `help` (the command's `--help`
/// text). `python/gen_signature.py` writes `mazekit.generate`'s signature from it.
#[pyfunction]
fn field_info(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let defaults =
        serde_json::to_value(MazeRequest::default()).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyList::empty(py);
    for field in maze::field_info() {
        let one = PyDict::new(py);
        one.set_item("name", field.name)?;
        one.set_item("group", format!("{:?}", field.group))?;
        one.set_item("rust_type", field.rust_type)?;
        one.set_item("default", defaults.get(field.name).map_or("null".into(), |v| v.to_string()))?;
        one.set_item("help", field.help)?;
        out.append(one)?;
    }
    Ok(out)
}

/// The request's options that change which maze is made (`maze::FieldGroup::shapes_the_maze`),
/// which `Maze.draw` refuses: it draws the maze it has.
#[pyfunction]
fn shaping_fields() -> Vec<&'static str> {
    maze::FIELDS.iter().copied().filter(|f| maze::group(f).is_some_and(|g| g.shapes_the_maze())).collect()
}

/// Writes `data` to `path` by the library's rule (`maze::output`, the command's `-o`): a
/// symlink only to a file in its own folder unless `follow_symlinks`, a device or FIFO in
/// place, a read-only file refused, a regular file replaced atomically.
#[pyfunction]
fn save_file(py: Python<'_>, path: std::path::PathBuf, data: &[u8], follow_symlinks: bool) -> PyResult<()> {
    let follow = if follow_symlinks { maze::output::Follow::Any } else { maze::output::Follow::SameFolder };
    py.detach(|| maze::output::write_file(&path, data, follow)).map_err(|e| {
        PyValueError::new_err(e.to_string().replace("--follow-symlinks", "follow_symlinks=True"))
    })
}

/// Square mazes given as arrays (maze-dataset's layout) as text in a prompt style
/// (`maze::prompt`): one string each, with the route of `route_cells`/`route_offsets` (cell
/// ids, as `Batch.solution_cells`) marked where the style marks one, and the ascii style's
/// glyphs drawn from `glyph_seeds` when given. Refused (`mazekit.LimitError`) before any
/// work when the packed copy and the text (about 48 bytes a cell) would pass `max_bytes`.
#[pyfunction]
#[pyo3(signature = (connections, starts, ends, style, route_cells=None, route_offsets=None, glyph_seeds=None, max_bytes=maze::DEFAULT_MAX_BYTES))]
#[allow(clippy::too_many_arguments)]
fn texts<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
    style: &str,
    route_cells: Option<PyReadonlyArray1<'py, u32>>,
    route_offsets: Option<PyReadonlyArray1<'py, u64>>,
    glyph_seeds: Option<PyReadonlyArray1<'py, u64>>,
    max_bytes: u64,
) -> PyResult<Vec<String>> {
    let style: maze::prompt::PromptStyle =
        style.parse().map_err(|e: maze_core::Error| PyValueError::new_err(e.to_string()))?;
    let (n, cells) = grid_size(&connections);
    let bytes = Grids::bytes(n, cells).saturating_add(n.saturating_mul(cells.saturating_mul(48) + 64));
    within(py, || format!("the text of {n} mazes of {cells} cells"), bytes, max_bytes, "max_bytes")?;
    let grids = Grids::read(&connections, &starts, &ends)?;
    let routes: Option<Vec<Vec<u32>>> = match (route_cells, route_offsets) {
        (Some(c), Some(o)) => {
            let (c, o) = (c.as_slice()?, o.as_slice()?);
            if o.len() != grids.n + 1
                || o.windows(2).any(|w| w[0] > w[1])
                || o.last().is_some_and(|&l| l as usize > c.len())
            {
                return Err(PyValueError::new_err(format!(
                    "route_offsets must be {} rising offsets into route_cells",
                    grids.n + 1
                )));
            }
            Some(o.windows(2).map(|w| c[w[0] as usize..w[1] as usize].to_vec()).collect())
        }
        (None, None) => None,
        _ => return Err(PyValueError::new_err("route_cells and route_offsets go together")),
    };
    let glyphs: Option<Vec<u64>> = glyph_seeds.map(|g| g.as_slice().map(<[u64]>::to_vec)).transpose()?;
    if glyphs.as_ref().is_some_and(|g| g.len() != grids.n) {
        return Err(PyValueError::new_err(format!("glyph_seeds must hold {} seeds", grids.n)));
    }
    run(py, None, move || {
        use rayon::prelude::*;
        (0..grids.n)
            .into_par_iter()
            .map(|i| {
                maze_core::cancel::check()?;
                let maze = grids.maze(i)?;
                let layout = maze::prompt::Layout::of(&maze)
                    .ok_or_else(|| maze::Error::request("not a square grid"))?;
                let route = routes.as_ref().map(|r| r[i].as_slice());
                if let Some(route) = route {
                    let inside = route.iter().all(|&c| (c as usize) < layout.cells());
                    if !inside || !route.windows(2).all(|p| maze.connected(CellId(p[0]), CellId(p[1]))) {
                        return Err(maze::Error::request(format!(
                            "maze {i}: its route is not a walk through its passages"
                        )));
                    }
                }
                let glyphs = glyphs.as_ref().map(|g| maze::prompt::glyphs_of(g[i]));
                layout.text(style, route, glyphs)
            })
            .collect::<maze::Result<Vec<String>>>()
    })
}

/// A square maze's text in a prompt style read back (`maze::prompt::parse`): `width`,
/// `height`, `connections` (2, H, W) bool (maze-dataset's layout), `start` and `goal` as
/// (row, column). Text that is not a maze in the style: a one-line `ValueError`.
#[pyfunction]
fn parse<'py>(py: Python<'py>, text: &str, style: &str) -> PyResult<Bound<'py, PyDict>> {
    let style: maze::prompt::PromptStyle =
        style.parse().map_err(|e: maze_core::Error| PyValueError::new_err(e.to_string()))?;
    let layout = maze::prompt::parse(text, style).map_err(|e| error(&e))?;
    let (w, h) = (layout.width as usize, layout.height as usize);
    let mut flat = layout.down.clone();
    flat.extend_from_slice(&layout.right);
    let out = PyDict::new(py);
    out.set_item("width", w)?;
    out.set_item("height", h)?;
    out.set_item("connections", PyArray1::from_vec(py, flat).reshape([2, h, w])?)?;
    out.set_item("start", PyTuple::new(py, [layout.start.0, layout.start.1])?)?;
    out.set_item("goal", PyTuple::new(py, [layout.goal.0, layout.goal.1])?)?;
    Ok(out)
}

/// The module `mazekit._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // `mazekit.__version__`: the engine's version, which is also the distribution's (maturin
    // takes the package version from Cargo).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(save_file, m)?)?;
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
    m.add_function(wrap_pyfunction!(field_info, m)?)?;
    m.add_function(wrap_pyfunction!(shaping_fields, m)?)?;
    m.add_function(wrap_pyfunction!(fresh_seed, m)?)?;
    m.add_function(wrap_pyfunction!(texts, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(verify::verify, m)?)?;
    m.add_function(wrap_pyfunction!(verify::shortest, m)?)?;
    m.add_function(wrap_pyfunction!(tiles::tile_grids, m)?)?;
    m.add_class::<game::Envs>()?;
    m.add("LimitError", limit_error_type(m.py())?)?;
    m.add("DEFAULT_MAX_BYTES", maze::DEFAULT_MAX_BYTES)?;
    m.add("DEFAULT_MAX_MEMORY", maze::DEFAULT_MAX_MEMORY)?;
    Ok(())
}
