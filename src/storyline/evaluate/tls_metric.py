"""Timeline scores of the news-tls protocol: alignment ROUGE (tilse's ``align_date_content_costs_many_to_one``)
and date F1.

The alignment follows Martschat & Markert (2017) as tilse implements it: every predicted date is
mapped to the reference date of lowest cost (date distance times one minus an approximate ROUGE-1
F1 of the two summaries), every reference date to the predicted date of lowest cost; the ROUGE hits
of a mapped pair are weighted by 1 / (1 + days between them).  Precision and recall are then
averaged over timelines and F is taken of the averages, as news-tls does.
"""

from __future__ import annotations

import datetime as dt
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from storyline.evaluate.rouge import RougeCounter

#: A timeline for scoring: date → sentences (tokens separated by spaces).
DatedSummaries = dict[dt.date, list[str]]

_PUNCT = set(string.punctuation)


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float

    @staticmethod
    def of(precision: float, recall: float) -> PRF:
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
        return PRF(precision, recall, f1)


@dataclass(frozen=True)
class TimelineScores:
    rouge_1: PRF
    rouge_2: PRF
    dates: PRF


def _word_counts(summary: list[str]) -> Counter[str]:
    return Counter(k for sent in summary for k in sent.split() if k not in _PUNCT)


def _approx_rouge1_f(match: int, pred_words: int, ref_words: int) -> float:
    """tilse's fast ROUGE-1 F1 approximation used only to build alignment costs (one reference), from the
    number of shared words (clipped counts) and the two summaries' word counts."""
    precision = 0 if pred_words == 0 else match / pred_words
    recall = 0 if ref_words == 0 else match / ref_words
    return 0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def _costs(
    pred_dates: list[dt.date], ref_dates: list[dt.date], pred: DatedSummaries, ref: DatedSummaries
) -> np.ndarray:
    """Alignment costs, a row per predicted date and a column per reference date: date distance factor
    times one minus the approximate ROUGE-1 F1.  Both factors are symmetric, so the reference side
    reads the transpose, as tilse's second matrix holds the same numbers.  Word counts are taken once
    per date and compared as arrays, not once per pair of dates."""
    pred_counts = [_word_counts(pred[d]) for d in pred_dates]
    ref_counts = [_word_counts(ref[d]) for d in ref_dates]
    vocabulary: dict[str, int] = {}
    for counts in pred_counts + ref_counts:
        for word in counts:
            vocabulary.setdefault(word, len(vocabulary))

    def as_matrix(rows: list[Counter[str]]) -> np.ndarray:
        matrix = np.zeros((len(rows), len(vocabulary)), dtype=np.int64)
        for i, counts in enumerate(rows):
            matrix[i, [vocabulary[w] for w in counts]] = list(counts.values())
        return matrix

    pred_matrix, ref_matrix = as_matrix(pred_counts), as_matrix(ref_counts)
    pred_sizes, ref_sizes = pred_matrix.sum(axis=1).tolist(), ref_matrix.sum(axis=1).tolist()
    out = np.empty((len(pred_dates), len(ref_dates)))
    for i, p in enumerate(pred_dates):
        matches = np.minimum(pred_matrix[i], ref_matrix).sum(axis=1).tolist()
        for j, g in enumerate(ref_dates):
            date_factor = 1 - 1 / (abs(p.toordinal() - g.toordinal()) + 1)
            out[i, j] = date_factor * (1 - _approx_rouge1_f(matches[j], pred_sizes[i], ref_sizes[j]))
    return out


def _split(summary: list[str]) -> list[list[str]]:
    return [s.strip().split() for s in summary]


