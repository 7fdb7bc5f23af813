"""Typed AST of card text: what a card *means*, as data the rules engine executes.

Layers (top to bottom), each a closed set of immutable nodes:

- **Abilities** (:class:`KeywordLine`, :class:`Activated`, :class:`Genesis`, :class:`Deathrite`,
  :class:`Triggered`, :class:`Statement`, :class:`Unparsed`): how and when a card's text applies.
- **Sentences and clauses** (:class:`Sentence`, :class:`Clause`): one effect each, with its modality
  (may, must, can't), scope (conditions, durations, "for each") and order.
- **Primitives** (:class:`Damage`, :class:`Move`, :class:`Grant`, ... and the generic :class:`Action`):
  one game operation each, with **named roles** that are the same across primitives: ``agent`` (who
  does it), ``patient`` (what it is done to, or what moves/changes), ``amount``, ``dest`` (where to),
  ``source`` (where from), ``recipient`` (to whom it is given), ``instrument`` (with what). A verb's
  frame in the lexicon maps the sentence's subject, object and prepositional phrases to these roles;
  passive voice swaps subject and ``by`` phrase. A role left ``None`` is unspecified: for an imperative
  clause the agent is the ability's controller; for a subjectless statement (``Takes 1 less damage``,
  ``Can't defend``) the subject is this card, written ``Ref("SELF")``.
- **Selectors** (:class:`Selector`, :class:`Ref`, :class:`Group`, :class:`Partitive`, filters
  :class:`Where`, :class:`With`, :class:`Stat`, :class:`Relative`, :class:`Of`): which game objects,
  players, zones or places a role means.
- **Time** (:class:`Turn`, :class:`Duration`, :class:`Trigger`, :class:`Limit`) and **conditions**
  (:class:`Condition`).

Every node is an immutable :class:`Node` (a frozen msgspec Struct): hashable, comparable by value,
shared by every card that repeats a sentence, serialised by :func:`to_json`. Abilities and sentences
carry their source :class:`Span` (offsets into the normalised card text), so a ruling can quote the
card's own sentence verbatim; a span never takes part in equality (two parses of the same meaning are
equal wherever the text was).

Spelling conventions (what a hand-written AST uses; the parser produces the same): words are lemmas —
nouns singular (``minion``, ``Beast``), verbs in the base form, ``an`` → ``a``, ``every`` → ``each``,
pronouns in the nominative (``them`` → ``they``, ``him`` → ``he``, ``her`` → ``she``); element words
lower case (``fire``), subtypes, rarities and keywords capitalised (``Mortal``, ``Unique``,
``Airborne``); numbers as ints; mana as ``"(1)"``, ``"(A)"``; a bare ``this`` is ``Ref("SELF")``.
"""
from __future__ import annotations

from dataclasses import MISSING
from functools import lru_cache
from typing import Any, Iterator, Union

import msgspec


class Node(msgspec.Struct, frozen=True, gc=False):
    """Base of every AST node: an immutable msgspec Struct (fields, equality, hashing and ``repr`` like
    a frozen dataclass; :func:`replace` and :func:`node_fields` in place of the dataclasses functions).
    ``gc=False``: an AST holds strings, numbers and other nodes, never a reference cycle."""


#: The copy of a node with some fields changed (``dataclasses.replace`` for :class:`Node`).
replace = msgspec.structs.replace


def node_fields(node: Any) -> list[tuple[str, Any]]:
    """``(name, default)`` of each field of a node (class or instance), in order; ``MISSING`` when a
    field has no default."""
    return list(_fields_of(node if isinstance(node, type) else type(node)))


@lru_cache(maxsize=None)
def _fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, MISSING if f.default is msgspec.NODEFAULT else f.default) for f in msgspec.structs.fields(cls))


class Span(tuple[int, int]):
    """``(start, end)`` offsets of a piece of card text in the normalised text (``CardText.text``).

    Where a sentence was is not what it means: a span equals any other span (and ``None``), so two ASTs
    compare by meaning only, a parse equals the parse of its printed text, and a hand-written AST (no
    spans) equals the parser's. Read the offsets with ``span[0]``/``span[1]`` or :attr:`start`/:attr:`end`."""

    __slots__ = ()

    def __new__(cls, start: int, end: int) -> "Span":
        return super().__new__(cls, (start, end))

    @property
    def start(self) -> int:
        return self[0]

    @property
    def end(self) -> int:
        return self[1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Span) or other is None

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(None)

    def __reduce__(self) -> Any:
        return (Span, (self[0], self[1]))


# =========================================================================== selectors


