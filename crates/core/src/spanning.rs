//! The number of spanning trees of a shape's cell graph: how many perfect mazes the shape
//! admits (Kirchhoff's matrix-tree theorem).
//!
//! The graph has every cell of the shape and an edge for every wall a passage could open
//! between two cells (two walls between the same two cells, as on a two-cell-wide cylinder,
//! are two edges; a wall between a cell and itself is none). The passages of any particular
//! maze play no part. A woven shape counts its underlying square grid (width × height, before
//! crossings are placed), since the crossings are drawn anew with every maze.
//!
//! ```
//! use maze_core::{Square, spanning};
//!
//! let count = spanning::spanning_trees(&Square::new(4, 4));
//! assert_eq!(count.exact, Some(100_352));
//! assert!((count.log10.unwrap() - 100_352f64.log10()).abs() < 1e-9);
//! ```

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::math;
use crate::shape::{CellId, Shape, ShapeSpec, Square};

/// Above this much work (reduced Laplacian size × bandwidth²) the count is not computed.
/// A 100 × 100 square grid needs 10⁸; the limit is reached at about 140 × 140 squares.
pub const WORK_LIMIT: u64 = 400_000_000;

/// Above this many stored band entries (reduced size × (bandwidth + 1), 8 bytes each) the
/// count is not computed: 128 MiB.
pub const BAND_LIMIT: u64 = 1 << 24;

/// Above this many cells the count is not tried at all: the cell graph alone would take
/// about [`GRAPH_BYTES`] a cell before the band's size could be known, and no graph this
/// large fits the band's limits but a strip a few cells wide.
pub const MAX_CELLS: u64 = 1 << 20;

/// The most bytes a cell of the graph takes while the count runs (its neighbour lists in
/// two orders, the orders and positions, the breadth-first search's marks and queue).
pub const GRAPH_BYTES: u64 = 160;

/// The most memory [`spanning_trees`] takes for a shape of `cells` cells: the graph, and
/// the band of at most [`BAND_LIMIT`] entries (fewer where [`WORK_LIMIT`] bounds the
/// band's width: `n · b² <= WORK_LIMIT` gives at most `√(WORK_LIMIT · n) + n` entries);
/// nothing past [`MAX_CELLS`]. Time and memory O(1).
pub fn memory(cells: u64) -> u64 {
    if cells > MAX_CELLS {
        return 0;
    }
    let entries = (WORK_LIMIT.saturating_mul(cells).isqrt() + cells).min(BAND_LIMIT);
    cells * GRAPH_BYTES + 8 * entries
}

/// The Mersenne prime 2⁶¹ − 1: exact counts are computed modulo it, and a count below it
/// is its own remainder.
const PRIME: u64 = (1 << 61) - 1;

/// The largest exact count reported, a little below [`PRIME`] (so the remainder is the
/// count, with room for rounding in the float estimate that decides it) and below 2⁶³ (so
/// every JSON reader that keeps 64-bit integers and every int64 array holds it).
const EXACT_MAX: f64 = 2e18;

/// The number of spanning trees of a cell graph, as [`spanning_trees`] finds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpanningTrees {
    /// The exact count when it is below 2·10¹⁸ (and the graph small enough to count, see
    /// [`WORK_LIMIT`]); `None` above that. 0 for a graph in several pieces.
    pub exact: Option<u64>,
    /// The count's base-10 logarithm (0 for a single cell or a path); `None` when there are
    /// no spanning trees (the graph is in pieces) or the graph is past the limits.
    pub log10: Option<f64>,
}

/// Counts the spanning trees of `shape`'s cell graph (woven shapes: the underlying square
/// grid) by the matrix-tree theorem: the determinant of the Laplacian with the row and
/// column of one cell removed.
///
/// Steps: number the cells so that neighbours get close numbers (the shape's own row by
/// row numbering, or a breadth-first order from a far cell when that gives a narrower
/// band; the narrower wins), so the reduced Laplacian is a band matrix of half-width `b`
/// (about the width of the maze for square, hex and triangle rows); eliminate it within the
/// band, in `f64`, summing the logarithms of the pivots (they are all positive: the matrix
/// is positive definite when the graph is connected). When that logarithm says the count is
/// below 2·10¹⁸, eliminate again modulo the prime 2⁶¹ − 1 (exact integer arithmetic; fill-in
/// stays in the band, which fraction-free Bareiss elimination would not give cheaply, as it
/// rescales every entry of the trailing matrix at every step): the remainder is the count.
///
/// Time O(N · D + n · b²) for N cells of D doors and the reduced size n = N − 1; memory
/// O(n · b) (8 bytes an entry; see [`memory`]). Shapes of more than [`MAX_CELLS`] cells,
/// and graphs needing more than [`WORK_LIMIT`] or [`BAND_LIMIT`], get `None` for both
/// figures: a 100 × 100 square grid takes about 0.1 s, a 140 × 140 one is
/// the largest counted.
pub fn spanning_trees<S: Shape>(shape: &S) -> SpanningTrees {
    spanning_trees_within(shape, WORK_LIMIT)
}

