"""Incremental builds against one build: the same clusters-dev articles grouped at once, in two halves
(each order), and in four shuffled batches, with the grouper's state saved and loaded between batches
as a build does.  Prints stories, B-cubed F1 against the one-shot grouping (agreement) and against the
gold labels, duplicate pairs whose original was published after its copy, and whether every copy has the
original the one-shot build gives it.

    python benchmarks/incremental_vs_oneshot.py      (annotations cached by dev_cache.py)
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dev"))
from dev_cache import load_dev  # noqa: E402

from storyline.config import GroupSettings  # noqa: E402
from storyline.evaluate.stories import bcubed  # noqa: E402
from storyline.group import StoryGrouper  # noqa: E402


def assignment(grouper: StoryGrouper) -> dict[str, str]:
    return {a: s.id for s in grouper.grouping().stories for a in s.article_ids}


def grouped_in(batches: list[list]) -> StoryGrouper:
    grouper = StoryGrouper(GroupSettings())
    for batch in batches:
        grouper.add(batch)
        grouper = StoryGrouper(GroupSettings(), grouper.dumps())  # the next build loads the saved state
    return grouper


def late_originals(grouper: StoryGrouper, published: dict) -> int:
    return sum(
        1
        for copy, original in grouper.grouping().duplicate_of.items()
        if published[copy] and published[original] and published[original] > published[copy]
    )


ann, labels = load_dev()
gold = {a: r["story"] for a, r in labels.items()}
published = {item.article.id: item.article.published for item in ann}
half = len(ann) // 2
runs = {
    "one shot": [ann],
    "two halves, file order": [ann[:half], ann[half:]],
    "two halves, second half first": [ann[half:], ann[:half]],
}
for seed in range(3):
    shuffled = ann[:]
    random.Random(seed).shuffle(shuffled)
    quarter = len(shuffled) // 4 + 1
    runs[f"four shuffled batches (seed {seed})"] = [shuffled[i : i + quarter] for i in range(0, len(shuffled), quarter)]
reference = None
reference_copies = None
for name, batches in runs.items():
    grouper = grouped_in(batches)
    got = assignment(grouper)
    reference = reference or got
    copies = grouper.grouping().duplicate_of
    reference_copies = reference_copies if reference_copies is not None else copies
    agreement = bcubed(reference, got)[2]
    print(
        f"{name:34s} stories {len(set(got.values())):3d}  B-cubed F1 vs one shot {agreement:.3f}  "
        f"vs gold {bcubed(gold, got)[2]:.3f}  duplicates {len(grouper.grouping().duplicate_of):2d}, "
        f"original published after its copy {late_originals(grouper, published)}, "
        f"originals as one shot: {'yes' if copies == reference_copies else 'no'}"
    )
