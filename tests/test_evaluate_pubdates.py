"""`storyline evaluate pubdates`: how hidden-date cases are built and scored.

The TimeML documents here are written for these tests."""

from __future__ import annotations

import datetime as dt
import json

from typer.testing import CliRunner

from storyline.cli import app
from storyline.evaluate.pubdates import figures, jsonl_cases, te3_silver_cases

WIRE = """<?xml version="1.0" ?>
<TimeML>
<DOCID>{name}</DOCID>
<DCT>EASTHOLM, <TIMEX3 tid="t0" type="DATE" value="{dct}" functionInDocument="CREATION_TIME">{dct}</TIMEX3> (Wire)</DCT>
<TITLE>Ferry crews walk out</TITLE>
<TEXT>
The ferry crews of Eastholm walked out on <TIMEX3 tid="t1" type="DATE" value="{dct}">Tuesday</TIMEX3>, their union said.
</TEXT>
</TimeML>
"""


def _wires(folder, days: list[str]) -> None:
    for number, day in enumerate(days):
        name = f"WIRE_ENG_{number:04d}"
        (folder / f"{name}.tml").write_text(WIRE.format(name=name, dct=day), encoding="utf-8")


def test_te3_silver_cases_hide_the_creation_date_and_keep_it_as_the_truth(tmp_path):
    days = ["1997-04-01", "1997-04-02", "2005-11-07", "2006-12-11"]
    _wires(tmp_path, days)
    cases, dated = te3_silver_cases(tmp_path, "all")
    assert dated == []
    assert sorted(case.truth.isoformat() for case in cases) == days
    for case in cases:
        assert case.article.published is None and case.article.published_source == "missing"
        assert case.article.id.startswith("hidden-")
        assert "Wire" not in case.article.text and "EASTHOLM" not in case.article.text  # the dateline stays out
    half, context = te3_silver_cases(tmp_path, "half")
    assert len(half) == len(context) == 2
    assert {c.truth for c in half}.isdisjoint({a.published for _, a in context})
    assert all(a.published_source == "header" for _, a in context)
    again, _ = te3_silver_cases(tmp_path, "half")
    assert [c.truth for c in again] == [c.truth for c in half]  # a fixed seed


def test_a_labelled_file_scores_its_undated_lines_or_with_every_date_removed_each_line_whose_date_is_known(tmp_path):
    lines = [
        {"text": "The ferry crews of Eastholm walked out over pay.", "published": "2015-03-02"},
        {"text": "Passengers of Eastholm waited for coaches on the quay.", "published_true": "2015-03-03"},
        {"text": "The Westby library opened a reading room for children.", "published_true": None},
    ]
    data = tmp_path / "pile.jsonl"
    data.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    cases, dated = jsonl_cases(data)
    assert [c.truth for c in cases] == [dt.date(2015, 3, 3)]
    assert [a.published for _, a in dated] == [dt.date(2015, 3, 2)]
    every, none_dated = jsonl_cases(data, hide_all=True)
    assert none_dated == []
    assert sorted(c.truth for c in every) == [dt.date(2015, 3, 2), dt.date(2015, 3, 3)]
    assert all(c.article.published is None and c.article.published_source == "missing" for c in every)
    both = CliRunner().invoke(app, ["evaluate", "pubdates", "--dataset", "t17", "--hide-dates"])
    assert both.exit_code != 0 and "E074" in both.output  # --hide-dates is for --data


def test_figures_are_shares_of_the_hidden_articles():
    day = dt.date(2019, 9, 24)
    pairs = [
        (day, day),
        (day, day + dt.timedelta(days=1)),
        (day, day - dt.timedelta(days=3)),
        (day, dt.date(2018, 9, 24)),
        (day, None),
    ]
    got = figures(pairs)
    assert got["exact"] == 1 / 5
    assert got["within_1"] == 2 / 5
    assert got["within_3"] == 3 / 5
    assert got["right_year"] == 3 / 5
    assert got["wrong_year"] == 1 / 5
    assert got["wrong_year_of_dated"] == 1 / 4
    assert got["undated"] == 1 / 5


def test_an_unknown_dataset_or_a_missing_folder_is_a_named_error(tmp_path):
    unknown = CliRunner().invoke(app, ["evaluate", "pubdates", "--dataset", "nyt"])
    assert unknown.exit_code != 0 and "E074" in unknown.output
    missing = CliRunner().invoke(
        app, ["evaluate", "pubdates", "--dataset", "te3-silver", "--data-root", str(tmp_path / "absent")]
    )
    assert missing.exit_code != 0 and "E075" in missing.output
