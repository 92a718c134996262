"""Types of the native half of mazekit (python/src/lib.rs, built by maturin). Private: use
the functions of ``mazekit`` itself. python/tests/test_typing.py holds this file to the
module (every name here exists there, and every public name there is here)."""

from os import PathLike
from typing import Any, Final

import numpy as np
import numpy.typing as npt

__version__: Final[str]
DEFAULT_MAX_BYTES: Final[int]
DEFAULT_MAX_MEMORY: Final[int]

class LimitError(MemoryError, ValueError):
    """A call refused before any work: what it would hold passes a limit (max_bytes,
    max_memory)."""

def generate(request: str, seed: int, stats: bool = False) -> dict[str, Any]: ...
def remake(
    request: str, seeds: npt.NDArray[np.uint64], stats: bool = False, digests: bool = False
) -> dict[str, Any]: ...
def read_files(path: str | PathLike[str], max_bytes: int) -> dict[str, Any]: ...
def passages(request: str, seed: int) -> dict[str, Any]: ...
def render(request: str, seed: int) -> bytes: ...
def solve(
    connections: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.integer[Any]],
    ends: npt.NDArray[np.integer[Any]],
    solver: str = "bfs",
    max_bytes: int = ...,
) -> list[npt.NDArray[np.int64]]: ...
def stats(
    connections: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.integer[Any]],
    ends: npt.NDArray[np.integer[Any]],
    max_bytes: int = ...,
    max_memory: int = ...,
) -> dict[str, Any]: ...
def texts(
    connections: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.integer[Any]],
    ends: npt.NDArray[np.integer[Any]],
    style: str,
    route_cells: npt.NDArray[np.uint32] | None = None,
    route_offsets: npt.NDArray[np.uint64] | None = None,
    glyph_seeds: npt.NDArray[np.uint64] | None = None,
    max_bytes: int = ...,
) -> list[str]: ...
def parse(text: str, style: str) -> dict[str, Any]: ...
def tile_grids(
    connections: npt.NDArray[np.bool_],
    starts: npt.NDArray[np.integer[Any]],
    ends: npt.NDArray[np.integer[Any]],
    corridor: int = 1,
    wall: int = 1,
    max_bytes: int = ...,
) -> npt.NDArray[np.uint8]: ...
def verify(
    answers: list[str],
    connections: npt.NDArray[np.bool_] | None = None,
    starts: npt.NDArray[np.integer[Any]] | None = None,
    goals: npt.NDArray[np.integer[Any]] | None = None,
    request: str | None = None,
    seeds: npt.NDArray[np.uint64] | None = None,
    start_cells: list[int] | None = None,
    goal_cells: list[int] | None = None,
    max_bytes: int = ...,
) -> dict[str, Any]: ...
def shortest(
    connections: npt.NDArray[np.bool_] | None = None,
    starts: npt.NDArray[np.integer[Any]] | None = None,
    goals: npt.NDArray[np.integer[Any]] | None = None,
    request: str | None = None,
    seeds: npt.NDArray[np.uint64] | None = None,
    start_cells: list[int] | None = None,
    goal_cells: list[int] | None = None,
    limit: int | None = None,
    max_bytes: int = ...,
) -> dict[str, Any]: ...
def recipe(request: str) -> str: ...
def capabilities() -> str: ...
def fields() -> list[str]: ...
def field_info() -> list[dict[str, str]]: ...
def shaping_fields() -> list[str]: ...
def fresh_seed() -> int: ...
def save_file(path: str | PathLike[str], data: bytes, follow_symlinks: bool) -> None: ...

class Envs:
    """Many maze envs stepped in Rust (mazekit.gym.MazeEnv and mazekit.VectorEnv wrap it)."""

    def __init__(
        self,
        request: str,
        seeds: np.ndarray | None,
        split: tuple[bool, float] | None,
        num_envs: int,
        observation: str,
        view_radius: int,
        step_cost: float,
        max_steps: int,
        seed: int,
        start: int,
        goal: int,
        threads: int,
    ) -> None: ...
    @property
    def observation_shape(self) -> list[int]: ...
    @property
    def actions(self) -> int: ...
    @property
    def max_steps(self) -> int: ...
    @property
    def levels(self) -> int: ...
    def reset(self, seed: int | None, obs: np.ndarray) -> None: ...
    def reset_one(self, env: int, seed: int | None, new_maze: bool, start: int, goal: int, obs: np.ndarray) -> None: ...
    def step(
        self, actions: np.ndarray, obs: np.ndarray, rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray
    ) -> None: ...
    def state(self, env: int) -> tuple[int, int, int]: ...
    def picture(self, env: int) -> tuple[np.ndarray, list[int]]: ...
    def walls(self, env: int) -> tuple[np.ndarray, tuple[int, int]]: ...
