"""The store between stages: articles, their annotations, stories and grouping state.

SQLite by default (one file, ``storyline.db``, in WAL mode so a process crash loses at most
the article being written; with ``synchronous=NORMAL`` a power loss may also lose the last
few commits, never corrupt the file).  The schema uses only TEXT, INTEGER and REAL columns
and standard SQL, so the same DDL runs on PostgreSQL: ``Store.open("postgresql://…")`` uses
psycopg when it is installed.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

from storyline.model import (
    COARSE_GRANULARITIES,
    AnnotatedArticle,
    Article,
    Claim,
    Mention,
    Quote,
    Sentence,
    Story,
    TimeExpr,
)

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS articles (
        id TEXT PRIMARY KEY,
        path TEXT, url TEXT, outlet TEXT, title TEXT,
        published TEXT, published_source TEXT NOT NULL, date_evidence TEXT,
        text TEXT NOT NULL,
        added_at TEXT NOT NULL,
        published_interval TEXT,
        fetched TEXT)""",
    """CREATE TABLE IF NOT EXISTS annotations (
        article_id TEXT PRIMARY KEY REFERENCES articles(id),
        version TEXT NOT NULL,
        data TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS stories (
        id TEXT PRIMARY KEY,
        title TEXT, first_published TEXT, last_published TEXT,
        size INTEGER NOT NULL, merged_ids TEXT NOT NULL, updated_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS story_articles (
        story_id TEXT NOT NULL, article_id TEXT NOT NULL,
        PRIMARY KEY (story_id, article_id))""",
    """CREATE TABLE IF NOT EXISTS state (
        name TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS articles_published ON articles (published)",
]

# ids per ``IN (...)`` list: SQLite allows 999 bound parameters in older builds, so stay well below
SQL_IN_CHUNK = 500

_PARTS = {"sentences": Sentence, "mentions": Mention, "timexes": TimeExpr, "quotes": Quote, "claims": Claim}


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


#: each part's field names, for writing and reading: the annotations are flat records, so each is written
#: field by field instead of through ``dataclasses.asdict``, whose deep copy took most of the annotating
#: process's own time
_FIELD_NAMES = {name: tuple(f.name for f in fields(cls)) for name, cls in _PARTS.items()}


def encode_annotations(annotated: AnnotatedArticle) -> str:
    return json.dumps(
        {
            name: [{field: getattr(x, field) for field in names} for x in getattr(annotated, name)]
            for name, names in _FIELD_NAMES.items()
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def decode_annotations(article: Article, data: str) -> AnnotatedArticle:
    parts = json.loads(data)
    annotated = AnnotatedArticle(article=article)
    for name, cls in _PARTS.items():
        known = _FIELD_NAMES[name]
        setattr(annotated, name, [cls(**{k: v for k, v in item.items() if k in known}) for item in parts.get(name, [])])
    return annotated


#: the article columns every query reads, in the order ``article_from_row`` takes them
ARTICLE_COLUMNS = (
    "id",
    "path",
    "url",
    "outlet",
    "title",
    "published",
    "published_source",
    "date_evidence",
    "text",
    "published_interval",
    "fetched",
)

#: columns added to ``articles`` after its first version, with their type: an older store gets them
#: (empty) when opened
ADDED_ARTICLE_COLUMNS = (("published_interval", "TEXT"), ("fetched", "TEXT"))


def _interval(article: Article) -> str | None:
    """An inferred date's interval as JSON (earliest, latest, granularity); None for a stated date."""
    if article.published_earliest is None or article.published_latest is None:
        return None
    return json.dumps(
        {
            "earliest": article.published_earliest.isoformat(),
            "latest": article.published_latest.isoformat(),
            "granularity": article.published_granularity,
        }
    )


def _article_row(article: Article) -> tuple[Any, ...]:
    return (
        article.id,
        article.path,
        article.url,
        article.outlet,
        article.title,
        article.published.isoformat() if article.published else None,
        article.published_source,
        article.date_evidence,
        article.text,
        _interval(article),
        article.fetched.isoformat() if article.fetched else None,
        _now(),
    )


def article_from_row(row: tuple[Any, ...]) -> Article:
    """An article from a row of ``ARTICLE_COLUMNS``."""
    (id_, path, url, outlet, title, published, source, evidence, text, interval, fetched) = row
    article = Article(
        id=id_,
        path=path,
        url=url,
        outlet=outlet,
        title=title,
        published=dt.date.fromisoformat(published) if published else None,
        published_source=source,
        date_evidence=evidence,
        text=text,
        fetched=dt.date.fromisoformat(fetched) if fetched else None,
    )
    if interval:
        bounds = json.loads(interval)
        article.published_earliest = dt.date.fromisoformat(bounds["earliest"])
        article.published_latest = dt.date.fromisoformat(bounds["latest"])
        article.published_granularity = bounds["granularity"]
    return article


