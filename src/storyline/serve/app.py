"""The ASGI app: a JSON API under ``/api/`` and the web pages, over one output folder.

FastAPI (on Starlette, under uvicorn): typed query parameters are checked for us and the
OpenAPI description (``/api/openapi.json``, read at ``/api/docs``) comes from the code itself.

The app only reads the store and the rendered files (through ``library.Library``, which keeps
the story list, story documents, story pages and search answers in memory as the bytes sent,
each with a strong ETag, so a client holding them gets 304), and writes submissions to the
durable inbox; the ingest worker (another process) builds them.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hmac
import json
import os
from collections.abc import AsyncIterator, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from storyline import __version__
from storyline.config import ServeSettings
from storyline.errors import InputError
from storyline.ingest.dates import parse_date
from storyline.model import Article
from storyline.serve import inbox, pages
from storyline.serve.library import APP_SCRIPT, STORY_ID, ApiError, Body, Library, holds
from storyline.serve.state import ServeState
from storyline.serve.watch import check_source, is_feed_url

#: the policy of every response but the story page, which carries its own (render/html.py)
PAGE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
STORY_PAGE_POLICY = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
SECURITY_HEADERS = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"))
PAGE_HEADERS = ((b"content-security-policy", PAGE_POLICY.encode()), *SECURITY_HEADERS)
STORY_PAGE_HEADERS = ((b"content-security-policy", STORY_PAGE_POLICY.encode()), *SECURITY_HEADERS)
#: stories listed by ``GET /api/stories`` unless ``limit`` says otherwise
STORY_LIST_LIMIT = 1000
MAX_QUERY_CHARS = 500
JSON_TYPE = "application/json"
HTML_TYPE = "text/html; charset=utf-8"
#: the environment variable ``serve_app`` reads its settings from (several web processes)
APP_CONFIG_VARIABLE = "STORYLINE_SERVE_APP"


class _Guard:
    """Pure ASGI middleware: the token check for reads (when asked for) and the security headers."""

    def __init__(self, app: ASGIApp, check: Callable[[Request], None] | None = None) -> None:
        self.app = app
        self.check = check

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if self.check is not None and path != APP_SCRIPT:
            try:
                self.check(Request(scope))
            except ApiError as error:
                await error_response(error.status, error.code, error.message)(scope, receive, send)
                return
        # the story page carries its own script policy (render/html.py); the rest gets the app's
        extra = STORY_PAGE_HEADERS if path.startswith("/stories/") else PAGE_HEADERS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def cached_response(request: Request, body: Body, media_type: str) -> Response:
    """``body``, or 304 when the client holds these bytes already."""
    headers = {"ETag": body.etag, "Cache-Control": "no-cache"}
    if holds(request.headers.get("if-none-match"), body):
        return Response(status_code=304, headers=headers)
    return Response(body.data, media_type=media_type, headers=headers)


class _CachedReads:
    """Pure ASGI middleware: the hot reads (the story list, a story's story.json, a story page and a
    search by words alone) answered straight from the library's cached bytes, without FastAPI's routing
    and parameter checks, which cost several times more than the answer.  Anything else, and any of
    these the cache cannot answer as it stands (filters, limits, an unknown story), goes on to the
    app, whose routes give the same answers and every error."""

    def __init__(self, app: ASGIApp, library: Library, search_limit: int) -> None:
        self.app = app
        self.library = library
        self.search_limit = search_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = self._lookup(scope["path"], scope["query_string"])
            if found is not None:
                body, media_type = found
                await self._send(scope, send, body, media_type)
                return
        await self.app(scope, receive, send)

    def _lookup(self, path: str, query: bytes) -> tuple[Body, str] | None:
        library = self.library
        try:
            if path == "/api/stories":
                if not query and len(library.stories()) <= STORY_LIST_LIMIT:
                    return library.stories_json(), JSON_TYPE
            elif path.startswith("/api/stories/"):
                story_id = path[len("/api/stories/") :]
                if not query and STORY_ID.match(story_id):
                    return library.story_file(story_id, "story.json"), JSON_TYPE
            elif path.startswith("/stories/"):
                story_id = path[len("/stories/") :]
                if not query and STORY_ID.match(story_id):
                    return library.story_page(story_id), HTML_TYPE
            elif path == "/api/search" and query:
                params = QueryParams(query)
                words = params.get("q")
                if len(params) == 1 and words and len(words) <= MAX_QUERY_CHARS:
                    return library.search(words, self.search_limit), JSON_TYPE
        except ApiError:
            return None
        return None

    @staticmethod
    async def _send(scope: Scope, send: Send, body: Body, media_type: str) -> None:
        held = next((v for k, v in scope["headers"] if k == b"if-none-match"), None)
        headers = [(b"etag", body.etag.encode()), (b"cache-control", b"no-cache")]
        if holds(held.decode("latin-1") if held else None, body):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers += [(b"content-type", media_type.encode()), (b"content-length", str(len(body.data)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body.data})


def _date_param(value: str | None, name: str) -> str | None:
    if value in (None, ""):
        return None
    parsed = parse_date(value)
    if parsed is None:
        raise ApiError(400, "bad_date", f"{name}={value[:40]!r} is not a date; give it as YYYY-MM-DD.")
    return parsed.isoformat()


def _timestamp_param(value: str | None, name: str) -> str | None:
    """An ISO 8601 timestamp (a date alone means its midnight UTC), in UTC, for comparing stored times."""
    if value in (None, ""):
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ApiError(400, "bad_date", f"{name}={value[:40]!r} is not an ISO 8601 date or timestamp.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    return moment.astimezone(dt.timezone.utc).isoformat(timespec="milliseconds")


def _utc(stored: str | None) -> str:
    """A stored timestamp in the same form as ``_timestamp_param``'s, so strings compare as times."""
    if not stored:
        return ""
    return dt.datetime.fromisoformat(stored).astimezone(dt.timezone.utc).isoformat(timespec="milliseconds")


