"""Temporal expressions (placeholder until the tagger lands)."""

from __future__ import annotations

import datetime as dt

from spacy.tokens import Doc

from storyline.model import Sentence, TimeExpr


class TemporalTagger:
    def tag(self, doc: Doc, dct: dt.date | None, sentences: list[Sentence]) -> list[TimeExpr]:
        return []
