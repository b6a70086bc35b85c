"""Date: publication dates inferred for articles that state none, each with its interval and evidence.

Runs between annotate and group.  An undated article's own words bound its date (a stamp such as
"Updated: March 8, 2011", full dates told in the past or ahead, a weekday beside a day of the
month, which fixes the year), and the dated articles of the same run pin it down further: when a
dated article names a day in a sentence that tells the same happening as an undated article's
"on Monday" or "two days ago", only publication days that make those words name that day fit.
The undated article's expressions were tagged as if it were published on each day of one week
(``annotate.undated``), so a candidate day is tested without parsing the article again.

Each candidate day is scored; the best is the most likely day, and the days scoring nearly as well
make the interval, whose width gives the granularity (day, week, month, year).  Nothing is inferred
from no evidence: an article none of this touches stays undated.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

import snowballstemmer

from storyline.annotate.undated import day_of
from storyline.compose.text import content_words, jaccard
from storyline.config import DatingSettings
from storyline.model import COARSE_GRANULARITIES, FINE_GRANULARITIES, AnnotatedArticle, Article, Granularity, TimeExpr

_MONTH_DAY = re.compile(r"^XXXX-(\d{2})-(\d{2})$")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_WORD = re.compile(
    r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?\b\.?", re.IGNORECASE
)
_STAMP_WORDS = re.compile(
    r"\b(?:updated|published|posted|last updated|first published|created|modified)\b[^\n]{0,40}$", re.IGNORECASE
)
_FUTURE = "future"
# kinds of evidence (``Estimate.kinds``)
_STAMP, _DATELINE, _TOLD, _SIMILAR, _ALIGNED, _LEAD_DAY = "stamp", "dateline", "told", "similar", "aligned", "lead day"


@dataclass(frozen=True)
class Estimate:
    """An inferred publication date: the most likely day, the interval around it, and why."""

    likely: dt.date
    earliest: dt.date
    latest: dt.date
    granularity: Granularity
    evidence: tuple[str, ...]
    kinds: tuple[str, ...]  # the kind of each piece of evidence, in the same order


def in_markup(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` sits inside a link, an image address or a markup remnant rather than prose:
    the unbroken run of characters around it holds a path, a query or a tag ("…/2021-03/photo.jpg")."""
    left = start
    while left > 0 and not text[left - 1].isspace():
        left -= 1
    right = end
    while right < len(text) and not text[right].isspace():
        right += 1
    run = text[left:right]
    return any(mark in run for mark in ("/", "://", "](", "<", ">", "=", "_", "www.")) and any(
        mark in text[max(left, start - 12) : min(right, end + 12)] for mark in ("/", "<", ">", "=", "_", "](")
    )


def weekday_named(text: str) -> int | None:
    """The weekday (0 = Monday) a time expression's words state, if they state exactly one."""
    found = {_weekday_index(m.group(1)) for m in _WEEKDAY_WORD.finditer(text)}
    return found.pop() if len(found) == 1 else None


def _weekday_index(abbreviation: str) -> int:
    prefix = abbreviation.lower()[:3]
    return next(i for i, name in enumerate(_WEEKDAYS) if name.startswith(prefix))


def years_fitting_weekday(month: int, day: int, weekday: int, years: Iterable[int]) -> list[int]:
    """The years among ``years`` in which ``month``/``day`` falls on ``weekday``: a stated weekday is a fact."""
    fitting = []
    for year in years:
        try:
            if dt.date(year, month, day).weekday() == weekday:
                fitting.append(year)
        except ValueError:
            continue
    return fitting


@dataclass
class _Told:
    """A day an article names, with the words around it."""

    day: dt.date
    timex: TimeExpr
    words: frozenset[str]
    lead: bool


@dataclass
class _MonthDay:
    """A month and day told without a year ("Sept. 23", "Monday, Nov. 21")."""

    month: int
    day: int
    weekday: int | None
    timex: TimeExpr
    dateline: bool

    def latest_on_or_before(self, day: dt.date) -> dt.date | None:
        """The last such day on or before ``day`` (the year before if it has not come yet), if it exists."""
        for year in (day.year, day.year - 1):
            try:
                found = dt.date(year, self.month, self.day)
            except ValueError:
                continue
            if found <= day:
                return found
        return None

    def earliest_on_or_after(self, day: dt.date) -> dt.date | None:
        for year in (day.year, day.year + 1):
            try:
                found = dt.date(year, self.month, self.day)
            except ValueError:
                continue
            if found >= day:
                return found
        return None


