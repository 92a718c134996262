"""Mazes of every shape, made in batches on every core and handed over as numpy arrays.

The engine is the `maze` command's own (Rust, through the request model): the same seed
and options make the same maze, byte for byte, as ``maze generate``. The distribution and
the import are both named ``mazekit`` (the name ``maze`` on the package index is another
project's).

>>> import mazekit
>>> batch = mazekit.generate(1000, width=10, height=10, algorithm="wilson", seed=1)
>>> batch.connections.shape          # maze-dataset's layout: [0] down, [1] right
(1000, 2, 10, 10)
>>> svg = batch[0].draw("svg")       # any format of `maze generate`, as bytes

Options are ``maze generate``'s long flags with ``_`` for ``-`` (``mazekit.OPTIONS`` lists
them); bad values raise ``ValueError`` with the command's one-line message.

Every call that makes arrays estimates what it will hold before any work and raises
``mazekit.LimitError`` (a ``MemoryError`` and a ``ValueError``), naming the keyword that
raises the limit, rather than running out of memory: ``max_bytes`` (1 GiB) bounds the
arrays and everything held to make them, ``max_memory`` (512 MiB) the statistics' working
memory.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import struct
from typing import Any, Iterable, Iterator, Sequence

import numpy as np

from . import _native
from ._native import LimitError, __version__

__all__ = ["generate", "read", "solve", "Batch", "Maze", "OPTIONS", "LimitError", "capabilities", "__version__"]

# The request's limits and what a batch file's request may not set (they say where to
# look or how much to spend, not which mazes).
_LIMITS = ("max-cells", "max-bytes", "max-pixels", "max-memory")


def _maze_dataset():
    """The maze_dataset package, or an ImportError that tells its absence from a broken
    install (maze-dataset 1.4 fails to import with muutils 0.9, which a bare
    ``pip install maze-dataset`` brings) and names the fix for each."""
    try:
        import maze_dataset
    except ModuleNotFoundError as e:
        if e.name is not None and e.name.split(".")[0] == "maze_dataset":
            raise ImportError(
                "to_maze_dataset() needs maze-dataset, which is not installed: "
                "pip install 'mazekit[dataset]' (maze-dataset with a muutils that works)"
            ) from e
        raise _broken_maze_dataset(e) from e
    except Exception as e:  # noqa: BLE001 - any failure inside its import means a broken install
        raise _broken_maze_dataset(e) from e
    return maze_dataset


def _broken_maze_dataset(e: BaseException) -> ImportError:
    return ImportError(
        f"maze-dataset is installed but cannot be imported ({type(e).__name__}: {e}); "
        "maze-dataset 1.4 needs muutils older than 0.9: pip install 'muutils<0.9' "
        "(or pip install 'mazekit[dataset]', which pins it)"
    )


def _within(what: str, need: int, limit: int, keyword: str) -> None:
    """Refuses `need` bytes above `limit` (``LimitError``), before the work."""
    if need > limit:
        raise LimitError(
            f"{what}: about {_human(need)} of memory, above the limit of {_human(limit)} "
            f"(raise it with {keyword}=..., or work in parts)"
        )


def _human(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def _limit_arg(value, default: int, keyword: str) -> int:
    if value is None:
        return default
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"{keyword}: a number of bytes from 0 up, not {value!r}")
    return int(value)

#: Every option of :func:`generate`: ``maze generate``'s long flags, ``_`` for ``-``.
OPTIONS: tuple[str, ...] = tuple(name.replace("-", "_") for name in _native.fields())

# Options that say what file to write, which a batch does not do (`Maze.draw` chooses the
# format; `Batch.stats` computes the statistics).
_NOT_FOR_BATCHES = {
    "format": "choose the format when drawing: batch[i].draw('svg')",
    "stream": "a batch is held in memory; use the maze command's --stream for huge mazes",
    "stats": "read batch.stats",
    "parametric": "the parametric OpenSCAD program is not a maze: use the maze command",
}

# Options that change which maze is made (refused by `Maze.draw`, which draws this maze),
# from the library's own grouping of the request's fields.
_SHAPING = frozenset(name.replace("-", "_") for name in _native.shaping_fields())

# What a drawing of one maze leaves out of its batch's request.
_BATCH_ONLY = ("count", "where", "hardness", "max-tries", "threads", "part", "parts")


def _cells(name: str, value: Any) -> list:
    """``allowed_start``/``allowed_end`` as the request takes them: a (row, column) pair
    (numpy's and maze-dataset's order, as ``batch.starts``) becomes the command line's
    ``x,y`` (column, row); a cell id or a string as the command line spells it (``"3,4"``,
    polar ``"ring,index"``) stays as it is. A tuple ``(row, column)`` (or a numpy array of
    two) alone is one cell; a list holds cells (``[0, 5]`` is cells 0 and 5)."""
    if isinstance(value, np.ndarray):
        value = [value.tolist()] if value.shape == (2,) else value.tolist()
    if isinstance(value, (str, int, np.integer)) or (
        isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, (int, np.integer)) for v in value)
    ):
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{name}: (row, column) pairs, cell ids or 'x,y' strings, not {value!r}")
    cells = []
    for cell in value:
        if isinstance(cell, np.ndarray):
            cell = cell.tolist()
        if isinstance(cell, (list, tuple)):
            if len(cell) != 2 or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in cell):
                raise ValueError(f"{name}: a cell is a (row, column) pair of whole numbers, not {cell!r}")
            row, column = (int(v) for v in cell)
            if row < 0 or column < 0:
                raise ValueError(f"{name}: rows and columns are from 0 up, not {cell!r}")
            cells.append(f"{column},{row}")
        elif isinstance(cell, (int, np.integer)) and not isinstance(cell, bool):
            cells.append(int(cell))
        elif isinstance(cell, str):
            cells.append(cell)
        else:
            raise ValueError(f"{name}: (row, column) pairs, cell ids or 'x,y' strings, not {cell!r}")
    return cells


def _field(name: str) -> str:
    return name.replace("_", "-")


def _plain(name: str, value: Any) -> Any:
    """`value` as JSON takes it: numpy scalars as Python numbers, finite floats only."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not np.isfinite(value):
        raise ValueError(f"{name}: must be a finite number, not {value}")
    if isinstance(value, (list, tuple)):
        return [_plain(name, v) for v in value]
    if value is not None and not isinstance(value, (str, int, float, bool)):
        raise ValueError(f"{name}: {type(value).__name__} is not a value this option takes")
    return value


