"""Issue 48, item 8: `mazekit.generate` takes every option of the request as a keyword
argument, with its type, default and help, written by scripts/python-signature.py from the
request's one declaration (`_native.field_info()`), so they cannot drift."""

import importlib.util
import inspect
import json

import pytest

import mazekit
from conftest import ROOT
from mazekit import _native


def _script():
    spec = importlib.util.spec_from_file_location("python_signature", ROOT / "scripts" / "python-signature.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_signature_is_the_one_the_field_list_writes():
    script = _script()
    text = (ROOT / "python" / "mazekit" / "__init__.py").read_text()
    assert script.rewritten(text, script.generated(_native.field_info())) == text, (
        "python/mazekit/__init__.py is stale: run scripts/python-signature.py"
    )


def test_every_option_is_a_keyword_with_its_default_and_help():
    script = _script()
    info = {f["name"].replace("-", "_"): f for f in _native.field_info()}
    params = inspect.signature(mazekit.generate).parameters
    left_out = {n.replace("-", "_") for n in script.LEFT_OUT} - {"count"}
    assert set(params) - {"options"} == set(info) - left_out
    assert list(params)[:5] == ["count", "width", "height", "algorithm", "seed"]
    assert params["options"].kind is inspect.Parameter.VAR_KEYWORD
    doc = inspect.getdoc(mazekit.generate)
    for name, f in info.items():
        if name in left_out or name == "count":
            continue
        p = params[name]
        if name not in ("width", "height", "algorithm", "seed"):
            assert p.kind is inspect.Parameter.KEYWORD_ONLY, name
        default = json.loads(f["default"])
        expected = default if isinstance(default, (bool, int, float, str)) and not f["rust_type"].startswith("Option<") else None
        assert p.default == expected and type(p.default) is type(expected), (name, p.default, expected)
        assert f"{name} [" in doc, name
    assert params["shape"].default == "square" and params["levels"].default == 1
    assert "Cell shape: square, hex" in doc and "max_bytes [1073741824]" in doc


def test_keyword_and_dict_calls_make_the_same_batch_and_the_same_request():
    a = mazekit.generate(5, width=6, height=4, seed=2, shape="hex", braid=0.2)
    b = mazekit.generate(5, **{"width": 6, "height": 4, "seed": 2, "shape": "hex", "braid": 0.2})
    assert a.request == b.request and (a.seeds == b.seeds).all()
    # Options at their defaults are left out of the request, as before they were keywords.
    plain = mazekit.generate(3, width=4, height=4, seed=1, shape="square", levels=1)
    assert plain.request == {"count": 3, "width": 4, "height": 4, "seed": 1}
    # True is not the number 1: still refused as before.
    with pytest.raises(ValueError, match="levels"):
        mazekit.generate(3, width=4, height=4, seed=1, levels=True)
    with pytest.raises(ValueError, match="widht"):
        mazekit.generate(2, widht=5)


def test_mypy_checks_the_options(tmp_path):
    mypy = pytest.importorskip("mypy.api")
    program = tmp_path / "use.py"
    program.write_text(
        "import mazekit\n"
        "ok = mazekit.generate(10, width=5, braid=0.2, shape='hex', where=['solution>=3'])\n"
        "bad = mazekit.generate(10, levels='two')\n"
    )
    out, err, status = mypy.run([str(program), "--no-error-summary", "--cache-dir", str(tmp_path / ".mypy")])
    lines = [l for l in out.splitlines() if "error" in l]
    assert len(lines) == 1 and "use.py:3" in lines[0] and "levels" in lines[0], out + err
