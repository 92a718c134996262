#!/usr/bin/env bash
# The WebAssembly module's tests, in Node.js: installs the toolchain (scripts/install-wasm.sh),
# runs crates/web's tests built for wasm32-unknown-unknown under wasm-bindgen-test-runner
# (the output-hash table's cases must give the native bytes; errors come back as messages),
# then builds the module as the page gets it (scripts/build-wasm.sh) and checks it from
# JavaScript (crates/web/tests/module.mjs: what an exported function returns and throws).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-wasm.sh
command -v node > /dev/null || { echo "test-wasm: node is not installed" >&2; exit 1; }
(
    # shellcheck source=scripts/wasm-env.sh
    . scripts/wasm-env.sh
    wasm_env_export
    echo "testing maze-web on $WASM_TARGET in node $(node --version)"
    # --lib --tests: no doctests (rustdoc would need the sysroot flag as well).
    "$WASM_CARGO" test -p maze-web --target "$WASM_TARGET" --release --lib --tests
)
pkg=target/wasm/test-pkg
scripts/build-wasm.sh "$pkg"
node crates/web/tests/module.mjs "$pkg"
