"""Mana in Contracts: four colours, extractors and tanks, costs, and paying them.

Red, blue and yellow are elements (fire, water, light); grey is pure mana. An elemental cost is
paid only with mana of its colour; a grey cost with mana of any colour. Extractors and tanks are
counted per colour, full or empty; a full tank holds mana of the colour it was filled with (see
`TANK_COLOUR_READINGS`: the rulebook can be read two ways about that).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Literal, Mapping

Colour = Literal["red", "blue", "yellow", "grey"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "yellow", "grey")
ELEMENTS: tuple[Colour, ...] = ("red", "blue", "yellow")

#: The rulebook's other names for the colours ("fire/red. water/blue, light/yellow", "pure/grey").
ALIASES: dict[str, Colour] = {"red": "red", "fire": "red", "r": "red", "blue": "blue", "water": "blue", "b": "blue",
                              "yellow": "yellow", "light": "yellow", "y": "yellow", "grey": "grey", "gray": "grey",
                              "pure": "grey", "g": "grey"}


def colour_of(word: str) -> Colour:
    """A colour by any of its names (KeyError for an unknown one)."""
    return ALIASES[word.strip().lower()]


@dataclass(frozen=True)
class Colours:
    """A count per colour (of extractors, of tanks, of a cost)."""

    red: int = 0
    blue: int = 0
    yellow: int = 0
    grey: int = 0

    @classmethod
    def of(cls, counts: Mapping[Any, int]) -> "Colours":
        """From a mapping of colour names (any of their names, see `ALIASES`) to counts."""
        out = cls()
        for name, n in counts.items():
            out = out.plus(colour_of(name), n)
        return out

    def get(self, colour: Colour) -> int:
        value: int = getattr(self, colour)
        return value

    def _map(self, fn: Callable[[Colour], int]) -> "Colours":
        return Colours(fn("red"), fn("blue"), fn("yellow"), fn("grey"))

    def plus(self, colour: Colour, n: int = 1) -> "Colours":
        return self._map(lambda c: self.get(c) + (n if c == colour else 0))

    def minus(self, other: "Colours") -> "Colours":
        return self._map(lambda c: self.get(c) - other.get(c))

    def add(self, other: "Colours") -> "Colours":
        return self._map(lambda c: self.get(c) + other.get(c))

    @property
    def total(self) -> int:
        return sum(self.get(c) for c in COLOURS)

    def items(self) -> Iterator[tuple[Colour, int]]:
        """(colour, count) for every colour with a count, in the order red, blue, yellow, grey."""
        return ((c, self.get(c)) for c in COLOURS if self.get(c))

    def fits_in(self, other: "Colours") -> bool:
        return all(self.get(c) <= other.get(c) for c in COLOURS)

    def as_dict(self) -> dict[str, int]:
        return dict(self.items())

    def text(self) -> str:
        """``2 red, 1 grey``; ``nothing`` for none."""
        return ", ".join(f"{n} {c}" for c, n in self.items()) or "nothing"


NONE = Colours()
_COST_PART = re.compile(r"(\d*)\s*([rbygRBYG])")


def parse_cost(value: str | Mapping[Any, int]) -> Colours:
    """A cost as the scenario writes it: ``{"red": 2, "grey": 1}`` or compact ``"2R 1G"`` / ``"RRG"``
    (R red, B blue, Y yellow, G grey). ValueError names what cannot be read."""
    if not isinstance(value, str):
        return Colours.of(value)
    text = value.replace(",", " ").strip()
    out = NONE
    pos = 0
    for m in _COST_PART.finditer(text):
        if text[pos:m.start()].strip():
            break
        out = out.plus(colour_of(m.group(2)), int(m.group(1) or 1))
        pos = m.end()
    if text[pos:].strip():
        raise ValueError(f"cannot read the cost {value!r}: write it as letters R, B, Y, G with counts, e.g. \"2R 1G\"")
    return out


@dataclass(frozen=True)
class Mana:
    """A player's extractors and tanks, each colour counted full and empty."""

    extractors_full: Colours = NONE
    extractors_empty: Colours = NONE
    tanks_full: Colours = NONE      # the colour each full tank holds
    tanks_empty: int = 5

    @property
    def extractors(self) -> int:
        return self.extractors_full.total + self.extractors_empty.total

    def extractors_of(self, colour: Colour) -> int:
        return self.extractors_full.get(colour) + self.extractors_empty.get(colour)

    @property
    def available(self) -> Colours:
        return self.extractors_full.add(self.tanks_full)


