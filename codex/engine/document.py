"""The scenario format (``arbiter.scenario/1``) as typed models: the single source of its shape.

`scenario.load` validates a JSON document against these models (pydantic), so every shape
problem is found at load time with its JSON pointer, and the published JSON Schema
(`schema()`, `codex/engine/scenario.schema.json`) is generated from them. Actions are typed
records discriminated by ``do``; the rules engine never sees a raw dict.

The limits on sizes and numbers are part of the format: they keep every ruling's work bounded
(a realm has 20 squares; no real board has more than a few dozen units) and are documented in
the schema and in docs/scenarios.md.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, StringConstraints

from codex.engine.geometry import Direction, Region

FORMAT = "arbiter.scenario/1"

#: Limits of the format (also in docs/scenarios.md and the JSON Schema).
MAX_UNITS = 64
MAX_ACTIONS = 64          # actions in one sequence, nested sequences included
MAX_PATH = 40             # declared steps in one path
MAX_NUMBER = 999          # life, power, damage, mana, costs, amounts
MAX_TEXT = 2000           # characters of card text
MAX_NAME = 120            # characters of a name or id
MAX_CARDS = 200           # named cards in one zone, or entries of one deck list

Square = Annotated[StrictInt, Field(ge=1, le=20, description="a square of the realm, 1-20 row by row")]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]
Id = Annotated[StrictStr, StringConstraints(min_length=1, max_length=MAX_NAME)]
Name = Annotated[StrictStr, StringConstraints(max_length=MAX_NAME)]
Text = Annotated[StrictStr, StringConstraints(max_length=MAX_TEXT)]
Place = Union[Square, tuple[Square, Region]]
Power = Union[Count, tuple[Count, Count]]
ElementKey = Literal["air", "earth", "fire", "water", "A", "E", "F", "W"]
Elements = Union[Annotated[StrictStr, StringConstraints(pattern=r"^[AEFWaefw()\s]*$", max_length=60)],
                 dict[ElementKey, Count], None]


class Doc(BaseModel):
    """Base of every part of a scenario document: immutable, unknown fields refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class TurnDoc(Doc):
    active: Id
    number: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] = 1
    phase: Literal["setup", "start", "main", "end"] = "main"


CardTypeName = Literal["avatar", "minion", "artifact", "aura", "magic", "site", "spell"]


class CardDoc(Doc):
    """A card in a zone: its name (and type), or ``card`` naming a card of the imported catalog."""

    name: Id | None = None
    card: Id | None = Field(default=None, description="a card of the imported catalog: name and type from it")
    type: CardTypeName | None = None
    token: StrictBool = False
    text: Text | None = Field(default=None,
                              description="its rules text, for a card not in the catalog whose abilities work "
                                          "from its zone (needs its type)")
    power: Count | None = Field(default=None, description="a minion card's power, with its text")
    cost: Count | None = Field(default=None, description="its mana cost, for a card not in the catalog whose cost "
                                                         "an effect reads (\"a combined mana cost of X or less\"; "
                                                         "needs its type)")
    subtypes: Annotated[tuple[Name, ...], Field(max_length=8)] = Field(
        default=(), description="its subtypes (Beast, Mortal...), for a card not in the catalog (needs its type)")
    threshold: Annotated[StrictStr, StringConstraints(max_length=40, pattern=r"^(\([AEFWaefw]\)|[AEFWaefw])*$")] | None = Field(
        default=None, description="its printed threshold, \"(F)(F)\" or \"FF\", for a card not in the catalog "
                                  "whose threshold or elements an effect reads (needs its type)")


#: A card in a zone: a bare name (its type from the catalog when one is available), or a CardDoc.
CardEntry = Union[Id, CardDoc]
CardList = Annotated[tuple[CardEntry, ...], Field(max_length=MAX_CARDS)]


class DeckDoc(Doc):
    """A deck: named cards on ``top`` (first = topmost), ``count`` unnamed cards under them, and
    named cards at the ``bottom`` (last = bottommost)."""

    top: CardList = ()
    count: Count = 0
    bottom: CardList = ()


class PileDoc(Doc):
    """A hand, cemetery or banished area: named ``cards`` and how many unnamed spells and sites."""

    cards: CardList = ()
    spells: Count = 0
    sites: Count = 0


