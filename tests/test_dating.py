"""Publication dates inferred for undated articles, and the check that every timeline date is supported.

The articles and sentences here are written for these tests.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

from storyline.annotate import annotate
from storyline.check import check_document, stated_parts_disagree
from storyline.compose.text import jaccard
from storyline.compose.timeline import year_if_certain
from storyline.config import DatingSettings, Settings
from storyline.dating import (
    DatedContext,
    WordStems,
    granularity_of,
    in_markup,
    infer,
    infer_dates,
    weekday_named,
    years_fitting_weekday,
)
from storyline.model import AnnotatedArticle, Article
from storyline.pipeline import build


def _annotated(resources, *articles: Article) -> list[AnnotatedArticle]:
    return list(annotate(list(articles), resources))


def test_a_stated_weekday_rules_out_the_years_it_does_not_fall_in():
    # 21 November was a Thursday in 2019 and a Monday in 2016 and 2022
    assert weekday_named("Monday, November 21") == 0
    assert years_fitting_weekday(11, 21, 0, range(2015, 2024)) == [2016, 2022]
    assert 2019 not in years_fitting_weekday(11, 21, 0, [2019])


def test_the_year_of_a_month_day_from_the_story_must_agree_with_its_weekday():
    dated = AnnotatedArticle(Article(id="a", text="x", published=dt.date(2019, 11, 2), published_source="header"))
    assert year_if_certain([dated], 11, 21) == 2019
    assert year_if_certain([dated], 11, 21, weekday=0) is None  # "Monday, November 21" is not 2019
    assert year_if_certain([dated], 11, 21, weekday=3) == 2019


def test_text_inside_an_image_address_or_a_link_is_markup():
    text = "The quay flooded. ![The quay](https://img.example.org/2021-03/quay.jpg) Water rose in March 2021."
    inside = text.index("2021-03")
    assert in_markup(text, inside, inside + 7)
    prose = text.index("March 2021")
    assert not in_markup(text, prose, prose + len("March 2021"))


def test_an_interval_names_its_granularity():
    assert [granularity_of(n) for n in (0, 3, 20, 200, 800)] == ["day", "week", "month", "year", None]


def _inferred_alone(resources, text: str):
    """The estimate for one undated article with no dated article beside it."""
    (item,) = _annotated(resources, Article(id="alone", text=text))
    return infer(item, DatedContext([], DatingSettings()), DatingSettings())


def test_an_updated_stamp_dates_the_article_to_the_day(resources):
    estimate = _inferred_alone(
        resources,
        "Updated: March 8, 2011\n\nThe harbour board met on Monday and voted to raise the ferry fares by a tenth "
        "from April.",
    )
    assert estimate is not None
    assert (estimate.likely, estimate.granularity) == (dt.date(2011, 3, 8), "day")
    assert "stamp" in estimate.evidence[0]


def test_a_day_the_article_tells_gives_its_likeliest_day_within_the_days_around_it(resources):
    estimate = _inferred_alone(
        resources,
        "The harbour board of Eastholm met for three hours and voted to raise the ferry fares. "
        "The vote was taken on March 8, 2011, after the crews had warned of a strike.",
    )
    assert estimate is not None and estimate.likely == dt.date(2011, 3, 8)
    # no stamp names the day of writing: a report is often written the day after what it tells
    assert (estimate.earliest, estimate.latest, estimate.granularity) == (
        dt.date(2011, 3, 5),
        dt.date(2011, 3, 11),
        "week",
    )


def test_an_article_with_no_evidence_stays_undated(resources):
    assert _inferred_alone(resources, "The ferry is painted blue. Its crew likes the colour.") is None


def test_a_relative_day_naming_what_a_dated_article_names_fixes_the_day(resources):
    dated = Article(
        id="dated",
        published=dt.date(2023, 5, 12),
        published_source="header",
        text="Eastholm's harbour crane collapsed onto the ferry quay on May 10, injuring two dock workers.",
    )
    undated = Article(
        id="undated",
        text="Two days ago the harbour crane collapsed onto the ferry quay in Eastholm, "
        "injuring two dock workers. Repairs will take a month, the port said.",
    )
    dated_item, undated_item = _annotated(resources, dated, undated)
    estimate = infer(undated_item, DatedContext([dated_item], DatingSettings()), DatingSettings())
    assert estimate is not None
    assert estimate.likely == dt.date(2023, 5, 12)
    assert any("2023-05-10" in reason for reason in estimate.evidence)


def test_sentences_telling_one_happening_in_other_forms_of_its_words_align(resources):
    dated = _dated(
        "dated",
        dt.date(2015, 3, 5),
        "Ferry crews walked off the job at the Eastholm docks on March 4, striking over pay cuts.",
    )
    undated = Article(
        id="undated", text="Ferry crew members left their jobs at Eastholm dock on Wednesday in a strike over cut pay."
    )
    dated_item, undated_item = _annotated(resources, dated, undated)
    stems = WordStems()
    assert stems.of(dated.text) & stems.of(undated.text) >= {"crew", "job", "dock", "strike", "cut"}
    estimate = infer(undated_item, DatedContext([dated_item], DatingSettings()), DatingSettings())
    assert estimate is not None
    assert any("'Wednesday' names 2015-03-04" in reason for reason in estimate.evidence)


def test_a_day_dated_articles_still_tell_a_year_later_does_not_date_an_article_that_tells_it(resources):
    dated = [
        _dated(
            "opening", dt.date(2009, 7, 10), "The Westby library opened a reading room for children, the council said."
        ),
        _dated(
            "memorial",
            dt.date(2010, 9, 1),
            "A plaque went up in the square. The mayor spoke briefly. A band played. Crowds remembered the "
            "Westby flood of June 25, 2009, which closed the old bridge.",
        ),
    ]
    undated = Article(
        id="undated",
        text="Engineers inspected the span over the Kel river. Traffic slowed for an hour. Surveyors took samples. "
        "The crossing had been shut since the storm of June 25, 2009.",
    )
    *dated_items, undated_item = _annotated(resources, *dated, undated)
    context = DatedContext(dated_items, DatingSettings())
    assert context.background(dt.date(2009, 6, 25))
    estimate = infer(undated_item, context, DatingSettings())
    assert estimate is None or not any("2009-06-25" in reason for reason in estimate.evidence)
    remembered_less = DatingSettings(background_after_days=500)
    soon_after = infer(undated_item, DatedContext(dated_items, remembered_less), remembered_less)
    assert soon_after is not None and any("2009-06-25" in reason for reason in soon_after.evidence)


def test_an_undated_article_its_stamp_dates_is_context_for_the_other_undated_ones(resources):
    stamped = Article(
        id="stamped",
        text="Updated: May 12, 2023\n\nEastholm's harbour crane collapsed onto the "
        "ferry quay on May 10, injuring two dock workers, the port authority said.",
    )
    relative = Article(
        id="relative",
        text="Two days ago the harbour crane collapsed onto the ferry quay in "
        "Eastholm, injuring two dock workers. Repairs will take a month, the port said.",
    )
    items = _annotated(resources, stamped, relative)
    assert infer(items[1], DatedContext([], DatingSettings()), DatingSettings()) is None  # alone: nothing to go on
    found = infer_dates(items, [], DatingSettings())
    assert found["stamped"].likely == dt.date(2023, 5, 12)
    assert found["relative"].likely == dt.date(2023, 5, 12)
    assert any("2023-05-10" in reason for reason in found["relative"].evidence)


def test_a_month_day_is_read_in_the_years_of_the_dated_articles_like_it(resources):
    dated = [
        _dated(
            "ferry",
            dt.date(2015, 6, 10),
            "Ferry crews of Eastholm walked out over pay, the crew union said, and the harbour board "
            "called the strike unlawful while sailings to the islands stopped.",
        ),
        _dated(
            "library", dt.date(2022, 6, 10), "The Westby library opened a reading room for children, the council said."
        ),
    ]
    undated = Article(
        id="undated",
        text="On March 3 the ferry crews of Eastholm walked out over pay. Passengers waited for coaches on the quay, "
        "and the bakery by the pier sold out of bread before noon as travellers queued in the rain.",
    )
    *dated_items, undated_item = _annotated(resources, *dated, undated)
    estimate = infer(undated_item, DatedContext(dated_items, DatingSettings()), DatingSettings())
    assert estimate is not None  # March 3 of 2015 or of 2022 would be too far apart to name a period
    assert estimate.earliest.year == estimate.latest.year == 2015  # not the library's year: nothing like it then
    assert any("2015-03-03, a year the words do not name" in reason for reason in estimate.evidence)


def test_a_month_day_is_read_only_in_the_period_the_articles_like_it_agree_on_when_the_run_spans_several(resources):
    walkout = (
        "Ferry crews of Eastholm walked out over pay, the crew union said, and the harbour board "
        "called the strike unlawful while sailings to the islands stopped."
    )
    rounds = [_dated(f"early{n}", dt.date(2015, 6, 10 + n), walkout) for n in range(2)]
    rounds += [_dated(f"late{n}", dt.date(2022, 6, 10 + n), walkout) for n in range(3)]
    undated = Article(
        id="undated",
        text="On Thursday, March 3 the ferry crews of Eastholm walked out over pay, the crew union said, and the "
        "harbour board called the strike unlawful.",
    )
    *dated_items, undated_item = _annotated(resources, *rounds, undated)
    settings = DatingSettings()
    # two articles like it in 2015 and three in 2022: no period holds most of the likeness, so the month-day is
    # read in no year, though only 2022 has a Thursday, March 3
    context = DatedContext(dated_items, settings)
    assert context.one_period(context.similar(context.stems.article(undated_item, settings))) == []
    assert infer(undated_item, context, settings) is None
    agreeing = replace(settings, period_majority=0.5)
    estimate = infer(undated_item, DatedContext(dated_items, agreeing), agreeing)
    assert estimate is not None and estimate.likely.year == 2022


def test_a_month_day_like_no_dated_article_is_read_in_the_runs_years_only_when_they_are_one_period(resources):
    library = "The Westby library opened a reading room for children, the council said."
    undated = Article(
        id="undated",
        text="On March 3 the ferry crews of Eastholm walked out over pay. Passengers waited for coaches on the quay, "
        "and the bakery by the pier sold out of bread before noon as travellers queued in the rain.",
    )
    early, late, undated_item = _annotated(
        resources,
        _dated("early", dt.date(2015, 6, 10), library),
        _dated("late", dt.date(2022, 6, 10), library),
        undated,
    )
    # years apart, the run may hold look-alike rounds: the crews' walkout may be of any year, so it stays undated
    assert infer(undated_item, DatedContext([early, late], DatingSettings()), DatingSettings()) is None
    one_period = infer(undated_item, DatedContext([late], DatingSettings()), DatingSettings())
    assert one_period is not None and one_period.likely == dt.date(2022, 3, 3)
    # an article dated by its own stamp joins the context, but its year is no stated period of the run
    stamped = DatedContext([], DatingSettings())
    stamped.add(late, dt.date(2022, 6, 10))
    assert infer(undated_item, stamped, DatingSettings()) is None


def test_a_day_told_long_before_the_dated_articles_counts_only_in_the_lead(resources):
    dated = Article(
        id="dated",
        published=dt.date(2021, 3, 4),
        published_source="header",
        text="The Westby library opened a reading room for children on Wednesday, the council said.",
    )
    body = (
        "Ferry crews in Eastholm stayed on the quay and no sailings left for the islands. "
        "The harbour board said talks with the crew union would go on. "
        "Passengers waited for coaches around the fjord instead. "
    )
    history = "The last strike of the crews began on June 12, 2007, and lasted a week."
    in_body = Article(id="in-body", text=body + history)
    in_lead = Article(id="in-lead", text=history + " " + body)
    dated_item, body_item, lead_item = _annotated(resources, dated, in_body, in_lead)
    context = DatedContext([dated_item], DatingSettings())
    estimate = infer(body_item, context, DatingSettings())
    assert estimate is None  # history, not the day it was written
    told = infer(lead_item, context, DatingSettings())
    assert told is not None and told.likely.year == 2007  # a lead tells the news: a round the dated ones miss
    everywhere = DatingSettings(outside_span_days=-1)
    alone = infer(body_item, DatedContext([dated_item], everywhere), everywhere)
    assert alone is not None and alone.likely.year == 2007  # the rule is what keeps it out


def test_an_article_a_told_happening_dates_to_the_day_dates_the_next_one_in_a_chain(resources):
    """A dated report names the day a crane fell; an undated one tells it "two days ago" (dated to the day
    by it) and that the quay reopens "on Monday"; a third, otherwise dated only to the month by articles
    like it, says the quay reopened on Monday: the day the second names."""
    dated = _dated(
        "dated",
        dt.date(2023, 5, 10),
        "Eastholm's harbour crane collapsed onto the ferry quay on May 10, injuring two dock workers. "
        "The ferry quay of Eastholm was closed to passengers and the crews sent home.",
    )
    second = Article(
        id="second",
        text="Two days ago the harbour crane collapsed onto the ferry quay in Eastholm, injuring two dock workers. "
        "The port authority said the Eastholm ferry quay will reopen to passengers and cars on Monday.",
    )
    third = Article(
        id="third",
        text="The Eastholm ferry quay reopened to passengers and cars on Monday after the crane was lifted away. "
        "The ferry quay of Eastholm had been closed to passengers and the crews sent home.",
    )
    items = _annotated(resources, dated, second, third)
    found = infer_dates(items[1:], items[:1], DatingSettings())
    assert found["second"].likely == dt.date(2023, 5, 12)
    reopened = dt.date(2023, 5, 15)  # the Monday after Friday 12 May
    assert found["third"].granularity in ("day", "week")
    assert reopened - dt.timedelta(days=1) <= found["third"].likely <= reopened + dt.timedelta(days=1)
    assert any(reopened.isoformat() in reason for reason in found["third"].evidence)
    unchained = infer_dates(items[1:], items[:1], DatingSettings(refine_rounds=0))
    assert "third" not in unchained or unchained["third"].granularity not in ("day", "week")


def _dated(article_id: str, day: dt.date, text: str) -> Article:
    return Article(id=article_id, published=day, published_source="header", text=text)


def test_the_evidence_names_a_near_copy_of_a_dated_article(resources):
    report = (
        "Ferry crews of Eastholm walked out over pay, the crew union said, and the harbour board called the strike "
        "unlawful while sailings to the islands stopped. Coaches carried passengers along the coast road instead."
    )
    dated = _dated("report", dt.date(2015, 3, 2), report)
    copy = Article(id="copy", text=report.replace("Coaches carried", "Buses took"))
    loose = Article(
        id="loose",
        text="Ferry crews of Eastholm walked out again over pay on the islands, the union said, while shops on the "
        "quay ran short of milk and the school bus did not come.",
    )
    dated_item, copy_item, loose_item = _annotated(resources, dated, copy, loose)
    context = DatedContext([dated_item], DatingSettings())
    near = infer(copy_item, context, DatingSettings())
    assert near is not None and near.likely == dt.date(2015, 3, 2)
    assert "a near copy of a dated article published 2015-03-02" in near.evidence
    like = infer(loose_item, context, DatingSettings())
    assert like is not None and not any("near copy" in reason for reason in like.evidence)
    assert any("dated articles like it" in reason for reason in like.evidence)


def test_similar_articles_tell_the_period_only_when_most_of_them_agree_on_it(resources):
    round_text = (
        "Ferry crews of Eastholm walked out over pay, the crew union said, and the harbour board "
        "called the strike unlawful while sailings to the islands stopped."
    )
    settings = DatingSettings(period_majority=0.7)
    early = [_dated(f"early{n}", dt.date(2015, 3, 2 + n), round_text) for n in range(3)]
    late = _dated("late", dt.date(2022, 3, 2), round_text)
    undated = Article(id="undated", text=round_text)
    *dated_items, undated_item = _annotated(resources, *early, late, undated)
    words = WordStems().article(undated_item, settings)
    context = DatedContext(dated_items, settings)
    found = context.one_period(context.similar(words))
    assert found and all(day.year == 2015 for day, _ in found)  # three of four agree: their period
    apart = DatedContext([dated_items[0], dated_items[3]], settings)
    split = apart.one_period(apart.similar(words))
    assert split == []  # one each side: no period


def test_a_weak_likeness_to_one_or_two_dated_articles_tells_no_period_in_a_pile_of_several(resources):
    strike = (
        "Harbour pilots at Eastholm ended their strike after the board raised night pay, and ferries sailed to the "
        "islands again."
    )
    strikes = [_dated(f"strike{n}", dt.date(2015, 3, 2 + n), strike) for n in range(2)]
    harvest = _dated(
        "harvest", dt.date(2022, 9, 5), "Wheat farmers near Kelby sold their harvest early as grain prices rose."
    )
    undated = Article(
        id="undated",
        text="Eastholm's harbour pilots guide tankers through the narrow channel past the lighthouse, a skill that "
        "takes years to learn, their instructors say.",
    )
    *strike_items, harvest_item, undated_item = _annotated(resources, *strikes, harvest, undated)
    settings = DatingSettings()
    stems = WordStems()
    likeness = jaccard(stems.article(undated_item, settings), stems.article(strike_items[0], settings))
    assert settings.min_neighbour_similarity <= likeness < settings.weak_likeness
    one_period = infer(undated_item, DatedContext(strike_items, settings), settings)
    assert one_period is not None and one_period.likely.year == 2015  # the stated dates are one period
    assert infer(undated_item, DatedContext([*strike_items, harvest_item], settings), settings) is None


def test_stated_parts_of_the_words_must_agree_with_the_date():
    assert stated_parts_disagree("2021-03", "2103") is not None
    assert stated_parts_disagree("August 9,2022", "2005-08-09") is not None
    assert stated_parts_disagree("Monday, November 21", "2019-11-21") is not None
    assert stated_parts_disagree("Monday, November 21", "2022-11-21") is None
    assert stated_parts_disagree("March", "2019-03") is None


def _document(date: str, expression: str | None, inferred: str | None, published: str | None, source: str) -> dict:
    text = "On Monday the quay reopened after the repairs."
    return {
        "story": {"id": "s-1"},
        "articles": [{"id": "a", "text": text, "published": published, "published_source": source}],
        "timeline": [
            {
                "date": date,
                "sources": [
                    {
                        "article_id": "a",
                        "sentence": text,
                        "char_start": 0,
                        "char_end": len(text),
                        "time_expression": expression,
                        "inferred": inferred,
                    }
                ],
            }
        ],
    }


def test_the_check_finds_dates_the_words_do_not_support():
    assert check_document(_document("2023-05-15", "Monday", None, "2023-05-17", "header")) == []
    undated = check_document(_document("2023-05-15", "Monday", None, None, "missing"))
    assert len(undated) == 1 and "states no year" in undated[0].reason
    assert (
        check_document(
            _document("2023-05-15", "Monday", "counted from the inferred publication date: …", "2023-05-17", "inferred")
        )
        == []
    )
    assert len(check_document(_document("2023-05-16", "Monday", "how", "2023-05-17", "inferred"))) == 1  # a Tuesday
    assert len(check_document(_document("2023-05-10", None, None, "2023-05-17", "header"))) == 1


def test_a_build_writes_no_date_from_markup_or_from_a_caption_naming_its_own_year(tmp_path, resources):
    (tmp_path / "dated.txt").write_text(
        " date 2005-08-01\nThe Eastholm ferry strike began on Monday, the crews' union said.\n\n"
        "The crews want a new rota before the winter timetable.\n",
        encoding="utf-8",
    )
    (tmp_path / "undated.md").write_text(
        "The Eastholm ferry crews stayed on strike as the union and the operator met again.\n\n"
        "![Crews on the quay](https://img.example.org/2021-03/crews.jpg)\n\n"
        "Crews on the quay, August 9,2022. The union said the strike over the rota would go on.\n\n"
        "7:55 a.m. The first ferry of the day stayed in port.\n",
        encoding="utf-8",
    )
    build([str(tmp_path / "dated.txt"), str(tmp_path / "undated.md")], tmp_path / "out", resources=resources)
    document = json.loads((tmp_path / "out" / "story.json").read_text(encoding="utf-8"))
    dates = {entry["date"] for entry in document["timeline"]}
    assert not any(d.startswith(("2103", "2005-08-09")) for d in dates), dates
    assert check_document(document) == []


def test_an_undated_article_says_where_the_year_of_words_naming_none_came_from(tmp_path, resources):
    (tmp_path / "history.txt").write_text(
        "The Eastholm ferry company was founded in 1947 by three harbour pilots.\n\n"
        "The town council bought the company two years later, with its four boats and the quay.\n\n"
        "Its crews were on strike between April 16 and May 28 1962 over the winter rota.\n",
        encoding="utf-8",
    )
    build([str(tmp_path / "history.txt")], tmp_path / "out", resources=resources)
    document = json.loads((tmp_path / "out" / "story.json").read_text(encoding="utf-8"))
    sources = {source["time_expression"]: source for entry in document["timeline"] for source in entry["sources"]}
    assert "counted from a date the article tells before it" in (sources["two years later"]["inferred"] or "")
    assert check_document(document) == []


def test_four_digits_before_a_time_zone_are_a_clock_not_a_year():
    assert stated_parts_disagree("1204 GMT", "2011-07-26") is None
    assert stated_parts_disagree("1600 local time", "2010-01-22") is None
    assert stated_parts_disagree("in 1204", "2011-07-26") is not None


def _crane_reports(folder) -> tuple[str, str]:
    """A dated report of a crane's fall, and an undated one telling it "two days ago": written for these tests."""
    (folder / "report.txt").write_text(
        " date 2023-05-12\nEastholm's harbour crane collapsed onto the ferry quay on May 10, injuring two dock "
        "workers.\n\nThe port authority closed the quay to passengers.\n",
        encoding="utf-8",
    )
    (folder / "undated.txt").write_text(
        "Two days ago the harbour crane collapsed onto the ferry quay in Eastholm, injuring two dock workers.\n\n"
        "Repairs will take a month, the port said.\n",
        encoding="utf-8",
    )
    return str(folder / "report.txt"), str(folder / "undated.txt")


