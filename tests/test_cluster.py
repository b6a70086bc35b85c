"""Online story clustering: stories, order, incremental updates with stable ids, closing, seeds."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest

from storyline.config import GroupSettings
from storyline.group import StoryGrouper
from storyline.group.cluster import StoryIndex
from storyline.model import AnnotatedArticle, Article

from conftest import SEEDS  # ../shared/seeds beside the checkout

BRIDGE = [
    "The council of Maplebrook voted to close the old iron bridge over the Tarn river after inspectors found cracked girders.",
    "Engineers from the regional transport office said the cracks in the bridge girders had spread across three supports.",
    "Commuters who cross the Tarn bridge every morning will take a ferry or drive around the valley through Eastholm.",
    "Mayor Ingrid Saltvik told residents that bridge safety had to come before convenience this winter.",
    "A temporary footbridge over the Tarn could be built within six weeks if the province shares the cost of the steel.",
    "Shop owners near the closed bridge fear fewer customers will make the longer trip around the river.",
    "Divers inspected the bridge foundations in the Tarn river and found erosion around two of the piers.",
    "The Maplebrook council published the inspectors' report on the bridge girders and the river piers.",
]
ORCHARD = [
    "A late frost destroyed most of the apple blossom in the orchards south of Kellerton, growers said.",
    "The fruit cooperative expects the apple harvest in Kellerton orchards to fall by more than half.",
    "Seasonal pickers who usually arrive for the apple harvest were told far fewer orchard jobs will be on offer.",
    "Orchard farmers asked the agriculture ministry for emergency loans after the frost hit the apple blossom.",
    "Beekeepers who rent hives to the Kellerton orchards say the frost also cut their pollination income.",
    "The ministry sent frost experts to walk the orchards and count the damaged apple trees.",
    "Growers in Kellerton plan to cover young apple trees with fleece the next time frost is forecast.",
    "Cider makers that rely on Kellerton apples are looking for fruit from orchards further north.",
]


def make(aid: str, sentences: list[str], seed: int, day: int | None) -> AnnotatedArticle:
    rng = random.Random(seed)
    picked = rng.sample(sentences, 4)
    published = dt.date(2024, 3, 1) + dt.timedelta(days=day) if day is not None else None
    return AnnotatedArticle(article=Article(id=aid, text="\n\n".join(picked), published=published))


def corpus() -> list[AnnotatedArticle]:
    items = [make(f"b{i}", BRIDGE, i, i) for i in range(5)]
    items += [make(f"o{i}", ORCHARD, 100 + i, i) for i in range(5)]
    return items


def partition(grouper: StoryGrouper) -> set[frozenset[str]]:
    return {frozenset(s.article_ids) for s in grouper.grouping().stories}


def test_two_topics_make_two_stories():
    grouper = StoryGrouper(GroupSettings())
    update = grouper.add(corpus())
    assert partition(grouper) == {frozenset(f"b{i}" for i in range(5)), frozenset(f"o{i}" for i in range(5))}
    assert len(update.created) == 2 and update.touched == [] and update.merged == {}


def test_single_story_setting_puts_everything_in_one_story():
    grouper = StoryGrouper(GroupSettings(single_story=True))
    grouper.add(corpus())
    stories = grouper.grouping().stories
    assert len(stories) == 1 and len(stories[0].article_ids) == 10


def test_batch_order_does_not_change_the_result():
    items = corpus()
    shuffled = list(items)
    random.Random(7).shuffle(shuffled)
    a, b = StoryGrouper(GroupSettings()), StoryGrouper(GroupSettings())
    a.add(items)
    b.add(shuffled)
    assert [(s.id, s.article_ids) for s in a.grouping().stories] == [
        (s.id, s.article_ids) for s in b.grouping().stories
    ]


def test_incremental_add_touches_one_story_and_keeps_ids():
    settings = GroupSettings()
    first = StoryGrouper(settings)
    first.add(corpus())
    before = {s.id: set(s.article_ids) for s in first.grouping().stories}
    restored = StoryGrouper(settings, first.dumps())
    update = restored.add([make("b-new", BRIDGE, 999, 6)])
    after = {s.id: set(s.article_ids) for s in restored.grouping().stories}
    bridge_id = next(sid for sid, members in before.items() if "b0" in members)
    orchard_id = next(sid for sid, members in before.items() if "o0" in members)
    assert update.created == [] and update.merged == {}
    assert update.touched == [bridge_id]
    assert after[orchard_id] == before[orchard_id]  # untouched story: same id, same members
    assert after[bridge_id] == before[bridge_id] | {"b-new"}
    assert restored.add([make("b-new", BRIDGE, 999, 6)]).touched == []  # a known article is ignored


def test_new_topic_in_a_later_run_creates_a_story():
    settings = GroupSettings()
    first = StoryGrouper(settings)
    first.add(corpus()[:5])
    restored = StoryGrouper(settings, first.dumps())
    update = restored.add(corpus()[5:])
    assert len(update.created) == 1 and update.touched == []


def test_merge_keeps_the_older_id_and_records_the_other():
    index = StoryIndex(GroupSettings())
    older, newer = index.new_story("s-old"), index.new_story("s-new")
    older.article_ids, newer.article_ids = ["a"], ["b"]
    index.add_vectors(older, {"lead": {1: 1.0}, "body": {2: 1.0}, "ents": {}})
    index.add_vectors(newer, {"lead": {1: 1.0}, "body": {3: 1.0}, "ents": {}})
    index.merge(older, newer)
    assert list(index.stories) == ["s-old"]
    assert older.article_ids == ["a", "b"] and older.merged_ids == ["s-new"]
    from storyline.group.cluster import as_arrays

    # the absorbed story's terms now lead to the survivor, and only to it
    assert set(index.score_candidates(as_arrays({"body": {3: 1.0}}), None)) == {"s-old"}


def test_quiet_story_closes_and_far_later_article_starts_a_new_one():
    settings = GroupSettings(quiet_days=30, max_closed_stories=0)
    grouper = StoryGrouper(settings)
    grouper.add(corpus()[:5])
    late = make("b-late", BRIDGE, 5, 400)
    update = grouper.add([late])
    old = next(s for s in grouper.index.stories.values() if "b0" in s.article_ids)
    assert old.status == "archived"  # closed after 30 quiet days, archived (cap 0)
    assert update.created and "b-late" not in old.article_ids
    assert all(aid not in grouper.dedup.prints for aid in old.article_ids)  # sketches dropped


@pytest.fixture(scope="module")
def seed_articles():
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is missing: the seed articles are read from there, never copied")
    from storyline.annotate import annotate
    from storyline.ingest import SidecarDates, ingest
    from storyline.resources import Resources

    files = sorted(str(p) for p in SEEDS.glob("00*.txt"))
    result = ingest(files, sidecar=SidecarDates.load(SEEDS / "dates.csv"))
    return list(annotate(result.articles, Resources()))


def test_seeds_form_one_story_and_show_reused_paragraphs(seed_articles):
    grouper = StoryGrouper(GroupSettings())
    grouper.add(seed_articles)
    grouping = grouper.grouping()
    assert len(seed_articles) == 4
    assert len(grouping.stories) == 1
    by_file = {Path(a.article.path).name[:3]: a.article.id for a in seed_articles}
    pairs = {frozenset((r.article_id, r.source_id)) for r in grouping.reuses}
    assert frozenset((by_file["000"], by_file["001"])) in pairs
    reuse = next(r for r in grouping.reuses if {r.article_id, r.source_id} == {by_file["000"], by_file["001"]})
    assert reuse.article_id == by_file["000"]  # 001 (Sept 5) came first; 000 (Sept 24) reuses it
    assert reuse.paragraphs >= 2


def test_scorers_on_a_hand_computed_example():
    from storyline.evaluate.stories import bcubed, cluster_pairs, link_pairs, pair_scores, pairwise

    gold = {"a": "1", "b": "1", "c": "2"}
    pred = {"a": "x", "b": "y", "c": "y"}
    p, r, f = bcubed(gold, pred)
    assert abs(p - 2 / 3) < 1e-9 and abs(r - 2 / 3) < 1e-9 and abs(f - 2 / 3) < 1e-9
    assert pair_scores(cluster_pairs(gold), cluster_pairs(pred))[:2] == (0.0, 0.0)
    assert pairwise(gold, pred)[:2] == (0.0, 0.0)
    assert pairwise(gold, {"a": "x", "b": "x", "c": "x"})[:2] == (1 / 3, 1.0)  # 1 of 3 predicted pairs is right
    assert link_pairs([("b", "a"), ("c", "a")]) == {frozenset("ab"), frozenset("ac"), frozenset("bc")}


def test_saved_and_loaded_state_groups_the_next_articles_like_the_live_one():
    # small caps so that the next adds close stories and forget sketches loaded from the blob
    settings = GroupSettings(quiet_days=3, max_closed_sketches=2)
    first = [make(f"b{i}", BRIDGE, i, i) for i in range(4)] + [make(f"o{i}", ORCHARD, 100 + i, i) for i in range(4)]
    live = StoryGrouper(settings)
    live.add(first)
    restored = StoryGrouper(settings, live.dumps())
    later = [
        AnnotatedArticle(article=Article(id="copy", text=first[1].article.text, published=dt.date(2024, 3, 5))),
        AnnotatedArticle(
            article=Article(
                id="near", published=dt.date(2024, 3, 5), text=first[5].article.text.replace("frost", "cold snap", 1)
            )
        ),
        make("b9", BRIDGE, 9, 6),
        make("o9", ORCHARD, 109, 30),  # far later: the bridge story closes, its sketches are dropped
        make("b10", BRIDGE, 10, 31),
    ]
    for step in (later[:3], later[3:]):
        expected, got = live.add(step), restored.add(step)
        assert got == expected
        restored = StoryGrouper(settings, restored.dumps())
    assert restored.grouping() == live.grouping()
    assert restored.grouping().duplicate_of  # the copies were found through the loaded sketches
    assert set(restored.dedup.prints) == set(live.dedup.prints)


@pytest.mark.parametrize("pairs", [1 << 19, 0])  # 0: the block's dot products as matrix products
def test_planned_block_dots_equal_one_at_a_time(pairs, monkeypatch):
    """A planned block's dots (TermIndex.plan) are those of plain look-ups after each step, through
    new stories, additions, centroid pruning (a small ``centroid_terms``), closing and a merge."""
    import copy

    import numpy as np

    from storyline.group import cluster
    from storyline.group.cluster import CHANNELS, Features

    monkeypatch.setattr(cluster, "_GRAM_PAIRS", pairs)
    monkeypatch.setattr(cluster, "_GRAM_TERMS", 7)  # several chunks per channel

    rng = np.random.default_rng(7)
    index = StoryIndex(GroupSettings(centroid_terms=6, closed_story_terms=4))

    def feats(n: int, start: int) -> list[Features]:
        out = []
        for i in range(n):  # terms drawn from a small vocabulary, so articles share many of them
            counts = {c: (np.unique(rng.integers(0, 40, 12)), None) for c in CHANNELS}
            counts = {c: (k, rng.integers(1, 4, len(k))) for c, (k, _) in counts.items()}
            out.append(Features(f"a{start + i}", counts, None))
        return out

    earlier = feats(6, 0)
    for f in earlier:
        index.count(f)
    for f, vecs in zip(earlier, index.vectors_many(earlier), strict=False):
        index.add_vectors(index.new_story("s-" + f.article_id), vecs)
    block = feats(12, 100)
    for f in block:
        index.count(f)
    vectors = index.vectors_many(block)
    index.plan_block(vectors)
    compared = 0
    for i, vecs in enumerate(vectors):
        plain = copy.deepcopy(index.terms)
        plain.end_plan()
        want_slots, want = plain.dots(vecs)
        include_closed = i % 2 == 1  # closed stories' entries are worked out only when asked for
        slots, got = index.terms.dots(vecs, include_closed)
        assert index.terms._plan is not None  # the planned path answered
        if not include_closed:
            open_slots = index.terms.status[want_slots] == 0
            want_slots, want = want_slots[open_slots], want[open_slots]
            got_open = index.terms.status[slots] == 0
            slots, got = slots[got_open], got[got_open]
        assert slots.tolist() == want_slots.tolist() and np.allclose(got, want, rtol=1e-12, atol=0)
        compared += len(slots)
        stories = [s for s in index.stories.values() if s.status != "archived"]
        story = index.new_story(f"s-new{i}") if i % 3 == 0 else stories[i % len(stories)]
        index.add_vectors(story, vecs)  # pruned to 6 terms a channel when it passes 12: re-entered
        if i in (4, 5):
            index.close(stories[i - 4])
        if i == 8:
            a, b = [s for s in index.stories.values() if s.status == "active"][:2]
            index.merge(a, b)
    index.end_block()
    assert compared > 30


def _made_up_words(rnd: random.Random, n: int) -> str:
    return " ".join(
        "".join(rnd.choice("bcdfghjklmnpqrstvwz") + rnd.choice("aeiou") for _ in range(4)) for _ in range(n)
    )


def test_a_copy_of_an_archived_article_leaves_live_stories_untouched():
    """An exact copy rejoins its archived story: that story gets a slot of its own again, and no live
    story's scoring row (norms, dates) is overwritten by it."""
    rnd = random.Random(2)
    original = _made_up_words(rnd, 80)
    grouper = StoryGrouper(GroupSettings(quiet_days=10, max_closed_stories=0))

    def add(article_id: str, text: str, day: dt.date) -> None:
        grouper.add([AnnotatedArticle(Article(id=article_id, text=text, published=day))])

    add("old", original, dt.date(2020, 1, 1))
    add("new0", _made_up_words(rnd, 80), dt.date(2021, 1, 1))
    terms = grouper.index.terms
    i = 1
    while len(terms.slot_story) < len(terms.status):  # fill the slot arrays so their last row is live
        add(f"new{i}", _made_up_words(rnd, 80), dt.date(2021, 1, 1))
        i += 1
    archived = grouper.index.stories[grouper.story_of["old"]]
    assert archived.status == "archived" and archived.slot == -1
    live = grouper.index.stories[terms.slot_story[-1]]
    row = (terms.norm2[live.slot].copy(), terms.last[live.slot])
    add("copy", original, dt.date(2021, 1, 2))
    assert grouper.duplicate_of == {"copy": "old"} and grouper.story_of["copy"] == archived.id
    assert (terms.norm2[live.slot] == row[0]).all() and terms.last[live.slot] == row[1]
    assert archived.slot >= 0 and terms.slot_story[archived.slot] == archived.id


