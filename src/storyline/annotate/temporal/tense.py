"""Calendar arithmetic and tense for the temporal tagger.

Two questions decide how a relative expression resolves: *which calendar unit does it name*
(a day, a week, a month …, kept as TIMEX3 granularity) and *which way does it point*
(the tense and modality of the clause that governs it).  This module answers both; it knows
nothing about the surface patterns, which live in ``rules``.

Every function takes the anchor date as ``datetime.date | None``: with ``None`` (an undated
article) the result keeps TIMEX3 placeholders (``XXXX-XX-XX``) instead of guessing a date.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import Literal

from spacy.tokens import Doc, Token

from storyline.annotate.nlp import climb

Tense = Literal["past", "present", "future", "unknown"]

SEASONS = {"spring": "SP", "summer": "SU", "fall": "FA", "autumn": "FA", "winter": "WI"}
SEASON_MONTH = {"SP": 4, "SU": 7, "FA": 10, "WI": 1}  # a representative month, to order seasons


def season_of(month: int) -> str:
    """The season a month lies in (northern hemisphere, meteorological: December is winter)."""
    return ("WI", "SP", "SU", "FA")[month % 12 // 3]


def season_in_focus(anchor: dt.date) -> tuple[int, int]:
    """(year, representative month) of the season the anchor lies in, to order seasons by: a winter counts in
    the year of its January (December opens the next one)."""
    return anchor.year + (anchor.month == 12), SEASON_MONTH[season_of(anchor.month)]


def last_season_year(anchor: dt.date, code: str) -> int:
    """The year of the latest such season before the one the anchor lies in ("last summer")."""
    current = season_in_focus(anchor)
    return max(y for y in (current[0] - 1, current[0]) if (y, SEASON_MONTH[code]) < current)


_FUTURE_MODALS = {
    "will",
    "'ll",
    "wo",
    "shall",
    "would",
    "could",
    "may",
    "might",
    "should",
    "can",
    "must",
    "'d",
    "ca",
    "going",
}
_PAST_AUX = {"had", "did", "was", "were", "'d"}
_LOOKING_AHEAD = {
    "plan",
    "schedule",
    "expect",
    "agree",
    "decide",
    "hope",
    "want",
    "intend",
    "promise",
    "aim",
    "threaten",
    "vow",
    "prepare",
    "set",
    "need",
    "seek",
    "ask",
    "urge",
    "call",
    "vote",
    "wish",
    "propose",
    "offer",
    "pledge",
    "go",
    "be",
    "likely",
    "due",
    "able",
    "ready",
    "order",
    "invite",
    "could",
    "would",
    "will",
    "may",
    "might",
    "can",
    "must",
    "should",
    "confirm",
}
_SCHEDULING = {"schedule", "plan", "set", "slate"}
#: adjectives whose infinitive is still to come ("eager to meet Friday", "poised to win Tuesday"), beside
#: _LOOKING_AHEAD's ("likely", "due", "able", "ready", "set")
_POISED = {
    "eager",
    "willing",
    "sure",
    "certain",
    "poised",
    "unlikely",
    "free",
    "bound",
    "keen",
    "determined",
    "prepared",
    "anxious",
    "reluctant",
    "unable",
    "expected",
    "scheduled",
    "slated",
}
#: passives of arranging and expecting ("was expected to", "were scheduled to")
_EXPECTED_IN_PAST = {"expect", "schedule", "slate", "set", "plan", "suppose"}
#: verbs whose simple past tells what someone meant to do ("hoped to return Friday"): the day may lie on either side
_HOPED_IN_PAST = {"hope", "plan", "expect", "intend", "aim", "want", "prepare"}
#: verbs whose simple present tells a timetable, what is to come ("the act comes into force on Monday")
_TIMETABLED = {
    "come",
    "end",
    "begin",
    "start",
    "open",
    "close",
    "expire",
    "resume",
    "run",
    "take",
    "meet",
    "face",
    "play",
    "host",
    "arrive",
    "leave",
    "depart",
    "head",
    "go",
    "return",
    "continue",
    "last",
    "kick",
    "fall",
    "vote",
    "sit",
    "launch",
    "debut",
    "premiere",
    "air",
}
#: the timetable verbs whose simple present dates a month ahead ("the term ends in June", "the law expires in March");
#: not "fall" or "run", which a headline's present uses for a past month ("sales fall in May")
_SCHEDULED_ENDS = {"begin", "start", "end", "open", "close", "expire", "resume", "debut", "premiere"}
#: votes a place holds on a day set ahead ("its primary", "the referendum")
VOTES = {"primary", "caucus", "caucuses", "election", "referendum"}
#: what a place or a body holds on a day of its timetable ("holds its primary Tuesday", "Tuesday's summit")
HELD_EVENTS = VOTES | {
    "vote",
    "meeting",
    "talks",
    "summit",
    "hearing",
    "conference",
    "session",
    "debate",
    "encounter",
    "showdown",
    "game",
    "match",
    "concert",
    "show",
    "ceremony",
    "festival",
}
#: verbs that wait for an event, beside _LOOKING_AHEAD's ("police prepare for Friday's rally")
_AWAITING = {"await", "anticipate", "brace", "gear"}
#: conjunctions whose clause in the simple present tells what is to come ("if he wins in November")
_FUTURE_IN_PRESENT_MARKS = {"if", "unless", "once", "until", "till", "before"}
_REPORTING = {"say", "tell", "announce", "report", "state", "add", "note", "claim"}
#: auxiliaries that make "been -ing" a perfect progressive ("has been leaking since April")
_PERFECT_AUX = {"has", "have", "had", "'ve"}


# ── granularity-preserving values ─────────────────────────────────────────────


def day_value(day: dt.date | None) -> str:
    return day.isoformat() if day else "XXXX-XX-XX"


def week_value(day: dt.date | None) -> str:
    if day is None:
        return "XXXX-WXX"
    year, week, _ = day.isocalendar()
    return f"{year:04d}-W{week:02d}"


def month_value(year: int | None, month: int) -> str:
    return f"{year:04d}-{month:02d}" if year is not None else f"XXXX-{month:02d}"


def quarter_of(day: dt.date) -> int:
    return (day.month - 1) // 3 + 1


def add_months(day: dt.date, months: int) -> dt.date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return dt.date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def shift_value(anchor: dt.date | None, unit: str, n: int) -> str:
    """The calendar unit ``n`` units away from ``anchor``, at the unit's own granularity.

    A shift past the calendar's years 1 to 9999 ("1000000 days ago") gives the unit's placeholder."""
    try:
        value = _shifted(anchor, unit, n)
    except (OverflowError, ValueError):
        if unit not in _UNIT_PLACEHOLDERS:
            raise
        return _UNIT_PLACEHOLDERS[unit]
    lead = re.match(r"-?\d+", value)
    if lead and not 1 <= int(lead.group(0)) * _YEAR_SCALE.get(unit, 1) <= 9999:
        return _UNIT_PLACEHOLDERS[unit]
    return value


#: the value of each unit with nothing known (also what an impossible shift gives)
_UNIT_PLACEHOLDERS = {
    "day": "XXXX-XX-XX",
    "night": "XXXX-XX-XX",
    "week": "XXXX-WXX",
    "fortnight": "XXXX-WXX",
    "weekend": "XXXX-WXX-WE",
    "month": "XXXX-XX",
    "quarter": "XXXX-QX",
    "half": "XXXX-HX",
    "year": "XXXX",
    "decade": "XXX",
    "century": "XX",
    "hour": "XXXX-XX-XX",
    "minute": "XXXX-XX-XX",
    "second": "XXXX-XX-XX",
}
#: how many years one step of a decade / century value's leading number is
_YEAR_SCALE = {"decade": 10, "century": 100}


def _shifted(anchor: dt.date | None, unit: str, n: int) -> str:
    if unit in ("day", "night"):
        return day_value(anchor + dt.timedelta(days=n) if anchor else None)
    if unit == "week":
        return week_value(anchor + dt.timedelta(weeks=n) if anchor else None)
    if unit == "fortnight":
        return week_value(anchor + dt.timedelta(weeks=2 * n) if anchor else None)
    if unit == "weekend":
        return (week_value(anchor + dt.timedelta(weeks=n)) if anchor else "XXXX-WXX") + "-WE"
    if unit == "month":
        if anchor is None:
            return "XXXX-XX"
        moved = add_months(anchor.replace(day=1), n)
        return month_value(moved.year, moved.month)
    if unit == "quarter":
        if anchor is None:
            return "XXXX-QX"
        index = anchor.year * 4 + quarter_of(anchor) - 1 + n
        return f"{index // 4:04d}-Q{index % 4 + 1}"
    if unit == "half":
        if anchor is None:
            return "XXXX-HX"
        index = anchor.year * 2 + (anchor.month - 1) // 6 + n
        return f"{index // 2:04d}-H{index % 2 + 1}"
    if unit == "year":
        return f"{anchor.year + n:04d}" if anchor else "XXXX"
    if unit == "decade":
        return f"{(anchor.year // 10 + n):03d}" if anchor else "XXX"
    if unit == "century":
        return f"{(anchor.year // 100 + n):02d}" if anchor else "XX"
    if unit in ("hour", "minute", "second"):
        return day_value(anchor)
    raise ValueError(f"unknown calendar unit {unit!r}")


def shift_value_string(value: str, unit: str, n: int) -> str | None:
    """Shift an already resolved quarter/half value (``1989-Q3`` a year back → ``1988-Q3``)."""
    if len(value) == 7 and value[4:6] in ("-Q", "-H") and value[:4].isdigit() and value[6].isdigit():
        years = n if unit == "year" else 0
        return f"{int(value[:4]) + years:04d}{value[4:]}"
    return None


#: a month without a day is compared at its middle
_MID_MONTH = 15
#: see ``nearest_year``: a tense guess this far away loses to a reading this near
_FAR_GUESS_DAYS = 240
_NEAR_DAYS = 60
#: how deep ``_verb_tense`` follows heads and ``clause_tense`` climbs (a sentence-split parse can loop)
_MAX_DEPTH = 6
MAX_CLIMB = 8


def nearest_year(anchor: dt.date, month: int, day: int | None, tense: Tense, since: bool = False) -> int:
    """The year for a month (and day) written without one, pointing the way the tense says.

    After "since" it is always the latest such month (or day) not after the anchor: "since November"
    written in October is last November, whatever the clause.

    Past tense: the latest such date not after the anchor; future: the first not before it;
    otherwise the nearest one (the usual reading in news).  Two exceptions, both tuned on TimeBank
    news: a month is next month's even in a past clause ("reported a cutback in September" in
    August) and last month's even in a future one ("will report on September" in October); and a
    day the tense puts more than ``_FAR_GUESS_DAYS`` away loses to the other reading when that one
    is within ``_NEAR_DAYS`` of the anchor.
    """
    d = day or _MID_MONTH

    def make(year: int) -> dt.date:
        return dt.date(year, month, min(d, calendar.monthrange(year, month)[1]))

    this = make(anchor.year)
    if since:
        if day is None:
            return anchor.year if month <= anchor.month else anchor.year - 1
        return anchor.year if this <= anchor else anchor.year - 1
    if day is None:  # months compare as whole months
        same = month == anchor.month
        ahead = (month - anchor.month) % 12  # months from the anchor's month forward to this month
        if tense == "past":
            # next month is meant even in a past clause ("reported a cutback in September" in August)
            if ahead == 1:
                return anchor.year + (month == 1)
            return anchor.year if month <= anchor.month else anchor.year - 1
        if tense == "future":
            if ahead == 11:  # last month, named in a future clause ("will report on September" in October)
                return anchor.year - (month == 12)
            return anchor.year if month >= anchor.month else anchor.year + 1
        if same:
            return anchor.year
    else:
        chosen = None
        if tense == "past":
            chosen = anchor.year if this <= anchor else anchor.year - 1
        elif tense == "future":
            chosen = anchor.year if this >= anchor else anchor.year + 1
        if chosen is not None:
            # a tense guess that lands most of a year away loses to a date a few weeks away
            other = anchor.year if chosen != anchor.year else (anchor.year - 1 if tense == "past" else anchor.year + 1)
            if abs((make(chosen) - anchor).days) > _FAR_GUESS_DAYS and abs((make(other) - anchor).days) < _NEAR_DAYS:
                return other
            return chosen
    candidates = [make(anchor.year - 1), this, make(anchor.year + 1)]
    best = min(candidates, key=lambda c: abs((c - anchor).days))
    return best.year


def weekday_date(anchor: dt.date, weekday: int, direction: str) -> dt.date:
    """A weekday (0 = Monday) relative to ``anchor``.

    ``past``: the latest such day on or before the anchor; ``future``: the first on or after it
    (an article of a Tuesday saying "will … on Tuesday" means that same day);
    ``last``/``next``: strictly before/after; ``nearest``: the closest, on either side.
    """
    delta = weekday - anchor.weekday()
    if direction == "past":
        return anchor + dt.timedelta(days=delta if delta <= 0 else delta - 7)
    if direction == "future":
        return anchor + dt.timedelta(days=delta if delta >= 0 else delta + 7)
    if direction == "nearest":
        return anchor + dt.timedelta(days=min((delta, delta - 7, delta + 7), key=abs))
    if direction == "last":
        return anchor + dt.timedelta(days=delta if delta < 0 else delta - 7)
    if direction == "next":
        return anchor + dt.timedelta(days=delta if delta > 0 else delta + 7)
    raise ValueError(direction)


# ── tense and modality of the governing clause ───────────────────────────────


def _carries_had(token: Token) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.lower_ in ("had", "'d") for c in token.children)


def _past_perfect_above(verb: Token) -> bool:
    """Whether a verb up to two heads above carries "had" (the plan was already past)."""
    token = verb
    for _ in range(2):
        if token.head == token:
            return False
        token = token.head
        if _carries_had(token):
            return True
    return False


def is_past_perfect(verb: Token | None) -> bool:
    """Whether the verb is a past perfect ("had not called", "had been named")."""
    return verb is not None and verb.tag_ == "VBN" and _carries_had(verb)


def is_present_perfect(verb: Token | None) -> bool:
    """Whether the verb is a present perfect ("have not recovered", "has been named"): a past reaching to now."""
    return (
        verb is not None
        and verb.tag_ == "VBN"
        and any(c.dep_ in ("aux", "auxpass") and c.lower_ in ("has", "have", "'ve") for c in verb.children)
    )


#: words that make an infinitive after a noun tell what happened, not a plan ("the first countries to join")
_RANKING_WORDS = {"first", "last", "only", "second", "third", "latest"}


def _ranked_noun(noun: Token) -> bool:
    """Whether a noun carries an ordinal or a superlative ("the first three countries", "the biggest bank")."""
    return any(c.lower_ in _RANKING_WORDS or c.tag_ == "JJS" for c in noun.children)


def _perfect_progressive(verb: Token) -> bool:
    """Whether the verb is a perfect progressive ("have been searching"): begun before now, perhaps still going."""
    return verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lower_ in _PERFECT_AUX for c in verb.children)


def _verb_tense(verb: Token, depth: int = 0) -> Tense:
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    lowers = {a.lower_ for a in auxes}
    if (
        (lowers & _FUTURE_MODALS or any(a.tag_ == "MD" for a in auxes))
        and "have" in lowers
        and verb.tag_ == "VBN"
        and not lowers & {"will", "'ll", "shall"}
    ):
        return "past"  # "may have been", "could have done": a guess about the past ("will have spilled" is ahead)
    if lowers & _FUTURE_MODALS or any(a.tag_ == "MD" for a in auxes):
        return "future"
    if verb.lower_ in ("will", "'ll", "would", "could"):
        return "future"
    if any(a.lower_ == "to" for a in auxes) and verb.tag_ == "VBN":
        head = verb.head
        if "have" in lowers:
            return "past"  # "is believed to have died Saturday"
        if (
            head != verb
            and head.pos_ in ("VERB", "AUX")
            and head.lemma_ not in _LOOKING_AHEAD
            and depth < _MAX_DEPTH
            and _verb_tense(head, depth + 1) == "past"
        ):
            return "past"  # "was found to be infected on Saturday" ("is due to be announced" reads as present)
    # "going to strike", "plans to resume", "scheduled to resume"
    if any(a.lower_ == "to" for a in auxes) and verb.tag_ == "VB":
        head = verb.head
        if _past_perfect_above(verb):
            return "past"  # "had been scheduled to expire Friday", "had been due to expire Friday"
        if _perfect_progressive(head):
            return "future"  # "has been pushing for NATO to take over by Monday": the aim is still ahead
        if head != verb and head.pos_ in ("VERB", "AUX") and head.lemma_ not in _LOOKING_AHEAD and depth < _MAX_DEPTH:
            # "began to stall mid-August", "extended the offer to buy … Friday": as past as the head
            return _verb_tense(head, depth + 1)  # bounded: a sentence-split parse can loop
        if (
            head != verb
            and head.pos_ == "ADJ"
            and head.dep_ == "acomp"
            and head.lemma_ not in _LOOKING_AHEAD
            and head.lemma_ not in _POISED
            and verb.lemma_ not in ("be", "have")
            and head.head.pos_ in ("VERB", "AUX")
            and depth < _MAX_DEPTH
        ):
            # "were surprised to see a sign on Friday night", "were about to cross": as past as the feeling ("is eager
            # to meet" looks ahead, and so may a state: "was happy to be back ahead of the opener on February 4")
            return _verb_tense(head.head, depth + 1)
        if (
            verb.dep_ in ("acl", "relcl")
            and head.pos_ in ("NOUN", "PROPN", "NUM")
            and _ranked_noun(head)
            and depth < _MAX_DEPTH
        ):
            # "the first three countries to join NATO on Friday were …": as past as the clause around the noun
            governor = climb(head, lambda n: n.pos_ not in ("VERB", "AUX"))
            if governor.pos_ in ("VERB", "AUX") and governor != verb:
                return _verb_tense(governor, depth + 1)
        return "future"  # "agreed to meet Friday", "scheduled to resume Friday", "could begin to …"
    if verb.lemma_ in _SCHEDULING and verb.tag_ == "VBN" and verb.dep_ == "acl" and depth < _MAX_DEPTH:
        # "a service planned for Saturday was canceled": as past as the clause around the noun
        governor = climb(verb.head, lambda n: n.pos_ not in ("VERB", "AUX"))
        if (
            governor.pos_ in ("VERB", "AUX")
            and governor != verb
            and _verb_tense(governor, depth + 1) == "past"
            and not _perfect_progressive(governor)
        ):  # "have been preparing for a march planned for Tuesday"
            return "past"
    if (
        verb.lemma_ in _SCHEDULING
        and verb.tag_ in ("VBD", "VBN")
        and not _carries_had(verb)
        and not (
            verb.lemma_ == "set"
            and not any(c.dep_ in ("prep", "aux") and c.lower_ in ("for", "to") for c in verb.children)
        )
    ):
        return "future"  # "has scheduled a news conference Thursday", "planned a rally on Saturday", "set for Friday"
        # (a record "set on Aug. 6" was set then; "had planned this trip in March" was a plan already past)
    if verb.tag_ == "VBD" and _hypothetical(verb):
        return "future"  # "how he would fare if he won the election on Nov. 8": a supposition about what is to come
    if verb.tag_ == "VBD" or lowers & _PAST_AUX:
        return "past"
    if verb.tag_ == "VBN":
        if lowers == {"being"} and verb.head != verb and verb.head.pos_ in ("VERB", "AUX") and depth < _MAX_DEPTH:
            return _verb_tense(verb.head, depth + 1)  # "are facing being cut off for winter": as the verb it follows
        if lowers & {"has", "have", "'ve", "'s"}:
            return "past"
        if lowers & {"is", "are", "am", "'re", "be"}:
            return "present"
        return "past"
    if verb.tag_ in ("VBZ", "VBP"):
        if verb.lemma_ == "be" and any(c.dep_ == "acomp" and c.lower_ == "due" for c in verb.children):
            return "future"  # "the report is due on November 6": what is due lies ahead
        if any(c.dep_ == "mark" and c.lower_ in _FUTURE_IN_PRESENT_MARKS for c in verb.children):
            return "future"  # "if he wins in November", "once the polls close on Tuesday": English tells what is
            # to come in the present after these
        return "present"
    if verb.tag_ == "VBG":
        if _perfect_progressive(verb):
            return "past"  # "have been searching since the Oct. 23 slaying": begun before now
        if lowers & {"is", "are", "am", "'re", "'m"}:
            return "present"
        if lowers & {"was", "were"}:
            return "past"
    return "unknown"


def _hypothetical(verb: Token) -> bool:
    """Whether a simple past is an "if" clause's supposition under a "would" ("would fare if he won"), not a
    "would have" looking back ("would have left if he won")."""
    if not any(c.dep_ == "mark" and c.lower_ == "if" for c in verb.children) or verb.head == verb:
        return False
    auxes = {c.lower_ for c in verb.head.children if c.dep_ in ("aux", "auxpass")}
    return bool(auxes & {"would", "'d", "could", "might"}) and "have" not in auxes


def clause_tense(doc: Doc, start: int, end: int) -> tuple[Tense, Token | None]:
    """Tense of the clause that governs the characters ``start:end`` (and its head verb)."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return "unknown", None
    token = span.root
    seen = 0
    while seen < MAX_CLIMB:
        if token.pos_ in ("VERB", "AUX") and not (token.i >= span.start and token.i < span.end):
            tense = _verb_tense(token)
            if tense != "unknown" or token.dep_ in ("ROOT",) or token.head == token:
                if tense == "unknown" and token.tag_ == "VBG" and token.dep_ not in ("ROOT",):
                    tense = _verb_tense(token.head) if token.head != token else tense
                return tense, token
        if token.head == token:
            break
        token = token.head
        seen += 1
    # no verb above the expression: use the sentence's root verb
    root = span.sent.root
    if root.pos_ in ("VERB", "AUX"):
        return _verb_tense(root), root
    return "unknown", None


