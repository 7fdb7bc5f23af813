"""Game state as frozen dataclasses; every transition returns a new state.

Only facts live here. What those facts mean under ongoing effects (a silenced unit's
keywords, a flooded site's water) is computed in `ongoing.py`, the place static abilities
grow into layers. The storyline (effects waiting to resolve) is part of the state, as the
Codex treats it: `storyline.py` holds its rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable, Literal, NamedTuple, Union

from codex.engine.abilities import Abilities, Ability
from codex.engine.geometry import Location, Region
from codex.engine.keywords import ELEMENTS, Keywords

if TYPE_CHECKING:
    from codex.engine.cards import CardData
    from codex.engine.effects.statics import Static
    from codex.engine.events import Event

UnitKind = Literal["avatar", "minion"]

#: Card types (Codex "Card Type"), plus "spell" for a spell whose type the scenario did not say.
CardType = Literal["avatar", "minion", "artifact", "aura", "magic", "site", "spell"]
SPELL_TYPES = frozenset({"minion", "artifact", "aura", "magic", "spell"})
#: A player's zones (Codex "Zone"); the banished area is kept beside them (Codex "Banished").
ZoneName = Literal["hand", "spellbook", "atlas", "cemetery", "banished"]
DECKS: tuple[ZoneName, ...] = ("spellbook", "atlas")


@dataclass(frozen=True)
class Affinity:
    """Elemental affinity (or threshold) by element."""

    air: int = 0
    earth: int = 0
    fire: int = 0
    water: int = 0

    @classmethod
    def of(cls, counts: dict[str, int]) -> "Affinity":
        return cls(**{e: int(counts.get(e, 0)) for e in ELEMENTS})

    def __add__(self, other: "Affinity") -> "Affinity":
        return Affinity(*(getattr(self, e) + getattr(other, e) for e in ELEMENTS))

    def as_dict(self) -> dict[str, int]:
        return {e: getattr(self, e) for e in ELEMENTS}

    def elements(self) -> set[str]:
        return {e for e in ELEMENTS if getattr(self, e) > 0}

    def covers(self, need: "Affinity") -> list[str]:
        """Elements where this affinity falls short of `need` (empty when it covers it)."""
        return [e for e in ELEMENTS if getattr(self, e) < getattr(need, e)]


@dataclass(frozen=True)
class Site:
    """A site on a square. Water or land follows from its water affinity (or Flooded)."""

    square: int
    name: str = "Site"
    controller: str | None = None
    owner: str | None = None
    affinity: Affinity = Affinity()
    rubble: bool = False
    flooded: bool = False
    text: str = ""
    ward: bool = False                   # a Ward (rulebook glossary "Ward"): breaks instead of harm
    flood_ends: bool = False             # flooded by an effect that lasts this turn only
    flood_again: str | None = None       # flooded "until you do so again": the ability (its choice key) whose next flood ends it
    abilities: Abilities = Abilities()   # what its card text says, typed
    subtypes: tuple[str, ...] = ()       # Desert, River... (from its card)
    #: who controls it apart from static abilities (None: ``controller``), kept while a static
    #: ability's control stands ("Bearer has 'You control this site'"), as for units
    #: (`effects/static_control.py`)
    base_controller: str | None = None
    #: the static control effects (their keys) older than the last effect that changed its control
    control_newer_than: tuple[str, ...] = ()
    #: tapped, as any card in the realm may be (Codex "Tap": "Cards in the realm can be tapped as a
    #: cost"): a site tapped to pay for its ability ("Tap this site → ...") untaps in its
    #: controller's start phase (Codex "Untap")
    tapped: bool = False


@dataclass(frozen=True)
class Unit:
    """An avatar or minion in the realm."""

    id: str
    name: str
    controller: str
    owner: str
    kind: UnitKind
    location: Location
    attack: int
    defense: int
    damage: int = 0
    tapped: bool = False
    summoned_this_turn: bool = False
    keywords: Keywords = Keywords()
    summoned_at: int | None = None       # the square of the site it was summoned to ("its summoning site")
    text: str = ""
    abilities: Abilities = Abilities()   # what its card text says, typed (keywords are in `keywords`)
    lethal_hit: bool = False             # took damage from a Lethal unit since the last check
    marked: str | None = None            # marked for death, and why (Codex "Die")
    killed_by: tuple[str, ...] = ()      # units credited with the kill when marked (Codex "Kill Credit")
    size: tuple[int, int] = (1, 1)       # rows x columns of squares it occupies (Codex "Oversized Units")
    carried_by: str | None = None        # the unit carrying it (Codex "Carrying Units")
    #: carried by an effect's words, not by a carrying ability ("... carries it disabled"): kept
    #: whatever abilities the carrier has (Codex "The Silver Rule"); "disabled": disabled while carried
    held: Literal["carried", "disabled"] | None = None
    interacted: bool = False             # it interacted with the realm this turn (Codex "Interact")
    used: frozenset[str] = frozenset()   # once-per-turn abilities used this turn ("pick_up", "drop")
    token: bool = False                  # a token: banished instead of leaving the realm (Codex "Token")
    subtypes: tuple[str, ...] = ()       # Mortal, Beast, Giant... (from its card)
    elements: tuple[str, ...] = ()       # air, earth, fire, water (from its card)
    cost: int | None = None              # its mana cost (from its card), when known
    rarity: str | None = None            # Ordinary, Exceptional, Elite, Unique (from its card)
    animates: str | None = None          # an animated card ("aura:<id>", "artifact:<id>"): Codex "Animate"
    minions_killed: int = 0              # minions it was credited with killing, ever ("if they've ever killed")
    #: what its own abilities last had a player choose ("Genesis → an opponent picks a site"), as
    #: effect objects: what "that site" means in its other abilities ("When X enters that site")
    chosen: tuple[Any, ...] = ()
    #: who controls it apart from static abilities (None: ``controller``), kept while a static
    #: ability's control stands so that control returns when it ends (`effects/static_control.py`)
    base_controller: str | None = None
    #: the static control effects (their keys) older than the last effect that changed its control:
    #: that effect applies after them in the control layer, so they no longer decide who controls it
    control_newer_than: tuple[str, ...] = ()

    @property
    def is_avatar(self) -> bool:
        return self.kind == "avatar"

    @property
    def is_minion(self) -> bool:
        return self.kind == "minion"

    @property
    def split(self) -> bool:
        return self.attack != self.defense

    @property
    def power(self) -> int:
        """'Power' for effects that need one number: the split-power average, rounded down."""
        return (self.attack + self.defense) // 2

    @property
    def oversized(self) -> bool:
        return self.size != (1, 1)

    def power_text(self) -> str:
        return f"{self.attack}/{self.defense}" if self.split else str(self.attack)


def unit_card(u: Unit) -> "CardData":
    """The printed facts of the card a unit is (for an effect that later finds it in a zone)."""
    from codex.engine.cards import CardData
    return CardData(u.name, u.kind, u.cost, attack=u.attack, defence=u.defense, subtypes=u.subtypes, text=u.text,
                    elements=u.elements, rarity=u.rarity)


@dataclass(frozen=True)
class Artifact:
    """An artifact in the realm: lying at a location, or carried by a unit (its ``bearer``).

    A carried artifact moves with its bearer and shares one of its locations (for an oversized
    bearer, the one it was carried at, kept relative to the bearer). A carriable artifact is
    controlled by its bearer's controller and by no one while it lies in the realm; a
    non-carriable one (a Monument) by whoever put it into the realm (Codex "Artifact")."""

    id: str
    name: str
    owner: str
    location: Location                   # where it lies (a carried one: where it was last seen)
    bearer: str | None = None
    offset: tuple[int, int] = (0, 0)     # a carried one: its (row, column) within the bearer's area
    carriable: bool = True
    token: bool = False                  # a token (a Lance) is banished when it would leave the realm
    controller: str | None = None        # a non-carriable artifact's controller
    cost: int = 0
    text: str = ""
    abilities: Abilities = Abilities()
    subtypes: tuple[str, ...] = ()       # Monument, Weapon, Relic... (from its card)
    animated_as: str | None = None       # the unit it is while animated (Codex "Animate")
    tapped: bool = False                 # tapped to pay a "Tap →" cost (rulebook "Tapping a Card")

    @property
    def is_lance(self) -> bool:
        return self.name.lower() == "lance"


@dataclass(frozen=True)
class Aura:
    """An aura on a 2x2 area (squares listed); it occupies the surface of sites and voids there.
    A wall (Codex "Traverse": it "sits atop a border of a site") has ``border`` instead: the two
    squares the border lies between, and no squares of its own (it covers no area)."""

    id: str
    name: str
    controller: str | None
    squares: tuple[int, ...]
    effects: tuple[str, ...] = ()        # "silence", "flood"
    text: str = ""
    abilities: Abilities = Abilities()   # what its card text says, typed
    turns: int = 0                       # its controller's turns that ended with it in the realm ("Lasts 3 of your turns")
    cost: int = 0                        # its mana cost (from its card)
    elements: tuple[str, ...] = ()       # air, earth, fire, water (from its card)
    animated_as: str | None = None       # the unit it is while animated: an aura minion (Codex "Animate")
    border: tuple[int, int] | None = None  # the border it sits atop (a wall), lower square first


class CastRecord(NamedTuple):
    """A spell cast this turn (`GameState.cast_this_turn`): who cast it, its name and type, the unit
    that cast it, its printed threshold (what "the sum of (F) on spells you've cast this turn"
    reads of a spell the catalog does not hold), and the ids of the artifacts the caster carried as
    it cast it ("for each magic they've cast this turn while holding this")."""

    player: str
    name: str
    type: str
    caster: str
    threshold: tuple[tuple[str, int], ...] = ()
    carried: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    """A card outside the realm (in a hand, a deck, a cemetery or the banished area), as far as
    the scenario names it. ``type`` None means the scenario did not say; a card's kind (spell or
    site) decides which deck it belongs to and what a hand's public counts show (Codex "Zone")."""

    name: str
    owner: str
    type: CardType | None = None
    token: bool = False
    id: str | None = None               # the unit id it had while in the realm
    #: its printed facts when known (a catalog card, or the card a unit was in the realm), for effects
    #: that look at it or put it into the realm; not part of its identity
    data: "CardData | None" = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> Literal["spell", "site"] | None:
        if self.type == "site":
            return "site"
        return "spell" if self.type in SPELL_TYPES else None


