"""The TempEval-3 task A scorer and the TimeML reader, on small hand-made files."""

from __future__ import annotations

import datetime as dt
import pathlib

import pytest

from storyline.evaluate.timeml import read_corpus, read_timeml, strip_tags
from storyline.evaluate.timex import Prediction, Score, align, score_document

from conftest import SHARED

DOC = """<?xml version="1.0" ?>
<TimeML>
<DOCID>x</DOCID>
<DCT><TIMEX3 tid="t0" type="DATE" value="2019-09-24" temporalFunction="false" functionInDocument="CREATION_TIME">09/24/2019</TIMEX3></DCT>
<TEXT>
Crews will <EVENT eid="e1">strike</EVENT> on <TIMEX3 tid="t1" type="DATE" value="2019-09-30">Monday</TIMEX3> after
<TIMEX3 tid="t2" type="DURATION" value="P5D">five days</TIMEX3> of notice &amp; talks in <TIMEX3 tid="t3" type="DATE" value="2019-03">early March</TIMEX3>.
</TEXT>
</TimeML>
"""


@pytest.fixture()
def doc(tmp_path: pathlib.Path):
    path = tmp_path / "x.tml"
    path.write_text(DOC, encoding="utf-8")
    return read_timeml(path)


def test_reader_strips_tags_and_keeps_offsets(doc):
    assert doc.dct == dt.date(2019, 9, 24)
    assert "<" not in doc.text and "&amp;" not in doc.text and "notice & talks" in doc.text
    assert [t.text for t in doc.timexes] == ["Monday", "five days", "early March"]
    for timex in doc.timexes:
        assert doc.text[timex.start : timex.end] == timex.text
    assert "t0" not in {t.tid for t in doc.timexes}  # the creation time is outside <TEXT>


def test_gold_against_itself_scores_100(doc):
    gold_as_system = [Prediction(t.start, t.end, t.type, t.value) for t in doc.timexes]
    score = score_document(doc, gold_as_system)
    assert (score.relaxed_f1, score.strict_f1, score.value_f1, score.type_f1) == (100, 100, 100, 100)


def test_known_small_case(doc):
    monday, five_days, march = doc.timexes
    text = doc.text
    march_only = text.index("March")
    system = [
        Prediction(monday.start, monday.end, "DATE", "2019-09-23"),  # relaxed+strict, wrong value
        Prediction(march_only, march_only + 5, "DATE", "2019-03"),  # relaxed only, right value
        Prediction(text.index("Crews"), text.index("Crews") + 5, "DATE", "X"),  # spurious
    ]
    score = score_document(doc, system)
    assert (score.system, score.gold, score.relaxed, score.strict, score.value, score.type) == (3, 3, 2, 1, 1, 2)
    # P = R = 2/3 → relaxed F1 66.67; strict 1/3 → 33.33; value = 1/2 × 66.67
    assert score.relaxed_f1 == pytest.approx(200 / 3)
    assert score.strict_f1 == pytest.approx(100 / 3)
    assert score.value_f1 == pytest.approx(100 / 3)
    assert score.type_f1 == pytest.approx(200 / 3)


def test_one_to_one_first_overlap_wins():
    text = "from Monday to Tuesday"
    gold = read_like(text, [("Monday", "DATE"), ("Tuesday", "DATE")])
    # one system span covering both gold expressions matches only the first of them
    system = [Prediction(5, len(text), "DATE", "v")]
    assert align(text, gold, system) == [(0, 0)]
    # two system spans on the same gold expression: the second one is spurious
    system = [Prediction(5, 8, "DATE", "v"), Prediction(8, 11, "DATE", "v")]
    assert align(text, gold, system) == [(0, 0)]


def test_sharing_only_whitespace_is_not_a_match():
    text = "Monday and then Tuesday"
    gold = read_like(text, [("Monday", "DATE")])
    system = [Prediction(6, 7, "DATE", "v")]  # just the space after "Monday"
    assert align(text, gold, system) == []


def test_micro_average_over_files():
    a, b = Score(system=1, gold=1, relaxed=1, strict=1, value=1, type=1), Score(system=3, gold=1, relaxed=1)
    total = Score()
    total.add(a)
    total.add(b)
    # P = 2/4, R = 2/2 → F1 = 66.67 (a macro average of the two files' F1 would be 75)
    assert total.relaxed_f1 == pytest.approx(200 / 3)


def read_like(text, spans):
    from storyline.evaluate.timeml import GoldTimex

    out = []
    for words, type_ in spans:
        start = text.index(words)
        out.append(GoldTimex(start=start, end=start + len(words), text=words, type=type_, value=""))
    return out


