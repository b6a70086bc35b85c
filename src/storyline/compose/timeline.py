"""The timeline composer: dated events, merged across articles, ranked by support.

A candidate event is a sentence anchored to a calendar date: by a resolved time
expression in it, or, for the lead sentences of a dated article that carry no day of their
own, by the publication date (news reports the day's events first).  Candidates with the
same date that tell the same happening merge into one entry; every entry keeps each
supporting sentence with its offsets and the time expression used.  A near-duplicate
article is kept as a source but never adds support twice.

In a story of more than ``small_story`` articles, the first ``pool_sentences`` sentences of an article
that name no day may also summarise its publication date and the day before (what a report tells
happened that day or the previous one), without counting as evidence for either.
A date's summary sentences are those closest to the date's tf-idf centroid, preferring sentences
that name the date and sentences reported the day itself or the day after, avoiding page furniture
(bylines, timestamps, comment headers) and very long sentences, and cutting a dateline glued before
the sentence.  The weights are ``TimelineSettings`` fields (config.py), chosen on four Timeline17 topics (mj,
finan, h1n1, haiti) with benchmarks/dev/tls_dev.py; the other five serve as held-out check.
When compose/sentence_ranker.json is installed (a linear score over SENTENCE_FEATURES trained on all
Timeline17 topics by benchmarks/dev/train_sentence_ranker.py, judged leave-one-topic-out), it rates the
sentences instead of that hand formula; without it the hand formula ranks.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

from storyline.check import states_year
from storyline.compose.text import content_words, jaccard
from storyline.config import TimelineSettings
from storyline.dating import in_markup, weekday_named
from storyline.errors import StorylineError
from storyline.model import AnnotatedArticle, SourceRef, TimeExpr, TimelineEntry

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")
_YEAR = re.compile(r"^(\d{4})$")
_MONTH_DAY = re.compile(r"^XXXX-(\d{2})-(\d{2})$")

#: the composer's weights when the caller passes none
DEFAULTS = TimelineSettings()

#: a dateline or page timestamp glued before the sentence proper ("LONDON | Mon Aug 9 , 2010 7:34 am EDT
#: LONDON ( Reuters ) - ", "Wednesday 5 May 2010 16.20 BST ", "By the CNN Wire Staff "): up to the last one is cut
_FURNITURE_PREFIX = re.compile(
    r"""^.*(?:
    \b\d{1,2}[.:]\d{2}\s*(?:[AaPp]\.?[Mm]\.?\s*)?(?:GMT|BST|EDT|EST|ET|CET|UTC|JST)\b\s*\)?\s*:?(?:\s*Help\b)?(?=\s*(?:[A-Z(]|$))
  | \(\s*(?:Reuters|AP|AFP|CNN|UPI)\s*\)\s*(?:--|-|–|—)
  | \bBy\ the\ CNN\ Wire\ Staff\b
  )\s*""",
    re.X,
)


def furniture_end(sentence: str) -> int:
    """Where the sentence proper starts after a glued-on dateline, page timestamp or wire credit (0 if none)."""
    match = _FURNITURE_PREFIX.match(sentence)
    return match.end() if match else 0


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


def year_if_certain(
    articles: list[AnnotatedArticle],
    month: int,
    day: int,
    weekday: int | None = None,
    window_days: int = DEFAULTS.year_window_days,
) -> int | None:
    """The year of a month-day with no year, when the story's stated publication dates leave one choice.

    Every dated article must fall in one calendar year, and the month-day must lie within ``window_days``
    (two months) of that span in that year only; a weekday stated with it must fall on it that year.
    Otherwise the year stays unknown.
    """
    published = [a.article.stated_date for a in articles if a.article.stated_date]
    if not published:
        return None
    years = {p.year for p in published}
    if len(years) != 1:
        return None
    year = years.pop()
    first, last = min(published), max(published)
    window = dt.timedelta(days=window_days)
    fits = []
    for candidate in (year - 1, year, year + 1):
        try:
            day_date = dt.date(candidate, month, day)
        except ValueError:
            continue
        if first - window <= day_date <= last + window:
            fits.append(candidate)
    if fits != [year] or (weekday is not None and dt.date(year, month, day).weekday() != weekday):
        return None
    return year


#: entity labels that name who or where (not amounts or dates): an event summary usually names its actors
_ACTOR_LABELS = frozenset({"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "EVENT", "LAW"})


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
    pool: bool = False  # an early sentence placed at the publication date: may summarise it, never ranks it
    bigrams: frozenset[tuple[str, str]] = frozenset()  # adjacent content words (the sentence scorer's wording match)
    entities: int = 0  # names of people, organisations and places in the sentence


@dataclass
class _Group:
    date: str
    members: list[Candidate] = field(default_factory=list)
    words: set[str] = field(default_factory=set)


def candidates_of(
    annotated: AnnotatedArticle,
    canonical_id: str,
    story_articles: list[AnnotatedArticle],
    pool_sentences: int = 0,
    settings: TimelineSettings = DEFAULTS,
) -> list[Candidate]:
    """Every (date, sentence) pair this article supports.

    The first ``pool_sentences`` sentences that name no day are also offered at the publication date,
    and at the day before it, as ``pool`` candidates: they may summarise those dates (a report tells
    the day's events or the previous day's), but do not count as evidence for either.
    """
    article = annotated.article
    by_sentence: dict[int, list[TimeExpr]] = defaultdict(list)
    for timex in annotated.timexes:
        if timex.type in ("DATE", "TIME"):
            by_sentence[timex.sentence].append(timex)
    entities: dict[int, int] = defaultdict(int)
    for mention in annotated.mentions:
        if mention.label in _ACTOR_LABELS:
            entities[mention.sentence] += 1
    found: list[Candidate] = []
    for index, sentence in enumerate(annotated.sentences):
        cut = furniture_end(sentence.text)
        text = sentence.text[cut:]
        sequence = content_words(text)
        words = frozenset(sequence)
        if len(words) < settings.min_content_words:  # nothing but the dateline: keep the sentence whole
            cut, text = 0, sentence.text
            sequence = content_words(text)
            words = frozenset(sequence)
            if len(words) < settings.min_content_words:
                continue
        bigrams = frozenset(zip(sequence, sequence[1:], strict=False))
        start = sentence.start + cut
        # date, the words naming it, how it was inferred, pool
        anchors: list[tuple[str, str | None, str | None, bool]] = []
        for timex in by_sentence.get(index, []):
            if in_markup(article.text, timex.start, timex.end):
                continue  # an image address or a link is not the article telling a date
            date = calendar_date(timex.value) if timex.resolved else None
            # a dateline cut off the cited words still dates the report: say where the date came from
            inferred = (
                f"from the dateline before the sentence: {sentence.text[:cut].strip()!r}"
                if timex.start < start
                else None
            )
            if date is not None and article.stated_date is None and not states_year(timex.text):
                # words that name no year in an article that states no date: say where the year came from
                if timex.anchor == "discourse":
                    inferred = "counted from a date the article tells before it"
                elif timex.anchor == "absolute":
                    inferred = f"the year read from the words around it: {sentence.text[:160]!r}"
                elif article.published_source == "inferred":
                    inferred = f"counted from the inferred publication date: {article.date_evidence}"
            if date is None and not timex.resolved:
                month_day = _MONTH_DAY.match(timex.value)
                if month_day and article.stated_date is None:
                    year = year_if_certain(
                        story_articles,
                        int(month_day.group(1)),
                        int(month_day.group(2)),
                        weekday_named(timex.text),
                        settings.year_window_days,
                    )
                    date = f"{year}-{month_day.group(1)}-{month_day.group(2)}" if year else None
                    inferred = f"year {year} from the publication dates of the story's other articles" if year else None
            if date and all(date != existing for existing, *_ in anchors):
                anchors.append((date, timex.text, inferred, False))
        lead = index < settings.lead_sentences and sentence.paragraph <= 1
        has_day = any(len(date) == 10 for date, *_ in anchors)
        # an inferred date fine enough to count "on Monday" from (a day or a week) places the lead at its
        # likeliest day, as it resolves the article's relative days
        inferred_placed = article.published_source == "inferred" and article.reference_date is not None
        dated = article.stated_date is not None or inferred_placed
        # a lead placed at an inferred publication day says so
        how = f"the inferred publication date: {article.date_evidence}" if inferred_placed else None
        if not has_day and dated and article.published is not None:
            if lead or index < pool_sentences:
                anchors.append((article.published.isoformat(), None, how, not lead))
            if index < pool_sentences:
                day_before = article.published - dt.timedelta(days=1)
                anchors.append(
                    (
                        day_before.isoformat(),
                        None,
                        "a sentence naming no day, among the first of an "
                        "article published the next day" + (f"; {how}" if how else ""),
                        True,
                    )
                )
        for date, expression, inferred, pool in anchors:
            ref = SourceRef(
                article_id=article.id,
                sentence=text,
                char_start=start,
                char_end=sentence.end,
                time_expression=expression,
                inferred=inferred,
            )
            found.append(
                Candidate(
                    date,
                    article.id,
                    canonical_id,
                    index,
                    ref,
                    words,
                    lead,
                    article.published,
                    pool=pool,
                    bigrams=bigrams,
                    entities=entities.get(index, 0),
                )
            )
    return found


def _reading_order(candidate: Candidate) -> tuple[int, str, int]:
    """Earlier reports first, then by article id and sentence: an order that does not hang on input order."""
    return (candidate.published or dt.date.max).toordinal(), candidate.article_id, candidate.sentence_index


def _merge(candidates: list[Candidate], same_happening: float = DEFAULTS.same_happening) -> list[_Group]:
    """Group same-date candidates that tell the same happening (greedy, in the order given: story_candidates
    gives them in reading order)."""
    by_date: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_date[candidate.date].append(candidate)
    groups: list[_Group] = []
    for date, members in by_date.items():
        date_groups: list[_Group] = []
        for candidate in members:
            best, best_score = None, same_happening
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


def _auto_limits(
    groups_per_date: dict[str, int], article_count: int, settings: TimelineSettings = DEFAULTS
) -> tuple[int, int]:
    """Length when the user sets none: everything for a small story, the best-supported dates for a big one."""
    if article_count <= settings.small_story:
        return len(groups_per_date), max(groups_per_date.values(), default=1)
    doublings = math.log2(article_count / settings.small_story + 1)
    wanted = int(round(settings.auto_dates + settings.auto_dates_per_doubling * doublings))
    return min(len(groups_per_date), wanted), settings.auto_sentences_per_date


_QUOTE = re.compile(r"[\"“”]|``|''|^'|'$")
_PERSONAL = re.compile(r"\b(?:I|[Mm]e|[Mm]y|[Ww]e|us|[Oo]ur|[Yy]ou|[Yy]our)\b")
_FURNITURE = re.compile(
    r"\||https?:|www\.|@|\bposted by\b|\breport abuse\b|\blast updated\b"
    r"|\b\d{1,2}:\d{2}\s*(?:[AP]M|GMT|BST|EDT|EST)\b",
    re.IGNORECASE,
)


def date_scores(
    candidates: list[Candidate], span: tuple[dt.date, dt.date] | None = None, settings: TimelineSettings = DEFAULTS
) -> dict[str, float]:
    """How strongly the story points at each date: its distinct articles, each counted once, by how they point.

    An article counts 1 for a date it names, ``lead_weight`` when only its publication date anchors a lead
    sentence there, plus ``retrospective_bonus`` when it names the date after the fact (published later),
    and ``late_bonus`` more when it names a day ``late_days`` or more after it.  Pool candidates do not count.
    Dates coarser than a day count ``coarse_factor`` times, days outside the publication ``span``
    ``outside_factor`` times.
    """
    best: dict[tuple[str, str], float] = {}
    for c in candidates:
        if c.pool:
            continue
        weight = 1.0 if c.ref.time_expression else settings.lead_weight
        if c.ref.time_expression and c.published and c.date < c.published.isoformat()[: len(c.date)]:
            weight += settings.retrospective_bonus
            if len(c.date) == 10 and (c.published - dt.date.fromisoformat(c.date)).days >= settings.late_days:
                weight += settings.late_bonus
        key = (c.date, c.canonical_id)
        best[key] = max(best.get(key, 0.0), weight)
    scores: dict[str, float] = defaultdict(float)
    for (date, _), weight in best.items():
        scores[date] += weight
    out = {}
    for date, value in scores.items():
        if len(date) != 10:
            value *= settings.coarse_factor
        elif span and not span[0].isoformat() <= date <= span[1].isoformat():
            value *= settings.outside_factor
        out[date] = value
    return out


def _df_idf(sets: list[frozenset[Any]]) -> dict[Any, float]:
    """Smoothed inverse document frequency of every item (word or word pair) over the given sets."""
    df: dict[Any, int] = defaultdict(int)
    for items in sets:
        for item in items:
            df[item] += 1
    n = len(sets) + 1
    return {item: math.log(n / (1 + k)) + 1.0 for item, k in df.items()}


def _unit(vector: dict[Any, float]) -> dict[Any, float]:
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {k: v / norm for k, v in vector.items()} if norm else {}


def _idf(candidates: list[Candidate]) -> dict[str, float]:
    return _df_idf([c.words for c in candidates])


def _vector(items: frozenset[Any], idf: dict[Any, float]) -> dict[Any, float]:
    return _unit({item: idf.get(item, 1.0) for item in items})


def _dot(a: dict[Any, float], b: dict[Any, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(w, 0.0) for w, v in a.items())


def _centroid(
    members: list[Candidate], idf: dict[Any, float], items: Callable[[Candidate], frozenset[Any]] = attrgetter("words")
) -> dict[Any, float]:
    """The date's content: tf-idf sum of its candidate sentences' words (or other ``items``, such as
    word pairs), at unit length."""
    vector: dict[Any, float] = defaultdict(float)
    for m in members:
        for item in items(m):
            vector[item] += idf.get(item, 1.0)
    return _unit(vector)


def _form_factor(sentence: str, settings: TimelineSettings = DEFAULTS) -> float:
    """Relevance kept for the sentence's form: long sentences and page furniture make poor summaries.

    (Quotes, questions and first-person sentences were also marked down once; on Timeline17 that did
    not help, so they are only features of the learned ranker now.)
    """
    factor = 1.0
    words = len(sentence.split())
    if words > settings.long_sentence:
        factor *= settings.long_sentence / words
    if _FURNITURE.search(sentence):
        factor *= settings.furniture_factor
    return factor


def _relevance(
    candidate: Candidate,
    centroid: dict[str, float],
    idf: dict[str, float],
    day: dt.date | None,
    settings: TimelineSettings = DEFAULTS,
) -> float:
    """How well the sentence can summarise its date: closeness to the date's centroid, scaled by its form,
    by ``named_factor`` when it names the date itself, by ``fresh_factor`` when it was reported the day itself
    or the day after and by ``ahead_factor`` when it was reported before."""
    value = _dot(_vector(candidate.words, idf), centroid) * _form_factor(candidate.ref.sentence, settings)
    if candidate.ref.time_expression:
        value *= settings.named_factor
    if day and candidate.published and 0 <= (candidate.published - day).days <= 1:
        value *= settings.fresh_factor
    if day and candidate.published and candidate.published < day:
        value *= settings.ahead_factor
    return value


def rank_dates(
    candidates: list[Candidate], span: tuple[dt.date, dt.date] | None, settings: TimelineSettings = DEFAULTS
) -> list[str]:
    """Dates best first by date_scores; earlier dates first on ties.

    A learned date ranker (logistic regression, gradient-boosted trees) was tried and lost to this
    hand score leave-one-topic-out: see benchmarks/dev/train_date_ranker.py.
    """
    scores = date_scores(candidates, span, settings)
    return sorted(scores, key=lambda d: (-scores[d], d))


#: the features a sentence ranker reads, in order (see sentence_features)
SENTENCE_FEATURES = (
    "relevance",
    "log_relevance",
    "centroid",
    "log_centroid",
    "bigram",
    "log_bigram",
    "story",
    "support",
    "share",
    "words",
    "long",
    "named",
    "fresh",
    "lag",
    "ahead",
    "index",
    "lead",
    "pool",
    "quote",
    "question",
    "personal",
    "furniture",
    "keywords",
    "entities",
)
#: added before taking the log of a similarity that may be 0
LOG_FLOOR = 0.01
SENTENCE_RANKER_PATH = Path(__file__).with_name("sentence_ranker.json")


@dataclass(frozen=True)
class SentenceRanker:
    """A linear score over SENTENCE_FEATURES: how well a sentence summarises its date
    (ridge regression trained on Timeline17 by benchmarks/train_sentence_ranker.py)."""

    bias: float
    weights: dict[str, float]

    @classmethod
    def from_json(cls, data: dict) -> SentenceRanker:
        return cls(bias=float(data["bias"]), weights={k: float(v) for k, v in data["weights"].items()})

    def score(self, features: dict[str, float]) -> float:
        return self.bias + sum(self.weights.get(name, 0.0) * value for name, value in features.items())


def _sentence_ranker_file(path: Path = SENTENCE_RANKER_PATH) -> dict | None:
    """The ranker file, read at each call (a few kilobytes; a long-running server sees a new one)."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def shipped_sentence_ranker(path: Path = SENTENCE_RANKER_PATH) -> SentenceRanker | None:
    """The sentence ranker installed with the package, or None (then sentences rank by _relevance and support)."""
    data = _sentence_ranker_file(path)
    return SentenceRanker.from_json(data) if data else None


