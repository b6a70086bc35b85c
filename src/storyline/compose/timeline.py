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
LEAD_SENTENCES = 1
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
    """Distinct articles backing the entry; a duplicate article or a reused sentence counts once."""
    articles: set[str] = set()
    sentences: set[str] = set()
    support = 0
    for member in group.members:
        sentence = " ".join(member.ref.sentence.lower().split())
        if member.canonical_id in articles or sentence in sentences:
            continue
        articles.add(member.canonical_id)
        sentences.add(sentence)
        support += 1
    return support


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


#: weight of a publication-date (lead sentence) anchor against an explicit time expression
LEAD_WEIGHT = 0.5
#: extra weight when a later article refers back to the date: retrospective mentions mark key days
RETROSPECTIVE_BONUS = 0.5
#: dates coarser than a day rank below days with the same support
COARSE_FACTOR = 0.02
#: background dates outside the period the articles were published in rank below the story's own days
OUTSIDE_FACTOR = 0.1
#: a sentence sharing this much of its content words with one already chosen for the date is redundant
REDUNDANT = 0.5


def date_scores(candidates: list[Candidate], span: tuple[dt.date, dt.date] | None = None) -> dict[str, float]:
    """How strongly the story points at each date: its distinct articles, each counted once, by how they point.

    An article counts 1 for a date it names, LEAD_WEIGHT when only its publication date anchors a lead
    sentence there, plus RETROSPECTIVE_BONUS when it names the date after the fact (published later).
    """
    best: dict[tuple[str, str], float] = {}
    for c in candidates:
        weight = 1.0 if c.ref.time_expression else LEAD_WEIGHT
        if c.ref.time_expression and c.published and c.date < c.published.isoformat()[: len(c.date)]:
            weight += RETROSPECTIVE_BONUS
        key = (c.date, c.canonical_id)
        best[key] = max(best.get(key, 0.0), weight)
    scores: dict[str, float] = defaultdict(float)
    for (date, _), weight in best.items():
        scores[date] += weight
    out = {}
    for date, value in scores.items():
        if len(date) != 10:
            value *= COARSE_FACTOR
        elif span and not span[0].isoformat() <= date <= span[1].isoformat():
            value *= OUTSIDE_FACTOR
        out[date] = value
    return out


def _idf(candidates: list[Candidate]) -> dict[str, float]:
    df: dict[str, int] = defaultdict(int)
    for c in candidates:
        for w in c.words:
            df[w] += 1
    n = len(candidates) + 1
    return {w: math.log(n / (1 + k)) + 1.0 for w, k in df.items()}


def _cosine(words: frozenset[str], centroid: dict[str, float], idf: dict[str, float]) -> float:
    if not words or not centroid:
        return 0.0
    dot = sum(centroid.get(w, 0.0) * idf.get(w, 1.0) for w in words)
    norm = math.sqrt(sum(idf.get(w, 1.0) ** 2 for w in words))
    return dot / norm if norm else 0.0


def _centroid(members: list[Candidate], idf: dict[str, float]) -> dict[str, float]:
    """The date's content: tf-idf sum of its candidate sentences (one vote per article and sentence), unit length."""
    vector: dict[str, float] = defaultdict(float)
    for m in members:
        for w in m.words:
            vector[w] += idf.get(w, 1.0)
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {w: v / norm for w, v in vector.items()} if norm else {}


def compose_timeline(
    articles: list[AnnotatedArticle],
    settings: TimelineSettings | None = None,
    duplicate_of: dict[str, str] | None = None,
) -> list[TimelineEntry]:
    """The story's timeline, ordered by date; within a date, by how central the entry is to that day.

    Dates are ranked by how many distinct articles point at them (date_scores); each chosen date
    gets the happenings (groups of same-date sentences) closest to the date's tf-idf centroid,
    skipping redundant ones.  With keywords, only sentences containing one may be shown, and a date
    without such a sentence gives its place to the next date.
    """
    settings = settings or TimelineSettings()
    duplicate_of = duplicate_of or {}
    keywords = [k.lower() for k in settings.keywords]
    candidates: list[Candidate] = []
    for annotated in articles:
        canonical = duplicate_of.get(annotated.article.id, annotated.article.id)
        candidates.extend(candidates_of(annotated, canonical, articles))
    published = [a.article.published for a in articles if a.article.published]
    scores = date_scores(candidates, (min(published), max(published)) if published else None)
    idf = _idf(candidates)
    by_date: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_date[candidate.date].append(candidate)
    shown = [c for c in candidates if not keywords or any(k in c.ref.sentence.lower() for k in keywords)]
    groups = _merge(shown)
    auto_dates, auto_per_date = _auto_limits(groups, len(articles))
    max_dates = settings.max_dates or auto_dates
    per_date = settings.sentences_per_date or auto_per_date

    groups_by_date: dict[str, list[_Group]] = defaultdict(list)
    for group in groups:
        groups_by_date[group.date].append(group)
    entries: list[TimelineEntry] = []
    for date in sorted(groups_by_date, key=lambda d: (-scores.get(d, 0.0), d))[:max_dates]:
        centroid = _centroid(by_date[date], idf)
        ranked = []
        for group in groups_by_date[date]:
            representative = max(group.members, key=lambda m: (_cosine(m.words, centroid, idf),
                                                                -(m.published or dt.date.max).toordinal()))
            ranked.append((_cosine(representative.words, centroid, idf) + 0.1 * math.log1p(_support(group)),
                           group, representative))
        ranked.sort(key=lambda item: -item[0])
        chosen: list[Candidate] = []
        for value, group, representative in ranked:
            if len(chosen) >= per_date:
                break
            if any(jaccard(representative.words, c.words) >= REDUNDANT for c in chosen):
                continue
            chosen.append(representative)
            ordered = [representative] + [m for m in group.members if m is not representative]
            entries.append(TimelineEntry(date=date, summary=representative.ref.sentence,
                                         sources=[m.ref for m in ordered], score=round(scores.get(date, 0.0), 3)))
    entries.sort(key=lambda e: e.date)
    return entries
