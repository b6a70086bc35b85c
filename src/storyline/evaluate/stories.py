"""``storyline evaluate stories``: story clustering and near-duplicate detection, scored.

Input: JSON Lines, one article per line, with a ``story`` label and an optional ``dup_of``
(the id of an earlier line the article is a near-verbatim copy of).  The articles go through
storyline's own ingest → annotate → group stages, then:

- clustering: B-cubed precision / recall / F1 (Bagga & Baldwin 1998, averaged over articles)
  and pairwise precision / recall / F1 over all article pairs;
- near duplicates: precision / recall over *pairs of copies*.  Both the gold ``dup_of`` links
  and storyline's ``duplicate_of`` links are closed transitively into groups, and every pair
  inside a group counts (so A←B, A←C gives the pairs AB, AC, BC whichever copy is the root).

Published anchors, on other data: Miranda et al. 2018 (multilingual news stream) pairwise F1
0.940; SCStory (Yoon et al. 2023) B-cubed F1 0.877.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import combinations
from pathlib import Path

from storyline.config import DatingSettings, GroupSettings
from storyline.dating import date_undated
from storyline.errors import StorylineError
from storyline.group import StoryGrouper
from storyline.model import Grouping
from storyline.resources import Resources

ANCHORS = {"Miranda et al. 2018 pairwise F1": 0.940, "SCStory B-cubed F1": 0.877}


def bcubed(gold: dict[str, str], pred: dict[str, str]) -> tuple[float, float, float]:
    """B-cubed precision, recall, F1 of a predicted clustering (item → cluster) against gold."""
    items = [i for i in gold if i in pred]
    if not items:
        return 0.0, 0.0, 0.0
    gold_members: dict[str, set[str]] = defaultdict(set)
    pred_members: dict[str, set[str]] = defaultdict(set)
    for i in items:
        gold_members[gold[i]].add(i)
        pred_members[pred[i]].add(i)
    precision = recall = 0.0
    for i in items:
        same = len(gold_members[gold[i]] & pred_members[pred[i]])
        precision += same / len(pred_members[pred[i]])
        recall += same / len(gold_members[gold[i]])
    precision /= len(items)
    recall /= len(items)
    return precision, recall, _f1(precision, recall)


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def pair_scores(gold_pairs: set[frozenset], pred_pairs: set[frozenset]) -> tuple[float, float, float]:
    hit = len(gold_pairs & pred_pairs)
    precision = hit / len(pred_pairs) if pred_pairs else (1.0 if not gold_pairs else 0.0)
    recall = hit / len(gold_pairs) if gold_pairs else 1.0
    return precision, recall, _f1(precision, recall)


def pairwise(gold: dict[str, str], pred: dict[str, str]) -> tuple[float, float, float]:
    """Pairwise precision, recall, F1 from cluster-size counts (no pair list: memory stays small)."""
    items = [i for i in gold if i in pred]
    both = Counter((gold[i], pred[i]) for i in items)
    same_both = sum(n * (n - 1) // 2 for n in both.values())
    same_pred = sum(n * (n - 1) // 2 for n in Counter(pred[i] for i in items).values())
    same_gold = sum(n * (n - 1) // 2 for n in Counter(gold[i] for i in items).values())
    precision = same_both / same_pred if same_pred else (1.0 if not same_gold else 0.0)
    recall = same_both / same_gold if same_gold else 1.0
    return precision, recall, _f1(precision, recall)


def cluster_pairs(assignment: dict[str, str]) -> set[frozenset]:
    members: dict[str, list[str]] = defaultdict(list)
    for item, cluster in assignment.items():
        members[cluster].append(item)
    return {frozenset(p) for group in members.values() for p in combinations(sorted(group), 2)}


def link_pairs(links: Iterable[tuple[str, str]]) -> set[frozenset]:
    """All pairs inside the groups that ``copy → original`` links form (transitively)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in links:
        parent[find(a)] = find(b)
    groups: dict[str, list[str]] = defaultdict(list)
    for x in list(parent):
        groups[find(x)].append(x)
    return {frozenset(p) for g in groups.values() for p in combinations(sorted(g), 2)}


