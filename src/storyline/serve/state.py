"""``OUT/serve.db``: what the service keeps beside the store.

* ``passages``: an SQLite FTS5 index of every stored article's sentences (timeline entries,
  quotes and figures are article sentences, so they are found too), with their character offsets
  (when the store is PostgreSQL, the index is PostgreSQL's text search in the store's database
  instead: ``pgsearch.py``);
* ``changes``: one row per story a build created or updated, the source of the event stream
  and of "what's new since";
* ``feeds`` and ``seen_files``: what the watchers fetched and saw, so a restart neither
  refetches unchanged feeds nor resubmits old files;
* ``watches``: the folders and feeds added over HTTP (``/api/watches``), which the worker's
  watcher reads again every round (``--watch`` sources are watched besides, for as long as the
  command runs).

It is a separate file so the store's schema stays the pipeline's own; everything in it can be
rebuilt from the store (``catch_up`` indexes whatever is not indexed yet).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from storyline.config import ServeSettings
from storyline.serve.pgsearch import PostgresPassages
from storyline.store import Store

SERVE_DB = "serve.db"

SCHEMA = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS passages USING fts5("
    "text, article_id UNINDEXED, char_start UNINDEXED, char_end UNINDEXED, tokenize='unicode61 remove_diacritics 2')",
    "CREATE TABLE IF NOT EXISTS indexed (article_id TEXT PRIMARY KEY)",
    """CREATE TABLE IF NOT EXISTS changes (
        id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, story_id TEXT NOT NULL, title TEXT,
        created INTEGER NOT NULL, new_articles INTEGER NOT NULL, article_ids TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS feeds (
        url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, failures INTEGER NOT NULL DEFAULT 0,
        next_at REAL NOT NULL DEFAULT 0, last_status TEXT)""",
    "CREATE TABLE IF NOT EXISTS seen_files (path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS watches (source TEXT PRIMARY KEY, kind TEXT NOT NULL, added_at TEXT NOT NULL)",
]


def now_iso() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


def fts_query(words: str) -> str:
    """User words as an FTS5 query: every word must occur (each quoted, so no FTS syntax runs)."""
    terms = [w.replace('"', '""') for w in words.split()]
    return " ".join(f'"{t}"' for t in terms if t)


def is_postgres(store_url: str | None) -> bool:
    return bool(store_url) and str(store_url).startswith(("postgresql://", "postgres://"))


class ServeState:
    """One connection to serve.db (and to PostgreSQL's search index for a PostgreSQL store); open one per thread."""

    def __init__(self, out: Path, store_url: str | None = None):
        self.pg = PostgresPassages(str(store_url)) if is_postgres(store_url) else None
        self.path = out / SERVE_DB
        out.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        for statement in SCHEMA:
            self.db.execute(statement)
        self.db.commit()

    def close(self) -> None:
        self.db.close()
        if self.pg is not None:
            self.pg.close()

    # search index --------------------------------------------------------------------

    def indexed_ids(self) -> set[str]:
        if self.pg is not None:
            return self.pg.indexed_ids()
        return {r[0] for r in self.db.execute("SELECT article_id FROM indexed")}

    def index_articles(self, store: Store, ids: Iterable[str]) -> int:
        """Index the sentences of stored articles not indexed yet; returns how many were indexed.

        Each batch is looked up and written under the database's write lock, so two processes
        indexing at once (the web server and the worker, both catching up at start) never index
        one article twice.
        """
        if self.pg is not None:
            return self.pg.index_articles(store, ids)
        wanted = sorted(set(ids) - self.indexed_ids())
        count = 0
        for start in range(0, len(wanted), 200):
            batch = store.load_annotated(wanted[start : start + 200])
            self.db.execute("BEGIN IMMEDIATE")
            try:
                done = self.indexed_ids()
                for annotated in batch:
                    article_id = annotated.article.id
                    if article_id in done:
                        continue
                    self.db.executemany(
                        "INSERT INTO passages (text, article_id, char_start, char_end) VALUES (?, ?, ?, ?)",
                        [(s.text, article_id, s.start, s.end) for s in annotated.sentences],
                    )
                    self.db.execute("INSERT INTO indexed (article_id) VALUES (?)", (article_id,))
                    count += 1
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return count

    def index_version(self) -> int:
        """Grows whenever an article is indexed (a key for cached search answers)."""
        if self.pg is not None:
            return self.pg.index_version()
        return int(self.db.execute("SELECT COALESCE(MAX(rowid), 0) FROM indexed").fetchone()[0])

    def catch_up(self, store: Store) -> int:
        """Index every stored article the index does not hold (a folder built by ``storyline build``)."""
        return self.index_articles(store, store.stored_ids())

    def search(self, words: str, limit: int, window: int = ServeSettings.search_rank_window) -> list[dict[str, Any]]:
        """The best ``limit`` sentences holding every word (FTS5's bm25), among the newest ``window``
        sentences that hold them (all of them when fewer match)."""
        if self.pg is not None:
            return self.pg.search(words, limit, window)
        query = fts_query(words)
        if not query:
            return []
        oldest = self.db.execute(
            "SELECT rowid FROM passages WHERE passages MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
            (query, max(window, 1) - 1),
        ).fetchone()
        rows = self.db.execute(
            "SELECT article_id, text, char_start, char_end FROM passages WHERE passages MATCH ? AND rowid >= ? "
            "ORDER BY rank LIMIT ?",
            (query, oldest[0] if oldest else 0, limit),
        ).fetchall()
        return [{"article_id": r[0], "text": r[1], "char_start": int(r[2]), "char_end": int(r[3])} for r in rows]

    # change log ------------------------------------------------------------------------

    def log_change(self, story_id: str, title: str, created: bool, article_ids: list[str]) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO changes (at, story_id, title, created, new_articles, article_ids) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (now_iso(), story_id, title, int(created), len(article_ids), json.dumps(article_ids)),
            )

    def last_change_id(self) -> int:
        return int(self.db.execute("SELECT COALESCE(MAX(id), 0) FROM changes").fetchone()[0])

    def changes_after(
        self, change_id: int = 0, since: str | None = None, story_id: str | None = None, limit: int = 500
    ) -> list[dict[str, Any]]:
        sql = "SELECT id, at, story_id, title, created, new_articles, article_ids FROM changes WHERE id > ?"
        params: list[Any] = [change_id]
        if since:
            sql += " AND at > ?"
            params.append(since)
        if story_id:
            sql += " AND story_id = ?"
            params.append(story_id)
        rows = self.db.execute(sql + " ORDER BY id LIMIT ?", (*params, limit)).fetchall()
        return [
            {
                "id": r[0],
                "at": r[1],
                "story_id": r[2],
                "title": r[3],
                "created": bool(r[4]),
                "new_articles": r[5],
                "article_ids": json.loads(r[6]),
            }
            for r in rows
        ]

    # watcher state ---------------------------------------------------------------------

    def feed(self, url: str) -> dict[str, Any]:
        row = self.db.execute(
            "SELECT etag, last_modified, failures, next_at, last_status FROM feeds WHERE url = ?", (url,)
        ).fetchone()
        if not row:
            return {"etag": None, "last_modified": None, "failures": 0, "next_at": 0.0, "last_status": None}
        return dict(zip(("etag", "last_modified", "failures", "next_at", "last_status"), row, strict=True))

    def save_feed(
        self, url: str, etag: str | None, last_modified: str | None, failures: int, next_at: float, last_status: str
    ) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO feeds (url, etag, last_modified, failures, next_at, last_status) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (url, etag, last_modified, failures, next_at, last_status),
            )

    def seen(self, path: str) -> tuple[int, int] | None:
        row = self.db.execute("SELECT mtime_ns, size FROM seen_files WHERE path = ?", (path,)).fetchone()
        return (row[0], row[1]) if row else None

    def mark_seen(self, path: str, mtime_ns: int, size: int) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO seen_files (path, mtime_ns, size) VALUES (?, ?, ?)", (path, mtime_ns, size)
            )

    def watches(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT source, kind, added_at FROM watches ORDER BY added_at, source").fetchall()
        return [{"source": r[0], "kind": r[1], "added_at": r[2]} for r in rows]

    def add_watch(self, source: str, kind: str) -> bool:
        """Watch ``source`` (a folder or a feed URL); False when it was watched already."""
        with self.db:
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO watches (source, kind, added_at) VALUES (?, ?, ?)", (source, kind, now_iso())
            )
        return cursor.rowcount == 1

    def remove_watch(self, source: str) -> bool:
        with self.db:
            cursor = self.db.execute("DELETE FROM watches WHERE source = ?", (source,))
        return cursor.rowcount == 1
