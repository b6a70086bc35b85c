"""Train the weak-candidate filter of the temporal tagger (``annotate/timex_filter.json``).

Usage: python benchmarks/train_timex_filter.py [--data /work/shared/data/timex] [--write]

Candidates are the matches of the weak rules ("now", "recently", "current", "recent", "daily" …)
on TimeBank + AQUAINT (development corpora; te3-platinum is never read).  A candidate is positive
when it overlaps a gold TIMEX3.  An L2 logistic regression (scikit-learn, liblinear) over the
binary features of ``storyline.annotate.temporal_filter.features`` is trained; C is chosen by
5-fold cross-validation grouped by document, and the script prints, beside it, the accuracy of
keeping every candidate (what the tagger did before), plus a cross-corpus check (train on one
corpus, test on the other).  ``--write`` saves the bias and the non-zero weights (rounded) as JSON.
Deterministic: same data, same weights.
"""

from __future__ import annotations

import argparse
import json
import pathlib

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from storyline.annotate.nlp import prepared
from storyline.annotate.temporal import TemporalTagger
from storyline.annotate.temporal_filter import WEIGHTS_PATH
from storyline.evaluate.timeml import read_corpus
from storyline.resources import Resources


def candidates(folder: pathlib.Path, nlp) -> tuple[list[list[str]], list[int], list[str]]:
    docs = read_corpus(folder)
    tagger = TemporalTagger(weak_filter=None)
    feats, labels, groups = [], [], []
    for doc, parsed in zip(docs, prepared(nlp).pipe(d.text for d in docs)):
        for start, end, f in tagger.weak_candidates(parsed, doc.dct):
            feats.append(f)
            labels.append(int(any(g.start < end and start < g.end for g in doc.timexes)))
            groups.append(f"{folder.name}/{doc.name}")
    return feats, labels, groups


def fit(feats: list[list[str]], labels: list[int], c: float) -> tuple[DictVectorizer, LogisticRegression]:
    vec = DictVectorizer(sparse=False)
    x = vec.fit_transform([{f: 1 for f in fs} for fs in feats])
    model = LogisticRegression(C=c, solver="liblinear").fit(x, labels)
    return vec, model


def accuracy(vec: DictVectorizer, model: LogisticRegression, feats: list[list[str]], labels: list[int]) -> float:
    x = vec.transform([{f: 1 for f in fs} for fs in feats])
    return float(np.mean(model.predict(x) == np.array(labels)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=pathlib.Path, default=pathlib.Path("/work/shared/data/timex"))
    parser.add_argument("--write", action="store_true", help=f"save the weights to {WEIGHTS_PATH}")
    args = parser.parse_args()
    nlp = Resources().nlp
    per_corpus = {name: candidates(args.data / name, nlp) for name in ("timebank", "aquaint")}
    feats = per_corpus["timebank"][0] + per_corpus["aquaint"][0]
    labels = per_corpus["timebank"][1] + per_corpus["aquaint"][1]
    groups = per_corpus["timebank"][2] + per_corpus["aquaint"][2]
    y = np.array(labels)
    print(f"{len(labels)} weak candidates, {y.sum()} gold TIMEX3; keeping all = {y.mean():.3f} accuracy")

    best_c, best_acc = 1.0, -1.0
    for c in (0.03, 0.1, 0.3, 1.0, 3.0):
        accs = []
        for train, test in GroupKFold(n_splits=5).split(feats, labels, groups):
            vec, model = fit([feats[i] for i in train], [labels[i] for i in train], c)
            accs.append(accuracy(vec, model, [feats[i] for i in test], [labels[i] for i in test]) * len(test))
        acc = sum(accs) / len(labels)
        print(f"C={c:<5} grouped 5-fold accuracy {acc:.3f}")
        if acc > best_acc:
            best_c, best_acc = c, acc
    for train_name, test_name in (("timebank", "aquaint"), ("aquaint", "timebank")):
        vec, model = fit(per_corpus[train_name][0], per_corpus[train_name][1], best_c)
        test_y = np.array(per_corpus[test_name][1])
        print(f"train {train_name} → test {test_name}: {accuracy(vec, model, *per_corpus[test_name][:2]):.3f} "
              f"(keeping all {test_y.mean():.3f})")

    vec, model = fit(feats, labels, best_c)
    weights = {name: round(float(w), 4) for name, w in zip(vec.get_feature_names_out(), model.coef_[0])
               if abs(w) >= 1e-3}
    payload = {"trained_on": ["timebank", "aquaint"], "model": f"logistic regression, L2, C={best_c}",
               "candidates": len(labels), "cv_accuracy": round(best_acc, 4), "keep_all_accuracy": round(float(y.mean()), 4),
               "threshold": 0.5, "bias": round(float(model.intercept_[0]), 4), "weights": dict(sorted(weights.items()))}
    if args.write:
        WEIGHTS_PATH.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_PATH} ({len(weights)} weights)")


if __name__ == "__main__":
    main()
