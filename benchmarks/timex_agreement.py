"""How far two annotators of the project agree on time expressions, beside how far the tagger agrees with each.

The modern-news development sets (``benchmarks/data/*-timex``) have one annotator per article. A second
annotator marked some of their articles again, blind to the first (``benchmarks/data/timex-agreement``). This
script scores the second annotation against the first with the TempEval-3 task A scorer (relaxed / strict /
value / type F1, the first as gold), and the tagger against each, on the same articles: the annotators' agreement
is the ceiling the tagger's figures on these sets can be read against (an upper bound for two people's, as the
project's annotators are helper agents of one kind).

Usage::

    python benchmarks/timex_dev_articles.py t17 && python benchmarks/timex_dev_articles.py polnear
    python benchmarks/timex_agreement.py [--second benchmarks/data/timex-agreement/annotations.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "dev"))
from timex_missed import cached_parses, tag_corpus  # noqa: E402

from storyline.evaluate.results import JSON_OUT_HELP, write_results  # noqa: E402
from storyline.evaluate.timeml import TimeMLDoc, read_standoff  # noqa: E402
from storyline.evaluate.timex import Prediction, Score, score_document  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data"
#: each set's first annotation and the articles its offsets index
SETS = {
    "clusters-dev": (
        DATA / "clusters-dev-timex" / "annotations.jsonl",
        ROOT.parent / "shared" / "data" / "clusters-dev" / "articles.jsonl",
    ),
    "t17": (DATA / "t17-timex" / "annotations.jsonl", ROOT / ".bench" / "t17-timex-articles.jsonl"),
    "polnear": (DATA / "polnear-timex" / "annotations.jsonl", ROOT / ".bench" / "polnear-timex-articles.jsonl"),
}


def as_predictions(doc: TimeMLDoc) -> list[Prediction]:
    return [Prediction(t.start, t.end, t.type, t.value) for t in doc.timexes]


def score_against(gold: list[TimeMLDoc], system: list[list[Prediction]]) -> Score:
    total = Score()
    for doc, predictions in zip(gold, system, strict=True):
        total.add(score_document(doc, predictions))
    return total


def figures(score: Score) -> str:
    d = score.as_dict()
    return f"{d['relaxed_f1']:6.2f} / {d['strict_f1']:6.2f} / {d['value_f1']:6.2f} / {d['type_f1']:6.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--second", type=Path, default=DATA / "timex-agreement" / "annotations.jsonl")
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    args = parser.parse_args()
    by_set: dict[str, dict[str, object]] = {}
    rows = [json.loads(line) for line in args.second.read_text(encoding="utf-8").splitlines() if line.strip()]

    from storyline.resources import Resources

    nlp = Resources().nlp
    totals = {name: Score() for name in ("second vs first", "tagger vs first", "tagger vs second")}
    print(f"{'set':<14} {'articles':>8} {'expr. 1st/2nd':>13}  {'(relaxed / strict / value / type F1)':>38}")
    for name, (first_path, articles_path) in SETS.items():
        ids = [row["id"] for row in rows if row["set"] == name]
        if not ids:
            continue
        if not articles_path.exists():
            sys.exit(f"{articles_path} is missing: write it with benchmarks/timex_dev_articles.py")
        with tempfile.TemporaryDirectory() as tmp:
            second_path = Path(tmp) / "second.jsonl"
            second_path.write_text(
                "".join(json.dumps(row) + "\n" for row in rows if row["set"] == name), encoding="utf-8"
            )
            second = {doc.name: doc for doc in read_standoff(second_path, articles_path)}
        first = [doc for doc in read_standoff(first_path, articles_path) if doc.name in second]
        second_docs = [second[doc.name] for doc in first]
        parsed = cached_parses(first, f"timex-agreement-{name}", nlp)
        tagged, _, _ = tag_corpus(first, parsed)
        scores = {
            "second vs first": score_against(first, [as_predictions(d) for d in second_docs]),
            "tagger vs first": score_against(first, tagged),
            "tagger vs second": score_against(second_docs, tagged),
        }
        counts = f"{sum(len(d.timexes) for d in first)}/{sum(len(d.timexes) for d in second_docs)}"
        for label, score in scores.items():
            totals[label].add(score)
            print(f"{name:<14} {len(first):>8} {counts:>13}  {label:<17} {figures(score)}")
            by_set.setdefault(name, {"articles": len(first), "expressions_first_second": counts})[label] = (
                score.as_dict()
            )
    for label, score in totals.items():
        print(f"{'all':<14} {'':>8} {'':>13}  {label:<17} {figures(score)}")
    if args.json_out:
        by_set["all"] = {label: score.as_dict() for label, score in totals.items()}
        write_results(args.json_out, by_set)
    return 0


if __name__ == "__main__":
    sys.exit(main())