def expected_in_past(verb: Token | None) -> bool:
    """Whether the clause tells what a past report expected ("was expected to receive snow Wednesday evening",
    "was scheduled to land Monday", "was due to vote Friday"): its day may lie on either side of the DCT."""
    if verb is None or verb.tag_ != "VB" or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return False
    head = verb.head
    if head.lower_ == "due":
        return head.head.lower_ in ("was", "were")
    if head.lemma_ in _HOPED_IN_PAST and head.tag_ == "VBD":
        return True  # "many workers hoped to return to work on Friday", in Saturday's paper
    return (
        head.lemma_ in _EXPECTED_IN_PAST
        and head.tag_ == "VBN"
        and any(c.dep_ == "auxpass" and c.lower_ in ("was", "were") for c in head.children)
    )


def future_in_past(verb: Token | None) -> bool:
    """Whether the clause tells, with "would" or "could", what a past hope looked ahead to ("hoped that one of them
    could return home on Tuesday"): its day may lie on either side. A report's "said jurors would hear closing
    arguments on Monday" still looks ahead."""
    if verb is None or verb.dep_ != "ccomp" or verb.head.tag_ != "VBD" or verb.head.lemma_ not in _HOPED_IN_PAST:
        return False
    return any(c.dep_ == "aux" and c.lower_ in ("would", "could", "'d") for c in verb.children)


