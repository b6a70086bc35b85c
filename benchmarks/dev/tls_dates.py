"""Timeline17 date error analysis for the timeline composer: which gold dates it misses and what it picks instead.

For each gold timeline (same inputs as ``tls_dev.py``): the composer's date ranking (``rank_dates`` with the
hand score, keyword filter applied as ``compose_timeline`` applies it: a date needs a keyword sentence
that is not a pool sentence), the top k picks (k = gold length)
marked hit or miss, and every gold date with its rank, score, publication count and whether any keyword
sentence could summarise it.  The summary counts how far each wrong pick lies from the nearest gold
date, how many gold dates no keyword sentence reaches (the ceiling of date recall) and why (a sentence
without a keyword names the day, or none does), and the date F1 of the picks, averaged as the protocol
averages.  That F1 is the hand score's alone: the composer's can differ a little, because a picked date
whose sentences were all shown on other dates is left empty.  It takes about 40 s, against about a
minute for ``tls_dev.py``, which also composes and scores the sentences.

Usage::

    python benchmarks/dev/tls_dates.py --db .bench/tls/t17-dev.db --annotation-version 4 [--topics libya syria]
    python benchmarks/dev/tls_dates.py --summary            # only the distance counts and ceilings
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.compose import timeline as composer  # noqa: E402
from storyline.config import TimelineSettings  # noqa: E402
from storyline.evaluate.tls import in_span  # noqa: E402


@dataclass
class DateOutcome:
    """One gold timeline's date picks, measured against its gold dates."""

    gold: int
    picks: int
    hits: int
    distances: Counter = field(default_factory=Counter)  # wrong picks by days to the nearest gold date (8: 8 or more)
    unreached: Counter = field(default_factory=Counter)  # gold dates no keyword sentence reaches, by why


def analyse(topic, articles, dup, gold, verbose: bool) -> DateOutcome:  # type: ignore[no-untyped-def]
    """Print one timeline's picks and gold dates (when verbose); return how they went."""
    members = in_span(articles, gold)
    defaults = TimelineSettings()
    pool = defaults.pool_sentences if len(members) > defaults.small_story else 0
    candidates = []
    for a in members:
        candidates += composer.candidates_of(a, dup.get(a.article.id, a.article.id), members, pool)
    keywords = [k.lower() for k in topic.keywords]
    shown = {c.date for c in candidates if not c.pool and any(k in c.ref.sentence.lower() for k in keywords)}
    published = [a.article.published for a in members if a.article.published]
    span = (min(published), max(published))
    scores = composer.date_scores(candidates, span)
    ranked = [d for d in composer.rank_dates(candidates, span) if d in shown]
    k = len(gold)
    picks = ranked[:k]
    golds = {d.isoformat() for d in gold}
    volume = Counter(p.isoformat() for p in published)
    distances: Counter = Counter()
    for d in picks:
        if len(d) == 10:
            day = dt.date.fromisoformat(d).toordinal()
            distances[min(min(abs(day - g.toordinal()) for g in gold), 8)] += 1
    named = {c.date for c in candidates if not c.pool}
    unreached = Counter(
        "named only in sentences without a keyword" if d in named else "named by no sentence"
        for d in golds
        if d not in shown
    )
    hits = len(golds & set(picks))
    if verbose:
        print(f"\n{topic.name} k={k} articles={len(members)} span={span[0]}..{span[1]} hits={hits}")
        for i, d in enumerate(picks):
            print(
                f"  pick {i:3} {d} score={scores.get(d, 0):7.2f} published={volume.get(d, 0):3} "
                f"{'GOLD' if d in golds else ''}"
            )
        for d in sorted(golds):
            rank = ranked.index(d) if d in ranked else -1
            first = gold[dt.date.fromisoformat(d)][0][:90]
            print(
                f"  gold {d} rank={rank:4} score={scores.get(d, 0):6.2f} published={volume.get(d, 0):3} "
                f"reachable={d in shown!s:5} {first}"
            )
    return DateOutcome(k, len(picks), hits, distances, unreached)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", nargs="*")
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    parser.add_argument("--summary", action="store_true", help="only the distance counts and ceilings")
    args = parser.parse_args()
    outcomes = [
        analyse(topic, articles, dup, gold, not args.summary)
        for topic, articles, dup in load_inputs(args.topics, "store", args.db, args.annotation_version)
        for gold in topic.timelines
    ]
    distances = sum((o.distances for o in outcomes), Counter())
    unreached = sum((o.unreached for o in outcomes), Counter())
    size = sum(o.gold for o in outcomes)
    print(
        "\nwrong picks by days to the nearest gold date (8 = 8 or more):",
        ", ".join(f"{d}: {n}" for d, n in sorted(distances.items()) if d),
    )
    print(
        f"picks on a gold date: {distances[0]}; gold dates no keyword sentence reaches: "
        f"{sum(unreached.values())}/{size} ({', '.join(f'{why}: {n}' for why, n in unreached.most_common())})"
    )
    precision = sum(o.hits / o.picks if o.picks else 0.0 for o in outcomes) / len(outcomes)
    recall = sum(o.hits / o.gold for o in outcomes) / len(outcomes)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    print(
        f"date F1 of the hand score's picks over {len(outcomes)} timelines: {f1:.4f} "
        f"(precision {precision:.4f}, recall {recall:.4f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
