"""What the tagger knows of a document while it reads it: the DCT, the dates the text has told so far (the
anchors of "the following day", "that year"), the tense of each clause, and whether the text tells a history."""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from storyline.annotate.nlp import text_of
from storyline.annotate.quotes import quote_spans
from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.lexicon import (
    COMPARISON_SENTENCES,
    FAR_YEARS,
    GRANULARITY,
    HISTORY_YEARS,
    LOOKBEHIND,
    MAX_CLIMB,
    NARRATIVE_RATIO,
    NARRATIVE_WRAP,
    RANGE_OPEN_LOOKBEHIND,
    RANGE_OPENED,
    SINCE_BEFORE,
    STAND_IN,
)
from storyline.model import TimexType


@dataclass
class Norm:
    type: TimexType
    value: str
    mod: str | None = None
    anchor: str = "dct"
    span: tuple[int, int] | None = None  # when the expression is narrower than the match
    background: bool = False  # a named day of another year ("the September 11 attacks"): not the story's time


class Context:
    """Per-document state while tagging: the DCT, the discourse anchors, cached tenses."""

    def __init__(self, doc: Doc, dct: dt.date | None):
        self.doc = doc
        self.text = text_of(doc)
        self.dct = dct
        # the last date the text resolved at day / month / year granularity (the DCT until it resolves one)
        self.anchors: dict[str, dt.date | None] = {"day": dct, "month": dct, "year": dct}
        self.told: set[str] = set()  # the granularities of ``anchors`` the text itself has set
        self.last_value: str | None = None
        self.last_rule: str = ""  # the rule that resolved last_value
        self.last_anchor: str = "none"  # how last_value was resolved ("absolute", "dct", "discourse")
        self.comparison: tuple[str, float] | None = None  # unit and signed count of the last "a year ago"
        self.last_sentence: int = -COMPARISON_SENTENCES - 1
        self.day_sentence: int = -1  # the sentence that last named a day
        self.day_before_writing: dt.date | None = None  # the last day told that is not after the DCT
        self.sentence_days: dict[int, dt.date] = {}
        self.sentence: int = 0
        self.dct_uses = 0  # expressions resolved from the DCT so far
        self.far_years = 0  # dates resolved so far more than two years from the DCT
        self.year_in_aside = False  # the year anchor came from a modifier clause ("the firm, founded in 1985,")
        self._tenses: dict[tuple[int, int], tuple[tr.Tense, Token | None]] = {}  # clause tense by character span
        self._quote_spans: list[tuple[int, int]] | None = None  # quoted words, found when first asked (joined)
        self._quote_starts: list[int] = []  # where each of ``_quote_spans`` starts, to bisect
        self._single_quotes: SingleQuotes | None = None  # found when first asked

    def in_quotation(self, start: int) -> bool:
        """Whether ``start`` lies inside a quotation (``quotes.quote_spans``, found once per document, or a single
        quotation mark its paragraph left open): someone speaking in another time."""
        if self._quote_spans is None:
            self._quote_spans = _joined(quote_spans(self.text))
            self._quote_starts = [s for s, _ in self._quote_spans]
        at = bisect_right(self._quote_starts, start) - 1
        if at >= 0 and start < self._quote_spans[at][1]:
            return True
        if self._single_quotes is None:
            self._single_quotes = SingleQuotes(self.text)
        return self._single_quotes.left_open(start)

    def tense(self, start: int, end: int) -> tuple[tr.Tense, Token | None]:
        """The tense of the clause governing ``start:end`` and its verb, parsed once per span (normalizers and
        the history rule ask for the same span more than once)."""
        key = (start, end)
        if key not in self._tenses:
            self._tenses[key] = tr.clause_tense(self.doc, start, end)
        return self._tenses[key]

    def after_since(self, start: int) -> bool:
        """Whether "since" comes right before, heads the phrase the date sits in ("his third trip since the
        explosion on April 20") or opens its clause ("since the uprising began in March"): the time named lies
        before the time of writing, whatever the clause's tense ("the ban, in force since March 20, ends today")."""
        if SINCE_BEFORE.search(self.text, max(0, start - LOOKBEHIND), start) is not None:
            return True
        span = self.doc.char_span(start, start + 1, alignment_mode="expand")
        token = span[0] if span is not None and len(span) else None
        for _ in range(MAX_CLIMB):
            if token is None or token.head == token:
                return False
            if token.pos_ in ("VERB", "AUX"):
                # "killed since the uprising began in March": a clause "since" opens tells what came before
                return any(c.dep_ == "mark" and c.lower_ == "since" for c in token.children)
            token = token.head
            if token.lower_ == "since" and token.dep_ == "prep":
                return True
        return False

    def direction(self, start: int, end: int) -> str:
        """ "past" or "future": where a bare weekday (month, weekend …) in this clause points."""
        if self.after_since(start):
            return "past"
        tense, verb = self.tense(start, end)
        if self.previous_word(start) in ("until", "till", "through", "before"):
            # a bound looks ahead ("postponed until Friday") unless the clause is already past perfect
            # ("Until Thursday, they had not called him a suspect") or it ends a range a past clause has run
            # ("the poll, conducted from Friday through Sunday, found")
            if tr.is_past_perfect(verb) or (tense == "past" and self.ends_a_range(start)):
                return "past"
            if self.previous_word(start) == "before" and tense == "past" and verb is not None and verb.tag_ == "VBD":
                return "past"  # "explosions rocked Tripoli shortly before midnight Thursday"
            return "future"
        if self.in_a_bound(start, end) and not tr.is_past_perfect(verb):
            return "future"  # "decisions were deferred until a second summit on Wednesday"
        if tense == "future":
            return "past" if tr.failed_in_past(verb) else "future"
        if tense == "present":
            return "past" if tr.is_reporting(verb) or self.after_a_deed(start, verb) else "future"
        return "past"

    def in_a_bound(self, start: int, end: int) -> bool:
        """Whether the time dates an event that "until" or "till" waits for ("deferred until a second summit on
        Wednesday"), which lies ahead like the bound itself."""
        span = self.doc.char_span(start, end, alignment_mode="expand")
        token = span.root if span is not None and len(span) else None
        for _ in range(MAX_CLIMB):
            if token is None or token.head == token or token.pos_ in ("VERB", "AUX"):
                return False
            if (
                token.dep_ == "pobj"
                and token.head.lower_ in ("until", "till")
                and token.pos_ in ("NOUN", "PROPN")
                and span is not None
                and token.i < span.start
            ):
                return True
            token = token.head
        return False

    def ends_a_range(self, start: int) -> bool:
        """Whether "until" or "through" right before ``start`` closes a range that "from" or a weekday opened in the
        same clause ("from May 13 through Sunday", "taken Thursday through Monday")."""
        return bool(RANGE_OPENED.search(self.text[max(0, start - RANGE_OPEN_LOOKBEHIND) : start]))

    def after_a_deed(self, start: int, verb) -> bool:
        """Whether the time dates a deed that a present state follows ("is in a stable condition after seeking
        treatment on Thursday night"): "after" with a gerund between it and the clause's verb."""
        span = self.doc.char_span(start, start + 1, alignment_mode="expand")
        token = span[0] if span is not None and len(span) else None
        for _ in range(MAX_CLIMB):
            if token is None or token.head == token or token == verb:
                return False
            if token.tag_ == "VBG" and token.dep_ == "pcomp" and token.head.lower_ == "after":
                return True
            token = token.head
        return False

    def tense_only(self, start: int, end: int) -> tr.Tense:
        return self.tense(start, end)[0]

    def previous_word(self, start: int) -> str:
        before = self.text[max(0, start - LOOKBEHIND) : start].split()
        return before[-1].lower().strip("(\"'“‘,") if before else ""

    @staticmethod
    def _granularity_key(unit: str) -> str:
        rank = GRANULARITY.get(unit, 0)
        return "day" if rank <= GRANULARITY["week"] else "month" if rank == GRANULARITY["month"] else "year"

    def anchor_of(self, unit: str) -> tuple[dt.date | None, str]:
        """The date "two days later", "the following week", "that month" count from, and how it was found.

        The last date the text resolved at the unit's granularity ("discourse"); while it has resolved
        none, the DCT (``STAND_IN``: reported as "dct"), unless the text has moved to another month or
        year than the DCT's ("In April … three days later": the day is unknown, "none")."""
        key = self._granularity_key(unit)
        if key in self.told:
            return self.anchors[key], "discourse"
        if self.dct is None:
            return None, "none"
        for coarser, same_period in (("month", (self.dct.year, self.dct.month)), ("year", (self.dct.year,))):
            if GRANULARITY[coarser] > GRANULARITY[key] and coarser in self.told:
                told = self.anchors[coarser]
                assert told is not None  # a granularity the text has told has its date
                if (told.year, told.month)[: len(same_period)] != same_period:
                    return None, "none"
        return self.dct, STAND_IN

    def says_will(self, start: int, end: int) -> bool:
        """Whether the clause says what will happen ("there will be a stimulus after Jan. 20"): it speaks of
        the time after writing, never of a history's far year."""
        tense, verb = self.tense(start, end)
        return (
            tense == "future"
            and verb is not None
            and any(c.dep_ == "aux" and c.lower_ in ("will", "'ll", "shall") for c in verb.children)
        )

    def narrative_year(self, tense: str = "past", says_will: bool = False) -> int | None:
        """The year a history is being told in, when it is far (> 2 years) from the DCT.

        "In 1940 … in June" means June 1940, yet a 2019 article saying "in 2017 … in March"
        still means March 2019: only a text anchor more than two years away from the DCT
        carries over to months and days written without a year, and only in a text that has
        resolved nothing from its DCT so far (nor written out its own date), or names far years ten
        times more often than it counts from its DCT (a war history quoting "two years ago").  Until
        a text has named a few far years, a year in a modifier clause ("the firm, founded in 1985,
        said …") is background, not the story's year, and a clause in the present or future ("the
        talks resume on June 20") speaks of the DCT's time."""
        anchor = self.anchors["year"]
        if self.dct is None or anchor is None or self.last_value is None or says_will:
            return None
        if self.far_years == 0:
            return None
        if self.far_years < HISTORY_YEARS and (self.year_in_aside or tense in ("present", "future")):
            return None  # a news report with a background year; a history's asides and present-tense
            # comments ("the offensive is considered …") do not stop its narrative
        if self.dct_uses * NARRATIVE_RATIO > self.far_years:
            return None  # news that counted from its date ("yesterday", "last week") stays there, unless it
            # is a history that names far years many times more often (a DCT-relative quote in a war story)
        return anchor.year if abs(anchor.year - self.dct.year) > FAR_YEARS else None

    def narrative_year_for(self, month: int, tense: str = "past", says_will: bool = False) -> int | None:
        """The narrative year for a month written without a year: a history told forward moves
        on to the next year when the month lies well before the month it last named
        ("war was declared in December 1941 … in January, …" is January 1942)."""
        year = self.narrative_year(tense, says_will)
        anchor = self.anchors["month"]
        if year is not None and anchor is not None and anchor.year == year and anchor.month - month >= NARRATIVE_WRAP:
            return year + 1
        return year

    def current_value(self) -> str | None:
        """The last resolved value if it lies in the DCT's year ("a year earlier" shifts it), else None
        (with no DCT: the last value, whatever its year).

        A value already a year back ("the year-ago quarter") must not be shifted again."""
        if self.last_value is None or self.dct is None:
            return self.last_value
        return self.last_value if self.last_value.startswith(f"{self.dct.year:04d}") else None

    def quarter_in_focus(self) -> str | None:
        """The quarter (or half) an earnings comparison counts from: the last value if it is one, and
        either lies in the DCT's year or was named with its year within the last sentences
        ("the fourth quarter of 1990 … the year-ago quarter" is 1989-Q4)."""
        value = self.last_value
        if value is None or not re.fullmatch(r"\d{4}-[QH]\d", value):
            return None
        if self.current_value() is not None:
            return value
        recent = self.sentence - self.last_sentence <= COMPARISON_SENTENCES
        return value if self.last_anchor == "absolute" and recent else None

    def remember(self, value: str, anchor: str, in_aside: bool = False, starting_point: bool = False) -> None:
        """Record a resolved value as the discourse anchor for later relative expressions.

        ``anchor`` says how the value was resolved; ``in_aside`` that it sits in a modifier clause;
        ``starting_point`` that "since" names it, so a day there is where something began, not the day the text
        goes on to tell ("the largest rise since the week to February 25 … by 11:50 a.m." is the DCT's morning)."""
        match = re.match(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value)
        if not match or "X" in value:
            return
        year, month, day = match.group(1), match.group(2), match.group(3)
        if day:
            if not starting_point:
                date = dt.date(int(year), int(month), int(day))
                self.anchors.update(day=date, month=date, year=date)
                self.told.update(("day", "month", "year"))
                self.sentence_days[self.sentence] = date
                self.day_sentence = self.sentence
                if self.dct is None or date <= self.dct:
                    self.day_before_writing = date
        elif month and value[4:6] != "-W" and value[4:6] != "-Q" and value[4:6] != "-H":
            self.anchors.update(month=dt.date(int(year), int(month), 1), year=dt.date(int(year), int(month), 1))
            self.told.update(("month", "year"))
        elif len(value) == 4 or value[4:6] in ("-Q", "-H") or value[4:] in ("-SP", "-SU", "-FA", "-WI"):
            self.anchors["year"] = dt.date(int(year), 1, 1)
            self.told.add("year")
        self.year_in_aside = in_aside
        if self.dct is not None and abs(int(year) - self.dct.year) > FAR_YEARS:
            self.far_years += 1
        self.last_value = value
        self.last_anchor = anchor
        self.last_sentence = self.sentence


