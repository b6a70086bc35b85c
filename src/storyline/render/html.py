"""A self-contained HTML page for one story, and an index page for many.

The page is built from the story.json document (never from internal objects) so it shows
nothing the JSON does not hold.  It needs no network: CSS and a small script are inlined,
and a Content-Security-Policy allows only that one script (by its hash), so even a bug in
escaping could not make article text run as code.

Article text is data.  Every article-derived string is passed through :func:`html.escape`;
highlighted article text is built by slicing the text at the cited character offsets and
escaping each slice, so a ``<mark>`` holds exactly the cited words.

Example
-------
>>> page = render_story_html(doc)          # doc: a story.json dict
>>> (out / "index.html").write_text(page, encoding="utf-8")
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from typing import Any
from urllib.parse import quote

__all__ = ["render_story_html", "render_index_html", "format_date", "app_page_head"]

_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]

_DATE_SOURCE = {
    "header": "date from the article header",
    "metadata": "date from page metadata",
    "sidecar": "date from sidecar file",
    "url": "date from the URL",
    "inferred": "date inferred",
    "missing": "no publication date",
}

_ENTITY_TYPES = [("PERSON", "People"), ("ORG", "Organisations")]
_OTHER_TYPE_NAMES = {
    "GPE": "Places",
    "LOC": "Places",
    "FAC": "Facilities",
    "NORP": "Groups",
    "EVENT": "Events",
    "PRODUCT": "Products",
    "LAW": "Laws",
    "WORK_OF_ART": "Works",
}

_KIND_LABEL = {
    "timeline": "timeline",
    "summary": "summary",
    "role": "entity role",
    "quote": "quote",
    "figure": "figure",
}


def _template(name: str) -> str:
    return resources.files("storyline.render").joinpath("templates").joinpath(name).read_text(encoding="utf-8")


def _e(value: Any) -> str:
    """Escape any value for HTML text or a double-quoted attribute ('' for None)."""
    return "" if value is None else escape(str(value), quote=True)


def format_date(value: str | None) -> str:
    """'2024-03-05' → '5 March 2024'; '2024-03' → 'March 2024'; '2024' → '2024'.

    Anything else (an unresolved or odd value) is returned as given, never guessed at.
    """
    if not value:
        return ""
    parts = str(value).split("-")
    try:
        if len(parts) == 3:
            d = dt.date(int(parts[0]), int(parts[1]), int(parts[2]))
            return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"
        if len(parts) == 2 and 1 <= int(parts[1]) <= 12:
            return f"{_MONTHS[int(parts[1]) - 1]} {int(parts[0])}"
        if len(parts) == 1 and parts[0].isdigit():
            return parts[0]
    except ValueError:
        pass
    return str(value)


def _granularity(value: str | None) -> str:
    n = len(str(value or "").split("-"))
    return {1: "year", 2: "month"}.get(n, "")


def _safe_href(url: str | None) -> str | None:
    """Only web links become clickable; anything else (javascript:, data:) stays text."""
    if url and str(url).lower().startswith(("http://", "https://")):
        return str(url)
    return None


def _csp_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _head(title: str, script: str | None, app_script: str | None = None) -> str:
    """``app_script``: the path of one same-origin script a served page adds (``storyline serve``);
    the policy then also allows scripts, connections (its change stream) and forms (its search) to 'self'."""
    sources = ([f"'{_csp_hash(script)}'"] if script else []) + (["'self'"] if app_script else [])
    script_src = " ".join(sources) or "'none'"
    connect = "connect-src 'self'; " if app_script else ""
    form_action = "'self'" if app_script else "'none'"
    csp = (
        f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        f"script-src {script_src}; {connect}base-uri 'none'; form-action {form_action}"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="storyline">\n'
        f"<title>{_e(title)}</title>\n<style>\n{_template('story.css')}</style>\n"
        + (f'<script src="{_e(app_script)}" defer></script>\n' if app_script else "")
        + "</head>\n"
    )


# ── cited spans ──────────────────────────────────────────────────────────────


@dataclass
class _Span:
    start: int
    end: int
    id: str
    kinds: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)


@dataclass
class _Article:
    index: int
    data: dict
    anchor: str
    text: str | None
    spans: dict[tuple[int, int], _Span] = field(default_factory=dict)


class _Citations:
    """Places every cited span in its article and hands back the anchor to link to."""

    def __init__(self, articles: list[dict]) -> None:
        self.articles: dict[str, _Article] = {}
        for i, art in enumerate(articles):
            aid = str(art.get("id"))
            if aid in self.articles:
                continue
            text = art.get("text")
            self.articles[aid] = _Article(i, art, f"article-{i}", text if isinstance(text, str) else None)

    def article(self, article_id: Any) -> _Article | None:
        return self.articles.get(str(article_id))

    def locate(self, article_id: Any, start: Any, end: Any, expected: str | None = None) -> tuple[int, int] | None:
        """The (start, end) of the cited words, or None when they are not in the text.

        When ``expected`` (the cited words) is given and the offsets do not slice it out, the
        words are looked up in the text, the occurrence nearest the cited offset first (a
        sentence may be repeated); a span that cannot be confirmed is not marked, so the page
        never highlights words that were not cited.
        """
        art = self.article(article_id)
        if art is None or art.text is None:
            return None
        text = art.text
        ok = (
            isinstance(start, int)
            and isinstance(end, int)
            and not isinstance(start, bool)
            and 0 <= start < end <= len(text)
        )
        if expected:
            if ok and " ".join(text[start:end].split()) == " ".join(str(expected).split()):
                return start, end
            needle = str(expected)
            near = start if isinstance(start, int) and not isinstance(start, bool) else 0
            found = _nearest(text, needle, near)
            return (found, found + len(needle)) if found is not None else None
        return (start, end) if ok else None

    def cite(
        self, article_id: Any, start: Any, end: Any, kind: str, note: str, expected: str | None = None
    ) -> str | None:
        """Register a citation; returns the id of its ``<mark>`` or None if not located."""
        where = self.locate(article_id, start, end, expected)
        if where is None:
            return None
        art = self.articles[str(article_id)]
        span = art.spans.get(where)
        if span is None:
            span = _Span(where[0], where[1], f"c{art.index}-{where[0]}-{where[1]}")
            art.spans[where] = span
        span.kinds.add(kind)
        if note not in span.notes:
            span.notes.append(note)
        return span.id


def _nearest(text: str, needle: str, near: int) -> int | None:
    """Start of the occurrence of ``needle`` in ``text`` closest to offset ``near``."""
    best: int | None = None
    found = text.find(needle)
    while found >= 0:
        if best is None or abs(found - near) < abs(best - near):
            best = found
        found = text.find(needle, found + 1)
    return best


def _highlight(text: str, spans: Iterable[_Span]) -> str:
    """Escape ``text`` with each span wrapped in ``<mark>``.

    Nested spans nest; a span that crosses another's end is split into pieces that share
    its ``data-ref`` (only the first piece carries the ``id`` that links point to).  One sweep
    over the span boundaries keeps the spans open at each piece, so a long article with many
    citations costs time in proportion to them, not to their square.
    """
    spans = sorted(spans, key=lambda s: (s.start, -s.end))
    if not spans:
        return _e(text)
    points = sorted({0, len(text), *(s.start for s in spans), *(s.end for s in spans)})
    out: list[str] = []
    stack: list[_Span] = []
    cover: list[_Span] = []  # the spans over the piece [a, b), in ``spans`` order
    entered = 0
    for a, b in zip(points, points[1:], strict=False):
        cover = [s for s in cover if s.end >= b]  # every end is a point: a span open at a and ending after it reaches b
        while entered < len(spans) and spans[entered].start <= a:
            if spans[entered].end >= b:
                cover.append(spans[entered])
            entered += 1
        keep = 0
        while keep < len(stack) and stack[keep] in cover:
            keep += 1
        out.append("</mark>" * (len(stack) - keep))
        del stack[keep:]
        for s in sorted((s for s in cover if s not in stack), key=lambda s: (-s.end, s.start)):
            kinds = " ".join(f"k-{k}" for k in sorted(s.kinds))
            title = "Cited in: " + "; ".join(s.notes)
            ident = f' id="{s.id}"' if s.start == a else ""
            out.append(f'<mark class="cite {kinds}" data-ref="{s.id}"{ident} title="{_e(title)}">')
            stack.append(s)
        out.append(_e(text[a:b]))
    out.append("</mark>" * len(stack))
    return "".join(out)


# ── page sections ────────────────────────────────────────────────────────────


class _Page:
    def __init__(self, doc: dict, app_script: str | None = None) -> None:
        self.app_script = app_script
        if not isinstance(doc, dict):
            raise TypeError(
                "render_story_html expects a story.json document (a dict); "
                f"got {type(doc).__name__}. Build one with storyline.render.story_json."
            )
        self.doc = doc
        self.story = doc.get("story") or {}
        self.articles = [a for a in doc.get("articles") or [] if isinstance(a, dict)]
        self.cites = _Citations(self.articles)
        self.entities = {str(e.get("id")): e for e in doc.get("entities") or [] if isinstance(e, dict)}
        self.undated = {str(x) for x in doc.get("undated_articles") or []}

    # citation helpers
    def _byline(self, article_id: Any) -> str:
        art = self.cites.article(article_id)
        if art is None:
            return f'<span class="cite-line">article {_e(article_id)} (not in this story)</span>'
        data = art.data
        parts = []
        if data.get("outlet"):
            parts.append(f'<span class="outlet">{_e(data["outlet"])}</span>')
        parts.append(_e(data.get("title") or data.get("id")))
        if data.get("published"):
            parts.append(_e(format_date(data["published"])))
        else:
            parts.append("undated")
        return f'<span class="cite-line">{" · ".join(parts)}</span>'

    def _source_item(self, src: dict, kind: str, note: str, said: str | None = None) -> str:
        """One cited source; its sentence is quoted unless it is the statement itself (``said``)."""
        aid = src.get("article_id")
        sentence = src.get("sentence")
        mark = self.cites.cite(aid, src.get("char_start"), src.get("char_end"), kind, note, sentence)
        link = (
            f' <a class="src" href="#{mark}">read in context&nbsp;→</a>'
            if mark
            else ' <span class="badge warn">sentence not found in article text</span>'
        )
        when = src.get("time_expression")
        when_html = f' <span class="muted small">(“{_e(when)}”)</span>' if when else ""
        if src.get("inferred"):
            when_html += f' <span class="badge">date inferred: {_e(src["inferred"])}</span>'
        same = bool(sentence and said and " ".join(str(sentence).split()) == " ".join(str(said).split()))
        quoted = f"<blockquote>{_e(sentence)}</blockquote>" if sentence and not same else ""
        return f"<li>{quoted}{self._byline(aid)}{when_html}{link}</li>"

    def _ref_link(
        self,
        article_id: Any,
        start: Any,
        end: Any,
        kind: str,
        note: str,
        expected: str | None = None,
        label: str = "source",
    ) -> str:
        mark = self.cites.cite(article_id, start, end, kind, note, expected)
        if mark is None:
            return f'<span class="muted small">({_e(label)} not found in article text)</span>'
        return f'<a class="src" href="#{mark}">{_e(label)}&nbsp;→</a>'

    # sections
    def header(self) -> str:
        title = self.story.get("title") or "Untitled story"
        first, last = self.story.get("first_published"), self.story.get("last_published")
        if first and last and first != last:
            span = f"{_e(format_date(first))} – {_e(format_date(last))}"
        elif first or last:
            span = _e(format_date(first or last))
        else:
            span = "no dated articles"
        n = len(self.articles)
        undated = len(self.undated)
        extra = f" · {undated} undated" if undated else ""
        return (
            '<header class="story"><div class="wrap">'
            f'<p class="kicker">Story {_e(self.story.get("id"))}</p>'
            f"<h1>{_e(title)}</h1>"
            f'<p class="meta">{span} · {n} article{"s" if n != 1 else ""}{extra}</p>'
            "</div></header>"
        )

    def nav(self, counts: dict[str, int]) -> str:
        items = "".join(
            f'<li><a href="#{key}">{label}<span class="n">{counts.get(key, 0)}</span></a></li>'
            for key, label in [
                ("summary", "Summary"),
                ("timeline", "Timeline"),
                ("entities", "People &amp; organisations"),
                ("quotes", "Quotes"),
                ("figures", "Figures"),
                ("articles", "Articles"),
            ]
        )
        return f'<nav class="toc" aria-label="Sections"><ul>{items}</ul></nav>'

    def summary(self) -> str:
        items = []
        for i, item in enumerate(self.doc.get("summary") or []):
            refs = []
            for j, src in enumerate(item.get("sources") or []):
                mark = self.cites.cite(
                    src.get("article_id"),
                    src.get("char_start"),
                    src.get("char_end"),
                    "summary",
                    f"summary sentence {i + 1}",
                    src.get("sentence"),
                )
                if mark:
                    refs.append(
                        f'<a href="#{mark}" title="{_e(self._plain_byline(src.get("article_id")))}">[{j + 1}]</a>'
                    )
            sup = f'<sup class="refs">{"".join(refs)}</sup>' if refs else ""
            items.append(f"<li>{_e(item.get('text'))}{sup}</li>")
        body = f'<ol class="summary">{"".join(items)}</ol>' if items else '<p class="empty">No summary.</p>'
        return f'<section id="summary"><h2>The story so far</h2>{body}</section>'

    def _plain_byline(self, article_id: Any) -> str:
        art = self.cites.article(article_id)
        if art is None:
            return str(article_id)
        d = art.data
        return " · ".join(
            str(x)
            for x in (d.get("outlet"), d.get("title") or d.get("id"), format_date(d.get("published")) or "undated")
            if x
        )

    def timeline(self) -> str:
        items = []
        for entry in self.doc.get("timeline") or []:
            date = entry.get("date")
            gran = _granularity(date)
            gran_html = f'<span class="gran">{gran}</span>' if gran else ""
            srcs = "".join(
                self._source_item(s, "timeline", f"timeline, {format_date(date)}", entry.get("summary"))
                for s in entry.get("sources") or []
            )
            items.append(
                "<li>"
                f'<p class="tl-date"><time datetime="{_e(date)}">{_e(format_date(date))}</time>{gran_html}</p>'
                f'<p class="tl-summary">{_e(entry.get("summary"))}</p>'
                f'<ul class="sources">{srcs}</ul></li>'
            )
        body = f'<ol class="timeline">{"".join(items)}</ol>' if items else '<p class="empty">No dated events.</p>'
        return f'<section id="timeline"><h2>Timeline</h2>{body}</section>'

    def entities_section(self) -> str:
        by_type: dict[str, list[dict]] = defaultdict(list)
        for ent in self.entities.values():
            by_type[str(ent.get("type") or "").upper()].append(ent)
        blocks = []
        for key, label in _ENTITY_TYPES:
            ents = sorted(by_type.pop(key, []), key=lambda e: -(e.get("mentions") or 0))
            if not ents:
                continue
            cards = "".join(self._entity_card(e) for e in ents)
            blocks.append(f'<h3>{label}</h3><div class="entity-groups">{cards}</div>')
        others: dict[str, list[dict]] = defaultdict(list)
        for key, ents in by_type.items():
            others[_OTHER_TYPE_NAMES.get(key, "Other names")].extend(ents)
        for label in sorted(others):
            ents = sorted(others[label], key=lambda e: -(e.get("mentions") or 0))
            chips = "".join(
                f'<li>{_e(e.get("name"))} <span class="muted small">{_e(e.get("mentions") or "")}</span></li>'
                for e in ents
            )
            blocks.append(f'<h3>{_e(label)}</h3><ul class="chips">{chips}</ul>')
        body = "".join(blocks) or '<p class="empty">No people or organisations found.</p>'
        return f'<section id="entities"><h2>People &amp; organisations</h2>{body}</section>'

    def _entity_card(self, ent: dict) -> str:
        name = ent.get("name")
        aliases = [a for a in ent.get("aliases") or [] if a and a != name]
        aka = f'<p class="aka">also: {_e(", ".join(map(str, aliases)))}</p>' if aliases else ""
        roles = []
        for role in ent.get("roles") or []:
            src = role.get("source") or {}
            link = self._ref_link(
                src.get("article_id"),
                src.get("char_start"),
                src.get("char_end"),
                "role",
                f"role of {name}: {role.get('role')}",
                src.get("sentence"),
            )
            roles.append(
                f'<li>{_e(role.get("role"))} <span class="cite-line">— '
                f"{_e(self._plain_byline(src.get('article_id')))}</span> {link}</li>"
            )
        roles_html = f"<ul>{''.join(roles)}</ul>" if roles else ""
        mentions = ent.get("mentions")
        count = (
            f' <span class="muted small">{_e(mentions)} mention{"s" if mentions != 1 else ""}</span>'
            if mentions
            else ""
        )
        return f'<div class="entity" id="entity-{_e(ent.get("id"))}"><h4>{_e(name)}{count}</h4>{aka}{roles_html}</div>'

    def quotes(self) -> str:
        groups: dict[tuple, list[dict]] = {}
        names: dict[tuple, str] = {}
        for q in self.doc.get("quotes") or []:
            ent = self.entities.get(str(q.get("speaker"))) if q.get("speaker") else None
            if ent is not None:
                key: tuple = ("entity", str(q.get("speaker")))
                names[key] = str(ent.get("name") or q.get("speaker_name") or q.get("speaker"))
            elif q.get("speaker_name"):
                key = ("name", " ".join(str(q["speaker_name"]).lower().split()))
                names.setdefault(key, str(q["speaker_name"]))
            else:
                key = ("unknown", "")
                names[key] = "Speaker not identified"
            groups.setdefault(key, []).append(q)
        order = sorted(groups, key=lambda k: (k[0] == "unknown", -len(groups[k]), names[k].lower()))
        blocks = []
        for key in order:
            items = []
            for q in groups[key]:
                link = self._ref_link(
                    q.get("article_id"),
                    q.get("char_start"),
                    q.get("char_end"),
                    "quote",
                    f"quote by {names[key]}",
                    expected=q.get("text"),
                    label="in context",
                )
                items.append(
                    f'<div class="quote"><p>“{_e(q.get("text"))}”</p>{self._byline(q.get("article_id"))} {link}</div>'
                )
            n = len(groups[key])
            blocks.append(
                f'<div class="speaker"><h3>{_e(names[key])} <span class="muted small">{n} quote{"s" if n != 1 else ""}'
                f"</span></h3>{''.join(items)}</div>"
            )
        body = "".join(blocks) or '<p class="empty">No quotations found.</p>'
        return f'<section id="quotes"><h2>Quotes</h2>{body}</section>'

    def figures(self) -> str:
        groups: dict[Any, list[dict]] = {}
        for c in self.doc.get("claims") or []:
            groups.setdefault(c.get("group", 0), []).append(c)
        rank = {"conflicting": 0, "corrected": 1, "consistent": 2}
        blocks: list[tuple[int, int, str]] = []
        for claims in groups.values():
            statuses = {str(c.get("status") or "consistent") for c in claims}
            status = min(statuses, key=lambda s: rank.get(s, 3))
            subject = next((c.get("subject") for c in claims if c.get("subject")), "figure")
            rows = []
            for c in claims:
                value = c.get("text") or _format_number(c.get("value"), c.get("unit"))
                st = str(c.get("status") or "consistent")
                link = self._ref_link(
                    c.get("article_id"),
                    c.get("char_start"),
                    c.get("char_end"),
                    "figure",
                    f"figure: {subject}",
                    expected=c.get("text"),
                    label="in context",
                )
                rate = f' <span class="muted small">{_e(c.get("rate"))}</span>' if c.get("rate") else ""
                rows.append(
                    f'<tr><td class="value">{_e(value)}{rate}</td>'
                    f"<td>{self._byline(c.get('article_id'))}</td>"
                    f'<td><span class="badge {_e(st)}">{_e(st)}</span></td><td>{link}</td></tr>'
                )
            blocks.append(
                (
                    rank.get(status, 3),
                    len(blocks),
                    f'<div class="figure-group {_e(status)}"><h3>{_e(subject)} '
                    f'<span class="badge {_e(status)}">{_e(status)}</span></h3>'
                    '<table class="figures"><thead><tr><th>Figure</th><th>Reported by</th><th>Status</th>'
                    "<th></th></tr></thead>"
                    f"<tbody>{''.join(rows)}</tbody></table></div>",
                )
            )
        # conflicting and corrected figures first: they are what a reader must check
        body = "".join(b for _, _, b in sorted(blocks)) or '<p class="empty">No figures reported.</p>'
        return f'<section id="figures"><h2>Figures</h2>{body}</section>'

    def articles_section(self) -> str:
        reuses = [r for r in self.doc.get("reuses") or [] if isinstance(r, dict)]
        blocks = []
        for art in self.cites.articles.values():
            blocks.append(self._article_block(art, reuses))
        body = "".join(blocks) or '<p class="empty">No articles.</p>'
        tools = (
            (
                '<p class="tools"><button type="button" id="expand-all">Expand all</button> '
                '<button type="button" id="collapse-all">Collapse all</button></p>'
            )
            if blocks
            else ""
        )
        return f'<section id="articles"><h2>Articles</h2>{tools}{body}</section>'

    def _article_link(self, article_id: Any) -> str:
        other = self.cites.article(article_id)
        if other is None:
            return f"article {_e(article_id)} (not in this story)"
        return f'<a href="#{other.anchor}">{_e(self._plain_byline(article_id))}</a>'

    def _article_block(self, art: _Article, reuses: list[dict]) -> str:
        d = art.data
        aid = str(d.get("id"))
        badges = []
        published = d.get("published")
        source = str(d.get("published_source") or ("missing" if not published else ""))
        if not published or aid in self.undated:
            badges.append('<span class="badge undated">undated</span>')
        elif source == "inferred":
            earliest, latest = d.get("published_earliest"), d.get("published_latest")
            span = "" if not earliest or earliest == latest else f": {format_date(earliest)} to {format_date(latest)}"
            grain = f"{d['published_granularity']}" if d.get("published_granularity") else ""
            badges.append(f'<span class="badge warn">date inferred ({_e(grain)}){_e(span)}</span>')
        if d.get("duplicate_of"):
            badges.append('<span class="badge dup">duplicate</span>')
        date_html = _e(format_date(published))
        date_note = _DATE_SOURCE.get(source, f"date source: {source}" if source else "")
        byline = []
        if d.get("outlet"):
            byline.append(f'<span class="outlet">{_e(d["outlet"])}</span>')
        if published:
            byline.append(f'<time datetime="{_e(published)}">{date_html}</time>')
        if date_note:
            byline.append(_e(date_note))
        notes = []
        if d.get("date_evidence"):
            notes.append(f"<li>Date evidence: {_e(d['date_evidence'])}</li>")
        if d.get("duplicate_of"):
            notes.append(f"<li>Duplicate of {self._article_link(d['duplicate_of'])}.</li>")
        for r in reuses:
            share = _percent(r.get("share"))
            paras = r.get("paragraphs")
            what = f"{_e(paras)} paragraph{'s' if paras != 1 else ''}" + (
                f" ({share} of this article)" if share else ""
            )
            if str(r.get("article_id")) == aid:
                notes.append(f"<li>Reuses {what} first published in {self._article_link(r.get('source_id'))}.</li>")
            elif str(r.get("source_id")) == aid:
                notes.append(
                    f"<li>{_e(paras)} paragraph{'s' if paras != 1 else ''} reused by "
                    f"{self._article_link(r.get('article_id'))}.</li>"
                )
        href = _safe_href(d.get("url"))
        if href:
            notes.append(f'<li>Original: <a href="{_e(href)}" rel="noopener noreferrer">{_e(href)}</a></li>')
        elif d.get("url"):
            notes.append(f"<li>Original: {_e(d['url'])}</li>")
        if d.get("path"):
            notes.append(f"<li>File: <code>{_e(d['path'])}</code></li>")
        notes.append(f"<li>Article id: <code>{_e(aid)}</code></li>")
        if art.text is None:
            text_html = '<p class="empty">Full text not included in this document.</p>'
        else:
            text_html = f'<div class="article-text">{_highlight(art.text, art.spans.values())}</div>'
        return (
            f'<details class="article" id="{art.anchor}"><summary>'
            f"<h3>{_e(d.get('title') or '(untitled)')}</h3> {' '.join(badges)}"
            f'<span class="cite-line">{" · ".join(byline)}</span></summary>'
            f'<div class="article-body"><ul class="article-notes">{"".join(notes)}</ul>{text_html}</div></details>'
        )

    def render(self) -> str:
        # Sections that cite are rendered before the articles so every mark is registered.
        summary = self.summary()
        timeline = self.timeline()
        entities = self.entities_section()
        quotes = self.quotes()
        figures = self.figures()
        articles = self.articles_section()
        counts = {
            "summary": len(self.doc.get("summary") or []),
            "timeline": len(self.doc.get("timeline") or []),
            "entities": len(self.entities),
            "quotes": len(self.doc.get("quotes") or []),
            "figures": len(self.doc.get("claims") or []),
            "articles": len(self.articles),
        }
        script = _template("story.js")
        schema = self.doc.get("schema") or "unknown schema"
        return (
            _head(str(self.story.get("title") or "Story") + " · storyline", script, self.app_script)
            + "<body>\n"
            + self.header()
            + self.nav(counts)
            + '<main class="wrap">'
            + summary
            + timeline
            + entities
            + quotes
            + figures
            + articles
            + "</main>"
            + f'<footer><div class="wrap">Generated by storyline ({_e(schema)}). Every statement links to the '
            "sentence it comes from; highlighted passages in the articles are the cited words.</div></footer>\n"
            + '<button type="button" id="back" hidden>↩ Back</button>\n'
            + f"<script>{script}</script>\n</body>\n</html>\n"
        )


def _format_number(value: Any, unit: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return (
        f"{value:,}" + (f" {unit}" if unit else "")
        if isinstance(value, (int, float))
        else f"{value} {unit or ''}".strip()
    )


def _percent(share: Any) -> str:
    if isinstance(share, (int, float)) and not isinstance(share, bool):
        return f"{share * 100:.0f}%" if share <= 1 else f"{share:.0f}%"
    return ""


def render_story_html(doc: dict, app_script: str | None = None) -> str:
    """One self-contained HTML page for a story.json document.

    Parameters
    ----------
    doc : dict
        A ``storyline/1`` story document (articles must carry ``text`` for the cited
        sentences to be shown in context).
    app_script : str, optional
        Path of a same-origin script that ``storyline serve`` adds (its live-update marker).

    Returns
    -------
    str
        The page; it loads nothing from the network and runs from ``file://``.
    """
    return _Page(doc, app_script).render()


def _index_entry(item: dict) -> dict:
    """Accept either a full story.json document or a summary row."""
    if isinstance(item.get("story"), dict):
        story = item["story"]
        return {
            "id": story.get("id"),
            "title": story.get("title"),
            "size": len(story.get("article_ids") or item.get("articles") or []),
            "first_published": story.get("first_published"),
            "last_published": story.get("last_published"),
            "href": item.get("href"),
        }
    size = item.get("size")
    if size is None:
        size = item.get("articles") if isinstance(item.get("articles"), int) else len(item.get("article_ids") or [])
    return {
        "id": item.get("id"),
        "title": item.get("title"),
        "size": size,
        "first_published": item.get("first_published") or item.get("first"),
        "last_published": item.get("last_published") or item.get("last"),
        "href": item.get("href"),
    }


def render_index_html(stories: list[dict], title: str = "Stories") -> str:
    """An index page linking each story's page (``stories/<id>/index.html`` unless ``href`` given).

    Each item is a story.json document or a row ``{"id", "title", "size",
    "first_published", "last_published", "href"?}``.  Stories are listed newest first.
    """
    rows = [_index_entry(s) for s in stories]
    rows.sort(key=lambda r: (str(r.get("last_published") or ""), r.get("size") or 0), reverse=True)
    items = []
    for r in rows:
        href = r.get("href") or f"stories/{quote(str(r.get('id')), safe='')}/index.html"
        first, last = r.get("first_published"), r.get("last_published")
        if first and last and first != last:
            span = f"{_e(format_date(first))} – {_e(format_date(last))}"
        else:
            span = _e(format_date(first or last)) or "undated"
        size = r.get("size") or 0
        items.append(
            f'<li><a class="title" href="{_e(href)}">{_e(r.get("title") or r.get("id"))}</a>'
            f'<div class="cite-line">{span} · {_e(size)} article{"s" if size != 1 else ""} · '
            f"<code>{_e(r.get('id'))}</code></div></li>"
        )
    body = f'<ul class="stories">{"".join(items)}</ul>' if items else '<p class="empty">No stories.</p>'
    n = len(rows)
    return (
        _head(f"{title} · storyline", None) + "<body>\n"
        f'<header class="story"><div class="wrap"><p class="kicker">storyline</p><h1>{_e(title)}</h1>'
        f'<p class="meta">{n} stor{"ies" if n != 1 else "y"}</p></div></header>'
        f'<main class="wrap"><section>{body}</section></main>'
        '<footer><div class="wrap">Generated by storyline.</div></footer>\n</body>\n</html>\n'
    )


def app_page_head(title: str, app_script: str) -> str:
    """The head (styles, policy) of a page ``storyline serve`` builds itself, with its one script."""
    return _head(title, None, app_script)
