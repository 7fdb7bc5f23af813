"""Deck construction validity as a question a scenario can ask (`check_deck`)."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.deck import Entry, Section, check
from codex.engine.effects.context import card_data
from codex.engine.events import Note
from codex.engine.ruling import Verdict


def entries(deck: D.DeckListDoc) -> list[Entry]:
    """The deck list as entries (`scenario.load` has resolved every entry to a DeckCardDoc)."""
    out: list[Entry] = []
    for section in ("avatar", "spellbook", "atlas", "collection"):
        value = getattr(deck, section)
        items = () if value is None else value if isinstance(value, tuple) else (value,)
        for e in items:
            assert isinstance(e, D.DeckCardDoc) and e.name is not None
            sec: Section = section
            known = card_data(e.name) if not e.text else None
            text = e.text or (known.text if known is not None and known.name == e.name else "")
            out.append(Entry(sec, e.name, e.count, e.type, e.rarity.lower() if e.rarity else None, e.token,
                             text or ""))
    return out


@handles(D.CheckDeck, Verdict.LEGAL, Verdict.ILLEGAL)
def check_deck(res: Resolution, a: D.CheckDeck, ptr: str) -> Outcome:
    """Is this deck legal in its format? Every check is a step with the rules that decide it."""
    report = check(entries(a.deck), a.format)
    for f in report.findings:
        mark = {"ok": "Passes", "error": "Fails", "warning": "Note", "conflict": "Sources disagree"}[f.level]
        res.emit(Note("deck", f"{mark}: {f.message}.", f.to_dict(), rules=f.rules, from_card=f.quote))
    first = report.first_error
    verdict = Verdict.LEGAL if report.legal else Verdict.ILLEGAL
    summary = (f"The deck is legal for {a.format} play." if report.legal else
               f"The deck is not legal for {a.format} play: {first.message if first else ''}.")
    return res.done(verdict, summary, reason=first.reason.value if first and first.reason else None,
                    answer=report.to_dict())
