//! Woven mazes: square cells where a straight passage may cross under another
//! (`--weave P`).
//!
//! A *crossing* is an inner cell split in two: its **over** cell (the cell's own id) keeps
//! the two doors of one axis (east and west, or north and south), and an **under** cell
//! takes the two doors of the other axis. Under cells are numbered after the `width ×
//! height` square cells, in the order of their crossings' ids; every door keeps the wall id
//! the flat [`Square`] gives it, so walls, files and pictures of the rest of the maze are
//! those of a square maze. A door into a crossing leads to its over cell when the door runs
//! along the over axis, to its under cell otherwise.
//!
//! The crossings are laid out before the maze is carved ([`Crossings::place`], from the
//! maze's random stream): a share of the inner cells, never side by side, and never
//! closing a loop with the crossings before them. Kruskal opens the four passages of every
//! crossing first ([`Shape::required_passages`]), as in the "pre-placed crossings" weave,
//! so all of them stay; the other generators carve the static graph (a walk reaching an
//! under cell tunnels beneath the crossing), and a crossing they leave with a dead end on
//! either layer is dissolved afterwards ([`Shape::settle`]: the dead end's passage is
//! dropped and the two layers become one ordinary cell), so the maze stays a spanning tree
//! and every crossing that remains is two straight passages, one over the other.
//!
//! Pictures draw a woven maze with its corridors inset in their cells (see
//! [`Shape::WOVEN`]): the over passage's sides run on through the crossing, the under
//! passage's sides stop at them.

use std::sync::Arc;

use super::{CellId, DoorSet, Layer, Settled, Shape, ShapeKind, ShapeSpec, Square, SquareDoor, WallId};
use crate::Error;
use crate::maze::Passages;
use crate::random::Random;

/// The one-line refusal of a woven maze combined with a mask, wrapping or levels, which
/// every front end gives in the same words.
pub const NOT_COMBINED: &str = "--weave does not work with a mask, --wrap or --levels yet";

/// Which passage of a crossing goes over the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Over {
    /// The east–west passage is on top; the north–south one goes under.
    EastWest,
    /// The north–south passage is on top; the east–west one goes under.
    NorthSouth,
}

impl Over {
    /// The door bits (north 0, east 1, south 2, west 3) of the cell on top.
    fn over_bits(self) -> u16 {
        match self {
            Over::EastWest => 0b1010,
            Over::NorthSouth => 0b0101,
        }
    }

    /// Whether `door` runs along the passage on top.
    fn carries(self, door: SquareDoor) -> bool {
        self.over_bits() & (1 << door as u8) != 0
    }

    /// The number files use: 0 east–west on top, 1 north–south.
    pub fn code(self) -> u32 {
        match self {
            Over::EastWest => 0,
            Over::NorthSouth => 1,
        }
    }

    /// The value [`code`](Over::code) gives, if it is one.
    pub fn from_code(code: u32) -> Option<Over> {
        match code {
            0 => Some(Over::EastWest),
            1 => Some(Over::NorthSouth),
            _ => None,
        }
    }
}

/// The crossings of a woven `width × height` maze, by cell, with a rank index so that a
/// crossing's under cell is found in constant time (1.5 bits a cell).
#[derive(Clone, PartialEq, Eq)]
pub struct Crossings {
    width: u32,
    height: u32,
    /// The crossings' cell ids, increasing, with the passage on top.
    list: Vec<(u32, Over)>,
    /// One bit per cell: a crossing.
    flags: Vec<u64>,
    /// Crossings in the words before each word of `flags`.
    before: Vec<u32>,
}

impl std::fmt::Debug for Crossings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Crossings({}x{}, {} crossings)", self.width, self.height, self.list.len())
    }
}

impl Crossings {
    /// No crossings.
    pub fn none(width: u32, height: u32) -> Self {
        Self::build(width, height, Vec::new())
    }

    fn build(width: u32, height: u32, list: Vec<(u32, Over)>) -> Self {
        let cells = u64::from(width) * u64::from(height);
        let mut flags = vec![0u64; cells.div_ceil(64) as usize];
        for &(c, _) in &list {
            flags[c as usize >> 6] |= 1 << (c & 63);
        }
        let mut before = Vec::with_capacity(flags.len());
        let mut sum = 0;
        for w in &flags {
            before.push(sum);
            sum += w.count_ones();
        }
        Crossings { width, height, list, flags, before }
    }

