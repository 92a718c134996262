"""Books from Python (issue 51): a whole batch drawn as one PDF book with the print options,
byte for byte the command's book, and the refusals of what a book cannot be made from."""

import re

import pytest

import mazekit as maze
from conftest import run


def test_a_batch_is_drawn_as_the_command_s_book(cli):
    batch = maze.generate(14, 8, 8, seed=5, solve="bfs", title="Rainy Day Mazes")
    book = batch.draw("pdf", trim="6x9in", bleed=True, keys_per_page=6, page_numbers=True,
                      order="difficulty", front_page=True)
    expected = run(cli, "generate", "-n", "14", "-W", "8", "-H", "8", "--seed", "5", "--solve", "-f", "pdf",
                   "--title", "Rainy Day Mazes", "--trim", "6x9in", "--bleed", "--keys-per-page", "6",
                   "--page-numbers", "--order", "difficulty", "--front-page")
    assert book == expected
    # A title page, 14 puzzles and 3 key pages.
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", book)) == 1 + 14 + 3
    plain = batch.draw("pdf")
    assert plain != book and plain.startswith(b"%PDF")
    # One maze's page takes the book options too.
    assert batch[0].draw("pdf", trim="6x9in", front_page=True).startswith(b"%PDF")


def test_a_book_is_made_only_from_a_whole_batch_and_only_drawn():
    batch = maze.generate(6, 5, 5, seed=1)
    with pytest.raises(ValueError, match="only a whole batch"):
        batch[1:4].draw("pdf")
    with pytest.raises(ValueError, match="changes the mazes"):
        batch.draw("pdf", width=9)
    with pytest.raises(ValueError, match="changes the mazes"):
        batch.draw("pdf", count=9)
    with pytest.raises(ValueError, match="order"):
        batch.draw("pdf", order="hardest")
    with pytest.raises(ValueError, match="front-page applies to pdf|front_page applies to pdf"):
        batch.draw("svg", front_page=True)
