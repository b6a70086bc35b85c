"""spaCy: the parse every annotator reads, and the sentences and mentions taken from it."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

import numpy
from spacy.attrs import IDX, SENT_START
from spacy.language import Language
from spacy.tokens import Doc, Token

from storyline.model import Article, Mention, Sentence
from storyline.resources import Resources

PARAGRAPH_COMPONENT = "storyline_paragraphs"
_TEXT_KEY = "storyline_text"
#: texts longer than this are parsed in pieces of at least PIECE_LENGTH characters (``parse``); news
#: articles are shorter, crawled pages that join many articles are not
LONGEST_WHOLE_TEXT = 20_000
PIECE_LENGTH = 10_000
#: no text handed to spaCy is longer than this (nor than the pipeline's ``max_length``): a paragraph longer
#: than this is cut into sentences or words (``paragraph_pieces``)
LONGEST_PIECE = 100_000
#: where a paragraph starts: after a line break and the spaces around it
PARAGRAPH_START = re.compile(r"\n\s*")


@Language.component(PARAGRAPH_COMPONENT)
def paragraph_boundaries(doc: Doc) -> Doc:
    """Start a sentence after every line break, so no sentence spans two paragraphs.

    The token that starts after a line break is the first whose offset lies past it.  The starts are
    written in one ``from_array`` call: setting ``Token.is_sent_start`` one token at a time scans the
    whole document for a parse on every call (7 % of spaCy's time under cProfile, on long articles).
    """
    breaks = [match.start() for match in re.finditer("\n", text_of(doc))]
    if len(doc) < 2 or not breaks:
        return doc
    offsets = doc.to_array(IDX).astype(numpy.int64)
    after = numpy.unique(numpy.searchsorted(offsets, breaks, side="right"))
    after = after[(after >= 1) & (after < len(doc))]
    if len(after):
        starts = doc.to_array(SENT_START)
        starts[after] = 1
        doc.from_array([SENT_START], starts)  # type: ignore[arg-type]
    return doc


def text_of(doc: Doc) -> str:
    """The document's text, read once: ``Doc.text`` joins every token's text anew on each access, and
    the paragraph rule and every annotator need it."""
    text = doc.user_data.get(_TEXT_KEY)
    if text is None:
        text = doc.user_data[_TEXT_KEY] = doc.text
    return text


def prepared(nlp: Language) -> Language:
    """The pipeline with the paragraph rule in front of the parser (added once).  Its speed-ups, when on,
    come with loading (``Resources``, ``load_spacy``)."""
    if PARAGRAPH_COMPONENT not in nlp.pipe_names:
        before = "parser" if "parser" in nlp.pipe_names else None
        nlp.add_pipe(PARAGRAPH_COMPONENT, before=before) if before else nlp.add_pipe(PARAGRAPH_COMPONENT)
    return nlp


def paragraph_pieces(
    text: str, longest: int = LONGEST_WHOLE_TEXT, piece: int = PIECE_LENGTH, limit: int = LONGEST_PIECE
) -> list[str]:
    """``text`` cut where a paragraph starts into pieces of at least ``piece`` characters (the last one may be
    shorter), or ``[text]`` when it is no longer than ``longest``; no piece is longer than ``limit``.

    A cut falls before the first character after a line break and the spaces around it, so each piece
    tokenizes as that part of the whole text does and no sentence is cut (sentences never cross a line
    break: ``paragraph_boundaries``).  A paragraph longer than ``limit`` is cut further
    (``_bounded``), so no single paragraph can exceed what the parser takes.
    """
    longest, piece = min(longest, limit), min(piece, limit)
    if len(text) <= longest:
        return [text]
    pieces, start = [], 0
    for cut in PARAGRAPH_START.finditer(text, piece):
        if cut.end() - start >= piece and cut.end() < len(text):
            pieces.append(text[start : cut.end()])
            start = cut.end()
    pieces.append(text[start:])
    if max(map(len, pieces)) <= limit:
        return pieces
    return [part for whole in pieces for part in _bounded(whole, limit)]


#: where a long paragraph is best cut: after a sentence's end mark (and closing quotes or brackets)
#: and the spaces that follow it; else after any run of spaces
SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+")
SPACES = re.compile(r"\s+")


def _bounded(text: str, limit: int) -> list[str]:
    """``text`` in consecutive pieces of at most ``limit`` characters, each cut after a sentence end when
    the second half of its window holds one, else after spaces, else at ``limit`` (a text with no spaces)."""
    out, start = [], 0
    while len(text) - start > limit:
        window_end = start + limit
        cut = None
        for pattern in (SENTENCE_END, SPACES):
            ends = [m.end() for m in pattern.finditer(text, start + limit // 2, window_end)]
            if ends:
                cut = ends[-1]
                break
        cut = cut or window_end
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return out


def _pieces_to_parse(articles: Iterable[Article], limit: int) -> Iterator[tuple[str, tuple[Article, bool]]]:
    """Each article's texts to parse, with the article and whether the text is its last piece."""
    for article in articles:
        texts = paragraph_pieces(article.text, limit=limit)
        for index, text in enumerate(texts):
            yield text, (article, index == len(texts) - 1)


def _parse_all(nlp: Language, articles: list[Article], batch_size: int, limit: int) -> list[tuple[Article, Doc]]:
    parsed: list[Doc] = []
    out = []
    for doc, (article, last) in nlp.pipe(_pieces_to_parse(articles, limit), as_tuples=True, batch_size=batch_size):
        parsed.append(doc)
        if last:
            whole = (
                parsed[0]
                if len(parsed) == 1
                # spaCy's stub lacks ``exclude``, which Doc.from_docs takes since 3.4
                else Doc.from_docs(parsed, ensure_whitespace=False, exclude=["user_data", "tensor"])  # type: ignore[call-arg]
            )
            parsed = []
            out.append((article, whole))
    return out


def parse(
    articles: Iterable[Article],
    resources: Resources,
    batch_size: int = 32,
    on_error: Callable[[Article, str], None] | None = None,
) -> Iterator[tuple[Article, Doc]]:
    """Run spaCy over the articles in batches (parallelism is the caller's: see ``annotate``).

    A very long text is parsed in paragraph pieces (``paragraph_pieces``), joined again into one Doc over
    the whole text.  The parser and the entity recognizer slow down per word on very long documents,
    and their arrays grow with the document: one 700,000-character Timeline17 page (147,000 tokens)
    took 13.4 s whole and 9.9 s in 10,000-character pieces, with its peak memory at 2.9 GB against 1.4 GB.
    No piece is longer than ``LONGEST_PIECE`` nor than the pipeline's ``max_length``.

    When spaCy fails on a batch, its articles are parsed one at a time and the one that fails is
    reported to ``on_error`` (raised without one), so one article cannot stop the others.
    """
    nlp = prepared(resources.nlp)
    limit = min(LONGEST_PIECE, nlp.max_length)
    source = iter(articles)
    while batch := list(islice(source, batch_size)):
        try:
            done = _parse_all(nlp, batch, batch_size, limit)
        except Exception:  # noqa: BLE001 - found again below, article by article
            if on_error is None:
                raise
            done = []
            for article in batch:
                try:
                    done += _parse_all(nlp, [article], batch_size, limit)
                except Exception as error:  # noqa: BLE001 - reported with the article, the rest goes on
                    on_error(article, f"spaCy failed on it ({type(error).__name__}: {str(error)[:200]})")
        yield from done


def climb(token: Token, going: Callable[[Token], bool]) -> Token:
    """Walk up the heads from ``token`` while ``going`` holds; the first token where it stops, or the root.

    Bounded by the document's length: a parse made to honour preset sentence starts can contain a
    head cycle, and an unbounded walk would hang the whole run on one article.
    """
    node = token
    for _ in range(len(token.doc)):
        if not going(node) or node.head.i == node.i:
            return node
        node = node.head
    return node


def sentences_of(doc: Doc) -> list[Sentence]:
    """Sentences with exact character offsets, whitespace trimmed, empty ones dropped."""
    text = text_of(doc)
    sentences: list[Sentence] = []
    paragraph = 0
    last_end = 0
    for span in doc.sents:
        start, end = span.start_char, span.end_char
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start == end:
            continue
        if "\n\n" in text[last_end:start] or (sentences and "\n" in text[last_end:start]):
            paragraph += 1
        sentences.append(Sentence(start=start, end=end, text=text[start:end], paragraph=paragraph))
        last_end = end
    return sentences


def sentence_index(sentences: list[Sentence], char: int) -> int:
    """The index of the sentence that holds character ``char`` (or the one before it)."""
    starts = [s.start for s in sentences]
    return max(0, bisect.bisect_right(starts, char) - 1)


class SentenceLocator:
    """Maps character offsets to sentence indices quickly (one sorted list, bisect)."""

    def __init__(self, sentences: list[Sentence]):
        self.starts = [s.start for s in sentences]

    def __call__(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.starts, char) - 1)


def mentions_of(doc: Doc, sentences: list[Sentence]) -> list[Mention]:
    """The named entities, each with its sentence. An entity's words are cut from the document's text
    (what ``Span.text`` gives, without making a Token object for every word of every entity)."""
    locate = SentenceLocator(sentences)
    text = text_of(doc)
    mentions = []
    for ent in doc.ents:
        words = text[ent.start_char : ent.end_char]
        if words.strip():
            mentions.append(
                Mention(
                    start=ent.start_char,
                    end=ent.end_char,
                    text=words,
                    label=ent.label_,
                    sentence=locate(ent.start_char),
                )
            )
    return mentions
