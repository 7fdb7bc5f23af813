"""What happens in a ruling, as typed events.

Every resolution function returns the new state *and* the events it caused; the ruling is the
narration of those events, each with the rules that made it happen (``rules``, ids of
`rules.RULES`), never the reverse. Game events (`Stepped`, `Struck`, `Damaged`, `Died`, ...) are
what triggered abilities listen to; `Note` events explain a check the rules made (a question's
answer, why a choice was needed) and change nothing.

An event carries the names it needs to be told (unit names, the target's description) so that
narrating it needs no state. ``kind`` is the stable step kind of the ruling's JSON.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar

from codex.engine.geometry import Location, Region
from codex.engine.reasons import Reason, explain


def _cap(text: str) -> str:
    """"the effect" opening a sentence is "The effect"; names are left as they are."""
    return "T" + text[1:] if text.startswith("the ") else text


def path_text(locs: tuple[Location, ...] | list[Location]) -> str:
    """``13 → 8 (underground)``: a path as a judge writes it."""
    return " → ".join(str(loc.square) + ("" if loc.region is Region.SURFACE else f" ({loc.region.value})")
                      for loc in locs)


def _json(value: Any) -> Any:
    if isinstance(value, Location):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, AttackCause):
        return {"attacker": value.attacker, "defended": value.defended, "at": _json(value.at)}
    return value


@dataclass(frozen=True)
class CardQuote:
    """A card's own sentence that made an event happen: quoted verbatim in the ruling."""

    card: str
    quote: str


#: A field's metadata keeping it out of a ruling step's ``data``.
NOT_DATA = {"data": False}


@dataclass(frozen=True)
class Event:
    """Something that happened (or was decided) while resolving an action.

    ``rules`` are the ids of the rules that made it happen; ``from_card`` is the card sentence that did,
    when a card's ability did (both are cited in the ruling)."""

    kind: ClassVar[str] = "note"
    #: False for events another event's sentence already tells (a tap told by "taps to defend").
    narrated: ClassVar[bool] = True
    rules: tuple[str, ...] = field(default=(), kw_only=True)
    from_card: CardQuote | None = field(default=None, kw_only=True)
    #: True once the storyline has offered it to the triggered abilities (an effect's summon settles at
    #: once; the ability's events are not offered again when it ends, so a Genesis fires once)
    offered: bool = field(default=False, kw_only=True, compare=False, repr=False, metadata=NOT_DATA)

    def text(self) -> str:
        raise NotImplementedError

    def data(self) -> dict[str, Any]:
        """The event's fields as JSON (the ruling step's ``data``), but for its citations and the fields
        marked `NOT_DATA` (bookkeeping, last known objects)."""
        return {f.name: _json(getattr(self, f.name)) for f in fields(self)
                if f.name not in ("rules", "from_card") and f.metadata.get("data", True)}


def offered(events: list["Event"]) -> list["Event"]:
    """The events, marked as offered to the triggered abilities already."""
    from dataclasses import replace
    return [e if e.offered else replace(e, offered=True) for e in events]


@dataclass(frozen=True)
class Note(Event):
    """An explanation: a check the rules made, a question's answer. Changes nothing."""

    note_kind: str
    sentence: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self.note_kind

    def text(self) -> str:
        return self.sentence

    def data(self) -> dict[str, Any]:
        return _json(self.details)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------- activations, taps

@dataclass(frozen=True)
class Tapped(Event):
    kind: ClassVar[str] = "tap"
    narrated: ClassVar[bool] = False
    unit: str
    name: str


@dataclass(frozen=True)
class TappedByEffect(Event):
    """A card was tapped by an effect, or as the cost of another card's ability."""

    kind: ClassVar[str] = "tapped"
    unit: str
    name: str
    cost: bool

    def text(self) -> str:
        return f"{self.name} is tapped" + (" to pay a cost." if self.cost else " by an effect.")


@dataclass(frozen=True)
class SiteTapped(Event):
    """A site was tapped: to pay for an ability ("Tap this site → ..."), or by an effect."""

    kind: ClassVar[str] = "site_tapped"
    square: int
    name: str
    cost: bool

    def text(self) -> str:
        return f"{self.name} (square {self.square}) is tapped" + (" to pay a cost." if self.cost else " by an effect.")


@dataclass(frozen=True)
class SiteUntapped(Event):
    """A tapped site was untapped by an effect ("untap target site")."""

    kind: ClassVar[str] = "site_untapped"
    square: int
    name: str

    def text(self) -> str:
        return f"{self.name} (square {self.square}) untaps."


@dataclass(frozen=True)
class Activated(Event):
    """A unit taps to use an activated ability (Move and Attack, Ranged...)."""

    kind: ClassVar[str] = "activate"
    unit: str
    name: str
    ability: str
    start: Location
    declared: tuple[Location, ...] | None = None   # Move and Attack: the declared movement path
    detail: str = ""
    taps: bool = True                              # False: an ability with no tap cost ("Once on your turn")

    def text(self) -> str:
        if self.declared is not None:
            path = (f", declaring the path {path_text((self.start,) + self.declared)}." if self.declared
                    else ", declaring no movement.")
            return f"{self.name} taps to use {self.ability}{path}"
        if self.taps:
            return f"{self.name} taps to {self.detail}."
        return f"{self.name}'s ability is used (no tap): {self.detail.removeprefix('use ')}."

    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"unit": self.unit, "ability": self.ability}
        if self.declared is not None:
            out.update(start=self.start.to_json(), declared=[loc.to_json() for loc in self.declared])
        return out


# ---------------------------------------------------------------------------- movement