def test_strip_tags_nested_elements():
    text, timexes = strip_tags('A <TIMEX3 tid="t9" type="DATE" value="2019">year <SIGNAL>x</SIGNAL></TIMEX3>.')
    assert text == "A year x."
    assert timexes[0].text == "year x"


TIMEBANK = SHARED / "data" / "timex" / "timebank"  # ../shared beside the checkout


def test_timebank_gold_scores_itself_100():
    if not TIMEBANK.exists():
        pytest.skip(f"TimeBank not found at {TIMEBANK}")
    docs = read_corpus(TIMEBANK)[:20]
    total = Score()
    for doc in docs:
        total.add(score_document(doc, [Prediction(t.start, t.end, t.type, t.value) for t in doc.timexes]))
    assert total.gold > 50
    assert (total.relaxed_f1, total.strict_f1, total.value_f1, total.type_f1) == (100, 100, 100, 100)


STANDOFF_ARTICLES = [
    {"id": "a1", "text": "Crews struck on Monday after five days of talks."},
    {"id": "a2", "text": "Nothing happened."},
]


def _write_jsonl(path: pathlib.Path, rows: list[dict]) -> pathlib.Path:
    import json

    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_standoff_gold_reads_into_documents(tmp_path: pathlib.Path):
    from storyline.evaluate.timeml import read_standoff

    articles = _write_jsonl(tmp_path / "articles.jsonl", STANDOFF_ARTICLES)
    gold = _write_jsonl(
        tmp_path / "annotations.jsonl",
        [
            {
                "id": "a1",
                "dct": "2019-09-24",
                "timexes": [
                    {"start": 29, "end": 38, "text": "five days", "type": "DURATION", "value": "P5D", "mod": None},
                    {"start": 16, "end": 22, "text": "Monday", "type": "DATE", "value": "2019-09-23", "mod": None},
                ],
            },
            {"id": "a2", "dct": None, "timexes": []},
        ],
    )
    first, second = read_standoff(gold, articles)
    assert first.name == "a1" and first.dct == dt.date(2019, 9, 24)
    assert [t.text for t in first.timexes] == ["Monday", "five days"]  # in text order
    assert second.dct is None and second.timexes == []
    system = [Prediction(16, 22, "DATE", "2019-09-23")]
    score = score_document(first, system)
    assert (score.system, score.gold, score.relaxed, score.value) == (1, 2, 1, 1)


def test_standoff_gold_refuses_offsets_that_no_longer_cover_their_text(tmp_path: pathlib.Path):
    from storyline.evaluate.timeml import read_standoff

    articles = _write_jsonl(tmp_path / "articles.jsonl", STANDOFF_ARTICLES)
    shifted = _write_jsonl(
        tmp_path / "annotations.jsonl",
        [
            {
                "id": "a1",
                "dct": "2019-09-24",
                "timexes": [
                    {"start": 15, "end": 21, "text": "Monday", "type": "DATE", "value": "2019-09-23", "mod": None}
                ],
            }
        ],
    )
    with pytest.raises(ValueError, match="the article has changed"):
        read_standoff(shifted, articles)
    unknown = _write_jsonl(tmp_path / "other.jsonl", [{"id": "zz", "dct": None, "timexes": []}])
    with pytest.raises(ValueError, match="'zz' is not in"):
        read_standoff(unknown, articles)


def test_standoff_gold_needs_its_articles(tmp_path: pathlib.Path):
    from storyline.evaluate.timex import read_corpora

    gold = _write_jsonl(tmp_path / "annotations.jsonl", [{"id": "a1", "dct": None, "timexes": []}])
    with pytest.raises(ValueError, match="--articles"):
        read_corpora(gold)
    articles = _write_jsonl(tmp_path / "articles.jsonl", STANDOFF_ARTICLES)
    [(name, docs)] = read_corpora(gold, articles)
    assert name == tmp_path.name and [d.name for d in docs] == ["a1"]


CLUSTERS_DEV = pathlib.Path(__file__).resolve().parents[2] / "shared/data/clusters-dev/articles.jsonl"
CLUSTERS_DEV_GOLD = pathlib.Path(__file__).resolve().parents[1] / "benchmarks/data/clusters-dev-timex/annotations.jsonl"


def test_the_project_s_clusters_dev_gold_still_fits_its_articles():
    from storyline.evaluate.timeml import read_standoff

    if not CLUSTERS_DEV.exists():
        pytest.skip(f"clusters-dev not found at {CLUSTERS_DEV}")
    docs = read_standoff(CLUSTERS_DEV_GOLD, CLUSTERS_DEV)
    assert len(docs) == 94 and sum(len(d.timexes) for d in docs) >= 500
    assert all(d.dct is not None for d in docs)


