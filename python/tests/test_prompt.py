"""Prompt styles (``as_text``), their parser (``mazekit.parse``) and task records
(``mazekit.tasks``): every style reads back to the same connections, start and goal on
every size, braided and with random ends; garbage is a one-line ``ValueError``; records
are the command line's, the same alone or in any batch."""

import json
import subprocess

import numpy as np
import pytest

import mazekit

STYLES = mazekit.PROMPT_STYLES


@pytest.mark.parametrize("style", STYLES)
def test_every_style_reads_back_on_every_size(style):
    for h in range(1, 13):
        for w in range(1, 13):
            for extra in ({}, {"braid": 0.5}, {"entrance": "random", "exit": "random", "braid": 1.0}):
                if w * h == 1 and "entrance" in extra:
                    continue
                batch = mazekit.generate(3, w, h, seed=w * 100 + h, **extra)
                for solve in (False, True):
                    texts = batch.as_text(style, solve=solve)
                    assert len(texts) == 3
                    for i, text in enumerate(texts):
                        back = mazekit.parse(text, style)
                        assert (back["height"], back["width"]) == (h, w)
                        assert np.array_equal(back["connections"], batch.connections[i]), (style, w, h, text)
                        assert tuple(back["start"]) == tuple(batch.starts[i])
                        assert tuple(back["goal"]) == tuple(batch.ends[i])


def test_ascii_glyphs_vary_by_seed_and_read_back():
    batch = mazekit.generate(20, 6, 5, seed=3)
    texts = batch.as_text("ascii", glyphs=True)
    assert len({t.splitlines()[0] for t in texts}) > 1
    for i, text in enumerate(texts):
        assert np.array_equal(mazekit.parse(text, "ascii")["connections"], batch.connections[i])


def test_maze_as_text_is_the_batch_row_and_the_command_lines_output(cli):
    batch = mazekit.generate(2, 5, 4, seed=9, braid=0.3)
    for style in STYLES:
        assert batch[1].as_text(style) == batch.as_text(style)[1]
        out = subprocess.run(
            [cli, "generate", "-W", "5", "-H", "4", "--seed", "10", "--braid", "0.3", "-f", "prompt",
             "--prompt-style", style],
            capture_output=True, text=True, check=True,
        ).stdout
        assert out == batch.as_text(style)[1]


def test_as_tokens_is_the_aotp_style_with_the_path():
    batch = mazekit.generate(4, 5, 5, seed=1)
    tokens = batch.as_tokens()
    solved = batch.as_text("aotp", solve=True)
    assert tokens == [t.split() for t in solved]
    assert tokens[0][0] == "<ADJLIST_START>" and tokens[0][-1] == "<PATH_END>"


def test_other_shapes_have_ascii_and_plain_only():
    batch = mazekit.generate(2, 4, 3, seed=5, shape="hex")
    assert batch.as_text("plain")[0].startswith("A maze of ")
    assert "S" in batch[0].as_text("ascii")
    with pytest.raises(ValueError, match="hrm prompt style is for plain square grids, not hex cells"):
        batch.as_text("hrm")


@pytest.mark.parametrize("style", STYLES)
def test_garbage_is_a_one_line_value_error(style):
    for text in ["", "garbage", "<|0-0|>", "#\n#", "A maze of 3 rows", "\x00\xff" * 10, "(((" * 50]:
        with pytest.raises(ValueError) as e:
            mazekit.parse(text, style)
        assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match="unknown prompt style"):
        mazekit.parse("x", "nope")
    with pytest.raises(ValueError):
        mazekit.parse(b"bytes", style)


def test_tasks_records_match_the_command_line_and_are_the_same_alone(cli):
    records = list(mazekit.tasks(6, style="hrm", seed=40, width=7, height=5, braid=0.5))
    assert [r["seed"] for r in records] == list(range(40, 46))
    for i, r in enumerate(records):
        assert r["reachable"] is True
        assert r["shortest_length"] == len(r["moves"])
        assert r["answer"] == r["moves"]
        assert set(r["moves"]) <= set("UDLR")
        for key in ("id", "prompt", "dead_ends", "decisions", "difficulty", "hardness"):
            assert key in r
        assert list(mazekit.tasks(1, style="hrm", seed=40 + i, width=7, height=5, braid=0.5)) == [r]
    out = subprocess.run(
        [cli, "generate", "-W", "7", "-H", "5", "--braid", "0.5", "--count", "6", "--seed", "40",
         "-f", "tasks", "--prompt-style", "hrm", "--threads", "2"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert [json.loads(line) for line in out.splitlines()] == records


def test_tasks_in_parts_are_the_one_batch(monkeypatch):
    whole = list(mazekit.tasks(7, style="aotp", seed=3, width=4, height=4))
    monkeypatch.setattr(mazekit, "TASKS_CHUNK", 3)
    assert list(mazekit.tasks(7, style="aotp", seed=3, width=4, height=4)) == whole


def test_tasks_images_are_png_and_alphamaze_reasons():
    (record,) = mazekit.tasks(1, style="alphamaze", seed=8, image=True, width=5, height=5)
    assert record["image"].startswith(b"\x89PNG\r\n\x1a\n")
    assert record["answer"].startswith("Step 1: from <|")
    assert record["answer"].splitlines()[-1] == record["moves"]


def test_tasks_bad_options_raise_at_once():
    with pytest.raises(ValueError, match="prompt style"):
        mazekit.tasks(2, style="nope")
    with pytest.raises(ValueError, match="tasks are made on plain square grids"):
        mazekit.tasks(2, shape="hex")
    with pytest.raises(ValueError, match="count"):
        mazekit.tasks(0)
