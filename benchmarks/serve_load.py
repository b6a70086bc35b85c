"""Load on ``storyline serve``: concurrent readers and one writer, on the loopback address only.

Starts ``storyline serve`` on a copy of a built folder, then for ``--duration`` seconds (and at
most ``--max-requests`` reads) runs ``--readers`` concurrent readers over story pages, the
stories API, story.json and search, while one writer posts ``--write-rate`` articles a second
(articles written here, from a template).  Reports requests/s, p50/p95/p99 latency per kind of
read, errors, and the time from each POST to its story's change event on the stream (the moment an
open page learns of it; annotation, grouping and rendering included).

    .venv/bin/python benchmarks/serve_load.py --folder out/clusters-dev --readers 100 --duration 60

``--client wrk`` makes the readers wrk's (a C load generator, Debian package ``wrk``: one thread,
``--readers`` connections, a Lua script picking the same mix of paths) instead of Python's httpx, so
the load generator takes far less of the machine's CPU from the server; wrk reports one latency
histogram over the mix.  ``--pause-ms`` gives wrk's readers a pause between reads (a reader
reading a page, then the next), so the offered rate is about readers / pause; without it each reader
reads back to back and the latency is the queue of 100 readers at whatever rate the machine
manages.  ``--workers N`` starts the server with N web processes.

The folder is copied first (the writer adds articles); nothing but 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from storyline.evaluate.results import JSON_OUT_HELP, write_results

TOKEN = "serve-load-benchmark"
PLACES = ["Millbrook", "Gull Point", "Tamsin Island", "Northwick", "Eastport", "Harrow Vale"]
THINGS = ["library roof", "tram depot", "ferry pier", "school garden", "river wall", "bus station"]


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def article(number: int, rng: random.Random) -> dict:
    place, thing = rng.choice(PLACES), rng.choice(THINGS)
    day = 1 + number % 28
    return {
        "title": f"{place} council reviews the {thing} (report {number})",
        "url": f"https://example.org/load/{number}-{rng.getrandbits(32):08x}",
        "date": f"2025-04-{day:02d}",
        "text": (
            f"{place} council reviewed the {thing} on Monday, officers said, and {number % 9 + 2} "
            f"councillors asked for a second report by May.\n\n"
            f"The {thing} has cost {number % 50 + 10} million pounds so far, according to the council's "
            f'figures. "We will not rush this," said the council leader, Dana Whitlow.\n\n'
            f"Residents of {place} have been asked to send their views on the {thing} before {day} May."
        ),
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def wait_up(client: httpx.AsyncClient, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if (await client.get("/api/stories")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.3)
    raise SystemExit("the server did not come up")


WRK_SCRIPT = """
local paths = {}
local errors = 0
local pause = 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  math.randomseed(tonumber(args[2]))
  pause = tonumber(args[3])
end
delay = function()
  if pause > 0 then return math.random(0, 2 * pause) end
  return 0
end
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
response = function(status, headers, body)
  if status ~= 200 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "bytes": %d, "connect": %d, "read": %d, "write": %d, ' ..
    '"status": %d, "timeout": %d, "p50_us": %d, "p95_us": %d, "p99_us": %d, "max_us": %d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
"""


def read_paths(ids: list[str], words: list[str], rng: random.Random, count: int = 4000) -> list[str]:
    """The readers' mix: story page, story list, story.json and search, equally often."""
    paths = []
    for _ in range(count):
        kind = rng.choice(("page", "stories", "story", "search"))
        if kind == "page":
            paths.append(f"/stories/{rng.choice(ids)}")
        elif kind == "stories":
            paths.append("/api/stories")
        elif kind == "story":
            paths.append(f"/api/stories/{rng.choice(ids)}")
        else:
            paths.append(f"/api/search?q={rng.choice(words)}")
    return paths


async def run_wrk(args: argparse.Namespace, base: str, paths: list[str], scratch: Path) -> dict:
    """wrk's readers for ``--duration`` seconds; its counts and latency percentiles over the whole mix."""
    (scratch / "paths.txt").write_text("\n".join(paths) + "\n", encoding="utf-8")
    (scratch / "mix.lua").write_text(WRK_SCRIPT, encoding="utf-8")
    command = ["wrk", "-t1", f"-c{args.readers}", f"-d{int(args.duration)}s", "--timeout", "30s"]
    command += ["-s", str(scratch / "mix.lua"), base, "--", str(scratch / "paths.txt"), "7", str(args.pause_ms)]
    process = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.PIPE)
    output, _ = await process.communicate()
    lines = [line for line in output.decode().splitlines() if line.startswith("{")]
    if process.returncode != 0 or not lines:
        raise SystemExit(f"wrk failed: {output.decode()[-500:]}")
    return json.loads(lines[-1])


