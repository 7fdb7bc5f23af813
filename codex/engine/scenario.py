"""Scenario JSON -> GameState, validated by the packaged JSON Schema then semantic checks.

Every problem is collected as {pointer, problem, fix} so a person writing a scenario by hand
sees all of them at once; nothing here raises anything but ScenarioError.
"""
from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from codex.engine.exceptions import Problem, ScenarioError
from codex.engine.geometry import Location, Region
from codex.engine.keywords import parse_threshold, unit_keywords
from codex.engine.state import Affinity, Aura, GameState, Player, Site, Turn, Unit

FORMAT = "arbiter.scenario/1"


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The packaged JSON Schema of the scenario format."""
    return json.loads(resources.files("codex.engine").joinpath("scenario.schema.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


def _pointer(parts: Any) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _leaf_errors(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """For oneOf/anyOf failures, report the most specific sub-error rather than the union."""
    if error.context:
        best = jsonschema.exceptions.best_match(error.context)
        if best is not None:
            return [best]
    return [error]


@lru_cache(maxsize=1)
def _fast_check() -> Any:
    """jsonschema-rs for the common valid case; the Python validator explains failures."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - optional speed-up
        return None
    return jsonschema_rs.validator_for(schema())


def schema_problems(doc: Any) -> list[Problem]:
    fast = _fast_check()
    if fast is not None and fast.is_valid(doc):
        return []
    problems = []
    for err in sorted(_validator().iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        for leaf in _leaf_errors(err):
            fix = "see docs/scenarios.md for this field"
            if leaf.validator == "required":
                fix = "add the missing field"
            elif leaf.validator == "additionalProperties":
                fix = "remove or rename the unknown field"
            elif leaf.validator in ("enum", "const"):
                fix = f"use one of {leaf.validator_value!r}" if leaf.validator == "enum" else f"use {leaf.validator_value!r}"
            problems.append(Problem(_pointer(leaf.absolute_path), leaf.message, fix))
    return problems


def parse_location(value: Any, sites: dict[int, Any]) -> Location:
    """A bare square means its site's surface, or the void when the square has no site."""
    if isinstance(value, int):
        return Location(value, Region.SURFACE if value in sites else Region.VOID)
    return Location(int(value[0]), Region(value[1]))


def _power(value: Any) -> tuple[int, int]:
    if isinstance(value, list):
        return int(value[0]), int(value[1])
    return int(value), int(value)


def load(doc: Any) -> tuple[GameState, dict[str, Any]]:
    """Validate a scenario document and build its state; returns (state, action)."""
    if not isinstance(doc, dict):
        raise ScenarioError([Problem("", "a scenario must be a JSON object", 'start from {"format": "%s", ...}' % FORMAT)])
    problems = schema_problems(doc)
    if problems:
        raise ScenarioError(problems)
    problems = []
    player_ids = [p["id"] for p in doc["players"]]
    for i, pid in enumerate(player_ids):
        if player_ids.index(pid) != i:
            problems.append(Problem(f"/players/{i}/id", f"duplicate player id {pid!r}", "give each player its own id"))
    if len(player_ids) == 1:
        player_ids.append("p2" if player_ids[0] != "p2" else "p1")
    players = []
    for p in doc["players"]:
        max_life = p.get("max_life", 20)
        life = p.get("life", max_life)
        dd = p.get("deaths_door_turn")
        players.append(Player(p["id"], life, max_life, dd, p.get("mana", 0), Affinity.of(parse_threshold(p.get("affinity")))))
    if len(players) == 1:
        players.append(Player(player_ids[1]))
    turn = doc["turn"]
    if turn["active"] not in player_ids:
        problems.append(Problem("/turn/active", f"unknown player {turn['active']!r}", f"use one of {player_ids}"))

    def known_player(pid: Any, pointer: str) -> None:
        if pid is not None and pid not in player_ids:
            problems.append(Problem(pointer, f"unknown player {pid!r}", f"use one of {player_ids}"))

    sites: dict[int, Site] = {}
    for i, s in enumerate(doc.get("sites", [])):
        if s["square"] in sites:
            problems.append(Problem(f"/sites/{i}/square", f"two sites on square {s['square']}", "one site per square"))
        rubble = s.get("rubble", False)
        controller = None if rubble else s.get("controller")
        known_player(s.get("controller"), f"/sites/{i}/controller")
        sites[s["square"]] = Site(s["square"], s.get("name", "Rubble" if rubble else f"Site {s['square']}"), controller,
                                  s.get("owner", controller), Affinity() if rubble else Affinity.of(parse_threshold(s.get("affinity"))),
                                  rubble, s.get("flooded", False), s.get("max_entry_power"), s.get("kills_on_entry", False),
                                  s.get("text", ""))
    auras = []
    for i, a in enumerate(doc.get("auras", [])):
        from codex.engine.casting import aura_squares
        squares = aura_squares(a["at"])
        if squares is None:
            problems.append(Problem(f"/auras/{i}/at", f"a 2x2 aura cannot have its top-left corner on square {a['at']}",
                                    "use a square outside the last row and column"))
            continue
        auras.append(Aura(a.get("id", f"aura{i + 1}"), a.get("name", "Aura"), a.get("controller"), squares,
                          tuple(a.get("effects", []))))
    units: list[Unit] = []
    seen: set[str] = set()
    for i, u in enumerate(doc.get("units", [])):
        ptr = f"/units/{i}"
        if u["id"] in seen:
            problems.append(Problem(f"{ptr}/id", f"duplicate unit id {u['id']!r}", "give each unit its own id"))
        seen.add(u["id"])
        known_player(u["controller"], f"{ptr}/controller")
        loc = parse_location(u["at"], sites)
        kind = u.get("kind", "minion")
        site = sites.get(loc.square)
        if site is None and loc.region is not Region.VOID:
            problems.append(Problem(f"{ptr}/at", f"square {loc.square} has no site, so it has no {loc.region.value}",
                                    f"add a site on square {loc.square} or put the unit in the void"))
        elif site is not None and loc.region is Region.VOID:
            problems.append(Problem(f"{ptr}/at", f"square {loc.square} has a site, so it has no void location",
                                    "use its surface or subsurface"))
        elif site is not None and loc.region.is_subsurface:
            water = not site.rubble and (site.affinity.water > 0 or site.flooded or any(
                "flood" in a.effects and loc.square in a.squares for a in auras))
            if (loc.region is Region.UNDERWATER) != water:
                kind_txt = "water" if water else "land"
                problems.append(Problem(f"{ptr}/at", f"{site.name} is a {kind_txt} site; its subsurface is "
                                        f"{'underwater' if water else 'underground'}",
                                        f"use [{loc.square}, \"{'underwater' if water else 'underground'}\"]"))
        if kind == "avatar" and loc.region.is_subsurface:
            problems.append(Problem(f"{ptr}/at", "an Avatar may never be underground or underwater",
                                    "put the Avatar on the surface of a site (or in the void before its first site)"))
        attack, defense = _power(u["power"])
        kw = unit_keywords(u.get("text"), u.get("keywords", []))
        if kw.unknown:
            problems.append(Problem(f"{ptr}/keywords", f"unknown keyword(s) {list(kw.unknown)}",
                                    "see docs/scenarios.md for the keywords the engine knows"))
        if kind == "avatar":
            kw = replace(kw, spellcaster=True, stealth=False)
        artifacts = tuple(u.get("artifacts", ["Lance"] if kw.lance else []))
        units.append(Unit(u["id"], u.get("name", u["id"]), u["controller"], u.get("owner", u["controller"]), kind, loc,
                          attack, defense, u.get("damage", 0), u.get("tapped", False), u.get("summoned_this_turn", False),
                          kw, artifacts, u.get("text", ""), u.get("damage_reduction", 0),
                          u.get("reduces_nearby_allies", 0), u.get("immune_to_damage", False)))
    avatars: dict[str, int] = {}
    for i, u in enumerate(units):
        if u.is_avatar:
            if u.controller in avatars:
                problems.append(Problem(f"/units/{i}/kind", f"{u.controller} already has an Avatar", "one Avatar per player"))
            avatars[u.controller] = i
    _check_action_refs(doc["action"], "/action", seen, player_ids, problems)
    if problems:
        raise ScenarioError(problems)
    state = GameState(Turn(turn["active"], turn.get("number", 1), turn.get("phase", "main")), tuple(players),
                      tuple(sorted(sites.values(), key=lambda s: s.square)), tuple(units), tuple(auras))
    return state, doc["action"]


_UNIT_FIELDS = ("unit", "attacker", "mover", "caster", "source", "other", "carrier")


def _check_action_refs(action: dict[str, Any], ptr: str, units: set[str], players: list[str],
                       problems: list[Problem]) -> None:
    """Every unit an action names must exist in the scenario (or be created earlier in a sequence)."""
    created = set(units)

    def check(a: dict[str, Any], p: str) -> None:
        if a["do"] == "sequence":
            for i, sub in enumerate(a["actions"]):
                check(sub, f"{p}/actions/{i}")
            return
        if a["do"] == "cast" and a["spell"].get("type") == "minion":
            created.add(a["spell"].get("id", a["spell"]["name"]))
        for f in _UNIT_FIELDS:
            v = a.get(f)
            if isinstance(v, str) and v not in created:
                problems.append(Problem(f"{p}/{f}", f"unknown unit {v!r}", f"use one of {sorted(created)}"))
        for f in ("target", "attack"):
            v = a.get(f)
            uid = v if isinstance(v, str) else (v.get("unit") if isinstance(v, dict) else None)
            if uid is not None and uid not in created:
                sub = f"{p}/{f}" + ("" if isinstance(v, str) else "/unit")
                problems.append(Problem(sub, f"unknown unit {uid!r}", f"use one of {sorted(created)}"))
        for f in ("defenders", "interceptors", "hit", "targets"):
            for i, v in enumerate(a.get(f, []) or []):
                uid = v if isinstance(v, str) else v.get("unit")
                if uid not in created:
                    problems.append(Problem(f"{p}/{f}/{i}", f"unknown unit {uid!r}", f"use one of {sorted(created)}"))
        if a.get("player") is not None and a["player"] not in players:
            problems.append(Problem(f"{p}/player", f"unknown player {a['player']!r}", f"use one of {players}"))

    check(action, ptr)
