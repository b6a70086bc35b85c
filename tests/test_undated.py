"""Without dates.csv, only 001 is dated and nothing is resolved from an undated article's relative dates."""

from __future__ import annotations

from conftest import require_seeds, seed_ids


def test_only_the_header_dated_seed_is_dated(seeds_undated):
    require_seeds()
    document = seeds_undated["story"]
    ids = seed_ids(document)
    by_id = {a["id"]: a for a in document["articles"]}
    assert by_id[ids["001"]]["published"] == "2019-09-05"
    assert by_id[ids["001"]]["published_source"] == "header"
    assert sorted(document["undated_articles"]) == sorted(ids[n] for n in ("000", "002", "003"))
    for number in ("000", "002", "003"):
        assert by_id[ids[number]]["published"] is None
        assert by_id[ids[number]]["published_source"] == "missing"


def test_no_entry_rests_on_an_undated_relative_expression(seeds_undated):
    require_seeds()
    document = seeds_undated["story"]
    undated = set(document["undated_articles"])
    relative = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                "ago", "week", "today", "yesterday", "tomorrow")
    for entry in document["timeline"]:
        for source in entry["sources"]:
            if source["article_id"] not in undated:
                continue
            expression = (source.get("time_expression") or "").lower()
            assert expression, f"an undated article's sentence was dated without an expression: {source['sentence']}"
            assert not any(word in expression for word in relative), (
                f"{entry['date']} was resolved from {expression!r} in an undated article")


def test_undated_run_reports_the_undated_articles(seeds_undated):
    report = seeds_undated["report"]
    undated = [a for a in report.added if a.published is None]
    assert len(undated) == 3
