"""Choose composer weights leave-one-topic-out on Timeline17, and say what that choice scores.

    python benchmarks/dev/tls_loto_constants.py --db .bench/tls/t17-v8.db --grid late_bonus=0,0.5,1 late_days=30,60

The weights are ``TimelineSettings`` fields (``storyline.config``).

One composer run per combination of the grid (``benchmarks/dev/tls_dev.py``'s loop, LOTO sentence ranker).
For each topic, the combination is chosen on the *other* topics' timelines, and that topic's timelines
are scored with it: the figure printed as "chosen leave-one-topic-out" never saw the topic it is
measured on.  The combination chosen on all topics, the one to ship, is printed too.

A combination is judged by its progress towards the project's goal for timelines: AR-1 / 0.140 + AR-2 / 0.046 +
date F1 / 0.60, each averaged the news-tls way (precision and recall over timelines, then F).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tls_dev  # noqa: E402

from storyline.evaluate.rouge import RougeCounter  # noqa: E402
from storyline.evaluate.tls_metric import TimelineScores, average  # noqa: E402

GOAL = {"ar1": 0.140, "ar2": 0.046, "date": 0.60}


def objective(scores: list[TimelineScores]) -> float:
    mean = average(scores)
    return mean.rouge_1.f1 / GOAL["ar1"] + mean.rouge_2.f1 / GOAL["ar2"] + mean.dates.f1 / GOAL["date"]


def figures(scores: list[TimelineScores]) -> str:
    mean = average(scores)
    return f"{mean.rouge_1.f1:.4f} / {mean.rouge_2.f1:.4f} / {mean.dates.f1:.4f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=tls_dev.CACHE / "tls" / "t17.db")
    parser.add_argument("--grid", nargs="+", required=True, help="name=v1,v2 … composer weights")
    args = parser.parse_args()
    axes = tls_dev.grid_axes(args.grid)
    inputs = tls_dev.load_inputs(None, "store", args.db, tls_dev.ANNOTATION_VERSION)
    counter = RougeCounter()

    def label(combo: tuple[float, ...]) -> str:
        return " ".join(f"{name}={value:g}" for (name, _), value in zip(axes, combo, strict=True))

    runs: dict[tuple[float, ...], dict[str, TimelineScores]] = {}
    for combo in itertools.product(*(values for _, values in axes)):
        weights = {name: value for (name, _), value in zip(axes, combo, strict=True)}
        results = tls_dev.run(inputs, counter, False, "loto", weights)
        runs[combo] = {key: scores for key, (scores, _) in results.items()}
        print(f"{label(combo):<40} all 19: {figures(list(runs[combo].values()))}", flush=True)

    timelines = list(next(iter(runs.values())))
    topics = sorted({key.split("/")[0] for key in timelines})
    chosen_scores: list[TimelineScores] = []
    print("\ntopic      chosen on the other topics")
    for topic in topics:
        others = [k for k in timelines if k.split("/")[0] != topic]
        best = max(runs, key=lambda c: objective([runs[c][k] for k in others]))
        mine = [k for k in timelines if k.split("/")[0] == topic]
        chosen_scores += [runs[best][k] for k in mine]
        print(f"{topic:<10} {label(best)}")
    shipped = max(runs, key=lambda c: objective(list(runs[c].values())))
    print(f"\nchosen leave-one-topic-out, all 19: {figures(chosen_scores)}")
    print(f"chosen on all topics ({label(shipped)}), all 19: {figures(list(runs[shipped].values()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
