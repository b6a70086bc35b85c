"""The main job: inputs → store → stories → outputs, one stage after another.

``build`` is what ``storyline build`` runs.  Articles already annotated in the output's
store are not annotated again; only the stories that new articles touch (or that a crashed
run left stale) are composed and rendered again, and their members stored by an older
``ANNOTATION_VERSION`` are annotated again from the stored text first.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from storyline.annotate import ANNOTATION_VERSION, annotate, worker_count
from storyline.compose.story import compose_story
from storyline.config import Settings
from storyline.group import StoryGrouper
from storyline.ingest import SidecarDates, ingest
from storyline.model import AnnotatedArticle, Article, SkippedInput, StoryView
from storyline.render.outputs import write_outputs, write_story_index
from storyline.resources import Resources
from storyline.store import Store
from storyline.timing import StageTimes

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client as DaskClient

GROUPER_STATE = "grouper"


@dataclass
class StoryChange:
    """What one build added to one story."""

    story_id: str
    title: str
    created: bool
    new_articles: int
    new_entries: int
    new_quotes: int
    new_claims: int
    path: Path


@dataclass
class BuildReport:
    out: Path
    added: list[Article] = field(default_factory=list)
    reused: int = 0  # articles already annotated in the store
    reannotated: int = 0  # stored members of re-rendered stories annotated by an older ANNOTATION_VERSION
    skipped: list[SkippedInput] = field(default_factory=list)
    changes: list[StoryChange] = field(default_factory=list)
    stories: int = 0

    @property
    def processed(self) -> int:
        return len(self.added) + self.reused


@dataclass
class Progress:
    """Callbacks a front end hooks to show progress; all optional."""

    on_total: Callable[[int], None] | None = None
    on_article: Callable[[Article], None] | None = None


def _previous_document(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _keys(document: dict | None, part: str, fields_: tuple[str, ...]) -> set[tuple]:
    if not document:
        return set()
    return {tuple(item.get(f) for f in fields_) for item in document.get(part, [])}


def build(
    inputs: list[str],
    out: Path,
    settings: Settings | None = None,
    dates: Path | None = None,
    resources: Resources | None = None,
    progress: Progress | None = None,
    processes: int | None = None,
    times: StageTimes | None = None,
    store_url: str | None = None,
    cluster: "DaskClient | None" = None,
) -> BuildReport:
    """Read, annotate, group, compose and render; returns what was done and skipped.

    ``processes`` > 1 annotates in worker processes (``None``: one per available core, when
    there are at least two batches to annotate); ``times`` collects seconds per stage;
    ``store_url`` (``postgresql://…``) keeps the store in PostgreSQL instead of OUT/storyline.db;
    ``cluster`` (a dask.distributed Client) reads and annotates the inputs on its workers instead.
    """
    times = times or StageTimes()
    settings = settings or Settings()
    resources = resources or Resources(settings.model)
    progress = progress or Progress()
    out.mkdir(parents=True, exist_ok=True)
    report = BuildReport(out=out)

    sidecar = SidecarDates.load(dates) if dates else None
    store = Store.open(store_url or out / "storyline.db")
    try:
        def failed(article: Article, reason: str) -> None:
            report.skipped.append(SkippedInput(article.path or article.url or article.id, reason))

        if cluster is not None:
            from storyline.scale.dask_run import annotate_on_cluster

            new_annotated = annotate_on_cluster(cluster, inputs, sidecar, store, settings, resources.model_name,
                                                report, progress, times, failed, store_url)
        else:
            new_annotated = _annotate_here(inputs, sidecar, store, settings, resources, report, progress,
                                           processes, times, failed)
        report.added = [a.article for a in new_annotated]

        with times.stage("group"):
            grouper = StoryGrouper(settings.group, store.get_state(GROUPER_STATE))
            pending = new_annotated + _stranded(store, grouper, new_annotated)
            update = grouper.add(pending)
            store.put_state(GROUPER_STATE, grouper.dumps())
            grouping = grouper.grouping()
        # Compared with the grouping on every run, not only with this run's update, so a crash
        # after the grouper state was saved is repaired by the next build: stories the grouping
        # no longer holds (absorbed by a merge) are dropped, stale ones are rendered again.
        grouped_ids = {s.id for s in grouping.stories}
        stored_members = store.story_members()
        rendered_dirs = {p.name for p in (out / "stories").glob("*") if p.is_dir()} if (out / "stories").exists() else set()
        for gone in (set(stored_members) | {s["id"] for s in store.stories()} | rendered_dirs) - grouped_ids:
            store.drop_story(gone)
            shutil.rmtree(out / "stories" / gone, ignore_errors=True)

        new_ids = {a.article.id for a in pending}
        to_render = [s for s in grouping.stories
                     if stored_members.get(s.id) != set(s.article_ids) or s.id not in rendered_dirs
                     or s.id in update.touched or s.id in update.created or new_ids & set(s.article_ids)]
        main_id = max(grouping.stories, key=lambda s: len(s.article_ids)).id if grouping.stories else None
        # After an ANNOTATION_VERSION bump, members stored by an older version are annotated again
        # from their stored text before their story is composed, so a story never mixes versions.
        current = store.annotated_ids(ANNOTATION_VERSION)
        stale = sorted({i for s in to_render for i in s.article_ids} - current)
        if stale:
            old = store.load_articles(stale)
            workers = processes if processes is not None else worker_count(len(old), settings.batch_size)

            def still_old(article: Article, reason: str) -> None:
                failed(article, f"{reason}; its story uses the annotations of an older version")

            for annotated in annotate(old, resources, settings.batch_size, None, workers, times, on_error=still_old):
                with times.stage("store"):
                    store.save_annotated(annotated, ANNOTATION_VERSION)
                report.reannotated += 1
        for story in to_render:
            with times.stage("store"):
                members = store.load_annotated(story.article_ids)
            view = compose_story(story, members, grouping.duplicate_of, grouping.reuses, settings.timeline, times)
            story_dir = out / "stories" / story.id
            previous = _previous_document(story_dir / "story.json")
            with times.stage("render"):
                document = write_outputs(view, story_dir)
            store.save_story(story, view.title, document["story"]["first_published"],
                             document["story"]["last_published"])
            report.changes.append(_change(view, document, previous, new_ids, story_dir))
        stories = store.stories()
        report.stories = len(stories)
        if main_id is not None:
            write_story_index(stories, out, main_id)
    finally:
        store.close()
    return report


def _annotate_here(inputs: list[str], sidecar: SidecarDates | None, store: Store, settings: Settings,
                   resources: Resources, report: BuildReport, progress: Progress, processes: int | None,
                   times: StageTimes, failed: Callable[[Article, str], None]) -> list[AnnotatedArticle]:
    """Ingest here, then annotate (in this process or a local pool) what the store does not hold yet."""
    with times.stage("ingest"):
        result = ingest(inputs, sidecar=sidecar)
    report.skipped.extend(result.skipped)
    done = store.annotated_ids(ANNOTATION_VERSION)
    stored = store.published_of(a.id for a in result.articles if a.id in done)
    fresh = [article for article in result.articles if needs_annotation(article, stored)]
    report.reused = len(result.articles) - len(fresh)
    if progress.on_total:
        progress.on_total(len(fresh))
    new_annotated = []
    if fresh:
        with times.stage("load model"):
            resources.nlp  # noqa: B018 - load once, outside the per-article timings
    workers = processes if processes is not None else worker_count(len(fresh), settings.batch_size)
    for annotated in annotate(fresh, resources, settings.batch_size, progress.on_article, workers, times,
                              on_error=failed):
        with times.stage("store"):
            store.save_annotated(annotated, ANNOTATION_VERSION)
        new_annotated.append(annotated)
    return new_annotated


def needs_annotation(article: Article, stored: dict[str, tuple[str | None, str]]) -> bool:
    """New, or stored with another date (e.g. a new --dates file): its times must be resolved again."""
    published = article.published.isoformat() if article.published else None
    return stored.get(article.id) != (published, article.published_source)


def _stranded(store: Store, grouper: StoryGrouper, new: list[AnnotatedArticle]) -> list[AnnotatedArticle]:
    """Articles an earlier run annotated and stored but stopped before grouping (a crash)."""
    grouped = {article_id for story in grouper.grouping().stories for article_id in story.article_ids}
    missing = store.annotated_ids(ANNOTATION_VERSION) - grouped - {a.article.id for a in new}
    return store.load_annotated(sorted(missing)) if missing else []


def _change(view: StoryView, document: dict, previous: dict | None, new_ids: set[str], path: Path) -> StoryChange:
    return StoryChange(
        story_id=view.story.id,
        title=view.title,
        created=previous is None,
        new_articles=len(new_ids & set(view.story.article_ids)),
        new_entries=len(_keys(document, "timeline", ("date", "summary")) - _keys(previous, "timeline", ("date", "summary"))),
        new_quotes=len(_keys(document, "quotes", ("article_id", "char_start")) - _keys(previous, "quotes", ("article_id", "char_start"))),
        new_claims=len(_keys(document, "claims", ("article_id", "char_start")) - _keys(previous, "claims", ("article_id", "char_start"))),
        path=path,
    )
