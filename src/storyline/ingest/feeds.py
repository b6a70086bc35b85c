"""RSS and Atom feed files, read with feedparser; each entry is one article."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from pathlib import Path
from typing import Any

from storyline.errors import InputError
from storyline.ingest.dates import parse_date
from storyline.ingest.ids import RawArticle

_TAG = re.compile(r"<[^>]+>")
_BLOCK_END = re.compile(r"</(p|div|li|h\d)>|<br\s*/?>", re.IGNORECASE)


def html_to_text(markup: str) -> str:
    """Entry content is HTML: keep paragraph breaks, drop tags, unescape entities."""
    markup = _BLOCK_END.sub("\n\n", markup)
    text = unescape(_TAG.sub("", markup))
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    return "\n\n".join(p for p in paragraphs if p)


def entry_date(entry: dict[str, Any]) -> dt.date | None:
    """The entry's date as its publisher wrote it.

    feedparser's ``*_parsed`` tuples are converted to UTC, which moves an evening item
    published west of Greenwich to the next day; the literal string keeps the local date.
    """
    for key in ("published", "updated", "created"):
        found = parse_date(entry.get(key))
        if found:
            return found
    for key in ("published_parsed", "updated_parsed"):
        stamp = entry.get(key)
        if stamp:
            return dt.date(*stamp[:3])
    return None


def read(path: Path) -> list[RawArticle]:
    import feedparser

    parsed = feedparser.parse(path.read_bytes())
    if not parsed.entries:
        problem = getattr(parsed, "bozo_exception", None)
        raise InputError("E040", f"{path}: no feed entries found" + (f" ({problem})" if problem else "") + ".")
    outlet = parsed.feed.get("title")
    articles = []
    for index, entry in enumerate(parsed.entries, start=1):
        body = ""
        if entry.get("content"):
            body = entry["content"][0].get("value", "")
        body = body or entry.get("summary", "")
        raw = RawArticle(origin=f"{path}#{index}", path=str(path), text=html_to_text(body))
        raw.title = entry.get("title")
        raw.url = entry.get("link")
        raw.outlet = outlet
        published = entry_date(entry)
        if published:
            raw.published, raw.published_source = published, "metadata"
        articles.append(raw)
    return articles