def simple_present_deed(verb: Token | None) -> bool:
    """Whether the clause tells a deed in the simple present, as captions and headlines tell what just happened
    ("rebels move on the town on Saturday", "follows a protest Thursday"), not a timetable ("the act comes into
    force on Monday", "the pilgrimage ends on Monday"), a state ("is", "has") or a report ("says")."""
    return (
        verb is not None
        and verb.tag_ in ("VBZ", "VBP")
        and verb.lemma_ not in ("be", "have")
        and verb.lemma_ not in _TIMETABLED
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
        and not looks_ahead(verb)
        and not is_reporting(verb)
        and not _holds_a_meeting(verb)
    )


def tells_a_timetable(verb: Token | None) -> bool:
    """Whether the clause's verb is a schedule's simple present ("the court term that begins next Monday and ends
    in June"): what it dates lies ahead."""
    return (
        verb is not None
        and verb.tag_ in ("VBZ", "VBP")
        and verb.lemma_ in _SCHEDULED_ENDS
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    )


def is_imperative(verb: Token | None) -> bool:
    """Whether the clause is a bare imperative ("Remember in November …", "Missouri: Remember …", where the parser
    takes the one addressed for a subject): it asks for what is still to come.  At most one word may come before it
    ("The network, put out a call" is a past "put")."""
    if (
        verb is None
        or verb.tag_ != "VB"
        or verb.dep_ != "ROOT"
        or any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    ):
        return False
    return sum(1 for t in verb.doc[verb.sent.start : verb.i] if not t.is_punct) <= 1


