"""Selectors: which game objects a card's words name, evaluated on the board.

The card-text AST says *what* a role means (``Selector(noun="minion", det="each", mods=("allied",),
filters=(Where("nearby"),))``); this module finds the objects. A noun gives the candidates (units,
minions, allies, sites, locations, artifacts, auras, players, a subtype such as Mortal), the
modifiers and filters narrow them (allied, enemy, other, tapped, water, a keyword, nearby, here,
at a place, with 3 or more power, "that occupy ..."), and the determiner says how many
(``each``/``all``: every one; ``a``/``target``/a number: the controller chooses; ``this``/``that``/
``it``: what the context refers to).

Anything the evaluator does not know raises `NotExecutable` naming it, so an ability either runs
as the card says or is reported as not executed, never half-read. The same tables drive the
static check of `check.py`, so coverage figures and rulings agree.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from codex.cardtext import ast as A
from codex.engine.effects.context import Ctx, Obj
from codex.engine.geometry import Location, Region, adjacent_squares, manhattan, nearby_squares
from codex.engine.ongoing import keywords_at, site_is_water
from codex.engine.state import GameState, Unit


class NotExecutable(Exception):
    """This engine version does not execute the AST it was given: ``what`` says which part."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


# ----------------------------------------------------------------------------- nouns

#: noun (singular) → (kind of object, extra condition)
NOUNS: dict[str, tuple[str, str | None]] = {
    "unit": ("unit", None), "minion": ("unit", "minion"), "avatar": ("unit", "avatar"),
    "ally": ("unit", "ally"), "enemy": ("unit", "enemy"), "token": ("unit", "token"),
    "site": ("site", None), "location": ("location", None), "void": ("location", "void"),
    "artifact": ("artifact", None), "aura": ("aura", None),
    "player": ("player", None), "opponent": ("player", "opponent"), "everyone": ("player", None),
    "anyone": ("player", None), "controller": ("player", "controller"), "owner": ("player", "owner"),
    "caster": ("unit", "caster"), "bearer": ("unit", "bearer"),
}
#: Subtypes written as nouns ("Mortals", "Giants") name minions of that subtype.
_PLURALS = {"ies": "y", "ves": "f", "es": "", "s": ""}

#: modifiers the evaluator knows (a Keyword or subtype as modifier is handled by form)
MODS = {"allied", "enemy", "other", "tapped", "untapped", "weaker", "stronger", "water", "land",
        "affected", "fire", "earth", "air", "dead", "random", "adjacent", "nearby", "aboveground",
        "ordinary", "exceptional", "elite", "unique"}
ELEMENT_MODS = {"fire", "earth", "air", "water"}

#: place relations the evaluator knows
RELS = {"nearby", "adjacent", "here", "there", "at", "atop", "on", "in", "occupying", "within",
        "adjacent_to", "anywhere", "in_realm", "in_play"}

ALL_DETS = {None, "each", "all", "every", "any", "the"}
ONE_DETS = {"a", "an", "one", "target", "another"}


def singular(noun: str) -> str:
    word = noun.strip()
    low = word.lower()
    if low in NOUNS:
        return low
    for end, repl in _PLURALS.items():
        if low.endswith(end) and low[: -len(end)] + repl in NOUNS:
            return low[: -len(end)] + repl
    if word[:1].isupper():   # a subtype: singular form kept capitalised
        if word.endswith("ies"):
            return word[:-3] + "y"
        if word.endswith("s") and not word.endswith("ss"):
            return word[:-1]
    return low


def is_subtype(noun: str) -> bool:
    return noun[:1].isupper() and singular(noun).lower() not in NOUNS


# ----------------------------------------------------------------------------- objects on the board

def unit_obj(u: Unit) -> Obj:
    return Obj("unit", u.id)


def locations_of(state: GameState, obj: Obj) -> list[Location]:
    """Where an object is: a unit's or artifact's location, a site's surface and subsurface, an
    aura's squares' surfaces (or voids), a location itself."""
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return [u.location] if u else []
    if obj.kind == "artifact":
        a = next((x for x in state.artifacts if x.id == obj.key), None)
        if a is None:
            return []
        bearer = state.unit(a.bearer) if a.bearer else None
        return [bearer.location if bearer else a.location]
    if obj.kind == "site":
        site = state.site_at(obj.key)
        if site is None:
            return []
        sub = Region.UNDERWATER if site_is_water(state, site) else Region.UNDERGROUND
        return [Location(obj.key, Region.SURFACE), Location(obj.key, sub)]
    if obj.kind == "aura":
        aura = next((a for a in state.auras if a.id == obj.key), None)
        if aura is None:
            return []
        return [Location(sq, Region.SURFACE if state.site_at(sq) else Region.VOID) for sq in aura.squares]
    if obj.kind == "location":
        return [obj.key]
    return []


