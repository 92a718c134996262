//! Helpers shared by the integration tests (each test file includes this module).
#![allow(dead_code, unused_macros)]

use std::collections::VecDeque;

use maze_core::{CellId, Maze, Shape, ShapeKind, ShapeSpec};

/// Runs `$body` once per shape of the given width and height, with `$s` bound to the concrete
/// shape (so the body is monomorphised for each). Sizes a shape rejects (a one-wide triangle
/// strip taller than two rows) are skipped, by the registry's own rule. Adding a shape is one
/// line here; `every_registered_shape_is_covered` in `topology.rs` fails until it is added.
macro_rules! for_each_shape {
    ($w:expr, $h:expr, |$s:ident| $body:expr) => {{
        let (w, h): (u32, u32) = ($w, $h);
        if common::valid(maze_core::ShapeKind::Square, w, h) {
            let $s = maze_core::Square::new(w, h);
            $body;
        }
        if common::valid(maze_core::ShapeKind::Hex, w, h) {
            let $s = maze_core::Hex::new(w, h);
            $body;
        }
        if common::valid(maze_core::ShapeKind::Triangle, w, h) {
            let $s = maze_core::Triangle::new(w, h);
            $body;
        }
        if common::valid(maze_core::ShapeKind::Polar, w, h) {
            let $s = maze_core::Polar::new(w, h);
            $body;
        }
        if common::valid(maze_core::ShapeKind::Upsilon, w, h) {
            let $s = maze_core::Upsilon::new(w, h);
            $body;
        }
        if common::valid(maze_core::ShapeKind::Sigma, w, h) {
            let $s = maze_core::Sigma::new(w, h);
            $body;
        }
        // Masks: the same shapes with about a quarter of their cells removed.
        if let Some($s) = common::masked(maze_core::Square::new(w, h)) {
            $body;
        }
        if let Some($s) = common::masked(maze_core::Hex::new(w, h)) {
            $body;
        }
        if common::valid(maze_core::ShapeKind::Polar, w, h)
            && let Some($s) = common::masked(maze_core::Polar::new(w, h))
        {
            $body;
        }
        if let Some($s) = common::masked(maze_core::Upsilon::new(w, h)) {
            $body;
        }
        if let Some($s) = common::masked(maze_core::Sigma::new(w, h)) {
            $body;
        }
        // Wrap-around (cylinders and tori) and multi-level mazes.
        for wrap in ["x", "y", "xy"] {
            let wrap: maze_core::Wrap = wrap.parse().unwrap();
            if wrap.check(maze_core::ShapeKind::Square, w, h).is_ok() {
                let $s = maze_core::WrapSquare::new(w, h, wrap);
                $body;
            }
            if wrap.check(maze_core::ShapeKind::Hex, w, h).is_ok() {
                let $s = maze_core::WrapHex::new(w, h, wrap);
                $body;
            }
            if wrap.check(maze_core::ShapeKind::Sigma, w, h).is_ok() {
                let $s = maze_core::WrapSigma::new(w, h, wrap);
                $body;
            }
        }
        // Woven: crossings on about a third of the inner cells, laid out once for the size.
        if let Some($s) = common::woven(w, h) {
            $body;
        }
        if w >= 2 && h >= 2 && w * h <= 64 {
            let $s = maze_core::Levels::new(maze_core::Square::new(w, h), 3);
            $body;
            let $s = maze_core::Levels::new(maze_core::Hex::new(w, h), 2);
            $body;
            let $s = maze_core::Levels::new(maze_core::Sigma::new(w, h), 2);
            $body;
        }
    }};
}

/// The shape with a pseudo-random quarter of its cells removed, keeping the largest piece,
/// or `None` when that leaves the shape whole or nearly empty.
pub fn masked<S: Shape>(base: S) -> Option<maze_core::Masked<S>> {
    let n = base.cell_count();
    let mask = maze_core::Mask::from_fn(n, |c| (u64::from(c).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) >= 2)
        .keep_largest_part(&base);
    let kept = mask.count();
    (kept >= 2 && kept < n).then(|| maze_core::Masked::new(base, std::sync::Arc::new(mask)))
}