@dataclass(frozen=True)
class Entry:
    """A unit entering a location (Codex "Enter"): ``frm`` None when it was summoned there."""

    unit: str
    frm: Location | None
    to: Location

    @property
    def site_entered(self) -> bool:
        """It entered the *site* too: summoned there, or moved there from a different square.
        Moving between the levels of a site enters the location, not the site."""
        return self.frm is None or self.frm.square != self.to.square


class Entering:
    """The events in which a unit enters a location: a step, a summon, a teleport or other forced
    move. Triggered abilities that listen for units entering (`storyline.triggers_for`) listen for
    this one interface, whatever moved the unit there."""

    def entry(self) -> Entry:
        raise NotImplementedError


@dataclass(frozen=True)
class Stepped(Event, Entering):
    """A unit took one step, entering ``to`` (Codex "Enter": moving there from somewhere else)."""

    kind: ClassVar[str] = "step"
    unit: str
    name: str
    frm: Location
    to: Location
    purpose: str
    number: int

    def text(self) -> str:
        return f"{self.name} steps from the {self.frm} to the {self.to} ({self.purpose}, step {self.number})."

    def entry(self) -> Entry:
        return Entry(self.unit, self.frm, self.to)

    def data(self) -> dict[str, Any]:
        return {"unit": self.unit, "from": self.frm.to_json(), "to": self.to.to_json(), "number": self.number}


@dataclass(frozen=True)
class StepSkipped(Event):
    """A declared step was not taken: its legality is checked only as it is about to happen."""

    kind: ClassVar[str] = "skip_step"
    unit: str
    name: str
    index: int
    frm: Location
    to: Location
    reason: Reason
    detail: str = ""

    def text(self) -> str:
        return (f"Declared step {self.index + 1} ({self.frm} to {self.to}) is not taken: "
                f"{self.detail or explain(self.reason)}.")


@dataclass(frozen=True)
class StayedPut(Event):
    kind: ClassVar[str] = "no_move"
    unit: str
    name: str

    def text(self) -> str:
        return f"{self.name} takes zero steps, so it has not moved."


@dataclass(frozen=True)
class Teleported(Event, Entering):
    """A unit moved to a location other than by taking steps of its own (forced movement)."""

    kind: ClassVar[str] = "teleport"
    unit: str
    name: str
    to: Location
    by: str
    frm: Location | None = None
    #: the kind of movement: ``teleport`` (directly there: no border crossed), a forced movement's kind
    #: (``push``, ``pull``, ``drag``, ``fly``) or ``carried`` (moved along by its carrier) (`borders.py`)
    how: str = "teleport"

    def text(self) -> str:
        if self.by in ("teleport", "move_and_attack", "forced", "spell"):
            return f"{self.name} moves to the {self.to} by {self.by.replace('_', ' ')}, not by Move and Attack."
        return f"{self.name} is moved to the {self.to} ({self.by}): it does not take a step of its own."

    def entry(self) -> Entry:
        return Entry(self.unit, self.frm, self.to)

    def data(self) -> dict[str, Any]:
        return {"unit": self.unit, "to": self.to.to_json(), "by": self.by,
                "from": self.frm.to_json() if self.frm else None}


@dataclass(frozen=True)
class PlacedAtop(Event):
    """A site arrived under a unit in the void: the unit is now atop it, without entering it."""

    kind: ClassVar[str] = "atop"
    unit: str
    name: str
    square: int
    site_name: str

    def text(self) -> str:
        return (f"{self.name} is now on the surface of {self.site_name} (square {self.square}): the site was placed "
                "under it, so it did not move and did not enter the site.")


@dataclass(frozen=True)
class SubsurfaceChanged(Event):
    """A site switched between water and land: its subsurface, and whoever is in it, changed region."""

    kind: ClassVar[str] = "subsurface"
    square: int
    site_name: str
    region: Region
    units: tuple[str, ...]
    names: tuple[str, ...]

    def text(self) -> str:
        kind = "a water" if self.region is Region.UNDERWATER else "a land"
        who = f": {', '.join(self.names)} {'is' if len(self.names) == 1 else 'are'} now {self.region.value}" \
            if self.names else ""
        return (f"{self.site_name} (square {self.square}) is now {kind} site, so its subsurface is "
                f"{self.region.value}{who}.")

    def data(self) -> dict[str, Any]:
        return {"square": self.square, "region": self.region.value, "units": list(self.units)}


# ---------------------------------------------------------------------------- attacks, fights

@dataclass(frozen=True)
class Attacked(Event):
    kind: ClassVar[str] = "attack"
    unit: str
    name: str
    target: dict[str, Any]
    target_name: str
    at: Location
    moved: str

    def text(self) -> str:
        return f"{self.name} {self.moved} and attacks {self.target_name}."


@dataclass(frozen=True)
class Targeted(Event):
    """A unit's ability declared its targets as it was used (Codex "Target": "before it even goes
    on the storyline, you must declare all targets"): what "Whenever X targets ..." hears."""

    kind: ClassVar[str] = "targets_declared"
    unit: str
    name: str
    targets: tuple[str, ...]
    names: tuple[str, ...]

    def text(self) -> str:
        return f"{self.name}'s ability targets {', '.join(self.names)}."


@dataclass(frozen=True)
class CountersChanged(Event):
    """The counters on a card changed (`effects.counters`): it entered the realm with them, or an
    effect added or removed some. ``card`` is its key (``artifact:<id>``, ``unit:<id>``...)."""

    kind: ClassVar[str] = "counters"
    card: str
    name: str
    before: int
    after: int
    how: str                             # "enter", "add" or "remove"

    def text(self) -> str:
        if self.how == "enter":
            return f"{self.name} enters the realm with {self.after} counter{'s' if self.after != 1 else ''}."
        changed = abs(self.after - self.before)
        if changed == 0:
            return f"{self.name} has no counter to remove."
        verb = "added to" if self.how == "add" else "removed from"
        return f"{changed} counter{'s' if changed != 1 else ''} {verb} {self.name} ({self.after} now)."


