"""How far can the hand date score go by weighing its kinds of mention differently? An upper bound.

The composer scores a day by its distinct articles, each counted once, by the strongest way it points at
the day (``compose.timeline.date_scores``): a lead sentence anchored by the publication date, a mention
the same day, ahead of the day, or after it (more after 30 days).  This script splits those kinds finer
(after 1–2, 3–29, 30–89 or 90+ days; with ``--keyword-split`` each kind also in sentences with and
without a topic keyword), gives each kind its own weight, and searches the weights by coordinate ascent on
the top-k date F1 that ``tls_dates.py --summary`` prints (k = gold length, keyword filter as the composer
applies it, averaged as the protocol averages):

* **in-sample**: the weights chosen on all 19 timelines and scored on them. No weighting of these kinds
  can do better than this on Timeline17 (up to the search's grid), so it bounds what reweighting can buy.
* **leave-one-topic-out**: each topic scored with the weights chosen on the other eight.
* **each timeline on itself**: every timeline scored with the weights chosen on its own gold dates, the
  loosest bound (what weights that adapt to a timeline, by its density or anything else, could reach).

Usage::

    python benchmarks/dev/tls_date_weights.py --db .bench/tls/t17.db [--keyword-split]

The ``same`` kind keeps weight 1 (it sets the scale).  Month and year dates and days outside the
publication span keep the composer's factors.  Analysis only: nothing here reaches the product.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.compose import timeline as composer  # noqa: E402
from storyline.config import TimelineSettings  # noqa: E402
from storyline.evaluate.tls import in_span  # noqa: E402

KINDS = ("lead", "same", "ahead", "after_1_2", "after_3_29", "after_30_89", "after_90")
#: the composer's default weights (TimelineSettings) in these terms: lead_weight, 1, 1, 1 + retrospective_bonus,
#: the same, then late_bonus more from late_days (30) on
DEFAULTS = TimelineSettings()
SHIPPED = {
    "lead": DEFAULTS.lead_weight,
    "same": 1.0,
    "ahead": 1.0,
    "after_1_2": 1 + DEFAULTS.retrospective_bonus,
    "after_3_29": 1 + DEFAULTS.retrospective_bonus,
    "after_30_89": 1 + DEFAULTS.retrospective_bonus + DEFAULTS.late_bonus,
    "after_90": 1 + DEFAULTS.retrospective_bonus + DEFAULTS.late_bonus,
}
GRID = (0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6)


def mention_kind(candidate: composer.Candidate) -> str:
    """The way a (non-pool) candidate points at its date, as date_scores tells them apart, days split finer."""
    if not candidate.ref.time_expression:
        return "lead"
    if not candidate.published:
        return "same"
    published = candidate.published.isoformat()[: len(candidate.date)]
    if candidate.date > published:
        return "ahead"
    if candidate.date == published:
        return "same"
    if len(candidate.date) != 10:
        return "after_1_2"
    days = (candidate.published - dt.date.fromisoformat(candidate.date)).days
    return "after_1_2" if days <= 2 else "after_3_29" if days < 30 else "after_30_89" if days < 90 else "after_90"


@dataclass
class Timeline:
    """One gold timeline's candidate dates: who points at them how, and which are gold."""

    topic: str
    name: str  # topic/index, as evaluate tls names the timeline
    dates: list[str]
    date_index: np.ndarray  # per (date, article): the date's index
    kinds: np.ndarray  # per (date, article): bit mask of the kinds of mention (an index into the mask table)
    factor: np.ndarray  # per date: coarse_factor, outside_factor or 1
    shown: np.ndarray  # per date: a keyword sentence can summarise it
    gold: np.ndarray  # per date: a gold date
    k: int


def timeline_of(topic, index, articles, duplicate_of, gold, kinds: list[str]) -> Timeline:  # type: ignore[no-untyped-def]
    """The composer's candidates for the timeline's span, reduced to kind masks per (date, article)."""
    members = in_span(articles, gold)
    keywords = [k.lower() for k in topic.keywords]
    masks: dict[tuple[str, str], int] = defaultdict(int)
    shown = set()
    for c in composer.story_candidates(members, duplicate_of):
        if c.pool:
            continue
        has_keyword = any(k in c.ref.sentence.lower() for k in keywords)
        shown |= {c.date} if has_keyword else set()
        kind = mention_kind(c)
        if len(kinds) > len(KINDS):
            kind += "" if has_keyword else "_no_keyword"
        masks[(c.date, c.canonical_id)] |= 1 << kinds.index(kind)
    published = [a.article.published.isoformat() for a in members if a.article.published]
    first, last = min(published), max(published)
    dates = sorted({d for d, _ in masks})
    index = {d: i for i, d in enumerate(dates)}
    golds = {d.isoformat() for d in gold}
    return Timeline(
        topic.name,
        f"{topic.name}/{index}",
        dates,
        np.array([index[d] for d, _ in masks]),
        np.array(list(masks.values())),
        np.array(
            [
                DEFAULTS.coarse_factor if len(d) != 10 else 1.0 if first <= d <= last else DEFAULTS.outside_factor
                for d in dates
            ]
        ),
        np.array([d in shown for d in dates]),
        np.array([d in golds for d in dates]),
        len(gold),
    )


