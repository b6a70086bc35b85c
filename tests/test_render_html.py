"""HTML page, index page and TimelineJS output built from story.json documents we write here.

No browser: the page is parsed with the standard library's HTML parser.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from html.parser import HTMLParser

import pytest

from storyline.render.html import format_date, render_index_html, render_story_html
from storyline.render.timelinejs import timelinejs_date, to_timelinejs

EVIL = "<script>alert(1)</script>"

TEXT_A = (
    "Harbourside council approved the new ferry terminal on Monday. <b>Bold claim</b> here.\n\n"
    f'"We will open the terminal in June {EVIL}," said Mara Quill, the council\'s transport chief. '
    "The project will cost $42 million.\n\n"
    f"A reader wrote {EVIL} in the comments."
)
TEXT_B = (
    "The ferry terminal will cost $45 million, officials said on Tuesday.\n\n"
    '"Nobody asked the fishermen," a protester shouted.\n\n'
    "Construction began in March."
)
TEXT_C = "Harbourside council approved the new ferry terminal on Monday. Nothing else."


def _ref(text: str, article_id: str, sentence: str, time_expression: str | None = None) -> dict:
    start = text.index(sentence)
    return {
        "article_id": article_id,
        "sentence": sentence,
        "char_start": start,
        "char_end": start + len(sentence),
        "time_expression": time_expression,
    }


def _span(text: str, words: str) -> tuple[int, int]:
    start = text.index(words)
    return start, start + len(words)


def make_doc() -> dict:
    s_a1 = "Harbourside council approved the new ferry terminal on Monday."
    s_a2 = "The project will cost $42 million."
    s_b1 = "The ferry terminal will cost $45 million, officials said on Tuesday."
    s_b3 = "Construction began in March."
    q1 = _span(TEXT_A, f"We will open the terminal in June {EVIL},")
    q2 = _span(TEXT_B, "Nobody asked the fishermen,")
    f1 = _span(TEXT_A, "$42 million")
    f2 = _span(TEXT_B, "$45 million")
    role = _span(TEXT_A, "Mara Quill, the council's transport chief")
    return {
        "schema": "storyline/1",
        "story": {
            "id": "st-1",
            "title": f"Ferry terminal {EVIL}",
            "first_published": "2031-03-03",
            "last_published": "2031-03-05",
            "article_ids": ["a", "b", "c"],
        },
        "articles": [
            {
                "id": "a",
                "path": "in/a.txt",
                "url": None,
                "outlet": "Harbour <i>Gazette</i>",
                "title": f"Council backs terminal {EVIL}",
                "published": "2031-03-03",
                "published_source": "header",
                "duplicate_of": None,
                "text": TEXT_A,
            },
            {
                "id": "b",
                "path": None,
                "url": "javascript:alert(1)",
                "outlet": "Coast Daily",
                "title": "Terminal costs rise",
                "published": None,
                "published_source": "missing",
                "duplicate_of": None,
                "text": TEXT_B,
            },
            {
                "id": "c",
                "path": None,
                "url": "https://example.org/c",
                "outlet": "Wire",
                "title": "Council approves terminal",
                "published": "2031-03-05",
                "published_source": "inferred",
                "duplicate_of": "a",
                "text": TEXT_C,
            },
        ],
        "reuses": [{"article_id": "c", "source_id": "a", "paragraphs": 1, "share": 1.0}],
        "timeline": [
            {
                "date": "2031-03-03",
                "summary": f"Council approves terminal {EVIL}",
                "sources": [_ref(TEXT_A, "a", s_a1, "on Monday"), _ref(TEXT_C, "c", s_a1, "on Monday")],
            },
            {"date": "2031-03", "summary": "Construction begins", "sources": [_ref(TEXT_B, "b", s_b3, "in March")]},
            {"date": "2031", "summary": "Costs revised", "sources": [_ref(TEXT_B, "b", s_b1), _ref(TEXT_A, "a", s_a2)]},
        ],
        "entities": [
            {
                "id": "e1",
                "name": f"Mara {EVIL} Quill",
                "type": "PERSON",
                "aliases": ["Quill"],
                "roles": [
                    {
                        "role": "transport chief",
                        "source": {"article_id": "a", "sentence": None, "char_start": role[0], "char_end": role[1]},
                    }
                ],
                "mentions": 2,
            },
            {"id": "e2", "name": "Harbourside council", "type": "ORG", "aliases": [], "roles": [], "mentions": 2},
            {"id": "e3", "name": "Harbourside", "type": "GPE", "aliases": [], "roles": [], "mentions": 1},
        ],
        "quotes": [
            {
                "text": f"We will open the terminal in June {EVIL},",
                "speaker": "e1",
                "speaker_name": "Mara Quill",
                "article_id": "a",
                "char_start": q1[0],
                "char_end": q1[1],
            },
            {
                "text": "Nobody asked the fishermen,",
                "speaker": None,
                "speaker_name": None,
                "article_id": "b",
                "char_start": q2[0],
                "char_end": q2[1],
            },
        ],
        "claims": [
            {
                "subject": "terminal cost",
                "value": 42e6,
                "unit": "USD",
                "text": "$42 million",
                "article_id": "a",
                "char_start": f1[0],
                "char_end": f1[1],
                "status": "conflicting",
                "group": 7,
            },
            {
                "subject": "terminal cost",
                "value": 45e6,
                "unit": "USD",
                "text": "$45 million",
                "article_id": "b",
                "char_start": f2[0],
                "char_end": f2[1],
                "status": "conflicting",
                "group": 7,
            },
        ],
        "summary": [
            {
                "text": "The council approved a ferry terminal whose cost estimates differ.",
                "sources": [_ref(TEXT_A, "a", s_a1), _ref(TEXT_B, "b", s_b1)],
            }
        ],
        "undated_articles": ["b"],
    }


class _Marks(HTMLParser):
    """Collects the text of every element with an id, plus scripts and link targets."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[list] = []  # [tag, id, chunks]
        self.text_by_id: dict[str, str] = {}
        self.mark_ids: list[str] = []
        self.scripts = 0
        self.hrefs: list[str] = []
        self.all_text: list[str] = []
        self.bold = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "b":
            self.bold += 1
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])
        if tag == "mark" and a.get("id"):
            self.mark_ids.append(a["id"])
        self.open.append([tag, a.get("id"), []])

    def handle_endtag(self, tag):
        while self.open:
            t, ident, chunks = self.open.pop()
            text = "".join(chunks)
            if ident:
                self.text_by_id[ident] = text
            if self.open:
                self.open[-1][2].append(text)
            if t == tag:
                break

    def handle_data(self, data):
        self.all_text.append(data)
        if self.open:
            self.open[-1][2].append(data)


