//! Eller's algorithm: one row at a time, with sets.

use super::{Algorithm, need_grid};
use crate::Error;
use crate::maze::{Maze, Passages};
use crate::observe::{Event, Observer};
use crate::random::Pool;
use crate::random::Random;
use crate::shape::{Door, Shape};

/// Eller: keep, for the current row only, which set (connected zone) each cell belongs to.
/// Join neighbouring cells of different sets at random (all of them in the last row); then
/// every set opens at least one passage down, at random, and the cells below that got no
/// passage start new sets.
///
/// Bias: Kruskal-like texture with a slight horizontal grain (≈28.7% dead ends). Time O(N)
/// with near-constant set operations; memory O(width): a few words per column, whatever the
/// height, so it can stream mazes taller than memory. (Unwatched square mazes take a faster
/// path with the same coins and the same maze; see `square_fast`.)
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn eller<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::Eller)?;
    if !O::ACTIVE
        && let Some((w, h)) = maze.shape().square_lattice()
    {
        square_fast(maze.passages_mut(), w, h, &mut Pool::new(), rng);
        return Ok(());
    }
    let w = g.width as usize;
    // Set labels live in 0..2w; `parent` is a union-find over labels, reset every row.
    let mut label: Vec<u32> = (0..w as u32).collect();
    let mut parent: Vec<u32> = (0..2 * w as u32).collect();
    let mut count = vec![0u32; 2 * w];
    let mut has_down = vec![false; 2 * w];
    let mut used = vec![false; 2 * w];
    let mut down = vec![false; w];
    let mut free: Vec<u32> = vec![0; 2 * w + 1];
    let mut pool = Pool::new();
    let find = |parent: &mut [u32], mut x: u32| {
        while parent[x as usize] != x {
            let grand = parent[parent[x as usize] as usize];
            parent[x as usize] = grand;
            x = grand;
        }
        x
    };
    for y in 0..g.height {
        let last = y + 1 == g.height;
        for x in 0..g.width {
            obs.on(Event::Visit(g.at(x, y)));
        }
        // Horizontal joins.
        // Coin flips are unpredictable, so the decisions below avoid branches on them.
        // The root of cell x's set, carried over from the previous join (no second find).
        let mut a = if w > 0 { find(&mut parent, label[0]) } else { 0 };
        for x in 0..w.saturating_sub(1) {
            let b = find(&mut parent, label[x + 1]);
            let join = (a != b) & (last | pool.flip(rng));
            parent[b as usize] = if join { a } else { b };
            a = if join { a } else { b };
            let cell = g.at(x as u32, y);
            maze.carve_if(cell, g.east, join);
            if join {
                obs.on(Event::Carve(cell, g.east.index()));
            }
        }
        if last {
            break;
        }
        for l in label.iter_mut() {
            *l = find(&mut parent, *l);
            count[*l as usize] += 1;
        }
        // Vertical passages: at random, and forced at a set's last cell if it has none yet.
        for x in 0..w {
            let l = label[x] as usize;
            count[l] -= 1;
            let go = pool.flip(rng) | ((count[l] == 0) & !has_down[l]);
            down[x] = go;
            has_down[l] |= go;
            let cell = g.at(x as u32, y);
            maze.carve_if(cell, g.south, go);
            if go {
                obs.on(Event::Carve(cell, g.south.index()));
            }
        }
        // Next row: cells below a passage keep their label, the others get unused labels.
        for x in 0..w {
            has_down[label[x] as usize] = false;
            used[label[x] as usize] |= down[x];
        }
        // Unused labels in increasing order, then handed out without branching on `down`.
        let mut nfree = 0usize;
        for (l, &u) in used.iter().enumerate() {
            free[nfree] = l as u32;
            nfree += usize::from(!u);
        }
        let mut j = 0usize;
        for x in 0..w {
            let keep = down[x];
            label[x] = if keep { label[x] } else { free[j] };
            j += usize::from(!keep);
        }
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u32;
        }
        used.fill(false);
    }
    Ok(())
}

