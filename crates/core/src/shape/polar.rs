//! Circular ("theta") mazes: concentric rings of cells around a small open centre.
//!
//! Ring 0 is the innermost ring, with `inner` cells (the shape's width, 6 by default); each
//! ring further out has as many cells as the one inside it, or twice as many when the cells
//! would otherwise be more than 1.5 ring-widths long, so cells stay close to square. A cell
//! therefore has one inward door, one or two outward doors, and a clockwise and a
//! counter-clockwise neighbour. The innermost ring's inward doors face the open centre and the
//! outermost ring's outward doors face the outside: both are boundary doors, so an exit at the
//! centre is an opening into the middle, as on printed circular mazes.
//!
//! Cells are numbered ring by ring from the centre, clockwise from 12 o'clock. Each cell owns
//! its clockwise wall (`2 * id`) and its inward wall (`2 * id + 1`); the outward walls of the
//! outermost ring come after those. Inward and outward walls are arcs of circles around the
//! centre ([`Shape::wall_arc`]); the other walls are radial segments.
//!
//! A table of rings (first cell id, length, whether the next ring doubles) and a coarse index
//! from blocks of ids to rings turn a cell id into its ring and position with two table reads
//! and no division, which is what every neighbour query starts with.

use std::f64::consts::{PI, TAU};
use std::sync::Arc;

use crate::random::{Pool, Random};

use super::{Adjacent, CellId, Cursor, Door, DoorSet, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId};

/// A door of a polar cell, numbered clockwise around the cell as seen on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolarDoor {
    /// Towards the centre (ring − 1).
    Inward = 0,
    /// To the neighbour counter-clockwise in the same ring.
    Ccw = 1,
    /// Outwards (ring + 1): the whole outer side, or its counter-clockwise half when the next
    /// ring has twice as many cells.
    Out = 2,
    /// Outwards, the clockwise half of the outer side (only when the next ring doubles).
    OutCw = 3,
    /// To the neighbour clockwise in the same ring.
    Cw = 4,
}

impl Door for PolarDoor {
    const COUNT: u8 = 5;
    #[inline]
    fn index(self) -> u8 {
        self as u8
    }
    #[inline]
    fn from_index(i: u8) -> Self {
        match i {
            0 => PolarDoor::Inward,
            1 => PolarDoor::Ccw,
            2 => PolarDoor::Out,
            3 => PolarDoor::OutCw,
            4 => PolarDoor::Cw,
            _ => panic!("polar door index {i} out of range"),
        }
    }
    fn name(self) -> &'static str {
        ["inward", "counter-clockwise", "outward", "outward-clockwise", "clockwise"][self as usize]
    }
}

/// One ring: where its cells start and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ring {
    /// Id of the ring's first cell (at 12 o'clock).
    start: u32,
    /// Cells in the ring (0 in the sentinel after the last ring).
    count: u32,
    /// Bit 0: the next ring has twice as many cells; bit 1: the previous ring has half as many.
    flags: u32,
}

const SPLITS: u32 = 1;
const HALVES: u32 = 2;

/// Concentric rings of cells (a circular maze).
#[derive(Clone, Debug, PartialEq)]
pub struct Polar {
    rings: u32,
    inner: u32,
    cells: u32,
    /// Radius of the open centre, in ring widths.
    hole: f64,
    /// Every ring, innermost first, then a sentinel starting at `cells`.
    ring_table: Arc<[Ring]>,
    /// `block_ring[k]`: the ring holding cell `k << block_shift`.
    block_ring: Arc<[u32]>,
    block_shift: u32,
    /// Laid out for a unicursal labyrinth ([`Polar::paired`]): the half-size maze whose
    /// cells split into this one's.
    half: Option<Arc<Polar>>,
}

/// The number of cells in each ring, innermost first, for `inner` cells in ring 0 and `rings`
/// rings (the doubling rule of the module docs). Stops early (returning what it has) once
/// the total passes `limit`, so a size check never allocates much.
pub fn ring_counts(inner: u32, rings: u32, limit: u64) -> Vec<u32> {
    let hole = hole_radius(inner);
    let mut counts = Vec::new();
    let mut total = 0u64;
    let mut n = u64::from(inner.max(1));
    for r in 0..rings {
        if r > 0 {
            let mid = hole + f64::from(r) + 0.5;
            if TAU * mid / n as f64 > 1.5 {
                n *= 2;
            }
        }
        total += n;
        counts.push(n.min(u64::from(u32::MAX)) as u32);
        if total > limit {
            break;
        }
    }
    counts
}

