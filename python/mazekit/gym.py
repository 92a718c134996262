"""Mazes as reinforcement-learning environments (Gymnasium 1.x; ``pip install mazekit[gym]``).

>>> import gymnasium, mazekit.gym
>>> env = gymnasium.make("maze/Maze-v0", width=8, height=8, observation="view", view_radius=2)
>>> obs, info = env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.step(1)   # 0 1 2 3: north east south west

An action is a door of the agent's cell in the shape's door order (4 on square cells, 6 on
hexagons; levels add the stairs up and down). Reaching the goal gives +1 and ends the
episode, every step costs ``step_cost``, ``max_steps`` (four times the cells) truncates.

Observations: ``grid``, the whole maze as a thick-wall grid (3, rows, columns) of 0/1 with
the walls, the agent and the goal as channels; ``view``, the (2r+1) x (2r+1) window of that
grid around the agent (0 floor, 1 wall, 2 goal, 3 unseen: beyond the maze); ``rgb``, a small
picture. The rules of moving are the library's (``maze::game``), the same as ``maze play``'s.

:class:`VectorEnv` steps many envs at once in Rust, with the GIL released, into arrays
allocated once.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - the tests install gymnasium
    raise ImportError("mazekit.gym needs gymnasium: pip install 'mazekit[gym]' (or gymnasium)") from e

from . import _native

__all__ = ["MazeEnv", "VectorEnv", "OBSERVATIONS"]

#: The observation names.
OBSERVATIONS = ("grid", "view", "rgb")

_START = {"entrance": -1, "random": -2}
_GOAL = {"exit": -1, "random": -2}


def _place(name: str, value: Any, words: dict, width: int | None) -> int:
    """A start or goal as the native side takes it: -1 the maze's own end, -2 random, else a
    cell id (an int, or (row, column) on row-by-row shapes)."""
    if isinstance(value, str):
        if value not in words:
            raise ValueError(f"{name}: {value!r} is not one of {', '.join(words)} or a cell")
        return words[value]
    if isinstance(value, (tuple, list)) and len(value) == 2 and width:
        row, col = (int(v) for v in value)
        if not (0 <= col < width and row >= 0):
            raise ValueError(f"{name}: ({row}, {col}) is not a cell of a maze {width} wide")
        return row * width + col
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and value >= 0:
        return int(value)
    raise ValueError(f"{name}: {value!r} is not one of {', '.join(words)} or a cell")


def _levels(levels: Any) -> tuple[dict, np.ndarray]:
    """The request and seeds of a bank of levels: a Batch, or the path of a file `read` takes."""
    from . import Batch, read

    if isinstance(levels, (str, bytes, os.PathLike)):
        levels = read(levels)
    if not isinstance(levels, Batch):
        raise ValueError(f"levels: a mazekit.Batch or a batch file's path, not {type(levels).__name__}")
    if levels._not_drawable:
        raise ValueError(f"levels: these mazes cannot be made again from their seeds ({levels._not_drawable})")
    if len(levels) == 0:
        raise ValueError("levels: the batch holds no mazes")
    return dict(levels.request), np.ascontiguousarray(levels.seeds, dtype=np.uint64)


def _native_envs(num_envs: int, options: dict, *, observation: str, view_radius: int, step_cost: float,
                 max_steps: int | None, levels: Any, level_split: Any, start: Any, goal: Any, seed: int,
                 threads: int) -> tuple[Any, int | None]:
    from . import _request

    if observation not in OBSERVATIONS:
        raise ValueError(f"observation: {observation!r} is not one of {', '.join(OBSERVATIONS)}")
    if isinstance(view_radius, bool) or not isinstance(view_radius, (int, np.integer)) or not 1 <= view_radius <= 64:
        raise ValueError(f"view_radius: must be a whole number from 1 to 64, not {view_radius!r}")
    if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
        raise ValueError(f"num_envs: must be a whole number of at least 1, not {num_envs!r}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer))
                                  or not 1 <= max_steps < 2**32):
        raise ValueError(f"max_steps: must be a whole number of at least 1, not {max_steps!r}")
    try:
        step_cost = float(step_cost)
    except (TypeError, ValueError):
        raise ValueError(f"step_cost: must be a number, not {step_cost!r}") from None
    if not np.isfinite(step_cost):
        raise ValueError(f"step_cost: must be a finite number, not {step_cost}")
    seeds = None
    split = None
    if levels is not None:
        if options:
            raise ValueError(f"levels: the bank's mazes have their own options (drop {', '.join(sorted(options))})")
        request, seeds = _levels(levels)
    else:
        request = _request(options)
    if level_split is not None:
        if levels is None:
            raise ValueError("level_split: needs levels= (a bank of mazes to split)")
        try:
            name, fraction = level_split
            fraction = float(fraction)
        except (TypeError, ValueError):
            raise ValueError(f"level_split: a pair like ('train', 0.9), not {level_split!r}") from None
        if name not in ("train", "test") or not 0.0 < fraction < 1.0:
            raise ValueError(f"level_split: ('train' or 'test', a fraction between 0 and 1), not {level_split!r}")
        split = (name == "train", fraction)
    request = {k: v for k, v in request.items() if k not in ("seed", "threads")}
    request["format"] = "json"
    width = request.get("width") if request.get("shape", "square") in ("square", "hex", "triangle", "sigma") else None
    import json

    envs = _native.Envs(json.dumps(request), seeds, split, int(num_envs), observation, int(view_radius), step_cost,
                        int(max_steps or 0), int(seed), _place("start", start, _START, width),
                        _place("goal", goal, _GOAL, width), int(threads))
    return envs, width


def _spaces(envs, observation: str):
    shape = tuple(envs.observation_shape)
    high = {"grid": 1, "view": 3, "rgb": 255}[observation]
    return spaces.Box(0, high, shape, dtype=np.uint8), spaces.Discrete(envs.actions)


class MazeEnv(gymnasium.Env):
    """One maze to walk (Gymnasium's ``Env``), registered as ``maze/Maze-v0``.

    Options: ``width``, ``height``, ``shape`` and every other ``maze generate`` option
    (``mazekit.OPTIONS``), or ``levels=`` a :class:`mazekit.Batch` or a batch file to draw
    the mazes from (``level_split=("train", 0.9)`` keeps a part of it; no maze, up to
    symmetry on square cells, is in both parts); ``observation`` (``grid``, ``view``,
    ``rgb``), ``view_radius``, ``step_cost``, ``max_steps``; ``start`` (``entrance``,
    ``random`` or a cell) and ``goal`` (``exit``, ``random`` or a cell) for every episode.

    ``reset(seed=..., options={"maze": "new" | "keep", "start": ..., "goal": ...})``.
    """

    metadata = {"render_modes": ["rgb_array"], "render_fps": 10}

    def __init__(self, width: int | None = 8, height: int | None = 8, *, observation: str = "grid",
                 view_radius: int = 2, step_cost: float = 0.0, max_steps: int | None = None, levels: Any = None,
                 level_split: Any = None, start: Any = "entrance", goal: Any = "exit",
                 render_mode: str | None = None, **options: Any):
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode: {render_mode!r} is not rgb_array")
        if levels is None:
            options = {"width": width, "height": height, **options}
        self._envs, self._width = _native_envs(
            1, options, observation=observation, view_radius=view_radius, step_cost=step_cost,
            max_steps=max_steps, levels=levels, level_split=level_split, start=start, goal=goal, seed=0, threads=1)
        self._start, self._goal = start, goal
        self.observation_space, self.action_space = _spaces(self._envs, observation)
        self.render_mode = render_mode
        self._obs = np.zeros((1, *self.observation_space.shape), dtype=np.uint8)
        self._rewards = np.zeros(1, dtype=np.float32)
        self._terminated = np.zeros(1, dtype=bool)
        self._truncated = np.zeros(1, dtype=bool)
        self._action = np.zeros(1, dtype=np.int64)
        self._started = False

    def _info(self) -> dict:
        cell, goal, steps = self._envs.state(0)
        return {"cell": cell, "goal": goal, "steps": steps}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = set(options) - {"maze", "start", "goal"}
        if unknown:
            raise ValueError(f"reset options: unknown {', '.join(sorted(unknown))} (maze, start, goal)")
        maze = options.get("maze", "new")
        if maze not in ("new", "keep"):
            raise ValueError(f"reset options: maze {maze!r} is not new or keep")
        if seed is None and not self._started:
            seed = int(self.np_random.integers(2**63))
        start = _place("start", options.get("start", self._start), _START, self._width)
        goal = _place("goal", options.get("goal", self._goal), _GOAL, self._width)
        new = maze == "new" or not self._started
        self._envs.reset_one(0, None if seed is None else int(seed), new, start, goal, self._obs)
        self._started = True
        return self._obs[0].copy(), self._info()

    def step(self, action):
        if not self._started:
            raise ValueError("step before reset: call reset() first")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) and not (
            isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu"):
            raise ValueError(f"action: a whole number from 0 to {self.action_space.n - 1}, not {action!r}")
        self._action[0] = int(action)
        self._envs.step(self._action, self._obs, self._rewards, self._terminated, self._truncated)
        return (self._obs[0].copy(), float(self._rewards[0]), bool(self._terminated[0]), bool(self._truncated[0]),
                self._info())

    def render(self):
        if self.render_mode != "rgb_array":
            return None
        flat, shape = self._envs.picture(0)
        return flat.reshape(shape)


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` mazes stepped together in Rust (a ``gymnasium.vector.VectorEnv``), with
    the GIL released, on ``threads`` threads (0: every core). Options as :class:`MazeEnv`'s,
    and ``seed``. Autoreset is Gymnasium's next-step mode: the step after an episode ends
    resets that env (a new maze; its action is ignored, its reward 0). The same seed gives
    the same trajectories whatever the threads.

    ``step`` and ``reset`` return the env's own arrays, written again by the next call:
    copy what you keep.
    """

    metadata = {"render_modes": ["rgb_array"], "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, width: int | None = 8, height: int | None = 8, *, observation: str = "grid",
                 view_radius: int = 2, step_cost: float = 0.0, max_steps: int | None = None, levels: Any = None,
                 level_split: Any = None, start: Any = "entrance", goal: Any = "exit", seed: int = 0,
                 threads: int = 0, render_mode: str | None = None, **options: Any):
        if levels is None:
            options = {"width": width, "height": height, **options}
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or not 0 <= threads <= 1024:
            raise ValueError(f"threads: a whole number from 0 (every core) to 1024, not {threads!r}")
        self._envs, _ = _native_envs(
            num_envs, options, observation=observation, view_radius=view_radius, step_cost=step_cost,
            max_steps=max_steps, levels=levels, level_split=level_split, start=start, goal=goal, seed=int(seed),
            threads=int(threads))
        self.num_envs = int(num_envs)
        self.render_mode = render_mode
        self.single_observation_space, self.single_action_space = _spaces(self._envs, observation)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, self.num_envs)
        self._obs = np.zeros((self.num_envs, *self.single_observation_space.shape), dtype=np.uint8)
        self._rewards = np.zeros(self.num_envs, dtype=np.float32)
        self._terminated = np.zeros(self.num_envs, dtype=bool)
        self._truncated = np.zeros(self.num_envs, dtype=bool)

    @property
    def levels(self) -> int:
        """The mazes in the bank the envs draw from (0 when each episode makes a new one)."""
        return self._envs.levels

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if options:
            raise ValueError("reset options: the vector env takes start= and goal= when made")
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
        self._envs.reset(None if seed is None else int(seed), self._obs)
        return self._obs, {}

    def step(self, actions):
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions: whole numbers (an integer array), not {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions: one per env, shape ({self.num_envs},), not {a.shape}")
        a = np.ascontiguousarray(a, dtype=np.int64)
        self._envs.step(a, self._obs, self._rewards, self._terminated, self._truncated)
        return self._obs, self._rewards, self._terminated, self._truncated, {}

    def render(self):
        if self.render_mode != "rgb_array":
            return None
        return np.stack([flat.reshape(shape) for flat, shape in (self._envs.picture(i) for i in range(self.num_envs))])


def _register() -> None:
    if "maze/Maze-v0" not in gymnasium.registry:
        gymnasium.register(id="maze/Maze-v0", entry_point="mazekit.gym:MazeEnv")


_register()
