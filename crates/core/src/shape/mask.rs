//! Masks: a maze on some of a shape's cells only (the outline of a picture or a word).
//!
//! A [`Mask`] says which cells of a base shape exist. [`Masked`] is the base shape restricted
//! to them, renumbered densely, so every generator and solver runs on it unchanged: a door
//! to a cell outside the mask is simply a boundary door. Wall ids are the base shape's, so
//! passages still take one bit per wall. Masks are checked to be one connected piece
//! ([`Mask::parts`]); [`Mask::connect_parts`] joins several pieces with the fewest extra cells
//! it can find.

use std::collections::VecDeque;
use std::sync::Arc;

use super::font::Bitmap;
use super::{Adjacent, CellId, DoorSet, Grid, Outline, Point, Shape, ShapeSpec, WallId};

/// Which cells of a base shape exist, one bit per base cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mask {
    cells: u32,
    bits: Vec<u64>,
}

impl Mask {
    /// A mask of `cells` base cells, with `keep(id)` saying which exist.
    pub fn from_fn(cells: u32, mut keep: impl FnMut(u32) -> bool) -> Self {
        let mut bits = vec![0u64; (cells as usize).div_ceil(64)];
        for c in 0..cells {
            if keep(c) {
                bits[(c >> 6) as usize] |= 1 << (c & 63);
            }
        }
        Mask { cells, bits }
    }

    /// The mask of a picture laid over a shape: a cell exists when the picture is dark at the
    /// cell's centre, the picture being stretched over the shape's whole drawing (nearest
    /// pixel). For square cells this is the picture scaled to width × height.
    pub fn from_picture<S: Shape>(shape: &S, picture: &Bitmap) -> Self {
        let ext = shape.extent();
        let (pw, ph) = (f64::from(picture.width), f64::from(picture.height));
        Mask::from_fn(shape.cell_count(), |c| {
            let p = shape.centre(CellId(c));
            let x = (p.x / ext.x * pw).floor().clamp(0.0, pw - 1.0) as u32;
            let y = (p.y / ext.y * ph).floor().clamp(0.0, ph - 1.0) as u32;
            picture.get(x, y)
        })
    }

    /// Number of base cells the mask covers (kept or not).
    pub fn base_cells(&self) -> u32 {
        self.cells
    }

    /// Whether base cell `c` exists.
    #[inline]
    pub fn contains(&self, c: u32) -> bool {
        c < self.cells && self.bits[(c >> 6) as usize] & (1 << (c & 63)) != 0
    }

    /// Number of cells that exist.
    pub fn count(&self) -> u32 {
        self.bits.iter().map(|w| w.count_ones()).sum()
    }

    /// The mask as run lengths over base cell ids, alternating absent and present runs and
    /// starting with an absent run (which may be 0): the form the JSON file stores.
    pub fn runs(&self) -> Vec<u32> {
        let mut runs = Vec::new();
        let mut current = false;
        let mut len = 0u32;
        for c in 0..self.cells {
            if self.contains(c) != current {
                runs.push(len);
                current = !current;
                len = 0;
            }
            len += 1;
        }
        runs.push(len);
        runs
    }

    /// The mask from [`runs`](Self::runs) over `cells` base cells.
    ///
    /// # Errors
    /// A message when the runs do not add up to `cells`.
    pub fn from_runs(cells: u32, runs: &[u32]) -> Result<Self, String> {
        let total: u64 = runs.iter().map(|&r| u64::from(r)).sum();
        if total != u64::from(cells) {
            return Err(format!("the mask's runs cover {total} cells but the shape has {cells}"));
        }
        let mut bits = vec![0u64; (cells as usize).div_ceil(64)];
        let mut at = 0u32;
        for (i, &r) in runs.iter().enumerate() {
            if i % 2 == 1 {
                for c in at..at + r {
                    bits[(c >> 6) as usize] |= 1 << (c & 63);
                }
            }
            at += r;
        }
        Ok(Mask { cells, bits })
    }