def held_out_sentence_ranker(topic: str, path: Path = SENTENCE_RANKER_PATH) -> SentenceRanker | None:
    """The shipped ranker's twin trained without ``topic``, for evaluating on a Timeline17 topic.

    The shipped model has seen every Timeline17 topic; scoring it on one of them would be scoring on
    its own training data, so the file also carries one model per left-out topic.  None when no model
    is shipped (the hand formula is then used, which learned nothing).
    """
    data = _sentence_ranker_file(path)
    if data is None:
        return None
    held_out = data.get("held_out", {})
    if topic not in held_out:
        raise StorylineError(
            "E305",
            f"The shipped sentence ranker has no model trained without topic {topic!r}",
            "Retrain it with benchmarks/train_sentence_ranker.py --write.",
        )
    return SentenceRanker.from_json(held_out[topic])


@dataclass
class DateContext:
    """What the sentences of one date are measured against (see sentence_features)."""

    date: str
    day: dt.date | None
    centroid: dict[str, float]  # tf-idf centroid of the date's candidate sentences (_centroid)
    bigram_centroid: dict[tuple[str, str], float]  # the same over adjacent content words
    story: dict[str, float]  # tf-idf centroid of every candidate sentence of the story
    idf: dict[str, float]
    bigram_idf: dict[tuple[str, str], float]
    articles: int  # distinct articles among the date's candidates
    keywords: tuple[str, ...]


