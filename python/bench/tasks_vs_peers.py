"""Issue 49: task records for language models, ours against reasoning-gym's maze dataset
and maze-dataset's tokenizer, in one run on this machine.

    python python/bench/tasks_vs_peers.py [COUNT] [PEER_COUNT]

Ours: COUNT records of 10 x 10 mazes in two prompt styles (hrm and alphamaze: prompt,
answer as moves, reachable, shortest length and count, the difficulty figures), made by
`mazekit.tasks` on every core. reasoning-gym: `create_dataset("maze", size=N,
min_grid_size=10, max_grid_size=10)` items (question, answer, metadata), and maze-dataset:
`MazeDataset.from_config` (10 x 10, depth-first) then each maze's `as_tokens` (AOTP_UT),
both for PEER_COUNT items (default COUNT; pass fewer to keep a peer's run short: its rate is
then scaled, and the table says so). Peers missing here are reported as such, not guessed.
"""

import sys
import time


def timed(label, work, count):
    t = time.perf_counter()
    work()
    s = time.perf_counter() - t
    print(f"{label}: {count:,} in {s:.2f} s = {count / s:,.0f} a second", flush=True)
    return count / s


def ours(n):
    import mazekit

    def work():
        for style in ("hrm", "alphamaze"):
            for record in mazekit.tasks(n, style=style, seed=1, width=10, height=10):
                pass

    # Two styles of n records each: 2n records.
    return timed("mazekit.tasks, hrm + alphamaze", work, 2 * n) / 2


def reasoning_gym(n):
    try:
        import reasoning_gym
    except ModuleNotFoundError:
        print("reasoning-gym: not installed (pip install reasoning-gym)")
        return None

    def work():
        data = reasoning_gym.create_dataset("maze", size=n, seed=1, min_grid_size=10, max_grid_size=10)
        for item in data:
            pass

    return timed("reasoning-gym maze", work, n)


def maze_dataset(n):
    try:
        from maze_dataset import LatticeMazeGenerators, MazeDataset, MazeDatasetConfig
        from maze_dataset.tokenization import MazeTokenizer, TokenizationMode
    except ModuleNotFoundError:
        print("maze-dataset: not installed")
        return None
    tokenizer = MazeTokenizer(tokenization_mode=TokenizationMode.AOTP_UT_uniform, max_grid_size=10)

    def work():
        cfg = MazeDatasetConfig(name="bench", grid_n=10, n_mazes=n, maze_ctor=LatticeMazeGenerators.gen_dfs)
        data = MazeDataset.from_config(cfg, load_local=False, save_local=False, do_generate=True,
                                       gen_parallel=False, verbose=False)
        for m in data:
            m.as_tokens(tokenizer)

    return timed("maze-dataset generate + as_tokens", work, n)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    peer_n = int(sys.argv[2]) if len(sys.argv) > 2 else n
    ours_rate = ours(n)
    peers = {"reasoning-gym": reasoning_gym(peer_n), "maze-dataset": maze_dataset(peer_n)}
    measured = {k: v for k, v in peers.items() if v}
    if measured:
        best = max(measured.values())
        print(f"ours per record and style: {ours_rate:,.0f}/s; the faster peer: {best:,.0f}/s; ratio {ours_rate / best:.1f}x")


if __name__ == "__main__":
    main()
