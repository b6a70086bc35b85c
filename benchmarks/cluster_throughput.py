"""Annotation-stage throughput: Dask workers beside the local process pool, on the same Timeline17 articles.

    .venv/bin/python benchmarks/cluster_throughput.py --t17 1000 [--data-root ../shared/data/tls]

The stage measured is what a build does before grouping: read the files, annotate them, save the
annotations to a fresh SQLite store.  ``-j 1`` / ``-j 2`` run it in this process or a local pool of
two forked workers; ``dask 1`` / ``dask 2`` on a LocalCluster of one or two worker processes, where
the workers also read the files.  Starting the cluster and loading spaCy are left out of every
figure (each worker loads it once, before the clock starts).

Beside the wall time it prints the CPU seconds per article, summed over every process that took
part (this one, its pool's children, the Dask workers; the LocalCluster's scheduler runs in this
process): on a machine shared with other jobs the wall time says little about scaling, while the
CPU cost per article, and so the overhead of Dask, is what one core would pay.
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import argparse  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

from throughput import ROOT, t17_sample  # noqa: E402

from storyline.config import Settings  # noqa: E402
from storyline.ingest import SidecarDates  # noqa: E402
from storyline.pipeline import BuildReport, Progress, annotate_here  # noqa: E402
from storyline.resources import Resources  # noqa: E402
from storyline.scale.dask_run import annotate_on_cluster, connect, worker_plugin  # noqa: E402
from storyline.store import Store  # noqa: E402
from storyline.timing import StageTimes  # noqa: E402


def run(
    name: str,
    inputs: list[str],
    sidecar: SidecarDates,
    client=None,
    processes: int = 1,
    resources: Resources | None = None,
) -> float:
    with tempfile.TemporaryDirectory() as out:
        store = Store.open(Path(out) / "storyline.db")
        report, times, settings = BuildReport(out=Path(out)), StageTimes(), Settings()
        failures: list[str] = []
        cpu = _cpu_seconds(client)
        start = time.perf_counter()
        if client is not None:
            done = annotate_on_cluster(
                client,
                inputs,
                sidecar,
                store,
                settings,
                None,
                report,
                Progress(),
                times,
                lambda article, reason: failures.append(reason),
            )
        else:
            done = annotate_here(
                inputs,
                Path(out),
                sidecar,
                store,
                settings,
                resources,
                report,
                Progress(),
                processes,
                times,
                lambda article, reason: failures.append(reason),
            )
        elapsed = time.perf_counter() - start - times.seconds.get("load model", 0.0)
        cpu = _cpu_seconds(client) - cpu
        store.close()
    rate = len(done) / elapsed
    print(
        f"{name:8s} {len(done):5d} articles  {elapsed:7.1f} s  {rate:6.2f} articles/s  "
        f"CPU {cpu / len(done) * 1000:6.1f} ms/article  ({len(failures)} failed)  "
        f"load average at the end {os.getloadavg()[0]:.1f} (1 min) {os.getloadavg()[1]:.1f} (5 min)",
        flush=True,
    )
    return rate


def _cpu_seconds(client=None) -> float:
    """CPU seconds of this process, its reaped children and (with a client) every Dask worker."""
    own = sum(
        getattr(resource.getrusage(who), field)
        for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
        for field in ("ru_utime", "ru_stime")
    )
    if client is None:
        return own
    return own + sum(client.run(time.process_time).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--t17", type=int, default=1000)
    parser.add_argument("--data-root", type=Path, default=ROOT.parent / "shared" / "data" / "tls")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        inputs, dates = t17_sample(args.data_root, args.t17, Path(folder))
        sidecar = SidecarDates.load(dates)
        resources = Resources()
        resources.nlp  # noqa: B018 - loaded before the clock, and before the pool forks
        rates = {
            "-j 1": run("-j 1", inputs, sidecar, processes=1, resources=resources),
            "-j 2": run("-j 2", inputs, sidecar, processes=2, resources=resources),
        }
        for workers in (1, 2):
            with connect(local_workers=workers) as client:
                client.register_plugin(worker_plugin(None))  # spaCy loaded on every worker before the clock
                rates[f"dask {workers}"] = run(f"dask {workers}", inputs, sidecar, client=client)
    print(f"Dask overhead on one worker: {1 - rates['dask 1'] / rates['-j 1']:.1%} (goal ≤ 10 %)")
    print(
        f"scaling efficiency, 2 Dask workers: {rates['dask 2'] / (2 * rates['dask 1']):.2f} (goal ≥ 0.9); "
        f"local pool: {rates['-j 2'] / (2 * rates['-j 1']):.2f}"
    )


if __name__ == "__main__":
    main()
