"""Passes over the tagged expressions that join or split neighbours: a day and its clock, a range's bare day,
a count and the date set beside it, a part of the day and its day."""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from storyline.annotate.temporal.clues import names_its_day
from storyline.annotate.temporal.lexicon import (
    APPOSED,
    CLOCK_AFTER_DATE,
    DAY_VALUE,
    PART_OF_DAY_BEFORE,
    PART_OF_DAY_LOOKBEHIND,
    PARTS_OF_DAY,
    RANGE_AFTER,
    RANGE_BEFORE,
    RANGE_LOOKAHEAD,
    RANGE_LOOKBEHIND,
    RANGE_NEXT,
)
from storyline.annotate.temporal.values import clock_value, safe_date
from storyline.model import TimeExpr, TimexAnchor


def _range_ends(text: str, end: int, join: str) -> bool:
    """True when nothing that makes the number a count ("5 people", "5 percent") follows it.

    After a dash, "to" or "through" any word ends the range ("Feb. 15-17 among voters", "March 5-7 Geneva hosted");
    after "and" or "or" only a word that cannot be counted does: "March 5 and 6 Democrats said" counts
    Democrats."""
    rest = text[end : end + RANGE_LOOKAHEAD]
    word = re.match(r"\s*([A-Za-z]+)", rest)
    if word is None:
        return not re.match(r"\s*[%$€£\d]", rest)
    if join.lower() in ("-", "–", "to", "through") and not rest.startswith(word[1]):
        return True
    return word[1].lower() in RANGE_NEXT


def parts_of_days(out: list[TimeExpr], text: str) -> None:
    """ "the night of April 18, 1775", "the morning of Christmas", "the early morning of March 23 2003": the part
    of the day is one TIME with its day, as every gold set writes it (WikiWars 12 times, the modern sets 6)."""
    merged: set[int] = set()  # ids of the parts of the day tagged on their own ("early morning"), now inside the TIME
    for k, expr in enumerate(out):
        before = PART_OF_DAY_BEFORE.search(text, max(0, expr.start - PART_OF_DAY_LOOKBEHIND), expr.start)
        if expr.type != "DATE" or not before or not re.fullmatch(r"[\dX]{4}-\d\d-\d\d", expr.value):
            continue
        # the expressions that start before this one and end after ``before`` starts: in text order and apart,
        # they are the ones right before it (a TIME made here keeps its end, so ends stay in order)
        first = k
        while first > 0 and out[first - 1].end > before.start():
            first -= 1
        inside = out[first:k]
        if any(o.start < before.start() or o.type != "TIME" for o in inside):
            continue
        merged.update(map(id, inside))
        expr.start, expr.text, expr.type = before.start(), text[before.start() : expr.end], "TIME"
        expr.value = f"{expr.value}T{PARTS_OF_DAY[before['pod'].lower()]}"
        if before["part"]:
            expr.mod = "START" if before["part"].lower() == "early" else "END"  # "the early morning of March 23"
    if merged:
        out[:] = [o for o in out if id(o) not in merged]


def clocks_after_dates(out: list[TimeExpr], text: str) -> None:
    """ "Sep 24, 2019 12:01 IST", "Wednesday, July 17, 2019 - 07:57 PM", "08/07/19 6:20pm": a day and the clock
    written right after it are one TIME, as TimeML gold writes them ("02/13/1998 14:26:00", "May 10, 2014 2pm";
    the development corpora never split one).  A clock needs a colon or a.m./p.m. ("March 5, 10 people" has none);
    "at" joins a written date and its clock ("Friday, April 1 at noon"), but "Friday at 3 p.m." stays two, as the
    tweets' gold keeps "today at 9am"."""
    joined: list[TimeExpr] = []
    i = 0
    while i < len(out):
        day = out[i]
        i += 1
        clock = CLOCK_AFTER_DATE.match(text, day.end)
        clock_time = clock_value(clock) if clock else None
        if (
            clock is None
            or day.type != "DATE"
            or not day.resolved
            or not DAY_VALUE.fullmatch(day.value)
            or not clock_time
            or (clock["at"] and not re.search(r"\d", day.text))
        ):
            joined.append(day)
            continue
        # the expressions that start inside the clock follow the day (``out`` is in text order)
        after = i
        while after < len(out) and out[after].start < clock.end():
            after += 1
        if not all(o.type == "TIME" and o.end <= clock.end() for o in out[i:after]):
            # (anything else written there keeps the two apart: "Sept. 3, 10:30 a.m. (0730 GMT) Friday")
            joined.append(day)
            continue
        joined.append(
            TimeExpr(
                start=day.start,
                end=clock.end(),
                text=text[day.start : clock.end()],
                type="TIME",
                value=f"{day.value}T{clock_time}",
                sentence=day.sentence,
                mod=day.mod,
                resolved=True,
                anchor=day.anchor,
            )
        )
        i = after
    out[:] = joined


