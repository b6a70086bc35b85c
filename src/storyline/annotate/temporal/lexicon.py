"""The words and patterns time expressions are made of, and the words around them that tell what they are."""

from __future__ import annotations

import re

from storyline.annotate.temporal import tense as tr

# fmt: off
# (the word tables keep their layout: the formatter would put each word on a line of its own)

MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}

WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}

PARTS_OF_DAY = {"morning": "MO", "afternoon": "AF", "evening": "EV", "night": "NI", "overnight": "NI"}

UNIT_CODES = {  # TIMEX3 duration letters; time units go after "T"
    "second": "S", "minute": "M", "hour": "H", "day": "D", "night": "D", "week": "W", "fortnight": "W",
    "weekend": "WE", "month": "M", "quarter": "Q", "year": "Y", "decade": "DE", "century": "CE",
}

TIME_UNITS = {"second", "minute", "hour"}

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "a": 1, "an": 1, "a hundred": 100, "dozen": 12, "a dozen": 12, "half a": 0.5, "half an": 0.5, "a half": 0.5,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a single": 1, "single": 1,
}

VAGUE_NUMBERS = {"several", "a few", "few", "some", "many", "dozens of", "hundreds of", "a number of"}

MODIFIERS = {  # words before a duration or date, and the TIMEX3 mod they carry
    "about": "APPROX", "around": "APPROX", "some": "APPROX", "roughly": "APPROX",
    "approximately": "APPROX", "nearly": "LESS_THAN", "almost": "LESS_THAN", "more than": "MORE_THAN",
    "over": "MORE_THAN", "less than": "LESS_THAN", "fewer than": "LESS_THAN", "under": "LESS_THAN",
    "at least": "EQUAL_OR_MORE", "up to": "EQUAL_OR_LESS", "no more than": "EQUAL_OR_LESS",
    "at most": "EQUAL_OR_LESS", "just over": "MORE_THAN", "just under": "LESS_THAN",
    "only": None, "just": None,
}

PART_MODS = {  # "early", "the end of" … → TIMEX3 START / MID / END
    "early": "START", "earlier": "START", "the start of": "START", "the beginning of": "START",
    "the first half of": "START", "beginning of": "START", "start of": "START",
    "mid": "MID", "middle": "MID", "the middle of": "MID", "mid-": "MID", "middle of": "MID",
    "late": "END", "later": "END", "the end of": "END", "end of": "END", "end": "END", "the second half of": "END",
    "the last half of": "END",
}

HOLIDAYS = {  # fixed-date holidays; the moving ones are computed in the tagger
    "christmas": (12, 25), "christmas day": (12, 25), "christmas eve": (12, 24),
    "new year's day": (1, 1), "new year's eve": (12, 31), "independence day": (7, 4), "fourth of july": (7, 4),
    "july fourth": (7, 4), "may day": (5, 1),
    "halloween": (10, 31), "xmas": (12, 25), "x-mas": (12, 25), "valentine's day": (2, 14), "boxing day": (12, 26),
    "canada day": (7, 1),
    "remembrance day": (11, 11), "veterans day": (11, 11), "veterans' day": (11, 11),
    "st. patrick's day": (3, 17), "st patrick's day": (3, 17), "saint patrick's day": (3, 17),
    "april fools' day": (4, 1), "april fool's day": (4, 1), "bastille day": (7, 14), "all saints' day": (11, 1),
}

EASTER_HOLIDAYS = {  # days from Easter Sunday
    "easter": 0, "easter sunday": 0, "easter day": 0, "easter monday": 1, "good friday": -2, "holy thursday": -3,
    "maundy thursday": -3, "palm sunday": -7, "ash wednesday": -46, "pentecost": 49, "whit sunday": 49,
    "shrove tuesday": -47, "fat tuesday": -47,  # not "Mardi Gras": more often the carnival than its last day
}

THANKSGIVING_DAYS = {  # US shopping days counted from Thanksgiving (the fourth Thursday of November)
    "black friday": 1, "cyber monday": 4,
}

#: holidays named with everyday words, a holiday only when capitalised ("a black Friday for stocks" is a Friday)
CAPITALISED_HOLIDAYS = frozenset({"election day", "may day", *THANKSGIVING_DAYS})

#: the first word of a weekday named for an event whose date the text does not give ("Black Monday", "Super
#: Tuesday", "Bloody Sunday"): not the weekday nearest the DCT
NAMED_WEEKDAY_WORDS = "black|bloody|super|blue|giving"

