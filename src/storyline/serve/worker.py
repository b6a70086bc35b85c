"""The ingest worker: builds what waits in the inbox with ``pipeline.build``, one batch at a time.

It runs in its own process (``storyline serve`` starts one; ``storyline watch`` is one), so
annotation never holds up the web server's requests.  After each build it indexes the new
articles for search, logs the stories that changed (the event stream reads that log) and only
then removes the built submissions from the inbox.  One worker per output folder (a file lock).
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from storyline.config import ServeSettings, Settings
from storyline.errors import StorylineError
from storyline.pipeline import BuildReport, build
from storyline.resources import Resources
from storyline.serve import inbox
from storyline.serve.state import ServeState
from storyline.store import Store

#: submissions built together at most, so one build (and the wait for its articles) stays short
MAX_BATCH = 64
LOCK_NAME = ".worker.lock"


def open_store(out: Path, store_url: str | None) -> Store:
    return Store.open(store_url or out / "storyline.db")


def _story_ids(path: Path) -> list[str]:
    try:
        ids: list[str] = json.loads((path / "story.json").read_text(encoding="utf-8"))["story"]["article_ids"]
        return ids
    except (OSError, ValueError, KeyError, TypeError):
        return []


def build_pending(
    out: Path,
    settings: Settings,
    resources: Resources,
    state: ServeState,
    store_url: str | None = None,
    log: Callable[[str], None] = print,
) -> BuildReport | None:
    """Build one batch of waiting submissions; None when the inbox is empty."""
    folders = inbox.pending(out)[:MAX_BATCH]
    if not folders:
        return None
    report = build([str(f) for f in folders], out, settings, resources=resources, processes=1, store_url=store_url)
    store = open_store(out, store_url)
    try:
        state.index_articles(store, [a.id for a in report.added])
    finally:
        store.close()
    added = {a.id for a in report.added}
    for change in report.changes:
        state.log_change(
            change.story_id, change.title, change.created, [i for i in _story_ids(change.path) if i in added]
        )
    for skipped in report.skipped:
        log(f"skipped {skipped.source}: {skipped.reason}")
    inbox.remove(folders)
    return report


def hold_lock(out: Path) -> TextIO:
    """The worker's lock on OUT: a second worker on the same folder is refused with a named error."""
    folder = inbox.inbox_dir(out)
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / LOCK_NAME, "w")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StorylineError(
            "E110", f"Another storyline worker is building into {out}.", "Stop it first, or serve a different folder."
        ) from None
    return handle


def run(
    out: Path,
    settings: Settings,
    serve: ServeSettings,
    store_url: str | None = None,
    stop: threading.Event | None = None,
    parent_pid: int | None = None,
    sources: list[str] | None = None,
    log: Callable[[str], None] = print,
) -> None:
    """Build the inbox until ``stop`` is set (or the parent process is gone); watch ``sources`` too."""
    from storyline.serve.watch import Watcher

    stop = stop or threading.Event()
    lock = hold_lock(out)
    inbox.drop_partial(out)
    state = ServeState(out, store_url)
    resources = Resources(settings.model)
    store = open_store(out, store_url)
    try:
        state.catch_up(store)
    finally:
        store.close()
    # always running: besides ``sources``, the watcher takes up those added over HTTP at any time
    watcher = Watcher(out, sources or [], serve, log=log)
    threading.Thread(target=watcher.run, args=(stop,), name="storyline-watch", daemon=True).start()
    resources.nlp  # noqa: B018 - load the model before the first submission waits for it
    log(f"storyline worker ready on {out}")
    try:
        while not stop.is_set():
            if parent_pid is not None and os.getppid() != parent_pid:
                break  # the server is gone: stop rather than build for nobody
            try:
                report = build_pending(out, settings, resources, state, store_url, log)
            except StorylineError as error:
                log(f"error [{error.code}] {error.message}")
                report = None
                stop.wait(serve.error_pause)
            if report is None:
                stop.wait(serve.inbox_poll)
            else:
                log(f"built {len(report.added)} new articles, {len(report.changes)} stories changed")
    finally:
        stop.set()
        state.close()
        lock.close()


def main(argv: list[str]) -> int:
    """``python -m storyline.serve.worker OUT [--model M] [--store URL] [--parent PID] [--watch SOURCE]...``"""
    import argparse

    parser = argparse.ArgumentParser(prog="storyline-worker")
    parser.add_argument("out", type=Path)
    parser.add_argument("--model")
    parser.add_argument("--store")
    parser.add_argument("--parent", type=int)
    parser.add_argument("--watch", action="append", default=[])
    args = parser.parse_args(argv)
    from threadpoolctl import threadpool_limits

    from storyline.annotate.lasting_heap import keep_freed_memory

    keep_freed_memory()
    threadpool_limits(1, user_api="blas")  # one core for annotation; the other stays the web server's

    def log(message: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)

    try:
        run(
            args.out,
            Settings(model=args.model),
            ServeSettings(),
            args.store,
            parent_pid=args.parent,
            sources=args.watch,
            log=log,
        )
    except StorylineError as error:
        log(f"error [{error.code}] {error.message} {error.hint}")
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
