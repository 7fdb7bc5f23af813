"""The one seam between card text and the engine: ``abilities_of(text) -> Abilities``.

Everything the engine knows about a card's text comes from the card-text grammar's AST
(`codex.cardtext`), never from reading the text itself: keyword lines become typed `Keywords`;
every other ability (static, triggered, Genesis, Deathrite, activated, a spell's effect) is kept
with its AST node and the card's own words for it, so the engine can execute it where it knows
how and otherwise *say* that it did not. Nothing a card says is dropped silently: keywords the
engine does not apply yet (Ward) and sentences the grammar cannot read are listed.

A scenario may also list keywords explicitly (``"keywords": ["lance", "first strike"]``). Those
are read by the same grammar, one keyword line each; the few engine flags that are not card
keywords (``disabled``, ``first strike``, ``moves freely`` and its conditions, ``burrowed safely``,
``+N range``) are the scenario
format's own vocabulary (`SCENARIO_FLAGS`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from typing import Any, Iterable

from codex.cardtext import ast as A
from codex.cardtext import parse_card_text
from codex.cardtext.normalize import normalize
from codex.cardtext.parser import names_version
from codex.cardtext.parser import DROPPED_REASON, dropped_words
from codex.cardtext.printer import PrintError, to_text
from codex.engine.keywords import ELEMENTS, Keywords
from codex.engine.keyword_like import recognise, size_of


class AbilityKind(str, Enum):
    """What kind of ability a sentence of card text is (Codex: "Ability")."""

    STATIC = "static"          # applies while the card is in the realm ("Nearby allies have Charge")
    TRIGGERED = "triggered"    # "When/Whenever/At ...": listens to events
    GENESIS = "genesis"        # triggers when the card enters the realm
    DEATHRITE = "deathrite"    # triggers when the card dies
    ACTIVATED = "activated"    # "COST → EFFECT"
    SPELL = "spell"            # what a magic spell does when it resolves


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card other than its keyword lines.

    ``text`` is the card's own words for the ability (for quoting in a ruling); ``node`` is the
    card-text AST the engine executes; ``executed`` says whether this engine version runs it.
    """

    kind: AbilityKind
    text: str
    node: Any
    executed: bool = False
    #: An ability not executed as a whole whose sentences before a later step ("..., you gain 2 life.
    #: Then scry 1.") are: the ability with those sentences only (executed), and the card's words for
    #: the steps it stops at (`then_split`).
    #: A static ability not executed as a whole whose independent clauses the engine reads in part ("Bearer
    #: has +1 power, and <unread>"): the ability with those clauses only (executed, its text still the
    #: card's whole sentence), and the card's words for the clauses it does not read (`clause_split`).
    head: Ability | None = None
    rest: str = ""

    def describe(self) -> str:
        return f"{self.kind.value} ability \u201c{self.text}\u201d"

    @property
    def applied(self) -> Ability | None:
        """The static ability as the engine applies it: itself when executed, the part it reads when only
        that (`clause_split`), else None."""
        if self.executed:
            return self
        return self.head if self.kind is AbilityKind.STATIC else None

    def unapplied(self) -> str | None:
        """What of the ability the engine does not apply, in words (None: nothing)."""
        if self.executed:
            return None
        if self.head is not None and self.rest:
            if self.rest in self.text:      # the card's own words
                return f"the part \u201c{self.rest}\u201d of its {self.describe()}"
            return f"the part read as '{self.rest}' (in the grammar's words) of its {self.describe()}"
        return self.describe()


@dataclass(frozen=True, slots=True)
class Abilities:
    """A card's abilities, typed: its keywords, its other abilities, and what could not be read."""

    keywords: Keywords = Keywords()
    abilities: tuple[Ability, ...] = ()
    unreadable: tuple[str, ...] = field(default_factory=tuple)   # sentences the grammar cannot parse
    unknown: tuple[str, ...] = field(default_factory=tuple)      # explicit keywords nobody knows
    size: tuple[int, int] | None = None                          # "Occupies four locations" (a characteristic)
    #: the unreadable sentences whose best reading lost words (the grammar's guard against dropped
    #: phrases), with the words lost: named so, never executed without them
    dropped: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def of_kind(self, kind: AbilityKind) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.kind is kind)

    def not_executed(self) -> list[str]:
        """Every part of the card this engine version does not apply, as readable phrases."""
        out = [f"the keyword {k}" for k in self.keywords.not_executed]
        out += [part for a in self.abilities if (part := a.unapplied()) is not None]
        out += self.unreadable_parts()
        out += [f"the keyword \u201c{k}\u201d (unknown)" for k in self.unknown]
        return out

    def unreadable_parts(self) -> list[str]:
        """Each sentence the grammar did not read, and why: no reading at all, or a reading that lost
        words (a phrase the grammar did not read)."""
        lost = dict(self.dropped)
        return [f"the sentence \u201c{s}\u201d ({DROPPED_REASON}: {lost[s]})" if s in lost
                else f"the sentence \u201c{s}\u201d (the card-text grammar cannot read it)" for s in self.unreadable]

    def with_keywords(self, keywords: Keywords) -> "Abilities":
        return Abilities(keywords, self.abilities, self.unreadable, self.unknown, self.size, self.dropped)


#: Keywords the engine applies that are simply on or off (grammar name → `Keywords` field).
_FLAG_KEYWORDS = {"airborne": "airborne", "stealth": "stealth", "lethal": "lethal", "burrowing": "burrowing",
                  "submerge": "submerge", "voidwalk": "voidwalk", "immobile": "immobile", "charge": "charge",
                  "waterbound": "waterbound", "landbound": "landbound", "lance": "lance", "ward": "ward"}

#: Scenario-only flags: engine states and abilities that are not printed keywords.
SCENARIO_FLAGS = {"disabled": "disabled", "first strike": "first_strike", "strikes first": "first_strike"}
#: Scenario flags for Moves Freely and its condition (`Keywords.moves_freely`).
MOVES_FREELY_FLAGS = {"moves freely": "anywhere", "moves freely between water locations": "water",
                      "moves freely between land locations": "land", "moves freely sideways": "sideways"}
_RANGE_BONUS = re.compile(r"^\+\s*(\d+)\s+range$")


def keyword_changes(item: A.Keyword) -> dict[str, Any] | None:
    """The `Keywords` fields one grammar keyword sets; None for a keyword the engine does not apply."""
    name, value = item.name, item.value
    if name == "lance":
        return {"lance": True, "lances": 1}
    if name in _FLAG_KEYWORDS:
        return {_FLAG_KEYWORDS[name]: True}
    if name == "movement":
        return {"movement": int(value or 0)}
    if name == "ranged":
        return {"ranged": int(value) if value is not None else 1}
    if name == "range":          # "+1 Range" (Codex "Ranged, Ranged X, and +X Range")
        return {"range_bonus": int(value or 0)}
    if name == "spellcaster":
        spec = str(value).lower() if value else ""
        if spec in ELEMENTS:
            return {"spellcaster": True, "spellcaster_elements": frozenset({spec})}
        if spec.startswith("non-") and spec[4:] in ELEMENTS:
            return {"spellcaster": True, "spellcaster_excluded": frozenset({spec[4:]})}
        return {"spellcaster": True}
    return None


def _keywords_of_line(line: A.KeywordLine) -> tuple[Keywords, list[Any]]:
    """Keywords of one keyword line, and the items that are not keywords (bare statements)."""
    kw = Keywords()
    rest: list[Any] = []
    for item in line.items:
        if not isinstance(item, A.Keyword):
            rest.append(item)
            continue
        changes = keyword_changes(item)
        one = Keywords(**changes) if changes is not None else Keywords(not_executed=(item.name.title(),))
        kw = kw.merge(one)
    return kw, rest


#: "by the end of your turn" → the turn whose end it is (`A.Turn.whose` of "At the end of ... turn").
_DEADLINE_TURNS = {"your": "your", "the": "the", "each": "each"}


def _deadline(clause: Any) -> str | None:
    """The turn a clause's "by the end of <turn>" names ("your", "the", "each"), else None."""
    adjuncts: tuple[Any, ...] = tuple(getattr(clause, "adjuncts", ()))
    if not isinstance(clause, A.Clause) or len(adjuncts) != 1 or adjuncts[0].prep != "by":
        return None
    what = adjuncts[0].what
    if not (isinstance(what, A.Selector) and what.noun == "end" and what.det == "the" and not what.mods
            and len(what.filters) == 1 and isinstance(what.filters[0], A.Of)):
        return None
    turn = what.filters[0].what
    if not (isinstance(turn, A.Selector) and turn.noun == "turn" and not turn.mods and not turn.filters):
        return None
    return _DEADLINE_TURNS.get(str(turn.det))


def deadline_trigger(node: Any) -> Any:
    """"If this minion hasn't attacked by the end of your turn, it dies": whether the condition
    holds is known when that turn ends, so the statement is the triggered ability "At the end of
    your turn, if it hasn't attacked this turn, it dies" (the condition read then, about that
    turn). Any other node is returned as it is."""
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    sentence = body[0] if len(body) == 1 else None
    if not isinstance(node, A.Statement) or not isinstance(sentence, A.Sentence):
        return node
    conds: tuple[Any, ...] = tuple(sentence.conditions)
    cond = conds[0] if len(conds) == 1 else None
    if not isinstance(cond, A.Condition) or cond.kind != "if":
        return node
    whose = _deadline(cond.clause)
    if whose is None or cond.clause.scope is not None:
        return node
    clause = A.replace(cond.clause, adjuncts=(), scope=A.Turn(whose=None, which="this"))
    trigger = A.Trigger(kind="at", event=None, phase="end", turn=A.Turn(whose=whose, which=None), scope=None)
    return A.Triggered(trigger=trigger, body=(A.replace(sentence, conditions=(A.replace(cond, clause=clause),)),),
                       threshold=node.threshold, span=node.span)