def _request(options: dict[str, Any]) -> dict[str, Any]:
    """The request model's JSON object for keyword options (None values left out)."""
    request: dict[str, Any] = {}
    for name, value in options.items():
        if value is None:
            continue
        field = _field(name)
        if name not in OPTIONS:
            raise ValueError(f"unknown option {name!r} (mazekit.OPTIONS lists them)")
        if field in ("allowed-start", "allowed-end"):
            value = _cells(name, value)
        value = _plain(name, value)
        if field == "solve" and value is True:
            value = "bfs"
        elif field == "solve" and value is False:
            continue
        if field == "where" and isinstance(value, str):
            value = [value]
        if field == "seed" and not (isinstance(value, int) and 0 <= value < 2**64):
            raise ValueError(f"seed: must be a whole number from 0 to 2**64 - 1, not {value!r}")
        request[field] = value
    return request


def generate(
    count: int = 1,
    width: int | None = None,
    height: int | None = None,
    algorithm: str | None = None,
    seed: int | None = None,
    **options: Any,
) -> "Batch":
    """Makes ``count`` mazes, seeds ``seed``, ``seed + 1``, ... (with ``where`` filters or
    endpoint rules, maze ``i`` tries seeds ``seed + i``, ``seed + i + count``, ... until one
    passes, so no seed is used twice), on every core, as ``maze generate --count`` makes them.

    ``part=k, parts=n`` makes only part ``k`` (0 to ``n - 1``) of the batch: its mazes
    ``k*count//n`` to ``(k+1)*count//n - 1``, exactly as the whole batch holds them, filters
    included; the parts never share a seed and, joined in order, are the whole batch, so
    each can run on another machine.

    ``options`` are the other options of ``maze generate`` with ``_`` for ``-``
    (``shape="hex"``, ``braid=0.2``, ``solve="bfs"``, ``where="solution>=20"``, ...).
    Without a seed, one is taken from the clock (``batch.seeds`` tells it).

    Raises ``ValueError`` with a one-line reason for bad options, before any work; Ctrl-C
    stops a long batch with ``KeyboardInterrupt``.
    """
    for name, why in _NOT_FOR_BATCHES.items():
        if options.get(name) not in (None, False):
            raise ValueError(f"{name}: not an option of mazekit.generate ({why})")
    if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, np.integer)) or not 1 <= count < 2**32:
        raise ValueError(f"count: must be a whole number from 1 to 2**32 - 1, not {count!r}")
    if seed is None:
        seed = _native.fresh_seed()
    request = _request(
        dict(options, count=int(count), width=width, height=height, algorithm=algorithm, seed=seed)
    )
    # The compact file is what the plan's size checks measure: about a bit per passage.
    data = _native.generate(json.dumps(dict(request, format="maze")), request["seed"])
    return Batch(data, request)


