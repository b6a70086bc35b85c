"""Stages whose cost grew with the square of an article's size now grow in proportion to it."""

from __future__ import annotations

import time

from storyline.render.html import _highlight, _Span


def test_highlighting_many_citations_in_a_long_article_takes_time_in_proportion_to_them():
    sentence = "The harbour crane at Holmvik broke again and the ferry waited. "
    text = sentence * 20_000  # 1.3 million characters, 20,000 cited sentences
    spans = [_Span(i * len(sentence), (i + 1) * len(sentence) - 1, f"c{i}", {"timeline"}, ["timeline"])
             for i in range(20_000)]
    spans.append(_Span(0, len(text), "whole", {"quote"}, ["quote"]))  # one span over all the others
    start = time.perf_counter()
    page = _highlight(text, spans)
    seconds = time.perf_counter() - start
    assert page.count('<mark class="cite k-timeline"') == 20_000
    assert page.startswith('<mark class="cite k-quote" data-ref="whole" id="whole"')
    assert seconds < 5.0, f"{seconds:.1f} s for 20,000 citations (the square of them takes minutes)"
