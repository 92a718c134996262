//! Kruskal for very large square mazes, in under 1 byte a cell (besides the walls) instead of 12.
//!
//! Kruskal's maze is the minimum spanning tree of the grid when every inner wall gets a
//! random weight (a random order of the walls is the same thing). Above
//! [`super::kruskal::LEAN_ABOVE`] cells the order is not stored: each wall's weight is a
//! keyed bijective hash of its id, [`weight`], so weights are distinct and any minimum
//! spanning tree algorithm gives the same tree. This one needs no table over all cells:
//!
//! 1. The grid is cut into tiles of `tile × tile` cells. In each tile, Kruskal over the
//!    tile's own walls (sorted by weight, a union-find the size of the tile, in cache) gives
//!    the tile's spanning tree; its walls are opened. A wall it leaves closed closes a cycle
//!    of lighter walls, so it is in no minimum spanning tree (the cycle property).
//! 2. Only cells on a tile's border meet walls of other tiles (the *terminals*). The tile's
//!    tree is reduced to them: branches without a terminal are bridges, certainly kept; a
//!    path through cells of degree two is one edge of the reduced graph whose weight is its
//!    heaviest wall, the only wall of the path that may still go (the others are never the
//!    heaviest wall of a cycle). What is left has at most about two nodes per terminal.
//! 3. Kruskal over the reduced graph (the reduced tree edges and the walls between tiles)
//!    decides the rest: a wall between tiles it takes is opened, a reduced edge it refuses
//!    closes its heaviest wall again.
//!
//! Steps 1 and 2 are independent from one row of tiles (a strip) to the next, so unwatched
//! they run on every core, each thread writing its strips' own words of the maze's bits;
//! the strips join the reduced graph in order, and since the weights are distinct the tree
//! is the same whatever the number of threads.
//!
//! Memory: the maze's own bits, a tile's tables per thread (about 3.5 MB at 256²), and the
//! reduced graph: about 10 edges of 16 bytes and 8 union-find entries of 4 bytes per
//! tile-side cell, under 1 byte a cell at 256² tiles (16000²: 204 MB peak for the whole
//! generation, walls included).

use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::shape::{CellId, FastDiv, Shape, WallId};

use super::kruskal::UnionFind;

/// The tile side the generator uses: a tile's tables (about 3.5 MB) stay near the cache,
/// and the reduced graph stays under a byte a cell.
pub(crate) const TILE: u32 = 256;

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
const M1: u64 = 0xBF58_476D_1CE4_E5B9;
const M2: u64 = 0x94D0_49BB_1331_11EB;

