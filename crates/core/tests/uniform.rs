//! Aldous–Broder and Wilson draw uniformly from all spanning trees: on tiny grids of every
//! shape, every tree appears, the number of distinct trees equals the matrix-tree theorem's
//! count, and a chi-square test of the counts passes (on polar grids and masked squares too,
//! whose matrix-tree counts are checked against a brute-force count). A biased generator (the
//! binary tree) fails the same test, which shows the test can fail. Origin Shift is measured
//! the same way: uniform at its default ten steps a cell on 3 x 3, not at one step a cell.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use common::{Z_9999, assert_spanning_tree, chi_square_quantile, chi_square_uniform, tree_key};
use maze_core::{
    Algorithm, CellId, Hex, Mask, Masked, Maze, Options, Polar, Shape, Square, Triangle, Xoshiro,
};

/// The number of spanning trees of the shape's open grid (Kirchhoff's matrix-tree theorem):
/// the determinant of the Laplacian with the first row and column removed, computed exactly
/// by Bareiss' fraction-free elimination.
fn spanning_trees<S: Shape>(shape: &S) -> u128 {
    let n = shape.cell_count() as usize;
    if n == 1 {
        return 1;
    }
    let mut lap = vec![vec![0i128; n]; n];
    for (c, row) in lap.iter_mut().enumerate() {
        let cell = CellId(c as u32);
        for d in shape.doors(cell).iter() {
            if let Some(b) = shape.neighbour(cell, d) {
                row[c] += 1;
                row[b.index()] -= 1;
            }
        }
    }
    let mut a: Vec<Vec<i128>> = lap[1..].iter().map(|row| row[1..].to_vec()).collect();
    let m = n - 1;
    let mut sign = 1i128;
    let mut prev = 1i128;
    for k in 0..m {
        if a[k][k] == 0 {
            let Some(p) = (k + 1..m).find(|&p| a[p][k] != 0) else { return 0 };
            a.swap(k, p);
            sign = -sign;
        }
        for i in k + 1..m {
            for j in k + 1..m {
                a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) / prev;
            }
        }
        prev = a[k][k];
    }
    u128::try_from(sign * a[m - 1][m - 1]).expect("a Laplacian minor is not negative")
}

#[test]
fn the_matrix_tree_count_is_right_on_known_grids() {
    // Known values: the 2x2 square grid is a 4-cycle (4 trees), 2x3 has 15, 3x3 has 192
    // (OEIS A007341), a path has 1.
    assert_eq!(spanning_trees(&Square::new(2, 2)), 4);
    assert_eq!(spanning_trees(&Square::new(2, 3)), 15);
    assert_eq!(spanning_trees(&Square::new(3, 3)), 192);
    assert_eq!(spanning_trees(&Square::new(4, 4)), 100_352);
    assert_eq!(spanning_trees(&Square::new(1, 7)), 1);
    // Hex 2x2 is K4 minus one edge: 8 trees. Two-row hex strips give Fibonacci numbers.
    assert_eq!(spanning_trees(&Hex::new(2, 2)), 8);
    assert_eq!(spanning_trees(&Hex::new(3, 2)), 55);
    // A two-wide triangle strip is a path.
    assert_eq!(spanning_trees(&Triangle::new(2, 5)), 1);
    // A one-ring polar maze is a cycle of `inner` cells: `inner` trees.
    assert_eq!(spanning_trees(&Polar::new(3, 1)), 3);
    assert_eq!(spanning_trees(&Polar::new(5, 1)), 5);
    // A 3x3 square with its centre masked out is an 8-cycle: 8 trees.
    assert_eq!(spanning_trees(&masked_square(3, 3, &[(1, 1)])), 8);
}

/// The edges of the shape's open grid, as `(a, b)` with `a < b`, read from its own adjacency.
fn grid_edges<S: Shape>(shape: &S) -> BTreeSet<(u32, u32)> {
    let mut edges = BTreeSet::new();
    for c in 0..shape.cell_count() {
        for d in shape.doors(CellId(c)).iter() {
            if let Some(b) = shape.neighbour(CellId(c), d) {
                assert_ne!(b.0, c, "cell {c} is its own neighbour");
                edges.insert((c.min(b.0), c.max(b.0)));
            }
        }
    }
    edges
}

