"""Knight Lab TimelineJS3 JSON for a story, built from its story.json document.

TimelineJS renders ``headline`` and ``text`` as HTML, so every article-derived string is
escaped here.  Dates keep their granularity: a month-level entry ("2024-03") gives a
``start_date`` with year and month only, a year-level entry year only, so TimelineJS shows
"March 2024" rather than inventing a day.

Example
-------
>>> json.dump(to_timelinejs(doc), fh, ensure_ascii=False, indent=2)
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from storyline.render.html import format_date

__all__ = ["to_timelinejs", "timelinejs_date"]

_DATE = re.compile(r"^(\d{1,4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_HEADLINE_CHARS = 140


def _e(value: Any) -> str:
    return "" if value is None else escape(str(value), quote=True)


def timelinejs_date(value: str | None) -> dict | None:
    """'2024-03-05' → {"year": "2024", "month": "3", "day": "5"}; '2024-03' → no day.

    Returns None for anything that is not a calendar date at day, month or year
    granularity (an unresolved ``XXXX-XX-XX``, a week, a season): such entries are left
    out of the TimelineJS view rather than placed at a guessed date.
    """
    m = _DATE.match(str(value or "").strip())
    if not m:
        return None
    year, month, day = m.groups()
    out = {"year": str(int(year))}
    if month is not None:
        if not 1 <= int(month) <= 12:
            return None
        out["month"] = str(int(month))
    if day is not None:
        if not 1 <= int(day) <= 31:
            return None
        out["day"] = str(int(day))
    return out


def _shorten(text: str, limit: int = _HEADLINE_CHARS) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def _source_html(src: dict, articles: dict[str, dict]) -> str:
    art = articles.get(str(src.get("article_id"))) or {}
    who = []
    if art.get("outlet"):
        who.append(f"<strong>{_e(art['outlet'])}</strong>")
    title = art.get("title") or src.get("article_id")
    url = str(art.get("url") or "")
    if url.lower().startswith(("http://", "https://")):
        who.append(f'<a href="{_e(url)}" target="_blank" rel="noopener noreferrer"><em>{_e(title)}</em></a>')
    else:
        who.append(f"<em>{_e(title)}</em>")
    who.append(_e(format_date(art.get("published"))) if art.get("published") else "undated")
    sentence = src.get("sentence")
    quoted = f"“{_e(sentence)}”<br>" if sentence else ""
    return f"<p>{quoted}<small>— {', '.join(who)}</small></p>"


def to_timelinejs(doc: dict) -> dict:
    """The TimelineJS3 JSON object for a story.json document.

    Parameters
    ----------
    doc : dict
        A ``storyline/1`` story document.

    Returns
    -------
    dict
        ``{"title": {...}, "events": [...]}``; one event per timeline entry whose date is
        a calendar day, month or year, each citing its source sentences.
    """
    if not isinstance(doc, dict):
        raise TypeError(f"to_timelinejs expects a story.json document (a dict); got {type(doc).__name__}.")
    story = doc.get("story") or {}
    articles = {str(a.get("id")): a for a in doc.get("articles") or [] if isinstance(a, dict)}
    first, last = story.get("first_published"), story.get("last_published")
    span = " – ".join(dict.fromkeys(format_date(d) for d in (first, last) if d))
    n = len(articles)
    intro = [f"{_e(span)} · {n} article{'s' if n != 1 else ''}" if span else f"{n} article{'s' if n != 1 else ''}"]
    summary = [s.get("text") for s in doc.get("summary") or [] if s.get("text")]
    if summary:
        intro.append(" ".join(_e(s) for s in summary))
    title = {
        "text": {"headline": _e(story.get("title") or "Untitled story"), "text": "".join(f"<p>{p}</p>" for p in intro)}
    }

    events = []
    for i, entry in enumerate(doc.get("timeline") or []):
        start = timelinejs_date(entry.get("date"))
        if start is None:
            continue
        summary_text = str(entry.get("summary") or "")
        headline = _shorten(summary_text)
        body = []
        if headline != " ".join(summary_text.split()):
            body.append(f"<p>{_e(summary_text)}</p>")
        body.extend(_source_html(s, articles) for s in entry.get("sources") or [])
        events.append(
            {
                "start_date": start,
                "text": {"headline": _e(headline), "text": "".join(body)},
                "unique_id": f"event-{i}",
                "autolink": False,
            }
        )
    return {"title": title, "events": events}
