"""Reader for PolNeAR (Newell, Margolin & Ruths, LREC 2018): political news with every
attribution annotated as source / cue / content spans in brat standoff.

Layout read: ``<root>/<split>/text/<name>.txt`` and
``<root>/<split>/attributions/<name>_<annotator>.ann``.  When an article has several
annotators, the first annotation file (sorted by name) is used so no article counts twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from storyline.errors import StorylineError

Fragments = list[tuple[int, int]]


@dataclass
class Attribution:
    content: Fragments
    source: Fragments = field(default_factory=list)
    cue: Fragments = field(default_factory=list)


@dataclass
class PolnearDoc:
    name: str
    text: str
    attributions: list[Attribution]


def _fragments(spec: str) -> Fragments:
    """``"315 448;463 553"`` → ``[(315, 448), (463, 553)]``."""
    out = []
    for part in spec.split(";"):
        a, b = part.split()
        out.append((int(a), int(b)))
    return out


def parse_ann(lines: list[str]) -> list[Attribution]:
    spans: dict[str, Fragments] = {}
    relations: list[dict[str, str]] = []
    for line in lines:
        cols = line.rstrip("\n").split("\t")
        if len(cols) < 2:
            continue
        if cols[0].startswith("T"):
            kind_and_offsets = cols[1].split(" ", 1)
            if len(kind_and_offsets) == 2:
                spans[cols[0]] = _fragments(kind_and_offsets[1])
        elif cols[0].startswith("E"):
            roles = dict(part.split(":", 1) for part in cols[1].split(" ") if ":" in part)
            relations.append(roles)
    out = []
    for roles in relations:
        content = [f for key in ("Content", "Content2") if key in roles for f in spans.get(roles[key], [])]
        if not content:
            continue
        out.append(
            Attribution(
                content=sorted(content),
                source=spans.get(roles.get("Source", ""), []),
                cue=spans.get(roles.get("Cue", ""), []),
            )
        )
    return out


def read_split(root: Path, split: str) -> list[PolnearDoc]:
    """All articles of one split with their attributions."""
    text_dir, ann_dir = root / split / "text", root / split / "attributions"
    if not text_dir.is_dir() or not ann_dir.is_dir():
        raise StorylineError(
            "E320",
            f"No PolNeAR split '{split}' under {root}",
            f"Expected {text_dir} and {ann_dir}; point --data at the PolNeAR 'data' folder.",
        )
    anns: dict[str, Path] = {}
    for ann in sorted(ann_dir.glob("*.ann")):
        anns.setdefault(ann.stem.rsplit("_", 1)[0], ann)
    docs = []
    for txt in sorted(text_dir.glob("*.txt")):
        found = anns.get(txt.stem)
        if found is None:
            continue
        docs.append(
            PolnearDoc(
                name=txt.stem,
                text=txt.read_text(encoding="utf-8"),
                attributions=parse_ann(found.read_text(encoding="utf-8").splitlines()),
            )
        )
    return docs
