"""The tagger's passes that join neighbours (a day and its clock, a part of the day and its day, a range's bare
day) on a long text: each copy of one paragraph is tagged as the paragraph alone is, and the expressions stay in
text order without overlapping, which those passes rely on to find neighbours by position."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from storyline.annotate.temporal import tag_text
from storyline.annotate.temporal.context import SingleQuotes
from storyline.annotate.temporal.lexicon import OPEN_SINGLE_QUOTE

PARAGRAPH = (
    "On May 3, 2024 10:30 a.m. the ferry left Holmvik. The early morning of May 4 the council met again. "
    'Talks ran May 5-7 in Kellerton and resume on 9 and 10 June. "Now we wait," Mara Olsen said on Friday, '
    "May 10 at noon.\n\n"
)
COPIES = 300
DCT = dt.date(2024, 5, 12)


def _relative(found, offset: int) -> list[tuple]:
    return [(t.start - offset, t.end - offset, t.text, t.type, t.value, t.mod, t.anchor) for t in found]


def test_every_copy_of_a_paragraph_is_tagged_as_the_paragraph_alone(nlp):
    alone = _relative(tag_text(PARAGRAPH, DCT, nlp), 0)
    assert {row[3] for row in alone} == {"DATE", "TIME"}  # the joining passes all had something to join
    assert ("May 3, 2024 10:30 a.m.", "TIME") in {(row[2], row[3]) for row in alone}
    assert ("The early morning of May 4", "TIME") in {(row[2], row[3]) for row in alone}
    found = tag_text(PARAGRAPH * COPIES, DCT, nlp)
    assert len(found) == len(alone) * COPIES
    for copy in range(COPIES):
        offset = copy * len(PARAGRAPH)
        in_copy = [t for t in found if offset <= t.start < offset + len(PARAGRAPH)]
        assert _relative(in_copy, offset) == alone, f"copy {copy}"


def test_expressions_are_in_text_order_and_apart(nlp):
    found = tag_text(PARAGRAPH * 20, DCT, nlp)
    assert len(found) > 20
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="a '’‘\n\t\x1c.", max_size=40), data=st.data())
def test_an_open_single_quote_is_found_as_the_pattern_finds_it_in_the_line(text, data):
    """The bisection answers as ``OPEN_SINGLE_QUOTE`` searched in the line before the position does."""
    start = data.draw(st.integers(0, len(text)))
    line = text[text.rfind("\n", 0, start) + 1 : start]
    assert SingleQuotes(text).left_open(start) == bool(OPEN_SINGLE_QUOTE.search(line))
