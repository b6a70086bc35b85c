"""Online story clustering: each article joins the most similar open story or starts one.

Features of an article (``features_many``), each an L2-normalised sparse vector over hashed terms:

- ``lead``: TF-IDF of the title and the first ``lead_words`` terms of the text (where news
  states its event; terms: not stop words, letters only, two or more);
- ``body``: TF-IDF of the whole text, its strongest terms only;
- ``ents``: named entities (full name and, for people, the surname), IDF-weighted.

A story keeps the pruned running sum of its articles' vectors (a centroid: each channel cut
back to its ``centroid_terms`` strongest terms when it passes twice that) and the span of its
publication dates.  An article's score against a story is the weighted sum of the three cosine
similarities, lowered by the days between the article and the story's span (time proximity; an
undated article or story gets no time term).  Candidates come from a term index (sorted numpy
arrays of term → story entries, ``TermIndex``), so the cost follows the article's terms, and
one article is scored against all stories in a few vector operations.

IDF is learned online (document frequencies over hashed terms), so a fresh run on the same
articles in the same order gives the same stories.  Order matters, as in any online
clusterer; ``StoryGrouper.add`` sorts each batch by publication date (undated last) so a batch
gives the same result in any input order.

Memory: a story is *active* until the stream's clock (the latest publication date seen) is
more than ``quiet_days`` past its last article, or until it is among the least recently touched
when more than ``max_active_stories`` are active (dated or not).  Closing prunes its centroid to
a few terms (it can still take a late article) and the oldest closed stories beyond
``max_closed_stories`` are archived: they keep only their article ids.
"""

from __future__ import annotations

import datetime as dt
import functools
import heapq
import math
import re
import zlib
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

import numpy as np

from storyline.config import GroupSettings
from storyline.group.words import (Tokens, argsort_small, counts_sorted, hash_set, merge_sorted, run_positions,
                                   run_start_of, run_starts, tokenize_many)
from storyline.model import AnnotatedArticle

CHANNELS = ("lead", "body", "ents")
_ENTITY_LABELS = {"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC", "EVENT", "PRODUCT", "WORK_OF_ART", "LAW"}
_ENTITY_CLEAN = re.compile(r"^(the|a|an)\s+|['’]s$", re.IGNORECASE)
_DF_BITS = 21

# A compact English stop list: function words say nothing about which story an article tells.
STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
nor not now of off on once only or other our ours ourselves out over own same she should so some such than
that the their theirs them themselves then there these they this those through to too under until up very
was we were what when where which while who whom why will with would you your yours yourself yourselves
said says say told according new one two three year years last first week day days time like get got
mr mrs ms image caption photo copyright read more share reuters ap afp news click advertisement
""".split())


_CHANNEL_SALT = {"lead": 0x5BD1E995, "body": 0x1B873593, "ents": 0x27D4EB2F}


_STOP_BITS = 16


@functools.lru_cache(maxsize=1)
def _stop_hashes() -> tuple[np.ndarray, np.ndarray]:
    """Sorted word hashes of ``STOP_WORDS`` and a table of their low bits (constants, built on first use)."""
    stop = hash_set(STOP_WORDS)
    table = np.zeros(1 << _STOP_BITS, dtype=bool)
    table[(stop & np.uint64((1 << _STOP_BITS) - 1)).astype(np.int64)] = True
    return stop, table


def _term_mask(found: Tokens) -> np.ndarray:
    """Which tokens count as terms: letters only, two or more, not stop words."""
    stop, table = _stop_hashes()
    h = found.hashes
    keep = found.alpha & (found.length > 1)
    maybe = np.flatnonzero(table[(h & np.uint64((1 << _STOP_BITS) - 1)).astype(np.int64)])  # few false hits
    if len(maybe):
        at = np.minimum(np.searchsorted(stop, h[maybe]), len(stop) - 1)
        keep[maybe[stop[at] == h[maybe]]] = False
    return keep


def _entity_key(label: str, text: str) -> tuple[str, ...]:
    """An entity's keys: its cleaned, lower-cased name and, for a person, the surname too."""
    if label not in _ENTITY_LABELS:
        return ()
    name = _ENTITY_CLEAN.sub("", text.strip()).lower()
    name = " ".join(name.split())
    if len(name) < 2:
        return ()
    parts = name.split()
    if label == "PERSON" and len(parts) > 1:
        return (name, parts[-1])  # "Marta Okonjo" and "Okonjo" meet
    return (name,)


class _LabelKeys(dict):
    """Mention text → entity key hashes, for one label (a ``str`` key: its hash is cached)."""

    def __init__(self, label: str):
        super().__init__()
        self.label = label

    def __missing__(self, text: str) -> tuple[int, ...]:
        value = self[text] = tuple([zlib.crc32(k.encode()) << 32 for k in _entity_key(self.label, text)])
        return value


class EntityKeys(dict):
    """Label → (mention text → entity key hashes), worked out once; share one across articles.

    ``keys[label][text]`` is 25 % faster than one dict keyed by (label, text) tuples, whose hash
    is computed on every look-up.
    """

    def __missing__(self, label: str) -> _LabelKeys:
        value = self[label] = _LabelKeys(label)
        return value

    def size(self) -> int:
        """Mentions remembered."""
        return sum(len(v) for v in self.values())


@dataclass
class Features:
    """One article's clustering features: hashed-term counts per channel and its date."""

    article_id: str
    counts: dict[str, tuple[np.ndarray, np.ndarray]]  # channel → (hashed terms, counts)
    published: dt.date | None


