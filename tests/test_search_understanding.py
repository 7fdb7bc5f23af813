"""What the search does with what players type (issue #19): real words kept, typos mended,
card names found, the query as typed always available, hits that explain themselves.

Invented fixture cards (tests/fixtures/cards/invented.json) stand for catalog cards the
rules never name; the real snapshot (../shared/cards/sorcery-cards.json) is read at test
time for the all-cards properties and skipped with a message when absent.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from codex.cards.catalog import import_cards
from codex.cardtext import keywords_of
from codex.paths import BuildPaths
from codex.search import Searcher
from codex.search.lexicon import ENGLISH, SAFE_ZIPF
from codex.search.query import words_of
from tests.conftest import SHARED_CARDS, InSorcery

FIXTURE_CARDS = Path(__file__).parent / "fixtures" / "cards" / "invented.json"


@pytest.fixture(scope="module")
def catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("catalog") / "cards.db"
    import_cards(FIXTURE_CARDS, db)
    return db


@pytest.fixture(scope="module")
def searcher(build_paths: BuildPaths, catalog: Path) -> Searcher:
    """Sorcery's search (Sorcery's words, cards and players' terms)."""
    s = Searcher.open(build_paths.index, cache_size=0, catalog=catalog)
    s.warm()
    yield InSorcery(s)
    s.close()


def keys(result) -> list[str]:  # noqa: ANN001
    return [h.key for h in result.hits]


# -- typo correction touches only words that are not real words ----------------------------
def test_common_english_words_are_never_rewritten(searcher: Searcher) -> None:
    """Every 40th English word of Zipf ≥ 3.5 that the rules do not use: none is corrected."""
    import wordfreq

    words = [w for w in wordfreq.iter_wordlist("en", "large")
             if w.isalpha() and w.isascii() and len(w) >= 4
             and wordfreq.zipf_frequency(w, "en") >= 3.5][::40]
    assert len(words) > 150
    rewritten = {w: c for w in words for c in searcher.search(w).corrections
                 # putting back an apostrophe is not a rewrite ("doesnt" → "doesn't")
                 if c["searched"].replace("'", "") != w}
    assert rewritten == {}


@pytest.mark.parametrize("word", ["retreat", "hide", "nobody", "oversize", "ravens", "rivers"])
def test_words_the_issue_saw_rewritten_stay(searcher: Searcher, word: str) -> None:
    result = searcher.search(f"can a minion {word}")
    assert word in result.searched.split()
    assert result.corrections == []


@pytest.mark.parametrize("typed,fixed", [
    ("airbourne", "airborne"), ("intercpt", "intercept"), ("cemetary", "cemetery"),
    ("threshhold", "threshold"), ("genisis", "genesis"), ("summonig", "summoning"),
    ("summoningsickness", "summoning sickness"), ("void walk", "voidwalk")])
def test_non_words_are_mended(searcher: Searcher, typed: str, fixed: str) -> None:
    result = searcher.search(typed)
    assert result.searched == fixed
    assert result.corrections == [{"typed": typed, "searched": fixed}]
    assert result.rewritten and result.showing_results_for == fixed


@pytest.mark.parametrize("typed,fixed", [("cant", "can't"), ("doesnt", "doesn't"),
                                         ("isnt", "isn't"), ("wont", "won't")])
def test_a_missing_apostrophe_is_put_back(searcher: Searcher, typed: str, fixed: str) -> None:
    assert searcher.search(f"{typed} defend").searched.split()[0] == fixed


def test_rare_english_word_only_yields_to_a_clearly_more_common_one(searcher: Searcher) -> None:
    # "flier" (Zipf 2.9) is one edit from the rules' "flies" (3.9), not 30x more common;
    # it is the players' vocabulary that maps it, not typo correction
    result = searcher.search("flier")
    assert result.corrections == [] and result.mappings[0]["means"] == "Airborne"
    assert 0 < ENGLISH.zipf("cemetary") < SAFE_ZIPF     # a misspelling English knows, rarely


