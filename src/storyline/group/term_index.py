"""The term index: every story centroid's (term, weight) entries, searched for an article's terms.

``TermIndex`` keeps the entries in sorted numpy arrays (a base and a small delta), so scoring
an article against all stories is one search and one ``bincount`` over its terms.
``_BlockPlan`` looks a whole block of articles up at once and keeps their dot products right
while the block's articles join stories.  A ``Vector`` is an article's (or a centroid's)
weighted terms per channel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from storyline.group.features import _DF_BITS, CHANNELS
from storyline.group.words import merge_sorted, run_positions, run_start_of, run_starts

if TYPE_CHECKING:
    from storyline.group.cluster import StoryState

Vector = dict[str, tuple[np.ndarray, np.ndarray]]  # channel → (hashed terms, weights)
TERMS = "terms"  # optional entry of a Vector: all channels' terms (channel << _DF_BITS | bucket, sorted), weights

_STATUS_CODE = {"active": 0, "closed": 1, "archived": 2}
_ACTIVE, _CLOSED = _STATUS_CODE["active"], _STATUS_CODE["closed"]  # open stories: codes up to _CLOSED
_NO_DATE = np.nan
_SLOT_BITS = np.int64(32)
_SLOT_MASK = np.int64((1 << 32) - 1)
_CHANNEL_SHIFT = np.int64(32 + _DF_BITS)


_PLAN_CELLS = 1 << 19  # (article, slot, channel) cells of a plan's dense sums at once (4 MB): bounds its memory
_GRAM_PAIRS = 1 << 19  # article pairs sharing a term beyond which a block's dot products are matrix products
_GRAM_TERMS = 2048  # distinct terms per such product (2 MB for a block of 128)


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
        key_parts = [vecs[c][0] + (i << _DF_BITS) for i, c in enumerate(CHANNELS) if len(vecs[c][0])]
        if not key_parts:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        weight_parts = [vecs[c][1] for c in CHANNELS if len(vecs[c][0])]
        keys, weights = np.concatenate(key_parts), np.concatenate(weight_parts)
        if len(keys) > 1 and (keys[1:] < keys[:-1]).any():
            order = np.argsort(keys, kind="stable")
            keys, weights = keys[order], weights[order]
        return keys, weights

    _plan: _BlockPlan | None = None  # a class default: an index rebuilt from a saved state that lacks it has no plan

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

    def plan(self, block: list[Vector], gram_pairs: int = _GRAM_PAIRS, gram_terms: int = _GRAM_TERMS) -> None:
        """The next articles to be scored, in order: look up their dots with every story now.

        Why: one set of vector operations for the block instead of one per article.  An article's
        dots are its dots with the index as it was here, plus those with what entered since: the
        block's earlier articles (a dot product between block articles, worked out once) and any
        other vector (a re-entered or merged centroid, whose dots with the block are worked out
        when it enters).  Dot products are linear, so the sums are those of one article at a
        time up to the order of floating-point additions.  The index does not fold while a plan
        holds (slot numbers stay put); ``end_plan`` enters the block's entries and allows it again.
        ``gram_pairs`` and ``gram_terms`` bound the dot products between block articles (``_BlockPlan``).
        """
        self.end_plan()
        if len(block) > 1:
            self._plan = _BlockPlan(self, block, gram_pairs, gram_terms)

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
        for slot, sid in enumerate(self.slot_story):  # live slots only: each names its story
            stories[str(sid)].slot = slot
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
            term_of, pos = run_positions(edges[: len(terms)], edges[len(terms) :])
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


class _BlockPlan:
    """Dots of a block of articles with the term index at plan time, and with what entered since."""

    def __init__(self, index: TermIndex, block: list[Vector], gram_pairs: int, gram_terms: int):
        k = len(block)
        self.k = k
        self.gram_terms = gram_terms
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
        self.gram: np.ndarray = np.zeros((k, k, len(CHANNELS)))
        new = run_starts(self.keys)
        if n:
            runs = np.diff(np.append(np.flatnonzero(new), n))
        if n and int((runs * (runs - 1) // 2).sum()) > gram_pairs:  # many articles share many terms
            self._dense_gram(new)
        elif n:
            # each entry with the earlier ones of its term
            mine, partner = run_positions(run_start_of(new), np.arange(n))
            cells = (self.art[mine] * k + self.art[partner]) * len(CHANNELS) + self.channel[mine]
            self.gram = np.bincount(
                cells, weights=self.weights[mine] * self.weights[partner], minlength=k * k * len(CHANNELS)
            ).reshape(k, k, len(CHANNELS))
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
            for first in range(lo, hi, self.gram_terms):
                last = min(hi, first + self.gram_terms)
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
        art_parts: list[np.ndarray] = []
        cell_parts: list[np.ndarray] = []
        contrib_parts: list[np.ndarray] = []
        for keys, weights in (index.base, index.delta):
            if not len(keys):
                continue
            edges = np.searchsorted(keys, bounds)
            term_of, pos = run_positions(edges[: len(self.keys)], edges[len(self.keys) :])
            if not len(pos):
                continue
            found = keys[pos]
            art_parts.append(self.art[term_of])
            cell_parts.append((found & _SLOT_MASK) * len(CHANNELS) + (found >> _CHANNEL_SHIFT))
            contrib_parts.append(weights[pos] * self.weights[term_of])
        if not cell_parts:
            return out
        arts, cells, contribs = np.concatenate(art_parts), np.concatenate(cell_parts), np.concatenate(contrib_parts)
        width = n_slots * len(CHANNELS)
        step = max(1, _PLAN_CELLS // width)  # articles summed densely at once
        for lo in range(0, k, step):
            hi = min(k, lo + step)
            sel = np.flatnonzero((arts >= lo) & (arts < hi)) if (lo, hi) != (0, k) else slice(None)
            acc = np.bincount(
                (arts[sel] - lo) * width + cells[sel], weights=contribs[sel], minlength=(hi - lo) * width
            ).reshape(hi - lo, n_slots, len(CHANNELS))
            nz_art, nz_slot = np.nonzero(acc.any(axis=2))  # by article, then slot
            values = acc[nz_art, nz_slot]
            cut = np.searchsorted(nz_art, np.arange(hi - lo + 1)).tolist()
            for a in range(hi - lo):
                out[lo + a] = (nz_slot[cut[a] : cut[a + 1]], values[cut[a] : cut[a + 1]])
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
        dots = np.bincount(
            self.art[pos] * len(CHANNELS) + self.channel[pos],
            weights=weights[term_of] * self.weights[pos],
            minlength=self.k * len(CHANNELS),
        ).reshape(self.k, len(CHANNELS))
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
