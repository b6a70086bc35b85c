"""Reading and annotating partitions of the inputs on Dask workers.

Each worker process loads the spaCy pipeline once (``StorylineWorker``, a worker plugin, which
a worker restarted after a crash runs again) and runs the very ``annotate`` a single process
runs.  Inputs are read where they are, on the workers: only paths and record ranges travel out,
only plain annotations travel back.  The client takes partitions back in input order and keeps
the first copy of every article id, so a partition Dask ran again on another worker (its first
worker died) still gives every article once.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from storyline.annotate import ANNOTATION_VERSION, annotate
from storyline.errors import StorylineError
from storyline.ingest import SidecarDates, expand_inputs, ingest_files
from storyline.ingest import warc as warc_reader
from storyline.model import AnnotatedArticle, Article, Grouping, IngestResult, SkippedInput, Story

if TYPE_CHECKING:  # pragma: no cover
    from distributed import Client

    from storyline.config import Settings, TimelineSettings
    from storyline.pipeline import BuildReport, ComposedStory, Progress
    from storyline.scale.feed import GroupingStream
    from storyline.store import Store
    from storyline.timing import StageTimes

PLUGIN_NAME = "storyline"
#: plain files read by one task (one article each, most of them: one spaCy batch)
FILES_PER_PARTITION = 32
#: records of one WARC file read by one task (requests, redirects and other non-pages among them)
RECORDS_PER_PARTITION = 96
#: the smallest partitions near the end of the input (a spaCy batch of a few articles still runs at speed)
MIN_FILES_PER_PARTITION, MIN_RECORDS_PER_PARTITION = 4, 12
#: full partitions left per worker when partitions start to shrink
TAIL_PARTITIONS_PER_WORKER = 2
#: partitions in flight per worker thread before the client takes the oldest back, as many as the local
#: pool keeps: results come back in input order, and a long partition must not leave the others idle
PARTITIONS_AHEAD_PER_WORKER = 8
#: The LocalCluster's Dask settings, handed by the nannies to their workers.
#: - MALLOC_ARENA_MAX=1: a task runs in a worker thread, and glibc gives a thread an arena of its own,
#:   made of heaps of at most 64 MB, which maps spaCy's larger per-batch arrays afresh and hands them
#:   back when freed, so every batch faults its pages in again; in the one arena they come from the
#:   heap that ``keep_freed_memory`` keeps (on 200 Timeline17 articles and two workers: a quarter of
#:   the page faults).  glibc reads it when the process starts, so it is set before spawning.
#: - the statistical profiler samples every worker thread 100 times a second; annotation is one long
#:   CPU-bound call per task, so its samples say little and their cycles are spaCy's.
#: - periodic checks (event-loop tick, system monitor, memory monitor) every second or two instead of
#:   every 20 to 500 ms: on a machine whose cores are all workers, the client, the scheduler and the
#:   nannies share a core's worth of time with them (their event loops' CPU fell to a third).
LOCAL_WORKER_CONFIG = {
    "distributed.nanny.pre-spawn-environ.MALLOC_ARENA_MAX": 1,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.system-monitor.disk": False,
    "distributed.worker.memory.monitor-interval": "1s",
}


@dataclass(frozen=True)
class Partition:
    """What one task reads: some whole files, or records ``first`` up to ``stop`` of one WARC file."""

    files: tuple[str, ...] = ()
    warc: str | None = None
    first: int = 0
    stop: int | None = None


@dataclass
class PartitionResult:
    """What a worker sends back: plain data only."""

    reused_ids: list[str] = field(default_factory=list)
    annotated: list[AnnotatedArticle] = field(default_factory=list)
    failed: list[tuple[Article, str]] = field(default_factory=list)
    skipped: list[SkippedInput] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class ClusterAnnotated:
    """What the client keeps of a cluster build's new articles until the end: each article's metadata (not its
    text: the build report needs no more), in input order, and the annotations of the undated ones only, as
    dating needs them whole; the dated ones' annotations are in the store, where dating reads them back
    only when some article is undated."""

    articles: list[Article] = field(default_factory=list)
    undated: list[AnnotatedArticle] = field(default_factory=list)


def worker_plugin(model: str | None, spacy_speedups: bool = True):
    """A worker plugin holding the worker's ``Resources``; defined lazily so dask stays optional."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class StorylineWorker(WorkerPlugin):
        """Loads the spaCy pipeline once per worker process, with the local pool's worker settings."""

        name = PLUGIN_NAME

        def __init__(self, model_name: str | None, speedups: bool):
            self.model_name = model_name
            self.speedups = speedups
            self.resources = None

        def setup(self, worker) -> None:
            from threadpoolctl import threadpool_limits

            from storyline.annotate.lasting_heap import keep_freed_memory
            from storyline.resources import Resources

            threadpool_limits(1, user_api="blas")  # one thread per worker: the cluster has one worker per core
            keep_freed_memory()
            self.resources = Resources(self.model_name, self.speedups)
            self.resources.nlp  # noqa: B018 - loaded here, once, not inside the first task

    return StorylineWorker(model, spacy_speedups)


