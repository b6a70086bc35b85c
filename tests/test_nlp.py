"""Walking up a parse must end, even when the parse holds a head cycle."""

from __future__ import annotations

import pytest
from spacy.tokens import Doc
from spacy.vocab import Vocab

from storyline.annotate.nlp import climb
from storyline.annotate.temporal.tense import _verb_tense


def _cyclic_doc() -> Doc:
    # "service planned ferry crossing": 'planned' hangs off 'service', and service → ferry → crossing → ferry
    return Doc(
        Vocab(),
        words=["service", "planned", "ferry", "crossing"],
        heads=[2, 0, 3, 2],
        deps=["nsubj", "acl", "compound", "ROOT"],
        pos=["NOUN", "VERB", "NOUN", "NOUN"],
        tags=["NN", "VBN", "NN", "NN"],
        lemmas=["service", "plan", "ferry", "crossing"],
    )


def test_climb_stops_where_the_condition_fails():
    doc = Doc(
        Vocab(), words=["from", "the", "port", "sailed"], heads=[3, 2, 0, 3], deps=["prep", "det", "pobj", "ROOT"]
    )
    assert climb(doc[2], lambda t: t.dep_ in ("pobj", "prep")).i == 3
    assert climb(doc[1], lambda t: t.dep_ in ("pobj", "prep")).i == 1
    assert climb(doc[2], lambda t: True).i == 3  # the root


def test_climb_ends_on_a_head_cycle():
    doc = _cyclic_doc()
    assert [t.head.i for t in doc] == [2, 0, 3, 2]  # the cycle is really there
    node = climb(doc[0], lambda t: t.pos_ != "VERB")
    assert node.pos_ == "NOUN"


def test_tense_of_a_scheduling_verb_in_a_cyclic_parse_ends():
    assert _verb_tense(_cyclic_doc()[1]) == "future"


# --- cached rule components (annotate/cached_components.py): the same output as the stock pipeline ---

_RULE_CASES = (
    "I ain't gonna wait, let's go. We gotta leave now.\n\nThe board's chair said it wasn't over.\n"
    "  The ferries were running late; buses ran on time.   Ms. Hale, 54, is the best-paid of them."
)


def _token_attributes(doc: Doc) -> list[tuple]:
    return [
        (
            t.text,
            t.tag_,
            t.pos_,
            str(t.morph),
            t.lemma_,
            t.dep_,
            t.head.i,
            t.ent_iob_,
            t.ent_type_,
            t.is_sent_start,
            t.norm_,
        )
        for t in doc
    ]


def _comparison_texts() -> list[str]:
    from conftest import EXAMPLES, SEEDS

    texts = [_RULE_CASES] + [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.iterdir()) if p.suffix != ".md"]
    if SEEDS.is_dir():
        texts += [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    return texts


def test_cached_rule_components_give_the_stock_pipelines_output():
    from storyline.annotate.cached_components import CachedAttributeRuler, CachedLemmatizer, with_cached_components
    from storyline.resources import load_spacy

    texts = _comparison_texts()
    stock, cached = load_spacy(), with_cached_components(load_spacy())
    assert isinstance(cached.get_pipe("lemmatizer"), CachedLemmatizer)
    assert isinstance(cached.get_pipe("attribute_ruler"), CachedAttributeRuler)
    assert cached.pipe_names == stock.pipe_names
    expected = [_token_attributes(doc) for doc in stock.pipe(texts)]
    # twice: the second pass answers from what the first remembered
    for _ in range(2):
        assert [_token_attributes(doc) for doc in cached.pipe(texts)] == expected
    assert [_token_attributes(cached(text)) for text in texts[:2]] == expected[:2]
    assert sum(len(tokens) for tokens in expected) > 2000


def test_matrix_products_through_numpy_give_the_stock_pipelines_output():
    from storyline.annotate.matrix_products import numpy_matrix_products
    from storyline.resources import load_spacy

    texts = _comparison_texts()
    stock = load_spacy()
    with numpy_matrix_products():
        numpy_blas = load_spacy()
    layers = [
        (name, layer)
        for name, pipe in numpy_blas.pipeline
        if getattr(pipe, "model", None) is not None
        for layer in pipe.model.walk()
    ]
    on_blis = [(name, layer.name) for name, layer in layers if layer.ops.use_blis]
    # spaCy builds the parser's and the recogniser's output layer on "cpu" ops itself: those alone keep blis
    assert len(layers) > 100 and on_blis == [("parser", "linear"), ("ner", "linear")]
    expected = [_token_attributes(doc) for doc in stock.pipe(texts)]
    assert [_token_attributes(doc) for doc in numpy_blas.pipe(texts)] == expected
    assert sum(len(tokens) for tokens in expected) > 2000


def test_the_speedups_switch_gives_the_stock_pipelines_output():
    """Resources loads the pipeline with both speed-ups unless told not to; the output is the stock one."""
    from spacy.pipeline import AttributeRuler

    from storyline.annotate.cached_components import CachedLemmatizer
    from storyline.resources import Resources

    texts = _comparison_texts()
    stock, fast = Resources(speedups=False).nlp, Resources().nlp
    assert type(stock.get_pipe("attribute_ruler")) is AttributeRuler
    assert not isinstance(stock.get_pipe("lemmatizer"), CachedLemmatizer)
    assert isinstance(fast.get_pipe("lemmatizer"), CachedLemmatizer)
    assert [_token_attributes(doc) for doc in fast.pipe(texts)] == [_token_attributes(doc) for doc in stock.pipe(texts)]


def test_layers_are_built_on_another_backends_ops_when_that_is_current():
    import spacy
    from thinc.api import NumpyOps, get_current_ops, set_current_ops

    from storyline.annotate.matrix_products import numpy_matrix_products

    class DeviceOps(NumpyOps):  # stands in for a GPU's or Apple's ops
        name = "device"

    device, before = DeviceOps(), get_current_ops()
    set_current_ops(device)
    try:
        with numpy_matrix_products():
            layers = list(spacy.blank("en").add_pipe("tagger").model.walk())
    finally:
        set_current_ops(before)
    assert layers and all(layer.ops is device for layer in layers)
    with numpy_matrix_products():
        layers = list(spacy.blank("en").add_pipe("tagger").model.walk())
    assert all(layer.ops.use_blis is False for layer in layers)


def test_a_ruler_whose_rules_read_more_than_text_tag_and_label_is_left_alone():
    import spacy

    from storyline.annotate.cached_components import with_cached_components

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"TAG": "NN"}]], {"POS": "NOUN"})
    ruler.add([[{"POS": "NOUN", "LOWER": "ferry"}]], {"LEMMA": "boat"})
    lookup = nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    with_cached_components(nlp)
    assert nlp.get_pipe("attribute_ruler") is ruler
    assert nlp.get_pipe("lemmatizer") is lookup


