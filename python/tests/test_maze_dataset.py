"""Round trips with maze-dataset: its arrays, pixels, tokens and solver agree with ours."""

import numpy as np
import pytest

import mazekit as maze

md = pytest.importorskip("maze_dataset")


def test_to_maze_dataset_keeps_the_arrays_and_routes():
    batch = maze.generate(20, width=7, height=6, seed=4)
    solved = batch.to_maze_dataset()
    assert len(solved) == 20
    for i, m in enumerate(solved):
        assert isinstance(m, md.SolvedMaze)
        assert np.array_equal(m.connection_list, batch.connections[i])
        assert np.array_equal(m.solution, batch.solutions[i])
        assert tuple(m.start_pos) == tuple(batch.starts[i]) and tuple(m.end_pos) == tuple(batch.ends[i])


def test_pixels_are_maze_datasets():
    batch = maze.generate(10, width=6, height=4, seed=9, braid=0.3)
    px = batch.as_pixels()
    for i in range(10):
        theirs = md.LatticeMaze(connection_list=batch.connections[i]).as_pixels()
        assert np.array_equal(px[i], theirs[:, :, 0])


def test_tokens_read_back_by_maze_dataset():
    from maze_dataset.tokenization import MazeTokenizer, TokenizationMode

    tokenizer = MazeTokenizer(tokenization_mode=TokenizationMode.AOTP_UT_uniform, max_grid_size=10)
    batch = maze.generate(10, width=5, height=5, seed=2)
    for i, tokens in enumerate(batch.as_tokens()):
        back = md.SolvedMaze.from_tokens(tokens, tokenizer)
        assert np.array_equal(back.connection_list, batch.connections[i])
        assert np.array_equal(back.solution, batch.solutions[i])


def test_their_mazes_solved_by_ours():
    gen = md.LatticeMazeGenerators.gen_dfs
    mazes = [gen(np.array([6, 5])) for _ in range(15)]
    connections = np.stack([m.connection_list for m in mazes])
    starts = np.zeros((15, 2), dtype=int)
    ends = np.tile([5, 4], (15, 1))
    routes = maze.solve(connections, starts, ends)
    for m, route in zip(mazes, routes):
        theirs = m.find_shortest_path((0, 0), (5, 4))
        assert np.array_equal(route, theirs)
