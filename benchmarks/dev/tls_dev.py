"""Fast Timeline17 loop for the timeline composer: pickled annotations in, news-tls protocol scores out.

Reads annotated articles either from the store ``storyline evaluate tls`` fills
(``.bench/tls/t17.db``, opened read-only; topics not yet fully annotated there are skipped) or from
the pickle of ``benchmarks/corpus.py`` (``.bench/t17.pkl``: an older annotation without time
expressions, so only publication dates anchor events), gives them the ids of
``storyline.evaluate.tls_data``, keeps the articles ``evaluate.tls`` would keep, and composes one
timeline per gold timeline with ``evaluate.tls``'s protocol settings, span filter and duplicate map.
Scores come from ``storyline.evaluate.tls_metric``; news-tls outputs cached under ``.bench/newstls``
are scored beside on the timelines they cover.

Usage::

    python benchmarks/dev/tls_dev.py                       # all 19 timelines
    python benchmarks/dev/tls_dev.py --topics mj finan     # a subset
    python benchmarks/dev/tls_dev.py --set lead_weight=0.7 # override a composer weight (a TimelineSettings field)
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import pickle
import sqlite3
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

from storyline.annotate import ANNOTATION_VERSION
from storyline.compose import timeline as composer
from storyline.config import TimelineSettings
from storyline.evaluate.rouge import RougeCounter
from storyline.evaluate.tls import PEER_METHODS, as_dated, duplicates, in_span, load_peer, protocol_settings
from storyline.evaluate.tls_data import T17_TOPICS, load_articles, load_topics
from storyline.evaluate.tls_metric import TimelineScores, average, score_timeline
from storyline.model import AnnotatedArticle
from storyline.store import ARTICLE_COLUMNS, article_from_row, decode_annotations

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".bench"
DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "tls"  # ../shared beside the checkout
FOLDER_TOPIC = {folder: topic for topic, folders in T17_TOPICS.items() for folder in folders}


def tls_id(annotated: AnnotatedArticle) -> tuple[str, str]:
    """(topic, id as tls_data.read_article builds it) from the article's path."""
    path = Path(annotated.article.path)
    folder = path.parents[2].name
    return FOLDER_TOPIC[folder], f"{folder}/{path.parent.name}/{path.name.split('.')[0]}"


def from_pickle() -> dict[str, list[AnnotatedArticle]]:
    with (CACHE / "t17.pkl").open("rb") as handle:
        annotated, _ = pickle.load(handle)
    by_topic: dict[str, list[AnnotatedArticle]] = {}
    for a in annotated:
        topic, new_id = tls_id(a)
        a.article.id = new_id
        by_topic.setdefault(topic, []).append(a)
    return by_topic


def from_store(
    path: Path = CACHE / "tls" / "t17.db", version: str = ANNOTATION_VERSION
) -> dict[str, list[AnnotatedArticle]]:
    """Annotations of ``version`` (default: the current ANNOTATION_VERSION), read-only (an evaluation may be
    writing)."""
    if not path.exists():
        sys.exit(f"no annotation store at {path}: run `storyline evaluate tls` first, or pass --db")
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    columns = ", ".join(f"a.{column}" for column in ARTICLE_COLUMNS)
    rows = connection.execute(
        f"SELECT {columns}, n.data FROM articles a JOIN annotations n ON n.article_id = a.id WHERE n.version = ?",
        (version,),
    ).fetchall()
    connection.close()
    by_topic: dict[str, list[AnnotatedArticle]] = {}
    for row in rows:
        topic = FOLDER_TOPIC.get(row[0].split("/", 1)[0])
        if topic is None:  # not a Timeline17 article (another evaluation's copy in the same store)
            continue
        by_topic.setdefault(topic, []).append(decode_annotations(article_from_row(row[:-1]), row[-1]))
    return by_topic