class Where(Node, frozen=True):
    """A place relation filtering a selector (or, as a role, a place): the engine keeps objects that
    stand in relation ``rel`` to ``of``. ``rel``: ``here`` (this card's location), ``there`` (the place
    the previous clause named), ``nearby``, ``adjacent``, ``anywhere``, ``within`` (up to ``steps``
    steps away; ``of`` the origin, default this card), and the prepositions ``at, atop, on, in, under,
    above, below, above_or_below, beneath, near, occupying, adjacent_to, from, along, among, through,
    into, to, between, around, outside`` with ``of`` the place, zone or object; ``nearest_to`` and
    ``furthest_from`` (``the enemy nearest to you``): of the objects selected, those nearest to (furthest
    from) ``of``; ``direction`` after a superlative of distance standing for its noun (``the furthest
    forward of your units``): the superlative is measured along the direction ``of`` (``forward``,
    ``back``, ``sideways``, ``up``, ``down``), not from a point."""

    rel: str
    of: Any = None
    steps: Any = None


class With(Node, frozen=True):
    """``with X`` / ``without X`` (``negated``): keep objects that have ``what`` (a keyword, a
    selector of objects they carry or that stand on them, a stat)."""

    what: Any
    negated: bool = False


class Stat(Node, frozen=True):
    """A comparison on a characteristic: ``stat`` (power, cost, life, damage) ``cmp`` (``<=``, ``>=``,
    ``=``) ``value`` (``with 3 or more power`` → ``Stat("power", ">=", 3)``; ``that costs (1) or less``
    → ``Stat("cost", "<=", "(1)")``)."""

    stat: str
    cmp: str
    value: Any
    #: "with a combined mana cost of X or less": a test of the objects picked together (their stat
    #: summed), not of each one
    combined: bool = False


class Of(Node, frozen=True):
    """``of X`` after a noun: the part, owner or whole the noun belongs to (``the surface of target
    site``, ``the top of your spellbook``, ``an opponent's choice``, ``the Genesis of a nearby River``)."""

    what: Any


class Relative(Node, frozen=True):
    """A relative clause restricting a selector: keep objects for which ``clause`` holds, the object
    standing in the clause as ``Ref("which")`` (``sites you control`` → ``Control(agent=you,
    patient=which)``; ``a minion that died this turn`` → ``Die(patient=which)`` with tense past)."""

    clause: Any


class Aside(Node, frozen=True):
    """A parenthetical after a noun: what the noun takes in (``royalty (King, Queen, or Prince)``)."""

    what: Any


class Selector(Node, frozen=True):
    """A set of game objects, players, zones or places.

    ``noun``: what kind (``minion``, ``site``, ``unit``, ``card``, ``spell``, ``location``, ``player``,
    ``hand``, ``spellbook``..., a subtype ``Beast``, a card or token name). ``det``: how many and which:
    ``a`` (one, chosen), ``target`` (one, chosen and targeted), ``each``/``all`` (every match),
    ``another`` (one other than this), ``any``, ``no`` (none), ``the``/``this``/``that``/``those``
    (the one the context names), ``your``/``their``/``its``/``his``/``her`` (owned or controlled by),
    a :class:`Possessive`, or None (a bare plural: every match). ``count``: a number (``three
    spells``), with ``quant`` ``up_to`` (at most), ``one_to`` ("one or two": one up to ``count``), ``any_number`` or ``at_least``. ``mods``: adjectives
    in written order (``other``, ``allied``, ``enemy``, ``tapped``, ``random``, ``dead``, an element,
    a subtype, a rarity, a keyword, ``non-X``). ``filters``: place relations and post-modifiers in
    written order (:class:`Where`, :class:`With`, :class:`Stat`, :class:`Of`, :class:`Relative`).
    ``plural``: the noun was written plural; with ``the``/a possessive/no determiner it selects every
    match (``your minions``), singular the one the context names (``your Avatar``, ``bearer``)."""

    noun: str
    det: Any = None
    count: Any = None
    quant: str | None = None
    mods: tuple[str, ...] = ()
    filters: tuple[Any, ...] = ()
    plural: bool = False


class Possessive(Node, frozen=True):
    """A possessive determiner (``the caster's``, ``SELF's``, ``an opponent's``): the engine resolves
    ``owner`` first and selects what it owns, controls or occupies that the selector names."""

    owner: Any


class Ref(Node, frozen=True):
    """A reference resolved from context: ``SELF`` (this card), ``you`` (its controller), a pronoun
    (``it, they, he, she, itself, themselves, himself, herself``: the object the previous clause,
    trigger or sentence named; reflexives: the clause's own agent), ``which`` (the object a
    :class:`Relative` restricts), ``each`` (each of the objects a ``for each`` names), ``none``,
    ``everyone``/``anyone``/``everything``/``anything`` (every player / every object)."""

    word: str
    filters: tuple[Any, ...] = ()


class Partitive(Node, frozen=True):
    """``each of those spells``, ``one of them``: ``count`` (a number, ``each``, ``all``, ``any``) of
    the set ``of``."""

    count: Any
    of: Any


class Only(Node, frozen=True):
    """``they alone``: the set ``of`` and nothing else in its role (a focus word floating after a
    pronoun subject, what ``only they`` means)."""

    of: Any