def test_a_rare_real_word_is_never_read_as_another_word_with_a_new_first_letter() -> None:
    """A real word, however rare, is corrected only as its own misspelling, which keeps its
    first letter or its sound: "cleave" (Zipf 2.85) is no typo of the rules' "leave", though
    one edit away and far more common; "cemetary" still mends to "cemetery"."""
    from codex.search.correct import Corrector

    vocabulary = {"leave": 40, "cemetery": 30, "phase": 20, "ready": 20}
    corrector = Corrector(vocabulary, known=lambda _w: False)
    assert 0 < ENGLISH.zipf("cleave") < SAFE_ZIPF
    assert corrector.correct(["cleave"]) == ["cleave"]
    assert corrector.correct(["cemetary"]) == ["cemetery"]


def test_a_typo_of_an_everyday_word_is_that_word_not_a_rules_word() -> None:
    """"how meny tokens" asks how many (a quantity question), not about the rules' "mana",
    though "mana" sounds the same; an everyday word is mistyped, not spelt by ear, so it is
    reached by one edit only ("creatue" is no "great", which sounds alike, but "creature")."""
    from codex.search.correct import Corrector

    corrector = Corrector({"mana": 50, "creature": 40, "token": 30}, known=lambda _w: False)
    assert corrector.correct(["how", "meny", "token"]) == ["how", "many", "token"]
    assert corrector.correct(["wich", "token"]) == ["which", "token"]
    assert corrector.correct(["creatue"]) == ["creature"]


def test_a_players_term_word_does_not_stop_two_words_joining_into_a_rules_word() -> None:
    """"burn out" is the rules' Burnout even when "burn" is a word of a players' term ("mana
    burn"): only the rules text's own words keep two typed words apart."""
    from codex.search.correct import Corrector

    corrector = Corrector({"burnout": 5, "damage": 9, "out": 3}, known=lambda _w: False,
                          extra={"burn", "mana"})
    assert corrector.correct(["burn", "out", "damage"]) == ["burnout", "damage"]
    indexed = Corrector({"burnout": 5, "burn": 2, "out": 3}, known=lambda _w: False)
    assert indexed.correct(["burn", "out"]) == ["burn", "out"]    # both are rules words


def test_as_typed_changes_nothing(searcher: Searcher) -> None:
    result = searcher.search("airbourne fliers", correct=False)
    assert result.searched == "airbourne fliers"
    assert not result.rewritten and result.corrections == [] and result.mappings == []
    corrected = searcher.search("airbourne fliers")
    assert corrected.rewritten and corrected.searched == "airborne airborne"


# -- card names --------------------------------------------------------------------------
def test_a_card_the_rules_never_name_points_to_its_keywords(searcher: Searcher) -> None:
    result = searcher.search("Glimmer Owl")
    [card] = result.cards
    assert card.name == "Glimmer Owl" and card.exact and card.mentions == 0
    assert card.note == "Glimmer Owl is a card; the rules never mention it by name"
    assert {"airborne", "movement", "genesis"} <= set(card.keywords)
    entry_keys = [e["key"] for e in card.entries]
    assert {"codex:airborne", "codex:movement-x", "codex:genesis"} <= set(entry_keys)
    assert keys(result)[:len(entry_keys)] == entry_keys        # not unrelated records
    assert result.hits[0].explain == ["Airborne: a keyword of Glimmer Owl"]
    assert result.corrections == [] and not result.rewritten


def test_a_card_without_keywords_points_to_its_card_type(searcher: Searcher) -> None:
    [card] = searcher.search("mossy cairn").cards
    assert card.keywords == [] and [e["key"] for e in card.entries] == ["codex:site"]


def test_a_card_with_a_typo_is_found_and_its_keywords_rank_its_question(
        searcher: Searcher) -> None:
    result = searcher.search("glimmer owk intercept")
    assert [c.name for c in result.cards] == ["Glimmer Owl"] and not result.cards[0].exact
    assert result.rewritten
    top = {h.key: h.explain for h in result.hits[:3]}   # the card's keyword meets the question
    assert top.get("codex:airborne") == ["Airborne: a keyword of Glimmer Owl"]


def test_a_rare_english_compound_is_searched_apart_too(searcher: Searcher) -> None:
    result = searcher.search("deathblow win")
    assert result.searched == "deathblow win" and not result.rewritten
    assert "codex:death-blow" in keys(result)[:3]


