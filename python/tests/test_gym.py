"""The reinforcement-learning envs: Gymnasium's checker on every observation and on square,
hex and polar cells; the vector env's determinism across threads, its autoreset and its
agreement with the single env; level splits; bad input as one-line ValueErrors."""

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import mazekit  # noqa: E402
import mazekit.gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
@pytest.mark.parametrize("observation", ["grid", "view", "rgb"])
def test_check_env_passes(shape, observation):
    env = gymnasium.make(
        "maze/Maze-v0", width=6, height=5, shape=shape, observation=observation, view_radius=3,
        render_mode="rgb_array",
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        check_env(env.unwrapped)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert env.action_space.n == {"square": 4, "hex": 6}.get(shape, env.action_space.n)
    frame = env.render()
    assert frame.ndim == 3 and frame.shape[2] == 3 and frame.dtype == np.uint8
    env.close()


def test_walking_the_route_reaches_the_goal_with_the_reward():
    env = mazekit.gym.MazeEnv(width=5, height=4, observation="grid", step_cost=0.25)
    obs, info = env.reset(seed=2)
    # The agent's channel marks one pixel, the goal's one.
    assert obs[1].sum() == 1 and obs[2].sum() == 1
    # Breadth-first search over the thick-wall grid's floor, as an agent that sees it all would.
    walls = obs[0]
    (ay, ax), (gy, gx) = np.argwhere(obs[1])[0], np.argwhere(obs[2])[0]
    moves = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}
    back = {(ay, ax): None}
    queue = [(ay, ax)]
    while queue:
        y, x = queue.pop(0)
        for a, (dy, dx) in moves.items():
            wy, wx, ny, nx = y + dy, x + dx, y + 2 * dy, x + 2 * dx
            if 0 <= ny < walls.shape[0] and 0 <= nx < walls.shape[1] and not walls[wy, wx] and (ny, nx) not in back:
                back[(ny, nx)] = ((y, x), a)
                queue.append((ny, nx))
    route, at = [], (gy, gx)
    while back[at] is not None:
        at, a = back[at]
        route.append(a)
    route.reverse()
    total = 0.0
    for i, a in enumerate(route):
        obs, reward, terminated, truncated, info = env.step(a)
        total += reward
        assert terminated == (i == len(route) - 1) and not truncated
    assert total == pytest.approx(1.0 - 0.25 * len(route))
    # A wall does not move the agent.
    env.reset(seed=2)
    cell = env.unwrapped._envs.state(0)[0] if hasattr(env, "unwrapped") else None
    blocked = [a for a, (dy, dx) in moves.items() if not (0 <= ay + dy < walls.shape[0] and 0 <= ax + dx < walls.shape[1]) or walls[ay + dy, ax + dx]]
    _, reward, *_ , info = env.step(blocked[0])
    assert info["cell"] == cell and info["steps"] == 1


def test_reset_options_keep_the_maze_and_move_the_start_and_goal():
    env = mazekit.gym.MazeEnv(width=6, height=6, observation="grid")
    obs, _ = env.reset(seed=5)
    walls = obs[0].copy()
    obs, info = env.reset(options={"maze": "keep", "start": "random", "goal": (2, 3)})
    assert (obs[0] == walls).all(), "the same maze"
    assert info["goal"] == 2 * 6 + 3
    obs, info = env.reset(options={"maze": "keep", "start": 7, "goal": "exit"})
    assert info["cell"] == 7
    obs, _ = env.reset(options={"maze": "new"})
    assert not (obs[0] == walls).all(), "a new maze"
    # The same seed, the same maze.
    a, _ = env.reset(seed=11)
    b, _ = env.reset(seed=11)
    assert (a == b).all()


def test_max_steps_truncates():
    env = mazekit.gym.MazeEnv(width=8, height=8, max_steps=3, observation="view")
    env.reset(seed=1)
    done = [env.step(0)[2:4] for _ in range(3)]
    assert done[-1] == (False, True) or done[-1][0]


def _run(threads, steps=60, **options):
    envs = mazekit.VectorEnv(64, width=5, height=5, observation="view", view_radius=2, max_steps=20,
                             start="random", goal="random", seed=7, threads=threads, **options)
    obs, _ = envs.reset(seed=9)
    out = [obs.copy()]
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(steps):
        obs, rewards, terminated, truncated, _ = envs.step(rng.integers(0, 4, size=64))
        ends += int(terminated.sum() + truncated.sum())
        out += [obs.copy(), rewards.copy(), terminated.copy(), truncated.copy()]
    assert ends > 0, "some episodes end and autoreset"
    return out