def controller_of(state: GameState, obj: Obj) -> str | None:
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return u.controller if u else None
    if obj.kind == "site":
        s = state.site_at(obj.key)
        return s.controller if s else None
    if obj.kind == "aura":
        aura = next((x for x in state.auras if x.id == obj.key), None)
        return aura.controller if aura else None
    if obj.kind == "artifact":
        art = next((x for x in state.artifacts if x.id == obj.key), None)
        if art is None:
            return None
        bearer = state.unit(art.bearer) if art.bearer else None
        return bearer.controller if bearer else art.controller
    if obj.kind == "player":
        return str(obj.key)
    return None


def name_of(state: GameState, obj: Obj) -> str:
    if obj.kind == "unit":
        u = state.unit(obj.key)
        return u.name if u else str(obj.key)
    if obj.kind == "site":
        s = state.site_at(obj.key)
        return s.name if s else f"square {obj.key}"
    if obj.kind in ("aura", "artifact"):
        items = state.auras if obj.kind == "aura" else state.artifacts
        found = next((x for x in items if x.id == obj.key), None)
        return found.name if found else str(obj.key)
    if obj.kind == "location":
        return str(obj.key)
    return str(obj.key)


def source_locations(state: GameState, ctx: Ctx) -> list[Location]:
    """Where the ability's card is (a spell: where its caster is)."""
    if ctx.source.kind == "spell":
        caster = state.unit(ctx.caster) if ctx.caster else None
        return [caster.location] if caster else []
    return locations_of(state, ctx.source)


def _candidates(state: GameState, kind: str) -> list[Obj]:
    if kind == "unit":
        return [unit_obj(u) for u in state.units]
    if kind == "site":
        return [Obj("site", s.square) for s in state.sites]
    if kind == "artifact":
        return [Obj("artifact", a.id) for a in state.artifacts]
    if kind == "aura":
        return [Obj("aura", a.id) for a in state.auras]
    if kind == "player":
        return [Obj("player", p.id) for p in state.players]
    if kind == "location":
        out = []
        for sq in range(1, 21):
            site = state.site_at(sq)
            if site is None:
                out.append(Obj("location", Location(sq, Region.VOID)))
            else:
                out += [Obj("location", loc) for loc in locations_of(state, Obj("site", sq))]
        return out
    raise NotExecutable(f"objects of kind {kind!r}")


# ----------------------------------------------------------------------------- conditions on objects

def _unit(state: GameState, obj: Obj) -> Unit | None:
    return state.unit(obj.key) if obj.kind == "unit" else None


def _noun_test(state: GameState, ctx: Ctx, noun: str) -> tuple[str, Callable[[Obj], bool]]:
    word = singular(noun)
    if word in NOUNS:
        kind, extra = NOUNS[word]
        return kind, _extra_test(state, ctx, extra)
    if is_subtype(noun):
        sub = word.lower()
        return "unit", lambda o: bool((u := _unit(state, o)) and sub in {s.lower() for s in u.subtypes})
    raise NotExecutable(f"the noun {noun!r}")


def _extra_test(state: GameState, ctx: Ctx, extra: str | None) -> Callable[[Obj], bool]:
    you = ctx.controller
    if extra is None:
        return lambda o: True
    if extra == "minion":
        return lambda o: bool((u := _unit(state, o)) and u.is_minion)
    if extra == "avatar":
        return lambda o: bool((u := _unit(state, o)) and u.is_avatar)
    if extra == "ally":
        return lambda o: controller_of(state, o) == you
    if extra == "enemy":
        return lambda o: controller_of(state, o) not in (you, None)
    if extra == "token":
        return lambda o: bool((u := _unit(state, o)) and u.token)
    if extra == "void":
        return lambda o: o.key.region is Region.VOID
    if extra == "opponent":
        return lambda o: o.key != you
    if extra == "controller":
        return lambda o: o.key == you
    if extra == "owner":
        owner = _owner_of_source(state, ctx)
        return lambda o: o.key == owner
    if extra == "caster":
        return lambda o: o.key == ctx.caster
    if extra == "bearer":
        bearer = _bearer_of_source(state, ctx)
        return lambda o: o.key == bearer
    raise NotExecutable(f"the noun condition {extra!r}")