def _parse(page: str) -> _Marks:
    p = _Marks()
    p.feed(page)
    p.close()
    return p


@pytest.fixture(scope="module")
def doc() -> dict:
    return make_doc()


@pytest.fixture(scope="module")
def page(doc) -> str:
    return render_story_html(doc)


def test_article_derived_text_is_escaped(page):
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>Bold claim</b>" not in page and "&lt;b&gt;Bold claim&lt;/b&gt;" in page
    assert "<i>Gazette</i>" not in page
    parsed = _parse(page)
    assert parsed.scripts == 1  # only the page's own script
    assert parsed.bold == 0
    text = "".join(parsed.all_text)
    # The literal markup is shown as text in titles, quotes, entity names and article text.
    assert f"Ferry terminal {EVIL}" in text
    assert f"Mara {EVIL} Quill" in text
    assert f"We will open the terminal in June {EVIL}" in text
    assert f"A reader wrote {EVIL} in the comments." in text


def test_unsafe_urls_are_not_links(page):
    parsed = _parse(page)
    assert not any(h.lower().startswith("javascript:") for h in parsed.hrefs)
    assert "https://example.org/c" in parsed.hrefs


def test_every_timeline_source_is_a_mark_with_the_cited_sentence(doc, page):
    parsed = _parse(page)
    links = {h[1:] for h in parsed.hrefs if h.startswith("#")}
    for entry in doc["timeline"]:
        for src in entry["sources"]:
            art = next(a for a in doc["articles"] if a["id"] == src["article_id"])
            ids = [i for i in parsed.mark_ids if parsed.text_by_id[i] == src["sentence"] and i in links]
            assert ids, f"no linked mark for {src['sentence']!r} in article {art['id']}"
    # each mark id is unique and every internal link resolves
    assert len(parsed.mark_ids) == len(set(parsed.mark_ids))
    all_ids = set(parsed.text_by_id) | {m.group(1) for m in re.finditer(r'id="([^"]+)"', page)}
    assert links <= all_ids


def test_nested_citations_keep_exact_text(doc, page):
    """A figure inside a cited sentence nests inside the sentence's mark."""
    parsed = _parse(page)
    texts = set(parsed.text_by_id[i] for i in parsed.mark_ids)
    assert "The project will cost $42 million." in texts
    assert "$42 million" in texts
    assert "Mara Quill, the council's transport chief" in texts
    assert f"We will open the terminal in June {EVIL}," in texts