def filter_stories(
    stories: list[dict[str, Any]],
    date_from: str | None,
    date_to: str | None,
    min_size: int | None,
    max_size: int | None,
    updated_since: str | None,
) -> list[dict[str, Any]]:
    """Stories whose span meets [date_from, date_to], within the sizes, updated after ``updated_since``."""
    kept = []
    for story in stories:
        first, last = story["first_published"], story["last_published"]
        if date_from and (last is None or last < date_from):
            continue
        if date_to and (first is None or first > date_to):
            continue
        if min_size is not None and story["size"] < min_size:
            continue
        if max_size is not None and story["size"] > max_size:
            continue
        if updated_since and _utc(story["updated_at"]) <= updated_since:
            continue
        kept.append(story)
    return kept


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 past ``limit`` bytes (declared or actually sent)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, "too_large", f"The request body is larger than {limit} bytes.")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, "too_large", f"The request body is larger than {limit} bytes.")
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(
    out: Path,
    settings: ServeSettings | None = None,
    token: str | None = None,
    store_url: str | None = None,
    reads_need_token: bool = False,
    watch_sources: list[str] | None = None,
) -> FastAPI:
    """The app over OUT.  Writes need ``token`` (none given: writes are refused); reads need it
    too when ``reads_need_token`` (a server bound to anything but the loopback address).
    ``watch_sources`` are those the server's worker watches from its command line (listed, not removable)."""
    settings = settings or ServeSettings()
    library = Library(out, store_url, settings.search_rank_window)
    library.state().catch_up(library.store())  # a folder made by `storyline build` has no search index yet
    app = FastAPI(
        title="storyline",
        version=__version__,
        description="Stories, timelines and search over a storyline output folder.",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.library = library

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(error.status, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in error.errors())
        return error_response(400, "invalid_parameter", problems or "The request is not valid.")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return error_response(error.status_code, code, str(error.detail))

    def _check_token(request: Request) -> None:
        if not token:
            raise ApiError(401, "unauthorized", "This server has no token, so it takes no writes.")
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(), token.encode()):
            raise ApiError(401, "unauthorized", "Send the token as 'Authorization: Bearer TOKEN'.")

    app.add_middleware(_CachedReads, library=library, search_limit=settings.search_limit)
    app.add_middleware(_Guard, check=_check_token if reads_need_token else None)

    # ── API: stories ─────────────────────────────────────────────────────────────

    @app.get("/api/stories", summary="List stories (filter by dates, size, updated since)")
    async def list_stories(
        request: Request,
        date_from: str | None = Query(None, alias="from", description="YYYY-MM-DD: stories reaching this date"),
        date_to: str | None = Query(None, alias="to", description="YYYY-MM-DD: stories starting by this date"),
        min_size: int | None = Query(None, ge=0),
        max_size: int | None = Query(None, ge=0),
        updated_since: str | None = Query(None, description="ISO 8601 timestamp"),
        limit: int = Query(STORY_LIST_LIMIT, ge=1, le=10000),
    ) -> Response:
        stories = library.stories()
        if (date_from, date_to, min_size, max_size, updated_since) == (None,) * 5 and limit >= len(stories):
            return cached_response(request, library.stories_json(), "application/json")
        stories = filter_stories(
            stories,
            _date_param(date_from, "from"),
            _date_param(date_to, "to"),
            min_size,
            max_size,
            _timestamp_param(updated_since, "updated_since"),
        )
        return JSONResponse({"stories": stories[:limit]})

    @app.get("/api/stories/{story_id}", summary="One story's story.json (the storyline/1 contract)")
    async def get_story(request: Request, story_id: str) -> Response:
        return cached_response(request, library.story_file(story_id, "story.json"), "application/json")

    @app.get("/api/stories/{story_id}/timeline.md", summary="One story's timeline as Markdown")
    async def get_markdown(request: Request, story_id: str) -> Response:
        return cached_response(request, library.story_file(story_id, "timeline.md"), "text/markdown; charset=utf-8")

    @app.get("/api/stories/{story_id}/timelinejs.json", summary="One story for Knight Lab TimelineJS3")
    async def get_timelinejs(request: Request, story_id: str) -> Response:
        return cached_response(request, library.story_file(story_id, "timelinejs.json"), "application/json")

    @app.get("/api/stories/{story_id}/changes", summary="What is new in one story since a time")
    async def story_changes(
        story_id: str, since: str | None = Query(None, description="ISO 8601 timestamp")
    ) -> dict[str, Any]:
        library.story_file(story_id, "story.json")  # 404 for an unknown story
        return {"changes": library.state().changes_after(0, _timestamp_param(since, "since"), story_id)}

    # ── API: entities across stories ───────────────────────────────────────────

    def _entity_summary(record: dict[str, Any]) -> dict[str, Any]:
        return {
            "name": record["name"],
            "type": record["type"],
            "aliases": record["aliases"],
            "stories": len(record["stories"]),
            "quotes": len(record["quotes"]),
        }

    def _find_entities(words: str, kind: str | None) -> list[dict[str, Any]]:
        needle = words.casefold().strip()
        matches = [
            r
            for key, r in library.entities().items()
            if (not kind or r["type"] == kind) and (needle in key or any(needle in a.casefold() for a in r["aliases"]))
        ]
        return sorted(matches, key=lambda r: (-len(r["stories"]), -len(r["quotes"]), r["name"]))

    @app.get("/api/entities", summary="People and organisations across stories whose name holds the words")
    async def entities(
        name: str = Query(..., min_length=1, max_length=200),
        type: str | None = Query(None, description="PERSON, ORG, GPE, …"),  # noqa: A002 - the API's word
        limit: int = Query(50, ge=1, le=500),
    ) -> dict[str, Any]:
        return {"entities": [_entity_summary(r) for r in _find_entities(name, type)[:limit]]}

    @app.get("/api/entities/{name}", summary="One entity over all stories: its stories and every quote it is given")
    async def entity(name: str) -> dict[str, Any]:
        record = library.entities().get(name.casefold())
        if record is None:
            raise ApiError(404, "no_such_entity", f"No person or organisation named {name[:80]!r} in any story.")
        return record

    # ── API: search, articles, changes ─────────────────────────────────────────

    @app.get(
        "/api/search", summary="Full-text search over article sentences (SQLite FTS5, or PostgreSQL's text search)"
    )
    async def search(
        request: Request,
        q: str = Query(..., min_length=1, max_length=MAX_QUERY_CHARS, description="words, all of which must occur"),
        limit: int = Query(settings.search_limit, ge=1, le=100),
    ) -> Response:
        return cached_response(request, library.search(q, limit), "application/json")

    @app.get("/api/articles/{article_id}", summary="Where a submitted article is: queued, or stored in a story")
    async def article_status(article_id: str) -> dict[str, Any]:
        return _status(article_id)

    def _status(article_id: str) -> dict[str, Any]:
        # the inbox first: the worker removes a submission only after storing it, so looking in this
        # order never misses an article that moves from one to the other meanwhile
        if article_id in inbox.pending_ids(out):
            return {"id": article_id, "status": "queued", "story_id": None}
        if library.store().published_of([article_id]):
            return {"id": article_id, "status": "stored", "story_id": library.story_of_article().get(article_id)}
        raise ApiError(404, "no_such_article", f"No article {article_id!r} is stored or queued.")

    def _status_or_skipped(article_id: str) -> dict[str, Any]:
        """While a POST waits: an article the build skipped (its annotation failed) is neither stored nor queued."""
        try:
            return _status(article_id)
        except ApiError:
            return {"id": article_id, "status": "skipped", "story_id": None}

    @app.post(
        "/api/articles",
        status_code=202,
        summary="Submit one article (a .jsonl line as JSON, or an HTML page with ?url=); needs the token",
        responses={401: {"description": "no or wrong token"}, 413: {"description": "too large"}},
    )
    async def post_article(
        request: Request,
        url: str | None = Query(None, description="the page's URL (HTML only)"),
        wait: float = Query(0, ge=0, le=60, description="seconds to wait for the article to be stored in a story"),
    ) -> JSONResponse:
        _check_token(request)
        try:
            body = await asyncio.wait_for(read_body(request, settings.max_body_bytes), settings.body_timeout)
        except asyncio.TimeoutError:
            raise ApiError(408, "timeout", f"The request body took longer than {settings.body_timeout:g} s.") from None
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()

        def keep(articles: list[Article]) -> bool:  # an article stored already is not queued again
            return not all(library.store().published_of([a.id]) for a in articles)

        try:
            if kind in ("text/html", "application/xhtml+xml"):
                submitted = await asyncio.to_thread(_submit_html, out, body, url, keep)
            else:
                record = _json_record(body)
                submitted = await asyncio.to_thread(inbox.submit_record, out, record, keep)
        except InputError as error:
            status = 422 if error.code == "E104" else 400
            raise ApiError(status, "bad_article" if status == 400 else "bad_date", error.message) from None
        ids = [a.id for a in submitted.articles]
        deadline = asyncio.get_running_loop().time() + wait
        while True:
            states = [_status_or_skipped(i) for i in ids]
            done = all(s["status"] == "stored" and s["story_id"] for s in states)
            if done or any(s["status"] == "skipped" for s in states) or asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(0.1)
        first = states[0]
        status = 201 if done else 202
        return JSONResponse(
            {**first, "articles": states}, status_code=status, headers={"Location": f"/api/articles/{first['id']}"}
        )

    @app.get("/api/changes", summary="Stories created or updated after a change id or a time")
    async def changes(
        after: int = Query(0, ge=0),
        since: str | None = Query(None, description="ISO 8601 timestamp"),
        limit: int = Query(500, ge=1, le=5000),
    ) -> dict[str, Any]:
        rows = library.state().changes_after(after, _timestamp_param(since, "since"), None, limit)
        return {"changes": rows, "last_id": rows[-1]["id"] if rows else max(after, library.state().last_change_id())}

    @app.get("/api/changes/stream", summary="Server-Sent Events: one 'story' event per created or updated story")
    async def stream(
        request: Request,
        after: int | None = Query(None, ge=0, description="replay changes after this id"),
        limit: int | None = Query(None, ge=1, description="close after this many events"),
    ) -> StreamingResponse:
        state = ServeState(out)
        last = request.headers.get("last-event-id")
        start = int(last) if last and last.isdigit() else (after if after is not None else state.last_change_id())

        async def events() -> AsyncIterator[str]:
            sent, position, quiet = 0, start, 0.0
            try:
                yield "retry: 2000\n\n"
                while not await request.is_disconnected():
                    waiting = (
                        state.changes_after(position) if library.latest_change(settings.stream_poll) > position else []
                    )
                    for change in waiting:
                        position = change["id"]
                        yield f"id: {position}\nevent: story\ndata: {json.dumps(change)}\n\n"
                        sent += 1
                        if limit is not None and sent >= limit:
                            return
                    await asyncio.sleep(settings.stream_poll)
                    quiet += settings.stream_poll
                    if quiet >= 15:
                        quiet = 0.0
                        yield ": keep-alive\n\n"
            finally:
                state.close()

        return StreamingResponse(
            events(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )

    # ── API: watched folders and feeds ────────────────────────────────────────────

    fixed_watches = [
        {"source": s if is_feed_url(s) else str(Path(s).resolve()), "kind": "feed" if is_feed_url(s) else "folder"}
        for s in watch_sources or []
    ]

    def _watch_record(watch: dict[str, Any], given: str) -> dict[str, Any]:
        record = {"source": watch["source"], "kind": watch["kind"], "added_at": watch.get("added_at"), "from": given}
        if watch["kind"] != "feed":
            return record
        feed = library.state().feed(watch["source"])
        return {**record, "last_status": feed["last_status"], "failures": feed["failures"]}

    @app.get("/api/watches", summary="The folders and feeds being watched for new articles; needs the token")
    async def list_watches(request: Request) -> dict[str, Any]:
        _check_token(request)
        fixed = [_watch_record(w, "command line") for w in fixed_watches]
        return {"watches": fixed + [_watch_record(w, "api") for w in library.state().watches()]}

    @app.post(
        "/api/watches",
        summary='Watch a folder (absolute path) or an RSS/Atom feed URL: {"source": …}; needs the token',
        responses={201: {"description": "now watched"}, 200: {"description": "watched already"}},
    )
    async def add_watch(request: Request) -> JSONResponse:
        _check_token(request)
        record = _json_record(await read_body(request, 10_000))
        source = record.get("source")
        if not isinstance(source, str) or not source.strip():
            raise ApiError(400, "bad_source", 'Send {"source": "/absolute/folder" or "https://…/feed.xml"}.')
        try:
            source, kind = check_source(source)
        except InputError as error:
            raise ApiError(400, "bad_source", error.message) from None
        if any(w["source"] == source for w in fixed_watches):
            return JSONResponse(_watch_record({"source": source, "kind": kind}, "command line"), status_code=200)
        added = library.state().add_watch(source, kind)
        watch = next(w for w in library.state().watches() if w["source"] == source)
        return JSONResponse(_watch_record(watch, "api"), status_code=201 if added else 200)

    @app.delete("/api/watches", summary="Stop watching a folder or feed (?source=…); needs the token")
    async def remove_watch(request: Request, source: str = Query(..., min_length=1, max_length=2000)) -> dict[str, Any]:
        _check_token(request)
        if any(w["source"] == source for w in fixed_watches):
            raise ApiError(409, "command_line_source", f"{source[:200]!r} is watched by --watch; restart without it.")
        if not library.state().remove_watch(source):
            raise ApiError(404, "no_such_watch", f"{source[:200]!r} is not watched.")
        return {"removed": source}

    # ── docs, web pages, static ───────────────────────────────────────────────────

    @app.get("/api/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(pages.docs_page(app.openapi()))

    @app.get("/", include_in_schema=False)
    async def index(
        q: str | None = None,
        date_from: str | None = Query(None, alias="from"),
        date_to: str | None = Query(None, alias="to"),
        min_size: str | None = None,
    ) -> HTMLResponse:
        size = int(min_size) if min_size and min_size.isdigit() else None
        try:
            stories = filter_stories(
                library.stories(), _date_param(date_from, "from"), _date_param(date_to, "to"), size, None, None
            )
            problem = None
        except ApiError as error:
            stories, problem = library.stories(), error.message
        results = None
        if q and q.strip():
            titles = {s["id"]: s["title"] for s in library.stories()}
            owner = library.story_of_article()
            results = [
                {"story_id": owner.get(r["article_id"]), "story_title": titles.get(owner.get(r["article_id"])), **r}
                for r in library.state().search(q[:500], settings.search_limit, settings.search_rank_window)
            ]
        people = [_entity_summary(r) for r in _find_entities(q, None)[:10]] if q and q.strip() else []
        return HTMLResponse(
            pages.index_page(
                stories, q or "", results, date_from or "", date_to or "", min_size or "", problem, APP_SCRIPT, people
            )
        )

    @app.get("/people/{name}", include_in_schema=False)
    async def person_page(name: str) -> HTMLResponse:
        record = library.entities().get(name.casefold())
        if record is None:
            return HTMLResponse(
                pages.not_found_page(f"No person or organisation named {name[:80]!r}.", APP_SCRIPT), status_code=404
            )
        return HTMLResponse(pages.person_page(record, APP_SCRIPT))

    @app.get("/stories/{story_id}", include_in_schema=False)
    async def story_page(request: Request, story_id: str) -> Response:
        try:
            return cached_response(request, library.story_page(story_id), "text/html; charset=utf-8")
        except ApiError as error:
            return HTMLResponse(pages.not_found_page(error.message, APP_SCRIPT), status_code=error.status)

    script = resources.files("storyline.serve").joinpath("static").joinpath("app.js").read_bytes()

    @app.get(APP_SCRIPT, include_in_schema=False)
    async def app_script() -> Response:
        return Response(script, media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})

    return app


def serve_app() -> FastAPI:
    """The app built from the settings ``storyline serve --workers N`` leaves in the environment:
    uvicorn starts each of its N web processes from this factory."""
    config = json.loads(os.environ[APP_CONFIG_VARIABLE])
    settings = ServeSettings(host=config["host"], port=config["port"])
    return create_app(
        Path(config["out"]),
        settings,
        config["token"],
        config["store_url"],
        reads_need_token=config["reads_need_token"],
        watch_sources=config.get("watch"),
    )


def _json_record(body: bytes) -> dict[str, Any]:
    if not body.strip():
        raise ApiError(400, "empty_body", "The request has no body; send one article as a JSON object.")
    try:
        record = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise ApiError(400, "not_json", f"The body is not JSON ({error}).") from None
    if not isinstance(record, dict):
        raise ApiError(400, "not_an_object", "The body must be one JSON object (one article as in a .jsonl line).")
    return record


def _submit_html(out: Path, body: bytes, url: str | None, keep: Callable[[list[Article]], bool]) -> inbox.Submitted:
    """An HTML page: read by the same reader as a .html file; ``url`` names where it came from."""
    if url is not None and not url.lower().startswith(("http://", "https://")):
        raise InputError("E105", "?url= must be an http(s) URL.")
    name = "page.html"
    if url:
        # the page's URL goes in a comment-free <link rel=canonical> the HTML reader takes as its URL
        from html import escape

        body = f'<link rel="canonical" href="{escape(url, quote=True)}">\n'.encode() + body
    return inbox.submit_bytes(out, name, body, keep=keep)
