"""A time inside an effect (`Sentence.delay`, `effects/delayed.py`): what the engine reads as a
delayed trigger, what it names as not executed, and how a magic's later time sentence joins its
effect. Invented card words only."""
from __future__ import annotations

from codex.cardtext import ast as A
from codex.cardtext.parser import parse_card_text
from codex.engine.abilities import AbilityKind, abilities_of
from codex.engine.effects.check import missing


def _body_delays(text: str) -> list[A.Trigger | None]:
    node = parse_card_text(text).lines[0][0]
    return [s.delay for s in node.body]


def test_fronted_and_trailing_times_inside_an_effect_are_kept_as_a_delay() -> None:
    fronted = _body_delays("Tap → At the start of your next turn, draw a spell.")
    trailing = _body_delays("Genesis → Put this minion into its owner's hand at the end of the turn.")
    assert fronted == [A.Trigger("at", phase="start", turn=A.Turn("your", "next"))]
    assert trailing == [A.Trigger("at", phase="end", turn=A.Turn("the"))]


def test_a_fronted_when_clause_inside_an_effect_stays_a_condition() -> None:
    node = parse_card_text("Tap → When an ally is here, draw a spell.").lines[0][0]
    assert node.body[0].delay is None


def test_a_delay_in_every_turn_is_named_not_guessed() -> None:
    ability = abilities_of("Tap → At the start of each turn, you gain 1 life.", "Invented Keeper").abilities[0]
    assert not ability.executed
    assert "a delayed time in a turn the engine cannot tell" in missing(ability)


def test_a_magics_later_time_sentence_joins_its_effect() -> None:
    text = "Put target allied minion into your hand. When your next turn begins, summon that card from your hand to a site you control."
    abilities = abilities_of(text, "Invented Recall", spell=True).abilities
    assert [a.kind for a in abilities] == [AbilityKind.SPELL]
    assert abilities[0].executed
    assert [s.delay is not None for s in abilities[0].node.body] == [False, True]


def test_a_magics_later_time_sentence_the_engine_cannot_run_stays_apart() -> None:
    # the delayed sentence has a verb with no primitive: it stays its own (unexecuted) ability, so the
    # first sentence is still run
    text = "You gain 1 life. At the start of your next turn, you may ponder it."
    abilities = abilities_of(text, "Invented Musing", spell=True).abilities
    assert [a.kind for a in abilities] == [AbilityKind.SPELL, AbilityKind.TRIGGERED]
    assert abilities[0].executed and not abilities[1].executed
