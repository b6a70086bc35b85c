"""Figures across a story: which reported numbers measure the same thing, and do they agree?

Claims are grouped when they report the same value in the same unit and rate (a figure
repeated by several articles), or when their measured noun phrases are the same words in
the same unit and rate (the same measure, whatever the value).  A group is
``conflicting`` when it holds different values, ``corrected`` when an editor's note,
correction or clarification in the story reports the figure, ``consistent`` otherwise.
Claims of near-duplicate articles are left out: a copy of an article is not a second
witness, and a stale copy must not make a conflict.
"""

from __future__ import annotations

import re

from storyline.model import AnnotatedArticle, Claim, ClaimView

NOTE = re.compile(
    r"^\s*(editor[’']?s[’']? note|correction|clarification|update|note)\b"
    r"|an earlier version of this (story|article|report)|has since (clarified|corrected)",
    re.IGNORECASE,
)
STOPWORDS = frozenset("the a an of its their his her our this that these those per cent percent for in on to".split())


def _key_words(subject: str) -> tuple[str, ...]:
    words = re.findall(r"[a-z0-9]+", subject.lower().replace("’", "'"))
    return tuple(w.rstrip("s") for w in words if w not in STOPWORDS)


def _in_note(text: str, start: int) -> bool:
    """Is character ``start`` in a paragraph that corrects or clarifies the article?"""
    para_start = text.rfind("\n", 0, start) + 1
    para_end = text.find("\n", start)
    paragraph = text[para_start: para_end if para_end >= 0 else len(text)]
    return bool(NOTE.search(paragraph))


def compose_claims(articles: list[AnnotatedArticle], duplicate_of: dict[str, str]) -> list[ClaimView]:
    """Claims of a story as views, numbered by measure (``group``) with their status."""
    items: list[tuple[AnnotatedArticle, Claim, bool]] = []
    for annotated in articles:
        if annotated.article.id in duplicate_of:
            continue
        text = annotated.article.text
        for claim in annotated.claims:
            items.append((annotated, claim, _in_note(text, claim.start)))
    parent = list(range(len(items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        parent[find(j)] = find(i)

    first_of: dict[tuple, int] = {}  # a measure or a repeated value → the first claim seen with it
    for i, (_, claim, _) in enumerate(items):
        words = _key_words(claim.subject)
        links = []
        if words:
            links.append(("measure", claim.unit, claim.rate, words))
        if claim.unit is not None or claim.value >= 100:
            links.append(("value", claim.unit, claim.rate, claim.value, claim.high))
        for link in links:
            if link in first_of:
                union(first_of[link], i)
            else:
                first_of[link] = i
    groups: dict[int, list[int]] = {}
    for i in range(len(items)):
        groups.setdefault(find(i), []).append(i)
    views: list[ClaimView] = []
    for number, members in enumerate(sorted(groups.values(), key=min), start=1):
        if any(items[i][2] for i in members):
            status = "corrected"
        elif len({(items[i][1].value, items[i][1].high) for i in members}) > 1:
            status = "conflicting"
        else:
            status = "consistent"
        for i in members:
            annotated, claim, _ = items[i]
            views.append(ClaimView(
                subject=claim.subject, value=claim.value, unit=claim.unit, text=claim.text,
                article_id=annotated.article.id, char_start=claim.start, char_end=claim.end,
                status=status, group=number, rate=claim.rate, high=claim.high,
            ))
    return views
