"""The HTTP API and pages of ``storyline serve``, against the real app (Starlette's TestClient).

The folder is the bundled examples built once; each test that writes works on its own copy.
Posted articles are built by the worker's own ``build_pending`` (the function the worker
process runs), so these tests need no second process.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="storyline serve needs the serve extra (fastapi, uvicorn, httpx)")

from fastapi.testclient import TestClient  # noqa: E402

from storyline.config import ServeSettings, Settings  # noqa: E402
from storyline.render.story_json import SCHEMA_PATH  # noqa: E402
from storyline.serve import inbox  # noqa: E402
from storyline.serve.app import create_app  # noqa: E402
from storyline.serve.state import ServeState  # noqa: E402
from storyline.serve.worker import build_pending  # noqa: E402
from storyline.store import Store  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_store import postgres_url  # noqa: E402,F401  (the throwaway PostgreSQL server fixture)

from conftest import EXAMPLES  # noqa: E402

TOKEN = "test-token-for-the-api"
AUTH = {"Authorization": f"Bearer {TOKEN}"}

# Written for these tests: one article that belongs to the examples' ferry story, one that does not.
PIER_ARTICLE = {
    "title": "Divers finish survey of Gull Point ferry pier",
    "url": "https://example.org/news/gull-point-pier-survey",
    "date": "2025-03-20",
    "text": (
        "Divers hired by the Harbour Transit Authority finished their survey of the corroded pier at "
        "Gull Point on Wednesday, the authority said.\n\n"
        "The Tamsin Island ferry stays suspended while engineers read the divers' report, a spokesperson "
        "for the transit board said. Islanders have crossed by water taxi since the board voted to "
        "suspend the ferry."
    ),
}
HOSTILE_ARTICLE = {
    "title": "<script>document.title='pwned'</script> Orchard fair",
    "url": "https://example.org/news/orchard-fair",
    "date": "2025-04-02",
    "text": (
        "The orchard fair at Millbrook opened on Saturday with <img src=x onerror=alert(1)> forty stalls. "
        "Organisers said the apple-pressing contest drew a record crowd of growers."
    ),
}


@pytest.fixture()
def folder(examples_built, tmp_path) -> Path:
    """A private copy of the built examples."""
    out = tmp_path / "out"
    shutil.copytree(examples_built["out"], out)
    return out


@pytest.fixture()
def client(folder) -> TestClient:
    return TestClient(create_app(folder, ServeSettings(max_body_bytes=20_000), token=TOKEN))


def _build_inbox(folder: Path, resources) -> None:
    state = ServeState(folder)
    try:
        build_pending(folder, Settings(), resources, state)
    finally:
        state.close()


def _story_documents(folder: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text(encoding="utf-8")) for p in (folder / "stories").glob("*/story.json")}


def test_story_list_has_the_fixed_fields_of_every_stored_story(client, folder):
    response = client.get("/api/stories")
    assert response.status_code == 200
    stories = response.json()["stories"]
    documents = _story_documents(folder)
    assert {s["id"] for s in stories} == set(documents)
    for story in stories:
        assert set(story) == {"id", "title", "size", "first_published", "last_published", "updated_at"}
        document = documents[story["id"]]["story"]
        assert story["size"] == len(document["article_ids"])
        assert (story["title"], story["first_published"], story["last_published"]) == (
            document["title"],
            document["first_published"],
            document["last_published"],
        )


def test_one_story_is_its_story_json_and_validates_against_the_schema(client, folder):
    jsonschema = pytest.importorskip("jsonschema")
    story_id = client.get("/api/stories").json()["stories"][0]["id"]
    response = client.get(f"/api/stories/{story_id}")
    assert response.status_code == 200
    assert response.json() == json.loads((folder / "stories" / story_id / "story.json").read_text(encoding="utf-8"))
    jsonschema.validate(response.json(), json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    markdown = client.get(f"/api/stories/{story_id}/timeline.md")
    assert markdown.status_code == 200 and markdown.headers["content-type"].startswith("text/markdown")
    assert response.json()["story"]["title"] in markdown.text
    assert "events" in client.get(f"/api/stories/{story_id}/timelinejs.json").json()


@pytest.mark.parametrize("story_id", ["no-such-story", "..%2F..%2Fetc", "a" * 200])
def test_an_unknown_story_is_a_json_404(client, story_id):
    response = client.get(f"/api/stories/{story_id}")
    assert response.status_code == 404
    assert response.json()["error"]["code"] in ("no_such_story", "not_found")


def test_search_returns_sentences_with_offsets_into_their_article(client, folder):
    response = client.get("/api/search", params={"q": "ferry pier"})
    assert response.status_code == 200
    results = response.json()["results"]
    assert results, "the examples are about a ferry pier"
    texts = {}
    owners = {}
    for story_id, document in _story_documents(folder).items():
        for article in document["articles"]:
            texts[article["id"]] = article["text"]
            owners[article["id"]] = story_id
    for result in results:
        assert set(result) == {"story_id", "article_id", "text", "char_start", "char_end"}
        assert texts[result["article_id"]][result["char_start"] : result["char_end"]] == result["text"]
        assert result["story_id"] == owners[result["article_id"]]
        lowered = result["text"].lower()
        assert "ferry" in lowered and "pier" in lowered


@pytest.mark.parametrize("words", ['ferry OR "', "NEAR(ferry", "pier*", '""', "'; DROP TABLE passages; --"])
def test_search_words_are_words_not_query_syntax(client, words):
    response = client.get("/api/search", params={"q": words})
    assert response.status_code == 200
    assert isinstance(response.json()["results"], list)


def test_search_without_words_names_the_problem(client):
    response = client.get("/api/search")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_parameter"
    assert "q" in response.json()["error"]["message"]


def test_a_frequent_word_is_ranked_among_its_newest_sentences(client, folder):
    state = ServeState(folder)  # indexed by the app when it started
    try:
        rows = state.db.execute(
            "SELECT rowid, article_id, char_start FROM passages WHERE passages MATCH ? ORDER BY rowid", ('"the"',)
        ).fetchall()
        assert len(rows) > 10, "the examples use 'the' in many sentences"
        newest = {(article, start) for _, article, start in rows[-5:]}
        assert {(r["article_id"], r["char_start"]) for r in state.search("the", 100, window=5)} == newest
        assert len(state.search("the", 1000, window=len(rows))) == len(rows)
        assert state.search("the", 10, window=len(rows)) == state.search("the", 10, window=10 * len(rows))
    finally:
        state.close()


def test_filters_by_dates_size_and_update_time(client):
    stories = client.get("/api/stories").json()["stories"]
    story = stories[0]
    assert client.get("/api/stories", params={"from": story["first_published"]}).json()["stories"]
    after = client.get("/api/stories", params={"from": "2099-01-01"}).json()["stories"]
    assert story["id"] not in {s["id"] for s in after}
    before = client.get("/api/stories", params={"to": "1999-12-31"}).json()["stories"]
    assert story["id"] not in {s["id"] for s in before}
    larger = client.get("/api/stories", params={"min_size": story["size"] + 1}).json()["stories"]
    assert all(s["size"] > story["size"] for s in larger)
    assert client.get("/api/stories", params={"updated_since": "2099-01-01T00:00:00Z"}).json()["stories"] == []
    bad = client.get("/api/stories", params={"to": "the day after"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_date"


def test_a_post_needs_the_token(client, folder):
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
        response = client.post("/api/articles", json=PIER_ARTICLE, headers=headers)
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "unauthorized"
    assert inbox.pending(folder) == []


def test_a_server_without_a_token_takes_no_writes(folder):
    client = TestClient(create_app(folder, token=None))
    assert client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH).status_code == 401


@pytest.mark.parametrize(
    "body, content_type, status, code",
    [
        (b"this is not json", "application/json", 400, "not_json"),
        (b"[1, 2]", "application/json", 400, "not_an_object"),
        (b"", "application/json", 400, "empty_body"),
        (json.dumps({"title": "No text here"}).encode(), "application/json", 400, "bad_article"),
        (json.dumps({"text": "   "}).encode(), "application/json", 400, "bad_article"),
        (json.dumps({"text": "The board met.", "date": "the day after"}).encode(), "application/json", 422, "bad_date"),
        (json.dumps({"text": "x" * 30_000}).encode(), "application/json", 413, "too_large"),
    ],
)
def test_bad_posts_are_4xx_naming_the_problem_and_keep_nothing(client, folder, body, content_type, status, code):
    before = client.get("/api/stories").json()
    response = client.post("/api/articles", content=body, headers={**AUTH, "Content-Type": content_type})
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]
    assert inbox.pending(folder) == []
    assert client.get("/api/stories").json() == before


def test_a_body_sent_without_a_length_is_still_limited(client, folder):
    def pieces():
        for _ in range(30):
            yield b"x" * 1000

    response = client.post("/api/articles", content=pieces(), headers={**AUTH, "Content-Type": "application/json"})
    assert response.status_code == 413
    assert inbox.pending(folder) == []


def test_a_body_that_trickles_in_is_cut_off(folder):
    import socket
    import threading

    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(folder, ServeSettings(body_timeout=0.5), token=TOKEN),
            host="127.0.0.1",
            port=port,
            log_level="error",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(100):
            if server.started:
                break
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(
                b"POST /api/articles HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                b"Authorization: Bearer " + TOKEN.encode() + b"\r\nContent-Length: 100\r\n\r\n"
                b'{"text": "The board'
            )
            answer = connection.recv(4096).decode("utf-8", "replace")  # the rest of the body never comes
        assert answer.startswith("HTTP/1.1 408")
        assert '"code":"timeout"' in answer.replace(" ", "")
        assert inbox.pending(folder) == []
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_cached_reads_answer_304_to_a_client_holding_them_and_change_with_the_story(client, folder, resources):
    story_id = client.get("/api/stories").json()["stories"][0]["id"]
    paths = ["/api/stories", f"/api/stories/{story_id}", f"/stories/{story_id}", "/api/search?q=ferry"]
    first = {path: client.get(path) for path in paths}
    for path, response in first.items():
        assert response.status_code == 200 and response.headers["etag"].startswith('"'), path
        again = client.get(path, headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", path
        assert again.headers["etag"] == response.headers["etag"]
        assert client.get(path, headers={"If-None-Match": '"something-else"'}).content == response.content

    # a word only the posted article holds: nothing before it is built, found after (the cached answer is dropped)
    assert client.get("/api/search?q=divers").json()["results"] == []
    held = {
        s["id"]: client.get(f"/api/stories/{s['id']}").headers["etag"]
        for s in client.get("/api/stories").json()["stories"]
    }
    article_id = client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH).json()["id"]
    _build_inbox(folder, resources)
    assert article_id in {r["article_id"] for r in client.get("/api/search?q=divers").json()["results"]}
    owner = client.get(f"/api/articles/{article_id}").json()["story_id"]
    assert owner in held, "the pier article joins the examples' ferry story"
    for path, etag in [(f"/api/stories/{owner}", held[owner]), ("/api/stories", first["/api/stories"].headers["etag"])]:
        response = client.get(path, headers={"If-None-Match": etag})
        assert response.status_code == 200 and response.headers["etag"] != etag, path
    assert article_id in client.get(f"/api/stories/{owner}").json()["story"]["article_ids"]
    assert "Divers hired by the Harbour Transit Authority" in client.get(f"/stories/{owner}").text


def test_the_cached_answers_are_the_routes_answers(client):
    """A read answered from the cache is byte for byte what the same read with its default spelt out gets."""
    story_id = client.get("/api/stories").json()["stories"][0]["id"]
    assert client.get("/api/stories").json() == client.get("/api/stories?limit=1000").json()
    assert client.get("/api/search?q=ferry").json() == client.get("/api/search?q=ferry&limit=20").json()
    cached = client.get(f"/stories/{story_id}")
    assert cached.headers["content-type"] == "text/html; charset=utf-8"
    assert (
        cached.headers["content-security-policy"]
        == client.get(f"/stories/{story_id}?x=1").headers["content-security-policy"]
    )
    assert cached.content == client.get(f"/stories/{story_id}?x=1").content


def test_a_posted_article_joins_its_story_is_searchable_and_is_stored_once(client, folder, resources):
    response = client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH)
    assert response.status_code == 202
    article_id = response.json()["id"]
    assert response.headers["location"] == f"/api/articles/{article_id}"
    assert client.get(f"/api/articles/{article_id}").json()["status"] == "queued"

    _build_inbox(folder, resources)
    assert inbox.pending(folder) == []
    status = client.get(f"/api/articles/{article_id}").json()
    assert status["status"] == "stored"
    story = client.get(f"/api/stories/{status['story_id']}").json()
    assert article_id in story["story"]["article_ids"]
    found = client.get("/api/search", params={"q": "divers survey"}).json()["results"]
    assert article_id in {r["article_id"] for r in found}
    changes = client.get("/api/changes").json()["changes"]
    assert any(article_id in c["article_ids"] and c["story_id"] == status["story_id"] for c in changes)
    since = client.get(f"/api/stories/{status['story_id']}/changes", params={"since": "2000-01-01"}).json()
    assert any(article_id in c["article_ids"] for c in since["changes"])

    again = client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH)
    assert again.status_code == 201 and again.json()["status"] == "stored"
    assert inbox.pending(folder) == []
    store = Store.open(folder / "storyline.db")
    try:
        assert sorted(store.stored_ids()).count(article_id) == 1
        members = [a for ids in store.story_members().values() for a in ids]
        assert members.count(article_id) == 1
    finally:
        store.close()


def test_the_change_stream_sends_story_events(client, folder, resources):
    client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH)
    _build_inbox(folder, resources)
    with client.stream("GET", "/api/changes/stream", params={"after": 0, "limit": 1}) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        text = "".join(response.iter_text())
    event = [block for block in text.split("\n\n") if "event: story" in block][0]
    data = json.loads(event.split("data: ", 1)[1])
    assert data["story_id"] and data["id"] >= 1
    assert event.splitlines()[0] == f"id: {data['id']}"


def test_reads_need_the_token_when_bound_beyond_loopback(folder):
    client = TestClient(create_app(folder, token=TOKEN, reads_need_token=True))
    assert client.get("/api/stories").status_code == 401
    assert client.get("/").status_code == 401
    assert client.get("/api/stories", headers=AUTH).status_code == 200


def test_pages_escape_article_text_under_a_strict_policy(client, folder, resources):
    response = client.post("/api/articles", json=HOSTILE_ARTICLE, headers=AUTH)
    article_id = response.json()["id"]
    _build_inbox(folder, resources)
    story_id = client.get(f"/api/articles/{article_id}").json()["story_id"]
    page = client.get(f"/stories/{story_id}")
    assert page.status_code == 200
    assert "<script>document.title" not in page.text and "<img src=x" not in page.text
    assert "&lt;img src=x onerror=alert(1)&gt;" in page.text
    policy = page.text.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]
    assert "default-src 'none'" in policy and "'unsafe-inline'" not in policy.split("script-src", 1)[1]
    index = client.get("/")
    assert index.status_code == 200
    assert "script-src 'self'" in index.headers["content-security-policy"]
    assert "<script>document.title" not in index.text
    assert "&lt;script&gt;document.title" in index.text
    searched = client.get("/", params={"q": "orchard onerror"})
    assert "&lt;img src=x onerror=alert(1)&gt;" in searched.text and "<img src=x" not in searched.text


def test_an_html_page_can_be_posted_with_its_url(client, folder, resources):
    page = (
        "<html><head><title>Water taxis fill the ferry gap</title></head><body><article>"
        "<h1>Water taxis fill the ferry gap</h1>"
        "<p>Water taxis carried more than two thousand islanders across the strait in the first week of the "
        "ferry suspension, the Harbour Transit Authority said on Monday.</p>"
        "<p>The authority said it would keep paying for the taxis until the pier at Gull Point reopens.</p>"
        "</article></body></html>"
    )
    url = "https://example.org/news/water-taxis"
    response = client.post(
        "/api/articles",
        params={"url": url},
        content=page.encode(),
        headers={**AUTH, "Content-Type": "text/html; charset=utf-8"},
    )
    assert response.status_code == 202
    _build_inbox(folder, resources)
    status = client.get(f"/api/articles/{response.json()['id']}").json()
    story = client.get(f"/api/stories/{status['story_id']}").json()
    article = [a for a in story["articles"] if a["id"] == response.json()["id"]][0]
    assert article["url"] == url
    assert "two thousand islanders" in article["text"]
    bad = client.post(
        "/api/articles",
        params={"url": "javascript:alert(1)"},
        content=page.encode(),
        headers={**AUTH, "Content-Type": "text/html"},
    )
    assert bad.status_code == 400


def test_the_api_docs_list_the_fixed_endpoints(client):
    spec = client.get("/api/openapi.json").json()
    for path in ("/api/stories", "/api/stories/{story_id}", "/api/search", "/api/articles", "/api/changes/stream"):
        assert path in spec["paths"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "/api/search" in docs.text
    assert "http://" not in docs.text.replace("http://testserver", "") and "https://" not in docs.text


def test_a_person_is_found_across_stories_with_every_quote(client, folder):
    quoted = {}
    for story_id, document in _story_documents(folder).items():
        names = {e["id"]: e["name"] for e in document["entities"]}
        for item in document["quotes"]:
            if item.get("speaker") in names:
                quoted.setdefault(names[item["speaker"]], []).append((story_id, item["text"]))
    assert quoted, "the examples quote named people"
    name, expected = max(quoted.items(), key=lambda kv: len(kv[1]))
    found = client.get("/api/entities", params={"name": name.split()[-1].lower()}).json()["entities"]
    assert name in {e["name"] for e in found}
    record = client.get(f"/api/entities/{name}").json()
    assert sorted((q["story_id"], q["text"]) for q in record["quotes"]) == sorted(expected)
    page = client.get(f"/people/{name}")
    assert page.status_code == 200 and expected[0][1].split()[0] in page.text
    assert client.get("/api/entities/Nobody%20Atall").status_code == 404


def test_the_app_serves_and_builds_into_a_postgresql_store(tmp_path, resources, postgres_url, examples_built):  # noqa: F811
    """On a PostgreSQL store the search index is PostgreSQL's text search: the same answers as SQLite's FTS5."""
    from storyline.pipeline import build

    out = tmp_path / "out"
    for _ in range(20):  # the socket can lag the start by a moment
        try:
            build([str(EXAMPLES)], out, resources=resources, store_url=postgres_url)
            break
        except Exception:  # noqa: BLE001 - psycopg.OperationalError, imported lazily
            time.sleep(0.25)
    client = TestClient(create_app(out, token=TOKEN, store_url=postgres_url))
    stories = client.get("/api/stories").json()["stories"]
    assert stories and not (out / "storyline.db").exists()

    on_sqlite = TestClient(create_app(examples_built["out"], token=TOKEN))
    texts = {}
    for document in _story_documents(out).values():
        texts.update({article["id"]: article["text"] for article in document["articles"]})
    for words in ("ferry", "ferry pier", "Tamsin island", "council"):
        found = client.get("/api/search", params={"q": words, "limit": 100}).json()["results"]
        expected = on_sqlite.get("/api/search", params={"q": words, "limit": 100}).json()["results"]
        assert found, words
        key = lambda r: (r["article_id"], r["char_start"], r["char_end"], r["text"], r["story_id"])  # noqa: E731
        assert sorted(map(key, found)) == sorted(map(key, expected)), words
        for result in found:
            assert texts[result["article_id"]][result["char_start"] : result["char_end"]] == result["text"]
    # operators are words to look for, never tsquery syntax: '!' does not negate, '|' does not widen
    for words, required in [("ferry & !pier", ("ferry", "pier")), ("ferry | (", ("ferry",)), ("pier:*", ("pier",))]:
        response = client.get("/api/search", params={"q": words})
        assert response.status_code == 200, words
        results = response.json()["results"]
        assert results and all(all(w in r["text"].lower() for w in required) for r in results), words
    assert client.get("/api/search", params={"q": "'\\"}).json() == {"results": []}
    state = ServeState(out)  # serve.db holds no search index for a PostgreSQL store
    try:
        assert state.db.execute("SELECT COUNT(*) FROM passages").fetchone()[0] == 0
    finally:
        state.close()

    state = ServeState(out, postgres_url)
    try:
        rows = state.pg.db.execute(
            "SELECT article_id, char_start FROM search_passages WHERE words @@ plainto_tsquery('simple', 'the') "
            "ORDER BY id"
        ).fetchall()
        assert len(rows) > 10
        assert {(r["article_id"], r["char_start"]) for r in state.search("the", 100, window=5)} == set(rows[-5:])
        assert len(state.search("the", 1000, window=len(rows))) == len(rows)
    finally:
        state.close()

    assert client.get("/api/search", params={"q": "divers"}).json()["results"] == []
    article_id = client.post("/api/articles", json=PIER_ARTICLE, headers=AUTH).json()["id"]
    state = ServeState(out, postgres_url)
    try:
        build_pending(out, Settings(), resources, state, store_url=postgres_url)
        store = Store.open(postgres_url)
        assert state.index_articles(store, [article_id]) == 0  # indexed once
        store.close()
    finally:
        state.close()
    status = client.get(f"/api/articles/{article_id}").json()
    assert status["status"] == "stored"
    assert status["story_id"] in {s["id"] for s in client.get("/api/stories").json()["stories"]}
    found = client.get("/api/search", params={"q": "divers"}).json()["results"]
    assert [r["article_id"] for r in found] == [article_id] * len(found) and found
    assert found[0]["story_id"] == status["story_id"]


def test_each_web_process_builds_the_same_app_from_the_environment(folder, monkeypatch):
    """``--workers N``: uvicorn starts each process from ``serve_app``, which reads the settings the command left."""
    from storyline.serve.app import APP_CONFIG_VARIABLE, serve_app

    config = {"out": str(folder), "host": "127.0.0.1", "port": 8765, "token": TOKEN, "store_url": None}
    monkeypatch.setenv(APP_CONFIG_VARIABLE, json.dumps({**config, "reads_need_token": False}))
    worker = TestClient(serve_app())
    assert worker.get("/api/stories").json() == TestClient(create_app(folder, token=TOKEN)).get("/api/stories").json()
    assert worker.post("/api/articles", json=PIER_ARTICLE).status_code == 401
    assert worker.post("/api/articles", json=PIER_ARTICLE, headers=AUTH).status_code == 202
    monkeypatch.setenv(APP_CONFIG_VARIABLE, json.dumps({**config, "reads_need_token": True}))
    assert TestClient(serve_app()).get("/api/stories").status_code == 401


def test_open_streams_share_one_look_at_the_change_log(folder):
    app = create_app(folder, token=TOKEN)
    library = app.state.library
    first = library.latest_change(max_age=60)
    state = ServeState(folder)
    try:
        state.log_change("some-story", "A story", True, ["an-article"])
        assert library.latest_change(max_age=60) == first  # looked up less than a minute ago: not again
        assert library.latest_change(max_age=0) == first + 1 == state.last_change_id()
    finally:
        state.close()
