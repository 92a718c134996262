"""The distribution as a user meets it: its name and metadata, its version, its types, the
maze-dataset extra and what it says when maze-dataset is missing or broken, and a missing
file."""

import subprocess
import sys
import textwrap
from importlib import metadata

import pytest

import mazekit

from conftest import ROOT


def test_the_distribution_is_mazekit_with_its_version_and_metadata():
    meta = metadata.metadata("mazekit")
    assert meta["Name"] == "mazekit"
    assert mazekit.__version__ == metadata.version("mazekit")
    cargo = (ROOT / "Cargo.toml").read_text()
    assert f'version = "{mazekit.__version__}"' in cargo
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Programming Language :: Rust") for c in classifiers)
    urls = meta.get_all("Project-URL") or []
    assert any(u.startswith("Source") for u in urls)
    # The index page shows python/README.md, which starts with the one-line install.
    assert "pip install mazekit" in (metadata.distribution("mazekit").read_text("METADATA") or "")
    extras = meta.get_all("Provides-Extra") or []
    assert "dataset" in extras
    needs = meta.get_all("Requires-Dist") or []
    assert any(r.startswith("muutils") and "<0.9" in r and "dataset" in r for r in needs), needs


def test_the_import_name_is_not_the_other_maze_projects():
    # maze 3.0.0 on the index installs a top-level `maze` package: ours must not.
    files = metadata.files("mazekit") or []
    tops = {str(f).split("/")[0] for f in files if not str(f).startswith("mazekit-")}
    assert "maze" not in tops and "mazekit" in tops, tops


def test_reading_a_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        mazekit.read(tmp_path / "nothing.mzb")
    assert "nothing.mzb" in str(e.value)


def _child(code: str, path: str | None = None) -> subprocess.CompletedProcess:
    prefix = f"import sys; sys.path.insert(0, {path!r})\n" if path else ""
    return subprocess.run([sys.executable, "-c", prefix + textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_maze_dataset_missing_says_which_extra_to_install():
    done = _child(
        """
        import sys
        sys.modules["maze_dataset"] = None  # as if it were not installed
        import mazekit
        try:
            mazekit.generate(2, width=4, height=4, seed=1).to_maze_dataset()
        except ImportError as e:
            print(e)
        """
    )
    assert done.returncode == 0, done.stderr
    assert "not installed" in done.stdout and "mazekit[dataset]" in done.stdout, done.stdout


def test_maze_dataset_broken_by_muutils_says_so(tmp_path):
    # A maze_dataset whose import fails inside, as maze-dataset 1.4 does with muutils 0.9.
    fake = tmp_path / "maze_dataset"
    fake.mkdir()
    (fake / "__init__.py").write_text("from muutils.json_serialize import no_such_name\n")
    done = _child(
        """
        import mazekit
        try:
            mazekit.generate(2, width=4, height=4, seed=1).to_maze_dataset()
        except ImportError as e:
            print(e)
        """,
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert "installed but cannot be imported" in done.stdout, done.stdout
    assert "muutils<0.9" in done.stdout, done.stdout


def test_mypy_sees_the_native_types(tmp_path):
    mypy = pytest.importorskip("mypy.api")
    program = tmp_path / "use.py"
    program.write_text(
        textwrap.dedent(
            """
            import mazekit
            from mazekit import _native
            seed: int = _native.fresh_seed()
            version: str = mazekit.__version__
            wrong: str = _native.fresh_seed()
            """
        )
    )
    out, err, status = mypy.run([str(program), "--no-error-summary", "--cache-dir", str(tmp_path / ".mypy")])
    # Exactly the one deliberate error: the stub gives fresh_seed an int (without py.typed and
    # the stub, mypy would not read the package's types at all).
    lines = [l for l in out.splitlines() if "error" in l]
    assert len(lines) == 1 and "use.py:6" in lines[0] and "int" in lines[0], out + err


def test_the_stub_names_every_native_function():
    from mazekit import _native

    stub = (ROOT / "python" / "mazekit" / "_native.pyi").read_text()
    public = {n for n in dir(_native) if not n.startswith("_") or n == "__version__"}
    missing = sorted(n for n in public if f"def {n}(" not in stub and f"{n}:" not in stub and f"class {n}" not in stub)
    assert not missing, f"not in _native.pyi: {missing}"