@dataclass
class StoryCandidates:
    """A story's candidate sentences by date, with the weights the sentence scores need."""

    candidates: list[Candidate]
    by_date: dict[str, list[Candidate]]
    idf: dict[str, float]
    bigram_idf: dict[tuple[str, str], float]
    story: dict[str, float]
    keywords: tuple[str, ...]

    @classmethod
    def of(cls, candidates: list[Candidate], keywords: tuple[str, ...] = ()) -> StoryCandidates:
        by_date: dict[str, list[Candidate]] = defaultdict(list)
        for candidate in candidates:
            by_date[candidate.date].append(candidate)
        idf = _idf(candidates)
        return cls(
            candidates,
            dict(by_date),
            idf,
            _df_idf([c.bigrams for c in candidates]),
            _centroid(candidates, idf),
            tuple(k.lower() for k in keywords),
        )

    def context(self, date: str) -> DateContext:
        members = self.by_date.get(date, [])
        return DateContext(
            date,
            dt.date.fromisoformat(date) if len(date) == 10 else None,
            _centroid(members, self.idf),
            _centroid(members, self.bigram_idf, attrgetter("bigrams")),
            self.story,
            self.idf,
            self.bigram_idf,
            len({m.canonical_id for m in members}),
            self.keywords,
        )