/// [`spanning_trees`] with a smaller budget of work: graphs whose elimination would take
/// more than `work` steps (`n · b²`, see [`WORK_LIMIT`], which caps `work`) get `None` for
/// both figures. For a caller that must answer quickly, such as the page's status line.
pub fn spanning_trees_within<S: Shape>(shape: &S, work: u64) -> SpanningTrees {
    if shape.woven() {
        let spec = shape.spec();
        return spanning_trees_within(&Square::new(spec.width, spec.height), work);
    }
    if u64::from(shape.cell_count()) > MAX_CELLS {
        return SpanningTrees { exact: None, log10: None };
    }
    let Some(graph) = Graph::of(shape) else {
        return SpanningTrees { exact: Some(0), log10: None };
    };
    let m = graph.order.len().saturating_sub(1) as u64;
    let b = graph.bandwidth as u64;
    if m * b * b > work.min(WORK_LIMIT) || m * (b + 1) > BAND_LIMIT {
        return SpanningTrees { exact: None, log10: None };
    }
    let log10 = graph.log10_det();
    let exact = if log10 < math::log10(EXACT_MAX) { graph.det_mod_prime() } else { None };
    // The two passes must agree (to float precision): a count past the prime would leave a
    // remainder unrelated to the estimate.
    let exact = exact.filter(|&e| e > 0 && (math::log10(e as f64) - log10).abs() < 1e-6);
    SpanningTrees { exact, log10: Some(exact.map_or(log10, |e| math::log10(e as f64))) }
}

/// [`spanning_trees`], remembering the last few shapes (by their [`ShapeSpec`], a woven
/// one by its plain grid): a batch of mazes on one shape counts once.
pub fn spanning_trees_cached<S: Shape>(shape: &S) -> SpanningTrees {
    spanning_trees_cached_within(shape, WORK_LIMIT)
}

/// [`spanning_trees_within`], remembering the last few answers by shape and budget: the
/// statistics of a batch and the page's status line each count a shape once. An answer
/// within a smaller budget is kept apart from the full one (it may be "too much work").
pub fn spanning_trees_cached_within<S: Shape>(shape: &S, work: u64) -> SpanningTrees {
    static CACHE: Mutex<Vec<((ShapeSpec, u64), SpanningTrees)>> = Mutex::new(Vec::new());
    let mut spec = shape.spec();
    spec.weave = None;
    let key = (spec, work.min(WORK_LIMIT));
    if let Ok(cache) = CACHE.lock()
        && let Some((_, found)) = cache.iter().find(|(k, _)| *k == key)
    {
        return *found;
    }
    let count = spanning_trees_within(shape, key.1);
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() >= 8 {
            cache.remove(0);
        }
        cache.push((key, count));
    }
    count
}

/// The cell graph in a narrow-band order.
struct Graph {
    /// The cells (ids) in elimination order; the last one is the removed row and column.
    order: Vec<u32>,
    /// For each position, the positions of its neighbours (one entry per wall).
    adjacent: Vec<Vec<u32>>,
    /// The largest distance in positions between neighbours.
    bandwidth: usize,
}

impl Graph {
    /// The graph of `shape`'s cells, or `None` if they are not all connected.
    fn of<S: Shape>(shape: &S) -> Option<Graph> {
        let n = shape.cell_count() as usize;
        let cells: Vec<u32> = (0..n as u32).filter(|&c| shape.contains(CellId(c))).collect();
        let mut neighbours: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &c in &cells {
            for (_, b) in shape.adjacent(CellId(c)).iter() {
                if b.0 != c && shape.contains(b) {
                    neighbours[c as usize].push(b.0);
                }
            }
        }
        let first = *cells.first()?;
        let (_, far) = bfs_order(&neighbours, first, n);
        let (bfs, _) = bfs_order(&neighbours, far, n);
        if bfs.len() != cells.len() {
            return None;
        }
        let by_id = Graph::with_order(cells, &neighbours, n);
        let by_bfs = Graph::with_order(bfs, &neighbours, n);
        Some(if by_bfs.bandwidth < by_id.bandwidth { by_bfs } else { by_id })
    }

