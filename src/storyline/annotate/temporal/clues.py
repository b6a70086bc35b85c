"""Clues in the words and the parse around an expression: whether it sits in a title, an aside, a possessive,
or dates an event still to come."""

from __future__ import annotations

import re

from storyline.annotate.temporal import tense as tr
from storyline.annotate.temporal.context import Context
from storyline.annotate.temporal.lexicon import (
    AHEAD_OF_LOOKBEHIND,
    AHEAD_OF_ON_BEFORE,
    APPOSITION_LOOKBEHIND,
    ASIDE_DEPS,
    BALLOTS,
    BARE_UNIT_PICKERS,
    BROADCASTERS,
    CALLING_FOR,
    CLOSE_BRACKET,
    DATE_APPOSED_BEFORE,
    EARLIER_EVENT_PREPOSITIONS,
    FUTURES_AFTER,
    FUTURES_BEFORE,
    LOOKBEHIND,
    MAX_CLIMB,
    MAX_CLIMB_AHEAD,
    MISHAPS,
    MONTHS,
    NAME_GOES_ON,
    NOT_A_STRETCH,
    OPEN_BRACKET,
    PLANNED,
    POSSESSIVE_END,
    QUOTE_CLOSE,
    QUOTED_NAME,
    RUN_UP,
    SAID_ON,
    SEASON_KIND_NOUNS,
    TITLE_CASE_SHARE,
    TITLE_REST,
    TITLE_WORDS,
    WEEKDAYS,
    WHEN_NOUNS,
)


def set_beside_a_date(text: str, start: int) -> bool:
    """Whether the expression at ``start`` stands in apposition to a calendar day or weekday just before it."""
    return bool(DATE_APPOSED_BEFORE.search(text, max(0, start - APPOSITION_LOOKBEHIND), start))


def in_brackets(text: str, start: int, end: int) -> bool:
    """Whether the characters ``start:end`` sit inside brackets: a citation or an aside, not the story's time."""
    return bool(OPEN_BRACKET.search(text, max(0, start - 61), start) and CLOSE_BRACKET.match(text[end : end + 31]))


def range_start_year(year: int, start_month: int, end_month: int) -> int:
    """The year a range starts in when only its end's year is written: "from December to March 2003" starts
    in 2002."""
    return year - 1 if end_month < start_month else year


def names_its_day(text: str) -> bool:
    """True for a calendar date written out ("Jan. 28", "28 January 2011"), not one counted ("the next day")."""
    return bool(re.search(r"\d", text)) and any(word in MONTHS for word in re.findall(r"[a-z]+", text.lower()))


def season_of_noun(season: str, span) -> bool:  # type: ignore[no-untyped-def]
    """Whether a bare lower-case season word tells a time by describing or being described: "the UK winter freeze",
    "their main summer offensive", "a harsh winter", "extreme winter weather". A capital is a name's ("the Arab
    Spring", "the Winter Olympics"); "fall" is too often a fall, and "spring" described a spring ("a hot spring")."""
    if span is None or len(span) != 1 or not season.islower() or season == "fall":
        return False
    token = span[0]
    if _season_modifies(token):
        return True
    return (
        season != "spring" and token.pos_ == "NOUN" and any(c.dep_ == "amod" and c.i < token.i for c in token.children)
    )


def _season_modifies(token) -> bool:  # type: ignore[no-untyped-def]
    """Whether the season word is a modifier of a noun after it that is not a kind of thing."""
    return (
        token.text.islower()
        and token.dep_ in ("compound", "amod", "nmod")
        and token.head.i > token.i
        and token.head.pos_ == "NOUN"
        and token.head.lower_ not in SEASON_KIND_NOUNS
    )


def season_names_a_kind(span) -> bool:  # type: ignore[no-untyped-def]
    """ "(for) summer camp", "spring water": the season word right before a kind noun it modifies."""
    if span is None or len(span) != 1:
        return False
    token = span[0]
    return (
        token.dep_ in ("compound", "amod", "nmod")
        and token.head.i == token.i + 1
        and token.head.lower_ in SEASON_KIND_NOUNS
    )


