"""Words a newer set uses in a way the lexicon never recorded, read as English reads them where they
stand (codex/cardtext/lexer.py): each test removes the lexicon's entry for that use, so the reading
comes from the word's position, not from the lexicon."""
from __future__ import annotations

from codex.cardtext import ast as A
from codex.cardtext import lexicon as L
from codex.cardtext import parse_card_text


def _parsed(text: str) -> A.CardText:
    card = parse_card_text(text)
    assert card.fully_parsed, card.unparsed
    return card


def test_a_verb_after_a_preposition_ending_the_phrase_is_its_noun() -> None:
    with L.restricted({"nouns:force"}) as lex:
        assert "nouns:force" not in lex.entries and "verbs:force" in lex.entries
        card = _parsed("Target minion can't be moved by force.")
        assert "agent=Selector(noun='force'" in repr(card)


def test_an_adjective_after_a_preposition_ending_the_phrase_is_its_noun() -> None:
    with L.restricted({"nouns:magic"}) as lex:
        assert "adjectives:magic" in lex.entries
        card = _parsed("Target minion can't be tapped by magic.")
        assert "agent=Selector(noun='magic'" in repr(card)


def test_a_place_word_after_a_determiner_ending_the_phrase_is_its_noun() -> None:
    with L.restricted({"nouns:outside"}):
        card = _parsed("Arrows can't enter this site from the outside.")
        assert "source=Selector(noun='outside', det='the'" in repr(card)


def test_a_verb_before_its_object_is_still_a_verb() -> None:
    """The noun reading comes after the word's own: a verb that goes on to an object stays one."""
    card = _parsed("Draw a card, then discard a card at random.")
    assert "Discard(" in repr(card)


def test_a_short_word_ending_in_ly_is_no_adverb() -> None:
    with L.restricted({"verbs:fly"}):
        card = _parsed("This site may fly to a nearby void.")
        # an unknown verb, read as a verb; with a place it goes to, a motion of its manner
        assert "Move(patient=Selector(noun='site', det='this'" in repr(card) and "kind='fly'" in repr(card)


def test_a_noun_before_a_word_the_lexicon_does_not_know_may_modify_it() -> None:
    card = _parsed("Life drain caused by nearby spells is reduced to 1.")
    assert "noun='drain'" in repr(card) and "mods=('life',)" in repr(card)


def test_an_s_verb_after_a_determiner_and_a_noun_before_an_auxiliary_is_a_plural_noun() -> None:
    with L.restricted({"nouns:deck search"}):
        card = _parsed("Your deck searches are limited to the top three cards.")
        assert "Selector(noun='search', det='your', count=None, quant=None, mods=('deck',)" in repr(card)
    card = _parsed("Your minion attacks an enemy.")   # before an object it is the verb
    assert "Attack(" in repr(card)


def test_a_new_verbs_base_form_follows_english_spelling() -> None:
    from codex.cardtext.lexer import past_stem, s_stem
    assert [past_stem(w) for w in ("tied", "tried", "stopped", "halved", "reduced", "damaged", "caused",
                                   "attacked", "called", "passed", "released")] == \
        ["tie", "try", "stop", "halve", "reduce", "damage", "cause", "attack", "call", "pass", "release"]
    assert [past_stem(w) for w in ("divided", "invaded", "rotated", "distributed", "visited", "landed", "loaded",
                                   "limited", "summoned")] == \
        ["divide", "invade", "rotate", "distribute", "visit", "land", "load", "limit", "summon"]
    assert [s_stem(w) for w in ("ties", "tries", "reaches", "halves", "attacks")] == \
        ["tie", "try", "reach", "halve", "attack"]
    # a verb the lexicon does not know (with its doer: with none, the participle names a state, below)
    card = _parsed("Whenever a minion is quelled by a spell, draw a card.")
    assert "Action(lemma='quell'" in repr(card)


