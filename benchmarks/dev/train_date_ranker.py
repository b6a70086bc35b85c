"""A learned date ranker for the timeline composer, judged on Timeline17 leave-one-topic-out (an experiment).

Every day a timeline's articles point at (``date_features`` below) is an example, labelled by
whether the gold timeline lists it.  A logistic regression (L2, plain numpy) is trained nine times, each
time without one topic, and scored on that topic: the held-out date F1 of the top-k days (k = the
gold timeline's length; no keyword filter, so a little above what the composer reaches).  The nine
held-out models go to ``.bench/date_ranker_loto.json``.  None has beaten the composer's hand score
(``compose.timeline.date_scores``, printed last; the "named only" column is a simpler baseline), so the composer
ships no date model and this script only measures.

Usage::

    python benchmarks/dev/train_date_ranker.py [--annotations store|pickle] [--db PATH --annotation-version V] \
        [--l2 1.0]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.compose import timeline as composer  # noqa: E402
from storyline.evaluate.tls import in_span  # noqa: E402
from storyline.model import AnnotatedArticle  # noqa: E402

#: the features the ranker reads, in order (see date_features)
FEATURES = (
    "support",
    "named",
    "retrospective",
    "named_days",
    "named_sentences",
    "lead",
    "published",
    "published_next",
    "outside",
)


def date_features(
    candidates: list[composer.Candidate],
    articles: list[AnnotatedArticle],
    duplicate_of: dict[str, str],
    span: tuple[dt.date, dt.date] | None,
) -> dict[str, dict[str, float]]:
    """For every day the candidates point at: how the story points at it (log counts of distinct articles).

    support: date_scores (hand-weighted distinct articles); named: articles whose time expressions name the day;
    retrospective: of those, published later;
    named_days: distinct publication days among them; named_sentences: sentences naming it;
    lead: articles whose lead sentence takes the day as publication date; published / published_next:
    articles published that day / the day after; outside: the day lies outside the publication period.
    """
    named: dict[str, set[str]] = defaultdict(set)
    retro: dict[str, set[str]] = defaultdict(set)
    named_days: dict[str, set[dt.date]] = defaultdict(set)
    sentences: dict[str, int] = defaultdict(int)
    lead: dict[str, set[str]] = defaultdict(set)
    for c in candidates:
        if len(c.date) != 10 or c.pool:
            continue
        if c.ref.time_expression:
            named[c.date].add(c.canonical_id)
            sentences[c.date] += 1
            if c.published:
                named_days[c.date].add(c.published)
                if c.published.isoformat() > c.date:
                    retro[c.date].add(c.canonical_id)
        else:
            lead[c.date].add(c.canonical_id)
    published: dict[str, set[str]] = defaultdict(set)
    for a in articles:
        if a.article.published and a.article.published_source != "missing":
            published[a.article.published.isoformat()].add(duplicate_of.get(a.article.id, a.article.id))
    support = composer.date_scores(candidates, span)
    out = {}
    for date in set(named) | set(lead):
        day = dt.date.fromisoformat(date)
        nxt = (day + dt.timedelta(days=1)).isoformat()
        outside = bool(span) and not span[0] <= day <= span[1]  # type: ignore[index]
        out[date] = {
            "support": math.log1p(support.get(date, 0.0)),
            "named": math.log1p(len(named[date])),
            "retrospective": math.log1p(len(retro[date])),
            "named_days": math.log1p(len(named_days[date])),
            "named_sentences": math.log1p(sentences[date]),
            "lead": math.log1p(len(lead[date])),
            "published": math.log1p(len(published[date])),
            "published_next": math.log1p(len(published[nxt])),
            "outside": float(outside),
        }
    return out


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
            feats = date_features(candidates, members, dup, span)
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
    return {"bias": 0.0 if pairwise else bias, "weights": dict(zip(FEATURES, map(float, raw), strict=True))}


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
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db", help="annotation store (see tls_dev.py)")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    args = parser.parse_args()
    data = examples(load_inputs(None, args.annotations, args.db, args.annotation_version))
    topics = sorted({item[0] for item in data.values()})
    baseline = {"bias": 0.0, "weights": {f: float(f == "named") for f in FEATURES}}
    hand = {"bias": 0.0, "weights": {f: float(f == "support") for f in FEATURES}}  # support is log1p(date_scores)
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
    hand_f1 = np.mean([top_k_f1(hand, item) for item in data.values()])
    print(f"hand score (compose.timeline.date_scores, what the composer ranks by): {hand_f1:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
