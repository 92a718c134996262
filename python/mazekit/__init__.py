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

import base64
import errno
import hashlib
import html
import json
import os
import stat
import struct
from typing import Any, Iterable, Iterator, Sequence

import numpy as np

from . import _native, _parquet, _verify
from ._native import LimitError, __version__

__all__ = ["generate", "iter_batches", "read", "solve", "parse", "tasks", "verify", "read_parquet", "PROMPT_STYLES", "Batch", "Maze", "Solutions", "OPTIONS", "LimitError", "capabilities", "__version__"]

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
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
        value = os.fsdecode(value) if isinstance(value, bytes) else value
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


# --- generated by scripts/python-signature.py from the request's fields: do not edit ---
# The options' defaults, from the request (an option at its default is left out of the request).
_DEFAULTS: dict[str, Any] = {'width': None, 'height': None, 'algorithm': 'recursive-backtracker', 'seed': None, 'shape': 'square', 'mask': None, 'mask_text': None, 'mask_data': None, 'mask_connect': False, 'difficulty': None, 'wrap': 'none', 'levels': 1, 'weave': None, 'braid': None, 'unreachable': None, 'unicursal': False, 'starts': None, 'ends': None, 'entrance': None, 'exit': None, 'deadend_start': False, 'deadend_end': False, 'allowed_start': None, 'allowed_end': None, 'min_distance': None, 'solve': None, 'part': None, 'parts': None, 'threads': None, 'bias': None, 'policy': None, 'where': None, 'hardness': None, 'order': None, 'max_tries': None, 'steps': None, 'rooms': None, 'room_size': None, 'room_tries': None, 'extra_doors': None, 'sparse': None, 'cell_size': None, 'wall_width': None, 'wall_colour': None, 'background': None, 'path_colour': None, 'no_visited': False, 'style': 'line', 'heat': False, 'dot_size': None, 'numbered': False, 'no_markers': False, 'title': None, 'instructions': None, 'paper': None, 'margin': None, 'fit': False, 'wall_height': None, 'base': None, 'tex_fragment': False, 'cell_walls': False, 'prompt_style': None, 'prompt_glyphs': False, 'task_image': False, 'corridor_width': None, 'wall_tiles': None, 'font': None, 'trim': None, 'bleed': None, 'gutter': None, 'page_numbers': None, 'keys_per_page': None, 'ink': None, 'front_page': False, 'per_page': None, 'name_line': False, 'animate': False, 'frames': None, 'delay': None, 'duration': None, 'zones': False, 'max_cells': 67108864, 'max_bytes': 1073741824, 'max_pixels': 100000000, 'max_memory': 536870912}