@dataclass(frozen=True)
class AttackEnded(Event):
    """An attack's fight is over and how it went is known: what "whenever an affected site is
    successfully attacked" listens for (Codex "Fight": 'successfully attack' effects resolve with the
    'kill' effects, once strikes are dealt). Not narrated: the strikes already told it. ``struck``:
    what was attacked stayed in the attack and met the attacker (an undefended site struck);
    ``killed``: the attacked unit died in it."""

    kind: ClassVar[str] = "attack_over"
    narrated: ClassVar[bool] = False
    unit: str
    name: str
    target: dict[str, Any]
    struck: bool
    killed: bool = False


@dataclass(frozen=True)
class AttackRefused(Event):
    """The declared attack is not legal, so no attack happens."""

    kind: ClassVar[str] = "no_attack"
    unit: str
    name: str
    target_name: str
    reason: Reason

    def text(self) -> str:
        return f"{self.name} cannot attack {self.target_name}: {explain(self.reason)}; no attack happened."


@dataclass(frozen=True)
class NoAttack(Event):
    """Move and Attack ended without an attack: the intercept window opens."""

    kind: ClassVar[str] = "no_attack"
    unit: str
    name: str
    at: Location
    moved: str

    def text(self) -> str:
        return (f"{self.name} {self.moved} and does not attack; the intercept window opens at the {self.at}.")


@dataclass(frozen=True)
class Defended(Event):
    kind: ClassVar[str] = "defend"
    unit: str
    name: str
    start: Location
    path: tuple[Location, ...]

    def text(self) -> str:
        if self.path:
            return f"{self.name} taps to defend, moving {path_text((self.start,) + self.path)}."
        return f"{self.name} taps to defend where it is."


@dataclass(frozen=True)
class Intercepted(Event):
    kind: ClassVar[str] = "intercept"
    unit: str
    name: str
    mover: str
    mover_name: str
    at: Location

    def text(self) -> str:
        return f"{self.name} taps to intercept {self.mover_name} at the {self.at}."


@dataclass(frozen=True)
class Fought(Event):
    """A fight is over: the units of its two sides fought each other (Codex "Fight"), heard by
    "Whenever X fights" triggers."""

    kind: ClassVar[str] = "fought"
    side_a: tuple[str, ...]
    side_b: tuple[str, ...]
    names: tuple[str, ...] = ()

    def text(self) -> str:
        return f"{_names(self.names)} fought." if self.names else "The fight is over."


@dataclass(frozen=True)
class JoinedFight(Event):
    kind: ClassVar[str] = "join"
    unit: str
    name: str

    def text(self) -> str:
        return f"{self.name} joins the fight as a defender."


@dataclass(frozen=True)
class TargetKept(Event):
    kind: ClassVar[str] = "target_stays"
    target_name: str

    def text(self) -> str:
        return f"The defending player keeps {self.target_name} in the fight."


@dataclass(frozen=True)
class TargetRemoved(Event):
    kind: ClassVar[str] = "target_removed"
    target_name: str
    by_choice: bool = True

    def text(self) -> str:
        if self.by_choice:
            return f"The defending player removes {self.target_name} from the fight."
        return f"{self.target_name[0].upper()}{self.target_name[1:]} is removed from the attack."


@dataclass(frozen=True)
class Struck(Event):
    """A unit strikes: ``split`` is the damage it assigns to each struck unit (by id)."""

    kind: ClassVar[str] = "strike"
    unit: str
    name: str
    power: int
    split: dict[str, int]
    split_names: dict[str, str]
    first: bool = False

    def text(self) -> str:
        targets = ", ".join(f"{self.split_names.get(t, t)} {n}" for t, n in self.split.items())
        return f"{self.name} strikes{' first' if self.first else ''} for {self.power} ({targets})."


@dataclass(frozen=True)
class SiteStruck(Event):
    """An undefended site is struck: its controller loses life (it is not damage to a unit)."""

    kind: ClassVar[str] = "strike_site"
    unit: str
    name: str
    square: int
    site_name: str
    power: int
    #: the damage the site took, once changes to the damage its striker deals applied (None: ``power``)
    dealt: int | None = None

    def text(self) -> str:
        return f"{self.name} strikes {self.site_name} (square {self.square}) for {self.power}."

    @property
    def damage(self) -> int:
        return self.power if self.dealt is None else self.dealt


@dataclass(frozen=True)
class ProjectileStruck(Event):
    """A ranged shooter strikes the unit its projectile hit."""

    kind: ClassVar[str] = "strike"
    unit: str
    name: str
    target: str
    target_name: str
    power: int

    def text(self) -> str:
        return f"The projectile hits {self.target_name}; {self.name} strikes it for {self.power}."


@dataclass(frozen=True)
class DamageModified(Event):
    kind: ClassVar[str] = "modify_damage"
    unit: str
    name: str
    by: str
    before: int
    after: int

    def text(self) -> str:
        verb = "reduces" if self.after < self.before else "increases"
        return f"{self.by} {verb} the damage to {self.name} from {self.before} to {self.after}."


@dataclass(frozen=True)
class NoDamage(Event):
    """Zero damage is no damage: nothing is dealt."""

    kind: ClassVar[str] = "no_damage"
    unit: str
    name: str
    source_name: str
    what: str

    def text(self) -> str:
        return f"{_cap(self.source_name)}'s {self.what} deals no damage to {self.name}: zero damage is no damage."


@dataclass(frozen=True)
class DamagePrevented(Event):
    kind: ClassVar[str] = "prevent_damage"
    unit: str
    name: str
    amount: int
    why: str

    def text(self) -> str:
        return f"{self.name} {self.why}; the {self.amount} damage is prevented."