def _chunks(ids: Iterable[str]) -> Iterator[list[str]]:
    """Ids in lists of at most SQL_IN_CHUNK, one ``IN (...)`` query each."""
    wanted = list(ids)
    for start in range(0, len(wanted), SQL_IN_CHUNK):
        yield wanted[start : start + SQL_IN_CHUNK]


def _marks(part: list[str]) -> str:
    return ", ".join("?" for _ in part)


class Store:
    """Articles, annotations, stories and state, behind a handful of methods."""

    def __init__(self, connection: Any, placeholder: str = "?"):
        self._db = connection
        self._ph = placeholder
        for statement in SCHEMA:
            self._db.execute(statement)
        self._add_missing_columns()
        self._db.commit()

    def _add_missing_columns(self) -> None:
        """A store written before a column of ``ADDED_ARTICLE_COLUMNS`` existed gets it, empty: no date
        was inferred for its articles yet, and no crawl date was kept."""
        for column, kind in ADDED_ARTICLE_COLUMNS:
            try:
                self._db.execute(f"SELECT {column} FROM articles LIMIT 1").fetchall()
            except Exception:  # noqa: BLE001 - sqlite3 and psycopg name the missing column differently
                self._db.rollback()
                self._db.execute(f"ALTER TABLE articles ADD COLUMN {column} {kind}")

    @classmethod
    def open(cls, target: str | Path) -> Store:
        """Open (creating if needed) a SQLite file, or a PostgreSQL database by URL."""
        target = str(target)
        if target.startswith(("postgresql://", "postgres://")):
            import psycopg  # optional: pip install psycopg[binary]

            return cls(psycopg.connect(target), placeholder="%s")
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        return cls(connection)

    def close(self) -> None:
        self._db.close()

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._ph) if self._ph != "?" else statement

    def _run(self, statement: str, params: Iterable[Any] = ()) -> Any:
        cursor = self._db.cursor()
        cursor.execute(self._sql(statement), tuple(params))
        return cursor

    # articles and annotations ---------------------------------------------------------

    def annotated_ids(self, version: str) -> set[str]:
        rows = self._run("SELECT article_id FROM annotations WHERE version = ?", (version,)).fetchall()
        return {r[0] for r in rows}

    def stored_ids(self) -> set[str]:
        """Every stored article's id, annotated by any version."""
        return {r[0] for r in self._run("SELECT article_id FROM annotations").fetchall()}

    def published_of(self, ids: Iterable[str]) -> dict[str, tuple[str | None, str]]:
        """Article id → (published, published_source), without reading texts or annotations."""
        found: dict[str, tuple[str | None, str]] = {}
        for part in _chunks(ids):
            rows = self._run(f"SELECT id, published, published_source FROM articles WHERE id IN ({_marks(part)})", part)
            found.update({row[0]: (row[1], row[2]) for row in rows.fetchall()})
        return found

    def newest_dated_ids(self, limit: int) -> list[str]:
        """The ids of the ``limit`` stored articles with the latest stated publication dates (not inferred ones)."""
        rows = self._run(
            "SELECT id FROM articles WHERE published IS NOT NULL AND published_source NOT IN ('inferred', 'missing') "
            "ORDER BY published DESC, id LIMIT ?",
            (limit,),
        )
        return [row[0] for row in rows.fetchall()]

    def undated_ids(self, limit: int) -> list[str]:
        """The ids of the ``limit`` stored articles added last that no date reaches (neither stated nor inferred)."""
        rows = self._run(
            "SELECT id FROM articles WHERE published_source = 'missing' ORDER BY added_at DESC, id LIMIT ?", (limit,)
        )
        return [row[0] for row in rows.fetchall()]

    def coarsely_dated_ids(self, limit: int) -> list[str]:
        """Of the ``limit`` stored articles with an inferred date added last, the ids of those whose date reaches only
        the month or the year (a later build's dated articles may narrow it)."""
        rows = self._run(
            "SELECT id, published_interval FROM articles WHERE published_source = 'inferred' "
            "ORDER BY added_at DESC, id LIMIT ?",
            (limit,),
        )
        return [
            article_id
            for article_id, interval in rows.fetchall()
            if interval and json.loads(interval).get("granularity") in COARSE_GRANULARITIES
        ]

    def load_articles(self, ids: Iterable[str]) -> list[Article]:
        """Stored articles without their annotations, in id order (to annotate them again)."""
        rows = []
        for part in _chunks(sorted(set(ids))):
            rows += self._run(
                f"SELECT {', '.join(ARTICLE_COLUMNS)} FROM articles WHERE id IN ({_marks(part)}) ORDER BY id", part
            ).fetchall()
        return [article_from_row(row) for row in rows]

    def save_annotated(self, annotated: AnnotatedArticle, version: str) -> None:
        """Save an article and its annotations in one transaction."""
        article = annotated.article
        self._run("DELETE FROM annotations WHERE article_id = ?", (article.id,))
        self._run("DELETE FROM articles WHERE id = ?", (article.id,))
        self._run(
            f"INSERT INTO articles ({', '.join(ARTICLE_COLUMNS)}, added_at) "
            f"VALUES ({', '.join('?' * (len(ARTICLE_COLUMNS) + 1))})",
            _article_row(article),
        )
        self._run(
            "INSERT INTO annotations (article_id, version, data) VALUES (?, ?, ?)",
            (article.id, version, encode_annotations(annotated)),
        )
        self._db.commit()

    def load_annotated(self, ids: Iterable[str] | None = None) -> list[AnnotatedArticle]:
        """Stored articles with their annotations (whatever their version): all of them by
        publication date, or those of ``ids`` in id order, so what is composed from them does
        not hang on the database's row order."""
        columns = ", ".join(f"a.{name}" for name in ARTICLE_COLUMNS)
        query = f"SELECT {columns}, n.data FROM articles a JOIN annotations n ON n.article_id = a.id"
        if ids is None:
            rows = self._run(query + " ORDER BY a.published, a.id").fetchall()
        else:
            rows = []
            for part in _chunks(sorted(set(ids))):  # sorted chunks, each sorted: id order overall
                rows += self._run(query + f" WHERE a.id IN ({_marks(part)}) ORDER BY a.id", part).fetchall()
        width = len(ARTICLE_COLUMNS)
        return [decode_annotations(article_from_row(row[:width]), row[width]) for row in rows]

    # stories ---------------------------------------------------------------------------

    def save_story(self, story: Story, title: str, first: str | None, last: str | None) -> None:
        self._run("DELETE FROM stories WHERE id = ?", (story.id,))
        self._run("DELETE FROM story_articles WHERE story_id = ?", (story.id,))
        self._run(
            "INSERT INTO stories (id, title, first_published, last_published, size, merged_ids, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (story.id, title, first, last, len(story.article_ids), json.dumps(story.merged_ids), _now()),
        )
        for article_id in story.article_ids:
            self._run("INSERT INTO story_articles (story_id, article_id) VALUES (?, ?)", (story.id, article_id))
        self._db.commit()

    def drop_story(self, story_id: str) -> None:
        self._run("DELETE FROM stories WHERE id = ?", (story_id,))
        self._run("DELETE FROM story_articles WHERE story_id = ?", (story_id,))
        self._db.commit()

    def story_members(self) -> dict[str, set[str]]:
        """Stored story id → the article ids it was last rendered with."""
        members: dict[str, set[str]] = {}
        for story_id, article_id in self._run("SELECT story_id, article_id FROM story_articles").fetchall():
            members.setdefault(story_id, set()).add(article_id)
        return members

    def inferred_counts(self) -> dict[str, int]:
        """Story id → how many of its articles are dated by inference."""
        rows = self._run(
            "SELECT s.story_id, COUNT(*) FROM story_articles s JOIN articles a ON a.id = s.article_id "
            "WHERE a.published_source = 'inferred' GROUP BY s.story_id"
        ).fetchall()
        return {row[0]: int(row[1]) for row in rows}

    def stories(self) -> list[dict[str, Any]]:
        rows = self._run(
            "SELECT id, title, first_published, last_published, size, merged_ids, updated_at "
            "FROM stories ORDER BY size DESC, first_published, id"
        ).fetchall()
        keys = ("id", "title", "first_published", "last_published", "size", "merged_ids", "updated_at")
        result = [dict(zip(keys, row, strict=False)) for row in rows]
        for item in result:
            item["merged_ids"] = json.loads(item["merged_ids"])
        return result

    # state ----------------------------------------------------------------------------

    def get_state(self, name: str) -> bytes | None:
        row = self._run("SELECT data FROM state WHERE name = ?", (name,)).fetchone()
        return base64.b64decode(row[0]) if row else None

    def put_state(self, name: str, data: bytes) -> None:
        self._run("DELETE FROM state WHERE name = ?", (name,))
        self._run(
            "INSERT INTO state (name, data, updated_at) VALUES (?, ?, ?)",
            (name, base64.b64encode(data).decode("ascii"), _now()),
        )
        self._db.commit()
