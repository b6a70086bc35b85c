"""``storyline evaluate tls``: Timeline17 under the news-tls protocol, storyline beside news-tls and the published rows.

storyline runs its own pipeline on the raw articles (ingest → annotate → group → compose): one run per
gold timeline, as many dates as the gold timeline has, round(mean sentences per date) sentences per
date, only articles published between the timeline's first and last date, every summary sentence
containing a topic keyword.  The composer is the one ``storyline build`` uses; only the length and
keywords are given here, as the protocol fixes them.  One part is learned from Timeline17, the
composer's sentence ranker: each topic is composed with the model trained without it
(leave-one-topic-out, shipped beside the all-topics model in compose/sentence_ranker.json).
Annotations are cached in a storyline store (``.bench/tls/t17.db``) so a re-run only composes and
scores.

news-tls (Datewise, Clust) is run from a checkout outside the project when ``--newstls`` is given
(benchmarks/newstls/run_newstls.py); otherwise its outputs cached by an earlier run are scored, and
the table says so.  Every system is scored by the same scorer (storyline.evaluate.tls_metric).
"""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import random
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from storyline.annotate import ANNOTATION_VERSION, annotate, available_cores
from storyline.compose.timeline import KnownCandidates, compose_timeline, held_out_sentence_ranker
from storyline.config import DatingSettings, GroupSettings, TimelineSettings
from storyline.dating import date_undated
from storyline.errors import StorylineError
from storyline.evaluate.pubdates import hidden_copy
from storyline.evaluate.rouge import RougeCounter
from storyline.evaluate.tls_data import GoldTimeline, Topic, load_articles, load_topics
from storyline.evaluate.tls_metric import DatedSummaries, TimelineScores, average, score_timeline
from storyline.group import StoryGrouper
from storyline.model import AnnotatedArticle, Article
from storyline.resources import Resources
from storyline.store import Store

#: Published T17 figures (AR-1 F1, AR-2 F1, date F1); news-tls ACL 2020 Table 4, SUnSET 2025 Table 2.
PUBLISHED = {
    "news-tls Datewise (2020)": (0.120, 0.035, 0.544),
    "news-tls Clust (2020)": (0.082, 0.020, 0.407),
    "LLM-TLS Llama-2-13B (2024)": (0.118, 0.036, 0.528),
    "CHRONOS Qwen-72B (2025)": (0.116, 0.042, 0.522),
    "SUnSET Qwen2.5-72B (2025)": (0.136, 0.044, 0.576),
    "Full Oracle (upper bound)": (0.312, 0.128, 0.926),
}
PEER_METHODS = ("datewise", "clust")
#: a topic and its annotated articles; a topic's timelines and gold timelines by key ("bpoil/0")
TopicInputs = list[tuple[Topic, list[AnnotatedArticle]]]
Composed = tuple[dict[str, DatedSummaries], dict[str, GoldTimeline]]
BENCH_DIR = Path(".bench")


def protocol_settings(gold: GoldTimeline, keywords: tuple[str, ...]) -> TimelineSettings:
    """The news-tls length: the gold timeline's number of dates and round(mean sentences per date)."""
    per_date = round(sum(len(s) for s in gold.values()) / len(gold))
    return TimelineSettings(max_dates=len(gold), sentences_per_date=per_date, keywords=keywords)


def in_span(articles: list[AnnotatedArticle], gold: GoldTimeline) -> list[AnnotatedArticle]:
    first, last = min(gold), max(gold)
    return [a for a in articles if a.article.published and first <= a.article.published <= last]


def as_dated(entries) -> DatedSummaries:  # type: ignore[no-untyped-def]
    """Composer entries as day → sentences; month- or year-level entries cannot be scored as days."""
    out: DatedSummaries = defaultdict(list)
    for entry in entries:
        if len(entry.date) == 10:
            out[dt.date.fromisoformat(entry.date)].append(" ".join(entry.summary.split()))
    return dict(out)


# ── annotation cache ──────────────────────────────────────────────────────────────────────────────


