"""Players who can't gain life: "Your opponents can't gain life." (a static ability, while its card
is in the realm) and "This turn, your opponents can't gain life." (an effect lasting that long).

Codex "Healing": "Healing an avatar is synonymous with gaining life", so a ban on gaining life is a
ban on healing the player (their Avatar) too; Codex "Can vs. Can't": "the 'can't' effects always take
precedence", so a later "Each player gains 2 life" gives a banned player nothing, whatever order
the effects came in. Only a player's life is banned here: a minion healed is not gaining life.

The static is a `statics.Static` of kind ``cant`` with the verb ``gain_life``, read by
`statics.forbids`; the effect is a `state.Lasting` whose ``players`` are those the words name as it
resolves (an opponent who joins later is not covered, as units a restraint names are fixed then:
`restraints.py`), in the state ``can't gain life``. `actions/life.heal` asks `gain_banned`.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.events import CardQuote, EffectBegan
from codex.engine.state import GameState, Lasting

#: The ``Lasting.states`` of a player barred from gaining life.
CANT_GAIN_LIFE = "can't gain life"


def life_ban(clause: Any) -> Any:
    """The words naming the players when the clause says they can't gain life ("your opponents
    can't gain life", with only a duration), else None."""
    from codex.engine.restraints import _plain
    if not isinstance(clause, A.Clause) or not _plain(clause) or clause.modal != "can":
        return None
    act = clause.action
    if isinstance(act, A.GainLife) and act.amount is None and act.agent is not None:
        return act.agent
    return None


def life_ban_problems(clause: A.Clause) -> Iterator[str]:
    """What of such a clause the engine cannot run (its words, its duration)."""
    from codex.engine.effects.check import sel_problems
    from codex.engine.effects.durations import duration_problems
    yield from sel_problems(life_ban(clause))
    yield from duration_problems(clause.duration)


def ban_life_gain(run: Any, clause: A.Clause) -> list[Any]:
    """The players the words name can't gain life for the clause's duration (`durations.until_of`)."""
    from codex.engine.effects.board import players
    from codex.engine.effects.context import Obj
    from codex.engine.effects.durations import leaving_source, until_of
    pids = tuple(players(run, life_ban(clause)))
    if not pids:
        return []
    until, ends_on = until_of(run, clause)
    if ends_on is not None:
        from codex.engine.effects.select import NotExecutable
        raise NotExecutable(f"a ban on gaining life until {ends_on}")
    source = (leaving_source(run, clause) or f"{run.ctx.source.kind}:{run.ctx.source.key}") if until == "source" \
        else None
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller,
                     until, (), source=source, players=pids, states=frozenset({CANT_GAIN_LIFE}),  # type: ignore[arg-type]
                     quote=run.ctx.quote, told=CANT_GAIN_LIFE)
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    run.emit(EffectBegan(run.ctx.source_name, until, pids, "a ban on gaining life", rules=("ongoing-effect",),
                         from_card=run.ctx.quote))
    return [Obj("player", pid) for pid in pids]


def gain_banned(state: GameState, pid: str) -> CardQuote | None:
    """The card sentence that says player ``pid`` can't gain life now, if any: a lasting effect on
    them, or a static ability whose words name them."""
    for effect in state.lasting:
        if pid in effect.players and CANT_GAIN_LIFE in effect.states:
            from codex.engine.ongoing import in_realm
            if effect.until == "source" and not in_realm(state, effect.source):
                continue
            return effect.quote if isinstance(effect.quote, CardQuote) else CardQuote(effect.name, CANT_GAIN_LIFE)
    if not state.statics:
        return None
    from codex.engine.effects.context import Obj
    from codex.engine.effects.statics import forbids
    found = forbids(state, "gain_life", Obj("player", pid))
    return found.quote if found is not None else None


__all__ = ["CANT_GAIN_LIFE", "ban_life_gain", "gain_banned", "life_ban", "life_ban_problems"]
