"""Issue 48: filtered parts that never overlap (``part=k, parts=n``), maze-dataset's
endpoint rules (``deadend_start``, ``deadend_end``, ``allowed_start``, ``allowed_end``,
``min_distance``), and conditions that compute only the figure they name."""

import numpy as np
import pytest

import mazekit as maze


def test_eight_filtered_parts_hold_distinct_seeds_and_are_one_batch_cut_in_eight():
    options = dict(width=8, height=8, seed=11, where="solution>=40")
    parts = [maze.generate(8000, part=k, parts=8, **options) for k in range(8)]
    assert [len(p) for p in parts] == [1000] * 8
    seeds = np.concatenate([p.seeds for p in parts])
    assert len(np.unique(seeds)) == 8000
    whole = maze.generate(8000, **options)
    assert np.array_equal(seeds, whole.seeds)
    assert np.array_equal(np.concatenate([p.connections for p in parts]), whole.connections)
    assert np.array_equal(np.concatenate([p.starts for p in parts]), whole.starts)
    assert (whole.stats["solution_length"] >= 40).all()
    # Maze i of the batch tried seeds 11+i, 11+i+8000, ...
    assert ((whole.seeds - 11) % 8000 == np.arange(8000)).all()


def test_seed_ranges_of_filtered_batches_overlap_and_parts_do_not():
    # The old recipe (a batch per seed range) shares seeds between filtered batches: maze i
    # of the batch from seed 0 tries 0+i, 200+i, ..., inside the next range. Parts cannot.
    ranges = [maze.generate(200, width=8, height=8, seed=200 * k, where="solution>=40") for k in range(4)]
    assert len(np.unique(np.concatenate([r.seeds for r in ranges]))) < 800
    parts = [maze.generate(800, width=8, height=8, seed=0, where="solution>=40", part=k, parts=4) for k in range(4)]
    assert len(np.unique(np.concatenate([p.seeds for p in parts]))) == 800


@pytest.mark.parametrize(
    "part, parts, says",
    [
        (8, 8, "part 8 is not a part of parts 8"),
        (-1, 8, "part"),
        (0, 0, "parts must be at least 1"),
        (0, 9, "parts 9 is more than count 8"),
        (1, None, "part and parts go together"),
        (None, 2, "part and parts go together"),
        ("a", 2, "part"),
    ],
)
def test_bad_parts_raise_value_error(part, parts, says):
    with pytest.raises(ValueError, match=says):
        maze.generate(8, width=5, height=5, part=part, parts=parts)


def test_an_unfiltered_part_is_its_seed_range():
    part = maze.generate(10, width=6, height=6, seed=100, part=2, parts=5)
    assert part.seeds.tolist() == [104, 105]
    assert np.array_equal(part.connections, maze.generate(2, width=6, height=6, seed=104).connections)


def test_random_ends_are_drawn_per_maze():
    batch = maze.generate(1000, width=10, height=10, seed=1, entrance="random", exit="random")
    pairs = {(tuple(s), tuple(e)) for s, e in zip(batch.starts.tolist(), batch.ends.tolist())}
    assert len(pairs) > 900


def _degrees(batch):
    """Open passages of each maze's start and end cell, from the connection arrays."""
    c = batch.connections
    n, _, h, w = c.shape
    deg = np.zeros((n, h, w), dtype=np.int64)
    deg += c[:, 0]  # down from (r, c)
    deg[:, 1:, :] += c[:, 0, :-1, :]  # down into (r, c) from above
    deg += c[:, 1]  # right from (r, c)
    deg[:, :, 1:] += c[:, 1, :, :-1]  # right into (r, c) from the left
    idx = np.arange(n)
    return deg[idx, batch.starts[:, 0], batch.starts[:, 1]], deg[idx, batch.ends[:, 0], batch.ends[:, 1]]


def test_deadend_rules_put_both_ends_at_dead_ends():
    batch = maze.generate(2000, width=10, height=10, seed=2, deadend_start=True, deadend_end=True)
    start, end = _degrees(batch)
    assert (start == 1).all() and (end == 1).all()
    assert (batch.starts != batch.ends).any(axis=1).all()
    assert len({(tuple(s), tuple(e)) for s, e in zip(batch.starts.tolist(), batch.ends.tolist())}) > 1500
    # Braided mazes with few dead ends: mazes without two are tried again.
    braided = maze.generate(200, width=8, height=8, seed=2, braid=0.5, deadend_start=True, deadend_end=True)
    start, end = _degrees(braided)
    assert (start == 1).all() and (end == 1).all()


