"""Temporal expressions: find them, then normalize them to TIMEX3 values.

Finding is done by the named patterns of ``temporal_rules`` (longest match wins); normalizing
by one small function per pattern, which reads the article's publication date (DCT), the tense
of the clause that governs the expression (from the spaCy parse, ``temporal_resolve``) and,
for "the following day" / "three weeks later", the last date the article itself mentioned.

Choices worth knowing:

* A bare weekday looks back in a past-tense clause and forward in a future or modal one
  ("will begin on Monday", "could begin as early as Monday"); the DCT's own weekday counts as
  that same day either way, so a Tuesday article's "they will serve notice on Tuesday" is the
  DCT (the notice was in fact served that day).  Present tense looks forward ("begins at 12:01
  a.m. Monday") except after reporting verbs; with no verb at all it looks back (news reports).
* "two days ago" is counted from the DCT (a second "a year earlier" right after "a year ago"
  repeats the same comparison; after "the third quarter", "a year earlier" is that quarter a year
  back); "two days later", "the following day" from the last date the text resolved at that
  granularity: the DCT while it has resolved none, unknown when it has moved to another month or
  year without naming a day.
* A month or day written without a year takes the year of the history a text is telling (a far
  year it named, in a past clause), else the year its tense points to from the DCT.
* What the text does not support stays unknown: "in his first year" keeps ``XXXX``.
* With no DCT, nothing relative is guessed: values keep X placeholders and ``resolved`` is False.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from dateutil.easter import easter
from spacy.language import Language
from spacy.tokens import Doc

from storyline.annotate import temporal_resolve as tr
from storyline.annotate.match_windows import NearLiterals, ScannedText
from storyline.annotate.nlp import text_of
from storyline.annotate.quotes import quote_spans
from storyline.annotate.temporal_rules import (
    CAPITALISED_HOLIDAYS, CLOCK_AFTER_DATE, COMPILED_RULES, CONVERSION_AFTER, DAY_ORDINALS, DAY_RANGE_AFTER,
    DAY_WORDS, EASTER_HOLIDAYS, HOLIDAYS, LOWERED_RULES, LOWERED_WINDOWS, MODIFIERS, MONTH_BEFORE, MONTH_RANGE_AFTER,
    MONTHS, MOVING_HOLIDAYS, NUMBER_WORDS, ORDINAL_NUMBERS, PART_MODS, PARTS_OF_DAY, REFERENCES, RULE_TRIGGERS,
    THANKSGIVING_DAYS, TIME_UNITS, UNIT_CODES, WEEKDAY, WEEKDAYS, parse_number, unit_name,
)
from storyline.model import Sentence, TimeExpr

#: words that may introduce a time expression: prepositions, determiners, "last"/"next" …
_TIME_INTRODUCERS = {"in", "since", "until", "till", "by", "through", "during", "of", "from", "to", "before", "after",
                     "between", "and", "or", "last", "next", "this", "early", "late", "mid", "around", "for", "on",
                     "throughout", "into", "that", "each", "every", "the", "as", "than", "beginning",
                     "end", "starting", "ending", "past"}
#: a text naming far years this many times more often than it counts from its DCT is told in its own years
_NARRATIVE_RATIO = 10
#: a month this many months before the narrative's last month starts the next year of the story
_NARRATIVE_WRAP = 8
#: a date more than this many years from the DCT is "far": the text may be telling a history
_FAR_YEARS = 2
#: how far from the DCT a number like a year, after "of" and before a plural noun, counts ("a poll of 2047 voters")
_COUNT_NOT_YEAR = 10
#: the anchor of an expression counted from a date the text did not name, the DCT standing in for it
#: ("the following day" in a text that named no day): reported as "dct", not counted as a DCT use
_STAND_IN = "dct standing in"
#: a text that has named this many far years (outside asides) is telling a history
_HISTORY_YEARS = 3
#: "a year earlier" compares with a value named at most this many sentences before
_COMPARISON_SENTENCES = 2
#: dependency labels of clauses and phrases that add background to a noun ("the firm, founded in 1985,")
_ASIDE_DEPS = frozenset({"acl", "relcl", "appos"})
#: nouns whose "of 1954" says when, not which event: "the hours of November 1, 1954", "the summer of 1940"
_WHEN_NOUNS = frozenset({"hour", "morning", "afternoon", "evening", "night", "day", "week", "weekend", "month",
                         "year", "decade", "century", "season", "spring", "summer", "autumn", "fall", "winter",
                         "time", "period", "end", "beginning", "start", "middle", "part", "half", "quarter",
                         "course", "rest", "remainder", "turn", "dawn", "eve", "date", "era", "age"})
#: how many heads to climb from an expression looking for its clause
_MAX_CLIMB = 8
#: words after which a number from 1000 to 1799 is taken as a year ("in 1776", "since 1648")
_OLD_YEAR_TIME_INTRODUCERS = {"in", "of", "since", "until", "till", "during", "circa", "early", "late", "mid", "after",
                          "before", "by"}
#: units written as a fraction of another: (that unit, how many of it)
_COMPOUND_UNITS = {"half-hour": ("minute", 30), "quarter-century": ("year", 25)}
#: a count right after "the past" ("the past seven contests"): the words pick out things, not the past (but "the past
#: three summers" is a time)
_COUNT_AFTER = re.compile(r"\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several|"
                          r"dozen)\b(?!\s+(?:summers|winters|springs|autumns|falls|seasons)\b)", re.I)
#: a possessive right after a word, spaced as a tokenized corpus writes it too ("Tuesday's", "Tuesday 's")
_POSSESSIVE_AFTER = re.compile(r" ?['’]s\b")
#: "today's" before a noun of an age, not of a day ("today's world", "today's youth", "today's personal computers")
_TODAYS_GENERIC = re.compile(r" ?['’]s\s+(?:\w+\s+)?(?:world|youth|generations?|society|societies|children|kids|young|"
                             r"culture|technology|computers|standards|terms|dollars|refugees|students|families|workers|"
                             r"women|men|teenagers|economy|America|Washington)\b")
#: the number of a school's year group after a capitalised "Year" ("Year Six", "Year 10")
_SCHOOL_YEAR_AFTER = re.compile(r"\s+(?:[1-9]|1[0-3]|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|"
                                r"Thirteen)\b")
#: the noun of an award "of the Year" names ("Person of the Year", "Coach of the Year")
_AWARD_BEFORE = re.compile(r"\b(?:person|man|woman|player|coach|rookie|athlete|artist|album|song|record|car|book|"
                           r"word|team|manager|teacher|driver|entertainer|liar|hero)s?\s+\Z", re.IGNORECASE)
#: adjectives between a count and its unit that make it something other than a stretch of time ("two other days")
_NOT_A_STRETCH = {"other", "more", "such", "different", "separate", "same", "old", "light"}
#: a day written right after a daylight word or an ordinal day ("after sunrise on Wednesday", "a second day Thursday")
_DAY_NAMED_AFTER = re.compile(rf"\s*,?\s+(?:on\s+)?(?:{WEEKDAY}|today|yesterday|tomorrow)\b", re.IGNORECASE)
#: "ahead of" and the noun phrase of an event, then "on" right before a weekday ("ahead of the Iowa caucuses on ")
_AHEAD_OF_ON_BEFORE = re.compile(r"\bahead of (?:the |a |an |\w+['’]s )?(?:[\w'’-]+ ){0,4}[\w'’-]+ on \Z", re.IGNORECASE)
_AHEAD_OF_LOOKBEHIND = 70
#: prepositions whose object is an event before the clause's own ("after the blowout", "because (of) the slaying")
_EARLIER_EVENT_PREPOSITIONS = {"after", "following", "since", "amid", "because"}
#: how many sentences after the one that named a day a part of the day may still be in it
_DAY_IN_FOCUS_SENTENCES = 3
#: months of writing in which a bare "September 11" may be this year's (else, after 2001, it is the attacks' day)
_MONTHS_NEAR_SEPTEMBER_11 = {8, 9, 10}
#: nouns a year-like number names one of ("Resolution 1973", "Flight 1549", "Route 2006")
_NUMBERED_THINGS = {"resolution", "resolutions", "flight", "route", "interstate", "highway", "room", "no.", "number"}
#: events no one schedules, so a date that names one ("the April 20 explosion") lies behind the writing
_MISHAPS = frozenset({"explosion", "blast", "blowout", "earthquake", "quake", "tsunami", "attack", "bombing",
                      "shooting", "crash", "collapse", "spill", "killing", "massacre", "accident", "disaster", "ambush",
                      "assassination", "murder", "derailment", "stampede"})
#: scheduled votes a date may modify ("the Nov. 8 election", "a March 5 caucus", "the November ballot")
_BALLOTS = tr.VOTES | {"ballot", "runoff", "midterm", "midterms"}
#: verbs whose object is an event still to come when they are said ("calling for a protest Thursday")
_CALLING_FOR = {"call", "plan", "prepare", "urge", "schedule", "organize", "organise", "announce", "demand"}
#: adjectives of an event arranged ahead ("Friday's planned protests", "Tuesday's upcoming vote")
_PLANNED = {"planned", "scheduled", "upcoming", "proposed", "expected", "anticipated", "impending", "looming"}
#: a year and a comma or "and" right before: the next four digits continue a list of years ("1860 , 1770 , 1761")
_YEAR_LIST_BEFORE = re.compile(r"\b1[0-9]\d\d\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)\Z")
#: the word before "a year" / "a week" that makes it a rate ("$500 million a year", "358,000 a month")
_RATE_BEFORE = re.compile(r"^(?:[$£€]?\d[\d,.]*%?|million|billion|thousand|hundred|cents?|percent|dollars|euros|"
                          r"pounds|seats|flights|times|barrels|shares|jobs|people|tons|miles)$")
#: a year standing alone ("in 2012 a year before the vote"): no amount a rate could be of
_YEAR_WORD = re.compile(r"^(?:1[89]|20)\d\d$")
#: a sentence about the weather or the polls: "highs in the 70s" are degrees and "approval in the 20s" percent,
#: not the 1970s or the 1920s
_DEGREES_OR_PERCENT = re.compile(r"\b(?:temperatures?|degrees?|highs?|lows?|fahrenheit|celsius|mercury|thermometers?|"
                                 r"approval|ratings?|polls?|percent|per cent)\b|[°%]", re.I)
#: the decade a second bare decade continues ("the 60s and 70s", "the 1960s or 70s", "the fifties and sixties",
#: "the 1920's and thirties"); not "their 20s and 30s"
_DECADE_BEFORE = re.compile(r"(?:\bthe\s+(?:(?:early|mid|late)[- ])?"
                            r"(?:['’]?\d0s|(?:twen|thir|for|fif|six|seven|eigh|nine)ties)"
                            r"|\b1\d{2}0['’]?s|['’]\d0s)\s+(?:and|or|to)\s+$", re.I)
#: words after a batsman's "century" ("his fifth century of the series", "in Tests", "and a fifty")
_CENTURY_RUNS_FOLLOWERS = frozenset({"of", "in", "for", "at", "against", "on", "and", "with", "from", "to", "as"})
#: the part of the day after a clock time that puts it after noon ("at 2:30 this afternoon", "at 8:15 tonight")
_LATER_IN_THE_DAY = re.compile(r"\s+(?:(?:this|in the|that|on \w+|\w+day)\s+(?:afternoon|evening)|tonight)\b", re.I)
#: what follows a percentage when "APR" is the annual percentage rate, not April
_PERCENT_BEFORE = re.compile(r"(?:%|\bper\s?cent)\s*$", re.I)
#: an opening bracket right before a clock: a conversion of the clock before it ("10:35 a.m. (0735 GMT)")
_OPEN_BRACKET_BEFORE = re.compile(r"\(\s*$")
#: prepositions that make a vague count of units a stretch of time ("for some years", "over several months")
_SPAN_PREPOSITIONS = {"for", "over", "in", "within", "after"}
#: words before a number that make it a count ("some 1500 troops"), not a year
_APPROXIMATORS = {"about", "some", "nearly", "almost", "over", "than", "around", "roughly", "approximately", "least",
                  "to", "and", "or", "only", "just", "another", "estimated", "all"}
_AMBIGUOUS_MONTHS = {"may", "march", "august", "jan.", "sun."}
_TIME_NOUNS = {"period", "quarter", "year", "season", "election", "levels", "level", "budget", "fiscal", "census"}
#: rules whose DCT-anchored use marks a text as news told from its date (no narrative year then)
_DEICTIC_RULES = frozenset({"dayword", "weekday", "this_pod", "time", "rel_unit", "part_rel", "ago", "year_ago",
                            "quarter", "day_around"})
#: the words before a weekday, month or season that point back ("last Monday") or ahead ("next spring")
_BACK = frozenset({"last", "past", "this past"})
_AHEAD = frozenset({"next", "coming", "this coming"})
#: the unit a fractional count is re-expressed in ("2.5 years" → 30 months), and how many make one
_FINER = {"decade": ("year", 10), "year": ("month", 12), "month": ("day", 30), "week": ("day", 7),
          "fortnight": ("day", 14), "day": ("hour", 24)}
_GRANULARITY = {"day": 0, "week": 1, "weekend": 1, "month": 2, "quarter": 3, "half": 3, "season": 3,
                "year": 4, "decade": 5, "century": 6}


#: the second day of a range after "March 5": "-7", " and 7", " to 7th", "-9, 1918"
_RANGE_AFTER = re.compile(r"\s*(?P<join>-|–|and\b|to\b|through\b|or\b)\s*(?P<day>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b"
                          r"(?P<year>,?\s+(?:1[0-9]{3}|20[0-9]{2})\b)?(?![.,:/-]?\d)", re.I)
#: the first day of a range before "7 January": "6-", "6 and ", "6 to "
_RANGE_BEFORE = re.compile(r"(?<![\d.,:/-])(?P<day>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s*(?:-|–|and|to|through|or)\s*$",
                           re.I)
#: what stands between a date and another set beside it: "The next day, Jan. 28", "Friday (Jan. 28)"
_APPOSED = re.compile(r"\s*(?:,|\(|--|–|—)\s*(?:on\s+)?")
_DAY_VALUE = re.compile(r"\d{4}-\d\d-\d\d")
#: a part of the day written before the day it belongs to ("the night of April 18, 1775", "the evening of June 7")
_PART_OF_DAY_BEFORE = re.compile(r"\b(?:the|that)\s+(?:intervening\s+|fateful\s+)?(?:(?P<part>early|late)\s+)?"
                                 r"(?P<pod>morning|afternoon|evening|night)\s+of\s+\Z", re.I)
_PART_OF_DAY_LOOKBEHIND = 40
#: words that name a day, before which a part of the day is that day's
_DAY_NAMES = frozenset(WEEKDAYS) | {"today", "yesterday", "tomorrow"}
#: "the day before" ends its phrase ("fell from 1.51 percent the day before.")
_ENDS_PHRASE = re.compile(r"\s*(?:[.,;:!?)\]\"”’]|$)")
#: a calendar day or weekday set right before "the day before …" ("Oct. 12, the day before the plunge", "on
#: 8 October 1950, the day after …"), not a bare year ("in 1950, the day after")
_DATE_APPOSED_BEFORE = re.compile(r"(?:\b\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\b\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{4}|day)"
                                  r"\s*(?:,|--|–|—)\s*$")
#: how far before "the day before" its apposed date is looked for
_APPOSITION_LOOKBEHIND = 20


def _set_beside_a_date(text: str, start: int) -> bool:
    """Whether the expression at ``start`` stands in apposition to a calendar day or weekday just before it."""
    return bool(_DATE_APPOSED_BEFORE.search(text, max(0, start - _APPOSITION_LOOKBEHIND), start))


#: the bracketed aside an expression may sit in: "(Random House, 2008)", "(1914-1918)"
_OPEN_BRACKET = re.compile(r"[(\[][^()\[\]]{0,60}\Z")
_CLOSE_BRACKET = re.compile(r"[^()\[\]]{0,30}[)\]]")


def _in_brackets(text: str, start: int, end: int) -> bool:
    """Whether the characters ``start:end`` sit inside brackets: a citation or an aside, not the story's time."""
    return bool(_OPEN_BRACKET.search(text, max(0, start - 61), start) and _CLOSE_BRACKET.match(text[end:end + 31]))


#: a futures contract named by its month, which lies ahead ("Brent futures for April", "April crude futures", "for
#: April delivery")
_FUTURES_BEFORE = re.compile(r"\b(?:futures|contracts?)\s+for\s+\Z", re.IGNORECASE)
_FUTURES_AFTER = re.compile(r"\s+(?:[A-Za-z.]+\s+)?(?:futures|contracts?|delivery)\b", re.IGNORECASE)
#: a past verb of saying right before a date ("BP said in March it would buy", "said on Friday it will sell"): the
#: date is the saying's, whatever the tense of what was said
_SAID_ON = re.compile(r"\b(?:said|announced|reported|stated|confirmed|disclosed|revealed|wrote|testified)\s+"
                      r"(?:(?:in|on)\s+)?\Z", re.IGNORECASE)
#: words before a holiday's name that the parser may take for a first name ("Orthodox Easter")
_HOLIDAY_QUALIFIERS = {"orthodox", "western", "eastern", "catholic", "coptic", "christian", "jewish", "lunar",
                       "chinese", "happy", "merry"}
#: a single quotation mark its paragraph opened and did not close ('And now who gives me food?'), which
#: ``quotes.quote_spans`` leaves to apostrophes
_OPEN_SINGLE_QUOTE = re.compile(r"(?:^|\s)['‘][^'’]*\Z")


def _range_start_year(year: int, start_month: int, end_month: int) -> int:
    """The year a range starts in when only its end's year is written: "from December to March 2003" starts
    in 2002."""
    return year - 1 if end_month < start_month else year


def _names_its_day(text: str) -> bool:
    """True for a calendar date written out ("Jan. 28", "28 January 2011"), not one counted ("the next day")."""
    return bool(re.search(r"\d", text)) and any(word in MONTHS for word in re.findall(r"[a-z]+", text.lower()))


#: nouns a season word before them names a kind of thing, not a time ("a hot spring", "spring water", "summer
#: camp", "winter coats", "spring training")
_SEASON_KIND_NOUNS = frozenset(
    "water waters camp camps school schools coat coats jacket jackets tire tires tyre tyres clothes clothing "
    "collection collections fashion sports sport training squash wheat roll rolls onion onions break house "
    "home homes palace residence residences olympics games league capital green".split())


def _season_of_noun(season: str, span) -> bool:  # type: ignore[no-untyped-def]
    """Whether a bare lower-case season word tells a time by describing or being described: "the UK winter freeze",
    "their main summer offensive", "a harsh winter", "extreme winter weather". A capital is a name's ("the Arab
    Spring", "the Winter Olympics"); "fall" is too often a fall, and "spring" described a spring ("a hot spring")."""
    if span is None or len(span) != 1 or not season.islower() or season == "fall":
        return False
    token = span[0]
    if _season_modifies(token):
        return True
    return season != "spring" and token.pos_ == "NOUN" and any(c.dep_ == "amod" and c.i < token.i
                                                               for c in token.children)


def _season_modifies(token) -> bool:  # type: ignore[no-untyped-def]
    """Whether the season word is a modifier of a noun after it that is not a kind of thing."""
    return token.text.islower() and token.dep_ in ("compound", "amod", "nmod") and token.head.i > token.i and \
        token.head.pos_ == "NOUN" and token.head.lower_ not in _SEASON_KIND_NOUNS


