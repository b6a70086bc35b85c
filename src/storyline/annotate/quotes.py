"""Direct quotations and who said them, read from the spaCy parse the annotate stage made.

Two steps.  ``quote_spans`` finds the quoted text with plain string rules (straight or
curly marks, a quote that runs on over paragraph breaks by re-opening each paragraph,
partial quotes inside a sentence).  ``find_quotes`` then looks for the speech cue
("said", "told", "according to", "the statement read" …) outside the quotation in the
sentences around it and takes its subject as the speaker.  Pronouns go to the nearest
earlier person (or organisation for "it"/"they"), common nouns ("the union", "the
minister") to the nearest earlier name they describe, documents ("the statement") to
whoever issued them.  A quote without a cue inherits the speaker of the quote before it
in the same paragraph, or of the speech verb that closes the paragraph before it (news
style: "Marsh told reporters …" then the quote).  When none of this applies the speaker
stays ``None``: storyline never guesses.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from spacy.attrs import IDX
from spacy.tokens import Doc, Span, Token

from storyline.annotate.names import gender_of_first_name, gender_of_title
from storyline.annotate.nlp import PARAGRAPH_START, climb, text_of
from storyline.model import Quote, Sentence

OPENERS = "“„«"  # and Penn Treebank ``
CLOSERS = "”»"
STRAIGHT = '"'
MARKS = OPENERS + CLOSERS + STRAIGHT
#: the characters at which ``quote_spans`` may do something: a mark, a line break, a backtick or an apostrophe
_QUOTE_EVENT = re.compile("[" + re.escape(MARKS + "\n`'") + "]")

#: lemmas of verbs that report speech (or writing) and take the speaker as subject.
SPEECH_VERBS = frozenset(
    """say tell add state write explain note argue claim insist urge warn ask reply respond
    answer announce declare suggest acknowledge admit comment continue recall describe call
    downplay read tweet post testify conclude predict promise boast complain joke quip concede
    deny stress emphasize emphasise observe remark report shout yell whisper mutter tout vow
    pledge assert contend maintain counter retort lament caution agree criticize criticise
    blast slam praise charge allege accuse recount confirm reiterate echo mention wonder
    quote cite inform instruct order demand plead told scold sing chant brand label dub
    characterize characterise hail mock thank laud proclaim exclaim recite speak chide
    lecture rebut reason rail fume grumble gush muse marvel scoff snap sigh relate opine interject
    holler scream bemoan""".split()
)
#: nouns for texts whose author is the real speaker ("the statement read").
DOCUMENT_NOUNS = frozenset(
    "statement release letter document memo email e-mail note report tweet post filing "
    "notice message bulletin advisory communique communiqué".split()
)
PERSON_PRONOUNS = {"he": "m", "she": "f", "him": "m", "her": "f"}
RELATIVE_PRONOUNS = frozenset({"who", "that", "which", "whom"})
#: how many earlier people a "he"/"she" may skip when their gender does not agree.
MAX_PRONOUN_LOOKBACK = 4
GROUP_PRONOUNS = frozenset({"it", "they", "we"})
SPEAKER_LABELS = frozenset({"PERSON", "ORG", "NORP", "GPE"})
#: quotes longer than this many characters without a closing mark are treated as noise.
MAX_QUOTE_CHARS = 5000


@dataclass
class _Span:
    start: int
    end: int


def _is_space(ch: str) -> bool:
    return ch.isspace() or ch == ""


def quote_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the quoted words (marks excluded), in text order.

    A quotation left open at a paragraph end continues when the next paragraph starts
    with an opening mark (the news convention); otherwise it is dropped as unbalanced.
    """
    spans: list[tuple[int, int]] = []
    open_at: int | None = None
    i, n = 0, len(text)
    while i < n:
        found = _QUOTE_EVENT.search(text, i)  # any other character would only be stepped over
        if found is None:
            break
        i = found.start()
        ch = text[i]
        if ch == "\n" and open_at is not None:
            j = i
            while j < n and text[j].isspace():
                j += 1
            if j < n and (text[j] in OPENERS + STRAIGHT or text[j : j + 2] == "``") and "\n" in text[i:j]:
                i = j + (2 if text[j : j + 2] == "``" else 1)  # the quote runs on into the next paragraph
                continue
            open_at = None  # unbalanced: forget it
            i += 1
            continue
        if ch not in MARKS:
            pair = text[i : i + 2]
            if pair == "``" and open_at is None:  # Penn Treebank style: ``quote''
                open_at = i + 2
                i += 2
                continue
            if pair == "''" and open_at is not None:
                _close(text, open_at, i, spans)
                open_at = None
                i += 2
                continue
            i += 1
            continue
        prev = text[i - 1] if i > 0 else ""
        nxt = text[i + 1] if i + 1 < n else ""
        left_flank = (_is_space(prev) or prev in "([{—–-/" or prev in OPENERS) and not _is_space(nxt)
        right_flank = not _is_space(prev) and (_is_space(nxt) or nxt in ".,;:!?)]}—–-" or nxt in CLOSERS)
        if left_flank and not right_flank:
            opener = True
        elif right_flank and not left_flank:
            opener = False
        elif ch in OPENERS:
            opener = True
        elif ch in CLOSERS:
            opener = False
        else:
            opener = open_at is None
        if opener:
            if open_at is None:
                open_at = i + 1
        elif open_at is not None:
            _close(text, open_at, i, spans)
            open_at = None
        i += 1
    return spans