MOVING_HOLIDAYS = {  # (month, weekday, n-th; -1 = last)
    "thanksgiving": (11, 3, 4), "thanksgiving day": (11, 3, 4), "labor day": (9, 0, 1),
    "labour day": (9, 0, 1), "memorial day": (5, 0, -1), "mother's day": (5, 6, 2),
    "father's day": (6, 6, 3), "martin luther king day": (1, 0, 3), "presidents' day": (2, 0, 3),
    "presidents day": (2, 0, 3), "columbus day": (10, 0, 2),
    "election day": (11, 1, 0),  # US: the Tuesday after the first Monday (n-th 0, computed in the tagger)
}

REFERENCES = {  # TIMEX3 "reference" values
    "now": "PRESENT_REF", "right now": "PRESENT_REF", "currently": "PRESENT_REF", "current": "PRESENT_REF",
    "nowadays": "PRESENT_REF", "these days": "PRESENT_REF", "at present": "PRESENT_REF",
    "the present": "PRESENT_REF", "at the moment": "PRESENT_REF", "this time": "PRESENT_REF",
    "the present day": "PRESENT_REF", "the present time": "PRESENT_REF", "the present moment": "PRESENT_REF",
    "this moment": "PRESENT_REF",
    "recently": "PAST_REF", "lately": "PAST_REF",
    "the past": "PAST_REF",
    "the future": "FUTURE_REF", "the near future": "FUTURE_REF", "the very near future": "FUTURE_REF",
    "the immediate future": "FUTURE_REF",  # not "the foreseeable future": TimeBank leaves it (2 of 2)
    # not "soon": 5 of 166 uses are TIMEX3s
    # ("recent years", "coming years" are DURATION PXY: the vague_span rule)
    "a later date": "FUTURE_REF", "the near term": "FUTURE_REF", "the short term": "FUTURE_REF",
}

MONTH_FULL = "january|february|march|april|may|june|july|august|september|october|november|december"

_MONTH_ABBR = "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"

MONTH = rf"(?:{MONTH_FULL}|(?:{_MONTH_ABBR})\.)"  # a bare abbreviation needs its dot

MONTH_D = rf"(?:{MONTH_FULL}|(?:{_MONTH_ABBR})\.?)"  # … unless a day number follows

WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"

#: a weekday abbreviated before a date, as wire datelines write it ("Thu Apr 30, 2009 4:32pm EDT")
WEEKDAY_ABBR = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"

#: a comma between the parts of a date, with the space a tokenized corpus puts before it ("April 30 , 2009")
COMMA = r"(?:\s*,)?\s+"

#: proper names with a day or a season in them: a newspaper, a treaty, a rising, a show, a shop, the Games, not a
#: date (the TIDES and TimeML guidelines count time words inside names as non-markable); only when capitalised
#: (the time_word_name rule)
TIME_WORD_NAMES = (r"sunday\s+(?:times|telegraph|herald|mirror|express|people|post|tribune|independent|mail|star|sport|"
                   r"world|sun|life|mercury|age)|(?:mail|independent|scotland|wales|observer)\s+on\s+sunday|"
                   r"good\s+friday\s+(?:agreement|accord)|easter\s+(?:rising|uprising|island)|tgi\s+friday['’]?s|"
                   r"tuesday\s+morning\s+(?:corp|corporation|inc|stores?)|"
                   rf"(?:{WEEKDAY})\s+(?:night|morning)\s+(?:live|football|club|lights|fever|quarterback(?:ing)?|raw|cricket|"
                   r"comedy)|(?:summer|winter)\s+(?:olympics|paralympics|games|palace)|spring\s+festival|"
                   r"(?:autumn|spring)\s+statement")

DAYNUM = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"

YEAR = r"(?:1[0-9]{3}|20[0-9]{2})"

#: the end of a month range whose year is written once, after it ("between August and September 2005",
#: "from March to autumn 2003"): the first month shares that year
MONTH_RANGE_AFTER = re.compile(rf"\s*(?:-|–|and\b|to\b|through\b|until\b|till\b|or\b)\s*(?:(?:early|mid|late)[- ]?)?"
                               rf"(?:(?P<month>{MONTH_D})|(?P<season>spring|summer|autumn|fall|winter))(?:\s+of)?,?\s+"
                               rf"(?P<year>{YEAR})\b(?![.,:/-]?\d)", re.I)

#: a month right before the one a range or a pair ends with ("in December and January", "from May to August")
MONTH_BEFORE = re.compile(rf"\b(?P<month>{MONTH_D})\s*(?:-|–|and|to|through|until|till|or)\s+\Z", re.I)

#: the end of a day range across months whose year is written once, after it ("between April 16 and May 28
#: 2004", "from 30 December to 2 January 2012"): the first day shares that year
DAY_RANGE_AFTER = re.compile(rf"\s*(?:-|–|and\b|to\b|through\b|until\b|till\b)\s*"
                             rf"(?:(?P<month>{MONTH_D})\s+{DAYNUM}"
                             rf"|(?:the\s+)?{DAYNUM}\s+(?:of\s+)?(?P<month2>{MONTH_D}))"
                             rf",?\s+(?P<year>{YEAR})\b(?![.,:/-]?\d)", re.I)

