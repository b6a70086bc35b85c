"""Where a regular expression can match, read off its parse tree, so that a text is searched only near
the words every match must contain.

Python's ``re`` tries a pattern that begins with ``\\b`` or with an optional group at every position
of the text. The temporal tagger's fifty-two rules are such patterns, and scanning the text that many times
took nine tenths of its time. Yet most rules cannot match without one of a few literals ("quarter",
a month's name, ":"), and a match cannot reach further from that literal than a bound that depends on
the text only through its longest run of white space and its longest run of digits: those are the
only unbounded repeats the rules use. The matches found in the windows around the literals are
exactly the matches of the whole text (``NearLiterals.finditer`` says why).

A pattern this module cannot bound (a back-reference, an unbounded repeat of anything else, a match
that may be empty) gets no ``NearLiterals``; its caller scans the whole text, as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

try:  # Python 3.11 renamed sre_parse and sre_constants
    from re import _constants as sre  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sre  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

#: how often a character occurs in English news text, per character (letters by their usual English
#: frequencies, times the four fifths of a text that letters are); used only to choose which literals
#: to look for, so a rough figure does
_LETTER_SHARE = dict(
    zip(
        "etaoinshrdlcumwfgypbvkjxqz",
        (
            0.127,
            0.091,
            0.082,
            0.075,
            0.070,
            0.067,
            0.063,
            0.061,
            0.060,
            0.043,
            0.040,
            0.028,
            0.028,
            0.024,
            0.024,
            0.022,
            0.020,
            0.020,
            0.019,
            0.015,
            0.010,
            0.008,
            0.0015,
            0.0015,
            0.001,
            0.0007,
        ),
        strict=True,
    )
)
_SPACE_SHARE, _DIGIT_SHARE, _OTHER_SHARE = 0.17, 0.003, 0.005
#: look near literals only where the windows are expected to cover less than this share of a text
_MOST_COVER = 0.5
#: the longest runs of white space and digits a text is assumed to have when judging whether windows
#: are worth it (the search itself uses the text's own)
_TYPICAL_SPACE_RUN, _TYPICAL_DIGIT_RUN = 3, 4

_SPACE, _DIGIT = re.compile(r"\s"), re.compile(r"\d")
_SPACE_RUN, _DIGIT_RUN = re.compile(r"\s{2,}"), re.compile(r"\d{2,}")
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT) + ((sre.POSSESSIVE_REPEAT,) if hasattr(sre, "POSSESSIVE_REPEAT") else ())
_ONE_CHARACTER = (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY)


@dataclass(frozen=True)
class Reach:
    """How many characters a match, with what its lookarounds read, may span: ``fixed`` plus so many
    times the text's longest run of white space and of digits."""

    fixed: int
    per_space_run: int = 0
    per_digit_run: int = 0

    def __add__(self, other: Reach) -> Reach:
        return Reach(
            self.fixed + other.fixed, self.per_space_run + other.per_space_run, self.per_digit_run + other.per_digit_run
        )

    def __mul__(self, times: int) -> Reach:
        return Reach(self.fixed * times, self.per_space_run * times, self.per_digit_run * times)

    def widest(self, other: Reach) -> Reach:
        return Reach(
            max(self.fixed, other.fixed),
            max(self.per_space_run, other.per_space_run),
            max(self.per_digit_run, other.per_digit_run),
        )

    def chars(self, space_run: int, digit_run: int) -> int:
        """The reach in a text whose longest runs of white space and digits are so long."""
        return self.fixed + self.per_space_run * space_run + self.per_digit_run * digit_run


