"""Scenario JSON → (GameState, typed Action): every problem found here, with its pointer.

Two passes, both before anything is adjudicated: the document's shape against the format's
models (`document.py`), then the checks the shape cannot express (a unit on a square with no
site, two Avatars for one player, an action naming a unit that does not exist). Every problem is
collected as {pointer, problem, fix} so a person writing a scenario by hand sees all of them at
once; nothing here raises anything but ScenarioError.
"""
from __future__ import annotations

import json
from difflib import get_close_matches
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import TypeAdapter, ValidationError

from codex.engine import document as D
from codex.engine.abilities import Abilities, abilities_of, with_explicit
from codex.engine.cards import CardData, CardSource
from codex.engine.carrying import carry_reason, offset_in
from codex.engine.casting import aura_squares
from codex.engine.errors import Problem, ScenarioError
from codex.engine.geometry import Location, Region
from codex.engine.keywords import parse_threshold
from codex.engine.oversized import area, normalise
from codex.engine.reasons import explain
from codex.engine.state import Affinity, Artifact, Aura, GameState, Player, Site, Turn, Unit, UnitKind
from codex.engine.tokens import TOKENS, token_kind
from codex.engine.zone_docs import deck_entries, lasting_effects, player_zones
from codex.inputs import value_at

FORMAT = D.FORMAT
SCHEMA_FILE = "scenario.schema.json"


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of the scenario format, generated from its models."""
    out = D.ScenarioDoc.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://arbiter.example/schemas/scenario-1.json", **out}


@lru_cache(maxsize=1)
def packaged_schema() -> dict[str, Any]:
    """The schema file shipped with the package (a test keeps it equal to `schema()`)."""
    data: dict[str, Any] = json.loads(resources.files("codex.engine").joinpath(SCHEMA_FILE).read_text("utf-8"))
    return data


# ----------------------------------------------------------------------------- shape problems

_FIX = {
    "missing": "add the missing field",
    "extra_forbidden": "remove or rename the unknown field",
    "union_tag_invalid": "use one of the actions listed in docs/scenarios.md",
    "union_tag_not_found": "add \"do\" naming the action",
    "literal_error": "use one of the allowed values",
    "enum": "use one of the allowed values",
    "less_than_equal": "use a smaller number",
    "greater_than_equal": "use a larger number",
    "too_long": "shorten it",
    "too_short": "add the missing items",
    "string_too_long": "shorten it",
    "string_too_short": "give a non-empty value",
    "string_pattern_mismatch": "use only the element letters A, E, F, W (and parentheses)",
}


#: The fix for a field whatever is wrong with its value, where the field's form is its own.
_FIELD_FIX = {
    "threshold": 'give the printed threshold as element letters, "(F)(F)" or "FF" (A, E, F, W)',
}


def _walk(doc: Any, loc: tuple[Any, ...], missing: bool) -> tuple[str, list[tuple[str, str]]]:
    """(JSON pointer, [(pointer, union branch label)]) of an error location: pydantic's ``loc``
    also names union branches and tags, which are not part of the document."""
    parts: list[str] = []
    labels: list[tuple[str, str]] = []
    cur = doc
    for i, key in enumerate(loc):
        if isinstance(cur, dict) and isinstance(key, str) and key in cur:
            parts.append(key)
            cur = cur[key]
        elif isinstance(cur, list) and isinstance(key, int) and 0 <= key < len(cur):
            parts.append(str(key))
            cur = cur[key]
        elif missing and i == len(loc) - 1 and isinstance(key, str):
            parts.append(key)
        else:
            labels.append(("/".join(parts), str(key)))
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts), labels


def shape_problems(error: ValidationError, doc: Any) -> list[Problem]:
    """The problems of a failed validation, one per place: where a value could be one of several
    shapes, only the shape it came closest to is reported."""
    found = []
    for err in error.errors():
        pointer, labels = _walk(doc, tuple(err["loc"]), err["type"] == "missing")
        if err["type"] in ("union_tag_invalid", "union_tag_not_found"):
            pointer += "/" + str((err.get("ctx") or {}).get("discriminator", "do")).strip("'")
        found.append((pointer, labels, err))
    best: dict[str, str] = {}          # union site → chosen branch label
    by_site: dict[str, dict[str, list[Any]]] = {}
    for pointer, labels, err in found:
        for site, label in labels:
            by_site.setdefault(site, {}).setdefault(label, []).append((pointer, labels, err))
    # the innermost unions first: an outer branch is measured by the errors of the inner branches
    # chosen under it, so a card list with one bad field beats "not a PileDoc" at all
    for site in sorted(by_site, key=lambda p: -p.count("/")):
        def cost(item: tuple[str, list[Any]]) -> tuple[int, int, int]:
            _, errs = item
            kept = [(p, e) for p, labels, e in errs
                    if all(best.get(s, lab) == lab for s, lab in labels if s != site)]
            mismatch = sum(1 for _, e in kept if e["type"].endswith("_type") or e["type"] == "model_type")
            # on a tie, the shape the value followed furthest (its error deepest) is the one meant
            return mismatch, len(kept), -max((p.count("/") for p, _ in kept), default=0)
        best[site] = min(by_site[site].items(), key=cost)[0]
    problems: dict[str, Problem] = {}
    kinds: dict[str, str] = {}         # pointer → pydantic's error type
    for pointer, labels, err in found:
        if any(best.get(site) != label for site, label in labels):
            continue
        if pointer not in problems:
            fix = _FIX.get(err["type"], "see docs/scenarios.md for this field")
            expected = (err.get("ctx") or {}).get("expected")
            if expected and err["type"] in ("literal_error", "enum", "union_tag_invalid"):
                fix = f"use one of {expected}"
            if err["type"].startswith("string"):
                fix = _FIELD_FIX.get(_split(pointer)[1], fix)
            problems[pointer] = Problem(pointer, err["msg"], fix)
            kinds[pointer] = err["type"]
    return _renames(list(problems.values()), kinds, doc)


def _split(pointer: str) -> tuple[str, str]:
    parent, _, name = pointer.rpartition("/")
    return parent, name.replace("~1", "/").replace("~0", "~")


@lru_cache(maxsize=1)
def action_names() -> frozenset[str]:
    """Every value ``do`` may take (the actions' tags, read from the format's schema)."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            d = node.get("discriminator")
            if isinstance(d, dict) and d.get("propertyName") == "do":
                names.update(d.get("mapping", {}))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema())
    return frozenset(names)


