"""Times of day: clocks, parts of the day, "that night", "at dawn"."""

from __future__ import annotations

import datetime as dt
import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import token_at
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AMPM,
    CLOCK_ZONES,
    COMMA,
    CONVERSION,
    DAY_IN_FOCUS_SENTENCES,
    DAY_NAMED_AFTER,
    DAY_NAMES,
    DAYLIGHT_BOUNDS,
    DAYNUM,
    FAR_YEARS,
    LATER_IN_THE_DAY,
    MONTH_D,
    OPEN_BRACKET_BEFORE,
    PARTS_OF_DAY,
    POD,
    TZ,
    WEEKDAY,
    WEEKDAYS,
    YEAR,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import (
    clock_day,
    date_from_parts,
    date_of_weekday,
    day_number,
    day_word,
    discourse_day,
    mod_of,
    month_number,
    part_of,
    time_of_day,
)


def _value_of_time(m: re.Match[str], ctx: Context) -> Norm | None:
    clock = time_of_day(m)
    groups = m.groupdict()
    anchor = "dct"
    # a calendar date written with the clock: "5 p.m. EST, Nov. 6", "11pm on Sunday 17 March"
    written = next(
        (
            (groups[f"{p}month"], groups[f"{p}day"], groups.get(f"{p}year"))
            for p in ("t", "w", "v")
            if groups.get(f"{p}month")
        ),
        None,
    )
    date: dt.date | None
    if written is not None:
        day = date_from_parts(m, ctx, month_number(written[0]), day_number(written[1]), written[2])
        if day is None:
            return None
        if "X" in day.value:
            return Norm("TIME", f"{day.value}T{clock}", anchor="none")
        date, anchor = dt.date.fromisoformat(day.value), day.anchor
    elif groups.get("wd"):
        date, anchor = date_of_weekday(WEEKDAYS[groups["wd"].lower()], "", m, ctx)
    elif groups.get("word"):
        date, _ = day_word(groups["word"].lower(), ctx)
    else:
        date = clock_day(m, ctx)
    if date is None:
        anchor = "none"
    return Norm(
        "TIME", f"{tr.day_value(date)}T{clock}", mod_of((groups.get("mod") or "").replace("at ", "")), anchor=anchor
    )


TIME_RULE = Rule(
    "time",
    patterns=(
        rf"\b(?:(?P<mod>about|around|approximately|at about|shortly after|shortly before|just after|"
        rf"just before)\s+)?(?<![\d.:])(?P<hour>1[0-2]|0?\d)(?:[:.]?(?P<minute>[0-5]\d))?\s*(?P<ampm>{AMPM})"
        rf"(?:\s+(?P<tz>{TZ})\b)?(?:{COMMA}(?:on\s+)?(?:(?P<wd>{WEEKDAY})(?:\s+(?:morning|afternoon|evening|night))?"
        rf"(?:{COMMA}(?P<wday>{DAYNUM})\s+(?P<wmonth>{MONTH_D})(?:{COMMA}(?P<wyear>{YEAR}))?"  # "Sunday 17 March"
        # "Saturday Sept. 4"
        rf"|{COMMA}(?P<vmonth>{MONTH_D})\s+(?P<vday>{DAYNUM})(?![\d,]\d)(?:{COMMA}(?P<vyear>{YEAR}))?)?|"
        rf"(?P<word>today|tomorrow|yesterday|tonight)|"
        rf"(?P<tmonth>{MONTH_D})\s+(?P<tday>{DAYNUM})(?![\d,]\d)(?:{COMMA}(?P<tyear>{YEAR}))?)\b)?",
        rf"\b(?P<named>noon|midnight|midday)(?:\s+(?P<tz>{TZ})\b)?(?:,?\s+(?:on\s+)?(?:(?P<wd>{WEEKDAY})|"
        rf"(?P<word>today|tomorrow|yesterday|tonight))\b)?",
    ),
    value=_value_of_time,
)


def _value_of_time24(m: re.Match[str], ctx: Context) -> Norm | None:
    if ":" not in m.group(0):  # "1800 GMT"
        zone = m.groupdict().get("tz")  # none when a bracketed conversion follows ("at 2000 (0000 GMT)")
        if zone and zone not in ("local time", "hr", "hrs") and not zone.isupper():
            return None  # "1200 cat", "1999 et al."
        if OPEN_BRACKET_BEFORE.search(ctx.text, max(0, m.start() - 3), m.start()):
            return None  # "at 10:35 a.m. (0735 GMT)", "9 pm Sunday (0200 GMT Monday)": a conversion of the
            # clock before it, left untagged as TimeBank leaves it (still a match: "(1803 HKT)" is no year)
    date = clock_day(m, ctx)
    hour = int(m["hour"])
    if hour < 12 and LATER_IN_THE_DAY.match(ctx.text, m.end()):
        hour += 12  # "at 2:30 this afternoon"
    return Norm("TIME", f"{tr.day_value(date)}T{hour:02d}:{m['minute']}", anchor="dct" if date else "none")