def apposed_days(out: list[TimeExpr], text: str) -> None:
    """ "The next day, Jan. 28, he disappeared", "on Friday (Jan. 28)", "on Jan. 28, the following day":
    a day counted from the discourse or the DCT takes the value of the calendar date set beside it,
    which says which day the writer meant. When both name the same month and day, a date written without
    its year takes the count's year instead ("Six days later, on 7 October", in a history of 1950)."""
    for first, second in zip(out, out[1:], strict=False):
        if not (
            first.type == second.type == "DATE"
            and first.resolved
            and second.resolved
            and DAY_VALUE.fullmatch(first.value)
            and DAY_VALUE.fullmatch(second.value)
            and APPOSED.fullmatch(text, first.end, second.start)
        ):
            continue
        written = [e for e in (first, second) if names_its_day(e.text)]
        counted = [e for e in (first, second) if not re.search(r"\d", e.text) and e.anchor != "absolute"]
        if len(written) != 1 or len(counted) != 1 or written[0] is counted[0]:
            continue
        (date,), (count,) = written, counted
        if not re.search(r"\d{4}", date.text) and date.value[4:] == count.value[4:]:
            date.value = count.value  # "Six days later, on 7 October": the count knows the year
        else:
            count.value = date.value


def _day_of(
    expr: TimeExpr, text: str, start: int, end: int, date: dt.date, locate: Callable[[int], int], anchor: TimexAnchor
) -> TimeExpr:
    """The bare day at ``start:end`` of the range ``expr`` belongs to, resolved as ``expr`` is."""
    return TimeExpr(
        start=start,
        end=end,
        text=text[start:end],
        type="DATE",
        value=date.isoformat(),
        sentence=locate(start),
        resolved=expr.resolved,
        anchor=anchor,
    )


def range_days(out: list[TimeExpr], text: str, locate: Callable[[int], int]) -> None:
    """ "March 5-7", "May 4 and 5", "6-7 January 1916": the bare day of a range is a date of its own
    (TimeML tags it apart; AQUAINT, WikiWars and Tweets gold do, 7 of 7), in the month written once."""
    added: list[TimeExpr] = []
    drop: set[int] = set()
    starts, ends = [o.start for o in out], [o.end for o in out]  # both ascending: ``out`` is in text order, apart
    for expr in out:
        if expr.type != "DATE" or not DAY_VALUE.fullmatch(expr.value):
            continue
        day = int(expr.value[8:])
        after = RANGE_AFTER.match(text, expr.end) if re.search(r"\d(?:st|nd|rd|th)?$", expr.text) else None
        if after and day < int(after["day"]) and (after["year"] or _range_ends(text, after.end(), after["join"])):
            start, end = after.start("day"), after.end()
            year = after["year"].strip(" ,") if after["year"] else expr.value[:4]
            date = safe_date(int(year), int(expr.value[5:7]), int(after["day"]))
            clash = list(range(bisect_right(ends, start), bisect_left(starts, end)))  # the ones overlapping it
            if date and all(out[j].value == year and out[j].start >= after.start("year") for j in clash):
                drop.update(clash)
                if after["year"] and expr.anchor != "absolute":
                    expr.value = f"{year}{expr.value[4:]}"
                added.append(
                    _day_of(expr, text, start, end, date, locate, "absolute" if after["year"] else expr.anchor)
                )
            continue
        lead = re.match(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s", expr.text)
        before = RANGE_BEFORE.search(text, max(0, expr.start - RANGE_LOOKBEHIND), expr.start) if lead else None
        if before and lead and int(before["day"]) < int(lead[1]):
            start, end = before.start("day"), before.end("day")
            date = safe_date(int(expr.value[:4]), int(expr.value[5:7]), int(before["day"]))
            if date and bisect_right(ends, start) >= bisect_left(starts, end):  # nothing tagged overlaps it
                added.append(_day_of(expr, text, start, end, date, locate, expr.anchor))
    if added or drop:
        out[:] = sorted([o for j, o in enumerate(out) if j not in drop] + added, key=lambda o: o.start)


def date_clocks_by_following_day(out: list[TimeExpr], clocks: list[int], text: str) -> None:
    """ "at 10:35 a.m. (0735 GMT) Friday": a clock time takes the day written right after it; with nothing but a
    comma or "on" between them the two are one TIME ("05:27 GMT, Tuesday, 27 September 2011", as TimeBank's
    "5 p.m. EST, Nov. 6"), while a bracketed conversion between them stays outside."""
    merged: set[int] = set()
    for i in clocks:
        if i + 1 >= len(out) or out[i].type != "TIME" or "T" not in out[i].value:
            continue
        after = out[i + 1]
        gap = re.fullmatch(r"\s*(?P<bracket>\([^()]{1,25}\))?\s*,?\s*(?:on\s+)?", text[out[i].end : after.start])
        if after.type == "DATE" and DAY_VALUE.fullmatch(after.value) and after.resolved and gap:
            out[i].value = after.value + out[i].value[out[i].value.index("T") :]
            if not gap["bracket"]:
                out[i].end, out[i].text = after.end, text[out[i].start : after.end]
                out[i].resolved, out[i].anchor = True, after.anchor
                merged.add(i + 1)
    if merged:
        out[:] = [o for j, o in enumerate(out) if j not in merged]
