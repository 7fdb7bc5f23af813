"""Arithmetic over amounts (`effects.amounts`): half and double of a measure, the half rounded as
the clause says, read rounded down (with the other reading told) when it does not say."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from codex.cardtext import ast as A
from codex.engine.abilities import abilities_of
from codex.engine.effects.amounts import amount, amount_problems
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.execute import Run
from codex.engine.scenario import load

SCENARIO = json.loads((Path(__file__).parent / "scenarios" / "halves.json").read_text("utf-8"))["cases"][4]["scenario"]
POWER = A.Quantity("power", A.Ref("it"))


def _run(rounding: str | None = None) -> Run:
    state, _ = load(SCENARIO)
    ability = abilities_of("Deal damage to target minion equal to half its power.", "Probe", spell=True).abilities[0]
    ctx = Ctx(Obj("spell", "Probe"), "Probe", "p1", ability, "Probe.0").bind("it", [Obj("unit", "o")])
    if rounding is not None:
        ctx = ctx.bind("rounding", [Obj("rounding", rounding)])
    return Run(state, ctx)


@pytest.mark.parametrize("rounding,want", [("up", 3), ("down", 2), (None, 2)])
def test_half_of_an_odd_measure_rounds_as_told(rounding: str | None, want: int) -> None:
    run = _run(rounding)
    assert amount(run, A.Quantity("half", POWER), "damage") == want       # the Ogre's power is 5
    kinds = [e.kind for e in run.events]
    assert kinds == (["ruling_variant"] if rounding is None else ["count"])


def test_double_and_nested_arithmetic() -> None:
    run = _run()
    assert amount(run, A.Quantity("double", POWER), "damage") == 10
    assert amount(run, A.Quantity("half", A.Quantity("double", POWER)), "damage") == 5
    assert amount(run, A.Quantity("double", 3), "damage") == 6


def test_arithmetic_of_nothing_named_is_not_executed() -> None:
    assert amount_problems(A.Quantity("half", POWER)) == []
    assert amount_problems(A.Quantity("half", None)) == ["the amount half of nothing named"]
    assert amount_problems(A.Quantity("double", A.Quantity("mystery", A.Ref("it"))))


def test_an_invented_cards_threshold_is_checked() -> None:
    from codex.engine.errors import ScenarioError
    bad = json.loads(json.dumps(SCENARIO))
    bad["players"][0]["cemetery"] = [{"name": "Odd Bones", "type": "minion", "power": 1, "threshold": "(X)"}]
    with pytest.raises(ScenarioError) as e:
        load(bad)
    assert "/players/0/cemetery" in str(e.value)
    untyped = json.loads(json.dumps(SCENARIO))
    untyped["players"][0]["cemetery"] = [{"name": "Odd Bones", "threshold": "FF"}]
    with pytest.raises(ScenarioError, match="needs its type"):
        load(untyped)
