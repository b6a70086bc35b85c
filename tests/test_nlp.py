"""Walking up a parse must end, even when the parse holds a head cycle."""

from __future__ import annotations

from spacy.tokens import Doc
from spacy.vocab import Vocab

from storyline.annotate.nlp import climb
from storyline.annotate.temporal_resolve import _verb_tense


def _cyclic_doc() -> Doc:
    # "service planned ferry crossing": 'planned' hangs off 'service', and service → ferry → crossing → ferry
    return Doc(Vocab(), words=["service", "planned", "ferry", "crossing"], heads=[2, 0, 3, 2],
               deps=["nsubj", "acl", "compound", "ROOT"], pos=["NOUN", "VERB", "NOUN", "NOUN"],
               tags=["NN", "VBN", "NN", "NN"], lemmas=["service", "plan", "ferry", "crossing"])


def test_climb_stops_where_the_condition_fails():
    doc = Doc(Vocab(), words=["from", "the", "port", "sailed"], heads=[3, 2, 0, 3],
              deps=["prep", "det", "pobj", "ROOT"])
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