#: A deck as a count of unnamed cards, the whole deck named (top first), or a DeckDoc.
DeckZone = Union[Count, CardList, DeckDoc]
PileZone = Union[CardList, PileDoc]


class PlayerDoc(Doc):
    id: Id
    life: Count | None = None
    max_life: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] = 20
    deaths_door_turn: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] | None = None
    mana: Count = 0
    affinity: Elements = None
    hand: PileZone | None = Field(default=None, description="omitted: not tracked")
    spellbook: DeckZone | None = Field(default=None, description="omitted: not tracked (never found empty)")
    atlas: DeckZone | None = Field(default=None, description="omitted: not tracked (never found empty)")
    cemetery: PileZone | None = Field(default=None, description="omitted: only the cards that enter it are known")
    banished: PileZone | None = Field(default=None, description="omitted: only the cards that enter it are known")


class SiteDoc(Doc):
    square: Square
    card: Name | None = Field(default=None, description="a card of the imported catalog: name, affinity and text from it")
    name: Name | None = None
    controller: Id | None = None
    owner: Id | None = None
    affinity: Elements = None
    rubble: StrictBool = False
    flooded: StrictBool = False
    flooded_until_again: Id | None = Field(
        default=None, description="flooded by the ability `<card id>.<ability index>` (e.g. \"av1.1\") \"until you do so "
                                  "again\": the flood ends when that ability floods again")
    max_entry_power: Count | None = None
    kills_on_entry: StrictBool = False
    text: Text = ""
    ward: StrictBool = Field(default=False, description="the site has a Ward (also read from a \"Ward\" keyword line in its text)")
    counters: Count = Field(default=0, description="counters on it (\"enters the realm with 6 counters\")")
    tapped: StrictBool = Field(default=False, description="the site is tapped (tapped to pay for its ability this "
                                                          "turn, say); it untaps in its controller's start phase")


class AuraDoc(Doc):
    at: Annotated[StrictInt, Field(ge=1, le=20, description="top-left square of the 2x2 area")] | None = Field(
        default=None, description="required unless `border` places the aura")
    border: tuple[Square, Square] | None = Field(
        default=None, description="a wall (\"conjure it atop a border of one of your sites\"): the two adjacent "
                                  "squares whose shared border it sits atop, instead of `at`")
    text: Text = Field(default="", description="its card text (what it does to the affected area)")
    card: Name | None = Field(default=None, description="a card of the imported catalog")
    id: Id | None = None
    name: Name | None = None
    controller: Id | None = None
    effects: tuple[Literal["silence", "flood"], ...] = ()
    cost: Count | None = Field(default=None, description="its mana cost (default: its card's, else 0)")
    turns: Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)] = Field(
        default=0, description="how many of its controller's turns have ended with it in the realm (\"Lasts 3 of your "
                               "turns\")")
    counters: Count = Field(default=0, description="counters on it (\"enters the realm with 6 counters\")")


