"""Annotate: the language stage.  One spaCy pass per article, then the taggers that read it.

``annotate`` turns ``Article`` objects into ``AnnotatedArticle`` objects: sentences
(never crossing a paragraph break), named-entity mentions, time expressions, quotes and
figures.  The spaCy ``Doc`` lives only inside this stage; later stages see plain data.
With ``processes`` > 1 whole articles are annotated in worker processes, each with its own
pipeline, and only the plain results travel back: the taggers run in parallel too, and a
``Doc`` is never pickled.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice

from threadpoolctl import threadpool_limits

from storyline.annotate.claims import find_claims
from storyline.annotate.lasting_heap import keep_freed_memory
from storyline.annotate.nlp import mentions_of, parse, sentences_of
from storyline.annotate.quotes import find_quotes
from storyline.annotate.temporal import TemporalTagger
from storyline.annotate.undated import describe_undated
from storyline.annotate.worker_lifetime import bind_to_parent, end_workers
from storyline.model import AnnotatedArticle, Article
from storyline.resources import Resources
from storyline.timing import StageTimes

#: The version of the annotations the store keeps. Bump it whenever an annotator's output changes (a rule added or
#: changed, another spaCy model or version), so that stored annotations are redone, and say what changed in
#: CHANGELOG.md.
ANNOTATION_VERSION = "164"

OnArticle = Callable[[Article], None]
OnError = Callable[[Article, str], None]


def annotate(
    articles: Iterable[Article],
    resources: Resources,
    batch_size: int = 32,
    on_article: OnArticle | None = None,
    processes: int = 1,
    times: StageTimes | None = None,
    on_error: OnError | None = None,
) -> Generator[AnnotatedArticle, None, None]:
    """Annotate articles lazily, in batches through spaCy; yields them in input order.

    ``processes`` > 1 annotates batches of articles in that many worker processes;
    ``times`` (optional) collects the seconds spent in spaCy and in each annotator (summed
    over workers).  An article on which an annotator fails is reported to ``on_error`` (or
    raised, without one) and the rest goes on: one odd article must not cost a long run.
    """
    times = times or StageTimes()
    if processes > 1:
        yield from _annotate_in_workers(articles, resources, batch_size, on_article, processes, times, on_error)
        return
    tagger = TemporalTagger()
    parsed = parse(articles, resources, batch_size, on_error)
    while True:
        with times.stage("spacy"):
            item = next(parsed, None)
        if item is None:
            return
        article, doc = item
        stage = "sentences"
        try:
            with times.stage("sentences+mentions"):
                sentences = sentences_of(doc)
                mentions = mentions_of(doc, sentences)
            stage = "temporal"
            with times.stage("temporal"):
                timexes = tagger.tag(doc, article.reference_date, sentences)
                if article.reference_date is None:
                    describe_undated(tagger, doc, sentences, timexes)
            stage = "quotes"
            with times.stage("quotes"):
                quotes = find_quotes(doc, sentences)
            stage = "claims"
            with times.stage("claims"):
                claims = find_claims(doc, sentences)
        except Exception as error:  # noqa: BLE001 - reported with the article, the run goes on
            if on_error is None:
                raise
            on_error(
                article,
                f"the {stage} annotator failed ({type(error).__name__}: {error}); please report this with the article",
            )
            continue
        if on_article:
            on_article(article)
        yield AnnotatedArticle(
            article=article, sentences=sentences, mentions=mentions, timexes=timexes, quotes=quotes, claims=claims
        )


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the platform tells it)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def worker_count(articles: int, batch_size: int = 32) -> int:
    """One worker per available core, but no pool for less than two batches: forking costs more than it saves."""
    return max(1, min(available_cores(), articles // batch_size))


# ── worker processes ──────────────────────────────────────────────────────────────────────────────

#: batches handed to the pool per worker before the oldest result is taken back.  Results come back in
#: input order, so a slow batch (one very long article) holds up the queue; with only 2 per worker
#: the other worker ran dry behind it (925 Timeline17 articles in two workers: the workers busy 93-95 %
#: of the time, against 97-98 % with 4, 8 or 16).  A batch's results are plain data (about 1 MB for 32
#: news articles); those waiting behind a slow batch are stored once it is done.
BATCHES_AHEAD_PER_WORKER = 8


@dataclass
class _BatchResult:
    """What a worker sends back for one batch: plain data only."""

    annotated: list[AnnotatedArticle] = field(default_factory=list)
    failed: list[tuple[Article, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


#: the pipeline of *this worker process*, set once by ``_start_worker`` (each worker owns one)
_worker_resources: Resources | None = None


def _start_worker(resources: Resources) -> None:
    """Keep the worker's BLAS on one thread: the pool already gives every core a worker, and a second
    BLAS thread per worker only fights the other workers for cores (128 Timeline17 articles on two
    cores annotated in 17.5 s instead of 21.5 s).  The worker also keeps the memory it frees
    (``lasting_heap``), so spaCy's large arrays do not cost fresh pages every batch."""
    global _worker_resources  # noqa: PLW0603 - per-process worker state is what a process pool gives
    bind_to_parent()
    threadpool_limits(1, user_api="blas")
    keep_freed_memory()
    _worker_resources = resources


