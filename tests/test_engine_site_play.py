"""Sites an effect plays from a zone other than the hand, or in place of another site
(`codex/engine/effects/site_play.py`; invented card text only; the scenarios themselves are in
tests/scenarios/exec20_sites_from_zones.json, run by test_engine_scenarios)."""
from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from codex.engine import rule
from codex.engine.abilities import abilities_of
from codex.engine.effects.check import missing

ROOT = Path(__file__).parent.parent
CASES = json.loads((ROOT / "tests" / "scenarios" / "exec20_sites_from_zones.json").read_text("utf-8"))["cases"]


def _problems(text: str) -> list[str]:
    ability = abilities_of(text, "Probe").abilities[0]
    return [] if ability.executed else (missing(ability) or ["not executed"])


@pytest.mark.parametrize("text", [
    "Tap → Replace target Rubble with the top site of your atlas.",
    "Tap → Replace an adjacent site with a site from your cemetery.",
    "Tap → Play a site from your cemetery to an adjacent void or Rubble.",
    "Tap → Play the topmost site of your atlas onto an adjacent location.",
    "Tap → Play your topmost site to a void adjacent to this minion.",
    "Tap → Play a site. If you played a fire site, draw a spell.",
])
def test_sentences_of_playing_sites_from_zones_are_executed(text: str) -> None:
    assert _problems(text) == []


@pytest.mark.parametrize("text,problem", [
    ("Tap → Play a site from your atlas to an adjacent void.", "playing a chosen site from a deck"),
    ("Tap → Play a site from your opponent's cemetery.", "playing a site from a zone other than your hand, atlas or cemetery"),
])
def test_what_is_not_run_is_named(text: str, problem: str) -> None:
    assert problem in _problems(text)


@pytest.mark.parametrize("case", [c for c in CASES if c["expect"]["verdict"] == "resolved"], ids=lambda c: c["name"])
def test_a_site_played_is_told_once(case: dict) -> None:
    steps = rule(case["scenario"]).to_dict()["steps"]
    played = [s for s in steps if s["kind"] == "play_site"]
    assert len(played) <= 1
    if played:
        assert "p1" in played[0]["event"]


def _codex(title: str) -> str:
    rows = csv.reader((ROOT / "corpus" / "sources" / "sorcery-codex.csv").open(encoding="utf-8"))
    text = next(r[1] for r in rows if r[0] == title)
    return re.sub(r"\s+", " ", text)


def test_the_replaced_site_ambiguity_quotes_the_codex_verbatim() -> None:
    case = next(c for c in CASES if "old site goes to its owner's cemetery" in c["name"])
    steps = rule(case["scenario"]).to_dict()["steps"]
    note = next(s["event"] for s in steps if s["kind"] == "ambiguity")
    quotes = re.findall(r"“([^”]+)”", note)
    assert len(quotes) == 2
    site, cemetery = _codex("Site"), _codex("Cemetery")
    assert quotes[0] in site and quotes[1] in cemetery
