"""Timeline17 error analysis by topic: how much each topic loses on dates and how much on sentences.

For every gold timeline (the inputs of ``tls_dev.py``, leave-one-topic-out sentence ranker by default):

* dates: date F1, how many picks land on a gold date, one day off or further, and how many gold dates
  no keyword sentence reaches (the ceiling of date recall, from ``tls_dates.analyse``);
* sentences: AR-1 / AR-2 as composed, and again with the gold dates given (``tls_dev --oracle-dates``).
  The rise from the first to the second is what the dates cost; what the second still lacks is what the
  sentences cost.

Per topic and over all 19 timelines, counts are summed and the figures averaged as the protocol averages
(precision and recall over timelines, then F).

Usage::

    python benchmarks/dev/tls_errors.py --db .bench/tls/t17-v7.db --annotation-version 7
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dates import analyse  # noqa: E402
from tls_dev import CACHE, load_inputs, run  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.evaluate.rouge import RougeCounter  # noqa: E402
from storyline.evaluate.tls_metric import TimelineScores, average  # noqa: E402

COUNTS = ("timelines", "dates", "on gold", "1 off", "2+ off", "unreached")
FIGURES = ("date F1", "AR-1", "AR-1 gold dates", "AR-2", "AR-2 gold dates")


def rows(inputs, sentence_ranker: str) -> dict[str, tuple[Counter, TimelineScores, TimelineScores]]:  # type: ignore[no-untyped-def]
    """Per timeline (topic/index): the COUNTS, its scores as composed and its scores on the gold dates."""
    counter = RougeCounter()
    composed = run(inputs, counter, False, sentence_ranker)
    oracle = run(inputs, counter, True, sentence_ranker)
    out = {}
    for topic, articles, dup in inputs:
        for j, gold in enumerate(topic.timelines):
            key = f"{topic.name}/{j}"
            distances, unreached, k = analyse(topic, articles, dup, gold, verbose=False)
            counts = Counter(
                {
                    "timelines": 1,
                    "dates": k,
                    "on gold": distances[0],
                    "1 off": distances[1],
                    "2+ off": sum(n for d, n in distances.items() if d >= 2),
                    "unreached": unreached,
                }
            )
            out[key] = (counts, composed[key][0], oracle[key][0])
    return out


def combine(selected: list[tuple[Counter, TimelineScores, TimelineScores]]) -> list[str]:
    """The row's cells: counts summed, figures averaged as the protocol averages."""
    counts: Counter = sum((c for c, _, _ in selected), Counter())
    ours, given = average([s for _, s, _ in selected]), average([g for _, _, g in selected])
    figures = (ours.dates.f1, ours.rouge_1.f1, given.rouge_1.f1, ours.rouge_2.f1, given.rouge_2.f1)
    return [f"{counts[c]:>16}" for c in COUNTS] + [f"{f:>16.4f}" for f in figures]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    parser.add_argument("--sentence-ranker", choices=("shipped", "none", "loto"), default="loto")
    args = parser.parse_args()
    per_timeline = rows(load_inputs(None, "store", args.db, args.annotation_version), args.sentence_ranker)
    by_topic: dict[str, list] = defaultdict(list)
    for key, row in per_timeline.items():
        by_topic[key.split("/")[0]].append(row)
    print(f"{'topic':<8}" + "".join(f"{name:>16}" for name in COUNTS + FIGURES))
    for name, selected in [*sorted(by_topic.items()), ("all", list(per_timeline.values()))]:
        print(f"{name:<8}" + "".join(combine(selected)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
