"""Without dates.csv, only 001 states its date; the other seeds are dated by inference, each saying how."""

from __future__ import annotations

import csv
import datetime as dt

from conftest import SEEDS, require_seeds, seed_ids

STATED = ("header", "metadata", "sidecar", "url")


def _true_dates() -> dict[str, dt.date]:
    with (SEEDS / "dates.csv").open(encoding="utf-8") as handle:
        return {row["file"][:3]: dt.date.fromisoformat(row["published"]) for row in csv.DictReader(handle)}


def test_only_the_header_dated_seed_states_its_date(seeds_undated):
    require_seeds()
    document = seeds_undated["story"]
    ids = seed_ids(document)
    by_id = {a["id"]: a for a in document["articles"]}
    assert by_id[ids["001"]]["published"] == "2019-09-05"
    assert by_id[ids["001"]]["published_source"] == "header"
    for number in ("000", "002", "003"):
        assert by_id[ids[number]]["published_source"] in ("inferred", "missing")


def test_an_inferred_date_is_an_interval_with_its_evidence(seeds_undated):
    require_seeds()
    inferred = [a for a in seeds_undated["story"]["articles"] if a["published_source"] == "inferred"]
    assert inferred, "no seed was dated by inference"
    for article in inferred:
        assert article["date_evidence"], article["id"]
        assert article["published_granularity"] in ("day", "week", "month", "year")
        assert article["published_earliest"] <= article["published"] <= article["published_latest"]


def test_each_seed_without_a_date_is_dated_within_a_week_by_the_happenings_it_shares(seeds_undated):
    """001 (5 September) gives "Sept. 23" for the work-to-rule and the legal strike position; 003's "two day ago",
    002's "on Monday" and 000's "legal strike position on Monday" name the same happening.  The seeds support that
    Monday, a week before the true one, so each estimate may be up to a week early."""
    require_seeds()
    document = seeds_undated["story"]
    ids = seed_ids(document)
    by_id = {a["id"]: a for a in document["articles"]}
    for number in ("000", "002", "003"):
        article = by_id[ids[number]]
        assert article["published_source"] == "inferred", number
        assert abs((dt.date.fromisoformat(article["published"]) - _true_dates()[number]).days) <= 7, number


def test_no_entry_rests_on_a_relative_expression_without_saying_how(seeds_undated):
    require_seeds()
    document = seeds_undated["story"]
    stated = {a["id"] for a in document["articles"] if a["published_source"] in STATED}
    relative = (
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "ago",
        "week",
        "today",
        "yesterday",
        "tomorrow",
    )
    for entry in document["timeline"]:
        for source in entry["sources"]:
            if source["article_id"] in stated:
                continue
            expression = (source.get("time_expression") or "").lower()
            if any(word in expression for word in relative) or not expression:
                assert source["inferred"], f"{entry['date']} from {expression!r} does not say it was inferred"


def test_undated_run_reports_the_articles_it_dated_by_inference(seeds_undated):
    report = seeds_undated["report"]
    assert sum(1 for a in report.added if a.published_source in STATED) == 1
    for article in report.added:
        if article.published_source == "inferred":
            assert article.published_earliest <= article.published <= article.published_latest
        elif article.published_source not in STATED:
            assert article.published is None
