"""Figure finding on sentences written for these tests."""

from __future__ import annotations

import pytest

from storyline.annotate.claims import find_claims


@pytest.fixture(scope="module")
def claims_of(parse):
    return lambda text: find_claims(*parse(text))


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


def test_a_range_is_one_claim_with_low_and_high(claims_of):
    (c,) = claims_of("The grant paid for between 300 and 450 part-time library workers.")
    assert (c.value, c.high, c.unit) == (300, 450, "people")
    assert "library workers" in c.subject


def test_a_range_shares_its_scale(claims_of):
    (c,) = claims_of("The port expansion will cost between 2 and 3 billion dollars in Texas.")
    assert (c.value, c.high, c.unit) == (2e9, 3e9, "USD")


def test_a_change_from_one_value_to_another_is_not_a_range(claims_of):
    claims = claims_of("Turnout among students rose from 40 percent to 55 percent this year.")
    assert all(c.high is None for c in claims)


def test_a_single_figure_has_no_high(claims_of):
    (c,) = claims_of("The clinic hired 45 nurses last spring.")
    assert c.high is None


def test_an_ascii_text_and_one_with_other_letters_give_the_same_figures(claims_of):
    """ASCII texts find their figures' tokens by a regular expression, other texts token by token."""
    text = (
        "The union said 55,000 workers would strike on Monday, and 1,600 to 1,830 custodians "
        "earn $38,000 a year. Turnout was 70 per cent, up 3.5 points from 2017."
    )
    ascii_figures = [(c.start, c.end, c.value, c.unit, c.high) for c in claims_of(text)]
    other_figures = [(c.start, c.end, c.value, c.unit, c.high) for c in claims_of(text + " Café.")]
    assert text.isascii() and not (text + " Café.").isascii()
    assert len(ascii_figures) >= 4
    assert ascii_figures == other_figures
    assert (55_000, "people") in [(value, unit) for _, _, value, unit, _ in ascii_figures]
