"""Names → records within one game, and the references a book's text makes to its own terms.

Every section and glossary entry is findable by each name ``names.names_of`` derives from
its heading (title, qualifier, short form, components, singular/plural, any case, the
bracket form). When two records claim a name, the better kind of name wins (a title over a
component), then the record a reader means by a bare name: a keyword or term definition
before a section, then the earlier one.

Books mark the terms they refer to: emphasis (``*Magnetized*``, ``**Fix action**``), the
bracket form of a keyword (``[Knell/10]``), a quoted name (the section "Setup", See
"Tactics" on page 21). Each such mark that names a record of the same game becomes a link;
marks naming nothing are only emphasis. A quoted reference introduced by "see" or naming
"the section …" that resolves to nothing is reported. Plain, unmarked mentions of a term
are not linked (a book uses "draw" or "destroy" in every other sentence).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from codex.corpus.names import RANK, initialisms, lookup_key, names_of
from codex.corpus.ruleset import Paragraph, RuleEntry, RuleSection, Ruleset

KIND_RANK = {"keyword": 0, "term": 1, "status": 2, "section": 3, "ruling": 4}
_BRACKET = re.compile(r"\[\s*([^\[\]]{1,40}?)\s*\]")
_QUOTED = re.compile(r"[“\"]([^“”\"]{2,40})[”\"]")
_SEE = re.compile(r"\b(?:see|section|sections)\b[^.]{0,12}$", re.I)
# A book naming a term where it explains it: is referred to as the "stack", an area of
# effect or "AoE", (usually shortened to DT), known as / called "…".
_DEFINES = re.compile(
    r"(?:referred to as|known as|called|shortened to)\s+(?:the\s+|an?\s+)?"
    r"(?:[“\"](?P<quoted>[^”\"]{2,30})[”\"]|(?P<caps>[A-Z][A-Za-z]?[A-Z]{1,3})\b)"
    r"|\bor\s+[“\"](?P<abbr>[A-Z][A-Za-z]?[A-Z]{1,3})[”\"]")
_CAPS_WORD = re.compile(r"\b[A-Z][A-Za-z]?[A-Z]{1,3}\b")      # HP, CC, AoE
# a gloss is another name: not an aside ("see below", "unless stated otherwise")
_NOT_A_NAME = frozenset({"see", "unless", "e", "i", "eg", "ie", "for", "which", "who", "and",
                         "or", "not", "only", "as", "if", "when", "like", "such", "including",
                         "except", "also", "so", "to", "on", "in", "at", "by", "with"})
MAX_REF_WORDS = 5


@dataclass(frozen=True)
class Alias:
    name: str           # lookup key (folded)
    record_id: str
    kind: str           # title | qualifier | short | component


@dataclass(frozen=True)
class Link:
    source_id: str
    position: int
    target_text: str
    target_id: str
    form: str           # emphasis | bracket | quote


class GameAliases:
    """The best record for every name of one game's records.

    Besides the names each heading gives (``names.names_of``), a record is found by the
    names the book gives it itself: an initialism the book writes (``HP`` for Health
    Points, ``AoE``), a term its text defines ("referred to as the “stack”", "an area of
    effect or “AoE”"), and an italic gloss after a name of it ("your graveyard (*discard
    pile*)")."""

    def __init__(self, sections: Iterable[RuleSection], entries: Iterable[RuleEntry]) -> None:
        sections, entries = list(sections), list(entries)
        self._claims: dict[str, tuple[tuple, str, str]] = {}
        records = [(s.id, "section", s.title, s.qualifier, s.position) for s in sections]
        records += [(e.id, e.kind, e.title, e.qualifier, e.position) for e in entries
                    if e.kind != "ruling"]
        kinds = {rid: kind for rid, kind, *_rest in records}
        positions = {rid: pos for rid, _k, _t, _q, pos in records}
        extra = {e.id: e.keyword_name for e in entries if e.keyword_name}
        paragraphs = [(e.id, e.paragraphs) for e in entries if e.kind != "ruling"]
        paragraphs += [(s.id, [p for p in s.paragraphs if not p.entry]) for s in sections]
        abbreviated = _initialisms_used([p for _rid, ps in paragraphs for p in ps],
                                        [(rid, title) for rid, _k, title, _q, _p in records])
        for record_id, kind, title, qualifier, position in records:
            names = names_of(title, qualifier)
            if record_id in extra:      # "Pitch Effects" is also what [Pitch] names
                names += [(n, "short") for n, _k in names_of(extra[record_id], None)]
            names += [(n, "short") for n, rid in abbreviated.items() if rid == record_id]
            for name, name_kind in names:
                self._claim(name, record_id, name_kind, KIND_RANK.get(kind, 9), position)
        self._by_name = {n: rid for n, (_key, rid, _k) in self._claims.items()}
        for record_id, ps in paragraphs:            # the book's own definitions
            for p in ps:
                for name in _defined(p):
                    self._claim(lookup_key(name), record_id, "defined",
                                KIND_RANK.get(kinds.get(record_id, ""), 9),
                                positions.get(record_id, 0))
                for name, gloss in _glosses(p):
                    target = self._by_name.get(lookup_key(name))
                    if target is not None:
                        self._claim(lookup_key(gloss), target, "defined",
                                    KIND_RANK.get(kinds.get(target, ""), 9),
                                    positions.get(target, 0))
        self.aliases = [Alias(n, rid, k) for n, (_key, rid, k) in self._claims.items()]
        self._by_name = {a.name: a for a in self.aliases}

    def _claim(self, name: str, record_id: str, name_kind: str, kind_rank: int,
               position: int) -> None:
        if not name:
            return
        key = (RANK[name_kind], kind_rank, position)
        if name not in self._claims or key < self._claims[name][0]:
            self._claims[name] = (key, record_id, name_kind)

    def resolve(self, name: str, components: bool = True) -> str | None:
        """The record a name refers to (any case, number, bracket form), or None;
        ``components=False`` refuses a name that is only part of a joined heading."""
        key = lookup_key(name)
        alias = self._by_name.get(key) or self._by_name.get(re.sub(r"^(?:the|an?)\s+", "", key))
        if alias is None or (not components and alias.kind == "component"):
            return None
        return alias.record_id


def find_links(rs: Ruleset, aliases: GameAliases) -> tuple[list[Link], list[str]]:
    """Links from every paragraph's marked references; and unresolved "see" references."""
    links: list[Link] = []
    unresolved: list[str] = []
    seen: set[tuple[str, str]] = set()
    counters: dict[str, int] = {}
    entry_parent = {e.id: e.parent_id for e in rs.entries}
    owners = [(e.id, e.paragraphs, e.parent_id) for e in rs.entries]
    owners += [(s.id, [p for p in s.paragraphs if not p.entry], s.id) for s in rs.sections]
    for source, paragraphs, section_id in owners:
        for p in paragraphs:
            if p.kind == "name":
                continue
            for text, form, before in _marks(p):
                words = text.split()
                if not words or len(words) > MAX_REF_WORDS:
                    continue
                if form == "quote" and (not text[:1].isupper() or text.endswith(":")):
                    continue                 # a quoted phrase or card text, not a name
                target = aliases.resolve(text, components=form != "quote")
                if target is None:
                    if form == "quote" and _SEE.search(before):
                        unresolved.append(f"{section_id} (line {p.line}): “{text}”")
                    continue
                if target in (source, entry_parent.get(source)) or (source, target) in seen:
                    continue
                seen.add((source, target))
                n = counters.get(source, 0)
                counters[source] = n + 1
                links.append(Link(source, n, text, target, form))
    return links, unresolved


def _marks(p: Paragraph) -> list[tuple[str, str, str]]:
    """Marked references of a paragraph as ``(text, form, text before it)``, in order."""
    out: list[tuple[int, str, str, str]] = []
    for s in p.spans:
        text = p.text[s.start:s.end].strip(" .,:;()")
        out.append((s.start, text, "emphasis", p.text[:s.start]))
    for m in _BRACKET.finditer(p.text):
        out.append((m.start(), m.group(1), "bracket", p.text[:m.start()]))
    for m in _QUOTED.finditer(p.text):
        out.append((m.start(), m.group(1).strip(" .,"), "quote", p.text[:m.start()]))
    out.sort(key=lambda t: t[0])
    return [(text, form, before) for _pos, text, form, before in out]


def _defined(p: Paragraph) -> list[str]:
    """Terms a paragraph defines by name ("is referred to as the “stack”", "an area of
    effect or “AoE”", "(usually shortened to DT)")."""
    out = []
    for m in _DEFINES.finditer(p.text):
        name = (m.group("quoted") or m.group("caps") or m.group("abbr") or "").strip(" .,")
        if name and len(name.split()) <= 3:
            out.append(name)
    return out


def _initialisms_used(paragraphs: list[Paragraph], records: list[tuple[str, str]]
                      ) -> dict[str, str]:
    """Initialisms the book writes in running text (``HP``, ``CC``), each with the record
    whose name it abbreviates: the one named in a paragraph that also writes the
    initialism (the book spells it out where it uses it), else the only candidate."""
    candidates: dict[str, list[tuple[str, str]]] = {}
    for rid, title in records:
        for short in initialisms(title):
            candidates.setdefault(short, []).append((rid, title.casefold()))
    out: dict[str, str] = {}
    for p in paragraphs:
        if p.kind not in ("para", "item") or p.text.upper() == p.text:
            continue
        text = p.text.casefold()
        for word in _CAPS_WORD.findall(p.text):
            short = word.casefold()
            options = candidates.get(short, [])
            named = [rid for rid, title in options if title in text]
            if len(named) == 1:
                out[short] = named[0]
            elif len(options) == 1:
                out.setdefault(short, options[0][0])
    return out


def _glosses(p: Paragraph) -> list[tuple[str, str]]:
    """``(word, gloss)`` for an italic parenthetical of at most three words right after a
    word: "your graveyard (*discard pile*)" → ("graveyard", "discard pile")."""
    out = []
    for s in p.spans:
        if s.style != "em":
            continue
        gloss = p.text[s.start:s.end].strip("() ")
        before = p.text[:s.start]
        m = re.search(r"([A-Za-z][\w'-]*)\s*\(?\s*$", before)
        if m is None or not before.rstrip().endswith("(") and not p.text[s.start] == "(":
            continue
        words = gloss.split()
        if 1 <= len(words) <= 3 and gloss.replace(" ", "").isalpha() \
                and words[0].casefold() not in _NOT_A_NAME and words[-1] != "otherwise":
            out.append((m.group(1), gloss))
    return out
