"""Tile grids from Python: `batch.as_grid` and `maze.as_grid` are the engine's `-f grid`
(the same tiles as the command writes), 1 and 1 is `as_pixels`' layout, corridors scale
the grid, and other shapes and bad widths are refused."""

import numpy as np
import pytest

import mazekit as maze
from conftest import run

WALL, FLOOR, START, END = 0, 1, 2, 3


def parse_grid(text: bytes) -> np.ndarray:
    """The command's grid text (# . S E) as tiles, read here apart from the module."""
    rows = text.decode().rstrip("\n").split("\n")
    value = {"#": WALL, ".": FLOOR, "S": START, "E": END}
    return np.array([[value[c] for c in row] for row in rows], dtype=np.uint8)


def test_as_grid_is_the_commands_grid_and_as_pixels_layout(cli):
    batch = maze.generate(width=7, height=5, seed=11, count=3)
    grids = batch.as_grid()
    assert grids.shape == (3, 11, 15) and grids.dtype == np.uint8
    # Floor (start and end included) exactly where as_pixels is open.
    assert np.array_equal(grids != WALL, batch.as_pixels() == 255)
    for i in range(3):
        text = run(cli, "generate", "-W", "7", "-H", "5", "--seed", str(11 + i), "-f", "grid")
        assert np.array_equal(parse_grid(text), grids[i])
        assert np.array_equal(batch[i].as_grid(), grids[i])
        assert (grids[i] == START).sum() == 1 and (grids[i] == END).sum() == 1


def test_wide_corridors_scale_the_grid():
    batch = maze.generate(width=6, height=4, seed=2, count=2, braid=0.5)
    grids = batch.as_grid(corridor=3, wall=2)
    assert grids.shape == (2, 4 * 5 + 2, 6 * 5 + 2)
    floor = (grids != WALL).sum(axis=(1, 2))
    assert (floor > 6 * 4 * 9).all()
    assert set(np.unique(grids)) <= {WALL, FLOOR, START, END}


def test_other_shapes_and_bad_widths_are_refused():
    with pytest.raises(ValueError, match="square"):
        maze.generate(shape="hex", width=5, height=4, seed=1).as_grid()
    masked = maze.generate(2, width=6, height=4, seed=1, mask_data="XXXXXX/XX..XX/XXXXXX/XXXXXX")
    assert masked.as_grid().shape == (2, 9, 13)
    assert masked[0].as_grid()[3, 5] == WALL  # a cell the mask leaves out is wall
    batch = maze.generate(width=5, height=4, seed=1)
    for corridor, wall in [(0, 1), (1, 65)]:
        with pytest.raises(ValueError, match="1 to 64"):
            batch.as_grid(corridor=corridor, wall=wall)
