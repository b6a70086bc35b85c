"""Stretches of time: "three weeks", "for years", "a two-hour meeting"."""

from __future__ import annotations

import re

from storyline.annotate.temporal.clues import a_share_of, a_titled_count, describes_a_count, token_at
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AFTER_A_SPAN,
    AFTER_A_SPAN_SPACE,
    DAY_TO_DAY,
    MINUTE_AS_TINY,
    MOD,
    NUM,
    NUMWORD,
    OF_AGE,
    RATE_BEFORE,
    SCHOOL_YEAR_AFTER,
    SOMEDAY_MODALS,
    SPAN_PREPOSITIONS,
    UNIT,
    YEAR_WORD,
    parse_number,
    unit_name,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import duration_value, mod_of


def _plausible_duration(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups.get("adj") and groups["adj"].lower() == "-old":
        return False
    if a_titled_count(m.group(0), ctx.text, m.start(), m.end()):
        return False  # the film "13 Hours", CBS's "60 Minutes"
    num = groups["num"].lower()
    unit = unit_name(groups["unit"])
    if groups.get("feel") and not describes_a_count(m, ctx):
        return False
    if unit == "second" and num in ("a", "an", "one", "the"):
        return False
    if unit == "minute" and num in ("a", "an") and MINUTE_AS_TINY.match(ctx.text, m.end()):
        return False  # "only a minute chance", "a minute amount": tiny, not sixty seconds
    if unit == "day" and DAY_TO_DAY.match(ctx.text, m.end()):
        return False  # "on a day to day basis": routine
    if unit == "year" and OF_AGE.match(ctx.text, m.end()):
        return False  # "to play at 37 years of age": an age
    if (
        num in ("a", "an")
        and (token := token_at(ctx, m.start("unit"), m.end("unit"))) is not None
        and token.dep_ == "compound"
        and token.head.i == token.i + 1
    ):
        return False  # "a day trip", "a day job": a kind of thing ("a two-day visit" keeps its count)
    if (
        num == "some"
        and not groups.get("det")
        and not groups.get("rel")
        and not (
            groups["unit"].lower().endswith("s")
            and unit != "quarter"
            and ctx.previous_word(m.start()) in SPAN_PREPOSITIONS
        )
    ):
        return False  # "some day" is a vague future, "in some quarters" a few places; "for some years" a
        # duration
    if num in ("a", "an") and ctx.previous_word(m.start()) in ("once", "twice", "thrice", "times"):
        return False  # "twice a year" is a SET (the set rule)
    previous = ctx.previous_word(m.start())
    if num in ("a", "an") and not groups.get("mod") and RATE_BEFORE.search(previous) and not YEAR_WORD.match(previous):
        return False  # "$1.76 a year", "700 seats a week": a rate, not a stretch of time
    if re.match(r"\s+old\b", ctx.text[m.end() : m.end() + 6]):
        return False  # "52 years old" is an age
    if groups["unit"] == "Year" and SCHOOL_YEAR_AFTER.match(ctx.text, m.end()):
        return False  # "Eight Year Six students": a school's year group
    if re.match(rf"(?:-by-|\s+by\s+){unit}\b", ctx.text[m.end() : m.end() + 16], re.I):
        return False  # "a day-by-day summary", "day by day": a pace, not a stretch
    if num in ("a", "an", "one") and a_share_of(unit, ctx.text, m.end()):
        return False  # "a quarter of about 18,000 Indians" is a share ("a quarter of a century" is time)
    if num == "many" and (not groups["unit"].lower().endswith("s") or ctx.previous_word(m.start()) == "as"):
        return False  # "for many years" is a duration; "in as many years" is not
    if unit == "quarter" and re.search(r"\w-quarters?$", m.group(0), re.I):
        return False  # "three-quarters" is a fraction
    if (
        unit == "quarter"
        and num in ("a", "an", "one", "three")
        and re.match(
            r"\s+of\s+(?:the|a|an|its|their|his|her|all|our|these|those|this|that)\s+(?!(?:fiscal )?year\b)",
            ctx.text[m.end() : m.end() + 30],
            re.I,
        )
    ):
        return False  # "more than a quarter of the market" is a fraction (dev gold: 0 of 16)
    if unit == "quarter" and re.fullmatch(r"(?:1[89]|20)\d\d", num):
        return False  # "the 1988 quarter" is a date (the year_period rule)
    following = ctx.text[m.end() : m.end() + 6]
    if following.startswith("-old") or following.startswith("-year-old"):
        return False
    return True


def _value_of_duration(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = unit_name(m["unit"])
    groups = m.groupdict()
    n = None if groups.get("num2") else parse_number(m["num"])  # "five or six days": how long is left open
    if m["num"].lower() in ("a", "an") and m["unit"].lower().endswith("s") and groups.get("adj"):
        n = None  # "a decades-long feud", "a weeks-long strike": the length is left unsaid
    if n is not None and groups.get("half"):
        n += 0.5  # "an hour and a half"
    rel = (groups.get("rel") or "").lower()
    if unit == "weekend" and n == 1:
        return None
    if rel == "same":
        return None
    value = duration_value(n, unit)
    if m.group(0).lower() == "one day" and ctx.previous_word(m.start()) in SOMEDAY_MODALS:
        return Norm("DATE", "FUTURE_REF", anchor="none")  # "Islam will one day be …": some day to come
    mod_word = (groups.get("mod") or "").lower()
    if mod_word in ("over", "under") and (groups.get("det") or rel):
        # "over the past two decades": a preposition, not "more than"
        return Norm(
            "DURATION", value, anchor="none", span=(m.start("det") if groups.get("det") else m.start("rel"), m.end())
        )
    if groups.get("det") and not rel and not mod_word and ctx.text[m.end("num") : m.start("unit")] == "-":
        # "the 10-day trip": the determiner is the trip's; TimeML tags the compound alone (dev gold 28 of 31)
        return Norm("DURATION", value, anchor="none", span=(m.start("num"), m.end()))
    if m["num"].lower() in ("a", "an") and (groups.get("adj") or "").lower() == "-long" and not mod_word:
        # "a week-long strike", "a decades-long feud": the article is the strike's (every gold set marks
        # "week-long" alone, 12 times in 12)
        return Norm("DURATION", value, anchor="none", span=(m.start("unit"), m.end()))
    return Norm("DURATION", value, mod_of(m["mod"]), anchor="none")


DURATION_RULE = Rule(
    "duration",
    patterns=(
        rf"\b(?:(?P<mod>{MOD})\s+)?(?:(?P<det>the|its|their)\s+)?(?:(?P<rel>past|last|next|first|"
        rf"coming|previous|final|following|initial|remaining|same)\s+)?(?P<num>{NUM}(?:\s+and\s+a\s+half)?)"
        # "five or six days" is one span; not "in 1995 to 15 years", nor "one to two weeks before" (the count's)
        rf"(?:(?<!\d{{4}})\s+(?:or|to)\s+(?P<num2>\d+|{NUMWORD}))?(?:-|\s+)"
        rf"(?:more\s+|additional\s+|straight\s+|consecutive\s+|full\s+|trading\s+|business\s+|working\s+|"
        # "two bloody weeks": a word the tagger checks is an adjective of the unit
        rf"school\s+|calendar\s+|(?!(?:{UNIT}|{NUMWORD})\b)(?P<feel>[a-z]{{4,16}})\s+(?=[a-z]{{3,10}}s\b))?"
        rf"(?P<unit>half[- ]hours?|quarter[- ]centur(?:y|ies)|{UNIT})(?P<adj>-long|-old)?"
        rf"(?P<half>\s+and\s+a\s+half)?(?:\s+or\s+so)?\b"
        rf"(?(num2)(?!\s+(?:ago|earlier|later|before|after|prior|hence|back|from now)\b))",
    ),
    value=_value_of_duration,
    plausible=_plausible_duration,
)


def _value_of_duration_abbr(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "7hrs", "30 mins": abbreviated units (tweets, live blogs)."""
    return Norm(
        "DURATION", duration_value(parse_number(m["num"]), unit_name(m["unit"])), mod_of(m["mod"]), anchor="none"
    )


DURATION_ABBR_RULE = Rule(
    "duration_abbr",
    patterns=(
        rf"\b(?:(?P<mod>{MOD})\s+)?(?<![:.\d])(?<!\bat )(?P<num>\d+(?:\.\d+)?)\s?"
        r"(?P<unit>hrs?|mins?|secs?|yrs?|wks?)\b",
    ),
    value=_value_of_duration_abbr,
    triggers=("hr", "min", "sec", "yr", "wk"),
)


def _value_of_odd_count(m: re.Match[str], ctx: Context) -> Norm | None:
    return Norm("DURATION", duration_value(int(m["num"]), unit_name(m["unit"])), "APPROX", anchor="none")


ODD_COUNT_RULE = Rule(
    "odd_count",
    patterns=(
        # "for 30-odd years", "30 odd years": a round count and some more
        r"\b(?P<num>\d{2,3})(?:-|\s)odd\s+(?P<unit>years|months|weeks|days|hours|minutes)\b",
    ),
    value=_value_of_odd_count,
    triggers=("odd",),
)


def _value_of_plural_unit(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = unit_name(m["unit"])
    return Norm("DURATION", duration_value(None, unit), anchor="none", span=(m.start("unit"), m.end("unit")))


PLURAL_UNIT_RULE = Rule(
    "plural_unit",
    patterns=(
        # "with only days to go", "have only weeks to make their case": a span, its length left unsaid
        # "only weeks old" is an age
        r"\b(?P<pre>only|just|mere|barely)\s+(?P<unit>hours|days|weeks|months|years|decades)\b"
        r"(?!\s+(?:ago|earlier|later|before|after|of|away|from|old)\b)",
        # "refused for months to allow", "the first in years to": "to" ends the span unless a range goes on ("weeks to
        # months", "in days to come")
        # "for months, if not years", "years, possibly decades": the second of a pair of spans
        rf"\b(?P<pre>for|in|over|within|take|takes|took|last|lasted|lasting|spend|spends|spent|spending|"
        rf"waited|{AFTER_A_SPAN}(?:if not|possibly|perhaps|even)|{AFTER_A_SPAN_SPACE}(?:or even|and even|"
        rf"if not))\s+"
        rf"(?P<unit>years|decades|"
        rf"months|weeks|days|hours|centuries|minutes)\b(?!\s+(?:ago|of|later|earlier)\b)"
        rf"(?!\s+to\s+(?:come\b|\d|(?:{NUMWORD}|{UNIT}|several|many|a\s+few)\b))",
    ),
    value=_value_of_plural_unit,
)


def _value_of_unit_long(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "decades-long", "day-long": a duration whose length is the unit (or several of it)."""
    unit = m["unit"].lower()
    return Norm("DURATION", duration_value(None if m["plural"] else 1, unit), anchor="none")


UNIT_LONG_RULE = Rule(
    "unit_long",
    patterns=(
        # "decades-long", "day-long", "a weeklong trip", "his yearslong obsession"
        r"\b(?P<unit>minute|hour|day|week|month|year|decade|century)(?:(?P<plural>s)?-?|(?<!century))long\b",
    ),
    value=_value_of_unit_long,
    triggers=("long",),
)


def _value_of_vague_span(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = unit_name(m["unit"] or m["unit2"])
    return Norm("DURATION", duration_value(None, "month" if unit == "quarter" else unit), anchor="none")


VAGUE_SPAN_RULE = Rule(
    "vague_span",
    patterns=(
        # "the years ahead", "for years to come"
        r"\b(?P<rel>recent|coming|upcoming|the coming|the recent|future)\s+(?P<unit>days|weeks|months|"
        r"quarters|years|decades)\b|\b(?:(?:the|many|several|some)\s+)?(?P<unit2>days|weeks|months|years|"
        r"decades)\s+(?:ahead|to\s+come)\b",
    ),
    value=_value_of_vague_span,
)


def _value_of_past_units(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "in past years", "during the past months": the past at large, with no count to measure it by."""
    return Norm("DATE", "PAST_REF", anchor="none")


PAST_UNITS_RULE = Rule(
    "past_units",
    patterns=(
        # "in past years", "during the past months": the past, as TimeBank reads it (PAST_REF), the unit in the extent
        r"\b(?:the\s+)?past\s+(?P<unit>days|weeks|months|years|decades)\b",
    ),
    value=_value_of_past_units,
    triggers=("past ",),
)


def _value_of_unsaid_span(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "over the years", "all these years": a span whose length the text leaves unsaid; "all" is part of it as
    TimeML tags "all these years" whole."""
    group = "all" if m["all"] else "span"
    unit = unit_name(m["unit2"] or m["unit"])
    return Norm("DURATION", duration_value(None, unit), anchor="none", span=(m.start(group), m.end(group)))


UNSAID_SPAN_RULE = Rule(
    "unsaid_span",
    patterns=(
        # "over the years", "all these years": a span of unsaid length ("over the years 1751-1777" is the year rule's)
        r"\b(?:(?:over|through|throughout)\s+(?P<span>the\s+(?P<unit>years|decades))|"
        r"(?P<all>all\s+(?:these|those|the)\s+(?P<unit2>years|decades|months|weeks|days)))\b"
        r"(?![- ]+(?:1[0-9]|20)\d\d\b|\s+(?:of|since|between|from|to|when|in which|that)\b)",
    ),
    value=_value_of_unsaid_span,
    triggers=("the years", "the decades", "these ", "those ", "all the "),
)


def _value_of_another(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = unit_name(m["unit"])
    n = parse_number(m["num"]) if m["num"] else 1
    return Norm("DURATION", duration_value(n, unit), anchor="none")


ANOTHER_RULE = Rule(
    "another",
    patterns=(rf"\banother\s+(?:(?P<num>{NUM})[- ])?(?P<unit>{UNIT})\b(?![- ](?:old|long))",),
    value=_value_of_another,
    triggers=("another",),
)
