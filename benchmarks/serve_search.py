"""Search over the Timeline17 store: ``GET /api/search`` latency on a store of Timeline17's raw articles.

Makes (once; kept in ``--out``) a storyline output folder of every raw Timeline17 article
(``../shared/data/tls``, 4,650 articles): the annotations come from the cache ``storyline evaluate
tls`` keeps (``--annotations``, default ``.bench/tls/t17.db``; articles it lacks are annotated, which
takes about 0.1 s each), are stored, and ``pipeline.build`` groups, composes and renders them as
``storyline build`` would.  Then starts ``storyline serve`` on the folder (loopback only) and

1. asks each query of a fixed list once, one at a time: the answer is not cached yet, so this is the
   search index's own cost (SQLite FTS5 for this store), plus HTTP over loopback;
2. asks the same queries for ``--seconds`` seconds from ``--concurrency`` concurrent clients, in a
   random order: answers cached by the server, as repeated searches are.  The clients are wrk's
   (Debian package ``wrk``, as ``serve_load.py --client wrk``) when it is installed, else httpx's,
   which take much more of the machine's CPU themselves.

With ``--postgres`` it also starts a throwaway PostgreSQL server (Debian's postgresql package, as the
tests do), indexes the same sentences in PostgreSQL's text search (``serve/pgsearch.py``) and times
each query there and in SQLite's FTS5 index, in process (no HTTP), each asked once.

    .venv/bin/python benchmarks/serve_search.py --seconds 15 [--postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from serve_load import free_port, percentile, run_wrk, wait_up  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "tls"

#: what a reader of these stories would type: names, places, topics, and a few very common words
QUERIES = [
    "oil spill",
    "BP",
    "Deepwater Horizon",
    "Gulf of Mexico",
    "Tony Hayward",
    "containment cap",
    "relief well",
    "Mubarak",
    "Tahrir Square",
    "Egyptian army",
    "Muslim Brotherhood",
    "Omar Suleiman",
    "Lehman Brothers",
    "bailout",
    "Federal Reserve",
    "recession",
    "Bernanke",
    "stock markets",
    "swine flu",
    "H1N1 vaccine",
    "pandemic",
    "World Health Organization",
    "Tamiflu",
    "earthquake",
    "Port-au-Prince",
    "Haiti aid",
    "Preval",
    "rubble",
    "Baghdad",
    "Saddam Hussein",
    "insurgents",
    "Iraqi troops",
    "Maliki",
    "Gaddafi",
    "Benghazi",
    "NATO air strikes",
    "rebels Tripoli",
    "Misrata",
    "Michael Jackson",
    "Conrad Murray",
    "propofol",
    "Neverland",
    "Assad",
    "Damascus",
    "Homs",
    "Syrian opposition",
    "Arab League",
    "president",
    "government said",
    "killed",
    "people",
    "said on Monday",
    "United Nations Security Council",
    "Hillary Clinton",
    "Barack Obama",
    "protesters",
    "death toll",
    "ceasefire",
    "election",
    "oil prices",
    "troops withdrawal",
]


def make_folder(out: Path, annotations: Path, log) -> None:
    """OUT: Timeline17's raw articles, annotated (from the cache when it has them), grouped, composed, rendered."""
    from storyline.annotate import ANNOTATION_VERSION
    from storyline.evaluate.tls import annotated_articles
    from storyline.evaluate.tls_data import load_articles, load_topics
    from storyline.pipeline import build
    from storyline.resources import Resources
    from storyline.store import Store

    articles = [a for topic in load_topics(DATA) for a in load_articles(DATA, topic)]
    log(f"{len(articles)} Timeline17 articles")
    resources = Resources(None)
    cache = Store.open(annotations)
    try:
        annotated, fresh = annotated_articles(articles, cache, resources, log=log)
    finally:
        cache.close()
    log(f"{len(annotated)} annotated ({fresh} now)")
    scratch = out.with_name(out.name + ".partial")
    shutil.rmtree(scratch, ignore_errors=True)
    store = Store.open(scratch / "storyline.db")
    try:
        for item in annotated:
            store.save_annotated(item, ANNOTATION_VERSION)
    finally:
        store.close()
    started = time.perf_counter()
    report = build([], scratch, resources=resources, processes=1)  # groups the stored articles, none read
    log(f"grouped, composed and rendered {report.stories} stories in {time.perf_counter() - started:.0f} s")
    scratch.rename(out)


