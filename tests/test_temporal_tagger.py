"""The temporal tagger.

The tagger as a whole: offsets and sentences, the seed articles, matching on lower-cased text, odd input.

Sentences here are written for these tests; the seed articles are read from ../shared.
"""

from __future__ import annotations

import csv
import datetime as dt

import pytest

from storyline.annotate.nlp import prepared, sentences_of
from storyline.annotate.temporal import TemporalTagger, tag_text

from conftest import SEEDS
from temporal_support import JUN_10, JUN_12, SUN, TUE, one


def test_undated_article_stays_unresolved(nlp):
    text = "The strike starts on Monday. It was agreed two days ago, this week, after a vote on Sept. 23 and in 2017."
    found = {t.text: t for t in tag_text(text, None, nlp)}
    assert found["Monday"].value == "XXXX-WXX-1" and not found["Monday"].resolved
    assert found["two days ago"].value == "XXXX-XX-XX" and not found["two days ago"].resolved
    assert found["this week"].value == "XXXX-WXX" and not found["this week"].resolved
    assert found["Sept. 23"].value == "XXXX-09-23" and not found["Sept. 23"].resolved
    assert found["2017"].value == "2017" and found["2017"].resolved


def test_offsets_and_sentences(nlp):
    text = "Nothing happened then.\n\nThe union will strike on Monday. Talks ended Sunday."
    doc = prepared(nlp)(text)
    sentences = sentences_of(doc)
    timexes = TemporalTagger().tag(doc, SUN, sentences)
    assert [t.text for t in timexes] == ["Monday", "Sunday"]
    for timex in timexes:
        assert text[timex.start : timex.end] == timex.text
        sentence = sentences[timex.sentence]
        assert sentence.start <= timex.start < sentence.end
    assert [t.sentence for t in timexes] == [1, 2]


SEED_CASES = [  # (file prefix, expression, words just before it, value, mod)
    ("000", "Monday", "job action as early as", "2019-09-30", None),
    ("000", "Tuesday", "notice letter on", "2019-09-24", None),
    ("000", "Monday", "legal strike position on", "2019-09-30", None),
    ("000", "Tuesday", "statement issued on", "2019-09-24", None),
    ("000", "2017", "government in", "2017", None),
    ("000", "March", "announced in", "2019-03", None),
    ("000", "this week", "“broke down”", "2019-W39", None),
    ("001", "Tuesday", "told CP24 on", "2019-09-03", None),
    ("001", "Sept. 23", "as early as", "2019-09-23", None),
    ("001", "late September", "withdrawn” in", "2019-09", "END"),
    ("001", "mid-August", "began to stall", "2019-08", "MID"),
    ("001", "this month", "bargaining", "2019-09", None),
    ("002", "Monday", "work-to-rule campaign on", "2019-09-30", None),
    ("002", "Sunday", "without a resolution on", "2019-09-29", None),
    ("002", "this weekend", "end talks", "2019-W39-WE", None),
    ("002", "12:01 a.m. Monday", "begins at", "2019-09-30T00:01", None),
    ("002", "Wednesday", "obtained by CP24 on", "2019-09-25", None),
    ("003", "Friday", "bargaining table", "2019-10-04", None),
    ("003", "Wednesday evening", "news release", "2019-10-02TEV", None),
    ("003", "this Monday", "public schools", "2019-10-07", None),
    ("003", "Sunday", "they spoke on", "2019-09-29", None),
    ("003", "two day ago", "campaign", "2019-09-30", None),
    ("003", "this week", "at the table", "2019-W40", None),
    ("003", "today", "as soon as", "2019-10-02", None),
]


@pytest.fixture(scope="module")
def seed_timexes(nlp):
    if not (SEEDS / "dates.csv").exists():
        pytest.skip(f"seed articles not found at {SEEDS} (the shared data folder is not mounted)")
    from storyline.ingest.text import parse_text

    with open(SEEDS / "dates.csv", encoding="utf-8") as handle:
        dates = {
            row["file"][:3]: (row["file"], dt.date.fromisoformat(row["published"])) for row in csv.DictReader(handle)
        }
    out = {}
    for prefix, (name, published) in dates.items():
        text = parse_text((SEEDS / name).read_text(encoding="utf-8"), name).text
        out[prefix] = (text, tag_text(text, published, nlp))
    return out


@pytest.mark.parametrize("prefix, expression, before, value, mod", SEED_CASES)
def test_seed_expressions(seed_timexes, prefix, expression, before, value, mod):
    text, timexes = seed_timexes[prefix]
    found = [t for t in timexes if t.text == expression and before in text[max(0, t.start - 40) : t.start]]
    assert len(found) == 1, f"{expression!r} after {before!r} not tagged in seed {prefix}"
    assert (found[0].value, found[0].mod, found[0].resolved) == (value, mod, True)


def test_seed_sick_days_are_a_rate(seed_timexes):
    text, timexes = seed_timexes["003"]
    rate = [t for t in timexes if "15 sick days per year" in text[t.start - 20 : t.end + 1]]
    assert rate and rate[0].type in ("SET", "DURATION")
    assert not any(t.resolved for t in rate)


