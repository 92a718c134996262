"""Answers checked, and shortest routes counted, for a batch (``Batch.verify``,
``Batch.shortest``, ``mazekit.verify``): the library's verifier (``maze::verify``) and
route counts (``maze_core::routes``), run natively on every core. Square batches are sent
as their connection arrays; other shapes' mazes are made again from their seeds."""

from __future__ import annotations

import json
from typing import Any, Sequence

import numpy as np

from . import _native

#: The verdict's columns that are flags (bool arrays) and numbers (int64, -1 for none).
FLAGS = ("valid", "reaches_goal", "optimal", "reachable")
NUMBERS = ("excess_steps", "first_error", "shortest_length", "moves")


def _answers(answers: Any, n: int) -> list[str]:
    """One move string a maze: a str (``"RRDD"``, ``"R,R,D"``) or a sequence of move names."""
    if isinstance(answers, (str, bytes)):
        raise ValueError(f"answers: one move string a maze in a list of {n}, not one str")
    try:
        answers = list(answers)
    except TypeError:
        raise ValueError(f"answers: a list of {n} move strings, not {type(answers).__name__}") from None
    out = []
    for i, a in enumerate(answers):
        if isinstance(a, str):
            out.append(a)
        elif isinstance(a, (list, tuple)) and all(isinstance(m, str) for m in a):
            out.append(",".join(a))
        else:
            raise ValueError(f"answers[{i}]: a move string such as 'RRDD' or a list of moves, not {a!r}")
    if len(out) != n:
        raise ValueError(f"answers: {len(out)} given for {n} mazes")
    return out


def _cells(batch, name: str, given: Any, default_rc: np.ndarray | None) -> tuple[np.ndarray | None, list[int] | None]:
    """A start or goal a maze: (row, column) pairs (N, 2) or cell ids (N,), one for all,
    or None for each maze's own. Square batches get rows and columns (the arrays the engine
    reads); other shapes get cell ids (-1 for a maze's own)."""
    n = len(batch)
    if given is None:
        return default_rc, None
    arr = np.asarray(given)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.integer)):
        raise ValueError(f"{name}: cell ids or (row, column) pairs, not {given!r}")
    if arr.ndim == 0:
        arr = np.full(n, int(arr), dtype=np.int64)
    elif arr.shape == (2,) and n != 2 and batch.square:
        arr = np.tile(arr.astype(np.int64), (n, 1))
    arr = arr.astype(np.int64)
    if batch.square:
        if arr.shape == (n,):
            cells = batch.width * batch.height
            if np.any((arr < 0) | (arr >= cells)):
                bad = int(arr[(arr < 0) | (arr >= cells)][0])
                raise ValueError(f"{name}: cell {bad} is not a cell of a {batch.height} x {batch.width} maze")
            arr = np.stack([arr // batch.width, arr % batch.width], axis=-1)
        if arr.shape != (n, 2):
            raise ValueError(f"{name}: {n} (row, column) pairs or cell ids, not an array of shape {arr.shape}")
        return np.ascontiguousarray(arr), None
    if arr.shape != (n,):
        raise ValueError(f"{name}: {n} cell ids (a {batch.kind} maze has no rows and columns), not shape {arr.shape}")
    if np.any(arr < 0):
        raise ValueError(f"{name}: cell ids are 0 or more, not {int(arr[arr < 0][0])}")
    return None, arr.tolist()


def _mazes(batch, starts: Any, goals: Any) -> dict:
    """The native call's arguments that name the mazes, their starts and goals."""
    if batch.square:
        s, _ = _cells(batch, "starts", starts, batch.starts)
        g, _ = _cells(batch, "goals", goals, batch.ends)
        return {"connections": batch.connections, "starts": s, "goals": g}
    if batch._not_drawable:
        raise ValueError(batch._not_drawable)
    _, s = _cells(batch, "starts", starts, None)
    _, g = _cells(batch, "goals", goals, None)
    request = {k: v for k, v in batch.request.items() if k not in ("where", "hardness", "max-tries", "part", "parts")}
    request["format"] = "maze"
    return {
        "request": json.dumps(request),
        "seeds": np.ascontiguousarray(batch.seeds, dtype=np.uint64),
        "start_cells": s,
        "goal_cells": g,
    }


def verify_batch(batch, answers: Sequence, starts: Any = None, goals: Any = None) -> dict[str, Any]:
    answers = _answers(answers, len(batch))
    return _native.verify(answers, max_bytes=batch._limit("max-bytes"), **_mazes(batch, starts, goals))


def shortest_batch(batch, starts: Any = None, goals: Any = None, limit: int | None = None) -> dict[str, Any]:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, np.integer)) or limit < 0):
        raise ValueError(f"limit: a whole number of routes of at least 0, not {limit!r}")
    return _native.shortest(limit=None if limit is None else int(limit), max_bytes=batch._limit("max-bytes"),
                            **_mazes(batch, starts, goals))


def row(columns: dict[str, Any], i: int) -> dict[str, Any]:
    """Verdict ``i`` of a batch's columns as a dict (None where a number is -1)."""
    out: dict[str, Any] = {k: bool(columns[k][i]) for k in FLAGS}
    for k in NUMBERS:
        v = int(columns[k][i])
        out[k] = None if v < 0 and k != "moves" else v
    out["reason"] = columns["reason"][i]
    return out