def _annotate_batch(batch: list[Article], batch_size: int) -> _BatchResult:
    assert _worker_resources is not None, "worker started without resources"
    result = _BatchResult()
    times = StageTimes()

    def failed(article: Article, reason: str) -> None:
        result.failed.append((article, reason))

    result.annotated = list(annotate(batch, _worker_resources, batch_size, times=times, on_error=failed))
    result.seconds = dict(times.seconds)
    return result


def _annotate_in_workers(
    articles: Iterable[Article],
    resources: Resources,
    batch_size: int,
    on_article: OnArticle | None,
    processes: int,
    times: StageTimes,
    on_error: OnError | None,
) -> Iterator[AnnotatedArticle]:
    """Batches go to a pool of ``processes`` workers, BATCHES_AHEAD_PER_WORKER batches ahead each; results
    come back in order.

    On Linux the workers are forked after the parent has loaded the model, so they share it
    instead of loading it again; elsewhere each worker loads its own on first use.
    """
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    if method == "fork":
        resources.nlp  # noqa: B018 - load before forking, so workers inherit it
    pool = ProcessPoolExecutor(
        max_workers=processes,
        mp_context=multiprocessing.get_context(method),
        initializer=_start_worker,
        initargs=(resources,),
    )
    try:
        yield from _results_in_order(pool, articles, batch_size, on_article, processes, times, on_error)
    except BaseException:  # Ctrl-C, an error, or the consumer stopping: the workers end now, not after the queue
        end_workers(pool)
        raise
    pool.shutdown(wait=True)


def _results_in_order(
    pool: ProcessPoolExecutor,
    articles: Iterable[Article],
    batch_size: int,
    on_article: OnArticle | None,
    processes: int,
    times: StageTimes,
    on_error: OnError | None,
) -> Iterator[AnnotatedArticle]:
    """The pool's results, batch by batch in input order, BATCHES_AHEAD_PER_WORKER batches queued per worker."""
    source = iter(articles)
    ahead = BATCHES_AHEAD_PER_WORKER * processes
    pending: deque[Future[_BatchResult]] = deque()
    while True:
        while len(pending) < ahead:
            batch = list(islice(source, batch_size))
            if not batch:
                break
            pending.append(pool.submit(_annotate_batch, batch, batch_size))
        if not pending:
            return
        result = pending.popleft().result()
        for name, seconds in result.seconds.items():
            times.add(name, seconds)
        for article, reason in result.failed:
            if on_error is None:
                raise RuntimeError(f"annotating {article.id} failed: {reason}")
            on_error(article, reason)
        for annotated in result.annotated:
            if on_article:
                on_article(annotated.article)
            yield annotated
