"""How a rulebook names things, and every other name a reader will use for them.

Rule books qualify headings (``Omen Counters (Omens)``, ``Multiplayer Rules (3+ players)``),
number them (``(1) Card Name``, ``Step I: Ancestry``), parameterise keywords (``Knell/X``,
``Magic Damage +X``, written ``[Knell/10]`` on cards), and join several terms in one heading
(``Earthbound & Airborne``, ``Strike, Guard, and Protect Tokens``, ``Attack/Damage
Bonuses``). A reader types any of those parts, in either number and any case. The rules
here derive every such name from the heading itself, for any book, rather than listing
names per source.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from codex.corpus.aliases import name_variants
from codex.corpus.text import collapse_whitespace, fold

_QUALIFIER = re.compile(r"^(?P<name>.*?\S)\s*\((?P<qualifier>[^()]+)\)\s*$")
_ENUMERATOR = re.compile(r"^(?:\(\s*\d+[a-z]?\s*\)|\d+[.)]|(?:step|part|chapter)\s+"
                         r"(?:[ivxlc]+|\d+)\s*[:.])\s*", re.I)
_PARAMETER = re.compile(r"(?:/[xy0-9]+)+$|\s*[+-][xy0-9]+$", re.I)
_JOINERS = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*)", re.I)
_BRACKETS = re.compile(r"^\[\s*(.*?)\s*\]$")
MAX_QUALIFIER_WORDS = 4

# Priority of a name kind when two records claim one name (lower wins).
RANK = {"title": 0, "qualifier": 1, "defined": 1, "short": 2, "component": 3}


@dataclass(frozen=True)
class Name:
    """A heading split into the name it gives and the qualifier in parentheses after it."""

    name: str
    qualifier: str | None = None


def split_heading(text: str) -> Name:
    """``Omen Counters (Omens)`` → name ``Omen Counters``, qualifier ``Omens``.

    A trailing parenthetical qualifies a heading (an alternative name, a player count, an
    aside); it is not part of the name, so ids stay stable if a book adds or drops one.
    A heading that is only a parenthetical keeps it as its name.
    """
    text = collapse_whitespace(text)
    m = _QUALIFIER.match(text)
    if m and m.group("name").strip("([ "):
        return Name(m.group("name").strip(), m.group("qualifier").strip())
    return Name(text)


def without_enumerator(name: str) -> str | None:
    """``(1) Card Name`` → ``Card Name``, ``Step I: Ancestry`` → ``Ancestry`` (else None)."""
    stripped = _ENUMERATOR.sub("", name, count=1).strip()
    return stripped if stripped and stripped != name else None


def without_parameter(name: str) -> str | None:
    """``Knell/X`` → ``Knell``, ``Magic Damage +X`` → ``Magic Damage`` (else None)."""
    stripped = _PARAMETER.sub("", name).strip()
    return stripped if stripped and stripped != name else None


def components(name: str) -> list[str]:
    """The terms a joined heading names: ``Earthbound & Airborne`` → Earthbound, Airborne.

    Parts joined by ``&``, ``and`` or commas; when every part but the last is one word
    and the last has more, its head noun belongs to all (``Strike, Guard, and Protect
    Tokens`` → Strike Tokens, Guard Tokens, Protect Tokens). Words joined by ``/`` are
    alternatives of one word (``Attack/Damage Bonuses`` → Attack Bonuses, Damage Bonuses),
    unless what follows the slash is a parameter (``Knell/X``).
    """
    name = collapse_whitespace(name)
    words = name.split(" ")
    if "/" in words[0] and not _PARAMETER.search(words[0]):
        alternatives = [w for w in words[0].split("/") if w]
        if len(alternatives) > 1:
            return [" ".join([alt, *words[1:]]) for alt in alternatives]
    parts = [p for p in _JOINERS.split(name) if p]
    if len(parts) < 2:
        return []
    *heads, last = parts
    last_words = last.split(" ")
    if all(len(p.split(" ")) == 1 for p in heads) and len(last_words) > 1:
        tail = " ".join(last_words[1:])
        return [f"{p} {tail}" for p in heads] + [last]
    return parts


def lookup_key(text: str) -> str:
    """The folded form a name is looked up by: brackets, parameters' values and
    surrounding quotes dropped (``[Knell/10]`` → ``knell/x``; “Cares about” → cares about)."""
    text = fold(text).strip(" \"'“”‘’.,;:")
    m = _BRACKETS.match(text)
    if m:
        text = m.group(1)
    text = re.sub(r"(?<=/)\d+\b", "x", text)
    text = re.sub(r"(?<=[+-])\d+\b", "x", text)
    text = text.replace("“", "").replace("”", "").replace('"', "")
    return collapse_whitespace(text)


def names_of(title: str, qualifier: str | None) -> list[tuple[str, str]]:
    """Every name a record is found by, as ``(folded name, kind)``, best first.

    Kinds: ``title``; ``qualifier`` (a short parenthetical: ``Omens``, ``The Necromancer``);
    ``short`` (enumerator or parameter dropped); ``component`` (one of joined terms). Each
    comes with its singular/plural variants.
    """
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(name: str, kind: str) -> None:
        key = lookup_key(name)
        if not key:
            return
        for variant in sorted(name_variants(key), key=lambda v: v != key):
            if variant.endswith("ses") and variant[:-2] == key:
                continue                          # "tokens" → "tokenses" is no word
            if variant not in seen:
                seen.add(variant)
                out.append((variant, kind))

    add(title, "title")
    if qualifier and len(qualifier.split()) <= MAX_QUALIFIER_WORDS \
            and re.match(r"[^\W\d_]{3}", qualifier) and "," not in qualifier:
        add(qualifier, "qualifier")
    shorts = [s for s in (without_enumerator(title), without_parameter(title)) if s]
    for short in shorts:
        add(short, "short")
    for base in [title, *shorts]:
        for part in components(base):
            add(part, "component")
            if (p := without_parameter(part)):
                add(p, "component")
    return out


def initialisms(name: str) -> set[str]:
    """Initial letters of a multi-word name, folded: ``Health Points`` → ``hp``, ``Area of
    Effect`` → ``aoe`` and ``ae``. A book that writes one of them (``HP``, ``AoE``) uses it
    as a name (``GameAliases`` checks the book's words)."""
    words = re.findall(r"[^\W\d_]+", name)
    if len(words) < 2:
        return set()
    every = "".join(w[0] for w in words).casefold()
    content = "".join(w[0] for w in words if len(w) > 3 or w[0].isupper()).casefold()
    return {x for x in (every, content) if len(x) >= 2}
