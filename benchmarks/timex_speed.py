"""Tokens per second of the temporal tagger alone (spaCy parse excluded), best of N runs.

Usage: python benchmarks/timex_speed.py [timebank] [--runs 3]

Parses are cached by ``timex_missed.py`` in ``.bench/``; the tagger is timed on every document
of the corpus, and the best run is reported because the machine is shared (the slowest runs
measure the neighbours, not the tagger).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "dev"))

from timex_missed import parsed_corpus, tag_corpus  # noqa: E402

from storyline.evaluate.results import JSON_OUT_HELP, write_results  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default="timebank")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json-out", type=Path, help=JSON_OUT_HELP)
    args = parser.parse_args()
    from storyline.resources import Resources

    docs, parsed = parsed_corpus(args.corpus, Resources().nlp)
    speeds = [tag_corpus(docs, parsed)[2] for _ in range(args.runs)]
    tokens = sum(len(p) for p in parsed)
    print(
        f"{args.corpus}: {tokens:,} tokens; tagger alone {max(speeds):,.0f} tokens/s best of {args.runs} "
        f"(runs: {', '.join(f'{s:,.0f}' for s in speeds)})"
    )
    if args.json_out:
        write_results(
            args.json_out,
            {
                "corpus": args.corpus,
                "documents": len(docs),
                "tokens": tokens,
                "tokens_per_second_best": round(max(speeds)),
                "tokens_per_second_runs": [round(s) for s in speeds],
            },
        )


if __name__ == "__main__":
    main()
