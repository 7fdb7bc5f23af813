"""A site made to provide threshold, or none, by an effect ("Choose one: (F) or (W). This site
permanently provides that", "Target site you control permanently provides (W).", "Until end of turn,
target water site provides no water affinity.").

The chosen symbols are objects of kind ``mana`` (`select` reads a mana symbol as itself, so "Choose
one: (A), (E), ..." is a choice among them, and "that" is the one chosen). Providing them adds that
threshold to what the site provides (Codex "Elemental Threshold and Affinity": "Elemental affinity is
most often provided by sites") for the effect's duration; "provides no (water) threshold / affinity /
mana" takes it away for that long. Either is a lasting effect on the site (`state.Lasting.sites`),
recomputed with the rest (`ongoing.provided_affinity`): the site's printed affinity never changes, so
when the effect ends (or the site leaves the realm) it is what it was. Water follows: a site that now
provides water affinity is a water site, one that stops is a land site (Codex "Water Site"), and the
units in its subsurface follow at rest (`terrain.reground`). Only threshold symbols are added: a
site's mana is one a turn, and an effect adding mana to what it provides is another piece.
"""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.context import Obj
from codex.engine.effects.execute import Run, executes
from codex.engine.effects.select import NotExecutable, select
from codex.engine.state import Affinity, Lasting


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
    elif _none_of(patient) is None and not (isinstance(patient, A.Ref) and patient.word in ("that", "it")):
        yield "an effect providing something other than threshold"
    agent = act.agent
    if not (isinstance(agent, A.Ref) and agent.word == "SELF") and not (
            isinstance(agent, A.Selector) and agent.noun.lower() == "site"):
        yield "something other than a site providing"
    else:
        yield from sel_problems(agent)


def _none_of(patient: Any) -> tuple[bool, frozenset[str]] | None:
    """"no mana", "no threshold", "no water affinity", "no mana or threshold": (no mana, the elements
    provided none of: all four for threshold with no element named); None for other words."""
    from codex.engine.keywords import ELEMENTS
    items = patient.items if isinstance(patient, A.Group) else (patient,)
    if not all(isinstance(i, A.Selector) and i.noun in ("mana", "threshold") and not i.filters
               and i.count is None for i in items) or not any(i.det == "no" for i in items):
        return None
    if any(i.det not in ("no", None) for i in items):
        return None
    no_mana = False
    elements: set[str] = set()
    for i in items:
        mods = [m.lower() for m in i.mods]
        if any(m not in ELEMENTS for m in mods) or (mods and i.noun == "mana"):
            return None
        if i.noun == "mana":
            no_mana = True
        else:
            elements |= set(mods) if mods else set(ELEMENTS)
    return no_mana, frozenset(elements)


def _clause_problems(clause: A.Clause) -> Iterator[str]:
    duration = clause.duration
    if duration is not None and duration.kind == "until" and duration.turn is None:
        from codex.engine.effects.durations import until_leaves
        if not until_leaves(duration):     # "until X leaves the realm" is read; other events are not
            yield "a site's threshold changed until an event"


@executes(A.Provide, problems=_provide_problems, clause_problems=_clause_problems)
def _provide(run: Run, act: A.Provide, clause: A.Clause) -> list[Obj]:
    """The sites the words name provide the threshold chosen (or named), or none of what the words
    name, for the effect's duration."""
    from codex.engine.keywords import ELEMENTS
    patient = act.patient
    added: dict[str, int] = {}
    none = _none_of(patient)
    if none is None:
        if isinstance(patient, A.Mana):
            symbols = [Obj("mana", "".join(patient.symbols))]
        else:
            # "that": what was chosen before (the sentence before binds it as "it")
            symbols = [o for o in (run.ctx.lookup(patient.word) or run.ctx.lookup("it") or ()) if o.kind == "mana"]
        if not symbols:
            raise NotExecutable("providing with no threshold named before")
        for sym in symbols:
            for element, n in (symbols_threshold(str(sym.key)) or {}).items():
                added[element] = added.get(element, 0) + n
    sites = [o for o in select(run.state, run.ctx, act.agent, "site") if o.kind == "site"] \
        if not (isinstance(act.agent, A.Ref) and act.agent.word == "SELF") else [run.ctx.source]
    on = [site for site in (run.state.site_at(int(o.key)) for o in sites if o.kind == "site") if site is not None]
    if not on:
        return []
    if none is None:
        what: dict[str, Any] = {"threshold": Affinity.of(added)}
        told = ", ".join(f"{n} {e}" for e, n in sorted(added.items())) + " threshold"
    else:
        no_mana, elements = none
        what = {"no_threshold": elements, "no_mana": no_mana}
        told = "no " + " and no ".join(([("threshold" if elements == frozenset(ELEMENTS) else
                                          " or ".join(sorted(elements)) + " threshold")] if elements else [])
                                        + (["mana"] if no_mana else []))
    _site_lasting(run, clause, on, told, what)
    return [Obj("site", site.square) for site in on]


def _site_lasting(run: Run, clause: A.Clause, sites: list[Any], told: str, what: dict[str, Any]) -> None:
    """A lasting effect on the sites for the clause's duration (`durations.until_of`), and the step
    saying what they provide now."""
    from codex.engine.effects.durations import leaving_source, until_of
    from codex.engine.ongoing import site_is_water
    until, ends_on = until_of(run, clause)
    if ends_on is not None:
        raise NotExecutable(f"a site's threshold changed until {ends_on}")
    source = (leaving_source(run, clause) or f"{run.ctx.source.kind}:{run.ctx.source.key}") if until == "source" \
        else None
    before = run.state
    water_before = {site.square: site_is_water(run.state, site) for site in sites}
    effect = Lasting(f"{run.ctx.key}#{len(run.state.lasting)}", run.ctx.source_name, run.ctx.controller,
                     until, (), source=source, sites=tuple((site.square, site.name) for site in sites),  # type: ignore[arg-type]
                     quote=run.ctx.quote, told=told, **what)
    run.state = run.state.evolve(lasting=run.state.lasting + (effect,))
    when = {"end_of_turn": "until the end of the turn", "next_turn": "until its controller's next turn",
            "source": f"while {run.ctx.source_name} is in the realm", "permanent": "permanently"}.get(until, until)
    for site in sites:
        run.note("provides", f"{site.name} (square {site.square}) now provides {told} {when} ({run.ctx.source_name}).",
                 ("affinity.provided", "ongoing-effect"), site=site.square)
    for site in sites:
        now = run.state.site_at(site.square)
        if now is None or site_is_water(run.state, now) == water_before[site.square]:
            continue
        is_water = site_is_water(run.state, now)
        run.note("provides", f"{site.name} (square {site.square}) is now a {'water' if is_water else 'land'} site.",
                 ("water-site",) if is_water else ("water-site.stops",), site=site.square)
    # units in its subsurface follow its water or land at rest (`terrain.reground`), Waterbound and
    # Landbound ones are disabled or not from now (`entering.ground_notes`)
    from codex.engine.entering import ground_notes
    run.settle(ground_notes(before, run.state))


__all__ = ["symbols_threshold"]