def _close(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start and end - start <= MAX_QUOTE_CHARS:
        spans.append((start, end))


def _looks_like_title(text: str) -> bool:
    """Short all-capitalised quoted names ("Fox News Sunday", "Shark Tank") are titles."""
    words = re.findall(r"[\w’']+", text)
    if not words or len(words) > 5:
        return False
    content = [w for w in words if w.lower() not in {"of", "the", "a", "an", "and", "in", "on", "for", "to"}]
    return bool(content) and all(w[0].isupper() or w[0].isdigit() for w in content)


class _DocIndex:
    """Char → token and char → paragraph lookups for one Doc."""

    def __init__(self, doc: Doc, sentences: list[Sentence]):
        self.doc = doc
        self.starts = doc.to_array(IDX).tolist()
        self.sents = list(doc.sents)
        self.sent_starts = [s.start_char for s in self.sents]
        self.our_starts = [s.start for s in sentences]
        self.sentences = sentences
        self.ents = doc.ents  # spaCy builds the tuple of spans afresh on every access
        self.ent_of: dict[int, Span] = {i: ent for ent in self.ents for i in range(ent.start, ent.end)}
        self.text = text = text_of(doc)
        self.para_starts = [0] + [m.end() for m in PARAGRAPH_START.finditer(text)]

    def token_at(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.starts, char) - 1)

    def sent_at(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.sent_starts, char) - 1)

    def our_sentence(self, char: int) -> int:
        return max(0, bisect.bisect_right(self.our_starts, char) - 1)

    def paragraph(self, char: int) -> int:
        return bisect.bisect_right(self.para_starts, char) - 1


@dataclass
class _Speaker:
    """Where the speaker is named near the quote, and the name it resolves to."""

    source: tuple[int, int]  # the words that name the speaker here ("she", "the union")
    name: str | None
    name_span: tuple[int, int] | None
    cue: str
    cue_char: int


def _name_span(tok: Token, index: _DocIndex) -> tuple[int, int]:
    """The phrase a subject token stands for: its named entity, or the noun phrase."""
    ent = index.ent_of.get(tok.i)
    if ent is not None:
        return _strip_det(ent)
    left = tok
    for child in tok.lefts:
        if child.dep_ in ("det", "compound", "amod", "poss", "nummod", "nmod") and child.i < left.i:
            left = child
            break
    span = tok.doc[left.left_edge.i if left is not tok else tok.i : tok.i + 1]
    return span.start_char, span.end_char


def _strip_det(span: Span) -> tuple[int, int]:
    if len(span) > 1 and span[0].lower_ in ("the", "a", "an"):
        span = span[1:]
    while len(span) > 1 and span[-1].tag_ == "POS" or (len(span) > 1 and span[-1].text in ("’s", "'s")):
        span = span[:-1]
    return span.start_char, span.end_char