def _owner_of_source(state: GameState, ctx: Ctx) -> str | None:
    u = _unit(state, ctx.source)
    return u.owner if u else ctx.controller


def _bearer_of_source(state: GameState, ctx: Ctx) -> str | None:
    if ctx.source.kind != "artifact":
        return None
    a = next((x for x in state.artifacts if x.id == ctx.source.key), None)
    return a.bearer if a else None


def _power(state: GameState, u: Unit) -> int:
    from codex.engine.effects.statics import power_of
    attack, defense = power_of(state, u)
    return (attack + defense) // 2


def _mod_test(state: GameState, ctx: Ctx, mod: str) -> Callable[[Obj], bool]:
    you = ctx.controller
    low = mod.lower()
    if low.startswith("non-"):
        inner = _mod_test(state, ctx, mod[4:])
        return lambda o: not inner(o)
    if low == "allied":
        return lambda o: controller_of(state, o) == you
    if low == "enemy":
        return lambda o: controller_of(state, o) not in (you, None)
    if low == "other":
        return lambda o: o != ctx.source and not (ctx.source.kind == "spell" and o.key == ctx.caster)
    if low in ("tapped", "untapped"):
        want = low == "tapped"
        return lambda o: bool((u := _unit(state, o)) and u.tapped == want)
    if low in ("weaker", "stronger"):
        me = _unit(state, ctx.source)
        if me is None:
            raise NotExecutable(f"{low} than a card that is not a unit")
        mine = _power(state, me)
        return lambda o: bool((u := _unit(state, o)) and (_power(state, u) < mine if low == "weaker"
                                                            else _power(state, u) > mine))
    if low in ("water", "land"):
        want_water = low == "water"
        return lambda o: _is_water(state, o) == want_water
    if low in ELEMENT_MODS:
        return lambda o: _has_element(state, o, low)
    if low == "affected":
        squares = _affected_squares(state, ctx)
        return lambda o: any(loc.square in squares for loc in locations_of(state, o))
    if low == "aboveground":
        return lambda o: all(loc.region in (Region.SURFACE, Region.VOID) for loc in locations_of(state, o))
    if mod[:1].isupper():
        keyword = low.replace(" ", "_")
        if keyword in _KEYWORD_FIELDS:
            return lambda o: bool((u := _unit(state, o)) and getattr(keywords_at(state, u), keyword, False))
        sub = singular(mod).lower()
        return lambda o: bool((u := _unit(state, o)) and sub in {s.lower() for s in u.subtypes})
    raise NotExecutable(f"the modifier {mod!r}")


_KEYWORD_FIELDS = {"airborne", "stealth", "lethal", "burrowing", "submerge", "voidwalk", "immobile", "charge",
                   "spellcaster", "waterbound", "landbound", "ranged", "lance", "ward"}


def _is_water(state: GameState, o: Obj) -> bool:
    for loc in locations_of(state, o):
        site = state.site_at(loc.square)
        if site is not None and site_is_water(state, site):
            return True
    return False


def _has_element(state: GameState, o: Obj, element: str) -> bool:
    if o.kind == "site":
        site = state.site_at(o.key)
        return bool(site and getattr(site.affinity, element, 0) > 0)
    u = _unit(state, o)
    return bool(u and element in u.elements)


def _affected_squares(state: GameState, ctx: Ctx) -> set[int]:
    """An aura's affected area: its squares (Codex "Aura")."""
    if ctx.source.kind == "aura":
        aura = next((a for a in state.auras if a.id == ctx.source.key), None)
        return set(aura.squares) if aura else set()
    raise NotExecutable("'affected' outside an aura")


# ----------------------------------------------------------------------------- places