def test_overlapping_citations_are_split_but_linked():
    text = "Alpha beta gamma delta."
    refs = [
        {"article_id": "x", "sentence": "Alpha beta gamma", "char_start": 0, "char_end": 16},
        {"article_id": "x", "sentence": "beta gamma delta.", "char_start": 6, "char_end": 23},
    ]
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": "2030-01-01", "text": text}],
        "timeline": [{"date": "2030", "summary": "s", "sources": refs}],
    }
    page = render_story_html(doc)
    parsed = _parse(page)
    assert parsed.text_by_id[parsed.mark_ids[0]] == "Alpha beta gamma"
    # the second span is split; all of its pieces share one data-ref
    second = parsed.mark_ids[1]
    pieces = re.findall(rf'<mark[^>]*data-ref="{second}"[^>]*>', page)
    assert len(pieces) == 2
    assert "".join(parsed.all_text).count("Alpha beta gamma delta.") >= 1


def test_offsets_that_do_not_match_the_sentence_are_not_marked():
    text = "One sentence here. Another one there."
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": None, "text": text}],
        "timeline": [
            {
                "date": "2030-02",
                "summary": "s",
                "sources": [
                    {"article_id": "x", "sentence": "Not in the text.", "char_start": 0, "char_end": 16},
                    {"article_id": "x", "sentence": "Another one there.", "char_start": 0, "char_end": 5},
                    {"article_id": "missing", "sentence": "Gone.", "char_start": 0, "char_end": 5},
                ],
            }
        ],
    }
    page = render_story_html(doc)
    parsed = _parse(page)
    # the wrong offsets for a sentence that is in the text are corrected by lookup
    assert [parsed.text_by_id[i] for i in parsed.mark_ids] == ["Another one there."]
    assert "sentence not found in article text" in page
    assert "not in this story" in page


def test_sections_show_groups_status_and_badges(page):
    text = " ".join("".join(_parse(page).all_text).split())
    assert "Speaker not identified" in text
    assert "conflicting" in text
    assert "undated" in text
    assert "Duplicate of" in text
    assert "Reuses 1 paragraph" in text
    assert "transport chief" in text
    assert "date inferred" in text
    assert "March 2031" in text  # month-granular timeline date shown as a month


def test_unidentified_speaker_group_comes_last(page):
    pos_known = page.index('Mara &lt;script&gt;alert(1)&lt;/script&gt; Quill <span class="muted small">1 quote')
    pos_unknown = page.index("Speaker not identified")
    assert pos_known < pos_unknown


def test_csp_allows_only_the_inline_script_and_nothing_external(page):
    csp = re.search(r'Content-Security-Policy" content="([^"]+)"', page).group(1)
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'none'"
    script_src = directives["script-src"].split()
    assert len(script_src) == 1 and script_src[0].startswith("'sha256-")
    script = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert script_src[0] == f"'sha256-{digest}'"
    head = page.split("<body>")[0]
    assert "http://" not in head and "https://" not in head
    assert not re.search(r"<(link|img|iframe)\b|\ssrc=", page)


def test_empty_document_renders():
    page = render_story_html({"story": {"id": "empty", "title": None}, "articles": []})
    assert "No dated events." in page and "Untitled story" in page


def test_rejects_non_dict():
    with pytest.raises(TypeError, match="story.json document"):
        render_story_html(["not", "a", "doc"])  # type: ignore[arg-type]


def test_format_date_keeps_granularity():
    assert format_date("2031-03-05") == "5 March 2031"
    assert format_date("2031-03") == "March 2031"
    assert format_date("2031") == "2031"
    assert format_date("XXXX-XX-XX") == "XXXX-XX-XX"


# ── TimelineJS ──


def test_timelinejs_dates_keep_granularity(doc):
    tl = to_timelinejs(doc)
    dates = [e["start_date"] for e in tl["events"]]
    assert dates[0] == {"year": "2031", "month": "3", "day": "3"}
    assert dates[1] == {"year": "2031", "month": "3"}
    assert dates[2] == {"year": "2031"}


def test_timelinejs_escapes_html_and_drops_unsafe_links(doc):
    tl = to_timelinejs(doc)
    blob = json.dumps(tl)
    assert "<script>" not in blob and "<i>Gazette" not in blob
    assert "javascript:" not in blob
    assert html.escape(EVIL) in tl["title"]["text"]["headline"]
    assert html.escape(EVIL) in tl["events"][0]["text"]["headline"]
    # every source sentence is cited in its event's text
    for entry, event in zip(doc["timeline"], tl["events"], strict=False):
        for src in entry["sources"]:
            assert html.escape(src["sentence"]) in event["text"]["text"]


def test_timelinejs_skips_unresolved_dates():
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [],
        "timeline": [
            {"date": "XXXX-XX-XX", "summary": "a", "sources": []},
            {"date": "2030-W05", "summary": "b", "sources": []},
            {"date": "2030-13", "summary": "c", "sources": []},
            {"date": "2030-02-01", "summary": "d", "sources": []},
        ],
    }
    events = to_timelinejs(doc)["events"]
    assert [e["text"]["headline"] for e in events] == ["d"]
    assert timelinejs_date("2030-02") == {"year": "2030", "month": "2"}


