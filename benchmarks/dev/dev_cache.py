"""Annotate clusters-dev once with storyline's own stages and cache it in .bench/dev.pkl (for tuning)."""

import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from corpus import CACHE, DEV


def load_dev():
    cache = CACHE / "dev.pkl"
    if cache.exists():
        return pickle.loads(cache.read_bytes())
    from storyline.annotate import annotate
    from storyline.evaluate.stories import load_labels
    from storyline.ingest import ingest
    from storyline.resources import Resources

    rows = load_labels(DEV)
    result = ingest([str(DEV)])
    by_url = {r["url"]: r for r in rows}
    labels = {a.id: by_url[a.url] for a in result.articles}
    ann = list(annotate(result.articles, Resources()))
    CACHE.mkdir(exist_ok=True)
    cache.write_bytes(pickle.dumps((ann, labels)))
    return ann, labels


if __name__ == "__main__":
    ann, labels = load_dev()
    print(len(ann), "annotated")
