"""The players' vocabulary file (codex/search/data/players_vocabulary.yaml): every entry is
tested, documented, and explains itself on the hits it brings."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.corpus import Corpus
from codex.corpus.text import fold
from codex.paths import BuildPaths
from codex.search import Searcher
from codex.search.vocabulary import Entry, Vocabulary, VocabularyError
from tests.conftest import InSorcery

VOCABULARY = Vocabulary.load()
CASES = [(entry, term) for entry in VOCABULARY.entries for term in entry.terms]


@pytest.fixture(scope="module")
def searcher(build_paths: BuildPaths) -> Searcher:
    """Sorcery's search: the players' vocabulary maps other games' words into Sorcery's."""
    s = Searcher.open(build_paths.index, cache_size=0)
    yield InSorcery(s)
    s.close()


def test_the_file_covers_the_big_games_broadly() -> None:
    sources = {s for e in VOCABULARY.entries for s in e.sources}
    assert {"Magic", "Hearthstone", "Yu-Gi-Oh!", "Pokémon", "Lorcana", "table slang"} <= sources
    assert len(VOCABULARY.entries) >= 60 and len(CASES) >= 150
    issue = {"exile", "upkeep", "mana pool", "hexproof", "lifelink", "counterspell", "mill",
             "creature", "enchantment", "flier"}
    assert issue <= {t for _e, t in CASES}


@pytest.mark.parametrize("entry,term", CASES, ids=[t for _e, t in CASES])
def test_each_term_finds_its_sorcery_entry_and_says_why(searcher: Searcher, entry, term: str
                                                        ) -> None:  # noqa: ANN001
    result = searcher.search(term)
    ranked = [h.key for h in result.hits]
    rank = min((ranked.index(k) + 1 for k in entry.expect if k in ranked), default=None)
    assert rank is not None and rank <= entry.top, f"{term!r}: {entry.expect} at {rank}: {ranked[:3]}"
    label = f"{term} → {entry.means}"
    assert label in [m["label"] for m in result.mappings]
    hit = next(h for h in result.hits if h.key in entry.expect)
    assert label in hit.explain


def test_terms_are_not_sorcery_terms_nor_cards_the_rules_name(corpus: Corpus,
                                                              searcher: Searcher) -> None:
    """A Sorcery word must keep its Sorcery meaning: no term is the title or alias of a
    Sorcery record, nor the name of a card the Codex mentions. (Other games may title a
    record so: "graveyard" is Sorcerer's; searching every game, such a word is searched as
    typed too, see test_games_search.py.)"""
    titles = {fold(r["title"]) for r in corpus.records() if r["game"] == "sorcery"}
    cards = {c["card_key"] for c in corpus.cards()}
    clashes = [t for _e, t in CASES if fold(t) in titles or fold(t) in cards]
    assert clashes == []
    # and a Codex word that shares a stem with a term stays itself ("fly" is not "flying")
    result = searcher.search("fly over a wall")
    assert result.mappings == [] and result.hits[0].key == "codex:fly"


def test_inflections_match_but_other_words_of_the_same_stem_do_not(searcher: Searcher) -> None:
    assert searcher.search("exiled").mappings[0]["means"] == "banish"
    assert searcher.search("blockers").mappings[0]["means"] == "defend"
    assert searcher.search("hastings").mappings == []


def test_a_term_that_takes_part_of_a_rules_title_is_not_applied(searcher: Searcher) -> None:
    """"on deaths door" holds the players' "on death" (Deathrite) as an inflection, but its
    words spell the Codex's Death's Door: the title wins; the term alone still maps."""
    result = searcher.search("is my opponent on deaths door", game="sorcery")
    assert result.mappings == [] and "deaths door" in result.searched
    assert result.hits[0].key in {"codex:deaths-door", "codex:death-blow"}
    assert searcher.search("on death trigger", game="sorcery").mappings[0]["means"] == "Deathrite"


def test_the_name_of_another_game_is_neither_corrected_nor_a_topic(searcher: Searcher) -> None:
    """Players name their game ("lorcana ward same thing here?"): the games the terms come
    from are known words (not mended into a card, "morgana"), and not a topic to match."""
    result = searcher.search("lorcana ward same thing here?", game="sorcery")
    assert "lorcana" in result.searched.split() and not result.corrections
    assert "rulebook:glossary:ward" in [h.key for h in result.hits[:3]]
    words = Vocabulary.load().source_words
    assert {"lorcana", "hearthstone", "pokémon", "pokemon", "runeterra"} <= words
    assert searcher._names_a_game("hearthstone") and not searcher._names_a_game("magic")


def test_a_word_of_one_term_still_matches_another_term_as_its_inflection() -> None:
    """"blockers" is a word of the term "declare blockers", not of the rules text: typed
    alone it is still the inflection of "blocker" (only the rules text's own words keep
    their stem from matching)."""
    from codex.search.correct import Corrector

    vocabulary = Vocabulary([Entry(("blocker", "declare blockers"), "defend", ("Magic",),
                                   "stepping in front of an attacker", ("codex:defend",), 1)])
    corrector = Corrector({"defend": 3, "block": 1}, known=lambda _w: False,
                          extra=vocabulary.words | vocabulary.means_words)
    assert corrector.in_vocabulary("blockers") and not corrector.in_rules_text("blockers")
    assert [e.means for _s, _e, e in vocabulary.find(["blockers"], corrector.in_rules_text)] \
        == ["defend"]
    assert vocabulary.find(["blockers"], lambda w: w == "blockers") == []   # a rules word stays


def test_an_article_typed_inside_a_term_is_skipped_but_a_terms_own_article_is_kept() -> None:
    """Players put articles where a term has none ("removed from the game" for "removed from
    game"); a term written with its article ("on the draw") is an idiom, not its noun."""
    vocabulary = Vocabulary([
        Entry(("removed from game",), "banish", ("Magic",), "out of the game", ("codex:banished",), 1),
        Entry(("on the draw",), "second player", ("Magic",), "plays second", ("codex:turn",), 1)])
    rules = lambda _w: False  # noqa: E731
    found = vocabulary.find("a minion removed from the game".split(), rules)
    assert [(s, e, x.means) for s, e, x in found] == [(2, 6, "banish")]
    assert [x.means for _s, _e, x in vocabulary.find("removed from game".split(), rules)] \
        == ["banish"]
    assert vocabulary.find("on draw trigger".split(), rules) == []
    assert [(s, e) for s, e, _x in vocabulary.find("on the draw".split(), rules)] == [(0, 3)]
    assert vocabulary.find("the game removed from".split(), rules) == []


@pytest.mark.parametrize("body,problem", [
    ("entries: [{terms: [exile], means: banish, from: [Magic], expect: codex:banished}]",
     "entry #1: reason: Field required"),
    ("entries: [{terms: [Exile], means: banish, from: [Magic], reason: removes a card from "
     "the game, expect: codex:banished}]", "must be 1-4 lower-case words"),
    ("entries: [{terms: [exile], means: banish, from: [], reason: removes a card from the game,"
     " expect: codex:banished}]", "entry #1: from:"),
    ("entries:\n - {terms: [exile], means: banish, from: [Magic], reason: removes a card from "
     "the game, expect: codex:banished}\n - {terms: [exile], means: kill, from: [Magic], "
     "reason: removes a card from the game, expect: codex:kill}",
     "entry #2: term 'exile' is already in entry #1"),
    ("entries: 3", "expected a mapping with a list under 'entries'"),
    ("entries: [", "cannot read the vocabulary file"),
])
def test_a_malformed_file_is_refused_with_where_and_what(tmp_path: Path, body: str,
                                                         problem: str) -> None:
    path = tmp_path / "vocabulary.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(VocabularyError) as err:
        Vocabulary.load(path)
    assert str(path) in str(err.value) and problem in str(err.value)