def sentence_features(
    candidate: Candidate, support: int, context: DateContext, settings: TimelineSettings = DEFAULTS
) -> dict[str, float]:
    """How a candidate sentence stands as a summary of its date, as numbers (SENTENCE_FEATURES).

    relevance: the hand score (_relevance); centroid / bigram / story (and log_ of the first three): tf-idf
    cosine of its words to the date's centroid, of its adjacent word pairs to the date's pairs, of its words to
    the story's centroid; support: log distinct articles of its happening (the group it belongs to), share: those
    articles over the date's;
    words / long: length in words over ``long_sentence`` and the excess beyond it; named: its own time expression
    names the date; fresh: reported the day itself or the day after; lag: log days between date and report;
    ahead: reported before the date; index / lead / pool: log position in the article, lead sentence, pool
    sentence; quote, question, personal, furniture: its form; keywords: log topic keywords it contains;
    entities: log names of people, organisations and places in it (_ACTOR_LABELS).
    """
    sentence = candidate.ref.sentence
    stripped = sentence.strip()
    words = len(sentence.split())
    vector = _vector(candidate.words, context.idf)
    bigrams = _vector(candidate.bigrams, context.bigram_idf)
    lag, ahead = 0.0, 0.0
    if context.day and candidate.published:
        days = (candidate.published - context.day).days
        lag, ahead = math.log1p(abs(days)), float(days < 0)
    lowered = sentence.lower()
    relevance = _relevance(candidate, context.centroid, context.idf, context.day, settings)
    centroid = _dot(vector, context.centroid)
    bigram = _dot(bigrams, context.bigram_centroid)
    return {
        "relevance": relevance,
        "log_relevance": math.log(relevance + LOG_FLOOR),
        "centroid": centroid,
        "log_centroid": math.log(centroid + LOG_FLOOR),
        "bigram": bigram,
        "log_bigram": math.log(bigram + LOG_FLOOR),
        "story": _dot(vector, context.story),
        "support": math.log1p(support),
        "share": support / max(context.articles, 1),
        "words": words / settings.long_sentence,
        "long": max(0, words - settings.long_sentence) / settings.long_sentence,
        "named": float(bool(candidate.ref.time_expression)),
        "fresh": float(
            bool(context.day and candidate.published and 0 <= (candidate.published - context.day).days <= 1)
        ),
        "lag": lag,
        "ahead": ahead,
        "index": math.log1p(candidate.sentence_index),
        "lead": float(candidate.lead),
        "pool": float(candidate.pool),
        "quote": float(bool(_QUOTE.search(stripped))),
        "question": float(stripped.endswith("?")),
        "personal": float(bool(_PERSONAL.search(sentence.replace(" 's", "'s")))),
        "furniture": float(bool(_FURNITURE.search(sentence))),
        "keywords": math.log1p(sum(1 for k in context.keywords if k in lowered)),
        "entities": math.log1p(candidate.entities),
    }


