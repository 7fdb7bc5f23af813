"""The five meaning defects of the first grammar (issue #11), as rules with tests. Invented sentences only.

1. Coordination scope: words shared by the items of an "and"/"or" list (determiner, adjectives, trailing
   places and post-modifiers) distribute over every item; a word that cannot apply to a later item
   (number agreement, a pronoun pointing back) stays with its own.
2. Trigger bodies: the sentences after a triggered ability's first one belong to it.
3. Repeating effects: "X at the end of your turn" stated as a repeating effect is a trigger; "until the
   end of your turn" is a duration.
4. Typed roles: one verb frame gives each phrase its role (agent, patient, destination...); passive swaps
   them; a verb with no primitive is a generic Action with the same named roles, parsed but not mapped.
5. Adjuncts are not selector filters: a phrase the verb's frame takes ("with Rubble", "to target site")
   is a role of the verb, never a filter on the noun before it.
"""
from __future__ import annotations

from typing import Any

import pytest

from codex.cardtext import ast as A
from codex.cardtext import parse_card_text

NAME = "Ember Golem"


def body(text: str, name: str | None = NAME) -> tuple[Any, ...]:
    card = parse_card_text(text, name)
    assert card.fully_parsed, card.unparsed
    return card.abilities


def action(text: str, name: str | None = NAME) -> Any:
    (ability,) = body(text, name)
    (sentence,) = ability.body
    (clause,) = sentence.clauses
    return clause.action


AT_TARGET_SITE = A.Where("at", A.Selector("site", "target"))
NEARBY = A.Where("nearby")


# ---- 1. coordination scope
@pytest.mark.parametrize("text, items", [
    # determiner and trailing place phrase go to both items
    ("Banish all minions and artifacts at target site.",
     [A.Selector("minion", "all", filters=(AT_TARGET_SITE,), plural=True),
      A.Selector("artifact", "all", filters=(AT_TARGET_SITE,), plural=True)]),
    # adjective forward, place word to both
    ("Silence other allies and enemies nearby.",
     [A.Selector("ally", mods=("other",), filters=(NEARBY,), plural=True),
      A.Selector("enemy", mods=("other",), filters=(NEARBY,), plural=True)]),
    # a singular determiner does not go to a plural item; the trailing place still goes to both
    ("Banish this site and minions here.",
     [A.Selector("site", "this", filters=(A.Where("here"),)),
      A.Selector("minion", filters=(A.Where("here"),), plural=True)]),
    # a modifier pointing back with a pronoun stays with its own item
    ("Flood target site and each minion atop it.",
     [A.Selector("site", "target"), A.Selector("minion", "each", filters=(A.Where("atop", A.Ref("it")),))]),
])
def test_shared_words_distribute_over_the_list(text: str, items: list[A.Selector]) -> None:
    a = action(text)
    assert a.patient == A.Group(tuple(items), "and")


def test_a_shared_object_goes_to_both_verbs() -> None:
    (ability,) = body("Surface or unburrow each minion here.")
    first, second = ability.body[0].clauses
    assert ability.body[0].links == ("or",)
    assert first.action.patient == second.action.patient == A.Selector("minion", "each", filters=(A.Where("here"),))


def test_a_negated_copula_does_not_scope_over_the_next_verb() -> None:
    (ability,) = body("Affected sites aren't water sites, and provide no fire threshold.")
    first, second = ability.body[0].clauses
    assert first.negated and not second.negated
    assert second.action == A.Provide(A.Selector("threshold", "no", mods=("fire",)),
                                      A.Selector("site", mods=("affected",), plural=True))


def test_gapping_repeats_the_verb_with_its_own_complements() -> None:
    a = action("It deals 3 damage on impact, and 1 damage to each other unit here.")
    first, second = a.items
    assert first.action == A.Damage(3, agent=A.Ref("it"))
    assert first.adjuncts == (A.Adjunct("on", A.Selector("impact")),)
    assert second.action == A.Damage(1, A.Selector("unit", "each", mods=("other",), filters=(A.Where("here"),)),
                                      agent=A.Ref("it"))


# ---- 2. trigger bodies
def test_sentences_after_a_trigger_belong_to_it() -> None:
    (ability,) = body("At the start of your turn, look at your topmost spell. You may put it on the bottom of "
                      "your atlas.")
    assert isinstance(ability, A.Triggered)
    assert ability.trigger == A.Trigger("at", phase="start", turn=A.Turn("your"))
    assert [type(c.action) for s in ability.body for c in s.clauses] == [A.Look, A.Put]


def test_a_new_ability_marker_ends_the_trigger_body() -> None:
    abilities = body("Whenever an ally dies, draw a card. Tap \u2192 Gain 1 life.")
    assert [type(a) for a in abilities] == [A.Triggered, A.Activated]


# ---- 3. repeating effects are triggers; "until" is a duration
@pytest.mark.parametrize("text, phase, effect", [
    ("Untaps at the end of each turn.", "end", A.Tap(A.Ref("SELF"), untap=True)),
    ("Each enemy here takes 1 damage at the start of your turn.", "start",
     A.Damage(1, A.Selector("enemy", "each", filters=(A.Where("here"),)))),
])
def test_a_repeating_effect_is_a_trigger(text: str, phase: str, effect: Any) -> None:
    (ability,) = body(text)
    assert isinstance(ability, A.Triggered)
    assert ability.trigger == A.Trigger("at", phase=phase, turn=A.Turn("each" if "each turn" in text else "your"))
    assert ability.body[0].clauses[0].action == effect


