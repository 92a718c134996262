"""Issue 48, item 8: a notebook shows a batch as a grid of its first mazes, and a big maze
as a PNG rather than a multi-megabyte SVG."""

import base64
import re

import mazekit


def test_a_batch_shows_a_grid_of_its_first_mazes():
    batch = mazekit.generate(20, width=8, height=6, seed=4)
    page = batch._repr_html_()
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == mazekit.Batch.SHOWN == 12
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert "first 12 shown" in page and f"seed {batch.seeds[11]}" in page
    # Each picture is its maze's own drawing.
    assert base64.b64decode(images[3]) == batch[3].draw("png", cell_size=160 // 8)
    few = mazekit.generate(2, shape="hex", width=5, height=5, seed=1)._repr_html_()
    assert few.count("<img") == 2 and "shown" not in few


def test_a_big_maze_is_shown_as_png_a_small_one_as_svg():
    small = mazekit.generate(1, width=20, height=20, seed=1)[0]
    assert small._repr_svg_().lstrip().startswith("<") and small._repr_png_() is None
    big = mazekit.generate(1, width=300, height=300, seed=1)[0]
    assert big._repr_svg_() is None
    png = big._repr_png_()
    assert png.startswith(b"\x89PNG")
    assert len(png) < len(big.draw("svg")) / 4