def _subject_of(verb: Token, quoted: set[int]) -> Token | None:
    """The verb's speaker: its subject, climbing to the governing verb when it has none."""
    if verb.lower_ == "according":
        for child in verb.children:
            if child.dep_ == "prep" and child.lower_ == "to":
                for obj in child.children:
                    if obj.dep_ == "pobj" and obj.i not in quoted:
                        return obj
        return None
    current: Token | None = verb
    for _ in range(4):
        if current is None:
            break
        for child in current.children:
            if child.dep_ in ("nsubj", "nsubjpass") and child.i not in quoted:
                return child
        if current.dep_ == "relcl" and current.head.i not in quoted:
            return current.head
        if current.dep_ in ("advcl", "xcomp", "conj", "pcomp", "acl", "prep") and current.head.i != current.i:
            current = current.head
        elif current.pos_ == "NOUN" and current.dep_ == "dobj" and current.lemma_.lower() in DOCUMENT_NOUNS:
            current = current.head  # "issued a statement saying …": the issuer speaks
        else:
            break
    # inverted order without a parsed subject: "…," said Okonjo. / "…," read the statement.
    for child in verb.rights:
        if child.dep_ in ("dobj", "attr", "npadvmod", "appos", "nsubj") and child.i not in quoted:
            if (
                child.pos_ == "PROPN"
                or child.ent_type_ in SPEAKER_LABELS
                or (child.pos_ == "NOUN" and child.lemma_.lower() in DOCUMENT_NOUNS)
            ):
                return child
    return _name_left_of(verb, quoted)


def _name_left_of(verb: Token, quoted: set[int]) -> Token | None:
    """A name written just before a cue the parser left without a subject:
    "Rep. Paul Ryan (R-WI) said “…”" (a parenthesis in between is skipped)."""
    doc = verb.doc
    i, depth = verb.i - 1, 0
    while i >= 0 and verb.i - i <= 12:
        tok = doc[i]
        if tok.i in quoted or tok.is_sent_end and tok.i != verb.i - 1:
            return None
        if tok.text == ")":
            depth += 1
        elif tok.text == "(":
            depth -= 1
        elif depth == 0:
            if tok.ent_type_ in ("PERSON", "ORG") and tok.pos_ == "PROPN":
                return tok
            return None
        i -= 1
    return None