def _has_pipeline(model: str | None, speedups: bool, dask_worker=None) -> bool:
    plugin = dask_worker.plugins.get(PLUGIN_NAME) if dask_worker is not None else None
    return (
        plugin is not None
        and (plugin.model_name, plugin.speedups) == (model, speedups)
        and plugin.resources is not None
    )


def _read(partition: Partition, sidecar: SidecarDates | None) -> IngestResult:
    if partition.warc is not None:

        def read(path: Path):
            return warc_reader.read_records(path, partition.first, partition.stop)

        return ingest_files([Path(partition.warc)], sidecar, read=read)
    return ingest_files([Path(f) for f in partition.files], sidecar)


def read_dates(
    partition: Partition, sidecar: SidecarDates | None, stored: dict[str, tuple[str | None, str]]
) -> list[tuple[str, dt.date | None, bool]]:
    """Runs on a worker, before annotation: each article's id, stated date and whether it needs annotating,
    so the client knows the order the grouping stream will take (``scale.feed``)."""
    from storyline.pipeline import needs_annotation

    return [(a.id, a.stated_date, needs_annotation(a, stored)) for a in _read(partition, sidecar).articles]


def annotate_partition(
    partition: Partition,
    sidecar: SidecarDates | None,
    stored: dict[str, tuple[str | None, str]],
    batch_size: int,
    store_url: str | None = None,
) -> PartitionResult:
    """Runs on a worker: read the partition, annotate what the store does not hold (or holds with another date),
    and with a shared store (``store_url``) save the annotations there itself."""
    from distributed import get_worker

    from storyline.pipeline import needs_annotation
    from storyline.timing import StageTimes

    resources = get_worker().plugins[PLUGIN_NAME].resources
    read_result = _read(partition, sidecar)
    result = PartitionResult(skipped=read_result.skipped)
    fresh = [article for article in read_result.articles if needs_annotation(article, stored)]
    result.reused_ids = [article.id for article in read_result.articles if not needs_annotation(article, stored)]
    times = StageTimes()
    result.annotated = list(
        annotate(
            fresh,
            resources,
            batch_size,
            times=times,
            on_error=lambda article, reason: result.failed.append((article, reason)),
        )
    )
    if store_url and result.annotated:
        from storyline.store import Store

        with times.stage("store"):
            shared = Store.open(store_url)
            try:
                for annotated in result.annotated:  # saving again what a task killed earlier saved is harmless
                    shared.save_annotated(annotated, ANNOTATION_VERSION)
            finally:
                shared.close()
    result.seconds = dict(times.seconds)
    return result


def compose_on_cluster(
    client: Client,
    stories: list[Story],
    store: Store,
    grouping: Grouping,
    settings: TimelineSettings,
    store_url: str | None = None,
) -> Iterator[tuple[Story, ComposedStory]]:
    """Compose and render each story as a task, results in story order.  Each task gets only its
    story's duplicates and reuses; its members travel from here, or with a shared store
    (``shared_store``) the worker reads them itself."""
    from storyline.pipeline import compose_render

    workers_store = shared_store(store_url)

    def call(story: Story) -> tuple:
        ids = set(story.article_ids)
        members = None if workers_store else store.load_annotated(story.article_ids)
        duplicates = {k: v for k, v in grouping.duplicate_of.items() if k in ids}
        reuses = [r for r in grouping.reuses if r.article_id in ids]
        return (compose_render, story, members, duplicates, reuses, settings, workers_store)

    yield from zip(stories, _in_order(client, map(call, stories)), strict=True)


def shared_store(store_url: str | None) -> str | None:
    """The store URL workers can write to themselves: a database server, not a client's SQLite file."""
    return store_url if store_url and store_url.startswith(("postgresql://", "postgres://")) else None