def _renames(problems: list[Problem], kinds: dict[str, str], doc: Any) -> list[Problem]:
    """Fixes that name the likely mistake: a field the object lacks beside one it should
    not have is usually that field misnamed ("square" written for "at"), and an action
    without ``do`` usually names itself under another key ("type": "attack")."""
    missing: dict[str, list[str]] = {}
    for pointer, kind in kinds.items():
        if kind == "missing":
            parent, name = _split(pointer)
            missing.setdefault(parent, []).append(name)
    renamed: dict[str, str] = {}                    # pointer of a missing field → typed name
    out = []
    for p in problems:
        parent, name = _split(p.pointer)
        error = kinds.get(p.pointer)
        if error == "extra_forbidden" and missing.get(parent):
            wanted = get_close_matches(name, missing[parent], n=1, cutoff=0.0)[0]
            p = Problem(p.pointer, p.problem, f'rename "{name}" to "{wanted}"')
            renamed.setdefault(f"{parent}/{wanted}", name)
        elif error == "union_tag_not_found":
            _found, obj = value_at(doc, parent)
            typed = [k for k, v in obj.items() if isinstance(v, str) and v in action_names()] \
                if isinstance(obj, dict) else []
            if typed:
                p = Problem(p.pointer, p.problem,
                            f'rename "{typed[0]}" to "do" (it names the action "{obj[typed[0]]}")')
        out.append(p)
    return [Problem(p.pointer, p.problem,
                    f'add "{_split(p.pointer)[1]}", or rename "{renamed[p.pointer]}" to it')
            if p.pointer in renamed else p for p in out]


# ----------------------------------------------------------------------------- the board

def parse_location(value: Any, sites: dict[int, Any]) -> Location:
    """A bare square means its site's surface, or the void when the square has no site."""
    if isinstance(value, int):
        return Location(value, Region.SURFACE if value in sites else Region.VOID)
    return Location(int(value[0]), Region(value[1]))


def _power(value: Any) -> tuple[int, int]:
    if isinstance(value, tuple):
        return int(value[0]), int(value[1])
    return int(value), int(value)


class _Checks:
    """Collects the problems of the semantic checks, and resolves the cards a scenario names."""

    def __init__(self, player_ids: list[str], cards: CardSource | None = None):
        self.players = player_ids
        self.problems: list[Problem] = []
        self.cards = cards

    def card(self, name: str | None, pointer: str, types: tuple[str, ...]) -> CardData | None:
        """The named card, if the scenario names one and it is known and of a fitting type."""
        if name is None:
            return None
        if self.cards is None:
            self.add(pointer, f"the scenario names the card {name!r} but no card catalog is available",
                     "import the card list with `arbiter cards import FILE.json`, or give the card's fields "
                     "(power, text...) instead of \"card\"")
            return None
        card = self.cards.card(name)
        if card is None:
            close = self.cards.suggest(name)
            self.add(pointer, f"unknown card {name!r}",
                     f"did you mean {' or '.join(repr(c) for c in close)}?" if close
                     else "check the spelling, or import a card list that has it")
            return None
        if not set(card.types) & set(types):
            self.add(pointer, f"{card.name} is a {card.type} card, not a {' or '.join(types)}",
                     f"name a {' or '.join(types)} card here")
            return None
        return card

    def add(self, pointer: str, problem: str, fix: str) -> None:
        self.problems.append(Problem(pointer, problem, fix))

    def known_player(self, pid: str | None, pointer: str) -> None:
        if pid is not None and pid not in self.players:
            self.add(pointer, f"unknown player {pid!r}", f"use one of {self.players}")


