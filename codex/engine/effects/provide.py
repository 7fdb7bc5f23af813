"""A site made to provide threshold by an effect ("Choose one: (F) or (W). This site permanently
provides that").

The chosen symbols are objects of kind ``mana`` (`select` reads a mana symbol as itself, so "Choose
one: (A), (E), ..." is a choice among them, and "that" is the one chosen). Providing them
permanently adds that threshold to the site's own affinity (Codex "Elemental Threshold and
Affinity": "Elemental affinity is most often provided by sites"), as if printed on it: it counts
for its controller like the rest (Rubble, a silenced site or one an effect keeps from providing
follow the site's own rules). Only threshold symbols: a site's mana is one a turn, and an effect
adding mana to what it provides is another piece the engine does not have.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, select
from codex.engine.state import Affinity


def symbols_threshold(symbols: tuple[str, ...] | str) -> dict[str, int] | None:
    """The threshold mana symbols stand for (``(A)(A)`` → air 2), or None when they are not all
    threshold symbols (generic mana, X)."""
    from codex.engine.keywords import mana_symbols_value
    value = mana_symbols_value(tuple(symbols) if not isinstance(symbols, str) else _split(symbols))
    if isinstance(value, str) or value[0] or not value[1]:
        return None
    return dict(value[1])


def _split(text: str) -> tuple[str, ...]:
    return tuple(f"({part}" for part in text.split("(") if part)


def _provide_problems(act: A.Provide) -> Iterator[str]:
    from codex.engine.effects.check import sel_problems
    if act.recipient is not None:
        yield "providing to someone named"
    patient = act.patient
    if isinstance(patient, A.Mana):
        if symbols_threshold(patient.symbols) is None:
            yield "an effect providing something other than threshold"
    elif not (isinstance(patient, A.Ref) and patient.word in ("that", "it")):
        yield "an effect providing something other than threshold"
    agent = act.agent
    if not (isinstance(agent, A.Ref) and agent.word == "SELF") and not (
            isinstance(agent, A.Selector) and agent.noun.lower() == "site"):
        yield "something other than a site providing"
    else:
        yield from sel_problems(agent)


def _clause_problems(clause: A.Clause) -> Iterator[str]:
    if clause.duration is None or clause.duration.kind != "permanently":
        yield "an effect providing threshold for a while"


@executes(A.Provide, problems=_provide_problems, clause_problems=_clause_problems)
def _provide(run: Run, act: A.Provide, clause: A.Clause) -> list[Obj]:
    """The sites the words name provide the threshold chosen (or named) from now on."""
    patient = act.patient
    if isinstance(patient, A.Mana):
        symbols = [Obj("mana", "".join(patient.symbols))]
    else:
        # "that": what was chosen before (the sentence before binds it as "it")
        symbols = [o for o in (run.ctx.lookup(patient.word) or run.ctx.lookup("it") or ()) if o.kind == "mana"]
    if not symbols:
        raise NotExecutable("providing with no threshold named before")
    sites = [o for o in select(run.state, run.ctx, act.agent, "site") if o.kind == "site"] \
        if not (isinstance(act.agent, A.Ref) and act.agent.word == "SELF") else [run.ctx.source]
    done = []
    for obj in sites:
        site = run.state.site_at(int(obj.key)) if obj.kind == "site" else None
        if site is None:
            continue
        added: dict[str, int] = {}
        for sym in symbols:
            for element, n in (symbols_threshold(str(sym.key)) or {}).items():
                added[element] = added.get(element, 0) + n
        run.state = run.state.with_site(replace(site, affinity=site.affinity + Affinity.of(added)))
        told = ", ".join(f"{n} {e}" for e, n in sorted(added.items()))
        run.note("provides", f"{site.name} (square {site.square}) now provides {told} threshold permanently "
                 f"({run.ctx.source_name}).", ("affinity.provided",), site=site.square, added=added)
        done.append(obj)
    return done


__all__ = ["symbols_threshold"]
