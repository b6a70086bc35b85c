"""A short account of the story so far, built from the entries of its best-scored timeline dates."""

from __future__ import annotations

from storyline.config import TimelineSettings
from storyline.model import SummaryItem, TimelineEntry

SUMMARY_ITEMS = TimelineSettings.summary_items  # the default; compose_story passes the setting


def compose_summary(timeline: list[TimelineEntry], items: int = SUMMARY_ITEMS) -> list[SummaryItem]:
    """``items`` entries of the best-scored dates, told in date order, each with its first source.

    ``TimelineEntry.score`` is its date's score (every entry of a date shares it), so this
    picks the strongest dates, not the best-supported sentences within them.

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
