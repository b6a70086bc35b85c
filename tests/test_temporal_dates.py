"""The temporal tagger.

Calendar dates and periods: days, months, years, decades, centuries, seasons, quarters, holidays, ranges.

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import THU, TUE, one


@pytest.mark.parametrize(
    "text, dct, expression, value, mod",
    [
        ("Talks began to stall mid-August, the union says.", THU, "mid-August", "2019-08", "MID"),
        ("Services may be withdrawn in late September.", THU, "late September", "2019-09", "END"),
        ("The vote is expected early next year.", THU, "early next year", "2020", "START"),
        ("She testified for more than four hours.", THU, "more than four hours", "PT4H", "MORE_THAN"),
    ],
)
def test_mods(nlp, text, dct, expression, value, mod):
    timex = one(nlp, text, dct, expression)
    assert (timex.value, timex.mod) == (value, mod)


def test_informal_spellings(nlp):
    found = {t.text: t.value for t in tag_text("see u tmrw!! gig on october 12 and party in june", THU, nlp)}
    assert found == {"tmrw": "2019-09-06", "october 12": "2019-10-12", "june": "2019-06"}
    assert [t.text for t in tag_text("They may march on.", THU, nlp)] == []


def test_year_ranges_are_two_expressions(nlp):
    found = tag_text("The dam was built during the 1998-2001 drought and repaired in 2007-08.", TUE, nlp)
    assert [(t.text, t.value) for t in found] == [("1998", "1998"), ("2001", "2001"), ("2007", "2007"), ("08", "2008")]


@pytest.mark.parametrize(
    "text, expression, value",
    [
        ("The harbour reopened in March last year after the repairs.", "March last year", "2018-03"),
        ("The lease was signed on Dec. 23 last year and ends soon.", "Dec. 23 last year", "2018-12-23"),
        ("The firm listed its shares in Oct 2016 on the local exchange.", "Oct 2016", "2016-10"),
    ],
)
def test_month_with_relative_year(nlp, text, expression, value):
    assert one(nlp, text, TUE, expression).value == value


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        # Easter moves: 2019's fell on April 21, 2013's on March 31
        ("The cathedral will reopen at Easter, the bishop said.", TUE, "Easter", "DATE", "2020-04-12"),
        (
            "Shops closed on Good Friday and reopened after the holiday.",
            dt.date(2013, 4, 10),
            "Good Friday",
            "DATE",
            "2013-03-29",
        ),
        (
            "Crowds filled the streets for St. Patrick's Day.",
            dt.date(2013, 3, 19),
            "St. Patrick's Day",
            "DATE",
            "2013-03-17",
        ),
        (
            "Fireworks lit the harbour on the Fourth of July.",
            dt.date(2013, 7, 8),
            "Fourth of July",
            "DATE",
            "2013-07-04",
        ),
        # decades of unsaid number keep their unit, as "for decades" does
        ("The decades-long dispute over the border ended.", TUE, "decades-long", "DURATION", "PXDE"),
        (
            "The talks collapsed on Sept. 20, 2019, and the miners left the next morning.",
            TUE,
            "the next morning",
            "TIME",
            "2019-09-21TMO",
        ),
    ],
)
def test_holidays_compounds_and_next_morning(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


def test_year_before_a_plural_noun(nlp):
    dated = [t.text for t in tag_text("Analysts expect 2020 earnings to fall after the 2016 elections.", TUE, nlp)]
    assert dated == ["2020", "2016"]
    counted = [t.text for t in tag_text("Some 1950 workers marched, and 1800 soldiers watched.", TUE, nlp)]
    assert counted == []


def test_old_years_after_a_preposition_and_possessive_units(nlp):
    found = {t.text: t.value for t in tag_text("The fort fell in 1776 and 1400 soldiers surrendered.", TUE, nlp)}
    assert found == {"1776": "1776"}
    found = one(nlp, "Tuesday was the week's busiest day for the ferry.", TUE, "the week")
    assert found.value == "2019-W39"


@pytest.mark.parametrize(
    "text, expression, type_, value",
    [
        ("Rents rose sharply through the nineties.", "the nineties", "DATE", "199"),
        ("The stock fell for eight trading days in a row.", "eight trading days", "DURATION", "P8D"),
        ("Voters in Ohio will go to the polls on Election Day.", "Election Day", "DATE", "2019-11-05"),
        ("Rents have doubled over the past decade.", "the past decade", "DURATION", "P10Y"),
        # two or more decades and centuries keep their unit (TIMEX3 DE, CE); one stays in years, as does a half
        ("The family ruled for four decades.", "four decades", "DURATION", "P4DE"),
        ("The quake was the worst in two centuries.", "two centuries", "DURATION", "P2CE"),
        ("The chapel has stood for centuries.", "centuries", "DURATION", "PXCE"),
        ("The dam stood for half a century.", "half a century", "DURATION", "P50Y"),
        ("The convoy will leave at 4 in the morning.", "4 in the morning", "TIME", "2019-09-24T04:00"),
        ("The shelling began at 10 at night.", "10 at night", "TIME", "2019-09-24T22:00"),
    ],
)
def test_type_and_value_of_one_expression(nlp, text, expression, type_, value):
    found = one(nlp, text, TUE, expression)
    assert (found.type, found.value) == (type_, value)


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        # fractional distances back are dates one unit finer, not durations
        ("The mill closed two and a half years ago.", TUE, "two and a half years ago", "DATE", "2017-03"),
        ("The museum reopened a year and a half ago.", TUE, "a year and a half ago", "DATE", "2018-03"),
        ("The ferry line was sold 2 1/2 years ago.", TUE, "2 1/2 years ago", "DATE", "2017-03"),
        # a year written before "quarter" / "period" dates that period, in the quarter under discussion
        (
            "Profit rose in the third quarter of 2019 but the 2018 quarter was stronger.",
            TUE,
            "the 2018 quarter",
            "DATE",
            "2018-Q3",
        ),
        ("Sales in the third quarter beat those of the 2018 period.", TUE, "the 2018 period", "DATE", "2018-Q3"),
        # halves of a relative year are named halves
        ("Exports grew in the second half of the year.", TUE, "the second half of the year", "DATE", "2019-H2"),
        ("Exports fell in the first half of last year.", TUE, "the first half of last year", "DATE", "2018-H1"),
    ],
)
def test_fractional_distances_back_year_periods_and_halves(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        # a quarter "of last year" is in last year, whatever the tense
        (
            "The deficit widened in the fourth quarter of last year.",
            TUE,
            "the fourth quarter of last year",
            "DATE",
            "2018-Q4",
        ),
        ("The council will cut spending this fiscal year.", TUE, "this fiscal year", "DATE", "2019"),
        ("The storm moved out by midday Monday.", TUE, "midday Monday", "TIME", "2019-09-23T12:00"),
        ("In the 1980s and '90s the port boomed.", TUE, "'90s", "DATE", "199"),
    ],
)
def test_quarters_of_last_year_fiscal_years_midday_and_a_second_decade(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


def test_a_month_with_a_spelled_year(nlp):
    found = one(nlp, "January nineteen ninety-seven. The city voted again.", TUE, "January nineteen ninety-seven")
    assert (found.type, found.value) == ("DATE", "1997-01")


@pytest.mark.parametrize(
    "text, expression, value",
    [
        ("The trade fair runs Oct. 8-10 in the old harbour hall.", "10", "2019-10-10"),
        ("Delegates met on Nov. 2 and 3 to settle the agenda.", "3", "2019-11-03"),
        ("Storms on 14-15 February closed the pass.", "14", "2019-02-14"),  # past clause: this year's
        ("The siege of April 3-6, 1902 left the fort in ruins.", "6, 1902", "1902-04-06"),
        # after a dash or "to", any lower-case word may follow the range's last day
        ("The poll was conducted between Sept. 15-17 among 1,031 voters.", "17", "2019-09-17"),
        ("Divers found a cloud June 23 to 27 similar to the first.", "27", "2019-06-27"),
    ],
)
def test_bare_day_of_a_range_is_its_own_date(nlp, text, expression, value):
    assert one(nlp, text, TUE, expression).value == value


def test_a_decade_written_with_two_digits(nlp):
    # "the 90s" is the 1990s, as "the '90s" and "the nineties" are; a second one may follow ("the 50s and 60s")
    assert one(nlp, "The deregulation of the 90s was a mistake.", THU, "the 90s").value == "199"
    assert one(nlp, "It was a hit in the mid-80s.", THU, "the mid-80s").value == "198"
    assert one(nlp, "The pandemics in the 50s and 60s were worse.", THU, "60s").value == "196"
    assert one(nlp, "Music of the 1960s or 70s filled the hall.", THU, "70s").value == "197"
    # degrees and ages are no decades
    assert tag_text("Highs will be in the 70s.", THU, nlp) == []
    assert tag_text("Temperatures stayed in the upper 30s.", THU, nlp) == []
    assert tag_text("The victims were men in their 20s and 30s.", THU, nlp) == []
    assert tag_text("His approval rating is in the 20s.", THU, nlp) == []
    assert tag_text("Police searched 1000s of people.", THU, nlp) == []
    # "the 1800s" is the nineteenth century, as "the 19th century" is; "the 2000s" stay a decade
    assert one(nlp, "The house was built in the 1800s.", THU, "the 1800s").value == "18"
    assert one(nlp, "The town grew in the early 1900s.", THU, "the early 1900s").value == "19"
    assert one(nlp, "Prices rose in the 2000s.", THU, "the 2000s").value == "200"


def test_a_month_range_shares_the_year_written_after_it(nlp):
    dct = dt.date(2011, 3, 6)
    text = "The jump was the biggest since a hike between August and September 2005."
    assert one(nlp, text, dct, "August").value == "2005-08"
    assert (
        one(nlp, "Delaying the invasion from March to autumn 2003 would have helped.", dct, "March").value == "2003-03"
    )
    # a range across the new year starts the year before
    assert one(nlp, "Troops fought from December to March 2003.", dct, "December").value == "2002-12"
    # no year after the range: the month is read as before
    assert one(nlp, "Prices rose between August and September.", dct, "August").value == "2010-08"


def test_years_before_and_after_christ(nlp):
    text = "The Ionian Revolt (499-493 BC) failed. Rome fell in AD 476, and the archbishop came in 625 AD."
    assert one(nlp, text, THU, "499").value == "BC0499"
    assert one(nlp, text, THU, "493 BC").value == "BC0493"
    assert one(nlp, text, THU, "AD 476").value == "0476"
    assert one(nlp, text, THU, "625 AD").value == "0625"
    assert one(nlp, "The Third Punic War (149 B.C to 146 B.C) ended.", THU, "149 B.C").value == "BC0149"
    # a BC year is no date the tagger counts from: it stays unresolved
    assert not one(nlp, "In 490 BC Datis landed.", THU, "490 BC").resolved
    # lower-case "ad" is an advertisement; "2010 BC Hydro" is British Columbia's
    assert [t.text for t in tag_text("They ran an ad 30 seconds long.", THU, nlp)] == ["30 seconds"]
    assert one(nlp, "The 2010 BC Hydro rates rose.", THU, "2010").value == "2010"


def test_centuries_spelled_out_and_in_pairs(nlp):
    text = "It was popular in the 15th and 16th centuries. In the twentieth century, churches divided."
    assert one(nlp, text, THU, "the 15th").value == "14"
    assert one(nlp, text, THU, "16th centuries").value == "15"
    assert one(nlp, text, THU, "the twentieth century").value == "19"
    assert one(nlp, "In eighteenth-century France the throne ruled.", THU, "eighteenth-century").value == "17"
    assert one(nlp, "She is a 20th century democrat.", THU, "20th century").value == "19"
    # a batsman's century is a hundred runs
    assert tag_text("Hayden hit his fifth century of the series, his 27th century in Tests.", THU, nlp) == []
    assert one(nlp, "His 21st century heirs seek fear.", THU, "21st century").value == "20"
    assert (
        one(nlp, "Ptolemy took the city in the third century BC and renamed it.", THU, "the third century").value
        == "BC02"
    )
    assert one(nlp, "Twentieth century art sold well.", THU, "Twentieth century").value == "19"


def test_end_dash_year(nlp):
    # wire style: "at end-2012", as "mid-2014"
    found = one(nlp, "Debt stood at $5 billion at end-2012.", THU, "end-2012")
    assert (found.value, found.mod) == ("2012", "END")
    assert one(nlp, "The plant opens by mid-2014.", THU, "mid-2014").mod == "MID"


def test_a_day_range_across_months_shares_the_year_written_after_it(nlp):
    dct = dt.date(2005, 11, 23)
    text = "He sent the document between April 16 and May 28 2004. They met from 30 December to 2 January 2012."
    assert one(nlp, text, dct, "April 16").value == "2004-04-16"
    assert one(nlp, text, dct, "30 December").value == "2011-12-30"


def test_the_september_11_attacks_are_of_2001(nlp):
    text = "Muslims were questioned after the September 11 attacks. In March, police raided a mosque."
    dct = dt.date(2005, 6, 21)
    assert one(nlp, text, dct, "September 11").value == "2001-09-11"
    # a named day of another year is no story year: "In March" stays in the DCT's year
    assert one(nlp, text, dct, "March").value == "2005-03"
    # any other day of September, bare and told in the past, is the last one before the DCT
    assert one(nlp, "On September 12 the team played.", dct, "September 12").value == "2004-09-12"


def test_may_day_is_the_first_of_may(nlp):
    text = "Mexico's usual May Day celebrations were canceled."
    assert one(nlp, text, dt.date(2009, 4, 29), "May Day").value == "2009-05-01"
    assert tag_text("It may day by day get worse.", THU, nlp) == []


def test_early_mid_and_late_centuries(nlp):
    found = one(nlp, "The house was built in the late nineteenth century.", THU, "the late nineteenth century")
    assert (found.value, found.mod) == ("18", "END")
    found = one(nlp, "Beginning in the early 21st century, relations warmed.", THU, "the early 21st century")
    assert (found.value, found.mod) == ("20", "START")


def test_a_spelled_decade_after_another_and(nlp):
    text = "Pay was fairer in the fifties and sixties. She grew up there in the 1920's and thirties."
    assert one(nlp, text, THU, "sixties").value == "196"
    assert one(nlp, text, THU, "thirties").value == "193"
    # ages, with no decade before them
    assert tag_text("Men in their sixties and seventies voted.", THU, nlp) == []


def test_day_first_dotted_dates(nlp):
    assert one(nlp, "Laura Lewis, born 14.04.1889 in Berriew.", THU, "14.04.1889").value == "1889-04-14"
    assert one(nlp, "A trip to the museum 27.03.15 was fun.", THU, "27.03.15").value == "2015-03-27"
    # a version number or an address is no date
    assert tag_text("Install version 3.5.10 or 10.1.1.2 instead.", THU, nlp) == []


def test_a_year_range_with_a_one_digit_tail(nlp):
    assert one(nlp, "The Asian crisis of 1997-8 was different.", THU, "1997").value == "1997"
    assert [t.text for t in tag_text("The Asian crisis of 1997-8 was different.", THU, nlp)] == ["1997"]


def test_a_counted_day_takes_the_calendar_date_set_beside_it(nlp):
    text = "Protests began on January 25. The next day, Jan. 28, he disappeared."
    assert one(nlp, text, dt.date(2011, 2, 7), "The next day").value == "2011-01-28"
    text = "Protests began on January 25. The vote came on Friday (Jan. 28) in Cairo."
    assert one(nlp, text, dt.date(2011, 2, 7), "Friday").value == "2011-01-28"
    # the count knows the year a date written without one lies in
    text = "The ROK Army crossed on 1 October 1950. Six days later, on 7 October, UN forces followed."
    assert one(nlp, text, dt.date(2009, 5, 1), "7 October").value == "1950-10-07"
    # a date in a list is not set beside the one before it
    text = "Protests began on January 25. He spoke on Friday and Jan. 28."
    assert one(nlp, text, dt.date(2011, 2, 7), "Friday").value == "2011-02-04"


def test_a_numeric_date_is_read_day_first_only_when_that_reading_is_the_pages_own_day(nlp):
    stamp = one(nlp, "Last updated: 08/03/13. The club said it would act.", dt.date(2013, 3, 8), "08/03/13")
    assert stamp.value == "2013-03-08"  # 8 March, the DCT; 3 August would lie months ahead
    american = one(nlp, "The memo, dated 08/03/13, was leaked.", dt.date(2013, 8, 5), "08/03/13")
    assert american.value == "2013-08-03"
    neither = one(nlp, "The memo, dated 04/05/12, was leaked.", dt.date(2013, 8, 5), "04/05/12")
    assert neither.value == "2012-04-05"


def test_each_year_of_a_list_is_a_year(nlp):
    text = "The fault caused large tremors in 1860, 1770, 1761 and 1618. He counted 1400, 1500 victims."
    assert [t.text for t in tag_text(text, dt.date(2010, 1, 13), nlp)] == ["1860", "1770", "1761", "1618"]


def test_a_quarter_as_business_news_abbreviates_it(nlp):
    dct = dt.date(2010, 10, 22)
    assert one(nlp, "Investors look past Q3 earnings.", dct, "Q3").value == "2010-Q3"
    assert one(nlp, "Q1 2009 sales rose.", dct, "Q1 2009").value == "2009-Q1"
    assert [t.text for t in tag_text("Open the q1 file.", dct, nlp)] == []


def test_a_bare_season_describing_or_described_is_a_time_but_not_a_kind_or_a_name(nlp):
    dct = dt.date(2011, 11, 18)
    text = "Extreme winter weather risks cutting off the villages before a harsh winter sets in."
    assert [t.text for t in tag_text(text, dct, nlp)] == ["winter", "winter"]
    assert (
        one(nlp, "MPs will rise tomorrow for the six-week summer recess.", dt.date(2022, 7, 20), "summer").value
        == "2022-SU"
    )
    for kind_or_name in (
        "The children left for summer camp.",
        "They bathed in a hot spring.",
        "Protests of the Arab Spring spread.",
        "The Winter Olympics open soon.",
    ):
        assert not [t for t in tag_text(kind_or_name, dct, nlp) if t.type == "DATE"], kind_or_name


def test_time_words_in_running_text_or_a_quoted_sentence_stay_times(nlp):
    text = "ABC aired it this week. “Today is a good day,” he said."
    assert [t.text for t in tag_text(text, TUE, nlp)] == ["this week", "Today"]
    text = 'What became known as the Ethiopian "Christmas Offensive" began in December 1935.'
    assert [t.text for t in tag_text(text, TUE, nlp)] == ["Christmas", "December 1935"]


def test_a_month_that_ends_a_pair_follows_the_first_month(nlp):
    text = "The group has ads reserved in December and January in the two states."
    assert [(t.text, t.value) for t in tag_text(text, dt.date(2015, 11, 27), nlp)] == [
        ("December", "2015-12"),
        ("January", "2016-01"),
    ]


def test_an_abbreviated_month_may_touch_its_day(nlp):
    assert one(nlp, "The attacks of Sept.11, 2001 changed that.", TUE, "Sept.11, 2001").value == "2001-09-11"


def test_nine_eleven_is_the_attacks_day_after_it_and_escaped_slashes_are_slashes(nlp):
    text = "It was the worst attack since 9/11. The 9/11 Commission reported. Now if 9\\/11\\/2001 is so important."
    found = [(t.text, t.value) for t in tag_text(text, dt.date(2016, 6, 13), nlp) if "9" in t.text]
    assert found == [("9/11", "2001-09-11"), ("9\\/11\\/2001", "2001-09-11")]
    # written before the attacks, "9/11" alone is some month and day the tagger does not guess
    assert not [t for t in tag_text("Pages 9/11 were lost.", dt.date(1998, 6, 13), nlp) if t.text == "9/11"]


def test_a_day_of_the_month_spelt_out(nlp):
    tue = dt.date(2011, 8, 23)
    text = (
        "He was born on the first of June 2009. They met on Sunday, the thirtieth of May, and the twenty-first of "
        "March."
    )
    assert [(t.text, t.value) for t in tag_text(text, tue, nlp)] == [
        ("the first of June 2009", "2009-06-01"),
        ("Sunday, the thirtieth of May", "2010-05-30"),
        ("the twenty-first of March", "2011-03-21"),
    ]


def test_a_caption_date_without_the_space_after_its_comma_names_its_year(nlp):
    found = {t.text: t.value for t in tag_text("Divers at the pier, August 9,2022. Photo: harbour board.", THU, nlp)}
    assert found == {"August 9,2022": "2022-08-09"}
    counted = {t.text: t.value for t in tag_text("By August 9,200 people had left the island.", THU, nlp)}
    assert "2022-08-09" not in counted.values() and all("200" not in text for text in counted)
