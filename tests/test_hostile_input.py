"""Hostile and oversized inputs: each is named and skipped or handled, the good articles beside it are stored."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storyline.annotate.nlp import paragraph_pieces
from storyline.cli import app
from storyline.config import Settings
from storyline.pipeline import build
from storyline.store import Store

runner = CliRunner()

GOOD = (
    " date 2024-05-02\n"
    "The Brackenford council voted on Thursday to close the old swing bridge for repairs.\n\n"
    "Engineers said the work will begin on Monday and last six weeks.\n"
)

SENTENCE = "The harbour crane at Holmvik broke again and the ferry waited for three hours. "


def _stored_ids(out: Path) -> set[str]:
    store = Store.open(out / "storyline.db")
    try:
        return {a.article.id for a in store.load_annotated()}
    finally:
        store.close()


def test_no_piece_is_longer_than_the_parser_takes_and_the_pieces_join_to_the_text():
    one_paragraph = SENTENCE * 1500  # 120,000 characters without a line break
    no_spaces = "x" * 70_000
    for text in (one_paragraph, no_spaces, one_paragraph + "\n\n" + no_spaces):
        pieces = paragraph_pieces(text, limit=25_000)
        assert "".join(pieces) == text
        assert max(len(p) for p in pieces) <= 25_000
    cut = paragraph_pieces(one_paragraph, limit=25_000)
    assert all(p.endswith(". ") for p in cut[:-1])  # cut after a sentence when there is one


def test_a_paragraph_longer_than_the_parser_takes_is_parsed_in_pieces(tmp_path, resources, monkeypatch):
    monkeypatch.setattr(resources.nlp, "max_length", 3000)  # spaCy's 1,000,000, scaled down
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "long.txt").write_text(" date 2024-05-03\n" + SENTENCE * 120, encoding="utf-8")  # 9,600 characters
    report = build([str(inputs)], tmp_path / "out", resources=resources)
    assert not report.skipped
    assert len(report.added) == 2
    assert len(_stored_ids(tmp_path / "out")) == 2


def test_an_article_over_the_size_limit_is_skipped_by_name_and_the_rest_stored(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "huge.txt").write_text(SENTENCE * 100, encoding="utf-8")  # 8,000 characters
    report = build([str(inputs)], tmp_path / "out", resources=resources, settings=Settings(max_article_chars=5000))
    assert [Path(s.source).name for s in report.skipped] == ["huge.txt"]
    assert "5,000" in report.skipped[0].reason and "--max-article-chars" in report.skipped[0].reason
    assert [a.path for a in report.added] == [str(inputs / "good.txt")]
    assert len(_stored_ids(tmp_path / "out")) == 1


def test_the_size_limit_can_be_raised_on_the_command_line(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    low = runner.invoke(app, ["build", str(inputs), "-o", str(tmp_path / "low"), "--max-article-chars", "100"])
    assert low.exit_code == 1 and "good.txt" in low.output and "--max-article-chars" in low.output
    high = runner.invoke(app, ["build", str(inputs), "-o", str(tmp_path / "high"), "--max-article-chars", "1000"])
    assert high.exit_code == 0, high.output
    assert json.loads((tmp_path / "high" / "stories.json").read_text())


def test_an_article_spacy_fails_on_is_named_and_the_others_in_its_batch_are_stored(tmp_path, resources, monkeypatch):
    make_doc = resources.nlp.make_doc

    def failing_on_marker(text):
        if "Zzyzx" in text:
            raise RuntimeError("tokenizer gave up")
        return make_doc(text)

    monkeypatch.setattr(resources.nlp, "make_doc", failing_on_marker)
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "a.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "b.txt").write_text("The Zzyzx road was closed by a rock fall on Tuesday.\n", encoding="utf-8")
    (inputs / "c.txt").write_text(SENTENCE, encoding="utf-8")
    report = build([str(inputs)], tmp_path / "out", resources=resources)
    assert [Path(s.source).name for s in report.skipped] == ["b.txt"]
    assert "tokenizer gave up" in report.skipped[0].reason
    assert sorted(Path(a.path).name for a in report.added) == ["a.txt", "c.txt"]
    assert len(_stored_ids(tmp_path / "out")) == 2


def _alias_bomb(levels: int) -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    names = "abcdefghijklmnop"
    for level in range(1, levels):
        lines.append(f"{names[level]}: &{names[level]} [" + ", ".join([f"*{names[level - 1]}"] * 9) + "]")
    lines.append(f"title: *{names[levels - 1]}")
    return "---\n" + "\n".join(lines) + "\n---\nThe ferry sailed on Monday.\n"


def test_a_yaml_alias_bomb_in_front_matter_is_refused_by_name(tmp_path):
    from storyline.errors import InputError
    from storyline.ingest.text import parse_text

    with pytest.raises(InputError, match="alias"):
        parse_text(_alias_bomb(6), "bomb.md")  # 9**6 = 531,441 strings from about 300 bytes


def test_front_matter_with_a_few_aliases_and_a_list_title_still_reads(tmp_path):
    from storyline.ingest.text import parse_text

    raw = parse_text(
        "---\nbase: &b 2024-05-02\ndate: *b\ntitle: [not, a, title]\noutlet: Harbour Post\n---\n"
        "The ferry sailed on Monday.\n",
        "ok.md",
    )
    assert raw.published is not None and raw.published.isoformat() == "2024-05-02"
    assert raw.title is None and raw.outlet == "Harbour Post"
    assert raw.text == "The ferry sailed on Monday."


def test_a_build_beside_an_alias_bomb_names_it_and_stores_the_good_article(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "bomb.md").write_text(_alias_bomb(12), encoding="utf-8")  # 9**12: would never finish expanded
    report = build([str(inputs)], tmp_path / "out", resources=resources)
    assert [Path(s.source).name for s in report.skipped] == ["bomb.md"]
    assert "alias" in report.skipped[0].reason
    assert len(_stored_ids(tmp_path / "out")) == 1


def test_markup_and_control_characters_from_inputs_are_printed_as_inert_text(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "ferry.md").write_text(
        "---\ntitle: 'Ferry [/] board [bold]tags[/bold] :ship:'\ndate: 2024-05-02\n---\n"
        "The Holmvik ferry board met on Thursday about the broken crane.\n",
        encoding="utf-8",
    )
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    (inputs / "bell\x1b[31mred\x07.txt").write_text("  \n", encoding="utf-8")  # empty: skipped by name
    (inputs / "[red]bad.jsonl").write_text("{broken\n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(inputs), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    printed = result.output.replace("\n", "")  # lines wrap at the terminal's width
    assert "[/] board [bold]tags[/bold] :ship:" in printed
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b[31mred\\x07" in printed  # the file name, its control characters made visible
    assert "[red]bad.jsonl" in printed
    listed = runner.invoke(app, ["stories", str(tmp_path / "out")])
    assert listed.exit_code == 0 and "[/]" in listed.output.replace("\n", "")


def test_a_build_removes_only_folders_it_wrote(tmp_path, resources):
    from storyline.model import Story

    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    out = tmp_path / "out"
    (out / "stories" / "my-notes").mkdir(parents=True)
    (out / "stories" / "my-notes" / "plan.txt").write_text("mine", encoding="utf-8")
    build([str(inputs)], out, resources=resources)
    # a story id the store lists but the grouping no longer holds, whose folder a user also keeps files in
    store = Store.open(out / "storyline.db")
    try:
        store.save_story(Story(id="s-shared", article_ids=["gone"]), "Absorbed", None, None)
    finally:
        store.close()
    (out / "stories" / "s-shared").mkdir()
    (out / "stories" / "s-shared" / "story.json").write_text("{}", encoding="utf-8")
    (out / "stories" / "s-shared" / "keep.txt").write_text("mine too", encoding="utf-8")
    from storyline.outdir import OutputFolder

    folder = OutputFolder(out)
    folder.load()
    folder.wrote([out / "stories" / "s-shared" / "story.json"])
    folder.flush()
    build([str(inputs)], out, resources=resources)
    assert (out / "stories" / "my-notes" / "plan.txt").read_text() == "mine"
    assert not (out / "stories" / "s-shared" / "story.json").exists()  # storyline's own file: removed
    assert (out / "stories" / "s-shared" / "keep.txt").read_text() == "mine too"


def test_outputs_inside_an_input_folder_are_never_read_as_articles(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    out = inputs / "out"
    first = build([str(inputs)], out, resources=resources)
    second = build([str(inputs)], out, resources=resources)
    assert len(first.added) == 1
    assert len(second.added) == 0 and second.reused == 1
    assert len(_stored_ids(out)) == 1
    named = build([str(out / "timeline.md"), str(inputs / "good.txt")], out, resources=resources)
    assert [s.source for s in named.skipped] == [str(out / "timeline.md")]
    assert "output folder" in named.skipped[0].reason


def _holding_the_lock(out: Path, seconds: float) -> subprocess.Popen:
    """Another process that holds OUT's build lock for ``seconds``."""
    from storyline.outdir import LOCK_NAME

    out.mkdir(parents=True, exist_ok=True)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom filelock import FileLock\n"
            "lock = FileLock(sys.argv[1]); lock.acquire(); print('held', flush=True); time.sleep(float(sys.argv[2]))",
            str(out / LOCK_NAME),
            str(seconds),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_a_second_build_of_the_same_output_exits_2_or_waits_for_the_first(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    out = tmp_path / "out"
    holder = _holding_the_lock(out, 3)
    try:
        refused = runner.invoke(app, ["build", str(inputs), "-o", str(out)])
        assert refused.exit_code == 2
        assert "E060" in refused.output and "Another storyline build" in refused.output
        assert not (out / "storyline.db").exists()
        waited = runner.invoke(app, ["build", str(inputs), "-o", str(out), "--wait", "60"])
        assert waited.exit_code == 0, waited.output
        assert holder.poll() is not None  # it ran only once the holder was done
    finally:
        holder.kill()
        holder.wait()


def test_an_output_that_is_a_file_is_a_named_error_with_exit_2(tmp_path):
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "taken").write_text("a file", encoding="utf-8")
    result = runner.invoke(app, ["build", str(tmp_path / "good.txt"), "-o", str(tmp_path / "taken")])
    assert result.exit_code == 2 and "E061" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_output_that_cannot_be_created_is_a_named_error_with_exit_2(tmp_path):
    if not Path("/proc/self").is_dir():
        pytest.skip("needs Linux's /proc, where no folder can be made")
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    result = runner.invoke(app, ["build", str(tmp_path / "good.txt"), "-o", "/proc/self/storyline-out"])
    assert result.exit_code == 2 and "E062" in result.output


