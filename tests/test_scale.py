"""The Dask backend: a LocalCluster of two worker processes builds what one process builds, and a
worker killed in the middle of a task costs no article and repeats none."""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
import time
from pathlib import Path

import pytest
from test_store import postgres_url  # noqa: F401, F811 - the throwaway PostgreSQL server fixture

from conftest import EXAMPLES

distributed = pytest.importorskip("distributed")

from storyline.annotate import ANNOTATION_VERSION  # noqa: E402
from storyline.config import Settings  # noqa: E402
from storyline.ingest import ingest  # noqa: E402
from storyline.pipeline import build  # noqa: E402
from storyline.scale.dask_run import (  # noqa: E402
    PLUGIN_NAME,
    Partition,
    TailSizes,
    connect,
    parse_local,
    plan_partitions,
)
from storyline.store import Store  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client():
    with connect(local_workers=2) as dask_client:
        yield dask_client


def _story_files(out: Path) -> dict[str, str]:
    return {
        str(p.relative_to(out)): p.read_text(encoding="utf-8") for p in sorted((out / "stories").rglob("story.json"))
    }


def _stories(out: Path) -> list[tuple]:
    document = json.loads((out / "stories.json").read_text(encoding="utf-8"))
    return [(s["id"], s["title"], s["size"], s["first_published"], s["last_published"]) for s in document["stories"]]


def test_two_dask_workers_build_the_same_stories_as_one_process(tmp_path, resources, examples_built, client):
    assert len(client.scheduler_info()["workers"]) == 2
    report = build([str(EXAMPLES)], tmp_path, resources=resources, cluster=client)
    one = examples_built["out"]
    assert len(report.added) == len(examples_built["report"].added) > 0
    # the client keeps what the report prints of each article, not its text (a million texts would not fit)
    assert all(a.text == "" and (a.path or a.url) for a in report.added)
    assert _stories(tmp_path) == _stories(one)
    dask_files, one_files = _story_files(tmp_path), _story_files(one)
    assert dask_files and dask_files == one_files
    assert (tmp_path / "story.json").read_text(encoding="utf-8") == (one / "story.json").read_text(encoding="utf-8")


def test_local_cluster_workers_start_with_one_malloc_arena_and_without_the_profiler(client):
    """The LocalCluster's settings reach its worker processes: the environment glibc reads at start and
    the Dask configuration the nannies hand over."""

    def worker_settings() -> tuple:
        import dask.config

        return (
            os.environ.get("MALLOC_ARENA_MAX"),
            dask.config.get("distributed.worker.profile.enabled"),
            dask.config.get("distributed.worker.memory.monitor-interval"),
        )

    assert set(client.run(worker_settings).values()) == {("1", False, "1s")}


def test_the_workers_load_spacy_with_the_builds_speedup_setting(tmp_path, resources, client):
    def speedups(dask_worker=None) -> bool:
        return dask_worker.plugins[PLUGIN_NAME].speedups

    article = str(EXAMPLES / "gazette_board-to-vote.txt")
    plain = Settings(spacy_speedups=False)
    build([article], tmp_path / "plain", settings=plain, resources=resources, cluster=client)
    assert set(client.run(speedups).values()) == {False}
    build([article], tmp_path / "fast", resources=resources, cluster=client)  # the default: the speed-ups
    assert set(client.run(speedups).values()) == {True}
    plain_story = (tmp_path / "plain" / "story.json").read_text(encoding="utf-8")
    assert plain_story == (tmp_path / "fast" / "story.json").read_text(encoding="utf-8")  # the same answers


def test_grouping_fed_chunk_by_chunk_during_a_dask_build_gives_the_one_process_stories(
    tmp_path, resources, client, monkeypatch
):
    from storyline import group
    from storyline.scale import feed

    monkeypatch.setattr(group, "CHUNK", 3)  # the examples' articles make several chunks (this process groups)
    grouped_early = []
    finish = feed.GroupingStream.finish

    def counting_finish(self, dated):
        grouped_early.append(len(self.updates))
        return finish(self, dated)

    monkeypatch.setattr(feed.GroupingStream, "finish", counting_finish)
    build([str(EXAMPLES)], tmp_path / "one", resources=resources)
    build([str(EXAMPLES)], tmp_path / "dask", resources=resources, cluster=client)
    assert grouped_early and grouped_early[0] >= 2  # whole chunks were grouped before the end of annotation
    assert _stories(tmp_path / "dask") == _stories(tmp_path / "one")
    assert _story_files(tmp_path / "dask") == _story_files(tmp_path / "one")