@dataclass(frozen=True)
class Zone:
    """The cards of one player's zone: the named ones in order, and how many more are unnamed.

    A deck's named ``cards`` are its top (first = topmost), then come its unnamed cards, then
    ``bottom`` (named cards put on the bottom, last = bottommost). A count of None means the
    scenario did not say how many there are: the zone is not tracked, so drawing from such a deck
    never finds it empty, and a hand or cemetery shows only the cards that entered it."""

    cards: tuple[Card, ...] = ()
    spells: int | None = 0              # unnamed spells
    sites: int | None = 0               # unnamed sites
    bottom: tuple[Card, ...] = ()

    @property
    def tracked(self) -> bool:
        return self.spells is not None and self.sites is not None

    @property
    def named(self) -> tuple[Card, ...]:
        return self.cards + self.bottom

    @property
    def size(self) -> int | None:
        if not self.tracked:
            return None
        return len(self.cards) + len(self.bottom) + (self.spells or 0) + (self.sites or 0)

    def count(self, kind: Literal["spell", "site"]) -> int | None:
        """Cards of a kind: the named ones of that kind and the unnamed ones (None: not tracked)."""
        unnamed = self.spells if kind == "spell" else self.sites
        if unnamed is None:
            return None
        return unnamed + sum(1 for c in self.named if c.kind == kind)