def plan_partitions(
    client: Client,
    files: list[Path],
    files_per_partition: int = FILES_PER_PARTITION,
    records_per_partition: int = RECORDS_PER_PARTITION,
) -> list[Partition]:
    """Partitions in input order.  WARC files are counted on the workers (a pass over record headers)
    and cut into record ranges; a WARC file that cannot be counted is one partition, whose reading
    then reports why.  Partitions shrink towards the end of the input (``TailSizes``), so the workers
    finish together instead of one of them idling while another reads a last full partition."""
    warcs = [f for f in files if warc_reader.is_warc(f)]
    counts = dict(
        zip(warcs, client.gather(client.map(_count_or_none, [str(f) for f in warcs], pure=False)), strict=True)
    )
    plain_total = len(files) - len(warcs)
    record_total = sum(c for c in counts.values() if c)
    # a record is a smaller unit of work than a file (requests and redirects among them): counted as
    # files_per_partition / records_per_partition of one
    sizes = TailSizes(
        remaining=plain_total + record_total * files_per_partition / records_per_partition,
        workers=max(1, sum(client.nthreads().values())),
        files_per_partition=files_per_partition,
    )
    partitions: list[Partition] = []
    plain: list[str] = []
    for path in files:
        if not warc_reader.is_warc(path):
            plain.append(str(path))
            if len(plain) >= sizes.next(files_per_partition, MIN_FILES_PER_PARTITION):
                partitions.append(Partition(files=tuple(plain)))
                sizes.done(len(plain))
                plain = []
            continue
        if plain:
            partitions.append(Partition(files=tuple(plain)))
            sizes.done(len(plain))
            plain = []
        total = counts[path]
        if total is None:
            partitions.append(Partition(warc=str(path)))
            continue
        first = 0
        while first < total:
            stop = min(total, first + sizes.next(records_per_partition, MIN_RECORDS_PER_PARTITION))
            partitions.append(Partition(warc=str(path), first=first, stop=stop))
            sizes.done((stop - first) * files_per_partition / records_per_partition)
            first = stop
    if plain:
        partitions.append(Partition(files=tuple(plain)))
    return partitions


@dataclass
class TailSizes:
    """Partition sizes that shrink as the input runs out ("factoring" in loop scheduling): a partition
    is full size while the work left is more than ``TAIL_PARTITIONS_PER_WORKER`` full partitions per
    worker, then takes that share of what is left, down to a floor: a last full partition (32 Timeline17
    articles, four seconds of one core) would keep the run going while the other workers idle."""

    remaining: float  # work left, in files
    workers: int
    files_per_partition: int

    def next(self, size: int, floor: int) -> int:
        """The next partition's size, in the units (files or records) of which a full partition has ``size``."""
        share = self.remaining / (TAIL_PARTITIONS_PER_WORKER * self.workers * self.files_per_partition)
        return max(min(floor, size), min(size, math.ceil(size * share)))

    def done(self, work: float) -> None:
        self.remaining = max(0.0, self.remaining - work)


def _count_or_none(path: str) -> int | None:
    try:
        return warc_reader.count_records(Path(path))
    except (OSError, ValueError, StorylineError):
        return None


