"""Searching four rule systems (issue #13): the game filter and scope, the game facet, one
definition per game of a shared term, per-game typo correction and players' terms, texts
describing pictures only on request, and Sorcery's results unchanged by the other games."""
from __future__ import annotations

import pytest

from rapidfuzz import fuzz

from codex.corpus.text import fold
from codex.paths import BuildPaths
from codex.search import Searcher
from codex.search.correct import spelling_variants
from codex.search.scopes import game_vocabulary
from codex.search.searcher import SUGGEST_SPELLING


@pytest.fixture(scope="module")
def searcher(build_paths: BuildPaths) -> Searcher:
    s = Searcher.open(build_paths.index, cache_size=0)
    yield s
    s.close()


def keys(result) -> list[str]:  # noqa: ANN001
    return [h.key for h in result.hits]


def test_every_game_is_searched_and_labelled(searcher: Searcher) -> None:
    assert searcher.games == ["sorcery", "contracts", "sorcerer", "archmajesty"]
    result = searcher.search("summon", limit=20)
    assert {h.game for h in result.hits} == {"sorcery", "contracts", "archmajesty"}
    assert all(h.key.split(":")[0] in ("codex", "rulebook") for h in result.hits
               if h.game == "sorcery")
    assert all(h.key.startswith(f"{h.game}:") for h in result.hits if h.game != "sorcery")
    assert result.game is None


@pytest.mark.parametrize("q", ["hand size limit", "who goes first", "summon",
                               "what happens when my deck runs out"])
def test_every_game_search_names_each_games_first_record(searcher: Searcher, q: str) -> None:
    """A question with no word of its own game is led by Sorcery; each other game's answer
    is still named (what searching that game alone shows first)."""
    result = searcher.search(q)
    assert list(result.best_by_game) == [g for g in searcher.games
                                         if result.facets["game"].get(g)]
    for game, hit in result.best_by_game.items():
        assert hit.game == game
        assert hit.key == keys(searcher.search(q, game=game))[0], game
    assert searcher.search(q, game="contracts").best_by_game == {}


def test_a_games_first_record_is_named_though_the_merged_list_is_led_by_another(
        searcher: Searcher) -> None:
    result = searcher.search("hand size limit")
    assert result.hits[0].game == "sorcery"
    assert result.best_by_game["contracts"].key == "contracts:drawing-and-fetching"
    assert result.to_dict()["best_by_game"]["contracts"]["title"] == "Drawing and fetching"


@pytest.mark.parametrize("how", ["argument", "filter"])
def test_a_game_filter_keeps_one_game_and_counts_the_others(searcher: Searcher,
                                                            how: str) -> None:
    result = (searcher.search("summon", game="contracts") if how == "argument"
              else searcher.search("summon game:contracts"))
    assert {h.game for h in result.hits} == {"contracts"}
    assert result.hits[0].key == "contracts:keyword:summon"
    facets = result.facets["game"]
    assert facets["contracts"] == result.total and facets["sorcery"] > facets["contracts"]
    assert "archmajesty" in facets and "sorcerer" not in facets      # Sorcerer has no summon
    # the page's game is not part of what the user typed; a typed filter is
    assert ("game:" in result.searched) == (how == "filter")


def test_a_term_several_games_define_lists_each_games_definition(searcher: Searcher) -> None:
    destroy = searcher.search("destroy")
    assert [(d["game"], d["key"]) for d in destroy.definitions] == [
        ("sorcery", "codex:kill"), ("sorcerer", "sorcerer:term:destroy")]
    airborne = searcher.search("airborne")
    assert [d["game"] for d in airborne.definitions] == ["sorcery", "archmajesty"]
    assert airborne.definitions[1]["key"] == "archmajesty:earthbound-airborne"
    assert airborne.definitions[1]["text"].startswith("Whenever your mage's feet")
    ready = searcher.search("ready", game="sorcerer")
    assert ready.hits[0].key == "sorcerer:term:ready-and-exhausted"
    assert searcher.search("magnetized").definitions == []         # one game only


def test_typos_are_mended_with_the_searched_games_words(searcher: Searcher) -> None:
    result = searcher.search("magnetizd creature", game="contracts")
    assert result.searched == "magnetized creature"
    # a British spelling is the American word, found as typed
    result = searcher.search("magnetised creature", game="contracts")
    assert result.searched == "magnetised creature" and not result.corrections
    assert result.hits[0].key == "contracts:keyword:magnetized"
    assert searcher.search("armor points", game="archmajesty").hits[0].key == \
        "archmajesty:armour-points"
    # one word in two spellings: found as typed, nothing rewritten
    defense = searcher.search("defense", game="archmajesty")
    assert defense.corrections == [] and defense.hits[0].key == "archmajesty:defence"
    # Sorcery's cards are Sorcery's: a card name means nothing to Contracts
    assert searcher.search("bosk troll", game="contracts").cards == []
    assert searcher.search("bosk troll").cards


def test_across_every_game_a_word_of_any_games_rules_is_no_typo(searcher: Searcher) -> None:
    """Every game searched: Archmajesty's "grunts" is a word of its rules, so Sorcery's
    reading must not mend it to a Sorcery word (it sounds like "grounds"); searched in
    Sorcery alone, where no record uses it, it is still corrected as before."""
    every = searcher.search("do grunts have defence")
    assert every.corrections == []
    assert every.hits[0].key == "archmajesty:minion-defence"
    alone = searcher.search("grunts", game="sorcery")
    assert [c["typed"] for c in alone.corrections] == ["grunts"]


