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
    # The composer's weights (compose/timeline), chosen on four Timeline17 topics (mj, finan, h1n1, haiti) with
    # benchmarks/dev/tls_dev.py, the late bonus leave-one-topic-out with benchmarks/dev/tls_loto_constants.py.
    # candidate events
    lead_sentences: int = 1  # leading sentences of a dated article that may be anchored to its publication date
    min_content_words: int = 3  # distinct content words a candidate sentence needs (less: a dateline or a caption)
    year_window_days: int = 61  # a month-day with no year may lie this far outside the story's publication span
    same_happening: float = 0.2  # content-word Jaccard at which two candidates of one date tell the same happening
    # length when the user sets none: a story of at most small_story articles shows every dated happening; a
    # larger one auto_dates dates, auto_dates_per_doubling more each time it doubles, auto_sentences_per_date each
    small_story: int = 20
    auto_dates: int = 8
    auto_dates_per_doubling: int = 4
    auto_sentences_per_date: int = 2
    pool_sentences: int = 5  # larger story: leading sentences that may summarise the publication day and the day before
    # how strongly the story points at a date (date_scores)
    lead_weight: float = 0.5  # a publication-date (lead sentence) anchor, against 1 for a time expression
    retrospective_bonus: float = 0.5  # added when a later article names the date (retrospective mentions mark key days)
    late_bonus: float = 1.5  # added further when an article names a day late_days or more after it (a milestone)
    late_days: int = 30
    coarse_factor: float = 0.02  # dates coarser than a day rank below days with the same support
    outside_factor: float = 0.1  # dates outside the story's publication span rank below its own days
    # which sentences summarise a date
    redundant: float = 0.5  # content-word Jaccard with a sentence already chosen for the date that makes one redundant
    repeated: float = 0.8  # content-word Jaccard with a sentence shown on another date that makes one a repeat
    support_weight: float = 0.1  # weight of log(distinct articles) beside closeness to the date's centroid
    fresh_factor: float = 1.5  # relevance factor of a sentence reported the day itself or the day after
    long_sentence: int = 40  # sentences longer than this many words lose relevance in proportion
    furniture_factor: float = 0.2  # relevance kept by page furniture (bylines, timestamps, links, comment headers)
    named_factor: float = 1.6  # relevance factor of a sentence whose own time expression names the date
    ahead_factor: float = 0.6  # relevance factor of a sentence reported before its date (a plan, not what happened)


@dataclass(frozen=True)
class GroupSettings:
    near_duplicate_threshold: float = 0.8  # Jaccard similarity of word 5-shingles
    shingle_size: int = 5
    num_perm: int = 128  # 64 measured on clusters-dev: near-duplicate precision 1.0 -> 0.938 (below 0.95), kept 128
    sketch_max_words: int = 0  # MinHash over the first this many words only (0: all); 300-600 left clusters-dev
    # unchanged (its articles are <= 353 words: no evidence) but T17 duplicates fell 304 -> 182-222: kept off
    min_paragraph_chars: int = 60  # shorter paragraphs are not fingerprinted
    cluster_threshold: float = 0.07  # chosen on clusters-dev (plateau 0.06–0.08)
    # a story with no article for longer than this is closed (chosen on clusters-dev: 30 → B-cubed 0.87, 90 → 0.95,
    # 120 → 0.97)
    quiet_days: int = 120
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
    entity_weight: float = 0.6  # names tell look-alike rounds apart (lookalike-dev: 0.2 gives 0.87, 0.6 gives 0.94)
    # days an inferred publication date may be off before time counts (look-alike stories are years apart;
    # lookalike-dev and clusters-dev: 60 → B-cubed 0.944 / 0.946, 365 → 0.944 / 0.968, 730 → 0.893 / 0.978)
    inferred_date_slack_days: float = 365.0
    time_scale_days: float = 150.0  # score × exp(-days outside the story's span / this)
    merge_threshold: float = 0.5  # two stories this similar merge (the older id survives)
    reuse_bonus: float = 0.2  # added to a story's score when the article reuses its paragraphs
    max_active_stories: int = 2000  # beyond this, the least recently touched stories close (dated or not)
    closed_story_terms: int = 100  # terms a closed story keeps per channel
    max_closed_stories: int = 1000  # older closed stories keep only their article ids
    max_closed_sketches: int = 5000  # duplicate sketches kept for articles of closed stories (newest)
    # an article's duplicate sketches are forgotten once the stream's clock is this many days past its date, even in
    # a story that never goes quiet (without it such a story keeps every sketch: 5 kB an article on the resampled
    # Timeline17 stream).  0 (the default): kept while the story is open, so a build in batches finds the same
    # originals of copies as one build (tests/test_incremental_grouping.py); `storyline build --sketch-days N` sets it
    sketch_days: int = 0


