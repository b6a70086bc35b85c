"""The seed facts: ../shared/seeds/expected_facts.json holds in full on the four seeds.

``check_facts`` takes entities, quotes and claims as dataclasses or as the dicts of
story.json, so the same check can run on the composer's output (here) or on a build.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from conftest import SEEDS, require_seeds


def _get(obj: Any, name: str) -> Any:
    return obj[name] if isinstance(obj, dict) else getattr(obj, name)


def _has(obj: Any, name: str) -> bool:
    return name in obj if isinstance(obj, dict) else hasattr(obj, name)


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def _names(entity: Any) -> set[str]:
    return {_norm(_get(entity, "name"))} | {_norm(a) for a in _get(entity, "aliases")}


def _roles(entity: Any) -> list[str]:
    return [_norm(_get(r, "role")) for r in _get(entity, "roles")]


def check_facts(
    expected: dict, entities: list, quotes: list, claims: list, article_of: dict[str, str] | None = None
) -> list[str]:
    """Every way the output misses expected_facts.json (empty when it holds in full).

    ``article_of`` maps a seed number ("000") to its article id; without it the
    per-article checks (a quote's or a claim's source) are skipped.
    """
    problems: list[str] = []
    by_id = {_get(e, "id"): e for e in entities}
    for group in expected["entities"]:
        wanted = {_norm(n) for n in group["names"]}
        holders = [e for e in entities if wanted & _names(e)]
        if len(holders) != 1 or not wanted <= _names(holders[0]):
            found = [(_get(e, "name"), sorted(_names(e) & wanted)) for e in holders]
            problems.append(f"entity {group['names']} is not one entity: {found}")
            continue
        entity = holders[0]
        if _get(entity, "type") != group["type"]:
            problems.append(f"entity {group['names']} has type {_get(entity, 'type')}, not {group['type']}")
        for role in group.get("roles", []):
            options = [_norm(o) for o in role.split("|")]
            if not any(o in r for r in _roles(entity) for o in options):
                problems.append(f"entity {group['names']} lacks role {role!r}: {_roles(entity)}")
    for expect in expected["quotes"]:
        start = _norm(expect["starts"])
        candidates = [q for q in quotes if _norm(_get(q, "text")).startswith(start)]
        if article_of:
            candidates = [q for q in candidates if _get(q, "article_id") == article_of[expect["source"]]]
        if not candidates:
            problems.append(f"quote {expect['starts']!r} not found in {expect['source']}")
            continue
        speakers = [by_id.get(_get(q, "speaker")) for q in candidates]
        if not any(s is not None and _norm(expect["speaker"]) in _names(s) for s in speakers):
            got = [_get(q, "speaker_name") for q in candidates]
            problems.append(f"quote {expect['starts']!r}: speaker {got}, expected {expect['speaker']}")
    for expect in expected["claims"]:
        words = [_norm(w) for w in expect["subject_words"]]

        def fits(claim: Any, expect: dict = expect, words: list = words) -> bool:
            if _get(claim, "value") != expect["value"]:
                return False
            if "unit" in expect and _get(claim, "unit") != expect["unit"]:
                return False
            subject = _norm(_get(claim, "subject") + " " + _get(claim, "text"))
            return any(w in subject for w in words)

        found = [c for c in claims if fits(c)]
        if not found:
            problems.append(f"claim {expect['value']} {words} not found")
            continue
        # the same measure reported elsewhere in other words ("staff" for "members")
        groups = {_get(c, "group") for c in found if _has(c, "group")}
        found += [
            c
            for c in claims
            if _has(c, "group")
            and _get(c, "group") in groups
            and _get(c, "value") == expect["value"]
            and c not in found
        ]
        if "status" in expect:
            statuses = {_get(c, "status") for c in found}
            if statuses != {expect["status"]}:
                problems.append(f"claim {expect['value']} {words}: status {statuses}, expected {expect['status']}")
        if article_of:
            sources = {_get(c, "article_id") for c in found}
            missing = [s for s in expect["sources"] if article_of[s] not in sources]
            if missing:
                problems.append(f"claim {expect['value']} {words}: not found in {missing}")
            if len(groups) > 1:
                problems.append(f"claim {expect['value']} {words}: split over groups {groups}")
    return problems


@pytest.fixture(scope="module")
def seed_facts(resources):
    require_seeds()
    from storyline.annotate import annotate
    from storyline.compose.entities import compose_entities
    from storyline.compose.figures import compose_claims
    from storyline.ingest import ingest
    from storyline.ingest.dates import SidecarDates

    result = ingest([str(p) for p in sorted(SEEDS.glob("0*.txt"))], sidecar=SidecarDates.load(SEEDS / "dates.csv"))
    annotated = list(annotate(result.articles, resources))
    entities, quotes = compose_entities(annotated)
    claims = compose_claims(annotated, {})
    article_of = {Path(a.path).name[:3]: a.id for a in result.articles}
    return annotated, entities, quotes, claims, article_of


def test_expected_facts_hold_in_full(seed_facts):
    _, entities, quotes, claims, article_of = seed_facts
    expected = json.loads((SEEDS / "expected_facts.json").read_text(encoding="utf-8"))
    problems = check_facts(expected, entities, quotes, claims, article_of)
    assert not problems, "\n".join(problems)


def test_offsets_cite_the_words(seed_facts):
    annotated, entities, quotes, claims, _ = seed_facts
    texts = {a.article.id: a.article.text for a in annotated}
    for q in quotes:
        assert texts[q.article_id][q.char_start : q.char_end] == q.text
    for c in claims:
        assert texts[c.article_id][c.char_start : c.char_end] == c.text
    for e in entities:
        for role in e.roles:
            ref = role.source
            assert texts[ref.article_id][ref.char_start : ref.char_end] == ref.sentence


def test_a_near_duplicate_neither_conflicts_nor_counts_twice(seed_facts):
    annotated, _, _, _, article_of = seed_facts
    from storyline.compose.figures import compose_claims

    first = next(a for a in annotated if a.article.id == article_of["000"])
    copy = type(first)(
        article=type(first.article)(id="copy-of-000", text=first.article.text),
        sentences=first.sentences,
        claims=[type(c)(**{**c.__dict__, "value": c.value + 1}) for c in first.claims],
    )
    with_copy = compose_claims(annotated + [copy], {"copy-of-000": first.article.id})
    assert not any(c.article_id == "copy-of-000" for c in with_copy)
    assert all(c.status != "conflicting" for c in with_copy)


def test_expected_facts_hold_in_story_json(seeds_built):
    """The same check on what a user gets: story.json of `storyline build` with dates.csv."""
    require_seeds()
    from conftest import seed_ids

    document = seeds_built["story"]
    expected = json.loads((SEEDS / "expected_facts.json").read_text(encoding="utf-8"))
    problems = check_facts(expected, document["entities"], document["quotes"], document["claims"], seed_ids(document))
    assert not problems, "\n".join(problems)
