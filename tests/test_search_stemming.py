"""The analyzer's stems (``codex/search/schema.py``) and spellings (``spelling.py``).

An inflection must find the records that use another form of the word ("activated" the
rules' "activate"; "dies" Die), a British spelling the American one and back ("armour",
"armor"), and neither may merge words that are not one word ("rated" is not "rat").
"""
from __future__ import annotations

import pytest

from codex.search import Searcher
from codex.search.schema import BODY_ANALYZER, TITLE_ANALYZER, porter, stems
from codex.search.spelling import american


@pytest.mark.parametrize("forms", [
    ("activate", "activated", "activating", "activates"),
    ("die", "dies", "died", "dying"),
    ("sacrifice", "sacrificed", "sacrificing", "sacrifices"),
    ("reference", "referencing", "referenced"),
    ("add", "added", "adding", "adds"),
    ("tap", "tapped", "tapping", "taps"),
    ("fly", "flies", "flying"),
    ("bonus", "bonuses"),
    ("put", "putting"),
    ("win", "winning"),
    ("npc", "npcs"),
])
def test_inflections_share_one_stem(forms: tuple[str, ...]) -> None:
    assert len({porter(f) for f in forms}) == 1, {f: porter(f) for f in forms}


@pytest.mark.parametrize("a,b", [("rated", "rat"), ("site", "sit"), ("rune", "run"),
                                 ("notes", "not")])
def test_different_words_keep_their_own_stems(a: str, b: str) -> None:
    assert porter(a) != porter(b)


@pytest.mark.parametrize("british,american_", [
    ("armour", "armor"), ("defence", "defense"), ("artefact", "artifact"),
    ("colour", "color"), ("grey", "gray"), ("colours", "colors"), ("offence", "offense")])
def test_british_and_american_spellings_are_one_word(british: str, american_: str) -> None:
    assert american(british) == american_
    assert american(american_) == american_           # an American word is never changed
    for analyzer in (BODY_ANALYZER, TITLE_ANALYZER):
        assert stems(analyzer, british) == stems(analyzer, american_)


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:  # noqa: ANN001
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


@pytest.mark.parametrize("game,query,expect", [
    ("archmajesty", "personal armor", "archmajesty:personal-armour"),   # the book: British
    ("sorcery", "artefact", "codex:artifact"),                          # the Codex: American
    ("sorcerer", "defence", "sorcerer:defense-trackers"),
    ("contracts", "gray mana", "contracts:playing-contracts"),
])
def test_each_spelling_finds_the_other(searcher: Searcher, game: str, query: str,
                                       expect: str) -> None:
    result = searcher.search(query, game=game, limit=3)
    assert expect in [h.key for h in result.hits], [h.key for h in result.hits]
    assert result.searched == query                 # nothing was "corrected" to find it