def test_min_distance_keeps_the_ends_apart_along_the_maze():
    batch = maze.generate(2000, width=10, height=10, seed=3, entrance="random", exit="random",
                          min_distance=40, solve=True)
    steps = np.array([len(s) - 1 for s in batch.solutions])
    assert (steps >= 40).all()
    assert len({(tuple(s), tuple(e)) for s, e in zip(batch.starts.tolist(), batch.ends.tolist())}) > 1500
    routes = maze.solve(batch.connections, batch.starts, batch.ends)
    assert all(len(r) - 1 >= 40 for r in routes)


def test_allowed_cells_hold_the_ends_as_row_column_pairs():
    top_row = [(0, c) for c in range(10)]
    bottom_row = np.array([(9, c) for c in range(10)])
    batch = maze.generate(1000, width=10, height=10, seed=4, allowed_start=top_row, allowed_end=bottom_row)
    assert (batch.starts[:, 0] == 0).all() and (batch.ends[:, 0] == 9).all()
    assert len(np.unique(batch.starts[:, 1])) == 10 and len(np.unique(batch.ends[:, 1])) == 10
    # The command line's spelling too: x,y strings and cell ids.
    batch = maze.generate(200, width=10, height=10, seed=4, allowed_start=["9,0", 0], allowed_end=99)
    assert {tuple(s) for s in batch.starts.tolist()} == {(0, 9), (0, 0)}
    assert {tuple(e) for e in batch.ends.tolist()} == {(9, 9)}
    # All rules at once, as maze-dataset's endpoint_kwargs.
    batch = maze.generate(500, width=9, height=9, seed=5, deadend_start=True, deadend_end=True,
                          allowed_end=[(r, c) for r in range(9) for c in range(4, 9)], min_distance=12, solve=True)
    start, end = _degrees(batch)
    assert (start == 1).all() and (end == 1).all() and (batch.ends[:, 1] >= 4).all()
    assert all(len(s) - 1 >= 12 for s in batch.solutions)


def test_endpoint_rules_are_deterministic_and_drawn_again_with_the_maze():
    options = dict(width=8, height=8, seed=6, deadend_start=True, deadend_end=True, min_distance=10)
    a, b = maze.generate(300, **options), maze.generate(300, **options)
    assert np.array_equal(a.starts, b.starts) and np.array_equal(a.ends, b.ends)
    again = a[17].to_json()
    assert again == maze.generate(1, **dict(options, seed=int(a.seeds[17])))[0].to_json()


@pytest.mark.parametrize(
    "options, says",
    [
        (dict(deadend_start=True, entrance="0,0"), "deadend_start draws the entrance at random"),
        (dict(min_distance=5), "min_distance draws random ends"),
        (dict(width=4, height=4, exit="random", min_distance=16), "min_distance 16 can never be met"),
        (dict(width=4, height=4, allowed_start=[(5, 5)]), "allowed_start: cell 5,5"),
        (dict(allowed_start=[(1, 1)], allowed_end=[(1, 1)]), "could only be the cell 1,1"),
        (dict(allowed_start=[(1, 2, 3)]), "a cell is a \\(row, column\\) pair"),
        (dict(allowed_start=["top"]), "allowed_start takes cells"),
    ],
)
def test_impossible_endpoint_rules_raise_value_error(options, says):
    with pytest.raises(ValueError, match=says):
        maze.generate(4, **options)


def test_a_length_condition_keeps_the_mazes_the_statistics_keep():
    quick = maze.generate(3000, width=10, height=10, seed=8, where="solution>=30")
    assert np.array_equal(quick.stats["solution_length"] >= 30, np.ones(3000, dtype=bool))
    # The same mazes as a condition that needs every figure and the length together.
    full = maze.generate(3000, width=10, height=10, seed=8, where=["solution>=30", "difficulty>=0"])
    assert np.array_equal(quick.seeds, full.seeds)
    assert np.array_equal(quick.connections, full.connections)
