#!/usr/bin/env bash
# Makes a dataset of TOTAL mazes from seed SEED in SHARDS pieces run by GNU parallel: piece
# i is `maze generate --count TOTAL --seed SEED --part i --parts SHARDS`, the batch's mazes
# i*TOTAL/SHARDS to (i+1)*TOTAL/SHARDS - 1. The pieces, concatenated in order
# (`cat OUTDIR/shard-*`), are byte for byte what one `maze generate --count TOTAL --seed SEED`
# run writes, and never share a seed, --where and --hardness included (maze j of a
# filtered batch tries seeds SEED+j, SEED+j+TOTAL, ...).
#
# usage: scripts/shard.sh TOTAL SHARDS SEED OUTDIR [maze generate options...]
#   e.g. scripts/shard.sh 1000000 64 0 out -W 17 -H 17 -f maze --where 'solution>=40'
#
# Formats: json (JSON Lines) and maze (compact records) concatenate; the others do not.
# Environment: MAZE (the maze program, default `maze` on PATH), JOBS (pieces run at once,
# default: one per core; each piece also uses every core unless given -j 1).
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
total=$1 shards=$2 seed=$3 outdir=$4
shift 4
for n in "$total" "$shards" "$seed"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "error: TOTAL, SHARDS and SEED must be whole numbers, not '$n'" >&2; exit 2; }
done
# A batch of one maze is written as a pretty JSON document, not a JSON Lines line.
[ "$shards" -ge 1 ] && [ "$total" -ge 2 ] && [ "$shards" -le "$total" ] || { echo "error: need 2 <= TOTAL and 1 <= SHARDS <= TOTAL" >&2; exit 2; }
for a in "$@"; do
    case "$a" in
        --count* | -n | --seed* | --part* | -o | --output*)
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
    printf '%0*d %d\n' "$width" "$i" "$i"
done | parallel -q --halt now,fail=1 -j "${JOBS:-100%}" --colsep ' ' \
    "$maze" generate --seed "$seed" --count "$total" --part {2} --parts "$shards" "$@" -o "$outdir/shard-{1}"
echo "wrote $shards pieces of $total mazes to $outdir (cat $outdir/shard-* joins them in order)" >&2
