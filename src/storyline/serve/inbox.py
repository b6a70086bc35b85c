"""The durable inbox: what a POST or a watcher hands in waits here until the pipeline stored it.

Each submission is one folder ``OUT/inbox/<key>/`` holding one input file (a one-line
``article.jsonl``, an HTML page, a feed), written to a hidden temporary folder, flushed to disk
(file and folders fsynced) and renamed into place.  Only then is a POST acknowledged, so a crash
at any later point loses nothing: the ingest worker builds from the folder and removes it only
after ``pipeline.build`` has committed its articles to the store.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storyline.errors import InputError
from storyline.ingest import read_file
from storyline.ingest.dates import parse_date
from storyline.ingest.ids import to_article
from storyline.ingest.jsonl import DATE_FIELDS
from storyline.model import Article
from storyline.pipeline import INBOX as PIPELINE_INBOX

INBOX = PIPELINE_INBOX
#: the file a POSTed JSON article is written to; its name is part of the article id when the
#: article has neither a URL nor an id, so the same text posted twice gets the same id
POSTED_NAME = "article.jsonl"
#: the ids of a submission's articles, beside its file
IDS_NAME = ".ids.json"


@dataclass
class Submitted:
    key: str  # the inbox folder's name
    articles: list[Article]


def inbox_dir(out: Path) -> Path:
    return out / INBOX


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _read_articles(path: Path) -> list[Article]:
    """The articles a file holds, read by the same readers ``storyline build`` uses."""
    articles = []
    for raw in read_file(path):
        if raw.error:
            raise InputError("E101", raw.error)
        if not raw.text.strip():
            raise InputError("E102", "The article has no text.")
        articles.append(to_article(raw))
    if not articles:
        raise InputError("E103", "No article was found in the submission.")
    return articles


def submit_bytes(
    out: Path, name: str, data: bytes, key: str | None = None, keep: Callable[[list[Article]], bool] | None = None
) -> Submitted:
    """Check ``data`` reads as articles, then store it durably in the inbox; returns its articles.

    Raises ``InputError`` (nothing is kept) when it does not read as at least one article with text;
    ``keep`` may decline to keep it (e.g. every article is stored already).
    """
    key = key or hashlib.sha1(name.encode("utf-8") + b"\0" + data).hexdigest()[:20]
    inbox = inbox_dir(out)
    inbox.mkdir(parents=True, exist_ok=True)
    final = inbox / key
    temporary = inbox / f".partial-{key}-{os.getpid()}"
    shutil.rmtree(temporary, ignore_errors=True)
    temporary.mkdir()
    try:
        path = temporary / name
        with open(path, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        articles = _read_articles(path)
        # hidden, so the build's folder reader passes over it
        (temporary / IDS_NAME).write_text(json.dumps([a.id for a in articles]), encoding="utf-8")
        if final.exists() or (keep is not None and not keep(articles)):
            shutil.rmtree(temporary)
        else:
            _fsync_dir(temporary)
            os.replace(temporary, final)
            _fsync_dir(inbox)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    return Submitted(key=key, articles=articles)


def submit_record(out: Path, record: dict[str, Any], keep: Callable[[list[Article]], bool] | None = None) -> Submitted:
    """One article as in a .jsonl line; a date that is given but does not parse is refused."""
    for name in DATE_FIELDS:
        value = record.get(name)
        if value not in (None, "") and parse_date(value) is None:
            raise InputError(
                "E104",
                f"The date in {name!r} ({str(value)[:40]!r}) does not parse.",
                "Give it as YYYY-MM-DD or an ISO 8601 timestamp.",
            )
    line = json.dumps(record, ensure_ascii=False, sort_keys=True).encode("utf-8") + b"\n"
    return submit_bytes(out, POSTED_NAME, line, keep=keep)


def submit_file(out: Path, source: Path, data: bytes | None = None) -> Submitted:
    """A file found by a watcher, under its own name (so its articles keep the ids a build gives them)."""
    return submit_bytes(out, source.name, source.read_bytes() if data is None else data)


def drop_partial(out: Path) -> int:
    """Remove half-written submissions a crashed process left (never acknowledged, so nothing is lost)."""
    inbox = inbox_dir(out)
    dropped = 0
    for folder in inbox.glob(".partial-*") if inbox.exists() else []:
        pid = folder.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(folder, ignore_errors=True)
            dropped += 1
    return dropped


def pending(out: Path) -> list[Path]:
    """Inbox folders waiting to be built, oldest first."""
    inbox = inbox_dir(out)
    if not inbox.exists():
        return []
    found = []
    for folder in inbox.iterdir():
        if folder.name.startswith("."):
            continue
        try:
            found.append((folder.stat().st_mtime_ns, folder.name, folder))
        except FileNotFoundError:
            continue  # built and removed by the worker while this looked
    return [folder for _, _, folder in sorted(found)]


def pending_ids(out: Path) -> dict[str, str]:
    """Article id → inbox key of every waiting article."""
    found: dict[str, str] = {}
    for folder in pending(out):
        try:
            ids = json.loads((folder / IDS_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        found.update({str(article_id): folder.name for article_id in ids})
    return found


def remove(folders: list[Path]) -> None:
    """Drop built submissions (their articles are in the store now)."""
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
