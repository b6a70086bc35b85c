"""TempEval-3 task A scoring of time expressions, with two baselines in the same run.

Protocol (TE3 ``evaluate_entities.py``, re-implemented from its description):

* Each system gets only the raw text of ``<TEXT>`` and the ``<DCT>`` date.
* A system expression *matches* a gold one when they share a token; matching is one to one and
  the first overlap wins (system expressions in text order, each taking the first free gold one).
  Tokens are runs of word characters or single punctuation marks of the raw text (the TE3
  normalizer tokenizes similarly; whitespace/punctuation tokens make "share a token" a matter of
  overlapping words, never of a shared space).
* Strict match: relaxed match and identical covered text.
* Precision = matches / system expressions, recall = matches / gold expressions, micro-averaged
  over all files; the creation time ``t0`` is outside ``<TEXT>`` and so never scored.
* Value F1 = (correct values / relaxed matches) × relaxed F1; type F1 likewise.

Baselines: ``dateparser.search.search_dates`` with ``RELATIVE_BASE`` = DCT, and spaCy
DATE/TIME entities normalized by dateparser; both get TIMEX3 values at the granularity
dateparser reports (day, week, month, year, time).
"""

from __future__ import annotations

import datetime as dt
import json
import pathlib
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from storyline.evaluate.timeml import GoldTimex, TimeMLDoc, read_corpus, read_standoff

_TOKEN = re.compile(r"\w+|[^\w\s]")

#: Published TE3-Platinum task A figures (relaxed F1, strict F1, value F1), from the TE3 paper.
PUBLISHED_TE3 = {
    "HeidelTime-t": (90.30, 81.34, 77.61),
    "NavyTime": (90.32, 79.57, 70.97),
    "SUTime": (90.32, 79.57, 67.38),
    "ClearTK": (90.23, 82.71, 64.66),
}

#: Corpora evaluated when ``--data`` points at the shared timex folder, in report order.
STANDARD_CORPORA = (
    ("timebank", "timebank"),
    ("aquaint", "aquaint"),
    ("te3-platinum", "te3-platinum"),
    ("wikiwars-test", "wikiwars/timeml-syntime/test"),
    ("tweets-test", "tweets-syntime/test"),
)


@dataclass(frozen=True)
class Prediction:
    start: int
    end: int
    type: str
    value: str


@dataclass
class Score:
    """Counts for one system over one corpus; the F1 figures are derived (percent)."""

    system: int = 0
    gold: int = 0
    relaxed: int = 0
    strict: int = 0
    value: int = 0
    type: int = 0

    def add(self, other: Score) -> None:
        for name in ("system", "gold", "relaxed", "strict", "value", "type"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @staticmethod
    def _f1(matches: int, system: int, gold: int) -> float:
        p = matches / system if system else 0.0
        r = matches / gold if gold else 0.0
        return 100 * 2 * p * r / (p + r) if p + r else 0.0

    @property
    def relaxed_f1(self) -> float:
        return self._f1(self.relaxed, self.system, self.gold)

    @property
    def strict_f1(self) -> float:
        return self._f1(self.strict, self.system, self.gold)

    @property
    def value_f1(self) -> float:
        return (self.value / self.relaxed) * self.relaxed_f1 if self.relaxed else 0.0

    @property
    def type_f1(self) -> float:
        return (self.type / self.relaxed) * self.relaxed_f1 if self.relaxed else 0.0

    @property
    def precision(self) -> float:
        return 100 * self.relaxed / self.system if self.system else 0.0

    @property
    def recall(self) -> float:
        return 100 * self.relaxed / self.gold if self.gold else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "relaxed_f1": round(self.relaxed_f1, 2),
            "strict_f1": round(self.strict_f1, 2),
            "value_f1": round(self.value_f1, 2),
            "type_f1": round(self.type_f1, 2),
            "relaxed_precision": round(self.precision, 2),
            "relaxed_recall": round(self.recall, 2),
            "system": self.system,
            "gold": self.gold,
            "relaxed_matches": self.relaxed,
        }


def tokens_of(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _TOKEN.finditer(text)]


def _token_ids(tokens: list[tuple[int, int]], starts: list[int], start: int, end: int) -> set[int]:
    import bisect

    i = max(0, bisect.bisect_right(starts, start) - 1)
    ids = set()
    while i < len(tokens) and tokens[i][0] < end:
        if tokens[i][1] > start:
            ids.add(i)
        i += 1
    return ids


