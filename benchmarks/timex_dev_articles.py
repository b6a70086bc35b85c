"""Write the articles a stand-off time-expression set under benchmarks/data marks, as storyline reads them, to JSONL.

The project's own gold for time expressions in modern news gives offsets into article texts that stay in ../shared.
``clusters-dev-timex`` indexes ../shared/data/clusters-dev/articles.jsonl directly; the other two index texts this
script writes, so that ``storyline evaluate timex --data GOLD --articles ARTICLES`` can score them:

* ``t17``: the text storyline makes of each raw Timeline17 InputDocs file (``evaluate.tls_data.read_article``: one
  sentence per line, tokens spaced as the corpus ships them, brackets restored); the creation time is the date
  folder the file sits in.
* ``polnear``: the raw text of PolNeAR's train and dev articles (2015–2016 US political news); the creation time is
  the date in the file name.

Usage::

    python benchmarks/timex_dev_articles.py t17        # writes .bench/t17-timex-articles.jsonl
    python benchmarks/timex_dev_articles.py polnear    # writes .bench/polnear-timex-articles.jsonl
    storyline evaluate timex --data benchmarks/data/t17-timex/annotations.jsonl \
        --articles .bench/t17-timex-articles.jsonl

``--sample N --seed S`` draws a new sample instead of the gold's articles (N articles of 150 to 700 words per
Timeline17 source folder, or of 200 to 700 words per PolNeAR publisher, from ``--split train`` or ``dev``): how the
annotated sets were chosen.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from storyline.evaluate.tls_data import read_article

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
T17 = SHARED / "tls" / "timeline17_original"
POLNEAR = SHARED / "quotes" / "polnear"
POLNEAR_SPLITS = ("train", "dev")  # where a polnear-timex id is looked for; the test split is never drawn


def t17_article(article_id: str) -> dict:
    """The text storyline reads from the InputDocs file with this id ("folder/YYYY-MM-DD/name")."""
    folder, day, name = article_id.split("/")
    matches = sorted((T17 / folder / "InputDocs" / day).glob(f"{name}.*"))
    if not matches:
        sys.exit(f"{article_id}: no such InputDocs file under {T17}")
    read = read_article(matches[0], folder, dt.date.fromisoformat(day))
    return {"id": read.id, "published": read.published.isoformat(), "text": read.text}


def polnear_article(article_id: str) -> dict:
    """The raw text of a PolNeAR train or dev article ("publisher_YYYY-MM-DD_slug"), dated by its file name."""
    paths = [POLNEAR / split / "text" / f"{article_id}.txt" for split in POLNEAR_SPLITS]
    path = next((p for p in paths if p.exists()), None)
    if path is None:
        sys.exit(f"{article_id}: no such PolNeAR file in {', '.join(POLNEAR_SPLITS)} under {POLNEAR}")
    day = re.search(r"_(\d{4}-\d\d-\d\d)_", path.name)
    return {"id": article_id, "published": day.group(1) if day else None, "text": path.read_text(encoding="utf-8")}


def _draw(
    groups: dict[str, list[Path]],
    read: Callable[[Path], dict | None],
    per_group: int,
    seed: int,
    words: tuple[int, int],
) -> Iterator[str]:
    """``per_group`` random ids of each group whose text has between ``words`` words."""
    rng = random.Random(seed)
    for name in sorted(groups):
        paths = groups[name][:]
        rng.shuffle(paths)
        taken = 0
        for path in paths:
            article = read(path)
            if article and words[0] <= len(article["text"].split()) <= words[1]:
                yield article["id"]
                taken += 1
                if taken == per_group:
                    break


def t17_sample(per_folder: int, seed: int) -> list[str]:
    groups = {
        folder.name: sorted(p for p in (folder / "InputDocs").glob("*/*") if p.is_file() and not p.name.startswith("."))
        for folder in T17.iterdir()
        if folder.is_dir()
    }

    def read(path: Path) -> dict | None:
        article = read_article(path, path.parents[2].name, dt.date.fromisoformat(path.parent.name))
        return {"id": article.id, "text": article.text} if article else None

    return list(_draw(groups, read, per_folder, seed, (150, 700)))


def polnear_sample(per_publisher: int, seed: int, split: str) -> list[str]:
    groups: dict[str, list[Path]] = {}
    for path in sorted((POLNEAR / split / "text").glob("*.txt")):
        groups.setdefault(path.name.split("_")[0], []).append(path)
    return list(
        _draw(groups, lambda p: {"id": p.stem, "text": p.read_text(encoding="utf-8")}, per_publisher, seed, (200, 700))
    )


SETS = {"t17": (t17_article, t17_sample), "polnear": (polnear_article, polnear_sample)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", choices=sorted(SETS))
    parser.add_argument("--sample", type=int, help="draw this many articles per source instead of the gold's")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--split", choices=POLNEAR_SPLITS, default="train", help="PolNeAR split to draw from")
    parser.add_argument("--out", type=Path, help="default .bench/<set>-timex-articles.jsonl")
    args = parser.parse_args()
    read, sample = SETS[args.set]
    if args.sample:
        ids = (
            polnear_sample(args.sample, args.seed, args.split)
            if args.set == "polnear"
            else sample(args.sample, args.seed)
        )
    else:
        gold = ROOT / "benchmarks" / "data" / f"{args.set}-timex" / "annotations.jsonl"
        ids = [json.loads(line)["id"] for line in gold.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = args.out or ROOT / ".bench" / f"{args.set}-timex-articles.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for article_id in ids:
            handle.write(json.dumps(read(article_id), ensure_ascii=False) + "\n")
    print(f"wrote {len(ids)} articles to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
