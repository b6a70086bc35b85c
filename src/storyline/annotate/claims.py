"""Reported figures (placeholder until the figure finder lands)."""

from __future__ import annotations

from spacy.tokens import Doc

from storyline.model import Claim, Sentence


def find_claims(doc: Doc, sentences: list[Sentence]) -> list[Claim]:
    return []