def test_a_noun_where_the_verb_goes_before_its_object_is_that_verb() -> None:
    with L.restricted({"verbs:start", "verbs:name"}) as lex:
        assert "verbs:start" not in lex.entries and "nouns:start" in lex.entries and "nouns:name" in lex.entries
        assert "Action(lemma='start'" in repr(_parsed("Start the game with four spells in hand."))
        assert "Action(lemma='name'" in repr(_parsed("If they name a card, draw a card."))
        assert "Action(lemma='name'" in repr(_parsed("If Merlin names a card, draw a card."))
    assert "Action(lemma" not in repr(_parsed("At the start of your turn, draw a card."))   # a noun stays one


def test_an_ability_word_outside_its_marker_names_that_kind_of_ability() -> None:
    """An ability word (a closed class: Genesis, Deathrite) is a noun or a noun's modifier where it
    marks no ability: read from its position, not from a noun entry of its own."""
    with L.restricted({"nouns:deathrite", "nouns:genesis"}) as lex:
        assert "nouns:deathrite" not in lex.entries
        card = _parsed("Deathrite abilities of your minions are also Genesis abilities.")
        assert "mods=('Deathrite',)" in repr(card) and "mods=('Genesis',)" in repr(card)
        card = _parsed("Trigger the Deathrite of target minion.")
        assert "Reactivate(patient=Selector(noun='Deathrite'" in repr(card)
        assert isinstance(_parsed("Deathrite → Draw a card.").abilities[0], A.Deathrite)   # still a marker


def test_an_s_word_after_a_singular_determiner_is_no_plural_noun() -> None:
    """``this``, ``each``, ``a`` take a singular noun only: an -s word after one is the verb, known or
    not (``this moves`` was read as the noun phrase 'these moves' when the verb's reading failed later)."""
    card = _parsed("This moves freely between towers occupied by your allies.")
    assert "Move(patient=Ref(word='SELF'" in repr(card)


def test_a_place_word_after_a_preposition_is_the_place_it_names() -> None:
    """``from anywhere``, ``from here to X``: English puts no adverb after a preposition, so the place
    word is its object (a ``Where``), read from its position."""
    card = _parsed("Summon a minion from anywhere.")
    assert "source=Where(rel='anywhere'" in repr(card)


def test_a_noun_right_after_a_relative_word_before_its_object_is_a_verb() -> None:
    """The relative clause's subject is the noun before ``that``, so the next word is where its verb goes:
    a word the lexicon knows only as a noun is the verb English makes of it there."""
    with L.restricted({"verbs:border"}) as lex:
        assert "nouns:border" in lex.entries and "verbs:border" not in lex.entries
        card = _parsed("Draw a card for each site you control that borders an enemy site.")
        assert "Action(lemma='border', roles=(('agent', Ref(word='which'" in repr(card)
    card = _parsed("Destroy each site that borders an enemy site.")
    assert "Located(where=Where(rel='adjacent_to'" in repr(card)   # with the lexicon's verb: its typed sense


def test_an_unknown_word_in_eed_is_a_base_form_first() -> None:
    """``proceed``, ``exceed``: English base forms end so; ``freed``, ``agreed`` are the past of a verb in
    ``-ee``. An imperative needs the base, a passive the participle."""
    assert "Action(lemma='proceed'" in repr(_parsed("Genesis → Proceed to the next turn."))
    assert "Action(lemma='free', roles=(('agent'" in repr(_parsed("Whenever a minion is freed by a spell, draw a card."))


def test_a_lowercase_keyword_after_a_determiner_or_a_signed_number_is_its_noun() -> None:
    """Round grammar14: with the noun's entry gone, a keyword written in lower case where a noun goes
    (after a possessive, after "+1") is the noun it names; capitalised it stays the keyword."""
    with L.restricted({"nouns:range", "nouns:range of motion"}) as lex:
        assert "nouns:range" not in lex.entries
        card = _parsed("Enemy minions within its range of motion can't attack.")
        assert "Where(rel='within', of=Selector(noun='range', det='its'" in repr(card)
        card = _parsed("Ranged units here have +1 range.")
        assert "RangeMod(amount=1)" in repr(card)
    card = _parsed("Target minion gains Ranged this turn.")
    assert "Keyword(name='ranged'" in repr(card)


