"""The temporal tagger. Look-alikes: words and numbers that resemble time expressions and are left untagged.

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import THU, TUE, one


def test_fractions_and_past_perfect_plans(nlp):
    found = {t.text: t for t in tag_text("He served 2 1/2 years; the hearing lasted 5 1/2 hours.", THU, nlp)}
    assert found["2 1/2 years"].value == "P2Y6M"
    assert found["5 1/2 hours"].value == "PT5H30M"
    # the offer had been due to expire: a plan already past, so Friday looks back from a Thursday DCT
    assert one(nlp, "The offer had been scheduled to expire Friday.", THU, "Friday").value == "2019-08-30"


def test_look_alikes_are_not_tagged(nlp):
    text = "Workers may march to the legislature. A 22-year-old driver sold 2000 tickets."
    assert [t.text for t in tag_text(text, THU, nlp)] == []


def test_a_morning_paper_as_many_years_and_a_score_are_no_times(nlp):
    texts = [
        t.text for t in tag_text("The morning paper reported it in as many years, and the score was 1-2.", TUE, nlp)
    ]
    assert texts == []


def test_soon_is_not_a_time_expression(nlp):
    assert [t.text for t in tag_text("The ferry will soon leave, and the bridge opens soon after.", TUE, nlp)] == []


def test_rates_and_ages_are_not_durations(nlp):
    text = "The plan saves $40 million a year, and Ms. Reyes, 52 years old, runs it."
    assert [t.text for t in tag_text(text, TUE, nlp)] == []
    # a count per unit is a rate in TIMEX3 terms, as "15 sick days per year" is
    found = one(nlp, "The airline adds 300 seats a week on the route.", TUE, "a week")
    assert (found.type, found.value) == ("SET", "P1W")
    assert one(nlp, "The dam took about a year to build.", TUE, "about a year").value == "P1Y"


def test_current_account_is_not_a_time(nlp):
    assert [t.text for t in tag_text("The current account deficit widened.", TUE, nlp)] == []


def test_match_halves_and_scores_are_not_times(nlp):
    assert tag_text("The visitors scored twice in the second half.", TUE, nlp) == []
    assert tag_text("The home side lost 5 in the evening session.", TUE, nlp) == []


def test_the_fall_and_the_present_as_words_and_as_times(nlp):
    assert tag_text("The bank led the fall in mining shares.", TUE, nlp) == []
    assert tag_text("It ended with the fall of the coalition.", TUE, nlp) == []
    assert tag_text("Under the present system, each town has two seats.", TUE, nlp) == []
    assert one(nlp, "Elections are due in the fall of 2020.", TUE, "the fall of 2020").value == "2020-FA"
    assert one(nlp, "The mayor was elected last fall in a close race.", TUE, "last fall").value == "2018-FA"
    # "until" looks ahead even in a past clause
    assert one(nlp, "The vote was postponed until the spring.", dt.date(2019, 11, 5), "the spring").value == "2020-SP"


def test_range_day_look_alikes(nlp):
    # a number after "and" that counts something is no day
    texts = [t.text for t in tag_text("On Oct. 2 and 3 people were hurt; by Oct. 4 and 5 percent.", TUE, nlp)]
    assert "3" not in texts and "5" not in texts
    # a year given after the range dates its first day too, and is not a separate year
    found = {t.text: t.value for t in tag_text("The siege of April 3-6, 1902 left the fort in ruins.", TUE, nlp)}
    assert found.get("April 3") == "1902-04-03" and "1902" not in found


def test_a_quarter_of_something_is_a_fraction(nlp):
    texts = [
        t.text
        for t in tag_text(
            "Pension funds own more than a quarter of the market and three quarters of its bonds.", TUE, nlp
        )
    ]
    assert texts == []
    assert (
        one(nlp, "The firm returned to profit after several quarters of losses.", TUE, "several quarters").value
        == "PXQ"
    )


def test_a_day_inside_a_name_is_no_date(nlp):
    for text in (
        "The Sunday Times reported the deal.",
        "The Mail on Sunday said so.",
        "The Good Friday Agreement ended the conflict.",
        "Leaders recalled the Easter Rising.",
        "He hosted Saturday Night Live.",
        "She skated at the Winter Olympics.",
        "Tourists crowded the Summer Palace.",
    ):
        assert tag_text(text, THU, nlp) == [], text
    # the same words as a day
    assert (
        one(nlp, "The minister told the Sunday Times on Sunday that talks failed.", THU, "Sunday").value == "2019-09-01"
    )
    assert one(nlp, "Since Sunday times have changed.", THU, "Sunday").value == "2019-09-01"
    assert one(nlp, "Shops shut on Good Friday.", THU, "Good Friday").value == "2019-04-19"
    assert one(nlp, "The games were played in the summer.", THU, "the summer").value == "2019-SU"


def test_apr_after_a_rate_is_no_month(nlp):
    assert tag_text("You could pay as much as 59.9% APR. on the card.", THU, nlp) == []
    assert one(nlp, "The vote was held in Apr. after a delay.", THU, "Apr.").value == "2019-04"


def test_a_newspaper_named_daily_is_no_set(nlp):
    assert tag_text("He spoke to the Daily Telegraph in London.", THU, nlp) == []
    assert tag_text("The Weekly Standard ran the story.", THU, nlp) == []
    assert one(nlp, "Daily meetings were held in Cairo.", THU, "Daily").value == "P1D"
    assert one(nlp, "Prices rose daily.", THU, "daily").value == "P1D"


def test_a_clock_after_a_year_and_a_dash_is_no_year_range(nlp):
    found = tag_text("Aired February 1, 2011-14:00:00 ET. Comment of 8th November 2011-17:42 removed.", THU, nlp)
    assert [(t.text, t.value) for t in found] == [
        ("February 1, 2011", "2011-02-01"),
        ("14:00:00 ET", "2011-02-01T14:00"),
        ("8th November 2011", "2011-11-08"),
    ]


def test_the_fall_out_is_no_autumn(nlp):
    assert tag_text("The fall-out from the war spread south.", THU, nlp) == []
    assert one(nlp, "The election is in the fall.", THU, "the fall").value == "2019-FA"


def test_a_four_digit_clock_with_its_zone_is_no_year(nlp):
    dct = dt.date(2013, 3, 22)
    found = one(nlp, "The vote, scheduled for 1900 GMT, was delayed.", dct, "1900 GMT")
    assert (found.type, found.value) == ("TIME", "2013-03-22T19:00")
    assert one(nlp, "Supplies stop from 0700 GMT Monday.", dct, "0700 GMT Monday").value == "2013-03-25T07:00"
    # a conversion in brackets after the clock it converts stays untagged, and is no year 1803 either
    assert [t.text for t in tag_text("Updated at 10:03 a.m. (1803 HKT) today.", dct, nlp)] == ["10:03 a.m.", "today"]
    # zones in lower case are words
    assert [t.text for t in tag_text("By 1999 et al. had shown it.", dct, nlp)] == ["1999"]


def test_a_local_clock_before_its_bracketed_conversion_is_no_year(nlp):
    dct = dt.date(2010, 6, 15)
    found = one(nlp, "He will outline the plan in a speech at 2000 ( 0000 GMT ).", dct, "2000")
    assert (found.type, found.value) == ("TIME", "2010-06-15T20:00")
    # the conversion itself, spaced inside its bracket as tokenized copy writes it, stays untagged
    assert [t.text for t in tag_text("It struck at 1:24 p.m. ( 0424 GMT ).", dct, nlp)] == ["1:24 p.m."]


def test_a_number_after_a_date_is_no_clock(nlp):
    found = tag_text(
        "On March 3, 10 people were hurt and on March 4 at 3 p.m. the road reopened.", dt.date(2013, 3, 22), nlp
    )
    assert [(t.text, t.value) for t in found] == [("March 3", "2013-03-03"), ("March 4 at 3 p.m.", "2013-03-04T15:00")]


def test_a_plural_unit_something_counts_or_picks_out_is_no_bare_span(nlp):
    text = (
        "It is a matter of days before the boy goes home. In the heady days of swelling markets, his final "
        "moments before the vote and the days after it were calm."
    )
    assert [t.text for t in tag_text(text, dt.date(2000, 4, 5), nlp)] == []


def test_now_and_the_past_that_are_no_time(nlp):
    text = (
        "The senator asked, “Now, you famously said so.” He had a now-sold investment. Sanders won six of the "
        "past seven contests. In the past, voters stayed home. Riots broke out for the past three summers."
    )
    assert [t.text for t in tag_text(text, dt.date(2016, 5, 27), nlp)] == ["the past", "the past"]


def test_a_daily_that_is_a_newspaper_is_no_set(nlp):
    text = (
        "The move was confirmed by French business daily Les Echos. He will leave PSG, the daily said. "
        "Flights leave daily for Bombay."
    )
    assert [(t.text, t.type) for t in tag_text(text, dt.date(2019, 9, 2), nlp)] == [("daily", "SET")]


def test_a_time_word_alone_in_quotation_marks_is_a_title(nlp):
    text = "Bush is joining the ''Today'' show as an anchor. “Today, we act,” she said."
    found = tag_text(text, dt.date(2016, 5, 18), nlp)
    assert [t.text for t in found] == ["Today"] and found[0].start == text.index("Today,")


def test_a_capitalised_time_word_inside_a_name_or_a_title_is_no_time(nlp):
    dct = dt.date(2010, 1, 23)
    named = (
        "Clooney hosted the Hope For Haiti Now telethon. Trump spoke on ABC's ''This Week.'' "
        "There was a strong current of opinion, and homeowners who are current on their loans."
    )
    assert tag_text(named, dct, nlp) == []
    headline = "Work Starts Tomorrow, But For Today, Congratulations.\nThe talks resume now."
    assert [t.text for t in tag_text(headline, dct, nlp)] == ["Tomorrow", "Today", "now"]


@pytest.mark.parametrize(
    "text",
    [
        "Ben Carson went on ABC's This Week to defend his staff shake-up.",
        '"We are working on it," Christie said on ABC\'s "This Week with George Stephanopoulos."',
        "Rep. Darrell Issa said it on Fox News channel's “Sunday Morning Futures,” a talk show.",
        "He is a member of USA TODAY's Board of Contributors.",
        "The American newspaper USA Today said it was about more than that.",
        "It was reported in the Communist Party's main newspaper, the People's Daily, on state television.",
    ],
)
def test_a_programme_or_a_newspaper_named_with_time_words_is_no_time(nlp, text):
    assert tag_text(text, TUE, nlp) == []


def test_programme_titles_of_broadcasters_name_no_time(nlp):
    sun = dt.date(2016, 7, 31)
    text = (
        "Clinton said in an interview with “Fox News Sunday.” Kaine appeared on CBS This Morning. "
        "Trump spoke on Fox News Tuesday night. Fox News said Sunday that it would air the debate."
    )
    assert [(t.text, t.value) for t in tag_text(text, sun, nlp)] == [
        ("Tuesday night", "2016-07-26TNI"),
        ("Sunday", "2016-07-31"),
    ]


def test_a_year_like_count_after_of_counts_people(nlp):
    thu = dt.date(2015, 12, 10)
    text = "The poll of 2047 registered voters was released. In 2012 voters chose Obama. The 1990 earnings rose."
    assert [t.text for t in tag_text(text, thu, nlp) if t.text[:1].isdigit()] == ["2012", "1990"]
    matches = "Results of the first round matches of 2006 men's volleyball World Championships."
    assert [t.text for t in tag_text(matches, dt.date(2006, 11, 21), nlp)] == ["2006"]


def test_a_count_of_time_capitalised_in_running_text_is_a_title(nlp):
    tue = dt.date(2016, 1, 12)
    text = (
        "The movie 13 Hours by Michael Bay opens this week. Zuckoff's 13 Hours book sold well. He spoke on CBS's "
        "''60 Minutes.'' The talks lasted 13 hours. Veterans remember \"57 Days of Hell\"."
    )
    assert [t.text for t in tag_text(text, tue, nlp)] == ["this week", "13 hours", "57 Days"]
    # a headline capitalises every word
    assert [t.text for t in tag_text("Talks Drag On For 13 Hours In Vienna\n\nThey ended.", tue, nlp)] == ["13 Hours"]
