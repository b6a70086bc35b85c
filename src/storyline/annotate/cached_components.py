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
together with the few multi-token rules, which still run through a Matcher, but only where one can
start.  Output is identical to the stock pipeline's (``tests/test_nlp.py`` compares them); a ruler
whose one-token rules look at anything else is left untouched.  On Timeline17 articles the two
components took 7.3 s instead of 27.2 s per 557,000 tokens with the answers remembered; running the
multi-token Matcher only where a rule can start, and lemmatizing once per distinct word, brought them
from 4.7 s to 1.8 s per 880,000 tokens (600 articles, answers already remembered).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy
from spacy.attrs import LEMMA, MORPH, ORTH, POS
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Token
from spacy.tokens._retokenize import set_token_attrs

#: token attributes a one-token rule may test for its answer to depend on (text, tag, dependency) only
_KEY_ATTRIBUTES = frozenset({"ORTH", "TEXT", "LOWER", "TAG", "DEP", "IS_SPACE"})
#: marks a component whose answers are already remembered
_MARK = "_storyline_cached"


def _distinct_rows(keys: numpy.ndarray) -> tuple[list[tuple[int, ...]], list[int], numpy.ndarray]:
    """The distinct rows of a token × attribute array, each row's first token, and each token's row number.

    Answers are then looked up once per distinct key instead of once per token: turning every token's
    64-bit keys into Python integers took longer than the lookups themselves.
    """
    whole_rows = numpy.ascontiguousarray(keys).view(numpy.dtype((numpy.void, keys.itemsize * keys.shape[1]))).ravel()
    _, first, inverse = numpy.unique(whole_rows, return_index=True, return_inverse=True)
    return [tuple(row) for row in keys[first].tolist()], first.tolist(), inverse.ravel()


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
        key = (token.orth, token.pos, token.morph.key)  # type: ignore[attr-defined]
        forms = known.get(key)
        if forms is None:
            forms = known[key] = rule_lemmatize(token)
        return forms

    strings = lemmatizer.vocab.strings
    lemma_keys: dict[tuple[int, ...], int] = {}

    def lemmatize_doc(doc: Doc) -> Doc:
        """What the lemmatizer does to a document, looked up once per distinct (text, POS, morphology) and
        written as one array: the same lemmas as setting ``token.lemma_`` token by token, in a third of
        the time."""
        if not len(doc):
            return doc
        columns = doc.to_array([ORTH, POS, MORPH, LEMMA])
        to_set = numpy.ones(len(doc), dtype=bool) if lemmatizer.overwrite else columns[:, 3] == 0
        if not to_set.any():
            return doc
        keys, first, inverse = _distinct_rows(columns[to_set, :3])
        tokens = numpy.flatnonzero(to_set)
        values = []
        for key, index in zip(keys, first, strict=True):
            value = lemma_keys.get(key)
            if value is None:
                value = lemma_keys[key] = strings.add(lemmatize(doc[int(tokens[index])])[0])
            values.append(value)
        lemmas = columns[:, 3].copy()
        lemmas[to_set] = numpy.array(values, dtype=numpy.uint64)[inverse]
        doc.from_array([LEMMA], lemmas)
        return doc

    def pipe(stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:  # noqa: ARG001 - Pipe.pipe's signature
        handle_error = lemmatizer.get_error_handler()
        for doc in stream:
            try:
                yield lemmatize_doc(doc)
            except Exception as error:  # noqa: BLE001 - handed to spaCy's error handler, as Pipe.pipe does
                handle_error(lemmatizer.name, lemmatizer, [doc], error)

    lemmatizer.lemmatize = lemmatize
    lemmatizer.pipe = pipe  # ``nlp.pipe`` calls a component's ``pipe``; ``nlp(text)`` keeps the stock loop
    setattr(lemmatizer, _MARK, True)
    return True


class _CachedRules:
    """The attribute ruler's rules, answered per token from a table of one-token matches.

    The few multi-token rules run through a Matcher only where one of them can start: over a whole
    article the Matcher took two thirds of the ruler's time (2.2 s of 3.2 s for 880,000 Timeline17
    tokens), although its first tokens ("gon", "let", an expletive's dependency label...) are rare.
    Whether a token can start one is remembered with its one-token rules, from the same key.
    """

    def __init__(self, ruler: Any):
        self.vocab = ruler.vocab
        self.attrs: list[dict[int, int]] = ruler.attrs
        self.single = Matcher(self.vocab)
        self.multi = Matcher(self.vocab)
        self.multi_first = Matcher(self.vocab)  # the first token of each multi-token rule, alone
        self.multi_indices: dict[int, int] = {}
        self.longest = 0
        # windows hold every match when each multi-token rule has a fixed length and a first token
        # keyed like the one-token rules; otherwise the Matcher runs over the whole document
        self.windowed = True
        for rule, entry in enumerate(ruler.patterns):
            for pattern in entry["patterns"]:
                key = self.vocab.strings.add(str(rule))
                if len(pattern) == 1:
                    self.single.add(key, [pattern])
                else:
                    self.multi.add(key, [pattern])
                    self.multi_first.add(key, [pattern[:1]])
                    self.multi_indices[rule] = entry["index"]
                    self.longest = max(self.longest, len(pattern))
                    self.windowed &= not any("OP" in token for token in pattern) and set(pattern[0]) <= _KEY_ATTRIBUTES
        self.known: dict[tuple[int, int, int], tuple[tuple[int, ...], dict[int, int], bool]] = {}

    def _one_token_rules(self, token: Token) -> tuple[tuple[int, ...], dict[int, int], bool]:
        """The one-token rules that match the token (in rule order), their attributes folded in that order,
        and whether a multi-token rule can start at the token."""
        key = (token.orth, token.tag, token.dep)
        found = self.known.get(key)
        if found is None:
            alone = token.doc[token.i : token.i + 1]
            matched = self.single(alone, allow_missing=True) if len(self.single) else []  # an empty one warns
            rules = tuple(sorted(int(self.vocab.strings[m]) for m, _, _ in matched))
            folded: dict[int, int] = {}
            for rule in rules:
                folded.update(self.attrs[rule])
            starts_multi = bool(self.multi_indices) and bool(self.multi_first(alone, allow_missing=True))
            found = self.known[key] = (rules, folded, starts_multi)
        return found

    def _multi_token_rules(
        self, doc: Doc, found: list[tuple[tuple[int, ...], dict[int, int], bool]]
    ) -> dict[int, list[int]]:
        """Per token index, the multi-token rules that set its attributes."""
        if not self.multi_indices:
            return {}
        if self.windowed:
            windows = (doc[i : i + self.longest] for i, (_, _, starts) in enumerate(found) if starts)
            matches = (
                (match_id, window.start, window.start + end)
                for window in windows
                for match_id, start, end in self.multi(window, allow_missing=True)
                if start == 0
            )
        else:
            matches = ((match_id, start, end) for match_id, start, end in self.multi(doc, allow_missing=True))
        multi: dict[int, list[int]] = {}
        for match_id, start, end in matches:
            rule = int(self.vocab.strings[match_id])
            index = self.multi_indices[rule]  # the matched token that gets the attributes, from either end
            position = start + index if index >= 0 else end + index
            if not start <= position < end:  # as the stock ruler refuses it
                raise ValueError(f"attribute rule {rule}: index {index} lies outside its {end - start}-token match")
            multi.setdefault(position, []).append(rule)
        return multi

    def __call__(self, doc: Doc) -> Doc:
        found = [self._one_token_rules(token) for token in doc]
        multi = self._multi_token_rules(doc, found)
        for token, (rules, folded, _) in zip(doc, found, strict=True):
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
