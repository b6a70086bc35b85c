"""A short account of the story so far, built from its best-supported timeline entries."""

from __future__ import annotations

from storyline.model import SummaryItem, TimelineEntry

SUMMARY_ITEMS = 5


def compose_summary(timeline: list[TimelineEntry], items: int = SUMMARY_ITEMS) -> list[SummaryItem]:
    """The ``items`` best-supported entries, told in date order, each with its sources.

    Extractive on purpose: every sentence of the summary is a sentence from an article.
    """
    best = sorted(timeline, key=lambda e: (-e.score, e.date))[:items]
    seen: set[str] = set()
    summary = []
    for entry in sorted(best, key=lambda e: e.date):
        if entry.summary in seen:
            continue
        seen.add(entry.summary)
        summary.append(SummaryItem(text=entry.summary, sources=entry.sources[:1]))
    return summary
