"""Building TIMEX3 values: days from their parts, counts from the DCT or the discourse, durations."""

from __future__ import annotations

import datetime as dt
import re

from dateutil.easter import easter

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import (
    ahead_of,
    dates_an_awaited_event,
    dates_an_earlier_event,
    in_run_up_to,
    owns_a_held_event,
    possessive_ahead,
    possessive_planned,
    range_start_year,
    tense_of_a_date,
    tense_of_the_verb_after,
)
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AHEAD,
    BACK,
    COMPOUND_UNITS,
    DAY_ORDINALS,
    DAY_RANGE_AFTER,
    DAY_WORDS,
    FIRST_FULL_YEAR,
    LEAP_YEAR,
    LOOKBEHIND,
    MODIFIERS,
    MONTH_BEFORE,
    MONTH_RANGE_AFTER,
    MONTHS,
    PART_MODS,
    POSSESSIVE_AFTER,
    RANGE_AFTER,
    SAID_ON,
    TIME_UNITS,
    TWO_DIGIT_PIVOT,
    TWO_DIGIT_YEARS_AHEAD,
    UNIT_CODES,
    WEEKDAYS,
)


def clock_value(clock: re.Match[str]) -> str | None:
    """ "hh:mm" of a CLOCK_AFTER_DATE match, or None when it is no clock: minutes need a colon, a.m./p.m. or a zone
    ("12.5 million" is none), a bare hour needs a.m./p.m., and a.m./p.m. an hour from 1 to 12."""
    if clock["named"]:
        return "12:00" if clock["named"] == "noon" else "24:00"
    hour, ampm = int(clock["hour"]), (clock["ampm"] or "").lower()
    if clock["minute"] and not (clock["sep"] == ":" or ampm or clock["zone"]) or not clock["minute"] and not ampm:
        return None
    if ampm and not 1 <= hour <= 12:
        return None
    if ampm.startswith("p") and hour < 12:
        hour += 12
    elif ampm.startswith("a") and hour == 12:
        hour = 0
    return f"{hour:02d}:{int(clock['minute'] or 0):02d}"


def _weekday_number(name: str) -> int:
    """0 for "Monday", "Mon" or "Mon.", … 6 for "Sunday"."""
    prefix = name.lower().rstrip(".")[:3]
    return next(number for day, number in WEEKDAYS.items() if day.startswith(prefix))


def is_dct_day(value: str, dct: dt.date | None) -> bool:
    """Whether a value written out in full names the DCT's own day ("Monday 11 July 2005" on a page of that
    day): a text that dates itself is told in its own time, as one counting from its DCT is (narrative_year)."""
    return dct is not None and len(value) >= 10 and value[:10] == dct.isoformat()


def full_year(two_digits: int, dct: dt.date | None) -> int:
    """The year of "5/1/31": the latest reading at most ``TWO_DIGIT_YEARS_AHEAD`` years past the DCT
    (a 2024 article's "31" is 2031, its "45" 1945); with no DCT, the fixed pivot."""
    if dct is None:
        return two_digits + (1900 if two_digits > TWO_DIGIT_PIVOT else 2000)
    century = dct.year // 100 * 100
    return max(
        y
        for y in (century - 100 + two_digits, century + two_digits, century + 100 + two_digits)
        if y <= dct.year + TWO_DIGIT_YEARS_AHEAD
    )


def month_number(text: str) -> int:
    return MONTHS[text.lower().rstrip(".")]


def day_number(text: str) -> int:
    """The day of the month written "23", "23rd" or "the twenty-third"."""
    digits = re.match(r"\d+", text)
    return int(digits.group(0)) if digits else DAY_ORDINALS[" ".join(text.lower().split())]


def safe_date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def mod_of(text: str | None) -> str | None:
    return MODIFIERS.get(text.lower()) if text else None


def part_of(text: str | None) -> str | None:
    if not text:
        return None
    return PART_MODS.get(text.lower().rstrip("-").strip())


