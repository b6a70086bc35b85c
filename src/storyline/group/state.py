"""The grouping state as data that cannot run code: a JSON tree beside numpy arrays.

Why: the state lives in a store that may be handed over or shared (a PostgreSQL database other
users can write), so reading it must never execute anything.  The blob is a version line and a
numpy ``.npz`` archive read with ``allow_pickle=False``: one ``tree`` entry (UTF-8 JSON) and one
flat array per dtype that every array of the state is a slice of.  The tree holds plain values
(None, bool, int, float, str, lists, dicts) and tagged nodes for tuples, sets, deques, dates,
arrays and objects; an object is rebuilt only when its class is in ``ALLOWED`` (the grouping
stage's own classes and ``GroupSettings``), from its saved attributes or through its own
``__setstate__``, never through a constructor named by the data.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from collections import deque
from typing import Any

import numpy as np

from storyline.errors import StorylineError

#: the first line of a state blob; bump when the tree's shape changes
FORMAT = "storyline-group-state/8"
MAGIC = FORMAT.encode("ascii") + b"\n"
#: first lines of pickled grouping states: recognised to name them in the error, never read
PICKLED_MAGICS = (b"storyline-group/6\n", b"storyline-group/7\n")

_TAG = "$"  # key of a tagged node; a plain dict is written as a tagged list of pairs


def _allowed() -> dict[str, type]:
    from storyline.config import GroupSettings
    from storyline.group.cluster import StoryIndex, StoryState
    from storyline.group.dedup import DedupIndex
    from storyline.group.term_index import TermIndex

    return {cls.__name__: cls for cls in (GroupSettings, StoryIndex, StoryState, TermIndex, DedupIndex)}


class StateError(StorylineError, ValueError):
    """A stored grouping state that cannot be read: another version, other settings, or damaged."""


def _own_getstate(cls: type) -> bool:
    return "__getstate__" in vars(cls)


class _Writer:
    def __init__(self) -> None:
        self.allowed = {cls: name for name, cls in _allowed().items()}
        self.arrays: dict[str, list[np.ndarray]] = {}
        self.sizes: dict[str, int] = {}

    def node(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, (int, np.integer)):
            return int(value)
        if isinstance(value, (float, np.floating)):
            return float(value)
        if isinstance(value, np.ndarray):
            return self.array(value)
        if isinstance(value, list):
            return [self.node(v) for v in value]
        if isinstance(value, tuple):
            return {_TAG: "tuple", "items": [self.node(v) for v in value]}
        if isinstance(value, deque):
            return {_TAG: "deque", "items": [self.node(v) for v in value]}
        if isinstance(value, (set, frozenset)):
            return {_TAG: "set", "items": [self.node(v) for v in sorted(value, key=repr)]}
        if isinstance(value, dict):
            return {_TAG: "dict", "items": [[self.node(k), self.node(v)] for k, v in value.items()]}
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return {_TAG: "date", "iso": value.isoformat()}
        name = self.allowed.get(type(value))
        if name is None:
            raise TypeError(f"the grouping state holds a {type(value).__name__}, which it cannot save")
        if _own_getstate(type(value)):
            return {_TAG: "object", "class": name, "state": self.node(value.__getstate__())}
        return {_TAG: "object", "class": name, "attrs": {k: self.node(v) for k, v in vars(value).items()}}

    def array(self, value: np.ndarray) -> dict:
        if value.dtype.hasobject:
            raise TypeError("the grouping state holds an array of Python objects, which it cannot save")
        kind = value.dtype.str
        start = self.sizes.get(kind, 0)
        self.arrays.setdefault(kind, []).append(np.ascontiguousarray(value).reshape(-1))
        self.sizes[kind] = start + value.size
        return {_TAG: "array", "dtype": kind, "start": start, "shape": list(value.shape)}


def dumps(state: Any) -> bytes:
    """The state (dicts, lists, numpy arrays and the allowed classes) as a blob."""
    writer = _Writer()
    tree = json.dumps(writer.node(state), separators=(",", ":"), ensure_ascii=False)
    entries = {"tree": np.frombuffer(tree.encode("utf-8"), dtype=np.uint8)}
    kinds = sorted(writer.arrays)
    for number, kind in enumerate(kinds):
        entries[f"a{number}"] = np.concatenate(writer.arrays[kind])
    entries["kinds"] = np.array(kinds, dtype=str) if kinds else np.zeros(0, dtype="<U1")
    buffer = io.BytesIO()
    np.savez(buffer, **entries)  # not compressed: loading must stay fast for a large store
    return MAGIC + buffer.getvalue()


class _Reader:
    def __init__(self, pools: dict[str, np.ndarray]):
        self.allowed = _allowed()
        self.pools = pools

    def node(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.node(v) for v in value]
        if not isinstance(value, dict):
            return value
        tag = value.get(_TAG)
        if tag == "tuple":
            return tuple(self.node(v) for v in value["items"])
        if tag == "deque":
            return deque(self.node(v) for v in value["items"])
        if tag == "set":
            return {self.node(v) for v in value["items"]}
        if tag == "dict":
            return {self.node(k): self.node(v) for k, v in value["items"]}
        if tag == "date":
            return dt.date.fromisoformat(value["iso"])
        if tag == "array":
            return self.array(value)
        if tag == "object":
            return self.object(value)
        raise ValueError(f"unknown node {str(tag)[:40]!r}")

    def array(self, value: dict) -> np.ndarray:
        pool = self.pools[value["dtype"]]
        shape = tuple(int(n) for n in value["shape"])
        start = int(value["start"])
        size = int(np.prod(shape, dtype=np.int64))
        if start < 0 or size < 0 or start + size > len(pool):
            raise ValueError("an array lies outside its pool")
        return pool[start : start + size].reshape(shape).copy()

    def object(self, value: dict) -> Any:
        cls = self.allowed.get(value.get("class"))
        if cls is None:
            raise ValueError(f"class {str(value.get('class'))[:40]!r} is not part of a grouping state")
        made = cls.__new__(cls)
        if _own_getstate(cls):
            made.__setstate__(self.node(value["state"]))
            return made
        attrs = value["attrs"]
        if not isinstance(attrs, dict) or any(
            not isinstance(k, str) or not k.isidentifier() or k.startswith("__") for k in attrs
        ):
            raise ValueError(f"bad attribute names for {cls.__name__}")
        for key, item in attrs.items():
            object.__setattr__(made, key, self.node(item))  # frozen dataclasses (settings) too
        return made


def loads(blob: bytes) -> Any:
    """The state saved by ``dumps``; ``StateError`` for another version or a damaged blob."""
    if blob.startswith(PICKLED_MAGICS):
        raise StateError(
            "E050",
            "The stored grouping state was saved by an older storyline in a format "
            "that could run code (pickle); it is not read.",
            "Build into a new output folder (or delete this one's storyline.db).",
        )
    if not blob.startswith(MAGIC):
        first = blob[:40].split(b"\n", 1)[0].decode("utf-8", "replace")
        raise StateError(
            "E051",
            f"The stored grouping state is of another format ({first!r}; this storyline reads {FORMAT}).",
            "Build with the storyline version that wrote it, or into a new output folder.",
        )
    try:
        with np.load(io.BytesIO(blob[len(MAGIC) :]), allow_pickle=False) as archive:
            kinds = [str(k) for k in archive["kinds"]]
            pools = {kind: archive[f"a{number}"] for number, kind in enumerate(kinds)}
            tree = json.loads(archive["tree"].tobytes().decode("utf-8"))
        return _Reader(pools).node(tree)
    except (
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        OSError,
        zipfile.BadZipFile,
        UnicodeDecodeError,
        RecursionError,
    ) as error:
        raise StateError(
            "E052",
            f"The stored grouping state is damaged ({type(error).__name__}: {str(error)[:200]}).",
            "Build into a new output folder.",
        ) from error
