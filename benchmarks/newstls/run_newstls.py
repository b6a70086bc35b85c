"""Run the news-tls reference implementation (Datewise, Clust) on the T17 topics it can read here.

This script lives outside the storyline package and imports news-tls from a checkout given on the
command line; no news-tls code is copied.  It follows news-tls's own evaluation loop
(experiments/evaluate.py): one run per gold timeline, as many dates as the gold timeline, round(mean
sentences per date), articles between the gold timeline's first and last date, the date-ranking
model trained without the topic (leave-one-topic-out pickles shipped with news-tls).  It writes the
predicted timelines, unscored, to JSON; storyline's scorer scores them beside storyline.

Preprocessed articles exist for t17/{finan,h1n1,haiti,mj} and for 13 of the 17 original source
folders; bpoil (5 folders) and syria (2 folders) are merged from those folders here, sorted by time
with ids prefixed by the folder.  egypt, iraq and libya have no preprocessed articles, so news-tls
cannot run on them without HeidelTime (Java), which is not on this machine.

Usage (with an interpreter that has news-tls's requirements and tilse installed)::

    python benchmarks/newstls/run_newstls.py --newstls /tmp/news-tls \
        --data-root ../shared/data/tls --out .bench/newstls
"""

from __future__ import annotations

import argparse
import gzip
import json
import pickle
import shutil
import sys
import time
from pathlib import Path

MERGED = {
    "bpoil": ["bpoil_bbc", "bpoil_foxnews", "bpoil_guardian", "bpoil_reuters", "bpoil_washingtonpost"],
    "syria": ["SyrianCrisis_bbc", "SyrianCrisis_reuters"],
}
FROM_T17 = ["finan", "h1n1", "haiti", "mj"]
NOT_AVAILABLE = {"egypt": "EgyptianProtest_cnn", "iraq": "IraqWar_guardian",
                 "libya": "LibyaWar_cnn, LibyaWar_reuters"}


class _OldSklearn(pickle.Unpickler):
    """The shipped date rankers were pickled with scikit-learn 0.19 (module paths since renamed)."""

    def find_class(self, module: str, name: str):  # type: ignore[override]
        if module == "sklearn.linear_model.base":
            module = "sklearn.linear_model._base"
        return super().find_class(module, name)


def build_dataset(data_root: Path, work: Path) -> list[str]:
    """A news-tls dataset folder with the topics whose preprocessed articles exist."""
    if work.exists():
        shutil.rmtree(work)
    topics = []
    for topic in FROM_T17:
        src = data_root / "t17" / topic
        dst = work / topic
        dst.mkdir(parents=True)
        for name in ("keywords.json", "timelines.jsonl", "articles.preprocessed.jsonl.gz"):
            (dst / name).symlink_to((src / name).resolve())
        topics.append(topic)
    for topic, folders in MERGED.items():
        src = data_root / "t17" / topic
        dst = work / topic
        dst.mkdir(parents=True)
        for name in ("keywords.json", "timelines.jsonl"):
            (dst / name).symlink_to((src / name).resolve())
        rows = []
        for folder in folders:
            path = data_root / "timeline17_original" / folder / "articles.preprocessed.jsonl.gz"
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                for line in handle:
                    row = json.loads(line)
                    row["id"] = f"{folder}/{row['id']}"
                    rows.append(row)
        rows.sort(key=lambda r: (r["time"][:10], r["id"]))
        with gzip.open(dst / "articles.preprocessed.jsonl.gz", "wt", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row) + "\n")
        topics.append(topic)
    return sorted(topics)


def make_system(method: str, newstls: Path):
    from news_tls import clust, datewise, summarizers

    if method == "datewise":
        with open(newstls / "resources" / "datewise" / "supervised_date_ranker.t17.pkl", "rb") as handle:
            key_to_model = _OldSklearn(handle).load()
        for entry in key_to_model.values():  # attributes newer scikit-learn expects on a fitted model
            model = entry["model"]
            if not hasattr(model, "positive"):
                model.positive = False
        return datewise.DatewiseTimelineGenerator(
            date_ranker=datewise.SupervisedDateRanker(method="regression"),
            summarizer=summarizers.CentroidOpt(),
            sent_collector=datewise.PM_Mean_SentenceCollector(clip_sents=5, pub_end=2),
            key_to_model=key_to_model,
        )
    if method == "clust":
        return clust.ClusteringTimelineGenerator(
            cluster_ranker=clust.ClusterDateMentionCountRanker(),
            clusterer=clust.TemporalMarkovClusterer(),
            summarizer=summarizers.CentroidOpt(),
            clip_sents=5,
            unique_dates=True,
        )
    raise ValueError(method)


def run_method(method: str, dataset_dir: Path, newstls: Path) -> dict:
    from news_tls import data
    from tilse.data.timelines import Timeline as TilseTimeline

    system = make_system(method, newstls)
    dataset = data.Dataset(dataset_dir)
    outputs = {}
    started = time.perf_counter()
    for collection in dataset.collections:
        refs = [TilseTimeline(tl.date_to_summaries) for tl in collection.timelines]
        for j, ref in enumerate(refs):
            system.load(ignored_topics=[collection.name])
            ref_dates = sorted(ref.dates_to_summaries)
            collection.start, collection.end = data.get_input_time_span(ref_dates, 0)
            predicted = system.predict(collection, max_dates=len(ref_dates),
                                       max_summary_sents=data.get_average_summary_length(ref), ref_tl=ref)
            outputs[f"{collection.name}/{j}"] = {str(t.date()): list(s) for t, s in predicted.items}
            print(f"news-tls {method}: {collection.name}/{j} done", file=sys.stderr, flush=True)
    return {"method": method, "seconds": time.perf_counter() - started, "timelines": outputs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--newstls", type=Path, required=True, help="news-tls checkout")
    parser.add_argument("--data-root", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--methods", nargs="+", default=["datewise", "clust"])
    args = parser.parse_args()
    sys.path.insert(0, str(args.newstls.resolve()))
    args.out.mkdir(parents=True, exist_ok=True)
    topics = build_dataset(args.data_root.resolve(), args.out / "dataset")
    for method in args.methods:
        result = run_method(method, args.out / "dataset", args.newstls)
        result["topics"] = topics
        result["not_available"] = NOT_AVAILABLE
        result["commit"] = _commit(args.newstls)
        (args.out / f"{method}.json").write_text(json.dumps(result, indent=1))
        print(f"news-tls {method}: {len(result['timelines'])} timelines in {result['seconds']:.1f} s",
              file=sys.stderr)


def _commit(checkout: Path) -> str | None:
    head = checkout / ".git" / "HEAD"
    try:
        ref = head.read_text().strip()
        if ref.startswith("ref: "):
            return (checkout / ".git" / ref[5:]).read_text().strip()
        return ref
    except OSError:
        return None


if __name__ == "__main__":
    main()
