"""Train the timeline composer's sentence ranker on Timeline17, leave-one-topic-out, and ship one model.

Every keyword sentence the composer could show on a gold date (every member of every same-happening
group, ``compose.timeline.sentence_features``) is an example, labelled by its ROUGE-1 and ROUGE-2 F
against that date's gold summary (``storyline.evaluate.rouge``, the scorer's own tokens and stems).
A linear model (scikit-learn, on standardised features, weights given back in raw units) is trained nine
times, each time without one topic, and judged on that topic by a quick proxy: for every gold date, the
groups it would pick (``rank_groups`` plus the composer's redundancy rule, the protocol's sentences per
date) and the ROUGE F of those sentences together against the gold summary, beside the hand formula's
pick.  The nine held-out models go to ``.bench/sentence_ranker_loto.json`` for ``benchmarks/dev/tls_dev.py
--sentence-ranker loto`` (the real check); with ``--write``, a model trained on all topics goes to
``src/storyline/compose/sentence_ranker.json`` (what ``storyline build`` uses), with the nine held-out
models beside it under ``held_out`` (what ``storyline evaluate tls`` scores each topic with).

Usage::

    python benchmarks/dev/train_sentence_ranker.py --db .bench/tls/t17-cold.db --annotation-version 5 \\
        [--model ridge|logistic|pairwise] [--target r1|r2|mix] [--alpha 1.0] [--centre] [--write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import pickle
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tls_dev import CACHE, load_inputs  # noqa: E402

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.compose import timeline as composer  # noqa: E402
from storyline.evaluate.rouge import RougeCounter  # noqa: E402
from storyline.evaluate.tls import in_span, protocol_settings  # noqa: E402

FEATURES = composer.SENTENCE_FEATURES


def _f(counts: dict[str, int], n: int) -> float:
    h, p, m = counts[f"rouge_{n}_h_count"], counts[f"rouge_{n}_p_count"], counts[f"rouge_{n}_m_count"]
    return 0.0 if h == 0 else 2 * h / (p + m)


def examples(inputs, counter: RougeCounter, with_picked: bool = True) -> list[dict]:  # type: ignore[no-untyped-def]
    """One record per (timeline, date): its groups, each member's features and ROUGE labels.

    The dates are the gold dates and (``with_picked``) those the composer's date ranking picks; a picked date
    off the gold is labelled against the nearest gold date's summary, discounted as the metric does (1/(days+1)).
    """
    out = []
    for topic, articles, dup in inputs:
        for j, gold in enumerate(topic.timelines):
            members = in_span(articles, gold)
            settings = protocol_settings(gold, topic.keywords)
            candidates = composer.story_candidates(members, dup)
            story = composer.StoryCandidates.of(candidates, settings.keywords)
            shown = composer.shown_groups(candidates, settings.keywords)
            published = [a.article.published for a in members if a.article.published]
            span = (min(published), max(published))
            qualified = [
                d
                for d in composer.rank_dates(candidates, span)
                if len(d) == 10 and any(not c.pool for c in shown.get(d, ()))
            ]
            picked = qualified[: len(gold)] if with_picked else []
            golds = sorted(gold)
            for date in sorted(set(picked) | {d.isoformat() for d in gold} & set(qualified)):
                day = dt.date.fromisoformat(date)
                nearest = min(golds, key=lambda g: (abs((g - day).days), g))
                weight = 1.0 / (abs((nearest - day).days) + 1)  # the metric's discount for a date off the gold one
                reference = {"0": [s.split() for s in gold[nearest]]}
                context = story.context(date)
                groups = []
                for group in composer._merge(shown[date]):
                    support = composer._support(group)
                    rows = []
                    for m in group.members:
                        counts = counter.score_summary([m.ref.sentence.split()], reference)
                        rows.append(
                            (
                                composer.sentence_features(m, support, context),
                                weight * _f(counts, 1),
                                weight * _f(counts, 2),
                                m.ref.sentence,
                                m.words,
                            )
                        )
                    groups.append(rows)
                out.append(
                    {
                        "topic": topic.name,
                        "timeline": f"{topic.name}/{j}",
                        "date": date,
                        "weight": weight,
                        "gold": day in gold,
                        "per_date": settings.sentences_per_date,
                        "reference": reference,
                        "groups": groups,
                    }
                )
    return out


def matrix(records: list[dict], target: str, centre: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Features, targets, date index and timeline weight (every date of a timeline shares 1/len) of every example."""
    xs, ys, ids, ws = [], [], [], []
    dates_per_timeline: dict[str, int] = {}
    for r in records:
        dates_per_timeline[r["timeline"]] = dates_per_timeline.get(r["timeline"], 0) + 1
    for i, r in enumerate(records):
        rows = [row for group in r["groups"] for row in group]
        x = np.array([[row[0][f] for f in FEATURES] for row in rows])
        r1 = np.array([row[1] for row in rows])
        r2 = np.array([row[2] for row in rows])
        y = {"r1": r1, "r2": r2, "mix": r1 + 2 * r2}[target]
        if centre:
            y = y - y.mean()
        xs.append(x)
        ys.append(y)
        ids.append(np.full(len(rows), i))
        ws.append(np.full(len(rows), 1.0 / (len(rows) * dates_per_timeline[r["timeline"]])))
    return np.vstack(xs), np.concatenate(ys), np.concatenate(ids), np.concatenate(ws)


