"""Quote detection and speaker attribution scored on PolNeAR.

Protocol (written down here because PolNeAR has no official quote task):

- Gold: the attributions whose content span contains a quotation mark.  "Direct" ones are
  those where at least half of the content's word tokens lie between quotation marks;
  the rest are mixed or indirect reports with a short quoted phrase in them.
- Prediction: storyline's quotes; consecutive quotes of one paragraph with the same
  speaker are one attribution (PolNeAR annotates "“A,” she said. “B”" as one content).
- Tokens are ``\\w+`` runs.  A prediction matches a gold content when they share at least
  half of the larger one's tokens (``|P∩G| / max(|P|, |G|) ≥ 0.5``), one to one, best
  overlap first; "exact" needs the same token set.  Predictions that match a gold content
  outside the scored subset, or lie mostly inside one (a partial quote within an indirect
  report), are left out of that subset's precision rather than counted wrong.
- Speaker accuracy, over matched direct quotes whose gold has a source: correct when the
  predicted speaker words (or the name they resolve to) overlap the gold source span, or
  the predicted name's last word is a word of the gold source ("Okonjo" for "Marta Okonjo").
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from storyline.annotate.nlp import parse, sentences_of
from storyline.annotate.quotes import find_quotes
from storyline.evaluate.polnear import Attribution, PolnearDoc, read_split
from storyline.model import Article, Quote
from storyline.resources import Resources

TOKEN = re.compile(r"\w+")
QUOTED = re.compile(r"[\"“”«»][^\"“”«»]*[\"“”«»]")
MARK = re.compile(r"[\"“”«»]")

ANCHORS = (
    ("Gender Gap Tracker (own data, quote overlap ≥ 0.3)", "speaker accuracy 86–87 %, quote F1 83.7"),
    ("citron, BBC R&D (PARC 3.0)", "source exact F1 82.0, content overlap F1 83.3"),
)


def _token_ids(text: str, fragments: list[tuple[int, int]], starts: list[int]) -> frozenset[int]:
    import bisect

    ids: set[int] = set()
    for s, e in fragments:
        lo = bisect.bisect_left(starts, s)
        hi = bisect.bisect_left(starts, e)
        ids.update(range(lo, hi))
    return frozenset(ids)


@dataclass
class _Gold:
    tokens: frozenset[int]
    source: list[tuple[int, int]]
    source_text: str
    direct: bool


@dataclass
class _Pred:
    tokens: frozenset[int]
    spans: list[tuple[int, int]] = field(default_factory=list)
    name: str | None = None


def _is_direct(text: str, attribution: Attribution) -> bool:
    content_tokens = quoted_tokens = 0
    for s, e in attribution.content:
        frag = text[s:e]
        content_tokens += len(TOKEN.findall(frag))
        quoted_tokens += sum(len(TOKEN.findall(m.group())) for m in QUOTED.finditer(frag))
        # a fragment that opens a quote and runs to its end (no closing mark inside)
        marks = MARK.findall(frag)
        if len(marks) % 2 == 1 and MARK.match(frag.lstrip()):
            quoted_tokens += len(TOKEN.findall(frag[frag.rfind(marks[-1]) + 1 :]))
    return content_tokens > 0 and quoted_tokens / content_tokens >= 0.5


def _group_predictions(quotes: list[Quote], text: str) -> list[list[Quote]]:
    """Consecutive quotes of one paragraph with the same speaker form one attribution."""
    groups: list[list[Quote]] = []
    for q in quotes:
        if groups:
            last = groups[-1][-1]
            same_speaker = (q.source_start, q.speaker_name) == (
                last.source_start,
                last.speaker_name,
            ) and q.source_start is not None
            same_paragraph = "\n" not in text[last.end : q.start]
            if same_speaker and same_paragraph:
                groups[-1].append(q)
                continue
        groups.append([q])
    return groups


def _overlap(a: frozenset[int], b: frozenset[int]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / max(len(a), len(b))


@dataclass
class Counts:
    gold: int = 0
    pred: int = 0
    matched: int = 0
    exact_gold: int = 0
    exact_pred: int = 0
    exact: int = 0
    speaker_total: int = 0
    speaker_correct: int = 0

    def prf(self, exact: bool = False) -> tuple[float, float, float]:
        tp = self.exact if exact else self.matched
        pred = self.exact_pred if exact else self.pred
        p = tp / pred if pred else 0.0
        r = tp / self.gold if self.gold else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return 100 * p, 100 * r, 100 * f


def _spans_overlap(a: tuple[int, int] | None, fragments: list[tuple[int, int]]) -> bool:
    if a is None or a[0] is None:
        return False
    return any(a[0] < e and s < a[1] for s, e in fragments)


def score_document(doc: PolnearDoc, quotes: list[Quote], counts: dict[str, Counts]) -> None:
    text = doc.text
    starts = [m.start() for m in TOKEN.finditer(text)]
    golds = []
    for att in doc.attributions:
        if not any(MARK.search(text[s:e]) for s, e in att.content):
            continue
        golds.append(
            _Gold(
                tokens=_token_ids(text, att.content, starts),
                source=att.source,
                source_text=" ".join(text[s:e] for s, e in att.source),
                direct=_is_direct(text, att),
            )
        )
    preds = []
    for group in _group_predictions(quotes, text):
        spans = [s for q in group for s in ((q.source_start, q.source_end), (q.speaker_start, q.speaker_end))]
        preds.append(
            _Pred(
                tokens=_token_ids(text, [(q.start, q.end) for q in group], starts),
                spans=[(start, end) for start, end in spans if start is not None and end is not None],
                name=group[0].speaker_name,
            )
        )
    for subset, keep in (("all", lambda g: True), ("direct", lambda g: g.direct)):
        c = counts.setdefault(subset, Counts())
        scored = [g for g in golds if keep(g)]
        c.gold += len(scored)
        pairs = sorted(
            ((_overlap(p.tokens, g.tokens), pi, gi) for pi, p in enumerate(preds) for gi, g in enumerate(golds)),
            reverse=True,
        )
        used_p: set[int] = set()
        used_g: set[int] = set()
        outside: set[int] = set()  # predictions matching gold outside this subset
        for ov, pi, gi in pairs:
            if ov < 0.5:
                break
            if pi in used_p or gi in used_g:
                continue
            used_p.add(pi)
            used_g.add(gi)
            gold, pred = golds[gi], preds[pi]
            if not keep(gold):
                outside.add(pi)
                continue
            c.matched += 1
            if pred.tokens == gold.tokens:
                c.exact += 1
            if gold.source:
                c.speaker_total += 1
                if _speaker_correct(pred, gold):
                    c.speaker_correct += 1
        for pi, pred in enumerate(preds):
            if pi not in used_p and any(
                not keep(g) and len(pred.tokens & g.tokens) >= 0.5 * max(1, len(pred.tokens)) for g in golds
            ):
                outside.add(pi)  # a partial quote inside a mixed or indirect report
        c.pred += len(preds) - len(outside)
        c.exact_pred += len(preds) - len(outside)


def _speaker_correct(pred: _Pred, gold: _Gold) -> bool:
    if any(_spans_overlap(span, gold.source) for span in pred.spans):
        return True
    if pred.name:
        last = TOKEN.findall(pred.name.lower())
        gold_words = set(TOKEN.findall(gold.source_text.lower()))
        return bool(last) and last[-1] in gold_words
    return False


def evaluate(data: Path, split: str, resources: Resources) -> tuple[dict[str, Counts], int, float]:
    docs = read_split(data, split)
    articles = [Article(id=d.name, text=d.text) for d in docs]
    by_id = {d.name: d for d in docs}
    counts: dict[str, Counts] = {}
    started = time.perf_counter()
    quote_seconds = 0.0
    for article, spacy_doc in parse(articles, resources):
        t0 = time.perf_counter()
        quotes = find_quotes(spacy_doc, sentences_of(spacy_doc))
        quote_seconds += time.perf_counter() - t0
        score_document(by_id[article.id], quotes, counts)
    del started
    return counts, len(docs), quote_seconds


def run(data: Path, split: str, as_json: bool, resources: Resources) -> int:
    """Print quote detection and speaker accuracy on a PolNeAR split; returns the exit code."""
    counts, n_docs, seconds = evaluate(Path(data), split, resources)
    d, a = counts.get("direct", Counts()), counts.get("all", Counts())
    speaker = 100 * d.speaker_correct / d.speaker_total if d.speaker_total else 0.0
    p, r, f = d.prf()
    pe, re_, fe = d.prf(exact=True)
    ap, ar, af = a.prf()
    all_speaker = round(100 * a.speaker_correct / a.speaker_total, 2) if a.speaker_total else 0.0
    result = {
        "split": split,
        "documents": n_docs,
        "speaker_accuracy": round(speaker, 2),
        "quote_f1_overlap": round(f, 2),
        "quote_f1_exact": round(fe, 2),
        "quote_precision_overlap": round(p, 2),
        "quote_recall_overlap": round(r, 2),
        "quote_precision_exact": round(pe, 2),
        "quote_recall_exact": round(re_, 2),
        "gold_direct": d.gold,
        "speaker_scored": d.speaker_total,
        "all_quote_mark_contents": {
            "gold": a.gold,
            "precision_overlap": round(ap, 2),
            "recall_overlap": round(ar, 2),
            "f1_overlap": round(af, 2),
            "f1_exact": round(a.prf(exact=True)[2], 2),
            "speaker_accuracy": all_speaker,
        },
        "quote_finder_ms_per_doc": round(1000 * seconds / max(1, n_docs), 2),
    }
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"PolNeAR {split}: {n_docs} articles, {d.gold} direct quotes (of {a.gold} contents with a quote mark)")
    print(
        f"  direct quotes   overlap≥0.5  P {p:5.1f}  R {r:5.1f}  F1 {f:5.1f}"
        f"   exact  P {pe:5.1f}  R {re_:5.1f}  F1 {fe:5.1f}"
    )
    print(f"  speaker accuracy (direct, {d.speaker_total} scored): {speaker:5.1f} %")
    print(
        f"  all contents with a quote mark: overlap P {ap:5.1f}  R {ar:5.1f}  F1 {af:5.1f};"
        f" speaker {all_speaker:5.1f} %"
    )
    print("Published anchors (other corpora, for orientation only, not comparable one to one):")
    for name, figures in ANCHORS:
        print(f"  {name}: {figures}")
    return 0