def _with_lines(text: str, *lines: str) -> str:
    return "\n".join([t for t in (text, *lines) if t])


def site_field_text(s: D.SiteDoc) -> list[str]:
    """The scenario's shorthand fields for a site's abilities, as the card text they stand for
    (the engine then reads them like any card's text: one mechanism for every ability)."""
    out = []
    if s.max_entry_power is not None:
        out.append(f"Minions with {s.max_entry_power + 1} or more power can't enter this site.")
    if s.kills_on_entry:
        out.append("Whenever a minion enters this site, kill it.")
    return out


def unit_field_text(u: D.UnitDoc) -> list[str]:
    """A unit's shorthand ability fields, as the card text they stand for."""
    out = []
    if u.damage_reduction:
        out.append(f"Takes {u.damage_reduction} less damage.")
    if u.reduces_nearby_allies:
        out.append(f"Other nearby allies take {u.reduces_nearby_allies} less damage.")
    if u.immune_to_damage:
        out.append("Is immune to damage.")
    return out


def _sites(doc: D.ScenarioDoc, checks: _Checks) -> dict[int, Site]:
    sites: dict[int, Site] = {}
    for i, s in enumerate(doc.sites):
        if s.square in sites:
            checks.add(f"/sites/{i}/square", f"two sites on square {s.square}", "one site per square")
        checks.known_player(s.controller, f"/sites/{i}/controller")
        card = checks.card(s.card, f"/sites/{i}/card", ("site",))
        controller = None if s.rubble else s.controller
        given = s.affinity if s.affinity is not None else (card.threshold if card else None)
        affinity = Affinity() if s.rubble else Affinity.of(parse_threshold(given))
        name = s.name or (card.name if card else "Rubble" if s.rubble else f"Site {s.square}")
        text = s.text or (card.text if card else "")
        ward = s.ward or (bool(text) and abilities_of(text, name).keywords.ward)
        text = _with_lines(text, *site_field_text(s))
        sites[s.square] = Site(s.square, name, controller, s.owner or controller, affinity, s.rubble,
                               s.flooded or s.flooded_until_again is not None,
                               text=text, ward=ward, abilities=abilities_of(text, name) if text else Abilities(),
                               subtypes=card.subtypes if card else (), flood_again=s.flooded_until_again,
                               tapped=s.tapped and not s.rubble)
    return sites


def _auras(doc: D.ScenarioDoc, checks: _Checks) -> list[Aura]:
    """Auras on their 2x2 areas (a named aura card gives its name; what it does comes from its text)."""
    auras = []
    for i, a in enumerate(doc.auras):
        border = _aura_border(a, f"/auras/{i}", checks)
        squares = aura_squares(a.at) if a.at is not None else (() if border else None)
        if squares is None:
            if a.at is not None or not a.border:
                checks.add(f"/auras/{i}/at", f"a 2x2 aura cannot have its top-left corner on square {a.at}"
                           if a.at is not None else "an aura needs a place",
                           "use a square outside the last row and column" if a.at is not None else
                           "add \"at\" (the top-left square of its 2x2 area) or \"border\" (a wall's two squares)")
            continue
        card = checks.card(a.card, f"/auras/{i}/card", ("aura",))
        name = a.name or (card.name if card else "Aura")
        text = a.text or (card.text if card else "")
        cost = a.cost if a.cost is not None else (card.cost or 0 if card else 0)
        auras.append(Aura(a.id or f"aura{i + 1}", name, a.controller, squares, tuple(a.effects), text,
                          abilities_of(text, name) if text else Abilities(), turns=a.turns, cost=cost,
                          elements=tuple(card.elements) if card else (), border=border))
    return auras


def _aura_border(a: D.AuraDoc, ptr: str, checks: _Checks) -> tuple[int, int] | None:
    """A wall's border (Codex "Traverse": it "sits atop a border of a site"): two squares sharing one."""
    from codex.engine.borders import border_between
    if a.border is None:
        return None
    if a.at is not None:
        checks.add(f"{ptr}/border", "an aura is either on a 2x2 area (\"at\") or atop a border (\"border\"), not both",
                   "remove one of them")
        return None
    found = border_between(*a.border)
    if found is None:
        checks.add(f"{ptr}/border", f"squares {a.border[0]} and {a.border[1]} share no border",
                   "give two squares side by side in a row or a column")
    return found


def _check_location(loc: Location, site: Site | None, kind: str, ptr: str, checks: _Checks) -> None:
    if site is None and loc.region is not Region.VOID:
        checks.add(f"{ptr}/at", f"square {loc.square} has no site, so it has no {loc.region.value}",
                   f"add a site on square {loc.square} or put the unit in the void")
    elif site is not None and loc.region is Region.VOID:
        checks.add(f"{ptr}/at", f"square {loc.square} has a site, so it has no void location",
                   "use its surface or subsurface")
    if kind == "avatar" and loc.region.is_subsurface:
        checks.add(f"{ptr}/at", "an Avatar may never be underground or underwater",
                   "put the Avatar on the surface of a site (or in the void before its first site)")


