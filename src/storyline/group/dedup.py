"""Duplicates and reused passages: exact copies, near-verbatim copies, shared paragraphs.

Three checks, from cheap to fine, on the article text only (no language model):

- **exact**: the same normalized word sequence (case, punctuation and spacing ignored);
- **near-duplicate**: MinHash over word shingles, candidates from LSH (datasketch), then a
  decision on the estimated Jaccard similarity *or* containment (a truncated copy of a wire story
  is contained in the full one even when their Jaccard similarity is low);
- **reused paragraphs**: each paragraph keeps a tiny bottom-k sketch of its shingles, so a
  paragraph copied with a word changed ("said" → "says") is still found in the earlier article.

Only sketches are kept (integers), never texts.  ``DedupIndex`` holds the sketches of recent
articles; ``forget`` drops an article's sketches (the grouper keeps those of open stories and of
the most recently closed ones), which keeps memory bounded.

Example::

    index = DedupIndex(GroupSettings())
    fp = fingerprint(article, GroupSettings())
    match = index.check(fp)          # Match(kind="near", of="a1", similarity=0.93) or None
    index.add(fp)
"""

from __future__ import annotations

import hashlib
import re
import zlib
from dataclasses import dataclass, field

import numpy as np
from datasketch import MinHash, MinHashLSH

from storyline.config import GroupSettings
from storyline.model import Article

_WORD = re.compile(r"\w+", re.UNICODE)
_PARAGRAPH_SPLIT = re.compile(r"\n\s*")
_SCHEME = "affine32"  # datasketch >= 2: 32-bit values, collision-free permutations


def words_of(text: str) -> list[str]:
    """Lower-cased word tokens: what the duplicate checks compare (punctuation ignored)."""
    return _WORD.findall(text.lower())


def _identity(value: int) -> int:
    """Shingles are hashed once by us; MinHash permutes those integers directly."""
    return value


_MIX = np.uint64(0x9E3779B97F4A7C15)


def word_hashes(words: list[str], cache: dict[str, int] | None = None) -> np.ndarray:
    """A 64-bit integer per word (crc32 + 1), hashed once per distinct word."""
    cache = {} if cache is None else cache
    get = cache.get
    values = []
    for word in words:
        value = get(word)
        if value is None:
            value = cache[word] = zlib.crc32(word.encode()) + 1
        values.append(value)
    return np.array(values, dtype=np.uint64)


def shingle_hashes(ids: np.ndarray, size: int) -> np.ndarray:
    """Distinct 32-bit hashes of the word ``size``-shingles (the whole text when it is shorter).

    Computed with numpy from per-word hashes (a polynomial rolling combination), so the cost
    is a few vector operations per article rather than a Python call per shingle.
    """
    n = len(ids)
    if n == 0:
        return np.zeros(0, dtype=np.uint64)
    size = min(size, n)
    with np.errstate(over="ignore"):
        h = np.zeros(n - size + 1, dtype=np.uint64)
        for j in range(size):
            h = h * _MIX + ids[j:n - size + 1 + j]
        h ^= h >> np.uint64(31)
        h *= _MIX
        h >>= np.uint64(32)
    return np.unique(h)

@dataclass
class Fingerprint:
    """Everything the duplicate checks need from one article: a few integers, no text."""

    article_id: str
    exact: str  # digest of the normalized word sequence
    signature: np.ndarray  # MinHash values (uint32)
    shingles: int  # number of distinct shingles (for containment)
    paragraphs: list[tuple[int, ...]] = field(default_factory=list)  # bottom-k sketch per paragraph
    sketch_values: int = 0  # total values in ``paragraphs``


def paragraph_words(text: str) -> list[list[str]]:
    """The words of each paragraph (line-separated blocks), lower-cased."""
    return [words_of(p) for p in _PARAGRAPH_SPLIT.split(text)]


def fingerprint(
    article: Article,
    settings: GroupSettings,
    template: MinHash | None = None,
    paragraphs_words: list[list[str]] | None = None,
    cache: dict[str, int] | None = None,
) -> Fingerprint:
    """The article's sketches.

    ``template`` (any MinHash of the same settings) lends its permutations, and
    ``paragraphs_words`` (from ``paragraph_words``) saves tokenizing twice, and ``cache`` (word →
    hash, shared across a batch) saves hashing; all three only save time.
    """
    paragraph_list = paragraphs_words if paragraphs_words is not None else paragraph_words(article.text)
    words = [w for p in paragraph_list for w in p]
    exact = hashlib.blake2b(" ".join(words).encode(), digest_size=12).hexdigest()
    ids = word_hashes(words, cache)
    hashes = shingle_hashes(ids, settings.shingle_size)
    if template is None:
        minhash = MinHash(num_perm=settings.num_perm, hashfunc=_identity, seed=1, scheme=_SCHEME)
    else:
        minhash = MinHash(num_perm=settings.num_perm, hashfunc=_identity, seed=1, scheme=_SCHEME,
                          permutations=template.permutations)
    if len(hashes):
        minhash.update_batch(hashes.tolist())
    sketches = _paragraph_sketches(paragraph_list, ids, settings)
    return Fingerprint(
        article_id=article.id,
        exact=exact,
        signature=minhash.hashvalues.astype(np.uint32),
        shingles=len(hashes),
        paragraphs=sketches,
        sketch_values=sum(len(s) for s in sketches),
    )