TIME24_RULE = Rule(
    "time24",
    patterns=(
        rf"(?<![\d:])(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?::[0-5]\d)?\s*(?P<tz>{TZ}|{CLOCK_ZONES}|GMT|"
        rf"UK time|UK|local time|hrs|hours|h)\b",
        # "Sunday 10 May 2009 14.27 BST", "09.06 BST on Tuesday": a clock written with a dot and its zone
        rf"(?<![\d.,])(?P<hour>[01]?\d|2[0-3])\.(?P<minute>[0-5]\d)\s*(?P<tz>{TZ}|{CLOCK_ZONES})\b",
        # "lifted off here at 02.51 hr": a clock written with a dot and "hr(s)" after "at" (a span takes "for", "in")
        r"(?<=\bat )(?P<hour>[01]?\d|2[0-3])\.(?P<minute>[0-5]\d)\s*(?P<tz>hrs?)\b",
        # "at 1800 GMT", "Updated 1003 GMT (1803 HKT)": a four-digit clock with its zone, never the year 1800
        rf"(?<![\w$£€#.,/:-])(?P<hour>[01]\d|2[0-3])(?P<minute>[0-5]\d)\s*(?P<tz>{TZ}|{CLOCK_ZONES}|"
        rf"local time)\b",
        # "the speech, at 2000 (0000 GMT)": a local four-digit clock its bracketed conversion vouches for
        rf"(?<![\w$£€#.,/:-])(?P<hour>[01]\d|2[0-3])(?P<minute>[0-5]\d)(?={CONVERSION})",
        # "shot by a sniper at 10:57": a 24-hour clock after "at" (prices and scores take a dot or one digit)
        rf"(?<=\bat )(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\b(?!:\d|[.,]\d|\s*{AMPM})",
        # "the attack began at 0400", "leave by 0300 on Monday", a live page's "0946 :": four digits that open with a
        # zero are a clock, never a year
        r"(?:"
        + "|".join(
            rf"(?<=\b{w} )" for w in ("at", "by", "from", "to", "until", "before", "after", "around", "about", "since")
        )
        + r")(?P<hour>0\d)(?P<minute>[0-5]\d)\b(?![.,]\d|\s*(?:percent|%))",
        r"(?<![\w$£€#.,/:-])(?P<hour>0\d)(?P<minute>[0-5]\d)(?=\s?:\s)",
    ),
    value=_value_of_time24,
)


def _value_of_stamp(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "05 February 12 01:10 GMT": a page's time stamp, its year in two digits (taken in this century, and only
    near the DCT)."""
    year = 2000 + int(m["yy"])
    if ctx.dct is not None and abs(year - ctx.dct.year) > FAR_YEARS:
        return None
    try:
        day = dt.date(year, month_number(m["month"]), day_number(m["day"]))
    except ValueError:
        return None
    return Norm("TIME", f"{day.isoformat()}T{m['hour']}:{m['minute']}", anchor="absolute")


STAMP_RULE = Rule(
    "stamp",
    patterns=(
        # the BBC's "05 February 12 01:10 GMT": day, month, a two-digit year and the clock
        rf"\b(?P<day>[0-3]?\d)\s+(?P<month>{MONTH_D})\s+(?P<yy>\d\d)\s+(?P<hour>[01]\d|2[0-3]):(?P<minute>[0-5]\d)"
        rf"(?:\s+(?P<tz>GMT|BST|UTC))?\b",
    ),
    value=_value_of_stamp,
)


def _value_of_this_pod(m: re.Match[str], ctx: Context) -> Norm | None:
    rel, pod = m["rel"].lower(), PARTS_OF_DAY[m["pod"].lower()]
    offset = {"this": 0, "last": -1, "yesterday": -1, "tomorrow": 1}[rel]
    date = ctx.dct + dt.timedelta(days=offset) if ctx.dct else None
    return Norm("TIME", f"{tr.day_value(date)}T{pod}", part_of(m["part"]))


THIS_POD_RULE = Rule(
    "this_pod",
    patterns=(
        rf"\b(?:(?P<part>early|late|earlier|later)\s+)?(?P<rel>this|last|tomorrow|yesterday)\s+(?P<pod>{POD})\b",
    ),
    value=_value_of_this_pod,
)


def _value_of_next_pod(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the next morning": a part of the day after (or before) the day the text is about."""
    anchor, kind = ctx.anchor_of("day")
    shift = -1 if m["rel"].lower() == "the previous" else 1
    date = anchor + dt.timedelta(days=shift) if anchor else None
    return Norm("TIME", f"{tr.day_value(date)}T{PARTS_OF_DAY[m['pod'].lower()]}", anchor=kind)


