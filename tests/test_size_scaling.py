"""Stages whose cost grew with the square of an article's size now grow in proportion to it."""

from __future__ import annotations

import re
import time

from hypothesis import given
from hypothesis import strategies as st

from storyline.annotate.temporal.merge import clocks_after_dates, parts_of_days
from storyline.compose.entities import _MentionSpans
from storyline.model import TimeExpr
from storyline.render.html import _highlight, _Span


def test_highlighting_many_citations_in_a_long_article_takes_time_in_proportion_to_them():
    sentence = "The harbour crane at Holmvik broke again and the ferry waited. "
    text = sentence * 20_000  # 1.3 million characters, 20,000 cited sentences
    spans = [
        _Span(i * len(sentence), (i + 1) * len(sentence) - 1, f"c{i}", {"timeline"}, ["timeline"])
        for i in range(20_000)
    ]
    spans.append(_Span(0, len(text), "whole", {"quote"}, ["quote"]))  # one span over all the others
    start = time.perf_counter()
    page = _highlight(text, spans)
    seconds = time.perf_counter() - start
    assert page.count('<mark class="cite k-timeline"') == 20_000
    assert page.startswith('<mark class="cite k-quote" data-ref="whole" id="whole"')
    assert seconds < 5.0, f"{seconds:.1f} s for 20,000 citations (the square of them takes minutes)"


@given(
    spans=st.lists(st.tuples(st.integers(0, 300), st.integers(1, 40), st.sampled_from("abcde")), max_size=60),
    start=st.integers(0, 340),
    length=st.integers(1, 30),
)
def test_the_mention_under_a_speaker_is_the_first_listed_overlapping_one(spans, start, length):
    """The indexed look-up answers as a scan of every listed mention would."""
    listed = [(s, s + n, key) for s, n, key in spans]
    end = start + length
    scanned = next((key for s, e, key in listed if s < end and start < e), None)
    assert _MentionSpans(listed).first_overlapping(start, end) == scanned


def _tagged(text: str, phrase: str, expr_type: str, value: str) -> list[TimeExpr]:
    at = [m.start() for m in re.finditer(re.escape(phrase), text)]
    return [
        TimeExpr(
            start=s,
            end=s + len(phrase),
            text=phrase,
            type=expr_type,
            value=value,
            sentence=n,
            resolved=True,
            anchor="absolute",
        )
        for n, s in enumerate(at)
    ]


def test_joining_days_with_their_clocks_and_parts_of_the_day_takes_time_in_proportion_to_them():
    piece = "On May 3, 2024 10:30 a.m. the ferry left; the morning of June 4 it came back. "
    text = piece * 20_000  # 40,000 days, each with a clock after it or a part of the day before it
    days = _tagged(text, "May 3, 2024", "DATE", "2024-05-03") + _tagged(text, "June 4", "DATE", "2024-06-04")
    clocks = _tagged(text, "10:30 a.m.", "TIME", "2024-05-03T10:30")
    out = sorted(days + clocks, key=lambda t: t.start)
    start = time.perf_counter()
    clocks_after_dates(out, text)
    parts_of_days(out, text)
    seconds = time.perf_counter() - start
    assert [t.text for t in out[:2]] == ["May 3, 2024 10:30 a.m.", "the morning of June 4"]
    assert [t.value for t in out[:2]] == ["2024-05-03T10:30", "2024-06-04TMO"]
    assert len(out) == 40_000 and all(t.type == "TIME" for t in out)
    assert seconds < 5.0, f"{seconds:.1f} s for 40,000 days (the square of them takes minutes)"
