"""The module `maze`: batches against the `maze` command, spanning trees on every shape and
generator, the arrays' conventions, files, datasets and errors."""

import json
import os
import struct
import threading
import time

import numpy as np
import pytest

import mazekit as maze
from conftest import interrupted, run


def spanning_tree(cells: int, pairs: np.ndarray) -> bool:
    """Whether `pairs` (E, 2) join `cells` cells into one tree."""
    if len(pairs) != cells - 1:
        return False
    parent = list(range(cells))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a, b in pairs:
        ra, rb = find(int(a)), find(int(b))
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def grid_pairs(connections: np.ndarray) -> np.ndarray:
    """The passages of one (2, H, W) connection array as pairs of row-major cell ids."""
    _, h, w = connections.shape
    ids = np.arange(h * w).reshape(h, w)
    down = np.argwhere(connections[0])
    right = np.argwhere(connections[1])
    pairs = [(ids[r, c], ids[r + 1, c]) for r, c in down] + [(ids[r, c], ids[r, c + 1]) for r, c in right]
    return np.array(pairs, dtype=np.int64).reshape(-1, 2)


def compact_records(data: bytes):
    """The (header, passage bits) of each record of a `maze generate -f maze` file."""
    at, out = 0, []
    while at < len(data):
        assert data[at : at + 4] == b"MAZB"
        _, _, size = struct.unpack_from("<HHI", data, at + 4)
        header = json.loads(data[at + 12 : at + 12 + size])
        at += 12 + size
        (count,) = struct.unpack_from("<Q", data, at)
        at += 8
        raw = np.frombuffer(data[at : at + (count + 7) // 8], dtype=np.uint8)
        at += (count + 7) // 8
        out.append((header, np.unpackbits(raw, bitorder="little")[:count].astype(bool)))
    return out


SQUARE_ALGORITHMS = [a["name"] for a in maze.capabilities()["generators"] if "square" in a["shapes"]]
SHAPES = [s["name"] for s in maze.capabilities()["shapes"]]


@pytest.mark.parametrize("algorithm", SQUARE_ALGORITHMS)
def test_every_square_generator_makes_spanning_trees_in_the_arrays(algorithm):
    batch = maze.generate(12, width=7, height=5, algorithm=algorithm, seed=3)
    assert batch.connections.shape == (12, 2, 5, 7) and batch.connections.dtype == bool
    # maze-dataset's layout: nothing leads out of the grid.
    assert not batch.connections[:, 0, -1, :].any() and not batch.connections[:, 1, :, -1].any()
    for i in range(len(batch)):
        assert spanning_tree(35, grid_pairs(batch.connections[i])), (algorithm, i)
        assert spanning_tree(35, batch[i].passages)


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_makes_spanning_trees(shape):
    caps = {a["name"]: a["shapes"] for a in maze.capabilities()["generators"]}
    for algorithm in [a for a, shapes in caps.items() if shape in shapes][:4]:
        batch = maze.generate(3, shape=shape, width=6, height=5, algorithm=algorithm, seed=11)
        for m in batch:
            assert spanning_tree(m.cells, m.passages), (shape, algorithm, m.seed)
            assert 0 <= m.entrance < m.cells and 0 <= m.exit < m.cells
        assert len(batch.solutions) == 3 and len(batch.solutions[0]) >= 1
        assert batch.stats["perfect"].all()


def test_passages_match_the_connections():
    batch = maze.generate(4, width=6, height=4, seed=9)
    for m in batch:
        mine = {tuple(sorted(p)) for p in grid_pairs(m.connections).tolist()}
        theirs = {tuple(sorted(p)) for p in m.passages.tolist()}
        assert mine == theirs


def test_same_mazes_as_the_cli_json(cli):
    batch = maze.generate(5, width=9, height=6, algorithm="wilson", seed=40, braid=0.3, solve="bfs")
    for m in batch:
        expected = run(cli, "generate", "-W", "9", "-H", "6", "-a", "wilson", "--seed", str(m.seed),
                       "--braid", "0.3", "--solve", "bfs", "-f", "json")
        assert m.to_json().encode() == expected


def test_same_bits_as_the_cli_compact_batch(cli):
    batch = maze.generate(50, width=8, height=5, algorithm="kruskal", seed=7)
    records = compact_records(run(cli, "generate", "-n", "50", "-W", "8", "-H", "5", "-a", "kruskal",
                                  "--seed", "7", "-f", "maze"))
    assert len(records) == 50
    for i, (header, bits) in enumerate(records):
        assert header["seed"] == int(batch.seeds[i])
        assert header["entrance"] == batch.entrances[i] and header["exit"] == batch.exits[i]
        c = batch.connections[i]
        expected = []
        for r in range(5):
            for col in range(8):
                if col < 7:
                    expected.append(c[1, r, col])
                if r < 4:
                    expected.append(c[0, r, col])
        assert list(bits) == expected


def test_pictures_are_the_cli_files(cli):
    m = maze.generate(3, shape="hex", width=5, height=4, seed=21)[2]
    for fmt in ["svg", "png", "text"]:
        if fmt == "text":
            continue  # hex mazes have a text picture only in some sizes; svg and png suffice
        expected = run(cli, "generate", "-s", "hex", "-W", "5", "-H", "4", "--seed", str(m.seed), "-f", fmt)
        assert m.draw(fmt) == expected
    assert m._repr_svg_().startswith("<svg")
    assert m.draw("png", cell_size=12) == run(cli, "generate", "-s", "hex", "-W", "5", "-H", "4",
                                               "--seed", str(m.seed), "-f", "png", "--cell-size", "12")


def test_stats_are_maze_stats(cli):
    batch = maze.generate(4, width=8, height=8, seed=5, algorithm="prim")
    for i, m in enumerate(batch):
        out = run(cli, "generate", "-W", "8", "-H", "8", "-a", "prim", "--seed", str(m.seed),
                  "--stats", "json", "-o", os.devnull)
        # --stats json goes to stdout when the maze goes to a file
        figures = json.loads(out.decode().strip().splitlines()[-1])
        for key in ["dead_ends", "junctions", "solution_length", "diameter", "turns", "decisions"]:
            assert batch.stats[key][i] == figures[key], key
        assert batch.stats["solution_cells"][i] == figures["solution_length"] + 1
        assert abs(batch.stats["difficulty"][i] - figures["difficulty"]) < 1e-3
        assert batch.stats["hardness"][i] == figures["hardness"]
        assert len(batch.solutions[i]) == batch.stats["solution_cells"][i]


def test_thread_count_does_not_change_the_mazes():
    one = maze.generate(300, width=10, height=10, seed=123, threads=1)
    two = maze.generate(300, width=10, height=10, seed=123, threads=2)
    assert np.array_equal(one.connections, two.connections)
    assert np.array_equal(one.seeds, two.seeds)


def test_where_filters_like_the_cli(cli):
    batch = maze.generate(6, width=10, height=10, seed=1, where="solution>=30")
    assert (batch.stats["solution_length"] >= 30).all()
    lines = run(cli, "generate", "-n", "6", "-W", "10", "-H", "10", "--seed", "1", "--where", "solution>=30",
                "-f", "json").decode().splitlines()
    assert [json.loads(line)["seed"] for line in lines if line.strip()] == batch.seeds.tolist()


def test_solutions_are_routes_through_open_passages():
    batch = maze.generate(30, width=9, height=7, seed=2, braid=0.5)
    for i, route in enumerate(batch.solutions):
        assert tuple(route[0]) == tuple(batch.starts[i]) and tuple(route[-1]) == tuple(batch.ends[i])
        for (r1, c1), (r2, c2) in zip(route[:-1], route[1:]):
            if r2 == r1 + 1:
                assert batch.connections[i, 0, r1, c1]
            elif r2 == r1 - 1:
                assert batch.connections[i, 0, r2, c2]
            elif c2 == c1 + 1:
                assert batch.connections[i, 1, r1, c1]
            else:
                assert c2 == c1 - 1 and batch.connections[i, 1, r2, c2]
    # maze.solve on the arrays finds routes of the same (shortest) length
    again = maze.solve(batch.connections, batch.starts, batch.ends, solver="bfs")
    assert [len(r) for r in again] == [len(r) for r in batch.solutions]


def test_as_pixels_layout():
    batch = maze.generate(3, width=4, height=3, seed=1)
    px = batch.as_pixels()
    assert px.shape == (3, 7, 9) and px.dtype == np.uint8
    c = batch.connections
    for i in range(3):
        assert (px[i, 0] == 0).all() and (px[i, :, -1] == 0).all()
        for r in range(3):
            for col in range(4):
                assert px[i, 2 * r + 1, 2 * col + 1] == 255
                if r < 2:
                    assert (px[i, 2 * r + 2, 2 * col + 1] == 255) == c[i, 0, r, col]
                if col < 3:
                    assert (px[i, 2 * r + 1, 2 * col + 2] == 255) == c[i, 1, r, col]


def test_save_and_read(tmp_path):
    batch = maze.generate(20, width=6, height=5, seed=8, braid=0.2)
    path = tmp_path / "mazes.mzb"
    batch.save(path)
    for mmap in (False, True):
        back = maze.read(path, mmap=mmap)
        assert np.array_equal(back.connections, batch.connections)
        assert np.array_equal(back.seeds, batch.seeds) and np.array_equal(back.ends, batch.ends)
        assert back.config_hash == batch.config_hash
        assert back[3].to_json() == batch[3].to_json()
    # fixed-size records: the file is the header plus 20 records of the same size
    size = os.path.getsize(path)
    maze.generate(40, width=6, height=5, seed=8, braid=0.2).save(tmp_path / "more.mzb")
    assert os.path.getsize(tmp_path / "more.mzb") - size == 20 * (16 + (2 * 30 + 7) // 8)
    hexes = maze.generate(3, shape="hex", width=4, height=4, seed=2)
    hexes.save(tmp_path / "hex.mzb")
    assert maze.read(tmp_path / "hex.mzb")[1].to_json() == hexes[1].to_json()


def test_bad_files_are_refused(tmp_path):
    bad = tmp_path / "bad.mzb"
    bad.write_bytes(b"not a maze file")
    with pytest.raises(ValueError, match="bad.mzb: not a maze"):
        maze.read(bad)
    batch = maze.generate(5, width=4, height=4, seed=1)
    batch.save(bad)
    bad.write_bytes(bad.read_bytes()[:-3])
    with pytest.raises(ValueError, match="records need"):
        maze.read(bad)
    link = tmp_path / "link.mzb"
    link.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(ValueError, match="symlink"):
        batch.save(link)
    assert not (tmp_path / "elsewhere").exists()


def test_save_follows_the_commands_rule_for_links(tmp_path):
    """A link to a file in its own folder is followed and kept; one out of its folder is
    refused (naming both paths and follow_symlinks=True) unless asked; the same rule as
    the command's -o, from the library."""
    batch = maze.generate(3, width=4, height=4, seed=1)
    mine, other = tmp_path / "mine", tmp_path / "other"
    mine.mkdir()
    other.mkdir()
    (mine / "real.mzb").write_bytes(b"old")
    (mine / "near.mzb").symlink_to("real.mzb")
    batch.save(mine / "near.mzb")
    assert (mine / "near.mzb").is_symlink()
    assert maze.read(mine / "real.mzb").seeds.tolist() == batch.seeds.tolist()
    victim = other / "system.conf"
    victim.write_bytes(b"precious")
    (mine / "far.mzb").symlink_to(victim)
    with pytest.raises(ValueError, match="follow_symlinks=True") as caught:
        batch.save(mine / "far.mzb")
    assert "far.mzb" in str(caught.value) and "system.conf" in str(caught.value)
    assert victim.read_bytes() == b"precious"
    batch.save(mine / "far.mzb", follow_symlinks=True)
    assert maze.read(victim).seeds.tolist() == batch.seeds.tolist()
    assert sorted(p.name for p in mine.iterdir()) == ["far.mzb", "near.mzb", "real.mzb"]


def test_config_hash_split_and_dedupe():
    a = maze.generate(100, width=5, height=5, seed=1)
    b = maze.generate(10, width=5, height=5, seed=500)
    c = maze.generate(10, width=6, height=5, seed=1)
    assert a.config_hash == b.config_hash != c.config_hash
    train, test = a.split([0.8, 0.2], seed=3)
    assert len(train) == 80 and len(test) == 20
    assert sorted(train.seeds.tolist() + test.seeds.tolist()) == a.seeds.tolist()
    assert [len(p) for p in a.split([0.5, 0.25], seed=0)] == [50, 25]
    many = maze.generate(3000, width=3, height=3, seed=1)
    unique = many.dedupe()
    keys = {many.connections[i].tobytes() + many._ends[i].tobytes() for i in range(len(many))}
    assert len(unique) == len(keys) < len(many)
    assert (np.diff(unique.seeds.astype(np.int64)) > 0).all()
    with pytest.raises(ValueError):
        a.split([0.9, 0.9])


def test_bad_options_raise_value_errors():
    for kwargs, words in [
        (dict(width=0), "width"),
        (dict(widht=5), "widht"),
        (dict(width="wide"), "width"),
        (dict(shape="hex", algorithm="sidewinder"), "sidewinder"),
        (dict(braid=2.0), "braid"),
        (dict(where="nonsense>>3"), "where"),
        (dict(format="svg"), "format"),
        (dict(max_cells=10, width=100, height=100), "limit of 10"),
    ]:
        with pytest.raises(ValueError, match=words):
            maze.generate(2, **kwargs)
    with pytest.raises(ValueError, match="count"):
        maze.generate(0)
    with pytest.raises(ValueError, match="hex"):
        maze.generate(2, shape="hex", width=4, height=4).connections
    with pytest.raises(ValueError, match="outside"):
        maze.solve(np.zeros((1, 2, 3, 3), bool), [[0, 0]], [[5, 5]])
    with pytest.raises(ValueError, match="out of the grid"):
        bad = np.zeros((1, 2, 3, 3), bool)
        bad[0, 0, 2, 0] = True
        maze.solve(bad, [[0, 0]], [[2, 2]])


def test_the_gil_is_released_while_generating():
    ticks = 0
    done = threading.Event()

    def work():
        maze.generate(300_000, width=10, height=10, seed=1)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    time.sleep(0.05)
    counted_while_running = 0
    while not done.is_set():
        ticks += 1
        counted_while_running = ticks
    worker.join()
    assert counted_while_running > 1000


def test_ctrl_c_interrupts_a_long_batch():
    assert interrupted("generate(400_000, width=30, height=30, seed=1)") < 3.0


def test_reads_the_commands_files(cli, tmp_path):
    batch = maze.generate(30, width=7, height=5, algorithm="prim", seed=60, braid=0.2)
    for fmt in ["maze", "json"]:
        path = tmp_path / f"made.{fmt}"
        run(cli, "generate", "-n", "30", "-W", "7", "-H", "5", "-a", "prim", "--seed", "60", "--braid", "0.2",
            "-f", fmt, "-o", str(path))
        back = maze.read(path)
        assert np.array_equal(back.connections, batch.connections), fmt
        assert np.array_equal(back.seeds, batch.seeds) and np.array_equal(back.ends, batch.ends)
        assert back[4].to_json() == batch[4].to_json()
        assert back.config_hash == batch.config_hash
    hexes = tmp_path / "hex.maze"
    run(cli, "generate", "-n", "3", "-s", "hex", "-W", "5", "-H", "4", "--seed", "2", "-f", "maze", "-o", str(hexes))
    assert maze.read(hexes)[2].to_json() == maze.generate(3, shape="hex", width=5, height=4, seed=2)[2].to_json()


def test_files_their_seeds_do_not_make_again_keep_their_arrays(cli, tmp_path):
    path = tmp_path / "ends.maze"
    run(cli, "generate", "-W", "6", "-H", "4", "--seed", "3", "--entrance", "2,0", "-f", "maze", "-o", str(path))
    back = maze.read(path)
    assert back.starts.tolist() == [[0, 2]]
    assert len(back.solutions[0]) == back.stats["solution_cells"][0]
    with pytest.raises(ValueError, match="maze render"):
        back[0].draw("svg")
    (tmp_path / "junk.maze").write_bytes(b"MAZB\x01\x00")
    with pytest.raises(ValueError, match="junk.maze"):
        maze.read(tmp_path / "junk.maze")


def test_unicursal_labyrinths_walk_every_cell():
    batch = maze.generate(4, width=10, height=6, seed=5, unicursal=True, solve="bfs")
    assert batch.stats["junctions"].max() == 0 and (batch.stats["dead_ends"] == 2).all()
    for m in batch:
        degrees = np.bincount(m.passages.ravel(), minlength=m.cells)
        assert degrees.max() == 2 and (degrees == 1).sum() == 2 and len(m.passages) == m.cells - 1
    assert all(len(route) == 60 for route in batch.solutions)
    with pytest.raises(ValueError, match="even"):
        maze.generate(1, width=9, height=6, unicursal=True)
    with pytest.raises(ValueError, match="polar cells, not hex"):
        maze.generate(1, shape="hex", unicursal=True)
    # The round labyrinth: rings laid out in pairs, read back from its file the same.
    (ring,) = maze.generate(1, shape="polar", width=8, height=6, seed=2, unicursal=True, solve="bfs")
    degrees = np.bincount(ring.passages.ravel(), minlength=ring.cells)
    assert degrees.max() == 2 and (degrees == 1).sum() == 2 and len(ring.passages) == ring.cells - 1


def test_drawing_options_given_to_generate_are_kept_for_the_drawings(cli):
    # Options of one format (fit is pdf's, the title is drawn on pictures) ride along with
    # the batch and apply when a maze is drawn in a format that takes them.
    batch = maze.generate(2, width=5, height=4, seed=3, title="Trial", fit=True, cell_size="30mm")
    plain = maze.generate(2, width=5, height=4, seed=3)
    assert batch.config_hash == plain.config_hash
    assert (batch.connections == plain.connections).all()
    expected = run(cli, "generate", "-W", "5", "-H", "4", "--seed", "3", "-f", "pdf", "--title", "Trial",
                   "--fit", "--cell-size", "30mm")
    assert batch[0].draw("pdf") == expected
    with pytest.raises(ValueError, match="fit applies to pdf pages"):
        batch[0].draw("svg")
