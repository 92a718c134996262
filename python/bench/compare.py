"""Side-by-side timing: N mazes of 10 x 10 cells into an (N, 2, 10, 10) bool connection array.

Routes, all in one run on the same machine:
  * ours: ``maze.generate(N, width=10, height=10, seed=1).connections`` (every core), and
    the same with ``algorithm="kruskal"``;
  * the CLI writing the same batch as compact records (``maze generate -f maze -o FILE``,
    wall time of the subprocess);
  * labmaze (DeepMind), public API: ``labmaze.RandomMaze(...)`` per maze, ``.entity_layer``
    stacked and turned into connections with numpy;
  * labmaze, native object: ``labmaze.cc.python._random_maze.RandomMaze`` (the pybind11
    class behind the public one) per maze, its ``entity_layer`` strings joined and read
    with ``np.frombuffer``;
  * maze-dataset: ``LatticeMazeGenerators.gen_dfs`` in a Python loop (slow: only at
    N <= --dataset-max, one repeat);
  * one 1000 x 1000 maze, ours vs the CLI.

labmaze is asked for a 21 x 21 grid (10 x 10 cells) with no rooms. Its ``max_rooms=0`` alone
still places rooms (0 means no limit there), so ``retry_count=0`` is passed too, and
``simplify=False``: simplify strips dead ends, which on a maze without rooms erases it to
solid wall. Every result is checked (outside the timing) to have 99 passages per maze.

A peer that is not installed gets a "not installed" row. Prints a Markdown table.

usage: python compare.py [--counts 10000,100000] [--repeats 3] [--maze-bin PATH]
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from typing import Callable

import numpy as np

CELLS = 10  # cells per side of the small mazes
BIG = 1000  # cells per side of the one big maze


def best_of(repeats: int, run: Callable[[], np.ndarray | None]) -> tuple[float, np.ndarray | None]:
    """Best wall time of ``repeats`` calls, and the last call's result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        result = None  # let the previous result go before the next run
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def check(conn: np.ndarray | None, n: int, side: int) -> str:
    """'ok' when ``conn`` is (n, 2, side, side) bool with side*side - 1 passages per maze."""
    if conn is None:
        return "–"
    if conn.shape != (n, 2, side, side) or conn.dtype != np.bool_:
        return f"bad shape {conn.shape} {conn.dtype}"
    if conn[:, 0, -1, :].any() or conn[:, 1, :, -1].any():
        return "passage through the border"
    edges = conn.reshape(n, -1).sum(axis=1)
    bad = int((edges != side * side - 1).sum())
    return "ok" if bad == 0 else f"{bad} mazes without {side * side - 1} passages"


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# --- ours ------------------------------------------------------------------------------
def ours(n: int, algorithm: str | None = None, side: int = CELLS) -> np.ndarray:
    import mazekit as maze

    return maze.generate(n, width=side, height=side, seed=1, algorithm=algorithm).connections


def cli(maze_bin: str, out: str, n: int, side: int = CELLS) -> None:
    subprocess.run(
        [maze_bin, "generate", "-n", str(n), "-W", str(side), "-H", str(side),
         "--seed", "1", "-f", "maze", "-o", out],
        check=True, stdout=subprocess.DEVNULL,
    )


# --- labmaze ---------------------------------------------------------------------------
GRID = 2 * CELLS + 1  # 21: walls between and around the cells


def grid_to_connections(open_: np.ndarray) -> np.ndarray:
    """(N, 21, 21) bool, True where the grid is not wall -> (N, 2, 10, 10) connections.

    Cell (r, c) sits at grid (2r+1, 2c+1); the wall below it at (2r+2, 2c+1), the wall to
    its right at (2r+1, 2c+2). The last row/column of these is the border, always wall."""
    down = open_[:, 2::2, 1::2]
    right = open_[:, 1::2, 2::2]
    return np.stack([down, right], axis=1)


def labmaze_options(defaults) -> dict:
    return dict(
        height=GRID, width=GRID, max_rooms=0, retry_count=0, simplify=False,
        room_min_size=defaults.ROOM_MIN_SIZE, room_max_size=defaults.ROOM_MAX_SIZE,
        extra_connection_probability=0.0, has_doors=False,
        spawns_per_room=0, spawn_token=defaults.SPAWN_TOKEN,
        objects_per_room=0, object_token=defaults.OBJECT_TOKEN,
    )


def labmaze_public(n: int) -> np.ndarray:
    import labmaze

    grids = np.stack([
        labmaze.RandomMaze(height=GRID, width=GRID, max_rooms=0, retry_count=0,
                           simplify=False, random_seed=seed).entity_layer
        for seed in range(1, n + 1)
    ])  # (N, 21, 21) of one-character strings
    return grid_to_connections(grids != "*")


def labmaze_native(n: int) -> np.ndarray:
    from labmaze import defaults
    from labmaze.cc.python._random_maze import RandomMaze

    # max_variations only shapes the variations layer (not read here); 1 is its cheapest
    # valid value (0 crashes) and leaves the entity layer unchanged.
    options = labmaze_options(defaults) | {"max_variations": 1}
    text = "".join([RandomMaze(random_seed=seed, **options).entity_layer
                    for seed in range(1, n + 1)])  # rows of 21 characters and a newline
    grids = np.frombuffer(text.encode("ascii"), np.uint8).reshape(n, GRID, GRID + 1)
    return grid_to_connections(grids[:, :, :GRID] != ord("*"))


def labmaze_regenerate(n: int) -> np.ndarray:
    from labmaze import defaults
    from labmaze.cc.python._random_maze import RandomMaze

    native = RandomMaze(random_seed=1, max_variations=1, **labmaze_options(defaults))
    layers = []
    for _ in range(n):
        native.regenerate()
        layers.append(native.entity_layer)
    grids = np.frombuffer("".join(layers).encode("ascii"), np.uint8).reshape(n, GRID, GRID + 1)
    return grid_to_connections(grids[:, :, :GRID] != ord("*"))


