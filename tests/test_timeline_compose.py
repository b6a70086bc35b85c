"""The timeline composer on small hand-made stories: which dates it picks and what it cites."""

from __future__ import annotations

import datetime as dt

import pytest

from storyline.compose.timeline import (
    SENTENCE_FEATURES,
    StoryCandidates,
    candidates_of,
    compose_timeline,
    furniture_end,
    held_out_sentence_ranker,
    sentence_features,
    shipped_sentence_ranker,
)
from storyline.config import TimelineSettings
from storyline.errors import StorylineError
from storyline.model import AnnotatedArticle, Article, Mention, Sentence, TimeExpr


def _article(
    article_id: str, published: str, sentences: list[str], dates: dict[int, tuple[str, str]] | None = None
) -> AnnotatedArticle:
    """An annotated article from sentences; ``dates`` maps a sentence index to (expression, TIMEX3 value)."""
    text, spans = "", []
    for sentence in sentences:
        start = len(text)
        text += sentence + "\n\n"
        spans.append(Sentence(start=start, end=start + len(sentence), text=sentence, paragraph=len(spans)))
    timexes = []
    for index, (expression, value) in (dates or {}).items():
        start = text.index(expression, spans[index].start)
        timexes.append(
            TimeExpr(
                start=start,
                end=start + len(expression),
                text=expression,
                type="DATE",
                value=value,
                sentence=index,
                resolved=True,
            )
        )
    article = Article(id=article_id, text=text, published=dt.date.fromisoformat(published), published_source="sidecar")
    return AnnotatedArticle(article=article, sentences=spans, timexes=timexes)


def test_dateline_and_page_stamp_are_cut():
    assert furniture_end("LONDON | Mon Aug 9 , 2010 7:34 am EDT LONDON ( Reuters ) - The harbour reopened.") == len(
        "LONDON | Mon Aug 9 , 2010 7:34 am EDT LONDON ( Reuters ) - "
    )
    assert furniture_end("Wednesday 5 May 2010 16.20 BST Boats gathered at the pier.") == len(
        "Wednesday 5 May 2010 16.20 BST "
    )
    stamped = "12 March 2011 Last updated at 06:50 GMT Help The mill closed its gates."
    assert stamped[furniture_end(stamped) :] == "The mill closed its gates."


def test_a_time_of_day_inside_the_sentence_is_kept():
    assert furniture_end("The council meets at 10:30 am ET on Monday to vote on the ferry budget.") == 0
    assert furniture_end("The ferry left the harbour on Tuesday.") == 0


def test_trimmed_source_cites_the_exact_words_and_keeps_its_date():
    sentence = "Tue Mar 8 , 2011 9:03 pm EDT PORTVILLE ( Reuters ) - The ferry company closed the harbour on Monday ."
    annotated = _article("a1", "2011-03-08", [sentence], {0: ("on Monday", "2011-03-07")})
    found = candidates_of(annotated, "a1", [annotated])
    named = [c for c in found if c.ref.time_expression]
    assert [c.date for c in named] == ["2011-03-07"]
    ref = named[0].ref
    assert ref.sentence.startswith("The ferry company")
    assert annotated.article.text[ref.char_start : ref.char_end] == ref.sentence


def test_a_date_from_the_dateline_cut_off_the_cited_words_says_so():
    sentence = "Tue Mar 8 , 2011 9:03 pm EDT PORTVILLE ( Reuters ) - The ferry company closed the harbour ."
    annotated = _article("a1", "2011-03-08", [sentence], {0: ("Tue Mar 8 , 2011", "2011-03-08")})
    [found] = [c for c in candidates_of(annotated, "a1", [annotated]) if c.ref.time_expression]
    assert found.ref.time_expression not in found.ref.sentence
    assert found.ref.inferred and "dateline" in found.ref.inferred and "PORTVILLE" in found.ref.inferred


def test_a_date_named_in_the_cited_words_is_not_marked_inferred():
    annotated = _article(
        "a1", "2011-03-08", ["The ferry company closed the harbour on Monday ."], {0: ("on Monday", "2011-03-07")}
    )
    assert [c.ref.inferred for c in candidates_of(annotated, "a1", [annotated])] == [None]


