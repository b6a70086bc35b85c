"""Hostile and oversized inputs: each is named and skipped or handled, the good articles beside it are stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storyline.annotate.nlp import paragraph_pieces
from storyline.cli import app
from storyline.config import Settings
from storyline.pipeline import build
from storyline.store import Store

runner = CliRunner()

GOOD = (" date 2024-05-02\n"
        "The Brackenford council voted on Thursday to close the old swing bridge for repairs.\n\n"
        "Engineers said the work will begin on Monday and last six weeks.\n")

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
    report = build([str(inputs)], tmp_path / "out", resources=resources,
                   settings=Settings(max_article_chars=5000))
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

    raw = parse_text("---\nbase: &b 2024-05-02\ndate: *b\ntitle: [not, a, title]\noutlet: Harbour Post\n---\n"
                     "The ferry sailed on Monday.\n", "ok.md")
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
    (inputs / "ferry.md").write_text("---\ntitle: 'Ferry [/] board [bold]tags[/bold] :ship:'\ndate: 2024-05-02\n---\n"
                                     "The Holmvik ferry board met on Thursday about the broken crane.\n",
                                     encoding="utf-8")
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