class _Resolver:
    """Turns the words naming a speaker into a name, looking back through the article."""

    def __init__(self, index: _DocIndex, quoted: set[int]):
        self.index = index
        self.quoted = quoted
        self.named = [
            ent for ent in index.ents if ent.label_ in SPEAKER_LABELS and ent[0].i not in quoted and ent.text.strip()
        ]
        self.named_starts = [ent.start for ent in self.named]
        self._genders: dict[str, str | None] | None = None

    def gender(self, ent: Span) -> str | None:
        """The person's gender when the article makes it plain, else None."""
        own = _gender_evidence(ent)
        if own is not None:
            return own
        if self._genders is None:
            seen: dict[str, set[str]] = {}
            for other in self.named:
                if other.label_ == "PERSON":
                    g = _gender_evidence(other)
                    if g is not None:
                        seen.setdefault(other[-1].lower_, set()).add(g)
            self._genders = {k: next(iter(v)) if len(v) == 1 else None for k, v in seen.items()}
        return self._genders.get(ent[-1].lower_)

    def _before(self, tok_i: int, labels: frozenset[str], limit: int) -> list[Span]:
        """The ``limit`` nearest entities with one of ``labels`` that start before token ``tok_i``, nearest
        first; the walk back stops there, so a long document costs no more per look-up than a short one."""
        found: list[Span] = []
        for j in range(bisect.bisect_left(self.named_starts, tok_i) - 1, -1, -1):
            if len(found) == limit:
                break
            if self.named[j].label_ in labels:
                found.append(self.named[j])
        return found

    def _describes(self, ent: Span, noun: str) -> bool:
        """Does ``noun`` ("union", "minister") name this entity or a title written beside it?"""
        if noun in ent.text.lower():
            return True
        doc = ent.doc
        window = doc[max(0, ent.start - 5) : ent.start]
        if any(t.lower_ == noun or t.lemma_.lower() == noun for t in window):
            return True
        for t in ent:
            for child in t.children:
                if child.dep_ == "appos" and child.i not in range(ent.start, ent.end):
                    if any(x.lower_ == noun or x.lemma_.lower() == noun for x in child.subtree):
                        return True
        return False

    def resolve(self, tok: Token) -> tuple[str | None, tuple[int, int] | None]:
        ent = self.index.ent_of.get(tok.i)
        if ent is not None and ent.label_ in SPEAKER_LABELS:
            s, e = _strip_det(ent)
            return self.index.text[s:e], (s, e)
        lower = tok.lower_
        if lower in RELATIVE_PRONOUNS and tok.head.dep_ == "relcl" and tok.head.head.i not in self.quoted:
            head = tok.head.head  # "Clinton, who said …" / "a statement that said …"
            head_ent = self.index.ent_of.get(head.i)
            named = head_ent.label_ in ("PERSON", "ORG") if head_ent is not None else head.pos_ == "PROPN"
            if head.i != tok.i and named:  # a common noun ("a candidate who …") is too loose to follow
                return self.resolve(head)
            return None, None
        if lower in PERSON_PRONOUNS:
            for cand in self._before(tok.i, frozenset({"PERSON"}), MAX_PRONOUN_LOOKBACK):
                if self.gender(cand) not in (None, PERSON_PRONOUNS[lower]):
                    continue  # "she" is not Donald Trump
                s, e = _strip_det(cand)
                return self.index.text[s:e], (s, e)
            return None, None
        if lower in GROUP_PRONOUNS:
            sent_floor = self.index.sents[self.index.sent_at(tok.idx)].start
            earlier = self.index.sent_at(self.index.sents[max(0, self.index.sent_at(tok.idx) - 1)].start_char)
            floor = min(sent_floor, self.index.sents[earlier].start)
            for cand in self._before(tok.i, frozenset({"ORG"}), 1):
                if cand.start >= floor:
                    s, e = _strip_det(cand)
                    return self.index.text[s:e], (s, e)
            return None, None
        if tok.pos_ == "PROPN":
            span = _name_span(tok, self.index)
            return self.index.text[span[0] : span[1]], span
        if tok.pos_ == "NOUN":
            noun = tok.lemma_.lower()
            if noun in DOCUMENT_NOUNS:
                return self._author_of(tok, noun)
            for cand in self._before(tok.i, frozenset({"PERSON", "ORG"}), 12):
                if self._describes(cand, noun):
                    s, e = _strip_det(cand)
                    return self.index.text[s:e], (s, e)
        return None, None

    def _author_of(self, tok: Token, noun: str) -> tuple[str | None, tuple[int, int] | None]:
        """The issuer of "the statement": the subject of the recent sentence that mentions it."""
        here = self.index.sent_at(tok.idx)
        for k in range(here - 1, max(-1, here - 4), -1):
            sent = self.index.sents[k]
            if not any(t.lemma_.lower() == noun for t in sent):
                continue
            for t in sent:
                if t.dep_ in ("nsubj", "nsubjpass") and t.i not in self.quoted:
                    ent = self.index.ent_of.get(t.i)
                    if ent is not None and ent.label_ in ("PERSON", "ORG"):
                        s, e = _strip_det(ent)
                        return self.index.text[s:e], (s, e)
        return None, None


def _gender_evidence(ent: Span) -> str | None:
    """Gender from this one mention: its title ("Mrs. Rao", "Congressman Diaz") or first name."""
    doc = ent.doc
    words = [t for t in ent if not t.is_punct]
    if ent.start > 0:
        before = doc[ent.start - 1]
        if before.text == "." and ent.start > 1:
            before = doc[ent.start - 2]
        g = gender_of_title(before.text)
        if g is not None:
            return g
    for k, t in enumerate(words[:-1]):
        g = gender_of_title(t.text)
        if g is not None:
            return g
        g = gender_of_first_name(t.text)
        if g is not None:
            return g
        if k >= 2:
            break
    return None


def _cue_tokens(tokens: list[Token], quoted: set[int]) -> list[Token]:
    cues = []
    for t in tokens:
        if t.i in quoted:
            continue
        lemma = t.lemma_.lower()
        if lemma in SPEECH_VERBS and t.pos_ in ("VERB", "AUX"):
            cues.append(t)
        elif t.lower_ == "according" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].lower_ == "to":
            cues.append(t)
    return cues


