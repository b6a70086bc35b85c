"""Benchmark corpora for the group stage, annotated once and cached under ``.bench/``.

Annotation with spaCy is the slow part (minutes for Timeline17 on two cores); the group
stage is what these benchmarks measure, so annotated articles are pickled and reused.
The cache key is the corpus name; delete ``.bench/`` to rebuild it.

Usage (warm the caches)::

    python benchmarks/corpus.py t17
    python benchmarks/corpus.py dev
"""

from __future__ import annotations

import datetime as dt
import pickle
import sys
import time
from pathlib import Path

from storyline.model import AnnotatedArticle

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".bench"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"  # ../shared beside the checkout
DEV = SHARED / "clusters-dev" / "articles.jsonl"
T17 = SHARED / "tls" / "timeline17_original"

#: Timeline17 source folder prefix → topic (9 topics).
T17_TOPICS = {
    "bpoil": "bpoil",
    "H1N1": "h1n1",
    "LibyaWar": "libya",
    "SyrianCrisis": "syria",
    "EgyptianProtest": "egypt",
    "Finan": "finan",
    "IraqWar": "iraq",
    "MJ": "mj",
    "haiti": "haiti",
}


def t17_topic(folder: str) -> str:
    return T17_TOPICS[folder.split("_", 1)[0]]


def load_t17(root: Path = T17, sample: int | None = None) -> tuple[list[AnnotatedArticle], dict[str, str]]:
    """All raw Timeline17 articles (or every k-th of them, ``sample`` in all, spread over the topics),
    annotated, with their topic label (publication date = folder)."""
    cache = CACHE / ("t17.pkl" if sample is None else f"t17-sample{sample}.pkl")
    if cache.exists():
        with cache.open("rb") as handle:
            return pickle.load(handle)
    if not root.is_dir():
        sys.exit(f"Timeline17 not found at {root}")
    from storyline.ingest import ingest

    files = sorted(root.glob("*/InputDocs/*/*.txt"))
    if sample is not None:
        files = files[:: max(1, len(files) // sample)][:sample]
    result = ingest([str(f) for f in files])
    labels: dict[str, str] = {}
    by_path = {str(f): f for f in files}
    for article in result.articles:
        path = by_path[article.path]
        article.published = dt.date.fromisoformat(path.parent.name)
        article.published_source = "metadata"
        labels[article.id] = t17_topic(path.parents[2].name)
    stored = _stored_t17(result.articles)
    fresh = iter(_annotate([a for a in result.articles if a.id not in stored]))
    annotated = [stored[a.id] if a.id in stored else next(fresh) for a in result.articles]
    CACHE.mkdir(exist_ok=True)
    with cache.open("wb") as handle:
        pickle.dump((annotated, labels), handle, protocol=pickle.HIGHEST_PROTOCOL)
    return annotated, labels


def _stored_t17(articles: list) -> dict[str, AnnotatedArticle]:
    """Annotations ``storyline evaluate tls`` already stored for these raw Timeline17 files
    (``.bench/tls/t17.db``, matched by file path), given the articles as ingested here."""
    db = CACHE / "tls" / "t17.db"
    if not db.exists():
        return {}
    from storyline.store import Store

    wanted = {str(Path(a.path).resolve()): a for a in articles}
    store = Store.open(db)
    try:
        rows = store._run("SELECT id, path FROM articles WHERE path IS NOT NULL").fetchall()
        ids = {row[0]: wanted[key] for row in rows if (key := str((ROOT / row[1]).resolve())) in wanted}
        found = {}
        for item in store.load_annotated(list(ids)):
            article = ids[item.article.id]
            item.article = article
            found[article.id] = item
    finally:
        store.close()
    print(f"  {len(found)} of {len(articles)} annotations read from {db}", file=sys.stderr)
    return found


def _annotate(articles: list) -> list[AnnotatedArticle]:
    if not articles:
        return []
    from storyline.annotate import annotate  # only when the cache is cold
    from storyline.resources import Resources

    resources = Resources()
    out: list[AnnotatedArticle] = []
    started = time.perf_counter()
    for i, item in enumerate(annotate(articles, resources), start=1):
        out.append(item)
        if i % 200 == 0:
            rate = i / (time.perf_counter() - started)
            print(f"  annotated {i}/{len(articles)} ({rate:.1f}/s)", file=sys.stderr, flush=True)
    return out


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "t17"
    if which == "t17":
        arts, labs = load_t17()
        print(f"Timeline17: {len(arts)} annotated articles, {len(set(labs.values()))} topics")
    else:
        sys.exit("usage: corpus.py t17")