def test_articles_without_words_are_not_copies_of_each_other():
    grouper = StoryGrouper(GroupSettings())
    grouper.add(
        [
            AnnotatedArticle(Article(id="stars", text="***", published=dt.date(2021, 1, 1))),
            AnnotatedArticle(Article(id="dashes", text="--- !", published=dt.date(2021, 1, 1))),
        ]
    )
    assert grouper.duplicate_of == {}


def test_an_id_given_twice_in_one_batch_keeps_its_first_copy():
    rnd = random.Random(3)
    day = dt.date(2021, 1, 1)
    first = AnnotatedArticle(Article(id="v", text=_made_up_words(rnd, 60), published=day))
    second = AnnotatedArticle(Article(id="v", text=_made_up_words(rnd, 60), published=day))
    grouper = StoryGrouper(GroupSettings())
    grouper.add([first, second])
    assert grouper.index.stories[grouper.story_of["v"]].article_ids == ["v"]
    alone = StoryGrouper(GroupSettings())
    alone.add([first])
    kept_terms = grouper.index.stories[grouper.story_of["v"]].centroid[0]
    assert list(kept_terms) == list(alone.index.stories[alone.story_of["v"]].centroid[0])


def test_a_state_sketched_with_other_settings_is_refused_with_the_setting_named():
    live = StoryGrouper(GroupSettings())
    live.add([make(f"b{i}", BRIDGE, i, i) for i in range(3)])
    blob = live.dumps()
    with pytest.raises(ValueError, match=r"num_perm 128 now 64.*rebuild the output folder"):
        StoryGrouper(GroupSettings(num_perm=64), blob)
    StoryGrouper(GroupSettings(cluster_threshold=0.1), blob)  # a threshold may change between runs


