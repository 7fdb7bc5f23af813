"""The token minions the Codex defines (Codex "Token", "Foot Soldier Token", "Frog Token",
"Bruin", "Tawny"): their power and abilities, in the Codex's own words.

A scenario unit may say ``"token": "Frog"``; its power and text then come from here (fields the
scenario gives override them) and the ruling cites the token's entry. Any unit may also be a token
with ``"token": true`` (e.g. a token copy). Tokens are cards in the realm (Codex "Card"); when one
would leave the realm it is banished instead (`GameState.remove_unit`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from codex.engine.events import Event
    from codex.engine.state import Unit


@dataclass(frozen=True)
class TokenKind:
    """A token the Codex defines: printed power and text, and the rule (id) that defines it."""

    name: str
    power: int
    text: str
    subtypes: tuple[str, ...]
    rarity: str
    element: str
    rule: str


TOKENS: dict[str, TokenKind] = {t.name.casefold(): t for t in (
    TokenKind("Foot Soldier", 1, "", ("Mortal",), "Ordinary", "earth", "foot-soldier-token"),
    TokenKind("Frog", 0, "Submerge", ("Beast",), "Ordinary", "water", "frog-token"),
    TokenKind("Bruin", 4, "While near your Avatar, Bruin takes damage for them.", ("Beast",), "Unique", "earth",
              "bruin"),
    TokenKind("Tawny", 1, "Airborne, Spellcaster, Can't defend", ("Beast",), "Unique", "air", "tawny"),
)}

#: Tokens that are not minions (Codex "Token": typical token sites and artifacts).
OTHER_TOKENS = ("Rubble", "Lance")


def token_kind(name: str) -> TokenKind | None:
    """The Codex token of that name ("Frog", "frog token", "Foot Soldier Token"), or None."""
    key = " ".join(name.split()).casefold()
    key = key.removesuffix(" token")
    return TOKENS.get(key)


def is_token_name(name: str) -> bool:
    """A name of a token the Codex defines, minion or not (tokens are never part of a deck)."""
    key = " ".join(name.split()).casefold().removesuffix(" token")
    return key in TOKENS or key in {t.casefold() for t in OTHER_TOKENS}


def told_tokens(units: Iterable[Unit]) -> list[Event]:
    """A note for each token on the board that the Codex defines: what it is, in the Codex's words."""
    from codex.engine.events import Note
    out: list[Event] = []
    for u in units:
        kind = token_kind(u.name) if u.token else None
        if kind is not None:
            out.append(Note("token", f"{u.name} is a {kind.name} token as the Codex defines it ({kind.power} power); "
                            "if it would leave the realm, it is banished instead.", {"unit": u.id},
                            rules=(kind.rule, "token")))
    return out
