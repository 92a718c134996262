//! Eller's algorithm: one row at a time, with sets.

use super::{Algorithm, need_grid};
use crate::Error;
use crate::maze::Maze;
use crate::observe::{Event, Observer};
use crate::random::Pool;
use crate::random::Random;
use crate::shape::{Door, Shape};

/// Eller: keep, for the current row only, which set (connected zone) each cell belongs to.
/// Join neighbouring cells of different sets at random (all of them in the last row); then
/// every set opens at least one passage down, at random, and the cells below that got no
/// passage start new sets.
///
/// Bias: Kruskal-like texture with a slight horizontal grain (≈28.7% dead ends). Time O(N)
/// with near-constant set operations; memory O(width): a few words per column, whatever the
/// height, so it can stream mazes taller than memory.
///
/// # Errors
/// [`Error::Unsupported`] on shapes without rows.
pub fn eller<S: Shape, R: Random, O: Observer>(
    maze: &mut Maze<S>,
    rng: &mut R,
    obs: &mut O,
) -> Result<(), Error> {
    let g = need_grid(maze.shape(), Algorithm::Eller)?;
    let w = g.width as usize;
    // Set labels live in 0..2w; `parent` is a union-find over labels, reset every row.
    let mut label: Vec<u32> = (0..w as u32).collect();
    let mut parent: Vec<u32> = (0..2 * w as u32).collect();
    let mut count = vec![0u32; 2 * w];
    let mut has_down = vec![false; 2 * w];
    let mut used = vec![false; 2 * w];
    let mut down = vec![false; w];
    let mut free: Vec<u32> = vec![0; 2 * w + 1];
    let mut pool = Pool::new();
    let find = |parent: &mut [u32], mut x: u32| {
        while parent[x as usize] != x {
            let grand = parent[parent[x as usize] as usize];
            parent[x as usize] = grand;
            x = grand;
        }
        x
    };
    for y in 0..g.height {
        let last = y + 1 == g.height;
        for x in 0..g.width {
            obs.on(Event::Visit(g.at(x, y)));
        }
        // Horizontal joins.
        // Coin flips are unpredictable, so the decisions below avoid branches on them.
        // The root of cell x's set, carried over from the previous join (no second find).
        let mut a = if w > 0 { find(&mut parent, label[0]) } else { 0 };
        for x in 0..w.saturating_sub(1) {
            let b = find(&mut parent, label[x + 1]);
            let join = (a != b) & (last | pool.flip(rng));
            parent[b as usize] = if join { a } else { b };
            a = if join { a } else { b };
            let cell = g.at(x as u32, y);
            maze.carve_if(cell, g.east, join);
            if join {
                obs.on(Event::Carve(cell, g.east.index()));
            }
        }
        if last {
            break;
        }
        for l in label.iter_mut() {
            *l = find(&mut parent, *l);
            count[*l as usize] += 1;
        }
        // Vertical passages: at random, and forced at a set's last cell if it has none yet.
        for x in 0..w {
            let l = label[x] as usize;
            count[l] -= 1;
            let go = pool.flip(rng) | ((count[l] == 0) & !has_down[l]);
            down[x] = go;
            has_down[l] |= go;
            let cell = g.at(x as u32, y);
            maze.carve_if(cell, g.south, go);
            if go {
                obs.on(Event::Carve(cell, g.south.index()));
            }
        }
        // Next row: cells below a passage keep their label, the others get unused labels.
        for x in 0..w {
            has_down[label[x] as usize] = false;
            used[label[x] as usize] |= down[x];
        }
        // Unused labels in increasing order, then handed out without branching on `down`.
        let mut nfree = 0usize;
        for (l, &u) in used.iter().enumerate() {
            free[nfree] = l as u32;
            nfree += usize::from(!u);
        }
        let mut j = 0usize;
        for x in 0..w {
            let keep = down[x];
            label[x] = if keep { label[x] } else { free[j] };
            j += usize::from(!keep);
        }
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u32;
        }
        used.fill(false);
    }
    Ok(())
}