def _card_power(card: CardData | None) -> tuple[int, int] | None:
    """A card's printed power: attack/defence (split power when they differ)."""
    if card is None or card.attack is None:
        return None
    return card.attack, card.defence if card.defence is not None else card.attack


def _oversized_location(loc: Location, size: tuple[int, int], board: GameState, kind: str, ptr: str,
                        checks: _Checks) -> Location:
    """An oversized unit's anchor (its area's top-left location, at the level the scenario gave)."""
    anchor = normalise(board, loc)
    found = area(board, anchor, size)
    if found is None:
        checks.add(f"{ptr}/at", f"a {size[0]}x{size[1]} area with its top-left corner on square {loc.square} does "
                   "not fit in the realm", "give the top-left square of an area inside the 5x4 realm")
    elif anchor.region.is_subsurface and any(board.site_at(x.square) is None for x in found):
        checks.add(f"{ptr}/at", "an oversized unit below the surface needs a site under each of its squares",
                   "put it on the surface, or move its area under sites")
    elif kind == "avatar" and anchor.region.is_subsurface:
        checks.add(f"{ptr}/at", "an Avatar may never be underground or underwater", "put the Avatar on the surface")
    return anchor


def _units(doc: D.ScenarioDoc, sites: dict[int, Site], board: GameState,
           checks: _Checks) -> list[Unit]:
    units: list[Unit] = []
    seen: set[str] = set()
    avatars: set[str] = set()
    for i, u in enumerate(doc.units):
        ptr = f"/units/{i}"
        if u.id in seen:
            checks.add(f"{ptr}/id", f"duplicate unit id {u.id!r}", "give each unit its own id")
        seen.add(u.id)
        checks.known_player(u.controller, f"{ptr}/controller")
        card = checks.card(u.card, f"{ptr}/card", ("minion", "avatar"))
        kind: UnitKind = u.kind if "kind" in u.model_fields_set or card is None else (
            "avatar" if card.type == "avatar" else "minion")
        loc = parse_location(u.at, sites)
        if u.size is None or tuple(u.size) == (1, 1):
            _check_location(loc, sites.get(loc.square), kind, ptr, checks)
        if kind == "avatar":
            if u.controller in avatars:
                checks.add(f"{ptr}/kind", f"{u.controller} already has an Avatar", "one Avatar per player")
            avatars.add(u.controller)
        token = token_kind(u.token) if isinstance(u.token, str) else None
        if isinstance(u.token, str) and token is None:
            checks.add(f"{ptr}/token", f"the Codex defines no token minion {u.token!r}",
                       f"use true, or one of {[t.name for t in TOKENS.values()]}")
        power = u.power if u.power is not None else (token.power if token else _card_power(card))
        if power is None:
            if u.card is None:
                checks.add(f"{ptr}/power", "a unit needs its power", "add \"power\" (or \"card\" naming the card)")
            continue
        name = u.name or (token.name if token else card.name if card else u.id)
        text = _with_lines(u.text or (token.text if token else card.text if card else ""), *unit_field_text(u))
        abilities = with_explicit(abilities_of(text, name), u.keywords)
        if abilities.unknown:
            checks.add(f"{ptr}/keywords", f"unknown keyword(s) {list(abilities.unknown)}",
                       "see docs/scenarios.md for the keywords the engine knows")
        kw = abilities.keywords
        if kind == "avatar":
            kw = kw.with_(spellcaster=True, stealth=False)
        attack, defense = _power(power)
        size = tuple(u.size) if u.size is not None else abilities.size or (1, 1)
        if size != (1, 1):
            if u.size is None:
                _check_location(loc, sites.get(loc.square), kind, ptr, checks)
            loc = _oversized_location(loc, (size[0], size[1]), board, kind, ptr, checks)
        units.append(Unit(u.id, name, u.controller, u.owner or u.controller, kind, loc, attack, defense,
                          u.damage, u.tapped, u.summoned_this_turn, kw, text=text,
                          abilities=abilities.with_keywords(kw),
                          token=bool(u.token), size=(size[0], size[1]), carried_by=u.carried_by,
                          held=u.held if u.carried_by is not None else None,
                          interacted=u.interacted, used=frozenset(u.used_this_turn),
                          subtypes=tuple(u.subtypes) if u.subtypes is not None else (
                              token.subtypes if token else card.subtypes if card else ()),
                          elements=tuple(u.elements) if u.elements is not None else (
                              card.elements if card else ((token.element,) if token else ())),
                          cost=card.cost if card else None, rarity=card.rarity if card else None,
                          minions_killed=u.minions_killed,
                          summoned_at=u.summoned_at if u.summoned_at is not None else loc.square))
    return units


