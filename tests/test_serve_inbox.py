"""The durable inbox: what is acknowledged is on disk, what is refused leaves nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from storyline.errors import InputError
from storyline.ingest import ingest
from storyline.serve import inbox

RECORD = {
    "title": "Pier closes",
    "date": "2025-03-02",
    "text": "The pier at Gull Point closed on Monday for repairs, the harbour board said.",
}


def test_a_submission_is_one_folder_the_build_reads_with_the_same_article_id(tmp_path):
    submitted = inbox.submit_record(tmp_path, RECORD)
    folders = inbox.pending(tmp_path)
    assert [f.name for f in folders] == [submitted.key]
    built = ingest([str(folders[0])])  # what the worker hands to pipeline.build
    assert [a.id for a in built.articles] == [a.id for a in submitted.articles]
    assert built.articles[0].published.isoformat() == RECORD["date"]
    assert inbox.pending_ids(tmp_path) == {submitted.articles[0].id: submitted.key}


def test_the_same_article_posted_twice_has_one_id_and_one_folder(tmp_path):
    first = inbox.submit_record(tmp_path, RECORD)
    second = inbox.submit_record(tmp_path, dict(reversed(list(RECORD.items()))))
    assert first.articles[0].id == second.articles[0].id
    assert len(inbox.pending(tmp_path)) == 1


def test_a_refused_submission_leaves_nothing(tmp_path):
    for record in ({"title": "no text"}, {"text": "  "}, {"text": "Words.", "published": "31/31/2025"}):
        with pytest.raises(InputError):
            inbox.submit_record(tmp_path, record)
    assert inbox.pending(tmp_path) == []
    assert [p.name for p in inbox.inbox_dir(tmp_path).iterdir()] == []


def test_keep_can_decline_an_article_already_stored(tmp_path):
    inbox.submit_record(tmp_path, RECORD, keep=lambda articles: False)
    assert inbox.pending(tmp_path) == []


def test_half_written_folders_of_dead_processes_are_dropped(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    folder = inbox.inbox_dir(tmp_path)
    (folder / f".partial-abc-{dead.stdout.strip()}").mkdir(parents=True)
    (folder / f".partial-def-{os.getpid()}").mkdir()
    (folder / "waiting").mkdir()
    (folder / "waiting" / inbox.IDS_NAME).write_text(json.dumps(["x"]), encoding="utf-8")
    assert inbox.drop_partial(tmp_path) == 1
    assert sorted(p.name for p in folder.iterdir()) == sorted([f".partial-def-{os.getpid()}", "waiting"])
