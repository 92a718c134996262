//! Mazes made a row at a time, in memory proportional to the width: Eller, sidewinder and
//! binary tree on square cells, for mazes taller than memory (`maze generate --stream`).

use super::{Algorithm, Corner, Options};
use crate::Error;
use crate::random::{Pool, Random};

/// One finished row of a square maze made by [`RowStream`]: bit `x` of `east` is set when
/// cell `x` has a passage to its east neighbour, of `south` to the cell below. Outer walls
/// are all closed (the entrance and exit are for the caller to open).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MazeRow {
    /// Passages east, one bit per cell (the last cell's is never set).
    pub east: Vec<u64>,
    /// Passages south, one bit per cell (never set in the last row).
    pub south: Vec<u64>,
}

impl MazeRow {
    fn new(width: u32) -> Self {
        let words = (width as usize).div_ceil(64);
        MazeRow { east: vec![0; words], south: vec![0; words] }
    }

    fn clear(&mut self) {
        self.east.fill(0);
        self.south.fill(0);
    }

    /// Whether cell `x` has a passage east.
    #[inline]
    pub fn east_open(&self, x: u32) -> bool {
        self.east[x as usize >> 6] >> (x & 63) & 1 != 0
    }

    /// Whether cell `x` has a passage south.
    #[inline]
    pub fn south_open(&self, x: u32) -> bool {
        self.south[x as usize >> 6] >> (x & 63) & 1 != 0
    }
}

#[inline]
fn set(bits: &mut [u64], x: u32) {
    bits[x as usize >> 6] |= 1 << (x & 63);
}

/// Eller's per-row state: the same sets, labels and union-find as [`super::eller`]'s loop.
#[derive(Debug)]
struct EllerRows {
    label: Vec<u32>,
    parent: Vec<u32>,
    count: Vec<u32>,
    has_down: Vec<bool>,
    used: Vec<bool>,
    down: Vec<bool>,
    free: Vec<u32>,
}

#[derive(Debug)]
enum Kind {
    Eller(EllerRows),
    Sidewinder,
    BinaryTree(Corner),
}

/// A `width × height` square maze made row by row by Eller, sidewinder or binary tree,
/// drawing the same random numbers in the same order as [`Algorithm::generate`] on
/// [`crate::Square`]`::new(width, height)` with the same generator: the rows are that maze's,
/// bit for bit (tested). Sidewinder and binary tree open walls towards the row above, so a
/// row is handed out once the next one is made.
///
/// Memory: a few words per column whatever the height; time O(width) per row.
#[derive(Debug)]
pub struct RowStream<R: Random> {
    kind: Kind,
    width: u32,
    height: u32,
    /// The next row to make.
    made: u32,
    /// The next row to hand out.
    given: u32,
    rng: R,
    pool: Pool,
    rows: [MazeRow; 2],
}

impl<R: Random> RowStream<R> {
    /// A stream of `height` rows of `width` cells.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for an algorithm that does not work row by row (see
    /// [`Algorithm::streams`]); [`Error::Parameter`] for a zero size.
    pub fn new(
        algorithm: Algorithm,
        options: &Options,
        width: u32,
        height: u32,
        rng: R,
    ) -> Result<Self, Error> {
        if width == 0 || height == 0 {
            return Err(Error::Parameter("a maze needs at least one row and one column".into()));
        }
        let w = width as usize;
        let kind = match algorithm {
            Algorithm::Eller => Kind::Eller(EllerRows {
                label: (0..width).collect(),
                parent: (0..2 * width).collect(),
                count: vec![0; 2 * w],
                has_down: vec![false; 2 * w],
                used: vec![false; 2 * w],
                down: vec![false; w],
                free: vec![0; 2 * w + 1],
            }),
            Algorithm::Sidewinder => Kind::Sidewinder,
            Algorithm::BinaryTree => Kind::BinaryTree(options.corner),
            other => {
                return Err(Error::Unsupported {
                    algorithm: other.name(),
                    shape: "a stream of rows",
                    needs: "a maze whose rows can be finished one at a time (eller, sidewinder, binary-tree)",
                });
            }
        };
        Ok(RowStream {
            kind,
            width,
            height,
            made: 0,
            given: 0,
            rng,
            pool: Pool::new(),
            rows: [MazeRow::new(width), MazeRow::new(width)],
        })
    }

    /// The next finished row, top to bottom; `None` after the last.
    pub fn next_row(&mut self) -> Option<&MazeRow> {
        if self.given == self.height {
            return None;
        }
        // A row is final once the row below it is made (that one may open walls upwards).
        while self.made < self.height && self.made <= self.given + 1 {
            self.make_row();
            self.made += 1;
        }
        let row = &self.rows[(self.given & 1) as usize];
        self.given += 1;
        Some(row)
    }