def align(text: str, gold: Sequence[GoldTimex], system: Sequence[Prediction]) -> list[tuple[int, int]]:
    """Pairs (system index, gold index): one to one, first shared token wins, in text order."""
    tokens = tokens_of(text)
    starts = [t[0] for t in tokens]
    gold_ids = [_token_ids(tokens, starts, g.start, g.end) for g in gold]
    taken: set[int] = set()
    pairs = []
    for s_index, pred in sorted(enumerate(system), key=lambda p: (p[1].start, p[1].end)):
        ids = _token_ids(tokens, starts, pred.start, pred.end)
        for g_index, g_ids in enumerate(gold_ids):
            if g_index not in taken and ids & g_ids:
                taken.add(g_index)
                pairs.append((s_index, g_index))
                break
    return pairs


def score_document(doc: TimeMLDoc, system: Sequence[Prediction]) -> Score:
    score = Score(system=len(system), gold=len(doc.timexes))
    for s_index, g_index in align(doc.text, doc.timexes, system):
        pred, gold = system[s_index], doc.timexes[g_index]
        score.relaxed += 1
        score.strict += doc.text[pred.start : pred.end].strip() == gold.text.strip()
        score.value += pred.value == gold.value
        score.type += pred.type == gold.type
    return score


# ── systems ───────────────────────────────────────────────────────────────────


def _dateparser_value(text: str, parser, settings: dict) -> tuple[str, str] | None:
    """TIMEX3 (type, value) for a phrase, at the granularity dateparser reports."""
    data = parser.get_date_data(text)
    if not data or data.date_obj is None:
        return None
    when, period = data.date_obj, data.period
    if period == "time":
        return "TIME", when.strftime("%Y-%m-%dT%H:%M")
    if period == "week":
        year, week, _ = when.isocalendar()
        return "DATE", f"{year}-W{week:02d}"
    if period == "month":
        return "DATE", when.strftime("%Y-%m")
    if period == "year":
        return "DATE", f"{when.year:04d}"
    return "DATE", when.strftime("%Y-%m-%d")


def _settings(dct: dt.date | None) -> dict:
    base = dt.datetime.combine(dct or dt.date.today(), dt.time(12, 0))
    return {"RELATIVE_BASE": base, "RETURN_TIME_AS_PERIOD": True}


def dateparser_system(doc: TimeMLDoc) -> list[Prediction]:
    """Baseline 1: ``search_dates`` over the raw text, relative to the DCT."""
    from dateparser.date import DateDataParser
    from dateparser.search import search_dates

    settings = _settings(doc.dct)
    parser = DateDataParser(languages=["en"], settings=settings)
    found = search_dates(doc.text, languages=["en"], settings=settings) or []
    out, cursor = [], 0
    for phrase, _ in found:
        start = doc.text.find(phrase, cursor)
        if start < 0:
            continue
        cursor = start + len(phrase)
        normalized = _dateparser_value(phrase, parser, settings)
        type_, value = normalized if normalized else ("DATE", "")
        out.append(Prediction(start, start + len(phrase), type_, value))
    return out


def spacy_entity_system(doc: TimeMLDoc, parsed) -> list[Prediction]:
    """Baseline 2: spaCy DATE/TIME entities, normalized by dateparser relative to the DCT."""
    from dateparser.date import DateDataParser

    settings = _settings(doc.dct)
    parser = DateDataParser(languages=["en"], settings=settings)
    out = []
    for ent in parsed.ents:
        if ent.label_ not in ("DATE", "TIME"):
            continue
        normalized = _dateparser_value(ent.text, parser, settings)
        type_, value = normalized if normalized else (ent.label_, "")
        out.append(Prediction(ent.start_char, ent.end_char, type_, value))
    return out


@dataclass
class CorpusResult:
    name: str
    files: int
    scores: dict[str, Score]
    tokens: int = 0
    tagger_seconds: float = 0.0
    predictions: dict[str, list[list[Prediction]]] = field(default_factory=dict)

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.tagger_seconds if self.tagger_seconds else 0.0