def solve(connections, starts, ends, solver: str = "bfs", max_bytes: int | None = None) -> list[np.ndarray]:
    """Solves square mazes given as arrays made elsewhere (maze-dataset's layout):
    ``connections`` (N, 2, H, W) bool, ``starts`` and ``ends`` (N, 2) as (row, column).
    Returns each route from start to end as an (L, 2) array of (row, column), cells
    included at both ends. ``solver`` is any solver of ``maze solve``. Raises
    ``LimitError`` before any work when the routes could pass ``max_bytes`` (1 GiB).
    """
    if not isinstance(solver, str):
        raise ValueError(f"solver: a solver's name (bfs, dfs, a-star, ...), not {solver!r}")
    max_bytes = _limit_arg(max_bytes, _native.DEFAULT_MAX_BYTES, "max_bytes")
    connections, starts, ends = _grid_arrays(connections, starts, ends, max_bytes)
    return _native.solve(connections, starts, ends, solver, max_bytes)


def _cells_array(name: str, values) -> np.ndarray:
    array = np.asarray(values)
    if array.dtype.kind not in "iu":
        raise ValueError(f"{name}: (row, column) pairs of whole numbers, not {array.dtype} values")
    if array.size and (array.max() > 2**31 or array.min() < 0):
        raise ValueError(f"{name}: rows and columns must be from 0 up, inside the grid")
    return np.ascontiguousarray(array, dtype=np.int64)


def _grid_arrays(connections, starts, ends, max_bytes: int):
    array = np.asarray(connections)
    if array.dtype != bool or not array.flags.c_contiguous:
        # A bool copy: one byte a value.
        _within(f"a bool copy of connections {array.shape}", array.size, max_bytes, "max_bytes")
    connections = np.ascontiguousarray(array, dtype=bool)
    starts = _cells_array("starts", starts)
    ends = _cells_array("ends", ends)
    if connections.ndim == 3:  # one maze
        connections, starts, ends = connections[None], starts.reshape(1, -1), ends.reshape(1, -1)
    if connections.ndim != 4:
        raise ValueError(f"connections must have shape (N, 2, H, W), not {connections.shape}")
    if starts.ndim != 2 or ends.ndim != 2:
        n = connections.shape[0]
        raise ValueError(f"starts and ends must have shape ({n}, 2), not {starts.shape} and {ends.shape}")
    return connections, starts, ends


def capabilities() -> dict:
    """What each shape and generator supports (``maze list``'s table)."""
    return json.loads(_native.capabilities())


