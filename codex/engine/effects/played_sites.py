"""What an ability played: "If you played an earth site, ..." after its "Play or draw a site". The
site-play executor (`site_play`) keeps the sites it played under `PLAYED`; `conditions` asks here.
Kept apart from `site_play` so that `conditions` can import it without importing the executor."""
from __future__ import annotations

from typing import Any, Iterator

from codex.cardtext import ast as A
from codex.engine.effects.select import singular

#: The binding under which a run keeps the sites its Play clauses played, for "if you played ...".
PLAYED = "played"


def played_now(clause: A.Clause) -> bool:
    """"If you played an earth site, ...": a condition, in the past, on the site the ability itself
    played before (its "Play or draw a site"), by its controller; not a play earlier in the turn."""
    act = clause.action
    return isinstance(act, A.Play) and clause.tense == "past" and act.dest is None and act.source is None \
        and not act.replace and (act.agent is None or isinstance(act.agent, A.Ref) and act.agent.word.lower() == "you") \
        and clause.duration is None and clause.scope is None and not clause.adverbs and not clause.adjuncts


def played_problems(clause: A.Clause) -> Iterator[str]:
    """What of "if you played X" the engine cannot test (X: a site, named by its own words only)."""
    from codex.engine.effects.check import sel_problems
    sel = clause.action.patient
    if not (isinstance(sel, A.Selector) and singular(sel.noun) == "site"):
        yield "a condition about playing something other than a site"
        return
    yield from sel_problems(A.replace(sel, det=None))


def played(state: Any, ctx: Any, act: A.Play) -> bool:
    """Whether a site this ability played fits the words ("an earth site": `select.is_a` on the site
    as it is now); a site played and gone since no longer does. None played (its "or draw a site"
    chosen, or a "may" declined): the condition does not hold."""
    from codex.engine.effects.select import is_a
    sites = ctx.lookup(PLAYED) or ()
    words = A.replace(act.patient, det=None)
    return any(state.site_at(o.key) is not None and is_a(state, ctx, o, words) for o in sites)
