"""Cross-document entities, quote speakers and figure groups on articles written for these tests."""

from __future__ import annotations

import pytest

from storyline.compose.entities import compose_entities, entity_id
from storyline.compose.figures import compose_claims
from storyline.model import Article

ARTICLES = [
    (
        "a1",
        "The Northern Ferry Workers Association (NFWA) called a strike on Monday.\n\n"
        "Association president Dana Whitcombe said the crossings would stop. "
        "“We gave the company every chance,” Whitcombe said.\n\n"
        "The strike costs the operator $3 million per week, the union said.",
    ),
    (
        "a2",
        "NFWA members stayed off the job on Tuesday.\n\n"
        "Gareth Whitcombe, a spokesperson for the Harbour Transit Authority, said boats were docked.\n\n"
        "Dana Whitcombe said the strike costs the operator $3 million per week.",
    ),
    ("a3", "Editor's note: the operator has since clarified that the $3 million per week includes lost ticket sales."),
]


@pytest.fixture(scope="module")
def annotated(resources):
    from storyline.annotate import annotate

    return list(annotate([Article(id=i, text=t) for i, t in ARTICLES], resources))


def _entity(entities, name):
    return next(e for e in entities if e.name == name or name in e.aliases)


def test_acronym_joins_its_long_form(annotated):
    entities, _ = compose_entities(annotated)
    union = _entity(entities, "NFWA")
    assert union.name == "Northern Ferry Workers Association"
    assert union.type == "ORG"


def test_two_people_of_one_surname_stay_apart(annotated):
    entities, _ = compose_entities(annotated)
    dana, gareth = _entity(entities, "Dana Whitcombe"), _entity(entities, "Gareth Whitcombe")
    assert dana.id != gareth.id
    # the bare surname in a1 is Dana (the only Whitcombe there), not a guess across articles
    assert "Whitcombe" in dana.aliases
    assert "Whitcombe" not in gareth.aliases


def test_roles_from_apposition_and_premodifier_with_sources(annotated):
    entities, _ = compose_entities(annotated)
    gareth = _entity(entities, "Gareth Whitcombe")
    (role,) = [r for r in gareth.roles if "spokesperson" in r.role]
    text = dict(ARTICLES)[role.source.article_id]
    assert text[role.source.char_start : role.source.char_end] == role.source.sentence
    dana = _entity(entities, "Dana Whitcombe")
    assert any("president" in r.role.lower() for r in dana.roles)


def test_quote_speaker_is_an_entity_id(annotated):
    entities, quotes = compose_entities(annotated)
    (q,) = [q for q in quotes if q.text.startswith("We gave")]
    assert q.speaker == _entity(entities, "Dana Whitcombe").id
    assert q.speaker_name == "Dana Whitcombe"


def test_ids_are_stable():
    assert entity_id("Dana Whitcombe", "PERSON") == entity_id("Dana Whitcombe", "PERSON")
    assert entity_id("Dana Whitcombe", "PERSON") != entity_id("Dana Whitcombe", "ORG")


def test_figures_grouped_and_corrected(annotated):
    claims = compose_claims(annotated, {})
    weekly = [c for c in claims if c.value == 3_000_000]
    assert {c.article_id for c in weekly} == {"a1", "a2", "a3"}
    assert len({c.group for c in weekly}) == 1
    assert {c.status for c in weekly} == {"corrected"}


def test_conflicting_values_of_one_measure(resources):
    from storyline.annotate import annotate

    texts = [
        ("b1", "The city hired 40 new bus drivers this spring."),
        ("b2", "The city hired 45 new bus drivers this spring."),
    ]
    annotated = list(annotate([Article(id=i, text=t) for i, t in texts], resources))
    claims = compose_claims(annotated, {})
    assert {c.value for c in claims} == {40, 45}
    assert {c.status for c in claims} == {"conflicting"}
    assert compose_claims(annotated, {"b2": "b1"})[0].status == "consistent"