def summary(values: list[float]) -> dict:
    return {
        "n": len(values),
        "p50_ms": round(percentile(values, 0.5) * 1000, 1),
        "p95_ms": round(percentile(values, 0.95) * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
    }


async def repeated_with_wrk(base: str, concurrency: int, seconds: float, scratch: Path, paths: list[str]) -> dict:
    wrk = await run_wrk(argparse.Namespace(readers=concurrency, duration=seconds, pause_ms=0), base, paths, scratch)
    return {
        "client": "wrk",
        "n": wrk["requests"],
        "p50_ms": round(wrk["p50_us"] / 1000, 1),
        "p95_ms": round(wrk["p95_us"] / 1000, 1),
        "max_ms": round(wrk["max_us"] / 1000, 1),
        "per_s": round(wrk["requests"] / (wrk["duration_us"] / 1e6), 1),
        "errors": sum(wrk[k] for k in ("connect", "read", "write", "status", "timeout")),
    }


async def repeated_with_httpx(client: httpx.AsyncClient, concurrency: int, seconds: float, paths: list[str]) -> dict:
    rng = random.Random(13)
    latencies: list[float] = []
    errors = 0
    stop_at = time.monotonic() + seconds

    async def searcher() -> None:
        nonlocal errors
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            response = await client.get(rng.choice(paths))
            latencies.append(time.perf_counter() - started)
            errors += response.status_code != 200

    began = time.monotonic()
    await asyncio.gather(*(searcher() for _ in range(concurrency)))
    return {
        "client": "httpx",
        **summary(latencies),
        "per_s": round(len(latencies) / (time.monotonic() - began), 1),
        "errors": errors,
    }


async def measure(base: str, concurrency: int, seconds: float, scratch: Path) -> dict:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        await wait_up(client, timeout=600)  # the first start indexes every article for search
        first, results = [], {}
        for query in QUERIES:
            started = time.perf_counter()
            response = await client.get("/api/search", params={"q": query})
            first.append(time.perf_counter() - started)
            response.raise_for_status()
            results[query] = len(response.json()["results"])
        rng = random.Random(11)
        paths = [
            client.build_request("GET", "/api/search", params={"q": rng.choice(QUERIES)}).url.raw_path.decode()
            for _ in range(2000)
        ]
        if shutil.which("wrk"):
            repeated = await repeated_with_wrk(base, concurrency, seconds, scratch, paths)
        else:
            repeated = await repeated_with_httpx(client, concurrency, seconds, paths)
    return {
        "queries": len(QUERIES),
        "first_ask_uncached": summary(first),
        "slowest_first": sorted(zip(first, QUERIES, strict=True), reverse=True)[:3],
        "results_per_query_p50": sorted(results.values())[len(results) // 2],
        "queries_without_results": [q for q, n in results.items() if n == 0],
        "repeated_cached": {**repeated, "concurrency": concurrency},
    }


def in_process(out: Path) -> dict:
    """Each query once against PostgreSQL's text search and against SQLite's FTS5, without HTTP."""
    sys.path.insert(0, str(ROOT / "tests"))
    from storyline.config import ServeSettings
    from storyline.serve.pgsearch import PostgresPassages
    from storyline.serve.state import ServeState
    from storyline.store import Store

    from postgres_server import server_binaries, throwaway_postgres

    bin_dir = server_binaries()
    if bin_dir is None:
        raise SystemExit("--postgres needs Debian's postgresql package (scripts/install-postgres.sh).")
    settings = ServeSettings()
    report: dict = {}
    with throwaway_postgres(bin_dir) as url:
        for _ in range(40):  # the socket can lag the start by a moment
            try:
                postgres = PostgresPassages(url)
                break
            except Exception:  # noqa: BLE001 - psycopg.OperationalError, imported lazily
                time.sleep(0.25)
        else:
            raise SystemExit("PostgreSQL did not accept connections")
        store = Store.open(out / "storyline.db")
        started = time.perf_counter()
        indexed = postgres.index_articles(store, store.stored_ids())
        store.close()
        sentences = postgres.db.execute("SELECT COUNT(*) FROM search_passages").fetchone()[0]
        postgres.db.execute("ANALYZE search_passages")
        report["postgres_indexed"] = {
            "articles": indexed,
            "sentences": sentences,
            "seconds": round(time.perf_counter() - started, 1),
        }
        sqlite = ServeState(out)
        for name, index in (("postgres", postgres), ("sqlite_fts5", sqlite)):
            times = []
            for query in QUERIES:
                started = time.perf_counter()
                index.search(query, settings.search_limit, settings.search_rank_window)
                times.append(time.perf_counter() - started)
            report[name] = summary(times)
        sqlite.close()
        postgres.close()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".bench" / "serve-t17", help="the folder (made once)")
    parser.add_argument("--annotations", type=Path, default=ROOT / ".bench" / "tls" / "t17.db")
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0, help="of repeated searches (at most 120)")
    parser.add_argument("--postgres", action="store_true", help="also time PostgreSQL's text search, in process")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"Timeline17 is not at {DATA} (see ../shared/data/tls/SOURCE.md).")

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    if not (args.out / "storyline.db").exists():
        make_folder(args.out, args.annotations, log)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "storyline.cli", "serve", str(args.out), "--port", str(port)],
        env={**os.environ, "STORYLINE_TOKEN": "serve-search-benchmark"},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    scratch = Path(tempfile.mkdtemp(prefix="serve-search-"))
    try:
        report = asyncio.run(measure(f"http://127.0.0.1:{port}", args.concurrency, min(args.seconds, 120.0), scratch))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    if args.postgres:
        report["in_process"] = in_process(args.out)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