def test_timelinejs_long_summary_is_shortened_but_kept():
    long = "word " * 60
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [],
        "timeline": [{"date": "2030", "summary": long, "sources": []}],
    }
    ev = to_timelinejs(doc)["events"][0]
    assert ev["text"]["headline"].endswith("…") and len(ev["text"]["headline"]) <= 141
    assert " ".join(long.split()) in ev["text"]["text"]


# ── index ──


def test_index_links_each_story_and_escapes():
    stories = [
        make_doc(),
        {
            "id": "st 2/x",
            "title": "Second <em>story</em>",
            "size": 1,
            "first_published": "2030-01-01",
            "last_published": "2030-01-01",
        },
        {"id": "st-3", "title": "Third", "size": 4, "href": "elsewhere/3.html"},
    ]
    page = render_index_html(stories)
    parsed = _parse(page)
    assert "stories/st-1/index.html" in parsed.hrefs
    assert "stories/st%202%2Fx/index.html" in parsed.hrefs
    assert "elsewhere/3.html" in parsed.hrefs
    assert "<em>story</em>" not in page and "&lt;em&gt;story&lt;/em&gt;" in page
    assert "<script>alert" not in page
    assert parsed.scripts == 0
    assert "3 articles" in " ".join("".join(parsed.all_text).split())


def test_extractive_entry_does_not_repeat_its_sentence():
    text = "Workers walked out on Monday. Talks resumed."
    sentence = "Workers walked out on Monday."
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": "2030-01-02", "text": text}],
        "timeline": [
            {
                "date": "2030-01-01",
                "summary": sentence,
                "sources": [{"article_id": "x", "sentence": sentence, "char_start": 0, "char_end": len(sentence)}],
            },
            {
                "date": "2030-01-02",
                "summary": "Talks started again.",
                "sources": [{"article_id": "x", "sentence": "Talks resumed.", "char_start": 30, "char_end": 44}],
            },
        ],
    }
    page = render_story_html(doc)
    assert "<blockquote>Workers walked out" not in page
    assert "<blockquote>Talks resumed.</blockquote>" in page


def test_quote_and_figure_offsets_that_do_not_cover_their_text_are_not_marked():
    text = "The pier is closed, the mayor said. Repairs cost $9 million. Nothing more."
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": None, "text": text}],
        "quotes": [
            {
                "text": "We will reopen in May,",
                "speaker": None,
                "speaker_name": "Ida Moss",
                "article_id": "x",
                "char_start": 0,
                "char_end": 18,
            }
        ],
        "claims": [
            {
                "subject": "repairs",
                "value": 7e6,
                "unit": "USD",
                "text": "$7 million",
                "article_id": "x",
                "char_start": text.index("Nothing"),
                "char_end": len(text) - 1,
                "status": "consistent",
                "group": 1,
            }
        ],
    }
    parsed = _parse(render_story_html(doc))
    assert parsed.mark_ids == []


def test_a_misplaced_sentence_is_marked_where_it_was_cited_not_at_its_first_occurrence():
    text = "The ferry is late. Crowds grew on Monday. The ferry is late. Crowds left on Tuesday."
    second = text.rindex("The ferry is late.")
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": None, "text": text}],
        "timeline": [
            {
                "date": "2030-02",
                "summary": "s",
                "sources": [
                    {
                        "article_id": "x",
                        "sentence": "The ferry is late.",
                        "char_start": second + 2,
                        "char_end": second + 20,
                    }
                ],
            }
        ],
    }
    page = render_story_html(doc)
    (mark,) = _parse(page).mark_ids
    assert mark.endswith(f"-{second}-{second + len('The ferry is late.')}")


def test_an_inferred_date_says_how_it_was_worked_out_escaped():
    text = "The council voted on March 30 to rebuild the pier."
    source = {
        "article_id": "x",
        "sentence": text,
        "char_start": 0,
        "char_end": len(text),
        "time_expression": "March 30",
        "inferred": f"year 2030 from {EVIL}",
    }
    doc = {
        "story": {"id": "s", "title": "t"},
        "articles": [{"id": "x", "title": "x", "published": None, "text": text}],
        "timeline": [{"date": "2030-03-30", "summary": text, "sources": [source]}],
    }
    page = render_story_html(doc)
    assert "date inferred: year 2030 from &lt;script&gt;" in page
    assert EVIL not in page
    source["inferred"] = None
    assert "date inferred:" not in render_story_html(doc)