def _paragraph_sketches(paragraph_list: list[list[str]], ids: np.ndarray, settings: GroupSettings) -> list[tuple[int, ...]]:
    """Bottom-k shingle hashes of each long-enough paragraph, computed for all paragraphs at once."""
    size, keep = settings.paragraph_shingle_size, settings.paragraph_sketch_size
    lengths = np.array([len(p) for p in paragraph_list], dtype=np.int64)
    chars = [sum(map(len, p)) + len(p) for p in paragraph_list]
    wanted = [i for i, c in enumerate(chars) if c >= settings.min_paragraph_chars and lengths[i] >= size]
    if not wanted or len(ids) < size:
        return []
    para_of_word = np.repeat(np.arange(len(paragraph_list)), lengths)
    n = len(ids) - size + 1
    with np.errstate(over="ignore"):
        h = np.zeros(n, dtype=np.uint64)
        for j in range(size):
            h = h * _MIX + ids[j:n + j]
        h ^= h >> np.uint64(31)
        h *= _MIX
        h >>= np.uint64(32)
    inside = para_of_word[:n] == para_of_word[size - 1:]
    keys = np.unique((para_of_word[:n][inside].astype(np.uint64) << np.uint64(32)) | h[inside])
    paras = (keys >> np.uint64(32)).astype(np.int64)
    values = keys & np.uint64(0xFFFFFFFF)
    starts = np.searchsorted(paras, wanted)
    return [tuple(int(v) for v in values[start:start + keep][paras[start:start + keep] == p])
            for p, start in zip(wanted, starts)]


@dataclass
class Match:
    """``of`` is the earlier article this one copies; ``kind`` is ``exact`` or ``near``."""

    kind: str
    of: str
    similarity: float  # estimated Jaccard similarity
    containment: float  # estimated share of the smaller article's shingles found in the other


@dataclass
class ParagraphReuse:
    source_id: str
    paragraphs: int  # paragraphs of the new article found in ``source_id``
    share: float  # … as a share of the new article's fingerprinted paragraphs


class _Signature:
    """What ``MinHashLSH`` reads from a MinHash (its values and length), without rebuilding one."""

    __slots__ = ("hashvalues",)

    def __init__(self, hashvalues: np.ndarray):
        self.hashvalues = hashvalues

    def __len__(self) -> int:
        return len(self.hashvalues)


def _minhash(signature: np.ndarray, template: MinHash) -> _Signature:
    return _Signature(signature)