#: ordinal words up to the twenty-first, the centuries a text spells out
ORDINAL_NUMBERS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), start=1)}

ORDINAL_WORDS = "|".join(sorted(ORDINAL_NUMBERS, key=len, reverse=True))

#: the days of a month spelt out ("the first of June", "the thirty-first of May")
DAY_ORDINALS = {**ORDINAL_NUMBERS, **{f"twenty{sep}{w}": 20 + i for sep in ("-", " ") for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth".split(), start=1)},
    "thirtieth": 30, "thirty-first": 31, "thirty first": 31}

DAY_ORDINAL_WORDS = "|".join(sorted((w.replace(" ", r"\s+") for w in DAY_ORDINALS), key=len, reverse=True))

TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"

ONES = "one|two|three|four|five|six|seven|eight|nine"

NUMWORD = (rf"(?:(?:{TENS})(?:[- ](?:{ONES}))?|{ONES}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
           r"seventeen|eighteen|nineteen|a hundred|hundred|a dozen|dozen|half an|half a|a couple of|a couple|couple of|"
           r"a single)")

NUM = (rf"(?:\d{{1,3}}(?:,\d{{3}}){{1,3}}(?!\d)|\d+\s?½|\d+[ -]1/2|\d+(?:\.\d+)?|{NUMWORD}|an?|several|a few|"
       rf"few|some|many|dozens of|hundreds of|a number of)")  # "1,000 years ago" whole, not "000 years ago"

UNIT = (r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|fortnights?|months?|quarters?|years?|"
        r"decades?|century|centuries)")

POD = "morning|afternoon|evening|night|overnight"

#: informal spellings of today / tomorrow / tonight (tweets, chat)
DAY_WORDS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmw": 1, "tomo": 1,
             "2moro": 1, "2morrow": 1, "tdy": 0, "2day": 0, "2nite": 0, "tonite": 0}

DAY_SLANG = "tmrw|tmr|tmw|tomo|2moro|2morrow|tdy|2day|2nite|tonite"

PART = (r"(?:early|earlier|mid|middle|late|later|the (?:start|beginning|middle|end) of|(?:start|beginning|end) of|"
        r"the (?:first|second|last) half of)")

MOD = (r"(?:about|around|some|roughly|approximately|nearly|almost|more than|over|less than|fewer than|under|"
       r"at least|up to|no more than|at most|just over|just under|only|just)")

TZ = r"(?:EST|EDT|CST|CDT|MST|MDT|PST|PDT|GMT|UTC|ET|BST|CET)"

#: zones a four-digit clock is written with in wire copy ("0735 GMT", "1803 HKT"); upper case only
CLOCK_ZONES = r"(?:HKT|JST|KST|IST|SGT|PKT|MSK|EET|EEST|CEST|AEST|AEDT|SAST|EAT|WAT|CAT|HST|AKST|Zulu)"

CONVERSION = rf"\s*\(\s*[0-2]\d[0-5]\d\s*(?:{TZ}|{CLOCK_ZONES})\b"

#: a four-digit clock in brackets right after, converting the one before it ("at 2000 (0000 GMT)")
CONVERSION_AFTER = re.compile(CONVERSION)

AMPM = r"(?:a\.m\.?|p\.m\.?|am\b|pm\b)"

#: a clock right after a written date, as bylines and timestamps write it ("Sep 24, 2019 12:01 IST", "July 17,
#: 2019 - 07:57 PM", "29 Aug 2019, 7:46", "08/07/19 6:20pm", "Friday, April 1 at noon"); the tagger joins the two
#: into one TIME
CLOCK_AFTER_DATE = re.compile(
    rf"(?:\s*,\s*|\s+[-–—|]\s+|\s+(?P<at>at\s+)?)(?:(?P<named>noon|midnight)\b|(?P<hour>[01]?\d|2[0-3])"
    rf"(?:(?P<sep>[:.])(?P<minute>[0-5]\d)(?::[0-5]\d)?)?(?!\d)(?:\s*(?P<ampm>(?i:{AMPM})))?)"
    rf"(?:\s*(?P<zone>{TZ}|{CLOCK_ZONES}|PT|UK|local time)\b)?")

HOLIDAY_NAMES = "|".join(sorted(
    (re.escape(h) for h in [*HOLIDAYS, *MOVING_HOLIDAYS, *EASTER_HOLIDAYS, *THANKSGIVING_DAYS]), key=len, reverse=True))

REFERENCE_NAMES = "|".join(sorted((re.escape(r) for r in REFERENCES), key=len, reverse=True))

