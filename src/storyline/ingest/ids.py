"""The raw record every reader returns, and how it becomes an ``Article`` with a stable id."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from storyline.model import Article, PublishedSource


@dataclass
class RawArticle:
    """What a reader found; ``origin`` names the file (and line or entry) it came from."""

    origin: str
    text: str = ""
    title: str | None = None
    published: dt.date | None = None
    published_source: PublishedSource = "missing"
    path: str | None = None
    url: str | None = None
    outlet: str | None = None
    error: str | None = None  # set when this record could not be parsed
    fetched: dt.date | None = None  # when a crawler fetched it (an upper bound on ``published``)
    date_evidence: str | None = None


def article_id(raw: RawArticle) -> str:
    """A stable id: the same article read again (from any folder) gets the same id.

    It hashes where the article comes from (its URL, else its file name and entry) with its
    text, so two outlets publishing the same words are still two articles.
    """
    where = raw.url or raw.origin.replace("\\", "/").rsplit("/", 1)[-1]
    digest = hashlib.sha1(f"{where}\n{raw.text}".encode()).hexdigest()
    return digest[:16]


def to_article(raw: RawArticle) -> Article:
    return Article(
        id=article_id(raw),
        text=raw.text,
        title=raw.title,
        published=raw.published,
        published_source=raw.published_source,
        path=raw.path,
        url=raw.url,
        outlet=raw.outlet,
        date_evidence=raw.date_evidence,
        fetched=raw.fetched,
    )
