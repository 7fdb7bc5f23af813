"""Pick Up and Drop (basic abilities), and an effect destroying a unit or an artifact."""
from __future__ import annotations

from codex.engine import document as D
from codex.engine.actions.base import Outcome, Resolution, handles
from codex.engine.actions.effects import effect_source, target_check
from codex.engine.carrying import basic_reason, carry_reason, drop, drop_reason, pick_up, pick_up_reason
from codex.engine.events import ArtifactBroken, Note
from codex.engine.reasons import Reason
from codex.engine.ruling import Verdict
from codex.engine.state import Artifact, Unit
from codex.engine.storyline import mark_for_death


def _artifact(res: Resolution, aid: str, pointer: str) -> Artifact:
    a = res.state.artifact(aid)
    if a is None:
        raise res.illegal((Reason.ARTIFACT_GONE, "carrying-artifacts"), aid, pointer)
    return a


@handles(D.PickUp, Verdict.RESOLVED, Verdict.GAME_OVER, Verdict.ILLEGAL)
def pick_up_action(res: Resolution, a: D.PickUp, ptr: str) -> Outcome:
    """Once on your turn: carriable artifacts here, and (for a unit that may carry units) allies here."""
    unit = res.unit(a.unit, ptr + "/unit")
    found = basic_reason(res.state, unit, "pick_up")
    if found:
        raise res.illegal(found, f"{unit.name} cannot use Pick Up", ptr + "/unit")
    if a.artifacts or a.units:
        arts = [_artifact(res, aid, f"{ptr}/artifacts/{i}") for i, aid in enumerate(a.artifacts)]
    else:
        # everything lying here; taking a carried artifact (a text that allows it) is named explicitly
        arts = [x for x in res.state.artifacts if x.bearer is None and pick_up_reason(res.state, unit, x) is None]
    for i, art in enumerate(arts):
        found = pick_up_reason(res.state, unit, art)
        if found:
            raise res.illegal(found, f"{unit.name} cannot pick up {art.name}", f"{ptr}/artifacts/{i}")
    carried = len(res.state.carried_units(unit.id))
    units: list[Unit] = []
    for i, uid in enumerate(a.units):
        other = res.unit(uid, f"{ptr}/units/{i}")
        found = carry_reason(res.state, unit, other, carried + len(units))
        if found:
            raise res.illegal(found, f"{unit.name} cannot pick up {other.name}", f"{ptr}/units/{i}")
        units.append(other)
    res.state, picked = pick_up(res.state, unit, arts, units)
    res.settle(picked)          # "When picked up, ...": triggers hear it (`effects.triggers`)
    names = [x.name for x in arts] + [x.name for x in units]
    return res.done(res.result_verdict(), f"{unit.name} picks up {', '.join(names) or 'nothing'}.")


@handles(D.DropAction, Verdict.RESOLVED, Verdict.ILLEGAL)
def drop_action(res: Resolution, a: D.DropAction, ptr: str) -> Outcome:
    """Once on your turn, if the unit has not interacted with the realm: what it carries, where it is."""
    unit = res.unit(a.unit, ptr + "/unit")
    found = basic_reason(res.state, unit, "drop")
    if found:
        raise res.illegal(found, f"{unit.name} cannot use Drop", ptr + "/unit")
    if a.artifacts or a.units:
        arts = [_artifact(res, aid, f"{ptr}/artifacts/{i}") for i, aid in enumerate(a.artifacts)]
        units = [res.unit(uid, f"{ptr}/units/{i}") for i, uid in enumerate(a.units)]
    else:
        arts, units = res.state.carried_artifacts(unit.id), res.state.carried_units(unit.id)
    items: list[Artifact | Unit] = [*arts, *units]
    for i, item in enumerate(items):
        found = drop_reason(res.state, unit, item)
        if found:
            field = "artifacts" if i < len(arts) else "units"
            raise res.illegal(found, f"{unit.name} cannot drop {item.name}",
                              f"{ptr}/{field}/{i if i < len(arts) else i - len(arts)}")
    if not arts and not units:
        res.emit(Note("answer", f"{unit.name} carries nothing to drop.", {"unit": unit.id}, rules=("drop",)))
        return res.done(Verdict.RESOLVED, f"{unit.name} carries nothing.")
    res.state, dropped = drop(res.state, unit, arts, units)
    res.settle(dropped)
    names = [x.name for x in arts] + [x.name for x in units]
    return res.done(Verdict.RESOLVED, f"{unit.name} drops {', '.join(names)}.")


@handles(D.Destroy, Verdict.RESOLVED, Verdict.ILLEGAL)
def destroy_action(res: Resolution, a: D.Destroy, ptr: str) -> Outcome:
    """Destroy (kill) a minion: it is marked for death and goes to its owner's cemetery once its
    Deathrites resolve; an artifact goes to its owner's cemetery (a broken artifact), a token is
    banished. An Avatar cannot be destroyed unless the effect names Avatars."""
    src = effect_source(res, a, ptr)
    if isinstance(a.target, D.ArtifactRef):
        art = _artifact(res, a.target.artifact, ptr + "/target/artifact")
        at = res.state.artifact_location(art)
        controller = res.state.artifact_controller(art)
        res.state = res.state.remove_artifact(art.id, "banished" if art.token else "broken")
        # heard by the triggers of the realm and by its own "When this is destroyed" (its words as it
        # left; found by blind ruling round 24, where the event had never been told to any trigger)
        res.settle([ArtifactBroken(art.id, art.name, at, art.token, controller, art.text, art,
                                   rules=("kill",) + (("token.banished",) if art.token else ("broken-artifact",)))])
        return res.done(Verdict.RESOLVED, f"{art.name} is destroyed" + (" (a token: banished)." if art.token
                                                                           else " and is now a broken artifact."))
    uid = a.target if isinstance(a.target, str) else a.target.unit
    unit = res.unit(uid, ptr + "/target")
    if target_check(res, src, unit, a.targeted, "destroyed", ptr + "/target"):
        return res.done(Verdict.RESOLVED, f"{unit.name}'s Ward breaks instead of it being destroyed.")
    if unit.is_avatar:
        res.emit(Note("answer", f"{unit.name} is an Avatar: the effect does not name Avatars, so it is not destroyed.",
                      {"unit": unit.id}, rules=("avatar.immune", "avatar")))
        return res.done(Verdict.RESOLVED, f"{unit.name} is an Avatar and is not destroyed.",
                        reason=Reason.AVATAR_UNAFFECTED.value)
    killers = (src.unit.id,) if src.unit is not None else ()
    credit = ("kill-credit.spell",) if src.spell and killers else ("kill-credit.ability",) if killers else ()
    res.state, marked = mark_for_death(res.state, unit.id, f"it is destroyed by {src.name}", ("kill",) + credit,
                                       killers)
    res.settle(marked)
    gone = next((r for r in res.state.removed if r.id == unit.id), None)
    return res.done(res.result_verdict(), f"{unit.name} is destroyed" + (f" and {gone.fate}." if gone else "."))

