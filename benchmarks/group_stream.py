"""Group-stage figures on Timeline17 as one stream: quality, throughput, memory, incremental latency.

Annotations come from ``benchmarks/corpus.py`` (cached in ``.bench/t17.pkl``; the first run
annotates the 4,650 raw articles with storyline's own ingest + annotate, which takes long).
Nothing here is tuned on Timeline17: the settings are the defaults chosen on clusters-dev.

    python benchmarks/group_stream.py quality            # T17 stream, B-cubed vs the 9 topics
    python benchmarks/group_stream.py quality --shuffle  # same, articles one by one in random order
    python benchmarks/group_stream.py memory 4650        # peak RSS, synthetic-by-resampling stream
    python benchmarks/group_stream.py memory 20000
    python benchmarks/group_stream.py memory 1000000 --sample 600  # resampled from 600 annotated articles
    python benchmarks/group_stream.py memory 1000000 --sample 600 --sketch-days 0  # sketches kept while a story is open
    python benchmarks/group_stream.py incremental 10000  # SQLite get + load + add 1 article + dump + put

Synthetic-by-resampling articles: each takes a Timeline17 article's date and topic, and a random
~60% of its sentences plus ~30% of another same-topic article's (with their entity mentions), so
texts are new (not copies) but realistic; the stream is sorted by date and fed in batches of 500.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one core: the figure is per process
    os.environ.setdefault(_var, "1")

from corpus import load_t17  # noqa: E402

from storyline.config import GroupSettings  # noqa: E402
from storyline.evaluate.results import JSON_OUT_HELP, write_results  # noqa: E402
from storyline.evaluate.stories import ANCHORS, score  # noqa: E402
from storyline.group import StoryGrouper  # noqa: E402
from storyline.model import AnnotatedArticle, Article, Mention  # noqa: E402
from storyline.store import Store  # noqa: E402


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def current_rss_mb() -> float:
    return _status_mb("VmRSS")


def reset_peak() -> bool:
    """Reset the kernel's peak-RSS mark (VmHWM), so loading the corpus does not count as the peak."""
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")
        return True
    except OSError:
        return False


def peak_since_reset_mb() -> float:
    return _status_mb("VmHWM")


def quality(shuffle: bool) -> dict:
    articles, labels = load_t17()
    grouper = StoryGrouper(GroupSettings())
    cpu, wall = time.process_time(), time.perf_counter()
    if shuffle:
        order = list(articles)
        random.Random(0).shuffle(order)
        for item in order:
            grouper.add([item])
    else:
        grouper.add(articles)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    figures = score(labels, {}, grouper.grouping())
    figures.pop("dup_precision"), figures.pop("dup_recall"), figures.pop("dup_f1")
    figures.update(
        {
            "order": "random, one article per add" if shuffle else "publication order, one batch",
            "duplicates_found": len(grouper.grouping().duplicate_of),
            "wall_s": wall,
            "cpu_s": cpu,
            "articles_per_s_wall": len(articles) / wall,
            "articles_per_s_cpu": len(articles) / cpu,
            "target_articles_per_s": 1000,
            "state_mb": len(grouper.dumps()) / 1e6,
        }
    )
    return figures


def synthetic(articles: list[AnnotatedArticle], labels: dict[str, str], n: int, seed: int = 0):
    """``n`` resampled articles in date order, generated lazily (see the module docstring)."""
    rng = random.Random(seed)
    by_topic: dict[str, list[AnnotatedArticle]] = {}
    for item in articles:
        by_topic.setdefault(labels[item.article.id], []).append(item)
    bases = sorted(
        (rng.randrange(len(articles)) for _ in range(n)),
        key=lambda i: (articles[i].article.published or dt.date.min, i),
    )
    for k, i in enumerate(bases):
        base = articles[i]
        topic = labels[base.article.id]
        other = rng.choice(by_topic[topic])
        parts: list[str] = []
        mentions: list[Mention] = []
        for source, share in ((base, 0.6), (other, 0.3)):
            keep = {j for j in range(len(source.sentences)) if rng.random() < share}
            parts += [s.text for j, s in enumerate(source.sentences) if j in keep]
            mentions += [m for m in source.mentions if m.sentence in keep]
        text = "\n".join(parts) or base.article.text
        art = Article(id=f"syn{k:06d}", text=text, published=base.article.published, published_source="metadata")
        yield AnnotatedArticle(article=art, mentions=mentions), topic


#: streams longer than this are not scored against the topics (see ``memory``)
SCORED_UP_TO = 50_000
#: articles between two progress lines of ``memory``
PROGRESS_EVERY = 50_000