_SPAN_WORDS = ("years", "decades", "months", "weeks", "days", "hours", "minutes")

#: right after a bare plural span and a comma ("months, if not years"; tokenized text spaces the comma)
AFTER_A_SPAN = "(?:" + "|".join(f"(?<={w}{c} )" for w in _SPAN_WORDS for c in (",", " ,")) + ")"

#: right after a bare plural span and a space ("years or even decades", "years if not decades")
AFTER_A_SPAN_SPACE = "(?:" + "|".join(f"(?<={w} )" for w in _SPAN_WORDS) + ")"


def parse_number(text: str | None) -> float | None:
    """A number written in digits or words ("17", "five", "twenty-one"); None if vague ("several")."""
    if text is None:
        return 1
    lowered = " ".join(text.lower().split())
    if lowered.endswith(" and a half"):  # "two and a half", "3 and a half"
        whole = parse_number(lowered[:-len(" and a half")])
        return None if whole is None else whole + 0.5
    if lowered in VAGUE_NUMBERS:
        return None
    if lowered in NUMBER_WORDS:
        return NUMBER_WORDS[lowered]
    if lowered.endswith("1/2") and lowered[:-3].strip(" -").isdigit():
        return int(lowered[:-3].strip(" -")) + 0.5
    if lowered.endswith("½") and lowered[:-1].strip().isdigit():  # "22½ years"
        return int(lowered[:-1].strip()) + 0.5
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", lowered):
        return int(lowered.replace(",", ""))  # "1,000", "6,060"
    try:
        return float(lowered) if "." in lowered else int(lowered)
    except ValueError:
        pass
    parts = re.split(r"[- ]", lowered)
    if len(parts) == 2 and parts[0] in NUMBER_WORDS and parts[1] in NUMBER_WORDS:
        return NUMBER_WORDS[parts[0]] + NUMBER_WORDS[parts[1]]
    return None

#: units as tweets and live blogs abbreviate them ("7hrs", "30 mins", "8 hrs ago")
ABBREVIATED_UNITS = {"hr": "hour", "min": "minute", "sec": "second", "yr": "year", "wk": "week"}


def unit_name(text: str) -> str:
    """Singular unit name: "centuries" → "century", "days" → "day", "hrs" → "hour", "half-hours" → "half-hour"."""
    lowered = text.lower().replace(" ", "-")
    if lowered.startswith("quarter-centur"):
        return "quarter-century"
    if lowered in ("century", "centuries"):
        return "century"
    singular = lowered[:-1] if lowered.endswith("s") else lowered
    return ABBREVIATED_UNITS.get(singular, singular)

#: words that may introduce a time expression: prepositions, determiners, "last"/"next" …
TIME_INTRODUCERS = {"in", "since", "until", "till", "by", "through", "during", "of", "from", "to", "before", "after",
                     "between", "and", "or", "last", "next", "this", "early", "late", "mid", "around", "for", "on",
                     "throughout", "into", "that", "each", "every", "the", "as", "than", "beginning",
                     "end", "starting", "ending", "past"}

#: a text naming far years this many times more often than it counts from its DCT is told in its own years
NARRATIVE_RATIO = 10

#: a month this many months before the narrative's last month starts the next year of the story
NARRATIVE_WRAP = 8

#: a date more than this many years from the DCT is "far": the text may be telling a history
FAR_YEARS = 2

#: how far from the DCT a number like a year, after "of" and before a plural noun, counts ("a poll of 2047 voters")
COUNT_NOT_YEAR = 10

#: the anchor of an expression counted from a date the text did not name, the DCT standing in for it
#: ("the following day" in a text that named no day): reported as "dct", not counted as a DCT use
STAND_IN = "dct standing in"

#: a text that has named this many far years (outside asides) is telling a history
HISTORY_YEARS = 3

#: "a year earlier" compares with a value named at most this many sentences before
COMPARISON_SENTENCES = 2

#: dependency labels of clauses and phrases that add background to a noun ("the firm, founded in 1985,")
ASIDE_DEPS = frozenset({"acl", "relcl", "appos"})

#: nouns whose "of 1954" says when, not which event: "the hours of November 1, 1954", "the summer of 1940"
WHEN_NOUNS = frozenset({"hour", "morning", "afternoon", "evening", "night", "day", "week", "weekend", "month",
                         "year", "decade", "century", "season", "spring", "summer", "autumn", "fall", "winter",
                         "time", "period", "end", "beginning", "start", "middle", "part", "half", "quarter",
                         "course", "rest", "remainder", "turn", "dawn", "eve", "date", "era", "age"})

#: how many heads to climb from an expression looking for its clause
MAX_CLIMB = 8

#: words after which a number from 1000 to 1799 is taken as a year ("in 1776", "since 1648")
OLD_YEAR_TIME_INTRODUCERS = {"in", "of", "since", "until", "till", "during", "circa", "early", "late", "mid", "after",
                          "before", "by"}