def test_an_article_built_alone_is_dated_from_the_dated_articles_of_earlier_builds(tmp_path, resources):
    report, undated_path = _crane_reports(tmp_path)

    def undated_after_two_builds(out, settings: Settings) -> dict:
        build([report], out, settings=settings, resources=resources)
        build([undated_path], out, settings=settings, resources=resources)  # the next build, alone
        document = json.loads((out / "story.json").read_text(encoding="utf-8"))
        return next(a for a in document["articles"] if a["path"].endswith("undated.txt"))

    undated = undated_after_two_builds(tmp_path / "out", Settings())
    assert (undated["published"], undated["published_source"]) == ("2023-05-12", "inferred")
    assert "2023-05-10" in undated["date_evidence"]
    alone = undated_after_two_builds(tmp_path / "alone", Settings(dating=DatingSettings(stored_context=0)))
    assert alone["published_source"] == "missing"  # its own words alone give no date


def test_an_undated_article_of_an_earlier_build_is_dated_by_the_reports_that_come_after_it(tmp_path, resources):
    report, first_path = _crane_reports(tmp_path)

    def first_after_two_builds(out, settings: Settings) -> dict:
        build([first_path], out, settings=settings, resources=resources)  # alone: nothing dates it
        built = build([report], out, settings=settings, resources=resources)
        stories = [json.loads(p.read_text(encoding="utf-8")) for p in (out / "stories").glob("*/story.json")]
        first = [a for s in stories for a in s["articles"] if a["path"].endswith("undated.txt")]
        assert len(first) == 1
        added = sum(change.new_articles for change in built.changes)
        return {"article": first[0], "redated": [a.id for a in built.redated], "added": added}

    dated = first_after_two_builds(tmp_path / "out", Settings())
    assert (dated["article"]["published"], dated["article"]["published_source"]) == ("2023-05-12", "inferred")
    assert "2023-05-10" in dated["article"]["date_evidence"] and len(dated["redated"]) == 1
    assert dated["added"] == 1  # the report alone is new; the earlier article is dated, not added
    kept = first_after_two_builds(tmp_path / "kept", Settings(dating=DatingSettings(redate_stored=0)))
    assert kept["article"]["published_source"] == "missing" and kept["redated"] == []