def test_the_vector_env_is_the_same_whatever_the_threads():
    one = _run(1)
    for threads in (2, 3, 0):
        other = _run(threads)
        assert all((a == b).all() for a, b in zip(one, other)), threads


def test_the_vector_env_is_a_gymnasium_vector_env_and_steps_as_the_single_env():
    envs = mazekit.VectorEnv(3, width=6, height=4, observation="grid", seed=1)
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.single_action_space.n == 4
    assert envs.observation_space.shape == (3, 3, 9, 13)
    obs, _ = envs.reset(seed=4)
    assert envs.observation_space.contains(obs)
    # An env whose episode ended resets on its next step: reward 0, not terminated.
    envs = mazekit.VectorEnv(2, width=2, height=1, observation="view", view_radius=1, seed=1)
    envs.reset(seed=1)
    _, r, term, trunc, _ = envs.step(np.array([1, 1]))
    assert term.all() and (r == 1).all()
    _, r, term, trunc, _ = envs.step(np.array([1, 1]))
    assert not term.any() and (r == 0).all()


def test_levels_from_a_batch_or_a_file_and_disjoint_splits(tmp_path):
    batch = mazekit.generate(300, width=3, height=3, seed=1)
    train = mazekit.VectorEnv(4, levels=batch, level_split=("train", 0.8), observation="grid")
    test = mazekit.VectorEnv(4, levels=batch, level_split=("test", 0.8), observation="grid")
    assert train.levels + test.levels == 300 and train.levels > test.levels > 0

    def mazes(envs, n=200):
        # The walls of the mazes the envs play, up to the square's symmetries.
        seen = set()
        envs.reset(seed=0)
        for k in range(n):
            for i in range(envs.num_envs):
                flat, (rows, cols) = envs._envs.walls(i)
                g = flat.reshape(rows, cols)
                seen.add(min(np.rot90(h, r).tobytes() for h in (g, g.T) for r in range(4)))
            envs.reset()
        return seen

    assert not mazes(train) & mazes(test), "a maze in both splits"
    path = tmp_path / "bank.mzb"
    batch.save(str(path))
    env = mazekit.gym.MazeEnv(levels=path, observation="view")
    env.reset(seed=1)
    not_ours = tmp_path / "not.mzb"
    not_ours.write_bytes(b"hello, this is not a maze file\n")
    with pytest.raises(ValueError) as e:
        mazekit.gym.MazeEnv(levels=not_ours)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"observation": "pixels"}, "observation"),
        ({"observation": "view", "view_radius": 0}, "view_radius"),
        ({"observation": "view", "view_radius": 65}, "view_radius"),
        ({"shape": "blob"}, "shape"),
        ({"level_split": ("train", 0.5)}, "level_split"),
        ({"start": "somewhere"}, "start"),
        ({"max_steps": 0}, "max_steps"),
    ],
)
def test_bad_options_are_one_line_value_errors(options, words):
    with pytest.raises(ValueError) as e:
        mazekit.gym.MazeEnv(width=4, height=4, **options)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_bad_actions_are_one_line_value_errors():
    envs = mazekit.VectorEnv(4, width=4, height=4, observation="view")
    envs.reset(seed=1)
    for bad in ([0, 1, 2, 4], [0, -1, 0, 0], np.zeros(4, dtype=np.float32), np.zeros(3, dtype=int),
                np.zeros((4, 1), dtype=int)):
        with pytest.raises(ValueError) as e:
            envs.step(bad)
        assert "\n" not in str(e.value), str(e.value)
    env = mazekit.gym.MazeEnv(width=4, height=4)
    env.reset(seed=1)
    for bad in (4, -1, 1.5, "up"):
        with pytest.raises(ValueError) as e:
            env.step(bad)
        assert "\n" not in str(e.value)


def test_the_readme_env_example_runs():
    import re

    from conftest import ROOT

    text = (ROOT / "README.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "mazekit.gym" in b)
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["envs"].num_envs == 4096 and namespace["obs"].shape == (4096, 5, 5)
    assert 0 < namespace["train"].levels < 1000
