"""Shared fixtures: the seed articles built once per test session, one spaCy load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
SEEDS = SHARED / "seeds"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def require_seeds() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed articles are not at {SEEDS} (../shared beside the checkout); CI always has them")
    return SEEDS


@pytest.fixture(scope="session")
def resources():
    from storyline.resources import Resources

    return Resources()


@pytest.fixture(scope="session")
def nlp(resources):
    """The spaCy pipeline, loaded once."""
    return resources.nlp


def _build(inputs: list[str], out: Path, resources, **kwargs) -> dict:
    from storyline.pipeline import build

    report = build(inputs, out, resources=resources, **kwargs)
    document = json.loads((out / "story.json").read_text(encoding="utf-8"))
    return {"report": report, "story": document, "out": out}


@pytest.fixture(scope="session")
def seeds_built(tmp_path_factory, resources) -> dict:
    """The four seeds built with their dates.csv."""
    seeds = require_seeds()
    out = tmp_path_factory.mktemp("seeds-dated")
    return _build([str(p) for p in sorted(seeds.glob("0*.txt"))], out, resources, dates=seeds / "dates.csv")


@pytest.fixture(scope="session")
def seeds_undated(tmp_path_factory, resources) -> dict:
    """The four seeds built without dates.csv: only 001 carries a date (its header)."""
    seeds = require_seeds()
    out = tmp_path_factory.mktemp("seeds-undated")
    return _build([str(p) for p in sorted(seeds.glob("0*.txt"))], out, resources)


@pytest.fixture(scope="session")
def examples_built(tmp_path_factory, resources) -> dict:
    out = tmp_path_factory.mktemp("examples")
    return _build([str(EXAMPLES)], out, resources)


def seed_ids(document: dict) -> dict[str, str]:
    """Seed number ("000") → article id, from the file names in story.json."""
    return {Path(a["path"]).name[:3]: a["id"] for a in document["articles"] if a.get("path")}


@pytest.fixture(scope="session")
def parse(resources):
    """A text → (spaCy Doc, sentences) function, as the annotate stage makes them."""
    from storyline.annotate.nlp import prepared, sentences_of

    nlp = prepared(resources.nlp)

    def run(text: str):
        doc = nlp(text)
        return doc, sentences_of(doc)

    return run


def fail_tagger_on(monkeypatch, word: str) -> None:
    """Make the temporal tagger raise on every article containing ``word`` (an annotator bug, simulated)."""
    from storyline.annotate import temporal

    original = temporal.TemporalTagger.tag

    def tag(self, doc, dct, sentences):
        if word in doc.text:
            raise RuntimeError("simulated tagger bug")
        return original(self, doc, dct, sentences)

    monkeypatch.setattr(temporal.TemporalTagger, "tag", tag)
