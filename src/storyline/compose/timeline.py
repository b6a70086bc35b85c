"""The timeline composer: dated events, merged across articles, ranked by support.

A candidate event is a sentence anchored to a calendar date: by a resolved time
expression in it, or, for the lead sentences of a dated article that carry no day of their
own, by the publication date (news reports the day's events first).  Candidates with the
same date that tell the same happening merge into one entry; every entry keeps each
supporting sentence with its offsets and the time expression used.  A near-duplicate
article is kept as a source but never adds support twice.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field

from storyline.compose.text import content_words, jaccard
from storyline.config import TimelineSettings
from storyline.model import AnnotatedArticle, SourceRef, TimeExpr, TimelineEntry

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_YEAR = re.compile(r"^(\d{4})$")
_MONTH_DAY = re.compile(r"^XXXX-(\d{2})-(\d{2})$")

#: how many leading sentences of a dated article may be anchored to its publication date
LEAD_SENTENCES = 2
#: two candidates of one date are the same happening at this content-word overlap
SAME_HAPPENING = 0.2


def calendar_date(value: str) -> str | None:
    """The calendar date a TIMEX3 value names, at its own granularity, or None.

    ``2019-09-30T00:01`` and ``2019-10-02TEV`` give the day; ``2019-08`` the month; ``2019``
    the year.  Weeks, seasons, durations and references like ``PAST_REF`` give None.
    """
    match = _DAY.match(value)
    if match:
        try:
            dt.date(*(int(g) for g in match.groups()))
        except ValueError:
            return None
        return match.group(0)
    if _MONTH.match(value) or _YEAR.match(value):
        return value
    return None


def year_if_certain(articles: list[AnnotatedArticle], month: int, day: int) -> int | None:
    """The year of a month-day with no year, when the story's publication dates leave one choice.

    Every dated article must fall in one calendar year, and the month-day must lie within two
    months of that span in that year only.  Otherwise the year stays unknown.
    """
    published = [a.article.published for a in articles if a.article.published]
    if not published:
        return None
    years = {p.year for p in published}
    if len(years) != 1:
        return None
    year = years.pop()
    first, last = min(published), max(published)
    window = dt.timedelta(days=61)
    fits = []
    for candidate in (year - 1, year, year + 1):
        try:
            day_date = dt.date(candidate, month, day)
        except ValueError:
            continue
        if first - window <= day_date <= last + window:
            fits.append(candidate)
    return fits[0] if fits == [year] else None


@dataclass
class Candidate:
    date: str
    article_id: str
    canonical_id: str  # the article this one duplicates, or itself
    sentence_index: int
    ref: SourceRef
    words: frozenset[str]
    lead: bool
    published: dt.date | None


@dataclass
class _Group:
    date: str
    members: list[Candidate] = field(default_factory=list)
    words: set[str] = field(default_factory=set)


def candidates_of(
    annotated: AnnotatedArticle,
    canonical_id: str,
    story_articles: list[AnnotatedArticle],
) -> list[Candidate]:
    """Every (date, sentence) pair this article supports."""
    article = annotated.article
    by_sentence: dict[int, list[TimeExpr]] = defaultdict(list)
    for timex in annotated.timexes:
        if timex.type in ("DATE", "TIME"):
            by_sentence[timex.sentence].append(timex)
    found: list[Candidate] = []
    for index, sentence in enumerate(annotated.sentences):
        words = frozenset(content_words(sentence.text))
        if len(words) < 3:
            continue
        anchors: list[tuple[str, str | None]] = []
        for timex in by_sentence.get(index, []):
            date = calendar_date(timex.value) if timex.resolved else None
            if date is None and not timex.resolved:
                month_day = _MONTH_DAY.match(timex.value)
                if month_day and article.published is None:
                    year = year_if_certain(story_articles, int(month_day.group(1)), int(month_day.group(2)))
                    date = f"{year}-{month_day.group(1)}-{month_day.group(2)}" if year else None
            if date and all(date != existing for existing, _ in anchors):
                anchors.append((date, timex.text))
        lead = index < LEAD_SENTENCES and sentence.paragraph <= 1
        has_day = any(len(date) == 10 for date, _ in anchors)
        if lead and not has_day and article.published and article.published_source != "missing":
            anchors.append((article.published.isoformat(), None))
        for date, expression in anchors:
            ref = SourceRef(article_id=article.id, sentence=sentence.text, char_start=sentence.start,
                            char_end=sentence.end, time_expression=expression)
            found.append(Candidate(date, article.id, canonical_id, index, ref, words, lead, article.published))
    return found


def _merge(candidates: list[Candidate]) -> list[_Group]:
    """Group same-date candidates that tell the same happening (greedy, in reading order)."""
    by_date: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_date[candidate.date].append(candidate)
    groups: list[_Group] = []
    for date, members in by_date.items():
        date_groups: list[_Group] = []
        for candidate in members:
            best, best_score = None, SAME_HAPPENING
            for group in date_groups:
                score = jaccard(candidate.words, group.words)
                if score >= best_score:
                    best, best_score = group, score
            if best is None:
                best = _Group(date)
                date_groups.append(best)
            best.members.append(candidate)
            best.words |= candidate.words
        groups.extend(date_groups)
    return groups


def _support(group: _Group) -> int:
    return len({m.canonical_id for m in group.members})


def _score(group: _Group) -> float:
    """Support from distinct (non-duplicate) articles first; lead sentences and explicit dates help."""
    explicit = any(m.ref.time_expression for m in group.members)
    lead = any(m.lead for m in group.members)
    return _support(group) + 0.3 * explicit + 0.2 * lead


def _representative(group: _Group) -> Candidate:
    """The member sharing most words with the others (earliest article breaks ties)."""
    def centrality(member: Candidate) -> tuple[float, float]:
        shared = sum(jaccard(member.words, other.words) for other in group.members if other is not member)
        age = member.published.toordinal() if member.published else math.inf
        return (shared + (0.5 if member.ref.time_expression else 0.0), -age)

    return max(group.members, key=centrality)


def _auto_limits(groups: list[_Group], article_count: int) -> tuple[int, int]:
    """Length when the user sets none: everything for a small story, the best-supported dates for a big one."""
    dates = {g.date for g in groups}
    if article_count <= 20:
        return len(dates), max((len([g for g in groups if g.date == d]) for d in dates), default=1)
    wanted = int(round(8 + 4 * math.log2(article_count / 20 + 1)))
    return min(len(dates), wanted), 2


def compose_timeline(
    articles: list[AnnotatedArticle],
    settings: TimelineSettings | None = None,
    duplicate_of: dict[str, str] | None = None,
) -> list[TimelineEntry]:
    """The story's timeline, ordered by date; within a date, by support."""
    settings = settings or TimelineSettings()
    duplicate_of = duplicate_of or {}
    keywords = [k.lower() for k in settings.keywords]
    candidates: list[Candidate] = []
    for annotated in articles:
        canonical = duplicate_of.get(annotated.article.id, annotated.article.id)
        for candidate in candidates_of(annotated, canonical, articles):
            if keywords and not any(k in candidate.ref.sentence.lower() for k in keywords):
                continue
            candidates.append(candidate)
    groups = _merge(candidates)
    auto_dates, auto_per_date = _auto_limits(groups, len(articles))
    max_dates = settings.max_dates or auto_dates
    per_date = settings.sentences_per_date or auto_per_date

    best_by_date: dict[str, float] = defaultdict(float)
    for group in groups:
        best_by_date[group.date] = max(best_by_date[group.date], _score(group))
    chosen_dates = set(sorted(best_by_date, key=lambda d: (-best_by_date[d], d))[:max_dates])

    entries: list[TimelineEntry] = []
    for date in sorted(chosen_dates):
        date_groups = sorted((g for g in groups if g.date == date), key=_score, reverse=True)[:per_date]
        for group in date_groups:
            representative = _representative(group)
            ordered = [representative] + [m for m in group.members if m is not representative]
            entries.append(TimelineEntry(date=date, summary=representative.ref.sentence,
                                         sources=[m.ref for m in ordered], score=round(_score(group), 3)))
    return entries
