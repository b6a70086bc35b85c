"""Recurring times: "every Monday", "twice a year", "daily"."""

from __future__ import annotations

import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.clues import a_share_of, next_is_verb_or_stop
from storyline.annotate.temporal.context import Context, Norm
from storyline.annotate.temporal.lexicon import (
    MONTH,
    MONTHS,
    NUM,
    PAPER_WORDS,
    POD,
    RATE_BEFORE,
    UNIT,
    UNIT_CODES,
    WEEKDAY,
    WEEKDAYS,
    YEAR_WORD,
    parse_number,
    unit_name,
)
from storyline.annotate.temporal.rules.rule import Rule
from storyline.annotate.temporal.values import duration_value, month_number


def _plausible_set(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if groups["q"].lower() in ("a", "an"):
        if unit_name(groups["unit"]) not in UNIT_CODES:
            return False  # "a Sunday night memorial" is one Sunday, not every Sunday
        if a_share_of(unit_name(groups["unit"]), ctx.text, m.end()):
            return False  # "12.82 billion dollars, a quarter of Shandong's total"
        before = ctx.text[max(0, m.start() - 40) : m.start()].lower().split()
        if not before or not (
            before[-1] in ("once", "twice", "thrice", "times")
            or any(w[:1].isdigit() and not w.endswith((",", ";")) and not YEAR_WORD.match(w) for w in before[-3:])
        ):  # "in 2012, a year before" is no rate
            return False
    return True


def _value_of_set(m: re.Match[str], ctx: Context) -> Norm | None:
    q = m["q"].lower()
    target = m["unit"]
    lowered = target.lower()
    num = (m["num"] or "").lower()
    n = 2 if num == "other" else (parse_number(num) if num else 1)
    if lowered in WEEKDAYS:
        return Norm("SET", f"XXXX-WXX-{WEEKDAYS[lowered] + 1}", anchor="none")
    if lowered in tr.SEASONS:  # "every summer"; "a summer" is one summer, "each other spring" is rare
        return Norm("SET", f"XXXX-{tr.SEASONS[lowered]}", anchor="none") if q in ("every", "each") and not num else None
    if lowered.rstrip(".") in MONTHS and lowered not in ("may",) or lowered == "may" and target[0].isupper():
        return Norm("SET", f"XXXX-{month_number(target):02d}", anchor="none")
    unit = unit_name(target)
    if unit not in UNIT_CODES:
        return None
    if q in ("a", "an") and num:
        return None
    return Norm("SET", duration_value(n, unit), anchor="none")


SET_RULE = Rule(
    "set",
    patterns=(
        rf"\b(?P<q>every|each|per|a|an)\s+(?:(?<=every )single\s+)?(?:(?P<num>other|{NUM})\s+)?"
        rf"(?P<unit>{UNIT}|{WEEKDAY}|{MONTH}|spring|summer|autumn|fall|winter)"
        rf"(?P<pod>\s+(?:{POD}))?\b",
    ),
    value=_value_of_set,
    plausible=_plausible_set,
)


def _plausible_set_adverb(m: re.Match[str], ctx: Context) -> bool:
    groups = m.groupdict()
    if (
        groups["adv"][:1].isupper()
        and not groups["adv"].isupper()
        and re.match(r"\s+[A-Z]", ctx.text[m.end() : m.end() + 2])
    ):
        return False  # "the Daily Telegraph", "the Weekly Standard": a paper's name
    if groups["adv"].lower() in PAPER_WORDS and (
        re.match(r"\s+[A-Z]", ctx.text[m.end() : m.end() + 2])
        or (ctx.previous_word(m.start()) in ("the", "a") and next_is_verb_or_stop(ctx, m.end()))
    ):
        return False  # "business daily Les Echos", "the daily said": a paper
    if groups["adv"].lower() == "annually" and (
        RATE_BEFORE.match(before := ctx.previous_word(m.start())) or before in ("units", "profits")
    ):
        return False  # "rise 8.5% annually", "10,000 units annually": a growth rate, which TimeBank leaves (4 in 5)
    return True


def _value_of_set_adverb(m: re.Match[str], ctx: Context) -> Norm | None:
    value = {
        "daily": "P1D",
        "weekly": "P1W",
        "monthly": "P1M",
        "yearly": "P1Y",
        "annually": "P1Y",
        "hourly": "PT1H",
        "nightly": "P1D",
        "biweekly": "P2W",
        "bimonthly": "P2M",
        "semiannually": "P6M",
    }[m["adv"].lower()]
    return Norm("SET", value, anchor="none")


SET_ADVERB_RULE = Rule(
    "set_adverb",
    patterns=(
        # not "quarterly": in news it qualifies a noun ("quarterly dividend"; TimeBank gold tags 1 of 11)
        r"\b(?P<adv>daily|weekly|monthly|yearly|annually|hourly|nightly|biweekly|"
        r"bimonthly|semiannually)\b",
    ),
    value=_value_of_set_adverb,
    plausible=_plausible_set_adverb,
)
