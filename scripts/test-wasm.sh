#!/usr/bin/env bash
# The WebAssembly module's tests, in Node.js: builds the module as the page gets it
# (scripts/build-wasm.sh, which installs the toolchain first) and checks it from JavaScript
# (crates/web/tests/module.mjs: every case of the output-hash table that needs no file gives
# the native bytes, what an exported function returns and throws). The module tested is the
# one the page downloads (profile wasm), not a separate test build.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v node > /dev/null || { echo "test-wasm: node is not installed" >&2; exit 1; }
pkg=target/wasm/test-pkg
scripts/build-wasm.sh "$pkg"
echo "testing the module in node $(node --version)"
node crates/web/tests/module.mjs "$pkg"
