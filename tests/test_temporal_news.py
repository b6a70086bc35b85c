"""The temporal tagger.

Readings of sentences from modern news (Timeline17, PolNeAR, clusters-dev), also checked against TimeBank,
AQUAINT and TE3-silver: durations, times and sets, look-alikes left untagged, and whole texts (dates:
test_temporal_news_dates.py).

Sentences here are written for these tests.
"""

from __future__ import annotations

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import D, one


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        pytest.param(
            "Clinton is likely to clinch the nomination on the evening of June 7.",
            D(2016, 5, 26),
            "the evening of June 7",
            "TIME",
            "2016-06-07TEV",
            id="the-evening-of-a-day",
        ),
        pytest.param(
            "On the night of 20 June 1791 the royal family fled the Tuileries.",
            D(2009, 12, 19),
            "the night of 20 June 1791",
            "TIME",
            "1791-06-20TNI",
            id="the-night-of-a-day",
        ),
        pytest.param(
            "Chan told the end of the week-long World Health Assembly that poor countries need help.",
            D(2009, 5, 22),
            "week-long",
            "DURATION",
            "P1W",
            id="the-end-of-a-week-long-event",
        ),
        pytest.param(
            "For two bloody weeks, severe fighting raged.",
            D(2009, 12, 19),
            "two bloody weeks",
            "DURATION",
            "P2W",
            id="an-adjective-before-the-unit",
        ),
        pytest.param(
            "The hearing focused on a few frantic weeks in December.",
            D(2009, 6, 12),
            "a few frantic weeks",
            "DURATION",
            "PXW",
            id="an-adjective-after-a-few",
        ),
        pytest.param(
            "It crashed on October 22 three minutes after take-off.",
            D(2005, 11, 28),
            "three minutes",
            "DURATION",
            "PT3M",
            id="a-number-word-is-no-adjective",
        ),
        pytest.param(
            "The image taken at 12:23 a.m. EDT , Saturday Sept. 4 , 2010 shows the preventer.",
            D(2010, 9, 3),
            "12:23 a.m. EDT , Saturday Sept. 4 , 2010",
            "TIME",
            "2010-09-04T00:23",
            id="a-clock-weekday-and-month-day",
        ),
        pytest.param(
            "Ben Sutherland | 09:43 UK time , Thursday , 6 January 2011 The final report came.",
            D(2011, 1, 6),
            "09:43 UK time , Thursday , 6 January 2011",
            "TIME",
            "2011-01-06T09:43",
            id="a-clock-in-uk-time",
        ),
        pytest.param(
            "The well was capped on July 15. Engineers then sealed it. The costs rose. Insurers paid. The update "
            "sent the company's share price up more than 1% by early afternoon.",
            D(2010, 11, 2),
            "early afternoon",
            "TIME",
            "2010-11-02TAF",
            id="a-part-of-the-day-long-after-a-far-day",
        ),
        pytest.param(
            "The well was capped on July 15. By early afternoon, oil had stopped flowing.",
            D(2010, 11, 2),
            "early afternoon",
            "TIME",
            "2010-07-15TAF",
            id="a-part-of-the-day-just-named",
        ),
        pytest.param(
            "Sales rose 5% in a quarter.", D(2011, 3, 2), "a quarter", "DURATION", "P1Q", id="a-quarter-of-time"
        ),
        pytest.param(
            "Last updated : 1 may , 2009 - 17:54 GMT Mexico shuts down .",
            D(2009, 5, 1),
            "1 may , 2009 - 17:54 GMT",
            "TIME",
            "2009-05-01T17:54",
            id="a-lower-case-may-with-day-and-year",
        ),
        pytest.param(
            "The commemorations were similar to those held here annually for Marti.",
            D(2000, 1, 28),
            "annually",
            "SET",
            "P1Y",
            id="annually-of-an-event",
        ),
        pytest.param(
            "Investment over the next decade will total 100 billion yen.",
            D(2011, 6, 16),
            "the next decade",
            "DURATION",
            "P10Y",
            id="the-next-decade-is-ten-years",
        ),
        pytest.param(
            "The minute-long quake was felt all over the island.",
            D(2010, 1, 14),
            "minute-long",
            "DURATION",
            "PT1M",
            id="minute-long",
        ),
        pytest.param(
            "It was a week-long strike.",
            D(2011, 6, 16),
            "week-long",
            "DURATION",
            "P1W",
            id="a-week-long-strike-without-its-article",
        ),
        pytest.param(
            "Syria had refused for months to allow a UN mission into the country.",
            D(2011, 8, 26),
            "months",
            "DURATION",
            "PXM",
            id="for-months-before-an-infinitive",
        ),
        pytest.param(
            "She is the first presidential candidate in years to not release her tax returns.",
            D(2016, 9, 29),
            "years",
            "DURATION",
            "PXY",
            id="in-years-before-an-infinitive",
        ),
        pytest.param(
            "Donald Trump's yearslong obsession with the president's birth is over.",
            D(2016, 9, 16),
            "yearslong",
            "DURATION",
            "PXY",
            id="yearslong",
        ),
        pytest.param(
            "The two men spent months lobbing insults at one another.",
            D(2016, 9, 26),
            "months",
            "DURATION",
            "PXM",
            id="spent-months",
        ),
        pytest.param(
            "The ruin would be felt for months , if not years .",
            D(2010, 9, 15),
            "years",
            "DURATION",
            "PXY",
            id="months-if-not-years",
        ),
        pytest.param(
            "It could take years, possibly decades, to recover.",
            D(2010, 5, 17),
            "decades",
            "DURATION",
            "PXDE",
            id="years-possibly-decades",
        ),
        pytest.param(
            "The attack began at 0400 on Monday.",
            D(2011, 6, 10),
            "0400 on Monday",
            "TIME",
            "2011-06-06T04:00",
            id="a-clock-with-a-leading-zero",
        ),
        pytest.param(
            "0911 : Jim Muir BBC News , Beirut",
            D(2011, 6, 10),
            "0911",
            "TIME",
            "2011-06-10T09:11",
            id="a-live-page-stamp",
        ),
        pytest.param(
            "More explosions rocked Tripoli shortly before midnight Thursday , indicating fresh airstrikes .",
            D(2011, 7, 29),
            "midnight Thursday",
            "TIME",
            "2011-07-28T24:00",
            id="shortly-before-in-a-past-clause",
        ),
        pytest.param(
            "05 February 12 01:10 GMT Fresh protests have taken place outside the embassy.",
            D(2012, 2, 4),
            "05 February 12 01:10 GMT",
            "TIME",
            "2012-02-05T01:10",
            id="a-bbc-stamp-with-a-two-digit-year",
        ),
        pytest.param(
            "He lobbed grenades in the early morning of March 23 2003 , when troops slept.",
            D(2005, 4, 29),
            "the early morning of March 23 2003",
            "TIME",
            "2003-03-23TMO",
            id="the-early-morning-of-a-day",
        ),
        pytest.param(
            "This spill will be lasting for years if not decades , said a scientist .",
            D(2010, 6, 6),
            "decades",
            "DURATION",
            "PXDE",
            id="years-if-not-decades",
        ),
        pytest.param(
            "The virus has been around for 30-odd years.",
            D(2009, 4, 28),
            "30-odd years",
            "DURATION",
            "P30Y",
            id="thirty-odd-years",
        ),
        pytest.param(
            "Results would be released on Tuesday 2 November , a week later than previously indicated .",
            D(2010, 9, 10),
            "a week",
            "DURATION",
            "P1W",
            id="a-week-later-than-planned-is-a-delay",
        ),
        pytest.param(
            "Investigations into what went wrong that fateful early morning of 20 April continue .",
            D(2010, 7, 24),
            "that fateful early morning of 20 April",
            "TIME",
            "2010-04-20TMO",
            id="that-fateful-early-morning-of-a-day",
        ),
    ],
)
def test_a_duration_time_or_set_in_modern_news(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


@pytest.mark.parametrize(
    "text, dct",
    [
        pytest.param("The star is 500 light years away.", D(2005, 11, 30), id="light-years"),
        pytest.param(
            "A quarter of about 18,000 Indians were evacuated. Trade reached 12.82 billion dollars, a quarter "
            "of the total.",
            D(2011, 3, 2),
            id="shares",
        ),
        pytest.param("A day-by-day summary of events follows.", D(2011, 3, 2), id="a-pace"),
        pytest.param("The emissions were only weeks old.", D(2011, 3, 2), id="an-age"),
        pytest.param("The rebels may march on the capital.", D(2009, 5, 1), id="a-lower-case-may"),
        pytest.param(
            "The company expects sales to rise 8.5% annually. The plant would produce 10,000 units annually.",
            D(1989, 10, 26),
            id="annually-of-a-growth-rate",
        ),
        pytest.param(
            "These chips are in many of today's personal computers. The case is for today's youth a lesson.",
            D(1989, 10, 27),
            id="todays-world",
        ),
        pytest.param(
            "Under United Nations Security Council Resolution 1973 , NATO protects civilians. Flight 2001 landed.",
            D(2011, 3, 31),
            id="numbered-things",
        ),
        pytest.param("Time named Merkel its Person of the Year.", D(2015, 12, 9), id="an-award-title"),
        pytest.param("Eight Year Six students tested positive.", D(2009, 6, 18), id="a-school-year"),
        pytest.param("He is the future king.", D(2015, 12, 9), id="an-adjectival-future"),
        pytest.param("We only have small business now and then.", D(2010, 6, 9), id="now-and-then"),
        pytest.param("They are mostly in their 40's and 50's.", D(2006, 12, 1), id="ages-in-decades"),
        pytest.param(
            "England progress to the quarter-finals as group winners. Liverpool play in the last quarter-final.",
            D(2011, 9, 29),
            id="quarter-finals",
        ),
        pytest.param("We must follow the tracks of the fall out of this.", D(2010, 8, 4), id="fall-out"),
        pytest.param(
            "Roughly a quarter to half of the flow is piped to a ship.", D(2010, 6, 6), id="a-quarter-to-half-of"
        ),
        pytest.param(
            "To play at 37 years of age takes sacrifice. It is a far cry from a day trip to the Pyramids. He runs "
            "it on a day to day basis. God is no Father Christmas.",
            D(2011, 1, 28),
            id="ages-kinds-and-routines",
        ),
        pytest.param(
            "Replacements: 16-Dylan Hartley, 19-Nick Easter, 20-Richard Wigglesworth.",
            D(2011, 9, 29),
            id="a-player-named-easter",
        ),
    ],
)
def test_a_look_alike_in_modern_news_is_left_untagged(nlp, text, dct):
    assert tag_text(text, dct, nlp) == []


@pytest.mark.parametrize(
    "text, dct, expected",
    [
        pytest.param(
            "The first pictures to emerge after sunrise on Wednesday showed streets. The rebels held for a "
            "second day Friday.",
            D(2011, 3, 3),
            [("Wednesday", "2011-03-02"), ("Friday", "2011-02-25")],
            id="a-named-day-after-sunrise-or-a-second-day",
        ),
        pytest.param(
            "Sales for the year rose. We will see in the future.",
            D(2015, 12, 9),
            [("the year", "2015"), ("the future", "FUTURE_REF")],
            id="the-year-and-the-future-themselves",
        ),
        pytest.param(
            "Results come in days to come.", D(2011, 3, 3), [("days to come", "PXD")], id="in-days-to-come-stays-whole"
        ),
        pytest.param(
            "Orthodox Easter falls on April 24.",
            D(2011, 3, 3),
            [("Easter", "2011-04-24"), ("April 24", "2011-04-24")],
            id="orthodox-easter-is-the-holiday",
        ),
        pytest.param(
            "The brothers spoke ahead of Saturday night 's memorial concert in Cardiff Organisers said tickets "
            "have been sold ahead of Saturday night 's stadium concert .",
            D(2011, 10, 7),
            [("Saturday night", "2011-10-08TNI"), ("Saturday night", "2011-10-08TNI")],
            id="ahead-of-the-same-saturday-twice",
        ),
        pytest.param(
            'McKay said on ABC \'s " This Week . " The models showed only a minute chance of a payout.',
            D(2010, 5, 3),
            [],
            id="a-spaced-quoted-title-and-a-minute-chance",
        ),
        pytest.param(
            "The curfew runs from 1900 to 0600. The code 0400 is a number.",
            D(2011, 6, 10),
            [("1900", "1900"), ("0600", "2011-06-10T06:00")],
            id="a-zero-clock-needs-a-preposition-or-a-colon",
        ),
    ],
)
def test_what_is_tagged_in_a_modern_news_text(nlp, text, dct, expected):
    assert [(e.text, e.value) for e in tag_text(text, dct, nlp)] == expected