def _with_mentions(article_id, text, names):
    from storyline.model import AnnotatedArticle, Mention

    mentions = []
    for name, label in names:
        start = text.index(name)
        mentions.append(Mention(start=start, end=start + len(name), text=name, label=label, sentence=0))
    return AnnotatedArticle(article=Article(id=article_id, text=text), mentions=mentions)


def test_a_common_word_in_a_title_is_not_an_entity():
    text = (
        "Transport Minister Ilse Varga met Ontario Premier Sam Quill. "
        "Varga promised money for transport workers in Ontario."
    )
    article = _with_mentions(
        "t1", text, [("Transport", "ORG"), ("Ilse Varga", "PERSON"), ("Ontario", "GPE"), ("Sam Quill", "PERSON")]
    )
    names = {e.name for e in compose_entities([article])[0]}
    assert "Transport" not in names
    assert {"Ontario", "Ilse Varga", "Sam Quill"} <= names


def test_a_title_word_never_written_in_lower_case_stays():
    text = "Nunavik Minister Ilse Varga met the board."
    article = _with_mentions("t2", text, [("Nunavik", "GPE"), ("Ilse Varga", "PERSON")])
    assert "Nunavik" in {e.name for e in compose_entities([article])[0]}


def test_copies_of_an_article_do_not_multiply_quotes_mentions_or_roles(resources):
    from storyline.annotate import annotate
    from storyline.compose.story import compose_story
    from storyline.model import Story

    text = (
        "Union leader Tom Reyes said the talks had failed on Monday.\n\n"
        "“We will not sail until the ferry is safe,” Reyes said."
    )
    annotated = list(annotate([Article(id=i, text=text) for i in ("c1", "c2", "c3")], resources))
    alone = compose_story(Story(id="s", article_ids=["c1"]), annotated[:1], {}, [])
    view = compose_story(Story(id="s", article_ids=["c1", "c2", "c3"]), annotated, {"c2": "c1", "c3": "c1"}, [])
    assert len(alone.quotes) == 1 and len(view.quotes) == 1
    reyes, reyes_alone = _entity(view.entities, "Tom Reyes"), _entity(alone.entities, "Tom Reyes")
    assert reyes.mentions == reyes_alone.mentions == 2
    assert [r.role for r in reyes.roles] == [r.role for r in reyes_alone.roles] == ["Union leader"]


def test_a_named_speaker_without_an_entity_keeps_the_name():
    from storyline.model import AnnotatedArticle, Quote

    text = "“The pier is closed,” said Ines Valdor."
    quote = Quote(
        start=0,
        end=21,
        text=text[0:21],
        sentence=0,
        speaker_name="Ines Valdor",
        speaker_start=text.index("Ines"),
        speaker_end=len(text) - 1,
    )
    article = AnnotatedArticle(article=Article(id="q1", text=text), quotes=[quote])  # no NER mention
    (view,) = compose_entities([article])[1]
    assert view.speaker is None and view.speaker_name == "Ines Valdor"


def _claim_article(article_id, text, figures):
    """Claims in USD, each figure the first "$… million" written after its subject."""
    from storyline.model import AnnotatedArticle, Claim

    claims = []
    for subject, value in figures:
        start = text.index("$", text.index(subject))
        end = text.index("million", start) + len("million")
        claims.append(
            Claim(start=start, end=end, text=text[start:end], value=value, unit="USD", subject=subject, sentence=0)
        )
    return AnnotatedArticle(article=Article(id=article_id, text=text), claims=claims)


def test_a_conflict_of_one_measure_does_not_leak_to_another_through_a_shared_value():
    first = _claim_article(
        "p1", "The closure cost $4 million. The new pier cost $4 million.", [("closure", 4e6), ("new pier", 4e6)]
    )
    second = _claim_article("p2", "The closure cost $5 million.", [("closure", 5e6)])
    status = {(c.article_id, c.subject): c.status for c in compose_claims([first, second], {})}
    assert status == {
        ("p1", "closure"): "conflicting",
        ("p2", "closure"): "conflicting",
        ("p1", "new pier"): "consistent",
    }
