"""What an effect runs with: whose ability it is, what it may refer to, and the choices it needs.

A card's words refer to things outside themselves: "this" (its own card), "you" (its
controller), "it" (what the triggering event or the previous clause named), "target" and "a"
(what a player chooses). `Ctx` carries those; `choose` asks the scenario's ``choices`` for what a
player decides, and otherwise stops the ruling with an ``ambiguous`` verdict that lists the
options and names the key to answer with (as a projectile's ``hit`` does).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Sequence

from codex.cardtext import ast as A
from codex.engine.abilities import Ability
from codex.engine.errors import AmbiguousAction
from codex.engine.events import CardQuote, Event
from codex.engine.geometry import Location, Region

#: The scenario's answers to the choices effects ask for (key → value), for the ruling in progress.
_choices: ContextVar[dict[str, Any]] = ContextVar("arbiter_choices", default={})
#: Where the ruling in progress finds cards an effect names ("Summon a Foot Soldier", a card found
#: by a search): the same `CardSource` the scenario's named cards came from.
_cards: ContextVar[Any] = ContextVar("arbiter_cards", default=None)


def set_choices(choices: dict[str, Any], cards: Any = None) -> Any:
    """Install a ruling's choices and card source (returns the token to reset them with)."""
    return _choices.set(dict(choices)), _cards.set(cards)


def reset_choices(token: Any) -> None:
    choices, cards = token
    _choices.reset(choices)
    _cards.reset(cards)


@contextmanager
def choosing(key: str, value: Any) -> Iterator[None]:
    """The ruling's choices with ``key`` answered ``value`` for the time of the block (a question
    trying each answer to a choice its answer may not depend on: `actions.question_choices`)."""
    token = _choices.set({**_choices.get(), key: value})
    try:
        yield
    finally:
        _choices.reset(token)


def read_also_as(alias: str, key: str) -> None:
    """From now on in the ruling, answers given under ``<alias>.<role>`` also answer ``<key>.<role>``
    (one given under ``key`` itself wins): an activated ability another card grants is named
    `<holder>.granted<n>` (docs/scenarios.md "Choices"), as a granted trigger is, and by its index in
    the activate action too. The ruling's own `reset_choices` undoes it."""
    given = _choices.get()
    extra = {key + k[len(alias):]: v for k, v in given.items()
             if k.startswith(alias + ".") and key + k[len(alias):] not in given}
    if extra:
        _choices.set({**given, **extra})


def card_data(name: str) -> Any:
    """The printed facts (`cards.CardData`) of the card ``name``, from the ruling's card source."""
    source = _cards.get()
    return source.card(name) if source is not None else None


def choice(key: str) -> Any:
    """The scenario's answer to the choice ``key`` (None when it gives none)."""
    return _choices.get().get(key)


def _unasked(prefix: str, key: str) -> str:
    """What the scenario answered for this ability under other keys, said beside the choice it
    lacks: a key written for the wrong role is the commonest reason a given choice goes unread."""
    near = sorted(k for k in _choices.get() if k.startswith(prefix + ".") and k != key)
    if near:
        return f" (the scenario gives {', '.join(near)} for this ability; this choice is {key})"
    card, _, index = prefix.rpartition(".")
    if not (card and index.isdecimal()):
        return ""
    # the same card's keys under another ability index: abilities are counted from 0 in the card's
    # order, keyword lines apart, and a writer counting only the ability meant misses by one
    others = sorted(k for k in _choices.get() if k.startswith(card + ".") and not k.startswith(prefix + ".")
                    and k.split(".")[len(card.split("."))].isdecimal())
    if not others:
        return ""
    return (f" (the scenario gives {', '.join(others)} for another ability of this card; this is ability "
            f"{index}, and this choice is {key})")


#: Choice roles that answer no pick of an object (`Ctx._target_as_only_answer`).
_NOT_PICKS = frozenset({"may", "direction", "which", "times"})


def _targets_something(node: Any) -> bool:
    """Whether the ability's words name a targeted object ("target minion", "two target units")."""
    return any(isinstance(n, A.Selector) and isinstance(n.det, str) and n.det.lower() == "target"
               for n in A.walk(node))


@dataclass(frozen=True)
class Obj:
    """A game object an effect names: ``kind`` unit, site, aura, artifact, player or location, and
    its key (a unit/aura/artifact id, a site's square, a player id, a `Location`)."""

    kind: str
    key: Any

    def __str__(self) -> str:
        return str(self.key)


