"""Quote finding and speaker attribution on sentences written for these tests."""

from __future__ import annotations

import pytest

from storyline.annotate.quotes import find_quotes, quote_spans


@pytest.fixture(scope="module")
def quotes_of(parse):
    return lambda text: find_quotes(*parse(text))


def test_spans_straight_curly_and_mixed_marks():
    text = 'He said "one two," then “three four” and "five six”.'
    assert [text[s:e] for s, e in quote_spans(text)] == ["one two,", "three four", "five six"]


def test_a_quote_runs_on_over_a_paragraph_break():
    text = "“First part of it.\n\n“Second part of it,” she said."
    (span,) = quote_spans(text)
    assert text[span[0] : span[1]].startswith("First part") and text[span[0] : span[1]].endswith("of it,")


def test_unbalanced_quote_is_dropped():
    assert quote_spans("The mayor said “we will see.\n\nNothing else happened.") == []


def test_speaker_after_the_quote(quotes_of):
    (q,) = quotes_of("“The bridge will reopen in May,” Maria Okafor said on Friday.")
    assert q.text == "The bridge will reopen in May," and q.speaker_name == "Maria Okafor"


def test_speaker_named_before_with_colon(quotes_of):
    (q,) = quotes_of("Transport Minister Daniel Brecht said: “We will fund the repairs in full.”")
    assert q.speaker_name == "Daniel Brecht"


def test_pronoun_goes_to_the_nearest_person(quotes_of):
    text = "Harriet Lindqvist runs the clinic downtown.\n\n“We see forty patients every morning,” she said."
    (q,) = quotes_of(text)
    assert q.speaker_name == "Harriet Lindqvist"
    assert text[q.source_start : q.source_end] == "she"
    assert text[q.speaker_start : q.speaker_end] == "Harriet Lindqvist"


def test_speaker_from_the_sentence_before_the_quote_paragraph(quotes_of):
    quotes = quotes_of(
        "Mayor Tomas Reyes told reporters the plan was nearly ready.\n\n“We only need the council to sign off.”"
    )
    assert quotes[0].speaker_name == "Tomas Reyes"


def test_statement_goes_to_its_author(quotes_of):
    quotes = quotes_of(
        "In a statement on Monday, Health Minister Anika Rao asked for patience.\n\n"
        "“Vaccines will reach every region by June,” the statement read."
    )
    assert quotes[0].speaker_name == "Anika Rao"


def test_unknown_speaker_stays_null(quotes_of):
    quotes = quotes_of("The sign on the door read “closed until further notice” for weeks.")
    assert all(q.speaker_name is None for q in quotes)


def test_titles_are_not_quotes(quotes_of):
    assert quotes_of("She appeared on “Morning Report” on Sunday.") == []


def test_penn_treebank_quote_marks():
    text = "The chairman said `` we acted fast '' on Monday ."
    assert [text[s:e] for s, e in quote_spans(text)] == ["we acted fast"]


def test_pronoun_skips_a_person_of_the_other_gender(quotes_of):
    text = (
        "Mrs. Ilse Marten chaired the hearing where Tom Becker gave evidence.\n\n"
        "“We will publish the findings in spring,” she said."
    )
    (q,) = quotes_of(text)
    assert q.speaker_name == "Ilse Marten"
    assert text[q.source_start : q.source_end] == "she"


def test_pronoun_takes_the_nearest_person_when_gender_is_unknown(quotes_of):
    text = (
        "Ilse Marten chaired the hearing where Kai Becker gave evidence.\n\n"
        "“We will publish the findings in spring,” she said."
    )
    (q,) = quotes_of(text)
    assert q.speaker_name == "Kai Becker"


def test_name_as_a_label_before_a_colon(quotes_of):
    text = "Ruth Okonjo runs the shelter.\n\nContinued Okonjo:\n\n“We have beds for ninety people and no more.”"
    (q,) = quotes_of(text)
    assert q.speaker_name == "Okonjo"


def test_partial_quote_goes_to_the_subject_of_its_verb(quotes_of):
    (q,) = quotes_of("Senator Lena Varga opposes “arbitrary cuts to the school budget” in the plan.")
    assert q.speaker_name == "Lena Varga"
    assert q.cue == "opposes"


def test_partial_quote_after_a_copula_has_no_speaker(quotes_of):
    (q,) = quotes_of("The new bridge is “the longest in the region” by some distance.")
    assert q.speaker_name is None


def test_relative_pronoun_keeps_its_words_and_resolves_to_the_name(quotes_of):
    text = "The prize went to Omar Haddad, who said “this belongs to the whole team.”"
    (q,) = quotes_of(text)
    assert text[q.source_start : q.source_end] == "who"
    assert q.speaker_name == "Omar Haddad"