class KindScorer:
    """Top-k date F1 of a weighting of the kinds, over any subset of the timelines."""

    def __init__(self, timelines: list[Timeline], kinds: list[str]):
        self.masks = np.unique(np.concatenate([t.kinds for t in timelines]))
        self.bits = np.array([[m >> i & 1 for i in range(len(kinds))] for m in self.masks], bool)
        self.timelines = [
            Timeline(
                t.topic,
                t.name,
                t.dates,
                t.date_index,
                np.searchsorted(self.masks, t.kinds),
                t.factor,
                t.shown,
                t.gold,
                t.k,
            )
            for t in timelines
        ]

    def picks(self, timeline: Timeline, weights: np.ndarray) -> np.ndarray:
        """The k shown dates of highest score (earlier first on ties), as rank_dates orders them."""
        per_mask = np.where(self.bits, weights[None, :], 0.0).max(axis=1)
        scores = (
            np.bincount(timeline.date_index, weights=per_mask[timeline.kinds], minlength=len(timeline.dates))
            * timeline.factor
        )
        shown = np.flatnonzero(timeline.shown)
        return shown[np.lexsort((shown, -scores[shown]))][: timeline.k]

    def f1(
        self, weights_for: Callable[[Timeline], np.ndarray], keep: Callable[[Timeline], bool] = lambda t: True
    ) -> float:
        """Date F1 (precision and recall averaged over the kept timelines, then F), each with its weights."""
        precision = recall = 0.0
        chosen = [t for t in self.timelines if keep(t)]
        for t in chosen:
            picks = self.picks(t, weights_for(t))
            hits = t.gold[picks].sum()
            precision += hits / len(picks) if len(picks) else 0.0
            recall += hits / t.k
        precision, recall = precision / len(chosen), recall / len(chosen)
        return 2 * precision * recall / (precision + recall) if precision + recall else 0.0

    def search(
        self, start: np.ndarray, keep: Callable[[Timeline], bool], kinds: list[str], rounds: int = 4
    ) -> np.ndarray:
        """Coordinate ascent over GRID, one kind at a time ("same" stays 1), on the kept timelines."""
        weights, best = start.copy(), self.f1(lambda t: start, keep)
        for _ in range(rounds):
            improved = False
            for i, kind in enumerate(kinds):
                if kind == "same":
                    continue
                for value in GRID:
                    trial = weights.copy()
                    trial[i] = value
                    f1 = self.f1(lambda t, trial=trial: trial, keep)
                    if f1 > best + 1e-12:
                        weights, best, improved = trial, f1, True
            if not improved:
                break
        return weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    parser.add_argument(
        "--keyword-split", action="store_true", help="each kind twice: in sentences with and without a topic keyword"
    )
    args = parser.parse_args()
    kinds = list(KINDS) + ([f"{k}_no_keyword" for k in KINDS] if args.keyword_split else [])
    timelines = [
        timeline_of(topic, index, articles, dup, gold, kinds)
        for topic, articles, dup in load_inputs(None, "store", args.db, args.annotation_version)
        for index, gold in enumerate(topic.timelines)
    ]
    scorer = KindScorer(timelines, kinds)
    topics = sorted({t.topic for t in timelines})
    shipped = np.array([SHIPPED[k.removesuffix("_no_keyword")] for k in kinds])
    print(f"{len(timelines)} timelines; kinds: {', '.join(kinds)}")
    print(f"shipped weights:               date F1 {scorer.f1(lambda t: shipped):.4f}")
    in_sample = scorer.search(shipped, lambda t: True, kinds)
    print(
        f"chosen on all 19 (in-sample):  date F1 {scorer.f1(lambda t: in_sample):.4f}  "
        + " ".join(f"{k}={w:g}" for k, w in zip(kinds, in_sample, strict=True))
    )
    held_out = {topic: scorer.search(shipped, lambda t, topic=topic: t.topic != topic, kinds) for topic in topics}
    print(f"chosen leave-one-topic-out:    date F1 {scorer.f1(lambda t: held_out[t.topic]):.4f}")
    for topic in topics:
        print(f"  {topic:6} " + " ".join(f"{w:g}" for w in held_out[topic]))
    on_itself = {t.name: scorer.search(shipped, lambda u, name=t.name: u.name == name, kinds) for t in timelines}
    print(f"each timeline on its own gold: date F1 {scorer.f1(lambda t: on_itself[t.name]):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
