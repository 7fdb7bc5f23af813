"""What a question asks for (``codex/search/asks.py``) and the ranking signal it feeds."""
from __future__ import annotations

import pytest

from codex.paths import BuildPaths
from codex.search import Searcher, rank
from codex.search.asks import asks_quantity, gives_quantity


@pytest.mark.parametrize("question", [
    "how many cards can i hold in my hand",
    "how much mana do i gain each round",
    "how far can a minion move",
    "how often can i use a rune",
    "what is the maximum hand size",
    "what's the limit on copies of a card",
    "is there a limit on minions at one site",
    "max copies of the same card",          # the same asked as a look-up
    "minimum deck size",
    "number of sites in play",
])
def test_questions_that_ask_for_a_quantity(question: str) -> None:
    assert asks_quantity(question.split())


@pytest.mark.parametrize("question", [
    "how do i win", "can a minion move and attack", "what happens when a site is flooded",
    "many minions attack", "how does much work",
    "can a minion with max power attack",   # only a look-up that starts with it
])
def test_questions_that_do_not(question: str) -> None:
    assert not asks_quantity(question.split())


@pytest.mark.parametrize(("sentence", "states"), [
    ("Each player draws seven cards.", True),
    ("It may be used once per turn.", True),
    ("Deal 3 damage to it.", True),
    ("Twice as many.", True),
    ("Draw a card from your spellbook.", False),
    ("Someone owns it; nobody controls it.", False),     # "one" inside words is no number
])
def test_sentences_that_state_a_number(sentence: str, states: bool) -> None:
    assert gives_quantity(sentence) is states


@pytest.fixture(scope="module")
def searcher(build_paths: BuildPaths) -> Searcher:
    s = Searcher.open(build_paths.index, cache_size=0)
    yield s
    s.close()


def test_a_how_many_question_prefers_the_record_whose_sentence_gives_the_number(
        searcher: Searcher) -> None:
    """Of the Sorcerer records about battlefields and winning, the one with the sentence
    that counts the battlefields needed answers "how many"; the signal is there only when
    the question asks for a quantity, and only for records whose best sentence states one."""
    question = "how many battlefields do i need to win"
    found = dict(searcher.candidate_signals(question, "sorcerer"))
    assert max(sig.quantity for sig in found.values()) > 0
    assert any(sig.quantity == 0 and sig.sentence > 0 for sig in found.values())
    first = searcher.search(question, game="sorcerer").hits[0].key
    assert found[first].quantity > 0
    assert first in {"sorcerer:overview", "sorcerer:defense-trackers"}
    # the same words, not asking how many: no record gets the signal
    plain = searcher.candidate_signals("battlefields i need to win", "sorcerer")
    assert all(sig.quantity == 0 for _key, sig in plain)
    assert "quantity" in rank.FEATURES and rank.WEIGHTS["quantity"] > 0
