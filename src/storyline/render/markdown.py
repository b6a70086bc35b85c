"""timeline.md: the story for people who read plain text, with every entry's sources."""

from __future__ import annotations


def _label(article: dict) -> str:
    who = article.get("outlet") or article.get("title") or article["id"]
    when = article.get("published") or "undated"
    return f"{who}, {when}"


def _md_escape(text: str) -> str:
    """Keep article text literal: Markdown and inline HTML must not be interpreted."""
    text = text.replace("\\", "\\\\")
    for char in "`*_[]<>#|":
        text = text.replace(char, "\\" + char)
    return text


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
    for entry in doc["timeline"]:
        lines.append(f"### {entry['date']}")
        lines.append("")
        lines.append(_md_escape(entry["summary"]))
        lines.append("")
        for source in entry["sources"]:
            article = articles.get(source["article_id"], {"id": source["article_id"]})
            when = f" — “{_md_escape(source['time_expression'])}”" if source.get("time_expression") else ""
            if source.get("inferred"):
                when += f" (date inferred: {_md_escape(source['inferred'])})"
            lines.append(f"- [{_md_escape(_label(article))}] chars {source['char_start']}–{source['char_end']}{when}: "
                         f"{_md_escape(source['sentence'])}")
        lines.append("")
    undated = doc.get("undated_articles") or []
    if undated:
        lines += ["## Undated articles", "",
                  "No publication date is known for these; their relative dates were left unresolved.", ""]
        for article_id in undated:
            lines.append(f"- {_md_escape(articles[article_id].get('title') or article_id)} ({article_id})")
        lines.append("")
    return "\n".join(lines)
