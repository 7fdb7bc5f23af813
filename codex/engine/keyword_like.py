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
_SELF_REFS = {"themselves", "itself", "himself", "herself", "SELF", "it", "they"}


def _modal(clause: Any) -> str:
    return str(clause.modal or "").lower()


def _clauses(node: Any) -> tuple[Any, ...]:
    """The clauses of a static ability: a bare clause (from a keyword line) or a statement's."""
    if isinstance(node, A.Clause):
        return (node,)
    if isinstance(node, A.Statement):
        sentences = node.body if isinstance(node.body, tuple) else (node.body,)
        if all(isinstance(x, A.Sentence) and not x.conditions and x.limit is None for x in sentences):
            return tuple(c for x in sentences for c in x.clauses)
    return ()


_SELF_NOUNS = {"minion", "unit", "card", "site", "aura", "artifact", "avatar"}


def _is_self(node: Any) -> bool:
    """The card itself: its name or a pronoun (``SELF``, "it"), or "this minion" / "this card"
    (found by blind ruling round 8: "can attack this minion, it must" was not read)."""
    if isinstance(node, A.Selector):
        return node.det == "this" and node.noun.lower() in _SELF_NOUNS and not node.mods and not node.filters \
            and node.count is None
    return isinstance(node, A.Ref) and node.word in _SELF_REFS


def _carry(clause: Any) -> Keywords | None:
    act = clause.action
    if not (isinstance(act, A.Carry) and _modal(clause) in ("may", "can") and not clause.negated
            and (act.agent is None or _is_self(act.agent)) and act.dest is None
            and isinstance(act.patient, A.Selector)):
        return None
    sel: A.Selector = act.patient
    mods = {m.lower() for m in sel.mods}
    if sel.filters or mods - {"allied", "weaker"}:
        return None
    if sel.noun == "ally":
        minion_only = False
    elif sel.noun == "minion" and "allied" in mods:
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


def _takes_carried(clause: Any) -> Keywords | None:
    """"May pick up carried artifacts with cost (1) or less": its Pick Up may take such an artifact
    from the unit carrying it (Thieving Magpie)."""
    act = clause.action
    if not (isinstance(act, A.Carry) and _modal(clause) in ("may", "can") and not clause.negated
            and _is_self(act.agent) and act.dest is None and isinstance(act.patient, A.Selector)):
        return None
    sel: A.Selector = act.patient
    if sel.noun != "artifact" or list(sel.mods) != ["carried"] or len(sel.filters) != 1:
        return None
    stat = sel.filters[0]
    value = getattr(stat, "value", None)
    symbols = getattr(value, "symbols", None)
    if not (isinstance(stat, A.Stat) and stat.stat == "cost" and stat.cmp == "<=" and symbols and len(symbols) == 1
            and symbols[0].strip("()").isdecimal()):
        return None
    return Keywords(takes_carried=(int(symbols[0].strip("()")),))


def _carried_by(clause: Any) -> Keywords | None:
    """"May be carried by any Beast": units of that subtype may carry this one (as if they could
    carry an ally), even without a carrying ability of their own."""
    act = clause.action
    if not (isinstance(act, A.Carry) and _modal(clause) in ("may", "can") and not clause.negated
            and _is_self(act.patient) and act.dest is None and isinstance(act.agent, A.Selector)):
        return None
    sel: A.Selector = act.agent
    if sel.mods or sel.filters or sel.det not in ("any", "a", "an", None) or not sel.noun[:1].isupper():
        return None
    noun = sel.noun[:-1] if sel.noun.endswith("s") and not sel.noun.endswith("ss") else sel.noun
    return Keywords(carried_by_kinds=(noun.lower(),))


def _directions(clause: Any) -> Keywords | None:
    act = clause.action
    adverbs = [a for a in clause.adverbs if a != "only"]
    if not (isinstance(act, A.Move) and act.kind == "move" and _modal(clause) in ("can", "may")
            and "only" in clause.adverbs and act.dest is None and act.steps is None and adverbs):
        return None
    if not (_is_self(act.patient) and (act.agent is None or _is_self(act.agent))):
        return None
    dirs = [DIRECTIONS.get(a) for a in adverbs]
    if any(d is None for d in dirs):
        return None
    return Keywords(only_directions=frozenset(d for d in dirs if d))