/// The number of spanning trees of a graph on `n` vertices by brute force, independently of
/// the matrix-tree theorem: every set of `n - 1` edges is tried, and counted when it joins
/// all vertices (n - 1 edges without a cycle).
fn brute_force_trees(n: u32, edges: &BTreeSet<(u32, u32)>) -> u128 {
    fn root(parent: &[u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            v = parent[v as usize];
        }
        v
    }
    let edges: Vec<(u32, u32)> = edges.iter().copied().collect();
    let k = n as usize - 1;
    assert!(edges.len() <= 20, "too many edges to enumerate: {}", edges.len());
    let mut trees = 0;
    for set in 0u32..1 << edges.len() {
        if set.count_ones() as usize != k {
            continue;
        }
        let mut parent: Vec<u32> = (0..n).collect();
        let acyclic = edges.iter().enumerate().filter(|&(i, _)| set & 1 << i != 0).all(|(_, &(a, b))| {
            let (ra, rb) = (root(&parent, a), root(&parent, b));
            parent[ra as usize] = rb;
            ra != rb
        });
        trees += u128::from(acyclic);
    }
    trees
}

/// A `width` x `height` square grid with the cells at `removed` (column, row) masked out.
fn masked_square(width: u32, height: u32, removed: &[(u32, u32)]) -> Masked<Square> {
    let mask = Mask::from_fn(width * height, |id| !removed.contains(&(id % width, id / width)));
    Masked::new(Square::new(width, height), Arc::new(mask))
}

/// The expected graph of a masked square grid, built from coordinates alone (not from
/// `Square` or `Masked`): kept cells numbered densely row by row, joined to their kept
/// right and lower neighbours.
fn masked_square_edges(width: u32, height: u32, removed: &[(u32, u32)]) -> (u32, BTreeSet<(u32, u32)>) {
    let mut id = HashMap::new();
    for y in 0..height {
        for x in 0..width {
            if !removed.contains(&(x, y)) {
                let next = id.len() as u32;
                id.insert((x, y), next);
            }
        }
    }
    let mut edges = BTreeSet::new();
    for (&(x, y), &a) in &id {
        for b in [id.get(&(x + 1, y)), id.get(&(x, y + 1))].into_iter().flatten() {
            edges.insert((a.min(*b), a.max(*b)));
        }
    }
    (id.len() as u32, edges)
}

#[test]
fn the_matrix_tree_count_matches_brute_force_on_polar_and_masked_grids() {
    // Polar 3x2: ring 0 is a triangle 0-1-2; ring 1 doubles to a hexagon 3..=8; inner cell i
    // touches outer cells 3 + 2i and 4 + 2i. 9 cells, 15 edges.
    let polar = Polar::new(3, 2);
    assert_eq!(polar.cell_count(), 9);
    let mut expected: BTreeSet<(u32, u32)> = [(0, 1), (1, 2), (0, 2)].into();
    expected.extend((0..6).map(|i| (3 + i, 3 + (i + 1) % 6)).map(|(a, b)| (a.min(b), a.max(b))));
    expected.extend((0..3).flat_map(|i| [(i, 3 + 2 * i), (i, 4 + 2 * i)]));
    assert_eq!(grid_edges(&polar), expected, "polar 3x2 adjacency");
    assert_eq!(brute_force_trees(9, &expected), 1815);
    assert_eq!(spanning_trees(&polar), 1815);

    // Masked squares: the shape's renumbered adjacency is the grid built from coordinates.
    for (w, h, removed, trees) in [
        (3, 3, &[(1, 1)][..], 8),
        (3, 3, &[(0, 0)][..], 56),
        (4, 3, &[(1, 1)][..], 110),
        (4, 3, &[(0, 0), (3, 2)][..], 209),
    ] {
        let shape = masked_square(w, h, removed);
        let (n, edges) = masked_square_edges(w, h, removed);
        assert_eq!(shape.cell_count(), n);
        assert_eq!(grid_edges(&shape), edges, "{w}x{h} square without {removed:?}");
        assert_eq!(brute_force_trees(n, &edges), trees, "{w}x{h} square without {removed:?}");
        assert_eq!(spanning_trees(&shape), trees, "{w}x{h} square without {removed:?}");
    }
}

/// The outcome of sampling a generator on a tiny grid.
struct Sampled {
    trees: u128,
    distinct: usize,
    chi2: f64,
    critical: f64,
}

impl Sampled {
    /// Uniform, as far as the sample can tell: every tree seen and the chi-square statistic
    /// below its 99.99% quantile.
    fn uniform(&self) -> Result<(), String> {
        if self.distinct as u128 != self.trees {
            return Err(format!("saw {} distinct trees of {}", self.distinct, self.trees));
        }
        if self.chi2 >= self.critical {
            return Err(format!("chi-square {:.1} >= critical {:.1}", self.chi2, self.critical));
        }
        Ok(())
    }
}

