"""warcio against FastWARC on one WARC file: records read per second, HTML payloads taken out whole.

Writes a gzipped WARC with warcio (N HTML responses of about 30 kB, the size of a news page), then
reads it back with each library, decoding every response's HTTP body, best of three runs each:

    .venv/bin/python benchmarks/warc_readers.py --records 2000
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from storyline.evaluate.results import JSON_OUT_HELP, write_results

PARAGRAPH = "<p>The harbour council met on Tuesday and voted to rebuild the pier before the winter storms.</p>\n"


def write_warc(path: Path, records: int) -> int:
    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=True)
        for i in range(records):
            body = f"<html><head><title>Page {i}</title></head><body>{PARAGRAPH * 300}</body></html>".encode()
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            writer.write_record(
                writer.create_warc_record(
                    f"https://example.org/news/{i}", "response", payload=io.BytesIO(body), http_headers=headers
                )
            )
    return path.stat().st_size


def read_warcio(path: Path) -> int:
    from warcio.archiveiterator import ArchiveIterator

    total = 0
    with path.open("rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type == "response":
                total += len(record.content_stream().read())
    return total


def read_fastwarc(path: Path) -> int:
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    total = 0
    with path.open("rb") as stream:
        for record in ArchiveIterator(stream, record_types=WarcRecordType.response, parse_http=True):
            total += len(record.reader.read())
    return total


def best_of(reader, path: Path, runs: int = 3) -> tuple[float, int]:
    best, size = float("inf"), 0
    for _ in range(runs):
        start = time.perf_counter()
        size = reader(path)
        best = min(best, time.perf_counter() - start)
    return best, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    args = parser.parse_args()
    figures: dict[str, object] = {"records": args.records}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.warc.gz"
        size = write_warc(path, args.records)
        print(f"{args.records} HTML responses, {size / 1e6:.1f} MB gzipped")
        figures["gzipped_mb"] = round(size / 1e6, 2)
        for name, reader in (("warcio", read_warcio), ("fastwarc", read_fastwarc)):
            seconds, payload = best_of(reader, path)
            print(
                f"{name:9s} {seconds:6.3f} s  {args.records / seconds:8.0f} records/s  "
                f"{payload / seconds / 1e6:6.1f} MB/s of HTML"
            )
            figures[name] = {
                "seconds_best_of_3": round(seconds, 4),
                "records_per_s": round(args.records / seconds),
                "html_mb_per_s": round(payload / seconds / 1e6, 1),
            }
    if args.json_out:
        write_results(args.json_out, figures)


if __name__ == "__main__":
    main()