@dataclass(frozen=True)
class DatingSettings:
    """Publication-date inference for articles that state no date (``storyline.dating``)."""

    lead_sentences: int = 3  # sentences that tell the day's news (the first is often a caption)
    days_after_told: int = 3  # a day told in the past may be this many days before publication (candidates)
    min_sentence_words: int = 4  # word stems a sentence needs to tell a happening
    same_happening: float = 0.2  # Jaccard of word stems for two sentences to tell the same happening
    full_support: float = 0.4  # Jaccard at which a same-happening sentence counts in full
    max_postings: int = 400  # a word in more sentences than this is not looked up (it tells nothing apart)
    weight_told: float = 1.0  # a day told in the past, divided by 1 + the days since
    weight_contradiction: float = 2.0  # each day told in the past after, or ahead before, the candidate
    weight_aligned: float = 2.0  # a relative day naming the day a dated article names for the same happening
    weight_lead_day: float = 0.5  # a lead's weekday naming the day of writing or the day before
    article_chars: int = 2000  # the start of an article compared with dated articles as a whole
    neighbours: int = 5  # most similar dated articles whose days are candidates
    neighbour_period_days: int = 60  # neighbours further than this from the most similar one are another period
    period_majority: float = 0.85  # … whose share of the neighbours' similarity must exceed this to tell the period
    neighbour_days: int = 3  # the days this close to a neighbour's are candidates, scored by closeness
    min_neighbour_similarity: float = 0.1  # Jaccard of word stems below which an article is no neighbour
    # when the stated dates span more than one period (or none is stated), neighbours less like an article than this
    # tell its period only when more than half of ``neighbours`` are found (TE3 silver, two periods eight years
    # apart: a lone neighbour this weak gave the wrong year to 4 estimates in 10)
    weak_likeness: float = 0.15
    common_word_share: float = 0.2  # a word in more than this share of the dated articles is not looked up
    min_common_postings: int = 20
    neighbours_only_days: int = 14  # an estimate from similar articles alone spans this many days either side
    weight_neighbour: float = 2.0  # similarity of a dated article published that day (halved a day apart)
    # likeness at which the evidence names a similar dated article a near copy (on Timeline17, 86 % of undated
    # articles this like a dated one were published within a day of it)
    near_copy: float = 0.6
    weight_dateline: float = 3.0  # a month-day opening a dateline ("LONDON, Sept 1 (Reuters)"), by 1 + days since
    # the run's stated dates spanning at most this many days are one period, whose years a month-day of an article
    # like none of them is read in (a wider pile may hold look-alike rounds years apart: with every date of
    # lookalike-dev removed, reading such month-days in the years of articles dated by their own stamp put 24 of its
    # 58 inferred dates in the wrong year)
    one_period_days: int = 730
    min_score: float = 0.3  # the best day must score this much to be inferred
    interval_margin: float = 0.25  # days scoring this close to the best form the interval
    # an estimate that no stamp or dateline of its own gives spans at least this many days either side of its
    # likeliest day (Timeline17 half hidden: such estimates are the exact day for 41 %, within 3 days for 67 %)
    interval_reach_days: int = 3
    # a day the dated articles still tell this long after it is remembered (a disaster's, a death's): told after the
    # lead, it does not date an article (Timeline17 half hidden: wrong year 1.9 → 1.6 %, exact day unchanged)
    background_after_days: int = 365
    outside_span_days: int = (
        365  # a day told this far outside the dated articles' period counts only in the lead (-1: off)
    )
    # Jaccard at which a sentence names the day of an estimate that reaches only the month or the year, narrowing
    # it within its period (weaker than ``same_happening``: the period already keeps the year)
    narrowing_same_happening: float = 0.12
    # stored articles with a stated date (the newest) that are context for a build's undated ones, so an article
    # built alone is dated from earlier builds; read only when the build has an undated article
    stored_context: int = 2000
    # stored articles left undated, and those dated only to the month or the year (the last added of each), dated
    # again when a build brings articles with a stated date, which may now date them or narrow their date; their
    # stories are composed again, their grouping stays
    redate_stored: int = 500
    refine_rounds: int = (
        3  # rounds narrowing month- or year-wide estimates (articles dated to the day by one join the context)
    )


@dataclass(frozen=True)
class Settings:
    model: str | None = None  # spaCy pipeline name; None picks the installed English model
    # spaCy's matrix products through numpy's BLAS and its rule components' answers remembered
    # (resources.load_spacy): the same output, sooner; off: the pipeline as shipped
    spacy_speedups: bool = True
    batch_size: int = 32
    # longest article text annotated, in characters (``--max-article-chars``); a longer one is skipped with
    # its reason.  News articles hold a few thousand; a crawled page that joins many may hold 700,000
    # (Timeline17).  A build of one article takes about 4.5 s per 100,000 characters on one core
    # (1 MB: 44 s, 1.6 GB; 3 MB: 142 s, 2.0 GB).
    max_article_chars: int = 2_000_000
    timeline: TimelineSettings = field(default_factory=TimelineSettings)
    group: GroupSettings = field(default_factory=GroupSettings)
    dating: DatingSettings = field(default_factory=DatingSettings)


@dataclass(frozen=True)
class ServeSettings:
    """``storyline serve`` and ``storyline watch``: limits, intervals and where to listen."""

    host: str = "127.0.0.1"
    port: int = 8765
    max_body_bytes: int = 2_000_000  # a POSTed article (JSON or an HTML page)
    body_timeout: float = 30.0  # seconds to receive a request body, at most
    max_feed_bytes: int = 5_000_000  # one feed response
    feed_timeout: float = 20.0  # seconds for one feed request
    feed_interval: float = 300.0  # seconds between two polls of one feed
    host_interval: float = 30.0  # at least this many seconds between two requests to one host
    max_backoff: float = 3600.0  # a failing feed waits interval × 2^failures, at most this long
    folder_interval: float = 5.0  # seconds between two scans of a watched folder
    folder_settle: float = 1.0  # a file changed less than this many seconds ago may still be being written: next scan
    inbox_poll: float = 0.05  # seconds the ingest worker sleeps when its inbox is empty (a directory listing)
    error_pause: float = 2.0  # seconds the ingest worker waits after a build failed as a whole
    stream_poll: float = 0.1  # seconds between two looks at the change log for the event stream
    # niceness added to the web server's processes, so the ingest worker gets the CPU first when both
    # want it and a posted article shows soon even under heavy reading (0: equal shares)
    web_nice: int = 5
    search_limit: int = 20  # results per search (at most 100)
    # words found in more sentences than this are ranked among the newest this many matching sentences
    # only: ranking costs a few microseconds a match, so "said" over 280,000 sentences would take 0.1 s
    search_rank_window: int = 5000
