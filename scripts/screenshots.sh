#!/usr/bin/env bash
# Retakes the README's pictures of the page (docs/images/page-desktop.png, page-phone.png,
# page-big.png, page-worksheet.png): builds maze, starts `maze serve` on a free port, and drives headless
# Chromium with crates/cli/tests/browser/screenshots.mjs, which opens each maze by its link
# (so the pictures show the same mazes each time). Needs what the browser test needs
# (scripts/install-browser.sh). OUT_DIR defaults to docs/images.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/images}
case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac
scripts/install-browser.sh
cargo build --release -q -p maze-cli
log=$(mktemp)
target/release/maze serve --port 0 > "$log" 2>&1 &
server=$!
trap 'kill "$server" 2> /dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 50); do
    url=$(sed -n 's/^listening on \(http[^ ]*\).*/\1/p' "$log")
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "maze serve did not start:" >&2; cat "$log" >&2; exit 1; }
(cd crates/cli/tests/browser && CHROMIUM=${CHROMIUM:-/usr/bin/chromium} node screenshots.mjs "$url" "$out")
ls -l "$out"/page-desktop.png "$out"/page-phone.png "$out"/page-big.png "$out"/page-worksheet.png