    fn with_order(order: Vec<u32>, neighbours: &[Vec<u32>], n: usize) -> Graph {
        let mut position = vec![u32::MAX; n];
        for (i, &c) in order.iter().enumerate() {
            position[c as usize] = i as u32;
        }
        let adjacent: Vec<Vec<u32>> = order
            .iter()
            .map(|&c| neighbours[c as usize].iter().map(|&b| position[b as usize]).collect())
            .collect();
        let bandwidth = adjacent
            .iter()
            .enumerate()
            .flat_map(|(i, list)| {
                list.iter().map(move |&j| (i as i64 - i64::from(j)).unsigned_abs() as usize)
            })
            .max()
            .unwrap_or(0);
        Graph { order, adjacent, bandwidth }
    }

    /// The reduced Laplacian's lower band, row by row: `b + 1` entries a row, entry `k` of
    /// row `i` being column `i − b + k`.
    fn band<T: Copy>(&self, zero: T, one: impl Fn(u64) -> T, minus_one: impl Fn(T) -> T) -> Vec<T> {
        let m = self.order.len() - 1;
        let w = self.bandwidth + 1;
        let mut a = vec![zero; m * w];
        for i in 0..m {
            a[i * w + self.bandwidth] = one(self.adjacent[i].len() as u64);
            for &j in &self.adjacent[i] {
                let j = j as usize;
                if j < i {
                    let at = i * w + self.bandwidth - (i - j);
                    a[at] = minus_one(a[at]);
                }
            }
        }
        a
    }

    /// log10 of the determinant of the reduced Laplacian, by elimination in `f64`.
    fn log10_det(&self) -> f64 {
        let (m, b) = (self.order.len() - 1, self.bandwidth);
        let w = b + 1;
        let mut a = self.band(0.0f64, |d| d as f64, |x| x - 1.0);
        let mut log10 = 0.0;
        for k in 0..m {
            let pivot = a[k * w + b];
            log10 += math::log10(pivot);
            // Subtract column k's contribution from the rows below, within the band.
            for i in k + 1..m.min(k + b + 1) {
                let f = a[i * w + b - (i - k)] / pivot;
                if f == 0.0 {
                    continue;
                }
                for j in k + 1..=i {
                    let akj = a[j * w + b - (j - k)];
                    a[i * w + b - (i - j)] -= f * akj;
                }
            }
        }
        log10
    }

    /// The determinant of the reduced Laplacian modulo [`PRIME`], or `None` if a pivot
    /// vanished modulo the prime (then elimination without row exchanges cannot go on).
    fn det_mod_prime(&self) -> Option<u64> {
        let (m, b) = (self.order.len() - 1, self.bandwidth);
        let w = b + 1;
        let mut a = self.band(0u64, |d| d % PRIME, |x| sub(x, 1));
        let mut det = 1u64;
        for k in 0..m {
            let pivot = a[k * w + b];
            if pivot == 0 {
                return None;
            }
            det = mul(det, pivot);
            let inverse = power(pivot, PRIME - 2);
            for i in k + 1..m.min(k + b + 1) {
                let f = mul(a[i * w + b - (i - k)], inverse);
                if f == 0 {
                    continue;
                }
                for j in k + 1..=i {
                    let akj = a[j * w + b - (j - k)];
                    let at = i * w + b - (i - j);
                    a[at] = sub(a[at], mul(f, akj));
                }
            }
        }
        Some(det)
    }
}

/// A breadth-first order of the cells reachable from `start`, and the last cell reached.
fn bfs_order(neighbours: &[Vec<u32>], start: u32, n: usize) -> (Vec<u32>, u32) {
    let mut seen = vec![false; n];
    let mut order = Vec::new();
    let mut queue = VecDeque::from([start]);
    seen[start as usize] = true;
    while let Some(c) = queue.pop_front() {
        order.push(c);
        for &b in &neighbours[c as usize] {
            if !seen[b as usize] {
                seen[b as usize] = true;
                queue.push_back(b);
            }
        }
    }
    let last = order.last().copied().unwrap_or(start);
    (order, last)
}

fn mul(a: u64, b: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(PRIME)) as u64
}

fn sub(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + PRIME - b }
}

fn power(mut base: u64, mut e: u64) -> u64 {
    let mut out = 1;
    while e > 0 {
        if e & 1 == 1 {
            out = mul(out, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    out
}