def _carriers(doc: D.ScenarioDoc, units: list[Unit], board: GameState, checks: _Checks) -> None:
    """A carried unit's carrier must exist, be able to carry it, and share a location with it."""
    by_id = {u.id: u for u in units}
    state = board.evolve(units=tuple(units))
    for i, u in enumerate(doc.units):
        if u.held is not None and u.carried_by is None:
            checks.add(f"/units/{i}/held", f"{u.id!r} is held but carried by no unit",
                       "add \"carried_by\" (the unit whose effect carries it) or remove \"held\"")
    if not any(u.carried_by for u in doc.units):
        return
    for i, u in enumerate(doc.units):
        if u.carried_by is None or u.id not in by_id:
            continue
        ptr = f"/units/{i}/carried_by"
        carrier = by_id.get(u.carried_by)
        if carrier is None:
            checks.add(ptr, f"unknown unit {u.carried_by!r}", f"use one of {sorted(by_id)}")
            continue
        chain: set[str] = {u.id}
        cur: Unit | None = carrier
        while cur is not None and cur.id not in chain:
            chain.add(cur.id)
            cur = by_id.get(cur.carried_by) if cur.carried_by else None
        if cur is not None:
            checks.add(ptr, f"{by_id[u.id].name} would carry itself (through {carrier.name})",
                       "carrying cannot go round in a circle: remove one \"carried_by\"")
            continue
        others = [x for x in units if x.carried_by == carrier.id and x.id != u.id and x.held is None]
        found = None if u.held is not None else carry_reason(state, carrier, by_id[u.id], already=len(others),
                                                             check_place=False)
        if found is not None:
            checks.add(ptr, f"{carrier.name} cannot carry {by_id[u.id].name}: {explain(found[0])}",
                       "give the carrier a carrying ability (e.g. \"text\": \"May carry an ally.\") or remove "
                       "\"carried_by\"")
        elif state.shared_location(carrier, by_id[u.id]) is None:
            checks.add(ptr, f"{by_id[u.id].name} must share a location with {carrier.name}, who carries it",
                       "put both at the same location")


def _enterable(units: list[Unit], players: list[Player]) -> frozenset[str]:
    """The ids a card the scenario names may have once an effect puts it into the realm (again):
    its name lowercased with dashes (`effects.summon`), for a unit in the realm (it may leave and
    come back as a new object) and for a card named in a zone."""
    names = {u.name for u in units} | {c.name for p in players for z in ("hand", "cemetery", "spellbook", "banished")
                                       for c in p.zone(z).named}  # type: ignore[arg-type]
    return frozenset("-".join(n.lower().split()) for n in names if n)


def _slug(name: str) -> str:
    return "-".join(name.lower().split()) or "artifact"


def _artifacts(doc: D.ScenarioDoc, units: list[Unit], board: GameState, first_player: str,
               checks: _Checks) -> list[Artifact]:
    """The artifacts in the realm: those units carry by name, a Lance token per Lance keyword, and
    the scenario's own ``artifacts`` list (lying at a location, or carried)."""
    out: list[Artifact] = []
    if not doc.artifacts and not any(u.keywords.lances for u in units) and not any(u.artifacts for u in doc.units):
        return out
    by_id = {u.id: u for u in units}
    for i, u in enumerate(doc.units):
        unit = by_id.get(u.id)
        if unit is None:
            continue
        names = u.artifacts if u.artifacts is not None else ("Lance",) * unit.keywords.lances
        counts: dict[str, int] = {}
        for j, name in enumerate(names):
            slug = _slug(name)
            counts[slug] = counts.get(slug, 0) + 1
            aid = f"{unit.id}-{slug}" + (f"-{counts[slug]}" if counts[slug] > 1 else "")
            token = name.lower() == "lance"
            card = None if token else _carried_card(name, f"/units/{i}/artifacts/{j}", checks)
            text = card.text if card else ""
            out.append(Artifact(aid, card.name if card else name, unit.controller, unit.location,
                                bearer=unit.id, token=token, cost=card.cost or 0 if card else 0,
                                text=text, abilities=abilities_of(text, name) if text else Abilities(),
                                subtypes=card.subtypes if card else ()))
    seen = {a.id for a in out}
    state = board.evolve(units=tuple(units))
    for i, a in enumerate(doc.artifacts):
        ptr = f"/artifacts/{i}"
        if a.id in seen or a.id in by_id:
            checks.add(f"{ptr}/id", f"duplicate id {a.id!r}", "give each artifact its own id")
        seen.add(a.id)
        card = checks.card(a.card, f"{ptr}/card", ("artifact",))
        if card is not None and "minion" in card.types:
            checks.add(f"{ptr}/card", f"{card.name} is an artifact minion (Codex: \"Automatons are artifacts that are "
                       "minions\"): it is a unit on the board", f"give it under \"units\" (\"card\": \"{card.name}\")")
            continue
        name = a.name or (card.name if card else a.id)
        text = a.text or (card.text if card else "")
        checks.known_player(a.owner, f"{ptr}/owner")
        checks.known_player(a.controller, f"{ptr}/controller")
        bearer = by_id.get(a.carried_by) if a.carried_by else None
        if a.carried_by and bearer is None:
            checks.add(f"{ptr}/carried_by", f"unknown unit {a.carried_by!r}", f"use one of {sorted(by_id)}")
            continue
        if bearer is not None and a.monument:
            checks.add(f"{ptr}/carried_by", f"{name} is a Monument: it cannot be carried", "remove \"carried_by\"")
        if a.at is None and bearer is None:
            checks.add(f"{ptr}/at", f"{name} is neither carried nor at a location", "add \"at\" or \"carried_by\"")
            continue
        loc = parse_location(a.at, {s.square: s for s in board.sites}) if a.at is not None else (
            bearer.location if bearer else None)
        assert loc is not None
        if bearer is not None and not state.occupies(bearer, loc):
            checks.add(f"{ptr}/at", f"{name} must be at a location its bearer {bearer.name} occupies",
                       "give one of the bearer's locations, or leave \"at\" out")
        elif not board.location_exists(loc):
            checks.add(f"{ptr}/at", f"the {loc} does not exist in the realm", "give a location that exists")
        owner = a.owner or (bearer.controller if bearer else a.controller or first_player)
        cost = a.cost or (card.cost or 0 if card else 0)
        offset = offset_in(state, bearer, loc) if bearer is not None else (0, 0)
        monument = a.monument or bool(card and "Monument" in card.subtypes)     # Codex "Artifact": Monuments stay
        out.append(Artifact(a.id, name, owner, loc, bearer=bearer.id if bearer else None, offset=offset,
                            carriable=not monument,
                            token=a.token, controller=None if not monument else (a.controller or owner),
                            cost=cost, text=text, abilities=abilities_of(text, name) if text else Abilities(),
                            subtypes=card.subtypes if card else (), tapped=a.tapped))
    return out


