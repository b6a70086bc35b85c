"""Temporal expressions: find them, then normalize them to TIMEX3 values.

Each kind of expression is one ``Rule`` (``rules/``): its patterns find it (longest match wins), its filter
drops look-alikes, its normalizer reads the article's publication date (DCT), the tense of the clause that
governs the expression (from the spaCy parse, ``tense``) and, for "the following day" / "three weeks later",
the last date the article itself mentioned (``context``).  The words rules are built from live in ``lexicon``;
``tagger`` runs the rules and ``merge`` joins neighbours ("March 5-7", "Sep 24, 2019 12:01 IST").

To add a kind of expression: write its pattern, filter and normalizer as one ``Rule`` in the ``rules`` module of
its kind, list it in ``rules.RULES``, and test it in the ``tests/test_temporal_*.py`` of that kind.

Choices worth knowing:

* A bare weekday looks back in a past-tense clause and forward in a future or modal one
  ("will begin on Monday", "could begin as early as Monday"); the DCT's own weekday counts as
  that same day either way, so a Tuesday article's "they will serve notice on Tuesday" is the
  DCT (the notice was in fact served that day).  Present tense looks forward ("begins at 12:01
  a.m. Monday") except after reporting verbs; with no verb at all it looks back (news reports).
* "two days ago" is counted from the DCT (a second "a year earlier" right after "a year ago"
  repeats the same comparison; after "the third quarter", "a year earlier" is that quarter a year
  back); "two days later", "the following day" from the last date the text resolved at that
  granularity: the DCT while it has resolved none, unknown when it has moved to another month or
  year without naming a day.
* A month or day written without a year takes the year of the history a text is telling (a far
  year it named, in a past clause), else the year its tense points to from the DCT.
* What the text does not support stays unknown: "in his first year" keeps ``XXXX``.
* With no DCT, nothing relative is guessed: values keep X placeholders and ``resolved`` is False.
"""

from __future__ import annotations

from storyline.annotate.temporal.tagger import TemporalTagger, tag_text

__all__ = ["TemporalTagger", "tag_text"]
