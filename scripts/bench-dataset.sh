#!/usr/bin/env bash
# Times a machine-learning-sized batch: 100,000 mazes of 17 x 17 cells, as JSON Lines and as
# compact records, on all cores and on one; and, in the same run, maze-dataset's gen_dfs
# (`pip install maze-dataset`) on SAMPLE mazes of the same size, extrapolated to 100,000.
# Prints a Markdown table (BENCHMARKS.md, "Scale and speed").
#
# usage: scripts/bench-dataset.sh [COUNT=100000] [SAMPLE=1000]
# Needs python3 with pip for the comparison (installed in target/bench-venv); builds the
# maze binary in release mode first.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
sample=${2:-1000}
cargo build --release -q -p maze-cli
maze=target/release/maze
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seconds() { # runs a command, prints its wall time in seconds
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
echo "| run | mazes | seconds | µs per maze | bytes per maze |"
echo "|---|---|---|---|---|"
for format in json maze; do
    for threads in all 1; do
        j=()
        [ "$threads" = 1 ] && j=(-j 1)
        s=$(seconds "$maze" generate -n "$count" -W 17 -H 17 --seed 1 -f "$format" "${j[@]}" -o "$out/d.$format")
        size=$(stat -c %s "$out/d.$format")
        printf '| maze generate -f %s, %s thread(s) | %d | %.2f | %.1f | %.0f |\n' \
            "$format" "$threads" "$count" "$s" "$(echo "$s * 1000000 / $count" | bc -l)" "$(echo "$size / $count" | bc -l)"
    done
done
venv=target/bench-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    # maze-dataset 1.4 imports a name muutils 0.9 dropped.
    "$venv/bin/pip" install -q maze-dataset "muutils<0.9" > /dev/null
fi
"$venv/bin/python" - "$sample" "$count" << 'EOF'
import sys, time
from maze_dataset.generation import LatticeMazeGenerators as G
sample, count = int(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
for _ in range(sample):
    G.gen_dfs(grid_shape=(17, 17))
per = (time.perf_counter() - start) / sample
print(f"| maze-dataset gen_dfs, 1 thread ({sample} timed, extrapolated) | {count} | {per * count:.0f} | {per * 1e6:.0f} | – |")
EOF