def _carried_card(name: str, pointer: str, checks: _Checks) -> CardData | None:
    """The catalog's card for an artifact a unit carries by name, so that its text is read and
    executed as when it is listed with ``card`` (a Ring its bearer wears grants its ability
    either way); a name the catalog does not know, or with no catalog, is an artifact of that
    name and no text, as before. A card that cannot be carried is a problem."""
    card = checks.cards.card(name) if checks.cards is not None else None
    if card is None or "artifact" not in card.types:
        return None
    if "minion" in card.types:
        checks.add(pointer, f"{card.name} is an artifact minion (Codex: \"Automatons are artifacts that are "
                   "minions\"): it is a unit on the board", f"give it under \"units\" (\"card\": \"{card.name}\")")
        return None
    if "Monument" in card.subtypes:
        checks.add(pointer, f"{card.name} is a Monument: it cannot be carried",
                   "list it under \"artifacts\" with \"at\"")
        return None
    return card


# ----------------------------------------------------------------------------- the action

_UNIT_FIELDS = ("unit", "attacker", "mover", "caster", "source", "other", "carrier")


def _spell(spell: D.SpellDoc, ptr: str, checks: _Checks) -> D.SpellDoc:
    """A spell with the fields its named card gives filled in (the scenario's own fields win)."""
    card = checks.card(spell.card, f"{ptr}/card", ("minion", "artifact", "aura", "magic"))
    if card is not None:
        given = spell.model_fields_set
        spell = spell.model_copy(update={k: v for k, v in {
            "name": card.name, "type": card.type, "cost": card.cost or 0, "threshold": dict(card.threshold),
            "text": card.text, "power": _card_power(card) or 0}.items() if k not in given or getattr(spell, k) is None})
        if "carriable" not in given and card.type == "artifact" and "Monument" in card.subtypes:
            spell = spell.model_copy(update={"carriable": False})
        if "also" not in given and len(card.types) > 1:     # an Automaton: an artifact minion
            spell = spell.model_copy(update={"also": tuple(t for t in card.types if t != card.type)})
    for fld in ("name", "type"):
        if getattr(spell, fld) is None and spell.card is None:
            checks.add(f"{ptr}/{fld}", f"a spell needs its {fld}", f"add \"{fld}\" (or \"card\" naming the card)")
    return spell


def _resolve_cards(action: D.Action, ptr: str, checks: _Checks) -> D.Action:
    """The action with every spell it casts resolved against the card source."""
    if isinstance(action, D.Sequence):
        subs = tuple(_resolve_cards(a, f"{ptr}/actions/{i}", checks) for i, a in enumerate(action.actions))
        return action.model_copy(update={"actions": subs})
    if isinstance(action, D.Cast):
        return action.model_copy(update={"spell": _spell(action.spell, f"{ptr}/spell", checks)})
    if isinstance(action, (D.Attack, D.MoveAndAttack)) and action.casts:    # spells cast during the attack
        casts = tuple(_resolve_cards(c, f"{ptr}/casts/{i}", checks) for i, c in enumerate(action.casts))
        return action.model_copy(update={"casts": casts})
    if isinstance(action, D.PlaySite) and action.site.card is not None:
        card = checks.card(action.site.card, f"{ptr}/site/card", ("site",))
        if card is not None:
            given = action.site.model_fields_set
            site = action.site.model_copy(update={k: v for k, v in {
                "name": card.name, "affinity": dict(card.threshold), "text": card.text}.items()
                if k not in given or getattr(action.site, k) is None})
            return action.model_copy(update={"site": site})
    if isinstance(action, D.CheckDeck):
        return action.model_copy(update={"deck": deck_entries(action.deck, f"{ptr}/deck", checks)})
    return action