@pytest.mark.parametrize("word,variant", [("magnetised", "magnetized"), ("armor", "armour"),
                                          ("defence", "defense"), ("colour", "color"),
                                          ("channelled", "channeled"), ("centre", "center")])
def test_spelling_variants(word: str, variant: str) -> None:
    assert variant in spelling_variants(word)


def test_players_terms_are_each_games_own(searcher: Searcher) -> None:
    # "graveyard": Sorcery's cemetery to a Sorcery player, Sorcerer's own Graveyard, and
    # Contracts' discard pile
    assert searcher.search("graveyard", game="sorcery").hits[0].key == "codex:cemetery"
    assert searcher.search("graveyard", game="sorcerer").hits[0].key == "sorcerer:graveyard"
    contracts = searcher.search("graveyard", game="contracts")
    assert contracts.hits[0].key == "contracts:discard-pile"
    assert contracts.mappings[0]["means"] == "discard pile"
    # every game: Sorcery's players' terms, and the typed word searched too (Sorcerer's)
    every = searcher.search("graveyard")
    assert {"codex:cemetery", "sorcerer:graveyard"} <= set(keys(every)[:5])
    assert searcher.search("taunt", game="contracts").hits[0].key == "contracts:keyword:magnetized"
    assert searcher.search("hit points", game="archmajesty").hits[0].key == \
        "archmajesty:health-points"


def test_texts_describing_pictures_only_when_asked_for(searcher: Searcher) -> None:
    assert not any(h.kind == "image" for h in searcher.search("brushstroke gradient font").hits)
    shown = searcher.search("brushstroke gradient", kind="image")
    assert keys(shown) == ["archmajesty:image-1"]
    assert searcher.search("kind:image").total == 1


def test_nothing_in_the_game_searched_points_to_the_games_that_match(searcher: Searcher) -> None:
    # Contracts' rulebook says "draw", never "tie"; Sorcery's glossary speaks of ties
    result = searcher.search("ties", game="contracts")
    assert result.total == 0 and result.facets["game"].get("sorcery")
    # the same search in the same game is no suggestion, nor a title that merely holds the
    # query's letters ("Abilities"): only titles spelled like the whole query
    assert "ties" not in result.suggestions
    assert all(fuzz.ratio(fold(s), "ties") >= SUGGEST_SPELLING for s in result.suggestions)


def test_a_misspelt_title_that_found_nothing_is_offered(searcher: Searcher) -> None:
    result = searcher.search("magnetisedd", game="contracts", correct=False)
    assert result.total == 0 and result.suggestions[0] == "Magnetized"


def test_an_unknown_game_finds_nothing_and_says_what_to_try(searcher: Searcher) -> None:
    result = searcher.search("summon", game="chess")
    assert result.total == 0 and result.suggestions


def test_game_documents_are_whole(build_paths: BuildPaths, searcher: Searcher, corpus) -> None:  # noqa: ANN001
    docs = {d["key"]: d for d in searcher._docs}
    for record in corpus.records():
        key = f"{record['source']}:{record['id']}"
        assert key in docs, key
        assert docs[key]["game"] == record["game"]
    # a glossary section's own text is its introduction; its entries are their own records
    assert not docs["contracts:keywords"].get("body")
    assert docs["sorcerer:followers-of-usir"]["title"] == "Followers of Usir (The Necromancer)"


@pytest.mark.parametrize("game", ["contracts", "sorcerer", "archmajesty"])
def test_each_games_vocabulary_file_loads(game: str) -> None:
    vocabulary = game_vocabulary(game)
    assert len(vocabulary.entries) >= 15
    assert all(e.expect[0].startswith(f"{game}:") for e in vocabulary.entries)


# -- a search that finds nothing: clipped words completed, offered ------------------------
def test_clipped_word_completed_is_offered_when_nothing_found(searcher: Searcher) -> None:
    """Archmajesty's rules never write "cap" (nor "army" or "necromancer"), so the query finds
    nothing there; "cap" begins its word "capacity", and the completed query, which finds
    Command Capacity, is the first suggestion. It is offered, not searched: "cap" is a real
    word, and real words are never rewritten (issue #19)."""
    result = searcher.search("necromancer army cap", game="archmajesty")
    assert result.total == 0 and result.corrections == [] and not result.rewritten
    assert result.suggestions[0] == "necromancer army capacity"
    offered = searcher.search(result.suggestions[0], game="archmajesty")
    assert any("capacity" in h.title.lower() for h in offered.hits[:3])


def test_words_are_not_completed_when_something_is_found(searcher: Searcher) -> None:
    result = searcher.search("max hand", game="sorcery")
    assert result.total > 0
    assert not any(c["typed"] == "max" for c in result.corrections)
    assert result.suggestions == []


def test_nothing_to_complete_keeps_the_empty_result_and_its_suggestions(
        searcher: Searcher) -> None:
    result = searcher.search("qwxzv", game="contracts")
    assert result.total == 0 and not result.hits and result.suggestions
    assert result.corrections == []
    assert not any("qwxzv" in s for s in result.suggestions)
