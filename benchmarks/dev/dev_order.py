"""The documented effect of input order on clusters-dev (cached annotations from dev_cache.py).

One batch (sorted by date inside ``add``) vs one article per ``add`` in publication order vs
in random orders: online clustering is order-dependent, and a cold IDF hurts the first articles.

    python benchmarks/dev/dev_order.py
"""

import datetime as dt
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from dev_cache import load_dev  # noqa: E402

from storyline.config import GroupSettings  # noqa: E402
from storyline.evaluate.stories import score  # noqa: E402
from storyline.group import StoryGrouper  # noqa: E402

ann, labels = load_dev()
gold = {a: r["story"] for a, r in labels.items()}
line_to_article = {r["id"]: a for a, r in labels.items()}
dups = {a: line_to_article[r["dup_of"]] for a, r in labels.items() if r.get("dup_of")}
modes = ["one batch", "one by one, publication order"] + [f"one by one, random order (seed {s})" for s in range(3)]
for mode in modes:
    grouper = StoryGrouper(GroupSettings())
    items = sorted(ann, key=lambda i: (i.article.published is None, i.article.published or dt.date.min, i.article.id))
    if mode == "one batch":
        grouper.add(items)
    else:
        if "random" in mode:
            random.Random(int(mode[-2])).shuffle(items)
        for item in items:
            grouper.add([item])
    r = score(gold, dups, grouper.grouping())
    print(
        f"{mode:38s} B-cubed P {r['bcubed_precision']:.3f} R {r['bcubed_recall']:.3f} F1 {r['bcubed_f1']:.3f}  "
        f"pairwise F1 {r['pairwise_f1']:.3f}  dup P {r['dup_precision']:.3f} R {r['dup_recall']:.3f}"
    )
