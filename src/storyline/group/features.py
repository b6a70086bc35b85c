"""An article's clustering features: hashed-term counts in three channels.

- ``lead``: the title (counted twice) and the first ``lead_words`` terms of the text, where news
  states its event;
- ``body``: the terms of the whole text;
- ``ents``: named entities (full name and, for people, the surname).

A term is a token of letters only, two or more long, not in ``STOP_WORDS``.  Terms and entity
keys are hashed into ``2 ** _DF_BITS`` buckets, salted per channel; ``features_many`` counts
them for many articles at once.  Weighting (TF-IDF) is the clusterer's (``cluster.StoryIndex``).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import zlib
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter

import numpy as np

from storyline.config import GroupSettings
from storyline.group.words import Tokens, counts_sorted, hash_set, tokenize_many
from storyline.model import AnnotatedArticle

CHANNELS = ("lead", "body", "ents")
_ENTITY_LABELS = {"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC", "EVENT", "PRODUCT", "WORK_OF_ART", "LAW"}
_ENTITY_CLEAN = re.compile(r"^(the|a|an)\s+|['’]s$", re.IGNORECASE)
_DF_BITS = 21

# A compact English stop list: function words say nothing about which story an article tells.
STOP_WORDS = frozenset(
    """
a about above after again against all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
nor not now of off on once only or other our ours ourselves out over own same she should so some such than
that the their theirs them themselves then there these they this those through to too under until up very
was we were what when where which while who whom why will with would you your yours yourself yourselves
said says say told according new one two three year years last first week day days time like get got
mr mrs ms image caption photo copyright read more share reuters ap afp news click advertisement
""".split()
)


_CHANNEL_SALT = {"lead": 0x5BD1E995, "body": 0x1B873593, "ents": 0x27D4EB2F}


_STOP_BITS = 16


@functools.lru_cache(maxsize=1)
def _stop_hashes() -> tuple[np.ndarray, np.ndarray]:
    """Sorted word hashes of ``STOP_WORDS`` and a table of their low bits (constants, built on first use)."""
    stop = hash_set(STOP_WORDS)
    table = np.zeros(1 << _STOP_BITS, dtype=bool)
    table[(stop & np.uint64((1 << _STOP_BITS) - 1)).astype(np.int64)] = True
    return stop, table


def _term_mask(found: Tokens) -> np.ndarray:
    """Which tokens count as terms: letters only, two or more, not stop words."""
    stop, table = _stop_hashes()
    h = found.hashes
    keep = found.alpha & (found.length > 1)
    maybe = np.flatnonzero(table[(h & np.uint64((1 << _STOP_BITS) - 1)).astype(np.int64)])  # few false hits
    if len(maybe):
        at = np.minimum(np.searchsorted(stop, h[maybe]), len(stop) - 1)
        keep[maybe[stop[at] == h[maybe]]] = False
    return keep


def _entity_key(label: str, text: str) -> tuple[str, ...]:
    """An entity's keys: its cleaned, lower-cased name and, for a person, the surname too."""
    if label not in _ENTITY_LABELS:
        return ()
    name = _ENTITY_CLEAN.sub("", text.strip()).lower()
    name = " ".join(name.split())
    if len(name) < 2:
        return ()
    parts = name.split()
    if label == "PERSON" and len(parts) > 1:
        return (name, parts[-1])  # "Marta Okonjo" and "Okonjo" meet
    return (name,)


class _LabelKeys(dict):
    """Mention text → entity key hashes, for one label (a ``str`` key: its hash is cached)."""

    def __init__(self, label: str):
        super().__init__()
        self.label = label

    def __missing__(self, text: str) -> tuple[int, ...]:
        value = self[text] = tuple([zlib.crc32(k.encode()) << 32 for k in _entity_key(self.label, text)])
        return value


class EntityKeys(dict):
    """Label → (mention text → entity key hashes), worked out once; share one across articles.

    ``keys[label][text]`` is 25 % faster than one dict keyed by (label, text) tuples, whose hash
    is computed on every look-up.
    """

    def __missing__(self, label: str) -> _LabelKeys:
        value = self[label] = _LabelKeys(label)
        return value

    def size(self) -> int:
        """Mentions remembered."""
        return sum(len(v) for v in self.values())


@dataclass
class Features:
    """One article's clustering features: hashed-term counts per channel and its date."""

    article_id: str
    counts: dict[str, tuple[np.ndarray, np.ndarray]]  # channel → (hashed terms, counts)
    published: dt.date | None


def features_many(
    articles: list[AnnotatedArticle],
    settings: GroupSettings,
    found: Tokens,
    bounds: np.ndarray,
    entities: EntityKeys | None = None,
) -> list[Features]:
    """Features of several articles at once (``words.tokenize_many`` gives ``found`` and ``bounds``).

    The same counts as one article at a time; terms of all articles are counted in one sort,
    keyed by (article, bucket).
    """
    entities = EntityKeys() if entities is None else entities
    k = len(articles)
    keep = _term_mask(found)
    art = np.repeat(np.arange(k, dtype=np.int64), np.diff(bounds))[keep]
    body = found.hashes[keep]
    titles, tbounds = tokenize_many([a.article.title or "" for a in articles])
    tkeep = _term_mask(titles)
    title_art = np.repeat(np.arange(k, dtype=np.int64), np.diff(tbounds))[tkeep]
    title = titles.hashes[tkeep]
    first_term = np.searchsorted(art, np.arange(k))
    lead_part = (np.arange(len(art)) - first_term[art]) < settings.lead_words
    lead = np.concatenate([title, title, body[lead_part]])
    lead_art = np.concatenate([title_art, title_art, art[lead_part]])
    label_and_text = attrgetter("label", "text")
    ent_lists = [
        list(chain.from_iterable([entities[label][text] for label, text in map(label_and_text, a.mentions)]))
        for a in articles
    ]
    ent_art = np.repeat(np.arange(k, dtype=np.int64), [len(e) for e in ent_lists])
    ents = np.fromiter(chain.from_iterable(ent_lists), dtype=np.uint64, count=len(ent_art))
    per_channel = {
        "lead": _buckets_many("lead", lead, lead_art, k),
        "body": _buckets_many("body", body, art, k),
        "ents": _buckets_many("ents", ents, ent_art, k),
    }
    return [
        Features(a.article.id, {c: (per_channel[c][0][i], per_channel[c][1][i]) for c in CHANNELS}, a.article.published)
        for i, a in enumerate(articles)
    ]


def _buckets_many(channel: str, hashes: np.ndarray, art: np.ndarray, k: int) -> tuple[list, list]:
    """Term hashes of each article → lists (per article) of distinct buckets, salted per channel, and their counts."""
    salt, mask = np.uint64(_CHANNEL_SALT[channel]), np.uint64((1 << _DF_BITS) - 1)
    buckets = ((hashes >> np.uint64(32)) ^ salt) & mask
    in_order = len(art) < 2 or bool((art[1:] >= art[:-1]).all())  # then sort article by article
    keys, counts = counts_sorted(
        (art.astype(np.uint64) << np.uint64(_DF_BITS)) | buckets,
        np.searchsorted(art, np.arange(1, k)) if in_order else None,
    )
    owner = (keys >> np.uint64(_DF_BITS)).astype(np.int64)
    terms = (keys & mask).astype(np.int64)
    cut = np.searchsorted(owner, np.arange(1, k)).tolist()
    return np.split(terms, cut), np.split(counts, cut)
