"""Timeline17 as one stream: the stories storyline finds, and whether every timeline date is supported.

All of Timeline17's raw articles (``../shared/data/tls``, 9 topics) go through storyline's own stages
as one stream, in publication order, the way a user's crawl would: group (B-cubed and pairwise F1
against the 9 topics), then compose every story found and check its story.json with ``storyline check``'s
rule (every timeline date given by its cited words, a stated publication date or an ``inferred`` note).

The dates of a random half of each topic's articles (``--hide half``, the seed of ``storyline evaluate
pubdates``) or of all of them (``--hide all``) are removed first; storyline dates them by inference over
the whole stream, as ``storyline build`` does (the articles dated to the day or week are annotated again
against their date), so the check also covers dates that rest on inference.

Annotations are cached in the store that ``storyline evaluate pubdates`` fills (``--store``).

    python benchmarks/t17_stories.py --hide half     # half the dates hidden
    python benchmarks/t17_stories.py --hide all      # every date hidden
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from storyline.annotate import annotate
from storyline.check import check_document
from storyline.compose.story import compose_story
from storyline.config import Settings
from storyline.dating import date_undated
from storyline.evaluate.pubdates import t17_cases
from storyline.evaluate.results import JSON_OUT_HELP, write_results
from storyline.evaluate.stories import ANCHORS, score
from storyline.evaluate.tls import annotated_articles
from storyline.group import StoryGrouper
from storyline.render.story_json import story_document
from storyline.resources import Resources
from storyline.store import Store

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "tls"  # ../shared beside the checkout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hide", choices=("half", "all"), default="half")
    parser.add_argument("--data-root", type=Path, default=DATA)
    parser.add_argument("--store", type=Path, default=ROOT / ".bench" / "pubdates" / "annotations.db")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="write each story.json under this folder")
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    args = parser.parse_args()
    if not (args.data_root / "t17").is_dir():
        print(f"Timeline17 not found under {args.data_root} (expected t17/ and timeline17_original/).")
        return 2

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    settings = Settings()
    resources = Resources(settings.model)
    cases, dated = t17_cases(args.data_root, args.hide, None)
    topic_of = {a.id: story for story, a in dated} | {c.article.id: c.story for c in cases}
    articles = [c.article for c in cases] + [a for _, a in dated]
    store = Store.open(args.store)
    try:
        annotated, fresh = annotated_articles(articles, store, resources, args.workers, log)
    finally:
        store.close()
    log(f"{len(annotated)} articles ({fresh} annotated now)")

    started = time.perf_counter()
    annotated = date_undated(
        annotated,
        settings.dating,
        lambda again: list(annotate(again, resources, settings.batch_size, processes=args.workers)),
    )
    dating_seconds = time.perf_counter() - started
    inferred = sum(1 for a in annotated if a.article.published_source == "inferred")

    stream = sorted(annotated, key=lambda a: (a.article.published is None, a.article.published, a.article.id))
    grouper = StoryGrouper(settings.group)
    started = time.perf_counter()
    grouper.add(stream)
    group_seconds = time.perf_counter() - started
    grouping = grouper.grouping()
    grouped = score(topic_of, {}, grouping)

    by_id = {a.article.id: a for a in annotated}
    unsupported: Counter[str] = Counter()
    entries = 0
    started = time.perf_counter()
    for story in grouping.stories:
        members = [by_id[i] for i in story.article_ids]
        view = compose_story(story, members, grouping.duplicate_of, grouping.reuses, settings.timeline)
        document = story_document(view)
        entries += len(document.get("timeline", []))
        for problem in check_document(document):
            unsupported[re.sub(r"'[^']*'|\d{4}", "…", problem.reason)] += 1
        if args.keep:
            folder = args.keep / story.id.replace("/", "_")  # Timeline17's ids spell their source folders
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "story.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    compose_seconds = time.perf_counter() - started

    figures = {
        "hide": args.hide,
        "articles": len(annotated),
        "inferred_dates": inferred,
        "stories_gold": grouped["stories_gold"],
        "stories_pred": grouped["stories_pred"],
        "stories_pred_2plus": sum(1 for s in grouping.stories if len(s.article_ids) > 1),
        **{name: round(grouped[name], 4) for name in ("bcubed_precision", "bcubed_recall", "bcubed_f1", "pairwise_f1")},
        "timeline_entries": entries,
        "unsupported_dates": sum(unsupported.values()),
        "unsupported_by_reason": dict(unsupported.most_common()),
        "seconds": {
            "dating": round(dating_seconds, 1),
            "group": round(group_seconds, 1),
            "compose_and_check": round(compose_seconds, 1),
        },
    }
    if args.json_out:
        write_results(args.json_out, figures)
    print(
        f"Timeline17 stream ({args.hide} hidden): {figures['articles']} articles, {inferred} dated by inference, "
        f"{figures['stories_pred']} stories ({figures['stories_pred_2plus']} with 2+ articles) for 9 topics"
    )
    print(
        f"B-cubed P {grouped['bcubed_precision']:.3f} R {grouped['bcubed_recall']:.3f} "
        f"F1 {grouped['bcubed_f1']:.3f}   pairwise F1 {grouped['pairwise_f1']:.3f}   "
        f"(SCStory B-cubed on other data: {ANCHORS['SCStory B-cubed F1']:.3f})"
    )
    print(f"timeline entries {entries}, unsupported dates {figures['unsupported_dates']}")
    for reason, count in unsupported.most_common():
        print(f"  {count:5d}  {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
