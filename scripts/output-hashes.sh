#!/usr/bin/env bash
# usage: scripts/output-hashes.sh BIN OUTDIR: one sha256 line per case x format in OUTDIR/hashes,
# to compare two builds byte for byte (diff the two hashes files) before and after a redesign.
BIN=$1; OUT=$2; mkdir -p $OUT; : > $OUT/hashes
i=0
while IFS= read -r line; do
  i=$((i+1))
  for f in svg tex scad stl pdf png text json maze; do
    eval "set -- $line"
    args=("$@")
    for k in "${!args[@]}"; do args[$k]=$(printf '%b' "${args[$k]}"); done
    if $BIN generate "${args[@]}" -f $f -o $OUT/c$i.$f 2>/dev/null; then h=$(sha256sum < $OUT/c$i.$f | cut -c1-16); else h=ERR; fi
    echo "$i $f $h" >> $OUT/hashes
  done
done < "$(dirname "$0")/output-hashes.cases"
