"""Surface patterns of English time expressions, as named regular expressions.

Each rule names the expression it finds (``weekday``, ``month_day``, ``ago`` …); the tagger
(``temporal.py``) has one normalizer per name.  Patterns are written for news English and
follow TimeML span conventions: the preposition stays outside ("on *Monday*"), determiners and
modifiers stay inside ("*the weekend*", "*late September*", "*more than four hours*").

The rules are compiled once, at import time, into an immutable tuple; the word tables are plain
dicts that nothing writes to after import.
"""

from __future__ import annotations

import re

from storyline.annotate.match_windows import NearLiterals, near_literals

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
    "halloween": (10, 31), "xmas": (12, 25), "x-mas": (12, 25), "valentine's day": (2, 14), "boxing day": (12, 26), "canada day": (7, 1),
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
    "a later date": "FUTURE_REF", "the near term": "FUTURE_REF", "the short term": "FUTURE_REF",  # "recent years", "coming years": DURATION PXY (vague_span)
}

# ── regex building blocks ─────────────────────────────────────────────────────

_MONTH_FULL = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_ABBR = "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
MONTH = rf"(?:{_MONTH_FULL}|(?:{_MONTH_ABBR})\.)"  # a bare abbreviation needs its dot
MONTH_D = rf"(?:{_MONTH_FULL}|(?:{_MONTH_ABBR})\.?)"  # … unless a day number follows
WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
#: a weekday abbreviated before a date, as wire datelines write it ("Thu Apr 30, 2009 4:32pm EDT")
WEEKDAY_ABBR = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"
#: a comma between the parts of a date, with the space a tokenized corpus puts before it ("April 30 , 2009")
COMMA = r"(?:\s*,)?\s+"
#: proper names with a day or a season in them: a newspaper, a treaty, a rising, a show, a shop, the Games, not a
#: date (the TIDES and TimeML guidelines count time words inside names as non-markable); only when capitalised
#: (``temporal._plausible``)
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
ORDINAL_NUMBERS.update({"twenty-first": 21, "twenty first": 21})
_ORDINAL_WORDS = "|".join(sorted(ORDINAL_NUMBERS, key=len, reverse=True))
#: the days of a month spelt out ("the first of June", "the thirty-first of May")
DAY_ORDINALS = {**ORDINAL_NUMBERS, **{f"twenty{sep}{w}": 20 + i for sep in ("-", " ") for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth".split(), start=1)},
    "thirtieth": 30, "thirty-first": 31, "thirty first": 31}
_DAY_ORDINAL_WORDS = "|".join(sorted((w.replace(" ", r"\s+") for w in DAY_ORDINALS), key=len, reverse=True))
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_ONES = "one|two|three|four|five|six|seven|eight|nine"
NUMWORD = (rf"(?:(?:{_TENS})(?:[- ](?:{_ONES}))?|{_ONES}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
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
_CONVERSION = rf"\s*\(\s*[0-2]\d[0-5]\d\s*(?:{TZ}|{CLOCK_ZONES})\b"
#: a four-digit clock in brackets right after, converting the one before it ("at 2000 (0000 GMT)")
CONVERSION_AFTER = re.compile(_CONVERSION)
AMPM = r"(?:a\.m\.?|p\.m\.?|am\b|pm\b)"
#: a clock right after a written date, as bylines and timestamps write it ("Sep 24, 2019 12:01 IST", "July 17,
#: 2019 - 07:57 PM", "29 Aug 2019, 7:46", "08/07/19 6:20pm", "Friday, April 1 at noon"); the tagger joins the two
#: into one TIME
CLOCK_AFTER_DATE = re.compile(
    rf"(?:\s*,\s*|\s+[-–—|]\s+|\s+(?P<at>at\s+)?)(?:(?P<named>noon|midnight)\b|(?P<hour>[01]?\d|2[0-3])"
    rf"(?:(?P<sep>[:.])(?P<minute>[0-5]\d)(?::[0-5]\d)?)?(?!\d)(?:\s*(?P<ampm>(?i:{AMPM})))?)"
    rf"(?:\s*(?P<zone>{TZ}|{CLOCK_ZONES}|PT|UK|local time)\b)?")
_HOLIDAY_NAMES = "|".join(sorted((re.escape(h) for h in [*HOLIDAYS, *MOVING_HOLIDAYS, *EASTER_HOLIDAYS, *THANKSGIVING_DAYS]),
                                  key=len, reverse=True))
_REFERENCE_NAMES = "|".join(sorted((re.escape(r) for r in REFERENCES), key=len, reverse=True))

_SPAN_WORDS = ("years", "decades", "months", "weeks", "days", "hours", "minutes")
#: right after a bare plural span and a comma ("months, if not years"; tokenized text spaces the comma)
_AFTER_A_SPAN = "(?:" + "|".join(f"(?<={w}{c} )" for w in _SPAN_WORDS for c in (",", " ,")) + ")"
#: right after a bare plural span and a space ("years or even decades", "years if not decades")
_AFTER_A_SPAN_SPACE = "(?:" + "|".join(f"(?<={w} )" for w in _SPAN_WORDS) + ")"

#: (name, pattern) in priority order; on equal length the earlier rule wins.
RULES: tuple[tuple[str, str], ...] = (
    ("iso", rf"\b(?P<year>{YEAR})-(?P<month>[01]\d)-(?P<day>[0-3]\d)(?:T(?P<hour>[01]\d|2[0-3]):(?P<minute>[0-5]\d))?\b"),
    # "9/11/2001"; "9\/11\/2001" as Timeline17's tokenized copies escape the slash
    ("slash", r"\b(?P<month>1[0-2]|0?[1-9])\\?/(?P<day>[12]\d|3[01]|0?[1-9])\\?/(?P<year>\d{4}|\d{2})\b"),
    # "17/07/2019": a first number above 12 is the day, as Britain and India write it
    ("slash", r"\b(?P<day>1[3-9]|2\d|3[01])\\?/(?P<month>1[0-2]|0?[1-9])\\?/(?P<year>\d{4}|\d{2})\b"),
    # "23.03.2015", "27.03.15": day first, as Europe writes it (a two-digit year needs two-digit day and month)
    ("dotted", r"(?<![\d.])(?P<day>[12]\d|3[01]|0?[1-9])\.(?P<month>1[0-2]|0?[1-9])\.(?P<year>(?:1[89]|20)\d\d|\d\d)"
               r"(?!\d|\.\d)"),
    # "since 9/11", "the 9/11 hijackers": the attacks' day, written after it (not "the 9/11 Commission", a name)
    ("nine_eleven", r"(?<![\d/\\])\b9\\?/11\b(?!\\?/\d)(?!\s+commission)"),
    # "the September 11 attacks" name the day of 2001, whatever the article's year, and so does "the Sept. 11
    # memorial ceremony", held on its anniversary
    ("september_11", r"\b(?:september|sept?\.?)\s+11(?:th)?(?=,?\s+(?:2001\s+)?(?:terror(?:ist)?\s+)?"
                     r"(?:attacks?|hijack(?:ers|ings?)?|commission|strikes|memorials?|anniversary|victims|museum)\b)"),
    # "Sept. 11", "Sept.11, 2001" (an abbreviation's dot may stand for the space)
    ("month_day", rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?(?P<month>{MONTH_D})(?:\s+|(?<=\.))"
                  rf"(?P<day>{DAYNUM})(?![\d,]\d)"
                  rf"(?:{COMMA}(?P<year>{YEAR})|\s+(?:of\s+)?(?P<ryear>last|this|next|that) year)?(?!\d|:\d)\b"),
    ("day_month", rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?(?:the\s+)?(?P<day>{DAYNUM})\s+(?:of\s+)?(?P<month>{MONTH_D})"
                  rf"(?:{COMMA}(?P<year>{YEAR})|\s+(?:of\s+)?(?P<ryear>last|this|next|that) year)?"
                  rf"\b(?!\s*\d(?!\d?[:.]\d\d))"),
    # "the first of June" (in lower case: "the Fourth of July" is the holiday's name)
    ("day_month", rf"\b(?:(?P<wd>{WEEKDAY}|{WEEKDAY_ABBR}){COMMA})?the\s+(?P<day>(?-i:{_DAY_ORDINAL_WORDS}))\s+of\s+"
                  rf"(?P<month>{MONTH})(?:{COMMA}(?P<year>{YEAR})|\s+(?P<ryear>last|this|next) year)?\b"),
    ("month_year", rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH_D})(?: ?,|\s+of)?\s+(?P<year>{YEAR})\b(?![\d%])"),
    ("month_year", rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH})(?:\s+of)?\s+"
                   rf"(?P<ryear>last|this|next|that) year\b"),
    # "peaked in October of that year": the month in the year the text is telling of
    ("month_that_year", rf"\b(?:(?P<part>{PART})[- ]?)?(?P<month>{MONTH})\s+of\s+(?P<rel>that|the same|the following|"
                        rf"the next|the previous) year\b"),
    ("month", rf"\b(?:(?P<rel>this past|this coming|last|next|this|coming|past|that)\s+|(?P<part>{PART})[- ]?)?"
              rf"(?:the\s+month\s+of\s+)?(?P<month>{MONTH})(?![\w-])(?(rel)(?!\s+\d{{1,2}}\b))"),  # "for the month of
              # June"; "last Oct. 23" is a day (the month_day rule); "that November" is in the year last told of
    ("year", rf"(?<![\w$£€#.,/-])(?:(?P<pre>fiscal year|fiscal|calendar|the year|the end of|the start of|"
             rf"the beginning of|the middle of|end of|end(?=-)|early|mid|late|the first half of|the second half of)"
             rf"[- ]?\s*)?"
             rf"(?P<year>{YEAR})(?P<s>'s)?(?![\w%]|[.,]\d|-\d|\s*(?:percent|per cent))"),
    # "490 BC", "(499-493 BC)" (the first year of the range too), "AD 70", "625 AD"; upper case only (_plausible)
    ("era_year", r"\b(?:(?P<bc>[1-9]\d{0,3})\s?(?P<era>b\.c\.(?:e\.)?|b\.c|bce|bc|a\.d\.|ad)(?!\w)"
                 r"|(?P<first>[1-9]\d{0,3})(?=\s*(?:-|–|to|and|or)\s*[1-9]\d{0,3}\s?(?P<era2>b\.c\.?|bce|bc)(?!\w))"
                 r"|(?P<ad>a\.d\.|ad)\s?(?P<adyear>[1-9]\d{0,3})\b)"),
    ("spelled_year", rf"\b(?:(?P<month>{_MONTH_FULL})(?:,|\s+of)?\s+|the year\s+)?(?P<century>nineteen|two thousand)"
                     rf"(?:[- ]hundred)?(?:\s+(?:and\s+)?"
                     rf"(?P<rest>(?:{_TENS})(?:[- ](?:{_ONES}))?|{_ONES}|ten|eleven|twelve|thirteen|fourteen|"
                     rf"fifteen|sixteen|seventeen|eighteen|nineteen))?\b"),
    ("decade", rf"(?:\b(?:the\s+)?(?:(?P<part>early|mid|late)[- ])?(?P<decade>1\d{{2}}0|20\d0)|(?<![\w'’])(?:the\s+)?"
               rf"(?:(?P<part2>early|mid|late)[- ])?(?P<decade2>['’]\d0)"
               rf"|\bthe\s+(?:(?P<part3>early|mid|late)[- ])?(?P<decade3>[2-9]0)(?=['’]?s\b)"  # "the 80s", "the 80’s"
               rf"|(?:(?<=0s and )|(?<=0s or )|(?<=0s to ))(?P<decade4>[2-9]0)(?=['’]?s\b))['’]?s\b"),
    ("duration_abbr", rf"\b(?:(?P<mod>{MOD})\s+)?(?<![:.\d])(?<!\bat )(?P<num>\d+(?:\.\d+)?)\s?(?P<unit>hrs?|mins?|secs?|yrs?|wks?)\b"),
    # "the fifties and sixties": the second only after a decade and "and", "or", "to" (_DECADE_BEFORE)
    ("decade_word", r"\b(?:the\s+(?:(?P<part>early|mid|late)[- ])?|(?P<joined>))(?P<word>twenties|thirties|forties|"
                    r"fifties|sixties|seventies|eighties|nineties)\b"),
    # "the 19th century", "the twentieth century", "the 18th and 19th centuries" (both: "the 18th" is elliptical)
    ("century", rf"\b(?:the\s+)?(?:(?P<part>early|mid|late)[- ])?"
                rf"(?:(?P<ord>\d{{1,2}})(?:st|nd|rd|th)|(?P<word>{_ORDINAL_WORDS}))[- ]centur(?:y|ies)\b"
                rf"|\bthe\s+(?P<ord2>\d{{1,2}})(?:st|nd|rd|th)"
                rf"(?=\s+(?:and|or|to)\s+\d{{1,2}}(?:st|nd|rd|th)[- ]centuries\b)"),
    ("dayword", rf"\b(?:(?P<part>early|late|earlier|later)\s+)?(?P<word>today|tonight|yesterday|tomorrow|{DAY_SLANG})"
                rf"(?:\s+(?P<pod>{POD}))?\b"),
    # "rescued overnight", "bombs rained down on Tripoli overnight": the night just gone (or, ahead, the coming one)
    ("overnight", r"\bovernight\b"),
    ("day_around", r"\bthe day (?P<dir>before yesterday|after tomorrow)\b"),
    # "from 1.51 percent the day before", "Oct. 12, the day before the plunge": the day beside the one in focus
    ("day_beside", r"\bthe day (?P<dir>before|after)\b(?!\s+(?:yesterday|tomorrow)\b)"),
    ("this_pod", rf"\b(?:(?P<part>early|late|earlier|later)\s+)?(?P<rel>this|last|tomorrow|yesterday)\s+(?P<pod>{POD})\b"),
    ("weekday", rf"\b(?:(?P<rel>this past|this coming|last|next|this|coming|past|the previous|the following|"
                rf"the next|that|early|late|earlier|later)\s+)?(?P<wd>{WEEKDAY})(?P<plural>s)?"
                rf"(?:,?\s+(?P<pod>(?!overnight)(?:{POD}))(?P<pods>s)?)?\b"),  # "Friday nights": a recurrence
    ("time", rf"\b(?:(?P<mod>about|around|approximately|at about|shortly after|shortly before|just after|"
             rf"just before)\s+)?(?<![\d.:])(?P<hour>1[0-2]|0?\d)(?:[:.]?(?P<minute>[0-5]\d))?\s*(?P<ampm>{AMPM})"
             rf"(?:\s+(?P<tz>{TZ})\b)?(?:{COMMA}(?:on\s+)?(?:(?P<wd>{WEEKDAY})(?:\s+(?:morning|afternoon|evening|night))?"
             rf"(?:{COMMA}(?P<wday>{DAYNUM})\s+(?P<wmonth>{MONTH_D})(?:{COMMA}(?P<wyear>{YEAR}))?"  # "Sunday 17 March"
             # "Saturday Sept. 4"
             rf"|{COMMA}(?P<vmonth>{MONTH_D})\s+(?P<vday>{DAYNUM})(?![\d,]\d)(?:{COMMA}(?P<vyear>{YEAR}))?)?|"
             rf"(?P<word>today|tomorrow|yesterday|tonight)|"
             rf"(?P<tmonth>{MONTH_D})\s+(?P<tday>{DAYNUM})(?![\d,]\d)(?:{COMMA}(?P<tyear>{YEAR}))?)\b)?"),
    ("time", rf"\b(?P<named>noon|midnight|midday)(?:\s+(?P<tz>{TZ})\b)?(?:,?\s+(?:on\s+)?(?:(?P<wd>{WEEKDAY})|"
             rf"(?P<word>today|tomorrow|yesterday|tonight))\b)?"),
    ("time24", rf"(?<![\d:])(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?::[0-5]\d)?\s*(?P<tz>{TZ}|{CLOCK_ZONES}|GMT|"
               rf"UK time|UK|local time|hrs|hours|h)\b"),
    # "Sunday 10 May 2009 14.27 BST", "09.06 BST on Tuesday": a clock written with a dot and its zone
    ("time24", rf"(?<![\d.,])(?P<hour>[01]?\d|2[0-3])\.(?P<minute>[0-5]\d)\s*(?P<tz>{TZ}|{CLOCK_ZONES})\b"),
    # "lifted off here at 02.51 hr": a clock written with a dot and "hr(s)" after "at" (a span takes "for", "in")
    ("time24", r"(?<=\bat )(?P<hour>[01]?\d|2[0-3])\.(?P<minute>[0-5]\d)\s*(?P<tz>hrs?)\b"),
    # "at 1800 GMT", "Updated 1003 GMT (1803 HKT)": a four-digit clock with its zone, never the year 1800
    ("time24", rf"(?<![\w$£€#.,/:-])(?P<hour>[01]\d|2[0-3])(?P<minute>[0-5]\d)\s*(?P<tz>{TZ}|{CLOCK_ZONES}|"
               rf"local time)\b"),
    # "the speech, at 2000 (0000 GMT)": a local four-digit clock its bracketed conversion vouches for
    ("time24", rf"(?<![\w$£€#.,/:-])(?P<hour>[01]\d|2[0-3])(?P<minute>[0-5]\d)(?={_CONVERSION})"),
    # "shot by a sniper at 10:57": a 24-hour clock after "at" (prices and scores take a dot or one digit)
    ("time24", rf"(?<=\bat )(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)\b(?!:\d|[.,]\d|\s*{AMPM})"),
    # the BBC's "05 February 12 01:10 GMT": day, month, a two-digit year and the clock
    ("stamp", rf"\b(?P<day>[0-3]?\d)\s+(?P<month>{MONTH_D})\s+(?P<yy>\d\d)\s+(?P<hour>[01]\d|2[0-3]):(?P<minute>[0-5]\d)"
              rf"(?:\s+(?P<tz>GMT|BST|UTC))?\b"),
    # "the attack began at 0400", "leave by 0300 on Monday", a live page's "0946 :": four digits that open with a zero
    # are a clock, never a year
    ("time24", r"(?:" + "|".join(rf"(?<=\b{w} )" for w in ("at", "by", "from", "to", "until", "before", "after",
                                                          "around", "about", "since")) +
               r")(?P<hour>0\d)(?P<minute>[0-5]\d)\b(?![.,]\d|\s*(?:percent|%))"),
    ("time24", r"(?<![\w$£€#.,/:-])(?P<hour>0\d)(?P<minute>[0-5]\d)(?=\s?:\s)"),
    ("rel_unit", r"\b(?P<rel>this past|this coming|the past|the last|the next|the coming|the previous|"
                 r"the following|the current|the latest|the same|the most recent|the new|this|last|next|"
                 r"coming|past|previous|current|that|the)\s+(?:(?P<fiscal>fiscal)\s+)?(?P<unit>week|weekend|month|year|quarter|decade|"
                 r"century|fortnight|day)\b(?![- ](?:old|long|earlier|ago|later|finals?)\b)"),  # not "the quarter-finals"
    ("part_rel", rf"\b(?P<part>{PART})[- ]?(?:in\s+)?(?P<rel>this|last|next|the|that|this past|the current|"
                 rf"the following|the previous)\s+(?P<unit>week|month|year|quarter|decade|century|day)\b"
                 r"(?![- ](?:old|long)\b)"),  # "the end of the week-long assembly" ends the assembly
    ("ago", rf"\b(?:(?P<mod>{MOD})\s+)?(?P<num>{NUM}(?:\s+and\s+a\s+half)?)[- ](?P<unit>{UNIT}|hrs?|mins?)(?P<half>\s+and\s+a\s+half)?"
            rf"(?:\s+or\s+so)?\s+(?:(?P<dir>ago|earlier|later|"
            rf"hence|from now)\b(?!\s+than\b)|(?P<dir2>before|after|prior|back)\b(?![ \t]*\w))"),  # "a week later than
            # planned" is a delay (the duration rule's)
    ("year_ago", r"\b(?:the\s+)?year[- ](?P<dir>earlier|ago)(?:\s+(?P<unit>quarter|period|third quarter|second "
                 r"quarter|first quarter|fourth quarter|nine months|month))?\b(?!\s+than\b)"),
    ("unit_possessive", r"\b(?P<span>the (?P<unit>day|week|month|year))(?=['’]s\b)"),
    # "decades-long", "day-long", "a weeklong trip", "his yearslong obsession"
    ("unit_long", r"\b(?P<unit>minute|hour|day|week|month|year|decade|century)(?:(?P<plural>s)?-?|(?<!century))long\b"),
    ("next_pod", rf"\b(?P<rel>the next|the following|the previous)\s+(?P<pod>{POD})\b"),
    ("duration", rf"\b(?:(?P<mod>{MOD})\s+)?(?:(?P<det>the|its|their)\s+)?(?:(?P<rel>past|last|next|first|"
                 rf"coming|previous|final|following|initial|remaining|same)\s+)?(?P<num>{NUM}(?:\s+and\s+a\s+half)?)"
                 # "five or six days" is one span; not "in 1995 to 15 years", nor "one to two weeks before" (the count's)
                 rf"(?:(?<!\d{{4}})\s+(?:or|to)\s+(?P<num2>\d+|{NUMWORD}))?(?:-|\s+)"
                 rf"(?:more\s+|additional\s+|straight\s+|consecutive\s+|full\s+|trading\s+|business\s+|working\s+|"
                 # "two bloody weeks": a word the tagger checks is an adjective of the unit
                 rf"school\s+|calendar\s+|(?!(?:{UNIT}|{NUMWORD})\b)(?P<feel>[a-z]{{4,16}})\s+(?=[a-z]{{3,10}}s\b))?"
                 rf"(?P<unit>half[- ]hours?|quarter[- ]centur(?:y|ies)|{UNIT})(?P<adj>-long|-old)?"
                 rf"(?P<half>\s+and\s+a\s+half)?(?:\s+or\s+so)?\b"
                 rf"(?(num2)(?!\s+(?:ago|earlier|later|before|after|prior|hence|back|from now)\b))"),
    # "for 30-odd years", "30 odd years": a round count and some more
    ("odd_count", r"\b(?P<num>\d{2,3})(?:-|\s)odd\s+(?P<unit>years|months|weeks|days|hours|minutes)\b"),
    # "with only days to go", "have only weeks to make their case": a span, its length left unsaid
    ("plural_unit", r"\b(?P<pre>only|just|mere|barely)\s+(?P<unit>hours|days|weeks|months|years|decades)\b"
                    r"(?!\s+(?:ago|earlier|later|before|after|of|away|from|old)\b)"),  # "only weeks old" is an age
    # "refused for months to allow", "the first in years to": "to" ends the span unless a range goes on ("weeks to
    # months", "in days to come")
    # "for months, if not years", "years, possibly decades": the second of a pair of spans
    ("plural_unit", rf"\b(?P<pre>for|in|over|within|take|takes|took|last|lasted|lasting|spend|spends|spent|spending|"
                    rf"waited|{_AFTER_A_SPAN}(?:if not|possibly|perhaps|even)|{_AFTER_A_SPAN_SPACE}(?:or even|and even|"
                    rf"if not))\s+"
                    rf"(?P<unit>years|decades|"
                    rf"months|weeks|days|hours|centuries|minutes)\b(?!\s+(?:ago|of|later|earlier)\b)"
                    rf"(?!\s+to\s+(?:come\b|\d|(?:{NUMWORD}|{UNIT}|several|many|a\s+few)\b))"),
    ("set", rf"\b(?P<q>every|each|per|a|an)\s+(?:(?<=every )single\s+)?(?:(?P<num>other|{NUM})\s+)?"
            rf"(?P<unit>{UNIT}|{WEEKDAY}|{MONTH}|spring|summer|autumn|fall|winter)"
            rf"(?P<pod>\s+(?:{POD}))?\b"),
    # not "quarterly": in news it qualifies a noun ("quarterly dividend"; TimeBank gold tags 1 of 11)
    ("set_adverb", r"\b(?P<adv>daily|weekly|monthly|yearly|annually|hourly|nightly|biweekly|"
                   r"bimonthly|semiannually)\b"),
    # "Q3 earnings", "Q1 2010": a quarter as business news abbreviates it (capital Q only: temporal._plausible)
    ("quarter_abbr", rf"\b(?P<q>q)(?P<number>[1-4])\b(?:\s+(?P<year>{YEAR})\b)?"),
    ("quarter", rf"\b(?:(?P<pre>this year's|last year's|next year's|the year-ago|the year-earlier|the comparable|"
                rf"the latest|the current|the same|the fiscal|its fiscal|the|its|that|this|last|next|fiscal)\s+)?"
                rf"(?:(?P<year1>{YEAR})\s+)?(?:fiscal[- ])?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|final|"
                rf"last|latest|current)?[- ]?(?:fiscal[- ]|financial\s+)?(?P<unit>quarter|half)\b(?![- ](?:century|finals?\b))"
                rf"(?:\s+of\s+(?:fiscal\s+)?(?:(?P<year2>{YEAR})|(?P<rel2>this|last|next|the) year))?"),
    # "two summers ago": the summer so many before the last one
    ("season_ago", rf"\b(?P<num>{NUMWORD}|\d+)\s+(?P<season>springs|summers|falls|autumns|winters)\s+ago\b"),
    ("season", rf"\b(?:(?P<rel>this past|this coming|this|last|next|the|that|early|late|mid|the early|the late)"
               rf"[- ]?\s*)?(?P<season>spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?(?P<year>{YEAR}))?\b"
               r"(?!-(?:out|back|off|guy|line)\b)"),  # "the fall-out" is no autumn
    ("holiday", rf"\b(?P<name>{_HOLIDAY_NAMES})(?:\s?,?\s+(?P<year>{YEAR}))?\b"),  # "Boxing Day , 2004" tokenized
    ("named_weekday", rf"\b(?P<name>{NAMED_WEEKDAY_WORDS})\s+(?P<wd>{WEEKDAY})\b"),
    ("time_word_name", rf"\b(?P<name>{TIME_WORD_NAMES})\b"),
    ("reference", rf"\b(?P<word>{_REFERENCE_NAMES})\b"),
    ("that_day", r"\b(?:(?P<part>earlier|later)\s+)?(?:that|the same) (?P<unit>day|morning|afternoon|evening|night)\b"),
    ("vague_span", r"\b(?P<rel>recent|coming|upcoming|the coming|the recent|future)\s+(?P<unit>days|weeks|months|"
                   r"quarters|years|decades)\b|\b(?:(?:the|many|several|some)\s+)?(?P<unit2>days|weeks|months|years|"
                   r"decades)\s+(?:ahead|to\s+come)\b"),  # "the years ahead", "for years to come"
    ("the_year", r"\b(?P<pre>for|of|in|during|through|throughout)\s+(?P<span>the\s+(?:(?P<adj>full|fiscal|calendar|"
                 r"entire|whole)\s+)?year)\b(?P<after>\s+(?:ended|ending|to)\b)?(?![- ](?:ago|earlier|before|"
                 r"two|'s))"),
    ("the_year", r"\b(?P<span>the\s+(?:(?P<adj>full|fiscal|calendar)\s+)?year)(?P<after>\s+(?:ended|ending)\b)"),
    # "the corresponding period last year", "the same month a year earlier": the unit in focus, a year back
    ("period_year_back", r"\b(?:the same|the corresponding|the comparable)\s+(?P<unit>period|quarter|month)\s+"
                         r"(?:of\s+)?(?:last year|a year (?:earlier|ago|before)|the (?:previous|prior) year|"
                         r"the year before)\b"),
    ("latest_period", r"\b(?P<rel>the latest|the most recent|the latest fiscal|the comparable|the same)\s+"
                      r"(?P<unit>period|fiscal year|quarter period)\b(?![- ](?:a year|last year|of))"),
    ("clock_pod", r"\b(?P<hour>1[0-2]|[1-9])(?::(?P<minute>[0-5]\d))?\s+(?:o'clock\s+)?(?:in\s+the\s+|at\s+)"
                  r"(?P<pod>morning|afternoon|evening|night)\b"),
    ("year_period", rf"\b(?:the|its|that)\s+(?P<year>{YEAR})\s+(?:fiscal\s+)?(?P<unit>period|quarter)\b(?![- ](?:ended|ending))"),
    ("year_end", r"\b(?:the\s+)?(?:year[- ]?end|year's end|end-of-year)\b(?![- ]\w)"),
    ("month_end", r"\b(?:the\s+)?(?:month[- ]end|month's end|end-of-month)\b(?![- ]\w)"),
    # ── coverage added for issue #3 (mined from TimeBank / AQUAINT / TE3-silver misses) ──
    ("pod_the", rf"\b(?:(?P<part>early|late)\s+)?(?:in|during|through|throughout|by|over|until|till)\s+"
                rf"(?P<span>the\s+(?P<pod>{POD}))\b(?!\s+(?:of|session|paper|newspaper|news|edition|shift|show|"
                rf"prayers?|rush|before|after|flight|train)\b)"),
    # "by late morning", "By mid afternoon": a part of the day in focus (not "the early morning hours of 30 April",
    # nor a part that a day written after it takes: "mid-afternoon yesterday", "late morning on Tuesday")
    ("part_pod", rf"\b(?P<part>early|late|mid)[- ]?(?P<pod>morning|afternoon|evening)\b(?![- ](?:hours|session|"
                 rf"trading|shift|show|news|edition|paper|flight|train|rush|prayers?)\b)(?!\s+(?:on\s+)?"
                 rf"(?:{WEEKDAY}|today|yesterday|tomorrow|\d|{MONTH_D}))"),
    # "pre-dawn strikes", "by nightfall", "before sunrise": the day's light, in the day in focus (the tagger keeps a
    # bare word only after a preposition of time: "Dawn" is also a name, "the sunset clause" no time)
    ("daylight", r"\b(?:(?P<pre>pre-?dawn)|(?P<word>dawn|daybreak|sunrise|nightfall|dusk|sunset))\b"),
    # "due to run out in a week's time", "in two weeks' time": the day, week, month or year that far ahead
    ("units_time", rf"(?<=\bin )(?P<num>{NUM})\s+(?P<unit>days?|weeks?|fortnights?|months?|years?)"
                   r"\s?['’]s?\s+time\b"),
    # "unusual for this time of year": the month the text is written in (the modern gold tags it 5 times in 5, with
    # that month 4 times)
    ("time_of_year", r"\bthis\s+time\s+of\s+(?:the\s+)?year\b"),
    ("in_the_day", r"\b(?P<pre>later|earlier|during|throughout)\s+(?:in\s+)?(?P<span>the\s+day)\b"
                   r"(?!\s+(?:of|before|after|when|that|on)\b)"),
    ("vague_ago", r"\b(?:(?P<mod>just|only)\s+)?(?P<span>(?:some\s+time|(?P<unit>years|months|weeks|days|decades|"
                  r"hours|minutes))\s+ago)\b"),
    # "days after a sniper killed him", "Hours later", "after weeks of protests": a span of unsaid length
    ("bare_unit", r"\b(?P<unit>decades|years|months|weeks|days|hours|minutes|moments)\s+(?P<tail>earlier|later|before|"
                  r"after|of)\b"),
    # "in past years", "during the past months": the past, as TimeBank reads it (PAST_REF), the unit in the extent
    ("past_units", r"\b(?:the\s+)?past\s+(?P<unit>days|weeks|months|years|decades)\b"),
    # "over the years", "all these years": a span of unsaid length ("over the years 1751-1777" is the year rule's)
    ("unsaid_span", r"\b(?:(?:over|through|throughout)\s+(?P<span>the\s+(?P<unit>years|decades))|"
                   r"(?P<all>all\s+(?:these|those|the)\s+(?P<unit2>years|decades|months|weeks|days)))\b"
                   r"(?![- ]+(?:1[0-9]|20)\d\d\b|\s+(?:of|since|between|from|to|when|in which|that)\b)"),
    ("sport_season", r"\b(?P<rel>last|this|next|the current|the previous|the coming|the new|the whole|the regular|"
                     r"the entire|this past|the past)\s+season\b(?!['’]s|\s+(?:of|tickets?|opener)\b)"),
    ("another", rf"\banother\s+(?:(?P<num>{NUM})[- ])?(?P<unit>{UNIT})\b(?![- ](?:old|long))"),
    # "the second day of an offensive", "on the 88th day", "for a third straight day"
    ("ordinal_unit", rf"\b(?:(?P<det>the|his|her|its|their|our|my)|a(?!\s+first))\s+(?P<ord>{_ORDINAL_WORDS}|"
                     r"\d{1,3}(?:st|nd|rd|th)|opening|closing|last|final)\s+"
                     r"(?:(?P<streak>straight|consecutive|successive)\s+(?=day\b))?"
                     r"(?P<unit>day|week|month|year)\b(?![- ](?:old|long)|\s+(?:or|and)\s+so)"),
    # "1980-88": two expressions, as TimeML annotates ranges (the head here, the tail below)
    ("year_range", rf"(?<![\w$£€#.,/-])(?P<year>{YEAR})(?=[-–](?P<tail>\d{{1,2}}|{YEAR})\b(?![\w%-]|[.,:]\d))"),
    # not the clock of "February 1, 2011-14:00:00 ET"
    ("year_tail", rf"(?<=(?:1[0-9]|20)\d\d[-–])(?P<tail>\d{{2}}|{YEAR})\b(?![\w%-]|[.,:]\d)"),
    ("the_period", r"\b(?P<pre>for|during|over|throughout|within|in|of)\s+(?P<span>the\s+(?P<unit>week|month))\b"
                   rf"(?!\s+(?:before|after|ahead|earlier|later|ago|that|when|in which|of\s+(?:{MONTH}))\b|['’]s|-)"),
)