def test_the_year_of_an_undated_articles_month_and_day_is_marked_as_inferred():
    dated = [_article(f"d{i}", f"2021-03-{10 + i}", ["The pier stayed closed all week ."]) for i in range(3)]
    text = "The pier council voted on March 30 to rebuild the pier ."
    start = text.index("March 30")
    undated = AnnotatedArticle(
        article=Article(id="u1", text=text, published=None, published_source="missing"),
        sentences=[Sentence(start=0, end=len(text), text=text, paragraph=0)],
        timexes=[
            TimeExpr(
                start=start, end=start + 8, text="March 30", type="DATE", value="XXXX-03-30", sentence=0, resolved=False
            )
        ],
    )
    [found] = candidates_of(undated, "u1", dated + [undated])
    assert found.date == "2021-03-30"
    assert found.ref.inferred and "2021" in found.ref.inferred and "publication dates" in found.ref.inferred


def test_the_timeline_does_not_hang_on_the_order_of_the_articles():
    """Three same-day reports where the first and third share few words: merging in input order would
    join or split them depending on which comes first."""
    articles = [
        _article(
            "e1", "2011-03-07", ["Ferry crews struck at dawn over pay on Monday ."], {0: ("on Monday", "2011-03-07")}
        ),
        _article(
            "e2",
            "2011-03-07",
            ["Ferry crews struck over pay and pensions in the port on Monday ."],
            {0: ("on Monday", "2011-03-07")},
        ),
        _article(
            "e3",
            "2011-03-08",
            ["The port stayed shut as pensions talks failed on Monday , ferry owners said ."],
            {0: ("on Monday", "2011-03-07")},
        ),
    ]
    settings = TimelineSettings(max_dates=1, sentences_per_date=3, keywords=("ferry",))
    orders = ([0, 1, 2], [2, 1, 0], [1, 2, 0], [2, 0, 1])
    results = {
        tuple(
            (e.summary, tuple(r.article_id for r in e.sources))
            for e in compose_timeline([articles[i] for i in order], settings)
        )
        for order in orders
    }
    assert len(results) == 1


def test_timelines_over_overlapping_articles_reuse_candidates_and_compose_the_same(monkeypatch):
    """The evaluation composes one topic once per gold timeline, over overlapping spans of articles."""
    from storyline.compose import timeline

    articles = [
        _article(
            f"p{day}",
            f"2011-03-{day:02d}",
            [f"The ferry strike went on for day {day} .", f"Ferry talks were held on March {day - 1} ."],
            {1: (f"March {day - 1}", f"2011-03-{day - 1:02d}")},
        )
        for day in range(2, 30)
    ]
    articles.append(
        AnnotatedArticle(
            article=Article(
                id="undated", text="A ferry sailed on March 5 .", published=None, published_source="missing"
            ),
            sentences=[Sentence(start=0, end=27, text="A ferry sailed on March 5 .", paragraph=0)],
            timexes=[
                TimeExpr(start=18, end=25, text="March 5", type="DATE", value="XXXX-03-05", sentence=0, resolved=False)
            ],
        )
    )
    spans = [articles[:22] + articles[-1:], articles[4:], articles]
    settings = TimelineSettings(max_dates=5, sentences_per_date=1, keywords=("ferry",))
    alone = [compose_timeline(span, settings) for span in spans]
    made = []
    monkeypatch.setattr(
        timeline,
        "candidates_of",
        lambda annotated, *rest: made.append(annotated.article.id) or candidates_of(annotated, *rest),
    )
    known: timeline.KnownCandidates = {}
    together = [compose_timeline(span, settings, known_candidates=known) for span in spans]
    assert together == alone
    assert sorted(made).count("p10") == 1  # a dated article's candidates are made once
    assert made.count("undated") == len(spans)  # an undated one's depend on the other articles: made each time


def test_a_candidate_counts_the_actors_its_sentence_names_not_its_amounts():
    annotated = _article(
        "a1",
        "2011-03-08",
        ["Mayor Ann Lee and the Port Authority closed the harbour on Monday .", "Fares rose 5 percent on Monday ."],
        {0: ("on Monday", "2011-03-07"), 1: ("on Monday", "2011-03-07")},
    )
    text = annotated.article.text
    for name, label in (("Ann Lee", "PERSON"), ("the Port Authority", "ORG"), ("5 percent", "PERCENT")):
        start = text.index(name)
        annotated.mentions.append(
            Mention(
                start=start, end=start + len(name), text=name, label=label, sentence=0 if name != "5 percent" else 1
            )
        )
    found = {c.sentence_index: c for c in candidates_of(annotated, "a1", [annotated]) if c.ref.time_expression}
    assert (found[0].entities, found[1].entities) == (2, 0)