def _speaker_near(start: int, end: int, index: _DocIndex, quoted: set[int], resolver: _Resolver) -> _Speaker | None:
    """Speaker from a cue in the sentence(s) the quote sits in."""
    dash = _dash_speaker(end, index, resolver)
    if dash is not None:
        return dash
    first, last = index.sent_at(start), index.sent_at(max(start, end - 1))
    para = index.paragraph(start), index.paragraph(max(start, end - 1))
    tokens = [t for k in range(first, last + 1) for t in index.sents[k]]
    cues = _cue_tokens(tokens, quoted)
    # a cue split off into its own sentence: "…” she said."
    if not cues and last + 1 < len(index.sents):
        nxt = index.sents[last + 1]
        gap = index.text[end : nxt.start_char]
        if index.paragraph(nxt.start_char) == para[1] and len(gap) <= 3 and nxt[0].text not in MARKS:
            cues = [t for t in _cue_tokens(list(nxt[:5]), quoted)]
    if not cues:
        return (
            _colon_speaker(start, index, quoted, resolver)
            or _inverted_speaker(end, index, quoted, resolver)
            or _governor_speaker(start, index, quoted, resolver)
        )
    q_tok = index.token_at(start)
    q_end_tok = index.token_at(max(start, end - 1))

    def distance(t: Token) -> tuple[int, int]:
        if t.i > q_end_tok:
            return (t.i - q_end_tok, 0)
        return (q_tok - t.i, 1)

    for cue in sorted(cues, key=distance):
        subject = _subject_of(cue, quoted)
        if subject is None:
            continue
        source = _name_span(subject, index) if subject.pos_ != "PRON" else (subject.idx, subject.idx + len(subject))
        name, name_span = resolver.resolve(subject)
        return _Speaker(source=source, name=name, name_span=name_span, cue=cue.text, cue_char=cue.idx)
    return None


def _colon_speaker(start: int, index: _DocIndex, quoted: set[int], resolver: _Resolver) -> _Speaker | None:
    """A quote introduced by a colon: "She then addressed the crowd: “…”" → the clause's subject."""
    text = index.text
    base = max(0, start - 8)
    before = text[base:start].rstrip(MARKS + " \t\n")
    if not before.endswith(":") or text[base + len(before) : start].count("\n") > 2:
        return None
    colon = index.doc[index.token_at(base + len(before) - 1)]
    if colon.text != ":" or colon.i in quoted:
        return None
    header = _header_name(colon, index, quoted)
    if header is not None:
        s, e = _strip_det(header)
        return _Speaker(source=(s, e), name=text[s:e], name_span=(s, e), cue=":", cue_char=colon.idx)
    node = climb(colon.head, lambda n: n.dep_ != "ROOT")
    for child in node.children:
        if child.dep_ in ("nsubj", "nsubjpass") and child.i not in quoted and child.i < colon.i:
            name, name_span = resolver.resolve(child)
            source = _name_span(child, index) if child.pos_ != "PRON" else (child.idx, child.idx + len(child))
            return _Speaker(source=source, name=name, name_span=name_span, cue=":", cue_char=colon.idx)
    return None


def _is_speech_word(tok: Token) -> bool:
    """ "Stated", "Continued", "said" — also when the tagger took it for part of a name."""
    lower = tok.lower_
    if tok.lemma_.lower() in SPEECH_VERBS or lower in ("said", "told", "wrote"):
        return True
    return lower.endswith("ed") and (lower[:-1] in SPEECH_VERBS or lower[:-2] in SPEECH_VERBS)


def _header_name(colon: Token, index: _DocIndex, quoted: set[int]) -> Span | None:
    """A name set before the colon as a label: "Stated Stone:", "… - Pew Research:",
    or a name alone at the start of its sentence ("Michael Reyes: “…”")."""
    doc = index.doc
    if colon.i == 0:
        return None
    ent = index.ent_of.get(colon.i - 1)
    if ent is None or ent.label_ not in ("PERSON", "ORG") or ent.end != colon.i:
        return None
    if any(t.i in quoted for t in ent):
        return None
    sent_start = index.sents[index.sent_at(ent.start_char)].start
    lead = [t for t in doc[sent_start : ent.start] if not t.is_space]
    if len(ent) > 1 and _is_speech_word(ent[0]):
        lead.append(ent[0])  # the tagger read "Continued Stone" as one name
        ent = ent[1:]
    if not lead or lead[-1].text in ("-", "–", "—", "―"):
        return ent
    if len(lead) == 1 and _is_speech_word(lead[0]):
        return ent  # "Continued Stone:"
    return None