def features_many(
    articles: list[AnnotatedArticle],
    settings: GroupSettings,
    found: Tokens,
    bounds: np.ndarray,
    entities: EntityKeys | None = None,
) -> list[Features]:
    """Features of several articles at once (``words.tokenize_many`` gives ``found`` and ``bounds``).

    The same counts as one article at a time; terms of all articles are counted in one sort,
    keyed by (article, bucket).
    """
    entities = EntityKeys() if entities is None else entities
    k = len(articles)
    keep = _term_mask(found)
    art = np.repeat(np.arange(k, dtype=np.int64), np.diff(bounds))[keep]
    body = found.hashes[keep]
    titles, tbounds = tokenize_many([a.article.title or "" for a in articles])
    tkeep = _term_mask(titles)
    title_art = np.repeat(np.arange(k, dtype=np.int64), np.diff(tbounds))[tkeep]
    title = titles.hashes[tkeep]
    first_term = np.searchsorted(art, np.arange(k))
    lead_part = (np.arange(len(art)) - first_term[art]) < settings.lead_words
    lead = np.concatenate([title, title, body[lead_part]])
    lead_art = np.concatenate([title_art, title_art, art[lead_part]])
    label_and_text = attrgetter("label", "text")
    ent_lists = [list(chain.from_iterable([entities[label][text] for label, text in map(label_and_text, a.mentions)]))
                 for a in articles]
    ent_art = np.repeat(np.arange(k, dtype=np.int64), [len(e) for e in ent_lists])
    ents = np.fromiter(chain.from_iterable(ent_lists), dtype=np.uint64, count=len(ent_art))
    per_channel = {
        "lead": _buckets_many("lead", lead, lead_art, k),
        "body": _buckets_many("body", body, art, k),
        "ents": _buckets_many("ents", ents, ent_art, k),
    }
    return [
        Features(a.article.id, {c: (per_channel[c][0][i], per_channel[c][1][i]) for c in CHANNELS}, a.article.published)
        for i, a in enumerate(articles)
    ]


def _buckets_many(channel: str, hashes: np.ndarray, art: np.ndarray, k: int) -> tuple[list, list]:
    """Term hashes of each article → lists (per article) of distinct buckets, salted per channel, and their counts."""
    salt, mask = np.uint64(_CHANNEL_SALT[channel]), np.uint64((1 << _DF_BITS) - 1)
    buckets = ((hashes >> np.uint64(32)) ^ salt) & mask
    in_order = len(art) < 2 or bool((art[1:] >= art[:-1]).all())  # then sort article by article
    keys, counts = counts_sorted((art.astype(np.uint64) << np.uint64(_DF_BITS)) | buckets,
                                 np.searchsorted(art, np.arange(1, k)) if in_order else None)
    owner = (keys >> np.uint64(_DF_BITS)).astype(np.int64)
    terms = (keys & mask).astype(np.int64)
    cut = np.searchsorted(owner, np.arange(1, k)).tolist()
    return np.split(terms, cut), np.split(counts, cut)


@dataclass
class StoryState:
    """What an open story keeps: centroids, date span, members; never article texts."""

    id: str
    seq: int  # creation order: on a merge the older story (smaller seq) survives
    article_ids: list[str] = field(default_factory=list)
    merged_ids: list[str] = field(default_factory=list)
    # all channels in one pair of numpy arrays: (sorted ``channel << _DF_BITS | bucket`` terms,
    # weights), so adding an article or comparing two stories is a few vector operations for the
    # three channels together; ``norm2``: squared norm per channel (CHANNELS order)
    centroid: tuple[np.ndarray, np.ndarray] = field(default_factory=lambda: _empty_terms())
    norm2: np.ndarray = field(default_factory=lambda: np.zeros(len(CHANNELS)))
    first: dt.date | None = None
    last: dt.date | None = None
    touched: int = 0  # sequence number of the last article added
    status: str = "active"  # active → closed (pruned centroid) → archived (ids only)
    slot: int = -1  # its entries in the term index (-1: none)

    def widen(self, date: dt.date | None) -> None:
        if date is None:
            return
        self.first = date if self.first is None or date < self.first else self.first
        self.last = date if self.last is None or date > self.last else self.last


Vector = dict[str, tuple[np.ndarray, np.ndarray]]  # channel → (hashed terms, weights)
TERMS = "terms"  # optional entry of a Vector: all channels' terms (channel << _DF_BITS | bucket, sorted), weights


def _empty_terms() -> tuple[np.ndarray, np.ndarray]:
    return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)


_CHANNEL_EDGES = np.arange(len(CHANNELS) + 1, dtype=np.int64) << _DF_BITS


