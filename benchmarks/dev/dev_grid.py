"""Score the group stage on cached clusters-dev annotations under setting overrides (for tuning).

python benchmarks/dev/dev_grid.py cluster_threshold=0.3 time_scale_days=60
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from dev_cache import load_dev

from storyline.config import GroupSettings
from storyline.group import StoryGrouper


def evaluate(settings, ann, labels, verbose=False):
    from storyline.evaluate.stories import score

    gold = {a: r["story"] for a, r in labels.items()}
    lid = {r["id"]: a for a, r in labels.items()}
    dup = {a: lid[r["dup_of"]] for a, r in labels.items() if r.get("dup_of")}
    g = StoryGrouper(settings)
    t = time.perf_counter()
    g.add(ann)
    sec = time.perf_counter() - t
    grouping = g.grouping()
    res = score(gold, dup, grouping)
    if verbose:
        pred_dup = grouping.duplicate_of
        for a, b in pred_dup.items():
            if dup.get(a) != b and dup.get(b) != a:
                print("  pred dup", labels[a]["id"], labels[b]["id"], "gold:", labels[a].get("dup_of"))
        for a, b in dup.items():
            if pred_dup.get(a) not in (b,) and pred_dup.get(b) != a:
                print("  missed dup", labels[a]["id"], labels[b]["id"], "pred:", pred_dup.get(a))
        for s in grouping.stories:
            golds = sorted({gold[a] for a in s.article_ids})
            print(f"  {s.id} n={len(s.article_ids)} gold={golds if len(golds) < 4 else len(golds)}")
    return res, sec


if __name__ == "__main__":
    ann, labels = load_dev()
    kw = {}
    for arg in sys.argv[1:]:
        if arg == "-v":
            continue
        k, v = arg.split("=")
        kw[k] = type(getattr(GroupSettings(), k))(v)
    res, sec = evaluate(GroupSettings(**kw), ann, labels, verbose="-v" in sys.argv)
    print({k: round(v, 3) for k, v in res.items()}, f"{sec:.2f}s")