#: Lower-case words one of which every match of a rule contains: a rule whose words are all
#: absent from a document is not run on it (most news has no "season", "quarter" or "ago").
RULE_TRIGGERS: dict[str, tuple[str, ...]] = {
    "ago": ("ago", "earlier", "later", "hence", "from now", "before", "after", "prior", "back"),
    "year_ago": ("year",),
    "quarter": ("quarter", "half"),
    "quarter_abbr": ("q1", "q2", "q3", "q4"),
    "odd_count": ("odd",),
    "season": ("spring", "summer", "fall", "autumn", "winter"),
    "season_ago": ("ago",),
    "overnight": ("overnight",),
    "sport_season": ("season",),
    "in_the_day": ("the day",),
    "vague_ago": ("ago",),
    "bare_unit": ("earlier", "later", "before", "after", " of"),
    "past_units": ("past ",),
    "unsaid_span": ("the years", "the decades", "these ", "those ", "all the "),
    "another": ("another",),
    "ordinal_unit": ("day", "week", "month", "year"),
    "the_period": ("the week", "the month"),
    "year_range": ("-", "–"),
    "unit_long": ("long",),
    "decade_word": ("ties",),
    "era_year": ("bc", "b.c", "ad", "a.d"),
    "september_11": ("11",),
    "nine_eleven": ("9/11", "9\\/11"),
    "duration_abbr": ("hr", "min", "sec", "yr", "wk"),
    "unit_possessive": ("the day's", "the week's", "the month's", "the year's",
                        "the day’s", "the week’s", "the month’s", "the year’s"),
    "next_pod": ("the next", "the following", "the previous"),
    "year_tail": ("-", "–"),
    "pod_the": ("morning", "afternoon", "evening", "night"),
    "part_pod": ("morning", "afternoon", "evening"),
    "time_of_year": ("time of",),
    "units_time": (" time",),
    "month_that_year": (" year",),
    "daylight": ("dawn", "daybreak", "sunrise", "nightfall", "dusk", "sunset"),
    "that_day": ("that day", "same day", "that morning", "same morning", "that afternoon", "same afternoon",
                 "that evening", "same evening", "that night", "same night"),
    "latest_period": ("period", "fiscal year", "quarter"),
    "period_year_back": ("year",),
    "year_period": ("period", "quarter"),
    "clock_pod": ("in the morning", "in the afternoon", "in the evening", "in the night", "at night"),
    "year_end": ("year-end", "year end", "yearend", "year's end", "end-of-year"),
    "month_end": ("month-end", "month end", "month's end", "end-of-month"),
    "the_year": ("the year", "the full year", "the fiscal year", "the calendar year", "the entire year",
                 "the whole year"),
    "day_around": ("the day",),
    "day_beside": ("the day",),
    "century": ("centur",),
    "spelled_year": ("nineteen", "two thousand"),
    "named_weekday": ("black", "bloody", "super", "blue", "giving"),
    "time_word_name": ("sunday", "friday", "easter", "morning", "night", "summer", "winter", "spring", "autumn"),
}

COMPILED_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE)) for name, pattern in RULES
)

#: an escape, a group's name or back-reference, or a letter: only the letters are literals
_PATTERN_PART = re.compile(r"\\.|\(\?P<\w+>|\(\?P=\w+\)|[A-Z]+", re.DOTALL)


def lowered_literals(pattern: str) -> str:
    """The pattern with its upper-case literal letters lower-cased ("GMT" → "gmt"), escapes and group names kept."""
    return _PATTERN_PART.sub(lambda part: part.group(0).lower() if part.group(0).isalpha() else part.group(0), pattern)


#: the rules for lower-cased text: the same matches as COMPILED_RULES on the text itself, without case
#: folding at every step (2.6 times faster), wherever lower-casing folds the text as IGNORECASE does
#: (``temporal._matches_by_lowering``)
LOWERED_RULES: tuple[re.Pattern[str], ...] = tuple(re.compile(lowered_literals(pattern)) for _, pattern in RULES)

#: for each of LOWERED_RULES, the literals one of which its every match holds, to search the text only
#: near them; None where the whole text is scanned (``match_windows``)
LOWERED_WINDOWS: tuple[NearLiterals | None, ...] = tuple(near_literals(pattern) for pattern in LOWERED_RULES)


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