def whenever_statement(node: Any) -> Any:
    """"<effect> whenever <event>" (a minion untapping whenever it attacks and kills one): a statement whose
    one clause happens "whenever" something does is the triggered ability "Whenever he attacks and
    kills an enemy minion, untap him" (several "whenever" events of one clause: all of them, as
    "attacks and kills"). Any other node is returned as it is."""
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    sentence = body[0] if len(body) == 1 else None
    if not isinstance(node, A.Statement) or not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1:
        return node
    clause = sentence.clauses[0]
    conds = tuple(sentence.conditions) + tuple(getattr(clause, "conditions", ()))
    if not conds or not isinstance(clause, A.Clause) or clause.modal is not None or not all(
            isinstance(c, A.Condition) and c.kind == "whenever" and isinstance(c.clause, A.Clause) for c in conds):
        return node
    events = [c.clause for c in conds]
    event: Any = events[0] if len(events) == 1 else A.Group(items=tuple(events), conj="and")
    trigger = A.Trigger(kind="whenever", event=event, phase=None, turn=None, scope=None)
    inner = A.replace(sentence, conditions=(), clauses=(A.replace(clause, conditions=()),))
    return A.Triggered(trigger=trigger, body=(inner,), threshold=node.threshold, span=node.span)


def if_event_statement(node: Any) -> Any:
    """"Banish this if it leaves its summoning site": a statement of one sentence, one clause, whose one
    condition is an event triggers listen for ('if'/'when', in the present), is the triggered ability
    "Whenever it leaves its summoning site, banish it" (Codex "Triggered Ability": "A triggered ability
    specifies a condition and then an effect"). With no sentence before it, a pronoun in the event
    can only be the card itself. Any other node is returned as it is."""
    from codex.engine.effects.triggers import listens_for
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    sentence = body[0] if len(body) == 1 else None
    if not isinstance(node, A.Statement) or not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 \
            or sentence.limit is not None or sentence.per is not None or sentence.duration is not None:
        return node
    clause = sentence.clauses[0]
    conds = tuple(sentence.conditions) + tuple(getattr(clause, "conditions", ()))
    cond = conds[0] if len(conds) == 1 else None
    if not isinstance(clause, A.Clause) or clause.modal is not None or clause.negated \
            or not isinstance(cond, A.Condition) or cond.kind not in _EVENT_CONDITIONS:
        return node
    event = cond.clause
    if not isinstance(event, A.Clause) or event.tense is not None or event.modal is not None or event.negated \
            or event.scope is not None or event.duration is not None or not listens_for(event.action) \
            or isinstance(event.action, A.Cast):      # "If cast, ...": a rule of its own casting, not a trigger
        return node
    itself = _as_itself(event)
    if _points_back(itself):
        return node
    return _as_trigger(sentence, A.replace(cond, clause=itself))


def clause_events(node: Any) -> list[Any]:
    """"Provides (E) and is destroyed when damaged": a statement of one sentence whose last
    clause happens when an event of its own does is two abilities, the statement of the clauses
    before and the triggered ability "When this is damaged, destroy it" (the clause's subject, the
    card, is what the event's passive voice leaves unnamed). Any other node alone."""
    from codex.engine.effects.triggers import listens_for
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    sentence = body[0] if len(body) == 1 else None
    if not isinstance(node, A.Statement) or not isinstance(sentence, A.Sentence) or len(sentence.clauses) < 2 \
            or sentence.conditions or sentence.limit is not None or sentence.per is not None \
            or sentence.duration is not None:
        return [node]
    *rest, last = sentence.clauses
    cond = last.conditions[0] if isinstance(last, A.Clause) and len(last.conditions) == 1 else None
    if any(not isinstance(c, A.Clause) or c.conditions for c in rest) or not isinstance(cond, A.Condition) \
            or cond.kind not in _EVENT_CONDITIONS or last.modal is not None or last.negated:
        return [node]
    event = cond.clause
    if not isinstance(event, A.Clause) or event.tense is not None or event.modal is not None or event.negated \
            or event.scope is not None or event.duration is not None or not listens_for(event.action) \
            or isinstance(event.action, A.Cast):
        return [node]
    itself = _as_itself(event)
    if itself.voice == "passive" and getattr(itself.action, "patient", False) is None:
        itself = A.replace(itself, action=A.replace(itself.action, patient=A.Ref(word="SELF")))
    if _points_back(itself):
        return [node]
    kept = A.replace(sentence, clauses=tuple(rest), links=tuple(sentence.links[:len(rest) - 1]))
    alone = A.replace(sentence, clauses=(last,), links=())
    return [A.replace(node, body=(kept,)), _as_trigger(alone, A.replace(cond, clause=itself))]


def _as_itself(event: A.Clause) -> A.Clause:
    """The event with its pronouns read as the card itself (nothing was named before them)."""
    def swap(value: Any) -> Any:
        if isinstance(value, A.Ref) and value.word in _PRONOUNS and not value.filters:
            return A.Ref(word="SELF")
        return value
    act = event.action
    changes = {name: swap(getattr(act, name)) for name in act.__struct_fields__}
    return A.replace(event, action=A.replace(act, **changes))


#: The condition words that make a later sentence an ability of its own, and the trigger each becomes.
_EVENT_CONDITIONS = {"when": "when", "if": "whenever"}


def _event_condition(sentence: Any) -> Any:
    """The condition of a sentence that names an event of its own: "Dispel this aura if an affected
    site is attacked successfully", "You draw two spells when this site is first successfully
    attacked" (one clause, one 'if'/'when' about an event triggers listen for, in the present, that
    does not point back at an earlier sentence with a pronoun, "that ..." or "this way").
    None otherwise."""
    from codex.engine.effects.triggers import listens_for
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.limit is not None \
            or sentence.per is not None or sentence.duration is not None:
        return None
    clause = sentence.clauses[0]
    conds = tuple(sentence.conditions) + tuple(getattr(clause, "conditions", ()))
    cond = conds[0] if len(conds) == 1 else None
    if not isinstance(cond, A.Condition) or cond.kind not in _EVENT_CONDITIONS:
        return None
    event = cond.clause
    if not isinstance(event, A.Clause) or event.tense is not None or event.modal is not None or event.negated \
            or event.scope is not None or event.duration is not None or not listens_for(event.action):
        return None
    return None if _points_back(event) else cond


def _points_back(node: Any) -> bool:
    """Whether words of ``node`` name something an earlier sentence named: a pronoun ("it", "he",
    "none"), "that ...", "this way"."""
    for sub in A.walk(node):
        if isinstance(sub, A.Ref) and sub.word not in ("SELF", "which", "you"):
            return True
        if isinstance(sub, A.Selector) and (sub.det == "that" or sub.noun == "way"):
            return True
    return False


_PRONOUNS = ("he", "she", "it", "they")


def _takes_damage_for(sentence: Any) -> bool:
    """"X takes damage for other adjacent allies": the card itself takes damage for others."""
    clauses: tuple[Any, ...] = tuple(getattr(sentence, "clauses", ()))
    if len(clauses) != 1 or not isinstance(clauses[0], A.Clause):
        return False
    act = clauses[0].action
    return isinstance(act, A.Damage) and isinstance(act.patient, A.Ref) and act.patient.word == "SELF" \
        and any(a.prep == "for" for a in clauses[0].adjuncts)


def taken_this_way(node: Any) -> bool:
    """"damage taken this way": the damage the card took for others (its sentence before says so)."""
    if not (isinstance(node, A.Selector) and node.noun == "damage" and node.det is None and not node.mods
            and len(node.filters) == 1 and isinstance(node.filters[0], A.Relative)):
        return False
    clause = node.filters[0].clause
    return isinstance(clause, A.Clause) and isinstance(clause.action, A.Damage) and len(clause.adjuncts) == 1 \
        and isinstance(clause.adjuncts[0].what, A.Selector) and clause.adjuncts[0].what.noun == "way" \
        and clause.adjuncts[0].what.det == "this"


