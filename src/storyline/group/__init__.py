"""Group: duplicates and online story clustering, with state that persists between runs.

``StoryGrouper`` is the stage's one entry point.  It takes only *new* annotated articles,
assigns each to a story (or marks it a copy of an earlier article) and reports what changed::

    grouper = StoryGrouper(settings.group, state=previous_blob_or_None)
    update = grouper.add(new_articles)   # GroupUpdate(created, touched, merged)
    grouping = grouper.grouping()        # every story, duplicate_of, reuses
    blob = grouper.dumps()               # persist; pass it back next run

Order: each ``add`` batch is processed in publication order (undated articles last, ties by
article id), so a batch gives the same stories whatever order it is passed in.  Across
batches the stream is online: an article dated long before the stories it should join were
closed may start a story of its own (see ``storyline.group.cluster``).

Ids: a story's id comes from its first article (``s-`` + the first 12 characters of the article
id, then ``-2``, ``-3`` … if that is taken) and never changes; when
two stories merge, the older one (created first) keeps its id and lists the other in
``merged_ids``.  A duplicate joins the story of the article it copies and is never a new story.

The state holds sketches and centroids, never article texts or annotations.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gc
import heapq
from collections import deque
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter

from storyline.config import GroupSettings
from storyline.group.cluster import EntityKeys, Features, StoryIndex, StoryState, Vector, features_many
from storyline.group.dedup import DedupIndex
from storyline.group.sketches import Fingerprint, fingerprints
from storyline.group.state import StateError
from storyline.group.state import dumps as state_dumps
from storyline.group.state import loads as state_loads
from storyline.group.words import tokenize_many
from storyline.model import AnnotatedArticle, Article, Grouping, Reuse, Story

PREPARE = 128  # articles tokenized and sketched in one set of vector operations (bounds its memory)
CHUNK = 2000  # articles prepared (and counted in the IDF) together; bounds a large batch's memory
QUEUE_SLACK, QUEUE_SLACK_MIN = 2, 64  # forgotten ids ``closed_sketches`` may hold (× kept, +) before it is compacted
ENTITY_CACHE = 200_000  # distinct (label, mention) keys remembered across chunks; bounds its memory


@dataclass
class GroupUpdate:
    """What one ``add`` changed.

    - ``created``: ids of stories started by this batch (and still existing after it);
    - ``touched``: ids of stories that existed before and got new articles (or absorbed a story);
    - ``merged``: absorbed story id → surviving (older) story id.
    Stories in none of these are unchanged.
    """

    created: list[str] = field(default_factory=list)
    touched: list[str] = field(default_factory=list)
    merged: dict[str, str] = field(default_factory=dict)


class StoryGrouper:
    """Online grouping: dedup + story clustering, with persistent state."""

    def __init__(self, settings: GroupSettings, state: bytes | None = None):
        self.settings = settings
        self.dedup = DedupIndex(settings)
        self.index = StoryIndex(settings)
        self.story_of: dict[str, str] = {}  # article id → story id it was put in (follow ``redirect``)
        self.redirect: dict[str, str] = {}  # absorbed story id → the story it merged into
        self.duplicate_of: dict[str, str] = {}
        self.reuses: list[Reuse] = []
        # articles of closed stories whose sketches are kept, oldest first (may also hold ids
        # forgotten since, when their story was archived: skipped when popped, dropped now and then)
        self.closed_sketches: deque[str] = deque()
        self._queued: set[str] = set()  # the ids of ``closed_sketches`` whose sketches are kept
        self.n_added = 0
        self.published: dict[str, str] = {}  # article id → its publication date (ISO), when it has one
        self._entities = EntityKeys()  # mention → entity key hashes, kept across chunks and batches (not saved)
        # (date ordinal, article id) of the dated articles whose sketches are kept, oldest on top (rebuilt on load)
        self._sketch_dates: list[tuple[int, str]] = []
        if state is not None:
            with _collector_paused():  # loading makes many objects and no garbage
                self._load(state)

    # ── public API ──

    def add(self, articles: list[AnnotatedArticle]) -> GroupUpdate:
        """Group new articles (already-known ids are ignored); return the stories they changed."""
        with _collector_paused():
            return self._add(articles)

    def _add(self, articles: list[AnnotatedArticle]) -> GroupUpdate:
        ordered = sorted(articles, key=_order_key)
        before = set(self.index.stories)
        created: list[str] = []
        touched: set[str] = set()
        merged: dict[str, str] = {}
        first_copies: dict[str, AnnotatedArticle] = {}
        for item in ordered:  # an id seen twice keeps its first copy, as a known id keeps the stored one
            first_copies.setdefault(item.article.id, item)
        fresh = [item for item in first_copies.values() if self._is_new(item)]
        for start in range(0, len(fresh), CHUNK):
            prepared = self._prepare(fresh[start : start + CHUNK])
            for block in range(0, len(prepared), PREPARE):
                part = prepared[block : block + PREPARE]
                self.dedup.compact_if_due()  # rows of forgotten sketches go (between blocks: no plan holds)
                self.dedup.expect([fp for _, fp, _ in part])  # paragraph owners of the block in one look-up
                # the chunk's IDF is fixed while it is clustered: its vectors can be worked out together
                vectors = (
                    self.index.vectors_many([f for _, _, f in part])
                    if not self.settings.single_story
                    else [None] * len(part)
                )
                if not self.settings.single_story:
                    self.index.plan_block(vectors)  # and its dots with the stories
                for (item, fp, _), vecs in zip(part, vectors, strict=False):
                    story, absorbed = self._add_one(item, fp, vecs)
                    if story.id in before:
                        touched.add(story.id)
                    elif story.id not in created:
                        created.append(story.id)
                    for old_id in absorbed:
                        merged[old_id] = story.id
                self.index.end_block()
        final = {k: self._resolve(v) for k, v in merged.items() if k in before}
        created_now = [sid for sid in dict.fromkeys(created) if sid in self.index.stories]
        touched_now = {self._resolve(sid) for sid in touched} | {v for v in final.values() if v in before}
        return GroupUpdate(
            created=created_now,
            touched=sorted(t for t in touched_now if t in before and t in self.index.stories),
            merged=final,
        )

    def grouping(self) -> Grouping:
        stories = sorted(self.index.stories.values(), key=lambda s: s.seq)
        return Grouping(
            stories=[Story(id=s.id, article_ids=list(s.article_ids), merged_ids=list(s.merged_ids)) for s in stories],
            duplicate_of=dict(self.duplicate_of),
            reuses=list(self.reuses),
        )

    def dumps(self) -> bytes:
        """The state as bytes: sketches, centroids and ids (no texts), in ``group/state.py``'s
        format, which cannot run code when read back.  Loading must take well under a second for a
        large store, so the bulky parts (MinHash signatures, the paragraph index, document frequencies) are
        numpy arrays, and what can be derived (LSH band keys, each row's paragraph values) is rebuilt when needed.
        """
        state = {
            "story_of": self.story_of,
            "redirect": self.redirect,
            "duplicate_of": self.duplicate_of,
            "reuses": [(r.article_id, r.source_id, r.paragraphs, r.share) for r in self.reuses],
            "closed_sketches": self.closed_sketches,
            "_queued": self._queued,
            "n_added": self.n_added,
            "published": self.published,
            "dedup": self.dedup,
            "index": self.index,
        }
        return state_dumps(state)

    # ── internals ──

    def _prepare(self, chunk: list[AnnotatedArticle]) -> list[tuple[AnnotatedArticle, Fingerprint, Features | None]]:
        """Sketches and features of a chunk; its words count in the IDF before any of it is clustered.

        Articles are tokenized, sketched and counted ``PREPARE`` at a time, in vector operations
        over all of them (numpy's cost per call would dominate one article at a time).
        """
        if self._entities.size() > ENTITY_CACHE:
            self._entities = EntityKeys()
        entities = self._entities
        out = []
        for start in range(0, len(chunk), PREPARE):
            part = chunk[start : start + PREPARE]
            found, bounds = tokenize_many([item.article.text for item in part])
            fps = fingerprints([item.article for item in part], self.settings, self.dedup.template, found, bounds)
            if self.settings.single_story:
                out.extend((item, fp, None) for item, fp in zip(part, fps, strict=False))
                continue
            feats = features_many(part, self.settings, found, bounds, entities)
            for item, fp, f in zip(part, fps, feats, strict=False):
                self.index.count(f)
                out.append((item, fp, f))
        return out

    def _is_new(self, item: AnnotatedArticle) -> bool:
        return item.article.id not in self.story_of

    def _resolve(self, story_id: str) -> str:
        seen = []
        while story_id in self.redirect:
            seen.append(story_id)
            story_id = self.redirect[story_id]
        for s in seen[:-1]:
            self.redirect[s] = story_id  # path compression
        return story_id

    def _story_id(self, article_id: str) -> str:
        base = "s-" + article_id[:12]
        story_id, n = base, 1
        while story_id in self.index.stories or story_id in self.redirect:
            n += 1
            story_id = f"{base}-{n}"
        return story_id

    def _add_one(self, item: AnnotatedArticle, fp: Fingerprint, vecs: Vector | None) -> tuple[StoryState, list[str]]:
        """``vecs``: the article's vectors (``StoryIndex.vectors_many``); None with ``single_story``."""
        settings = self.settings
        article = item.article
        self.n_added += 1
        stated = article.stated_date  # an inferred date neither moves the stream's clock nor widens a story's span
        if self.index.advance(stated):
            self._close_quiet()  # before matching: a story quiet for too long is not a candidate as open
        match = self.dedup.check(fp)
        absorbed: list[str] = []
        if match is not None:
            self._record_copy(article, self.duplicate_of.get(match.of, match.of))
        else:
            for reuse in self.dedup.reused_paragraphs(fp):
                self.reuses.append(Reuse(article.id, reuse.source_id, reuse.paragraphs, round(reuse.share, 3)))
        story: StoryState | None = None
        if settings.single_story:
            story = next(iter(self.index.stories.values()), None) or self.index.new_story(self._story_id(article.id))
        elif match is not None and match.of in self.story_of:
            story = self.index.stories[self._resolve(self.story_of[match.of])]
        else:
            # an inferred date may be off by weeks: only a gap beyond that slack counts against a story
            slack = settings.inferred_date_slack_days if article.published_source == "inferred" else 0
            scores = self.index.score_candidates(vecs, article.published, self._may_join_closed(stated), slack)
            for r in self._reuse_sources(article.id):
                sid = self._resolve(self.story_of[r]) if r in self.story_of else None
                if sid is not None and sid in self.index.stories:
                    scores[sid] = scores.get(sid, 0.0) + settings.reuse_bonus
            top = max(scores.values(), default=-1.0)
            if top >= settings.cluster_threshold:  # the best score; among equal ones the oldest story
                stories = self.index.stories
                story = min((stories[sid] for sid, v in scores.items() if v == top), key=_seq)
            else:
                story = self.index.new_story(self._story_id(article.id))
            self.index.add_vectors(story, vecs)
            story, absorbed = self._merge_candidates(story, scores)
        story.article_ids.append(article.id)
        if article.published is not None:
            self.published[article.id] = _iso_day(article.published)
        self.index.set_status(story, "active")
        self.story_of[article.id] = story.id
        if self.settings.sketch_days > 0 and article.published is not None and article.id not in self.dedup.prints:
            heapq.heappush(self._sketch_dates, (article.published.toordinal(), article.id))
        self.dedup.add(fp)
        self.index.observe(story, stated, self.n_added)
        self._close_quiet()
        return story, absorbed

    def _record_copy(self, article: Article, original: str) -> None:
        """``article`` copies ``original``.  The original of a set of copies is the one a one-shot build meets
        first: the earliest published, a dated one before an undated one, the smaller id among equals; so when
        ``article`` comes before ``original`` (it came in a later batch), it becomes the original of them all."""
        published = article.published.isoformat() if article.published else None
        known = self.published.get(original)
        if (known is None, known or "", original) <= (published is None, published or "", article.id):
            self.duplicate_of[article.id] = original
            return
        for copy, of in list(self.duplicate_of.items()):
            if of == original:
                self.duplicate_of[copy] = article.id
        self.duplicate_of[original] = article.id

    def _may_join_closed(self, published: dt.date | None) -> bool:
        """Closed stories are searched only for an undated article or one older than the quiet window."""
        clock = self.index.clock
        if published is None or clock is None:
            return True
        return published < clock - dt.timedelta(days=self.settings.quiet_days)

    def _reuse_sources(self, article_id: str) -> list[str]:
        out = []
        for r in reversed(self.reuses):
            if r.article_id != article_id:
                break
            out.append(r.source_id)
        return out

    def _merge_candidates(self, story: StoryState, scores: dict[str, float]) -> tuple[StoryState, list[str]]:
        """Stories that converged with ``story`` merge into the older of the two; returns the survivor."""
        absorbed: list[str] = []
        ranked = heapq.nlargest(3, scores.items(), key=itemgetter(1))  # as a stable sort, best first
        for sid, score in ranked:
            if sid == story.id or sid not in self.index.stories or score < self.settings.cluster_threshold:
                continue
            other = self.index.stories[sid]
            if self.index.story_similarity(story, other) < self.settings.merge_threshold:
                continue
            survivor, gone = (story, other) if story.seq < other.seq else (other, story)
            self.index.merge(survivor, gone)
            self.redirect[gone.id] = survivor.id
            absorbed.append(gone.id)
            story = survivor
        return story, absorbed

    def _close_quiet(self) -> None:
        for story in self.index.due_to_close():
            self.index.close(story)
            # a story may close, take a late article and close again: queue each article once
            queued = [a for a in story.article_ids if a in self.dedup.prints and a not in self._queued]
            self.closed_sketches.extend(queued)
            self._queued.update(queued)
        for story in self.index.archive_excess():  # before the cap: forgotten sketches do not count
            for article_id in story.article_ids:
                self.dedup.forget(article_id)
                self._queued.discard(article_id)  # its id stays in the deque until popped or compacted
        while len(self._queued) > self.settings.max_closed_sketches:
            article_id = self.closed_sketches.popleft()
            if article_id in self._queued:  # else forgotten already (its story was archived)
                self._queued.discard(article_id)
                self.dedup.forget(article_id)
        self._forget_old_sketches()
        if len(self.closed_sketches) > QUEUE_SLACK * len(self._queued) + QUEUE_SLACK_MIN:
            self.closed_sketches = deque(a for a in self.closed_sketches if a in self._queued)

    def _forget_old_sketches(self) -> None:
        """Forget the sketches of articles dated ``sketch_days`` before the stream's clock, whatever their story."""
        clock = self.index.clock
        if clock is None or self.settings.sketch_days <= 0:
            return
        limit = clock.toordinal() - self.settings.sketch_days
        heap = self._sketch_dates
        while heap and heap[0][0] < limit:
            _, article_id = heapq.heappop(heap)
            self.dedup.forget(article_id)
            self._queued.discard(article_id)  # its id stays in the deque until popped or compacted

    def _load(self, blob: bytes) -> None:
        state = state_loads(blob)
        if (
            not isinstance(state, dict)
            or not isinstance(state.get("dedup"), DedupIndex)
            or not isinstance(state.get("index"), StoryIndex)
        ):
            raise StateError(
                "E052",
                "The stored grouping state is damaged (not a grouper's state).",
                "Build into a new output folder.",
            )
        for name in (
            "story_of",
            "redirect",
            "duplicate_of",
            "reuses",
            "closed_sketches",
            "_queued",
            "n_added",
            "published",
            "dedup",
            "index",
        ):
            setattr(self, name, state[name])
        self.reuses = [Reuse(*r) for r in self.reuses]
        # the queue keeps only ids whose sketches are still held (a saved state may list forgotten ones)
        self._queued = {a for a in self.closed_sketches if a in self.dedup.prints}
        saved = self.dedup.settings
        changed = [name for name in SKETCH_SETTINGS if getattr(saved, name) != getattr(self.settings, name)]
        if changed:
            raise StateError(
                "E053",
                "The stored grouping state was sketched with other settings ("
                + ", ".join(f"{name} {getattr(saved, name)} now {getattr(self.settings, name)}" for name in changed)
                + ").",
                "Use the stored values or rebuild the output folder.",
            )
        self.dedup.settings = self.settings  # other settings given now win (thresholds may change between runs)
        self.index.settings = self.settings
        if self.settings.sketch_days > 0:
            self._sketch_dates = [
                (dt.date.fromisoformat(self.published[a]).toordinal(), a)
                for a in self.dedup.prints
                if a in self.published
            ]
            heapq.heapify(self._sketch_dates)


_seq = attrgetter("seq")


@functools.lru_cache(maxsize=1 << 14)
def _iso_day(day: dt.date) -> str:
    """A day's ISO string, one object per day however many articles share it."""
    return day.isoformat()


#: settings that shape the stored sketches: a state saved under other values cannot be continued
SKETCH_SETTINGS = (
    "num_perm",
    "shingle_size",
    "sketch_max_words",
    "near_duplicate_candidate_threshold",
    "min_paragraph_chars",
    "paragraph_shingle_size",
    "paragraph_sketch_size",
)


@contextlib.contextmanager
def _collector_paused():
    """Python's cycle collector off while a batch is grouped, back on (if it was) afterwards.

    Why: grouping makes many small long-lived objects and almost no reference cycles, yet they
    trigger full collections that walk every object of the caller's annotated articles (one
    such pass over the T17 corpus took 0.35-0.4 s of a 6 s run; 0.5 s with the younger ones).
    Nothing is lost: collection resumes when the batch is done.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _order_key(item: AnnotatedArticle) -> tuple:
    published = item.article.stated_date  # articles dated by inference come after the dated ones, as undated ones do
    return (published is None, published or dt.date.min, item.article.id)


__all__ = ["StoryGrouper", "GroupUpdate"]
