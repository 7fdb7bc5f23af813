"""Abilities of card text the rules of movement and attack apply, read from the card-text AST.

`abilities.abilities_of` asks `recognise` about each non-keyword ability of a card. An ability
whose AST has one of the shapes below is applied by the engine (it becomes part of the unit's
`Keywords`, so silencing or disabling the unit removes it like any keyword):

- carrying units: ``May carry an ally`` / ``... an allied minion`` / ``... a weaker allied
  minion`` / ``... any number of allied minions`` (Codex "Carrying Units");
- direction-limited movement: ``Can only move themselves forward`` (Codex "Forward",
  "May and Can": "may only" / "can only" is a mandatory restriction);
- mandatory attacks: ``Whenever an enemy minion can attack <this card>, it must`` and
  ``Whenever a nearby minion can attack, it must`` (Codex "Mandatory Actions");
- free steps: ``Moves freely between water locations`` / ``... land sites`` / ``Moves freely
  sideways`` (Codex "Moves Freely").

`size_of` reads a characteristic rather than an ability: ``Occupies four locations`` (Codex
"Oversized Units"), fixed as the card enters the realm.

The shapes are matched on the AST, never on the words, so a new card that says the same thing
in the grammar's terms is read the same way; anything else stays an ability the ruling names as
not executed.
"""
from __future__ import annotations

from typing import Any

from codex.cardtext import ast as A
from codex.engine.keywords import ANY_NUMBER, CarryRule, Compulsion, Keywords
from codex.engine.oversized import size_from_count

#: "Can only move themselves <adverb>": the adverbs the engine knows as directions.
DIRECTIONS = {"forward": "forward", "back": "backward", "sideways": "sideways"}
_SELF_REFS = {"themselves", "itself", "himself", "herself", "SELF"}


def _modal(clause: Any) -> str:
    return str(clause.modal or "").lower()


def _clauses(node: Any) -> tuple[Any, ...]:
    """The clauses of a static ability: a bare clause (from a keyword line) or a statement's."""
    if isinstance(node, A.Clause):
        return (node,)
    if isinstance(node, A.Statement) and isinstance(node.body, A.Sentence) and not node.body.leads:
        return node.body.clauses
    return ()


def _carry(clause: Any) -> Keywords | None:
    act = clause.action
    if not (isinstance(act, A.Action) and act.verb == "carry" and _modal(clause) in ("may", "can")
            and clause.subject is None and isinstance(act.arg, A.Selector)):
        return None
    sel: A.Selector = act.arg
    mods = set(sel.mods)
    if sel.posts or sel.pre or mods - {"allied", "weaker"}:
        return None
    if sel.noun in ("ally", "allies"):
        minion_only = False
    elif sel.noun in ("minion", "minions") and "allied" in mods:
        minion_only = True
    else:
        return None
    if sel.quant == "any_number":
        count = ANY_NUMBER
    elif sel.quant is None and sel.det in ("a", "an"):
        count = 1
    else:
        return None
    return Keywords(carries=(CarryRule(count, minion_only, "weaker" in mods),))


def _directions(clause: Any) -> Keywords | None:
    act = clause.action
    if not (isinstance(act, A.Move) and act.kind == "move" and _modal(clause) in ("can only", "may only")
            and act.dest is None and act.steps is None and act.adverbs):
        return None
    if not (isinstance(act.what, A.Ref) and act.what.word in _SELF_REFS):
        return None
    dirs = [DIRECTIONS.get(a) for a in act.adverbs]
    if any(d is None for d in dirs):
        return None
    return Keywords(only_directions=frozenset(d for d in dirs if d))


def _compulsion(node: A.Triggered) -> Keywords | None:
    event = node.trigger.event
    if node.trigger.kind != "whenever" or event is None or event.verb != "can_attack":
        return None
    subj = event.subject
    if not (isinstance(subj, A.Selector) and subj.noun in ("minion", "minions") and not subj.posts):
        return None
    mods, pre = set(subj.mods), set(subj.pre)
    if mods - {"enemy"} or pre - {"nearby"}:
        return None
    if event.obj is None:
        at_source = False
    elif isinstance(event.obj, A.Ref) and event.obj.word == "SELF":
        at_source = True
    else:
        return None
    body = node.body.clauses if isinstance(node.body, A.Sentence) else ()
    if not (len(body) == 1 and _modal(body[0]) == "must" and body[0].action is None):
        return None
    return Keywords(compels=(Compulsion("enemy" if "enemy" in mods else "any", "nearby" in pre, at_source),))


def _moves_freely(clause: Any) -> Keywords | None:
    """"Moves freely between water locations", "... between land sites", "Moves freely sideways"."""
    act = clause.action
    if not (isinstance(act, A.Move) and act.kind == "move" and act.what is None and not _modal(clause)
            and clause.subject is None and act.steps is None and "freely" in act.adverbs):
        return None
    rest = set(act.adverbs) - {"freely"}
    if act.dest is None and rest == {"sideways"}:
        return Keywords(moves_freely=frozenset({"sideways"}))
    if rest or not (isinstance(act.dest, tuple) and len(act.dest) == 2 and act.dest[0] == "between"):
        return None
    sel = act.dest[1]
    if not (isinstance(sel, A.Selector) and sel.noun in ("locations", "sites") and len(sel.mods) == 1
            and sel.mods[0] in ("water", "land") and not sel.posts and not sel.pre):
        return None
    return Keywords(moves_freely=frozenset({sel.mods[0]}))


def recognise(node: Any) -> Keywords | None:
    """What an ability does, as keywords the engine applies; None for an ability it does not know."""
    if isinstance(node, A.Triggered):
        return _compulsion(node)
    clauses = _clauses(node)
    if len(clauses) != 1:
        return None
    return _carry(clauses[0]) or _directions(clauses[0]) or _moves_freely(clauses[0])


def size_of(node: Any) -> tuple[int, int] | None:
    """``Occupies N locations``: the area of an oversized unit (a characteristic, not an ability)."""
    clauses = _clauses(node)
    if len(clauses) != 1:
        return None
    clause = clauses[0]
    act = clause.action
    if not (isinstance(act, A.Action) and act.verb == "occupy" and clause.subject is None and not _modal(clause)
            and isinstance(act.arg, A.Selector) and act.arg.noun == "locations" and act.arg.quant == "counted"
            and isinstance(act.arg.count, int)):
        return None
    return size_from_count(act.arg.count)
