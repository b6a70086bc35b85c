"""A learned extent proposer for TIMEX3s (token BIO tagger), judged cross-corpus against the rules.

Question: do the rules miss time expressions a simple learned tagger would find, and would
adding its proposals (those overlapping no rule match) raise relaxed F1 on a corpus it was not
trained on, without lowering value F1?

Usage::

    python benchmarks/dev/train_timex_tagger.py                      # the cross-corpus table
    python benchmarks/dev/train_timex_tagger.py --show 30            # … and the proposals it adds

Tagger: logistic regression (scikit-learn, one-vs-rest O / B / I) over binary token features
(lowercased word, shape, suffix, POS, time-lexicon membership, whether a rule match covers the
token, the same for the neighbours).  Each split trains on one side and scores on the other:
TimeBank → AQUAINT, AQUAINT → TimeBank, both → WikiWars test, Tweets test and te3-silver.
Proposals get a type and value only where that can be done safely (see ``proposal_norm``);
the rest are counted but would be added with type DATE and an unknowable value.
Never touches te3-platinum.  spaCy parses are cached by ``timex_missed.parsed_corpus``.

Result (on commit ca01334's rules; relaxed / value F1, rules → rules + proposals with a
safe value → rules + every proposal):

* with the rule-match features (default): TimeBank → AQUAINT 10 proposals, 2 on gold, none safe:
  94.44/77.40 → 94.44/77.40 → 93.65/76.76; AQUAINT → TimeBank 4 proposals: 94.75/82.91 →
  94.76/82.92 → 94.68/82.86; both → WikiWars test 92.57/77.50 → 92.92/77.90 → 92.62/77.65;
  Tweets test 85.58/66.67 → 85.58/66.67 → 85.65/66.35; te3-silver recall 95.05 → 95.13 → 95.35.
  The tagger learns to follow the rules; what it adds beside them is mostly wrong.
* ``--no-rule`` (words only): TimeBank → AQUAINT 87 proposals, 13 on gold: 94.82/76.92 (safe),
  89.87/72.27 (all); AQUAINT → TimeBank 96 proposals, 10 on gold: 94.51/82.66, 91.96/80.09.
* ``--balanced``: TimeBank → AQUAINT 94.48/76.76 (safe); AQUAINT → TimeBank 94.67/82.73 (safe).

No variant raises relaxed F1 on both held-out dev corpora without lowering value F1, so nothing
learned ships: the dev corpora's misses are few (TimeBank recall 95.9, AQUAINT 96.7) and the ones a
token tagger finds are vague nouns ("the weeks", "day") whose values it cannot give.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timex_missed import parsed_corpus  # noqa: E402

from storyline.annotate.temporal.lexicon import (  # noqa: E402
    DAY_WORDS,
    MONTHS,
    PARTS_OF_DAY,
    REFERENCES,
    UNIT_CODES,
    WEEKDAYS,
)
from storyline.evaluate.timex import Prediction, Score, score_document  # noqa: E402

SEASONS = {"spring", "summer", "autumn", "fall", "winter"}
LEXICON = (
    set(MONTHS)
    | set(WEEKDAYS)
    | set(PARTS_OF_DAY)
    | set(DAY_WORDS)
    | SEASONS
    | {w for r in REFERENCES for w in r.split()}
    | set(UNIT_CODES)
    | {u + "s" for u in UNIT_CODES}
    | {
        "centuries",
        "ago",
        "later",
        "earlier",
        "former",
        "future",
        "recent",
        "period",
        "time",
        "era",
        "times",
        "daily",
        "weekly",
        "monthly",
        "annual",
        "annually",
        "yearly",
        "hourly",
        "nightly",
        "season",
    }
)


def _shape(word: str) -> str:
    s = re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", re.sub(r"\d+", "0", word)))
    return s[:6]


def token_features(doc, rule_tags: list[str]) -> list[list[str]]:
    """Binary features for each token of a parsed doc; ``rule_tags`` is B/I/O from the rule matches."""
    words = [t.lower_ for t in doc]
    tags = [t.tag_ for t in doc]
    lex = ["1" if w.rstrip(".") in LEXICON else "0" for w in words]
    n = len(words)
    out = []
    for i, tok in enumerate(doc):
        w = words[i]
        f = [
            f"w={w}",
            f"sh={_shape(tok.text)}",
            f"suf={w[-3:]}",
            f"pos={tags[i]}",
            f"lex={lex[i]}",
            f"rule={rule_tags[i]}",
            "bias",
        ]
        for d in (-2, -1, 1, 2):
            j = i + d
            if 0 <= j < n:
                f += [f"w{d}={words[j]}", f"lex{d}={lex[j]}", f"rule{d}={rule_tags[j]}"]
                if abs(d) == 1:
                    f += [f"pos{d}={tags[j]}", f"sh{d}={_shape(doc[j].text)}"]
            else:
                f.append(f"w{d}=<pad>")
        f.append(f"lex|rule={lex[i]}{rule_tags[i]}")
        out.append(f)
    return out


def bio_of(doc, spans: list[tuple[int, int]]) -> list[str]:
    """B/I/O per token for character spans (a token belongs to a span it overlaps)."""
    tags = ["O"] * len(doc)
    for start, end in spans:
        first = True
        for tok in doc:
            if tok.idx < end and tok.idx + len(tok.text) > start:
                tags[tok.i] = "B" if first else "I"
                first = False
    return tags


def decode(labels: list[str]) -> list[tuple[int, int]]:
    """Token spans (start, end exclusive) from B/I/O labels; a stray I starts a span."""
    spans, start = [], None
    for i, lab in enumerate(labels + ["O"]):
        if lab == "B" or (lab == "I" and start is None):
            if start is not None:
                spans.append((start, i))
            start = i
        elif lab == "O" and start is not None:
            spans.append((start, i))
            start = None
    return spans


_NUM = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a": 1,
    "an": 1,
}


def proposal_norm(text: str) -> tuple[str, str] | None:
    """(type, value) where the words alone settle it; None otherwise."""
    low = " ".join(text.lower().split())
    m = re.fullmatch(
        r"(?:the |these |those |recent |coming |past |next |last |few |several )*"
        r"(second|minute|hour|day|week|month|year|decade|centurie|century)s",
        low,
    )
    if m:
        unit = {"centurie": "century"}.get(m.group(1), m.group(1))
        code = UNIT_CODES[unit]
        return "DURATION", ("PTX" if unit in ("second", "minute", "hour") else "PX") + code
    if low in ("former", "formerly", "previously", "once", "recent", "earlier"):
        return "DATE", "PAST_REF"
    if low in ("future", "upcoming", "coming"):
        return "DATE", "FUTURE_REF"
    return None


def rule_predictions(docs, parsed):
    from storyline.annotate.nlp import sentences_of
    from storyline.annotate.temporal import TemporalTagger

    tagger = TemporalTagger()
    out = []
    for doc, sdoc in zip(docs, parsed, strict=True):
        tx = tagger.tag(sdoc, doc.dct, sentences_of(sdoc))
        out.append([Prediction(t.start, t.end, t.type, t.value) for t in tx])
    return out


def corpus_rows(name: str, nlp):
    docs, parsed = parsed_corpus(name, nlp)
    preds = rule_predictions(docs, parsed)
    rows = []
    for doc, sdoc, pr in zip(docs, parsed, preds, strict=True):
        feats = token_features(sdoc, bio_of(sdoc, [(p.start, p.end) for p in pr]))
        gold = bio_of(sdoc, [(g.start, g.end) for g in doc.timexes])
        rows.append((doc, sdoc, pr, feats, gold))
    return rows


def train(rows, c: float, drop_rule: bool = False, balanced: bool = False):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    X = [dict.fromkeys(_keep(f, drop_rule), 1) for r in rows for f in r[3]]
    y = [lab for r in rows for lab in r[4]]
    vec = DictVectorizer()
    model = LogisticRegression(C=c, max_iter=2000, class_weight="balanced" if balanced else None)
    model.fit(vec.fit_transform(X), y)
    return vec, model


def _keep(feats: list[str], drop_rule: bool) -> list[str]:
    return [f for f in feats if not f.startswith(("rule", "lex|rule"))] if drop_rule else feats


def judge(rows, vec, model, show: int, label: str, drop_rule: bool = False) -> None:
    base, safe, all_added = Score(), Score(), Score()
    added_kinds: Counter[str] = Counter()
    examples = []
    for doc, sdoc, pr, feats, _gold in rows:
        features = [dict.fromkeys(_keep(f, drop_rule), 1) for f in feats]
        labels = list(model.predict(vec.transform(features))) if feats else []
        proposals_safe, proposals_all = [], []
        for a, b in decode(labels):
            start, end = sdoc[a].idx, sdoc[b - 1].idx + len(sdoc[b - 1].text)
            if any(p.start < end and start < p.end for p in pr):
                continue
            text = doc.text[start:end]
            norm = proposal_norm(text)
            hit = any(g.start < end and start < g.end for g in doc.timexes)
            added_kinds[f"{'hit' if hit else 'miss'} {'safe' if norm else 'unsafe'}"] += 1
            if len(examples) < show:
                gold_here = [g for g in doc.timexes if g.start < end and start < g.end]
                examples.append(f"{'+' if hit else '-'} {text!r} {norm} gold={[(g.text, g.value) for g in gold_here]}")
            proposals_all.append(Prediction(start, end, norm[0] if norm else "DATE", norm[1] if norm else "?"))
            if norm:
                proposals_safe.append(Prediction(start, end, *norm))
        base.add(score_document(doc, pr))
        safe.add(score_document(doc, pr + proposals_safe))
        all_added.add(score_document(doc, pr + proposals_all))
    f = lambda s: s.as_dict()  # noqa: E731
    print(f"{label}: proposals {dict(added_kinds)}")
    for name, s in (("rules", base), ("+safe", safe), ("+all", all_added)):
        d = f(s)
        print(
            f"    {name:6s} relaxed {d['relaxed_f1']:6.2f}  value {d['value_f1']:6.2f}  "
            f"P {d['relaxed_precision']:6.2f}  R {d['relaxed_recall']:6.2f}"
        )
    for e in examples:
        print("      ", e)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--c", type=float, default=1.0)
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--extra", action="store_true", help="also train on WikiWars + Tweets train")
    parser.add_argument("--no-rule", action="store_true", help="without the rule-match features")
    parser.add_argument("--balanced", action="store_true", help="class-balanced weights (more recall)")
    parser.add_argument("--dev-only", action="store_true", help="only the TimeBank / AQUAINT splits")
    args = parser.parse_args()
    from storyline.resources import Resources

    nlp = Resources().nlp
    tb, aq = corpus_rows("timebank", nlp), corpus_rows("aquaint", nlp)
    opts = dict(drop_rule=args.no_rule, balanced=args.balanced)
    v, m = train(tb, args.c, **opts)
    judge(aq, v, m, args.show, "TimeBank → AQUAINT", args.no_rule)
    v, m = train(aq, args.c, **opts)
    judge(tb, v, m, args.show, "AQUAINT → TimeBank", args.no_rule)
    if args.dev_only:
        return
    both = tb + aq
    if args.extra:
        both += corpus_rows("wikiwars/timeml-syntime/train", nlp) + corpus_rows("tweets-syntime/train", nlp)
    v, m = train(both, args.c, **opts)
    for name in ("wikiwars/timeml-syntime/test", "tweets-syntime/test", "te3-silver"):
        judge(corpus_rows(name, nlp), v, m, args.show, f"both → {name}", args.no_rule)


if __name__ == "__main__":
    main()
