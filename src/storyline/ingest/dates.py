"""Publication dates: parsing, the ``--dates`` side file, and dates read from URLs.

Precedence (strongest first): a side file the user supplies, then what the article itself
says (header line, front matter, feed or page metadata), then a full date in its URL.  An
article none of these date is left undated ("missing"); nothing is guessed.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from storyline.errors import StorylineError
from storyline.ingest.ids import RawArticle

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


def parse_date(value: object) -> dt.date | None:
    """A date from the forms metadata uses: ISO strings, datetimes, RFC 2822, time tuples."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, (int, float)):
        return dt.datetime.fromtimestamp(value, tz=dt.timezone.utc).date()
    text = str(value).strip()
    match = _ISO.match(text)
    if match:
        try:
            return dt.date(*(int(g) for g in match.groups()))
        except ValueError:
            return None
    from email.utils import parsedate_to_datetime

    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError, IndexError):
        pass
    try:
        from dateutil import parser as dateutil_parser

        return dateutil_parser.parse(text).date()
    except (ValueError, OverflowError, ImportError):
        return None


def date_from_url(url: str) -> dt.date | None:
    """A full date written in a URL path (``/2019/09/24/``), read with htmldate."""
    from htmldate.extractors import extract_url_date
    from htmldate.utils import Extractor

    options = Extractor(False, dt.datetime(2100, 1, 1), dt.datetime(1990, 1, 1), True, "%Y-%m-%d")
    found = extract_url_date(url, options)
    return parse_date(found) if found else None


@dataclass
class SidecarDates:
    """Publication dates (and URLs) that a user supplies in a CSV: ``file,published[,url]``."""

    by_name: dict[str, tuple[dt.date | None, str | None]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path) -> "SidecarDates":
        path = Path(path)
        try:
            handle = path.open(newline="", encoding="utf-8-sig")
        except OSError as err:
            raise StorylineError("E010", f"Cannot read the dates file {path}: {err.strerror}.",
                                 "Pass a CSV with the columns file,published[,url].") from err
        with handle:
            reader = csv.DictReader(handle)
            fields = {f.strip().lower() for f in reader.fieldnames or []}
            if not {"file", "published"} <= fields:
                raise StorylineError(
                    "E011", f"The dates file {path} has columns {sorted(fields)}.",
                    "It needs a header row with at least: file,published (and optionally url).")
            table = {}
            for row in reader:
                row = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
                name = row.get("file", "")
                if name:
                    table[Path(name).name] = (parse_date(row.get("published")), row.get("url") or None)
        return cls(table)

    def lookup(self, origin: str) -> tuple[dt.date | None, str | None] | None:
        name = origin.replace("\\", "/").rsplit("/", 1)[-1]
        return self.by_name.get(name) or self.by_name.get(name.split("#", 1)[0])


def apply_sidecar(raw: RawArticle, sidecar: SidecarDates) -> None:
    """Fill or override the raw article's date and URL from the side file, if it lists it."""
    found = sidecar.lookup(raw.origin)
    if not found:
        return
    published, url = found
    if published:
        raw.published, raw.published_source = published, "sidecar"
    if url and not raw.url:
        raw.url = url
