"""Figure finding on sentences written for these tests."""

from __future__ import annotations

import pytest

from storyline.annotate.claims import find_claims


@pytest.fixture(scope="module")
def claims_of(resources):
    from storyline.annotate.nlp import prepared, sentences_of

    nlp = prepared(resources.nlp)

    def run(text: str):
        doc = nlp(text)
        return find_claims(doc, sentences_of(doc))

    return run


def test_money_with_scale_and_the_noun_it_measures(claims_of):
    (c,) = claims_of("Council approved the €12.5 million harbour fund on Tuesday.")
    assert (c.value, c.unit, c.text) == (12_500_000, "EUR", "€12.5 million")
    assert "harbour fund" in c.subject


def test_bare_dollar_takes_the_country_of_the_story(claims_of):
    (c,) = claims_of("The Alberta government promised $40 million for rural clinics.")
    assert c.unit == "CAD" and c.value == 40_000_000


def test_percent_written_out(claims_of):
    (c,) = claims_of("Officials said 62 per cent of nurses backed the new contract.")
    assert (c.value, c.unit) == (62, "percent")
    assert "nurses" in c.subject


def test_counts_of_people(claims_of):
    (c,) = claims_of("About 4,200 volunteers joined the cleanup.")
    assert (c.value, c.unit, c.subject) == (4200, "people", "volunteers")


def test_rates(claims_of):
    claims = claims_of("The strike costs the city $2 million per day, and drivers lose 6 paid days per year.")
    by_value = {c.value: c for c in claims}
    assert by_value[2_000_000].rate == "per day"
    assert by_value[6].rate == "per year"


def test_years_and_dates_are_not_figures(claims_of):
    assert claims_of("The law passed in 2017 and took effect on March 3.") == []
