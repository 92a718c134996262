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
# Each step prints how long it took (wall and the CPU of its processes), and the whole list is
# printed again at the end, so a slow step shows in any log (CI's included).
timings=()
step() {
    local name=$1 started=$SECONDS cpu_before
    shift
    echo "== $name"
    cpu_seconds
    cpu_before=$cpu
    "$@"
    cpu_seconds
    timings+=("$(printf '%5d s wall %6d s CPU  %s' $((SECONDS - started)) $((cpu - cpu_before)) "$name")")
    echo "== $name: $((SECONDS - started)) s"
}
# Sets cpu to the CPU seconds (user + system) of this shell's finished children, from `times`
# (run in this shell: in a $(...) subshell it would count that subshell's children only).
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
cpu=0
cpu_seconds() {
    times > "$times_file"
    cpu=$(tail -1 "$times_file" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%d", t }')
}
if [ "$(id -u)" -eq 0 ] || sudo -n true 2> /dev/null; then
    step "validators (Debian)" scripts/install-validators.sh
    step "browser tools (Debian chromium, npm playwright-core)" scripts/install-browser.sh
    step "WebAssembly module: toolchain, build, tests in Node.js" scripts/test-wasm.sh
    step "static site" scripts/build-site.sh target/site
else
    echo "note: cannot install validators or the WebAssembly toolchain (not root, no sudo); their checks will be skipped" >&2
fi
step "Rust tests (workspace, release)" cargo test --workspace --release
# The request model's tests again on the WebAssembly module's path: everything after making
# a maze on the erased shape (maze_core::Erased), natively.
step "Rust tests of the request model on the erased shape" cargo test --release -p maze --features maze-core/erase-cold
step "Python module (venv, wheel)" scripts/install-python.sh
step "Python tests" env MAZE_BIN=target/release/maze target/python-venv/bin/python -m pytest python/tests -q
echo "== timings"
printf '%s\n' "${timings[@]}"
echo "$((SECONDS)) s in all"