def duration_value(n: float | None, unit: str) -> str:
    if unit in COMPOUND_UNITS:  # "a half-hour" is PT30M, "a quarter-century" P25Y
        unit, per = COMPOUND_UNITS[unit]
        n = None if n is None else n * per
    code = UNIT_CODES[unit]
    if unit == "fortnight":
        n = None if n is None else n * 2
    if unit in ("decade", "century") and n is not None and not (n > 1 and float(n).is_integer()):
        # "a decade" is P10Y and "half a century" P50Y; "decades" and "two decades" keep their unit (PXDE, P2DE),
        # as TIMEX3 writes them (DE, CE)
        code, n = "Y", n * (10 if unit == "decade" else 100)
    lower = {"year": ("M", 12), "day": ("H", 24), "hour": ("M", 60), "minute": ("S", 60)}.get(unit)
    if n is not None and not float(n).is_integer() and lower and float(n * lower[1]).is_integer():
        # "2 1/2 years" → P2Y6M, "5 1/2 hours" → PT5H30M
        whole, rest = int(n), int(round((n - int(n)) * lower[1]))
        head = f"{whole}{code}" if whole else ""
        if unit == "day":
            return f"P{head}T{rest}H"
        return f"PT{head}{rest}{lower[0]}" if unit in TIME_UNITS else f"P{head}{rest}{lower[0]}"
    amount = "X" if n is None else (str(int(n)) if float(n).is_integer() else str(n))
    return f"PT{amount}{code}" if unit in TIME_UNITS else f"P{amount}{code}"


def date_from_parts(m: re.Match[str], ctx: Context, month: int, day: int, year_text: str | None) -> Norm | None:
    if year_text:
        year = int(year_text)
        if len(year_text) == 2:
            year = full_year(year, ctx.dct)
        elif year < FIRST_FULL_YEAR:
            return None  # "1/2/0050"
        date = safe_date(year, month, day)
        return Norm("DATE", date.isoformat(), anchor="absolute") if date else None
    if ctx.dct is None:
        if safe_date(LEAP_YEAR, month, day) is None:
            return None  # "February 30" is no date, dated or not
        return Norm("DATE", f"XXXX-{month:02d}-{day:02d}", anchor="none")
    wd = m.groupdict().get("wd")
    if wd:  # "Monday, Sept. 23": the year whose Sept. 23 is a Monday, nearest the DCT
        dct = ctx.dct
        assert dct is not None  # (a date with its weekday is read from the DCT only when there is one)
        options = [
            y
            for y in (dct.year - 1, dct.year, dct.year + 1)
            if (d := safe_date(y, month, day)) and d.weekday() == _weekday_number(wd)
        ]
        if options:
            year = min(options, key=lambda y: abs((dt.date(y, month, min(day, 28)) - dct).days))
            date = safe_date(year, month, day)
            return Norm("DATE", date.isoformat()) if date else None
    tense = tense_of_a_date(m, ctx)
    narrative = ctx.narrative_year_for(month, tense, ctx.says_will(m.start(), m.end()))
    if narrative is not None:
        date = safe_date(narrative, month, day)
        return Norm("DATE", date.isoformat(), anchor="discourse") if date else None
    if ctx.previous_word(m.start()) in ("effective", "next", "coming"):
        tense = "future"  # "a new pact effective June 1", in October: the coming June (a recent day stays near);
        # "through next March 31", "the coming Dec. 15 vote"
    elif ctx.previous_word(m.start()) == "last":
        tense = "past"  # "the crisis began last December 17"
    year = tr.nearest_year(ctx.dct, month, day, tense, since=ctx.after_since(m.start()))
    date = safe_date(year, month, day)
    return Norm("DATE", date.isoformat()) if date else None


def relative_year(m: re.Match[str], ctx: Context) -> str | None:
    """The year of "March last year", "Oct. 13 this year", "25 June that year" (the year last told of; None without
    a DCT or such words)."""
    rel = (m.groupdict().get("ryear") or "").lower()
    if not rel or ctx.dct is None:
        return None
    if rel == "that":
        told, kind = ctx.anchor_of("year")
        return f"{told.year:04d}" if kind == "discourse" and told is not None else None
    return f"{ctx.dct.year + {'last': -1, 'this': 0, 'next': 1}[rel]:04d}"


def range_year(m: re.Match[str], ctx: Context) -> str | None:
    """The year written once after a range ("March 5-7, 2019", "April 16 and May 28 2004"), read before
    "March 5" resolves: later expressions count from it ("two days later")."""
    across = DAY_RANGE_AFTER.match(ctx.text, m.end())
    if across is not None:  # "between April 16 and May 28 2004"; "from 30 December to 2 January 2012"
        return str(
            range_start_year(
                int(across["year"]), month_number(m["month"]), month_number(across["month"] or across["month2"])
            )
        )
    if not re.search(r"\d(?:st|nd|rd|th)?$", m.group(0)):
        return None
    after = RANGE_AFTER.match(ctx.text, m.end())
    if after is None or not after["year"] or day_number(m["day"]) >= int(after["day"]):
        return None
    return after["year"].strip(" ,")


