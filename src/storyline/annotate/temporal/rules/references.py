"""Times counted from the DCT or from the text: "yesterday", "two days later", "a year ago", "now"."""

from __future__ import annotations

import datetime as dt
import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import bare_unit_plausible, set_beside_a_date, token_at
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    AWARD_BEFORE,
    COMPARISON_SENTENCES,
    COUNT_AFTER,
    DAY_NAMED_AFTER,
    DAY_SLANG,
    ENDS_PHRASE,
    FINER,
    FORTNIGHT_SPANS,
    MOD,
    MONTH,
    NUM,
    ORDINAL_WORDS,
    PART,
    PARTS_OF_DAY,
    POD,
    REFERENCE_NAMES,
    REFERENCES,
    TIME_UNITS,
    TODAYS_GENERIC,
    UNIT,
    parse_number,
    unit_name,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import (
    a_year_back,
    day_word,
    duration_value,
    mod_of,
    part_of,
    quarter_a_year_back,
    relative_value,
    story_unit,
)


def _value_of_dayword(m: re.Match[str], ctx: Context) -> Norm | None:
    if m["word"].lower() == "today" and not m["pod"] and TODAYS_GENERIC.match(ctx.text, m.end()):
        return None  # "today's world", "today's youth": the present age, which TimeBank and AQUAINT leave (4 in 4)
    date, pod = day_word(m["word"].lower(), ctx)
    if m["pod"]:
        pod = PARTS_OF_DAY[m["pod"].lower()]
    value = tr.day_value(date)
    mod = part_of(m["part"])
    if pod:
        return Norm("TIME", f"{value}T{pod}", mod)
    return Norm("DATE", value, mod)


DAYWORD_RULE = Rule(
    "dayword",
    patterns=(
        rf"\b(?:(?P<part>early|late|earlier|later)\s+)?(?P<word>today|tonight|yesterday|tomorrow|{DAY_SLANG})"
        rf"(?:\s+(?P<pod>{POD}))?\b",
    ),
    value=_value_of_dayword,
)


def _value_of_day_around(m: re.Match[str], ctx: Context) -> Norm | None:
    offset = -2 if m["dir"].lower().startswith("before") else 2
    return Norm("DATE", tr.day_value(ctx.dct + dt.timedelta(days=offset) if ctx.dct else None))


DAY_AROUND_RULE = Rule(
    "day_around",
    patterns=(r"\bthe day (?P<dir>before yesterday|after tomorrow)\b",),
    value=_value_of_day_around,
    triggers=("the day",),
)


def _plausible_day_beside(m: re.Match[str], ctx: Context) -> bool:
    if not (ENDS_PHRASE.match(ctx.text, m.end()) or set_beside_a_date(ctx.text, m.start())):
        return False  # "the day after his death": a day the text ties to an event, not to a date it names
    return True


