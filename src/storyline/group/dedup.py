"""Duplicates and reused passages: exact copies, near-verbatim copies, shared paragraphs.

Three checks, from cheap to fine, on the article text only (no language model):

- **exact**: the same normalized word sequence (case, punctuation and spacing ignored);
- **near-duplicate**: MinHash over word shingles (datasketch), candidates from LSH bands (the
  bands and rows datasketch's ``MinHashLSH`` picks, kept in our own arrays and dicts), then a
  decision on the estimated Jaccard similarity *or* containment (a truncated copy of a wire story
  is contained in the full one even when their Jaccard similarity is low);
- **reused paragraphs**: each paragraph keeps a tiny bottom-k sketch of its shingles, so a
  paragraph copied with a word changed ("said" → "says") is still found in the earlier article.

Only sketches are kept (made by ``group/sketches.py``: integers in numpy arrays, which save and load as a
few blocks), never texts.  ``DedupIndex`` holds the sketches of recent articles; ``forget`` drops an article's
sketches (the grouper keeps those of open stories and of the most recently closed ones), which keeps memory
bounded.

Example::

    index = DedupIndex(GroupSettings())
    fp = fingerprint(article, GroupSettings())
    match = index.check(fp)          # Match(kind="near", of="a1", similarity=0.93, containment=0.96) or None
    index.add(fp)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from datasketch import MinHash

try:  # datasketch's pre-mix, for the vectorised signatures (``_minhash_rows``); optional
    from datasketch.minhash import _fmix
except ImportError:  # pragma: no cover - another datasketch version: update_batch is used
    _fmix = None

from storyline.config import GroupSettings
from storyline.group.sketches import (
    EMPTY_CODES,
    MINHASH_SCHEME,
    Fingerprint,
    band_keys,
    fingerprint,
    identity_hash,
    lsh_bands,
)
from storyline.group.words import (
    Tokens,
    argsort_small,
    counts_sorted,
    merge_sorted,
    rank_in_runs,
    run_positions,
    run_start_of,
    run_starts,
    unique_sorted,
)
from storyline.model import Article


@dataclass
class Match:
    """``of`` is the earlier article this one copies; ``kind`` is ``exact`` or ``near``."""

    kind: str
    of: str
    similarity: float  # estimated Jaccard similarity
    containment: float  # estimated share of the smaller article's shingles found in the other


@dataclass
class ParagraphReuse:
    source_id: str
    paragraphs: int  # paragraphs of the new article found in ``source_id``
    share: float  # … as a share of the new article's fingerprinted paragraphs


class _Rows:
    """A growable numpy array (amortised appends), so per-article data stays in a few arrays."""

    def __init__(self, dtype: type, width: int = 0, data: np.ndarray | None = None):
        shape = (16, width) if width else (16,)
        self.data = np.zeros(shape, dtype=dtype) if data is None else data
        self.n = 0 if data is None else len(data)

    def append(self, value) -> None:
        """One row (a scalar or a row of ``width`` values)."""
        if self.n == len(self.data):
            grown = np.zeros((2 * len(self.data),) + self.data.shape[1:], dtype=self.data.dtype)
            grown[: self.n] = self.data[: self.n]
            self.data = grown
        self.data[self.n] = value
        self.n += 1

    def view(self) -> np.ndarray:
        return self.data[: self.n]

    def renumber(self, kept: np.ndarray) -> None:
        """An empty row 0, then the rows where ``kept`` (a mask over the rows held) is True, in order."""
        rows = self.view()[kept]
        self.n = 1 + len(rows)
        self.data = np.zeros((2 * self.n,) + rows.shape[1:], dtype=rows.dtype)
        self.data[1 : self.n] = rows


class DedupIndex:
    """Sketches of the active articles, with exact, near-duplicate and paragraph look-ups.

    Per-article data lives in numpy rows indexed by an ordinal (signatures, sizes), so the state
    saves and loads as a few arrays.  LSH buckets of rows added in this process are dicts; rows
    that came from a saved state are found by a band scan.  The paragraph index is sorted numpy
    arrays of (sketch value, owner code) pairs, an owner code being ``row << 16 | paragraph``:
    a large base and a small delta that new articles enter, folded into the base when it grows
    (dropping forgotten rows).  An article's look-up is then a few ``searchsorted`` calls and a
    count, not a Python loop over its sketch values; ``expect`` does the look-ups of a whole block
    of articles at once (the grouper's blocks of 128), with the same results.
    """

    def __init__(self, settings: GroupSettings):
        self.settings = settings
        self.bands, self.band_rows = lsh_bands(settings.near_duplicate_candidate_threshold, settings.num_perm)
        self.exact: dict[str, str] = {}  # exact digest → first article (kept for all articles: small)
        self.prints: dict[str, int] = {}  # active article id (its sketches are kept) → its row
        self.id_of: list[str | None] = []  # row → article id (None once forgotten)
        self._sig = _Rows(np.uint32, settings.num_perm)
        self._band = _Rows(np.uint64, self.bands)
        self._shingles = _Rows(np.int64)
        self._sketch_values = _Rows(np.int64)
        self._live = _Rows(bool)
        self._base = 0  # rows below this came from a saved state
        self._version = 0  # changes with every add or forget (cached look-ups are then stale)
        self._buckets: list[dict[int, list[int]]] = [{} for _ in range(self.bands)]
        # paragraph index: (sketch values sorted, owner codes) — base and delta
        self._pv, self._pc = EMPTY_CODES, EMPTY_CODES
        self._dv, self._dc = EMPTY_CODES, EMPTY_CODES
        self._dead_since_fold = 0
        # adds not yet merged into the delta (sorted values, codes per article, in add order): the
        # look-ups of a planned block (``expect``) find them without the merge; merged on a fold
        self._pending: list[tuple[np.ndarray, np.ndarray]] = []
        self._pending_n = 0
        # a plan lists a value's owners as they were when it was made; a fold keeps only a value's
        # oldest ``paragraph_max_owners``: the value stays boilerplate either way (at least that
        # many live owners) until one of those kept owners is forgotten — then the plan is stale
        self._epoch = 0  # changes when a plan is stale
        self._capped = False  # a fold dropped live owners, or the last plan left some out
        self._plan: _Plan | None = None
        self.template = MinHash(num_perm=settings.num_perm, hashfunc=identity_hash, seed=1, scheme=MINHASH_SCHEME)

    @property
    def paragraph_index(self) -> dict[int, tuple[int, ...]]:
        """Sketch value → live owner codes (for tests and inspection; built on each call)."""
        self._flush()
        out: dict[int, tuple[int, ...]] = {}
        live = self._live.view()
        for values, codes in ((self._pv, self._pc), (self._dv, self._dc)):
            for value, code in zip(values.tolist(), codes.tolist(), strict=False):
                if live[code >> 16]:
                    out[value] = out.get(value, ()) + (code,)
        return out

    def fingerprint(self, article: Article, tokens: Tokens | None = None) -> Fingerprint:
        return fingerprint(article, self.settings, self.template, tokens)

    def _band_keys(self, signatures: np.ndarray) -> np.ndarray:
        return band_keys(signatures, self.bands, self.band_rows)

    def _bands_of(self, fp: Fingerprint) -> np.ndarray:
        if fp.bands is None:
            fp.bands = self._band_keys(fp.signature[None, :])[0]
        return fp.bands

    def _paragraph_owners(self, fp: Fingerprint) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """The live owners of ``fp``'s sketch values: (value position, owner code, live owners of
        that value), or None when no value has one (looked up once per state of the index)."""
        if fp.owners is not None and fp.owners[0] == self._version:
            return fp.owners[1]
        planned = self._planned(fp)
        if planned is not None:
            at, codes = planned
            live = self._live.data[codes >> 16]
            found = None
            if live.any():
                at, codes = at[live], codes[live]
                found = (at, codes, np.bincount(at, minlength=len(fp.sketch)))
            fp.owners = (self._version, found)
            return found
        self._flush()
        flat = fp.sketch
        if fp.order is None:
            fp.order = np.argsort(flat, kind="stable")
        order = fp.order
        values = flat[order]  # sorted needles: searchsorted walks the keys in order
        found = None
        if len(values) and (len(self._pv) or len(self._dv)):
            at, codes, _ = self._first_live_owners(values)
            if len(at):
                count = np.zeros(len(values), dtype=np.int64)
                count[order] = np.bincount(at, minlength=len(values))
                found = (order[at], codes, count)  # positions in fp's own order
        fp.owners = (self._version, found)
        return found

    def _first_live_owners(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
        """Owners of each of ``values`` in the index, live ones only and at most ``paragraph_max_owners``
        (the base's first, then the delta's): (value number, owner code) pairs by value number, and
        True when a value had more.

        Why the cap: a value with that many live owners is boilerplate, whichever they are, and a
        paragraph repeated by thousands of recent articles would otherwise list them all for every
        article of a block that repeats it too (gigabytes at once on a long stream).  Owners are
        read in windows that double, so a value whose first owners were forgotten still finds its
        live ones.
        """
        cap = self.settings.paragraph_max_owners
        need = np.full(len(values), cap, dtype=np.int64)  # live owners each value still takes
        at_parts, code_parts = [], []
        more = False
        for keys, owners in ((self._pv, self._pc), (self._dv, self._dc)):
            if not len(keys) or not len(values):
                continue
            start, stop = np.searchsorted(keys, values), np.searchsorted(keys, values, side="right")
            todo, window = np.flatnonzero(stop > start), cap
            while len(todo):
                end = np.minimum(stop[todo], start[todo] + window)
                part, pos = run_positions(start[todo], end)
                value_of, codes = todo[part], owners[pos]
                live = self._live.data[codes >> 16]
                value_of, codes = value_of[live], codes[live]
                keep = rank_in_runs(value_of) < need[value_of]  # value_of is grouped: runs per value
                value_of, codes = value_of[keep], codes[keep]
                at_parts.append(value_of)
                code_parts.append(codes)
                need -= np.bincount(value_of, minlength=len(values))
                start[todo] = end
                left = start[todo] < stop[todo]
                more |= bool((left & (need[todo] == 0)).any())
                todo = todo[left & (need[todo] > 0)]
                window *= 2
        if not at_parts:
            return EMPTY_CODES, EMPTY_CODES, more
        at, codes = np.concatenate(at_parts), np.concatenate(code_parts)
        order = np.argsort(at, kind="stable")  # by value; each value's owners in the order they were read
        return at[order], codes[order], more

    def _lsh_candidates(self, fp: Fingerprint) -> set[int]:
        """Rows sharing a whole band with ``fp`` (what ``MinHashLSH.query`` returns)."""
        signature = fp.signature
        keys = self._bands_of(fp)
        rows: set[int] = set()
        for band, key in enumerate(keys.tolist()):
            rows.update(self._buckets[band].get(key, ()))
        if self._base:
            hit = np.flatnonzero((self._band.data[: self._base] == keys).any(axis=1))
            rows.update(hit.tolist())
        if not rows:
            return rows
        # keys are hashes: confirm a whole band is equal (and that the row is still active)
        cand = np.fromiter(rows, dtype=np.int64, count=len(rows))
        r, b = self.band_rows, self.bands
        same = (self._sig.data[cand, : b * r] == signature[: b * r]).reshape(len(cand), b, r).all(axis=2).any(axis=1)
        return {int(c) for c in cand[same] if self.id_of[c] is not None and self._shingles.data[c] > 0}

    def _useful(self, owners: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(value position, owner code) pairs of values with fewer owners than the boilerplate cap."""
        at, codes, count = owners
        keep = count[at] < self.settings.paragraph_max_owners
        return at[keep], codes[keep]

    def check(self, fp: Fingerprint) -> Match | None:
        """The earlier article ``fp`` duplicates, if any (exact first, then the most similar near copy)."""
        if fp.shingles == 0:  # no words: every such article has the same digest, and none copies another
            return None
        first = self.exact.get(fp.exact)
        if first is not None and first != fp.article_id:
            return Match("exact", first, 1.0, 1.0)
        candidates = self._lsh_candidates(fp)
        # a truncated or re-wrapped copy can have a low Jaccard similarity (below the LSH band
        # threshold) yet share a good part of its paragraphs: those articles are candidates too
        summary = self._planned_summary(fp)
        owners = self._paragraph_owners(fp) if summary is None else None
        if summary is not None:
            candidates.update(summary[0])
        elif owners is not None:
            _, codes = self._useful(owners)
            if len(codes):
                rows, votes = counts_sorted(codes >> 16)
                share = self.settings.paragraph_candidate_share
                need = share * np.minimum(fp.sketch_values, self._sketch_values.data[rows])
                candidates.update(rows[votes >= need].tolist())
        rows = sorted(
            (r for r in candidates if self.id_of[r] is not None and self.id_of[r] != fp.article_id),
            key=lambda r: self.id_of[r],
        )
        if not rows:
            return None
        jaccards = (self._sig.data[rows] == fp.signature).mean(axis=1)
        best: Match | None = None
        for row, jaccard in zip(rows, jaccards.tolist(), strict=False):
            other_shingles = int(self._shingles.data[row])
            shared = jaccard * (fp.shingles + other_shingles) / (1.0 + jaccard)
            containment = min(1.0, shared / max(1, min(fp.shingles, other_shingles)))
            if not self.is_near_duplicate(jaccard, containment, fp.shingles, other_shingles):
                continue
            if best is None or (jaccard, containment) > (best.similarity, best.containment):
                best = Match("near", self.id_of[row], jaccard, containment)
        return best

    def is_near_duplicate(self, jaccard: float, containment: float, size_a: int, size_b: int) -> bool:
        """The decision rule; thresholds come from ``GroupSettings`` (chosen on clusters-dev)."""
        s = self.settings
        if jaccard >= s.near_duplicate_threshold:
            return True
        # a truncated or re-wrapped copy: most of the smaller text is inside the larger one
        return containment >= s.containment_threshold and min(size_a, size_b) >= s.min_containment_shingles

    def reused_paragraphs(self, fp: Fingerprint) -> list[ParagraphReuse]:
        """Earlier active articles whose paragraphs ``fp`` repeats (near-verbatim), most first."""
        if not fp.n_paragraphs:
            return []
        summary = self._planned_summary(fp)
        if summary is not None:
            total = fp.n_paragraphs
            reuses = [
                ParagraphReuse(self.id_of[r], c, c / total) for r, c in summary[1] if self.id_of[r] != fp.article_id
            ]
            return sorted(reuses, key=lambda r: (-r.paragraphs, r.source_id))
        owners = self._paragraph_owners(fp)
        if owners is None:
            return []
        at, codes = self._useful(owners)
        if not len(codes):
            return []
        para_of = fp.sketch_paragraph
        para_len = np.bincount(para_of, minlength=fp.n_paragraphs)  # sketch values per paragraph of fp
        # votes per (owner paragraph, paragraph of fp): enough shared values make it a reuse
        pairs, votes = counts_sorted((codes << 16) | para_of[at])
        mine = pairs & 0xFFFF
        ok = votes >= np.minimum(self.settings.paragraph_min_shared, para_len[mine])
        # distinct (owner row, paragraph of fp) pairs, counted per owner row
        rows_paras = unique_sorted(((pairs[ok] >> 32) << 16) | mine[ok])
        rows, counts = counts_sorted(rows_paras >> 16)
        total = fp.n_paragraphs
        reuses = [
            ParagraphReuse(self.id_of[r], c, c / total)
            for r, c in zip(rows.tolist(), counts.tolist(), strict=False)
            if self.id_of[r] != fp.article_id
        ]
        return sorted(reuses, key=lambda r: (-r.paragraphs, r.source_id))

    def _flush(self) -> None:
        """Merge pending adds into the delta: the same arrays as merging each add when it came."""
        if not self._pending:
            return
        # equal values keep add order, and an article's own in paragraph order (a stable sort), as
        # one merge per add of its stably sorted values would
        plan = self._plan
        entries = None
        if plan is not None:  # a flush before the whole block is added leaves only part of it pending
            entries, plan.entries = plan.entries, None
        if entries is not None and plan.next == len(plan.ids):
            values, codes = entries  # exactly the planned block's adds, sorted when it was planned
        else:
            values = np.concatenate([v for v, _ in self._pending])
            codes = np.concatenate([c for _, c in self._pending])
            order = np.argsort(values, kind="stable")
            values, codes = values[order], codes[order]
        self._dv, self._dc = merge_sorted((self._dv, self._dc), (values, codes))
        self._pending, self._pending_n = [], 0

    def expect(self, fps: list[Fingerprint]) -> None:
        """The next articles to be checked and added, in order: look up all their paragraph owners now.

        Why: one set of ``searchsorted`` calls for a block instead of one per article.  The owners
        an article would find among the block's earlier articles (added after this plan) come from
        comparing the block's sketch values among themselves.  Owners are filtered by liveness when
        used, and a fold (which caps each value's owners) makes the plan stale, so the rest of the
        block is planned again: look-ups give the same owners as one article at a time.
        """
        self._plan = None
        if len(fps) > 1:
            self._plan = self._make_plan(fps)

    def _planned(self, fp: Fingerprint) -> tuple[np.ndarray, np.ndarray] | None:
        """(value position, owner code) of ``fp``'s sketch values if a plan holds them, else None."""
        plan = self._plan
        if plan is None or plan.next >= len(plan.ids) or plan.ids[plan.next] != fp.article_id:
            return None
        if plan.epoch != self._epoch:  # a kept owner of a capped value forgotten since: plan the rest again
            plan = self._plan = self._make_plan(plan.fps[plan.next :])
        return plan.found[plan.next]

    def _make_plan(self, fps: list[Fingerprint]) -> _Plan:
        self._flush()
        self._capped = False
        k = len(fps)
        row0 = len(self.id_of)
        lengths = np.fromiter((len(fp.sketch) for fp in fps), dtype=np.int64, count=k)
        found: list[tuple[np.ndarray, np.ndarray]] = [(EMPTY_CODES, EMPTY_CODES)] * k
        plan = _Plan([fp.article_id for fp in fps], fps, row0, self._epoch, found)
        total = int(lengths.sum())
        if not total:
            return plan
        values = np.concatenate([fp.sketch for fp in fps])
        paras = np.minimum(np.concatenate([fp.sketch_paragraph for fp in fps]), 0xFFFF)
        art = np.repeat(np.arange(k, dtype=np.int64), lengths)
        start = np.zeros(k, dtype=np.int64)
        np.cumsum(lengths[:-1], out=start[1:])
        order = np.argsort(values, kind="stable")  # by value, then article, then position
        values, art, paras = values[order], art[order], paras[order]
        plan.entries = (values, ((row0 + art) << 16) | paras)  # what the block's adds will flush
        pos = order - start[art]
        value_of, owner_codes, self._capped = self._first_live_owners(values)
        arts, ats, codes = [art[value_of]], [pos[value_of]], [owner_codes]
        # the block among itself: each value's earlier articles (a run of equal values is in article order),
        # at most the boilerplate cap of them, as for the index's owners (``_first_live_owners``)
        new_value = run_starts(values)
        new_art = new_value | run_starts(art)
        first, stop = run_start_of(new_value), run_start_of(new_art)
        capped_stop = np.minimum(stop, first + self.settings.paragraph_max_owners)
        self._capped |= bool((capped_stop < stop).any())
        mine, partner = run_positions(first, capped_stop)
        arts.append(art[mine])
        ats.append(pos[mine])
        codes.append(((row0 + art[partner]) << 16) | paras[partner])
        arts, ats, codes = np.concatenate(arts), np.concatenate(ats), np.concatenate(codes)
        by_art = argsort_small(arts, k)
        arts, ats, codes = arts[by_art], ats[by_art], codes[by_art]
        cut = np.searchsorted(arts, np.arange(k + 1)).tolist()
        plan.found = [(ats[cut[i] : cut[i + 1]], codes[cut[i] : cut[i + 1]]) for i in range(k)]
        plan.summary = self._summaries(fps, row0, lengths, start, arts, ats, codes)
        return plan

    def _summaries(
        self,
        fps: list[Fingerprint],
        row0: int,
        lengths: np.ndarray,
        start: np.ndarray,
        arts: np.ndarray,
        ats: np.ndarray,
        codes: np.ndarray,
    ) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """Per planned article, what ``check`` and ``reused_paragraphs`` work out from its owners, for
        all of them at once, as if every owner stays live: (candidate rows, [(row, paragraphs reused)]).

        The same steps as those two methods, with the article number in the high bits of each key.
        """
        k = len(fps)
        out: list[tuple[list[int], list[tuple[int, int]]]] = [([], [])] * k
        g = start[arts] + ats  # each owner's value, numbered across the block
        count = np.bincount(g, minlength=int(lengths.sum()))
        useful = count[g] < self.settings.paragraph_max_owners
        arts, g, codes = arts[useful], g[useful], codes[useful]
        if not len(codes):
            return out
        rows = codes >> 16
        # check: shared values per (article, owner row) against the candidate share
        keys, votes = counts_sorted((arts << 32) | rows)
        key_art, key_row = keys >> 32, keys & 0xFFFFFFFF
        key_values = np.where(
            key_row >= row0,
            lengths[np.clip(key_row - row0, 0, k - 1)],
            self._sketch_values.data[np.minimum(key_row, row0 - 1)],
        )
        need = self.settings.paragraph_candidate_share * np.minimum(lengths[key_art], key_values)
        chosen = votes >= need
        cand_art, cand_row = key_art[chosen], key_row[chosen]
        # reused paragraphs: votes per (article, owner row, owner paragraph, paragraph of the article)
        paras = np.concatenate([fp.sketch_paragraph for fp in fps])
        n_paras = np.fromiter((fp.n_paragraphs for fp in fps), dtype=np.int64, count=k)
        para_start = np.zeros(k, dtype=np.int64)
        np.cumsum(n_paras[:-1], out=para_start[1:])
        value_art = np.repeat(np.arange(k, dtype=np.int64), lengths)
        para_len = np.bincount(para_start[value_art] + paras, minlength=int(n_paras.sum()))
        distinct_rows, row_code = np.unique(rows, return_inverse=True)
        width = len(distinct_rows)
        pairs, votes = counts_sorted(((arts * width + row_code) << 32) | ((codes & 0xFFFF) << 16) | paras[g])
        mine = pairs & 0xFFFF
        pair_art = (pairs >> 32) // width
        ok = votes >= np.minimum(self.settings.paragraph_min_shared, para_len[para_start[pair_art] + mine])
        rows_paras = unique_sorted(((pairs[ok] >> 32) << 16) | mine[ok])
        owner_keys, reused = counts_sorted(rows_paras >> 16)
        reuse_art, reuse_row = owner_keys // width, distinct_rows[owner_keys % width]
        cand_cut = np.searchsorted(cand_art, np.arange(k + 1)).tolist()
        reuse_cut = np.searchsorted(reuse_art, np.arange(k + 1)).tolist()
        cand_row, reuse_row, reused = cand_row.tolist(), reuse_row.tolist(), reused.tolist()
        return [
            (
                cand_row[cand_cut[i] : cand_cut[i + 1]],
                list(
                    zip(
                        reuse_row[reuse_cut[i] : reuse_cut[i + 1]],
                        reused[reuse_cut[i] : reuse_cut[i + 1]],
                        strict=False,
                    )
                ),
            )
            for i in range(k)
        ]

    def _planned_summary(self, fp: Fingerprint) -> tuple[list[int], list[tuple[int, int]]] | None:
        """``_summaries`` of ``fp`` when a plan holds it and all its owners are still live, else None."""
        if self._planned(fp) is None:
            return None
        plan = self._plan
        codes = plan.found[plan.next][1]
        if not len(codes):  # no owners (a block without sketch values has no summaries)
            return [], []
        if not self._live.data[codes >> 16].all():
            return None
        return plan.summary[plan.next]

    def add(self, fp: Fingerprint) -> None:
        if fp.shingles:
            self.exact.setdefault(fp.exact, fp.article_id)
        if fp.article_id in self.prints:
            return
        self._version += 1
        row = self.prints[fp.article_id] = len(self.id_of)
        plan = self._plan
        if plan is not None:  # the plan holds while its articles come in its order, each a new row
            if plan.next < len(plan.ids) and plan.ids[plan.next] == fp.article_id and row == plan.row0 + plan.next:
                plan.next += 1
            else:
                self._plan = None
        self.id_of.append(fp.article_id)
        self._sig.append(fp.signature)
        keys = self._bands_of(fp)
        self._band.append(keys)
        self._shingles.append(fp.shingles)
        self._sketch_values.append(fp.sketch_values)
        self._live.append(True)
        if fp.shingles:
            for bucket, key in zip(self._buckets, keys.tolist(), strict=False):
                bucket.setdefault(key, []).append(row)
        values = fp.sketch
        if not len(values):
            return
        codes = (row << 16) | np.minimum(fp.sketch_paragraph, 0xFFFF)
        self._pending.append((values, codes))  # sorted when flushed (a stable sort keeps each add's order)
        self._pending_n += len(values)
        # a fixed size, as if each add went into the delta; smaller when articles come one at a
        # time (each look-up then merges the pending adds into the delta)
        if len(self._dv) + self._pending_n > (_DELTA_MIN if self._plan is not None else _DELTA_MIN_ONE_BY_ONE):
            self._fold()

    def _fold(self) -> None:
        """Delta into base; forgotten rows' entries go, a value keeps at most the boilerplate cap of owners."""
        self._flush()
        values, codes = merge_sorted((self._pv, self._pc), (self._dv, self._dc))
        live = self._live.data[codes >> 16]
        values, codes = values[live], codes[live]
        if len(values):  # the oldest ``cap`` owners of a value are enough to call it boilerplate
            keep = rank_in_runs(values) < self.settings.paragraph_max_owners
            if not keep.all():  # live owners dropped (a plan made before still lists them, see ``forget``)
                self._capped = True
                values, codes = values[keep], codes[keep]
        self._pv, self._pc = values, codes
        self._dv, self._dc = EMPTY_CODES, EMPTY_CODES
        self._dead_since_fold = 0

    def forget(self, article_id: str) -> None:
        """Drop an article's sketches (its story closed); its exact digest stays."""
        row = self.prints.pop(article_id, None)
        if row is None:
            return
        self._version += 1
        if self._capped:
            self._epoch += 1
        self.id_of[row] = None
        self._live.data[row] = False
        if self._shingles.data[row] and row >= self._base:
            for band, key in enumerate(self._band.data[row].tolist()):
                bucket = self._buckets[band].get(key)
                if bucket is not None:
                    bucket.remove(row)
                    if not bucket:
                        del self._buckets[band][key]
        self._dead_since_fold += int(self._sketch_values.data[row])
        if self._dead_since_fold > max(_DELTA_MIN, len(self._pv) // 2):
            self._fold()  # forgotten entries are skipped when looked up; drop them now and then

    def compact_if_due(self) -> bool:
        """Renumber the kept rows 1, 2, … (in order) once forgotten rows outnumber them; True when done.

        Why: a row is never reused, so without this the per-row arrays (a 512-byte signature each)
        and ``id_of`` grow with every article ever added, not with the articles whose sketches are
        kept.  Every forgotten row becomes row 0, an empty row that is never live, so the paragraph
        index keeps its entries, their order and its size (which decide when it folds), and every
        look-up gives the same answers.  Call it between blocks: a plan made before it is dropped.
        """
        dead = len(self.id_of) - len(self.prints)
        if dead <= max(len(self.prints), _COMPACT_MIN_ROWS):
            return False
        self._flush()
        live = self._live.view().copy()
        new_row = np.zeros(len(live), dtype=np.int64)  # forgotten rows → row 0
        new_row[live] = np.arange(1, int(live.sum()) + 1)
        self._pc = (new_row[self._pc >> 16] << 16) | (self._pc & 0xFFFF)
        self._dc = (new_row[self._dc >> 16] << 16) | (self._dc & 0xFFFF)
        if self._base:
            self._base = 1 + int(live[: self._base].sum())
        self.id_of = [None] + [a for a in self.id_of if a is not None]
        self.prints = {a: i for i, a in enumerate(self.id_of) if a is not None}
        for rows in (self._sig, self._band, self._shingles, self._sketch_values, self._live):
            rows.renumber(live)
        self._buckets = [{} for _ in range(self.bands)]
        shingles, band = self._shingles.data, self._band.data
        for row in range(max(1, self._base), len(self.id_of)):  # rows from a saved state are found by a band scan
            if shingles[row]:
                for bucket, key in zip(self._buckets, band[row].tolist(), strict=False):
                    bucket.setdefault(key, []).append(row)
        self._plan = None
        self._version += 1
        return True

    # ── persistence: a few arrays, compacted to the active rows ──

    def __getstate__(self) -> dict:
        self._fold()
        live = self._live.view()
        new_row = np.full(len(self.id_of), -1, dtype=np.int64)
        new_row[live] = np.arange(int(live.sum()))
        codes = (new_row[self._pc >> 16] << 16) | (self._pc & 0xFFFF)
        return {
            "settings": self.settings,
            "exact": self.exact,
            "id_of": [a for a in self.id_of if a is not None],
            "sig": self._sig.view()[live],
            "shingles": self._shingles.view()[live].astype(np.int32),
            "sketch_values": self._sketch_values.view()[live].astype(np.int32),
            # sketch values are 32-bit; codes fit 32 bits while there are fewer than 65,536 rows
            "pv": self._pv.astype(np.uint32),
            "pc": codes.astype(np.uint32 if len(live) < 1 << 16 else np.int64),
        }

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["settings"])
        self.exact = state["exact"]
        self.id_of = state["id_of"]
        self.prints = {a: i for i, a in enumerate(self.id_of)}
        self._base = len(self.id_of)
        self._sig = _Rows(np.uint32, data=state["sig"])
        self._band = _Rows(np.uint64, data=self._band_keys(state["sig"]))
        self._shingles = _Rows(np.int64, data=state["shingles"].astype(np.int64))
        self._sketch_values = _Rows(np.int64, data=state["sketch_values"].astype(np.int64))
        self._live = _Rows(bool, data=np.ones(len(self.id_of), dtype=bool))
        self._pv = state["pv"].astype(np.int64)
        self._pc = state["pc"].astype(np.int64)


_COMPACT_MIN_ROWS = 4096  # forgotten rows ``compact_if_due`` lets pass before it renumbers (amortises its copy)
_DELTA_MIN_ONE_BY_ONE = 1 << 14  # the same without a plan
#: paragraph index entries in the delta before it folds into the base (a planned block's adds wait unmerged, so
#: only one-off look-ups pay for its size)
_DELTA_MIN = 1 << 16


@dataclass
class _Plan:
    """Paragraph owners looked up for a block of articles before any of them is added (``expect``)."""

    ids: list[str]
    fps: list[Fingerprint]
    row0: int  # the row the block's first article gets
    epoch: int  # the index's ``_epoch`` when planned (see ``forget``)
    found: list[tuple[np.ndarray, np.ndarray]]  # per article: (value position, owner code)
    next: int = 0  # articles of ``ids`` added so far
    summary: list = field(default_factory=list)  # per article: ``DedupIndex._summaries``
    # the block's (sketch value, owner code) entries in the order a flush of all its adds sorts them
    entries: tuple[np.ndarray, np.ndarray] | None = None