def _grouper_adding(settings: GroupSettings):
    grouper = StoryGrouper(settings)

    def add(article_id: str, text: str, day: dt.date | None) -> None:
        grouper.add([AnnotatedArticle(Article(id=article_id, text=text, published=day))])

    return grouper, add


def test_the_closed_sketch_queue_lists_only_sketches_still_kept():
    """A story that closes, loses a queued sketch to the cap, takes a late copy and closes again does
    not put the forgotten id back in the queue's set (which is saved with the state)."""
    rnd = random.Random(4)
    text_a, text_b = _made_up_words(rnd, 80), _made_up_words(rnd, 80)
    grouper, add = _grouper_adding(GroupSettings(quiet_days=10, max_closed_sketches=1))
    add("a1", text_a, dt.date(2020, 1, 1))
    add("a2", text_a, dt.date(2020, 1, 1))  # an exact copy: same story, sketched too
    add("b1", text_b, dt.date(2020, 2, 1))  # A closes; the cap of 1 forgets a1
    assert "a1" not in grouper.dedup.prints
    add("a3", text_a, dt.date(2020, 1, 2))  # a late copy of a1 reopens A, which closes again at once
    assert grouper.story_of["a3"] == grouper.story_of["a1"]
    assert grouper._queued <= set(grouper.dedup.prints)
    assert grouper._queued <= set(grouper.closed_sketches)
    restored = StoryGrouper(grouper.settings, grouper.dumps())
    assert restored._queued <= set(restored.dedup.prints)