def rank_groups(
    groups: list[_Group], context: DateContext, ranker: SentenceRanker | None, settings: TimelineSettings = DEFAULTS
) -> list[tuple[float, _Group, list[Candidate]]]:
    """The date's happenings best first, each with its members best first (the first represents it).

    With a ranker, members rank by its score and the happening's value is its best member's score;
    without, members rank by closeness to the centroid (_relevance) and the value adds ``support_weight``
    times the log of the happening's support.  Ties, within a happening and between happenings, go to
    the earlier report (_reading_order).
    """
    ranked = []
    for group in groups:
        support = _support(group)
        if ranker is not None:
            scored = [(ranker.score(sentence_features(m, support, context, settings)), m) for m in group.members]
        else:
            scored = [(_relevance(m, context.centroid, context.idf, context.day, settings), m) for m in group.members]
        scored.sort(key=lambda item: (-item[0], *_reading_order(item[1])))
        value = scored[0][0] if ranker is not None else scored[0][0] + settings.support_weight * math.log1p(support)
        ranked.append((value, group, [m for _, m in scored]))
    ranked.sort(key=lambda item: (-item[0], *_reading_order(item[2][0])))
    return ranked


#: an article's candidates by (article id, the article it duplicates, pool sentences offered)
KnownCandidates = dict[tuple[str, str, int], list[Candidate]]


