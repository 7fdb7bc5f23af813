"""Static abilities as ongoing effects, applied in the Codex's layer order, never by changing a
card's printed facts.

Every card in the realm with a static (passive) ability creates ongoing effects: "Nearby allied
Giants have Charge", "Minions occupying affected sites are silenced", "Nearby allies take 1 less
damage", "Units with 3 or more power can't enter this site". `collect` reads them once per game
state (states are immutable, so the result is cached on the state); `ongoing.py` asks this module
what they do to a unit at a location, and the rules of movement, attack and damage ask whether one
forbids something.

Order (Codex "Ongoing Effect", "Apply Ongoing Effects In Order"): disabling and silencing effects
first (a silenced card's own passive abilities then stop), then control, type changing, ability
adding and removing, power setting, power addition and subtraction, power multiplication; within
a layer, by timestamp (when the card entered the realm: the order of the board). The engine applies
the layers it knows (silencing/disabling, control (`static_control.py`), type changing (`type_changes.py`), abilities, power
setting ("have base power 2": the newest static setting, then lasting ones), power addition); a static ability of another
kind is reported as not executed. Which objects an effect covers is decided from printed keywords
and power (the selectors of static abilities do not see other static abilities), which is what
the Codex's examples need and keeps the evaluation well-founded. A "for each" count of the power
layer is read apart (`times`, `_below`): the earlier layers apply to what it counts, only power
itself reads printed.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.abilities import INSTEAD_PREPS, Ability, AbilityKind, keyword_changes
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.type_changes import removes_types
from codex.engine.events import CardQuote
from codex.engine.geometry import Location
from codex.engine.keywords import Keywords
from codex.engine.state import GameState, Site, Unit
from codex.engine.unmodifiable import other_verb, self_verb

#: Layers (Codex "Apply Ongoing Effects In Order"), the ones the engine applies.
SILENCE, CONTROL, TYPES, ABILITIES, POWER_SET, POWER_ADD = 2, 3, 4, 5, 6, 7
_LAYERS = {"silence": SILENCE, "disable": SILENCE, "control": CONTROL, "subtype": TYPES, "has_every": TYPES,
           "no_types": TYPES, "base_power": POWER_SET,
           "grant": ABILITIES, "lose": ABILITIES, "water": ABILITIES, "power": POWER_ADD}

#: True while static effects are being evaluated: selectors then read printed keywords and power.
_evaluating: ContextVar[bool] = ContextVar("arbiter_statics_evaluating", default=False)
#: Set while an ability's own threshold ("(A) — provides more mana") is checked: the affinity that
#: meets it is counted without other threshold-gated abilities, or an ability providing affinity
#: would ask itself whether it is on (`_active`).
_gating: ContextVar[bool] = ContextVar("arbiter_statics_gating", default=False)
#: Set while a static effect's conditions are tested: a condition met inside another's test reads
#: printed keywords and power, or "While carried by a Spellcaster, bearer has +2 power." would ask
#: the bearer's keywords, which ask that very effect again (found by blind ruling round 24).
_conditioning: ContextVar[bool] = ContextVar("arbiter_statics_conditioning", default=False)


#: Set to a layer while a count of that layer is read ("+1 power for each site in its body of water"):
#: the effects of the earlier layers (control, abilities, water and land) apply to what is counted, and
#: this layer and later ones read printed, so the count never asks itself (Codex "Apply Ongoing Effects
#: In Order": each layer applies on the result of the ones before it).
_below: ContextVar[int | None] = ContextVar("arbiter_statics_below", default=None)


def evaluating() -> bool:
    return _evaluating.get()


def _reads_printed(layer: int) -> bool:
    """Whether effects of ``layer`` read printed now: inside a static's own evaluation, or while a
    count of that layer or an earlier one is read (`_below`)."""
    if _evaluating.get():
        return True
    below = _below.get()
    return below is not None and layer >= below


def _applies_before(static: Static, below: int | None) -> bool:
    """Whether ``static`` applies while a count of layer ``below`` is read (its layer comes earlier)."""
    return below is None or static.layer < below


@contextmanager
def evaluation() -> Iterator[None]:
    """While statics are evaluated (selectors read printed keywords and power, so an effect's
    words never ask the effects being computed)."""
    token = _evaluating.set(True)
    try:
        yield
    finally:
        _evaluating.reset(token)


@dataclass(frozen=True)
class Static:
    """One ongoing effect of a static ability: what it does (``kind``), to whom (``patient``, words
    of the card), under which ``conditions``, from which card (``ctx``)."""

    kind: str                  # silence, disable, grant, lose, power, damage, immune, cant
    ctx: Ctx
    patient: Any               # the AST selector of what it affects (None: the card itself)
    payload: Any = None        # Keywords to grant/lose, a power delta, (change, amount, source), a verb
    conditions: tuple[Any, ...] = ()
    order: int = 0
    per: Any = None            # "for each X": the payload counts once per X now
    permanent: bool = False    # "permanently lose Stealth": what it does stays once done
    unless: bool = False       # it applies while its conditions do NOT hold ("only ... while X")
    threshold: tuple[str, ...] = ()   # "(E)(E)(E) — All minions have Burrowing": only with that threshold
    turn: str | None = None    # "during enemy turns" / "during your turn": only on those turns ("enemy", "your")
    each: tuple[Any, ...] = ()  # conditions about each object covered ("Other allies have +2 power while attacking")

    @property
    def layer(self) -> int:
        return _LAYERS.get(self.kind, 0)

    @property
    def quote(self) -> CardQuote:
        quote: CardQuote = self.ctx.quote
        return quote


# ----------------------------------------------------------------------------- reading static abilities

class Unsupported(Exception):
    """A static ability this engine version does not apply."""


def granted_abilities(grants: tuple[Any, ...], text: str) -> tuple[Ability, ...]:
    """The abilities quoted in a grant (``Bearer has "Tap → ..."``), each with its own words (the
    quoted text, a verbatim part of the card's sentence) and whether the engine executes it."""
    from codex.engine.abilities import _kind_of
    from codex.engine.effects.check import executed
    inner = _quoted(text)
    out: list[Ability] = []
    for g in grants:
        if not isinstance(g, A.GrantedAbility):
            continue
        for node in g.abilities:
            kind = _kind_of(node, False)
            if kind is None:
                raise Unsupported("granting an ability the engine cannot read")
            span = getattr(node, "span", None)
            words = inner[span[0]:span[1]].strip() if span and inner else inner
            ability = Ability(kind, words or text, node)
            out.append(Ability(kind, ability.text, node, executed(ability)))
    return tuple(out)


def _quoted(text: str) -> str:
    for open_, close in (('"', '"'), ("\u201c", "\u201d")):
        start = text.find(open_)
        end = text.rfind(close)
        if start >= 0 and end > start:
            return text[start + 1:end]
    return ""


def grants_of(grants: tuple[Any, ...]) -> tuple[Keywords, int]:
    kw = Keywords()
    power = 0
    for g in grants:
        if isinstance(g, A.Keyword):
            changes = keyword_changes(g)
            if changes is None:
                raise Unsupported(f"granting the keyword {g.name}")
            kw = kw.merge(Keywords().with_(**changes))
        elif isinstance(g, A.PowerMod) and isinstance(g.amount, int):
            power += g.amount
        elif isinstance(g, A.RangeMod) and isinstance(g.amount, int):     # "+1 range": added to Ranged
            kw = kw.merge(Keywords(range_bonus=g.amount))
        else:
            raise Unsupported(f"granting {type(g).__name__}")
    return kw, power


RESTRICTED: dict[type, str] = {A.Attack: "attack", A.Defend: "defend", A.Intercept: "intercept", A.Enter: "enter",
              A.Move: "move", A.Cast: "cast", A.Choose: "target"}


def no_strike_back(clause: A.Clause) -> bool:
    """"Doesn't strike back (while defending)", "Can't strike back": the unit deals no strike in a
    fight it defends in (Codex "Defend": the defenders strike back)."""
    return clause.negated and clause.modal in (None, "can") and isinstance(clause.action, A.Strike) \
        and clause.action.patient is None and "back" in clause.adverbs


def _while_defending(cond: Any) -> bool:
    """"while defending": what striking back already means."""
    return isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(cond.clause, A.Clause) \
        and isinstance(cond.clause.action, A.Defend) and cond.clause.action.patient is None


def _check_words(*nodes: Any) -> None:
    """A static ability's selectors must be words the evaluator knows (else it is not applied)."""
    from codex.engine.effects.check import sel_problems
    for node in nodes:
        if node is None or (isinstance(node, A.Ref) and node.word == "SELF"):
            continue
        for problem in sel_problems(node):
            raise Unsupported(problem)


def _check_card_words(node: Any) -> None:
    """Words naming the spell being cast ("Spells cast by a nearby Spellcaster", "Ordinary
    minions"): read like cards in a zone (the spell's)."""
    if isinstance(node, A.Group):
        for item in node.items:
            _check_card_words(item)
    elif isinstance(node, A.Selector):      # "the first Knight you cast each turn": `casting_rules` reads "first"
        first = any(m.lower() == "first" for m in node.mods)
        from codex.engine.effects.casting_rules import element_firsts
        per_element = element_firsts(node) if first else None
        if per_element is not None:         # "of each element (cast by the bearer)": read by `casting_rules`
            _check_words(per_element[1])
            node = A.replace(node, filters=tuple(f for f in node.filters if f is not per_element[0]))
        filters = tuple(_without_each_turn(f) for f in node.filters) if first else node.filters
        _check_words(A.replace(node, det=None, mods=tuple(m for m in node.mods if m.lower() != "first"),
                               filters=filters + (A.Where("from", A.Selector("hand")),)))
    else:
        _check_words(node)


def _without_each_turn(f: Any) -> Any:
    """"(the first Knight) you cast each turn": the turn is what "first" counts in, not a condition."""
    clause = getattr(f, "clause", None)
    if isinstance(f, A.Relative) and isinstance(clause, A.Clause) and isinstance(clause.action, A.Cast) \
            and clause.scope is not None and clause.scope.whose == "each" and clause.scope.which is None:
        return A.replace(f, clause=A.replace(clause, scope=None))
    return f


def _mana_amount(value: Any) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, A.Mana) and all(s.strip("()").isdecimal() for s in value.symbols):
        return sum(int(s.strip("()")) for s in value.symbols)
    raise Unsupported(f"a cost change of {value!r}")


def _connected(clause: A.Clause) -> bool:
    """"can move as if the top and bottom edges of the realm were connected" (Codex "As If Connected")."""
    return any(isinstance(c, A.Condition) and c.kind == "as_if" and isinstance(c.clause, A.Clause)
               and isinstance(c.clause.action, A.SetState) and c.clause.action.state == "connected"
               for c in clause.conditions)


#: The events a replacement effect can replace ("If X would die", "would take strike damage").
REPLACED: dict[type, str] = {A.Die: "die", A.Damage: "damage", A.Attack: "attack_succeeds"}
#: The verbs a permission ("may") can be about → what the engine asks it for.
PERMITTED: dict[type, str] = {A.Cast: "cast", A.Summon: "cast", A.Conjure: "cast", A.Play: "play"}
#: the place relations a "must" may name where a card goes ("Must be played adjacent to a water site you control")
PLACE_ADJUNCTS = ("adjacent_to", "nearby", "near")


def _permission(clause: A.Clause, ctx: Ctx, order: int) -> list[Static]:
    """"May be summoned to any site", "You may summon minions to affected sites", "May be cast from
    your cemetery", "Anyone may cast minions here", "May be conjured to target enemy minion", "You
    may play this site to any corner": who may cast, summon, conjure or play what, where, from where;
    with "and for (1) less" or "for no threshold", what it then costs."""
    act = clause.action
    if isinstance(act, A.Defend) and _while_tapped(clause):
        # "This minion may defend even while tapped": the Codex's untapped requirement lifted for it
        # (Codex "The Silver Rule": the card's text wins), read by `combat.defend_reason` (exec29)
        _check_words(act.agent)
        return [Static("defend_tapped", ctx, act.agent or A.Ref("SELF"), None, (), order)]
    if isinstance(act, A.Move) and clause.modal == "can" and _connected(clause):
        _check_words(act.patient)
        return [Static("grant", ctx, act.patient, Keywords(moves_as_if_connected=True), (), order)]
    if isinstance(act, A.Move) and clause.modal == "can" and leaps_sites(clause):
        # "Can leap entirely over adjacent sites in one step": a step past the site (`movement.linked_squares`)
        _check_words(act.patient)
        return [Static("grant", ctx, act.patient, Keywords(leaps_sites=True), tuple(clause.conditions), order)]
    verb = PERMITTED.get(type(act))
    if verb == "cast" and _cast_when(clause) is not None:
        # "May be cast when one of your allies defends a site or another unit": cast then, outside the usual timing
        from codex.engine.effects.conditions import condition_problems
        for problem in condition_problems(_cast_when(clause).clause):
            raise Unsupported(problem)
        return [Static("cast_when", ctx, A.Ref("SELF"), _cast_when(clause).clause, (), order)]
    if verb == "cast" and _alternate_cost(clause) is not None:
        # "May be cast for (0) if an allied Mortal died this turn": an alternate cost (Codex "Cost")
        return [Static("cost_as", ctx, act.patient, _alternate_cost(clause), tuple(clause.conditions), order)]
    if verb is None or clause.conditions:
        raise Unsupported(f"a static ability with '{clause.modal}'")
    source = getattr(act, "source", None)
    if source is not None:
        from codex.engine.effects.select import zone_of
        this_card = isinstance(act.patient, A.Selector) and act.patient.det == "this" and not act.patient.mods \
            and not act.patient.filters       # "You may cast this spell from your cemetery" (`_is_card`)
        if not (isinstance(act.patient, A.Ref) or this_card) or zone_of(source) is None or act.dest is not None:
            raise Unsupported("a permission to cast from a zone")
    _check_card_words(act.patient)
    dest = act.dest
    if isinstance(dest, A.Selector) and dest.det == "target":      # "to target enemy minion": any such
        dest = A.replace(dest, det=None)
    _check_words(dest, act.agent if not (isinstance(act.agent, A.Selector) and act.agent.noun == "anyone")
                 else None)
    out = [Static("permit", ctx, act.patient, (dest, act.agent, source, verb), (), order)]
    if clause.adjuncts:
        out += _done_for(act, clause, ctx, order)
    return out


def _while_tapped(clause: A.Clause) -> bool:
    """"(even) while tapped" as the clause's one condition, on a Defend with no object."""
    act = clause.action
    if not (isinstance(act, A.Defend) and act.patient is None and len(clause.conditions) == 1
            and set(clause.adverbs) <= {"even"} and not clause.adjuncts and not clause.negated):
        return False
    cond = clause.conditions[0]
    tap = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(tap, A.Clause) \
        and isinstance(tap.action, A.Tap) and tap.action.patient is None and not tap.action.untap and not tap.negated


def _alternate_cost(clause: A.Clause) -> int | None:
    """The mana of "May be cast for (N) [if ...]", "You may cast this for (N)" (this card, nothing
    else said: no "less", no place, no zone, no other caster), its alternate cost; None otherwise."""
    act = clause.action
    if clause.modal != "may" or clause.negated or clause.adverbs or len(clause.adjuncts) != 1 \
            or clause.adjuncts[0].prep != "for" or not isinstance(clause.adjuncts[0].what, A.Mana):
        return None
    if not (isinstance(act.patient, A.Ref) and act.patient.word == "SELF") \
            or not (act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word == "you") \
            or getattr(act, "dest", None) is not None or getattr(act, "source", None) is not None:
        return None
    try:
        return _mana_amount(clause.adjuncts[0].what)
    except Unsupported:
        return None


def opening_hand(clause: A.Clause) -> tuple[str, int] | None:
    """"Start the game with 4 spells in hand" (an Avatar's text): the deck ("spellbook" for spells,
    "atlas" for sites) whose opening draw is that many cards instead of three (Codex "Setup"), and
    the number; None for any other clause."""
    act = clause.action
    if not isinstance(act, A.Action) or act.lemma != "start" or clause.modal or clause.negated \
            or clause.conditions or clause.adverbs or clause.adjuncts or clause.duration or clause.per:
        return None
    roles = dict(act.roles)
    game = roles.get("patient")
    if set(roles) != {"patient"} or not isinstance(game, A.Selector) or game.noun != "game" \
            or game.det != "the" or game.mods or len(game.filters) != 1:
        return None
    with_ = game.filters[0]
    cards = getattr(with_, "what", None)
    if not isinstance(with_, A.With) or with_.negated or not isinstance(cards, A.Selector) \
            or not isinstance(cards.count, int) or cards.quant is not None or cards.mods or cards.det is not None:
        return None
    deck = {"spell": "spellbook", "site": "atlas"}.get(singular_noun(cards))
    where = cards.filters
    in_hand = len(where) == 1 and isinstance(where[0], A.Where) and where[0].rel == "in" \
        and isinstance(where[0].of, A.Selector) and where[0].of.noun == "hand" and where[0].of.det in (None, "your")
    return (deck, cards.count) if deck is not None and in_hand else None