@dataclass(frozen=True)
class Damaged(Event):
    """A minion took damage (damage to Avatars and sites is life loss: `LifeLost`)."""

    kind: ClassVar[str] = "damage"
    unit: str
    name: str
    source: str | None
    source_name: str
    amount: int
    total: int
    defense: int
    split_power: bool = False

    def text(self) -> str:
        return (f"{_cap(self.source_name)} deals {self.amount} damage to {self.name} ({self.total} damage against "
                f"{'defense ' if self.split_power else ''}power {self.defense}).")


@dataclass(frozen=True)
class AvatarDamaged(Event):
    """An Avatar was dealt damage (its player lost the life, or took a death blow: told by `LifeLost`
    and `DeathBlow`): what "whenever this Avatar is dealt damage" hears, with who dealt it."""

    kind: ClassVar[str] = "avatar_damaged"
    narrated: ClassVar[bool] = False
    unit: str
    name: str
    source: str | None
    source_name: str
    amount: int

    def text(self) -> str:
        return f"{_cap(self.source_name)} deals {self.amount} damage to {self.name}."


@dataclass(frozen=True)
class DeathBlow(Event):
    kind: ClassVar[str] = "death_blow"
    unit: str
    name: str
    player: str
    source_name: str
    amount: int

    def text(self) -> str:
        return f"{self.source_name} deals {self.amount} damage to {self.name}, who is at death's door: a death blow."


@dataclass(frozen=True)
class SiteDamaged(Event):
    """A site took damage (struck by an attack, or dealt damage by an effect; Codex "Damage": "Damage
    dealt to a site causes the player who controls the site to lose life"): what "when this site is
    damaged" hears. The life its controller loses is told apart (`LifeLost`)."""

    kind: ClassVar[str] = "site_damaged"
    square: int
    site_name: str
    amount: int
    source: str | None = None
    source_name: str = ""

    def text(self) -> str:
        by = f" by {self.source_name}" if self.source_name else ""
        return f"{self.site_name} (square {self.square}) is damaged{by} ({self.amount})."


@dataclass(frozen=True)
class AttackCause:
    """An attack as the cause of a loss of life: its attacker, whether it was defended, and its location."""

    attacker: str
    defended: bool
    at: Location | None = None


@dataclass(frozen=True)
class LifeLost(Event):
    kind: ClassVar[str] = "lose_life"
    player: str
    amount: int
    before: int
    life: int
    because: str
    #: the attack whose strike caused it, if one did ("due to an undefended attack nearby"): the attacker,
    #: whether any unit defended, and where the attack was
    attack: "AttackCause | None" = None

    def text(self) -> str:
        return f"{self.because}: {self.player} loses {self.amount} life ({self.before} to {self.life})."


@dataclass(frozen=True)
class LifeUnchanged(Event):
    kind: ClassVar[str] = "life_unchanged"
    player: str
    because: str
    from_damage: bool

    def text(self) -> str:
        return (f"{self.because}; {self.player} is at death's door, so their life cannot change"
                + ("" if self.from_damage else ", and losing life is never a death blow") + ".")


@dataclass(frozen=True)
class ReachedDeathsDoor(Event):
    kind: ClassVar[str] = "deaths_door"
    player: str

    def text(self) -> str:
        return (f"{self.player} is reduced to 0 life and is at death's door; their Avatar is immune to damage "
                "for the rest of this turn.")


@dataclass(frozen=True)
class LanceBroke(Event):
    kind: ClassVar[str] = "lance_breaks"
    unit: str
    name: str
    count: int

    def text(self) -> str:
        return f"{self.name}'s Lance{'s' if self.count > 1 else ''} break{'' if self.count > 1 else 's'}."


@dataclass(frozen=True)
class StealthLost(Event):
    kind: ClassVar[str] = "lose_stealth"
    unit: str
    name: str
    why: str = "struck"

    def text(self) -> str:
        return f"{self.name} {self.why}, so it loses Stealth."


@dataclass(frozen=True)
class WardBroke(Event):
    """A Ward breaks instead of its unit or site being damaged, destroyed or targeted."""

    kind: ClassVar[str] = "ward_breaks"
    target: str
    name: str
    instead: str

    def text(self) -> str:
        return f"{self.name}'s Ward breaks instead of it being {self.instead}."


# ---------------------------------------------------------------------------- artifacts and carrying