def _check_action(action: D.Action, ptr: str, created: set[str], checks: _Checks,
                  artifacts: set[str] | None = None, animatable: frozenset[str] = frozenset(),
                  enterable: frozenset[str] = frozenset()) -> None:
    """Every unit (and artifact) an action names must exist in the scenario (or be created
    earlier in a sequence: summoned, an aura or artifact of ``animatable`` animated, Codex
    "Animate", or a card of ``enterable`` an effect put into the realm under the id an effect's
    summon gives, its name lowercased with dashes; if it was not, that action is illegal with
    ``unit_gone``)."""
    artifacts = artifacts if artifacts is not None else set()
    if isinstance(action, D.Sequence):
        for i, sub in enumerate(action.actions):
            if i:
                created.update(animatable | enterable)
            _check_action(sub, f"{ptr}/actions/{i}", created, checks, artifacts, animatable, enterable)
        return
    if isinstance(action, (D.Attack, D.MoveAndAttack)):
        for i, sub in enumerate(action.casts):
            _check_action(sub, f"{ptr}/casts/{i}", created, checks, artifacts)
    if isinstance(action, D.Summon):
        created.add(action.minion.id or action.minion.name)
        checks.known_player(action.controller, f"{ptr}/controller")
    if isinstance(action, D.Cast) and action.spell.type == "minion":
        created.add(action.spell.id or action.spell.name or "")
        if action.location is None:
            checks.add(f"{ptr}/location", "a minion spell needs a summoning location",
                       "add \"location\": the square (or [square, region]) it is summoned to")
    if isinstance(action, D.Cast) and action.spell.type == "artifact":
        artifacts.add(action.spell.id or "-".join((action.spell.name or "").lower().split()))

    def artifact(aid: str, pointer: str) -> None:
        if aid not in artifacts:
            checks.add(pointer, f"unknown artifact {aid!r}", f"use one of {sorted(artifacts)}")

    if isinstance(action, D.Move):
        given = [f for f in ("path", "to", "direction") if getattr(action, f)]
        if len(given) != 1:
            checks.add(ptr, "a move needs exactly one of \"path\", \"to\" and \"direction\""
                       + (f" (it has {', '.join(given)})" if given else ""),
                       "give the path the effect declares, its destination, or a direction with \"steps\"")
    if isinstance(action, D.Destroy) and isinstance(action.target, D.ArtifactRef):
        artifact(action.target.artifact, f"{ptr}/target/artifact")
    if isinstance(action, (D.PickUp, D.DropAction)):
        for i, aid in enumerate(action.artifacts):
            artifact(aid, f"{ptr}/artifacts/{i}")

    def unit(uid: str | None, pointer: str) -> None:
        if uid is not None and uid not in created:
            checks.add(pointer, f"unknown unit {uid!r}", f"use one of {sorted(created)}")

    for f in _UNIT_FIELDS:
        unit(getattr(action, f, None), f"{ptr}/{f}")
    for f in ("target", "attack", "of"):
        v = getattr(action, f, None)
        if isinstance(v, str):
            unit(v, f"{ptr}/{f}")
        elif isinstance(v, D.UnitRef):
            unit(v.unit, f"{ptr}/{f}/unit")
    for f in ("defenders", "interceptors", "hit", "targets", "units"):
        for i, v in enumerate(getattr(action, f, ()) or ()):
            uid = v if isinstance(v, str) else v.unit
            if f == "targets" and isinstance(action, D.Cast) and uid in artifacts and uid not in created:
                # a spell's "target artifact" is a choice, not a declared unit target: say how
                spell = action.spell.id or action.spell.name
                checks.add(f"{ptr}/targets/{i}", f"{uid!r} is an artifact: a cast's \"targets\" name units",
                           f"answer the spell's artifact target with \"choices\": {{\"{spell}.0.target\": "
                           f"\"{uid}\"}} (docs/scenarios.md, \"Choices\")")
                continue
            unit(uid, f"{ptr}/{f}/{i}")
    for f in ("player", "owner", "first"):
        pid = getattr(action, f, None)
        if isinstance(pid, str):
            checks.known_player(pid, f"{ptr}/{f}")


_DOC = TypeAdapter(D.ScenarioDoc)


