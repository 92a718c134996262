//! Tile grids for the module's `Batch.as_grid` (issue 53): [`maze_core::tiles`], what
//! `maze generate -f grid` writes, for square batches given as their arrays, on every core.

use maze_core::tiles::{MAX_TILES, maze_tiles};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyReadonlyArray4};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{Grids, grid_size, run, within};

/// Square mazes given as arrays as tile grids, (N, H', W') uint8: 0 wall, 1 floor, 2 start,
/// 3 end, each corridor `corridor` tiles wide and each wall `wall` tiles thick (1 and 1:
/// maze-dataset's `as_pixels` layout). Refused before any work past `max_bytes`.
#[pyfunction]
#[pyo3(signature = (connections, starts, ends, corridor=1, wall=1, max_bytes=maze::DEFAULT_MAX_BYTES))]
pub(crate) fn tile_grids<'py>(
    py: Python<'py>,
    connections: PyReadonlyArray4<'py, bool>,
    starts: PyReadonlyArray2<'py, i64>,
    ends: PyReadonlyArray2<'py, i64>,
    corridor: i64,
    wall: i64,
    max_bytes: u64,
) -> PyResult<Bound<'py, PyAny>> {
    for (name, v) in [("corridor", corridor), ("wall", wall)] {
        if !(1..=i64::from(MAX_TILES)).contains(&v) {
            return Err(PyValueError::new_err(format!("{name}: tiles across, 1 to {MAX_TILES}, not {v}")));
        }
    }
    let (corridor, wall) = (corridor as u32, wall as u32);
    let (n, cells) = grid_size(&connections);
    let shape = connections.as_array().shape().to_vec();
    let (h, w) = (shape[2] as u64, shape[3] as u64);
    let step = u64::from(corridor + wall);
    let (rows, cols) = (u64::from(wall) + h * step, u64::from(wall) + w * step);
    let bytes =
        Grids::bytes(n, cells).saturating_add(n.saturating_mul(rows.saturating_mul(cols)).saturating_mul(2));
    within(
        py,
        || format!("the tile grids of {n} mazes of {rows} x {cols} tiles"),
        bytes,
        max_bytes,
        "max_bytes",
    )?;
    let grids = Grids::read(&connections, &starts, &ends)?;
    let tiles = run(py, None, move || {
        use rayon::prelude::*;
        let each: Vec<Vec<u8>> = (0..grids.n)
            .into_par_iter()
            .map(|i| {
                maze_core::cancel::check()?;
                Ok(maze_tiles(&grids.maze(i)?, corridor, wall)?.tiles)
            })
            .collect::<maze::Result<_>>()?;
        Ok(each.concat())
    })?;
    Ok(PyArray1::from_vec(py, tiles).reshape([n as usize, rows as usize, cols as usize])?.into_any())
}