def evaluate_corpus(
    name: str, docs: Sequence[TimeMLDoc], nlp, baselines: bool = True, progress: Callable[[int], None] | None = None
) -> CorpusResult:
    """Score storyline (and the baselines) on parsed TimeML documents."""
    from storyline.annotate.nlp import prepared, sentences_of
    from storyline.annotate.temporal import TemporalTagger

    tagger = TemporalTagger()
    systems = ["storyline"] + (["dateparser", "spacy+dateparser"] if baselines else [])
    scores = {s: Score() for s in systems}
    predictions: dict[str, list[list[Prediction]]] = {s: [] for s in systems}
    result = CorpusResult(name=name, files=len(docs), scores=scores, predictions=predictions)
    pipeline = prepared(nlp)
    for doc, parsed in zip(docs, pipeline.pipe(d.text for d in docs), strict=True):
        sentences = sentences_of(parsed)
        began = time.perf_counter()
        timexes = tagger.tag(parsed, doc.dct, sentences)
        result.tagger_seconds += time.perf_counter() - began
        result.tokens += len(parsed)
        per_system = {"storyline": [Prediction(t.start, t.end, t.type, t.value) for t in timexes]}
        if baselines:
            per_system["dateparser"] = dateparser_system(doc)
            per_system["spacy+dateparser"] = spacy_entity_system(doc, parsed)
        for system, preds in per_system.items():
            scores[system].add(score_document(doc, preds))
            predictions[system].append(preds)
        if progress:
            progress(1)
    return result


def corpora_in(data: pathlib.Path) -> list[tuple[str, pathlib.Path]]:
    """The corpora under ``data``: the folder itself if it holds .tml files, else the standard ones."""
    if not data.exists():
        raise FileNotFoundError(f"{data} does not exist; point --data at a folder of TimeML (.tml) files")
    if any(data.glob("*.tml")):
        return [(data.name, data)]
    found = [(name, data / sub) for name, sub in STANDARD_CORPORA if (data / sub).is_dir()]
    if found:
        return found
    if any(data.rglob("*.tml")):
        return [(data.name, data)]
    raise FileNotFoundError(f"No .tml files under {data}")


# ── error analysis ────────────────────────────────────────────────────────────