class DedupIndex:
    """Sketches of the active articles, with exact, near-duplicate and paragraph look-ups."""

    def __init__(self, settings: GroupSettings):
        self.settings = settings
        self.lsh = MinHashLSH(threshold=settings.near_duplicate_candidate_threshold, num_perm=settings.num_perm)
        self.exact: dict[str, str] = {}  # exact digest → first article (kept for all articles: small)
        self.prints: dict[str, Fingerprint] = {}  # active articles only
        # sketch value → owner code(s): ordinal << 16 | paragraph (plain ints: fast to pickle and load)
        self.paragraph_index: dict[int, int | tuple[int, ...]] = {}
        self.ordinal: dict[str, int] = {}  # article id → ordinal, for articles with sketches
        self.id_of: list[str | None] = []  # ordinal → article id (None once forgotten)
        self.template = MinHash(num_perm=settings.num_perm, hashfunc=_identity, seed=1, scheme=_SCHEME)

    def fingerprint(self, article: Article, paragraphs_words: list[list[str]] | None = None,
                    cache: dict[str, int] | None = None) -> Fingerprint:
        return fingerprint(article, self.settings, self.template, paragraphs_words, cache)

    def check(self, fp: Fingerprint) -> Match | None:
        """The earlier article ``fp`` duplicates, if any (exact first, then the most similar near copy)."""
        first = self.exact.get(fp.exact)
        if first is not None and first != fp.article_id:
            return Match("exact", first, 1.0, 1.0)
        if fp.shingles == 0:
            return None
        candidates = set(self.lsh.query(_minhash(fp.signature, self.template)))
        # a truncated or re-wrapped copy can have a low Jaccard similarity (below the LSH band
        # threshold) yet share a good part of its paragraphs: those articles are candidates too
        votes: dict[str, int] = {}
        cap = self.settings.paragraph_max_owners
        for sketch in fp.paragraphs:
            for value in sketch:
                owners = self._owners(value)
                if owners and len(owners) < cap:
                    for code in owners:
                        owner = self.id_of[code >> 16]
                        votes[owner] = votes.get(owner, 0) + 1
        if votes:
            share = self.settings.paragraph_candidate_share
            for other_id, count in votes.items():
                other = self.prints.get(other_id)
                if other is not None:
                    if count >= share * min(fp.sketch_values, other.sketch_values):
                        candidates.add(other_id)
        candidates.discard(fp.article_id)
        ids = sorted(c for c in candidates if c in self.prints)
        if not ids:
            return None
        others = [self.prints[c] for c in ids]
        jaccards = (np.stack([o.signature for o in others]) == fp.signature).mean(axis=1)
        best: Match | None = None
        for other, jaccard in zip(others, jaccards.tolist()):
            shared = jaccard * (fp.shingles + other.shingles) / (1.0 + jaccard)
            containment = min(1.0, shared / max(1, min(fp.shingles, other.shingles)))
            if not self.is_near_duplicate(jaccard, containment, fp.shingles, other.shingles):
                continue
            if best is None or (jaccard, containment) > (best.similarity, best.containment):
                best = Match("near", other.article_id, jaccard, containment)
        return best

    def is_near_duplicate(self, jaccard: float, containment: float, size_a: int, size_b: int) -> bool:
        """The decision rule; thresholds come from ``GroupSettings`` (chosen on clusters-dev)."""
        s = self.settings
        if jaccard >= s.near_duplicate_threshold:
            return True
        # a truncated or re-wrapped copy: most of the smaller text is inside the larger one
        return containment >= s.containment_threshold and min(size_a, size_b) >= s.min_containment_shingles

    def reused_paragraphs(self, fp: Fingerprint) -> list[ParagraphReuse]:
        """Earlier active articles whose paragraphs ``fp`` repeats (near-verbatim), most first."""
        if not fp.paragraphs:
            return []
        need, cap = self.settings.paragraph_min_shared, self.settings.paragraph_max_owners
        found: dict[str, set[int]] = {}
        for index, sketch in enumerate(fp.paragraphs):
            votes: dict[int, int] = {}
            for value in sketch:
                owners = self._owners(value)
                if not owners or len(owners) >= cap:
                    continue
                for code in owners:
                    votes[code] = votes.get(code, 0) + 1
            for code, count in votes.items():
                article_id = self.id_of[code >> 16]
                if count >= min(need, len(sketch)) and article_id != fp.article_id:
                    found.setdefault(article_id, set()).add(index)
        total = len(fp.paragraphs)
        reuses = [ParagraphReuse(a, len(ix), len(ix) / total) for a, ix in found.items()]
        return sorted(reuses, key=lambda r: (-r.paragraphs, r.source_id))

    def add(self, fp: Fingerprint) -> None:
        self.exact.setdefault(fp.exact, fp.article_id)
        if fp.article_id in self.prints:
            return
        self.prints[fp.article_id] = fp
        if fp.shingles:
            self.lsh.insert(fp.article_id, _minhash(fp.signature, self.template), check_duplication=False)
        cap = self.settings.paragraph_max_owners
        ordinal = self.ordinal[fp.article_id] = len(self.id_of)
        self.id_of.append(fp.article_id)
        index = self.paragraph_index
        for p_index, sketch in enumerate(fp.paragraphs):
            code = ordinal << 16 | min(p_index, 0xFFFF)
            for value in sketch:
                owners = index.get(value)
                if owners is None:
                    index[value] = code
                elif isinstance(owners, int):
                    index[value] = (owners, code) if cap > 1 else owners
                elif len(owners) < cap:  # a line in this many articles is page furniture
                    index[value] = owners + (code,)

    def _owners(self, value: int) -> tuple[int, ...]:
        owners = self.paragraph_index.get(value)
        if owners is None:
            return ()
        return (owners,) if isinstance(owners, int) else owners

    def forget(self, article_id: str) -> None:
        """Drop an article's sketches (its story closed); its exact digest stays."""
        fp = self.prints.pop(article_id, None)
        if fp is None:
            return
        if fp.shingles:
            self.lsh.remove(article_id)
        ordinal = self.ordinal.pop(article_id)
        self.id_of[ordinal] = None
        for sketch in fp.paragraphs:
            for value in sketch:
                kept = tuple(c for c in self._owners(value) if c >> 16 != ordinal)
                if not kept:
                    self.paragraph_index.pop(value, None)
                else:
                    self.paragraph_index[value] = kept[0] if len(kept) == 1 else kept
