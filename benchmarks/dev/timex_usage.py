"""How often a word is (part of) a gold TIMEX3 where it occurs — development data only, no parsing.

Usage: python benchmarks/dev/timex_usage.py '\\bformer\\b' timebank aquaint wikiwars/timeml-syntime/train

For each corpus prints: occurrences of the (case-insensitive) regex, how many lie inside a gold
TIMEX3, how many are a whole gold TIMEX3 by themselves, and the gold values of those.  Use it
before adding a word rule: a form tagged in one corpus and not in another is a corpus convention.
Refuses te3-platinum: that set is the test figure.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from timex_missed import DATA

from storyline.evaluate.timeml import read_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("regex")
    parser.add_argument("corpora", nargs="+")
    parser.add_argument("--examples", type=int, default=0, help="untagged occurrences to print")
    args = parser.parse_args()
    pattern = re.compile(args.regex, re.I)
    for name in args.corpora:
        if "platinum" in name:
            raise SystemExit("te3-platinum is the test set")
        seen = inside = whole = 0
        values: Counter[str] = Counter()
        untagged = []
        for doc in read_corpus(DATA / name):
            for m in pattern.finditer(doc.text):
                seen += 1
                cover = [g for g in doc.timexes if g.start <= m.start() and m.end() <= g.end]
                inside += bool(cover)
                if cover and cover[0].text.strip().lower() == m.group(0).lower():
                    whole += 1
                    values[f"{cover[0].type} {cover[0].value}"] += 1
                if not cover and len(untagged) < args.examples:
                    untagged.append(doc.text[max(0, m.start() - 50) : m.end() + 50].replace("\n", " "))
        print(f"{name}: {seen} seen, {inside} inside a gold TIMEX3, {whole} a whole one {dict(values.most_common(6))}")
        for u in untagged:
            print("      ", u)


if __name__ == "__main__":
    main()