/// The number of cells in each ring of a polar maze laid out for a unicursal labyrinth
/// ([`Polar::paired`]): rings in pairs, the first of each pair with twice as many cells as
/// ring `k` of the `inner / 2` x `rings / 2` maze, the second with twice as many as its ring
/// `k + 1` (as its doubling rule would have it), so a ring doubles only inside a pair.
/// `None` unless `inner` is even and at least 6 and `rings` is even. Stops early, as
/// [`ring_counts`] does, once the total passes `limit`.
pub fn paired_counts(inner: u32, rings: u32, limit: u64) -> Option<Vec<u32>> {
    if inner < 6 || inner % 2 != 0 || rings == 0 || rings % 2 != 0 {
        return None;
    }
    let half = ring_counts(inner / 2, rings / 2 + 1, limit);
    let mut counts = Vec::with_capacity(rings as usize);
    let mut total = 0u64;
    for pair in half.windows(2) {
        for c in [pair[0], pair[1]] {
            counts.push(c.saturating_mul(2));
            total += 2 * u64::from(c);
        }
        if total > limit {
            break;
        }
    }
    Some(counts)
}

/// Total cells of a polar maze (laid out in pairs for a labyrinth when `paired` and the
/// sizes allow: [`paired_counts`]), or `None` above `limit`.
pub fn polar_cells(inner: u32, rings: u32, paired: bool, limit: u64) -> Option<u64> {
    let counts = paired
        .then(|| paired_counts(inner, rings, limit))
        .flatten()
        .unwrap_or_else(|| ring_counts(inner, rings, limit));
    let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    (counts.len() == rings as usize && total <= limit).then_some(total)
}

/// The open centre's radius: half a ring, or more when ring 0 has many cells (so they stay
/// about one unit long).
fn hole_radius(inner: u32) -> f64 {
    (f64::from(inner) / TAU - 0.5).max(0.5)
}

impl Polar {
    /// A circular maze of `rings` rings with `inner` cells in the innermost one (sizes checked
    /// by the registry: `inner >= 3`, `rings >= 1`).
    ///
    /// # Panics
    /// Panics on fewer than 3 inner cells, no rings, or more than 2^31 cells.
    pub fn new(inner: u32, rings: u32) -> Self {
        assert!(inner >= 3, "a polar maze needs at least 3 cells in its innermost ring");
        assert!(rings >= 1, "a polar maze needs at least one ring");
        let counts = ring_counts(inner, rings, 1 << 31);
        assert!(counts.len() == rings as usize, "polar maze too large");
        Polar::from_counts(&counts, None)
    }

    /// A circular maze laid out for a unicursal labyrinth ([`crate::unicursal`]): its rings
    /// come in pairs ([`paired_counts`]) so that each cell of the `inner / 2` x `rings / 2`
    /// maze ([`Shape::halved`]) splits into a block of two cells over two, or two under
    /// four where the ring doubles ([`Shape::block`]). With an odd size or fewer than 6
    /// inner cells the rings cannot pair, and this is the plain [`Polar::new`] (which does
    /// not halve).
    ///
    /// # Panics
    /// As [`Polar::new`].
    pub fn paired(inner: u32, rings: u32) -> Self {
        match paired_counts(inner, rings, 1 << 31) {
            Some(counts) if counts.len() == rings as usize => {
                Polar::from_counts(&counts, Some(Arc::new(Polar::new(inner / 2, rings / 2))))
            }
            _ => Polar::new(inner, rings),
        }
    }

