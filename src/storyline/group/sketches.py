"""Sketches of an article's text for the duplicate checks: word shingles, MinHash signatures and their LSH
band keys (datasketch's permutations, computed for many articles at once), and each paragraph's bottom-k sketch.

``DedupIndex`` (``group/dedup.py``) keeps these sketches and compares them; nothing here keeps state.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field

import numpy as np
from datasketch import MinHash, MinHashLSH

try:  # datasketch's pre-mix, for the vectorised signatures (``_minhash_rows``); optional
    from datasketch.minhash import _fmix
except ImportError:  # pragma: no cover - another datasketch version: update_batch is used
    _fmix = None

from storyline.config import GroupSettings
from storyline.group.words import (
    Tokens,
    rank_in_runs,
    tokenize,
    unique_sorted,
)
from storyline.model import Article

EMPTY_CODES = np.zeros(0, dtype=np.int64)
EMPTY_CODES.flags.writeable = False  # shared by every empty sketch and index part: nobody may write to it

MINHASH_SCHEME = "affine32"  # datasketch >= 2: 32-bit values, collision-free permutations


def identity_hash(value: int) -> int:
    """Shingles are hashed once by us; MinHash permutes those integers directly."""
    return value


_MIX = np.uint64(0x9E3779B97F4A7C15)


def _rolling(ids: np.ndarray, size: int) -> np.ndarray:
    """A 32-bit hash of each run of ``size`` consecutive word hashes (numpy, no Python loop per word)."""
    n = len(ids) - size + 1
    with np.errstate(over="ignore"):
        h = ids[:n].copy()
        for j in range(1, size):
            h *= _MIX
            h += ids[j : n + j]
        h ^= h >> np.uint64(31)
        h *= _MIX
        h >>= np.uint64(32)
    return h


def shingle_hashes(ids: np.ndarray, size: int) -> np.ndarray:
    """Distinct 32-bit hashes of the word ``size``-shingles (the whole text when it is shorter)."""
    n = len(ids)
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    return unique_sorted(_rolling(ids, min(size, n)))


@dataclass
class Fingerprint:
    """Everything the duplicate checks need from one article: a few integers, no text."""

    article_id: str
    exact: str  # digest of the normalized word sequence
    signature: np.ndarray  # MinHash values (uint32)
    shingles: int  # number of distinct shingles (for containment)
    n_paragraphs: int = 0  # paragraphs long enough to be sketched
    # bottom-k sketch values of those paragraphs, paragraph by paragraph (int64), and the
    # paragraph (0 … n_paragraphs - 1) of each value: flat arrays, no Python object per value
    sketch: np.ndarray = field(default_factory=lambda: EMPTY_CODES)
    sketch_paragraph: np.ndarray = field(default_factory=lambda: EMPTY_CODES)
    bands: np.ndarray | None = field(default=None, repr=False)  # LSH band keys (worked out once)
    owners: tuple | None = field(default=None, repr=False)  # (index version, owners per sketch value)
    order: np.ndarray | None = field(default=None, repr=False)  # argsort of ``sketch`` (worked out once)

    @property
    def sketch_values(self) -> int:
        """Total paragraph sketch values."""
        return len(self.sketch)


def fingerprint(
    article: Article,
    settings: GroupSettings,
    template: MinHash | None = None,
    tokens: Tokens | None = None,
) -> Fingerprint:
    """The article's sketches.

    ``template`` (any MinHash of the same settings) lends its permutations and ``tokens`` (from
    ``words.tokenize``) saves tokenizing twice; both only save time.
    """
    tokens = tokenize(article.text) if tokens is None else tokens
    return fingerprints([article], settings, template, tokens, np.array([0, len(tokens)], dtype=np.int64))[0]


#: shingles per block of the MinHash product: 4 MB at 128 permutations stays in cache (2.2x faster than 1 << 15)
_MINHASH_ROWS = 1 << 13


def fingerprints(
    articles: list[Article],
    settings: GroupSettings,
    template: MinHash | None,
    tokens: Tokens,
    bounds: np.ndarray,
) -> list[Fingerprint]:
    """Sketches of several articles at once (``words.tokenize_many`` gives ``tokens`` and ``bounds``).

    The same values as one article at a time, in a few vector operations per batch: shingles
    are hashed over the joined token stream and kept where they lie inside one article.
    """
    if template is None:
        template = MinHash(num_perm=settings.num_perm, hashfunc=identity_hash, seed=1, scheme=MINHASH_SCHEME)
    ids = tokens.hashes
    k = len(articles)
    lengths = np.diff(bounds)
    art = np.repeat(np.arange(k, dtype=np.int64), lengths)
    size = settings.shingle_size
    cap = settings.sketch_max_words if settings.sketch_max_words > 0 else None
    # shingles inside one article, each article's first ``sketch_max_words`` words only
    if len(ids) >= size:
        h = _rolling(ids, size)
        pos = np.arange(len(h), dtype=np.int64)
        ok = art[: len(h)] == art[size - 1 :]
        if cap is not None:
            ok &= pos + size <= bounds[art[: len(h)]] + cap
        owner = art[: len(h)][ok]
        keys = unique_sorted(
            (owner.astype(np.uint64) << np.uint64(32)) | h[ok], np.searchsorted(owner, np.arange(1, k))
        )
    else:
        keys = np.zeros(0, dtype=np.uint64)
    owner = (keys >> np.uint64(32)).astype(np.int64)
    values = keys & np.uint64(0xFFFFFFFF)
    short = np.flatnonzero((lengths > 0) & (lengths < size))
    if len(short):  # a text shorter than a shingle is one shingle of all its words
        extra = [(i, _rolling(ids[bounds[i] : bounds[i + 1]], int(lengths[i]))) for i in short.tolist()]
        owner = np.concatenate([owner] + [np.full(1, i, dtype=np.int64) for i, _ in extra])
        values = np.concatenate([values] + [v for _, v in extra])
        order = np.argsort(owner, kind="stable")
        owner, values = owner[order], values[order]
    first = np.searchsorted(owner, np.arange(k + 1))
    n_shingles = np.diff(first)
    signatures = _minhash_rows(template, values, first, settings.num_perm)
    sketches = _paragraph_sketch_lists(tokens, bounds, settings)
    bands = band_keys(signatures, *lsh_bands(settings.near_duplicate_candidate_threshold, settings.num_perm))
    out = []
    for i, article in enumerate(articles):
        lo, hi = int(bounds[i]), int(bounds[i + 1])
        n_paras, sketch, sketch_para = sketches[i]
        out.append(
            Fingerprint(
                article_id=article.id,
                exact=hashlib.blake2b(ids[lo:hi].tobytes(), digest_size=12).hexdigest(),
                signature=signatures[i],
                shingles=int(n_shingles[i]),
                n_paragraphs=n_paras,
                sketch=sketch,
                sketch_paragraph=sketch_para,
                bands=bands[i],
            )
        )
    return out


def _minhash_rows(template: MinHash, values: np.ndarray, first: np.ndarray, num_perm: int) -> np.ndarray:
    """MinHash signature per article (rows), of the shingle hashes ``values[first[i]:first[i + 1]]``."""
    k = len(first) - 1
    out = np.full((k, num_perm), np.uint32(0xFFFFFFFF), dtype=np.uint32)  # datasketch's empty value
    if _fmix is None or template.scheme != MINHASH_SCHEME:
        for i in range(k):
            m = MinHash(
                num_perm=num_perm,
                hashfunc=identity_hash,
                seed=1,
                scheme=MINHASH_SCHEME,
                permutations=template.permutations,
            )
            if first[i + 1] > first[i]:
                m.update_batch(values[first[i] : first[i + 1]].tolist())
            out[i] = m.hashvalues.astype(np.uint32)
        return out
    if not len(values):
        return out
    a, b = template.permutations
    a32, b32 = a.astype(np.uint32, copy=False), b.astype(np.uint32, copy=False)
    hv = _fmix(values.astype(np.uint32), 32)
    filled = np.flatnonzero(first[1:] > first[:-1])
    buffer = np.empty((len(a32), _MINHASH_ROWS), dtype=np.uint32)  # reused: fresh 4 MB per block cost 40 % more
    lo = 0
    while lo < len(filled):  # blocks of whole articles, about _MINHASH_ROWS shingles each
        hi = int(np.searchsorted(first[filled + 1], first[filled[lo]] + _MINHASH_ROWS, side="right"))
        hi = max(hi, lo + 1)
        rows = filled[lo:hi]
        start, stop = int(first[rows[0]]), int(first[rows[-1] + 1])
        if stop - start > buffer.shape[1]:  # one article longer than a block
            buffer = np.empty((len(a32), stop - start), dtype=np.uint32)
        block = buffer[:, : stop - start]
        with np.errstate(over="ignore"):  # permutations × shingles: the reduction runs along rows
            np.multiply(a32[:, None], hv[None, start:stop], out=block)  # uint32: wraps modulo 2**32
            block += b32[:, None]
        out[rows] = np.minimum.reduceat(block, first[rows] - start, axis=1).T
        lo = hi
    return out


def _paragraph_sketch_lists(
    tokens: Tokens, bounds: np.ndarray, settings: GroupSettings
) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """Bottom-k shingle hashes of each long-enough paragraph, for all articles at once.

    Per article: (paragraphs sketched, their values paragraph by paragraph, each value's paragraph).
    """
    size, keep = settings.paragraph_shingle_size, settings.paragraph_sketch_size
    k = len(bounds) - 1
    ids = tokens.hashes
    out = [(0, EMPTY_CODES, EMPTY_CODES)] * k
    if len(ids) < size:
        return out
    lengths = np.diff(bounds)
    art = np.repeat(np.arange(k, dtype=np.int64), lengths)
    # paragraphs numbered across articles: paragraph + paragraphs of the articles before
    last = bounds[1:] - 1
    n_paras = np.where(lengths > 0, tokens.paragraph[np.maximum(last, 0)] + 1, 0)
    base = np.zeros(k, dtype=np.int64)
    np.cumsum(n_paras[:-1], out=base[1:])
    para = tokens.paragraph + base[art]
    total = int(base[-1] + n_paras[-1])
    words = np.bincount(para, minlength=total)
    chars = np.bincount(para, weights=tokens.length + 1, minlength=total)  # words + a space each
    wanted = np.flatnonzero((chars >= settings.min_paragraph_chars) & (words >= size))
    if not len(wanted):
        return out
    h = _rolling(ids, size)
    n = len(h)
    inside = para[:n] == para[size - 1 :]
    owner = para[:n][inside]  # paragraphs numbered across articles: sorted in runs per article
    keys = unique_sorted((owner.astype(np.uint64) << np.uint64(32)) | h[inside], np.searchsorted(owner, base[1:]))
    paras = (keys >> np.uint64(32)).astype(np.int64)
    values = keys & np.uint64(0xFFFFFFFF)
    # keys are sorted by (paragraph, value): the first ``keep`` of each paragraph are its bottom-k
    rank = rank_in_runs(paras)
    paras, values = paras[rank < keep], values[rank < keep].astype(np.int64)
    # keep the values of wanted paragraphs; number those paragraphs within their article
    at = np.minimum(np.searchsorted(wanted, paras), len(wanted) - 1)
    ok = wanted[at] == paras
    at, values = at[ok], values[ok]
    owner_of_wanted = np.searchsorted(base, wanted, side="right") - 1  # the article of each paragraph
    first_wanted = np.searchsorted(owner_of_wanted, np.arange(k + 1))
    ordinal = at - first_wanted[owner_of_wanted[at]]
    cut = np.searchsorted(owner_of_wanted[at], np.arange(k + 1))
    n_wanted, cut_l = np.diff(first_wanted).tolist(), cut.tolist()
    return [
        (n_wanted[i], values[cut_l[i] : cut_l[i + 1]], ordinal[cut_l[i] : cut_l[i + 1]]) if n_wanted[i] else out[i]
        for i in range(k)
    ]


@functools.lru_cache(maxsize=8)
def lsh_bands(threshold: float, num_perm: int) -> tuple[int, int]:
    """(bands, rows per band) that datasketch's ``MinHashLSH`` picks for this threshold."""
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
    return lsh.b, lsh.r


def band_keys(signatures: np.ndarray, bands: int, r: int) -> np.ndarray:
    """One 64-bit key per LSH band (rows × bands); equal bands give equal keys."""
    cut = signatures[:, : bands * r].astype(np.uint64).reshape(len(signatures), bands, r)
    with np.errstate(over="ignore"):
        keys = np.zeros(cut.shape[:2], dtype=np.uint64)
        for j in range(r):
            keys = keys * _MIX + cut[:, :, j]
    return keys
