//! The maze: a shape, its open walls (one bit per wall) and its marked cells.

use crate::shape::{Adjacent, CellId, Door, DoorSet, Shape, WallId};

/// A set of walls, one bit per [`WallId`]: a set bit is an open wall (a passage).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Passages {
    words: Vec<u64>,
}

impl Passages {
    /// ORs `v` into the bits starting at `bit`.
    #[inline(always)]
    pub(crate) fn or_bits(&mut self, bit: u64, v: u64) {
        let (i, o) = ((bit >> 6) as usize, (bit & 63) as u32);
        self.words[i] |= v << o;
        if o != 0 {
            let hi = v >> (64 - o);
            if hi != 0 {
                self.words[i + 1] |= hi;
            }
        }
    }
    /// All `count` walls closed.
    pub fn closed(count: u64) -> Self {
        Passages { words: vec![0; count.div_ceil(64) as usize] }
    }

    /// Whether the wall is open.
    #[inline]
    pub fn is_open(&self, wall: WallId) -> bool {
        self.words[(wall.0 >> 6) as usize] & (1 << (wall.0 & 63)) != 0
    }

    /// The 64 walls from `first` on as bits (wall `first + i` open in bit `i`), walls past
    /// the end closed: readers of whole rows take them a word at a time.
    #[inline]
    pub fn bits_at(&self, first: u64) -> u64 {
        let (i, o) = ((first >> 6) as usize, (first & 63) as u32);
        let low = self.words.get(i).map_or(0, |w| w >> o);
        match (o, self.words.get(i + 1)) {
            (1.., Some(high)) => low | high << (64 - o),
            _ => low,
        }
    }

    /// Opens a wall.
    #[inline]
    pub fn open(&mut self, wall: WallId) {
        self.words[(wall.0 >> 6) as usize] |= 1 << (wall.0 & 63);
    }

    /// Opens the wall if `open` is true, without a branch (for unpredictable decisions).
    #[inline]
    pub fn open_if(&mut self, wall: WallId, open: bool) {
        self.words[(wall.0 >> 6) as usize] |= u64::from(open) << (wall.0 & 63);
    }

    /// Closes a wall.
    #[inline]
    pub fn close(&mut self, wall: WallId) {
        self.words[(wall.0 >> 6) as usize] &= !(1 << (wall.0 & 63));
    }

    /// Number of open walls.
    pub fn count_open(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Closes every wall.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The bits as words (wall `64·i + j` is bit `j` of word `i`), for generators that hand
    /// disjoint runs of words to threads.
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
}

/// A maze over shape `S`: which walls are open, plus its entrance, exit and MultiMaze marks.
///
/// A new maze has every wall closed. The entrance and exit are cells whose outer wall is
/// opened (document 001 opens two boundary sides); `starts` and `ends` are document 003's
/// green and red dots, marks only.
#[derive(Clone, Debug)]
pub struct Maze<S: Shape> {
    shape: S,
    open: Passages,
    entrance: CellId,
    exit: CellId,
    /// The outer doors chosen for the entrance and the exit (door indexes), when not the
    /// shape's default ([`Shape::outer_door`]).
    end_doors: [Option<u8>; 2],
    /// MultiMaze start cells (empty unless asked for).
    pub starts: Vec<CellId>,
    /// MultiMaze end cells (empty unless asked for).
    pub ends: Vec<CellId>,
    /// A dungeon's rooms, with their doors ([`crate::rooms`]; empty unless asked for).
    pub rooms: Vec<crate::rooms::Room>,
}

impl<S: Shape> Maze<S> {
    /// The open walls, to change in bulk (readers of saved mazes); the entrance and exit
    /// are not moved.
    #[inline]
    pub fn passages_mut(&mut self) -> &mut Passages {
        &mut self.open
    }
    /// A maze with every wall closed; entrance and exit where the shape puts them by
    /// default ([`Shape::default_ends`]: the first and last cell, or rim and centre).
    pub fn new(shape: S) -> Self {
        let open = Passages::closed(shape.wall_count());
        let (entrance, exit) = shape.default_ends();
        Maze {
            shape,
            open,
            entrance,
            exit,
            end_doors: [None; 2],
            starts: Vec::new(),
            ends: Vec::new(),
            rooms: Vec::new(),
        }
    }

    /// Puts the maze on `shape`, an other layout of the same walls ([`Shape::draw_layout`],
    /// [`Shape::settle`]): the passages, entrance, exit and dots stay as they are.
    pub(crate) fn set_shape(&mut self, shape: S) {
        debug_assert_eq!(shape.wall_count(), self.shape.wall_count(), "same walls");
        self.shape = shape;
    }

    /// The same maze on its shape with the type hidden ([`Erased`](crate::shape::Erased)):
    /// code over it is compiled once for every shape.
    pub fn into_erased(self) -> Maze<crate::shape::Erased> {
        self.reshaped(crate::shape::Erased::new)
    }

