"""story.json: the versioned output contract every other output is rendered from.

The schema is ``storyline/1`` (``src/storyline/schema/story.schema.json``).  Renderers of
HTML, Markdown and TimelineJS read this document, never the internal objects, so anything a
page shows is also in the JSON.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from pathlib import Path

from storyline import SCHEMA_VERSION
from storyline.model import SourceRef, StoryView

#: the JSON Schema every story.json validates against
SCHEMA_PATH = Path(__file__).resolve().parents[1] / "schema" / "story.schema.json"


def _source(ref: SourceRef) -> dict:
    return {
        "article_id": ref.article_id,
        "sentence": ref.sentence,
        "char_start": ref.char_start,
        "char_end": ref.char_end,
        "time_expression": ref.time_expression,
        "inferred": ref.inferred,
    }


def story_document(view: StoryView) -> dict:
    """The story.json document for one story."""
    articles = sorted(
        view.articles, key=lambda a: (a.article.published is None, a.article.published or 0, a.article.id)
    )
    dates = [a.article.published for a in articles if a.article.published]
    return {
        "schema": SCHEMA_VERSION,
        "story": {
            "id": view.story.id,
            "title": view.title,
            "first_published": min(dates).isoformat() if dates else None,
            "last_published": max(dates).isoformat() if dates else None,
            "article_ids": [a.article.id for a in articles],
            "merged_ids": list(view.story.merged_ids),
        },
        "articles": [
            {
                "id": a.article.id,
                "path": a.article.path,
                "url": a.article.url,
                "outlet": a.article.outlet,
                "title": a.article.title,
                "published": a.article.published.isoformat() if a.article.published else None,
                "published_source": a.article.published_source,
                "date_evidence": a.article.date_evidence,
                "published_earliest": _iso(a.article.published_earliest),
                "published_latest": _iso(a.article.published_latest),
                "published_granularity": a.article.published_granularity,
                "duplicate_of": view.duplicate_of.get(a.article.id),
                "text": a.article.text,
            }
            for a in articles
        ],
        "undated_articles": [a.article.id for a in articles if a.article.published is None],
        "inferred_articles": [a.article.id for a in articles if a.article.published_source == "inferred"],
        "reuses": [asdict(r) for r in view.reuses],
        "timeline": [
            {"date": e.date, "summary": e.summary, "score": e.score, "sources": [_source(s) for s in e.sources]}
            for e in view.timeline
        ],
        "entities": [
            {
                "id": e.id,
                "name": e.name,
                "type": e.type,
                "aliases": list(e.aliases),
                "roles": [{"role": r.role, "source": _source(r.source)} for r in e.roles],
                "mentions": e.mentions,
            }
            for e in view.entities
        ],
        "quotes": [asdict(q) for q in view.quotes],
        "claims": [asdict(c) for c in view.claims],
        "summary": [{"text": s.text, "sources": [_source(r) for r in s.sources]} for s in view.summary],
    }


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None
