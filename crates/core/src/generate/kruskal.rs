//! Kruskal's algorithm: document 000's colour merging, with a union-find.

use super::carve;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Random;
use crate::shape::{CellId, Door, Shape};

use super::kruskal_lean::TILE;

/// Kruskal: shuffle every inner wall, then pierce each wall whose two cells are still in
/// different zones (document 000 repaints zones; a union-find does the same in near-constant
/// time per wall). The passages the shape requires, the crossings of a woven maze
/// ([`Shape::required_passages`](crate::Shape::required_passages)), are opened first.
///
/// Bias: none towards direction; produces the same distribution as Prim on random weights
/// (the minimum spanning tree of random weights), with many short dead ends (≈30.5% of cells
/// on a square grid). Not uniform over spanning trees.
/// Time O(E α(N)) after an O(E) shuffle; memory 4 bytes per inner wall (8 above 2^28
/// cells) plus 4 per cell.
///
/// Above [`LEAN_ABOVE`] cells (2^26, the default cell limit, so only with a raised
/// `--max-cells`), a whole square lattice is not shuffled: each wall's random weight is a
/// keyed hash of its id (the key is one draw from `rng`), and the minimum spanning tree of
/// those weights is built tile by tile (256 × 256 cells, Kruskal in each tile, then Kruskal
/// over the tiles' trees reduced to their borders; see `kruskal_lean.rs`). It is the same
/// algorithm and distribution (a random order of the walls is random weights), a different
/// maze for the seed than the shuffled list would give, and it takes under 1 byte a cell
/// besides the walls (16000 × 16000: 0.20 GB peak with the walls, against 3 GB) and
/// O(N log T) time with a table the size of a tile in cache (about 110 ns a cell here
/// against 300 at 8000²), the rows of tiles spread over every core when unwatched. At or below the threshold, and on every other shape, the maze is
/// the one the shuffled list has always given.
pub fn kruskal<S: Shape, R: Random, O: Observer>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O) {
    kruskal_with(maze, rng, obs, LEAN_ABOVE, TILE);
}

/// Above this many cells, square lattices take the lean path ([`kruskal`]); at or below
/// it, the maze is the one the shuffled wall list has always given.
pub const LEAN_ABOVE: u64 = crate::limits::MAX_CELLS;

/// [`kruskal`] with the lean path's threshold and tile side as parameters (tests lower them).
pub(crate) fn kruskal_with<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
    lean_above: u64,
    tile: u32,
) {
    if let Some((w, h)) = maze.shape().square_lattice()
        && u64::from(maze.cell_count()) > lean_above
    {
        let key = rng.next_u64();
        super::kruskal_lean::generate(maze, w, h, key, tile, obs);
        return;
    }
    if let Some((w, h)) = maze.shape().square_lattice()
        && maze.cell_count() < 1 << 30
        && !O::ACTIVE
    {
        square_fast(maze, w, h, rng, obs);
        return;
    }
    // Edges are packed as `cell << 4 | door`: in 32 bits while ids fit in 28 bits, which
    // halves the memory the shuffle scatters over.
    if maze.cell_count() < 1 << 28 {
        run::<u32, S, R, O>(maze, rng, obs);
    } else {
        run::<u64, S, R, O>(maze, rng, obs);
    }
}

fn run<E, S, R, O>(maze: &mut Maze<S>, rng: &mut R, obs: &mut O)
where
    E: Copy + TryFrom<u64> + Into<u64>,
    S: Shape,
    R: Random,
    O: Observer,
{
    let n = maze.cell_count();
    let shape = maze.shape().clone();
    let mut edges: Vec<E> = Vec::with_capacity(n as usize * usize::from(S::Door::COUNT) / 2);
    for c in 0..n {
        let cell = CellId(c);
        for (d, b) in shape.adjacent(cell).iter() {
            if b > cell
                && let Ok(e) = E::try_from(u64::from(c) << 4 | u64::from(d.index()))
            {
                edges.push(e);
            }
        }
    }
    rng.shuffle(&mut edges);
    let mut uf = UnionFind::new(n);
    let mut joined = 1;
    // Passages the shape asks for (a woven maze's crossings) are opened first, so the
    // tree keeps them all.
    for (cell, d) in shape.required_passages() {
        if let Some(b) = shape.neighbour(cell, d)
            && uf.union(cell.0, b.0)
        {
            obs.on(Event::Visit(b));
            carve(maze, cell, d, obs);
            joined += 1;
        }
    }
    // Each edge is decoded AHEAD places early and its two union-find entries read then, so
    // their cache misses overlap with the work on the edges before it (as the square path).
    const AHEAD: usize = 16;
    let steps = shape.door_steps();
    let decode = |e: E| -> (u32, u32, u8) {
        let e: u64 = e.into();
        let (a, d) = ((e >> 4) as u32, (e & 15) as u8);
        let b = match steps {
            Some(steps) => a.wrapping_add(steps[usize::from(d)]),
            None => shape.neighbour(CellId(a), S::Door::from_index(d)).map_or(a, |b| b.0),
        };
        (a, b, d)
    };
    let mut ahead = [(0u32, 0u32, 0u8); AHEAD];
    let mut sink = 0i32;
    for (slot, &e) in ahead.iter_mut().zip(&edges) {
        *slot = decode(e);
        sink ^= uf.parent[slot.0 as usize] ^ uf.parent[slot.1 as usize];
    }
    for i in 0..edges.len() {
        if joined >= n {
            break;
        }
        let (a, b, d) = ahead[i % AHEAD];
        if let Some(&e) = edges.get(i + AHEAD) {
            let next = decode(e);
            sink ^= uf.parent[next.0 as usize] ^ uf.parent[next.1 as usize];
            ahead[i % AHEAD] = next;
        }
        if a != b && uf.union(a, b) {
            obs.on(Event::Visit(CellId(b)));
            carve(maze, CellId(a), S::Door::from_index(d), obs);
            joined += 1;
        }
    }
    std::hint::black_box(sink);
}