    /// The same maze for the work that follows making it (drawing, statistics, solving a
    /// finished maze): on an [`Erased`](crate::shape::Erased) shape in WebAssembly, so that
    /// work is compiled once for every shape (see [`Cold`](crate::shape::Cold)); natively,
    /// unchanged (unless the `erase-cold` feature asks for the WebAssembly path).
    pub fn into_cold(self) -> Maze<crate::shape::Cold<S>> {
        self.reshaped(crate::shape::erased::ColdShape::into_cold)
    }

    /// The same maze on `to(shape)`, a shape of another type with the same cells and walls.
    fn reshaped<T: Shape>(self, to: impl FnOnce(S) -> T) -> Maze<T> {
        let Maze { shape, open, entrance, exit, end_doors, starts, ends, rooms } = self;
        Maze { shape: to(shape), open, entrance, exit, end_doors, starts, ends, rooms }
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The wall bitset.
    #[inline]
    pub fn passages(&self) -> &Passages {
        &self.open
    }

    /// Number of cells.
    #[inline]
    pub fn cell_count(&self) -> u32 {
        self.shape.cell_count()
    }

    /// Whether the door of `cell` is open (boundary doors are open only at the entrance/exit).
    #[inline]
    pub fn is_open(&self, cell: CellId, door: S::Door) -> bool {
        self.open.is_open(self.shape.wall(cell, door))
    }

    /// Opens the wall behind `door` (both sides, since they share the wall).
    #[inline]
    pub fn carve(&mut self, cell: CellId, door: S::Door) {
        let w = self.shape.wall(cell, door);
        self.open.open(w);
    }

    /// Opens a wall by id (both sides).
    #[inline]
    pub fn open_wall(&mut self, wall: WallId) {
        self.open.open(wall);
    }

    /// Opens the wall behind `door` if `open` is true, without a branch.
    #[inline]
    pub fn carve_if(&mut self, cell: CellId, door: S::Door, open: bool) {
        let w = self.shape.wall(cell, door);
        self.open.open_if(w, open);
    }

    /// Closes the wall behind `door`.
    #[inline]
    pub fn build_wall(&mut self, cell: CellId, door: S::Door) {
        let w = self.shape.wall(cell, door);
        self.open.close(w);
    }

    /// Closes every wall (entrance and exit too).
    pub fn close_all(&mut self) {
        self.open.clear();
    }

    /// Opens every wall between two cells (the starting point of the wall adders).
    pub fn open_all_inner(&mut self) {
        for c in 0..self.cell_count() {
            let c = CellId(c);
            for d in self.shape.inner_doors(c).iter() {
                self.carve(c, d);
            }
        }
    }

    /// The open doors of `cell` that lead to another cell.
    #[inline]
    pub fn open_doors(&self, cell: CellId) -> DoorSet<S::Door> {
        self.open_adjacent(cell).doors()
    }

    /// The neighbours of `cell` behind open doors, with those doors.
    #[inline]
    pub fn open_adjacent(&self, cell: CellId) -> Adjacent<S::Door> {
        let mut all = self.shape.adjacent(cell);
        let mut open = 0u16;
        for d in all.doors().iter() {
            open |= u16::from(self.open.is_open(all.wall(d))) << d.index();
        }
        all.retain(DoorSet::from_bits(open));
        all
    }

    /// The cells reachable in one step from `cell`.
    #[inline]
    pub fn open_neighbours(&self, cell: CellId) -> impl Iterator<Item = CellId> {
        let open = self.open_adjacent(cell);
        open.doors().iter().map(move |d| open.cell(d))
    }

    /// Number of passages between cells (entrance and exit not counted).
    pub fn passage_count(&self) -> u64 {
        self.passage_pairs().count() as u64
    }

    /// Every passage once, as `(a, b)` with `a < b`, in order of `a` then door index.
    pub fn passage_pairs(&self) -> impl Iterator<Item = (CellId, CellId)> + '_ {
        self.adjacent_pairs().filter(|&(a, _, d)| self.is_open(a, d)).map(|(a, b, _)| (a, b))
    }

    /// Every closed wall between two cells once, as `(a, b)` with `a < b`.
    pub fn wall_pairs(&self) -> impl Iterator<Item = (CellId, CellId)> + '_ {
        self.adjacent_pairs().filter(|&(a, _, d)| !self.is_open(a, d)).map(|(a, b, _)| (a, b))
    }

