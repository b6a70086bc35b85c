"""Word tokens of an article as 64-bit hashes, computed with numpy over the whole text at once.

The duplicate checks and the clusterer both need the text's words, but only as integers
(shingle hashes, hashed term buckets).  Splitting with a regex builds one Python string per
word and hashing them costs a Python call per word; here the lower-cased text becomes one
array of code points, a lookup table marks word characters (what ``\\w`` matches: letters,
digits, underscore), and each token's hash is a polynomial over its characters read off
prefix sums.  The cost is a few vector operations per article, whatever its length.

``Tokens`` carries, per token: its hash, its line (``paragraph``: every newline starts one, so
a text with blank lines between paragraphs numbers them 0, 2, 4 …), its length and whether it
is letters only.  ``tokenize("Don't stop!")`` has three tokens: ``don``, ``t``
and ``stop``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

_BASE = np.uint64(0x100000001B3)  # odd, so it has an inverse modulo 2**64
_MIX = np.uint64(0xFF51AFD7ED558CCD)
_BMP = 0x10000


@functools.lru_cache(maxsize=1)
def _char_classes() -> np.ndarray:
    """Per code point of the Basic Multilingual Plane: 0 not a word character, 1 letter, 2 other ``\\w``.

    A constant table (64 KB), built once; code points above it count as non-word characters.
    """
    chars = "".join(map(chr, range(_BMP)))
    letter = np.fromiter((c.isalpha() for c in chars), dtype=bool, count=_BMP)
    word = np.fromiter((c.isalnum() for c in chars), dtype=bool, count=_BMP)
    word[ord("_")] = True
    return np.where(letter, 1, np.where(word, 2, 0)).astype(np.uint8)


@functools.lru_cache(maxsize=2)
def _powers(size: int) -> tuple[np.ndarray, np.ndarray]:
    """``_BASE ** i`` and its inverse for i < size (modulo 2**64); sizes are powers of two.

    Two sizes kept (16 bytes per entry): with scans of ``SCAN_CHARS`` that is a few MB, where
    eight sizes of up to 2**21 entries had held tens of MB.
    """
    inverse = pow(int(_BASE), -1, 1 << 64)
    with np.errstate(over="ignore"):
        up = np.cumprod(np.full(size, _BASE, dtype=np.uint64))
        down = np.cumprod(np.full(size, np.uint64(inverse), dtype=np.uint64))
    up = np.concatenate([[np.uint64(1)], up[:-1]])
    down = np.concatenate([[np.uint64(1)], down[:-1]])
    return up, down


@dataclass
class Tokens:
    """The word tokens of one text (lower-cased), in order."""

    hashes: np.ndarray  # uint64, one per token
    paragraph: np.ndarray  # int64: index of the line the token is in (every newline counts)
    length: np.ndarray  # int64: characters
    alpha: np.ndarray  # bool: letters only

    def __len__(self) -> int:
        return len(self.hashes)


def _empty_tokens() -> Tokens:
    """No tokens (a fresh object each time: callers may change what they are given)."""
    return Tokens(
        np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    )


def tokenize(text: str) -> Tokens:
    """Tokens of ``text`` as ``re.findall(r"\\w+", text.lower())`` would split it, hashed.

    Word characters are those of the Basic Multilingual Plane: a letter above U+FFFF (which
    ``\\w`` matches) counts as a non-word character here.
    """
    tokens, _ = tokenize_many([text])
    return tokens


SCAN_CHARS = 1 << 18  # characters per scan: ~40 long articles; bounds the scan's temporary arrays (~10 MB)


def tokenize_many(texts: list[str], max_chars: int = SCAN_CHARS) -> tuple[Tokens, np.ndarray]:
    """Tokens of several texts in a few vector operations: one scan per ``max_chars`` of text.

    Returns the tokens of all texts, in order, and ``bounds`` (len(texts) + 1): text k's tokens
    are ``bounds[k]:bounds[k + 1]``; lines are numbered per text (as ``tokenize`` would).
    Why: numpy's cost per call, not per element, dominates on one article.
    """
    parts: list[Tokens] = []
    counts: list[int] = []
    group: list[str] = []
    size = 0
    for text in texts:
        if group and size + len(text) > max_chars:
            _scan_group(group, parts, counts)
            group, size = [], 0
        group.append(text)
        size += len(text) + 1
    if group:
        _scan_group(group, parts, counts)
    bounds = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(counts, out=bounds[1:])
    if len(parts) == 1:
        return parts[0], bounds
    if not parts:
        return _empty_tokens(), bounds
    return Tokens(
        *(np.concatenate([getattr(p, name) for p in parts]) for name in ("hashes", "paragraph", "length", "alpha"))
    ), bounds


def _scan_group(texts: list[str], parts: list[Tokens], counts: list[int]) -> None:
    """Tokenize texts joined by newlines (no token spans two of them); append tokens and counts per text."""
    lowered = [t.lower() for t in texts]
    points = np.frombuffer("\n".join(lowered).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    lengths = np.fromiter(map(len, lowered), dtype=np.int64, count=len(lowered))
    text_starts = np.zeros(len(lowered), dtype=np.int64)
    np.cumsum(lengths[:-1] + 1, out=text_starts[1:])
    found, starts = _scan(points)
    at = np.searchsorted(starts, text_starts)
    per_text = np.diff(np.append(at, len(starts)))
    counts.extend(per_text.tolist())
    if len(starts):
        lines = np.flatnonzero(points == 10)
        first_para = np.searchsorted(lines, text_starts)  # newlines before each text: its paragraph 0
        found.paragraph -= np.repeat(first_para, per_text)
    parts.append(found)


def _scan(points: np.ndarray) -> tuple[Tokens, np.ndarray]:
    """Tokens of lower-cased code points, and each token's start (``paragraph``: newlines before it)."""
    n = len(points)
    if n == 0:
        return _empty_tokens(), np.zeros(0, dtype=np.int64)
    cls = _char_classes().take(points, mode="clip")  # above the table: its last entry, a non-character
    word = np.zeros(n + 2, dtype=bool)
    np.not_equal(cls, 0, out=word[1:-1])
    edges = np.flatnonzero(word[1:] != word[:-1])  # alternately a token's start and its end
    if len(edges) == 0:
        return _empty_tokens(), np.zeros(0, dtype=np.int64)
    starts, ends = edges[0::2], edges[1::2]
    up, down = _powers(max(1 << int(n).bit_length(), 1024))
    with np.errstate(over="ignore"):
        prefix = np.zeros(n + 1, dtype=np.uint64)
        np.multiply(points, up[:n], out=prefix[1:])
        np.cumsum(prefix[1:], out=prefix[1:])
        h = (prefix[ends] - prefix[starts]) * down[starts]
        h += (ends - starts).astype(np.uint64)
        h ^= h >> np.uint64(33)
        h *= _MIX
        h ^= h >> np.uint64(29)
    running = np.zeros(n + 1, dtype=np.int32)  # digits and underscores before each position
    np.cumsum(cls == 2, out=running[1:])
    alpha = running[starts] == running[ends]
    np.cumsum(points == 10, out=running[1:])  # newlines before each position
    return Tokens(hashes=h, paragraph=running[starts].astype(np.int64), length=ends - starts, alpha=alpha), starts


