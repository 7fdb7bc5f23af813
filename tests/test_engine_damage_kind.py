"""A change of damage that names which damage ("takes double strike damage", "deals 1 more strike
damage") changes that damage only: the engine reads the grammar's ``ModifyDamage.kind`` as the
damage's source (taken) or how it is dealt (dealt), and refuses a kind it cannot tell apart.
Invented sentences only."""
from __future__ import annotations

import pytest

from codex.cardtext import ast as A
from codex.engine.abilities import abilities_of
from codex.engine.effects.context import Ctx, Obj
from codex.engine.effects.statics import Unsupported, statics_of


def _statics(text: str) -> list:
    ability = abilities_of(text, "Test Halberd").abilities[0]
    return statics_of(ability, Ctx(Obj("unit", ""), "", "", ability, ""), 0)


def test_strike_damage_taken_is_damage_from_strikes_only() -> None:
    [static] = _statics("Bearer takes double strike damage.")
    change, _amount, source, exempt = static.payload
    assert (static.kind, change, exempt) == ("damage", "double", False)
    assert isinstance(source, A.Selector) and source.noun == "strike"


def test_all_damage_taken_has_no_source() -> None:
    [static] = _statics("Bearer takes double damage.")
    assert static.payload[2] is None


def test_both_verbs_keep_the_kind() -> None:
    taken, dealt = _statics("Nearby allies take and deal double strike damage.")
    assert taken.kind == "damage" and isinstance(taken.payload[2], A.Selector)
    assert dealt.kind == "deals" and dealt.payload[2] == "strike"


def test_strike_damage_dealt_counts_strikes_only() -> None:
    [static] = _statics("Bearer deals 1 more strike damage.")
    assert static.kind == "deals" and static.payload[:3] == ("more", 1, "strike")
    [plain] = _statics("Bearer deals 1 more damage.")
    assert plain.payload[2] is None


@pytest.mark.parametrize("text", ["Bearer takes 1 less fire damage.", "Bearer deals double fire damage."])
def test_an_element_of_damage_is_not_executed(text: str) -> None:
    with pytest.raises(Unsupported):
        _statics(text)
