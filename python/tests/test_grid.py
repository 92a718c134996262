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


def test_a_dungeon_has_its_rooms_and_the_commands_grid(cli):
    """The game maker's dungeon (issue 53): 40 x 30, 8 rooms, 3-tile corridors; each maze's
    rooms as the JSON lists them, one door each, and its grid the command's (rooms' floors
    whole, a sparse dungeon's rock as wall)."""
    batch = maze.generate(2, width=40, height=30, seed=4, rooms=8, sparse=2)
    for i in range(2):
        rooms = batch[i].rooms
        assert len(rooms) == 8
        for r in rooms:
            assert set(r) == {"x", "y", "width", "height", "doors"}
            assert 3 <= r["width"] <= 6 and 3 <= r["height"] <= 6
            assert len(r["doors"]) == 1
        text = run(cli, "generate", "-W", "40", "-H", "30", "--seed", str(4 + i), "--rooms", "8", "--sparse", "2",
                   "-f", "grid", "--corridor-width", "3")
        grid = batch[i].as_grid(corridor=3)
        assert np.array_equal(parse_grid(text), grid)
        # Each room's floor is floor corner to corner.
        for r in rooms:
            y0, x0 = 1 + r["y"] * 4, 1 + r["x"] * 4
            block = grid[y0 : y0 + r["height"] * 4 - 1, x0 : x0 + r["width"] * 4 - 1]
            assert (block != WALL).all()
    assert np.array_equal(batch.as_grid(corridor=3)[1], batch[1].as_grid(corridor=3))
    assert maze.generate(width=6, height=4, seed=1)[0].rooms == []
    with pytest.raises(ValueError, match="at most"):
        maze.generate(width=10, height=10, seed=1, rooms=20)