def memory(n: int, sample: int | None = None, sketch_days: int | None = None) -> dict:
    articles, labels = load_t17(sample=sample)
    import gc

    gc.collect()
    baseline = current_rss_mb()
    reset_ok = reset_peak()
    settings = GroupSettings() if sketch_days is None else GroupSettings(sketch_days=sketch_days)
    grouper = StoryGrouper(settings)
    gold: dict[str, str] = {}  # kept only for a stream short enough to be scored (else it is part of the RSS)
    batch: list[AnnotatedArticle] = []
    cpu, wall = time.process_time(), time.perf_counter()
    in_add = [0.0, 0.0]  # wall and CPU seconds inside the grouper (the rest makes the synthetic articles)

    def add(items: list[AnnotatedArticle]) -> None:
        cpu_at, wall_at = time.process_time(), time.perf_counter()
        grouper.add(items)
        in_add[0] += time.perf_counter() - wall_at
        in_add[1] += time.process_time() - cpu_at

    fed = 0
    for item, topic in synthetic(articles, labels, n):
        if n <= SCORED_UP_TO:
            gold[item.article.id] = topic
        batch.append(item)
        fed += 1
        if len(batch) == 500:
            add(batch)
            batch = []
            if fed % PROGRESS_EVERY == 0:
                print(
                    f"  {fed:,} articles grouped, {time.perf_counter() - wall:.0f} s wall "
                    f"({in_add[0]:.0f} s of it grouping), {time.process_time() - cpu:.0f} s CPU, "
                    f"RSS {current_rss_mb():.0f} MB, peak {peak_since_reset_mb() if reset_ok else rss_mb():.0f} MB, "
                    f"stories {len(grouper.index.stories):,}, kept sketches {len(grouper.dedup.prints):,}",
                    file=sys.stderr,
                    flush=True,
                )
    if batch:
        add(batch)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    peak = peak_since_reset_mb() if reset_ok else None  # before scoring, which is not the stage
    # B-cubed intersects each article's gold and predicted sets: quadratic in a topic's size, hours at 300,000
    figures = (
        score(gold, {}, grouper.grouping())
        if n <= SCORED_UP_TO
        else {"bcubed_f1": None, "stories_pred": len(grouper.grouping().stories)}
    )
    counts = grouper.index.n_status
    return {
        "articles": n,
        "sketch_days": settings.sketch_days,
        "rss_after_loading_corpus_mb": baseline,
        "peak_rss_while_grouping_mb": peak,
        "grouping_peak_minus_corpus_mb": (peak - baseline) if peak is not None else None,
        "peak_rss_whole_process_mb": rss_mb(),
        "active_stories": counts["active"],
        "closed_stories": counts["closed"],
        "archived_stories": counts["archived"],
        "active_article_sketches": len(grouper.dedup.prints),
        "bcubed_f1": figures["bcubed_f1"],
        "stories_pred": figures["stories_pred"],
        "articles_per_s_wall": n / wall,
        "articles_per_s_cpu": n / cpu,
        "wall_s": wall,
        "cpu_s": cpu,
        "grouping_wall_s": in_add[0],
        "grouping_cpu_s": in_add[1],
        "state_mb": len(grouper.dumps()) / 1e6,
    }


def incremental(n: int) -> dict:
    articles, labels = load_t17()
    stream = list(synthetic(articles, labels, n + 1, seed=1))
    grouper = StoryGrouper(GroupSettings())
    for start in range(0, n, 500):
        grouper.add([item for item, _ in stream[start : min(start + 500, n)]])
    before = {s.id: list(s.article_ids) for s in grouper.grouping().stories}
    blob = grouper.dumps()
    new_item = stream[n][0]
    import gc

    # the grouper pauses the cycle collector while it adds; the full collection that building this
    # 10,000-article store (and loading the corpus) is owed would otherwise land in the timed step
    gc.collect()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "store.sqlite")  # as the pipeline keeps it: base64 TEXT in SQLite
        store.put_state("grouper", blob)
        t_get = time.perf_counter()
        stored = store.get_state("grouper")
        t0 = time.perf_counter()
        restored = StoryGrouper(GroupSettings(), stored)
        t1 = time.perf_counter()
        update = restored.add([new_item])
        t2 = time.perf_counter()
        blob2 = restored.dumps()
        t3 = time.perf_counter()
        store.put_state("grouper", blob2)
        t_put = time.perf_counter()
        store.close()
    after = {s.id: list(s.article_ids) for s in restored.grouping().stories}
    changed = set(update.created) | set(update.touched) | set(update.merged)
    unchanged_ok = all(after.get(sid) == members for sid, members in before.items() if sid not in changed)
    return {
        "store_articles": n,
        "state_mb": len(blob) / 1e6,
        "store_get_s": t0 - t_get,
        "load_s": t1 - t0,
        "add_s": t2 - t1,
        "dump_s": t3 - t2,
        "store_put_s": t_put - t3,
        "total_s": t_put - t_get,
        "target_total_s": 1.0,
        "update": {"created": update.created, "touched": update.touched, "merged": update.merged},
        "untouched_story_ids_unchanged": unchanged_ok,
        "stories": len(after),
        "state2_mb": len(blob2) / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["quality", "memory", "incremental"])
    parser.add_argument("n", nargs="?", type=int, default=4650)
    parser.add_argument("--shuffle", action="store_true")
    parser.add_argument(
        "--sample",
        type=int,
        default=None,
        help="memory: resample from every k-th Timeline17 article, SAMPLE in all (annotated once, cached)",
    )
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    parser.add_argument(
        "--sketch-days",
        type=int,
        default=None,
        help="memory: GroupSettings.sketch_days (forget sketches this many days old; 0: keep them while the story "
        "is open; default: the settings' default)",
    )
    args = parser.parse_args()
    if args.what == "quality":
        figures = quality(args.shuffle)
        figures["anchors_other_data"] = ANCHORS
    elif args.what == "memory":
        figures = memory(args.n, args.sample, args.sketch_days)
    else:
        figures = incremental(args.n)
    rounded = {k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}
    print(json.dumps(rounded, indent=1))
    if args.json_out:
        write_results(args.json_out, rounded)


if __name__ == "__main__":
    main()
