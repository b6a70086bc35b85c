"""The temporal tagger. Durations: counted, vague and unsaid spans of time.

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import THU, TUE, one


def test_durations_and_sets(nlp):
    text = "A 17-day countdown began. Staff take 15 sick days per year and strike for five days."
    found = {t.text: t for t in tag_text(text, THU, nlp)}
    assert (found["17-day"].type, found["17-day"].value) == ("DURATION", "P17D")
    assert (found["per year"].type, found["per year"].value) == ("SET", "P1Y")
    assert (found["five days"].type, found["five days"].value) == ("DURATION", "P5D")
    assert not found["17-day"].resolved


def test_a_fortnight_is_two_weeks(nlp):
    found = tag_text("The strike began a fortnight ago.", dt.date(2019, 10, 2), nlp)
    assert [(e.text, e.value) for e in found] == [("a fortnight ago", "2019-W38")]


def test_compound_duration_leaves_the_determiner_to_its_noun(nlp):
    found = {t.text: t.value for t in tag_text("The 10-day tour ended its three-month-long run.", TUE, nlp)}
    assert found == {"10-day": "P10D", "three-month-long": "P3M"}
    assert one(nlp, "They stayed for the 10 days before the vote.", TUE, "the 10 days").value == "P10D"


def test_some_years_after_for_is_a_duration(nlp):
    found = one(nlp, "We have been preparing for some years.", THU, "some years")
    assert (found.type, found.value) == ("DURATION", "PXY")
    # a vague day, and quarters that are places, are no durations
    assert tag_text("Some day they will leave.", THU, nlp) == []
    assert tag_text("He was criticised in some quarters.", THU, nlp) == []


def test_a_plural_unit_with_nothing_counting_it_is_a_span_of_unsaid_length(nlp):
    text = (
        "She crossed the border days after a sniper killed the doctor. Hours later, the police arrived. "
        "After weeks of protests the government gave in."
    )
    found = {t.text: (t.type, t.value) for t in tag_text(text, dt.date(1998, 11, 20), nlp)}
    assert found == {"days": ("DURATION", "PXD"), "Hours later": ("DURATION", "PTXH"), "weeks": ("DURATION", "PXW")}


def test_a_range_of_counts_is_one_span_of_open_length(nlp):
    text = (
        "I thought I had been there for five or six days. The board needs the next 12 to 18 months. "
        "They were sentenced in 1995 to 15 years. The birds died one to two weeks before she fell ill."
    )
    found = [(t.text, t.value) for t in tag_text(text, dt.date(2010, 1, 25), nlp)]
    assert found == [
        ("five or six days", "PXD"),
        ("the next 12 to 18 months", "PXM"),
        ("1995", "1995"),
        ("15 years", "P15Y"),
        ("two weeks", "P2W"),
    ]


def test_abbreviated_units_and_the_bbc_s_uk_clock(nlp):
    dct = dt.date(2011, 9, 13)
    assert one(nlp, "BP shares slide - 8 hrs ago STV.", dct, "8 hrs ago").value == "2011-09-13"
    assert (
        one(nlp, "Page last updated at 09:14 GMT, Tuesday, 13 September 2011 10:14 UK", dct, "10:14 UK").value
        == "2011-09-13T10:14"
    )


def test_a_plural_unit_before_of_is_a_span_after_any_word_that_does_not_count_or_pick_it_out(nlp):
    text = "The merger follows months of twists and turns. Voters ended decades of two-party rule."
    found = {t.text: (t.type, t.value) for t in tag_text(text, dt.date(2015, 12, 22), nlp)}
    assert found == {"months": ("DURATION", "PXM"), "decades": ("DURATION", "PXDE")}
    counted = "The plant makes kilowatt-hours of power. Raids began in the early morning hours of the raid's day."
    assert [t.text for t in tag_text(counted, dt.date(2015, 12, 22), nlp)] == []


def test_over_the_years_and_all_these_years_are_spans_of_unsaid_length(nlp):
    text = "He has never missed over the years. All these years later, the law stands. All those days I waited."
    found = {t.text: (t.type, t.value) for t in tag_text(text, dt.date(2010, 9, 16), nlp)}
    assert found == {
        "the years": ("DURATION", "PXY"),
        "All these years": ("DURATION", "PXY"),
        "All those days": ("DURATION", "PXD"),
    }
    named = "The encyclopedia appeared over the years 1751-1777, through the years of the war."
    assert "the years" not in [t.text for t in tag_text(named, dt.date(2010, 9, 16), nlp)]


def test_past_with_a_plural_unit_is_the_past_and_keeps_its_unit(nlp):
    text = "There were sell programs in past years. He said so during the past months."
    found = [(t.text, t.value) for t in tag_text(text, dt.date(2016, 8, 6), nlp)]
    assert found == [("past years", "PAST_REF"), ("the past months", "PAST_REF")]


def test_the_end_of_a_span_still_ahead_does_not_move_the_story_there(nlp):
    text = "He signed a new contract until 2025, the club announced. Reports earlier in the day claimed he had left."
    assert one(nlp, text, dt.date(2022, 5, 21), "the day").value == "2022-05-21"


@pytest.mark.parametrize(
    "text, expression, value",
    [
        # units to come are a span of unsaid length, like "the years ahead"
        ("Gulf residents will be feeling the pain for years to come.", "years to come", "PXY"),
        ("The alliance will hold in the years to come.", "the years to come", "PXY"),
        ("It will shape policy for many years to come.", "many years to come", "PXY"),
        ("How he will spend the months to come is unclear.", "the months to come", "PXM"),
        # a unit-long compound lasts that unit; "a" before a plural unit counts nothing
        ("Obama was to depart on a weeklong trip.", "weeklong", "P1W"),
        ("He emerged from an hourlong meeting.", "hourlong", "PT1H"),
        ("It ended a yearlong inquiry.", "yearlong", "P1Y"),
        ("It ended a weeks-long strike.", "weeks-long", "PXW"),
        ("It broke a decades-long silence.", "decades-long", "PXDE"),
        ("It was a month-long strike.", "month-long", "P1M"),
        # "only" or "just" before a bare plural unit: a span of unsaid length
        ("The deal is far from done, with only days to go till the deadline.", "days", "PXD"),
        ("Struggling challengers have only weeks to make their case.", "weeks", "PXW"),
    ],
)
def test_spans_named_by_their_unit_are_durations(nlp, text, expression, value):
    expr = one(nlp, text, TUE, expression)
    assert (expr.type, expr.value) == ("DURATION", value)


def test_the_next_or_past_fortnight_is_two_weeks(nlp):
    wed = dt.date(2010, 8, 4)
    for text, expression in (
        ("The shaft will be completed in the next fortnight.", "the next fortnight"),
        ("Sales fell over the past fortnight.", "the past fortnight"),
    ):
        found = one(nlp, text, wed, expression)
        assert (found.type, found.value) == ("DURATION", "P2W"), text