def annotate_on_cluster(
    client: Client,
    inputs: list[str],
    sidecar: SidecarDates | None,
    store: Store,
    settings: Settings,
    model: str | None,
    report: BuildReport,
    progress: Progress,
    times: StageTimes,
    failed: Callable[[Article, str], None],
    store_url: str | None = None,
    stream: GroupingStream | None = None,
) -> ClusterAnnotated:
    """The cluster's counterpart of the pipeline's ingest + annotate: same articles, same order, stored
    by the workers when the store is a PostgreSQL server, else here.  With a grouping ``stream``, a
    first pass reads every partition's ids and dates, and each completed partition's articles go to
    the stream, which groups whole chunks of the publication order as they complete.  Only the
    articles and the undated ones' annotations stay here (``ClusterAnnotated``)."""
    workers_store = shared_store(store_url)
    files, skipped = expand_inputs(inputs)
    report.skipped.extend(skipped)
    with times.stage("load model"):
        loaded = client.run(_has_pipeline, model, settings.spacy_speedups)
        if not loaded or not all(loaded.values()):  # a client used for several builds loads it once
            client.register_plugin(worker_plugin(model, settings.spacy_speedups))
    with times.stage("store"):
        stored = store.published_of(store.annotated_ids(ANNOTATION_VERSION))
    with times.stage("plan"):
        partitions = plan_partitions(client, files)
    # one copy per worker, sent once (a dict given to scatter would become one future per article)
    stored_on_workers = client.scatter([stored], broadcast=True)[0] if stored else {}
    repeated: set[str] | None = None  # ids read more than once; None: not known (no first pass)
    if stream is not None:
        with times.stage("plan"):
            calls = client.map(read_dates, partitions, sidecar=sidecar, stored=stored_on_workers, pure=False)
            expected = [entry for read in client.gather(calls) for entry in read]
            stream.expect(expected)
            counts = Counter(article_id for article_id, _stated, _needs in expected)
            repeated = {article_id for article_id, count in counts.items() if count > 1}
    seen: set[str] = set()
    kept = ClusterAnnotated()
    first_copy: dict[str, AnnotatedArticle] = {}  # kept while a later copy may overwrite it in a shared store
    with times.stage("cluster"):
        calls = (
            (annotate_partition, p, sidecar, stored_on_workers, settings.batch_size, workers_store) for p in partitions
        )
        results: Iterator[PartitionResult] = _in_order(client, calls)
        for result in results:
            for name, seconds in result.seconds.items():
                times.add(name, seconds)
            report.skipped.extend(result.skipped)
            for article_id in result.reused_ids:
                if article_id not in seen:
                    seen.add(article_id)
                    report.reused += 1
            for article, reason in result.failed:
                if article.id not in seen:
                    seen.add(article.id)
                    failed(article, reason)
                    if stream is not None:
                        stream.fail(article.id)
            for annotated in result.annotated:
                if annotated.article.id in seen:  # the same article in a later input: read once, as ingest does
                    if workers_store and annotated.article.id in first_copy:  # a worker saved the later copy
                        store.save_annotated(first_copy[annotated.article.id], ANNOTATION_VERSION)
                    continue
                seen.add(annotated.article.id)
                if workers_store:
                    if repeated is None or annotated.article.id in repeated:
                        first_copy[annotated.article.id] = annotated
                else:
                    store.save_annotated(annotated, ANNOTATION_VERSION)
                if progress.on_article:
                    progress.on_article(annotated.article)
                kept.articles.append(annotated.article.without_text())
                if annotated.article.published is None:
                    kept.undated.append(annotated)
                if stream is not None:
                    stream.arrive(annotated)
            if stream is not None:
                stream.step()
    return kept


def _in_order(client: Client, calls: Iterable[tuple]) -> Iterator:
    """Submit a bounded window of tasks (each ``(function, *arguments)``, made only when submitted);
    yield their results in order."""
    workers = max(1, sum(client.nthreads().values()))
    ahead = PARTITIONS_AHEAD_PER_WORKER * workers
    pending: deque = deque()
    queue = iter(calls)
    while True:
        while len(pending) < ahead:
            call = next(queue, None)
            if call is None:
                break
            pending.append(client.submit(*call, pure=False))
        if not pending:
            return
        future = pending.popleft()
        result = future.result()
        future.release()
        yield result


@contextlib.contextmanager
def connect(scheduler: str | None = None, local_workers: int | None = None) -> Iterator[Client]:
    """A client of a running scheduler (``tcp://host:8786``) or of a LocalCluster of worker processes."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as err:
        raise StorylineError(
            "E080", "Running on a cluster needs dask.distributed.", "Install it with: pip install 'storyline[cluster]'"
        ) from err
    if scheduler:
        try:
            client = Client(scheduler, timeout="30s")
        except OSError as err:
            raise StorylineError(
                "E081",
                f"No Dask scheduler answered at {scheduler} ({err}).",
                "Start one with `dask scheduler` and workers with `dask worker <address>`.",
            ) from err
        with client:
            yield client
        return
    import dask.config

    with dask.config.set(LOCAL_WORKER_CONFIG):  # the nannies hand this configuration to their workers
        cluster = LocalCluster(
            n_workers=local_workers or 1, threads_per_worker=1, processes=True, dashboard_address=None
        )
    with cluster, Client(cluster) as client:
        yield client


def parse_local(spec: str) -> int:
    """``local:N`` → N worker processes on this machine."""
    kind, _, count = spec.partition(":")
    if kind != "local" or not count.isdigit() or int(count) < 1:
        raise StorylineError("E082", f"--cluster {spec!r} is not local:N.", "Write e.g. --cluster local:2.")
    return int(count)


__all__ = [
    "ClusterAnnotated",
    "Partition",
    "PartitionResult",
    "annotate_on_cluster",
    "annotate_partition",
    "compose_on_cluster",
    "connect",
    "parse_local",
    "plan_partitions",
]
