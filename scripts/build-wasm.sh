#!/usr/bin/env bash
# Builds the engine as a WebAssembly ES module for the page without a server: crates/web
# (package maze-web) for wasm32-unknown-unknown with the [profile.wasm] of Cargo.toml, then
# wasm-bindgen --target web (a module a Web Worker can import) into OUT_DIR (default
# target/wasm/pkg): maze_web.js, maze_web_bg.wasm and their TypeScript declarations.
# Installs what it needs first (scripts/install-wasm.sh). Prints the module's size, raw and
# gzipped. Debian's wasm-opt (binaryen 108) breaks wasm-bindgen modules: it is not run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
out=${1:-target/wasm/pkg}
case "$out" in /*) ;; *) out="$repo/$out" ;; esac
scripts/install-wasm.sh
# shellcheck source=scripts/wasm-env.sh
. scripts/wasm-env.sh
wasm_env_export
echo "building maze-web for $WASM_TARGET (rustc $WASM_RUSTC_RELEASE, profile wasm)"
"$WASM_CARGO" build -q -p maze-web --target "$WASM_TARGET" --profile wasm
wasm="$CARGO_TARGET_DIR/$WASM_TARGET/wasm/maze_web.wasm"
mkdir -p "$out"
# The name and producers sections only serve debugging: a third of the gzipped module.
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out" "$wasm"
module="$out/maze_web_bg.wasm"
echo "$module: $(wc -c < "$module") bytes, $(gzip -9 -c "$module" | wc -c) gzipped"
