#!/usr/bin/env python3
"""Env steps per second, in one run: mazekit's VectorEnv (Rust, GIL released), mazekit's
MazeEnv under gymnasium.vector.SyncVectorEnv, and Minigrid's MiniGrid-Empty-8x8-v0 under
SyncVectorEnv, all on 4,096 envs with random actions (10 x 10 mazes, the 5 x 5 view).

    target/python-venv/bin/python scripts/bench-env.py [--envs 4096] [--seconds 3] [--install]

--install pip-installs minigrid into the running Python first when it is missing (it is not
a test requirement). Prints a Markdown table for BENCHMARKS.md.
"""

import argparse
import os
import subprocess
import sys
import time

import numpy as np


def rate(step, actions, seconds, n):
    """Steps per second of `step` over about `seconds` (after one warm-up call)."""
    step(actions[0])
    done, calls, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        step(actions[calls % len(actions)])
        calls += 1
        done += n
    return done / (time.perf_counter() - start), calls


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--envs", type=int, default=4096)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--install", action="store_true")
    args = p.parse_args()
    n = args.envs
    import gymnasium
    import mazekit
    import mazekit.gym

    rng = np.random.default_rng(0)
    actions = [rng.integers(0, 4, size=n) for _ in range(64)]
    rows = []

    for threads in (0, 1):
        envs = mazekit.VectorEnv(n, width=10, height=10, observation="view", view_radius=2, seed=1, threads=threads)
        envs.reset(seed=1)
        r, calls = rate(envs.step, actions, args.seconds, n)
        label = f"mazekit.VectorEnv ({threads or os.cpu_count()} thread{'s' if (threads or os.cpu_count()) > 1 else ''})"
        rows.append((label, r))

    fns = [lambda: mazekit.gym.MazeEnv(width=10, height=10, observation="view", view_radius=2) for _ in range(n)]
    sync = gymnasium.vector.SyncVectorEnv(fns)
    sync.reset(seed=1)
    r, _ = rate(sync.step, actions, args.seconds, n)
    rows.append(("mazekit.gym.MazeEnv x SyncVectorEnv", r))

    try:
        import minigrid  # noqa: F401
    except ImportError:
        if args.install:
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "minigrid"], check=True)
    try:
        import minigrid  # noqa: F401

        minigrid.register_minigrid_envs()
        fns = [lambda: gymnasium.make("MiniGrid-Empty-8x8-v0") for _ in range(n)]
        sync = gymnasium.vector.SyncVectorEnv(fns)
        sync.reset(seed=1)
        mg_actions = [a % 3 for a in actions]  # left, right, forward
        r, _ = rate(sync.step, mg_actions, args.seconds, n)
        rows.append(("MiniGrid-Empty-8x8-v0 x SyncVectorEnv", r))
    except ImportError as e:
        rows.append((f"MiniGrid-Empty-8x8-v0 (not installed: {e})", float("nan")))

    base = rows[0][1]
    print(f"| env ({n} envs, random actions) | steps/s | VectorEnv is x |")
    print("|---|---:|---:|")
    for label, r in rows:
        ratio = "" if np.isnan(r) else f"{base / r:,.0f}"
        print(f"| {label} | {r:,.0f} | {ratio} |")
    print(f"\n{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