def test_dateline_only_sentence_is_kept_whole():
    sentence = "Tue Mar 8 , 2011 9:03 pm EDT ( Reuters ) -"
    annotated = _article("a1", "2011-03-08", [sentence, "The ferry company closed the harbour ."])
    found = candidates_of(annotated, "a1", [annotated])
    assert all(annotated.article.text[c.ref.char_start : c.ref.char_end] == c.ref.sentence for c in found)


def test_the_date_most_articles_name_is_chosen():
    articles = [
        _article(
            "a1",
            "2011-03-10",
            [
                "The ferry strike began on March 7 in the northern port .",
                "Talks about ferry wages were held on March 9 .",
            ],
            {0: ("March 7", "2011-03-07"), 1: ("March 9", "2011-03-09")},
        ),
        _article(
            "a2",
            "2011-03-12",
            ["Ferry crews walked out on March 7 after wage talks failed ."],
            {0: ("March 7", "2011-03-07")},
        ),
        _article(
            "a3",
            "2011-03-15",
            ["Since the ferry strike of March 7 , no boat has sailed ."],
            {0: ("March 7", "2011-03-07")},
        ),
    ]
    entries = compose_timeline(articles, TimelineSettings(max_dates=1, sentences_per_date=1, keywords=("ferry",)))
    assert [e.date for e in entries] == ["2011-03-07"]
    assert "ferry" in entries[0].summary.lower()


def _strike_and_licence(recalled_on: str) -> list[AnnotatedArticle]:
    """Two reports of a strike on March 7 that day, and one of a licence lost on February 1, told on ``recalled_on``."""
    return [
        _article("a0", "2011-01-30", ["The ferry timetable for the spring was published ."]),
        _article(
            "a1",
            "2011-03-07",
            ["Ferry crews walked out on March 7 after wage talks failed ."],
            {0: ("March 7", "2011-03-07")},
        ),
        _article(
            "a2",
            "2011-03-07",
            ["The ferry strike began on March 7 in the northern port ."],
            {0: ("March 7", "2011-03-07")},
        ),
        _article(
            "a3",
            recalled_on,
            ["The ferry company lost its licence on February 1 , and the dispute began ."],
            {0: ("February 1", "2011-02-01")},
        ),
    ]


@pytest.mark.parametrize("recalled_on, chosen", [("2011-04-10", "2011-02-01"), ("2011-02-11", "2011-03-07")])
def test_a_day_still_recalled_a_month_later_outranks_a_busier_day(recalled_on, chosen):
    """Two reports of March 7 on the day outweigh one later mention of February 1, unless that mention
    comes a month or more after it (late_days): then the earlier day is the milestone."""
    articles = _strike_and_licence(recalled_on)
    articles.append(_article("a4", "2011-04-10", ["The ferry service is still suspended ."]))
    entries = compose_timeline(articles, TimelineSettings(max_dates=1, sentences_per_date=1, keywords=("ferry",)))
    assert [e.date for e in entries] == [chosen]


@pytest.mark.parametrize("late_days, chosen", [(30, "2011-03-07"), (7, "2011-02-01")])
def test_the_composer_weighs_dates_by_the_settings_it_is_given(late_days, chosen):
    """A mention ten days after the day is late only when the settings say late begins before ten days."""
    articles = _strike_and_licence("2011-02-11")
    settings = TimelineSettings(max_dates=1, sentences_per_date=1, keywords=("ferry",), late_days=late_days)
    assert [e.date for e in compose_timeline(articles, settings)] == [chosen]
    # dates given in an order of the caller's replace the story's own ranking
    given = compose_timeline(articles, settings, date_order=["2011-02-01", "2011-03-07"])
    assert [e.date for e in given] == ["2011-02-01"]


