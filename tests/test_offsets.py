"""Every cited span, sliced from its article's text by its offsets, is the cited sentence."""

from __future__ import annotations

import json

import jsonschema
import pytest

from storyline.render.story_json import SCHEMA_PATH


def _spans(document: dict):
    for entry in document["timeline"]:
        for source in entry["sources"]:
            yield source["article_id"], source["char_start"], source["char_end"], source["sentence"]
    for item in document["summary"]:
        for source in item["sources"]:
            yield source["article_id"], source["char_start"], source["char_end"], source["sentence"]
    for entity in document["entities"]:
        for role in entity["roles"]:
            source = role["source"]
            yield source["article_id"], source["char_start"], source["char_end"], source["sentence"]
    for quote in document["quotes"]:
        yield quote["article_id"], quote["char_start"], quote["char_end"], quote["text"]
    for claim in document["claims"]:
        yield claim["article_id"], claim["char_start"], claim["char_end"], claim["text"]


@pytest.mark.parametrize("built", ["seeds_built", "seeds_undated", "examples_built"])
def test_offsets_slice_to_the_cited_text(built, request):
    document = request.getfixturevalue(built)["story"]
    texts = {a["id"]: a["text"] for a in document["articles"]}
    checked = 0
    for article_id, start, end, cited in _spans(document):
        assert texts[article_id][start:end] == cited
        checked += 1
    assert checked >= 5, "too few cited spans to check"


@pytest.mark.parametrize("built", ["seeds_built", "seeds_undated", "examples_built"])
def test_story_json_follows_the_schema(built, request):
    out = request.getfixturevalue(built)["out"]
    schema = json.loads(SCHEMA_PATH.read_text())
    for path in [out / "story.json", *sorted((out / "stories").glob("*/story.json"))]:
        jsonschema.validate(json.loads(path.read_text()), schema)
