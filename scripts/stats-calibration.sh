#!/usr/bin/env bash
# Prints the table "Measured, by generator" of docs/STATS.md from the release binary:
# SEEDS mazes (default 200) of 30 x 30 squares per generator (quad-division 32 x 32),
# seeds 1 to SEEDS, default entrance and exit, measured by `maze stats`, one row per
# generator in the document's order. Paste the rows over the old ones when the generators
# or the statistics change. (This replaces the ignored test that only printed a table; the
# bands' calibration itself is asserted by the stats tests.)
# Needs jq. Usage: scripts/stats-calibration.sh [SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-200}
command -v jq > /dev/null || { echo "stats-calibration.sh needs jq" >&2; exit 1; }
cargo build --release --quiet -p maze-cli
maze=target/release/maze
echo "| generator | mean difficulty | range | easy % | medium % | hard % | extreme % | dead ends % | river | solution (steps) | straightness |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for a in kruskal quad-division binary-tree aldous-broder recursive-backtracker wilson prim prim-true \
    prim-modified eller sidewinder hunt-and-kill growing-tree recursive-division; do
    side=30
    [ "$a" = quad-division ] && side=32
    "$maze" generate -W "$side" -H "$side" -a "$a" --count "$seeds" --seed 1 -f json \
        | "$maze" stats - --json \
        | jq -s -r --arg a "$a" '
            def mean(f): (map(f) | add) / length;
            def half_even: floor as $f | (. - $f) as $r
                | if $r > 0.5 then $f + 1 elif $r < 0.5 then $f elif $f % 2 == 0 then $f else $f + 1 end;
            def pct(band): 100 * (map(select(.hardness == band)) | length) / length | half_even;
            def fixed(d): (. * pow(10; d) | round) / pow(10; d) | tostring
                | if d > 0 and (contains(".") | not) then . + "." + ("0" * d)
                  else (split(".") as $p | if d > 0 then $p[0] + "." + ($p[1] + "0" * d)[0:d] else . end) end;
            "| \($a) | \(mean(.difficulty) | fixed(1)) | \(map(.difficulty) | min | round)–\(map(.difficulty) | max | round) | \(pct("easy")) | \(pct("medium")) | \(pct("hard")) | \(pct("extreme")) | \(100 * mean(.dead_end_share) | fixed(1)) | \(mean(.river) | fixed(2)) | \(mean(.solution_length) | round) | \(mean(.straightness) | fixed(2)) |"'
done
