"""The temporal tagger.

Expressions counted from the DCT or from the text: months and days resolved by the clause's tense,
"ago" and "later", the present and the future, and the year a history is told in (weekdays and weeks:
test_temporal_weekdays.py).

Sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.annotate.temporal import tag_text

from temporal_support import JUN_10, JUN_12, SUN, THU, TUE, WED, one


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        # modal / future clause: the next such weekday
        (
            "Hundreds of drivers could start a walkout as early as Monday, the union warned.",
            TUE,
            "Monday",
            "2019-09-30",
        ),
        ("“We would be free to strike on Monday,” the organizer said.", TUE, "Monday", "2019-09-30"),
        # future tense on the DCT's own weekday is the DCT itself (documented choice)
        ("The nurses will hand the hospital a formal notice on Tuesday.", TUE, "Tuesday", "2019-09-24"),
        # past tense on the DCT's own weekday is the DCT too
        ("In a letter released on Tuesday, the mayor asked both sides to return.", TUE, "Tuesday", "2019-09-24"),
        ("The mayor told a radio host on Tuesday that a deal was close.", THU, "Tuesday", "2019-09-03"),
        ("The drivers will launch a slowdown on Monday after talks ended on Sunday.", SUN, "Monday", "2019-09-30"),
        ("The drivers will launch a slowdown on Monday after talks ended on Sunday.", SUN, "Sunday", "2019-09-29"),
        ("In a memo seen by reporters on Wednesday, the council listed its demands.", SUN, "Wednesday", "2019-09-25"),
        ("The guild says they'll meet the publishers again Friday.", WED, "Friday", "2019-10-04"),
        ("The council met on Sunday and agreed on nothing.", WED, "Sunday", "2019-09-29"),
        # "this Monday" in a future clause of a Wednesday article is the coming Monday
        (
            "The guild threatened a walkout that could close several plants this Monday.",
            WED,
            "this Monday",
            "2019-10-07",
        ),
        # months and years
        ("The fund was created by the previous cabinet in 2017.", TUE, "2017", "2017"),
        ("The ministry announced in March that the grant would end.", TUE, "March", "2019-03"),
        ("The ministry announced in November that the grant would end.", TUE, "November", "2018-11"),
        ("The ministry will decide in February whether the grant ends.", TUE, "February", "2020-02"),
        ("Negotiations collapsed this week, officials said.", TUE, "this week", "2019-W39"),
        ("Crews could begin a slowdown as early as Oct. 7.", THU, "Oct. 7", "2019-10-07"),
        ("Crews could begin a slowdown as early as Sept. 23.", THU, "Sept. 23", "2019-09-23"),
        ("Crews began a slowdown on 23 September 2018.", THU, "23 September 2018", "2018-09-23"),
        ("Two more bargaining sessions are planned this month.", THU, "this month", "2019-09"),
        ("Officials met last year and again next year.", THU, "last year", "2018"),
        ("Officials met last year and again next year.", THU, "next year", "2020"),
        # times of day
        (
            "The walkout starts at 12:01 a.m. Monday when the contract expires.",
            SUN,
            "12:01 a.m. Monday",
            "2019-09-30T00:01",
        ),
        (
            "In a bulletin Wednesday evening, the guild said talks would go on.",
            WED,
            "Wednesday evening",
            "2019-10-02TEV",
        ),
        ("The mediator could meet both sides as soon as today.", WED, "today", "2019-10-02"),
        # counted back from the DCT
        ("The slowdown began two days ago.", WED, "two days ago", "2019-09-30"),
        ("The slowdown began three day ago.", WED, "three day ago", "2019-09-29"),
        ("The plant closed six weeks ago.", WED, "six weeks ago", "2019-W34"),
        # finance and larger units
        ("Profit rose in the third quarter.", dt.date(1989, 11, 2), "the third quarter", "1989-Q3"),
        ("Sales in fiscal 1998 were flat.", dt.date(1999, 3, 1), "fiscal 1998", "1998"),
        ("Prices soared in the 1990s.", THU, "the 1990s", "199"),
        ("The vote is expected early next year.", THU, "early next year", "2020"),
        ("Profits fell earlier this year.", THU, "earlier this year", "2019"),
    ],
)
def test_dated_resolution(nlp, text, dct, expression, value):
    timex = one(nlp, text, dct, expression)
    assert timex.value == value
    assert timex.resolved is True


def test_fiscal_and_vague_periods(nlp):
    text = (
        "Net income for the year ended June 30 rose, and sales for the year grew. In recent weeks the "
        "shares fell to a low for the latest period, and staff expect cuts by year-end. Lunch is at midday."
    )
    found = {t.text: t for t in tag_text(text, THU, nlp)}
    assert [(t.type, t.value) for t in tag_text(text, THU, nlp) if t.text == "the year"] == [
        ("DURATION", "P1Y"),
        ("DATE", "2019"),
    ]
    assert (found["recent weeks"].type, found["recent weeks"].value) == ("DURATION", "PXW")
    assert found["the latest period"].value == "2019-Q2"
    assert (found["year-end"].value, found["year-end"].mod) == ("2019", "END")
    assert found["midday"].value == "2019-09-05T12:00"


def test_narrative_year_carries_over_only_far_from_the_dct(nlp):
    history = "The army crossed the river in 1940. In June it reached the coast, and on July 14 the city fell."
    found = {t.text: t.value for t in tag_text(history, TUE, nlp)}
    assert (found["June"], found["July 14"]) == ("1940-06", "1940-07-14")
    news = "The fund was set up in 2017. In March the ministry said it would end."
    assert one(nlp, news, TUE, "March").value == "2019-03"
    told_from_dct = "Yesterday the museum recalled 1940. In June it will open a new hall."
    assert one(nlp, told_from_dct, TUE, "June").value != "1940-06"


def test_references(nlp):
    text = "Members are currently voting. Prices rose recently and now stand higher."
    values = {t.text: t.value for t in tag_text(text, THU, nlp)}
    assert values == {"currently": "PRESENT_REF", "recently": "PAST_REF", "now": "PRESENT_REF"}


def test_discourse_anchor(nlp):
    text = (
        "The strike opened on March 3, 2018, far from here. Two days later the union walked out. "
        "The following day the plant shut."
    )
    found = {t.text: t for t in tag_text(text, dt.date(2019, 9, 24), nlp)}
    assert found["March 3, 2018"].value == "2018-03-03"
    assert found["March 3, 2018"].anchor == "absolute"
    assert (found["Two days later"].value, found["Two days later"].anchor) == ("2018-03-05", "discourse")
    assert found["The following day"].value == "2018-03-06"


@pytest.mark.parametrize(
    "text, dct, expression, type_, value",
    [
        # parts of the day after a preposition take the day the sentence (or the text) is about
        ("The ferry left port on Friday and docked in the evening.", WED, "the evening", "TIME", "2019-09-27TEV"),
        ("Ticket sales slowed in the afternoon, the organizers said.", TUE, "the afternoon", "TIME", "2019-09-24TAF"),
        ("The minister will speak later in the day.", TUE, "the day", "DATE", "2019-09-24"),
        # vague distances in the past
        ("The bridge was closed months ago and never reopened.", TUE, "months ago", "DATE", "PAST_REF"),
        ("Some time ago the club sold its stadium.", TUE, "Some time ago", "DATE", "PAST_REF"),
        # seasons of a league, not of the calendar
        ("The striker scored eleven goals last season.", TUE, "last season", "DATE", "PAST_REF"),
        # "another", halves, "many"
        ("The trial will continue for another week.", TUE, "another week", "DURATION", "P1W"),
        ("Repairs took two and a half years.", TUE, "two and a half years", "DURATION", "P2Y6M"),
        ("The climbers waited an hour and a half at the summit.", TUE, "an hour and a half", "DURATION", "PT1H30M"),
        ("The lighthouse stood empty for many years.", TUE, "many years", "DURATION", "PXY"),
        # ordinal units and the current week
        # the text names no day the strike began: the value stays unknown rather than the DCT
        ("Protesters gathered again on the second day of the strike.", TUE, "the second day", "DATE", "XXXX-XX-XX"),
        ("Shares of the bank fell 3% for the week.", TUE, "the week", "DATE", "2019-W39"),
    ],
)
def test_parts_of_the_day_vague_distances_and_ordinal_units(nlp, text, dct, expression, type_, value):
    found = one(nlp, text, dct, expression)
    assert (found.type, found.value) == (type_, value)


def test_history_quoting_its_date_keeps_its_narrative_year(nlp):
    years = " ".join(f"In {y} the army moved north." for y in range(1901, 1912))
    text = (
        f"{years} A veteran said two years ago that it was hard. In 1912 the army rested. "
        "In June the army crossed the river."
    )
    assert one(nlp, text, TUE, "June").value == "1912-06"


def test_perfect_modals_and_cancelled_plans_look_back(nlp):
    # WED = 2019-10-02: the Monday before is Sept. 30, the Monday after Oct. 7
    text = "The pump may have failed on Monday, engineers said."
    assert one(nlp, text, WED, "Monday").value == "2019-09-30"
    text = "A concert planned for Saturday was cancelled after the storm."
    assert one(nlp, text, WED, "Saturday").value == "2019-09-28"
    text = "The mayor will attend a concert planned for Saturday."
    assert one(nlp, text, WED, "Saturday").value == "2019-10-05"


def test_second_comparison_shares_the_first_ones_base(nlp):
    text = (
        "The bakery earned $3 million in the third quarter, up from $2 million a year ago. "
        "Sales rose to $40 million from $35 million a year earlier."
    )
    assert one(nlp, text, TUE, "a year ago").value == one(nlp, text, TUE, "a year earlier").value == "2018-Q3"
    # an explicit year is a new base: "a year earlier" counts from it
    text = "The bridge opened in 2015. A year earlier, the ferry had stopped running."
    assert one(nlp, text, TUE, "A year earlier").value == "2014"


def test_the_next_year_follows_the_story(nlp):
    # "the next year" in a narrative is the year after the one just told; "next year" is the DCT's
    text = "The revolt failed in 1848. The next year, the king abdicated."
    assert one(nlp, text, TUE, "The next year").value == "1849"
    assert one(nlp, "The revolt failed in 1848. Elections are due next year.", TUE, "next year").value == "2020"


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        # next month is meant even in a past clause, and last month in a future one
        ("Exporters reported a cutback in supplies in October.", TUE, "October", "2019-10"),
        ("The board said a review would begin in January.", dt.date(2019, 12, 10), "January", "2020-01"),
        ("The audit will cover spending in August.", TUE, "August", "2019-08"),
        # two months ahead in a past clause is still last year's
        ("The ministry announced in November that the grant would end.", TUE, "November", "2018-11"),
    ],
)
def test_an_adjacent_month_is_the_nearest_whatever_the_tense(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


def test_a_record_set_on_a_date_was_set_then(nlp):
    text = "The index closed within 70 points of its record high set on Aug. 6."
    assert one(nlp, text, dt.date(2019, 2, 6), "Aug. 6").value == "2018-08-06"
    assert one(nlp, "The vote, set for Thursday, could be delayed.", TUE, "Thursday").value == "2019-09-26"


def test_a_narrators_sentence_opening_now_comma_is_the_present(nlp):
    text = "The plan failed last year. Now, he says, the council must pay."
    assert one(nlp, text, TUE, "Now").value == "PRESENT_REF"
    text = 'The speech was short. "I came. Now, like all of you, I wait," she said.'
    assert [t.text for t in tag_text(text, TUE, nlp)] == ["Now"]  # a sentence start inside a quotation counts too
    assert one(nlp, "The council now owns the stadium.", TUE, "now").value == "PRESENT_REF"


def test_a_history_told_forward_moves_into_the_next_year(nlp):
    text = (
        "In 1940 the army crossed the river. In 1941 it reached the coast. The war spread in 1941, "
        "and in November 1941 the fleet sailed. In January, the fleet reached the islands."
    )
    assert one(nlp, text, dt.date(2009, 12, 19), "January").value == "1942-01"


def test_term_references_and_a_year_after_a_year(nlp):
    assert one(nlp, "Margins may tighten in the near term.", TUE, "the near term").value == "FUTURE_REF"
    assert one(nlp, "Rates will not move in the short term.", TUE, "the short term").value == "FUTURE_REF"
    expr = one(nlp, "The plan was unveiled in 2015, a year before the vote.", TUE, "a year")
    assert (expr.type, expr.value) == ("DURATION", "P1Y")


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        # a year in a clause describing a noun is background, not the year of the news
        ("The company, founded in 1985, said its profits rose in March.", JUN_12, "March", "2024-03"),
        # a present or future clause speaks of the DCT's time whatever year the text named before
        ("The treaty was signed in 1990. The talks resume on June 20.", JUN_12, "June 20", "2024-06-20"),
        # "two years later" counts on from "five years ago", it is not a comparison with the DCT
        ("Five years ago, the company was founded. Two years later it went public.", JUN_10, "Two years later", "2021"),
        # only "a year earlier/ago" compares a quarter with the same quarter a year back
        (
            "Profit rose in the third quarter. Two years ago, the firm was founded by two brothers.",
            dt.date(2024, 11, 12),
            "Two years ago",
            "2022",
        ),
        (
            "The third quarter was strong, the firm said. Its founder died two years later.",
            dt.date(2024, 11, 12),
            "two years later",
            "2026",
        ),
        # the year written once after a range is the year of its first day, and later dates count from it
        ("Talks were held March 5-7, 2019 in Geneva. Two days later they resumed.", JUN_10, "March 5", "2019-03-05"),
        (
            "Talks were held March 5-7, 2019 in Geneva. Two days later they resumed.",
            JUN_10,
            "Two days later",
            "2019-03-07",
        ),
        # December belongs to the winter that ends in the next year
        ("Sales were strong last fall.", dt.date(2023, 12, 15), "last fall", "2023-FA"),
        ("The drought hit last summer.", dt.date(2023, 12, 15), "last summer", "2023-SU"),
        ("Work starts next spring.", dt.date(2023, 12, 15), "next spring", "2024-SP"),
        ("Work starts next spring.", dt.date(2023, 5, 15), "next spring", "2024-SP"),
        # a winter is named by the year of its December, unless it is the one under way
        ("The roads froze last winter.", dt.date(2024, 3, 2), "last winter", "2023-WI"),
        ("Birds will spend this winter on the coast.", dt.date(2010, 6, 8), "this winter", "2010-WI"),
        ("The Deep South is in a winter storm emergency.", dt.date(2014, 1, 29), "winter", "2014-WI"),
        ("The winter freeze hit the insurer early this year.", dt.date(2010, 8, 23), "The winter", "2009-WI"),
        # "his first year" (in office) names no date the text gives
        ("In his first year in office, the senator passed two bills.", JUN_10, "his first year", "XXXX"),
        # the year-ago quarter of a quarter the text named with its year
        (
            "The fourth quarter of 1990 was bad. The year-ago quarter was good.",
            JUN_10,
            "The year-ago quarter",
            "1989-Q4",
        ),
        # a possessive weekday in a future clause looks ahead
        ("Friday's vote will decide the race.", JUN_12, "Friday", "2024-06-14"),
        ("Friday's vote decided the race.", JUN_12, "Friday", "2024-06-07"),
        # two-digit years: the reading nearest the DCT that is not far in its future; four digits are four
        ("The loan is due 5/1/31.", JUN_12, "5/1/31", "2031-05-01"),
        ("He was born 3/4/45.", JUN_12, "3/4/45", "1945-03-04"),
    ],
)
def test_no_date_is_invented(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


def test_a_bound_in_a_past_perfect_clause_looks_back(nlp):
    # "until" looks ahead ("postponed until Friday") but not from a clause already past perfect
    assert one(nlp, "Until Thursday, they had not called him a suspect.", WED, "Thursday").value == "2019-09-26"
    assert one(nlp, "The vote was postponed until Thursday.", WED, "Thursday").value == "2019-10-03"


def test_a_perfect_progressive_clause_looks_back(nlp):
    # WED = 2019-10-02: March 20 is 196 days back and 170 ahead; "have been -ing" began before now
    text = "Divers have been searching the lake since the March 20 crash."
    assert one(nlp, text, WED, "March 20").value == "2019-03-20"
    text = "Divers will be searching the lake after the March 20 ceremony."
    assert one(nlp, text, WED, "March 20").value == "2020-03-20"
    text = "Divers will be searching the lake after the March 20 crash."  # no one schedules a crash
    assert one(nlp, text, WED, "March 20").value == "2019-03-20"
    # an aim under such a clause is still ahead: the Monday after WED, not the one before
    text = "The union has been pushing for the board to settle by Monday."
    assert one(nlp, text, WED, "Monday").value == "2019-10-07"
    text = "Police have been putting up barriers for a march planned for Saturday."
    assert one(nlp, text, WED, "Saturday").value == "2019-10-05"


def test_a_time_after_since_lies_before(nlp):
    # WED = 2019-10-02: whatever the clause's tense, "since" names a time already past
    assert one(nlp, "The ban, in force since March 20, ends today.", WED, "March 20").value == "2019-03-20"
    assert one(nlp, "The index is at its highest since November.", WED, "November").value == "2018-11"
    assert one(nlp, "Shares are at their lowest since the Nov. 20 report.", WED, "Nov. 20").value == "2018-11-20"
    assert one(nlp, "It is the first rally since Friday.", WED, "Friday").value == "2019-09-27"


def test_an_infinitive_after_a_ranked_noun_is_as_past_as_its_clause(nlp):
    # "the first … to visit" tells what happened; "a plan to visit" still looks ahead
    assert one(nlp, "He was the first leader to visit the city on Friday.", WED, "Friday").value == "2019-09-27"
    assert one(nlp, "He announced a plan to visit the city on Friday.", WED, "Friday").value == "2019-10-04"


def test_a_date_in_a_phrase_headed_by_since_lies_before(nlp):
    dct = dt.date(2010, 8, 4)
    text = (
        "President Obama will return to the Gulf Coast Friday, his third trip to the region since the oil rig "
        "explosion on April 20."
    )
    assert one(nlp, text, dct, "April 20").value == "2010-04-20"
    assert one(nlp, text, dct, "Friday").value == "2010-08-06"
    # no "since" above it: the future clause looks ahead
    assert one(nlp, "Obama will visit the rig on April 20.", dct, "April 20").value == "2011-04-20"


def test_a_clause_that_says_will_is_no_part_of_a_history(nlp):
    # a text that has named far years reads its months in the last of them, except where it says what will happen
    text = (
        "The biggest collapse since 1929 was the one that began in Japan in 1990-91. Tokyo cut spending in 1995. "
        "There will almost certainly be a fresh stimulus package after Jan. 20, perhaps for roads."
    )
    assert one(nlp, text, dt.date(2008, 10, 19), "Jan. 20").value == "2009-01-20"
    history = (
        "The biggest collapse since 1929 was the one that began in Japan in 1990-91. Tokyo cut spending in "
        "1995. The bank failed on Jan. 20."
    )
    assert one(nlp, history, dt.date(2008, 10, 19), "Jan. 20").value == "1995-01-20"


def test_month_end_is_the_end_of_the_month_in_focus(nlp):
    text = "UN forces took Pyongyang on 19 October 1950. At month's end, they held 135,000 prisoners."
    found = one(nlp, text, dt.date(1951, 5, 10), "month's end")
    assert (found.value, found.mod) == ("1950-10", "END")
    assert one(nlp, "Sales rose by month-end.", THU, "month-end").value == "2019-09"
    assert tag_text("The month-end close was late.", THU, nlp) == []


def test_a_year_a_state_has_lasted_since_is_no_story_year(nlp):
    text = (
        "Syria has been ruled under an emergency law since 1963. As a concession, Assad lifted the hated "
        "emergency law on 21 April. But days later, he resorted to force."
    )
    assert one(nlp, text, dt.date(2011, 6, 21), "21 April").value == "2011-04-21"
    # a year the story is told in still sets the year of the months after it
    told = "The emergency law was declared in 1963. The army took power on 8 March."
    assert one(nlp, told, dt.date(2011, 6, 21), "8 March").value == "1963-03-08"


def test_a_passive_infinitive_is_as_past_as_the_verb_it_completes(nlp):
    dct = dt.date(2009, 5, 21)  # a Thursday
    text = "A boy who had not been overseas was found to be infected on Saturday."
    assert one(nlp, text, dct, "Saturday").value == "2009-05-16"
    assert one(nlp, "The man is believed to have died on Saturday.", dct, "Saturday").value == "2009-05-16"
    # a plan stays ahead
    assert one(nlp, "The talks are expected to be completed on Saturday.", dct, "Saturday").value == "2009-05-23"


def test_what_is_due_lies_ahead(nlp):
    dct = dt.date(2011, 2, 11)
    assert one(nlp, "The report is due on November 6.", dct, "November 6").value == "2011-11-06"
    assert one(nlp, "The payment was due on November 6.", dct, "November 6").value == "2010-11-06"


def test_a_year_naming_which_event_is_no_story_year(nlp):
    dct = dt.date(2008, 10, 3)
    text = "This election, like the election of 1980, demands one thing. As in his July news conference, he was calm."
    assert one(nlp, text, dct, "July").value == "2008-07"
    # "the summer of 1940" says when: a history told from it keeps its year
    text = "In the summer of 1940, the Luftwaffe attacked. In September, London burned."
    assert one(nlp, text, dt.date(2009, 5, 1), "September").value == "1940-09"


def test_a_month_that_ends_what_goes_on_now_lies_ahead(nlp):
    dct = dt.date(2011, 2, 10)
    assert (
        one(nlp, "The process continues until September, when elections are held.", dct, "September").value == "2011-09"
    )
    assert one(nlp, "The ban lasted until September.", dct, "September").value == "2010-09"


def test_a_far_year_in_brackets_is_no_story_year(nlp):
    # a byline's book citation, its bracket wrapped over a line break
    text = (
        "Pollack is the author of several books, including one on the desert (Random House,\n2008).\n"
        "(CNN) --\nEgyptians deserve their time to celebrate.\n"
        "Mubarak's resignation is a victory for the movement born so suddenly on January 25."
    )
    assert one(nlp, text, dt.date(2011, 2, 11), "January 25").value == "2011-01-25"


def test_a_year_naming_which_work_is_no_story_year(nlp):
    # a 2008 letters page cites a 1960 book, then an earlier analysis of this October
    text = (
        "For real reform, we have to go back to Milton Friedman's 1960 book and impose full reserves.\n"
        "The Oct. 10 front-page analysis missed the point."
    )
    assert one(nlp, text, dt.date(2008, 10, 16), "Oct. 10").value == "2008-10-10"


def test_this_season_lies_within_months_whatever_the_tense(nlp):
    text = "The forward, who was out of contract this summer, celebrated. This spring the club collapsed."
    assert one(nlp, text, dt.date(2022, 5, 21), "this summer").value == "2022-SU"
    assert one(nlp, text, dt.date(2022, 11, 20), "This spring").value == "2022-SP"
    text = "Democrats plan to push the bill this spring."
    assert one(nlp, text, dt.date(2009, 12, 19), "this spring").value == "2010-SP"


def test_a_future_perfect_looks_ahead(nlp):
    text = "By August 15, some 86 million gallons of oil will have spilled into the Gulf."
    assert one(nlp, text, dt.date(2010, 6, 2), "August 15").value == "2010-08-15"


def test_a_clause_since_opens_lies_before(nlp):
    text = "More than 5,400 people have been killed since the uprising began in March."
    assert one(nlp, text, dt.date(2012, 2, 3), "March").value == "2011-03"


def test_a_decade_ago_is_a_year(nlp):
    assert one(nlp, "A decade ago, the site was a military base.", dt.date(2011, 6, 1), "A decade ago").value == "2001"


def test_a_day_since_names_is_no_day_the_text_goes_on_to_tell(nlp):
    text = (
        "The rise would be the largest since the week to February 25. Brent crude rose $2.71 a barrel by "
        "11:50 a.m. on the day."
    )
    assert one(nlp, text, dt.date(2011, 4, 8), "11:50 a.m.").value == "2011-04-08T11:50"


def test_a_caption_s_simple_present_tells_the_nearest_day_a_timetable_the_next(nlp):
    tue = dt.date(2011, 8, 9)
    assert (
        one(nlp, "Firefighters battle the blaze at a warehouse in the port on Saturday.", tue, "Saturday").value
        == "2011-08-06"
    )
    assert one(nlp, "The new law comes into force on Saturday.", tue, "Saturday").value == "2011-08-13"


@pytest.mark.parametrize(
    "text, expression, value",
    [
        ("If he wins in November, he would be in charge.", "November", "2016-11"),
        ("If she fails on Friday, the bill dies.", "Friday", "2016-05-20"),
        ("Unless the talks resume in March, the strike goes on.", "March", "2017-03"),
    ],
)
def test_the_present_after_if_unless_or_once_tells_what_is_to_come(nlp, text, expression, value):
    assert one(nlp, text, dt.date(2016, 5, 16), expression).value == value


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        # a plan told in the past perfect lies behind
        ("Obama had planned this Asia trip in March, then put it off.", dt.date(2010, 6, 4), "March", "2010-03"),
        ("The vote had been scheduled for July 25.", dt.date(2006, 11, 7), "July 25", "2006-07-25"),
        # a supposition under "would" looks ahead, under "would have" back
        (
            "Trump was asked how he would fare if he won the presidential election on Nov. 8.",
            dt.date(2016, 5, 16),
            "Nov. 8",
            "2016-11-08",
        ),
        ("He would have left if he won the vote in March.", dt.date(2016, 5, 16), "March", "2016-03"),
    ],
)
def test_a_past_perfect_plan_lies_behind_and_a_supposition_under_would_ahead(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


def test_just_months_ago_stays_a_date(nlp):
    assert [(t.text, t.type) for t in tag_text("It was just months ago.", TUE, nlp)] == [("months ago", "DATE")]


def test_the_very_near_future_is_the_future(nlp):
    assert one(nlp, "We need bold action in the very near future.", TUE, "the very near future").value == "FUTURE_REF"


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        (
            "The figures come from a poll of 1,704 adults taken from May 13 through Sunday.",
            dt.date(2016, 5, 27),
            "Sunday",
            "2016-05-22",
        ),
        (
            "The CNN poll, conducted from Friday through Sunday, found that most agreed.",
            dt.date(2006, 11, 1),
            "Sunday",
            "2006-10-29",
        ),
        # a bound alone still looks ahead, and a range ends after it opens
        ("The vote was postponed until Friday.", dt.date(2016, 5, 25), "Friday", "2016-05-27"),
        ("The sale runs from Monday through Friday.", dt.date(2016, 5, 27), "Friday", "2016-06-03"),
    ],
)
def test_the_end_of_a_range_follows_the_clause_and_the_ranges_start(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


@pytest.mark.parametrize(
    "text, dct, expression, value",
    [
        (
            "The loss was 44 cents a share, against a profit for the corresponding period last year. "
            "This quarter's loss includes charges.",
            dt.date(1989, 11, 1),
            "the corresponding period last year",
            "1988-Q3",
        ),
        (
            "Casinos won slightly less in October than they did the same month last year.",
            dt.date(2015, 11, 13),
            "the same month last year",
            "2014-10",
        ),
        # a report that speaks of no quarter: its period is known to the year
        (
            "Exports rose in the first ten months, up 4 percent from the same period of last year.",
            dt.date(2006, 11, 13),
            "the same period of last year",
            "2005",
        ),
    ],
)
def test_the_same_period_last_year_is_the_period_in_focus_a_year_back(nlp, text, dct, expression, value):
    assert one(nlp, text, dct, expression).value == value


def test_the_day_before_beside_a_date_or_ending_a_comparison(nlp):
    sat = dt.date(2016, 7, 30)
    text = (
        "Oil rose on Friday. The note fell to 1.45 percent from 1.51 percent the day before. "
        "The euro rose to $1.1175 from $1.1074 the day before."
    )
    # a comparison's "the day before" is the day before Friday, and does not move the story to that day
    assert [t.value for t in tag_text(text, sat, nlp) if t.text == "the day before"] == ["2016-07-28", "2016-07-28"]
    text = "Eight trading days after Oct. 12, 1989, the day before the stock market plunge, the index fell."
    assert one(nlp, text, sat, "the day before").value == "1989-10-12"
    assert one(nlp, "He was seen on Tuesday, the day before he vanished.", sat, "the day before").value == "2016-07-26"
    # a day tied only to an event, or set beside a bare year, is left to the reader
    for untagged in ("Friends visited the day after his death.", "In 1950, the day after the war ended, all danced."):
        assert not [t for t in tag_text(untagged, sat, nlp) if t.text.startswith("the day")], untagged


def test_at_this_time_is_the_present_and_this_time_an_occasion(nlp):
    text = "No agreement was reached at this time, the White House said. This time, however, analysts disagree."
    assert [(t.text, t.value) for t in tag_text(text, TUE, nlp)] == [("this time", "PRESENT_REF")]
    text = "Visitors would normally fill the beach at this time of year."  # the month of writing, not the present
    assert [(t.text, t.value) for t in tag_text(text, TUE, nlp)] == [("this time of year", TUE.isoformat()[:7])]


def test_the_days_results_are_the_day_the_text_is_about(nlp):
    text = "Clinton won Florida on Tuesday, and the day's results won't change the math."
    assert one(nlp, text, dt.date(2016, 3, 16), "the day").value == "2016-03-15"


def test_a_date_something_takes_effect_on_lies_ahead_unless_it_is_days_ago(nlp):
    thu = dt.date(1989, 10, 26)
    assert one(nlp, "The change results from a new labor pact effective June 1.", thu, "June 1").value == "1990-06-01"
    assert one(nlp, "The pact, effective January, covers 9,000 workers.", thu, "January").value == "1990-01"
    assert one(nlp, "The ceasefire, effective Oct. 24, was holding.", thu, "Oct. 24").value == "1989-10-24"


def test_any_ordinal_day_of_a_running_event_is_a_date(nlp):
    sat = dt.date(2010, 7, 17)
    assert one(nlp, "Today is the eighth day of the operation.", sat, "the eighth day").value == "2010-07-17"
    text = "The cap held on Friday. Engineers said it held for a second day. And so, on the 88th day, they waited."
    assert [(t.text, t.value) for t in tag_text(text, sat, nlp) if "day" in t.text] == [
        ("Friday", "2010-07-16"),
        ("a second day", "2010-07-16"),
        ("the 88th day", "2010-07-16"),
    ]
    # a run of days up to the day of writing, when the text names no other day
    assert one(nlp, "Shares fell for a third straight day.", sat, "a third straight day").value == "2010-07-17"
    # a month counted so is no date the text gives; "a first" is no ordinal of a running event
    for text in ("It was the third consecutive month of gains.", "He won a first day pass."):
        assert not [t for t in tag_text(text, sat, nlp) if "day" in t.text or "month" in t.text], text


def test_the_present_day_and_at_this_moment_are_the_present(nlp):
    sat = dt.date(2010, 7, 17)
    for text, expression in (
        ("Modules cover warfare from 1945 to the present day.", "the present day"),
        ("At the present moment, I would prefer to wait.", "the present moment"),
        ("He refrained from endorsing any candidate at this moment, he said.", "this moment"),
    ):
        assert one(nlp, text, sat, expression).value == "PRESENT_REF", text
    # a moment one looks forward to or understands is an occasion, not the time of writing
    for text in ("The whole continent was looking forward to this moment.", "He understands this moment."):
        assert not [t for t in tag_text(text, sat, nlp) if "moment" in t.text], text


def test_a_day_a_sentence_heads_into_lies_ahead_unless_the_narrative_is_past(nlp):
    mon = dt.date(2016, 2, 8)
    for text, day, value in (
        ("Heading into Tuesday’s primary, her lead has virtually disappeared.", "Tuesday", "2016-02-09"),
        ("On the eve of Sunday’s vote, the parties are campaigning hard.", "Sunday", "2016-02-14"),
        ("In the run-up to Friday’s summit, diplomats are busy.", "Friday", "2016-02-12"),
        ("Clinton had 1,944 delegates heading into Tuesday’s primaries.", "Tuesday", "2016-02-02"),
    ):
        assert one(nlp, text, mon, day).value == value, text


def test_an_infinitive_after_a_feeling_is_as_past_as_it_and_a_confirmed_part_lies_ahead(nlp):
    mon = dt.date(2015, 12, 28)
    assert (
        one(nlp, "A husband and wife were surprised to see a sign on Friday night.", mon, "Friday night").value
        == "2015-12-25TNI"
    )
    assert one(nlp, "Pupils were about to cross the street on Wednesday.", mon, "Wednesday").value == "2015-12-23"
    # eagerness, and a state, still look ahead; so does what someone is confirmed to take part in
    assert one(nlp, "Sanders is eager to meet voters on Friday.", mon, "Friday").value == "2016-01-01"
    assert (
        one(nlp, "He was happy to be back ahead of the opener on February 4.", mon, "February 4").value == "2016-02-04"
    )
    assert (
        one(
            nlp,
            "Beyonce has been confirmed to take part in a tribute concert in October.",
            dt.date(2011, 8, 23),
            "October",
        ).value
        == "2011-10"
    )


def test_a_quotation_opening_a_paragraph_with_now_turns_the_argument(nlp):
    text = "He repeated the claim.\n“Now, I was a civilian so nobody cared,” he added.\nNow, the talks resume."
    assert [t.text for t in tag_text(text, dt.date(2016, 8, 11), nlp)] == ["Now"]
    assert [t.start for t in tag_text(text, dt.date(2016, 8, 11), nlp)] == [text.rindex("Now")]


def test_a_passive_after_being_takes_the_tense_of_the_verb_it_follows(nlp):
    fri = dt.date(2011, 11, 18)
    text = "Families are facing being cut off for winter without enough food."
    assert one(nlp, text, fri, "winter").value == "2011-WI"  # the winter to come, not the one gone