class Group(Node, frozen=True):
    """A coordinated list: ``and`` (every item), ``or`` (one item, the chooser picks), ``and/or``,
    ``then`` (every item, in order: ``3, then 2, then 1 damage``). Items are nodes or numbers (the ways
    offered as a choice are named like nouns: ``choose up or down``).
    Shared words are distributed before grouping (see :mod:`codex.cardtext.meaning`): ``all auras and
    artifacts at X`` is ``Group([all aura at X, all artifact at X], and)``."""

    items: tuple[Any, ...]
    conj: str = "and"


class Quantity(Node, frozen=True):
    """A computed amount: ``kind`` ``power`` (of ``of``), ``cost`` (mana cost of ``of``), ``count``
    (the number of objects ``of`` selects), ``life``, ``damage`` (damage dealt or taken), ``sum``,
    ``difference``, ``half``, ``double``, ``that_much`` (the amount of the event a trigger heard: "Whenever
    you gain life, deal that much damage ..."); ``of`` the object or set it is computed from."""

    kind: str
    of: Any = None


class Mana(Node, frozen=True):
    """Mana or threshold symbols as written, in order: ``("(A)", "(1)")``; ``extra``: written as more
    of it than there is (``an additional (A)``, ``an extra (1)``)."""

    symbols: tuple[str, ...]
    extra: bool = False


# =========================================================================== keywords and grants


class Keyword(Node, frozen=True):
    """A keyword ability. ``name`` is lower-case (airborne, burrowing, submerge, voidwalk, stealth,
    charge, lethal, immobile, waterbound, landbound, lance, ward, movement, ranged, spellcaster...);
    ``value`` is the bonus for ``movement`` (+N steps) and ``ranged`` (range N, None = 1), the element
    (or ``non-fire``-style restriction) for ``spellcaster``."""

    name: str
    value: int | str | None = None


class PowerMod(Node, frozen=True):
    """Adds ``amount`` to power (negative lowers it): a number (``+1 power``), or an amount computed when
    the grant is made (``gains power equal to the number of allies here``, ``gains its power``: a
    :class:`Quantity`, or the selector of an element's threshold, as ``Damage.amount`` takes)."""

    amount: Any


class RangeMod(Node, frozen=True):
    """Adds ``amount`` to the range of Ranged."""

    amount: int


class GrantedAbility(Node, frozen=True):
    """A quoted ability granted to another object (``Bearer has "Tap → ..."``): ``abilities`` are its
    abilities, parsed like any card text."""

    abilities: tuple[Any, ...]


# =========================================================================== time


class Turn(Node, frozen=True):
    """A turn: ``whose`` (``your``, ``their``, ``each``, ``each_player``, ``opponent``, ``enemy``,
    ``the`` = the current turn, ``possessed`` = ``owner``'s: ``its controller's next turn``) and
    ``which`` (``next``, ``this``, ``last``, or None = every such turn)."""

    whose: str | None = None
    which: str | None = None
    owner: Any = None


class Duration(Node, frozen=True):
    """How long an effect lasts. ``kind``: ``this_turn``; ``until`` (``turn`` = until that turn starts,
    with ``phase`` = until that phase of it; or ``event`` = until that :class:`Clause` happens);
    ``during`` (only in ``turn``s; with ``event``: the turn that event happens in, ``on the turn it
    enters the realm``); ``for`` (``count`` of ``turn``s); ``permanently``."""

    kind: str
    turn: Turn | None = None
    phase: str | None = None
    event: Any = None
    count: Any = None


class Limit(Node, frozen=True):
    """How often an ability may be used: ``count`` times per ``turn`` (``Once on your turn`` →
    ``Limit(1, Turn("your"))``; ``once per turn`` → ``Limit(1, Turn("each"))``)."""

    count: int
    turn: Turn | None = None
    #: written "up to three times each turn": the same limit (a limit is an at most), the words kept
    up_to: bool = False


class Trigger(Node, frozen=True):
    """When a triggered ability fires. ``kind``: ``when``/``whenever`` (each time ``event`` happens; a
    :class:`Group` ``and`` of clauses: when all of them happen, ``attacks and kills an enemy``),
    ``after``/``immediately_after`` (right after ``event`` resolves), ``at`` (``phase`` ``start``,
    ``end`` or ``start_and_end`` of each ``turn``), ``first_time``/``next_time`` (only the first/next
    ``event``, per ``scope``: ``Turn("each")`` each turn, ``Turn("this")`` this turn, None ever),
    ``after_turn`` (after each ``turn`` ends). ``event`` is a :class:`Clause` built like any effect
    (``When a unit kills SELF`` → ``Remove(kind=kill, agent=a unit, patient=SELF)``)."""

    kind: str
    event: Any = None
    phase: str | None = None
    turn: Turn | None = None
    scope: Turn | None = None


class Condition(Node, frozen=True):
    """A guard. ``kind``: ``if``, ``unless``, ``while`` (holds continuously), ``when`` (at the moment
    ``clause`` happens), ``as_if`` (treat ``clause`` as true), ``if_able``, ``if_needed``, ``if_did``
    (``If you do``: only if the previous optional clause was done). ``clause`` is a :class:`Clause`;
    a state reads as a primitive in its present form (``if it is a minion`` → ``IsA``)."""

    kind: str
    clause: Any = None