def test_a_card_the_rules_name_finds_the_records_naming_it(searcher: Searcher) -> None:
    result = searcher.search("bosk trol")
    [card] = result.cards
    assert card.name == "Bosk Troll" and card.mentions >= 5 and card.note is None
    assert result.corrections == [{"typed": "bosk trol", "searched": "bosk troll"}]
    assert result.hits and all("mentions Bosk Troll" in h.explain for h in result.hits[:5])


def test_a_card_name_that_is_a_word_is_also_searched_as_the_word(searcher: Searcher) -> None:
    # "teleport" is a rules term and (in the Codex) a card: the term leads, the card is listed
    result = searcher.search("teleport")
    assert keys(result)[0] == "codex:teleport" and [c.name for c in result.cards] == ["Teleport"]


def test_card_found_without_catalog(build_paths: BuildPaths) -> None:
    with Searcher.open(build_paths.index, cache_size=0) as s:
        assert [c.name for c in s.search("bosk troll").cards] == ["Bosk Troll"]
        assert s.search("glimmer owl").cards == []


def test_a_re_imported_catalog_is_noticed(build_paths: BuildPaths, tmp_path: Path) -> None:
    db = tmp_path / "cards.db"
    import_cards(FIXTURE_CARDS, db)
    with Searcher.open(build_paths.index, cache_size=0, catalog=db) as s:
        assert s.search("glimmer owl").cards
        renamed = json.loads(FIXTURE_CARDS.read_text())
        renamed[0]["name"] = "Gloaming Heron"
        other = tmp_path / "other.json"
        other.write_text(json.dumps(renamed))
        import_cards(other, db, replace=True)   # the catalog becomes exactly this file
        assert s.reopen_if_changed() is True
        assert s.search("gloaming heron").cards and not s.search("glimmer owl").cards


# -- every card of the real snapshot ---------------------------------------------------------
@pytest.fixture(scope="module")
def real(build_paths: BuildPaths, tmp_path_factory: pytest.TempPathFactory) -> tuple:
    if not SHARED_CARDS.exists():
        pytest.skip(f"card snapshot {SHARED_CARDS} not present (development data, not committed)")
    db = tmp_path_factory.mktemp("real-catalog") / "cards.db"
    import_cards(SHARED_CARDS, db)
    s = Searcher.open(build_paths.index, cache_size=0, catalog=db)
    s.warm()
    cards = json.loads(SHARED_CARDS.read_text(encoding="utf-8"))
    yield s, cards
    s.close()


def one_letter_typo(name: str) -> str:
    """The name's words with one letter of the longest word swapped with the next (or, in a
    short word, doubled)."""
    words = words_of(name)
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    if len(w) >= 5:
        mid = len(w) // 2
        w = w[:mid] + w[mid + 1] + w[mid] + w[mid + 2:]       # transposition
    else:
        w = w + w[-1]                                          # a doubled last letter
    words[i] = w
    return " ".join(words)


def test_every_real_card_is_found_by_name_and_never_rewritten(real: tuple) -> None:
    searcher, cards = real
    missed, rewritten = [], []
    for card in cards:
        name = card["name"]
        result = searcher.search(name)
        if name not in [c.name for c in result.cards]:
            missed.append(name)
        if result.corrections or not set(words_of(name)) <= set(result.searched.split()):
            rewritten.append((name, result.searched))
    assert missed == [] and rewritten == []


def test_every_real_card_is_found_with_a_one_letter_typo(real: tuple) -> None:
    searcher, cards = real
    missed = []
    for card in cards:
        typo = one_letter_typo(card["name"])
        if card["name"] not in [c.name for c in searcher.search(typo).cards]:
            missed.append((card["name"], typo))
    assert missed == []


def test_real_cards_the_rules_never_name_lead_to_their_keywords(real: tuple) -> None:
    searcher, cards = real
    checked = 0
    for card in cards:
        result = searcher.search(card["name"])
        [found] = [c for c in result.cards if c.name == card["name"]]
        if found.mentions:
            continue
        assert found.note and found.entries, card["name"]
        kws = keywords_of(card["guardian"].get("rulesText") or "", card["name"])
        assert set(kws) <= set(found.keywords), card["name"]
        if len(words_of(card["name"])) > 1:     # its words were taken out: only its entries
            assert keys(result)[0] == found.entries[0]["key"], card["name"]
        checked += 1
    assert checked > 300