/// The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits).
const fn inverse(a: u64) -> u64 {
    let mut x = a; // correct to 3 bits for odd a
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

const GAMMA_INV: u64 = inverse(GAMMA);
const M1_INV: u64 = inverse(M1);
const M2_INV: u64 = inverse(M2);

/// The weight of wall `wall` under `key`: SplitMix64's output for `key + wall · γ`, a
/// bijection of the wall id, so two walls never weigh the same.
#[inline(always)]
pub(crate) fn weight(key: u64, wall: u64) -> u64 {
    let mut z = key.wrapping_add(wall.wrapping_mul(GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(M1);
    z = (z ^ (z >> 27)).wrapping_mul(M2);
    z ^ (z >> 31)
}

/// The wall whose weight is `w` under `key` (the inverse of [`weight`]).
#[inline(always)]
pub(crate) fn wall_of(key: u64, w: u64) -> u64 {
    // Each `z ^= z >> s` is undone by xoring in the shifts s, 2s, 3s, ... of the result.
    let mut z = w ^ (w >> 31) ^ (w >> 62);
    z = z.wrapping_mul(M2_INV);
    z ^= (z >> 27) ^ (z >> 54);
    z = z.wrapping_mul(M1_INV);
    z ^= (z >> 30) ^ (z >> 60);
    z.wrapping_sub(key).wrapping_mul(GAMMA_INV)
}

const EAST: u8 = 1;
const SOUTH: u8 = 2;
const WEST: u8 = 4;
const NORTH: u8 = 8;
/// In `adj`: the cell meets a wall of another tile.
const TERM: u8 = 16;
/// Marks the reduced edges that are walls between tiles (in `b` of [`Reduced`]).
const BETWEEN: u32 = 1 << 31;

/// An edge of the reduced graph: its weight (the wall is [`wall_of`] it) and its two nodes;
/// `b` carries [`BETWEEN`] for a wall between tiles.
#[derive(Clone, Copy)]
struct Reduced {
    w: u64,
    a: u32,
    b: u32,
}

/// The scratch tables of one tile, reused from tile to tile.
struct Tile {
    keys: Vec<u64>,
    /// The keys sorted, and the bucket starts of the counting pass.
    sorted: Vec<u64>,
    count: Vec<u32>,
    uf: UnionFind,
    /// Per cell: the tree's directions (EAST, SOUTH, WEST, NORTH bits).
    adj: Vec<u8>,
    /// Per cell: the direction of its parent (one of the bits), 0 for the root.
    up: Vec<u8>,
    /// Per cell: 0, 1 or 2 (two or more) children whose branch holds a terminal.
    rel: Vec<u8>,
    /// Per cell: the direction of its last child whose branch holds a terminal.
    only: Vec<u8>,
    /// Per cell: the lowest kept node of its chain (valid for cells whose branch has a
    /// terminal), and the heaviest weight on the way up to its parent.
    bottom: Vec<u32>,
    heavy: Vec<u64>,
    /// Breadth-first order of the tree.
    order: Vec<u32>,
    /// Per cell: its node in the reduced graph, or `u32::MAX`.
    node: Vec<u32>,
}

/// Carves a Kruskal maze on a `w × h` square lattice (all walls closed on entry) with the
/// weights of `key`, tile by tile. Reports each opening and each closing to `obs`.
///
/// Unwatched, the rows of tiles are spanned and reduced on every core
/// ([`std::thread::available_parallelism`]); the tree is the same whatever the number of
/// threads, since weights are distinct and the minimum spanning tree is unique.
pub(crate) fn generate<S: Shape, O: Observer>(
    maze: &mut Maze<S>,
    w: u32,
    h: u32,
    key: u64,
    tile: u32,
    obs: &mut O,
) {
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    generate_with(maze, w, h, key, tile, workers, obs);
}

/// [`generate`] on at most `workers` threads (1: on this one).
pub(crate) fn generate_with<S: Shape, O: Observer>(
    maze: &mut Maze<S>,
    w: u32,
    h: u32,
    key: u64,
    tile: u32,
    workers: usize,
    obs: &mut O,
) {
    let tile = tile.max(1);
    let lattice = Lattice { w, h, tile, key, div: FastDiv::new(w) };
    let strips = h.div_ceil(tile);
    let side = tile.min(w.max(h)) as usize;
    let mut reduced = Stitch { edges: Vec::new(), nodes: 0, above: Vec::new() };
    // A strip's walls (2c and 2c + 1 for its cells) are whole words of the maze's bits when
    // 2 · tile · w is a multiple of 64 (always at the 256 tiles the generator uses).
    let strip_bits = 2 * u64::from(tile) * u64::from(w);
    let workers = workers.min(strips as usize);
    if workers > 1 && !O::ACTIVE && strip_bits % 64 == 0 {
        let mut rest = maze.passages_mut().words_mut();
        let mut chunks = Vec::with_capacity(strips as usize);
        for _ in 0..strips {
            let rest_len = rest.len();
            let (chunk, tail) =
                std::mem::take(&mut rest).split_at_mut(rest_len.min((strip_bits / 64) as usize));
            chunks.push(chunk);
            rest = tail;
        }
        let queue = std::sync::Mutex::new(chunks.into_iter().enumerate());
        let (sender, receiver) = std::sync::mpsc::channel::<(usize, Strip)>();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let (sender, queue, lattice) = (sender.clone(), &queue, &lattice);
                scope.spawn(move || {
                    let mut t = Tile::new(side);
                    loop {
                        // A poisoned queue means another worker panicked: stop, it propagates.
                        let Ok(Some((k, chunk))) = queue.lock().map(|mut q| q.next()) else { break };
                        let base = k as u64 * strip_bits;
                        let strip = lattice.strip(&mut t, k as u32, |wall| {
                            let bit = wall - base;
                            chunk[(bit >> 6) as usize] |= 1 << (bit & 63);
                        });
                        if sender.send((k, strip)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            // Strips join the reduced graph in order, as they arrive; those ahead wait.
            let mut waiting: Vec<Option<Strip>> = (0..strips).map(|_| None).collect();
            let mut next = 0;
            for (k, strip) in receiver {
                waiting[k] = Some(strip);
                while let Some(strip) = waiting.get_mut(next).and_then(Option::take) {
                    reduced.add(&lattice, next as u32, strip);
                    next += 1;
                }
            }
        });
    } else {
        let mut t = Tile::new(side);
        for k in 0..strips {
            let strip = lattice.strip(&mut t, k, |wall| {
                maze.open_wall(WallId(wall));
                let (cell, door) = cell_door(wall);
                obs.on(Event::Carve(cell, door));
            });
            reduced.add(&lattice, k, strip);
        }
    }
    let Stitch { mut edges, nodes, .. } = reduced;
    edges.sort_unstable_by_key(|e| e.w);
    let mut uf = UnionFind::new(nodes);
    for e in &edges {
        let joined = uf.union(e.a, e.b & !BETWEEN);
        let wall = wall_of(key, e.w);
        let (cell, door) = cell_door(wall);
        if e.b & BETWEEN != 0 {
            if joined {
                maze.open_wall(WallId(wall));
                obs.on(Event::Carve(cell, door));
            }
        } else if !joined {
            maze.passages_mut().close(WallId(wall));
            obs.on(Event::Wall(cell, door));
        }
    }
}

/// The cell and the door index (1 east, 2 south, as [`Event`]s give them) of a square
/// lattice's inner wall.
fn cell_door(wall: u64) -> (CellId, u8) {
    (CellId((wall >> 1) as u32), if wall & 1 == 0 { 1 } else { 2 })
}

/// The lattice being carved and how it is cut: `w × h` cells, tiles of `tile × tile`, the
/// weights of `key`.
struct Lattice {
    w: u32,
    h: u32,
    tile: u32,
    key: u64,
    div: FastDiv,
}

/// What one row of tiles (a strip) gives the reduced graph, its nodes numbered from 0.
struct Strip {
    edges: Vec<Reduced>,
    nodes: u32,
    /// The nodes of the strip's first and last rows of cells, by column.
    top: Vec<u32>,
    bottom: Vec<u32>,
}

impl Lattice {
    /// Spans and reduces every tile of strip `k`, opening each tile tree's walls through
    /// `open` (in the tiles' order, west to east).
    fn strip(&self, t: &mut Tile, k: u32, mut open: impl FnMut(u64)) -> Strip {
        let (w, tile, key) = (self.w, self.tile, self.key);
        let y0 = k * tile;
        let th = tile.min(self.h - y0);
        let mut out =
            Strip { edges: Vec::new(), nodes: 0, top: vec![0; w as usize], bottom: vec![0; w as usize] };
        // The reduced nodes of the east column of the tile to the left, by row.
        let mut west_nodes = vec![u32::MAX; th as usize];
        for x0 in (0..w).step_by(tile as usize) {
            let tw = tile.min(w - x0);
            let geo = Geo { w, h: self.h, x0, y0, tw, th, key, div: self.div, divtw: FastDiv::new(tw) };
            t.span(&geo, &mut open);
            t.reduce(&geo, &mut out.edges, &mut out.nodes);
            // Walls to the tile on the left, whose nodes are known.
            for ly in 0..th {
                let l = (ly * tw) as usize;
                if x0 > 0 {
                    let c = u64::from((y0 + ly) * w + x0);
                    let (a, b) = (west_nodes[ly as usize], t.node[l]);
                    out.edges.push(Reduced { w: weight(key, 2 * (c - 1)), a, b: b | BETWEEN });
                }
                west_nodes[ly as usize] = t.node[l + tw as usize - 1];
            }
            for lx in 0..tw {
                out.top[(x0 + lx) as usize] = t.node[lx as usize];
                out.bottom[(x0 + lx) as usize] = t.node[((th - 1) * tw + lx) as usize];
            }
        }
        out
    }
}

/// The reduced graph being put together strip by strip.
struct Stitch {
    edges: Vec<Reduced>,
    nodes: u32,
    /// The last row's nodes of the strip above (numbered in the whole graph).
    above: Vec<u32>,
}

impl Stitch {
    /// Adds strip `k` (the strips come in order): its nodes follow the ones so far, and the
    /// walls between its first row and the strip above join the two.
    fn add(&mut self, lattice: &Lattice, k: u32, strip: Strip) {
        let off = self.nodes;
        self.edges.extend(strip.edges.iter().map(|e| Reduced {
            w: e.w,
            a: e.a + off,
            b: ((e.b & !BETWEEN) + off) | (e.b & BETWEEN),
        }));
        if k > 0 {
            let w = u64::from(lattice.w);
            let row = u64::from(k * lattice.tile) * w;
            for (x, (&a, &b)) in self.above.iter().zip(&strip.top).enumerate() {
                let c = row + x as u64;
                let wall = 2 * (c - w) + 1;
                self.edges.push(Reduced { w: weight(lattice.key, wall), a, b: (b + off) | BETWEEN });
            }
        }
        self.above = strip.bottom.iter().map(|&b| b.wrapping_add(off)).collect();
        self.nodes += strip.nodes;
    }
}

/// Where a tile lies: the lattice is `w × h`, the tile `tw × th` from `(x0, y0)`.
struct Geo {
    w: u32,
    h: u32,
    x0: u32,
    y0: u32,
    tw: u32,
    th: u32,
    key: u64,
    div: FastDiv,
    /// Divides by `tw`.
    divtw: FastDiv,
}

impl Geo {
    /// The global cell of local cell `l`.
    #[inline(always)]
    fn cell(&self, l: u32) -> u32 {
        let (ly, lx) = self.divtw.div_rem(l);
        (self.y0 + ly) * self.w + self.x0 + lx
    }

    /// Whether local cell (lx, ly) meets a wall of another tile.
    #[inline(always)]
    fn terminal(&self, lx: u32, ly: u32) -> bool {
        (lx == 0 && self.x0 > 0)
            || (ly == 0 && self.y0 > 0)
            || (lx + 1 == self.tw && self.x0 + self.tw < self.w)
            || (ly + 1 == self.th && self.y0 + self.th < self.h)
    }

    /// The wall leaving local cell `l` in direction `dir` (inside the tile).
    #[inline(always)]
    fn wall(&self, l: u32, dir: u8) -> u64 {
        let c = u64::from(self.cell(l));
        match dir {
            EAST => 2 * c,
            SOUTH => 2 * c + 1,
            WEST => 2 * (c - 1),
            _ => 2 * (c - u64::from(self.w)) + 1,
        }
    }

    /// The local neighbour of `l` in direction `dir`.
    #[inline(always)]
    fn step(&self, l: u32, dir: u8) -> u32 {
        match dir {
            EAST => l + 1,
            SOUTH => l + self.tw,
            WEST => l - 1,
            _ => l - self.tw,
        }
    }
}

fn opposite(dir: u8) -> u8 {
    match dir {
        EAST => WEST,
        WEST => EAST,
        SOUTH => NORTH,
        _ => SOUTH,
    }
}

impl Tile {
    /// Tables for tiles of at most `side × side` cells.
    fn new(side: usize) -> Tile {
        let area = side * side;
        Tile {
            keys: Vec::with_capacity(2 * area),
            sorted: Vec::with_capacity(2 * area),
            count: Vec::new(),
            uf: UnionFind::new(area as u32),
            adj: vec![0; area],
            up: vec![0; area],
            rel: vec![0; area],
            only: vec![0; area],
            bottom: vec![0; area],
            heavy: vec![0; area],
            order: Vec::with_capacity(area),
            node: vec![u32::MAX; area],
        }
    }

    /// Kruskal inside the tile: opens its spanning tree's walls and records the tree.
    fn span(&mut self, g: &Geo, open: &mut impl FnMut(u64)) {
        let (tw, th) = (g.tw, g.th);
        let n = tw * th;
        self.keys.clear();
        for ly in 0..th {
            let row = u64::from((g.y0 + ly) * g.w + g.x0);
            for lx in 0..tw {
                let c = row + u64::from(lx);
                if lx + 1 < tw {
                    self.keys.push(weight(g.key, 2 * c));
                }
                if ly + 1 < th {
                    self.keys.push(weight(g.key, 2 * c + 1));
                }
            }
        }
        // The weights are uniform: one counting pass on their top bits leaves buckets of
        // about 32 to sort apart, in cache.
        let m = self.keys.len();
        let bits = (usize::BITS - (m / 32).leading_zeros()).clamp(1, 16);
        let shift = 64 - bits;
        self.count.clear();
        self.count.resize((1 << bits) + 1, 0);
        for &k in &self.keys {
            self.count[(k >> shift) as usize + 1] += 1;
        }
        for i in 1..self.count.len() {
            self.count[i] += self.count[i - 1];
        }
        self.sorted.clear();
        self.sorted.resize(m, 0);
        {
            let mut next = self.count.clone();
            for &k in &self.keys {
                let b = (k >> shift) as usize;
                self.sorted[next[b] as usize] = k;
                next[b] += 1;
            }
        }
        for b in 0..1 << bits {
            self.sorted[self.count[b] as usize..self.count[b + 1] as usize].sort_unstable();
        }
        self.uf.reset(n);
        self.adj[..n as usize].fill(0);
        let base = g.y0 * g.w + g.x0;
        let mut joined = 1;
        for &k in &self.sorted {
            if joined >= n {
                break;
            }
            let wall = wall_of(g.key, k);
            let c = (wall >> 1) as u32;
            let (ly, lx) = g.div.div_rem(c - base);
            let a = ly * tw + lx;
            let (b, da, db) = if wall & 1 == 0 { (a + 1, EAST, WEST) } else { (a + tw, SOUTH, NORTH) };
            if self.uf.union(a, b) {
                self.adj[a as usize] |= da;
                self.adj[b as usize] |= db;
                open(wall);
                joined += 1;
            }
        }
    }

    /// Reduces the tile's tree to its terminals: numbers the kept nodes (from `*nodes` on)
    /// and adds the reduced tree edges to `edges`.
    fn reduce(&mut self, g: &Geo, edges: &mut Vec<Reduced>, nodes: &mut u32) {
        let (tw, th) = (g.tw, g.th);
        let n = (tw * th) as usize;
        self.node[..n].fill(u32::MAX);
        // Mark the terminals (on the tile's border) in `adj`.
        let mut root = None;
        for ly in 0..th {
            for lx in [0, tw - 1] {
                if g.terminal(lx, ly) {
                    self.adj[(ly * tw + lx) as usize] |= TERM;
                    root = root.or(Some(ly * tw + lx));
                }
            }
        }
        for lx in 0..tw {
            for ly in [0, th - 1] {
                if g.terminal(lx, ly) {
                    self.adj[(ly * tw + lx) as usize] |= TERM;
                    root = root.or(Some(ly * tw + lx));
                }
            }
        }
        let Some(root) = root else {
            return; // the whole lattice is one tile: its tree is the maze
        };
        // Breadth-first order from the root, each cell's parent direction.
        self.order.clear();
        self.order.push(root);
        self.up[root as usize] = 0;
        let mut i = 0;
        while i < self.order.len() {
            let v = self.order[i];
            i += 1;
            let (adj, up) = (self.adj[v as usize], self.up[v as usize]);
            for dir in [EAST, SOUTH, WEST, NORTH] {
                if adj & dir != 0 && dir != up {
                    let c = g.step(v, dir);
                    self.up[c as usize] = opposite(dir);
                    self.order.push(c);
                }
            }
        }
        self.rel[..n].fill(0);
        // Children before parents: each cell's chain up to its parent.
        for &v in self.order.iter().rev() {
            let vi = v as usize;
            let terminal = self.adj[vi] & TERM != 0;
            let rel = self.rel[vi];
            if !terminal && rel == 0 {
                continue; // no terminal below: its walls are bridges, kept
            }
            let kept = terminal || rel >= 2;
            if kept {
                self.node[vi] = *nodes;
                *nodes += 1;
                // Each branch below with a terminal is one reduced edge up to here.
                let adj = self.adj[vi];
                for dir in [EAST, SOUTH, WEST, NORTH] {
                    if adj & dir != 0 && dir != self.up[vi] {
                        let c = g.step(v, dir) as usize;
                        if self.rel[c] > 0 || self.adj[c] & TERM != 0 {
                            let bottom = self.node[self.bottom[c] as usize];
                            edges.push(Reduced { w: self.heavy[c], a: bottom, b: self.node[vi] });
                        }
                    }
                }
            }
            let up = self.up[vi];
            if up == 0 {
                continue; // the root
            }
            let w = weight(g.key, g.wall(v, up));
            if kept {
                self.bottom[vi] = v;
                self.heavy[vi] = w;
            } else {
                let c = g.step(v, self.only[vi]) as usize;
                self.bottom[vi] = self.bottom[c];
                self.heavy[vi] = self.heavy[c].max(w);
            }
            let p = g.step(v, up) as usize;
            self.rel[p] = (self.rel[p] + 1).min(2);
            self.only[p] = opposite(up);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Square;

    #[test]
    fn weights_invert() {
        for key in [0, 1, 0xDEAD_BEEF, u64::MAX] {
            for wall in [0, 1, 2, 77, 1 << 33, u64::MAX - 5] {
                assert_eq!(wall_of(key, weight(key, wall)), wall);
            }
        }
        assert_ne!(weight(1, 5), weight(2, 5));
    }

    /// Kruskal over every wall by weight: what the tiles must reproduce.
    fn reference(w: u32, h: u32, key: u64) -> Maze<Square> {
        let mut maze = Maze::new(Square::new(w, h));
        let mut walls: Vec<(u64, u64)> = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let c = u64::from(y * w + x);
                if x + 1 < w {
                    walls.push((weight(key, 2 * c), 2 * c));
                }
                if y + 1 < h {
                    walls.push((weight(key, 2 * c + 1), 2 * c + 1));
                }
            }
        }
        walls.sort_unstable();
        let mut uf = UnionFind::new(w * h);
        for (_, wall) in walls {
            let a = (wall >> 1) as u32;
            let b = if wall & 1 == 0 { a + 1 } else { a + w };
            if uf.union(a, b) {
                maze.open_wall(WallId(wall));
            }
        }
        maze
    }

    fn lean(w: u32, h: u32, key: u64, tile: u32) -> Maze<Square> {
        let mut maze = Maze::new(Square::new(w, h));
        generate(&mut maze, w, h, key, tile, &mut ());
        maze
    }

    #[test]
    fn threads_give_the_same_tree() {
        // 2 · tile · w a multiple of 64, so the strips run on threads.
        for (w, h, tile) in [(32, 9, 1), (16, 40, 2), (40, 33, 4), (8, 64, 4), (64, 70, 8), (96, 130, 16)] {
            assert_eq!(2 * tile * w % 64, 0);
            for key in [3, 0xFACE] {
                let want = reference(w, h, key);
                for workers in [1, 2, 3, 8] {
                    let mut got = Maze::new(Square::new(w, h));
                    generate_with(&mut got, w, h, key, tile, workers, &mut ());
                    assert_eq!(got.passages(), want.passages(), "{w}x{h} tile {tile} workers {workers}");
                }
            }
        }
    }

    #[test]
    fn tiles_give_the_minimum_spanning_tree() {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (2, 2), (5, 3), (13, 7), (7, 13), (40, 33), (64, 64)] {
            for key in [1, 42, 0x1234_5678_9ABC] {
                let want = reference(w, h, key);
                assert_eq!(want.passage_count(), u64::from(w * h - 1));
                for tile in [1, 2, 3, 4, 5, 8, 16, 256] {
                    let got = lean(w, h, key, tile);
                    assert_eq!(got.passages(), want.passages(), "{w}x{h} key {key} tile {tile}");
                }
            }
        }
    }

    #[test]
    fn events_replay_to_the_maze() {
        let (w, h) = (23, 17);
        let mut trace = crate::observe::Trace::with_limit(usize::MAX);
        let mut maze = Maze::new(Square::new(w, h));
        generate(&mut maze, w, h, 9, 4, &mut trace);
        let mut replay = Maze::new(Square::new(w, h));
        for e in &trace.events {
            match *e {
                Event::Carve(c, d) => replay.open_wall(WallId(2 * u64::from(c.0) + u64::from(d - 1))),
                Event::Wall(c, d) => {
                    replay.passages_mut().close(WallId(2 * u64::from(c.0) + u64::from(d - 1)))
                }
                _ => {}
            }
        }
        assert_eq!(replay.passages(), maze.passages());
        assert!(trace.events.iter().any(|e| matches!(e, Event::Wall(..))), "some tile walls were taken back");
    }
}