def test_forgotten_archived_sketches_do_not_count_against_the_closed_sketch_cap():
    """P closes, then Q (older by date) closes and is archived at once: Q's forgotten sketch must not
    push P's, the one closed sketch the cap of 1 allows, out; a near copy of P is still found."""
    rnd = random.Random(5)
    text_p, text_q, text_r = (_made_up_words(rnd, 80) for _ in range(3))
    settings = GroupSettings(max_active_stories=1, max_closed_stories=1, max_closed_sketches=1)
    grouper, add = _grouper_adding(settings)
    add("p1", text_p, dt.date(2020, 1, 10))
    add("q1", text_q, dt.date(2020, 1, 5))  # two active stories: P (touched first) closes
    add("r1", text_r, dt.date(2020, 1, 11))  # Q closes; two closed: Q (older last date) is archived
    assert grouper.index.stories[grouper.story_of["q1"]].status == "archived"
    assert grouper.index.stories[grouper.story_of["p1"]].status == "closed"
    assert "p1" in grouper.dedup.prints
    words = text_p.split()
    words[40] = "zzzz"
    add("p2", " ".join(words), dt.date(2020, 1, 12))
    assert grouper.duplicate_of.get("p2") == "p1"


def test_sketches_older_than_sketch_days_are_forgotten_even_in_a_story_still_active():
    rnd = random.Random(7)
    text_a, text_b = _made_up_words(rnd, 80), _made_up_words(rnd, 80)
    grouper, add = _grouper_adding(GroupSettings(quiet_days=120, sketch_days=30))
    add("a1", text_a, dt.date(2020, 1, 1))
    add("a2", text_a + " " + _made_up_words(rnd, 5), dt.date(2020, 1, 20))
    assert set(grouper.dedup.prints) == {"a1", "a2"}
    add("b1", text_b, dt.date(2020, 2, 15))  # the clock passes 30 days after a1, not after a2
    story_a = grouper.index.stories[grouper.story_of["a1"]]
    assert story_a.status == "active" and "a1" not in grouper.dedup.prints and "a2" in grouper.dedup.prints
    restored = StoryGrouper(GroupSettings(quiet_days=120, sketch_days=30), grouper.dumps())
    restored.add([AnnotatedArticle(Article(id="b2", text=text_b, published=dt.date(2020, 3, 1)))])
    assert "a2" not in restored.dedup.prints and "b1" in restored.dedup.prints  # the ages are known after a reload


