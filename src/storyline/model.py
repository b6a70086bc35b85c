"""The typed data that flows between storyline's stages.

Every stage reads and writes these classes and nothing else, so a stage can be run,
tested or replaced on its own.  Character offsets (``start``/``end``) always index
``Article.text``: slicing the text with them gives back the cited words exactly.

The flow is one way::

    Article ──annotate──► AnnotatedArticle ──group──► Story ──compose──► StoryView
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Literal

PublishedSource = Literal["header", "metadata", "sidecar", "url", "inferred", "missing"]
Granularity = Literal["day", "week", "month", "year"]
GRANULARITIES: tuple[Granularity, ...] = ("day", "week", "month", "year")  # finest first
COARSE_GRANULARITIES: tuple[Granularity, ...] = ("month", "year")  # inferred dates that later evidence may narrow
FINE_GRANULARITIES: tuple[Granularity, ...] = ("day", "week")  # inferred dates "on Monday" is counted from
TimexType = Literal["DATE", "TIME", "DURATION", "SET"]
TimexAnchor = Literal["absolute", "dct", "discourse", "none"]
ClaimStatus = Literal["consistent", "conflicting", "corrected"]


# ── ingest ────────────────────────────────────────────────────────────────────


@dataclass
class Article:
    """One news article as read from its source, before any language processing.

    ``published`` is ``None`` when no source gives a date; ``published_source`` then
    says ``"missing"`` and relative time expressions in the text stay unresolved.
    """

    id: str
    text: str
    title: str | None = None
    published: dt.date | None = None
    published_source: PublishedSource = "missing"
    path: str | None = None
    url: str | None = None
    outlet: str | None = None
    date_evidence: str | None = None  # why an inferred date was chosen
    # an inferred date is an interval: ``published`` is its most likely day
    published_earliest: dt.date | None = None
    published_latest: dt.date | None = None
    published_granularity: Granularity | None = None
    # the day a crawler fetched the page (a WARC record's WARC-Date): the article was published on or
    # before it, so it bounds ``published`` from above; it is never a publication date itself
    fetched: dt.date | None = None

    @property
    def stated_date(self) -> dt.date | None:
        """The publication date a source states (header, metadata, side file, URL); None when inferred or missing."""
        return self.published if self.published_source != "inferred" else None

    def without_text(self) -> Article:
        """The article's metadata alone: what a build report keeps of each new article (the store keeps the text;
        a cluster build of millions cannot hold every text until it ends)."""
        return replace(self, text="")

    @property
    def reference_date(self) -> dt.date | None:
        """The date relative expressions resolve against: a stated date, or an inferred one fine enough
        to place "on Monday" (a day or a week); None otherwise."""
        if self.published_source == "inferred":
            return self.published if self.published_granularity in FINE_GRANULARITIES else None
        return self.published


@dataclass
class SkippedInput:
    """An input that could not be used, with the reason a person can act on."""

    source: str
    reason: str


@dataclass
class IngestResult:
    articles: list[Article]
    skipped: list[SkippedInput]


# ── annotate ──────────────────────────────────────────────────────────────────


@dataclass
class Sentence:
    start: int
    end: int
    text: str
    paragraph: int  # index of the paragraph (blank-line separated) the sentence is in


@dataclass
class Mention:
    """A named-entity mention as the NER found it (``label`` is spaCy's label)."""

    start: int
    end: int
    text: str
    label: str
    sentence: int


@dataclass
class TimeExpr:
    """A temporal expression with its TIMEX3 normalization.

    ``value`` follows TIMEX3 (``2019-09-30``, ``2019-09``, ``2019``, ``2019-W39``,
    ``2019-09-28TWE`` …, ``P5D`` for durations, ``PRESENT_REF`` …).  When the
    expression needs an anchor that is unknown (an undated article's "on Monday"),
    ``value`` keeps the unresolved form (``XXXX-XX-XX``) and ``resolved`` is False.
    """

    start: int
    end: int
    text: str
    type: TimexType
    value: str
    sentence: int
    mod: str | None = None  # TIMEX3 mod: START, MID, END, APPROX, BEFORE, AFTER …
    resolved: bool = False  # True when value names calendar time (no X placeholders)
    anchor: TimexAnchor = "none"
    # Only for an article with no publication date: the clause's tense, and for a day that hangs on the
    # publication date ("on Monday", "yesterday") the days from the publication date to that day if the
    # article was published on a Monday, Tuesday … Sunday (None where that weekday gives no day).
    tense: str | None = None
    offsets: list[int | None] | None = None


@dataclass
class Quote:
    """A direct quotation and, when the text names one, who said it.

    ``speaker_name`` is None when the speaker cannot be determined from the text:
    storyline never guesses one.
    """

    start: int
    end: int
    text: str
    sentence: int
    speaker_name: str | None = None
    speaker_start: int | None = None
    speaker_end: int | None = None
    cue: str | None = None  # "said", "told", "the statement read" …
    # the words near the quote that name its speaker ("she", "the union"); speaker_start/end
    # point at the name they resolve to, which may be sentences earlier
    source_start: int | None = None
    source_end: int | None = None


@dataclass
class Claim:
    """A reported figure: a number with its unit and the thing it measures."""

    start: int
    end: int
    text: str  # the figure as written ("$235 million")
    value: float
    unit: str | None  # "CAD", "USD", "percent", "people", "days" …
    subject: str  # the noun phrase it measures
    sentence: int
    rate: str | None = None  # "per day", "per year" …
    high: float | None = None  # upper end of a range ("between 1,600 and 1,830"); value is the lower


@dataclass
class AnnotatedArticle:
    """An article with everything the language stage found in it."""

    article: Article
    sentences: list[Sentence] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    timexes: list[TimeExpr] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)