def test_a_date_an_earlier_build_inferred_to_the_month_is_narrowed_by_the_reports_that_come_after_it(
    tmp_path, resources
):
    report, undated_path = _crane_reports(tmp_path)
    (tmp_path / "earlier.txt").write_text(
        " date 2023-05-02\nThe Eastholm port authority ordered an inspection of its cranes.\n\n"
        "Dock workers had complained about the brakes for a month, the port said.\n",
        encoding="utf-8",
    )

    def undated_after(out, settings: Settings, *builds: list[str]) -> dict:
        for inputs in builds:
            build(inputs, out, settings=settings, resources=resources)
        stories = [json.loads(p.read_text(encoding="utf-8")) for p in (out / "stories").glob("*/story.json")]
        return next(a for s in stories for a in s["articles"] if a["path"].endswith("undated.txt"))

    first = [undated_path, str(tmp_path / "earlier.txt")]
    coarse = undated_after(tmp_path / "one", Settings(), first)
    assert coarse["published_source"] == "inferred" and coarse["published_granularity"] == "month"
    narrowed = undated_after(tmp_path / "two", Settings(), first, [report])
    # the day the report names, within the week an estimate from another article's words allows
    assert (narrowed["published"], narrowed["published_granularity"]) == ("2023-05-12", "week")
    assert (narrowed["published_earliest"], narrowed["published_latest"]) == ("2023-05-09", "2023-05-15")
    assert "2023-05-10" in narrowed["date_evidence"]
    kept = undated_after(tmp_path / "kept", Settings(dating=DatingSettings(redate_stored=0)), first, [report])
    assert (kept["published"], kept["published_granularity"]) == (coarse["published"], "month")