@dataclass
class _Own:
    """What one undated article's own words say about its date."""

    stamps: list[_Told] = field(default_factory=list)
    past: list[_Told] = field(default_factory=list)  # days told in the past or present: on or before publication
    ahead: list[_Told] = field(default_factory=list)  # days told in the future: on or after publication
    month_days: list[_MonthDay] = field(default_factory=list)
    relative: list[tuple[TimeExpr, frozenset[str], bool]] = field(default_factory=list)


class WordStems:
    """Content words as their Snowball stems, each word stemmed once.

    Two reports of one happening seldom use the same forms of its words: "could legally work-to-rule" and "will be
    in a legal strike position", "strikes" and "striking".  Compared by stem, sentences and articles telling the
    same happening share more of their words (with stems, lookalike-dev as given groups at B-cubed 0.957 instead
    of 0.944, and Timeline17 dates 2.6 points more of its hidden articles)."""

    def __init__(self) -> None:
        self._stemmer = snowballstemmer.stemmer("english")
        self._stems: dict[str, str] = {}

    def of(self, text: str) -> frozenset[str]:
        stems = set()
        for word in content_words(text):
            stem = self._stems.get(word)
            if stem is None:
                stem = self._stems[word] = self._stemmer.stemWord(word)
            stems.add(stem)
        return frozenset(stems)

    def article(self, annotated: AnnotatedArticle, settings: DatingSettings) -> frozenset[str]:
        """The words of an article's start, compared with dated articles as a whole."""
        return self.of(annotated.article.text[: settings.article_chars])

    def sentences(self, annotated: AnnotatedArticle) -> list[frozenset[str]]:
        return [self.of(sentence.text) for sentence in annotated.sentences]


def _own_evidence(annotated: AnnotatedArticle, stems: WordStems, settings: DatingSettings) -> _Own:
    text = annotated.article.text
    words = stems.sentences(annotated)
    own = _Own()
    for timex in annotated.timexes:
        if timex.type not in ("DATE", "TIME") or in_markup(text, timex.start, timex.end):
            continue
        sentence_words = words[timex.sentence] if timex.sentence < len(words) else frozenset()
        lead = timex.sentence < settings.lead_sentences
        day = day_of(timex.value) if timex.resolved and timex.anchor == "absolute" else None
        if day is not None:
            told = _Told(day, timex, sentence_words, lead)
            if _is_stamp(text, timex):
                own.stamps.append(told)
            elif timex.tense == _FUTURE:
                own.ahead.append(told)
            else:
                own.past.append(told)
            continue
        month_day = _MONTH_DAY.match(timex.value)
        if month_day:
            own.month_days.append(
                _MonthDay(
                    int(month_day.group(1)),
                    int(month_day.group(2)),
                    weekday_named(timex.text),
                    timex,
                    _is_stamp(text, timex),
                )
            )
        elif timex.offsets is not None:
            own.relative.append((timex, sentence_words, lead))
    return own


#: a date followed by a wire service's name in brackets opens a dateline: "LONDON, Sept 1 (Reuters) -"
_AGENCY_AFTER = re.compile(r"\s*(?:\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?\s*\w*\s*)?\(\s*[A-Z][\w .&-]{1,30}\)")


#: characters from the top of an article within which a full date with a clock time is taken for its stamp
_STAMP_REACH = 400
#: a date followed by a clock time and a zone is a stamp: "Sun Jul 25, 2010 12:55 pm BST"
_CLOCK_AFTER = re.compile(r"\s*,?\s*(?:at\s+)?\d{1,2}[:.]\d{2}\s*(?:[ap]\.?\s?m\.?)?\s*(?:[A-Z]{2,4}T|GMT|UTC|BST)\b")