def _compulsion(node: A.Triggered) -> Keywords | None:
    event = node.trigger.event
    if node.trigger.kind != "whenever" or not isinstance(event, A.Clause) or not isinstance(event.action, A.Attack):
        return None
    if _modal(event) != "can":
        return None
    subj = event.action.agent
    if _is_self(subj):        # "a card that must attack a unit whenever it can"
        return _self_compulsion(node, event.action.patient)
    if not (isinstance(subj, A.Selector) and subj.noun == "minion"):
        return None
    mods = {m.lower() for m in subj.mods}
    nearby = any(isinstance(f, A.Where) and f.rel == "nearby" and f.of is None for f in subj.filters)
    if mods - {"enemy"} or len(subj.filters) != int(nearby):
        return None
    target = event.action.patient
    if target is None:
        at_source = False
    elif _is_self(target):
        at_source = True
    else:
        return None
    body = [c for x in node.body for c in x.clauses] if isinstance(node.body, tuple) else []
    if not (len(body) == 1 and _modal(body[0]) == "must" and isinstance(body[0].action, A.DoSo)):
        return None
    return Keywords(compels=(Compulsion("enemy" if "enemy" in mods else "any", nearby, at_source),))


def _self_compulsion(node: A.Triggered, target: Any) -> Keywords | None:
    """The card itself must attack whenever it can (anything, or "a unit": units only)."""
    units = isinstance(target, A.Selector) and target.noun == "unit" and target.det in ("a", "an") \
        and not target.mods and not target.filters
    if target is not None and not units:
        return None
    body = [c for x in node.body for c in x.clauses] if isinstance(node.body, tuple) else []
    if not (len(body) == 1 and _modal(body[0]) == "must" and isinstance(body[0].action, A.DoSo)):
        return None
    return Keywords(compels=(Compulsion("any", False, False, itself=True, units_only=units),))


def _moves_freely(clause: Any) -> Keywords | None:
    """"Moves freely between water locations", "... between land sites", "Moves freely sideways"."""
    act = clause.action
    if not (isinstance(act, A.Move) and act.kind == "move" and not _modal(clause) and "freely" in clause.adverbs
            and (act.patient is None or _is_self(act.patient)) and act.steps is None):
        return None
    rest = set(clause.adverbs) - {"freely"}
    if act.dest is None and rest == {"sideways"}:
        return Keywords(moves_freely=frozenset({"sideways"}))
    sel = act.dest
    if not rest and isinstance(sel, A.Selector) and sel.noun == "site" and list(sel.mods) == ["land"] \
            and len(sel.filters) == 1 and _not_occupied_by_others(sel.filters[0]):
        return Keywords(moves_freely=frozenset({"unoccupied land"}))     # "... land sites not occupied by other units"
    if rest or not (isinstance(sel, A.Selector) and sel.noun in ("location", "site") and len(sel.mods) == 1
                    and sel.mods[0] in ("water", "land") and not sel.filters):
        return None
    return Keywords(moves_freely=frozenset({sel.mods[0]}))


def _not_occupied_by_others(flt: Any) -> bool:
    """The relative clause "not occupied by other units"."""
    clause = getattr(flt, "clause", None)
    act = getattr(clause, "action", None)
    return isinstance(flt, A.Relative) and isinstance(clause, A.Clause) and clause.negated \
        and isinstance(act, A.Occupy) and isinstance(act.agent, A.Selector) and act.agent.noun == "unit" \
        and list(act.agent.mods) == ["other"] and not act.agent.filters


def recognise(node: Any) -> Keywords | None:
    """What an ability does, as keywords the engine applies; None for an ability it does not know."""
    if isinstance(node, A.Triggered):
        return _compulsion(node)
    clauses = _clauses(node)
    if len(clauses) != 1:
        return None
    return _carry(clauses[0]) or _carried_by(clauses[0]) or _takes_carried(clauses[0]) or _directions(clauses[0]) \
        or _moves_freely(clauses[0])


def size_of(node: Any) -> tuple[int, int] | None:
    """``Occupies N locations``: the area of an oversized unit (a characteristic, not an ability)."""
    clauses = _clauses(node)
    if len(clauses) != 1:
        return None
    clause = clauses[0]
    act = clause.action
    if not (isinstance(act, A.Occupy) and (act.agent is None or _is_self(act.agent)) and not _modal(clause)
            and isinstance(act.patient, A.Selector) and act.patient.noun == "location"
            and isinstance(act.patient.count, int)):
        return None
    return size_from_count(act.patient.count)
