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

from codex.corpus.names import RANK, lookup_key, names_of
from codex.corpus.ruleset import Paragraph, RuleEntry, RuleSection, Ruleset

KIND_RANK = {"keyword": 0, "term": 1, "status": 2, "section": 3, "ruling": 4}
_BRACKET = re.compile(r"\[\s*([^\[\]]{1,40}?)\s*\]")
_QUOTED = re.compile(r"[“\"]([^“”\"]{2,40})[”\"]")
_SEE = re.compile(r"\b(?:see|section|sections)\b[^.]{0,12}$", re.I)
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
    """The best record for every name of one game's records."""

    def __init__(self, sections: Iterable[RuleSection], entries: Iterable[RuleEntry]) -> None:
        claims: dict[str, tuple[tuple, str, str]] = {}
        records = [(s.id, "section", s.title, s.qualifier, s.position) for s in sections]
        records += [(e.id, e.kind, e.title, e.qualifier, e.position) for e in entries
                    if e.kind != "ruling"]
        extra = {e.id: e.keyword_name for e in entries if e.keyword_name}
        for record_id, kind, title, qualifier, position in records:
            names = names_of(title, qualifier)
            if record_id in extra:      # "Pitch Effects" is also what [Pitch] names
                names += [(n, "short") for n, _k in names_of(extra[record_id], None)]
            for name, name_kind in names:
                key = (RANK[name_kind], KIND_RANK.get(kind, 9), position)
                if name not in claims or key < claims[name][0]:
                    claims[name] = (key, record_id, name_kind)
        self.aliases = [Alias(n, rid, k) for n, (_key, rid, k) in claims.items()]
        self._by_name = {a.name: a for a in self.aliases}

    def resolve(self, name: str, components: bool = True) -> str | None:
        """The record a name refers to (any case, number, bracket form), or None;
        ``components=False`` refuses a name that is only part of a joined heading."""
        alias = self._by_name.get(lookup_key(name))
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