# ── group ─────────────────────────────────────────────────────────────────────


@dataclass(slots=True)  # one per reused source of every article: a million-article stream holds millions
class Reuse:
    """Article ``article_id`` reuses paragraphs first published in ``source_id``."""

    article_id: str
    source_id: str
    paragraphs: int
    share: float  # share of the article's paragraphs that are reused


@dataclass
class Story:
    id: str
    article_ids: list[str]
    merged_ids: list[str] = field(default_factory=list)


@dataclass
class Grouping:
    """The output of the group stage: stories, duplicates and reused passages."""

    stories: list[Story]
    duplicate_of: dict[str, str] = field(default_factory=dict)
    reuses: list[Reuse] = field(default_factory=list)


# ── compose ───────────────────────────────────────────────────────────────────


@dataclass
class SourceRef:
    """A pointer to the exact words in an article that support a statement."""

    article_id: str
    sentence: str
    char_start: int
    char_end: int
    time_expression: str | None = None
    inferred: str | None = None  # how a date the words alone do not give was worked out (its evidence)


@dataclass
class TimelineEntry:
    date: str  # "YYYY-MM-DD", "YYYY-MM" or "YYYY"
    summary: str
    sources: list[SourceRef]
    score: float = 0.0


@dataclass
class EntityRole:
    role: str
    source: SourceRef


@dataclass
class Entity:
    id: str
    name: str
    type: str
    aliases: list[str] = field(default_factory=list)
    roles: list[EntityRole] = field(default_factory=list)
    mentions: int = 0


@dataclass
class QuoteView:
    text: str
    speaker: str | None  # entity id
    speaker_name: str | None
    article_id: str
    char_start: int
    char_end: int


@dataclass
class ClaimView:
    subject: str
    value: float
    unit: str | None
    text: str
    article_id: str
    char_start: int
    char_end: int
    status: ClaimStatus = "consistent"
    group: int = 0  # claims about the same measure share a group number
    rate: str | None = None
    high: float | None = None  # upper end of a range; ``value`` is the lower end


@dataclass
class SummaryItem:
    text: str
    sources: list[SourceRef]


@dataclass
class StoryView:
    """Everything one story's outputs are rendered from."""

    story: Story
    articles: list[AnnotatedArticle]
    duplicate_of: dict[str, str]
    reuses: list[Reuse]
    timeline: list[TimelineEntry]
    entities: list[Entity]
    quotes: list[QuoteView]
    claims: list[ClaimView]
    summary: list[SummaryItem]
    title: str = ""