@dataclass(frozen=True)
class Payment:
    """Which full extractors and tanks are emptied to pay a cost."""

    extractors: Colours = NONE
    tanks: Colours = NONE

    @property
    def total(self) -> int:
        return self.extractors.total + self.tanks.total

    def text(self) -> str:
        parts = []
        if self.extractors.total:
            parts.append(f"{self.extractors.text()} extractor{'s' if self.extractors.total > 1 else ''}")
        if self.tanks.total:
            parts.append(f"{self.tanks.text()} tank{'s' if self.tanks.total > 1 else ''}")
        return " and ".join(parts) or "nothing"


def covers(paid: Colours, cost: Colours) -> bool:
    """Whether mana of these colours pays exactly this cost: each element with its own colour, the
    grey part with whatever is left, and nothing more."""
    if paid.total != cost.total:
        return False
    spare = 0
    for c in ELEMENTS:
        if paid.get(c) < cost.get(c):
            return False
        spare += paid.get(c) - cost.get(c)
    return spare + paid.get("grey") == cost.get("grey")


def can_pay(mana: Mana, cost: Colours) -> bool:
    """Whether the full extractors and tanks can pay ``cost`` at all."""
    have = mana.available
    spare = 0
    for c in ELEMENTS:
        if have.get(c) < cost.get(c):
            return False
        spare += have.get(c) - cost.get(c)
    return spare + have.get("grey") >= cost.get("grey")


def default_payment(mana: Mana, cost: Colours) -> Payment | None:
    """The payment the engine makes when the scenario does not say: extractors before tanks (an
    extractor's mana is lost at the end of the turn, a tank's is kept), each element from its own
    colour, the grey part from grey mana first, then from the colour with the most mana left.
    None when the cost cannot be paid."""
    if not can_pay(mana, cost):
        return None
    ext, tank = mana.extractors_full, mana.tanks_full
    pay_e, pay_t = NONE, NONE
    for c in ELEMENTS:
        need = cost.get(c)
        from_e = min(need, ext.get(c))
        pay_e, pay_t = pay_e.plus(c, from_e), pay_t.plus(c, need - from_e)
    grey = cost.get("grey")
    for pool_is_ext in (True, False):
        pool = (ext if pool_is_ext else tank).minus(pay_e if pool_is_ext else pay_t)
        order: list[Colour] = ["grey", *sorted(ELEMENTS, key=lambda c: (-pool.get(c), COLOURS.index(c)))]
        for c in order:
            take = min(grey, pool.get(c))
            if take:
                if pool_is_ext:
                    pay_e = pay_e.plus(c, take)
                else:
                    pay_t = pay_t.plus(c, take)
                grey -= take
    return Payment(pay_e, pay_t)


def pay(mana: Mana, payment: Payment) -> Mana:
    """Empty the extractors and tanks of a payment (checked beforehand with `payment_problem`)."""
    return Mana(mana.extractors_full.minus(payment.extractors), mana.extractors_empty.add(payment.extractors),
                mana.tanks_full.minus(payment.tanks), mana.tanks_empty + payment.tanks.total)


def payment_problem(mana: Mana, payment: Payment, cost: Colours) -> str | None:
    """Why a declared payment cannot pay ``cost`` (None when it can)."""
    if not payment.extractors.fits_in(mana.extractors_full):
        return f"the player does not have {payment.extractors.text()} full extractors"
    if not payment.tanks.fits_in(mana.tanks_full):
        return f"the player does not have {payment.tanks.text()} full tanks"
    if not covers(payment.extractors.add(payment.tanks), cost):
        return f"{payment.text()} does not pay {cost.text()}"
    return None
