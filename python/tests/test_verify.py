"""Issue 49: answers checked by the library's verifier from Python (`mazekit.verify`,
`Batch.verify`, `Maze.verify`), and shortest-route facts (`shortest_length`,
`shortest_count`, `shortest_routes`) checked against a brute-force count in Python."""

import itertools

import numpy as np
import pytest

import mazekit

STEP = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}


def moves_of(route: np.ndarray) -> str:
    return "".join(STEP[(int(b[0] - a[0]), int(b[1] - a[1]))] for a, b in itertools.pairwise(route))


def neighbours(conn: np.ndarray, r: int, c: int):
    h, w = conn.shape[1:]
    if r > 0 and conn[0, r - 1, c]:
        yield "U", (r - 1, c)
    if c + 1 < w and conn[1, r, c]:
        yield "R", (r, c + 1)
    if r + 1 < h and conn[0, r, c]:
        yield "D", (r + 1, c)
    if c > 0 and conn[1, r, c - 1]:
        yield "L", (r, c - 1)


def brute_force(conn: np.ndarray, start, goal) -> list[str]:
    """Every shortest route by breadth-first distances and a walk over every choice."""
    dist = {tuple(goal): 0}
    frontier = [tuple(goal)]
    while frontier:
        nxt = []
        for cell in frontier:
            for _, n in neighbours(conn, *cell):
                if n not in dist:
                    dist[n] = dist[cell] + 1
                    nxt.append(n)
        frontier = nxt
    start = tuple(start)
    if start not in dist:
        return []
    routes = []

    def walk(cell, so_far):
        if cell == tuple(goal):
            routes.append(so_far)
            return
        for m, n in neighbours(conn, *cell):
            if dist.get(n) == dist[cell] - 1:
                walk(n, so_far + m)

    walk(start, "")
    return routes


def test_every_shortest_route_of_braided_mazes_is_counted_listed_and_accepted():
    batch = mazekit.generate(300, width=6, height=6, braid=0.6, seed=11, solve="bfs")
    facts = batch.shortest(limit=10_000)
    several = 0
    answers = []
    for i in range(len(batch)):
        routes = brute_force(batch.connections[i], batch.starts[i], batch.ends[i])
        assert int(facts["count"][i]) == len(routes) and not facts["saturated"][i]
        assert sorted(facts["routes"][i]) == sorted(routes)
        assert int(facts["length"][i]) == len(routes[0])
        several += len(routes) > 1
        answers.append(routes[-1])
    assert several > 50
    verdicts = batch.verify(answers)
    assert verdicts["optimal"].all() and verdicts["valid"].all() and verdicts["reaches_goal"].all()
    assert (verdicts["excess_steps"] == 0).all() and (verdicts["first_error"] == -1).all()
    assert (verdicts["shortest_length"] == facts["length"]).all()
    assert np.array_equal(batch.shortest_count, facts["count"])
    assert np.array_equal(batch.shortest_length, facts["length"])


def test_the_solutions_verify_and_wrong_answers_are_told_apart():
    batch = mazekit.generate(50, width=8, height=8, seed=3, solve="bfs")
    answers = [moves_of(r) for r in batch.solutions]
    assert mazekit.verify(batch, answers)["optimal"].all()
    maze = batch[0]
    right = answers[0]
    v = mazekit.verify(maze, right)
    assert v == {
        "valid": True, "reaches_goal": True, "optimal": True, "reachable": True, "excess_steps": 0,
        "first_error": None, "shortest_length": len(right), "moves": len(right), "reason": v["reason"],
    }
    assert maze.shortest_length == len(right) and maze.shortest_count == 1
    assert maze.shortest_routes() == [right]
    # A detour into an open neighbour and back: valid, not optimal, two steps more (a
    # square grid is bipartite: no route is one step longer).
    (back, _), = [(m, n) for m, n in neighbours(maze.connections, *batch.starts[0])][:1]
    undo = {"U": "D", "D": "U", "L": "R", "R": "L"}[back]
    v = maze.verify(back + undo + right)
    assert v["valid"] and v["reaches_goal"] and not v["optimal"] and v["excess_steps"] == 2
    # Through a wall: the first move that has no passage.
    walls = [m for m in "URDL" if m not in {m for m, _ in neighbours(maze.connections, *batch.starts[0])}]
    v = maze.verify(walls[0] + right)
    assert not v["valid"] and v["first_error"] == 0 and not v["optimal"], v
    assert "illegal" in v["reason"]
    # Stopping short: valid, not reaching the goal.
    v = maze.verify(right[:-1])
    assert v["valid"] and not v["reaches_goal"] and not v["optimal"]
    # Moves as a list, and another goal (row, column) and start.
    assert maze.verify(list(right))["optimal"]
    assert maze.verify("", start=tuple(batch.ends[0]))["optimal"]
    assert maze.verify(right, goal=int(batch.exits[0]))["optimal"]


def test_other_shapes_verify_in_their_door_names():
    for shape in ("hex", "polar", "triangle"):
        batch = mazekit.generate(5, width=6, height=5, shape=shape, seed=2, braid=0.5)
        for maze in batch:
            routes = maze.shortest_routes(limit=50)
            assert routes and len(routes) == min(50, maze.shortest_count)
            for route in routes:
                assert maze.verify(route)["optimal"], (shape, route)
        with pytest.raises(ValueError, match="bad move 'U' at index 0"):
            batch[0].verify("U")
        with pytest.raises(ValueError, match="row, column|cell ids"):
            batch.verify([""] * len(batch), starts=[(0, 0)] * len(batch))


@pytest.mark.parametrize(
    "answers, match",
    [
        ("RRDD", "one move string a maze"),
        (["RRDD"], "1 given for 3 mazes"),
        ([1, 2, 3], "answers\\[0\\]"),
        (["RX", "", ""], "X"),
    ],
)
def test_bad_answers_are_one_line_value_errors(answers, match):
    batch = mazekit.generate(3, width=4, height=4, seed=1)
    with pytest.raises(ValueError, match=match) as e:
        batch.verify(answers)
    assert "\n" not in str(e.value)


def test_bad_cells_and_objects_are_value_errors():
    batch = mazekit.generate(2, width=4, height=4, seed=1)
    with pytest.raises(ValueError, match="not a cell"):
        batch.verify(["", ""], goals=[99, 0])
    with pytest.raises(ValueError, match="shape"):
        batch.verify(["", ""], starts=np.zeros((3, 2), dtype=int))
    with pytest.raises(ValueError, match="a mazekit.Maze"):
        mazekit.verify("not a maze", "RR")
    with pytest.raises(ValueError, match="limit"):
        batch.shortest(limit=-1)
