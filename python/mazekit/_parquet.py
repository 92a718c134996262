"""A batch as Parquet (``Batch.to_parquet``, ``mazekit.read_parquet``): one row a maze,
with the columns a benchmark reads (the prompt in a style, the answer as moves, whether the
goal can be reached, the shortest route's length and count) and the arrays (the passages,
start and goal), in shards that Hugging Face ``datasets.load_dataset("parquet", ...)`` and
pandas read. The request that made the mazes travels in the file's metadata, so a shard
reads back to the same Batch. Needs ``pyarrow`` (``pip install pyarrow``)."""

from __future__ import annotations

import io
import json
import os
from typing import Any

import numpy as np

from . import _native

#: The key of the file's metadata that marks a shard as this module's.
KEY = b"mazekit"
VERSION = 1


def _pyarrow():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ModuleNotFoundError as e:
        raise ImportError("Parquet needs pyarrow, which is not installed: pip install pyarrow") from e
    return pa, pq


STEP = np.array(["U", "D", "L", "R"])


def _moves(route: np.ndarray) -> str:
    """A square route's cells (L, 2) as moves U/D/L/R."""
    if len(route) < 2:
        return ""
    d = np.diff(np.asarray(route, dtype=np.int64), axis=0)
    index = np.where(d[:, 0] == -1, 0, np.where(d[:, 0] == 1, 1, np.where(d[:, 1] == -1, 2, 3)))
    return "".join(STEP[index])