    /// The crossings `list` (cell id, passage on top), checked: each on an inner cell (not on
    /// the border), no two on the same cell or side by side.
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the first crossing that breaks a rule.
    pub fn new(width: u32, height: u32, mut list: Vec<(CellId, Over)>) -> Result<Self, Error> {
        list.sort_by_key(|&(c, _)| c);
        let cells = u64::from(width) * u64::from(height);
        let mut seen = Crossings::none(width, height);
        for &(c, _) in &list {
            if u64::from(c.0) >= cells {
                return Err(Error::Parameter(format!(
                    "crossing cell {} is out of range (the maze has {cells} cells)",
                    c.0
                )));
            }
            let (x, y) = (c.0 % width, c.0 / width);
            if x == 0 || y == 0 || x + 1 >= width || y + 1 >= height {
                return Err(Error::Parameter(format!("crossing {x},{y} is on the border")));
            }
            if seen.has(c.0) || seen.has(c.0 - 1) || seen.has(c.0 - width) {
                return Err(Error::Parameter(format!("crossing {x},{y} repeats or touches another")));
            }
            seen.flags[c.index() >> 6] |= 1 << (c.0 & 63);
        }
        Ok(Self::build(width, height, list.into_iter().map(|(c, o)| (c.0, o)).collect()))
    }

    /// Crossings for a `width × height` maze, drawn from `rng`: `share` (0 to 1) of the inner
    /// cells, visited in a random order, become crossings with a random passage on top,
    /// except a cell beside a crossing (crossings never touch) or one whose two passages
    /// would close a loop with the crossings placed before it (so that some spanning tree
    /// keeps them all). With many crossings wanted, fewer fit: about a third of the inner
    /// cells at most.
    ///
    /// Time O(cells); memory 8 bytes an inner cell while placing.
    pub fn place<R: Random + ?Sized>(width: u32, height: u32, share: f64, rng: &mut R) -> Self {
        if width < 3 || height < 3 || share <= 0.0 {
            return Self::none(width, height);
        }
        let (iw, ih) = (width - 2, height - 2);
        let inner = u64::from(iw) * u64::from(ih);
        let wanted = (share.min(1.0) * inner as f64).round() as u64;
        let mut order: Vec<u32> =
            (0..ih).flat_map(|y| (0..iw).map(move |x| (y + 1) * width + x + 1)).collect();
        rng.shuffle(&mut order);
        let mut uf = crate::generate::UnionFind::new(width * height);
        let mut taken = Crossings::none(width, height);
        let mut list = Vec::new();
        for c in order {
            if list.len() as u64 >= wanted {
                break;
            }
            if [c - 1, c + 1, c - width, c + width].iter().any(|&n| taken.has(n)) {
                continue;
            }
            let (rw, re, rn, rs) = (uf.find(c - 1), uf.find(c + 1), uf.find(c - width), uf.find(c + width));
            // The cell itself is alone in its set (no crossing beside it); its two passages
            // join west to east and north to south: a loop unless all four sets differ
            // pairwise as far as those two joins can tell.
            if rw == re || rn == rs || (rn == rw && rs == re) || (rn == re && rs == rw) {
                continue;
            }
            let over = if rng.below(2) == 0 { Over::EastWest } else { Over::NorthSouth };
            uf.union(c - 1, c);
            uf.union(c, c + 1);
            uf.union(c - width, c + width);
            taken.flags[c as usize >> 6] |= 1 << (c & 63);
            list.push((c, over));
        }
        list.sort_by_key(|&(c, _)| c);
        Self::build(width, height, list)
    }