# =========================================================================== effect primitives
# Each primitive is one game operation; its fields are roles (see the module docstring). The verb →
# primitive table is data: ``grammar/lexicon.yaml`` (``verbs:`` → ``primitive``).


class Damage(Node, frozen=True):
    """``agent`` deals ``amount`` damage (an int, ``X``, ``lethal``, a :class:`Quantity`, or None = the
    area of effect decides) to each object of ``patient``. ``kind``: None, ``strike``, an element.
    ``divided``: the amount is split among the objects of ``patient`` (``5 damage divided as you choose
    among any number of target minions``), not dealt to each."""

    amount: Any = None
    patient: Any = None
    agent: Any = None
    kind: str | None = None
    divided: bool = False


class ModifyDamage(Node, frozen=True):
    """Static: damage ``patient`` takes (from ``source``), or that ``agent`` deals, is changed:
    ``change`` ``less`` (by ``amount``), ``none`` (prevented), ``double``, ``lethal``, ``set`` (to
    ``amount``). ``kind``: which damage (None: all; ``strike``, an element), as in :class:`Damage`:
    "takes double strike damage" changes strike damage only."""

    change: str
    patient: Any = None
    agent: Any = None
    amount: Any = None
    source: Any = None
    kind: str | None = None


class Heal(Node, frozen=True):
    """``patient`` heals ``amount`` (None = fully, or by the damage an ``agent`` dealt; ``source``: heals
    from that damage)."""

    patient: Any = None
    amount: Any = None
    agent: Any = None
    source: Any = None


class GainLife(Node, frozen=True):
    """``agent`` (a player) gains ``amount`` life."""

    amount: Any = None
    agent: Any = None


class LoseLife(Node, frozen=True):
    """``agent`` loses ``amount`` life (not damage: nothing prevents it)."""

    amount: Any = None
    agent: Any = None


class GainMana(Node, frozen=True):
    """``agent`` gains ``mana`` (a :class:`Mana`, or a :class:`Group` ``or`` of them: one of)."""

    mana: Any
    agent: Any = None


class Provide(Node, frozen=True):
    """A site or unit (``agent``) provides ``patient`` (a :class:`Mana`, or a selector of ``mana``
    and/or ``threshold``, ``det=no`` for none) to ``recipient`` (default its controller)."""

    patient: Any
    agent: Any = None
    recipient: Any = None


class Draw(Node, frozen=True):
    """``agent`` (default you) draws the cards ``patient`` selects (det/count give the number; noun
    spell, site or card gives the deck)."""

    patient: Any = None
    agent: Any = None
    source: Any = None


class Discard(Node, frozen=True):
    """``agent`` discards ``patient``."""

    patient: Any = None
    agent: Any = None


class Look(Node, frozen=True):
    """``agent`` looks at (``reveal``: shows every player) the hidden cards ``patient`` (from the zone
    ``source``)."""

    patient: Any = None
    agent: Any = None
    reveal: bool = False
    source: Any = None


class Search(Node, frozen=True):
    """``agent`` searches the zones ``source`` for ``patient``; the next clauses say where it goes."""

    source: Any = None
    patient: Any = None
    agent: Any = None


class Shuffle(Node, frozen=True):
    """``agent`` shuffles ``patient`` (a deck; default the deck last searched), or shuffles the cards
    ``patient`` into the deck ``dest``."""

    patient: Any = None
    dest: Any = None
    agent: Any = None


class Put(Node, frozen=True):
    """Moves cards between zones and positions (put, return, place): ``patient`` goes to ``dest`` (a
    zone like ``its owner's hand``, or ``the bottom of your spellbook``) from ``source``."""

    patient: Any = None
    dest: Any = None
    source: Any = None
    agent: Any = None


class Summon(Node, frozen=True):
    """``agent`` summons ``patient`` (a minion or token, from the zone ``source``) to ``dest``."""

    patient: Any = None
    dest: Any = None
    source: Any = None
    agent: Any = None


class Cast(Node, frozen=True):
    """``agent`` casts ``patient`` (following the casting rules) to ``dest`` from ``source``; with no
    ``patient`` in a statement about this card: this card may be cast so."""

    patient: Any = None
    dest: Any = None
    source: Any = None
    agent: Any = None


class Play(Node, frozen=True):
    """``agent`` plays the site ``patient`` to ``dest`` (from the zone ``source``: ``play a site from
    your cemetery``; None: from hand, as the rules play sites). ``replace``: the words replace the
    site ``dest`` names with ``patient`` ("replace an adjacent Rubble with the top site of your
    atlas"): the new site is played to that site's square, which it takes."""

    patient: Any = None
    dest: Any = None
    agent: Any = None
    source: Any = None
    replace: bool = False


