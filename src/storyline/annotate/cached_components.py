"""Exact, cached stand-ins for the two rule components of spaCy's English pipeline.

After the neural components, en_core_web_sm spends about a fifth of its time in two rule components
that redo the same work for every occurrence of a word:

* the ``lemmatizer`` (rule mode) caches its result only for some words, although the lemma it gives
  depends on nothing but the token's text, part of speech and morphology, and looks words up in lists
  of up to 60,000 entries;
* the ``attribute_ruler`` runs a Matcher of some 180 patterns over every token, although nearly all
  of them look at one token only (its text, tag and dependency label).

``with_cached_components`` keeps both components and their rules as they are and only remembers
answers (and holds the lemmatizer's word lists as sets): the lemma per (text, POS, morphology), and
per (text, tag, dependency label) which one-token rules match, applied in the ruler's own rule order
together with the few multi-token rules, which still run through a Matcher.  Output is identical to
the stock pipeline's (``tests/test_nlp.py`` compares them); a ruler whose one-token rules look at
anything else is left untouched.  On Timeline17 articles the two components take 7.3 s instead of
27.2 s per 557,000 tokens, about a tenth of the whole pipeline's time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Token
from spacy.tokens._retokenize import set_token_attrs

#: token attributes a one-token rule may test for its answer to depend on (text, tag, dependency) only
_KEY_ATTRIBUTES = frozenset({"ORTH", "TEXT", "LOWER", "TAG", "DEP", "IS_SPACE"})
#: marks a component whose answers are already remembered
_MARK = "_storyline_cached"


def with_cached_components(nlp: Language) -> Language:
    """Remember the lemmatizer's and the attribute ruler's answers (in place, once); returns ``nlp``."""
    if "lemmatizer" in nlp.pipe_names:
        cache_lemmas(nlp.get_pipe("lemmatizer"))
    if "attribute_ruler" in nlp.pipe_names:
        cache_attribute_rules(nlp.get_pipe("attribute_ruler"))
    return nlp


def cache_lemmas(lemmatizer: Any) -> bool:
    """Remember every rule lemma per (text, POS, morphology); False when the lemmatizer is not in rule mode."""
    if getattr(lemmatizer, _MARK, False) or getattr(lemmatizer, "mode", None) != "rule":
        return False
    index = lemmatizer.lookups.get_table("lemma_index", {})
    for part_of_speech in list(index):  # word lists searched with `in` for every new word: sets answer alike
        index[part_of_speech] = frozenset(index[part_of_speech])
    rule_lemmatize: Callable[[Token], list[str]] = lemmatizer.rule_lemmatize
    known: dict[tuple[int, int, int], list[str]] = {}

    def lemmatize(token: Token) -> list[str]:
        key = (token.orth, token.pos, token.morph.key)
        forms = known.get(key)
        if forms is None:
            forms = known[key] = rule_lemmatize(token)
        return forms

    lemmatizer.lemmatize = lemmatize
    setattr(lemmatizer, _MARK, True)
    return True


class _CachedRules:
    """The attribute ruler's rules, answered per token from a table of one-token matches."""

    def __init__(self, ruler: Any):
        self.vocab = ruler.vocab
        self.attrs: list[dict[int, int]] = ruler.attrs
        self.single = Matcher(self.vocab)
        self.multi = Matcher(self.vocab)
        self.multi_indices: dict[int, int] = {}
        for rule, entry in enumerate(ruler.patterns):
            for pattern in entry["patterns"]:
                key = self.vocab.strings.add(str(rule))
                if len(pattern) == 1:
                    self.single.add(key, [pattern])
                else:
                    self.multi.add(key, [pattern])
                    self.multi_indices[rule] = entry["index"]
        self.known: dict[tuple[int, int, int], tuple[tuple[int, ...], dict[int, int]]] = {}

    def _one_token_rules(self, token: Token) -> tuple[tuple[int, ...], dict[int, int]]:
        """The one-token rules that match the token (in rule order) and their attributes folded in that order."""
        key = (token.orth, token.tag, token.dep)
        found = self.known.get(key)
        if found is None:
            alone = token.doc[token.i:token.i + 1]
            rules = tuple(sorted(int(self.vocab.strings[m]) for m, _, _ in self.single(alone, allow_missing=True)))
            folded: dict[int, int] = {}
            for rule in rules:
                folded.update(self.attrs[rule])
            found = self.known[key] = (rules, folded)
        return found

    def __call__(self, doc: Doc) -> Doc:
        multi: dict[int, list[int]] = {}
        if self.multi_indices:
            for match_id, start, end in self.multi(doc, allow_missing=True):
                rule = int(self.vocab.strings[match_id])
                token = doc[start:end][self.multi_indices[rule]]
                multi.setdefault(token.i, []).append(rule)
        for token in doc:
            rules, folded = self._one_token_rules(token)
            extra = multi.get(token.i)
            if extra:  # rare: the one-token and multi-token rules apply together, in rule order
                for rule in sorted(rules + tuple(extra)):
                    set_token_attrs(token, self.attrs[rule])
            elif folded:
                set_token_attrs(token, folded)
        return doc


def cache_attribute_rules(ruler: Any) -> bool:
    """Answer the ruler's one-token rules from a table; False (ruler untouched) when a rule tests more than
    a token's text, tag and dependency label."""
    if getattr(ruler, _MARK, False):
        return False
    for entry in ruler.patterns:
        for pattern in entry["patterns"]:
            if len(pattern) == 1 and not set(pattern[0]) <= _KEY_ATTRIBUTES:
                return False
    rules = _CachedRules(ruler)
    ruler.match = lambda doc: doc
    ruler.set_annotations = lambda doc, _: rules(doc)
    setattr(ruler, _MARK, True)
    return True