    /// Cells per row.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of crossings.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The crossings by increasing cell id, with the passage on top (the `k`-th has the
    /// under cell `width · height + k`).
    pub fn iter(&self) -> impl Iterator<Item = (CellId, Over)> + '_ {
        self.list.iter().map(|&(c, o)| (CellId(c), o))
    }

    /// Whether `cell` is flagged a crossing.
    fn has(&self, cell: u32) -> bool {
        self.flags.get(cell as usize >> 6).is_some_and(|w| w >> (cell & 63) & 1 != 0)
    }

    /// The crossing's rank and passage on top, if `cell` (an id of the flat square) is one.
    #[inline]
    pub fn at(&self, cell: u32) -> Option<(u32, Over)> {
        let (i, b) = (cell as usize >> 6, cell & 63);
        let word = *self.flags.get(i)?;
        if word >> b & 1 == 0 {
            return None;
        }
        let rank = self.before[i] + (word & ((1u64 << b) - 1)).count_ones();
        Some((rank, self.list[rank as usize].1))
    }
}

/// How a woven shape's crossings are given: still to be drawn from the maze's seed (a share
/// of the inner cells, as `--weave P` asks), or placed (read from a file, or drawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeaveLayout {
    /// Crossings on about this share of the inner cells, in millionths, drawn when the maze
    /// is generated.
    Share(u32),
    /// These crossings.
    Placed(Arc<Crossings>),
}

impl WeaveLayout {
    /// The layout for `--weave P`: P must be a number from 0 to 1.
    ///
    /// # Errors
    /// [`Error::Parameter`] for anything else.
    pub fn share(p: f64) -> Result<Self, Error> {
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::Parameter(format!(
                "--weave takes the share of inner cells that may become crossings, from 0 to 1 (got {p})"
            )));
        }
        Ok(WeaveLayout::Share((p * 1e6).round() as u32))
    }
}

/// Square cells with crossings: see the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Weave {
    square: Square,
    crossings: Arc<Crossings>,
    /// The share to draw crossings with, while they are still to be drawn.
    share: Option<u32>,
}

impl Weave {
    /// A `width × height` square maze with crossings laid out as `layout` says (none yet
    /// for a share still to be drawn, see [`Shape::draw_layout`]).
    ///
    /// # Panics
    /// Panics if placed crossings were made for another size, or on sizes [`Square::new`]
    /// refuses.
    pub fn new(width: u32, height: u32, layout: &WeaveLayout) -> Self {
        let square = Square::new(width, height);
        match layout {
            WeaveLayout::Share(s) => {
                Weave { square, crossings: Arc::new(Crossings::none(width, height)), share: Some(*s) }
            }
            WeaveLayout::Placed(c) => {
                assert!(c.width == width && c.height == height, "crossings of another size");
                Weave { square, crossings: c.clone(), share: None }
            }
        }
    }

    /// The flat square maze underneath.
    pub fn square(&self) -> &Square {
        &self.square
    }

    /// The crossings.
    pub fn crossings(&self) -> &Crossings {
        &self.crossings
    }

    fn squares(&self) -> u32 {
        self.square.cell_count()
    }

    /// The square cell a cell lies in: itself, or for an under cell its crossing's.
    #[inline]
    pub fn base_of(&self, cell: CellId) -> CellId {
        match cell.0.checked_sub(self.squares()) {
            Some(k) => CellId(self.crossings.list[k as usize].0),
            None => cell,
        }
    }

    /// The under cell of the crossing at square cell `cell`, if it is one.
    pub fn under(&self, cell: CellId) -> Option<CellId> {
        (cell.0 < self.squares())
            .then(|| self.crossings.at(cell.0))
            .flatten()
            .map(|(k, _)| CellId(self.squares() + k))
    }

    /// The crossing a cell belongs to (either layer): its rank and passage on top.
    fn crossing_of(&self, cell: CellId) -> Option<(u32, Over)> {
        match cell.0.checked_sub(self.squares()) {
            Some(k) => Some((k, self.crossings.list[k as usize].1)),
            None => self.crossings.at(cell.0),
        }
    }
}

impl super::forward::Forward for Weave {
    type Inner = Square;

    #[inline(always)]
    fn inner(&self) -> &Square {
        &self.square
    }

    /// The square cell a cell lies in ([`Weave::base_of`]).
    #[inline(always)]
    fn inner_cell(&self, cell: CellId) -> CellId {
        self.base_of(cell)
    }