def _alternative_cost(clause: A.Clause) -> A.Clause | None:
    """The action of "You may <action> rather than pay this spell's mana cost" ("instead of paying
    its mana cost", "rather than this spell's mana cost"; Codex "Cost": "Alternately, you can start
    with an alternate cost"): the clause its caster performs instead of paying the mana cost, with no
    "may" and no "rather than"; None for any other clause (a condition, a negation, another adjunct or
    another cost replaced are not read here)."""
    from codex.engine.abilities import pays_instead_of_own_cost
    if clause.modal != "may" or clause.negated or clause.conditions or clause.adverbs or clause.duration \
            or clause.per or clause.purpose or len(clause.adjuncts) != 1:
        return None
    if not pays_instead_of_own_cost(clause.adjuncts[0]):
        return None
    agent = getattr(clause.action, "agent", None)
    if not (agent is None or isinstance(agent, A.Ref) and agent.word == "you"):
        return None
    return A.replace(clause, modal=None, adjuncts=())


def _is_attacked(act: Any) -> bool:
    """"when an ally is attacked": an attack by no one named on what the words name."""
    return isinstance(act, A.Attack) and act.agent is None and act.patient is not None


def heals_at_once(act: A.Heal, clause: A.Clause) -> bool:
    """"Immediately heals from damage that doesn't kill it": all of it (no amount), at once, from
    the damage a relative clause says does not kill it."""
    src = act.source
    return act.amount is None and act.agent is None and "immediately" in clause.adverbs \
        and isinstance(src, A.Selector) and src.noun == "damage" and len(src.filters) == 1 \
        and isinstance(src.filters[0], A.Relative) and isinstance(src.filters[0].clause, A.Clause) \
        and isinstance(src.filters[0].clause.action, A.Remove) and src.filters[0].clause.action.kind == "kill" \
        and src.filters[0].clause.negated


def healed_at_once(state: GameState, unit: Unit) -> CardQuote | None:
    """The static ability that heals ``unit`` at once of damage it survives, if one applies now."""
    return _effect_on(state, unit, "heal_now")


def names_abilities(words: Any, dets: tuple[Any, ...]) -> bool:
    """"abilities", "no abilities", "their abilities": every ability at once, none named."""
    return isinstance(words, A.Selector) and singular_noun(words) == "ability" and words.det in dets \
        and not words.mods and not words.filters and words.count is None


def _all_abilities(act: A.LoseGrant) -> bool:
    """"lose their abilities", "loses all abilities": every ability, none named."""
    words = act.abilities
    return not act.grants and isinstance(words, A.Selector) and singular_noun(words) == "ability" \
        and words.det in ("their", "its", "all", None) and not words.mods and not words.filters and words.count is None


def _cast_when(clause: A.Clause) -> Any:
    """The "when ..." of "May be cast when one of your allies defends a site or another unit" (this card only,
    nothing else said); None otherwise."""
    act = clause.action
    if clause.modal != "may" or len(clause.conditions) != 1 or clause.adjuncts or clause.adverbs:
        return None
    cond = clause.conditions[0]
    if not (isinstance(cond, A.Condition) and cond.kind == "when" and isinstance(cond.clause, A.Clause)
            and (isinstance(cond.clause.action, A.Defend) or _is_attacked(cond.clause.action))):
        return None
    # "May be cast when ...", or "You may cast this spell when ..." (found by blind ruling round 12):
    # the card itself, by its own player, the one the permission is given to either way
    you = act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word == "you" and not act.agent.filters
    if not _this_spell(act.patient) or not you \
            or getattr(act, "dest", None) is not None or getattr(act, "source", None) is not None:
        return None
    return cond


def _this_spell(node: Any) -> bool:
    """The card itself as a spell: its name (SELF), "this spell" or "this card"."""
    if isinstance(node, A.Selector):
        return node.det == "this" and singular_noun(node) in ("spell", "card") and not node.mods \
            and not node.filters and node.count is None
    return isinstance(node, A.Ref) and node.word == "SELF" and not node.filters


def _requirement(clause: A.Clause, ctx: Ctx, order: int) -> list[Static]:
    """"Must be cast to a corner", "Must be cast to your back row", "Can and must be cast to any
    water site": where this card must go when it is cast (Codex "The Silver Rule": the card's text
    narrows the casting rules); "can and must" also lets it go there."""
    act = clause.action
    if isinstance(act, A.Defend) and clause.modal == "must" and act.patient is None and not clause.adjuncts \
            and not clause.adverbs and [getattr(c, "kind", None) for c in clause.conditions] == ["if_able"]:
        # "This minion must defend if able": when an attack it could defend is made, it defends
        # (`movement._attack`, exec29)
        _check_words(act.agent)
        return [Static("must_defend", ctx, act.agent or A.Ref("SELF"), None, (), order)]
    if isinstance(act, A.Located) and clause.modal == "must":
        return _must_be(clause, ctx, order)
    verb = PERMITTED.get(type(act))
    dest = act.dest if verb is not None else None
    if verb is not None and dest is None and len(clause.adjuncts) == 1 and clause.adjuncts[0].prep in PLACE_ADJUNCTS:
        # "Must be played adjacent to a water site you control": a place named by its relation to
        # other cards (`casting_rules._covers` reads it as the squares so related)
        dest = A.Where(clause.adjuncts[0].prep, clause.adjuncts[0].what)
        _check_words(dest.of)
    elif clause.adjuncts:
        raise Unsupported(f"a static ability with '{clause.modal}'")
    if verb is None or clause.conditions or clause.adverbs or dest is None \
            or getattr(act, "source", None) is not None or act.agent is not None \
            or not (isinstance(act.patient, A.Ref) and act.patient.word == "SELF"):
        raise Unsupported(f"a static ability with '{clause.modal}'")
    if not isinstance(dest, A.Where):
        _check_words(dest)
    out = [Static("require", ctx, act.patient, (dest, None, None, verb), (), order)]
    if clause.modal == "can and must":
        out += _permission(A.replace(clause, modal="can"), ctx, order)
    return out


def _must_be(clause: A.Clause, ctx: Ctx, order: int) -> list[Static]:
    """"Must always be next to the void": where the card must always be, a standing requirement
    of the realm (the words narrow the rules, Codex "The Silver Rule"): no play may leave it
    otherwise (`broken_requirements`, checked by `play_site`; the card's own play included)."""
    from codex.engine.effects.conditions import condition_problems
    act = clause.action
    if clause.conditions or clause.adjuncts or set(clause.adverbs) - {"always"} or clause.negated \
            or not (isinstance(act.patient, A.Ref) and act.patient.word == "SELF"):
        raise Unsupported("a static ability with 'must'")
    where = A.replace(clause, modal=None, adverbs=())
    for problem in condition_problems(where):
        raise Unsupported(problem)
    return [Static("must_be", ctx, None, where, (), order)]


def broken_requirements(before: GameState, after: GameState) -> list[Static]:
    """The standing requirements ("Must always be next to the void") that held in ``before``, or
    were not there yet, and do not hold in ``after``: what a play would break."""
    from codex.engine.effects.conditions import holds
    if not after.statics:
        return []
    held = {(s.ctx.source, s.order) for s in before.statics
            if s.kind == "must_be" and _holds_safely(before, s, holds)}
    known = {(s.ctx.source, s.order) for s in before.statics if s.kind == "must_be"}
    silenced = _silenced_sources(after)
    return [s for s in after.statics if s.kind == "must_be" and _active(after, s, silenced)
            and ((s.ctx.source, s.order) in held or (s.ctx.source, s.order) not in known)
            and not _holds_safely(after, s, holds)]


def _holds_safely(state: GameState, s: Static, holds: Any) -> bool:
    from codex.engine.effects.select import NotExecutable
    try:
        return bool(holds(state, s.ctx, s.payload))
    except NotExecutable:
        return True      # a requirement the engine cannot test here is not enforced


def _done_for(act: Any, clause: A.Clause, ctx: Ctx, order: int) -> list[Static]:
    """"... and for (1) less", "may do so for no threshold": what casting as permitted costs (a cost
    change, or no threshold, for the same spells cast to the same place)."""
    if not isinstance(act, (A.Cast, A.Summon, A.Conjure)) or len(clause.adjuncts) != 1 \
            or clause.adjuncts[0].prep != "for":
        raise Unsupported("a permission with an adjunct")
    what = clause.adjuncts[0].what
    purpose = A.Clause(action=A.Cast(dest=act.dest))
    if isinstance(what, A.Mana) and "less" in clause.adverbs:
        return [Static("cost", ctx, act.patient, (-_mana_amount(what), purpose), (), order)]
    if isinstance(what, A.Selector) and what.noun == "threshold" and what.det == "no":
        return [Static("no_threshold", ctx, act.patient, purpose, (), order)]
    raise Unsupported("a permission for another price")


