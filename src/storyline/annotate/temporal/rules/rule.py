"""A rule: one kind of time expression, with the patterns that find it, the filter that drops its look-alikes and
the function that turns a match into a TIMEX3 value."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from storyline.annotate.temporal.context import Context, Norm


def always(match: re.Match[str], ctx: Context) -> bool:
    """The filter of a rule whose every match is a time expression."""
    return True


@dataclass(frozen=True)
class Rule:
    """Finds one kind of time expression and normalizes it.

    ``patterns`` are matched case-insensitively; where two matches of different rules start at the same place and
    are as long, the rule listed first in ``rules.RULES`` wins (then the pattern listed first).  ``plausible`` reads
    the words and parse around a match and rejects a look-alike ("may" the verb, "the Daily Telegraph") before it
    can block another rule's match; ``value`` returns the TIMEX3 reading, or None to drop the match.  A rule whose
    ``triggers`` (lower-case words, one of which every match holds) are all absent from a text is not run on it.
    A match inside a title ("CBS This Morning") is dropped unless ``may_be_a_title``."""

    name: str
    patterns: tuple[str, ...]
    value: Callable[[re.Match[str], Context], Norm | None]
    plausible: Callable[[re.Match[str], Context], bool] = always
    triggers: tuple[str, ...] | None = None
    may_be_a_title: bool = False
