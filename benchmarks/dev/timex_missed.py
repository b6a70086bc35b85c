"""Missed gold TIMEX3s (no overlapping system expression), grouped by pattern — development data only.

Usage::

    python benchmarks/dev/timex_missed.py timebank aquaint te3-silver [--limit 400] [--examples 4]
    python benchmarks/dev/timex_missed.py timebank --wrong      # wrong values instead of misses
    python benchmarks/dev/timex_missed.py timebank --spurious   # system expressions with no gold

Corpus names are folders under ../shared/data/timex (``wikiwars/timeml-syntime/train``,
``tweets-syntime/train`` work too).  spaCy parses are cached in ``.bench/timex-<name>.spacy`` so
re-running after a rule change takes seconds; delete the file when the spaCy model changes.
A gold expression's *pattern* is its text with digits, month and weekday names and number
words replaced by placeholders, so "three weeks ago" and "two days ago" group together.
Refuses te3-platinum: that set is the test figure.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import time
from collections import Counter, defaultdict

from storyline.evaluate.timeml import read_corpus
from storyline.evaluate.timex import Prediction, Score, align, score_document

DATA = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data" / "timex"  # ../shared beside the checkout
CACHE = pathlib.Path(__file__).resolve().parents[2] / ".bench"

_SHAPES = (
    (
        r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december|"
        r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?",
        "MONTH",
    ),
    (r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", "WEEKDAY"),
    (r"\b(?:1[89]\d\d|20\d\d)\b", "YEAR"),
    (r"\d+", "N"),
    (
        r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
        r"fifty|sixty|hundred)\b",
        "NUMW",
    ),
    (r"\b(?:first|second|third|fourth)\b", "ORD"),
)


def shape(text: str) -> str:
    out = " ".join(text.lower().split())
    for pattern, label in _SHAPES:
        out = re.sub(pattern, label, out)
    return out


def parsed_corpus(name: str, nlp):
    """(TimeML docs, spaCy docs) for a corpus, parses cached under .bench/."""
    if "platinum" in name:
        raise SystemExit("te3-platinum is the test set: mine timebank / aquaint / te3-silver instead")
    docs = read_corpus(DATA / name)
    return docs, cached_parses(docs, f"timex-{name.replace('/', '_')}", nlp)


def cached_parses(docs, cache_name: str, nlp):  # type: ignore[no-untyped-def]
    """spaCy parses of the documents' texts, kept in .bench/<cache_name>.spacy and redone when the texts differ."""
    from spacy.tokens import DocBin

    from storyline.annotate.nlp import prepared

    path = CACHE / f"{cache_name}.spacy"
    if path.exists():
        parsed = list(DocBin().from_bytes(path.read_bytes()).get_docs(nlp.vocab))
        if len(parsed) == len(docs) and all(p.text == d.text for p, d in zip(parsed, docs, strict=True)):
            return parsed
    parsed = list(prepared(nlp).pipe((d.text for d in docs), batch_size=16))
    CACHE.mkdir(exist_ok=True)
    path.write_bytes(DocBin(store_user_data=True, docs=parsed).to_bytes())
    return parsed


def tag_corpus(docs, parsed):
    """Predictions per document, the summed score and the tagger's tokens per second."""
    from storyline.annotate.nlp import sentences_of
    from storyline.annotate.temporal import TemporalTagger

    tagger = TemporalTagger()
    score, predictions, seconds, tokens = Score(), [], 0.0, 0
    for doc, spacy_doc in zip(docs, parsed, strict=True):
        sentences = sentences_of(spacy_doc)
        began = time.perf_counter()
        timexes = tagger.tag(spacy_doc, doc.dct, sentences)
        seconds += time.perf_counter() - began
        tokens += len(spacy_doc)
        preds = [Prediction(t.start, t.end, t.type, t.value) for t in timexes]
        predictions.append(preds)
        score.add(score_document(doc, preds))
    return predictions, score, tokens / seconds if seconds else 0.0


def _context(text: str, start: int, end: int, width: int = 50) -> str:
    left = text[max(0, start - width) : start].replace("\n", " ")
    right = text[end : end + width].replace("\n", " ")
    return f"…{left}[{text[start:end]}]{right}…"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="+")
    parser.add_argument("--limit", type=int, default=40, help="pattern groups to print")
    parser.add_argument("--examples", type=int, default=3)
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--wrong", action="store_true", help="wrong values of matched expressions")
    kind.add_argument("--spurious", action="store_true", help="system expressions matching no gold")
    parser.add_argument("--scores-only", action="store_true")
    args = parser.parse_args()

    from storyline.resources import Resources

    nlp = Resources().nlp
    groups: dict[str, list[str]] = defaultdict(list)
    for name in args.corpora:
        docs, parsed = parsed_corpus(name, nlp)
        predictions, score, speed = tag_corpus(docs, parsed)
        figures = score.as_dict()
        print(
            f"{name}: relaxed {figures['relaxed_f1']} strict {figures['strict_f1']} value {figures['value_f1']} "
            f"type {figures['type_f1']} P {figures['relaxed_precision']} R {figures['relaxed_recall']} "
            f"({speed:,.0f} tokens/s)"
        )
        if args.scores_only:
            continue
        for doc, preds in zip(docs, predictions, strict=True):
            pairs = align(doc.text, doc.timexes, preds)
            if args.spurious:
                matched = {s for s, _ in pairs}
                for i, p in enumerate(preds):
                    if i not in matched:
                        groups[f"{p.type} {shape(doc.text[p.start : p.end])}"].append(
                            f"{doc.name}: {_context(doc.text, p.start, p.end)} {p.value}"
                        )
            elif args.wrong:
                for s, g in pairs:
                    gold, pred = doc.timexes[g], preds[s]
                    if gold.value != pred.value:
                        groups[f"{gold.type} {shape(gold.text)}"].append(
                            f"{doc.name} DCT {doc.dct}: {_context(doc.text, gold.start, gold.end)} "
                            f"gold {gold.value} ours {pred.value} ({doc.text[pred.start : pred.end]!r})"
                        )
            else:
                matched = {g for _, g in pairs}
                for i, gold in enumerate(doc.timexes):
                    if i not in matched:
                        groups[f"{gold.type} {shape(gold.text)}"].append(
                            f"{doc.name} DCT {doc.dct}: {_context(doc.text, gold.start, gold.end)} {gold.value}"
                        )
    if args.scores_only:
        return
    print_groups(groups, "errors", args.limit, args.examples)


def print_groups(groups: dict[str, list[str]], what: str, limit: int, examples: int) -> None:
    """The largest pattern groups, each with its count and a few examples."""
    counts = Counter({k: len(v) for k, v in groups.items()})
    print(f"{sum(counts.values())} {what} in {len(counts)} pattern groups")
    for key, count in counts.most_common(limit):
        print(f"{count:5d}  {key}")
        for example in groups[key][:examples]:
            print(f"         {example}")


if __name__ == "__main__":
    main()