def _shape(text: str) -> str:
    """A coarse class of an expression's form, for grouping errors."""
    lowered = text.lower()
    rules = (
        ("weekday", r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"),
        ("quarter/half", r"quarter|half|period"),
        ("ago/earlier/later", r"\b(ago|earlier|later|before|after)\b"),
        ("reference word", r"\b(now|current|currently|recent|recently|future|past|soon|previously|once|former)\b"),
        ("month/day", r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"),
        ("this/last/next unit", r"\b(this|last|next|coming|previous|following)\b"),
        ("year number", r"\b(1\d|20)\d\d\b"),
        ("duration phrase", r"\b(days?|weeks?|months?|years?|hours?|minutes?|decades?)\b"),
        ("day word", r"today|yesterday|tomorrow|tonight"),
    )
    for label, pattern in rules:
        if re.search(pattern, lowered):
            return label
    return "other"


def error_classes(docs: Sequence[TimeMLDoc], predictions: Sequence[Sequence[Prediction]]) -> Counter:
    """Count remaining errors by kind (missed / spurious / wrong value / wrong type) and form."""
    counts: Counter = Counter()
    for doc, preds in zip(docs, predictions, strict=True):
        pairs = align(doc.text, doc.timexes, preds)
        matched_sys = {s for s, _ in pairs}
        matched_gold = {g for _, g in pairs}
        for g_index, gold in enumerate(doc.timexes):
            if g_index not in matched_gold:
                counts[("missed", gold.type, _shape(gold.text))] += 1
        for s_index, pred in enumerate(preds):
            if s_index not in matched_sys:
                counts[("spurious", pred.type, _shape(doc.text[pred.start : pred.end]))] += 1
        for s_index, g_index in pairs:
            pred, gold = preds[s_index], doc.timexes[g_index]
            if pred.value != gold.value:
                counts[("wrong value", gold.type, _shape(gold.text))] += 1
    return counts


def error_examples(
    docs: Sequence[TimeMLDoc], predictions: Sequence[Sequence[Prediction]], kind: tuple[str, str, str], limit: int = 8
) -> list[str]:
    out = []
    for doc, preds in zip(docs, predictions, strict=True):
        pairs = align(doc.text, doc.timexes, preds)
        matched_sys = {s for s, _ in pairs}
        matched_gold = {g for _, g in pairs}
        if kind[0] == "missed":
            out += [
                f"{doc.name}: {g.text!r} gold {g.type} {g.value}"
                for i, g in enumerate(doc.timexes)
                if i not in matched_gold and (g.type, _shape(g.text)) == kind[1:]
            ]
        elif kind[0] == "spurious":
            out += [
                f"{doc.name}: {doc.text[p.start : p.end]!r} {p.type} {p.value}"
                for i, p in enumerate(preds)
                if i not in matched_sys and (p.type, _shape(doc.text[p.start : p.end])) == kind[1:]
            ]
        else:
            out += [
                f"{doc.name} (DCT {doc.dct}): {doc.timexes[g].text!r} gold {doc.timexes[g].value} ours {preds[s].value}"
                for s, g in pairs
                if preds[s].value != doc.timexes[g].value
                and (doc.timexes[g].type, _shape(doc.timexes[g].text)) == kind[1:]
            ]
        if len(out) >= limit:
            break
    return out[:limit]


# ── the command ───────────────────────────────────────────────────────────────


def read_corpora(data: pathlib.Path, articles: pathlib.Path | None = None) -> list[tuple[str, list[TimeMLDoc]]]:
    """The corpora to score: TimeML folders (corpora_in), or one stand-off gold file (.jsonl) over ``articles``."""
    if data.suffix == ".jsonl":
        if articles is None:
            raise ValueError(f"{data} is stand-off gold: say which articles it marks with --articles FILE.jsonl")
        return [(data.parent.name if data.name == "annotations.jsonl" else data.stem, read_standoff(data, articles))]
    return [(name, read_corpus(path)) for name, path in corpora_in(data)]


def run(
    data: pathlib.Path, as_json: bool, resources, baselines: bool = True, articles: pathlib.Path | None = None
) -> int:
    """``storyline evaluate timex --data DIR`` (or ``--data GOLD.jsonl --articles ARTICLES.jsonl``): score and
    print a table (or one JSON object)."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    console = Console(stderr=as_json)
    try:
        corpora = read_corpora(pathlib.Path(data), articles)
    except (FileNotFoundError, ValueError, KeyError, json.JSONDecodeError) as err:
        console.print(f"[red]error:[/red] {err}")
        return 2
    nlp = resources.nlp
    results: list[CorpusResult] = []
    with Progress(console=console, transient=True) as progress:
        for name, docs in corpora:
            task = progress.add_task(f"scoring {name}", total=len(docs))
            results.append(evaluate_corpus(name, docs, nlp, baselines, progress=partial(progress.advance, task)))

    if as_json:

        def one(result: CorpusResult) -> dict:
            payload: dict = {s: score.as_dict() for s, score in result.scores.items()}
            payload.update(
                corpus=result.name,
                files=result.files,
                tokens=result.tokens,
                tagger_tokens_per_second=round(result.tokens_per_second),
            )
            return payload

        if len(results) == 1:
            print(json.dumps(one(results[0]), indent=2))
        else:
            print(json.dumps({"corpora": {r.name: one(r) for r in results}}, indent=2))
        return 0

    for result in results:
        table = Table(
            title=f"TempEval-3 task A F1 — {result.name} ({result.files} files, "
            f"{result.scores['storyline'].gold} gold TIMEX3)",
            caption="P, R: relaxed",
        )
        for column in ("system", "relaxed", "strict", "value", "type", "P", "R"):
            table.add_column(column, justify="left" if column == "system" else "right", no_wrap=True)
        for system, score in result.scores.items():
            table.add_row(
                system,
                f"{score.relaxed_f1:.2f}",
                f"{score.strict_f1:.2f}",
                f"{score.value_f1:.2f}",
                f"{score.type_f1:.2f}",
                f"{score.precision:.1f}",
                f"{score.recall:.1f}",
            )
        if result.name.startswith("te3-platinum"):
            for system, (relaxed, strict, value) in PUBLISHED_TE3.items():
                table.add_row(
                    f"{system} (publ.)", f"{relaxed:.2f}", f"{strict:.2f}", f"{value:.2f}", "–", "–", "–", style="dim"
                )
        console.print(table)
        console.print(
            f"tagger alone: {result.tokens_per_second:,.0f} tokens/s "
            f"({result.tokens:,} spaCy tokens in {result.tagger_seconds:.2f} s)\n"
        )
    return 0
