"""Calendar days and months: "March 5, 2019", "5/3/19", "next Tuesday", "Christmas", "in May"."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import dates_a_noun, tense_of_a_date, token_at
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AHEAD,
    AMBIGUOUS_MONTHS,
    BACK,
    CAPITALISED_HOLIDAYS,
    COMMA,
    DAY_ORDINAL_WORDS,
    DAYNUM,
    EASTER_HOLIDAYS,
    HOLIDAY_NAMES,
    HOLIDAY_QUALIFIERS,
    HOLIDAY_YEAR_AFTER,
    HOLIDAYS,
    MISHAPS,
    MONTH,
    MONTH_D,
    MONTHS_NEAR_SEPTEMBER_11,
    MOVING_HOLIDAYS,
    NAMED_WEEKDAY_WORDS,
    PART,
    PARTS_OF_DAY,
    PERCENT_BEFORE,
    POD,
    THANKSGIVING_DAYS,
    TIME_INTRODUCERS,
    TIME_WORD_NAMES,
    TIMESTAMP_DAYS,
    WEEKDAY,
    WEEKDAY_ABBR,
    WEEKDAYS,
    YEAR,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import (
    date_from_parts,
    date_of_weekday,
    day_number,
    easter_holiday,
    full_year,
    month_after_pair,
    month_number,
    month_range_year,
    part_of,
    range_year,
    relative_year,
    safe_date,
)


def _a_lower_case_word(rule: str, m: re.Match[str], ctx: Context) -> bool:
    """Whether the month a date rule matched is written in lower case where it is a word ("may", "march",
    "august"), not a month; a day and a year around it ("1 may, 2009") make it a date."""
    month = m.groupdict().get("month")
    if not month:
        return False
    return (
        not month[0].isupper()
        and not (rule in ("month_day", "day_month") and m.groupdict().get("day") and m.groupdict().get("year"))
        and (
            month.lower() in AMBIGUOUS_MONTHS
            or month.lower() in ("august", "sat", "sun")
            or len(month) < 4
            or rule == "month"
            and ctx.previous_word(m.start())
            not in ("in", "since", "until", "by", "of", "last", "next", "this", "early", "late", "mid")
        )
    )


def _value_of_iso(m: re.Match[str], ctx: Context) -> Norm | None:
    date = safe_date(int(m["year"]), int(m["month"]), int(m["day"]))
    if not date:
        return None
    if m["hour"]:
        return Norm("TIME", f"{date.isoformat()}T{m['hour']}:{m['minute']}", anchor="absolute")
    return Norm("DATE", date.isoformat(), anchor="absolute")


ISO_RULE = Rule(
    "iso",
    patterns=(
        rf"\b(?P<year>{YEAR})-(?P<month>[01]\d)-(?P<day>[0-3]\d)(?:T(?P<hour>[01]\d|2[0-3]):(?P<minute>[0-5]\d))?\b",
    ),
    value=_value_of_iso,
)


def _value_of_slash(m: re.Match[str], ctx: Context) -> Norm | None:
    month, day = int(m["month"]), int(m["day"])
    if day <= 12 and ctx.dct:
        # "08/07/19" on a page of 8 July 2019: read day first, as Britain writes it, when only that reading
        # falls within days of the DCT (a page's own timestamp); month first otherwise, as America writes it
        year = full_year(int(m["year"]), ctx.dct) if len(m["year"]) == 2 else int(m["year"])
        month_first, day_first = safe_date(year, month, day), safe_date(year, day, month)
        near = [d is not None and abs((d - ctx.dct).days) <= TIMESTAMP_DAYS for d in (month_first, day_first)]
        if near == [False, True]:
            month, day = day, month
    return date_from_parts(m, ctx, month, day, m["year"])


SLASH_RULE = Rule(
    "slash",
    patterns=(
        # "9/11/2001"; "9\/11\/2001" as Timeline17's tokenized copies escape the slash
        r"\b(?P<month>1[0-2]|0?[1-9])\\?/(?P<day>[12]\d|3[01]|0?[1-9])\\?/(?P<year>\d{4}|\d{2})\b",
        # "17/07/2019": a first number above 12 is the day, as Britain and India write it
        r"\b(?P<day>1[3-9]|2\d|3[01])\\?/(?P<month>1[0-2]|0?[1-9])\\?/(?P<year>\d{4}|\d{2})\b",
    ),
    value=_value_of_slash,
)


def _plausible_dotted(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if len(groups["year"]) == 2 and (len(groups["day"]) < 2 or len(groups["month"]) < 2):
        return False  # "3.5.10" is a version or a score; "27.03.15" is a date
    return True


DOTTED_RULE = Rule(
    "dotted",
    patterns=(
        # "23.03.2015", "27.03.15": day first, as Europe writes it (a two-digit year needs two-digit day and month)
        r"(?<![\d.])(?P<day>[12]\d|3[01]|0?[1-9])\.(?P<month>1[0-2]|0?[1-9])\.(?P<year>(?:1[89]|20)\d\d|\d\d)"
        r"(?!\d|\.\d)",
    ),
    value=_value_of_slash,
    plausible=_plausible_dotted,
)


def _value_of_nine_eleven(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "since 9/11": the day of the 2001 attacks, in a text written after it (else a month and day we do not
    read: "9/11" alone in 1998 may be either)."""
    if ctx.dct is None or ctx.dct <= dt.date(2001, 9, 11):
        return None
    return _value_of_september_11(m, ctx)