UNTRACKED_HAND = Zone(spells=None, sites=None)


@dataclass(frozen=True)
class Player:
    id: str
    life: int = 20
    max_life: int = 20
    deaths_door_turn: int | None = None
    mana: int = 0
    extra_affinity: Affinity = Affinity()
    gained_affinity: Affinity = Affinity()     # threshold an effect gave this turn ("Gain (F) this turn")
    skip_turns: int = 0                         # turns of theirs an effect makes them skip ("skip their next turn")
    mana_next_turn: int = 0                     # mana given to them for their next turn, added as it starts
    hand: Zone = UNTRACKED_HAND
    spellbook: Zone = Zone(spells=None)
    atlas: Zone = Zone(sites=None)
    cemetery: Zone = UNTRACKED_HAND
    banished: Zone = UNTRACKED_HAND
    opening: Literal["kept", "mulliganed"] | None = None   # their opening hand decision (Codex "Setup")

    @property
    def at_deaths_door(self) -> bool:
        return self.deaths_door_turn is not None

    def zone(self, name: ZoneName) -> Zone:
        z: Zone = getattr(self, name)
        return z

    def with_zone(self, name: ZoneName, zone: Zone) -> "Player":
        changes: dict[str, Any] = {name: zone}
        return replace(self, **changes)