/// Square cells, unwatched: the same coins in the same order as the loop above (every flip
/// is taken there, even where its answer is not needed), so the same maze, with no set
/// labels and no finds. Each set of the row is a circular list of its cells in column order
/// (`next`, `prev`). Sets never cross (a < b < c < d with a, c in one set and b, d in another
/// would need two paths above the row to cross without meeting), so:
/// - cells x and x + 1 are in the same set exactly when `next[x] == x + 1`, and joining their
///   sets is one splice of the two lists, which keeps the joined list in column order;
/// - a cell is the last of its set when `next[x] <= x`; whether an earlier cell of its set
///   went down is handed from each cell to the next one of its set (`below`);
/// - cells that do not go down leave their list (unlinked) and start alone in the next row.
///
/// No write depends on a coin, by a branch (it would be mispredicted half the time) or by its
/// address: each step writes the same links whatever the coin says, the old values when the
/// choice is not taken, so a read of a link never waits for a coin to know whether a write
/// before it went there.
fn square_fast<R: Random>(open: &mut Passages, w: u32, h: u32, pool: &mut Pool, rng: &mut R) {
    let wu = w as usize;
    let mut next: Vec<u32> = (0..w).collect();
    let mut prev: Vec<u32> = (0..w).collect();
    let mut below = vec![false; wu];
    let mut coins = vec![0u64; wu.div_ceil(64)];
    let fill = |coins: &mut [u64], count: usize, pool: &mut Pool, rng: &mut R| {
        for (i, c) in coins.iter_mut().enumerate().take(count.div_ceil(64)) {
            *c = pool.take(rng, (count - 64 * i).min(64) as u32);
        }
    };
    for y in 0..h {
        let last = y + 1 == h;
        let row = u64::from(y) * u64::from(w);
        fill(&mut coins, wu - 1, pool, rng);
        let mut walls = WallRow::new(row, 0);
        for x in 0..w - 1 {
            let xi = x as usize;
            let coin = coins[xi >> 6] >> (xi & 63) & 1 != 0;
            let (p, q) = (next[xi], prev[xi + 1]);
            let join = (p != x + 1) & (last | coin);
            // Splice: x → x + 1 … q → p …. Each of the four links is written whether or not
            // the sets join (unchanged if not: q's next is x + 1, p's previous is x), so no
            // address waits on the coin.
            let m = mask(join);
            next[xi] = blend(m, x + 1, p);
            prev[xi + 1] = blend(m, x, q);
            next[q as usize] = blend(m, p, x + 1);
            prev[p as usize] = blend(m, q, x);
            walls.push(open, join);
        }
        walls.finish(open);
        if last {
            break;
        }
        fill(&mut coins, wu, pool, rng);
        let mut walls = WallRow::new(row, 1);
        for x in 0..w {
            let xi = x as usize;
            let coin = coins[xi >> 6] >> (xi & 63) & 1 != 0;
            let (n, p) = (next[xi], prev[xi]);
            let is_last = n <= x;
            let before = below[xi];
            below[xi] = false;
            let go = coin | (is_last & !before);
            // Only the cell before n in its set writes n's flag (the last cell writes the
            // first's, already read: false), so a plain write does.
            below[n as usize] = (before | go) & !is_last;
            walls.push(open, go);
            // Unlink x unless it goes down; the links are written either way (unchanged if
            // it goes down: p's next is x, n's previous is x), so no address waits on it.
            let m = mask(!go);
            next[p as usize] = blend(m, n, x);
            prev[n as usize] = blend(m, p, x);
            next[xi] = blend(m, x, n);
            prev[xi] = blend(m, x, p);
        }
        walls.finish(open);
    }
}

/// All ones if `c`, else zero, for [`blend`].
#[inline(always)]
fn mask(c: bool) -> u32 {
    u32::from(c).wrapping_neg()
}

/// `a` where `m` is ones, `b` where it is zeros.
#[inline(always)]
fn blend(m: u32, a: u32, b: u32) -> u32 {
    b ^ ((a ^ b) & m)
}

/// Collects one wall bit per cell of a row (east walls: `side` 0, south: 1) and ORs them into
/// the maze 32 cells at a time.
struct WallRow {
    first: u64,
    side: u64,
    bits: u64,
    count: u32,
}

impl WallRow {
    fn new(first: u64, side: u64) -> Self {
        WallRow { first, side, bits: 0, count: 0 }
    }

    #[inline(always)]
    fn push(&mut self, open: &mut Passages, bit: bool) {
        self.bits |= u64::from(bit) << (2 * self.count);
        self.count += 1;
        if self.count == 32 {
            self.finish(open);
        }
    }

    #[inline(always)]
    fn finish(&mut self, open: &mut Passages) {
        open.or_bits(2 * self.first + self.side, self.bits);
        self.first += u64::from(self.count);
        self.bits = 0;
        self.count = 0;
    }
}
