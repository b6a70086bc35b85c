"""The main job: inputs → store → stories → outputs, one stage after another.

``build`` is what ``storyline build`` runs.  Articles already annotated in the output's
store are not annotated again; only the stories that new articles touch (or that a crashed
run left stale) are composed and rendered again, and their members stored by an older
``ANNOTATION_VERSION`` are annotated again from the stored text first.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from storyline.annotate import ANNOTATION_VERSION, annotate, worker_count
from storyline.compose.story import compose_story
from storyline.config import DatingSettings, Settings, TimelineSettings
from storyline.dating import date_undated
from storyline.errors import StorylineError
from storyline.group import StoryGrouper
from storyline.ingest import SidecarDates, ingest
from storyline.model import GRANULARITIES, AnnotatedArticle, Article, Granularity, Grouping, Reuse, SkippedInput, Story
from storyline.outdir import OutputFolder, check_output
from storyline.render.outputs import STORY_FILES, render_outputs, write_rendered, write_story_index
from storyline.resources import Resources
from storyline.store import Store
from storyline.timing import StageTimes

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client as DaskClient

GROUPER_STATE = "grouper"
#: the folder inside OUT where ``storyline serve`` keeps articles waiting to be built: read, unlike OUT's outputs
INBOX = "inbox"


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
    added: list[Article] = field(default_factory=list)  # the new articles, without their text (Article.without_text)
    reused: int = 0  # articles already annotated in the store
    reannotated: int = 0  # stored members of re-rendered stories annotated by an older ANNOTATION_VERSION
    redated: list[Article] = field(default_factory=list)  # earlier builds' articles this build dated or dated finer
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


def _previous_document(path: Path) -> dict[str, Any] | None:
    try:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return document
    except (OSError, ValueError):
        return None


def _keys(document: dict[str, Any] | None, part: str, fields_: tuple[str, ...]) -> set[tuple[Any, ...]]:
    if not document:
        return set()
    return {tuple(item.get(f) for f in fields_) for item in document.get(part, [])}


def _redate_stored(
    store: Store,
    dated_now: list[AnnotatedArticle],
    stored: list[AnnotatedArticle],
    added: list[Article],
    settings: DatingSettings,
    annotate_again: Callable[[list[Article]], list[AnnotatedArticle]],
) -> list[AnnotatedArticle]:
    """Earlier builds' articles that this build's dated ones now date (an article that came before the reports that
    date it) or date more finely (one dated to the month or the year), as ``date_undated`` dates new ones, with
    ``stored`` (the stored context the build's own dating read, if it read one) as more context; none when the
    build brought no stated date.  A coarse date the new estimate does not narrow stays as it was."""
    if settings.redate_stored <= 0 or not any(article.stated_date for article in added):
        return []
    fresh = {article.id for article in added}
    ids = store.undated_ids(settings.redate_stored) + store.coarsely_dated_ids(settings.redate_stored)
    waiting = store.load_annotated([i for i in ids if i not in fresh])
    if not waiting:
        return []
    before = {item.article.id: item.article.published_granularity for item in waiting}
    for item in waiting:  # a coarse date resolved nothing in the annotations: they are an undated article's
        item.article = replace(
            item.article,
            published=None,
            published_source="missing",
            date_evidence=None,
            published_earliest=None,
            published_latest=None,
            published_granularity=None,
        )
    known = {item.article.id for item in dated_now}
    earlier = stored or _stored_dating_context(store, waiting, settings.stored_context)
    context = [item for item in dated_now if item.article.stated_date] + [
        item for item in earlier if item.article.id not in known
    ]
    dated = date_undated(waiting, settings, annotate_again, context)
    return [
        item
        for item in dated
        if item.article.published_source == "inferred"
        and _finer(item.article.published_granularity, before[item.article.id])
    ]


def _finer(granularity: Granularity | None, than: Granularity | None) -> bool:
    """Whether a new estimate's granularity is finer than an earlier one's (any is finer than none)."""
    if granularity is None:
        return False
    return than is None or GRANULARITIES.index(granularity) < GRANULARITIES.index(than)


def _stored_dating_context(store: Store, new: list[AnnotatedArticle], limit: int) -> list[AnnotatedArticle]:
    """Earlier builds' articles with a stated date (the ``limit`` newest), read only when a new article needs
    dating: an article that comes alone (a post to ``storyline serve``) is dated from what came before it."""
    if limit <= 0 or all(item.article.published is not None for item in new):
        return []
    fresh = {item.article.id for item in new}
    return store.load_annotated([i for i in store.newest_dated_ids(limit) if i not in fresh])


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
    wait_seconds: float = 0.0,
    cluster: DaskClient | None = None,
) -> BuildReport:
    """Read, annotate, group, compose and render; returns what was done and skipped.

    ``processes`` > 1 annotates in worker processes (``None``: one per available core, when
    there are at least two batches to annotate); ``times`` collects seconds per stage;
    ``store_url`` (``postgresql://…``) keeps the store in PostgreSQL instead of OUT/storyline.db;
    ``cluster`` (a dask.distributed Client) reads and annotates the inputs on its workers instead.
    The build holds OUT's lock (``outdir``): another build of the same OUT waits up to
    ``wait_seconds`` for it, then stops with a named error.
    """
    check_output(out)
    folder = OutputFolder(out)
    folder.acquire(wait_seconds)
    store = None
    try:
        times = times or StageTimes()
        settings = settings or Settings()
        resources = resources or Resources(settings.model, settings.spacy_speedups)
        progress = progress or Progress()
        report = BuildReport(out=out)

        sidecar = SidecarDates.load(dates) if dates else None
        store = Store.open(store_url or out / "storyline.db")

        def failed(article: Article, reason: str) -> None:
            report.skipped.append(SkippedInput(article.path or article.url or article.id, reason))

        grouping_stream = None
        if cluster is not None:
            from storyline.scale.dask_run import annotate_on_cluster
            from storyline.scale.feed import GroupingStream

            # the grouping stream starts now: it groups whole chunks of the publication order as partitions complete
            with times.stage("group"):
                grouper = StoryGrouper(settings.group, store.get_state(GROUPER_STATE))
                grouping_stream = GroupingStream(grouper, _stranded(store, grouper, []), times)
            kept = annotate_on_cluster(
                cluster,
                inputs,
                sidecar,
                store,
                settings,
                resources.model_name,
                report,
                progress,
                times,
                failed,
                store_url,
                grouping_stream,
            )
            # the undated articles are dated from the dated ones, read back from the store only then
            new_annotated = _with_dated_from_store(store, kept.articles, kept.undated, times)
        else:
            new_annotated = annotate_here(
                inputs, out, sidecar, store, settings, resources, report, progress, processes, times, failed
            )
            if sidecar is not None and dates is not None:
                report.skipped += [SkippedInput(where, why) for where, why in sidecar.problems + sidecar.unused(dates)]

        def annotate_again(articles: list[Article]) -> list[AnnotatedArticle]:
            count = processes if processes is not None else worker_count(len(articles), settings.batch_size)
            return list(annotate(articles, resources, settings.batch_size, None, count, times, on_error=failed))

        with times.stage("date"):
            stored = _stored_dating_context(store, new_annotated, settings.dating.stored_context)
            dated_now = date_undated(new_annotated, settings.dating, annotate_again, stored)
            added = kept.articles if grouping_stream is not None else [a.article for a in dated_now]
            earlier = _redate_stored(store, dated_now, stored, added, settings.dating, annotate_again)
        for item in dated_now + earlier:
            if item.article.published_source == "inferred":
                with times.stage("store"):
                    store.save_annotated(item, ANNOTATION_VERSION)
        report.redated = [item.article for item in earlier]
        redated_ids = {item.article.id for item in earlier}  # their stories are composed again
        new_annotated = dated_now
        del dated_now, stored, earlier

        if grouping_stream is not None:
            undated_ids = {a.article.id for a in kept.undated}
            redated = [a for a in new_annotated if a.article.id in undated_ids]
            del new_annotated  # the dated articles' annotations, read back for dating
            by_id = {a.article.id: a.article for a in redated}
            report.added = [
                by_id[article.id].without_text() if article.id in by_id else article for article in kept.articles
            ]
            new_ids = {a.id for a in report.added} | set(grouping_stream.stranded)
            update = grouping_stream.finish(redated)
            grouper = grouping_stream.grouper
        else:
            report.added = [a.article.without_text() for a in new_annotated]
            with times.stage("group"):
                grouper = StoryGrouper(settings.group, store.get_state(GROUPER_STATE))
                pending = new_annotated + _stranded(store, grouper, new_annotated)
                update = grouper.add(pending)
            new_ids = {a.article.id for a in pending}
        with times.stage("group"):
            store.put_state(GROUPER_STATE, grouper.dumps())
            grouping = grouper.grouping()
        # Compared with the grouping on every run, not only with this run's update, so a crash
        # after the grouper state was saved is repaired by the next build: stories the grouping
        # no longer holds (absorbed by a merge) are dropped, stale ones are rendered again.
        grouped_ids = {s.id for s in grouping.stories}
        stored_members = store.story_members()
        stored_ids = set(stored_members) | {s["id"] for s in store.stories()}
        folder.load(stored_ids, STORY_FILES)
        rendered_dirs = folder.story_folders()  # only folders storyline wrote: never a user's own
        for gone in (stored_ids | rendered_dirs) - grouped_ids:
            store.drop_story(gone)
            folder.remove_story(gone)

        to_render = [
            s
            for s in grouping.stories
            if stored_members.get(s.id) != set(s.article_ids)
            or s.id not in rendered_dirs
            or s.id in update.touched
            or s.id in update.created
            or (new_ids | redated_ids) & set(s.article_ids)
        ]
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

            with closing(
                annotate(old, resources, settings.batch_size, None, workers, times, on_error=still_old)
            ) as stream:
                for annotated in stream:
                    with times.stage("store"):
                        store.save_annotated(annotated, ANNOTATION_VERSION)
                    report.reannotated += 1
        if cluster is not None:
            from storyline.scale.dask_run import compose_on_cluster

            composed = compose_on_cluster(cluster, to_render, store, grouping, settings.timeline, store_url)
        else:
            composed = ((story, _compose_here(story, store, grouping, settings, times)) for story in to_render)
        for story, result in composed:
            for name, seconds in result.seconds.items():
                times.add(name, seconds)
            story_dir = out / "stories" / story.id
            previous = _previous_document(story_dir / "story.json")
            with times.stage("write"):
                write_rendered(result.files, story_dir)
            folder.wrote(story_dir / name for name in STORY_FILES)
            document = result.document
            store.save_story(
                story, result.title, document["story"]["first_published"], document["story"]["last_published"]
            )
            report.changes.append(_change(story, result.title, document, previous, new_ids, story_dir))
        stories = store.stories()
        report.stories = len(stories)
        if main_id is not None:
            write_story_index(stories, out, main_id)
            folder.wrote(out / name for name in ("stories.json", *STORY_FILES) if (out / name).is_file())
    except sqlite3.DatabaseError as err:
        raise StorylineError(
            "E056",
            f"The store {store_url or out / 'storyline.db'} cannot be used ({type(err).__name__}: {err}).",
            "If another program holds it, wait; if it is damaged, build into a new output folder.",
        ) from err
    finally:
        folder.flush()
        if store is not None:
            store.close()
        folder.release()
    return report


@dataclass
class ComposedStory:
    """What a worker sends back for one story: its title, story.json document and rendered files."""

    title: str
    document: dict[str, Any]
    files: dict[str, str]
    seconds: dict[str, float] = field(default_factory=dict)


def compose_render(
    story: Story,
    members: list[AnnotatedArticle] | None,
    duplicate_of: dict[str, str],
    reuses: list[Reuse],
    settings: TimelineSettings,
    store_url: str | None = None,
) -> ComposedStory:
    """Compose and render one story (on a worker or here); with ``members`` None, read them from the
    shared store at ``store_url``."""
    times = StageTimes()
    if members is None:
        with times.stage("store"):
            shared = Store.open(store_url or "")
            try:
                members = shared.load_annotated(story.article_ids)
            finally:
                shared.close()
    view = compose_story(story, members, duplicate_of, reuses, settings, times)
    with times.stage("render"):
        document, files = render_outputs(view)
    return ComposedStory(view.title, document, files, dict(times.seconds))


def _compose_here(
    story: Story, store: Store, grouping: Grouping, settings: Settings, times: StageTimes
) -> ComposedStory:
    with times.stage("store"):
        members = store.load_annotated(story.article_ids)
    return compose_render(story, members, grouping.duplicate_of, grouping.reuses, settings.timeline)


def _within_size_limit(articles: list[Article], limit: int, skipped: list[SkippedInput]) -> list[Article]:
    """The articles no longer than ``limit`` characters; the others are added to ``skipped`` with the limit named."""
    kept = []
    for article in articles:
        if len(article.text) > limit:
            skipped.append(
                SkippedInput(
                    article.path or article.url or article.id,
                    f"[E022] the article holds {len(article.text):,} characters, over the limit "
                    f"of {limit:,} (raise it with --max-article-chars)",
                )
            )
        else:
            kept.append(article)
    return kept


def annotate_here(
    inputs: list[str],
    out: Path,
    sidecar: SidecarDates | None,
    store: Store,
    settings: Settings,
    resources: Resources,
    report: BuildReport,
    progress: Progress,
    processes: int | None,
    times: StageTimes,
    failed: Callable[[Article, str], None],
) -> list[AnnotatedArticle]:
    """Ingest here (nothing inside OUT but its inbox), then annotate (in this process or a local pool) what the
    store does not hold yet."""
    with times.stage("ingest"):
        result = ingest(inputs, sidecar=sidecar, exclude=out, inbox=out / INBOX)
    report.skipped.extend(result.skipped)
    articles = _within_size_limit(result.articles, settings.max_article_chars, report.skipped)
    done = store.annotated_ids(ANNOTATION_VERSION)
    stored = store.published_of(a.id for a in articles if a.id in done)
    fresh = [article for article in articles if needs_annotation(article, stored)]
    report.reused = len(articles) - len(fresh)
    if progress.on_total:
        progress.on_total(len(fresh))
    new_annotated = []
    if fresh:
        with times.stage("load model"):
            resources.nlp  # noqa: B018 - load once, outside the per-article timings
    workers = processes if processes is not None else worker_count(len(fresh), settings.batch_size)
    # closed on any exit (Ctrl-C included), so annotation workers end with the loop, not at interpreter exit
    with closing(
        annotate(fresh, resources, settings.batch_size, progress.on_article, workers, times, on_error=failed)
    ) as stream:
        for annotated in stream:
            with times.stage("store"):
                store.save_annotated(annotated, ANNOTATION_VERSION)
            new_annotated.append(annotated)
    return new_annotated


def needs_annotation(article: Article, stored: dict[str, tuple[str | None, str]]) -> bool:
    """New, or stored with another date (e.g. a new --dates file): its times must be resolved again.  An article
    stored with a date inferred for it, read again with none, is unchanged."""
    published = article.published.isoformat() if article.published else None
    before = stored.get(article.id)
    if article.published_source == "missing" and before is not None and before[1] == "inferred":
        return False
    return before != (published, article.published_source)


def _with_dated_from_store(
    store: Store, articles: list[Article], undated: list[AnnotatedArticle], times: StageTimes
) -> list[AnnotatedArticle]:
    """A cluster build's new articles as dating takes them, in input order: none when none is undated,
    else the undated ones with the dated ones' annotations read back from the store."""
    if not undated:
        return []
    with times.stage("store"):
        dated = {a.article.id: a for a in store.load_annotated(a.id for a in articles if a.published is not None)}
    undated_by_id = {a.article.id: a for a in undated}
    return [undated_by_id[a.id] if a.id in undated_by_id else dated[a.id] for a in articles]


def _stranded(store: Store, grouper: StoryGrouper, new: list[AnnotatedArticle]) -> list[AnnotatedArticle]:
    """Articles an earlier run annotated and stored but stopped before grouping (a crash)."""
    grouped = {article_id for story in grouper.grouping().stories for article_id in story.article_ids}
    missing = store.annotated_ids(ANNOTATION_VERSION) - grouped - {a.article.id for a in new}
    return store.load_annotated(sorted(missing)) if missing else []


def _change(
    story: Story, title: str, document: dict[str, Any], previous: dict[str, Any] | None, new_ids: set[str], path: Path
) -> StoryChange:
    return StoryChange(
        story_id=story.id,
        title=title,
        created=previous is None,
        new_articles=len(new_ids & set(story.article_ids)),
        new_entries=len(
            _keys(document, "timeline", ("date", "summary")) - _keys(previous, "timeline", ("date", "summary"))
        ),
        new_quotes=len(
            _keys(document, "quotes", ("article_id", "char_start"))
            - _keys(previous, "quotes", ("article_id", "char_start"))
        ),
        new_claims=len(
            _keys(document, "claims", ("article_id", "char_start"))
            - _keys(previous, "claims", ("article_id", "char_start"))
        ),
        path=path,
    )