Phase = Literal["setup", "start", "main", "end"]


@dataclass(frozen=True)
class Turn:
    active: str
    number: int = 1
    phase: Phase = "main"


Fate = Literal["died", "banished", "returned", "broken"]


@dataclass(frozen=True)
class Removed:
    """A card that left the realm during the ruling, how, and the zone it went to."""

    id: str
    name: str
    fate: Fate
    location: Location
    controller: str | None
    owner: str = ""
    zone: ZoneName = "cemetery"
    killers: tuple[str, ...] = ()          # units credited with the kill (Codex "Kill Credit")


@dataclass(frozen=True)
class Lasting:
    """An effect that lasts for a while (Codex "Start Phase", "End Phase", "Ongoing Effect"): it
    gives ``units`` its keywords, takes the ``lost`` ones away, adds ``power``, or puts them in
    ``states`` (silenced, disabled, asleep), until the end of the turn, until ``controller``'s next
    turn begins, while the card ``source`` that created it is in the realm, permanently, or until
    an event (``ends_on``: ``damage``, one of its units takes damage; ``condition``, the clause
    ``end`` holds of them; ``again``, the ability whose choice key is ``end`` does so again)."""

    id: str
    name: str
    controller: str
    until: Literal["end_of_turn", "next_turn", "source", "permanent", "event"]
    units: tuple[str, ...] = ()
    keywords: Keywords = Keywords()
    power: int = 0
    states: frozenset[str] = frozenset()
    source: str | None = None
    lost: Keywords = Keywords()
    ends_on: str | None = None
    end: Any = None
    control_from: tuple[tuple[str, str], ...] = ()   # (unit, its controller before): control returns when it ends
    area: tuple[Location, ...] = ()      # "units are Immobile while atop target site": it covers whoever is there
    who: Any = None                      # ... and fits these words (the AST selector)
    casting: tuple[Any, ...] = ()        # effects on casting ("This turn, bearer's next Air spell costs (3) less"):
    once: bool = False                   # `statics.Static` records, read by `casting_rules`; "next": one spell only
    told: str = ""                       # what a casting effect does, in words
    during: str | None = None            # a casting effect "on your opponent's next turn": only on that player's turn
    links: tuple[tuple[int, int], ...] = ()   # "units can move between them as if they were adjacent": those pairs
    links_for: str | None = None         # ... for that player's units only ("your units"); None: every unit
    animated: tuple[str, ...] = ()       # units that are animated cards while it lasts (Codex "Animate")
    quote: Any = None                    # the card sentence that made it (`events.CardQuote`), when rulings quote it later
    base_power: int | None = None        # "Set the base power of target unit to 0": the power-setting layer
    power_factor: int = 1                # "Double an allied minion's power": the power-multiplication layer
    damage: tuple[Any, ...] = ()         # "each ally taking 1 less damage ...": (change, amount, "for each" words, Ctx)
    prevent: int | None = None           # "the next time it would take damage, prevent (all | N) of that damage":
                                         # that much prevented once, then the effect ends (-1: all of it)
    sites: tuple[tuple[int, str], ...] = ()   # the sites it is on: (square, name), while that site is there
    threshold: Affinity = Affinity()     # "Target site permanently provides (W)": threshold those sites add
    no_threshold: frozenset[str] = frozenset()   # "... provides no water affinity": elements they provide none of
    no_mana: bool = False                # "... provides no mana": they provide no mana
    lost_abilities: tuple[str, ...] = ()  # "... and lose this ability": the card's words of each ability its
                                         # units lose (`lost_abilities.py`: their printed text stays)
    subtypes: tuple[str, ...] | None = None   # the type layer: its units' minion types are these instead
                                         # ("loses all minion types": none; `effects/type_changes.py`)
    also_types: tuple[str, ...] = ()     # ... or these besides them ("is also a Beast until end of turn")
    players: tuple[str, ...] = ()        # the players it is on, in ``states`` ("your opponents can't gain
                                         # life this turn": `life_bans.py`)

    def covers(self, unit: "Unit") -> bool:
        """Whether the effect is on ``unit`` now: one of its units, or (an effect over an area) a unit
        there that fits its words."""
        if unit.id in self.units:
            return True
        if not self.area or unit.location not in self.area:
            return False
        if self.who is None:
            return True
        from codex.engine.effects.select import fits
        return fits(unit, self.who)

    def on_site(self, site: "Site") -> bool:
        """Whether the effect is on ``site``: the site it was put on, still there (a site destroyed
        or replaced is another card: the effect on the one that left the realm is over)."""
        return not site.rubble and (site.square, site.name) in self.sites

    def describe(self) -> str:
        if self.told:
            return self.told
        parts = self.keywords.names() + [f"no {k}" for k in self.lost.names()] + [
            f"no \u201c{t}\u201d" for t in self.lost_abilities] + (
            [f"{self.power:+d} power"] if self.power else []) + sorted(self.states) + (
            ["no minion types" if not self.subtypes else f"of minion type {', '.join(self.subtypes)} only"]
            if self.subtypes is not None else []) + [f"also a {t}" for t in self.also_types]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True)
