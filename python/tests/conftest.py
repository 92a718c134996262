"""Shared helpers: the `maze` command the module is compared with."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli() -> str:
    """The `maze` command of this checkout ($MAZE_BIN, else target/release/maze, built
    when missing)."""
    path = os.environ.get("MAZE_BIN") or str(ROOT / "target" / "release" / "maze")
    if not os.path.exists(path):
        subprocess.run(["cargo", "build", "--release", "--bin", "maze"], cwd=ROOT, check=True)
    return path


def interrupted(call: str, after: float = 0.5) -> float:
    """Runs `maze.<call>` in a child Python, sends it Ctrl-C `after` seconds in, and
    returns how long the call took to raise KeyboardInterrupt (failing if it did not)."""
    script = textwrap.dedent(
        f"""
        import mazekit as maze, sys, time
        print("ready", flush=True)
        start = time.time()
        try:
            maze.{call}
        except KeyboardInterrupt:
            print(f"interrupted {{time.time() - start:.2f}}", flush=True)
            sys.exit(3)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(after)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert child.returncode == 3 and "interrupted" in out, out
    return float(out.split()[-1])


def run(cli: str, *args: str) -> bytes:
    """The bytes `maze ARGS` writes to stdout (it must succeed)."""
    done = subprocess.run([cli, *args], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


# In CI (MAZE_REQUIRE_VALIDATORS=1, as for the Rust tests) every test must run: a test
# skipped for want of maze-dataset or Dask fails the run instead of passing quietly.
_skipped: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_collectreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if _skipped and os.environ.get("MAZE_REQUIRE_VALIDATORS") == "1":
        print(f"\nMAZE_REQUIRE_VALIDATORS=1 and {len(_skipped)} skipped: {', '.join(_skipped)}")
        session.exitstatus = 1