#: units written as a fraction of another: (that unit, how many of it)
COMPOUND_UNITS = {"half-hour": ("minute", 30), "quarter-century": ("year", 25)}

#: a count right after "the past" ("the past seven contests"): the words pick out things, not the past (but "the past
#: three summers" is a time)
COUNT_AFTER = re.compile(r"\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|several|"
                          r"dozen)\b(?!\s+(?:summers|winters|springs|autumns|falls|seasons)\b)", re.I)

#: a possessive right after a word, spaced as a tokenized corpus writes it too ("Tuesday's", "Tuesday 's")
POSSESSIVE_AFTER = re.compile(r" ?['’]s\b")

#: "today's" before a noun of an age, not of a day ("today's world", "today's youth", "today's personal computers")
TODAYS_GENERIC = re.compile(r" ?['’]s\s+(?:\w+\s+)?(?:world|youth|generations?|society|societies|children|kids|young|"
                             r"culture|technology|computers|standards|terms|dollars|refugees|students|families|workers|"
                             r"women|men|teenagers|economy|America|Washington)\b")

#: the number of a school's year group after a capitalised "Year" ("Year Six", "Year 10")
SCHOOL_YEAR_AFTER = re.compile(r"\s+(?:[1-9]|1[0-3]|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Eleven|Twelve|"
                                r"Thirteen)\b")

#: the noun of an award "of the Year" names ("Person of the Year", "Coach of the Year")
AWARD_BEFORE = re.compile(r"\b(?:person|man|woman|player|coach|rookie|athlete|artist|album|song|record|car|book|"
                           r"word|team|manager|teacher|driver|entertainer|liar|hero)s?\s+\Z", re.IGNORECASE)

#: adjectives between a count and its unit that make it something other than a stretch of time ("two other days")
NOT_A_STRETCH = {"other", "more", "such", "different", "separate", "same", "old", "light"}

#: a day written right after a daylight word or an ordinal day ("after sunrise on Wednesday", "a second day Thursday")
DAY_NAMED_AFTER = re.compile(rf"\s*,?\s+(?:on\s+)?(?:{WEEKDAY}|today|yesterday|tomorrow)\b", re.IGNORECASE)

#: "ahead of" and the noun phrase of an event, then "on" right before a weekday ("ahead of the Iowa caucuses on ")
AHEAD_OF_ON_BEFORE = re.compile(r"\bahead of (?:the |a |an |\w+['’]s )?(?:[\w'’-]+ ){0,4}[\w'’-]+ on \Z", re.IGNORECASE)

AHEAD_OF_LOOKBEHIND = 70

#: prepositions whose object is an event before the clause's own ("after the blowout", "because (of) the slaying")
EARLIER_EVENT_PREPOSITIONS = {"after", "following", "since", "amid", "because"}

#: how many sentences after the one that named a day a part of the day may still be in it
DAY_IN_FOCUS_SENTENCES = 3

#: months of writing in which a bare "September 11" may be this year's (else, after 2001, it is the attacks' day)
MONTHS_NEAR_SEPTEMBER_11 = {8, 9, 10}

#: nouns a year-like number names one of ("Resolution 1973", "Flight 1549", "Route 2006")
NUMBERED_THINGS = {"resolution", "resolutions", "flight", "route", "interstate", "highway", "room", "no.", "number"}

#: events no one schedules, so a date that names one ("the April 20 explosion") lies behind the writing
MISHAPS = frozenset({"explosion", "blast", "blowout", "earthquake", "quake", "tsunami", "attack", "bombing",
                      "shooting", "crash", "collapse", "spill", "killing", "massacre", "accident", "disaster", "ambush",
                      "assassination", "murder", "derailment", "stampede"})

#: scheduled votes a date may modify ("the Nov. 8 election", "a March 5 caucus", "the November ballot")
BALLOTS = tr.VOTES | {"ballot", "runoff", "midterm", "midterms"}

#: verbs whose object is an event still to come when they are said ("calling for a protest Thursday")
CALLING_FOR = {"call", "plan", "prepare", "urge", "schedule", "organize", "organise", "announce", "demand"}

#: adjectives of an event arranged ahead ("Friday's planned protests", "Tuesday's upcoming vote")
PLANNED = {"planned", "scheduled", "upcoming", "proposed", "expected", "anticipated", "impending", "looming"}

#: a year and a comma or "and" right before: the next four digits continue a list of years ("1860 , 1770 , 1761")
YEAR_LIST_BEFORE = re.compile(r"\b1[0-9]\d\d\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)\Z")

