"""Duplicate detection on texts written for these tests: exact, near, truncated, reused paragraphs."""

from __future__ import annotations

import datetime as dt

from storyline.config import GroupSettings
from storyline.group import StoryGrouper
from storyline.group.dedup import DedupIndex
from storyline.model import AnnotatedArticle, Article

BRIDGE = [
    "The council of Maplebrook voted on Tuesday to close the old iron bridge over the Tarn river after inspectors found cracked girders.",
    "Engineers from the regional transport office said the cracks had spread across three of the five main supports since the spring survey.",
    "Commuters who cross the bridge every morning will have to take a ferry or drive forty minutes around the valley through Eastholm.",
    "Mayor Ingrid Saltvik told residents at a packed town hall meeting that safety had to come before convenience this winter.",
    "A temporary footbridge could be built within six weeks if the provincial government agrees to share the cost of the steel.",
    "Shop owners on the north bank fear that fewer customers will make the longer trip while the crossing stays shut to traffic.",
]
ORCHARD = [
    "A late frost destroyed most of the apple blossom in the orchards south of Kellerton, growers said after surveying their trees.",
    "The cooperative that buys the fruit expects the harvest to fall by more than half compared with last autumn's record crop.",
    "Seasonal pickers who usually arrive in September have been told that far fewer jobs will be on offer this year.",
    "Farmers are asking the agriculture ministry for emergency loans to cover the payments on new irrigation equipment.",
]


def article(aid: str, paragraphs: list[str], day: int = 1) -> AnnotatedArticle:
    return AnnotatedArticle(article=Article(id=aid, text="\n\n".join(paragraphs), published=dt.date(2024, 3, day)))


def test_exact_copy_ignores_case_punctuation_and_spacing():
    grouper = StoryGrouper(GroupSettings())
    original = article("a1", BRIDGE)
    copy = article("a2", [p.upper().replace(",", " ,  ") for p in BRIDGE])
    grouper.add([original, copy])
    assert grouper.grouping().duplicate_of == {"a2": "a1"}


def test_near_copy_with_edits_is_a_duplicate_but_other_text_is_not():
    edited = list(BRIDGE)
    edited[0] = edited[0].replace("Tuesday", "Wednesday")
    edited[3] = edited[3].replace("packed", "crowded")
    grouper = StoryGrouper(GroupSettings())
    grouper.add([article("a1", BRIDGE), article("a2", edited, day=2), article("a3", ORCHARD, day=3)])
    dups = grouper.grouping().duplicate_of
    assert dups.get("a2") == "a1"
    assert "a3" not in dups


def test_truncated_copy_is_found_by_containment():
    grouper = StoryGrouper(GroupSettings())
    grouper.add([article("full", BRIDGE + ORCHARD[:2]), article("prefix", BRIDGE[:3], day=2)])
    assert grouper.grouping().duplicate_of == {"prefix": "full"}


def test_reused_paragraph_is_reported_with_its_share():
    settings = GroupSettings()
    later = [
        BRIDGE[1].replace("said", "say"),  # reused with one word changed
        ORCHARD[0],
        ORCHARD[1],
        ORCHARD[2],
    ]
    grouper = StoryGrouper(settings)
    grouper.add([article("first", BRIDGE), article("second", later, day=2)])
    grouping = grouper.grouping()
    assert grouping.duplicate_of == {}
    reuses = [(r.article_id, r.source_id, r.paragraphs) for r in grouping.reuses]
    assert reuses == [("second", "first", 1)]
    assert abs(grouping.reuses[0].share - 0.25) < 1e-9


def test_index_forgets_sketches_but_keeps_exact_digest():
    settings = GroupSettings()
    index = DedupIndex(settings)
    fp = index.fingerprint(Article(id="x", text="\n\n".join(BRIDGE)))
    index.add(fp)
    index.forget("x")
    assert index.prints == {} and index.paragraph_index == {}  # nothing of "x" but its digest
    again = index.fingerprint(Article(id="y", text="\n\n".join(BRIDGE)))
    assert index.check(again).of == "x"  # exact copies are still caught


def test_state_round_trip_keeps_duplicate_detection():
    settings = GroupSettings()
    first = StoryGrouper(settings)
    first.add([article("a1", BRIDGE)])
    restored = StoryGrouper(settings, first.dumps())
    edited = [p.replace("Maplebrook", "Maplebrook town") for p in BRIDGE]
    restored.add([article("a2", edited, day=2)])
    assert restored.grouping().duplicate_of == {"a2": "a1"}


def test_minhash_signatures_equal_datasketch_update_batch(monkeypatch):
    """The batched signatures ``fingerprints`` computes are datasketch's, for every article of a batch
    (long, shorter than a shingle, empty, no words), also when the product is split into blocks."""
    from datasketch import MinHash

    from storyline.group import sketches
    from storyline.group.sketches import MINHASH_SCHEME, fingerprints, identity_hash, shingle_hashes
    from storyline.group.words import tokenize, tokenize_many

    settings = GroupSettings()
    texts = [" ".join(BRIDGE), "Too short", "", "*** !", "\n\n".join(ORCHARD), " ".join(BRIDGE[:2])]
    articles = [Article(id=f"t{i}", text=text) for i, text in enumerate(texts)]
    for rows in (1 << 13, 16):  # 16 shingles a block: long articles take a block of their own, short ones share
        monkeypatch.setattr(sketches, "_MINHASH_ROWS", rows)
        tokens, bounds = tokenize_many(texts)
        fps = fingerprints(articles, settings, None, tokens, bounds)
        for text, fp in zip(texts, fps, strict=False):
            hashes = shingle_hashes(tokenize(text).hashes, settings.shingle_size)
            theirs = MinHash(num_perm=settings.num_perm, hashfunc=identity_hash, seed=1, scheme=MINHASH_SCHEME)
            if len(hashes):
                theirs.update_batch(hashes.tolist())
            assert fp.shingles == len(hashes)
            assert (fp.signature == theirs.hashvalues).all(), text[:20]
    assert fps[0].shingles > 50


