"""Names that find an entry: titles, plural/singular and case variants, declared synonyms.

Links in the Codex (``((Carriable Artifacts))``, ``((die))``, ``((simultaneous triggers))``)
name their target loosely. Rather than a per-link table, which would rot with every new
export, links are resolved by the same general alias rules a judge's lookup uses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Protocol

from codex.corpus.text import collapse_whitespace, fold

_PAREN = re.compile(r"\s*\([^)]*\)")
# A declared synonym is a short phrase ending in a period: "Destroy. Kill. Die."
_PHRASE = re.compile(r"\s*([A-Z][^.:;]{0,40}?)\.(?=\s|$)")
_MAX_PHRASE_WORDS = 4


class Named(Protocol):
    id: str
    kind: str
    title: str


@dataclass(frozen=True)
class Alias:
    """One name under which a record can be found."""

    name: str
    record_id: str
    kind: str  # "title" | "variant" | "synonym"


def word_variants(word: str) -> set[str]:
    """Singular and plural forms of one English word, good enough for rules vocabulary."""
    w = word.casefold()
    out = {w}
    if w.endswith("ies") and len(w) > 4:
        out.add(w[:-3] + "y")
    elif w.endswith(("ses", "xes", "ches", "shes")):
        out.add(w[:-2])
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        out.add(w[:-1])
    if w.endswith("y") and len(w) > 2 and w[-2] not in "aeiou":
        out.add(w[:-1] + "ies")
    elif w.endswith(("s", "x", "ch", "sh")):
        out.add(w + "es")
    else:
        out.add(w + "s")
    return out


def name_variants(name: str) -> set[str]:
    """Folded variants of a name: as written, and with its last word singular or plural."""
    folded = fold(name)
    words = folded.split(" ")
    out = {folded}
    for variant in word_variants(words[-1]):
        out.add(" ".join(words[:-1] + [variant]))
    return out


def declared_synonyms(raw: str) -> list[list[str]]:
    """Groups of synonymous phrases from the raw "Phrases that are Synonymous" entry text.

    The export separates groups by two spaces (a wrapped line ends in one space and a
    newline), and lists each group as short capitalised phrases ending in periods, followed
    by notes in full sentences: ``Destroy. Kill. Die. Dispel (for auras). Note that …``.
    """
    groups: list[list[str]] = []
    for chunk in re.split(r" {2,}", raw):
        chunk = collapse_whitespace(chunk.split(":", 1)[1] if ":" in chunk else chunk)
        group: list[str] = []
        pos = 0
        while (m := _PHRASE.match(chunk, pos)) is not None:
            phrase = collapse_whitespace(_PAREN.sub("", m.group(1)))
            if len(phrase.split()) > _MAX_PHRASE_WORDS:
                break
            group.append(phrase)
            pos = m.end()
        if len(group) >= 2:
            groups.append(group)
    return groups


class AliasIndex:
    """Resolve a loose name to a record id. Entries win over sub-entries of the same name."""

    def __init__(self, records: Iterable[Named]) -> None:
        self._by_name: dict[str, str] = {}
        self.aliases: list[Alias] = []
        ordered = sorted(records, key=lambda r: r.kind != "entry")  # stable: entries first
        for rec in ordered:
            self._add(fold(rec.title), rec.id, "title")
        for rec in ordered:
            for variant in name_variants(rec.title):
                self._add(variant, rec.id, "variant")

    def _add(self, name: str, record_id: str, kind: str) -> None:
        if name and name not in self._by_name:
            self._by_name[name] = record_id
            self.aliases.append(Alias(name, record_id, kind))

    def add_synonym_groups(self, groups: list[list[str]]) -> list[str]:
        """Point each phrase without a record of its own at the group's first known record.

        Returns the phrases of groups where no phrase names a record (reported, not guessed).
        """
        orphans: list[str] = []
        for group in groups:
            known = [self.resolve(p) for p in group if self.resolve(p)]
            if not known:
                orphans.extend(group)
                continue
            for phrase in group:
                for variant in name_variants(phrase):
                    self._add(variant, known[0], "synonym")
        return orphans

    def resolve(self, name: str) -> str | None:
        """The record a name refers to: the exact name or a variant, else a shorter phrase.

        Shorter phrases follow how the Codex qualifies its terms: a tail of two or more words
        (``Multiple Simultaneous Triggers`` → ``Simultaneous Triggers``), then a head
        (``airborne units`` → ``Airborne``).
        """
        words = fold(name).split(" ")
        tails = [words[i:] for i in range(max(1, len(words) - 1))]
        heads = [words[:i] for i in range(len(words) - 1, 0, -1)]
        for phrase in (" ".join(w) for w in [*tails, *heads]):
            for variant in sorted(name_variants(phrase), key=lambda v: v != phrase):
                if variant in self._by_name:
                    return self._by_name[variant]
        return None

    def names(self) -> list[str]:
        """Every known folded name (for did-you-mean suggestions)."""
        return list(self._by_name)
