"""Direct quotations (placeholder until the quote finder lands)."""

from __future__ import annotations

from spacy.tokens import Doc

from storyline.model import Quote, Sentence


def find_quotes(doc: Doc, sentences: list[Sentence]) -> list[Quote]:
    return []
