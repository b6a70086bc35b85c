"""Benchmark figures as JSON files (``benchmarks/results/``), each saying which version measured them and when.

A table in ``benchmarks/README.md`` can then be regenerated from these files rather than retyped.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from storyline import __version__

#: the help of every benchmark's ``--json-out`` option
JSON_OUT_HELP = (
    "Also write the figures as JSON, with the version and the time measured, to this file "
    "(e.g. benchmarks/results/NAME.json)."
)


def _commit() -> str | None:
    """The checkout's commit (with ``+changes`` when files other than ``benchmarks/results`` differ from it), or None
    outside a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, timeout=10, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            # the results a run writes are no change to what it measures
            [
                "git",
                "status",
                "--porcelain",
                "--untracked-files=no",
                "--",
                ":(top)",
                ":(top,exclude)benchmarks/results",
            ],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{commit}+changes" if dirty else commit


def measured(figures: Any, command: list[str] | None = None) -> dict[str, Any]:
    """``figures`` with the version, the annotation version, the commit, the time and the command that measured them."""
    from storyline.annotate import ANNOTATION_VERSION  # spaCy with it: not loaded when the CLI starts

    return {
        "storyline_version": __version__,
        "annotation_version": ANNOTATION_VERSION,
        "commit": _commit(),
        "measured_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        # the machine's 1, 5 and 15 minute load averages when the figures were written, beside any timing in them
        "load_average": [round(load, 2) for load in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "command": " ".join(command if command is not None else [Path(sys.argv[0]).name, *sys.argv[1:]]),
        "figures": figures,
    }


def write_results(path: Path, figures: Any, command: list[str] | None = None) -> Path:
    """Write ``measured(figures)`` to ``path`` as indented JSON (its folder made when missing); returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(measured(figures, command), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
