"""Timeline17 date error analysis for the timeline composer: which gold dates it misses and what it picks instead.

For each gold timeline (same inputs as ``tls_dev.py``): the composer's date ranking (``rank_dates`` with the
hand score, keyword filter applied as ``compose_timeline`` applies it: a date needs a keyword sentence
that is not a pool sentence), the top k picks (k = gold length)
marked hit or miss, and every gold date with its rank, score, publication count and whether any keyword
sentence could summarise it.  The summary line counts how far each wrong pick lies from the nearest gold
date and how many gold dates no keyword sentence reaches (the ceiling of date recall).

Usage::

    python benchmarks/tls_dates.py --db .bench/tls/t17-dev.db --annotation-version 4 [--topics libya syria]
    python benchmarks/tls_dates.py --summary            # only the distance counts and ceilings
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.compose import timeline as composer  # noqa: E402
from storyline.evaluate.tls import in_span  # noqa: E402


def analyse(topic, articles, dup, gold, verbose: bool) -> tuple[Counter, int, int]:  # type: ignore[no-untyped-def]
    """Print one timeline's picks and gold dates; return (pick distances, gold dates unreachable, gold size)."""
    members = in_span(articles, gold)
    pool = composer.POOL_SENTENCES if len(members) > composer.SMALL_STORY else 0
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
    unreachable = sum(1 for d in golds if d not in shown)
    if verbose:
        hits = len(golds & set(picks))
        print(f"\n{topic.name} k={k} articles={len(members)} span={span[0]}..{span[1]} hits={hits}")
        for i, d in enumerate(picks):
            print(f"  pick {i:3} {d} score={scores.get(d, 0):7.2f} published={volume.get(d, 0):3} "
                  f"{'GOLD' if d in golds else ''}")
        for d in sorted(golds):
            rank = ranked.index(d) if d in ranked else -1
            first = gold[dt.date.fromisoformat(d)][0][:90]
            print(f"  gold {d} rank={rank:4} score={scores.get(d, 0):6.2f} published={volume.get(d, 0):3} "
                  f"reachable={d in shown!s:5} {first}")
    return distances, unreachable, k


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", nargs="*")
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    parser.add_argument("--summary", action="store_true", help="only the distance counts and ceilings")
    args = parser.parse_args()
    total: Counter = Counter()
    unreachable = size = 0
    for topic, articles, dup in load_inputs(args.topics, "store", args.db, args.annotation_version):
        for gold in topic.timelines:
            distances, missing, k = analyse(topic, articles, dup, gold, not args.summary)
            total += distances
            unreachable += missing
            size += k
    print("\nwrong picks by days to the nearest gold date (8 = 8 or more):",
          ", ".join(f"{d}: {n}" for d, n in sorted(total.items()) if d))
    print(f"picks on a gold date: {total[0]}; gold dates no keyword sentence reaches: {unreachable}/{size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
