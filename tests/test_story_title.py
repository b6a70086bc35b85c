"""A story's title when no article has one: the first sentence that can serve as a title."""

from __future__ import annotations

from storyline.compose.story import story_title
from storyline.model import AnnotatedArticle, Article, Sentence


def _untitled(sentences: list[str]) -> AnnotatedArticle:
    text, spans = "", []
    for sentence in sentences:
        spans.append(Sentence(start=len(text), end=len(text) + len(sentence), text=sentence, paragraph=len(spans)))
        text += sentence + "\n\n"
    return AnnotatedArticle(article=Article(id="a1", text=text), sentences=spans)


def test_a_glued_dateline_is_cut_from_the_title():
    wire = _untitled(
        ["GENEVA | Thu Mar 3 , 2011 1:28 pm EST GENEVA ( Reuters ) - The ferry board voted to close the pier ."]
    )
    assert story_title([wire]) == "The ferry board voted to close the pier ."


def test_a_fragment_is_passed_over_for_the_next_sentence():
    split = _untitled(["BERLIN , March 6", "The ferry board voted to close the pier on Sunday ."])
    assert story_title([split]) == "The ferry board voted to close the pier on Sunday ."


def test_without_any_sentence_that_can_serve_the_first_is_kept():
    assert story_title([_untitled(["Ferry closed .", "Pier shut ."])]) == "Ferry closed ."