def annotated_articles(
    articles: list[Article], store: Store, resources: Resources, workers: int = 1, log=lambda msg: None
) -> tuple[list[AnnotatedArticle], int]:  # type: ignore[no-untyped-def]
    """Annotations of ``articles``, from the store when cached; returns them and how many were new.

    All topics go through one call, so one pool of workers serves the whole run: a pool per topic
    would leave a core idle at the end of every topic.  An article an annotator fails on is named in
    the log and left out; the rest goes on.
    """
    version = ANNOTATION_VERSION  # bumped by whoever changes what the annotators output
    done = store.annotated_ids(version)
    cached = {a.article.id: a for a in store.load_annotated([a.id for a in articles if a.id in done])}
    fresh = [a for a in articles if a.id not in cached]
    if fresh:
        log(f"annotating {len(fresh)} articles ({len(cached)} cached) in {workers} process(es)")

    def skipped(article: Article, reason: str) -> None:
        log(f"  skipped {article.id}: {reason}")

    for i, annotated in enumerate(annotate(fresh, resources, processes=workers, on_error=skipped), 1):
        store.save_annotated(annotated, version)
        cached[annotated.article.id] = annotated
        if i % 200 == 0:
            log(f"  annotated {i}/{len(fresh)}")
    return [cached[a.id] for a in articles if a.id in cached], len(fresh)


def duplicates(articles: list[AnnotatedArticle]) -> dict[str, str]:
    """The group stage's duplicate map for one topic (all its articles form one story)."""
    grouper = StoryGrouper(GroupSettings(single_story=True))
    grouper.add(articles)
    return grouper.grouping().duplicate_of


#: the seed that picks the articles whose dates ``--hide-dates`` hides
HIDE_SEED = 17

# ── storyline ─────────────────────────────────────────────────────────────────────────────────────