class UnitDoc(Doc):
    id: Id
    controller: Id
    at: Place
    power: Power | None = Field(default=None, description="required unless `card` gives it")
    card: Name | None = Field(default=None, description="a card of the imported catalog: type, power, subtypes "
                              "and text from it; fields given here override them")
    name: Name | None = None
    subtypes: Annotated[tuple[Name, ...], Field(max_length=10)] | None = Field(
        default=None, description="Mortal, Beast, Giant... (default: its card's)")
    elements: Annotated[tuple[Literal["air", "earth", "fire", "water"], ...], Field(max_length=4)] | None = Field(
        default=None, description="its elements (\"for each of their elements\"; default: its card's)")
    owner: Id | None = None
    kind: Literal["avatar", "minion"] = "minion"
    damage: Count = 0
    tapped: StrictBool = False
    summoned_this_turn: StrictBool = False
    summoned_at: Square | None = Field(default=None, description="the square of the site it was summoned to "
                                       "(\"its summoning site\"); default: the square it is at")
    text: Text = ""
    keywords: Annotated[tuple[Name, ...], Field(max_length=20)] = ()
    artifacts: Annotated[tuple[Name, ...], Field(max_length=20)] | None = Field(
        default=None, description="names of the artifacts it carries (each becomes an artifact in the realm, id "
                                  "\"<unit>-<name>\", \"<unit>-<name>-2\"...); default: a Lance per Lance keyword")
    damage_reduction: Count = 0
    reduces_nearby_allies: Count = 0
    immune_to_damage: StrictBool = False
    size: tuple[Annotated[StrictInt, Field(ge=1, le=4)], Annotated[StrictInt, Field(ge=1, le=5)]] | None = Field(
        default=None, description="rows x columns it occupies, `at` being the top-left square (default from "
                                  "\"Occupies four locations\" in its text: 2x2; else 1x1)")
    carried_by: Id | None = Field(default=None, description="the unit carrying it (which must be able to, unless "
                                                          "`held` says an effect makes it carry this unit)")
    held: Literal["carried", "disabled"] | None = Field(
        default=None, description="with `carried_by`: an effect's words make the carrier carry it (\"... carries it "
                                  "disabled\"), whatever abilities the carrier has; \"disabled\": disabled while "
                                  "carried")
    interacted: StrictBool = Field(default=False, description="it has interacted with the realm this turn")
    used_this_turn: tuple[Literal["pick_up", "drop"], ...] = Field(
        default=(), description="once-per-turn basic abilities it has already used this turn")
    token: Union[StrictBool, Id] = Field(default=False, description="a token (true), or the name of one the Codex "
                                         "defines (Foot Soldier, Frog, Bruin, Tawny): its power and text from it")
    counters: Count = Field(default=0, description="counters on it (\"enters the realm with 6 counters\")")
    minions_killed: Count = Field(default=0, description="how many minions it has killed before the scenario "
                                                         "(\"if it has ever killed a minion\")")


class ArtifactDoc(Doc):
    """An artifact in the realm: lying at ``at``, or carried by ``carried_by``."""

    id: Id
    name: Name | None = None
    card: Name | None = Field(default=None, description="an artifact card of the imported catalog")
    at: Place | None = Field(default=None, description="where it lies (default: its bearer's location)")
    carried_by: Id | None = None
    owner: Id | None = Field(default=None, description="default: its bearer's controller, else the first player")
    controller: Id | None = Field(default=None, description="a Monument's controller (carriable artifacts are "
                                                            "controlled by their bearer's controller, or no one)")
    monument: StrictBool = Field(default=False, description="a Monument (or any artifact that cannot be carried)")
    token: StrictBool = False
    cost: Count = 0
    text: Text = ""
    counters: Count = Field(default=0, description="counters on it (\"enters the realm with 6 counters\")")
    tapped: StrictBool = Field(default=False, description="tapped (a \"Tap →\" ability of its own used)")


class LastingDoc(Doc):
    """An effect that lasts until the end of the turn or until its controller's next turn, giving
    ``units`` its ``keywords`` meanwhile."""

    controller: Id
    until: Literal["end_of_turn", "next_turn"]
    units: Annotated[tuple[Id, ...], Field(max_length=MAX_UNITS)] = ()
    keywords: Annotated[tuple[Name, ...], Field(max_length=20)] = ()
    id: Id | None = None
    name: Name | None = None


# ------------------------------------------------------------------------------------- actions

class UnitRef(Doc):
    unit: Id


class SiteRef(Doc):
    site: Square


class ArtifactRef(Doc):
    artifact: Id


#: A unit (by id, or {"unit": id}) or the surface of a site ({"site": square}).
Target = Union[Id, UnitRef, SiteRef]
Path = Annotated[tuple[Place, ...], Field(max_length=MAX_PATH)]
Ids = Annotated[tuple[Id, ...], Field(max_length=MAX_UNITS)]


class DefenderDoc(Doc):
    unit: Id
    path: Path | None = None


class Action(Doc):
    """Base of every action record."""