    /// Every pair of adjacent cells once, `(a, b, door of a)` with `a < b`.
    pub fn adjacent_pairs(&self) -> impl Iterator<Item = (CellId, CellId, S::Door)> + '_ {
        (0..self.cell_count()).flat_map(move |a| {
            let a = CellId(a);
            self.shape.inner_doors(a).iter().filter_map(move |d| {
                let b = self.shape.neighbour(a, d)?;
                (a < b).then_some((a, b, d))
            })
        })
    }

    /// The entrance cell.
    pub fn entrance(&self) -> CellId {
        self.entrance
    }

    /// The exit cell.
    pub fn exit(&self) -> CellId {
        self.exit
    }

    /// Moves the entrance to `cell` and opens its outer wall if it has one (cells inside the
    /// maze are marked but no wall opens).
    pub fn set_entrance(&mut self, cell: CellId) {
        self.set_end(false, cell, None);
    }

    /// Moves the exit to `cell` and opens its outer wall if it has one.
    pub fn set_exit(&mut self, cell: CellId) {
        self.set_end(true, cell, None);
    }

    /// Moves the entrance (`exit == false`) or the exit to `cell`, opening `door` of it if
    /// that is an outer door, or else the shape's default outer door ([`Shape::outer_door`]).
    /// The other end's opening stays open.
    pub fn set_end(&mut self, exit: bool, cell: CellId, door: Option<S::Door>) {
        let k = usize::from(exit);
        if let Some(d) = self.end_door(exit) {
            let old = if exit { self.exit } else { self.entrance };
            self.build_wall(old, d);
        }
        if exit {
            self.exit = cell;
        } else {
            self.entrance = cell;
        }
        let outer =
            door.filter(|&d| self.shape.doors(cell).contains(d) && self.shape.neighbour(cell, d).is_none());
        self.end_doors[k] = outer.map(|d| d.index());
        if let Some(d) = self.end_door(exit) {
            self.carve(cell, d);
        }
        // Closing the old opening may have closed the other end's (same cell and wall).
        if let Some(d) = self.end_door(!exit) {
            let other = if exit { self.entrance } else { self.exit };
            self.carve(other, d);
        }
    }

    /// The door chosen for the entrance (`exit == false`) or exit with
    /// [`set_end`](Maze::set_end), if it is not the shape's default.
    pub fn chosen_end_door(&self, exit: bool) -> Option<S::Door> {
        self.end_doors[usize::from(exit)].map(S::Door::from_index)
    }

    /// The outer door the entrance (`exit == false`) or exit opens: the chosen one, or the
    /// shape's default; `None` for a cell inside the maze.
    ///
    /// A MultiMaze (several starts or ends) has none: its border stays closed, since an
    /// opening would single out one pair of dots.
    fn end_door(&self, exit: bool) -> Option<S::Door> {
        if self.is_multi() {
            return None;
        }
        let cell = if exit { self.exit } else { self.entrance };
        self.chosen_end_door(exit).or_else(|| self.shape.outer_door(cell, exit))
    }

    /// Whether this is document 003's MultiMaze: several starts or several ends.
    pub fn is_multi(&self) -> bool {
        self.starts.len() > 1 || self.ends.len() > 1
    }

    /// Opens the default entrance (first cell, outer wall) and exit (last cell); a
    /// MultiMaze ([`is_multi`](Maze::is_multi)) keeps its border closed.
    pub fn open_entrance_and_exit(&mut self) {
        self.set_end(false, self.entrance, self.chosen_end_door(false));
        self.set_end(true, self.exit, self.chosen_end_door(true));
    }

    /// The outer door opened for the entrance (`exit == false`) or exit, if any.
    pub fn outer_opening(&self, exit: bool) -> Option<(CellId, S::Door)> {
        let cell = if exit { self.exit } else { self.entrance };
        let door = self.end_door(exit)?;
        self.is_open(cell, door).then_some((cell, door))
    }

    /// Opens the passage between two adjacent cells.
    ///
    /// # Errors
    /// [`crate::Error::Parse`] if the cells are out of range or not adjacent.
    pub fn connect(&mut self, a: CellId, b: CellId) -> Result<(), crate::Error> {
        let n = self.cell_count();
        if a.0 >= n || b.0 >= n {
            return Err(crate::Error::Parse(format!(
                "cell id out of range in passage [{}, {}] (the maze has {n} cells)",
                a.0, b.0
            )));
        }
        let d = self
            .shape
            .door_between(a, b)
            .ok_or_else(|| crate::Error::Parse(format!("cells {} and {} are not adjacent", a.0, b.0)))?;
        self.carve(a, d);
        Ok(())
    }

    /// Number of open inner doors of `cell` (1 means a dead end).
    #[inline]
    pub fn degree(&self, cell: CellId) -> u32 {
        self.open_doors(cell).len()
    }

    /// Whether `a` and `b` are joined by an open passage.
    pub fn connected(&self, a: CellId, b: CellId) -> bool {
        self.shape.door_between(a, b).is_some_and(|d| self.is_open(a, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_at_reads_any_64_walls() {
        let mut p = Passages::closed(150);
        let open = [0u64, 5, 63, 64, 65, 100, 127, 128, 149];
        for &w in &open {
            p.open(WallId(w));
        }
        for first in 0..160 {
            let expect = (0..64u64).filter(|i| open.contains(&(first + i))).fold(0u64, |acc, i| acc | 1 << i);
            assert_eq!(p.bits_at(first), expect, "from {first}");
        }
    }
}