def test_a_damaged_store_is_a_named_error_with_exit_2(tmp_path):
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "storyline.db").write_bytes(b"this is not a database " * 200)
    result = runner.invoke(app, ["build", str(tmp_path / "good.txt"), "-o", str(out)])
    assert result.exit_code == 2 and "E056" in result.output and "storyline.db" in result.output.replace("\n", "")


def test_a_dates_file_not_in_utf8_is_a_named_error_with_exit_2(tmp_path):
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "dates.csv").write_bytes(
        "file,published\ngood.txt,2024-05-02\ncaf\xe9.txt,2024-05-03\n".encode("latin-1")
    )
    result = runner.invoke(
        app, ["build", str(tmp_path / "good.txt"), "-o", str(tmp_path / "out"), "--dates", str(tmp_path / "dates.csv")]
    )
    assert result.exit_code == 2 and "E015" in result.output


def test_dates_file_rows_naming_missing_files_or_bad_dates_are_named(tmp_path, resources):
    (tmp_path / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "other.txt").write_text(SENTENCE, encoding="utf-8")
    (tmp_path / "dates.csv").write_text(
        "file,published\ngood.txt,2024-05-02\nghost.txt,2024-05-03\nother.txt,2024-13-45\n", encoding="utf-8"
    )
    report = build(
        [str(tmp_path / "good.txt"), str(tmp_path / "other.txt")],
        tmp_path / "out",
        resources=resources,
        dates=tmp_path / "dates.csv",
    )
    reasons = {s.source.rsplit(" ", 2)[-1]: s.reason for s in report.skipped}
    assert set(reasons) == {"3", "4"}  # CSV lines 3 and 4
    assert "ghost.txt" in reasons["3"] and "names no input" in reasons["3"]
    assert "2024-13-45" in reasons["4"] and "not a full date" in reasons["4"]
    assert len(report.added) == 2


def test_a_file_of_nul_bytes_is_not_an_article(tmp_path, resources):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "good.txt").write_text(GOOD, encoding="utf-8")
    (tmp_path / "in" / "zeros.txt").write_bytes(b"\x00" * 4096)
    report = build([str(tmp_path / "in")], tmp_path / "out", resources=resources)
    assert [Path(s.source).name for s in report.skipped] == ["zeros.txt"]
    assert "NUL" in report.skipped[0].reason
    assert len(report.added) == 1


def test_publication_dates_of_year_1_or_9999_are_named_and_the_build_finishes(tmp_path, resources):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "good.txt").write_text(GOOD, encoding="utf-8")
    for name, day in (("first.md", "0001-01-03"), ("last.md", "9999-12-30")):
        (inputs / name).write_text(
            f"---\ndate: {day}\n---\nThe ferry sailed on Monday, two days ago.\n", encoding="utf-8"
        )
    report = build([str(inputs)], tmp_path / "out", resources=resources)
    reasons = {Path(s.source).name: s.reason for s in report.skipped}
    assert set(reasons) == {"first.md", "last.md"}
    assert "0001-01-03" in reasons["first.md"] and "E024" in reasons["first.md"]
    assert len(report.added) == 1
