"""Issue 49: datasets a loader reads: `Batch.to_parquet` / `mazekit.read_parquet`, read by
pandas and Hugging Face `datasets`; `dedupe(symmetry=True)` and `split(..., symmetry=True)`
checked against an independent count of mazes up to rotation and mirroring (of pictures)."""

import os

import numpy as np
import pytest

import mazekit

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def canonical(batch, i) -> bytes:
    """A maze's picture with its start and goal marked, the least of its rotations and
    mirror images that keep the grid's size: an independent key up to symmetry."""
    px = batch.as_pixels()[i].astype(np.uint8)
    (sr, sc), (gr, gc) = batch.starts[i], batch.ends[i]
    px[2 * sr + 1, 2 * sc + 1] = 2
    px[2 * gr + 1, 2 * gc + 1] = 3
    ways = []
    for k in range(4):
        for m in (px, px[:, ::-1]):
            t = np.rot90(m, k)
            if t.shape == px.shape:
                ways.append(t.tobytes())
    return min(ways)


@pytest.mark.parametrize("w, h", [(3, 3), (4, 3)])
def test_dedupe_with_symmetry_keeps_one_of_each_class(w, h):
    batch = mazekit.generate(3000, width=w, height=h, seed=5, entrance="random", exit="random")
    keys = [canonical(batch, i) for i in range(len(batch))]
    firsts = sorted({k: i for i, k in reversed(list(enumerate(keys)))}.values())
    kept = batch.dedupe(symmetry=True)
    assert len(kept) == len(set(keys)) == len(firsts)
    assert list(kept.seeds) == list(batch.seeds[firsts])
    # Without symmetry, fewer repeats are found.
    assert len(batch.dedupe()) > len(kept)


def test_split_with_symmetry_puts_no_class_in_two_parts():
    batch = mazekit.generate(4000, width=3, height=3, seed=8, entrance="random", exit="random")
    parts = batch.split([0.8, 0.2], seed=3, symmetry=True)
    assert sum(len(p) for p in parts) == len(batch)
    seen = [{canonical(p, i) for i in range(len(p))} for p in parts]
    assert not (seen[0] & seen[1])
    assert abs(len(parts[0]) / len(batch) - 0.8) < 0.05
    # Without it, the same maze up to symmetry lands in both parts (3x3 mazes repeat).
    plain = batch.split([0.8, 0.2], seed=3)
    plain_seen = [{canonical(p, i) for i in range(len(p))} for p in plain]
    assert plain_seen[0] & plain_seen[1]


def test_symmetry_is_for_square_grids():
    with pytest.raises(ValueError, match="plain square"):
        mazekit.generate(3, width=4, height=4, shape="hex", seed=1).dedupe(symmetry=True)


def test_a_batch_written_as_parquet_shards_reads_back(tmp_path):
    batch = mazekit.generate(250, width=6, height=5, seed=4, braid=0.3, unreachable=0.2, solve="bfs")
    files = batch.to_parquet(tmp_path / "shards", rows_per_file=100, style="hrm")
    assert [os.path.basename(f) for f in files] == [f"part-0000{k}-of-00003.parquet" for k in range(3)]
    back = mazekit.read_parquet(tmp_path / "shards")
    assert np.array_equal(back.connections, batch.connections)
    assert np.array_equal(back.seeds, batch.seeds)
    assert np.array_equal(back.entrances, batch.entrances) and np.array_equal(back.exits, batch.exits)
    assert back.config_hash == batch.config_hash
    assert back[7].draw("svg") == batch[7].draw("svg")
    table = pq.read_table(files[0])
    row = table.slice(3, 1).to_pylist()[0]
    assert row["prompt"] == batch.as_text("hrm")[3]
    assert row["seed"] == int(batch.seeds[3])
    verdict = batch[3].verify(row["answer"])
    assert verdict["optimal"], verdict
    reachable = table.column("reachable").to_numpy(zero_copy_only=False)
    assert list(reachable) == list(batch.reachable[:100])
    assert not reachable.all(), "unreachable=0.2 cuts some goals off"
    for r in table.to_pylist():
        if not r["reachable"]:
            assert r["answer"] == "" and r["shortest_length"] == -1 and r["shortest_count"] == 0
    one = batch.to_parquet(tmp_path / "one.parquet")
    assert one == [str(tmp_path / "one.parquet")]
    assert len(mazekit.read_parquet(one[0])) == len(batch)


def test_pandas_and_hugging_face_read_the_shards(tmp_path):
    batch = mazekit.generate(120, width=5, height=5, seed=2)
    batch.to_parquet(tmp_path / "data", rows_per_file=50, style="grid")
    pd = pytest.importorskip("pandas")
    frame = pd.concat(pd.read_parquet(tmp_path / "data" / f) for f in sorted(os.listdir(tmp_path / "data")))
    assert len(frame) == 120 and list(frame["seed"])[:3] == list(batch.seeds[:3])
    try:
        import datasets
    except ModuleNotFoundError:
        if os.environ.get("CI"):
            raise  # CI installs datasets (python/requirements-test.txt): its absence is a failure there
        pytest.skip("Hugging Face datasets is not installed: pip install datasets")
    data = datasets.load_dataset("parquet", data_files=str(tmp_path / "data" / "*.parquet"), split="train",
                                 cache_dir=str(tmp_path / "cache"))
    assert data.num_rows == 120
    assert set(["id", "seed", "prompt", "answer", "reachable", "shortest_length", "connections"]) <= set(data.column_names)
    first = data[0]
    assert first["prompt"] == batch.as_text("grid")[0]
    assert np.array_equal(np.asarray(first["connections"], dtype=bool).reshape(2, 5, 5), batch.connections[0])


def test_files_that_are_not_ours_are_value_errors(tmp_path):
    other = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1, 2]}), other)
    with pytest.raises(ValueError, match="not one mazekit wrote"):
        mazekit.read_parquet(other)
    junk = tmp_path / "junk.parquet"
    junk.write_bytes(b"PAR1 not really")
    with pytest.raises(ValueError, match="not a Parquet file"):
        mazekit.read_parquet(junk)
    with pytest.raises(ValueError, match="rows_per_file"):
        mazekit.generate(2, width=3, height=3, seed=1).to_parquet(tmp_path / "x", rows_per_file=0)
    with pytest.raises(FileNotFoundError):
        mazekit.read_parquet(tmp_path / "missing.parquet")


def test_the_readme_benchmark_builder_runs(tmp_path, monkeypatch):
    import re

    from conftest import ROOT

    text = (ROOT / "README.md").read_text()
    example = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "load_dataset" in b)
    try:
        import datasets  # noqa: F401
    except ModuleNotFoundError:
        if os.environ.get("CI"):
            raise
        pytest.skip("Hugging Face datasets is not installed: pip install datasets")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(example, "README.md", "exec"), namespace)
    train, test, verdicts = namespace["train"], namespace["test"], namespace["verdicts"]
    assert verdicts["optimal"].all()
    assert 0.1 < (~test.reachable).mean() < 0.3
    assert (namespace["mazes"].shortest_count > 1).any()
    keys = [{bytes(np.packbits(b.connections[i])) for i in range(len(b))} for b in (train, test)]
    assert not (keys[0] & keys[1])
