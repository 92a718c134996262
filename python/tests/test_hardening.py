"""What a demanding user or an attacker tries: forked workers, interrupted big mazes,
numpy scalars and odd values, files that are not files, recipes spelled two ways."""

import multiprocessing
import os

import numpy as np
import pytest

import mazekit as maze
from conftest import interrupted, run


def _child_work(seed):
    batch = maze.generate(50, width=6, height=6, seed=seed)
    routes = maze.solve(batch.connections, batch.starts, batch.ends)
    return int(batch.connections.sum()), len(routes)


def test_forked_workers_can_use_the_module():
    maze.generate(100, width=6, height=6, seed=1)  # the parent's pool exists before the fork
    with multiprocessing.get_context("fork").Pool(2) as pool:
        result = pool.map_async(_child_work, [1, 2, 3])
        done = result.get(timeout=60)
    assert [d[1] for d in done] == [50, 50, 50]
    assert done[0][0] == int(maze.generate(50, width=6, height=6, seed=1).connections.sum())


def test_ctrl_c_returns_at_once_from_one_big_maze():
    assert interrupted('generate(1, width=3000, height=3000, algorithm="aldous-broder", seed=1)') < 3.0


def test_numpy_scalars_and_bad_values():
    a = maze.generate(np.int64(3), width=np.int64(5), height=np.uint8(4), seed=np.uint64(7), braid=np.float32(0.25))
    b = maze.generate(3, width=5, height=4, seed=7, braid=0.25)
    assert np.array_equal(a.connections, b.connections)
    for kwargs, words in [
        (dict(seed=-1), "seed"),
        (dict(seed=2**64), "seed"),
        (dict(braid=float("nan")), "braid"),
        (dict(braid=float("inf")), "braid"),
        (dict(where={"solution>=3"}), "where"),
        (dict(width=5.5), "width"),
    ]:
        with pytest.raises(ValueError, match=words):
            maze.generate(2, **kwargs)
    with pytest.raises(ValueError, match="count"):
        maze.generate(True)
    with pytest.raises(ValueError, match="starts"):
        maze.solve(np.zeros((1, 2, 3, 3), bool), [[0.5, 0]], [[2, 2]])
    with pytest.raises(ValueError, match="solver"):
        maze.solve(np.zeros((1, 2, 3, 3), bool), [[0, 0]], [[2, 2]], solver=None)
    batch = maze.generate(4, width=5, height=5, seed=1)
    with pytest.raises(TypeError):
        batch[True]
    with pytest.raises(IndexError):
        batch[[[0, 1], [2, 3]]]
    with pytest.raises(ValueError, match="changes the maze"):
        batch[0].draw("json", count=5)
    with pytest.raises(ValueError, match="fractions"):
        batch.split([float("nan")])


def test_files_that_are_not_files_are_refused(tmp_path):
    for path in ["/dev/zero", str(tmp_path)]:
        with pytest.raises(ValueError, match="not a regular file"):
            maze.read(path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        maze.read(fifo)
    big = tmp_path / "big.maze"
    big.write_bytes(b"MAZB" + b"\0" * 100)
    with pytest.raises(ValueError, match="above the limit"):
        maze.read(big, max_bytes=50)


def test_saving_keeps_what_cannot_be_made_again(cli, tmp_path):
    path = tmp_path / "ends.jsonl"
    run(cli, "generate", "-W", "6", "-H", "5", "--seed", "3", "-n", "4", "-f", "json", "--entrance", "random",
        "--exit", "farthest", "-o", str(path))
    read = maze.read(path)
    read.save(tmp_path / "e.mzb")
    again = maze.read(tmp_path / "e.mzb")
    assert np.array_equal(again.connections, read.connections)
    assert [len(r) for r in again.solutions] == list(again.stats["solution_cells"])
    assert list(again.stats["solution_length"]) == list(read.stats["solution_length"])
    with pytest.raises(ValueError, match="maze render"):
        again[0].draw("svg")


def test_saving_replaces_atomically_and_keeps_the_mode(tmp_path):
    target = tmp_path / "out.mzb"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    maze.generate(3, width=4, height=4, seed=1).save(target)
    assert oct(os.stat(target).st_mode & 0o777) == oct(0o640)
    assert maze.read(target).seeds.tolist() == [1, 2, 3]
    assert [p.name for p in tmp_path.iterdir()] == ["out.mzb"]
    empty = maze.generate(3, width=4, height=4, seed=1)[2:1]
    empty.save(tmp_path / "empty.mzb")
    assert len(maze.read(tmp_path / "empty.mzb")) == 0 and len(empty.dedupe()) == 0


def test_config_hash_spells_one_recipe_one_way():
    by_difficulty = maze.generate(2, difficulty=3, seed=1)
    by_size = maze.generate(2, width=by_difficulty.width, height=by_difficulty.height, seed=9)
    assert by_difficulty.config_hash == by_size.config_hash
    assert maze.generate(2, seed=1).config_hash == maze.generate(2, width=20, height=10, seed=1).config_hash
    assert maze.generate(2, width=6, height=6, braid=0).config_hash == maze.generate(2, width=6, height=6).config_hash
    plain = maze.generate(2, width=6, height=6, seed=1).config_hash
    assert maze.generate(2, width=6, height=6, seed=1, where="solution>=5").config_hash != plain
    assert maze.generate(2, width=6, height=6, seed=1, wrap="x").config_hash != plain


def test_reads_woven_and_wrapped_files(cli, tmp_path):
    woven = tmp_path / "woven.jsonl"
    run(cli, "generate", "-W", "8", "-H", "8", "--weave", "0.3", "-a", "kruskal", "-n", "3", "--seed", "4",
        "-f", "json", "-o", str(woven))
    batch = maze.read(woven)
    assert len(batch) == 3 and not batch.square
    wrapped = tmp_path / "wrapped.maze"
    run(cli, "generate", "-W", "6", "-H", "5", "--wrap", "x", "-n", "3", "--seed", "4", "-f", "maze", "-o", str(wrapped))
    back = maze.read(wrapped)
    made = maze.generate(3, width=6, height=5, wrap="x", seed=4)
    assert back[1].to_json() == made[1].to_json()
    assert back.config_hash == made.config_hash


def test_dedupe_on_other_shapes_uses_digests():
    hexes = maze.generate(400, shape="hex", width=2, height=2, seed=1)
    unique = hexes.dedupe()
    keys = {m.passages.tobytes() + bytes([m.entrance, m.exit]) for m in hexes}
    assert len(unique) == len(keys) < len(hexes)
