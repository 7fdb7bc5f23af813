"""The every-game merge (``codex/search/federate.py``) on invented data: which game leads,
and how the games' ranked lists are merged."""
from __future__ import annotations

from codex.search.federate import OTHER_GAME_WEIGHT, GameVocabulary, lead_game, merge, weight

# Three invented books: "home" (the big one), "cards" and "dice".
VOCABULARY = GameVocabulary.build([
    ("home", {"minion", "attack", "turn", "hand", "wear"}, {"minion", "attack"}),
    ("home", {"hand", "size", "spell"}, {"hand"}),
    ("cards", {"rune", "turn", "hand", "orb"}, {"rune"}),
    ("cards", {"orb", "attack"}, {"orb"}),
    ("dice", {"reroll", "omen", "hand"}, {"omen"}),
    ("dice", {"omen", "fate"}, {"fate"}),
])


def stem(word: str) -> list[str]:
    return [word.lower().rstrip("s")] if word.isalpha() else []


def test_a_word_only_one_book_uses_and_names_records_by_leads_to_that_book() -> None:
    assert lead_game(["rune", "turn"], VOCABULARY, "home", stem) == "cards"
    assert lead_game(["omens"], VOCABULARY, "home", stem) == "dice"


def test_words_every_book_uses_leave_the_home_game_first() -> None:
    assert lead_game(["hand", "turn"], VOCABULARY, "home", stem) == "home"
    assert lead_game([], VOCABULARY, "home", stem) == "home"


def test_a_word_one_book_uses_but_never_names_a_record_by_is_no_evidence() -> None:
    # "wear" is only the home book's, but a passing word ("wears off"), no title: no vote;
    # "reroll" is only dice's, and not a title word either
    assert lead_game(["reroll", "hand"], VOCABULARY, "home", stem) == "home"
    assert VOCABULARY.own_game(["wear"]) is None


def test_two_books_with_their_own_words_is_a_tie_the_home_game_breaks() -> None:
    assert lead_game(["rune", "omen"], VOCABULARY, "home", stem) == "home"
    assert lead_game(["rune", "orb", "omen"], VOCABULARY, "home", stem) == "cards"


def test_a_card_named_counts_for_the_home_game() -> None:
    assert lead_game(["rune"], VOCABULARY, "home", stem, card_named=True) == "home"


def test_a_typo_counts_for_the_book_whose_correction_is_closest_and_its_own() -> None:
    corrections = {"home": {"runne": "minion"}, "cards": {"runne": "rune"}}
    assert lead_game(["runne"], VOCABULARY, "home", stem, corrections=corrections) == "cards"
    # equally close corrections decide nothing
    tied = {"home": {"omem": "omen"}, "dice": {"omem": "omen"}, "cards": {"omem": "orb"}}
    assert lead_game(["omem"], VOCABULARY, "home", stem, corrections=tied) == "home"


def test_merge_weighs_the_lead_in_full_and_the_others_less() -> None:
    ranked = {"home": [(1, 2.0), (2, 1.0)], "cards": [(10, 2.5), (11, 1.2)]}
    position = {1: 0, 2: 1, 10: 2, 11: 3}
    merged = merge(ranked, "home", position)
    assert [n for n, _s in merged] == [1, 10, 2, 11]      # 2.5 × 0.7 = 1.75 < 2.0
    assert merged[1][1] == 2.5 * OTHER_GAME_WEIGHT
    assert [n for n, _s in merge(ranked, "cards", position)] == [10, 1, 11, 2]


def test_a_book_that_needed_its_players_vocabulary_counts_less_again() -> None:
    assert weight("home", "home", translated=True) == 1.0
    assert weight("cards", "home", translated=False) == OTHER_GAME_WEIGHT
    assert weight("cards", "home", translated=True) == OTHER_GAME_WEIGHT ** 2
    ranked = {"home": [(1, 1.0)], "cards": [(10, 1.6)]}
    assert merge(ranked, "home", {1: 0, 10: 1})[0][0] == 10
    assert merge(ranked, "home", {1: 0, 10: 1}, translated=["cards"])[0][0] == 1


def test_equal_scores_keep_each_games_own_order() -> None:
    ranked = {"home": [(5, 0.0), (2, 0.0), (9, 0.0)], "cards": [(1, 0.0)]}
    position = {1: 0, 2: 1, 5: 2, 9: 3}
    assert [n for n, _s in merge(ranked, "home", position)] == [1, 5, 2, 9]
