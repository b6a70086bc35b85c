"""The temporal tagger. Sets: recurring times ("every Monday", "twice a year", "daily").

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import THU, TUE, one


def test_over_as_a_preposition_and_twice_a_year(nlp):
    found = one(nlp, "Prices have doubled over the past two decades.", TUE, "the past two decades")
    assert (found.type, found.value, found.mod) == ("DURATION", "P2DE", None)
    found = one(nlp, "The council meets twice a year in the old hall.", TUE, "a year")
    assert (found.type, found.value) == ("SET", "P1Y")
    texts = [t.text for t in tag_text("The rebels attacked early Wednesday, overnight.", TUE, nlp)]
    assert texts == ["early Wednesday", "overnight"]  # "overnight" is a night of its own, not part of the day named


def test_every_season_is_a_set(nlp):
    found = one(nlp, "The festival is held every summer in the old town.", THU, "every summer")
    assert (found.type, found.value) == ("SET", "XXXX-SU")
    assert one(nlp, "Each winter the lake freezes.", THU, "Each winter").value == "XXXX-WI"
    # one summer spent is no set
    assert tag_text("She spent a summer in Paris.", THU, nlp) == []


@pytest.mark.parametrize(
    "text, expression, value",
    [
        ("We like to spend our Friday nights poring over polls.", "Friday nights", "XXXX-WXX-5TNI"),
        ("Monday mornings are for meetings.", "Monday mornings", "XXXX-WXX-1TMO"),
    ],
)
def test_a_weekday_with_plural_parts_of_the_day_recurs(nlp, text, expression, value):
    expr = one(nlp, text, TUE, expression)
    assert (expr.type, expr.value) == ("SET", value)
    assert one(nlp, "He left on Friday night.", TUE, "Friday night").type == "TIME"


def test_every_single_day_recurs_and_will_one_day_is_some_day_to_come(nlp):
    mon = dt.date(2016, 6, 20)
    found = one(nlp, "They will remind voters every single day until November.", mon, "every single day")
    assert (found.type, found.value) == ("SET", "P1D")
    found = one(nlp, "Islam will one day be the second largest religion in the country.", mon, "one day")
    assert (found.type, found.value) == ("DATE", "FUTURE_REF")
    found = one(nlp, "He had only been in the job one day.", mon, "one day")
    assert (found.type, found.value) == ("DURATION", "P1D")