def load(doc: Any, cards: CardSource | None = None) -> tuple[GameState, D.Action]:
    """Validate a scenario document and build its state; returns (state, typed action).

    ``cards`` resolves the cards the scenario names (``"card": "Bosk Troll"``); without it, naming a
    card is a problem that says how to import a catalog."""
    if not isinstance(doc, dict):
        raise ScenarioError([Problem("", "a scenario must be a JSON object",
                                     'start from {"format": "%s", ...}' % FORMAT)])
    try:
        parsed = _DOC.validate_python(doc)
    except ValidationError as e:
        raise ScenarioError(shape_problems(e, doc)) from None
    player_ids = [p.id for p in parsed.players]
    checks = _Checks(player_ids, cards)
    for i, pid in enumerate(player_ids):
        if player_ids.index(pid) != i:
            checks.add(f"/players/{i}/id", f"duplicate player id {pid!r}", "give each player its own id")
    if len(player_ids) == 1:
        player_ids.append("p2" if player_ids[0] != "p2" else "p1")
    players = [Player(p.id, p.life if p.life is not None else p.max_life, p.max_life, p.deaths_door_turn, p.mana,
                      Affinity.of(parse_threshold(p.affinity)), **player_zones(p, f"/players/{i}", checks))
               for i, p in enumerate(parsed.players)]
    if len(players) == 1:
        players.append(Player(player_ids[1]))
    checks.known_player(parsed.turn.active, "/turn/active")
    sites = _sites(parsed, checks)
    auras = _auras(parsed, checks)
    board = GameState(Turn(parsed.turn.active), tuple(players), tuple(sorted(sites.values(), key=lambda s: s.square)),
                      (), tuple(auras))
    units = _units(parsed, sites, board, checks)
    _carriers(parsed, units, board, checks)
    artifacts = _artifacts(parsed, units, board, player_ids[0], checks)
    action = _resolve_cards(parsed.action, "/action", checks)
    if D.count_actions(action) > D.MAX_ACTIONS:
        checks.add("/action", f"more than {D.MAX_ACTIONS} actions in one scenario",
                   "split the sequence into several scenarios")
    for i, (a, b) in enumerate(parsed.as_if_adjacent):
        if a == b:
            checks.add(f"/as_if_adjacent/{i}", f"square {a} linked to itself", "link two different sites")
    _check_action(action, "/action", {u.id for u in units}, checks, {a.id for a in artifacts},
                  frozenset(a.id for a in auras) | frozenset(a.id for a in artifacts), _enterable(units, players))
    lasting = lasting_effects(parsed.lasting, {u.id for u in units}, checks)
    if checks.problems:
        raise ScenarioError(checks.problems)
    state = GameState(Turn(parsed.turn.active, parsed.turn.number, parsed.turn.phase), tuple(players),
                      board.sites, tuple(units), tuple(auras), artifacts=tuple(artifacts),
                      as_if_adjacent=tuple((a, b) for a, b in parsed.as_if_adjacent), lasting=lasting,
                      counters=_counters(parsed, auras))
    _check_subsurfaces(state, checks)
    if checks.problems:
        raise ScenarioError(checks.problems)
    return state, action


def _check_subsurfaces(state: GameState, checks: _Checks) -> None:
    """A unit below a site is underwater under a water site and underground under a land site
    (Codex "Subsurface"). Checked on the whole board, so what makes a site water or land is what the
    rules say now: its affinity, Flooded, and the ongoing effects of every card (a flood aura, "This
    site is flooded", a site that lost its abilities and with them Flooded), as the engine reads it
    everywhere else (`ongoing.site_is_water`). Units are built in the document's order, one each."""
    from codex.engine.ongoing import site_is_water
    for i, unit in enumerate(state.units):
        loc = unit.location
        site = state.site_at(loc.square)
        if site is None or not loc.region.is_subsurface:
            continue
        water = site_is_water(state, site)
        if (loc.region is Region.UNDERWATER) != water:
            region = "underwater" if water else "underground"
            checks.add(f"/units/{i}/at", f"{site.name} is a {'water' if water else 'land'} site; its subsurface is "
                       f"{region}", f"use [{loc.square}, \"{region}\"]")


def _counters(doc: D.ScenarioDoc, auras: list[Aura]) -> tuple[tuple[str, int], ...]:
    """The counters the scenario puts on cards (`effects.counters`), keyed as the engine keeps them."""
    aura_ids = {i: a.id for i, a in enumerate(auras)}
    found = [(f"site:{s.square}", s.counters) for s in doc.sites] + \
        [(f"aura:{aura_ids[i]}", a.counters) for i, a in enumerate(doc.auras) if i in aura_ids] + \
        [(f"unit:{u.id}", u.counters) for u in doc.units] + [(f"artifact:{a.id}", a.counters) for a in doc.artifacts]
    return tuple((k, n) for k, n in found if n > 0)


if __name__ == "__main__":   # python -m codex.engine.scenario: write the packaged schema from the models
    from pathlib import Path

    target = Path(__file__).with_name(SCHEMA_FILE)
    target.write_text(json.dumps(schema(), indent=1) + "\n", "utf-8")
    print(f"wrote {target}")
