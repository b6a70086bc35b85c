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
from typing import TextIO

from storyline.errors import StorylineError
from storyline.ingest.ids import RawArticle

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


#: Two far-apart defaults: a string that leaves its year, month or day to the default parses
#: differently against each, and is then not a full date.
_DEFAULTS = (dt.datetime(1901, 1, 1), dt.datetime(1902, 2, 2))


def parse_date(value: object) -> dt.date | None:
    """A date from the forms metadata uses: ISO strings, datetimes, RFC 2822, epoch seconds.

    Only a full calendar date counts: "Monday", "March 5" or "2019" give None rather than a
    date filled in from today.
    """
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, (int, float)):
        seconds = value / 1000 if abs(value) > 1e11 else value  # crawls often store milliseconds
        try:
            return dt.datetime.fromtimestamp(seconds, tz=dt.timezone.utc).date()
        except (OverflowError, OSError, ValueError):
            return None
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

        first, second = (dateutil_parser.parse(text, default=d).date() for d in _DEFAULTS)
    except (ValueError, OverflowError, ImportError):
        return None
    return first if first == second else None


_URL_DATE = re.compile(r"/((?:19|20)\d{2})[/_-](\d{1,2})[/_-](\d{1,2})(?:[/_-]|$)")


def date_from_url(url: str) -> dt.date | None:
    """A full date written in a URL path (``/2019/09/24/``), read with htmldate.

    ``extract_url_date`` is not htmldate's public API, so when its signature changes the
    same rule is applied with a plain pattern.
    """
    try:
        from htmldate.extractors import extract_url_date
        from htmldate.utils import Extractor

        options = Extractor(False, dt.datetime(2100, 1, 1), dt.datetime(1990, 1, 1), True, "%Y-%m-%d")
        found = extract_url_date(url, options)
        return parse_date(found) if found else None
    except (ImportError, TypeError, AttributeError):
        match = _URL_DATE.search(url)
        if not match:
            return None
        try:
            return dt.date(*(int(g) for g in match.groups()))
        except ValueError:
            return None


#: publication years storyline takes (inclusive): outside them a date is a typo or a placeholder
#: ("0001-01-01", "9999-12-31"), and date arithmetic around it (a story's quiet window, "two days
#: ago") would leave the calendar
PUBLISHED_YEARS = (1000, 2999)


@dataclass
class SidecarDates:
    """Publication dates (and URLs) that a user supplies in a CSV: ``file,published[,url]``."""

    by_name: dict[str, tuple[dt.date | None, str | None]] = field(default_factory=dict)
    #: rows that give nothing usable, as (where, why): a date that is not one; see also ``unused``
    problems: list[tuple[str, str]] = field(default_factory=list)
    line_of: dict[str, int] = field(default_factory=dict)  # file name → its row's line in the CSV
    used: set[str] = field(default_factory=set)  # names an input looked up

    @classmethod
    def load(cls, path: str | Path) -> SidecarDates:
        path = Path(path)
        try:
            handle = path.open(newline="", encoding="utf-8-sig")
        except OSError as err:
            raise StorylineError(
                "E010",
                f"Cannot read the dates file {path}: {err.strerror}.",
                "Pass a CSV with the columns file,published[,url].",
            ) from err
        with handle:
            try:
                return cls._read(handle, path)
            except (UnicodeDecodeError, csv.Error) as err:
                raise StorylineError(
                    "E015",
                    f"The dates file {path} cannot be read as CSV in UTF-8 ({err}).",
                    "Save it as UTF-8 CSV with the columns file,published[,url].",
                ) from err

    @classmethod
    def _read(cls, handle: TextIO, path: Path) -> SidecarDates:
        reader = csv.DictReader(handle)
        fields = {(f or "").strip().lower() for f in reader.fieldnames or []}
        if not {"file", "published"} <= fields:
            raise StorylineError(
                "E011",
                f"The dates file {path} has columns {sorted(fields)}.",
                "It needs a header row with at least: file,published (and optionally url).",
            )
        found = cls()
        for row in reader:
            row = {k.strip().lower(): (v or "").strip() for k, v in row.items() if isinstance(k, str)}
            name = row.get("file", "")
            if not name:
                continue
            published = parse_date(row.get("published"))
            if row.get("published") and published is None:
                found.problems.append(
                    (
                        f"{path} line {reader.line_num}",
                        f"{row['published'][:40]!r} is not a full date (YYYY-MM-DD); its date is ignored",
                    )
                )
            elif published is not None and not PUBLISHED_YEARS[0] <= published.year <= PUBLISHED_YEARS[1]:
                found.problems.append(
                    (
                        f"{path} line {reader.line_num}",
                        f"{published.isoformat()} is outside the years {PUBLISHED_YEARS[0]}-"
                        f"{PUBLISHED_YEARS[1]}; its date is ignored",
                    )
                )
                published = None
            found.by_name[Path(name).name] = (published, row.get("url") or None)
            found.line_of[Path(name).name] = reader.line_num
        return found

    def unused(self, path: Path) -> list[tuple[str, str]]:
        """Rows naming a file no input had, as (where, why)."""
        return [
            (f"{path} line {self.line_of[name]}", f"{name!r} names no input file")
            for name in self.by_name
            if name not in self.used
        ]

    def lookup(self, origin: str) -> tuple[dt.date | None, str | None] | None:
        name = origin.replace("\\", "/").rsplit("/", 1)[-1]
        for key in (name, name.split("#", 1)[0]):
            if key in self.by_name:
                self.used.add(key)
                return self.by_name[key]
        return None


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