class Burial:
    """Put the cards marked for death into their owners' cemeteries, all at once (Codex "Die")."""

    units: tuple[str, ...]


@dataclass(frozen=True)
class TriggeredEffect:
    """A triggered ability of ``unit`` (or of another card: ``ctx`` then says which) waiting to
    resolve, and the event that triggered it. ``ctx`` is the effect's context (`effects.Ctx`)."""

    unit: str
    name: str
    ability: Ability
    cause: "Event"
    ctx: Any = None


PendingEffect = Union[Burial, TriggeredEffect]


@dataclass(frozen=True)
class Attacking:
    """The attack being resolved (Codex "Attack"): who attacks, and the unit or the site it
    attacks. Set from the moment the attack is declared until its fight (or its strike on the
    site) is over, so that "while attacking", "Units attacked by ..." and "Whenever ... attacks and
    kills" can be read."""

    attacker: str
    unit: str | None = None
    site: int | None = None
    defenders: tuple[str, ...] = ()      # the units that joined the fight to defend, so far
    at: Location | None = None           # the attack's location (its target is checked again there)


@dataclass(frozen=True)
class AttackMade:
    """An attack made this turn (Codex "Attack": once its target is declared and legal, "'attack'
    triggers are now satisfied and the defender has been targeted and attacked"), kept until the
    turn passes so that "if it attacked this turn", "units that haven't attacked" and "is
    successfully attacked" can be read after the attack is over.

    How it went: ``struck`` (None while it is being resolved) is whether what was attacked stayed
    in the attack and met the attacker: an undefended site struck, or the attacked unit still in
    the fight (not removed when defenders joined); ``killed`` whether the attacked unit died in it.
    The Codex does not define a *successful* attack; `effects.attacks` reads both."""

    attacker: str                       # the attacking unit's id
    name: str                           # its name then
    controller: str                     # who controlled it then
    unit: str | None = None             # the unit attacked, or
    site: int | None = None             # the square of the site attacked
    struck: bool | None = None
    killed: bool = False


