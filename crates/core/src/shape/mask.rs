//! Masks: a maze on some of a shape's cells only (the outline of a picture or a word).
//!
//! A [`Mask`] says which cells of a base shape exist. [`Masked`] is the base shape restricted
//! to them, renumbered densely, so every generator and solver runs on it unchanged: a door
//! to a cell outside the mask is simply a boundary door. Wall ids are the base shape's, so
//! passages still take one bit per wall. Masks are checked to be one connected piece
//! ([`Mask::parts`]); [`Mask::connect_parts`] joins several pieces with few extra cells (each
//! join a shortest bridge found by one search from all pieces at once).

use std::collections::VecDeque;
use std::sync::Arc;

use super::font::Bitmap;
use super::{Adjacent, CellId, DoorSet, Shape, ShapeSpec};
use crate::Error;

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

    /// Joins the mask's pieces into one by adding cells.
    ///
    /// One breadth-first search grows every piece at once over the base shape's absent
    /// cells: each absent cell is claimed by the piece that reaches it first (ties go to the
    /// earlier cell in the queue, which starts in cell order), with its distance and the cell
    /// it was reached from. Two side-by-side cells claimed by different pieces make a
    /// candidate join of those pieces; its cost is the cells on the paths back to both pieces
    /// (their two distances). The cheapest candidates that join pieces not yet joined are
    /// taken (Kruskal's minimum spanning tree with union-find, candidates sorted by cost,
    /// then cell ids), and their paths opened.
    ///
    /// What it guarantees: the result is one piece (the base shape being connected), every
    /// cell of the mask is kept, and each join is a shortest bridge between the two pieces'
    /// territories found by the search. Together the joins cost no more than a minimum
    /// spanning tree of the pieces under shortest-bridge distances, which is at most twice
    /// the fewest cells any joining could use; not necessarily the fewest.
    ///
    /// Time O(cells × doors + joins × log joins), near-linear; memory O(cells).
    ///
    /// # Errors
    /// [`Error::Cancelled`] when the job running it is cancelled (checked every few
    /// thousand cells).
    pub fn connect_parts<S: Shape>(&self, base: &S) -> Result<Mask, Error> {
        const CHECK_EVERY: u32 = 4096;
        let (part, parts) = self.parts(base);
        if parts <= 1 {
            return Ok(self.clone());
        }
        let n = base.cell_count() as usize;
        // Every piece's cells start the search at distance 0, in cell order.
        let mut owner = part;
        let mut dist = vec![u32::MAX; n];
        let mut from = vec![u32::MAX; n];
        let mut queue = VecDeque::new();
        for (c, &p) in owner.iter().enumerate() {
            if p != u32::MAX {
                dist[c] = 0;
                queue.push_back(c as u32);
            }
        }
        let mut steps = 0u32;
        while let Some(c) = queue.pop_front() {
            if steps % CHECK_EVERY == 0 {
                crate::cancel::check()?;
            }
            steps += 1;
            for (_, b) in base.adjacent(CellId(c)).iter() {
                if owner[b.index()] == u32::MAX {
                    owner[b.index()] = owner[c as usize];
                    dist[b.index()] = dist[c as usize] + 1;
                    from[b.index()] = c;
                    queue.push_back(b.0);
                }
            }
        }
        drop(queue);
        // Candidate joins: (cost, cell, neighbour) for neighbours claimed by another piece,
        // each pair once (from its lower id).
        let mut joins: Vec<(u32, u32, u32)> = Vec::new();
        for a in 0..n as u32 {
            if a % CHECK_EVERY == 0 {
                crate::cancel::check()?;
            }
            let pa = owner[a as usize];
            if pa == u32::MAX {
                continue;
            }
            for (_, b) in base.adjacent(CellId(a)).iter() {
                let pb = owner[b.index()];
                if b.0 > a && pb != u32::MAX && pb != pa {
                    joins.push((dist[a as usize] + dist[b.index()], a, b.0));
                }
            }
        }
        joins.sort_unstable();
        // Union-find over the pieces (path halving, union by size).
        let mut leader: Vec<u32> = (0..parts).collect();
        let mut size = vec![1u32; parts as usize];
        fn find(leader: &mut [u32], mut p: u32) -> u32 {
            while leader[p as usize] != p {
                leader[p as usize] = leader[leader[p as usize] as usize];
                p = leader[p as usize];
            }
            p
        }
        let mut mask = self.clone();
        let mut left = parts - 1;
        for (_, a, b) in joins {
            if left == 0 {
                break;
            }
            let (ra, rb) = (find(&mut leader, owner[a as usize]), find(&mut leader, owner[b as usize]));
            if ra == rb {
                continue;
            }
            let (big, small) = if size[ra as usize] >= size[rb as usize] { (ra, rb) } else { (rb, ra) };
            leader[small as usize] = big;
            size[big as usize] += size[small as usize];
            left -= 1;
            // Open both paths back to their pieces (stopping at cells already present).
            for mut c in [a, b] {
                while !mask.contains(c) {
                    mask.bits[(c >> 6) as usize] |= 1 << (c & 63);
                    c = from[c as usize];
                }
            }
        }
        Ok(mask)
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
        // Both tables are collected from exact-size iterators, which std writes straight
        // into the shared slice: no second copy (a 8192 x 8192 mask's tables are 256 MB each).
        let mut next = 0u32;
        let from_base: Arc<[u32]> = (0..base.cell_count())
            .map(|c| {
                if !mask.contains(c) {
                    return u32::MAX;
                }
                next += 1;
                next - 1
            })
            .collect();
        assert!(next > 0, "the mask keeps no cell");
        let mut cell = 0u32;
        let to_base: Arc<[u32]> = (0..next)
            .map(|_| {
                while !mask.contains(cell) {
                    cell += 1;
                }
                cell += 1;
                cell - 1
            })
            .collect();
        Masked { base, mask, to_base, from_base }
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

impl<S: Shape> super::forward::Forward for Masked<S> {
    type Inner = S;

    #[inline(always)]
    fn inner(&self) -> &S {
        &self.base
    }

    #[inline(always)]
    fn inner_cell(&self, cell: CellId) -> CellId {
        self.to_base(cell)
    }

    #[inline(always)]
    fn lift_cell(&self, cell: CellId) -> Option<CellId> {
        self.from_base(cell)
    }

    #[inline(always)]
    fn inner_door(door: S::Door) -> Option<S::Door> {
        Some(door)
    }

    #[inline(always)]
    fn lift_door(door: S::Door) -> S::Door {
        door
    }
}

/// Every answer about a kept cell is the base's about its base cell, but for the cells and
/// their neighbours (renumbered, a door to a removed cell leading nowhere), the shape's
/// name, and what follows from the renumbering: the default `outer_door` (a door to a
/// removed cell is a boundary door too) and no lattice fast paths (`grid`,
/// `square_lattice`, `door_steps`).
impl<S: Shape> Shape for Masked<S> {
    type Door = S::Door;
    type Cursor = super::CellCursor;

    super::forward::forward_shape!(
        opposite,
        wall,
        inner_wall,
        wall_count,
        centre,
        extent,
        outline,
        fill_outline,
        wall_segment,
        wall_arc,
        door_kind,
        plates,
        layer,
        min_steps,
        turn,
        default_ends,
        cell_name,
        cell_by_coords,
        base_cell,
        contains,
    );

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

    fn spec(&self) -> ShapeSpec {
        let mut spec = self.base.spec();
        spec.mask = Some(self.mask.clone());
        spec
    }

    /// The base's picture with the removed cells left blank.
    fn text_grid(&self) -> Option<super::TextGrid<S::Door>> {
        let grid = self.base.text_grid()?;
        // Masks are made on flat shapes: a masked stack of levels or woven maze has no
        // picture (its cells are not numbered as the picture expects).
        let woven = matches!(grid.lattice, super::TextLattice::Square { crossings: Some(_), .. });
        if grid.levels.is_some() || woven {
            return None;
        }
        let cells = match &grid.cells {
            None => self.from_base.clone(),
            Some(inner) => {
                inner.iter().map(|&b| self.from_base.get(b as usize).copied().unwrap_or(u32::MAX)).collect()
            }
        };
        Some(super::TextGrid { cells: Some(cells), ..grid })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::shape::{ShapeKind, ShapeSpec, Square};

    /// An `n` x `n` checkerboard: every other cell, each one a piece of its own.
    fn checkerboard(n: u32) -> Mask {
        Mask::from_fn(n * n, |c| (c % n + c / n).is_multiple_of(2))
    }

    #[test]
    fn a_checkerboard_mask_joins_into_one_piece() {
        let n = 200;
        let base = Square::new(n, n);
        let mask = checkerboard(n);
        assert_eq!(mask.parts(&base).1, n * n / 2);
        let joined = mask.connect_parts(&base).expect("not cancelled");
        assert_eq!(joined.parts(&base).1, 1);
        assert!((0..n * n).all(|c| !mask.contains(c) || joined.contains(c)), "every cell is kept");
        // 20,000 pieces need 19,999 joins of one cell each at most; one opened cell touches
        // at most four pieces, so no joining uses fewer than 6,667.
        let added = joined.count() - mask.count();
        assert!((6_667..n * n / 2).contains(&added), "{added} cells added");
    }

    #[test]
    fn two_mask_pieces_are_joined_by_the_shortest_bridge() {
        // A 2 x 3 block and a 2-cell bar; the only 3-cell bridge is along row 1.
        let rows = ["XX.....", "XX...XX", "XX....."];
        let (w, h) = (7, 3);
        let at = |c: u32| rows[(c / w) as usize].as_bytes()[(c % w) as usize] == b'X';
        let base = Square::new(w, h);
        let mask = Mask::from_fn(w * h, at);
        assert_eq!(mask.parts(&base).1, 2);
        let joined = mask.connect_parts(&base).expect("not cancelled");
        let bridge = Mask::from_fn(w * h, |c| at(c) || (c / w == 1 && (2..5).contains(&(c % w))));
        assert_eq!(joined, bridge);
        // One piece already: unchanged.
        assert_eq!(bridge.connect_parts(&base).expect("not cancelled"), bridge);
    }

    #[test]
    fn joining_a_mask_stops_when_its_job_is_cancelled() {
        let spec = ShapeSpec::new(ShapeKind::Square, 60, 60, u64::MAX).expect("spec");
        let flag = Arc::new(AtomicBool::new(true));
        let joined = crate::cancel::with_flag(flag, || spec.with_mask(checkerboard(60), true));
        assert!(matches!(joined, Err(Error::Cancelled)), "{joined:?}");
    }
}
