"""Who is who across the articles of a story, and who said what.

Named-entity mentions from the annotate stage are resolved into entities:

- the same name (without "the" or a possessive) is one entity, whatever label the NER
  gave each mention (the majority label wins, so a stray ORG for "Okonjo" is outvoted);
- an acronym joins its long form when an article writes "Long Form (ACR)", or when its
  letters are the initials of exactly one organisation of the story ("TDSB");
- a lone surname joins the one full name it ends — in its own article first, then in the
  story — and stays apart when two people share it;
- titles come from pre-modifiers ("Transport Minister Helen Ward"), appositions
  ("Marta Okonjo, president of …", "Tom Reyes, a spokesperson for …") and fronted
  appositions ("The president of the union, Marta Okonjo, …"), each with its source.

Quotes become ``QuoteView`` objects whose ``speaker`` is the id of the speaker's entity.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from storyline.model import (
    AnnotatedArticle,
    Entity,
    EntityRole,
    Mention,
    Quote,
    QuoteView,
    Sentence,
    SourceRef,
)

ENTITY_LABELS = frozenset({"PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "EVENT", "LAW", "PRODUCT", "WORK_OF_ART"})
TITLE_NOUNS = frozenset(
    """minister president spokesperson spokesman spokeswoman premier mayor chair chairman chairwoman
    chairperson director ceo leader secretary senator governor judge justice chief officer head
    trustee superintendent manager professor commissioner ambassador councillor councilor
    representative deputy critic treasurer principal founder owner executive editor reporter
    correspondent analyst economist lawyer attorney advocate organizer organiser coordinator
    negotiator mp mpp mla candidate nominee prime vice-president spokesperson""".split()
)
CONNECT = r"(?:of|for|at|with|to|on|in|and|the|’s|'s|[A-Z][\w’'.&-]*)"
#: the title nouns as a regex alternation, longest first
TITLES = "|".join(sorted(TITLE_NOUNS, key=len, reverse=True))
APPOS_AFTER = re.compile(
    r"^,\s+(?:the |a |an |its |their )?((?:[\w’'.&-]+\s+){0,4}?(?:"
    + TITLES
    + r")\b(?:\s+"
    + CONNECT
    + r"){0,10}?)(?=,|\s+said|\s+says|\.|;|\s+told)",
    re.IGNORECASE,
)
FRONT_APPOS = re.compile(
    r"(?:^|[,;:]\s+|\.\s+)(?:the|a|an)\s+((?:[\w’'.&-]+\s+){0,3}?(?:" + TITLES + r")\b[^,]{0,90}?),\s+$",
    re.IGNORECASE,
)
ACRONYM = re.compile(r"\(([A-Z][A-Z&]{1,9})\)")
SMALL_WORDS = frozenset({"of", "for", "and", "the", "on", "in", "de", "du", "des", "&", "to", "at"})
# how far from a name its title is looked for, in characters: a pre-modifier ("Harbour Minister
# of Transport …") fits in PREMOD_CHARS before it, an apposition (", a spokesperson for the …")
# in APPOS_CHARS after or before it; a long form "Harbour Transit Authority (HTA)" in
# LONG_FORM_CHARS before its acronym; a title noun right after a one-word name in TITLE_AFTER_CHARS
PREMOD_CHARS = 100
APPOS_CHARS = 160
LONG_FORM_CHARS = 120
TITLE_AFTER_CHARS = 40
MIN_NAME_CHARS = 2  # a shorter cleaned name ("A", "'") is tagger noise, not an entity


def _clean(name: str) -> str:
    name = re.sub(r"^(the|The|THE)\s+", "", name.strip())
    name = re.sub(r"(’s|'s|’|')$", "", name)
    return name.strip(" ,.;:")


def _key(name: str) -> str:
    return re.sub(r"\s+", " ", name.replace("’", "'").replace("‘", "'")).strip().lower()


def _initials(name: str) -> str:
    words = re.findall(r"[\w’'-]+", name)
    return "".join(w[0].upper() for w in words if w.lower() not in SMALL_WORDS and w[0].isalpha())


def entity_id(name: str, type_: str) -> str:
    """Stable id: the same canonical name and type always give the same id."""
    return "e-" + hashlib.sha1(f"{type_}|{_key(name)}".encode()).hexdigest()[:10]


@dataclass
class _Group:
    names: Counter = field(default_factory=Counter)
    labels: Counter = field(default_factory=Counter)
    refs: list[tuple[str, Mention]] = field(default_factory=list)  # (article id, mention)


def _sentence_ref(article_id: str, sentences: list[Sentence], index: int) -> SourceRef:
    s = sentences[index]
    return SourceRef(article_id=article_id, sentence=s.text, char_start=s.start, char_end=s.end)


PREMOD_LOWER = (
    "of",
    "public",
    "board",
    "school",
    "union",
    "provincial",
    "federal",
    "state",
    "former",
    "deputy",
    "acting",
    "interim",
    "senior",
    "party",
    "press",
    "campaign",
)
PREMOD = re.compile(r"((?:(?:[A-Z][\w’'.-]*|" + "|".join(PREMOD_LOWER) + "|" + TITLES + r")\s+)+)$")


def _premodifier_role(text: str, start: int) -> str | None:
    """Title words written right before a name: "Harbour Minister of Transport Helen Ward"."""
    m = PREMOD.search(text[max(0, start - PREMOD_CHARS) : start])
    if not m:
        return None
    words = m.group(1).split()
    if not any(w.lower() in TITLE_NOUNS for w in words):
        return None
    while words and words[0].lower() in ("of", "former"):
        words = words[1:]
    while words and words[-1].lower() not in TITLE_NOUNS and words[-1][0].islower():
        words = words[:-1]
    return " ".join(words) or None


def _roles_for(text: str, mention: Mention) -> list[str]:
    roles = []
    pre = _premodifier_role(text, mention.start)
    if pre:
        roles.append(pre)
    after = APPOS_AFTER.match(text[mention.end : mention.end + APPOS_CHARS])
    if after:
        roles.append(after.group(1).strip())
    front = FRONT_APPOS.search(text[max(0, mention.start - APPOS_CHARS) : mention.start])
    if front:
        roles.append(front.group(1).strip())
    return roles


def _long_forms(articles: list[AnnotatedArticle]) -> tuple[dict[str, str], list[tuple[str, int, int]]]:
    """Acronym → long form, from "Harbour Transit Authority (HTA)" in any article,
    and where each such parenthesised acronym is written (article id, start, end)."""
    found: dict[str, str] = {}
    places: list[tuple[str, int, int]] = []
    for annotated in articles:
        text = annotated.article.text
        for m in ACRONYM.finditer(text):
            acronym = m.group(1)
            before = re.findall(r"[\w’'.&-]+", text[max(0, m.start() - LONG_FORM_CHARS) : m.start()])
            for size in range(len(acronym), min(len(before), 3 * len(acronym)) + 1):
                candidate = before[-size:]
                if candidate[0].lower() in SMALL_WORDS:
                    continue
                if _initials(" ".join(candidate)) == acronym.replace("&", ""):
                    found.setdefault(acronym, _clean(" ".join(candidate)))
                    places.append((annotated.article.id, m.start(1), m.end(1)))
                    break
    return found, places


TITLE_AFTER = re.compile(r"\s+(?:" + TITLES + r")\b", re.IGNORECASE)


def _title_words(groups: dict[str, _Group], articles: list[AnnotatedArticle]) -> list[str]:
    """Names that are only ever a common word in a title: the tagger's ORG "Transport" from
    "Transport Minister Helen Ward".  A one-word, non-person name qualifies when every
    mention is followed by a title noun and the story also writes the word in lower case
    ("education workers"); "Ontario Premier …" keeps Ontario, never written "ontario"."""
    texts = {a.article.id: a.article.text for a in articles}
    story = "\n".join(texts.values())
    out = []
    for key, g in groups.items():
        if " " in key or not g.refs or "PERSON" in g.labels:
            continue
        if not all(TITLE_AFTER.match(texts[a][m.end : m.end + TITLE_AFTER_CHARS]) for a, m in g.refs):
            continue
        if re.search(rf"\b{re.escape(key)}\b", story):  # case-sensitive: the lower-case word
            out.append(key)
    return out


def compose_entities(
    articles: list[AnnotatedArticle], duplicate_of: dict[str, str] | None = None
) -> tuple[list[Entity], list[QuoteView]]:
    """Entities resolved across the story's articles, and its quotes with speaker entity ids.

    Articles in ``duplicate_of`` (near-duplicate copies) are left out, as in compose_claims: a
    copy would repeat each quote and inflate mention and role counts.
    """
    duplicate_of = duplicate_of or {}
    articles = [a for a in articles if a.article.id not in duplicate_of]
    groups: dict[str, _Group] = defaultdict(_Group)
    for annotated in articles:
        for mention in annotated.mentions:
            if mention.label not in ENTITY_LABELS:
                continue
            name = _clean(mention.text)
            if len(name) < MIN_NAME_CHARS:
                continue
            g = groups[_key(name)]
            g.names[name] += 1
            g.labels[mention.label] += 1
            g.refs.append((annotated.article.id, mention))

    for key in _title_words(groups, articles):
        del groups[key]

    def label(key: str) -> str:
        labels = groups[key].labels
        return max(labels, key=labels.__getitem__) if labels else "ORG"

    alias_of: dict[str, str] = {}  # key → key of the entity it belongs to

    def root(key: str) -> str:
        while key in alias_of:
            key = alias_of[key]
        return key

    # acronyms; one written only in parentheses still counts as a mention
    long_forms, places = _long_forms(articles)
    by_article = {a.article.id: a for a in articles}
    for article_id, start, end in places:
        acronym = by_article[article_id].article.text[start:end]
        g = groups[_key(acronym)]
        if any(a == article_id and m.start == start for a, m in g.refs):
            continue
        long_key = _key(long_forms[acronym])
        lab = label(long_key) if long_key in groups else "ORG"
        sentences = by_article[article_id].sentences
        index = max(0, bisect.bisect_right([s.start for s in sentences], start) - 1)
        g.names[acronym] += 1
        g.labels[lab] += 1
        g.refs.append((article_id, Mention(start=start, end=end, text=acronym, label=lab, sentence=index)))
    for acronym, long_form in long_forms.items():
        a, long_key = _key(acronym), _key(long_form)
        if a in groups and long_key in groups and a != long_key:
            alias_of[a] = long_key
        elif a in groups and long_key not in groups:
            groups[long_key].names[long_form] += 0
            groups[long_key].labels[label(a)] += 1
            alias_of[a] = long_key
    org_initials: dict[str, list[str]] = defaultdict(list)
    for k in groups:
        if " " in k and k not in alias_of and label(k) == "ORG":
            org_initials[_initials(groups[k].names.most_common(1)[0][0])].append(k)
    for key in list(groups):
        name = groups[key].names.most_common(1)[0][0]
        if key in alias_of or not re.fullmatch(r"[A-Z][A-Z&]{1,9}", name):
            continue
        matches = org_initials.get(name, [])
        if len(matches) == 1:
            alias_of[key] = matches[0]

    # surnames → full names, in the article first, then in the story
    persons = [k for k in groups if label(k) == "PERSON" and k not in alias_of and " " in k]
    people_in: dict[tuple[str, str], set[str]] = defaultdict(set)  # (article, surname) → full names
    by_surname: dict[str, list[str]] = defaultdict(list)
    for k in persons:
        by_surname[k.split()[-1]].append(k)
        for article_id, _ in groups[k].refs:
            people_in[(article_id, k.split()[-1])].add(k)
    surname_article: dict[tuple[str, str], str] = {}
    for key in list(groups):
        if " " in key or key in alias_of:
            continue
        story_matches = by_surname.get(key, [])
        if label(key) != "PERSON" and not story_matches:
            continue
        resolved_all = True
        for article_id, _ in groups[key].refs:
            local = people_in.get((article_id, key), set())
            if len(local) == 1:
                surname_article[(article_id, key)] = next(iter(local))
            elif len(local) == 0 and len(story_matches) == 1:
                surname_article[(article_id, key)] = story_matches[0]
            else:
                resolved_all = False
        if resolved_all and len(story_matches) == 1:
            alias_of[key] = story_matches[0]

    # assemble: each mention goes to its entity
    members: dict[str, list[tuple[str, Mention]]] = defaultdict(list)
    labels: dict[str, Counter] = defaultdict(Counter)
    for key, g in groups.items():
        for article_id, mention in g.refs:
            target = surname_article.get((article_id, key)) if key not in alias_of else root(key)
            target = root(target) if target else root(key)
            members[target].append((article_id, mention))
            labels[target][mention.label] += 1
    texts = {a.article.id: a for a in articles}
    entities: list[Entity] = []
    key_to_id: dict[str, str] = {}
    for key, refs in members.items():
        if not refs:
            continue
        counts = labels[key]
        if "PERSON" in counts and counts["PERSON"] * 2 >= sum(counts.values()):
            type_ = "PERSON"
        else:
            type_ = counts.most_common(1)[0][0]
        full_names = Counter(_clean(m.text) for _, m in refs if _key(_clean(m.text)) == key)
        name = (full_names or groups[key].names).most_common(1)[0][0] if (full_names or groups[key].names) else key
        entity = Entity(id=entity_id(name, type_), name=name, type=type_, mentions=len(refs))
        seen_aliases: set[str] = {_key(name)}
        seen_roles: set[tuple[str, str, int]] = set()
        for article_id, mention in sorted(refs, key=lambda r: (r[0], r[1].start)):
            annotated = texts[article_id]
            alias = _clean(mention.text)
            if _key(alias) not in seen_aliases:
                seen_aliases.add(_key(alias))
                entity.aliases.append(alias)
            if type_ == "PERSON" and annotated.sentences:
                for role in _roles_for(annotated.article.text, mention):
                    marker = (role.lower(), article_id, mention.sentence)
                    if marker in seen_roles:
                        continue
                    seen_roles.add(marker)
                    entity.roles.append(
                        EntityRole(role=role, source=_sentence_ref(article_id, annotated.sentences, mention.sentence))
                    )
        entities.append(entity)
        key_to_id[key] = entity.id
    # every name that was merged points at its entity
    for key in groups:
        target = root(key)
        if target in key_to_id:
            key_to_id.setdefault(key, key_to_id[target])
    by_id = {e.id: e for e in entities}
    entities.sort(key=lambda e: (-e.mentions, e.name))
    listed: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    for key, refs in members.items():
        for article_id, m in refs:
            listed[article_id].append((m.start, m.end, key))
    spans_in = {article_id: _MentionSpans(spans) for article_id, spans in listed.items()}
    quotes = [
        _quote_view(a, q, spans_in, key_to_id, surname_article, by_id, entities) for a in articles for q in a.quotes
    ]
    return entities, quotes


class _MentionSpans:
    """An article's mention spans (start, end, entity key) in their listed order, looked up by position.

    Why: finding the mention under each quote's speaker by scanning every mention made compose
    grow with the square of a long article's size.  Only spans starting within the longest
    mention's length before the speaker can reach it, so a look-up searches those alone.
    """

    def __init__(self, spans: list[tuple[int, int, str]]):
        self.by_start = sorted((start, order, end, key) for order, (start, end, key) in enumerate(spans))
        self.starts = [item[0] for item in self.by_start]
        self.longest = max((end - start for start, end, _ in spans), default=0)

    def first_overlapping(self, start: int, end: int) -> str | None:
        """The key of the first listed span that overlaps [start, end), or None."""
        low = bisect.bisect_right(self.starts, start - self.longest)
        high = bisect.bisect_left(self.starts, end)
        best = None
        for span_start, order, span_end, key in self.by_start[low:high]:
            if span_start < end and start < span_end and (best is None or order < best[0]):
                best = (order, key)
        return best[1] if best else None


def _quote_view(
    annotated: AnnotatedArticle, quote: Quote, spans_in, key_to_id, surname_article, by_id, entities: list[Entity]
) -> QuoteView:
    article_id = annotated.article.id
    speaker: str | None = None
    if quote.speaker_start is not None:
        # the entity whose mention the speaker's name is
        spans = spans_in.get(article_id)
        key = spans.first_overlapping(quote.speaker_start, quote.speaker_end) if spans else None
        if key is not None:
            speaker = key_to_id.get(key)
    if speaker is None and quote.speaker_name:
        key = _key(_clean(quote.speaker_name))
        target = surname_article.get((article_id, key))
        speaker = key_to_id.get(target) if target else key_to_id.get(key)
    if speaker is None and quote.speaker_name is None and quote.source_start is not None:
        # "the union said": the one organisation of the story that is called that
        words = re.findall(r"[A-Za-z]+", annotated.article.text[quote.source_start : quote.source_end])
        if len(words) == 2 and words[0].lower() == "the":
            noun = words[1].lower()
            matches = [
                e for e in entities if e.type == "ORG" and noun in {w.lower() for w in re.findall(r"[A-Za-z]+", e.name)}
            ]
            if len(matches) == 1:
                speaker = matches[0].id
    entity = by_id.get(speaker) if speaker else None
    return QuoteView(
        text=quote.text,
        speaker=speaker,
        speaker_name=entity.name if entity else quote.speaker_name,
        article_id=article_id,
        char_start=quote.start,
        char_end=quote.end,
    )