def run_storyline(
    data_root: Path,
    resources: Resources,
    store_path: Path,
    workers: int = 1,
    log=lambda msg: None,  # type: ignore[no-untyped-def]
    hide_half: bool = False,
) -> tuple[dict[str, DatedSummaries], dict[str, GoldTimeline], dict]:
    """``hide_half``: a random half of each topic's articles (fixed seed) lose their date and are dated by
    inference (``storyline.dating``, the topic's other articles as context) before composing."""
    topics = load_topics(data_root)
    stats = {"articles": 0, "annotated_now": 0, "annotate_seconds": 0.0, "compose_seconds": 0.0}
    store = Store.open(store_path)
    try:
        inputs = []
        for topic in topics:
            # only articles some gold timeline of the topic can use are annotated
            spans = [(min(g), max(g)) for g in topic.timelines]
            articles = [
                a
                for a in load_articles(data_root, topic)
                if a.published and any(s <= a.published <= e for s, e in spans)
            ]
            if hide_half:
                hidden = {a.id for a in random.Random(f"{HIDE_SEED}:{topic.name}").sample(articles, len(articles) // 2)}
                articles = [hidden_copy(a) if a.id in hidden else a for a in articles]
            inputs.append((topic, articles))
        started = time.perf_counter()
        annotated_all, fresh = annotated_articles(
            [a for _, articles in inputs for a in articles], store, resources, workers, log
        )
        stats["annotate_seconds"] = time.perf_counter() - started
        stats["articles"], stats["annotated_now"] = len(annotated_all), fresh
    finally:
        store.close()
    by_id = {a.article.id: a for a in annotated_all}
    topic_inputs = [(topic, [by_id[a.id] for a in articles if a.id in by_id]) for topic, articles in inputs]
    if hide_half:
        started = time.perf_counter()
        dated_inputs = []
        for topic, annotated in topic_inputs:
            dated = date_undated(
                annotated, DatingSettings(), lambda again: list(annotate(again, resources, processes=workers))
            )
            inferred = [a for a in dated if a.article.published_source == "inferred"]
            log(
                f"{topic.name}: {len(inferred)} of {sum(1 for a in annotated if a.article.published is None)} "
                "hidden dates inferred"
            )
            dated_inputs.append((topic, dated))
        topic_inputs = dated_inputs
        stats["dating_seconds"] = time.perf_counter() - started
    outputs: dict[str, DatedSummaries] = {}
    golds: dict[str, GoldTimeline] = {}
    started = time.perf_counter()
    for index, (topic_outputs, topic_golds) in composed_topics(topic_inputs, workers):
        topic, annotated = topic_inputs[index]
        outputs.update(topic_outputs)
        golds.update(topic_golds)
        log(f"{topic.name}: {len(annotated)} articles, {len(topic.timelines)} timelines")
    stats["compose_seconds"] = time.perf_counter() - started
    return {k: outputs[k] for k in sorted(outputs)}, {k: golds[k] for k in sorted(golds)}, stats


def compose_topic(topic: Topic, annotated: list[AnnotatedArticle]) -> Composed:
    """One topic's timelines, one per gold timeline, under the protocol's length and keywords."""
    duplicate_of = duplicates(annotated)
    # the learned sentence ranker is the one trained without this topic (leave-one-topic-out)
    sentence_ranker = held_out_sentence_ranker(topic.name)
    outputs: dict[str, DatedSummaries] = {}
    golds: dict[str, GoldTimeline] = {}
    known_candidates: KnownCandidates = {}  # the timelines' spans overlap: each article's candidates are made once
    for j, gold in enumerate(topic.timelines):
        key = f"{topic.name}/{j}"
        entries = compose_timeline(
            in_span(annotated, gold),
            protocol_settings(gold, topic.keywords),
            duplicate_of,
            sentence_ranker=sentence_ranker,
            known_candidates=known_candidates,
        )
        outputs[key] = as_dated(entries)
        golds[key] = gold
    return outputs, golds


#: the topics a composing worker reads, inherited from the parent when the worker forks (set per worker)
_worker_topics: TopicInputs | None = None


def _start_composer(topic_inputs: TopicInputs) -> None:
    global _worker_topics  # noqa: PLW0603 - per-process worker state is what a process pool gives
    _worker_topics = topic_inputs


def _compose_in_worker(index: int) -> Composed:
    assert _worker_topics is not None, "composer started without topics"
    return compose_topic(*_worker_topics[index])


def composed_topics(topic_inputs: TopicInputs, workers: int) -> Iterator[tuple[int, Composed]]:
    """Every topic composed (its index and timelines), the largest first, in ``workers`` forked processes
    when the platform forks.

    Topics are independent, so their timelines are composed side by side; a forked worker inherits the
    annotated articles instead of receiving them pickled, and only the timelines travel back.
    """
    order = sorted(range(len(topic_inputs)), key=lambda i: -len(topic_inputs[i][1]))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for i in order:
            yield i, compose_topic(*topic_inputs[i])
        return
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start_composer,
        initargs=(topic_inputs,),
    ) as pool:
        futures = {pool.submit(_compose_in_worker, i): i for i in order}
        for future in as_completed(futures):
            yield futures[future], future.result()


# ── news-tls ──────────────────────────────────────────────────────────────────────────────────────


def run_newstls(checkout: Path, data_root: Path, out: Path, log=lambda msg: None) -> float:  # type: ignore[no-untyped-def]
    """Run news-tls from its checkout (its own interpreter when ``<checkout>/.venv`` exists)."""
    runner = Path(__file__).resolve().parents[3] / "benchmarks" / "newstls" / "run_newstls.py"
    if not runner.exists():
        raise StorylineError(
            "E303", f"The news-tls runner is missing at {runner}.", "Run from a storyline source checkout."
        )
    python = checkout / ".venv" / "bin" / "python"
    interpreter = str(python) if python.exists() else sys.executable
    log(f"running news-tls from {checkout} with {interpreter} …")
    started = time.perf_counter()
    subprocess.run(
        [interpreter, str(runner), "--newstls", str(checkout), "--data-root", str(data_root), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def load_peer(out: Path, method: str) -> dict | None:
    path = out / f"{method}.json"
    if not path.exists():
        return None
    result = json.loads(path.read_text())
    result["timelines"] = {
        key: {dt.date.fromisoformat(d): s for d, s in tl.items()} for key, tl in result["timelines"].items()
    }
    result["cached_at"] = dt.datetime.fromtimestamp(path.stat().st_mtime).isoformat(timespec="seconds")
    return result


# ── scoring and report ────────────────────────────────────────────────────────────────────────────


def _figures(scores: TimelineScores, n: int) -> dict:
    return {
        "ar1_f1": scores.rouge_1.f1,
        "ar2_f1": scores.rouge_2.f1,
        "date_f1": scores.dates.f1,
        "ar1_p": scores.rouge_1.precision,
        "ar1_r": scores.rouge_1.recall,
        "ar2_p": scores.rouge_2.precision,
        "ar2_r": scores.rouge_2.recall,
        "date_p": scores.dates.precision,
        "date_r": scores.dates.recall,
        "timelines": n,
    }


def evaluate_t17(
    data_root: Path,
    resources: Resources,
    peers: bool = True,
    newstls: Path | None = None,
    log=lambda msg: None,
    store: Path | None = None,  # type: ignore[no-untyped-def]
    workers: int | None = None,
    hide_half: bool = False,
) -> dict:
    """Everything the command prints, as one dictionary.

    ``store`` caches the annotations (default ``.bench/tls/t17.db``; a new path measures a cold
    run); ``workers`` annotation processes (default: one per available core).
    """
    bench = BENCH_DIR / "tls"
    bench.mkdir(parents=True, exist_ok=True)
    workers = workers or available_cores()
    started = time.perf_counter()
    outputs, golds, stats = run_storyline(data_root, resources, store or bench / "t17.db", workers, log, hide_half)
    stats["dates_hidden"] = "half" if hide_half else "none"
    stats["workers"] = workers
    stats["storyline_seconds"] = time.perf_counter() - started
    (bench / "storyline-t17.json").write_text(
        json.dumps({k: {d.isoformat(): s for d, s in sorted(tl.items())} for k, tl in outputs.items()}, indent=1)
    )

    counter = RougeCounter()
    ours = {key: score_timeline(outputs[key], golds[key], counter) for key in golds}
    report: dict = {"dataset": "t17", "protocol": "news-tls", "stats": stats}
    per_timeline = [{"timeline": key, "system": "storyline", **_figures(s, 1)} for key, s in ours.items()]

    peer_results: dict[str, dict] = {}
    if peers:
        out = BENCH_DIR / "newstls"
        if newstls is not None:
            stats["newstls_seconds"] = run_newstls(newstls, data_root, out, log)
        for method in PEER_METHODS:
            result = load_peer(out, method)
            if result is not None:
                result["measured"] = (
                    "in this run" if newstls is not None else f"cached outputs of {result['cached_at']}"
                )
                peer_results[method] = result
    subset = sorted(set.intersection(*(set(r["timelines"]) for r in peer_results.values()))) if peer_results else []

    report["storyline"] = _figures(average(list(ours.values())), len(ours))
    report["storyline_on_newstls_subset"] = (
        _figures(average([ours[k] for k in subset]), len(subset)) if subset else None
    )
    for method, result in peer_results.items():
        scores = {k: score_timeline(result["timelines"][k], golds[k], counter) for k in subset}
        per_timeline += [{"timeline": k, "system": f"news-tls {method}", **_figures(s, 1)} for k, s in scores.items()]
        report[f"newstls_{method}"] = {
            **_figures(average(list(scores.values())), len(scores)),
            "measured": result["measured"],
            "seconds": result.get("seconds"),
            "commit": result.get("commit"),
        }
    report["newstls_subset"] = subset
    report["newstls_not_run"] = sorted(set(golds) - set(subset)) if peer_results else sorted(golds)
    report["published"] = {name: {"ar1_f1": a, "ar2_f1": b, "date_f1": c} for name, (a, b, c) in PUBLISHED.items()}
    report["per_timeline"] = per_timeline
    return report


def render_table(report: dict) -> str:
    lines = [
        "Timeline17, news-tls protocol — alignment ROUGE (tilse align+ m:1, ROUGE-1.5.5 -m -s) and date F1",
        f"{'system':<44} {'timelines':>9} {'AR-1 F1':>8} {'AR-2 F1':>8} {'date F1':>8}",
    ]

    def row(name: str, fig: dict | None) -> None:
        if fig:
            lines.append(
                f"{name:<44} {fig['timelines']:>9} {fig['ar1_f1']:>8.3f} {fig['ar2_f1']:>8.3f} {fig['date_f1']:>8.3f}"
            )

    row("storyline (all 19)", report["storyline"])
    if report.get("storyline_on_newstls_subset"):
        lines.append("-- on the timelines news-tls can run on here --")
        row("storyline", report["storyline_on_newstls_subset"])
        for method in PEER_METHODS:
            fig = report.get(f"newstls_{method}")
            if fig:
                row(f"news-tls {method} ({fig['measured']})"[:44], fig)
    lines.append("-- published (all 19 timelines, news-tls data) --")
    for name, fig in report["published"].items():
        lines.append(f"{name:<44} {19:>9} {fig['ar1_f1']:>8.3f} {fig['ar2_f1']:>8.3f} {fig['date_f1']:>8.3f}")
    stats = report["stats"]
    lines.append(
        f"storyline: {stats['articles']} articles, {stats['annotated_now']} annotated in this run "
        f"({stats['annotate_seconds']:.0f} s), compose {stats['compose_seconds']:.0f} s, "
        f"total {stats['storyline_seconds']:.0f} s"
    )
    if "newstls_seconds" in stats:
        lines.append(f"news-tls (Datewise + Clust, preprocessed input): {stats['newstls_seconds']:.0f} s")
    if report["newstls_not_run"] and report.get("storyline_on_newstls_subset"):
        lines.append(
            "news-tls not run on: "
            + ", ".join(report["newstls_not_run"])
            + " (no preprocessed articles; HeidelTime is not available here)"
        )
    elif not report.get("storyline_on_newstls_subset"):
        lines.append("news-tls: no outputs (pass --newstls PATH to run it)")
    return "\n".join(lines)


def run(
    dataset: str,
    data_root: Path,
    as_json: bool,
    resources: Resources,
    peers: bool = True,
    newstls: Path | None = None,
    store: Path | None = None,
    workers: int | None = None,
    hide_half: bool = False,
) -> int:
    """Entry point of ``storyline evaluate tls``; returns the exit code."""
    if dataset != "t17":
        raise StorylineError("E304", f"Unknown TLS dataset {dataset!r}.", "Only --dataset t17 is available.")
    log = (lambda msg: None) if as_json else (lambda msg: print(msg, file=sys.stderr, flush=True))
    report = evaluate_t17(data_root, resources, peers, newstls, log, store, workers, hide_half)
    if as_json:
        print(json.dumps(report, default=str))
    else:
        print(render_table(report))
    return 0


def verify_with_tilse(report_dir: Path = BENCH_DIR, data_root: Path = Path("../shared/data/tls")) -> str:
    """Score the saved outputs with tilse itself (ROUGE-1.5.5 Perl) and with storyline's scorer, side by side."""
    from storyline.evaluate.tls_metric import PRF, tilse_scores

    golds = {f"{t.name}/{j}": g for t in load_topics(data_root) for j, g in enumerate(t.timelines)}
    systems: dict[str, dict[str, DatedSummaries]] = {}
    saved = report_dir / "tls" / "storyline-t17.json"
    if saved.exists():
        systems["storyline"] = {
            k: {dt.date.fromisoformat(d): s for d, s in tl.items()} for k, tl in json.loads(saved.read_text()).items()
        }
    for method in PEER_METHODS:
        result = load_peer(report_dir / "newstls", method)
        if result:
            systems[f"news-tls {method}"] = result["timelines"]
    counter = RougeCounter()
    lines = [f"{'system':<20} {'n':>3} {'AR-1 ours':>10} {'AR-1 tilse':>10} {'AR-2 ours':>10} {'AR-2 tilse':>10}"]
    for name, outputs in systems.items():
        keys = [k for k in golds if k in outputs]
        ours = [score_timeline(outputs[k], golds[k], counter) for k in keys]
        theirs = []
        for k in keys:
            r1, r2 = tilse_scores(outputs[k], golds[k])
            theirs.append(TimelineScores(r1, r2, PRF(0, 0, 0)))
        a, b = average(ours), average(theirs)
        lines.append(
            f"{name:<20} {len(keys):>3} {a.rouge_1.f1:>10.5f} {b.rouge_1.f1:>10.5f} "
            f"{a.rouge_2.f1:>10.5f} {b.rouge_2.f1:>10.5f}"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # python -m storyline.evaluate.tls --verify-tilse
    if "--verify-tilse" in sys.argv:
        print(verify_with_tilse())