def _is_stamp(text: str, timex: TimeExpr) -> bool:
    """A dateline or an "Updated:" stamp: a full date after a stamp word, before a wire service's name, or
    alone on a short line among the article's first lines."""
    line_start = text.rfind("\n", 0, timex.start) + 1
    if timex.type == "TIME" and "T" in timex.value and timex.start < _STAMP_REACH:
        return True  # a full date with its clock time near the top: when the page was written
    if (
        _STAMP_WORDS.search(text[line_start : timex.start])
        or _AGENCY_AFTER.match(text, timex.end)
        or _CLOCK_AFTER.match(text, timex.end)
    ):
        return True
    if text.count("\n", 0, line_start) >= 3:
        return False
    line_end = text.find("\n", timex.end)
    line = text[line_start : line_end if line_end != -1 else len(text)]
    return len(line.split()) <= 12


class DatedContext:
    """The days the run's dated articles name, each with the words of the sentences naming it.

    A dated article's lead sentences also name its publication day: a report tells the day's news."""

    def __init__(self, dated: list[AnnotatedArticle], settings: DatingSettings):
        self.settings = settings
        self.stems = WordStems()
        self._named_until: dict[dt.date, dt.date] = {}  # each day told, and the last dated article telling it
        self.sentences: list[tuple[dt.date, frozenset[str]]] = []
        self.by_word: dict[str, list[int]] = defaultdict(list)
        self.by_day: dict[dt.date, list[int]] = defaultdict(list)
        self.articles: list[tuple[dt.date, frozenset[str]]] = []
        self._span: tuple[dt.date, dt.date] | None = None  # kept as articles come: asked once per undated article
        self.article_by_word: dict[str, list[int]] = defaultdict(list)
        stated = [(a, a.article.stated_date) for a in dated if a.article.stated_date is not None]
        for annotated, published in stated:
            self.add(annotated, published)
        # the years of the stated dates when they span one period (articles added later are inferred)
        days = [published for _, published in stated]
        one_period = bool(days) and _span_days(days) <= settings.one_period_days
        self.one_period_years = {day.year for day in days} if one_period else set()

    def add(self, annotated: AnnotatedArticle, published: dt.date) -> None:
        """Take in one article published on ``published`` (stated, or inferred from its stamp or dateline)."""
        self._add_article(published, self.stems.article(annotated, self.settings))
        words = self.stems.sentences(annotated)
        for timex in annotated.timexes:
            day = day_of(timex.value) if timex.resolved and timex.type in ("DATE", "TIME") else None
            month_day = _MONTH_DAY.match(timex.value) if timex.type == "DATE" else None
            if month_day:  # an inferred article's "May 10", in the year its date gives
                told = _MonthDay(int(month_day.group(1)), int(month_day.group(2)), None, timex, False)
                day = (
                    told.earliest_on_or_after(published)
                    if timex.tense == _FUTURE
                    else told.latest_on_or_before(published)
                )
            elif day is None and timex.offsets is not None and not timex.resolved:  # an inferred article's "Monday"
                offset = timex.offsets[published.weekday()]
                day = published + dt.timedelta(days=offset) if offset is not None else None
            if day is not None and timex.sentence < len(words):
                self._add(day, words[timex.sentence])
            if day is not None and day <= published:
                self._named_until[day] = max(self._named_until.get(day, day), published)
        for index in range(min(self.settings.lead_sentences, len(words))):
            self._add(published, words[index])

    def background(self, day: dt.date) -> bool:
        """Whether dated articles still tell ``day`` ``background_after_days`` after it: a day remembered (a
        disaster's, a death's), whose telling does not say when an article was written."""
        last = self._named_until.get(day)
        return last is not None and (last - day).days >= self.settings.background_after_days

    def span(self) -> tuple[dt.date, dt.date] | None:
        """The first and last publication days of the articles taken in, if any."""
        return self._span

    def _add_article(self, published: dt.date, words: frozenset[str]) -> None:
        index = len(self.articles)
        self.articles.append((published, words))
        first, last = self._span or (published, published)
        self._span = (min(first, published), max(last, published))
        for word in words:
            self.article_by_word[word].append(index)

    def similar(self, words: frozenset[str]) -> list[tuple[dt.date, float]]:
        """The publication days of the dated articles most like ``words``, with their similarity, whatever the
        periods they fall in."""
        common = max(self.settings.min_common_postings, int(len(self.articles) * self.settings.common_word_share))
        shared: dict[int, int] = defaultdict(int)
        for word in words:
            postings = self.article_by_word.get(word, ())
            if len(postings) > common:
                continue
            for index in postings:
                shared[index] += 1
        best = sorted(shared.items(), key=lambda item: (-item[1], item[0]))[: self.settings.neighbours * 4]
        scored = sorted(((jaccard(words, self.articles[i][1]), i) for i, _ in best), reverse=True)
        return [
            (self.articles[i][0], score)
            for score, i in scored[: self.settings.neighbours]
            if score >= self.settings.min_neighbour_similarity
        ]

    def one_period(self, found: list[tuple[dt.date, float]]) -> list[tuple[dt.date, float]]:
        """``found`` when one period holds more than ``period_majority`` of its similarity, else nothing."""
        if not found:
            return []
        # neighbours from periods far apart (look-alike stories years apart) tell the period only when one period
        # holds most of their similarity
        reach = self.settings.neighbour_period_days
        periods = [[(day, score) for day, score in found if abs((day - anchor).days) <= reach] for anchor, _ in found]
        period = max(periods, key=lambda members: sum(score for _, score in members))
        if sum(score for _, score in period) <= self.settings.period_majority * sum(score for _, score in found):
            return []
        return period

    def _add(self, day: dt.date, words: frozenset[str]) -> None:
        if len(words) < self.settings.min_sentence_words:
            return
        index = len(self.sentences)
        self.sentences.append((day, words))
        self.by_day[day].append(index)
        for word in words:
            self.by_word[word].append(index)

    def same_happening(self, words: frozenset[str]) -> list[tuple[dt.date, float]]:
        """Days named by sentences that tell the same happening as ``words``, with their similarity."""
        if len(words) < self.settings.min_sentence_words:
            return []
        shared: dict[int, int] = defaultdict(int)
        for word in words:
            postings = self.by_word.get(word, ())
            if len(postings) > self.settings.max_postings:
                continue  # a word half the story uses tells no happening apart
            for index in postings:
                shared[index] += 1
        found: dict[dt.date, float] = {}
        for index, count in shared.items():
            if count < 2:
                continue
            day, other = self.sentences[index]
            score = jaccard(words, other)
            if score >= self.settings.same_happening and score > found.get(day, 0.0):
                found[day] = score
        return sorted(found.items())

    def support(self, day: dt.date, words: frozenset[str]) -> float:
        best = 0.0
        for index in self.by_day.get(day, ()):
            best = max(best, jaccard(words, self.sentences[index][1]))
        return best