class Conjure(Node, frozen=True):
    """``agent`` conjures ``patient`` (puts it into play without casting) at ``dest`` (from the zone
    ``source``: ``conjure an artifact from your cemetery``)."""

    patient: Any = None
    dest: Any = None
    agent: Any = None
    source: Any = None


class Move(Node, frozen=True):
    """``patient`` moves (``kind``: ``move`` walks and may be intercepted, ``teleport`` has no path,
    ``push``/``pull``/``drag``/``throw`` are forced by ``agent``, ``fly``, ``step`` takes steps) to
    ``dest``, ``steps`` steps (at most, with ``up_to``), in ``direction``; ``instrument``: what it moves
    as (``throw X as a piercing projectile``: it flies as a projectile does; the engine does not execute
    that yet and says so). ``voice``: ``passive`` when a verb whose subject is its mover was written in
    the passive (``can't be moved``: something else moves it) and None when written active (``can't
    move``: it may not move itself). The two are different restrictions (Codex "Forced Movement": "If
    they aren't taking their own step, then it's forced movement!"), so the voice is kept."""

    patient: Any = None
    dest: Any = None
    kind: str = "move"
    steps: Any = None
    up_to: bool = False
    agent: Any = None
    source: Any = None
    direction: Any = None
    path: Any = None
    instrument: Any = None
    voice: str | None = None


class Relocate(Node, frozen=True):
    """``patient`` changes region: ``kind`` ``submerge``, ``burrow``, ``surface``, ``unburrow``."""

    kind: str
    patient: Any = None
    agent: Any = None


class Remove(Node, frozen=True):
    """``patient`` leaves the realm. ``kind``: ``destroy`` (to the cemetery), ``kill`` (minions die),
    ``banish`` (out of the game), ``sacrifice`` (its controller destroys it; cannot be prevented),
    ``dispel`` (auras), ``break`` (artifacts). ``agent`` did it (kill credit)."""

    kind: str
    patient: Any = None
    agent: Any = None


class Die(Node, frozen=True):
    """``patient`` dies (from ``source``: ``dies from damage taken this way``)."""

    patient: Any = None
    source: Any = None


class Tap(Node, frozen=True):
    """Tap ``patient`` (``untap``: untap it)."""

    patient: Any = None
    untap: bool = False
    agent: Any = None


class Grant(Node, frozen=True):
    """``patient`` has ``grants`` (keywords, power and range mods, quoted abilities) for the clause's
    duration (static: while the source applies; an effect with no duration: permanently). ``have``,
    ``gain``, ``give`` and ``get`` all map here."""

    grants: tuple[Any, ...]
    patient: Any = None
    agent: Any = None


class LoseGrant(Node, frozen=True):
    """``patient`` loses ``grants`` (keywords), or the abilities ``abilities`` selects."""

    grants: tuple[Any, ...] = ()
    patient: Any = None
    abilities: Any = None


class SetState(Node, frozen=True):
    """``patient`` is put in (static: is in) ``state``: ``silenced`` (loses its abilities), ``disabled``
    (can't move, strike or use abilities), ``flooded`` (is a water site), ``asleep`` (disabled until
    it takes damage)."""

    state: str
    patient: Any = None
    agent: Any = None


class IsA(Node, frozen=True):
    """Static: ``patient`` is (also) ``type`` (a type, subtype or kind of site, e.g. ``water site``);
    ``become`` has the same meaning."""

    type: Any
    patient: Any = None


class Located(Node, frozen=True):
    """``patient`` is at the place ``where`` (a :class:`Where`) — a condition or a static."""

    where: Any
    patient: Any = None


class Transform(Node, frozen=True):
    """``patient`` becomes a copy of ``into`` (keeping its position)."""

    patient: Any = None
    into: Any = None


class Animate(Node, frozen=True):
    """``agent`` (default you) animates ``patient``: gives the card the minion type for the effect's
    duration, in addition to its other types (Codex "Animate")."""

    patient: Any = None
    agent: Any = None


class GainControl(Node, frozen=True):
    """``agent`` (default you) gains control of ``patient``."""

    patient: Any = None
    agent: Any = None


class Control(Node, frozen=True):
    """``agent`` controls ``patient`` (a static, or a condition)."""

    patient: Any = None
    agent: Any = None


class Strike(Node, frozen=True):
    """``agent`` strikes ``patient`` (deals damage equal to its power); ``source``: the location it
    strikes from (``perform a ranged strike from any location along its path``); ``kind``: the kind of
    strike performed (``ranged``)."""

    agent: Any = None
    patient: Any = None
    source: Any = None
    kind: str | None = None


class Attack(Node, frozen=True):
    """``agent`` attacks ``patient``."""

    agent: Any = None
    patient: Any = None


class Defend(Node, frozen=True):
    """``agent`` defends ``patient`` (a site or unit)."""

    agent: Any = None
    patient: Any = None


class Intercept(Node, frozen=True):
    """``agent`` intercepts ``patient``."""

    agent: Any = None
    patient: Any = None


class Fight(Node, frozen=True):
    """``agent`` and ``patient`` fight (strike each other)."""

    agent: Any = None
    patient: Any = None