class MoveAndAttack(Action):
    """Tap a unit to take its steps along ``path``, then attack (or not)."""

    do: Literal["move_and_attack"]
    unit: Id
    path: Path = ()
    attack: Target | None = None
    target: Target | None = Field(default=None, description="the same as attack")
    defenders: Annotated[tuple[Union[Id, DefenderDoc], ...], Field(max_length=MAX_UNITS)] = ()
    casts: Annotated[tuple["Cast", ...], Field(max_length=MAX_UNITS)] = Field(
        default=(), description="spells cast during the attack once the defenders have joined, before the fight: "
                                "only those whose own text lets them be cast then (\"May be cast when one of your allies "
                                "defends a site or another unit\")")
    target_stays: StrictBool = True
    interceptors: Ids = ()
    assign: dict[Id, dict[Id, Count]] = Field(default_factory=dict)
    check_only: StrictBool = False

    @property
    def attacked(self) -> Target | None:
        return self.attack if self.attack is not None else self.target


class Attack(Action):
    """Move and Attack without moving: attack where the unit is."""

    do: Literal["attack"]
    unit: Id
    target: Target
    defenders: Annotated[tuple[Union[Id, DefenderDoc], ...], Field(max_length=MAX_UNITS)] = ()
    casts: Annotated[tuple["Cast", ...], Field(max_length=MAX_UNITS)] = Field(
        default=(), description="spells cast during the attack once the defenders have joined, before the fight: "
                                "only those whose own text lets them be cast then (\"May be cast when one of your allies "
                                "defends a site or another unit\")")
    target_stays: StrictBool = True
    assign: dict[Id, dict[Id, Count]] = Field(default_factory=dict)


class RangeOfMotion(Action):
    do: Literal["range_of_motion"]
    unit: Id


class CanDefend(Action):
    do: Literal["can_defend"]
    unit: Id
    attacker: Id
    target: Target


class CanIntercept(Action):
    do: Literal["can_intercept"]
    unit: Id
    mover: Id
    path: Path = ()
    attacked: StrictBool = False
    by: Literal["move_and_attack", "teleport", "forced", "spell"] = "move_and_attack"


class CanAttack(Action):
    do: Literal["can_attack"]
    unit: Id
    target: Target


class CanMove(Action):
    do: Literal["can_move"]
    unit: Id
    path: Path


class Shoot(Action):
    """A unit's Ranged ability, or (with ``projectile_damage``) a spell's projectile from it."""

    do: Literal["shoot"]
    unit: Id
    direction: Direction
    range: Count | None = None
    range_bonus: Count = 0
    piercing: StrictBool = False
    hit: Ids = ()
    projectile_damage: Count | None = None
    drag: Literal["shooter", "hit"] | None = Field(
        default=None, description="forced movement along the projectile's path once it hits: the shooter to "
                                  "the hit unit, or the hit unit to the shooter")
    origin: Place | None = Field(default=None, description="the location an oversized shooter shoots from")


class SpellDoc(Doc):
    name: Name | None = Field(default=None, description="required unless `card` gives it")
    type: Literal["minion", "artifact", "aura", "magic"] | None = Field(
        default=None, description="required unless `card` gives it")
    card: Name | None = Field(default=None, description="a card of the imported catalog: type, cost, threshold, "
                              "power and text from it; fields given here override them")
    cost: Count | None = None
    threshold: Elements = None
    text: Text | None = None
    power: Power | None = None
    keywords: Annotated[tuple[Name, ...], Field(max_length=20)] = ()
    carriable: StrictBool = True
    id: Id | None = None
    size: tuple[Annotated[StrictInt, Field(ge=1, le=4)], Annotated[StrictInt, Field(ge=1, le=5)]] | None = Field(
        default=None, description="an oversized minion's area, rows x columns (default from its text)")
    effects: tuple[Literal["silence", "flood"], ...] = Field(
        default=(), description="an aura's ongoing effects, as for the scenario's auras")
    x: Count | None = Field(default=None, description="the value paid for X in its cost")
    cost_change: Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)] = Field(
        default=0, description="what effects add to (or, negative, take from) its cost")
    token: StrictBool = Field(default=False, description="a token copy (banished as soon as a magic resolves)")
    also: Annotated[tuple[Literal["minion", "artifact", "aura", "magic"], ...], Field(max_length=3)] = Field(
        default=(), description="other card types it has (e.g. an artifact minion)")