def _season_names_a_kind(span) -> bool:  # type: ignore[no-untyped-def]
    """ "(for) summer camp", "spring water": the season word right before a kind noun it modifies."""
    if span is None or len(span) != 1:
        return False
    token = span[0]
    return token.dep_ in ("compound", "amod", "nmod") and token.head.i == token.i + 1 and \
        token.head.lower_ in _SEASON_KIND_NOUNS


#: a quotation mark (or two apostrophes) right before a capitalised expression, and one right after it: a title
#: (the ''Today'' show, ABC's ''This Week.''); a turn that opens with the word goes on after it (“Today, we …”)
#: (a tokenized text spaces its quotation marks: ABC 's " This Week . ")
_QUOTED_NAME = re.compile(r"(?:''|[\"“‘]) ?\Z")
_QUOTE_CLOSE = re.compile(r"(?: ?[.,!?])? ?(?:''|[\"”’])")
#: the rest of a quoted title after its first words: capitalised words and the small words titles keep lower case
_TITLE_REST = re.compile(r"(?:\s+(?:[A-Z][\w'’.-]*|with|of|the|and|a|an|in|on|for|to|at))+[.,!?]?(?:''|[\"”’])")
#: a possessive ending ("ABC's", "CBS’s")
_POSSESSIVE_END = re.compile(r"['’]s$")
#: how many heads above a weekday "ahead of" is looked for ("ahead of a speech by the president on Saturday")
_MAX_CLIMB_AHEAD = 6
#: words before "fortnight" that make it the two weeks just gone or to come ("the next fortnight")
_FORTNIGHT_SPANS = {"the past", "the last", "the next", "the coming", "past", "last", "next", "coming", "this past",
                    "this coming", "the previous", "the following"}
#: modals before which "one day" is some day to come ("will one day be"), not a day's length
_SOMEDAY_MODALS = {"will", "would", "could", "may", "might", "can", "'ll", "shall"}
#: words after which "dawn", "nightfall" or "sunset" is a time of day ("by nightfall", not "the sunset clause")
_DAYLIGHT_BOUNDS = {"at", "by", "before", "after", "until", "till", "from", "since", "around", "near", "toward",
                    "towards"}
#: nouns of the time before an event ("in the run-up to Friday's vote")
_RUN_UP = re.compile(r"(?:\b(?:run|lead|build)-?up|\bcountdown)$", re.IGNORECASE)
#: broadcasters whose name, written in capitals, opens a programme's title ("CBS This Morning")
_BROADCASTERS = {"ABC", "BBC", "CBS", "CNBC", "CNN", "MSNBC", "NBC", "NPR", "PBS"}
#: the share of capitalised words that makes a line a headline written in title case
_TITLE_CASE_SHARE = 0.6
#: a capitalised word right after an expression: a name that goes on ("the Hundred Days Offensive", "60 Minutes II",
#: "57 Days of Hell")
_NAME_GOES_ON = re.compile(r"\s+(?:of\s+)?[A-Z]")
#: words written in lower case inside a sentence unless they are part of a title
_TITLE_WORDS = {"now", "today", "tonight", "daily", "weekly", "this", "tomorrow", "yesterday"}


