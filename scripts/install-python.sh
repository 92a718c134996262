#!/usr/bin/env bash
# The Python side of the tests: a venv (target/python-venv, or $MAZE_VENV) with what
# python/requirements-test.txt lists, then the module `mazekit` built as one abi3 wheel by
# `maturin build --release` (Rust alone; cargo's own cache makes a rebuild quick) and
# installed from that wheel, as a user without a compiler would install it.
# Steps already done are skipped: the venv, and the requirements while their list is unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${MAZE_VENV:-target/python-venv}
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.requirements-$(sha256sum python/requirements-test.txt | cut -c1-16)"
if [ ! -f "$stamp" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -r python/requirements-test.txt
    touch "$stamp"
fi
rm -rf target/wheels
"$venv/bin/maturin" build --release --quiet --manifest-path python/Cargo.toml --out target/wheels
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps target/wheels/mazekit-*-abi3-*.whl
