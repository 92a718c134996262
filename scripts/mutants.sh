#!/usr/bin/env bash
# Mutation testing of a change: cargo-mutants on the Rust lines changed since BASE (committed
# or not; new files must be added to git first), in the `mutants` profile of Cargo.toml.
# Each mutant is tested by the tests of the package it is in. Run it before calling a core
# or render change done, and add a test for each mutant it reports MISSED (unless the
# mutant changes only speed: say so in the commit). Not part of CI: on two cores it takes
# about a minute a mutant.
#
# Usage: scripts/mutants.sh [BASE] [cargo-mutants options]   (BASE defaults to main)
#   scripts/mutants.sh                                      # this branch against main
#   scripts/mutants.sh HEAD~1 --file crates/core/src/stats.rs
# Results: target/mutants/mutants.out/{caught,missed,timeout,unviable}.txt.
# Needs cargo-mutants: cargo install cargo-mutants --locked
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
[ $# -gt 0 ] && shift
command -v cargo-mutants > /dev/null || {
    echo "cargo-mutants is not installed: cargo install cargo-mutants --locked" >&2
    exit 1
}
mkdir -p target/mutants
diff=target/mutants/changes.diff
git diff "$(git merge-base "$base" HEAD)" -- '*.rs' > "$diff"
if [ ! -s "$diff" ]; then
    echo "no Rust changes since $base: nothing to mutate"
    exit 0
fi
# --in-diff: only mutants on changed lines; -j 1: one build at a time on two cores;
# --timeout: a mutant that makes a test loop for ever is stopped (and reported TIMEOUT);
# -- --lib --tests: unit and integration tests, not doctests (one build per example).
exec cargo mutants --in-diff "$diff" --profile mutants --timeout 300 -j 1 --output target/mutants "$@" \
    -- --lib --tests