class Cast(Action):
    do: Literal["cast"]
    caster: Id
    spell: SpellDoc
    location: Place | None = None
    carrier: Id | None = None
    border: tuple[Square, Square] | None = Field(
        default=None, description="where a wall aura is conjured (\"conjure it atop a border of one of your sites\"): "
                                  "the two adjacent squares whose shared border it sits atop")
    targets: Ids = ()
    zone: Literal["hand", "cemetery", "spellbook"] = Field(
        default="hand", description="the zone the spell is cast from: the hand, or another zone an effect allows "
                                    "(\"May be cast from your cemetery\")")
    owner: Id | None = Field(default=None, description="whose zone the spell is cast from, when an effect lets its "
                                                       "caster cast another player's card (\"You may cast that spell\"); "
                                                       "default: the caster's controller's")
    alternative_cost: StrictBool = Field(
        default=False, description="its caster pays the alternative cost the spell's own text offers (\"You may "
                                   "discard a card rather than pay this spell's mana cost\") instead of its mana cost")


class SiteSpec(Doc):
    name: Name | None = None
    affinity: Elements = None
    flooded: StrictBool = False
    card: Name | None = Field(default=None, description="a site card of the imported catalog: name, affinity and "
                                                        "text from it")
    text: Text | None = Field(default=None, description="its card text (abilities, Genesis...)")


class PlaySite(Action):
    do: Literal["play_site"]
    square: Square
    site: SiteSpec = SiteSpec()
    by_effect: StrictBool = Field(default=False, description="played by an effect or an ability whose cost is "
                                                             "already paid: the Avatar does not tap for it")
    player: Id | None = Field(default=None, description="who plays it (default: the active player); an effect "
                                                        "may have another player play a site")
    where_named: StrictBool = Field(default=False, description="an effect names where the site goes ('a site "
                                                              "adjacent to this one'): that place stands in for "
                                                              "the usual 'adjacent to a site you control'")
    from_atlas: StrictBool = Field(default=False, description="an effect plays the top site of the player's atlas "
                                                             "('Play the top site of your atlas'): that card, not "
                                                             "one from the hand")
    from_zone: Literal["hand", "atlas", "cemetery"] = Field(
        default="hand", description="the zone the site comes from: 'hand' (the rules' default), 'atlas' (its top "
                                    "site, as from_atlas), 'cemetery' (the site named by site.name, or the only "
                                    "site there): an effect that plays a site from elsewhere than the hand")
    replace: StrictBool = Field(default=False, description="an effect replaces the site on the square with this one "
                                                          "('replace target site with ...'): the site there leaves "
                                                          "the realm (a site card to its owner's cemetery, Rubble "
                                                          "banished) and the new one takes the square")


class DestroySite(Action):
    """An effect destroys the site on ``square``: it leaves a Rubble token."""

    do: Literal["destroy_site"]
    square: Square


class Flood(Action):
    """An effect floods the site on ``square`` (for this turn by default, like Geyser)."""

    do: Literal["flood"]
    square: Square
    this_turn: StrictBool = True


class Teleport(Action):
    """An effect teleports ``unit`` to ``to`` (forced movement: no steps of its own)."""

    do: Literal["teleport"]
    unit: Id
    to: Place


class Tap(Action):
    """Tap ``unit``: as the cost of an ability (``cost``: true), or directly by an effect."""

    do: Literal["tap"]
    unit: Id
    cost: StrictBool = False


class MinionDoc(Doc):
    """A minion put into the realm by an effect (not cast)."""

    name: Name
    power: Power = 0
    text: Text = ""
    keywords: Annotated[tuple[Name, ...], Field(max_length=20)] = ()
    id: Id | None = None


class Summon(Action):
    """An effect summons a minion to ``location`` for ``controller``: no mana, no threshold, any
    location in any region, but one the minion can enter."""

    do: Literal["summon"]
    controller: Id
    minion: MinionDoc
    location: Place


#: What a `locations` question asks about: words the Codex defines over the realm's geometry.
LocationTerm = Literal["here", "there", "its_location", "its_site", "adjacent_squares", "adjacent_locations",
                       "adjacent_sites", "adjacent_voids", "nearby_squares", "nearby_locations", "nearby_sites",
                       "nearby_voids", "near", "border", "top_border", "body_of_water", "span_of_land",
                       "steps_away", "region", "atop", "under", "corners"]


class AuraRef(Doc):
    aura: Id


class SquareRef(Doc):
    square: Square