class ScannedText:
    """A text to search near literals: its longest runs of white space and of digits (as ``re``'s ``\\s``
    and ``\\d`` read them), and where each literal occurs, found once for all the patterns that look for
    it (five of the tagger's rules look for the months, four for "year")."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.longest_space_run = max(map(len, _SPACE_RUN.findall(text)), default=1)
        self.longest_digit_run = max(map(len, _DIGIT_RUN.findall(text)), default=1)
        self._spans: dict[str, list[tuple[int, int]]] = {}
        self._spans_of_sets: dict[tuple[str, ...], list[tuple[int, int]]] = {}

    def literal_spans(self, finders: tuple[re.Pattern[str], ...]) -> list[tuple[int, int]]:
        """Where the literals that ``finders`` look for occur, in text order; overlapping occurrences of one
        literal ("aa" in "aaa") only from the first. One search per literal is faster than one search for
        the alternation of them all, which ``re`` tries alternative by alternative at every likely character."""
        key = tuple(finder.pattern for finder in finders)
        spans = self._spans_of_sets.get(key)
        if spans is None:
            spans = []
            for finder in finders:
                found = self._spans.get(finder.pattern)
                if found is None:
                    found = self._spans[finder.pattern] = [match.span() for match in finder.finditer(self.text)]
                spans.extend(found)
            spans.sort()
            self._spans_of_sets[key] = spans
        return spans


@dataclass(frozen=True)
class NearLiterals:
    """A pattern with the literals one of which every match contains, and how far a match reaches."""

    pattern: re.Pattern[str]
    literals: tuple[str, ...]
    reach: Reach
    literal_finders: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "literal_finders", tuple(re.compile(re.escape(literal)) for literal in self.literals))

    def finditer(self, scanned: ScannedText) -> Iterator[re.Match[str]]:
        """The matches ``self.pattern.finditer(scanned.text)`` gives, found only near the literals.

        Every match holds a literal and reads no character further than ``reach`` from it, so a
        window of ``reach`` characters on either side of each literal holds each match with all its
        lookarounds read, and no window cuts one: windows that overlap are joined, and a match
        reaching past a window's edge would have to reach past its literal's reach. Between windows
        no match can start, so searching window after window gives the matches the whole text gives,
        in the same order. ``pos`` does not hide the text before the window from ``\\b`` and
        lookbehinds; ``endpos`` hides the text after it only beyond every lookahead's reach.
        """
        text = scanned.text
        reach = self.reach.chars(scanned.longest_space_run, scanned.longest_digit_run) + 1
        window_start = window_end = -1
        for literal_start, literal_end in scanned.literal_spans(self.literal_finders):
            # an occurrence the search skipped starts inside the one found, so this window holds its reach too
            start, end = literal_start - reach, literal_end + reach
            if start <= window_end:
                window_end = end
                continue
            if window_end >= 0:
                yield from self.pattern.finditer(text, window_start, min(window_end, len(text)))
            window_start, window_end = max(start, 0), end
        if window_end >= 0:
            yield from self.pattern.finditer(text, window_start, min(window_end, len(text)))


def near_literals(pattern: re.Pattern[str]) -> NearLiterals | None:
    """``pattern`` with the literals to search near, or None where the whole text is best scanned."""
    if pattern.flags & re.IGNORECASE:
        return None  # a literal's other cases would count too
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    if tree.getwidth()[0] == 0:
        return None  # an empty match would move on by one character: not worth imitating
    reach = _reach(tree.data)
    choices = _required_literals(tree.data)
    if reach is None or not choices:
        return None
    literals = min(choices, key=_expected_per_character)
    typical = reach.chars(_TYPICAL_SPACE_RUN, _TYPICAL_DIGIT_RUN)
    if _expected_per_character(literals) * 2 * typical > _MOST_COVER:
        return None
    return NearLiterals(pattern, tuple(sorted(literals)), reach)


def _expected_per_character(literals: frozenset[str]) -> float:
    """How often one of ``literals`` is expected to start at a character of news text."""
    total = 0.0
    for literal in literals:
        share = 1.0
        for character in literal:
            share *= (
                _LETTER_SHARE.get(character)
                or (_SPACE_SHARE if character.isspace() else _DIGIT_SHARE if character.isdigit() else _OTHER_SHARE)
            ) * (0.8 if character.isalpha() else 1)
        total += share
    return total


def _required_literals(items: list) -> list[frozenset[str]]:
    """Sets of literals one of which every match of the sequence ``items`` contains: one set per
    run of literal characters and per part that every match passes through."""
    choices: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            choices.append(frozenset({"".join(run)}))
            run = []
        if op is sre.SUBPATTERN:
            if not av[1] & re.IGNORECASE:  # (?i:…) would match a literal's other cases too
                choices.extend(_required_literals(_items(av[-1])))
        elif op is sre.BRANCH:
            per_branch = [_required_literals(_items(branch)) for branch in av[1]]
            if all(per_branch):
                choices.append(
                    _fewest(frozenset().union(*(min(options, key=_expected_per_character) for options in per_branch)))
                )
        elif op in _REPEATS and av[0] >= 1:
            choices.extend(_required_literals(_items(av[2])))
    if run:
        choices.append(frozenset({"".join(run)}))
    return choices


def _fewest(literals: frozenset[str]) -> frozenset[str]:
    """The same set without the literals that contain another one: a text holding "january" holds "jan"."""
    return frozenset(
        literal for literal in literals if not any(other != literal and other in literal for other in literals)
    )


def _reach(items: list) -> Reach | None:
    """How many characters the sequence ``items`` may read, lookarounds included; None if unbounded."""
    total = Reach(0)
    for op, av in items:
        if op in _ONE_CHARACTER or op is sre.AT:
            part: Reach | None = Reach(1)  # a boundary reads the character on its other side
        elif op is sre.SUBPATTERN:
            part = _reach(_items(av[-1]))
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            part = _reach(_items(av[1]))
        elif op is sre.BRANCH:
            part = Reach(0)
            for branch in av[1]:
                branch_reach = _reach(_items(branch))
                if branch_reach is None:
                    return None
                part = part.widest(branch_reach)
        elif op in _REPEATS:
            _, most, item = av
            once = _unbounded_run(_items(item)) if most == sre.MAXREPEAT else _reach(_items(item))
            part = None if once is None else once if most == sre.MAXREPEAT else once * most
        elif op is sre.GROUPREF_EXISTS:  # (?(name)yes|no): the wider of the two
            _, yes, no = av
            yes_reach, no_reach = _reach(_items(yes)), _reach(_items(no)) if no is not None else Reach(0)
            part = None if yes_reach is None or no_reach is None else yes_reach.widest(no_reach)
        else:
            return None  # a back-reference, an atomic group …: not bounded here
        if part is None:
            return None
        total += part
    return total


def _unbounded_run(items: list) -> Reach | None:
    """An unbounded repeat of one white-space or digit character reads at most the text's longest run of it."""
    if len(items) != 1 or items[0][0] is not sre.IN:
        return None
    members = items[0][1]
    if all(
        member == (sre.CATEGORY, sre.CATEGORY_SPACE) or (member[0] is sre.LITERAL and _SPACE.match(chr(member[1])))
        for member in members
    ):
        return Reach(0, per_space_run=1)
    if all(
        member == (sre.CATEGORY, sre.CATEGORY_DIGIT) or (member[0] is sre.LITERAL and _DIGIT.match(chr(member[1])))
        for member in members
    ):
        return Reach(0, per_digit_run=1)
    return None


def _items(part) -> list:
    return part.data if hasattr(part, "data") else part
