"""Online story clustering: each article joins the most similar open story or starts one.

An article's features (``features.py``: hashed-term counts in the ``lead``, ``body`` and
``ents`` channels) become per channel an L2-normalised TF-IDF vector (``StoryIndex.vectors_many``;
the body keeps its strongest ``body_terms`` terms).

A story (``StoryState``) keeps the pruned running sum of its articles' vectors (a centroid: each
channel cut back to its ``centroid_terms`` strongest terms when it passes twice that) and the
span of its publication dates.  An article's score against a story is the weighted sum of the
three cosine similarities, lowered by the days between the article and the story's span (time
proximity; an undated article or story gets no time term).  Candidates come from the term index
(``term_index.py``), so the cost follows the article's terms, and one article is scored against
all stories in a few vector operations.

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
import heapq
import math
from dataclasses import dataclass, field

import numpy as np

from storyline.config import GroupSettings
from storyline.group.features import _DF_BITS, CHANNELS, EntityKeys, Features, features_many
from storyline.group.term_index import _ACTIVE, _CLOSED, _GRAM_PAIRS, _GRAM_TERMS, TERMS, TermIndex, Vector
from storyline.group.words import argsort_small, merge_sorted

__all__ = [
    "CHANNELS",
    "EntityKeys",
    "Features",
    "StoryIndex",
    "StoryState",
    "TermIndex",
    "Vector",
    "as_arrays",
    "features_many",
    "time_factor",
]


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


def _empty_terms() -> tuple[np.ndarray, np.ndarray]:
    return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)


_CHANNEL_EDGES = np.arange(len(CHANNELS) + 1, dtype=np.int64) << _DF_BITS


def _channel_sums(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per channel, the sum of ``values`` (keys carry the channel above ``_DF_BITS``)."""
    return np.bincount(keys >> _DF_BITS, weights=values, minlength=len(CHANNELS))


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


_TERMS_PER_ARTICLE = 10_000  # lead and entity terms kept per article (a bound, not a choice: the body keeps body_terms)


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
                order = np.concatenate(
                    [
                        np.argsort(-part, kind="stable") + offset
                        for part, offset in zip(np.split(weights, cut), [0, *cut], strict=True)
                    ]
                )
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
                vec[channel] = (keys[cut[i] : cut[i + 1]], weights[cut[i] : cut[i + 1]])
        if every:  # channels in order, each sorted: a stable sort by article keeps each article's terms sorted
            art = np.concatenate([e[0] for e in every])
            order = argsort_small(art, k)
            art = art[order]
            keys = np.concatenate([e[1] for e in every])[order]
            weights = np.concatenate([e[2] for e in every])[order]
            cut = np.searchsorted(art, np.arange(k + 1)).tolist()
            for i, vec in enumerate(out):
                vec[TERMS] = (keys[cut[i] : cut[i + 1]], weights[cut[i] : cut[i + 1]])
        else:
            for vec in out:
                vec[TERMS] = (np.zeros(0, dtype=np.int64), np.zeros(0))
        return out

    # ── scoring ──

    def score_candidates(
        self, vecs: Vector, date: dt.date | None, include_closed: bool = True, slack_days: float = 0.0
    ) -> dict[str, float]:
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
        return dict(zip(map(terms.slot_story.__getitem__, slots.tolist()), scores.tolist(), strict=True))

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

    def _prune_centroid(
        self,
        story: StoryState,
        keep: int,
        over: int | None = None,
        channels: tuple[int, ...] = tuple(range(len(CHANNELS))),
    ) -> bool:
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
        """The articles about to be scored, in order (``TermIndex.plan``); call ``end_block`` after.

        The plan's bounds are this module's ``_GRAM_PAIRS`` and ``_GRAM_TERMS``, read at each block
        so a test can lower them here."""
        self.terms.plan(block, _GRAM_PAIRS, _GRAM_TERMS)

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
            due = (
                delta > max(_FOLD_DELTA_PLANNED, base // _FOLD_BASE_SHARE_PLANNED)
                or slots > _FOLD_SLOTS_PLANNED * len(self.stories) + _FOLD_SLOTS_EXTRA_PLANNED
            )
        else:  # one article at a time: each entry copies the delta and each look-up searches it
            due = (
                delta > max(_FOLD_DELTA, base // _FOLD_BASE_SHARE)
                or slots > _FOLD_SLOTS * len(self.stories) + _FOLD_SLOTS_EXTRA
            )
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