def month_range_year(m: re.Match[str], ctx: Context, month: int) -> int | None:
    """The year written once after a month range ("between August and September 2005" is August 2005;
    "from December to March 2003" is December 2002), or None."""
    after = MONTH_RANGE_AFTER.match(ctx.text, m.end())
    if after is None:
        return None
    end_month = month_number(after["month"]) if after["month"] else tr.SEASON_MONTH[tr.SEASONS[after["season"].lower()]]
    return range_start_year(int(after["year"]), month, end_month)


def month_after_pair(m: re.Match[str], ctx: Context, month: int) -> int | None:
    """The year of a month that ends a pair or a range whose first month was just resolved ("ads reserved in
    December and January" is the January after that December), or None."""
    before = MONTH_BEFORE.search(ctx.text, max(0, m.start() - LOOKBEHIND), m.start())
    first = ctx.anchors["month"]
    if before is None or first is None or month_number(before["month"]) != first.month:
        return None
    return first.year if month >= first.month else first.year + 1


def day_word(word: str, ctx: Context) -> tuple[dt.date | None, str | None]:
    offset = DAY_WORDS[word]
    date = ctx.dct + dt.timedelta(days=offset) if ctx.dct else None
    return date, ("NI" if word in ("tonight", "2nite", "tonite") else None)


def date_of_weekday(
    wd: int, rel: str, m: re.Match[str], ctx: Context, start: int | None = None
) -> tuple[dt.date | None, str]:
    """The day a weekday names (``start``: where the expression begins, when the match begins earlier)."""
    start = m.start() if start is None else start
    if rel in ("the previous", "the following", "the next", "that"):
        anchor, kind = ctx.anchor_of("day")
        if anchor is None:
            return None, "none"
        direction = {"the previous": "last", "the following": "next", "the next": "next"}.get(rel)
        if direction is None:
            direction = ctx.direction(start, m.end())
        return tr.weekday_date(anchor, wd, direction), kind
    if ctx.dct is None:
        return None, "none"
    if rel in ("", "this") and (ahead_of(ctx, start, m.end()) or in_run_up_to(ctx, start, m.end())):
        # "arrived on Sunday, ahead of the summit scheduled for this Tuesday", "ahead of Saturday's matches": the
        # event lies after the clause's own day (a day named earlier in the sentence, else the DCT)
        named = ctx.sentence_days.get(ctx.sentence)
        if named is not None:  # on or after it: "ahead of Saturday night's concert" twice is one Saturday
            return tr.weekday_date(named, wd, "future"), "discourse"
        tense, verb = ctx.tense(start, m.end())
        if tense == "past" and verb is not None and verb.tag_ == "VBD" and ctx.previous_word(start) == "on":
            # "ignored a question ahead of his fourth event of the day on Monday", in Tuesday's paper: what a
            # simple past went ahead of on a day may be past too ("turned nasty ahead of Tuesday's primary" and
            # "has turned nasty ahead of the primary on Tuesday" look ahead)
            return tr.weekday_date(ctx.dct, wd, "nearest"), "dct"
        return tr.weekday_date(ctx.dct, wd, "future"), "dct"
    if rel in BACK:
        direction = "last"
    elif rel in AHEAD:
        direction = "next"
    elif SAID_ON.search(ctx.text, max(0, start - LOOKBEHIND), start):
        direction = "past"  # "BP said on Friday it will sell": the day of the saying
    elif dates_an_awaited_event(ctx, start, m.end()):
        direction = "nearest"  # "called for a protest Thursday", "prepared for a debate Thursday": arranged,
        # so near the DCT on either side
    elif POSSESSIVE_AFTER.match(ctx.text, m.end()) and possessive_planned(ctx, start, m.end()):
        direction = "nearest"  # "Friday's planned protests": still ahead when written, unless the paper is late
    elif POSSESSIVE_AFTER.match(ctx.text, m.end()) and not possessive_ahead(ctx, start, m.end()):
        direction = "past"  # "Friday's purchases", "Wednesday's ruling": an event already reported
        if ctx.tense_only(start, m.end()) in ("present", "future") and (
            dates_an_earlier_event(ctx, start, m.end()) or owns_a_held_event(ctx, start, m.end())
        ):
            direction = "nearest"  # "After trouncing Clinton in Tuesday's primary, he must prepare …", "the
            # situation she is facing in Tuesday's primary", "the momentum from his victory in Tuesday's primary"
    elif (inline := tense_of_the_verb_after(ctx, m.end())) is not None:
        direction = inline  # "Hillary Clinton on Friday only further muddled a controversy", whatever the parse
    else:
        direction = ctx.direction(start, m.end())  # "Friday's vote will decide the race" looks ahead
        tense, verb = ctx.tense(start, m.end())
        if direction == "future" and dates_an_earlier_event(ctx, start, m.end()):
            direction = "nearest"  # "will vote for him because of the slaying in Chicago on Friday"
        elif direction == "future" and (tr.expected_in_past(verb) or tr.future_in_past(verb)):
            direction = "nearest"  # "was expected to land Wednesday": yesterday in Thursday's paper; "hoped that
            # one of them could return home on Tuesday", in Wednesday's: a day on either side
        elif direction == "future" and tense == "present" and tr.simple_present_deed(verb):
            direction = "nearest"  # a caption's "rebels move on the town on Saturday", in Tuesday's paper
        elif direction == "past" and rel == "this":
            # "originally planned a launch event this Friday", written on a Tuesday: this week's Friday, on
            # either side of the DCT ("this Monday he resigned" on a Wednesday lies behind)
            return ctx.dct + dt.timedelta(days=wd - ctx.dct.weekday()), "dct"
    date = tr.weekday_date(ctx.dct, wd, direction)
    opened = ctx.sentence_days.get(ctx.sentence)
    if opened is not None and date < opened and ctx.ends_a_range(start):
        return tr.weekday_date(opened, wd, "future"), "discourse"  # "runs from Monday through Friday"
    return date, "dct"