def part(tokens: Tokens, start: int, end: int) -> Tokens:
    """Tokens ``start:end`` (views, no copy)."""
    return Tokens(
        tokens.hashes[start:end], tokens.paragraph[start:end], tokens.length[start:end], tokens.alpha[start:end]
    )


def hash_set(words: list[str] | frozenset[str]) -> np.ndarray:
    """Sorted hashes of a list of words (a stop list), for ``np.isin``-style look-ups."""
    return np.unique(tokenize(" ".join(sorted(words))).hashes)


def sort_runs(values: np.ndarray, cut: np.ndarray | list[int] | None = None) -> np.ndarray:
    """``np.sort(values)``; ``cut`` (split points) may say the array is already ordered by runs.

    With ``cut``, every value of a run must be below every value of the next (keys whose high
    bits are an article number, in article order): each run is then sorted on its own.  Why:
    many sorts of a thousand values stay in cache, 2.5× faster here than one sort of them all.
    """
    if cut is None or len(cut) == 0:
        return np.sort(values)
    out = values.copy()
    start = 0
    for end in [*np.asarray(cut).tolist(), len(out)]:
        out[start:end].sort()  # in place, on a view: no array per run and no concatenation
        start = end
    return out


def argsort_small(values: np.ndarray, bound: int) -> np.ndarray:
    """``np.argsort(values, kind="stable")`` for integers in ``[0, bound)``.

    Why: below 2**15 the values fit int16, which numpy sorts stably by radix (7x faster here).
    """
    if bound <= 1 << 15:
        values = values.astype(np.int16)
    return np.argsort(values, kind="stable")


