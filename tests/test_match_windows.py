"""Searching only near the literals every match holds gives the matches the whole text gives.

The texts are written here, generated from the rules' own words, or read from the seeds and the example
corpus. No spaCy model is needed.
"""

from __future__ import annotations

import random
import re

import pytest

from storyline.annotate.match_windows import Reach, ScannedText, near_literals, sre, sre_parse
from storyline.annotate.temporal.tagger import PATTERNS

from conftest import EXAMPLES, SEEDS


def spans(matches) -> list[tuple[tuple[int, int], dict]]:
    return [(match.span(), match.groupdict()) for match in matches]


def test_literals_every_match_holds():
    near = near_literals(re.compile(r"\b(?:(?:about|around)\s+)?(?P<n>\d+)\s+(?:days?|weeks?|fortnights?)\b"))
    assert near is not None
    # one literal per unit: a text holding "days" holds "day"
    assert set(near.literals) == {"day", "week", "fortnight"}


def test_a_literal_run_beats_a_common_word():
    near = near_literals(re.compile(r"\bthe (?P<unit>week|month|year)(?=['’]s\b)"))
    assert near is not None
    assert set(near.literals) == {"week", "month", "year"}  # not "the ", which is everywhere


def test_reach_counts_lookarounds_boundaries_and_runs():
    near = near_literals(re.compile(r"(?<!\w)ab\s+(?P<n>\d+)c\b(?!xy)"))
    assert near is not None
    # lookbehind 1, "ab" 2, a run of space, a run of digits, "c" 1, the boundary 1, the lookahead 2
    assert near.reach == Reach(fixed=7, per_space_run=1, per_digit_run=1)
    assert near.reach.chars(space_run=3, digit_run=4) == 14


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?P<w>ab)c(?P=w)",  # a back-reference
        r"ab.*cd",  # an unbounded repeat of anything
        r"\b(?:ab)?",  # may match nothing
        r"\b\d+\s+\w+",  # no literal to look for
        r"\b[a-z]{1,20}e[a-z]{1,20}\b",  # a literal so common that the windows would cover the text
    ],
)
def test_patterns_it_cannot_bound_are_scanned_whole(pattern):
    assert near_literals(re.compile(pattern)) is None


def test_case_folding_patterns_are_scanned_whole():
    assert near_literals(re.compile(r"\bquarter\b", re.IGNORECASE)) is None
    assert near_literals(re.compile(r"\b(?i:quarter)\b")) is None


def test_longest_runs():
    scanned = ScannedText("a  b\n\n\n c 12345 d 7")
    assert (scanned.longest_space_run, scanned.longest_digit_run) == (4, 5)
    scanned = ScannedText("a b")
    assert (scanned.longest_space_run, scanned.longest_digit_run) == (1, 1)


def test_literals_are_found_once_per_text():
    scanned = ScannedText("may 5, march 3")
    months = [p.windows for p in PATTERNS if p.windows is not None and "may" in p.windows.literals]
    assert len(months) >= 2
    first = scanned.literal_spans(months[0].literal_finders)
    assert first == [(0, 3), (7, 10)]
    assert scanned.literal_spans(months[1].literal_finders) is first


def test_most_rules_are_searched_near_literals():
    windowed = [p.rule.name for p in PATTERNS if p.windows is not None]
    assert {"quarter", "duration", "ago", "month_day", "weekday", "iso", "time24"} <= set(windowed)
    assert len(windowed) >= 50


def _same_everywhere(texts: list[str]) -> None:
    for name, pattern, windows in ((p.rule.name, p.lowered, p.windows) for p in PATTERNS):
        if windows is None:
            continue
        for text in texts:
            expected = spans(pattern.finditer(text))
            assert spans(windows.finditer(ScannedText(text))) == expected, (name, text[:80])


def _sample(items, generator: random.Random) -> str:
    """A string the parsed pattern ``items`` is likely to match (lookarounds aside): literals as they are,
    a random branch, a random number of repeats, a random member of a character set."""
    out = []
    for op, av in items:
        if op is sre.LITERAL:
            out.append(chr(av))
        elif op is sre.SUBPATTERN:
            out.append(_sample(av[-1], generator))
        elif op is sre.BRANCH:
            out.append(_sample(generator.choice(av[1]), generator))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, item = av
            out.extend(_sample(item, generator) for _ in range(generator.randint(low, min(high, low + 2))))
        elif op is sre.IN:
            out.append(_member(av, generator))
        elif op in (sre.ANY, sre.NOT_LITERAL):
            out.append("x")
    return "".join(out)


def _member(members, generator: random.Random) -> str:
    kind, value = generator.choice(members)
    if kind is sre.LITERAL:
        return chr(value)
    if kind is sre.RANGE:
        return chr(generator.randint(*value))
    if kind is sre.CATEGORY:
        return {
            sre.CATEGORY_DIGIT: generator.choice("0123456789"),
            sre.CATEGORY_SPACE: generator.choice(" \n\t"),
            sre.CATEGORY_WORD: "a",
        }.get(value, "x")
    return "x"


def test_rules_find_the_same_in_generated_texts():
    """Texts strung together from strings sampled from every rule's own pattern, the rules' words, digits,
    odd white space and punctuation, so that matches crowd, overlap, touch and sit at the windows' edges."""
    generator = random.Random(20261124)
    trees = [sre_parse.parse(pattern.pattern).data for pattern in (p.lowered for p in PATTERNS)]
    sources = [p.pattern.pattern.lower() for p in PATTERNS]
    words = sorted({word for source in sources for word in re.findall(r"[a-z][a-z'’.-]+", source) if len(word) > 1})
    fillers = words + [
        "1",
        "12",
        "2019",
        ",",
        ".",
        "-",
        "–",
        "'s",
        "the",
        "of",
        "in",
        "and",
        "the week's",
        "1980-88",
        "2009–10",
        "september 11 attacks",
        "in two weeks' time",
    ]  # rules that
    # match only with what they look around at
    spaces = [" ", " ", " ", "  ", "\n", "\n\n", "\t", " \n  \t ", " " * 30, ""]
    texts = []
    for _ in range(400):
        parts = []
        for _ in range(generator.randint(1, 60)):
            parts.append(
                _sample(generator.choice(trees), generator) if generator.random() < 0.5 else generator.choice(fillers)
            )
            parts.append(generator.choice(spaces))
        texts.append("".join(parts))
    matched = {p.rule.name for p in PATTERNS if any(p.lowered.search(t) for t in texts)}
    assert len(matched) == len({p.rule.name for p in PATTERNS})  # every rule is put to the test
    _same_everywhere(texts)


def test_rules_find_the_same_in_the_example_corpus_and_seeds():
    texts = [path.read_text(encoding="utf-8").lower() for path in sorted(EXAMPLES.iterdir()) if path.is_file()]
    if SEEDS.is_dir():
        texts += [path.read_text(encoding="utf-8").lower() for path in sorted(SEEDS.glob("*.txt"))]
    assert texts
    _same_everywhere(texts)


def test_a_long_run_of_space_widens_the_windows():
    pattern = re.compile(r"\b(?P<n>\d+)\s+days\b")
    near = near_literals(pattern)
    assert near is not None
    text = "x " * 200 + "5" + " " * 500 + "days " + "y " * 200
    assert spans(near.finditer(ScannedText(text))) == spans(pattern.finditer(text)) != []
