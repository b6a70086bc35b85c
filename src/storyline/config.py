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
    keywords: tuple[str, ...] = ()  # every summary sentence must contain one (case-blind, inside words too), when given
    summary_items: int = 5  # entries in the story's short summary


@dataclass(frozen=True)
class GroupSettings:
    near_duplicate_threshold: float = 0.8  # Jaccard similarity of word 5-shingles
    shingle_size: int = 5
    num_perm: int = 128  # 64 measured on clusters-dev: near-duplicate precision 1.0 -> 0.938 (below 0.95), kept 128
    sketch_max_words: int = 0  # MinHash over the first this many words only (0: all); 300-600 left clusters-dev
    # unchanged (its articles are <= 353 words: no evidence) but T17 duplicates fell 304 -> 182-222: kept off
    min_paragraph_chars: int = 60  # shorter paragraphs are not fingerprinted
    cluster_threshold: float = 0.07  # chosen on clusters-dev (plateau 0.06–0.08)
    quiet_days: int = 120  # a story with no article for longer than this is closed (chosen on clusters-dev: 30 → B-cubed 0.87, 90 → 0.95, 120 → 0.97)
    single_story: bool = False  # put every article in one story
    # near duplicates (group/dedup): LSH finds candidates, then Jaccard or containment decides
    near_duplicate_candidate_threshold: float = 0.5  # LSH band threshold; shared paragraphs add candidates
    containment_threshold: float = 0.39  # share of the smaller copy's shingles inside the larger
    min_containment_shingles: int = 30  # containment only counts for copies at least this long
    paragraph_shingle_size: int = 3  # word shingles of a paragraph sketch
    paragraph_sketch_size: int = 4  # bottom-k hashes kept per paragraph
    paragraph_min_shared: int = 3  # sketch values two paragraphs must share to count as reused
    paragraph_candidate_share: float = 0.25  # shared paragraph-sketch values that make a near-copy candidate
    paragraph_max_owners: int = 8  # a paragraph found in this many articles is boilerplate: ignored
    # online clustering (group/cluster)
    lead_words: int = 60  # terms of the text (after the title; no stop words) that form the lead
    body_terms: int = 80  # strongest body terms kept per article
    idf_prior_docs: int = 20  # pseudo-documents added to the IDF count (small folders)
    centroid_terms: int = 400  # strongest terms kept per story and channel
    lead_weight: float = 0.3
    body_weight: float = 0.5
    entity_weight: float = 0.2
    time_scale_days: float = 150.0  # score × exp(-days outside the story's span / this)
    merge_threshold: float = 0.5  # two stories this similar merge (the older id survives)
    reuse_bonus: float = 0.2  # added to a story's score when the article reuses its paragraphs
    max_active_stories: int = 2000  # beyond this, the least recently touched stories close (dated or not)
    closed_story_terms: int = 100  # terms a closed story keeps per channel
    max_closed_stories: int = 1000  # older closed stories keep only their article ids
    max_closed_sketches: int = 5000  # duplicate sketches kept for articles of closed stories (newest)


@dataclass(frozen=True)
class Settings:
    model: str | None = None  # spaCy pipeline name; None picks the installed English model
    batch_size: int = 32
    # longest article text annotated, in characters (``--max-article-chars``); a longer one is skipped with
    # its reason.  News articles hold a few thousand; a crawled page that joins many may hold 700,000
    # (Timeline17).  A build of one article takes about 4.5 s per 100,000 characters on one core
    # (1 MB: 44 s, 1.6 GB; 3 MB: 142 s, 2.0 GB).
    max_article_chars: int = 2_000_000
    timeline: TimelineSettings = field(default_factory=TimelineSettings)
    group: GroupSettings = field(default_factory=GroupSettings)
