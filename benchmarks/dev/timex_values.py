"""Right and wrong TIMEX3 values per gold pattern, for expressions matching a regex — development data only.

Usage::

    python benchmarks/dev/timex_values.py 'year (ago|earlier)' timebank aquaint [--examples 4]

For every gold expression whose text matches the (case-insensitive) regex and that the tagger found,
prints how often our value equals gold's, grouped by the gold text's pattern (digits, month and
weekday names as placeholders, as in ``timex_missed.py``), with examples of the wrong ones.  Use it
to check which value a rule should give before changing it ("last week": how often does gold say
1989-W43, how often 1989-WXX?).  Refuses te3-platinum: that set is the test figure.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict

from timex_missed import parsed_corpus, shape, tag_corpus

from storyline.evaluate.timex import align


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("regex", help="case-insensitive pattern a gold expression's text must contain")
    parser.add_argument("corpora", nargs="+", help="folders under ../shared/data/timex")
    parser.add_argument("--examples", type=int, default=4)
    args = parser.parse_args()

    from storyline.resources import Resources

    pattern = re.compile(args.regex, re.IGNORECASE)
    nlp = Resources().nlp
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    wrong: dict[str, list[str]] = defaultdict(list)
    for name in args.corpora:
        docs, parsed = parsed_corpus(name, nlp)
        predictions, _, _ = tag_corpus(docs, parsed)
        for doc, preds in zip(docs, predictions, strict=True):
            for s, g in align(doc.text, doc.timexes, preds):
                gold, pred = doc.timexes[g], preds[s]
                if not pattern.search(gold.text):
                    continue
                key = shape(gold.text)
                counts[key]["right" if gold.value == pred.value else "wrong"] += 1
                if gold.value != pred.value:
                    context = doc.text[max(0, gold.start - 60) : gold.end + 30].replace("\n", " ")
                    wrong[key].append(f"{name} DCT {doc.dct}: gold {gold.value} ours {pred.value}  …{context}…")
    for key, count in sorted(counts.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"{count['right']:4d} right {count['wrong']:4d} wrong  {key}")
        for example in wrong[key][: args.examples]:
            print(f"           {example}")


if __name__ == "__main__":
    main()