NINE_ELEVEN_RULE = Rule(
    "nine_eleven",
    patterns=(
        # "since 9/11", "the 9/11 hijackers": the attacks' day, written after it (not "the 9/11 Commission", a name)
        r"(?<![\d/\\])\b9\\?/11\b(?!\\?/\d)(?!\s+commission)",
    ),
    value=_value_of_nine_eleven,
    triggers=("9/11", "9\\/11"),
)


def _value_of_september_11(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "The September 11 attacks": the day of 2001, named as an event, which the story is not told in."""
    return Norm("DATE", "2001-09-11", anchor="absolute", background=True)


SEPTEMBER_11_RULE = Rule(
    "september_11",
    patterns=(
        # "the September 11 attacks" name the day of 2001, whatever the article's year, and so does "the Sept. 11
        # memorial ceremony", held on its anniversary
        r"\b(?:september|sept?\.?)\s+11(?:th)?(?=,?\s+(?:2001\s+)?(?:terror(?:ist)?\s+)?"
        r"(?:attacks?|hijack(?:ers|ings?)?|commission|strikes|memorials?|anniversary|victims|museum)\b)",
    ),
    value=_value_of_september_11,
    triggers=("11",),
)


def _plausible_month_day(m: re.Match[str], ctx: Context) -> bool:
    if _a_lower_case_word("month_day", m, ctx):
        return False  # lower-case "may", "march", "august" are words; "june 5", "october 2014",
        # "1 may, 2009" are dates
    return True


def _value_of_month_day(m: re.Match[str], ctx: Context) -> Norm | None:
    year_text = m["year"] or relative_year(m, ctx) or range_year(m, ctx)
    if (
        not year_text
        and month_number(m["month"]) == 9
        and day_number(m["day"]) == 11
        and ctx.dct is not None
        and ctx.dct.year > 2001
        and ctx.dct.month not in MONTHS_NEAR_SEPTEMBER_11
        and ctx.narrative_year_for(9) is None
    ):
        return _value_of_september_11(m, ctx)  # "including September 11", in a July paper: the attacks' day
    return date_from_parts(m, ctx, month_number(m["month"]), day_number(m["day"]), year_text)


MONTH_DAY_RULE = Rule(
    "month_day",
    patterns=(
        # "Sept. 11", "Sept.11, 2001" (an abbreviation's dot may stand for the space), "August 9,2022" (a
        # caption's comma without its space; "August 9,200" is a count, not a date)
        rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?(?P<month>{MONTH_D})(?:\s+|(?<=\.))"
        rf"(?P<day>{DAYNUM})(?!\d)(?!,(?!{YEAR}\b)\d)"
        rf"(?:(?:{COMMA}|,)(?P<year>{YEAR})|\s+(?:of\s+)?(?P<ryear>last|this|next|that) year)?(?!\d|:\d)\b",
    ),
    value=_value_of_month_day,
    plausible=_plausible_month_day,
)


def _plausible_day_month(m: re.Match[str], ctx: Context) -> bool:
    if _a_lower_case_word("day_month", m, ctx):
        return False  # lower-case "may", "march", "august" are words; "june 5", "october 2014",
        # "1 may, 2009" are dates
    return True


DAY_MONTH_RULE = Rule(
    "day_month",
    patterns=(
        rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?(?:the\s+)?(?P<day>{DAYNUM})\s+(?:of\s+)?(?P<month>{MONTH_D})"
        rf"(?:{COMMA}(?P<year>{YEAR})|\s+(?:of\s+)?(?P<ryear>last|this|next|that) year)?"
        rf"\b(?!\s*\d(?!\d?[:.]\d\d))",
        # "the first of June" (in lower case: "the Fourth of July" is the holiday's name)
        rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?the\s+(?P<day>(?-i:{DAY_ORDINAL_WORDS}))\s+of\s+"
        rf"(?P<month>{MONTH})(?:{COMMA}(?P<year>{YEAR})|\s+(?P<ryear>last|this|next) year)?\b",
    ),
    value=_value_of_month_day,
    plausible=_plausible_day_month,
)


def _plausible_month_year(m: re.Match[str], ctx: Context) -> bool:
    if _a_lower_case_word("month_year", m, ctx):
        return False  # lower-case "may", "march", "august" are words; "june 5", "october 2014",
        # "1 may, 2009" are dates
    return True


def _value_of_month_year(m: re.Match[str], ctx: Context) -> Norm | None:
    year_text = m["year"] if "year" in m.groupdict() else relative_year(m, ctx)
    if year_text is None:  # "March last year" in an undated article
        return Norm("DATE", tr.month_value(None, month_number(m["month"])), part_of(m["part"]), anchor="none")
    return Norm(
        "DATE",
        tr.month_value(int(year_text), month_number(m["month"])),
        part_of(m["part"]),
        anchor="absolute" if m.groupdict().get("year") else "dct",
    )


MONTH_YEAR_RULE = Rule(
    "month_year",
    patterns=(
        rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH_D})(?: ?,|\s+of)?\s+(?P<year>{YEAR})\b(?![\d%])",
        rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH})(?:\s+of)?\s+"
        rf"(?P<ryear>last|this|next|that) year\b",
    ),
    value=_value_of_month_year,
    plausible=_plausible_month_year,
)


def _value_of_month_that_year(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "in October of that year", "in March of the following year": the month in the year last told of."""
    told, anchor = ctx.anchor_of("year")
    if told is None:
        return Norm("DATE", tr.month_value(None, month_number(m["month"])), part_of(m["part"]), anchor="none")
    shift = {"the following": 1, "the next": 1, "the previous": -1}.get(m["rel"].lower(), 0)
    return Norm("DATE", tr.month_value(told.year + shift, month_number(m["month"])), part_of(m["part"]), anchor=anchor)


MONTH_THAT_YEAR_RULE = Rule(
    "month_that_year",
    patterns=(
        # "peaked in October of that year": the month in the year the text is telling of
        rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH})\s+of\s+(?P<rel>that|the same|the following|"
        rf"the next|the previous) year\b",
    ),
    value=_value_of_month_that_year,
    triggers=(" year",),
)