def test_a_capitalised_english_word_opening_a_sentence_before_a_plural_noun_is_its_adjective() -> None:
    """Round grammar14: not a subtype name no unit carries (a silent wrong ruling), but an adjective the
    engine names as not read; a name the name book knows, or no English word, stays a name."""
    card = _parsed("Hostile minions nearby have -1 power.")
    assert "mods=('hostile',)" in repr(card)
    card = _parsed("Knight minions nearby have -1 power.")
    assert "mods=('Knight',)" in repr(card)
    card = _parsed("Qwzrk minions nearby have -1 power.")
    assert "mods=('Qwzrk',)" in repr(card)
    # an unknown run of capitalised words ends before a name the name book knows (a title's plural here)
    card = _parsed("Hostile Knights nearby have -1 power.")
    assert "Selector(noun='Knight'" in repr(card) and "mods=('hostile',)" in repr(card)
    card = _parsed("Qwzrk Knights can't attack.")
    assert "Selector(noun='Knight'" in repr(card) and "mods=('Qwzrk',)" in repr(card)


def test_a_cards_one_word_name_opening_a_sentence_may_be_its_verb() -> None:
    """Round grammar14: a spell named by its verb ("Whirl target minion ..."): the card's own name is
    tried first, then the word read by its ending, as any unknown capitalised word opening a sentence."""
    card = parse_card_text("Whirl target minion to an adjacent site.", "Whirl")
    assert card.fully_parsed, card.unparsed
    assert "kind='whirl'" in repr(card) and "Move(" in repr(card)   # read as its verb, a motion to a place
    card = parse_card_text("Whirl gains Airborne.", "Whirl")
    assert "patient=Ref(word='SELF'" in repr(card)


def _action(text: str) -> A.Node:
    card = _parsed(text)
    return card.lines[0][0].body[0].clauses[0].action


def test_an_unknown_verb_with_a_thing_and_a_place_is_a_motion() -> None:
    """The caused-motion construction: the verb's manner is unknown, the motion is not."""
    act = _action("Hurl target minion to an adjacent site.")
    assert isinstance(act, A.Move) and act.kind == "hurl" and act.patient == A.Selector("minion", "target")


def test_an_unknown_motion_without_an_object_moves_its_subject() -> None:
    act = _action("Your Avatar dashes into a nearby void.")
    assert isinstance(act, A.Move) and act.patient == A.Selector("avatar", "your") and act.agent is None


def test_a_known_motion_verb_removed_reads_the_same_by_its_construction() -> None:
    """What the leave-one-set-out measure does to 'pull': the construction gives the Move the lexicon gave."""
    text = "Pull target minion to this location."
    with_word = _action(text)
    with L.restricted({"verbs:pull", "verbs:pull in"}):
        without = _action(text)
    assert with_word == without and isinstance(without, A.Move) and without.kind == "pull"


def test_an_unknown_verb_to_a_unit_or_a_zone_is_no_motion() -> None:
    """Only a place is a destination of a motion: to an ally, to the cemetery stay unread verbs."""
    for text in ("Toss target artifact to an ally.", "Lob target minion to the cemetery.",
                 "Hurl a card to a nearby site."):
        assert isinstance(_action(text), A.Action), text


def test_an_unknown_manner_of_motion_is_named_not_executed() -> None:
    """The engine moves by the manners it knows; another is named, never guessed."""
    from codex.engine.effects.check import clause_problems

    card = _parsed("Hurl target minion to an adjacent site.")
    assert any("hurl" in p for p in clause_problems(card.lines[0][0].body[0].clauses[0]))


def test_an_unknown_participle_after_be_with_nothing_after_it_is_a_state() -> None:
    """Round grammar17: with the adjective's entry removed, "were connected" reads as the lexicon's
    adjective would (the state), not as a verb with no primitive; a "by" doer keeps the verb."""
    text = "Your minions can pass as if the left and right edges of the realm were connected."
    full = repr(_parsed(text))
    with L.restricted({"adjectives:connected"}) as lex:
        assert "adjectives:connected" not in lex.entries and not lex.verbs.get("connect")
        card = repr(_parsed(text))
        assert "SetState(state='connected'" in card and card == full
        with_doer = repr(_parsed("If this is connected by an ally, draw a card."))
        assert "Action(lemma='connect'" in with_doer and "SetState" not in with_doer