def test_run_positions_lists_every_position_of_each_run_with_its_run():
    import numpy as np

    from storyline.group.words import run_positions

    owner, positions = run_positions(np.array([0, 3, 5]), np.array([2, 3, 7]))
    assert owner.tolist() == [0, 0, 2, 2]  # run 1 is empty
    assert positions.tolist() == [0, 1, 5, 6]
    owner, positions = run_positions(np.array([4]), np.array([4]))
    assert owner.tolist() == [] and positions.tolist() == []


def _mixes() -> list[Article]:
    """Articles that share paragraphs in many combinations (some are near copies of earlier ones)."""
    paragraphs = BRIDGE + ORCHARD
    out = []
    for i in range(14):
        chosen = [paragraphs[(i * 3 + j * (i % 4 + 1)) % len(paragraphs)] for j in range(3 + i % 3)]
        if i % 5 == 4:
            chosen = [p.replace("the", "a", 1) for p in chosen]
        out.append(Article(id=f"m{i:02d}", text="\n\n".join(chosen)))
    return out


def _replay(index: DedupIndex, fps, plan: bool, forget_at: dict[int, str]) -> list:
    seen = []
    if plan:
        index.expect(fps)
    for i, fp in enumerate(fps):
        if i in forget_at:
            index.forget(forget_at[i])
        match = index.check(fp)
        reuses = [(r.source_id, r.paragraphs) for r in index.reused_paragraphs(fp)]
        seen.append((match.of if match else None, reuses))
        index.add(fp)
    return seen


def test_planned_block_look_ups_equal_one_at_a_time(monkeypatch):
    from storyline.group import dedup

    articles = _mixes()
    forget_at = {6: "m01", 9: "m00", 11: "m04"}
    # a delta of 12 entries folds (and the plan goes stale) inside the block; a fold keeps a
    # value's oldest ``paragraph_max_owners`` owners, which a cap of 2 makes matter here
    for delta, cap in ((1 << 14, 8), (12, 8), (12, 2)):
        settings = GroupSettings(paragraph_max_owners=cap)
        monkeypatch.setattr(dedup, "_DELTA_MIN", delta)  # the same fold points with and without a plan
        monkeypatch.setattr(dedup, "_DELTA_MIN_ONE_BY_ONE", delta)
        runs = []
        for plan in (False, True):
            index = DedupIndex(settings)
            fps = [index.fingerprint(a) for a in articles]
            runs.append((_replay(index, fps, plan, forget_at), index.paragraph_index))
        assert runs[0] == runs[1]
        assert any(reuses for _, reuses in runs[0][0])  # the articles do share paragraphs


def test_compacting_forgotten_rows_keeps_every_answer(monkeypatch):
    from storyline.group import dedup

    articles = _mixes()
    runs = []
    for min_rows in (1 << 30, 0):  # never, then as soon as forgotten rows outnumber kept ones
        monkeypatch.setattr(dedup, "_COMPACT_MIN_ROWS", min_rows)
        index = DedupIndex(GroupSettings())
        seen, compactions = [], 0
        for i, fp in enumerate([index.fingerprint(a) for a in articles]):
            if i >= 4:  # keep the sketches of the last four articles only, as a grouper keeps recent ones
                index.forget(articles[i - 4].id)
            compactions += index.compact_if_due()
            match = index.check(fp)
            seen.append(
                (match.of if match else None, [(r.source_id, r.paragraphs) for r in index.reused_paragraphs(fp)])
            )
            index.add(fp)
        runs.append((seen, compactions, len(index.id_of), sorted(index.prints)))
    (kept_seen, never, rows_kept, prints_kept), (compact_seen, compactions, rows_compact, prints_compact) = runs
    assert compact_seen == kept_seen
    assert any(reuses for _, reuses in kept_seen) and any(of for of, _ in kept_seen)  # there was something to find
    assert never == 0 and compactions > 0
    assert rows_kept == len(articles)  # without compacting, every article ever added keeps a row
    assert rows_compact <= 2 * len(prints_compact) + 1 and prints_compact == prints_kept


def test_a_planned_block_lists_at_most_the_boilerplate_cap_of_owners_per_value():
    import numpy as np

    settings = GroupSettings(paragraph_max_owners=3)
    index = DedupIndex(settings)
    articles = [
        Article(id=f"b{i:02d}", text="\n\n".join([BRIDGE[0], f"{ORCHARD[i % 4]} Market day {i} came."]))
        for i in range(30)
    ]
    fps = [index.fingerprint(a) for a in articles]
    for fp in fps[:20]:  # twenty earlier owners of the shared paragraph's values
        index.add(fp)
    index.expect(fps[20:])
    owners_per_value = [np.bincount(at).max() for at, _ in index._plan.found if len(at)]
    # at most the cap from the index and the cap from the block's earlier articles, not all twenty-nine
    assert owners_per_value and max(owners_per_value) <= 2 * settings.paragraph_max_owners
    assert max(owners_per_value) >= settings.paragraph_max_owners  # still enough to call the value boilerplate
