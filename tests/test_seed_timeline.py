"""The seed timeline: every expected event present, both traps absent (../shared/seeds)."""

from __future__ import annotations

import json

from conftest import SEEDS, require_seeds, seed_ids


def _inside(entry_date: str, event_date: str) -> bool:
    """An entry counts for an event at its date, or at a finer date inside a month/year event."""
    return entry_date == event_date or (len(event_date) < 10 and entry_date.startswith(event_date + "-"))


def _texts(entry: dict, article_ids: set[str] | None = None) -> str:
    sources = [s for s in entry["sources"] if article_ids is None or s["article_id"] in article_ids]
    parts = ([entry["summary"]] if article_ids is None else []) + [s["sentence"] for s in sources]
    return " ".join(parts).lower()


def _has_words(text: str, groups: list[list[str]]) -> bool:
    return all(any(word.lower() in text for word in group) for group in groups)


def test_every_expected_event_is_an_entry(seeds_built):
    require_seeds()
    expected = json.loads((SEEDS / "expected_timeline.json").read_text())
    timeline = seeds_built["story"]["timeline"]
    missing = []
    for event in expected["events"]:
        matches = [e for e in timeline if _inside(e["date"], event["date"]) and _has_words(_texts(e), event["words"])]
        if not matches:
            missing.append(event["date"] + " " + str(event["words"]))
    assert not missing, "missing events: " + "; ".join(missing)


def test_no_trap_occurs(seeds_built):
    require_seeds()
    expected = json.loads((SEEDS / "expected_timeline.json").read_text())
    ids = seed_ids(seeds_built["story"])
    for trap in expected["not_events"]:
        from_articles = {ids[s] for s in trap["sources"]}
        for entry in seeds_built["story"]["timeline"]:
            if entry["date"] != trap["date"]:
                continue
            cited = _texts(entry, from_articles)
            if not cited:
                continue
            words = trap.get("words")
            assert words and not _has_words(cited, words), f"trap {trap['date']} occurs: {trap['why']}"


def test_seeds_form_one_story_with_all_four_dated(seeds_built):
    document = seeds_built["story"]
    assert len(document["articles"]) == 4
    assert all(a["published_source"] == "sidecar" for a in document["articles"])
    assert document["undated_articles"] == []
