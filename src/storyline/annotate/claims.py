"""Reported figures: numbers with their units, normalized values and what they measure.

Read from the spaCy parse the annotate stage already made.  A figure is a written number
("1,200", "$2.4 million", "94 per cent", "12 sick days") with its currency or percent
sign and scale word.  What it measures comes from the parse: the noun it counts
("commuters", "Pier Repair Fund"), the "of" phrase and verb of a percentage
("of its members backed strike action"), or the clause a sum is the object of
("overtime costs").  A rate ("per day", "a year", "annually") is kept beside it.
Years, times, dates, ordinals and numbers with no measured thing are left out: a figure
nobody can say the meaning of is not a claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy
from spacy.attrs import IDX
from spacy.tokens import Doc, Token

from storyline.annotate.nlp import SentenceLocator, climb, text_of
from storyline.model import Claim, Sentence

SCALES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mln": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
}
CURRENCY_SIGNS = {
    "$": None,
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "C$": "CAD",
    "CA$": "CAD",
    "US$": "USD",
    "A$": "AUD",
    "AU$": "AUD",
    "NZ$": "NZD",
    "HK$": "HKD",
}
CURRENCY_WORDS = {
    "dollar": None,
    "dollars": None,
    "euro": "EUR",
    "euros": "EUR",
    "pound": "GBP",
    "pounds": "GBP",
    "yen": "JPY",
    "usd": "USD",
    "cad": "CAD",
    "eur": "EUR",
    "gbp": "GBP",
}
#: place names that make a bare "$" Canadian or Australian dollars.
DOLLAR_COUNTRIES = {
    "CAD": re.compile(
        r"\b(Canada|Canadian|Ontario|Quebec|Québec|Alberta|British Columbia|Manitoba|"
        r"Saskatchewan|Nova Scotia|New Brunswick|Newfoundland|Toronto|Ottawa|Montreal|"
        r"Vancouver|Calgary|Edmonton|Winnipeg)\b"
    ),
    "AUD": re.compile(r"\b(Australia|Australian|Sydney|Melbourne|Canberra|Queensland|Brisbane)\b"),
    "USD": re.compile(
        r"\b(United States|U\.S\.|US|America|American|Washington|Congress|New York|"
        r"California|Texas|Florida)\b"
    ),
}
PERCENT_WORDS = {"%", "percent", "pct"}
RANGE_LINKS = frozenset({"and", "to", "-", "–"})
TIME_UNITS = {
    "second": "seconds",
    "minute": "minutes",
    "hour": "hours",
    "day": "days",
    "week": "weeks",
    "month": "months",
    "year": "years",
    "decade": "decades",
}
PEOPLE_NOUNS = frozenset(
    """people person member worker employee staff student teacher parent child resident voter
    nurse doctor officer patient victim supporter protester protestor customer user citizen
    refugee migrant soldier troop civilian passenger job educator custodian participant
    volunteer visitor tourist fan spectator inmate prisoner athlete player driver pilot firefighter
    physician scientist researcher lawmaker delegate adult man woman boy girl kid infant individual
    household family applicant recipient beneficiary subscriber shareholder investor farmer miner""".split()
)
RATE_WORDS = {
    "annually": "per year",
    "yearly": "per year",
    "daily": "per day",
    "weekly": "per week",
    "monthly": "per month",
    "hourly": "per hour",
}
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "compound", "amod", "poss", "det", "case", "nmod", "npadvmod"})


def _number(text: str) -> float | None:
    cleaned = text.replace(",", "").replace("\u202f", "").replace("\u00a0", "")
    try:
        return float(cleaned)
    except ValueError:
        return None


def _dollar_currency(text: str) -> str:
    counts = {code: len(rx.findall(text)) for code, rx in DOLLAR_COUNTRIES.items()}
    best = max(counts, key=lambda c: counts[c])
    return best if counts[best] else "USD"


def _is_numeric(tok: Token) -> bool:
    return any(ch.isdigit() for ch in tok.text) and _number(tok.text) is not None


_ASCII_DIGIT = re.compile(r"[0-9]")


def _tokens_with_digits(doc: Doc, text: str) -> Iterable[Token]:
    """The tokens a figure may start at, in order: those with a digit (``_is_numeric`` rejects the rest).

    In an ASCII text the digits are found by one regular expression and mapped to their tokens, instead
    of every token's characters being tested (half of the figure reader's time); any other text is
    read token by token, since ``str.isdigit`` knows more digits than 0-9.
    """
    if not text.isascii():
        return doc
    digits = [match.start() for match in _ASCII_DIGIT.finditer(text)]
    if not digits:
        return []
    indices = numpy.unique(numpy.searchsorted(doc.to_array(IDX), digits, side="right") - 1)
    return [doc[int(i)] for i in indices]


class _FigureReader:
    def __init__(self, doc: Doc):
        self.doc = doc
        self.text = text_of(doc)
        self.dollar = _dollar_currency(self.text)

    def figure(self, tok: Token) -> tuple[int, int, float, str | None, bool, float | None, int] | None:
        """(first token, last token, value, unit, is_percent, high, high's first token) for the
        number at ``tok``; ``high`` is the upper end of a range ("between 1,600 and 1,830",
        "10 to 12 percent", "$2 billion to $3 billion"), else None and the last index -1.
        "from 5% to 7%" is a change of value and stays two figures."""
        single = self._single(tok)
        if single is None:
            return None
        first, last, value, unit, percent = single
        doc = self.doc
        if last + 2 >= len(doc) or doc[last + 1].lower_ not in RANGE_LINKS:
            return first, last, value, unit, percent, None, -1
        link = doc[last + 1].lower_
        before = doc[first - 1].lower_ if first > 0 else ""
        introduced = before == "between"
        if before == "from" or (link == "and" and not introduced):
            # "rose from 5% to 7%" is a change, not a range; "1,600 and 1,830" alone is a list
            return first, last, value, unit, percent, None, -1
        second = doc[last + 2]
        if second.text in CURRENCY_SIGNS and last + 3 < len(doc):
            second = doc[last + 3]
        if not _is_numeric(second):
            return first, last, value, unit, percent, None, -1
        upper = self._single(second)
        if upper is None:
            return first, last, value, unit, percent, None, -1
        first2, last2, high, unit2, percent2 = upper
        if (
            link != "and"
            and not introduced
            and not (unit or percent or unit2 or percent2)
            and doc[last2].dep_ != "nummod"
        ):
            return first, last, value, unit, percent, None, -1  # "voted 10 to 12" may be a score
        scale = next((t.lower_ for t in doc[first2 : last2 + 1] if t.lower_ in SCALES and not _is_numeric(t)), None)
        own_scale = any(t.lower_ in SCALES and not _is_numeric(t) for t in doc[first : last + 1])
        if scale is not None and not own_scale and value * SCALES[scale] <= high:
            value *= SCALES[scale]  # "between 2 and 3 billion": the scale belongs to both
        if high < value:
            return first, last, value, unit, percent, None, -1
        return first, last2, value, unit or unit2, percent or percent2, high, first2

    def _single(self, tok: Token) -> tuple[int, int, float, str | None, bool] | None:
        """(first token, last token, value, unit, is_percent) for the number at ``tok``."""
        doc = self.doc
        value = _number(tok.text)
        if value is None:
            return None
        first, last = tok.i, tok.i
        unit: str | None = None
        percent = False
        # currency before: "$", "C$", "US $"
        if first > 0:
            prev = doc[first - 1]
            sign = prev.text
            if (
                first > 1
                and doc[first - 2].text.upper() in ("US", "C", "CA", "A", "AU", "NZ", "HK")
                and sign == "$"
                and doc[first - 2].whitespace_ == ""
            ):
                sign = doc[first - 2].text.upper() + "$"
                first -= 1
            if sign in CURRENCY_SIGNS:
                unit = CURRENCY_SIGNS[sign] or self.dollar
                first -= 1
        # scale and percent after
        j = last + 1
        if j < len(doc) and doc[j].lower_ in SCALES and (doc[j].lower_ not in ("m", "b", "k") or unit):
            value *= SCALES[doc[j].lower_]
            last = j
            j += 1
        if j < len(doc) and doc[j].lower_ in PERCENT_WORDS:
            percent, unit, last = True, "percent", j
        elif j + 1 < len(doc) and doc[j].lower_ == "per" and doc[j + 1].lower_ == "cent":
            percent, unit, last = True, "percent", j + 1
        elif j < len(doc) and doc[j].lower_ in CURRENCY_WORDS and unit is None:
            unit = CURRENCY_WORDS[doc[j].lower_] or self.dollar
            last = j
        return first, last, value, unit, percent


def _measured_noun(anchor: Token, span: range) -> Token | None:
    head = anchor.head
    if (
        anchor.dep_ in ("nummod", "compound", "quantmod", "amod", "nmod")
        and head.i not in span
        and head.pos_ in ("NOUN", "PROPN")
    ):
        return head
    return None


def _phrase(tokens: list[Token]) -> str:
    tokens = sorted(set(tokens), key=lambda t: t.i)
    while tokens and (tokens[0].dep_ in ("det", "poss", "case", "punct", "prep") or tokens[0].is_punct):
        tokens = tokens[1:]
    while tokens and (tokens[-1].is_punct or tokens[-1].dep_ in ("case", "cc")):
        tokens = tokens[:-1]
    return "".join(t.text_with_ws for t in tokens).strip()


def _noun_phrase(noun: Token, span: range) -> str:
    lefts = [t for t in noun.lefts if t.i > span[-1] and t.dep_ in ("compound", "amod", "nmod")]
    parts = [t for left in lefts for t in left.subtree if t.i not in span]
    return _phrase(parts + [noun])


def _clause_subject(verb: Token, span: range) -> str:
    """ "sick leave costs …": the words before the verb that make up its subject, and the verb."""
    parts: list[Token] = []
    for child in verb.lefts:
        if child.dep_ in SUBJECT_DEPS:
            parts.extend(t for t in child.subtree if t.i not in span)
    if not parts:
        return ""
    return _phrase(parts + [verb])


def _subject(doc: Doc, first: int, last: int, percent: bool) -> tuple[str, Token | None]:
    span = range(first, last + 1)
    inside = [doc[i] for i in span]
    anchor = next((t for t in inside if t.head.i not in span or t.head.i == t.i), inside[-1])
    noun = _measured_noun(anchor, span)
    if noun is not None and noun.lower_ not in ("cent", "percent"):
        return _noun_phrase(noun, span), noun
    if percent:
        parts: list[Token] = []
        for t in inside:
            for child in t.children:
                if child.dep_ == "prep" and child.lower_ == "of" and child.i not in span:
                    parts.extend(child.subtree)
        if anchor.dep_ in ("nsubj", "nsubjpass"):
            verb = anchor.head
            parts.append(verb)
            for child in verb.rights:
                if child.dep_ in ("dobj", "attr", "acomp", "prep", "xcomp"):
                    parts.extend(child.subtree)
                    break
        return _phrase(parts), None
    # the figure is a noun itself: what the clause around it is about
    node = climb(anchor, lambda n: n.dep_ in ("pobj", "prep"))
    if node is not anchor and node.pos_ in ("NOUN", "PROPN") and node.i not in span:
        return _phrase([t for c in node.lefts if c.dep_ in ("compound", "amod") for t in c.subtree] + [node]), None
    if node.dep_ in ("dobj", "attr", "oprd", "npadvmod", "dative", "nsubj") and node.head.pos_ in ("VERB", "AUX"):
        return _clause_subject(node.head, span), None
    for child in anchor.children:
        if child.dep_ == "prep" and child.lower_ in ("of", "for", "in") and child.i not in span:
            return _phrase(list(child.subtree)), None
    return "", None


def _rate(doc: Doc, after: int) -> str | None:
    for j in range(after + 1, min(len(doc), after + 4)):
        tok = doc[j]
        if tok.lower_ in RATE_WORDS:
            return RATE_WORDS[tok.lower_]
        if tok.lower_ in ("per", "a", "an", "each", "every") and j + 1 < len(doc):
            nxt = doc[j + 1]
            unit = nxt.lemma_.lower()
            if unit in TIME_UNITS:
                return f"per {unit}"
            if nxt.lower_ == "school" and j + 2 < len(doc) and doc[j + 2].lemma_.lower() == "day":
                return "per school day"
        if tok.is_punct:
            return None
    return None


def find_claims(doc: Doc, sentences: list[Sentence]) -> list[Claim]:
    """The figures reported in ``doc``, with values normalized (``$235 million`` → 235000000)."""
    reader = _FigureReader(doc)
    locate = SentenceLocator(sentences)
    claims: list[Claim] = []
    used: set[int] = set()
    for tok in _tokens_with_digits(doc, reader.text):
        if tok.i in used or not _is_numeric(tok) or ":" in tok.text or "/" in tok.text:
            continue
        found = reader.figure(tok)
        if found is None:
            continue
        first, last, value, unit, percent, high, high_first = found
        used.update(range(first, last + 1))
        if tok.ent_type_ in ("ORDINAL", "TIME"):
            continue
        if unit is None and not percent and re.fullmatch(r"(1[89]|20)\d\d", tok.text):
            continue  # a year
        subject, noun = "", None
        if high is not None:  # the measured noun hangs on the upper end: "… and 1,830 workers"
            subject, noun = _subject(doc, high_first, last, percent)
        if not subject:
            subject, noun = _subject(doc, first, last, percent)
        if tok.ent_type_ == "DATE" and unit is None:
            # "15 sick days" is a figure; "five days' notice", "Sept. 23" are dates
            if (
                noun is None
                or noun.lemma_.lower() not in TIME_UNITS
                or not any(c.dep_ in ("amod", "compound") for c in noun.lefts)
            ):
                continue
        if not subject:
            continue
        end_tok = noun.i if noun is not None and noun.i > last else last
        if unit is None and noun is not None:
            lemma = noun.lemma_.lower()
            if lemma in PEOPLE_NOUNS:
                unit = "people"
            elif lemma in TIME_UNITS:
                unit = TIME_UNITS[lemma]
        start_char, end_char = doc[first].idx, doc[last].idx + len(doc[last])
        claims.append(
            Claim(
                start=start_char,
                end=end_char,
                text=reader.text[start_char:end_char],
                value=value,
                unit=unit,
                subject=subject,
                sentence=locate(start_char),
                rate=_rate(doc, end_tok),
                high=high,
            )
        )
    return claims
