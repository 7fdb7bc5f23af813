"""Deck construction validity (Codex "Avatar", "Spellbook", "Atlas", "Rarity", "Materials Needed to
Play Sorcery"; rulebook "Building Your Own Decks").

`check` takes a resolved deck list (each card with its type and rarity) and returns a report of
findings, each with the rules that decide it. Where the rulebook and the Codex disagree (the
spellbook minimum, the limited formats), the finding says so and cites both; the Codex, the newer
and more detailed source, decides legality. `parse_deck_list` reads the deck files people write
(plain text sections, or JSON/YAML) into entries by name; resolving names to cards is the
caller's job (the CLI uses the imported card catalog, a scenario gives types and rarities).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

import yaml

from codex.engine.cards import CardSource
from codex.engine.reasons import Reason
from codex.engine.tokens import is_token_name

Section = Literal["avatar", "spellbook", "atlas", "collection"]
Format = Literal["constructed", "limited"]
SECTIONS: tuple[Section, ...] = ("avatar", "spellbook", "atlas", "collection")
SPELL_TYPES = frozenset({"minion", "artifact", "aura", "magic", "spell"})

#: Copies allowed by rarity (Codex "Rarity"), and the rule that says so.
COPIES = {"ordinary": (4, "rarity.ordinary"), "exceptional": (3, "rarity.exceptional"),
          "elite": (2, "rarity.elite"), "unique": (1, "rarity.unique")}
#: Minimum sizes: (Codex minimum, its rule), (rulebook minimum, its rule).
MINIMUMS: dict[tuple[Format, str], tuple[tuple[int, str], tuple[int, str]]] = {
    ("constructed", "spellbook"): ((50, "deck.spellbook.constructed"), (60, "deck.spellbook.rulebook")),
    ("constructed", "atlas"): ((30, "deck.atlas.constructed"), (30, "deck.atlas.rulebook")),
    ("limited", "spellbook"): ((24, "deck.spellbook.limited"), (60, "deck.spellbook.rulebook")),
    ("limited", "atlas"): ((12, "deck.atlas.limited"), (30, "deck.atlas.rulebook")),
}
COLLECTION_SIZE = 10


class DeckListError(ValueError):
    """A deck list that cannot be read: names the line (or key) and what is wrong."""


@dataclass(frozen=True)
class Entry:
    """A line of a deck list: how many copies of a card, by name, in which section."""

    section: Section
    name: str
    count: int = 1
    type: str | None = None
    rarity: str | None = None
    token: bool = False
    text: str = ""                 # the card's text ("Your spellbook may include any number of <its own name>.")


@dataclass(frozen=True)
class Finding:
    """One check of the deck: ``level`` is ``ok``, ``error``, ``warning`` or ``conflict`` (legal by
    the Codex, not by the rulebook: both rules are cited)."""

    check: str
    level: Literal["ok", "error", "warning", "conflict"]
    message: str
    rules: tuple[str, ...]
    reason: Reason | None = None
    quote: Any = None              # the card's sentence that decides it (`events.CardQuote`), if one does

    def to_dict(self) -> dict[str, Any]:
        return {"check": self.check, "level": self.level, "message": self.message, "rules": list(self.rules),
                "reason": self.reason.value if self.reason else None}


@dataclass(frozen=True)
class DeckReport:
    format: Format
    sizes: dict[str, int]
    findings: tuple[Finding, ...] = field(default_factory=tuple)

    @property
    def legal(self) -> bool:
        return not any(f.level == "error" for f in self.findings)

    @property
    def first_error(self) -> Finding | None:
        return next((f for f in self.findings if f.level == "error"), None)

    def to_dict(self) -> dict[str, Any]:
        return {"format": self.format, "legal": self.legal, "sizes": self.sizes,
                "findings": [f.to_dict() for f in self.findings]}


def _a(word: str | None) -> str:
    """``word`` with its article ("an artifact", "a minion")."""
    text = word or "card"
    return f"{'an' if text[:1].lower() in 'aeiou' else 'a'} {text}"


def _size_finding(fmt: Format, deck: str, n: int) -> Finding:
    (codex_min, codex_rule), (book_min, book_rule) = MINIMUMS[(fmt, deck)]
    what = "spells" if deck == "spellbook" else "sites"
    rules = (codex_rule, book_rule) if codex_min != book_min else (codex_rule,)
    if n < codex_min:
        return Finding(f"{deck} size", "error", f"the {deck} has {n} {what}; {fmt} needs at least {codex_min}",
                       rules + ("deck.materials",), Reason.DECK_TOO_SMALL)
    if n < book_min:
        return Finding(f"{deck} size", "conflict",
                       f"the {deck} has {n} {what}: enough by the Codex ({codex_min} for {fmt}), not by the rulebook "
                       f"({book_min}); the Codex, the newer source, decides: legal", rules)
    return Finding(f"{deck} size", "ok", f"the {deck} has {n} {what} (at least {codex_min})", rules + ("deck.larger",))


def check(entries: Iterable[Entry], fmt: Format = "constructed") -> DeckReport:
    """Every construction rule over a resolved deck list."""
    entries = list(entries)
    findings: list[Finding] = []
    sizes: dict[str, int] = {s: sum(e.count for e in entries if e.section == s) for s in SECTIONS}
    avatars = [e for e in entries if e.section == "avatar"]
    if sizes["avatar"] != 1:
        findings.append(Finding("avatar", "error", f"the deck has {sizes['avatar']} Avatars; it needs exactly one",
                                ("deck.avatar", "deck.avatar.rulebook", "deck.materials"), Reason.DECK_AVATAR))
    else:
        findings.append(Finding("avatar", "ok", f"one Avatar: {avatars[0].name}", ("deck.avatar",)))
    for e in avatars:
        if e.type not in (None, "avatar"):
            findings.append(Finding("avatar", "error", f"{e.name} is {_a(e.type)}, not an Avatar",
                                    ("card-type", "deck.avatar"), Reason.WRONG_DECK))
    for e in entries:
        if e.section in ("spellbook", "atlas", "collection") and e.type == "avatar":
            findings.append(Finding("avatar", "error", f"{e.name} is an Avatar: it is in neither deck",
                                    ("rarity.avatar.rulebook", "card-types.spells"), Reason.WRONG_DECK))
        elif e.section == "spellbook" and e.type == "site":
            findings.append(Finding("spellbook", "error", f"{e.name} is a site: only spells go into the spellbook",
                                    ("spellbook.only-spells", "spell.spellbook", "card-types.spells"),
                                    Reason.WRONG_DECK))
        elif e.section == "atlas" and e.type in SPELL_TYPES:
            findings.append(Finding("atlas", "error", f"{e.name} is {_a(e.type)}: only sites go into the atlas",
                                    ("atlas.only-sites", "card-types.spells"), Reason.WRONG_DECK))
        if e.section != "avatar" and (e.token or is_token_name(e.name)):
            findings.append(Finding("tokens", "error", f"{e.name} is a token, and tokens are never part of a deck",
                                    ("token.deck",), Reason.TOKEN_IN_DECK))
    for deck in ("spellbook", "atlas"):
        findings.append(_size_finding(fmt, deck, sizes[deck]))
    findings += _copies(entries, fmt)
    if sizes["collection"] > COLLECTION_SIZE:
        findings.append(Finding("collection", "warning", f"the collection has {sizes['collection']} cards; tournaments "
                                f"recommend {COLLECTION_SIZE}", ("collection",)))
    return DeckReport(fmt, sizes, tuple(findings))


def _copies(entries: list[Entry], fmt: Format) -> list[Finding]:
    """Copies by name across the spellbook, the atlas and the collection, against their rarity."""
    by_name: dict[str, list[Entry]] = {}
    for e in entries:
        if e.section != "avatar" and e.type != "avatar":
            by_name.setdefault(e.name.casefold(), []).append(e)
    findings: list[Finding] = []
    unknown: list[str] = []
    over: list[Finding] = []
    for group in by_name.values():
        name, total = group[0].name, sum(e.count for e in group)
        rarity = next((e.rarity.lower() for e in group if e.rarity), None)
        if rarity not in COPIES:
            if not (group[0].token or is_token_name(name)):
                unknown.append(name)
            continue
        limit, rule = COPIES[rarity]
        allowed = any_number(name, next((e.text for e in group if e.text), ""), {e.section for e in group})
        if allowed is not None and total > limit:
            findings.append(Finding("copies", "ok", f"{total} copies of {name}: its text lets the deck include any "
                                    "number of them", ("the-silver-rule", rule), quote=allowed))
            continue
        if total > limit:
            over.append(Finding("copies", "error", f"{total} copies of {name}, {_a(rarity.title())} card: at most "
                                f"{limit}", (rule, "rarity") + (
                                    ("collection",) if any(e.section == "collection" for e in group) else ()),
                                Reason.TOO_MANY_COPIES))
    if fmt == "limited":
        if over:
            findings.append(Finding("copies", "conflict", f"{len(over)} card(s) exceed their rarity's copies: "
                                    "Draft and Sealed ignore rarity by the Codex; the rulebook has no such exception. "
                                    "The Codex decides: legal",
                                    ("deck.spellbook.limited", "deck.atlas.limited", "deck.spellbook.rulebook")))
        return findings
    findings += over
    if not over:
        findings.append(Finding("copies", "ok", "no card has more copies than its rarity allows",
                                ("rarity", "rarity.avatar")))
    if unknown:
        findings.append(Finding("copies", "warning", f"rarity unknown, copies not checked: {', '.join(unknown[:10])}"
                                + (" ..." if len(unknown) > 10 else ""), ("rarity",)))
    return findings


def any_number(name: str, text: str, sections: set[str]) -> Any:
    """The card's own sentence letting the deck hold any number of it ("Your spellbook may include any
    number of Grey Wolves"), when it covers every section the copies are in; None otherwise."""
    if not text:
        return None
    from codex.cardtext import ast as A
    from codex.engine.abilities import AbilityKind, abilities_of
    from codex.engine.events import CardQuote
    for each in abilities_of(text, name).abilities:
        ability = each.applied if each.kind is AbilityKind.STATIC else None
        if ability is None:
            continue
        for sentence in getattr(ability.node, "body", ()):
            for clause in getattr(sentence, "clauses", ()):
                act = getattr(clause, "action", None)
                if isinstance(act, A.Include) and _includes_itself(act, name) \
                        and sections - {"collection"} <= {singular_deck(act.patient)}:
                    return CardQuote(name, ability.text)
    return None


