"""`arbiter cards coverage FILE.json --executable`: the share of cards the engine executes, per set
and type, and what is missing, most frequent first."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from codex.cli import main
from codex.engine.executable import card_problems, measure_executable

from conftest import SHARED_CARDS

FIX = Path(__file__).parent / "fixtures" / "cards"


def _card(name: str, kind: str, text: str, sets: tuple[str, ...] = ("Alpha",)) -> dict:
    return {"name": name, "guardian": {"type": kind, "rulesText": text}, "sets": [{"name": s} for s in sets]}


def test_a_card_is_executable_only_when_every_ability_is() -> None:
    assert card_problems(_card("Spark", "Magic", "Deal 1 damage to target minion.")) == []
    assert card_problems(_card("Quiet", "Minion", "Airborne\n\nGenesis → Draw a spell.")) == []
    half = card_problems(_card("Half", "Minion", "Genesis → Draw a spell.\n\nThis can simultaneously attack up to three "
                                                  "units at the same location."))
    assert half and all("Draw" not in p for p in half)


def test_the_report_counts_per_set_and_type_and_lists_what_is_missing() -> None:
    cards = [_card("Spark", "Magic", "Deal 1 damage to target minion.", ("Alpha", "Beta")),
             _card("Odd", "Minion", "This can simultaneously attack up to three units at the same location.", ("Beta",))]
    report = measure_executable(cards)
    assert report["overall"] == {"cards": 2, "executable": 1, "share": 0.5}
    assert report["sets"]["Alpha"]["share"] == 1.0 and report["sets"]["Beta"]["executable"] == 1
    assert report["types"]["Minion"]["executable"] == 0
    assert report["missing"] and report["missing"][0]["example"] == "Odd"


def test_cli_executable_flag(tmp_path: Path) -> None:
    r = CliRunner()
    out = r.invoke(main, ["cards", "coverage", str(FIX / "invented.json"), "--executable", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["overall"]["cards"] == 3 and set(report) == {"overall", "sets", "types", "missing"}
    table = r.invoke(main, ["cards", "coverage", str(FIX / "invented.json"), "--executable"])
    assert "executable %" in table.output and "overall" in table.output
    bad = r.invoke(main, ["cards", "coverage", str(tmp_path / "none.json"), "--executable"])
    assert bad.exit_code == 2 and "file not found" in bad.output


@pytest.mark.skipif(not SHARED_CARDS.exists(), reason=f"card snapshot not found at {SHARED_CARDS}")
def test_snapshot_executable_floor() -> None:
    report = measure_executable(json.loads(SHARED_CARDS.read_text(encoding="utf-8")))
    assert report["overall"]["share"] >= FLOOR, report["overall"]


FLOOR = 0.60   # measured 0.601 (the goal of issue #12); raise it as the engine executes more


def test_a_computed_power_bonus_is_named_not_executed() -> None:
    """``gains power equal to X`` reads as a grant whose bonus is computed; the engine adds only a
    number to power, so it names the grant as missing instead of adding nothing (or crashing)."""
    problems = card_problems(_card("Grower", "Magic", "Target minion gains power equal to the number of allies here."))
    assert any("computed power bonus" in p for p in problems), problems
    assert card_problems(_card("Pump", "Magic", "Target minion gains +2 power this turn.")) == []


def test_a_throw_as_a_projectile_is_named_not_executed() -> None:
    """``throw X as a projectile``: the engine moves things but does not fly them as projectiles yet, so
    the instrument is named as missing rather than executed as a plain move."""
    problems = card_problems(_card("Javelin", "Artifact", "Tap → Throw this as a projectile at target unit."))
    assert any("moving as something else" in p for p in problems), problems


def test_where_x_is_gives_the_amount_the_engine_computes() -> None:
    """``X damage ..., where X is the number of allies here`` is the damage equal to that count, which the
    engine computes; ``+X power``/``+X range`` so defined is a computed bonus, named as not executed."""
    assert card_problems(_card("Volley", "Magic", "Deal X damage to target minion, where X is the number of allies "
                                                  "here.")) == []
    assert any("computed range bonus" in p for p in card_problems(_card("Scope", "Magic", "Allies here gain +X range "
                                                                                          "this turn.")))


def test_a_computed_number_of_objects_is_named_not_executed() -> None:
    """``draw cards equal to the number of sites you control``: the executors read a number of objects
    as an int (one otherwise), so a computed count is named as missing, never run as one card."""
    problems = card_problems(_card("Census", "Magic", "Draw cards equal to the number of sites you control."))
    assert any("number of objects computed" in p for p in problems), problems


def test_a_move_from_a_place_word_is_named_not_executed() -> None:
    """``move target minion from here to X``: the engine does not check that the mover starts there, so
    it names the source rather than moving a minion from anywhere."""
    problems = card_problems(_card("Shove", "Magic", "Move target minion from here to an adjacent site."))
    assert any("from a place word" in p for p in problems), problems


def test_a_fronted_place_over_a_sentence_is_named_not_executed() -> None:
    """``Here, ...`` before a sentence says where all of it holds; the engine reads no such phrase, so
    it names it rather than run the sentence everywhere."""
    problems = card_problems(_card("Hearth", "Site", "Here, minions have +1 power."))
    assert any("fronted phrase 'here" in p for p in problems), problems
    assert card_problems(_card("Hearth", "Site", "Minions here have +1 power.")) == []


def test_a_condition_inside_a_relative_clause_is_named_not_executed() -> None:
    """``each minion that attacked this turn while carrying an artifact``: the engine tests the relative
    clause but not a condition of its own, so it names that condition instead of dropping it."""
    problems = card_problems(_card("Sweep", "Magic", "Destroy each minion that attacked this turn while carrying "
                                                     "an artifact."))
    assert any("condition of its own" in p for p in problems), problems
    assert card_problems(_card("Sweep", "Magic", "Destroy each minion that attacked this turn.")) == []


def test_a_count_whose_noun_is_left_out_is_named_not_executed() -> None:
    """``if you control all three``: the noun is the context's (``all three`` elements, sites...), which the
    engine does not resolve, so it names it rather than count three of anything."""
    problems = card_problems(_card("Triad", "Magic", "If you control all three, gain 3 life."))
    assert any("noun is left out" in p for p in problems), problems


def test_divided_damage_and_a_free_cost_are_named_not_executed() -> None:
    """``6 damage divided among X`` is split among them, which the damage executor does not do (it would
    deal 6 to each); ``costs nothing`` sets no amount the cost executor adds or takes away."""
    problems = card_problems(_card("Scatter", "Magic", "Deal 6 damage divided among up to three target minions."))
    assert any("divided" in p for p in problems), problems
    assert card_problems(_card("Scatter", "Magic", "Deal 6 damage to up to three target minions.")) == []
    assert card_problems(_card("Gift", "Site", "Spells you cast here cost nothing."))


def test_a_compared_stat_in_a_condition_is_named_not_executed() -> None:
    """``if its power is 3 or more`` (it was read ``is 3``), ``at level 4 or more``: a stat compared in a
    condition, which the engine's conditions do not test yet, so named rather than read as something else."""
    for text in ("If its power is 3 or more, draw a card.", "At level 4 or more, draw a card."):
        problems = card_problems(_card("Gauge", "Magic", text))
        assert any("Stat" in p for p in problems), (text, problems)