class Shoot(Node, frozen=True):
    """``agent`` shoots ``count`` projectiles (``piercing``: they pass through units) in ``direction``;
    the next clauses (``It deals N damage``, ``If it hits a unit``) say what each does."""

    count: Any = 1
    piercing: bool = False
    agent: Any = None
    direction: Any = None


class Choose(Node, frozen=True):
    """``agent`` chooses ``patient`` (``kind`` ``choose``), names a card (``name``), or targets
    ``patient`` (``target``); later clauses refer to the choice. ``action``: a choice to do something
    (``each minion a player chooses to move``: the clause, done by the chooser)."""

    patient: Any = None
    agent: Any = None
    kind: str = "choose"
    action: Any = None


class Prevent(Node, frozen=True):
    """Prevent ``patient`` (damage about to be dealt)."""

    patient: Any = None


class CostChange(Node, frozen=True):
    """Static: ``patient`` (spells, minions) costs ``amount`` ``direction`` (``more``/``less``; the
    adverb written after the amount), or ``direction`` ``nothing`` with no amount (``costs nothing``:
    no mana to cast it)."""

    amount: Any = None
    direction: str | None = None
    patient: Any = None


class NoThreshold(Node, frozen=True):
    """``patient`` (a spell) requires no threshold to cast."""

    patient: Any = None


class Include(Node, frozen=True):
    """Deck building: ``patient`` (a spellbook or atlas) may include ``recipient`` cards beyond the
    copy limits."""

    patient: Any = None
    recipient: Any = None


class Lasts(Node, frozen=True):
    """An aura lasts ``count`` of ``turn``s, then is dispelled."""

    count: Any
    turn: Turn | None = None


class Carry(Node, frozen=True):
    """``agent`` carries (picks up) ``patient``; with ``dest``, carries it there (the carrier moves)."""

    agent: Any = None
    patient: Any = None
    dest: Any = None


class Drop(Node, frozen=True):
    """``agent`` drops ``patient`` (artifacts it carries)."""

    agent: Any = None
    patient: Any = None


class Enter(Node, frozen=True):
    """``patient`` enters ``dest`` (a place or zone; ``the realm`` when it comes into play)."""

    patient: Any = None
    dest: Any = None
    source: Any = None


class Leave(Node, frozen=True):
    """``patient`` leaves ``source`` (``the realm``, a site)."""

    patient: Any = None
    source: Any = None


class Occupy(Node, frozen=True):
    """``agent`` occupies ``patient`` (a location)."""

    agent: Any = None
    patient: Any = None


class Traverse(Node, frozen=True):
    """``agent`` passes through or over ``patient`` (a border, wall or void)."""

    agent: Any = None
    patient: Any = None


class Immune(Node, frozen=True):
    """``patient`` is immune to ``what`` (damage, a keyword such as Lethal): the engine ignores it."""

    patient: Any = None
    what: Any = None


class Hit(Node, frozen=True):
    """``agent`` (a projectile) hits ``patient`` (the first unit in its way)."""

    agent: Any = None
    patient: Any = None


class Own(Node, frozen=True):
    """``agent`` owns ``patient`` (a condition or a relative: ``a site you own``)."""

    agent: Any = None
    patient: Any = None


class Exists(Node, frozen=True):
    """There is (are) ``patient``."""

    patient: Any = None


class DoSo(Node, frozen=True):
    """``agent`` does the action the context names (``you do``, ``may do so``)."""

    agent: Any = None


class Win(Node, frozen=True):
    """``agent`` wins the game."""

    agent: Any = None


class Skip(Node, frozen=True):
    """``agent`` skips ``patient`` (a turn or phase)."""

    agent: Any = None
    patient: Any = None


class Force(Node, frozen=True):
    """``agent`` forces ``patient`` to do ``action`` (a :class:`Clause` whose agent is ``patient``)."""

    patient: Any = None
    action: Any = None
    agent: Any = None


class Compare(Node, frozen=True):
    """``agent`` has (``verb`` have) or controls (``control``) ``cmp`` (more, less, fewer) ``patient``
    than ``than`` has: the engine counts both sides."""

    cmp: str
    patient: Any = None
    than: Any = None
    agent: Any = None
    verb: str = "have"


class Pay(Node, frozen=True):
    """``agent`` pays ``patient`` (mana like ``(1)``, an amount of life, or a cost): with a purpose
    (``pay (1) to summon ...``) the purpose runs only if it was paid."""

    patient: Any = None
    agent: Any = None


class Reactivate(Node, frozen=True):
    """``agent`` uses the ability ``patient`` names again (``trigger the Genesis of X``)."""

    patient: Any = None
    agent: Any = None


class Swap(Node, frozen=True):
    """``agent`` exchanges ``patient`` with ``instrument`` (positions, places, life totals, cards)."""

    patient: Any = None
    instrument: Any = None
    agent: Any = None