/// Disjoint sets over `0..n` in one array: a root holds minus its set's size, any other
/// element its parent. Path halving and union by size.
pub(crate) struct UnionFind {
    parent: Vec<i32>,
}

impl UnionFind {
    pub(crate) fn new(n: u32) -> Self {
        UnionFind { parent: vec![-1; n as usize] }
    }

    /// Back to `n` single sets, keeping the allocation.
    pub(crate) fn reset(&mut self, n: u32) {
        self.parent.clear();
        self.parent.resize(n as usize, -1);
    }

    #[inline]
    pub(crate) fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let p = self.parent[x as usize];
            if p < 0 {
                return x;
            }
            let grand = self.parent[p as usize];
            if grand < 0 {
                return p as u32;
            }
            self.parent[x as usize] = grand;
            x = grand as u32;
        }
    }

    /// Joins the sets of `a` and `b`; false if they were already one.
    #[inline]
    pub(crate) fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        // Sizes are stored negated: the larger set has the smaller value.
        if self.parent[ra as usize] > self.parent[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[ra as usize] += self.parent[rb as usize];
        self.parent[rb as usize] = ra as i32;
        true
    }
}

/// Square cells, unwatched: an edge is its wall id (2c east, 2c + 1 south), in the same order
/// as the generic list, so the shuffle and the maze are identical; decoding needs no branch.
fn square_fast<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    w: u32,
    h: u32,
    rng: &mut R,
    obs: &mut O,
) {
    let n = w * h;
    let mut edges: Vec<u32> = Vec::with_capacity(2 * n as usize);
    for y in 0..h {
        let row = y * w;
        for x in 0..w {
            let c = row + x;
            if x + 1 < w {
                edges.push(2 * c);
            }
            if y + 1 < h {
                edges.push(2 * c + 1);
            }
        }
    }
    rng.shuffle(&mut edges);
    let mut uf = UnionFind::new(n);
    let step = [1u32, w];
    let mut joined = 1;
    // Reading the union-find entries of the edge PREFETCH_AHEAD places on starts their
    // cache misses early (a plain load: prefetch intrinsics would need `unsafe`).
    const PREFETCH_AHEAD: usize = 16;
    let mut sink = 0i32;
    for i in 0..edges.len() {
        if joined >= n {
            break;
        }
        // Touch the cell AHEAD edges on: a plain load the CPU overlaps with this edge's work.
        if let Some(&f) = edges.get(i + PREFETCH_AHEAD) {
            let fa = f >> 1;
            sink ^= uf.parent[fa as usize] ^ uf.parent[(fa + step[(f & 1) as usize]) as usize];
        }
        let e = edges[i];
        let a = e >> 1;
        let b = a + step[(e & 1) as usize];
        if uf.union(a, b) {
            obs.on(Event::Visit(CellId(b)));
            maze.open_wall(crate::shape::WallId(u64::from(e)));
            joined += 1;
        }
    }
    std::hint::black_box(sink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyze::is_perfect;
    use crate::random::Xoshiro;
    use crate::shape::Square;

    fn make(w: u32, h: u32, seed: u64, lean_above: u64, tile: u32) -> Maze<Square> {
        let mut maze = Maze::new(Square::new(w, h));
        kruskal_with(&mut maze, &mut Xoshiro::seed_from_u64(seed), &mut (), lean_above, tile);
        maze
    }

    #[test]
    fn above_the_threshold_a_deterministic_spanning_tree() {
        for (w, h) in [(30, 20), (1, 50), (50, 1), (64, 64), (37, 41)] {
            let cells = u64::from(w * h);
            let a = make(w, h, 7, cells - 1, 8);
            assert!(is_perfect(&a), "{w}x{h}");
            assert_eq!(a.passage_count(), cells - 1);
            assert_eq!(a.passages(), make(w, h, 7, cells - 1, 8).passages(), "same seed, same maze");
            assert_eq!(a.passages(), make(w, h, 7, 0, 5).passages(), "the tile side changes nothing");
            if w > 1 && h > 1 {
                assert_ne!(a.passages(), make(w, h, 8, 0, 8).passages(), "another seed, another maze");
            }
        }
    }

    #[test]
    fn at_the_threshold_the_shuffled_list_is_kept() {
        for (w, h) in [(30, 20), (64, 64)] {
            let cells = u64::from(w * h);
            let mut maze = Maze::new(Square::new(w, h));
            kruskal(&mut maze, &mut Xoshiro::seed_from_u64(3), &mut ());
            assert_eq!(maze.passages(), make(w, h, 3, cells, 8).passages());
            assert_ne!(maze.passages(), make(w, h, 3, cells - 1, 8).passages());
        }
    }
}
