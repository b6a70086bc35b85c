"""Annotation-stage throughput: Dask workers beside the local process pool, on the same Timeline17 articles.

    .venv/bin/python benchmarks/cluster_throughput.py --t17 1000 [--repeat 3] \
        [--data-root ../shared/data/tls] [--json-out FILE]

The stage measured is what a build does before grouping: read the files, annotate them, save the
annotations to a fresh SQLite store.  ``-j 1`` / ``-j 2`` run it in this process or a local pool of
two forked workers; ``dask 1`` / ``dask 2`` on a LocalCluster of one or two worker processes, where
the workers also read the files.  Starting the cluster and loading spaCy are left out of every
figure (each worker loads it once, before the clock starts).  With ``--repeat N`` the four runs are
repeated N times in turn and each figure is the median run's (by articles/s), with the range beside it:
on this 2-core machine one run's rate varies by several per cent, the efficiency by up to 0.07.

Beside the wall time it prints the CPU seconds per article, summed over every process that took
part (this one, its pool's children, the Dask workers; the LocalCluster's scheduler runs in this
process): on a machine shared with other jobs the wall time says little about scaling, while the
CPU cost per article, and so the overhead of Dask, is what one core would pay.  For Dask it also
prints the share of that CPU spent in this process (client, scheduler and nannies).
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
from storyline.evaluate.results import JSON_OUT_HELP, write_results  # noqa: E402
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
) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as out:
        store = Store.open(Path(out) / "storyline.db")
        report, times, settings = BuildReport(out=Path(out)), StageTimes(), Settings()
        failures: list[str] = []
        cpu, own = _cpu_seconds(client), _cpu_seconds()
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
            ).articles
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
        cpu, own = _cpu_seconds(client) - cpu, _cpu_seconds() - own
        store.close()
    rate = len(done) / elapsed
    load = os.getloadavg()
    here = f", {own / cpu:.1%} of it in this process" if client is not None else ""
    print(
        f"{name:8s} {len(done):5d} articles  {elapsed:7.1f} s  {rate:6.2f} articles/s  "
        f"CPU {cpu / len(done) * 1000:6.1f} ms/article{here}  ({len(failures)} failed)  "
        f"load average at the end {load[0]:.1f} (1 min) {load[1]:.1f} (5 min)",
        flush=True,
    )
    return {
        "articles": len(done),
        "failed": len(failures),
        "wall_seconds": round(elapsed, 2),
        "articles_per_second": round(rate, 3),
        "cpu_ms_per_article": round(cpu / len(done) * 1000, 1),
        "cpu_share_of_this_process": round(own / cpu, 4),
        "load_average_at_end": [round(x, 2) for x in load[:2]],
    }


def _median_run(results: list[dict]) -> dict:
    """The run with the median rate (the lower middle one of an even number), with the range of the rates."""
    ordered = sorted(results, key=lambda figures: figures["articles_per_second"])
    median = dict(ordered[(len(ordered) - 1) // 2])
    median["articles_per_second_range"] = [ordered[0]["articles_per_second"], ordered[-1]["articles_per_second"]]
    return median


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
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each configuration, in turn (median kept)")
    args = parser.parse_args()
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    every: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        inputs, dates = t17_sample(args.data_root, args.t17, Path(folder))
        sidecar = SidecarDates.load(dates)
        resources = Resources()
        resources.nlp  # noqa: B018 - loaded before the clock, and before the pool forks
        for _ in range(args.repeat):
            for processes in (1, 2):
                name = f"-j {processes}"
                every.setdefault(name, []).append(run(name, inputs, sidecar, processes=processes, resources=resources))
            for workers in (1, 2):
                with connect(local_workers=workers) as client:
                    client.register_plugin(worker_plugin(None))  # spaCy loaded on every worker before the clock
                    name = f"dask {workers}"
                    every.setdefault(name, []).append(run(name, inputs, sidecar, client=client))
    runs = {name: _median_run(results) for name, results in every.items()}
    rates = {name: figures["articles_per_second"] for name, figures in runs.items()}
    overhead = 1 - rates["dask 1"] / rates["-j 1"]
    efficiency = rates["dask 2"] / (2 * rates["dask 1"])
    pool_efficiency = rates["-j 2"] / (2 * rates["-j 1"])
    each = [
        every["dask 2"][i]["articles_per_second"] / (2 * every["dask 1"][i]["articles_per_second"])
        for i in range(args.repeat)
    ]
    if args.repeat > 1:
        for name, figures in runs.items():
            low, high = figures["articles_per_second_range"]
            print(f"{name:8s} median {figures['articles_per_second']:6.2f} articles/s (range {low:.2f}-{high:.2f})")
    print(f"Dask overhead on one worker: {overhead:.1%} (goal ≤ 10 %)")
    print(
        f"scaling efficiency, 2 Dask workers: {efficiency:.2f} (goal ≥ 0.9); local pool: {pool_efficiency:.2f}"
        + (f"; repeat by repeat: {', '.join(f'{e:.2f}' for e in each)}" if args.repeat > 1 else "")
    )
    if args.json_out:
        figures = {
            "articles": args.t17,
            "load_average_at_start": load_at_start,
            "runs": runs,
            "dask_overhead_one_worker": round(overhead, 4),
            "scaling_efficiency_two_dask_workers": round(efficiency, 3),
            "scaling_efficiency_local_pool": round(pool_efficiency, 3),
            "repeat": args.repeat,
            "scaling_efficiency_two_dask_workers_each_repeat": [round(e, 3) for e in each],
        }
        write_results(args.json_out, figures)


if __name__ == "__main__":
    main()