NEXT_POD_RULE = Rule(
    "next_pod",
    patterns=(rf"\b(?P<rel>the next|the following|the previous)\s+(?P<pod>{POD})\b",),
    value=_value_of_next_pod,
    triggers=("the next", "the following", "the previous"),
)


def _plausible_overnight(m: re.Match[str], ctx: Context) -> bool:
    if (token := token_at(ctx, m.start(), m.end())) is not None and token.pos_ not in ("ADV", "NOUN"):
        return False  # "an overnight stay", "the overnight rate": a kind of thing, not a night
    return True


def _value_of_overnight(m: re.Match[str], ctx: Context) -> Norm | None:
    """The night a report's "overnight" tells of: the one its sentence names a day for ("positions Sunday and
    overnight"), else the night before the DCT, or the DCT's own night when the clause looks ahead."""
    if ctx.sentence in ctx.sentence_days:
        night, anchor = ctx.sentence_days[ctx.sentence], "discourse"
    elif ctx.dct is None:
        return Norm("TIME", "XXXX-XX-XXTNI", anchor="none")
    else:
        ahead = ctx.direction(m.start(), m.end()) == "future"
        night, anchor = ctx.dct - dt.timedelta(days=0 if ahead else 1), "dct"
    return Norm("TIME", f"{tr.day_value(night)}TNI", anchor=anchor)


OVERNIGHT_RULE = Rule(
    "overnight",
    patterns=(
        # "rescued overnight", "bombs rained down on Tripoli overnight": the night just gone (or, ahead, the coming one)
        r"\bovernight\b",
    ),
    value=_value_of_overnight,
    plausible=_plausible_overnight,
    triggers=("overnight",),
)


def _plausible_clock_pod(m: re.Match[str], ctx: Context) -> bool:
    if ctx.previous_word(m.start()) not in (
        "at",
        "by",
        "until",
        "till",
        "around",
        "about",
        "before",
        "after",
        "from",
        "to",
        "since",
    ):
        return False  # "lost 5 in the evening session" is a score, "at 4 in the morning" a time
    return True


