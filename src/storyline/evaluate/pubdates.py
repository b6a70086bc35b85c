"""``storyline evaluate pubdates``: publication dates inferred for articles whose date is hidden.

Timeline17 (``--dataset t17``): the raw articles' true dates are their folder names.  A share of each
topic's articles (``--hide half``: a random half, fixed seed; ``--hide all``) lose their date and
their id (which holds the date); each topic is one story, whose still-dated articles are the
context.  A labelled JSONL (``--data FILE``): the articles without ``published`` are scored against
``published_true`` where it is known, the dated lines being the context.

Figures, as shares of the hidden articles that have a true date: exact day, within ±1 and ±3 days,
right year, wrong year, and left undated.  Two baselines run in the same command: the latest full
date the text names (the tagger's dates with a stated year), and htmldate's guess from the text
alone (``find_date`` on the text wrapped as a page, extensive search on).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from storyline.config import DatingSettings
from storyline.dating import Estimate, in_markup, infer_dates
from storyline.errors import StorylineError
from storyline.model import AnnotatedArticle, Article
from storyline.resources import Resources
from storyline.store import Store

SEED = 17
SYSTEMS = ("storyline", "latest full date named", "htmldate (text only)")
FIGURES = ("exact", "within_1", "within_3", "right_year", "wrong_year", "undated")


@dataclass
class Case:
    """One article whose date is hidden: its undated copy, its true date, and the story it belongs to."""

    article: Article
    truth: dt.date
    story: str


def hidden_copy(article: Article, salt: str = "") -> Article:
    """The article as a crawl would give it: no date, and an id that does not spell the date."""
    digest = hashlib.sha1((salt + article.id).encode()).hexdigest()[:16]
    return replace(
        article, id=f"hidden-{digest}", published=None, published_source="missing", path=None, date_evidence=None
    )


def t17_cases(data_root: Path, hide: str, per_topic: int | None) -> tuple[list[Case], list[tuple[str, Article]]]:
    """Hidden cases and still-dated (story, article) pairs from Timeline17's raw articles."""
    from storyline.evaluate.tls_data import load_articles, load_topics

    cases: list[Case] = []
    dated: list[tuple[str, Article]] = []
    for topic in load_topics(data_root):
        articles = load_articles(data_root, topic)
        rng = random.Random(f"{SEED}:{topic.name}")
        if per_topic is not None and len(articles) > per_topic:
            articles = sorted(rng.sample(articles, per_topic), key=lambda a: (a.published, a.id))
        hidden_ids = (
            {a.id for a in articles} if hide == "all" else {a.id for a in rng.sample(articles, len(articles) // 2)}
        )
        for article in articles:
            if article.id in hidden_ids:
                assert article.published is not None
                cases.append(Case(hidden_copy(article), article.published, topic.name))
            else:
                dated.append((topic.name, article))
    return cases, dated


def te3_silver_cases(folder: Path, hide: str) -> tuple[list[Case], list[tuple[str, Article]]]:
    """Hidden cases from TempEval-3's silver news (AFP and Xinhua wires, 1997–98): the text of each document,
    its creation time (``<DCT>``, kept apart from the text with its dateline) the true date.  The whole folder is
    one pile, as a build's inputs are: a random half (fixed seed) or all of it hidden, the rest its context."""
    from storyline.evaluate.timeml import read_corpus

    docs = [doc for doc in read_corpus(folder) if doc.dct is not None and doc.text.strip()]
    articles = [
        Article(id=hashlib.sha1(doc.name.encode()).hexdigest()[:16], text=doc.text.strip(), published=doc.dct)
        for doc in docs
    ]
    rng = random.Random(f"{SEED}:te3-silver")
    hidden_ids = {a.id for a in articles} if hide == "all" else {a.id for a in rng.sample(articles, len(articles) // 2)}
    cases: list[Case] = []
    dated: list[tuple[str, Article]] = []
    for article in articles:
        if article.id in hidden_ids:
            assert article.published is not None
            cases.append(Case(hidden_copy(article), article.published, "te3-silver"))
        else:
            dated.append(("te3-silver", replace(article, published_source="header")))
    return cases, dated


def jsonl_cases(data: Path, hide_all: bool = False) -> tuple[list[Case], list[tuple[str, Article]]]:
    """Cases from a labelled JSONL: lines with no ``published`` but a ``published_true``; with ``hide_all``, every
    line whose date is known (shown or true), its shown date removed too (the pile as an undated crawl gives it)."""
    from storyline.ingest import ingest
    from storyline.ingest.dates import parse_date

    rows = {}
    for number, line in enumerate(data.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                row = json.loads(line)
            except json.JSONDecodeError as err:
                raise StorylineError("E073", f"{data} line {number} is not valid JSON ({err.msg}).") from err
            rows[" ".join(str(row.get("text", "")).split())[:200]] = row
    cases: list[Case] = []
    dated: list[tuple[str, Article]] = []
    for article in ingest([str(data)]).articles:
        row = rows.get(" ".join(article.text.split())[:200], {})
        if article.published is not None and not hide_all:
            dated.append(("all", article))
            continue
        truth = article.published or parse_date(row.get("published_true"))
        if truth is not None:
            cases.append(Case(hidden_copy(article) if hide_all else article, truth, "all"))
    return cases, dated


def latest_named(annotated: AnnotatedArticle) -> dt.date | None:
    """Baseline: the latest full date (with its year) that the text names."""
    days = []
    for timex in annotated.timexes:
        if (
            timex.resolved
            and timex.anchor == "absolute"
            and len(timex.value) >= 10
            and not in_markup(annotated.article.text, timex.start, timex.end)
        ):
            try:
                days.append(dt.date.fromisoformat(timex.value[:10]))
            except ValueError:
                continue
    return max(days) if days else None


def htmldate_guess(article: Article) -> dt.date | None:
    """Baseline: htmldate's date for the text alone, wrapped as a page with no metadata."""
    from htmldate import find_date

    page = (
        "<html><body>"
        + "".join(f"<p>{html.escape(p)}</p>" for p in article.text.split("\n") if p.strip())
        + "</body></html>"
    )
    try:
        found = find_date(page, extensive_search=True, original_date=True, outputformat="%Y-%m-%d")
    except Exception:  # noqa: BLE001 - a baseline's failure counts as no date
        return None
    return dt.date.fromisoformat(found) if found else None


def figures(pairs: list[tuple[dt.date, dt.date | None]]) -> dict[str, float]:
    """Shares of the hidden articles (true date, guess); wrong_year_of_dated is a share of those dated."""
    total = len(pairs) or 1
    guessed = [(t, g) for t, g in pairs if g is not None]

    def share(test: Callable[[dt.date, dt.date], bool]) -> float:
        return sum(1 for t, g in guessed if test(t, g)) / total

    wrong = sum(1 for t, g in guessed if t.year != g.year)
    return {
        "exact": share(lambda t, g: t == g),
        "within_1": share(lambda t, g: abs((t - g).days) <= 1),
        "within_3": share(lambda t, g: abs((t - g).days) <= 3),
        "right_year": share(lambda t, g: t.year == g.year),
        "wrong_year": wrong / total,
        "wrong_year_of_dated": wrong / len(guessed) if guessed else 0.0,
        "undated": (len(pairs) - len(guessed)) / total,
    }


def evaluate(
    cases: list[Case],
    dated: list[tuple[str, Article]],
    resources: Resources,
    store_path: Path,
    settings: DatingSettings,
    workers: int = 1,
    log: Callable[[str], None] = lambda m: None,
) -> dict:
    """Annotate, infer and score; returns the report ``--json`` prints."""
    from storyline.evaluate.tls import annotated_articles  # which imports this module's hidden_copy

    store = Store.open(store_path)
    try:
        found, _ = annotated_articles(
            [c.article for c in cases] + [a for _, a in dated], store, resources, workers, log
        )
    finally:
        store.close()
    annotated = {item.article.id: item for item in found}
    by_story: dict[str, list[AnnotatedArticle]] = {}
    for story, article in dated:
        if article.id in annotated:
            by_story.setdefault(story, []).append(annotated[article.id])
    hidden: dict[str, list[AnnotatedArticle]] = {}
    for case in cases:
        if case.article.id in annotated:
            hidden.setdefault(case.story, []).append(annotated[case.article.id])
    estimates: dict[str, Estimate] = {}
    for story, items in hidden.items():
        estimates.update(infer_dates(items, by_story.get(story, []), settings))
    results: dict[str, list[tuple[dt.date, dt.date | None]]] = {name: [] for name in SYSTEMS}
    granularities: dict[str, int] = {}
    holding: dict[str, int] = {}  # per granularity, the estimates whose interval holds the true date
    for case in cases:
        item = annotated.get(case.article.id)
        if item is None:
            continue
        estimate = estimates.get(case.article.id)
        results["storyline"].append((case.truth, estimate.likely if estimate else None))
        if estimate:
            granularities[estimate.granularity] = granularities.get(estimate.granularity, 0) + 1
            if estimate.earliest <= case.truth <= estimate.latest:
                holding[estimate.granularity] = holding.get(estimate.granularity, 0) + 1
        results["latest full date named"].append((case.truth, latest_named(item)))
        results["htmldate (text only)"].append((case.truth, htmldate_guess(case.article)))
    return {
        "hidden": len(results["storyline"]),
        "context_articles": sum(len(v) for v in by_story.values()),
        "granularity": granularities,
        # the share of each granularity's estimates whose interval (earliest to latest) holds the true date
        "interval_holds_truth": {name: holding.get(name, 0) / count for name, count in granularities.items()},
        "systems": {name: figures(pairs) for name, pairs in results.items()},
    }


def render(report: dict, title: str) -> str:
    lines = [
        title,
        f"{report['hidden']} articles with their date hidden, {report['context_articles']} dated beside them",
        f"{'system':<26}" + "".join(f"{name:>12}" for name in FIGURES),
    ]
    for name, values in report["systems"].items():
        lines.append(f"{name:<26}" + "".join(f"{values[f] * 100:>11.1f}%" for f in FIGURES))
    lines.append(
        "storyline's estimates by granularity: "
        + ", ".join(f"{k} {v}" for k, v in sorted(report["granularity"].items()))
    )
    if report["granularity"]:
        lines.append(
            "their intervals hold the true date: "
            + ", ".join(f"{k} {v * 100:.0f} %" for k, v in sorted(report["interval_holds_truth"].items()))
        )
    lines.append("No published system infers publication dates of undated news; the baselines run here.")
    return "\n".join(lines)
