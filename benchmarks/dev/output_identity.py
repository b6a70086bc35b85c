"""Compare what two versions of storyline write, corpus by corpus: one verdict line per corpus.

Usage::

    python benchmarks/dev/output_identity.py main .              # the main branch against this checkout as it is
    python benchmarks/dev/output_identity.py v1 v2 --no-timex    # two git refs, builds only
    python benchmarks/dev/output_identity.py .bench/identity/a1b2c3d .bench/identity/e4f5a6b   # two output folders

Each side is a git ref (its tree is exported with ``git archive`` under ``.bench/identity/<commit>/`` and run
from there; a commit's outputs are kept and reused), ``.`` for this checkout with its uncommitted changes, or a
folder this script wrote before.  For each side it builds the seeds (``../shared/seeds``, with their dates.csv),
``examples/`` and clusters-dev (``../shared/data/clusters-dev``) with ``storyline build``, and dumps the temporal
tagger's output on the timex corpora with ``timex_identity.py`` (TimeBank, AQUAINT, TE3-Platinum, WikiWars, the
tweets, clusters-dev, Timeline17 and PolNeAR).  The builds run each side's own code from scratch; the timex
dumps share this checkout's spaCy parse cache (``.bench/identity-<corpus>.spacy``), so they compare the tagger
alone.  Every output file of a build is compared byte for byte (``storyline.db`` aside, and ``stories.json``
without its ``updated_at`` time).  Exit status 0 when every corpus is identical.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import timex_identity

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
IDENTITY = ROOT / ".bench" / "identity"
HARNESS = Path(timex_identity.__file__).resolve()

#: corpus name: (inputs relative to the checkout, extra build options)
BUILDS: dict[str, tuple[list[str], list[str]]] = {
    "seeds": (["../shared/seeds/0*.txt"], ["--dates", "../shared/seeds/dates.csv"]),
    "examples": (["examples"], []),
    "clusters-dev": (["../shared/data/clusters-dev/articles.jsonl"], []),
}
#: files of an output folder that differ from one build to the next whatever the code
SKIPPED = {"storyline.db"}
TIMEX_DUMP = "timex.jsonl"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def export(ref: str) -> tuple[Path, Path]:
    """The ref's tree under .bench/identity/<commit>/storyline (beside a link to ../shared), and its output folder."""
    commit = _git("rev-parse", "--verify", f"{ref}^{{commit}}")
    base = IDENTITY / commit[:12]
    tree = base / "storyline"
    if not (tree / "src" / "storyline").is_dir():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", "--format=tar", commit], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    link = base / "shared"
    if not link.exists():
        link.symlink_to(SHARED.resolve(), target_is_directory=True)
    return tree, base / "outputs"


def _environment(tree: Path) -> dict[str, str]:
    """This interpreter, importing storyline from ``tree``'s sources."""
    return {**os.environ, "PYTHONPATH": str(tree / "src")}


def build(tree: Path, out: Path, with_timex: bool) -> None:
    """Write the side's outputs: one storyline build per corpus, and the tagger's dump."""
    env = _environment(tree)
    for name, (inputs, options) in BUILDS.items():
        target = out / name
        if (target / "story.json").exists():
            continue
        shutil.rmtree(target, ignore_errors=True)
        # relative to the tree, so that the paths written in story.json are the same on both sides
        expanded = [path for pattern in inputs for path in sorted(glob.glob(pattern, root_dir=tree))]
        command = [
            sys.executable,
            "-c",
            "from storyline.cli import app; app()",
            "build",
            *expanded,
            "-o",
            str(target),
            "-j",
            "1",
            *options,
        ]
        print(f"  building {name} with {tree}", flush=True)
        target.mkdir(parents=True)
        with (out / f"{name}.log").open("w", encoding="utf-8") as log:  # the build's warnings (undated articles …)
            subprocess.run(command, cwd=tree, env=env, check=True, stdout=log, stderr=subprocess.STDOUT)
    dump = out / TIMEX_DUMP
    if with_timex and not dump.exists():
        print(f"  tagging the timex corpora with {tree}", flush=True)
        partial = dump.with_suffix(".partial")
        subprocess.run([sys.executable, str(HARNESS), "dump", str(partial)], cwd=ROOT, env=env, check=True)
        partial.rename(dump)


