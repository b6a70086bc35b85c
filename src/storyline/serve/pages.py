"""The web app's own pages: the story index with search and filters, the API docs, not-found.

Built as strings like the static pages (render/html.py), with the same styles; every value that
comes from articles or requests is escaped.  The one script, /static/app.js, adds the live
"new since you last looked" marker.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from storyline.render.html import app_page_head, format_date


def _e(value: Any) -> str:
    return "" if value is None else escape(str(value), quote=True)


def _span(first: str | None, last: str | None) -> str:
    if first and last and first != last:
        return f"{_e(format_date(first))} – {_e(format_date(last))}"
    return _e(format_date(first or last)) or "undated"


def _story_item(story: dict[str, Any]) -> str:
    size = story.get("size") or 0
    return (
        f'<li data-id="{_e(story["id"])}" data-updated="{_e(story.get("updated_at"))}">'
        f'<a class="title" href="/stories/{quote(str(story["id"]), safe="")}">'
        f"{_e(story.get('title') or story['id'])}</a> "
        '<span class="new-badge" hidden>new</span>'
        f'<div class="cite-line">{_span(story.get("first_published"), story.get("last_published"))} · '
        f'<span class="size">{_e(size)}</span> article{"s" if size != 1 else ""} · '
        f"<code>{_e(story['id'])}</code></div></li>"
    )


def _result_item(result: dict[str, Any]) -> str:
    story_id = result.get("story_id")
    where = (
        (f'<a href="/stories/{quote(str(story_id), safe="")}">{_e(result.get("story_title") or story_id)}</a>')
        if story_id
        else "not in a story yet"
    )
    return (
        f'<li class="result"><blockquote>{_e(result["text"])}</blockquote>'
        f'<div class="cite-line">{where} · article <code>{_e(result["article_id"])}</code> · '
        f"characters {_e(result['char_start'])}–{_e(result['char_end'])}</div></li>"
    )


APP_STYLE = """<style>
.filters{display:flex;flex-wrap:wrap;gap:.5em;align-items:end;margin:1em 0}
.filters label{display:flex;flex-direction:column;font-size:.85em}
.filters input{font:inherit;padding:.3em}
.new-badge{background:#b3261e;color:#fff;border-radius:.6em;padding:0 .5em;font-size:.75em;margin-left:.4em}
#live-status{min-height:1.2em;font-size:.9em}
ul.results{list-style:none;padding:0} .result blockquote{margin:.2em 0}
</style>
"""


def _person_link(name: str) -> str:
    return f'<a href="/people/{quote(name, safe="")}">{_e(name)}</a>'


def index_page(
    stories: list[dict[str, Any]],
    q: str,
    results: list[dict[str, Any]] | None,
    date_from: str,
    date_to: str,
    min_size: str,
    problem: str | None,
    app_script: str,
    people: list[dict[str, Any]] | None = None,
) -> str:
    """The story list (newest first), a search form and, when searched, the matching sentences."""
    ordered = sorted(stories, key=lambda s: (str(s.get("last_published") or ""), s.get("size") or 0), reverse=True)
    items = "".join(_story_item(s) for s in ordered)
    found = ""
    if results is not None:
        rows = "".join(_result_item(r) for r in results)
        found = (
            f'<section id="results"><h2>Search: {_e(q)}</h2>'
            + (f'<ul class="results">{rows}</ul>' if rows else '<p class="empty">Nothing found.</p>')
            + "</section>"
        )
    if people:
        found = (
            '<section id="people"><h2>People and organisations</h2><ul>'
            + "".join(
                f"<li>{_person_link(p['name'])} · {_e(p['type'])} · {_e(p['stories'])} "
                f"stor{'ies' if p['stories'] != 1 else 'y'}, {_e(p['quotes'])} quotes</li>"
                for p in people
            )
            + "</ul></section>"
            + found
        )
    warning = f'<p class="empty" role="alert">{_e(problem)}</p>' if problem else ""
    n = len(ordered)
    return (
        app_page_head("Stories · storyline", app_script) + APP_STYLE + "<body>\n"
        '<header class="story"><div class="wrap"><p class="kicker">storyline</p><h1>Stories</h1>'
        f'<p class="meta"><span id="story-count">{n}</span> stor{"ies" if n != 1 else "y"} · '
        '<a href="/api/docs">API</a></p><p id="live-status" aria-live="polite"></p></div></header>'
        '<main class="wrap">'
        '<form class="filters" method="get" action="/" role="search">'
        f'<label>Search <input type="search" name="q" id="q" value="{_e(q)}" '
        'placeholder="words in the articles"></label>'
        f'<label>From <input type="date" name="from" value="{_e(date_from)}"></label>'
        f'<label>To <input type="date" name="to" value="{_e(date_to)}"></label>'
        f'<label>At least <input type="number" name="min_size" min="0" value="{_e(min_size)}" size="4">'
        " articles</label>"
        '<button type="submit">Search</button></form>'
        + warning
        + found
        + f'<section><h2>All stories</h2><ul class="stories" id="stories">{items}</ul>'
        + ("" if items else '<p class="empty" id="no-stories">No stories yet.</p>')
        + "</section></main>"
        '<footer><div class="wrap">storyline serve · stories update as articles arrive.</div></footer>'
        "\n</body>\n</html>\n"
    )


def person_page(record: dict[str, Any], app_script: str) -> str:
    """One person (or organisation) over every story: the stories and every quote, with its source."""
    titles = {s["story_id"]: s["title"] for s in record["stories"]}
    stories = "".join(
        f'<li><a href="/stories/{quote(str(s["story_id"]), safe="")}">{_e(s["title"] or s["story_id"])}</a>'
        f'<div class="cite-line">{_e(s["mentions"])} mentions'
        + (f" · {_e(', '.join(r for r in s['roles'] if r))}" if any(s["roles"]) else "")
        + "</div></li>"
        for s in record["stories"]
    )
    quotes = "".join(
        f'<li class="result"><blockquote>“{_e(q["text"])}”</blockquote><div class="cite-line">'
        f'<a href="/stories/{quote(str(q["story_id"]), safe="")}">{_e(titles.get(q["story_id"]) or q["story_id"])}</a>'
        f" · article <code>{_e(q['article_id'])}</code></div></li>"
        for q in record["quotes"]
    )
    aliases = f" · also {_e(', '.join(record['aliases']))}" if record["aliases"] else ""
    return (
        app_page_head(f"{record['name']} · storyline", app_script) + APP_STYLE + "<body>\n"
        f'<header class="story"><div class="wrap"><p class="kicker">{_e(record["type"])}</p>'
        f'<h1>{_e(record["name"])}</h1><p class="meta">{len(record["stories"])} stories · '
        f'{len(record["quotes"])} quotes{aliases}</p></div></header><main class="wrap">'
        f'<section><h2>Stories</h2><ul class="stories">{stories}</ul></section>'
        f"<section><h2>Quotes</h2>"
        + (f'<ul class="results">{quotes}</ul>' if quotes else '<p class="empty">No quotes.</p>')
        + "</section></main>\n</body>\n</html>\n"
    )


def not_found_page(message: str, app_script: str) -> str:
    return (
        app_page_head("Not found · storyline", app_script) + "<body>\n"
        f'<main class="wrap"><h1>Not found</h1><p>{_e(message)}</p><p><a href="/">All stories</a></p></main>'
        "\n</body>\n</html>\n"
    )


def docs_page(openapi: dict[str, Any]) -> str:
    """The API reference read from the OpenAPI description, with no script and nothing external."""
    sections = []
    for path, operations in sorted(openapi.get("paths", {}).items()):
        for method, operation in operations.items():
            params = "".join(
                f"<li><code>{_e(p.get('name'))}</code> ({_e(p.get('in'))}{', required' if p.get('required') else ''})"
                f" {_e((p.get('schema') or {}).get('description') or p.get('description') or '')}</li>"
                for p in operation.get("parameters", [])
            )
            sections.append(
                f"<section><h3><code>{_e(method.upper())} {_e(path)}</code></h3>"
                f"<p>{_e(operation.get('summary') or '')}</p>" + (f"<ul>{params}</ul>" if params else "") + "</section>"
            )
    info = openapi.get("info", {})
    return (
        app_page_head("API · storyline", "/static/app.js") + "<body>\n"
        f'<header class="story"><div class="wrap"><p class="kicker">storyline {_e(info.get("version"))}</p>'
        '<h1>HTTP API</h1><p class="meta">JSON under /api/; errors are <code>{"error": {"code", "message"}}</code>. '
        'The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a>.</p></div></header>'
        f'<main class="wrap">{"".join(sections)}</main>\n</body>\n</html>\n'
    )