def _death_by_taken_damage(sentence: Any, first: Any) -> Any:
    """"If he dies from damage taken this way, <effect>" after "X takes damage for other
    allies": the card's own death from the damage it took for them, a triggered ability "When X
    dies from that damage, ..." (the pronoun is the card: the sentence before is about it). The
    condition with the card named, or None."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or len(sentence.conditions) != 1 \
            or not _takes_damage_for(first):
        return None
    cond = sentence.conditions[0]
    event = getattr(cond, "clause", None)
    if not (isinstance(cond, A.Condition) and cond.kind == "if" and isinstance(event, A.Clause)
            and isinstance(event.action, A.Die) and isinstance(event.action.patient, A.Ref)
            and event.action.patient.word in _PRONOUNS and taken_this_way(event.action.source)
            and event.tense is None and event.modal is None and not event.negated):
        return None
    return A.replace(cond, clause=A.replace(event, action=A.replace(event.action, patient=A.Ref(word="SELF"))))


def _as_trigger(sentence: Any, cond: Any) -> Any:
    """The sentence "X if/when Y" as the triggered ability "When Y, X" ("when ... first ..." fires
    the first time only)."""
    event = cond.clause
    kind = _EVENT_CONDITIONS[cond.kind]
    if "first" in event.adverbs:
        kind, event = "first_time", A.replace(event, adverbs=tuple(a for a in event.adverbs if a != "first"))
    clause = sentence.clauses[0]
    body = A.replace(sentence, conditions=tuple(c for c in sentence.conditions if c.kind != cond.kind),
                     clauses=(A.replace(clause, conditions=tuple(c for c in clause.conditions if c.kind != cond.kind)),))
    trigger = A.Trigger(kind=kind, event=event, phase=None, turn=None, scope=None)
    return A.Triggered(trigger=trigger, body=(body,), threshold=(), span=sentence.span)


def event_sentences(node: Any) -> list[Any]:
    """A card's ability, with its last sentences that name an event of their own split off as
    triggered abilities: "Whenever an ally enters an affected site, draw a spell. Dispel this aura
    if an affected site is attacked successfully." is two abilities, the second heard when such an
    attack ends, not when an ally enters; a Genesis followed by a sentence "... when this site is
    first successfully attacked" is the Genesis and a triggered ability of the site. The first
    sentence always stays (its condition is the ability's own), and so does any sentence pointing
    back at an earlier one (it reads that one's result)."""
    body: tuple[Any, ...] = tuple(getattr(node, "body", ()))
    if not isinstance(node, (A.Triggered, A.Genesis, A.Statement)) or len(body) < 2:
        return [node]
    split: list[Any] = []
    while len(body) > 1 and isinstance(getattr(body[-1], "span", None), tuple):
        if (cond := _event_condition(body[-1])) is not None:
            split.insert(0, _as_trigger(body[-1], cond))
        elif _lasts_sentence(body[-1]):
            # "At the end of your turn, summon ... Lasts 3 of your turns.": how long the card lasts,
            # a static ability of the card, not a part of the trigger's effect
            split.insert(0, A.Statement(body=(body[-1],), span=body[-1].span))
        elif isinstance(node, A.Statement) and (cond := _death_by_taken_damage(body[-1], body[0])) is not None:
            split.insert(0, _as_trigger(body[-1], cond))
        else:
            break
        body = body[:-1]
    if not split:
        return [node]
    start = node.span[0] if node.span is not None else body[0].span[0]
    return [A.replace(node, body=body, span=A.Span(start, body[-1].span[1]))] + split


def _lasts_sentence(sentence: Any) -> bool:
    """"Lasts 3 of your turns." alone in its sentence."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.conditions:
        return False
    clause = sentence.clauses[0]
    return isinstance(clause, A.Clause) and isinstance(clause.action, A.Lasts) and not clause.conditions


def would_trigger_as_replacement(node: Any) -> Any:
    """"The first time this minion would take damage each turn, prevent that damage": not a
    trigger (nothing has happened yet when it applies) but a replacement effect (Codex "Replacement
    Effect": "These types of effects often use the word 'instead' and 'would'") limited to the
    first such event, each turn with "each turn" (`Limit(1, Turn("each"))`, as "once per turn") or
    ever without: the static ability "If X would ..., <body>" with that limit. Other nodes unchanged."""
    if not isinstance(node, A.Triggered):
        return node
    trigger = node.trigger
    event = trigger.event
    if trigger.kind != "first_time" or not isinstance(event, A.Clause) or event.modal != "would" \
            or trigger.phase is not None or trigger.turn is not None:
        return node
    scope = trigger.scope
    if scope is not None and (scope.whose != "each" or scope.which is not None):
        return node
    if not node.body or not all(isinstance(s, A.Sentence) and s.limit is None for s in node.body):
        return node
    limit = A.Limit(count=1, turn=A.Turn(whose="each") if scope is not None else None)
    cond = A.Condition(kind="if", clause=event)
    body = (A.replace(node.body[0], conditions=(cond,) + tuple(node.body[0].conditions), limit=limit),) \
        + tuple(node.body[1:])
    return A.Statement(body=body, threshold=node.threshold, span=node.span)


def next_time_spell_as_effect(node: Any) -> Any:
    """A magic's "The next time target ally would take damage this turn, prevent all of that damage.":
    written alone, the grammar reads the line as a triggered ability, but a magic's text is what it
    does as it resolves (Codex "Magic"): here, leave a one-shot effect for the next such event. Read
    as the sentence whose condition is that "next time" (`effects/next_prevention.py`), as it reads
    after other words (found by blind ruling round 11). Spells only; other nodes unchanged."""
    if not isinstance(node, A.Triggered):
        return node
    trigger = node.trigger
    if trigger.kind != "next_time" or not isinstance(trigger.event, A.Clause) or trigger.phase is not None \
            or trigger.turn is not None or trigger.scope is not None or len(node.body) != 1 \
            or not isinstance(node.body[0], A.Sentence) or node.body[0].conditions:
        return node
    from codex.engine.effects.next_prevention import next_prevention
    cond = A.Condition(kind="next_time", clause=trigger.event)
    sentence = A.replace(node.body[0], conditions=(cond,))
    if next_prevention(sentence) is None:     # other "next time" magics stay delayed triggers (strike hooks)
        return node
    return A.Statement(body=(sentence,), threshold=node.threshold, span=node.span)


#: Place relations that need nothing named ("here", "nearby"): said of a death, where the unit died.
_BARE_PLACES = ("here", "nearby", "there")
#: Place relations with something named ("adjacent to this", "atop this site"): said of a death, the same.
_NAMED_PLACES = ("adjacent_to", "near", "atop", "at", "on", "in", "under", "beneath", "in_front_of")


def _death_place(adjunct: A.Adjunct) -> bool:
    """A place phrase of a death that says where the dying unit stood: a bare "here"/"nearby", or a
    relation to something named ("adjacent to this"), not "on land"/"in water" (the terrain the
    trigger reads itself, `triggers._on_terrain`)."""
    if adjunct.prep in _BARE_PLACES and adjunct.what is None:
        return True
    what = adjunct.what
    terrain = isinstance(what, A.Selector) and what.det is None and what.noun.lower() in ("land", "water")
    return adjunct.prep in _NAMED_PLACES and isinstance(what, (A.Selector, A.Ref)) and not terrain


def place_of_death_as_filter(node: Any) -> Any:
    """"Whenever another ally dies nearby, ...": the place adverb of a death is where the dying unit
    stood, so the trigger is "whenever another nearby ally dies" (a death happens where the unit is;
    Codex "Nearby" measures from this card); "Whenever a minion dies adjacent to this" likewise is
    "whenever a minion adjacent to this dies" (engine round 18). Only for a death, whose subject
    stays where it was: "an enemy moves nearby" names where it goes, which a filter on the subject
    would not say. Other nodes unchanged."""
    if not isinstance(node, A.Triggered) or not isinstance(node.trigger.event, A.Clause):
        return node
    event = node.trigger.event
    act = event.action
    places = [a for a in event.adjuncts if _death_place(a)]
    if not places or not isinstance(act, A.Die) or not isinstance(act.patient, A.Selector):
        return node
    patient = A.replace(act.patient, filters=tuple(act.patient.filters)
                        + tuple(A.Where(rel=a.prep, of=a.what) for a in places))
    rest = tuple(a for a in event.adjuncts if a not in places)
    event = A.replace(event, action=A.replace(act, patient=patient), adjuncts=rest)
    return A.replace(node, trigger=A.replace(node.trigger, event=event))


def place_of_entering_the_realm_as_filter(node: Any) -> Any:
    """"Whenever another allied minion enters the realm nearby": a card enters the realm where it
    is, so the place said of the realm ("the realm nearby", "the realm here") is said of the card:
    "whenever another nearby allied minion enters the realm", as a death's place is
    (`place_of_death_as_filter`; found by blind ruling round 6). Other nodes unchanged."""
    if not isinstance(node, A.Triggered) or not isinstance(node.trigger.event, A.Clause):
        return node
    event = node.trigger.event
    act = event.action
    dest = getattr(act, "dest", None)
    if not (isinstance(act, A.Enter) and isinstance(act.patient, A.Selector) and isinstance(dest, A.Selector)
            and dest.noun.lower() == "realm" and dest.filters and not dest.mods
            and all(isinstance(f, A.Where) and f.rel in _BARE_PLACES and f.of is None for f in dest.filters)):
        return node
    patient = A.replace(act.patient, filters=tuple(act.patient.filters) + tuple(dest.filters))
    act = A.replace(act, patient=patient, dest=A.replace(dest, filters=()))
    return A.replace(node, trigger=A.replace(node.trigger, event=A.replace(event, action=act)))


def until_end_of_turn_as_this_turn(node: Any) -> Any:
    """"until end of turn", "until the end of the turn" is "this turn": the turn's end phase, when
    "Effects that last for your turn now end" (Codex "End Phase"). Only the current turn (no owner:
    "until the end of your turn" said on another player's turn names a later turn; no "next"). The
    node with each such duration replaced, so every reader of durations sees one form."""
    if not any(_until_end_of_turn(n) for n in A.walk(node)):
        return node
    return A.transform(node, lambda n: A.Duration(kind="this_turn") if _until_end_of_turn(n) else n)


def _until_end_of_turn(n: Any) -> bool:
    return isinstance(n, A.Duration) and n.kind == "until" and n.turn is not None \
        and n.turn.whose in (None, "the", "this") and n.turn.which in (None, "this") and n.turn.owner is None \
        and n.phase == "end" and n.event is None


AREA_RELS = ("in", "within", "inside")


def affected_area_as_here(node: Any) -> Any:
    """"Minions in the affected area are silenced", "While an enemy is in the affected area",
    "Minions within this aura are Immobile":
    an aura's affected area is where the aura is, what "here" names for it (Codex "Here": "For
    auras, that usually means 4 locations, most commonly the surface of 4 sites"; the rulebook:
    "An aura affects its 2x2 area"). Each such place becomes "here", so every reader of places
    (selectors, "is located" conditions) sees one form, and a unit under the surface is not in
    it (found by blind ruling rounds 4 and 5); other nodes unchanged."""
    if not any(_affected_area(n) or _affected_area_noun(n) for n in A.walk(node)):
        return node
    node = A.transform(node, lambda n: A.Where(rel="here") if _affected_area(n) else n)
    # "enters the affected area": the place named by the noun phrase alone (found by blind ruling round 14)
    return A.transform(node, lambda n: A.Where(rel="here") if _affected_area_noun(n) else n)


def _affected_area_noun(n: Any) -> bool:
    return isinstance(n, A.Selector) and n.noun.lower() == "area" and [m.lower() for m in n.mods] == ["affected"] \
        and not n.filters and n.count is None and n.det in ("the", "an", None)


def _affected_area(f: Any) -> bool:
    of = getattr(f, "of", None)
    if not (isinstance(f, A.Where) and f.rel in AREA_RELS and f.steps is None and isinstance(of, A.Selector)) \
            or of.filters:
        return False
    mods = [m.lower() for m in of.mods]
    return of.noun.lower() in ("area", "areas") and mods == ["affected"] \
        or of.noun.lower() == "aura" and of.det == "this" and not mods      # "within this aura"


def heal_damage_from_as_amount(node: Any) -> Any:
    """"Heal 3 damage from target minion", "Heal all damage from it": the damage healed from a
    unit is the amount its patient heals (Codex "Healing": "Healing a minion removes damage from
    that minion"), the form "Heal target minion" takes with an amount (found by blind ruling round
    6); other nodes unchanged."""
    if not any(_damage_from(n) is not None for n in A.walk(node)):
        return node

    def rewrite(n: Any) -> Any:
        found = _damage_from(n)
        return n if found is None else A.replace(n, patient=found[0], amount=found[1])
    return A.transform(node, rewrite)


def damage_dealt_changed_as_modify(node: Any) -> Any:
    """"Damage dealt to allied minions here is reduced by 1" is "Allied minions here take 1 less
    damage"; "Damage dealt by X is reduced by N" is "X deals N less damage" (the amount of damage
    named by what it is dealt to or by, changed: the form ``ModifyDamage`` the grammar gives the
    second wording; found by blind ruling round 18). "increased by" reads as "more". Other nodes
    unchanged."""
    def rewrite(n: Any) -> Any:
        found = _damage_dealt(n)
        if found is None:
            return n
        role, who = found
        change = "less" if n.how == "reduce_by" else "more"
        return A.ModifyDamage(change=change, amount=n.amount, **{role: who})
    if not any(_damage_dealt(n) is not None for n in A.walk(node)):
        return node
    return A.transform(node, rewrite)


def _damage_dealt(n: Any) -> tuple[str, Any] | None:
    """("patient" or "agent", who) of "damage dealt to (by) X" changed by an amount, else None."""
    if not isinstance(n, A.ChangeAmount) or n.how not in ("reduce_by", "increase_by") or n.agent is not None \
            or not isinstance(n.amount, int):
        return None
    sel = n.patient
    if not (isinstance(sel, A.Selector) and sel.noun.lower() == "damage" and len(sel.filters) == 1
            and sel.det is None and not sel.mods and sel.count is None):
        return None
    rel = sel.filters[0]
    if not (isinstance(rel, A.Relative) and isinstance(rel.clause, A.Clause)
            and isinstance(rel.clause.action, A.Damage) and not rel.clause.conditions):
        return None
    dmg = rel.clause.action
    if not (isinstance(dmg.amount, A.Ref) and dmg.amount.word == "which") or dmg.kind is not None:
        return None
    if dmg.patient is not None and dmg.agent is None:
        return "patient", dmg.patient
    if dmg.agent is not None and dmg.patient is None:
        return "agent", dmg.agent
    return None


def _damage_from(n: Any) -> tuple[Any, int | None] | None:
    """(who is healed, how much: None for all) of a Heal of "N damage from X", else None."""
    if not isinstance(n, A.Heal) or n.amount is not None or n.agent is not None or n.source is not None:
        return None
    sel = n.patient
    if not (isinstance(sel, A.Selector) and sel.noun.lower() == "damage" and len(sel.filters) == 1
            and not sel.mods and sel.quant is None):
        return None
    f = sel.filters[0]
    if not (isinstance(f, A.Where) and f.rel == "from" and f.of is not None and f.steps is None):
        return None
    if isinstance(sel.count, int) and sel.det is None:
        return f.of, sel.count
    if sel.count is None and sel.det == "all":
        return f.of, None
    return None


def choose_one_as_or(node: Any) -> Any:
    """"Choose one: Deal 3 damage to target minion, or draw two spells.": the options after the
    colon, one of which is done, are the clauses joined by "or" the engine reads as the
    controller's pick (choice ``<key>.which``). The sentence without its "Choose one:" clause
    (found by blind ruling round 6); other nodes unchanged ("choose two" picks more than one).

    The options may be framed by clauses of their own before "choose one:" ("<Verb> target Avatar,
    choose one: they ..., or they ..."): the framing clauses say what the options act on, so they
    become a sentence of their own that resolves first, and the options a sentence after it, whose
    pronouns ("they", "it") name what the frame acted on, as "it" carries from one sentence to the
    next (`execute.run_sentence`). A framing verb the rules do not define (the grammar's generic
    verb, with only an object: "curse", "bless") names the whole effect, whose content the option
    chosen gives; it does nothing itself, so it is read as choosing its object (a target is then
    declared as for any "target"); a framing verb the engine executes is done first, as written
    (found by blind real-card round 1)."""
    if not any(_choose_one_at(n) is not None for n in A.walk(node)):
        return node

    def rewrite(n: Any) -> Any:
        body = getattr(n, "body", None)
        if isinstance(n, A.Sentence) and _choose_one_at(n) == 0:
            return A.replace(n, clauses=n.clauses[1:], links=n.links[1:])
        if not isinstance(body, tuple) or not any((_choose_one_at(s) or 0) > 0 for s in body):
            return n
        return A.replace(n, body=tuple(part for s in body for part in _framed_choice(s)))
    return A.transform(node, rewrite)


def _choose_one_at(n: Any) -> int | None:
    """The index of the bare "choose one" clause whose colon opens the options (clauses joined by
    "or", two at least) that end the sentence; None when the sentence is not of that shape."""
    if not isinstance(n, A.Sentence):
        return None
    for i, clause in enumerate(n.clauses):
        options = n.clauses[i + 1:]
        if _bare_choose_one(clause) and n.links[i:i + 1] == (":",) and len(options) >= 2 \
                and all(link == "or" for link in n.links[i + 1:]):
            return i
    return None


def _bare_choose_one(first: Any) -> bool:
    act = first.action if isinstance(first, A.Clause) else None
    return isinstance(act, A.Choose) and act.kind == "choose" and act.agent is None and act.action is None \
        and isinstance(act.patient, A.Partitive) and act.patient.count == 1 and act.patient.of is None \
        and not (first.conditions or first.adjuncts or first.adverbs or first.negated or first.modal)


def _framed_choice(sentence: Any) -> tuple[Any, ...]:
    """A sentence "<frame>, choose one: A, B, or C" as two sentences, the frame and then the options
    (`choose_one_as_or`); any other sentence as it is. A sentence with phrases over all of it (a
    condition, a duration, "for each", a limit) is left whole: they would have to scope both."""
    at = _choose_one_at(sentence)
    if not at or sentence.conditions or sentence.duration is not None or sentence.per is not None \
            or sentence.limit is not None or sentence.adverbs or sentence.adjuncts:
        return (sentence,)
    frame = tuple(_frame_as_choice(c) for c in sentence.clauses[:at])
    return (A.Sentence(clauses=frame, links=sentence.links[:at - 1]),
            A.Sentence(clauses=sentence.clauses[at + 1:], links=sentence.links[at + 1:]))


def _frame_as_choice(clause: Any) -> Any:
    """A framing clause whose verb the rules do not define and which names only its object ("Curse
    target Avatar") as choosing that object; any other clause unchanged."""
    act = clause.action if isinstance(clause, A.Clause) else None
    if not (isinstance(act, A.Action) and len(act.roles) == 1 and act.roles[0][0] == "patient") \
            or clause.modal or clause.negated or clause.conditions or clause.duration is not None \
            or clause.per is not None or clause.purpose is not None or clause.adverbs or clause.adjuncts:
        return clause
    words = act.roles[0][1]
    return A.replace(clause, action=A.Choose(patient=words, kind="target" if getattr(words, "det", None) == "target"
                                             else "choose"))


def splash_as_also_dealt(node: Any) -> Any:
    """"Its strikes splash 1 damage to each enemy adjacent to a struck unit": to splash
    damage (the lexicon's "transfer verb of damage") is to deal it also to others beside the one
    struck, so the clause is read as "Its strikes also deal 1 damage to ...": a Damage done by
    the strikes, with the adverb "also" (`statics` reads it, kind ``splash``); "full" damage, or none
    said, is the strike's own. Only a splash of damage with a destination is read so; other nodes
    unchanged."""
    if not any(_splash(n) is not None for n in A.walk(node)):
        return node

    def rewrite(n: Any) -> Any:
        found = _splash(n) if isinstance(n, A.Clause) else None
        if found is None:
            return n
        agent, amount, dest = found
        return A.replace(n, action=A.Damage(amount=amount, patient=dest, agent=agent),
                         adverbs=tuple(n.adverbs) + ("also",))
    return A.transform(node, rewrite)


def _splash(clause: Any) -> tuple[Any, Any, Any] | None:
    """(agent, amount: an int or None for the full damage, destination) of a clause splashing damage."""
    act = getattr(clause, "action", None)
    if not (isinstance(act, A.Action) and act.lemma == "splash"):
        return None
    roles = dict(act.roles)
    damage = roles.get("patient")
    if set(roles) != {"agent", "patient", "dest"} or not (isinstance(damage, A.Selector) and damage.noun == "damage") \
            or damage.filters or damage.det is not None or set(m.lower() for m in damage.mods) - {"full"} \
            or damage.mods and damage.count is not None or not (damage.count is None or isinstance(damage.count, int)):
        return None
    return roles["agent"], damage.count, roles["dest"]


def you_as_your_avatar(node: Any) -> Any:
    """"You have +2 power while you occupy a water site." (an Avatar's words): power and keywords are a
    unit's, and "Your Avatar represents you" (Codex "Avatar"), so "you" given them is your Avatar.
    Only a Grant of power or keywords is read so; "you" stays the player everywhere else (life,
    mana, affinity, cards). Found by blind real-card round 1, where the +1 power was silently lost."""
    if not any(_you_given_unit_traits(n) for n in A.walk(node)):
        return node
    return A.transform(node, lambda n: A.replace(n, patient=A.Selector(noun="avatar", det="your"))
                       if _you_given_unit_traits(n) else n)


def _you_given_unit_traits(n: Any) -> bool:
    return isinstance(n, A.Grant) and isinstance(n.patient, A.Ref) and n.patient.word.lower() == "you" \
        and bool(n.grants) and all(isinstance(g, (A.PowerMod, A.Keyword)) for g in n.grants)


def your_choice_as_default(node: Any) -> Any:
    """"to an adjacent site of your choice": the card's controller chooses what its words leave
    open anyway (Codex "You": the card's controller; another player's choice is read apart,
    `select.choice_of`). The filter said of a selector is dropped (found by blind ruling round 10);
    other nodes unchanged."""
    if not any(isinstance(n, A.Selector) and any(_your_choice(f) for f in n.filters) for n in A.walk(node)):
        return node
    return A.transform(node, lambda n: A.replace(n, filters=tuple(f for f in n.filters if not _your_choice(f)))
                       if isinstance(n, A.Selector) and any(_your_choice(f) for f in n.filters) else n)


def _your_choice(f: Any) -> bool:
    what = getattr(f, "what", None)
    return isinstance(f, A.Of) and isinstance(what, A.Selector) and what.noun.lower() == "choice" \
        and what.det == "your" and not what.mods and not what.filters


def direction_adjunct_as_adverb(node: Any) -> Any:
    """"Push target minion one step in a direction of your choice", "... in any direction": the
    player picks the direction, as "in a cardinal direction" says (the realm's directions are its
    four cardinal ones, Codex "Cardinal Directions"). The adjunct becomes that adverb (found by blind
    ruling round 10); other nodes unchanged."""
    if not any(isinstance(n, A.Clause) and _direction_adjunct(n) is not None for n in A.walk(node)):
        return node

    def rewrite(n: Any) -> Any:
        adj = _direction_adjunct(n) if isinstance(n, A.Clause) else None
        if adj is None:
            return n
        return A.replace(n, adjuncts=tuple(a for a in n.adjuncts if a is not adj),
                         adverbs=tuple(n.adverbs) + ("in_a_cardinal_direction",))
    return A.transform(node, rewrite)


def _direction_adjunct(clause: A.Clause) -> Any:
    """The adjunct "in a/any direction" of a clause that moves something, else None."""
    if not isinstance(clause.action, A.Move):
        return None
    for a in clause.adjuncts:
        what = a.what
        if a.prep == "in" and isinstance(what, A.Selector) and what.noun.lower() == "direction" \
                and what.det in ("a", "an", "any") and not what.mods and not what.filters and what.count is None:
            return a
    return None


def use_once_as_limit(node: Any) -> Any:
    """"Discard a site → Untap this minion. Use only once per turn.": the last sentence limits the
    activated ability as "Once per turn, ..." does (the grammar reads it as a clause "use only once"
    with a turn scope); the ability with that limit on its first sentence, its last dropped. Other
    nodes unchanged."""
    if not isinstance(node, A.Activated) or len(node.body) < 2:
        return node
    last = node.body[-1]
    turn = _use_once_scope(last)
    first = node.body[0]
    if turn is None or not isinstance(first, A.Sentence) or first.limit is not None:
        return node
    limit = A.Limit(count=1, turn=A.Turn(whose=turn.whose or "each", which=None))
    return A.replace(node, body=(A.replace(first, limit=limit),) + tuple(node.body[1:-1]))


def keyword_noun_as_has(node: Any) -> Any:
    """"This minion is a Spellcaster.": being "a <keyword>" is having that keyword (Codex "Spellcaster":
    "A card with the Spellcaster keyword may cast spells"), read as "This minion has Spellcaster."
    (found by blind round 36). Only a bare singular keyword name the engine applies; other nodes
    unchanged."""
    if not isinstance(node, A.Statement):
        return node
    body = tuple(A.replace(s, clauses=tuple(_keyword_noun(c) for c in s.clauses)) if isinstance(s, A.Sentence)
                 else s for s in node.body)
    return node if body == tuple(node.body) else A.replace(node, body=body)


def _keyword_noun(clause: Any) -> Any:
    act = getattr(clause, "action", None)
    kind = getattr(act, "type", None)
    if not (isinstance(clause, A.Clause) and isinstance(act, A.IsA) and isinstance(kind, A.Selector)
            and kind.det in ("a", "an") and not kind.mods and not kind.filters and not kind.plural
            and kind.count is None and kind.noun[:1].isupper() and " " not in kind.noun):
        return clause
    keyword = A.Keyword(name=kind.noun.lower())
    if keyword_changes(keyword) is None:
        return clause
    return A.replace(clause, action=A.Grant(grants=(keyword,), patient=act.patient))


def purpose_cost_as_additional(node: Any) -> Any:
    """"Sacrifice an allied minion to cast this.", "To cast this, you must also discard a card.": a
    clause done so as to cast the card itself is an additional cost of casting it (Codex "Cost": the
    total includes additional costs), read as "As an additional cost to cast this, ..." is (found by
    blind round 36). Only a clause with no other modal than "must", no adverb but "also", done by
    its player and with nothing else said; other nodes unchanged."""
    if not isinstance(node, A.Statement):
        return node
    body = tuple(_as_additional(s) for s in node.body)
    return node if body == tuple(node.body) else A.replace(node, body=body)


def _as_additional(sentence: Any) -> Any:
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.conditions \
            or sentence.adjuncts or sentence.limit or sentence.per or sentence.duration:
        return sentence
    clause = sentence.clauses[0]
    purpose = getattr(clause, "purpose", None)
    if not (isinstance(clause, A.Clause) and isinstance(purpose, A.Clause) and isinstance(purpose.action, A.Cast)
            and purpose.modal is None and not purpose.negated and not purpose.conditions and not purpose.adjuncts
            and purpose.action.agent is None and purpose.action.dest is None
            and getattr(purpose.action, "source", None) is None
            and (isinstance(purpose.action.patient, A.Ref) and purpose.action.patient.word == "SELF"
                 or names_this_card(purpose.action.patient))):
        return sentence
    agent = getattr(clause.action, "agent", None)
    if clause.modal not in (None, "must") or clause.negated or set(clause.adverbs) - {"also"} or clause.conditions \
            or clause.adjuncts or clause.duration or clause.scope is not None or clause.per is not None \
            or not (agent is None or isinstance(agent, A.Ref) and agent.word == "you"):
        return sentence
    bare = A.replace(clause, modal=None, adverbs=(), purpose=None)
    return A.replace(sentence, clauses=(bare,), conditions=(A.Condition(kind="additional_cost", clause=purpose),))


def _use_once_scope(sentence: Any) -> A.Turn | None:
    """The turn of "Use only once per turn" / "Use only once on your turn" (None: not that sentence)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.conditions \
            or sentence.limit or sentence.duration or sentence.per:
        return None
    clause = sentence.clauses[0]
    act = clause.action
    scope = clause.scope
    if not (isinstance(act, A.Reactivate) and act.agent is None and isinstance(act.patient, A.Partitive)
            and act.patient.count == 1 and act.patient.of is None and clause.adverbs == ("only",)
            and clause.modal is None and not clause.negated and not clause.conditions and not clause.adjuncts
            and isinstance(scope, A.Turn) and scope.which is None and scope.whose in (None, "each", "your")):
        return None
    return scope


def _would(sentence: A.Sentence) -> bool:
    """Whether the sentence is conditioned on something that *would* happen (a replacement)."""
    return any(isinstance(c, A.Condition) and c.kind == "if" and isinstance(c.clause, A.Clause)
               and c.clause.modal == "would" for c in sentence.conditions)


def _kind_of(node: Any, spell: bool) -> AbilityKind | None:
    if isinstance(node, A.Genesis):
        return AbilityKind.GENESIS
    if isinstance(node, A.Deathrite):
        return AbilityKind.DEATHRITE
    if isinstance(node, A.Triggered):
        return AbilityKind.TRIGGERED
    if isinstance(node, A.Activated):
        return AbilityKind.ACTIVATED
    if isinstance(node, A.Statement):
        if spell:
            return AbilityKind.SPELL
        # "Once on your turn, ...": an activated ability with no cost (Codex "Activated Ability")
        first = node.body[0] if node.body else None
        if isinstance(first, A.Sentence) and first.limit is not None and not _would(first):
            return AbilityKind.ACTIVATED
        return AbilityKind.STATIC
    return None


#: The verbs of the rules of casting a card's own text can change.
_CASTING_VERBS = (A.Cast, A.Summon, A.Conjure)


def _casting_rule_of(node: Any) -> tuple[Any, Any]:
    """A magic's opening sentences about casting the card itself ("May be cast by any ally.", "Must
    be cast to ...") are a static ability of the card, not part of its effect (they apply while it
    is being cast): (that static Statement or None, the rest of the magic or None)."""
    body = getattr(node, "body", None)
    if not isinstance(node, A.Statement) or not body:
        return None, node
    n = 0
    while n < len(body) and _about_casting_itself(body[n]):
        n += 1
    if n == 0:
        return None, node
    first, rest = body[:n], body[n:]
    rule = A.Statement(body=first, threshold=(), span=A.Span(first[0].span[0], first[-1].span[1]))
    if not rest:
        return rule, None
    end = node.span[1] if node.span is not None else rest[-1].span[1]
    return rule, A.replace(node, body=rest, span=A.Span(rest[0].span[0], end))


def defines_x(sentence: Any) -> bool:
    """"(X) is the difference between your two life totals": a sentence saying what X is."""
    clauses: tuple[Any, ...] = tuple(getattr(sentence, "clauses", ()))
    if not isinstance(sentence, A.Sentence) or len(clauses) != 1 or sentence.conditions or sentence.limit \
            or sentence.per or sentence.duration or not isinstance(getattr(sentence, "span", None), tuple):
        return False
    clause = clauses[0]
    act = getattr(clause, "action", None)
    return isinstance(clause, A.Clause) and isinstance(act, A.IsA) and isinstance(act.patient, A.Mana) \
        and tuple(act.patient.symbols) == ("(X)",) and clause.modal is None and not clause.negated \
        and not clause.conditions


def _x_defined(node: Any) -> tuple[Any, Any]:
    """A magic's last sentences saying what its X is: a static ability of the card, read as it is
    cast (the cost is known before the effect resolves; Codex "Cost": "X is the actual mana cost
    while the spell is on the storyline"), not part of its effect: (that Statement or None, the
    rest of the magic or None)."""
    body = getattr(node, "body", None)
    if not isinstance(node, A.Statement) or not body or not defines_x(body[-1]):
        return None, node
    last = body[-1]
    rule = A.Statement(body=(last,), threshold=(), span=A.Span(last.span[0], last.span[1]))
    rest = body[:-1]
    if not rest:
        return rule, None
    start = node.span[0] if node.span is not None else rest[0].span[0]
    return rule, A.replace(node, body=rest, span=A.Span(start, rest[-1].span[1]))


def additional_cost(sentence: Any) -> bool:
    """"As an additional cost to cast <card>, <cost>.": paid as the card is cast."""
    conds: tuple[Any, ...] = tuple(getattr(sentence, "conditions", ()))
    if not isinstance(sentence, A.Sentence) or len(conds) != 1:
        return False
    cond = conds[0]
    clause = getattr(cond, "clause", None)
    return isinstance(cond, A.Condition) and cond.kind == "additional_cost" and isinstance(clause, A.Clause) \
        and isinstance(clause.action, A.Cast) and (
            isinstance(clause.action.patient, A.Ref) and clause.action.patient.word == "SELF"
            or names_this_card(clause.action.patient))     # "to cast this spell" (blind ruling round 21)


def _about_casting_itself(sentence: Any) -> bool:
    if additional_cost(sentence) and isinstance(getattr(sentence, "span", None), tuple):
        return True
    if _own_cost_change(sentence) or own_alternative_cost(sentence):
        return True
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.limit or sentence.per \
            or sentence.duration or not isinstance(getattr(sentence, "span", None), tuple):
        return False
    clause = sentence.clauses[0]
    return isinstance(clause, A.Clause) and isinstance(clause.action, _CASTING_VERBS) and not clause.negated \
        and clause.modal in ("may", "must", "can and must") and _the_card_itself(clause.action)


def _the_card_itself(act: Any) -> bool:
    """"May be cast by any ally", "You may cast this spell ..." (found by blind ruling round 12): the
    card itself (its name, "this spell", "this card"), whoever the words let cast it."""
    words = act.patient
    if isinstance(words, A.Selector):
        return words.det == "this" and words.noun.lower() in ("spell", "card") and not words.mods \
            and not words.filters and words.count is None
    return isinstance(words, A.Ref) and words.word == "SELF"


def _own_cost_change(sentence: Any) -> bool:
    """"This spell costs (2) less if a minion died this turn": a magic's words on its own cost apply
    as it is cast (Codex "Cost": "Subtract anything that reduces cost"), so they are a static ability
    of the card, not part of its effect (found by blind ruling round 11)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.limit or sentence.per \
            or sentence.duration or not isinstance(getattr(sentence, "span", None), tuple):
        return False
    clause = sentence.clauses[0]
    act = getattr(clause, "action", None)
    patient = getattr(act, "patient", None)
    itself = isinstance(patient, A.Ref) and patient.word == "SELF" or names_this_card(patient)
    return isinstance(clause, A.Clause) and isinstance(act, A.CostChange) and itself and not clause.negated \
        and clause.modal is None


#: The words of a cost paid in place of another ("rather than pay ...", "instead of paying ...").
INSTEAD_PREPS = ("rather_than", "instead_of")


def pays_instead_of_own_cost(adj: Any) -> bool:
    """"rather than pay this spell's mana cost", "instead of paying its mana cost", "rather than this
    spell's mana cost" (the verb left out): paid in place of the card's own mana cost (Codex "Cost":
    "Alternately, you can start with an alternate cost")."""
    if not isinstance(adj, A.Adjunct) or adj.prep not in INSTEAD_PREPS:
        return False
    paid = adj.what
    if isinstance(paid, A.Clause):
        if not isinstance(paid.action, A.Pay) or paid.negated or paid.conditions or paid.modal:
            return False
        paid = paid.action.patient
    return own_mana_cost(paid)


def own_mana_cost(node: Any) -> bool:
    """"this spell's mana cost", "its mana cost", "this spell's cost": the cost printed on the card whose
    text it is (a spell's cost is its mana cost; Codex "Cost")."""
    if not isinstance(node, A.Selector) or node.noun not in ("mana cost", "cost") or node.mods or node.filters:
        return False
    if node.det == "its":
        return True
    owner = getattr(node.det, "owner", None)
    return (isinstance(owner, A.Ref) and owner.word in ("SELF", "its")) or \
        (isinstance(owner, A.Selector) and owner.det == "this" and owner.noun in ("spell", "card", "magic")
         and not owner.mods and not owner.filters)


def own_alternative_cost(sentence: Any) -> bool:
    """"You may pay 3 life rather than this spell's mana cost", "Instead of paying its mana cost, you
    may sacrifice an ally": a magic's words on an alternative cost of itself apply as it is cast, so
    they are a static ability of the card, not part of its effect (found by blind round 36)."""
    if not isinstance(sentence, A.Sentence) or len(sentence.clauses) != 1 or sentence.limit or sentence.per \
            or sentence.duration or sentence.conditions or not isinstance(getattr(sentence, "span", None), tuple):
        return False
    clause = sentence.clauses[0]
    adjuncts = tuple(getattr(clause, "adjuncts", ())) + tuple(sentence.adjuncts)
    return isinstance(clause, A.Clause) and clause.modal == "may" and not clause.negated and len(adjuncts) == 1 \
        and pays_instead_of_own_cost(adjuncts[0])


def names_this_card(words: Any) -> bool:
    """"this spell", "this magic", "this card": the card itself, nothing more said of it."""
    return isinstance(words, A.Selector) and words.det == "this" and words.noun in ("spell", "magic", "card") \
        and not words.mods and not words.filters


def _own_lines(norm: str, card: Any) -> list[str] | None:
    """The card's own lines (normalised text), when they match the parsed lines one for one."""
    lines = [line.strip() for line in norm.split("\n") if line.strip()]
    return lines if len(lines) == len(card.lines) else None


def _spanned(node: Any, norm: str, line: str) -> Any:
    """The node with the span of its line in the card's normalised text (for its quotation)."""
    at = norm.find(line)
    if at < 0 or not hasattr(node, "span"):
        return node
    try:
        return A.replace(node, span=(at, at + len(line)))
    except (TypeError, ValueError):
        return node


def _span_text(node: Any, card_text: str) -> str | None:
    """The card's own words for a node with a source span (offsets into the normalised text)."""
    span = getattr(node, "span", None)
    if isinstance(span, tuple) and len(span) == 2:
        return card_text[span[0]:span[1]].strip()
    return None


def _executed(ability: Ability) -> bool:
    """Whether this engine version executes the ability (the effects package decides)."""
    from codex.engine.effects.check import executed
    return executed(ability)


def abilities_of(text: str, name: str | None = None, *, spell: bool = False) -> Abilities:
    """Read a card's text into typed abilities (memoised: the same texts recur across rulings).

    ``spell=True`` for a magic spell, whose sentences are its effect rather than static abilities.
    The memo is keyed by the parser's name book too: once a catalog teaches the parser new card
    names or subtypes, a text is read again with them.
    """
    return _abilities_of(text, name, spell, names_version())


@lru_cache(maxsize=4096)
def _abilities_of(text: str, name: str | None, spell: bool, _names_version: int) -> Abilities:
    if not text or not text.strip():
        return Abilities()
    card = parse_card_text(text, name)
    norm = normalize(text).text
    kw = Keywords()
    abilities: list[Ability] = []
    unreadable: list[str] = []
    dropped: list[tuple[str, str]] = []
    size: tuple[int, int] | None = None
    own = _own_lines(norm, card)
    for i, line in enumerate(card.lines):
        if spell:
            line = delayed_sentences_of_magic(line)
        for node in line:
            if own is not None and len(line) == 1 and getattr(node, "span", None) is None:
                # an AST written out for the card (a misprint read as meant) has no spans: the
                # ruling still quotes the card's own words, the line the node stands for
                node = _spanned(node, norm, own[i])
            if isinstance(node, A.KeywordLine):
                found, rest = _keywords_of_line(node)
                kw = kw.merge(found)
                line_text = _span_text(node, norm) or to_text(node)
                for item in rest:
                    known = recognise(item)
                    if known is not None:
                        kw = kw.merge(known)
                    ability = Ability(AbilityKind.STATIC, line_text, item)
                    abilities.append(replace(ability, executed=known is not None or _executed(ability)))
            elif isinstance(node, A.Unparsed):
                unreadable.append(node.text)
                if DROPPED_REASON in node.reason:
                    dropped.append((node.text, dropped_words(node.reason)))
            else:
                for one in ([node] if spell else [part for each in event_sentences(whenever_statement(if_event_statement(
                        deadline_trigger(node)))) for part in clause_events(each)]):
                    known, found_size = _read_ability(one, spell, norm, abilities)
                    if known is not None:
                        kw = kw.merge(known)
                    if found_size is not None:
                        size = found_size
    return Abilities(kw, tuple(abilities), tuple(unreadable), size=size, dropped=tuple(dropped))


def delayed_sentences_of_magic(line: tuple[Any, ...]) -> tuple[Any, ...]:
    """A magic's effect followed by a sentence opening with a time of a turn ("Return target ally to
    your hand. At the start of your next turn, summon that card ..."): the later sentence is a delayed
    part of the same effect (its ``delay``, docs/cardtext.md), not a triggered ability of its own, so
    its words go on naming what the effect named and its choices are the effect's. A magic's time
    trigger standing alone is its whole effect's delay already (`actions.casting._leave_delayed`)."""
    out: list[Any] = []
    for node in line:
        prev = out[-1] if out else None
        trigger = getattr(node, "trigger", None)
        if isinstance(node, A.Triggered) and isinstance(prev, A.Statement) and trigger is not None \
                and trigger.kind == "at" and all(isinstance(s, A.Sentence) for s in node.body + prev.body) \
                and _executed(Ability(AbilityKind.TRIGGERED, "", node)):
            # (a delayed part the engine cannot run stays an ability of its own, named as not executed,
            # so the effect before it still is)
            span = prev.span
            if isinstance(span, tuple) and isinstance(node.span, tuple):
                span = A.Span(span[0], node.span[1])
            body = prev.body + tuple(A.replace(s, delay=trigger) for s in node.body)
            out[-1] = A.replace(prev, body=body, span=span)
            continue
        out.append(node)
    return tuple(out)


#: How the engine reads wordings the grammar gives their own shape, each an AST rewrite applied to
#: every ability in this order before it is classified and executed (one form for each meaning, so
#: every reader sees the same nodes; each function says which wordings and why).
def place_the_mover_is_near_as_near(node: Any) -> Any:
    """"An ally teleports to a location it's nearby" (the grammar: a location such that it is nearby
    which): "it" is the unit moving, the clause's patient, so the place is "a nearby location",
    measured from the unit moved (`motion.mover_origin`). Only a destination whose relative clause
    says nothing else (no modal, negation, condition), in the clause opening its sentence and moving
    a unit its own words name, is so read. Found by blind real-card round 8."""
    if not any(_opens_with_near_the_mover(n) for n in A.walk(node)):
        return node

    def rewrite(n: Any) -> Any:
        if not _opens_with_near_the_mover(n):
            return n
        first = n.clauses[0]
        move = first.action
        filters = tuple(A.Where(rel=f.clause.action.where.rel.removesuffix("_to")) if _is_near_it(f) else f
                        for f in move.dest.filters)
        first = A.replace(first, action=A.replace(move, dest=A.replace(move.dest, filters=filters)))
        return A.replace(n, clauses=(first,) + tuple(n.clauses[1:]))
    return A.transform(node, rewrite)


def _opens_with_near_the_mover(n: Any) -> bool:
    """A sentence whose first clause moves a unit its own words name to a place "it" is near: "it" has
    no other antecedent in the sentence than that unit (a later clause's "it" is left alone)."""
    if not (isinstance(n, A.Sentence) and n.clauses and isinstance(n.clauses[0], A.Clause)):
        return False
    move = n.clauses[0].action
    return isinstance(move, A.Move) and isinstance(move.patient, A.Selector) and _near_the_mover(move.dest)


def _near_the_mover(dest: Any) -> bool:
    return isinstance(dest, A.Selector) and dest.noun.lower() in ("location", "site", "void", "locations", "sites") \
        and any(_is_near_it(f) for f in dest.filters)


def _is_near_it(f: Any) -> bool:
    c = getattr(f, "clause", None)
    if not (isinstance(f, A.Relative) and isinstance(c, A.Clause) and isinstance(c.action, A.Located)):
        return False
    where, patient = c.action.where, c.action.patient
    return isinstance(patient, A.Ref) and patient.word.lower() in ("it", "they") \
        and isinstance(where, A.Where) and where.rel in ("nearby", "adjacent", "adjacent_to") \
        and isinstance(where.of, A.Ref) and where.of.word == "which" and where.steps is None \
        and not (c.modal or c.negated or c.conditions or c.adjuncts or c.adverbs)


def all_of_an_elided_count(node: Any) -> Any:
    """"... for each of their elements", then "if they have all four": a count whose noun
    is left out ("all four") counts the plural noun phrase named last before it in the ability's
    earlier sentences ("their elements"); "all N" of them is read as at least N (of N, there being no
    more: the four elements). Other nodes unchanged; a count with no such noun phrase before it stays
    as it is (named as not executed)."""
    body = getattr(node, "body", None)
    if not (isinstance(body, tuple) and len(body) > 1 and all(isinstance(b, A.Sentence) for b in body)):
        return node
    out, changed = [body[0]], False
    for sentence in body[1:]:
        before = [n for b in out for n in A.walk(b) if isinstance(n, A.Selector) and n.plural]
        if before:
            noun = before[-1]
            new = A.transform(sentence, lambda n: A.replace(noun, count=n.of.count, quant="at_least")
                              if _elided_all_n(n) else n)
            changed = changed or new is not sentence
            sentence = new
        out.append(sentence)
    return A.replace(node, body=tuple(out)) if changed else node


def each_giver_as_named(node: Any) -> Any:
    """"<givers> are disabled and each give +N power to <receivers>": "each" (or "they") as the
    subject of a later clause of the sentence is each of what the clause before it named (the
    givers); read as those words, so the grant is made by each of them (`statics`: counted per giver).
    Other nodes unchanged."""
    def fix(n: Any) -> Any:
        if not isinstance(n, A.Sentence) or len(n.clauses) < 2:
            return n
        clauses = list(n.clauses)
        for i in range(1, len(clauses)):
            act = clauses[i].action
            before = getattr(clauses[i - 1].action, "patient", None)
            if isinstance(act, A.Grant) and isinstance(act.agent, A.Ref) and act.agent.word.lower() in ("each", "they") \
                    and not act.agent.filters and isinstance(before, A.Selector) \
                    and (before.plural or before.det in (None, "all", "each", "every")) and before.count is None:
                clauses[i] = A.replace(clauses[i], action=A.replace(act, agent=before))
        return A.replace(n, clauses=tuple(clauses)) if any(a is not b for a, b in zip(clauses, n.clauses)) else n
    return A.transform(node, fix)


#: Personal pronouns (subject and possessive) a static's later sentence names its earlier subject by.
_PERSONAL = {"they", "he", "she"}
_PERSONAL_POSSESSIVE = {"their", "his", "her"}


def pronoun_as_earlier_subject(node: Any) -> Any:
    """"Bearer has ... If they have ..., they are immune ...": in a static
    ability's later sentences a personal pronoun ("they", "he", "she"; "their" ...) is the first
    sentence's subject, when that names one definite thing with no choice ("bearer", "this minion's
    bearer", "each ally here"); read as those words again. Not for a spell's effect ("Target minion
    ... They ..." names what was picked, bound as it resolves), nor "it" (a card's "it" is the card)."""
    body = getattr(node, "body", None)
    if not (isinstance(node, A.Statement) and isinstance(body, tuple) and len(body) > 1):
        return node
    first = body[0].clauses[0] if body[0].clauses else None
    subject = _definite_subject(first)
    if subject is None:
        return node

    def swap(n: Any) -> Any:
        if isinstance(n, A.Ref) and n.word.lower() in _PERSONAL and not n.filters:
            return subject
        if isinstance(n, A.Selector) and isinstance(n.det, str) and n.det.lower() in _PERSONAL_POSSESSIVE:
            return A.replace(n, det=A.Possessive(owner=subject))
        return n
    rest = tuple(A.transform(b, swap) for b in body[1:])
    if all(a is b for a, b in zip(rest, body[1:])):
        return node
    return A.replace(node, body=(body[0],) + rest)


def _definite_subject(clause: Any) -> Any:
    if not isinstance(clause, A.Clause):
        return None
    act = clause.action
    who = getattr(act, "patient", None) if isinstance(act, (A.Grant, A.SetState, A.Immune)) else None
    if not (isinstance(who, A.Selector) and who.det in (None, "the", "this", "each", "all", "every")
            and "target" not in who.mods and who.quant is None and who.count is None):
        return None
    return who


def _elided_all_n(n: Any) -> bool:
    return isinstance(n, A.Partitive) and n.count == "all" and isinstance(n.of, A.Partitive) \
        and isinstance(n.of.count, int) and n.of.of is None


from codex.engine.choice_readings import each_of_your_choice, their_choice_discard  # noqa: E402

READINGS = (each_of_your_choice, their_choice_discard, your_choice_as_default, splash_as_also_dealt, you_as_your_avatar, direction_adjunct_as_adverb, choose_one_as_or, heal_damage_from_as_amount,
            damage_dealt_changed_as_modify,
            affected_area_as_here, until_end_of_turn_as_this_turn, place_of_entering_the_realm_as_filter,
            place_of_death_as_filter, would_trigger_as_replacement, use_once_as_limit,
            place_the_mover_is_near_as_near, all_of_an_elided_count, each_giver_as_named,
            purpose_cost_as_additional, keyword_noun_as_has)


def _read_ability(node: Any, spell: bool, norm: str,
                  abilities: list[Ability]) -> tuple[Keywords | None, tuple[int, int] | None]:
    """One ability of the card's text (a magic's opening rules of its own casting apart), appended
    to ``abilities`` with whether the engine executes it: (the keyword it amounts to, the size it
    gives the card), each None if none."""
    for reading in READINGS:
        node = reading(node)
    if not spell:
        node = pronoun_as_earlier_subject(node)
    if spell:
        node = next_time_spell_as_effect(node)
    kind = _kind_of(node, spell)
    if kind is None:
        return None, None
    rule, node = _casting_rule_of(node) if kind is AbilityKind.SPELL else (None, node)
    if rule is not None:      # "May be cast by any ally." opening a magic: how it is cast
        ability = Ability(AbilityKind.STATIC, _span_text(rule, norm) or to_text(rule), rule)
        abilities.append(replace(ability, executed=_executed(ability)))
        if node is None:
            return None, None
    x_rule, node = _x_defined(node) if kind is AbilityKind.SPELL else (None, node)
    if x_rule is not None:    # "(X) is the difference between ...": what X is, read as the spell is cast
        ability = Ability(AbilityKind.STATIC, _span_text(x_rule, norm) or to_text(x_rule), x_rule)
        abilities.append(replace(ability, executed=_executed(ability)))
        if node is None:
            return None, None
    known = recognise(node) if kind in (AbilityKind.STATIC, AbilityKind.TRIGGERED) else None
    found_size = size_of(node) if kind is AbilityKind.STATIC else None
    ability = Ability(kind, _span_text(node, norm) or to_text(node), node)
    done = known is not None or found_size is not None or _executed(ability)
    abilities.append(replace(ability, executed=done) if done else clause_split(then_split(ability, norm), norm))
    return known, found_size


#: The kinds of ability whose sentences resolve one after another on the storyline.
_SEQUENCED = (AbilityKind.TRIGGERED, AbilityKind.GENESIS, AbilityKind.DEATHRITE, AbilityKind.ACTIVATED)


def then_split(ability: Ability, norm: str) -> Ability:
    """An ability the engine cannot execute as a whole, given the part it can: the sentences before
    the first one it cannot execute, when that sentence is marked as a later step ("Then ..."). A
    step that comes after ("then": "after the previous resolves", as the grammar reads it) cannot
    change what was done before it, so doing the sentences before it and naming the rest as not
    executed is never a wrong effect; an unexecuted sentence not so marked may qualify the others
    ("That damage can't be prevented."), and the ability stays all or nothing."""
    body = getattr(ability.node, "body", None)
    if ability.kind not in _SEQUENCED or not isinstance(body, tuple) or len(body) < 2:
        return ability
    for k in range(1, len(body)):
        if _executed(Ability(ability.kind, ability.text, A.replace(ability.node, body=body[:k + 1]))):
            continue
        first, last, after = ability.node.span, body[k - 1].span, body[k].span
        if "then" not in (a.lower() for a in body[k].adverbs) or first is None or last is None or after is None:
            return ability
        head = Ability(ability.kind, norm[first[0]:last[1]].strip(), A.replace(ability.node, body=body[:k]), True)
        return replace(ability, head=head, rest=norm[after[0]:first[1]].strip())
    return ability


def clause_split(ability: Ability, norm: str) -> Ability:
    """A static ability the engine cannot apply as a whole, given the part it can: its clauses joined
    by "and" that it reads, when those it does not read are independent of them ("Bearer has +1
    power, and its strikes <do something unread>": each clause names its own subject and effect).
    A static ability applies while its card is in the realm, each clause an ongoing effect of its
    own (Codex "Ongoing Effect"), so applying the clauses read and naming the others as not
    executed is never a wrong effect, as long as no unread clause points back at the others
    ("that power", "they may do so", "instead"), which would qualify them (then the ability stays
    all or nothing, as `then_split` keeps a qualifying sentence). Found by blind real-card round 2,
    where the power bonus had been dropped with the clause beside it."""
    node = ability.node
    body = getattr(node, "body", None)
    if ability.kind is not AbilityKind.STATIC or ability.head is not None or not isinstance(node, A.Statement) \
            or not isinstance(body, tuple) or not all(_splittable(s) for s in body):
        return ability
    parts = [(i, j) for i, sentence in enumerate(body) for j in range(len(sentence.clauses))]
    read = [(i, j) for i, j in parts if _executed(_only(ability, [(i, j)]))]
    unread = [p for p in parts if p not in read]
    if not read or not unread or any(_qualifies_others(body[i].clauses[j]) for i, j in unread):
        return ability
    head = _only(ability, read)
    words = [_clause_words(body[i].clauses[j], norm) for i, j in unread]
    if not _executed(head) or any(w is None for w in words):
        return ability
    return replace(ability, head=replace(head, executed=True), rest="; ".join(w for w in words if w))


def _splittable(sentence: Any) -> bool:
    """A sentence whose clauses may be applied apart: joined by "and" only, under no phrase but "while"
    (a condition of another kind may make the sentence a replacement, "If X would ..., instead ...")."""
    return isinstance(sentence, A.Sentence) and all(link == "and" for link in sentence.links) \
        and all(isinstance(c, A.Condition) and c.kind == "while" for c in sentence.conditions) \
        and sentence.duration is None and sentence.per is None and sentence.limit is None and not sentence.adjuncts


def _only(ability: Ability, keep: list[tuple[int, int]]) -> Ability:
    """The static ability with only the clauses ``keep`` ((sentence, clause) indices), its text unchanged."""
    body = ability.node.body
    sentences = []
    for i, sentence in enumerate(body):
        clauses = tuple(c for j, c in enumerate(sentence.clauses) if (i, j) in keep)
        if clauses:
            sentences.append(A.replace(sentence, clauses=clauses, links=("and",) * (len(clauses) - 1)))
    return replace(ability, node=A.replace(ability.node, body=tuple(sentences)), executed=False)


def _qualifies_others(clause: Any) -> bool:
    """A clause that refers to what another clause of its ability says: "that"/"those"/"which" words,
    "do so", "instead", "would"."""
    if not isinstance(clause, A.Clause) or clause.instead or clause.modal == "would":
        return True
    return any(isinstance(n, A.DoSo) or isinstance(n, A.Ref) and n.word.lower() in ("that", "those", "which")
               or isinstance(n, A.Selector) and (n.det in ("that", "those") or n.det == "this" and n.noun.lower() in (
                   "ability", "effect")) for n in A.walk(clause.action))


def _clause_words(clause: Any, norm: str) -> str | None:
    """The card's own words for one clause (its printed form found in the card's text), else the
    grammar's words for it (`Ability.unapplied` says which); None when the printer cannot write it."""
    try:
        printed = to_text(clause).strip().rstrip(".").strip()
    except PrintError:       # a clause the printer cannot write: no words to name it by
        return None
    at = norm.lower().find(printed.lower())
    return norm[at:at + len(printed)] if printed and at >= 0 else printed or None


@lru_cache(maxsize=1024)
def _explicit_keyword(token: str) -> Keywords | None:
    """One explicitly listed keyword: a card keyword (read by the grammar) or a scenario flag."""
    norm = " ".join(token.strip().lower().replace("_", " ").replace("-", " ").split()).rstrip(".")
    if norm in SCENARIO_FLAGS:
        return Keywords().with_(**{SCENARIO_FLAGS[norm]: True})
    if norm in ("moves as if connected", "moves as if the top and bottom edges were connected"):
        return Keywords(moves_as_if_connected=True)
    if norm == "burrowed safely":
        return Keywords(burrowing=True, burrowed_safely=True)
    if norm in MOVES_FREELY_FLAGS:
        return Keywords(moves_freely=frozenset({MOVES_FREELY_FLAGS[norm]}))
    if m := _RANGE_BONUS.match(norm):
        return Keywords(range_bonus=int(m.group(1)))
    # the grammar reads keywords with their printed capitalisation ("Movement +1", "Fire Spellcaster")
    printed = " ".join(w if w.startswith("+") or w.isdigit() else w.capitalize() for w in norm.split())
    card = parse_card_text(printed.replace("Non ", "Non-"))
    lines = [node for line in card.lines for node in line]
    if len(lines) == 1 and isinstance(lines[0], A.KeywordLine):
        found, rest = _keywords_of_line(lines[0])
        if not rest:
            return found
    return None


def with_explicit(abilities: Abilities, explicit: Iterable[str]) -> Abilities:
    """Add explicitly listed keywords; unknown ones are kept by name, never dropped."""
    kw = abilities.keywords
    unknown = list(abilities.unknown)
    for token in explicit:
        found = _explicit_keyword(token)
        if found is None:
            unknown.append(token)
        else:
            kw = kw.merge(found)
    return Abilities(kw, abilities.abilities, abilities.unreadable, tuple(unknown), abilities.size, abilities.dropped)