    /// The maze of rings of `counts` cells, innermost first (each ring as long as the one
    /// inside it or twice as long; checked by the callers), and the half-size maze it splits.
    fn from_counts(counts: &[u32], half: Option<Arc<Polar>>) -> Self {
        let mut ring_table: Vec<Ring> = Vec::with_capacity(counts.len() + 1);
        let mut start = 0u64;
        for (r, &count) in counts.iter().enumerate() {
            let splits = counts.get(r + 1).is_some_and(|&next| next == 2 * count);
            let halves = r > 0 && 2 * counts[r - 1] == count;
            let flags = (u32::from(splits) * SPLITS) | (u32::from(halves) * HALVES);
            ring_table.push(Ring { start: start as u32, count, flags });
            start += u64::from(count);
        }
        assert!(start < 1 << 31, "polar maze too large");
        let cells = start as u32;
        ring_table.push(Ring { start: cells, count: 0, flags: 0 });
        // Blocks of about a sixteenth of the square root of the cell count: outer rings are
        // longer than a block, so a block meets at most two of them, and the index stays small
        // (4 MB at 2^31 cells).
        let block_shift = (u32::BITS - cells.leading_zeros()).div_ceil(2).saturating_sub(4);
        let mut block_ring = Vec::with_capacity(((cells >> block_shift) + 1) as usize);
        let mut r = 0usize;
        for k in 0..=(cells >> block_shift) {
            let id = k << block_shift;
            while ring_table[r + 1].start <= id && r + 1 < counts.len() {
                r += 1;
            }
            block_ring.push(r as u32);
        }
        Polar {
            rings: counts.len() as u32,
            inner: counts[0],
            cells,
            hole: hole_radius(counts[0]),
            ring_table: ring_table.into(),
            block_ring: block_ring.into(),
            block_shift,
            half,
        }
    }

    /// Number of rings.
    pub fn rings(&self) -> u32 {
        self.rings
    }

    /// Cells in the innermost ring.
    pub fn inner(&self) -> u32 {
        self.inner
    }

    /// The ring holding `cell`: a block index read, then a step outward while the next ring
    /// starts at or before the cell (no step for most cells, a few near the centre).
    #[inline(always)]
    fn ring_of(&self, cell: CellId) -> usize {
        let mut r = self.block_ring[(cell.0 >> self.block_shift) as usize] as usize;
        while self.ring_table[r + 1].start <= cell.0 {
            r += 1;
        }
        r
    }

    /// Cells in ring `ring`.
    #[inline]
    pub fn ring_len(&self, ring: u32) -> u32 {
        self.ring_table[ring as usize].count
    }

    /// Ring and index within the ring (clockwise from 12 o'clock) of a cell.
    #[inline(always)]
    pub fn locate(&self, cell: CellId) -> (u32, u32) {
        let r = self.ring_of(cell);
        (r as u32, cell.0 - self.ring_table[r].start)
    }

    /// The cell at `index` in ring `ring`.
    #[inline(always)]
    pub fn cell_at(&self, ring: u32, index: u32) -> CellId {
        CellId(self.ring_table[ring as usize].start + index)
    }

    /// Where a cell is: ring, index, the ring's length, and whether the next ring doubles.
    #[inline(always)]
    fn place(&self, cell: CellId) -> Place {
        self.place_in_ring(cell.0, self.ring_of(cell) as u32)
    }

    /// The place of a cell whose ring is known (no lookup of the ring).
    #[inline(always)]
    fn place_in_ring(&self, id: u32, ring: u32) -> Place {
        let row = self.ring_table[ring as usize];
        Place {
            ring,
            index: id - row.start,
            count: row.count,
            splits: row.flags & SPLITS != 0,
            inward_halves: row.flags & HALVES != 0,
            id,
        }
    }

    /// The neighbours of the cell at `p`, filled without branching on the doors: every slot
    /// is written, then the doors that exist are named at once.
    #[inline(always)]
    fn adjacent_at(&self, p: Place) -> Adjacent<PolarDoor> {
        let bits = self.inner_bits(&p);
        let behind = Self::behind(&p, bits);
        let wall = |c: u32, slot: u64| WallId(2 * u64::from(c) + slot);
        // Each wall belongs to the cell on its clockwise (slot 0) or outer (slot 1) side.
        let walls = [
            wall(p.id, 1),
            wall(p.ccw(), 0),
            wall(p.out(), 1),
            wall(p.out().wrapping_add(1), 1),
            wall(p.id, 0),
        ];
        let mut adj = Adjacent::default();
        for i in 0..5 {
            adj.put(PolarDoor::from_index(i as u8), CellId(behind[i]), walls[i]);
        }
        adj.with_doors(DoorSet::from_bits(bits))
    }

    /// The cell behind each door of the cell at `p`, in door order; a door missing from
    /// `bits` leads back to the cell itself, so every entry is a cell id.
    #[inline(always)]
    fn behind(p: &Place, bits: u16) -> [u32; 5] {
        let out = p.out();
        let or_self = |door: PolarDoor, c: u32| if bits >> door as u8 & 1 == 1 { c } else { p.id };
        [
            or_self(PolarDoor::Inward, p.inward()),
            p.ccw(),
            or_self(PolarDoor::Out, out),
            or_self(PolarDoor::OutCw, out.wrapping_add(1)),
            p.cw(),
        ]
    }

