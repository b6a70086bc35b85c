"""timeline.md: the story for people who read plain text, with every entry's sources."""

from __future__ import annotations

import re


def _label(article: dict) -> str:
    who = article.get("outlet") or article.get("title") or article["id"]
    when = article.get("published") or "undated"
    return f"{who}, {when}"


#: characters Markdown or inline HTML may read as markup anywhere in a line ("&" opens an entity like "&lt;")
_MARKUP = re.compile(r"([\\`*_\[\]<>#|&~!])")
#: a line opening like a list item ("- ", "+ ", "1. ", "2) ") or a heading underline would stop being text
_BULLET_OPENER = re.compile(r"^([-+=])")
_NUMBER_OPENER = re.compile(r"^(\d{1,9})([.)])")
#: a line break inside article text would end the list item or paragraph it is written in
_LINE_BREAK = re.compile(r"[ \t]*[\r\n]+\s*")


def _md_escape(text: str) -> str:
    """Article text as one line of literal Markdown text: no markup, no HTML, no blocks."""
    text = _MARKUP.sub(r"\\\1", _LINE_BREAK.sub(" ", text).strip())
    return _NUMBER_OPENER.sub(r"\1\\\2", _BULLET_OPENER.sub(r"\\\1", text))


def render_markdown(doc: dict) -> str:
    articles = {a["id"]: a for a in doc["articles"]}
    story = doc["story"]
    lines = [f"# {_md_escape(story['title'])}", ""]
    span = " – ".join(d for d in (story.get("first_published"), story.get("last_published")) if d)
    lines.append(f"{len(story['article_ids'])} articles" + (f", {span}" if span else "") + ".")
    lines.append("")
    if doc.get("summary"):
        lines += ["## So far", ""]
        lines += [f"- {_md_escape(item['text'])}" for item in doc["summary"]]
        lines.append("")
    lines += ["## Timeline", ""]
    if not doc["timeline"]:
        lines += ["No dated events.", ""]
    heading = None
    for entry in doc["timeline"]:  # in date order: the entries of one date share its heading
        if entry["date"] != heading:
            heading = entry["date"]
            lines += [f"### {heading}", ""]
        lines.append(_md_escape(entry["summary"]))
        lines.append("")
        for source in entry["sources"]:
            article = articles.get(source["article_id"], {"id": source["article_id"]})
            when = f" — “{_md_escape(source['time_expression'])}”" if source.get("time_expression") else ""
            if source.get("inferred"):
                when += f" (date inferred: {_md_escape(source['inferred'])})"
            lines.append(
                f"- [{_md_escape(_label(article))}] chars {source['char_start']}–{source['char_end']}{when}: "
                f"{_md_escape(source['sentence'])}"
            )
        lines.append("")
    undated = doc.get("undated_articles") or []
    if undated:
        lines += [
            "## Undated articles",
            "",
            "No publication date is known for these; their relative dates were left unresolved.",
            "",
        ]
        for article_id in undated:
            lines.append(f"- {_md_escape(articles[article_id].get('title') or article_id)} ({article_id})")
        lines.append("")
    return "\n".join(lines)
