//! The spanning-tree count of `maze stats` (matrix-tree theorem): known values for small
//! grids, hand-counted hex, triangle, wrapped and stacked cases, and on every shape agreement
//! with an independent dense fraction-free (Bareiss) determinant in 128-bit integers.

#[macro_use]
mod common;

use maze_core::spanning::{SpanningTrees, spanning_trees};
use maze_core::{CellId, Hex, Levels, Shape, Square, Triangle, Wrap, WrapSquare};

/// The reduced Laplacian's determinant by Bareiss elimination over a dense matrix, with
/// overflow checks: `None` if an intermediate value leaves i128.
fn bareiss<S: Shape>(shape: &S) -> Option<i128> {
    let n = shape.cell_count() as usize;
    let mut a = vec![vec![0i128; n]; n];
    for (c, row) in a.iter_mut().enumerate() {
        for (_, b) in shape.adjacent(CellId(c as u32)).iter() {
            if b.index() != c {
                row[c] += 1;
                row[b.index()] -= 1;
            }
        }
    }
    let m = n - 1;
    let mut prev = 1i128;
    for k in 0..m {
        if a[k][k] == 0 {
            // Find a row to swap in (a disconnected graph may need it); none: determinant 0.
            let Some(r) = (k + 1..m).find(|&r| a[r][k] != 0) else { return Some(0) };
            a.swap(k, r);
            prev = -prev;
        }
        for i in k + 1..m {
            for j in k + 1..m {
                let v = a[k][k].checked_mul(a[i][j])?.checked_sub(a[i][k].checked_mul(a[k][j])?)?;
                a[i][j] = v / prev;
            }
        }
        prev = a[k][k];
    }
    Some(if m == 0 { 1 } else { a[m - 1][m - 1].abs() })
}

fn count<S: Shape>(shape: &S) -> u64 {
    let s = spanning_trees(shape);
    let exact = s.exact.unwrap_or_else(|| panic!("{:?}: no exact count ({s:?})", shape.spec()));
    let log10 = s.log10.expect("log10");
    assert!((log10 - (exact as f64).log10()).abs() < 1e-9, "{exact} vs 10^{log10}");
    exact
}

#[test]
fn small_square_grids_have_the_known_counts() {
    assert_eq!(count(&Square::new(4, 4)), 100_352);
    assert_eq!(count(&Square::new(3, 3)), 192);
    assert_eq!(count(&Square::new(2, 2)), 4);
    assert_eq!(count(&Square::new(3, 2)), 15);
    assert_eq!(count(&Square::new(4, 3)), 2_415);
    assert_eq!(count(&Square::new(3, 4)), 2_415);
    for n in [1, 2, 7, 50] {
        assert_eq!(count(&Square::new(1, n)), 1, "1x{n}");
        assert_eq!(count(&Square::new(n, 1)), 1, "{n}x1");
    }
    // A long path is exact too (its band is one wide).
    assert_eq!(count(&Square::new(5000, 1)), 1);
}