def to_parquet(batch, path: str | os.PathLike, rows_per_file: int | None = None, style: str = "ascii",
               follow_symlinks: bool = False) -> list[str]:
    pa, pq = _pyarrow()
    if rows_per_file is not None and (isinstance(rows_per_file, bool) or not isinstance(rows_per_file, (int, np.integer))
                                      or rows_per_file < 1):
        raise ValueError(f"rows_per_file: a whole number of at least 1, not {rows_per_file!r}")
    path = os.fsdecode(os.fspath(path))
    n = len(batch)
    per = int(rows_per_file) if rows_per_file else max(n, 1)
    shards = max(1, -(-n // per))
    if shards == 1 and path.endswith(".parquet"):
        names = [path]
    else:
        if os.path.exists(path) and not os.path.isdir(path):
            raise ValueError(f"{path}: {shards} shards go in a folder, and this is a file")
        os.makedirs(path, exist_ok=True)
        names = [os.path.join(path, f"part-{k:05d}-of-{shards:05d}.parquet") for k in range(shards)]
    square = batch.square
    # What every row has.
    shortest = batch.shortest()
    if square:
        prompts = batch.as_text(style)
        routes = batch.solutions if batch._solutions is not None else None
        answers = [_moves(r) for r in routes] if routes is not None else None
        if answers is None:
            listed = batch.shortest(limit=1)["routes"]
            answers = [r[0] if r else "" for r in listed]
    else:
        prompts = batch.as_text(style) if style in ("ascii", "plain") else None
        listed = batch.shortest(limit=1)["routes"]
        answers = [r[0] if r else "" for r in listed]
    request = {k: v for k, v in batch.request.items() if k not in ("threads", "max-bytes", "max-memory")}
    meta = {
        "format": "mazekit-parquet",
        "version": VERSION,
        "kind": batch.kind,
        "width": batch.width,
        "height": batch.height,
        "request": request,
        "style": style if prompts is not None else None,
        "config_hash": batch.config_hash,
        "not_drawable": batch._not_drawable,
    }
    written = []
    for k, name in enumerate(names):
        rows = np.arange(k * per, min(n, (k + 1) * per))
        columns: dict[str, Any] = {
            "id": [f"{batch.kind}-{batch.width}x{batch.height}-{int(s)}" for s in batch.seeds[rows]],
            "seed": pa.array(batch.seeds[rows], type=pa.uint64()),
            "width": pa.array(np.full(len(rows), batch.width, dtype=np.int32)),
            "height": pa.array(np.full(len(rows), batch.height, dtype=np.int32)),
        }
        if prompts is not None:
            columns["prompt"] = [prompts[i] for i in rows]
        columns["answer"] = [answers[i] for i in rows]
        columns["reachable"] = pa.array(shortest["length"][rows] >= 0)
        columns["shortest_length"] = pa.array(shortest["length"][rows], type=pa.int64())
        columns["shortest_count"] = pa.array(shortest["count"][rows], type=pa.uint64())
        columns["entrance"] = pa.array(batch.entrances[rows], type=pa.int64())
        columns["exit"] = pa.array(batch.exits[rows], type=pa.int64())
        if square:
            h, w = batch.height, batch.width
            flat = batch.connections[rows].reshape(len(rows), 2 * h * w)
            columns["connections"] = pa.FixedSizeListArray.from_arrays(pa.array(flat.ravel()), 2 * h * w)
            columns["start"] = pa.FixedSizeListArray.from_arrays(pa.array(batch.starts[rows].ravel()), 2)
            columns["goal"] = pa.FixedSizeListArray.from_arrays(pa.array(batch.ends[rows].ravel()), 2)
        table = pa.table(columns)
        table = table.replace_schema_metadata({KEY: json.dumps(meta, sort_keys=True).encode()})
        buffer = io.BytesIO()
        pq.write_table(table, buffer)
        _native.save_file(name, buffer.getvalue(), follow_symlinks)
        written.append(name)
    return written


def read_parquet(paths, max_bytes: int) -> tuple[dict, dict, str | None]:
    """The arrays, request and not-drawable reason of the shards ``paths`` (a file, a
    folder of shards or a list of files), checked to be this module's, in order."""
    pa, pq = _pyarrow()
    if isinstance(paths, (str, bytes, os.PathLike)):
        path = os.fsdecode(os.fspath(paths))
        if os.path.isdir(path):
            files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".parquet"))
            if not files:
                raise ValueError(f"{path}: a folder with no .parquet file")
        else:
            files = [path]
    else:
        files = [os.fsdecode(os.fspath(p)) for p in paths]
        if not files:
            raise ValueError("read_parquet: no file given")
    meta = None
    tables = []
    total = 0
    for f in files:
        if not os.path.isfile(f):
            if not os.path.exists(f):
                raise FileNotFoundError(2, "no such file", f)
            raise ValueError(f"{f}: not a regular file")
        total += os.path.getsize(f)
        if total > max_bytes:
            raise ValueError(f"{f}: the shards pass the limit of {max_bytes} bytes (pass max_bytes=...)")
        try:
            schema = pq.read_schema(f)
        except (OSError, pa.ArrowException) as e:
            raise ValueError(f"{f}: not a Parquet file ({str(e).splitlines()[0] if str(e) else type(e).__name__})") from None
        raw = (schema.metadata or {}).get(KEY)
        try:
            this = json.loads(raw) if raw is not None else None
        except ValueError:
            this = None
        if not isinstance(this, dict) or this.get("format") != "mazekit-parquet":
            raise ValueError(f"{f}: a Parquet file, but not one mazekit wrote (no mazekit metadata)")
        if this.get("version") != VERSION:
            raise ValueError(f"{f}: mazekit Parquet version {this.get('version')} is not one this module reads")
        this.pop("config_hash", None)
        if meta is None:
            meta = this
        elif this != meta:
            raise ValueError(f"{f}: its mazes are not of the same recipe as {files[0]}'s")
        try:
            tables.append(pq.read_table(f))
        except (OSError, pa.ArrowException) as e:
            raise ValueError(f"{f}: cannot be read ({str(e).splitlines()[0]})") from None
    table = pa.concat_tables(tables)
    kind, width, height = str(meta["kind"]), int(meta["width"]), int(meta["height"])
    n = table.num_rows
    try:
        seeds = table.column("seed").to_numpy().astype(np.uint64)
        ends = np.stack([table.column("entrance").to_numpy(), table.column("exit").to_numpy()], axis=1).astype(np.uint32)
        data: dict[str, Any] = {"kind": kind, "width": width, "height": height, "seeds": seeds, "ends": ends}
        if "connections" in table.column_names:
            flat = table.column("connections").combine_chunks().flatten().to_numpy(zero_copy_only=False)
            data["connections"] = np.asarray(flat, dtype=bool).reshape(n, 2, height, width)
    except (KeyError, ValueError, pa.ArrowException) as e:
        raise ValueError(f"{files[0]}: its columns are not a mazekit batch's ({e})") from None
    return data, dict(meta["request"]), meta.get("not_drawable")