class Locations(Action):
    """Which squares, locations or units a word of the Codex refers to, seen from a card
    (a unit, a site, an aura) or a square."""

    do: Literal["locations"]
    of: Union[Id, UnitRef, SiteRef, AuraRef, SquareRef, None] = None
    term: LocationTerm
    steps: Annotated[StrictInt, Field(ge=0, le=10)] = 1
    player: Id | None = None


class SiteKind(Action):
    """What kind of site is on ``square``: water or land, air, earth, fire, Rubble, flooded."""

    do: Literal["site_kind"]
    square: Square


class Damage(Action):
    """Damage dealt by a spell or an ability (a Ward breaks instead when it is an opponent's)."""

    do: Literal["damage"]
    target: Target
    amount: Count
    source: Id | None = Field(default=None, description="the unit whose ability deals it, or who cast the spell")
    spell: Name | None = Field(default=None, description="the spell that deals it (else an ability of the source)")
    player: Id | None = Field(default=None, description="who controls the effect (default: the source's "
                                                        "controller, else the active player)")


class Effect(Action):
    """Fields shared by the actions an effect of a card does to a unit."""

    source: Id | None = Field(default=None, description="the unit whose ability it is, or who cast the spell")
    spell: Name | None = Field(default=None, description="the spell doing it (else an ability of the source)")
    player: Id | None = Field(default=None, description="who controls the effect (default: the source's "
                                                        "controller, else the active player)")
    targeted: StrictBool = Field(default=False, description="the effect targets the unit (Stealth and Ward apply)")


class Move(Effect):
    """An effect moves a unit: pushed, pulled, dragged, teleported or flown (forced movement), or
    made to take its own steps (``step``)."""

    do: Literal["move"]
    unit: Id
    how: Literal["push", "pull", "drag", "teleport", "fly", "step"]
    path: Path = Field(default=(), description="the movement path the effect declares, one location per step")
    to: Place | None = Field(default=None, description="the destination only: the shortest path is taken")
    direction: Direction | None = Field(default=None, description="a cardinal direction, with `steps`")
    steps: Annotated[StrictInt, Field(ge=1, le=MAX_PATH)] = 1
    anchor: Place | None = Field(default=None, description="an oversized unit's top-left location on arrival "
                                                           "(teleported to one location)")


class Destroy(Effect):
    """An effect destroys (kills) a unit, or an artifact ({"artifact": id})."""

    do: Literal["destroy"]
    target: Union[Id, UnitRef, ArtifactRef]


class Fight(Effect):
    """An effect makes two units fight (Giant Shark, Pudge Butcher): they strike each other,
    whatever the restrictions on attack targets."""

    do: Literal["fight"]
    unit: Id
    other: Id
    anywhere: StrictBool = Field(default=False, description="the effect names both fighters wherever they are "
                                 "(\"An ally fights target enemy that is adjacent to it\"); otherwise they must share a location")


class StrikeAction(Effect):
    """An effect makes a unit strike another (Grapple Shot, Clamor of Harpies): the struck unit
    does not strike back."""

    do: Literal["strike"]
    unit: Id
    target: Id
    anywhere: StrictBool = Field(default=False, description="the effect names the struck unit wherever it is "
                                                            "(\"Strike each nearby enemy\"): no shared location "
                                                            "needed")


class PickUp(Action):
    """The Pick Up basic ability: artifacts (and, for a carrier, allies) here."""

    do: Literal["pick_up"]
    unit: Id
    artifacts: Ids = Field(default=(), description="artifact ids (default: every carriable artifact here, "
                                                   "when no units are named either)")
    units: Ids = ()


class DropAction(Action):
    """The Drop basic ability: artifacts (and units) the unit carries."""

    do: Literal["drop"]
    unit: Id
    artifacts: Ids = Field(default=(), description="artifact ids (default: everything it carries, when no "
                                                   "units are named either)")
    units: Ids = ()


class MandatoryActions(Action):
    """Which mandatory actions the active player must take now (Codex "Mandatory Actions")."""

    do: Literal["mandatory_actions"]


class LoseLife(Action):
    do: Literal["lose_life"]
    player: Id
    amount: Count


class Compare(Action):
    do: Literal["compare"]
    unit: Id
    other: Id


class EndTurn(Action):
    do: Literal["end_turn"]