def side(spec: str, with_timex: bool) -> Path:
    """The output folder of one side, built first when the side is a ref or the checkout."""
    folder = Path(spec)
    if spec != "." and folder.is_dir() and any((folder / name).is_dir() for name in BUILDS):
        return folder
    if spec == ".":
        out = Path(tempfile.mkdtemp(prefix="checkout-", dir=IDENTITY if IDENTITY.exists() else None))
        build(ROOT, out, with_timex)
        return out
    tree, out = export(spec)
    build(tree, out, with_timex)
    return out


def _comparable(path: Path) -> bytes:
    if path.name == "stories.json":
        listing = json.loads(path.read_text(encoding="utf-8"))
        for story in listing if isinstance(listing, list) else listing.get("stories", []):
            story.pop("updated_at", None)
        return json.dumps(listing, sort_keys=True).encode()
    return path.read_bytes()


def compare_build(a: Path, b: Path) -> str:
    """One corpus's verdict: identical, or which files differ or are missing."""
    if not a.is_dir() or not b.is_dir():
        return f"not compared (no output in {a if not a.is_dir() else b})"
    files = {p.relative_to(a) for p in a.rglob("*") if p.is_file()} | {
        p.relative_to(b) for p in b.rglob("*") if p.is_file()
    }
    files = {f for f in files if f.name not in SKIPPED}
    stories = sum(1 for f in files if f.name == "story.json")
    differing = sorted(
        str(f)
        for f in files
        if not (a / f).exists() or not (b / f).exists() or _comparable(a / f) != _comparable(b / f)
    )
    if not differing:
        return f"identical ({len(files)} files, {stories} story.json)"
    shown = ", ".join(differing[:5]) + (f" and {len(differing) - 5} more" if len(differing) > 5 else "")
    return f"DIFFERENT: {len(differing)} of {len(files)} files ({shown})"


def compare_timex(a: Path, b: Path) -> dict[str, str]:
    """Per timex corpus: identical, or how many documents and expressions differ."""

    def load(path: Path) -> dict[tuple[str, str], set[tuple]]:
        rows = (json.loads(line) for line in path.open(encoding="utf-8"))
        return {(r["corpus"], r["doc"]): {tuple(t) for t in r["timexes"]} for r in rows}

    old, new = load(a), load(b)
    verdicts = {}
    for corpus in dict.fromkeys(key[0] for key in [*old, *new]):
        keys = {k for k in old.keys() | new.keys() if k[0] == corpus}
        expressions = sum(len(old.get(k, ())) for k in keys)
        changed = [k for k in keys if old.get(k) != new.get(k)]
        differences = sum(len(old.get(k, set()) ^ new.get(k, set())) for k in changed)
        verdicts[corpus] = (
            f"identical ({len(keys)} documents, {expressions} expressions)"
            if not changed
            else f"DIFFERENT: {differences} expressions in {len(changed)} of {len(keys)} documents"
        )
    return verdicts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="git ref, '.' (this checkout as it is) or an output folder of this script")
    parser.add_argument("after", help="the same, for the other side")
    parser.add_argument("--no-timex", action="store_true", help="compare the builds only (the dumps take minutes)")
    args = parser.parse_args()
    with_timex = not args.no_timex
    IDENTITY.mkdir(parents=True, exist_ok=True)
    print(f"before: {args.before}", flush=True)
    before = side(args.before, with_timex)
    print(f"after: {args.after}", flush=True)
    after = side(args.after, with_timex)
    verdicts = {name: compare_build(before / name, after / name) for name in BUILDS}
    if with_timex:
        if (before / TIMEX_DUMP).exists() and (after / TIMEX_DUMP).exists():
            verdicts.update(
                {f"timex {c}": v for c, v in compare_timex(before / TIMEX_DUMP, after / TIMEX_DUMP).items()}
            )
        else:
            verdicts["timex"] = "not compared (a side has no timex dump)"
    width = max(len(name) for name in verdicts)
    for name, verdict in verdicts.items():
        print(f"{name:<{width}}  {verdict}")
    print(f"outputs: {before} and {after}")
    return 0 if all(v.startswith("identical") for v in verdicts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
