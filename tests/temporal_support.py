"""Dates and a helper the temporal tagger's tests share."""

from __future__ import annotations

import datetime as dt

from storyline.annotate.temporal import tag_text

D = dt.date
TUE = dt.date(2019, 9, 24)
THU = dt.date(2019, 9, 5)
SUN = dt.date(2019, 9, 29)
WED = dt.date(2019, 10, 2)
JUN_10 = dt.date(2024, 6, 10)
JUN_12 = dt.date(2024, 6, 12)  # a Wednesday


def one(nlp, text: str, dct: dt.date | None, expression: str):
    """The single timex whose text is ``expression``."""
    found = [t for t in tag_text(text, dct, nlp) if t.text == expression]
    assert len(found) == 1, f"{expression!r} not found once in {[t.text for t in tag_text(text, dct, nlp)]}"
    return found[0]
