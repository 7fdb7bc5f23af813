"""Typed AST of card text: data over a small closed set of effect primitives and selectors.

Every node is an immutable :class:`Node` (a frozen msgspec Struct), so an AST can be hashed, compared
(property tests compare a parse with the parse of its printed text), shared by every card that repeats a
sentence, and serialised with :func:`to_json`. Each class docstring states
what the rules engine does with the node; the engine dispatches on the class, never on text.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, Union

import msgspec

_T = TypeVar("_T")


class Node(msgspec.Struct, frozen=True, gc=False):
    """Base of every AST node: an immutable msgspec Struct (fields, equality, hashing and ``repr`` like
    a frozen dataclass; :func:`replace` and :func:`node_fields` in place of the dataclasses functions).

    Why not dataclasses: a frozen dataclass's ``__init__`` runs in Python and assigns each field through
    ``object.__setattr__``; building the AST was a fifth of a cold parse over a card list. A Struct is
    built in C (measured ~17x faster per node). ``gc=False``: an AST holds strings, numbers and other
    nodes, never a reference cycle, so the cyclic collector need not track the ~15,000 nodes of a pass."""


#: The copy of a node with some fields changed (``dataclasses.replace`` for :class:`Node`).
replace = msgspec.structs.replace


def node_fields(node: Any) -> list[tuple[str, Any]]:
    """``(name, default)`` of each field of a node, in order; ``MISSING`` when a field has no default."""
    return [(f.name, MISSING if f.default is msgspec.NODEFAULT else f.default)
            for f in msgspec.structs.fields(node)]


def frozen(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)`` with a faster ``__init__``, for the parser's small records that are not
    AST nodes (:class:`~codex.cardtext.parser.SentenceError`...): fields, equality, hashing, ``repr`` and
    ``dataclasses.replace`` are the dataclass's own. A frozen dataclass's ``__init__`` assigns each field
    through ``object.__setattr__``, a Python-level call per field; this one sets the instance's
    ``__dict__`` in one call. It is generated from the fields, as dataclasses generates its own."""
    cls = dataclass(frozen=True)(cls)
    if any(f.default_factory is not MISSING for f in fields(cls)) or "__post_init__" in vars(cls):
        return cls  # keep the dataclass __init__, which runs factories and __post_init__
    namespace: dict[str, Any] = {"_set_attr": object.__setattr__}
    params = []
    for f in fields(cls):
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    items = ", ".join(f"{f.name!r}: {f.name}" for f in fields(cls))
    exec(f"def __init__(self, {', '.join(params)}):\n    _set_attr(self, '__dict__', {{{items}}})\n",
         namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls


# --------------------------------------------------------------------------- selectors


class Post(Node):
    """A post-modifier restricting a selector, applied in order. ``kind`` is one of
    ``here, there, nearby, adjacent, within`` (``arg`` = max steps), ``atop, at, occupying, above_or_below,
    under, in, near, from`` (``arg`` = a Selector naming the place or zone), ``with_power`` (``arg`` =
    (n, "more"|"less")), ``with_keyword`` (``arg`` = Keyword), ``with_cost`` (``arg`` = mana text),
    ``along_path``. The engine keeps only objects satisfying every post."""

    kind: str
    arg: Any = None


class Selector(Node):
    """A set of game objects. ``det`` says how many are chosen: ``a/an/target`` one (``target``: chosen
    and targeted), ``each/all/every`` every match, ``another`` one other than the source, ``the/this/
    that/its/your...`` the referenced one. ``quant``/``count``: ``counted`` exactly ``count``,
    ``up_to`` at most ``count``, ``any_number`` any number, ``partitive`` ``count`` (a number, each or
    all) of the selector in the ``of`` post (``each of those sites``). ``pre`` (other/nearby/adjacent) and ``mods``
    (allied, enemy-as-noun, random, tapped, element, subtype, non-X) filter; ``noun`` is the object class
    (unit, minion, avatar, site, artifact, aura, spell, card, location, ally, enemy, ...) or a subtype."""

    det: str | None
    pre: tuple[str, ...]
    mods: tuple[str, ...]
    noun: str
    posts: tuple[Post, ...] = ()
    quant: str | None = None
    count: Any = None


class Ref(Node):
    """A reference resolved from context: ``SELF`` (this card), ``you`` (its controller), or a pronoun
    (``it, they, them, he, she, him, her, itself, themselves, each, this, none``) meaning the object the
    previous clause or trigger chose, or ``the surface`` (the realm's surface, for burrowed objects)."""

    word: str
    posts: tuple[Post, ...] = ()


class Group(Node):
    """Several selectors joined by ``and`` (the union) or ``or`` (one of them, the controller chooses)."""

    items: tuple[Any, ...]
    conj: str
    serial: bool = False  # surface form only: a comma before the conjunction ("X, Y, and Z", "X, and Y")


# --------------------------------------------------------------------------- keywords and grants


class Keyword(Node):
    """A keyword ability. ``name`` is lower-case (airborne, burrowing, submerge, voidwalk, stealth, charge,
    lethal, immobile, waterbound, landbound, lance, ward, movement, ranged, spellcaster); ``value`` is the
    bonus for ``movement`` (+N steps) and ``ranged`` (range N), the element for ``spellcaster``."""

    name: str
    value: int | str | None = None


class PowerMod(Node):
    """Adds ``amount`` to power (negative lowers it); ``per`` multiplies by the count of a selector."""

    amount: int
    per: Any = None


class RangeMod(Node):
    """Adds ``amount`` to the range of Ranged."""

    amount: int


class GrantedAbility(Node):
    """A quoted ability granted to another object (``Bearer has "Tap → ..."``): ``ability`` is its AST."""

    ability: Any


# --------------------------------------------------------------------------- effect primitives


class Damage(Node):
    """Deal ``amount`` damage (an int, ``"X"``, ``"lethal"`` or None = by area of effect) to each object
    of ``target``; with ``quantity`` set the amount is computed (its power, a count, a mana cost)."""

    amount: Any
    target: Any
    quantity: Any = None


class ImpactDamage(Node):
    """A projectile's hit (``It deals 4 damage on impact, and 2 damage to each other unit at that
    location``): the engine deals ``amount`` to the unit the projectile hit, then ``splash`` (if set) to
    each object of ``splash_target`` (typically the others at the hit unit's location)."""

    amount: Any
    splash: Any = None
    splash_target: Any = None


class SharedObject(Node):
    """Two verbs sharing one object (``Reveal and play your topmost site``): the engine applies ``verb``
    (reveal) to the object of ``action`` first, then resolves ``action`` on that same object."""

    verb: str
    action: Any


class Negated(Node):
    """A negated predicate (``doesn't untap``, ``isn't a water site``, ``aren't silenced``): the engine
    treats ``action`` as false for the subject while the clause applies: a negated event or action
    (untap, strike back) is skipped, a negated state or type (IsState, IsA) is removed from the
    subject's characteristics. ``written`` is the negation as printed (doesn't/don't/isn't/aren't)."""

    action: Any
    written: str = "doesn't"


class Immune(Node):
    """The subject is immune to ``grants`` (keywords such as Lethal): the engine ignores those
    keywords' effects on it (Lethal damage to it is ordinary damage)."""

    grants: tuple[Any, ...]


class TakeDamage(Node):
    """The clause subject takes ``amount`` damage (the source is the ability's card), or damage equal to
    ``quantity`` when the amount is computed."""

    amount: Any
    quantity: Any = None


class DamageReduction(Node):
    """Static: damage dealt to the subject is reduced by ``amount`` (from ``source`` only, if given)."""

    amount: Any
    source: Any = None


class DamageImmunity(Node):
    """Static: the subject takes no damage (from ``source`` only, if given)."""

    source: Any = None


class Draw(Node):
    """The subject (default: you) draws the cards named by ``what`` (det/count give the number; noun spell,
    site or card gives the deck)."""

    what: Any


class Heal(Node):
    """The subject heals ``amount`` life (never above its maximum). With ``target`` and no amount, the
    subject (damage, ``strike damage against units heals you``) heals ``target`` by the damage dealt."""

    amount: Any
    target: Any = None


class GainLife(Node):
    """The subject gains ``amount`` life."""

    amount: Any


class LoseLife(Node):
    """The subject loses ``amount`` life (not damage: nothing prevents it)."""

    amount: Any


class GainMana(Node):
    """The subject gains the mana ``mana`` (e.g. ``(1)``) for the duration of the clause; with ``choice``
    (``(A), (E), (F), or (W)``) the controller picks one of those instead."""

    mana: str
    choice: tuple[str, ...] = ()


class NoThreshold(Node):
    """The subject (a spell) requires no threshold to cast: the engine skips the threshold check."""


class Provide(Node):
    """Static on sites/artifacts: the engine adds ``mana`` (a tuple like ``("(A)", "(1)")``) to what the
    site provides (to ``to``, default its controller). ``what`` = ``mana`` (the listed symbols),
    ``all`` (its mana and threshold), ``none`` (no mana or threshold), ``no_mana``, ``extra`` (``mana``
    more than it would), ``threshold`` (only the element in ``mana``, e.g. ``("water",)``). ``only``: the site
    provides this and nothing else (``Only provides ... while ...``)."""

    mana: tuple[str, ...]
    to: Any = None
    what: str = "mana"
    only: bool = False
    written_and: bool = False  # surface form only: "(A) and (1)" rather than "(A)(1)"


class Cast(Node):
    """Cast ``what`` (a spell or minion, following the usual casting rules) at ``dest``; with no ``what``,
    casting this card (``May be cast to any water site``) is allowed at ``dest``."""

    what: Any = None
    dest: Any = None


class Choose(Node):
    """The controller chooses ``what`` (``kind`` = choose), names a card (``kind`` = name), or targets
    ``what`` (``kind`` = target); later clauses refer to the choice with a pronoun or ``that``."""

    what: Any
    kind: str = "choose"


class CostChange(Node):
    """Static: the subject (spells or minions it selects) costs ``mana`` ``direction`` (more|less) to cast."""

    mana: str
    direction: str


class IsA(Node):
    """Static: the subject is also ``what`` (a type, subtype or kind of site): the engine adds the types.
    ``also``: written ``is also`` (same meaning); ``become``: from now on it *is* ``what`` instead of its
    old types (``Mortals ... become Beasts``)."""

    what: Any
    also: bool = False
    become: bool = False


class Include(Node):
    """Deck building: the subject (a spellbook or atlas) may include ``what`` (overrides copy limits)."""

    what: Any


class Force(Node):
    """The controller forces ``who`` to do ``action`` (``force target minion to take a step``): the
    engine performs the action for that object as if its controller chose it."""

    who: Any
    action: Any


class Drop(Node):
    """The subject drops ``what`` (artifacts it carries): they stay at its location, uncarried."""

    what: Any


class Prevent(Node):
    """Prevent ``what`` (damage about to be dealt): the engine cancels that event."""

    what: Any


class Lasts(Node):
    """Static on auras: the aura is dispelled after ``turns`` of its controller's turns."""

    turns: Any


class Pay(Node):
    """The controller pays ``mana`` (a mana cost like ``(1)``); used with a purpose (``pay (1) to summon``):
    the engine offers the payment and runs the purpose only if it was paid."""

    mana: str


class Fill(Node):
    """Put objects into each location ``target`` selects (the ``with`` post names what, e.g. Rubble)."""

    target: Any


class Summon(Node):
    """Summon ``what`` (from a zone given by a ``from`` post) to ``dest`` or to the place posts name."""

    what: Any
    dest: Any = None


class Move(Node):
    """Move ``what`` (or the subject) to ``dest``. ``kind``: move (walks, may be intercepted), teleport
    (no path), push/pull/drag (forced, by another object)."""

    kind: str
    what: Any = None
    dest: Any = None
    steps: Any = None
    adverbs: tuple[str, ...] = ()  # freely (ignoring terrain), sideways, forward, away, back


class TakeSteps(Node):
    """The subject moves ``steps`` steps (``("a", 1)``/``("one", 1)``, ``("up_to", n)`` or ``("exactly", n)``;
    ``a``/``one`` differ only in spelling)."""

    steps: tuple[str, Any]
    toward: Any = None  # the steps must each bring it closer to this


class Tap(Node):
    """Tap ``target`` (the subject when None); ``untap`` untaps instead."""

    target: Any = None
    untap: bool = False


class Remove(Node):
    """Remove ``target`` from the realm. ``kind``: destroy (to cemetery, permanents), kill (minions die),
    banish (out of the game), sacrifice (its controller destroys it, cannot be prevented)."""

    kind: str
    target: Any


class Die(Node):
    """The subject dies."""


class GainKeyword(Node):
    """``target`` (the subject when None) gains the ``grants`` (keywords, power, abilities) for the
    clause's duration (permanent when none)."""

    grants: tuple[Any, ...]
    target: Any = None
    to_form: bool = False  # surface form only: "give Stealth to X" rather than "give X Stealth"


class Has(Node):
    """Static: the subject has ``grants`` while the card is in play; ``per`` multiplies power mods."""

    grants: tuple[Any, ...]
    per: Any = None


class LoseKeyword(Node):
    """The subject loses ``grants`` for the clause's duration (permanently with ``permanently``), or the
    abilities ``what`` selects (``lose all other abilities``)."""

    grants: tuple[Any, ...]
    what: Any = None


class ShootProjectile(Node):
    """Shoot ``count`` projectiles in a chosen direction; each stops at the first unit it hits unless
    ``piercing``. Follow-up clauses (``If it hits a unit...``, ``It deals N damage``) are the on-hit."""

    count: Any
    piercing: bool


class IsState(Node):
    """The subject is in ``state`` (silenced, disabled, flooded, tapped, burrowed, submerged, asleep...).
    Silenced: loses its abilities; disabled: can't move, strike, use abilities; flooded: is a water site."""

    state: str


class Flood(Node):
    """``target`` sites become flooded (water sites) for the clause's duration."""

    target: Any


class Relocate(Node):
    """Change ``target``'s (the subject's) region: submerge, burrow (below ground), surface, unburrow,
    or ``X or Y`` (the controller picks one of the two); ``on``: only the targets on that place or on
    that element's sites (``submerge all minions on water``)."""

    kind: str
    target: Any = None
    on: Any = None


class Search(Node):
    """Search the zones ``zones`` for ``what``; follow-up clauses say where it goes."""

    zones: Any
    what: Any


class ReturnTo(Node):
    """Return ``target`` to the zone ``dest`` (e.g. its owner's hand)."""

    target: Any
    dest: Any


class Strike(Node):
    """The subject strikes ``target`` (deals damage equal to its power); ``first`` = static first strike."""

    target: Any = None
    first: bool = False


class GainControl(Node):
    """The subject (default you) gains control of ``target`` for the clause's duration; ``static``: a
    continuous effect (``You control all Mortals``) rather than a one-time change of control."""

    target: Any
    static: bool = False


class Discard(Node):
    """The subject (default you) discards ``what``."""

    what: Any


class Look(Node):
    """Look at ``what`` (hidden cards); reveal=True shows them to every player."""

    what: Any
    reveal: bool = False


class Shuffle(Node):
    """The subject (default you) shuffles ``what`` (default: the deck last searched), or shuffles ``what``
    into the deck ``dest`` names."""

    what: Any = None
    dest: Any = None


class Conjure(Node):
    """Conjure ``what`` (put into play without casting) at ``dest``."""

    what: Any
    dest: Any = None


class Dispel(Node):
    """Dispel the aura ``target`` (remove it from play)."""

    target: Any


class Silence(Node):
    """``target`` is silenced: it loses all abilities for the clause's duration."""

    target: Any


class Put(Node):
    """Put ``what`` into the zone/position ``dest``."""

    what: Any
    dest: Any


class FallAsleep(Node):
    """The subject falls asleep: disabled until it takes damage."""


class Transform(Node):
    """``target`` becomes a copy of ``into`` (keeping its position)."""

    target: Any
    into: Any


class Play(Node):
    """Play ``what`` (a site) at ``dest``; ``or_draw`` lets the subject draw it instead."""

    what: Any
    dest: Any = None
    or_draw: bool = False


class Action(Node):
    """A basic unit action the subject may/must/can't do: ``verb`` is defend, attack (``arg`` = what),
    intercept, enter (``arg`` = place), carry (``arg`` = what), fight (``arg`` = whom), occupy (``arg`` =
    locations: a unit that occupies several), untap/move/surface/submerge/burrow/strike (in ``can't``),
    or ``be <verb>`` (be targeted/attacked/moved..., ``arg`` = by whom, ``dest`` = where).

    The general verb class (grammar rule ``general_verb``: animate, swallow, flow, freeze, acquire,
    trigger, reactivate, exchange, snatch, evade, determine, skip, affect, see, throw, steal, swap,
    detonate, roll, replace, spend) also becomes an ``Action``: ``verb`` is the base form, ``arg`` the
    object, ``adverb`` a manner word (``away``, ``back``...), ``dest`` a ``(to|into|on|from, place)`` pair.
    The engine dispatches on ``verb`` through its table of unit actions (one handler per verb, each
    applying the verb to ``arg`` at ``dest``); a verb without a handler is logged and skipped, never
    guessed."""

    verb: str
    arg: Any = None
    dest: Any = None
    adverb: Any = None


class Cant(Node):
    """Static restriction: the subject can't perform any of ``actions`` (Action nodes)."""

    actions: tuple[Action, ...]


# --------------------------------------------------------------------------- clauses and abilities


class Duration(Node):
    """How long a clause's effect lasts: this_turn, until_your_next_turn, until_end_of_turn,
    until_leaves (``arg``: whose leaving ends it), permanently; or when it happens: at_end_of /
    at_start_of (``arg``: the turn, e.g. your_turn); until_again (``until you do so again``: until the
    ability is used again), until_hurt (until the unit takes damage); until_damaged (``arg``: the unit
    whose next damage ends it), until_no_longer_has (``arg`` = (unit, grants): ends as soon as the unit
    lacks any of the grants), during (``arg``: the turns it applies in, e.g. enemy_turns)."""

    kind: str
    arg: Any = None


class Condition(Node):
    """A condition: ``kind`` = is, has, control, hits, you_do, attacking, defending, there_is/there_are,
    back_row, would, place, event, were, passive, compare / control_compare (``arg`` = (more|less|fewer,
    what is counted, the other side): the engine counts both sides); ``subject``/``arg`` its operands.
    Used by If/While/Unless/When."""

    kind: str
    subject: Any = None
    arg: Any = None


class PostCondition(Node):
    """``kind`` = if, while, unless (guard the clause on ``cond``), instead (replaces the event), if_able,
    if_needed (do it only when possible/necessary), when (only while ``cond`` happens), as_if (treat
    ``cond``, a ``were`` Condition, as true for this clause: ``move as if they were adjacent``),
    whenever (each time the ``event`` Condition happens), the_next_time (only the next time the subject
    of a ``would_again`` Condition would do the clause's action: ``doesn't untap the next time it would``)."""

    kind: str
    cond: Condition | None = None
    comma: bool = False  # surface form only: ", if able"


class Clause(Node):
    """One verb phrase: ``subject`` (None = the ability's controller for effects, SELF for statements;
    ``action`` None = elliptic ``he must``: the action of the previous sentence)
    does ``action``. ``modal`` may (optional), must (forced), can (permission), may only/can only
    (restriction to this action); ``duration``/``condition`` scope it (``duration_first``: the duration
    was written before the verb, ``permanently gain``). ``purpose`` is an action done by doing this one
    (``pay (1) to summon ...``: the purpose runs only if this action happened). ``manner``: any_order,
    random_order (how several cards are put). ``per``: the action happens once for each object the
    selector finds (``draw a card for each ally``)."""

    subject: Any
    modal: str | None
    action: Any
    duration: Duration | None = None
    condition: PostCondition | None = None
    purpose: Any = None
    manner: str | None = None
    duration_first: bool = False
    per: Any = None


class Lead(Node):
    """A sentence opener: ``if`` (guard, ``arg`` Condition), ``duration`` (``arg`` Duration for all clauses),
    ``once`` (once on your turn), ``foreach`` (repeat for each of ``arg``), ``while`` (the sentence
    applies only while ``arg`` holds), ``if_passive``/``when_passive`` (``If cast,``/``When played,``: only
    when this card was cast/played, ``arg`` the verb), ``then`` (after the previous sentence),
    ``extra_cost`` (``As an additional cost to cast X,``: the sentence is part of ``arg``'s casting cost)."""

    kind: str
    arg: Any = None


class Sentence(Node):
    """Clauses run in order; ``seps[i]`` joins clause i and i+1 (``then`` = after the previous resolves)."""

    leads: tuple[Lead, ...]
    clauses: tuple[Clause, ...]
    seps: tuple[str, ...] = ()
    end: str = "."  # ":" when it introduces a diagram or list printed after it; "" when unpunctuated


class Event(Node):
    """A game event matched by triggers: ``subject`` does ``verb`` (kills, strikes, attacks, dies,
    enters, casts, plays, draws, is_struck, is_attacked, attacks_and_kills...) to ``obj``."""

    subject: Any
    verb: str
    obj: Any = None
    dest: Any = None  # where the event moved the subject (``is carried to the surface``)
    scope: Any = None  # in a condition: only events of this turn (``if you cast a spell this turn``)


class Trigger(Node):
    """When the trigger fires: ``kind`` = when/whenever (each matching Event), after/immediately_after
    (right after the Event resolves), at (``phase`` start/end/start_and_end of ``turn``), first_time /
    next_time (only the first/next matching Event, per ``turn`` scope each_turn/this_turn or ever),
    whenever_first (``Whenever X ... for the first time [each turn]``), after with only ``turn`` (after
    each turn ends)."""

    kind: str
    event: Event | None = None
    phase: str | None = None
    turn: str | None = None


class Cost(Node):
    """Part of an activation cost: tap (tap SELF, or ``arg``), mana (``arg`` like "(2)"), sacrifice,
    discard (``arg`` the selector), life (``arg`` amount), reveal (reveal this card from hand)."""

    kind: str
    arg: Any = None


class KeywordLine(Node):
    """A line of keyword abilities; items may also be bare statements (``Charge, Can't attack sites``).
    ``end`` is the closing punctuation as written (``""`` or ``"."``)."""

    items: tuple[Any, ...]
    end: str = ""


class Activated(Node):
    """``costs → body``: the controller may pay the costs (any time they could act) to run the body."""

    costs: tuple[Cost, ...]
    body: tuple[Any, ...]
    threshold: tuple[str, ...] = ()


class Genesis(Node):
    """Runs the body when the card enters the realm (``deathrite`` too: also when it dies)."""

    body: tuple[Any, ...]
    deathrite: bool = False
    threshold: tuple[str, ...] = ()


class Deathrite(Node):
    """Runs the body when the card dies (goes from the realm to the cemetery)."""

    body: tuple[Any, ...]
    threshold: tuple[str, ...] = ()


class Triggered(Node):
    """Runs ``body`` each time ``trigger`` fires."""

    trigger: Trigger
    body: Sentence
    threshold: tuple[str, ...] = ()


class Statement(Node):
    """A sentence without trigger: a spell's effect when cast, or a static ability while in play
    (statements whose clauses are static primitives: Has, Cant, DamageReduction, IsState...)."""

    body: Sentence
    threshold: tuple[str, ...] = ()


class Unparsed(Node):
    """A sentence the grammar could not parse (lenient mode): kept so the rest of the card still works.
    ``span`` = (start, end) offsets in the normalised text."""

    text: str
    span: tuple[int, int]
    reason: str


Ability = Union[KeywordLine, Activated, Genesis, Deathrite, Triggered, Statement, Unparsed]


class CardText(Node):
    """A parsed card text: ``lines`` of abilities (one line per normalised line of text)."""

    name: str | None
    lines: tuple[tuple[Any, ...], ...]
    errata: bool = False

    @property
    def abilities(self) -> list[Any]:
        return [a for line in self.lines for a in line]

    @property
    def unparsed(self) -> list[Unparsed]:
        return [a for a in self.abilities if isinstance(a, Unparsed)] + [
            b for a in self.abilities if isinstance(a, (Activated, Genesis, Deathrite))
            for b in a.body if isinstance(b, Unparsed)]

    @property
    def fully_parsed(self) -> bool:
        return not self.unparsed


def to_json(node: Any) -> Any:
    """JSON-ready form of an AST: nodes become ``{"type": ClassName, field: ...}``."""
    if isinstance(node, Node):
        out: dict[str, Any] = {"type": type(node).__name__}
        for name in node.__struct_fields__:
            out[name] = to_json(getattr(node, name))
        return out
    if isinstance(node, (tuple, list)):
        return [to_json(x) for x in node]
    return node


class Num(int):
    """An amount as written on the card. It *is* its integer (the engine computes with it and equality
    ignores spelling), and ``word`` keeps a spelled-out form (``two`` vs ``2``) so printing the AST gives
    back the card's text."""

    word: str | None

    def __new__(cls, value: int, word: str | None = None) -> "Num":
        obj = super().__new__(cls, value)
        obj.word = word
        return obj

    def __reduce__(self) -> Any:
        return (Num, (int(self), self.word))


class Possessive(Node):
    """A possessive determiner (``the caster's``, ``SELF's``): the engine resolves ``owner`` first and
    selects the object(s) it owns, controls or occupies that the rest of the selector names."""

    owner: Any
    mark: str = "'s"  # surface form only: "'" after a plural name ("Blood Ravens' strike damage")