#: the word before "a year" / "a week" that makes it a rate ("$500 million a year", "358,000 a month")
RATE_BEFORE = re.compile(r"^(?:[$£€]?\d[\d,.]*%?|million|billion|thousand|hundred|cents?|percent|dollars|euros|"
                          r"pounds|seats|flights|times|barrels|shares|jobs|people|tons|miles)$")

#: a year standing alone ("in 2012 a year before the vote"): no amount a rate could be of
YEAR_WORD = re.compile(r"^(?:1[89]|20)\d\d$")

#: a sentence about the weather or the polls: "highs in the 70s" are degrees and "approval in the 20s" percent,
#: not the 1970s or the 1920s
DEGREES_OR_PERCENT = re.compile(r"\b(?:temperatures?|degrees?|highs?|lows?|fahrenheit|celsius|mercury|thermometers?|"
                                 r"approval|ratings?|polls?|percent|per cent)\b|[°%]", re.I)

#: the decade a second bare decade continues ("the 60s and 70s", "the 1960s or 70s", "the fifties and sixties",
#: "the 1920's and thirties"); not "their 20s and 30s"
DECADE_BEFORE = re.compile(r"(?:\bthe\s+(?:(?:early|mid|late)[- ])?"
                            r"(?:['’]?\d0s|(?:twen|thir|for|fif|six|seven|eigh|nine)ties)"
                            r"|\b1\d{2}0['’]?s|['’]\d0s)\s+(?:and|or|to)\s+$", re.I)

#: words after a batsman's "century" ("his fifth century of the series", "in Tests", "and a fifty")
CENTURY_RUNS_FOLLOWERS = frozenset({"of", "in", "for", "at", "against", "on", "and", "with", "from", "to", "as"})

#: the part of the day after a clock time that puts it after noon ("at 2:30 this afternoon", "at 8:15 tonight")
LATER_IN_THE_DAY = re.compile(r"\s+(?:(?:this|in the|that|on \w+|\w+day)\s+(?:afternoon|evening)|tonight)\b", re.I)

#: what follows a percentage when "APR" is the annual percentage rate, not April
PERCENT_BEFORE = re.compile(r"(?:%|\bper\s?cent)\s*$", re.I)

#: an opening bracket right before a clock: a conversion of the clock before it ("10:35 a.m. (0735 GMT)")
OPEN_BRACKET_BEFORE = re.compile(r"\(\s*$")

#: prepositions that make a vague count of units a stretch of time ("for some years", "over several months")
SPAN_PREPOSITIONS = {"for", "over", "in", "within", "after"}

#: words before a number that make it a count ("some 1500 troops"), not a year
APPROXIMATORS = {"about", "some", "nearly", "almost", "over", "than", "around", "roughly", "approximately", "least",
                  "to", "and", "or", "only", "just", "another", "estimated", "all"}

AMBIGUOUS_MONTHS = {"may", "march", "august", "jan.", "sun."}

TIME_NOUNS = {"period", "quarter", "year", "season", "election", "levels", "level", "budget", "fiscal", "census"}

#: rules whose DCT-anchored use marks a text as news told from its date (no narrative year then)
_DEICTIC_RULES = frozenset({"dayword", "weekday", "this_pod", "time", "rel_unit", "part_rel", "ago", "year_ago",
                            "quarter", "day_around"})

#: the words before a weekday, month or season that point back ("last Monday") or ahead ("next spring")
BACK = frozenset({"last", "past", "this past"})

AHEAD = frozenset({"next", "coming", "this coming"})

#: the unit a fractional count is re-expressed in ("2.5 years" → 30 months), and how many make one
FINER = {"decade": ("year", 10), "year": ("month", 12), "month": ("day", 30), "week": ("day", 7),
          "fortnight": ("day", 14), "day": ("hour", 24)}

GRANULARITY = {"day": 0, "week": 1, "weekend": 1, "month": 2, "quarter": 3, "half": 3, "season": 3,
                "year": 4, "decade": 5, "century": 6}

#: the second day of a range after "March 5": "-7", " and 7", " to 7th", "-9, 1918"
RANGE_AFTER = re.compile(r"\s*(?P<join>-|–|and\b|to\b|through\b|or\b)\s*(?P<day>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b"
                          r"(?P<year>,?\s+(?:1[0-9]{3}|20[0-9]{2})\b)?(?![.,:/-]?\d)", re.I)

#: the first day of a range before "7 January": "6-", "6 and ", "6 to "
RANGE_BEFORE = re.compile(
    r"(?<![\d.,:/-])(?P<day>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s*(?:-|–|and|to|through|or)\s*$", re.I)

#: what stands between a date and another set beside it: "The next day, Jan. 28", "Friday (Jan. 28)"
APPOSED = re.compile(r"\s*(?:,|\(|--|–|—)\s*(?:on\s+)?")