def singular_deck(node: Any) -> str | None:
    """"your spellbook" → spellbook, "your atlas" → atlas."""
    noun = getattr(node, "noun", None)
    return noun.lower() if isinstance(noun, str) and noun.lower() in ("spellbook", "atlas") else None


def any_number_of(who: Any) -> Any:
    """The words after "any number of" in a deck-building permission: its card's name (a noun, or the
    card itself when the grammar read its own name), or None when the words are not that form."""
    from codex.cardtext import ast as A
    if isinstance(who, A.Selector) and who.quant == "any_number":
        return who.noun
    if isinstance(who, A.Selector) and who.noun == "number" and who.det == "any" and len(who.filters) == 1 \
            and isinstance(who.filters[0], A.Of):
        inner = who.filters[0].what
        return "SELF" if isinstance(inner, A.Ref) and inner.word == "SELF" else getattr(inner, "noun", None)
    return None


def _includes_itself(act: Any, name: str) -> bool:
    """"any number of Grey Wolves" / "of Relentless Crowds": the card's own name (or its plural)."""
    noun = any_number_of(act.recipient)
    return isinstance(noun, str) and (noun == "SELF" or noun.casefold() in (name.casefold(), name.casefold() + "s"))


# ----------------------------------------------------------------------------- reading deck files