def test_a_sentence_naming_two_dates_is_shown_once():
    """One sentence does not summarise two days of the timeline: the second day shows its own sentence."""
    both = "The ferry strike began on March 7 and talks resumed on March 9 ."
    articles = [
        _article("a1", "2011-03-10", [both], {0: ("March 7", "2011-03-07")}),
        _article(
            "a2",
            "2011-03-11",
            ["Ferry crews walked out on March 7 after wage talks failed ."],
            {0: ("March 7", "2011-03-07")},
        ),
        _article(
            "a3",
            "2011-03-12",
            ["Ferry owners and unions met again on March 9 in the town hall ."],
            {0: ("March 9", "2011-03-09")},
        ),
    ]
    second = both.index("March 9")  # the same sentence names a second date
    articles[0].timexes.append(
        TimeExpr(
            start=second,
            end=second + len("March 9"),
            text="March 9",
            type="DATE",
            value="2011-03-09",
            sentence=0,
            resolved=True,
        )
    )
    entries = compose_timeline(articles, TimelineSettings(max_dates=2, sentences_per_date=1, keywords=("ferry",)))
    assert [e.date for e in entries] == ["2011-03-07", "2011-03-09"]
    summaries = [e.summary for e in entries]
    assert len(set(summaries)) == 2
    assert summaries.count(both) <= 1


def test_a_date_only_pool_sentences_can_summarise_is_not_chosen():
    """Publication-day leads without the keyword do not qualify a date through later keyword sentences."""
    articles = [
        _article(
            f"b{i}",
            "2011-03-10",
            [
                f"The harbour board met for session {i} in the town hall .",
                f"Ferry crews stayed at home during session {i} of the dispute .",
            ],
        )
        for i in range(22)
    ]
    articles.append(
        _article(
            "a1",
            "2011-03-10",
            ["The ferry strike began on March 7 in the northern port ."],
            {0: ("March 7", "2011-03-07")},
        )
    )
    entries = compose_timeline(articles, TimelineSettings(max_dates=1, sentences_per_date=1, keywords=("ferry",)))
    assert [e.date for e in entries] == ["2011-03-07"]


def test_an_early_sentence_naming_no_day_may_summarise_the_day_before_its_publication():
    annotated = _article(
        "a1",
        "2011-03-08",
        ["Ferry crews walked out at dawn .", "No ferry left the port on Monday ."],
        {1: ("on Monday", "2011-03-07")},
    )
    found = candidates_of(annotated, "a1", [annotated], pool_sentences=5)
    undated = sorted((c.date, c.pool, c.ref.inferred is not None) for c in found if c.sentence_index == 0)
    # the lead anchors the publication date and is offered, as a pool sentence only, at the day before
    assert undated == [("2011-03-07", True, True), ("2011-03-08", False, False)]
    assert [(c.date, c.pool) for c in found if c.sentence_index == 1] == [("2011-03-07", False)]
    # a small story offers no pool sentences, so no day before either
    assert {c.date for c in candidates_of(annotated, "a1", [annotated], pool_sentences=0)} == {
        "2011-03-07",
        "2011-03-08",
    }
    assert all(not c.pool for c in candidates_of(annotated, "a1", [annotated], pool_sentences=0))


@pytest.mark.parametrize("granularity, placed", [("day", True), ("week", True), ("month", False)])
def test_a_lead_is_placed_at_an_inferred_date_fine_enough_to_count_on_monday_from(granularity, placed):
    annotated = _article("a1", "2011-03-08", ["Ferry crews walked out at dawn .", "The port stayed shut ."])
    article = annotated.article
    article.published_source, article.published_granularity = "inferred", granularity
    article.date_evidence = f"inferred ({granularity}: …) from 'Tuesday' in the lead"
    lead = [c for c in candidates_of(annotated, "a1", [annotated]) if c.sentence_index == 0]
    if placed:  # at the likeliest day, saying it was inferred
        assert [c.date for c in lead] == ["2011-03-08"]
        assert lead[0].ref.inferred and granularity in lead[0].ref.inferred
    else:  # a month is too coarse to name the day
        assert lead == []


