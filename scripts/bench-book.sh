#!/usr/bin/env bash
# Times a 1,000-maze print book with answer keys (issue 51) against the plain 1,000-page PDF
# of the same mazes, in one run, and prints a Markdown table: wall time, CPU time (user +
# system, which a loaded machine does not inflate) and peak memory (GNU time's max RSS).
#
#     scripts/bench-book.sh [MAZE_BINARY]     # default target/release/maze
set -euo pipefail
maze=${1:-target/release/maze}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
common=(generate -W 20 -H 20 --seed 1 -f pdf)
rows=(
    "plain 1,000-page PDF (no keys)|-n 1000"
    "500 puzzles + 500 full-size keys (1,000 pages)|-n 500 --solve"
    "book: 1,000 puzzles, keys 6 a page, page numbers|-n 1000 --solve --keys-per-page 6 --page-numbers"
    "book as the issue's: + --order difficulty --front-page --title|-n 1000 --solve --keys-per-page 6 --page-numbers --order difficulty --front-page --title Mazes"
)
echo "| run | pages | wall s | CPU s | peak MB |"
echo "|---|---|---|---|---|"
for row in "${rows[@]}"; do
    name=${row%%|*}
    read -r -a extra <<< "${row#*|}"
    /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$maze" "${common[@]}" "${extra[@]}" -o "$out/book.pdf"
    read -r wall user sys rss < "$out/time"
    pages=$(pdfinfo "$out/book.pdf" | awk '/^Pages:/ { print $2 }')
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    echo "| $name | $pages | $wall | $cpu | $((rss / 1024)) |"
done
echo
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