def unique_sorted(values: np.ndarray, cut: np.ndarray | list[int] | None = None) -> np.ndarray:
    """``np.unique`` by sorting (numpy's hash-based unique is slower on these small arrays).

    ``cut``: as for ``sort_runs``.
    """
    if len(values) < 2:
        return values.copy()
    ordered = sort_runs(values, cut)
    return ordered[run_starts(ordered)]


def counts_sorted(values: np.ndarray, cut: np.ndarray | list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Distinct values and how often each occurs (``np.unique(..., return_counts=True)``).

    ``cut``: as for ``sort_runs``.
    """
    if len(values) == 0:
        return values, np.zeros(0, dtype=np.int64)
    ordered = sort_runs(values, cut)
    at = np.flatnonzero(run_starts(ordered))
    return ordered[at], np.diff(np.append(at, len(ordered)))


def run_starts(ordered: np.ndarray) -> np.ndarray:
    """True at the first entry of each run of equal values (``ordered``: equal values adjacent)."""
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    return first


def run_start_of(first: np.ndarray) -> np.ndarray:
    """Each entry's run's first position, given ``first`` (``run_starts``, or any run-start mask)."""
    return np.maximum.accumulate(np.where(first, np.arange(len(first)), 0))


def rank_in_runs(ordered: np.ndarray) -> np.ndarray:
    """Each entry's place in its run of equal values: 0 for the first, 1 for the next …"""
    return np.arange(len(ordered)) - run_start_of(run_starts(ordered))


def merge_sorted(
    a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray], places: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Two (sorted keys, values) pairs → one, still sorted, without sorting: ``b``'s places are searched.

    Equal keys keep ``a``'s entries first.  ``places``: ``np.searchsorted(a keys, b keys, "right")``
    if the caller has it already.
    """
    (akeys, avalues), (bkeys, bvalues) = a, b
    places = np.searchsorted(akeys, bkeys, side="right") if places is None else places
    at = places + np.arange(len(bkeys))
    total = len(akeys) + len(bkeys)
    from_a = np.ones(total, dtype=bool)
    from_a[at] = False
    keys = np.empty(total, dtype=np.result_type(akeys, bkeys))
    values = np.empty(total, dtype=np.result_type(avalues, bvalues))
    keys[at], values[at] = bkeys, bvalues
    keys[from_a], values[from_a] = akeys, avalues
    return keys, values


def run_positions(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position inside the half-open runs ``[lo[i], hi[i])``, in order, with the ``i`` it belongs to.

    Why: "all entries of a sorted array that match each query" is two ``searchsorted`` calls and
    this expansion, with no Python loop over the queries.
    """
    runs = hi - lo
    hit = np.flatnonzero(runs)
    if not len(hit):
        return hit, hit
    lo, runs = lo[hit], runs[hit]
    ends = np.cumsum(runs)
    positions = np.arange(int(ends[-1])) + np.repeat(lo - (ends - runs), runs)
    return np.repeat(hit, runs), positions
