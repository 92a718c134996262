#!/usr/bin/env bash
# Writes the page as a self-contained static site into DIR (default target/site): the
# same index.html, app.js and style.css `maze serve` sends, the maze engine compiled to
# WebAssembly (crates/web, built by scripts/build-wasm.sh) with the Web Worker that runs
# it, a service worker that keeps the site working offline after the first visit, and a
# web app manifest so that a phone can install it. No server code: any static file server
# can serve DIR (`python3 -m http.server -d DIR`), and so can GitHub Pages (README.md,
# "The page without a server"). Browsers load ES modules and WebAssembly over http(s)
# only, not from file://.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/site}
assets=crates/cli/src/serve/assets
site=crates/web/site

mkdir -p "$out"
out=$(cd "$out" && pwd)
scripts/build-wasm.sh "$out"
# Only the module and its JavaScript glue are the site's.
rm -f "$out"/*.d.ts "$out"/package.json "$out"/.gitignore

# The page marks itself as a static site: app.js then asks the module, never a server.
sed -e 's|<meta name="viewport"|<meta name="maze-engine" content="module">\n<link rel="manifest" href="manifest.webmanifest">\n<meta name="theme-color" content="#ffffff">\n<meta name="viewport"|' \
    "$assets/index.html" > "$out/index.html"
grep -q 'name="maze-engine" content="module"' "$out/index.html" || {
    echo "build-site: could not mark index.html as a static site" >&2
    exit 1
}
cp "$assets/app.js" "$assets/words.js" "$assets/worksheet.js" "$assets/style.css" "$site/worker.js" "$site/manifest.webmanifest" "$site/icon.svg" "$out/"

# The service worker caches every file of this build, under a name made of their hash.
files=(./ index.html app.js words.js worksheet.js style.css worker.js maze_web.js maze_web_bg.wasm manifest.webmanifest icon.svg)
build=$(cd "$out" && cat "${files[@]:1}" | sha256sum | cut -c1-16)
list=$(printf '"%s",' "${files[@]}")
sed -e "s|maze-BUILD|maze-$build|" -e "s|FILE_LIST|[${list%,}]|" "$site/sw.js" > "$out/sw.js"

total=$(cd "$out" && cat "${files[@]:1}" sw.js | wc -c)
gz=$(cd "$out" && for f in "${files[@]:1}" sw.js; do gzip -9 -c "$f"; done | wc -c)
wasm=$(wc -c < "$out/maze_web_bg.wasm")
wasm_gz=$(gzip -9 -c "$out/maze_web_bg.wasm" | wc -c)
echo "static site in $out: $total bytes ($gz gzipped); the module $wasm bytes ($wasm_gz gzipped)"