class StartTurn(Action):
    do: Literal["start_turn"]
    draw: Literal["spellbook", "atlas"] | None = Field(default=None, description="the deck of the start phase's draw")


Names = Annotated[tuple[Id, ...], Field(max_length=MAX_CARDS)]


class Setup(Action):
    """Set up the game: Avatars placed, decks shuffled, the first player, opening hands."""

    do: Literal["setup"]
    first: Id | None = Field(default=None, description="who takes the first turn (decided randomly)")


class Mulligan(Action):
    """Put up to three cards of the opening hand on the bottom of their decks and redraw as many
    from each; no cards is keeping the hand."""

    do: Literal["mulligan"]
    player: Id
    cards: Names = ()
    spells: Count = 0
    sites: Count = 0


class Peek(Action):
    """The tournament rule for the second player: look at the top card of a deck after the
    mulligans, and maybe put it on the bottom."""

    do: Literal["peek"]
    player: Id
    deck: Literal["spellbook", "atlas"]
    bottom: StrictBool = False


class Draw(Action):
    """Draw ``count`` cards, or ``spellbook``/``atlas`` cards from each deck (all at once)."""

    do: Literal["draw"]
    player: Id
    count: Count | None = None
    spellbook: Count | None = None
    atlas: Count | None = None


class DrawSite(Action):
    """The active player's Avatar taps to draw a site (its ability "Play or draw a site")."""

    do: Literal["draw_site"]


class Discard(Action):
    do: Literal["discard"]
    player: Id
    cards: Names = ()
    spells: Count = 0
    sites: Count = 0


class Banish(Action):
    """Banish a unit from the realm, or a card from a player's zone."""

    do: Literal["banish"]
    unit: Id | None = None
    player: Id | None = Field(default=None, description="the owner of the zone the card is in")
    zone: Literal["hand", "spellbook", "atlas", "cemetery"] | None = None
    card: Id | None = None


class ReturnToHand(Action):
    do: Literal["return_to_hand"]
    unit: Id


class Search(Action):
    do: Literal["search"]
    player: Id
    zone: Literal["hand", "spellbook", "atlas", "cemetery"]
    card: Id
    owner: Id | None = Field(default=None, description="whose zone (default: the searching player's)")
    fail: StrictBool = Field(default=False, description="choose to fail to find it (a private zone only)")


class CanSee(Action):
    do: Literal["can_see"]
    player: Id
    zone: Literal["realm", "hand", "spellbook", "atlas", "cemetery", "banished"]
    owner: Id | None = None
    what: Literal["cards", "count"] = "cards"


class Heal(Action):
    do: Literal["heal"]
    amount: Count
    player: Id | None = None
    unit: Id | None = None


class SetLife(Action):
    do: Literal["set_life"]
    player: Id
    life: Count


class GainControl(Action):
    do: Literal["gain_control"]
    player: Id
    unit: Id | None = None
    site: Square | None = None


Rarity = Literal["ordinary", "exceptional", "elite", "unique", "Ordinary", "Exceptional", "Elite", "Unique"]


class DeckCardDoc(Doc):
    """A deck list entry: a card by name (type and rarity given) or of the imported catalog."""

    name: Id | None = None
    card: Id | None = None
    count: Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)] = 1
    type: CardTypeName | None = None
    rarity: Rarity | None = None
    token: StrictBool = False
    text: Text = Field(default="", description="its card text, where it bears on deck building (\"Your spellbook "
                       "may include any number of ...\"); a catalog card's comes from the catalog")


#: A deck list entry: "Name", "3 Name" / "3x Name", or a DeckCardDoc.
DeckEntry = Union[Id, DeckCardDoc]
DeckEntries = Annotated[tuple[DeckEntry, ...], Field(max_length=MAX_CARDS)]


class DeckListDoc(Doc):
    avatar: Union[DeckEntry, DeckEntries, None] = None
    spellbook: DeckEntries = ()
    atlas: DeckEntries = ()
    collection: DeckEntries = ()


class CheckDeck(Action):
    do: Literal["check_deck"]
    deck: DeckListDoc
    format: Literal["constructed", "limited"] = "constructed"


