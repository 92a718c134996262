#!/usr/bin/env bash
# Makes a dataset of TOTAL mazes with seeds SEED, SEED+1, ... in SHARDS pieces run by GNU
# parallel, one `maze generate --count` per piece over its own seed range. The pieces,
# concatenated in order (`cat OUTDIR/shard-*`), are byte for byte what one
# `maze generate --count TOTAL --seed SEED` run writes.
#
# usage: scripts/shard.sh TOTAL SHARDS SEED OUTDIR [maze generate options...]
#   e.g. scripts/shard.sh 1000000 64 0 out -W 17 -H 17 -f maze
#
# Formats: json (JSON Lines) and maze (compact records) concatenate; the others do not.
# --where/--hardness are refused: which seeds pass is only known by trying them in order.
# Environment: MAZE (the maze program, default `maze` on PATH), JOBS (pieces run at once,
# default: one per core; each piece also uses every core unless given -j 1).
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
total=$1 shards=$2 seed=$3 outdir=$4
shift 4
for n in "$total" "$shards" "$seed"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "error: TOTAL, SHARDS and SEED must be whole numbers, not '$n'" >&2; exit 2; }
done
# Every piece holds at least two mazes: a lone maze is written as a pretty JSON document,
# not a JSON Lines line, and would not join up byte for byte.
[ "$shards" -ge 1 ] && [ "$total" -ge $((2 * shards)) ] || { echo "error: need 1 <= SHARDS <= TOTAL / 2" >&2; exit 2; }
for a in "$@"; do
    case "$a" in
        --where* | --hardness* | --count* | -n | --seed* | -o | --output*)
            echo "error: $a is set by the script (or cannot be sharded)" >&2
            exit 2
            ;;
    esac
done
command -v parallel > /dev/null || { echo "error: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
maze=${MAZE:-maze}
mkdir -p "$outdir"
width=${#shards}
# Piece i (0-based) holds mazes [i*total/shards, (i+1)*total/shards): sizes differ by at most one.
for ((i = 0; i < shards; i++)); do
    from=$((i * total / shards))
    to=$(((i + 1) * total / shards))
    printf '%0*d %d %d\n' "$width" "$i" "$((seed + from))" "$((to - from))"
done | parallel -q --halt now,fail=1 -j "${JOBS:-100%}" --colsep ' ' \
    "$maze" generate --seed {2} --count {3} "$@" -o "$outdir/shard-{1}"
echo "wrote $shards pieces of $total mazes to $outdir (cat $outdir/shard-* joins them in order)" >&2