_HEADER = re.compile(r"^\s*(avatars?|spellbook|atlas|collection|sites?|spells?|minions?|magics?|auras?|artifacts?)"
                     r"\s*(?:\(\s*\d+\s*\))?\s*(?::\s*(.*))?$", re.IGNORECASE)
_LINE = re.compile(r"^\s*(\d+)\s*[xX]?\s+(\S.*?)\s*$")
_SECTION_OF = {"avatar": "avatar", "avatars": "avatar", "spellbook": "spellbook", "atlas": "atlas",
               "collection": "collection", "site": "atlas", "sites": "atlas"}
MAX_ENTRIES = 1000
MAX_COPIES = 999


def entry_of(text: str, section: Section, where: str) -> Entry:
    """``"3 Name"``, ``"3x Name"`` or ``"Name"`` (one copy)."""
    m = _LINE.match(text)
    count, name = (int(m.group(1)), m.group(2)) if m else (1, text.strip())
    if not name:
        raise DeckListError(f"{where}: no card name")
    if not 1 <= count <= MAX_COPIES:
        raise DeckListError(f"{where}: {count} copies of {name} (use 1 to {MAX_COPIES})")
    return Entry(section, name, count)


def _text_entries(text: str) -> list[Entry]:
    entries: list[Entry] = []
    section: Section | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("//") else ""
        if not line:
            continue
        header = _HEADER.match(line)
        if header and not _LINE.match(line):
            word, rest = header.group(1).lower(), (header.group(2) or "").strip()
            section = _SECTION_OF.get(word, "spellbook")  # type: ignore[assignment]
            if rest:
                entries.append(entry_of(rest, section, f"line {number}"))  # type: ignore[arg-type]
            continue
        if section is None:
            raise DeckListError(f"line {number}: {line!r} comes before any section; start with 'Avatar:', "
                                "'Spellbook' or 'Atlas'")
        entries.append(entry_of(line, section, f"line {number}"))
    return entries


