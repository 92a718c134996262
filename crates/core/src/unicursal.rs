//! Unicursal labyrinths: one path through every cell, with no choice anywhere.
//!
//! The construction is the classical one (Daedalus, Jamis Buck): walk around the walls of a
//! perfect maze with a hand on the wall and split every passage down the middle. Done on a
//! shape that halves ([`Shape::halved`]), each cell of the perfect maze on the half-size
//! shape (a *block*) becomes four cells of the full-size one, or six where a polar ring doubles
//! ([`Shape::block`]):
//!
//! 1. every block is a small loop through its cells;
//! 2. for each passage of the perfect maze between blocks `a` and `b`, the two loops are
//!    joined into one: the two cells of `a` that face `b` stop being joined to each other
//!    and are joined across to the two cells of `b` that face them, and the same in `b`.
//!    Joining two loops along a spanning tree leaves one loop through every cell (the path
//!    a hand on the wall of the perfect maze takes);
//! 3. the loop is cut between two cells on the outer wall, which become the entrance and
//!    the exit, side by side.
//!
//! So a W x H labyrinth comes from a (W/2) x (H/2) perfect maze: the generator's bias shows
//! as the labyrinth's shape (long spirals from a recursive backtracker, short turns from
//! Kruskal or Wilson). Every cell then has two passages but the two ends, which have one.

use crate::Error;
use crate::maze::Maze;
use crate::shape::{CellId, Shape};

/// The unicursal labyrinth on `fine` that walks around the perfect maze `coarse` (made on
/// `fine.halved()`): every cell on one path from the entrance to the exit, which are two
/// neighbouring cells on the outer wall (chosen in the block of `coarse`'s entrance when it
/// touches the outer wall, else in the first block that does), each opened to the outside
/// by the same side.
///
/// Time O(cells); memory the labyrinth's walls (one bit a wall).
///
/// # Errors
/// [`Error::Parameter`] if `fine` does not halve into `coarse`'s shape, or `coarse` is not
/// a spanning tree (a loop in it would close the path into separate loops).
pub fn unicursal<S: Shape>(coarse: &Maze<S>, fine: S) -> Result<Maze<S>, Error> {
    let refuse = |why: &str| Err(Error::Parameter(format!("a unicursal labyrinth {why}")));
    let Some(half) = fine.halved() else {
        return refuse(
            "needs a shape that splits into blocks (square cells of even width and height, or polar rings laid out in pairs)",
        );
    };
    if half.cell_count() != coarse.cell_count() {
        return refuse("is made from a perfect maze of half its width and height");
    }
    let blocks = coarse.cell_count();
    if coarse.passage_pairs().count() as u64 + 1 != u64::from(blocks) {
        return refuse("is made from a perfect maze (one with no loops)");
    }
    let mut maze = Maze::new(fine);
    let shape = maze.shape().clone();
    let block = |b: CellId| shape.block(b).ok_or_else(|| Error::Parameter(format!("no block {}", b.0)));
    // 1. A loop in every block.
    for b in 0..blocks {
        let q = block(CellId(b))?;
        let q = q.cells();
        for k in 0..q.len() {
            join(&mut maze, q[k], q[(k + 1) % q.len()], true)?;
        }
    }
    // 2. Each passage of the perfect maze joins two loops into one.
    for (a, b) in coarse.passage_pairs() {
        let (qa, qb) = (block(a)?, block(b)?);
        let (qa, qb) = (qa.cells(), qb.cells());
        let mut across = Vec::with_capacity(2);
        for (i, &u) in qa.iter().enumerate() {
            for (j, &v) in qb.iter().enumerate() {
                if shape.door_between(u, v).is_some() {
                    across.push((i, j));
                }
            }
        }
        let next = |x: usize, y: usize, n: usize| (x + 1) % n == y || (y + 1) % n == x;
        let [(i1, j1), (i2, j2)] = across[..] else {
            return refuse("needs neighbouring blocks to meet along two cells each");
        };
        if !next(i1, i2, qa.len()) || !next(j1, j2, qb.len()) {
            return refuse("needs neighbouring blocks to meet along two cells each");
        }
        join(&mut maze, qa[i1], qa[i2], false)?;
        join(&mut maze, qb[j1], qb[j2], false)?;
        join(&mut maze, qa[i1], qb[j1], true)?;
        join(&mut maze, qa[i2], qb[j2], true)?;
        crate::cancel::check()?;
    }
    // 3. Cut the loop on the outer wall: on the side the shape's own entrance opens by when
    // a block offers it (the outside of a circular maze, not its centre), else on any.
    let first = coarse.entrance();
    let entrance_side = {
        let (entrance, _) = shape.default_ends();
        shape.outer_door(entrance, false)
    };
    for prefer in [true, false] {
        let order = std::iter::once(first).chain((0..blocks).map(CellId).filter(|&b| b != first));
        for b in order {
            let q = block(b)?;
            let q = q.cells();
            for k in 0..q.len() {
                let (u, v) = (q[k], q[(k + 1) % q.len()]);
                let Some(d) = shape.door_between(u, v) else { continue };
                if !maze.is_open(u, d) {
                    continue;
                }
                let side = shape.doors(u).iter().find(|&s| {
                    (!prefer || Some(s) == entrance_side)
                        && shape.neighbour(u, s).is_none()
                        && shape.doors(v).contains(s)
                        && shape.neighbour(v, s).is_none()
                });
                if let Some(side) = side {
                    maze.build_wall(u, d);
                    maze.set_end(false, u, Some(side));
                    maze.set_end(true, v, Some(side));
                    return Ok(maze);
                }
            }
        }
    }
    refuse("needs two neighbouring cells on its outer wall")
}

