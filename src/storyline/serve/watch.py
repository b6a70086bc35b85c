"""Watchers: new files in folders and new entries in RSS/Atom feeds go to the inbox.

Feeds are polled politely: a conditional GET (``If-None-Match`` / ``If-Modified-Since`` from the
last answer's ``ETag`` / ``Last-Modified``), at most one request per host every
``host_interval`` seconds, each feed every ``feed_interval`` seconds, twice as long after each
failure (at most ``max_backoff``), a response size limit and a time-out, and a User-Agent that
names storyline.  What was fetched and seen is kept in serve.db, so a restart goes on from there.
The sources are the watcher's own (``--watch``, given when it starts) and those in serve.db's
``watches`` (``/api/watches``), read again every round, so a source added or removed over HTTP is
taken up or dropped within a second.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from storyline import __version__
from storyline.config import ServeSettings
from storyline.errors import InputError
from storyline.ingest import expand_inputs
from storyline.serve import inbox
from storyline.serve.state import ServeState

USER_AGENT = f"storyline/{__version__} (news timeline builder; feed poller)"


def is_feed_url(source: str) -> bool:
    return source.lower().startswith(("http://", "https://"))


def check_source(source: str) -> tuple[str, str]:
    """A source to watch as stored, and its kind: an http(s) feed URL with a host, or an existing
    folder (by its absolute path).  Raises ``InputError`` naming what is wrong."""
    source = source.strip()
    if is_feed_url(source):
        if not urlsplit(source).hostname:
            raise InputError("E106", f"The feed URL {source[:200]!r} names no host.")
        return source, "feed"
    if "://" in source:
        raise InputError("E106", f"Only http(s) feeds and folders can be watched, not {source[:200]!r}.")
    folder = Path(source)
    if not folder.is_absolute():
        raise InputError("E106", f"Give the folder {source[:200]!r} as an absolute path.")
    if not folder.is_dir():
        raise InputError("E106", f"There is no folder {source[:200]!r}.")
    return str(folder.resolve()), "folder"


class FeedTooLarge(Exception):
    pass


class Watcher:
    """Polls every source in turn; ``poll_once`` does one round (tests call it directly)."""

    def __init__(
        self,
        out: Path,
        sources: list[str],
        settings: ServeSettings | None = None,
        log: Callable[[str], None] = print,
        client: httpx.Client | None = None,
        clock: Callable[[], float] = time.time,
    ):
        self.out = out
        self.settings = settings or ServeSettings()
        self.sources = list(sources)
        self.feeds: list[str] = []
        self.folders: list[Path] = []
        self.log = log
        self.clock = clock
        self.client = client or httpx.Client(
            timeout=self.settings.feed_timeout, follow_redirects=True, headers={"User-Agent": USER_AGENT}
        )
        self.state = ServeState(out)
        self.host_next: dict[str, float] = {}  # host → earliest time of its next request
        self.last_folder_scan = 0.0

    def run(self, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                self.poll_once()
                stop.wait(1.0)
        finally:
            self.state.close()

    def poll_once(self) -> int:
        """One round over due sources; returns how many submissions went to the inbox."""
        submitted = 0
        now = self.clock()
        sources = list(dict.fromkeys([*self.sources, *(w["source"] for w in self.state.watches())]))
        self.feeds = [s for s in sources if is_feed_url(s)]
        self.folders = [Path(s) for s in sources if not is_feed_url(s)]
        if self.folders and now - self.last_folder_scan >= self.settings.folder_interval:
            self.last_folder_scan = now
            submitted += self.scan_folders()
        for url in self.feeds:
            submitted += self.poll_feed(url)
        return submitted

    # folders ---------------------------------------------------------------------------

    def scan_folders(self) -> int:
        files, _ = expand_inputs([str(f) for f in self.folders if f.exists()])
        count = 0
        for path in files:
            try:
                info = path.stat()
            except OSError:
                continue
            key = str(path.resolve())
            if self.state.seen(key) == (info.st_mtime_ns, info.st_size):
                continue
            if time.time() - info.st_mtime < self.settings.folder_settle:
                continue  # perhaps still being written; the next scan takes it
            try:
                inbox.submit_file(self.out, path)
                count += 1
            except InputError as error:
                self.log(f"skipped {path}: {error.message}")
            except OSError as error:
                self.log(f"skipped {path}: {error}")
                continue
            self.state.mark_seen(key, info.st_mtime_ns, info.st_size)
        return count

    # feeds -----------------------------------------------------------------------------

    def poll_feed(self, url: str) -> int:
        now = self.clock()
        known = self.state.feed(url)
        host = urlsplit(url).netloc.lower()
        if now < known["next_at"] or now < self.host_next.get(host, 0.0):
            return 0
        self.host_next[host] = now + self.settings.host_interval
        headers = {}
        if known["etag"]:
            headers["If-None-Match"] = known["etag"]
        if known["last_modified"]:
            headers["If-Modified-Since"] = known["last_modified"]
        try:
            status, body, response_headers = self._get(url, headers)
        except (httpx.HTTPError, FeedTooLarge) as error:
            return self._failed(url, known, f"{type(error).__name__}: {error}")
        if status == 304:
            self.state.save_feed(
                url, known["etag"], known["last_modified"], 0, now + self.settings.feed_interval, "304"
            )
            return 0
        if status != 200:
            return self._failed(url, known, f"HTTP {status}")
        submitted = 0
        name = "feed-" + hashlib.sha1(url.encode("utf-8")).hexdigest()[:12] + ".xml"
        try:
            inbox.submit_bytes(self.out, name, body)
            submitted = 1
        except InputError as error:
            return self._failed(url, known, error.message)
        self.state.save_feed(
            url,
            response_headers.get("etag"),
            response_headers.get("last-modified"),
            0,
            now + self.settings.feed_interval,
            "200",
        )
        return submitted

    def _get(self, url: str, headers: dict[str, str]) -> tuple[int, bytes, httpx.Headers]:
        """GET with a size limit: the body is read in pieces and dropped past ``max_feed_bytes``."""
        with self.client.stream("GET", url, headers=headers) as response:
            if response.status_code != 200:
                return response.status_code, b"", response.headers
            chunks, size = [], 0
            for chunk in response.iter_bytes():
                size += len(chunk)
                if size > self.settings.max_feed_bytes:
                    raise FeedTooLarge(f"the response is larger than {self.settings.max_feed_bytes} bytes")
                chunks.append(chunk)
            return 200, b"".join(chunks), response.headers

    def _failed(self, url: str, known: dict[str, Any], reason: str) -> int:
        failures = known["failures"] + 1
        wait = min(self.settings.feed_interval * 2**failures, self.settings.max_backoff)
        self.state.save_feed(url, known["etag"], known["last_modified"], failures, self.clock() + wait, reason[:200])
        self.log(f"feed {url}: {reason}; next try in {wait:.0f} s")
        return 0