    /// The square cell itself (the upper cell of a crossing).
    #[inline(always)]
    fn lift_cell(&self, cell: CellId) -> Option<CellId> {
        Some(cell)
    }

    #[inline(always)]
    fn inner_door(door: SquareDoor) -> Option<SquareDoor> {
        Some(door)
    }

    #[inline(always)]
    fn lift_door(door: SquareDoor) -> SquareDoor {
        door
    }
}

/// Both cells of a crossing lie in one square cell: the geometry, walls and distances are
/// the square's; doors, neighbours, layers, names, turns and the layout are the weave's.
impl Shape for Weave {
    type Door = SquareDoor;
    type Cursor = super::CellCursor;
    const WOVEN: bool = true;

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
        min_steps,
        default_ends,
        cell_by_coords,
        contains,
    );

    fn cell_count(&self) -> u32 {
        self.squares() + self.crossings.len() as u32
    }

    fn doors(&self, cell: CellId) -> DoorSet<SquareDoor> {
        DoorSet::from_bits(match (self.crossing_of(cell), cell.0 >= self.squares()) {
            (None, _) => 0b1111,
            (Some((_, over)), false) => over.over_bits(),
            (Some((_, over)), true) => 0b1111 ^ over.over_bits(),
        })
    }

    fn neighbour(&self, cell: CellId, door: SquareDoor) -> Option<CellId> {
        let to = self.square.neighbour(self.base_of(cell), door)?;
        Some(match self.crossings.at(to.0) {
            Some((k, over)) if !over.carries(door) => CellId(self.squares() + k),
            _ => to,
        })
    }

    fn layer(&self, cell: CellId) -> Layer {
        match (cell.0 >= self.squares(), self.crossings.at(cell.0).is_some()) {
            (true, _) => Layer::Under,
            (false, true) => Layer::Over,
            (false, false) => Layer::Ground,
        }
    }

    fn cell_name(&self, cell: CellId) -> String {
        let name = self.square.cell_name(self.base_of(cell));
        if cell.0 >= self.squares() { format!("{name} (under)") } else { name }
    }

    fn spec(&self) -> ShapeSpec {
        let mut spec = ShapeSpec::plain(ShapeKind::Square, self.square.width(), self.square.height());
        spec.weave = Some(match self.share {
            Some(s) => WeaveLayout::Share(s),
            None => WeaveLayout::Placed(self.crossings.clone()),
        });
        spec
    }

    /// The square picture, each crossing showing both layers in one place.
    fn text_grid(&self) -> Option<super::TextGrid<SquareDoor>> {
        let (w, h) = (self.square.width(), self.square.height());
        Some(super::TextGrid::flat(super::TextLattice::woven(w, h, self.crossings.clone())))
    }

    fn draw_layout<R: Random + ?Sized>(&self, rng: &mut R) -> Option<Self> {
        let share = self.share?;
        let (w, h) = (self.square.width(), self.square.height());
        let crossings = Crossings::place(w, h, f64::from(share) / 1e6, rng);
        Some(Weave { square: self.square, crossings: Arc::new(crossings), share: None })
    }

    fn required_passages(&self) -> Vec<(CellId, SquareDoor)> {
        let mut out = Vec::with_capacity(4 * self.crossings.len());
        for (k, &(c, over)) in self.crossings.list.iter().enumerate() {
            let under = CellId(self.squares() + k as u32);
            for d in DoorSet::<SquareDoor>::from_bits(0b1111).iter() {
                out.push((if over.carries(d) { CellId(c) } else { under }, d));
            }
        }
        out
    }

    fn settle(&self, open: &mut Passages) -> Option<Settled<Self>> {
        if self.crossings.is_empty() {
            return None;
        }
        let n = self.squares();
        let mut cells: Vec<CellId> = (0..n).map(CellId).collect();
        let mut kept = Vec::new();
        let mut closed = Vec::new();
        for &(c, over) in &self.crossings.list {
            let walls = |bits: u16| -> Vec<WallId> {
                DoorSet::<SquareDoor>::from_bits(bits)
                    .iter()
                    .map(|d| self.square.wall(CellId(c), d))
                    .filter(|&w| open.is_open(w))
                    .collect()
            };
            let (top, under) = (walls(over.over_bits()), walls(0b1111 ^ over.over_bits()));
            if top.len() == 2 && under.len() == 2 {
                cells.push(CellId(n + kept.len() as u32));
                kept.push((c, over));
                continue;
            }
            // A layer with a dead end here: drop its one passage (the tree stays connected
            // without a leaf) and let the two layers be one cell.
            let leaf = if top.len() == 1 {
                &top
            } else if under.len() == 1 {
                &under
            } else {
                &Vec::new()
            };
            for &w in leaf {
                open.close(w);
                closed.push(w);
            }
            cells.push(CellId(c));
        }
        if kept.len() == self.crossings.len() {
            return None;
        }
        let (w, h) = (self.square.width(), self.square.height());
        let shape =
            Weave { square: self.square, crossings: Arc::new(Crossings::build(w, h, kept)), share: None };
        Some(Settled { shape, cells, closed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Xoshiro;

    #[test]
    fn placed_crossings_are_inner_apart_and_about_the_share() {
        for seed in 0..20 {
            let mut rng = Xoshiro::seed_from_u64(seed);
            let c = Crossings::place(30, 20, 0.2, &mut rng);
            assert_eq!(c.len(), (0.2f64 * 28.0 * 18.0).round() as usize, "seed {seed}");
            let again = Crossings::new(30, 20, c.iter().collect()).expect("valid");
            assert_eq!(again, c);
            for (k, (cell, over)) in c.iter().enumerate() {
                assert_eq!(c.at(cell.0), Some((k as u32, over)));
            }
        }
        let mut rng = Xoshiro::seed_from_u64(1);
        assert!(Crossings::place(2, 9, 1.0, &mut rng).is_empty());
        let many = Crossings::place(40, 40, 1.0, &mut rng);
        assert!(many.len() > 200 && many.len() < 38 * 38 / 2, "{}", many.len());
    }

    #[test]
    fn bad_crossings_are_refused() {
        let at = |x: u32, y: u32| CellId(y * 6 + x);
        assert!(Crossings::new(6, 5, vec![(at(0, 2), Over::EastWest)]).is_err());
        assert!(Crossings::new(6, 5, vec![(at(2, 4), Over::EastWest)]).is_err());
        assert!(Crossings::new(6, 5, vec![(at(2, 2), Over::EastWest), (at(3, 2), Over::EastWest)]).is_err());
        assert!(
            Crossings::new(6, 5, vec![(at(2, 2), Over::EastWest), (at(2, 2), Over::NorthSouth)]).is_err()
        );
        assert!(Crossings::new(6, 5, vec![(CellId(99), Over::EastWest)]).is_err());
        assert!(Crossings::new(6, 5, vec![(at(2, 2), Over::EastWest), (at(3, 3), Over::NorthSouth)]).is_ok());
        assert!(WeaveLayout::share(1.5).is_err() && WeaveLayout::share(-0.1).is_err());
        assert!(WeaveLayout::share(f64::NAN).is_err());
    }

    #[test]
    fn a_crossing_joins_straight_through_on_both_layers() {
        let c = Crossings::new(5, 5, vec![(CellId(12), Over::NorthSouth)]).unwrap();
        let s = Weave::new(5, 5, &WeaveLayout::Placed(Arc::new(c)));
        assert_eq!(s.cell_count(), 26);
        let under = CellId(25);
        assert_eq!(s.neighbour(CellId(7), SquareDoor::South), Some(CellId(12)));
        assert_eq!(s.neighbour(CellId(11), SquareDoor::East), Some(under));
        assert_eq!(s.neighbour(under, SquareDoor::East), Some(CellId(13)));
        assert_eq!(s.neighbour(CellId(12), SquareDoor::South), Some(CellId(17)));
        assert_eq!(s.wall(under, SquareDoor::West), s.square().wall(CellId(12), SquareDoor::West));
        assert_eq!(
            (s.layer(CellId(12)), s.layer(under), s.layer(CellId(0))),
            (Layer::Over, Layer::Under, Layer::Ground)
        );
        assert_eq!(s.base_of(under), CellId(12));
    }
}