def infer(annotated: AnnotatedArticle, context: DatedContext, settings: DatingSettings) -> Estimate | None:
    """The publication date of one undated article, or None when nothing supports one."""
    own = _own_evidence(annotated, context.stems, settings)
    if own.stamps:
        stamp = max(own.stamps, key=lambda t: t.day)
        return Estimate(stamp.day, stamp.day, stamp.day, "day", (f"the stamp {stamp.timex.text!r}",), (_STAMP,))
    span = context.span()
    if span is not None and settings.outside_span_days >= 0:
        # a day told outside the period of the run's dated articles is history or a page's later stamp, unless
        # the lead tells it (a report of a round the dated articles do not cover)
        reach = dt.timedelta(days=settings.outside_span_days)
        first, last = span[0] - reach, span[1] + reach
        own.past = [t for t in own.past if t.lead or first <= t.day <= last]
        own.ahead = [t for t in own.ahead if t.lead or first <= t.day <= last]
    own.past = [told for told in own.past if told.lead or not context.background(told.day)]
    similar = context.similar(context.stems.article(annotated, settings))
    neighbours = context.one_period(similar)
    if not context.one_period_years and _weak(neighbours, settings):
        # in a pile of several periods, a weak likeness to one or two dated articles does not tell the round
        similar, neighbours = [], []
    if neighbours:
        # a day told long before the period that similar dated articles agree on is background, not the news
        background = min(day for day, _ in neighbours) - dt.timedelta(days=settings.neighbour_period_days)
        own.past = [told for told in own.past if told.day >= background]
    candidates: set[dt.date] = set()
    after = range(settings.days_after_told + 1)
    for told in own.past:
        candidates.update(told.day + dt.timedelta(days=n) for n in after)
    for told in own.ahead:
        candidates.update(told.day - dt.timedelta(days=n) for n in after)
    # a month-day is read in the years that dated articles like this one were published when they span one period,
    # else only in the period most of them agree on (look-alike rounds); when none is like it, in the years of the
    # run's stated dates only if they span one period
    like = similar if _span_days([day for day, _ in similar]) <= settings.one_period_days else neighbours
    like_years = {day.year for day, _ in like} or context.one_period_years
    for month_day in own.month_days:
        years = sorted(like_years)
        if month_day.weekday is not None:  # and only those in which it falls on the weekday it states
            years = years_fitting_weekday(month_day.month, month_day.day, month_day.weekday, years)
        for year in years:
            try:
                told_day = dt.date(year, month_day.month, month_day.day)
            except ValueError:
                continue
            candidates.update(told_day + dt.timedelta(days=n) for n in after)
    for timex, words, _ in own.relative:
        assert timex.offsets is not None
        for day, _similarity in context.same_happening(words):
            for weekday, offset in enumerate(timex.offsets):
                published = day - dt.timedelta(days=offset) if offset is not None else None
                if published is not None and published.weekday() == weekday:
                    candidates.add(published)
    for day, _ in neighbours:
        candidates.update(
            day + dt.timedelta(days=n) for n in range(-settings.neighbour_days, settings.neighbour_days + 1)
        )
    if not candidates:
        return None
    scored = sorted(
        ((_score(day, annotated.article.fetched, own, context, neighbours, settings), day) for day in candidates),
        key=lambda x: (-x[0][0], x[1]),
    )
    (best, reasons), likely = scored[0]
    if best < settings.min_score:
        return None
    reasons = list(dict.fromkeys(reasons))  # two expressions naming one day are one piece of evidence to a reader
    close = [day for (score, _), day in scored if score >= best - settings.interval_margin]
    earliest, latest = min(close), max(close)
    if all(kind in (_SIMILAR, _LEAD_DAY) for kind, _ in reasons):
        # similar articles tell the period, not the day, and a weekday in the lead falls on some day of any
        # week around them: too coarse to count "on Monday" from
        reach_days = settings.neighbours_only_days
    elif all(kind != _DATELINE for kind, _ in reasons) and (latest - earliest).days < 2 * settings.interval_reach_days:
        # only the article's own stamp or dateline names its day; other evidence names a day near it (a day told
        # as past is often the day before, a similar article's a day or two off)
        reach_days = settings.interval_reach_days
    else:
        reach_days = 0
    reach = dt.timedelta(days=reach_days)
    earliest, latest = min(earliest, likely - reach), max(latest, likely + reach)
    granularity = granularity_of((latest - earliest).days)
    if granularity is None:
        return None  # the evidence points to days too far apart to name a period
    return Estimate(
        likely, earliest, latest, granularity, tuple(text for _, text in reasons), tuple(kind for kind, _ in reasons)
    )


