"""The story summary's length is a setting passed through compose_story."""

from __future__ import annotations

from storyline.config import TimelineSettings
from storyline.model import Article, Story

TEXT = (
    "The Fenwick council closed the east bridge on 3 May 2024.\n\n"
    "Divers inspected its piers on 9 May 2024.\n\n"
    "The council approved a repair budget on 15 May 2024.\n\n"
    "Repair crews started work on 22 May 2024.\n\n"
    "The bridge reopened to cyclists on 30 May 2024."
)


def test_summary_items_setting_limits_the_summary(resources):
    from storyline.annotate import annotate
    from storyline.compose.story import compose_story

    annotated = list(annotate([Article(id="f1", text=TEXT)], resources))
    story = Story(id="s", article_ids=["f1"])
    full = compose_story(story, annotated, {}, [])
    short = compose_story(story, annotated, {}, [], TimelineSettings(summary_items=2))
    assert len(full.summary) > 2
    assert len(short.summary) == 2