def _structured_entries(data: dict[str, Any]) -> list[Entry]:
    entries: list[Entry] = []
    unknown = [k for k in data if str(k).lower() not in SECTIONS]
    if unknown:
        raise DeckListError(f"unknown section(s) {unknown}; use {list(SECTIONS)}")
    for key, value in data.items():
        section: Section = str(key).lower()  # type: ignore[assignment]
        items: list[Any]
        if value is None:
            continue
        if isinstance(value, str):
            items = [value]
        elif isinstance(value, dict):
            items = [f"{n} {k}" if isinstance(n, int) and not isinstance(n, bool) else None for k, n in value.items()]
            if None in items:
                raise DeckListError(f"{key}: a card name maps to its number of copies, e.g. {{'Fireball': 2}}")
        elif isinstance(value, list):
            items = value
        else:
            raise DeckListError(f"{key}: expected a list of cards, a name or a mapping of names to copies")
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise DeckListError(f"{key}[{i}]: expected a card name such as '2 Fireball'")
            entries.append(entry_of(item, section, f"{key}[{i}]"))
    return entries


def parse_deck_list(text: str) -> list[Entry]:
    """Read a deck list: JSON or YAML (``{"avatar": ..., "spellbook": [...], "atlas": [...]}``), or
    text with section lines (``Avatar: Sorcerer``, ``Spellbook``, ``Atlas``, ``Collection``, or
    card-type headers such as ``Minion (20)`` and ``Site``) and card lines (``3 Name``)."""
    try:
        data: Any = yaml.safe_load(text)
    except yaml.YAMLError as e:
        if text.lstrip().startswith("{"):
            raise DeckListError(f"not valid JSON: {e}") from None
        data = None
    structured = isinstance(data, dict) and all(str(k).lower() in SECTIONS for k in data)
    if isinstance(data, dict) and not structured and text.lstrip().startswith("{"):
        _structured_entries(data)   # names the unknown sections
    entries = _structured_entries(data) if structured else _text_entries(text)
    if len(entries) > MAX_ENTRIES:
        raise DeckListError(f"{len(entries)} lines: a deck list has at most {MAX_ENTRIES}")
    if not entries:
        raise DeckListError("no cards: give an Avatar, a spellbook and an atlas")
    return entries


@dataclass(frozen=True)
class UnknownCard:
    """A deck list name the card source does not know, with the names closest to it."""

    section: Section
    name: str
    suggestions: tuple[str, ...]


def resolve(entries: Iterable[Entry], cards: CardSource) -> tuple[list[Entry], list[UnknownCard]]:
    """Each entry with its card's printed name, type and rarity from ``cards``; the names it does not
    know are returned apart (with did-you-mean suggestions), never guessed."""
    known: list[Entry] = []
    unknown: list[UnknownCard] = []
    for e in entries:
        card = cards.card(e.name)
        if card is None:
            unknown.append(UnknownCard(e.section, e.name, tuple(cards.suggest(e.name, 3))))
            continue
        known.append(Entry(e.section, card.name, e.count, card.type,
                           card.rarity.lower() if card.rarity else None, e.token, card.text or ""))
    return known, unknown
