"""storyline's TempEval-3 task A figures from the official scorer, beside `storyline evaluate timex`'s own.

Usage::

    python benchmarks/timex_official.py ../shared/data/timex/timebank --toolkit /tmp/tempeval3_toolkit

The official scorer is the TempEval-3 toolkit (github.com/naushadzaman/tempeval3_toolkit; the task's
participants were scored with commit 7b2c18b). It is Python 2 and Java: ``--python`` names a Python 2.7
interpreter (default ``python2.7``; with pyenv, ``PYENV_VERSION=2.7.18 python``) and ``java`` must be on
the PATH. Nothing of it is copied here: this script only writes storyline's tags as TimeML files beside
the gold ones and runs the toolkit on both folders.

The system files are the gold files with the <TEXT> element's tags replaced by storyline's TIMEX3s and
the relations after it dropped; the document creation time (``t0``) stays, as neither scorer counts it.
Only the corpus's totals are printed, so the script may be run on the test set without reading it.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape, quoteattr

from storyline.evaluate.timeml import TimeMLDoc, read_corpus
from storyline.evaluate.timex import Prediction, evaluate_corpus
from storyline.resources import Resources

_TEXT = re.compile(r"(<TEXT>)(.*?)(</TEXT>)", re.S)
_TIMEX_FIGURES = re.compile(
    r"=== Timex Performance ===\s*Strict Match\s+F1\s+P\s+R\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
    r"Relaxed Match\s+F1\s+P\s+R\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
    r"Attribute F1\s+Value\s+Type\s+([\d.]+)\s+([\d.]+)"
)


def tagged_text(text: str, predictions: list[Prediction]) -> str:
    """The text, XML-escaped, with a TIMEX3 element around each prediction (overlaps skipped)."""
    out, at = [], 0
    for number, p in enumerate(sorted(predictions, key=lambda p: (p.start, -p.end)), start=1):
        if p.start < at:
            continue
        out.append(escape(text[at : p.start]))
        out.append(
            f'<TIMEX3 tid="t{number + 1000}" type={quoteattr(p.type)} value={quoteattr(p.value)}>'
            f"{escape(text[p.start : p.end])}</TIMEX3>"
        )
        at = p.end
    out.append(escape(text[at:]))
    return "".join(out)


def system_file(gold_raw: str, doc: TimeMLDoc, predictions: list[Prediction]) -> str:
    """The gold file with storyline's tags in its <TEXT> and nothing after it but the root's end."""
    match = _TEXT.search(gold_raw)
    if match is None:
        raise ValueError(f"{doc.name}: no <TEXT> element")
    return gold_raw[: match.start()] + "<TEXT>" + tagged_text(doc.text, predictions) + "</TEXT>\n\n</TimeML>\n"


def official_figures(toolkit: pathlib.Path, python: str, gold: pathlib.Path, system: pathlib.Path) -> dict[str, float]:
    """Run TE3-evaluation.py (from its own folder, as it expects) and read its timex figures."""
    run = subprocess.run(
        [python, "TE3-evaluation.py", str(gold), str(system)],
        cwd=toolkit,
        capture_output=True,
        text=True,
        env=os.environ.copy(),
    )
    found = _TIMEX_FIGURES.search(run.stdout)
    if found is None:
        sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
        raise SystemExit("the toolkit printed no timex figures (output above)")
    strict_f1, strict_p, strict_r, relaxed_f1, relaxed_p, relaxed_r, value_f1, type_f1 = map(float, found.groups())
    return {
        "relaxed_f1": relaxed_f1,
        "strict_f1": strict_f1,
        "value_f1": value_f1,
        "type_f1": type_f1,
        "relaxed_precision": relaxed_p,
        "relaxed_recall": relaxed_r,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=pathlib.Path, help="a folder of TimeML (.tml) files")
    parser.add_argument("--toolkit", type=pathlib.Path, required=True, help="a checkout of tempeval3_toolkit")
    parser.add_argument("--python", default="python2.7", help="a Python 2.7 interpreter for the toolkit")
    args = parser.parse_args()
    if not (args.toolkit / "TE3-evaluation.py").exists():
        raise SystemExit(f"{args.toolkit} holds no TE3-evaluation.py: clone naushadzaman/tempeval3_toolkit there")

    paths = sorted(args.data.rglob("*.tml"))  # read_corpus's order
    docs = read_corpus(args.data)
    result = evaluate_corpus(args.data.name, docs, Resources().nlp, baselines=False)
    ours = result.scores["storyline"].as_dict()
    with tempfile.TemporaryDirectory() as tmp:
        gold_dir, system_dir = pathlib.Path(tmp, "gold"), pathlib.Path(tmp, "system")
        gold_dir.mkdir()
        system_dir.mkdir()
        for path, doc, predictions in zip(paths, docs, result.predictions["storyline"], strict=True):
            raw = path.read_text(encoding="utf-8", errors="replace")
            (gold_dir / path.name).write_text(raw, encoding="utf-8")
            (system_dir / path.name).write_text(system_file(raw, doc, predictions), encoding="utf-8")
        official = official_figures(args.toolkit.resolve(), args.python, gold_dir, system_dir)
    print(f"{args.data.name}: {len(docs)} files")
    print(f"{'':24}{'relaxed':>9}{'strict':>9}{'value':>9}{'type':>9}{'P':>8}{'R':>8}")
    for label, figures in (("evaluate timex", ours), ("TE3 toolkit (official)", official)):
        print(
            f"{label:24}"
            + "".join(f"{figures[k]:9.2f}" for k in ("relaxed_f1", "strict_f1", "value_f1", "type_f1"))
            + f"{figures['relaxed_precision']:8.2f}{figures['relaxed_recall']:8.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
