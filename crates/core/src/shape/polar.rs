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
//! Rings of equal cell count form a *band*; cell ids map to rings with one search among the
//! bands (a few dozen at most) and one fixed-divisor division.

use std::f64::consts::{PI, TAU};
use std::sync::Arc;

use super::{Adjacent, CellId, Door, DoorSet, FastDiv, Outline, Point, Shape, ShapeKind, ShapeSpec, WallId};

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

/// Rings with the same number of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Band {
    /// The first ring of the band.
    first_ring: u32,
    /// Cells in each ring of the band.
    count: u32,
    /// Id of the band's first cell.
    offset: u32,
    /// Divides by `count`.
    div: FastDiv,
}

/// Concentric rings of cells (a circular maze).
#[derive(Clone, Debug, PartialEq)]
pub struct Polar {
    rings: u32,
    inner: u32,
    cells: u32,
    /// Radius of the open centre, in ring widths.
    hole: f64,
    bands: Arc<[Band]>,
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

/// Total cells of a polar maze, or `None` above `limit`.
pub fn polar_cells(inner: u32, rings: u32, limit: u64) -> Option<u64> {
    let counts = ring_counts(inner, rings, limit);
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
        let mut bands: Vec<Band> = Vec::new();
        let mut offset = 0u64;
        for (r, &count) in counts.iter().enumerate() {
            if bands.last().is_none_or(|b| b.count != count) {
                bands.push(Band {
                    first_ring: r as u32,
                    count,
                    offset: offset as u32,
                    div: FastDiv::new(count),
                });
            }
            offset += u64::from(count);
        }
        assert!(offset < 1 << 31, "polar maze too large");
        Polar { rings, inner, cells: offset as u32, hole: hole_radius(inner), bands: bands.into() }
    }

    /// Number of rings.
    pub fn rings(&self) -> u32 {
        self.rings
    }

    /// Cells in the innermost ring.
    pub fn inner(&self) -> u32 {
        self.inner
    }

    #[inline(always)]
    fn band_of_ring(&self, ring: u32) -> &Band {
        let i = self.bands.partition_point(|b| b.first_ring <= ring) - 1;
        &self.bands[i]
    }

    /// The index of the band holding `cell`. Bands are few (one per doubling, about
    /// log2 of the outer ring's length), so a branch-free count beats a binary search whose
    /// branches a random walk cannot predict.
    #[inline(always)]
    fn band_index(&self, cell: CellId) -> usize {
        self.bands.iter().map(|b| usize::from(b.offset <= cell.0)).sum::<usize>() - 1
    }

    /// Cells in ring `ring`.
    #[inline]
    pub fn ring_len(&self, ring: u32) -> u32 {
        self.band_of_ring(ring).count
    }

    /// Ring and index within the ring (clockwise from 12 o'clock) of a cell.
    #[inline(always)]
    pub fn locate(&self, cell: CellId) -> (u32, u32) {
        let i = self.band_index(cell);
        let b = &self.bands[i];
        let (q, r) = b.div.div_rem(cell.0 - b.offset);
        (b.first_ring + q, r)
    }

    /// The cell at `index` in ring `ring`.
    #[inline(always)]
    pub fn cell_at(&self, ring: u32, index: u32) -> CellId {
        let b = self.band_of_ring(ring);
        CellId(b.offset + (ring - b.first_ring) * b.count + index)
    }

    /// Where a cell is: ring, index, the ring's length, and whether the next ring doubles.
    #[inline(always)]
    fn place(&self, cell: CellId) -> Place {
        let i = self.band_index(cell);
        let b = &self.bands[i];
        let (q, index) = b.div.div_rem(cell.0 - b.offset);
        let ring = b.first_ring + q;
        let last_of_band = self.bands.get(i + 1).is_none_or(|next| next.first_ring == ring + 1);
        let splits = last_of_band && i + 1 < self.bands.len();
        let inward_halves = q == 0 && i > 0;
        Place { ring, index, count: b.count, splits, inward_halves, id: cell.0 }
    }

    fn radius(&self, ring: f64) -> f64 {
        self.hole + ring
    }

    fn point(&self, radius: f64, angle: f64) -> Point {
        let c = self.hole + f64::from(self.rings);
        Point { x: c + radius * angle.cos(), y: c + radius * angle.sin() }
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
    #[inline(always)]
    fn inward(&self, prev_count: u32) -> u32 {
        let ring_start = self.id - self.index;
        let prev_start = ring_start - prev_count;
        prev_start + if self.inward_halves { self.index / 2 } else { self.index }
    }
}

impl Shape for Polar {
    type Door = PolarDoor;

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
            PolarDoor::Inward => {
                (p.ring > 0).then(|| CellId(p.inward(if p.inward_halves { p.count / 2 } else { p.count })))
            }
            PolarDoor::Out => (p.ring + 1 < self.rings).then(|| CellId(p.out())),
            PolarDoor::OutCw => (p.splits).then(|| CellId(p.out() + 1)),
        }
    }

    #[inline(always)]
    fn adjacent(&self, cell: CellId) -> Adjacent<PolarDoor> {
        let p = self.place(cell);
        let mut adj = Adjacent::default();
        if p.ring > 0 {
            adj.push(
                PolarDoor::Inward,
                CellId(p.inward(if p.inward_halves { p.count / 2 } else { p.count })),
            );
        }
        adj.push(PolarDoor::Ccw, CellId(p.ccw()));
        if p.ring + 1 < self.rings {
            let out = p.out();
            adj.push(PolarDoor::Out, CellId(out));
            if p.splits {
                adj.push(PolarDoor::OutCw, CellId(out + 1));
            }
        }
        adj.push(PolarDoor::Cw, CellId(p.cw()));
        adj
    }

    #[inline]
    fn inner_doors(&self, cell: CellId) -> DoorSet<PolarDoor> {
        let p = self.place(cell);
        let mut bits = 0b10010u16;
        if p.ring > 0 {
            bits |= 0b1;
        }
        if p.ring + 1 < self.rings {
            bits |= if p.splits { 0b1100 } else { 0b100 };
        }
        DoorSet::from_bits(bits)
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
        ShapeSpec::plain(ShapeKind::Polar, self.inner, self.rings)
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
