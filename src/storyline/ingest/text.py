"""Plain-text and Markdown articles.

Two optional ways to carry metadata: a first line `` date YYYY-MM-DD`` (as crawls often
write it; the article text may go on after the date on the same line), or YAML front
matter between ``---`` lines with ``title``, ``date``, ``url``, ``outlet``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from storyline.errors import InputError
from storyline.ingest.dates import parse_date
from storyline.ingest.ids import RawArticle

_DATE_HEADER = re.compile(r"\A[ \t]*date[ \t]+(\d{4}-\d{2}-\d{2})[ \t]*\n?[ \t]*", re.IGNORECASE)
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)
#: bounds on YAML front matter: its length, and the aliases (``*name``) it may use.  An alias is a
#: reference, so a few hundred bytes of nested aliases stand for billions of values (an "alias bomb")
MAX_FRONT_MATTER_CHARS = 64_000
MAX_YAML_ALIASES = 8


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader (plain values only) that refuses more than MAX_YAML_ALIASES aliases."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self.aliases = 0

    def compose_node(self, parent: Any, index: Any) -> Any:  # PyYAML's own signature (untyped)
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_YAML_ALIASES:
                raise yaml.YAMLError(f"more than {MAX_YAML_ALIASES} aliases (*name): refused as an alias bomb")
        return super().compose_node(parent, index)


def load_front_matter(source: str, origin: str) -> dict[str, Any]:
    """The fields of YAML front matter, read with bounds (``_BoundedLoader``); a named error otherwise."""
    if len(source) > MAX_FRONT_MATTER_CHARS:
        raise InputError("E021", f"{origin}: its front matter is longer than {MAX_FRONT_MATTER_CHARS:,} characters.")
    try:
        meta = yaml.load(source, Loader=_BoundedLoader) or {}  # noqa: S506 - a SafeLoader subclass
    except (yaml.YAMLError, RecursionError) as err:
        raise InputError("E021", f"{origin}: its front matter is not valid YAML ({err}).") from err
    if not isinstance(meta, dict):
        raise InputError("E021", f"{origin}: its front matter is not a mapping of fields.")
    return meta


def decode(data: bytes, origin: str) -> str:
    """UTF-8 (with or without BOM) without NUL bytes; anything else is a named error, never mojibake."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(
            "E020",
            f"{origin} is not UTF-8 text (bad byte at offset {err.start}).",
            "Convert it with: iconv -f LATIN1 -t UTF-8",
        ) from err
    if "\x00" in text:
        raise InputError(
            "E020", f"{origin} holds NUL bytes (at offset {text.index(chr(0)):,}): a binary file, not text."
        )
    return text


def parse_text(content: str, origin: str) -> RawArticle:
    raw = RawArticle(origin=origin, path=origin)
    content = content.replace("\r\n", "\n").replace("\r", "\n")
    front = _FRONT_MATTER.match(content)
    if front:
        meta = load_front_matter(front.group(1), origin)
        content = content[front.end() :]
        raw.title = _str(meta.get("title"))
        raw.url = _str(meta.get("url") or meta.get("link"))
        raw.outlet = _str(meta.get("outlet") or meta.get("source"))
        published = parse_date(meta.get("date") or meta.get("published"))
        if published:
            raw.published, raw.published_source = published, "metadata"
    else:
        header = _DATE_HEADER.match(content)
        if header:
            raw.published = parse_date(header.group(1))
            raw.published_source = "header" if raw.published else "missing"
            content = content[header.end() :]
    raw.text = content.strip("\n").rstrip()
    return raw


def _str(value: object) -> str | None:
    """A field's text; a list or mapping where text belongs is left out (never turned into its repr)."""
    if value is None or isinstance(value, (list, dict, set, tuple)):
        return None
    return str(value).strip() or None


def read(path: Path) -> list[RawArticle]:
    content = decode(path.read_bytes(), str(path))
    return [parse_text(content, str(path))]