def _holds_a_meeting(verb: Token) -> bool:
    """Whether the verb holds a vote or a meeting ("New Jersey, which also holds its primary Tuesday"): a timetable,
    not a deed a caption tells ("protesters hold signs Tuesday")."""
    return verb.lemma_ == "hold" and any(c.dep_ == "dobj" and c.lemma_ in HELD_EVENTS for c in verb.children)


def looks_ahead(verb: Token) -> bool:
    """Whether the verb waits for what it governs ("expect", "prepare for", "plan"); not "be" or "go",
    which look ahead only with an infinitive ("is to", "going to")."""
    return (verb.lemma_ in _LOOKING_AHEAD or verb.lemma_ in _AWAITING) and verb.lemma_ not in ("be", "go")


def is_reporting(verb: Token | None) -> bool:
    return verb is not None and verb.lemma_ in _REPORTING


def failed_in_past(verb: Token | None) -> bool:
    """Whether a main clause tells, with a negated "could" or "would", what someone could not or would not do
    ("could not be reached Friday", "neither he nor … could be located Wednesday", "wouldn't budge Friday"): a
    past inability or refusal, not a future ("said he would not attend", in a report, is one)."""
    if verb is None or verb.dep_ not in ("ROOT", "conj") or any(c.dep_ in ("mark", "parataxis") for c in verb.children):
        return False
    auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    if not auxes & {"could", "would"} or "have" in auxes:
        return False
    if any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _FUTURE_IN_PRESENT_MARKS for m in c.children)
        for c in verb.children
    ):
        return False  # "if the talks fail, the union would not return on Monday": a supposition ahead
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return any(c.dep_ == "neg" for c in verb.children) or any(
        g.lower_ == "neither" for s in subjects for g in s.children
    )
