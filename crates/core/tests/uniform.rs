//! Aldous–Broder and Wilson draw uniformly from all spanning trees: on tiny grids of every
//! shape, every tree appears, the number of distinct trees equals the matrix-tree theorem's
//! count, and a chi-square test of the counts passes. A biased generator (the binary tree)
//! fails the same test, which shows the test can fail.

mod common;

use std::collections::HashMap;

use common::{Z_9999, assert_spanning_tree, chi_square_quantile, chi_square_uniform, tree_key};
use maze_core::{Algorithm, CellId, Hex, Maze, Options, Shape, Square, Triangle, Xoshiro};

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
    let trees = spanning_trees(&shape);
    assert!((2..=400).contains(&trees), "pick a grid with a handful of trees, not {trees}");
    let samples = per_tree * trees as u64;
    let mut rng = Xoshiro::seed_from_u64(0x5eed_0000 + alg as u64);
    let mut counts: HashMap<Vec<(u32, u32)>, u64> = HashMap::new();
    for i in 0..samples {
        let mut maze = Maze::new(shape.clone());
        alg.generate(&mut maze, &Options::default(), &mut rng, &mut ()).unwrap();
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
fn the_chi_square_quantile_approximation_is_close() {
    // Tabulated 99.99% quantiles: df 6 -> 27.856, df 14 -> 42.579, df 191 -> 270.6 (approx).
    for (df, exact) in [(6.0, 27.856), (14.0, 42.579), (54.0, 99.38)] {
        let q = chi_square_quantile(df, Z_9999);
        assert!((q - exact).abs() / exact < 0.03, "df {df}: {q} vs {exact}");
    }
}
