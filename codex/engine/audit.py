"""Executable cards tried on a board (``arbiter cards audit FILE.json``).

`executable.card_problems` says which cards the engine *claims* to run: every ability maps to a
primitive it knows. This module checks the claim by ruling: each such card is put on one generic
board (allies and enemies nearby, cards in every zone) in the situation its text speaks of —
cast, summoned, played, activated, killed, at the end or start of its controller's turn — and the
choices its effects ask for are answered with the first option offered ("yes" to a "may"). Two
kinds of finding come out:

- **silent**: an ability resolved and no step of the ruling quotes it afterwards: it did nothing
  and said nothing (the engine's rule is that an effect that does nothing says so);
- **crash**: the engine raised something other than its own errors.

A trial the board cannot stage (the card needs what the board lacks: an illegal cast, a cost it
cannot pay) is counted as *not staged*, not as a finding. The audit is a net for regressions and
for the next card family, not a proof: one board cannot reach every branch of every card.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from codex.engine.cards import CardSource
from codex.errors import ArbiterError
from codex.engine.executable import card_problems

#: Answers given to choices before a trial gives up (each answer may open the next choice).
MAX_ANSWERS = 8
#: Step kinds that announce an ability rather than do what it says.
ANNOUNCING = frozenset({"ability", "trigger", "activate"})


@dataclass(frozen=True)
class Finding:
    """One problem an audit found: ``kind`` silent or crash, in ``trial`` (what was done to the card)."""

    card: str
    trial: str
    kind: str
    detail: str


@dataclass(frozen=True)
class Report:
    """What an audit did: the trials ruled, those the board could not stage, and the findings."""

    cards: int
    trials: int
    not_staged: int
    findings: tuple[Finding, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"cards": self.cards, "trials": self.trials, "not_staged": self.not_staged,
                "findings": [f.__dict__ for f in self.findings]}


def _sites(without: int | None = None) -> list[dict[str, Any]]:
    return [{"square": q, "controller": "p2" if q <= 10 else "p1", "affinity": "W" if q in (7, 12) else "E"}
            for q in range(1, 21) if q != without]


def _board(spell: str, minion: str) -> dict[str, Any]:
    """The generic board: p1 to act on turn 5 with mana, allies and enemies around square 13, an
    artifact carried, a spell and a minion (``spell``, ``minion``: real names from the card list)
    in hands, decks and cemeteries."""
    return {
        "format": "arbiter.scenario/1", "turn": {"active": "p1", "number": 5},
        "players": [
            {"id": "p1", "mana": 12, "affinity": "AAAAEEEEFFFFWWWW", "hand": [spell, minion],
             "spellbook": {"count": 10, "top": [spell, minion]}, "atlas": {"count": 10}, "cemetery": [minion, spell]},
            {"id": "p2", "mana": 0, "hand": [spell], "spellbook": {"count": 10}, "cemetery": [minion]}],
        "sites": _sites(),
        "units": [
            {"id": "a", "name": "Squire", "controller": "p1", "at": 14, "power": 1, "subtypes": ["Mortal"]},
            {"id": "a2", "name": "Warhorse", "controller": "p1", "at": 18, "power": 3, "subtypes": ["Beast"]},
            {"id": "e", "name": "Raider", "controller": "p2", "at": 8, "power": 2, "subtypes": ["Mortal"]},
            {"id": "e2", "name": "Wolf", "controller": "p2", "at": 13, "power": 4, "subtypes": ["Beast"],
             "tapped": True},
            {"id": "av1", "name": "Sorcerer", "kind": "avatar", "controller": "p1", "at": 18, "power": 0},
            {"id": "av2", "name": "Witch", "kind": "avatar", "controller": "p2", "at": 3, "power": 1}],
        "artifacts": [{"id": "r", "name": "Ring", "carried_by": "a"}],
    }


def trials(card: dict[str, Any], spell: str, minion: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The situations a card's text speaks of, each as a scenario on the generic board."""
    g = card.get("guardian") or {}
    name, text, kind = str(card.get("name")), str(g.get("rulesText") or ""), str(g.get("type") or "")
    low = text.lower()

    def board(**changes: Any) -> dict[str, Any]:
        b = _board(spell, minion)
        b.update(changes)
        return b

    def with_card_in_hand(b: dict[str, Any]) -> dict[str, Any]:
        b["players"][0]["hand"] = b["players"][0]["hand"] + [name]
        return b

    def on_board(b: dict[str, Any]) -> dict[str, Any]:
        b["units"] = b["units"] + [{"id": "x", "card": name, "controller": "p1", "at": 13}]
        return b

    if kind == "Magic":
        yield "cast", with_card_in_hand(board(action={"do": "cast", "caster": "av1", "spell": {"card": name}}))
    elif kind == "Aura":
        yield "cast", with_card_in_hand(board(action={"do": "cast", "caster": "av1", "location": 13,
                                                      "spell": {"card": name}}))
    elif kind == "Minion":
        if "genesis" in low:
            yield "Genesis (cast)", with_card_in_hand(board(action={"do": "cast", "caster": "av1", "location": 13,
                                                                    "spell": {"card": name}}))
        if "\u2192" in text.replace("Genesis \u2192", "").replace("Deathrite \u2192", ""):
            yield "activate", on_board(board(action={"do": "activate", "unit": "x", "ability": 0}))
        if "deathrite" in low:
            yield "Deathrite (killed)", on_board(board(action={"do": "damage", "target": "x", "amount": 99}))
        if "at the end of your turn" in low:
            yield "end of turn", on_board(board(action={"do": "end_turn"}))
        if "at the start of your turn" in low:
            yield "start of turn", on_board(board(action={"do": "start_turn", "draw": "spellbook"},
                                                  turn={"active": "p1", "number": 5, "phase": "start"}))
    elif kind == "Artifact" and "genesis" in low:     # conjured, it enters the realm (Codex "Conjure")
        yield "Genesis (cast)", with_card_in_hand(board(action={"do": "cast", "caster": "av1", "location": 13,
                                                                "spell": {"card": name}}))
    if kind == "Artifact" and "\u2192" in text.replace("Genesis \u2192", ""):
        granted = "bearer has" in low
        b = board(action={"do": "activate", "unit": "a2", "ability": 0} if granted
                  else {"do": "activate", "artifact": "x", "ability": 0})
        b["artifacts"] = b["artifacts"] + [{"id": "x", "card": name, "carried_by": "a2"}]
        yield "activate", b
    elif kind == "Site" and "genesis" in low:
        b = with_card_in_hand(board(sites=_sites(without=15), action={"do": "play_site", "square": 15,
                                                                       "site": {"card": name}}))
        b["units"] = [u for u in b["units"] if u["id"] != "av1"] + [
            {"id": "av1", "name": "Sorcerer", "kind": "avatar", "controller": "p1", "at": 14, "power": 0}]
        yield "Genesis (played)", b