    /// The inner doors of the cell at `p` as a bit mask: always clockwise and
    /// counter-clockwise, inward but in ring 0, outward but in the last ring, and the second
    /// outward door where the next ring doubles.
    #[inline(always)]
    fn inner_bits(&self, p: &Place) -> u16 {
        0b10010 | u16::from(p.ring > 0) | u16::from(p.ring + 1 < self.rings) << 2 | u16::from(p.splits) << 3
    }

    fn radius(&self, ring: f64) -> f64 {
        self.hole + ring
    }

    fn point(&self, radius: f64, angle: f64) -> Point {
        let c = self.hole + f64::from(self.rings);
        Point { x: c + radius * crate::math::cos(angle), y: c + radius * crate::math::sin(angle) }
    }

    fn angle(index: f64, count: u32) -> f64 {
        TAU * index / f64::from(count) - PI / 2.0
    }

    /// The cell's corners: inner and outer radius, start and end angle.
    fn bounds(&self, cell: CellId) -> (f64, f64, f64, f64, bool) {
        let p = self.place(cell);
        let r0 = self.radius(f64::from(p.ring));
        let a0 = Self::angle(f64::from(p.index), p.count);
        let a1 = Self::angle(f64::from(p.index) + 1.0, p.count);
        (r0, r0 + 1.0, a0, a1, p.splits)
    }
}

#[derive(Clone, Copy, Debug)]
struct Place {
    ring: u32,
    index: u32,
    count: u32,
    /// The next ring has twice as many cells.
    splits: bool,
    /// The previous ring has half as many cells.
    inward_halves: bool,
    id: u32,
}

impl Place {
    #[inline(always)]
    fn cw(&self) -> u32 {
        if self.index + 1 == self.count { self.id + 1 - self.count } else { self.id + 1 }
    }
    #[inline(always)]
    fn ccw(&self) -> u32 {
        if self.index == 0 { self.id + self.count - 1 } else { self.id - 1 }
    }
    /// The first outward neighbour (the next ring starts right after this ring).
    #[inline(always)]
    fn out(&self) -> u32 {
        let next_ring_start = self.id - self.index + self.count;
        next_ring_start + if self.splits { 2 * self.index } else { self.index }
    }
    /// The inward neighbour (meaningless, but computed without panicking, in ring 0).
    #[inline(always)]
    fn inward(&self) -> u32 {
        let prev_count = if self.inward_halves { self.count / 2 } else { self.count };
        let prev_start = (self.id - self.index).wrapping_sub(prev_count);
        prev_start.wrapping_add(if self.inward_halves { self.index / 2 } else { self.index })
    }
}