/// Draws `per_tree` samples per spanning tree from `alg` (one random stream throughout) and
/// counts each distinct tree.
fn sample<S: Shape>(shape: S, alg: Algorithm, per_tree: u64) -> Sampled {
    sample_with(shape, alg, &Options::default(), per_tree)
}

/// [`sample`] with the generator's options.
fn sample_with<S: Shape>(shape: S, alg: Algorithm, options: &Options, per_tree: u64) -> Sampled {
    let trees = spanning_trees(&shape);
    assert!((2..=2000).contains(&trees), "pick a grid with a handful of trees, not {trees}");
    let samples = per_tree * trees as u64;
    let mut rng = Xoshiro::seed_from_u64(0x5eed_0000 + alg as u64);
    let mut counts: HashMap<Vec<(u32, u32)>, u64> = HashMap::new();
    for i in 0..samples {
        let mut maze = Maze::new(shape.clone());
        alg.generate(&mut maze, options, &mut rng, &mut ()).unwrap();
        if i < 50 {
            assert_spanning_tree(&maze, &format!("{alg} sample {i}"));
        } else {
            assert_eq!(maze.passage_count(), u64::from(shape.cell_count()) - 1);
        }
        *counts.entry(tree_key(&maze)).or_default() += 1;
    }
    assert!(counts.len() as u128 <= trees, "{alg}: more distinct trees than exist: not all were trees");
    // Trees never drawn count as zero in the statistic.
    let mut observed: Vec<u64> = counts.values().copied().collect();
    observed.resize(trees as usize, 0);
    let df = (trees - 1) as f64;
    Sampled {
        trees,
        distinct: counts.len(),
        chi2: chi_square_uniform(&observed),
        critical: chi_square_quantile(df, Z_9999),
    }
}

fn assert_uniform<S: Shape>(shape: S, alg: Algorithm) {
    let spec = shape.spec();
    let s = sample(shape, alg, 200);
    if let Err(e) = s.uniform() {
        panic!("{alg} on {spec:?} is not uniform: {e}");
    }
}

#[test]
fn aldous_broder_is_uniform_on_square_3x3() {
    assert_uniform(Square::new(3, 3), Algorithm::AldousBroder);
}

