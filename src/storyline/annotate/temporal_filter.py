"""A learned yes/no for weak time-expression candidates ("now", "recently", "current", "daily" …).

The patterns find these words reliably, but only some uses are time expressions in TimeML's
sense: "is *now* far reaching" is one, "*Now*, he says" often is not; "*current* system" is not,
"the *current* quarter" is.  Rules ran out here, so a logistic regression over a handful of
binary features of the candidate (its words, its neighbours, POS, dependency, clause tense)
decides.  Weights are a small JSON file beside this module, trained on TimeBank + AQUAINT by
``benchmarks/train_timex_filter.py`` (reproducible; see its docstring); scoring is a dot product,
no scikit-learn at run time.

Status: trained and measured, not shipped.  On 229 candidates (142 gold) the grouped 5-fold
accuracy is 0.651 against 0.620 for keeping all, but trained on TimeBank it scores 0.45 on
AQUAINT (keeping all: 0.59) and the reverse 0.47 (0.63): the corpora annotate these words
differently ("now" 44/58 vs 13/24, "daily" 1/5 vs 10/12), so the weights do not transfer.
Without ``timex_filter.json`` nothing is filtered; ``--write`` installs one for experiments.  Features and weights are readable: ``python -m
storyline.annotate.temporal_filter`` prints the strongest ones.
"""

from __future__ import annotations

import json
import math
import pathlib
from dataclasses import dataclass

from spacy.tokens import Doc

#: rules whose matches go through the filter
WEAK_RULES = frozenset({"reference", "set_adverb"})
WEIGHTS_PATH = pathlib.Path(__file__).with_name("timex_filter.json")


def features(doc: Doc, text: str, start: int, end: int, rule: str, tense: str) -> list[str]:
    """Binary features of the candidate ``text[start:end]`` (names are ``kind=value``)."""
    words = text[start:end].lower().split()
    span = doc.char_span(start, end, alignment_mode="expand")
    out = [f"rule={rule}", f"w={' '.join(words)}", f"tense={tense}"]
    if span is None or not len(span):
        return out
    first, last, root = span[0], span[-1], span.root
    prev = doc[first.i - 1] if first.i > 0 else None
    nxt = doc[last.i + 1] if last.i + 1 < len(doc) else None
    prev_word = prev.lower_ if prev is not None else "<s>"
    next_word = nxt.lower_ if nxt is not None else "</s>"
    out += [
        f"prev={prev_word}", f"next={next_word}", f"pos={root.pos_}", f"tag={root.tag_}", f"dep={root.dep_}",
        f"head_pos={root.head.pos_}", f"w|dep={' '.join(words)}|{root.dep_}",
        f"w|next_pos={' '.join(words)}|{nxt.pos_ if nxt is not None else 'END'}",
        f"w|prev_pos={' '.join(words)}|{prev.pos_ if prev is not None else 'START'}",
    ]
    if first.is_sent_start:
        out.append("sent_start")
    if nxt is not None and nxt.text == ",":
        out.append("next_comma")
    if prev is not None and prev.is_punct:
        out.append("prev_punct")
    if root.head.lemma_ in ("be", "have"):
        out.append("head_be_have")
    return out


@dataclass(frozen=True)
class WeakFilter:
    """A logistic-regression decision over ``features``; ``keep`` when P(timex) ≥ threshold."""

    bias: float
    weights: dict[str, float]
    threshold: float = 0.5

    @classmethod
    def load(cls, path: pathlib.Path = WEIGHTS_PATH) -> "WeakFilter | None":
        """The trained filter, or None when no weights file is installed (then nothing is filtered)."""
        if not path.exists():
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(bias=float(data["bias"]), weights={k: float(v) for k, v in data["weights"].items()},
                   threshold=float(data.get("threshold", 0.5)))

    def probability(self, feats: list[str]) -> float:
        z = self.bias + sum(self.weights.get(f, 0.0) for f in feats)
        return 1.0 / (1.0 + math.exp(-z))

    def keep(self, feats: list[str]) -> bool:
        return self.probability(feats) >= self.threshold


if __name__ == "__main__":
    loaded = WeakFilter.load()
    if loaded is None:
        raise SystemExit(f"no weights at {WEIGHTS_PATH}; run benchmarks/train_timex_filter.py")
    ranked = sorted(loaded.weights.items(), key=lambda kv: kv[1])
    print(f"bias {loaded.bias:+.2f}, threshold {loaded.threshold:.2f}, {len(ranked)} features")
    for name, weight in ranked[:15] + [("…", 0.0)] + ranked[-15:]:
        print(f"{weight:+.2f}  {name}")