def test_until_the_end_of_turn_is_a_duration() -> None:
    (ability,) = body("Gains Stealth until the end of your turn.")
    assert isinstance(ability, A.Statement)
    clause = ability.body[0].clauses[0]
    assert clause.duration == A.Duration("until", A.Turn("your"), "end")


# ---- 4. typed roles
def test_roles_come_from_the_frame_and_passive_swaps_them() -> None:
    assert action("Ember Golem can carry an ally.") == A.Carry(A.Ref("SELF"), A.Selector("ally", "a"))
    assert action("May be cast by any ally.") == A.Cast(A.Ref("SELF"), agent=A.Selector("ally", "any"))


def test_a_verb_without_a_primitive_is_a_generic_action_with_named_roles() -> None:
    card = parse_card_text("Ember Golem can juggle a minion.", NAME)
    a = card.abilities[0].body[0].clauses[0].action
    assert a == A.Action("juggle", (("agent", A.Ref("SELF")), ("patient", A.Selector("minion", "a"))))
    assert card.fully_parsed and not A.is_mapped(card)  # parsed, not executable


def test_a_typed_verb_refuses_an_object_none_of_its_senses_takes() -> None:
    # "cast (2)" is no casting: the reading that wins is "spells cast by X cost (2) more"
    a = action("Spells cast by an allied Mortal cost (2) more.")
    assert isinstance(a, A.CostChange) and a.direction == "more" and a.amount == A.Mana(("(2)",))
    (rel,) = a.patient.filters
    assert rel.clause.action == A.Cast(A.Ref("which"), agent=A.Selector("Mortal", "a", mods=("allied",)))


# ---- 5. adjuncts vs selectors
def test_a_role_phrase_after_a_noun_is_the_verbs_not_the_nouns() -> None:
    a = action("Fill a void adjacent to an ally with Rubble.")
    assert a == A.Conjure(A.Selector("Rubble"), A.Selector("void", "a", filters=(
        A.Where("adjacent_to", A.Selector("ally", "a")),)))


def test_a_place_after_a_created_thing_is_its_destination() -> None:
    assert action("Summon a Frog token here.") == A.Summon(A.Selector("token", "a", mods=("Frog",)), A.Where("here"))
    # but after a thing already in play it picks that thing out
    assert action("Banish a minion here.") == A.Remove("banish", A.Selector("minion", "a", filters=(A.Where("here"),)))


def test_a_verb_agrees_with_its_subject() -> None:
    """A card name that is also a verb starts an imperative when the verb after it does not agree with it
    as a subject ("Silence target minion": not the card Silence targeting a minion)."""
    from codex.cardtext.parser import names_added

    with names_added(["Silence"]):
        a = action("Silence target nearby minion this turn.", None)
    assert a == A.SetState("silenced", A.Selector("minion", "target", filters=(NEARBY,)))
    assert action("Each ally gains Stealth.", None) == A.Grant((A.Keyword("stealth"),), A.Selector("ally", "each"))


def test_to_and_a_verb_before_an_object_is_an_infinitive_of_purpose() -> None:
    """"to strike each other unit": the object after "to" + a noun that is also a verb belongs to that verb
    (the purpose), not to the main verb with "to strike" as a place; with no object after it, "to" + noun
    stays a prepositional phrase."""
    card = parse_card_text("Tap → Burrow to strike each other unit nearby.", NAME)
    (clause,) = card.abilities[0].body[0].clauses
    assert clause.action == A.Relocate("burrow")
    assert clause.purpose.action == A.Strike(patient=A.Selector("unit", "each", mods=("other",), filters=(NEARBY,)))
    assert not clause.adjuncts
    (clause,) = body("Ember Golem is immune to damage.")[0].body[0].clauses
    assert not isinstance(clause.purpose, A.Clause)


def test_a_use_limit_on_its_own_line_limits_the_activated_ability_above_only() -> None:
    """'Use only once per turn.' on a line of its own limits the activated ability ending the line above
    (the line is then dropped); under a trigger or a statement, or with nothing above, it is left as it
    was written (a line of its own), and a sentence after it on its line stays there."""
    from codex.cardtext import ast as A
    from codex.cardtext import parse_card_text

    card = parse_card_text("Tap → Gain 1 life.\nUse this ability only once per turn. Draw a card.")
    assert len(card.lines) == 2 and isinstance(card.lines[0][0], A.Activated)
    assert card.lines[0][0].body[0].limit == A.Limit(1, A.Turn("each"))
    assert isinstance(card.lines[1][0], A.Statement)           # "Draw a card." keeps its own line
    for text in ("Whenever an ally dies, gain 1 life.\nUse only once per turn.",
                 "Allies have +1 power.\nUse only once per turn.", "Use only once per turn."):
        lines = parse_card_text(text).lines
        assert len(lines) == text.count("\n") + 1, text
        assert all(not isinstance(a, A.Activated) for line in lines for a in line)
    limited = parse_card_text("Tap → Gain 1 life. Use only once per turn.\nUse only twice per turn.")
    assert len(limited.lines) == 2       # the ability above already has a limit: the second is not merged