def _plausible_month(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    month = groups["month"]
    if _a_lower_case_word("month", m, ctx):
        return False  # lower-case "may", "march", "august" are words; "june 5", "october 2014",
        # "1 may, 2009" are dates
    if month == "APR." and PERCENT_BEFORE.search(ctx.text, max(0, m.start() - 12), m.start()):
        return False  # "59.9% APR." is a loan's rate
    bare = not groups.get("rel") and not groups.get("part") and m.start() == m.start("month")
    if bare and month.lower() in AMBIGUOUS_MONTHS and ctx.previous_word(m.start()) not in TIME_INTRODUCERS:
        return False
    if bare and month.lower() == "may" and ctx.previous_word(m.start()) in ("and", "or", "to", "that"):
        return False
    return True


def _value_of_month(m: re.Match[str], ctx: Context) -> Norm | None:
    month = month_number(m["month"])
    mod = part_of(m["part"])
    if ctx.dct is None:
        return Norm("DATE", tr.month_value(None, month), mod, anchor="none")
    rel = (m["rel"] or "").lower()
    if rel in BACK:
        year = ctx.dct.year if month < ctx.dct.month else ctx.dct.year - 1
    elif rel in AHEAD:
        year = ctx.dct.year if month > ctx.dct.month else ctx.dct.year + 1
    elif rel == "this":
        year = ctx.dct.year
    elif rel == "that" and (told := ctx.anchor_of("year"))[1] == "discourse" and told[0] is not None:
        return Norm("DATE", tr.month_value(told[0].year, month), mod, anchor="discourse")  # "In 1972 … that
        # November"
    elif (shared := month_range_year(m, ctx, month)) is not None:
        return Norm("DATE", tr.month_value(shared, month), mod, anchor="absolute")
    elif (
        narrative := ctx.narrative_year_for(month, tense := tense_of_a_date(m, ctx), ctx.says_will(m.start(), m.end()))
    ) is not None:
        return Norm("DATE", tr.month_value(narrative, month), mod, anchor="discourse")
    elif (following := month_after_pair(m, ctx, month)) is not None:
        return Norm("DATE", tr.month_value(following, month), mod, anchor="discourse")
    else:
        bound = ctx.previous_word(m.start())
        if tense == "present" and bound in ("until", "till", "through") or bound == "effective":
            tense = "future"  # "the process continues until September": the end of what goes on now
        year = tr.nearest_year(ctx.dct, month, None, tense, since=ctx.after_since(m.start()))
    return Norm("DATE", tr.month_value(year, month), mod)


MONTH_RULE = Rule(
    "month",
    patterns=(
        # "for the month of June"; "last Oct. 23" is a day (the month_day rule); "that November" is in the year
        # last told of
        rf"\b(?:(?P<rel>this past|this coming|last|next|this|coming|past|that)\s+|(?P<part>{PART})[- ]?)?"
        rf"(?:the\s+month\s+of\s+)?(?P<month>{MONTH})(?![\w-])(?(rel)(?!\s+\d{{1,2}}\b))",
    ),
    value=_value_of_month,
    plausible=_plausible_month,
)


def _value_of_weekday(m: re.Match[str], ctx: Context) -> Norm | None:
    wd = WEEKDAYS[m["wd"].lower()]
    pod = PARTS_OF_DAY[m["pod"].lower()] if m["pod"] else None
    if m["plural"] or m["pods"]:
        value = f"XXXX-WXX-{wd + 1}" + (f"T{pod}" if pod else "")
        return Norm("SET", value, anchor="none")
    rel = (m["rel"] or "").lower()
    span = None
    if (
        rel == "that"
        and (word := token_at(ctx, m.start("rel"), m.end("rel"))) is not None
        and (word.dep_ == "mark" or word.tag_ == "IN")
    ):
        rel, span = "", (m.start("wd"), m.end())  # "obvious that Tuesday's quake …": "that" opens the clause
    mod = part_of(rel) if rel in ("early", "late", "earlier", "later") else None
    date, anchor = date_of_weekday(wd, rel if mod is None else "", m, ctx, span[0] if span else None)
    value = date.isoformat() if date else f"XXXX-WXX-{wd + 1}"
    if pod:
        return Norm("TIME", f"{value}T{pod}", mod, anchor=anchor, span=span)
    return Norm("DATE", value, mod, anchor=anchor, span=span)


WEEKDAY_RULE = Rule(
    "weekday",
    patterns=(
        # "Friday nights": a recurrence
        rf"\b(?:(?P<rel>this past|this coming|last|next|this|coming|past|the previous|the following|"
        rf"the next|that|early|late|earlier|later)\s+)?(?P<wd>{WEEKDAY})(?P<plural>s)?"
        rf"(?:,?\s+(?P<pod>(?!overnight)(?:{POD}))(?P<pods>s)?)?\b",
    ),
    value=_value_of_weekday,
)


def _plausible_holiday(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["name"].lower() in CAPITALISED_HOLIDAYS and groups["name"][0].islower():
        return False  # "election day" in lower case is any country's; "a black Friday" is a Friday
    if groups["name"].lower() == "christmas" and ctx.previous_word(m.start()) == "father":
        return False  # Father Christmas
    if (
        (token := token_at(ctx, m.start(), m.end())) is not None
        and token.ent_type_ == "PERSON"
        and token.i > 0
        and ctx.doc[token.i - 1].ent_type_ == "PERSON"
        and ctx.doc[token.i - 1].lower_ not in HOLIDAY_QUALIFIERS
    ):
        return False  # the rugby player "Nick Easter" (not "Orthodox Easter")
    return True


def _value_of_holiday(m: re.Match[str], ctx: Context) -> Norm | None:
    name = m["name"].lower()
    if name in EASTER_HOLIDAYS:
        return easter_holiday(m, ctx, EASTER_HOLIDAYS[name])
    if name in HOLIDAYS:
        month, day = HOLIDAYS[name]
    else:
        month, weekday, nth = MOVING_HOLIDAYS["thanksgiving" if name in THANKSGIVING_DAYS else name]
        day = 0
    year_after = HOLIDAY_YEAR_AFTER.match(ctx.text, m.end())
    if written_year := m["year"] or (year_after["year"] if year_after else None):
        year, anchor = int(written_year), "absolute"  # "the day before Thanksgiving in 2011"
    elif ctx.dct is None:
        return Norm("DATE", f"XXXX-{month:02d}-{day:02d}" if day else f"XXXX-{month:02d}-XX", anchor="none")
    else:
        tense = (
            "past" if dates_a_noun(ctx, m.start(), m.end(), MISHAPS) else ctx.tense_only(m.start(), m.end())
        )  # "the Boxing Day tsunami"
        year = tr.nearest_year(ctx.dct, month, day or 15, tense)
        anchor = "dct"
    if name == "election day":
        first_monday = next(d for d in range(1, 8) if dt.date(year, 11, d).weekday() == 0)
        day = first_monday + 1
    if not day:
        days = [
            d for d in range(1, calendar.monthrange(year, month)[1] + 1) if dt.date(year, month, d).weekday() == weekday
        ]
        day = days[nth - 1] if nth > 0 else days[nth]
    return Norm(
        "DATE",
        (dt.date(year, month, day) + dt.timedelta(days=THANKSGIVING_DAYS.get(name, 0))).isoformat(),
        anchor=anchor,
    )


HOLIDAY_RULE = Rule(
    "holiday",
    patterns=(
        # "Boxing Day , 2004" tokenized
        rf"\b(?P<name>{HOLIDAY_NAMES})(?:\s?,?\s+(?P<year>{YEAR}))?\b",
    ),
    value=_value_of_holiday,
    plausible=_plausible_holiday,
)


def _plausible_named_weekday(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["name"][0].islower():
        return False  # "Black Monday" is a named day; "a black Monday for stocks" is that Monday
    return True


def _value_of_named_weekday(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "Black Monday", "Super Tuesday", "Bloody Sunday": a day named for what happened on it, whose date
    the words do not give (the weekday rule would take the nearest Monday)."""
    return Norm("DATE", "XXXX-XX-XX", anchor="none")


NAMED_WEEKDAY_RULE = Rule(
    "named_weekday",
    patterns=(rf"\b(?P<name>{NAMED_WEEKDAY_WORDS})\s+(?P<wd>{WEEKDAY})\b",),
    value=_value_of_named_weekday,
    plausible=_plausible_named_weekday,
    triggers=("black", "bloody", "super", "blue", "giving"),
)


def _plausible_time_word_name(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    named = [word for word in groups["name"].split() if word.lower() != "on"][:2]
    if not all(word[0].isupper() for word in named):
        return False  # "the Sunday Times" is a newspaper; "since Sunday times have changed" has a Sunday
    return True


def _value_of_time_word_name(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "The Sunday Times", "the Good Friday Agreement", "the Winter Olympics": a name, so no expression
    (the match keeps the weekday, holiday and season rules off its words)."""
    return None


TIME_WORD_NAME_RULE = Rule(
    "time_word_name",
    patterns=(rf"\b(?P<name>{TIME_WORD_NAMES})\b",),
    value=_value_of_time_word_name,
    plausible=_plausible_time_word_name,
    triggers=("sunday", "friday", "easter", "morning", "night", "summer", "winter", "spring", "autumn"),
    may_be_a_title=True,
)
