"""A build killed with SIGKILL at random moments: the store keeps each article once, and the next
build gives the stories of an uninterrupted build.

Bounded for CI (``STORYLINE_CRASH_TRIALS``, default 3 kills); raise it to try more moments.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storyline.pipeline import build
from storyline.store import Store

TRIALS = int(os.environ.get("STORYLINE_CRASH_TRIALS", "3"))

TOPICS = {
    "bridge": "The Tarn bridge in Maplebrook stays closed while engineers mend {n} cracked girders, the council said.",
    "orchard": "Frost destroyed apple blossom in {n} orchards south of Kellerton, growers told the ministry.",
    "ferry": "The Holmvik ferry ran {n} hours late because the harbour crane broke again, the operator said.",
}


def _corpus(folder: Path) -> None:
    folder.mkdir()
    for topic, sentence in TOPICS.items():
        for n in range(8):
            body = "\n\n".join(sentence.format(n=n + k) for k in range(6))
            (folder / f"{topic}-{n}.txt").write_text(f" date 2024-03-{n + 2:02d}\n{body}\n", encoding="utf-8")


def _partition(out: Path) -> set[frozenset[str]]:
    store = Store.open(out / "storyline.db")
    try:
        return {frozenset(ids) for ids in store.story_members().values()}
    finally:
        store.close()


def _stored_articles(out: Path) -> list[str]:
    store = Store.open(out / "storyline.db")
    try:
        return [a.article.id for a in store.load_annotated()]
    finally:
        store.close()


def _wait_for_stored(db: Path, count: int, running: subprocess.Popen) -> None:
    """Return once the running build has stored ``count`` articles (or has ended)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and running.poll() is None:
        if db.exists():
            try:
                with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.1) as reader:
                    if reader.execute("SELECT count(*) FROM articles").fetchone()[0] >= count:
                        return
            except sqlite3.Error:
                pass  # the table is not made yet
        time.sleep(0.005)


@pytest.mark.slow
def test_a_build_killed_at_random_moments_loses_and_doubles_nothing(tmp_path, resources):
    inputs = tmp_path / "in"
    _corpus(inputs)
    reference = build([str(inputs)], tmp_path / "reference", resources=resources)
    expected = _partition(tmp_path / "reference")
    assert len(reference.added) == 24 and len(expected) >= 2
    storyline = Path(sys.executable).with_name("storyline")
    moments = random.Random(34)
    at_kill: list[int | None] = []  # articles stored when each kill landed (None: before the store existed)
    for trial in range(TRIALS):
        out = tmp_path / f"killed-{trial}"
        running = subprocess.Popen(
            [str(storyline), "build", str(inputs), "-o", str(out), "--quiet"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if trial % 2:  # at a random moment of the whole run
            time.sleep(moments.uniform(1.0, 8.0))
        else:  # while it annotates: once a random number of articles is stored
            _wait_for_stored(out / "storyline.db", moments.randint(1, 23), running)
        running.send_signal(signal.SIGKILL)
        running.wait()
        at_kill.append(len(_stored_articles(out)) if (out / "storyline.db").exists() else None)
        rerun = build([str(inputs)], out, resources=resources)
        stored = _stored_articles(out)
        assert len(stored) == len(set(stored)) == 24
        assert len(rerun.added) + rerun.reused == 24
        assert _partition(out) == expected
        members = [a for story in _partition(out) for a in story]
        assert len(members) == len(set(members)) == 24  # each article in exactly one story
        for story_id in {p.name for p in (out / "stories").iterdir()}:
            assert (out / "stories" / story_id / "story.json").is_file()
    print(f"kill -9 trials: {TRIALS}; articles stored at each kill: {at_kill}; lost or doubled after the rerun: 0")