impl Shape for Polar {
    type Door = PolarDoor;
    type Cursor = PolarCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.cells
    }

    #[inline]
    fn doors(&self, cell: CellId) -> DoorSet<PolarDoor> {
        let p = self.place(cell);
        DoorSet::from_bits(if p.splits { 0b11111 } else { 0b10111 })
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: PolarDoor) -> Option<CellId> {
        let p = self.place(cell);
        match door {
            PolarDoor::Cw => Some(CellId(p.cw())),
            PolarDoor::Ccw => Some(CellId(p.ccw())),
            PolarDoor::Inward => (p.ring > 0).then(|| CellId(p.inward())),
            PolarDoor::Out => (p.ring + 1 < self.rings).then(|| CellId(p.out())),
            PolarDoor::OutCw => (p.splits).then(|| CellId(p.out() + 1)),
        }
    }

    #[inline(always)]
    fn adjacent(&self, cell: CellId) -> Adjacent<PolarDoor> {
        self.adjacent_at(self.place(cell))
    }

    #[inline]
    fn inner_doors(&self, cell: CellId) -> DoorSet<PolarDoor> {
        DoorSet::from_bits(self.inner_bits(&self.place(cell)))
    }

    #[inline]
    fn opposite(&self, cell: CellId, door: PolarDoor) -> PolarDoor {
        match door {
            PolarDoor::Cw => PolarDoor::Ccw,
            PolarDoor::Ccw => PolarDoor::Cw,
            PolarDoor::Out | PolarDoor::OutCw => PolarDoor::Inward,
            PolarDoor::Inward => {
                let p = self.place(cell);
                if p.inward_halves && p.index % 2 == 1 { PolarDoor::OutCw } else { PolarDoor::Out }
            }
        }
    }

    #[inline]
    fn wall(&self, cell: CellId, door: PolarDoor) -> WallId {
        let p = self.place(cell);
        let id = u64::from(p.id);
        WallId(match door {
            PolarDoor::Cw => 2 * id,
            PolarDoor::Inward => 2 * id + 1,
            PolarDoor::Ccw => 2 * u64::from(p.ccw()),
            PolarDoor::Out if p.ring + 1 == self.rings => 2 * u64::from(self.cells) + u64::from(p.index),
            PolarDoor::Out => 2 * u64::from(p.out()) + 1,
            PolarDoor::OutCw => 2 * u64::from(p.out() + 1) + 1,
        })
    }

    #[inline]
    fn wall_count(&self) -> u64 {
        2 * u64::from(self.cells) + u64::from(self.ring_len(self.rings - 1))
    }

    fn centre(&self, cell: CellId) -> Point {
        let (r0, r1, a0, a1, _) = self.bounds(cell);
        self.point((r0 + r1) / 2.0, (a0 + a1) / 2.0)
    }

    fn extent(&self) -> Point {
        let d = 2.0 * (self.hole + f64::from(self.rings));
        Point { x: d, y: d }
    }

    fn outline(&self, cell: CellId) -> Outline {
        let (r0, r1, a0, a1, splits) = self.bounds(cell);
        let mut pts = vec![self.point(r0, a1), self.point(r0, a0), self.point(r1, a0)];
        if splits {
            pts.push(self.point(r1, (a0 + a1) / 2.0));
        }
        pts.push(self.point(r1, a1));
        Outline::new(&pts)
    }

    fn fill_outline(&self, cell: CellId) -> Vec<Point> {
        let (r0, r1, a0, a1, _) = self.bounds(cell);
        let steps = 8;
        let mut pts = Vec::with_capacity(2 * steps + 2);
        for k in 0..=steps {
            pts.push(self.point(r0, a1 + (a0 - a1) * k as f64 / steps as f64));
        }
        for k in 0..=steps {
            pts.push(self.point(r1, a0 + (a1 - a0) * k as f64 / steps as f64));
        }
        pts
    }

    fn wall_segment(&self, cell: CellId, door: PolarDoor) -> [Point; 2] {
        let (r0, r1, a0, a1, splits) = self.bounds(cell);
        let mid = (a0 + a1) / 2.0;
        match door {
            PolarDoor::Inward => [self.point(r0, a1), self.point(r0, a0)],
            PolarDoor::Ccw => [self.point(r0, a0), self.point(r1, a0)],
            PolarDoor::Out if splits => [self.point(r1, a0), self.point(r1, mid)],
            PolarDoor::Out => [self.point(r1, a0), self.point(r1, a1)],
            PolarDoor::OutCw => [self.point(r1, mid), self.point(r1, a1)],
            PolarDoor::Cw => [self.point(r1, a1), self.point(r0, a1)],
        }
    }

    fn wall_arc(&self, _cell: CellId, door: PolarDoor) -> Option<Point> {
        match door {
            PolarDoor::Inward | PolarDoor::Out | PolarDoor::OutCw => {
                let c = self.hole + f64::from(self.rings);
                Some(Point { x: c, y: c })
            }
            PolarDoor::Cw | PolarDoor::Ccw => None,
        }
    }

    fn spec(&self) -> ShapeSpec {
        ShapeSpec {
            labyrinth: self.half.is_some(),
            ..ShapeSpec::plain(ShapeKind::Polar, self.inner, self.rings)
        }
    }

    /// The half-size maze, when laid out in pairs of rings ([`Polar::paired`]).
    fn halved(&self) -> Option<Self> {
        self.half.as_deref().cloned()
    }

    /// Block `(k, j)` of the half-size maze: cells `2j` and `2j + 1` of ring `2k`, then,
    /// going back round, those of ring `2k + 1` beyond them (two, or four where the ring
    /// doubles).
    fn block(&self, block: CellId) -> Option<super::Block> {
        let half = self.half.as_deref()?;
        if block.0 >= half.cell_count() {
            return None;
        }
        let (k, j) = half.locate(block);
        let (inner, outer) = (2 * k, 2 * k + 1);
        let at = |ring: u32, index: u32| self.cell_at(ring, index);
        let first = [at(inner, 2 * j), at(inner, 2 * j + 1)];
        Some(if self.ring_len(outer) == 2 * self.ring_len(inner) {
            let o = |i: u32| at(outer, 4 * j + i);
            super::Block::new(&[first[0], first[1], o(3), o(2), o(1), o(0)])
        } else {
            super::Block::new(&[first[0], first[1], at(outer, 2 * j + 1), at(outer, 2 * j)])
        })
    }

    /// Each step changes the ring by at most one.
    #[inline]
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        self.locate(a).0.abs_diff(self.locate(b).0)
    }

    fn default_ends(&self) -> (CellId, CellId) {
        (self.cell_at(self.rings - 1, 0), CellId(0))
    }

    fn cell_name(&self, cell: CellId) -> String {
        let (ring, index) = self.locate(cell);
        format!("{ring},{index}")
    }

    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId> {
        (a < self.rings && b < self.ring_len(a)).then(|| self.cell_at(a, b))
    }
}

