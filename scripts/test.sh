#!/usr/bin/env bash
# The project's test command (the README's): installs the programs the output tests check
# our files with, the browser test's chromium and playwright-core, and the WebAssembly
# toolchain (when it can: as root or with password-less sudo); tests the engine compiled to
# WebAssembly in Node.js (scripts/test-wasm.sh) and builds the static site into target/site
# (scripts/build-site.sh), which the Rust tests then drive in the browser; then runs every
# test: the Rust workspace's, then the Python module's (scripts/install-python.sh builds it
# into a venv under target/, then pytest).
# Without the validators, their checks are skipped with a note -- unless
# MAZE_REQUIRE_VALIDATORS=1 (as in CI), which turns a missing validator (or a skipped
# Python test) into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -eq 0 ] || sudo -n true 2> /dev/null; then
    scripts/install-validators.sh
    scripts/install-browser.sh
    scripts/test-wasm.sh
    scripts/build-site.sh target/site
else
    echo "note: cannot install validators or the WebAssembly toolchain (not root, no sudo); their checks will be skipped" >&2
fi
cargo test --workspace --release
# The request model's tests again on the WebAssembly module's path: everything after making
# a maze on the erased shape (maze_core::Erased), natively.
cargo test --release -p maze --features maze-core/erase-cold
scripts/install-python.sh
MAZE_BIN=target/release/maze target/python-venv/bin/python -m pytest python/tests -q