def test_one_token_and_multi_token_rules_apply_in_the_rulers_order():
    import spacy

    from storyline.annotate.cached_components import CachedAttributeRuler, with_cached_components

    def ruled():
        nlp = spacy.blank("en")
        ruler = nlp.add_pipe("attribute_ruler")
        ruler.add([[{"LOWER": "gon"}, {"LOWER": "na"}]], {"LEMMA": "go"}, index=0)
        ruler.add([[{"LOWER": "gon"}]], {"LEMMA": "gone", "POS": "VERB"})
        ruler.add([[{"LOWER": {"IN": ["na", "wait"]}}]], {"LEMMA": "to"})
        ruler.add([[{"LOWER": "na"}, {"LOWER": "wait"}]], {"LEMMA": "await"}, index=1)
        return nlp, ruler

    stock, _ = ruled()
    cached, _ = ruled()
    replaced = with_cached_components(cached).get_pipe("attribute_ruler")
    assert isinstance(replaced, CachedAttributeRuler)
    assert with_cached_components(cached).get_pipe("attribute_ruler") is replaced  # once only
    text = "gon na wait , gon na gon wait"
    expected = [(t.lemma_, t.pos_) for t in stock(text)]
    # a later rule wins: the one-token "gon" rule over the "gon na" one, the "na wait" rule over "wait"
    assert expected == [
        ("gone", "VERB"),
        ("to", ""),
        ("await", ""),
        ("", ""),
        ("gone", "VERB"),
        ("to", ""),
        ("gone", "VERB"),
        ("to", ""),
    ]
    assert [(t.lemma_, t.pos_) for t in cached(text)] == expected


@pytest.mark.parametrize("with_a_repeated_token", [False, True])
def test_multi_token_rules_set_the_token_counted_from_the_end(with_a_repeated_token):
    """Fixed-length rules are matched only where their first token is; a rule of variable length
    ("OP") makes the ruler match over the whole text.  Both must set the same tokens as the stock ruler."""
    import spacy

    from storyline.annotate.cached_components import CachedAttributeRuler, with_cached_components

    def ruled():
        nlp = spacy.blank("en")
        ruler = nlp.add_pipe("attribute_ruler")
        ruler.add([[{"LOWER": "let"}, {"LOWER": "us"}, {"LOWER": "go"}]], {"LEMMA": "move"}, index=-1)
        ruler.add([[{"LOWER": "very"}, {"LOWER": "big"}]], {"LEMMA": "large"}, index=-2)
        if with_a_repeated_token:
            ruler.add([[{"LOWER": "so"}, {"LOWER": "very", "OP": "+"}, {"LOWER": "big"}]], {"LEMMA": "huge"}, index=-1)
        return nlp, ruler

    stock, _ = ruled()
    cached, _ = ruled()
    assert isinstance(with_cached_components(cached).get_pipe("attribute_ruler"), CachedAttributeRuler)
    text = "let us go , let go , so very very very big , very big"  # "so ... big" is longer than any rule
    expected = [t.lemma_ for t in stock(text)]
    big = "huge" if with_a_repeated_token else ""
    assert expected == ["", "", "move", "", "", "", "", "", "", "", "large", big, "", "large", ""]
    assert [t.lemma_ for t in cached(text)] == expected
    assert [[t.lemma_ for t in doc] for doc in cached.pipe([text, text])] == [expected, expected]


