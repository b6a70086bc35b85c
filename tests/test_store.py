"""The store keeps articles, annotations, stories and state, on SQLite and on PostgreSQL.

The PostgreSQL case starts a throwaway server (Debian's postgresql package) on a Unix socket
in a temporary folder; it is skipped with a message when the server binaries are absent,
except in CI, which installs them.
"""

from __future__ import annotations

import datetime as dt
import os
import time

import pytest

from storyline.model import AnnotatedArticle, Article, Claim, Quote, Sentence, Story, TimeExpr
from storyline.store import Store

from postgres_server import server_binaries, throwaway_postgres


def _sample() -> AnnotatedArticle:
    text = "The ferry stopped on Monday. “We will fight this,” Ana Ruiz said."
    article = Article(
        id="a1",
        text=text,
        title="Ferry stops",
        published=dt.date(2025, 3, 4),
        published_source="header",
        path="x/a1.txt",
        outlet="Gazette",
        fetched=dt.date(2025, 3, 6),
    )
    return AnnotatedArticle(
        article=article,
        sentences=[Sentence(0, 28, text[0:28], 0), Sentence(29, len(text), text[29:], 0)],
        timexes=[TimeExpr(21, 27, "Monday", "DATE", "2025-03-03", 0, resolved=True, anchor="dct")],
        quotes=[Quote(29, 50, text[29:50], 1, speaker_name="Ana Ruiz", speaker_start=51, speaker_end=59)],
        claims=[Claim(0, 3, "The", 1.0, None, "ferry", 0)],
    )


def _roundtrip(store: Store) -> None:
    sample = _sample()
    store.save_annotated(sample, "v1")
    store.save_annotated(sample, "v1")  # saving again replaces, never duplicates
    assert store.annotated_ids("v1") == {"a1"}
    assert store.annotated_ids("v2") == set()
    (loaded,) = store.load_annotated(["a1"])
    assert loaded == sample
    store.save_story(Story("s-1", ["a1"], merged_ids=["s-0"]), "Ferry stops", "2025-03-04", "2025-03-04")
    (story,) = store.stories()
    assert story["id"] == "s-1" and story["size"] == 1 and story["merged_ids"] == ["s-0"]
    store.put_state("grouper", b"\x00\x01state")
    store.put_state("grouper", b"\x00\x02state")
    assert store.get_state("grouper") == b"\x00\x02state"
    assert store.get_state("missing") is None
    store.drop_story("s-1")
    assert store.stories() == []
    for article_id, day, source, granularity in (
        ("a0", "2025-03-01", "url", None),
        ("a2", "2025-03-09", "inferred", "month"),
        ("a3", None, "missing", None),
    ):
        published = dt.date.fromisoformat(day) if day else None
        article = Article(id=article_id, text="x", published=published, published_source=source)
        if granularity and published:
            article.published_earliest = published - dt.timedelta(days=14)
            article.published_latest = published + dt.timedelta(days=14)
        article.published_granularity = granularity
        store.save_annotated(AnnotatedArticle(article), "v1")
    assert store.newest_dated_ids(5) == ["a1", "a0"]  # stated dates only, the latest first
    assert store.newest_dated_ids(1) == ["a1"]
    assert store.undated_ids(5) == ["a3"]  # neither stated nor inferred
    assert store.coarsely_dated_ids(5) == ["a2"]  # inferred to the month


def test_sqlite_roundtrip(tmp_path):
    store = Store.open(tmp_path / "storyline.db")
    _roundtrip(store)
    store.close()
    reopened = Store.open(tmp_path / "storyline.db")
    assert reopened.annotated_ids("v1") == {"a0", "a1", "a2", "a3"}  # survives closing and reopening
    reopened.close()


def test_store_of_the_first_schema_gets_the_later_columns(tmp_path):
    import sqlite3

    path = tmp_path / "storyline.db"
    old = sqlite3.connect(path)  # the articles table as the first version wrote it
    old.execute("""CREATE TABLE articles (id TEXT PRIMARY KEY, path TEXT, url TEXT, outlet TEXT, title TEXT,
        published TEXT, published_source TEXT NOT NULL, date_evidence TEXT, text TEXT NOT NULL,
        added_at TEXT NOT NULL)""")
    old.execute("INSERT INTO articles VALUES ('old', NULL, NULL, NULL, NULL, NULL, 'missing', NULL, 'Old text.', 'x')")
    old.commit()
    old.close()
    store = Store.open(path)
    (kept,) = store.load_articles(["old"])
    assert kept.fetched is None and kept.published_earliest is None  # nothing was kept before the columns
    crawled = AnnotatedArticle(article=Article(id="crawled", text="Fetched text.", fetched=dt.date(2024, 5, 2)))
    store.save_annotated(crawled, "v1")
    store.close()
    (reloaded,) = Store.open(path).load_annotated(["crawled"])
    assert reloaded.article.fetched == dt.date(2024, 5, 2) and reloaded.article.published is None


@pytest.fixture()
def postgres_url():
    bin_dir = server_binaries()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's postgresql package (see .ci/run)")
        pytest.skip("PostgreSQL server binaries not installed (apt-get install postgresql)")
    pytest.importorskip("psycopg", reason="pip install 'psycopg[binary]' to test the PostgreSQL store")
    with throwaway_postgres(bin_dir) as url:
        yield url


def test_postgresql_roundtrip_with_the_same_schema(postgres_url):
    for _ in range(20):  # the socket can lag the start by a moment
        try:
            store = Store.open(postgres_url)
            break
        except Exception:  # noqa: BLE001 - psycopg.OperationalError, imported lazily
            time.sleep(0.25)
    else:
        pytest.fail("PostgreSQL did not accept connections")
    _roundtrip(store)
    store.close()
