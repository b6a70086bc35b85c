"""The tagger: runs every rule over a document, keeps the plausible matches (longest first), then normalizes them
in text order, each with what the text has told before it."""

from __future__ import annotations

import datetime as dt
import re
from typing import cast

from spacy.language import Language
from spacy.tokens import Doc

from storyline.annotate.match_windows import ScannedText
from storyline.annotate.temporal.clues import (
    deadline_ahead,
    in_a_title,
    in_an_aside,
    in_brackets,
    names_an_event,
    quoted_title,
)
from storyline.annotate.temporal.context import Context
from storyline.annotate.temporal.lexicon import FAR_YEARS, STAND_IN
from storyline.annotate.temporal.matching import FOLDED_LETTER, FOLDS_APART, compile_patterns, matches_by_lowering
from storyline.annotate.temporal.merge import (
    apposed_days,
    clocks_after_dates,
    date_clocks_by_following_day,
    parts_of_days,
    range_days,
)
from storyline.annotate.temporal.rules import RULES, Rule
from storyline.annotate.temporal.values import is_dct_day
from storyline.model import Sentence, TimeExpr, TimexAnchor

#: every rule's patterns, compiled once, in the order that settles ties
PATTERNS = compile_patterns(RULES)
#: rules whose DCT-anchored use marks a text as news told from its date (no narrative year then)
_DEICTIC_RULES = frozenset(
    {"dayword", "weekday", "this_pod", "time", "rel_unit", "part_rel", "ago", "year_ago", "quarter", "day_around"}
)


class TemporalTagger:
    """Finds and normalizes TIMEX3 expressions in a parsed document.

    Construct once; ``tag`` keeps no state between calls.

    Examples
    --------
    >>> tagger = TemporalTagger()
    >>> [t.value for t in tagger.tag(doc, datetime.date(2019, 9, 24), sentences)]  # doctest: +SKIP
    ['2019-09-30', '2019-W39']
    """

    def find(self, ctx: Context) -> list[tuple[Rule, re.Match[str]]]:
        """All plausible matches, overlaps settled by length (then rule order), in text order.

        Where lower-casing folds the text as the rules' IGNORECASE does, the rules run on the lower-cased
        text without folding case (``matching``), and each match is taken again from the text itself
        at the same place, so that the normalizers read the words as written. There, most rules look
        only near the words their every match holds (``match_windows``).
        """
        text = ctx.text
        lowered = text.lower()
        fold_by_lowering = len(lowered) == len(text) and not FOLDS_APART.search(text)
        scanned = ScannedText(lowered)
        candidates = []
        for priority, compiled in enumerate(PATTERNS):
            rule = compiled.rule
            if rule.triggers is not None and not any(t in lowered for t in rule.triggers):
                continue  # none of the words this rule needs is in the text
            matches = (
                matches_by_lowering(compiled.pattern, compiled.lowered, compiled.windows, text, scanned)
                if fold_by_lowering
                else None
            )
            for match in compiled.pattern.finditer(text) if matches is None else matches:
                if match.end() > match.start() and not FOLDED_LETTER.search(match.group(0)):
                    candidates.append((match.start() - match.end(), priority, match.start(), rule, match))
        candidates.sort(key=lambda c: c[:3])
        taken = bytearray(len(text) + 1)
        chosen = []
        for _, _, start, rule, match in candidates:
            end = match.end()
            if 1 in taken[start:end]:
                continue
            if not self._plausible(rule, match, ctx):
                continue
            taken[start:end] = b"\x01" * (end - start)
            chosen.append((rule, match))
        chosen.sort(key=lambda c: c[1].start())
        return chosen

    @staticmethod
    def _plausible(rule: Rule, match: re.Match[str], ctx: Context) -> bool:
        """The rule's own filter, after the one every rule shares: not inside a title ("the Hope For Haiti Now
        telethon", "Breitbart News Daily", "CBS This Morning", the ''Today'' show)."""
        if not rule.may_be_a_title and (
            in_a_title(match.group(0), ctx, match.start())
            or quoted_title(match.group(0), ctx.text, match.start(), match.end())
        ):
            return False
        return rule.plausible(match, ctx)

    def tag(self, doc: Doc, dct: dt.date | None, sentences: list[Sentence]) -> list[TimeExpr]:
        from storyline.annotate.nlp import SentenceLocator

        ctx = Context(doc, dct)
        locate = SentenceLocator(sentences)
        out: list[TimeExpr] = []
        undated_clocks: list[int] = []  # indexes in out of clock times that took a day by default
        for rule, match in self.find(ctx):
            name = rule.name
            ctx.sentence = locate(match.start())
            norm = rule.value(match, ctx)
            if norm is None:
                continue
            if name in ("time", "time24") and not any(match.groupdict().get(g) for g in ("wd", "word", "tmonth")):
                undated_clocks.append(len(out))
            start, end = norm.span or (match.start(), match.end())
            resolved = norm.value[:1].isdigit() and "X" not in norm.value
            if (
                norm.type in ("DATE", "TIME")
                and resolved
                and norm.anchor != "none"
                and not norm.background
                and not deadline_ahead(ctx, start, norm.value)
            ):
                written_far = (
                    norm.anchor == "absolute"
                    and ctx.dct is not None
                    and abs(int(norm.value[:4]) - ctx.dct.year) > FAR_YEARS
                )
                # a far year in an aside, or one a state has lasted since ("the emergency law, in force since
                # 1963"), is background, not the year the story is told in
                since = ctx.after_since(start)
                ctx.remember(
                    norm.value,
                    norm.anchor,
                    in_aside=written_far
                    and (
                        in_an_aside(ctx, start, end)
                        or since
                        or in_brackets(ctx.text, start, end)
                        or len(norm.value) == 4
                        and names_an_event(ctx, start, end)
                    ),
                    starting_point=since,
                )
                ctx.last_rule = name
                ctx.dct_uses += (
                    norm.anchor == "dct"
                    and name in _DEICTIC_RULES
                    or norm.anchor == "absolute"
                    and is_dct_day(norm.value, ctx.dct)
                )
            elif norm.value == "PRESENT_REF" and ctx.tense_only(start, end) != "past" and not ctx.in_quotation(start):
                ctx.dct_uses += 1  # "The year was 1991 … officials now are considering": back in the DCT's time
            if norm.anchor == STAND_IN:
                norm.anchor = "dct"
            out.append(
                TimeExpr(
                    start=start,
                    end=end,
                    text=ctx.text[start:end],
                    type=norm.type,
                    value=norm.value,
                    sentence=ctx.sentence,
                    mod=norm.mod,
                    resolved=resolved and norm.type in ("DATE", "TIME"),
                    anchor=cast(TimexAnchor, norm.anchor) if resolved else "none",
                )
            )
        date_clocks_by_following_day(out, undated_clocks, ctx.text)
        range_days(out, ctx.text, locate)
        apposed_days(out, ctx.text)
        clocks_after_dates(out, ctx.text)
        parts_of_days(out, ctx.text)
        return out


def tag_text(text: str, dct: dt.date | None, nlp: Language) -> list[TimeExpr]:
    """Parse ``text`` with ``nlp`` and tag its time expressions (for the CLI and tests)."""
    from storyline.annotate.nlp import prepared, sentences_of

    doc = prepared(nlp)(text)
    return TemporalTagger().tag(doc, dct, sentences_of(doc))
