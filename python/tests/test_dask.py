"""A dataset made in parts on a Dask cluster (two worker processes), joined in seed order,
is the batch one machine makes."""

import numpy as np
import pytest

import mazekit as maze

distributed = pytest.importorskip("dask.distributed")


def part(first_seed: int, count: int) -> tuple:
    batch = maze.generate(count, width=8, height=8, algorithm="wilson", seed=first_seed)
    return batch.seeds, batch.connections, batch.entrances, batch.exits


def test_dask_parts_joined_equal_one_local_batch():
    total, per_part, seed = 2000, 500, 1000
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        starts = list(range(seed, seed + total, per_part))
        futures = client.map(part, starts, [per_part] * len(starts))
        parts = client.gather(futures)
        assert len({w for w in client.scheduler_info()["workers"]}) == 2
    local = maze.generate(total, width=8, height=8, algorithm="wilson", seed=seed)
    assert np.array_equal(np.concatenate([p[0] for p in parts]), local.seeds)
    assert np.array_equal(np.concatenate([p[1] for p in parts]), local.connections)
    assert np.array_equal(np.concatenate([p[2] for p in parts]), local.entrances)
    assert np.array_equal(np.concatenate([p[3] for p in parts]), local.exits)