def places(state: GameState, ctx: Ctx, where: A.Where) -> list[Location]:
    """The locations a place relation names, around its origin (default: this card)."""
    rel = where.rel
    if rel not in RELS:
        raise NotExecutable(f"the place relation {rel!r}")
    if rel in ("anywhere", "in_realm", "in_play"):
        return [o.key for o in _candidates(state, "location")]
    if rel == "there":
        bound = ctx.lookup("there")
        if bound is None:
            raise NotExecutable("'there' with no place named before")
        return [loc for o in bound for loc in locations_of(state, o)]
    origin = ([loc for o in select(state, ctx, where.of) for loc in locations_of(state, o)]
              if where.of is not None else source_locations(state, ctx))
    if rel == "here" or rel in ("at", "atop", "on", "in", "occupying"):
        return origin
    if rel in ("nearby", "adjacent", "adjacent_to"):
        squares = nearby_squares if rel == "nearby" else adjacent_squares
        return [Location(sq, loc.region) for loc in origin for sq in squares(loc.square)]
    if rel == "within":
        steps = int(where.steps) if isinstance(where.steps, int) else None
        if steps is None:
            raise NotExecutable("'within' without a number of steps")
        return [Location(sq, loc.region) for loc in origin for sq in range(1, 21)
                if manhattan(loc.square, sq) <= steps]
    raise NotExecutable(f"the place relation {rel!r}")


def _located_test(state: GameState, ctx: Ctx, where: A.Where, kind: str) -> Callable[[Obj], bool]:
    """Keep objects at the places: nearby/adjacent cross regions only for sites, voids and squares
    (Codex "Nearby", "Adjacent")."""
    locs = set(places(state, ctx, where))
    squares = {loc.square for loc in locs}
    if kind in ("site",) or where.rel in ("atop", "on", "occupying", "in", "at", "here"):
        return lambda o: any(l in locs or (o.kind == "site" and l.square in squares)
                             for l in locations_of(state, o))
    return lambda o: any(l in locs for l in locations_of(state, o))


def _filter_test(state: GameState, ctx: Ctx, f: Any, kind: str) -> Callable[[Obj], bool]:
    if isinstance(f, A.Where):
        return _located_test(state, ctx, f, kind)
    if isinstance(f, A.With):
        what = f.what
        if isinstance(what, A.Keyword):
            name = what.name.replace(" ", "_")
            negated = f.negated

            def has(o: Obj) -> bool:
                found = bool((u := _unit(state, o)) and getattr(keywords_at(state, u), name, False))
                return not found if negated else found
            return has
        raise NotExecutable("a 'with' phrase that is not a keyword")
    if isinstance(f, A.Stat):
        return _stat_test(state, f)
    if isinstance(f, A.Relative):
        from codex.engine.effects.conditions import holds

        def rel(o: Obj) -> bool:
            return holds(state, ctx.bind("which", [o]), f.clause) is True
        return rel
    raise NotExecutable(f"the filter {type(f).__name__}")


def _stat_test(state: GameState, f: A.Stat) -> Callable[[Obj], bool]:
    if f.stat != "power" or not isinstance(f.value, int):
        raise NotExecutable(f"a comparison of {f.stat}")
    value = int(f.value)
    ops: dict[str, Callable[[int], bool]] = {">=": lambda p: p >= value, "<=": lambda p: p <= value,
                                             "=": lambda p: p == value, ">": lambda p: p > value,
                                             "<": lambda p: p < value}
    op = ops.get(f.cmp)
    if op is None:
        raise NotExecutable(f"the comparison {f.cmp!r}")
    return lambda o: bool((u := _unit(state, o)) and op(_power(state, u)))


# ----------------------------------------------------------------------------- selectors

def _refs(state: GameState, ctx: Ctx, word: str) -> list[Obj]:
    low = word.lower()
    if low in ("self", "itself"):
        return [ctx.source] if ctx.source.kind != "spell" else []
    if low in ("you", "your", "yourself"):
        return [Obj("player", ctx.controller)]
    bound = ctx.lookup(low)
    if bound is not None:
        return list(bound)
    if low in ("it", "they", "he", "she", "that", "those", "them", "each", "which"):
        bound = ctx.lookup("it")
        if bound is not None:
            return list(bound)
        subject = getattr(ctx.event, "unit", None) if ctx.event is not None else None
        if subject is not None:
            return [Obj("unit", subject)]
    raise NotExecutable(f"the reference {word!r}")