def fit(
    records: list[dict], model: str, target: str, alpha: float, centre: bool, features: tuple[str, ...] = FEATURES
) -> dict:
    """A linear model in raw feature units over ``features`` (the others weigh 0): {"bias", "weights"}."""
    from sklearn.linear_model import LogisticRegression, Ridge

    x, y, ids, w = matrix(records, target, centre)
    unused = [i for i, f in enumerate(FEATURES) if f not in features]
    x[:, unused] = 0.0
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    z = (x - mean) / std
    w = w / w.mean()
    if model == "ridge":
        reg = Ridge(alpha=alpha).fit(z, y, sample_weight=w)
        beta, b = reg.coef_, float(reg.intercept_)
    elif model == "logistic":  # label: the best sentence of its date (and those within 90 % of it)
        best = np.zeros(len(y))
        for i in np.unique(ids):
            mask = ids == i
            best[mask] = y[mask] >= 0.9 * y[mask].max() if y[mask].max() > 0 else 0
        clf = LogisticRegression(C=1.0 / alpha, max_iter=2000).fit(z, best, sample_weight=w)
        beta, b = clf.coef_[0], float(clf.intercept_[0])
    elif model == "top":  # within a date: each of the best sentences against the others the hand formula rates high
        h = np.array([hand(dict(zip(FEATURES, row, strict=True))) for row in x])
        dx, dy, dw = [], [], []
        for i in np.unique(ids):
            idx = np.flatnonzero(ids == i)
            if len(idx) < 2:
                continue
            good = idx[np.argsort(-y[idx])[:5]]
            rivals = idx[np.argsort(-h[idx])[:30]]
            a = np.repeat(good, len(rivals))
            c = np.tile(rivals, len(good))
            keep = y[a] > y[c] + 0.02
            a, c = a[keep], c[keep]
            if not len(a):
                continue
            d = z[a] - z[c]
            dx += [d, -d]
            dy += [np.ones(len(a)), np.zeros(len(a))]
            dw += [np.full(len(a), w[idx[0]] * len(idx) / len(a))] * 2
        clf = LogisticRegression(C=1.0 / alpha, fit_intercept=False, max_iter=2000).fit(
            np.vstack(dx), np.concatenate(dy), sample_weight=np.concatenate(dw)
        )
        beta, b = clf.coef_[0], 0.0
    else:  # pairwise: within a date, better minus worse (by a margin), logistic without intercept
        rng = np.random.default_rng(0)
        dx, dy, dw = [], [], []
        for i in np.unique(ids):
            idx = np.flatnonzero(ids == i)
            if len(idx) < 2:
                continue
            a, c = rng.choice(idx, 200), rng.choice(idx, 200)
            keep = np.abs(y[a] - y[c]) > 0.02
            a, c = a[keep], c[keep]
            d = z[a] - z[c]
            dx += [d, -d]
            dy += [(y[a] > y[c]).astype(float), (y[a] <= y[c]).astype(float)]
            dw += [np.full(len(a), w[idx[0]] * len(idx) / max(len(a), 1))] * 2
        clf = LogisticRegression(C=1.0 / alpha, fit_intercept=False, max_iter=2000).fit(
            np.vstack(dx), np.concatenate(dy), sample_weight=np.concatenate(dw)
        )
        beta, b = clf.coef_[0], 0.0
    raw = beta / std
    return {"bias": b - float(raw @ mean), "weights": dict(zip(FEATURES, map(float, raw), strict=True))}


def pick(record: dict, score) -> list[str]:  # type: ignore[no-untyped-def]
    """The sentences the composer would show for this date when ``score`` rates a member's features."""
    ranked = []
    for group in record["groups"]:
        values = [score(row[0]) for row in group]
        order = sorted(range(len(group)), key=lambda i: -values[i])
        ranked.append((values[order[0]], [group[i] for i in order]))
    ranked.sort(key=lambda item: -item[0])
    chosen: list = []
    for _, rows in ranked:
        if len(chosen) >= record["per_date"]:
            break
        # the group's best member not redundant with those chosen (compose_timeline's rule within a date)
        redundant = composer.DEFAULTS.redundant
        row = next((r for r in rows if all(composer.jaccard(r[4], c[4]) < redundant for c in chosen)), None)
        if row is not None:
            chosen.append(row)
    return [row[3] for row in chosen]


