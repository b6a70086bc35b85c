"""Render: story.json first, then Markdown, one HTML page and TimelineJS from it.

Layout of an output folder::

    OUT/storyline.db                 the store
    OUT/stories/<story-id>/          story.json, timeline.md, index.html, timelinejs.json per story
    OUT/stories.json                 every story: id, title, size, first and last date
    OUT/story.json, timeline.md,     the largest story's outputs, so a folder that holds one
    OUT/timelinejs.json              story reads as that story
    OUT/index.html                   that story's page when there is one story, else the index of stories
"""

from __future__ import annotations

import json
from pathlib import Path

from storyline.model import StoryView
from storyline.render.html import render_index_html, render_story_html
from storyline.render.markdown import render_markdown
from storyline.render.story_json import story_document
from storyline.render.timelinejs import to_timelinejs

STORY_FILES = ("story.json", "timeline.md", "index.html", "timelinejs.json")


def _write(path: Path, text: str) -> None:
    """Write through a temporary file so a crash never leaves half a file behind."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)


def render_outputs(view: StoryView) -> tuple[dict, dict[str, str]]:
    """One story's story.json document and its four files' texts (``STORY_FILES``), written nowhere yet:
    a cluster worker renders, the build writes."""
    document = story_document(view)
    files = {
        "story.json": json.dumps(document, ensure_ascii=False, indent=1),
        "timeline.md": render_markdown(document),
        "index.html": render_story_html(document),
        "timelinejs.json": json.dumps(to_timelinejs(document), ensure_ascii=False, indent=1),
    }
    return document, files


def write_rendered(files: dict[str, str], folder: Path) -> None:
    """Write rendered files (``render_outputs``) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        _write(folder / name, text)


def write_outputs(view: StoryView, folder: Path) -> dict:
    """Write one story's four files into ``folder``; returns its story.json document."""
    document, files = render_outputs(view)
    write_rendered(files, folder)
    return document


def write_story_index(stories: list[dict], out: Path, main_id: str) -> None:
    """The folder-level files: the list of stories and the main story's outputs."""
    _write(out / "stories.json", json.dumps({"stories": stories}, ensure_ascii=False, indent=1))
    main = out / "stories" / main_id
    for name in STORY_FILES:
        if (main / name).exists():
            _write(out / name, (main / name).read_text(encoding="utf-8"))
    if len(stories) > 1:
        links = [dict(story, href=f"stories/{story['id']}/index.html") for story in stories]
        _write(out / "index.html", render_index_html(links))
