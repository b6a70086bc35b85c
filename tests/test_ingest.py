"""Ingest: every reader, the date precedence, skipped inputs and stable ids (no spaCy)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from storyline.errors import StorylineError
from storyline.ingest import SidecarDates, expand_inputs, ingest
from storyline.ingest.dates import date_from_url, parse_date

from conftest import SEEDS  # ../shared/seeds beside the checkout

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

BODY = (
    "The harbour board in Lindmoor voted to close the east slipway on Friday.\n\n"
    "Boat owners said they had not been told. The board said repairs would take a month."
)


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def one(result):
    assert not result.skipped, result.skipped
    assert len(result.articles) == 1
    return result.articles[0]


# ── plain text and Markdown ───────────────────────────────────────────────────


def test_date_header_on_its_own_line(tmp_path):
    path = write(tmp_path / "a.txt", f" date 2019-09-24\n{BODY}\n")
    article = one(ingest([str(path)]))
    assert article.published == dt.date(2019, 9, 24)
    assert article.published_source == "header"
    assert article.text == BODY
    assert article.path == str(path)


def test_date_header_with_text_on_the_same_line(tmp_path):
    path = write(tmp_path / "a.txt", f" date 2019-09-05 {BODY}")
    article = one(ingest([str(path)]))
    assert article.published == dt.date(2019, 9, 5)
    assert article.published_source == "header"
    assert article.text.startswith("The harbour board")


def test_text_without_header_is_undated_and_keeps_a_mid_text_date_line(tmp_path):
    content = f"{BODY}\n\ndate 2019-09-24 is when the board meets again."
    article = one(ingest([str(write(tmp_path / "a.txt", content))]))
    assert article.published is None
    assert article.published_source == "missing"
    assert article.text == content


def test_front_matter(tmp_path):
    path = write(
        tmp_path / "a.md",
        (
            "---\n"
            'title: "Slipway to close"\n'
            "date: 2021-06-14\n"
            "url: https://lindmoor-post.example/news/slipway\n"
            "outlet: Lindmoor Post\n"
            "---\n\n"
            f"{BODY}\n"
        ),
    )
    article = one(ingest([str(path)]))
    assert article.title == "Slipway to close"
    assert article.published == dt.date(2021, 6, 14)
    assert article.published_source == "metadata"
    assert article.url == "https://lindmoor-post.example/news/slipway"
    assert article.outlet == "Lindmoor Post"
    assert article.text == BODY


def test_front_matter_timestamp_keeps_the_local_date(tmp_path):
    path = write(tmp_path / "a.md", f"---\ndate: 2021-06-14T22:30:00-05:00\n---\n{BODY}")
    assert one(ingest([str(path)])).published == dt.date(2021, 6, 14)


def test_front_matter_only_is_an_empty_article(tmp_path):
    path = write(tmp_path / "a.md", "---\ntitle: Nothing yet\ndate: 2021-06-14\n---")
    result = ingest([str(path)])
    assert result.articles == []
    assert [s.source for s in result.skipped] == [str(path)]
    assert "empty" in result.skipped[0].reason


def test_broken_front_matter_is_skipped_with_its_reason(tmp_path):
    path = write(tmp_path / "a.md", f"---\ntitle: [unclosed\n---\n{BODY}")
    result = ingest([str(path)])
    assert result.articles == []
    assert "front matter" in result.skipped[0].reason


def test_non_utf8_file_is_named_and_skipped(tmp_path):
    bad = write(tmp_path / "latin.txt", "Caf\u00e9 owners in Lindmoor protested.".encode("latin-1"))
    good = write(tmp_path / "good.txt", BODY)
    result = ingest([str(bad), str(good)])
    assert [a.path for a in result.articles] == [str(good)]
    assert len(result.skipped) == 1
    assert result.skipped[0].source == str(bad)
    assert "UTF-8" in result.skipped[0].reason


def test_utf8_bom_is_not_part_of_the_text(tmp_path):
    path = write(tmp_path / "a.txt", "\ufeff date 2019-09-24\n" + BODY)
    article = one(ingest([str(path)]))
    assert article.published_source == "header"
    assert article.text == BODY


def test_empty_article_is_skipped(tmp_path):
    empty = write(tmp_path / "empty.txt", " \n\n  \n")
    header_only = write(tmp_path / "header.txt", " date 2019-09-24\n")
    result = ingest([str(empty), str(header_only)])
    assert result.articles == []
    assert sorted(s.source for s in result.skipped) == sorted([str(empty), str(header_only)])
    assert all("empty" in s.reason for s in result.skipped)


def test_missing_path_is_reported(tmp_path):
    good = write(tmp_path / "good.txt", BODY)
    missing = str(tmp_path / "nowhere" / "gone.txt")
    result = ingest([missing, str(good)])
    assert len(result.articles) == 1
    assert [s.source for s in result.skipped] == [missing]
    assert "no such file" in result.skipped[0].reason


# ── folders and globs ─────────────────────────────────────────────────────────


def test_folder_and_glob_expansion(tmp_path):
    a = write(tmp_path / "in" / "a.txt", BODY)
    b = write(tmp_path / "in" / "sub" / "b.md", BODY + " More.")
    c = write(tmp_path / "in" / "sub" / "c.jsonl", json.dumps({"text": BODY + " Even more."}) + "\n")
    write(tmp_path / "in" / ".hidden.txt", BODY)
    write(tmp_path / "in" / "dates.csv", "file,published\na.txt,2019-09-24\n")
    write(tmp_path / "in" / "README.md", "# What this folder holds\n")
    write(tmp_path / "in" / "image.png", b"\x89PNG")

    files, skipped = expand_inputs([str(tmp_path / "in")])
    assert skipped == []
    assert files == [a, b, c]

    files, skipped = expand_inputs([str(tmp_path / "in" / "**" / "*.md"), str(tmp_path / "in" / "*.txt")])
    assert skipped == []
    assert files == [b, a]

    # a file reached twice (folder and by name) is read once
    files, _ = expand_inputs([str(tmp_path / "in"), str(a)])
    assert files == [a, b, c]

    seen = []
    result = ingest([str(tmp_path / "in")], on_file=seen.append)
    assert seen == [a, b, c]
    assert len(result.articles) == 3 and result.skipped == []


def test_named_readme_is_read(tmp_path):
    readme = write(tmp_path / "README.txt", BODY)
    assert expand_inputs([str(readme)])[0] == [readme]


# ── JSON Lines ────────────────────────────────────────────────────────────────


def test_jsonl_field_name_variants(tmp_path):
    records = [
        {
            "text": "First body.",
            "title": "One",
            "published": "2019-09-24T23:30:00-04:00",
            "url": "https://a.example/one",
            "outlet": "Alpha",
        },
        {
            "content": "Second body.",
            "headline": "Two",
            "date": "Tue, 24 Sep 2019 10:00:00 -0400",
            "link": "https://a.example/two",
            "source": "Beta",
        },
        {
            "maintext": "Third body.",
            "date_publish": "2019-09-24 10:00:00",
            "source_url": "https://a.example/three",
            "source_domain": "gamma.example",
        },
        {"body": "Fourth body.", "publish_date": 1569333600000},
        {"article": "Fifth body.", "published_at": "Monday"},
    ]
    path = write(tmp_path / "feed.jsonl", "\n".join(json.dumps(r) for r in records) + "\n")
    result = ingest([str(path)])
    assert result.skipped == []
    got = [(a.text, a.title, a.published, a.url, a.outlet) for a in result.articles]
    day = dt.date(2019, 9, 24)
    assert got == [
        ("First body.", "One", day, "https://a.example/one", "Alpha"),
        ("Second body.", "Two", day, "https://a.example/two", "Beta"),
        ("Third body.", None, day, "https://a.example/three", "gamma.example"),
        ("Fourth body.", None, day, None, None),
        ("Fifth body.", None, None, None, None),  # a weekday alone is not a date
    ]
    assert [a.published_source for a in result.articles] == ["metadata"] * 4 + ["missing"]


def test_jsonl_broken_line_is_named_and_the_rest_read(tmp_path):
    path = write(
        tmp_path / "feed.jsonl",
        "\n".join(
            [
                json.dumps({"text": "Line one."}),
                '{"text": "Line two is cut off',
                "",
                json.dumps(["not", "an", "object"]),
                json.dumps({"title": "no text here"}),
                json.dumps({"text": ""}),
                json.dumps({"text": "Line seven."}),
            ]
        ),
    )
    result = ingest([str(path)])
    assert [a.text for a in result.articles] == ["Line one.", "Line seven."]
    reasons = {s.source: s.reason for s in result.skipped}
    assert set(reasons) == {f"{path}#{n}" for n in (2, 4, 5, 6)}
    assert "line 2 is not valid JSON" in reasons[f"{path}#2"]
    assert "not a JSON object" in reasons[f"{path}#4"]
    assert "no text field" in reasons[f"{path}#5"]
    assert "empty" in reasons[f"{path}#6"]


# ── dates: side file, URL, parsing ────────────────────────────────────────────


def test_sidecar_overrides_and_fills_dates(tmp_path):
    dated = write(tmp_path / "dated.txt", " date 2019-09-01\n" + BODY)
    undated = write(tmp_path / "undated.txt", BODY + " Undated.")
    unlisted = write(tmp_path / "unlisted.txt", BODY + " Unlisted.")
    csv = write(
        tmp_path / "dates.csv",
        (
            "file,published,url\n"
            "dated.txt,2019-09-24,\n"
            "sub/undated.txt,2019-09-29,https://lindmoor-post.example/undated\n"
        ),
    )
    sidecar = SidecarDates.load(csv)
    result = ingest([str(dated), str(undated), str(unlisted)], sidecar=sidecar)
    by_path = {a.path: a for a in result.articles}
    assert (by_path[str(dated)].published, by_path[str(dated)].published_source) == (dt.date(2019, 9, 24), "sidecar")
    assert (by_path[str(undated)].published, by_path[str(undated)].published_source) == (
        dt.date(2019, 9, 29),
        "sidecar",
    )
    assert by_path[str(undated)].url == "https://lindmoor-post.example/undated"
    assert (by_path[str(unlisted)].published, by_path[str(unlisted)].published_source) == (None, "missing")


def test_sidecar_errors_say_what_to_do(tmp_path):
    with pytest.raises(StorylineError) as missing:
        SidecarDates.load(tmp_path / "none.csv")
    assert missing.value.code == "E010"
    wrong = write(tmp_path / "wrong.csv", "name,day\na.txt,2019-09-24\n")
    with pytest.raises(StorylineError) as columns:
        SidecarDates.load(wrong)
    assert columns.value.code == "E011"
    assert "file,published" in str(columns.value)


def test_date_from_url(tmp_path):
    assert date_from_url("https://lindmoor-post.example/news/2019/09/24/slipway-closes") == dt.date(2019, 9, 24)
    assert date_from_url("https://lindmoor-post.example/news/slipway-closes-1.4607608") is None
    records = [
        {"text": "From the URL.", "url": "https://lindmoor-post.example/2019/09/24/slipway"},
        {"text": "Metadata wins.", "url": "https://lindmoor-post.example/2019/09/24/board", "published": "2019-09-25"},
    ]
    path = write(tmp_path / "a.jsonl", "\n".join(json.dumps(r) for r in records))
    first, second = ingest([str(path)]).articles
    assert (first.published, first.published_source) == (dt.date(2019, 9, 24), "url")
    assert (second.published, second.published_source) == (dt.date(2019, 9, 25), "metadata")


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2019-09-24", dt.date(2019, 9, 24)),
        ("2019-09-24T23:30:00-04:00", dt.date(2019, 9, 24)),
        ("Tue, 24 Sep 2019 23:30:00 -0400", dt.date(2019, 9, 24)),
        ("Sept. 24, 2019", dt.date(2019, 9, 24)),
        (1569333600, dt.date(2019, 9, 24)),
        (dt.datetime(2019, 9, 24, 12), dt.date(2019, 9, 24)),
        ("Monday", None),
        ("March 5", None),
        ("2019", None),
        ("September 2019", None),
        ("2019-02-30", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_date_takes_only_full_dates(value, expected):
    assert parse_date(value) == expected


# ── HTML ──────────────────────────────────────────────────────────────────────

PAGE = """<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Slipway closes for repairs | Lindmoor Post</title>
<meta property="og:title" content="Slipway closes for repairs">
<meta property="og:site_name" content="Lindmoor Post">
<meta property="og:url" content="https://lindmoor-post.example/news/slipway-closes">
{date_meta}
</head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/sport">Sport</a></li>
<li><a href="/subscribe">Subscribe today and save</a></li></ul></nav></header>
<main><article>
<h1>Slipway closes for repairs</h1>
<p>The harbour board in Lindmoor closed the east slipway on Friday after divers found cracks in
the concrete ramp that boat owners use to launch their dinghies in the summer season.</p>
<p>Boat owners said they had not been warned. "We found out from a sign taped to the gate," said
Orla Finch, who keeps a small sailing boat in the harbour and has done so for twenty years.</p>
<p>The board said repairs would take about a month and cost less than the town had budgeted for
harbour maintenance this year, and that the west slipway would stay open in the meantime.</p>
</article>
<aside><h2>Most read</h2><ul><li><a href="/x">Bakery wins regional bread prize</a></li></ul></aside>
</main>
<footer><p>{footer}</p><p>Cookie settings. Privacy policy. Terms of use.</p></footer>
</body></html>
"""


def test_html_text_extracted_boilerplate_dropped_date_found(tmp_path):
    meta = '<meta property="article:published_time" content="2022-05-06T21:00:00-04:00">'
    path = write(tmp_path / "page.html", PAGE.format(date_meta=meta, footer="Lindmoor Post Ltd."))
    article = one(ingest([str(path)]))
    assert article.text.startswith("The harbour board in Lindmoor closed the east slipway")
    assert "west slipway would stay open" in article.text
    assert article.text.count("\n\n") == 2  # three paragraphs
    for boilerplate in ("Subscribe today", "Bakery wins", "Cookie settings", "Most read"):
        assert boilerplate not in article.text
    assert article.title == "Slipway closes for repairs"
    assert not article.text.startswith("Slipway closes")  # the <h1> is the title, not the text
    assert article.url == "https://lindmoor-post.example/news/slipway-closes"
    assert article.outlet == "Lindmoor Post"
    assert (article.published, article.published_source) == (dt.date(2022, 5, 6), "metadata")


def test_html_copyright_year_is_not_a_publication_date(tmp_path):
    path = write(tmp_path / "page.html", PAGE.format(date_meta="", footer="© 2023 Lindmoor Post Ltd."))
    article = one(ingest([str(path)]))
    assert "east slipway" in article.text
    assert (article.published, article.published_source) == (None, "missing")


def test_html_without_article_text_is_skipped(tmp_path):
    path = write(tmp_path / "empty.html", "<html><head><title>x</title></head><body></body></html>")
    result = ingest([str(path)])
    assert result.articles == []
    assert [s.source for s in result.skipped] == [str(path)]


# ── feeds ─────────────────────────────────────────────────────────────────────

RSS = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Lindmoor Post</title><link>https://lindmoor-post.example/</link>
<description>Local news</description>
<item><title>Slipway closes</title><link>https://lindmoor-post.example/news/slipway</link>
<pubDate>Fri, 06 May 2022 21:00:00 -0400</pubDate>
<description>Short summary only.</description>
<content:encoded><![CDATA[<p>The harbour board closed the <b>east slipway</b>.</p><p>Owners &amp; crews &#8220;were not told,&#8221; they said.</p>]]></content:encoded>
</item>
<item><title>Ferry timetable changes</title><link>https://lindmoor-post.example/news/timetable</link>
<pubDate>Sat, 07 May 2022 08:00:00 +0000</pubDate>
<description>&lt;p&gt;The summer timetable starts in June.&lt;/p&gt;</description>
</item>
</channel></rss>
"""

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Lindmoor Wire</title>
<id>urn:x-lindmoor:wire</id><updated>2022-05-07T10:00:00Z</updated>
<entry><title>Board meets</title><id>urn:x-lindmoor:1</id>
<link href="https://wire.example/board-meets"/>
<published>2022-05-07T09:00:00+02:00</published><updated>2022-05-07T10:00:00Z</updated>
<content type="html">&lt;p&gt;The board met in Lindmoor.&lt;/p&gt;</content></entry>
</feed>
"""


def test_rss_entries(tmp_path):
    path = write(tmp_path / "feed.xml", RSS)
    result = ingest([str(path)])
    assert result.skipped == []
    first, second = result.articles
    assert (
        first.text
        == "The harbour board closed the east slipway.\n\nOwners & crews \u201cwere not told,\u201d they said."
    )
    assert first.title == "Slipway closes"
    assert first.url == "https://lindmoor-post.example/news/slipway"
    assert first.outlet == "Lindmoor Post"
    # 21:00 at -0400 is the next day in UTC: the date stays the one the publisher wrote
    assert (first.published, first.published_source) == (dt.date(2022, 5, 6), "metadata")
    assert second.text == "The summer timetable starts in June."
    assert second.published == dt.date(2022, 5, 7)
    assert first.id != second.id


def test_atom_entry(tmp_path):
    article = one(ingest([str(write(tmp_path / "wire.atom", ATOM))]))
    assert article.text == "The board met in Lindmoor."
    assert article.outlet == "Lindmoor Wire"
    assert article.published == dt.date(2022, 5, 7)


def test_feed_without_entries_is_skipped(tmp_path):
    path = write(tmp_path / "broken.rss", "<rss><channel><title>Nothing</title></channel></rss>")
    result = ingest([str(path)])
    assert result.articles == []
    assert "no feed entries" in result.skipped[0].reason


# ── ids ───────────────────────────────────────────────────────────────────────


def test_ids_are_stable_and_distinguish_sources(tmp_path):
    path = write(tmp_path / "one" / "a.txt", BODY)
    first = one(ingest([str(path)])).id
    assert one(ingest([str(path)])).id == first
    copy = tmp_path / "two" / "a.txt"
    copy.parent.mkdir()
    shutil.copy(path, copy)
    assert one(ingest([str(copy)])).id == first  # same name and text from another folder

    records = [{"text": BODY, "url": "https://a.example/x"}, {"text": BODY, "url": "https://b.example/x"}]
    feed = write(tmp_path / "same.jsonl", "\n".join(json.dumps(r) for r in records))
    ids = [a.id for a in ingest([str(feed)]).articles]
    assert len(ids) == 2 and ids[0] != ids[1]
    assert first not in ids


# ── the real seed articles ────────────────────────────────────────────────────

SEED_DATES = {
    "000": dt.date(2019, 9, 24),
    "001": dt.date(2019, 9, 5),
    "002": dt.date(2019, 9, 29),
    "003": dt.date(2019, 10, 2),
}


@pytest.fixture(scope="module")
def seeds() -> Path:
    if not (SEEDS / "dates.csv").is_file():
        pytest.skip(f"seed articles not found at {SEEDS} (read-only shared data, not in the repository)")
    return SEEDS


def _by_prefix(articles):
    return {Path(a.path).name[:3]: a for a in articles}


def test_seeds_without_dates_file(seeds):
    result = ingest([str(seeds)])
    assert result.skipped == []
    articles = _by_prefix(result.articles)
    assert sorted(articles) == ["000", "001", "002", "003"]
    dated = {k: (a.published, a.published_source) for k, a in articles.items() if a.published}
    assert dated == {"001": (dt.date(2019, 9, 5), "header")}
    assert articles["001"].text.startswith("Thousands")
    for key in ("000", "002", "003"):
        assert articles[key].published_source == "missing"


def test_seeds_with_dates_file(seeds):
    result = ingest([str(seeds)], sidecar=SidecarDates.load(seeds / "dates.csv"))
    assert result.skipped == []
    articles = _by_prefix(result.articles)
    assert {k: a.published for k, a in articles.items()} == SEED_DATES
    assert {a.published_source for a in articles.values()} == {"sidecar"}
    assert articles["000"].url and articles["000"].url.startswith("https://")
    assert articles["001"].text.startswith("Thousands")


# ── the bundled example corpus ────────────────────────────────────────────────


def test_examples_folder():
    result = ingest([str(EXAMPLES)])
    assert result.skipped == []
    assert len(result.articles) == 10
    assert len({a.id for a in result.articles}) == 10
    undated = [a for a in result.articles if a.published is None]
    assert [Path(a.path).name for a in undated] == ["courier_pier-explainer.txt"]
    assert undated[0].published_source == "missing"
    sources = sorted(a.published_source for a in result.articles)
    assert sources == [
        "header",
        "metadata",
        "metadata",
        "metadata",
        "metadata",
        "metadata",
        "metadata",
        "metadata",
        "missing",
        "url",
    ]
    dates = sorted(a.published for a in result.articles if a.published)
    assert (dates[0], dates[-1]) == (dt.date(2025, 2, 25), dt.date(2025, 3, 17))
    assert {a.outlet for a in result.articles} == {"Harbour Gazette", "Valley Courier", "Northwind News", None}
    page = next(a for a in result.articles if a.path.endswith(".html"))
    assert page.published == dt.date(2025, 3, 4)
    for boilerplate in ("Subscribe", "cookies", "Related stories", "Nadia Ferreira"):
        assert boilerplate not in page.text
    evening = next(a for a in result.articles if a.title and a.title.startswith("Ferry union serves"))
    assert evening.published == dt.date(2025, 3, 7)
    for article in result.articles:
        words = len(article.text.split())
        assert 150 <= words <= 400, (article.path, words)
        assert "\n\n" in article.text