#[test]
fn hand_counted_hex_triangle_wrap_and_level_cases() {
    // Hex 2x2, odd rows shifted right: cell 0 touches 1 and 2; cell 1 touches 0, 2, 3;
    // 2 touches 0, 1, 3; 3 touches 1, 2. That is K4 less the edge 0-3: 16 trees of K4,
    // each edge in 8 of them, so 16 - 8 = 8.
    let hex = Hex::new(2, 2);
    let edges = |s: &dyn Fn(u32) -> Vec<u32>| (0..4).map(s).collect::<Vec<_>>();
    let near = |c: u32| {
        let mut v: Vec<u32> = hex.adjacent(CellId(c)).iter().map(|(_, b)| b.0).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(edges(&near), vec![vec![1, 2], vec![0, 2, 3], vec![0, 1, 3], vec![1, 2]]);
    assert_eq!(count(&hex), 8);
    // Triangles in one row alternate up and down and touch side by side: a path.
    assert_eq!(count(&Triangle::new(5, 1)), 1);
    // Two rows of two triangles: 0-1 and 2-3 side by side, and one of each row's triangles
    // shares its horizontal side with the one below or above: a path of four cells again
    // (no cycle can form with four triangles of a 2x2 block), so 1.
    let t = Triangle::new(2, 2);
    let edge_count: usize = (0..4).map(|c| t.adjacent(CellId(c)).iter().count()).sum::<usize>() / 2;
    assert_eq!(edge_count, 3, "a 2x2 triangle block has three inner sides");
    assert_eq!(count(&t), 1);
    // A cylinder of 3 x 1 cells is a 3-cycle: 3 trees; of 4 x 1 a 4-cycle: 4. A cylinder of
    // 3 x 2 is the triangular prism (two 3-cycles joined by three rungs): 75 spanning trees.
    let x: Wrap = "x".parse().unwrap();
    assert_eq!(count(&WrapSquare::new(3, 1, x)), 3);
    assert_eq!(count(&WrapSquare::new(4, 1, x)), 4);
    assert_eq!(count(&WrapSquare::new(3, 2, x)), 75);
    // Two levels of 2x1: a 4-cycle (two passages and two stairs): 4 trees.
    assert_eq!(count(&Levels::new(Square::new(2, 1), 2)), 4);
    // One cell: one (empty) maze.
    assert_eq!(count(&Square::new(1, 1)), 1);
}

fn agrees_with_bareiss<S: Shape>(shape: S) {
    let spec = shape.spec();
    let ours = spanning_trees(&shape);
    if S::WOVEN {
        // Woven shapes count their plain grid.
        assert_eq!(ours, spanning_trees(&Square::new(spec.width, spec.height)), "{spec:?}");
        return;
    }
    let log10 = ours.log10.unwrap_or_else(|| panic!("{spec:?}: {ours:?}"));
    match bareiss(&shape) {
        Some(exact) => {
            assert!(((exact as f64).log10() - log10).abs() < 1e-9, "{spec:?}: {exact} vs 10^{log10}");
            if exact < 2_000_000_000_000_000_000 {
                assert_eq!(ours.exact, Some(exact as u64), "{spec:?}");
            } else {
                assert_eq!(ours.exact, None, "{spec:?}: past the exact range");
            }
        }
        None => assert_eq!(ours.exact, None, "{spec:?}"),
    }
}

#[test]
fn every_shape_agrees_with_a_dense_bareiss_determinant() {
    for_each_shape!(2, 2, |s| agrees_with_bareiss(s));
    for_each_shape!(3, 3, |s| agrees_with_bareiss(s));
    for_each_shape!(4, 3, |s| agrees_with_bareiss(s));
    for_each_shape!(5, 4, |s| agrees_with_bareiss(s));
    for_each_shape!(1, 5, |s| agrees_with_bareiss(s));
}

#[test]
fn large_grids_give_a_logarithm_and_huge_ones_are_skipped() {
    // 100 x 100 squares: about 10^4342 (the per-cell growth constant is e^(4G/pi) ~ 3.2099,
    // log10 3.2099 = 0.50650...; the boundary lowers it by about 0.3 per boundary cell).
    let s = spanning_trees(&Square::new(100, 100));
    assert_eq!(s.exact, None);
    let log10 = s.log10.expect("computed");
    assert!(log10 > 0.49 * 10_000.0 && log10 < 0.5066 * 10_000.0, "{log10}");
    // Doubling the area roughly doubles the logarithm.
    let wide = spanning_trees(&Square::new(100, 50)).log10.expect("computed");
    assert!((log10 / wide - 2.0).abs() < 0.02, "{log10} vs {wide}");
    assert_eq!(spanning_trees(&Square::new(1000, 1000)), SpanningTrees { exact: None, log10: None });
}

/// One cache serves the full count and the quick one: an answer cut short by a small
/// budget is kept apart from the full answer for the same shape, in either order.
#[test]
fn the_cache_keeps_budgets_apart() {
    use maze_core::spanning::{spanning_trees_cached, spanning_trees_cached_within};
    let shape = Square::new(30, 30);
    let quick = spanning_trees_cached_within(&shape, 10);
    assert_eq!(quick, SpanningTrees { exact: None, log10: None }, "too much work for a budget of 10");
    let full = spanning_trees_cached(&shape);
    assert!(full.log10.is_some_and(|l| l > 100.0), "{full:?}");
    assert_eq!(spanning_trees_cached_within(&shape, 10), quick, "the quick answer again");
    assert_eq!(spanning_trees_cached(&shape), full);
    assert_eq!(full, spanning_trees(&shape), "the cache gives the count itself");
}