/// A woven `w × h` square maze with crossings on about a third of its inner cells (laid out
/// from a fixed seed), or `None` when no crossing fits.
pub fn woven(w: u32, h: u32) -> Option<maze_core::Weave> {
    use maze_core::Random as _;
    let mut rng = maze_core::Xoshiro::seed_from_u64(u64::from(w) << 32 | u64::from(h));
    let _ = rng.next_u64();
    let crossings = maze_core::shape::Crossings::place(w, h, 0.35, &mut rng);
    (!crossings.is_empty())
        .then(|| maze_core::Weave::new(w, h, &maze_core::WeaveLayout::Placed(std::sync::Arc::new(crossings))))
}

/// Whether the registry accepts this size for this kind of shape.
pub fn valid(kind: ShapeKind, w: u32, h: u32) -> bool {
    ShapeSpec::new(kind, w, h, maze_core::limits::MAX_CELLS).is_ok()
}

/// Breadth-first distances over the shape's own adjacency, as if every inner wall were open
/// (written against `Shape::neighbour` only, independently of `Maze` and `analyze`).
pub fn grid_distances<S: Shape>(shape: &S, from: CellId) -> Vec<u32> {
    let mut dist = vec![u32::MAX; shape.cell_count() as usize];
    dist[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for d in shape.doors(c).iter() {
            if let Some(b) = shape.neighbour(c, d)
                && dist[b.index()] == u32::MAX
            {
                dist[b.index()] = dist[c.index()] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

/// Breadth-first distances through the maze's open passages, from `Maze::connected` alone.
pub fn maze_distances<S: Shape>(maze: &Maze<S>, from: CellId) -> Vec<u32> {
    let shape = maze.shape();
    let mut dist = vec![u32::MAX; maze.cell_count() as usize];
    dist[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for d in shape.doors(c).iter() {
            if let Some(b) = shape.neighbour(c, d)
                && maze.connected(c, b)
                && dist[b.index()] == u32::MAX
            {
                dist[b.index()] = dist[c.index()] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

/// A minimal union-find, for checking trees without the library's own analysis.
pub struct Dsu(Vec<u32>);

impl Dsu {
    pub fn new(n: u32) -> Self {
        Dsu((0..n).collect())
    }
    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            let p = self.0[self.0[x as usize] as usize];
            self.0[x as usize] = p;
            x = p;
        }
        x
    }
    /// Joins two sets; false if they were one already.
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a as usize] = b;
        a != b
    }
}

/// Panics unless the maze is a spanning tree of its cells with no outer wall open: checked by
/// the library (`analyze::is_perfect`) and independently (a union-find over the passages).
pub fn assert_spanning_tree<S: Shape>(maze: &Maze<S>, what: &str) {
    let n = maze.cell_count();
    assert_eq!(maze.passage_count(), u64::from(n) - 1, "{what}: passages != cells - 1");
    assert_eq!(
        maze.passages().count_open(),
        maze.passage_count(),
        "{what}: an outer wall (or a wall id outside the cells) is open"
    );
    assert!(maze_core::analyze::is_connected(maze), "{what}: not connected");
    assert!(maze_core::analyze::is_perfect(maze), "{what}: not perfect");
    let mut dsu = Dsu::new(n);
    for (a, b) in maze.passage_pairs() {
        assert!(dsu.union(a.0, b.0), "{what}: passage {a:?}-{b:?} closes a loop");
    }
}

/// The passages as a sorted list of cell pairs: a key for a maze's tree.
pub fn tree_key<S: Shape>(maze: &Maze<S>) -> Vec<(u32, u32)> {
    let mut key: Vec<(u32, u32)> = maze.passage_pairs().map(|(a, b)| (a.0, b.0)).collect();
    key.sort_unstable();
    key
}

/// The Wilson–Hilferty approximation of the chi-square quantile with `df` degrees of freedom
/// at the standard normal quantile `z` (z = 3.719 for 99.99%).
pub fn chi_square_quantile(df: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// The standard normal quantile for 99.99% (one-sided).
pub const Z_9999: f64 = 3.719_016_485;

/// Pearson's chi-square statistic of observed counts against equal expected counts.
pub fn chi_square_uniform(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

/// A maze of `shape` with every wall closed (for bodies of `for_each_shape!`, where the shape
/// is a concrete type and `clone` on a `Copy` shape would draw a lint).
pub fn fresh<S: Shape>(shape: &S) -> Maze<S> {
    Maze::new(shape.clone())
}