def load_inputs(
    topics: list[str] | None = None,
    source: str = "store",
    db: Path = CACHE / "tls" / "t17.db",
    version: str = ANNOTATION_VERSION,
):  # type: ignore[no-untyped-def]
    """Per topic: (Topic, annotated articles in evaluate.tls's selection, duplicate map)."""
    by_topic = from_store(db, version) if source == "store" else from_pickle()
    if not by_topic:
        sys.exit(f"no annotations of version {version!r} in {db}")
    tag = (
        source
        if source == "pickle" or (db.name == "t17.db" and version == ANNOTATION_VERSION)
        else f"{db.stem}_v{version}"
    )
    dup_cache = CACHE / f"tls_dev_duplicates_{tag}.json"
    dups = json.loads(dup_cache.read_text()) if dup_cache.exists() else {}
    out = []
    for topic in load_topics(DATA):
        if topics and topic.name not in topics:
            continue
        spans = [(min(g), max(g)) for g in topic.timelines]
        articles = sorted(
            (
                a
                for a in by_topic.get(topic.name, [])
                if a.article.published and any(s <= a.article.published <= e for s, e in spans)
            ),
            key=lambda a: (a.article.published, a.article.id),
        )
        if source == "store":
            wanted = {
                a.id for a in load_articles(DATA, topic) if a.published and any(s <= a.published <= e for s, e in spans)
            }
            if len(wanted & {a.article.id for a in articles}) < len(wanted):
                print(
                    f"skipping {topic.name}: {len(articles)}/{len(wanted)} articles annotated in the store",
                    file=sys.stderr,
                )
                continue
        if topic.name not in dups:
            dups[topic.name] = duplicates(articles)
            dup_cache.write_text(json.dumps(dups))
        out.append((topic, articles, dups[topic.name]))
    return out


def sentence_rankers(which: str, topics: list[str]) -> dict[str, object]:
    """The sentence ranker per topic: shipped, none (hand formula), or the one trained without the topic."""
    if which == "loto":
        path = CACHE / "sentence_ranker_loto.json"
        if not path.exists():
            sys.exit(f"no {path}: run benchmarks/dev/train_sentence_ranker.py first")
        models = json.loads(path.read_text())
        return {t: composer.SentenceRanker.from_json(models[t]) for t in topics}
    return {t: "shipped" if which == "shipped" else None for t in topics}


#: the topics constants are chosen on; the other timelines are held out
TUNING = ("mj", "finan", "h1n1", "haiti")


def run(
    inputs,
    counter: RougeCounter,
    oracle_dates: bool = False,
    sentence_ranker: str = "shipped",
    weights: dict[str, float] | None = None,
) -> dict[str, tuple[TimelineScores, dict]]:  # type: ignore[no-untyped-def]
    """Score every timeline; ``weights`` override TimelineSettings fields; ``oracle_dates`` composes on the gold
    dates only (sentence choice in isolation)."""
    results = {}
    parameters = inspect.signature(composer.compose_timeline).parameters
    sentence_by_topic = (
        sentence_rankers(sentence_ranker, [topic.name for topic, _, _ in inputs])
        if "sentence_ranker" in parameters
        else {}
    )
    for topic, articles, dup in inputs:
        for j, gold in enumerate(topic.timelines):
            keyword = {"sentence_ranker": sentence_by_topic[topic.name]} if sentence_by_topic else {}
            if oracle_dates:
                keyword["date_order"] = sorted(d.isoformat() for d in gold)
            settings = with_weights(protocol_settings(gold, topic.keywords), weights or {})
            entries = composer.compose_timeline(in_span(articles, gold), settings, dup, **keyword)
            pred = as_dated(entries)
            results[f"{topic.name}/{j}"] = (score_timeline(pred, gold, counter), pred)
    return results


def fmt(name: str, s: TimelineScores, n: int) -> str:
    return f"{name:<28} {n:>3} {s.rouge_1.f1:>7.4f} {s.rouge_2.f1:>7.4f} {s.dates.f1:>7.4f}"


def split_rows(results: dict[str, tuple[TimelineScores, dict]], label: str = "") -> list[str]:
    """Averages over the tuning topics, the held-out timelines and all (news-tls averaging within each)."""
    tuning = [s for k, (s, _) in results.items() if k.split("/")[0] in TUNING]
    held = [s for k, (s, _) in results.items() if k.split("/")[0] not in TUNING]
    rows = []
    for name, scores in (("tuning", tuning), ("held-out", held), ("all", [s for s, _ in results.values()])):
        if scores:
            rows.append(fmt(f"{label}{name}".strip(), average(scores), len(scores)))
    return rows


def grid_axes(items: list[str]) -> list[tuple[str, list[float]]]:
    """``name=v1,v2 …`` items as (name, values); every name must be a numeric field of TimelineSettings."""
    axes = [(name, [float(v) for v in values.split(",")]) for name, values in (item.split("=", 1) for item in items)]
    numeric = {f.name for f in fields(TimelineSettings) if f.type in ("int", "float")}
    for name, _ in axes:
        if name not in numeric:
            sys.exit(f"unknown composer weight {name}: one of {', '.join(sorted(numeric))}")
    return axes