def _det_count(sel: A.Selector) -> tuple[str, int | None]:
    """('all' | 'choose' | 'this' | 'that', how many)."""
    det = sel.det
    if isinstance(det, A.Possessive):
        return "all", None
    det = det.lower() if isinstance(det, str) else det
    count = sel.count if isinstance(sel.count, int) else None
    if det == "this":
        return "this", None
    if det in ("that", "those"):
        return "that", None
    if det in ONE_DETS or count is not None:
        return "choose", count or 1
    if det in ("your", "their", "its", "his", "her"):
        return "all", None
    if det in ALL_DETS or det == "no":
        return "all", None
    raise NotExecutable(f"the determiner {det!r}")


def select_all(state: GameState, ctx: Ctx, node: Any) -> list[Obj]:
    """Every object the words could name, without anyone choosing ("if there is a minion here")."""
    return select(state, ctx, node, choose=False)


def select(state: GameState, ctx: Ctx, node: Any, role: str = "target", *, choose: bool = True) -> list[Obj]:
    """The objects a role's words name, choosing where the words leave a choice to a player."""
    if node is None:
        return []
    if isinstance(node, A.Ref):
        found = _refs(state, ctx, node.word)
        for f in node.filters:
            test = _filter_test(state, ctx, f, found[0].kind if found else "unit")
            found = [o for o in found if test(o)]
        return found
    if isinstance(node, A.Group):
        if node.conj == "or":
            raise NotExecutable("a choice between kinds of objects ('or')")
        return [o for item in node.items for o in select(state, ctx, item, role, choose=choose)]
    if isinstance(node, A.Partitive):
        inner = select(state, ctx, node.of, role, choose=choose)
        if node.count in ("each", "all", None) or not choose:
            return inner
        if isinstance(node.count, int):
            return ctx.choose(role, inner, count=node.count, why=f"choose {node.count}")
        raise NotExecutable(f"the partitive {node.count!r}")
    if not isinstance(node, A.Selector):
        raise NotExecutable(f"a role given as {type(node).__name__}")
    return _select(state, ctx, node, role, choose)


def _select(state: GameState, ctx: Ctx, sel: A.Selector, role: str, choose: bool = True) -> list[Obj]:
    how, count = _det_count(sel)
    kind, noun_test = _noun_test(state, ctx, sel.noun)
    if how == "this":
        if ctx.source.kind in (kind, "spell") or kind == "unit" and ctx.source.kind == "unit":
            return [ctx.source] if ctx.source.kind != "spell" else []
        raise NotExecutable(f"'this {sel.noun}' on a card that is not one")
    if how == "that":
        bound = ctx.lookup("it") or (((Obj("unit", ctx.event.unit),) if hasattr(ctx.event, "unit") else None)
                                     if ctx.event is not None else None)
        if bound is None:
            raise NotExecutable(f"'that {sel.noun}' with nothing named before")
        return [o for o in bound if o.kind == kind]
    tests = [noun_test] + [_mod_test(state, ctx, m) for m in sel.mods if m.lower() != "random"]
    if isinstance(sel.det, str) and sel.det.lower() == "another":
        tests.append(_mod_test(state, ctx, "other"))
    if isinstance(sel.det, str) and sel.det.lower() in ("your",):
        tests.append(lambda o: controller_of(state, o) == ctx.controller)
    if isinstance(sel.det, A.Possessive):
        owners = {controller_of(state, o) or str(o.key) for o in select(state, ctx, sel.det.owner, role, choose=choose)}
        tests.append(lambda o: controller_of(state, o) in owners)
    tests += [_filter_test(state, ctx, f, kind) for f in sel.filters]
    found = [o for o in _candidates(state, kind) if all(t(o) for t in tests)]
    if not choose:
        return found
    if any(m.lower() == "random" for m in sel.mods):
        return ctx.choose(f"{role}.random", found, count=count or 1, why=f"which {sel.noun} is picked at random")
    if how == "choose":
        if sel.det == "target" and ctx.targets and kind == "unit":
            given = [Obj("unit", t) for t in ctx.targets if Obj("unit", t) in found]
            if given:
                return given[: count or 1]
        return ctx.choose(role, found, count=count or 1, why=f"choose {sel.det or count} {sel.noun}")
    return found


def describe(state: GameState, objs: Iterable[Obj]) -> str:
    names = [name_of(state, o) for o in objs]
    return ", ".join(names) if names else "nothing"
