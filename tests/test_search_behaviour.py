"""Search behaviour: filters, phrases, typo correction, bad syntax, empty results, snippets."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from codex.search import Searcher, parse_query
from codex.search.snippet import Snippet


@pytest.fixture(scope="module")
def searcher(build_paths) -> Searcher:
    s = Searcher.open(build_paths.index)
    yield s
    s.close()


def keys(result) -> list[str]:
    return [h.key for h in result.hits]


# -- the "done when" ------------------------------------------------------------
def test_airborne_intercept_first_two_highlighted(searcher: Searcher) -> None:
    result = searcher.search("airborne intercept")
    assert set(keys(result)[:2]) == {"codex:airborne", "codex:intercept"}
    for hit in result.hits[:2]:
        assert "<mark>" in hit.snippet.html()
        marked = {hit.snippet.text[a:b].lower() for a, b in hit.snippet.matches}
        assert marked & {"airborne", "intercept", "intercepted", "intercepting"}


def test_pronouns_kept_for_titles_are_not_highlighted(searcher: Searcher) -> None:
    """"its" stays a word of the search (the Codex has "Its Location"), but marking every
    "it" of a snippet hides the words asked about; alone it is still marked."""
    result = searcher.search("can a minion attack the turn its summoned", game="sorcery")
    for hit in result.hits[:5]:
        marked = {hit.snippet.text[a:b].lower() for a, b in hit.snippet.matches}
        assert marked and not marked & {"it", "its", "it's"}, (hit.key, marked)
    alone = searcher.search("its", game="sorcery").hits[0]
    assert {alone.snippet.text[a:b].lower() for a, b in alone.snippet.matches} & {"it", "its"}


# -- filters and phrases ----------------------------------------------------------------
def test_source_filter(searcher: Searcher) -> None:
    result = searcher.search("source:rulebook defend")
    assert result.hits and all(h.source == "rulebook" for h in result.hits)
    assert all(h.page is not None for h in result.hits)
    same = searcher.search("defend", source="rulebook")
    assert keys(same) == keys(result)


def test_kind_filter_alone_lists_records(searcher: Searcher) -> None:
    result = searcher.search("kind:keyword", limit=200)
    assert result.total == len(result.hits) >= 20
    assert {h.kind for h in result.hits if h.source == "rulebook"} == {"keyword"}
    assert {h.kind for h in result.hits if h.source == "codex"} == {"entry"}


def test_keyword_filter_finds_the_codex_definition_first(searcher: Searcher) -> None:
    """The rulebook names the keywords; the Codex entry of one counts as a keyword record."""
    result = searcher.search("kind:keyword airborne")
    assert result.hits[0].key == "codex:airborne"
    assert "codex:intercept" not in [h.key for h in result.hits]  # not a keyword
    assert [h.key for h in searcher.search("kind:entry airborne").hits][0] == "codex:airborne"


def test_mentions_filter(searcher: Searcher, corpus) -> None:
    result = searcher.search('mentions:"Bosk Troll"', limit=100)
    expected = {f"codex:{r['id']}" for r in corpus.mentions("Bosk Troll")}
    assert set(keys(result)) == expected and expected
    assert keys(searcher.search('mentions:"bosk  TROLL"', limit=100)) == keys(result)


def test_mentions_filter_misspelled_card_is_corrected(searcher: Searcher) -> None:
    result = searcher.search('mentions:"Bosk Trol" intercept')
    assert result.hits and 'Bosk Troll' in (result.showing_results_for or "")


def test_parent_filter(searcher: Searcher) -> None:
    result = searcher.search("parent:intercept moving", limit=50)
    assert result.hits and all(h.parent_id == "intercept" for h in result.hits)
    assert result.hits[0].parent_title == "Intercept"


def test_quoted_phrase_is_required(searcher: Searcher) -> None:
    phrase = searcher.search('"death\'s door"', limit=100)
    assert keys(phrase)[0] == "codex:deaths-door"
    loose = searcher.search("death door", limit=100)
    assert phrase.total < loose.total   # "death" alone matches far more records


def test_phrase_not_found_falls_back_to_words(searcher: Searcher) -> None:
    result = searcher.search('"door death\'s"')
    assert result.hits


# -- typo correction ----------------------------------------------------------------------
@pytest.mark.parametrize("typed, meant", [
    ("airbourne", "airborne"), ("intercpt", "intercept"),
    ("summoning sicknes", "summoning sickness"), ("sacrafice", "sacrifice"),
])
def test_typos_are_corrected_and_reported(searcher: Searcher, typed: str, meant: str) -> None:
    result = searcher.search(typed)
    assert result.showing_results_for == meant
    assert result.to_dict()["showing_results_for"] == meant
    assert result.hits


@pytest.mark.parametrize("word", ["site", "defending", "burrowing", "lance", "fly", "ally", "tap"])
def test_exact_hit_never_corrected_away(searcher: Searcher, word: str) -> None:
    result = searcher.search(word)
    assert result.showing_results_for is None, result.showing_results_for


def test_no_correct_searches_as_typed(searcher: Searcher) -> None:
    result = searcher.search("airbourne", correct=False)
    assert result.showing_results_for is None and not result.hits


# -- bad syntax and empty results --------------------------------------------------------
@pytest.mark.parametrize("q", ['"unbalanced airborne', "airborne :", ": : :", "foo:airborne",
                               "source:", 'kind:"', "((stealth))", "airborne AND OR NOT", "*?~^",
                               "", "   ", "source:nowhere stealth", "x" * 2000])
def test_bad_syntax_never_raises(searcher: Searcher, q: str) -> None:
    result = searcher.search(q)
    assert isinstance(result.to_dict(), dict)
    json.dumps(result.to_dict())


def test_bad_syntax_searched_as_words(searcher: Searcher) -> None:
    assert keys(searcher.search('"unbalanced airborne'))[0] == "codex:airborne"
    assert keys(searcher.search("foo:airborne"))[0] == "codex:airborne"
    assert parse_query("foo:bar").words == ["foo", "bar"]


def test_nothing_found_gives_suggestions(searcher: Searcher) -> None:
    result = searcher.search("qwxzv")
    assert result.total == 0 and not result.hits and result.suggestions


def test_filtered_to_nothing_suggests_without_filter(searcher: Searcher) -> None:
    result = searcher.search("kind:keyword golden rule")
    assert not result.hits
    assert "golden rule" in result.suggestions


# -- snippets ------------------------------------------------------------------------------
def test_hostile_query_is_escaped(searcher: Searcher) -> None:
    for q in ["<script>alert(1)</script> airborne", '"><img src=x onerror=alert(1)> stealth']:
        for hit in searcher.search(q).hits:
            html = hit.snippet.html()
            assert "<script" not in html and "<img" not in html
            assert html.replace("<mark>", "").replace("</mark>", "").count("<") == 0


def test_snippet_escapes_record_text() -> None:
    snip = Snippet("a <b> & 'c'", [(3, 5)])
    assert snip.html() == "a &lt;<mark>b&gt;</mark> &amp; &#x27;c&#x27;"
    assert snip.to_dict()["matches"] == [[3, 5]]


def test_snippet_offsets_point_at_matched_words(searcher: Searcher) -> None:
    hit = searcher.search("summoning sickness").hits[0]
    words = {hit.snippet.text[a:b].lower() for a, b in hit.snippet.matches}
    assert words <= {"summoning", "sickness", "summon", "summoned", "summons", "sick"}
    assert "sickness" in words


def test_hit_shape(searcher: Searcher) -> None:
    sub = next(h for h in searcher.search("intercept without moving").hits if h.parent_id)
    data = sub.to_dict()
    assert data["parent"] == {"id": "intercept", "title": "Intercept"}
    assert set(data) >= {"title", "source", "page", "anchor", "score", "snippet", "key"}
    rule = searcher.search("turn summary", source="rulebook").hits[0].to_dict()
    assert rule["source"] == "rulebook" and isinstance(rule["page"], int)


def test_pagination(searcher: Searcher) -> None:
    first = searcher.search("minion", limit=5)
    second = searcher.search("minion", limit=5, offset=5)
    assert first.total == second.total > 10
    assert not set(keys(first)) & set(keys(second))


def test_synonyms_apply_at_query_time(searcher: Searcher) -> None:
    # "destroy" is declared synonymous with kill/die: records saying only "dies" are found.
    plain = {h.key for h in searcher.search("destroy", limit=200).hits}
    assert "codex:die" in plain


# -- CLI -----------------------------------------------------------------------------------
def test_cli_search(build_paths) -> None:
    from codex.cli import main
    runner = CliRunner()
    out = runner.invoke(main, ["--build-dir", str(build_paths.root), "search", "airborne",
                               "intercept"])
    assert out.exit_code == 0, out.output
    assert out.output.index("Airborne") < out.output.index("Intercept")
    data = json.loads(runner.invoke(main, ["--build-dir", str(build_paths.root), "search",
                                           "--json", "airbourne"]).output)
    assert data["showing_results_for"] == "airborne"
    assert data["hits"][0]["id"] == "airborne"


def test_cli_without_index(tmp_path: Path) -> None:
    from codex.cli import main
    out = CliRunner().invoke(main, ["--build-dir", str(tmp_path), "search", "airborne"])
    assert out.exit_code != 0
    assert "arbiter ingest" in out.output and "Traceback" not in out.output


# -- architecture --------------------------------------------------------------------------
def test_search_package_does_not_import_flask() -> None:
    package = Path(__file__).parent.parent / "codex" / "search"
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in {"flask", "werkzeug", "service"} for n in names), path


def test_a_title_written_with_an_ampersand_is_named_by_and(searcher: Searcher, corpus) -> None:  # noqa: ANN001
    """"surface and subsurface" names Surface & Subsurface: the analyzer drops "&" but keeps
    "and", so without reading "&" as "and" such a section lost its exact-name signal to the
    entries of each of its words (it came 3rd, "move and attack" 6th). Within the first two:
    a Codex entry of the same name ("Move and Attack") may come first by its prior."""
    titled = [r for r in corpus.records() if "&" in r["title"]]
    assert len(titled) >= 10
    for r in titled:
        typed = r["title"].replace("&", "and").replace(",", "").lower()
        keys = [h.key for h in searcher.search(typed, game=r["game"]).hits]
        key = f"{r['source']}:{r['id']}"
        assert key in keys[:2], (typed, keys[:3])


def test_a_typo_is_mended_to_the_singular_of_a_word_the_index_has_only_in_the_plural() -> None:
    """"tritan" (rare English) is one edit from "triton", two from the index's "tritons": the
    singular, which the analyzer finds by its stem, is a correction; it is not an index word
    as written (``in_vocabulary``), so a players' term of that form still maps."""
    from codex.search.correct import Corrector

    corrector = Corrector({"tritons": 3, "ancestry": 5, "class": 2}, known=lambda w: w == "triton")
    assert corrector.correct(["tritan", "ancestry"]) == ["triton", "ancestry"]
    assert not corrector.in_vocabulary("triton")
    assert corrector.correct(["clas"]) == ["class"]          # "-ss" words are not plurals