def proxy(records: list[dict], score, counter: RougeCounter) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Mean over timelines of the mean over dates of ROUGE-1 / ROUGE-2 F of the picked sentences."""
    per_timeline: dict[str, list[tuple[float, float]]] = {}
    for r in records:
        counts = counter.score_summary([s.split() for s in pick(r, score)], r["reference"])
        per_timeline.setdefault(r["timeline"], []).append((r["weight"] * _f(counts, 1), r["weight"] * _f(counts, 2)))
    values = np.array([np.mean(v, axis=0) for v in per_timeline.values()])
    return float(values[:, 0].mean()), float(values[:, 1].mean())


def hand(features: dict[str, float]) -> float:
    """The hand formula rank_groups uses without a model (relevance of the member; support breaks group order)."""
    return features["relevance"] + composer.DEFAULTS.support_weight * features["support"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=CACHE / "tls" / "t17.db")
    parser.add_argument("--annotation-version", default=ANNOTATION_VERSION)
    parser.add_argument("--model", choices=("ridge", "logistic", "pairwise", "top"), default="ridge")
    parser.add_argument("--target", choices=("r1", "r2", "mix"), default="mix")
    parser.add_argument("--alpha", type=float, default=1.0, help="L2 strength (Ridge alpha, 1/C for logistic)")
    parser.add_argument("--features", nargs="*", default=list(FEATURES), help="the features the model may use")
    parser.add_argument("--centre", action="store_true", help="targets minus their date's mean")
    parser.add_argument("--rebuild", action="store_true", help="recompute the cached examples")
    parser.add_argument("--write", action="store_true", help="install the all-topics model in the package")
    args = parser.parse_args()
    counter = RougeCounter()
    cache = CACHE / f"sentence_examples_{args.db.stem}_v{args.annotation_version}.pkl"
    if cache.exists() and not args.rebuild:
        records = pickle.loads(cache.read_bytes())
    else:
        records = examples(load_inputs(None, "store", args.db, args.annotation_version), counter)
        cache.write_bytes(pickle.dumps(records))
    if not records or set(records[0]["groups"][0][0][0]) != set(FEATURES):
        sys.exit(f"{cache} is stale (features changed): pass --rebuild")
    topics = sorted({r["topic"] for r in records})
    print(
        f"{len(records)} dates, {sum(len(r['groups']) for r in records)} groups, "
        f"{sum(len(group) for r in records for group in r['groups'])} sentences"
    )
    held_out = {}
    learned, base = [], []
    print(f"{'topic':<8} {'model R1':>9} {'model R2':>9} {'hand R1':>9} {'hand R2':>9}")
    for topic in topics:
        model = fit(
            [r for r in records if r["topic"] != topic],
            args.model,
            args.target,
            args.alpha,
            args.centre,
            tuple(args.features),
        )
        held_out[topic] = model
        ranker = composer.SentenceRanker.from_json(model)
        mine = [r for r in records if r["topic"] == topic]
        learned.append(proxy(mine, ranker.score, counter))
        base.append(proxy(mine, hand, counter))
        print(f"{topic:<8} {learned[-1][0]:>9.4f} {learned[-1][1]:>9.4f} {base[-1][0]:>9.4f} {base[-1][1]:>9.4f}")
    print(
        f"{'mean':<8} {np.mean([v[0] for v in learned]):>9.4f} {np.mean([v[1] for v in learned]):>9.4f} "
        f"{np.mean([v[0] for v in base]):>9.4f} {np.mean([v[1] for v in base]):>9.4f}  (per topic, held out)"
    )
    (CACHE / "sentence_ranker_loto.json").write_text(json.dumps(held_out, indent=1))
    full = fit(records, args.model, args.target, args.alpha, args.centre, tuple(args.features))
    full["about"] = (
        f"Linear sentence score over compose.timeline.SENTENCE_FEATURES ({args.model}, "
        f"target {args.target}, features {' '.join(args.features)}, alpha {args.alpha}, "
        f"centre {args.centre}), trained by benchmarks/dev/train_sentence_ranker.py on the "
        f"keyword sentences of the gold dates and of the dates the composer picks, in all "
        f"{len({r['timeline'] for r in records})} Timeline17 timelines ({len(topics)} topics; annotations "
        f"{args.db.name} version {args.annotation_version}); label: ROUGE F against the gold summary "
        f"of the "
        f"date (or of the nearest gold date, times 1/(days+1)). Leave-one-topic-out: "
        "benchmarks/dev/tls_dev.py --sentence-ranker loto."
    )
    print(json.dumps(full, indent=1))
    if args.write:
        # the held-out twins ship too: `storyline evaluate tls` scores each topic with the one that never saw it
        full["held_out"] = held_out
        composer.SENTENCE_RANKER_PATH.write_text(json.dumps(full, indent=1) + "\n")
        print(f"wrote {composer.SENTENCE_RANKER_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