def statics_of_clause(clause: A.Clause, ctx: Ctx, order: int) -> list[Static]:
    """The ongoing effects one clause of a static ability creates (Unsupported when none known)."""
    act = clause.action
    conds = tuple(clause.conditions)
    from codex.engine.effects.links import static_link
    sides = static_link(clause)
    if sides is not None:
        # "a site letting units move between it and any void as if adjacent": read where steps
        # are (`movement.linked_squares`, `static_links`); its one condition is the "as if"
        for side in sides:
            if not (isinstance(side, A.Ref) and side.word == "SELF"):
                _check_words(side)
        _check_words(act.patient)
        return [Static("link", ctx, act.patient, sides, (), order)]
    if conds and not _connected(clause) and _cast_when(clause) is None:
        from codex.engine.effects.conditions import condition_problems
        for problem in (p for c in conds for p in condition_problems(c)):
            raise Unsupported(problem)
    permanent = clause.duration is not None and clause.duration.kind == "permanently"
    during = _during_turns(clause.duration)
    if during is not None:         # "Has +3 power during enemy turns": the effect, on those turns only
        from dataclasses import replace as dc_replace
        return [dc_replace(st, turn=during) for st in statics_of_clause(A.replace(clause, duration=None), ctx, order)]
    if clause.duration is not None and not permanent:
        raise Unsupported("a static ability with a duration")
    if clause.per is not None:
        _check_words(clause.per)
    splash = _splash_static(clause, ctx, conds, order)
    if splash is not None:           # "Its strikes splash 1 damage to each enemy adjacent to a struck unit"
        return [splash]
    if no_strike_back(clause):       # "Doesn't strike back while defending"
        _check_words(act.agent)
        rest = tuple(c for c in conds if not _while_defending(c))
        return [Static("cant", ctx, None, ("strike_back", act), rest, order)]
    if clause.modal == "can" and clause.negated:
        verbs = act.items if isinstance(act, A.Group) else (act,)
        out = []
        for verb in verbs:
            if isinstance(verb, A.Damage) and verb.amount is None and verb.kind is None:
                # "can't be damaged by magic": no damage from that source (a prevention)
                from codex.engine.effects.damage_sources import source_problems
                _check_words(verb.patient)
                for problem in source_problems(verb.agent):
                    raise Unsupported(problem)
                out.append(Static("damage", ctx, verb.patient, ("none", 0, verb.agent, False), conds, order))
                continue
            if isinstance(verb, A.Move) and verb.kind == "move" and verb.patient is not None \
                    and _effect_kinds(verb.agent) is not None:
                # "Allies here can't be moved by enemy spells" (`moved_by`)
                _check_words(verb.patient)
                out.append(Static("cant", ctx, None, ("moved_by", verb), conds, order))
                continue
            other = other_verb(verb)
            if other is not None and isinstance(other[1], A.Selector) and singular_noun(other[1]) == "site":
                # "a card whose own site can't be moved, destroyed or modified" (`unmodifiable.protected`)
                _check_words(other[1])
                out.append(Static("protect", ctx, other[1], other[0], conds, order))
                continue
            what = next((w for w in ("modify", "destroy", "move", "disable") if self_verb(verb, w)), None)
            if what is not None:
                # "Can't be moved, destroyed, or modified": read where those happen (`unmodifiable.py`)
                if conds:
                    raise Unsupported(f"'can't be {what}d' under a condition")
                out.append(Static("self_" + what, ctx, None, None, conds, order))
                continue
            if isinstance(verb, A.Relocate) and verb.kind in ("burrow", "unburrow", "submerge", "surface"):
                # "Nearby minions can't burrow or submerge" (`entering.relocation_ban`)
                _check_words(verb.patient)
                out.append(Static("cant", ctx, None, (verb.kind, verb), conds, order))
                continue
            if isinstance(verb, A.Grant) and verb.grants:
                # "Other minions nearby can't gain Airborne": the keywords they would gain from an
                # effect do not take; printed ones stay (Codex "Can vs. Can't": the 'can't' wins)
                _check_words(verb.patient)
                kw, power = grants_of(verb.grants)
                if power or kw == Keywords():
                    raise Unsupported("a ban on gaining power")
                out.append(Static("cant_gain", ctx, verb.patient, kw, conds, order))
                continue
            if isinstance(verb, A.Reactivate) and names_abilities(verb.patient, (None, "their", "its", "any")):
                # "Minions here can't use abilities": a ban on activating them (`forbids`, read by the
                # activate action); what their abilities do on their own (passive, triggered) goes on
                _check_words(verb.agent)
                out.append(Static("cant", ctx, None, ("use_abilities", A.Reactivate(agent=verb.agent)), conds, order))
                continue
            if isinstance(verb, A.GainLife) and verb.amount is None:
                # "Your opponents can't gain life": read where a player would heal (`life_bans.gain_banned`)
                if verb.agent is None:
                    raise Unsupported("a ban on gaining life naming no one")
                _check_words(verb.agent)
                out.append(Static("cant", ctx, None, ("gain_life", verb), conds, order))
                continue
            if isinstance(verb, A.Tap) and verb.untap:       # "Enemy minions can't untap" (`untapping.py`)
                _check_words(verb.patient)
                out.append(Static("cant", ctx, None, ("untap", verb), conds, order))
                continue
            if isinstance(verb, A.Traverse):
                # "no unit may cross this wall on the ground": read where steps are checked
                # (`borders.traverse_ban`), the border from the words, "on the ground" kept
                out.append(_traverse_ban(clause, verb, ctx, conds, order))
                continue
            if isinstance(verb, A.Choose) and verb.kind != "target":
                raise Unsupported(f"a restriction on choosing by '{verb.kind}'")
            if isinstance(verb, A.Move) and verb.kind == "move" and isinstance(verb.path, A.Selector) \
                    and verb.dest is None and verb.voice is None and not clause.purpose:
                # "Enemy units can't move through this site's top border": a ban on traversing it
                out.append(_traverse_ban(clause, A.Traverse(agent=verb.patient, patient=verb.path), ctx, conds, order))
                continue
            if isinstance(verb, A.Move):
                # "Minions here can't move", "Can't move to defend", "Allied minions can't be moved"
                # (`move_bans.py`: its own steps and forced movement, by the verb's voice)
                from codex.engine.move_bans import ban_of, ban_problem
                refused = ban_problem(A.replace(clause, action=verb))
                if refused is not None:
                    raise Unsupported(refused)
                ban = ban_of(A.replace(clause, action=verb))
                _check_words(verb.patient, verb.dest)
                out.append(Static("cant", ctx, None, ("move", ban), conds, order))
                continue
            if isinstance(verb, A.Control):
                # a ban on controlling the cards other players own: on who may control what,
                # read where control would change (`static_control.control_ban`)
                from codex.engine.effects.static_control import ban_problems
                for problem in ban_problems(verb):
                    raise Unsupported(problem)
                out.append(Static("cant", ctx, None, ("control", verb), conds, order))
                continue
            name = RESTRICTED.get(type(verb))
            if name is None:
                raise Unsupported(f"a restriction on {type(verb).__name__}")
            if name == "target" and targeting_by(verb.agent) is not None:
                # "can't be targeted by magic / by enemy spells / by your opponents' abilities"
                out.append(Static("cant", ctx, None, (name, verb), conds, order))
                _check_words(verb.patient)
                continue
            if name == "cast" and isinstance(verb, A.Cast):
                # "Your opponents can't cast minions": the words name the spell being cast, read like
                # a cost change's (`casting_rules.banned`, checked as a spell is cast)
                _check_words(verb.agent, verb.dest)
                _check_card_words(verb.patient)
                out.append(Static("cant", ctx, None, (name, verb), conds, order))
                continue
            _check_words(getattr(verb, "agent", None), getattr(verb, "patient", None), getattr(verb, "dest", None))
            if name == "enter" and "on_ground" in clause.adverbs:
                # "Units can't enter this site on the ground": only a move on the ground is barred
                # (Codex "On the Ground": "excluding Airborne and teleport"; found by blind real-card
                # round 16, where an Airborne minion was kept out)
                out.append(Static("cant", ctx, None, (name, verb, "on_ground"), conds, order))
                continue
            out.append(Static("cant", ctx, None, (name, verb), conds, order))
        return out
    if isinstance(act, A.Include) and clause.modal == "may" and not clause.negated and not clause.adjuncts:
        # "Your spellbook may include any number of Grey Wolves": deck construction (`deck.any_number`)
        from codex.engine.deck import any_number_of, singular_deck
        if singular_deck(act.patient) is None or any_number_of(act.recipient) is None:
            raise Unsupported("a deck-building permission the engine does not read")
        return [Static("include", ctx, act.recipient, act.patient, (), order)]
    if _sees_stealthed(clause):          # "Bearer ... can see stealthed enemies"
        who = dict(act.roles).get("agent")
        _check_words(who)
        return [Static("grant", ctx, None if isinstance(who, A.Ref) else who, Keywords(sees_stealth=True), conds,
                       order)]
    opening = opening_hand(clause)
    if opening is not None:
        # "Start the game with 4 spells in hand": the Avatar's player's opening hand (`actions/opening.py`)
        return [Static("opening", ctx, None, opening, (), order)]
    payload = _alternative_cost(clause)
    if payload is not None:
        # "You may exile a card rather than pay this spell's mana cost": an alternate cost that is an
        # action, paid as the spell is cast when its caster chooses it (`actions/casting.py`)
        from codex.engine.effects.check import sentence_problems
        for problem in sentence_problems((A.Sentence(clauses=(payload,)),)):
            raise Unsupported(f"an alternative cost with {problem}")
        return [Static("alternative_cost", ctx, None, payload, (), order)]
    kinds = ability_kinds_also(clause)
    if kinds is not None and not conds:
        # "Genesis abilities at this site are also Deathrite abilities": a card's Genesis fires when it dies
        # too, while it is where the words say (`also_deathrite`, read by `storyline`)
        place = A.Selector(noun="minion", plural=True, filters=act.patient.filters)
        _check_words(place)
        return [Static("also_kind", ctx, place, kinds, (), order)]
    if isinstance(act, A.IsA) and isinstance(act.patient, A.Mana) and tuple(act.patient.symbols) == ("(X)",) \
            and clause.modal is None and not clause.negated and not conds:
        # "(X) is the difference between your two life totals": what X is as the spell is cast (`x_defined`)
        from codex.engine.effects.x_defined import x_problems
        for problem in x_problems(act.type):
            raise Unsupported(problem)
        return [Static("x_is", ctx, None, act.type, (), order)]
    if clause.modal in ("may", "can") and not clause.negated:
        return _permission(clause, ctx, order)
    if clause.modal in ("must", "can and must") and not clause.negated:
        return _requirement(clause, ctx, order)
    if clause.modal is None and clause.negated and isinstance(act, A.IsA) and _water_site(act.type):
        # "Affected sites aren't water sites": land whatever else would make them water (`land_by`)
        _check_words(act.patient)
        return [Static("land", ctx, act.patient, None, conds, order)]
    if clause.modal is None and clause.negated and isinstance(act, A.Provide):
        return _provide_negated(act, clause, ctx, conds, order)
    if clause.modal is not None or clause.negated:
        raise Unsupported(f"a static ability with '{clause.modal or 'not'}'")
    if isinstance(act, A.Control):
        # "You control all Beasts": control in layer 3, recomputed at rest (`static_control.py`)
        if not (isinstance(act.agent, A.Ref) and act.agent.word == "you" and not act.agent.filters) \
                or clause.adverbs or clause.adjuncts or clause.per is not None or clause.duration is not None:
            raise Unsupported("control given to someone other than the card's controller")
        _check_words(act.patient)
        # units ("You control all Mortals") and sites ("You control this site", "sites nearby"): both
        # have a controller the layer recomputes (`static_control.py`); artifacts, auras and players not
        sites = isinstance(act.patient, A.Selector) and singular_noun(act.patient) == "site"
        if not sites and (isinstance(act.patient, A.Selector) and (
                singular_noun(act.patient) in ("artifact", "aura", "card") or act.patient.det == "this")):
            raise Unsupported("control of something other than units and sites from a static ability")
        return [Static("control", ctx, act.patient, None, conds, order)]
    kills = _banish_kills(clause)
    if kills is not None:
        # "Allied Beasts banish the minions they kill to permanently gain +2 power": a replacement of
        # where their victims go, and a gain for the killer (`banished_by_killer`, read at burial)
        _check_words(act.agent)
        return [Static("banish_kills", ctx, act.agent, kills, conds, order)]
    if clause.purpose is not None and not isinstance(act, A.CostChange):
        raise Unsupported("a static ability with a purpose")
    if clause.per is not None and not isinstance(act, (A.Grant, A.Provide, A.CostChange)):
        raise Unsupported(f"'for each' on a static {type(act).__name__}")
    if isinstance(act, A.Strike) and clause.adverbs == ("last",) and act.patient is None and not clause.adjuncts:
        _check_words(act.agent)      # "This minion strikes last": after the normal strikes (`strike_order`)
        return [Static("strike_last", ctx, act.agent or A.Ref("SELF"), None, conds, order)]
    if isinstance(act, A.Strike) and not clause.adverbs and act.patient is None and len(clause.adjuncts) == 1 \
            and clause.adjuncts[0].prep == "before":
        _check_words(act.agent, clause.adjuncts[0].what)    # "strikes before minions without Airborne"
        return [Static("strike_before", ctx, act.agent or A.Ref("SELF"), clause.adjuncts[0].what, conds, order)]
    if isinstance(act, A.Strike) and clause.adverbs == ("first",) and act.patient is None and not clause.adjuncts:
        _check_words(act.agent)      # "Strikes first while attacking": first strike, while it holds
        return [Static("grant", ctx, act.agent or A.Ref("SELF"), Keywords(first_strike=True), conds, order)]
    if isinstance(act, A.Heal) and _strike_damage_of(act.agent) is not None and isinstance(act.patient, A.Ref) \
            and act.patient.word == "you" and act.amount is None and not clause.adverbs:
        striker = _strike_damage_of(act.agent)      # "Blood Ravens' strike damage against units heals you"
        _check_words(striker)
        return [Static("lifelink", ctx, striker, None, conds, order)]
    if isinstance(act, A.Grant) and len(act.grants) == 1 and names_abilities(act.grants[0], ("no",)) \
            and act.agent is None:
        # "Minions here have no abilities": every ability gone, what silencing does (Codex "Silenced":
        # "loses all its special abilities"), in the layer of disabling and silencing effects; its
        # basic abilities stay (the reading named with Codex "Disabled" by `no_abilities_notes`)
        _check_words(act.patient)
        return [Static("silence", ctx, act.patient, "no_abilities", conds, order)]
    if isinstance(act, A.Grant) and act.agent is not None:
        # "Mortals here ... each give +1 power to all Faeries here" (`abilities.each_giver_as_named`): the
        # bonus counts once per giver, the givers' words its "for each"; a giver named by a pronoun left
        # unread, or a grant of keywords or abilities by givers, is named as not executed
        if not isinstance(act.agent, A.Selector) or clause.per is not None \
                or any(not isinstance(g, A.PowerMod) for g in act.grants):
            raise Unsupported("a grant each of several givers makes ('each give +1 power to ...')")
        _check_words(act.agent)
        return statics_of_clause(A.replace(clause, action=A.replace(act, agent=None), per=act.agent), ctx, order)
    if isinstance(act, A.Grant) and any(isinstance(g, A.GrantedAbility) for g in act.grants):
        _check_words(act.patient)
        abilities = granted_abilities(act.grants, ctx.ability.text)
        for ability in abilities:
            if not ability.executed:
                from codex.engine.effects.check import missing
                raise Unsupported(f"granting an ability with {(missing(ability) or ['what it cannot run'])[0]}")
            if ability.kind is AbilityKind.STATIC:
                # a static ability held through a grant is applied by the control layer only
                # (`static_control.granted_control`); another kind would be read and never applied
                from codex.engine.effects.static_control import granted_static_problem
                refusal = granted_static_problem(ability)
                if refusal:
                    raise Unsupported(refusal)
        others = tuple(g for g in act.grants if not isinstance(g, A.GrantedAbility))
        out = [Static("grant_ability", ctx, act.patient, abilities, conds, order)]
        if others:
            out += statics_of_clause(A.replace(clause, action=A.replace(act, grants=others)), ctx, order)
        return out
    if isinstance(act, A.Grant):
        _check_words(act.patient)
        kw, power = grants_of(act.grants)
        out = []
        if kw != Keywords():
            if clause.per is not None and not power:
                raise Unsupported("keywords granted 'for each'")
            # "has Spellcaster and +1 power for each ...": a keyword is had or not, so the count
            # scales the number beside it only; the keyword is granted whatever the count
            out.append(Static("grant", ctx, act.patient, kw, conds, order, permanent=permanent))
        if power:
            out.append(Static("power", ctx, act.patient, power, conds, order, per=clause.per))
        return out
    if isinstance(act, A.LoseGrant) and act.grants and act.abilities is None:
        _check_words(act.patient)
        kw, power = grants_of(act.grants)
        return [Static("lose", ctx, act.patient, kw, conds, order, permanent=permanent)]
    if permanent:
        raise Unsupported(f"a permanent static {type(act).__name__}")
    if isinstance(act, A.Heal) and heals_at_once(act, clause):
        # "Immediately heals from damage that doesn't kill it": damage it survives is removed at once
        # (`storyline._check`, once the story is at rest and its death has been looked at)
        _check_words(act.patient)
        return [Static("heal_now", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.LoseGrant) and _all_abilities(act):
        # "Other nearby sites lose their abilities": every ability lost, what silencing does (Codex
        # "Silenced": "loses all its special abilities"; "Lose": "lose, can't gain, and can't have")
        _check_words(act.patient)
        return [Static("silence", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.SetState) and act.state in ("silenced", "disabled"):
        _check_words(act.patient)
        return [Static("silence" if act.state == "silenced" else "disable", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.SetState) and act.state == "flooded" or isinstance(act, A.IsA) and _water_site(act.type):
        _check_words(act.patient)
        return [Static("water", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.IsA) and subtype_becomes(act) is not None:
        # "Mortals in the realm become Beasts": a subtype the units it covers now have, instead of
        # their printed ones, or with them ("are also Beasts", "in addition to their other types")
        # (`applied_to`, read by `select._subtypes`)
        from codex.engine.effects.type_changes import in_addition
        _check_words(act.patient)
        return [Static("subtype", ctx, act.patient, (subtype_becomes(act), in_addition(clause)), conds, order)]
    if removes_types(act):
        # "Minions here lose all minion types", "has no minion types": the type layer removes every
        # subtype (`type_changes.py`, `applied_to`)
        _check_words(act.agent if isinstance(act, A.Own) else act.patient)
        return [Static("no_types", ctx, act.agent if isinstance(act, A.Own) else act.patient, None, conds, order)]
    if isinstance(act, A.SetState) and act.state == "lethal":
        return [Static("lethal", ctx, _lethal_to(act.patient), None, conds, order)]
    if isinstance(act, A.ModifyDamage):
        return _damage_static(act, clause, ctx, conds, order)
    if isinstance(act, A.Prevent) and _standing_prevention(act) is not None:
        return [_prevention_static(act, clause, ctx, conds, order)]
    if isinstance(act, A.ChangeAmount) and _all_healing(act.patient):
        return [_healing_static(act, clause, ctx, conds, order)]
    if isinstance(act, A.ChangeAmount) and act.how == "set" and isinstance(act.amount, int) and act.agent is None:
        from codex.engine.effects.power import power_owner
        owner = power_owner(act.patient)
        if owner is not None:
            # "Minions here have base power 2", "Bearer has base power 5": the power-setting layer (6) as an
            # ongoing effect, newest last within it (`applied_to`, `ongoing.layered_power`)
            _check_words(owner)
            return [Static("base_power", ctx, owner, act.amount, conds, order)]
    if isinstance(act, A.ChangeAmount) and act.how == "reduce_to":
        return _caps(act, clause, ctx, conds, order)
    if isinstance(act, A.ChangeAmount) and act.how == "limit_to" and _deck_searches(act) is not None:
        # some players' deck searches limited to the top N cards (`search_limit`)
        whose, top = _deck_searches(act)  # type: ignore[misc]
        _check_words(whose)
        return [Static("search_limit", ctx, whose, top, conds, order)]
    if isinstance(act, A.Own) and _every_quality(act.patient) is not None and not clause.adverbs:
        # "Has all elements and minion types": it is of each element, and of every minion type (Codex
        # "Element": "it is each of those elements"), wherever elements or types are asked
        _check_words(act.agent)
        return [Static("has_every", ctx, act.agent, _every_quality(act.patient), conds, order)]
    if isinstance(act, A.Immune) and isinstance(act.what, A.Keyword) and act.what.name == "lethal":
        _check_words(act.patient)      # "Nearby allies are immune to Lethal": a Lethal unit's damage is just damage
        return [Static("immune_lethal", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.Immune) and isinstance(act.what, A.Selector) and act.what.noun == "damage":
        _check_words(act.patient)
        return [Static("immune", ctx, act.patient, None, conds, order)]
    if isinstance(act, A.Provide):
        return _provide_static(act, clause, ctx, conds, order)
    if isinstance(act, A.Own) and isinstance(act.agent, A.Ref) and act.agent.word == "you" \
            and isinstance(act.patient, A.Mana) and act.patient.extra and not clause.adverbs:
        # "You have an additional (E)(F)(W)(A)": the card's controller has that affinity while the
        # card is in the realm, as a site's provided threshold is counted (`provided`)
        mana, affinity = _provided(act.patient)
        if mana or not affinity:
            raise Unsupported("having additional mana rather than threshold")
        return [Static("provide", ctx, None, (0, affinity), conds, order)]
    if isinstance(act, A.CostChange):
        return [_cost_static(act, clause, ctx, conds, order)]
    if isinstance(act, A.Enter) and not conds and isinstance(act.patient, A.Ref) and act.patient.word == "SELF" \
            and enters_under(act) is not None:
        # "Enters the realm under an opponent's control": who controls it as it enters (`actions/sites.py`)
        _check_words(enters_under(act))
        return [Static("enters_under", ctx, None, enters_under(act), (), order)]
    if isinstance(act, A.Enter) and not conds and _entering_count(act) is not None:
        # "X enters the realm with 6 counters": given as it enters (`effects/counters.py`)
        return [Static("enters_counters", ctx, None, _entering_count(act), (), order)]
    if isinstance(act, A.Lasts) and not conds:     # "Lasts 3 of your turns": read by the end phase (`aura_expiry`)
        if not isinstance(act.count, int) or act.turn is None or act.turn.whose != "your" or act.turn.which:
            raise Unsupported("an aura lasting something other than a number of its controller's turns")
        return [Static("lasts", ctx, None, act.count, (), order)]
    if isinstance(act, A.Conjure) and act.dest is not None and act.agent is None and not conds \
            and not clause.adjuncts and (act.patient is None or isinstance(act.patient, A.Ref) and act.patient.word == "SELF") \
            and _border_of_site(act.dest) is not None:
        # "conjure it atop a border of one of your sites": a wall, atop a border of such a site (Codex "Traverse")
        _check_words(_border_of_site(act.dest))
        return [Static("conjure_border", ctx, None, _border_of_site(act.dest), (), order)]
    if isinstance(act, A.Conjure) and act.dest is not None and act.agent is None and not conds \
            and not clause.adjuncts and (act.patient is None or isinstance(act.patient, A.Ref) and act.patient.word == "SELF"):
        # "Conjure atop an Elite or Unique site": where the aura goes when it is cast (one site's surface)
        if not (isinstance(act.dest, (A.Selector, A.Group)) and all(
                isinstance(i, A.Selector) and singular_noun(i) == "site" for i in _items(act.dest))):
            raise Unsupported("conjuring atop something other than a site")
        from codex.engine.effects.select import choice_of
        if any(choice_of(i) is not None for i in _items(act.dest)):
            raise Unsupported("conjuring where another player chooses")
        _check_words(act.dest)
        return [Static("conjure_at", ctx, None, act.dest, (), order)]
    if isinstance(act, A.Play) and _hands_revealed(clause):
        # "Enemy Avatars within Swiven Scout's range of motion play with their hands revealed": the
        # hands of the players they name (an Avatar: its controller) are open to every player
        _check_words(act.agent)
        return [Static("hand_revealed", ctx, act.agent, None, conds, order)]
    if _moves_freely_away(clause):        # "Airborne minions atop Updraft Ridge move freely away"
        _check_words(act.patient)
        return [Static("free_away", ctx, act.patient, None, conds, order)]
    if _takes_damage_for(clause) is not None:
        whom = _takes_damage_for(clause)
        if not (isinstance(whom, A.Ref) and whom.word in ("they", "them")):
            _check_words(whom)
        return [Static("redirect", ctx, whom, None, conds, order)]
    raise Unsupported(f"a static {type(act).__name__}")


def leaps_sites(clause: A.Clause) -> bool:
    """"Can leap (entirely) over adjacent sites (in one step)": a leap over a site, nothing else said."""
    act = clause.action
    if not (isinstance(act, A.Move) and act.kind == "leap" and act.dest is None and act.steps is None
            and act.source is None and act.direction is None and set(clause.adverbs) <= {"entirely"}
            and not clause.adjuncts and not clause.conditions):
        return False
    path = act.path
    if not (isinstance(path, A.Selector) and path.noun.lower() in ("site", "sites") and not path.mods):
        return False
    rest = [f for f in path.filters if not (isinstance(f, A.Where) and (
        f.rel == "adjacent" and f.of is None or f.rel == "in" and isinstance(f.of, A.Selector)
        and f.of.noun.lower() == "step" and f.of.count in (1, None)))]
    return not rest and any(isinstance(f, A.Where) and f.rel == "adjacent" for f in path.filters)


def subtype_becomes(act: A.IsA) -> str | None:
    """"become Beasts", "are also Beasts": the one subtype named (not a card type or a keyword), or None."""
    from codex.engine.effects.select import CARD_TYPES, is_subtype, singular
    from codex.engine.keywords import FLAGS
    what = act.type
    if not (isinstance(what, A.Selector) and what.det in (None, "a", "an") and not what.mods and not what.filters
            and is_subtype(what.noun)):
        return None
    word = singular(what.noun)
    if word.lower() in CARD_TYPES or word.lower().replace(" ", "_") in FLAGS:
        return None
    return word[:1].upper() + word[1:]       # as printed types are written ("Beast")


def _traverse_ban(clause: A.Clause, verb: A.Traverse, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static:
    """"<units> can't traverse <a border> [on the ground]": who may not, which border, and whether
    only on the ground (`borders.traverse_ban`)."""
    from codex.engine.borders import borders_problem
    if set(clause.adverbs) - {"on_ground"} or clause.adjuncts:
        raise Unsupported("a restriction on traversing, with an adverb or an adjunct")
    problem = borders_problem(verb.patient)
    if problem is not None:
        raise Unsupported(problem)
    _check_words(verb.agent)
    return Static("cant", ctx, None, ("traverse", verb, "on_ground" in clause.adverbs), conds, order)


def _border_of_site(dest: Any) -> Any:
    """"the border of <a site>": the site's words (None: not a site's border)."""
    if not (isinstance(dest, A.Selector) and dest.noun.lower() == "border"
            and (dest.det in ("the", "a") or dest.det is None and dest.count == 1) and not dest.mods and len(dest.filters) == 1 and isinstance(dest.filters[0], A.Of)):
        return None
    site = dest.filters[0].what
    if isinstance(site, A.Partitive) and site.count == 1:
        site = site.of                  # "a border of one of your sites": one of them is any of them
    return site if isinstance(site, A.Selector) and singular_noun(site) == "site" else None


def _moves_freely_away(clause: A.Clause) -> bool:
    """"<units> move freely away": a step of theirs leaving the card's square costs nothing."""
    act = clause.action
    return isinstance(act, A.Move) and act.kind == "move" and clause.modal is None and not clause.negated \
        and list(clause.adverbs) == ["freely"] and isinstance(act.dest, A.Where) and act.dest.rel == "away" \
        and act.dest.of is None and isinstance(act.patient, A.Selector) and act.steps is None


def free_away(state: GameState, unit_id: str, frm: Location, to: Location) -> CardQuote | None:
    """The ongoing effect making the unit's step from ``frm`` to another square free ("move freely
    away" from the site on ``frm``'s square, for the units it names there), if one does."""
    if frm.square == to.square or not state.statics or evaluating():
        return None
    memo = _memo(state)
    if ("free_away",) not in memo:
        memo[("free_away",)] = tuple(s for s in state.statics if s.kind == "free_away")
    here: list[Static] = [s for s in memo[("free_away",)] if s.ctx.source == Obj("site", frm.square)]
    unit = state.unit(unit_id)
    if not here or unit is None:
        return None
    from dataclasses import replace as dc_replace
    there = state.with_unit(dc_replace(unit, location=frm)) if unit.location != frm else state
    silenced = _silenced_sources(there)
    for s in here:
        if _active(there, s, silenced) and Obj("unit", unit_id) in affected(there, s):
            return s.quote
    return None


def _sees_stealthed(clause: A.Clause) -> bool:
    """"(Bearer) can see stealthed enemies": their Stealth does not hide them from it (Codex
    "Stealth": they may be attacked, targeted, intercepted by it)."""
    act = clause.action
    if not (isinstance(act, A.Action) and act.lemma == "see" and clause.modal == "can" and not clause.negated
            and not clause.conditions):
        return False
    roles = dict(act.roles)
    who, seen = roles.get("agent"), roles.get("patient")
    return isinstance(seen, A.Selector) and singular_noun(seen) == "enemy" and list(seen.mods) == ["stealthed"] \
        and not seen.filters and (who is None or isinstance(who, (A.Selector, A.Ref)))


def _takes_it_instead(sentence: A.Sentence, cond: A.Condition) -> Any:
    """"If <units> would take damage, <this card> [may] take that damage instead": whom the card
    takes damage for, or None for any other replacement."""
    event = cond.clause
    if len(sentence.conditions) != 1 or len(sentence.clauses) != 1 or not isinstance(event, A.Clause):
        return None
    clause = sentence.clauses[0]
    act, would = clause.action, event.action
    if not (isinstance(would, A.Damage) and would.amount is None and would.agent is None and would.kind is None
            and would.patient is not None and not event.negated and not event.conditions and not event.adverbs):
        return None
    if not (isinstance(act, A.Damage) and act.amount is None and act.agent is None and act.kind is None
            and _this_card(act.patient) and clause.instead
            and clause.modal in (None, "may") and not clause.negated and not clause.adjuncts
            and not clause.conditions and clause.per is None and clause.duration is None):
        return None
    return would.patient


def _this_card(node: Any) -> bool:
    """The card itself: its name (SELF) or "this minion" ("that damage is dealt to this minion
    instead", found by blind ruling round 12)."""
    if isinstance(node, A.Selector):
        return node.det == "this" and singular_noun(node) in ("minion", "unit", "card", "avatar") \
            and not node.mods and not node.filters and node.count is None
    return isinstance(node, A.Ref) and node.word == "SELF" and not node.filters


def _takes_damage_for(clause: A.Clause) -> Any:
    """"Bruin takes damage for them", "takes damage for other adjacent allies": whom the card takes
    damage for (a replacement: their damage is dealt to it instead), or None."""
    act = clause.action
    if not (isinstance(act, A.Damage) and act.amount is None and act.kind is None and act.agent is None
            and _this_card(act.patient) and clause.modal is None
            and not clause.negated and len(clause.adjuncts) == 1 and clause.adjuncts[0].prep == "for"):
        return None
    return clause.adjuncts[0].what


def _named_by_condition(conditions: tuple[Any, ...]) -> Any:
    """What "them" means in "While near your Avatar, Bruin takes damage for them": the thing the
    while-condition names."""
    for cond in conditions:
        clause = getattr(cond, "clause", None)
        where = getattr(getattr(clause, "action", None), "where", None)
        if isinstance(cond, A.Condition) and cond.kind == "while" and isinstance(where, A.Where) \
                and isinstance(where.of, A.Selector):
            return where.of
    return None


def takes_damage_for(state: GameState, target: Unit) -> tuple[Unit, CardQuote] | None:
    """The unit whose static ability takes the damage ``target`` would take, and its words (Codex
    "Replacement Effect"), if one does."""
    if not state.statics:
        return None
    from codex.engine.effects.select import NotExecutable, select_all
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "redirect" or s.ctx.source.kind != "unit" or s.ctx.source.key == target.id \
                or not _active(state, s, silenced):
            continue
        taker = state.unit(str(s.ctx.source.key))
        whom = _named_by_condition(s.conditions) if isinstance(s.patient, A.Ref) else s.patient
        if taker is None or whom is None:
            continue
        token = _evaluating.set(True)
        try:
            covered = set(select_all(state, s.ctx, whom))
        except NotExecutable:
            covered = set()
        finally:
            _evaluating.reset(token)
        if Obj("unit", target.id) in covered:
            if s.payload == "may" and not s.ctx.may(f"have {taker.name} take the damage {target.name} would take"):
                continue           # "may take that damage instead": its controller declines
            return taker, s.quote
    return None


def _entering_count(act: Any) -> int | None:
    from codex.engine.effects.counters import entering_count
    return entering_count(act)


def enters_under(act: Any) -> Any:
    """"Enters the realm under an opponent's control": the words for who controls it (None: not so)."""
    dest = getattr(act, "dest", None)
    if not (isinstance(dest, A.Selector) and dest.noun == "realm" and len(dest.filters) == 1):
        return None
    where = dest.filters[0]
    control = where.of if isinstance(where, A.Where) and where.rel == "under" else None
    if isinstance(control, A.Selector) and control.noun == "control" and isinstance(control.det, A.Possessive):
        return control.det.owner
    return None


def _static_actions(abilities: Any) -> Iterator[tuple[Any, Ability]]:
    """Each clause action of the card's executed static abilities, with its ability."""
    for each in abilities.abilities:
        ability = each.applied if each.kind is AbilityKind.STATIC else None
        if ability is None:
            continue
        for sentence in getattr(ability.node, "body", ()):
            for clause in getattr(sentence, "clauses", ()):
                yield getattr(clause, "action", None), ability


def entering_control(abilities: Any) -> tuple[Any, Ability] | None:
    """The words for who controls this card as it enters the realm, and the ability saying so."""
    for act, ability in _static_actions(abilities):
        owner = enters_under(act)
        if owner is not None:
            return owner, ability
    return None


def lasts(abilities: Any) -> tuple[int, Ability] | None:
    """"Lasts 3 of your turns": how many, and the ability that says so (None: it lasts)."""
    for act, ability in _static_actions(abilities):
        if isinstance(act, A.Lasts) and isinstance(act.count, int):
            return act.count, ability
    return None


def _items(node: Any) -> tuple[Any, ...]:
    return node.items if isinstance(node, A.Group) else (node,)


def _during_turns(duration: Any) -> str | None:
    """"during enemy turns" → ``enemy``, "during your turn(s)" → ``your``; None for any other duration."""
    if isinstance(duration, A.Duration) and duration.kind == "during" and duration.turn is not None \
            and duration.turn.which is None and duration.phase is None:
        whose = duration.turn.whose
        return "enemy" if whose in ("enemy", "opponent", "opponents", "enemies") else "your" if whose == "your" else None
    return None


def strikers_of(words: Any, ctx: Ctx) -> tuple[bool, Any]:
    """Whose strikes the words name ("its strikes", "bearer's strikes"): (True, the strikers' words,
    None for the card itself), or (False, None) when the words are not strikes. Only units strike
    (Codex "Strike": "deal damage equal to the unit's power"), so an artifact's "its strikes" are its
    bearer's."""
    from codex.engine.effects.select import singular
    if not (isinstance(words, A.Selector) and singular(words.noun) == "strike" and not words.mods
            and not words.filters and words.count is None):
        return False, None
    if isinstance(words.det, A.Possessive):
        return True, words.det.owner
    if words.det in ("its", "their", "his", "her"):
        return True, A.Selector(noun="bearer") if ctx.source.kind == "artifact" else None
    return False, None


def _splash_static(clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static | None:
    """"Its strikes also deal (full) damage to X" (a splash, `abilities.splash_as_also_dealt`): each
    strike of those units that damages a unit also deals that much damage (the strike's own, or the
    amount said) to each object X names, "a struck unit" being the unit struck (`effects/splash.py`).
    None for a clause of another shape."""
    act = clause.action
    if not isinstance(act, A.Damage) or "also" not in clause.adverbs:
        return None
    striking, who = strikers_of(act.agent, ctx)
    if not striking:
        return None
    if clause.modal or clause.negated or clause.per is not None or act.kind is not None or act.divided \
            or set(clause.adverbs) != {"also"} or clause.adjuncts or clause.purpose is not None:
        raise Unsupported("a splash of strike damage with words the engine does not read")
    if not (act.amount is None or isinstance(act.amount, int)):
        raise Unsupported("a splash of an amount the engine does not read")
    _check_words(who, act.patient)
    return Static("splash", ctx, who, (act.amount, act.patient), conds, order)


def splashes(state: GameState, unit: Unit) -> list[Static]:
    """The splashes of ``unit``'s strikes now (`_splash_static`), in timestamp order."""
    if evaluating() or not state.statics:
        return []
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    return [s for s in state.statics if s.kind == "splash" and _active(state, s, silenced) and me in affected(state, s)]


def _strike_damage_of(node: Any) -> Any:
    """Whose strike damage against units the words name ("Blood Ravens' strike damage against
    units"): the striker's words, or None."""
    if not isinstance(node, A.Selector) or node.noun != "strike damage" or not isinstance(node.det, A.Possessive):
        return None
    if node.mods or any(not (isinstance(f, A.Where) and f.rel == "against" and isinstance(f.of, A.Selector)
                             and singular_unit(f.of)) for f in node.filters):
        return None
    return node.det.owner


def _banish_kills(clause: A.Clause) -> int | None:
    """"<Units> banish the minions they kill to permanently gain +N power": N, or None for any other
    words."""
    act, purpose = clause.action, clause.purpose
    if not (isinstance(act, A.Remove) and act.kind == "banish" and isinstance(act.patient, A.Selector)
            and act.agent is not None and isinstance(purpose, A.Clause) and isinstance(purpose.action, A.Grant)
            and purpose.action.patient is None and purpose.duration is not None
            and purpose.duration.kind == "permanently" and len(purpose.action.grants) == 1
            and isinstance(purpose.action.grants[0], A.PowerMod) and isinstance(purpose.action.grants[0].amount, int)):
        return None
    patient = act.patient
    rel = patient.filters[0] if len(patient.filters) == 1 else None
    kill = rel.clause if isinstance(rel, A.Relative) else None
    if not (singular_noun(patient) == "minion" and not patient.mods and isinstance(kill, A.Clause)
            and isinstance(kill.action, A.Remove) and kill.action.kind == "kill"
            and isinstance(kill.action.agent, A.Ref) and kill.action.agent.word == "they"):
        return None
    return int(purpose.action.grants[0].amount)


def banished_by_killer(state: GameState, unit: Unit) -> tuple[CardQuote, list[Unit], int] | None:
    """The ongoing effect sending this dead minion to the banished area because units it names killed
    it ("Allied Beasts banish the minions they kill ..."): its sentence, those killers, the power
    they gain; None when none does."""
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "banish_kills" or not _active(state, s, silenced) or not unit.is_minion:
            continue
        from codex.engine.effects.select import NotExecutable, select_all
        try:
            named = set(select_all(state, s.ctx, s.patient))
        except NotExecutable:
            continue
        killers = [k for kid in unit.killed_by if (k := state.unit(kid)) is not None and Obj("unit", kid) in named]
        if killers:
            return s.quote, killers, int(s.payload)
    return None


def ability_kinds_also(clause: A.Clause) -> tuple[str, str] | None:
    """"Genesis abilities at this site are also Deathrite abilities": (``genesis``, ``deathrite``), or None."""
    act = clause.action
    if not (isinstance(act, A.IsA) and "also" in clause.adverbs and clause.modal is None and not clause.negated):
        return None
    words = []
    for sel in (act.patient, act.type):
        if not (isinstance(sel, A.Selector) and singular_noun(sel) == "ability" and len(sel.mods) == 1
                and sel.det is None):
            return None
        words.append(sel.mods[0].lower())
    if words != ["genesis", "deathrite"] or act.type.filters:
        return None
    return words[0], words[1]


def also_deathrite(state: GameState, unit: Unit) -> CardQuote | None:
    """The ongoing effect making this unit's Genesis abilities Deathrite abilities too, where it is
    now ("Genesis abilities at this site are also Deathrite abilities"), or None."""
    return _effect_on(state, unit, "also_kind")


def singular_noun(sel: A.Selector) -> str:
    from codex.engine.effects.select import singular
    return singular(sel.noun).lower()


def singular_unit(sel: A.Selector) -> bool:
    from codex.engine.effects.select import singular
    return singular(sel.noun) == "unit" and not sel.mods and not sel.filters


def _provide_static(act: A.Provide, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> list[Static]:
    """"Provides (E) and (1)", "Each affected site provides one additional mana", "Provides no mana
    or threshold unless completely empty", "Only provides mana and threshold while in your back
    row", "Provides no mana" (Codex "Mana", "Threshold")."""
    _check_words(act.agent)
    who = act.recipient
    if _everyone(who) and _mana_and_threshold(act.patient) and not clause.adverbs:
        # "Provides mana and threshold for everyone": every player counts the site's threshold as
        # their own and gets its mana in their start phase, not only its controller (`shared_sites`)
        return [Static("provide_all", ctx, act.agent, None, conds, order)]
    if who is not None and not (isinstance(who, A.Ref) and who.word == "you") and not (
            isinstance(who, A.Selector) and who.noun == "controller"):
        raise Unsupported("providing to someone other than the controller")
    patient = act.patient
    if isinstance(patient, A.Mana):
        if "only" in clause.adverbs:
            raise Unsupported("providing only some mana")
        mana, affinity = _provided(patient)
        if clause.instead:
            # "provides (N) instead": that mana in place of the one a site provides (Codex "Site"), so
            # one more than it would; threshold instead of its own is another matter
            if affinity or mana < 1 or not (isinstance(act.agent, A.Ref) and act.agent.word == "SELF"):
                raise Unsupported("providing something instead of what a card provides")
            mana -= 1
        return [Static("provide", ctx, act.agent, (mana, affinity), conds, order, per=clause.per)]
    items = patient.items if isinstance(patient, A.Group) else (patient,)
    if not all(isinstance(i, A.Selector) and i.noun in ("mana", "threshold") for i in items):
        raise Unsupported("providing something other than mana or threshold")
    if all(i.det == "no" for i in items):
        return [Static("provide_none", ctx, act.agent, _suppressed(items), conds, order)]
    if "only" in clause.adverbs and all(i.det is None and not i.mods for i in items):
        # "only provides mana and threshold while X": none unless X
        return [Static("provide_none", ctx, act.agent, _suppressed(items), conds, order, unless=True)]
    if len(items) == 1 and items[0].noun == "mana" and "additional" in items[0].mods and isinstance(items[0].count, int):
        return [Static("provide", ctx, act.agent, (int(items[0].count), {}), conds, order, per=clause.per)]
    raise Unsupported("providing mana or threshold in a way the engine does not read")


def _provide_negated(act: A.Provide, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...],
                     order: int) -> list[Static]:
    """"Affected sites don't provide mana", "This site doesn't provide threshold": the same as
    "provide no mana (threshold)": what the words name is taken away from what the cards provide,
    recomputed as every static is (the sites' printed mana and threshold are untouched)."""
    _check_words(act.agent)
    if act.recipient is not None or clause.adverbs or clause.instead or clause.per is not None:
        raise Unsupported("not providing something to someone, or only in some way")
    patient = act.patient
    # "don't provide mana or threshold": neither, as "and" says
    items = patient.items if isinstance(patient, A.Group) else (patient,)
    if not all(isinstance(i, A.Selector) and i.noun in ("mana", "threshold") and i.det is None
               and i.count is None and not i.filters for i in items):
        raise Unsupported("not providing something other than mana or threshold")
    return [Static("provide_none", ctx, act.agent, _suppressed(items), conds, order)]


def _everyone(who: Any) -> bool:
    """"for everyone", "to each player": every player."""
    return isinstance(who, A.Ref) and who.word.lower() == "everyone" or isinstance(who, A.Selector) and \
        singular_noun(who) == "player" and who.det in ("each", "every", "all") and not who.mods and not who.filters


def _mana_and_threshold(patient: Any) -> bool:
    """"mana and threshold": what a site provides, all of it."""
    items = patient.items if isinstance(patient, A.Group) and patient.conj == "and" else (patient,)
    return sorted(i.noun for i in items if isinstance(i, A.Selector) and i.det is None and not i.mods
                  and not i.filters and i.count is None) == ["mana", "threshold"] and len(items) == 2


def shared_sites(state: GameState, player: str) -> list[tuple[Site, CardQuote]]:
    """The sites another player controls that provide their mana and threshold to ``player`` too
    ("Provides mana and threshold for everyone"), with the sentence that says so."""
    if not state.statics:
        return []
    silenced = _silenced_sources(state)
    out: list[tuple[Site, CardQuote]] = []
    for s in state.statics:
        if s.kind != "provide_all" or not _active(state, s, silenced):
            continue
        for obj in affected(state, s):
            site = state.site_at(int(obj.key)) if obj.kind == "site" else None
            if site is not None and site.controller is not None and site.controller != player \
                    and all(site is not t for t, _ in out):
                out.append((site, s.quote))
    return out


def _suppressed(items: tuple[Any, ...]) -> tuple[bool, frozenset[str] | None]:
    """(no mana, the elements of threshold it provides none of; None: every element)."""
    from codex.engine.keywords import ELEMENTS
    no_mana = any(i.noun == "mana" for i in items)
    elements: frozenset[str] | None = frozenset()
    for i in items:
        if i.noun == "threshold":
            named = frozenset(m.lower() for m in i.mods if m.lower() in ELEMENTS)
            elements = None if not named or elements is None else elements | named
    return no_mana, elements


def _water_site(node: Any) -> bool:
    return isinstance(node, A.Selector) and node.noun == "site" and [m.lower() for m in node.mods] == ["water"]


def _lethal_to(node: Any) -> Any:
    """"Damage dealt to minions nearby is lethal": the units whose damage is lethal."""
    if isinstance(node, A.Selector) and node.noun == "damage":
        rel = next((f.clause for f in node.filters if isinstance(f, A.Relative)), None)
        if isinstance(rel, A.Clause) and isinstance(rel.action, A.Damage) and rel.action.patient is not None:
            _check_words(rel.action.patient)
            return rel.action.patient
    raise Unsupported("lethal damage to something the engine cannot name")


def _damage_static(act: A.ModifyDamage, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...],
                   order: int) -> list[Static]:
    """"Takes 1 less damage", "Nearby allies take 1 less damage", "Takes no damage from units with 4
    or more power", "Nearby units take double damage, except from strikes"."""
    from codex.engine.effects.damage_sources import source_problems
    if act.agent is not None:
        return [_dealt_static(act, clause, ctx, conds, order)]
    _check_words(act.patient)
    source, exempt = act.source, False
    if act.kind is not None:         # "takes double strike damage": damage from strikes only
        if act.kind != "strike" or source is not None:
            raise Unsupported(f"changing {act.kind} damage taken")
        source = A.Selector("strike", plural=True)
    if "except" in clause.adverbs:       # "..., except from strikes": every source but those
        source = next((a.what for a in clause.adjuncts if a.prep == "from"), None)
        exempt = source is not None
        if not exempt:
            raise Unsupported("an exception the engine cannot read")
    elif clause.adverbs or clause.adjuncts:
        raise Unsupported("a damage change with words the engine does not read")
    for problem in source_problems(source):
        raise Unsupported(problem)
    if act.change in ("less", "more") and isinstance(act.amount, int):
        return [Static("damage", ctx, act.patient, (act.change, int(act.amount), source, exempt), conds, order)]
    if act.change in ("none", "double"):
        return [Static("damage", ctx, act.patient, (act.change, 0, source, exempt), conds, order)]
    raise Unsupported(f"damage changed by '{act.change}'")


def _standing_prevention(act: A.Prevent) -> A.Damage | None:
    """"Prevent all damage that would be dealt to this minion by Avatars": the damage the words
    name (the relative clause's Damage, with its receiver and dealer), when they name all damage
    that would be dealt to something; None for other prevention words (`prevention_words`)."""
    found = prevention_words(act)
    return found[0] if found is not None and found[2] is None else None


def prevention_words(act: A.Prevent) -> tuple[A.Damage, Any, A.Duration | None] | None:
    """(the damage named, the source it is from, the time the words give) for "Prevent all [strike]
    damage that would be dealt to X [by Y] [this turn]": "strike damage" is damage from strikes
    (exec29), the time is the relative clause's ("that would be dealt to your Avatar this turn");
    None for other prevention words."""
    words = act.patient
    if not (isinstance(words, A.Selector) and words.noun in ("damage", "strike damage") and words.det in ("all", None)
            and not words.mods and words.count is None and len(words.filters) == 1):
        return None
    rel = words.filters[0]
    clause = rel.clause if isinstance(rel, A.Relative) else None
    if not (isinstance(clause, A.Clause) and isinstance(clause.action, A.Damage) and clause.modal == "would"
            and clause.action.patient is not None and clause.action.kind is None and not clause.negated
            and not clause.adjuncts and not clause.conditions):
        return None
    if clause.duration is not None and clause.duration.kind != "this_turn":
        return None
    source = clause.action.agent
    if words.noun == "strike damage":
        if source is not None:
            return None
        source = A.Selector("strike", plural=True)
    return clause.action, source, clause.duration


def _prevention_static(act: A.Prevent, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static:
    """"Prevent all damage that would be dealt to this minion by Avatars" as a standing ability: the
    Codex's own word for what "takes no damage from Avatars" does (Codex "Damage": "Damage prevention
    uses the words 'prevent' or 'immune,' and applies after all other damage modification"), read
    as that static (`prevented`): the receiver's damage from such dealers (any, none named) prevented."""
    from codex.engine.effects.damage_sources import source_problems
    found = prevention_words(act)
    assert found is not None
    damage, source, _ = found
    if clause.adverbs or clause.adjuncts or clause.duration is not None:
        raise Unsupported("a prevention with words the engine does not read")
    _check_words(damage.patient)
    for problem in source_problems(source):
        raise Unsupported(problem)
    return Static("damage", ctx, damage.patient, ("none", 0, source, False), conds, order)


def _dealt_static(act: A.ModifyDamage, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static:
    """"Nearby strikes deal 1 more damage against minions", "Bearer deals double damage against
    units", "Allies deal 1 more damage": a change to the damage some units *deal* (Codex "Damage":
    modification applies to the damage as it is dealt, whoever's effect it is). The dealers are
    the agent's units ("strikes" of some units: their strikes only); "against X" limits it to
    damage dealt to X. Read by `damage_changes` against each damage's `Origin`."""
    dealers, how, against = _dealers(act.agent)
    if act.patient is not None:     # "deals 2 more damage to Avatars": to them, as "against Avatars" (exec29)
        if against is not None:
            raise Unsupported("changing the damage a unit deals to a unit named twice")
        against = act.patient
    for adj in clause.adjuncts:
        if adj.prep != "against" or against is not None:
            raise Unsupported(f"the adjunct '{adj.prep} ...' on a change to the damage a unit deals")
        against = adj.what
    if clause.adverbs:
        raise Unsupported("a damage change with words the engine does not read")
    for problem in source_problems_of(act.source):
        raise Unsupported(problem)
    _check_words(dealers, against)
    if act.change in ("less", "more") and isinstance(act.amount, int):
        amount = int(act.amount)
    elif act.change in ("double", "none"):     # "Enemy minions here deal no damage": their damage becomes none
        amount = 0
    else:
        raise Unsupported(f"damage dealt changed by '{act.change}'")
    if how is None and act.source is not None:
        how = _how_of(act.source)
    if act.kind is not None:         # "deals double strike damage": its strikes' damage only
        if act.kind != "strike" or how not in (None, "strike"):
            raise Unsupported(f"changing {act.kind} damage dealt")
        how = "strike"
    return Static("deals", ctx, dealers, (act.change, amount, how, against), conds, order)


def source_problems_of(source: Any) -> Iterator[str]:
    """A damage change's "from ..." words when they say how the damage is dealt ("strike damage")."""
    if source is not None and _how_of(source) is None:
        yield "changing some kinds of damage a unit deals"


def _how_of(source: Any) -> str | None:
    if isinstance(source, A.Selector) and singular_noun(source) == "strike" and not source.filters:
        mods = {m.lower() for m in source.mods}
        return "ranged" if mods == {"ranged"} else "strike" if not mods else None
    return None


def _dealers(agent: Any) -> tuple[Any, str | None, Any]:
    """(the units dealing the damage, ``strike``/``ranged``/None: how they deal it, the "against X"
    words) of the agent of a damage change: "Nearby strikes against units" → (nearby units,
    strike, units); "Bearer" → (bearer, None, None)."""
    if not (isinstance(agent, A.Selector) and singular_noun(agent) == "strike"):
        return agent, None, None
    how = _how_of(A.replace(agent, det=None, filters=()))
    if how is None or (agent.det is not None and not isinstance(agent.det, A.Possessive)) or agent.quant or agent.count:
        raise Unsupported("changing the damage of particular strikes")
    against = [f.of for f in agent.filters if isinstance(f, A.Where) and f.rel == "against"]
    rest = tuple(f for f in agent.filters if not (isinstance(f, A.Where) and f.rel == "against"))
    by = [f.of for f in rest if isinstance(f, A.Where) and f.rel in ("by", "of")]
    if by and agent.det is None:        # "Strikes by this minion": this minion's strikes (exec29)
        if len(rest) != 1:
            raise Unsupported("changing the damage of particular strikes")
        agent, rest = A.replace(agent, det=A.Possessive(by[0]), filters=()), ()
    if isinstance(agent.det, A.Possessive):            # "Bearer's strikes against units"
        if rest:
            raise Unsupported("changing the damage of particular strikes")
        return agent.det.owner, how, against[0] if against else None
    dealers = A.Selector(noun="unit", filters=rest, plural=True)     # "Nearby strikes": strikes of nearby units
    return dealers, how, against[0] if against else None


#: What a cap names ("strike damage and life loss from nearby units capped at 2").
_CAPPED = {"strike damage": "strike", "damage": None, "life loss": "life"}


def _caps(act: A.ChangeAmount, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> list[Static]:
    """"strike damage and life loss from nearby units capped at 2": damage those units
    deal (by strikes) above the amount is that amount (a `deals` change ``at_most``), and so is the
    life a player loses from what they do (`life_cap`: a site they strike)."""
    if not isinstance(act.amount, int) or clause.adverbs or clause.adjuncts:
        raise Unsupported("reducing something to an amount the engine does not read")
    out = []
    for item in act.patient.items if isinstance(act.patient, A.Group) else (act.patient,):
        noun = item.noun.lower() if isinstance(item, A.Selector) else None
        if noun not in _CAPPED or item.det is not None or item.mods or len(item.filters) != 1:
            raise Unsupported("reducing something other than the damage or life loss units cause")
        cause = item.filters[0]
        verb = cause.clause.action if isinstance(cause, A.Relative) and isinstance(cause.clause, A.Clause) else None
        if not (isinstance(verb, A.Action) and verb.lemma == "cause" and dict(verb.roles).get("agent") is not None):
            raise Unsupported("reducing damage caused by something the engine does not read")
        dealers = dict(verb.roles)["agent"]
        _check_words(dealers)
        if _CAPPED[noun] == "life":
            out.append(Static("life_cap", ctx, dealers, int(act.amount), conds, order))
        else:
            out.append(Static("deals", ctx, dealers, ("at_most", int(act.amount), _CAPPED[noun], None), conds, order))
    return out


def life_cap(state: GameState, unit: Unit) -> tuple[int, CardQuote] | None:
    """The most life a player may lose from what ``unit`` does ("life loss from nearby units
    is reduced to 2"), with the card saying so; None when nothing caps it."""
    if not state.statics:
        return None
    caps = [(int(s.payload), s.quote) for s in active_statics(state, "life_cap")
            if Obj("unit", unit.id) in affected(state, s)]
    return min(caps, key=lambda c: c[0]) if caps else None


def _deck_searches(act: A.ChangeAmount) -> tuple[Any, int] | None:
    """Whose deck searches are limited to how many top cards: (whose words, N), or None."""
    what, top = act.patient, act.amount
    if not (isinstance(what, A.Selector) and what.noun.lower().removesuffix("es") == "deck search"
            and isinstance(what.det, A.Possessive) and not what.mods and not what.filters):
        return None
    if not (isinstance(top, A.Selector) and singular_noun(top) == "card" and isinstance(top.count, int)
            and list(top.mods) == ["top"] and top.det in ("the", None) and not top.filters):
        return None
    return what.det.owner, int(top.count)


def search_limit(state: GameState, player: str) -> tuple[int, CardQuote] | None:
    """How many cards from the top a deck search by ``player`` may look through (a card limiting the
    deck searches of some players to the top N cards), with the card saying so; None: the whole deck."""
    if not state.statics:
        return None
    found = []
    for s in active_statics(state, "search_limit"):
        from codex.engine.effects.select import NotExecutable, select_all
        with evaluation():
            try:
                whose = {str(o.key) for o in select_all(state, s.ctx, s.patient) if o.kind == "player"}
            except NotExecutable:
                continue
        if player in whose:
            found.append((int(s.payload), s.quote))
    return min(found, key=lambda f: f[0]) if found else None


def _all_healing(node: Any) -> bool:
    """"All healing": every healing, of minions and Avatars alike (Codex "Healing")."""
    return isinstance(node, A.Selector) and node.noun.lower() == "healing" and node.det in ("all", None) \
        and not node.mods and not node.filters


#: How an amount is rounded, by the adverb that says so.
ROUNDING = {"rounded_down": "down", "rounding_down": "down", "rounded_up": "up", "rounding_up": "up"}


def _healing_static(act: A.ChangeAmount, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static:
    """"All healing is halved, rounded up": every healing's amount changed as it happens
    (`healing_changed`), before it is gained or removes damage. A halving that does not say which
    way it rounds ("All healing is halved.") is read as every other unstated half is
    (`amounts.halve`): rounded down, the other reading given with the ruling."""
    rounding = [ROUNDING[a] for a in clause.adverbs if a in ROUNDING]
    if act.how not in ("halve", "double") or act.agent is not None or clause.adjuncts or \
            len(rounding) != len(clause.adverbs) or len(rounding) > 1:
        raise Unsupported("changing healing in a way the engine does not read")
    return Static("healing", ctx, None, (act.how, rounding[0] if rounding else None), conds, order)


def healing_changed(state: GameState, amount: int) -> tuple[int, list[tuple[int, CardQuote, str | None]]]:
    """The amount a healing of ``amount`` really heals under the ongoing effects that change every
    healing ("All healing is halved, rounded up"), oldest first, and each step (new amount, the
    card sentence that made it, the rounding the card states: None when it halves an odd amount
    without saying, read down)."""
    if not state.statics or amount <= 0:
        return amount, []
    silenced = _silenced_sources(state)
    steps: list[tuple[int, CardQuote, str | None]] = []
    for s in state.statics:
        if s.kind != "healing" or not _active(state, s, silenced):
            continue
        how, rounding = s.payload
        amount = amount * 2 if how == "double" else (amount // 2 if rounding != "up" else (amount + 1) // 2)
        steps.append((amount, s.quote, rounding if how == "halve" else "exact"))
    return amount, steps


def healing_notes(state: GameState, amount: int) -> tuple[int, list[Any]]:
    """The healing of ``amount`` as the ongoing effects leave it, and one note per change; a halving
    of an odd amount whose card states no rounding is read rounded down, as `amounts.halve` reads
    every unstated half, and its note gives the rounded-up reading too."""
    from codex.engine.events import Note
    changed, steps = healing_changed(state, amount)
    notes: list[Any] = []
    before = amount
    for after, quote, rounding in steps:
        notes.append(Note("healing_changed", f"The healing of {before} is {after} ({quote.card}).",
                          {"before": before, "after": after}, rules=("healing", "ongoing-effect"), from_card=quote))
        if rounding is None and before % 2:
            notes.append(Note("ruling_variant", f"{quote.card}: half of {before} is {before / 2:g}, and the card "
                              f"does not say which way to round. It is read rounded down, to {after}, as the Codex "
                              "rounds the one odd measure it speaks of (a split-power unit's average power); "
                              f"rounded up it would be {after + 1}.",
                              {"whole": before, "half": after, "reading": "rounded down", "other": after + 1},
                              rules=("split-power.average",), from_card=quote))
        before = after
    return changed, notes


def _cost_static(act: A.CostChange, clause: A.Clause, ctx: Ctx, conds: tuple[Any, ...], order: int) -> Static:
    """"Spells cast by a nearby Spellcaster cost (2) more", "Ordinary minions cost (1) less to cast to
    this site", "Costs (2) less to cast if you have more life than each opponent"."""
    amount = _mana_amount(act.amount)
    if act.direction not in ("more", "less"):
        raise Unsupported(f"a cost changed '{act.direction}'")
    first = isinstance(act.patient, A.Selector) and any(m.lower() == "first" for m in act.patient.mods)
    if clause.scope is not None and not (first and isinstance(clause.scope, A.Turn) and clause.scope.which is None
                                         and clause.scope.whose in ("each", "every")):
        # "the first spell of each element that the bearer casts each turn costs less": the turn is
        # what "first" counts in (`casting_rules._first_this_turn`); any other scope is not read
        raise Unsupported("a cost change for the first spell of a turn")
    purpose = clause.purpose
    if purpose is not None and not (isinstance(purpose, A.Clause) and isinstance(purpose.action, A.Cast)
                                    and purpose.action.patient is None):
        raise Unsupported("a cost change for something other than casting")
    if purpose is not None:
        from codex.engine.effects.conditions import condition_problems
        _check_words(purpose.action.dest, purpose.action.agent)
        for c in purpose.conditions:
            for problem in condition_problems(c):
                raise Unsupported(problem)
    _check_card_words(act.patient)
    if clause.per is not None:       # "costs (1) less for each minion in your cemetery": counted as it is cast
        _check_words(clause.per)
    floor = cost_floor(clause.adjuncts, act.direction)
    return Static("cost", ctx, act.patient, (amount if act.direction == "more" else -amount, purpose, floor), conds,
                  order, per=clause.per)


def cost_floor(adjuncts: tuple[Any, ...], direction: str | None) -> int | None:
    """The floor of a cost reduction ("(2) less, to a minimum of (1)"): the cost the reduction never
    takes the spell below (Codex "Cost" subtracts reductions; the card's own words limit its own). Any
    other adjunct of a cost change, or a floor on a cost increase, is not read (raised, never dropped)."""
    floor: int | None = None
    for adj in adjuncts:
        what = adj.what
        if adj.prep == "to" and direction == "less" and isinstance(what, A.Selector) and what.noun == "minimum" \
                and what.det in ("a", None) and not what.mods and len(what.filters) == 1 \
                and isinstance(what.filters[0], A.Of) and isinstance(what.filters[0].what, A.Mana) and floor is None:
            floor = _mana_amount(what.filters[0].what)
            continue
        raise Unsupported(f"a cost change with the adjunct '{adj.prep}'")
    return floor


def _provided(mana: A.Mana) -> tuple[int, dict[str, int]]:
    """(generic mana, threshold by element) of provided symbols: ``(E) and (1)`` → 1 mana, 1 earth."""
    from codex.engine.keywords import mana_symbols_value
    value = mana_symbols_value(mana.symbols)
    if isinstance(value, str):
        raise Unsupported(f"providing {value}")
    return value


def fronted_instead(sentence: A.Sentence) -> bool:
    """"Instead of paying its mana cost, you may ...": a sentence of one clause whose fronted phrases
    all say what the clause is done in place of; they are that clause's, read with it."""
    return bool(sentence.adjuncts) and len(sentence.clauses) == 1 \
        and all(a.prep in INSTEAD_PREPS for a in sentence.adjuncts)


def _clauses(node: Any) -> list[tuple[A.Clause, tuple[Any, ...]]]:
    """The clauses of a static ability, each with the conditions of its sentence."""
    if isinstance(node, A.Clause):
        return [(node, ())]
    if isinstance(node, A.Statement):
        out: list[tuple[A.Clause, tuple[Any, ...]]] = []
        for sentence in node.body:
            if not isinstance(sentence, A.Sentence):
                raise Unsupported("an unreadable sentence")
            if sentence.per or sentence.limit or sentence.duration and _during_turns(sentence.duration) is None:
                raise Unsupported("a static sentence with a duration, 'for each' or a limit")
            clauses = sentence.clauses
            if sentence.duration is not None:
                # "During your opponent's turn, this minion has +2 power" ("Only during your turn, ..."): the
                # turns written first bound each clause, as the same words written after the clause do
                clauses = tuple(c if c.duration is not None else A.replace(c, duration=sentence.duration)
                                for c in clauses)
            if fronted_instead(sentence):
                # "Instead of paying its mana cost, you may ...": the words written first are the clause's
                clauses = (A.replace(clauses[0], adjuncts=tuple(clauses[0].adjuncts) + tuple(sentence.adjuncts)),)
            out += [(c, tuple(sentence.conditions)) for c in clauses]
        return out
    raise Unsupported(f"a static {type(node).__name__}")


def statics_of(ability: Ability, ctx: Ctx, order: int) -> list[Static]:
    """The ongoing effects of one static ability (Unsupported when the engine does not apply it)."""
    from dataclasses import replace as dc_replace
    from codex.engine.effects.replacements import replacement_problems, would_condition
    out: list[Static] = []
    threshold = tuple(getattr(ability.node, "threshold", ()) or ())
    node = ability.node
    if isinstance(node, A.Statement) and any(would_condition(s) for s in node.body):
        # "If bearer would die, instead ...": a replacement effect (`replacements.py`)
        rest = []
        for sentence in node.body:
            cond = would_condition(sentence)
            if cond is None:
                rest.append(sentence)
                continue
            whom = _takes_it_instead(sentence, cond)
            if whom is not None:
                # a card that may take instead the damage a nearby Avatar or royal would take:
                # the damage is dealt to the card instead, as "takes damage for them" (`combat._taken_for`)
                _check_words(whom)
                out.append(Static("redirect", ctx, whom, "may" if sentence.clauses[0].modal == "may" else None, (),
                                  order, threshold=threshold))
                continue
            for problem in replacement_problems(sentence):
                raise Unsupported(problem)
            verb = REPLACED[type(cond.clause.action)]
            out.append(Static("instead", ctx, None, (verb, sentence), (), order, threshold=threshold))
        if rest:
            out += statics_of(dc_replace(ability, node=A.replace(node, body=tuple(rest))), ctx, order)
        return out
    if isinstance(node, A.Statement) and any(_additional(s) for s in node.body):
        # "As an additional cost to cast Craterize, discard a site": paid as it is cast (`actions/casting.py`)
        from codex.engine.effects.check import sentence_problems
        rest = []
        for sentence in node.body:
            if not _additional(sentence):
                rest.append(sentence)
                continue
            for problem in sentence_problems((A.replace(sentence, conditions=()),)):
                raise Unsupported(f"an additional cost with {problem}")
            out += [Static("additional_cost", ctx, None, clause, (), order) for clause in sentence.clauses]
        if rest:
            out += statics_of(dc_replace(ability, node=A.replace(node, body=tuple(rest))), ctx, order)
        return out
    previous: A.Clause | None = None
    for clause, conds in _clauses(ability.node):
        if isinstance(clause.action, A.DoSo) and clause.modal == "may" and previous is not None \
                and previous.modal == "may" and not conds:
            # "Anyone may cast minions here and they may do so for (1) less"
            out += [dc_replace(s, threshold=threshold) for s in _done_for(previous.action, clause, ctx, order)]
            continue
        previous = clause
        if conds:
            from codex.engine.effects.conditions import condition_problems
            problems = [p for c in conds for p in condition_problems(c)]
            if problems:
                raise Unsupported(problems[0])
        out += [_each_covered(dc_replace(s, conditions=conds + s.conditions, threshold=threshold))
                for s in statics_of_clause(clause, ctx, order)]
    return out


def _each_covered(static: Static) -> Static:
    """"Other allies have +2 power while successfully attacking sites": a "while attacking" or
    "while defending" with no subject, in an effect on other objects than the card, is said of each
    of them (the participle's subject is the sentence's), so it is tested per object (as "which")."""
    if static.patient is None:
        return static
    many = _covers_many(static.patient)
    each = tuple(A.replace(c, clause=A.replace(c.clause, action=A.replace(c.clause.action, **{_each_role(c): A.Ref("which")})))
                 for c in static.conditions if _said_of_each(c, many))
    if not each:
        return static
    from dataclasses import replace as dc_replace
    return dc_replace(static, conditions=tuple(c for c in static.conditions if not _said_of_each(c, many)), each=each)


def _covers_many(patient: Any) -> bool:
    """Whether an effect's words cover a set of objects ("each minion in the affected area", "allies
    here"), not one named thing."""
    return isinstance(patient, A.Selector) and (patient.plural or (isinstance(patient.det, str)
                                                                    and patient.det.lower() in ("each", "all", "every")))


def _state_of_each(cond: Any) -> bool:
    """"Each minion in the affected area is silenced while it is tapped": a "while" whose state names
    a pronoun ("it is tapped") in an effect covering many objects is said of each of them, tested per
    object (found SILENT by blind round 29: it had been read of the card, so every minion was silenced)."""
    act = cond.clause.action
    return cond.kind == "while" and not isinstance(act, (A.Attack, A.Defend)) and any(
        isinstance(getattr(act, role, None), A.Ref) and getattr(act, role).word in ("it", "they")
        for role in ("patient", "agent"))


def _said_of_each(cond: Any, many: bool = False) -> bool:
    """"while attacking" with no subject; "Bearer has +3 power if they've ever killed a minion": a
    pronoun naming the one who killed is the sentence's subject, so each object it covers; with
    ``many`` (the effect covers a set), a "while" state of a pronoun (`_state_of_each`)."""
    from codex.engine.effects.conditions import ever_killed
    if not isinstance(cond, A.Condition) or not isinstance(cond.clause, A.Clause):
        return False
    act = cond.clause.action
    if many and _state_of_each(cond):
        return True
    if cond.kind in ("if", "unless") and ever_killed(cond.clause):
        return isinstance(act.agent, A.Ref) and act.agent.word in _PRONOUNS
    if isinstance(act, A.IsA):
        # "Bearer has Airborne and Movement +1, if it's a minion": what the pronoun is, is said of each
        # object the effect covers, not of the card (found by blind real-card round 3)
        return isinstance(act.patient, A.Ref) and act.patient.word in _PRONOUNS
    return cond.kind == "while" and isinstance(act, (A.Attack, A.Defend)) and act.agent is None


_PRONOUNS = ("it", "they", "he", "she")


def _each_role(cond: Any) -> str:
    """The role of a condition said of each object that names that object (`_said_of_each`)."""
    act = cond.clause.action
    if isinstance(act, A.IsA):
        return "patient"
    if isinstance(getattr(act, "patient", None), A.Ref) and act.patient.word in ("it", "they") \
            and not isinstance(act, (A.Attack, A.Defend)):
        return "patient"
    return "agent"


def _additional(sentence: Any) -> bool:
    from codex.engine.abilities import additional_cost
    return additional_cost(sentence)


def supported(ability: Ability) -> bool:
    """Whether the engine applies this static ability (used when reading card text)."""
    if ability.kind is not AbilityKind.STATIC:
        return False
    dummy = Ctx(Obj("unit", ""), "", "", ability, "")
    try:
        return bool(statics_of(ability, dummy, 0))
    except Unsupported:
        return False


# ----------------------------------------------------------------------------- the cards in the realm

def _sources(state: GameState) -> Iterator[tuple[Obj, str, str | None, Any]]:
    """(object, name, controller, abilities) of every card in the realm that has abilities."""
    from codex.engine.lost_abilities import abilities_now
    for u in state.units:
        if u.abilities.abilities:       # without those it has lost ("lose this ability": `lost_abilities.py`)
            yield Obj("unit", u.id), u.name, u.controller, abilities_now(state, u)
    for s in state.sites:
        if s.abilities.abilities:
            yield Obj("site", s.square), s.name, s.controller, s.abilities
    for a in state.auras:
        if a.abilities.abilities:
            yield Obj("aura", a.id), a.name, a.controller, a.abilities
    for art in state.artifacts:
        if art.abilities.abilities:
            bearer = state.unit(art.bearer) if art.bearer else None
            yield Obj("artifact", art.id), art.name, bearer.controller if bearer else art.controller, art.abilities


def collect(state: GameState) -> tuple[Static, ...]:
    """Every ongoing effect of every static ability in the realm, in layer and timestamp order."""
    out: list[Static] = []
    for order, (obj, name, controller, abilities) in enumerate(_sources(state)):
        for i, each in enumerate(abilities.abilities):
            ability = each.applied if each.kind is AbilityKind.STATIC else None    # a part only: `clause_split`
            if ability is None:
                continue
            ctx = Ctx(obj, name, controller or state.turn.active, ability, f"{obj.key}.{i}").bind("it", [obj])
            try:
                out += statics_of(ability, ctx, order)
            except Unsupported:
                continue
    out.sort(key=lambda s: (s.layer, s.order))
    return tuple(out)


# ----------------------------------------------------------------------------- what they do

def _active(state: GameState, static: Static, silenced: set[Obj]) -> bool:
    """An effect applies while its card is in the realm with its abilities, and its conditions hold
    (or, for "only ... while", do not hold)."""
    if static.ctx.source in silenced:
        return False
    if static.turn is not None and (state.turn.active == static.ctx.controller) != (static.turn == "your"):
        return False
    if static.threshold:
        if _gating.get():       # checking another gate: gated abilities are not counted toward it
            return False
        from codex.engine.effects.costs import has_threshold
        token = _evaluating.set(True)
        gate = _gating.set(True)
        try:
            if not has_threshold(state, static.ctx.controller, static.threshold):
                return False
        finally:
            _gating.reset(gate)
            _evaluating.reset(token)
    if static.conditions:
        from codex.engine.effects.select import NotExecutable
        try:
            result = _conditions_hold(state, static)
        except NotExecutable:       # named by `untested_conditions`, never applied in silence
            return False
        return not result if static.unless else result
    return not static.unless


def _conditions_hold(state: GameState, static: Static) -> bool:
    """Whether every condition of ``static`` holds now (NotExecutable when one cannot be tested)."""
    from codex.engine.effects.conditions import holds
    nested = _conditioning.get()
    token = _evaluating.set(True) if nested else _conditioning.set(True)
    try:
        return all(holds(state, static.ctx, c) for c in static.conditions)
    finally:
        if nested:
            _evaluating.reset(token)
        else:
            _conditioning.reset(token)


def untested_conditions(state: GameState) -> list[tuple[Static, Any]]:
    """The ongoing effects whose condition the engine cannot test on this board ("as long as you have
    five or more cards in your cemetery" where the scenario gives no cemetery), each with the
    `NotExecutable` saying why: `_active` reads them as not applying, and the ruling says so and what
    the scenario should give, rather than leaving the effect off in silence."""
    if not state.statics:
        return []
    from codex.engine.effects.select import NotExecutable
    silenced = _silenced_sources(state)
    out: list[tuple[Static, Any]] = []
    for s in state.statics:
        if not s.conditions or s.ctx.source in silenced or any(t is s for t, _ in out):
            continue
        if s.turn is not None and (state.turn.active == s.ctx.controller) != (s.turn == "your"):
            continue
        try:
            _conditions_hold(state, s)
        except NotExecutable as e:
            out.append((s, e))
    return out


def untested_notes(state: GameState, told: set[str]) -> list[Any]:
    """The steps naming each ability whose condition could not be tested (`untested_conditions`),
    once per ability (``told``: the abilities already named, updated)."""
    from codex.engine.events import AbilityNotExecuted
    out: list[Any] = []
    for s, e in untested_conditions(state):
        if s.ctx.key in told:
            continue
        told.add(s.ctx.key)
        give = f"; to test it, the scenario should give {e.needs}" if e.needs else ""
        out.append(AbilityNotExecuted(str(s.ctx.source.key), s.ctx.source_name, s.ctx.ability.describe(),
                                      f"its condition could not be tested ({e.what}), so it is read as not "
                                      f"holding and the effect does not apply{give}",
                                      rules=("ongoing-effect",), from_card=s.quote))
    return out


def affected(state: GameState, static: Static) -> set[Obj]:
    """The objects an effect covers now (its patient's words, or the card itself)."""
    if static.patient is None:
        return {static.ctx.source}
    if static.kind == "power":
        # the power layer covers what the layers before it leave ("Other allies occupying its body of
        # water have +1 power" covers a site a Flood made water; Codex "Apply Ongoing Effects In Order";
        # found by blind real-card round 14), power itself read printed, as its "for each" counts are
        return _covered(state, static, _counting(static.layer))
    if static.kind in ("grant", "lose", "cant_gain"):
        # so does the ability layer: "Allied Beasts have Airborne" reads its Beasts as the type layer
        # leaves them ("lose all minion types" first), control and silencing applied, keywords and power
        # printed (exec31)
        return _covered(state, static, _counting(ABILITIES))
    return _covered(state, static, evaluation())


def _covered(state: GameState, static: Static, reading: Any) -> set[Obj]:
    """``affected`` with the effects read as ``reading`` (a context manager) says."""
    from codex.engine.effects.select import NotExecutable, select_all
    with reading:
        try:
            objs = set(select_all(state, static.ctx, static.patient))
            if static.each:
                from codex.engine.effects.conditions import holds
                objs = {o for o in objs if all(holds(state, static.ctx.bind("which", [o]), c) for c in static.each)}
            return objs
        except NotExecutable:
            return set()


@dataclass(frozen=True)
class Applied:
    """What the ongoing effects do to one unit: silenced or disabled (and by which card), keywords
    granted and lost, power added, the effects that did it (for citations)."""

    silenced: CardQuote | None = None
    disabled: CardQuote | None = None
    granted: Keywords = Keywords()
    lost: Keywords = Keywords()
    cant_gain: Keywords = Keywords()           # keywords it can't gain (printed ones stay)
    cant_gain_by: tuple[CardQuote, ...] = ()    # the effects that say so
    power: int = 0
    sources: tuple[CardQuote, ...] = ()
    subtypes: tuple[str, ...] | None = None    # the subtypes an effect gives instead of the printed ones
    also: tuple[str, ...] = ()                 # subtypes given besides them
    typed_by: tuple[CardQuote, ...] = ()       # the effects that changed its subtypes
    #: "Has all elements and minion types": the qualities it has every one of ("element", "subtype")
    every: frozenset[str] = frozenset()
    base_power: int | None = None              # the power-setting layer: the newest static setting it
    based_by: CardQuote | None = None           # ... and that effect

    def minion_types(self, printed: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(the types standing instead of the printed ones, those added) once the type layer's static
        effects are applied (lasting ones come after: `type_changes.with_lasting`)."""
        return (self.subtypes if self.subtypes is not None else printed), self.also


NOTHING = Applied()


def _memo(state: GameState) -> dict[Any, Any]:
    """Results computed once per (immutable) state, outside a static ability's own evaluation."""
    memo: dict[Any, Any] = state.__dict__.setdefault("_statics_memo", {})
    return memo


def _silenced_sources(state: GameState) -> set[Obj]:
    """Cards that have lost their own abilities (layer 2 before the others): minions silenced by an
    aura or a lasting effect, disabled ones (no abilities at all), and those a static silencing or
    disabling effect covers."""
    if evaluating():
        return _silenced_now(state)
    memo = _memo(state)
    if "silenced" not in memo:
        memo["silenced"] = frozenset(_silenced_now(state))
    return set(memo["silenced"])


def _silenced_now(state: GameState) -> set[Obj]:
    from codex.engine.ongoing import auras_at, disabled_by, lasting_on
    out: set[Obj] = set()
    token = _evaluating.set(True)
    try:
        for u in state.units:
            if not u.is_minion:
                continue
            if disabled_by(state, u) is not None or any("silence" in a.effects for a in auras_at(state, u.location)) \
                    or any(e.states & {"silenced", "disabled"} for e in lasting_on(state, u)):
                out.add(Obj("unit", u.id))
    finally:
        _evaluating.reset(token)
    for s in state.statics:
        if s.kind in ("silence", "disable") and s.ctx.source not in out:
            # a silenced site loses its abilities too ("The site directly in front is silenced"); an
            # Avatar only when the words name Avatars (Codex "Characteristics": "Unless an effect
            # specifically mentions the word 'Avatar,' Avatars by default cannot be ... disabled, silenced")
            avatars = _names_avatars(s.patient)
            out |= {o for o in affected(state, s) if o.kind == "site" or o.kind == "unit" and (
                avatars or not _is_avatar(state, o))}
    return out


def site_silenced(state: GameState, square: int) -> bool:
    """Whether the site on ``square`` has lost its abilities (its Flooded among them: Codex
    "Flooded"). Asked while a static ability is evaluated, it is False (no silencing effect is
    being decided yet); else it reads the silenced cards computed once for the state, computing
    them with the evaluation flag set so that the sites they ask about do not ask again."""
    if evaluating() or not state.statics:
        return False
    memo = _memo(state)
    if "silenced" in memo:
        return Obj("site", square) in memo["silenced"]
    token = _evaluating.set(True)
    try:
        return Obj("site", square) in _silenced_now(state)
    finally:
        _evaluating.reset(token)


def _names_avatars(words: Any) -> bool:
    """Whether the words name Avatars ("Avatars here are silenced", "each Avatar")."""
    return any(isinstance(n, A.Selector) and singular_noun(n) == "avatar" for n in A.walk(words))


def _is_avatar(state: GameState, o: Obj) -> bool:
    unit = state.unit(o.key)
    return unit is not None and unit.is_avatar


def applied_to(state: GameState, unit: Unit) -> Applied:
    """What every ongoing effect of the realm does to ``unit`` where it is (while a count of a layer
    is read, only what the earlier layers do: `_below`)."""
    if evaluating() or not state.statics:
        return NOTHING
    memo = _memo(state)
    below = _below.get()
    key: tuple[Any, ...] = ("applied", unit.id) if below is None else ("applied", unit.id, below)
    if state.unit(unit.id) is unit and key in memo:
        cached: Applied = memo[key]
        return cached
    done = _applied_now(state, unit)
    if state.unit(unit.id) is unit:
        memo[key] = done
    return done


def _applied_now(state: GameState, unit: Unit) -> Applied:
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    below = _below.get()
    result: dict[str, Any] = {"silenced": None, "disabled": None, "granted": Keywords(), "lost": Keywords(),
                              "cant_gain": Keywords(), "cant_gain_by": (), "power": 0, "sources": (), "subtypes": None, "also": (),
                              "typed_by": (), "every": frozenset(), "base_power": None, "based_by": None}
    for s in state.statics:
        if s.kind not in ("silence", "disable", "grant", "lose", "cant_gain", "power", "subtype", "no_types",
                          "has_every", "base_power") \
                or not _applies_before(s, below) or not _active(
                state, s, silenced - {s.ctx.source} if s.kind == "silence" else silenced):
            continue
        if me not in affected(state, s):
            continue
        if s.kind == "silence" and unit.is_minion:
            result["silenced"] = result["silenced"] or s.quote
        elif s.kind == "disable" and unit.is_minion:
            result["disabled"] = result["disabled"] or s.quote
        elif s.kind == "grant":
            result["granted"] = result["granted"].merge(s.payload)
        elif s.kind == "lose":
            result["lost"] = result["lost"].merge(s.payload)
        elif s.kind == "cant_gain":
            result["cant_gain"] = result["cant_gain"].merge(s.payload)
            result["cant_gain_by"] = result["cant_gain_by"] + (s.quote,)
        elif s.kind == "power":
            result["power"] += int(s.payload) * times(state, s, me)
        elif s.kind == "has_every":
            result["every"] = result["every"] | s.payload
        elif s.kind == "base_power":        # timestamp order within the layer: the newest setting stands
            result["base_power"], result["based_by"] = int(s.payload), s.quote
        elif s.kind in ("subtype", "no_types"):
            # timestamp order within the layer: a type set or removed undoes what older effects gave
            word, also = s.payload if s.kind == "subtype" else (None, False)
            if also:
                result["also"] = result["also"] + (word,)
            else:
                result["subtypes"], result["also"] = ((word,) if word else ()), ()
                result["every"] = result["every"] - {"subtype"}
            result["typed_by"] = result["typed_by"] + (s.quote,)
            continue
        else:
            continue
        result["sources"] = result["sources"] + (s.quote,)
    return Applied(**result)


#: The qualities "all <noun>" names: every element, every minion type.
_EVERY = {"element": "element", "minion type": "subtype", "type": "subtype"}


def _every_quality(words: Any) -> frozenset[str] | None:
    """"all elements", "all elements and minion types": the qualities had every one of (None: other words)."""
    items = words.items if isinstance(words, A.Group) and words.conj == "and" else (words,)
    found = set()
    for item in items:
        if not (isinstance(item, A.Selector) and item.det == "all" and not item.mods and not item.filters
                and singular_noun(item) in _EVERY):
            return None
        found.add(_EVERY[singular_noun(item)])
    return frozenset(found)


def permanent_effects(state: GameState) -> list[tuple[Any, CardQuote]]:
    """The lasting effects a "permanently" static ability now gives units it covers for the first
    time (what it did stays once done)."""
    if not state.statics:
        return []
    from codex.engine.state import Lasting
    silenced = _silenced_sources(state)
    out: list[Any] = []
    for s in state.statics:
        if not s.permanent or not _active(state, s, silenced):
            continue
        ident = f"{s.ctx.key}:permanent"
        have = {u for e in state.lasting if e.id.startswith(ident) for u in e.units}
        new = tuple(sorted(str(o.key) for o in affected(state, s) if o.kind == "unit" and o.key not in have))
        if new:
            kw: dict[str, Any] = {"keywords": s.payload} if s.kind == "grant" else {"lost": s.payload}
            out.append((Lasting(f"{ident}#{len(state.lasting) + len(out)}", s.ctx.source_name, s.ctx.controller,
                                "permanent", new, **kw), s.quote))
    return out


def times(state: GameState, static: Static, me: Obj | None = None) -> int:
    """How many times an effect counts: once, or ("for each X") once per X now. The count reads the
    realm as the layers before the effect's own leave it (a site a flood made water is a water site,
    a keyword granted is had), and this layer and later ones printed, so it never asks itself.
    ``me``: the object the effect is applied to, what a pronoun in the count names when nothing
    else does (`per_ctx`)."""
    if static.per is None:
        return 1
    from codex.engine.effects.select import NotExecutable, count_all
    with _counting(static.layer):
        try:
            return len(count_all(state, per_ctx(static, me), static.per))
        except NotExecutable:
            return 0


def per_ctx(static: Static, me: Obj | None) -> Ctx:
    """The context a "for each" count is read in: "+N power for each of their elements"
    counts the elements of each unit it gives power to: a personal pronoun ("they", "he", "she") names
    that unit (each affected one in turn), the clause's subject; "it" does too when the static's words
    leave it unbound (a card's "it" is the card itself: "this minion has +1 power for each of its ...")."""
    if me is None:
        return static.ctx
    ctx = static.ctx
    for word in ("they", "he", "she"):
        ctx = ctx.bind(word, [me])
    return ctx if ctx.lookup("it") is not None else ctx.bind("it", [me])


@contextmanager
def _counting(layer: int) -> Iterator[None]:
    """While a count of ``layer`` is read: the earlier layers apply, the rest read printed. Inside a
    static's own evaluation (or an earlier layer's count) it stays as it was, printed."""
    below = _below.get()
    if _evaluating.get() or below is not None and below <= layer:
        yield
        return
    token = _below.set(layer)
    try:
        yield
    finally:
        _below.reset(token)


def power_sources(state: GameState, unit: Unit) -> list[CardQuote]:
    """The sentences of the ongoing effects lowering ``unit``'s power now."""
    if _reads_printed(POWER_ADD) or not state.statics:
        return []
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    return [s.quote for s in state.statics if s.kind == "power" and int(s.payload) < 0
            and _active(state, s, silenced) and me in affected(state, s)]


def uncounted_powers(state: GameState, unit: Unit) -> list[tuple[Static, str]]:
    """The ongoing effects changing ``unit``'s power "for each" something the engine cannot count now
    ("for each minion in your hand" over a hand given by counts), each with why: `times` counts them
    as none, and a ruling that reads the power says so rather than counting 0 silently (found by
    blind ruling round 25)."""
    if _reads_printed(POWER_ADD) or not state.statics:
        return []
    from codex.engine.effects.select import NotExecutable, count_all
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    out: list[tuple[Static, str]] = []
    for s in state.statics:
        if s.kind != "power" or s.per is None or not _active(state, s, silenced) or me not in affected(state, s):
            continue
        with _counting(s.layer):
            try:
                count_all(state, per_ctx(s, me), s.per)
            except NotExecutable as e:
                out.append((s, e.what))
    return out


def uncounted_notes(state: GameState, unit: Unit, read: str) -> list[Any]:
    """The steps saying which "for each" power changes of ``unit`` were read as none (`uncounted_powers`),
    and what was ``read`` without them ("power is compared", "strike is dealt")."""
    from codex.engine.events import AbilityNotExecuted
    return [AbilityNotExecuted(unit.id, s.ctx.source_name, s.ctx.ability.describe(),
                               f"not executed yet: {why}; {unit.name}'s {read} without it",
                               rules=("ongoing-effect",), from_card=s.quote)
            for s, why in uncounted_powers(state, unit)]


def power_changes(state: GameState, unit: Unit) -> list[CardQuote]:
    """The sentences of the ongoing effects changing ``unit``'s power now (raising or lowering it)."""
    if _reads_printed(POWER_ADD) or not state.statics:
        return []
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    return list(dict.fromkeys(s.quote for s in state.statics if s.kind == "power" and _active(state, s, silenced)
                              and me in affected(state, s)))


def keyword_sources(state: GameState, unit: Unit, keyword: str) -> list[CardQuote]:
    """The sentences of the ongoing effects giving ``unit`` a keyword now ("Strikes first while
    attacking")."""
    if _reads_printed(ABILITIES) or not state.statics:
        return []
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    return [s.quote for s in state.statics if s.kind == "grant" and getattr(s.payload, keyword, False)
            and _active(state, s, silenced) and me in affected(state, s)]


def _hands_revealed(clause: A.Clause) -> bool:
    """"... play with their hands revealed": Play with no card nor place, and only that adjunct."""
    act = clause.action
    if not isinstance(act, A.Play) or act.patient is not None or act.dest is not None or act.agent is None \
            or clause.adverbs or len(clause.adjuncts) != 1:
        return False
    adj = clause.adjuncts[0]
    what = adj.what
    if adj.prep != "with" or not isinstance(what, A.Selector) or singular_noun(what) != "hand" \
            or what.det != "their" or what.mods or len(what.filters) != 1:
        return False
    rel = what.filters[0]
    look = rel.clause.action if isinstance(rel, A.Relative) and isinstance(rel.clause, A.Clause) else None
    return isinstance(look, A.Look) and look.reveal and look.agent is None and look.source is None \
        and isinstance(look.patient, A.Ref) and look.patient.word == "which"


def hand_revealed(state: GameState, owner: str) -> CardQuote | None:
    """The card sentence by which ``owner`` plays with their hand revealed now, if one does ("Enemy
    Avatars within Swiven Scout's range of motion play with their hands revealed"): a player it
    names, or the controller of an Avatar it names."""
    if not state.statics:
        return None
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "hand_revealed" or not _active(state, s, silenced):
            continue
        for obj in affected(state, s):
            unit = state.unit(str(obj.key)) if obj.kind == "unit" else None
            who = obj.key if obj.kind == "player" else (unit.controller if unit is not None and unit.is_avatar else None)
            if who == owner:
                return s.quote
    return None


def lifelinks(state: GameState, unit: Unit) -> list[tuple[str, CardQuote]]:
    """Who heals by ``unit``'s strike damage against units, and the sentence that says so ("Blood
    Ravens' strike damage against units heals you")."""
    if _reads_printed(ABILITIES) or not state.statics:
        return []
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    return [(s.ctx.controller, s.quote) for s in state.statics if s.kind == "lifelink"
            and _active(state, s, silenced) and me in affected(state, s)]


def damage_changes(state: GameState, unit: Unit, origin: Any = None) -> list[tuple[str, str, int, CardQuote, str]]:
    """The ongoing effects modifying damage ``unit`` takes from ``origin``, the active player's
    first (Codex "Damage": modification is declared by the active player, then the non-active
    one): (card name, ``less``/``more``/``double``, amount, its sentence, its controller)."""
    if not state.statics:
        return []
    from codex.engine.effects.damage_sources import matches
    me = Obj("unit", unit.id)
    silenced = _silenced_sources(state)
    out = []
    for s in state.statics:
        if s.kind == "deals" and _active(state, s, silenced) and _deals_to(state, s, me, origin):
            change, amount = s.payload[:2]
            out.append((s.ctx.source_name, change, amount, s.quote, s.ctx.controller))
            continue
        if s.kind != "damage" or not _active(state, s, silenced) or me not in affected(state, s):
            continue
        change, amount, source, *rest = s.payload
        if change == "none":
            continue
        if source is not None and matches(state, s.ctx, source, origin) == bool(rest and rest[0]):
            continue
        out.append((s.ctx.source_name, change, amount, s.quote, s.ctx.controller))
    active = state.turn.active
    return [c for c in out if c[4] == active] + [c for c in out if c[4] != active]


def dealt_changes(state: GameState, target: Obj, origin: Any) -> list[tuple[str, str, int, CardQuote, str]]:
    """The changes to the damage some units deal (`_dealt_static`) that cover damage dealt to
    ``target`` (a site struck: no unit takes it) from ``origin``, the active player's first."""
    if not state.statics:
        return []
    silenced = _silenced_sources(state)
    out = [(s.ctx.source_name, s.payload[0], s.payload[1], s.quote, s.ctx.controller) for s in state.statics
           if s.kind == "deals" and _active(state, s, silenced) and _deals_to(state, s, target, origin)]
    active = state.turn.active
    return [c for c in out if c[4] == active] + [c for c in out if c[4] != active]


def _deals_to(state: GameState, static: Static, target: Obj, origin: Any) -> bool:
    """Whether a change to the damage some units deal (`_dealt_static`) covers this damage: its
    dealer is one of them, dealt the way it says (a strike, a Ranged strike, any) and to what it
    says ("against units")."""
    from codex.engine.effects.select import NotExecutable, select_all
    _, _, how, against = static.payload
    dealer = getattr(origin, "card", None)
    if dealer is None or dealer.kind != "unit" or dealer not in affected(state, static):
        return False
    if how == "strike" and origin.how not in ("strike", "ranged") or how == "ranged" and origin.how != "ranged":
        return False
    if against is None:
        return True
    token = _evaluating.set(True)
    try:
        return target in select_all(state, static.ctx, against)
    except NotExecutable:
        return False
    finally:
        _evaluating.reset(token)


def _effect_kinds(node: Any) -> list[tuple[str, str | None]] | None:
    """"enemy spells", "allied abilities": (``spell``/``ability``, ``enemy``/``allied``/None) for each
    kind of effect the words name; None when they name something else."""
    items = node.items if isinstance(node, A.Group) and node.conj in ("and", "or") else (node,)
    out: list[tuple[str, str | None]] = []
    for item in items:
        if not isinstance(item, A.Selector) or item.filters or item.det is not None:
            return None
        noun = item.noun.lower()
        kind = "spell" if noun in ("spell", "spells") else "ability" if noun in ("ability", "abilities") else None
        mods = [m.lower() for m in item.mods]
        if kind is None or len(mods) > 1 or (mods and mods[0] not in ("enemy", "allied")):
            return None
        out.append((kind, mods[0] if mods else None))
    return out


def moved_by(state: GameState, unit: Unit, mover: Ctx) -> CardQuote | None:
    """The ongoing effect that says ``unit`` can't be moved by the effect of ``mover`` ("Allies
    here can't be moved by enemy spells": a magic's effect is a spell's, any other
    card's an ability's; "enemy" is one its controller's opponent controls)."""
    if not state.statics:
        return None
    silenced = _silenced_sources(state)
    me = Obj("unit", unit.id)
    kind = "spell" if mover.source.kind == "spell" else "ability"
    for s in state.statics:
        if s.kind != "cant" or s.payload[0] != "moved_by" or not _active(state, s, silenced):
            continue
        node = s.payload[1]
        sides = [side for k, side in _effect_kinds(node.agent) or [] if k == kind]
        if not any(side is None or (side == "enemy") == (mover.controller != s.ctx.controller) for side in sides):
            continue
        token = _evaluating.set(True)
        try:
            from codex.engine.effects.select import NotExecutable, select_all
            if me in select_all(state, s.ctx, node.patient):
                return s.quote
        except NotExecutable:
            continue
        finally:
            _evaluating.reset(token)
    return None


def prevented(state: GameState, unit: Unit, origin: Any = None) -> CardQuote | None:
    """The ongoing effect preventing all damage ``unit`` would take from ``origin`` ("Is immune to
    damage", "Takes no damage from fire spells": Codex "Preventing Damage")."""
    if not state.statics:
        return None
    from codex.engine.effects.damage_sources import matches
    silenced = _silenced_sources(state)
    me = Obj("unit", unit.id)
    for s in state.statics:
        if s.kind == "immune" and _active(state, s, silenced) and me in affected(state, s):
            return s.quote
        if s.kind == "damage" and s.payload[0] == "none" and _active(state, s, silenced) and me in affected(state, s):
            if s.payload[2] is None or matches(state, s.ctx, s.payload[2], origin) != s.payload[3]:
                return s.quote
    return None


def effect_on(state: GameState, unit: Unit, kind: str) -> CardQuote | None:
    """The active static effect of ``kind`` covering ``unit`` (its card's quote), for other modules."""
    return _effect_on(state, unit, kind)


def _effect_on(state: GameState, unit: Unit, kind: str) -> CardQuote | None:
    """The active static effect of ``kind`` that covers ``unit``, if one does (its card's quote)."""
    if not state.statics:
        return None
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind == kind and _active(state, s, silenced) and Obj("unit", unit.id) in affected(state, s):
            return s.quote
    return None


def lethal_to(state: GameState, unit: Unit) -> CardQuote | None:
    """"Damage dealt to minions nearby is lethal": the effect making damage to ``unit`` lethal."""
    return _effect_on(state, unit, "lethal")


def immune_to_lethal(state: GameState, unit: Unit) -> CardQuote | None:
    """"Nearby allies are immune to Lethal": the effect making ``unit`` immune to Lethal, if one does."""
    return _effect_on(state, unit, "immune_lethal")


def immune(state: GameState, unit: Unit) -> CardQuote | None:
    return prevented(state, unit)


def land_by(state: GameState, square: int) -> CardQuote | None:
    """The ongoing effect saying the site on ``square`` is not a water site ("Affected sites aren't
    water sites"): it is a land site whatever its affinity, a flood or another effect says."""
    if evaluating() or not state.statics:
        return None
    memo = _memo(state)
    if ("land",) not in memo:
        memo[("land",)] = tuple(s for s in state.statics if s.kind == "land")
    lands: tuple[Static, ...] = memo[("land",)]
    if not lands:
        return None
    token = _evaluating.set(True)
    try:
        for s in lands:
            if Obj("site", square) in affected(state, s) and _active(state, s, set()):
                return s.quote
    finally:
        _evaluating.reset(token)
    return None


def water_by(state: GameState, square: int) -> CardQuote | None:
    """The ongoing effect making the site on ``square`` a water site ("This site is flooded")."""
    if evaluating() or not state.statics:
        return None
    token = _evaluating.set(True)
    try:
        for s in state.statics:
            if s.kind == "water" and Obj("site", square) in affected(state, s) and _active(state, s, set()):
                return s.quote
    finally:
        _evaluating.reset(token)
    return None


def static_links(state: GameState, unit: Unit | None) -> list[tuple[int, int, Static]]:
    """The pairs of squares ongoing effects let ``unit`` move between as if they were adjacent
    ("a site letting units move between it and any void as if adjacent"), with the effect."""
    from codex.engine.effects.links import link_squares
    from codex.engine.effects.select import NotExecutable
    out: list[tuple[int, int, Static]] = []
    for s in active_statics(state, "link"):
        with evaluation():
            try:
                if unit is not None and s.patient is not None and Obj("unit", unit.id) not in affected(state, s):
                    continue
                left, right = (link_squares(state, s.ctx, side) for side in s.payload)
            except NotExecutable:
                continue
        out += [(a, b, s) for a in sorted(left) for b in sorted(right) if a != b]
    return out


def protection(state: GameState, square: int, what: str) -> CardQuote | None:
    """The ongoing effect saying the site on ``square`` can't be ``what`` ("Bluecap Knockers' site
    can't be moved, destroyed or modified"), if one does (worked out once per state)."""
    if evaluating() or not any(s.kind == "protect" for s in state.statics):
        return None
    memo = _memo(state)
    key = ("protect", what)
    if key not in memo:
        found: dict[int, CardQuote] = {}
        for s in active_statics(state, "protect"):
            if s.payload != what:
                continue
            with evaluation():
                for obj in affected(state, s):
                    if obj.kind == "site":
                        found.setdefault(int(obj.key), s.quote)
        memo[key] = found
    return memo[key].get(square)  # type: ignore[no-any-return]


def link_quote(state: GameState, unit: Unit, a: int, b: int) -> CardQuote | None:
    """The card sentence letting ``unit`` step between squares ``a`` and ``b`` as if they were
    adjacent, when an ongoing effect does (for the ruling to quote)."""
    if not any(s.kind == "link" for s in state.statics):
        return None
    return next((s.quote for x, y, s in static_links(state, unit) if {x, y} == {a, b}), None)


def active_statics(state: GameState, kind: str) -> Iterator[Static]:
    """The ongoing effects of ``kind`` that apply now (their card has its abilities, their
    conditions hold), in layer and timestamp order."""
    if not state.statics:
        return
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind == kind and _active(state, s, silenced):
            yield s


def targeting_by(sel: Any) -> tuple[str, bool] | None:
    """What "can't be targeted by <sel>" names as the targeter, when it names a kind of targeting
    rather than cards on the board: ("spell", enemy) for "magic", "spells", "enemy spells", "your
    opponents' spells"; ("ability", enemy) for "abilities", "enemy abilities". ``enemy``: only
    another player's (Codex "Enemy"; "Opponent"). None: other words, read as cards."""
    if not isinstance(sel, A.Selector) or sel.count is not None:
        return None
    cast_by_opponents = len(sel.filters) == 1 and _cast_by_opponents(sel.filters[0])
    if sel.filters and not cast_by_opponents:
        return None
    noun = singular_noun(sel).lower()
    if cast_by_opponents:               # "spells your opponents cast", "spells cast by an opponent"
        return ("spell", True) if noun == "spell" and not sel.mods and sel.det in (None, "the") else None
    kind = {"magic": "spell", "spell": "spell", "ability": "ability"}.get(noun)
    mods = [m.lower() for m in sel.mods]
    det = sel.det
    opponents = isinstance(det, A.Possessive) and isinstance(det.owner, A.Selector) and \
        singular_noun(det.owner).lower() == "opponent" and not det.owner.mods
    if kind is None or mods not in ([], ["enemy"]) or not (det in (None, "the") or opponents):
        return None
    if noun == "magic" and (mods or opponents):
        return None
    return kind, bool(mods) or opponents


def active_cant(state: GameState, verb: str) -> list[Static]:
    """The "can't" effects of ``verb`` that apply now: the candidates are found once per state (a
    movement lookahead asks for every step it tries), their conditions each time."""
    if not state.statics:
        return []
    memo = _memo(state)
    key = ("cant", verb)
    if key not in memo:
        memo[key] = tuple(s for s in state.statics if s.kind == "cant" and s.payload[0] == verb)
    if not memo[key]:
        return []
    silenced = _silenced_sources(state)
    return [s for s in memo[key] if _active(state, s, silenced)]


def _cast_by_opponents(f: Any) -> bool:
    """A relative clause "(that) your opponents cast" / "cast by an opponent" on spells."""
    clause = getattr(f, "clause", None)
    if not (isinstance(f, A.Relative) and isinstance(clause, A.Clause) and isinstance(clause.action, A.Cast)):
        return False
    if clause.negated or clause.modal or clause.conditions or clause.adjuncts or clause.adverbs:
        return False
    who = clause.action.agent
    return isinstance(who, A.Selector) and singular_noun(who).lower() == "opponent" and not who.mods \
        and not who.filters and who.det in ("your", "an", "a", None)


def projectiles_barred(state: GameState, square: int) -> CardQuote | None:
    """The card, if any, that keeps projectiles out of the site on ``square`` ("Projectiles can't enter
    this site from the outside": a projectile flying in from another square stops before it; found by
    blind real-card round 5, where the projectile flew in and hit)."""
    from codex.engine.effects.select import NotExecutable, select_all
    for s in active_cant(state, "enter"):
        node = s.payload[1]
        who, dest = getattr(node, "patient", None), getattr(node, "dest", None)
        if not (isinstance(who, A.Selector) and singular_noun(who).lower() == "projectile") or dest is None:
            continue
        try:
            with evaluation():
                if Obj("site", square) in select_all(state, s.ctx, dest):
                    return s.quote
        except NotExecutable:
            continue
    return None


def forbids(state: GameState, verb: str, agent: Obj | None, patient: Obj | None = None,
            place: Location | None = None, by: str | None = None,
            move: tuple[Location, str] | None = None) -> Static | None:
    """The ongoing effect, if any, that says ``agent`` can't ``verb`` (``patient``, at ``place``):
    "Can't defend", "Units with 3 or more power can't enter this site", "can't be attacked".
    ``by``: the player whose spell or ability ``agent`` is (for "can't be targeted by enemy
    spells"). ``move``: where an entering unit comes from and how (``step``, ``teleport``,
    ``fly``...), for a ban "on the ground" only (none: summoned, so not on the ground)."""
    if not state.statics:
        return None
    from codex.engine.effects.select import NotExecutable, locations_of, select_all
    silenced = _silenced_sources(state)
    for s in state.statics:
        if s.kind != "cant" or s.payload[0] != verb or not _active(state, s, silenced):
            continue
        node = s.payload[1]
        if "on_ground" in s.payload[2:] and not _on_the_ground(state, agent, place, move):
            continue
        by_patient = verb in ("enter", "untap", "burrow", "unburrow", "submerge", "surface")
        who = getattr(node, "patient", None) if by_patient else getattr(node, "agent", None)
        target = getattr(node, "patient", None) if verb != "enter" else getattr(node, "dest", None)
        if by_patient and verb != "enter":    # "Enemy minions can't untap", "... can't submerge": the unit named
            target = None
        # a ban is no layer of keywords or power, so the words it names are read as they are now ("Airborne
        # minions can't enter" does not bar a minion that lost Airborne: Codex "Lose"; found by blind
        # real-card round 13), the keywords' own layers guarding themselves; inside another static's
        # evaluation they stay printed
        token = _evaluating.set(_evaluating.get())
        try:
            targeting = targeting_by(who) if verb == "target" else None
            if targeting is not None:          # "can't be targeted by magic / enemy spells / abilities"
                kind, enemy = targeting
                if agent is None or (agent.kind == "spell") != (kind == "spell"):
                    continue
                if enemy and (by is None or by == s.ctx.controller):
                    continue
            elif who is not None:      # no subject named ("can't be attacked"): by anyone
                agents = {s.ctx.source} if isinstance(who, A.Ref) and who.word == "SELF" else \
                    set(select_all(state, s.ctx, who))
                if agent is not None and agent not in agents:
                    continue
            if target is not None:
                targets = set(select_all(state, s.ctx, target))
                if patient is not None and patient not in targets:
                    if place is None or not any(place in locations_of(state, t) for t in targets):
                        continue
                if patient is None and place is not None and not any(place in locations_of(state, t) or
                                                                     (t.kind == "site" and t.key == place.square)
                                                                     for t in targets):
                    continue
        except NotExecutable:
            continue
        finally:
            _evaluating.reset(token)
        return s
    return None


def _on_the_ground(state: GameState, agent: Obj | None, place: Location | None,
                   move: tuple[Location, str] | None) -> bool:
    """Whether ``agent`` entering ``place`` by ``move`` moves on the ground (`move_bans.on_the_ground`)."""
    from codex.engine.move_bans import on_the_ground
    unit = state.unit(agent.key) if agent is not None and agent.kind == "unit" else None
    if unit is None or place is None or move is None:
        return False
    frm, how = move
    return on_the_ground(state, unit, frm, place, how)


def provided(state: GameState, player: str) -> tuple[int, dict[str, int], list[CardQuote]]:
    """Extra mana and threshold the player's cards provide ("Provides (E) and (1) to its controller")."""
    from codex.engine.effects.select import controller_of
    silenced = _silenced_sources(state) if state.statics else set()
    mana = 0
    affinity: dict[str, int] = {}
    quotes = []
    for s in state.statics:
        if s.kind != "provide" or not _active(state, s, silenced):
            continue
        for obj in affected(state, s):
            if controller_of(state, obj) != player:
                continue
            add, elements = s.payload
            n_times = times(state, s)
            mana += add * n_times
            for e, n in elements.items():
                affinity[e] = affinity.get(e, 0) + n * n_times
            quotes.append(s.quote)
    return mana, affinity, quotes


def abilities_granted(state: GameState, obj: Obj) -> list[tuple[Ability, Ctx]]:
    """The abilities other cards grant ``obj`` now ("Units here have "Tap → ..."", "Bearer has
    ..."), each with the context of the card granting it."""
    if not state.statics:
        return []
    silenced = _silenced_sources(state)
    if obj in silenced:     # it lost its abilities: "'Lose' really means 'lose, can't gain, and can't have'"
        return []           # (Codex "Lose"; found by blind real-card round 17, a site given one anyway)
    out = []
    for s in state.statics:
        if s.kind == "grant_ability" and _active(state, s, silenced) and obj in affected(state, s):
            out += [(ability, s.ctx) for ability in s.payload]
    return out


def site_suppressed(state: GameState, square: int) -> tuple[bool, frozenset[str] | None, CardQuote | None]:
    """What a site does not provide now: (no mana, the elements of threshold it provides none of
    (None: all), the effect saying so)."""
    if evaluating() or not state.statics:
        return False, frozenset(), None
    silenced = _silenced_sources(state)
    no_mana: bool = False
    elements: frozenset[str] | None = frozenset()
    quote: CardQuote | None = None
    me = Obj("site", square)
    token = _evaluating.set(True)
    try:
        for s in state.statics:
            if s.kind != "provide_none" or not _active(state, s, silenced) or me not in affected(state, s):
                continue
            mana, elems = s.payload
            no_mana = no_mana or mana
            elements = None if elems is None or elements is None else elements | elems
            quote = quote or s.quote
    finally:
        _evaluating.reset(token)
    return no_mana, elements, quote


def power_of(state: GameState, unit: Unit) -> tuple[int, int]:
    """A unit's attack and defence power now: printed, plus what lasting and ongoing effects add."""
    from codex.engine.ongoing import layered_power
    effects = [e for e in state.lasting if unit.id in e.units]
    bonus = sum(e.power for e in effects)
    done = applied_to(state, unit)
    bonus += done.power
    return layered_power(effects, unit.attack, unit.defense, bonus, done.base_power)
