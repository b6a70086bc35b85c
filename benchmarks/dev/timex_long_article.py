"""CPU seconds of the temporal tagger alone on one long article, parsed once and cached (DocBin), to see how the
tagger grows with article size without spaCy's time and without the noise of a shared machine's wall clock.

    python benchmarks/long_article.py 3000000 /tmp/a3mb.txt
    python benchmarks/dev/timex_long_article.py /tmp/a3mb.txt          (parses once into /tmp/a3mb.txt.spacy)
    python benchmarks/dev/timex_long_article.py /tmp/a3mb.txt --profile (the 25 costliest functions, own time)
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import pstats
import time
from pathlib import Path

from spacy.tokens import DocBin

from storyline.annotate.nlp import parse, prepared, sentences_of
from storyline.annotate.temporal import TemporalTagger
from storyline.model import Article
from storyline.resources import Resources

DCT = dt.date(2024, 5, 2)  # the date long_article.py writes in its header


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("article", type=Path)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    resources = Resources()
    cache = args.article.with_name(args.article.name + ".spacy")
    if not cache.exists():
        article = Article(id="long", text=args.article.read_text(encoding="utf-8"), published=DCT)
        [(_, doc)] = list(parse([article], resources))
        DocBin(store_user_data=False, docs=[doc]).to_disk(cache)
    [doc] = list(DocBin().from_disk(cache).get_docs(prepared(resources.nlp).vocab))
    sentences = sentences_of(doc)
    profile = cProfile.Profile() if args.profile else None
    began = time.process_time()
    if profile:
        profile.enable()
    found = TemporalTagger().tag(doc, DCT, sentences)
    if profile:
        profile.disable()
    print(f"{len(doc.text):,} characters, {len(found):,} expressions, {time.process_time() - began:.2f} CPU s")
    if profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
