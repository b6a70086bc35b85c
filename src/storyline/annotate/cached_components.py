"""Exact, cached stand-ins for the two rule components of spaCy's English pipeline, registered with spaCy.

After the neural components, en_core_web_sm spends about a fifth of its time in two rule components
that redo the same work for every occurrence of a word:

* the ``lemmatizer`` (rule mode) caches its result only for some words, although the lemma it gives
  depends on nothing but the token's text, part of speech and morphology, and looks words up in lists
  of up to 60,000 entries;
* the ``attribute_ruler`` runs a Matcher of some 180 patterns over every token, although nearly all
  of them look at one token only (its text, tag and dependency label).

``with_cached_components`` puts two registered components in their places with ``nlp.replace_pipe``:
``storyline_cached_lemmatizer`` (``CachedLemmatizer``), which runs the pipeline's own lemmatizer with its
rules and remembers its answers (the lemma per (text, POS, morphology); its word lists held as sets), and
``storyline_cached_attribute_ruler`` (``CachedAttributeRuler``), spaCy's ``AttributeRuler`` with the same
rules, which answers per (text, tag, dependency label) which one-token rules match, applied in the ruler's
own rule order together with the few multi-token rules, which still run through a Matcher, but only where
one can start.  Output is identical to the stock pipeline's (``tests/test_nlp.py`` compares them); a
lemmatizer not in rule mode, or a ruler whose one-token rules look at anything else, stays as it is.  On
Timeline17 articles the two components took 7.3 s instead of 27.2 s per 557,000 tokens with the answers
remembered; running the multi-token Matcher only where a rule can start, and lemmatizing once per distinct
word, brought them from 4.7 s to 1.8 s per 880,000 tokens (600 articles, answers already remembered).
"""

from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

import numpy
from spacy.attrs import LEMMA, MORPH, ORTH, POS
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc, Token
from spacy.tokens._retokenize import set_token_attrs

#: token attributes a one-token rule may test for its answer to depend on (text, tag, dependency) only
_KEY_ATTRIBUTES = frozenset({"ORTH", "TEXT", "LOWER", "TAG", "DEP", "IS_SPACE"})


def _distinct_rows(keys: numpy.ndarray) -> tuple[list[tuple[int, ...]], list[int], numpy.ndarray]:
    """The distinct rows of a token × attribute array, each row's first token, and each token's row number.

    Answers are then looked up once per distinct key instead of once per token: turning every token's
    64-bit keys into Python integers took longer than the lookups themselves.
    """
    whole_rows = numpy.ascontiguousarray(keys).view(numpy.dtype((numpy.void, keys.itemsize * keys.shape[1]))).ravel()
    _, first, inverse = numpy.unique(whole_rows, return_index=True, return_inverse=True)
    return [tuple(row) for row in keys[first].tolist()], first.tolist(), inverse.ravel()


#: the names spaCy knows the components by
CACHED_LEMMATIZER = "storyline_cached_lemmatizer"
CACHED_ATTRIBUTE_RULER = "storyline_cached_attribute_ruler"


def with_cached_components(nlp: Language) -> Language:
    """Put the cached components in the places of the lemmatizer and the attribute ruler (once); returns ``nlp``.

    A lemmatizer not in rule mode, and a ruler whose one-token rules read more than a token's text, tag and
    dependency label, stay as they are.
    """
    if "lemmatizer" in nlp.pipe_names:
        stock: Any = nlp.get_pipe("lemmatizer")
        if not isinstance(stock, CachedLemmatizer) and getattr(stock, "mode", None) == "rule":
            cast(CachedLemmatizer, nlp.replace_pipe("lemmatizer", CACHED_LEMMATIZER)).run(stock)
    if "attribute_ruler" in nlp.pipe_names:
        ruler = nlp.get_pipe("attribute_ruler")
        if (
            isinstance(ruler, AttributeRuler)
            and not isinstance(ruler, CachedAttributeRuler)
            and CachedAttributeRuler.answers_alike(ruler.patterns)
        ):
            patterns = ruler.patterns
            config = {"validate": ruler.validate}
            cast(
                AttributeRuler, nlp.replace_pipe("attribute_ruler", CACHED_ATTRIBUTE_RULER, config=config)
            ).add_patterns(patterns)
    return nlp


