"""Running the rules' patterns fast: on lower-cased text where case folding allows, near the literal words
every match holds."""

from __future__ import annotations

import re
from dataclasses import dataclass

from storyline.annotate.match_windows import NearLiterals, ScannedText, near_literals
from storyline.annotate.temporal.rules.rule import Rule

#: a letter outside ASCII: every rule word is ASCII, so such a match came from case folding ("Auguſt"); "½" is a number
FOLDED_LETTER = re.compile(r"[^\W\d_\x00-\x7f½]")


#: letters that IGNORECASE matches to an ASCII rule letter although lower-casing does not make them one
#: (dotless ı, long ſ) or makes them two characters (İ)
FOLDS_APART = re.compile("[\u0130\u0131\u017f]")


#: an escape, a group's name or back-reference, or a letter: only the letters are literals
_PATTERN_PART = re.compile(r"\\.|\(\?P<\w+>|\(\?P=\w+\)|[A-Z]+", re.DOTALL)


def lowered_literals(pattern: str) -> str:
    """The pattern with its upper-case literal letters lower-cased ("GMT" → "gmt"), escapes and group names kept."""
    return _PATTERN_PART.sub(lambda part: part.group(0).lower() if part.group(0).isalpha() else part.group(0), pattern)


def matches_by_lowering(
    pattern: re.Pattern[str],
    lowered_pattern: re.Pattern[str],
    windows: NearLiterals | None,
    text: str,
    lowered: ScannedText,
) -> list[re.Match[str]] | None:
    """The rule's matches in ``text``, found by its ``lowered_pattern`` in the lower-cased text (near the
    literals of ``windows`` if it has them) and taken again by ``pattern`` from the text at the same
    place; None if one of them is not the same there (then the caller matches the text itself)."""
    matches = []
    finds = lowered_pattern.finditer(lowered.text) if windows is None else windows.finditer(lowered)
    for found in finds:
        match = pattern.match(text, found.start())
        if match is None or match.end() != found.end():
            return None
        matches.append(match)
    return matches


@dataclass(frozen=True)
class CompiledPattern:
    """One pattern of a rule, compiled to match case-insensitively, with its twin for lower-cased text and the
    windows that twin is searched in (``near_literals``)."""

    rule: Rule
    pattern: re.Pattern[str]
    lowered: re.Pattern[str]
    windows: NearLiterals | None


def compile_patterns(rules: tuple[Rule, ...]) -> tuple[CompiledPattern, ...]:
    compiled = []
    for rule in rules:
        for source in rule.patterns:
            lowered = re.compile(lowered_literals(source))
            compiled.append(CompiledPattern(rule, re.compile(source, re.IGNORECASE), lowered, near_literals(lowered)))
    return tuple(compiled)
