"""Reading TimeML (.tml) files: the raw text, the creation time and the gold TIMEX3s.

The scorer must hand the tagger exactly the text a system sees in TempEval-3 (the content of
``<TEXT>`` with every tag removed and XML entities decoded), so offsets are computed while the
tags are stripped, in one pass, instead of parsing the XML into a tree and losing positions.

Gold kept apart from its text (``read_standoff``: TIMEX3 offsets into the articles of a JSONL file)
reads into the same documents, so that a corpus whose texts may not be copied can be annotated.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import pathlib
import re
from dataclasses import dataclass, field

_TAG_OR_TEXT = re.compile(r"<[^>]*>|[^<]+")
_ATTR = re.compile(r'([A-Za-z_:][-\w:.]*)\s*=\s*"([^"]*)"')
_TEXT_BLOCK = re.compile(r"<TEXT>(.*?)</TEXT>", re.S)
_DCT_BLOCK = re.compile(r"<DCT>(.*?)</DCT>", re.S)
_DCT_VALUE = re.compile(r'value="(\d{4}-\d{2}-\d{2})')


@dataclass
class GoldTimex:
    """One TIMEX3 from a TimeML file, with offsets into ``TimeMLDoc.text``."""

    start: int
    end: int
    text: str
    type: str
    value: str
    tid: str = ""
    mod: str | None = None


@dataclass
class TimeMLDoc:
    name: str
    text: str
    dct: dt.date | None
    timexes: list[GoldTimex] = field(default_factory=list)


def _attributes(tag: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in _ATTR.findall(tag)}


def strip_tags(marked: str) -> tuple[str, list[GoldTimex]]:
    """Text without tags, and the TIMEX3 elements found in it (offsets into that text)."""
    out: list[str] = []
    length = 0
    open_timexes: list[tuple[int, dict[str, str]]] = []
    timexes: list[GoldTimex] = []
    for match in _TAG_OR_TEXT.finditer(marked):
        piece = match.group(0)
        if not piece.startswith("<"):
            plain = html.unescape(piece)
            out.append(plain)
            length += len(plain)
            continue
        if re.match(r"<TIMEX3\b", piece):
            attrs = _attributes(piece)
            if piece.endswith("/>"):  # empty (non-consuming) timex: not scored
                continue
            open_timexes.append((length, attrs))
        elif piece.startswith("</TIMEX3") and open_timexes:
            start, attrs = open_timexes.pop()
            timexes.append(
                GoldTimex(
                    start=start,
                    end=length,
                    text="",
                    type=attrs.get("type", ""),
                    value=attrs.get("value", ""),
                    tid=attrs.get("tid", ""),
                    mod=attrs.get("mod"),
                )
            )
    text = "".join(out)
    for timex in timexes:
        timex.text = text[timex.start : timex.end]
    timexes.sort(key=lambda t: (t.start, t.end))
    return text, timexes


def read_timeml(path: pathlib.Path) -> TimeMLDoc:
    """Read one .tml file (TempEval-3, TimeBank, AQUAINT, SynTime WikiWars/Tweets layout)."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    block = _TEXT_BLOCK.search(raw)
    if not block:
        raise ValueError(f"{path}: no <TEXT> element; is this a TimeML file?")
    text, timexes = strip_tags(block.group(1))
    dct = None
    dct_block = _DCT_BLOCK.search(raw)
    if dct_block:
        value = _DCT_VALUE.search(dct_block.group(1))
        if value:
            dct = dt.date.fromisoformat(value.group(1))
    return TimeMLDoc(name=path.name, text=text, dct=dct, timexes=timexes)


def read_corpus(folder: pathlib.Path) -> list[TimeMLDoc]:
    """Every .tml file under ``folder`` (recursively), sorted by path."""
    paths = sorted(folder.rglob("*.tml"))
    if not paths:
        raise FileNotFoundError(f"No .tml files under {folder}")
    return [read_timeml(p) for p in paths]


def read_standoff(annotations: pathlib.Path, articles: pathlib.Path) -> list[TimeMLDoc]:
    """Documents from stand-off gold: one JSON line per article, ``{"id", "dct", "timexes": [{"start", "end",
    "text", "type", "value", "mod"}]}``, offsets into the ``text`` of the article with that id in ``articles``
    (a JSONL file).  Every expression's ``text`` must be what its offsets cover: an edited article fails loudly
    instead of scoring against shifted spans.
    """
    texts: dict[str, str] = {}
    with articles.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                texts[row["id"]] = row["text"]
    docs = []
    with annotations.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            text = texts.get(row["id"])
            if text is None:
                raise ValueError(f"{annotations}:{number}: article {row['id']!r} is not in {articles}")
            timexes: list[GoldTimex] = []
            for t in row["timexes"]:
                if text[t["start"] : t["end"]] != t["text"]:
                    raise ValueError(
                        f"{annotations}:{number}: {row['id']} [{t['start']}:{t['end']}] covers "
                        f"{text[t['start'] : t['end']]!r}, not {t['text']!r}: the article has changed"
                    )
                timexes.append(
                    GoldTimex(
                        start=t["start"],
                        end=t["end"],
                        text=t["text"],
                        type=t["type"],
                        value=t["value"],
                        tid=f"t{len(timexes) + 1}",
                        mod=t.get("mod"),
                    )
                )
            dct = dt.date.fromisoformat(row["dct"]) if row.get("dct") else None
            timexes.sort(key=lambda t: (t.start, t.end))
            docs.append(TimeMLDoc(name=row["id"], text=text, dct=dct, timexes=timexes))
    if not docs:
        raise FileNotFoundError(f"No annotated articles in {annotations}")
    return docs
