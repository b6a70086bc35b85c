"""Read access to one output folder for the web app: the story list, story files, pages, entities
and search answers, each kept in memory as the bytes sent with a strong ETag (``Body``) and dropped
when the files or the search index they came from change.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from storyline.config import ServeSettings
from storyline.render.html import render_story_html
from storyline.serve.state import ServeState
from storyline.store import Store

STORY_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
APP_SCRIPT = "/static/app.js"
STORY_FIELDS = ("id", "title", "size", "first_published", "last_published", "updated_at")
#: search answers kept in memory (per web process) until the index or the stories change
SEARCH_CACHE_SIZE = 512

T = TypeVar("T")


class ApiError(Exception):
    """An error answered as ``{"error": {"code", "message"}}`` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass
class _Cached:
    key: Any
    value: Any


@dataclass(frozen=True)
class Body:
    """A response body as sent, with the strong ETag of its bytes."""

    data: bytes
    etag: str

    @classmethod
    def of(cls, data: bytes) -> Body:
        return cls(data, '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"')


def holds(if_none_match: str | None, body: Body) -> bool:
    """Whether a request's If-None-Match names ``body``'s bytes (so 304 answers it)."""
    if not if_none_match:
        return False
    return if_none_match.strip() == "*" or body.etag in (t.strip().removeprefix("W/") for t in if_none_match.split(","))


class Library:
    """Read access to one output folder, with caches keyed by the files' modification times."""

    def __init__(self, out: Path, store_url: str | None, rank_window: int = ServeSettings.search_rank_window):
        self.out = out
        self.rank_window = rank_window
        self.stories_dir = str(out / "stories")
        self.stories_index = str(out / "stories.json")
        self.store_url = store_url
        self._local = threading.local()
        self._lock = threading.Lock()
        self._cache: dict[str, _Cached] = {}
        self._searches: OrderedDict[tuple[Any, ...], Body] = OrderedDict()
        self._change_checked = -float("inf")
        self._change_id = 0

    def store(self) -> Store:
        store = getattr(self._local, "store", None)
        if store is None:
            store = self._local.store = Store.open(self.store_url or self.out / "storyline.db")
        return store

    def state(self) -> ServeState:
        state = getattr(self._local, "state", None)
        if state is None:
            state = self._local.state = ServeState(self.out, self.store_url)
        return state

    def _stamp(self, path: Path | str) -> tuple[int, int] | None:
        try:
            info = os.stat(path)
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size)

    def _memo(self, name: str, key: Any, make: Callable[[], T]) -> T:
        cached = self._cache.get(name)
        if cached is not None and cached.key == key:
            kept: T = cached.value
            return kept
        value = make()
        with self._lock:
            self._cache[name] = _Cached(key, value)
        return value

    def generation(self) -> Any:
        """Changes whenever a build wrote its stories (stories.json is rewritten by every build)."""
        return self._stamp(self.stories_index)

    def latest_change(self, max_age: float) -> int:
        """The change log's last id, looked up at most once every ``max_age`` seconds for all of this
        process's open event streams together (each reads the log itself only when it has grown)."""
        now = time.monotonic()
        if now - self._change_checked >= max_age:
            self._change_checked = now
            self._change_id = self.state().last_change_id()
        return self._change_id

    def stories(self) -> list[dict[str, Any]]:
        return self._memo(
            "stories", self.generation(), lambda: [{k: s[k] for k in STORY_FIELDS} for s in self.store().stories()]
        )

    def stories_json(self) -> Body:
        """The unfiltered list as the API sends it, encoded once per build."""
        return self._memo(
            "stories.json",
            self.generation(),
            lambda: Body.of(json.dumps({"stories": self.stories()}, ensure_ascii=False).encode("utf-8")),
        )

    def story_of_article(self) -> dict[str, str]:
        def make() -> dict[str, str]:
            return {a: s for s, members in self.store().story_members().items() for a in members}

        return self._memo("members", self.generation(), make)

    def story_file(self, story_id: str, name: str) -> Body:
        if not STORY_ID.match(story_id):
            raise ApiError(404, "no_such_story", f"No story {story_id!r}.")
        path = f"{self.stories_dir}/{story_id}/{name}"  # a string: pathlib would cost more than the lookup
        stamp = self._stamp(path)
        if stamp is None:
            raise ApiError(404, "no_such_story", f"No story {story_id!r}.")
        return self._memo(f"file:{story_id}:{name}", stamp, lambda: Body.of(Path(path).read_bytes()))

    def entities(self) -> dict[str, dict[str, Any]]:
        """Name (case-folded) → that entity over every story: where it appears and every quote it is given."""
        return self._memo("entities", self.generation(), self._collect_entities)

    def _collect_entities(self) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for path in sorted((self.out / "stories").glob("*/story.json")):
            try:
                document = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # a story being rewritten this moment: the next build's generation reads it
            story = document.get("story") or {}
            ids = {}
            for entity in document.get("entities") or []:
                key = str(entity.get("name") or "").casefold()
                if not key:
                    continue
                ids[entity.get("id")] = key
                record = found.setdefault(
                    key,
                    {"name": entity["name"], "type": entity.get("type"), "aliases": [], "stories": [], "quotes": []},
                )
                record["aliases"] = sorted(set(record["aliases"]) | set(entity.get("aliases") or []))
                record["stories"].append(
                    {
                        "story_id": story.get("id"),
                        "title": story.get("title"),
                        "entity_id": entity.get("id"),
                        "mentions": entity.get("mentions"),
                        "roles": [r.get("role") for r in entity.get("roles") or []],
                    }
                )
            for quote in document.get("quotes") or []:
                key = ids.get(quote.get("speaker")) or str(quote.get("speaker_name") or "").casefold()
                if key in found:
                    found[key]["quotes"].append(
                        {
                            "story_id": story.get("id"),
                            "article_id": quote.get("article_id"),
                            "text": quote.get("text"),
                            "char_start": quote.get("char_start"),
                            "char_end": quote.get("char_end"),
                        }
                    )
        return found

    def story_page(self, story_id: str) -> Body:
        document = self.story_file(story_id, "story.json")
        return self._memo(
            f"page:{story_id}",
            document.etag,
            lambda: Body.of(render_story_html(json.loads(document.data), app_script=APP_SCRIPT).encode("utf-8")),
        )

    def search(self, words: str, limit: int) -> Body:
        """The search answer as sent, kept until the index grows or a build rewrites the stories."""
        key = (self.generation(), self.state().index_version(), words, limit)
        found = self._searches.get(key)
        if found is not None:
            return found
        owner = self.story_of_article()
        results = [
            {"story_id": owner.get(r["article_id"]), **r} for r in self.state().search(words, limit, self.rank_window)
        ]
        body = Body.of(json.dumps({"results": results}, ensure_ascii=False).encode("utf-8"))
        with self._lock:
            self._searches[key] = body
            while len(self._searches) > SEARCH_CACHE_SIZE:
                self._searches.popitem(last=False)
        return body
