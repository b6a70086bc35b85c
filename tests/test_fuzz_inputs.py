"""Generated bad files of every reader, mixed with good articles: the build finishes, names each
input it could not use, and stores every good article.

Bounded for CI (``STORYLINE_FUZZ_EXAMPLES``, default 15 builds); raise it to search longer.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storyline.errors import StorylineError
from storyline.pipeline import build
from storyline.store import Store

EXAMPLES = int(os.environ.get("STORYLINE_FUZZ_EXAMPLES", "15"))

GOOD = {
    "good-bridge.txt": " date 2024-05-02\nThe Brackenford council voted on Thursday to close the old swing bridge "
    "for repairs.\n\nEngineers said the work will begin on Monday and last six weeks.\n",
    "good-orchard.md": "---\ntitle: Frost hits the orchards\ndate: 2024-04-11\n---\nA late frost destroyed most of "
    "the apple blossom south of Kellerton, growers said on Wednesday.\n",
    "good-ferry.jsonl": json.dumps(
        {
            "id": "ferry-1",
            "title": "Ferry delayed",
            "date": "2024-03-09",
            "text": "The Holmvik ferry sailed three hours late on Saturday because the harbour crane broke.",
        }
    )
    + "\n",
}

# -- generated inputs, per reader -------------------------------------------------------------------

short_text = st.text(max_size=200)
dates = st.one_of(
    st.sampled_from(
        [
            "2024-05-02",
            "0001-01-01",
            "9999-12-31",
            "2024-02-30",
            "yesterday",
            "",
            "1e309",
            "-5",
            "2024-05-02T25:61:00",
            "Tue, 31 Dec 2024 99:00:00 GMT",
        ]
    ),
    short_text,
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | short_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(short_text, inner, max_size=3),
    max_leaves=8,
)


def _front_matter(yaml_text: str, body: str) -> bytes:
    return f"---\n{yaml_text}\n---\n{body}".encode("utf-8", "surrogatepass")


def _alias_bomb(levels: int) -> bytes:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*{'a' if level == 1 else f'l{level - 1}'}"] * 9) + "]")
    return ("---\n" + "\n".join(lines) + f"\ntitle: *l{levels - 1}\n---\nThe ferry sailed.\n").encode()


text_files = st.one_of(
    st.binary(max_size=300),
    short_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.builds(_front_matter, short_text, short_text),
    st.builds(
        lambda key, value, body: _front_matter(f"{key}: {json.dumps(value)}", body),
        st.sampled_from(["title", "date", "url", "outlet", "published"]),
        json_values,
        short_text,
    ),
    st.builds(lambda day, body: f" date {day}\n{body}".encode("utf-8", "surrogatepass"), dates, short_text),
    st.integers(min_value=3, max_value=14).map(_alias_bomb),
    st.integers(min_value=1, max_value=2000).map(lambda n: b"\x00" * n),
)


def _record(fields: dict) -> str:
    return json.dumps(fields)


jsonl_lines = st.one_of(
    json_values.map(json.dumps),
    short_text,
    st.builds(
        lambda text, day, title, ident: _record({"text": text, "date": day, "title": title, "id": ident}),
        json_values,
        json_values,
        json_values,
        json_values,
    ),
    st.builds(lambda text, day: _record({"content": text, "published": day}), short_text, dates),
)
jsonl_files = st.lists(jsonl_lines, max_size=5).map(lambda lines: "\n".join(lines).encode("utf-8", "surrogatepass"))

html_parts = st.sampled_from(
    [
        "<html>",
        "<head>",
        "<title>",
        "</title>",
        '<meta property="article:published_time" content="2024-13-45">',
        "<body>",
        "<article>",
        "<p>",
        "</p>",
        "<script>alert(1)</script>",
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "<h1>",
        "</h1>",
        "&amp;",
        "&#0;",
        "&#xD800;",
        "<div>",
        "</div>",
        "</article>",
        "</body>",
        "</html>",
        "<svg onload=x>",
    ]
)
html_files = st.lists(st.one_of(html_parts, short_text), max_size=25).map(
    lambda parts: "".join(parts).encode("utf-8", "surrogatepass")
)

feed_items = st.builds(
    lambda title, day, body: (
        f"<item><title>{title}</title><pubDate>{day}</pubDate><description>{body}</description></item>"
    ),
    short_text,
    dates,
    short_text,
)
feed_files = st.one_of(
    st.builds(
        lambda items, cut: (
            '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>' + "".join(items) + "</channel></rss>"
        )[:cut].encode("utf-8", "surrogatepass"),
        st.lists(feed_items, max_size=3),
        st.integers(min_value=0, max_value=2000),
    ),
    st.binary(max_size=300),
    st.just(
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;'
        b'&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><rss><channel><item><title>&c;</title>'
        b"<description>&c;</description></item></channel></rss>"
    ),
)

csv_rows = st.lists(st.tuples(st.sampled_from([*GOOD, "ghost.txt", "", "bad.txt"]) | short_text, dates), max_size=5)
dates_files = st.one_of(
    st.none(),
    csv_rows.map(
        lambda rows: ("file,published\n" + "".join(f"{json.dumps(f)},{json.dumps(d)}\n" for f, d in rows)).encode(
            "utf-8", "surrogatepass"
        )
    ),
    st.binary(max_size=200),
)

SUFFIXES = {"text": ".txt", "markdown": ".md", "jsonl": ".jsonl", "html": ".html", "feed": ".xml"}
fuzz_inputs = st.fixed_dictionaries(
    {"text": text_files, "markdown": text_files, "jsonl": jsonl_files, "html": html_files, "feed": feed_files}
)

#: a file of these kinds can never give an article, so the build must name it
SURELY_BAD = (b"\x00", b"\xff", b"\xfe")


def _stored_paths(out: Path) -> set[str]:
    store = Store.open(out / "storyline.db")
    try:
        return {a.article.path for a in store.load_annotated()}
    finally:
        store.close()


@pytest.mark.slow
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(files=fuzz_inputs, dates_file=dates_files)
def test_generated_bad_files_are_named_and_every_good_article_is_stored(resources, files, dates_file):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        inputs = root / "in"
        inputs.mkdir()
        for name, text in GOOD.items():
            (inputs / name).write_text(text, encoding="utf-8")
        written = {}
        for kind, data in files.items():
            path = inputs / f"fuzz-{kind}{SUFFIXES[kind]}"
            path.write_bytes(data)
            written[kind] = path
        dates = None
        if dates_file is not None:
            dates = root / "dates.csv"
            dates.write_bytes(dates_file)
        try:
            report = build([str(inputs)], root / "out", resources=resources, dates=dates)
        except StorylineError as error:  # only the dates file may stop a build, with its named error
            assert dates is not None and error.code in {"E011", "E015"}, error
            return
        stored = _stored_paths(root / "out")
        assert {str(inputs / name) for name in GOOD} <= stored
        named = [s.source for s in report.skipped]
        for kind, path in written.items():
            used = str(path) in stored
            mentioned = any(
                source == str(path) or source.startswith(f"{path}#") or source == str(path) for source in named
            )
            assert used or mentioned, f"{kind} file neither stored nor named: {files[kind][:200]!r}"
            if kind in ("text", "markdown") and files[kind][:1] in SURELY_BAD:
                assert mentioned and not used