/// A polar cell with its ring: neighbours come from the ring table, with no lookup of the ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolarCursor {
    id: u32,
    ring: u32,
}

/// The change of ring through each door (wrapping adds): inward, counter-clockwise,
/// outward, outward-clockwise, clockwise.
const RING_STEP: [u32; 5] = [u32::MAX, 0, 1, 1, 0];

impl Cursor<Polar> for PolarCursor {
    #[inline(always)]
    fn at(shape: &Polar, cell: CellId) -> Self {
        PolarCursor { id: cell.0, ring: shape.ring_of(cell) as u32 }
    }

    #[inline(always)]
    fn cell(self) -> CellId {
        CellId(self.id)
    }

    #[inline(always)]
    fn adjacent(self, shape: &Polar) -> Adjacent<PolarDoor> {
        shape.adjacent_at(shape.place_in_ring(self.id, self.ring))
    }

    #[inline(always)]
    fn through(self, _shape: &Polar, door: PolarDoor, to: CellId) -> Self {
        PolarCursor { id: to.0, ring: self.ring.wrapping_add(RING_STEP[door as usize]) }
    }

    /// The default's draws, without filling a whole [`Adjacent`]: the doors' mask, the
    /// choice, then the cell behind the chosen door from the five candidates.
    #[inline(always)]
    fn random_step<R: Random + ?Sized>(
        &mut self,
        shape: &Polar,
        pool: &mut Pool,
        rng: &mut R,
    ) -> Option<PolarDoor> {
        let p = shape.place_in_ring(self.id, self.ring);
        let bits = shape.inner_bits(&p);
        // Most cells have the same four doors (inward, counter-clockwise, outward, clockwise):
        // for them the choice among four is drawn as `choose_pooled` would draw it, without
        // its table lookups on the walk's critical path.
        let d = if bits == 0b10111 {
            const FOUR: [PolarDoor; 4] = [PolarDoor::Inward, PolarDoor::Ccw, PolarDoor::Out, PolarDoor::Cw];
            FOUR[pool.below16(rng, 4) as usize & 3]
        } else {
            DoorSet::<PolarDoor>::from_bits(bits).choose_pooled(pool, rng)?
        };
        let to = Polar::behind(&p, bits)[d as usize];
        *self = self.through(shape, d, CellId(to));
        Some(d)
    }
}

#[cfg(test)]
mod tests {
    use super::{Polar, ring_counts};
    use crate::shape::{CellId, Shape};

    /// The block index and ring table place every cell where a plain walk over the ring
    /// lengths does, on small and large mazes (blocks spanning many small rings near the
    /// centre, and block edges inside long outer rings).
    #[test]
    fn every_cell_is_located_in_its_ring() {
        for (inner, rings) in [(3, 1), (3, 40), (6, 1), (6, 7), (6, 300), (8, 90), (40, 12), (6, 800)] {
            let polar = Polar::new(inner, rings);
            let mut id = 0u32;
            for (ring, &count) in ring_counts(inner, rings, u64::MAX).iter().enumerate() {
                assert_eq!(polar.ring_len(ring as u32), count);
                for index in 0..count {
                    assert_eq!(polar.locate(CellId(id)), (ring as u32, index), "{inner} {rings} cell {id}");
                    assert_eq!(polar.cell_at(ring as u32, index), CellId(id));
                    id += 1;
                }
            }
            assert_eq!(id, polar.cell_count());
        }
    }
}
