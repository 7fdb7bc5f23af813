"""Counters on cards in the realm: "Hourglass of Ruin enters the realm with 3 counters" (invented),
"At the end of each turn, remove a counter from Hourglass of Ruin", "add two counters to it".

The Codex and the rulebook say nothing of counters: they are what the card's own words make of
them, a number kept on a card while it is in the realm (`GameState.counters`, keyed by the card;
a card that leaves the realm loses its counters, as it would anything else about it). A scenario
may put counters on a card (`counters` on a unit, site, aura or artifact); the ruling shows them
in ``state_after``. Each change is an event (`CountersChanged`) quoting the card sentence that
made it.

Read here: a card that "enters the realm with N counters" (a static ability, applied as the card
enters: summoned, conjured or played, `storyline.settle`), and "add/remove N counters (from/to
X)" (X by default the card itself). Not read yet: named kinds of counters ("level counters"),
conditions and triggers about counters ("when the last is removed").
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import Ability, AbilityKind, Abilities
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import NotExecutable, Run, executes
from codex.engine.events import CardQuote, CountersChanged, Event
from codex.engine.state import GameState

#: The verbs of counters, and which role names the card they are put on or taken from.
_HOLDER = {"add": "dest", "remove": "source"}


def key_of(obj: Obj) -> str:
    return f"{obj.kind}:{obj.key}"


def count_on(state: GameState, obj: Obj) -> int:
    """How many counters are on the card (0: none)."""
    key = key_of(obj)
    return next((n for k, n in state.counters if k == key), 0)


def with_count(state: GameState, obj: Obj, n: int) -> GameState:
    """The state with exactly ``n`` counters on the card (none kept for 0)."""
    key = key_of(obj)
    rest = tuple((k, c) for k, c in state.counters if k != key)
    return state.evolve(counters=rest + (((key, n),) if n > 0 else ()))


def in_realm(state: GameState, key: str) -> bool:
    """Whether the card a counters key names is still in the realm."""
    kind, _, ident = key.partition(":")
    if kind == "unit":
        return state.unit(ident) is not None
    if kind == "artifact":
        return any(a.id == ident for a in state.artifacts)
    if kind == "aura":
        return any(a.id == ident for a in state.auras)
    if kind == "site":
        return ident.isdigit() and state.site_at(int(ident)) is not None
    return False


def _is_counter(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.noun in ("counter", "counters") and not node.mods \
        and not node.filters


def entering_count(act: Any) -> int | None:
    """"X enters the realm with 6 counters": how many (None: not that sentence)."""
    dest = getattr(act, "dest", None)
    if not (isinstance(act, A.Enter) and isinstance(act.patient, A.Ref) and act.patient.word == "SELF"
            and isinstance(dest, A.Selector) and dest.noun == "realm" and len(dest.filters) == 1):
        return None
    with_ = dest.filters[0]
    what = with_.what if isinstance(with_, A.With) and not with_.negated else None
    if isinstance(what, A.Selector) and _is_counter(what) and isinstance(what.count, int):
        return what.count
    return None


def _entering(abilities: Abilities) -> tuple[int, Ability] | None:
    for each in abilities.of_kind(AbilityKind.STATIC):
        ability = each.applied
        if ability is None:
            continue
        for sentence in getattr(ability.node, "body", ()):
            for clause in getattr(sentence, "clauses", ()):
                n = entering_count(getattr(clause, "action", None))
                if n is not None and not clause.conditions:
                    return n, ability
    return None


def _abilities_of(state: GameState, obj: Obj) -> tuple[str, Abilities] | None:
    if obj.kind == "unit":
        u = state.unit(str(obj.key))
        return (u.name, u.abilities) if u is not None else None
    if obj.kind == "artifact":
        art = next((a for a in state.artifacts if a.id == obj.key), None)
        return (art.name, art.abilities) if art is not None else None
    if obj.kind == "aura":
        aura = next((a for a in state.auras if a.id == obj.key), None)
        return (aura.name, aura.abilities) if aura is not None else None
    if obj.kind == "site" and isinstance(obj.key, int):
        site = state.site_at(obj.key)
        return (site.name, site.abilities) if site is not None else None
    return None


def entered_with_counters(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Cards these events put into the realm that "enter the realm with N counters" get them now,
    as they enter (before anything triggered by their entering resolves); counters of cards that
    have left the realm are forgotten."""
    from codex.engine.effects.triggers import _entered_card
    out: list[Event] = []
    if state.counters and any(not in_realm(state, k) for k, _ in state.counters):
        state = state.evolve(counters=tuple((k, n) for k, n in state.counters if in_realm(state, k)))
    for event in events:
        card = _entered_card(event)
        found = _abilities_of(state, card) if card is not None else None
        entering = _entering(found[1]) if found is not None else None
        if card is None or found is None or entering is None:
            continue
        n, ability = entering
        state = with_count(state, card, n)
        out.append(CountersChanged(key_of(card), found[0], 0, n, "enter",
                                   from_card=CardQuote(found[0], ability.text)))
    return state, out


def _counter_problems(act: A.Action) -> Iterator[str]:
    role = _HOLDER.get(act.lemma)
    roles = dict(act.roles)
    if role is None or not _is_counter(roles.get("patient")) or set(roles) - {"patient", role}:
        yield f"the primitive Action ({act.lemma})"
        return
    from codex.engine.effects.check import sel_problems
    yield from sel_problems(roles.get(role))


@executes(A.Action, problems=_counter_problems)
def _counters(run: Run, act: A.Action, clause: A.Clause) -> list[Obj]:
    """"Remove a counter (from X)", "add two counters to X": X by default the card itself; at
    most the counters it has can be removed."""
    from codex.engine.effects.select import select_all
    if any(True for _ in _counter_problems(act)):
        raise NotExecutable(f"the primitive Action ({act.lemma})")
    roles = dict(act.roles)
    amount = roles["patient"].count or 1
    words = roles.get(_HOLDER[act.lemma])
    holders = [run.ctx.source] if words is None else select_all(run.state, run.ctx, words)
    for holder in holders:
        before = count_on(run.state, holder)
        after = before + amount if act.lemma == "add" else max(0, before - amount)
        run.state = with_count(run.state, holder, after)
        found = _abilities_of(run.state, holder)
        run.emit(CountersChanged(key_of(holder), found[0] if found else str(holder.key), before, after, act.lemma))
    return holders