DAY_VALUE = re.compile(r"\d{4}-\d\d-\d\d")

#: a part of the day written before the day it belongs to ("the night of April 18, 1775", "the evening of June 7")
PART_OF_DAY_BEFORE = re.compile(r"\b(?:the|that)\s+(?:intervening\s+|fateful\s+)?(?:(?P<part>early|late)\s+)?"
                                 r"(?P<pod>morning|afternoon|evening|night)\s+of\s+\Z", re.I)

PART_OF_DAY_LOOKBEHIND = 40

#: words that name a day, before which a part of the day is that day's
DAY_NAMES = frozenset(WEEKDAYS) | {"today", "yesterday", "tomorrow"}

#: "the day before" ends its phrase ("fell from 1.51 percent the day before.")
ENDS_PHRASE = re.compile(r"\s*(?:[.,;:!?)\]\"”’]|$)")

#: a calendar day or weekday set right before "the day before …" ("Oct. 12, the day before the plunge", "on
#: 8 October 1950, the day after …"), not a bare year ("in 1950, the day after")
DATE_APPOSED_BEFORE = re.compile(r"(?:\b\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\b\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{4}|day)"
                                  r"\s*(?:,|--|–|—)\s*$")

#: how far before "the day before" its apposed date is looked for
APPOSITION_LOOKBEHIND = 20

#: the bracketed aside an expression may sit in: "(Random House, 2008)", "(1914-1918)"
OPEN_BRACKET = re.compile(r"[(\[][^()\[\]]{0,60}\Z")

CLOSE_BRACKET = re.compile(r"[^()\[\]]{0,30}[)\]]")

#: a futures contract named by its month, which lies ahead ("Brent futures for April", "April crude futures", "for
#: April delivery")
FUTURES_BEFORE = re.compile(r"\b(?:futures|contracts?)\s+for\s+\Z", re.IGNORECASE)

FUTURES_AFTER = re.compile(r"\s+(?:[A-Za-z.]+\s+)?(?:futures|contracts?|delivery)\b", re.IGNORECASE)

#: a past verb of saying right before a date ("BP said in March it would buy", "said on Friday it will sell"): the
#: date is the saying's, whatever the tense of what was said
SAID_ON = re.compile(r"\b(?:said|announced|reported|stated|confirmed|disclosed|revealed|wrote|testified)\s+"
                      r"(?:(?:in|on)\s+)?\Z", re.IGNORECASE)

#: words before a holiday's name that the parser may take for a first name ("Orthodox Easter")
HOLIDAY_QUALIFIERS = {"orthodox", "western", "eastern", "catholic", "coptic", "christian", "jewish", "lunar",
                       "chinese", "happy", "merry"}

#: a single quotation mark its paragraph opened and did not close ('And now who gives me food?'), which
#: ``quotes.quote_spans`` leaves to apostrophes
OPEN_SINGLE_QUOTE = re.compile(r"(?:^|\s)['‘][^'’]*\Z")

#: nouns a season word before them names a kind of thing, not a time ("a hot spring", "spring water", "summer
#: camp", "winter coats", "spring training")
SEASON_KIND_NOUNS = frozenset(
    "water waters camp camps school schools coat coats jacket jackets tire tires tyre tyres clothes clothing "
    "collection collections fashion sports sport training squash wheat roll rolls onion onions break house "
    "home homes palace residence residences olympics games league capital green".split())

#: a quotation mark (or two apostrophes) right before a capitalised expression, and one right after it: a title
#: (the ''Today'' show, ABC's ''This Week.''); a turn that opens with the word goes on after it (“Today, we …”)
#: (a tokenized text spaces its quotation marks: ABC 's " This Week . ")
QUOTED_NAME = re.compile(r"(?:''|[\"“‘]) ?\Z")

QUOTE_CLOSE = re.compile(r"(?: ?[.,!?])? ?(?:''|[\"”’])")

#: the rest of a quoted title after its first words: capitalised words and the small words titles keep lower case
TITLE_REST = re.compile(r"(?:\s+(?:[A-Z][\w'’.-]*|with|of|the|and|a|an|in|on|for|to|at))+[.,!?]?(?:''|[\"”’])")

#: a possessive ending ("ABC's", "CBS’s")
POSSESSIVE_END = re.compile(r"['’]s$")

#: how many heads above a weekday "ahead of" is looked for ("ahead of a speech by the president on Saturday")
MAX_CLIMB_AHEAD = 6

#: words before "fortnight" that make it the two weeks just gone or to come ("the next fortnight")
FORTNIGHT_SPANS = {"the past", "the last", "the next", "the coming", "past", "last", "next", "coming", "this past",
                    "this coming", "the previous", "the following"}

#: modals before which "one day" is some day to come ("will one day be"), not a day's length
SOMEDAY_MODALS = {"will", "would", "could", "may", "might", "can", "'ll", "shall"}