def _governor_speaker(start: int, index: _DocIndex, quoted: set[int], resolver: _Resolver) -> _Speaker | None:
    """A partial quote inside a sentence with no speech verb goes to the subject of the verb
    it belongs to: "Clinton opposes “arbitrary pay freezes”", "Beck called him “a …”"."""
    doc = index.doc
    first = doc[index.token_at(start)]
    sent = index.sents[index.sent_at(start)]
    if first.i <= sent.start + 1 or index.text[max(0, start - 3) : start].rstrip(MARKS + " ").endswith(":"):
        return None  # a quote that opens its sentence is not a partial quote
    tok = first
    for _ in range(12):
        if tok.i not in quoted or tok.head.i == tok.i:
            break
        tok = tok.head
    if tok.i in quoted:
        return None
    for _ in range(4):
        if tok.pos_ in ("VERB", "AUX") or tok.head.i == tok.i:
            break
        tok = tok.head
    if tok.pos_ != "VERB" or tok.i in quoted or tok.lemma_.lower() == "be":
        return None  # "X is “the best”" describes X, it does not quote X
    subject = _subject_of(tok, quoted)
    if subject is None:
        return None
    ent = index.ent_of.get(subject.i)
    if subject.pos_ == "PRON":
        if subject.lower_ not in PERSON_PRONOUNS and subject.lower_ not in ("they", "we", "who"):
            return None
    elif ent is None or ent.label_ not in ("PERSON", "ORG", "NORP"):
        return None  # only people, bodies, groups and pronouns: "the sign read “closed”" has no speaker
    name, name_span = resolver.resolve(subject)
    if name is None:
        return None
    source = _name_span(subject, index) if subject.pos_ != "PRON" else (subject.idx, subject.idx + len(subject))
    return _Speaker(source=source, name=name, name_span=name_span, cue=tok.text, cue_char=tok.idx)


def _inverted_speaker(end: int, index: _DocIndex, quoted: set[int], resolver: _Resolver) -> _Speaker | None:
    """Any verb right after the quote with a name behind it: "“This is fantastic!” beamed Ann Lee"."""
    text = index.text
    gap = re.match(r"[\s,.!?" + re.escape(MARKS) + r"]*", text[end : end + 6])
    at = end + (gap.end() if gap else 0)
    verb = index.doc[index.token_at(at)]
    if verb.idx != at or verb.pos_ != "VERB" or verb.i + 1 >= len(index.doc) or verb.i in quoted:
        return None
    subject = index.doc[verb.i + 1]
    if subject.ent_type_ != "PERSON" or subject.head.i != verb.i and subject.head.head.i != verb.i:
        return None
    name, name_span = resolver.resolve(subject)
    if name is None:
        return None
    return _Speaker(
        source=name_span or (subject.idx, subject.idx + len(subject)),
        name=name,
        name_span=name_span,
        cue=verb.text,
        cue_char=verb.idx,
    )


def _depth(tok: Token) -> int:
    """How deep a verb sits in its sentence: main-clause cues come before embedded ones."""
    depth = 0
    while tok.head.i != tok.i and depth < 20:
        tok = tok.head
        depth += 1
    return depth


def _dash_speaker(end: int, index: _DocIndex, resolver: _Resolver) -> _Speaker | None:
    """A name set after the quote with a dash: "“…” ― Pamela Padilla"."""
    text = index.text
    m = re.match(r"[\s,.]*[―—–-]+\s*", text[end + 1 : end + 12])
    if not m:
        return None
    at = end + 1 + m.end()
    tok = index.doc[index.token_at(at)]
    if tok.idx != at or not (tok.pos_ == "PROPN" or tok.ent_type_ in ("PERSON", "ORG")):
        return None
    name, name_span = resolver.resolve(tok)
    if name is None:
        return None
    return _Speaker(
        source=name_span or (tok.idx, tok.idx + len(tok)),
        name=name,
        name_span=name_span,
        cue=m.group().strip(),
        cue_char=end + 1,
    )