def _span_days(days: list[dt.date]) -> int:
    """Days from the first to the last of ``days`` (0 when there are none)."""
    return (max(days) - min(days)).days if days else 0


def _weak(neighbours: list[tuple[dt.date, float]], settings: DatingSettings) -> bool:
    """Found, but none of them as like as ``weak_likeness`` and no more than half of the ``neighbours`` sought."""
    return (
        bool(neighbours)
        and max(score for _, score in neighbours) < settings.weak_likeness
        and len(neighbours) <= settings.neighbours // 2
    )


def granularity_of(width_days: int) -> Granularity | None:
    """The unit an interval of that many days (latest − earliest) names; None past a year."""
    if width_days == 0:
        return "day"
    if width_days <= 6:
        return "week"
    if width_days <= 31:
        return "month"
    return "year" if width_days <= 365 else None


def _score(
    day: dt.date,
    fetched: dt.date | None,
    own: _Own,
    context: DatedContext,
    neighbours: list[tuple[dt.date, float]],
    settings: DatingSettings,
) -> tuple[float, list[tuple[str, str]]]:
    """How well publication on ``day`` fits the evidence, and the evidence that fits it (kind, words)."""
    score = 0.0
    reasons: list[tuple[str, str]] = []
    # (day told, its words, a dateline, the words name no year: the year is the candidate's own)
    told: list[tuple[dt.date, str, bool, bool]] = [
        (t.day, t.timex.text, False, False) for t in own.past if t.day <= day
    ]
    contradicted = sum(1 for t in own.past if t.day > day) + sum(1 for t in own.ahead if t.day < day)
    for month_day in own.month_days:
        if month_day.timex.tense == _FUTURE:
            ahead = month_day.earliest_on_or_after(day)
            if ahead is not None and month_day.weekday is not None and ahead.weekday() != month_day.weekday:
                contradicted += 1
            continue
        before = month_day.latest_on_or_before(day)
        if before is None:
            continue
        if month_day.weekday is not None and before.weekday() != month_day.weekday:
            contradicted += 1  # a stated weekday is a fact: this year cannot be the one
            continue
        told.append((before, month_day.timex.text, month_day.dateline, True))
    for told_day, told_words, dateline, yearless in told:
        if dateline:
            score += settings.weight_dateline / (1 + (day - told_day).days)
            reasons.append((_DATELINE, f"the dateline {told_words!r} ({_told_day(told_day, yearless)})"))
    latest = max((t for t in told if not t[2]), default=None)
    if latest is not None:
        score += settings.weight_told / (1 + (day - latest[0]).days)
        reasons.append((_TOLD, f"{latest[1]!r} told as past ({_told_day(latest[0], latest[3])})"))
    if fetched is not None and day > fetched:
        contradicted += 1  # a crawler fetched the page then: it was published on or before that day
    score -= settings.weight_contradiction * contradicted
    near = [
        (published, similarity)
        for published, similarity in neighbours
        if abs((day - published).days) <= settings.neighbour_days
    ]
    if near:
        score += settings.weight_neighbour * sum(
            similarity / (1 + abs((day - published).days)) for published, similarity in near
        )
        copy_day, likeness = max(near, key=lambda found: found[1])
        if likeness >= settings.near_copy:
            reasons.append((_SIMILAR, f"a near copy of a dated article published {copy_day.isoformat()}"))
        else:
            days = ", ".join(sorted({p.isoformat() for p, _ in near}))
            reasons.append((_SIMILAR, f"dated articles like it published {days}"))
    for timex, words, lead in own.relative:
        assert timex.offsets is not None
        offset = timex.offsets[day.weekday()]
        if offset is None:
            continue
        named = day + dt.timedelta(days=offset)
        support = context.support(named, words)
        if support >= settings.same_happening:
            score += settings.weight_aligned * min(1.0, support / settings.full_support)
            reasons.append(
                (
                    _ALIGNED,
                    f"{timex.text!r} names {named.isoformat()}, as a dated article telling the same happening does",
                )
            )
        if lead and timex.tense != _FUTURE and offset in (0, -1):
            score += settings.weight_lead_day
            reasons.append((_LEAD_DAY, f"{timex.text!r} in the lead names the day of writing or the day before"))
    return score, reasons


