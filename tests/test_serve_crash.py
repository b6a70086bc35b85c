"""A crash mid-ingest (kill -9 of the server and its worker) loses no acknowledged article.

Starts ``storyline serve`` (uvicorn and its worker process) on a free loopback port, posts
articles from a thread, kills the whole process group with SIGKILL while posts and builds are
under way, starts the server again and checks that every article whose POST was answered 2xx
is stored and in a story.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="storyline serve needs the serve extra")
sys.path.insert(0, str(Path(__file__).parent))
from serve_process import free_port, kill, start, wait_up  # noqa: E402

pytestmark = pytest.mark.slow

TOKEN = "crash-test-token"
MAX_POSTS = 80  # bounds the test: at most this many articles to build after the restart
TOPICS = ["ferry pier", "orchard fair", "library roof", "tram depot", "school garden", "river dredging"]


def _article(number: int) -> dict:
    topic = TOPICS[number % len(TOPICS)]
    return {
        "title": f"Update {number} on the {topic}",
        "url": f"https://example.org/crash-test/{number}",
        "date": f"2025-03-{1 + number % 27:02d}",
        "text": (
            f"Council officers gave update number {number} on the {topic} on Monday. "
            f"The {topic} work is on budget, the officer in charge said, and the next review is in May.\n\n"
            f"Residents asked about the {topic} at the meeting; {number} written questions were received."
        ),
    }


def test_a_kill_9_mid_ingest_loses_no_acknowledged_article(tmp_path):
    out = tmp_path / "out"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(out, port, TOKEN)
    acknowledged: list[str] = []
    stop = threading.Event()
    burst = threading.Event()  # once set, posts go out back to back so they outrun the builds

    def post_until_stopped() -> None:
        number = 0
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10) as client:
            while not stop.is_set() and number < MAX_POSTS:
                try:
                    response = client.post("/api/articles", json=_article(number))
                except httpx.HTTPError:
                    return  # the server is gone
                if 200 <= response.status_code < 300:
                    acknowledged.append(response.json()["id"])
                number += 1
                if not burst.is_set():
                    time.sleep(0.1)

    def stored_count() -> int:
        return sum(s["size"] for s in httpx.get(f"{base}/api/stories", timeout=5).json()["stories"])

    try:
        wait_up(base)
        poster = threading.Thread(target=post_until_stopped)
        poster.start()
        # kill once the worker has built some articles, in a burst of posts it cannot have built yet
        deadline = time.monotonic() + 90
        stored = 0
        while time.monotonic() < deadline and stored < 3:
            time.sleep(0.2)
            stored = stored_count()
        burst.set()
        burst_target = len(acknowledged) + 10
        while time.monotonic() < deadline and len(acknowledged) < burst_target and poster.is_alive():
            time.sleep(0.01)
        stored = stored_count()
        posted_at_kill = len(acknowledged)
        kill(server)
        stop.set()
        poster.join(timeout=20)
        pending = list((out / "inbox").glob("[!.]*"))
        assert stored >= 3 and posted_at_kill > stored, "the kill should come with acknowledged articles not yet built"

        restarted = time.monotonic()
        server = start(out, port, TOKEN)
        wait_up(base)
        missing = set(acknowledged)
        deadline = time.monotonic() + 120
        while missing and time.monotonic() < deadline:
            for article_id in sorted(missing):
                status = httpx.get(f"{base}/api/articles/{article_id}", timeout=5).json()
                if status.get("status") == "stored" and status.get("story_id"):
                    missing.discard(article_id)
            time.sleep(0.5)
        assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged articles were lost"
        print(
            f"killed with {len(pending)} submissions waiting; {len(acknowledged)} acknowledged, all found "
            f"{time.monotonic() - restarted:.1f} s after the restart"
        )
    finally:
        stop.set()
        kill(server)
