"""Dump the temporal tagger's output on the corpora the project measures, to diff two versions of the code.

Usage::

    python benchmarks/dev/timex_identity.py dump .bench/identity-before.jsonl
    # … change the tagger …
    python benchmarks/dev/timex_identity.py dump .bench/identity-after.jsonl
    python benchmarks/dev/timex_identity.py diff .bench/identity-before.jsonl .bench/identity-after.jsonl

One JSON line per document: corpus, document name, and every expression's span, type, value, mod, anchor and
whether it resolved.  Outputs only: nothing is scored, so the test set's texts (te3-platinum input) can be read.
spaCy parses are cached in ``.bench/identity-<corpus>.spacy``, so a second dump runs the tagger alone (about a
minute); delete the cache when the spaCy model changes.  ``--only`` picks corpora; ``--sample N`` caps the
documents per corpus (every document by default).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
TIMEX = SHARED / "data" / "timex"
CACHE = ROOT / ".bench"

Document = tuple[str, str, dt.date | None]  # (name, text, creation time)


def _timeml(folder: Path, pattern: str = "*.tml") -> Callable[[], Iterator[Document]]:
    def read() -> Iterator[Document]:
        from storyline.evaluate.timeml import read_timeml

        for path in sorted(folder.rglob(pattern)):
            doc = read_timeml(path)
            yield str(path.relative_to(folder)), doc.text, doc.dct

    return read


def _jsonl(path: Path) -> Callable[[], Iterator[Document]]:
    """Articles of a JSONL file (``id``, ``published``, ``text``)."""

    def read() -> Iterator[Document]:
        for line in path.open(encoding="utf-8"):
            if line.strip():
                row = json.loads(line)
                published = row.get("published")
                yield row["id"], row["text"], dt.date.fromisoformat(published[:10]) if published else None

    return read


def _standoff_articles(kind: str) -> Callable[[], Iterator[Document]]:
    """The Timeline17 or PolNeAR articles the project's stand-off gold marks, read as ``timex_dev_articles`` writes."""

    def read() -> Iterator[Document]:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        import timex_dev_articles as articles

        make = articles.t17_article if kind == "t17" else articles.polnear_article
        gold = ROOT / "benchmarks" / "data" / f"{kind}-timex" / "annotations.jsonl"
        for line in gold.open(encoding="utf-8"):
            if line.strip():
                row = make(json.loads(line)["id"])
                yield row["id"], row["text"], dt.date.fromisoformat(row["published"])

    return read


def _ingested(folder: Path, dates: Path | None = None) -> Callable[[], Iterator[Document]]:
    """Articles as ``storyline build`` reads them (publication dates from a sidecar CSV when given)."""

    def read() -> Iterator[Document]:
        from storyline.ingest import SidecarDates, ingest

        sidecar = SidecarDates.load(dates) if dates and dates.exists() else None
        for article in ingest([str(folder)], sidecar=sidecar).articles:
            yield article.id, article.text, article.published

    return read


CORPORA: dict[str, Callable[[], Iterator[Document]]] = {
    "timebank": _timeml(TIMEX / "timebank"),
    "aquaint": _timeml(TIMEX / "aquaint"),
    "te3-platinum-input": _timeml(TIMEX / "te3-platinum-input", "*.TE3input"),
    "wikiwars": _timeml(TIMEX / "wikiwars" / "timeml-syntime"),
    "tweets": _timeml(TIMEX / "tweets-syntime"),
    "clusters-dev": _jsonl(SHARED / "data" / "clusters-dev" / "articles.jsonl"),
    "t17": _standoff_articles("t17"),
    "polnear": _standoff_articles("polnear"),
    "seeds": _ingested(SHARED / "seeds", SHARED / "seeds" / "dates.csv"),
    "examples": _ingested(ROOT / "examples"),
}


def _parses(name: str, docs: list[Document], nlp):  # type: ignore[no-untyped-def]
    """spaCy parses of the documents, cached under .bench/ and redone when the texts differ."""
    from spacy.tokens import DocBin

    from storyline.annotate.nlp import prepared

    path = CACHE / f"identity-{name}.spacy"
    if path.exists():
        parsed = list(DocBin().from_bytes(path.read_bytes()).get_docs(nlp.vocab))
        if len(parsed) == len(docs) and all(p.text == d[1] for p, d in zip(parsed, docs, strict=True)):
            return parsed
    parsed = list(prepared(nlp).pipe((d[1] for d in docs), batch_size=16))
    CACHE.mkdir(exist_ok=True)
    path.write_bytes(DocBin(store_user_data=True, docs=parsed).to_bytes())
    return parsed


def dump(out: Path, only: list[str] | None, sample: int | None) -> None:
    from storyline.annotate.nlp import sentences_of
    from storyline.annotate.temporal import TemporalTagger
    from storyline.resources import Resources

    nlp = Resources().nlp
    tagger = TemporalTagger()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for name, read in CORPORA.items():
            if only and name not in only:
                continue
            began = time.perf_counter()
            docs = list(read())[:sample] if sample else list(read())
            parsed = _parses(name, docs, nlp)
            count = 0
            for (doc_name, _, dct), spacy_doc in zip(docs, parsed, strict=True):
                found = tagger.tag(spacy_doc, dct, sentences_of(spacy_doc))
                count += len(found)
                handle.write(
                    json.dumps(
                        {
                            "corpus": name,
                            "doc": doc_name,
                            "dct": dct.isoformat() if dct else None,
                            "timexes": [
                                [t.start, t.end, t.text, t.type, t.value, t.mod, t.anchor, t.resolved] for t in found
                            ],
                        },
                        ensure_ascii=False,
                    )
                    + "\n"
                )
            print(
                f"{name}: {len(docs)} documents, {count} expressions ({time.perf_counter() - began:.0f} s)", flush=True
            )


def diff(before: Path, after: Path) -> int:
    """Print every expression that differs; return how many do."""

    def load(path: Path) -> dict[tuple[str, str], list]:
        rows = (json.loads(line) for line in path.open(encoding="utf-8"))
        return {(r["corpus"], r["doc"]): [tuple(t) for t in r["timexes"]] for r in rows}

    old, new = load(before), load(after)
    differences = 0
    for key in sorted(old.keys() | new.keys()):
        gone = set(old.get(key, [])) - set(new.get(key, []))
        came = set(new.get(key, [])) - set(old.get(key, []))
        for expr in sorted(gone):
            print(f"- {key[0]} {key[1]}: {expr}")
        for expr in sorted(came):
            print(f"+ {key[0]} {key[1]}: {expr}")
        differences += len(gone) + len(came)
    total = sum(len(v) for v in old.values())
    print(f"{len(old)} documents, {total} expressions before; {differences} differences")
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dumping = commands.add_parser("dump")
    dumping.add_argument("out", type=Path)
    dumping.add_argument("--only", nargs="*", choices=list(CORPORA))
    dumping.add_argument("--sample", type=int, help="at most this many documents per corpus")
    diffing = commands.add_parser("diff")
    diffing.add_argument("before", type=Path)
    diffing.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.out, args.only, args.sample)
    else:
        sys.exit(1 if diff(args.before, args.after) else 0)


if __name__ == "__main__":
    main()