class ChangeAmount(Node, frozen=True):
    """An amount changed by a rule: ``patient`` is the amount (a stat of an object, ``the base power of
    target unit``, ``all healing``, ``strike damage caused by nearby units``); ``how`` is ``double``,
    ``halve``, ``set`` (to ``amount``), ``reduce_to`` (at most ``amount``), ``reduce_by`` (``amount``
    less) or ``limit_to`` (``amount``)."""

    how: str
    patient: Any = None
    amount: Any = None
    agent: Any = None


class Stop(Node, frozen=True):
    """``patient`` ends its movement (at ``dest``)."""

    patient: Any = None
    dest: Any = None


class Action(Node, frozen=True):
    """A verb with no typed primitive yet: ``lemma`` and its named ``roles`` (``(("agent", X),
    ("patient", Y), ("dest", Z))``, in the frame's order). Parsed, **not executable**: coverage counts
    a card holding one as parsed but not mapped; the engine logs it and never guesses."""

    lemma: str
    roles: tuple[tuple[str, Any], ...] = ()


# =========================================================================== clauses and abilities


class Adjunct(Node, frozen=True):
    """A prepositional phrase no role or selector takes (``in any order``, ``on the ground``): ``prep``
    and its object, kept so nothing written is lost."""

    prep: str
    what: Any = None


class Clause(Node, frozen=True):
    """One effect: ``action`` (a primitive; a :class:`Group` of primitives when verbs are joined under one
    modal: ``can't be attacked or intercepted``) with its modality and scope.

    ``modal``: ``may`` (optional), ``must`` (forced), ``can`` (permission), ``may only``/``can only``
    (restriction to this action), ``would`` (replacement: about to happen); ``negated`` with ``can`` is
    ``can't``, alone ``doesn't``/``isn't``. ``tense``: ``past`` (it happened: ``died this turn``,
    ``you've cast``) or None. ``conditions``/``duration``/``per``/``adverbs``/``adjuncts`` are the
    phrases written after the verb (``per``: once for each object ``per`` selects). ``purpose``: a
    :class:`Clause` done by means of this one (``pay (1) to summon ...``; ``to evade the attack``).
    ``instead``: replaces the event the sentence's condition names. ``scope``: the time window of a
    past or repeated event (``if you cast a spell this turn`` → ``Turn(which="this")``; ``each turn``).
    ``voice``: ``passive`` for a participle with no subject (``If cast``, ``when played``: done to the
    object the context names, usually this card)."""

    action: Any
    modal: str | None = None
    negated: bool = False
    tense: str | None = None
    conditions: tuple[Condition, ...] = ()
    duration: Duration | None = None
    per: Any = None
    purpose: Any = None
    adverbs: tuple[str, ...] = ()
    adjuncts: tuple[Adjunct, ...] = ()
    instead: bool = False
    scope: Turn | None = None
    voice: str | None = None
    #: the subject was written as this pronoun ("It") opening its sentence and is read as the previous
    #: sentence's subject, the card itself (`meaning.it_as_previous_subject`); the engine names the
    #: other reading, the previous sentence's object, when it is live and differs
    pronoun: str | None = None


class Sentence(Node, frozen=True):
    """Clauses in order; ``links[i]`` joins clause i and i+1: ``and``, ``then`` (after the previous
    resolves) or ``or`` (the controller picks one). Phrases written before the first clause scope the
    whole sentence: ``conditions`` (``If you do,``), ``duration`` (``This turn,``), ``per`` (``For each
    X,``), ``limit`` (``Once on your turn,``), ``adverbs``/``adjuncts``. ``delay``: a time written inside
    an effect (fronted ``At the end of this turn, ...``, ``When your next turn begins, ...``, or after
    its only clause, ``... at the start of your next turn``): the sentence does not happen as the effect
    resolves but once, at that time (a delayed triggered ability the effect leaves behind, a
    :class:`Trigger` of kind ``at``)."""

    clauses: tuple[Clause, ...]
    links: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()
    duration: Duration | None = None
    per: Any = None
    limit: Limit | None = None
    adverbs: tuple[str, ...] = ()
    adjuncts: tuple[Adjunct, ...] = ()
    span: Span | None = None
    delay: Trigger | None = None


class Cost(Node, frozen=True):
    """Part of an activation cost: ``kind`` ``tap`` (tap ``arg``, default this card), ``mana`` (``arg``
    a :class:`Mana`), ``sacrifice``, ``discard``, ``banish``, ``reveal`` (``arg`` the selector; reveal
    from hand: this card), ``life`` (``arg`` amount), ``lose`` (lose the grant ``arg``), or ``action``
    (``arg`` an :class:`Action`: a cost verb with no typed meaning yet, not executable)."""

    kind: str
    arg: Any = None


class KeywordLine(Node, frozen=True):
    """A line of keyword abilities (:class:`Keyword`); a bare statement may stand among them
    (``Charge, Can't attack sites``: a :class:`Clause` item about this card)."""

    items: tuple[Any, ...]
    span: Span | None = None


