"""Three readings of card text (invented sentences): options framed by a verb before "choose one:",
a static ability applied in part when its clauses are independent, and a strike that splashes.
The scenarios in tests/scenarios/exec22_reading.json rule them on a board; these check the readings
themselves, where a wrong one would not show on one board."""
from __future__ import annotations

from codex.cardtext import ast as A
from codex.engine.abilities import AbilityKind, abilities_of


def _only(text: str) -> object:
    found = abilities_of(text, "Testcard").abilities
    assert len(found) == 1, found
    return found[0]


def test_framed_choice_is_the_frame_then_the_options() -> None:
    ability = _only("Tap \u2192 Curse target Avatar, choose one: they lose 3 life, or you gain 2 life.")
    assert ability.executed
    frame, options = ability.node.body
    assert isinstance(frame.clauses[0].action, A.Choose) and frame.clauses[0].action.kind == "target"
    assert options.links == ("or",) and len(options.clauses) == 2


def test_a_framing_verb_the_engine_executes_stays_itself() -> None:
    ability = _only("Tap \u2192 Deal 1 damage to target minion, choose one: you gain 1 life, or you lose 1 life.")
    frame, options = ability.node.body
    assert isinstance(frame.clauses[0].action, A.Damage)
    assert len(options.clauses) == 2


def test_choose_one_opening_the_sentence_is_read_as_before() -> None:
    ability = _only("Tap \u2192 Choose one: you gain 1 life, or you lose 1 life.")
    (sentence,) = ability.node.body
    assert sentence.links == ("or",) and len(sentence.clauses) == 2


def test_a_static_applies_its_independent_clauses_apart() -> None:
    ability = _only("Bearer has +2 power, and you may cast spells from your cemetery.")
    assert ability.kind is AbilityKind.STATIC and not ability.executed
    assert ability.applied is ability.head and ability.head is not None and ability.head.executed
    assert ability.rest == "you may cast spells from your cemetery"
    assert ability.head.text == ability.text          # quoted whole: a verbatim sentence of the card
    (sentence,) = ability.head.node.body
    assert len(sentence.clauses) == 1 and isinstance(sentence.clauses[0].action, A.Grant)
    assert "the part \u201cyou may cast spells from your cemetery\u201d" in (ability.unapplied() or "")


def test_a_clause_pointing_back_keeps_the_static_whole() -> None:
    ability = _only("Bearer has +2 power, and that power can't be reduced.")
    assert not ability.executed and ability.head is None and ability.applied is None


def test_a_triggered_ability_is_not_split_by_clauses() -> None:
    ability = _only("Whenever an ally dies, you gain 1 life and you may cast spells from your cemetery.")
    assert ability.kind is AbilityKind.TRIGGERED and ability.head is None and ability.applied is None


def test_a_splash_is_a_static_damage_by_the_strikes() -> None:
    ability = _only("Its strikes splash 1 damage to each enemy adjacent to a struck unit.")
    assert ability.executed
    (sentence,) = ability.node.body
    clause = sentence.clauses[0]
    assert isinstance(clause.action, A.Damage) and clause.action.amount == 1 and "also" in clause.adverbs