def _channel_sums(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per channel, the sum of ``values`` (keys carry the channel above ``_DF_BITS``)."""
    return np.bincount(keys >> _DF_BITS, weights=values, minlength=len(CHANNELS))


def combined_centroid(centroid: dict) -> tuple[np.ndarray, np.ndarray]:
    """A per-channel centroid (state format 6) → the combined arrays."""
    keys = [centroid[c][0] + (i << _DF_BITS) for i, c in enumerate(CHANNELS)]
    return np.concatenate(keys).astype(np.int64), np.concatenate([centroid[c][1] for c in CHANNELS]).astype(np.float64)
_STATUS_CODE = {"active": 0, "closed": 1, "archived": 2}
_ACTIVE, _CLOSED = _STATUS_CODE["active"], _STATUS_CODE["closed"]  # open stories: codes up to _CLOSED
_NO_DATE = np.nan


def as_arrays(vecs: dict) -> Vector:
    """Vectors given as ``{channel: {term: weight}}`` (tests) → the array form (terms sorted)."""
    out: Vector = {}
    for channel in CHANNELS:
        value = vecs.get(channel, {})
        if isinstance(value, dict):
            keys = np.fromiter(value.keys(), dtype=np.int64, count=len(value))
            weights = np.fromiter(value.values(), dtype=np.float64, count=len(value))
            order = np.argsort(keys, kind="stable")
            value = (keys[order], weights[order])
        out[channel] = value
    return out


def _add_sorted(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The sum of two sparse vectors given as (sorted distinct terms, weights); the result is sorted too."""
    (akeys, aweights), (bkeys, bweights) = a, b
    if not len(akeys):
        return bkeys, bweights.astype(np.float64, copy=True)
    at = np.searchsorted(akeys, bkeys)
    found = akeys.take(at, mode="clip") == bkeys
    weights = aweights.copy()
    if found.all():
        weights[at] += bweights
        return akeys, weights
    weights[at[found]] += bweights[found]
    missing = ~found  # not in ``a``: their left and right places are the same
    return merge_sorted((akeys, weights), (bkeys[missing], bweights[missing]), at[missing])


def time_factor(gap_days: np.ndarray | float, scale_days: float) -> np.ndarray:
    """How a score falls with the days between two date spans: ``exp(-gap / scale_days)``."""
    return np.exp(gap_days * (-1.0 / scale_days))


_SLOT_BITS = np.int64(32)
_SLOT_MASK = np.int64((1 << 32) - 1)
_CHANNEL_SHIFT = np.int64(32 + _DF_BITS)


class TermIndex:
    """Every story centroid's (term, weight) entries in sorted numpy arrays, searched in one pass.

    Why: scoring an article against the stories is then a ``searchsorted`` and a ``bincount``
    over the article's terms, not a Python loop over each term's stories.  An entry's key packs
    ``channel << _DF_BITS | bucket`` above a 32-bit *slot* (the story's place), so the entries
    of one term are contiguous.  An article added to a story enters its terms in a small sorted
    delta (centroids only grow by addition, and a dot product is linear, so entries of one term
    and slot simply add up).  A change that is not an addition (pruning, merging, archiving)
    retires the story's slot and enters its whole centroid under a new one.  The delta folds
    into the base when it grows; folding drops retired slots and renumbers the live ones.
    ``plan`` looks a whole block of articles up at once (``_BlockPlan``); while it holds, entries
    wait in the plan and the index does not fold.
    """

    def __init__(self) -> None:
        empty = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64))
        self.base = empty
        self.delta = empty
        self.slot_story: list[str | None] = []
        # per slot: squared norm per channel, first/last date ordinal (nan: undated), status code
        self.norm2 = np.zeros((16, len(CHANNELS)), dtype=np.float64)
        self.first = np.full(16, _NO_DATE)
        self.last = np.full(16, _NO_DATE)
        self.status = np.full(16, _STATUS_CODE["archived"], dtype=np.int8)

    def new_slot(self, story: StoryState) -> int:
        slot = len(self.slot_story)
        self.slot_story.append(story.id)
        if slot >= len(self.first):
            grow = len(self.first)
            self.norm2 = np.concatenate([self.norm2, np.zeros((grow, len(CHANNELS)))])
            self.first = np.concatenate([self.first, np.full(grow, _NO_DATE)])
            self.last = np.concatenate([self.last, np.full(grow, _NO_DATE)])
            self.status = np.concatenate([self.status, np.full(grow, _STATUS_CODE["archived"], dtype=np.int8)])
        story.slot = slot
        self.sync(story)
        return slot

    def sync(self, story: StoryState) -> None:
        """Copy what scoring needs (norms, date span, status) into the slot's row."""
        slot = story.slot
        if slot < 0:
            raise ValueError(f"story {story.id} has no slot (archived): its row would overwrite another story's")
        self.norm2[slot] = story.norm2
        self.first[slot] = story.first.toordinal() if story.first is not None else _NO_DATE
        self.last[slot] = story.last.toordinal() if story.last is not None else _NO_DATE
        self.status[slot] = _STATUS_CODE[story.status]

    def retire(self, story: StoryState) -> None:
        if story.slot >= 0:
            self.slot_story[story.slot] = None
            self.status[story.slot] = _STATUS_CODE["archived"]
            story.slot = -1

    @staticmethod
    def _terms(vecs: Vector | tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The vector's terms over all channels (``channel << _DF_BITS | bucket``, sorted) and weights.

        ``vectors_many`` works them out for a whole block under the key ``TERMS``; a story's
        centroid is already in that form.
        """
        if isinstance(vecs, tuple):
            return vecs
        cached = vecs.get(TERMS)
        if cached is not None:
            return cached
        keys = [vecs[c][0] + (i << _DF_BITS) for i, c in enumerate(CHANNELS) if len(vecs[c][0])]
        if not keys:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        weights = [vecs[c][1] for c in CHANNELS if len(vecs[c][0])]
        keys, weights = np.concatenate(keys), np.concatenate(weights)
        if len(keys) > 1 and (keys[1:] < keys[:-1]).any():
            order = np.argsort(keys, kind="stable")
            keys, weights = keys[order], weights[order]
        return keys, weights

    _plan: _BlockPlan | None = None  # a class default: states saved before plans existed load as they are

    def enter(self, story: StoryState, vecs: Vector | tuple[np.ndarray, np.ndarray]) -> None:
        """Add entries (an article's vector, or a whole centroid) under the story's slot."""
        terms, weights = self._terms(vecs)
        if not len(terms):
            return
        plan = self._plan
        if plan is None:
            self.delta = merge_sorted(self.delta, ((terms << _SLOT_BITS) | story.slot, weights))
            return
        # a block is planned: its later articles' dots with these entries are worked out now, and
        # the entries join the delta when the block ends
        plan.pending.append(((terms << _SLOT_BITS) | story.slot, weights))
        i = plan.number.get(id(vecs))
        if i is not None:
            plan.add_article(i, story.slot)
        elif self.status[story.slot] == _CLOSED:  # few articles may join it: work out when asked
            plan.deferred.setdefault(story.slot, []).append((terms, weights))
        else:
            plan.add_vector(story.slot, terms, weights)

    def plan(self, block: list[Vector]) -> None:
        """The next articles to be scored, in order: look up their dots with every story now.

        Why: one set of vector operations for the block instead of one per article.  An article's
        dots are its dots with the index as it was here, plus those with what entered since: the
        block's earlier articles (a dot product between block articles, worked out once) and any
        other vector (a re-entered or merged centroid, whose dots with the block are worked out
        when it enters).  Dot products are linear, so the sums are those of one article at a
        time up to the order of floating-point additions.  The index does not fold while a plan
        holds (slot numbers stay put); ``end_plan`` enters the block's entries and allows it again.
        """
        self.end_plan()
        if len(block) > 1:
            self._plan = _BlockPlan(self, block)

    def end_plan(self) -> None:
        """Enter a planned block's pending entries into the delta (one sort) and drop the plan."""
        plan = self._plan
        if plan is None:
            return
        self._plan = None
        if plan.pending:
            keys = np.concatenate([k for k, _ in plan.pending])
            weights = np.concatenate([w for _, w in plan.pending])
            order = np.argsort(keys, kind="stable")
            self.delta = merge_sorted(self.delta, (keys[order], weights[order]))

    def reenter(self, story: StoryState) -> None:
        """A centroid changed other than by addition: a fresh slot with the whole centroid."""
        self.retire(story)
        self.new_slot(story)
        self.enter(story, story.centroid)

    def fold(self, stories: dict[str, StoryState]) -> None:
        """Merge the delta into the base, dropping retired slots and renumbering the live ones."""
        self.end_plan()  # slots are renumbered: a plan would be stale
        keys, weights = merge_sorted(self.base, self.delta)
        live = np.array([s is not None for s in self.slot_story], dtype=bool)
        slots = keys & _SLOT_MASK
        keep = live[slots]
        keys, weights, slots = keys[keep], weights[keep], slots[keep]
        old = np.flatnonzero(live)
        new_of = np.zeros(len(live), dtype=np.int64)
        new_of[old] = np.arange(len(old))
        keys = ((keys >> _SLOT_BITS) << _SLOT_BITS) | new_of[slots]  # order kept: the mapping is increasing
        self.slot_story = [self.slot_story[i] for i in old.tolist()]
        grow = max(16, len(old))
        pad = grow - len(old)
        self.norm2 = np.concatenate([self.norm2[old], np.zeros((pad, len(CHANNELS)))])
        self.first = np.concatenate([self.first[old], np.full(pad, _NO_DATE)])
        self.last = np.concatenate([self.last[old], np.full(pad, _NO_DATE)])
        self.status = np.concatenate([self.status[old], np.full(pad, _STATUS_CODE["archived"], dtype=np.int8)])
        for slot, sid in enumerate(self.slot_story):
            stories[sid].slot = slot
        self.base = (keys, weights)
        self.delta = (keys[:0], weights[:0])

    def dots(self, vecs: Vector, include_closed: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(slots sharing a term with ``vecs``, their dot product per channel); closed stories' slots
        may be left out when not ``include_closed``."""
        plan = self._plan
        if plan is not None:
            i = plan.number.get(id(vecs))
            if i is not None:
                if plan.deferred:
                    plan.undefer(self.status, include_closed)
                return plan.dots(i, len(self.slot_story))
            self.end_plan()  # a vector from outside the block: plain look-up
        terms, qweights = self._terms(vecs)
        n_slots = len(self.slot_story)
        if not len(terms) or not n_slots:
            return np.zeros(0, dtype=np.int64), np.zeros((0, len(CHANNELS)))
        bounds = np.concatenate([terms << _SLOT_BITS, (terms + 1) << _SLOT_BITS])
        cells, contribs = [], []
        for keys, weights in (self.base, self.delta):
            if not len(keys):
                continue
            edges = np.searchsorted(keys, bounds)
            # the entries of every article term, and the article weight each one meets
            term_of, pos = run_positions(edges[: len(terms)], edges[len(terms):])
            if not len(pos):
                continue
            found = keys[pos]
            contribs.append(weights[pos] * qweights[term_of])
            cells.append((found & _SLOT_MASK) * len(CHANNELS) + (found >> _CHANNEL_SHIFT))
        if not cells:
            return np.zeros(0, dtype=np.int64), np.zeros((0, len(CHANNELS)))
        acc = np.bincount(np.concatenate(cells), weights=np.concatenate(contribs), minlength=n_slots * len(CHANNELS))
        acc = acc.reshape(n_slots, len(CHANNELS))
        found = np.flatnonzero(acc.any(axis=1))
        return found, acc[found]


_TERMS_PER_ARTICLE = 10_000  # lead and entity terms kept per article (a bound, not a choice: the body keeps body_terms)
_PLAN_CELLS = 1 << 19  # (article, slot, channel) cells of a plan's dense sums at once (4 MB): bounds its memory
_GRAM_PAIRS = 1 << 19  # article pairs sharing a term beyond which a block's dot products are matrix products
_GRAM_TERMS = 2048  # distinct terms per such product (2 MB for a block of 128)


class _BlockPlan:
    """Dots of a block of articles with the term index at plan time, and with what entered since."""

    def __init__(self, index: TermIndex, block: list[Vector]):
        k = len(block)
        self.k = k
        self.number = {id(vecs): i for i, vecs in enumerate(block)}  # the block's vectors are alive while planned
        self.pending: list[tuple[np.ndarray, np.ndarray]] = []
        parts = [TermIndex._terms(vecs) for vecs in block]
        lengths = np.fromiter((len(p[0]) for p in parts), dtype=np.int64, count=k)
        keys = np.concatenate([p[0] for p in parts]) if k else np.zeros(0, dtype=np.int64)
        weights = np.concatenate([p[1] for p in parts]) if k else np.zeros(0)
        art = np.repeat(np.arange(k, dtype=np.int64), lengths)
        order = np.argsort(keys, kind="stable")  # by term, then article
        self.keys, self.weights, self.art = keys[order], weights[order], art[order]
        self.channel = self.keys >> _DF_BITS
        # dots between block articles, per channel: gram[i, j] for j < i (equal terms are adjacent)
        n = len(self.keys)
        self.gram = np.zeros((k, k, len(CHANNELS)))
        new = run_starts(self.keys)
        if n:
            runs = np.diff(np.append(np.flatnonzero(new), n))
        if n and int((runs * (runs - 1) // 2).sum()) > _GRAM_PAIRS:  # many articles share many terms
            self._dense_gram(new)
        elif n:
            mine, partner = run_positions(run_start_of(new), np.arange(n))  # each entry with the earlier ones of its term
            cells = (self.art[mine] * k + self.art[partner]) * len(CHANNELS) + self.channel[mine]
            self.gram = np.bincount(cells, weights=self.weights[mine] * self.weights[partner],
                                    minlength=k * k * len(CHANNELS)).reshape(k, k, len(CHANNELS))
        self.base = self._index_dots(index)
        self.inc_art = np.zeros(k, dtype=np.int64)  # block articles entered so far, and their slots
        self.inc_slot = np.zeros(k, dtype=np.int64)
        self.n_inc = 0
        self.event_of: dict[int, int] = {}  # slot → row of ``events``: dots of other entries with the block
        self.deferred: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}  # closed slots' entries, not yet worked out
        self.event_slot = np.zeros(8, dtype=np.int64)
        self.events = np.zeros((8, k, len(CHANNELS)))

    def _dense_gram(self, new: np.ndarray) -> None:
        """``gram`` by matrix products over chunks of the block's terms (bounded memory, whatever
        the number of article pairs sharing a term)."""
        k = self.k
        starts = np.flatnonzero(new)  # each distinct term's first entry
        term = np.cumsum(new) - 1  # each entry's distinct term
        channel = self.channel[starts]
        for c in range(len(CHANNELS)):
            lo, hi = np.searchsorted(channel, [c, c + 1]).tolist()
            for first in range(lo, hi, _GRAM_TERMS):
                last = min(hi, first + _GRAM_TERMS)
                a, b = int(starts[first]), int(starts[last]) if last < len(starts) else len(self.keys)
                dense = np.zeros((k, last - first))
                dense[self.art[a:b], term[a:b] - first] = self.weights[a:b]
                self.gram[:, :, c] += dense @ dense.T

    def _index_dots(self, index: TermIndex) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per block article: (slots it shares a term with, dots per channel) in the index as it is."""
        k = self.k
        n_slots = len(index.slot_story)
        out: list[tuple[np.ndarray, np.ndarray]] = [(np.zeros(0, dtype=np.int64), np.zeros((0, len(CHANNELS))))] * k
        if not len(self.keys) or not n_slots:
            return out
        bounds = np.concatenate([self.keys << _SLOT_BITS, (self.keys + 1) << _SLOT_BITS])
        arts, cells, contribs = [], [], []
        for keys, weights in (index.base, index.delta):
            if not len(keys):
                continue
            edges = np.searchsorted(keys, bounds)
            term_of, pos = run_positions(edges[: len(self.keys)], edges[len(self.keys):])
            if not len(pos):
                continue
            found = keys[pos]
            arts.append(self.art[term_of])
            cells.append((found & _SLOT_MASK) * len(CHANNELS) + (found >> _CHANNEL_SHIFT))
            contribs.append(weights[pos] * self.weights[term_of])
        if not cells:
            return out
        arts, cells, contribs = np.concatenate(arts), np.concatenate(cells), np.concatenate(contribs)
        width = n_slots * len(CHANNELS)
        step = max(1, _PLAN_CELLS // width)  # articles summed densely at once
        for lo in range(0, k, step):
            hi = min(k, lo + step)
            sel = np.flatnonzero((arts >= lo) & (arts < hi)) if (lo, hi) != (0, k) else slice(None)
            acc = np.bincount((arts[sel] - lo) * width + cells[sel], weights=contribs[sel],
                              minlength=(hi - lo) * width).reshape(hi - lo, n_slots, len(CHANNELS))
            nz_art, nz_slot = np.nonzero(acc.any(axis=2))  # by article, then slot
            values = acc[nz_art, nz_slot]
            cut = np.searchsorted(nz_art, np.arange(hi - lo + 1)).tolist()
            for a in range(hi - lo):
                out[lo + a] = (nz_slot[cut[a]:cut[a + 1]], values[cut[a]:cut[a + 1]])
        return out

    def add_article(self, i: int, slot: int) -> None:
        self.inc_art[self.n_inc] = i
        self.inc_slot[self.n_inc] = slot
        self.n_inc += 1

    def add_vector(self, slot: int, terms: np.ndarray, weights: np.ndarray) -> None:
        """Another vector entered under ``slot``: its dots with every block article, kept for the slot."""
        lo, hi = np.searchsorted(self.keys, terms), np.searchsorted(self.keys, terms, side="right")
        term_of, pos = run_positions(lo, hi)
        if not len(pos):
            return
        dots = np.bincount(self.art[pos] * len(CHANNELS) + self.channel[pos], weights=weights[term_of] * self.weights[pos],
                           minlength=self.k * len(CHANNELS)).reshape(self.k, len(CHANNELS))
        row = self.event_of.get(slot)
        if row is None:
            row = self.event_of[slot] = len(self.event_of)
            if row == len(self.event_slot):
                self.event_slot = np.concatenate([self.event_slot, np.zeros(row, dtype=np.int64)])
                self.events = np.concatenate([self.events, np.zeros_like(self.events)])
            self.event_slot[row] = slot
            self.events[row] = dots
        else:
            self.events[row] += dots

    def undefer(self, status: np.ndarray, include_closed: bool) -> None:
        """Work out the deferred entries of slots that may be scored now (retired ones are dropped)."""
        for slot in list(self.deferred):
            code = status[slot]
            if code == _ACTIVE or (include_closed and code == _CLOSED):
                for terms, weights in self.deferred.pop(slot):
                    self.add_vector(slot, terms, weights)
            elif code == _STATUS_CODE["archived"]:
                del self.deferred[slot]

    def dots(self, i: int, n_slots: int) -> tuple[np.ndarray, np.ndarray]:
        """Block article ``i``'s (slots sharing a term, dots per channel), as ``TermIndex.dots`` gives."""
        acc = np.zeros((n_slots, len(CHANNELS)))
        slots, dots = self.base[i]
        if len(slots):
            acc[slots] = dots
        if self.n_inc:
            np.add.at(acc, self.inc_slot[: self.n_inc], self.gram[i, self.inc_art[: self.n_inc]])
        rows = len(self.event_of)
        if rows:
            acc[self.event_slot[:rows]] += self.events[:rows, i]
        found = np.flatnonzero(acc.any(axis=1))
        return found, acc[found]


# When the term index folds its delta into its base (``StoryIndex._fold_if_due``): the delta
# passes a fixed size or a share of the base, or retired slots (each re-entered, merged or archived
# story leaves one) make the slot count pass a multiple of the stories plus a margin.
_FOLD_DELTA = 8192  # delta entries, one article at a time (each entry copies the delta)
_FOLD_BASE_SHARE = 8  # … or more than base entries // this
_FOLD_SLOTS, _FOLD_SLOTS_EXTRA = 2, 64  # slots > this × stories + that
_FOLD_DELTA_PLANNED = 1 << 16  # the same after a planned block (the delta is searched once a block)
_FOLD_BASE_SHARE_PLANNED = 2
_FOLD_SLOTS_PLANNED, _FOLD_SLOTS_EXTRA_PLANNED = 3, 256


class StoryIndex:
    """The online clusterer: stories, their term index and the online document frequencies."""

    def __init__(self, settings: GroupSettings):
        self.settings = settings
        self.df = np.zeros(1 << _DF_BITS, dtype=np.int32)
        self.n_docs = 0
        self.stories: dict[str, StoryState] = {}
        self.terms = TermIndex()
        self.seq = 0
        self.clock: dt.date | None = None  # latest publication date seen
        self._quiet_heap: list[tuple[dt.date, str]] = []
        self.n_status = {"active": 0, "closed": 0, "archived": 0}

    @property
    def weights(self) -> dict[str, float]:
        s = self.settings
        return {"lead": s.lead_weight, "body": s.body_weight, "ents": s.entity_weight}

    def set_status(self, story: StoryState, status: str) -> None:
        """Every status change goes through here, so the counts stay right."""
        if story.status != status:
            self.n_status[story.status] -= 1
            self.n_status[status] += 1
            story.status = status
            if status == "archived":
                self.terms.retire(story)
            elif story.slot < 0:  # back from the archive (an exact copy of one of its articles came in)
                self.terms.new_slot(story)
            else:
                self.terms.sync(story)

    # ── vectors ──

    def count(self, feats: Features) -> None:
        """Add an article to the document frequencies (done for a whole batch before clustering it)."""
        self.n_docs += 1
        for channel in CHANNELS:
            keys = feats.counts[channel][0]
            if len(keys):
                self.df[keys] += 1

    def vectors_many(self, feats: list[Features]) -> list[Vector]:
        """Per article: TF-IDF (sublinear tf), the strongest terms per channel, L2-normalised.

        All articles in a few vector operations (call ``count`` first; the IDF must not change
        between them).  Terms of equal weight at the ``body_terms`` cut keep the smaller bucket.
        """
        k = len(feats)
        out: list[Vector] = [{} for _ in range(k)]
        # prior documents that contain none of the terms: with few articles, a term that all of
        # them share (the story's own words) still weighs something
        idf_num = self.n_docs + self.settings.idf_prior_docs + 1
        every: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (article, channel term, weight)
        for number, channel in enumerate(CHANNELS):
            parts = [f.counts[channel] for f in feats]
            lengths = np.fromiter((len(p[0]) for p in parts), dtype=np.int64, count=k)
            if not lengths.any():
                empty = (np.zeros(0, dtype=np.int64), np.zeros(0))
                for vec in out:
                    vec[channel] = empty
                continue
            keys = np.concatenate([p[0] for p in parts])
            tf = np.concatenate([p[1] for p in parts])
            art = np.repeat(np.arange(k, dtype=np.int64), lengths)
            idf = np.log(idf_num / (self.df[keys] + 0.5))
            weights = (1.0 + np.log(tf)) * np.maximum(idf, 0.0)
            limit = self.settings.body_terms if channel == "body" else _TERMS_PER_ARTICLE
            if (lengths > limit).any():  # each article's ``limit`` strongest terms, in term order
                start = np.zeros(k, dtype=np.int64)
                np.cumsum(lengths[:-1], out=start[1:])
                cut = start[1:].tolist()  # ``np.lexsort((-weights, art))`` article by article (2x faster)
                order = np.concatenate([np.argsort(-part, kind="stable") + offset
                                        for part, offset in zip(np.split(weights, cut), [0, *cut])])
                rank = np.arange(len(order)) - start[art[order]]
                chosen = np.sort(order[rank < limit])
                keys, weights, art = keys[chosen], weights[chosen], art[chosen]
            norm = np.sqrt(np.bincount(art, weights=weights * weights, minlength=k))
            positive = weights > 0
            keys, weights, art = keys[positive], weights[positive], art[positive]
            weights = weights / norm[art]
            every.append((art, keys + (number << _DF_BITS), weights))
            cut = np.searchsorted(art, np.arange(k + 1)).tolist()
            for i, vec in enumerate(out):
                vec[channel] = (keys[cut[i]:cut[i + 1]], weights[cut[i]:cut[i + 1]])
        if every:  # channels in order, each sorted: a stable sort by article keeps each article's terms sorted
            art = np.concatenate([e[0] for e in every])
            order = argsort_small(art, k)
            art = art[order]
            keys = np.concatenate([e[1] for e in every])[order]
            weights = np.concatenate([e[2] for e in every])[order]
            cut = np.searchsorted(art, np.arange(k + 1)).tolist()
            for i, vec in enumerate(out):
                vec[TERMS] = (keys[cut[i]:cut[i + 1]], weights[cut[i]:cut[i + 1]])
        else:
            for vec in out:
                vec[TERMS] = (np.zeros(0, dtype=np.int64), np.zeros(0))
        return out

    # ── scoring ──

    def score_candidates(self, vecs: Vector, date: dt.date | None, include_closed: bool = True,
                         slack_days: float = 0.0) -> dict[str, float]:
        """Stories sharing a term with the article → weighted cosine × time factor (of the days outside the
        story's span beyond ``slack_days``)."""
        terms = self.terms
        slots, dots = terms.dots(vecs, include_closed)
        if not len(slots):
            return {}
        status = terms.status[slots]
        ok = status == _ACTIVE if not include_closed else status <= _CLOSED
        if not ok.all():
            slots, dots = slots[ok], dots[ok]
        norm2 = terms.norm2[slots]
        positive = norm2 > 0
        s = self.settings
        cos = dots / np.sqrt(np.where(positive, norm2, np.inf))  # a channel the story lacks: 0
        scores = cos @ np.array((s.lead_weight, s.body_weight, s.entity_weight))
        if date is not None:
            day = date.toordinal()
            # days outside the story's span; fmax skips nan, so an undated story gets 0 (factor 1)
            gap = np.fmax(np.fmax(terms.first[slots] - day, day - terms.last[slots]) - slack_days, 0.0)
            scores = scores * time_factor(gap, s.time_scale_days)
        shared = positive.any(axis=1)
        if not shared.all():
            slots, scores = slots[shared], scores[shared]
        return dict(zip(map(terms.slot_story.__getitem__, slots.tolist()), scores.tolist()))

    def story_similarity(self, a: StoryState, b: StoryState) -> float:
        ca, cb = a.centroid, b.centroid
        if len(ca[0]) > len(cb[0]):
            ca, cb = cb, ca
        at = np.searchsorted(cb[0], ca[0])
        found = cb[0].take(at, mode="clip") == ca[0]
        dots = _channel_sums(ca[0][found], ca[1][found] * cb[1][at[found]])
        denom = a.norm2 * b.norm2
        total = 0.0
        for number, channel in enumerate(CHANNELS):  # a channel either story lacks adds nothing
            if denom[number] > 0:
                total += self.weights[channel] * float(dots[number]) / math.sqrt(float(denom[number]))
        if a.first and b.first:
            gap = max(0, (a.first - b.last).days, (b.first - a.last).days)
            total *= float(time_factor(gap, self.settings.time_scale_days))
        return total

    # ── updates ──

    def new_story(self, story_id: str) -> StoryState:
        self.seq += 1
        story = StoryState(id=story_id, seq=self.seq)
        self.stories[story_id] = story
        self.n_status["active"] += 1
        self.terms.new_slot(story)
        return story

    def add_vectors(self, story: StoryState, vecs: Vector | dict | tuple[np.ndarray, np.ndarray]) -> None:
        """Add an article's vectors (or another story's combined centroid) to a story's centroid."""
        if not isinstance(vecs, tuple) and any(isinstance(v, dict) for v in vecs.values()):
            vecs = as_arrays(vecs)
        terms = TermIndex._terms(vecs)
        grown = False
        if len(terms[0]):
            keys, weights = story.centroid = _add_sorted(story.centroid, terms)
            story.norm2 = _channel_sums(keys, weights * weights)
            limit = self.settings.centroid_terms
            if len(keys) > 2 * limit:  # a channel may be over its cap
                grown = self._prune_centroid(story, limit, over=2 * limit)
        if grown:
            self.terms.reenter(story)
        else:
            self.terms.norm2[story.slot] = story.norm2  # an addition changes no date or status
            self.terms.enter(story, vecs)
        self._fold_if_due()

    def _prune_centroid(self, story: StoryState, keep: int, over: int | None = None,
                        channels: tuple[int, ...] = tuple(range(len(CHANNELS)))) -> bool:
        """Keep the ``keep`` strongest terms of each channel that has more than ``over`` (default
        ``keep``); True when something was cut."""
        over = keep if over is None else over
        keys, weights = story.centroid
        edges = np.searchsorted(keys, _CHANNEL_EDGES).tolist()
        cut = [c for c in channels if edges[c + 1] - edges[c] > over]
        if not cut:
            return False
        parts_k, parts_w, start = [], [], 0
        norm2 = story.norm2.copy()
        for c in cut:
            lo, hi = edges[c], edges[c + 1]
            top = np.sort(np.argpartition(-weights[lo:hi], keep)[:keep]) + lo
            parts_k += [keys[start:lo], keys[top]]
            parts_w += [weights[start:lo], weights[top]]
            norm2[c] = float(np.dot(weights[top], weights[top]))
            start = hi
        story.centroid = (np.concatenate(parts_k + [keys[start:]]), np.concatenate(parts_w + [weights[start:]]))
        story.norm2 = norm2
        return True

    def merge(self, survivor: StoryState, absorbed: StoryState) -> None:
        """Fold ``absorbed`` into ``survivor`` (centroids add, members and merged ids move)."""
        self.terms.retire(absorbed)
        self.add_vectors(survivor, absorbed.centroid)
        survivor.article_ids.extend(absorbed.article_ids)
        survivor.merged_ids.extend([absorbed.id, *absorbed.merged_ids])
        survivor.widen(absorbed.first)
        survivor.widen(absorbed.last)
        survivor.touched = max(survivor.touched, absorbed.touched)
        self.set_status(survivor, "active")
        self.terms.sync(survivor)
        self.n_status[absorbed.status] -= 1
        del self.stories[absorbed.id]

    def observe(self, story: StoryState, date: dt.date | None, touched: int) -> None:
        story.widen(date)
        story.touched = touched
        self.terms.sync(story)
        if story.last is not None:
            heapq.heappush(self._quiet_heap, (story.last, story.id))
        self.advance(date)

    def advance(self, date: dt.date | None) -> bool:
        """Move the stream's clock to ``date`` if it is later; True when it moved."""
        if date is not None and (self.clock is None or date > self.clock):
            self.clock = date
            return True
        return False

    def due_to_close(self) -> list[StoryState]:
        """Active stories that went quiet (by date) or fell out of the active cap (least recently touched)."""
        due: list[StoryState] = []
        if self.clock is not None:
            limit = self.clock - dt.timedelta(days=self.settings.quiet_days)
            while self._quiet_heap and self._quiet_heap[0][0] < limit:
                last, sid = heapq.heappop(self._quiet_heap)
                story = self.stories.get(sid)
                if story is not None and story.status == "active" and story.last == last:
                    due.append(story)
        if self.n_status["active"] - len(due) > self.settings.max_active_stories:
            closing = {s.id for s in due}
            active = [s for s in self.stories.values() if s.status == "active" and s.id not in closing]
            excess = len(active) - self.settings.max_active_stories
            if excess > 0:
                due.extend(sorted(active, key=lambda s: s.touched)[:excess])
        return due

    def close(self, story: StoryState) -> None:
        self.set_status(story, "closed")
        self._prune_centroid(story, self.settings.closed_story_terms)
        self._reenter(story)

    def _reenter(self, story: StoryState) -> None:
        self.terms.reenter(story)
        self._fold_if_due()

    def plan_block(self, block: list[Vector]) -> None:
        """The articles about to be scored, in order (``TermIndex.plan``); call ``end_block`` after."""
        self.terms.plan(block)

    def end_block(self) -> None:
        self.terms.end_plan()
        self._fold_if_due(planned=True)

    def _fold_if_due(self, planned: bool = False) -> None:
        terms = self.terms
        if terms._plan is not None:  # slot numbers stay put while a block is planned
            return
        delta, slots, base = len(terms.delta[0]), len(terms.slot_story), len(terms.base[0])
        if planned:  # a planned block searches the delta once, so it may grow: a fold every two or
            # three blocks of 128 (each fold copies the base) instead of one a block; same stories
            due = (delta > max(_FOLD_DELTA_PLANNED, base // _FOLD_BASE_SHARE_PLANNED)
                   or slots > _FOLD_SLOTS_PLANNED * len(self.stories) + _FOLD_SLOTS_EXTRA_PLANNED)
        else:  # one article at a time: each entry copies the delta and each look-up searches it
            due = (delta > max(_FOLD_DELTA, base // _FOLD_BASE_SHARE)
                   or slots > _FOLD_SLOTS * len(self.stories) + _FOLD_SLOTS_EXTRA)
        if due:
            terms.fold(self.stories)

    def archive_excess(self) -> list[StoryState]:
        if self.n_status["closed"] <= self.settings.max_closed_stories:
            return []
        closed = [s for s in self.stories.values() if s.status == "closed"]
        excess = len(closed) - self.settings.max_closed_stories
        if excess <= 0:
            return []
        oldest = sorted(closed, key=lambda s: (s.last or dt.date.min, s.touched))[:excess]
        for story in oldest:
            story.centroid = _empty_terms()
            story.norm2 = np.zeros(len(CHANNELS))
            self.set_status(story, "archived")
        return oldest

    def __getstate__(self) -> dict:
        """Saved state (``group/state.py``): the document frequencies as their non-zero entries (most buckets are 0)."""
        self.terms.fold(self.stories)  # compact: the delta joins the base, retired slots go
        state = dict(self.__dict__)
        nonzero = np.flatnonzero(self.df).astype(np.int32)
        state["df"] = (nonzero, self.df[nonzero])
        return state

    def __setstate__(self, state: dict) -> None:
        nonzero, counts = state["df"]
        df = np.zeros(1 << _DF_BITS, dtype=np.int32)
        df[nonzero] = counts
        self.__dict__.update(state, df=df)
        for story in self.stories.values():  # state format 6 kept a centroid per channel
            if isinstance(story.centroid, dict):
                story.centroid = combined_centroid(story.centroid)
            if isinstance(story.norm2, dict):
                story.norm2 = np.array([story.norm2[c] for c in CHANNELS], dtype=np.float64)

