"""Compose: from a story's annotated articles to everything its outputs show.

``compose_story`` is the stage's one entry point: timeline, entities and quotes, figures
and summary, each composed by its own module.
"""

from __future__ import annotations

from storyline.compose.entities import compose_entities
from storyline.compose.figures import compose_claims
from storyline.compose.summary import compose_summary
from storyline.compose.text import content_words
from storyline.compose.timeline import compose_timeline, furniture_end
from storyline.config import TimelineSettings
from storyline.model import AnnotatedArticle, Reuse, Story, StoryView
from storyline.timing import StageTimes

TITLE_MAX_CHARS = 120  # a title made from a first sentence is cut (at a word) to fit this
TITLE_MIN_WORDS = 4  # content words a sentence needs to serve as a title (less is a dateline or a fragment)


def _title_sentence(annotated: AnnotatedArticle) -> str | None:
    """The article's first sentence that can serve as a title, without a dateline glued before it."""
    for sentence in annotated.sentences:
        text = sentence.text[furniture_end(sentence.text) :].strip()
        if len(set(content_words(text))) >= TITLE_MIN_WORDS:
            return text
    return None


def story_title(articles: list[AnnotatedArticle]) -> str:
    """The earliest titled article's title; else the first sentence of the earliest article that can
    serve as one ("CAIRO (" or "BERLIN, March 6" cannot); else that article's first sentence as it is."""
    ordered = sorted(articles, key=lambda a: (a.article.published is None, a.article.published or 0))
    for annotated in ordered:
        if annotated.article.title:
            return annotated.article.title
    for annotated in ordered:
        if annotated.sentences:
            text = _title_sentence(annotated) or annotated.sentences[0].text
            return text if len(text) <= TITLE_MAX_CHARS else text[: TITLE_MAX_CHARS - 3].rsplit(" ", 1)[0] + "…"
    return "Untitled story"


def compose_story(
    story: Story,
    articles: list[AnnotatedArticle],
    duplicate_of: dict[str, str],
    reuses: list[Reuse],
    settings: TimelineSettings | None = None,
    times: StageTimes | None = None,
) -> StoryView:
    """Compose one story from its annotated articles (``times`` collects seconds per part)."""
    times = times or StageTimes()
    ids = set(story.article_ids)
    members = [a for a in articles if a.article.id in ids]
    duplicates = {k: v for k, v in duplicate_of.items() if k in ids}
    with times.stage("compose timeline"):
        timeline = compose_timeline(members, settings, duplicates)
    with times.stage("compose entities"):
        entities, quotes = compose_entities(members, duplicates)
    with times.stage("compose figures"):
        claims = compose_claims(members, duplicates)
    return StoryView(
        story=story,
        articles=members,
        duplicate_of=duplicates,
        reuses=[r for r in reuses if r.article_id in ids],
        timeline=timeline,
        entities=entities,
        quotes=quotes,
        claims=claims,
        summary=compose_summary(timeline, (settings or TimelineSettings()).summary_items),
        title=story_title(members),
    )