def generate(
    count: int = 1,
    width: int | None = None,
    height: int | None = None,
    algorithm: str = 'recursive-backtracker',
    seed: int | None = None,
    *,
    shape: str = 'square',
    mask: str | os.PathLike[str] | None = None,
    mask_text: str | None = None,
    mask_data: str | None = None,
    mask_connect: bool = False,
    difficulty: int | None = None,
    wrap: str = 'none',
    levels: int = 1,
    weave: float | None = None,
    braid: float | None = None,
    unreachable: float | None = None,
    unicursal: bool = False,
    starts: int | None = None,
    ends: int | None = None,
    entrance: str | None = None,
    exit: str | None = None,
    deadend_start: bool = False,
    deadend_end: bool = False,
    allowed_start: str | Sequence[str] | None = None,
    allowed_end: str | Sequence[str] | None = None,
    min_distance: int | None = None,
    solve: str | bool | None = None,
    part: int | None = None,
    parts: int | None = None,
    threads: int | None = None,
    bias: str | None = None,
    policy: str | None = None,
    where: str | Sequence[str] | None = None,
    hardness: str | None = None,
    order: str | None = None,
    max_tries: int | None = None,
    steps: int | None = None,
    rooms: int | None = None,
    room_size: str | None = None,
    room_tries: int | None = None,
    extra_doors: float | None = None,
    sparse: int | None = None,
    cell_size: str | float | None = None,
    wall_width: str | float | None = None,
    wall_colour: str | None = None,
    background: str | None = None,
    path_colour: str | None = None,
    no_visited: bool = False,
    style: str = 'line',
    heat: bool = False,
    dot_size: float | None = None,
    numbered: bool = False,
    no_markers: bool = False,
    title: str | None = None,
    instructions: str | None = None,
    paper: str | None = None,
    margin: str | float | None = None,
    fit: bool = False,
    wall_height: float | None = None,
    base: float | None = None,
    tex_fragment: bool = False,
    cell_walls: bool = False,
    prompt_style: str | None = None,
    prompt_glyphs: bool = False,
    task_image: bool = False,
    corridor_width: int | None = None,
    wall_tiles: int | None = None,
    font: str | os.PathLike[str] | None = None,
    trim: str | None = None,
    bleed: str | float | None = None,
    gutter: str | None = None,
    page_numbers: bool | None = None,
    keys_per_page: int | None = None,
    ink: str | None = None,
    front_page: bool = False,
    per_page: int | None = None,
    name_line: bool = False,
    animate: bool = False,
    frames: int | None = None,
    delay: int | None = None,
    duration: float | None = None,
    zones: bool = False,
    max_cells: int = 67108864,
    max_bytes: int = 1073741824,
    max_pixels: int = 100000000,
    max_memory: int = 536870912,
    **options: Any,
) -> "Batch":
    """Makes ``count`` mazes, seeds ``seed``, ``seed + 1``, ... (with ``where`` filters or
    endpoint rules, maze ``i`` tries seeds ``seed + i``, ``seed + i + count``, ... until one
    passes, so no seed is used twice), on every core, as ``maze generate --count`` makes them,
    written into the batch's arrays as they are made.

    ``part=k, parts=n`` makes only part ``k`` (0 to ``n - 1``) of the batch: its mazes
    ``k*count//n`` to ``(k+1)*count//n - 1``, exactly as the whole batch holds them, filters
    included; the parts never share a seed and, joined in order, are the whole batch, so
    each can run on another machine.

    Every option of ``maze generate`` is a keyword argument below (``_`` for ``-``), with
    the command's help and default; an option left at its default is left out of
    ``batch.request``. Without a seed, one is taken from the clock (``batch.seeds`` tells
    it). ``mazekit.generate(**options)`` with a dict works as well; a name that is no
    option, or one a batch does not take (``format``, ``stream``, ``stats``,
    ``parametric``), raises ``ValueError`` naming it. For more mazes than memory holds,
    :func:`iter_batches` makes the same mazes a part at a time.

    Raises ``ValueError`` with a one-line reason for bad options, before any work;
    ``LimitError`` when the arrays would pass ``max_bytes``; Ctrl-C stops a long batch with
    ``KeyboardInterrupt``.

    Options (default in brackets):
    width [None]: Cells per row; polar: cells in the innermost ring [default: 20, polar 6,
        or 2^difficulty; with a mask, the mask's own size].
    height [None]: Number of rows; polar: rings [default: 10, the width if width is given,
        or 2^difficulty; with a mask, the mask's own size].
    algorithm ['recursive-backtracker']: Generator (see `maze list`).
    seed [None]: Seed for the random generator; the same seed and options give the same
        maze, byte for byte. Without it a seed is picked and printed on stderr.
    shape ['square']: Cell shape: square, hex (pointy-top hexagons in offset rows),
        triangle, polar (circular), upsilon (octagons and squares) or sigma (flat-top
        hexagons in offset columns).
    mask [None]: A mask: only the cells under the dark pixels of a PNG, or the `X`s of a
        text file of `X` and `.` rows, exist (the picture is stretched over the maze).
    mask_text [None]: A word cut out of the maze in a built-in bitmap font (letters, digits,
        space and ! ? . , - + : ' & #); the maze flows around the solid letters.
    mask_data [None]: A mask given inline as rows of `X` (cell) and `.` (no cell) separated
        by `/` or newlines, like a mask text file (the page sends uploaded pictures this
        way).
    mask_connect [False]: If the mask falls apart in several pieces, join them with few
        extra cells (each join a shortest bridge between two pieces) instead of refusing.
    difficulty [None]: Document 001's difficulty 1-7: a 2^k x 2^k maze (overridden by
        width/height).
    wrap ['none']: Join the borders (square, hex and sigma cells): `x` the east edge to the
        west (a cylinder), `y` the bottom to the top, `xy` both (a torus). Pictures mark
        open passages through a border with short walls leaving it.
    levels [1]: Stack this many levels joined by stairs (square, hex and sigma cells, 1-64):
        the maze starts on the bottom level and ends on the top one; pictures draw the
        levels side by side, an open stair as an arrow (up ^, down v in text).
    weave [None]: Weave (square cells): passages may cross under others. P, from 0 to 1, is
        the share of inner cells offered as crossings, drawn from the seed (never side by
        side); Kruskal keeps them all, other generators those their walk goes straight
        through. Pictures draw corridors inset so the lower passage shows gaps under the
        upper one.
    braid [None]: Remove this fraction (0 to 1) of dead ends, adding loops.
    unreachable [None]: Cut the goal off in this share (0 to 1) of the mazes, chosen from
        each maze's seed: the fewest walls that leave no route from entrance to exit are
        closed (one wall of the route in a perfect maze, every route in a braided one), and
        the maze is marked `"reachable": false`. Its right answer is no moves; the rest is
        untouched.
    unicursal [False]: A unicursal labyrinth: one path through every cell with no choice
        anywhere, entrance and exit side by side on the outer wall. It keeps the -W/-H asked
        for: the generator makes a perfect maze of half the width and height, and each of
        its passages is split down the middle (each of its cells becomes 2 x 2 cells), so
        the generator's bias shapes the labyrinth. Square cells of even width and height, or
        polar cells (the classical round labyrinth) with an even width of at least 6 and
        even --rings, laid out in pairs of rings so each cell splits.
    starts [None]: MultiMaze (document 003): number of start cells (green dots); the first
        cell is one.
    ends [None]: MultiMaze: number of end cells (red dots); the last cell is one.
    entrance [None]: The entrance: a cell (`x,y`; polar `ring,index`), a side (top, bottom,
        left, right, outer, centre), `random`, or `farthest` (from the exit) [default: the
        first cell; polar: the outer rim; wrapped with only exit given: the farthest cell].
    exit [None]: The exit: as entrance; `farthest` is the cell farthest from the entrance
        (the longest route) [default: the last cell; polar: the centre; wrapped: the
        farthest cell, as the last cell touches the first across the seam].
    deadend_start [False]: Draw the entrance at random among the dead ends (cells with one
        open passage), as maze-dataset's `deadend_start`; a maze without one is refused and
        the next seed tried, as where does. Implies entrance random (another entrance is
        refused).
    deadend_end [False]: Draw the exit at random among the dead ends, as maze-dataset's
        `deadend_end`. Implies exit random.
    allowed_start [None]: Draw the entrance at random among these cells (`x,y`, polar
        `ring,index`, or an id; repeatable), as maze-dataset's `allowed_start`. Implies
        entrance random.
    allowed_end [None]: Draw the exit at random among these cells, as allowed_start. Implies
        exit random.
    min_distance [None]: Draw random ends at least this many steps apart along the maze's
        passages (the route's length); needs a random end (entrance or exit random, or a
        rule above). A maze where no such ends exist is refused and the next seed tried.
    solve [None]: Solve from entrance to exit and show the path (default solver: bfs).
    part [None]: Write only part K (0 to N-1) of parts N of the batch: its mazes K*COUNT/N
        to (K+1)*COUNT/N - 1. The parts of one batch never share a seed and, joined in
        order, are the batch byte for byte, where included (maze i of a filtered batch tries
        seeds SEED+i, SEED+i+COUNT, ...), so each can run on its own machine.
    parts [None]: The number of parts the batch is cut in (see part).
    threads [None]: With count: make the mazes on this many threads [default: one per core];
        the output is the same whatever the number.
    bias [None]: Binary tree: the corner its two directions point to [default: north-east].
    policy [None]: Growing tree: how the next cell is picked (newest, random, oldest, mixed)
        [default: mixed].
    where [None]: Keep only mazes whose statistics meet this condition (repeatable; all must
        hold), such as 'solution>=200' or 'dead_ends<0.25': maze i of count N tries seeds
        SEED+i, SEED+i+N, SEED+i+2N, ... until one passes (so no seed is used twice, and
        part cuts the batch), and the seeds used are reported (see `maze stats --help` for
        the keys).
    hardness [None]: Keep only mazes of this difficulty band (easy, medium, hard, extreme;
        by the score of `maze stats`), trying the next seeds as where does. (difficulty sets
        the size.)
    order [None]: The order a batch's mazes are written in: `seed` (the batch's order) or
        `difficulty`, easiest to hardest by the score of `maze stats` (a ramp for a book;
        the same mazes, scored first, then drawn) [default: seed]. Not with part or stream.
    max_tries [None]: With where, hardness or endpoint rules (deadend_start, ...): give up
        after this many mazes tried in all (by this run: a part counts its own) [default:
        1000 per maze asked for, fewer above 1,000 cells (a million cells made per maze
        asked for), at most 1,000,000]. Conditions that can never hold on the shape (a
        negative length, a share over 1, a route shorter than the direct way between fixed
        ends) are refused before any maze is made.
    steps [None]: Origin Shift: how many times the origin moves after its starting tree (0
        to 1,000,000,000) [default: ten per cell, enough to mix: see `maze list`].
    rooms [None]: Place N rectangular rooms without overlap (from the seed), each with a
        cell of corridor round it, grow the maze between them with the generator (a carving
        one) and join each room to it by one door: a perfect dungeon (square cells, masks
        too).
    room_size [None]: The sides of a room in cells, MIN-MAX (or one number) [default: 3-6].
    room_tries [None]: Random places tried for each room before it goes to a free place
        found by a scan [default: 100].
    extra_doors [None]: Open each further possible door of a room with this chance (0 to 1),
        adding loops [default: 0, one door a room].
    sparse [None]: Remove K rounds of dead ends from the corridors, leaving solid rock.
    cell_size [None]: Cell size, with a unit (mm, cm, in, pt, px) or without: then pixels
        for svg and png, millimetres for pdf, tex, scad and stl [default: 16 px svg; png and
        gif: chosen from the maze, a picture about 800 px on its long side, 2 to 128 px a
        cell (at least 16 when woven), kept under 100 million pixels; 6.35 mm (1/4 in) pdf
        and tex, 10 mm scad and stl]. A pdf keeps an asked size exactly, or refuses.
    wall_width [None]: Wall thickness, as cell_size [default: 1/8 of the cell size; png and
        gif: at least 1 px; pdf: never under 0.75 pt, the thinnest line a printer keeps, so
        a thinner wall is refused (fit raises it) and a maze shrunk to fit keeps 0.75 pt
        walls].
    wall_colour [None]: Wall colour (#rrggbb, #rgb or a name such as black).
    background [None]: Background colour.
    path_colour [None]: Solution line colour.
    no_visited [False]: Do not shade the cells the solver explored (shown by default with a
        solution); json and maze files then keep the path alone, and bfs takes 1 byte a cell
        instead of 8.
    style ['line']: How a solution is shown: `line` (a line through the cell centres, over
        shaded cells) or `document` (documents 000 and 001: the path's cells in black and
        the explored cells in grey, no line).
    heat [False]: Shade cells by distance from the entrance (a heat map).
    dot_size [None]: Diameter of the start and end dots, as a share of a cell (0.05 to 1)
        [default: 1/3, as in document 003; 0.6 where a MultiMaze's dots carry numbers].
    numbered [False]: MultiMaze (starts/ends): number the puzzle's dots, each start and the
        end its route reaches alike (svg, png, pdf, tex). Document 003 leaves the pairing to
        the player, so the puzzle's dots are plain by default; the answer key is always
        numbered.
    no_markers [False]: Leave out the start and end dots (a png of walls alone is then 1 bit
        per pixel).
    title [None]: Title: the heading of pdf pages, drawn above the maze in svg and png too
        [default for pdf: "Maze"; for a MultiMaze (starts/ends) in pdf, svg and png:
        "MultiMaze"].
    instructions [None]: A line of instructions under the title (pdf, svg, png) [default:
        document 003's wording for a MultiMaze, "Find the way ..." on pdf pages].
    paper [None]: Paper for pdf: a4, letter, a3, a5, legal, tabloid (laid whichever way up
        gives the maze the larger cell, a wide maze sideways), each with -landscape or
        -portrait to choose (letter-landscape), or WIDTHxHEIGHT with units (11inx9in,
        254x203mm; bare numbers are mm) [default: a4].
    margin [None]: Page margin for pdf, as a length from 0 (the maze to the paper's edges;
        bare numbers are mm) [default: 15 mm, narrowing to 5 mm with a smaller title when
        that keeps the cell size].
    fit [False]: For pdf: shrink a maze that does not fit the paper at the asked cell_size
        instead of refusing.
    wall_height [None]: Wall height above the base plate for scad and stl, millimetres
        [default: 8]; 0 (scad only) writes a flat (2D) OpenSCAD drawing of the walls
        instead, for laser cutting (`openscad -o maze.svg maze.scad`, or .dxf).
    base [None]: Base plate thickness for scad and stl, millimetres [default: 2].
    tex_fragment [False]: For tex: write a tikzpicture to \\input instead of a whole
        document.
    cell_walls [False]: For json: list each cell's closed sides by the shape's door names
        (`"cell_walls"`, document 004's cells with their intact walls; see docs/FORMAT.md).
    prompt_style [None]: For prompt and tasks: the text style, alphamaze, hrm, grid, aotp,
        plain or ascii (docs/FORMAT.md) [default: ascii].
    prompt_glyphs [False]: For prompt and tasks in the ascii style: draw the walls and the
        floor in characters chosen from each maze's seed (named on a line before the
        picture).
    task_image [False]: For tasks: add each maze's picture as a PNG (`image`, base64), the
        route undrawn.
    corridor_width [None]: For grid (and tile maps): tiles across each corridor, 1 to 64
        [default: 1].
    wall_tiles [None]: For grid (and tile maps): tiles across each wall, 1 to 64 [default:
        1; 1 and 1 is maze-dataset's as_pixels layout].
    font [None]: For pdf: a TrueType or OpenType font file (.ttf, .otf, .ttc: its first
        face) to set every text in, embedded and cut to the glyphs used, for a title in a
        script DejaVu Sans lacks (`title "迷路の本" font NotoSansCJK.ttc`) [default: DejaVu Sans
        and DejaVu Sans Bold, shipped with maze]. A character the font lacks is refused.
    trim [None]: For pdf: make a book of this trim size (KDP's 5x8in, 6x9in, 8.25x11in,
        8.5x11in, 8.5x8.5in ..., or any WIDTHxHEIGHT with in, mm, cm or pt; a4, letter ...
        upright): pages of that size with mirrored margins (the inside one, gutter, on the
        left of odd pages), page numbers and a TrimBox on every page. Instead of paper.
    bleed [None]: For a pdf book: bleed on the top, bottom and outside edges, up to 0.5in
        [default when given without a value: 0.125in, KDP's]: each page is the trim size
        plus the bleed, with its BleedBox; only the background reaches into it.
    gutter [None]: For a pdf book: the inside margin, `auto` (KDP's by page count: 0.375in
        to 150 pages, 0.5in to 300, 0.625in to 500, 0.75in to 700, 0.875in to 828) or a
        length [default: auto]. Outside margins are margin, at least 0.25in (0.375in with
        bleed) [default: that least].
    page_numbers [None]: For a pdf book: number the pages at the outside corner of the foot,
        odd pages on the right (`page_numbers false` leaves them out) [default: on for more
        than 2 pages].
    keys_per_page [None]: For a pdf book with solve: set the answer keys after the puzzles
        1, 2, 4, 6 or 9 to a page, each labelled with its puzzle's page, at the largest size
        that fits.
    ink [None]: For pdf: `black` sets everything in DeviceGray for a black-only printer:
        walls, solution and dots black, shading grey, a start a filled disc and an end a
        ring (the instructions say so) [default: colour].
    front_page [False]: For a pdf book: begin with a title page (the title, the
        instructions, the number of mazes and the page their solutions begin on); the
        puzzles follow from page 2.
    per_page [None]: For pdf: set the puzzles 1, 2, 4 or 6 to a sheet (a worksheet), each
        labelled, under the sheet's title, instructions and name_line [default: 1].
    name_line [False]: For pdf: a line to write a name and the date on ("Name: ____ Date:
        ____") under the title and instructions of every puzzle page (a school worksheet).
    animate [False]: Write an animation of the steps instead of a still picture, as format
        gif or svg: the generator's (and braiding's) steps for generate, the solver's for
        solve. format gif implies it. Up to 20 million steps are recorded; beyond that the
        animation jumps to the finished maze (and says so).
    frames [None]: Most frames, the first (the starting maze) and last (the finished maze)
        included; the steps are spread evenly over them. A gif's frames times its pixels per
        frame may not exceed 500 million [default: 120].
    delay [None]: Time per frame, milliseconds (20 to 10000) [default: duration shared by
        the frames].
    duration [None]: Playing time in seconds (0.1 to 600), before a 2-second pause on the
        last frame [default: 6]. Frames are shown for at least 20 ms each.
    zones [False]: Colour every zone (cells already joined by passages) in its own colour
        until it merges with another, as document 000 shows Kruskal's algorithm; with any
        carving generator (generate only; implies animate).
    max_cells [67108864]: Refuse mazes with more cells than this (at most 2^30).
    max_bytes [1073741824]: Refuse outputs estimated at more bytes than this (1 GiB by
        default); accepts suffixes such as 200M or 4G.
    max_pixels [100000000]: Refuse png images of more pixels than this.
    max_memory [536870912]: Refuse drawings (svg, png, pdf, tex, scad, stl) that would hold
        more memory than this (512 MiB by default; the shading is counted before drawing,
        the walls' runs as they are joined); accepts suffixes such as 200M or 4G.
    """
    given = {"shape": shape, "mask": mask, "mask_text": mask_text, "mask_data": mask_data, "mask_connect": mask_connect, "difficulty": difficulty, "wrap": wrap, "levels": levels, "weave": weave, "braid": braid, "unreachable": unreachable, "unicursal": unicursal, "starts": starts, "ends": ends, "entrance": entrance, "exit": exit, "deadend_start": deadend_start, "deadend_end": deadend_end, "allowed_start": allowed_start, "allowed_end": allowed_end, "min_distance": min_distance, "solve": solve, "part": part, "parts": parts, "threads": threads, "bias": bias, "policy": policy, "where": where, "hardness": hardness, "order": order, "max_tries": max_tries, "steps": steps, "rooms": rooms, "room_size": room_size, "room_tries": room_tries, "extra_doors": extra_doors, "sparse": sparse, "cell_size": cell_size, "wall_width": wall_width, "wall_colour": wall_colour, "background": background, "path_colour": path_colour, "no_visited": no_visited, "style": style, "heat": heat, "dot_size": dot_size, "numbered": numbered, "no_markers": no_markers, "title": title, "instructions": instructions, "paper": paper, "margin": margin, "fit": fit, "wall_height": wall_height, "base": base, "tex_fragment": tex_fragment, "cell_walls": cell_walls, "prompt_style": prompt_style, "prompt_glyphs": prompt_glyphs, "task_image": task_image, "corridor_width": corridor_width, "wall_tiles": wall_tiles, "font": font, "trim": trim, "bleed": bleed, "gutter": gutter, "page_numbers": page_numbers, "keys_per_page": keys_per_page, "ink": ink, "front_page": front_page, "per_page": per_page, "name_line": name_line, "animate": animate, "frames": frames, "delay": delay, "duration": duration, "zones": zones, "max_cells": max_cells, "max_bytes": max_bytes, "max_pixels": max_pixels, "max_memory": max_memory}
    return _generate(count, width, height, algorithm, seed, given, options)
