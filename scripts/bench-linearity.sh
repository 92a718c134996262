#!/usr/bin/env bash
# Linear in cells (BENCHMARKS.md, "Linear in cells"): every square generator at SMALL² and LARGE²,
# timed in the measuring thread's CPU time (`maze bench --clock cpu`, median of RUNS seeds),
# one generator after the other in one run. Prints a Markdown table with the ratio of
# ns/cell at LARGE² to SMALL² (target: at most 1.5). With REPS=k in the environment the
# whole round is repeated k times (the two sizes of a generator always back to back) and
# the table gives each round's ratio and their median: on a machine whose cache is shared
# with other tenants one round can be off by a third.
#
# usage: [REPS=1] scripts/bench-linearity.sh [SMALL=1000] [LARGE=8000] [RUNS=3] [GENERATOR...]
# Takes about 15 minutes a round at the defaults (Aldous-Broder alone about 2 of them).
# Builds the maze binary in release mode first; needs python3 for the table.
set -euo pipefail
cd "$(dirname "$0")/.."
small=${1:-1000}
large=${2:-8000}
runs=${3:-3}
reps=${REPS:-1}
shift $(($# < 3 ? $# : 3))
generators=("$@")
if [ ${#generators[@]} -eq 0 ]; then
    generators=(binary-tree sidewinder eller recursive-backtracker prim prim-true kruskal wilson
        hunt-and-kill growing-tree prim-modified recursive-division quad-division aldous-broder)
fi
cargo build --release -q -p maze-cli
maze=target/release/maze
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for rep in $(seq "$reps"); do
    for g in "${generators[@]}"; do
        "$maze" bench --clock cpu --size "$small" --size "$large" --runs "$runs" -a "$g" --json \
            > "$out/$g.$rep.json"
    done
done
python3 - "$out" "$small" "$large" "$reps" "${generators[@]}" <<'EOF'
import json, statistics, sys
out, small, large, reps, names = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
print(f"| generator | {small}² ns/cell | {large}² ns/cell | ratio per round | median ratio | ≤ 1.5? |")
print("|---|---|---|---|---|---|")
for name in names:
    rounds = []
    for rep in range(1, reps + 1):
        rows = {r["width"]: r["ns_per_cell"] for r in json.load(open(f"{out}/{name}.{rep}.json"))}
        rounds.append((rows[small], rows[large], rows[large] / rows[small]))
    ratio = statistics.median(r[2] for r in rounds)
    a = " / ".join(f"{r[0]:.1f}" for r in rounds)
    b = " / ".join(f"{r[1]:.1f}" for r in rounds)
    each = " / ".join(f"{r[2]:.2f}" for r in rounds)
    verdict = "met" if ratio <= 1.5 else "**missed**"
    print(f"| {name} | {a} | {b} | {each} | {ratio:.2f} | {verdict} |")
EOF
