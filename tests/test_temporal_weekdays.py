"""The temporal tagger.

Weekdays and weeks counted from the DCT: the clause's tense, what the sentence reports and the day
the paper comes out choose which one is meant.

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import SUN, THU, WED, one


def test_weekend_follows_tense(nlp):
    past = one(nlp, "The board chose to break off talks this weekend.", SUN, "this weekend")
    assert past.value == "2019-W39-WE"
    future = one(nlp, "The teams will keep talking through the weekend.", WED, "the weekend")
    assert future.value == "2019-W40-WE"


def test_a_possessive_weekday_awaited_looks_ahead(nlp):
    # "Friday's rally" is one already held, unless the clause waits for it (WED = 2019-10-02)
    assert one(nlp, "Thousands are expected at Friday's rally.", WED, "Friday").value == "2019-10-04"
    assert one(nlp, "Markets await Friday's jobs report.", WED, "Friday").value == "2019-10-04"
    assert one(nlp, "Traders digested Friday's jobs report.", WED, "Friday").value == "2019-09-27"
    assert one(nlp, "Friday's ruling is a blow to the union.", WED, "Friday").value == "2019-09-27"


def test_a_weekday_named_for_an_event_is_not_the_nearest_weekday(nlp):
    # THU = 2019-09-05; Thanksgiving 2018 fell on November 22, Easter 2019 on April 21
    assert one(nlp, "Shoppers queued for hours on Black Friday.", THU, "Black Friday").value == "2018-11-23"
    assert one(nlp, "Online sales doubled on Cyber Monday.", THU, "Cyber Monday").value == "2018-11-26"
    assert one(nlp, "Bakers sold out of pancakes on Shrove Tuesday.", THU, "Shrove Tuesday").value == "2019-03-05"
    # a day named for what happened on it, with no date in the words, stays unknown
    for text, name in (
        ("Brokers still speak of Black Monday with dread.", "Black Monday"),
        ("The senator is counting on Super Tuesday.", "Super Tuesday"),
        ("Marchers remembered Bloody Sunday in the rain.", "Bloody Sunday"),
    ):
        found = one(nlp, text, THU, name)
        assert (found.value, found.resolved) == ("XXXX-XX-XX", False)
    # in lower case the words describe a weekday, which keeps its own value
    assert one(nlp, "It was a black Friday for the market, traders said.", THU, "Friday").value == "2019-08-30"
    assert tag_text("Turnout was high on election day.", THU, nlp) == []  # any country's


def test_a_weekday_s_event_reported_with_would_lies_behind(nlp):
    dct = dt.date(2011, 2, 3)  # a Thursday
    text = "The prime minister said Wednesday's attacks on demonstrators would be investigated."
    assert one(nlp, text, dct, "Wednesday").value == "2011-02-02"
    assert one(nlp, "Friday's vote will decide the matter.", dct, "Friday").value == "2011-02-04"


def test_a_weekday_of_a_deed_a_present_state_follows_lies_behind(nlp):
    text = "The man is in a stable condition in hospital, after seeking treatment on Thursday night."
    assert one(nlp, text, dt.date(2009, 5, 2), "Thursday night").value == "2009-04-30TNI"
    # a present clause without "after" still looks ahead
    text = "The man seeks treatment on Thursday night."
    assert one(nlp, text, dt.date(2009, 5, 2), "Thursday night").value == "2009-05-07TNI"


def test_a_weekday_s_event_something_happens_by_lies_ahead(nlp):
    sat = dt.date(2011, 2, 5)
    text = "Forecasters say there is a chance of a rain and snow mix by Sunday evening's kickoff."
    assert one(nlp, text, sat, "Sunday evening").value == "2011-02-06TEV"
    text = "Iraqis abroad start voting ahead of Thursday's general election."
    assert one(nlp, text, sat, "Thursday").value == "2011-02-10"
    # a present clause measuring from before a weekday's event still looks back
    text = "Its share of 7% before Friday's purchases is far below the leaders'."
    assert one(nlp, text, sat, "Friday").value == "2011-02-04"


def test_a_weekday_a_past_report_expected_is_the_nearest(nlp):
    thu = dt.date(2011, 1, 27)
    text = "Washington was expected to receive 4 to 6 inches of snow Wednesday evening, he said."
    assert one(nlp, text, thu, "Wednesday evening").value == "2011-01-26TEV"
    text = "Another flight was scheduled to land Monday."
    assert one(nlp, text, dt.date(2011, 1, 30), "Monday").value == "2011-01-31"
    # what is expected now still lies ahead
    assert one(nlp, "The minister is expected to meet rebels on Wednesday.", thu, "Wednesday").value == "2011-02-02"


def test_this_weekday_in_a_past_clause_is_this_weeks(nlp):
    tue = dt.date(2019, 4, 23)
    text = "Organisers held a rehearsal for the parade this Saturday."
    assert one(nlp, text, tue, "this Saturday").value == "2019-04-27"
    assert one(nlp, "This Monday he resigned.", tue, "This Monday").value == "2019-04-22"


def test_a_weekday_someone_hoped_for_is_the_nearest(nlp):
    text = "Many workers hoped to return to work on Friday, but the trains stayed in their depots."
    assert one(nlp, text, dt.date(2019, 12, 7), "Friday").value == "2019-12-06"  # a Saturday's paper


def test_that_opening_a_clause_is_no_determiner_of_the_weekday(nlp):
    dct = dt.date(2005, 11, 29)  # a Tuesday
    text = "The vice president said Tuesday that Sunday's congressional elections will go ahead."
    assert one(nlp, text, dct, "Sunday").value == "2005-12-04"
    text = "It was immediately obvious that Tuesday 's quake would be an appalling disaster."
    assert one(nlp, text, dt.date(2010, 1, 13), "Tuesday").value == "2010-01-12"


def test_a_sunday_papers_this_week_ahead_is_the_week_it_opens(nlp):
    sunday = dt.date(2016, 7, 24)
    assert one(nlp, "Gore will skip this week's convention.", sunday, "this week").value == "2016-W30"
    assert one(nlp, "He's not available this week, his aide wrote.", sunday, "this week").value == "2016-W30"
    assert one(nlp, "The council met twice this week.", sunday, "this week").value == "2016-W29"
    assert one(nlp, "Gore will skip this week's convention.", dt.date(2016, 7, 25), "this week").value == "2016-W30"


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        ("The debate turned nasty ahead of New York's Tuesday primary.", dt.date(2016, 4, 15), "Tuesday", "2016-04-19"),
        (
            "Kim arrived on Sunday, ahead of their summit scheduled for this Tuesday.",
            dt.date(2018, 6, 10),
            "this Tuesday",
            "2018-06-12",
        ),
        ("He campaigned on Sunday ahead of Tuesday's primary.", dt.date(2016, 4, 21), "Tuesday", "2016-04-19"),
        # beside the phrase, not inside it: the clause's own tense decides
        (
            "Working hard ahead of the poll, the party on Tuesday reached agreement.",
            dt.date(1997, 4, 30),
            "Tuesday",
            "1997-04-29",
        ),
    ],
)
def test_a_weekday_inside_ahead_of_lies_after_the_clauses_own_day(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


def test_what_someone_could_not_or_would_not_do_on_a_weekday_is_past(nlp):
    thu = dt.date(2000, 1, 6)
    for text, day, value in (
        ("Officials could not be reached for comment Wednesday.", "Wednesday", "2000-01-05"),
        ("Neither he nor his grandparents could be located Wednesday in their hometown.", "Wednesday", "2000-01-05"),
        ("Allen wouldn't budge Friday from the standard prediction.", "Friday", "1999-12-31"),
    ):
        assert one(nlp, text, thu, day).value == value, text
    # a bound, a report of what is to come and a supposition still look ahead
    assert one(nlp, "The strike could not begin until Friday.", thu, "Friday").value == "2000-01-07"
    assert one(nlp, "He said he would not attend the summit on Friday.", thu, "Friday").value == "2000-01-07"
    assert (
        one(nlp, "If the talks fail, the union would not return to work on Monday.", thu, "Monday").value
        == "2000-01-10"
    )


def test_a_weekend_papers_this_past_week_is_the_week_now_ending(nlp):
    text = "The chairman this past week announced a new website."
    assert one(nlp, text, dt.date(2016, 4, 2), "this past week").value == "2016-W13"  # a Saturday
    assert one(nlp, text, dt.date(2016, 5, 24), "this past week").value == "2016-W20"  # a Tuesday: the week before