def with_weights(settings: TimelineSettings, weights: dict[str, float]) -> TimelineSettings:
    """``settings`` with some composer weights replaced, each keeping its type (an int stays an int)."""
    return replace(settings, **{name: type(getattr(settings, name))(value) for name, value in weights.items()})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", nargs="*")
    parser.add_argument("--set", nargs="*", default=[], help="name=value composer weights (TimelineSettings fields)")
    parser.add_argument(
        "--grid", nargs="*", default=[], help="name=v1,v2 … : one run per value (and per combination), averages only"
    )
    parser.add_argument("--annotations", choices=("store", "pickle"), default="store")
    parser.add_argument(
        "--db",
        type=Path,
        default=CACHE / "tls" / "t17.db",
        help="annotation store to read (default: the one `storyline evaluate tls` fills)",
    )
    parser.add_argument(
        "--annotation-version",
        default=ANNOTATION_VERSION,
        help=f"annotation rows of this version (default: current, {ANNOTATION_VERSION})",
    )
    parser.add_argument(
        "--sentence-ranker",
        choices=("shipped", "none", "loto"),
        default="shipped",
        help="sentence scorer: shipped model, none (hand formula), or held-out per topic "
        "(.bench/sentence_ranker_loto.json from train_sentence_ranker.py)",
    )
    parser.add_argument("--quiet", action="store_true", help="only the averages")
    parser.add_argument(
        "--oracle-dates",
        action="store_true",
        help="compose on the gold dates (those with a candidate sentence): sentence choice alone",
    )
    parser.add_argument("--json", type=Path, help="write per-timeline figures here")
    parser.add_argument(
        "--composer",
        type=Path,
        help="compose with this timeline.py instead (e.g. an older commit's; "
        "--set and --grid reach it only through its settings)",
    )
    args = parser.parse_args()
    global composer
    if args.composer:
        spec = importlib.util.spec_from_file_location("composer_under_test", args.composer)
        composer = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules["composer_under_test"] = composer
        spec.loader.exec_module(composer)  # type: ignore[union-attr]
    weights: dict[str, float] = {}
    for name, values in grid_axes(args.set):
        if len(values) != 1:
            sys.exit(f"--set takes one value for {name}; use --grid for several")
        weights[name] = values[0]
    inputs = load_inputs(args.topics, args.annotations, args.db, args.annotation_version)
    counter = RougeCounter()
    if args.grid:
        import itertools

        axes = grid_axes(args.grid)
        for combo in itertools.product(*(values for _, values in axes)):
            combination = {**weights, **{name: value for (name, _), value in zip(axes, combo, strict=True)}}
            results = run(inputs, counter, args.oracle_dates, args.sentence_ranker, combination)
            label = " ".join(f"{name}={value:g}" for (name, _), value in zip(axes, combo, strict=True))
            print("\n".join(split_rows(results, label + " ")), flush=True)
        return 0
    started = time.perf_counter()
    results = run(inputs, counter, args.oracle_dates, args.sentence_ranker, weights)
    seconds = time.perf_counter() - started
    print(f"{'timeline':<28} {'n':>3} {'AR-1':>7} {'AR-2':>7} {'date':>7}")
    if not args.quiet:
        for key, (s, _) in results.items():
            print(fmt(key, s, 1))
    print(fmt(f"storyline ({args.annotations})", average([s for s, _ in results.values()]), len(results)))
    print("\n".join("  " + row for row in split_rows(results)))
    for method in PEER_METHODS:
        peer = load_peer(CACHE / "newstls", method)
        if peer is None:
            continue
        keys = [k for k in results if k in peer["timelines"]]
        golds = {f"{t.name}/{j}": g for t, _, _ in inputs for j, g in enumerate(t.timelines)}
        print(fmt("  storyline on news-tls set", average([results[k][0] for k in keys]), len(keys)))
        print(
            fmt(
                f"  news-tls {method}",
                average([score_timeline(peer["timelines"][k], golds[k], counter) for k in keys]),
                len(keys),
            )
        )
    print(f"compose + score: {seconds:.1f} s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    k: {
                        "ar1": s.rouge_1.f1,
                        "ar2": s.rouge_2.f1,
                        "date": s.dates.f1,
                        "ar1_p": s.rouge_1.precision,
                        "ar1_r": s.rouge_1.recall,
                        "ar2_p": s.rouge_2.precision,
                        "ar2_r": s.rouge_2.recall,
                        "date_p": s.dates.precision,
                        "date_r": s.dates.recall,
                    }
                    for k, (s, _) in results.items()
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