def test_sketch_days_on_the_command_line_reaches_the_grouper(tmp_path):
    """`storyline build --sketch-days 30` forgets the sketch of an article the stream's clock has
    passed by more than 30 days; the default keeps it while its story is open."""
    import json

    from typer.testing import CliRunner

    from storyline.cli import app
    from storyline.pipeline import GROUPER_STATE
    from storyline.store import Store

    inputs = tmp_path / "articles.jsonl"
    lines = [
        {"url": "https://example.test/bridge", "published": "2024-03-01", "text": "\n\n".join(BRIDGE[:4])},
        {"url": "https://example.test/orchard", "published": "2024-06-01", "text": "\n\n".join(ORCHARD[:4])},
    ]
    inputs.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    def sketched_after(*options: str) -> set[str]:
        out = tmp_path / ("out" + "".join(options))
        result = CliRunner().invoke(app, ["build", str(inputs), "-o", str(out), "-q", *options])
        assert result.exit_code == 0, result.output
        store = Store.open(out / "storyline.db")
        try:
            grouper = StoryGrouper(GroupSettings(), store.get_state(GROUPER_STATE))
            ids = {a.article.id: a.article.url for a in store.load_annotated()}
        finally:
            store.close()
        return {ids[i] for i in grouper.dedup.prints}

    assert sketched_after() == {"https://example.test/bridge", "https://example.test/orchard"}
    assert sketched_after("--sketch-days", "30") == {"https://example.test/orchard"}
