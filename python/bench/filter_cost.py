"""Filter cost (issue 48): CPU time of mazekit.generate on one thread with and without a
`where` condition, 10 x 10 mazes, best of 5. Usage: python python/bench/filter_cost.py [N]"""
import sys, time
import mazekit

N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
cases = [
    ("plain", {}),
    ("where solution>=0", {"where": "solution>=0"}),
    ("where dead_ends>=0", {"where": "dead_ends>=0"}),
    ("where difficulty>=0", {"where": "difficulty>=0"}),
]
for name, extra in cases:
    best = None
    for _ in range(5):
        t = time.process_time()
        b = mazekit.generate(N, width=10, height=10, seed=1, threads=1, **extra)
        cpu = time.process_time() - t
        best = cpu if best is None else min(best, cpu)
    print(f"{name:24s} {best:.3f} s CPU for {N} mazes ({best / N * 1e6:.2f} us a maze)")
