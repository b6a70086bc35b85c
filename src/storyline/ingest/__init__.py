"""Ingest: turn files, folders and globs into ``Article`` objects.

One reader per format (``text``, ``jsonl``, ``html``, ``feeds``, ``warc``); ``dates`` holds the
publication-date logic shared by all of them.  A file that cannot be read is recorded as
skipped with its reason, and the rest goes on.
"""

from __future__ import annotations

import datetime as dt
import glob
from collections.abc import Callable, Iterable
from pathlib import Path

from storyline.errors import InputError
from storyline.ingest import feeds, html, jsonl, text, warc
from storyline.ingest.dates import PUBLISHED_YEARS, SidecarDates, apply_sidecar, date_from_url
from storyline.ingest.ids import RawArticle, to_article
from storyline.model import Article, IngestResult, SkippedInput

#: file suffix → reader.  Each reader takes a path and returns raw articles.
READERS: dict[str, Callable[[Path], list[RawArticle]]] = {
    ".txt": text.read,
    ".md": text.read,
    ".text": text.read,
    ".jsonl": jsonl.read,
    ".ndjson": jsonl.read,
    ".html": html.read,
    ".htm": html.read,
    ".xml": feeds.read,
    ".rss": feeds.read,
    ".atom": feeds.read,
    ".warc": warc.read,
}


def expand_inputs(
    specs: Iterable[str], exclude: Path | None = None, inbox: Path | None = None
) -> tuple[list[Path], list[SkippedInput]]:
    """Expand files, folders (recursively) and globs into readable files, in a stable order.

    In a folder or a glob's matches, hidden files, ``.csv`` side files and ``README.*`` are not
    articles and are passed over (a folder also skips suffixes no reader knows); a file named
    explicitly is always read.  Nothing inside ``exclude`` (the output folder) is ever read: a
    build never takes its own outputs for articles.  ``inbox`` (inside it: articles waiting to be
    built, which ``storyline serve`` writes) is the exception.
    """
    files: list[Path] = []
    skipped: list[SkippedInput] = []
    specs = list(specs)
    specs_named = set(specs)
    for spec in specs:
        path = Path(spec)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and _is_input(p))
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            matches = sorted(Path(m) for m in glob.glob(spec, recursive=True))
            matches = [m for m in matches if m.is_file() and not _is_support_file(m)]
            if matches:
                files.extend(matches)
            else:
                skipped.append(SkippedInput(spec, "no such file, folder or glob match"))
    seen: set[Path] = set()
    unique = []
    outside = exclude.resolve() if exclude is not None else None
    waiting = inbox.resolve() if inbox is not None else None
    for f in files:
        key = f.resolve()
        if outside is not None and key.is_relative_to(outside) and not (waiting and key.is_relative_to(waiting)):
            if str(f) in specs_named:
                skipped.append(SkippedInput(str(f), "it is inside the output folder (storyline's own outputs)"))
            continue
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique, skipped


def _where(raw: RawArticle) -> str:
    """The file a record came from, with the record's own id when its origin is one (a JSONL ``id``)."""
    if raw.path is None or raw.origin.startswith(raw.path):
        return raw.origin
    return f"{raw.path} (id {raw.origin})"


def _plausible(date: dt.date) -> bool:
    return PUBLISHED_YEARS[0] <= date.year <= PUBLISHED_YEARS[1]


def _is_support_file(path: Path) -> bool:
    """Files that sit beside articles without being one: side files, notes, hidden files."""
    name = path.name
    return name.startswith(".") or name.lower().endswith(".csv") or name.upper().startswith("README.")


def _is_input(path: Path) -> bool:
    if _is_support_file(path):
        return False
    return path.suffix.lower() in READERS or path.name.endswith(".htm.txt") or warc.is_warc(path)


def read_file(path: Path) -> list[RawArticle]:
    """Read one file with the reader its suffix names (plain text when unknown)."""
    reader = warc.read if warc.is_warc(path) else READERS.get(path.suffix.lower(), text.read)
    return reader(path)


def ingest(
    specs: Iterable[str],
    sidecar: SidecarDates | None = None,
    on_file: Callable[[Path], None] | None = None,
    exclude: Path | None = None,
    inbox: Path | None = None,
) -> IngestResult:
    """Read every input into articles (none inside ``exclude``); record (never raise for) the ones that fail."""
    files, skipped = expand_inputs(specs, exclude, inbox)
    result = ingest_files(files, sidecar, on_file)
    return IngestResult(articles=result.articles, skipped=skipped + result.skipped)


def ingest_files(
    files: Iterable[Path],
    sidecar: SidecarDates | None = None,
    on_file: Callable[[Path], None] | None = None,
    read: Callable[[Path], Iterable[RawArticle]] = read_file,
) -> IngestResult:
    """Read the given files (``read`` may take a part of one, as a worker reading a WARC's record range)."""
    skipped: list[SkippedInput] = []
    articles: list[Article] = []
    seen_ids: dict[str, str] = {}  # article id → the origin it was first read from
    for path in files:
        if on_file:
            on_file(path)
        try:
            raws = list(read(path))
        except InputError as err:
            skipped.append(SkippedInput(str(path), err.message))
            continue
        except (OSError, UnicodeDecodeError, ValueError) as err:
            skipped.append(SkippedInput(str(path), f"{type(err).__name__}: {err}"))
            continue
        except Exception as err:  # noqa: BLE001 - a reader tripped on odd input: name it, read the rest
            skipped.append(
                SkippedInput(
                    str(path),
                    f"the {path.suffix or 'text'} reader failed on it "
                    f"({type(err).__name__}: {str(err)[:200]}); please report this with the file",
                )
            )
            continue
        if not raws:
            skipped.append(SkippedInput(str(path), "it holds no articles"))
        for raw in raws:
            if raw.error:
                skipped.append(SkippedInput(raw.origin, raw.error))
                continue
            if not raw.text.strip():
                skipped.append(SkippedInput(_where(raw), "empty article: no text"))
                continue
            if sidecar is not None:
                apply_sidecar(raw, sidecar)
            if raw.published is None and raw.url:
                found = date_from_url(raw.url)
                if found:
                    raw.published, raw.published_source = found, "url"
            if raw.published is not None and not _plausible(raw.published):
                where = "the dates file" if raw.published_source == "sidecar" else f"its {raw.published_source}"
                skipped.append(
                    SkippedInput(
                        _where(raw),
                        f"[E024] its publication date {raw.published.isoformat()} "
                        f"(from {where}) is outside the years {PUBLISHED_YEARS[0]}-"
                        f"{PUBLISHED_YEARS[1]}; fix it, or give one with --dates",
                    )
                )
                continue
            article = to_article(raw)
            if article.id in seen_ids:
                if seen_ids[article.id] != raw.origin:  # another record with the same source and text
                    skipped.append(
                        SkippedInput(_where(raw), f"the same source and text as {seen_ids[article.id]}: read once")
                    )
                continue
            seen_ids[article.id] = raw.origin
            articles.append(article)
    return IngestResult(articles=articles, skipped=skipped)


__all__ = ["ingest", "ingest_files", "expand_inputs", "read_file", "SidecarDates", "READERS"]
