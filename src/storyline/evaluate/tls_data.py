"""Timeline17 as the news-tls protocol sees it, read in place from ``../shared/data/tls``.

Topics are formed as news-tls forms them from the original release's source folders (bpoil = 5
folders, h1n1 = 3, libya = 2, syria = 2, one each for the others).  Gold timelines and keywords
come from the news-tls layout (``t17/<topic>/timelines.jsonl``, ``keywords.json``).  Raw articles
come from ``timeline17_original/<folder>/InputDocs/<pub-date>/<file>``; the publication date is the
folder name.  Article ids include the source folder, so equal file names of two publishers on one
day stay distinct (tilse issue #5).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path

from storyline.errors import StorylineError
from storyline.model import Article

#: news-tls topic → the original Timeline17 source folders merged into it
T17_TOPICS: dict[str, tuple[str, ...]] = {
    "bpoil": ("bpoil_bbc", "bpoil_foxnews", "bpoil_guardian", "bpoil_reuters", "bpoil_washingtonpost"),
    "egypt": ("EgyptianProtest_cnn",),
    "finan": ("Finan_washingtonpost",),
    "h1n1": ("H1N1_bbc", "H1N1_guardian", "H1N1_reuters"),
    "haiti": ("haiti_bbc",),
    "iraq": ("IraqWar_guardian",),
    "libya": ("LibyaWar_cnn", "LibyaWar_reuters"),
    "mj": ("MJ_bbc",),
    "syria": ("SyrianCrisis_bbc", "SyrianCrisis_reuters"),
}

#: PTB bracket and quote tokens, written back as the characters they stand for
_PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}

GoldTimeline = dict[dt.date, list[str]]


@dataclass
class Topic:
    name: str
    keywords: tuple[str, ...]
    timelines: list[GoldTimeline]
    folders: tuple[str, ...]


def _require(path: Path, what: str) -> Path:
    if not path.exists():
        raise StorylineError(
            "E302",
            f"{what} not found at {path}.",
            "Pass --data-root pointing at the folder that holds t17/ and timeline17_original/.",
        )
    return path


def load_topics(data_root: Path, layout: dict[str, tuple[str, ...]] | None = None) -> list[Topic]:
    """The nine T17 topics with keywords and gold timelines (19 in all), in name order."""
    topics = []
    for name, folders in (layout or T17_TOPICS).items():
        folder = _require(data_root / "t17" / name, f"T17 topic {name!r}")
        keywords = tuple(json.loads((folder / "keywords.json").read_text()))
        timelines = []
        for line in (folder / "timelines.jsonl").read_text().splitlines():
            if not line.strip():
                continue
            timeline: GoldTimeline = {}
            for stamp, sentences in json.loads(line):
                timeline[dt.date.fromisoformat(stamp[:10])] = [s.strip() for s in sentences]
            timelines.append(timeline)
        topics.append(Topic(name, keywords, timelines, folders))
    return topics


def untokenize_ptb(line: str) -> str:
    """Replace PTB bracket/quote tokens by their characters; the tokenization itself is kept."""
    return " ".join(_PTB.get(tok, tok) for tok in line.split())


def read_article(path: Path, folder: str, published: dt.date) -> Article | None:
    """One InputDocs file (a sentence per line) as an Article; None when the file is empty."""
    lines = [untokenize_ptb(line) for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        return None
    return Article(
        id=f"{folder}/{published.isoformat()}/{path.name.split('.')[0]}",
        text="\n".join(lines),
        published=published,
        published_source="metadata",
        path=str(path),
        outlet=folder.split("_", 1)[-1],
    )


def load_articles(data_root: Path, topic: Topic) -> list[Article]:
    """All raw articles of a topic, ordered by publication date then id."""
    articles = []
    for folder in topic.folders:
        inputs = _require(data_root / "timeline17_original" / folder / "InputDocs", f"InputDocs of {folder}")
        for day in sorted(p for p in inputs.iterdir() if p.is_dir()):
            try:
                published = dt.date.fromisoformat(day.name)
            except ValueError:
                continue
            for path in sorted(day.iterdir()):
                if path.is_file() and not path.name.startswith("."):
                    article = read_article(path, folder, published)
                    if article:
                        articles.append(article)
    articles.sort(key=lambda a: (a.published, a.id))
    return articles
