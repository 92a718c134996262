"""A dataset made in parts on a Dask cluster (two worker processes) with ``part=k,
parts=n``, filters included, joined in order, is the batch one machine makes, and its
parts never share a seed."""

import numpy as np
import pytest

import mazekit as maze

distributed = pytest.importorskip("dask.distributed")

OPTIONS = dict(width=8, height=8, algorithm="wilson", seed=1000, where="solution>=30")


def part(k: int, parts: int, total: int) -> tuple:
    batch = maze.generate(total, part=k, parts=parts, **OPTIONS)
    return batch.seeds, batch.connections, batch.entrances, batch.exits


def test_dask_parts_joined_equal_one_local_batch():
    total, parts = 2000, 4
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        futures = client.map(part, range(parts), [parts] * parts, [total] * parts)
        made = client.gather(futures)
        assert len({w for w in client.scheduler_info()["workers"]}) == 2
    local = maze.generate(total, **OPTIONS)
    seeds = np.concatenate([p[0] for p in made])
    assert len(np.unique(seeds)) == total
    assert np.array_equal(seeds, local.seeds)
    assert np.array_equal(np.concatenate([p[1] for p in made]), local.connections)
    assert np.array_equal(np.concatenate([p[2] for p in made]), local.entrances)
    assert np.array_equal(np.concatenate([p[3] for p in made]), local.exits)