def align_rouge(pred: DatedSummaries, ref: DatedSummaries, counter: RougeCounter) -> tuple[PRF, PRF]:
    """ROUGE-1 and ROUGE-2 precision / recall / F1 of one predicted timeline against one reference."""
    pred_dates = sorted(pred)
    ref_dates = sorted(ref)
    if not pred_dates or not ref_dates:
        return PRF(0.0, 0.0, 0.0), PRF(0.0, 0.0, 0.0)
    costs = _costs(pred_dates, ref_dates, pred, ref)
    prec_cols = costs.argmin(axis=1)
    rec_cols = costs.T.argmin(axis=1)
    num = {1: {"p": 0.0, "r": 0.0}, 2: {"p": 0.0, "r": 0.0}}
    den = {1: {"p": 0, "r": 0}, 2: {"p": 0, "r": 0}}
    cache: dict[tuple[dt.date, dt.date], dict[str, int]] = {}

    def counts(p: dt.date, g: dt.date) -> dict[str, int]:
        if (p, g) not in cache:
            cache[(p, g)] = counter.score_summary(_split(pred[p]), {"0": _split(ref[g])})
        return cache[(p, g)]

    def accumulate(rows: list[dt.date], cols: list[dt.date], best, side: str, den_key: str, rows_are_pred: bool):
        """Add each row date's ROUGE counts against its aligned column date, weighted by their distance."""
        for i, j in enumerate(best):
            p, g = (rows[i], cols[j]) if rows_are_pred else (cols[j], rows[i])
            weight = 1 / (abs(p.toordinal() - g.toordinal()) + 1)
            c = counts(p, g)
            for n in (1, 2):
                num[n][side] += weight * c[f"rouge_{n}_h_count"]
                den[n][side] += c[f"rouge_{n}_{den_key}_count"]

    accumulate(pred_dates, ref_dates, prec_cols, "p", "p", rows_are_pred=True)
    accumulate(ref_dates, pred_dates, rec_cols, "r", "m", rows_are_pred=False)
    result = []
    for n in (1, 2):
        precision = 0.0 if den[n]["p"] == 0 else num[n]["p"] / den[n]["p"]
        recall = 0.0 if den[n]["r"] == 0 else num[n]["r"] / den[n]["r"]
        result.append(PRF.of(precision, recall))
    return result[0], result[1]


def date_prf(pred: DatedSummaries, ref: DatedSummaries) -> PRF:
    pred_dates, ref_dates = set(pred), set(ref)
    if not pred_dates or not ref_dates:
        return PRF(0.0, 0.0, 0.0)
    shared = len(pred_dates & ref_dates)
    return PRF.of(shared / len(pred_dates), shared / len(ref_dates))


def score_timeline(pred: DatedSummaries, ref: DatedSummaries, counter: RougeCounter) -> TimelineScores:
    r1, r2 = align_rouge(pred, ref, counter)
    return TimelineScores(r1, r2, date_prf(pred, ref))


def average(scores: Sequence[TimelineScores]) -> TimelineScores:
    """news-tls averaging: mean precision and mean recall over timelines, then F of the means."""
    if not scores:
        return TimelineScores(PRF(0, 0, 0), PRF(0, 0, 0), PRF(0, 0, 0))

    def avg(get) -> PRF:  # type: ignore[no-untyped-def]
        return PRF.of(
            sum(get(s).precision for s in scores) / len(scores), sum(get(s).recall for s in scores) / len(scores)
        )

    return TimelineScores(avg(lambda s: s.rouge_1), avg(lambda s: s.rouge_2), avg(lambda s: s.dates))


def tilse_scores(pred: DatedSummaries, ref: DatedSummaries) -> tuple[PRF, PRF]:
    """The same two ROUGE figures computed by tilse itself (ROUGE-1.5.5 Perl); slow, for verification."""
    from tilse.data.timelines import GroundTruth, Timeline  # bench extra
    from tilse.evaluation import rouge

    evaluator = rouge.TimelineRougeEvaluator(measures=["rouge_1", "rouge_2"])
    out = evaluator.evaluate_align_date_content_costs_many_to_one(Timeline(pred), GroundTruth([Timeline(ref)]))
    return (
        PRF(out["rouge_1"]["precision"], out["rouge_1"]["recall"], out["rouge_1"]["f_score"]),
        PRF(out["rouge_2"]["precision"], out["rouge_2"]["recall"], out["rouge_2"]["f_score"]),
    )
