"""WARC input: every good HTML response is read, every bad record is named and skipped, the rest goes on."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import zlib
from pathlib import Path

import pytest

from storyline.ingest import ingest
from storyline.ingest.warc import count_records, read_records

warcio = pytest.importorskip("warcio")
from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

PARAGRAPHS = [
    "The harbour council of Port Ellery voted on Tuesday to rebuild the old pier before the winter storms arrive.",
    "Councillor Mara Quint said the work would start in March and take about eleven weeks to finish.",
    "Fishing crews have waited three years for the repair, and several boats now unload at a temporary dock.",
    "The regional transit office reported that ferry traffic had fallen by a fifth since the pier was closed.",
]


def _page(number: int) -> bytes:
    body = "".join(f"<p>{p} (Report {number}.)</p>" for p in PARAGRAPHS)
    return (
        f"<html><head><title>Pier vote number {number}</title></head><body><article><h1>Pier vote number "
        f"{number}</h1>{body}</article></body></html>"
    ).encode()


def _record(
    url: str,
    payload: bytes,
    content_type: str = "text/html; charset=utf-8",
    status: str = "200 OK",
    record_type: str = "response",
    fetched: str = "2024-05-03T10:00:00Z",
) -> bytes:
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    http = (
        StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
        if record_type == "response"
        else None
    )
    writer.write_record(
        writer.create_warc_record(
            url, record_type, payload=io.BytesIO(payload), http_headers=http, warc_headers_dict={"WARC-Date": fetched}
        )
    )
    return buffer.getvalue()


def _corrupted(member: bytes) -> bytes:
    """The same record with one word of its page changed: whole gzip, but its digest no longer matches."""
    plain = zlib.decompress(member, 31).replace(b"harbour", b"harb0ur", 1)
    return gzip.compress(plain)


def _truncated(member: bytes) -> bytes:
    """A gzip member cut off halfway, as a download that broke off leaves it."""
    return member[: len(member) // 2]


@pytest.fixture()
def archive(tmp_path: Path) -> Path:
    parts = [
        _record("https://news.example.org/pier-1", _page(1)),
        _record("https://news.example.org/pier-1", b"GET /pier-1 HTTP/1.1\r\n\r\n", record_type="request"),
        _record("https://news.example.org/report.pdf", b"%PDF-1.4 not a page", content_type="application/pdf"),
        _truncated(_record("https://news.example.org/pier-cut", _page(9))),
        _record("https://news.example.org/pier-2", _page(2), fetched="2024-05-04T08:30:00Z"),
        _corrupted(_record("https://news.example.org/pier-bad", _page(8))),
        _record("https://news.example.org/missing", b"<html>gone</html>", status="404 Not Found"),
        gzip.compress(b"WARC/1.0\r\nthis line is not a header\r\n\r\n"),
        _record("https://news.example.org/pier-3", _page(3)),
    ]
    path = tmp_path / "crawl.warc.gz"
    path.write_bytes(b"".join(parts))
    return path


def test_good_responses_are_read_with_their_url_and_fetch_date(archive):
    articles = [raw for raw in read_records(archive) if raw.error is None]
    assert [a.url for a in articles] == [
        "https://news.example.org/pier-1",
        "https://news.example.org/pier-2",
        "https://news.example.org/pier-3",
    ]
    assert [a.fetched for a in articles] == [dt.date(2024, 5, 3), dt.date(2024, 5, 4), dt.date(2024, 5, 3)]
    assert all("Councillor Mara Quint" in a.text for a in articles)
    assert articles[1].title == "Pier vote number 2"
    assert "(Report 2.)" in articles[1].text
    assert all("not a publication date" in a.date_evidence for a in articles)


def test_every_bad_record_is_named_and_the_reasons_say_why(archive):
    skipped = [raw for raw in read_records(archive) if raw.error]
    reasons = {raw.url or raw.origin: raw.error for raw in skipped}
    assert reasons["https://news.example.org/report.pdf"].startswith("not an HTML page (application/pdf")
    assert "WARC-Payload-Digest" in reasons["https://news.example.org/pier-bad"]
    assert reasons["https://news.example.org/missing"] == "HTTP 404 response, not a page"
    broken = [raw for raw in skipped if raw.error.startswith("broken WARC record")]
    assert len(broken) >= 2  # the cut-off gzip member and the record whose header is not one
    assert all(str(archive) in raw.origin and "at byte" in raw.origin for raw in broken)
    assert len(skipped) == len(broken) + 3


def test_record_ranges_split_the_file_without_losing_or_repeating_a_record(archive):
    total = count_records(archive)
    whole = [raw.origin for raw in read_records(archive)]
    pieces = [raw.origin for first in range(0, total, 3) for raw in read_records(archive, first, first + 3)]
    assert pieces == whole
    assert total >= 9


def test_a_folder_with_a_warc_is_ingested_and_the_skips_reported(archive):
    result = ingest([str(archive.parent)])
    assert sorted(a.url for a in result.articles) == [
        "https://news.example.org/pier-1",
        "https://news.example.org/pier-2",
        "https://news.example.org/pier-3",
    ]
    first = next(a for a in result.articles if a.url.endswith("pier-1"))
    assert first.published is None and first.published_source == "missing"  # the fetch date is no publication date
    assert first.fetched == dt.date(2024, 5, 3)
    assert any("application/pdf" in s.reason for s in result.skipped)
    assert any(s.reason.startswith("broken WARC record") for s in result.skipped)


def test_a_plain_uncompressed_warc_is_read_too(tmp_path):
    members = [_record(f"https://news.example.org/plain-{i}", _page(i)) for i in (4, 5)]
    path = tmp_path / "plain.warc"
    path.write_bytes(b"".join(zlib.decompress(m, 31) for m in members))
    assert [raw.url for raw in read_records(path) if raw.error is None] == [
        "https://news.example.org/plain-4",
        "https://news.example.org/plain-5",
    ]