def _value_of_clock_pod(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "4 in the morning", "10 at night": a clock time whose half of the day is spelled out."""
    hour, pod = int(m["hour"]), m["pod"].lower()
    if pod in ("afternoon", "evening") or pod == "night" and hour >= 6:
        hour = hour % 12 + 12
    elif hour == 12:
        hour = 0
    date = clock_day(m, ctx)
    return Norm(
        "TIME", f"{tr.day_value(date)}T{hour:02d}:{int(m['minute'] or 0):02d}", anchor="dct" if date else "none"
    )


CLOCK_POD_RULE = Rule(
    "clock_pod",
    patterns=(
        r"\b(?P<hour>1[0-2]|[1-9])(?::(?P<minute>[0-5]\d))?\s+(?:o'clock\s+)?(?:in\s+the\s+|at\s+)"
        r"(?P<pod>morning|afternoon|evening|night)\b",
    ),
    value=_value_of_clock_pod,
    plausible=_plausible_clock_pod,
    triggers=("in the morning", "in the afternoon", "in the evening", "in the night", "at night"),
)


def _value_of_pod_the(m: re.Match[str], ctx: Context) -> Norm | None:
    date, anchor = discourse_day(ctx)
    pod = PARTS_OF_DAY[m["pod"].lower()]
    start = m.start("part") if m["part"] else m.start("span")
    return Norm("TIME", f"{tr.day_value(date)}T{pod}", part_of(m["part"]), anchor=anchor, span=(start, m.end("span")))


POD_THE_RULE = Rule(
    "pod_the",
    patterns=(
        # "in the evening", "by the morning": the part of the day the text is about
        rf"\b(?:(?P<part>early|late)\s+)?(?:in|during|through|throughout|by|over|until|till)\s+"
        rf"(?P<span>the\s+(?P<pod>{POD}))\b(?!\s+(?:of|session|paper|newspaper|news|edition|shift|show|"
        rf"prayers?|rush|before|after|flight|train)\b)",
    ),
    value=_value_of_pod_the,
    triggers=("morning", "afternoon", "evening", "night"),
)


def _plausible_part_pod(m: re.Match[str], ctx: Context) -> bool:
    if ctx.previous_word(m.start()) in DAY_NAMES:
        return False  # "Tuesday late morning": the weekday's rule reads the day
    return True


def _value_of_part_pod(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "by late morning": that part of the day the text is about; a day named paragraphs back and far from the
    DCT is a past the text has left ("the well was capped on July 15 … shares rose by early afternoon")."""
    date, anchor = discourse_day(ctx)
    if (
        anchor == "discourse"
        and ctx.dct is not None
        and date is not None
        and ctx.sentence - ctx.day_sentence > DAY_IN_FOCUS_SENTENCES
        and abs((date - ctx.dct).days) > 7
    ):
        date, anchor = ctx.dct, "dct"
    return Norm("TIME", f"{tr.day_value(date)}T{PARTS_OF_DAY[m['pod'].lower()]}", part_of(m["part"]), anchor=anchor)


PART_POD_RULE = Rule(
    "part_pod",
    patterns=(
        # "by late morning", "By mid afternoon": a part of the day in focus (not "the early morning hours of 30 April",
        # nor a part that a day written after it takes: "mid-afternoon yesterday", "late morning on Tuesday")
        rf"\b(?P<part>early|late|mid)[- ]?(?P<pod>morning|afternoon|evening)\b(?![- ](?:hours|session|"
        rf"trading|shift|show|news|edition|paper|flight|train|rush|prayers?)\b)(?!\s+(?:on\s+)?"
        rf"(?:{WEEKDAY}|today|yesterday|tomorrow|\d|{MONTH_D}))",
    ),
    value=_value_of_part_pod,
    plausible=_plausible_part_pod,
    triggers=("morning", "afternoon", "evening"),
)


def _value_of_daylight(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the pre-dawn strikes", "by nightfall", "before sunrise": that part of the day the text is about."""
    word = (m["pre"] or m["word"]).lower()
    if word != m.group(0) or m["word"] and ctx.previous_word(m.start()) not in DAYLIGHT_BOUNDS:
        return None
    if DAY_NAMED_AFTER.match(ctx.text, m.end()):
        return None  # "after sunrise on Wednesday": the day written after it is the expression
    date, anchor = discourse_day(ctx)
    part = "NI" if word == "nightfall" else "EV" if word in ("dusk", "sunset") else "MO"
    return Norm("TIME", f"{tr.day_value(date)}T{part}", anchor=anchor)


DAYLIGHT_RULE = Rule(
    "daylight",
    patterns=(
        # "pre-dawn strikes", "by nightfall", "before sunrise": the day's light, in the day in focus (the tagger keeps a
        # bare word only after a preposition of time: "Dawn" is also a name, "the sunset clause" no time)
        r"\b(?:(?P<pre>pre-?dawn)|(?P<word>dawn|daybreak|sunrise|nightfall|dusk|sunset))\b",
    ),
    value=_value_of_daylight,
    triggers=("dawn", "daybreak", "sunrise", "nightfall", "dusk", "sunset"),
)


def _value_of_that_day(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = m["unit"].lower()
    date, anchor = ctx.anchor_of("day")
    value = tr.day_value(date)
    mod = part_of(m["part"])
    if unit in PARTS_OF_DAY:
        return Norm("TIME", f"{value}T{PARTS_OF_DAY[unit]}", mod, anchor=anchor)
    return Norm("DATE", value, mod, anchor=anchor)


THAT_DAY_RULE = Rule(
    "that_day",
    patterns=(r"\b(?:(?P<part>earlier|later)\s+)?(?:that|the same) (?P<unit>day|morning|afternoon|evening|night)\b",),
    value=_value_of_that_day,
    triggers=(
        "that day",
        "same day",
        "that morning",
        "same morning",
        "that afternoon",
        "same afternoon",
        "that evening",
        "same evening",
        "that night",
        "same night",
    ),
)


def _value_of_in_the_day(m: re.Match[str], ctx: Context) -> Norm | None:
    date, anchor = discourse_day(ctx)
    return Norm("DATE", tr.day_value(date), anchor=anchor, span=(m.start("span"), m.end("span")))


IN_THE_DAY_RULE = Rule(
    "in_the_day",
    patterns=(
        r"\b(?P<pre>later|earlier|during|throughout)\s+(?:in\s+)?(?P<span>the\s+day)\b"
        r"(?!\s+(?:of|before|after|when|that|on)\b)",
    ),
    value=_value_of_in_the_day,
    triggers=("the day",),
)