def test_a_report_of_the_next_day_summarises_the_day_it_tells_without_counting_for_it():
    """In a large story, the lead of a next-day report is a second summary of the day, not evidence for it."""
    articles = [
        _article(f"f{i}", "2011-03-01", [f"The harbour board met for session {i} in the town hall ."])
        for i in range(21)
    ]
    named = "The ferry strike began on March 7 in the northern port ."
    articles += [_article(f"n{i}", "2011-03-07", [named], {0: ("on March 7", "2011-03-07")}) for i in range(3)]
    articles.append(_article("next", "2011-03-08", ["Union leaders said every ferry crew would stay out all week ."]))
    entries = compose_timeline(
        articles, TimelineSettings(max_dates=1, sentences_per_date=2, keywords=("ferry",)), sentence_ranker=None
    )
    assert [e.date for e in entries] == ["2011-03-07", "2011-03-07"]
    next_day = [e for e in entries if e.sources[0].article_id == "next"]
    assert len(next_day) == 1 and next_day[0].sources[0].inferred
    without = compose_timeline(
        articles[:-1], TimelineSettings(max_dates=1, sentences_per_date=2, keywords=("ferry",)), sentence_ranker=None
    )
    assert next_day[0].score == without[0].score  # the date's score is the named reports' alone


def _ferry_day() -> list[AnnotatedArticle]:
    """Four reports of one day: three tell the strike in shared words, one adds an aside about the weather."""
    return [
        _article(
            "c1",
            "2011-03-07",
            [
                "Ferry crews went on strike on Monday and no ferry left the northern port .",
                "A cold wind blew over the ferry terminal car park on Monday .",
            ],
            {0: ("on Monday", "2011-03-07"), 1: ("on Monday", "2011-03-07")},
        ),
        _article(
            "c2",
            "2011-03-07",
            ["No ferry left the northern port on Monday as crews went on strike over pay ."],
            {0: ("on Monday", "2011-03-07")},
        ),
        _article(
            "c3",
            "2011-03-08",
            ["The ferry strike on Monday kept every boat in the northern port ."],
            {0: ("on Monday", "2011-03-07")},
        ),
    ]


@pytest.mark.parametrize("which", ["shipped", None])
def test_the_sentence_telling_what_the_reports_share_summarises_the_day(which):
    settings = TimelineSettings(max_dates=1, sentences_per_date=1, keywords=("ferry",))
    entries = compose_timeline(_ferry_day(), settings, sentence_ranker=which)
    assert [e.date for e in entries] == ["2011-03-07"]
    assert "strike" in entries[0].summary and "wind" not in entries[0].summary


def test_the_shipped_sentence_ranker_loads_and_reads_only_known_features():
    ranker = shipped_sentence_ranker()
    assert ranker is not None, "src/storyline/compose/sentence_ranker.json is missing"
    assert set(ranker.weights) <= set(SENTENCE_FEATURES)
    assert any(value != 0.0 for value in ranker.weights.values())
    candidate = candidates_of(_ferry_day()[1], "c2", _ferry_day())[0]
    context = StoryCandidates.of([candidate], ("ferry",)).context(candidate.date)
    assert set(sentence_features(candidate, 1, context)) == set(SENTENCE_FEATURES)


def test_without_a_model_file_the_hand_formula_ranks(tmp_path):
    assert shipped_sentence_ranker(tmp_path / "absent.json") is None
    settings = TimelineSettings(max_dates=1, sentences_per_date=2, keywords=("ferry",))
    entries = compose_timeline(_ferry_day(), settings, sentence_ranker=None)
    assert len(entries) == 2 and all("ferry" in e.summary.lower() for e in entries)


def test_evaluation_gets_a_twin_that_never_saw_the_topic(tmp_path):
    """evaluate tls must not score the shipped model on its own training topics: each topic has its twin."""
    import json

    topics = ("mj", "syria")
    shipped = {
        "bias": 0.0,
        "weights": {"story": 1.0},
        "held_out": {t: {"bias": 0.0, "weights": {"story": 1.0, "support": float(i)}} for i, t in enumerate(topics)},
    }
    path = tmp_path / "ranker.json"
    path.write_text(json.dumps(shipped))
    twin = held_out_sentence_ranker("syria", path)
    assert twin is not None and twin.weights == {"story": 1.0, "support": 1.0}
    with pytest.raises(StorylineError, match="without topic 'haiti'"):
        held_out_sentence_ranker("haiti", path)
    assert held_out_sentence_ranker("mj", tmp_path / "absent.json") is None


def test_the_shipped_model_carries_a_twin_for_every_timeline17_topic():
    for topic in ("bpoil", "egypt", "finan", "h1n1", "haiti", "iraq", "libya", "mj", "syria"):
        twin = held_out_sentence_ranker(topic)
        assert twin is not None and twin != shipped_sentence_ranker()