def story_candidates(
    articles: list[AnnotatedArticle],
    duplicate_of: dict[str, str],
    known: KnownCandidates | None = None,
    settings: TimelineSettings = DEFAULTS,
) -> list[Candidate]:
    """Every candidate of the story's articles (pool sentences offered when the story is large), in reading
    order whatever the order of ``articles``.

    ``known`` keeps a dated article's candidates for the next call over some of the same articles (an
    undated one's depend on the other articles, which may differ); they are made again otherwise.  ``known``
    belongs to one ``settings``: candidates made under other settings may differ.
    """
    pool = settings.pool_sentences if len(articles) > settings.small_story else 0
    candidates: list[Candidate] = []
    for annotated in articles:
        canonical = duplicate_of.get(annotated.article.id, annotated.article.id)
        if known is None or annotated.article.published is None:
            candidates.extend(candidates_of(annotated, canonical, articles, pool, settings))
            continue
        key = (annotated.article.id, canonical, pool)
        found = known.get(key)
        if found is None:
            found = known[key] = candidates_of(annotated, canonical, articles, pool, settings)
        candidates.extend(found)
    candidates.sort(key=_reading_order)  # stable: one sentence's several dates keep their order
    return candidates


def shown_groups(candidates: list[Candidate], keywords: tuple[str, ...]) -> dict[str, list[Candidate]]:
    """The candidates that may be shown, by date: with keywords, those containing one."""
    lowered = [k.lower() for k in keywords]
    shown: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        if not lowered or any(k in candidate.ref.sentence.lower() for k in lowered):
            shown[candidate.date].append(candidate)
    return shown