def rule_answering(scenario: dict[str, Any], cards: CardSource) -> dict[str, Any]:
    """The ruling of ``scenario``, answering each choice it asks with the first option offered
    (and "yes" to a "may"), up to `MAX_ANSWERS` answers."""
    from codex.engine import rule
    choices: dict[str, Any] = {}
    for _ in range(MAX_ANSWERS):
        ruling = rule(dict(scenario, choices=choices), cards=cards).to_dict()
        if ruling["verdict"] != "ambiguous":
            return ruling
        data = (ruling["steps"] or [{}])[-1].get("data") or {}
        key, options = data.get("choice"), data.get("options") or []
        if not key or key in choices or not (options or str(key).endswith((".may", ".found"))):
            return ruling
        choices[key] = True if str(key).endswith(".may") else (options[0] if options else [])
    return ruling


def silent_abilities(ruling: dict[str, Any], card: str) -> list[str]:
    """The abilities of ``card`` the ruling says resolve that no later step quotes: they did nothing
    and said nothing."""
    steps = ruling.get("steps") or []
    out: list[str] = []
    for i, step in enumerate(steps):
        if step.get("kind") != "ability":
            continue
        quotes = [c["quote"] for c in step.get("citations") or [] if c.get("source") == "card" and c.get("id") == card]
        for quote in quotes:
            later = any(c.get("source") == "card" and c.get("id") == card and c.get("quote") == quote
                        for s in steps[i + 1:] if s.get("kind") not in ANNOUNCING for c in s.get("citations") or [])
            if not later and quote not in out:
                out.append(quote)
    return out


def _pick(cards: list[dict[str, Any]], kind: str) -> str:
    return next((str(c["name"]) for c in cards if (c.get("guardian") or {}).get("type") == kind), "")


def audit(cards: Iterable[dict[str, Any]], source: CardSource) -> Report:
    """Try every card of ``cards`` the engine claims to execute (see the module docstring);
    ``source`` must know the same cards (their printed stats fill the scenarios)."""
    from codex.cardtext.coverage import catalog_names
    from codex.cardtext.parser import names_added
    listed = [c for c in cards if isinstance(c, dict)]
    spell, minion = _pick(listed, "Magic"), _pick(listed, "Minion")
    findings: list[Finding] = []
    count = tried = not_staged = 0
    with names_added(*catalog_names(listed)):
        for card in listed:
            if card_problems(card):
                continue
            name = str(card.get("name"))
            count += 1
            for trial, scenario in trials(card, spell, minion):
                tried += 1
                try:
                    ruling = rule_answering(scenario, source)
                except ArbiterError:
                    not_staged += 1
                    continue
                except Exception as e:  # noqa: BLE001 — an engine bug is what an audit is for
                    findings.append(Finding(name, trial, "crash", f"{type(e).__name__}: {e}"))
                    continue
                if ruling["verdict"] not in ("resolved", "game_over"):
                    not_staged += 1
                    continue
                findings += [Finding(name, trial, "silent", quote) for quote in silent_abilities(ruling, name)]
    return Report(count, tried, not_staged, tuple(findings))


__all__ = ["Finding", "Report", "audit", "rule_answering", "silent_abilities", "trials"]
