"""Error analysis of the temporal tagger on a TimeML corpus (development data only).

Usage: python benchmarks/dev/timex_errors.py ../shared/data/timex/timebank [--top 5] [--examples 3]

Prints the largest classes of remaining errors (missed, spurious, wrong value), each with a
count and a few examples.  Never run it on te3-platinum: that set is the test figure.
"""

from __future__ import annotations

import argparse
import pathlib

from storyline.evaluate.timeml import read_corpus
from storyline.evaluate.timex import error_classes, error_examples, evaluate_corpus
from storyline.resources import Resources


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=pathlib.Path)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()
    if "platinum" in str(args.data):
        raise SystemExit("te3-platinum is the test set: analyse errors on timebank / aquaint instead")
    docs = read_corpus(args.data)
    result = evaluate_corpus(args.data.name, docs, Resources().nlp, baselines=False)
    predictions = result.predictions["storyline"]
    print(f"{args.data.name}: {result.scores['storyline'].as_dict()}")
    for kind, count in error_classes(docs, predictions).most_common(args.top):
        print(f"{count:4d}  {' / '.join(kind)}")
        for example in error_examples(docs, predictions, kind, args.examples):
            print(f"        {example}")


if __name__ == "__main__":
    main()
