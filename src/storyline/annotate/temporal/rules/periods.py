"""Years and the periods of a year or longer: "1998", "the 1990s", "the 19th century", "the third quarter",
"last summer"."""

from __future__ import annotations

import datetime as dt
import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import season_names_a_kind, season_of_noun
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AHEAD,
    APPROXIMATORS,
    BACK,
    CENTURY_RUNS_FOLLOWERS,
    CONVERSION_AFTER,
    COUNT_NOT_YEAR,
    DECADE_BEFORE,
    DEGREES_OR_PERCENT,
    MONTH_FULL,
    NUMBERED_THINGS,
    NUMWORD,
    OLD_YEAR_TIME_INTRODUCERS,
    ONES,
    ORDINAL_NUMBERS,
    ORDINAL_WORDS,
    TENS,
    THIS_SEASON_DAYS,
    TIME_INTRODUCERS,
    TIME_NOUNS,
    YEAR,
    YEAR_LIST_BEFORE,
    parse_number,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import (
    a_year_back,
    focused_quarter,
    month_number,
    part_of,
    quarter_year,
    range_end,
)


def _plausible_year(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    year = int(groups["year"])
    if CONVERSION_AFTER.match(ctx.text, m.end()):
        return False  # "at 2000 (0000 GMT)" is a clock (the time24 rule)
    if (
        not groups.get("pre")
        and not 1800 <= year <= 2099
        and not (
            1000 <= year < 1800
            and (
                ctx.previous_word(m.start()) in OLD_YEAR_TIME_INTRODUCERS
                or YEAR_LIST_BEFORE.search(ctx.text, max(0, m.start() - 12), m.start())
            )
        )
    ):
        return False  # "in 1776" is a year, and so is each of "in 1860, 1770 and 1761"; "1400 victims" counts
    if not groups.get("pre") and ctx.previous_word(m.start()) in NUMBERED_THINGS:
        return False  # "Security Council Resolution 1973", "Flight 1549": a number, not a year
    span = ctx.doc.char_span(m.start("year"), m.end("year"), alignment_mode="expand")
    if span is not None and len(span):
        token = span[0]
        if (
            token.dep_ == "nummod"
            and token.head.tag_ in ("NNS", "NNPS")
            and token.head.lower_ not in TIME_NOUNS
            and token.i > 0
            and (
                ctx.doc[token.i - 1].lower_ in APPROXIMATORS
                or year % 100 == 0
                and ctx.doc[token.i - 1].tag_ not in ("DT", "PRP$", "POS")
                or ctx.doc[token.i - 1].lower_ == "of"
                and ctx.dct is not None
                and abs(year - ctx.dct.year) > COUNT_NOT_YEAR
            )
        ):
            return False  # "about 1950 workers", "sold 2000 tickets", "a poll of 2047 registered voters"
            # count; "1990 earnings", "matches of 2006 men's volleyball World Championships" are dated
        if (
            token.i + 1 < len(ctx.doc)
            and ctx.doc[token.i + 1].text in (":", "-", "/")
            and token.i + 2 < len(ctx.doc)
            and ctx.doc[token.i + 2].like_num
            and not (ctx.doc[token.i + 1].text == ":" and ctx.doc[token.i + 1].whitespace_)
        ):
            return False  # "2003:270", "1999-2000"; a timeline's "1983: 8,000 men were killed" keeps its year
    return True


def _value_of_year(m: re.Match[str], ctx: Context) -> Norm | None:
    pre = (m["pre"] or "").lower().rstrip("-").strip()
    mod = part_of(pre)
    value = m["year"]
    if pre == "the first half of":
        value, mod = f"{value}-H1", None
    elif pre == "the second half of":
        value, mod = f"{value}-H2", None
    return Norm("DATE", value, mod, anchor="absolute")


YEAR_RULE = Rule(
    "year",
    patterns=(
        rf"(?<![\w$£€#.,/-])(?:(?P<pre>fiscal year|fiscal|calendar|the year|the end of|the start of|"
        rf"the beginning of|the middle of|end of|end(?=-)|early|mid|late|the first half of|the second half of)"
        rf"[- ]?\s*)?"
        rf"(?P<year>{YEAR})(?P<s>'s)?(?![\w%]|[.,]\d|-\d|\s*(?:percent|per cent))",
    ),
    value=_value_of_year,
    plausible=_plausible_year,
)


def _plausible_era_year(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if not (groups.get("era") or groups.get("era2") or groups.get("ad") or "").isupper():
        return False  # "ad" and "bc" in lower case are words ("an ad 30 seconds long"), not eras
    if groups.get("bc") and int(groups["bc"]) >= 1900 and re.match(r"[ \t]+[A-Z]", ctx.text[m.end() : m.end() + 2]):
        return False  # "the 2010 BC Hydro rates": British Columbia
    return True


def _value_of_era_year(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "490 BC" is BC0490 (TimeML's form; not a date this tagger counts from), "AD 70" the year 0070."""
    if m["ad"] or (m["era"] and m["era"].upper().startswith("A")):
        return Norm("DATE", f"{int(m['adyear'] or m['bc']):04d}", anchor="absolute")
    return Norm("DATE", f"BC{int(m['bc'] or m['first']):04d}", anchor="none")


ERA_YEAR_RULE = Rule(
    "era_year",
    patterns=(
        # "490 BC", "(499-493 BC)" (the first year of the range too), "AD 70", "625 AD"; upper case only (its filter)
        r"\b(?:(?P<bc>[1-9]\d{0,3})\s?(?P<era>b\.c\.(?:e\.)?|b\.c|bce|bc|a\.d\.|ad)(?!\w)"
        r"|(?P<first>[1-9]\d{0,3})(?=\s*(?:-|–|to|and|or)\s*[1-9]\d{0,3}\s?(?P<era2>b\.c\.?|bce|bc)(?!\w))"
        r"|(?P<ad>a\.d\.|ad)\s?(?P<adyear>[1-9]\d{0,3})\b)",
    ),
    value=_value_of_era_year,
    plausible=_plausible_era_year,
    triggers=("bc", "b.c", "ad", "a.d"),
)


def _plausible_spelled_year(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["century"].lower() == "nineteen" and not groups.get("rest"):
        return False
    if groups["century"].lower() == "two thousand" and not (
        groups.get("rest") or m.group(0).lower().startswith("the year")
    ):
        return False
    return True


def _value_of_spelled_year(m: re.Match[str], ctx: Context) -> Norm | None:
    rest = parse_number(m["rest"]) if m["rest"] else 0
    if rest is None:
        return None
    base = 1900 if m["century"].lower() == "nineteen" else 2000
    if m["month"]:  # "January nineteen ninety-seven" (broadcast transcripts)
        return Norm("DATE", tr.month_value(base + int(rest), month_number(m["month"])), anchor="absolute")
    return Norm("DATE", f"{base + int(rest):04d}", anchor="absolute")


SPELLED_YEAR_RULE = Rule(
    "spelled_year",
    patterns=(
        rf"\b(?:(?P<month>{MONTH_FULL})(?:,|\s+of)?\s+|the year\s+)?(?P<century>nineteen|two thousand)"
        rf"(?:[- ]hundred)?(?:\s+(?:and\s+)?"
        rf"(?P<rest>(?:{TENS})(?:[- ](?:{ONES}))?|{ONES}|ten|eleven|twelve|thirteen|fourteen|"
        rf"fifteen|sixteen|seventeen|eighteen|nineteen))?\b",
    ),
    value=_value_of_spelled_year,
    plausible=_plausible_spelled_year,
    triggers=("nineteen", "two thousand"),
)


def _plausible_decade(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups.get("decade") == "1000":
        return False  # "1000s of people" are thousands
    if groups.get("decade3") or groups.get("decade4"):
        span = ctx.doc.char_span(m.start(), m.end(), alignment_mode="expand")
        if span is not None and len(span) and DEGREES_OR_PERCENT.search(span.sent.text):
            return False  # "highs in the 70s": a bare two-digit decade in a weather report is degrees
        if groups.get("decade4") and not DECADE_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()):
            return False  # "men in their 20s and 30s" are ages
    return True


def _value_of_decade(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the 1990s", "the '90s", "the 90s", "the 60s and 70s": a bare two-digit decade is the 1900s'.
    "The 1800s" is the century, as readers take it (the 2000s stay a decade)."""
    decade = m["decade"] or m["decade2"] or m["decade3"] or m["decade4"]
    if re.fullmatch(r"1\d00", decade):
        value = decade[:2]
    else:
        value = ("19" + decade[1]) if decade[0] in "'’" else ("19" + decade[0]) if len(decade) == 2 else decade[:3]
    return Norm("DATE", value, part_of(m["part"] or m["part2"] or m["part3"]), anchor="absolute")


DECADE_RULE = Rule(
    "decade",
    patterns=(
        r"(?:\b(?:the\s+)?(?:(?P<part>early|mid|late)[- ])?(?P<decade>1\d{2}0|20\d0)|(?<![\w'’])(?:the\s+)?"
        r"(?:(?P<part2>early|mid|late)[- ])?(?P<decade2>['’]\d0)"
        r"|\bthe\s+(?:(?P<part3>early|mid|late)[- ])?(?P<decade3>[2-9]0)(?=['’]?s\b)"  # "the 80s", "the 80’s"
        r"|(?:(?<=0s and )|(?<=0s or )|(?<=0s to ))(?P<decade4>[2-9]0)(?=['’]?s\b))['’]?s\b",
    ),
    value=_value_of_decade,
    plausible=_plausible_decade,
)


def _plausible_decade_word(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups.get("joined") is not None and not DECADE_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()):
        return False  # "in his sixties" is an age; "the fifties and sixties" are decades
    return True


def _value_of_decade_word(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the nineties": a decade of the 1900s (the usual reading in news)."""
    tens = {
        "twenties": 2,
        "thirties": 3,
        "forties": 4,
        "fifties": 5,
        "sixties": 6,
        "seventies": 7,
        "eighties": 8,
        "nineties": 9,
    }[m["word"].lower()]
    return Norm("DATE", f"19{tens}", part_of(m["part"]), anchor="absolute")


DECADE_WORD_RULE = Rule(
    "decade_word",
    patterns=(
        # "the fifties and sixties": the second only after a decade and "and", "or", "to" (DECADE_BEFORE)
        r"\b(?:the\s+(?:(?P<part>early|mid|late)[- ])?|(?P<joined>))(?P<word>twenties|thirties|forties|"
        r"fifties|sixties|seventies|eighties|nineties)\b",
    ),
    value=_value_of_decade_word,
    plausible=_plausible_decade_word,
    triggers=("ties",),
)


def _plausible_century(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    following = re.match(r"\s+([a-z]+)\b", ctx.text[m.end() : m.end() + 20])
    as_adjective = following is not None and following[1] not in CENTURY_RUNS_FOLLOWERS
    batsmans = ctx.previous_word(m.start()) in ("his", "her", "their", "another", "maiden")
    spelled_alone = groups.get("word") and not re.match(r"the\b|.*-centur", m.group(0), re.I)
    if (batsmans or spelled_alone) and not as_adjective:
        return False  # "his fifth century of the series" is a hundred runs (cricket); "his 21st century
        # heirs" and "twentieth century art" are of the century
    return True


def _value_of_century(m: re.Match[str], ctx: Context) -> Norm | None:
    number = ORDINAL_NUMBERS[m["word"].lower()] if m["word"] else int(m["ord"] or m["ord2"])
    if number == 0:
        return None  # "the 0th century"
    if re.match(r"\s?B\.?C\.?E?\b", ctx.text[m.end() : m.end() + 6]):
        return Norm("DATE", f"BC{number - 1:02d}", part_of(m["part"]), anchor="none")  # "the third century BC"
    return Norm("DATE", f"{number - 1:02d}", part_of(m["part"]), anchor="absolute")


CENTURY_RULE = Rule(
    "century",
    patterns=(
        # "the 19th century", "the twentieth century", "the 18th and 19th centuries" (both: "the 18th" is elliptical)
        rf"\b(?:the\s+)?(?:(?P<part>early|mid|late)[- ])?"
        rf"(?:(?P<ord>\d{{1,2}})(?:st|nd|rd|th)|(?P<word>{ORDINAL_WORDS}))[- ]centur(?:y|ies)\b"
        rf"|\bthe\s+(?P<ord2>\d{{1,2}})(?:st|nd|rd|th)"
        rf"(?=\s+(?:and|or|to)\s+\d{{1,2}}(?:st|nd|rd|th)[- ]centuries\b)",
    ),
    value=_value_of_century,
    plausible=_plausible_century,
    triggers=("centur",),
)


def _plausible_quarter_abbr(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["q"] != "Q":
        return False
    return True


def _value_of_quarter_abbr(m: re.Match[str], ctx: Context) -> Norm | None:
    number = int(m["number"])
    if m["year"]:
        return Norm("DATE", f"{m['year']}-Q{number}", anchor="absolute")
    if ctx.dct is None:
        return Norm("DATE", f"XXXX-Q{number}", anchor="none")
    return Norm("DATE", f"{quarter_year(number, m, ctx):04d}-Q{number}", anchor="dct")


QUARTER_ABBR_RULE = Rule(
    "quarter_abbr",
    patterns=(
        # "Q3 earnings", "Q1 2010": a quarter as business news abbreviates it (capital Q only: its filter)
        rf"\b(?P<q>q)(?P<number>[1-4])\b(?:\s+(?P<year>{YEAR})\b)?",
    ),
    value=_value_of_quarter_abbr,
    plausible=_plausible_quarter_abbr,
    triggers=("q1", "q2", "q3", "q4"),
)


def _plausible_quarter(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if not groups.get("ord") and not groups.get("pre"):
        return False
    if groups["unit"].lower() == "half" and not groups.get("ord"):
        return False
    if (
        groups["unit"].lower() == "half"
        and (groups.get("pre") or "").lower() == "the"
        and not (groups.get("year1") or groups.get("year2") or groups.get("rel2"))
    ):
        return False  # a bare "the second half" is a match's more often than a year's
    return True


def _value_of_quarter(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = m["unit"].lower()
    pre = (m["pre"] or "").lower()
    ord_ = (m["ord"] or "").lower()
    number = {
        "first": 1,
        "1st": 1,
        "second": 2,
        "2nd": 2,
        "third": 3,
        "3rd": 3,
        "fourth": 4,
        "4th": 4,
        "final": 4 if unit == "quarter" else 2,
    }.get(ord_)
    if ord_ == "last" and (m["year1"] or m["year2"] or m["rel2"]):
        number = 4 if unit == "quarter" else 2  # "the last half of 1989" is its second half
    year_text = m["year1"] or m["year2"]
    if year_text:
        year: int | None = int(year_text)
        anchor = "absolute"
    elif ctx.dct is None:
        year, anchor = None, "none"
    else:
        anchor = "dct"
        year = ctx.dct.year
        rel2 = (m["rel2"] or "").lower()
        if rel2 == "last" or pre in ("last year's",):
            year -= 1
        elif rel2 == "next" or pre == "next year's":
            year += 1
    if number is None and year_text and unit == "quarter":  # "the 1988 quarter": the one in focus, that year
        return Norm("DATE", f"{year_text}-Q{focused_quarter(ctx)}", anchor="discourse")
    if number is None:  # "the quarter", "the latest quarter", "last quarter", "its current quarter"
        if ctx.dct is None:
            return Norm("DATE", "XXXX-QX", anchor="none")
        if ord_ == "current" or pre in ("this", "the current"):
            n = 0
        elif pre == "next":
            n = 1
        elif pre in ("that", "the same") and ctx.last_value and "-Q" in ctx.last_value:
            return Norm("DATE", ctx.last_value, anchor="discourse")
        else:
            n = -1
        if pre in ("the year-ago", "the year-earlier", "last year's"):
            if (quarter := ctx.quarter_in_focus()) and "-Q" in quarter:
                return Norm("DATE", a_year_back(quarter), anchor="discourse")
            n -= 4
        if unit == "half":
            return Norm("DATE", tr.shift_value(ctx.dct, "half", n), anchor="dct")
        return Norm("DATE", tr.shift_value(ctx.dct, "quarter", n), anchor="dct")
    letter = "Q" if unit == "quarter" else "H"
    if unit == "half" and number > 2:
        return None
    if year is None:
        return Norm("DATE", f"XXXX-{letter}{number}", anchor="none")
    if not year_text and ctx.dct is not None and unit == "quarter":
        if pre in ("the year-ago", "the year-earlier"):
            year -= 1
        elif (m["rel2"] or "the").lower() == "the" and pre not in ("this year's", "last year's", "next year's"):
            year = quarter_year(number, m, ctx)  # "the first quarter (of the year)": the year in focus
    return Norm("DATE", f"{year:04d}-{letter}{number}", anchor=anchor)


QUARTER_RULE = Rule(
    "quarter",
    patterns=(
        rf"\b(?:(?P<pre>this year's|last year's|next year's|the year-ago|the year-earlier|the comparable|"
        rf"the latest|the current|the same|the fiscal|its fiscal|the|its|that|this|last|next|fiscal)\s+)?"
        rf"(?:(?P<year1>{YEAR})\s+)?(?:fiscal[- ])?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|final|"
        rf"last|latest|current)?[- ]?(?:fiscal[- ]|financial\s+)?(?P<unit>quarter|half)\b(?![- ](?:century|finals?\b))"
        rf"(?:\s+of\s+(?:fiscal\s+)?(?:(?P<year2>{YEAR})|(?P<rel2>this|last|next|the) year))?",
    ),
    value=_value_of_quarter,
    plausible=_plausible_quarter,
    triggers=("quarter", "half"),
)


def _value_of_season_ago(m: re.Match[str], ctx: Context) -> Norm | None:
    n = parse_number(m["num"])
    code = tr.SEASONS[m["season"].lower()[:-1]]
    if ctx.dct is None or n is None or not float(n).is_integer():
        return Norm("DATE", f"XXXX-{code}", anchor="none")
    return Norm("DATE", f"{tr.last_season_year(ctx.dct, code) - int(n) + 1:04d}-{code}")


SEASON_AGO_RULE = Rule(
    "season_ago",
    patterns=(
        # "two summers ago": the summer so many before the last one
        rf"\b(?P<num>{NUMWORD}|\d+)\s+(?P<season>springs|summers|falls|autumns|winters)\s+ago\b",
    ),
    value=_value_of_season_ago,
    triggers=("ago",),
)


def _plausible_season(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if (
        groups["season"].lower() == "fall"
        and not groups.get("year")
        and (groups.get("rel") or "the").lower() == "the"
        and re.match(r"\s+(?:(?:of|in)\s+(?!(?:1[89]|20)\d\d\b)|out\b)", ctx.text[m.end() : m.end() + 12])
    ):
        return False  # "the fall of the government", "the fall in prices", "the fall out of this"
    span = ctx.doc.char_span(m.start("season"), m.end("season"), alignment_mode="expand")
    if not groups.get("rel") and not groups.get("year"):
        if season_names_a_kind(span) or (
            ctx.previous_word(m.start()) not in TIME_INTRODUCERS and not season_of_noun(groups["season"], span)
        ):
            return False
    if span is not None and len(span) and span[0].pos_ not in ("NOUN", "PROPN"):
        return False
    return True


def _value_of_season(m: re.Match[str], ctx: Context) -> Norm | None:
    code = tr.SEASONS[m["season"].lower()]
    rel = (m["rel"] or "").lower().replace("the ", "").strip()
    mod = {"early": "START", "mid": "MID", "late": "END"}.get(rel)
    if m["year"]:
        return Norm("DATE", f"{m['year']}-{code}", mod, anchor="absolute")
    if ctx.dct is None:
        return Norm("DATE", f"XXXX-{code}", mod, anchor="none")
    month = tr.SEASON_MONTH[code]
    current = tr.season_in_focus(ctx.dct)
    if rel in BACK:
        year = tr.last_season_year(ctx.dct, code)
    elif rel in AHEAD:
        year = min(y for y in (current[0], current[0] + 1) if (y, month) > current)
    elif rel == "this" and code != "WI" and month != current[1]:
        # the tense chooses, but "this" season lies within THIS_SEASON_DAYS: "was out of contract this summer",
        # written in May, is the coming one; "This spring the club collapsed", written in November, the last
        # (a winter spans two years and keeps the reading below)
        year = tr.nearest_year(ctx.dct, month, None, ctx.tense_only(m.start(), m.end()))
        if abs((dt.date(year, month, 15) - ctx.dct).days) > THIS_SEASON_DAYS:
            year += 1 if dt.date(year, month, 15) < ctx.dct else -1
    elif (
        narrative := ctx.narrative_year(tense := ctx.tense_only(m.start(), m.end()), ctx.says_will(m.start(), m.end()))
    ) is not None:
        return Norm("DATE", f"{narrative:04d}-{code}", mod, anchor="discourse")
    elif month == current[1]:
        year = current[0]
    else:
        tense = "future" if ctx.previous_word(m.start()) in ("until", "till") else tense
        year = tr.nearest_year(ctx.dct, month, None, tense)
    if code == "WI":
        # a winter is ordered by its January above; it is named by the year it is written in when it is the
        # one under way ("winter storm emergency" in January 2014 is 2014-WI), else by the year of its
        # December ("this winter", in June 2010, is 2010-WI; "the winter freeze", in August 2010, 2009-WI)
        year = ctx.dct.year if (year, month) == current else year - 1
    return Norm("DATE", f"{year:04d}-{code}", mod)


SEASON_RULE = Rule(
    "season",
    patterns=(
        # "the fall-out" is no autumn
        rf"\b(?:(?P<rel>this past|this coming|this|last|next|the|that|early|late|mid|the early|the late)"
        rf"[- ]?\s*)?(?P<season>spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?(?P<year>{YEAR}))?\b"
        r"(?!-(?:out|back|off|guy|line)\b)",
    ),
    value=_value_of_season,
    plausible=_plausible_season,
    triggers=("spring", "summer", "fall", "autumn", "winter"),
)


def _value_of_year_range(m: re.Match[str], ctx: Context) -> Norm | None:
    """The first year of "1980-88", "2007-13", "1997-8" (a range is two TIMEX3s; a one-digit tail is left)."""
    if range_end(int(m["year"]), m["tail"]) is None:
        return None
    return Norm("DATE", m["year"], anchor="absolute")


YEAR_RANGE_RULE = Rule(
    "year_range",
    patterns=(
        # "1980-88": two expressions, as TimeML annotates ranges (the head here, the tail below)
        rf"(?<![\w$£€#.,/-])(?P<year>{YEAR})(?=[-–](?P<tail>\d{{1,2}}|{YEAR})\b(?![\w%-]|[.,:]\d))",
    ),
    value=_value_of_year_range,
    triggers=("-", "–"),
)


def _value_of_year_tail(m: re.Match[str], ctx: Context) -> Norm | None:
    """The last year of "1980-88": "88" read in the century of the first year."""
    last = range_end(int(ctx.text[m.start() - 5 : m.start() - 1]), m["tail"])
    return None if last is None else Norm("DATE", f"{last:04d}", anchor="absolute")


YEAR_TAIL_RULE = Rule(
    "year_tail",
    patterns=(
        # not the clock of "February 1, 2011-14:00:00 ET"
        rf"(?<=(?:1[0-9]|20)\d\d[-–])(?P<tail>\d{{2}}|{YEAR})\b(?![\w%-]|[.,:]\d)",
    ),
    value=_value_of_year_tail,
    triggers=("-", "–"),
)


def _value_of_year_period(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the 1988 period" in an earnings report: the quarter under discussion, in that year."""
    return Norm("DATE", f"{m['year']}-Q{focused_quarter(ctx)}", anchor="discourse")


YEAR_PERIOD_RULE = Rule(
    "year_period",
    patterns=(
        rf"\b(?:the|its|that)\s+(?P<year>{YEAR})\s+(?:fiscal\s+)?(?P<unit>period|quarter)\b(?![- ](?:ended|ending))",
    ),
    value=_value_of_year_period,
    triggers=("period", "quarter"),
)


def _value_of_year_end(m: re.Match[str], ctx: Context) -> Norm | None:
    if ctx.dct is None:
        return Norm("DATE", "XXXX", "END", anchor="none")
    year = ctx.dct.year
    if ctx.dct.month <= 3 and ctx.tense_only(m.start(), m.end()) == "past":
        year -= 1
    return Norm("DATE", f"{year:04d}", "END", anchor="dct")


YEAR_END_RULE = Rule(
    "year_end",
    patterns=(r"\b(?:the\s+)?(?:year[- ]?end|year's end|end-of-year)\b(?![- ]\w)",),
    value=_value_of_year_end,
    triggers=("year-end", "year end", "yearend", "year's end", "end-of-year"),
)


def _value_of_month_end(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "At month's end": the end of the month the text is in (the DCT's until it names another)."""
    anchor, kind = ctx.anchor_of("month")
    if anchor is None:
        return Norm("DATE", "XXXX-XX", "END", anchor="none")
    return Norm("DATE", tr.month_value(anchor.year, anchor.month), "END", anchor=kind)


MONTH_END_RULE = Rule(
    "month_end",
    patterns=(r"\b(?:the\s+)?(?:month[- ]end|month's end|end-of-month)\b(?![- ]\w)",),
    value=_value_of_month_end,
    triggers=("month-end", "month end", "month's end", "end-of-month"),
)


def _value_of_sport_season(m: re.Match[str], ctx: Context) -> Norm | None:
    """A sports or business season: its calendar span varies by sport, so only its direction is kept."""
    rel = m["rel"].lower()
    value = {
        "last": "PAST_REF",
        "the previous": "PAST_REF",
        "this past": "PAST_REF",
        "the past": "PAST_REF",
        "next": "FUTURE_REF",
        "the coming": "FUTURE_REF",
        "the new": "FUTURE_REF",
    }.get(rel, "PRESENT_REF")
    return Norm("DATE", value, anchor="none")


SPORT_SEASON_RULE = Rule(
    "sport_season",
    patterns=(
        r"\b(?P<rel>last|this|next|the current|the previous|the coming|the new|the whole|the regular|"
        r"the entire|this past|the past)\s+season\b(?!['’]s|\s+(?:of|tickets?|opener)\b)",
    ),
    value=_value_of_sport_season,
    triggers=("season",),
)
