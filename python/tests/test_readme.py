"""The README's Python example runs as written."""

import os
import re

from conftest import ROOT


def test_the_readme_example_runs(tmp_path, monkeypatch):
    text = (ROOT / "README.md").read_text()
    section = text[text.index("\n## Python\n") :]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    exec(compile(example, "README.md", "exec"), namespace)
    batch, hard = namespace["batch"], namespace["hard"]
    assert batch.connections.shape == (10_000, 2, 10, 10)
    assert len(hard) == 100 and (hard.stats["solution_length"] >= 60).all()
    assert [len(p) for p in (namespace["train"], namespace["val"], namespace["test"])] == [80, 10, 10]
    assert os.path.exists(tmp_path / "hard.mzb")
    assert len(namespace["routes"]) == 100
    # Random ends, drawn per maze; maze-dataset's endpoint rules.
    assert len({tuple(p) for p in batch.starts.tolist()}) > 90
    rules = namespace["rules"]
    assert len(rules) == 1000 and (rules.ends[:, 1] >= 5).all()
