"""Throughput of `storyline build` on one core, after the model is loaded.

    .venv/bin/python benchmarks/throughput.py [--t17 500] [--data-root ../shared/data/tls]

Builds the bundled example corpus and N raw Timeline17 articles (publication dates from their
folder names, given as a --dates side file) into temporary folders, pinned to one core with
one BLAS thread, and prints articles per second and the share of each stage.
Target: ≥ 20 articles/s per core.
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import argparse  # noqa: E402
import csv  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from storyline.annotate.lasting_heap import keep_freed_memory  # noqa: E402
from storyline.config import GroupSettings, Settings  # noqa: E402
from storyline.evaluate.results import JSON_OUT_HELP, write_results  # noqa: E402
from storyline.pipeline import build  # noqa: E402
from storyline.resources import Resources  # noqa: E402
from storyline.timing import StageTimes  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def t17_sample(data_root: Path, count: int, folder: Path) -> tuple[list[str], Path]:
    """Every k-th raw T17 article (spread over topics), with a side file of their dates."""
    # links need absolute targets
    files = sorted((data_root.resolve() / "timeline17_original").glob("*/InputDocs/*/*.txt"))
    files = [f for f in files if f.stat().st_size > 0]
    step = max(1, len(files) // count)
    chosen = files[::step][:count]
    links = []
    dates = folder / "dates.csv"
    with dates.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["file", "published"])
        for index, path in enumerate(chosen):
            link = folder / "articles" / f"{index:05d}_{path.name}"
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path)
            writer.writerow([link.name, path.parent.name])
            links.append(str(link))
    return links, dates


def measure(
    name: str, inputs: list[str], resources: Resources, dates: Path | None, single_story: bool
) -> dict[str, object]:
    """Build ``inputs`` on one core, print the speed and each stage's share, and return those figures."""
    times = StageTimes()
    settings = Settings(group=GroupSettings(single_story=single_story))
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        report = build(inputs, Path(out), settings, dates, resources=resources, times=times, processes=1)
        elapsed = time.perf_counter() - start - times.seconds.get("load model", 0.0)
    count = len(report.added)
    tokens = sum(len(a.text.split()) for a in report.added)
    print(f"\n{name}: {count} articles, {tokens / max(count, 1):.0f} words each on average")
    print(f"  {count / elapsed:.1f} articles/s on one core ({tokens / elapsed:.0f} words/s); target ≥ 20 articles/s")
    for stage, seconds in sorted(times.seconds.items(), key=lambda kv: -kv[1]):
        if stage != "load model":
            print(f"  {stage:<20} {seconds:7.2f} s  {seconds / elapsed:5.1%}")
    actors = sum(times.seconds.get(s, 0.0) for s in ("quotes", "claims", "compose entities", "compose figures"))
    share = times.seconds.get("temporal", 0.0) / elapsed
    print(f"  temporal tagger share of build time: {share:.1%} (target: must not dominate)")
    print(
        f"  quotes + figures + entities add {actors / max(elapsed - actors, 1e-9):.1%} to the rest of the build "
        "(target: at most 30 %)"
    )
    return {
        "articles": count,
        "words_per_article": round(tokens / max(count, 1)),
        "seconds": round(elapsed, 2),
        "articles_per_s": round(count / elapsed, 2),
        "words_per_s": round(tokens / elapsed),
        "stage_seconds": {
            stage: round(seconds, 2) for stage, seconds in times.seconds.items() if stage != "load model"
        },
        "load_average": [round(v, 2) for v in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--t17", type=int, default=500, help="raw Timeline17 articles to build (0: skip)")
    parser.add_argument("--data-root", type=Path, default=ROOT.parent / "shared" / "data" / "tls")
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    keep_freed_memory()  # as the storyline command does
    resources = Resources()
    resources.nlp  # noqa: B018 - loaded before timing
    figures = {"examples": measure("example corpus", [str(ROOT / "examples")], resources, None, single_story=False)}
    if args.t17:
        with tempfile.TemporaryDirectory() as folder:
            inputs, dates = t17_sample(args.data_root, args.t17, Path(folder))
            figures["t17"] = measure("Timeline17 raw articles", inputs, resources, dates, single_story=False)
    if args.json_out:
        write_results(args.json_out, figures)


if __name__ == "__main__":
    main()
