"""Keyword abilities as the engine reads them, and elemental thresholds.

`Keywords` is what a unit has printed (or was given explicitly in a scenario); what it has *now*
under ongoing effects (a Silence aura, Waterbound off water) is computed in `ongoing.py`. Keywords
come from the card-text grammar through `abilities.abilities_of`; nothing here reads text.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, Mapping

ELEMENTS = ("air", "earth", "fire", "water")
ELEMENT_LETTERS = {"A": "air", "E": "earth", "F": "fire", "W": "water"}


def mana_symbols_value(symbols: Iterable[str]) -> tuple[int, dict[str, int]] | str:
    """(generic mana, threshold by element) of card-text symbols, ``(1)`` one mana and
    ``(F)`` one fire threshold; the first symbol that is neither, when one is (the callers
    either refuse it or name it as not executed)."""
    amount = 0
    elements: dict[str, int] = {}
    for sym in symbols:
        inner = sym.strip("()")
        if inner.isdecimal():
            amount += int(inner)
        elif inner.upper() in ELEMENT_LETTERS:
            element = ELEMENT_LETTERS[inner.upper()]
            elements[element] = elements.get(element, 0) + 1
        else:
            return sym
    return amount, elements

#: Keywords that are on or off, by field name.
FLAGS = ("airborne", "stealth", "lance", "lethal", "burrowing", "submerge", "voidwalk",
         "immobile", "charge", "spellcaster", "waterbound", "landbound", "disabled",
         "first_strike", "burrowed_safely", "moves_as_if_connected", "ward")

#: Conditions of Moves Freely a scenario can state: on every step, or only on steps whose start and
#: end are both water (land) locations, or sideways (along a row).
MOVES_FREELY = ("anywhere", "water", "land", "sideways", "unoccupied land")

#: "any number of" units, as a carrying limit.
ANY_NUMBER = 99

#: The movement abilities a carrier confers on the units it carries (Codex "Carrying Units").
MOVEMENT_FLAGS = ("airborne", "burrowing", "submerge", "voidwalk")


@dataclass(frozen=True, slots=True)
class CarryRule:
    """A unit's ability to carry units ("May carry an ally", "... a weaker allied minion",
    "... any number of allied minions"): which units, and how many at once."""

    count: int = 1
    minion_only: bool = False       # "allied minion" rather than "ally" (which includes the Avatar)
    weaker: bool = False            # only minions weaker than the carrier

    def describe(self) -> str:
        many = self.count >= ANY_NUMBER
        what = ("allied minions" if self.minion_only else "allies") if many else (
            "an allied minion" if self.minion_only else "an ally")
        if self.weaker:
            what = ("weaker " + what) if many else f"a weaker {what.split(' ', 1)[1]}"
        return "May carry " + ("any number of " if many else "") + what


@dataclass(frozen=True, slots=True)
class Compulsion:
    """A mandatory attack a card imposes (Codex "Mandatory Actions"): minions of ``side``
    (relative to the card's controller: "enemy" or "any"), nearby the card when ``nearby``, must
    attack when they can; the card itself when ``at_source`` (The Green Knight), else anything (a
    unit, with ``units_only``); ``itself``: the card is the one compelled."""

    side: str = "any"
    nearby: bool = False
    at_source: bool = False
    itself: bool = False            # the card itself must attack ("a card that must attack a unit whenever it can")
    units_only: bool = False        # ... a unit, not a site


@dataclass(frozen=True, slots=True)
class Keywords:
    """The keyword abilities of a unit.

    ``spellcaster_elements`` limits an element Spellcaster ("Fire Spellcaster") to spells that need
    one of those elements; ``spellcaster_excluded`` forbids a "Non-Fire Spellcaster" the spells that
    need any of those. ``not_executed`` keeps, by name, the keywords this engine version knows of but
    does not apply, so a ruling can say so instead of dropping them.
    """

    airborne: bool = False
    stealth: bool = False
    lance: bool = False
    lethal: bool = False
    burrowing: bool = False
    submerge: bool = False
    voidwalk: bool = False
    immobile: bool = False
    charge: bool = False
    spellcaster: bool = False
    spellcaster_elements: frozenset[str] = frozenset()
    spellcaster_excluded: frozenset[str] = frozenset()
    waterbound: bool = False
    landbound: bool = False
    disabled: bool = False
    first_strike: bool = False
    burrowed_safely: bool = False                # has Burrowing and can't move itself while where it is
    moves_as_if_connected: bool = False          # moves as if the top and bottom edges were connected
    moves_freely: frozenset[str] = frozenset()   # conditions (MOVES_FREELY) under which a step is free
    movement: int = 0
    ranged: int | None = None
    range_bonus: int = 0
    ward: bool = False
    lances: int = 0                                  # Lance keywords: a Lance token each on entering
    carries: tuple[CarryRule, ...] = ()             # may carry units (Codex "Carrying Units")
    carried_by_kinds: tuple[str, ...] = ()          # "May be carried by any Beast": subtypes that may carry it
    sees_stealth: bool = False                       # "can see stealthed enemies": their Stealth does not hide them
    leaps_sites: bool = False                        # "can leap entirely over adjacent sites in one step"
    takes_carried: tuple[int, ...] = ()              # "May pick up carried artifacts with cost (1) or less": the costs
    only_directions: frozenset[str] = frozenset()   # "can only move themselves forward"
    compels: tuple[Compulsion, ...] = ()            # minions that can attack must (Mandatory Actions)
    not_executed: tuple[str, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        """Readable keyword list, e.g. for the board drawing."""
        out = [f.replace("_", " ").title() for f in FLAGS if getattr(self, f)]
        if self.spellcaster_elements or self.spellcaster_excluded:
            out = [x for x in out if x != "Spellcaster"]
            out += [f"{e.title()} Spellcaster" for e in sorted(self.spellcaster_elements)]
            out += [f"Non-{e.title()} Spellcaster" for e in sorted(self.spellcaster_excluded)]
        for cond in sorted(self.moves_freely):
            out.append("Moves Freely" + ("" if cond == "anywhere" else f" ({cond})"))
        if self.movement:
            out.append(f"Movement +{self.movement}")
        if self.ranged is not None:
            out.append("Ranged" if self.ranged == 1 else f"Ranged {self.ranged}")
        if self.range_bonus:
            out.append(f"+{self.range_bonus} Range")
        out += [rule.describe() for rule in self.carries]
        out += [f"May be carried by any {kind.title()}" for kind in self.carried_by_kinds]
        if self.sees_stealth:
            out.append("Sees Stealthed Enemies")
        if self.leaps_sites:
            out.append("Leaps Over Adjacent Sites")
        if self.takes_carried:
            out.append(f"May pick up carried artifacts with cost ({max(self.takes_carried)}) or less")
        if self.only_directions:
            out.append("Can only move themselves " + " or ".join(sorted(self.only_directions)))
        return out + list(self.not_executed)

    def movement_abilities(self) -> "Keywords":
        """Only the movement abilities (what a carrier confers on what it carries)."""
        return Keywords(**{f: getattr(self, f) for f in MOVEMENT_FLAGS}, movement=self.movement)

    def silenced(self) -> "Keywords":
        """The keywords left when special abilities are removed (a Silence aura): none. Being
        disabled is not an ability, so silence does not remove it (Codex "Disabled")."""
        return Keywords(disabled=self.disabled)

    def disabled_now(self) -> "Keywords":
        """The keywords of a disabled minion: it has no abilities, but Waterbound and Landbound
        persist even when disabled (Codex "Waterbound", "Landbound")."""
        return Keywords(disabled=True, waterbound=self.waterbound, landbound=self.landbound)

    def merge(self, other: "Keywords") -> "Keywords":
        """Both sets of keywords: flags or-ed, Movement and +Range added, the longer Ranged kept."""
        changes: dict[str, Any] = {}
        for f in fields(Keywords):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, bool):
                changes[f.name] = mine or theirs
            elif f.name in ("movement", "range_bonus", "lances"):
                changes[f.name] = mine + theirs
            elif f.name == "ranged":
                changes[f.name] = mine if theirs is None else theirs if mine is None else max(mine, theirs)
            elif isinstance(mine, frozenset):
                changes[f.name] = mine | theirs
            else:
                changes[f.name] = tuple(dict.fromkeys(mine + theirs))
        return Keywords(**changes)

    def with_(self, **changes: Any) -> "Keywords":
        return replace(self, **changes)

    def without(self, lost: "Keywords") -> "Keywords":
        """These keywords without those ``lost`` has (an effect makes a unit lose them)."""
        changes: dict[str, Any] = {}
        for f in fields(Keywords):
            theirs = getattr(lost, f.name)
            if isinstance(theirs, bool) and theirs:
                changes[f.name] = False
            elif f.name == "ranged" and theirs is not None:
                changes[f.name] = None
            elif f.name == "movement" and theirs:
                changes[f.name] = 0
        return replace(self, **changes) if changes else self


def parse_threshold(value: str | Mapping[Any, int] | None) -> dict[str, int]:
    """A threshold or affinity as {element: count}: accepts "FFW", "(F)(F)", or {"fire": 2}."""
    out = {e: 0 for e in ELEMENTS}
    if not value:
        return out
    if not isinstance(value, str):
        for k, v in value.items():
            key = ELEMENT_LETTERS.get(k.upper(), k.lower()) if len(k) == 1 else k.lower()
            out[key] += int(v)
        return out
    for ch in value.upper():
        if ch in ELEMENT_LETTERS:
            out[ELEMENT_LETTERS[ch]] += 1
    return out
