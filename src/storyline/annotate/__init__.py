"""Annotate: the language stage.  One spaCy pass per article, then the taggers that read it.

``annotate`` turns ``Article`` objects into ``AnnotatedArticle`` objects: sentences
(never crossing a paragraph break), named-entity mentions, time expressions, quotes and
figures.  The spaCy ``Doc`` lives only inside this stage; later stages see plain data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from storyline.annotate.claims import find_claims
from storyline.annotate.nlp import mentions_of, parse, sentences_of
from storyline.annotate.quotes import find_quotes
from storyline.annotate.temporal import TemporalTagger
from storyline.model import AnnotatedArticle, Article
from storyline.resources import Resources
from storyline.timing import StageTimes

#: bump when an annotator changes its output, so stored annotations are redone
ANNOTATION_VERSION = "4"


def annotate(
    articles: Iterable[Article],
    resources: Resources,
    batch_size: int = 32,
    on_article: Callable[[Article], None] | None = None,
    processes: int = 1,
    times: StageTimes | None = None,
    on_error: Callable[[Article, str], None] | None = None,
) -> Iterator[AnnotatedArticle]:
    """Annotate articles lazily, in batches through spaCy; yields them in input order.

    ``processes`` > 1 runs spaCy in that many worker processes; ``times`` (optional)
    collects the seconds spent in spaCy and in each annotator.  An article on which an
    annotator fails is reported to ``on_error`` (or raised, without one) and the rest goes on:
    one odd article must not cost a long run.
    """
    times = times or StageTimes()
    tagger = TemporalTagger()
    parsed = parse(articles, resources, batch_size, processes)
    while True:
        with times.stage("spacy"):
            item = next(parsed, None)
        if item is None:
            return
        article, doc = item
        stage = "sentences"
        try:
            with times.stage("sentences+mentions"):
                sentences = sentences_of(doc)
                mentions = mentions_of(doc, sentences)
            stage = "temporal"
            with times.stage("temporal"):
                timexes = tagger.tag(doc, article.published, sentences)
            stage = "quotes"
            with times.stage("quotes"):
                quotes = find_quotes(doc, sentences)
            stage = "claims"
            with times.stage("claims"):
                claims = find_claims(doc, sentences)
        except Exception as error:  # noqa: BLE001 - reported with the article, the run goes on
            if on_error is None:
                raise
            on_error(article, f"the {stage} annotator failed ({type(error).__name__}: {error}); "
                              "please report this with the article")
            continue
        if on_article:
            on_article(article)
        yield AnnotatedArticle(article=article, sentences=sentences, mentions=mentions,
                               timexes=timexes, quotes=quotes, claims=claims)
