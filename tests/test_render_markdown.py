"""timeline.md, read back with a CommonMark parser: article text stays literal text, dates head their entries.

The documents are written here (the one of test_render_html, and one whose article text looks like
Markdown and HTML); markdown-it-py parses the output as any Markdown viewer would.
"""

from __future__ import annotations

import copy

from markdown_it import MarkdownIt
from test_render_html import EVIL, make_doc

from storyline.render.markdown import render_markdown

#: article text that a Markdown viewer would turn into markup if it were not escaped
TRICKY_TEXT = (
    "1. Council approves the terminal\n\n# Not a heading\n- not a list\n"
    "> not a quote *not emphasis* _nor this_ `not code` [not a link](javascript:alert(1)) "
    "&lt;b&gt; stays as written &amp; so does this ~~not struck~~ | not a table | \\ <i>not italic</i>"
)
#: the same text as one line, the way the rendered page shows it
TRICKY_SHOWN = " ".join(line.strip() for line in TRICKY_TEXT.split("\n") if line.strip())


def _blocks(markdown: str) -> list[tuple[str, str]]:
    """(block tag, its text) for every block of the rendered document, markup stripped."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    blocks, tags = [], []
    for token in tokens:
        if token.nesting == 1:
            tags.append(token.tag)
        elif token.nesting == -1:
            tags.pop()
        elif token.type == "inline":
            text = "".join(
                " " if child.type in ("softbreak", "hardbreak") else child.content for child in token.children or []
            )
            blocks.append(("/".join(tags), text))
        elif token.type in ("html_block", "code_block", "fence", "hr"):
            blocks.append((token.type, token.content))
    return blocks


def _tricky_doc() -> dict:
    doc = copy.deepcopy(make_doc())
    text = f"Lead sentence. {TRICKY_TEXT}"
    article = doc["articles"][0]
    article["text"], article["title"], article["outlet"] = text, TRICKY_TEXT, TRICKY_TEXT
    start = text.index(TRICKY_TEXT)
    source = {
        "article_id": article["id"],
        "sentence": TRICKY_TEXT,
        "char_start": start,
        "char_end": start + len(TRICKY_TEXT),
        "time_expression": "1. Council",
    }
    doc["story"]["title"] = TRICKY_TEXT
    doc["summary"] = [{"text": TRICKY_TEXT, "sources": [source]}]
    doc["timeline"] = [{"date": "2031-03-03", "summary": TRICKY_TEXT, "sources": [source]}]
    return doc


def test_article_text_that_looks_like_markup_stays_text():
    blocks = _blocks(render_markdown(_tricky_doc()))
    kinds = {tag for tag, _ in blocks}
    assert not kinds & {"html_block", "code_block", "fence", "hr"}, blocks
    assert not any("ol" in tag.split("/") or "blockquote" in tag.split("/") for tag, _ in blocks), blocks
    assert ("h1", TRICKY_SHOWN) in blocks  # the story's title is the only first-level heading
    assert [text for tag, text in blocks if tag == "h1"] == [TRICKY_SHOWN]
    assert ("p", TRICKY_SHOWN) in blocks  # the entry's summary, one paragraph of plain text
    assert ("ul/li/p", TRICKY_SHOWN) in blocks  # the summary of the story so far
    cited = [text for tag, text in blocks if tag == "ul/li/p" and text.endswith(": " + TRICKY_SHOWN)]
    assert len(cited) == 1 and "“1. Council”" in cited[0]  # the cited sentence and its time expression


def test_html_in_article_text_is_not_markup():
    markdown = render_markdown(make_doc())
    tokens = MarkdownIt("commonmark").parse(markdown)
    html_tokens = [t for t in tokens if t.type == "html_block"]
    html_tokens += [c for t in tokens if t.type == "inline" for c in t.children or [] if c.type == "html_inline"]
    assert html_tokens == []
    assert any(EVIL in text for _, text in _blocks(markdown))


def test_entries_of_one_date_share_its_heading():
    doc = make_doc()
    first = doc["timeline"][0]
    second = copy.deepcopy(first)
    second["summary"] = "The council also named a harbour master"
    doc["timeline"].insert(1, second)
    blocks = _blocks(render_markdown(doc))
    headings = [text for tag, text in blocks if tag == "h3"]
    assert headings == ["2031-03-03", "2031-03", "2031"]
    paragraphs = [text for tag, text in blocks if tag == "p"]
    assert paragraphs.index(f"Council approves terminal {EVIL}") < paragraphs.index(second["summary"])
    # each entry is followed by its own list of sources, both under the one heading
    next_heading = blocks.index(("h3", "2031-03"))
    for summary in (first["summary"], second["summary"]):
        at = blocks.index(("p", summary))
        assert at < next_heading and blocks[at + 1][0] == "ul/li/p"


def test_a_story_without_dated_events_says_so():
    doc = make_doc()
    doc["timeline"], doc["summary"] = [], []
    blocks = _blocks(render_markdown(doc))
    assert ("h2", "So far") not in blocks
    after_timeline = blocks[blocks.index(("h2", "Timeline")) + 1]
    assert after_timeline == ("p", "No dated events.")