    /// The connected pieces of the mask on `base`: a piece number per base cell (`u32::MAX`
    /// outside the mask) and the number of pieces. Time and memory O(cells).
    pub fn parts<S: Shape>(&self, base: &S) -> (Vec<u32>, u32) {
        let n = base.cell_count();
        let mut part = vec![u32::MAX; n as usize];
        let mut parts = 0;
        let mut stack = Vec::new();
        for start in 0..n {
            if !self.contains(start) || part[start as usize] != u32::MAX {
                continue;
            }
            part[start as usize] = parts;
            stack.push(CellId(start));
            while let Some(c) = stack.pop() {
                for (_, b) in base.adjacent(c).iter() {
                    if self.contains(b.0) && part[b.index()] == u32::MAX {
                        part[b.index()] = parts;
                        stack.push(b);
                    }
                }
            }
            parts += 1;
        }
        (part, parts)
    }

    /// Joins the mask's pieces into one by adding cells: repeatedly, the piece holding the
    /// first cell grows by the shortest chain of absent cells that reaches another piece (a
    /// breadth-first search where present cells cost nothing). Greedy, so not always the
    /// fewest cells overall, but each join is the cheapest available. Time O(pieces × cells).
    pub fn connect_parts<S: Shape>(&self, base: &S) -> Mask {
        let mut mask = self.clone();
        loop {
            let (part, parts) = mask.parts(base);
            if parts <= 1 {
                return mask;
            }
            let n = base.cell_count() as usize;
            // 0-1 breadth-first search from piece 0: present cells cost 0, absent cells 1.
            let mut dist = vec![u32::MAX; n];
            let mut from = vec![u32::MAX; n];
            let mut queue = VecDeque::new();
            for (c, &p) in part.iter().enumerate() {
                if p == 0 {
                    dist[c] = 0;
                    queue.push_back(c as u32);
                }
            }
            let mut reached = None;
            while let Some(c) = queue.pop_front() {
                let p = part[c as usize];
                if p != u32::MAX && p != 0 {
                    reached = Some(c);
                    break;
                }
                for (_, b) in base.adjacent(CellId(c)).iter() {
                    let cost = u32::from(!mask.contains(b.0));
                    let d = dist[c as usize] + cost;
                    if d < dist[b.index()] {
                        dist[b.index()] = d;
                        from[b.index()] = c;
                        if cost == 0 {
                            queue.push_front(b.0);
                        } else {
                            queue.push_back(b.0);
                        }
                    }
                }
            }
            let Some(mut c) = reached else { return mask };
            while from[c as usize] != u32::MAX {
                mask.bits[(c >> 6) as usize] |= 1 << (c & 63);
                c = from[c as usize];
            }
        }
    }

    /// The mask without the pieces enclosed by absent cells: every piece but the largest is
    /// dropped (used for words, whose letters' holes would otherwise be islands).
    pub fn keep_largest_part<S: Shape>(&self, base: &S) -> Mask {
        let (part, parts) = self.parts(base);
        if parts <= 1 {
            return self.clone();
        }
        let mut sizes = vec![0u32; parts as usize];
        for &p in &part {
            if p != u32::MAX {
                sizes[p as usize] += 1;
            }
        }
        let best = (0..parts).max_by_key(|&p| (sizes[p as usize], std::cmp::Reverse(p))).unwrap_or(0);
        Mask::from_fn(self.cells, |c| part[c as usize] == best)
    }
}

/// A base shape restricted to the cells of a [`Mask`], renumbered `0..count` in base order.
#[derive(Clone, Debug)]
pub struct Masked<S: Shape> {
    base: S,
    mask: Arc<Mask>,
    /// Dense id → base id.
    to_base: Arc<[u32]>,
    /// Base id → dense id, or `u32::MAX` outside the mask.
    from_base: Arc<[u32]>,
}

impl<S: Shape> Masked<S> {
    /// The base shape restricted to `mask` (which must cover exactly the base's cells and
    /// keep at least one; the registry checks both, and that the mask is one piece).
    ///
    /// # Panics
    /// Panics if the mask's size differs from the base's or it keeps no cell.
    pub fn new(base: S, mask: Arc<Mask>) -> Self {
        assert_eq!(mask.base_cells(), base.cell_count(), "mask size differs from the shape's");
        let mut to_base = Vec::with_capacity(mask.count() as usize);
        let mut from_base = vec![u32::MAX; base.cell_count() as usize];
        for c in 0..base.cell_count() {
            if mask.contains(c) {
                from_base[c as usize] = to_base.len() as u32;
                to_base.push(c);
            }
        }
        assert!(!to_base.is_empty(), "the mask keeps no cell");
        Masked { base, mask, to_base: to_base.into(), from_base: from_base.into() }
    }

