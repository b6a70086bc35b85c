"""HTML pages: trafilatura extracts the article text and metadata, htmldate the date."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypedDict

from storyline.errors import InputError
from storyline.ingest.dates import parse_date
from storyline.ingest.ids import RawArticle


class DateParams(TypedDict):
    """htmldate's date options, typed so they can be passed as keywords."""

    extensive_search: bool
    original_date: bool


#: Dates only from the page's markup and explicit date lines.  htmldate's extensive search
#: also reads free text and takes a "© 2023" footer for 2023-01-01: that is a guess, not a date.
DATE_PARAMS = DateParams(extensive_search=False, original_date=True)


def read(path: Path) -> list[RawArticle]:
    return [from_html(path.read_bytes(), origin=str(path), path=str(path))]


def from_html(data: bytes, origin: str, path: str | None = None, url: str | None = None) -> RawArticle:
    """One HTML page's article; ``url`` (where the page was fetched from) wins over the page's own."""
    import trafilatura
    from htmldate import find_date

    document = trafilatura.bare_extraction(
        data,
        url=url,
        with_metadata=True,
        include_comments=False,
        include_tables=False,
        favor_precision=True,
        date_extraction_params=dict(DATE_PARAMS),
    )
    if document is None:
        raise InputError("E030", f"{origin}: no article text could be extracted from this HTML page.")
    # trafilatura >= 2.0 returns a Document, 1.x a dict.
    meta = document.as_dict() if hasattr(document, "as_dict") else dict(document)
    title = meta.get("title") or None
    text = _drop_headline((meta.get("text") or "").strip(), title)
    raw = RawArticle(origin=origin, path=path, text=_paragraphs(text))
    raw.title = title
    raw.url = url or meta.get("url") or None
    raw.outlet = meta.get("sitename") or meta.get("hostname") or None
    found = find_date(data, url=raw.url, **DATE_PARAMS)
    published = parse_date(found) or parse_date(meta.get("date"))
    if published:
        raw.published, raw.published_source = published, "metadata"
    return raw


def _paragraphs(text: str) -> str:
    """trafilatura ends each block with one newline; storyline separates paragraphs by a blank line."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n\n".join(line for line in lines if line)


def _drop_headline(text: str, title: str | None) -> str:
    """The page's <h1> repeats the title; the title is kept apart, as the other readers do."""
    if not title:
        return text
    first, _, rest = text.partition("\n")
    if _norm(first) == _norm(title) and rest.strip():
        return rest.lstrip("\n")
    return text


def _norm(value: str) -> str:
    return re.sub(r"\W+", " ", value).strip().casefold()
