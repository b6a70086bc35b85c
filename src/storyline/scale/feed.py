"""Feeding the grouping stream from partitions as they complete, in publication order.

The grouper takes a batch in publication order and counts each ``group.CHUNK`` of it in the IDF
before clustering it, so a build groups the same way whether its articles come in one batch or in
several, as long as each batch but the last is a whole number of chunks of the same order.  The
cluster build knows that order before annotating (a first pass over the partitions reads only the
articles' ids and dates), so ``OrderedFeed`` can hand the grouper each chunk as soon as its
articles are annotated, while later partitions are still running.  Articles without a stated date
are dated from the others at the end (``dating.date_undated``) and grouped after every dated one,
as a one-process build groups them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from storyline import group as group_stage
from storyline.group import GroupUpdate, StoryGrouper
from storyline.model import AnnotatedArticle
from storyline.timing import StageTimes

OrderKey = tuple[bool, dt.date, str]


def order_key(article_id: str, stated: dt.date | None) -> OrderKey:
    """The grouper's order (``group._order_key``): stated dates first, by date then id; the rest by id."""
    return (stated is None, stated or dt.date.min, article_id)


class OrderedFeed:
    """Holds annotated articles until the next whole chunk of the expected order has arrived.

    ``expected``: (id, stated date or None) of every article this build may group.  ``arrive`` takes
    an annotated article, ``fail`` an expected one that will not come (it failed, or was not new);
    ``ready`` returns the chunks now complete, in order, each of ``group.CHUNK`` articles.  An article that
    arrives with another date than expected, or unexpected (a file changed between the two passes),
    stops the early feed: everything not handed out yet then waits for ``rest``.
    """

    def __init__(self, expected: Iterable[tuple[str, dt.date | None]]):
        dated = sorted(order_key(i, d) for i, d in expected if d is not None)
        self._order = [key[2] for key in dated]
        self._key = {key[2]: key for key in dated}
        self._scanned = 0  # articles of ``_order`` moved to ``_buffer`` (or dropped, failed)
        self._arrived: dict[str, AnnotatedArticle | None] = {}  # None: failed
        self._buffer: list[AnnotatedArticle] = []  # in order, not handed out yet
        self._others: list[AnnotatedArticle] = []  # undated or unexpected: grouped at the end
        self.broken = False

    def arrive(self, item: AnnotatedArticle) -> None:
        article = item.article
        key = self._key.get(article.id)
        if key is not None and key == order_key(article.id, article.stated_date):
            self._arrived[article.id] = item
            return
        if key is not None or article.stated_date is not None:
            self.broken = True  # its place in the order is not the expected one
        if key is not None:
            self._arrived[article.id] = None
        self._others.append(item)

    def fail(self, article_id: str) -> None:
        if article_id in self._key:
            self._arrived[article_id] = None

    def ready(self) -> list[list[AnnotatedArticle]]:
        """Whole chunks of the order whose articles, and all before them, have arrived or failed."""
        order, arrived = self._order, self._arrived
        while self._scanned < len(order) and order[self._scanned] in arrived:
            item = arrived.pop(order[self._scanned])
            if item is not None:
                self._buffer.append(item)
            self._scanned += 1
        chunks: list[list[AnnotatedArticle]] = []
        while not self.broken and len(self._buffer) >= group_stage.CHUNK:
            chunks.append(self._buffer[: group_stage.CHUNK])
            del self._buffer[: group_stage.CHUNK]
        return chunks

    def rest(self) -> list[AnnotatedArticle]:
        """Everything not handed out yet: the dated articles left, then the others."""
        left = [self._arrived.pop(i, None) for i in self._order[self._scanned :]]
        self._scanned = len(self._order)
        out = self._buffer + [item for item in left if item is not None] + self._others
        self._buffer, self._others = [], []
        return out


class GroupingStream:
    """The client's grouping stream in a cluster build: chunks are grouped while partitions still run.

    ``expect`` takes the first pass's (id, stated date, needs annotation) of every input article, in
    input order; ``arrive``/``fail`` take each partition's outcome, then ``step`` groups what is
    ready; ``finish`` groups the rest (with the dates inferred for undated articles) and returns
    what changed, as one ``grouper.add`` of everything would.  ``stranded``: articles stored by an
    earlier build that stopped before grouping them.
    """

    def __init__(self, grouper: StoryGrouper, stranded: list[AnnotatedArticle], times: StageTimes):
        self.grouper = grouper
        self.stranded = {item.article.id: item for item in stranded}
        self.times = times
        self.feed = OrderedFeed(())
        self.updates: list[GroupUpdate] = []
        self._fresh: set[str] = set()

    def expect(self, read: Iterable[tuple[str, dt.date | None, bool]]) -> None:
        expected: dict[str, dt.date | None] = {}
        seen: set[str] = set()
        for article_id, stated, needs in read:
            if article_id in seen:  # a later copy of an article is not read, as ingest does
                continue
            seen.add(article_id)
            if needs:
                self._fresh.add(article_id)
                if article_id not in self.grouper.story_of:
                    expected[article_id] = stated
        for article_id, item in self.stranded.items():
            if article_id not in self._fresh:
                expected[article_id] = item.article.stated_date
        self.feed = OrderedFeed(expected.items())
        for article_id, item in self.stranded.items():
            if article_id not in self._fresh:
                self.feed.arrive(item)
        self.step()

    def arrive(self, item: AnnotatedArticle) -> None:
        if item.article.id not in self.grouper.story_of:  # grouped before: the grouper keeps its place
            self.feed.arrive(item)

    def fail(self, article_id: str) -> None:
        """An article that could not be annotated: a stored copy an earlier build left ungrouped takes its place."""
        if article_id in self.stranded:
            self.feed.arrive(self.stranded[article_id])
        else:
            self.feed.fail(article_id)

    def step(self) -> None:
        for chunk in self.feed.ready():
            with self.times.stage("group"):
                self.updates.append(self.grouper.add(chunk))

    def finish(self, dated: list[AnnotatedArticle]) -> GroupUpdate:
        """Group everything left, each article in its ``dated`` version when it has one; all updates as one."""
        newer = {item.article.id: item for item in dated}
        rest = [newer.get(item.article.id, item) for item in self.feed.rest()]
        with self.times.stage("group"):
            self.updates.append(self.grouper.add(rest))
        stories = self.grouper.index.stories
        merged: dict[str, str] = {}
        for update in self.updates:
            merged.update(update.merged)
        for old, new in merged.items():
            while new in merged:  # the survivor of one chunk's merge may merge again in a later chunk
                new = merged[new]
            merged[old] = new
        created = [sid for update in self.updates for sid in update.created]
        touched = {sid for update in self.updates for sid in update.touched}
        return GroupUpdate(
            created=[sid for sid in dict.fromkeys(created) if sid in stories],
            touched=sorted(sid for sid in touched - set(created) if sid in stories),
            merged={old: new for old, new in merged.items() if old not in created},
        )