class Batch:
    """Mazes made by :func:`generate` (or read by :func:`read`), in seed order.

    Square mazes (no mask, wrap, levels or weave) have maze-dataset's arrays:
    ``connections`` (N, 2, H, W), ``starts``/``ends`` (N, 2) as (row, column) and
    ``solutions``; every shape has ``seeds``, ``entrances``/``exits`` (cell ids),
    ``stats`` and ``batch[i]``, a :class:`Maze` that can be drawn in any format.
    """

    def __init__(self, data: dict, request: dict):
        self._data = data
        #: The request that made the mazes (``maze generate``'s options, ``-`` in names).
        self.request = dict(request)
        self.kind: str = data["kind"]
        self.width: int = int(data["width"])
        self.height: int = int(data["height"])
        self._seeds = np.asarray(data["seeds"], dtype=np.uint64)
        self._ends = np.asarray(data["ends"], dtype=np.int64).reshape(-1, 2)
        self._connections = data.get("connections")
        self._solutions = data.get("solutions")
        self._stats = data.get("stats")
        # Why batch[i] cannot be drawn, for mazes read from a file that their seeds do not
        # make again (see `read`).
        self._not_drawable: str | None = None
        self._data["digests"] = data.get("digests")

    def _limit(self, field: str) -> int:
        """The request's limit `field` (``max-bytes``, ``max-memory``), else its default."""
        default = {"max-bytes": _native.DEFAULT_MAX_BYTES, "max-memory": _native.DEFAULT_MAX_MEMORY}[field]
        return int(self.request.get(field, default))

    # --- sizes and indexing -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._seeds)

    def __iter__(self) -> Iterator["Maze"]:
        return (self[i] for i in range(len(self)))

    def __getitem__(self, index):
        if isinstance(index, (bool, np.bool_)) or index is None:
            raise TypeError(f"a batch is indexed by numbers, slices or arrays of them, not {index!r}")
        if isinstance(index, (int, np.integer)):
            i = int(index)
            if i < 0:
                i += len(self)
            if not 0 <= i < len(self):
                raise IndexError(f"maze {index} of a batch of {len(self)}")
            return Maze(self, i)
        rows = np.arange(len(self))[index]
        if np.ndim(rows) != 1:
            raise IndexError(f"a batch takes a slice or a flat list of mazes, not an index of shape {np.shape(rows)}")
        return self._take(rows)

    def __repr__(self) -> str:
        return f"<mazekit.Batch of {len(self)} {self.kind} mazes {self.width} x {self.height}>"

    def _take(self, rows) -> "Batch":
        rows = np.asarray(rows, dtype=np.int64)
        data = dict(self._data)
        data["seeds"] = self._seeds[rows]
        data["ends"] = self._ends[rows]
        if self._connections is not None:
            data["connections"] = self._connections[rows]
        data["solutions"] = None if self._solutions is None else [self._solutions[r] for r in rows]
        data["stats"] = None if self._stats is None else {k: v[rows] for k, v in self._stats.items()}
        if self._data.get("digests") is not None:
            data["digests"] = np.asarray(self._data["digests"])[rows]
        part = Batch(data, self.request)
        part._not_drawable = self._not_drawable
        return part

    # --- arrays -------------------------------------------------------------------------
    @property
    def square(self) -> bool:
        """Whether the mazes are plain square grids (maze-dataset's kind of maze)."""
        return self._connections is not None

    def _need_square(self, what: str):
        if not self.square:
            raise ValueError(
                f"{what} is for plain square mazes (maze-dataset's grid); these are {self.kind} mazes: "
                "use batch[i].passages"
            )

    @property
    def connections(self) -> np.ndarray:
        """(N, 2, H, W) bool: ``[n, 0, r, c]`` the passage down from cell (r, c),
        ``[n, 1, r, c]`` the passage right (maze-dataset's ``connection_list``)."""
        self._need_square("connections")
        return self._connections

    @property
    def seeds(self) -> np.ndarray:
        """(N,) uint64: each maze's seed (``maze generate --seed S`` makes it again)."""
        return self._seeds

    @property
    def entrances(self) -> np.ndarray:
        """(N,) cell ids of the entrances (every shape)."""
        return self._ends[:, 0]

    @property
    def exits(self) -> np.ndarray:
        """(N,) cell ids of the exits (every shape)."""
        return self._ends[:, 1]

    def _rc(self, cells: np.ndarray) -> np.ndarray:
        return np.stack([cells // self.width, cells % self.width], axis=-1)

    @property
    def starts(self) -> np.ndarray:
        """(N, 2) the entrance cell of each maze as (row, column)."""
        self._need_square("starts")
        return self._rc(self.entrances)

    @property
    def ends(self) -> np.ndarray:
        """(N, 2) the exit cell of each maze as (row, column)."""
        self._need_square("ends")
        return self._rc(self.exits)

    @property
    def solutions(self) -> list[np.ndarray]:
        """Each maze's route from entrance to exit: (L, 2) (row, column) on square mazes,
        (L,) cell ids on others; by the request's solver, else breadth-first (shortest)."""
        if self._solutions is None:
            if self.square:
                solver = self.request.get("solve", "bfs")
                limit = self._limit("max-bytes")
                self._solutions = solve(self._connections, self.starts, self.ends, solver, max_bytes=limit)
            else:
                remade = self._remake(solve=self.request.get("solve", "bfs"))
                self._solutions = remade["solutions"]
        elif len(self._solutions) and np.ndim(self._solutions[0]) == 1 and self.square:
            self._solutions = [self._rc(np.asarray(p, dtype=np.int64)) for p in self._solutions]
        return self._solutions

    @property
    def stats(self) -> dict[str, np.ndarray]:
        """The figures of ``maze stats`` for every maze, one array each (``docs/STATS.md``):
        ``dead_ends``, ``junctions``, ``solution_length`` (steps, -1 when the exit cannot be
        reached), ``difficulty``, ``hardness``, ...; and ``solution_cells``, the cells of the
        route (steps + 1)."""
        if self._stats is None:
            if not len(self):
                self._stats = {}
            elif self._not_drawable and self.square:
                limits = self._limit("max-bytes"), self._limit("max-memory")
                self._stats = _native.stats(self._connections, self.starts, self.ends, *limits)
            else:
                self._stats = self._remake(stats=True)["stats"]
        if len(self) and "seed" not in self._stats:
            self._stats = {"seed": self._seeds, **self._stats}
        if "solution_cells" not in self._stats and "solution_length" in self._stats:
            steps = self._stats["solution_length"]
            self._stats["solution_cells"] = np.where(steps >= 0, steps + 1, -1)
        return self._stats

    def _remake(self, stats: bool = False, digests: bool = False, **changes) -> dict:
        if self._not_drawable:
            raise ValueError(self._not_drawable)
        request = {k: v for k, v in self.request.items() if k not in ("where", "hardness", "max-tries", "part", "parts")}
        request.update({_field(k): v for k, v in changes.items()})
        request["format"] = "maze"
        seeds = np.ascontiguousarray(self._seeds, dtype=np.uint64)
        return _native.remake(json.dumps(request), seeds, stats, digests)

    def as_pixels(self, max_bytes: int | None = None) -> np.ndarray:
        """(N, 2H + 1, 2W + 1) uint8 pictures, 255 open and 0 wall, one pixel a cell and one
        a wall (maze-dataset's ``as_pixels`` without its colour channel). Raises
        ``LimitError`` before any work when the pictures would pass ``max_bytes`` (the
        batch's limit, 1 GiB unless it was made with another)."""
        self._need_square("as_pixels()")
        c = self._connections
        n, _, h, w = c.shape
        limit = _limit_arg(max_bytes, self._limit("max-bytes"), "max_bytes")
        _within(f"as_pixels(): {n} pictures of {2 * h + 1}x{2 * w + 1} pixels", n * (2 * h + 1) * (2 * w + 1),
                limit, "max_bytes")
        px = np.zeros((n, 2 * h + 1, 2 * w + 1), dtype=np.uint8)
        # Ones where open, copied from the bools in place, then 255 in place: no array
        # beside the pictures.
        px[:, 1::2, 1::2] = 1
        px[:, 2 : 2 * h : 2, 1::2] = c[:, 0, : h - 1, :]
        px[:, 1::2, 2 : 2 * w : 2] = c[:, 1, :, : w - 1]
        px *= 255
        return px

    def as_tokens(self) -> list[list[str]]:
        """Each maze in maze-dataset's adjacency-list tokens (``AOTP_UT`` order): the
        passages, then origin, target and path, coordinates as ``(row,col)``."""
        self._need_square("as_tokens()")
        h, w = self.height, self.width
        # A list slot (8 bytes) a token, 4 tokens a passage and one a route's cell (the
        # token strings are shared), the routes (16 bytes a cell, as many as the cells at
        # most) and a list a maze.
        passages = int(np.count_nonzero(self._connections)) if len(self) else 0
        routes = 0 if self._solutions is not None else len(self) * (16 * h * w + 160)
        need = 8 * (4 * passages + len(self) * (h * w + 16)) + 72 * len(self) + routes + 64 * h * w
        _within(f"as_tokens(): the tokens of {len(self)} mazes", need, self._limit("max-bytes"), "max_bytes")
        names = [f"({r},{c})" for r in range(h) for c in range(w)]
        ids = np.arange(h * w).reshape(h, w)
        out = []
        starts, ends, routes = self.entrances, self.exits, self.solutions
        for i in range(len(self)):
            down = ids[self._connections[i, 0]]
            right = ids[self._connections[i, 1]]
            tokens = ["<ADJLIST_START>"]
            for a, step in [(a, w) for a in down.tolist()] + [(a, 1) for a in right.tolist()]:
                tokens += [names[a], "<-->", names[a + step], ";"]
            tokens += ["<ADJLIST_END>", "<ORIGIN_START>", names[starts[i]], "<ORIGIN_END>"]
            tokens += ["<TARGET_START>", names[ends[i]], "<TARGET_END>", "<PATH_START>"]
            tokens += [names[r * w + c] for r, c in routes[i].tolist()]
            tokens.append("<PATH_END>")
            out.append(tokens)
        return out

    def to_maze_dataset(self) -> list:
        """The mazes as maze-dataset ``SolvedMaze`` objects (maze-dataset must be installed)."""
        self._need_square("to_maze_dataset()")
        SolvedMaze = _maze_dataset().SolvedMaze
        starts, ends, routes = self.starts, self.ends, self.solutions
        return [
            SolvedMaze(
                connection_list=self._connections[i],
                solution=np.asarray(routes[i]),
                start_pos=np.asarray(starts[i]),
                end_pos=np.asarray(ends[i]),
            )
            for i in range(len(self))
        ]

    # --- datasets -----------------------------------------------------------------------
    @property
    def config_hash(self) -> str:
        """A short hash of what makes the mazes (shape, size, mask, topology, generator and
        its options, braid, dots and ends), not of the seeds, count, filters or drawing
        options: batches with equal hashes come from the same recipe."""
        recipe = _native.recipe(json.dumps(self.request))
        if self._not_drawable:
            # Mazes the request does not make again: their file's shape stands for the rest.
            extra = {k: self._data.get(k) for k in ("wrap", "levels", "masked", "woven")}
            recipe += json.dumps(extra, sort_keys=True, default=str)
        return hashlib.sha256(recipe.encode()).hexdigest()[:16]

    def split(self, fractions: Sequence[float], seed: int = 0) -> list["Batch"]:
        """The mazes shuffled (by ``seed``) and cut into parts of these shares of the batch
        (``[0.8, 0.1, 0.1]``); shares that add up to less than 1 leave the rest out."""
        fractions = [float(f) for f in fractions]
        if not fractions or not all(np.isfinite(fractions)) or any(f < 0 for f in fractions) or sum(fractions) > 1 + 1e-9:
            raise ValueError(f"fractions must be shares of at least 0 adding up to at most 1, not {fractions}")
        order = np.random.default_rng(seed).permutation(len(self))
        cuts = np.floor(np.cumsum(fractions) * len(self) + 1e-9).astype(int)
        if abs(sum(fractions) - 1) < 1e-9:
            cuts[-1] = len(self)
        parts, at = [], 0
        for cut in cuts:
            parts.append(self._take(order[at:cut]))
            at = cut
        return parts

    def dedupe(self) -> "Batch":
        """The batch without repeated mazes (same passages, entrance and exit), first
        occurrences kept in order."""
        if not len(self):
            return self._take([])
        # The keys (packed passages, or digests, and ends), their sorted copy and the index.
        key = ((2 * self.width * self.height + 7) // 8 if self.square else 8) + 8
        _within(f"dedupe(): the keys of {len(self)} mazes", len(self) * (3 * key + 32), self._limit("max-bytes"),
                "max_bytes")
        ends = np.ascontiguousarray(self._ends.astype("<u4")).view(np.uint8)
        if self.square:
            passages = np.packbits(self._connections.reshape(len(self), -1), axis=1)
        else:
            passages = self._digests().astype("<u8").view(np.uint8).reshape(len(self), 8)
        keys = np.ascontiguousarray(np.concatenate([passages, ends], axis=1))
        keys = keys.view(np.dtype((np.void, keys.shape[1]))).ravel()
        _, first = np.unique(keys, return_index=True)
        return self._take(np.sort(first))

    def _digests(self) -> np.ndarray:
        """A 64-bit digest of each maze's passages (any shape)."""
        digests = self._data.get("digests")
        if digests is None or (len(self) and not np.any(digests)):
            digests = self._remake(digests=True)["digests"]
            self._data["digests"] = digests
        return np.asarray(digests, dtype=np.uint64)

    def save(self, path: str | os.PathLike, *, follow_symlinks: bool = False) -> None:
        """Writes the batch to a file :func:`read` reads (``docs/FORMAT.md``, "The batch
        file"): a header with the request, then one fixed-size record a maze, so the file
        can be memory-mapped. Written atomically (a temporary file renamed), by the same
        rule as the command's ``-o``: a symlink is followed only to a file in its own
        folder (``follow_symlinks=True`` follows any), a device or pipe is written in
        place, a read-only file is refused (``ValueError``)."""
        _write_batch(self, os.fspath(path), follow_symlinks)

    # --- one maze -----------------------------------------------------------------------
    def _one_request(self, i: int, **changes) -> dict:
        if self._not_drawable:
            raise ValueError(self._not_drawable)
        shaping = sorted(set(changes) & _SHAPING)
        if shaping:
            raise ValueError(
                f"{shaping[0]}: changes the maze, not its drawing (make another batch with mazekit.generate)"
            )
        request = {k: v for k, v in self.request.items() if k not in _BATCH_ONLY}
        request["seed"] = int(self._seeds[i])
        request.update(_request(changes))
        return request


class Maze:
    """One maze of a batch: ``batch[i]``."""

    def __init__(self, batch: Batch, index: int):
        self.batch = batch
        self.index = index
        self.seed = int(batch.seeds[index])
        self._passages = None

    def __repr__(self) -> str:
        b = self.batch
        return f"<mazekit.Maze {b.kind} {b.width} x {b.height}, seed {self.seed}>"

    def _shape(self) -> dict:
        if self._passages is None:
            request = dict(self.batch._one_request(self.index), format="maze")
            self._passages = _native.passages(json.dumps(request), self.seed)
        return self._passages

    @property
    def cells(self) -> int:
        """The number of cells."""
        return int(self._shape()["cells"])

    @property
    def passages(self) -> np.ndarray:
        """(E, 2) uint32: the pairs of cells (by id) joined by a passage."""
        return self._shape()["passages"]

    @property
    def entrance(self) -> int:
        """The entrance cell's id."""
        return int(self.batch.entrances[self.index])

    @property
    def exit(self) -> int:
        """The exit cell's id."""
        return int(self.batch.exits[self.index])

    @property
    def connections(self) -> np.ndarray:
        """(2, H, W) bool: this maze's row of ``batch.connections``."""
        return self.batch.connections[self.index]

    def draw(self, format: str = "svg", **options: Any) -> bytes:
        """The file ``maze generate --seed SEED -f FORMAT`` writes for this maze (svg, png,
        pdf, json, text, tex, scad, stl, gif, ...); ``options`` add or change drawing options
        (``solve="bfs"``, ``cell_size=20``, ...)."""
        request = self.batch._one_request(self.index, **options)
        request["format"] = format
        return _native.render(json.dumps(request), self.seed)

    def to_json(self, **options: Any) -> str:
        """The maze as ``maze generate -f json`` writes it."""
        return self.draw("json", **options).decode()

    def _repr_svg_(self) -> str:
        return self.draw("svg").decode()


# --- the batch file -------------------------------------------------------------------
_MAGIC = b"MAZS"
_VERSION = 1


def _record_dtype(square: bool, h: int, w: int) -> np.dtype:
    fields = [("seed", "<u8"), ("entrance", "<u4"), ("exit", "<u4")]
    if square:
        fields.append(("passages", "u1", ((2 * h * w + 7) // 8,)))
    return np.dtype(fields)


def _write_batch(batch: Batch, path: str, follow_symlinks: bool = False) -> None:
    if batch._not_drawable and not batch.square:
        raise ValueError(f"these mazes cannot be saved: {batch._not_drawable}")
    # The file says what made its mazes, not where to look or how much to spend (`read`
    # refuses a request with limits or threads; they do not change the mazes).
    request = {k: v for k, v in batch.request.items() if k not in _LIMITS and k != "threads"}
    header = {
        "format": "maze-batch",
        "version": _VERSION,
        "count": len(batch),
        "shape": batch.kind,
        "width": batch.width,
        "height": batch.height,
        "request": request,
        "config_hash": batch.config_hash,
        "record": "seed u64, entrance u32, exit u32" + (", passage bits" if batch.square else ""),
    }
    if batch._not_drawable:
        header["not_drawable"] = batch._not_drawable
    text = json.dumps(header, sort_keys=True).encode()
    # Records start on an 8-byte boundary: pad the header with spaces.
    text += b" " * (-(12 + len(text)) % 8)
    dtype = _record_dtype(batch.square, batch.height, batch.width)
    records = np.zeros(len(batch), dtype=dtype)
    records["seed"] = batch.seeds
    records["entrance"] = batch.entrances
    records["exit"] = batch.exits
    if batch.square and len(batch):
        bits = batch.connections.reshape(len(batch), -1)
        records["passages"] = np.packbits(bits, axis=1, bitorder="little")
    # The command's rule for -o, in the library: a link only to a file in its own folder
    # (unless follow_symlinks), a device or FIFO in place, a read-only file refused, a
    # regular file replaced atomically.
    data = _MAGIC + struct.pack("<HHI", _VERSION, 0, len(text)) + text + memoryview(records).cast("B").tobytes()
    _native.save_file(path, data, follow_symlinks)


#: The most bytes :func:`read` reads unless told otherwise (as the command's --max-bytes).
MAX_READ = 1 << 30


def read(
    path: str | os.PathLike, mmap: bool = False, max_bytes: int = MAX_READ, max_memory: int | None = None
) -> Batch:
    """Reads a file written by :meth:`Batch.save` (with ``mmap=True`` the file is mapped
    rather than read; the passages are unpacked into memory), or one the ``maze`` command
    wrote: compact records (``maze generate -n N -f maze``), JSON or JSON Lines, all of one
    shape. Anything but a regular file (a device, a pipe) is refused, and so is a file
    larger than ``max_bytes`` (1 GiB) or whose reading and arrays would hold more
    (``LimitError``, before the work: the mazes a file declares are counted before any is
    made). The batch keeps both limits for what it computes later (``max_memory``, 512
    MiB, bounds its statistics' working memory).

    Mazes read from the command's files are drawn (``batch[i].draw``) by making them again
    from their seed and options, after checking that this gives the saved passages and
    ends; when it does not (a file edited, or made with options a file does not record),
    drawing raises ``ValueError`` and the arrays (and statistics, solutions) are the file's."""
    path = os.fsdecode(os.fspath(path))
    max_bytes = _limit_arg(max_bytes, MAX_READ, "max_bytes")
    limits = {"max-bytes": max_bytes} if max_bytes != _native.DEFAULT_MAX_BYTES else {}
    if max_memory is not None:
        limits["max-memory"] = _limit_arg(max_memory, _native.DEFAULT_MAX_MEMORY, "max_memory")
    try:
        info = os.stat(path)
    except FileNotFoundError:
        # As open() says it: the type a caller checks for a missing file.
        raise FileNotFoundError(errno.ENOENT, "no such file", str(path)) from None
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{path}: not a regular file (a device, pipe or directory is not read)")
    if info.st_size > max_bytes:
        raise ValueError(f"{path}: {info.st_size} bytes, above the limit of {max_bytes} (pass max_bytes=...)")
    with open(path, "rb") as f:
        head = f.read(12)
        if head[:4] != _MAGIC:
            return _read_command_file(path, max_bytes, limits)
        if len(head) < 12:
            raise ValueError(f"{path}: the batch file ends inside its first 12 bytes")
        version, flags, size = struct.unpack("<HHI", head[4:])
        if version != _VERSION or flags:
            raise ValueError(f"{path}: batch file version {version} (flags {flags}) is not one this module reads")
        if size > min(1 << 26, info.st_size):
            raise ValueError(f"{path}: a header of {size} bytes does not fit the file")
        text = f.read(size)
    try:
        header = json.loads(text)
        count, kind = int(header["count"]), str(header["shape"])
        width, height, request = int(header["width"]), int(header["height"]), dict(header["request"])
        record = str(header.get("record", ""))
        reason = header.get("not_drawable")
        if count < 0 or width < 1 or height < 1 or width * height > 2**32:
            raise ValueError(f"count {count}, width {width}, height {height}")
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: the header is not a batch file's ({e})") from None
    # The file says what made its mazes, not where to look or how much to spend.
    for key in ("mask", "threads", *_LIMITS):
        if key in request:
            raise ValueError(f"{path}: a batch file's request may not set {key!r} (it names a file or a limit)")
    square = record.endswith("passage bits")
    if square and (kind != "square" or request.get("shape", "square") != "square"):
        raise ValueError(f"{path}: passage bits are for square mazes, not {kind}")
    dtype = _record_dtype(square, height, width)
    offset = 12 + size
    expected = offset + count * dtype.itemsize
    if info.st_size != expected:
        raise ValueError(f"{path}: {count} records need {expected} bytes, the file has {info.st_size}")
    # The records, the ends (two int64 copies) and, for square mazes, the passages
    # unpacked to a byte each.
    need = count * (dtype.itemsize + 40) + (count * 2 * height * width if square else 0)
    _within(f"{path}: the arrays of its {count} {width}x{height} {kind} mazes", need, max_bytes, "max_bytes")
    request.update(limits)
    if mmap and count:
        records = np.memmap(path, dtype=dtype, mode="r", offset=offset, shape=(count,))
    else:
        records = np.fromfile(path, dtype=dtype, offset=offset, count=count)
    ends = np.stack([records["entrance"], records["exit"]], axis=1).astype(np.int64)
    if ends.size and ends.max() >= width * height and kind in ("square", "hex", "triangle", "sigma"):
        raise ValueError(f"{path}: an entrance or exit beyond the {width * height} cells")
    data = {"kind": kind, "width": width, "height": height, "seeds": records["seed"], "ends": ends}
    if square:
        bits = np.unpackbits(records["passages"], axis=1, count=2 * height * width, bitorder="little")
        data["connections"] = bits.view(bool).reshape(count, 2, height, width)
    batch = Batch(data, request)
    batch._not_drawable = str(reason) if reason else None
    return batch


def _read_command_file(path: str, max_bytes: int, limits: dict) -> Batch:
    try:
        found = _native.read_files(path, max_bytes)
    except LimitError:
        raise
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
    request = {"shape": found["kind"], "width": int(found["width"]), "height": int(found["height"])}
    if found["wrap"] != "none":
        request["wrap"] = found["wrap"]
    if int(found["levels"]) > 1:
        request["levels"] = int(found["levels"])
    if found.get("algorithm"):
        request["algorithm"] = found["algorithm"]
    if found.get("braid") is not None:
        request["braid"] = found["braid"]
    request.update(limits)
    batch = Batch(found, request)
    same = not (found["masked"] or found["woven"])
    if same:
        try:
            again = batch._remake(digests=True)
            same = np.array_equal(again["digests"], found["digests"]) and np.array_equal(
                np.asarray(again["ends"]).reshape(-1, 2), batch._ends
            )
        except LimitError:
            raise
        except ValueError:
            same = False
    if not same:
        batch._not_drawable = (
            f"{path} holds mazes that its seeds and recorded options do not make again "
            "(a mask, crossings, other ends or options than the file records, or an edited file); "
            f"draw them with the maze command: maze render {path}"
        )
    return batch