class Activate(Action):
    """Use an activated ability of a card ("Tap → ...", "(1) → ..."): a unit's, or an artifact's or a
    site's. ``ability`` picks which: its index among the card's activated abilities, or words of it."""

    do: Literal["activate"]
    unit: Id | None = None
    artifact: Id | None = None
    site: Square | None = None
    ability: Union[Annotated[StrictInt, Field(ge=0, le=20)], Text] = 0
    player: Id | None = Field(default=None, description="who tries to use it (default: the active player): "
                                                        "a player using their own card on the opponent's turn")


class Sequence(Action):
    """Actions one after another; stops at the first that is illegal or ends the game."""

    do: Literal["sequence"]
    actions: Annotated[tuple["AnyAction", ...], Field(min_length=1, max_length=MAX_ACTIONS)]


ACTION_RECORDS: tuple[type[Action], ...] = (
    MoveAndAttack, Attack, RangeOfMotion, CanDefend, CanIntercept, CanAttack, CanMove, Shoot, Cast, PlaySite,
    Damage, LoseLife, Compare, EndTurn, StartTurn, DestroySite, Flood, Teleport, Summon, Locations, SiteKind, Tap,
    Setup, Mulligan, Peek, Draw, DrawSite, Discard, Banish, ReturnToHand, Search, CanSee, Heal, SetLife, GainControl,
    CheckDeck, Move, Destroy, PickUp, DropAction, MandatoryActions, Fight, StrikeAction, Activate, Sequence)

AnyAction = Annotated[Union[MoveAndAttack, Attack, RangeOfMotion, CanDefend, CanIntercept, CanAttack, CanMove,
                            Shoot, Cast, PlaySite, Damage, LoseLife, Compare, EndTurn, StartTurn, DestroySite, Flood,
                            Teleport, Summon, Locations, SiteKind, Tap, Setup, Mulligan, Peek, Draw, DrawSite, Discard,
                            Banish, ReturnToHand, Search, CanSee, Heal, SetLife, GainControl, CheckDeck, Move, Destroy,
                            PickUp, DropAction, MandatoryActions, Fight, StrikeAction, Activate, Sequence],
                      Field(discriminator="do")]
Sequence.model_rebuild()
MoveAndAttack.model_rebuild()
Attack.model_rebuild()


def action_name(record: type[Doc]) -> str:
    """The ``do`` value of an action record class (of any game's format)."""
    annotation: Any = record.model_fields["do"].annotation
    return str(annotation.__args__[0])


#: An answer to a choice: a unit/aura/artifact id, a square, a player, yes/no, or a list of those.
ChoiceValue = Union[StrictBool, StrictInt, Name, Annotated[tuple[Union[StrictInt, Name], ...], Field(max_length=20)]]


class ScenarioDoc(Doc):
    """A whole scenario: the board and one action or question."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="Arbiter scenario (arbiter.scenario/1)")

    format: Literal["arbiter.scenario/1"]
    turn: TurnDoc
    players: Annotated[tuple[PlayerDoc, ...], Field(min_length=1, max_length=2)]
    sites: Annotated[tuple[SiteDoc, ...], Field(max_length=20)] = ()
    auras: Annotated[tuple[AuraDoc, ...], Field(max_length=20)] = ()
    units: Annotated[tuple[UnitDoc, ...], Field(max_length=MAX_UNITS)] = ()
    artifacts: Annotated[tuple[ArtifactDoc, ...], Field(max_length=MAX_UNITS)] = ()
    as_if_adjacent: Annotated[tuple[tuple[Square, Square], ...], Field(
        max_length=20, description="pairs of sites units may move between as if they were adjacent "
                                   "(an ongoing effect such as Waypoint Portal)")] = ()
    lasting: Annotated[tuple[LastingDoc, ...], Field(max_length=20)] = ()
    action: AnyAction
    choices: Annotated[dict[Id, ChoiceValue], Field(max_length=64)] = Field(
        default_factory=dict, description="what players choose where a card's effect leaves them a choice "
                                          "(a target, \"may\", an order...): key → value; a ruling that needs one "
                                          "not given is ambiguous and names the key")


def count_actions(action: Action) -> int:
    """Actions in a (possibly nested) sequence, the sequences themselves included."""
    if isinstance(action, Sequence):
        return 1 + sum(count_actions(a) for a in action.actions)
    return 1