def _names(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else (names[0] if names else "nothing")


@dataclass(frozen=True)
class PickedUp(Event):
    """A unit used its Pick Up basic ability: it now carries what it picked up."""

    kind: ClassVar[str] = "pick_up"
    unit: str
    name: str
    items: tuple[str, ...]
    item_names: tuple[str, ...]
    by: str = ""             # the card whose effect makes it pick them up (empty: its Pick Up ability)

    def text(self) -> str:
        if self.by:
            return f"{self.name} picks up {_names(self.item_names)} ({self.by}'s effect, not its Pick Up ability)."
        return f"{self.name} uses Pick Up and picks up {_names(self.item_names)}."


@dataclass(frozen=True)
class Dropped(Event):
    """What a unit carried lies where it is now: dropped with Drop (``cause`` empty) or automatically."""

    kind: ClassVar[str] = "drop"
    unit: str
    name: str
    items: tuple[str, ...]
    item_names: tuple[str, ...]
    at: Location
    cause: str = ""

    def text(self) -> str:
        if not self.cause:
            return f"{self.name} uses Drop: {_names(self.item_names)} now lie{'' if len(self.items) > 1 else 's'} " \
                   f"at the {self.at}."
        return f"{_names(self.item_names)} {'are' if len(self.items) > 1 else 'is'} dropped at the {self.at}: {self.cause}."


@dataclass(frozen=True)
class CarriedAlong(Event):
    """Artifacts a moving unit carries move with it."""

    kind: ClassVar[str] = "carry"
    unit: str
    name: str
    items: tuple[str, ...]
    item_names: tuple[str, ...]

    def text(self) -> str:
        return f"{_names(self.item_names)} {'move' if len(self.items) > 1 else 'moves'} with {self.name}, who carries " \
               f"{'them' if len(self.items) > 1 else 'it'}."


@dataclass(frozen=True)
class NotMoved(Event):
    """A unit that would be moved (by an effect, a teleport, its carrier) or summoned by an effect
    stays where it was: it cannot enter there, no path reaches there, or it is already there."""

    kind: ClassVar[str] = "not_moved"
    unit: str
    name: str
    to: Location
    reason: Reason
    why: str = ""
    summoned: bool = False

    def text(self) -> str:
        if self.reason is Reason.SAME_LOCATION:
            return f"{self.name} is already at the {self.to}: moving there is not moving, and it does not enter it."
        if self.summoned:
            return (f"{self.name} cannot enter the {self.to} ({explain(self.reason)}), so it is not summoned "
                    "and stays where it was.")
        return f"{self.name} does not move" + (f" {self.why}" if self.why else "") + \
            f" (to the {self.to}): {explain(self.reason)}."


@dataclass(frozen=True)
class Stopped(Event):
    """A unit that moved stops: no further movement for it is on the storyline (Codex "Stops")."""

    kind: ClassVar[str] = "stop"
    unit: str
    name: str
    at: Location

    def text(self) -> str:
        return f"{self.name} stops at the {self.at}."


@dataclass(frozen=True)
class ArtifactBroken(Event):
    """An artifact was destroyed: to its owner's cemetery (a broken artifact), or banished if a token."""

    kind: ClassVar[str] = "broken"
    artifact: str
    name: str
    at: Location
    token: bool = False
    controller: str | None = None      # who controlled it as it left (its own triggers are theirs)
    words: str = ""                    # its text as it left: "When this is destroyed, ..." hears this
    #: the artifact as it left the realm (last known information: "Whenever an artifact you control is
    #: destroyed" is read of it); not part of the ruling's data
    was: Any = field(default=None, compare=False, repr=False, metadata=NOT_DATA)

    def text(self) -> str:
        if self.token:
            return f"{self.name} is destroyed; it is a token, so it is banished instead of going to a cemetery."
        return f"{self.name} is destroyed and put into its owner's cemetery: it is now a broken artifact."


@dataclass(frozen=True)
class GenesisReactivated(Event):
    """An effect triggers a card's Genesis again ("Reactivate the Genesis abilities of your nearby
    Deserts"): its Genesis abilities go onto the storyline as if it had just entered (`storyline`)."""

    kind: ClassVar[str] = "reactivated"
    card: str            # "site:13", "unit:<id>", "artifact:<id>", "aura:<id>"
    name: str

    def text(self) -> str:
        return f"{self.name}'s Genesis is triggered again."


# ---------------------------------------------------------------------------- death and the game

@dataclass(frozen=True)
class Marked(Event):
    """A minion is marked for death (Codex "Die"); it goes to the cemetery after its triggers."""

    kind: ClassVar[str] = "marked"
    unit: str
    name: str
    at: Location
    cause: str
    killers: tuple[str, ...] = ()
    killer_names: tuple[str, ...] = ()
    by_damage: bool = False              # it dies of the damage on it (lethal damage, or a Lethal unit's)

    def text(self) -> str:
        credit = f" {' and '.join(self.killer_names)} {'gets' if len(self.killer_names) == 1 else 'share'} credit " \
                 "for the kill" if self.killer_names else ""
        return f"{self.name} is marked for death: {self.cause}." + (f"{credit}." if credit else "")


@dataclass(frozen=True)
class Died(Event):
    """A marked minion is put into its owner's cemetery (a token is banished instead): it died."""

    kind: ClassVar[str] = "died"
    unit: str
    name: str
    at: Location
    cause: str
    owner: str = ""
    controller: str = ""
    token: bool = False
    banished: bool = False        # an effect sent it to the banished area instead ("banish the minions they kill")
    went: str = ""                # marked, it was already moved to this zone by an effect (its Deathrite's "return it")

    def text(self) -> str:
        if self.went:
            return (f"{self.name} died ({self.cause}), and an effect had already put it into its owner's {self.went}: "
                    "it is not put into a cemetery, and it still counts as having died.")
        if self.token:
            return f"{self.name} dies ({self.cause}); it is a token, so it is banished instead of going to a cemetery."
        if self.banished:
            return f"{self.name} dies ({self.cause}) and is banished instead of going to a cemetery."
        whose = f"its owner's ({self.owner}'s)" if self.owner and self.owner != self.controller else "its owner's"
        return f"{self.name} dies ({self.cause}) and is put into {whose} cemetery."


@dataclass(frozen=True)
class Banished(Event):
    kind: ClassVar[str] = "banished"
    unit: str
    name: str
    at: Location
    cause: str

    def text(self) -> str:
        return f"{self.name} is banished: {self.cause}."


@dataclass(frozen=True)
class GameWon(Event):
    """The game is over: ``how`` is ``death_blow``, ``empty_deck`` or ``effect``."""

    kind: ClassVar[str] = "game_over"
    winner: str
    loser: str
    how: str = "death_blow"

    def text(self) -> str:
        why = {"death_blow": f"{self.loser}'s Avatar suffered a death blow",
               "empty_deck": f"{self.loser} attempted to draw a card from an empty deck"}.get(
            self.how, f"an effect makes {self.loser} lose")
        return f"{self.winner} wins: {why}."


@dataclass(frozen=True)
class GameDrawn(Event):
    kind: ClassVar[str] = "draw"

    def text(self) -> str:
        return "Both Avatars suffered a death blow at once: the game is a draw."


# ---------------------------------------------------------------------------- the storyline

@dataclass(frozen=True)
class TriggerAdded(Event):
    """A triggered ability goes onto the storyline."""

    kind: ClassVar[str] = "trigger"
    unit: str
    name: str
    ability: str
    controller: str
    position: int

    def text(self) -> str:
        return f"{self.name}'s ability \u201c{self.ability}\u201d goes onto the storyline ({self.controller}'s)."


@dataclass(frozen=True)
class AbilityNotExecuted(Event):
    """A card's ability that this engine version does not execute: said, never dropped."""

    kind: ClassVar[str] = "not_executed"
    unit: str
    name: str
    what: str
    why: str = "this engine version does not execute it yet"

    def text(self) -> str:
        return f"{self.name}: {self.what} is not applied ({self.why})."


@dataclass(frozen=True)
class EffectIgnored(Event):
    """A storyline event whose source left the realm before it resolved is ignored."""

    kind: ClassVar[str] = "ignored"
    unit: str
    name: str
    ability: str

    def text(self) -> str:
        return f"{self.name} is no longer in the realm, so its ability \u201c{self.ability}\u201d is ignored."


# ---------------------------------------------------------------------------- projectiles

@dataclass(frozen=True)
class ProjectileFlew(Event):
    kind: ClassVar[str] = "projectile"
    unit: str
    path: tuple[Location, ...]
    stopped: str
    hits: tuple[str, ...]

    def text(self) -> str:
        end = {"hit": "it hits a unit", "range": "it reaches its range",
               "edge": "it reaches the edge of its region",
               "barred": "a card keeps projectiles out of the next site"}[self.stopped]
        return f"The projectile flies {path_text(self.path)} and stops because {end}."


@dataclass(frozen=True)
class NotHit(Event):
    kind: ClassVar[str] = "not_hit"
    unit: str
    name: str

    def text(self) -> str:
        return f"{self.name} has Stealth and cannot be hit."


@dataclass(frozen=True)
class ProjectileHit(Event):
    kind: ClassVar[str] = "hit"
    target: str
    name: str
    amount: int

    def text(self) -> str:
        return f"The projectile hits {self.name} for {self.amount} damage."


# ---------------------------------------------------------------------------- casting, sites, mana

@dataclass(frozen=True)
class Summoned(Event, Entering):
    """A minion enters the realm at a location (Codex "Enter": summoned there)."""

    kind: ClassVar[str] = "summon"
    unit: str
    name: str
    at: Location
    controller: str

    def text(self) -> str:
        return f"{self.name} is summoned to the {self.at}."

    def entry(self) -> Entry:
        return Entry(self.unit, None, self.at)


@dataclass(frozen=True)
class Conjured(Event):
    """An artifact or aura enters the realm (Codex "Conjure": "Conjure means 'enter the realm,' for
    artifacts and auras"). ``card`` is its ``kind:id`` in the realm (its Genesis and what listens
    for cards entering the realm fire on it), ``player`` who conjured it, ``at`` where (an aura:
    its top-left square); Rubble filling voids has no card."""

    kind: ClassVar[str] = "conjure"
    name: str
    where: str
    card: str = ""
    player: str = ""
    at: Location | None = None

    def text(self) -> str:
        return f"{self.name} is conjured {self.where}."


@dataclass(frozen=True)
class Animated(Event):
    """An aura or artifact became a minion as well (Codex "Animate"): a unit on the board, which
    did not enter the realm."""

    kind: ClassVar[str] = "animate"
    unit: str
    name: str
    card_kind: str
    form: str
    power: int
    where: str
    controller: str

    def text(self) -> str:
        return (f"{self.name} is animated: the {self.card_kind} is also {self.form} with power {self.power}, "
                f"controlled by {self.controller}, at the {self.where}; it did not enter the realm.")


@dataclass(frozen=True)
class SpellCast(Event):
    """A spell is cast: it goes onto the storyline and resolves from it."""

    kind: ClassVar[str] = "cast"
    narrated: ClassVar[bool] = False
    caster: str
    spell: str
    spell_type: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class MagicResolved(Event):
    kind: ClassVar[str] = "cast_magic"
    spell: str
    targets: tuple[str, ...]
    executed: bool
    partly: bool = False            # some of its abilities resolve, the others are named

    def text(self) -> str:
        aimed = f" targeting {', '.join(self.targets)}" if self.targets else ""
        tail = "" if self.executed else (" (Part of its card text is not resolved by this version of the engine.)"
                                         if self.partly else
                                         " (Its card-text effect is not resolved by this version of the engine.)")
        return f"{self.spell} is cast{aimed}.{tail}"


@dataclass(frozen=True)
class ManaPaid(Event):
    kind: ClassVar[str] = "pay"
    player: str
    amount: int
    left: int

    def text(self) -> str:
        return f"{self.player} pays {self.amount} mana ({self.left} left)."


@dataclass(frozen=True)
class ManaGained(Event):
    kind: ClassVar[str] = "mana"
    player: str
    amount: int
    total: int
    source: str

    def text(self) -> str:
        return f"{self.source}, so {self.player} has {self.total} mana."


@dataclass(frozen=True)
class SitePlayed(Event):
    kind: ClassVar[str] = "play_site"
    square: int
    name: str
    player: str
    by: str
    replaced_rubble: bool
    tapped: bool = True

    def text(self) -> str:
        how = f"{self.by} taps to play" if self.tapped else f"{self.player} plays"
        return (f"{how} {self.name} on square {self.square}"
                + (", replacing rubble" if self.replaced_rubble else "") + ".")


@dataclass(frozen=True)
class SiteDestroyed(Event):
    """A site was destroyed: it goes to its owner's cemetery, leaving a Rubble token."""

    kind: ClassVar[str] = "destroy_site"
    square: int
    name: str
    owner: str | None
    was_rubble: bool = False
    controller: str | None = None      # who controlled it as it left (its own triggers are theirs)
    words: str = ""                    # its text as it left: "When this site is destroyed, ..." hears this
    #: the site as it left the realm (last known information: "Whenever a site you control is
    #: destroyed" is read of it, not of the Rubble left behind); not part of the ruling's data
    was: Any = field(default=None, compare=False, repr=False, metadata=NOT_DATA)

    def text(self) -> str:
        if self.was_rubble:
            return (f"The Rubble on square {self.square} is destroyed: a token leaves the realm, and a Rubble token "
                    "is left behind.")
        whose = f"{self.owner}'s cemetery" if self.owner else "its owner's cemetery"
        return f"{self.name} (square {self.square}) is destroyed: it goes to {whose}, leaving a Rubble token."


@dataclass(frozen=True)
class SiteFlooded(Event):
    kind: ClassVar[str] = "flood"
    square: int
    name: str
    this_turn: bool

    def text(self) -> str:
        return (f"{self.name} (square {self.square}) is flooded{' this turn' if self.this_turn else ''}: "
                "it gains the Flooded ability and is a water site.")


@dataclass(frozen=True)
class FloodEnded(Event):
    kind: ClassVar[str] = "flood_ends"
    square: int
    name: str
    why: str = "with the turn"

    def text(self) -> str:
        return f"The flood on {self.name} (square {self.square}) ends {self.why}: it loses Flooded."


@dataclass(frozen=True)
class StrikeWithheld(Event):
    """A unit in a fight does not strike (it is disabled)."""

    kind: ClassVar[str] = "no_strike"
    unit: str
    name: str
    why: str

    def text(self) -> str:
        return f"{self.name} does not strike: {self.why}."


@dataclass(frozen=True)
class TriggerSkipped(Event):
    """A triggered ability that would fire does not: its card has no abilities now."""

    kind: ClassVar[str] = "no_trigger"
    unit: str
    name: str
    ability: str
    why: str

    def text(self) -> str:
        return f"{self.name}'s ability \u201c{self.ability}\u201d does not trigger: {self.why}."


# ---------------------------------------------------------------------------- turns

@dataclass(frozen=True)
class Untapped(Event):
    kind: ClassVar[str] = "untap"
    player: str
    names: tuple[str, ...]

    def text(self) -> str:
        return f"{self.player}'s cards untap" + (f" ({', '.join(self.names)})." if self.names else ".")


@dataclass(frozen=True)
class DamageRemoved(Event):
    kind: ClassVar[str] = "heal"
    names: tuple[str, ...]

    def text(self) -> str:
        return "All damage is removed from minions" + (f" ({', '.join(self.names)})." if self.names else ".")


@dataclass(frozen=True)
class ManaLost(Event):
    kind: ClassVar[str] = "mana_lost"
    player: str
    amount: int

    def text(self) -> str:
        return f"{self.player}'s {self.amount} unspent mana is lost."


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_start"
    narrated: ClassVar[bool] = False
    player: str
    number: int


@dataclass(frozen=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_end"
    narrated: ClassVar[bool] = False
    player: str
    number: int


@dataclass(frozen=True)
class TurnOver(Event):
    """A turn is over: its end phase is done and the turn has passed ("After each turn, ...")."""

    kind: ClassVar[str] = "turn_over"
    narrated: ClassVar[bool] = False
    player: str
    number: int


@dataclass(frozen=True)
class TurnPassed(Event):
    kind: ClassVar[str] = "turn"
    active: str
    number: int

    def text(self) -> str:
        return f"The turn passes to {self.active} (turn {self.number})."


@dataclass(frozen=True)
class PhaseBegan(Event):
    """A phase of the active player's turn begins (Codex "Turn Overview")."""

    kind: ClassVar[str] = "phase"
    player: str
    phase: str
    number: int

    def text(self) -> str:
        return f"{self.player}'s {self.phase} phase of turn {self.number} begins."


@dataclass(frozen=True)
class EffectEnded(Event):
    """A lasting effect ends (at the end of the turn, or as its controller's next turn begins)."""

    kind: ClassVar[str] = "effect_ends"
    name: str
    until: str
    units: tuple[str, ...]

    def text(self) -> str:
        when = {"end_of_turn": "the turn is over", "until damage": "it lasted until its unit took damage",
                "until condition": "what it lasted until has happened",
                "until again": "the ability that made it does so again",
                "until control": "the card that made it left the realm or its controller's control",
                "used": "the spell it applied to was cast"}.get(self.until, "it lasted until this turn")
        on = f" on {', '.join(self.units)}" if self.units else ""
        return f"{self.name}{on} ends: {when}."


# ---------------------------------------------------------------------------- zones and the opening

@dataclass(frozen=True)
class Drew(Event):
    """A player drew cards from a deck into their hand (``deck`` None: the scenario left the
    choice open and nothing it tracks depends on it)."""

    kind: ClassVar[str] = "draw_card"
    player: str
    deck: str | None
    count: int
    names: tuple[str, ...] = ()

    def text(self) -> str:
        what = {"spellbook": "spell", "atlas": "site"}.get(self.deck or "", "card")
        noun = f"{self.count} {what}s" if self.count != 1 else f"a {what}"
        src = f" from their {self.deck}" if self.deck else " from their spellbook or atlas (their choice)"
        named = f" ({', '.join(self.names)})" if self.names else ""
        return f"{self.player} draws {noun}{src}{named}."


_ZONE_NAMES = {"banished": "banished area"}


@dataclass(frozen=True)
class CardsMoved(Event):
    """Cards moved from one of a player's zones to another (``frm`` None: from the realm or the
    storyline). ``unnamed`` counts the cards the scenario does not name."""

    kind: ClassVar[str] = "move_card"
    owner: str
    names: tuple[str, ...]
    unnamed: int
    frm: str | None
    to: str
    why: str
    bottom: bool = False

    def text(self) -> str:
        parts = list(self.names) + ([f"{self.unnamed} unnamed card{'s' if self.unnamed != 1 else ''}"]
                                    if self.unnamed else [])
        what = ", ".join(parts) or "No card"
        src = f" from {self.owner}'s {_ZONE_NAMES.get(self.frm, self.frm)}" if self.frm else ""
        to = _ZONE_NAMES.get(self.to, self.to)
        zone = f"the {to}" if self.to in ("realm", "storyline") else f"{self.owner}'s {to}"
        where = f"the bottom of {zone}" if self.bottom else zone
        verb = "goes" if len(self.names) + self.unnamed == 1 else "go"
        return f"{what} {verb}{src} to {where}: {self.why}."


@dataclass(frozen=True)
class CardsSeen(Event):
    """A player looked at cards (or revealed them to every player)."""

    kind: ClassVar[str] = "look"
    player: str
    names: tuple[str, ...]
    reveal: bool = False

    def text(self) -> str:
        what = ", ".join(self.names) or "no card"
        return f"{self.player} {'reveals' if self.reveal else 'looks at'} {what}."


@dataclass(frozen=True)
class Shuffled(Event):
    kind: ClassVar[str] = "shuffle"
    player: str
    deck: str

    def text(self) -> str:
        return f"{self.player} shuffles their {self.deck}."


@dataclass(frozen=True)
class FirstPlayer(Event):
    """Who takes the first turn (Codex "Setup")."""

    kind: ClassVar[str] = "first_player"
    player: str

    def text(self) -> str:
        return (f"{self.player} takes the first turn. The sources differ on how that is decided: the Codex has it "
                "decided randomly, the rulebook also lets the players agree; either way, the scenario says who.")


@dataclass(frozen=True)
class AvatarPlaced(Event):
    kind: ClassVar[str] = "place_avatar"
    unit: str
    name: str
    at: Location

    def text(self) -> str:
        return f"{self.name} is placed on square {self.at.square}, the middle of its player's bottom row."


@dataclass(frozen=True)
class Searched(Event):
    """A player searched a zone for a card, and found it or not."""

    kind: ClassVar[str] = "search"
    player: str
    zone: str
    owner: str
    card: str
    found: bool
    why: str = ""

    def text(self) -> str:
        whose = "their" if self.owner == self.player else f"{self.owner}'s"
        result = "finds it" if self.found else "does not find it"
        return f"{self.player} searches {whose} {self.zone} for {self.card} and {result}" + (
            f": {self.why}." if self.why else ".")


# ---------------------------------------------------------------------------- life and control

@dataclass(frozen=True)
class LifeGained(Event):
    kind: ClassVar[str] = "gain_life"
    player: str
    amount: int
    before: int
    life: int

    def text(self) -> str:
        capped = " (its maximum)" if self.life - self.before < self.amount else ""
        return f"{self.player} heals {self.amount}: life {self.before} to {self.life}{capped}."


@dataclass(frozen=True)
class LifeSet(Event):
    kind: ClassVar[str] = "set_life"
    player: str
    before: int
    life: int

    def text(self) -> str:
        return f"{self.player}'s life is set from {self.before} to {self.life}; this is not healing."


@dataclass(frozen=True)
class MinionHealed(Event):
    kind: ClassVar[str] = "heal_minion"
    unit: str
    name: str
    amount: int
    damage: int

    def text(self) -> str:
        return f"{self.amount} damage is removed from {self.name} ({self.damage} left)."


@dataclass(frozen=True)
class ControlChanged(Event):
    kind: ClassVar[str] = "control"
    what: str
    name: str
    frm: str | None
    to: str
    owner: str | None
    why: str = field(default="", metadata=NOT_DATA)    # what made control change, when a rule did

    def text(self) -> str:
        owner = f"; its owner is still {self.owner}" if self.owner and self.owner != self.to else ""
        why = f": {self.why}" if self.why else ""
        return f"{self.to} gains control of {self.name}{' from ' + self.frm if self.frm else ''}{owner}{why}."


# ---------------------------------------------------------------------------- card effects

@dataclass(frozen=True)
class UntappedByEffect(Event):
    kind: ClassVar[str] = "untap_effect"
    unit: str
    name: str

    def text(self) -> str:
        return f"{self.name} untaps."


@dataclass(frozen=True)
class AuraDispelled(Event):
    kind: ClassVar[str] = "dispel"
    aura: str
    name: str

    def text(self) -> str:
        return f"{self.name} is dispelled."


@dataclass(frozen=True)
class EffectBegan(Event):
    """A lasting effect begins: what it gives, to whom, until when."""

    kind: ClassVar[str] = "effect_begins"
    name: str
    until: str
    units: tuple[str, ...]
    what: str

    def text(self) -> str:
        when = {"end_of_turn": "until the end of the turn", "next_turn": "until its controller's next turn",
                "source": f"while {self.name} is in the realm", "permanent": "permanently",
                "until damage": "until it takes damage", "until condition": "until that changes",
                "until again": "until its ability does so again",
                "until control": f"while its controller controls {self.name}"}.get(self.until,
                                                                                                      self.until)
        return f"{self.name} gives {', '.join(self.units)} {self.what} {when}."


@dataclass(frozen=True)
class AbilityResolved(Event):
    """A card's ability resolves from the storyline (or a spell's effect as it is cast)."""

    kind: ClassVar[str] = "ability"
    unit: str
    name: str
    ability: str

    def text(self) -> str:
        return f"{self.name}'s ability resolves: \u201c{self.ability}\u201d"