def test_a_word_spelt_by_ear_is_mended_to_the_word_it_sounds_like() -> None:
    """Players spell by ear as often as they mistype: among the words close enough, one that
    sounds the same (metaphone) wins over a closer or more frequent one ("evel" is one edit
    from "even" and "evil"; "fait" one from "fail", two from "fate"), and a word that sounds
    the same may be one edit further than a mistyped one ("berried" → "buried")."""
    from codex.search.correct import Corrector

    vocabulary = {"even": 50, "evil": 2, "fail": 40, "fate": 3, "buried": 4, "married": 30}
    corrector = Corrector(vocabulary, known=lambda _w: False)
    assert corrector.correct(["evel", "minions"]) == ["evil", "minions"]
    assert corrector.correct(["fait"]) == ["fate"]
    assert corrector.correct(["berried"]) == ["buried"]
    # a typo that sounds like none of them keeps the closest, most frequent word
    assert corrector.correct(["eveb"]) == ["even"]
    # sounding alike buys one edit, no more: both sound like "grimoire" (KRMR), three and
    # four edits from it
    grimoire = Corrector({"grimoire": 5}, known=lambda _w: False)
    assert grimoire.correct(["grymmoyrre"]) == ["grymmoyrre"]
    assert grimoire.correct(["grimmoyrre"]) == ["grimoire"]