def score(gold_story: dict[str, str], gold_dup: dict[str, str], grouping: Grouping) -> dict[str, float]:
    """All figures, keyed by the names ``--json`` prints."""
    pred = {a: s.id for s in grouping.stories for a in s.article_ids}
    bp, br, bf = bcubed(gold_story, pred)
    pp, pr, pf = pairwise(gold_story, pred)
    dp, dr, df = pair_scores(
        link_pairs(gold_dup.items()), link_pairs((a, b) for a, b in grouping.duplicate_of.items() if a in gold_story)
    )
    return {
        "articles": len(gold_story),
        "stories_gold": len(set(gold_story.values())),
        "stories_pred": len(set(pred.values())),
        "bcubed_precision": bp,
        "bcubed_recall": br,
        "bcubed_f1": bf,
        "pairwise_precision": pp,
        "pairwise_recall": pr,
        "pairwise_f1": pf,
        "dup_precision": dp,
        "dup_recall": dr,
        "dup_f1": df,
    }


def load_labels(data: Path) -> list[dict]:
    rows = []
    for number, line in enumerate(data.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as err:
            raise StorylineError("E070", f"{data} line {number} is not valid JSON ({err.msg}).") from err
        if not isinstance(row, dict) or "story" not in row:
            raise StorylineError(
                "E071",
                f"{data} line {number} has no 'story' label.",
                "Every line needs a 'story' (and may have 'dup_of': the id of an earlier line).",
            )
        rows.append(row)
    return rows


def group_labelled(
    data: Path,
    resources: Resources,
    settings: GroupSettings | None = None,
    dating: DatingSettings | None = None,
    hide_dates: bool = False,
):
    """Ingest, annotate, date and group a labelled JSONL; returns gold labels and the grouper.

    ``hide_dates`` removes every publication date first (the articles as a crawl without dates gives them)."""
    from storyline.annotate import annotate  # the scorers above stay importable without spaCy
    from storyline.ingest import ingest

    rows = load_labels(data)
    result = ingest([str(data)])
    if hide_dates:
        for article in result.articles:
            article.published, article.published_source = None, "missing"
    by_url = {row["url"]: row for row in rows if row.get("url")}
    by_text = {" ".join(row["text"].split())[:200]: row for row in rows}
    article_label: dict[str, dict] = {}
    for article in result.articles:
        row = by_url.get(article.url) if article.url else None
        row = row or by_text.get(" ".join(article.text.split())[:200])
        if row is None:
            raise StorylineError(
                "E072",
                f"Cannot match ingested article {article.id} back to a labelled line of {data}.",
                "Give every line a unique 'url' or text.",
            )
        article_label[article.id] = row
    label_to_article = {row.get("id"): aid for aid, row in article_label.items()}
    gold_story = {aid: row["story"] for aid, row in article_label.items()}
    gold_dup = {
        aid: label_to_article[row["dup_of"]]
        for aid, row in article_label.items()
        if row.get("dup_of") and row["dup_of"] in label_to_article
    }
    annotated = date_undated(
        list(annotate(result.articles, resources)),
        dating or DatingSettings(),
        lambda again: list(annotate(again, resources)),
    )
    grouper = StoryGrouper(settings or GroupSettings())
    started = time.perf_counter()
    grouper.add(annotated)
    seconds = time.perf_counter() - started
    return gold_story, gold_dup, grouper, annotated, seconds, len(result.skipped)


def run(data: Path, as_json: bool, resources: Resources, hide_dates: bool = False) -> int:
    """Print the clustering and near-duplicate figures for a labelled JSONL; return the exit code."""
    data = Path(data)
    if not data.is_file():
        print(f"No such file: {data}. Pass a JSONL with one article per line and a 'story' label.")
        return 2
    try:
        gold_story, gold_dup, grouper, _, seconds, skipped = group_labelled(data, resources, hide_dates=hide_dates)
    except StorylineError as err:
        print(f"Cannot evaluate {data}: {err}")
        return 2
    figures = score(gold_story, gold_dup, grouper.grouping())
    figures["group_seconds"] = seconds
    figures["skipped_inputs"] = skipped
    if as_json:
        print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}))
        return 0
    print(
        f"{figures['articles']} articles, {figures['stories_gold']} gold stories, "
        f"{figures['stories_pred']} predicted stories (grouping took {seconds:.2f} s)"
    )
    print(
        f"B-cubed   P {figures['bcubed_precision']:.3f}  R {figures['bcubed_recall']:.3f}  "
        f"F1 {figures['bcubed_f1']:.3f}   (SCStory, other data: {ANCHORS['SCStory B-cubed F1']:.3f})"
    )
    print(
        f"pairwise  P {figures['pairwise_precision']:.3f}  R {figures['pairwise_recall']:.3f}  "
        f"F1 {figures['pairwise_f1']:.3f}   (Miranda et al. 2018, other data: "
        f"{ANCHORS['Miranda et al. 2018 pairwise F1']:.3f})"
    )
    print(f"near-duplicate pairs  P {figures['dup_precision']:.3f}  R {figures['dup_recall']:.3f}")
    return 0