/// Opens (`open`) or closes the wall between the adjacent cells `a` and `b`.
fn join<S: Shape>(maze: &mut Maze<S>, a: CellId, b: CellId, open: bool) -> Result<(), Error> {
    let door = maze
        .shape()
        .door_between(a, b)
        .ok_or_else(|| Error::Parameter(format!("cells {} and {} of a block are not adjacent", a.0, b.0)))?;
    if open {
        maze.carve(a, door);
    } else {
        maze.build_wall(a, door);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, Options};
    use crate::random::Xoshiro;
    use crate::shape::Square;

    /// Every cell has two passages but the two ends, which have one, and one path joins
    /// them through every cell.
    fn assert_unicursal<S: Shape>(maze: &Maze<S>) {
        let n = maze.cell_count();
        let ends: Vec<CellId> = (0..n).map(CellId).filter(|&c| maze.degree(c) == 1).collect();
        assert!(
            (0..n).all(|c| (1..=2).contains(&maze.degree(CellId(c)))),
            "every cell has one or two passages"
        );
        assert_eq!(ends, {
            let mut e = vec![maze.entrance(), maze.exit()];
            e.sort();
            e
        });
        assert_eq!(maze.passage_pairs().count() as u64, u64::from(n) - 1, "a path, no loop");
        // Walk the path from the entrance: it reaches the exit after every cell.
        let (mut previous, mut here, mut walked) = (maze.entrance(), maze.entrance(), 1);
        while let Some(next) = maze.open_neighbours(here).find(|&c| c != previous) {
            (previous, here, walked) = (here, next, walked + 1);
        }
        assert_eq!(
            (here, walked),
            (maze.exit(), n),
            "one path from the entrance to the exit through every cell"
        );
    }

    #[test]
    fn every_generator_makes_a_path_through_every_cell() {
        for &algorithm in Algorithm::ALL {
            for (w, h) in [(2, 2), (2, 8), (10, 6), (24, 16)] {
                let fine = Square::new(w, h);
                let mut coarse = Maze::new(fine.halved().expect("even sizes halve"));
                let mut rng = Xoshiro::seed_from_u64(7);
                algorithm.generate(&mut coarse, &Options::default(), &mut rng, &mut ()).expect("generated");
                let maze = unicursal(&coarse, fine).expect("a labyrinth");
                assert_unicursal(&maze);
                let (e, x) = (maze.entrance(), maze.exit());
                assert!(maze.shape().door_between(e, x).is_some(), "the ends are side by side");
                assert!(maze.outer_opening(false).is_some() && maze.outer_opening(true).is_some());
            }
        }
    }

    /// Polar rings laid out in pairs: blocks of four and, where a ring doubles, six cells;
    /// the ends side by side on the outer rim (not the centre).
    #[test]
    fn polar_labyrinths_run_through_every_cell() {
        use crate::shape::{Polar, PolarDoor};
        let mut sizes = 0;
        for &algorithm in Algorithm::ALL {
            for (w, h) in [(6, 2), (6, 4), (8, 6), (12, 10), (6, 16)] {
                let fine = Polar::paired(w, h);
                let Some(half) = fine.halved() else { panic!("{w}x{h} halves") };
                if !algorithm.supports(&half) {
                    continue;
                }
                sizes += 1;
                let mut coarse = Maze::new(half);
                let mut rng = Xoshiro::seed_from_u64(11);
                algorithm.generate(&mut coarse, &Options::default(), &mut rng, &mut ()).expect("generated");
                let maze = unicursal(&coarse, fine).expect("a labyrinth");
                assert_unicursal(&maze);
                for exit in [false, true] {
                    let (cell, side) = maze.outer_opening(exit).expect("open ends");
                    assert_eq!(side, PolarDoor::Out, "{algorithm} {w}x{h}: the ends open on the rim");
                    assert_eq!(maze.shape().locate(cell).0, h - 1);
                }
            }
        }
        assert!(sizes > 20, "most generators run on polar cells");
        // The six-cell blocks are there: some ring doubles inside a pair.
        let fine = Polar::paired(6, 16);
        let six = (0..fine.halved().expect("halves").cell_count())
            .filter(|&b| fine.block(CellId(b)).is_some_and(|q| q.cells().len() == 6))
            .count();
        assert!(six > 0, "blocks where the ring doubles");
    }

    #[test]
    fn polar_rings_pair_only_at_even_sizes_from_six_cells() {
        use crate::shape::Polar;
        for (w, h) in [(6, 3), (7, 4), (4, 4), (3, 2)] {
            assert!(Polar::paired(w, h).halved().is_none(), "{w}x{h}");
            assert_eq!(Polar::paired(w, h), Polar::new(w, h), "the plain layout at {w}x{h}");
        }
        assert!(Polar::new(6, 8).halved().is_none(), "plain rings do not halve");
        let paired = Polar::paired(10, 12);
        assert!(paired.spec().labyrinth, "the spec says the rings pair");
        assert_eq!(paired.spec().cells(), u64::from(paired.cell_count()), "the spec counts the paired rings");
        assert_ne!(paired.cell_count(), Polar::new(10, 12).cell_count(), "pairing moves the doublings");
        // A spec laid out for a labyrinth is the one its shape describes itself with.
        use crate::shape::{ShapeKind, ShapeSpec, Square};
        let laid = |kind, w, h| ShapeSpec::plain(kind, w, h).with_labyrinth(u64::MAX).expect("fits");
        assert_eq!(laid(ShapeKind::Polar, 10, 12), paired.spec());
        assert_eq!(laid(ShapeKind::Square, 4, 6), Square::new(4, 6).spec());
    }

    #[test]
    fn odd_sizes_and_loops_are_refused() {
        let coarse = Maze::new(Square::new(2, 2));
        assert!(unicursal(&coarse, Square::new(5, 4)).is_err(), "odd width");
        assert!(unicursal(&coarse, Square::new(4, 4)).is_err(), "no passages: not a tree");
        let mut open = Maze::new(Square::new(2, 2));
        open.open_all_inner();
        assert!(unicursal(&open, Square::new(4, 4)).is_err(), "a loop");
    }
}
