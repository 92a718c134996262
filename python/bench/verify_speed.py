"""Issue 49: `Batch.verify` over 100,000 answers of 10 x 10 mazes (each a shortest route as
moves), answers per second, best of five, with the threads the machine has.

    python python/bench/verify_speed.py [COUNT]
"""

import sys
import time

import numpy as np

import mazekit

STEP = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    batch = mazekit.generate(n, width=10, height=10, seed=1, solve="bfs")
    answers = []
    for route in batch.solutions:
        d = np.diff(route, axis=0)
        answers.append("".join(STEP[(int(a), int(b))] for a, b in d))
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        v = batch.verify(answers)
        best = min(best, time.perf_counter() - t)
        assert v["optimal"].all()
    print(f"verify: {n} answers of 10x10 in {best * 1e3:.1f} ms: {n / best:,.0f} answers/s")


if __name__ == "__main__":
    main()