class Activated(Node, frozen=True):
    """``costs → body``: the controller may pay the costs (any time they could act) to run the body
    (its sentences in order). ``threshold``: mana symbols written before the ability (``(A)(A)(A) —``):
    it works only while its controller has that threshold."""

    costs: tuple[Cost, ...]
    body: tuple[Sentence, ...]
    threshold: tuple[str, ...] = ()
    span: Span | None = None


class Genesis(Node, frozen=True):
    """Runs the body when the card enters the realm (``deathrite``: ``Genesis & Deathrite``, also when
    it dies)."""

    body: tuple[Sentence, ...]
    deathrite: bool = False
    threshold: tuple[str, ...] = ()
    span: Span | None = None


class Deathrite(Node, frozen=True):
    """Runs the body when the card dies (goes from the realm to the cemetery)."""

    body: tuple[Sentence, ...]
    threshold: tuple[str, ...] = ()
    span: Span | None = None


class Triggered(Node, frozen=True):
    """Runs ``body`` (its sentences in order) each time ``trigger`` fires. A statement of a repeated
    effect at a time (``Untaps at the end of your turn``) is a triggered ability too."""

    trigger: Trigger
    body: tuple[Sentence, ...]
    threshold: tuple[str, ...] = ()
    span: Span | None = None


class Statement(Node, frozen=True):
    """Sentences without trigger or cost: a spell's effect when cast, or a static ability while the
    card is in play (a static's clauses are states: Grant, SetState, ModifyDamage, can't...). Sentences
    after the first attach to it until the next ability marker (a trigger word, an arrow, a keyword
    line, a new line)."""

    body: tuple[Sentence, ...]
    threshold: tuple[str, ...] = ()
    span: Span | None = None


class Unparsed(Node, frozen=True):
    """A sentence the grammar could not parse: kept so the rest of the card still works. ``span`` =
    (start, end) offsets in the normalised text; ``reason`` says where and why it failed."""

    text: str
    span: tuple[int, int]
    reason: str


Ability = Union[KeywordLine, Activated, Genesis, Deathrite, Triggered, Statement, Unparsed]
ABILITY_TYPES = (KeywordLine, Activated, Genesis, Deathrite, Triggered, Statement, Unparsed)


class CardText(Node, frozen=True):
    """A parsed card text: ``lines`` of abilities (one tuple per normalised line); ``overridden``: the
    AST comes from the per-card overrides file (``grammar/overrides.yaml``), not from the grammar."""

    name: str | None
    lines: tuple[tuple[Any, ...], ...]
    errata: bool = False
    overridden: bool = False

    @property
    def abilities(self) -> list[Any]:
        return [a for line in self.lines for a in line]

    @property
    def unparsed(self) -> list[Unparsed]:
        return [a for a in self.abilities if isinstance(a, Unparsed)]

    @property
    def fully_parsed(self) -> bool:
        return not self.unparsed


def is_manner(node: Any) -> bool:
    """Whether a ``by`` phrase's noun may name a manner, not an agent: a bare singular noun (no
    determiner, count, modifier, filter or plural: ``by force``, ``by magic``). The meaning rules make it a
    manner when the noun is abstract (``by force`` belongs to the verb it follows alone, where ``by
    spells`` or ``by magic`` names who acts and is shared by a list of verbs); the printer writes such an
    agent after a passive verb (``can't be moved by force``), where it reads the same either way."""
    return isinstance(node, Selector) and node.det is None and node.count is None and node.quant is None \
        and not node.mods and not node.filters and not node.plural


def walk(node: Any) -> Iterator[Any]:
    """Every node under ``node`` (itself included), depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            stack.extend(getattr(n, f) for f in reversed(n.__struct_fields__))
        elif isinstance(n, (tuple, list)):
            stack.extend(reversed(n))


def transform(node: Any, fn: Any) -> Any:
    """``node`` rebuilt bottom-up with ``fn`` applied to every node (``fn`` returns the node to keep)."""
    if isinstance(node, Node):
        changed = {}
        for name in node.__struct_fields__:
            value = getattr(node, name)
            new = transform(value, fn)
            if new is not value:
                changed[name] = new
        return fn(replace(node, **changed) if changed else node)
    if isinstance(node, tuple) and not isinstance(node, Span):
        items = tuple(transform(x, fn) for x in node)
        return node if all(a is b for a, b in zip(items, node)) else items
    return node


def is_mapped(node: Any) -> bool:
    """True when nothing under ``node`` is a generic :class:`Action` or an unparsed sentence: every
    effect is a typed primitive the engine can execute."""
    return not any(isinstance(n, (Action, Unparsed)) for n in walk(node))


def to_json(node: Any) -> Any:
    """JSON-ready form of an AST: nodes become ``{"type": ClassName, field: ...}``; a span becomes
    ``[start, end]``."""
    if isinstance(node, Node):
        out: dict[str, Any] = {"type": type(node).__name__}
        for name in node.__struct_fields__:
            out[name] = to_json(getattr(node, name))
        return out
    if isinstance(node, (tuple, list)):
        return [to_json(x) for x in node]
    return node
