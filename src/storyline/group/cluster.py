"""Online story clustering: each article joins the most similar open story or starts one.

Features of an article (``features``), each an L2-normalised sparse vector over hashed terms:

- ``lead``: TF-IDF of the title and the first words of the text (where news states its event);
- ``body``: TF-IDF of the whole text, its strongest terms only;
- ``ents``: named entities (full name and, for people, the surname), IDF-weighted.

A story keeps the running sum of its articles' vectors (a centroid) and the span of its
publication dates.  An article's score against a story is the weighted sum of the three cosine
similarities, lowered by the days between the article and the story's span (time proximity; an
undated article or story gets no time term).  Candidates come from an inverted index
(term → stories), so the cost follows the article's terms, not the number of stories.

IDF is learned online (document frequencies over hashed terms), so a fresh run on the same
articles in the same order gives the same stories.  Order matters, as in any online
clusterer; ``StoryGrouper.add`` sorts each batch by publication date (undated last) so a batch
gives the same result in any input order.

Memory: a story is *active* until the stream's clock (the latest publication date seen) is
``quiet_days`` past its last article, or, for undated stories, until it is the least recently
touched of more than ``max_active_stories``.  Closing prunes its centroid to a few terms (it can
still take a late article) and the oldest closed stories beyond ``max_closed_stories`` are
archived: they keep only their article ids.
"""

from __future__ import annotations

import datetime as dt
import functools
import heapq
import math
import operator
import re
import zlib
from dataclasses import dataclass, field
from itertools import repeat

import numpy as np

from storyline.config import GroupSettings
from storyline.group.words import Tokens, counts_sorted, hash_set, tokenize
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


@functools.lru_cache(maxsize=1)
def _stop_hashes() -> np.ndarray:
    """Sorted word hashes of ``STOP_WORDS`` (a constant, built on first use)."""
    return hash_set(STOP_WORDS)


def term_hashes(found: Tokens) -> np.ndarray:
    """Hashes of the tokens that count as terms: letters only, two or more, not stop words."""
    stop = _stop_hashes()
    h = found.hashes
    at = np.minimum(np.searchsorted(stop, h), len(stop) - 1)
    return h[found.alpha & (found.length > 1) & (stop[at] != h)]


