"""HTML pages: trafilatura extracts the article text and metadata, htmldate the date."""

from __future__ import annotations

from pathlib import Path

from storyline.errors import InputError
from storyline.ingest.dates import parse_date
from storyline.ingest.ids import RawArticle


def read(path: Path) -> list[RawArticle]:
    import trafilatura
    from htmldate import find_date

    data = path.read_bytes()
    document = trafilatura.bare_extraction(data, with_metadata=True, include_comments=False,
                                           include_tables=False, favor_precision=True)
    if document is None:
        raise InputError("E030", f"{path}: no article text could be extracted from this HTML page.")
    meta = document.as_dict() if hasattr(document, "as_dict") else dict(document)
    text = (meta.get("text") or "").strip()
    raw = RawArticle(origin=str(path), path=str(path), text=text.replace("\n", "\n\n"))
    raw.title = meta.get("title") or None
    raw.url = meta.get("url") or None
    raw.outlet = meta.get("sitename") or meta.get("hostname") or None
    found = find_date(data.decode("utf-8", errors="replace"), original_date=True, extensive_search=False,
                      url=raw.url)
    published = parse_date(found) or parse_date(meta.get("date"))
    if published:
        raw.published, raw.published_source = published, "metadata"
    return [raw]