# --- end of the generated code ---


def _generate(count, width, height, algorithm, seed, given: dict, options: dict) -> "Batch":
    """The work of :func:`generate`: its keyword arguments (``given``, at their defaults
    left out) and any others passed as ``**options`` (refused unless they are options)."""
    for name, why in _NOT_FOR_BATCHES.items():
        if options.get(name) not in (None, False):
            raise ValueError(f"{name}: not an option of mazekit.generate ({why})")
    if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, np.integer)) or not 1 <= count < 2**32:
        raise ValueError(f"count: must be a whole number from 1 to 2**32 - 1, not {count!r}")
    if seed is None:
        seed = _native.fresh_seed()
    asked = dict(width=width, height=height, algorithm=algorithm, **given)
    for name, value in list(asked.items()):
        if _is_default(name, value):
            del asked[name]
    request = _request(dict(options, **asked, count=int(count), seed=seed))
    # The compact file is what the plan's size checks measure: about a bit per passage.
    data = _native.generate(json.dumps(dict(request, format="maze")), request["seed"])
    batch = Batch(data, request)
    batch._whole = True
    return batch


def iter_batches(total: int, chunk: int, **options: Any) -> Iterator["Batch"]:
    """The mazes of ``generate(total, **options)`` as batches of at most ``chunk`` mazes
    (its ``n = ceil(total / chunk)`` parts, ``part=k, parts=n``, of sizes differing by at
    most one), made one at a time, so that only one batch is held at once: the same
    seeds and the same mazes, in the same order (``np.concatenate`` of the batches'
    arrays equals the one batch's), filters and endpoint rules included. ``options`` are
    :func:`generate`'s; without ``seed`` one is taken from the clock once.

    A ``for`` loop holds the part it has while the next is made, two parts' memory at
    most; ``del part`` at the end of the loop's body holds one. Bad options raise
    ``ValueError`` before the first batch is made."""
    for name, value in (("total", total), ("chunk", chunk)):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(f"{name}: must be a whole number from 1 up, not {value!r}")
    if "count" in options:
        raise ValueError("count: iter_batches takes total and chunk instead")
    for name in ("part", "parts"):
        if options.get(name) is not None:
            raise ValueError(f"{name}: iter_batches makes the parts itself (one per chunk)")
    seed = options.pop("seed", None)
    if seed is None:
        seed = _native.fresh_seed()
    total, chunk = int(total), int(chunk)
    # Checked now, not when the first batch is asked for (each batch's size is checked
    # when it is made).
    for name, why in _NOT_FOR_BATCHES.items():
        if options.get(name) not in (None, False):
            raise ValueError(f"{name}: not an option of mazekit.iter_batches ({why})")
    request = _request(dict(options, seed=seed, count=min(chunk, total)))
    _native.recipe(json.dumps(dict(request, format="maze", **{"max-bytes": 2**63})))
    return _batches(total, chunk, int(seed), options)


