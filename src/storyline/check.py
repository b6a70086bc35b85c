"""``storyline check``: every timeline date in a story.json is supported by the words it cites.

A timeline entry's date must be given by one of:

- its ``time_expression``: the words exist in the article, and every calendar part they state
  (a year, a month, a day of the month, a weekday) agrees with the date; words that state no year
  ("on Monday", "Sept. 23") count only in an article whose publication date is stated;
- the article's stated publication date, when no expression is cited (a lead telling the day's news);
- an ``inferred`` note that says how the date was worked out, whose date still agrees with every
  part the cited words state.

Everything else is an unsupported date.  The cited offsets must also give back the cited sentence.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

STATED_SOURCES = ("header", "metadata", "sidecar", "url")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?", re.IGNORECASE)
#: a year; four digits before a time zone or "local time" are a clock ("at 1204 GMT", "1600 local time")
_YEAR = re.compile(r"(?<![\d,.])([12]\d{3})(s?)(?![\d])(?!\s*(?:GMT|UTC|[A-Z]{2}T|BST|CET|hrs|hours|local time)\b)")
_DAY_AFTER_MONTH = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?!\d)", re.IGNORECASE
)
_DAY_BEFORE_MONTH = re.compile(
    r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)",
    re.IGNORECASE,
)
_YEAR_AFTER_DAY = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},\s?([12]\d{3})\b", re.IGNORECASE
)
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b", re.IGNORECASE)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


@dataclass
class Problem:
    story: str
    date: str
    article_id: str
    char_start: int
    reason: str


def _date_parts(date: str) -> tuple[int, int | None, int | None]:
    parts = [int(p) for p in date.split("-")]
    return parts[0], (parts[1] if len(parts) > 1 else None), (parts[2] if len(parts) > 2 else None)


def stated_parts_disagree(expression: str, date: str) -> str | None:
    """What part of ``date`` the words of ``expression`` contradict, or None when they agree."""
    year, month, day = _date_parts(date)
    iso = _ISO.search(expression)
    if iso:
        if f"{iso.group(1)}-{iso.group(2)}-{iso.group(3)}"[: len(date)] != date[:10]:
            return f"the words state {iso.group(0)}"
        return None
    years = [(int(m.group(1)), m.group(2)) for m in _YEAR.finditer(expression)]
    years += [(int(m.group(1)), "") for m in _YEAR_AFTER_DAY.finditer(expression)]
    if years and not any(y == year or (decade and y <= year < y + 10) for y, decade in years):
        return f"the words state the year {', '.join(str(y) for y, _ in years)}"
    months = [
        _MONTHS.index(m.group(1).lower()[:3]) + 1
        for m in _MONTH.finditer(expression)
        if m.group(1).lower() != "may" or m.group(0)[0].isupper()
    ]
    if month is not None and months and month not in months:
        return f"the words state the month {', '.join(_MONTHS[m - 1] for m in months)}"
    days = [int(m.group(1)) for m in _DAY_AFTER_MONTH.finditer(expression)] + [
        int(m.group(1)) for m in _DAY_BEFORE_MONTH.finditer(expression)
    ]
    if day is not None and days and day not in days:
        return f"the words state the day {', '.join(map(str, days))}"
    weekdays = {_weekday(m.group(1)) for m in _WEEKDAY.finditer(expression)}
    if day is not None and month is not None and len(weekdays) == 1:
        if dt.date(year, month, day).weekday() not in weekdays:
            return f"the words state a {expression!r} but {date} is a {dt.date(year, month, day):%A}"
    return None


def _weekday(word: str) -> int:
    return ("mon", "tue", "wed", "thu", "fri", "sat", "sun").index(word.lower()[:3])


def states_year(expression: str) -> bool:
    """Whether the words name a year themselves ("Sept. 3, 2008", "in 1947"), not only a month or a day."""
    return bool(_YEAR.search(expression) or _ISO.search(expression))


def check_document(doc: dict) -> list[Problem]:
    """The unsupported dates of one story.json document."""
    story = str(doc.get("story", {}).get("id"))
    articles = {a["id"]: a for a in doc.get("articles", [])}
    problems = []
    for entry in doc.get("timeline", []):
        date = entry["date"]
        for source in entry.get("sources", []):
            article = articles.get(source["article_id"])

            def problem(reason: str, source: dict = source, date: str = date) -> None:
                problems.append(Problem(story, date, source["article_id"], source["char_start"], reason))

            if article is None:
                problem("the cited article is not in the story")
                continue
            text = article.get("text") or ""
            if text[source["char_start"] : source["char_end"]] != source["sentence"]:
                problem("the offsets do not give back the cited sentence")
            expression = source.get("time_expression")
            inferred = (source.get("inferred") or "").strip()
            stated = article.get("published") if article.get("published_source") in STATED_SOURCES else None
            if expression:
                if expression not in text:
                    problem(f"the time expression {expression!r} is not in the article")
                    continue
                disagreement = stated_parts_disagree(expression, date)
                if disagreement:
                    problem(disagreement)
                elif not states_year(expression) and stated is None and not inferred:
                    problem(f"{expression!r} states no year and the article states no publication date")
            elif not inferred:
                if stated is None:
                    problem("no time expression, no stated publication date and no inference")
                elif stated != date:
                    problem(f"no time expression, and the publication date is {stated}")
    return problems


def story_documents(paths: Iterable[Path]) -> Iterator[tuple[Path, dict]]:
    """Every story.json under the given output folders or files."""
    for path in paths:
        files = [path] if path.is_file() else sorted(path.rglob("story.json"))
        for file in files:
            yield file, json.loads(file.read_text(encoding="utf-8"))