# --- maze-dataset ----------------------------------------------------------------------
def maze_dataset_dfs(n: int) -> np.ndarray:
    from maze_dataset.generation import LatticeMazeGenerators

    np.random.seed(1)
    shape = np.array([CELLS, CELLS])
    return np.stack([LatticeMazeGenerators.gen_dfs(shape).connection_list for _ in range(n)])


def installed(module: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            __import__(module)
        return True
    except ImportError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="10000,100000",
                        help="comma-separated batch sizes (default 10000,100000)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="best of this many runs for the fast routes (default 3)")
    parser.add_argument("--maze-bin", default=shutil.which("maze") or "target/release/maze",
                        help="the maze CLI (default: maze on PATH, else target/release/maze)")
    parser.add_argument("--dataset-max", type=int, default=10000,
                        help="largest N timed for maze-dataset (default 10000)")
    parser.add_argument("--no-big", action="store_true", help="skip the 1000 x 1000 maze")
    args = parser.parse_args()
    counts = [int(c) for c in args.counts.split(",") if c.strip()]
    warnings.filterwarnings("ignore", module="maze_dataset")
    warnings.filterwarnings("ignore", category=PendingDeprecationWarning)

    have = {m: installed(m) for m in ("maze", "labmaze", "maze_dataset")}
    have_cli = os.access(args.maze_bin, os.X_OK)
    cli_version = "not found"
    if have_cli:
        cli_version = subprocess.run([args.maze_bin, "--version"], capture_output=True,
                                     text=True).stdout.strip() or "?"

    print(f"- Python {platform.python_version()} ({sys.executable}), numpy {np.__version__}, "
          f"{os.cpu_count()} CPUs, {platform.machine()} {platform.system()}")
    print(f"- ours: maze (Python) {version('maze')}, CLI {args.maze_bin}: {cli_version}")
    print(f"- labmaze {version('labmaze')}, maze-dataset {version('maze-dataset')}, "
          f"muutils {version('muutils')}")
    print(f"- best of {args.repeats} runs; maze-dataset one run, only at N <= {args.dataset_max:,}; "
          "ours and the CLI use every core, labmaze and maze-dataset run one Python loop")
    print()

    rows: list[tuple[str, int, float | None, str]] = []  # route, N, seconds, note
    ours_s: dict[tuple[int, int], float] = {}
    cli_s: dict[tuple[int, int], float] = {}

    def timed(route: str, n: int, side: int, run: Callable[[], np.ndarray | None],
              repeats: int) -> float:
        seconds, result = best_of(repeats, run)
        note = check(result, n, side) if result is not None else "file only"
        rows.append((route, n, seconds, note))
        print(f"  {route}, N={n:,}: {seconds:.3f} s", file=sys.stderr, flush=True)
        return seconds

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.maze")
        sizes = [(n, CELLS) for n in counts] + ([] if args.no_big else [(1, BIG)])
        for n, side in sizes:
            tag = "" if side == CELLS else f" ({side} x {side})"
            if have["maze"]:
                ours_s[n, side] = timed(f"ours: maze.generate(...).connections{tag}", n, side,
                                        lambda: ours(n, side=side), args.repeats)
                if side == CELLS:
                    timed("ours, algorithm=\"kruskal\"", n, side,
                          lambda: ours(n, "kruskal"), args.repeats)
            else:
                rows.append(("ours: maze.generate", n, None, "not installed"))
            if have_cli:
                cli_s[n, side] = timed(f"CLI: maze generate -f maze -o FILE{tag}", n, side,
                                       lambda: cli(args.maze_bin, out, n, side), args.repeats)
            else:
                rows.append(("CLI: maze generate", n, None, f"not found: {args.maze_bin}"))
            if side != CELLS:
                continue
            if have["labmaze"]:
                timed("labmaze RandomMaze (public API) + numpy", n, side,
                      lambda: labmaze_public(n), args.repeats)
                timed("labmaze native _random_maze.RandomMaze + numpy", n, side,
                      lambda: labmaze_native(n), args.repeats)
                timed("labmaze native, one object .regenerate() (one seed)", n, side,
                      lambda: labmaze_regenerate(n), args.repeats)
            else:
                rows.append(("labmaze", n, None, "not installed"))
            if not have["maze_dataset"]:
                rows.append(("maze-dataset gen_dfs", n, None, "not installed"))
            elif n <= args.dataset_max:
                timed("maze-dataset gen_dfs loop (1 run)", n, side, lambda: maze_dataset_dfs(n), 1)
            else:
                rows.append(("maze-dataset gen_dfs loop", n, None,
                             f"not run: minutes; measured at N <= {args.dataset_max:,} only"))

    print("| route | N | seconds | mazes/s | ours × faster | CLI × faster | check |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for route, n, seconds, note in rows:
        side = BIG if "1000 x 1000" in route else CELLS
        if seconds is None:
            print(f"| {route} | {n:,} | – | – | – | – | {note} |")
            continue
        mine, theirs = ours_s.get((n, side)), cli_s.get((n, side))
        vs_ours = f"{seconds / mine:.2f}" if mine else "–"
        vs_cli = f"{seconds / theirs:.2f}" if theirs else "–"
        print(f"| {route} | {n:,} | {seconds:.3f} | {n / seconds:,.0f} | {vs_ours} | {vs_cli} "
              f"| {note} |")
    print()
    print("ours × faster = this route's seconds ÷ ours (same N); "
          "CLI × faster = this route's seconds ÷ the CLI's.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