def _batches(total: int, chunk: int, seed: int, options: dict) -> Iterator["Batch"]:
    # The parts of the one batch (part=k, parts=n): the same mazes, filters included.
    parts = -(-total // chunk)
    for part in range(parts):
        if parts == 1:
            batch = generate(total, seed=seed, **options)
        else:
            batch = generate(total, seed=seed, part=part, parts=parts, **options)
        yield batch
        # Not held here while the next part is made (the caller's loop variable still
        # holds it: two parts at most).
        del batch


def _is_default(name: str, value: Any) -> bool:
    """Whether `value` is option `name`'s default (of the same type: ``True`` is not 1)."""
    d = _DEFAULTS.get(name)
    return value is None or (d is not None and type(value) is type(d) and value == d)



#: The text styles of :meth:`Batch.as_text`, :func:`parse` and :func:`tasks` (docs/FORMAT.md).
PROMPT_STYLES = ("alphamaze", "hrm", "grid", "aotp", "plain", "ascii")


def parse(text: str, style: str) -> dict:
    """A square maze's text in a prompt style (:meth:`Batch.as_text`, ``maze generate -f
    prompt``) read back: ``width``, ``height``, ``connections`` (2, H, W) bool
    (maze-dataset's layout, as a row of ``batch.connections``), ``start`` and ``goal`` as
    (row, column). A route marked in the text is ignored. Text that is not a maze in the
    style raises a one-line ``ValueError``."""
    if not isinstance(text, str):
        raise ValueError(f"text: a str, not {type(text).__name__}")
    if not isinstance(style, str):
        raise ValueError(f"style: one of {', '.join(PROMPT_STYLES)}, not {style!r}")
    return _native.parse(text, style)


def verify(maze: "Maze | Batch", moves: Any, start: Any = None, goal: Any = None) -> dict[str, Any]:
    """Checks an answer against a maze (``batch[i]``: :meth:`Maze.verify`), or one answer
    a maze against a batch (:meth:`Batch.verify`, columns)."""
    if isinstance(maze, Batch):
        return maze.verify(moves, start, goal)
    if isinstance(maze, Maze):
        return maze.verify(moves, start, goal)
    raise ValueError(f"verify: a mazekit.Maze (batch[i]) or Batch, not {type(maze).__name__}")


#: How many task records :func:`tasks` makes at once (a part of the batch).
TASKS_CHUNK = 2048


def tasks(
    count: int = 1,
    style: str = "ascii",
    seed: int | None = None,
    image: bool = False,
    glyphs: bool = False,
    **options: Any,
) -> Iterator[dict]:
    """Task records for language models, as ``maze generate -f tasks`` writes them (one
    code path: the same records for the same options), made a part at a time: ``id``,
    ``seed``, ``style``, ``width``, ``height``, ``prompt`` (a short question around the
    maze in ``style``), ``answer`` (the moves U/D/L/R of a shortest route; ``alphamaze``
    reasons step by step before them), ``moves``, ``reachable``, ``shortest_length``, ``shortest_count``, the
    difficulty figures of ``maze stats`` (``dead_ends``, ``junctions``, ``decisions``,
    ``decision_weight``, ``winding``, ``difficulty``, ``hardness``) and with ``image`` the
    maze's picture as PNG bytes (the route undrawn). Record i is maze ``seed + i`` (with
    filters, the seed that passed): the same record made alone or in any batch.
    ``glyphs`` draws the ascii style in characters chosen from each seed; ``options`` are
    :func:`generate`'s (size, algorithm, braid, endpoints, filters, ...)."""
    if isinstance(count, (bool, np.bool_)) or not isinstance(count, (int, np.integer)) or not 1 <= count < 2**32:
        raise ValueError(f"count: must be a whole number from 1 to 2**32 - 1, not {count!r}")
    for name in ("count", "format", "part", "parts", "prompt_style", "task_image", "prompt_glyphs"):
        if name in options:
            raise ValueError(f"{name}: not an option of mazekit.tasks")
    if seed is None:
        seed = _native.fresh_seed()
    request = _request(dict(options, seed=seed, count=int(count)))
    request.update({"format": "tasks", "prompt-style": str(style)})
    if image:
        request["task-image"] = True
    if glyphs:
        request["prompt-glyphs"] = True
    count = int(count)
    parts = -(-count // TASKS_CHUNK)
    # The first part is made now, so that bad options raise here rather than at the
    # first record.
    first = _task_part(request, 0, parts)
    return _tasks(request, parts, first)


def _task_part(request: dict, part: int, parts: int) -> bytes:
    asked = dict(request, part=part, parts=parts) if parts > 1 else request
    return _native.render(json.dumps(asked), int(request["seed"]))


def _tasks(request: dict, parts: int, first: bytes) -> Iterator[dict]:
    for part in range(parts):
        data = first if part == 0 else _task_part(request, part, parts)
        first = b""
        for line in data.decode().splitlines():
            record = json.loads(line)
            if "image" in record:
                record["image"] = base64.b64decode(record["image"])
            yield record


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


class Solutions(Sequence):
    """Every maze's route of a batch, held as one flat array of cell ids
    (``batch.solution_cells``) and where each maze's starts (``batch.solution_offsets``,
    N + 1 of them): not a million small arrays. It reads as a list of routes:
    ``solutions[i]`` is maze i's, (L, 2) (row, column) on square mazes, a view of (L,)
    cell ids on the others."""

    def __init__(self, cells: np.ndarray, offsets: np.ndarray, width: int | None):
        self.cells = cells
        self.offsets = offsets
        self._width = width

    @classmethod
    def from_routes(cls, routes: Sequence[np.ndarray], width: int | None) -> "Solutions":
        """From a list of routes ((L, 2) (row, column) when ``width`` is given, else cell ids)."""
        lengths = np.fromiter((len(r) for r in routes), dtype=np.int64, count=len(routes))
        offsets = np.zeros(len(routes) + 1, dtype=np.uint64)
        np.cumsum(lengths, out=offsets[1:], dtype=np.uint64)
        cells = np.empty(int(offsets[-1]), dtype=np.uint32)
        for i, r in enumerate(routes):
            r = np.asarray(r)
            cells[int(offsets[i]) : int(offsets[i + 1])] = r[:, 0] * width + r[:, 1] if width is not None else r
        return cls(cells, offsets, width)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def _one(self, i: int) -> np.ndarray:
        route = self.cells[int(self.offsets[i]) : int(self.offsets[i + 1])]
        if self._width is None:
            return route
        route = route.astype(np.int64)
        return np.stack([route // self._width, route % self._width], axis=-1)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self._one(i) for i in range(*index.indices(len(self)))]
        i = int(index)
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"solution {index} of {len(self)}")
        return self._one(i)

    def __iter__(self) -> Iterator[np.ndarray]:
        return (self._one(i) for i in range(len(self)))

    def take(self, rows) -> "Solutions":
        """The routes of these mazes (indices), as one flat array again."""
        rows = np.asarray(rows, dtype=np.int64)
        starts = self.offsets[:-1].astype(np.int64)
        lengths = self.offsets[1:].astype(np.int64) - starts
        picked = lengths[rows]
        offsets = np.zeros(len(rows) + 1, dtype=np.uint64)
        np.cumsum(picked, out=offsets[1:], dtype=np.uint64)
        at = np.repeat(starts[rows] - offsets[:-1].astype(np.int64), picked) + np.arange(int(offsets[-1]))
        return Solutions(self.cells[at], offsets, self._width)

    def __repr__(self) -> str:
        return f"<mazekit.Solutions of {len(self)} routes, {len(self.cells)} cells>"


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
        # Cell ids as the engine gives them (uint32: half the memory of int64 for a big
        # batch); `entrances` and `exits` give them as int64.
        self._ends = np.asarray(data["ends"]).reshape(-1, 2)
        if self._ends.dtype != np.uint32:
            self._ends = self._ends.astype(np.uint32)
        self._connections = data.get("connections")
        self._solutions: Solutions | None = None
        if data.get("solution_cells") is not None:
            width = self.width if self._connections is not None else None
            self._solutions = Solutions(data["solution_cells"], data["solution_offsets"], width)
        self._stats = data.get("stats")
        # Why batch[i] cannot be drawn, for mazes read from a file that their seeds do not
        # make again (see `read`).
        self._not_drawable: str | None = None
        # Whether the batch is all its request makes (so :meth:`draw` can make it again).
        self._whole = False
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

    #: How many mazes a notebook shows of a batch (:meth:`_repr_html_`).
    SHOWN = 12

    def _repr_html_(self) -> str:
        """A notebook's view: the first :attr:`SHOWN` mazes as a grid of small pictures
        (PNG, about 160 pixels on the long side), each with its seed."""
        title = html.escape(repr(self))
        shown = min(len(self), self.SHOWN)
        if shown < len(self):
            title += f" (the first {shown} shown)"
        if self._not_drawable or not shown:
            return f"<div><code>{title}</code></div>"
        cell = max(2, 160 // max(self.width, self.height, 1))
        pictures = []
        for i in range(shown):
            png = base64.b64encode(self[i].draw("png", cell_size=cell)).decode()
            pictures.append(
                f'<figure style="margin:4px;text-align:center"><img src="data:image/png;base64,{png}" '
                f'alt="maze {i}"/><figcaption style="font-size:smaller">[{i}] seed {self._seeds[i]}'
                "</figcaption></figure>"
            )
        grid = "".join(pictures)
        return f'<div><code>{title}</code><div style="display:flex;flex-wrap:wrap">{grid}</div></div>'

    def _take(self, rows) -> "Batch":
        rows = np.asarray(rows, dtype=np.int64)
        data = dict(self._data)
        data["seeds"] = self._seeds[rows]
        data["ends"] = self._ends[rows]
        if self._connections is not None:
            data["connections"] = self._connections[rows]
        if self._solutions is not None:
            part = self._solutions.take(rows)
            data["solution_cells"], data["solution_offsets"] = part.cells, part.offsets
        else:
            data["solution_cells"] = data["solution_offsets"] = None
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
        return self._ends[:, 0].astype(np.int64)

    @property
    def exits(self) -> np.ndarray:
        """(N,) cell ids of the exits (every shape)."""
        return self._ends[:, 1].astype(np.int64)

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
    def solutions(self) -> Solutions:
        """Each maze's route from entrance to exit, read as a list: (L, 2) (row, column) on
        square mazes, (L,) cell ids on others; by the request's solver, else breadth-first
        (shortest). Held as one flat array (:attr:`solution_cells`,
        :attr:`solution_offsets`), computed on first use unless the request solved."""
        if self._solutions is None:
            if self.square:
                solver = self.request.get("solve", "bfs")
                limit = self._limit("max-bytes")
                routes = solve(self._connections, self.starts, self.ends, solver, max_bytes=limit)
                self._solutions = Solutions.from_routes(routes, self.width)
            elif not len(self):
                self._solutions = Solutions(np.zeros(0, np.uint32), np.zeros(1, np.uint64), None)
            else:
                remade = self._remake(solve=self.request.get("solve", "bfs"))
                self._solutions = Solutions(remade["solution_cells"], remade["solution_offsets"], None)
        return self._solutions

    @property
    def solution_cells(self) -> np.ndarray:
        """(total,) uint32: every maze's route (cell ids, row * width + column on square
        mazes), one after another; maze i's is ``solution_cells[solution_offsets[i]:
        solution_offsets[i + 1]]``."""
        return self.solutions.cells

    @property
    def solution_offsets(self) -> np.ndarray:
        """(N + 1,) uint64: where each maze's route starts in :attr:`solution_cells` (the
        last one is its length)."""
        return self.solutions.offsets

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

    def as_grid(self, corridor: int = 1, wall: int = 1) -> np.ndarray:
        """(N, H', W') uint8 tile maps, what ``maze generate -f grid`` writes: 0 wall,
        1 floor, 2 start, 3 end, each corridor ``corridor`` tiles wide and each wall
        ``wall`` tiles thick (1 to 64; 1 and 1 is :meth:`as_pixels`' layout, H' = 2H + 1).
        Square cells only (masked mazes too, drawn one by one); other shapes raise
        ``ValueError``."""
        for name, v in (("corridor", corridor), ("wall", wall)):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
                raise ValueError(f"{name}: tiles across, a whole number from 1 to 64, not {v!r}")
        # A dungeon's grid is drawn one maze at a time: its rooms' floors and rock are not
        # in the connection arrays.
        if self.square and not self.request.get("rooms"):
            return _native.tile_grids(self._connections, self.starts, self.ends, int(corridor), int(wall),
                                      max_bytes=self._limit("max-bytes"))
        grids = [m.as_grid(corridor, wall) for m in self]
        return np.stack(grids) if grids else np.zeros((0, 0, 0), dtype=np.uint8)

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
        routes = self.solutions
        texts = _native.texts(self._connections, self.starts, self.ends, "aotp", routes.cells, routes.offsets,
                              max_bytes=self._limit("max-bytes"))
        return [t.split() for t in texts]

    def as_text(self, style: str = "ascii", solve: bool = False, glyphs: bool = False) -> list[str]:
        """Each maze as text for a language model in a prompt style (``docs/FORMAT.md``):
        ``alphamaze``, ``hrm``, ``grid``, ``aotp``, ``plain`` or ``ascii`` (what ``maze
        generate -f prompt --prompt-style STYLE`` writes); ``solve`` marks the route where
        the style marks one, ``glyphs`` draws ascii in wall and floor characters chosen from
        each seed. :func:`parse` reads the text back. Other shapes than plain square grids
        have ``ascii`` and ``plain`` only."""
        if not self.square:
            return [m.as_text(style, solve=solve, glyphs=glyphs) for m in self]
        routes = self.solutions if solve else None
        return _native.texts(
            self._connections, self.starts, self.ends, str(style),
            None if routes is None else routes.cells, None if routes is None else routes.offsets,
            self._seeds if glyphs else None, max_bytes=self._limit("max-bytes"),
        )

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

    # --- answers and shortest routes ------------------------------------------------------
    def verify(self, answers: Sequence, starts: Any = None, goals: Any = None) -> dict[str, Any]:
        """Checks one answer a maze (a move string: ``U R D L`` on square cells, up toward
        row 0; the shape's door names elsewhere, as ``maze list`` shows; ``"RRDD"``,
        ``"R,R,D,D"`` or a list of moves), from each maze's start to its goal (``starts`` and
        ``goals`` change them: (row, column) pairs on square grids, or cell ids). Columns of
        N: ``valid``, ``reaches_goal``, ``optimal``, ``reachable`` (bool), ``excess_steps``,
        ``first_error``, ``shortest_length`` (int64, -1 for none), ``moves`` (int64) and
        ``reason`` (a list of str), as ``maze verify`` says them. Malformed moves raise a
        one-line ``ValueError`` naming the answer, the move and its index."""
        return _verify.verify_batch(self, answers, starts, goals)

    def shortest(self, starts: Any = None, goals: Any = None, limit: int | None = None) -> dict[str, Any]:
        """Each maze's shortest routes from its start to its goal (braided mazes included):
        ``length`` (int64, -1 where the goal cannot be reached), ``count`` (uint64, distinct
        shortest routes, stopping at 2**63) and ``saturated`` (bool: the count stopped);
        with ``limit``, ``routes``: up to ``limit`` routes a maze as move strings."""
        return _verify.shortest_batch(self, starts, goals, limit)

    @property
    def shortest_length(self) -> np.ndarray:
        """(N,) int64: the moves of a shortest route from start to goal (-1: unreachable)."""
        return self.shortest()["length"]

    @property
    def shortest_count(self) -> np.ndarray:
        """(N,) uint64: the number of distinct shortest routes (at most 2**63)."""
        return self.shortest()["count"]

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

    def split(self, fractions: Sequence[float], seed: int = 0, symmetry: bool = False) -> list["Batch"]:
        """The mazes shuffled (by ``seed``) and cut into parts of these shares of the batch
        (``[0.8, 0.1, 0.1]``); shares that add up to less than 1 leave the rest out. With
        ``symmetry`` (square mazes), a maze and its rotations and mirror images (with their
        start and goal) always land in the same part, so no maze is in two parts up to
        symmetry; the parts' sizes then follow the shares to within a group of copies."""
        fractions = [float(f) for f in fractions]
        if not fractions or not all(np.isfinite(fractions)) or any(f < 0 for f in fractions) or sum(fractions) > 1 + 1e-9:
            raise ValueError(f"fractions must be shares of at least 0 adding up to at most 1, not {fractions}")
        rng = np.random.default_rng(seed)
        if symmetry:
            group = self._symmetry_classes()
            # Whole classes in a random order, each class's mazes together.
            rank = rng.permutation(int(group.max()) + 1 if len(group) else 0)[group]
            order = np.lexsort((np.arange(len(self)), rank))
        else:
            order = rng.permutation(len(self))
        cuts = np.floor(np.cumsum(fractions) * len(self) + 1e-9).astype(int)
        if abs(sum(fractions) - 1) < 1e-9:
            cuts[-1] = len(self)
        if symmetry and len(self):
            ranks = rank[order]
            # A cut inside a class moves to the class's end.
            cuts = np.array([c if c == 0 or c >= len(self) else int(np.searchsorted(ranks, ranks[c - 1], side="right"))
                             for c in cuts])
        parts, at = [], 0
        for cut in cuts:
            cut = max(cut, at)
            parts.append(self._take(order[at:cut]))
            at = cut
        return parts

    def dedupe(self, symmetry: bool = False) -> "Batch":
        """The batch without repeated mazes (same passages, entrance and exit), first
        occurrences kept in order. With ``symmetry`` (square mazes), a maze that is a
        rotation or mirror image of an earlier one (its start and goal moved with it) is a
        repeat too: 8 ways on a square grid, 4 on a rectangle."""
        if not len(self):
            return self._take([])
        if symmetry:
            _, first = np.unique(self._symmetry_classes(), return_index=True)
            return self._take(np.sort(first))
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

    def _symmetry_classes(self) -> np.ndarray:
        """(N,) int64: equal for mazes that are rotations or mirror images of each other."""
        if not self.square:
            raise ValueError(f"symmetry=True is for plain square mazes; these are {self.kind} mazes")
        n, h, w = len(self), self.height, self.width
        ways = 8 if h == w else 4
        key = (2 * h * w + 7) // 8 + 8
        _within(f"symmetry: the keys of {n} mazes in {ways} ways", n * ways * (2 * key + 16) + 2 * n * 2 * h * w,
                self._limit("max-bytes"), "max_bytes")
        down, right = self._connections[:, 0], self._connections[:, 1]
        ends = np.stack([self.starts, self.ends], axis=1)  # (N, 2, 2): start and goal as (row, col)
        keys = []
        for transpose in (False, True)[: 2 if h == w else 1]:
            d0, r0, e0 = (right.transpose(0, 2, 1), down.transpose(0, 2, 1), ends[..., ::-1]) if transpose else (down, right, ends)
            for flip_rows in (False, True):
                for flip_cols in (False, True):
                    d, r, e = d0, r0, e0.copy()
                    if flip_rows:
                        # The passage down from row i joins rows i and i + 1: flipped, it is
                        # the passage down from row h - 2 - i.
                        d = np.concatenate([d[:, h - 2 :: -1] if h > 1 else d[:, :0], d[:, h - 1 :]], axis=1)
                        r = r[:, ::-1]
                        e[..., 0] = h - 1 - e[..., 0]
                    if flip_cols:
                        r = np.concatenate([r[:, :, w - 2 :: -1] if w > 1 else r[:, :, :0], r[:, :, w - 1 :]], axis=2)
                        d = d[:, :, ::-1]
                        e[..., 1] = w - 1 - e[..., 1]
                    bits = np.packbits(np.concatenate([d.reshape(n, -1), r.reshape(n, -1)], axis=1), axis=1)
                    k = np.concatenate([bits, e.reshape(n, 4).astype("<u2").view(np.uint8)], axis=1)
                    keys.append(np.ascontiguousarray(k))
        stacked = np.concatenate(keys)
        _, inverse = np.unique(stacked.view(np.dtype((np.void, stacked.shape[1]))).ravel(), return_inverse=True)
        return inverse.reshape(len(keys), n).min(axis=0).astype(np.int64)

    def to_parquet(self, path: str | os.PathLike, rows_per_file: int | None = None, style: str = "ascii", *,
                   follow_symlinks: bool = False) -> list[str]:
        """Writes the batch as Parquet (needs ``pyarrow``): one row a maze with ``id``,
        ``seed``, ``width``, ``height``, ``prompt`` (the maze as text in ``style``, as
        :meth:`as_text`), ``answer`` (a shortest route as moves, empty when the goal
        cannot be reached), ``reachable``, ``shortest_length``, ``shortest_count``,
        ``entrance``, ``exit`` and on square grids ``connections`` (2*H*W bools, as
        ``connections`` flattened), ``start`` and ``goal`` (row, column). A ``path`` ending
        in ``.parquet`` with no more than ``rows_per_file`` rows is one file; otherwise
        ``path`` is a folder of shards ``part-00000-of-0000K.parquet``. Each file is
        written atomically and carries the request, so :func:`read_parquet` reads the
        shards back to this batch; ``datasets.load_dataset("parquet", data_files=...)``
        and pandas read them as tables. Returns the files written."""
        return _parquet.to_parquet(self, path, rows_per_file, style, follow_symlinks)

    @property
    def reachable(self) -> np.ndarray:
        """(N,) bool: whether each maze's goal can be reached (``unreachable=P`` cuts a
        share off)."""
        return self.shortest()["length"] >= 0

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
    def draw(self, format: str = "pdf", **options: Any) -> bytes:
        """The file ``maze generate -n COUNT --seed SEED -f FORMAT`` writes for the whole
        batch: for ``pdf`` a book, a page a maze, with the book options (``title``,
        ``trim="6x9in"``, ``bleed=True``, ``keys_per_page=6``, ``page_numbers=True``,
        ``order="difficulty"``, ``front_page=True``, ``ink="black"``, ...; answer keys with
        ``solve="bfs"``); other formats as the command writes a batch in them. Only for a
        batch as :func:`generate` made it: a slice, split or batch read from a file is
        drawn maze by maze with ``batch[i].draw``."""
        if self._not_drawable:
            raise ValueError(self._not_drawable)
        if not self._whole:
            raise ValueError(
                "draw: only a whole batch from mazekit.generate is drawn as one file (its request makes it "
                "again); draw the mazes of a slice, split or read batch one by one with batch[i].draw"
            )
        # The book's order and the threads change which page a maze is on, not the mazes.
        batch_only = {k for k in options if k.replace("_", "-") in _BATCH_ONLY}
        changed = sorted(((set(options) & _SHAPING) | batch_only) - {"threads", "order"})
        if changed:
            raise ValueError(
                f"{changed[0]}: changes the mazes, not their drawing (make another batch with mazekit.generate)"
            )
        request = dict(self.request)
        request.update(_request(options))
        request["format"] = format
        return _native.render(json.dumps(request), int(request["seed"]))

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
        self._rooms: list[dict[str, Any]] | None = None

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

    def as_grid(self, corridor: int = 1, wall: int = 1) -> np.ndarray:
        """This maze as (H', W') uint8 tiles (see :meth:`Batch.as_grid`)."""
        if self.batch.square and not self.batch.request.get("rooms"):
            return self.batch[self.index : self.index + 1].as_grid(corridor, wall)[0]
        text = self.draw("grid", corridor_width=int(corridor), wall_tiles=int(wall))
        rows = text.rstrip(b"\n").split(b"\n")
        codes = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(len(rows), -1)
        out = np.zeros(codes.shape, dtype=np.uint8)
        for char, value in ((b".", 1), (b"S", 2), (b"E", 3)):
            out[codes == char[0]] = value
        return out

    @property
    def rooms(self) -> list[dict[str, Any]]:
        """A dungeon's rooms (``rooms=N``), as the JSON file lists them: each a dict with
        ``x``, ``y`` (its top-left cell's column and row), ``width``, ``height`` (in cells)
        and ``doors``, a list of ``[cell in the room, cell outside]`` pairs of cell ids;
        ``[]`` for a maze without rooms."""
        if not self.batch.request.get("rooms"):
            return []
        if self._rooms is None:
            self._rooms = json.loads(self.to_json()).get("rooms", [])
        return self._rooms

    def verify(self, moves: str | Sequence[str], start: Any = None, goal: Any = None) -> dict[str, Any]:
        """Checks an answer (see :meth:`Batch.verify`) from the entrance, or ``start``, to
        the exit, or ``goal`` (a cell id, or (row, column) on a square grid): ``valid``,
        ``reaches_goal``, ``optimal``, ``reachable``, ``excess_steps``, ``first_error``
        (None when there is none), ``shortest_length``, ``moves`` and ``reason``."""
        one = self.batch[self.index : self.index + 1]
        def wrap(c: Any) -> Any:
            return None if c is None else [c]

        return _verify.row(one.verify([moves], wrap(start), wrap(goal)), 0)

    @property
    def shortest_length(self) -> int | None:
        """The moves of a shortest route from entrance to exit (None: unreachable)."""
        n = int(self.batch[self.index : self.index + 1].shortest()["length"][0])
        return None if n < 0 else n

    @property
    def reachable(self) -> bool:
        """Whether the exit can be reached from the entrance (``unreachable=P`` cuts some off)."""
        return self.shortest_length is not None

    @property
    def shortest_count(self) -> int:
        """The number of distinct shortest routes from entrance to exit (at most 2**63)."""
        return int(self.batch[self.index : self.index + 1].shortest()["count"][0])

    def shortest_routes(self, limit: int = 100) -> list[str]:
        """Up to ``limit`` shortest routes from entrance to exit, as move strings, the
        route taking the lowest door first coming first."""
        return list(self.batch[self.index : self.index + 1].shortest(limit=limit)["routes"][0])

    def draw(self, format: str = "svg", **options: Any) -> bytes:
        """The file ``maze generate --seed SEED -f FORMAT`` writes for this maze (svg, png,
        pdf, json, text, tex, scad, stl, gif, ...); ``options`` add or change drawing options
        (``solve="bfs"``, ``cell_size=20``, ...)."""
        request = self.batch._one_request(self.index, **options)
        request["format"] = format
        return _native.render(json.dumps(request), self.seed)

    def as_text(self, style: str = "ascii", solve: bool = False, glyphs: bool = False) -> str:
        """The maze as text in a prompt style (see :meth:`Batch.as_text`)."""
        if self.batch.square:
            return self.batch[self.index : self.index + 1].as_text(style, solve=solve, glyphs=glyphs)[0]
        options: dict[str, Any] = {"prompt_style": style}
        if solve:
            options["solve"] = self.batch.request.get("solve", "bfs")
        if glyphs:
            options["prompt_glyphs"] = True
        return self.draw("prompt", **options).decode()

    def to_json(self, **options: Any) -> str:
        """The maze as ``maze generate -f json`` writes it."""
        return self.draw("json", **options).decode()

    #: Above this many cells a notebook shows the maze as a PNG (about 800 pixels on its
    #: long side) rather than an SVG, which grows with the cells (megabytes for a large maze).
    SVG_MOST_CELLS = 4096

    def _cells_shown(self) -> int:
        b = self.batch
        return int(b._data.get("cells") or b.width * b.height)

    def _repr_svg_(self) -> str | None:
        """A notebook's view of a maze up to :attr:`SVG_MOST_CELLS` cells (larger ones: PNG)."""
        if self._cells_shown() > self.SVG_MOST_CELLS:
            return None
        return self.draw("svg").decode()

    def _repr_png_(self) -> bytes | None:
        """A notebook's view of a maze above :attr:`SVG_MOST_CELLS` cells, as a PNG."""
        if self._cells_shown() <= self.SVG_MOST_CELLS:
            return None
        return self.draw("png")


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
    ends = np.stack([records["entrance"], records["exit"]], axis=1)
    if ends.size and ends.max() >= width * height and kind in ("square", "hex", "triangle", "sigma"):
        raise ValueError(f"{path}: an entrance or exit beyond the {width * height} cells")
    data = {"kind": kind, "width": width, "height": height, "seeds": records["seed"], "ends": ends}
    if square:
        bits = np.unpackbits(records["passages"], axis=1, count=2 * height * width, bitorder="little")
        data["connections"] = bits.view(bool).reshape(count, 2, height, width)
    batch = Batch(data, request)
    batch._not_drawable = str(reason) if reason else None
    return batch


def read_parquet(path: str | os.PathLike | Sequence[str | os.PathLike], max_bytes: int = MAX_READ) -> Batch:
    """Reads shards written by :meth:`Batch.to_parquet` (a file, a folder of shards or a
    list of files) back to a Batch, in order. A Parquet file this module did not write,
    or shards of different recipes, raise ``ValueError``; shards larger than ``max_bytes``
    together too."""
    max_bytes = _limit_arg(max_bytes, MAX_READ, "max_bytes")
    data, request, reason = _parquet.read_parquet(path, max_bytes)
    if "mask" in request:
        raise ValueError(f"{os.fspath(path) if isinstance(path, (str, os.PathLike)) else path}: a shard's request may not name a mask file")
    for key in ("threads", *_LIMITS):
        request.pop(key, None)
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


def __getattr__(name: str) -> Any:
    # `mazekit.VectorEnv`, the reinforcement-learning vector env, lives in mazekit.gym (it
    # needs gymnasium, an optional dependency): imported when first asked for.
    if name == "VectorEnv":
        from .gym import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'mazekit' has no attribute {name!r}")


# `gymnasium.make("maze/Maze-v0")` works once mazekit.gym is imported; when gymnasium is
# already imported, importing mazekit registers it too.
if "gymnasium" in __import__("sys").modules:
    from . import gym as _gym  # noqa: F401
