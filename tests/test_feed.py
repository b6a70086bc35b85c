"""The grouping stream of a cluster build: chunks of the publication order are grouped as they arrive,
and the stories are those of one ``add`` of every article."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from storyline import group
from storyline.config import GroupSettings
from storyline.group import StoryGrouper
from storyline.model import AnnotatedArticle, Article
from storyline.scale.feed import GroupingStream, OrderedFeed
from storyline.timing import StageTimes

TOPICS = {
    "bridge": "The council of Maplebrook closed the iron bridge over the Tarn after inspectors found cracked "
    "girders; commuters now take the ferry while engineers survey the supports.",
    "orchard": "A late frost destroyed the apple blossom in the orchards of Kellerton; growers expect the harvest "
    "to halve and ask the ministry for emergency loans.",
    "strike": "Dock workers in Port Elwin walked out over night shifts; the harbour authority says ships wait "
    "offshore and the union calls for talks on pay.",
}


def _article(aid: str, topic: str, day: dt.date | None, detail: str) -> AnnotatedArticle:
    text = f"{TOPICS[topic]} {detail}"
    return AnnotatedArticle(
        article=Article(id=aid, text=text, published=day, published_source="metadata" if day else "missing")
    )


def _articles() -> list[AnnotatedArticle]:
    out = []
    for n in range(14):
        topic = list(TOPICS)[n % 3]
        day = dt.date(2024, 1 + n % 5, 1 + (7 * n) % 27) if n not in (4, 11) else None
        out.append(_article(f"a{n:02d}", topic, day, f"Note {n}."))
    return out


def _expected(items):
    return [(i.article.id, i.article.stated_date) for i in items]


def test_feed_hands_out_whole_chunks_in_order_once_every_earlier_article_is_in(monkeypatch):
    monkeypatch.setattr(group, "CHUNK", 2)
    items = {i.article.id: i for i in _articles()}
    feed = OrderedFeed(_expected(items.values()))
    order = sorted(
        (i for i in items.values() if i.article.stated_date), key=lambda i: (i.article.stated_date, i.article.id)
    )
    feed.arrive(order[1])
    feed.arrive(order[2])
    assert feed.ready() == []  # the first article is still out
    feed.fail(order[0].article.id)
    assert feed.ready() == [[order[1], order[2]]]  # a failed one holds nothing up and takes no place
    feed.arrive(order[4])
    feed.arrive(items["a04"])  # undated: grouped at the end
    assert feed.ready() == []
    rest = feed.rest()
    assert rest == [order[4], items["a04"]]


def test_an_article_with_another_date_than_expected_stops_the_early_feed(monkeypatch):
    monkeypatch.setattr(group, "CHUNK", 1)
    first, second = _articles()[:2]
    feed = OrderedFeed(_expected([first, second]))
    moved = AnnotatedArticle(
        article=Article(
            id=first.article.id, text=first.article.text, published=dt.date(1999, 1, 1), published_source="metadata"
        )
    )
    feed.arrive(moved)
    feed.arrive(second)
    assert feed.broken and feed.ready() == []
    assert {i.article.id for i in feed.rest()} == {first.article.id, second.article.id}


@pytest.mark.parametrize("chunk", [1, 3, 5])
def test_stream_fed_in_any_arrival_order_groups_as_one_add(monkeypatch, chunk):
    monkeypatch.setattr(group, "CHUNK", chunk)
    articles = _articles()
    one = StoryGrouper(GroupSettings())
    one.add(articles)
    stream = GroupingStream(StoryGrouper(GroupSettings()), [], StageTimes())
    stream.expect((i.article.id, i.article.stated_date, True) for i in articles)
    arrival = list(articles)
    random.Random(chunk).shuffle(arrival)
    for item in arrival:
        stream.arrive(item)
        stream.step()
    assert len(stream.updates) > 1  # chunks were grouped before the end
    update = stream.finish(articles)
    assert stream.grouper.grouping() == one.grouping()
    assert set(update.created) == {s.id for s in one.grouping().stories}
    assert len(one.grouping().stories) >= 3 and one.grouping().duplicate_of  # stories and copies to get wrong
