"""Where words taking abilities away leave a reading open, named in the ruling (note `ruling_variant`).

"Minions here have no abilities" is read as a silencing effect (Codex "Silenced": a silenced card
"loses all its special abilities" and "retains ... its basic abilities"), in the layer of disabling and
silencing effects; Codex "Disabled" writes "has no abilities (including basic abilities)", so the same
words could also take the basic abilities (Move and Attack, Defend, Intercept, Pick Up, Drop: Codex
"Basic Ability"). "Minions here can't use abilities" is read as a ban on using their activated
abilities (Codex "Activated Ability"), the abilities a player uses; Codex "Ability" counts the basic
abilities as abilities too, so the ban could also bar moving and attacking. The engine keeps the
first reading of each and says so once per effect, while the effect covers a minion (cited: the
rules' own records, `rules/disabled.yaml`, `rules/abilities.yaml`).
"""
from __future__ import annotations

from codex.engine.effects.statics import Static, _active, _silenced_sources, affected
from codex.engine.events import Note
from codex.engine.state import GameState

_SILENCE_READING = ("is read as a silencing effect: the minions it covers lose their special abilities and keep "
                    "their basic ones (Codex \"Silenced\"); Codex \"Disabled\" says a disabled minion has no "
                    "abilities including its basic ones, so the words could also take those (Move and Attack, "
                    "Defend, Intercept, Pick Up, Drop): the engine does not")
_BAN_READING = ("is read as a ban on using activated abilities (Codex \"Activated Ability\"); Codex \"Ability\" "
                "counts basic abilities (Move and Attack, Defend, Intercept, Pick Up, Drop) as abilities too, so "
                "the ban could also bar them: the engine does not")


def _reading(s: Static) -> tuple[str, tuple[str, ...]] | None:
    if s.kind == "silence" and s.payload == "no_abilities":
        return _SILENCE_READING, ("silenced", "disabled", "basic-ability")
    if s.kind == "cant" and s.payload[0] == "use_abilities":
        return _BAN_READING, ("activated-ability", "ability", "basic-ability")
    return None


def ability_notes(state: GameState, told: set[str]) -> list[Note]:
    """A `ruling_variant` note for each such effect covering a minion now, once (``told``: updated)."""
    if not state.statics:
        return []
    silenced = _silenced_sources(state)
    out: list[Note] = []
    for s in state.statics:
        reading = _reading(s)
        if reading is None or s.ctx.key in told or not _active(state, s, silenced):
            continue
        covered = _covered_minions(state, s)
        if not covered:
            continue
        told.add(s.ctx.key)
        sentence, rules = reading
        out.append(Note("ruling_variant", f"{s.ctx.source_name}'s \u201c{s.quote.quote}\u201d {sentence} "
                        f"(it covers {', '.join(covered)}).", {"card": s.ctx.source_name, "units": covered},
                        rules=rules, from_card=s.quote))
    return out


def _covered_minions(state: GameState, s: Static) -> list[str]:
    """The minions a silencing effect covers, or those a ban names (its words' agent)."""
    from codex.engine.effects.select import NotExecutable, select_all
    if s.kind == "silence":
        objs = affected(state, s)
    else:
        try:
            objs = set(select_all(state, s.ctx, s.payload[1].agent))
        except NotExecutable:
            return []
    return sorted(u.id for u in state.units if u.is_minion and any(o.kind == "unit" and o.key == u.id for o in objs))