def compose_timeline(
    articles: list[AnnotatedArticle],
    settings: TimelineSettings | None = None,
    duplicate_of: dict[str, str] | None = None,
    sentence_ranker: SentenceRanker | None | str = "shipped",
    known_candidates: KnownCandidates | None = None,
    date_order: list[str] | None = None,
) -> list[TimelineEntry]:
    """The story's timeline, ordered by date; within a date, by how well the entry summarises that day.

    Dates are ranked by how strongly the story points at them (rank_dates); each chosen date, best
    first, gets its best happenings (groups of same-date sentences, rank_groups: by the shipped sentence
    ranker unless ``sentence_ranker`` says otherwise; None: closeness to the date's tf-idf centroid and
    support), each represented by its best sentence that is not redundant with those already chosen for
    the date (``redundant``) and does not repeat one shown on another date (``repeated``).  With keywords, only
    sentences containing one may be shown, and a date without such a sentence (other than a pool
    sentence) gives its place to the next date. ``known_candidates`` carries the articles' candidates
    from one call to the next over overlapping articles (``story_candidates``).  ``date_order`` replaces the
    story's own date ranking (to measure the choice of sentences alone on given dates).
    """
    settings = settings or TimelineSettings()
    duplicate_of = duplicate_of or {}
    candidates = story_candidates(articles, duplicate_of, known_candidates, settings)
    published = [a.article.published for a in articles if a.article.published]
    span = (min(published), max(published)) if published else None
    scores = date_scores(candidates, span, settings)
    story = StoryCandidates.of(candidates, settings.keywords)
    shown = shown_groups(candidates, settings.keywords)
    if sentence_ranker == "shipped":
        sentence_ranker = shipped_sentence_ranker()
    # a date needs a showable sentence that points at it (pool sentences may summarise it, not qualify it)
    order = rank_dates(candidates, span, settings) if date_order is None else date_order
    ranked_dates = [d for d in order if any(not c.pool for c in shown.get(d, ()))]

    if settings.max_dates and settings.sentences_per_date:
        max_dates, per_date = settings.max_dates, settings.sentences_per_date
        groups_by_date = {d: _merge(shown[d], settings.same_happening) for d in ranked_dates[:max_dates]}
    else:
        groups_by_date = {d: _merge(shown[d], settings.same_happening) for d in ranked_dates}
        auto_dates, auto_per_date = _auto_limits(
            {d: len(g) for d, g in groups_by_date.items()}, len(articles), settings
        )
        max_dates = settings.max_dates or auto_dates
        per_date = settings.sentences_per_date or auto_per_date

    entries: list[TimelineEntry] = []
    shown_before: list[Candidate] = []  # the sentences of the dates already filled
    for date in ranked_dates[:max_dates]:
        ranked = rank_groups(groups_by_date[date], story.context(date), sentence_ranker, settings)  # type: ignore[arg-type]
        chosen: list[Candidate] = []
        for _, group, members in ranked:
            if len(chosen) >= per_date:
                break
            # the happening's best sentence that repeats none already shown
            representative = next(
                (
                    m
                    for m in members
                    if all(jaccard(m.words, c.words) < settings.redundant for c in chosen)
                    and all(jaccard(m.words, c.words) < settings.repeated for c in shown_before)
                ),
                None,
            )
            if representative is None:
                continue
            chosen.append(representative)
            ordered = [representative] + [m for m in group.members if m is not representative]
            entries.append(
                TimelineEntry(
                    date=date,
                    summary=representative.ref.sentence,
                    sources=[m.ref for m in ordered],
                    score=round(scores.get(date, 0.0), 3),
                )
            )
        shown_before.extend(chosen)
    entries.sort(key=lambda e: e.date)
    return entries
