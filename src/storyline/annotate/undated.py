"""What an undated article's time expressions would mean on each day of the week it might be from.

An article with no publication date leaves "on Monday" or "two days ago" unresolved.  Tagged again
as if published on each day of one reference week, the same words give, for each weekday, how many
days the day named lies from the publication date.  Date inference (``storyline.dating``) reads
these offsets to test a candidate day without parsing the article again.
"""

from __future__ import annotations

import datetime as dt
import re

from spacy.tokens import Doc

from storyline.annotate.temporal import TemporalTagger
from storyline.annotate.temporal.tense import clause_tense
from storyline.model import Sentence, TimeExpr

#: Monday 11 June 2001 … Sunday 17 June 2001: any week far from month and year ends would do
REFERENCE_WEEK = tuple(dt.date(2001, 6, 11) + dt.timedelta(days=i) for i in range(7))

#: a day that hangs on the publication date alone: a weekday ("XXXX-WXX-1") or a relative day ("XXXX-XX-XX")
_DCT_DAY = re.compile(r"XXXX-(?:WXX-\d|XX-XX)")
_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def describe_undated(tagger: TemporalTagger, doc: Doc, sentences: list[Sentence], timexes: list[TimeExpr]) -> None:
    """Give each dated-kind expression of an undated article its clause's tense, and each day that hangs on
    the publication date its offsets over the reference week (in place)."""
    for timex in timexes:
        if timex.type in ("DATE", "TIME"):
            timex.tense = clause_tense(doc, timex.start, timex.end)[0]
    wanted = {
        (t.start, t.end): t
        for t in timexes
        if t.type in ("DATE", "TIME") and not t.resolved and _DCT_DAY.match(t.value)
    }
    if not wanted:
        return
    for expression in wanted.values():
        expression.offsets = [None] * 7
    for weekday, reference in enumerate(REFERENCE_WEEK):
        for other in tagger.tag(doc, reference, sentences):
            found = wanted.get((other.start, other.end))
            day = day_of(other.value) if found is not None else None
            if found is None or day is None or found.offsets is None:
                continue
            found.offsets[weekday] = (day - reference).days


def day_of(value: str) -> dt.date | None:
    """The calendar day a TIMEX3 value opens with ("2019-09-23", "2019-09-23T10:00"), if it names one."""
    match = _DAY.match(value)
    if not match:
        return None
    try:
        return dt.date(*(int(g) for g in match.groups()))
    except ValueError:
        return None
