"""Figures across a story: which reported numbers measure the same thing, and do they agree?

Claims are grouped when they report the same value in the same unit and rate (a figure
repeated by several articles), or when their measured noun phrases are the same words in
the same unit and rate (the same measure, whatever the value).  A claim is
``corrected`` when an editor's note, correction or clarification in the story reports a
figure of its group, ``conflicting`` when a claim of the same measure (same measured words,
unit and rate) gives another value, ``consistent`` otherwise: a value shared with another
measure links the two in one group but does not carry a conflict across.
Claims of near-duplicate articles are left out: a copy of an article is not a second
witness, and a stale copy must not make a conflict.
"""

from __future__ import annotations

import re

from storyline.model import AnnotatedArticle, Claim, ClaimStatus, ClaimView

NOTE = re.compile(
    r"^\s*(editor[’']?s[’']? note|correction|clarification|update|note)\b"
    r"|an earlier version of this (story|article|report)|has since (clarified|corrected)",
    re.IGNORECASE,
)
# words left out of a measured noun phrase when comparing measures; not text.STOPWORDS,
# which serves sentence similarity
SUBJECT_STOPWORDS = frozenset(
    "the a an of its their his her our this that these those per cent percent for in on to".split()
)
# a unitless number links claims by value only from here up: small bare numbers ("3", "12")
# repeat by chance, while "1,600" in two articles is most likely the same figure
MIN_UNITLESS_LINK_VALUE = 100


def _key_words(subject: str) -> tuple[str, ...]:
    words = re.findall(r"[a-z0-9]+", subject.lower().replace("’", "'"))
    return tuple(w.rstrip("s") for w in words if w not in SUBJECT_STOPWORDS)


def _in_note(text: str, start: int) -> bool:
    """Is character ``start`` in a paragraph that corrects or clarifies the article?"""
    para_start = text.rfind("\n", 0, start) + 1
    para_end = text.find("\n", start)
    paragraph = text[para_start : para_end if para_end >= 0 else len(text)]
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
    measure_of: dict[int, tuple] = {}  # claim → its measure link, when its subject has words
    for i, (_, claim, _) in enumerate(items):
        words = _key_words(claim.subject)
        links = []
        if words:
            measure_of[i] = ("measure", claim.unit, claim.rate, words)
            links.append(measure_of[i])
        if claim.unit is not None or claim.value >= MIN_UNITLESS_LINK_VALUE:
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
        corrected = any(items[i][2] for i in members)
        values_of: dict[tuple, set[tuple]] = {}  # measure → the values its claims give
        for i in members:
            if i in measure_of:
                values_of.setdefault(measure_of[i], set()).add((items[i][1].value, items[i][1].high))
        for i in members:
            annotated, claim, _ = items[i]
            status: ClaimStatus
            if corrected:
                status = "corrected"
            elif i in measure_of and len(values_of[measure_of[i]]) > 1:
                status = "conflicting"
            else:
                status = "consistent"
            views.append(
                ClaimView(
                    subject=claim.subject,
                    value=claim.value,
                    unit=claim.unit,
                    text=claim.text,
                    article_id=annotated.article.id,
                    char_start=claim.start,
                    char_end=claim.end,
                    status=status,
                    group=number,
                    rate=claim.rate,
                    high=claim.high,
                )
            )
    return views