    /// Makes row `self.made` in its slot (clearing the row two above, handed out already).
    fn make_row(&mut self) {
        let (y, w, h) = (self.made, self.width, self.height);
        let [a, b] = &mut self.rows;
        let (row, above) = if y & 1 == 0 { (a, b) } else { (b, a) };
        row.clear();
        let (rng, pool) = (&mut self.rng, &mut self.pool);
        match &mut self.kind {
            Kind::Sidewinder => {
                if y == 0 {
                    (0..w - 1).for_each(|x| set(&mut row.east, x));
                    return;
                }
                let mut run_start = 0;
                for x in 0..w {
                    if x + 1 == w || pool.flip(rng) {
                        let pick = run_start + rng.below(u64::from(x - run_start + 1)) as u32;
                        set(&mut above.south, pick);
                        run_start = x + 1;
                    } else {
                        set(&mut row.east, x);
                    }
                }
            }
            Kind::BinaryTree(corner) => {
                let north = matches!(corner, Corner::NorthEast | Corner::NorthWest);
                let east = matches!(corner, Corner::NorthEast | Corner::SouthEast);
                let edge_row = if north { 0 } else { h - 1 };
                let edge_col = if east { w - 1 } else { 0 };
                for x in 0..w {
                    let horizontal = match (y == edge_row, x == edge_col) {
                        (true, true) => continue,
                        (true, false) => true,
                        (false, true) => false,
                        (false, false) => pool.flip(rng),
                    };
                    match (horizontal, east, north) {
                        (true, true, _) => set(&mut row.east, x),
                        (true, false, _) => set(&mut row.east, x - 1),
                        (false, _, true) => set(&mut above.south, x),
                        (false, _, false) => set(&mut row.south, x),
                    }
                }
            }
            Kind::Eller(e) => eller_row(e, row, y + 1 == h, pool, rng),
        }
    }
}

/// One row of Eller's algorithm, as [`super::eller`]'s loop makes it.
fn eller_row<R: Random>(e: &mut EllerRows, row: &mut MazeRow, last: bool, pool: &mut Pool, rng: &mut R) {
    let w = e.label.len();
    let find = |parent: &mut [u32], mut x: u32| {
        while parent[x as usize] != x {
            let grand = parent[parent[x as usize] as usize];
            parent[x as usize] = grand;
            x = grand;
        }
        x
    };
    // Horizontal joins: neighbours of different sets, at random (all of them in the last row).
    let mut a = find(&mut e.parent, e.label[0]);
    for x in 0..w - 1 {
        let b = find(&mut e.parent, e.label[x + 1]);
        let join = (a != b) & (last | pool.flip(rng));
        if join {
            e.parent[b as usize] = a;
            set(&mut row.east, x as u32);
        } else {
            a = b;
        }
    }
    if last {
        return;
    }
    for l in e.label.iter_mut() {
        *l = find(&mut e.parent, *l);
        e.count[*l as usize] += 1;
    }
    // Vertical passages: at random, and forced at a set's last cell if it has none yet.
    for x in 0..w {
        let l = e.label[x] as usize;
        e.count[l] -= 1;
        let go = pool.flip(rng) | ((e.count[l] == 0) & !e.has_down[l]);
        e.down[x] = go;
        e.has_down[l] |= go;
        if go {
            set(&mut row.south, x as u32);
        }
    }
    // Next row: cells below a passage keep their label, the others get unused labels.
    for x in 0..w {
        e.has_down[e.label[x] as usize] = false;
        e.used[e.label[x] as usize] |= e.down[x];
    }
    let mut nfree = 0usize;
    for (l, &u) in e.used.iter().enumerate() {
        e.free[nfree] = l as u32;
        nfree += usize::from(!u);
    }
    let mut j = 0usize;
    for x in 0..w {
        if !e.down[x] {
            e.label[x] = e.free[j];
            j += 1;
        }
    }
    for (i, p) in e.parent.iter_mut().enumerate() {
        *p = i as u32;
    }
    e.used.fill(false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{CellId, Square, SquareDoor};
    use crate::{Maze, Xoshiro};

    /// The rows are the whole generator's maze, bit for bit, watched or not.
    #[test]
    fn rows_are_the_generators_maze() {
        let mut cases =
            vec![(Algorithm::Eller, Corner::NorthEast), (Algorithm::Sidewinder, Corner::NorthEast)];
        cases.extend(Corner::ALL.iter().map(|&c| (Algorithm::BinaryTree, c)));
        for (algorithm, corner) in cases {
            for (w, h) in [(1, 1), (1, 7), (9, 1), (2, 2), (13, 9), (64, 5), (65, 6), (130, 40)] {
                for seed in 0..4 {
                    let options = Options { corner, ..Options::default() };
                    let mut maze = Maze::new(Square::new(w, h));
                    let mut trace = crate::Trace::with_limit(1 << 20);
                    let mut rng = Xoshiro::seed_from_u64(seed);
                    if seed % 2 == 0 {
                        algorithm.generate(&mut maze, &options, &mut rng, &mut ()).unwrap();
                    } else {
                        algorithm.generate(&mut maze, &options, &mut rng, &mut trace).unwrap();
                    }
                    let mut stream =
                        RowStream::new(algorithm, &options, w, h, Xoshiro::seed_from_u64(seed)).unwrap();
                    for y in 0..h {
                        let row = stream.next_row().expect("a row");
                        for x in 0..w {
                            let c = CellId(y * w + x);
                            let what = format!("{algorithm} {corner:?} {w}x{h} seed {seed} cell ({x},{y})");
                            assert_eq!(
                                row.east_open(x),
                                maze.is_open(c, SquareDoor::East) && x + 1 < w,
                                "{what} east"
                            );
                            assert_eq!(
                                row.south_open(x),
                                maze.is_open(c, SquareDoor::South) && y + 1 < h,
                                "{what} south"
                            );
                        }
                    }
                    assert!(stream.next_row().is_none());
                }
            }
        }
    }

    #[test]
    fn other_generators_and_empty_sizes_are_refused() {
        let o = Options::default();
        assert!(RowStream::new(Algorithm::Kruskal, &o, 4, 4, Xoshiro::seed_from_u64(1)).is_err());
        assert!(RowStream::new(Algorithm::Eller, &o, 0, 4, Xoshiro::seed_from_u64(1)).is_err());
    }
}
