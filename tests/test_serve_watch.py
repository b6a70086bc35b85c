"""Watchers: an RSS feed served by a local HTTP server on 127.0.0.1, and a watched folder.

The feed server answers conditional GETs as a real one does (304 when ``If-None-Match`` or
``If-Modified-Since`` match) and records every request, so the tests see what was sent.
"""

from __future__ import annotations

import http.server
import threading

import pytest

pytest.importorskip("httpx", reason="the watchers need the serve extra (httpx)")

from storyline.config import ServeSettings  # noqa: E402
from storyline.serve import inbox  # noqa: E402
from storyline.serve.watch import USER_AGENT, Watcher  # noqa: E402

ETAG = '"harbour-feed-v1"'
LAST_MODIFIED = "Wed, 19 Mar 2025 08:00:00 GMT"

FEED = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Harbour Courier</title><link>https://example.org/</link>
<description>Local news written for storyline's tests.</description>
<item><title>Ferry timetable cut for the winter</title><link>https://example.org/news/winter-timetable</link>
<pubDate>Tue, 18 Mar 2025 09:30:00 +0000</pubDate>
<description>The Harbour Transit Authority cut the winter ferry timetable to four crossings a day on Tuesday,
citing the cost of fuel.</description></item>
</channel></rss>
"""


class FeedHandler(http.server.BaseHTTPRequestHandler):
    requests: list[dict] = []
    mode = "feed"  # "feed", "error" or "huge"

    def do_GET(self):  # noqa: N802 - the name http.server calls
        type(self).requests.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
        if self.mode == "error":
            self.send_error(500)
            return
        if self.headers.get("If-None-Match") == ETAG or self.headers.get("If-Modified-Since") == LAST_MODIFIED:
            self.send_response(304)
            self.end_headers()
            return
        body = FEED.encode("utf-8") if self.mode == "feed" else b"<rss>" + b" " * 50_000 + b"</rss>"
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("ETag", ETAG)
        self.send_header("Last-Modified", LAST_MODIFIED)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # keep the test output clean
        pass


@pytest.fixture()
def feed_server():
    FeedHandler.requests = []
    FeedHandler.mode = "feed"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FeedHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", FeedHandler
    server.shutdown()
    server.server_close()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


SETTINGS = ServeSettings(feed_interval=60, host_interval=10, max_backoff=600, max_feed_bytes=20_000, folder_settle=0)


def test_a_feed_is_fetched_then_asked_again_with_a_conditional_get(tmp_path, feed_server):
    base, handler = feed_server
    clock = Clock()
    watcher = Watcher(tmp_path / "out", [f"{base}/feed.xml"], SETTINGS, log=lambda m: None, clock=clock)
    assert watcher.poll_once() == 1
    assert len(inbox.pending(tmp_path / "out")) == 1
    assert handler.requests[0]["user-agent"] == USER_AGENT and "storyline" in USER_AGENT
    assert "if-none-match" not in handler.requests[0]

    assert watcher.poll_once() == 0  # not due yet: no request at all
    assert len(handler.requests) == 1

    clock.now += SETTINGS.feed_interval + 1
    assert watcher.poll_once() == 0
    assert len(handler.requests) == 2
    assert handler.requests[1]["if-none-match"] == ETAG
    assert handler.requests[1]["if-modified-since"] == LAST_MODIFIED
    assert len(inbox.pending(tmp_path / "out")) == 1  # a 304 adds nothing


def test_the_feed_state_survives_a_restart(tmp_path, feed_server):
    base, handler = feed_server
    clock = Clock()
    Watcher(tmp_path / "out", [f"{base}/feed.xml"], SETTINGS, log=lambda m: None, clock=clock).poll_once()
    clock.now += SETTINGS.feed_interval + 1
    Watcher(tmp_path / "out", [f"{base}/feed.xml"], SETTINGS, log=lambda m: None, clock=clock).poll_once()
    assert handler.requests[-1]["if-none-match"] == ETAG


def test_one_host_is_asked_at_most_once_per_host_interval(tmp_path, feed_server):
    base, handler = feed_server
    clock = Clock()
    watcher = Watcher(tmp_path / "out", [f"{base}/a.xml", f"{base}/b.xml"], SETTINGS, log=lambda m: None, clock=clock)
    watcher.poll_once()
    assert [r["path"] for r in handler.requests] == ["/a.xml"]
    clock.now += SETTINGS.host_interval + 1
    watcher.poll_once()
    assert [r["path"] for r in handler.requests] == ["/a.xml", "/b.xml"]


def test_a_failing_feed_backs_off_twice_as_long_each_time(tmp_path, feed_server):
    base, handler = feed_server
    handler.mode = "error"
    clock = Clock()
    url = f"{base}/feed.xml"
    watcher = Watcher(tmp_path / "out", [url], SETTINGS, log=lambda m: None, clock=clock)
    waits = []
    for _ in range(4):
        watcher.poll_once()
        state = watcher.state.feed(url)
        waits.append(state["next_at"] - clock.now)
        clock.now = state["next_at"] + 1
    assert waits == [120, 240, 480, 600]  # interval × 2^failures, capped at max_backoff
    assert len(handler.requests) == 4
    assert inbox.pending(tmp_path / "out") == []


def test_a_feed_larger_than_the_limit_is_dropped(tmp_path, feed_server):
    base, handler = feed_server
    handler.mode = "huge"
    messages = []
    watcher = Watcher(tmp_path / "out", [f"{base}/feed.xml"], SETTINGS, log=messages.append, clock=Clock())
    assert watcher.poll_once() == 0
    assert inbox.pending(tmp_path / "out") == []
    assert any("larger than" in m for m in messages)


def test_a_watched_folder_submits_new_and_changed_files_once(tmp_path):
    source = tmp_path / "incoming"
    source.mkdir()
    first = source / "pier.txt"
    first.write_text(
        "Pier closes\n\nThe pier at Gull Point closed on Monday for repairs, the harbour board said.", encoding="utf-8"
    )
    (source / "notes.csv").write_text("file,published\n", encoding="utf-8")
    out = tmp_path / "out"
    clock = Clock()
    watcher = Watcher(out, [str(source)], SETTINGS, log=lambda m: None, clock=clock)
    assert watcher.poll_once() == 1
    clock.now += SETTINGS.folder_interval
    assert watcher.poll_once() == 0  # nothing new
    (source / "empty.txt").write_text("   ", encoding="utf-8")
    first.write_text(first.read_text(encoding="utf-8") + " Ferries will use the north quay.", encoding="utf-8")
    clock.now += SETTINGS.folder_interval
    messages = []
    watcher.log = messages.append
    assert watcher.poll_once() == 1  # the changed file; the empty one is skipped with its reason
    assert any("empty.txt" in m for m in messages)
    submitted = inbox.pending(out)
    assert len(submitted) == 2
    assert all((folder / "pier.txt").exists() for folder in submitted)


@pytest.mark.slow
def test_the_watch_command_builds_a_file_dropped_into_a_watched_folder(tmp_path):
    import subprocess
    import sys
    import time

    from storyline.store import Store

    source, out = tmp_path / "incoming", tmp_path / "out"
    source.mkdir()
    watcher = subprocess.Popen(
        [sys.executable, "-m", "storyline.cli", "watch", str(source), "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(1.0)
        (source / "quay.txt").write_text(
            "North quay opens to ferries\n\nThe north quay at Gull Point opened to ferries on Friday, the harbour "
            "board said, three weeks after the old pier closed for repairs.",
            encoding="utf-8",
        )
        deadline = time.monotonic() + 90
        stories: list = []
        while time.monotonic() < deadline and not stories:
            time.sleep(0.5)
            if (out / "storyline.db").exists():
                store = Store.open(out / "storyline.db")
                try:
                    stories = store.stories()
                finally:
                    store.close()
        assert [s["title"] for s in stories] == ["North quay opens to ferries"]
        assert (out / "stories" / stories[0]["id"] / "index.html").exists()
        # built, so no longer waiting: the worker clears its submission once the build is stored
        cleared = time.monotonic() + 15
        while list((out / "inbox").glob("[!.]*")) and time.monotonic() < cleared:
            time.sleep(0.2)
        assert not list((out / "inbox").glob("[!.]*"))
    finally:
        watcher.terminate()
        watcher.wait(timeout=20)


def test_a_file_still_being_written_waits_for_the_next_scan(tmp_path):
    source = tmp_path / "incoming"
    source.mkdir()
    (source / "fresh.txt").write_text("The pier closed on Monday, the harbour board said.", encoding="utf-8")
    clock = Clock()
    watcher = Watcher(tmp_path / "out", [str(source)], ServeSettings(folder_settle=60), log=lambda m: None, clock=clock)
    assert watcher.poll_once() == 0
    assert inbox.pending(tmp_path / "out") == []


def test_folders_and_feeds_are_watched_and_dropped_over_http_with_the_token(tmp_path):
    from fastapi.testclient import TestClient

    from storyline.serve.app import create_app

    token = "watch-management-token"
    auth = {"Authorization": f"Bearer {token}"}
    out, source, given = tmp_path / "out", tmp_path / "incoming", tmp_path / "given"
    source.mkdir()
    given.mkdir()
    (source / "pier.txt").write_text(
        "Pier closes\n\nThe pier at Gull Point closed on Monday for repairs, the harbour board said.", encoding="utf-8"
    )
    client = TestClient(create_app(out, token=token, watch_sources=[str(given)]))
    for method, path in [("GET", "/api/watches"), ("POST", "/api/watches"), ("DELETE", "/api/watches?source=x")]:
        assert client.request(method, path, json={"source": str(source)}).status_code == 401, (method, path)
    assert client.get("/api/watches", headers=auth).json() == {
        "watches": [{"source": str(given.resolve()), "kind": "folder", "added_at": None, "from": "command line"}]
    }
    refused = client.delete("/api/watches", params={"source": str(given.resolve())}, headers=auth)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "command_line_source"
    for bad in [str(tmp_path / "no-such-folder"), "incoming", "ftp://example.org/feed", "https:///feed.xml", "", 7]:
        response = client.post("/api/watches", json={"source": bad}, headers=auth)
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_source", bad
    assert client.post("/api/watches", content=b"not json", headers=auth).status_code == 400

    added = client.post("/api/watches", json={"source": str(source)}, headers=auth)
    assert added.status_code == 201 and added.json()["kind"] == "folder"
    assert client.post("/api/watches", json={"source": str(source) + "/"}, headers=auth).status_code == 200
    feed = client.post("/api/watches", json={"source": "https://example.org/feed.xml"}, headers=auth)
    assert feed.status_code == 201 and feed.json()["kind"] == "feed"
    listed = client.get("/api/watches", headers=auth).json()["watches"]
    assert [(w["source"], w["kind"], w["from"]) for w in listed] == [
        (str(given.resolve()), "folder", "command line"),
        (str(source.resolve()), "folder", "api"),
        ("https://example.org/feed.xml", "feed", "api"),
    ]
    assert listed[2]["last_status"] is None and listed[2]["failures"] == 0
    assert client.delete("/api/watches", params={"source": "https://example.org/feed.xml"}, headers=auth).json() == {
        "removed": "https://example.org/feed.xml"
    }
    assert (
        client.delete("/api/watches", params={"source": "https://example.org/feed.xml"}, headers=auth).status_code
        == 404
    )

    # the worker's watcher, started with no sources of its own, takes up the folder added over HTTP
    clock = Clock()
    watcher = Watcher(out, [], SETTINGS, log=lambda m: None, clock=clock)
    assert watcher.poll_once() == 1 and len(inbox.pending(out)) == 1
    assert client.delete("/api/watches", params={"source": str(source.resolve())}, headers=auth).status_code == 200
    (source / "quay.txt").write_text(
        "Quay reopens\n\nThe north quay at Gull Point reopened on Friday, the harbour board said.", encoding="utf-8"
    )
    clock.now += SETTINGS.folder_interval
    assert watcher.poll_once() == 0 and len(inbox.pending(out)) == 1  # no longer watched
