"""The other games' players' vocabularies (codex/search/data/players_vocabulary_<game>.yaml):
every term of every entry, searched in its game, brings the record it names and says why;
no term is a name of that game's own records; malformed synonym groups are refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from codex.corpus import Corpus
from codex.corpus.names import lookup_key
from codex.paths import BuildPaths
from codex.search import Searcher
from codex.search.scopes import game_vocabulary
from codex.search.vocabulary import Vocabulary, VocabularyError

GAMES = ["contracts", "sorcerer", "archmajesty"]
CASES = [(game, entry, term) for game in GAMES for entry in game_vocabulary(game).entries
         for term in entry.terms]


@pytest.fixture(scope="module")
def searcher(build_paths: BuildPaths) -> Searcher:
    s = Searcher.open(build_paths.index, cache_size=0)
    yield s
    s.close()


@pytest.mark.parametrize("game,entry,term", CASES, ids=[f"{g}:{t}" for g, _e, t in CASES])
def test_each_term_finds_its_record_in_its_game(searcher: Searcher, game: str, entry,  # noqa: ANN001
                                                term: str) -> None:
    result = searcher.search(term, game=game)
    ranked = [h.key for h in result.hits]
    rank = min((ranked.index(k) + 1 for k in entry.expect if k in ranked), default=None)
    assert rank is not None and rank <= entry.top, f"{term!r}: {entry.expect} at {rank}: {ranked[:3]}"
    label = f"{term} → {entry.means}"
    assert label in [m["label"] for m in result.mappings]
    hit = next(h for h in result.hits if h.key in entry.expect)
    assert label in hit.explain


@pytest.mark.parametrize("game", GAMES)
def test_no_term_is_a_name_of_the_games_records(corpus: Corpus, game: str) -> None:
    """A game's own word keeps its meaning there: no term is a title or alias of its
    records (a players' term replaces the words it matches)."""
    names = {r["name"] for r in corpus.query("select name from rules_aliases where game = ?",
                                             (game,))}
    clashes = [t for e in game_vocabulary(game).entries for t in e.terms
               if lookup_key(t) in names]
    assert clashes == []


def test_terms_are_searched_only_in_their_game(searcher: Searcher) -> None:
    assert searcher.search("taunt", game="contracts").mappings[0]["means"] == "magnetized"
    assert all(m["means"] != "magnetized" for m in searcher.search("taunt",
                                                                   game="archmajesty").mappings)


@pytest.mark.parametrize("body,problem", [
    ("entries: []\nsynonyms: [{words: [card], reason: one word is no group}]", "synonym group #1"),
    ("entries: []\nsynonyms: [{words: [card, contract]}]", "reason"),
    ("entries: []\nsynonyms: 3", "'synonyms' must be a list"),
])
def test_malformed_synonym_groups_are_refused(tmp_path: Path, body: str, problem: str) -> None:
    path = tmp_path / "players_vocabulary_test.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(VocabularyError) as err:
        Vocabulary.load(path)
    assert str(path) in str(err.value) and problem in str(err.value)