def time_of_day(m: re.Match[str]) -> str:
    groups = m.groupdict()
    if groups.get("named"):
        return "12:00" if groups["named"].lower() in ("noon", "midday") else "24:00"
    hour = int(groups["hour"])
    minute = int(groups["minute"] or 0)
    ampm = (groups.get("ampm") or "").lower()
    if ampm.startswith("p") and hour < 12:
        hour += 12
    if ampm.startswith("a") and hour == 12:
        hour = 0
    return f"{hour:02d}:{minute:02d}"


def clock_day(m: re.Match[str], ctx: Context) -> dt.date | None:
    """The day of a clock time written without one: its sentence's date; in a past clause the
    day the story last named ("was shot at 10 p.m."), unless that day lies after the DCT (a visit
    "due on 13 April" does not date "admitted by 6am"); else the DCT ("lunch is at noon")."""
    if ctx.sentence in ctx.sentence_days:
        return ctx.sentence_days[ctx.sentence]
    if ctx.tense_only(m.start(), m.end()) != "past":
        return ctx.dct
    day = ctx.anchor_of("day")[0]
    return ctx.dct if day is not None and ctx.dct is not None and day > ctx.dct else day


def relative_value(rel: str, unit: str, m: re.Match[str], ctx: Context) -> tuple[str, str] | None:
    """Value and anchor of "this/last/next/the following … <unit>"."""
    discourse = rel in ("the following", "the previous", "that", "the same")
    if unit == "day" and rel not in ("the next", "the following", "the previous", "that", "the same"):
        return None
    if rel == "the next" and (
        unit == "day" or ctx.previous_word(m.start()) not in ("over", "for", "within", "during", "in")
    ):
        discourse = True  # "the next year, Necker returned": the year after the story's; "over the next year" is ahead
    anchor_date, anchor = ctx.anchor_of(unit) if discourse else (ctx.dct, "dct")
    if anchor_date is None:
        return tr.shift_value(None, unit, 0), "none"
    if rel in ("this", "the current", "current", "the same", "that", "the new"):
        n = 0
        if rel == "that" and unit == "quarter" and ctx.last_value and "-Q" in ctx.last_value:
            return ctx.last_value, "discourse"
    elif rel == "this past" and unit == "week" and anchor_date.weekday() >= 5:
        n = 0  # a weekend paper's "this past week" is the week now ending (on a Tuesday it is the one before)
    elif rel in (
        "last",
        "the last",
        "the past",
        "past",
        "the previous",
        "previous",
        "the most recent",
        "the latest",
        "this past",
    ):
        n = -1
    elif rel in ("next", "the next", "the coming", "coming", "the following", "this coming"):
        n = 1
    elif rel == "the":
        if unit == "quarter":
            n = -1
        else:
            n = 0
    else:
        return None
    if unit == "weekend":
        return _weekend(rel, m, ctx, anchor_date), anchor
    if unit == "fortnight":
        return None
    if (
        unit == "week"
        and rel == "this"
        and anchor == "dct"
        and anchor_date.weekday() == 6
        and ctx.direction(m.start(), m.end()) != "past"
    ):
        n = 1  # a Sunday paper's "this week's summit will be", "not available this week": the week it opens
    return tr.shift_value(anchor_date, unit, n), anchor