#: words after which "dawn", "nightfall" or "sunset" is a time of day ("by nightfall", not "the sunset clause")
DAYLIGHT_BOUNDS = {"at", "by", "before", "after", "until", "till", "from", "since", "around", "near", "toward",
                    "towards"}

#: nouns of the time before an event ("in the run-up to Friday's vote")
RUN_UP = re.compile(r"(?:\b(?:run|lead|build)-?up|\bcountdown)$", re.IGNORECASE)

#: broadcasters whose name, written in capitals, opens a programme's title ("CBS This Morning")
BROADCASTERS = {"ABC", "BBC", "CBS", "CNBC", "CNN", "MSNBC", "NBC", "NPR", "PBS"}

#: the share of capitalised words that makes a line a headline written in title case
TITLE_CASE_SHARE = 0.6

#: a capitalised word right after an expression: a name that goes on ("the Hundred Days Offensive", "60 Minutes II",
#: "57 Days of Hell")
NAME_GOES_ON = re.compile(r"\s+(?:of\s+)?[A-Z]")

#: words written in lower case inside a sentence unless they are part of a title
TITLE_WORDS = {"now", "today", "tonight", "daily", "weekly", "this", "tomorrow", "yesterday"}

#: a year written after a holiday's name ("Thanksgiving in 2011", "Christmas of 1914"), which dates it
HOLIDAY_YEAR_AFTER = re.compile(r"\s+(?:in|of)\s+(?P<year>(?:1[89]|20)\d\d)\b")

OF_AGE = re.compile(r"\s+of\s+age\b", re.IGNORECASE)

DAY_TO_DAY = re.compile(r"[\s-]to[\s-]day\b", re.IGNORECASE)

#: nouns that "a minute" qualifies as tiny ("only a minute chance that the firm would pay")
MINUTE_AS_TINY = re.compile(r"\s+(?:chance|amount|fraction|quantity|proportion|percentage|portion|risk|trace|number|"
                             r"part|share|level|dose|difference|detail|particle)s?\b", re.IGNORECASE)

#: rate words that also name a newspaper ("the daily said", "business daily Les Echos")
PAPER_WORDS = {"daily", "weekly"}

#: words that count, pick out or describe a plural unit, which then is no bare span ("the days after", "final moments")
BARE_UNIT_PICKERS = frozenset(
    "the those these its his her their our my your this that a an some several many few more most other same first "
    "last final early earlier late later recent past next coming following previous closing opening dying waning heady "
    "good old dark long short happy of morning evening night afternoon small wee waking working business office "
    "visiting peak best worst".split()) | frozenset(NUMBER_WORDS)

#: "this summer" lies at most this many days (eight months) from the DCT, whatever the clause's tense
THIS_SEASON_DAYS = 240

#: a numeric date this close to the DCT is the page's own timestamp (read day first when only that reading is)
TIMESTAMP_DAYS = 2

#: a two-digit year reads as at most this many years after the DCT ("5/1/31" in 2024 is 2031)
TWO_DIGIT_YEARS_AHEAD = 20

#: with no DCT, two-digit years above this are 19xx, the others 20xx
TWO_DIGIT_PIVOT = 30

#: a year written with three or four digits below this ("0050") is not a date
FIRST_FULL_YEAR = 1000

#: a leap year, to check a month and day without a year ("February 29" yes, "February 30" no)
LEAP_YEAR = 2000

#: how many characters after a range's bare day are read to tell a date from a count
RANGE_LOOKAHEAD = 20

#: how many characters before an expression are read for the word before it
LOOKBEHIND = 30

#: "since" (and "since the") right before an expression: the time it names lies before the clause's own
SINCE_BEFORE = re.compile(r"\bsince\s+(?:the\s+)?$", re.IGNORECASE)

#: "from …" opening a range that the bound right before an expression closes ("from May 13 through Sunday")
RANGE_OPENED = re.compile(rf"(?:\bfrom\s[^.;:,()\n]{{1,40}}|\b(?:{WEEKDAY}))\s(?:until|till|through)\s+$",
                           re.IGNORECASE)

#: how many characters before an expression are searched for the "from" that opened its range
RANGE_OPEN_LOOKBEHIND = 60

#: how many characters before "7 January" are searched for the range's first day ("6-", "6 and ")
RANGE_LOOKBEHIND = 16

#: words that may follow the range's bare day ("May 4 and 5 in Geneva"); any other word makes it a count
RANGE_NEXT = {"in", "at", "on", "of", "and", "or", "when", "while", "during", "from", "to", "with", "for", "after",
               "before", "by", "respectively", "this", "next", "last", "was", "were", "will", "is", "are", "had",
               "has", "have"}
# fmt: on
