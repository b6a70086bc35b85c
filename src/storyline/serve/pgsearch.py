"""Article sentences searched with PostgreSQL's own text search, when the store is PostgreSQL.

The sentences sit in the store's database beside the articles (``search_passages``), each with a
``tsvector`` PostgreSQL computes from its text (a generated column, so it never disagrees with the
text) under a GIN index; a search is ``plainto_tsquery``, which reads the user's words as words
(every one must occur, no query syntax), ranked by ``ts_rank``.  The ``simple`` configuration
(lower-cased words, no stemming, no stop words) finds what SQLite's FTS5 index finds for the
SQLite store.  Several processes may index at once: an article is claimed in ``search_indexed``
first (``ON CONFLICT DO NOTHING``), so its sentences are written once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from storyline.config import ServeSettings
from storyline.store import Store

#: the text search configuration: words as written, lower-cased (as the SQLite index reads them)
CONFIG = "simple"

SCHEMA = [
    f"""CREATE TABLE IF NOT EXISTS search_passages (
        id BIGSERIAL PRIMARY KEY,
        article_id TEXT NOT NULL,
        char_start INTEGER NOT NULL,
        char_end INTEGER NOT NULL,
        text TEXT NOT NULL,
        words tsvector GENERATED ALWAYS AS (to_tsvector('{CONFIG}', text)) STORED)""",
    "CREATE INDEX IF NOT EXISTS search_passages_words ON search_passages USING GIN (words)",
    "CREATE TABLE IF NOT EXISTS search_indexed (article_id TEXT PRIMARY KEY)",
]

#: the best sentences by ts_rank among the newest ``window`` that match (ranking every match of a
#: frequent word would cost more than the rest of the search).  The matches are found by the GIN index
#: and only their ids sorted (``id + 0``: never a walk down the primary key testing every row), then the
#: newest are ranked.
SEARCH = f"""
    WITH query AS (SELECT plainto_tsquery('{CONFIG}', %s) AS words),
    newest AS (
        SELECT id FROM search_passages, query WHERE search_passages.words @@ query.words
        ORDER BY id + 0 DESC LIMIT %s)
    SELECT passage.article_id, passage.text, passage.char_start, passage.char_end
    FROM newest JOIN search_passages AS passage USING (id), query
    ORDER BY ts_rank(passage.words, query.words) DESC, passage.id
    LIMIT %s"""


class PostgresPassages:
    """The search index in PostgreSQL: the same methods as the SQLite index in ``ServeState``."""

    def __init__(self, url: str):
        import psycopg  # optional: pip install psycopg[binary]

        self.db: Any = psycopg.connect(url, autocommit=True)
        with self.db.transaction():
            # two processes creating the tables at once would collide on PostgreSQL's catalogue
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('storyline search_passages'))")
            for statement in SCHEMA:
                self.db.execute(statement)

    def close(self) -> None:
        self.db.close()

    def indexed_ids(self) -> set[str]:
        return {row[0] for row in self.db.execute("SELECT article_id FROM search_indexed")}

    def index_articles(self, store: Store, ids: Iterable[str]) -> int:
        """Index the sentences of stored articles not indexed yet; returns how many were indexed."""
        wanted = sorted(set(ids) - self.indexed_ids())
        count = 0
        for start in range(0, len(wanted), 200):
            batch = store.load_annotated(wanted[start : start + 200])
            with self.db.transaction(), self.db.cursor() as cursor:
                for annotated in batch:
                    article_id = annotated.article.id
                    cursor.execute(
                        "INSERT INTO search_indexed (article_id) VALUES (%s) ON CONFLICT DO NOTHING RETURNING 1",
                        (article_id,),
                    )
                    if cursor.fetchone() is None:
                        continue  # another process indexed it meanwhile
                    cursor.executemany(
                        "INSERT INTO search_passages (article_id, char_start, char_end, text) VALUES (%s, %s, %s, %s)",
                        [(article_id, s.start, s.end, s.text) for s in annotated.sentences],
                    )
                    count += 1
        return count

    def index_version(self) -> int:
        """Grows whenever sentences are indexed (a key for cached search answers)."""
        return int(self.db.execute("SELECT COALESCE(MAX(id), 0) FROM search_passages").fetchone()[0])

    def search(self, words: str, limit: int, window: int = ServeSettings.search_rank_window) -> list[dict[str, Any]]:
        if not words.strip():
            return []
        rows = self.db.execute(SEARCH, (words, max(window, 1), limit)).fetchall()
        return [{"article_id": r[0], "text": r[1], "char_start": int(r[2]), "char_end": int(r[3])} for r in rows]