def _buckets(channel: str, hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Term hashes → (distinct buckets salted per channel, counts)."""
    salt, mask = np.uint64(_CHANNEL_SALT[channel]), np.uint64((1 << _DF_BITS) - 1)
    keys, counts = counts_sorted(((hashes >> np.uint64(32)) ^ salt) & mask)
    return keys.astype(np.int64), counts


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


class EntityKeys(dict):
    """(label, mention text) → (key hashes), worked out once; share one across articles."""

    def __missing__(self, mention: tuple[str, str]) -> tuple[int, ...]:
        value = self[mention] = tuple(zlib.crc32(k.encode()) << 32 for k in _entity_key(*mention))
        return value


def entity_keys(article: AnnotatedArticle) -> list[str]:
    return [k for m in article.mentions for k in _entity_key(m.label, m.text)]


@dataclass
class Features:
    """One article's clustering features: hashed-term counts per channel and its date."""

    article_id: str
    counts: dict[str, tuple[np.ndarray, np.ndarray]]  # channel → (hashed terms, counts)
    published: dt.date | None


def features(
    article: AnnotatedArticle,
    settings: GroupSettings,
    found: Tokens | None = None,
    entities: EntityKeys | None = None,
) -> Features:
    """``found`` (``words.tokenize`` of the text) and ``entities`` (shared across articles) only save time."""
    found = tokenize(article.article.text) if found is None else found
    entities = EntityKeys() if entities is None else entities
    body = term_hashes(found)
    title = term_hashes(tokenize(article.article.title)) if article.article.title else body[:0]
    lead = np.concatenate([title, title, body[: settings.lead_words]])
    ents = [k for m in article.mentions for k in entities[(m.label, m.text)]]
    counts = {
        "lead": _buckets("lead", lead),
        "body": _buckets("body", body),
        "ents": _buckets("ents", np.array(ents, dtype=np.uint64)),
    }
    return Features(article.article.id, counts, article.article.published)


@dataclass
class StoryState:
    """What an open story keeps: centroids, date span, members; never article texts."""

    id: str
    seq: int  # creation order: on a merge the older story (smaller seq) survives
    article_ids: list[str] = field(default_factory=list)
    merged_ids: list[str] = field(default_factory=list)
    centroid: dict[str, dict[int, float]] = field(default_factory=lambda: {c: {} for c in CHANNELS})
    norm2: dict[str, float] = field(default_factory=lambda: {c: 0.0 for c in CHANNELS})
    first: dt.date | None = None
    last: dt.date | None = None
    touched: int = 0  # sequence number of the last article added
    status: str = "active"  # active → closed (pruned centroid) → archived (ids only)

    def widen(self, date: dt.date | None) -> None:
        if date is None:
            return
        self.first = date if self.first is None or date < self.first else self.first
        self.last = date if self.last is None or date > self.last else self.last


class StoryIndex:
    """The online clusterer: stories, their inverted index and the online document frequencies."""

    def __init__(self, settings: GroupSettings):
        self.settings = settings
        self.df = np.zeros(1 << _DF_BITS, dtype=np.int32)
        self.n_docs = 0
        self.stories: dict[str, StoryState] = {}
        # term → {story: weight}; open stories and closed ones apart, so an article that arrives
        # in date order only scans open stories (a closed story is only searched by undated or
        # late articles)
        self.postings: dict[str, dict[int, dict[str, float]]] = {c: {} for c in CHANNELS}
        self.closed_postings: dict[str, dict[int, dict[str, float]]] = {c: {} for c in CHANNELS}
        self.seq = 0
        self.clock: dt.date | None = None  # latest publication date seen
        self._quiet_heap: list[tuple[dt.date, str]] = []
        self.n_status = {"active": 0, "closed": 0, "archived": 0}

    @property
    def weights(self) -> dict[str, float]:
        s = self.settings
        return {"lead": s.lead_weight, "body": s.body_weight, "ents": s.entity_weight}

    def set_status(self, story: StoryState, status: str) -> None:
        """Every status change goes through here: counts stay right and postings follow the story."""
        if story.status != status:
            self.drop_postings(story)
            self.n_status[story.status] -= 1
            self.n_status[status] += 1
            story.status = status
            if status != "archived":
                for channel in CHANNELS:
                    postings = self._postings(story)[channel]
                    for key, w in story.centroid[channel].items():
                        postings.setdefault(key, {})[story.id] = w

    def _postings(self, story: StoryState) -> dict[str, dict[int, dict[str, float]]]:
        return self.postings if story.status == "active" else self.closed_postings

    # ── vectors ──

    def count(self, feats: Features) -> None:
        """Add an article to the document frequencies (done for a whole batch before clustering it)."""
        self.n_docs += 1
        for channel in CHANNELS:
            keys = feats.counts[channel][0]
            if len(keys):
                self.df[keys] += 1

    def vectors(self, feats: Features) -> dict[str, dict[int, float]]:
        """TF-IDF (sublinear tf), the strongest terms per channel, L2-normalised (call ``count`` first)."""
        limits = {"lead": 10_000, "body": self.settings.body_terms, "ents": 10_000}
        out: dict[str, dict[int, float]] = {}
        for channel in CHANNELS:
            keys, tf = feats.counts[channel]
            if not len(keys):
                out[channel] = {}
                continue
            # prior documents that contain none of the terms: with few articles, a term that all of
            # them share (the story's own words) still weighs something
            idf = np.log((self.n_docs + self.settings.idf_prior_docs + 1) / (self.df[keys] + 0.5))
            weights = (1.0 + np.log(tf)) * np.maximum(idf, 0.0)
            if len(weights) > limits[channel]:
                top = np.argpartition(-weights, limits[channel])[: limits[channel]]
                keys, weights = keys[top], weights[top]
            norm = float(np.sqrt(np.dot(weights, weights)))
            if norm == 0.0:
                out[channel] = {}
                continue
            weights = weights / norm
            out[channel] = {int(k): float(w) for k, w in zip(keys, weights) if w > 0}
        return out

    # ── scoring ──

    def time_factor(self, date: dt.date | None, first: dt.date | None, last: dt.date | None) -> float:
        if date is None or first is None or last is None:
            return 1.0
        gap = max(0, (first - date).days, (date - last).days)
        return math.exp(-gap / self.settings.time_scale_days)

    def score_candidates(self, vecs: dict[str, dict[int, float]], date: dt.date | None,
                         include_closed: bool = True) -> dict[str, float]:
        scores: dict[str, float] = {}
        for channel in CHANNELS:
            weight = self.weights[channel]
            acc: dict[str, float] = {}
            for postings in (self.postings, self.closed_postings) if include_closed else (self.postings,):
                postings = postings[channel]
                for key, w in vecs[channel].items():
                    row = postings.get(key)
                    if row:
                        for sid, cw in row.items():
                            acc[sid] = acc.get(sid, 0.0) + w * cw
            for sid, dot in acc.items():
                norm2 = self.stories[sid].norm2[channel]
                if norm2 > 0:
                    scores[sid] = scores.get(sid, 0.0) + weight * dot / math.sqrt(norm2)
        for sid in scores:
            story = self.stories[sid]
            scores[sid] *= self.time_factor(date, story.first, story.last)
        return scores

    def story_similarity(self, a: StoryState, b: StoryState) -> float:
        total = 0.0
        for channel in CHANNELS:
            ca, cb = a.centroid[channel], b.centroid[channel]
            if not ca or not cb or a.norm2[channel] <= 0 or b.norm2[channel] <= 0:
                continue
            if len(ca) > len(cb):
                ca, cb = cb, ca
            dot = sum(map(operator.mul, ca.values(), map(cb.get, ca.keys(), repeat(0.0))))  # in ca's order
            total += self.weights[channel] * dot / math.sqrt(a.norm2[channel] * b.norm2[channel])
        if a.first and b.first:
            gap = max(0, (a.first - b.last).days, (b.first - a.last).days)
            total *= math.exp(-gap / self.settings.time_scale_days)
        return total

    # ── updates ──

    def new_story(self, story_id: str) -> StoryState:
        self.seq += 1
        story = StoryState(id=story_id, seq=self.seq)
        self.stories[story_id] = story
        self.n_status["active"] += 1
        return story

    def add_vectors(self, story: StoryState, vecs: dict[str, dict[int, float]]) -> None:
        for channel in CHANNELS:
            centroid = story.centroid[channel]
            postings = self._postings(story)[channel]
            dot = 0.0
            for key, w in vecs[channel].items():
                old = centroid.get(key, 0.0)
                dot += old * w
                centroid[key] = old + w
                postings.setdefault(key, {})[story.id] = old + w
            weights = vecs[channel].values()
            story.norm2[channel] += 2 * dot + sum(map(operator.mul, weights, weights))
            limit = self.settings.centroid_terms
            if len(centroid) > 2 * limit:
                self.prune(story, channel, limit)

    def prune(self, story: StoryState, channel: str, keep: int) -> None:
        """Keep a story's ``keep`` strongest terms in one channel (bounded memory)."""
        centroid = story.centroid[channel]
        if len(centroid) <= keep:
            return
        ranked = sorted(centroid.items(), key=lambda kv: -kv[1])
        postings = self._postings(story)[channel]
        for key, _ in ranked[keep:]:
            row = postings.get(key)
            if row is not None:
                row.pop(story.id, None)
                if not row:
                    del postings[key]
        story.centroid[channel] = dict(ranked[:keep])
        story.norm2[channel] = sum(w * w for _, w in ranked[:keep])

    def drop_postings(self, story: StoryState) -> None:
        for channel in CHANNELS:
            postings = self._postings(story)[channel]
            for key in story.centroid[channel]:
                row = postings.get(key)
                if row is not None:
                    row.pop(story.id, None)
                    if not row:
                        del postings[key]

    def merge(self, survivor: StoryState, absorbed: StoryState) -> None:
        """Fold ``absorbed`` into ``survivor`` (centroids add, members and merged ids move)."""
        self.drop_postings(absorbed)
        self.add_vectors(survivor, absorbed.centroid)
        survivor.article_ids.extend(absorbed.article_ids)
        survivor.merged_ids.extend([absorbed.id, *absorbed.merged_ids])
        survivor.widen(absorbed.first)
        survivor.widen(absorbed.last)
        survivor.touched = max(survivor.touched, absorbed.touched)
        self.set_status(survivor, "active")
        self.n_status[absorbed.status] -= 1
        del self.stories[absorbed.id]

    def observe(self, story: StoryState, date: dt.date | None, touched: int) -> None:
        story.widen(date)
        story.touched = touched
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
        """Active stories that went quiet (by date) or fell out of the active cap (undated)."""
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
        for channel in CHANNELS:
            self.prune(story, channel, self.settings.closed_story_terms)

    def archive_excess(self) -> list[StoryState]:
        if self.n_status["closed"] <= self.settings.max_closed_stories:
            return []
        closed = [s for s in self.stories.values() if s.status == "closed"]
        excess = len(closed) - self.settings.max_closed_stories
        if excess <= 0:
            return []
        oldest = sorted(closed, key=lambda s: (s.last or dt.date.min, s.touched))[:excess]
        for story in oldest:
            self.drop_postings(story)
            story.centroid = {c: {} for c in CHANNELS}
            story.norm2 = {c: 0.0 for c in CHANNELS}
            self.set_status(story, "archived")
        return oldest

    def __getstate__(self) -> dict:
        """Pickled state: the document frequencies as their non-zero entries (most buckets are 0)."""
        state = dict(self.__dict__)
        nonzero = np.flatnonzero(self.df).astype(np.int32)
        state["df"] = (nonzero, self.df[nonzero])
        return state

    def __setstate__(self, state: dict) -> None:
        nonzero, counts = state["df"]
        df = np.zeros(1 << _DF_BITS, dtype=np.int32)
        df[nonzero] = counts
        self.__dict__.update(state, df=df)

    def active_count(self) -> int:
        return self.n_status["active"]