def in_a_title(matched: str, ctx, start: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether a capitalised word that is lower case in running text ("Now", "Daily", "This Morning") follows a
    capitalised word inside its sentence: part of a name or a title."""
    first = next(iter(matched.split()), "")
    if not first[:1].isupper() or first.lower() not in TITLE_WORDS and first.lower() not in WEEKDAYS:
        return False
    before = ctx.text[max(0, start - LOOKBEHIND) : start]
    words = before.split()
    if not words or not before[-1:].isspace() or before.rstrip()[-1:] in ".!?:;\"“”'‘’—-|(":
        return False
    previous = words[-1]
    if first.lower() in WEEKDAYS:
        # "Fox News Sunday", a programme; "on Fox News Tuesday night", "said Sunday" name the day
        return previous == "News" and matched.lower() == "sunday"
    if previous.upper() == "USA" and first.lower() == "today":
        return True  # the newspaper USA Today
    if previous in BROADCASTERS and not first.isupper():
        return True  # "CBS This Morning", "NBC Today": a broadcaster's programme
    if first.isupper():
        return False
    name = POSSESSIVE_END.sub("", previous)  # "ABC's This Week": a programme of a broadcaster
    if not (name[:1].isupper() and name.rstrip(",").isalpha() and (name != previous or not name.isupper())):
        return False
    return not _in_title_case(ctx.text, start)  # a headline in title case capitalises every word


def _in_title_case(text: str, start: int) -> bool:
    """Whether the line around ``start`` capitalises most of its words, as a headline written in title case does."""
    line_start = text.rfind("\n", max(0, start - 300), start) + 1
    line_end = text.find("\n", start, start + 300)
    line_words = [w for w in text[line_start : line_end if line_end >= 0 else start + 300].split() if w[:1].isalpha()]
    capitalised = sum(w[:1].isupper() for w in line_words)
    return capitalised >= TITLE_CASE_SHARE * len(line_words)


def a_titled_count(matched: str, text: str, start: int, end: int) -> bool:
    """Whether a count of time whose unit is capitalised inside running text is a title ("The movie 13 Hours by
    Michael Bay", CBS's ''60 Minutes''): a length is written in lower case; a longer name goes on after it ("the
    Seven Years War", "60 Minutes II"), and a headline capitalises every word."""
    words = matched.split()
    if len(words) < 2 or not words[0][:1].isdigit() or not words[-1][:1].isupper() or words[-1].isupper():
        return False
    return not NAME_GOES_ON.match(text, end) and not _in_title_case(text, start)


def quoted_title(matched: str, text: str, start: int, end: int) -> bool:
    """Whether capitalised words stand alone between quotation marks (''Today''), or a word that points from the day
    of writing opens a quoted title ("This Week with George Stephanopoulos", "Sunday Morning Futures"): a programme,
    not the day it names.  A date in a title still names its day (the "Christmas Offensive")."""
    opened = QUOTED_NAME.search(text[max(0, start - 3) : start])
    if not (matched.istitle() and matched.replace(" ", "").isalpha() and opened):
        return False
    first = matched.split()[0].lower()
    return (
        bool(QUOTE_CLOSE.match(text, end))
        or (first in TITLE_WORDS or first in WEEKDAYS)
        and bool(TITLE_REST.match(text, end))
    )


def next_is_verb_or_stop(ctx, end: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether a verb or a punctuation mark follows the characters up to ``end``: "the daily said", "the weekly,"."""
    rest = ctx.text[end : end + 40]
    stripped = rest.lstrip()
    if not stripped or stripped[0] in '.,;:!?"”’)':
        return True
    at = end + len(rest) - len(stripped)
    token = token_at(ctx, at, at + 1)
    return token is not None and token.pos_ in ("VERB", "AUX")


def a_share_of(unit: str, text: str, end: int) -> bool:
    """Whether "a quarter" ending at ``end`` is a share of something ("a quarter of China's users", "roughly a quarter
    to half of the flow"), not three months or "a quarter of a century"."""
    return unit == "quarter" and bool(
        re.match(
            r"\s+(?:(?:to|or)\s+(?:a\s+)?(?:half|third|fifth)\s+)?of\s+"
            r"(?!an?\s+(?:century|hour)\b)",
            text[end : end + 30],
        )
    )


def _is_deadline(noun) -> bool:
    """Whether the noun is what something happens by or ahead of ("by Sunday's kickoff", "ahead of Friday's
    vote", "until Monday's deadline"); not "before", which a present clause also measures a past from ("its
    share before Friday's purchases is 7%")."""
    if noun.dep_ != "pobj":
        return False
    prep = noun.head
    return prep.lower_ in ("by", "until", "till") or prep.lower_ == "of" and prep.head.lower_ == "ahead"


def ahead_of(ctx: Context, start: int, end: int) -> bool:
    """Whether the expression lies inside the object of "ahead of" ("ahead of Thursday's election", "ahead of a
    speech on Saturday"), not beside it ("ahead of the poll, on Tuesday also reached agreement")."""
    if AHEAD_OF_ON_BEFORE.search(ctx.text, max(0, start - AHEAD_OF_LOOKBEHIND), start):
        return True  # "a tight race ahead of the Iowa caucuses on Monday", however the parser hangs "on Monday"
    token = token_at(ctx, start, end)
    for _ in range(MAX_CLIMB_AHEAD):
        if token is None or token.head == token or token.pos_ in ("VERB", "AUX") and token.dep_ != "acl":
            return False  # "the summit scheduled for this Tuesday" is still the object
        if token.lower_ == "of" and token.head.lower_ == "ahead":
            return True
        token = token.head
    return False


def in_run_up_to(ctx: Context, start: int, end: int) -> bool:
    """Whether the expression lies in what a sentence not told in the past heads into ("Heading into Tuesday's
    primary, her lead has disappeared", "on the eve of Sunday's vote", "in the run-up to Friday's summit"); a
    past narrative ("had 1,944 delegates heading into Tuesday's primaries") may have passed it."""
    token = token_at(ctx, start, end)
    for _ in range(MAX_CLIMB_AHEAD):
        if token is None or token.head == token:
            return False
        head = token.head
        if (
            token.lower_ == "into"
            and head.tag_ == "VBG"
            and head.lemma_ in ("head", "go")
            or token.lower_ == "to"
            and RUN_UP.search(ctx.doc[max(0, head.i - 2) : head.i + 1].text)
            or token.lower_ == "of"
            and head.lower_ == "eve"
        ):
            root = token.sent.root
            return not (root.tag_ == "VBD" or tr.is_past_perfect(root))
        if token.pos_ in ("VERB", "AUX"):
            return False
        token = head
    return False


def deadline_ahead(ctx: Context, start: int, value: str) -> bool:
    """Whether the expression is the end of a span still ahead ("signed a contract until 2025", "extended
    through 2014"): a limit the text looks to, not the time it goes on to tell."""
    return (
        ctx.dct is not None
        and ctx.previous_word(start) in ("until", "till", "through")
        and value[:4].isdigit()
        and int(value[:4]) > ctx.dct.year
    )


def bare_unit_plausible(m: re.Match[str], ctx: Context) -> bool:
    """A plural unit with nothing that counts or picks it out: "days after", "after weeks of protests", "ended
    decades of two-party dominance", not "the days after", "two days after" (another rule's) or "his final
    moments before"."""
    before = ctx.previous_word(m.start())
    if (
        before in BARE_UNIT_PICKERS
        or before[:1].isdigit()
        or before[-1:].isdigit()
        or before.endswith(("'s", "’s", "half"))
    ):
        return False  # "the early morning hours of", "4+ hours of queuing" (the duration rule's)
    return ctx.text[m.start() - 1 : m.start()] != "-"  # "kilowatt-hours of electricity"


def possessive_ahead(ctx: Context, start: int, end: int) -> bool:
    """Whether "Friday's" names an event still ahead: the subject of a future clause ("Friday's vote
    will decide …"), or what a clause looking ahead awaits ("thousands are expected at Friday's rally")."""
    token = token_at(ctx, start, end)
    if token is None or token.dep_ != "poss":
        return False
    tense, verb = ctx.tense(start, end)
    if verb is None:
        return False
    if token.head.dep_ in ("nsubj", "nsubjpass") and tense == "future" and verb.i == token.head.head.i:
        # "said Wednesday's attacks would be investigated": "would" is the future of a past report
        return not any(c.lower_ in ("would", "'d") for c in verb.children)
    if tense in ("present", "future") and _is_deadline(token.head):
        return True  # "a rain and snow mix by Sunday evening's kickoff", "ahead of Friday's vote"
    if tense == "future" and token.head.lemma_ in tr.HELD_EVENTS:
        return True  # "will win a sweeping victory in Sunday's elections", "will be avoided with the conclusion
        # of Wednesday's summit" (a shooting or a ruling is reported, not held)
    return tense in ("present", "future") and tr.looks_ahead(verb)


def describes_a_count(m: re.Match[str], ctx: Context) -> bool:
    """Whether the word between a count and its plural unit is an adjective of that stretch ("a few frantic
    weeks", "two bloody weeks", "the four previous weeks"), not "other" or "light" ("500 light years")."""
    token = token_at(ctx, m.start("feel"), m.end("feel"))
    num = m["num"].lower()
    return (
        token is not None
        and token.tag_ == "JJ"
        and token.head.lower_ == m["unit"].lower()
        and num not in ("a", "an", "some", "many", "dozens of", "hundreds of", "a number of")
        and token.lower_ not in NOT_A_STRETCH
    )


def dates_an_awaited_event(ctx: Context, start: int, end: int) -> bool:
    """Whether the weekday dates an event noun that a verb of calling for or preparing governs ("calling for a
    protest Thursday", "prepared for the final days, including a debate Thursday")."""
    token = token_at(ctx, start, end)
    if (
        token is not None
        and token.dep_ == "npadvmod"
        and token.head.lemma_ in CALLING_FOR
        and any(c.dep_ == "prep" and c.lower_ == "for" and c.i < token.i for c in token.head.children)
    ):
        return not tr.is_past_perfect(token.head)  # "calling for a protest Thursday", parsed onto the verb
    if token is None or token.dep_ not in ("npadvmod", "compound") or token.head.pos_ != "NOUN":
        return False
    node = token.head
    for _ in range(MAX_CLIMB):
        if node.head == node:
            return False
        node = node.head
        if node.pos_ in ("VERB", "AUX") and node.dep_ != "prep":  # "including" is a preposition here
            return node.lemma_ in CALLING_FOR and not tr.is_past_perfect(node)
    return False


def owns_a_held_event(ctx: Context, start: int, end: int) -> bool:
    """Whether "Tuesday's" owns a vote, a meeting or a summit ("Tuesday's primary", "Saturday's meeting")."""
    token = token_at(ctx, start, end)
    return token is not None and token.dep_ == "poss" and token.head.lemma_ in tr.HELD_EVENTS


def possessive_planned(ctx: Context, start: int, end: int) -> bool:
    """Whether "Friday's" owns an event the text calls planned or upcoming ("Friday's planned protests",
    "Tuesday's scheduled vote"): arranged, so near the DCT on either side, whatever the clause's tense."""
    token = token_at(ctx, start, end)
    return (
        token is not None
        and token.dep_ == "poss"
        and any(c.dep_ == "amod" and c.lower_ in PLANNED for c in token.head.children)
    )


def in_an_aside(ctx: Context, start: int, end: int) -> bool:
    """Whether the expression sits in a clause or phrase that describes a noun ("the firm, founded
    in 1985, said …", "Ms. Lee, a judge since 1990, …"): background, not the time of the story."""
    token = token_at(ctx, start, end)
    for _ in range(MAX_CLIMB):
        if token is None or token.dep_ in ASIDE_DEPS:
            return token is not None
        if token.pos_ in ("VERB", "AUX") or token.head == token:
            return False
        token = token.head
    return False


def names_an_event(ctx: Context, start: int, end: int) -> bool:
    """Whether the year names which of an event or work is meant ("like the election of 1980", "the crash
    of 1929", "Friedman's 1960 book"): a comparison with another time, not the time the story is told in
    ("the hours of November 1, 1954" and "the summer of 1940" are times, not events)."""
    token = token_at(ctx, start, end)
    if token is None:
        return False
    if token.dep_ in ("nummod", "compound", "amod", "npadvmod") and token.head.i > token.i:
        noun = token.head  # "Friedman's 1960 book", "the 1967 war"
    elif token.dep_ == "pobj" and token.head.lower_ == "of":
        noun = token.head.head
    else:
        return False
    return noun.pos_ in ("NOUN", "PROPN") and noun.lemma_.lower() not in WHEN_NOUNS


def token_at(ctx: Context, start: int, end: int):
    """The spaCy token heading the characters ``start:end`` (None if they cross no token)."""
    span = ctx.doc.char_span(start, end, alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def tense_of_a_date(m: re.Match[str], ctx: Context) -> tr.Tense:
    """The tense that points a month or a day written without its year."""
    if SAID_ON.search(ctx.text, max(0, m.start() - LOOKBEHIND), m.start()):
        return "past"  # "BP said in March it would buy"
    if FUTURES_BEFORE.search(ctx.text, max(0, m.start() - LOOKBEHIND), m.start()) or FUTURES_AFTER.match(
        ctx.text, m.end()
    ):
        return "future"  # "Brent futures for April", "U.S. April crude futures": a contract's month lies ahead
    if dates_a_noun(ctx, m.start(), m.end(), MISHAPS):
        return "past"  # "the events leading to the April 20 explosion": no one schedules a blast
    tense, verb = ctx.tense(m.start(), m.end())
    if (
        tense == "present"
        and tr.tells_a_timetable(verb)
        or ctx.previous_word(m.start()) in ("toward", "towards")
        or tr.is_imperative(verb)
        and _dates_the_verb(ctx, m.start(), m.end(), verb)
    ):
        return "future"  # "the term that begins next Monday and ends in June", "Remember in November …", "she is
        # marching toward November"
    if tense == "future" and dates_an_earlier_event(ctx, m.start(), m.end()):
        return "unknown"  # "would create a zone after the April 20 blowout", "agreed to pay, following a court
        # order in May": that event may be past
    if _dates_an_awaited_meeting(ctx, m.start(), m.end()):
        return "future"  # "a paper released in preparation for the G-20 summit in April"
    if tense != "past" and _dates_a_ballot(ctx, m.start(), m.end()):
        return "future"  # "prepare before the November election": a ballot not told in the past is ahead
    return tense


def tense_of_the_verb_after(ctx: Context, end: int) -> str | None:
    """ "past" or "future" when the weekday stands right before the main verb, adverbs aside, with no punctuation
    between ("Hillary Clinton on Friday only further muddled …", "First to arrive Friday was …", "the minister
    on Monday will present …"): news' usual order, whose verb dates the day even when the parser hangs the
    weekday elsewhere; else None."""
    before = ctx.doc.char_span(max(0, end - 1), end, alignment_mode="expand")
    token = ctx.doc[before.end] if before is not None and before.end < len(ctx.doc) else None
    while token is not None and token.tag_ == "RB" and token.i + 1 < len(ctx.doc):
        token = ctx.doc[token.i + 1]
    if token is None or token.idx < end or re.search(r"[,;:()\"“”\n]", ctx.text[end : token.idx]):
        return None
    if token.tag_ == "VBD" and token.dep_ in ("ROOT", "conj"):
        return "past"
    if token.lower_ in ("will", "'ll") and token.tag_ == "MD":
        return "future"
    return None


def _dates_a_ballot(ctx: Context, start: int, end: int) -> bool:
    """Whether the date modifies an election, a primary, a caucus or a ballot ("the Nov. 8 election")."""
    return dates_a_noun(ctx, start, end, BALLOTS)


def _dates_the_verb(ctx: Context, start: int, end: int, verb) -> bool:
    """Whether the date's phrase hangs on the verb itself ("Remember in November"), not on a noun of its clause."""
    token = token_at(ctx, start, end)
    return token is not None and verb is not None and (token.head == verb or token.head.head == verb)


def _dates_an_awaited_meeting(ctx: Context, start: int, end: int) -> bool:
    """Whether the date places a meeting that "for" or "before" waits for ("in preparation for the G-20 summit in
    April", "before the talks in June"): a meeting someone prepares for is still to come."""
    token = token_at(ctx, start, end)
    if token is None or token.dep_ != "pobj" or token.head.lower_ not in ("in", "on"):
        return False
    meeting = token.head.head
    return (
        meeting.lemma_.lower() in tr.HELD_EVENTS and meeting.dep_ == "pobj" and meeting.head.lower_ in ("for", "before")
    )


def dates_a_noun(ctx: Context, start: int, end: int, nouns: set[str] | frozenset[str]) -> bool:
    """Whether the date modifies one of ``nouns`` ("the Nov. 8 election", "November's general election", "the
    April 20 explosion")."""
    token = token_at(ctx, start, end)
    for _ in range(3):
        if token is None or token.head == token:
            return False
        if token.dep_ not in ("compound", "nmod", "nummod", "amod", "npadvmod", "poss"):
            return False
        token = token.head
        if token.lemma_.lower() in nouns:
            return True
    return False


def dates_an_earlier_event(ctx: Context, start: int, end: int) -> bool:
    """Whether the date modifies an event that "after", "following", "since", "amid" or "because of" puts before
    the clause's own ("would create a zone after the April 20 blowout", "agreed to pay following a court order in
    May"): that event's time is not the clause's future. A date that is itself the object ("after May") is."""
    token = token_at(ctx, start, end)
    passed_noun = False
    for _ in range(MAX_CLIMB):
        if (
            token is not None
            and passed_noun
            and token.tag_ == "VBG"
            and token.dep_ == "pcomp"
            and token.head.lower_ in EARLIER_EVENT_PREPOSITIONS
        ):
            return True  # "After trouncing Clinton in Tuesday's primary"
        if token is None or token.head == token or token.pos_ in ("VERB", "AUX"):
            return False
        if (
            passed_noun
            and token.dep_ == "pobj"
            and (
                token.head.lower_ in EARLIER_EVENT_PREPOSITIONS
                or token.head.lower_ == "of"
                and token.head.head.lower_ in ("because", "wake")
            )
        ):
            return True  # "after the April 20 blowout", "because of the slaying in Chicago on Friday"
        token = token.head
        passed_noun = passed_noun or token.pos_ == "NOUN"
    return False