class CachedLemmatizer:
    """A rule lemmatizer's answers, remembered per (text, POS, morphology) and written as one array per document.

    ``run`` hands it the lemmatizer it answers for (the pipeline's own, which it replaces); every lemma is that
    lemmatizer's ``rule_lemmatize``, asked once per distinct key.
    """

    def __init__(self, name: str = "lemmatizer"):
        self.name = name
        self.lemmatizer: Any = None
        self._forms: dict[tuple[int, int, int], list[str]] = {}
        self._lemma_keys: dict[tuple[int, ...], int] = {}

    def run(self, lemmatizer: Any) -> None:
        """Answer for ``lemmatizer`` (rule mode); its word lists, searched with ``in`` per new word, become sets."""
        index = lemmatizer.lookups.get_table("lemma_index", {})
        for part_of_speech in list(index):
            index[part_of_speech] = frozenset(index[part_of_speech])
        self.lemmatizer = lemmatizer
        self._forms.clear()
        self._lemma_keys.clear()

    def lemmatize(self, token: Token) -> list[str]:
        key = (token.orth, token.pos, token.morph.key)  # type: ignore[attr-defined]
        forms = self._forms.get(key)
        if forms is None:
            forms = self._forms[key] = self.lemmatizer.rule_lemmatize(token)
        return forms

    def __call__(self, doc: Doc) -> Doc:
        """What the lemmatizer does to a document, looked up once per distinct (text, POS, morphology) and
        written as one array: the same lemmas as setting ``token.lemma_`` token by token, in a third of
        the time."""
        if not len(doc):
            return doc
        columns = doc.to_array([ORTH, POS, MORPH, LEMMA])
        to_set = numpy.ones(len(doc), dtype=bool) if self.lemmatizer.overwrite else columns[:, 3] == 0
        if not to_set.any():
            return doc
        keys, first, inverse = _distinct_rows(columns[to_set, :3])
        tokens = numpy.flatnonzero(to_set)
        strings = self.lemmatizer.vocab.strings
        values = []
        for key, index in zip(keys, first, strict=True):
            value = self._lemma_keys.get(key)
            if value is None:
                value = self._lemma_keys[key] = strings.add(self.lemmatize(doc[int(tokens[index])])[0])
            values.append(value)
        lemmas = columns[:, 3].copy()
        lemmas[to_set] = numpy.array(values, dtype=numpy.uint64)[inverse]
        doc.from_array([LEMMA], lemmas)
        return doc

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:  # noqa: ARG002 - spaCy's signature
        handle_error = self.lemmatizer.get_error_handler()
        for doc in stream:
            try:
                yield self(doc)
            except Exception as error:  # noqa: BLE001 - handed to spaCy's error handler, as Pipe.pipe does
                handle_error(self.name, self, [doc], error)


@Language.factory(CACHED_LEMMATIZER)
def make_cached_lemmatizer(nlp: Language, name: str) -> CachedLemmatizer:
    return CachedLemmatizer(name)


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


class CachedAttributeRuler(AttributeRuler):
    """spaCy's attribute ruler, answering its one-token rules from a table (``_CachedRules``, made when first
    used after its rules last changed).  Only for rules ``answers_alike`` accepts."""

    _rules: _CachedRules | None = None

    @staticmethod
    def answers_alike(patterns: Iterable[dict[str, Any]]) -> bool:
        """Whether every one-token rule reads only a token's text, tag and dependency label."""
        return all(
            len(pattern) != 1 or set(pattern[0]) <= _KEY_ATTRIBUTES
            for entry in patterns
            for pattern in entry["patterns"]
        )

    def add(self, patterns: Iterable[Any], attrs: dict[str, Any], index: int = 0) -> None:
        super().add(patterns, attrs, index)
        self._rules = None

    def clear(self) -> None:
        super().clear()
        self._rules = None

    def match(self, doc: Doc) -> list[Any]:
        return []  # the rules are matched with the table in set_annotations

    def set_annotations(self, doc: Doc, matches: list[Any]) -> None:
        if self._rules is None:
            if not self.answers_alike(self.patterns):
                raise ValueError(f"{self.name}: a one-token rule reads more than a token's text, tag and label")
            self._rules = _CachedRules(self)
        self._rules(doc)


@Language.factory(
    CACHED_ATTRIBUTE_RULER,
    default_config={"validate": False, "scorer": {"@scorers": "spacy.attribute_ruler_scorer.v1"}},
)
def make_cached_attribute_ruler(
    nlp: Language, name: str, validate: bool, scorer: Callable[..., Any] | None
) -> CachedAttributeRuler:
    return CachedAttributeRuler(nlp.vocab, name, validate=validate, scorer=scorer)
