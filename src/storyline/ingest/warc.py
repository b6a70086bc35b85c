"""WARC files (a crawler's archive, such as Common Crawl's CC-News): one article per HTML response.

FastWARC reads the records (about 3.5 times warcio's speed on the same file, benchmarks/README.md);
each page's HTML goes through the HTML reader.  The record's URL is the article's URL and its
WARC-Date is kept as ``fetched``: the page was published on or before that day, so it bounds the
publication date from above, but it is never taken for one.

A damaged archive is read as far as it goes: a record whose bytes do not match its digest, a
gzip member cut short, a page that is not HTML or a response that is not a page (a redirect, a
404) becomes a named skip, and reading starts again at the next record boundary.  Requests,
warcinfo and metadata records are not pages and are passed over.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from storyline.errors import InputError
from storyline.ingest import html
from storyline.ingest.ids import RawArticle

if TYPE_CHECKING:
    from fastwarc.warc import WarcRecord

SUFFIXES = (".warc", ".warc.gz")
HTML_TYPES = ("text/html", "application/xhtml+xml")
#: where reading starts again after a broken record: the next gzip member (one record each in a
#: .warc.gz, as the WARC standard asks) or the next record's version line in a plain .warc
GZIP_MEMBER = b"\x1f\x8b\x08"
WARC_VERSION_LINE = b"WARC/1."


def is_warc(path: Path) -> bool:
    return path.name.lower().endswith(SUFFIXES)


@dataclass
class _Entry:
    """One record as found in the file, or the unreadable bytes where one should have been."""

    index: int
    offset: int
    record: WarcRecord | None = None
    error: str | None = None


def read(path: Path) -> list[RawArticle]:
    return list(read_records(path))


def read_records(path: Path, first: int = 0, stop: int | None = None) -> Iterator[RawArticle]:
    """The articles of records ``first`` up to ``stop`` (record numbers as ``count_records`` counts
    them), so that workers can each read a range of one large file."""
    for entry in _entries(path):
        if entry.index < first:
            continue
        if stop is not None and entry.index >= stop:
            return
        raw = _article(path, entry)
        if raw is not None:
            yield raw


def count_records(path: Path) -> int:
    """How many records (and broken stretches) the file holds, without extracting any page."""
    return sum(1 for _ in _entries(path))


def _entries(path: Path) -> Iterator[_Entry]:
    """Every record in file order; after a broken one, reading resumes at the next record boundary.

    Counting goes through here too, reading every record whole as reading does, so that both
    number the records alike and the ranges cut by a count are the ranges read."""
    try:
        from fastwarc.warc import ArchiveIterator
    except ImportError as err:  # pragma: no cover - fastwarc is a dependency
        raise InputError("E031", f"{path}: reading WARC files needs FastWARC.", "pip install fastwarc") from err
    size = path.stat().st_size
    with path.open("rb") as stream:
        boundary = GZIP_MEMBER if stream.read(3) == GZIP_MEMBER else WARC_VERSION_LINE
        index, start = 0, 0
        while start < size:
            stream.seek(start)
            last, error = None, None
            try:
                for record in ArchiveIterator(stream, parse_http=True, auto_decode="all"):
                    last = record.stream_pos  # counted from the start of the file
                    entry = _Entry(index, last, record=record)
                    try:
                        record.freeze()  # the whole record in memory: its digest can be checked, its page read
                    except (OSError, ValueError) as err:
                        entry = _Entry(index, last, error=f"{type(err).__name__}: {err}")
                    yield entry
                    index += 1
                    if entry.error:
                        break
            except (OSError, ValueError) as err:  # a gzip member cut short, a header that is not one
                error = f"{type(err).__name__}: {err}"
            if last is None:
                yield _Entry(index, start, error=error or "no WARC record could be read here")
                index += 1
            resume = _find(stream, boundary, (start if last is None else last) + 1)
            if resume is None:
                return
            start = resume


def _find(stream: BinaryIO, marker: bytes, offset: int, chunk: int = 1 << 20) -> int | None:
    """The offset of the next ``marker`` at or after ``offset``, or None at the end of the file."""
    stream.seek(offset)
    carry = b""
    base = offset
    while True:
        data = stream.read(chunk)
        if not data:
            return None
        window = carry + data
        found = window.find(marker)
        if found >= 0:
            return base - len(carry) + found
        carry = window[-(len(marker) - 1) :]
        base += len(data)


def _article(path: Path, entry: _Entry) -> RawArticle | None:
    """The record's article, a RawArticle carrying the reason it is skipped, or None for a non-page."""
    where = f"{path} record {entry.index} at byte {entry.offset}"
    if entry.record is None:
        return RawArticle(origin=where, path=str(path), error=f"broken WARC record skipped ({entry.error})")
    from fastwarc.warc import WarcRecordType

    record = entry.record
    if record.record_type in (WarcRecordType.no_type, WarcRecordType.unknown):
        return RawArticle(origin=where, path=str(path), error="broken WARC record skipped (no known WARC-Type)")
    if record.record_type != WarcRecordType.response:
        return None
    url = record.headers.get("WARC-Target-URI") or None
    origin = f"{where} ({url})" if url else where
    skip = RawArticle(origin=origin, path=str(path), url=url)
    if not record.is_http:
        skip.error = "WARC response without an HTTP message"
        return skip
    status = record.http_headers.status_code
    if status != 200:
        skip.error = f"HTTP {status} response, not a page"
        return skip
    content_type = (record.http_content_type or "").lower()
    if content_type not in HTML_TYPES:
        skip.error = f"not an HTML page ({content_type or 'no Content-Type'})"
        return skip
    encoded = record.http_headers.get("Content-Encoding") or record.http_headers.get("Transfer-Encoding")
    if not encoded and "WARC-Payload-Digest" in record.headers and not record.verify_payload_digest():
        skip.error = "truncated or corrupt WARC record: its page does not match its WARC-Payload-Digest"
        return skip
    body = record.reader.read()
    declared = record.http_headers.get("Content-Length")
    if declared and declared.isdigit() and not encoded and int(declared) != len(body):
        skip.error = f"truncated WARC record: {len(body)} of {declared} bytes of HTML"
        return skip
    try:
        raw = html.from_html(body, origin=origin, path=str(path), url=url)
    except InputError as err:
        skip.error = err.message
        return skip
    raw.fetched = record.record_date.date()
    raw.date_evidence = (
        f"fetched on {raw.fetched.isoformat()} (WARC-Date): published on or before that day; "
        "the fetch date is not a publication date"
    )
    return raw