#[test]
fn wilson_is_uniform_on_square_3x3() {
    assert_uniform(Square::new(3, 3), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_square_2x3() {
    assert_uniform(Square::new(2, 3), Algorithm::AldousBroder);
    assert_uniform(Square::new(2, 3), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_hex_3x2() {
    assert_eq!(spanning_trees(&Hex::new(3, 2)), 55);
    assert_uniform(Hex::new(3, 2), Algorithm::AldousBroder);
    assert_uniform(Hex::new(3, 2), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_hex_2x3() {
    // Three rows: both row parities and both kinds of diagonal door are exercised.
    assert_eq!(spanning_trees(&Hex::new(2, 3)), 55);
    assert_uniform(Hex::new(2, 3), Algorithm::AldousBroder);
    assert_uniform(Hex::new(2, 3), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_triangle_5x3() {
    assert_eq!(spanning_trees(&Triangle::new(5, 3)), 196);
    assert_uniform(Triangle::new(5, 3), Algorithm::AldousBroder);
    assert_uniform(Triangle::new(5, 3), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_polar_3x2() {
    // 3 inner cells and a doubled ring of 6: the inward, outward and both split outward doors
    // and the wrap-around of each ring are all exercised. 1815 trees (checked by brute force
    // above).
    assert_eq!(spanning_trees(&Polar::new(3, 2)), 1815);
    assert_uniform(Polar::new(3, 2), Algorithm::AldousBroder);
    assert_uniform(Polar::new(3, 2), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_a_square_with_a_hole() {
    // 4x3 without cell (1, 1): four cells lose a door to the hole. 110 trees.
    assert_eq!(spanning_trees(&masked_square(4, 3, &[(1, 1)])), 110);
    assert_uniform(masked_square(4, 3, &[(1, 1)]), Algorithm::AldousBroder);
    assert_uniform(masked_square(4, 3, &[(1, 1)]), Algorithm::Wilson);
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_a_square_without_two_corners() {
    // 4x3 without its first and last cells, so every id is renumbered. 209 trees.
    let removed = [(0, 0), (3, 2)];
    assert_eq!(spanning_trees(&masked_square(4, 3, &removed)), 209);
    assert_uniform(masked_square(4, 3, &removed), Algorithm::AldousBroder);
    assert_uniform(masked_square(4, 3, &removed), Algorithm::Wilson);
}

#[test]
fn negative_control_binary_tree_is_not_uniform() {
    // The binary tree flips one coin for each of the 4 cells off the corner's row and column
    // of a 3x3 grid, so it can reach only 2^4 = 16 of the 192 trees: the test must fail it.
    let s = sample(Square::new(3, 3), Algorithm::BinaryTree, 200);
    assert_eq!(s.distinct, 16);
    assert!(s.uniform().is_err());
    assert!(s.chi2 > s.critical, "chi-square {} should exceed {}", s.chi2, s.critical);
}

#[test]
fn negative_control_recursive_backtracker_is_not_uniform() {
    // A second control: a depth-first search can only make depth-first trees (88 of the
    // 192 on a 3x3 grid), and favours long corridors among them.
    let s = sample(Square::new(3, 3), Algorithm::RecursiveBacktracker, 200);
    assert!(s.distinct < 192, "saw {} trees", s.distinct);
    assert!(s.uniform().is_err());
    assert!(s.chi2 > s.critical, "chi-square {} should exceed {}", s.chi2, s.critical);
}

#[test]
fn negative_control_recursive_backtracker_is_not_uniform_on_polar_3x2() {
    // The same control on the polar grid, where 1815 trees give the test many more cells.
    let s = sample(Polar::new(3, 2), Algorithm::RecursiveBacktracker, 200);
    assert!(s.uniform().is_err());
    assert!(s.chi2 > s.critical, "chi-square {} should exceed {}", s.chi2, s.critical);
}

#[test]
fn the_chi_square_quantile_approximation_is_close() {
    // Tabulated 99.99% quantiles: df 6 -> 27.856, df 14 -> 42.579, df 191 -> 270.6 (approx).
    for (df, exact) in [(6.0, 27.856), (14.0, 42.579), (54.0, 99.38)] {
        let q = chi_square_quantile(df, Z_9999);
        assert!((q - exact).abs() / exact < 0.03, "df {df}: {q} vs {exact}");
    }
}

#[test]
fn aldous_broder_and_wilson_are_uniform_on_a_cylinder_and_on_two_levels() {
    // A 3x2 cylinder is the triangular prism (75 spanning trees); two levels of 2x2 squares
    // joined by stairs are the cube (384): the known counts check the seams and the stairs.
    let cylinder = maze_core::WrapSquare::new(3, 2, "x".parse().unwrap());
    assert_eq!(spanning_trees(&cylinder), 75);
    let cube = maze_core::Levels::new(Square::new(2, 2), 2);
    assert_eq!(spanning_trees(&cube), 384);
    for alg in [Algorithm::AldousBroder, Algorithm::Wilson] {
        assert_uniform(cylinder, alg);
        assert_uniform(cube.clone(), alg);
    }
}

/// Origin Shift with `steps` steps (None: its default, ten per cell).
fn origin_shift_sample<S: Shape>(shape: S, steps: Option<u64>) -> Sampled {
    sample_with(shape, Algorithm::OriginShift, &Options { steps, ..Options::default() }, 200)
}

#[test]
fn origin_shift_is_uniform_on_square_3x3_at_its_default_steps() {
    // Measured, not assumed: its steps are the Aldous-Broder chain on rooted trees, whose
    // stationary law is uniform over unrooted trees; 90 steps (ten per cell) mix the 3x3
    // grid well enough that 38,400 samples cannot tell it from uniform.
    let s = origin_shift_sample(Square::new(3, 3), None);
    if let Err(e) = s.uniform() {
        panic!("origin-shift (90 steps) on 3x3 is not uniform: {e}");
    }
    let s = origin_shift_sample(Hex::new(3, 2), None);
    if let Err(e) = s.uniform() {
        panic!("origin-shift (60 steps) on hex 3x2 is not uniform: {e}");
    }
}

#[test]
fn origin_shift_is_not_uniform_before_it_mixes() {
    // Two steps from a breadth-first tree reach only trees near it, and one step a cell
    // (9) reaches all 192 but far from evenly: the same test fails both, so the pass above
    // says something. (Measured on this seed: chi-square 80,000 at 9 steps, 12,000 at 18,
    // 2,700 at 27, 397 at 45, 196 at 90 and 204 at 900, against a critical 272.)
    let s = origin_shift_sample(Square::new(3, 3), Some(2));
    assert!(s.uniform().is_err());
    assert!(s.distinct < 192, "saw {} trees", s.distinct);
    let s = origin_shift_sample(Square::new(3, 3), Some(9));
    assert_eq!(s.distinct, 192);
    assert!(s.uniform().is_err());
    assert!(s.chi2 > s.critical, "chi-square {} should exceed {}", s.chi2, s.critical);
}
