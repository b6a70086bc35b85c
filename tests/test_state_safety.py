"""The grouping state read from a store can never run code, and names its format when it is not ours."""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from storyline.config import GroupSettings
from storyline.group import StoryGrouper
from storyline.group.state import FORMAT, MAGIC, StateError
from storyline.model import AnnotatedArticle, Article


class _TouchOnLoad:
    """Unpickling this creates a file: the proof that loading ran code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def _small_grouper() -> StoryGrouper:
    grouper = StoryGrouper(GroupSettings())
    grouper.add(
        [
            AnnotatedArticle(
                Article(
                    id=f"a{i}",
                    text=f"The ferry to Holmvik sailed late on day {i} because "
                    "the harbour crane broke and the crew waited for parts.",
                )
            )
            for i in range(3)
        ]
    )
    return grouper


@pytest.mark.parametrize("magic", [b"storyline-group/7\n", b"storyline-group/6\n", b""])
def test_a_pickled_state_is_refused_without_running_it(tmp_path, magic):
    marker = tmp_path / "ran"
    blob = magic + pickle.dumps({"dedup": _TouchOnLoad(marker)})
    with pytest.raises(StateError) as caught:
        StoryGrouper(GroupSettings(), blob)
    assert not marker.exists()
    assert caught.value.code in {"E050", "E051"}


def test_the_state_is_not_a_pickle_and_names_its_format():
    blob = _small_grouper().dumps()
    assert blob.startswith(MAGIC)
    assert b"\x80\x04" not in blob[: len(MAGIC) + 2]  # no pickle protocol header after the version line
    with np.load(io.BytesIO(blob[len(MAGIC) :]), allow_pickle=False) as archive:  # readable with pickling off
        assert "tree" in archive.files


def test_a_state_of_another_format_version_is_refused_by_name():
    blob = _small_grouper().dumps()
    other = b"storyline-group-state/999\n" + blob[len(MAGIC) :]
    with pytest.raises(StateError, match=r"storyline-group-state/999.*" + FORMAT):
        StoryGrouper(GroupSettings(), other)


def _rewrite_tree(blob: bytes, change) -> bytes:
    with np.load(io.BytesIO(blob[len(MAGIC) :]), allow_pickle=False) as archive:
        entries = {name: archive[name] for name in archive.files}
    tree = json.loads(entries["tree"].tobytes())
    change(tree)
    entries["tree"] = np.frombuffer(json.dumps(tree).encode(), dtype=np.uint8)
    buffer = io.BytesIO()
    np.savez(buffer, **entries)
    return MAGIC + buffer.getvalue()


def test_a_state_naming_a_class_outside_the_grouping_stage_is_refused():
    def smuggle(tree):
        tree["items"][0][1] = {"$": "object", "class": "Popen", "attrs": {"args": ["touch", "x"]}}

    with pytest.raises(StateError, match="not part of a grouping state"):
        StoryGrouper(GroupSettings(), _rewrite_tree(_small_grouper().dumps(), smuggle))


def test_a_truncated_state_is_a_named_error():
    blob = _small_grouper().dumps()
    with pytest.raises(StateError, match="damaged"):
        StoryGrouper(GroupSettings(), blob[: len(blob) // 2])


def test_a_loaded_state_continues_exactly_like_the_live_grouper():
    live = _small_grouper()
    restored = StoryGrouper(GroupSettings(), live.dumps())
    more = [
        AnnotatedArticle(
            Article(
                id="b1",
                text="Orchard growers counted frost damage in the apple blossom "
                "south of Kellerton and asked the ministry for loans.",
            )
        )
    ]
    assert restored.add(more) == live.add(more)
    assert restored.grouping() == live.grouping()
    assert restored.dumps() == live.dumps()


def test_the_original_of_a_copy_is_the_earlier_published_whatever_the_batch_order():
    import datetime as dt

    text = (
        "The Holmvik harbour crane broke on Friday and the ferry to the islands waited three hours while "
        "engineers from Eastholm replaced a cable. The operator said the crane would be inspected again "
        "next month and that passengers would get a refund for the delay."
    )
    original = AnnotatedArticle(Article(id="first", text=text, published=dt.date(2024, 5, 3)))
    republished = AnnotatedArticle(Article(id="again", text=text + " (Republished.)", published=dt.date(2024, 5, 9)))
    later_copy = AnnotatedArticle(Article(id="third", text=text + " (Copy.)", published=dt.date(2024, 5, 12)))
    grouper = StoryGrouper(GroupSettings())
    grouper.add([republished, later_copy])  # the republications reach the store first
    assert grouper.grouping().duplicate_of == {"third": "again"}
    grouper = StoryGrouper(GroupSettings(), grouper.dumps())
    grouper.add([original])
    assert grouper.grouping().duplicate_of == {"again": "first", "third": "first"}
    assert len(grouper.grouping().stories) == 1


def test_a_build_over_a_store_holding_a_pickled_state_exits_2_without_running_it(tmp_path):
    from typer.testing import CliRunner

    from storyline.cli import app
    from storyline.store import Store

    marker = tmp_path / "ran"
    out = tmp_path / "out"
    store = Store.open(out / "storyline.db")
    try:
        store.put_state("grouper", b"storyline-group/7\n" + pickle.dumps({"dedup": _TouchOnLoad(marker)}))
    finally:
        store.close()
    (tmp_path / "a.txt").write_text("The Holmvik ferry sailed three hours late on Saturday.\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp_path / "a.txt"), "-o", str(out)])
    assert result.exit_code == 2 and "E050" in result.output
    assert not marker.exists()