def test_seed_traps(seed_timexes):
    """'legal strike position on Monday' (000) is not 2019-09-23; 'this Monday' (003) is not 2019-09-30."""
    text, timexes = seed_timexes["000"]
    assert "2019-09-23" not in {t.value for t in timexes}
    text, timexes = seed_timexes["003"]
    shutter = [t for t in timexes if t.text == "this Monday"]
    assert shutter and shutter[0].value != "2019-09-30"


def test_nothing_is_tagged_where_no_date_is_written(nlp):
    # "and 6" before a capitalised word is a count of Democrats, not a second day
    found = [t.text for t in tag_text("Talks were held on March 5 and 6 Democrats said.", JUN_10, nlp)]
    assert found == ["March 5"]
    assert "1/2/0050" not in [t.text for t in tag_text("The loan was paid 1/2/0050.", JUN_12, nlp)]
    assert [t.text for t in tag_text("He said February 30 would do.", None, nlp)] == []
    assert [t.text for t in tag_text("The 0th century was odd.", None, nlp)] == []


@pytest.mark.parametrize(
    "text",
    [
        "The deal was signed on Auguſt 5.",  # long s folds onto "s" under IGNORECASE
        "The deal was signed on Tueſday.",
        "The rocks formed 1000000 days ago.",
        "The ice age ended 30000 months ago.",
        "The tree fell 100000 weeks ago.",
        "It will happen 9000 years from now.",
        "The meter read 2024-01-01T99:99 at the time.",
    ],
)
def test_odd_input_neither_crashes_nor_resolves_impossible_values(nlp, text):
    for timex in tag_text(text, JUN_12, nlp):
        assert timex.value.isascii()
        if timex.resolved:
            year = timex.value.split("-")[0]
            assert len(year) == 4 and 1 <= int(year) <= 9999, timex
            assert "99:99" not in timex.value
        else:
            assert "X" in timex.value or timex.value.endswith("_REF") or timex.type in ("DURATION", "SET"), timex


def test_anchor_says_dct_until_the_text_names_a_date(nlp):
    week = one(nlp, "He spoke during the week.", JUN_10, "the week")
    assert (week.value, week.anchor) == ("2024-W24", "dct")
    told = one(nlp, "On March 3 he arrived. He spoke during the week.", JUN_10, "the week")
    assert (told.value, told.anchor) == ("2024-W09", "discourse")


def test_literal_letters_are_lowered_but_escapes_and_group_names_kept():
    from storyline.annotate.temporal.matching import lowered_literals

    assert lowered_literals(r"(?P<Hour>\d)\s*(?:GMT|EST)\B\S(?P=Hour)T") == r"(?P<Hour>\d)\s*(?:gmt|est)\B\S(?P=Hour)t"


_MIXED_CASE = (
    "ON MONDAY, Sept. 23, 2019, at 12:01 A.M. EST the STRIKE began; by 2019-09-24T10:30 it was "
    "Two Days Old. Last Week, the Board met at 10:41 am GMT and at 14:30 GMT on TUESDAY. "
    "EARLY NEXT YEAR, the 1990S, Mid-August, the third Quarter, Christmas Eve, Every Friday."
)


def test_rules_on_lowered_text_find_what_case_folding_finds():
    from storyline.annotate.match_windows import ScannedText
    from storyline.annotate.temporal.matching import matches_by_lowering
    from storyline.annotate.temporal.tagger import PATTERNS

    found = 0
    scanned = ScannedText(_MIXED_CASE.lower())
    for name, pattern, lowered_pattern, windows in ((p.rule.name, p.pattern, p.lowered, p.windows) for p in PATTERNS):
        expected = [(m.span(), m.groupdict()) for m in pattern.finditer(_MIXED_CASE)]
        for searched_near in {None, windows}:  # the whole lowered text, and only near the rule's literals
            by_lowering = matches_by_lowering(pattern, lowered_pattern, searched_near, _MIXED_CASE, scanned)
            assert by_lowering is not None, name
            assert [(m.span(), m.groupdict()) for m in by_lowering] == expected, name
            assert all(m.string is _MIXED_CASE for m in by_lowering)  # the normalizers read the words as written
        found += len(expected)
    assert found >= 15


def test_text_that_lowering_folds_differently_is_matched_as_it_is(nlp):
    # "İ" lowers to two characters, which would shift every offset after it: such a text is matched as written
    plain = [(t.start, t.text, t.value) for t in tag_text("Istanbul schools closed on Monday.", TUE, nlp)]
    dotted = [(t.start, t.text, t.value) for t in tag_text("İstanbul schools closed on Monday.", TUE, nlp)]
    assert plain == dotted == [(27, "Monday", "2019-09-23")]


def test_the_timex_command_shows_every_value_whole(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from storyline import cli

    monkeypatch.setattr(cli, "out", cli.Console(width=60))  # a narrow terminal
    path = tmp_path / "note.txt"
    path.write_text(
        "Page last updated at 14:07 GMT, Friday, 22 March 2013. The vote is scheduled for 1900 GMT.\n", encoding="utf-8"
    )
    result = CliRunner().invoke(cli.app, ["timex", str(path), "--dct", "2013-03-22"])
    assert result.exit_code == 0, result.output
    assert "2013-03-22T14:07" in result.output and "2013-03-22T19:00" in result.output