def _in_a_title(matched: str, ctx, start: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether a capitalised word that is lower case in running text ("Now", "Daily", "This Morning") follows a
    capitalised word inside its sentence: part of a name or a title."""
    first = next(iter(matched.split()), "")
    if not first[:1].isupper() or first.lower() not in _TITLE_WORDS and first.lower() not in WEEKDAYS:
        return False
    before = ctx.text[max(0, start - _LOOKBEHIND):start]
    words = before.split()
    if not words or not before[-1:].isspace() or before.rstrip()[-1:] in ".!?:;\"“”'‘’—-|(":
        return False
    previous = words[-1]
    if first.lower() in WEEKDAYS:
        # "Fox News Sunday", a programme; "on Fox News Tuesday night", "said Sunday" name the day
        return previous == "News" and matched.lower() == "sunday"
    if previous.upper() == "USA" and first.lower() == "today":
        return True  # the newspaper USA Today
    if previous in _BROADCASTERS and not first.isupper():
        return True  # "CBS This Morning", "NBC Today": a broadcaster's programme
    if first.isupper():
        return False
    name = _POSSESSIVE_END.sub("", previous)  # "ABC's This Week": a programme of a broadcaster
    if not (name[:1].isupper() and name.rstrip(",").isalpha() and (name != previous or not name.isupper())):
        return False
    return not _in_title_case(ctx.text, start)  # a headline in title case capitalises every word


def _in_title_case(text: str, start: int) -> bool:
    """Whether the line around ``start`` capitalises most of its words, as a headline written in title case does."""
    line_start = text.rfind("\n", max(0, start - 300), start) + 1
    line_end = text.find("\n", start, start + 300)
    line_words = [w for w in text[line_start:line_end if line_end >= 0 else start + 300].split() if w[:1].isalpha()]
    capitalised = sum(w[:1].isupper() for w in line_words)
    return capitalised >= _TITLE_CASE_SHARE * len(line_words)


def _a_titled_count(matched: str, text: str, start: int, end: int) -> bool:
    """Whether a count of time whose unit is capitalised inside running text is a title ("The movie 13 Hours by
    Michael Bay", CBS's ''60 Minutes''): a length is written in lower case; a longer name goes on after it ("the
    Seven Years War", "60 Minutes II"), and a headline capitalises every word."""
    words = matched.split()
    if len(words) < 2 or not words[0][:1].isdigit() or not words[-1][:1].isupper() or words[-1].isupper():
        return False
    return not _NAME_GOES_ON.match(text, end) and not _in_title_case(text, start)


def _quoted_title(matched: str, text: str, start: int, end: int) -> bool:
    """Whether capitalised words stand alone between quotation marks (''Today''), or a word that points from the day
    of writing opens a quoted title ("This Week with George Stephanopoulos", "Sunday Morning Futures"): a programme,
    not the day it names.  A date in a title still names its day (the "Christmas Offensive")."""
    opened = _QUOTED_NAME.search(text[max(0, start - 3):start])
    if not (matched.istitle() and matched.replace(" ", "").isalpha() and opened):
        return False
    first = matched.split()[0].lower()
    return bool(_QUOTE_CLOSE.match(text, end)) or \
        (first in _TITLE_WORDS or first in WEEKDAYS) and bool(_TITLE_REST.match(text, end))


#: a year written after a holiday's name ("Thanksgiving in 2011", "Christmas of 1914"), which dates it
_HOLIDAY_YEAR_AFTER = re.compile(r"\s+(?:in|of)\s+(?P<year>(?:1[89]|20)\d\d)\b")
_OF_AGE = re.compile(r"\s+of\s+age\b", re.IGNORECASE)
_DAY_TO_DAY = re.compile(r"[\s-]to[\s-]day\b", re.IGNORECASE)
#: nouns that "a minute" qualifies as tiny ("only a minute chance that the firm would pay")
_MINUTE_AS_TINY = re.compile(r"\s+(?:chance|amount|fraction|quantity|proportion|percentage|portion|risk|trace|number|"
                             r"part|share|level|dose|difference|detail|particle)s?\b", re.IGNORECASE)
#: rate words that also name a newspaper ("the daily said", "business daily Les Echos")
_PAPER_WORDS = {"daily", "weekly"}


def _next_is_verb_or_stop(ctx, end: int) -> bool:  # type: ignore[no-untyped-def]
    """Whether a verb or a punctuation mark follows the characters up to ``end``: "the daily said", "the weekly,"."""
    rest = ctx.text[end:end + 40]
    stripped = rest.lstrip()
    if not stripped or stripped[0] in ".,;:!?\"”’)":
        return True
    at = end + len(rest) - len(stripped)
    token = TemporalTagger._token_at(ctx, at, at + 1)
    return token is not None and token.pos_ in ("VERB", "AUX")


#: words that count, pick out or describe a plural unit, which then is no bare span ("the days after", "final moments")
_BARE_UNIT_PICKERS = frozenset(
    "the those these its his her their our my your this that a an some several many few more most other same first last "
    "final early earlier late later recent past next coming following previous closing opening dying waning heady "
    "good old dark long short happy of morning evening night afternoon small wee waking working business office "
    "visiting peak best worst".split()) | frozenset(NUMBER_WORDS)
#: "this summer" lies at most this many days (eight months) from the DCT, whatever the clause's tense
_THIS_SEASON_DAYS = 240
#: a numeric date this close to the DCT is the page's own timestamp (read day first when only that reading is)
_TIMESTAMP_DAYS = 2
#: a two-digit year reads as at most this many years after the DCT ("5/1/31" in 2024 is 2031)
_TWO_DIGIT_YEARS_AHEAD = 20
#: with no DCT, two-digit years above this are 19xx, the others 20xx
_TWO_DIGIT_PIVOT = 30
#: a year written with three or four digits below this ("0050") is not a date
_FIRST_FULL_YEAR = 1000
#: a leap year, to check a month and day without a year ("February 29" yes, "February 30" no)
_LEAP_YEAR = 2000
#: a letter outside ASCII: every rule word is ASCII, so such a match came from case folding ("Auguſt"); "½" is a number
_FOLDED_LETTER = re.compile(r"[^\W\d_\x00-\x7f½]")
#: letters that IGNORECASE matches to an ASCII rule letter although lower-casing does not make them one
#: (dotless ı, long ſ) or makes them two characters (İ)
_FOLDS_APART = re.compile("[\u0130\u0131\u017f]")
#: how many characters after a range's bare day are read to tell a date from a count
_RANGE_LOOKAHEAD = 20
#: how many characters before an expression are read for the word before it
_LOOKBEHIND = 30
#: "since" (and "since the") right before an expression: the time it names lies before the clause's own
_SINCE_BEFORE = re.compile(r"\bsince\s+(?:the\s+)?$", re.IGNORECASE)
#: "from …" opening a range that the bound right before an expression closes ("from May 13 through Sunday")
_RANGE_OPENED = re.compile(rf"(?:\bfrom\s[^.;:,()\n]{{1,40}}|\b(?:{WEEKDAY}))\s(?:until|till|through)\s+$",
                           re.IGNORECASE)
#: how many characters before an expression are searched for the "from" that opened its range
_RANGE_OPEN_LOOKBEHIND = 60
#: how many characters before "7 January" are searched for the range's first day ("6-", "6 and ")
_RANGE_LOOKBEHIND = 16
#: words that may follow the range's bare day ("May 4 and 5 in Geneva"); any other word makes it a count
_RANGE_NEXT = {"in", "at", "on", "of", "and", "or", "when", "while", "during", "from", "to", "with", "for", "after",
               "before", "by", "respectively", "this", "next", "last", "was", "were", "will", "is", "are", "had",
               "has", "have"}


def _range_ends(text: str, end: int, join: str) -> bool:
    """True when nothing that makes the number a count ("5 people", "5 percent") follows it.

    After a dash, "to" or "through" any word ends the range ("Feb. 15-17 among voters", "March 5-7 Geneva hosted");
    after "and" or "or" only a word that cannot be counted does: "March 5 and 6 Democrats said" counts
    Democrats."""
    rest = text[end:end + _RANGE_LOOKAHEAD]
    word = re.match(r"\s*([A-Za-z]+)", rest)
    if word is None:
        return not re.match(r"\s*[%$€£\d]", rest)
    if join.lower() in ("-", "–", "to", "through") and not rest.startswith(word[1]):
        return True
    return word[1].lower() in _RANGE_NEXT


@dataclass
class _Norm:
    type: str
    value: str
    mod: str | None = None
    anchor: str = "dct"
    span: tuple[int, int] | None = None  # when the expression is narrower than the match
    background: bool = False  # a named day of another year ("the September 11 attacks"): not the story's time


class _Context:
    """Per-document state while tagging: the DCT, the discourse anchors, cached tenses."""

    def __init__(self, doc: Doc, dct: dt.date | None):
        self.doc = doc
        self.text = text_of(doc)
        self.dct = dct
        # the last date the text resolved at day / month / year granularity (the DCT until it resolves one)
        self.anchors: dict[str, dt.date | None] = {"day": dct, "month": dct, "year": dct}
        self.told: set[str] = set()  # the granularities of ``anchors`` the text itself has set
        self.last_value: str | None = None
        self.last_rule: str = ""  # the rule that resolved last_value
        self.last_anchor: str = "none"  # how last_value was resolved ("absolute", "dct", "discourse")
        self.comparison: tuple[str, float] | None = None  # unit and signed count of the last "a year ago"
        self.last_sentence: int = -_COMPARISON_SENTENCES - 1
        self.day_sentence: int = -1  # the sentence that last named a day
        self.day_before_writing: dt.date | None = None  # the last day told that is not after the DCT
        self.sentence_days: dict[int, dt.date] = {}
        self.sentence: int = 0
        self.dct_uses = 0  # expressions resolved from the DCT so far
        self.far_years = 0  # dates resolved so far more than two years from the DCT
        self.year_in_aside = False  # the year anchor came from a modifier clause ("the firm, founded in 1985,")
        self._tenses: dict[tuple[int, int], tuple[tr.Tense, object]] = {}  # clause tense by character span
        self._quote_spans: list[tuple[int, int]] | None = None  # quoted words, found when first asked

    def in_quotation(self, start: int) -> bool:
        """Whether ``start`` lies inside a quotation (``quotes.quote_spans``, found once per document, or a single
        quotation mark its paragraph left open): someone speaking in another time."""
        if self._quote_spans is None:
            self._quote_spans = quote_spans(self.text)
        if any(s <= start < e for s, e in self._quote_spans):
            return True
        return bool(_OPEN_SINGLE_QUOTE.search(self.text[self.text.rfind("\n", 0, start) + 1:start]))

    def tense(self, start: int, end: int) -> tuple[tr.Tense, object]:
        """The tense of the clause governing ``start:end`` and its verb, parsed once per span (normalizers and
        the history rule ask for the same span more than once)."""
        key = (start, end)
        if key not in self._tenses:
            self._tenses[key] = tr.clause_tense(self.doc, start, end)
        return self._tenses[key]

    def after_since(self, start: int) -> bool:
        """Whether "since" comes right before, heads the phrase the date sits in ("his third trip since the
        explosion on April 20") or opens its clause ("since the uprising began in March"): the time named lies
        before the time of writing, whatever the clause's tense ("the ban, in force since March 20, ends today")."""
        if _SINCE_BEFORE.search(self.text, max(0, start - _LOOKBEHIND), start) is not None:
            return True
        span = self.doc.char_span(start, start + 1, alignment_mode="expand")
        token = span[0] if span is not None and len(span) else None
        for _ in range(_MAX_CLIMB):
            if token is None or token.head == token:
                return False
            if token.pos_ in ("VERB", "AUX"):
                # "killed since the uprising began in March": a clause "since" opens tells what came before
                return any(c.dep_ == "mark" and c.lower_ == "since" for c in token.children)
            token = token.head
            if token.lower_ == "since" and token.dep_ == "prep":
                return True
        return False

    def direction(self, start: int, end: int) -> str:
        """"past" or "future": where a bare weekday (month, weekend …) in this clause points."""
        if self.after_since(start):
            return "past"
        tense, verb = self.tense(start, end)
        if self.previous_word(start) in ("until", "till", "through", "before"):
            # a bound looks ahead ("postponed until Friday") unless the clause is already past perfect
            # ("Until Thursday, they had not called him a suspect") or it ends a range a past clause has run
            # ("the poll, conducted from Friday through Sunday, found")
            if tr.is_past_perfect(verb) or (tense == "past" and self.ends_a_range(start)):
                return "past"
            if self.previous_word(start) == "before" and tense == "past" and verb is not None and verb.tag_ == "VBD":
                return "past"  # "explosions rocked Tripoli shortly before midnight Thursday"
            return "future"
        if self.in_a_bound(start, end) and not tr.is_past_perfect(verb):
            return "future"  # "decisions were deferred until a second summit on Wednesday"
        if tense == "future":
            return "past" if tr.failed_in_past(verb) else "future"
        if tense == "present":
            return "past" if tr.is_reporting(verb) or self.after_a_deed(start, verb) else "future"
        return "past"

    def in_a_bound(self, start: int, end: int) -> bool:
        """Whether the time dates an event that "until" or "till" waits for ("deferred until a second summit on
        Wednesday"), which lies ahead like the bound itself."""
        span = self.doc.char_span(start, end, alignment_mode="expand")
        token = span.root if span is not None and len(span) else None
        for _ in range(_MAX_CLIMB):
            if token is None or token.head == token or token.pos_ in ("VERB", "AUX"):
                return False
            if token.dep_ == "pobj" and token.head.lower_ in ("until", "till") and token.pos_ in ("NOUN", "PROPN") \
                    and token.i < span.start:
                return True
            token = token.head
        return False

    def ends_a_range(self, start: int) -> bool:
        """Whether "until" or "through" right before ``start`` closes a range that "from" or a weekday opened in the
        same clause ("from May 13 through Sunday", "taken Thursday through Monday")."""
        return bool(_RANGE_OPENED.search(self.text[max(0, start - _RANGE_OPEN_LOOKBEHIND):start]))

    def after_a_deed(self, start: int, verb) -> bool:
        """Whether the time dates a deed that a present state follows ("is in a stable condition after seeking
        treatment on Thursday night"): "after" with a gerund between it and the clause's verb."""
        span = self.doc.char_span(start, start + 1, alignment_mode="expand")
        token = span[0] if span is not None and len(span) else None
        for _ in range(_MAX_CLIMB):
            if token is None or token.head == token or token == verb:
                return False
            if token.tag_ == "VBG" and token.dep_ == "pcomp" and token.head.lower_ == "after":
                return True
            token = token.head
        return False

    def tense_only(self, start: int, end: int) -> tr.Tense:
        return self.tense(start, end)[0]

    def previous_word(self, start: int) -> str:
        before = self.text[max(0, start - _LOOKBEHIND):start].split()
        return before[-1].lower().strip("(\"'“‘,") if before else ""

    @staticmethod
    def _granularity_key(unit: str) -> str:
        rank = _GRANULARITY.get(unit, 0)
        return "day" if rank <= _GRANULARITY["week"] else "month" if rank == _GRANULARITY["month"] else "year"

    def anchor_of(self, unit: str) -> tuple[dt.date | None, str]:
        """The date "two days later", "the following week", "that month" count from, and how it was found.

        The last date the text resolved at the unit's granularity ("discourse"); while it has resolved
        none, the DCT (``_STAND_IN``: reported as "dct"), unless the text has moved to another month or
        year than the DCT's ("In April … three days later": the day is unknown, "none")."""
        key = self._granularity_key(unit)
        if key in self.told:
            return self.anchors[key], "discourse"
        if self.dct is None:
            return None, "none"
        for coarser, same_period in (("month", (self.dct.year, self.dct.month)), ("year", (self.dct.year,))):
            if _GRANULARITY[coarser] > _GRANULARITY[key] and coarser in self.told:
                told = self.anchors[coarser]
                if (told.year, told.month)[:len(same_period)] != same_period:
                    return None, "none"
        return self.dct, _STAND_IN

    def says_will(self, start: int, end: int) -> bool:
        """Whether the clause says what will happen ("there will be a stimulus after Jan. 20"): it speaks of
        the time after writing, never of a history's far year."""
        tense, verb = self.tense(start, end)
        return tense == "future" and verb is not None and \
            any(c.dep_ == "aux" and c.lower_ in ("will", "'ll", "shall") for c in verb.children)

    def narrative_year(self, tense: str = "past", says_will: bool = False) -> int | None:
        """The year a history is being told in, when it is far (> 2 years) from the DCT.

        "In 1940 … in June" means June 1940, yet a 2019 article saying "in 2017 … in March"
        still means March 2019: only a text anchor more than two years away from the DCT
        carries over to months and days written without a year, and only in a text that has
        resolved nothing from its DCT so far (nor written out its own date), or names far years ten
        times more often than it counts from its DCT (a war history quoting "two years ago").  Until
        a text has named a few far years, a year in a modifier clause ("the firm, founded in 1985,
        said …") is background, not the story's year, and a clause in the present or future ("the
        talks resume on June 20") speaks of the DCT's time."""
        anchor = self.anchors["year"]
        if self.dct is None or anchor is None or self.last_value is None or says_will:
            return None
        if self.far_years == 0:
            return None
        if self.far_years < _HISTORY_YEARS and (self.year_in_aside or tense in ("present", "future")):
            return None  # a news report with a background year; a history's asides and present-tense
            # comments ("the offensive is considered …") do not stop its narrative
        if self.dct_uses * _NARRATIVE_RATIO > self.far_years:
            return None  # news that counted from its date ("yesterday", "last week") stays there, unless it
            # is a history that names far years many times more often (a DCT-relative quote in a war story)
        return anchor.year if abs(anchor.year - self.dct.year) > _FAR_YEARS else None

    def narrative_year_for(self, month: int, tense: str = "past", says_will: bool = False) -> int | None:
        """The narrative year for a month written without a year: a history told forward moves
        on to the next year when the month lies well before the month it last named
        ("war was declared in December 1941 … in January, …" is January 1942)."""
        year = self.narrative_year(tense, says_will)
        anchor = self.anchors["month"]
        if year is not None and anchor is not None and anchor.year == year and anchor.month - month >= _NARRATIVE_WRAP:
            return year + 1
        return year

    def current_value(self) -> str | None:
        """The last resolved value if it lies in the DCT's year ("a year earlier" shifts it), else None
        (with no DCT: the last value, whatever its year).

        A value already a year back ("the year-ago quarter") must not be shifted again."""
        if self.last_value is None or self.dct is None:
            return self.last_value
        return self.last_value if self.last_value.startswith(f"{self.dct.year:04d}") else None

    def quarter_in_focus(self) -> str | None:
        """The quarter (or half) an earnings comparison counts from: the last value if it is one, and
        either lies in the DCT's year or was named with its year within the last sentences
        ("the fourth quarter of 1990 … the year-ago quarter" is 1989-Q4)."""
        value = self.last_value
        if value is None or not re.fullmatch(r"\d{4}-[QH]\d", value):
            return None
        if self.current_value() is not None:
            return value
        recent = self.sentence - self.last_sentence <= _COMPARISON_SENTENCES
        return value if self.last_anchor == "absolute" and recent else None

    def remember(self, value: str, anchor: str, in_aside: bool = False, starting_point: bool = False) -> None:
        """Record a resolved value as the discourse anchor for later relative expressions.

        ``anchor`` says how the value was resolved; ``in_aside`` that it sits in a modifier clause;
        ``starting_point`` that "since" names it, so a day there is where something began, not the day the text
        goes on to tell ("the largest rise since the week to February 25 … by 11:50 a.m." is the DCT's morning)."""
        match = re.match(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value)
        if not match or "X" in value:
            return
        year, month, day = match.group(1), match.group(2), match.group(3)
        if day:
            if not starting_point:
                date = dt.date(int(year), int(month), int(day))
                self.anchors.update(day=date, month=date, year=date)
                self.told.update(("day", "month", "year"))
                self.sentence_days[self.sentence] = date
                self.day_sentence = self.sentence
                if self.dct is None or date <= self.dct:
                    self.day_before_writing = date
        elif month and value[4:6] != "-W" and value[4:6] != "-Q" and value[4:6] != "-H":
            self.anchors.update(month=dt.date(int(year), int(month), 1), year=dt.date(int(year), int(month), 1))
            self.told.update(("month", "year"))
        elif len(value) == 4 or value[4:6] in ("-Q", "-H") or value[4:] in ("-SP", "-SU", "-FA", "-WI"):
            self.anchors["year"] = dt.date(int(year), 1, 1)
            self.told.add("year")
        self.year_in_aside = in_aside
        if self.dct is not None and abs(int(year) - self.dct.year) > _FAR_YEARS:
            self.far_years += 1
        self.last_value = value
        self.last_anchor = anchor
        self.last_sentence = self.sentence


def _a_share_of(unit: str, text: str, end: int) -> bool:
    """Whether "a quarter" ending at ``end`` is a share of something ("a quarter of China's users", "roughly a quarter
    to half of the flow"), not three months or "a quarter of a century"."""
    return unit == "quarter" and bool(re.match(r"\s+(?:(?:to|or)\s+(?:a\s+)?(?:half|third|fifth)\s+)?of\s+"
                                             r"(?!an?\s+(?:century|hour)\b)", text[end:end + 30]))


def _is_deadline(noun) -> bool:
    """Whether the noun is what something happens by or ahead of ("by Sunday's kickoff", "ahead of Friday's
    vote", "until Monday's deadline"); not "before", which a present clause also measures a past from ("its
    share before Friday's purchases is 7%")."""
    if noun.dep_ != "pobj":
        return False
    prep = noun.head
    return prep.lower_ in ("by", "until", "till") or prep.lower_ == "of" and prep.head.lower_ == "ahead"


def _clock_time(clock: re.Match[str]) -> str | None:
    """ "hh:mm" of a CLOCK_AFTER_DATE match, or None when it is no clock: minutes need a colon, a.m./p.m. or a zone
    ("12.5 million" is none), a bare hour needs a.m./p.m., and a.m./p.m. an hour from 1 to 12."""
    if clock["named"]:
        return "12:00" if clock["named"] == "noon" else "24:00"
    hour, ampm = int(clock["hour"]), (clock["ampm"] or "").lower()
    if clock["minute"] and not (clock["sep"] == ":" or ampm or clock["zone"]) or not clock["minute"] and not ampm:
        return None
    if ampm and not 1 <= hour <= 12:
        return None
    if ampm.startswith("p") and hour < 12:
        hour += 12
    elif ampm.startswith("a") and hour == 12:
        hour = 0
    return f"{hour:02d}:{int(clock['minute'] or 0):02d}"


def _weekday_number(name: str) -> int:
    """0 for "Monday", "Mon" or "Mon.", … 6 for "Sunday"."""
    prefix = name.lower().rstrip(".")[:3]
    return next(number for day, number in WEEKDAYS.items() if day.startswith(prefix))


def _is_dct_day(value: str, dct: dt.date | None) -> bool:
    """Whether a value written out in full names the DCT's own day ("Monday 11 July 2005" on a page of that
    day): a text that dates itself is told in its own time, as one counting from its DCT is (narrative_year)."""
    return dct is not None and len(value) >= 10 and value[:10] == dct.isoformat()


def _full_year(two_digits: int, dct: dt.date | None) -> int:
    """The year of "5/1/31": the latest reading at most ``_TWO_DIGIT_YEARS_AHEAD`` years past the DCT
    (a 2024 article's "31" is 2031, its "45" 1945); with no DCT, the fixed pivot."""
    if dct is None:
        return two_digits + (1900 if two_digits > _TWO_DIGIT_PIVOT else 2000)
    century = dct.year // 100 * 100
    return max(y for y in (century - 100 + two_digits, century + two_digits, century + 100 + two_digits)
               if y <= dct.year + _TWO_DIGIT_YEARS_AHEAD)


def _month_number(text: str) -> int:
    return MONTHS[text.lower().rstrip(".")]


def _day_number(text: str) -> int:
    """The day of the month written "23", "23rd" or "the twenty-third"."""
    digits = re.match(r"\d+", text)
    return int(digits.group(0)) if digits else DAY_ORDINALS[" ".join(text.lower().split())]


def _safe_date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def _mod_of(text: str | None) -> str | None:
    return MODIFIERS.get(text.lower()) if text else None


def _part_of(text: str | None) -> str | None:
    if not text:
        return None
    return PART_MODS.get(text.lower().rstrip("-").strip())


def _duration_value(n: float | None, unit: str) -> str:
    if unit in _COMPOUND_UNITS:  # "a half-hour" is PT30M, "a quarter-century" P25Y
        unit, per = _COMPOUND_UNITS[unit]
        n = None if n is None else n * per
    code = UNIT_CODES[unit]
    if unit == "fortnight":
        n = None if n is None else n * 2
    if unit in ("decade", "century") and n is not None and not (n > 1 and float(n).is_integer()):
        # "a decade" is P10Y and "half a century" P50Y; "decades" and "two decades" keep their unit (PXDE, P2DE),
        # as TIMEX3 writes them (DE, CE)
        code, n = "Y", n * (10 if unit == "decade" else 100)
    lower = {"year": ("M", 12), "day": ("H", 24), "hour": ("M", 60), "minute": ("S", 60)}.get(unit)
    if n is not None and not float(n).is_integer() and lower and float(n * lower[1]).is_integer():
        # "2 1/2 years" → P2Y6M, "5 1/2 hours" → PT5H30M
        whole, rest = int(n), int(round((n - int(n)) * lower[1]))
        head = f"{whole}{code}" if whole else ""
        if unit == "day":
            return f"P{head}T{rest}H"
        return f"PT{head}{rest}{lower[0]}" if unit in TIME_UNITS else f"P{head}{rest}{lower[0]}"
    amount = "X" if n is None else (str(int(n)) if float(n).is_integer() else str(n))
    return f"PT{amount}{code}" if unit in TIME_UNITS else f"P{amount}{code}"


def _matches_by_lowering(pattern: re.Pattern[str], lowered_pattern: re.Pattern[str], windows: NearLiterals | None,
                         text: str, lowered: ScannedText) -> list[re.Match[str]] | None:
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


class TemporalTagger:
    """Finds and normalizes TIMEX3 expressions in a parsed document.

    Construct once; ``tag`` keeps no state between calls.

    Examples
    --------
    >>> tagger = TemporalTagger()
    >>> [t.value for t in tagger.tag(doc, datetime.date(2019, 9, 24), sentences)]  # doctest: +SKIP
    ['2019-09-30', '2019-W39']
    """

    def __init__(self) -> None:
        # each rule with its twin for lower-cased text and that twin's windows (``_matches_by_lowering``)
        self._rules = tuple(zip(COMPILED_RULES, LOWERED_RULES, LOWERED_WINDOWS, strict=True))
        self._normalizers: dict[str, Callable[[re.Match[str], _Context], _Norm | None]] = {
            name: getattr(self, f"_n_{name}") for name, _ in COMPILED_RULES
        }

    # ── the pipeline ──────────────────────────────────────────────────────────

    def find(self, ctx: _Context) -> list[tuple[str, re.Match[str]]]:
        """All plausible matches, overlaps settled by length (then rule order), in text order.

        Where lower-casing folds the text as the rules' IGNORECASE does, the rules run on the lower-cased
        text without folding case (``LOWERED_RULES``), and each match is taken again from the text itself
        at the same place, so that the normalizers read the words as written. There, most rules look
        only near the words their every match holds (``match_windows``).
        """
        text = ctx.text
        lowered = text.lower()
        fold_by_lowering = len(lowered) == len(text) and not _FOLDS_APART.search(text)
        scanned = ScannedText(lowered)
        candidates = []
        for priority, ((name, pattern), lowered_pattern, windows) in enumerate(self._rules):
            triggers = RULE_TRIGGERS.get(name)
            if triggers is not None and not any(t in lowered for t in triggers):
                continue  # none of the words this rule needs is in the text
            matches = (_matches_by_lowering(pattern, lowered_pattern, windows, text, scanned)
                       if fold_by_lowering else None)
            for match in pattern.finditer(text) if matches is None else matches:
                if match.end() > match.start() and not _FOLDED_LETTER.search(match.group(0)):
                    candidates.append((match.start() - match.end(), priority, match.start(), name, match))
        candidates.sort(key=lambda c: c[:3])
        taken = bytearray(len(text) + 1)
        chosen = []
        for _, _, start, name, match in candidates:
            end = match.end()
            if 1 in taken[start:end]:
                continue
            if not self._plausible(name, match, ctx):
                continue
            taken[start:end] = b"\x01" * (end - start)
            chosen.append((name, match))
        chosen.sort(key=lambda c: c[1].start())
        return chosen

    def tag(self, doc: Doc, dct: dt.date | None, sentences: list[Sentence]) -> list[TimeExpr]:
        from storyline.annotate.nlp import SentenceLocator

        ctx = _Context(doc, dct)
        locate = SentenceLocator(sentences)
        out: list[TimeExpr] = []
        undated_clocks: list[int] = []  # indexes in out of clock times that took a day by default
        for name, match in self.find(ctx):
            ctx.sentence = locate(match.start())
            norm = self._normalizers[name](match, ctx)
            if norm is None:
                continue
            if name in ("time", "time24") and not any(match.groupdict().get(g) for g in ("wd", "word", "tmonth")):
                undated_clocks.append(len(out))
            start, end = norm.span or (match.start(), match.end())
            resolved = norm.value[:1].isdigit() and "X" not in norm.value
            if norm.type in ("DATE", "TIME") and resolved and norm.anchor != "none" and not norm.background \
                    and not self._deadline_ahead(ctx, start, norm.value):
                written_far = norm.anchor == "absolute" and ctx.dct is not None and \
                    abs(int(norm.value[:4]) - ctx.dct.year) > _FAR_YEARS
                # a far year in an aside, or one a state has lasted since ("the emergency law, in force since
                # 1963"), is background, not the year the story is told in
                since = ctx.after_since(start)
                ctx.remember(norm.value, norm.anchor, in_aside=written_far and (
                    self._in_aside(ctx, start, end) or since or _in_brackets(ctx.text, start, end)
                    or len(norm.value) == 4 and self._names_an_event(ctx, start, end)),
                    starting_point=since)
                ctx.last_rule = name
                ctx.dct_uses += (norm.anchor == "dct" and name in _DEICTIC_RULES
                                 or norm.anchor == "absolute" and _is_dct_day(norm.value, ctx.dct))
            elif norm.value == "PRESENT_REF" and ctx.tense_only(start, end) != "past" and \
                    not ctx.in_quotation(start):
                ctx.dct_uses += 1  # "The year was 1991 … officials now are considering": back in the DCT's time
            if norm.anchor == _STAND_IN:
                norm.anchor = "dct"
            out.append(TimeExpr(
                start=start, end=end, text=ctx.text[start:end], type=norm.type, value=norm.value,
                sentence=ctx.sentence, mod=norm.mod, resolved=resolved and norm.type in ("DATE", "TIME"),
                anchor=norm.anchor if resolved else "none",
            ))
        self._date_clocks_by_following_day(out, undated_clocks, ctx.text)
        self._range_days(out, ctx.text, locate)
        self._apposed_days(out, ctx.text)
        self._clocks_after_dates(out, ctx.text)
        self._parts_of_days(out, ctx.text)
        return out

    @staticmethod
    def _parts_of_days(out: list[TimeExpr], text: str) -> None:
        """ "the night of April 18, 1775", "the morning of Christmas", "the early morning of March 23 2003": the part
        of the day is one TIME with its day, as every gold set writes it (WikiWars 12 times, the modern sets 6)."""
        merged: list[TimeExpr] = []  # the part of the day tagged on its own ("early morning"), now inside the TIME
        for expr in out:
            before = _PART_OF_DAY_BEFORE.search(text, max(0, expr.start - _PART_OF_DAY_LOOKBEHIND), expr.start)
            if expr.type != "DATE" or not before or not re.fullmatch(r"[\dX]{4}-\d\d-\d\d", expr.value):
                continue
            inside = [o for o in out if o.end > before.start() and o.start < expr.start]
            if any(o.start < before.start() or o.type != "TIME" for o in inside):
                continue
            merged.extend(inside)
            expr.start, expr.text, expr.type = before.start(), text[before.start():expr.end], "TIME"
            expr.value = f"{expr.value}T{PARTS_OF_DAY[before['pod'].lower()]}"
            if before["part"]:
                expr.mod = "START" if before["part"].lower() == "early" else "END"  # "the early morning of March 23"
        out[:] = [o for o in out if not any(o is gone for gone in merged)]

    @staticmethod
    def _clocks_after_dates(out: list[TimeExpr], text: str) -> None:
        """ "Sep 24, 2019 12:01 IST", "Wednesday, July 17, 2019 - 07:57 PM", "08/07/19 6:20pm": a day and the clock
        written right after it are one TIME, as TimeML gold writes them ("02/13/1998 14:26:00", "May 10, 2014 2pm";
        the development corpora never split one).  A clock needs a colon or a.m./p.m. ("March 5, 10 people" has none);
        "at" joins a written date and its clock ("Friday, April 1 at noon"), but "Friday at 3 p.m." stays two, as the
        tweets' gold keeps "today at 9am"."""
        i = 0
        while i < len(out):
            day = out[i]
            clock = CLOCK_AFTER_DATE.match(text, day.end)
            clock_time = _clock_time(clock) if clock else None
            inside = [j for j in range(i + 1, len(out)) if clock and out[j].start < clock.end()]
            if day.type == "DATE" and day.resolved and _DAY_VALUE.fullmatch(day.value) and clock_time and \
                    (not clock["at"] or re.search(r"\d", day.text)) and \
                    all(out[j].type == "TIME" and out[j].end <= clock.end() for j in inside):
                # (anything else written there keeps the two apart: "Sept. 3, 10:30 a.m. (0730 GMT) Friday")
                out[i] = TimeExpr(start=day.start, end=clock.end(), text=text[day.start:clock.end()], type="TIME",
                                  value=f"{day.value}T{clock_time}", sentence=day.sentence, mod=day.mod, resolved=True,
                                  anchor=day.anchor)
                del out[i + 1:i + 1 + len(inside)]
            i += 1

    @staticmethod
    def _apposed_days(out: list[TimeExpr], text: str) -> None:
        """ "The next day, Jan. 28, he disappeared", "on Friday (Jan. 28)", "on Jan. 28, the following day":
        a day counted from the discourse or the DCT takes the value of the calendar date set beside it,
        which says which day the writer meant. When both name the same month and day, a date written without
        its year takes the count's year instead ("Six days later, on 7 October", in a history of 1950)."""
        for first, second in zip(out, out[1:]):
            if not (first.type == second.type == "DATE" and first.resolved and second.resolved
                    and _DAY_VALUE.fullmatch(first.value) and _DAY_VALUE.fullmatch(second.value)
                    and _APPOSED.fullmatch(text, first.end, second.start)):
                continue
            written = [e for e in (first, second) if _names_its_day(e.text)]
            counted = [e for e in (first, second) if not re.search(r"\d", e.text) and e.anchor != "absolute"]
            if len(written) != 1 or len(counted) != 1 or written[0] is counted[0]:
                continue
            (date,), (count,) = written, counted
            if not re.search(r"\d{4}", date.text) and date.value[4:] == count.value[4:]:
                date.value = count.value  # "Six days later, on 7 October": the count knows the year
            else:
                count.value = date.value

    @staticmethod
    def _range_days(out: list[TimeExpr], text: str, locate) -> None:
        """ "March 5-7", "May 4 and 5", "6-7 January 1916": the bare day of a range is a date of its own
        (TimeML tags it apart; AQUAINT, WikiWars and Tweets gold do, 7 of 7), in the month written once."""
        added: list[TimeExpr] = []
        drop: set[int] = set()
        for i, expr in enumerate(out):
            if expr.type != "DATE" or not _DAY_VALUE.fullmatch(expr.value):
                continue
            day = int(expr.value[8:])
            after = _RANGE_AFTER.match(text, expr.end) if re.search(r"\d(?:st|nd|rd|th)?$", expr.text) else None
            if after and day < int(after["day"]) and (after["year"] or _range_ends(text, after.end(), after["join"])):
                start, end = after.start("day"), after.end()
                year = after["year"].strip(" ,") if after["year"] else expr.value[:4]
                date = _safe_date(int(year), int(expr.value[5:7]), int(after["day"]))
                clash = [j for j, o in enumerate(out) if o.start < end and start < o.end]
                if date and all(out[j].value == year and out[j].start >= after.start("year") for j in clash):
                    drop.update(clash)
                    if after["year"] and expr.anchor != "absolute":
                        expr.value = f"{year}{expr.value[4:]}"
                    added.append(TimeExpr(start=start, end=end, text=text[start:end], type="DATE",
                                          value=date.isoformat(), sentence=locate(start), resolved=expr.resolved,
                                          anchor="absolute" if after["year"] else expr.anchor))
                continue
            lead = re.match(r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s", expr.text)
            before = _RANGE_BEFORE.search(text, max(0, expr.start - _RANGE_LOOKBEHIND), expr.start) if lead else None
            if before and int(before["day"]) < int(lead[1]):
                start, end = before.start("day"), before.end("day")
                date = _safe_date(int(expr.value[:4]), int(expr.value[5:7]), int(before["day"]))
                if date and not any(o.start < end and start < o.end for o in out):
                    added.append(TimeExpr(start=start, end=end, text=text[start:end], type="DATE",
                                          value=date.isoformat(), sentence=locate(start), resolved=expr.resolved,
                                          anchor=expr.anchor))
        if added or drop:
            out[:] = sorted([o for j, o in enumerate(out) if j not in drop] + added, key=lambda o: o.start)

    @staticmethod
    def _date_clocks_by_following_day(out: list[TimeExpr], clocks: list[int], text: str) -> None:
        """ "at 10:35 a.m. (0735 GMT) Friday": a clock time takes the day written right after it; with nothing but a
        comma or "on" between them the two are one TIME ("05:27 GMT, Tuesday, 27 September 2011", as TimeBank's
        "5 p.m. EST, Nov. 6"), while a bracketed conversion between them stays outside."""
        merged: set[int] = set()
        for i in clocks:
            if i + 1 >= len(out) or out[i].type != "TIME" or "T" not in out[i].value:
                continue
            after = out[i + 1]
            gap = re.fullmatch(r"\s*(?P<bracket>\([^()]{1,25}\))?\s*,?\s*(?:on\s+)?", text[out[i].end:after.start])
            if after.type == "DATE" and _DAY_VALUE.fullmatch(after.value) and after.resolved and gap:
                out[i].value = after.value + out[i].value[out[i].value.index("T"):]
                if not gap["bracket"]:
                    out[i].end, out[i].text = after.end, text[out[i].start:after.end]
                    out[i].resolved, out[i].anchor = True, after.anchor
                    merged.add(i + 1)
        if merged:
            out[:] = [o for j, o in enumerate(out) if j not in merged]

    # ── plausibility: reject look-alikes before they block other matches ─────

    def _plausible(self, name: str, m: re.Match[str], ctx: _Context) -> bool:
        groups = m.groupdict()
        month = groups.get("month")
        if month and name in ("month_day", "day_month", "month_year", "month") and not month[0].isupper() \
                and not (name in ("month_day", "day_month") and groups.get("day") and groups.get("year")) \
                and (month.lower() in _AMBIGUOUS_MONTHS or month.lower() in ("august", "sat", "sun") or len(month) < 4
                     or name == "month" and ctx.previous_word(m.start()) not in ("in", "since", "until", "by", "of",
                                                                                 "last", "next", "this", "early",
                                                                                 "late", "mid")):
            return False  # lower-case "may", "march", "august" are words; "june 5", "october 2014", "1 may, 2009"
            # are dates
        if name == "bare_unit" and not self._bare_unit_plausible(m, ctx):
            return False
        if name != "time_word_name" and _in_a_title(m.group(0), ctx, m.start()):
            return False  # "the Hope For Haiti Now telethon", "Breitbart News Daily", "CBS This Morning"
        if name != "time_word_name" and _quoted_title(m.group(0), ctx.text, m.start(), m.end()):
            return False  # the ''Today'' show, ABC's ''This Week.'': a title in quotation marks
        if name == "quarter_abbr" and groups["q"] != "Q":
            return False
        if name == "overnight" and (token := self._token_at(ctx, m.start(), m.end())) is not None \
                and token.pos_ not in ("ADV", "NOUN"):
            return False  # "an overnight stay", "the overnight rate": a kind of thing, not a night
        if name == "month":
            if month == "APR." and \
                    _PERCENT_BEFORE.search(ctx.text, max(0, m.start() - 12), m.start()):
                return False  # "59.9% APR." is a loan's rate
            bare = not groups.get("rel") and not groups.get("part") and m.start() == m.start("month")
            if bare and month.lower() in _AMBIGUOUS_MONTHS and ctx.previous_word(m.start()) not in _TIME_INTRODUCERS:
                return False
            if bare and month.lower() == "may" and ctx.previous_word(m.start()) in ("and", "or", "to", "that"):
                return False
        if name == "year":
            year = int(groups["year"])
            if CONVERSION_AFTER.match(ctx.text, m.end()):
                return False  # "at 2000 (0000 GMT)" is a clock (the time24 rule)
            if not groups.get("pre") and not 1800 <= year <= 2099 and not (
                    1000 <= year < 1800 and (ctx.previous_word(m.start()) in _OLD_YEAR_TIME_INTRODUCERS
                                             or _YEAR_LIST_BEFORE.search(ctx.text, max(0, m.start() - 12), m.start()))):
                return False  # "in 1776" is a year, and so is each of "in 1860, 1770 and 1761"; "1400 victims" counts
            if not groups.get("pre") and ctx.previous_word(m.start()) in _NUMBERED_THINGS:
                return False  # "Security Council Resolution 1973", "Flight 1549": a number, not a year
            span = ctx.doc.char_span(m.start("year"), m.end("year"), alignment_mode="expand")
            if span is not None and len(span):
                token = span[0]
                if token.dep_ == "nummod" and token.head.tag_ in ("NNS", "NNPS") and token.head.lower_ not in _TIME_NOUNS \
                        and token.i > 0 and (ctx.doc[token.i - 1].lower_ in _APPROXIMATORS or year % 100 == 0
                                             and ctx.doc[token.i - 1].tag_ not in ("DT", "PRP$", "POS")
                                             or ctx.doc[token.i - 1].lower_ == "of" and ctx.dct is not None
                                             and abs(year - ctx.dct.year) > _COUNT_NOT_YEAR):
                    return False  # "about 1950 workers", "sold 2000 tickets", "a poll of 2047 registered voters"
                    # count; "1990 earnings", "matches of 2006 men's volleyball World Championships" are dated
                if token.i + 1 < len(ctx.doc) and ctx.doc[token.i + 1].text in (":", "-", "/") and \
                        token.i + 2 < len(ctx.doc) and ctx.doc[token.i + 2].like_num and \
                        not (ctx.doc[token.i + 1].text == ":" and ctx.doc[token.i + 1].whitespace_):
                    return False  # "2003:270", "1999-2000"; a timeline's "1983: 8,000 men were killed" keeps its year
        if name == "decade" and groups.get("decade") == "1000":
            return False  # "1000s of people" are thousands
        if name == "decade" and (groups.get("decade3") or groups.get("decade4")):
            span = ctx.doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and len(span) and _DEGREES_OR_PERCENT.search(span.sent.text):
                return False  # "highs in the 70s": a bare two-digit decade in a weather report is degrees
            if groups.get("decade4") and not _DECADE_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()):
                return False  # "men in their 20s and 30s" are ages
        if name == "decade_word" and groups.get("joined") is not None and \
                not _DECADE_BEFORE.search(ctx.text, max(0, m.start() - 30), m.start()):
            return False  # "in his sixties" is an age; "the fifties and sixties" are decades
        if name == "dotted" and len(groups["year"]) == 2 and (len(groups["day"]) < 2 or len(groups["month"]) < 2):
            return False  # "3.5.10" is a version or a score; "27.03.15" is a date
        if name == "century":
            following = re.match(r"\s+([a-z]+)\b", ctx.text[m.end():m.end() + 20])
            as_adjective = following is not None and following[1] not in _CENTURY_RUNS_FOLLOWERS
            batsmans = ctx.previous_word(m.start()) in ("his", "her", "their", "another", "maiden")
            spelled_alone = groups.get("word") and not re.match(r"the\b|.*-centur", m.group(0), re.I)
            if (batsmans or spelled_alone) and not as_adjective:
                return False  # "his fifth century of the series" is a hundred runs (cricket); "his 21st century
                # heirs" and "twentieth century art" are of the century
        if name == "era_year" and not (groups.get("era") or groups.get("era2") or groups.get("ad") or "").isupper():
            return False  # "ad" and "bc" in lower case are words ("an ad 30 seconds long"), not eras
        if name == "era_year" and groups.get("bc") and int(groups["bc"]) >= 1900 and \
                re.match(r"[ \t]+[A-Z]", ctx.text[m.end():m.end() + 2]):
            return False  # "the 2010 BC Hydro rates": British Columbia
        if name == "holiday" and groups["name"].lower() in CAPITALISED_HOLIDAYS and groups["name"][0].islower():
            return False  # "election day" in lower case is any country's; "a black Friday" is a Friday
        if name == "holiday" and groups["name"].lower() == "christmas" and ctx.previous_word(m.start()) == "father":
            return False  # Father Christmas
        if name == "holiday" and (token := self._token_at(ctx, m.start(), m.end())) is not None and \
                token.ent_type_ == "PERSON" and token.i > 0 and ctx.doc[token.i - 1].ent_type_ == "PERSON" and \
                ctx.doc[token.i - 1].lower_ not in _HOLIDAY_QUALIFIERS:
            return False  # the rugby player "Nick Easter" (not "Orthodox Easter")
        if name == "set_adverb" and groups["adv"][:1].isupper() and not groups["adv"].isupper() and \
                re.match(r"\s+[A-Z]", ctx.text[m.end():m.end() + 2]):
            return False  # "the Daily Telegraph", "the Weekly Standard": a paper's name
        if name == "set_adverb" and groups["adv"].lower() in _PAPER_WORDS and (
                re.match(r"\s+[A-Z]", ctx.text[m.end():m.end() + 2]) or
                (ctx.previous_word(m.start()) in ("the", "a") and _next_is_verb_or_stop(ctx, m.end()))):
            return False  # "business daily Les Echos", "the daily said": a paper
        if name == "set_adverb" and groups["adv"].lower() == "annually" and \
                (_RATE_BEFORE.match(before := ctx.previous_word(m.start())) or before in ("units", "profits")):
            return False  # "rise 8.5% annually", "10,000 units annually": a growth rate, which TimeBank leaves (4 in 5)
        if name == "named_weekday" and groups["name"][0].islower():
            return False  # "Black Monday" is a named day; "a black Monday for stocks" is that Monday
        if name == "time_word_name":
            named = [word for word in groups["name"].split() if word.lower() != "on"][:2]
            if not all(word[0].isupper() for word in named):
                return False  # "the Sunday Times" is a newspaper; "since Sunday times have changed" has a Sunday
        if name == "season":
            if groups["season"].lower() == "fall" and not groups.get("year") and \
                    (groups.get("rel") or "the").lower() == "the" and \
                    re.match(r"\s+(?:(?:of|in)\s+(?!(?:1[89]|20)\d\d\b)|out\b)", ctx.text[m.end():m.end() + 12]):
                return False  # "the fall of the government", "the fall in prices", "the fall out of this"
            span = ctx.doc.char_span(m.start("season"), m.end("season"), alignment_mode="expand")
            if not groups.get("rel") and not groups.get("year"):
                if _season_names_a_kind(span) or (ctx.previous_word(m.start()) not in _TIME_INTRODUCERS
                                                  and not _season_of_noun(groups["season"], span)):
                    return False
            if span is not None and len(span) and span[0].pos_ not in ("NOUN", "PROPN"):
                return False
        if name == "set" and groups["q"].lower() in ("a", "an"):
            if unit_name(groups["unit"]) not in UNIT_CODES:
                return False  # "a Sunday night memorial" is one Sunday, not every Sunday
            if _a_share_of(unit_name(groups["unit"]), ctx.text, m.end()):
                return False  # "12.82 billion dollars, a quarter of Shandong's total"
            before = ctx.text[max(0, m.start() - 40):m.start()].lower().split()
            if not before or not (before[-1] in ("once", "twice", "thrice", "times")
                                  or any(w[:1].isdigit() and not w.endswith((",", ";")) and not _YEAR_WORD.match(w)
                                         for w in before[-3:])):  # "in 2012, a year before" is no rate
                return False
        if name == "duration":
            if groups.get("adj") and groups["adj"].lower() == "-old":
                return False
            if _a_titled_count(m.group(0), ctx.text, m.start(), m.end()):
                return False  # the film "13 Hours", CBS's "60 Minutes"
            num = groups["num"].lower()
            unit = unit_name(groups["unit"])
            if groups.get("feel") and not self._describes_a_count(m, ctx):
                return False
            if unit == "second" and num in ("a", "an", "one", "the"):
                return False
            if unit == "minute" and num in ("a", "an") and _MINUTE_AS_TINY.match(ctx.text, m.end()):
                return False  # "only a minute chance", "a minute amount": tiny, not sixty seconds
            if unit == "day" and _DAY_TO_DAY.match(ctx.text, m.end()):
                return False  # "on a day to day basis": routine
            if unit == "year" and _OF_AGE.match(ctx.text, m.end()):
                return False  # "to play at 37 years of age": an age
            if num in ("a", "an") and (token := self._token_at(ctx, m.start("unit"), m.end("unit"))) is not None \
                    and token.dep_ == "compound" and token.head.i == token.i + 1:
                return False  # "a day trip", "a day job": a kind of thing ("a two-day visit" keeps its count)
            if num == "some" and not groups.get("det") and not groups.get("rel") and not (
                    groups["unit"].lower().endswith("s") and unit != "quarter"
                    and ctx.previous_word(m.start()) in _SPAN_PREPOSITIONS):
                return False  # "some day" is a vague future, "in some quarters" a few places; "for some years" a
                # duration
            if num in ("a", "an") and ctx.previous_word(m.start()) in ("once", "twice", "thrice", "times"):
                return False  # "twice a year" is a SET (the set rule)
            previous = ctx.previous_word(m.start())
            if num in ("a", "an") and not groups.get("mod") and _RATE_BEFORE.search(previous) and \
                    not _YEAR_WORD.match(previous):
                return False  # "$1.76 a year", "700 seats a week": a rate, not a stretch of time
            if re.match(r"\s+old\b", ctx.text[m.end():m.end() + 6]):
                return False  # "52 years old" is an age
            if groups["unit"] == "Year" and _SCHOOL_YEAR_AFTER.match(ctx.text, m.end()):
                return False  # "Eight Year Six students": a school's year group
            if re.match(rf"(?:-by-|\s+by\s+){unit}\b", ctx.text[m.end():m.end() + 16], re.I):
                return False  # "a day-by-day summary", "day by day": a pace, not a stretch
            if num in ("a", "an", "one") and _a_share_of(unit, ctx.text, m.end()):
                return False  # "a quarter of about 18,000 Indians" is a share ("a quarter of a century" is time)
            if num == "many" and (not groups["unit"].lower().endswith("s") or ctx.previous_word(m.start()) == "as"):
                return False  # "for many years" is a duration; "in as many years" is not
            if unit == "quarter" and re.search(r"\w-quarters?$", m.group(0), re.I):
                return False  # "three-quarters" is a fraction
            if unit == "quarter" and num in ("a", "an", "one", "three") and re.match(
                    r"\s+of\s+(?:the|a|an|its|their|his|her|all|our|these|those|this|that)\s+(?!(?:fiscal )?year\b)",
                    ctx.text[m.end():m.end() + 30], re.I):
                return False  # "more than a quarter of the market" is a fraction (dev gold: 0 of 16)
            if unit == "quarter" and re.fullmatch(r"(?:1[89]|20)\d\d", num):
                return False  # "the 1988 quarter" is a date (the year_period rule)
            following = ctx.text[m.end():m.end() + 6]
            if following.startswith("-old") or following.startswith("-year-old"):
                return False
        if name == "part_pod" and ctx.previous_word(m.start()) in _DAY_NAMES:
            return False  # "Tuesday late morning": the weekday's rule reads the day
        if name == "day_beside" and not (_ENDS_PHRASE.match(ctx.text, m.end()) or
                                         _set_beside_a_date(ctx.text, m.start())):
            return False  # "the day after his death": a day the text ties to an event, not to a date it names
        if name == "reference":
            word = groups["word"].lower()
            if word == "current" and re.match(r"\s+accounts?\b", ctx.text[m.end():m.end() + 10], re.I):
                return False  # "the current account deficit": the balance of payments, not a time
            if word == "current" and (token := self._token_at(ctx, m.start(), m.end())) is not None and (
                    token.pos_ == "NOUN" or token.dep_ in ("acomp", "attr")):
                return False  # "a strong current of opinion", "homeowners who are current on their loans"
            if word == "now" and ctx.previous_word(m.start()) in ("from", "until", "till", "by"):
                return True
            if word == "this time" and (ctx.previous_word(m.start()) != "at" or
                                        re.match(r"\s+of\b", ctx.text[m.end():m.end() + 4])):
                return False  # "No agreement was reached at this time" is the present; "this time she's the boss"
                # is this occasion, and "at this time of year" a season
        if name == "spelled_year":
            if groups["century"].lower() == "nineteen" and not groups.get("rest"):
                return False
            if groups["century"].lower() == "two thousand" and not (groups.get("rest") or
                                                                   m.group(0).lower().startswith("the year")):
                return False
        if name == "clock_pod" and ctx.previous_word(m.start()) not in ("at", "by", "until", "till", "around", "about",
                                                                        "before", "after", "from", "to", "since"):
            return False  # "lost 5 in the evening session" is a score, "at 4 in the morning" a time
        if name == "reference" and groups["word"].lower() == "now" and ctx.text.startswith(",", m.end()):
            token = self._token_at(ctx, m.start(), m.end())
            opening_quote = token is not None and token.i > 0 and ctx.doc[token.i - 1].is_quote and \
                not ctx.doc[token.i - 1].whitespace_
            if opening_quote and (token.i == 1 or ctx.doc[token.i - 2].is_punct or ctx.doc[token.i - 2].is_space):
                return False  # a quotation's “Now, like all …” turns the argument; a narrator's "Now," is now
        if name == "reference" and groups["word"].lower() == "now" and re.match(r"\s+and\s+then\b",
                                                                                  ctx.text[m.end():m.end() + 10]):
            return False  # "now and then": once in a while
        if name == "reference" and groups["word"].lower() == "now" and ctx.text.startswith("-", m.end()):
            return False  # "a now-sold investment", "the now-imprisoned Manning": a word of its own
        if name == "reference" and groups["word"].lower() == "the past" and \
                _COUNT_AFTER.match(ctx.text, m.end()):
            return False  # "six of the past seven contests" counts contests
        if name == "reference" and groups["word"].lower() == "this moment" and \
                ctx.previous_word(m.start()) not in ("at", "until", "till", "since", "from"):
            return False  # "looking forward to this moment", "understands this moment" name an occasion
        if name == "reference" and groups["word"].lower() == "the future" and \
                (token := self._token_at(ctx, m.start("word") + 4, m.end())) is not None and token.dep_ == "amod":
            return False  # "the future Trump International Hotel" names a hotel still to open
        if name == "the_year" and groups["pre"] == "of" and _AWARD_BEFORE.search(ctx.text, max(0, m.start() - 16),
                                                                                 m.start("pre")):
            return False  # Time's "Person of the Year", "Player of the Year": a title, not the year
        if name == "reference" and groups["word"].lower() == "the present":
            token = self._token_at(ctx, m.start("word") + 4, m.end())
            if token is not None and token.pos_ == "ADJ":
                return False  # "under the present system" describes the system
        if name == "rel_unit":
            rel, unit = groups["rel"].lower(), groups["unit"].lower()
            if rel in ("the", "that") and unit not in ("weekend", "quarter", "day", "year"):
                return False
            if rel == "the" and unit in ("day", "year"):
                return False
        if name == "part_rel" and groups["unit"].lower() == "day" and \
                groups["rel"].lower() not in ("that", "the following", "the previous"):
            return False  # "later in the day" is left to the in_the_day rule
        if name == "quarter":
            if not groups.get("ord") and not groups.get("pre"):
                return False
            if groups["unit"].lower() == "half" and not groups.get("ord"):
                return False
            if groups["unit"].lower() == "half" and (groups.get("pre") or "").lower() == "the" and not (
                    groups.get("year1") or groups.get("year2") or groups.get("rel2")):
                return False  # a bare "the second half" is a match's more often than a year's
        return True

    @staticmethod
    def _ahead_of(ctx: _Context, start: int, end: int) -> bool:
        """Whether the expression lies inside the object of "ahead of" ("ahead of Thursday's election", "ahead of a
        speech on Saturday"), not beside it ("ahead of the poll, on Tuesday also reached agreement")."""
        if _AHEAD_OF_ON_BEFORE.search(ctx.text, max(0, start - _AHEAD_OF_LOOKBEHIND), start):
            return True  # "a tight race ahead of the Iowa caucuses on Monday", however the parser hangs "on Monday"
        token = TemporalTagger._token_at(ctx, start, end)
        for _ in range(_MAX_CLIMB_AHEAD):
            if token is None or token.head == token or token.pos_ in ("VERB", "AUX") and token.dep_ != "acl":
                return False  # "the summit scheduled for this Tuesday" is still the object
            if token.lower_ == "of" and token.head.lower_ == "ahead":
                return True
            token = token.head
        return False

    @staticmethod
    def _in_run_up_to(ctx: _Context, start: int, end: int) -> bool:
        """Whether the expression lies in what a sentence not told in the past heads into ("Heading into Tuesday's
        primary, her lead has disappeared", "on the eve of Sunday's vote", "in the run-up to Friday's summit"); a
        past narrative ("had 1,944 delegates heading into Tuesday's primaries") may have passed it."""
        token = TemporalTagger._token_at(ctx, start, end)
        for _ in range(_MAX_CLIMB_AHEAD):
            if token is None or token.head == token:
                return False
            head = token.head
            if token.lower_ == "into" and head.tag_ == "VBG" and head.lemma_ in ("head", "go") or \
                    token.lower_ == "to" and _RUN_UP.search(ctx.doc[max(0, head.i - 2):head.i + 1].text) or \
                    token.lower_ == "of" and head.lower_ == "eve":
                root = token.sent.root
                return not (root.tag_ == "VBD" or tr.is_past_perfect(root))
            if token.pos_ in ("VERB", "AUX"):
                return False
            token = head
        return False

    @staticmethod
    def _deadline_ahead(ctx: _Context, start: int, value: str) -> bool:
        """Whether the expression is the end of a span still ahead ("signed a contract until 2025", "extended
        through 2014"): a limit the text looks to, not the time it goes on to tell."""
        return ctx.dct is not None and ctx.previous_word(start) in ("until", "till", "through") and \
            value[:4].isdigit() and int(value[:4]) > ctx.dct.year

    @staticmethod
    def _bare_unit_plausible(m: re.Match[str], ctx: _Context) -> bool:
        """A plural unit with nothing that counts or picks it out: "days after", "after weeks of protests", "ended
        decades of two-party dominance", not "the days after", "two days after" (another rule's) or "his final
        moments before"."""
        before = ctx.previous_word(m.start())
        if before in _BARE_UNIT_PICKERS or before[:1].isdigit() or before[-1:].isdigit() or \
                before.endswith(("'s", "’s", "half")):
            return False  # "the early morning hours of", "4+ hours of queuing" (the duration rule's)
        return ctx.text[m.start() - 1:m.start()] != "-"  # "kilowatt-hours of electricity"

    @staticmethod
    def _possessive_ahead(ctx: _Context, start: int, end: int) -> bool:
        """Whether "Friday's" names an event still ahead: the subject of a future clause ("Friday's vote
        will decide …"), or what a clause looking ahead awaits ("thousands are expected at Friday's rally")."""
        token = TemporalTagger._token_at(ctx, start, end)
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

    @staticmethod
    def _describes_a_count(m: re.Match[str], ctx: _Context) -> bool:
        """Whether the word between a count and its plural unit is an adjective of that stretch ("a few frantic
        weeks", "two bloody weeks", "the four previous weeks"), not "other" or "light" ("500 light years")."""
        token = TemporalTagger._token_at(ctx, m.start("feel"), m.end("feel"))
        num = m["num"].lower()
        return token is not None and token.tag_ == "JJ" and token.head.lower_ == m["unit"].lower() and \
            num not in ("a", "an", "some", "many", "dozens of", "hundreds of", "a number of") and \
            token.lower_ not in _NOT_A_STRETCH

    @staticmethod
    def _dates_an_awaited_event(ctx: _Context, start: int, end: int) -> bool:
        """Whether the weekday dates an event noun that a verb of calling for or preparing governs ("calling for a
        protest Thursday", "prepared for the final days, including a debate Thursday")."""
        token = TemporalTagger._token_at(ctx, start, end)
        if token is not None and token.dep_ == "npadvmod" and token.head.lemma_ in _CALLING_FOR and \
                any(c.dep_ == "prep" and c.lower_ == "for" and c.i < token.i for c in token.head.children):
            return not tr.is_past_perfect(token.head)  # "calling for a protest Thursday", parsed onto the verb
        if token is None or token.dep_ not in ("npadvmod", "compound") or token.head.pos_ != "NOUN":
            return False
        node = token.head
        for _ in range(_MAX_CLIMB):
            if node.head == node:
                return False
            node = node.head
            if node.pos_ in ("VERB", "AUX") and node.dep_ != "prep":  # "including" is a preposition here
                return node.lemma_ in _CALLING_FOR and not tr.is_past_perfect(node)
        return False

    @staticmethod
    def _owns_a_held_event(ctx: _Context, start: int, end: int) -> bool:
        """Whether "Tuesday's" owns a vote, a meeting or a summit ("Tuesday's primary", "Saturday's meeting")."""
        token = TemporalTagger._token_at(ctx, start, end)
        return token is not None and token.dep_ == "poss" and token.head.lemma_ in tr.HELD_EVENTS

    @staticmethod
    def _possessive_planned(ctx: _Context, start: int, end: int) -> bool:
        """Whether "Friday's" owns an event the text calls planned or upcoming ("Friday's planned protests",
        "Tuesday's scheduled vote"): arranged, so near the DCT on either side, whatever the clause's tense."""
        token = TemporalTagger._token_at(ctx, start, end)
        return token is not None and token.dep_ == "poss" and \
            any(c.dep_ == "amod" and c.lower_ in _PLANNED for c in token.head.children)

    @staticmethod
    def _in_aside(ctx: _Context, start: int, end: int) -> bool:
        """Whether the expression sits in a clause or phrase that describes a noun ("the firm, founded
        in 1985, said …", "Ms. Lee, a judge since 1990, …"): background, not the time of the story."""
        token = TemporalTagger._token_at(ctx, start, end)
        for _ in range(_MAX_CLIMB):
            if token is None or token.dep_ in _ASIDE_DEPS:
                return token is not None
            if token.pos_ in ("VERB", "AUX") or token.head == token:
                return False
            token = token.head
        return False

    @staticmethod
    def _names_an_event(ctx: _Context, start: int, end: int) -> bool:
        """Whether the year names which of an event or work is meant ("like the election of 1980", "the crash
        of 1929", "Friedman's 1960 book"): a comparison with another time, not the time the story is told in
        ("the hours of November 1, 1954" and "the summer of 1940" are times, not events)."""
        token = TemporalTagger._token_at(ctx, start, end)
        if token is None:
            return False
        if token.dep_ in ("nummod", "compound", "amod", "npadvmod") and token.head.i > token.i:
            noun = token.head  # "Friedman's 1960 book", "the 1967 war"
        elif token.dep_ == "pobj" and token.head.lower_ == "of":
            noun = token.head.head
        else:
            return False
        return noun.pos_ in ("NOUN", "PROPN") and noun.lemma_.lower() not in _WHEN_NOUNS

    @staticmethod
    def _token_at(ctx: _Context, start: int, end: int):
        """The spaCy token heading the characters ``start:end`` (None if they cross no token)."""
        span = ctx.doc.char_span(start, end, alignment_mode="expand")
        return span.root if span is not None and len(span) else None

    # ── normalizers, one per rule ─────────────────────────────────────────────

    def _date_from_parts(self, m: re.Match[str], ctx: _Context, month: int, day: int, year_text: str | None) -> _Norm | None:
        if year_text:
            year = int(year_text)
            if len(year_text) == 2:
                year = _full_year(year, ctx.dct)
            elif year < _FIRST_FULL_YEAR:
                return None  # "1/2/0050"
            date = _safe_date(year, month, day)
            return _Norm("DATE", date.isoformat(), anchor="absolute") if date else None
        if ctx.dct is None:
            if _safe_date(_LEAP_YEAR, month, day) is None:
                return None  # "February 30" is no date, dated or not
            return _Norm("DATE", f"XXXX-{month:02d}-{day:02d}", anchor="none")
        wd = m.groupdict().get("wd")
        if wd:  # "Monday, Sept. 23": the year whose Sept. 23 is a Monday, nearest the DCT
            options = [y for y in (ctx.dct.year - 1, ctx.dct.year, ctx.dct.year + 1)
                       if (d := _safe_date(y, month, day)) and d.weekday() == _weekday_number(wd)]
            if options:
                year = min(options, key=lambda y: abs((dt.date(y, month, min(day, 28)) - ctx.dct).days))
                date = _safe_date(year, month, day)
                return _Norm("DATE", date.isoformat()) if date else None
        tense = self._tense_of_a_date(m, ctx)
        narrative = ctx.narrative_year_for(month, tense, ctx.says_will(m.start(), m.end()))
        if narrative is not None:
            date = _safe_date(narrative, month, day)
            return _Norm("DATE", date.isoformat(), anchor="discourse") if date else None
        if ctx.previous_word(m.start()) in ("effective", "next", "coming"):
            tense = "future"  # "a new pact effective June 1", in October: the coming June (a recent day stays near);
            # "through next March 31", "the coming Dec. 15 vote"
        elif ctx.previous_word(m.start()) == "last":
            tense = "past"  # "the crisis began last December 17"
        year = tr.nearest_year(ctx.dct, month, day, tense, since=ctx.after_since(m.start()))
        date = _safe_date(year, month, day)
        return _Norm("DATE", date.isoformat()) if date else None

    def _n_iso(self, m, ctx):
        date = _safe_date(int(m["year"]), int(m["month"]), int(m["day"]))
        if not date:
            return None
        if m["hour"]:
            return _Norm("TIME", f"{date.isoformat()}T{m['hour']}:{m['minute']}", anchor="absolute")
        return _Norm("DATE", date.isoformat(), anchor="absolute")

    def _n_slash(self, m, ctx):
        month, day = int(m["month"]), int(m["day"])
        if day <= 12 and ctx.dct:
            # "08/07/19" on a page of 8 July 2019: read day first, as Britain writes it, when only that reading
            # falls within days of the DCT (a page's own timestamp); month first otherwise, as America writes it
            year = _full_year(int(m["year"]), ctx.dct) if len(m["year"]) == 2 else int(m["year"])
            month_first, day_first = _safe_date(year, month, day), _safe_date(year, day, month)
            near = [d is not None and abs((d - ctx.dct).days) <= _TIMESTAMP_DAYS for d in (month_first, day_first)]
            if near == [False, True]:
                month, day = day, month
        return self._date_from_parts(m, ctx, month, day, m["year"])

    _n_dotted = _n_slash

    @staticmethod
    def _relative_year(m: re.Match[str], ctx: _Context) -> str | None:
        """The year of "March last year", "Oct. 13 this year", "25 June that year" (the year last told of; None without
        a DCT or such words)."""
        rel = (m.groupdict().get("ryear") or "").lower()
        if not rel or ctx.dct is None:
            return None
        if rel == "that":
            told, kind = ctx.anchor_of("year")
            return f"{told.year:04d}" if kind == "discourse" and told is not None else None
        return f"{ctx.dct.year + {'last': -1, 'this': 0, 'next': 1}[rel]:04d}"

    def _n_month_day(self, m, ctx):
        year_text = m["year"] or self._relative_year(m, ctx) or self._range_year(m, ctx)
        if not year_text and _month_number(m["month"]) == 9 and _day_number(m["day"]) == 11 and \
                ctx.dct is not None and ctx.dct.year > 2001 and ctx.dct.month not in _MONTHS_NEAR_SEPTEMBER_11 and \
                ctx.narrative_year_for(9) is None:
            return self._n_september_11(m, ctx)  # "including September 11", in a July paper: the attacks' day
        return self._date_from_parts(m, ctx, _month_number(m["month"]), _day_number(m["day"]), year_text)

    _n_day_month = _n_month_day

    @staticmethod
    def _range_year(m: re.Match[str], ctx: _Context) -> str | None:
        """The year written once after a range ("March 5-7, 2019", "April 16 and May 28 2004"), read before
        "March 5" resolves: later expressions count from it ("two days later")."""
        across = DAY_RANGE_AFTER.match(ctx.text, m.end())
        if across is not None:  # "between April 16 and May 28 2004"; "from 30 December to 2 January 2012"
            return str(_range_start_year(int(across["year"]), _month_number(m["month"]),
                                         _month_number(across["month"] or across["month2"])))
        if not re.search(r"\d(?:st|nd|rd|th)?$", m.group(0)):
            return None
        after = _RANGE_AFTER.match(ctx.text, m.end())
        if after is None or not after["year"] or _day_number(m["day"]) >= int(after["day"]):
            return None
        return after["year"].strip(" ,")

    def _n_month_year(self, m, ctx):
        year_text = m["year"] if "year" in m.groupdict() else self._relative_year(m, ctx)
        if year_text is None:  # "March last year" in an undated article
            return _Norm("DATE", tr.month_value(None, _month_number(m["month"])), _part_of(m["part"]), anchor="none")
        return _Norm("DATE", tr.month_value(int(year_text), _month_number(m["month"])), _part_of(m["part"]),
                     anchor="absolute" if m.groupdict().get("year") else "dct")

    def _n_month_that_year(self, m, ctx):
        """ "in October of that year", "in March of the following year": the month in the year last told of."""
        told, anchor = ctx.anchor_of("year")
        if told is None:
            return _Norm("DATE", tr.month_value(None, _month_number(m["month"])), _part_of(m["part"]), anchor="none")
        shift = {"the following": 1, "the next": 1, "the previous": -1}.get(m["rel"].lower(), 0)
        return _Norm("DATE", tr.month_value(told.year + shift, _month_number(m["month"])), _part_of(m["part"]),
                     anchor=anchor)

    def _n_month(self, m, ctx):
        month = _month_number(m["month"])
        mod = _part_of(m["part"])
        if ctx.dct is None:
            return _Norm("DATE", tr.month_value(None, month), mod, anchor="none")
        rel = (m["rel"] or "").lower()
        if rel in _BACK:
            year = ctx.dct.year if month < ctx.dct.month else ctx.dct.year - 1
        elif rel in _AHEAD:
            year = ctx.dct.year if month > ctx.dct.month else ctx.dct.year + 1
        elif rel == "this":
            year = ctx.dct.year
        elif rel == "that" and (told := ctx.anchor_of("year"))[1] == "discourse":
            return _Norm("DATE", tr.month_value(told[0].year, month), mod, anchor="discourse")  # "In 1972 … that
            # November"
        elif (shared := self._month_range_year(m, ctx, month)) is not None:
            return _Norm("DATE", tr.month_value(shared, month), mod, anchor="absolute")
        elif (narrative := ctx.narrative_year_for(month, tense := self._tense_of_a_date(m, ctx),
                                                  ctx.says_will(m.start(), m.end()))) is not None:
            return _Norm("DATE", tr.month_value(narrative, month), mod, anchor="discourse")
        elif (following := self._month_after_pair(m, ctx, month)) is not None:
            return _Norm("DATE", tr.month_value(following, month), mod, anchor="discourse")
        else:
            bound = ctx.previous_word(m.start())
            if tense == "present" and bound in ("until", "till", "through") or bound == "effective":
                tense = "future"  # "the process continues until September": the end of what goes on now
            year = tr.nearest_year(ctx.dct, month, None, tense, since=ctx.after_since(m.start()))
        return _Norm("DATE", tr.month_value(year, month), mod)

    def _tense_of_a_date(self, m: re.Match[str], ctx: _Context) -> tr.Tense:
        """The tense that points a month or a day written without its year."""
        if _SAID_ON.search(ctx.text, max(0, m.start() - _LOOKBEHIND), m.start()):
            return "past"  # "BP said in March it would buy"
        if _FUTURES_BEFORE.search(ctx.text, max(0, m.start() - _LOOKBEHIND), m.start()) or \
                _FUTURES_AFTER.match(ctx.text, m.end()):
            return "future"  # "Brent futures for April", "U.S. April crude futures": a contract's month lies ahead
        if self._dates_a_noun(ctx, m.start(), m.end(), _MISHAPS):
            return "past"  # "the events leading to the April 20 explosion": no one schedules a blast
        tense, verb = ctx.tense(m.start(), m.end())
        if tense == "present" and tr.tells_a_timetable(verb) or \
                ctx.previous_word(m.start()) in ("toward", "towards") or \
                tr.is_imperative(verb) and self._dates_the_verb(ctx, m.start(), m.end(), verb):
            return "future"  # "the term that begins next Monday and ends in June", "Remember in November …", "she is
            # marching toward November"
        if tense == "future" and self._dates_an_earlier_event(ctx, m.start(), m.end()):
            return "unknown"  # "would create a zone after the April 20 blowout", "agreed to pay, following a court
            # order in May": that event may be past
        if self._dates_an_awaited_meeting(ctx, m.start(), m.end()):
            return "future"  # "a paper released in preparation for the G-20 summit in April"
        if tense != "past" and self._dates_a_ballot(ctx, m.start(), m.end()):
            return "future"  # "prepare before the November election": a ballot not told in the past is ahead
        return tense

    @staticmethod
    def _tense_of_the_verb_after(ctx: _Context, end: int) -> str | None:
        """ "past" or "future" when the weekday stands right before the main verb, adverbs aside, with no punctuation
        between ("Hillary Clinton on Friday only further muddled …", "First to arrive Friday was …", "the minister
        on Monday will present …"): news' usual order, whose verb dates the day even when the parser hangs the
        weekday elsewhere; else None."""
        before = ctx.doc.char_span(max(0, end - 1), end, alignment_mode="expand")
        token = ctx.doc[before.end] if before is not None and before.end < len(ctx.doc) else None
        while token is not None and token.tag_ == "RB" and token.i + 1 < len(ctx.doc):
            token = ctx.doc[token.i + 1]
        if token is None or token.idx < end or re.search(r"[,;:()\"“”\n]", ctx.text[end:token.idx]):
            return None
        if token.tag_ == "VBD" and token.dep_ in ("ROOT", "conj"):
            return "past"
        if token.lower_ in ("will", "'ll") and token.tag_ == "MD":
            return "future"
        return None

    @staticmethod
    def _dates_a_ballot(ctx: _Context, start: int, end: int) -> bool:
        """Whether the date modifies an election, a primary, a caucus or a ballot ("the Nov. 8 election")."""
        return TemporalTagger._dates_a_noun(ctx, start, end, _BALLOTS)

    @staticmethod
    def _dates_the_verb(ctx: _Context, start: int, end: int, verb) -> bool:
        """Whether the date's phrase hangs on the verb itself ("Remember in November"), not on a noun of its clause."""
        token = TemporalTagger._token_at(ctx, start, end)
        return token is not None and verb is not None and (token.head == verb or token.head.head == verb)

    @staticmethod
    def _dates_an_awaited_meeting(ctx: _Context, start: int, end: int) -> bool:
        """Whether the date places a meeting that "for" or "before" waits for ("in preparation for the G-20 summit in
        April", "before the talks in June"): a meeting someone prepares for is still to come."""
        token = TemporalTagger._token_at(ctx, start, end)
        if token is None or token.dep_ != "pobj" or token.head.lower_ not in ("in", "on"):
            return False
        meeting = token.head.head
        return meeting.lemma_.lower() in tr.HELD_EVENTS and meeting.dep_ == "pobj" and \
            meeting.head.lower_ in ("for", "before")

    @staticmethod
    def _dates_a_noun(ctx: _Context, start: int, end: int, nouns: set[str] | frozenset[str]) -> bool:
        """Whether the date modifies one of ``nouns`` ("the Nov. 8 election", "November's general election", "the
        April 20 explosion")."""
        token = TemporalTagger._token_at(ctx, start, end)
        for _ in range(3):
            if token is None or token.head == token:
                return False
            if token.dep_ not in ("compound", "nmod", "nummod", "amod", "npadvmod", "poss"):
                return False
            token = token.head
            if token.lemma_.lower() in nouns:
                return True
        return False

    @staticmethod
    def _dates_an_earlier_event(ctx: _Context, start: int, end: int) -> bool:
        """Whether the date modifies an event that "after", "following", "since", "amid" or "because of" puts before
        the clause's own ("would create a zone after the April 20 blowout", "agreed to pay following a court order in
        May"): that event's time is not the clause's future. A date that is itself the object ("after May") is."""
        token = TemporalTagger._token_at(ctx, start, end)
        passed_noun = False
        for _ in range(_MAX_CLIMB):
            if token is not None and passed_noun and token.tag_ == "VBG" and token.dep_ == "pcomp" and \
                    token.head.lower_ in _EARLIER_EVENT_PREPOSITIONS:
                return True  # "After trouncing Clinton in Tuesday's primary"
            if token is None or token.head == token or token.pos_ in ("VERB", "AUX"):
                return False
            if passed_noun and token.dep_ == "pobj" and (token.head.lower_ in _EARLIER_EVENT_PREPOSITIONS
                                                         or token.head.lower_ == "of"
                                                         and token.head.head.lower_ in ("because", "wake")):
                return True  # "after the April 20 blowout", "because of the slaying in Chicago on Friday"
            token = token.head
            passed_noun = passed_noun or token.pos_ == "NOUN"
        return False

    @staticmethod
    def _month_range_year(m: re.Match[str], ctx: _Context, month: int) -> int | None:
        """The year written once after a month range ("between August and September 2005" is August 2005;
        "from December to March 2003" is December 2002), or None."""
        after = MONTH_RANGE_AFTER.match(ctx.text, m.end())
        if after is None:
            return None
        end_month = (_month_number(after["month"]) if after["month"]
                     else tr.SEASON_MONTH[tr.SEASONS[after["season"].lower()]])
        return _range_start_year(int(after["year"]), month, end_month)

    @staticmethod
    def _month_after_pair(m: re.Match[str], ctx: _Context, month: int) -> int | None:
        """The year of a month that ends a pair or a range whose first month was just resolved ("ads reserved in
        December and January" is the January after that December), or None."""
        before = MONTH_BEFORE.search(ctx.text, max(0, m.start() - _LOOKBEHIND), m.start())
        first = ctx.anchors["month"]
        if before is None or first is None or _month_number(before["month"]) != first.month:
            return None
        return first.year if month >= first.month else first.year + 1

    def _n_year(self, m, ctx):
        pre = (m["pre"] or "").lower().rstrip("-").strip()
        mod = _part_of(pre)
        value = m["year"]
        if pre == "the first half of":
            value, mod = f"{value}-H1", None
        elif pre == "the second half of":
            value, mod = f"{value}-H2", None
        return _Norm("DATE", value, mod, anchor="absolute")

    def _n_september_11(self, m, ctx):
        """ "The September 11 attacks": the day of 2001, named as an event, which the story is not told in."""
        return _Norm("DATE", "2001-09-11", anchor="absolute", background=True)

    def _n_nine_eleven(self, m, ctx):
        """ "since 9/11": the day of the 2001 attacks, in a text written after it (else a month and day we do not
        read: "9/11" alone in 1998 may be either)."""
        if ctx.dct is None or ctx.dct <= dt.date(2001, 9, 11):
            return None
        return self._n_september_11(m, ctx)

    def _n_era_year(self, m, ctx):
        """ "490 BC" is BC0490 (TimeML's form; not a date this tagger counts from), "AD 70" the year 0070."""
        if m["ad"] or (m["era"] and m["era"].upper().startswith("A")):
            return _Norm("DATE", f"{int(m['adyear'] or m['bc']):04d}", anchor="absolute")
        return _Norm("DATE", f"BC{int(m['bc'] or m['first']):04d}", anchor="none")

    def _n_spelled_year(self, m, ctx):
        rest = parse_number(m["rest"]) if m["rest"] else 0
        if rest is None:
            return None
        base = 1900 if m["century"].lower() == "nineteen" else 2000
        if m["month"]:  # "January nineteen ninety-seven" (broadcast transcripts)
            return _Norm("DATE", tr.month_value(base + int(rest), _month_number(m["month"])), anchor="absolute")
        return _Norm("DATE", f"{base + int(rest):04d}", anchor="absolute")

    def _n_decade(self, m, ctx):
        """ "the 1990s", "the '90s", "the 90s", "the 60s and 70s": a bare two-digit decade is the 1900s'.
        "The 1800s" is the century, as readers take it (the 2000s stay a decade)."""
        decade = m["decade"] or m["decade2"] or m["decade3"] or m["decade4"]
        if re.fullmatch(r"1\d00", decade):
            value = decade[:2]
        else:
            value = ("19" + decade[1]) if decade[0] in "'’" else ("19" + decade[0]) if len(decade) == 2 else decade[:3]
        return _Norm("DATE", value, _part_of(m["part"] or m["part2"] or m["part3"]), anchor="absolute")

    def _n_duration_abbr(self, m, ctx):
        """ "7hrs", "30 mins": abbreviated units (tweets, live blogs)."""
        return _Norm("DURATION", _duration_value(parse_number(m["num"]), unit_name(m["unit"])), _mod_of(m["mod"]),
                     anchor="none")

    def _n_decade_word(self, m, ctx):
        """ "the nineties": a decade of the 1900s (the usual reading in news)."""
        tens = {"twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6, "seventies": 7,
                "eighties": 8, "nineties": 9}[m["word"].lower()]
        return _Norm("DATE", f"19{tens}", _part_of(m["part"]), anchor="absolute")

    def _n_century(self, m, ctx):
        number = ORDINAL_NUMBERS[m["word"].lower()] if m["word"] else int(m["ord"] or m["ord2"])
        if number == 0:
            return None  # "the 0th century"
        if re.match(r"\s?B\.?C\.?E?\b", ctx.text[m.end():m.end() + 6]):
            return _Norm("DATE", f"BC{number - 1:02d}", _part_of(m["part"]), anchor="none")  # "the third century BC"
        return _Norm("DATE", f"{number - 1:02d}", _part_of(m["part"]), anchor="absolute")

    def _day_word(self, word: str, ctx: _Context) -> tuple[dt.date | None, str | None]:
        offset = DAY_WORDS[word]
        date = ctx.dct + dt.timedelta(days=offset) if ctx.dct else None
        return date, ("NI" if word in ("tonight", "2nite", "tonite") else None)

    def _n_dayword(self, m, ctx):
        if m["word"].lower() == "today" and not m["pod"] and _TODAYS_GENERIC.match(ctx.text, m.end()):
            return None  # "today's world", "today's youth": the present age, which TimeBank and AQUAINT leave (4 in 4)
        date, pod = self._day_word(m["word"].lower(), ctx)
        if m["pod"]:
            pod = PARTS_OF_DAY[m["pod"].lower()]
        value = tr.day_value(date)
        mod = _part_of(m["part"])
        if pod:
            return _Norm("TIME", f"{value}T{pod}", mod)
        return _Norm("DATE", value, mod)

    def _n_overnight(self, m, ctx):
        """The night a report's "overnight" tells of: the one its sentence names a day for ("positions Sunday and
        overnight"), else the night before the DCT, or the DCT's own night when the clause looks ahead."""
        if ctx.sentence in ctx.sentence_days:
            night, anchor = ctx.sentence_days[ctx.sentence], "discourse"
        elif ctx.dct is None:
            return _Norm("TIME", "XXXX-XX-XXTNI", anchor="none")
        else:
            ahead = ctx.direction(m.start(), m.end()) == "future"
            night, anchor = ctx.dct - dt.timedelta(days=0 if ahead else 1), "dct"
        return _Norm("TIME", f"{tr.day_value(night)}TNI", anchor=anchor)

    def _n_day_around(self, m, ctx):
        offset = -2 if m["dir"].lower().startswith("before") else 2
        return _Norm("DATE", tr.day_value(ctx.dct + dt.timedelta(days=offset) if ctx.dct else None))

    def _n_day_beside(self, m, ctx):
        """ "Oct. 12, the day before the plunge" is Oct. 12; "up from 1.51 percent the day before" is the day
        before the one the text is about, and a comparison that does not move the story to that day."""
        date, anchor = ctx.anchor_of("day")
        if date is None:
            return _Norm("DATE", "XXXX-XX-XX", anchor="none")
        if _set_beside_a_date(ctx.text, m.start()):
            return _Norm("DATE", tr.day_value(date), anchor=anchor)
        offset = -1 if m["dir"].lower() == "before" else 1
        return _Norm("DATE", tr.day_value(date + dt.timedelta(days=offset)), anchor=anchor, background=True)

    def _n_this_pod(self, m, ctx):
        rel, pod = m["rel"].lower(), PARTS_OF_DAY[m["pod"].lower()]
        offset = {"this": 0, "last": -1, "yesterday": -1, "tomorrow": 1}[rel]
        date = ctx.dct + dt.timedelta(days=offset) if ctx.dct else None
        return _Norm("TIME", f"{tr.day_value(date)}T{pod}", _part_of(m["part"]))

    def _weekday_date(self, wd: int, rel: str, m: re.Match[str], ctx: _Context,
                      start: int | None = None) -> tuple[dt.date | None, str]:
        """The day a weekday names (``start``: where the expression begins, when the match begins earlier)."""
        start = m.start() if start is None else start
        if rel in ("the previous", "the following", "the next", "that"):
            anchor, kind = ctx.anchor_of("day")
            if anchor is None:
                return None, "none"
            direction = {"the previous": "last", "the following": "next", "the next": "next"}.get(rel)
            if direction is None:
                direction = ctx.direction(start, m.end())
            return tr.weekday_date(anchor, wd, direction), kind
        if ctx.dct is None:
            return None, "none"
        if rel in ("", "this") and (self._ahead_of(ctx, start, m.end()) or self._in_run_up_to(ctx, start, m.end())):
            # "arrived on Sunday, ahead of the summit scheduled for this Tuesday", "ahead of Saturday's matches": the
            # event lies after the clause's own day (a day named earlier in the sentence, else the DCT)
            named = ctx.sentence_days.get(ctx.sentence)
            if named is not None:  # on or after it: "ahead of Saturday night's concert" twice is one Saturday
                return tr.weekday_date(named, wd, "future"), "discourse"
            tense, verb = ctx.tense(start, m.end())
            if tense == "past" and verb is not None and verb.tag_ == "VBD" and ctx.previous_word(start) == "on":
                # "ignored a question ahead of his fourth event of the day on Monday", in Tuesday's paper: what a
                # simple past went ahead of on a day may be past too ("turned nasty ahead of Tuesday's primary" and
                # "has turned nasty ahead of the primary on Tuesday" look ahead)
                return tr.weekday_date(ctx.dct, wd, "nearest"), "dct"
            return tr.weekday_date(ctx.dct, wd, "future"), "dct"
        if rel in _BACK:
            direction = "last"
        elif rel in _AHEAD:
            direction = "next"
        elif _SAID_ON.search(ctx.text, max(0, start - _LOOKBEHIND), start):
            direction = "past"  # "BP said on Friday it will sell": the day of the saying
        elif self._dates_an_awaited_event(ctx, start, m.end()):
            direction = "nearest"  # "called for a protest Thursday", "prepared for a debate Thursday": arranged,
            # so near the DCT on either side
        elif _POSSESSIVE_AFTER.match(ctx.text, m.end()) and self._possessive_planned(ctx, start, m.end()):
            direction = "nearest"  # "Friday's planned protests": still ahead when written, unless the paper is late
        elif _POSSESSIVE_AFTER.match(ctx.text, m.end()) and not self._possessive_ahead(ctx, start, m.end()):
            direction = "past"  # "Friday's purchases", "Wednesday's ruling": an event already reported
            if ctx.tense_only(start, m.end()) in ("present", "future") and (
                    self._dates_an_earlier_event(ctx, start, m.end()) or self._owns_a_held_event(ctx, start, m.end())):
                direction = "nearest"  # "After trouncing Clinton in Tuesday's primary, he must prepare …", "the
                # situation she is facing in Tuesday's primary", "the momentum from his victory in Tuesday's primary"
        elif (inline := self._tense_of_the_verb_after(ctx, m.end())) is not None:
            direction = inline  # "Hillary Clinton on Friday only further muddled a controversy", whatever the parse
        else:
            direction = ctx.direction(start, m.end())  # "Friday's vote will decide the race" looks ahead
            tense, verb = ctx.tense(start, m.end())
            if direction == "future" and self._dates_an_earlier_event(ctx, start, m.end()):
                direction = "nearest"  # "will vote for him because of the slaying in Chicago on Friday"
            elif direction == "future" and (tr.expected_in_past(verb) or tr.future_in_past(verb)):
                direction = "nearest"  # "was expected to land Wednesday": yesterday in Thursday's paper; "hoped that
                # one of them could return home on Tuesday", in Wednesday's: a day on either side
            elif direction == "future" and tense == "present" and tr.simple_present_deed(verb):
                direction = "nearest"  # a caption's "rebels move on the town on Saturday", in Tuesday's paper
            elif direction == "past" and rel == "this":
                # "originally planned a launch event this Friday", written on a Tuesday: this week's Friday, on
                # either side of the DCT ("this Monday he resigned" on a Wednesday lies behind)
                return ctx.dct + dt.timedelta(days=wd - ctx.dct.weekday()), "dct"
        date = tr.weekday_date(ctx.dct, wd, direction)
        opened = ctx.sentence_days.get(ctx.sentence)
        if opened is not None and date < opened and ctx.ends_a_range(start):
            return tr.weekday_date(opened, wd, "future"), "discourse"  # "runs from Monday through Friday"
        return date, "dct"

    def _n_weekday(self, m, ctx):
        wd = WEEKDAYS[m["wd"].lower()]
        pod = PARTS_OF_DAY[m["pod"].lower()] if m["pod"] else None
        if m["plural"] or m["pods"]:
            value = f"XXXX-WXX-{wd + 1}" + (f"T{pod}" if pod else "")
            return _Norm("SET", value, anchor="none")
        rel = (m["rel"] or "").lower()
        span = None
        if rel == "that" and (word := self._token_at(ctx, m.start("rel"), m.end("rel"))) is not None \
                and (word.dep_ == "mark" or word.tag_ == "IN"):
            rel, span = "", (m.start("wd"), m.end())  # "obvious that Tuesday's quake …": "that" opens the clause
        mod = _part_of(rel) if rel in ("early", "late", "earlier", "later") else None
        date, anchor = self._weekday_date(wd, rel if mod is None else "", m, ctx, span[0] if span else None)
        value = date.isoformat() if date else f"XXXX-WXX-{wd + 1}"
        if pod:
            return _Norm("TIME", f"{value}T{pod}", mod, anchor=anchor, span=span)
        return _Norm("DATE", value, mod, anchor=anchor, span=span)

    def _time_of_day(self, m: re.Match[str]) -> str:
        groups = m.groupdict()
        if groups.get("named"):
            return "12:00" if groups["named"].lower() in ("noon", "midday") else "24:00"
        hour = int(groups["hour"])
        minute = int(groups["minute"] or 0)
        ampm = (groups.get("ampm") or "").lower()
        if ampm.startswith("p") and hour < 12:
            hour += 12
        if ampm.startswith("a") and hour == 12:
            hour = 0
        return f"{hour:02d}:{minute:02d}"

    def _n_time(self, m, ctx):
        clock = self._time_of_day(m)
        groups = m.groupdict()
        anchor = "dct"
        # a calendar date written with the clock: "5 p.m. EST, Nov. 6", "11pm on Sunday 17 March"
        written = next(((groups[f"{p}month"], groups[f"{p}day"], groups.get(f"{p}year")) for p in ("t", "w", "v")
                        if groups.get(f"{p}month")), None)
        if written is not None:
            day = self._date_from_parts(m, ctx, _month_number(written[0]), _day_number(written[1]), written[2])
            if day is None:
                return None
            if "X" in day.value:
                return _Norm("TIME", f"{day.value}T{clock}", anchor="none")
            date, anchor = dt.date.fromisoformat(day.value), day.anchor
        elif groups.get("wd"):
            date, anchor = self._weekday_date(WEEKDAYS[groups["wd"].lower()], "", m, ctx)
        elif groups.get("word"):
            date, _ = self._day_word(groups["word"].lower(), ctx)
        else:
            date = self._clock_day(m, ctx)
        if date is None:
            anchor = "none"
        return _Norm("TIME", f"{tr.day_value(date)}T{clock}", _mod_of((groups.get("mod") or "").replace("at ", "")),
                     anchor=anchor)

    @staticmethod
    def _clock_day(m: re.Match[str], ctx: _Context) -> dt.date | None:
        """The day of a clock time written without one: its sentence's date; in a past clause the
        day the story last named ("was shot at 10 p.m."), unless that day lies after the DCT (a visit
        "due on 13 April" does not date "admitted by 6am"); else the DCT ("lunch is at noon")."""
        if ctx.sentence in ctx.sentence_days:
            return ctx.sentence_days[ctx.sentence]
        if ctx.tense_only(m.start(), m.end()) != "past":
            return ctx.dct
        day = ctx.anchor_of("day")[0]
        return ctx.dct if day is not None and ctx.dct is not None and day > ctx.dct else day

    def _n_stamp(self, m, ctx):
        """ "05 February 12 01:10 GMT": a page's time stamp, its year in two digits (taken in this century, and only
        near the DCT)."""
        year = 2000 + int(m["yy"])
        if ctx.dct is not None and abs(year - ctx.dct.year) > _FAR_YEARS:
            return None
        try:
            day = dt.date(year, _month_number(m["month"]), _day_number(m["day"]))
        except ValueError:
            return None
        return _Norm("TIME", f"{day.isoformat()}T{m['hour']}:{m['minute']}", anchor="absolute")

    def _n_time24(self, m, ctx):
        if ":" not in m.group(0):  # "1800 GMT"
            zone = m.groupdict().get("tz")  # none when a bracketed conversion follows ("at 2000 (0000 GMT)")
            if zone and zone not in ("local time", "hr", "hrs") and not zone.isupper():
                return None  # "1200 cat", "1999 et al."
            if _OPEN_BRACKET_BEFORE.search(ctx.text, max(0, m.start() - 3), m.start()):
                return None  # "at 10:35 a.m. (0735 GMT)", "9 pm Sunday (0200 GMT Monday)": a conversion of the
                # clock before it, left untagged as TimeBank leaves it (still a match: "(1803 HKT)" is no year)
        date = self._clock_day(m, ctx)
        hour = int(m["hour"])
        if hour < 12 and _LATER_IN_THE_DAY.match(ctx.text, m.end()):
            hour += 12  # "at 2:30 this afternoon"
        return _Norm("TIME", f"{tr.day_value(date)}T{hour:02d}:{m['minute']}", anchor="dct" if date else "none")

    def _relative(self, rel: str, unit: str, m: re.Match[str], ctx: _Context) -> tuple[str, str] | None:
        """Value and anchor of "this/last/next/the following … <unit>"."""
        discourse = rel in ("the following", "the previous", "that", "the same")
        if unit == "day" and rel not in ("the next", "the following", "the previous", "that", "the same"):
            return None
        if rel == "the next" and (unit == "day" or ctx.previous_word(m.start()) not in ("over", "for", "within",
                                                                                       "during", "in")):
            discourse = True  # "the next year, Necker returned": the year after the story's; "over the next year" is ahead
        anchor_date, anchor = ctx.anchor_of(unit) if discourse else (ctx.dct, "dct")
        if anchor_date is None:
            return tr.shift_value(None, unit, 0), "none"
        if rel in ("this", "the current", "current", "the same", "that", "the new"):
            n = 0
            if rel == "that" and unit == "quarter" and ctx.last_value and "-Q" in ctx.last_value:
                return ctx.last_value, "discourse"
        elif rel == "this past" and unit == "week" and anchor_date.weekday() >= 5:
            n = 0  # a weekend paper's "this past week" is the week now ending (on a Tuesday it is the one before)
        elif rel in ("last", "the last", "the past", "past", "the previous", "previous", "the most recent",
                     "the latest", "this past"):
            n = -1
        elif rel in ("next", "the next", "the coming", "coming", "the following", "this coming"):
            n = 1
        elif rel == "the":
            if unit == "quarter":
                n = -1
            else:
                n = 0
        else:
            return None
        if unit == "weekend":
            return self._weekend(rel, m, ctx, anchor_date), anchor
        if unit == "fortnight":
            return None
        if unit == "week" and rel == "this" and anchor == "dct" and anchor_date.weekday() == 6 and \
                ctx.direction(m.start(), m.end()) != "past":
            n = 1  # a Sunday paper's "this week's summit will be", "not available this week": the week it opens
        return tr.shift_value(anchor_date, unit, n), anchor

    def _weekend(self, rel: str, m: re.Match[str], ctx: _Context, anchor: dt.date) -> str:
        """The weekend meant: the same ISO week's, or the one before, by tense and the DCT's weekday."""
        if rel in ("last", "the last", "the past", "past", "the previous", "previous", "this past"):
            week = anchor - dt.timedelta(days=7) if anchor.weekday() < 5 or rel != "this past" else anchor
            if rel == "last" and anchor.weekday() >= 5:
                week = anchor - dt.timedelta(days=7)
        elif rel in ("next", "the next", "the coming", "coming", "this coming", "the following"):
            week = anchor if anchor.weekday() < 4 and rel != "next" else anchor + dt.timedelta(days=7)
        elif ctx.previous_word(m.start()) == "before":
            week = anchor  # "spurred short-covering before the weekend", on a Friday: the weekend that follows
        else:
            direction = ctx.direction(m.start(), m.end())
            if direction == "past" and anchor.weekday() < 5 and rel != "this":
                week = anchor - dt.timedelta(days=7)
            elif direction == "past" and anchor.weekday() == 0:
                week = anchor - dt.timedelta(days=7)
            else:
                week = anchor
        return tr.week_value(week) + "-WE"

    def _n_rel_unit(self, m, ctx):
        rel, unit = m["rel"].lower(), m["unit"].lower()
        if m["fiscal"] and unit not in ("year", "quarter"):
            return None
        if rel in ("the past", "past", "the next", "the coming") and unit in ("decade", "century"):
            # "over the past decade", "over the next decade": the ten years up to now or from now (DURATION), like
            # "the past ten years" (the modern gold marks "the next decade" so three times in three)
            return _Norm("DURATION", _duration_value(1, unit), anchor="none")
        if unit == "fortnight" and rel in _FORTNIGHT_SPANS:
            # "in the next fortnight", "over the past fortnight": two weeks from or up to now; no calendar names one
            return _Norm("DURATION", _duration_value(1, unit), anchor="none")
        result = self._relative(rel, unit, m, ctx)
        if result is None:
            return None
        value, anchor = result
        return _Norm("DATE", value, anchor=anchor)

    def _n_part_rel(self, m, ctx):
        rel, unit = m["rel"].lower(), m["unit"].lower()
        if rel == "the":  # "the end of the month": this one, or the narrative's
            rel = "that" if ctx.narrative_year() is not None else "this"
        result = self._relative(rel, unit, m, ctx)
        if result is None:
            return None
        value, anchor = result
        part = m["part"].lower()
        if unit == "year" and "half of" in part and re.fullmatch(r"\d{4}", value):
            # "the second half of the year" is a named half (H2), not the end of the year
            return _Norm("DATE", f"{value}-H{1 if 'first' in part else 2}", anchor=anchor)
        return _Norm("DATE", value, _part_of(m["part"]), anchor=anchor)

    def _n_ago(self, m, ctx):
        n = parse_number(m["num"])
        unit = unit_name(m["unit"])
        direction = (m["dir"] or m["dir2"]).lower()
        back = direction in ("ago", "earlier", "before", "prior", "back")
        mod = _mod_of(m["mod"])
        if mod == "LESS_THAN" or mod == "MORE_THAN":
            mod = "APPROX"
        if n is None:
            return _Norm("DATE", "PAST_REF" if back else "FUTURE_REF", mod, anchor="none")
        if m["half"]:
            n += 0.5  # "a year and a half ago"
        from_dct = direction in ("ago", "hence", "from now", "back")
        comparison = (unit, -n if back else n)
        recent = ctx.sentence - ctx.last_sentence <= _COMPARISON_SENTENCES
        if unit in ("year", "decade") and ctx.last_rule in ("ago", "year_ago") and recent:
            # "up from $4 a year ago … compared with $3 a year earlier": a second comparison with
            # the same base, not a year before the first one ("two years later" does count on from it)
            if ctx.comparison == comparison and ctx.last_value:
                return _Norm("DATE", ctx.last_value, mod, anchor="discourse")
            from_dct = from_dct or back
        ctx.comparison = comparison
        anchor_date, anchor = (ctx.dct, "dct") if from_dct else ctx.anchor_of(unit)
        if direction in ("later", "after") and unit in ("year", "decade", "century") and ctx.dct is not None and \
                anchor_date is not None and anchor_date.year == ctx.dct.year and \
                ((tense := ctx.tense(m.start(), m.end()))[0] in ("present", "unknown")
                 or tr.is_present_perfect(tense[1])):
            # "even 21 years later, the otters have not recovered": counted from an event the text does not date, in a
            # clause about now, to the time of writing
            return _Norm("DATE", f"{ctx.dct.year:04d}", mod, anchor="dct")
        if unit in ("day", "night", "week") and anchor == "discourse" and ctx.dct is not None and \
                anchor_date is not None and anchor_date > ctx.dct and ctx.tense_only(m.start(), m.end()) == "past":
            # "… to continue with Thursday's planned march. A day earlier, the president ordered …": a past deed
            # counts from the last day told that has happened, not from a day still ahead
            anchor_date, anchor = (ctx.day_before_writing, "discourse") if ctx.day_before_writing else (ctx.dct, "dct")
        if not float(n).is_integer() and unit in _FINER:
            # "two and a half years ago": a point 30 months back, named at the next finer unit
            finer, per = _FINER[unit]
            unit, n = finer, n * per
        n = round(n)
        if unit == "year" and n == 1 and back and (quarter := ctx.quarter_in_focus()) and (not from_dct or recent):
            # "profit rose in the third quarter … from $3 a year earlier": the same quarter a year back
            return _Norm("DATE", tr.shift_value_string(quarter, "year", -1), mod, anchor="discourse")
        if unit in TIME_UNITS:
            if anchor_date is None:
                return _Norm("TIME", "XXXX-XX-XXTXX:XX", mod, anchor="none")
            return _Norm("DATE", tr.day_value(anchor_date), mod, anchor=anchor)
        if unit == "night":
            unit = "day"
        if unit == "fortnight":
            unit, n = "week", n * 2
        if unit == "decade" and from_dct:
            # "a decade ago" is a year (TimeBank "1989-XX"), not the decade 200; "two decades ago" is the decade
            # twenty years back (199), as the modern gold marks it three times in three
            year = tr.shift_value(anchor_date, "year", -10 * n if back else 10 * n)
            return _Norm("DATE", year if n == 1 or not year[:1].isdigit() else year[:3], mod,
                         anchor=anchor if anchor_date else "none")
        return _Norm("DATE", tr.shift_value(anchor_date, unit, -n if back else n), mod,
                     anchor=anchor if anchor_date else "none")

    def _n_year_ago(self, m, ctx):
        noun = (m["unit"] or "").lower()
        ctx.comparison = ("year", -1)
        if quarter := ctx.quarter_in_focus():
            return _Norm("DATE", tr.shift_value_string(quarter, "year", -1), anchor="discourse")
        if "quarter" in noun or noun == "period":
            return _Norm("DATE", tr.shift_value(ctx.dct - dt.timedelta(days=365) if ctx.dct else None, "quarter", -1))
        if "nine months" in noun:
            return _Norm("DURATION", "P9M", anchor="none")
        return _Norm("DATE", tr.shift_value(ctx.dct, "year", -1))

    def _n_duration(self, m, ctx):
        unit = unit_name(m["unit"])
        groups = m.groupdict()
        n = None if groups.get("num2") else parse_number(m["num"])  # "five or six days": how long is left open
        if m["num"].lower() in ("a", "an") and m["unit"].lower().endswith("s") and groups.get("adj"):
            n = None  # "a decades-long feud", "a weeks-long strike": the length is left unsaid
        if n is not None and groups.get("half"):
            n += 0.5  # "an hour and a half"
        rel = (groups.get("rel") or "").lower()
        if unit == "weekend" and n == 1:
            return None
        if rel == "same":
            return None
        value = _duration_value(n, unit)
        if m.group(0).lower() == "one day" and ctx.previous_word(m.start()) in _SOMEDAY_MODALS:
            return _Norm("DATE", "FUTURE_REF", anchor="none")  # "Islam will one day be …": some day to come
        mod_word = (groups.get("mod") or "").lower()
        if mod_word in ("over", "under") and (groups.get("det") or rel):
            # "over the past two decades": a preposition, not "more than"
            return _Norm("DURATION", value, anchor="none", span=(m.start("det") if groups.get("det")
                                                                 else m.start("rel"), m.end()))
        if groups.get("det") and not rel and not mod_word and ctx.text[m.end("num"):m.start("unit")] == "-":
            # "the 10-day trip": the determiner is the trip's; TimeML tags the compound alone (dev gold 28 of 31)
            return _Norm("DURATION", value, anchor="none", span=(m.start("num"), m.end()))
        if m["num"].lower() in ("a", "an") and (groups.get("adj") or "").lower() == "-long" and not mod_word:
            # "a week-long strike", "a decades-long feud": the article is the strike's (every gold set marks
            # "week-long" alone, 12 times in 12)
            return _Norm("DURATION", value, anchor="none", span=(m.start("unit"), m.end()))
        return _Norm("DURATION", value, _mod_of(m["mod"]), anchor="none")

    def _n_odd_count(self, m, ctx):
        return _Norm("DURATION", _duration_value(int(m["num"]), unit_name(m["unit"])), "APPROX", anchor="none")

    def _n_plural_unit(self, m, ctx):
        unit = unit_name(m["unit"])
        return _Norm("DURATION", _duration_value(None, unit), anchor="none", span=(m.start("unit"), m.end("unit")))

    def _n_set(self, m, ctx):
        q = m["q"].lower()
        target = m["unit"]
        lowered = target.lower()
        num = (m["num"] or "").lower()
        n = 2 if num == "other" else (parse_number(num) if num else 1)
        if lowered in WEEKDAYS:
            return _Norm("SET", f"XXXX-WXX-{WEEKDAYS[lowered] + 1}", anchor="none")
        if lowered in tr.SEASONS:  # "every summer"; "a summer" is one summer, "each other spring" is rare
            return _Norm("SET", f"XXXX-{tr.SEASONS[lowered]}", anchor="none") if q in ("every", "each") and not num \
                else None
        if lowered.rstrip(".") in MONTHS and lowered not in ("may",) or lowered == "may" and target[0].isupper():
            return _Norm("SET", f"XXXX-{_month_number(target):02d}", anchor="none")
        unit = unit_name(target)
        if unit not in UNIT_CODES:
            return None
        if q in ("a", "an") and num:
            return None
        return _Norm("SET", _duration_value(n, unit), anchor="none")

    def _n_set_adverb(self, m, ctx):
        value = {"daily": "P1D", "weekly": "P1W", "monthly": "P1M", "yearly": "P1Y", "annually": "P1Y",
                 "hourly": "PT1H", "nightly": "P1D", "biweekly": "P2W",
                 "bimonthly": "P2M", "semiannually": "P6M"}[m["adv"].lower()]
        return _Norm("SET", value, anchor="none")

    def _n_quarter(self, m, ctx):
        unit = m["unit"].lower()
        pre = (m["pre"] or "").lower()
        ord_ = (m["ord"] or "").lower()
        number = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
                  "final": 4 if unit == "quarter" else 2}.get(ord_)
        if ord_ == "last" and (m["year1"] or m["year2"] or m["rel2"]):
            number = 4 if unit == "quarter" else 2  # "the last half of 1989" is its second half
        year_text = m["year1"] or m["year2"]
        if year_text:
            year: int | None = int(year_text)
            anchor = "absolute"
        elif ctx.dct is None:
            year, anchor = None, "none"
        else:
            anchor = "dct"
            year = ctx.dct.year
            rel2 = (m["rel2"] or "").lower()
            if rel2 == "last" or pre in ("last year's",):
                year -= 1
            elif rel2 == "next" or pre == "next year's":
                year += 1
        if number is None and year_text and unit == "quarter":  # "the 1988 quarter": the one in focus, that year
            return _Norm("DATE", f"{year_text}-Q{self._quarter_in_focus(ctx)}", anchor="discourse")
        if number is None:  # "the quarter", "the latest quarter", "last quarter", "its current quarter"
            if ctx.dct is None:
                return _Norm("DATE", "XXXX-QX", anchor="none")
            if ord_ == "current" or pre in ("this", "the current"):
                n = 0
            elif pre == "next":
                n = 1
            elif pre in ("that", "the same") and ctx.last_value and "-Q" in ctx.last_value:
                return _Norm("DATE", ctx.last_value, anchor="discourse")
            else:
                n = -1
            if pre in ("the year-ago", "the year-earlier", "last year's"):
                if (quarter := ctx.quarter_in_focus()) and "-Q" in quarter:
                    return _Norm("DATE", tr.shift_value_string(quarter, "year", -1), anchor="discourse")
                n -= 4
            if unit == "half":
                return _Norm("DATE", tr.shift_value(ctx.dct, "half", n), anchor="dct")
            return _Norm("DATE", tr.shift_value(ctx.dct, "quarter", n), anchor="dct")
        letter = "Q" if unit == "quarter" else "H"
        if unit == "half" and number > 2:
            return None
        if year is None:
            return _Norm("DATE", f"XXXX-{letter}{number}", anchor="none")
        if not year_text and ctx.dct is not None and unit == "quarter":
            if pre in ("the year-ago", "the year-earlier"):
                year -= 1
            elif (m["rel2"] or "the").lower() == "the" and pre not in ("this year's", "last year's", "next year's"):
                year = self._quarter_year(number, m, ctx)  # "the first quarter (of the year)": the year in focus
        return _Norm("DATE", f"{year:04d}-{letter}{number}", anchor=anchor)

    @staticmethod
    def _quarter_year(number: int, m: re.Match[str], ctx: _Context) -> int:
        """The year of a quarter named without one: the DCT's, or the year before for a quarter still ahead that a
        past clause reports ("third-quarter profit rose", written in May) or that a first quarter's report looks
        back to."""
        current = tr.quarter_of(ctx.dct)
        if number > current and (ctx.tense_only(m.start(), m.end()) == "past" or current == 1):
            return ctx.dct.year - 1
        return ctx.dct.year

    def _n_quarter_abbr(self, m, ctx):
        number = int(m["number"])
        if m["year"]:
            return _Norm("DATE", f"{m['year']}-Q{number}", anchor="absolute")
        if ctx.dct is None:
            return _Norm("DATE", f"XXXX-Q{number}", anchor="none")
        return _Norm("DATE", f"{self._quarter_year(number, m, ctx):04d}-Q{number}", anchor="dct")

    def _n_season_ago(self, m, ctx):
        n = parse_number(m["num"])
        code = tr.SEASONS[m["season"].lower()[:-1]]
        if ctx.dct is None or n is None or not float(n).is_integer():
            return _Norm("DATE", f"XXXX-{code}", anchor="none")
        return _Norm("DATE", f"{tr.last_season_year(ctx.dct, code) - int(n) + 1:04d}-{code}")

    def _n_season(self, m, ctx):
        code = tr.SEASONS[m["season"].lower()]
        rel = (m["rel"] or "").lower().replace("the ", "").strip()
        mod = {"early": "START", "mid": "MID", "late": "END"}.get(rel)
        if m["year"]:
            return _Norm("DATE", f"{m['year']}-{code}", mod, anchor="absolute")
        if ctx.dct is None:
            return _Norm("DATE", f"XXXX-{code}", mod, anchor="none")
        month = tr.SEASON_MONTH[code]
        current = tr.season_in_focus(ctx.dct)
        if rel in _BACK:
            year = tr.last_season_year(ctx.dct, code)
        elif rel in _AHEAD:
            year = min(y for y in (current[0], current[0] + 1) if (y, month) > current)
        elif rel == "this" and code != "WI" and month != current[1]:
            # the tense chooses, but "this" season lies within THIS_SEASON_DAYS: "was out of contract this summer",
            # written in May, is the coming one; "This spring the club collapsed", written in November, the last
            # (a winter spans two years and keeps the reading below)
            year = tr.nearest_year(ctx.dct, month, None, ctx.tense_only(m.start(), m.end()))
            if abs((dt.date(year, month, 15) - ctx.dct).days) > _THIS_SEASON_DAYS:
                year += 1 if dt.date(year, month, 15) < ctx.dct else -1
        elif (narrative := ctx.narrative_year(tense := ctx.tense_only(m.start(), m.end()),
                                              ctx.says_will(m.start(), m.end()))) is not None:
            return _Norm("DATE", f"{narrative:04d}-{code}", mod, anchor="discourse")
        elif month == current[1]:
            year = current[0]
        else:
            tense = "future" if ctx.previous_word(m.start()) in ("until", "till") else tense
            year = tr.nearest_year(ctx.dct, month, None, tense)
        if code == "WI":
            # a winter is ordered by its January above; it is named by the year it is written in when it is the
            # one under way ("winter storm emergency" in January 2014 is 2014-WI), else by the year of its
            # December ("this winter", in June 2010, is 2010-WI; "the winter freeze", in August 2010, 2009-WI)
            year = ctx.dct.year if (year, month) == current else year - 1
        return _Norm("DATE", f"{year:04d}-{code}", mod)

    def _n_holiday(self, m, ctx):
        name = m["name"].lower()
        if name in EASTER_HOLIDAYS:
            return self._easter_holiday(m, ctx, EASTER_HOLIDAYS[name])
        if name in HOLIDAYS:
            month, day = HOLIDAYS[name]
        else:
            month, weekday, nth = MOVING_HOLIDAYS["thanksgiving" if name in THANKSGIVING_DAYS else name]
            day = 0
        year_after = _HOLIDAY_YEAR_AFTER.match(ctx.text, m.end())
        if m["year"] or year_after:
            year, anchor = int(m["year"] or year_after["year"]), "absolute"  # "the day before Thanksgiving in 2011"
        elif ctx.dct is None:
            return _Norm("DATE", f"XXXX-{month:02d}-{day:02d}" if day else f"XXXX-{month:02d}-XX", anchor="none")
        else:
            tense = "past" if self._dates_a_noun(ctx, m.start(), m.end(), _MISHAPS) else \
                ctx.tense_only(m.start(), m.end())  # "the Boxing Day tsunami"
            year = tr.nearest_year(ctx.dct, month, day or 15, tense)
            anchor = "dct"
        if name == "election day":
            first_monday = next(d for d in range(1, 8) if dt.date(year, 11, d).weekday() == 0)
            day = first_monday + 1
        if not day:
            days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1)
                    if dt.date(year, month, d).weekday() == weekday]
            day = days[nth - 1] if nth > 0 else days[nth]
        return _Norm("DATE", (dt.date(year, month, day) + dt.timedelta(days=THANKSGIVING_DAYS.get(name, 0))).isoformat(),
                     anchor=anchor)

    def _n_time_word_name(self, m, ctx):
        """ "The Sunday Times", "the Good Friday Agreement", "the Winter Olympics": a name, so no expression
        (the match keeps the weekday, holiday and season rules off its words)."""
        return None

    def _n_named_weekday(self, m, ctx):
        """ "Black Monday", "Super Tuesday", "Bloody Sunday": a day named for what happened on it, whose date
        the words do not give (the weekday rule would take the nearest Monday)."""
        return _Norm("DATE", "XXXX-XX-XX", anchor="none")

    def _easter_holiday(self, m, ctx, offset: int) -> _Norm | None:
        """Easter and the days counted from it (Good Friday, Palm Sunday …), nearest the DCT by tense."""
        if m["year"]:
            year, anchor = int(m["year"]), "absolute"
        elif ctx.dct is None:
            return _Norm("DATE", "XXXX-XX-XX", anchor="none")
        else:
            this = easter(ctx.dct.year) + dt.timedelta(days=offset)
            year = tr.nearest_year(ctx.dct, this.month, this.day, ctx.tense_only(m.start(), m.end()))
            anchor = "dct"
        if m["name"][0].islower():
            return None  # "easter" in lower case is rarely the feast
        return _Norm("DATE", (easter(year) + dt.timedelta(days=offset)).isoformat(), anchor=anchor)

    def _n_unit_possessive(self, m, ctx):
        """ "the week's most active session", "the day's other primaries": the week (day, month, year) the text
        is about."""
        return self._story_unit(m["unit"].lower(), ctx)

    @staticmethod
    def _story_unit(unit: str, ctx: _Context, span: tuple[int, int] | None = None) -> _Norm:
        """The week (month, year) the text is about: the one its last date lies in, else the DCT's."""
        date, anchor = ctx.anchor_of(unit)
        return _Norm("DATE", tr.shift_value(date, unit, 0), anchor=anchor, span=span)

    def _n_unit_long(self, m, ctx):
        """ "decades-long", "day-long": a duration whose length is the unit (or several of it)."""
        unit = m["unit"].lower()
        return _Norm("DURATION", _duration_value(None if m["plural"] else 1, unit), anchor="none")

    def _n_next_pod(self, m, ctx):
        """ "the next morning": a part of the day after (or before) the day the text is about."""
        anchor, kind = ctx.anchor_of("day")
        shift = -1 if m["rel"].lower() == "the previous" else 1
        date = anchor + dt.timedelta(days=shift) if anchor else None
        return _Norm("TIME", f"{tr.day_value(date)}T{PARTS_OF_DAY[m['pod'].lower()]}", anchor=kind)

    def _n_reference(self, m, ctx):
        return _Norm("DATE", REFERENCES[m["word"].lower()], anchor="none")

    def _n_that_day(self, m, ctx):
        unit = m["unit"].lower()
        date, anchor = ctx.anchor_of("day")
        value = tr.day_value(date)
        mod = _part_of(m["part"])
        if unit in PARTS_OF_DAY:
            return _Norm("TIME", f"{value}T{PARTS_OF_DAY[unit]}", mod, anchor=anchor)
        return _Norm("DATE", value, mod, anchor=anchor)

    def _n_vague_span(self, m, ctx):
        unit = unit_name(m["unit"] or m["unit2"])
        return _Norm("DURATION", _duration_value(None, "month" if unit == "quarter" else unit), anchor="none")

    def _n_the_year(self, m, ctx):
        span = (m.start("span"), m.end("span"))
        if m["after"]:  # "the year ended Sept. 30": a twelve-month period
            return _Norm("DURATION", "P1Y", anchor="none", span=span)
        if ctx.dct is None:
            return _Norm("DATE", "XXXX", anchor="none", span=span)
        return _Norm("DATE", f"{ctx.dct.year:04d}", anchor="dct", span=span)

    def _n_latest_period(self, m, ctx):
        unit = m["unit"].lower()
        rel = m["rel"].lower()
        if ctx.dct is None:
            return _Norm("DATE", "XXXX" if "year" in unit else "XXXX-QX", anchor="none")
        if rel in ("the comparable", "the same"):
            return self._quarter_a_year_back(ctx)
        if "year" in unit:
            return _Norm("DATE", f"{ctx.dct.year - 1:04d}", anchor="dct")
        if ctx.current_value() and "-Q" in ctx.current_value():
            return _Norm("DATE", ctx.last_value, anchor="discourse")
        return _Norm("DATE", tr.shift_value(ctx.dct, "quarter", -1), anchor="dct")

    def _n_period_year_back(self, m, ctx):
        """ "the corresponding period last year", "the same month a year earlier": the quarter (or month) the text
        is about, a year before."""
        unit = m["unit"].lower()
        if unit == "month":
            month, kind = ctx.anchor_of("month")
            if month is None:
                return _Norm("DATE", "XXXX-XX", anchor="none")
            return _Norm("DATE", tr.month_value(month.year - 1, month.month), anchor=kind)
        if ctx.dct is None:
            return _Norm("DATE", "XXXX-QX" if unit == "quarter" else "XXXX", anchor="none")
        if unit == "period" and "quarter" not in ctx.text.lower():
            return _Norm("DATE", f"{ctx.dct.year - 1:04d}", anchor="dct")  # "the first ten months … the same period
            # last year": a period of a report that speaks of no quarter, known to its year
        return self._quarter_a_year_back(ctx)

    @staticmethod
    def _quarter_a_year_back(ctx: _Context) -> _Norm:
        """The quarter an earnings report is about, a year before ("the same period", "the comparable quarter")."""
        if (quarter := ctx.quarter_in_focus()) and "-Q" in quarter:
            return _Norm("DATE", tr.shift_value_string(quarter, "year", -1), anchor="discourse")
        return _Norm("DATE", tr.shift_value(ctx.dct, "quarter", -5), anchor="dct")

    def _n_clock_pod(self, m, ctx):
        """ "4 in the morning", "10 at night": a clock time whose half of the day is spelled out."""
        hour, pod = int(m["hour"]), m["pod"].lower()
        if pod in ("afternoon", "evening") or pod == "night" and hour >= 6:
            hour = hour % 12 + 12
        elif hour == 12:
            hour = 0
        date = self._clock_day(m, ctx)
        return _Norm("TIME", f"{tr.day_value(date)}T{hour:02d}:{int(m['minute'] or 0):02d}",
                     anchor="dct" if date else "none")

    def _n_year_period(self, m, ctx):
        """ "the 1988 period" in an earnings report: the quarter under discussion, in that year."""
        return _Norm("DATE", f"{m['year']}-Q{self._quarter_in_focus(ctx)}", anchor="discourse")

    @staticmethod
    def _quarter_in_focus(ctx: _Context) -> str:
        """The quarter number the text last named ("X" without one and without a DCT)."""
        if ctx.last_value and re.match(r"^\d{4}-Q\d$", ctx.last_value):
            return ctx.last_value[-1]
        if ctx.dct is None:
            return "X"
        return tr.shift_value(ctx.dct, "quarter", -1)[-1]  # reports come out after the quarter ends

    def _n_year_end(self, m, ctx):
        if ctx.dct is None:
            return _Norm("DATE", "XXXX", "END", anchor="none")
        year = ctx.dct.year
        if ctx.dct.month <= 3 and ctx.tense_only(m.start(), m.end()) == "past":
            year -= 1
        return _Norm("DATE", f"{year:04d}", "END", anchor="dct")

    def _n_month_end(self, m, ctx):
        """ "At month's end": the end of the month the text is in (the DCT's until it names another)."""
        anchor, kind = ctx.anchor_of("month")
        if anchor is None:
            return _Norm("DATE", "XXXX-XX", "END", anchor="none")
        return _Norm("DATE", tr.month_value(anchor.year, anchor.month), "END", anchor=kind)

    # ── coverage added for issue #3 ──────────────────────────────────────────

    @staticmethod
    def _discourse_day(ctx: _Context) -> tuple[dt.date | None, str]:
        """The day a "the morning" / "later in the day" refers to: this sentence's date, else the last
        one (the DCT when the text has named none), and how it was found."""
        if ctx.sentence in ctx.sentence_days:
            return ctx.sentence_days[ctx.sentence], "discourse"
        return ctx.anchor_of("day")

    def _n_pod_the(self, m, ctx):
        date, anchor = self._discourse_day(ctx)
        pod = PARTS_OF_DAY[m["pod"].lower()]
        start = m.start("part") if m["part"] else m.start("span")
        return _Norm("TIME", f"{tr.day_value(date)}T{pod}", _part_of(m["part"]), anchor=anchor,
                     span=(start, m.end("span")))

    def _n_part_pod(self, m, ctx):
        """ "by late morning": that part of the day the text is about; a day named paragraphs back and far from the
        DCT is a past the text has left ("the well was capped on July 15 … shares rose by early afternoon")."""
        date, anchor = self._discourse_day(ctx)
        if anchor == "discourse" and ctx.dct is not None and date is not None and \
                ctx.sentence - ctx.day_sentence > _DAY_IN_FOCUS_SENTENCES and abs((date - ctx.dct).days) > 7:
            date, anchor = ctx.dct, "dct"
        return _Norm("TIME", f"{tr.day_value(date)}T{PARTS_OF_DAY[m['pod'].lower()]}", _part_of(m["part"]),
                     anchor=anchor)

    def _n_daylight(self, m, ctx):
        """ "the pre-dawn strikes", "by nightfall", "before sunrise": that part of the day the text is about."""
        word = (m["pre"] or m["word"]).lower()
        if word != m.group(0) or m["word"] and ctx.previous_word(m.start()) not in _DAYLIGHT_BOUNDS:
            return None
        if _DAY_NAMED_AFTER.match(ctx.text, m.end()):
            return None  # "after sunrise on Wednesday": the day written after it is the expression
        date, anchor = self._discourse_day(ctx)
        part = "NI" if word == "nightfall" else "EV" if word in ("dusk", "sunset") else "MO"
        return _Norm("TIME", f"{tr.day_value(date)}T{part}", anchor=anchor)

    def _n_in_the_day(self, m, ctx):
        date, anchor = self._discourse_day(ctx)
        return _Norm("DATE", tr.day_value(date), anchor=anchor, span=(m.start("span"), m.end("span")))

    def _n_vague_ago(self, m, ctx):
        """ "years ago", "some time ago": before the DCT, by how much unsaid (TIMEX3 PAST_REF)."""
        return _Norm("DATE", "PAST_REF", anchor="none", span=(m.start("span"), m.end("span")))

    def _n_bare_unit(self, m, ctx):
        """ "days after a sniper killed him", "Hours later", "after weeks of protests": a span whose length the text
        leaves unsaid (PXD), "earlier" and "later" inside it as TimeML writes "two days later"."""
        end = m.end("tail") if m["tail"].lower() in ("earlier", "later") else m.end("unit")
        unit = "moment" if m["unit"].lower() == "moments" else unit_name(m["unit"])
        value = "PTXS" if unit == "moment" else _duration_value(None, unit)
        return _Norm("DURATION", value, anchor="none", span=(m.start("unit"), end))

    def _n_past_units(self, m, ctx):
        """ "in past years", "during the past months": the past at large, with no count to measure it by."""
        return _Norm("DATE", "PAST_REF", anchor="none")

    def _n_unsaid_span(self, m, ctx):
        """ "over the years", "all these years": a span whose length the text leaves unsaid; "all" is part of it as
        TimeML tags "all these years" whole."""
        group = "all" if m["all"] else "span"
        unit = unit_name(m["unit2"] or m["unit"])
        return _Norm("DURATION", _duration_value(None, unit), anchor="none", span=(m.start(group), m.end(group)))

    def _n_sport_season(self, m, ctx):
        """A sports or business season: its calendar span varies by sport, so only its direction is kept."""
        rel = m["rel"].lower()
        value = {"last": "PAST_REF", "the previous": "PAST_REF", "this past": "PAST_REF", "the past": "PAST_REF",
                 "next": "FUTURE_REF", "the coming": "FUTURE_REF", "the new": "FUTURE_REF"}.get(rel, "PRESENT_REF")
        return _Norm("DATE", value, anchor="none")

    def _n_another(self, m, ctx):
        unit = unit_name(m["unit"])
        n = parse_number(m["num"]) if m["num"] else 1
        return _Norm("DURATION", _duration_value(n, unit), anchor="none")

    def _n_ordinal_unit(self, m, ctx):
        """ "It is the second day of an offensive": the DCT's day; "on the second day" in a past clause: the
        day the text last named; "in his first year" (in office) names no date the text gives, so its
        value stays unknown (X placeholders)."""
        unit = m["unit"].lower()
        if unit == "day" and _DAY_NAMED_AFTER.match(ctx.text, m.end()):
            return None  # "struck for a second day on Thursday": a count of days; the weekday dates it
        token = self._token_at(ctx, m.start(), m.end())
        if token is not None and token.dep_ == "attr" and ctx.dct is not None and \
                ctx.tense_only(m.start(), m.end()) == "present":
            return _Norm("DATE", tr.shift_value(ctx.dct, unit, 0), anchor="dct")  # "it is the second day of …"
        if unit == "day" and (told := ctx.anchor_of("day"))[1] == "discourse":
            return _Norm("DATE", tr.day_value(told[0]), anchor="discourse")
        if m["streak"] and ctx.dct is not None:
            return _Norm("DATE", ctx.dct.isoformat(), anchor="dct")  # "for a second straight day": a run up to the
            # day of writing, when the text names no other
        return _Norm("DATE", tr.shift_value(None, unit, 0), anchor="none")

    @staticmethod
    def _range_end(first: int, tail: str) -> int | None:
        if len(tail) == 1:  # "1997-8"
            last = first // 10 * 10 + int(tail)
            return last if last > first else None
        last = int(tail) if len(tail) == 4 else first // 100 * 100 + int(tail)
        if len(tail) == 2 and last <= first:
            last += 100  # "1998-01" is 1998 to 2001
        return last if 0 < last - first <= 100 else None

    def _n_year_range(self, m, ctx):
        """The first year of "1980-88", "2007-13", "1997-8" (a range is two TIMEX3s; a one-digit tail is left)."""
        if self._range_end(int(m["year"]), m["tail"]) is None:
            return None
        return _Norm("DATE", m["year"], anchor="absolute")

    def _n_year_tail(self, m, ctx):
        """The last year of "1980-88": "88" read in the century of the first year."""
        last = self._range_end(int(ctx.text[m.start() - 5:m.start() - 1]), m["tail"])
        return None if last is None else _Norm("DATE", f"{last:04d}", anchor="absolute")

    def _n_units_time(self, m, ctx):
        """ "in a week's time", "in two months' time": the unit that far ahead of the DCT."""
        n, unit = parse_number(m["num"]), unit_name(m["unit"])
        if n is None:
            return _Norm("DATE", "FUTURE_REF", anchor="none")  # "in a few weeks' time"
        if unit == "fortnight":
            unit, n = "week", n * 2
        return _Norm("DATE", tr.shift_value(ctx.dct, unit, round(n)), anchor="dct" if ctx.dct else "none")

    def _n_time_of_year(self, m, ctx):
        """ "higher than usual for this time of year": the DCT's month, the season the text compares against."""
        return _Norm("DATE", tr.shift_value(ctx.dct, "month", 0), anchor="dct" if ctx.dct else "none")

    def _n_the_period(self, m, ctx):
        """ "for the week", "during the month": the current week / month of the story."""
        return self._story_unit(m["unit"].lower(), ctx, span=(m.start("span"), m.end("span")))


def tag_text(text: str, dct: dt.date | None, nlp: Language) -> list[TimeExpr]:
    """Parse ``text`` with ``nlp`` and tag its time expressions (for the CLI and tests)."""
    from storyline.annotate.nlp import prepared, sentences_of

    doc = prepared(nlp)(text)
    return TemporalTagger().tag(doc, dct, sentences_of(doc))