async def run(args: argparse.Namespace, base: str, scratch: Path) -> dict:
    rng = random.Random(7)
    limits = httpx.Limits(max_connections=args.readers + 10, max_keepalive_connections=args.readers + 10)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        await wait_up(client)
        stories = (await client.get("/api/stories")).json()["stories"]
        ids = [s["id"] for s in stories] or ["none"]
        words = sorted({w.lower() for s in stories for w in (s["title"] or "").split() if len(w) > 4 and w.isalpha()})
        words = words[:200] or ["council"]
        latencies: dict[str, list[float]] = {"page": [], "stories": [], "story": [], "search": []}
        errors: dict[str, int] = {k: 0 for k in latencies}
        posts = {"acknowledged": 0, "errors": 0, "not_visible": 0}
        failures: list[str] = []
        stop_at = time.monotonic() + args.duration
        budget = {"reads": args.max_requests}

        def request_for(kind: str) -> str:
            if kind == "page":
                return f"/stories/{rng.choice(ids)}"
            if kind == "stories":
                return "/api/stories"
            if kind == "story":
                return f"/api/stories/{rng.choice(ids)}"
            return f"/api/search?q={rng.choice(words)}"

        async def reader() -> None:
            while time.monotonic() < stop_at and budget["reads"] > 0:
                budget["reads"] -= 1
                kind = rng.choice(("page", "stories", "story", "search"))
                started = time.perf_counter()
                try:
                    response = await client.get(request_for(kind))
                    ok = response.status_code == 200
                    if not ok:
                        failures.append(f"{kind}: HTTP {response.status_code}: {response.text[:200]}")
                except httpx.HTTPError as error:
                    ok = False
                    failures.append(f"{kind}: {type(error).__name__}")
                latencies[kind].append(time.perf_counter() - started)
                if not ok:
                    errors[kind] += 1

        posted_at: dict[str, float] = {}
        seen_at: dict[str, float] = {}  # article id → when the change stream said its story has it

        async def follow_changes() -> None:
            """One Server-Sent Events connection, as a page would hold, instead of polling each article."""
            async with client.stream("GET", "/api/changes/stream", timeout=None) as response:
                async for line in response.aiter_lines():
                    if line.startswith("data: "):
                        now = time.monotonic()
                        for article_id in json.loads(line[6:])["article_ids"]:
                            seen_at.setdefault(article_id, now)

        async def post(number: int) -> None:
            posted = time.monotonic()
            try:
                response = await client.post(
                    "/api/articles", json=article(number, rng), headers={"Authorization": f"Bearer {TOKEN}"}
                )
            except httpx.HTTPError as error:
                posts["errors"] += 1
                failures.append(type(error).__name__)
                return
            if response.status_code not in (201, 202):
                posts["errors"] += 1
                failures.append(f"HTTP {response.status_code}: {response.text[:200]}")
                return
            posts["acknowledged"] += 1
            posted_at[response.json()["id"]] = posted

        async def writer() -> None:
            """Posts on a fixed schedule, each in its own task, so a slow answer does not lower the rate."""
            posting = []
            first = time.monotonic()
            count = int(min(args.duration, args.write_seconds) * args.write_rate)
            for number in range(count):
                await asyncio.sleep(max(0.0, first + number / args.write_rate - time.monotonic()))
                posting.append(asyncio.create_task(post(number)))
            await asyncio.gather(*posting)
            deadline = time.monotonic() + args.visible_timeout
            while time.monotonic() < deadline and not set(posted_at) <= set(seen_at):
                await asyncio.sleep(0.2)

        stream = asyncio.create_task(follow_changes())
        await asyncio.sleep(0.5)
        # one warm-up article, not counted: the worker loads its model when the server starts
        warm = await client.post("/api/articles", json=article(-1, rng), headers={"Authorization": f"Bearer {TOKEN}"})
        warm_id = warm.json()["id"]
        for _ in range(int(args.visible_timeout * 5)):
            if warm_id in seen_at:
                break
            await asyncio.sleep(0.2)
        started = time.monotonic()
        wrk = None
        if args.client == "wrk":
            tasks = [asyncio.create_task(run_wrk(args, base, read_paths(ids, words, rng), scratch))]
        else:
            tasks = [asyncio.create_task(reader()) for _ in range(args.readers)]
        readers = len(tasks)
        if args.write_rate > 0:
            tasks.append(asyncio.create_task(writer()))
        done_reading = await asyncio.gather(*tasks[:readers])
        read_seconds = time.monotonic() - started
        if args.client == "wrk":
            wrk = done_reading[0]
            read_seconds = wrk["duration_us"] / 1e6
        await asyncio.gather(*tasks[readers:])
        stream.cancel()
        visible = [seen_at[i] - posted_at[i] for i in posted_at if i in seen_at]
        posts["not_visible"] = len(set(posted_at) - set(seen_at))

    reads = sum(len(v) for v in latencies.values())
    read_errors = sum(errors.values())
    if wrk is not None:
        reads = wrk["requests"]
        read_errors = sum(wrk[k] for k in ("connect", "read", "write", "status", "timeout"))
    report = {
        "client": args.client,
        "server_workers": args.workers,
        "pause_ms": args.pause_ms,
        "readers": args.readers,
        "duration_s": round(read_seconds, 1),
        "stories": len(ids),
        "reads": reads,
        "reads_per_s": round(reads / read_seconds, 1),
        "read_errors": read_errors,
        "wrk": wrk,
        "by_kind": {
            kind: {
                "n": len(v),
                "errors": errors[kind],
                "p50_ms": round(percentile(v, 0.5) * 1000, 1),
                "p95_ms": round(percentile(v, 0.95) * 1000, 1),
                "p99_ms": round(percentile(v, 0.99) * 1000, 1),
            }
            for kind, v in latencies.items()
        }
        if wrk is None
        else None,
        "posts": {
            **posts,
            "rate_per_s": args.write_rate,
            "visible_p50_s": round(percentile(visible, 0.5), 2) if visible else None,
            "visible_p95_s": round(percentile(visible, 0.95), 2) if visible else None,
            "visible_max_s": round(max(visible), 2) if visible else None,
            "visible_mean_s": round(statistics.fmean(visible), 2) if visible else None,
            "failures": failures[:10],
        },
    }
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, required=True, help="a folder built by `storyline build`")
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of reading (at most 300)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="reads in all, at most")
    parser.add_argument("--write-rate", type=float, default=5.0, help="articles posted per second (0: none)")
    parser.add_argument("--write-seconds", type=float, default=60.0, help="seconds of writing")
    parser.add_argument("--visible-timeout", type=float, default=60.0)
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    parser.add_argument("--client", choices=("httpx", "wrk"), default="httpx", help="the readers' HTTP client")
    parser.add_argument("--workers", type=int, default=1, help="web server processes")
    parser.add_argument(
        "--pause-ms",
        type=int,
        default=0,
        help="wrk only: each reader waits a random 0 to 2×this many ms between two reads (0: reads back to back)",
    )
    args = parser.parse_args()
    args.duration = min(args.duration, 300.0)
    if args.client == "wrk" and shutil.which("wrk") is None:
        raise SystemExit("--client wrk needs wrk on PATH (Debian: apt-get install wrk).")
    if not (args.folder / "storyline.db").exists():
        raise SystemExit(f"{args.folder} holds no storyline.db; build it first with `storyline build`.")
    scratch = Path(tempfile.mkdtemp(prefix="serve-load-"))
    out = scratch / "out"
    shutil.copytree(args.folder, out, ignore=shutil.ignore_patterns("inbox", "serve.db*"))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "storyline.cli", "serve", str(out), "--port", str(port)]
        + (["--workers", str(args.workers)] if args.workers > 1 else []),
        env={**os.environ, "STORYLINE_TOKEN": TOKEN},
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        report = asyncio.run(run(args, f"http://127.0.0.1:{port}", scratch))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        shutil.rmtree(scratch, ignore_errors=True)
    print(json.dumps(report, indent=1))
    if args.json_out:
        write_results(args.json_out, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