    /// The base shape.
    pub fn base(&self) -> &S {
        &self.base
    }

    /// The mask.
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// The base cell of a masked cell.
    #[inline(always)]
    pub fn to_base(&self, cell: CellId) -> CellId {
        CellId(self.to_base[cell.index()])
    }

    /// The masked cell of a base cell, if it exists.
    #[inline(always)]
    pub fn from_base(&self, cell: CellId) -> Option<CellId> {
        let d = *self.from_base.get(cell.index())?;
        (d != u32::MAX).then_some(CellId(d))
    }
}

impl<S: Shape> Shape for Masked<S> {
    type Door = S::Door;
    type Cursor = super::CellCursor;

    #[inline]
    fn cell_count(&self) -> u32 {
        self.to_base.len() as u32
    }

    #[inline]
    fn doors(&self, cell: CellId) -> DoorSet<S::Door> {
        self.base.doors(self.to_base(cell))
    }

    #[inline]
    fn neighbour(&self, cell: CellId, door: S::Door) -> Option<CellId> {
        self.from_base(self.base.neighbour(self.to_base(cell), door)?)
    }

    #[inline]
    fn adjacent(&self, cell: CellId) -> Adjacent<S::Door> {
        let mut adj = Adjacent::default();
        let base = self.base.adjacent(self.to_base(cell));
        for (d, b) in base.iter() {
            let m = self.from_base[b.index()];
            if m != u32::MAX {
                adj.push(d, CellId(m), base.wall(d));
            }
        }
        adj
    }

    #[inline]
    fn inner_doors(&self, cell: CellId) -> DoorSet<S::Door> {
        self.adjacent(cell).doors()
    }

    #[inline]
    fn opposite(&self, cell: CellId, door: S::Door) -> S::Door {
        self.base.opposite(self.to_base(cell), door)
    }

    #[inline]
    fn wall(&self, cell: CellId, door: S::Door) -> WallId {
        self.base.wall(self.to_base(cell), door)
    }

    #[inline]
    fn inner_wall(&self, cell: CellId, door: S::Door) -> WallId {
        self.base.inner_wall(self.to_base(cell), door)
    }

    fn wall_count(&self) -> u64 {
        self.base.wall_count()
    }

    fn centre(&self, cell: CellId) -> Point {
        self.base.centre(self.to_base(cell))
    }

    fn extent(&self) -> Point {
        self.base.extent()
    }

    fn outline(&self, cell: CellId) -> Outline {
        self.base.outline(self.to_base(cell))
    }

    fn fill_outline(&self, cell: CellId) -> Vec<Point> {
        self.base.fill_outline(self.to_base(cell))
    }

    fn wall_segment(&self, cell: CellId, door: S::Door) -> [Point; 2] {
        self.base.wall_segment(self.to_base(cell), door)
    }

    fn wall_arc(&self, cell: CellId, door: S::Door) -> Option<Point> {
        self.base.wall_arc(self.to_base(cell), door)
    }

    #[inline]
    fn min_steps(&self, a: CellId, b: CellId) -> u32 {
        self.base.min_steps(self.to_base(a), self.to_base(b))
    }

    fn turn(&self, cell: CellId, door: S::Door, clockwise: bool) -> S::Door {
        self.base.turn(self.to_base(cell), door, clockwise)
    }

    fn grid(&self) -> Option<Grid<S::Door>> {
        None
    }

    fn spec(&self) -> ShapeSpec {
        let mut spec = self.base.spec();
        spec.mask = Some(self.mask.clone());
        spec
    }

    fn default_ends(&self) -> (CellId, CellId) {
        let (a, b) = self.base.default_ends();
        let last = CellId(self.cell_count() - 1);
        (self.from_base(a).unwrap_or(CellId(0)), self.from_base(b).unwrap_or(last))
    }

    fn cell_name(&self, cell: CellId) -> String {
        self.base.cell_name(self.to_base(cell))
    }

    fn cell_by_coords(&self, a: u32, b: u32) -> Option<CellId> {
        self.from_base(self.base.cell_by_coords(a, b)?)
    }

    fn base_cell(&self, cell: CellId) -> CellId {
        self.to_base(cell)
    }
}