def _told_day(day: dt.date, yearless: bool) -> str:
    """A told day as evidence says it, saying when its year is not in the words."""
    return f"{day.isoformat()}, a year the words do not name" if yearless else day.isoformat()


def infer_dates(
    undated: list[AnnotatedArticle], dated: list[AnnotatedArticle], settings: DatingSettings
) -> dict[str, Estimate]:
    """Estimates for the undated articles that any evidence dates, by article id."""
    context = DatedContext(dated, settings)
    found = {}
    for annotated in undated:
        estimate = infer(annotated, context, settings)
        if estimate is not None:
            found[annotated.article.id] = estimate
    # an article its stamp or dateline dates to the day is context for the others, as a dated one is; the
    # others are estimated again with it
    sure = {a.article.id: a for a in undated if _dated_by_own_words(found.get(a.article.id))}
    if sure and len(sure) < len(undated):
        for article_id, annotated in sure.items():
            context.add(annotated, found[article_id].likely)
        for annotated in undated:
            if annotated.article.id in sure:
                continue
            estimate = infer(annotated, context, settings)
            if estimate is not None:
                found[annotated.article.id] = estimate
    _narrow_coarse_estimates(undated, found, context, set(sure), settings)
    return found


def _narrow_coarse_estimates(
    undated: list[AnnotatedArticle],
    found: dict[str, Estimate],
    context: DatedContext,
    in_context: set[str],
    settings: DatingSettings,
) -> None:
    """Narrow the estimates that reach only the month or the year to a day their article tells.

    Such an estimate may narrow only to a day near the period it had, so a weaker likeness of sentences
    (``narrowing_same_happening``) may name the day without moving the article to another year.  An article
    dated to the day because a day it tells is the day a dated article gives the same happening ("two days ago"
    where a dated report names that day) tells its own days as surely: it becomes context, and rounds repeat
    while they narrow some estimate (a chain of reports, each a day apart)."""
    reach = dt.timedelta(days=settings.neighbour_period_days)
    narrowing = replace(settings, same_happening=settings.narrowing_same_happening)
    for _ in range(settings.refine_rounds):
        for annotated in undated:
            estimate = found.get(annotated.article.id)
            if (
                annotated.article.id not in in_context
                and estimate is not None
                and estimate.granularity in FINE_GRANULARITIES
                and _ALIGNED in estimate.kinds
            ):
                context.add(annotated, estimate.likely)
                in_context.add(annotated.article.id)
        narrowed = False
        for annotated in undated:
            old = found.get(annotated.article.id)
            if old is None or old.granularity not in COARSE_GRANULARITIES:
                continue
            new = infer(annotated, context, narrowing)
            if (
                new is not None
                and new.granularity in FINE_GRANULARITIES
                and _ALIGNED in new.kinds
                and old.earliest - reach <= new.likely <= old.latest + reach
            ):
                found[annotated.article.id] = new
                narrowed = True
        if not narrowed:
            return


