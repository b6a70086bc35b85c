"""The temporal tagger. Times of day: clock times, parts of the day, datelines, and the day a clock belongs to.

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import THU, TUE, one


def test_clock_time_with_a_date_and_the_last_half(nlp):
    found = one(nlp, "The offer expires at 5 p.m. EDT, Oct. 8, the company said.", TUE, "5 p.m. EDT, Oct. 8")
    assert (found.type, found.value) == ("TIME", "2019-10-08T17:00")
    assert one(nlp, "Sales should recover in the last half of 2020.", TUE, "the last half of 2020").value == "2020-H2"


def test_informal_clock_times_and_unit_abbreviations(nlp):
    found = one(nlp, "Doors open at 430pm near the pier.", TUE, "430pm")
    assert (found.type, found.value) == ("TIME", "2019-09-24T16:30")
    found = one(nlp, "We queued for 7hrs and then 30 mins more.", TUE, "7hrs")
    assert (found.type, found.value) == ("DURATION", "PT7H")
    assert one(nlp, "We queued for 7hrs and then 30 mins more.", TUE, "30 mins").value == "PT30M"


def test_a_clock_time_takes_the_day_written_right_after_it(nlp):
    text = "The bridge collapsed at 10:35 a.m. (0835 GMT) Sunday, officials said."
    assert one(nlp, text, TUE, "10:35 a.m.").value == "2019-09-22T10:35"
    # a day later in the sentence, not right after the clock, does not date it
    assert one(nlp, "The talks resumed at 9 a.m. and ended on Sunday.", TUE, "9 a.m.").value == "2019-09-24T09:00"


def test_a_clock_time_in_a_past_clause_takes_the_story_day(nlp):
    text = "The doctor came home on Friday. He was shot at 10 p.m. as he stood in the kitchen."
    assert one(nlp, text, TUE, "10 p.m.").value == "2019-09-20T22:00"
    text = "The doctor came home on Friday. The clinic opens at 9 a.m. on weekdays."
    assert one(nlp, text, TUE, "9 a.m.").value == "2019-09-24T09:00"


def test_military_clock_times(nlp):
    found = one(nlp, "The column halted at 03:00hrs near the river.", TUE, "03:00hrs")
    assert (found.type, found.value) == ("TIME", "2019-09-24T03:00")
    assert [t.text for t in tag_text("The column halted at 03:00hrs near the river.", TUE, nlp)] == ["03:00hrs"]


def test_a_day_and_month_stamp_keeps_its_day_before_a_clock_time(nlp):
    # page stamps: "Page last updated at 14:07 GMT, Friday, 3 June 2011 15:07 UK", "Monday 21 February 2011 16.58 GMT"
    text = "Posted by a reader on Monday 21 February 2011 16.58 GMT."
    assert one(nlp, text, THU, "Monday 21 February 2011 16.58 GMT").value == "2011-02-21T16:58"
    # with a colon the clock joins the day it follows, one TIME as TimeML writes it
    text = "Updated Friday, 3 June 2011 15:07 UK."
    assert one(nlp, text, THU, "Friday, 3 June 2011 15:07 UK").value == "2011-06-03T15:07"
    # a page that names its own day is told in its time, not a history of the far years it mentions
    text = (
        "Monday 11 July 2005 00.03 BST Shortly after September 11 2001, the adviser got to work. Six months "
        "later, she said so. The bombings of July 7 changed nothing."
    )
    assert one(nlp, text, dt.date(2005, 7, 11), "July 7").value == "2005-07-07"


def test_a_24_hour_clock_after_at(nlp):
    text = "On 11 November 1918 he was shot by a sniper at 10:57 and died at 10:58."
    assert one(nlp, text, dt.date(2009, 12, 19), "10:57").value == "1918-11-11T10:57"
    assert one(nlp, "At 2:30 this afternoon, Senator McCain returned.", THU, "2:30").value == "2019-09-05T14:30"
    # prices and odds are no clock times
    assert tag_text("The rand was bid at 6.5160 and gold at 495.60 dollars.", THU, nlp) == []
    assert tag_text("Bookmakers offered odds at 3:1.", THU, nlp) == []


def test_a_clock_written_with_a_dot(nlp):
    dct = dt.date(2009, 5, 1)
    assert one(nlp, "At 6.30 p.m. the rain stopped.", dct, "6.30 p.m.").value == "2009-05-01T18:30"
    # not "00 pm" at noon
    assert [(t.text, t.value) for t in tag_text("1.00 pm: The electricity was back.", dct, nlp)] == [
        ("1.00 pm", "2009-05-01T13:00")
    ]


def test_a_clock_in_a_past_clause_takes_no_day_after_the_dct(nlp):
    text = "The president is due to visit on 13 April. In the 24 hours to 6am, 40 people were admitted."
    assert one(nlp, text, dt.date(2013, 3, 22), "6am").value == "2013-03-22T06:00"
    # a day named before the DCT still dates it
    text = "The clinic was attacked on 13 March. In the 24 hours to 6am, 40 people were admitted."
    assert one(nlp, text, dt.date(2013, 3, 22), "6am").value == "2013-03-13T06:00"


def test_a_clock_takes_the_day_first_date_written_after_its_weekday(nlp):
    text = "Police were called to the flat shortly after 11pm on Sunday 17 March."
    found = one(nlp, text, dt.date(2013, 3, 22), "shortly after 11pm on Sunday 17 March")
    assert (found.type, found.value) == ("TIME", "2013-03-17T23:00")


@pytest.mark.parametrize(
    "text, expression, value",
    [
        (
            "Updated: Mar 22, 2013 12:01 IST. The ministry said the talks would go on.",
            "Mar 22, 2013 12:01 IST",
            "2013-03-22T12:01",
        ),
        (
            "Posted Thursday, March 21, 2013 - 07:57 PM by the news desk.",
            "Thursday, March 21, 2013 - 07:57 PM",
            "2013-03-21T19:57",
        ),
        ("Last updated: 21/03/13 6:20pm. The club said it would act.", "21/03/13 6:20pm", "2013-03-21T18:20"),
        (
            "Filed (March 20, 2013, 3:38 PM EDT) -- The lawsuit was heard.",
            "March 20, 2013, 3:38 PM EDT",
            "2013-03-20T15:38",
        ),
    ],
)
def test_a_day_and_the_clock_written_after_it_are_one_time(nlp, text, expression, value):
    found = one(nlp, text, dt.date(2013, 3, 22), expression)
    assert (found.type, found.value) == ("TIME", value)


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        ("The judge sentenced him to 22½ years in prison.", dt.date(2021, 6, 25), "22½ years", "DURATION", "P22Y6M"),
        (
            "He moved to Paris two summers ago for a record fee.",
            dt.date(2019, 8, 29),
            "two summers ago",
            "DATE",
            "2017-SU",
        ),
        (
            "The rocket lifted off from the island at 02.51 hr on Monday.",
            dt.date(2019, 7, 22),
            "02.51 hr on Monday",
            "TIME",
            "2019-07-22T02:51",
        ),
        (
            "The storm made landfall after 6am Friday morning.",
            dt.date(2018, 9, 14),
            "6am Friday morning",
            "TIME",
            "2018-09-14T06:00",
        ),
        ("Polls opened at 07:30 IST in the capital.", dt.date(2019, 4, 11), "07:30 IST", "TIME", "2019-04-11T07:30"),
    ],
)
def test_clocks_and_spans_written_the_way_modern_news_writes_them(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


def test_hours_written_with_a_dot_are_a_span_unless_after_at(nlp):
    text = "The crew slept for 2.51 hrs before the launch."
    assert one(nlp, text, dt.date(2019, 7, 22), "2.51 hrs").type == "DURATION"


@pytest.mark.parametrize(
    "text, expression, value",
    [
        (
            "WASHINGTON | Thu Apr 30 , 2009 4:32 pm EDT WASHINGTON ( Reuters ) - Officials said so.",
            "Thu Apr 30 , 2009 4:32 pm EDT",
            "2009-04-30T16:32",
        ),
        (
            "Page last updated at 05:27 GMT, Tuesday, 27 September 2011 06:27 UK",
            "05:27 GMT, Tuesday, 27 September 2011",
            "2011-09-27T05:27",
        ),
        (
            "Health officials announce a third death Sunday 10 May 2009 14.27 BST The US toll rose.",
            "Sunday 10 May 2009 14.27 BST",
            "2009-05-10T14:27",
        ),
        (
            "This article appeared on 09.06 BST on Tuesday 10 August 2010.",
            "09.06 BST on Tuesday 10 August 2010",
            "2010-08-10T09:06",
        ),
    ],
)
def test_datelines_and_page_stamps_are_one_time(nlp, text, expression, value):
    found = one(nlp, text, dt.date(2011, 9, 27), expression)
    assert (found.type, found.value) == ("TIME", value)


def test_a_bracketed_conversion_keeps_a_clock_and_its_day_apart(nlp):
    found = tag_text("It struck at 10:35 a.m. (0735 GMT) Friday.", dt.date(2019, 9, 27), nlp)
    assert [(t.text, t.value) for t in found] == [("10:35 a.m.", "2019-09-27T10:35"), ("Friday", "2019-09-27")]


def test_overnight_is_the_night_a_report_tells_of(nlp):
    dct = dt.date(2011, 8, 9)
    text = (
        "About 70 people were rescued overnight. Rebels reinforced their positions Sunday and overnight into "
        "Monday. Crews will work overnight. Banks lent at the overnight rate."
    )
    assert [(t.text, t.value) for t in tag_text(text, dct, nlp) if t.text == "overnight"] == [
        ("overnight", "2011-08-08TNI"),
        ("overnight", "2011-08-07TNI"),
        ("overnight", "2011-08-09TNI"),
    ]


@pytest.mark.parametrize(
    "text, expression, type_, value",
    [
        ("The race was called less than a half-hour after polls closed.", "less than a half-hour", "DURATION", "PT30M"),
        ("He waited half an hour for the bus.", "half an hour", "DURATION", "PT30M"),
        ("She spent a quarter-century in Congress.", "a quarter-century", "DURATION", "P25Y"),
        ("Services will be held on Friday, April 1 at noon.", "Friday, April 1 at noon", "TIME", "2016-04-01T12:00"),
        ("The vote closes Tuesday midnight.", "Tuesday midnight", "TIME", "2016-04-05T24:00"),
    ],
)
def test_half_hours_quarter_centuries_and_named_clocks_after_a_date(nlp, text, expression, type_, value):
    found = one(nlp, text, dt.date(2016, 4, 1), expression)
    assert (found.type, found.value) == (type_, value)


def test_a_weekday_and_its_clock_after_at_stay_two(nlp):
    found = tag_text("We meet Friday at 3 p.m. and today at 9am.", dt.date(2016, 4, 1), nlp)
    assert [t.text for t in found] == ["Friday", "3 p.m.", "today", "9am"]


def test_an_early_late_or_mid_part_of_the_day_in_focus(nlp):
    mon = dt.date(2011, 9, 26)
    found = one(nlp, "Shares were up 2 percent by late morning on the exchange.", mon, "late morning")
    assert (found.type, found.value, found.mod) == ("TIME", "2011-09-26TMO", "END")
    assert one(nlp, "By mid afternoon, sources said it was over.", mon, "mid afternoon").value == "2011-09-26TAF"
    # the day written beside it, or the noun after it, decides
    for text in (
        "In the early morning hours of 30 April, troops left.",
        "A late-afternoon session began.",
        "Police raided homes Tuesday late morning.",
    ):
        assert not [t for t in tag_text(text, mon, nlp) if "morning" in t.text or "afternoon" in t.text], text


def test_dawn_nightfall_and_sunrise_are_parts_of_the_day_in_focus(nlp):
    tue = dt.date(2011, 8, 9)
    text = "Rebels attacked on Monday. They had made no progress by nightfall. Before sunrise, police deployed."
    assert [(t.text, t.type, t.value) for t in tag_text(text, tue, nlp) if t.text != "Monday"] == [
        ("nightfall", "TIME", "2011-08-08TNI"),
        ("sunrise", "TIME", "2011-08-08TMO"),
    ]
    assert one(nlp, "Bombs fell in the pre-dawn strikes.", tue, "pre-dawn").value == "2011-08-09TMO"
    # a name and a clause of a law are no time of day
    for text in ("His wife, Dawn, was ill.", "The sunset clause expired.", "Dawn broke over the city."):
        assert not [t for t in tag_text(text, tue, nlp) if t.text.lower() in ("dawn", "sunset")], text