def _starts_one_token_at_a_time(doc: Doc) -> list[bool | None]:
    """The paragraph rule as first written: a token after a line break starts a sentence."""
    for token in doc[1:]:
        previous = doc[token.i - 1]
        if "\n" in previous.whitespace_ or (previous.is_space and "\n" in previous.text):
            token.is_sent_start = True
    return [token.is_sent_start for token in doc]


def test_paragraph_rule_starts_a_sentence_after_every_line_break():
    from storyline.annotate.nlp import paragraph_boundaries, text_of
    from storyline.resources import load_spacy

    nlp = load_spacy()
    texts = _comparison_texts() + [
        "Headline\n\nFirst line.\r\nSecond line\n  \n\tindented\n",
        "No break at all.",
        "\n\nLeading breaks",
        "x",
    ]
    breaks = 0
    for text in texts:
        doc = paragraph_boundaries(nlp.make_doc(text))
        assert [token.is_sent_start for token in doc] == _starts_one_token_at_a_time(nlp.make_doc(text))
        assert text_of(doc) == text
        breaks += sum(1 for token in doc if token.is_sent_start)
    assert breaks > 50
    sample = paragraph_boundaries(nlp.make_doc("Headline\n\nFirst line."))
    assert [token.text for token in sample if token.is_sent_start] == ["Headline", "First"]


def test_mentions_are_the_entities_words_as_spacy_gives_them(resources):
    from storyline.annotate.nlp import mentions_of, prepared, sentences_of

    nlp = prepared(resources.nlp)
    found = 0
    for doc in nlp.pipe(_comparison_texts()):
        sentences = sentences_of(doc)
        expected = [(ent.start_char, ent.end_char, ent.text, ent.label_) for ent in doc.ents if ent.text.strip()]
        mentions = mentions_of(doc, sentences)
        assert [(m.start, m.end, m.text, m.label) for m in mentions] == expected
        starts = [sentence.start for sentence in sentences] + [len(doc.text) + 1]
        assert all(starts[m.sentence] <= m.start < starts[m.sentence + 1] for m in mentions)  # its own sentence
        found += len(mentions)
    assert found > 100


# --- long texts are parsed in paragraph pieces (annotate/nlp.py parse) ---


def test_a_long_text_is_cut_where_paragraphs_start_and_a_short_one_is_not():
    from storyline.annotate.nlp import paragraph_pieces

    text = "First para.\n\nSecond para goes on.\n  Third.\nFourth one here.\n\n\n"
    assert paragraph_pieces(text, longest=len(text)) == [text]
    pieces = paragraph_pieces(text, longest=10, piece=12)
    assert pieces == ["First para.\n\n", "Second para goes on.\n  ", "Third.\nFourth one here.\n\n\n"]
    assert paragraph_pieces("one paragraph without a break " * 5, longest=10, piece=12) == [
        "one paragraph without a break " * 5
    ]


def test_a_long_text_parsed_in_pieces_is_one_doc_over_the_whole_text(resources, monkeypatch):
    from storyline.annotate.nlp import LONGEST_WHOLE_TEXT, PIECE_LENGTH, paragraph_pieces, parse, prepared, sentences_of
    from storyline.model import Article

    texts = _comparison_texts()
    text = ""
    while len(text) <= LONGEST_WHOLE_TEXT:
        text += "\n\n".join(texts) + "\n\n"
    article = Article(id="long", text=text)
    nlp = prepared(resources.nlp)
    given: list[str] = []
    stock_pipe = nlp.pipe

    def pipe(texts, **kwargs):
        if kwargs.get("as_tuples"):  # spaCy then calls pipe again with the docs it made
            texts = list(texts)
            given.extend(piece for piece, _ in texts)
        return stock_pipe(texts, **kwargs)

    monkeypatch.setattr(nlp, "pipe", pipe)
    [(parsed_article, doc)] = list(parse([article], resources))
    monkeypatch.undo()
    assert given == paragraph_pieces(text) and len(given) >= 3
    assert parsed_article is article
    assert doc.text == text
    assert [t.text_with_ws for t in doc] == [t.text_with_ws for t in resources.nlp.make_doc(text)]
    # each piece's annotations are kept in place: parses stay inside the text, entities and sentences
    # are found past the first piece, and every sentence still starts after a line break where one is
    assert all(0 <= token.head.i < len(doc) for token in doc)
    assert any(entity.start_char > PIECE_LENGTH for entity in doc.ents)
    assert all(token.is_sent_start for token in doc[1:] if "\n" in doc[token.i - 1].text_with_ws)
    # the models see less context at a cut only: nearly every token is tagged and parsed as in the whole
    whole = resources.nlp(text)
    same_tags = sum(a.tag_ == b.tag_ and a.dep_ == b.dep_ for a, b in zip(doc, whole, strict=False)) / len(doc)
    assert same_tags > 0.99
    assert abs(len(sentences_of(doc)) - len(sentences_of(whole))) <= len(sentences_of(whole)) / 100