def _dated_by_own_words(estimate: Estimate | None) -> bool:
    """Dated to the day by a stamp or a dateline: as sure as a stated date.  Weaker estimates stay out of the
    context, where a wrong one would pull others to its period (look-alike stories years apart)."""
    return estimate is not None and estimate.granularity == "day" and estimate.kinds[0] in (_STAMP, _DATELINE)


def apply_estimate(annotated: AnnotatedArticle, estimate: Estimate) -> None:
    """Mark the article as dated by inference (in place); its evidence becomes ``date_evidence``."""
    article = annotated.article
    article.published = estimate.likely
    article.published_source = "inferred"
    article.published_earliest = estimate.earliest
    article.published_latest = estimate.latest
    article.published_granularity = estimate.granularity
    span = (
        estimate.earliest.isoformat()
        if estimate.earliest == estimate.latest
        else f"{estimate.earliest.isoformat()} to {estimate.latest.isoformat()}"
    )
    article.date_evidence = f"inferred ({estimate.granularity}: {span}) from " + "; ".join(estimate.evidence[:4])


Reannotate = Callable[[list[Article]], Iterable[AnnotatedArticle]]


def date_undated(
    annotated: list[AnnotatedArticle],
    settings: DatingSettings,
    reannotate: Reannotate,
    stored: Sequence[AnnotatedArticle] = (),
) -> list[AnnotatedArticle]:
    """Infer the dates of the undated articles among ``annotated`` from their words and the dated ones, with
    ``stored`` (dated articles of earlier builds) as more context.

    An article dated to the day or the week is annotated again against its inferred date (so "on Monday"
    resolves, marked as inferred downstream); a coarser estimate is kept without resolving anything.
    Returns the articles in the same order, the changed ones replaced."""
    undated = [a for a in annotated if a.article.published is None]
    if not undated:
        return annotated
    dated = [a for a in annotated if a.article.stated_date] + [a for a in stored if a.article.stated_date]
    estimates = infer_dates(undated, dated, settings)
    redo: list[Article] = []
    for item in undated:
        estimate = estimates.get(item.article.id)
        if estimate is None:
            continue
        apply_estimate(item, estimate)
        if item.article.reference_date is not None:
            redo.append(item.article)
    again = {a.article.id: a for a in reannotate(redo)} if redo else {}
    return [again.get(a.article.id, a) for a in annotated]