def _weekend(rel: str, m: re.Match[str], ctx: Context, anchor: dt.date) -> str:
    """The weekend meant: the same ISO week's, or the one before, by tense and the DCT's weekday."""
    if rel in ("last", "the last", "the past", "past", "the previous", "previous", "this past"):
        week = anchor - dt.timedelta(days=7) if anchor.weekday() < 5 or rel != "this past" else anchor
        if rel == "last" and anchor.weekday() >= 5:
            week = anchor - dt.timedelta(days=7)
    elif rel in ("next", "the next", "the coming", "coming", "this coming", "the following"):
        week = anchor if anchor.weekday() < 4 and rel != "next" else anchor + dt.timedelta(days=7)
    elif ctx.previous_word(m.start()) == "before":
        week = anchor  # "spurred short-covering before the weekend", on a Friday: the weekend that follows
    else:
        direction = ctx.direction(m.start(), m.end())
        if direction == "past" and anchor.weekday() < 5 and rel != "this":
            week = anchor - dt.timedelta(days=7)
        elif direction == "past" and anchor.weekday() == 0:
            week = anchor - dt.timedelta(days=7)
        else:
            week = anchor
    return tr.week_value(week) + "-WE"


def quarter_year(number: int, m: re.Match[str], ctx: Context) -> int:
    """The year of a quarter named without one: the DCT's, or the year before for a quarter still ahead that a
    past clause reports ("third-quarter profit rose", written in May) or that a first quarter's report looks
    back to."""
    assert ctx.dct is not None  # (callers read a quarter without a year only from the DCT)
    current = tr.quarter_of(ctx.dct)
    if number > current and (ctx.tense_only(m.start(), m.end()) == "past" or current == 1):
        return ctx.dct.year - 1
    return ctx.dct.year


def easter_holiday(m, ctx, offset: int) -> Norm | None:
    """Easter and the days counted from it (Good Friday, Palm Sunday …), nearest the DCT by tense."""
    if m["year"]:
        year, anchor = int(m["year"]), "absolute"
    elif ctx.dct is None:
        return Norm("DATE", "XXXX-XX-XX", anchor="none")
    else:
        this = easter(ctx.dct.year) + dt.timedelta(days=offset)
        year = tr.nearest_year(ctx.dct, this.month, this.day, ctx.tense_only(m.start(), m.end()))
        anchor = "dct"
    if m["name"][0].islower():
        return None  # "easter" in lower case is rarely the feast
    return Norm("DATE", (easter(year) + dt.timedelta(days=offset)).isoformat(), anchor=anchor)


def story_unit(unit: str, ctx: Context, span: tuple[int, int] | None = None) -> Norm:
    """The week (month, year) the text is about: the one its last date lies in, else the DCT's."""
    date, anchor = ctx.anchor_of(unit)
    return Norm("DATE", tr.shift_value(date, unit, 0), anchor=anchor, span=span)


def a_year_back(value: str) -> str:
    """A quarter or half ("2019-Q3") the text has in focus, a year earlier ("2018-Q3")."""
    shifted = tr.shift_value_string(value, "year", -1)
    assert shifted is not None, value  # a focused quarter is always written in full
    return shifted


def quarter_a_year_back(ctx: Context) -> Norm:
    """The quarter an earnings report is about, a year before ("the same period", "the comparable quarter")."""
    if (quarter := ctx.quarter_in_focus()) and "-Q" in quarter:
        return Norm("DATE", a_year_back(quarter), anchor="discourse")
    return Norm("DATE", tr.shift_value(ctx.dct, "quarter", -5), anchor="dct")


def focused_quarter(ctx: Context) -> str:
    """The quarter number the text last named ("X" without one and without a DCT)."""
    if ctx.last_value and re.match(r"^\d{4}-Q\d$", ctx.last_value):
        return ctx.last_value[-1]
    if ctx.dct is None:
        return "X"
    return tr.shift_value(ctx.dct, "quarter", -1)[-1]  # reports come out after the quarter ends


def discourse_day(ctx: Context) -> tuple[dt.date | None, str]:
    """The day a "the morning" / "later in the day" refers to: this sentence's date, else the last
    one (the DCT when the text has named none), and how it was found."""
    if ctx.sentence in ctx.sentence_days:
        return ctx.sentence_days[ctx.sentence], "discourse"
    return ctx.anchor_of("day")


def range_end(first: int, tail: str) -> int | None:
    if len(tail) == 1:  # "1997-8"
        last = first // 10 * 10 + int(tail)
        return last if last > first else None
    last = int(tail) if len(tail) == 4 else first // 100 * 100 + int(tail)
    if len(tail) == 2 and last <= first:
        last += 100  # "1998-01" is 1998 to 2001
    return last if 0 < last - first <= 100 else None