def _joined(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The characters ``spans`` cover, as spans in text order that neither overlap nor touch."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if start >= end:
            continue
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


class SingleQuotes:
    """Where a text's single quotation marks and line breaks stand, so that whether the line before a position
    leaves a single quotation open (what ``lexicon.OPEN_SINGLE_QUOTE`` finds in it: an opening mark at the
    line's start or after white space, with no closing mark or apostrophe after it) is found by bisection,
    not by reading the line again for each position (a paragraph of a million characters has one line)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_breaks = [m.start() for m in re.finditer("\n", text)]
        self.closing = [m.start() for m in re.finditer("['’]", text)]  # a straight mark also opens
        self.curly_openers = [m.start() for m in re.finditer(r"(?:^|(?<=\s))‘", text)]

    def left_open(self, start: int) -> bool:
        breaks_before = bisect_left(self.line_breaks, start)
        line = self.line_breaks[breaks_before - 1] + 1 if breaks_before else 0
        closings_before = bisect_left(self.closing, start)
        last = self.closing[closings_before - 1] if closings_before else -1
        if last < line:
            last = -1  # none in this line
        elif self.text[last] == "'" and (last == 0 or self.text[last - 1].isspace()):
            return True  # the last mark is a straight one that opens, after white space or at the line's start
        opener = bisect_left(self.curly_openers, max(last + 1, line))
        return opener < len(self.curly_openers) and self.curly_openers[opener] < start