def test_the_client_keeps_the_annotations_of_undated_articles_only(tmp_path, examples_built, client):
    """The dated articles' annotations go to the store and the grouping stream, not into a list kept
    until the end of the build; the undated ones, which dating needs whole, are kept."""
    from storyline.config import Settings
    from storyline.pipeline import BuildReport, Progress
    from storyline.scale.dask_run import annotate_on_cluster
    from storyline.timing import StageTimes

    store = Store.open(tmp_path / "storyline.db")
    try:
        kept = annotate_on_cluster(
            client,
            [str(EXAMPLES)],
            None,
            store,
            Settings(),
            None,
            BuildReport(out=tmp_path),
            Progress(),
            StageTimes(),
            lambda article, reason: None,
        )
        stored = store.annotated_ids(ANNOTATION_VERSION)
    finally:
        store.close()
    one_process = [a.id for a in examples_built["report"].added]
    assert [a.id for a in kept.articles] == one_process and stored == set(one_process)
    undated = [a.id for a in kept.articles if a.published is None]
    assert undated and [a.article.id for a in kept.undated] == undated


def test_a_second_dask_build_reuses_the_store(tmp_path, resources, client):
    first = build([str(EXAMPLES)], tmp_path, resources=resources, cluster=client)
    again = build([str(EXAMPLES)], tmp_path, resources=resources, cluster=client)
    assert again.added == [] and again.reused == len(first.added) > 0


def test_warc_files_are_cut_into_record_ranges_in_input_order(tmp_path, client):
    from test_warc import _page, _record

    first, second = tmp_path / "a.warc.gz", tmp_path / "b.warc.gz"
    first.write_bytes(b"".join(_record(f"https://news.example.org/a{i}", _page(i)) for i in range(5)))
    second.write_bytes(_record("https://news.example.org/b0", _page(9)))
    text = tmp_path / "c.txt"
    text.write_text("Title\n\nThe pier opened on Monday.", encoding="utf-8")
    partitions = plan_partitions(client, [first, text, second], files_per_partition=4, records_per_partition=2)
    assert partitions == [
        Partition(warc=str(first), first=0, stop=2),
        Partition(warc=str(first), first=2, stop=4),
        Partition(warc=str(first), first=4, stop=5),
        Partition(files=(str(text),)),
        Partition(warc=str(second), first=0, stop=1),
    ]


def test_partitions_shrink_towards_the_end_so_the_workers_finish_together(tmp_path, client):
    files = [tmp_path / f"{i:04}.txt" for i in range(1000)]
    partitions = plan_partitions(client, files, files_per_partition=32)
    sizes = [len(p.files) for p in partitions]
    workers = sum(client.nthreads().values())
    assert [f for p in partitions for f in p.files] == [str(f) for f in files]  # each file once, in order
    assert sizes[0] == 32 and max(sizes) == 32 and min(sizes) >= 1
    assert sizes == sorted(sizes, reverse=True)  # never larger again once they shrink
    # the last partitions of each worker are a fraction of a full one
    assert all(size <= 8 for size in sizes[-workers:])
    assert sum(sizes[-2 * workers :]) < 2 * workers * 32 / 2


def test_tail_sizes_never_go_below_the_floor_nor_above_a_full_partition():
    sizes = TailSizes(remaining=10, workers=4, files_per_partition=32)
    assert sizes.next(32, 4) == 4  # ten files for four workers: the floor
    assert sizes.next(2, 12) == 2  # a floor larger than a full partition gives the full one
    sizes = TailSizes(remaining=10_000, workers=4, files_per_partition=32)
    assert sizes.next(32, 4) == 32 and sizes.next(96, 12) == 96


def test_local_cluster_spec_is_checked():
    assert parse_local("local:3") == 3
    from storyline.errors import StorylineError

    for bad in ("local:0", "local", "remote:2", "local:two"):
        with pytest.raises(StorylineError):
            parse_local(bad)


def _many_articles(folder: Path, copies: int) -> list[str]:
    """The examples' text files under several names: distinct articles (ids hash the file name), one long task."""
    folder.mkdir()
    for copy in range(copies):
        for source in sorted(EXAMPLES.glob("*.txt")) + sorted(EXAMPLES.glob("*.md")):
            if source.name.upper().startswith("README"):
                continue
            shutil.copy(source, folder / f"{copy}_{source.name}")
    return [str(folder)]


