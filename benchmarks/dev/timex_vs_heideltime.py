"""The temporal tagger beside HeidelTime on Timeline17's news: where the two disagree, grouped by pattern.

Usage::

    python benchmarks/dev/timex_vs_heideltime.py                  # agreement figures, 60 articles per source
    python benchmarks/dev/timex_vs_heideltime.py --missed         # HeidelTime's expressions none of ours overlaps
    python benchmarks/dev/timex_vs_heideltime.py --wrong          # the same span, another value
    python benchmarks/dev/timex_vs_heideltime.py --extra          # ours, overlapping none of HeidelTime's
    python benchmarks/dev/timex_vs_heideltime.py --per-source 200 --seed 2 --limit 80 --examples 5

Timeline17 (``../shared/data/tls/timeline17_original``) ships HeidelTime's TimeML for each of its 4,646
articles, written with the publication day (the folder name) as the DCT. HeidelTime is the published
anchor on TE3-Platinum, so its output on 2009–2011 web news (BBC, CNN, Guardian, Reuters, Washington
Post, Fox News) shows forms of the test set's genre that the hand-annotated development corpora lack.
It is machine output, not gold: a disagreement is a lead to read, not an error to count.

HeidelTime's files hold Penn-Treebank-tokenised text ("April 15 , 2005", "-LRB-", "` `", "Dr Murray 's").
The text is put back as written before either tagger sees it, the TIMEX3 elements kept in place, so that
"April 15 , 2005" is read with its year. spaCy parses are cached under ``.bench/``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import pathlib
import random
import re
from collections import defaultdict

from timex_missed import _context, cached_parses, print_groups, shape, tag_corpus

from storyline.evaluate.timeml import TimeMLDoc, strip_tags

T17 = pathlib.Path(__file__).resolve().parents[3] / "shared" / "data" / "tls" / "timeline17_original"

#: Penn Treebank tokens back to the written form (applied in this order to the marked-up text)
_DETOKENISE = (
    (re.compile(r"-LRB- ?"), "("),
    (re.compile(r" ?-RRB-"), ")"),
    (re.compile(r"-LSB- ?"), "["),
    (re.compile(r" ?-RSB-"), "]"),
    (re.compile(r"` ` |``"), '"'),
    (re.compile(r" ?''"), '"'),
    (re.compile(r"\\/"), "/"),
    (re.compile(r" ([,.;:?!%)](?!\d))"), r"\1"),
    (re.compile(r" ('s|'re|'ve|'ll|'d|'m|n't|')(?=\W)"), r"\1"),
    (re.compile(r"\$ (?=\d)"), "$"),
    (re.compile(r"(\w|>) - (\w|<)"), r"\1-\2"),
)


def detokenised(marked: str) -> str:
    for pattern, replacement in _DETOKENISE:
        marked = pattern.sub(replacement, marked)
    return marked


def heideltime_sample(per_source: int, seed: int) -> list[TimeMLDoc]:
    """Up to ``per_source`` articles from each Timeline17 source folder, HeidelTime's TIMEX3s as the reference."""
    if not T17.is_dir():
        raise SystemExit(f"{T17} not found: this comparison reads Timeline17 from ../shared/data/tls")
    rng = random.Random(seed)
    docs = []
    for folder in sorted(p for p in T17.iterdir() if p.is_dir()):
        files = sorted((folder / "time_annotated").glob("*/*.timeml"))
        rng.shuffle(files)
        for path in files[:per_source]:
            body = re.search(r"<TimeML>(.*)</TimeML>", path.read_text(encoding="utf-8", errors="replace"), re.S)
            if body is None:
                continue
            text, timexes = strip_tags(detokenised(body.group(1)))
            docs.append(
                TimeMLDoc(
                    name=f"{folder.name}/{path.parent.name}/{path.name}",
                    text=text,
                    dct=dt.date.fromisoformat(path.parent.name),
                    timexes=timexes,
                )
            )
    return docs


def disagreements(docs, predictions, mode: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Pattern → examples: HeidelTime's expressions we miss entirely, same-span values that differ, or ours alone."""
    groups: dict[str, list[str]] = defaultdict(list)
    for doc, preds in zip(docs, predictions, strict=True):

        def where(start: int, end: int, doc=doc) -> str:  # type: ignore[no-untyped-def]
            return f"{doc.name} DCT {doc.dct}: {_context(doc.text, start, end)}"

        if mode == "extra":
            for p in preds:
                if not any(p.start < h.end and h.start < p.end for h in doc.timexes):
                    key = f"{p.type} {shape(doc.text[p.start : p.end])}"
                    groups[key].append(f"{where(p.start, p.end)} ours {p.value}")
            continue
        for h in doc.timexes:
            overlapping = [p for p in preds if p.start < h.end and h.start < p.end]
            if mode == "missed" and not overlapping:
                groups[f"{h.type} {shape(h.text)}"].append(f"{where(h.start, h.end)} HeidelTime {h.value}")
            if mode == "wrong":
                for p in overlapping:
                    if (p.start, p.end) == (h.start, h.end) and p.value != h.value:
                        groups[f"{h.type} {shape(h.text)}"].append(
                            f"{where(h.start, h.end)} HeidelTime {h.value} ours {p.value}"
                        )
    return groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-source", type=int, default=60, help="articles per Timeline17 source folder (17)")
    parser.add_argument("--seed", type=int, default=1)
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--missed", action="store_true")
    kind.add_argument("--wrong", action="store_true")
    kind.add_argument("--extra", action="store_true")
    parser.add_argument("--limit", type=int, default=40, help="pattern groups to print")
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()

    from storyline.resources import Resources

    docs = heideltime_sample(args.per_source, args.seed)
    spacy_docs = cached_parses(docs, f"timex-heideltime-t17-{args.per_source}-{args.seed}", Resources().nlp)
    predictions, score, _ = tag_corpus(docs, spacy_docs)
    figures = score.as_dict()
    print(
        f"{len(docs)} articles, {sum(len(d.timexes) for d in docs)} HeidelTime expressions; agreement with "
        f"HeidelTime as the reference: relaxed {figures['relaxed_f1']} strict {figures['strict_f1']} value "
        f"{figures['value_f1']} type {figures['type_f1']} (ours found {figures['relaxed_recall']} % of its "
        f"expressions; {figures['relaxed_precision']} % of ours overlap one of its)"
    )
    mode = "missed" if args.missed else "wrong" if args.wrong else "extra" if args.extra else None
    if mode is None:
        return
    print_groups(disagreements(docs, predictions, mode), mode, args.limit, args.examples)


if __name__ == "__main__":
    main()
