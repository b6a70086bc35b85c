"""Write the Timeline17 articles that benchmarks/data/t17-timex marks, as storyline reads them, to a JSONL file.

The stand-off gold in ``benchmarks/data/t17-timex/annotations.jsonl`` gives offsets into the text storyline makes of
each raw InputDocs file (``evaluate.tls_data.read_article``: brackets restored, a sentence per line), which is not a
file in ../shared; this script writes those texts so that ``storyline evaluate timex`` can score the set::

    python benchmarks/t17_timex_articles.py                     # writes .bench/t17-timex-articles.jsonl
    storyline evaluate timex --data benchmarks/data/t17-timex/annotations.jsonl --articles .bench/t17-timex-articles.jsonl

``--sample N`` draws a new sample instead (three articles of 150 to 700 words per source folder, seed 17): how the
annotated set was chosen.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

from storyline.evaluate.tls_data import read_article

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "tls" / "timeline17_original"
GOLD = ROOT / "benchmarks" / "data" / "t17-timex" / "annotations.jsonl"
OUT = ROOT / ".bench" / "t17-timex-articles.jsonl"


def article(article_id: str):  # type: ignore[no-untyped-def]
    """The Article storyline reads from the InputDocs file with this id ("folder/YYYY-MM-DD/name")."""
    folder, day, name = article_id.split("/")
    matches = sorted((DATA / folder / "InputDocs" / day).glob(f"{name}.*"))
    if not matches:
        sys.exit(f"{article_id}: no such InputDocs file under {DATA}")
    return read_article(matches[0], folder, dt.date.fromisoformat(day))


def sample(per_folder: int, seed: int = 17) -> list[str]:
    """Article ids: ``per_folder`` random articles of 150 to 700 words from each source folder."""
    rng = random.Random(seed)
    chosen = []
    for folder in sorted(p for p in DATA.iterdir() if p.is_dir()):
        paths = sorted(p for p in (folder / "InputDocs").glob("*/*") if p.is_file() and not p.name.startswith("."))
        rng.shuffle(paths)
        taken = 0
        for path in paths:
            read = read_article(path, folder.name, dt.date.fromisoformat(path.parent.name))
            if read and 150 <= len(read.text.split()) <= 700:
                chosen.append(read.id)
                taken += 1
                if taken == per_folder:
                    break
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, help="draw this many articles per source folder instead of the gold's")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.sample:
        ids = sample(args.sample)
    else:
        ids = [json.loads(line)["id"] for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as handle:
        for article_id in ids:
            read = article(article_id)
            handle.write(json.dumps({"id": read.id, "published": read.published.isoformat(), "text": read.text},
                                    ensure_ascii=False) + "\n")
    print(f"wrote {len(ids)} articles to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
