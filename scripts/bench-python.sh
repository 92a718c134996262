#!/usr/bin/env bash
# Times making 10,000 and 100,000 mazes of 10 x 10 cells into an (N, 2, 10, 10) bool connection
# array with our Python module, our CLI (compact records), labmaze (public API and its native
# pybind11 class) and maze-dataset's gen_dfs, plus one 1000 x 1000 maze (ours vs the CLI), all
# in one run: python/bench/compare.py. The Markdown table goes to stdout and target/bench-python.md.
#
# usage: scripts/bench-python.sh [compare.py options, e.g. --counts 10000 --repeats 1]
# Uses its own venv, target/bench-venv (made once; the peers are installed once): numpy,
# labmaze, maze-dataset and muutils<0.9 (maze-dataset 1.4.2 breaks with muutils 0.9). Our
# module comes from the newest wheel in target/wheels (built with maturin if there is none),
# the CLI from target/release/maze (built with cargo if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/bench-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.bench-python-peers"
if [ ! -f "$stamp" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet numpy maze-dataset "muutils<0.9"
    # labmaze ships prebuilt wheels only for some Pythons; its source build needs Bazel, so
    # never try it: without a wheel the benchmark prints a "not installed" row.
    if ! "$venv/bin/python" -m pip install --quiet --only-binary labmaze labmaze; then
        echo "bench-python: no labmaze wheel for $("$venv/bin/python" -V); skipping labmaze" >&2
    fi
    touch "$stamp"
fi
wheel=$(ls -t target/wheels/maze-*-abi3-*.whl 2> /dev/null | head -n 1 || true)
if [ -z "$wheel" ]; then
    target/python-venv/bin/maturin build --release --manifest-path python/Cargo.toml --out target/wheels
    wheel=$(ls -t target/wheels/maze-*-abi3-*.whl | head -n 1)
fi
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$wheel"
if [ ! -x target/release/maze ]; then
    cargo build --release --bin maze
fi
"$venv/bin/python" python/bench/compare.py --maze-bin target/release/maze "$@" | tee target/bench-python.md