def test_a_worker_killed_mid_task_is_retried_and_every_article_annotated_once(tmp_path, resources, client):
    inputs = _many_articles(tmp_path / "in", copies=12)  # 48 files: two partitions, one per worker
    killed: list[int] = []

    def kill_the_busy_worker() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            busy = [
                address
                for address, keys in client.processing().items()
                if any("annotate_partition" in str(key) for key in keys)
            ]
            if busy:
                pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append((pid, busy[0]))
                return
            time.sleep(0.005)

    killer = threading.Thread(target=kill_the_busy_worker)
    killer.start()
    report = build(inputs, tmp_path / "out", resources=resources, cluster=client)
    killer.join()
    assert killed, "no annotation task was seen running"
    killed_pid, killed_address = killed[0]
    deadline = time.monotonic() + 60  # the nanny starts a fresh worker in the killed one's place
    while time.monotonic() < deadline:
        workers = client.scheduler_info()["workers"]
        if killed_address not in workers and len(workers) == 2:
            break
        time.sleep(0.2)
    assert killed_pid not in client.run(os.getpid).values()
    reruns = client.run_on_scheduler(_times_processing)
    assert max(reruns.values()) >= 2, reruns  # the killed worker's task ran again elsewhere

    ids = [a.id for a in report.added]
    expected = len(ingest(inputs).articles)  # what one process reads from the same files
    assert expected >= 8
    assert len(ids) == len(set(ids)) == expected
    store = Store.open(tmp_path / "out" / "storyline.db")
    try:
        assert store.annotated_ids(ANNOTATION_VERSION) == set(ids)
    finally:
        store.close()
    sizes = [s["size"] for s in json.loads((tmp_path / "out" / "stories.json").read_text())["stories"]]
    assert sum(sizes) == expected  # every article in one story, none twice


def _times_processing(dask_scheduler) -> dict[str, int]:
    """How often the scheduler sent each annotation task to a worker (from its transition log)."""
    counts: dict[str, int] = {}
    for entry in dask_scheduler.transition_log:
        key, _start, finish = entry[0], entry[1], entry[2]
        if "annotate_partition" in str(key) and finish == "processing":
            counts[str(key)] = counts.get(str(key), 0) + 1
    return counts


def test_workers_write_annotations_straight_to_a_postgresql_store(
    tmp_path,
    resources,
    examples_built,
    client,
    postgres_url,  # noqa: F811 - the fixture
    monkeypatch,
):
    from storyline.scale import dask_run

    assert dask_run.shared_store(postgres_url) == postgres_url
    assert dask_run.shared_store(str(tmp_path / "storyline.db")) is None
    saved_here: list[str] = []
    original = Store.save_annotated
    monkeypatch.setattr(
        Store,
        "save_annotated",  # in this process only: the workers are other processes
        lambda self, annotated, version: (saved_here.append(annotated.article.id), original(self, annotated, version)),
    )
    report = build([str(EXAMPLES)], tmp_path, resources=resources, cluster=client, store_url=postgres_url)
    # the workers store what they annotate; this process stores again only the articles it dated by inference
    inferred = {a.id for a in report.added if a.published_source == "inferred"}
    assert report.added and set(saved_here) == inferred
    store = Store.open(postgres_url)
    try:
        assert store.annotated_ids(ANNOTATION_VERSION) == {a.id for a in report.added}
    finally:
        store.close()
    assert _stories(tmp_path) == _stories(examples_built["out"])
    assert _story_files(tmp_path) == _story_files(examples_built["out"])


def test_a_cluster_option_that_names_no_cluster_is_a_usage_error(tmp_path):
    from typer.testing import CliRunner

    from storyline.cli import app

    runner = CliRunner()
    bad = runner.invoke(app, ["build", str(EXAMPLES), "-o", str(tmp_path), "--cluster", "remote:2"])
    assert bad.exit_code == 2 and "local:N" in bad.output
    both = runner.invoke(
        app,
        ["build", str(EXAMPLES), "-o", str(tmp_path), "--cluster", "local:1", "--scheduler", "tcp://127.0.0.1:8786"],
    )
    assert both.exit_code == 2 and "E083" in both.output
    assert not (tmp_path / "storyline.db").exists()