SHARED_DATA = SHARED / "data"
PROJECT_GOLD = pathlib.Path(__file__).resolve().parents[1] / "benchmarks/data"
#: articles and expressions in each of the project's modern gold sets, written once so that a new batch changes one line
GOLD_SIZES = {"clusters-dev": (94, 505), "t17": (932, 7215), "polnear": (393, 2866)}


def _gold_rows(name: str, articles: int, expressions: int) -> list[dict]:
    """The lines of one of the project's stand-off gold sets, after checking their counts."""
    import json

    rows = [
        json.loads(line)
        for line in (PROJECT_GOLD / name / "annotations.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len(rows) == articles and sum(len(r["timexes"]) for r in rows) == expressions
    return rows


def _covers(text: str, row: dict) -> bool:
    return all(text[t["start"] : t["end"]] == t["text"] for t in row["timexes"])


def test_the_project_s_t17_gold_still_fits_the_texts_storyline_reads():
    from storyline.evaluate.tls_data import read_article

    root = SHARED_DATA / "tls/timeline17_original"
    if not root.exists():
        pytest.skip(f"Timeline17 not found at {root}")
    for row in _gold_rows("t17-timex", *GOLD_SIZES["t17"])[::10]:  # every tenth: offsets into what read_article makes
        folder, day, name = row["id"].split("/")
        [path] = (root / folder / "InputDocs" / day).glob(f"{name}.*")
        assert _covers(read_article(path, folder, dt.date.fromisoformat(day)).text, row), row["id"]


def test_the_project_s_polnear_gold_still_fits_its_articles():
    root = SHARED_DATA / "quotes/polnear"
    if not root.exists():
        pytest.skip(f"PolNeAR not found at {root}")
    for row in _gold_rows("polnear-timex", *GOLD_SIZES["polnear"]):  # train articles, then dev ones
        [path] = [p for split in ("train", "dev") if (p := root / split / "text" / f"{row['id']}.txt").exists()]
        assert row["dct"] in row["id"] and _covers(path.read_text(encoding="utf-8"), row)


def test_the_second_annotation_fits_the_articles_of_the_sets_it_marks_again():
    import json

    from storyline.evaluate.tls_data import read_article

    rows = _gold_rows("timex-agreement", 36, 251)
    firsts = {name: {r["id"]: r for r in _gold_rows(f"{name}-timex", *size)} for name, size in GOLD_SIZES.items()}
    assert all(row["id"] in firsts[row["set"]] and row["dct"] == firsts[row["set"]][row["id"]]["dct"] for row in rows)
    if not (
        CLUSTERS_DEV.exists()
        and (SHARED_DATA / "tls/timeline17_original").exists()
        and (SHARED_DATA / "quotes/polnear/train/text").exists()
    ):
        pytest.skip(f"the articles are not under {SHARED_DATA}")
    clusters = {
        json.loads(line)["id"]: json.loads(line)["text"]
        for line in CLUSTERS_DEV.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    for row in rows:
        if row["set"] == "clusters-dev":
            text = clusters[row["id"]]
        elif row["set"] == "t17":
            folder, day, name = row["id"].split("/")
            [path] = (SHARED_DATA / "tls/timeline17_original" / folder / "InputDocs" / day).glob(f"{name}.*")
            text = read_article(path, folder, dt.date.fromisoformat(day)).text
        else:
            text = (SHARED_DATA / "quotes/polnear/train/text" / f"{row['id']}.txt").read_text(encoding="utf-8")
        assert _covers(text, row), row["id"]


def test_evaluate_writes_its_figures_with_the_version_and_time_measured(tmp_path: pathlib.Path):
    """`storyline evaluate timex --json-out` keeps the figures it prints, with what measured them and when."""
    import json

    from typer.testing import CliRunner

    from storyline import __version__
    from storyline.annotate import ANNOTATION_VERSION
    from storyline.cli import app

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "x.tml").write_text(DOC, encoding="utf-8")
    out = tmp_path / "results" / "x.json"
    result = CliRunner().invoke(
        app, ["evaluate", "timex", "--data", str(corpus), "--no-baselines", "--json", "--json-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["figures"] == json.loads(result.stdout)
    assert written["figures"]["storyline"]["gold"] == 3
    assert (written["storyline_version"], written["annotation_version"]) == (__version__, ANNOTATION_VERSION)
    measured_at = dt.datetime.fromisoformat(written["measured_at"])
    assert abs(dt.datetime.now(dt.timezone.utc) - measured_at) < dt.timedelta(minutes=10)