def _value_of_day_beside(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "Oct. 12, the day before the plunge" is Oct. 12; "up from 1.51 percent the day before" is the day
    before the one the text is about, and a comparison that does not move the story to that day."""
    date, anchor = ctx.anchor_of("day")
    if date is None:
        return Norm("DATE", "XXXX-XX-XX", anchor="none")
    if set_beside_a_date(ctx.text, m.start()):
        return Norm("DATE", tr.day_value(date), anchor=anchor)
    offset = -1 if m["dir"].lower() == "before" else 1
    return Norm("DATE", tr.day_value(date + dt.timedelta(days=offset)), anchor=anchor, background=True)


DAY_BESIDE_RULE = Rule(
    "day_beside",
    patterns=(
        # "from 1.51 percent the day before", "Oct. 12, the day before the plunge": the day beside the one in focus
        r"\bthe day (?P<dir>before|after)\b(?!\s+(?:yesterday|tomorrow)\b)",
    ),
    value=_value_of_day_beside,
    plausible=_plausible_day_beside,
    triggers=("the day",),
)


def _plausible_rel_unit(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    rel, unit = groups["rel"].lower(), groups["unit"].lower()
    if rel in ("the", "that") and unit not in ("weekend", "quarter", "day", "year"):
        return False
    if rel == "the" and unit in ("day", "year"):
        return False
    return True


def _value_of_rel_unit(m: re.Match[str], ctx: Context) -> Norm | None:
    rel, unit = m["rel"].lower(), m["unit"].lower()
    if m["fiscal"] and unit not in ("year", "quarter"):
        return None
    if rel in ("the past", "past", "the next", "the coming") and unit in ("decade", "century"):
        # "over the past decade", "over the next decade": the ten years up to now or from now (DURATION), like
        # "the past ten years" (the modern gold marks "the next decade" so three times in three)
        return Norm("DURATION", duration_value(1, unit), anchor="none")
    if unit == "fortnight" and rel in FORTNIGHT_SPANS:
        # "in the next fortnight", "over the past fortnight": two weeks from or up to now; no calendar names one
        return Norm("DURATION", duration_value(1, unit), anchor="none")
    result = relative_value(rel, unit, m, ctx)
    if result is None:
        return None
    value, anchor = result
    return Norm("DATE", value, anchor=anchor)


REL_UNIT_RULE = Rule(
    "rel_unit",
    patterns=(
        # not "the quarter-finals"
        r"\b(?P<rel>this past|this coming|the past|the last|the next|the coming|the previous|"
        r"the following|the current|the latest|the same|the most recent|the new|this|last|next|"
        r"coming|past|previous|current|that|the)\s+(?:(?P<fiscal>fiscal)\s+)?(?P<unit>week|weekend|month|year|quarter|decade|"
        r"century|fortnight|day)\b(?![- ](?:old|long|earlier|ago|later|finals?)\b)",
    ),
    value=_value_of_rel_unit,
    plausible=_plausible_rel_unit,
)


def _plausible_part_rel(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["unit"].lower() == "day" and groups["rel"].lower() not in ("that", "the following", "the previous"):
        return False  # "later in the day" is left to the in_the_day rule
    return True


def _value_of_part_rel(m: re.Match[str], ctx: Context) -> Norm | None:
    rel, unit = m["rel"].lower(), m["unit"].lower()
    if rel == "the":  # "the end of the month": this one, or the narrative's
        rel = "that" if ctx.narrative_year() is not None else "this"
    result = relative_value(rel, unit, m, ctx)
    if result is None:
        return None
    value, anchor = result
    part = m["part"].lower()
    if unit == "year" and "half of" in part and re.fullmatch(r"\d{4}", value):
        # "the second half of the year" is a named half (H2), not the end of the year
        return Norm("DATE", f"{value}-H{1 if 'first' in part else 2}", anchor=anchor)
    return Norm("DATE", value, part_of(m["part"]), anchor=anchor)


PART_REL_RULE = Rule(
    "part_rel",
    patterns=(
        # "the end of the week-long assembly" ends the assembly
        rf"\b(?P<part>{PART})[- ]?(?:in\s+)?(?P<rel>this|last|next|the|that|this past|the current|"
        rf"the following|the previous)\s+(?P<unit>week|month|year|quarter|decade|century|day)\b"
        r"(?![- ](?:old|long)\b)",
    ),
    value=_value_of_part_rel,
    plausible=_plausible_part_rel,
)


def _value_of_ago(m: re.Match[str], ctx: Context) -> Norm | None:
    n = parse_number(m["num"])
    unit = unit_name(m["unit"])
    direction = (m["dir"] or m["dir2"]).lower()
    back = direction in ("ago", "earlier", "before", "prior", "back")
    mod = mod_of(m["mod"])
    if mod == "LESS_THAN" or mod == "MORE_THAN":
        mod = "APPROX"
    if n is None:
        return Norm("DATE", "PAST_REF" if back else "FUTURE_REF", mod, anchor="none")
    if m["half"]:
        n += 0.5  # "a year and a half ago"
    from_dct = direction in ("ago", "hence", "from now", "back")
    comparison = (unit, -n if back else n)
    recent = ctx.sentence - ctx.last_sentence <= COMPARISON_SENTENCES
    if unit in ("year", "decade") and ctx.last_rule in ("ago", "year_ago") and recent:
        # "up from $4 a year ago … compared with $3 a year earlier": a second comparison with
        # the same base, not a year before the first one ("two years later" does count on from it)
        if ctx.comparison == comparison and ctx.last_value:
            return Norm("DATE", ctx.last_value, mod, anchor="discourse")
        from_dct = from_dct or back
    ctx.comparison = comparison
    anchor_date, anchor = (ctx.dct, "dct") if from_dct else ctx.anchor_of(unit)
    if (
        direction in ("later", "after")
        and unit in ("year", "decade", "century")
        and ctx.dct is not None
        and anchor_date is not None
        and anchor_date.year == ctx.dct.year
        and ((tense := ctx.tense(m.start(), m.end()))[0] in ("present", "unknown") or tr.is_present_perfect(tense[1]))
    ):
        # "even 21 years later, the otters have not recovered": counted from an event the text does not date, in a
        # clause about now, to the time of writing
        return Norm("DATE", f"{ctx.dct.year:04d}", mod, anchor="dct")
    if (
        unit in ("day", "night", "week")
        and anchor == "discourse"
        and ctx.dct is not None
        and anchor_date is not None
        and anchor_date > ctx.dct
        and ctx.tense_only(m.start(), m.end()) == "past"
    ):
        # "… to continue with Thursday's planned march. A day earlier, the president ordered …": a past deed
        # counts from the last day told that has happened, not from a day still ahead
        anchor_date, anchor = (ctx.day_before_writing, "discourse") if ctx.day_before_writing else (ctx.dct, "dct")
    if not float(n).is_integer() and unit in FINER:
        # "two and a half years ago": a point 30 months back, named at the next finer unit
        finer, per = FINER[unit]
        unit, n = finer, n * per
    n = round(n)
    if unit == "year" and n == 1 and back and (quarter := ctx.quarter_in_focus()) and (not from_dct or recent):
        # "profit rose in the third quarter … from $3 a year earlier": the same quarter a year back
        return Norm("DATE", a_year_back(quarter), mod, anchor="discourse")
    if unit in TIME_UNITS:
        if anchor_date is None:
            return Norm("TIME", "XXXX-XX-XXTXX:XX", mod, anchor="none")
        return Norm("DATE", tr.day_value(anchor_date), mod, anchor=anchor)
    if unit == "night":
        unit = "day"
    if unit == "fortnight":
        unit, n = "week", n * 2
    if unit == "decade" and from_dct:
        # "a decade ago" is a year (TimeBank "1989-XX"), not the decade 200; "two decades ago" is the decade
        # twenty years back (199), as the modern gold marks it three times in three
        year = tr.shift_value(anchor_date, "year", -10 * n if back else 10 * n)
        return Norm(
            "DATE",
            year if n == 1 or not year[:1].isdigit() else year[:3],
            mod,
            anchor=anchor if anchor_date else "none",
        )
    return Norm(
        "DATE", tr.shift_value(anchor_date, unit, -n if back else n), mod, anchor=anchor if anchor_date else "none"
    )


AGO_RULE = Rule(
    "ago",
    patterns=(
        # "a week later than planned" is a delay (the duration rule's)
        rf"\b(?:(?P<mod>{MOD})\s+)?(?P<num>{NUM}(?:\s+and\s+a\s+half)?)[- ](?P<unit>{UNIT}|hrs?|mins?)"
        rf"(?P<half>\s+and\s+a\s+half)?"
        rf"(?:\s+or\s+so)?\s+(?:(?P<dir>ago|earlier|later|"
        rf"hence|from now)\b(?!\s+than\b)|(?P<dir2>before|after|prior|back)\b(?![ \t]*\w))",
    ),
    value=_value_of_ago,
    triggers=("ago", "earlier", "later", "hence", "from now", "before", "after", "prior", "back"),
)


def _value_of_year_ago(m: re.Match[str], ctx: Context) -> Norm | None:
    noun = (m["unit"] or "").lower()
    ctx.comparison = ("year", -1)
    if quarter := ctx.quarter_in_focus():
        return Norm("DATE", a_year_back(quarter), anchor="discourse")
    if "quarter" in noun or noun == "period":
        return Norm("DATE", tr.shift_value(ctx.dct - dt.timedelta(days=365) if ctx.dct else None, "quarter", -1))
    if "nine months" in noun:
        return Norm("DURATION", "P9M", anchor="none")
    return Norm("DATE", tr.shift_value(ctx.dct, "year", -1))


YEAR_AGO_RULE = Rule(
    "year_ago",
    patterns=(
        r"\b(?:the\s+)?year[- ](?P<dir>earlier|ago)(?:\s+(?P<unit>quarter|period|third quarter|second "
        r"quarter|first quarter|fourth quarter|nine months|month))?\b(?!\s+than\b)",
    ),
    value=_value_of_year_ago,
    triggers=("year",),
)


def _plausible_reference(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    word = groups["word"].lower()
    if word == "current" and re.match(r"\s+accounts?\b", ctx.text[m.end() : m.end() + 10], re.I):
        return False  # "the current account deficit": the balance of payments, not a time
    if (
        word == "current"
        and (token := token_at(ctx, m.start(), m.end())) is not None
        and (token.pos_ == "NOUN" or token.dep_ in ("acomp", "attr"))
    ):
        return False  # "a strong current of opinion", "homeowners who are current on their loans"
    if word == "now" and ctx.previous_word(m.start()) in ("from", "until", "till", "by"):
        return True
    if word == "this time" and (
        ctx.previous_word(m.start()) != "at" or re.match(r"\s+of\b", ctx.text[m.end() : m.end() + 4])
    ):
        return False  # "No agreement was reached at this time" is the present; "this time she's the boss"
        # is this occasion, and "at this time of year" a season
    if groups["word"].lower() == "now" and ctx.text.startswith(",", m.end()):
        token = token_at(ctx, m.start(), m.end())
        opening_quote = (
            token is not None and token.i > 0 and ctx.doc[token.i - 1].is_quote and not ctx.doc[token.i - 1].whitespace_
        )
        if opening_quote and (token.i == 1 or ctx.doc[token.i - 2].is_punct or ctx.doc[token.i - 2].is_space):
            return False  # a quotation's “Now, like all …” turns the argument; a narrator's "Now," is now
    if groups["word"].lower() == "now" and re.match(r"\s+and\s+then\b", ctx.text[m.end() : m.end() + 10]):
        return False  # "now and then": once in a while
    if groups["word"].lower() == "now" and ctx.text.startswith("-", m.end()):
        return False  # "a now-sold investment", "the now-imprisoned Manning": a word of its own
    if groups["word"].lower() == "the past" and COUNT_AFTER.match(ctx.text, m.end()):
        return False  # "six of the past seven contests" counts contests
    if groups["word"].lower() == "this moment" and ctx.previous_word(m.start()) not in (
        "at",
        "until",
        "till",
        "since",
        "from",
    ):
        return False  # "looking forward to this moment", "understands this moment" name an occasion
    if (
        groups["word"].lower() == "the future"
        and (token := token_at(ctx, m.start("word") + 4, m.end())) is not None
        and token.dep_ == "amod"
    ):
        return False  # "the future Trump International Hotel" names a hotel still to open
    if groups["word"].lower() == "the present":
        token = token_at(ctx, m.start("word") + 4, m.end())
        if token is not None and token.pos_ == "ADJ":
            return False  # "under the present system" describes the system
    return True


def _value_of_reference(m: re.Match[str], ctx: Context) -> Norm | None:
    return Norm("DATE", REFERENCES[m["word"].lower()], anchor="none")


REFERENCE_RULE = Rule(
    "reference",
    patterns=(rf"\b(?P<word>{REFERENCE_NAMES})\b",),
    value=_value_of_reference,
    plausible=_plausible_reference,
)


def _value_of_unit_possessive(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the week's most active session", "the day's other primaries": the week (day, month, year) the text
    is about."""
    return story_unit(m["unit"].lower(), ctx)


UNIT_POSSESSIVE_RULE = Rule(
    "unit_possessive",
    patterns=(r"\b(?P<span>the (?P<unit>day|week|month|year))(?=['’]s\b)",),
    value=_value_of_unit_possessive,
    triggers=(
        "the day's",
        "the week's",
        "the month's",
        "the year's",
        "the day’s",
        "the week’s",
        "the month’s",
        "the year’s",
    ),
)


def _plausible_the_year(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["pre"] == "of" and AWARD_BEFORE.search(ctx.text, max(0, m.start() - 16), m.start("pre")):
        return False  # Time's "Person of the Year", "Player of the Year": a title, not the year
    return True


def _value_of_the_year(m: re.Match[str], ctx: Context) -> Norm | None:
    span = (m.start("span"), m.end("span"))
    if m["after"]:  # "the year ended Sept. 30": a twelve-month period
        return Norm("DURATION", "P1Y", anchor="none", span=span)
    if ctx.dct is None:
        return Norm("DATE", "XXXX", anchor="none", span=span)
    return Norm("DATE", f"{ctx.dct.year:04d}", anchor="dct", span=span)


THE_YEAR_RULE = Rule(
    "the_year",
    patterns=(
        r"\b(?P<pre>for|of|in|during|through|throughout)\s+(?P<span>the\s+(?:(?P<adj>full|fiscal|calendar|"
        r"entire|whole)\s+)?year)\b(?P<after>\s+(?:ended|ending|to)\b)?(?![- ](?:ago|earlier|before|"
        r"two|'s))",
        r"\b(?P<span>the\s+(?:(?P<adj>full|fiscal|calendar)\s+)?year)(?P<after>\s+(?:ended|ending)\b)",
    ),
    value=_value_of_the_year,
    plausible=_plausible_the_year,
    triggers=("the year", "the full year", "the fiscal year", "the calendar year", "the entire year", "the whole year"),
)


def _value_of_period_year_back(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "the corresponding period last year", "the same month a year earlier": the quarter (or month) the text
    is about, a year before."""
    unit = m["unit"].lower()
    if unit == "month":
        month, kind = ctx.anchor_of("month")
        if month is None:
            return Norm("DATE", "XXXX-XX", anchor="none")
        return Norm("DATE", tr.month_value(month.year - 1, month.month), anchor=kind)
    if ctx.dct is None:
        return Norm("DATE", "XXXX-QX" if unit == "quarter" else "XXXX", anchor="none")
    if unit == "period" and "quarter" not in ctx.text.lower():
        return Norm("DATE", f"{ctx.dct.year - 1:04d}", anchor="dct")  # "the first ten months … the same period
        # last year": a period of a report that speaks of no quarter, known to its year
    return quarter_a_year_back(ctx)


PERIOD_YEAR_BACK_RULE = Rule(
    "period_year_back",
    patterns=(
        # "the corresponding period last year", "the same month a year earlier": the unit in focus, a year back
        r"\b(?:the same|the corresponding|the comparable)\s+(?P<unit>period|quarter|month)\s+"
        r"(?:of\s+)?(?:last year|a year (?:earlier|ago|before)|the (?:previous|prior) year|"
        r"the year before)\b",
    ),
    value=_value_of_period_year_back,
    triggers=("year",),
)


def _value_of_latest_period(m: re.Match[str], ctx: Context) -> Norm | None:
    unit = m["unit"].lower()
    rel = m["rel"].lower()
    if ctx.dct is None:
        return Norm("DATE", "XXXX" if "year" in unit else "XXXX-QX", anchor="none")
    if rel in ("the comparable", "the same"):
        return quarter_a_year_back(ctx)
    if "year" in unit:
        return Norm("DATE", f"{ctx.dct.year - 1:04d}", anchor="dct")
    if (current := ctx.current_value()) and "-Q" in current:
        return Norm("DATE", current, anchor="discourse")
    return Norm("DATE", tr.shift_value(ctx.dct, "quarter", -1), anchor="dct")


LATEST_PERIOD_RULE = Rule(
    "latest_period",
    patterns=(
        r"\b(?P<rel>the latest|the most recent|the latest fiscal|the comparable|the same)\s+"
        r"(?P<unit>period|fiscal year|quarter period)\b(?![- ](?:a year|last year|of))",
    ),
    value=_value_of_latest_period,
    triggers=("period", "fiscal year", "quarter"),
)


def _value_of_units_time(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "in a week's time", "in two months' time": the unit that far ahead of the DCT."""
    n, unit = parse_number(m["num"]), unit_name(m["unit"])
    if n is None:
        return Norm("DATE", "FUTURE_REF", anchor="none")  # "in a few weeks' time"
    if unit == "fortnight":
        unit, n = "week", n * 2
    return Norm("DATE", tr.shift_value(ctx.dct, unit, round(n)), anchor="dct" if ctx.dct else "none")


UNITS_TIME_RULE = Rule(
    "units_time",
    patterns=(
        # "due to run out in a week's time", "in two weeks' time": the day, week, month or year that far ahead
        rf"(?<=\bin )(?P<num>{NUM})\s+(?P<unit>days?|weeks?|fortnights?|months?|years?)"
        r"\s?['’]s?\s+time\b",
    ),
    value=_value_of_units_time,
    triggers=(" time",),
)


def _value_of_time_of_year(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "higher than usual for this time of year": the DCT's month, the season the text compares against."""
    return Norm("DATE", tr.shift_value(ctx.dct, "month", 0), anchor="dct" if ctx.dct else "none")


TIME_OF_YEAR_RULE = Rule(
    "time_of_year",
    patterns=(
        # "unusual for this time of year": the month the text is written in (the modern gold tags it 5 times in 5, with
        # that month 4 times)
        r"\bthis\s+time\s+of\s+(?:the\s+)?year\b",
    ),
    value=_value_of_time_of_year,
    triggers=("time of",),
)


def _value_of_vague_ago(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "years ago", "some time ago": before the DCT, by how much unsaid (TIMEX3 PAST_REF)."""
    return Norm("DATE", "PAST_REF", anchor="none", span=(m.start("span"), m.end("span")))


VAGUE_AGO_RULE = Rule(
    "vague_ago",
    patterns=(
        r"\b(?:(?P<mod>just|only)\s+)?(?P<span>(?:some\s+time|(?P<unit>years|months|weeks|days|decades|"
        r"hours|minutes))\s+ago)\b",
    ),
    value=_value_of_vague_ago,
    triggers=("ago",),
)


def _value_of_bare_unit(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "days after a sniper killed him", "Hours later", "after weeks of protests": a span whose length the text
    leaves unsaid (PXD), "earlier" and "later" inside it as TimeML writes "two days later"."""
    end = m.end("tail") if m["tail"].lower() in ("earlier", "later") else m.end("unit")
    unit = "moment" if m["unit"].lower() == "moments" else unit_name(m["unit"])
    value = "PTXS" if unit == "moment" else duration_value(None, unit)
    return Norm("DURATION", value, anchor="none", span=(m.start("unit"), end))


BARE_UNIT_RULE = Rule(
    "bare_unit",
    patterns=(
        # "days after a sniper killed him", "Hours later", "after weeks of protests": a span of unsaid length
        r"\b(?P<unit>decades|years|months|weeks|days|hours|minutes|moments)\s+(?P<tail>earlier|later|before|"
        r"after|of)\b",
    ),
    value=_value_of_bare_unit,
    plausible=bare_unit_plausible,
    triggers=("earlier", "later", "before", "after", " of"),
)


def _value_of_ordinal_unit(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "It is the second day of an offensive": the DCT's day; "on the second day" in a past clause: the
    day the text last named; "in his first year" (in office) names no date the text gives, so its
    value stays unknown (X placeholders)."""
    unit = m["unit"].lower()
    if unit == "day" and DAY_NAMED_AFTER.match(ctx.text, m.end()):
        return None  # "struck for a second day on Thursday": a count of days; the weekday dates it
    token = token_at(ctx, m.start(), m.end())
    if (
        token is not None
        and token.dep_ == "attr"
        and ctx.dct is not None
        and ctx.tense_only(m.start(), m.end()) == "present"
    ):
        return Norm("DATE", tr.shift_value(ctx.dct, unit, 0), anchor="dct")  # "it is the second day of …"
    if unit == "day" and (told := ctx.anchor_of("day"))[1] == "discourse":
        return Norm("DATE", tr.day_value(told[0]), anchor="discourse")
    if m["streak"] and ctx.dct is not None:
        return Norm("DATE", ctx.dct.isoformat(), anchor="dct")  # "for a second straight day": a run up to the
        # day of writing, when the text names no other
    return Norm("DATE", tr.shift_value(None, unit, 0), anchor="none")


ORDINAL_UNIT_RULE = Rule(
    "ordinal_unit",
    patterns=(
        # "the second day of an offensive", "on the 88th day", "for a third straight day"
        rf"\b(?:(?P<det>the|his|her|its|their|our|my)|a(?!\s+first))\s+(?P<ord>{ORDINAL_WORDS}|"
        r"\d{1,3}(?:st|nd|rd|th)|opening|closing|last|final)\s+"
        r"(?:(?P<streak>straight|consecutive|successive)\s+(?=day\b))?"
        r"(?P<unit>day|week|month|year)\b(?![- ](?:old|long)|\s+(?:or|and)\s+so)",
    ),
    value=_value_of_ordinal_unit,
    triggers=("day", "week", "month", "year"),
)


def _value_of_the_period(m: re.Match[str], ctx: Context) -> Norm | None:
    """ "for the week", "during the month": the current week / month of the story."""
    return story_unit(m["unit"].lower(), ctx, span=(m.start("span"), m.end("span")))


THE_PERIOD_RULE = Rule(
    "the_period",
    patterns=(
        r"\b(?P<pre>for|during|over|throughout|within|in|of)\s+(?P<span>the\s+(?P<unit>week|month))\b"
        rf"(?!\s+(?:before|after|ahead|earlier|later|ago|that|when|in which|of\s+(?:{MONTH}))\b|['’]s|-)",
    ),
    value=_value_of_the_period,
    triggers=("the week", "the month"),
)
