"""The build command as a user runs it: exit codes, skipped inputs, incremental builds."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from storyline.cli import app
from storyline.outdir import OutputFolder
from storyline.pipeline import build

from conftest import EXAMPLES, fail_tagger_on

runner = CliRunner()

GOOD = (
    " date 2024-05-02\n"
    "The Brackenford council voted on Thursday to close the old swing bridge for repairs.\n\n"
    "Engineers said the work will begin on Monday and last six weeks.\n"
)


def test_bad_usage_exits_2(tmp_path):
    result = runner.invoke(app, ["build", str(tmp_path)])  # no -o
    assert result.exit_code == 2


def test_nothing_usable_exits_1_and_names_each_input(tmp_path):
    (tmp_path / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes("Caf\xe9 ferm\xe9".encode("latin-1"))
    (tmp_path / "empty.txt").write_text("   \n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(tmp_path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    for name in ("broken.jsonl", "latin1.txt", "empty.txt"):
        assert name in result.output
    assert "3 skipped" in result.output


def test_bad_inputs_are_skipped_and_the_rest_is_built(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "mixed.jsonl").write_text(
        json.dumps({"text": "The bridge reopened on Friday after a week of work.", "date": "2024-05-20"})
        + "\n{broken line\n",
        encoding="utf-8",
    )
    (inputs / "bad.txt").write_bytes(b"\xff\xfe\x00bad")
    report = build([str(inputs)], tmp_path / "out", resources=resources)
    assert len(report.added) == 2
    reasons = {Path(s.source).name.split("#")[0]: s.reason for s in report.skipped}
    assert set(reasons) == {"mixed.jsonl", "bad.txt"}
    assert "line 2" in reasons["mixed.jsonl"]
    story = json.loads((tmp_path / "out" / "story.json").read_text())
    assert {e["date"] for e in story["timeline"]} >= {"2024-05-02", "2024-05-06"}


def test_a_second_build_annotates_only_new_articles(tmp_path, resources):
    out = tmp_path / "out"
    files = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".txt", ".md"))
    first = build([str(f) for f in files[:2]], out, resources=resources)
    assert len(first.added) == 2
    second = build([str(f) for f in files], out, resources=resources)
    assert second.reused == 2
    assert len(second.added) == len(files) - 2
    third = build([str(f) for f in files], out, resources=resources)
    assert third.added == [] and third.reused == len(files)
    story = json.loads((out / "story.json").read_text())
    assert len(story["articles"]) == len(files)


def test_stories_command_lists_the_built_story(tmp_path, resources):
    out = tmp_path / "out"
    (tmp_path / "a.txt").write_text(GOOD, encoding="utf-8")
    build([str(tmp_path / "a.txt")], out, resources=resources)
    result = runner.invoke(app, ["stories", str(out)])
    assert result.exit_code == 0
    assert "2024-05-02" in result.output


def test_help_teaches_the_first_command():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "storyline build" in result.output


def test_an_annotator_failure_skips_that_article_only(tmp_path, resources, monkeypatch):
    fail_tagger_on(monkeypatch, "bridge")
    (tmp_path / "a.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.txt").write_text(
        " date 2024-05-03\nThe harbour master retired on Friday after 30 years.\n", encoding="utf-8"
    )
    report = build([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")], tmp_path / "out", resources=resources)
    assert [Path(a.path).name for a in report.added] == ["b.txt"]
    (skipped,) = report.skipped
    assert skipped.source.endswith("a.txt") and "temporal annotator failed" in skipped.reason


def test_articles_stored_before_a_crash_are_grouped_by_the_next_build(tmp_path, resources, monkeypatch):
    from storyline import pipeline

    files = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".txt", ".md"))
    out = tmp_path / "out"

    def crash(self, articles):
        raise KeyboardInterrupt("simulated crash after annotation")

    with monkeypatch.context() as patch:
        patch.setattr(pipeline.StoryGrouper, "add", crash)
        try:
            build([str(f) for f in files[:2]], out, resources=resources)
        except KeyboardInterrupt:
            pass
    report = build([str(f) for f in files[:3]], out, resources=resources)
    assert report.reused == 2 and len(report.added) == 1  # the stored annotations survived the crash
    story = json.loads((out / "story.json").read_text())
    assert len(story["articles"]) == 3  # and the stranded two were grouped with the new one


def test_a_new_dates_file_reannotates_the_articles_it_dates(tmp_path, resources):

    (tmp_path / "plain.txt").write_text("The council voted on Monday to close the bridge.\n", encoding="utf-8")
    (tmp_path / "dates.csv").write_text("file,published\nplain.txt,2024-05-08\n", encoding="utf-8")
    out = tmp_path / "out"
    first = build([str(tmp_path / "plain.txt")], out, resources=resources)
    assert first.added[0].published is None
    again = build([str(tmp_path / "plain.txt")], out, resources=resources)
    assert again.added == [] and again.reused == 1
    dated = build([str(tmp_path / "plain.txt")], out, resources=resources, dates=tmp_path / "dates.csv")
    assert len(dated.added) == 1 and dated.added[0].published_source == "sidecar"
    story = json.loads((out / "story.json").read_text())
    assert any(e["date"] == "2024-05-06" for e in story["timeline"])


CRASH_ARTICLES = {
    "one.txt": " date 2024-06-03\nThe Lowmoor council voted on Monday to close the ferry terminal at the end of June.\n",
    "two.txt": " date 2024-06-05\nFerry workers marched to the Lowmoor council on Wednesday against the terminal closure.\n",
    "three.txt": " date 2024-06-10\nThe Lowmoor council delayed the ferry terminal closure on Monday after the workers' march.\n",
}


def _write_articles(folder: Path, names: list[str]) -> list[str]:
    folder.mkdir(exist_ok=True)
    for name in names:
        (folder / name).write_text(CRASH_ARTICLES[name], encoding="utf-8")
    return [str(folder / name) for name in names]


def test_a_crash_while_rendering_is_repaired_by_the_next_build(tmp_path, resources, monkeypatch):
    from storyline import pipeline
    from storyline.config import GroupSettings, Settings
    from storyline.store import Store

    settings = Settings(group=GroupSettings(single_story=True))
    out = tmp_path / "out"
    build(_write_articles(tmp_path / "in", ["one.txt", "two.txt"]), out, settings, resources=resources)

    def crash(files, folder):
        raise KeyboardInterrupt("simulated crash while writing a story's files")

    inputs = _write_articles(tmp_path / "in", ["one.txt", "two.txt", "three.txt"])
    with monkeypatch.context() as patch:
        patch.setattr(pipeline, "write_rendered", crash)
        try:
            build(inputs, out, settings, resources=resources)
        except KeyboardInterrupt:
            pass
    report = build(inputs, out, settings, resources=resources)
    assert report.added == [] and report.reused == 3
    assert len(report.changes) == 1  # the stale story is rendered again
    story = json.loads((out / "story.json").read_text())
    assert len(story["story"]["article_ids"]) == 3
    store = Store.open(out / "storyline.db")
    try:
        assert [s["size"] for s in store.stories()] == [3]
    finally:
        store.close()


def test_a_stored_story_no_longer_in_the_grouping_is_dropped_by_the_next_build(tmp_path, resources):
    from storyline.model import Story
    from storyline.store import Store

    out = tmp_path / "out"
    inputs = _write_articles(tmp_path / "in", ["one.txt"])
    build(inputs, out, resources=resources)
    # what a crash between the grouper commit and dropping an absorbed story leaves behind
    store = Store.open(out / "storyline.db")
    try:
        store.save_story(Story(id="absorbed", article_ids=["gone"]), "An absorbed story", None, None)
    finally:
        store.close()
    (out / "stories" / "absorbed").mkdir()
    (out / "stories" / "absorbed" / "story.json").write_text("{}", encoding="utf-8")
    folder = OutputFolder(out)  # written by the crashed build, so listed in its manifest
    folder.load()
    folder.wrote([out / "stories" / "absorbed" / "story.json"])
    folder.flush()

    build(inputs, out, resources=resources)
    listed = json.loads((out / "stories.json").read_text())["stories"]
    assert "absorbed" not in {s["id"] for s in listed} and len(listed) == 1
    assert not (out / "stories" / "absorbed").exists()


def test_members_annotated_by_an_older_version_are_annotated_again_when_their_story_is(tmp_path, resources):
    import sqlite3

    from storyline.annotate import ANNOTATION_VERSION
    from storyline.config import GroupSettings, Settings
    from storyline.store import Store

    settings = Settings(group=GroupSettings(single_story=True))
    out = tmp_path / "out"
    build(_write_articles(tmp_path / "in", ["one.txt", "two.txt"]), out, settings, resources=resources)
    # as an older annotator left them: another version, and nothing found in the text
    db = sqlite3.connect(out / "storyline.db")
    db.execute("UPDATE annotations SET version = 'older', data = '{}'")
    db.commit()
    db.close()

    report = build(_write_articles(tmp_path / "in", ["three.txt"]), out, settings, resources=resources)
    store = Store.open(out / "storyline.db")
    try:
        assert len(store.annotated_ids(ANNOTATION_VERSION)) == 3
    finally:
        store.close()
    story = json.loads((out / "story.json").read_text())
    cited = {s["article_id"] for e in story["timeline"] for s in e["sources"]}
    assert len(cited) == 3  # the old members' sentences are read again, not left empty
    assert len(report.added) == 1 and report.reannotated == 2