def _speaker_before(start: int, index: _DocIndex, quoted: set[int], resolver: _Resolver) -> _Speaker | None:
    """Speaker set up by the sentence just before the quote, in its paragraph or closing the
    previous one ("… said in a statement that …" then the quote)."""
    k = index.sent_at(start) - 1
    if k < 0:
        return None
    sent = index.sents[k]
    if index.paragraph(sent.start_char) == index.paragraph(start) - 1:
        if not _starts_paragraph(index.text, start, index):
            return None
    elif index.paragraph(sent.start_char) != index.paragraph(start):
        return None
    for cue in sorted(_cue_tokens(list(sent), quoted), key=lambda t: (_depth(t), -t.i)):
        subject = _subject_of(cue, quoted)
        if subject is None:
            continue
        name, name_span = resolver.resolve(subject)
        if name is None:
            continue
        source = _name_span(subject, index) if subject.pos_ != "PRON" else (subject.idx, subject.idx + len(subject))
        return _Speaker(source=source, name=name, name_span=name_span, cue=cue.text, cue_char=cue.idx)
    return None


def find_quotes(doc: Doc, sentences: list[Sentence]) -> list[Quote]:
    """Direct quotations in ``doc`` with their speakers (``speaker_name`` None when unknown)."""
    text = text_of(doc)
    every = quote_spans(text)
    spans = [(s, e) for s, e in every if not _looks_like_title(text[s:e])]
    if not spans:
        return []
    index = _DocIndex(doc, sentences)
    quoted: set[int] = set()
    for s, e in every:
        quoted.update(range(index.token_at(s), index.token_at(e - 1) + 1))
    resolver = _Resolver(index, quoted)
    found: list[tuple[int, int, _Speaker | None]] = []
    for s, e in spans:
        found.append((s, e, _speaker_near(s, e, index, quoted, resolver)))
    # quotes without a cue of their own
    for k, (s, e, speaker) in enumerate(found):
        if speaker is not None:
            continue
        para = index.paragraph(s)
        inherited = None
        if k > 0 and index.paragraph(found[k - 1][1] - 1) == para and found[k - 1][2] is not None:
            inherited = found[k - 1][2]
        elif (
            k + 1 < len(found)
            and index.paragraph(found[k + 1][0]) == index.paragraph(e - 1)
            and found[k + 1][2] is not None
            and _only_quote_between(text, e, found[k + 1][0])
        ):
            inherited = found[k + 1][2]
        else:
            inherited = _speaker_before(s, index, quoted, resolver)
            if (
                inherited is None
                and _starts_paragraph(text, s, index)
                and k > 0
                and found[k - 1][2] is not None
                and index.paragraph(found[k - 1][1] - 1) == para - 1
                and _ends_paragraph(text, found[k - 1][1], index)
            ):
                inherited = found[k - 1][2]
        if inherited is not None:
            found[k] = (s, e, inherited)
    quotes = []
    for s, e, speaker in found:
        quote = Quote(start=s, end=e, text=text[s:e], sentence=index.our_sentence(s))
        if speaker is not None:
            quote.cue = speaker.cue
            quote.source_start, quote.source_end = speaker.source
            if speaker.name is not None and speaker.name_span is not None:
                quote.speaker_name = speaker.name
                quote.speaker_start, quote.speaker_end = speaker.name_span
        quotes.append(quote)
    return quotes


def _starts_paragraph(text: str, start: int, index: _DocIndex) -> bool:
    para_start = index.para_starts[index.paragraph(start)]
    return not text[para_start:start].strip(MARKS + " \t\n")


def _ends_paragraph(text: str, end: int, index: _DocIndex) -> bool:
    nxt = text.find("\n", end)
    tail = text[end : nxt if nxt >= 0 else len(text)]
    return not tail.strip(MARKS + " \t.")


def _only_quote_between(text: str, end: int, start: int) -> bool:
    """Two quotes side by side with nothing but punctuation between them."""
    return not re.sub(r"[\s" + re.escape(MARKS) + r".,;:!?—–-]", "", text[end:start])
