"""`arbiter cards audit FILE.json`: every card the engine claims to execute, ruled on a generic board
in the situations its text speaks of; an ability that resolves in silence or an engine crash is a
finding."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from codex.cards.source import source_from_cards
from codex.cli import main
from codex.engine.audit import audit, silent_abilities

from conftest import SHARED_CARDS


def _card(name: str, kind: str, text: str, *, cost: int = 1, power: int | None = 2, subtypes: str = "") -> dict:
    return {"name": name, "guardian": {"type": kind, "rarity": "Ordinary", "cost": cost, "attack": power,
                                       "defence": power, "life": None,
                                       "thresholds": {"air": 0, "earth": 0, "fire": 0, "water": 0}, "rulesText": text},
            "elements": "", "subTypes": subtypes, "sets": [{"name": "Testset"}]}


CARDS = [
    _card("Spark", "Magic", "Deal 1 damage to target minion nearby.", power=None),
    _card("Sleep Stalker", "Minion", "Genesis \u2192 Kill a nearby tapped Mortal."),
    _card("Grave Warden", "Minion", "Deathrite \u2192 Draw a spell."),
    _card("Torchbearer", "Minion", "Tap \u2192 Deal 1 damage to each enemy here."),
    _card("Quiet Monk", "Minion", "Untaps at the end of your turn."),
]


def test_executable_cards_are_ruled_in_their_situations_without_findings() -> None:
    report = audit(CARDS, source_from_cards(CARDS))
    assert report.cards == 5
    assert report.trials == 5 and report.not_staged == 0
    assert report.findings == ()


def test_an_ability_that_resolves_in_silence_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    # without its "nothing fits" note, a Genesis whose words name nothing on the board says nothing
    import codex.engine.effects.execute as execute
    monkeypatch.setattr(execute, "_say_nothing_fits", lambda run, act: None)
    report = audit(CARDS, source_from_cards(CARDS))
    assert [(f.card, f.trial, f.kind) for f in report.findings] == [("Sleep Stalker", "Genesis (cast)", "silent")]
    assert report.findings[0].detail == "Genesis \u2192 Kill a nearby tapped Mortal."


def test_an_engine_crash_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("oops")
    monkeypatch.setattr("codex.engine.rule", broken)
    report = audit(CARDS[:1], source_from_cards(CARDS))
    assert [(f.kind, f.detail) for f in report.findings] == [("crash", "KeyError: 'oops'")]


def test_silence_is_read_from_the_steps_quoting_the_ability() -> None:
    quote = {"source": "card", "id": "Owl", "quote": "Genesis \u2192 Draw a spell."}
    ruling = {"steps": [{"kind": "trigger", "citations": [quote]}, {"kind": "ability", "citations": [quote]},
                        {"kind": "pay", "citations": []}]}
    assert silent_abilities(ruling, "Owl") == ["Genesis \u2192 Draw a spell."]
    ruling["steps"].insert(2, {"kind": "draw_card", "citations": [quote]})
    assert silent_abilities(ruling, "Owl") == []


def test_cli_exits_1_on_findings_and_2_on_a_bad_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "cards.json"
    good.write_text(json.dumps(CARDS), encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "audit", str(good), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["trials"] == 5
    import codex.engine.effects.execute as execute
    monkeypatch.setattr(execute, "_say_nothing_fits", lambda run, act: None)
    result = CliRunner().invoke(main, ["cards", "audit", str(good)])
    assert result.exit_code == 1 and "silent: Sleep Stalker (Genesis (cast))" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": 3}]', encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "audit", str(bad)])
    assert result.exit_code == 2 and "field 'name'" in result.output


@pytest.mark.skipif(not SHARED_CARDS.exists(), reason="the card snapshot (../shared/cards/) is not here")
def test_snapshot_cards_the_engine_executes_do_something_or_say_why() -> None:
    cards = json.loads(SHARED_CARDS.read_text(encoding="utf-8"))
    report = audit(cards, source_from_cards(cards))
    assert report.trials >= 150
    assert report.findings == (), "\n".join(f"{f.kind}: {f.card} ({f.trial}): {f.detail}" for f in report.findings)