@dataclass(frozen=True)
class DelayedTrigger:
    """A triggered ability a resolved spell left behind ("At the start of your next turn, ...",
    "The next time an ally strikes ..."): it listens like a card in the realm, fires once, and
    (unless it waits for a next turn) ends with the turn. ``ctx`` is its effect's context."""

    ability: Ability
    ctx: Any
    lasts: Literal["end_of_turn", "fired", "turn_each"] = "end_of_turn"   # turn_each: fires each time, this turn
    #: the first turn number it listens in ("at the end of your next turn" said on your turn: not this one)
    not_before: int = 0


@dataclass(frozen=True)
class Pending:
    """One event waiting on the storyline: whose it is, which card it comes from, what it does.

    ``source`` None means a game rule rather than a card (putting marked cards in the cemetery)."""

    controller: str
    source: str | None
    effect: PendingEffect


@dataclass(frozen=True)
class GameState:
    turn: Turn
    players: tuple[Player, ...]
    sites: tuple[Site, ...] = ()
    units: tuple[Unit, ...] = ()
    auras: tuple[Aura, ...] = ()
    removed: tuple[Removed, ...] = ()
    lasting: tuple[Lasting, ...] = ()
    winner: str | None = None
    draw: bool = False
    storyline: tuple[Pending, ...] = ()       # first item resolves next
    death_blows: tuple[str, ...] = ()         # players whose Avatar took a death blow, not yet ruled on
    artifacts: tuple[Artifact, ...] = ()      # artifacts in the realm, lying or carried
    as_if_adjacent: tuple[tuple[int, int], ...] = ()   # pairs of sites units may move between as if adjacent
    used_abilities: frozenset[str] = frozenset()      # limited abilities used this turn ("Once on your turn")
    cast_this_turn: tuple[CastRecord, ...] = ()  # the spells cast this turn, in order
    died_this_turn: tuple[tuple["Card", str], ...] = ()   # (the dead unit's card, its controller then), in order
    attacks_this_turn: tuple[AttackMade, ...] = ()    # the attacks made this turn, in order (the last may be ongoing)
    took_damage_for: tuple[str, ...] = ()             # units that took damage for another this turn ("taken this way")
    counters: tuple[tuple[str, int], ...] = ()        # counters on cards in the realm ("artifact:<id>", n): effects/counters
    delayed: tuple[DelayedTrigger, ...] = ()          # triggered abilities resolved spells left behind
    attacking: Attacking | None = None                # the attack being resolved, if any
    afterwards: tuple[Any, ...] = ()                  # effects waiting for that attack to end ("afterwards")
    restless: frozenset[str] = frozenset()            # units not at rest: moved or entered during this action
    #: the phase an effect made the turn proceed to ("Proceed to the end phase"): it begins once the
    #: action in progress is over (`phases.proceed`)
    proceed_to: Phase | None = None

    # ---- lookups (cached per immutable state) ----
    @cached_property
    def statics(self) -> tuple["Static", ...]:
        """The ongoing effects of every static ability in the realm (`effects.statics.collect`)."""
        from codex.engine.effects.statics import collect
        return collect(self)

    @cached_property
    def _sites_by_square(self) -> dict[int, Site]:
        return {s.square: s for s in self.sites}

    @cached_property
    def _units_by_id(self) -> dict[str, Unit]:
        return {u.id: u for u in self.units}

    @cached_property
    def _players_by_id(self) -> dict[str, Player]:
        return {p.id: p for p in self.players}

    @cached_property
    def _artifacts_by_id(self) -> dict[str, Artifact]:
        return {a.id: a for a in self.artifacts}

    @cached_property
    def carriers(self) -> frozenset[str]:
        """Ids of the units carrying something (an artifact or a unit)."""
        return frozenset(a.bearer for a in self.artifacts if a.bearer is not None) | frozenset(
            u.carried_by for u in self.units if u.carried_by is not None)

    def site_at(self, square: int) -> Site | None:
        return self._sites_by_square.get(square)

    def unit(self, unit_id: str) -> Unit | None:
        return self._units_by_id.get(unit_id)

    def player(self, player_id: str) -> Player:
        return self._players_by_id[player_id]

    def has_player(self, player_id: str | None) -> bool:
        return player_id in self._players_by_id

    @property
    def first_player(self) -> str:
        """The player who went first (the first listed): their starting edge is the bottom row."""
        return self.players[0].id

    def opponent(self, player_id: str) -> str:
        for p in self.players:
            if p.id != player_id:
                return p.id
        return player_id

    def units_at(self, loc: Location) -> list[Unit]:
        """The units occupying ``loc`` (an oversized unit occupies each location of its area)."""
        return [u for u in self.units if u.location == loc or (u.oversized and loc in self.locations_of(u))]

    def locations_of(self, unit: Unit) -> tuple[Location, ...]:
        """Every location the unit occupies: one, or the area of an oversized unit."""
        if not unit.oversized:
            return (unit.location,)
        from codex.engine.oversized import area  # the area's regions depend on the sites under it
        return area(self, unit.location, unit.size) or (unit.location,)

    def occupies(self, unit: Unit, loc: Location) -> bool:
        return unit.location == loc or (unit.oversized and loc in self.locations_of(unit))

    def shared_location(self, a: Unit, b: Unit) -> Location | None:
        """A location both units occupy (the first of ``b``'s), or None."""
        if not a.oversized and not b.oversized:
            return a.location if a.location == b.location else None
        mine = self.locations_of(a)
        return next((loc for loc in self.locations_of(b) if loc in mine), None)

    def artifact(self, artifact_id: str) -> Artifact | None:
        return self._artifacts_by_id.get(artifact_id)

    def artifact_location(self, artifact: Artifact) -> Location:
        """Where the artifact is: a carried one moves with its bearer (Codex "Carrying Artifacts"),
        at its place within an oversized bearer's area."""
        bearer = self.unit(artifact.bearer) if artifact.bearer is not None else None
        if bearer is None:
            return artifact.location
        if not bearer.oversized:
            return bearer.location
        locs = self.locations_of(bearer)
        index = artifact.offset[0] * bearer.size[1] + artifact.offset[1]
        return locs[index] if index < len(locs) else bearer.location

    def carried_artifacts(self, unit_id: str) -> list[Artifact]:
        return [a for a in self.artifacts if a.bearer == unit_id]

    def carried_units(self, unit_id: str) -> list[Unit]:
        return [u for u in self.units if u.carried_by == unit_id]

    def artifact_controller(self, artifact: Artifact) -> str | None:
        """A carried artifact is controlled by its bearer's controller; a carriable one lying in the
        realm by no one; a non-carriable one by whoever put it into the realm."""
        if artifact.bearer is not None:
            bearer = self.unit(artifact.bearer)
            return bearer.controller if bearer else None
        return None if artifact.carriable else artifact.controller

    def avatar_of(self, player_id: str) -> Unit | None:
        for u in self.units:
            if u.is_avatar and u.controller == player_id:
                return u
        return None

    def location_exists(self, loc: Location) -> bool:
        """Void squares have one location; site squares a surface and one subsurface."""
        site = self.site_at(loc.square)
        if site is None:
            return loc.region is Region.VOID
        if loc.region is Region.VOID:
            return False
        if loc.region is Region.SURFACE:
            return True
        from codex.engine.ongoing import site_is_water  # ongoing effects decide water/land
        return (loc.region is Region.UNDERWATER) == site_is_water(self, site)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.draw

    # ---- transitions ----
    def with_unit(self, unit: Unit) -> "GameState":
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def add_unit(self, unit: Unit) -> "GameState":
        return replace(self, units=self.units + (unit,))

    def remove_unit(self, unit_id: str, fate: Fate, killers: tuple[str, ...] = (),
                    to: ZoneName | None = None, bottom: bool = False) -> "GameState":
        """The unit leaves the realm for its owner's zone: the cemetery when it died, the hand
        when it was returned, the banished area when it was banished, and always the banished
        area for a token (Codex "Ownership and Control", "Token"); ``to``: another zone an effect
        sends it to instead ("banish the minions they kill", "put it on the ``bottom`` of its owner's
        spellbook"). What it carries stays where it
        was (the at-rest check drops it there: Codex "Carrying Artifacts")."""
        u = self._units_by_id[unit_id]
        if u.token and fate == "returned":
            # "If they would ever leave the realm, they are banished instead" (Codex "Token"): a
            # token sent to a hand or deck is banished instead; one that died still died
            fate = "banished"
        zone: ZoneName = "banished" if u.token or fate == "banished" else to or (
            "hand" if fate == "returned" else "cemetery")
        artifacts = tuple(replace(a, location=self.artifact_location(a)) if a.bearer == unit_id else a
                          for a in self.artifacts)
        state = replace(self, units=tuple(x for x in self.units if x.id != unit_id), artifacts=artifacts,
                        removed=self.removed + (Removed(u.id, u.name, fate, u.location, u.controller, u.owner,
                                                        zone, killers),))
        kind: CardType = "aura" if u.animates and u.animates.startswith("aura:") else (
            "artifact" if u.animates else u.kind)      # an animated card stays an aura or artifact card
        card = Card(u.name, u.owner, kind, u.token, u.id, data=replace(unit_card(u), type=kind))
        if fate == "died":      # "a minion that died this turn": remembered until the turn ends
            state = replace(state, died_this_turn=state.died_this_turn + ((card, u.controller),))
        return state.put_card(card, zone, bottom=bottom and zone in DECKS)

    def with_artifact(self, artifact: Artifact) -> "GameState":
        if artifact.id not in self._artifacts_by_id:
            return replace(self, artifacts=self.artifacts + (artifact,))
        return replace(self, artifacts=tuple(artifact if a.id == artifact.id else a for a in self.artifacts))

    def remove_artifact(self, artifact_id: str, fate: Literal["banished", "broken"]) -> "GameState":
        """An artifact leaves the realm: destroyed, to its owner's cemetery (a broken artifact), or
        banished (a token always is: Codex "Token")."""
        a = self._artifacts_by_id[artifact_id]
        zone: ZoneName = "banished" if a.token or fate == "banished" else "cemetery"
        state = replace(self, artifacts=tuple(x for x in self.artifacts if x.id != artifact_id),
                        removed=self.removed + (Removed(a.id, a.name, fate, self.artifact_location(a),
                                                        self.artifact_controller(a), a.owner, zone),))
        from codex.engine.cards import CardData
        data = CardData(a.name, "artifact", a.cost, text=a.text)
        return state.put_card(Card(a.name, a.owner, "artifact", a.token, a.id, data=data), zone)

    def put_card(self, card: Card, zone: ZoneName, *, bottom: bool = False) -> "GameState":
        """``card`` enters its owner's ``zone`` (on top of a deck, or at its bottom)."""
        if not self.has_player(card.owner):
            return self
        owner = self.player(card.owner)
        z = owner.zone(zone)
        z = replace(z, bottom=z.bottom + (card,)) if bottom else replace(z, cards=(card,) + z.cards
                                                                          if zone in DECKS else z.cards + (card,))
        return self.with_player(owner.with_zone(zone, z))

    def with_site(self, site: Site) -> "GameState":
        others = tuple(s for s in self.sites if s.square != site.square)
        return replace(self, sites=tuple(sorted(others + (site,), key=lambda s: s.square)))

    def with_player(self, player: Player) -> "GameState":
        return replace(self, players=tuple(player if p.id == player.id else p for p in self.players))

    def with_units(self, units: Iterable[Unit]) -> "GameState":
        return replace(self, units=tuple(units))

    def evolve(self, **changes: Any) -> "GameState":
        return replace(self, **changes)
