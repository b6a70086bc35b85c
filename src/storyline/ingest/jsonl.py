"""JSON Lines: one article per line, with the field names common crawls use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from storyline.ingest.dates import parse_date
from storyline.ingest.ids import RawArticle
from storyline.ingest.text import decode

TEXT_FIELDS = ("text", "content", "body", "article", "maintext")
TITLE_FIELDS = ("title", "headline")
DATE_FIELDS = ("date", "published", "publish_date", "published_at", "pubdate", "date_publish", "time")
URL_FIELDS = ("url", "link", "source_url")
OUTLET_FIELDS = ("outlet", "source", "source_domain", "publisher", "site")


def _first(record: dict[str, Any], names: tuple[str, ...]) -> object:
    for name in names:
        value = record.get(name)
        if value not in (None, ""):
            return value
    return None


def read(path: Path) -> list[RawArticle]:
    """Each line is one article; a broken line is reported with its number, the rest is read."""
    content = decode(path.read_bytes(), str(path))
    records = []
    for number, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        origin = f"{path}#{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            records.append(RawArticle(origin=origin, error=f"line {number} is not valid JSON ({err.msg})"))
            continue
        if not isinstance(record, dict):
            records.append(RawArticle(origin=origin, error=f"line {number} is not a JSON object"))
            continue
        text = _first(record, TEXT_FIELDS)
        if text is None and any(isinstance(record.get(name), str) for name in TEXT_FIELDS):
            text = ""  # present but empty: reported as an empty article
        if not isinstance(text, str):
            records.append(
                RawArticle(origin=origin, error=f"line {number} has no text field ({'/'.join(TEXT_FIELDS)})")
            )
            continue
        raw = RawArticle(origin=origin, path=str(path), text=text.replace("\r\n", "\n").strip())
        title = _first(record, TITLE_FIELDS)
        raw.title = str(title) if title else None
        url = _first(record, URL_FIELDS)
        raw.url = str(url) if url else None
        outlet = _first(record, OUTLET_FIELDS)
        raw.outlet = str(outlet) if isinstance(outlet, str) else None
        published = parse_date(_first(record, DATE_FIELDS))
        if published:
            raw.published, raw.published_source = published, "metadata"
        raw.origin = str(record.get("id") or origin)
        records.append(raw)
    return records
