"""Train the timeline composer's date ranker on Timeline17, leave-one-topic-out, and ship one model.

Every day a timeline's articles point at (``compose.timeline.date_features``) is an example, labelled by
whether the gold timeline lists it.  A logistic regression (L2, plain numpy) is trained nine times, each
time without one topic, and scored on that topic: the held-out date F1 of the top-k days (k = the
gold timeline's length; no keyword filter, so a little above what the composer reaches).  The nine
held-out models go to ``.bench/date_ranker_loto.json`` for ``benchmarks/tls_dev.py --ranker loto``;
with ``--write``, a model trained on all topics goes to ``src/storyline/compose/date_ranker.json``.

Usage::

    python benchmarks/train_date_ranker.py [--annotations store|pickle] [--l2 1.0] [--write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.compose import timeline as composer  # noqa: E402
from storyline.evaluate.tls import in_span  # noqa: E402

FEATURES = composer.DATE_FEATURES


def examples(inputs):  # type: ignore[no-untyped-def]
    """Per timeline key: (topic, dates, feature matrix, labels, gold size)."""
    out = {}
    for topic, articles, dup in inputs:
        for j, gold in enumerate(topic.timelines):
            members = in_span(articles, gold)
            candidates = []
            for a in members:
                candidates += composer.candidates_of(a, dup.get(a.article.id, a.article.id), members)
            published = [a.article.published for a in members if a.article.published]
            span = (min(published), max(published))
            feats = composer.date_features(candidates, members, dup, span)
            dates = sorted(feats)
            x = np.array([[feats[d][f] for f in FEATURES] for d in dates], dtype=float)
            y = np.array([dt.date.fromisoformat(d) in gold for d in dates], dtype=float)
            out[f"{topic.name}/{j}"] = (topic.name, dates, x, y, len(gold))
    return out


def train(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float, steps: int = 3000) -> tuple[float, np.ndarray]:
    """Weighted L2 logistic regression by gradient descent on standardised features; weights in raw units."""
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    beta, b = np.zeros(z.shape[1]), 0.0
    w = w / w.sum()
    lr = 0.5
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ beta + b)))
        g = p - y
        beta -= lr * (z.T @ (w * g) + l2 * beta / len(y))
        b -= lr * float(w @ g)
    raw = beta / std
    return b - float(raw @ mean), raw


def pairs(x: np.ndarray, y: np.ndarray, rng: np.random.Generator, most: int = 2000) -> tuple[np.ndarray, np.ndarray]:
    """Differences gold − other day (label 1) and other − gold (label 0) within one timeline."""
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    if not len(pos) or not len(neg):
        return np.zeros((0, x.shape[1])), np.zeros(0)
    i = rng.choice(pos, most)
    j = rng.choice(neg, most)
    d = x[i] - x[j]
    return np.vstack([d, -d]), np.concatenate([np.ones(most), np.zeros(most)])


def fit(data: dict, keys: list[str], l2: float, balance: bool, pairwise: bool = False) -> dict:
    xs, ys, ws = [], [], []
    rng = np.random.default_rng(0)
    for k in keys:
        _, _, x, y, _ = data[k]
        if pairwise:
            x, y = pairs(x, y, rng)
        xs.append(x)
        ys.append(y)
        ws.append(np.full(len(y), 1.0 / max(len(y), 1) if balance else 1.0))
    bias, raw = train(np.vstack(xs), np.concatenate(ys), np.concatenate(ws), l2)
    return {"bias": 0.0 if pairwise else bias, "weights": dict(zip(FEATURES, map(float, raw)))}


def top_k_f1(model: dict, item) -> float:  # type: ignore[no-untyped-def]
    _, dates, x, y, k = item
    scores = model["bias"] + x @ np.array([model["weights"][f] for f in FEATURES])
    order = sorted(range(len(dates)), key=lambda i: (-scores[i], dates[i]))[:k]
    hits = sum(y[i] for i in order)
    p, r = hits / max(len(order), 1), hits / k
    return 0.0 if hits == 0 else 2 * p * r / (p + r)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--annotations", choices=("store", "pickle"), default="store")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--balance", action="store_true", help="every timeline weighs the same")
    parser.add_argument("--pairwise", action="store_true", help="train on gold-vs-other day pairs of a timeline")
    parser.add_argument("--write", action="store_true", help="install the all-topics model in the package")
    args = parser.parse_args()
    data = examples(load_inputs(None, args.annotations))
    topics = sorted({item[0] for item in data.values()})
    baseline = {"bias": 0.0, "weights": {f: float(f == "named") for f in FEATURES}}
    held_out, f1s, base = {}, [], []
    print(f"{'timeline':<12} {'held-out F1':>11} {'named only':>10}")
    for topic in topics:
        model = fit(data, [k for k in data if data[k][0] != topic], args.l2, args.balance, args.pairwise)
        held_out[topic] = model
        for k in (k for k in data if data[k][0] == topic):
            f1s.append(top_k_f1(model, data[k]))
            base.append(top_k_f1(baseline, data[k]))
            print(f"{k:<12} {f1s[-1]:>11.3f} {base[-1]:>10.3f}")
    print(f"{'mean':<12} {np.mean(f1s):>11.3f} {np.mean(base):>10.3f}  ({len(f1s)} timelines, {len(topics)} topics)")
    (CACHE / "date_ranker_loto.json").write_text(json.dumps(held_out, indent=1))
    full = fit(data, list(data), args.l2, args.balance, args.pairwise)
    full["about"] = ("Logistic regression over compose.timeline.DATE_FEATURES, trained on all Timeline17 topics "
                     f"({len(data)} timelines) by benchmarks/train_date_ranker.py (l2={args.l2}, "
                     f"balance={args.balance}, pairwise={args.pairwise}, annotations={args.annotations}); leave-one-topic-out top-k "
                     f"date F1 {np.mean(f1s):.3f}.")
    print(json.dumps(full, indent=1))
    if args.write:
        composer.RANKER_PATH.write_text(json.dumps(full, indent=1) + "\n")
        print(f"wrote {composer.RANKER_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
