"""Issue 48, item 6: a batch is written into its arrays as its mazes are made (no second
copy of every maze held in Rust), its solutions are one flat array with offsets, and
`iter_batches` makes the mazes of one big batch a part at a time."""

import numpy as np
import pytest

import mazekit as maze
from test_limits import MIB, child


def _same(parts, whole, square=True):
    assert sum(len(p) for p in parts) == len(whole)
    assert np.array_equal(np.concatenate([p.seeds for p in parts]), whole.seeds)
    assert np.array_equal(np.concatenate([p.entrances for p in parts]), whole.entrances)
    assert np.array_equal(np.concatenate([p.exits for p in parts]), whole.exits)
    if square:
        assert np.array_equal(np.concatenate([p.connections for p in parts]), whole.connections)


def test_iter_batches_makes_the_mazes_of_one_batch():
    options = dict(width=6, height=5, algorithm="wilson", seed=7, solve="bfs")
    whole = maze.generate(1000, **options)
    parts = list(maze.iter_batches(1000, 300, **options))
    # ceil(1000 / 300) = 4 parts of the one batch, none over the chunk.
    assert [len(p) for p in parts] == [250, 250, 250, 250]
    _same(parts, whole)
    assert np.array_equal(np.concatenate([p.solution_cells for p in parts]), whole.solution_cells)


def test_iter_batches_with_filters_are_the_filtered_batch():
    options = dict(width=8, height=8, seed=3, where="solution>=20")
    whole = maze.generate(500, **options)
    parts = list(maze.iter_batches(500, 120, **options))
    _same(parts, whole)
    assert len(set(whole.seeds.tolist())) == 500


def test_iter_batches_of_other_shapes():
    options = dict(shape="hex", width=5, height=4, seed=11)
    whole = maze.generate(50, **options)
    _same(list(maze.iter_batches(50, 7, **options)), whole, square=False)


def test_iter_batches_checks_before_the_first_batch():
    for kwargs, words in [
        (dict(total=0, chunk=5), "total"),
        (dict(total=5, chunk=0), "chunk"),
        (dict(total=5, chunk=2, width=0), "width"),
        (dict(total=5, chunk=2, count=3), "count"),
        (dict(total=5, chunk=2, format="svg"), "format"),
    ]:
        with pytest.raises(ValueError, match=words):
            maze.iter_batches(**kwargs)  # not iterated: refused at the call


def test_solutions_are_one_flat_array_with_offsets():
    batch = maze.generate(200, width=7, height=6, seed=5, solve="bfs")
    cells, offsets = batch.solution_cells, batch.solution_offsets
    assert isinstance(batch.solutions, maze.Solutions)
    assert cells.dtype == np.uint32 and cells.ndim == 1
    assert offsets.dtype == np.uint64 and offsets.shape == (201,) and offsets[0] == 0 and offsets[-1] == len(cells)
    for i in (0, 17, 199, -1):
        route = batch.solutions[i]
        j = i % 200
        flat = cells[offsets[j] : offsets[j + 1]].astype(np.int64)
        assert np.array_equal(route, np.stack([flat // 7, flat % 7], axis=-1))
        assert tuple(route[0]) == tuple(batch.starts[j]) and tuple(route[-1]) == tuple(batch.ends[j])
    # Slicing a batch keeps the routes flat and right.
    part = batch[[3, 150, 3]]
    assert [r.tolist() for r in part.solutions] == [batch.solutions[k].tolist() for k in (3, 150, 3)]
    assert part.solution_offsets.shape == (4,)
    # Computed later (no solve asked), they are flat too; other shapes give cell ids.
    lazy = maze.generate(30, width=7, height=6, seed=5)
    assert [r.tolist() for r in lazy.solutions] == [r.tolist() for r in batch.solutions[:30]]
    hexes = maze.generate(20, shape="hex", width=5, height=5, seed=1, solve="bfs")
    assert hexes.solutions[2].ndim == 1
    assert np.array_equal(hexes.solutions[2], hexes.solution_cells[hexes.solution_offsets[2] : hexes.solution_offsets[3]])


def test_a_big_batch_holds_little_more_than_its_array():
    # 1,000,000 mazes of 10 x 10 held 663 MB for a 191 MB array: every maze's row was held
    # in Rust until the array was made of them. Now each is written into the array as it is
    # made: 300,000 mazes (a 57 MiB array, its ends and seeds 7 MiB) grow the process by at
    # most 1.3 times the array (and its ends and seeds).
    out = child(
        """
        batch = maze.generate(300_000, width=10, height=10, seed=1)
        out["array"] = batch.connections.nbytes
        out["others"] = batch.seeds.nbytes + batch._ends.nbytes
        """
    )
    assert out["grown"] <= 1.3 * (out["array"] + out["others"]), (out["grown"] / MIB, out["array"] / MIB)


def test_ends_are_held_as_cell_ids_and_given_as_int64():
    batch = maze.generate(50, width=6, height=6, seed=9, entrance="random", exit="random")
    assert batch._ends.dtype == np.uint32  # half of int64 for a big batch
    for array in (batch.entrances, batch.exits, batch.starts, batch.ends):
        assert array.dtype == np.int64
    assert np.array_equal(batch.starts[:, 0] * 6 + batch.starts[:, 1], batch.entrances)


def test_the_size_refusal_speaks_python_and_says_how_to_stream():
    out = child(
        """
        out["message"] = refused(lambda: maze.generate(5_000_000, width=10, height=10, seed=1))
        """
    )
    message = out["message"]
    assert message is not None and "\n" not in message, message
    assert "maze output" not in message and "--max-bytes" not in message, message
    assert "max_bytes=" in message and "mazekit.iter_batches(5000000, 2000000, ...)" in message, message
    assert out["grown"] < 16 * MIB