@dataclass(frozen=True)
class Ctx:
    """An ability being resolved (or tested): its card, its controller, what its words refer to."""

    source: Obj                          # the card whose ability this is
    source_name: str
    controller: str
    ability: Ability
    key: str                             # the prefix of this ability's choice keys
    event: Event | None = None           # the event that triggered it
    caster: str | None = None            # a spell's caster (a unit id)
    bound: tuple[tuple[str, tuple[Obj, ...]], ...] = field(default_factory=tuple)
    targets: tuple[str, ...] = ()        # a cast spell's declared targets (unit ids), in order
    #: the declared targets were found legal when the spell was cast; a target the words no longer
    #: allow when it resolves is left alone (Codex "Target": "checked again"), not an illegal cast
    rechecked: bool = False
    #: declared targets whose Ward broke instead of their being targeted (Codex "Ward"): they stay
    #: the words' targets, so nothing else is chosen in their place, but the effect does not reach them
    shielded: tuple[str, ...] = ()
    x: int | None = None                 # the value a spell's caster paid for X
    spell_card: Any = None               # a spell's printed facts (`cards.CardData`), when it is one
    grantor: Obj | None = None           # a granted ability: the card that grants it (what "this" means)
    grantor_name: str | None = None

    @property
    def quote(self) -> CardQuote:
        return CardQuote(self.grantor_name or self.source_name, self.ability.text)

    def declared(self, among: Sequence[Obj]) -> list[Obj] | None:
        """The declared targets among ``among``, those a Ward shielded left out; None when no
        declared target is among them (the words then choose as usual)."""
        given = [Obj("unit", t) for t in self.targets if Obj("unit", t) in among]
        return [o for o in given if o.key not in self.shielded] if given else None

    def bind(self, word: str, objs: Sequence[Obj]) -> "Ctx":
        """The context in which ``word`` ("it", "they", "that") refers to ``objs``."""
        return replace(self, bound=((word, tuple(objs)),) + self.bound)

    def lookup(self, word: str) -> tuple[Obj, ...] | None:
        for w, objs in self.bound:
            if w == word:
                return objs
        return None

    def choose(self, role: str, options: Sequence[Any], *, count: int = 1, optional: bool = False,
               why: str = "", also: str | None = None) -> list[Any]:
        """What the player chooses for ``role`` among ``options``: from the scenario's ``choices``
        (key ``<key>.<role>``), or the options themselves when there is no real choice. ``also``: a
        second role that answers it when the first is not given (a targeted object the words give
        another role, "Target site ... provides": docs/scenarios.md lets `target` answer any
        "target ..."); an answer is only taken if it names one of ``options``."""
        key = f"{self.key}.{role}"
        options = list(options)
        given = _choices.get().get(key)
        if given is None and also is not None:
            given = _choices.get().get(f"{self.key}.{also}")
        if given is None and role not in ("target", "place"):
            given = self._target_as_only_answer()
        if given is not None:
            picked = given if isinstance(given, list) else [given]
            allowed = {_label(o): o for o in options}
            for o in options:       # a void has one region: its bare square names it too ("12" for "12:void")
                at = o.key if isinstance(o, Obj) else o
                if isinstance(at, Location) and at.region is Region.VOID:
                    allowed.setdefault(str(at.square), o)
            chosen = [allowed[str(p)] for p in picked if str(p) in allowed]
            if len(chosen) == len(picked) and (optional or len(chosen) == min(count, len(options))):
                return chosen
        if not options:
            return []
        if len(options) <= count and not optional:
            return options
        raise AmbiguousAction(f"{self.source_name}: {why or 'a choice is needed'}{_unasked(self.key, key)}", key,
                              [_label(o) for o in options], f"/choices/{key}")

    def _target_as_only_answer(self) -> Any:
        """The scenario's `<key>.target` for an ability that targets nothing, when it is the only key
        given for the ability (besides keys that pick nothing: "may", a direction...): "An ally strikes each enemy at its location" chooses its ally under
        another role, and a writer naming the one object the ability picks calls it its target
        (found by blind real-card round 6). An ability with a targeted object keeps `target` for it, and
        an untargeted place keeps its own key (`place`: tests/scenarios/place_choices.json)."""
        given = _choices.get()
        mine = [k for k in given if k.startswith(self.key + ".")]
        # keys that pick no object ("may", a direction, which option, how many times) leave `target`
        # the one pick named (found by blind real-card round 10: "An ally shoots ...; may strike")
        picks = [k for k in mine if k[len(self.key) + 1:].split(".")[0] not in _NOT_PICKS]
        if picks != [f"{self.key}.target"] or _targets_something(self.ability.node):
            return None
        return given[picks[0]]

    def answer(self, role: str) -> Any:
        """The scenario's raw answer for ``role`` (None when it gives none)."""
        return _choices.get().get(f"{self.key}.{role}")

    def may(self, what: str, role: str = "may", who: str = "its controller") -> bool:
        """A "you may": the scenario says yes or no (key ``<key>.may``); ``who`` is the player
        the words let choose ("Your opponent, then you, may ...")."""
        key = f"{self.key}.{role}"
        given = _choices.get().get(key)
        if isinstance(given, bool):
            return given
        raise AmbiguousAction(f"{self.source_name}: {who} may {what}; say whether they do{_unasked(self.key, key)}", key,
                              [True, False], f"/choices/{key}")


@dataclass(frozen=True)
class ZoneCard:
    """A card outside the realm an effect names ("your next spell", "a Beast in your cemetery"):
    whose zone, which zone, the card (a named `state.Card`, or "spell"/"site" for one the scenario
    does not name), and its place from the top when the scenario does not name it."""

    owner: str
    zone: str
    card: Any
    position: int = 0

    @property
    def name(self) -> str:
        return str(getattr(self.card, "name", None) or f"{self.owner}'s {self.zone} card {self.position + 1}")

    def __str__(self) -> str:
        return self.name


def _label(option: Any) -> str:
    """How a scenario names an option: a unit/aura/artifact id, a site's square, a player id, a
    location as its square (``"13"``) or ``"13:underground"`` off the surface, a card by its name."""
    key = option.key if isinstance(option, Obj) else option
    if isinstance(key, ZoneCard):
        return key.name
    if isinstance(key, Location):
        return str(key.square) if key.region is Region.SURFACE else f"{key.square}:{key.region.value}"
    return str(key)