def test_a_typo_is_mended_to_the_word_that_makes_a_title_with_its_neighbour() -> None:
    """The words around a typo say what was meant: a candidate that makes a phrase of the
    titles with the word before or after it comes first, though another is closer or sounds
    the same ("fase" is one edit from "face", two from "phase"; both sound alike)."""
    from codex.search.correct import Corrector
    from codex.search.scopes import title_phrases

    vocabulary = {"ready": 9, "phase": 3, "face": 5, "steps": 2, "down": 4, "card": 8}
    phrases = title_phrases(["Ready Phase", "Face-down Cards"])
    corrector = Corrector(vocabulary, known=lambda _w: False, phrases=phrases)
    assert corrector.correct(["ready", "fase", "steps"]) == ["ready", "phase", "steps"]
    assert corrector.correct(["fase", "down"]) == ["face", "down"]      # the word after
    assert corrector.correct(["fase", "steps"]) == ["face", "steps"]    # no phrase: closest
    # a phrase only chooses among the candidates: it never reaches a word too far away
    assert corrector.correct(["ready", "fxyz"]) == ["ready", "fxyz"]
    assert Corrector(vocabulary, known=lambda _w: False).correct(["ready", "fase"]) == [
        "ready", "face"]


def test_a_question_naming_a_card_prefers_the_records_that_mention_it(searcher: Searcher) -> None:
    """Issue #19: a search naming a card finds the entries that mention it; the ``named``
    signal marks them among the candidates, for a card named by a name ("Belfry", "Leap
    Attack"), not for a one-word name that is an English word ("Silence")."""
    signals = dict(searcher.candidate_signals("belfry untap allies in the void", "sorcery"))
    named = {key for key, sig in signals.items() if sig.named}
    assert named and all(key.startswith("codex:") for key in named)
    assert "codex:untap" not in named
    assert searcher.search("belfry untap allies in the void", game="sorcery").hits[0].key in named
    q = "does silence remove gained abilities"
    assert [c.name for c in searcher.search(q, game="sorcery").cards] == ["Silence"]
    assert not any(sig.named for _key, sig in searcher.candidate_signals(q, "sorcery"))


