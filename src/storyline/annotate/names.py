"""Grammatical gender of person names, so "she said" is not given to the nearest man.

Only clear evidence counts: a title written before the name ("Mr.", "Mrs.", "Ms.") or a
first name that is (nearly) always one gender in English-language news.  Everything else
is unknown, and an unknown name stays a valid match for either pronoun.  The first-name
lists are short on purpose and hand-written; a wrong entry costs more than a missing one.
"""

from __future__ import annotations

MALE_TITLES = frozenset(
    {
        "mr",
        "mr.",
        "sir",
        "lord",
        "king",
        "prince",
        "father",
        "brother",
        "congressman",
        "businessman",
        "spokesman",
        "chairman",
        "councilman",
        "assemblyman",
        "husband",
    }
)
FEMALE_TITLES = frozenset(
    {
        "mrs",
        "mrs.",
        "ms",
        "ms.",
        "miss",
        "madam",
        "lady",
        "dame",
        "queen",
        "princess",
        "sister",
        "congresswoman",
        "businesswoman",
        "spokeswoman",
        "chairwoman",
        "councilwoman",
        "assemblywoman",
        "wife",
        "mother",
        "daughter",
        "actress",
    }
)

MALE_FIRST_NAMES = frozenset(
    """
aaron adam ahmed alan albert alex alexander ali andrew anthony antonin arnold arthur barack ben benjamin
bernie bill billy bob bobby brad bradley brandon brian bruce bryan carl carlos charles charlie chris
christopher chuck colin craig dan daniel darrell dave david dennis derek dick don donald doug douglas
dwight ed eddie edward eric frank fred gary george gerald glenn gordon greg gregory harold harry henry
howard ian jack jacob jake james jared jason jeb jeff jeffrey jeremy jerry jim jimmy joe joel john johnny
jon jonathan jorge jose joseph josh joshua juan justin keith ken kenneth kevin kurt larry lawrence lee
louis luis marco marcus mark martin matt matthew michael mike mitch mitt mohamed mohammed muhammad
nathan newt nicholas nick patrick paul peter phil philip ralph randy raymond reince rick richard rob
robert roger ron ronald roy rudy rudolph russell ryan sam samuel scott sean sergei stephen steve steven
stuart ted terry thomas tim timothy todd tom tony vladimir walter wayne william willie xi
""".split()
)

FEMALE_FIRST_NAMES = frozenset(
    """
abigail alice alicia amanda amy andrea angela angelina ann anna anne barbara betsy betty beverly
brenda carly carol caroline catherine cathy cecile charlotte cheryl christina christine claire cynthia
dana debbie deborah debra diana diane donna doris dorothy elaine elena elizabeth ellen emily emma
evelyn florence frances gloria grace hannah heather helen hillary huma irene ivanka jane janet janice
jean jennifer jessica jill joan joanna joni joyce judith judy julia julie karen kate katherine kathleen
kathy katie kelly kellyanne kimberly kirsten laura lauren linda lisa loretta lori louise lynn maggie
margaret maria marie marilyn martha mary megan megyn melania melissa michelle mildred nancy nicole nikki
olivia pamela patricia paula rachel rebecca rosa rose ruth sally samantha sandra sara sarah sharon
shirley sophia stephanie susan susana suzanne tammy teresa theresa tina valerie victoria virginia
wendy
""".split()
)


def gender_of_first_name(name: str) -> str | None:
    """``"m"``, ``"f"`` or None for a first name (any case)."""
    key = name.lower().strip(".")
    if key in MALE_FIRST_NAMES:
        return "m"
    if key in FEMALE_FIRST_NAMES:
        return "f"
    return None


def gender_of_title(word: str) -> str | None:
    """``"m"``, ``"f"`` or None for a word written just before a name ("Mrs.", "Congressman")."""
    key = word.lower()
    if key in MALE_TITLES:
        return "m"
    if key in FEMALE_TITLES:
        return "f"
    return None
