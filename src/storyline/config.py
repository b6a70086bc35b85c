"""All of storyline's tunable settings, in one place.

A ``Settings`` object is built once (from defaults and command-line options) and passed
down; no stage reads globals or environment variables of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TimelineSettings:
    max_dates: int | None = None  # None: chosen from the data
    sentences_per_date: int | None = None  # None: chosen from the data
    keywords: tuple[str, ...] = ()  # every summary sentence must contain one, when given


@dataclass(frozen=True)
class GroupSettings:
    near_duplicate_threshold: float = 0.8  # Jaccard similarity of word 5-shingles
    shingle_size: int = 5
    num_perm: int = 128
    min_paragraph_chars: int = 60  # shorter paragraphs are not fingerprinted
    cluster_threshold: float = 0.3
    quiet_days: int = 30  # a story with no article for this long is closed
    single_story: bool = False  # put every article in one story


@dataclass(frozen=True)
class Settings:
    model: str | None = None  # spaCy pipeline name; None picks the installed English model
    batch_size: int = 32
    timeline: TimelineSettings = field(default_factory=TimelineSettings)
    group: GroupSettings = field(default_factory=GroupSettings)