def test_a_long_question_naming_a_card_still_ranks_the_records_naming_it(
        searcher: Searcher) -> None:
    """A long question spreads BM25F over its other words: the one record that rules on the
    card named (Sea Raider, in a changelog entry) ranked below the first 50 candidates and
    was never re-ranked. Records naming the card join the candidates, a bounded few."""
    from codex.search.searcher import CANDIDATES, NAMED_CANDIDATES

    q = "sea raider attacks and two minions defend and die, does its ability trigger twice"
    signals = searcher.candidate_signals(q, "sorcery")
    assert len(signals) <= CANDIDATES + NAMED_CANDIDATES
    named = [key for key, sig in signals if sig.named]
    assert named
    assert searcher.search(q, game="sorcery").hits[0].key in named


def test_a_games_title_phrase_mends_a_typo_in_that_game(searcher: Searcher) -> None:
    result = searcher.search("ready fase steps", game="sorcerer")
    assert result.searched == "ready phase steps"
    assert result.hits[0].key == "sorcerer:ready-phase"


def test_a_card_typo_that_is_one_edit_from_a_rules_word_is_listed_and_mended(searcher: Searcher,
                                                                          build_paths) -> None:  # noqa: ANN001
    """"tokn" is one edit from the card Town (a word as well) and from the rules word
    "token": the card is listed beside the results, the word searched is "token" (searched
    as typed, "tokn" found nothing)."""
    from codex.cards.catalog import import_cards

    catalog = build_paths.root / "cards-town.db"
    cards = build_paths.root / "town.json"
    cards.write_text(json.dumps([{"name": "Town", "guardian": {"type": "Site", "rulesText": ""},
                                  "sets": []}]))
    import_cards(cards, catalog)
    with Searcher.open(build_paths.index, catalog=catalog) as s:
        result = s.search("tokn banished", game="sorcery")
    assert "Town" in [c.name for c in result.cards]
    assert result.searched.split()[0] == "token"
    assert result.hits[0].key == "codex:token"


# -- a query naming the part of the book it wants (codex/search/kinds.py) ----------------
def test_naming_the_glossary_puts_its_line_first(searcher: Searcher) -> None:
    """"glossary lethal": the glossary's line on Lethal, not the Codex entry nor the
    glossary's own heading (which the word "glossary" alone would find)."""
    assert keys(searcher.search("glossary lethal", game="sorcery"))[0] == "rulebook:glossary:lethal"
    assert keys(searcher.search("lethal", game="sorcery"))[0] == "codex:lethal"


def test_naming_the_quick_reference_puts_its_line_first(searcher: Searcher) -> None:
    first = keys(searcher.search("lethal in the quick reference", game="sorcery"))[0]
    assert first.startswith("rulebook:quickref:")


def test_the_part_of_the_book_alone_is_its_heading(searcher: Searcher) -> None:
    """Nothing else asked: the query is about that part of the book."""
    assert keys(searcher.search("glossary", game="sorcery"))[0] == \
        "rulebook:glossary-of-terms-and-keywords"
    assert keys(searcher.search("quick reference", game="sorcery"))[0] == \
        "rulebook:quick-reference-guide"


def test_naming_the_part_keeps_it_first_across_every_game(searcher: Searcher) -> None:
    """The record moved takes the first one's score, so the merge of the games keeps it."""
    assert keys(searcher.search("glossary lethal"))[0] == "rulebook:glossary:lethal"


def test_kind_first_moves_only_a_record_among_the_first_few() -> None:
    from codex.search.kinds import WITHIN, asked_kinds, kind_first, part_of

    assert asked_kinds(["Glossary", "stronger"]) == (frozenset({"glossary", "term", "keyword"}), 1)
    assert asked_kinds(["quick", "reference", "page"])[1] == 2
    assert asked_kinds(["reference", "quick"]) == (frozenset(), 0)
    assert part_of("glossary:lethal") == "glossary" and part_of("setup") == ""
    ranked = [(n, 10.0 - n) for n in range(WITHIN + 5)]
    kind = {3: "term", WITHIN + 2: "term"}
    moved = kind_first(ranked, frozenset({"term"}), lambda n: kind.get(n, ""))
    assert moved[:4] == [(3, 10.0), (0, 10.0), (1, 9.0), (2, 8.0)]
    far = {WITHIN + 2: "term"}
    assert kind_first(ranked, frozenset({"term"}), lambda n: far.get(n, "")) == ranked
